// Attack: a megabyte of static shared memory, twenty times what a block may
// have. ptxas refuses it; the verdict names it.
// expect: exit 1
// expect: output ~ "shared"
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[1 << 18];
    const int t = threadIdx.x;
    tile[t * 1000] = in[t];
    __syncthreads();
    out[t] = tile[(255 - t) * 1000];
}
__global__ void blockSums(const float* in, float* partial, int n) {}
