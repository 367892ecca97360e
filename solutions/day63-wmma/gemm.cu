// Day 63, reference solution: a matrix multiply on the tensor cores.
//
// C = A B with A (M x K) and B (K x N) halves and C (M x N) floats, all
// row-major, M, N and K multiples of 16. Each block is one warp and owns one
// 16 x 16 tile of C; it walks along K one 16 x 16 x 16 step at a time,
// loading the step's tiles of A and B into fragments and adding their
// product into an accumulator fragment, which it stores at the end.
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

constexpr int kTile = 16;

__global__ void wmmaGemm(const __half* A, const __half* B, float* C, int M, int N, int K)
{
    const int row0 = blockIdx.y * kTile, col0 = blockIdx.x * kTile;
    wmma::fragment<wmma::matrix_a, kTile, kTile, kTile, __half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, kTile, kTile, kTile, __half, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, kTile, kTile, kTile, float> c;
    wmma::fill_fragment(c, 0.0f);
    for (int k = 0; k < K; k += kTile) {
        wmma::load_matrix_sync(a, A + row0 * K + k, K);  // rows of A are K apart
        wmma::load_matrix_sync(b, B + k * N + col0, N);  // rows of B are N apart
        wmma::mma_sync(c, a, b, c);
    }
    wmma::store_matrix_sync(C + row0 * N + col0, c, N, wmma::mem_row_major);
    (void)M;
}
