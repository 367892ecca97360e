// gpu_check.cu - checks the course's reference kernels on a real GPU and times
// the bandwidth-bound ones. Not a test (CTest never runs it: there may be no
// GPU); a course author runs it by hand where a GPU is:
//
//   nvcc -O3 -arch=native -o gpu_check bench/course/gpu_check.cu && ./gpu_check
//
// Build it with -gencode arch=compute_75,code=compute_75 to time what the
// grader's GPU backend runs: sm_75 PTX compiled by the driver at load time.
//
// Every kernel gets fresh random inputs and a poisoned output; every output
// element is checked, the padding of day 23 included. Exit 0 when all passed.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

namespace d14 {
#include "../../solutions/day14-syncthreads/syncthreads.cu"
}
namespace d23 {
#include "../../solutions/day23-shuffles/shuffles.cu"
#include "../../tests/fixtures/day23/ballot_down.cu"
}
namespace d25 {
#include "../../solutions/day25-cascade/cascade.cu"
}
namespace base {
#include "../../days/day25-cascade/copy.cu"
}

#define CK(call)                                                                  \
    do {                                                                          \
        cudaError_t e_ = (call);                                                  \
        if (e_ != cudaSuccess) {                                                  \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,         \
                    cudaGetErrorString(e_));                                      \
            exit(2);                                                              \
        }                                                                         \
    } while (0)

static int failures = 0;
static std::mt19937_64 rng(12345);
static const uint32_t kPoison = 0x7fbadbadu;  // a NaN no kernel computes

static void report(const char* what, size_t wrong, size_t total)
{
    printf("%-44s %s  %zu of %zu wrong\n", what, wrong ? "FAIL" : "ok  ", wrong, total);
    if (wrong) failures++;
}

static std::vector<float> randoms(size_t n, float lo, float hi)
{
    std::uniform_real_distribution<float> d(lo, hi);
    std::vector<float> v(n);
    for (auto& x : v) x = d(rng);
    return v;
}

static bool isPoison(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u == kPoison;
}

static bool close(double got, double want, double rel)
{
    return std::fabs(got - want) <= rel * std::max(1.0, std::fabs(want));
}

// ---------------------------------------------------------------- day 14
static void day14(int n)
{
    const int blocks = (n + 255) / 256;
    std::vector<float> h = randoms(n, -1.0f, 1.0f);
    float *in, *out, *part;
    CK(cudaMalloc(&in, n * 4));
    CK(cudaMalloc(&out, n * 4));
    CK(cudaMalloc(&part, blocks * 4));
    CK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(out, 0x7f, n * 4));
    CK(cudaMemset(part, 0x7f, blocks * 4));

    d14::reverseBlocks<<<blocks, 256>>>(in, out, n);
    CK(cudaGetLastError());
    std::vector<float> got(n), sums(blocks);
    CK(cudaMemcpy(got.data(), out, n * 4, cudaMemcpyDeviceToHost));
    size_t wrong = 0;
    for (int b = 0; b < blocks; b++) {
        const int start = b * 256, valid = std::min(256, n - start);
        for (int t = 0; t < valid; t++)
            if (got[start + t] != h[start + valid - 1 - t]) wrong++;
    }
    char what[96];
    snprintf(what, sizeof what, "day14 reverseBlocks n=%d", n);
    report(what, wrong, n);

    d14::blockSums<<<blocks, 256>>>(in, part, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(sums.data(), part, blocks * 4, cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int b = 0; b < blocks; b++) {
        double want = 0;
        for (int i = b * 256; i < std::min(n, b * 256 + 256); i++) want += h[i];
        if (!close(sums[b], want, 1e-5)) wrong++;
    }
    snprintf(what, sizeof what, "day14 blockSums n=%d", n);
    report(what, wrong, blocks);
    CK(cudaFree(in));
    CK(cudaFree(out));
    CK(cudaFree(part));
}

// ---------------------------------------------------------------- day 23
typedef void (*RowKernel)(const float*, float*, int, int, int);

static void day23(const char* name, RowKernel k, int rows, int live, int stride)
{
    const size_t count = (size_t)rows * stride;
    const int blocks = (int)(((size_t)rows * 32 + 255) / 256);
    std::vector<float> h = randoms(count, 0.5f, 2.0f);
    float *in, *out;
    CK(cudaMalloc(&in, count * 4));
    CK(cudaMalloc(&out, count * 4));
    CK(cudaMemcpy(in, h.data(), count * 4, cudaMemcpyHostToDevice));
    std::vector<uint32_t> poison(count, kPoison);
    CK(cudaMemcpy(out, poison.data(), count * 4, cudaMemcpyHostToDevice));
    k<<<blocks, 256>>>(in, out, rows, live, stride);
    CK(cudaGetLastError());
    std::vector<float> got(count);
    CK(cudaMemcpy(got.data(), out, count * 4, cudaMemcpyDeviceToHost));
    size_t wrong = 0;
    for (int r = 0; r < rows; r++) {
        double sum = 0;
        for (int c = 0; c < live; c++) sum += h[(size_t)r * stride + c];
        bool bad = false;
        for (int c = 0; c < stride; c++) {
            const float g = got[(size_t)r * stride + c];
            if (c < live) bad |= !close(g, h[(size_t)r * stride + c] / sum, 1e-5);
            else bad |= !isPoison(g);  // padding must stay untouched
        }
        wrong += bad;
    }
    char what[96];
    snprintf(what, sizeof what, "day23 %s %dx%d", name, rows, live);
    report(what, wrong, rows);
    CK(cudaFree(in));
    CK(cudaFree(out));
}

// ---------------------------------------------------------------- day 25
typedef void (*SumKernel)(const float*, float*, size_t);

static float medianMs(std::vector<float> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

static void day25(const char* name, SumKernel k, size_t n, size_t offset, bool time)
{
    const int blocks = 1024;
    std::vector<float> h = randoms(n + offset, 0.0f, 1.0f);
    float *buf, *part;
    CK(cudaMalloc(&buf, (n + offset) * 4));
    CK(cudaMalloc(&part, blocks * 4));
    CK(cudaMemcpy(buf, h.data(), (n + offset) * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(part, 0x7f, blocks * 4));
    k<<<blocks, 256>>>(buf + offset, part, n);
    CK(cudaGetLastError());
    std::vector<float> p(blocks);
    CK(cudaMemcpy(p.data(), part, blocks * 4, cudaMemcpyDeviceToHost));
    double got = 0, want = 0;
    for (float x : p) got += x;
    for (size_t i = 0; i < n; i++) want += h[offset + i];
    char what[96];
    snprintf(what, sizeof what, "day25 %s n=%zu offset=%zu", name, n, offset);
    report(what, !close(got, want, 1e-5), 1);
    if (time) {
        cudaEvent_t a, b;
        CK(cudaEventCreate(&a));
        CK(cudaEventCreate(&b));
        std::vector<float> ms;
        for (int rep = 0; rep < 60; rep++) {
            CK(cudaEventRecord(a));
            k<<<blocks, 256>>>(buf + offset, part, n);
            CK(cudaEventRecord(b));
            CK(cudaEventSynchronize(b));
            float t;
            CK(cudaEventElapsedTime(&t, a, b));
            if (rep >= 10) ms.push_back(t);
        }
        const float m = medianMs(ms);
        printf("    %-40s median %.4f ms  %.1f GB/s read\n", name, m, n * 4.0 / m / 1e6);
    }
    CK(cudaFree(buf));
    CK(cudaFree(part));
}

static void copyBaseline(size_t n, int blocks)
{
    float *in, *out;
    CK(cudaMalloc(&in, n * 4));
    CK(cudaMalloc(&out, n * 4));
    std::vector<float> h = randoms(n, 0.0f, 1.0f);
    CK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice));
    base::copyKernel<<<blocks, 256>>>(in, out, n);
    CK(cudaGetLastError());
    std::vector<float> g(n);
    CK(cudaMemcpy(g.data(), out, n * 4, cudaMemcpyDeviceToHost));
    size_t wrong = 0;
    for (size_t i = 0; i < n; i++) wrong += g[i] != h[i];
    report("copyKernel", wrong, n);
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    std::vector<float> ms, mc;
    for (int rep = 0; rep < 60; rep++) {
        float t;
        CK(cudaEventRecord(a));
        base::copyKernel<<<blocks, 256>>>(in, out, n);
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&t, a, b));
        if (rep >= 10) ms.push_back(t);
        CK(cudaEventRecord(a));
        CK(cudaMemcpy(out, in, n * 4, cudaMemcpyDeviceToDevice));
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&t, a, b));
        if (rep >= 10) mc.push_back(t);
    }
    const float m = medianMs(ms), c = medianMs(mc);
    printf("    copyKernel %d blocks: median %.4f ms  %.1f GB/s read+write\n", blocks, m,
           n * 8.0 / m / 1e6);
    printf("    cudaMemcpy D2D:       median %.4f ms  %.1f GB/s read+write\n", c,
           n * 8.0 / c / 1e6);
    CK(cudaFree(in));
    CK(cudaFree(out));
}

int main(int argc, char** argv)
{
    // --small: only the sizes the sanitizers can get through quickly.
    const bool small = argc > 1 && strcmp(argv[1], "--small") == 0;
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("%s, %d SMs, cc %d.%d\n", prop.name, prop.multiProcessorCount, prop.major,
           prop.minor);

    const int d14sizes[] = {1048576, 1000, 257, 1};
    for (int n : d14sizes)
        if (!small || n <= 1000) day14(n);

    const int d23sizes[][2] = {{8205, 20}, {1, 1}, {9, 32}, {1000, 7}, {100003, 31}};
    for (auto& s : d23sizes) {
        if (small && s[0] > 1000) continue;
        day23("reduceRowsShared", d23::reduceRowsShared, s[0], s[1], 32);
        day23("reduceRowsPadded", d23::reduceRowsPadded, s[0], s[1], 32);
        day23("reduceRowsButterfly", d23::reduceRowsButterfly, s[0], s[1], 32);
        day23("reduceRowsBallotDown (fixture)", d23::reduceRowsBallotDown, s[0], s[1], 32);
    }

    const size_t d25sizes[] = {67108864, 1000003, 1, 5, 1027};
    for (size_t n : d25sizes) {
        if (small && n > 1000003) continue;
        for (size_t off = 0; off < 4; off++) {
            const bool time = !small && n == 67108864 && off == 0;
            day25("reduceCascade", d25::reduceCascade, n, off, time);
            day25("reduceCascadeShuffle", d25::reduceCascadeShuffle, n, off, time);
        }
    }
    if (!small) {
        copyBaseline(67108864, 1024);
        copyBaseline(67108864, 4096);
    }
    printf("%s\n", failures ? "SOME CHECKS FAILED" : "all checks passed");
    return failures ? 1 : 0;
}
