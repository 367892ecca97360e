// Attack: __launch_bounds__(32) on kernels the course launches with 256
// threads a block: a launch a GPU refuses ("too many resources requested").
// The grade must not crash or hang on the mismatch. Today the emulator runs
// the launch anyway and the kernels pass; a grader that enforces
// .maxntid as the hardware does would fail them (exit 1): either is
// accepted here, nothing else.
// expect: exit 0|1
// expect: passes compile
constexpr int kBlock = 256;

__global__ void __launch_bounds__(32) reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[kBlock];
    const int t = threadIdx.x, start = blockIdx.x * blockDim.x;
    const int valid = min((int)blockDim.x, n - start);
    if (t < valid) tile[t] = in[start + t];
    __syncthreads();
    if (t < valid) out[start + t] = tile[valid - 1 - t];
}

__global__ void __launch_bounds__(32) blockSums(const float* in, float* partial, int n)
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
