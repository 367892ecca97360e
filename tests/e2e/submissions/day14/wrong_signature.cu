// n as unsigned: the day's signature says int.
// e2e: day 14
// e2e: exit 1
// e2e: fail correctness
// e2e: kernel blockSums parameters differ from the day's: yours is blockSums(const float*, float*, unsigned int)
#define blockSums blockSums_reference
// e2e-paste: solutions/day14-syncthreads/syncthreads.cu
#undef blockSums

__global__ void blockSums(const float* in, float* partial, unsigned n)
{
    if (threadIdx.x == 0) partial[blockIdx.x] = in[0] * n;
}
