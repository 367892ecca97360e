// Each warp reduces its register sums with a full-mask __shfl_xor_sync
// butterfly (every lane ends with the warp total), lane 0 writes one of 8
// shared slots, one barrier, then warp 0 reads the 8 slots (lanes 8..31 carry
// 0) and reduces again. 32 bytes of shared memory, one __syncthreads()
// reached by every thread. reduceCascade shares the code.
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

__device__ float warpTotal(float v)
{
    for (int m = 16; m > 0; m >>= 1) v += __shfl_xor_sync(0xffffffffu, v, m);
    return v;
}

__device__ void writePartial(float v, float* partial)
{
    __shared__ float slots[8];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    v = warpTotal(v);
    if (lane == 0) slots[warp] = v;
    __syncthreads();
    if (warp == 0) {
        const float t = warpTotal(lane < 8 ? slots[lane] : 0.0f);
        if (lane == 0) partial[blockIdx.x] = t;
    }
}

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    writePartial(threadSum(in, n), partial);
}

__global__ void reduceCascadeShuffle(const float* in, float* partial, size_t n)
{
    writePartial(threadSum(in, n), partial);
}
