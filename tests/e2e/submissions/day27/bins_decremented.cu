// atomicSub where atomicAdd belongs: every bin counts down from 0 and wraps
// to a huge unsigned value. The mismatch rows print the bins as the integers
// they are (4294963200), not as floats (4.2949632e+09): the JSON says the
// output is integer (the tab is cJSON's).
// e2e: day 27
// e2e: exit 1
// e2e: fail correctness
// e2e: output "integer":	true
#define histogramGlobal histogramGlobal_reference
// e2e-paste: solutions/day27-histogram/histogram.cu
#undef histogramGlobal

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const int step = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        atomicSub(&bins[data[i]], 1u);
}
