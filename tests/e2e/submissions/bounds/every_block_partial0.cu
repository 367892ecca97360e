// reduceCascade's classic slip: every block writes its sum to partial[0]
// instead of partial[blockIdx.x]. Which block's sum stays there depends on
// which block finishes last, so with blocks on several host threads the
// report would change from run to run. No store of the kernel depends on the
// block index, so its blocks run one at a time in index order: the same
// report with 1, 2 or 4 threads.
// e2e: day 25
// e2e: exit 1
// e2e: fail correctness
// e2e: threads-invariant
// e2e: max-seconds 30
// e2e: max-mib 2048
#define reduceCascade reduceCascade_reference
// e2e-paste: solutions/day25-cascade/cascade.cu
#undef reduceCascade

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    __shared__ float sums[kBlock];
    const int t = threadIdx.x;
    float sum = threadSum(in, n);
    sums[t] = sum;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (t < half) {
            sum += sums[t + half];
            sums[t] = sum;
        }
        __syncthreads();
    }
    if (t == 0) partial[0] = sum;
}
