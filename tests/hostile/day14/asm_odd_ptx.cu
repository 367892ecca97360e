// Attack: inline PTX the emulator may not know or may take too literally: a
// breakpoint, a performance-monitor event, a long nanosleep, a system-wide
// fence, a prefetch of a wild address, an early `exit`. Each is a verdict
// (unsupported, fault) or is run; none aborts or sleeps the grader.
// expect: exit 1
// expect: max-seconds 15
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    asm volatile("membar.sys;");
    asm volatile("prefetch.global.L2 [%0];" :: "l"(0xdead0000ull));
    asm volatile("nanosleep.u32 1000000;");
    if (threadIdx.x == 5) asm volatile("brkpt;");
    if (threadIdx.x == 7) asm volatile("exit;");
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[n - 1 - i];
}
__global__ void blockSums(const float* in, float* partial, int n) {}
