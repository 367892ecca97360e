// Day 12, reference solution: a 1D stencil of radius 3 through shared memory.
//
// out[i] = in[i - 3] + ... + in[i + 3], an input outside [0, n) counting as 0.
// Each input is needed by 7 outputs; reading it from global memory 7 times
// would cost 28 bytes an output. Instead each block loads its 256 inputs and
// the 3 on each side it shares with its neighbours (the halo) into shared
// memory once, and every thread reads its 7 values from there.

constexpr int kBlock = 256;
constexpr int kRadius = 3;

__global__ void stencil1d(const float* in, float* out, int n)
{
    // slot s holds input start - kRadius + s
    __shared__ float tile[kBlock + 2 * kRadius];

    const int t = threadIdx.x;
    const int start = blockIdx.x * blockDim.x;
    const int i = start + t;

    // 1. The block's own inputs; a thread past n stores 0, which is what an
    //    input outside the array counts as.
    tile[t + kRadius] = (i < n) ? in[i] : 0.0f;

    // 2. The halo: the first kRadius threads load the kRadius inputs before
    //    the block and the kRadius after it. The first block's left halo and
    //    the last block's right halo lie outside the array: 0.
    if (t < kRadius) {
        const int left = start - kRadius + t;
        const int right = start + blockDim.x + t;
        tile[t] = (left >= 0) ? in[left] : 0.0f;
        tile[t + blockDim.x + kRadius] = (right < n) ? in[right] : 0.0f;
    }

    // 3. Thread t reads slots its neighbours wrote, some in other warps: every
    //    thread of the block waits here, including those past n.
    __syncthreads();

    // 4. Output i is inputs i - kRadius .. i + kRadius: slots t .. t + 6.
    if (i < n) {
        float sum = 0.0f;
        for (int k = 0; k <= 2 * kRadius; ++k) sum += tile[t + k];
        out[i] = sum;
    }
}
