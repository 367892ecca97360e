// Day 64: a matrix multiply with mma.sync and ldmatrix, in inline PTX.
//
// Write mmaGemm below: C = A B, with A of M x K and B of K x N in halves,
// C of M x N in floats, all row-major; M, N and K are any sizes. cudalab
// launches one warp (32 threads) a block, ceil(N / 16) blocks across and
// ceil(M / 16) down: each block owns a 16 x 16 tile of C. Read the day's
// README first; `cudalab grade 64` checks your work.
//
// This file compiles and runs as it is, but it writes nothing, so
// correctness fails until you finish it. Keep the name and the parameters
// exactly as they are: the grader calls them.
#include <cuda_fp16.h>

__global__ void mmaGemm(const __half* A, const __half* B, float* C, int M, int N, int K)
{
    // TODO 1: two shared tiles, __shared__ __align__(16) __half sa[16 * 24],
    //         sb[16 * 24] (rows 24 halves apart), and float acc[2][4] = {}.
    // TODO 2: for k0 = 0, 16, ... while k0 < K: copy the 16 x 16 tiles of A
    //         (rows blockIdx.y * 16.., columns k0..) and B (rows k0..,
    //         columns blockIdx.x * 16..) into sa and sb, zeros past the
    //         edges; __syncwarp().
    // TODO 3: ldmatrix .x4 of A and .x4.trans of B, lane l giving the row at
    //         (l % 16) * 24 + (l / 16) * 8; two mma.sync.m16n8k16, one for
    //         each n8 half of the tile; __syncwarp().
    // TODO 4: store acc: lane l holds rows l / 4 and l / 4 + 8, columns
    //         2 (l % 4) and 2 (l % 4) + 1 of each n8 tile; only inside C.
    (void)A;
    (void)B;
    (void)C;
    (void)M;
    (void)N;
    (void)K;
}
