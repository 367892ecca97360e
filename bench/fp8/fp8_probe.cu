// fp8_probe.cu - what a GPU's FP8 conversions give (sm_89 and later), for
// test_sim_fp8 to compare with the emulator's (grader/sim/fp8.c):
//
//   t32 FMT RELU U R   every f32 bit pattern U (0 to 2^32 - 1) at which
//                      cvt.rn.satfinite[.relu].FMTx2.f32 gives another
//                      byte R than at U - 1 (and U = 0): the conversion as
//                      a step function of the bits, exhaustively
//   f16 FMT RELU HEX   the bytes of cvt.rn.satfinite[.relu].FMTx2.f16x2 for
//                      every f16, 0x0000 to 0xffff, two hex digits each
//   to16 FMT RELU HEX  the f16 of cvt.rn[.relu].f16x2.FMTx2 for every byte,
//                      four hex digits each
//
// FMT is e4m3 or e5m2, RELU 0 or 1. Build and run on the GPU:
//   nvcc -O2 -arch=sm_90 fp8_probe.cu -o fp8_probe && ./fp8_probe > fp8.gpu
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>

template <int V> __device__ unsigned from32(float x)
{
    unsigned short d;
    float z = 0.0f;
    if (V == 0) asm("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;" : "=h"(d) : "f"(z), "f"(x));
    if (V == 1) asm("cvt.rn.satfinite.relu.e4m3x2.f32 %0, %1, %2;" : "=h"(d) : "f"(z), "f"(x));
    if (V == 2) asm("cvt.rn.satfinite.e5m2x2.f32 %0, %1, %2;" : "=h"(d) : "f"(z), "f"(x));
    if (V == 3) asm("cvt.rn.satfinite.relu.e5m2x2.f32 %0, %1, %2;" : "=h"(d) : "f"(z), "f"(x));
    return d & 0xff;
}

template <int V> __global__ void steps(unsigned long long base, unsigned* count, unsigned* out, unsigned cap)
{
    unsigned long long i = base + blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
    unsigned u = (unsigned)i;
    unsigned r = from32<V>(__uint_as_float(u));
    if (u == 0 || r != from32<V>(__uint_as_float(u - 1))) {
        unsigned k = atomicAdd(count, 1u);
        if (k < cap) {
            out[2 * k] = u;
            out[2 * k + 1] = r;
        }
    }
}

template <int V> __device__ unsigned from16x2(unsigned h2)
{
    unsigned short d;
    if (V == 0) asm("cvt.rn.satfinite.e4m3x2.f16x2 %0, %1;" : "=h"(d) : "r"(h2));
    if (V == 1) asm("cvt.rn.satfinite.relu.e4m3x2.f16x2 %0, %1;" : "=h"(d) : "r"(h2));
    if (V == 2) asm("cvt.rn.satfinite.e5m2x2.f16x2 %0, %1;" : "=h"(d) : "r"(h2));
    if (V == 3) asm("cvt.rn.satfinite.relu.e5m2x2.f16x2 %0, %1;" : "=h"(d) : "r"(h2));
    return d;
}

template <int V> __device__ unsigned to16x2(unsigned short b2)
{
    unsigned d;
    if (V == 0) asm("cvt.rn.f16x2.e4m3x2 %0, %1;" : "=r"(d) : "h"(b2));
    if (V == 1) asm("cvt.rn.relu.f16x2.e4m3x2 %0, %1;" : "=r"(d) : "h"(b2));
    if (V == 2) asm("cvt.rn.f16x2.e5m2x2 %0, %1;" : "=r"(d) : "h"(b2));
    if (V == 3) asm("cvt.rn.relu.f16x2.e5m2x2 %0, %1;" : "=r"(d) : "h"(b2));
    return d;
}

// thread i: f16 pair (2i + 1, 2i) and byte pair (2i + 1, 2i) for i < 128
template <int V> __global__ void tables(unsigned char* f16out, unsigned short* to16)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned d = from16x2<V>((2 * i + 1) << 16 | (2 * i));
    f16out[2 * i] = d & 0xff;
    f16out[2 * i + 1] = d >> 8;
    if (i < 128) {
        unsigned h = to16x2<V>((unsigned short)((2 * i + 1) << 8 | (2 * i)));
        to16[2 * i] = h & 0xffff;
        to16[2 * i + 1] = h >> 16;
    }
}

static const char* fmt[4] = { "e4m3 0", "e4m3 1", "e5m2 0", "e5m2 1" };

template <int V> static int run(unsigned* dcount, unsigned* dout, unsigned cap)
{
    cudaMemset(dcount, 0, 4);
    const unsigned long long chunk = 1ull << 30;
    for (unsigned long long base = 0; base < (1ull << 32); base += chunk)
        steps<V><<<(unsigned)(chunk / 256), 256>>>(base, dcount, dout, cap);
    unsigned n;
    cudaMemcpy(&n, dcount, 4, cudaMemcpyDeviceToHost);
    if (n > cap) {
        fprintf(stderr, "%s: %u steps, more than %u\n", fmt[V], n, cap);
        return 1;
    }
    std::vector<unsigned> h(2 * n);
    cudaMemcpy(h.data(), dout, 8 * n, cudaMemcpyDeviceToHost);
    std::vector<std::pair<unsigned, unsigned>> s;
    for (unsigned k = 0; k < n; k++) s.push_back({ h[2 * k], h[2 * k + 1] });
    std::sort(s.begin(), s.end());
    for (auto& p : s) printf("t32 %s %08x %02x\n", fmt[V], p.first, p.second);
    unsigned char* df;
    unsigned short* dt;
    cudaMalloc(&df, 65536);
    cudaMalloc(&dt, 512);
    tables<V><<<128, 256>>>(df, dt);
    std::vector<unsigned char> f(65536);
    std::vector<unsigned short> t(256);
    cudaMemcpy(f.data(), df, 65536, cudaMemcpyDeviceToHost);
    cudaMemcpy(t.data(), dt, 512, cudaMemcpyDeviceToHost);
    printf("f16 %s ", fmt[V]);
    for (int i = 0; i < 65536; i++) printf("%02x", f[i]);
    printf("\nto16 %s ", fmt[V]);
    for (int i = 0; i < 256; i++) printf("%04x", t[i]);
    printf("\n");
    cudaFree(df);
    cudaFree(dt);
    return cudaGetLastError() != cudaSuccess;
}

int main()
{
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    printf("# %s, sm_%d%d\n", p.name, p.major, p.minor);
    unsigned *dcount, *dout, cap = 1u << 16;
    cudaMalloc(&dcount, 4);
    cudaMalloc(&dout, 8 * cap);
    int bad = run<0>(dcount, dout, cap) | run<1>(dcount, dout, cap) | run<2>(dcount, dout, cap) |
              run<3>(dcount, dout, cap);
    if (bad) fprintf(stderr, "a CUDA error: %s\n", cudaGetErrorString(cudaGetLastError()));
    return bad;
}
