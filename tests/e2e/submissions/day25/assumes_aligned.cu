// float4 loads from `in` as it comes, with the n % 4 tail added: right
// whenever in is 16-byte aligned (every cudaMalloc), and a misaligned read
// when the kernel is handed in + 1 or in + 3, as the hidden sizes do: a GPU
// faults there, so correctness fails too. Only hidden sizes meet it, so the
// hazard says its kind and line, and nothing of the offset it was handed.
// e2e: day 25
// e2e: exit 1
// e2e: fail memory correctness
// e2e: detail memory (misaligned) at a hidden size
// e2e: hazard memory kernel=reduceCascade kind=misaligned hidden=true block=null mask=null
#define reduceCascade reduceCascade_reference
// e2e-paste: solutions/day25-cascade/cascade.cu
#undef reduceCascade

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    __shared__ float sums[256];
    const float4* in4 = reinterpret_cast<const float4*>(in);
    const size_t tid = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    const size_t step = (size_t)gridDim.x * blockDim.x;
    float sum = 0.0f;
    for (size_t i = tid; i < n / 4; i += step) {
        const float4 v = in4[i];
        sum += (v.x + v.y) + (v.z + v.w);
    }
    for (size_t i = n / 4 * 4 + tid; i < n; i += step) sum += in[i];
    sums[threadIdx.x] = sum;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) sums[threadIdx.x] += sums[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = sums[0];
}
