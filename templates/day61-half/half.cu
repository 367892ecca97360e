// Day 61: half precision, two values an instruction.
//
// Write the two kernels below. Read the day's README first; `cudalab grade
// 61` checks your work. Both compile and run as they are, but they write
// nothing, so correctness fails until you finish them. Keep the names and
// the parameters exactly as they are: the grader calls them.
#include <cuda_fp16.h>

// y[i] = a * x[i] + y[i] for every i below n. cudalab launches one thread a
// PAIR of elements: ceil(n / 512) blocks of 256 threads.
__global__ void haxpy2(int n, __half a, const __half* x, __half* y)
{
    const int p = blockIdx.x * blockDim.x + threadIdx.x; // this thread's pair

    // TODO 1: when both elements 2p and 2p + 1 are below n, load x's pair and
    //         y's pair as __half2 (reinterpret_cast<const __half2*>(x)[p]),
    //         compute __hfma2(__half2half2(a), x2, y2), and store it into y's
    //         pair.
    // TODO 2: when n is odd, the last thread has only element 2p = n - 1: do
    //         it alone with __hfma, and touch nothing past it.
    (void)p;
    (void)n;
    (void)a;
    (void)x;
    (void)y;
}

// y[r] = sum over c of A[r][c] * x[c], A rows x cols row-major. cudalab
// launches one warp a row: ceil(rows / 8) blocks of 256 threads, warp w of
// block b taking row 8b + w.
__global__ void hgemv(int rows, int cols, const __half* A, const __half* x, __half* y)
{
    // TODO 3: find this warp's row and this thread's lane; a warp whose row
    //         is past the end returns as a whole.
    // TODO 4: lane l adds A[r][c] * x[c] for c = l, l + 32, ... into a FLOAT
    //         (__half2float each value, or __hmul2 on pairs when cols is even
    //         and __half22float2 the products).
    // TODO 5: sum the warp's 32 floats with __shfl_xor_sync, and lane 0 writes
    //         __float2half_rn(sum) to y[r].
    (void)rows;
    (void)cols;
    (void)A;
    (void)x;
    (void)y;
}
