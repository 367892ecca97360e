// Attack: the limits that add up. Three hundred kernels, instantiated from
// one template with a fully unrolled loop, make nvcc and ptxas work for
// several seconds of CPU (each process well under its own 10 s), and the
// day's kernel is too slow to emulate (every block far past the allowance,
// none a runaway), so its emulation runs to its cap. Each limit alone holds;
// their sum used to be 20 s of CPU and more. One CPU budget for the whole
// grade, the compiler's processes included, stops it inside the grade's
// caps, with a verdict in words.
// expect: exit 1|2
// expect: output ~ "CPU budget|could not judge"
template <int N> __global__ void extra(float* a)
{
    float x = a[threadIdx.x];
#pragma unroll
    for (int i = 0; i < 256; i++) x = x * 1.0001f + (float)(i ^ N) * __sinf(x);
    a[threadIdx.x] = x;
}
template <int L, int H> struct Make {
    static void go() { Make<L, (L + H) / 2>::go(); Make<(L + H) / 2 + 1, H>::go(); }
};
template <int L> struct Make<L, L> {
    static void go() { extra<L><<<1, 1>>>(nullptr); }
};
void instantiate() { Make<1, 300>::go(); }

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    unsigned x = threadIdx.x;
    for (int r = 0; r < 100000; r++) x = x * x + (unsigned)r;
    partial[blockIdx.x] = x == 7u && n == 3 ? 1.0f : 0.0f;
}
__global__ void reduceCascadeShuffle(const float* in, float* partial, size_t n) {}
