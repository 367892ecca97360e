// Blocks take tickets from one global counter and only blocks whose ticket is
// below their own index do their rows, so what is right depends on the order
// the blocks ran in. Such a kernel runs its blocks in index order whatever
// the host threads: the same report with 1, 2 or 4 threads.
// e2e: day 23
// e2e: exit 1
// e2e: fail correctness
// e2e: threads-invariant
// e2e: max-seconds 15
// e2e: max-mib 2048
#define reduceRowsButterfly reduceRowsButterfly_reference
// ---- solutions/day23-shuffles/shuffles.cu, pasted (a submission is one file: #include of another file is refused) ----
// Day 23, reference solution: warp shuffles.
//
// The input is a rows x stride matrix of which the first `live` columns of each
// row hold data; the rest is padding. Each kernel divides every live value by
// its row's sum: out[r*stride + c] = in[r*stride + c] / rowSum(r) for c < live.
// Padding columns are never read or written.
//
// One warp owns one row: lane c handles column c. With 256-thread blocks a
// block holds 8 warps, so 8 rows; the grid is rounded up, so the last warps of
// the last block may own no row at all.
//
// The honesty rule all three follow: every lane of the warp takes part in every
// collective (shuffle or __syncwarp) with the full mask, including lanes with no
// column and warps with no row. Those lanes carry 0, the identity of a sum, so
// they change nothing. Only the loads and the stores are guarded.

constexpr unsigned kFullMask = 0xffffffffu;
constexpr int kWarpSize = 32;
constexpr int kBlock = 256;

// The per-lane setup the three kernels share: which row this warp owns, which
// column this lane owns, and whether that (row, column) is a live element.
struct RowLane {
    size_t index;  // r * stride + c, in size_t so that big matrices cannot overflow
    bool live;     // this lane has a real element to read and write
};

__device__ RowLane rowLane(int rows, int live, int stride)
{
    const int lane = threadIdx.x % kWarpSize;
    const int row = (int)((blockIdx.x * blockDim.x + threadIdx.x) / kWarpSize);
    RowLane rl;
    rl.index = (size_t)row * (size_t)stride + (size_t)lane;
    rl.live = row < rows && lane < live;
    return rl;
}

// Version 1: the row sum through shared memory. Each warp has its own 32-float
// slice of the block's array; no other warp touches it, so __syncwarp() (a
// barrier for one warp) is enough, and no __syncthreads() is needed.
__global__ void reduceRowsShared(const float* in, float* out, int rows, int live,
                                 int stride)
{
    __shared__ float sums[kBlock];

    const RowLane rl = rowLane(rows, live, stride);
    const int lane = threadIdx.x % kWarpSize;
    float* mine = sums + (threadIdx.x - lane);  // this warp's 32 slots

    const float value = rl.live ? in[rl.index] : 0.0f;
    float sum = value;
    mine[lane] = sum;

    // Lanes of one warp do not run in lockstep (each has its own program
    // counter since Volta), so a read of another lane's slot needs a
    // __syncwarp() after that lane's write, and a write needs one after the
    // reads of the slot it overwrites. Every lane reaches every __syncwarp():
    // the `if` closes before it.
    __syncwarp(kFullMask);
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
        if (lane < offset) {
            sum += mine[lane + offset];
            mine[lane] = sum;
        }
        __syncwarp(kFullMask);
    }
    // Slot 0 holds the row's sum, and the last __syncwarp() made it visible.
    const float rowSum = mine[0];

    if (rl.live) out[rl.index] = value / rowSum;
}

// Version 2: the down-shuffle ladder. At offset 16 lane L adds lane L+16's
// value; lanes 16..31 ask for lanes 32..47, which do not exist, and keep their
// own value (a defined result, not a hazard). After five steps lane 0 holds the
// total; the other lanes hold sums of parts of the row, of no use here. One
// more shuffle copies lane 0's register to all 32.
__global__ void reduceRowsPadded(const float* in, float* out, int rows, int live,
                                 int stride)
{
    const RowLane rl = rowLane(rows, live, stride);

    // Identity padding: a lane with no column carries 0 into the ladder.
    const float value = rl.live ? in[rl.index] : 0.0f;

    float sum = value;
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2)
        sum += __shfl_down_sync(kFullMask, sum, offset);

    const float rowSum = __shfl_sync(kFullMask, sum, 0);

    if (rl.live) out[rl.index] = value / rowSum;
}

// Version 3: the xor butterfly. At each step lane L exchanges with lane
// L ^ offset, and both add what they received, so after the same five steps
// every lane holds the total and no broadcast is needed. The additions happen
// in the same order as the ladder's, so lane 0's result is bit-identical.
__global__ void reduceRowsButterfly(const float* in, float* out, int rows, int live,
                                    int stride)
{
    const RowLane rl = rowLane(rows, live, stride);

    const float value = rl.live ? in[rl.index] : 0.0f;

    float rowSum = value;
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2)
        rowSum += __shfl_xor_sync(kFullMask, rowSum, offset);

    if (rl.live) out[rl.index] = value / rowSum;
}
// ---- end of the pasted reference ----
#undef reduceRowsButterfly

__device__ unsigned tickets;

__global__ void reduceRowsButterfly(const float* in, float* out, int rows, int live, int stride)
{
    __shared__ unsigned ticket;
    if (threadIdx.x == 0) ticket = atomicAdd(&tickets, 1u) % gridDim.x;
    __syncthreads();
    if (ticket > blockIdx.x) return;
    const RowLane rl = rowLane(rows, live, stride);
    float value = rl.live ? in[rl.index] : 0.0f;
    float sum = value;
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2)
        sum += __shfl_xor_sync(kFullMask, sum, offset);
    if (rl.live) out[rl.index] = value / sum;
}
