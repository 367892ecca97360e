// The smallest form of public26/bug_reads_sums_minus_one.cu: warp w adds
// s[w - 1] to its elements, so warp 0 reads s[-1], the word before a
// 32-byte shared array, with every lane at one address (the warp-uniform
// fast path). The block scans only copy (they are not what this case is
// about; correctness fails by design).
//
// Expected: memory fails (a 4-byte shared read out of bounds of 's'), exit 1.
// The PTX is ld.shared.u32 [%r + -4] with %r the array's address.
// e2e: day 26
// e2e: exit 1
// e2e: pass compile
// e2e: fail memory
// e2e: output shared byte -4 is out of bounds: it starts 4 bytes before the start
__global__ void scanWarps(const int* in, int* out, int n)
{
    __shared__ int s[8];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x % 8] = 0;
    __syncthreads();
    const int w = threadIdx.x / 32;
    if (i < n) out[i] = in[i] + s[w - 1];
}
__global__ void scanBlocks(const int* in, int* out, int n) { const int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = in[i]; }
__global__ void scanBlocksExclusive(const int* in, int* out, int n) { const int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = in[i]; }
