// Golden: what an ordinary launch (the only kind the course makes) cannot
// give a kernel, each said in words: grid-wide sync, dynamic shared memory
// the launch did not size, a null pointer; and WARP_SZ (warpSize).
#include <cassert>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// case: warpSize reads as 32 (PTX's WARP_SZ)
// kernel: warp_size
// launch: grid 1 block 64
// buffer: in f32 64 = 1
// buffer: out f32 4 = 0
// params: in out
// expect: out[0..3] = list 32 32 0 0
// expect: no hazards
__global__ void warp_size(const float* in, float* out)
{
    int lane = threadIdx.x % warpSize;
    float v = in[threadIdx.x];
    for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
    if (lane == 0) out[threadIdx.x / warpSize] = v;
}

// case: this_grid().sync() without a cooperative launch traps, and says why
// kernel: grid_sync
// launch: grid 2 block 32
// buffer: in f32 64 = 1
// buffer: out f32 64 = 0
// params: in out
// expect: status trapped
// expect: message "grid-wide sync needs a cooperative launch"
// expect: hazard correctness kind TRAP line @sync
__global__ void grid_sync(const float* in, float* out)
{
    cg::grid_group g = cg::this_grid();
    out[g.thread_rank()] = in[g.thread_rank()];
    g.sync(); // @sync
}

// case: extern __shared__ with no dynamic shared bytes in the launch
// kernel: dynamic_shared
// launch: grid 1 block 32
// buffer: in f32 32 = 1
// buffer: out f32 32 = 0
// params: in out
// expect: message "uses dynamic shared memory (extern __shared__), and this day launches it with 0 bytes"
__global__ void dynamic_shared(const float* in, float* out)
{
    extern __shared__ float s[];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[31 - threadIdx.x];
}

// case: the same kernel given 128 bytes of dynamic shared memory is right
// kernel: dynamic_shared
// launch: grid 1 block 32 shared 128
// buffer: in f32 32 = iota*1+0
// buffer: out f32 32 = 0
// params: in out
// expect: out[0..3] = list 31 30 29 28
// expect: no hazards

// case: a null pointer is named as one
// kernel: null_store
// launch: grid 1 block 1
// buffer: out f32 1 = 0
// params: out
// expect: message "dereferences a null pointer"
__global__ void null_store(float* out)
{
    float* p = nullptr;
    asm volatile("" : "+l"(p));
    *p = out[0];
}

// case: a failed assert() stops the kernel with its expression
// kernel: asserts
// launch: grid 1 block 32
// buffer: in f32 32 = iota*1-3
// buffer: out f32 32 = 0
// params: in out
// expect: status trapped
// expect: message "assert(in[threadIdx.x] >= 0.f) failed at line"
__global__ void asserts(const float* in, float* out)
{
    assert(in[threadIdx.x] >= 0.f);
    out[threadIdx.x] = in[threadIdx.x];
}
