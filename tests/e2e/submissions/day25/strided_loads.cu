// Each thread sums its own contiguous chunk of the array: right at every
// size, but a warp's 32 lanes read 32 addresses a chunk apart, so each warp
// load touches 32 sectors where its 128 bytes fit in 4. Day 25 requires
// coalesced loads (a gate of 1.5 times the ideal sectors a request), so
// performance fails, exit 1, with the figure and the bound; the performance
// section says the same beside the reference's float4 loads (16 sectors for
// 512 bytes), and models the cost: 8 times the bytes moved. The other
// kernel, the reference's, meets the gate.
// e2e: day 25
// e2e: exit 1
// e2e: pass correctness races memory
// e2e: fail performance
// e2e: detail performance reduceCascade: global load sectors/request 32.0, where the day's gate allows at most 1.5 x the ideal (its bytes contiguous), 4.0 = 6.0
// e2e: kernel reduceCascade passed=false yours.performance.load_sectors_per_request=32 yours.performance.load_sectors_ideal=4 reference.performance.load_sectors_per_request=16 reference.performance.load_sectors_ideal=16
// e2e: kernel reduceCascade yours.global_load_sectors=67108864 reference.global_load_sectors=8388608 bytes_needed=268435456
// e2e: kernel reduceCascade yours.performance.store_sectors_per_request=1 yours.performance.theoretical_occupancy=1
// e2e: output each warp load touches 32 sectors where 4 would do: the loads are strided or scattered
// e2e: kernel reduceCascadeShuffle passed=true advice=null
#define reduceCascade reduceCascade_reference
// e2e-paste: solutions/day25-cascade/cascade.cu
#undef reduceCascade

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    __shared__ float sums[256];
    const size_t threads = (size_t)gridDim.x * blockDim.x;
    const size_t chunk = (n + threads - 1) / threads;
    const size_t first = ((size_t)blockIdx.x * blockDim.x + threadIdx.x) * chunk;
    float sum = 0.0f;
    for (size_t i = first; i < first + chunk && i < n; i++) sum += in[i];
    sums[threadIdx.x] = sum;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) sums[threadIdx.x] += sums[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = sums[0];
}
