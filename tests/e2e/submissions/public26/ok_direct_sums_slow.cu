// Slow but correct, no communication at all: each thread adds up the inputs
// from the start of its warp (or block) to itself, straight from global
// memory. 16 loads a thread on average for the warp scan, 128 for the block
// scans, where one would do.
//
// Expected: every check passes. Integer addition is exact, so any order gives
// the reference's sums; reads stop at i < n, so nothing past the end is
// touched. No shuffle, no shared memory, no barrier. The work per block
// (at most 256 iterations a thread) is well under 32 times a warp-shuffle
// block scan and under the 65,536-warp-instruction floor.
// e2e: day 26
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

__device__ int sumFrom(const int* in, int first, int i)
{
    int s = 0;
    for (int k = first; k <= i; ++k) s += in[k];
    return s;
}

__global__ void scanWarps(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = sumFrom(in, i - i % 32, i);
}

__global__ void scanBlocks(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = sumFrom(in, blockIdx.x * blockDim.x, i);
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = sumFrom(in, blockIdx.x * blockDim.x, i - 1);
}
