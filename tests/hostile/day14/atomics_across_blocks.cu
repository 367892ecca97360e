// Attack: blocks race on one global atomic counter: each block takes a
// ticket and writes its sum to partial[ticket]. The order in which blocks
// run decides the rows, so a grader running blocks on several host threads
// gives a different report each time unless it fixes the order.
// expect: exit 1
// expect: fails correctness
// expect: same-report 1 2 4
constexpr int kBlock = 256;
__device__ unsigned int ticket;

__global__ void blockSums(const float* in, float* partial, int n)
{
    __shared__ float sums[kBlock];
    __shared__ unsigned int mine;
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    float sum = (i < n) ? in[i] : 0.0f;
    sums[t] = sum;
    if (t == 0) mine = atomicAdd(&ticket, 1u) % gridDim.x;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (t < half) { sum += sums[t + half]; sums[t] = sum; }
        __syncthreads();
    }
    if (t == 0) partial[mine] = sum;
}
__global__ void reverseBlocks(const float* in, float* out, int n) {}
