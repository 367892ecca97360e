// The pre-Volta idiom: the last 32 values summed through volatile shared memory
// with no __syncwarp(), trusting the warp to run in lockstep. Since sm_70 it
// does not have to: a race between lanes of one warp.
// e2e: day 25
// e2e: exit 1
// e2e: fail races
// e2e: hazard races kernel=reduceCascadeShuffle
#define reduceCascadeShuffle reduceCascadeShuffle_reference
// e2e-paste: solutions/day25-cascade/cascade.cu
#undef reduceCascadeShuffle

__global__ void reduceCascadeShuffle(const float* in, float* partial, size_t n)
{
    __shared__ float sums[256];
    float sum = 0.0f;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        sum += in[i];
    sums[threadIdx.x] = sum;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 32; half /= 2) {
        if (threadIdx.x < half) sums[threadIdx.x] += sums[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x < 32) {
        volatile float* v = sums;
        v[threadIdx.x] += v[threadIdx.x + 32];
        v[threadIdx.x] += v[threadIdx.x + 16];
        v[threadIdx.x] += v[threadIdx.x + 8];
        v[threadIdx.x] += v[threadIdx.x + 4];
        v[threadIdx.x] += v[threadIdx.x + 2];
        v[threadIdx.x] += v[threadIdx.x + 1];
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = sums[0];
}
