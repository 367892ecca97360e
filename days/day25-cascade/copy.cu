// The bandwidth baseline for the bandwidth-bound days (day 25 first): a plain
// device-to-device copy, out[i] = in[i] for i < n, written the way the
// reference reductions read, so that "% of copy bandwidth" compares like with
// like. It moves 8 bytes per element (4 read, 4 written); the harness counts
// both when it turns the median time into GB/s.
//
// Grid-stride over float4 (16-byte loads and stores) when in and out share
// their alignment modulo 16, as cudaMalloc'd buffers do; a scalar head brings
// both to a 16-byte boundary and a scalar tail finishes the last 0..3 floats.
// If the two pointers are misaligned differently, no float4 lines up in both,
// and the whole copy falls back to a scalar grid-stride loop.
//
// Compiled by the harness on its own (nvcc -ptx -arch=sm_75), never with a
// student's file, so its name cannot clash with theirs.

__global__ void copyKernel(const float* in, float* out, size_t n)
{
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t step = (size_t)gridDim.x * blockDim.x;

    const size_t inMis = (size_t)in & 15;
    if (inMis != ((size_t)out & 15)) {
        for (size_t i = tid; i < n; i += step) out[i] = in[i];
        return;
    }

    size_t head = ((16 - inMis) & 15) / sizeof(float);
    if (head > n) head = n;
    const size_t count4 = (n - head) / 4;
    const size_t tailStart = head + count4 * 4;
    const float4* src = reinterpret_cast<const float4*>(in + head);
    float4* dst = reinterpret_cast<float4*>(out + head);

    // Two independent 16-byte loads in flight per iteration, as the reductions
    // keep several; stores need no such help (they do not stall the thread).
    size_t i = tid;
    for (; i + step < count4; i += 2 * step) {
        const float4 a = src[i];
        const float4 b = src[i + step];
        dst[i] = a;
        dst[i + step] = b;
    }
    for (; i < count4; i += step) dst[i] = src[i];

    if (tid < head) out[tid] = in[tid];
    if (tid < n - tailStart) out[tailStart + tid] = in[tailStart + tid];
}
