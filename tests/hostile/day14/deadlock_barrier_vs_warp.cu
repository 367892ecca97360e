// Attack: warp 0's lanes 0-15 wait at __syncwarp for lanes 16-31, which wait
// at __syncthreads for the whole block, which waits for lanes 0-15.
// expect: exit 1
// expect: fails correctness
// expect: output ~ "deadlock|barrier|wait"
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    if (threadIdx.x < 16)
        __syncwarp(0xffffffffu);
    else
        __syncthreads();
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i];
}
__global__ void blockSums(const float* in, float* partial, int n) {}
