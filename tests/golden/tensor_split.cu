// Golden: a warp that splits at a tensor-core instruction. Its lanes drift
// apart from there (the half that skips the mma runs ahead to the next
// turn's loads), so every later wmma of the warp meets lanes at other
// lines. The split is the cause and is reported once; the later ones are
// its consequences (their results poisoned, not reported), and no
// collective-divergence warning repeats it. No GPU record: the PTX ISA
// leaves a wmma without its whole warp undefined.
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

// case: an mma under a half-warp condition inside the K loop
// kernel: mma_in_half_warp_loop
// launch: grid 1 block 32
// buffer: a f16 1024 = 1
// buffer: d f32 256 = 0
// params: a d 64
// expect: hazards 1
// expect: hazard mask-honesty kind TENSOR_DIVERGENT line @split
// expect: message "run different tensor-core instructions"
extern "C" __global__ void mma_in_half_warp_loop(const half* a, float* d, int k_total)
{
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    for (int k = 0; k < k_total; k += 16) {
        wmma::load_matrix_sync(fa, a + k, k_total);
        wmma::load_matrix_sync(fb, a + k, k_total);
        if (threadIdx.x < 16) wmma::mma_sync(fc, fa, fb, fc);  // @split
    }
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}

// case: the same loop with the whole warp: no hazard
// kernel: mma_whole_warp_loop
// launch: grid 1 block 32
// buffer: a f16 1024 = 0x3c003c00
// buffer: d f32 256 = 0
// params: a d 64
// expect: no hazards
// expect: d[0..255] = 64
extern "C" __global__ void mma_whole_warp_loop(const half* a, float* d, int k_total)
{
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    for (int k = 0; k < k_total; k += 16) {
        wmma::load_matrix_sync(fa, a + k, k_total);
        wmma::load_matrix_sync(fb, a + k, k_total);
        wmma::mma_sync(fc, fa, fb, fc);
    }
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}
