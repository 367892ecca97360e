// histogramShared without the shared bins: right, but one global atomic a
// byte instead of one a bin a block. The performance section counts the
// atomics by space and says what to do.
// e2e: day 27
// e2e: exit 0
// e2e: pass correctness
// e2e: kernel histogramShared yours.shared_atomics=0 reference.global_atomics=65536 reference.shared_atomics=1048576
// e2e: kernel histogramShared yours.global_atomics=1048576
// e2e: output yours makes 1048576 global atomics where the reference makes 65536: add up in registers or shared memory first
// e2e: kernel histogramGlobal yours.global_atomics=1048576 advice=null
#define histogramShared histogramShared_reference
// e2e-paste: solutions/day27-histogram/histogram.cu
#undef histogramShared

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    const int step = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        atomicAdd(&bins[data[i]], 1u);
}
