// Day 81: the reference solution. One sweep of Jacobi iteration for heat
// diffusion: every inside cell of the plate becomes the mean of its four
// neighbours. The day's program launches it again and again, u and v
// trading places after each sweep, until a sweep moves no cell by more than
// tol (changed stays 0).

__global__ void jacobiStep(const float* u, float* v, unsigned* changed, int width, int height,
                           float tol)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    // the edges are held; threads past the plate have no cell
    if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) return;
    const int i = y * width + x;
    const float old = u[i];
    const float next = 0.25f * ((u[i - 1] + u[i + 1]) + (u[i - width] + u[i + width]));
    v[i] = next;
    // one atomic a cell that still moves: few, once the plate settles
    if (fabsf(next - old) > tol) atomicAdd(changed, 1u);
}
