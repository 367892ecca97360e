// Day 7: a naive matrix multiply.
//
// Write matmulNaive below: C = A B, with A of M x K, B of K x N and C of M x N,
// all row-major (element (r, c) of a matrix W columns wide is at r * W + c).
// cudalab launches blocks of 16 x 16 threads, ceil(N / 16) blocks across and
// ceil(M / 16) down: one thread for each element of C, rounded up to whole
// blocks. Read the day's README first; `cudalab grade 7` checks your work.
//
// This file compiles and runs as it is, but it writes nothing, so correctness
// fails until you finish it. Keep the name and the parameters exactly as they
// are: the grader calls them.

// C[row * N + col] = sum over k of A[row * K + k] * B[k * N + col].
__global__ void matmulNaive(const float* A, const float* B, float* C, int M, int N, int K)
{
    // TODO 1: work out this thread's column of C from the x indices
    //         (blockIdx.x, blockDim.x, threadIdx.x) and its row from the y ones.
    //         x runs along a row, so neighbouring threads of a warp get
    //         neighbouring columns.
    // TODO 2: the grid is rounded up: let only threads with row < M and
    //         col < N go on.
    // TODO 3: add up A(row, k) * B(k, col) for k from 0 to K - 1 in a float
    //         register. Index A with K (its width) and B with N (its width).
    // TODO 4: store the sum once, to C(row, col).
    (void)A;
    (void)B;
    (void)C;
    (void)M;
    (void)N;
    (void)K;
}
