// The day-25 style reference kernel the emulator benchmark runs: grid-stride
// accumulation (float4 loads where the input is 16-byte aligned), a shared
// tree down to 64 live values, warp shuffles to finish; one partial sum a
// block.
#include <cstdint>

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    __shared__ float s[256];
    const unsigned tid = threadIdx.x;
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    const size_t i = (size_t)blockIdx.x * blockDim.x + tid;
    float sum = 0.0f;
    if ((reinterpret_cast<uintptr_t>(in) & 15) == 0) {
        const float4* in4 = reinterpret_cast<const float4*>(in);
        const size_t n4 = n / 4;
        for (size_t k = i; k < n4; k += stride) {
            const float4 v = in4[k];
            sum += (v.x + v.y) + (v.z + v.w);
        }
        for (size_t k = n4 * 4 + i; k < n; k += stride) sum += in[k];
    } else {
        for (size_t k = i; k < n; k += stride) sum += in[k];
    }
    s[tid] = sum;
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k >= 64; k >>= 1) {
        if (tid < k) s[tid] += s[tid + k];
        __syncthreads();
    }
    if (tid < 32) {
        float v = s[tid] + s[tid + 32];
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
        if (tid == 0) partial[blockIdx.x] = v;
    }
}
