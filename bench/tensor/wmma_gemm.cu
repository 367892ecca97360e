// bench/tensor/wmma_gemm.cu - the emulator's rate on a tensor-core GEMM: C = A B at
// 1024 x 1024 x 1024, halves into floats, one warp a 16 x 16 tile of C walking
// K with wmma (load_matrix_sync, mma_sync, store_matrix_sync). In the golden
// format (tests/golden/golden_runner.c), so it runs as:
//   nvcc -ptx -arch=sm_75 bench/tensor/wmma_gemm.cu -o /tmp/wmma_gemm.ptx
//   GOLDEN_ONCE=1 /usr/bin/time build/tests/golden_runner bench/tensor/wmma_gemm.cu /tmp/wmma_gemm.ptx
// (bench/README.md has the figures).
// case: wmma gemm 1024
// kernel: gemm
// launch: grid 64,64 block 32
// buffer: a u16 1048576 = 0x3c00
// buffer: b u16 1048576 = 0x3c00
// buffer: c f32 1048576 = 0
// params: a b c
// budget: 100000000000
// expect: c[0] = 1024
// expect: c[1048575] = 1024
// expect: c[500000] = 1024
#include <mma.h>
using namespace nvcuda;
extern "C" __global__ void gemm(const half* a, const half* b, float* c)
{
    const int n = 1024;
    int tm = blockIdx.y * 16, tn = blockIdx.x * 16;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    for (int k = 0; k < n; k += 16) {
        wmma::load_matrix_sync(fa, a + tm * n + k, n);
        wmma::load_matrix_sync(fb, b + k * n + tn, n);
        wmma::mma_sync(fc, fa, fb, fc);
    }
    wmma::store_matrix_sync(c + tm * n + tn, fc, n, wmma::mem_row_major);
}
