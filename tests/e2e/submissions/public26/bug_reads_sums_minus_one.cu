// The offset of warp w written branch-free, `value += warp_id > 0 ?
// sums[warp_id - 1] : sums[warp_id - 1] * 0`, so that every warp "does the
// same work": warp 0 reads sums[-1] and multiplies it by 0.
//
// Expected: memory fails. For warp 0 the expression reads sums[-1], the word
// before the shared array (out of its bounds), even though the value is
// thrown away: C++ evaluates the operand of the selected branch, and here
// both branches read the same out-of-range element for warp 0. The result is
// right (anything times 0 is 0), so correctness is not asserted; an
// out-of-bounds shared read is undefined whatever is done with it.
// e2e: day 26
// e2e: exit 1
// e2e: pass compile mask-honesty barrier-honesty resources
// e2e: fail memory

__device__ int warpScan(int value)
{
    const int lane_id = threadIdx.x % 32;
#pragma unroll
    for (int i = 1; i <= 16; i *= 2) {
        const int n = __shfl_up_sync(0xffffffff, value, i, 32);
        if (lane_id >= i) value += n;
    }
    return value;
}

__device__ int blockScan(int value)
{
    __shared__ int sums[8];
    const int lane_id = threadIdx.x % 32, warp_id = threadIdx.x / 32;
    value = warpScan(value);
    if (lane_id == 31) sums[warp_id] = value;
    __syncthreads();
    if (warp_id == 0) {
        int warp_sum = lane_id < 8 ? sums[lane_id] : 0;
        warp_sum = warpScan(warp_sum);
        if (lane_id < 8) sums[lane_id] = warp_sum;
    }
    __syncthreads();
    value += warp_id > 0 ? sums[warp_id - 1] : sums[warp_id - 1] * 0;
    return value;
}

__global__ void scanWarps(const int* in, int* out, int n)
{
    const int id = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = warpScan(id < n ? in[id] : 0);
    if (id < n) out[id] = s;
}

__global__ void scanBlocks(const int* in, int* out, int n)
{
    const int id = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = blockScan(id < n ? in[id] : 0);
    if (id < n) out[id] = s;
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    const int id = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = id < n ? in[id] : 0;
    const int s = blockScan(x);
    if (id < n) out[id] = s - x;
}
