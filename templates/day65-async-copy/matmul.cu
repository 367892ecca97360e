// Day 65: a tiled matrix multiply with asynchronous copies, double-buffered.
//
// Write matmulAsync below: C = A B, with A of M x K, B of K x N and C of
// M x N, all floats, row-major. cudalab launches blocks of 16 x 16 threads,
// ceil(N / 16) across and ceil(M / 16) down: each block owns a 16 x 16 tile
// of C, as on day 13. Read the day's README first; `cudalab grade 65`
// checks your work.
//
// This file compiles and runs as it is, but it writes nothing, so
// correctness fails until you finish it. Keep the name and the parameters
// exactly as they are: the grader calls them.
#include <cuda_pipeline.h>

__global__ void matmulAsync(const float* A, const float* B, float* C, int M, int N, int K)
{
    // TODO 1: two buffers of each tile: __shared__ float As[2][16][16], Bs[2][16][16];
    //         row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x.
    // TODO 2: copy step 0's elements (A(row, tx), B(ty, col)) into buffer 0 with
    //         __pipeline_memcpy_async, zero-filling past the matrix, then
    //         __pipeline_commit().
    // TODO 3: for each step t: copy and commit step t + 1 into buffer (t + 1) & 1
    //         (an empty commit at the last step), __pipeline_wait_prior(1),
    //         __syncthreads(), add the 16 products from buffer t & 1,
    //         __syncthreads().
    // TODO 4: if (row < M && col < N) C[row * N + col] = sum;
    (void)A;
    (void)B;
    (void)C;
    (void)M;
    (void)N;
    (void)K;
}
