// order_evidence.cu - how often a GPU shows the wrong result of the two
// order-dependent kernels of tests/golden/block_order.cu (block 0 zeroing
// bins before the other blocks' atomics; a single-pass scan that takes its
// predecessor's prefix without waiting for its flag), and that the honest
// look-back scan is right every time. The emulator reports both bugs as an
// ORDER_DEPENDENT hazard under races; this is the evidence for the hazard's
// message ("on a GPU the blocks that start before block 0's stores lose
// their counts"). Standalone: nvcc -O2 -arch=native order_evidence.cu.
//
//   order_evidence [RUNS]    one line per kernel and grid: runs, runs wrong
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(2); } } while (0)

__global__ void zeroInBlock0(const unsigned* data, unsigned* bins)
{
    if (blockIdx.x == 0 && threadIdx.x < 16) bins[threadIdx.x] = 0;
    __syncthreads();
    atomicAdd(&bins[data[blockIdx.x * blockDim.x + threadIdx.x] % 16], 1u);
}

template <bool Wait>
__global__ void scanBlocks64(const unsigned* in, unsigned* out, volatile unsigned* prefix, volatile unsigned* flag)
{
    __shared__ unsigned s[64];
    __shared__ unsigned base;
    unsigned t = threadIdx.x, i = blockIdx.x * 64 + t;
    s[t] = in[i];
    __syncthreads();
    for (unsigned o = 1; o < 64; o *= 2) {
        unsigned v = t >= o ? s[t - o] : 0;
        __syncthreads();
        s[t] += v;
        __syncthreads();
    }
    if (t == 0) {
        unsigned b = 0;
        if (blockIdx.x) {
            if (Wait)
                while (flag[blockIdx.x - 1] == 0) {
                }
            b = prefix[blockIdx.x - 1];
        }
        base = b;
        prefix[blockIdx.x] = b + s[63];
        __threadfence();
        flag[blockIdx.x] = 1;
    }
    __syncthreads();
    out[i] = base + s[t];
}

// RUNS launches of zeroInBlock0 over `grid` blocks of 64 threads, bins set to
// 7 before each: the right bins are 4 * grid each (data is iota).
static int zero_runs(int grid, int runs)
{
    int n = grid * 64, wrong = 0;
    std::vector<unsigned> h(n), bins(16);
    for (int i = 0; i < n; i++) h[i] = (unsigned)i;
    unsigned *d, *b;
    CHECK(cudaMalloc(&d, n * 4));
    CHECK(cudaMalloc(&b, 64));
    CHECK(cudaMemcpy(d, h.data(), n * 4, cudaMemcpyHostToDevice));
    for (int r = 0; r < runs; r++) {
        CHECK(cudaMemset(b, 7, 64)); // 0x07070707 in each bin
        zeroInBlock0<<<grid, 64>>>(d, b);
        CHECK(cudaMemcpy(bins.data(), b, 64, cudaMemcpyDeviceToHost));
        for (int k = 0; k < 16; k++)
            if (bins[k] != (unsigned)(4 * grid)) { wrong++; break; }
    }
    CHECK(cudaFree(d));
    CHECK(cudaFree(b));
    return wrong;
}

// RUNS launches of the scan over `grid` blocks of 64 threads, input all
// ones: out[i] must be i + 1.
template <bool Wait>
static int scan_runs(int grid, int runs)
{
    int n = grid * 64, wrong = 0;
    std::vector<unsigned> ones(n, 1u), out(n);
    unsigned *in, *o, *p, *f;
    CHECK(cudaMalloc(&in, n * 4));
    CHECK(cudaMalloc(&o, n * 4));
    CHECK(cudaMalloc(&p, grid * 4));
    CHECK(cudaMalloc(&f, grid * 4));
    CHECK(cudaMemcpy(in, ones.data(), n * 4, cudaMemcpyHostToDevice));
    for (int r = 0; r < runs; r++) {
        CHECK(cudaMemset(p, 0, grid * 4));
        CHECK(cudaMemset(f, 0, grid * 4));
        scanBlocks64<Wait><<<grid, 64>>>(in, o, p, f);
        CHECK(cudaMemcpy(out.data(), o, n * 4, cudaMemcpyDeviceToHost));
        for (int i = 0; i < n; i++)
            if (out[i] != (unsigned)i + 1) { wrong++; break; }
    }
    CHECK(cudaFree(in));
    CHECK(cudaFree(o));
    CHECK(cudaFree(p));
    CHECK(cudaFree(f));
    return wrong;
}

int main(int argc, char** argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 1000;
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    printf("device: %s, %d SMs\n", prop.name, prop.multiProcessorCount);
    printf("%-28s %8s %8s %8s\n", "kernel", "grid", "runs", "wrong");
    const int grids[] = {4, 8, 64, 132, 1024, 8192};
    for (int g : grids) printf("%-28s %8d %8d %8d\n", "zeroInBlock0", g, runs, zero_runs(g, runs));
    for (int g : grids) printf("%-28s %8d %8d %8d\n", "scanNoWait", g, runs, scan_runs<false>(g, runs));
    // The honest scan waits for its predecessor: every block it waits for
    // must be resident or already done, so only grids that fit at once.
    const int fit[] = {8, 132, 1024};
    for (int g : fit) printf("%-28s %8d %8d %8d\n", "scanLookBack (honest)", g, runs, scan_runs<true>(g, runs));
    return 0;
}
