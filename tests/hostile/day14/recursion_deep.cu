// Attack: device recursion a million calls deep, a stack ptxas cannot size.
// The emulator has no call stack for recursion: the grade says so in words
// (could not grade, exit 2) or fails the kernel; it never overflows the
// grader's own stack.
// expect: exit 1|2
// expect: output ~ "recursi|stack"
__device__ float down(const float* in, int depth)
{
    if (depth <= 0) return in[0];
    return down(in, depth - 1) + 1.0f;
}
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = down(in, 1000000 + (int)(in[i] != in[i]));
}
__global__ void blockSums(const float* in, float* partial, int n) {}
