// A 256 KiB local array a thread (a GPU allows it), every thread touching a
// few words far apart: local memory is zeroed lazily, so the grade costs what
// the kernel touches, not 256 KiB for each of 262,144 threads.
// e2e: day 25
// e2e: exit 1
// e2e: fail correctness
// e2e: no-hazard memory
// e2e: threads-invariant
// e2e: max-seconds 15
// e2e: max-mib 2048
#define reduceCascade reduceCascade_reference
// ---- solutions/day25-cascade/cascade.cu, pasted (a submission is one file: #include of another file is refused) ----
// Day 25, reference solution: a cascaded reduction that runs at memory speed.
//
// Summing n floats does one addition per 4 bytes read, far too little work to
// keep the arithmetic units busy: the kernel is bound by how fast DRAM can
// deliver the bytes. The goal is therefore a kernel that reads the array once,
// as fast as a copy kernel can read it, and does everything else (the shared
// tree, the partial sums) in time too small to see.
//
// The cascade: a fixed grid (1,024 blocks of 256 threads for the course size)
// strides over the whole array, each thread adding many elements in registers
// before it touches shared memory; then each block reduces its 256 register
// sums to one partial sum. The host (or a second tiny launch) adds the
// 1,024 partials. Every block writes its partial, even one that found no
// elements (it writes 0).

constexpr unsigned kFullMask = 0xffffffffu;
constexpr int kWarpSize = 32;
constexpr int kBlock = 256;

__device__ __forceinline__ float sum4(float4 v)
{
    return (v.x + v.y) + (v.z + v.w);
}

// Phase 1, shared by both kernels: this thread's sum of its share of in[0..n).
//
// Three parts, so that any n and any pointer work:
//   head: the 0..3 floats before the first 16-byte boundary, one per thread;
//   body: whole float4s, one 16-byte load each, grid-stride;
//   tail: the 0..3 floats after the last whole float4, one per thread.
// cudaMalloc returns 256-byte aligned memory, so normally the head is empty,
// but a kernel handed in + 1 must still be right.
__device__ float threadSum(const float* in, size_t n)
{
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t step = (size_t)gridDim.x * blockDim.x;  // threads in the grid

    // Floats before the first 16-byte boundary (in is at least 4-byte aligned).
    size_t head = ((16 - ((size_t)in & 15)) & 15) / sizeof(float);
    if (head > n) head = n;
    const float4* body = reinterpret_cast<const float4*>(in + head);
    const size_t count4 = (n - head) / 4;  // whole float4s after the head
    const size_t tailStart = head + count4 * 4;

    // Several independent accumulators: the four loads of one iteration do not
    // wait for each other, so each thread keeps four 16-byte requests in flight
    // and the memory system always has work. One accumulator would serialise
    // nothing here (loads are issued before the adds) but would make every add
    // wait for the one before it.
    float acc0 = 0.0f, acc1 = 0.0f, acc2 = 0.0f, acc3 = 0.0f;

    size_t i = tid;
    // Consecutive threads read consecutive float4s, so a warp's load is 512
    // contiguous bytes: fully coalesced, whole 32-byte sectors, nothing wasted.
    for (; i + 3 * step < count4; i += 4 * step) {
        const float4 a = body[i];
        const float4 b = body[i + step];
        const float4 c = body[i + 2 * step];
        const float4 d = body[i + 3 * step];
        acc0 += sum4(a);
        acc1 += sum4(b);
        acc2 += sum4(c);
        acc3 += sum4(d);
    }
    for (; i < count4; i += step) acc0 += sum4(body[i]);  // the last < 4*step

    // The scalar edges: at most 3 floats each, taken by the first threads.
    if (tid < head) acc1 += in[tid];
    if (tid < n - tailStart) acc2 += in[tailStart + tid];

    return (acc0 + acc1) + (acc2 + acc3);
}

// Cascade + shared tree: 256 register sums -> 1 in eight barrier-separated steps.
__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    __shared__ float sums[kBlock];
    const int t = threadIdx.x;

    float sum = threadSum(in, n);
    sums[t] = sum;
    __syncthreads();

    // Every thread runs every step (the bounds depend only on blockDim.x) and
    // meets every barrier; the `if` only picks who adds.
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (t < half) {
            sum += sums[t + half];
            sums[t] = sum;
        }
        __syncthreads();
    }

    if (t == 0) partial[blockIdx.x] = sum;
}

// Cascade + shared tree down to 64 values + one warp of shuffles.
//
// The tree's last five steps each keep at most 32 threads busy, all in warp 0,
// yet each costs a block-wide barrier. Once 64 values are left, warp 0 adds
// them pairwise (64 -> 32, one per lane) and finishes in registers.
__global__ void reduceCascadeShuffle(const float* in, float* partial, size_t n)
{
    __shared__ float sums[kBlock];
    const int t = threadIdx.x;

    float sum = threadSum(in, n);
    sums[t] = sum;
    __syncthreads();

    for (int half = blockDim.x / 2; half > kWarpSize; half /= 2) {
        if (t < half) {
            sum += sums[t + half];
            sums[t] = sum;
        }
        __syncthreads();
    }

    // sums[0..63] are live and the barrier above made them visible. The
    // condition is the same for all 32 lanes of a warp (whole warp 0 takes it,
    // every other warp skips it), so the full mask is honest: all 32 lanes
    // named by 0xffffffff are here. No barrier follows, so the other warps
    // may simply finish.
    if (t < kWarpSize) {
        sum += sums[t + kWarpSize];
        for (int offset = kWarpSize / 2; offset > 0; offset /= 2)
            sum += __shfl_down_sync(kFullMask, sum, offset);
        if (t == 0) partial[blockIdx.x] = sum;
    }
}
// ---- end of the pasted reference ----
#undef reduceCascade

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    volatile float buf[1 << 16];
    buf[(threadIdx.x * 4099u) & ((1 << 16) - 1)] = 1.0f;
    float sum = buf[(threadIdx.x * 4099u) & ((1 << 16) - 1)] + buf[(threadIdx.x * 7u + 60000u) & ((1 << 16) - 1)];
    if (threadIdx.x == 0) partial[blockIdx.x] = sum;
}
