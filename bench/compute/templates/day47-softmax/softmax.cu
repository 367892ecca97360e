// Day 47: softmax over the rows of a matrix.
//
// Write softmaxRows below: for each row r of in (rows x cols, row-major),
// out[r][c] = exp(in[r][c] - m) / sum over c' of exp(in[r][c'] - m), where m is
// the row's maximum. cudalab launches one block of 256 threads a row
// (blockIdx.x is the row). Read the day's README first; `cudalab grade 47`
// checks your work.
//
// This file compiles and runs as it is, but it writes nothing, so correctness
// fails until you finish it. Keep the name and the parameters exactly as they
// are: the grader calls them.

__global__ void softmaxRows(const float* in, float* out, int rows, int cols)
{
    const int row = blockIdx.x;

    // TODO 1: each thread takes the maximum of its columns c = threadIdx.x,
    //         c + blockDim.x, ... of the row (start from -INFINITY, which a
    //         thread with no column keeps).
    // TODO 2: combine the 256 maxima into the row's maximum m that every
    //         thread knows: a warp reduction with __shfl_xor_sync, one value a
    //         warp in a __shared__ float[8], __syncthreads(), every thread
    //         reads the 8.
    // TODO 3: each thread sums expf(x - m) over its columns (0 if it has
    //         none); combine the sums the same way. Before a warp writes its
    //         sum into the shared array, every thread must have read the
    //         maxima out of it: __syncthreads() in between.
    // TODO 4: each thread writes expf(x - m) / sum for its columns.
    // Why subtract m: expf(x) is infinite for x above about 88.7, and some
    // rows have logits of 100.
    (void)row;
    (void)in;
    (void)out;
    (void)rows;
    (void)cols;
}
