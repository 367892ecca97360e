// Attack: the kernel casts away the const of its input and overwrites it
// after reading, so that a harness comparing against the input it still
// holds is fooled. The results are right; writing a read-only input is a
// memory fault of the submission.
// expect: exit 1
constexpr int kBlock = 256;
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[kBlock];
    const int t = threadIdx.x, start = blockIdx.x * blockDim.x;
    const int valid = min((int)blockDim.x, n - start);
    if (t < valid) tile[t] = in[start + t];
    __syncthreads();
    if (t < valid) out[start + t] = tile[valid - 1 - t];
    if (t < valid) const_cast<float*>(in)[start + t] = -1.0f;
}
__global__ void blockSums(const float* in, float* partial, int n)
{
    __shared__ float sums[kBlock];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    float sum = (i < n) ? in[i] : 0.0f;
    sums[t] = sum;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (t < half) { sum += sums[t + half]; sums[t] = sum; }
        __syncthreads();
    }
    if (t == 0) partial[blockIdx.x] = sum;
}
