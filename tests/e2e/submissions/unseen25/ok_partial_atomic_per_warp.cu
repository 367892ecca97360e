// No shared memory at all: thread 0 zeroes partial[blockIdx.x], __syncthreads()
// (every thread; orders the zeroing before the atomics of the block), each
// warp reduces with a full-mask __shfl_down_sync ladder and lane 0 does
// atomicAdd(&partial[blockIdx.x], v). Each block touches only its own word.
// The values are multiples of 1/8 and a block's sum is below 2^19, so the
// atomics' order does not change the float.
// Expected: every check passes.
//
// e2e: day 25
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

// This thread's share, float4 loads four in flight: head floats before the
// first 16-byte boundary, whole float4s, tail floats after the last one.
__device__ float threadSum(const float* in, size_t n)
{
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t step = (size_t)gridDim.x * blockDim.x;
    size_t head = ((16 - ((size_t)in & 15)) & 15) / sizeof(float);
    if (head > n) head = n;
    const float4* body = reinterpret_cast<const float4*>(in + head);
    const size_t count4 = (n - head) / 4;
    const size_t tailStart = head + count4 * 4;

    float a = 0.0f, b = 0.0f, c = 0.0f, d = 0.0f;
    if (tid < head) a += in[tid];
    if (tid < n - tailStart) b += in[tailStart + tid];
    size_t i = tid;
    for (; i + 3 * step < count4; i += 4 * step) {
        const float4 v0 = body[i];
        const float4 v1 = body[i + step];
        const float4 v2 = body[i + 2 * step];
        const float4 v3 = body[i + 3 * step];
        a += (v0.x + v0.y) + (v0.z + v0.w);
        b += (v1.x + v1.y) + (v1.z + v1.w);
        c += (v2.x + v2.y) + (v2.z + v2.w);
        d += (v3.x + v3.y) + (v3.z + v3.w);
    }
    for (; i < count4; i += step) {
        const float4 v = body[i];
        a += (v.x + v.y) + (v.z + v.w);
    }
    return (a + b) + (c + d);
}

__device__ void addToPartial(float v, float* partial)
{
    if (threadIdx.x == 0) partial[blockIdx.x] = 0.0f;
    __syncthreads();
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    if (threadIdx.x % 32 == 0) atomicAdd(&partial[blockIdx.x], v);
}

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    addToPartial(threadSum(in, n), partial);
}

__global__ void reduceCascadeShuffle(const float* in, float* partial, size_t n)
{
    addToPartial(threadSum(in, n), partial);
}
