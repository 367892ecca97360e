// Attack: block 0 spins on a flag in global memory that the last block sets.
// On a GPU this may finish or hang depending on scheduling; the emulator's
// blocks run one after another, so block 0 never sees it: a runaway, with
// the same report every time.
// expect: exit 1
// expect: fails correctness
// expect: same-report 1 2 4
__device__ volatile int flag;

__global__ void reverseBlocks(const float* in, float* out, int n)
{
    if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) flag = 1;
    if (blockIdx.x == 0) while (flag == 0) { }
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i];
}
__global__ void blockSums(const float* in, float* partial, int n) {}
