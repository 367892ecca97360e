// Attack: learn whether the reference solution exists on the grading
// machine with __has_include pasted together from pieces none of which the
// directive scanner can tell from an ordinary name ("_", "_h", "as_incl",
// "ude"), and keep the kernels only where the answer is no. Before the
// compiler ran in its own view of the files the answer was yes (the file is
// there): both kernels vanished and correctness failed. Now nvcc sees only
// the system's folders, the toolkit and its scratch folder, the answer is
// no, and the file passes like any correct one (hostile: copy puts the
// course's real path in).
// hostile: copy
// expect: exit 0
// expect: passes compile correctness
#define PASTE(a, b) a##b
#define JOIN(a, b) PASTE(a, b)
#define PROBE JOIN(JOIN(JOIN(_, _h), as_incl), ude)
#if PROBE("@COURSE@/solutions/day14-syncthreads/syncthreads.cu")
#else
constexpr int kBlock = 256;

__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[kBlock];
    const int t = threadIdx.x, start = blockIdx.x * blockDim.x;
    const int valid = min((int)blockDim.x, n - start);
    if (t < valid) tile[t] = in[start + t];
    __syncthreads();
    if (t < valid) out[start + t] = tile[valid - 1 - t];
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
#endif
