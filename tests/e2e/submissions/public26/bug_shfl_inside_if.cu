// The shuffle moved inside the lane test: `if (lane >= d) x +=
// __shfl_up_sync(0xffffffff, x, d);`, a one-liner seen in many repositories.
//
// Expected: mask-honesty fails. At step d the lanes below d do not execute the
// shuffle, yet the full mask names them (Programming Guide, Warp Shuffle
// Functions: all non-exited threads named in mask must execute the same
// intrinsic, else the result is undefined); lane d also reads lane 0, which
// did not take part. In the block scans it is worse: the PTX ISA says
// shfl.sync waits until every non-exited lane of membermask has executed it,
// and lane 0 never does (it goes on to the __syncthreads()), so the block
// hangs; a checker may report that as a barrier that never completes, so
// barrier-honesty is not asserted (I first expected it to pass: wrong, the
// hang is the ISA's). Correctness is not asserted either.
// e2e: day 26
// e2e: exit 1
// e2e: pass compile resources
// e2e: fail mask-honesty

__device__ int warpScan(int x, int lane)
{
    for (int d = 1; d < 32; d *= 2)
        if (lane >= d) x += __shfl_up_sync(0xffffffffu, x, d);
    return x;
}

__device__ int blockScan(int x)
{
    __shared__ int sums[8];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    x = warpScan(x, lane);
    if (lane == 31) sums[warp] = x;
    __syncthreads();
    if (warp == 0) {
        const int t = warpScan(lane < 8 ? sums[lane] : 0, lane);
        if (lane < 8) sums[lane] = t;
    }
    __syncthreads();
    return warp ? x + sums[warp - 1] : x;
}

__global__ void scanWarps(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = warpScan(i < n ? in[i] : 0, threadIdx.x % 32);
    if (i < n) out[i] = s;
}

__global__ void scanBlocks(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = blockScan(i < n ? in[i] : 0);
    if (i < n) out[i] = s;
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = i < n ? in[i] : 0;
    const int s = blockScan(x);
    if (i < n) out[i] = s - x;
}
