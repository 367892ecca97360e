// Slow but correct block step: after the grid-stride loop each thread writes its
// slot, one barrier, then thread 0 alone adds the 256 slots in a loop
// (reduceCascade), or each lane of warp 0 adds 8 slots and a full-mask shuffle
// ladder finishes (reduceCascadeShuffle). Reads follow the barrier that
// follows all writes; nothing is written after it.
// Expected: every check passes.
//
// e2e: day 25
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

// This thread's share: a grid-stride loop of plain float loads, right for any
// n and any 4-byte aligned pointer.
__device__ float threadSum(const float* in, size_t n)
{
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t step = (size_t)gridDim.x * blockDim.x;
    float sum = 0.0f;
    for (size_t i = tid; i < n; i += step) sum += in[i];
    return sum;
}

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    __shared__ float sums[256];
    sums[threadIdx.x] = threadSum(in, n);
    __syncthreads();
    if (threadIdx.x == 0) {
        float total = 0.0f;
        for (unsigned t = 0; t < blockDim.x; ++t) total += sums[t];
        partial[blockIdx.x] = total;
    }
}

__global__ void reduceCascadeShuffle(const float* in, float* partial, size_t n)
{
    __shared__ float sums[256];
    sums[threadIdx.x] = threadSum(in, n);
    __syncthreads();
    if (threadIdx.x < 32) {
        float v = 0.0f;
        for (unsigned t = threadIdx.x; t < blockDim.x; t += 32) v += sums[t];
        for (int offset = 16; offset > 0; offset /= 2)
            v += __shfl_down_sync(0xffffffffu, v, offset);
        if (threadIdx.x == 0) partial[blockIdx.x] = v;
    }
}
