// Golden: a tile's dot products, `sum += As[ty][k] * Bs[k][tx]` unrolled
// into runs of shared loads and fmas, which the emulator runs as one op
// (X_DOTS: lower.c's sim_fuse_dots, warp_access.c's sim_exec_dots) where a
// full warp's tiles are half-warp rows or broadcasts, or whole rows and
// words, and op by op elsewhere. The runner runs every case in the
// reference mode too, which fuses nothing, and compares the reports, the
// counters and every buffer bit for bit.

constexpr int kTile = 16;

// Infinities, NaNs, signed zeros and subnormals among the inputs (the same
// in the tiled and the naive sums): index i of a matrix.
__device__ float special(float v, int i)
{
    switch (i % 41) {
    case 3: return __int_as_float(0x7f800000);   // +inf
    case 7: return __int_as_float(0x00000001);   // the smallest subnormal
    case 11: return -0.0f;
    case 19: return __int_as_float(0x807fffff);  // the largest negative subnormal
    case 23: return 3.0e38f;                     // overflows in a product
    case 29: return __int_as_float(0x7fc00001);  // a NaN with a payload
    default: return v;
    }
}

// case: 16 x 16 tiles (a half-warp's broadcast of As[ty][k], both halves
// reading one row Bs[k][tx]) against the naive sum in the same kernel: the
// same additions in the same order, so the same bits (NaN as the canonical
// NaN in both); the sums' bits written too
// kernel: tiledBits
// launch: grid 2,2 block 16,16
// buffer: A f32 1024 = iota*0.125+1
// buffer: B f32 1024 = iota*-0.25+3
// buffer: same u32 1024 = 7
// buffer: bits u32 1024 = 0
// params: A B same bits 32
// expect: same[0..1023] = 1
// expect: no hazards
__global__ void tiledBits(const float* A, const float* B, unsigned* same, unsigned* bits, int n)
{
    __shared__ float As[kTile][kTile];
    __shared__ float Bs[kTile][kTile];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
    float sum = 0.0f;
    for (int t = 0; t < n; t += kTile) {
        As[ty][tx] = special(A[row * n + t + tx], row * n + t + tx);
        Bs[ty][tx] = special(B[(t + ty) * n + col], (t + ty) * n + col + 5);
        __syncthreads();
        for (int k = 0; k < kTile; ++k) sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    float naive = 0.0f;
    for (int k = 0; k < n; ++k) naive += special(A[row * n + k], row * n + k) * special(B[k * n + col], k * n + col + 5);
    same[row * n + col] = __float_as_uint(sum) == __float_as_uint(naive);
    bits[row * n + col] = __float_as_uint(sum);
}

// case: 32 x 32 tiles in blocks of 32 x 32: a warp is a row of the block,
// so As[ty][k] is one word for the whole warp and Bs[k][tx] one row of 32
// words (the loads the one-word and run paths take, in the run too)
// kernel: wholeRows
// launch: grid 2,2 block 32,32
// buffer: A f32 4096 = iota*0.0625+0.5
// buffer: B f32 4096 = iota*-0.125+2
// buffer: same u32 4096 = 7
// params: A B same 64
// expect: same[0..4095] = 1
// expect: no hazards
__global__ void wholeRows(const float* A, const float* B, unsigned* same, int n)
{
    __shared__ float As[32][32];
    __shared__ float Bs[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * 32 + ty, col = blockIdx.x * 32 + tx;
    float sum = 0.0f;
    for (int t = 0; t < n; t += 32) {
        As[ty][tx] = A[row * n + t + tx];
        Bs[ty][tx] = B[(t + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < 32; ++k) sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    float naive = 0.0f;
    for (int k = 0; k < n; ++k) naive += A[row * n + k] * B[k * n + col];
    same[row * n + col] = __float_as_uint(sum) == __float_as_uint(naive);
}

// case: the tiles read with no barrier after they are written: the dot
// product's reads race with other warps' stores of the same epoch
// gpu: differs, a race: which warp stores first is the hardware's
// kernel: noBarrier
// launch: grid 1 block 16,16
// buffer: A f32 256 = iota*0.5+1
// buffer: B f32 256 = iota*0.25+2
// buffer: out f32 256 = 0
// params: A B out
// expect: hazard races kind RACE_SHARED line @raceDot
__global__ void noBarrier(const float* A, const float* B, float* out)
{
    __shared__ float As[kTile][kTile];
    __shared__ float Bs[kTile][kTile];
    const int tx = threadIdx.x, ty = threadIdx.y;
    As[ty][tx] = A[ty * kTile + tx];
    Bs[ty][tx] = B[ty * kTile + tx];
    float sum = 0.0f;
    for (int k = 0; k < kTile; ++k) sum += As[ty][k] * Bs[k][tx]; // @raceDot
    out[ty * kTile + tx] = sum;
}

// case: half of Bs never written (threads with tx >= 8 store nothing): the
// dot product reads uninitialised shared words
// kernel: halfTile
// launch: grid 1 block 16,16
// buffer: A f32 256 = iota*0.5+1
// buffer: B f32 256 = iota*0.25+2
// buffer: out f32 256 = 0
// params: A B out
// expect: hazard memory kind UNINIT_SHARED line @uninitDot
__global__ void halfTile(const float* A, const float* B, float* out)
{
    __shared__ float As[kTile][kTile];
    __shared__ float Bs[kTile][kTile];
    const int tx = threadIdx.x, ty = threadIdx.y;
    As[ty][tx] = A[ty * kTile + tx];
    if (tx < 8) Bs[ty][tx] = B[ty * kTile + tx];
    __syncthreads();
    float sum = 0.0f;
    for (int k = 0; k < kTile; ++k) sum += As[ty][k] * Bs[k][tx]; // @uninitDot
    out[ty * kTile + tx] = sum;
}

// A 16 x 16 tile of A into As and of B into Bs, a thread a word, Bs's
// words from `bsWords` on left unwritten.
__device__ void fillTiles(float* As, float* Bs, const float* A, const float* B, int bsWords)
{
    const int i = threadIdx.y * kTile + threadIdx.x;
    As[i] = A[i];
    if (i < bsWords) Bs[i] = B[i];
}

// case: the tiles in dynamic shared memory of 2,048 bytes, Bs read one row
// down (k + 1): the last load of the run reads past the end
// kernel: pastTiles
// launch: grid 1 block 16,16 shared 2048
// buffer: A f32 256 = iota*0.5+1
// buffer: B f32 256 = iota*0.25+2
// buffer: out f32 256 = 0
// params: A B out
// expect: hazard memory kind OOB line @oobDot
__global__ void pastTiles(const float* A, const float* B, float* out)
{
    extern __shared__ float tiles[];
    float* As = tiles;
    float* Bs = tiles + kTile * kTile;
    const int tx = threadIdx.x, ty = threadIdx.y;
    fillTiles(As, Bs, A, B, kTile * kTile);
    __syncthreads();
    float sum = 0.0f;
    for (int k = 0; k < kTile; ++k) sum += As[ty * kTile + k] * Bs[(k + 1) * kTile + tx]; // @oobDot
    out[ty * kTile + tx] = sum;
}

// case: the tiles in dynamic shared memory of 2,016 bytes, Bs's last row
// half inside it: the run's last load of Bs starts inside shared memory
// and ends 32 bytes past it (a half-warp's 16 words, half of them out;
// As read down a column, a word a half-warp, so that nvcc makes no vector
// loads of it and the run is one of 32-bit loads)
// kernel: straddleTiles
// launch: grid 1 block 16,16 shared 2016
// buffer: A f32 256 = iota*0.5+1
// buffer: B f32 256 = iota*0.25+2
// buffer: out f32 256 = 0
// params: A B out
// expect: hazard memory kind OOB line @straddleDot
__global__ void straddleTiles(const float* A, const float* B, float* out)
{
    extern __shared__ float tiles[];
    float* As = tiles;
    float* Bs = tiles + kTile * kTile;
    const int tx = threadIdx.x, ty = threadIdx.y;
    fillTiles(As, Bs, A, B, kTile * kTile - kTile / 2); // (Bs's words past the 2,016 bytes not written)
    __syncthreads();
    float sum = out[ty * kTile + tx];
    for (int k = 0; k < kTile; ++k) sum += As[k * kTile + ty] * Bs[k * kTile + tx]; // @straddleDot
    out[ty * kTile + tx] = sum;
}

// case: blocks of 16 x 5 threads: the third warp has 16 lanes, whose dot
// products run op by op, beside the full warps' runs
// kernel: partialWarp
// launch: grid 1 block 16,5
// buffer: A f32 80 = iota*0.5+1
// buffer: B f32 256 = iota*0.25+2
// buffer: out f32 80 = 0
// params: A B out
// expect: no hazards
// expect: out[0] = 3112
__global__ void partialWarp(const float* A, const float* B, float* out)
{
    __shared__ float As[5][kTile];
    __shared__ float Bs[kTile][kTile];
    const int tx = threadIdx.x, ty = threadIdx.y;
    As[ty][tx] = A[ty * kTile + tx];
    for (int r = ty; r < kTile; r += 5) Bs[r][tx] = B[r * kTile + tx];
    __syncthreads();
    float sum = 0.0f;
    for (int k = 0; k < kTile; ++k) sum += As[ty][k] * Bs[k][tx];
    out[ty * kTile + tx] = sum;
}

// case: register blocking: 16 x 16 threads make a 32 x 32 tile of C, each
// thread four sums (rows ty and ty + 16, columns tx and tx + 16), their
// loads and fmas interleaved in one run; against the naive sums, bit for bit
// kernel: blocked2x2
// launch: grid 2,2 block 16,16
// buffer: A f32 4096 = iota*0.125+1
// buffer: B f32 4096 = iota*-0.25+3
// buffer: same u32 4096 = 7
// params: A B same 64
// expect: same[0..4095] = 1
// expect: no hazards
__global__ void blocked2x2(const float* A, const float* B, unsigned* same, int n)
{
    __shared__ float As[32][kTile];
    __shared__ float Bs[kTile][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * 32 + ty, col = blockIdx.x * 32 + tx;
    float s00 = 0.0f, s01 = 0.0f, s10 = 0.0f, s11 = 0.0f;
    for (int t = 0; t < n; t += kTile) {
        for (int i = 0; i < 2; ++i) {
            const int ai = (row + 16 * i) * n + t + tx, bi = (t + ty) * n + col + 16 * i;
            As[ty + 16 * i][tx] = special(A[ai], ai);
            Bs[ty][tx + 16 * i] = special(B[bi], bi + 5);
        }
        __syncthreads();
        for (int k = 0; k < kTile; ++k) {
            const float a0 = As[ty][k], a1 = As[ty + 16][k], b0 = Bs[k][tx], b1 = Bs[k][tx + 16];
            s00 += a0 * b0;
            s01 += a0 * b1;
            s10 += a1 * b0;
            s11 += a1 * b1;
        }
        __syncthreads();
    }
    float naive[2][2] = {{0.0f, 0.0f}, {0.0f, 0.0f}};
    for (int k = 0; k < n; ++k)
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j) {
                const int ai = (row + 16 * i) * n + k, bi = k * n + col + 16 * j;
                naive[i][j] += special(A[ai], ai) * special(B[bi], bi + 5);
            }
    const float sums[2][2] = {{s00, s01}, {s10, s11}};
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
            same[(row + 16 * i) * n + col + 16 * j] = __float_as_uint(sums[i][j]) == __float_as_uint(naive[i][j]);
}

// The cases below loop over 16 tiles: a block makes more shared accesses
// than memo.c records, so no block is compared with another's record, and
// a run of one sum goes into the read log as one entry (a dots entry) where
// the log is open in its epoch already (after a warp's first run there).

// case: two runs of one sum a tile (As with Bs, then As a row down with
// Cs); in the last round, with no barrier after them, each warp stores into
// its rows of Cs, which only the second runs read: the first warp's stores
// meet its logged runs (the second a dots entry), whose reads go into the
// shadow first, and race with its other lanes' reads (no __syncwarp)
// gpu: differs, a race: which warp stores first is the hardware's
// kernel: raceAfterDots
// launch: grid 2 block 16,16
// buffer: A f32 4096 = iota*0.5+1
// buffer: B f32 4096 = iota*0.25+2
// buffer: out f32 512 = 0
// params: A B out 256
// expect: hazard races kind RACE_SHARED line @raceStore
__global__ void raceAfterDots(const float* A, const float* B, float* out, int n)
{
    __shared__ float As[kTile][kTile];
    __shared__ float Bs[kTile][kTile];
    __shared__ float Cs[kTile][kTile];
    const int tx = threadIdx.x, ty = threadIdx.y;
    float sum = 0.0f;
    for (int t = 0; t < n; t += kTile) {
        As[ty][tx] = A[ty * n + t + tx];
        Bs[ty][tx] = B[(t + ty) * kTile + tx];
        Cs[ty][tx] = B[(t + ty) * kTile + tx] * 0.5f;
        __syncthreads();
        for (int k = 0; k < kTile; ++k) sum += As[ty][k] * Bs[k][tx];
        sum *= 0.5f;
        for (int k = 0; k < kTile; ++k) sum += As[(ty + 1) % kTile][k] * Cs[k][tx];
        if (t + kTile >= n) Cs[ty][tx] = sum; // @raceStore
        __syncthreads();
    }
    out[blockIdx.x * kTile * kTile + ty * kTile + tx] = sum;
}

// case: Bs read two rows down in the odd rows of the block (k + 2 (ty &
// 1)): a warp's two halves read rows 32 words apart, one bank conflict a
// load, which the run counts once a base; against the naive sums, bit for
// bit
// kernel: conflictDots
// launch: grid 2 block 16,16
// buffer: A f32 8192 = iota*0.125+1
// buffer: B f32 4128 = iota*-0.25+3
// buffer: same u32 512 = 7
// params: A B same 256
// expect: same[0..511] = 1
// expect: no hazards
__global__ void conflictDots(const float* A, const float* B, unsigned* same, int n)
{
    __shared__ float As[kTile][kTile];
    __shared__ float Bs[kTile + 2][kTile];
    const int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.x * kTile + ty;
    float sum = 0.0f;
    for (int t = 0; t < n; t += kTile) {
        As[ty][tx] = special(A[row * n + t + tx], row * n + t + tx);
        Bs[ty][tx] = B[(t + ty) * kTile + tx];
        if (ty < 2) Bs[kTile + ty][tx] = B[(t + kTile + ty) * kTile + tx];
        __syncthreads();
        for (int k = 0; k < kTile; ++k) sum += As[ty][k] * Bs[k + 2 * (ty & 1)][tx];
        __syncthreads();
    }
    float naive = 0.0f;
    for (int k = 0; k < n; ++k) naive += special(A[row * n + k], row * n + k) * B[(k + 2 * (ty & 1)) * kTile + tx];
    same[row * kTile + tx] = __float_as_uint(sum) == __float_as_uint(naive);
}

// case: two runs of one sum a tile (as above), then a __syncwarp: the warp
// sync meets the logged runs, whose reads go into the shadow then (nothing
// to report); the last words the second run loads, used again after it
// (their registers, which the run leaves as its loads would); the sums'
// and those values' bits compared with the reference mode's
// kernel: syncwarpDots
// launch: grid 2 block 16,16
// buffer: A f32 4096 = iota*0.5+1
// buffer: B f32 4096 = iota*0.25+2
// buffer: out f32 1024 = 0
// params: A B out 256
// expect: no hazards
__global__ void syncwarpDots(const float* A, const float* B, float* out, int n)
{
    __shared__ float As[kTile][kTile];
    __shared__ float Bs[kTile][kTile];
    __shared__ float Cs[kTile][kTile];
    const int tx = threadIdx.x, ty = threadIdx.y;
    float sum = 0.0f, edge = 0.0f;
    for (int t = 0; t < n; t += kTile) {
        As[ty][tx] = A[ty * n + t + tx];
        Bs[ty][tx] = B[(t + ty) * kTile + tx];
        Cs[ty][tx] = B[(t + ty) * kTile + tx] * 0.5f;
        __syncthreads();
        for (int k = 0; k < kTile; ++k) sum += As[ty][k] * Bs[k][tx];
        sum *= 0.5f;
        for (int k = 0; k < kTile; ++k) sum += As[(ty + 1) % kTile][k] * Cs[k][tx];
        edge = edge * 0.25f + (As[(ty + 1) % kTile][kTile - 1] - Cs[kTile - 1][tx]);
        __syncwarp();
        __syncthreads();
    }
    out[blockIdx.x * kTile * kTile + ty * kTile + tx] = sum;
    out[2 * kTile * kTile + blockIdx.x * kTile * kTile + ty * kTile + tx] = edge;
}

// case: the other shapes of a run's a and b (dot_acc_avx2 makes a loop for
// each): a half-warp's row of As with a broadcast of Bs (the operands of
// the tile's product swapped), a broadcast of both, a row of both; each sum
// its own run (a barrier between them), the specials among the inputs, and
// each against the same sum from global memory, bit for bit
// kernel: dotShapes
// launch: grid 2 block 16,16
// buffer: A f32 512 = iota*0.125+1
// buffer: B f32 512 = iota*-0.25+3
// buffer: same u32 1536 = 7
// buffer: bits u32 1536 = 0
// params: A B same bits
// expect: same[0..1535] = 1
// expect: no hazards
__global__ void dotShapes(const float* A, const float* B, unsigned* same, unsigned* bits)
{
    __shared__ float As[kTile][kTile];
    __shared__ float Bs[kTile][kTile];
    const int tx = threadIdx.x, ty = threadIdx.y, base = blockIdx.x * kTile * kTile;
    As[ty][tx] = special(A[base + ty * kTile + tx], base + ty * kTile + tx);
    Bs[ty][tx] = special(B[base + ty * kTile + tx], base + ty * kTile + tx + 5);
    __syncthreads();
    float rowWord = 0.0f, wordWord = 0.0f, rowRow = 0.0f;
    for (int k = 0; k < kTile; ++k) rowWord += As[k][tx] * Bs[ty][k];
    __syncthreads();
    for (int k = 0; k < kTile; ++k) wordWord += As[ty][k] * Bs[ty][k];
    __syncthreads();
    for (int k = 0; k < kTile; ++k) rowRow += As[k][tx] * Bs[k][tx];
    float n1 = 0.0f, n2 = 0.0f, n3 = 0.0f;
    for (int k = 0; k < kTile; ++k) {
        const float ak = special(A[base + k * kTile + tx], base + k * kTile + tx),
                    ay = special(A[base + ty * kTile + k], base + ty * kTile + k),
                    by = special(B[base + ty * kTile + k], base + ty * kTile + k + 5),
                    bk = special(B[base + k * kTile + tx], base + k * kTile + tx + 5);
        n1 += ak * by;
        n2 += ay * by;
        n3 += ak * bk;
    }
    const int i = 3 * (base + ty * kTile + tx);
    same[i] = __float_as_uint(rowWord) == __float_as_uint(n1);
    same[i + 1] = __float_as_uint(wordWord) == __float_as_uint(n2);
    same[i + 2] = __float_as_uint(rowRow) == __float_as_uint(n3);
    bits[i] = __float_as_uint(rowWord);
    bits[i + 1] = __float_as_uint(wordWord);
    bits[i + 2] = __float_as_uint(rowRow);
}
