// Golden: printf, trap, the instruction budget, integer division by zero,
// device-function calls, global atomics, 2-D grids. Built for sm_80: the
// packed conversions of two f32 (cvt.rn.f16x2.f32, .bf16x2) need it, and
// the emulator refuses them in a module for an older GPU, as ptxas does.
// arch: sm_80
#include <cstdio>
#include <cassert>

// case: printf with block and thread
// kernel: hello
// gpu: none, a case without buffers: what it shows is its printf, which a GPU record does not hold
// launch: grid 2 block 4
// params: 7
// expect: printf "[block (1,0,0) thread (2,0,0)] hello 7 from 2 of block 1: 1.500 str 0x2a -3"
// expect: no hazards
__global__ void hello(int n)
{
    printf("hello %d from %u of block %u: %.3f %s 0x%x %lld\n", n, threadIdx.x, blockIdx.x, 1.5f, "str", 42, -3ll);
}

// case: a trap stops the kernel
// kernel: trapper
// launch: grid 4 block 32
// buffer: out s32 128 = 0
// params: out
// expect: status trapped
// expect: counters vary
// expect: hazard correctness kind TRAP line @trap block 1
__global__ void trapper(int* out)
{
    out[blockIdx.x * 32 + threadIdx.x] = 1;
    if (blockIdx.x == 1 && threadIdx.x == 3) __trap();  // @trap
}

// case: an endless loop runs out of its budget
// kernel: forever
// launch: grid 2 block 32
// buffer: flag s32 1 = 0
// params: flag
// budget: 100000
// expect: status budget exhausted
// expect: counters vary
// expect: hazard correctness kind BUDGET line @spin block 0
__global__ void forever(volatile int* flag)
{
    while (*flag == 0) { }  // @spin
}

// case: integer division by zero is a warning with a fixed result
// kernel: divZero
// launch: grid 1 block 32
// buffer: d s32 32 = list 1 0
// buffer: out s32 32 = 0
// params: d out
// expect: hazard correctness kind DIV_ZERO warning line @div
// expect: out[0..3] = list 100 -1 100 -1
__global__ void divZero(const int* d, int* out)
{
    out[threadIdx.x] = 100 / d[threadIdx.x];  // @div
}

// case: device functions, kept out of line
// kernel: calls
// launch: grid 1 block 32
// buffer: out f32 32 = 0
// params: out
// expect: out[0..31] = iota*6+1
// expect: no hazards
__device__ __noinline__ float twice(float x) { return 2.0f * x; }
__device__ __noinline__ float thrice(float x, int k) { return twice(x) + x * k; }
__global__ void calls(float* out)
{
    float x = threadIdx.x;
    out[threadIdx.x] = (threadIdx.x & 1) ? thrice(x, 4) + 1.0f : twice(x) * 3.0f + 1.0f;
}

// case: global atomics
// kernel: atomics
// launch: grid 8 block 128
// buffer: sum u32 1 = 0
// buffer: fsum f32 1 = 0
// buffer: mx s32 1 = -1000
// buffer: cas u32 1 = 0
// params: sum fsum mx cas
// expect: sum[0] = 1024
// expect: fsum[0] = 512
// expect: mx[0] = 1023
// expect: cas[0] = 1024
// expect: counters vary
// expect: no hazards
__global__ void atomics(unsigned* sum, float* fsum, int* mx, unsigned* cas)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(sum, 1u);
    atomicAdd(fsum, 0.5f);
    atomicMax(mx, i);
    unsigned old = *cas, seen;
    do { seen = old; old = atomicCAS(cas, seen, seen + 1); } while (old != seen);
}

// case: a 2-D grid of 2-D blocks
// kernel: grid2d
// launch: grid 2,3 block 8,4
// buffer: out u32 192 = 0
// params: out 16
// expect: out[0..15] = iota
// expect: out[16..31] = iota*1+984
// expect: out[176..191] = iota*1+10824
// expect: no hazards
__global__ void grid2d(unsigned* out, int width)
{
    unsigned x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    out[y * width + x] = y * 1000 + x;
}

// case: a lane spinning on a flag another lane of its warp sets (forward progress)
// kernel: spinInWarp
// launch: grid 1 block 32
// buffer: out s32 2 = 0
// params: out
// expect: out[0..1] = list 1 2
// expect: status completed
__global__ void spinInWarp(int* out)
{
    __shared__ volatile int flag;
    if (threadIdx.x == 0) flag = 0;
    __syncthreads();
    if (threadIdx.x == 0) {
        while (flag == 0) { }
        out[0] = 1;
    } else if (threadIdx.x == 1) {
        flag = 1;
        out[1] = 2;
    }
}

// case: a warp spinning on a flag another warp sets
// kernel: spinAcrossWarps
// launch: grid 1 block 64
// buffer: flag s32 1 = 0
// buffer: out s32 1 = 0
// params: flag out
// expect: out[0] = 7
// expect: status completed
__global__ void spinAcrossWarps(volatile int* flag, int* out)
{
    if (threadIdx.x == 0) {
        while (*flag == 0) { }
        out[0] = *flag;
    } else if (threadIdx.x == 32) {
        *flag = 7;
    }
}

// case: packed conversions (sm_80 PTX, written out)
// kernel: packed
// launch: grid 1 block 1
// buffer: in f32 2 = list 1.0 -2.0
// buffer: out u32 2 = 0
// params: in out
// expect: out[0..1] = list 0x3c00c000 0x3f80c000
__global__ void packed(const float* in, unsigned* out)
{
    unsigned r, q;
    asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(in[0]), "f"(in[1]));
    asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(q) : "f"(in[0]), "f"(in[1]));
    out[0] = r;
    out[1] = q;
}

// case: a 32-bit shared address wraps at 2^32, as the GPU's does: nvcc
// writes [%r+128] with %r at -128 for a byte array at shared offset 0 (here
// by hand: the whole warp's stores and one lane's load), which is byte 0
// kernel: sharedWrap32
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: out[0..31] = iota+100
// expect: no hazards
__global__ void sharedWrap32(unsigned* out)
{
    __shared__ unsigned char bytes[64];
    unsigned t = threadIdx.x, v = 0;
    asm volatile("{\n\t.reg .u32 a;\n\t"
                 "add.u32 a, %0, %1;\n\t"
                 "add.u32 a, a, -128;\n\t"
                 "st.shared.u8 [a+128], %2;\n\t"
                 "}" :: "r"((unsigned)__cvta_generic_to_shared(bytes)), "r"(t), "r"(t + 100) : "memory");
    __syncwarp();
    if (t == 5)
        asm volatile("{\n\t.reg .u32 a;\n\t"
                     "cvt.u32.u64 a, %1;\n\t"
                     "add.u32 a, a, -64;\n\t"
                     "ld.shared.u8 %0, [a+69];\n\t"
                     "}" : "=r"(v) : "l"(__cvta_generic_to_shared(bytes)) : "memory");
    __syncwarp();
    out[t] = bytes[t] + (t == 5 ? v - bytes[5] : 0);
}
