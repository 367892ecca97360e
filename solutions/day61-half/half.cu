// Day 61: the reference. Half-precision data, two values an instruction.
#include <cuda_fp16.h>

// y[i] = a * x[i] + y[i] for every i below n. Thread t takes the pair
// (2t, 2t + 1) as one __half2: one 4-byte load of x, one of y, one __hfma2
// (two fused multiply-adds, one rounding each) and one 4-byte store. The
// buffers start on a 4-byte boundary, so every pair is aligned. When n is
// odd, the thread whose pair would be (n - 1, n) has only element n - 1,
// which it does alone: reading its pair would touch the half after y.
__global__ void haxpy2(int n, __half a, const __half* x, __half* y)
{
    const int p = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = 2 * p;
    if (i + 1 < n) {
        const __half2 a2 = __half2half2(a);
        const __half2 xv = reinterpret_cast<const __half2*>(x)[p];
        const __half2 yv = reinterpret_cast<const __half2*>(y)[p];
        reinterpret_cast<__half2*>(y)[p] = __hfma2(a2, xv, yv);
    } else if (i < n) {
        y[i] = __hfma(a, x[i], y[i]);
    }
}

// y[r] = sum over c of A[r][c] * x[c], A rows x cols row-major. One warp a
// row: lane l takes columns l, l + 32, ... (in pairs when it can), every
// product is added to a float, and the warp's 32 floats are summed with
// shuffles. The sum is rounded to half once, at the end. A half accumulator
// would round at every addition: at a running sum of 64 a half's step is
// 1/16, and the products here are multiples of 1/64.
__global__ void hgemv(int rows, int cols, const __half* A, const __half* x, __half* y)
{
    const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows) return; // a whole warp leaves: no shuffle misses a lane
    const __half* a = A + (size_t)row * cols;
    float sum = 0.0f;
    if (cols % 2 == 0) {
        // even cols: every row starts on a 4-byte boundary, so pairs load as
        // __half2; the two products are exact in half (multiples of 1/64 up
        // to 4), and each goes into the float sum
        const __half2* a2 = reinterpret_cast<const __half2*>(a);
        const __half2* x2 = reinterpret_cast<const __half2*>(x);
        for (int c = lane; c < cols / 2; c += 32) {
            const float2 p = __half22float2(__hmul2(a2[c], x2[c]));
            sum += p.x + p.y;
        }
    } else {
        // odd cols: row r starts at an odd half when r is odd, and a
        // __half2 load there would be misaligned; one half at a time
        for (int c = lane; c < cols; c += 32) sum += __half2float(a[c]) * __half2float(x[c]);
    }
    for (int o = 16; o > 0; o /= 2) sum += __shfl_xor_sync(0xffffffffu, sum, o);
    if (lane == 0) y[row] = __float2half_rn(sum);
}
