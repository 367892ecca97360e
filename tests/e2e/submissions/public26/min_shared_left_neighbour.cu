// A second shape of the shared index -1 crash, where the lanes' addresses
// differ: every thread adds its left neighbour's staged element,
// s[threadIdx.x - 1], and thread 0 of every block reads s[-1] (the other
// lanes read inside the array). A stencil-style off-by-one.
//
// Expected: memory fails (thread 0's 4-byte shared read before 's'), exit 1.
// Correctness and resources fail too (scanWarps is not a scan here, and it
// declares shared memory), not asserted.
// e2e: day 26
// e2e: exit 1
// e2e: pass compile
// e2e: fail memory
__global__ void scanWarps(const int* in, int* out, int n)
{
    __shared__ int s[256];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    if (i < n) out[i] = s[threadIdx.x] + s[(int)threadIdx.x - 1];
}
__global__ void scanBlocks(const int* in, int* out, int n) { const int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = in[i]; }
__global__ void scanBlocksExclusive(const int* in, int* out, int n) { const int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = in[i]; }
