// Attack: half the block waits at named barrier 1, the other half at named
// barrier 2, each counting all 256 threads: neither can ever fill. A hang on
// a GPU; here a deadlock verdict that names the barriers.
// expect: exit 1
// expect: fails correctness
// expect: output ~ "deadlock|barrier"
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    if (threadIdx.x < 128)
        asm volatile("bar.sync 1, 256;");
    else
        asm volatile("bar.sync 2, 256;");
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i];
}
__global__ void blockSums(const float* in, float* partial, int n) {}
