// Day 24, reference solution: warp votes.
//
// The input is a rows x stride matrix of which the first `live` columns of each
// row hold data; the rest is padding, never read. One warp owns one row and
// lane c handles column c, as on day 23: 256 threads a block, 8 rows a block,
// and the grid rounded up, so the last warps of the last block may own no row.
//
// A vote asks the 32 lanes of a warp one yes-or-no question each and hands
// every lane the answer: __any_sync (did any lane say yes?), __all_sync (did
// every lane?), __ballot_sync (which lanes did, one bit each). The honesty rule
// is day 23's: every lane takes part in every vote with the full mask, and a
// lane with no data carries the vote's identity, the answer that changes
// nothing: false for "any" and for a ballot, true for "all". Only loads and
// stores are guarded.

constexpr unsigned kFullMask = 0xffffffffu;
constexpr int kWarpSize = 32;
constexpr int kWarpsPerBlock = 256 / kWarpSize;

// Which row this warp owns, which column this lane owns, and whether that
// element is live.
struct RowLane {
    int lane;
    int row;
    size_t index;  // row * stride + lane, in size_t so big matrices cannot overflow
    bool live;     // this lane has a real element to read
};

__device__ RowLane rowLane(int rows, int live, int stride)
{
    RowLane rl;
    rl.lane = (int)(threadIdx.x % kWarpSize);
    rl.row = (int)((blockIdx.x * blockDim.x + threadIdx.x) / kWarpSize);
    rl.index = (size_t)rl.row * (size_t)stride + (size_t)rl.lane;
    rl.live = rl.row < rows && rl.lane < live;
    return rl;
}

// blockCount[b] = how many of block b's rows hold at least one negative live
// value. Two votes: __any_sync inside each warp answers "does my row hold a
// negative?", then warp 0 counts the eight answers with a ballot and __popc.
__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live,
                                  int stride)
{
    __shared__ int rowHasNegative[kWarpsPerBlock];

    const RowLane rl = rowLane(rows, live, stride);
    const int warp = (int)(threadIdx.x / kWarpSize);

    // A lane with no element answers "no": false, the identity of "any".
    const bool negative = rl.live && in[rl.index] < 0.0f;
    const bool rowNegative = __any_sync(kFullMask, negative);

    // Every lane holds the answer; one writes it for the block. A warp with no
    // row writes false, so warp 0 never reads a slot nobody wrote.
    if (rl.lane == 0) rowHasNegative[warp] = rowNegative ? 1 : 0;
    __syncthreads();

    if (warp == 0) {  // the whole of warp 0, so the full mask is honest here
        // Lanes 0..7 carry the eight rows' answers, lanes 8..31 carry false.
        const bool yes = rl.lane < kWarpsPerBlock && rowHasNegative[rl.lane] != 0;
        const unsigned yesLanes = __ballot_sync(kFullMask, yes);
        if (rl.lane == 0) blockCount[blockIdx.x] = __popc(yesLanes);
    }
}

// flag[r] = 1 when every live value of row r is at most `limit`, else 0.
__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride,
                             float limit)
{
    const RowLane rl = rowLane(rows, live, stride);

    // A lane with no element answers "yes": true, the identity of "all". Had
    // it answered false, every row with padding would fail.
    const bool below = !rl.live || in[rl.index] <= limit;
    const bool allBelow = __all_sync(kFullMask, below);

    if (rl.row < rows && rl.lane == 0) flag[rl.row] = allBelow ? 1 : 0;
}

// For each row r, the columns c < live whose value is at least `threshold`, in
// increasing order, go to kept[r*stride + 0 .. k-1], and k to keptCount[r].
// kept[r*stride + k ..] is left alone.
__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const RowLane rl = rowLane(rows, live, stride);

    // A lane with no element keeps nothing: false, so its bit stays 0.
    const bool keep = rl.live && in[rl.index] >= threshold;
    const unsigned keepLanes = __ballot_sync(kFullMask, keep);

    // A kept lane's place in the row is the number of kept lanes below it:
    // the bits of the ballot under this lane's own bit. (1u << lane) - 1 is
    // the mask of lanes 0..lane-1, PTX's %lanemask_lt.
    const unsigned lanesBelow = (1u << rl.lane) - 1u;
    const int place = __popc(keepLanes & lanesBelow);
    const size_t rowStart = (size_t)rl.row * (size_t)stride;

    if (keep) kept[rowStart + (size_t)place] = rl.lane;
    if (rl.row < rows && rl.lane == 0) keptCount[rl.row] = (unsigned)__popc(keepLanes);
}
