// Golden: the order a warp-level synchronisation gives the lanes it names.
// A bar.warp.sync (__syncwarp, a tile's sync()) or a *_sync collective
// whose mask names both lanes orders what one lane did before it with what
// the other does after it (PTX ISA, "bar.warp.sync": memory ordering among
// the participating threads); without one, a read by one lane and a write
// by another of the same shared word race. Each form both ways.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// case: a read before and a write after __syncwarp(), by two lanes: ordered
// kernel: pairSwap
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: no hazards
// expect: out[0..31] = 1 1 5 5 9 9 13 13 17 17 21 21 25 25 29 29 33 33 37 37 41 41 45 45 49 49 53 53 57 57 61 61
__global__ void pairSwap(int* out)
{
    __shared__ int s[32];
    int lane = threadIdx.x;
    s[lane] = lane;
    __syncwarp();
    int v = s[lane ^ 1];
    __syncwarp();
    s[lane] += v;
    __syncwarp();
    out[lane] = s[lane];
}

// case: the same without the middle __syncwarp(): lane 1's write races with lane 0's read
// gpu: differs, a race: the order is the hardware's
// kernel: pairSwapRace
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: hazard races kind RACE_WARP line @swapWrite line2 @swapRead
__global__ void pairSwapRace(int* out)
{
    __shared__ int s[32];
    int lane = threadIdx.x;
    s[lane] = lane;
    __syncwarp();
    int v = s[lane ^ 1];  // @swapRead
    s[lane] += v;  // @swapWrite
    __syncwarp();
    out[lane] = s[lane];
}

// case: the warp-synchronous butterfly with __syncwarp() between its steps: ordered
// kernel: butterfly
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: no hazards
// expect: out[0..31] = 496
__global__ void butterfly(int* out)
{
    __shared__ int s[32];
    int tid = threadIdx.x;
    s[tid] = tid;
    __syncwarp();
    for (int k = 1; k < 32; k *= 2) {
        int t = s[tid ^ k];
        __syncwarp();
        s[tid] += t;
        __syncwarp();
    }
    out[tid] = s[tid];
}

// case: a tile's sync() in place of __syncwarp(): ordered
// kernel: pairSwapTile
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: no hazards
// expect: out[0..31] = 1 1 5 5 9 9 13 13 17 17 21 21 25 25 29 29 33 33 37 37 41 41 45 45 49 49 53 53 57 57 61 61
__global__ void pairSwapTile(int* out)
{
    __shared__ int s[32];
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    int lane = tile.thread_rank();
    s[lane] = lane;
    tile.sync();
    int v = s[lane ^ 1];
    tile.sync();
    s[lane] += v;
    tile.sync();
    out[lane] = s[lane];
}

// case: a __ballot_sync naming every lane in place of __syncwarp(): ordered
// kernel: pairSwapBallot
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: no hazards
// expect: out[0..31] = 1 1 5 5 9 9 13 13 17 17 21 21 25 25 29 29 33 33 37 37 41 41 45 45 49 49 53 53 57 57 61 61
__global__ void pairSwapBallot(int* out)
{
    __shared__ int s[32];
    int lane = threadIdx.x;
    s[lane] = lane;
    __syncwarp();
    int v = s[lane ^ 1];
    unsigned any = __ballot_sync(0xffffffffu, v >= 0);
    s[lane] += v + (any == 0xffffffffu ? 0 : 1000);
    __syncwarp();
    out[lane] = s[lane];
}

// case: a __syncwarp() whose mask names only the lower half orders nothing for the upper half
// gpu: differs, a race: the order is the hardware's
// kernel: halfMaskRace
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: hazard races kind RACE_WARP line @halfWrite line2 @halfRead
__global__ void halfMaskRace(int* out)
{
    __shared__ int s[32];
    int lane = threadIdx.x;
    s[lane] = lane;
    __syncwarp();
    int v = s[lane ^ 1];  // @halfRead
    if (lane < 16) __syncwarp(0x0000ffffu);
    s[lane] += v;  // @halfWrite
    __syncwarp();
    out[lane] = s[lane];
}
