// Attack: results that depend on the clock: %clock64, %globaltimer and
// %smid read in inline PTX decide which element a thread writes. The
// emulator's clocks must be a function of the program, never of the host, so
// the report is the same whatever --threads says.
// expect: exit 1
// expect: same-report 1 2 4
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    unsigned long long c, g;
    unsigned sm;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c));
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g));
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = (float)((c + g + sm) % 1000);
}
__global__ void blockSums(const float* in, float* partial, int n) {}
