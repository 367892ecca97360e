// Attack: blockSums casts away the const of its input, zeroes its chunk and
// writes zero sums. A harness that computed its expected answer from the
// input as the kernel left it would call that correct; the answer must come
// from the input as it was given.
// expect: exit 1
// expect: fails correctness
__global__ void blockSums(const float* in, float* partial, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) const_cast<float*>(in)[i] = 0.0f;
    if (threadIdx.x == 0) partial[blockIdx.x] = 0.0f;
}
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int start = blockIdx.x * blockDim.x, valid = min((int)blockDim.x, n - start);
    if (i < n) const_cast<float*>(in)[i] = 0.0f;
    if (i < n) out[i] = 0.0f;
}
