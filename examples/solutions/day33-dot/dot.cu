// Day 33: the reference solution, the oracle every submission is judged against.
__global__ void dot(const float* x, const float* y, float* out, int n)
{
    __shared__ float s[256];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? x[i] * y[i] : 0.0f; // threads past n add nothing
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (t < half) s[t] += s[t + half];
        __syncthreads(); // every thread reaches it, whatever t
    }
    if (t == 0) atomicAdd(out, s[0]); // one atomic a block
}
