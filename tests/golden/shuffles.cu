// Golden: shfl.sync in every mode, with the CUDA `width` argument (2..32),
// clamps and segments, checked lane by lane against the documented CUDA
// results computed with plain arithmetic; out-of-range sources keep their own
// value and are no hazard; the xor butterfly with the full mask.

// case: widths
// kernel: widths
// launch: grid 1 block 64
// buffer: ok s32 64 = 0
// params: ok
// expect: ok[0..63] = 1
// expect: no hazards
__global__ void widths(int* ok)
{
    int lane = threadIdx.x % 32;
    int v = lane * 3 + 1;   // value of lane L is 3L+1, so v + d*3 is lane L+d's
    // down/up move by d lanes: their values differ by 3*d
    int good = 1;
    for (int w = 2; w <= 32; w *= 2) {
        int base = lane - lane % w;
        for (int d = 0; d < w + 2; d++) {
            int down = __shfl_down_sync(0xffffffffu, v, d, w);
            int up = __shfl_up_sync(0xffffffffu, v, d, w);
            int x = __shfl_xor_sync(0xffffffffu, v, d, w);
            int idx = __shfl_sync(0xffffffffu, v, d, w);
            int bd = d & 31;  // PTX uses b[4:0]
            int wantDown = (lane % w) + bd < w ? v + 3 * bd : v;
            int wantUp = (lane % w) >= bd ? v - 3 * bd : v;
            int xl = lane ^ bd;
            int wantX = xl < base + w ? xl * 3 + 1 : v;   // earlier groups are readable
            int wantIdx = (base + d % w) * 3 + 1;
            good &= down == wantDown;
            good &= up == wantUp;
            good &= x == wantX;
            good &= idx == wantIdx;
        }
    }
    ok[threadIdx.x] = good;
}

// case: own value beyond the warp
// kernel: downBy16
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: out[0..15] = iota*1+16
// expect: out[16..31] = iota
// expect: no hazards
__global__ void downBy16(int* out)
{
    int lane = threadIdx.x;
    out[lane] = __shfl_down_sync(0xffffffffu, lane, 16);
}

// case: butterfly sum
// kernel: butterfly
// launch: grid 2 block 64
// buffer: in f32 128 = iota
// buffer: out f32 128 = 0
// params: in out
// expect: out[0..31] = 496
// expect: out[32..63] = 1520
// expect: out[96..127] = 3568
// expect: no hazards
__global__ void butterfly(const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[i];
    for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
    out[i] = v;
}

// case: padded down ladder
// kernel: paddedRows
// launch: grid 1 block 64
// buffer: in f32 64 = iota
// buffer: out f32 64 = 0
// params: in out 20
// expect: out[0..31] = 190
// expect: out[32..63] = 830
// expect: no hazards
__global__ void paddedRows(const float* in, float* out, int live)
{
    int lane = threadIdx.x % 32;
    float v = lane < live ? in[threadIdx.x] : 0.0f;   // identity padding
    for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
    out[threadIdx.x] = __shfl_sync(0xffffffffu, v, 0);
}

// case: predicate output and 64-bit values
// kernel: predAndDouble
// launch: grid 1 block 32
// buffer: out f64 32 = 0
// buffer: p s32 32 = 9
// params: out p
// expect: out[0..31] = 5.5
// expect: p[0..31] = 1
// expect: no hazards
__global__ void predAndDouble(double* out, int* p)
{
    int lane = threadIdx.x;
    double v = lane == 5 ? 5.5 : lane;
    out[lane] = __shfl_sync(0xffffffffu, v, 5);
    int r, ok;
    asm volatile("{ .reg .pred q; shfl.sync.idx.b32 %0|q, %2, 3, 0x1f, 0xffffffff; selp.s32 %1, 1, 0, q; }"
                 : "=r"(r), "=r"(ok) : "r"(lane));
    p[lane] = ok && r == 3;
}
