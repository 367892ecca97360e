// Attack: read one float past the end of the input, and one before it.
// expect: exit 1
// expect: fails memory
__global__ void blockSums(const float* in, float* partial, int n)
{
    if (threadIdx.x == 0) partial[blockIdx.x] = in[n] + in[-1];
}
__global__ void reverseBlocks(const float* in, float* out, int n) {}
