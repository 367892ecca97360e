// Day 29, reference solution: two inclusive scans of a block's chunk in shared
// memory.
//
// Kogge-Stone takes log2(256) = 8 steps, and in every step every thread adds:
// 256 * 8 - (1 + 2 + ... + 128) = 1,793 additions for 256 elements, where a
// sequential scan needs 255. Brent-Kung does the same job for 512 elements in
// 2 * log2(512) - 1 = 17 steps but only about 2 * 512 additions: a tree up, a
// tree down. Both pad the chunk with 0, the identity of a sum, so every block
// runs the same steps and every thread meets every barrier.

constexpr int kBlock = 256;
constexpr int kSection = 2 * kBlock;  // Brent-Kung's chunk

// Inclusive scan of each 256-element chunk, one element a thread.
__global__ void koggeStone(const float* in, float* out, int n)
{
    __shared__ float s[kBlock];

    const int t = threadIdx.x;
    const int i = blockIdx.x * blockDim.x + t;

    s[t] = (i < n) ? in[i] : 0.0f;
    __syncthreads();

    // After the step with `stride`, slot t holds the sum of the 2 * stride
    // elements ending at t (or of all of them, when there are fewer).
    for (int stride = 1; stride < blockDim.x; stride *= 2) {
        // Read first, everyone: thread t - stride may be about to change the
        // slot we need.
        const float left = (t >= stride) ? s[t - stride] : 0.0f;
        __syncthreads();
        if (t >= stride) s[t] += left;
        // The writes of this step must land before the next step's reads.
        __syncthreads();
    }

    if (i < n) out[i] = s[t];
}

// Inclusive scan of each 512-element chunk, two elements a thread.
__global__ void brentKung(const float* in, float* out, int n)
{
    __shared__ float s[kSection];

    const int t = threadIdx.x;
    const int start = 2 * blockIdx.x * blockDim.x;

    // Elements t and t + 256 of the chunk: each half of the load is a run of
    // consecutive addresses, so a warp's load stays coalesced.
    const int a = start + t;
    const int b = start + t + blockDim.x;
    s[t] = (a < n) ? in[a] : 0.0f;
    s[t + blockDim.x] = (b < n) ? in[b] : 0.0f;

    // Up-sweep: a reduction tree in place. After the step with `stride`,
    // slot 2 * stride * m - 1 holds the sum of the 2 * stride elements ending
    // there; the barrier at the top orders the previous step's writes (and
    // the loads) before this step's reads.
    for (int stride = 1; stride <= blockDim.x; stride *= 2) {
        __syncthreads();
        const int idx = (t + 1) * 2 * stride - 1;
        if (idx < kSection) s[idx] += s[idx - stride];
    }

    // Down-sweep: hand each partial sum on to the slot halfway to the next
    // one, which now lacks only the sum to its left.
    for (int stride = kSection / 4; stride > 0; stride /= 2) {
        __syncthreads();
        const int idx = (t + 1) * 2 * stride - 1;
        if (idx + stride < kSection) s[idx + stride] += s[idx];
    }
    __syncthreads();

    if (a < n) out[a] = s[t];
    if (b < n) out[b] = s[t + blockDim.x];
}
