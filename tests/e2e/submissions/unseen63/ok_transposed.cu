// Written by a helper from day 63's README and template alone (6 December
// 2026). C's tile as the tile of C^T = B^T A^T, through col_major
// fragments and a col_major store.
// e2e: day 63
// e2e: exit 0
// e2e: pass correctness mask-honesty memory
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

// Computes the tile of C^T = B^T A^T: a row-major B is a column-major B^T (ld N),
// a row-major A a column-major A^T (ld K); the C^T tile is stored column-major.
__global__ void wmmaGemm(const __half* A, const __half* B, float* C, int M, int N, int K)
{
    const int row0 = blockIdx.y * 16, col0 = blockIdx.x * 16;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::col_major> bt;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> at;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> ct;
    wmma::fill_fragment(ct, 0.0f);
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(bt, B + (size_t)k * N + col0, N);
        wmma::load_matrix_sync(at, A + (size_t)row0 * K + k, K);
        wmma::mma_sync(ct, bt, at, ct);
    }
    wmma::store_matrix_sync(C + (size_t)row0 * N + col0, ct, N, wmma::mem_col_major);
}
