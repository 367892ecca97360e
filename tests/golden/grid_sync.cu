// Golden: cooperative launches (`launch: ... cooperative`), where cooperative
// groups' this_grid().sync() is a barrier across every block of the grid
// (grader/sim/gridsync.c); and the ways a grid sync goes wrong, each a
// barrier-honesty hazard in words. launch.cu holds the ordinary launch, where
// the same sync traps.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// case: a one-kernel sum: each block's partial, a grid sync, block 0 adds them
// kernel: grid_sum
// launch: grid 8 block 64 cooperative
// buffer: in f32 512 = iota*1+0
// buffer: partial f32 8 = 0
// buffer: out f32 1 = 0
// params: in partial out 512
// expect: out[0] = 130816
// expect: partial[0..7] = list 2016 6112 10208 14304 18400 22496 26592 30688
// expect: no hazards
__global__ void grid_sum(const float* in, float* partial, float* out, int n)
{
    cg::grid_group grid = cg::this_grid();
    __shared__ float s[64];
    float v = 0;
    for (int i = grid.thread_rank(); i < n; i += grid.size()) v += in[i];
    s[threadIdx.x] = v;
    __syncthreads();
    for (int k = 32; k > 0; k >>= 1) {
        if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
    grid.sync();
    if (grid.thread_rank() == 0) {
        float t = 0;
        for (int b = 0; b < (int)gridDim.x; ++b) t += partial[b];
        out[0] = t;
    }
}

// case: three phases: every block reads its neighbour's word after each of two grid syncs
// kernel: grid_rotate
// launch: grid 6 block 32 cooperative
// buffer: a u32 6 = iota*1+10
// buffer: b u32 6 = 0
// params: a b
// expect: a[0..5] = list 12 13 14 15 10 11
// expect: b[0..5] = list 11 12 13 14 15 10
// expect: no hazards
__global__ void grid_rotate(unsigned* a, unsigned* b)
{
    cg::grid_group grid = cg::this_grid();
    unsigned n = gridDim.x, me = blockIdx.x;
    if (threadIdx.x == 0) b[me] = a[(me + 1) % n];
    grid.sync();
    unsigned v = b[(me + 1) % n];
    grid.sync();
    if (threadIdx.x == 0) a[me] = v;
}

// case: a 2-D grid of blocks meets at the sync too
// kernel: grid_2d
// launch: grid 3,2 block 32 cooperative
// buffer: flag u32 6 = 0
// buffer: out u32 6 = 0
// params: flag out
// expect: out[0..5] = 6
// expect: no hazards
__global__ void grid_2d(unsigned* flag, unsigned* out)
{
    cg::grid_group grid = cg::this_grid();
    unsigned b = blockIdx.y * gridDim.x + blockIdx.x;
    if (threadIdx.x == 0) flag[b] = 1;
    grid.sync();
    if (threadIdx.x == 0) {
        unsigned t = 0;
        for (unsigned i = 0; i < gridDim.x * gridDim.y; ++i) t += flag[i];
        out[b] = t;
    }
}

// case: a block that returns before the grid sync: the others wait forever
// kernel: early_return
// launch: grid 8 block 64 cooperative
// buffer: partial f32 8 = 0
// buffer: out f32 1 = 0
// params: partial out
// expect: status deadlocked
// expect: hazard barrier-honesty kind GRID_SYNC line @sync1
// expect: message "block 3 returned (line 94) before the grid-wide sync at line 96 that blocks 0 to 2, 4 to 7 wait at"
// expect: advice "do not return before the grid.sync() at line 96"
__global__ void early_return(float* partial, float* out)
{
    cg::grid_group grid = cg::this_grid();
    if (blockIdx.x == 3) return; // @ret1
    if (threadIdx.x == 0) partial[blockIdx.x] = 1.0f;
    grid.sync(); // @sync1
    if (grid.thread_rank() == 0) out[0] = partial[0];
}

// case: block 0 syncs once more than the others, which have returned
// kernel: extra_sync
// launch: grid 4 block 32 cooperative
// buffer: out u32 4 = 0
// params: out
// expect: status deadlocked
// expect: hazard barrier-honesty kind GRID_SYNC line @sync2
// expect: message "before the grid-wide sync at line 114 that block 0 waits at"
__global__ void extra_sync(unsigned* out)
{
    cg::grid_group grid = cg::this_grid();
    if (threadIdx.x == 0) out[blockIdx.x] = 1;
    grid.sync();
    if (blockIdx.x == 0) {
        grid.sync(); // @sync2
        if (threadIdx.x == 0) out[0] = 2;
    }
}

// case: a grid sync under a condition that splits warps
// kernel: diverged_sync
// launch: grid 2 block 64 cooperative
// buffer: out u32 128 = 0
// params: out
// expect: hazards 1
// expect: hazard barrier-honesty line @sync3
// expect: advice "without reaching the grid.sync() at line 131 (a return, or an if around the barrier"
__global__ void diverged_sync(unsigned* out)
{
    cg::grid_group grid = cg::this_grid();
    out[grid.thread_rank()] = 1;
    if (threadIdx.x % 2 == 0) grid.sync(); // @sync3
    out[grid.thread_rank()] = 2;
}

// case: blocks that wait for each other's flags, never set: no block returned
// kernel: wait_each_other
// launch: grid 2 block 32 cooperative
// buffer: flag u32 2 = 0
// params: flag
// expect: status deadlocked
// expect: hazard barrier-honesty kind GRID_SYNC line @spin
// expect: message "the blocks of the cooperative launch wait for each other forever (blocks 0, 1 wait; block 0 at line"
__global__ void wait_each_other(unsigned* flag)
{
    volatile unsigned* f = flag;
    if (threadIdx.x == 0)
        while (f[1 - blockIdx.x] == 0) { } // @spin
    __syncthreads();
}

// case: more blocks than the emulator holds resident at once is refused in words
// kernel: grid_sum
// gpu: none, the driver refuses a cooperative launch of 5,000 blocks (CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE on the H100)
// launch: grid 5000 block 64 cooperative
// buffer: in f32 512 = 1
// buffer: partial f32 5000 = 0
// buffer: out f32 1 = 0
// params: in partial out 512
// expect: message "a cooperative launch of 5,000 blocks: the emulator holds at most 4,096 blocks resident at once"

// case: every thread of block 0 spins on a volatile flag that block 1 sets: the block waits, it is not a runaway
// kernel: all_spin
// launch: grid 2 block 64 cooperative
// buffer: flag u32 2 = 0
// buffer: out u32 128 = 0
// params: flag out
// expect: out[0..127] = 5
// expect: no hazards
__global__ void all_spin(unsigned* flag, unsigned* out)
{
    volatile unsigned* f = flag;
    unsigned v = 5;
    if (blockIdx.x == 1) {
        if (threadIdx.x == 0) f[1] = 5;
    } else {
        while ((v = f[1]) == 0) { }
    }
    out[blockIdx.x * 64 + threadIdx.x] = v;
}

// case: every thread of every block spins on a flag nobody sets
// kernel: all_spin_forever
// gpu: none, it never ends on a GPU either: the launch hangs until the watchdog stops it
// launch: grid 3 block 64 cooperative
// buffer: flag u32 1 = 0
// params: flag
// expect: status deadlocked
// expect: hazard barrier-honesty kind GRID_SYNC line @spinall
// expect: message "the blocks of the cooperative launch wait for each other forever (blocks 0 to 2 wait; block 0 at line"
__global__ void all_spin_forever(unsigned* flag)
{
    volatile unsigned* f = flag;
    while (f[0] == 0) { } // @spinall
}
