// Conformance: CUDA's built-in warpSize in the shapes real code uses it:
// lane and warp ids, loops from warpSize / 2, a default argument
// `int width = warpSize`, strides of warpSize and masks from warpSize - 1.

// case: lane and warp from warpSize, a down ladder from warpSize / 2
// kernel: wsWarpSums
// launch: grid 2 block 128
// buffer: in s32 256 = iota
// buffer: out s32 8 = 0
// params: in out
// expect: out[0..7] = iota*1024+496
// expect: no hazards
__global__ void wsWarpSums(const int* in, int* out)
{
    int lane = threadIdx.x % warpSize;
    int warp = threadIdx.x / warpSize;
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int o = warpSize / 2; o > 0; o /= 2)
        v += __shfl_down_sync(0xffffffffu, v, o);
    if (lane == 0) out[blockIdx.x * (blockDim.x / warpSize) + warp] = v;
}

// case: a default argument width = warpSize, and width 8
// kernel: wsDefaultWidth
// launch: grid 1 block 64
// buffer: full s32 64 = 0
// buffer: eight s32 64 = 0
// params: full eight
// expect: full[0..31] = 496
// expect: full[32..63] = 1520
// expect: eight[0..63] = 28 28 28 28 28 28 28 28 92 92 92 92 92 92 92 92 156 156 156 156 156 156 156 156 220 220 220 220 220 220 220 220 284 284 284 284 284 284 284 284 348 348 348 348 348 348 348 348 412 412 412 412 412 412 412 412 476 476 476 476 476 476 476 476
// expect: no hazards
__device__ int groupSum(int v, int width = warpSize)
{
    for (int o = width / 2; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o, width);
    return v;
}

__global__ void wsDefaultWidth(int* full, int* eight)
{
    int t = threadIdx.x;
    full[t] = groupSum(t);
    eight[t] = groupSum(t, 8);
}

// case: two-level block sum, per-warp partials in shared memory
// kernel: wsBlockSum
// launch: grid 3 block 256
// buffer: in f32 768 = iota
// buffer: out f32 3 = 0
// params: in out
// expect: out[0..2] = iota*65536+32640
// expect: no hazards
__inline__ __device__ float warpReduceSum(float v)
{
    for (int o = warpSize / 2; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}

__global__ void wsBlockSum(const float* in, float* out)
{
    static __shared__ float partial[32];
    int lane = threadIdx.x % warpSize;
    int wid = threadIdx.x / warpSize;
    float v = warpReduceSum(in[blockIdx.x * blockDim.x + threadIdx.x]);
    if (lane == 0) partial[wid] = v;
    __syncthreads();
    int nwarps = (blockDim.x + warpSize - 1) / warpSize;
    v = threadIdx.x < nwarps ? partial[lane] : 0.0f;
    if (wid == 0) v = warpReduceSum(v);
    if (threadIdx.x == 0) out[blockIdx.x] = v;
}

// case: one warp per matrix row, lanes stride the columns by warpSize
// kernel: wsRowDot
// launch: grid 2 block 128
// buffer: a s32 800 = iota
// buffer: x s32 100 = 1
// buffer: y s32 8 = -1
// params: a x y 8 100
// expect: y[0..7] = iota*10000+4950
// expect: no hazards
__global__ void wsRowDot(const int* a, const int* x, int* y, int rows, int cols)
{
    int lane = threadIdx.x & (warpSize - 1);
    int row = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
    if (row >= rows) return;
    int sum = 0;
    for (int c = lane; c < cols; c += warpSize) sum += a[row * cols + c] * x[c];
    for (int o = warpSize >> 1; o; o >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, o);
    if (lane == 0) y[row] = sum;
}

// case: inclusive warp scan with __shfl_up_sync and lane >= offset
// kernel: wsWarpScan
// launch: grid 1 block 64
// buffer: in s32 64 = iota
// buffer: out s32 64 = 0
// params: in out
// expect: out[0..63] = 0 1 3 6 10 15 21 28 36 45 55 66 78 91 105 120 136 153 171 190 210 231 253 276 300 325 351 378 406 435 465 496 32 65 99 134 170 207 245 284 324 365 407 450 494 539 585 632 680 729 779 830 882 935 989 1044 1100 1157 1215 1274 1334 1395 1457 1520
// expect: no hazards
__global__ void wsWarpScan(const int* in, int* out)
{
    int lane = threadIdx.x % warpSize;
    int v = in[threadIdx.x];
    for (int o = 1; o < warpSize; o *= 2) {
        int n = __shfl_up_sync(0xffffffffu, v, o);
        if (lane >= o) v += n;
    }
    out[threadIdx.x] = v;
}

// case: ballot compaction within each warp (positions from a lane mask)
// kernel: wsCompact
// launch: grid 1 block 64
// buffer: in s32 64 = iota
// buffer: out s32 64 = -1
// buffer: count s32 2 = 0
// params: in out count
// expect: out[0..10] = 0 3 6 9 12 15 18 21 24 27 30
// expect: out[11..31] = -1
// expect: out[32..42] = 33 36 39 42 45 48 51 54 57 60 63
// expect: out[43..63] = -1
// expect: count[0..1] = 11
// expect: no hazards
__global__ void wsCompact(const int* in, int* out, int* count)
{
    int lane = threadIdx.x % warpSize;
    int warp = threadIdx.x / warpSize;
    int v = in[threadIdx.x];
    bool keep = v % 3 == 0;
    unsigned ballot = __ballot_sync(0xffffffffu, keep);
    unsigned below = (1u << lane) - 1u;
    if (keep) out[warp * warpSize + __popc(ballot & below)] = v;
    if (lane == 0) count[warp] = __popc(ballot);
}

// case: a segmented scan over half warps, width = warpSize / 2
// kernel: wsHalfScan
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: out[0..31] = 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
// expect: no hazards
__global__ void wsHalfScan(int* out)
{
    int width = warpSize / 2;
    int lane = threadIdx.x % width;
    int v = 1;
    for (int o = 1; o < width; o <<= 1) {
        int n = __shfl_up_sync(0xffffffffu, v, o, width);
        if (lane >= o) v += n;
    }
    out[threadIdx.x] = v;
}

// case: warp votes on a warpSize-based condition
// kernel: wsVotes
// launch: grid 1 block 96
// buffer: in s32 96 = iota
// buffer: out s32 96 = -1
// params: in out 40
// expect: out[0..31] = 3
// expect: out[32..63] = 1
// expect: out[64..95] = 0
// expect: no hazards
__global__ void wsVotes(const int* in, int* out, int limit)
{
    int v = in[threadIdx.x];
    int all = __all_sync(0xffffffffu, v < limit);
    int any = __any_sync(0xffffffffu, v < limit);
    out[threadIdx.x] = all * 2 + any;
}

// case: the leader broadcasts with lane = threadIdx.x & (warpSize - 1)
// kernel: wsBroadcast
// launch: grid 2 block 64
// buffer: out s32 128 = 0
// params: out
// expect: out[0..31] = 0
// expect: out[32..63] = 1
// expect: out[64..95] = 10
// expect: out[96..127] = 11
// expect: no hazards
__global__ void wsBroadcast(int* out)
{
    int lane = threadIdx.x & (warpSize - 1);
    int mine = lane == 0 ? (int)(blockIdx.x * 10 + threadIdx.x / warpSize) : -5;
    int got = __shfl_sync(0xffffffffu, mine, 0);
    out[blockIdx.x * blockDim.x + threadIdx.x] = got;
}
