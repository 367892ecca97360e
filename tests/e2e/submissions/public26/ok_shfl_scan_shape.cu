// The shape of the cuda-samples shfl_scan kernel: a warp scan with
// __shfl_up_sync and `if (lane_id >= i) value += n`, the warp totals written
// by the last lane to a shared array, one warp scanning the totals, and the
// block's prefix added back. The exclusive kernel subtracts the element.
//
// Expected: every check passes. Every lane (also those past n, carrying 0)
// executes every shuffle with the full mask; a lane below the offset gets
// its own value back (Programming Guide, __shfl_up_sync: "the source lane
// index will not wrap around ... so the lower delta lanes will be
// unchanged") and does not add it. Every warp's lane 31 writes its slot, the
// barriers are outside every `if`, so warp 0 reads written slots only after
// the first barrier and the others read the scanned slots after the second.
// 32 bytes of shared memory.
// e2e: day 26
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

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
    if (warp_id > 0) value += sums[warp_id - 1];
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
