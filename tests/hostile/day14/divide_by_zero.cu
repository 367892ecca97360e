// Attack: integer division and remainder by zero, and INT_MIN / -1, with
// divisors the compiler cannot see: on x86 those are a SIGFPE for a host
// that divides natively. On a GPU they give a value; the grade goes on.
// expect: exit 1
// expect: fails correctness
#include <climits>
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int zero = (int)(in[i % n] != in[i % n]);  // 0 unless NaN
    const int q = (i + 1) / zero + (i + 1) % zero;
    const long long q64 = (long long)(i + 1) / zero;
    const int minus1 = zero - 1;
    const int big = (INT_MIN + zero) / minus1 + (INT_MIN + zero) % minus1;
    const unsigned uq = (unsigned)i / (unsigned)zero;
    if (i < n) out[i] = (float)q + (float)q64 + (float)big + (float)uq;
}
__global__ void blockSums(const float* in, float* partial, int n) {}
