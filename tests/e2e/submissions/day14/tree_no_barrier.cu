// blockSums's tree without the barrier inside its loop: threads of one warp
// race (thread 0 reads s[16] as thread 16 adds into it) and so do threads of
// different warps (thread 32 adds into s[32] that thread 0 read). The fix is
// __syncthreads(), which orders the warp too, so the race across warps comes
// first and the check's detail says __syncthreads() (it once showed the pair
// inside warp 0 first, and so said __syncwarp()).
// e2e: day 14
// e2e: exit 1
// e2e: fail races
// e2e: detail races with no __syncthreads() between
// e2e: output add __syncthreads() between one thread's load and another's store at line
// e2e: output add __syncwarp() between one thread's store and another's load at line
// e2e: hazard races kernel=blockSums kind=race-shared
// e2e: hazard races kernel=blockSums kind=race-warp
#define blockSums blockSums_reference
// e2e-paste: solutions/day14-syncthreads/syncthreads.cu
#undef blockSums

__global__ void blockSums(const float* in, float* partial, int n)
{
    __shared__ float s[kBlock];
    const int t = threadIdx.x;
    const int i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (t < half) s[t] += s[t + half];
    }
    if (t == 0) partial[blockIdx.x] = s[0];
}
