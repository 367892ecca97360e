// Day 7, reference solution: a naive matrix multiply, one thread an element.
//
// C = A B with A (M x K), B (K x N) and C (M x N), all row-major. The block is
// 16 x 16 threads; x runs along a row of C, so the 16 threads of a row of the
// block (half a warp) read 16 consecutive floats of B and write 16 consecutive
// floats of C, while they all read the same element of A (one broadcast).

// C[row * N + col] = sum over k of A[row * K + k] * B[k * N + col].
__global__ void matmulNaive(const float* A, const float* B, float* C, int M, int N, int K)
{
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;

    // The grid is rounded up to whole blocks in both directions: the threads
    // past the last row or column have no element of C.
    if (row < M && col < N) {
        // The running sum stays in a register; C is written once.
        float sum = 0.0f;
        for (int k = 0; k < K; ++k)
            sum += A[row * K + k] * B[k * N + col];
        C[row * N + col] = sum;
    }
}
