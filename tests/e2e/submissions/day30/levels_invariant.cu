// The reference's three levels as a student's file: the program's report is
// the same from a warm cache as from an empty one (the reference's outputs
// come from the cache, keyed by the program's stages) and with 1, 2 or 4
// emulator threads.
// e2e: day 30
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources
// e2e: kernel scan present=true passed=true
// e2e: kernel scanBlocks present=true passed=true
// e2e: cache-invariant
// e2e: threads-invariant
#define BLOCK 256
#define WARPS (BLOCK / 32)

// The inclusive scan of v over the block, one value a thread; *total gets
// the block's sum. Every thread of the block must call it (it has barriers
// and full-warp shuffles).
__device__ float blockScan(float v, float* total)
{
    __shared__ float warpTotals[WARPS];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    // each warp: five shuffle steps; lanes below d keep their value
    for (int d = 1; d < 32; d <<= 1) {
        const float up = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d) v += up;
    }
    if (lane == 31) warpTotals[warp] = v;
    __syncthreads();
    // warp 0 scans the eight warp totals (lanes 8..31 carry 0)
    if (warp == 0) {
        float t = lane < WARPS ? warpTotals[lane] : 0.0f;
        for (int d = 1; d < WARPS; d <<= 1) {
            const float up = __shfl_up_sync(0xffffffffu, t, d);
            if (lane >= d) t += up;
        }
        if (lane < WARPS) warpTotals[lane] = t;
    }
    __syncthreads();
    if (warp > 0) v += warpTotals[warp - 1];
    *total = warpTotals[WARPS - 1];
    return v;
}

__global__ void scanBlocks(const float* in, float* out, float* blockSums, int n)
{
    const int i = blockIdx.x * BLOCK + threadIdx.x;
    float total;
    const float v = blockScan(i < n ? in[i] : 0.0f, &total);
    if (i < n) out[i] = v;
    if (threadIdx.x == 0) blockSums[blockIdx.x] = total;
}

__global__ void scanBlockSums(float* blockSums, int m)
{
    const int i = threadIdx.x;
    float total;
    const float v = blockScan(i < m ? blockSums[i] : 0.0f, &total);
    if (i < m) blockSums[i] = v;
}

__global__ void addBlockSums(float* out, const float* blockSums, int n)
{
    const int i = blockIdx.x * BLOCK + threadIdx.x;
    if (blockIdx.x > 0 && i < n) out[i] += blockSums[blockIdx.x - 1];
}
