// histogramGlobal with `bins[v] += 1` instead of atomicAdd: blocks on other
// host threads would interleave their loads and stores differently on every
// run, and the bins would come out short by a different count each time.
// Its blocks store where other blocks store (the address comes from the
// data), so they run one at a time in index order: the same report with 1,
// 2 or 4 threads. Each block also reads bins that earlier blocks stored with
// plain stores, which nothing orders on a GPU: a race-global hazard under
// races, with both lines.
// e2e: day 27
// e2e: exit 1
// e2e: fail correctness races
// e2e: hazard races kind=race-global line=85 line2=85
// e2e: pass memory
// e2e: threads-invariant
// e2e: max-seconds 30
// e2e: max-mib 2048
#define histogramGlobal histogramGlobal_reference
// e2e-paste: solutions/day27-histogram/histogram.cu
#undef histogramGlobal

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const int step = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        bins[data[i]] += 1;
}
