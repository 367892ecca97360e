// Written by a helper from day 61's README and template alone (6 December
// 2026). The pair test is 2p < n: at odd n the last __half2 runs one half
// past the end. The advice names the pair's last element.
// e2e: day 61
// e2e: exit 1
// e2e: fail correctness memory
// e2e: output starts inside the buffer and ends past it: guard it so that its last element fits too
#include <cuda_fp16.h>

// BUG: the pair test is 2p < n, so at odd n the last pair reads/writes one half past the end
__global__ void haxpy2(int n, __half a, const __half* x, __half* y)
{
    const int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (2 * p < n) {
        const __half2 xv = reinterpret_cast<const __half2*>(x)[p];
        const __half2 yv = reinterpret_cast<const __half2*>(y)[p];
        reinterpret_cast<__half2*>(y)[p] = __hfma2(__half2half2(a), xv, yv);
    }
}

__global__ void hgemv(int rows, int cols, const __half* A, const __half* x, __half* y)
{
    const int row = blockIdx.x * 8 + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows) return;
    float sum = 0.0f;
    for (int c = lane; c < cols; c += 32)
        sum += __half2float(A[(size_t)row * cols + c]) * __half2float(x[c]);
    for (int o = 16; o > 0; o >>= 1)
        sum += __shfl_xor_sync(0xffffffff, sum, o);
    if (lane == 0) y[row] = __float2half_rn(sum);
}
