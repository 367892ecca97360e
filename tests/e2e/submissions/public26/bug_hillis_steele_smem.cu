// The block scans as the double-buffered Hillis-Steele scan of GPU Gems 3
// ch. 39 / many "100 days" day-N scans: two shared arrays of 256 ints,
// log2(256) = 8 steps with a barrier each. Correct, and 2,048 bytes of shared
// memory. scanWarps is the shuffle scan.
//
// Expected: resources fails, every other check passes. The day allows at most
// 256 bytes of shared memory in the block scans. The scan itself is right:
// each step reads buffer `in` and writes buffer `out`, a barrier between
// steps, every thread (past n with 0) runs every step.
// e2e: day 26
// e2e: exit 1
// e2e: pass compile correctness mask-honesty barrier-honesty races memory
// e2e: fail resources

__global__ void scanWarps(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x % 32;
    int x = i < n ? in[i] : 0;
    for (int d = 1; d < 32; d *= 2) {
        const int y = __shfl_up_sync(0xffffffffu, x, d);
        if (lane >= d) x += y;
    }
    if (i < n) out[i] = x;
}

__device__ int hillisSteele(int x)
{
    __shared__ int buf[2][256];
    const int t = threadIdx.x;
    int cur = 0;
    buf[cur][t] = x;
    __syncthreads();
    for (int d = 1; d < 256; d *= 2) {
        const int v = t >= d ? buf[cur][t] + buf[cur][t - d] : buf[cur][t];
        buf[1 - cur][t] = v;
        cur = 1 - cur;
        __syncthreads();
    }
    return buf[cur][t];
}

__global__ void scanBlocks(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = hillisSteele(i < n ? in[i] : 0);
    if (i < n) out[i] = s;
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = i < n ? in[i] : 0;
    const int s = hillisSteele(x);
    if (i < n) out[i] = s - x;
}
