// Written by a helper from day 81's README and template alone (6 December
// 2026): the README's plain flag store, one level down. Every cell that
// moved more than the tolerance stores 1 to a shared flag, a barrier, then
// one atomicAdd a block. Two plain stores of the value the word holds are
// not a race (shadow.c's stores_same); before this date line 21 was one.
// e2e: day 81
// e2e: exit 0
// e2e: pass compile races memory resources
__global__ void jacobiStep(const float* u, float* v, unsigned* changed, int width, int height,
                           float tol)
{
    __shared__ unsigned anyMoved;
    if (threadIdx.x == 0 && threadIdx.y == 0) anyMoved = 0;
    __syncthreads();
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x > 0 && y > 0 && x < width - 1 && y < height - 1) {
        int i = y * width + x;
        float nv = 0.25f * (u[i - 1] + u[i + 1] + u[i - width] + u[i + width]);
        v[i] = nv;
        if (fabsf(nv - u[i]) > tol) anyMoved = 1;
    }
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0 && anyMoved) atomicAdd(changed, 1u);
}
