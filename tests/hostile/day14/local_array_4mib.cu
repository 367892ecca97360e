// Attack: a 4 MiB local (per-thread) array: for a million threads that is
// 4 TiB of stack if the emulator gives every thread its own. Bounded.
// expect: exit 1
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    volatile float scratch[1 << 20];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    scratch[(i * 7919) & ((1 << 20) - 1)] = i < n ? in[i] : 0.0f;
    if (i < n) out[i] = scratch[(i * 7919) & ((1 << 20) - 1)];
}
__global__ void blockSums(const float* in, float* partial, int n) {}
