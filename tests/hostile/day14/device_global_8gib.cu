// Attack: an 8 GiB __device__ array that nvcc and ptxas accept; loading the
// module would allocate it on the grader's machine. Refused as over the
// day's memory with a verdict, within 2 GiB of the grader's own memory.
// expect: exit 1
__device__ char big[1ull << 33];

__global__ void reverseBlocks(const float* in, float* out, int n)
{
    const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    big[i * 32768] = 1;
    if (i < n) out[i] = big[i * 32768 + 7];
}
__global__ void blockSums(const float* in, float* partial, int n) {}
