// Control: recursion a few levels deep is legal CUDA (sm_75 has a call
// stack): the sum of a block by halving recursion is right.
// expect: passes compile
// expect: output ~ "blockSums"
__device__ float sumRange(const float* in, int lo, int hi, int n)
{
    if (hi - lo == 1) return lo < n ? in[lo] : 0.0f;
    const int mid = (lo + hi) / 2;
    return sumRange(in, lo, mid, n) + sumRange(in, mid, hi, n);
}
__global__ void blockSums(const float* in, float* partial, int n)
{
    if (threadIdx.x == 0) {
        const int lo = blockIdx.x * blockDim.x;
        partial[blockIdx.x] = sumRange(in, lo, lo + (int)blockDim.x, n);
    }
}
__global__ void reverseBlocks(const float* in, float* out, int n) {}
