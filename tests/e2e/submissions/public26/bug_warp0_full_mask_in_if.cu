// Warp 0 scans the 8 totals inside `if (lane < 8)`, still with the full mask,
// so that lanes 8..31 "do not waste a load".
//
// Expected: mask-honesty fails. Lanes 8..31 do not execute the shuffles that
// name them in 0xffffffff (Programming Guide, Warp Shuffle Functions: every
// non-exited lane named in the mask must execute the intrinsic). By the PTX
// ISA's shfl.sync rule lanes 0..7 wait for lanes 8..31, which wait at the
// next __syncthreads(): the block hangs, so barrier-honesty is not asserted
// (I first expected it to pass; the hang makes that wrong). Compare
// ok_totals_mask_ff.cu, which names 0xff there.
// e2e: day 26
// e2e: exit 1
// e2e: pass compile resources
// e2e: fail mask-honesty

__device__ int warpScan(int x)
{
    const int lane = threadIdx.x % 32;
    for (int d = 1; d < 32; d *= 2) {
        const int y = __shfl_up_sync(0xffffffffu, x, d);
        if (lane >= d) x += y;
    }
    return x;
}

__device__ int blockScan(int x)
{
    __shared__ int sums[8];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    x = warpScan(x);
    if (lane == 31) sums[warp] = x;
    __syncthreads();
    if (warp == 0 && lane < 8) sums[lane] = warpScan(sums[lane]);
    __syncthreads();
    return warp ? x + sums[warp - 1] : x;
}

__global__ void scanWarps(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = warpScan(i < n ? in[i] : 0);
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
