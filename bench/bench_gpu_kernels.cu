// Kernels of bench/bench_gpu.c, whose PTX is inline there, made with:
//   nvcc -ptx -arch=sm_75 -o bench_gpu_kernels.ptx bench_gpu_kernels.cu
// (then each line quoted into the C string). 256 threads a block.

// out[i] = in[i], grid-stride: the bandwidth baseline.
extern "C" __global__ void copyFloats(const float *in, float *out, unsigned long long n)
{
    for (unsigned long long i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (unsigned long long)gridDim.x * blockDim.x)
        out[i] = in[i];
}

// One partial sum a block: grid-stride accumulation, then a shared tree.
extern "C" __global__ void reducePartials(const float *in, float *partial, unsigned long long n)
{
    __shared__ float s[256];
    float sum = 0.0f;
    for (unsigned long long i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (unsigned long long)gridDim.x * blockDim.x)
        sum += in[i];
    s[threadIdx.x] = sum;
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}
