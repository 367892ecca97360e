// Attack: __launch_bounds__(32) on a kernel launched with 256 threads a
// block: a launch that a GPU refuses. The grade says so, it does not run a
// launch the hardware would not.
// expect: exit 1
// expect: fails correctness
__global__ void __launch_bounds__(32) reverseBlocks(const float* in, float* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[n - 1 - i];
}
__global__ void blockSums(const float* in, float* partial, int n) {}
