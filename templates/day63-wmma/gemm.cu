// Day 63: a matrix multiply on the tensor cores, with WMMA.
//
// Write wmmaGemm below: C = A B, with A of M x K and B of K x N in halves,
// C of M x N in floats, all row-major; M, N and K are multiples of 16.
// cudalab launches one warp (32 threads) a block, N / 16 blocks across and
// M / 16 down: each block owns a 16 x 16 tile of C. Read the day's README
// first; `cudalab grade 63` checks your work.
//
// This file compiles and runs as it is, but it writes nothing, so
// correctness fails until you finish it. Keep the name and the parameters
// exactly as they are: the grader calls them.
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

__global__ void wmmaGemm(const __half* A, const __half* B, float* C, int M, int N, int K)
{
    // TODO 1: the tile's corner: row0 = blockIdx.y * 16, col0 = blockIdx.x * 16.
    // TODO 2: three fragments: matrix_a and matrix_b of 16 x 16 x 16 __half,
    //         row_major, and an accumulator of float; fill_fragment the
    //         accumulator with 0.
    // TODO 3: for k = 0, 16, ... while k < K: load_matrix_sync the A tile at
    //         A + row0 * K + k (leading dimension K) and the B tile at
    //         B + k * N + col0 (leading dimension N), then mma_sync.
    // TODO 4: store_matrix_sync the accumulator at C + row0 * N + col0,
    //         leading dimension N, wmma::mem_row_major.
    (void)A;
    (void)B;
    (void)C;
    (void)M;
    (void)N;
    (void)K;
}
