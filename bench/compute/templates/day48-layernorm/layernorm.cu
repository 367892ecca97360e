// Day 48: LayerNorm and RMSNorm over the rows of a matrix.
//
// Write the two kernels below, for in and out of rows x cols, row-major.
// cudalab launches one block of 256 threads a row (blockIdx.x is the row).
//   layerNormRows: out = (x - mean) / sqrt(var + eps), with mean and var (the
//                  mean of (x - mean)^2) taken over the row.
//   rmsNormRows:   out = x / sqrt(mean(x^2) + eps).
// Read the day's README first; `cudalab grade 48` checks your work.
//
// This file compiles and runs as it is, but it writes nothing, so correctness
// fails until you finish it. Keep the names and parameters exactly as they
// are: the grader calls them.

__global__ void layerNormRows(const float* in, float* out, int rows, int cols, float eps)
{
    const int row = blockIdx.x;

    // TODO 1: each thread sums its columns c = threadIdx.x, c + blockDim.x, ...
    //         of the row; the block combines the 256 sums (warp shuffles, a
    //         __shared__ float[8], __syncthreads(), every thread reads the 8),
    //         and mean = sum / cols.
    // TODO 2: __syncthreads() before the shared array is written again; then
    //         a second pass: the sum of (x - mean) * (x - mean), combined the
    //         same way. var = that sum / cols. Do not use mean(x*x) - mean*mean:
    //         it cancels catastrophically when the mean is large.
    // TODO 3: each thread writes (x - mean) * rsqrtf(var + eps) for its columns.
    (void)row;
    (void)in;
    (void)out;
    (void)rows;
    (void)cols;
    (void)eps;
}

__global__ void rmsNormRows(const float* in, float* out, int rows, int cols, float eps)
{
    const int row = blockIdx.x;

    // TODO 1: each thread sums x * x over its columns; the block combines them.
    // TODO 2: scale = rsqrtf(sum / cols + eps).
    // TODO 3: each thread writes x * scale for its columns.
    (void)row;
    (void)in;
    (void)out;
    (void)rows;
    (void)cols;
    (void)eps;
}
