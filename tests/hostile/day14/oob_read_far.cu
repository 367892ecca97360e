// Attack: read a gigabyte past the input: on the host that would be any
// memory of the grader's process. Bounds-checked: a memory hazard.
// expect: exit 1
// expect: fails memory
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[(size_t)i + (1ull << 28)];
}
__global__ void blockSums(const float* in, float* partial, int n) {}
