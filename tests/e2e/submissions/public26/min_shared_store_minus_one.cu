// The shared index -1 crash on a store: lane 0 of warp w writes s[w - 1], so
// warp 0 stores 4 bytes before the shared array.
//
// Expected: memory fails (a 4-byte shared write out of bounds of 's'), exit 1.
// Correctness and resources fail too (scanWarps is not a scan here and may
// use no shared memory), not asserted.
// e2e: day 26
// e2e: exit 1
// e2e: pass compile
// e2e: fail memory
__global__ void scanWarps(const int* in, int* out, int n)
{
    __shared__ int s[8];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int w = threadIdx.x / 32;
    if (threadIdx.x % 32 == 0) s[w - 1] = 1;
    __syncthreads();
    if (i < n) out[i] = in[i] + s[0];
}
__global__ void scanBlocks(const int* in, int* out, int n) { const int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = in[i]; }
__global__ void scanBlocksExclusive(const int* in, int* out, int n) { const int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = in[i]; }
