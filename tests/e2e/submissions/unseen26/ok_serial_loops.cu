// Slow but correct: no shuffles, no shared memory, no barriers. Each thread adds
// in[] from the first element of its warp (scanWarps) or block (the block
// scans) up to itself (exclusive: up to i - 1), reading only indices below n
// (every index it reads is <= i < n). Up to 256 loads a thread instead of one.
// Expected: every check passes.
//
// e2e: day 26
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

__global__ void scanWarps(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int s = 0;
    for (int j = i - i % 32; j <= i; ++j) s += in[j];
    out[i] = s;
}

__global__ void scanBlocks(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int s = 0;
    for (int j = blockIdx.x * blockDim.x; j <= i; ++j) s += in[j];
    out[i] = s;
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int s = 0;
    for (int j = blockIdx.x * blockDim.x; j < i; ++j) s += in[j];
    out[i] = s;
}
