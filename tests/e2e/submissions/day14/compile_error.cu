// A typo: nvcc's message comes back at this file and line.
// e2e: day 14
// e2e: exit 1
// e2e: fail compile
// e2e: detail compile compile_error.cu:11
// e2e: output is undefined
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[256];
    tile[threadIdx.x] = in[0];
    out[tidx] = tile[0];
}
