// Golden: shared-memory tiles read by whole warps, the loads the words path
// and the shadow's read log take (warp_access.c's lds_words, shadow.c's
// sim_shadow_defer_reads), beside the general path (the runner runs every
// case in the reference mode too, which takes neither, and compares).

// case: a tiled matrix multiply (16 x 16 tiles: a half-warp's broadcast of
// As[ty][k], both half-warps reading one row Bs[k][tx]) against the naive
// one in the same kernel: every element the same bits
// kernel: tiledVsNaive
// launch: grid 2,2 block 16,16
// buffer: A f32 1024 = iota*0.125+1
// buffer: B f32 1024 = iota*-0.25+3
// buffer: out u32 1024 = 7
// params: A B out 32
// expect: out[0..1023] = 1
// expect: no hazards
constexpr int kTile = 16;

__global__ void tiledVsNaive(const float* A, const float* B, unsigned* out, int n)
{
    __shared__ float As[kTile][kTile];
    __shared__ float Bs[kTile][kTile];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
    float sum = 0.0f;
    for (int t = 0; t < n; t += kTile) {
        As[ty][tx] = A[row * n + t + tx];
        Bs[ty][tx] = B[(t + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < kTile; ++k) sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    float naive = 0.0f;
    for (int k = 0; k < n; ++k) naive += A[row * n + k] * B[k * n + col];
    out[row * n + col] = sum == naive;
}

// case: each warp's half-warps read a row of its own after the barrier,
// then one thread of each writes a word of the other warp's row, in the
// same epoch: the warp that runs second reads a word written before it
// (its read races) and writes one the first read (its write meets the
// read's record, which the log puts into the shadow before the write)
// kernel: writeAfterTileRead
// gpu: differs, a race: which warp reads first is the hardware's
// launch: grid 1 block 64
// buffer: out f32 64 = 0
// params: out
// expect: hazard races kind RACE_SHARED line @tileRead line2 @tileWrite
// expect: hazard races kind RACE_SHARED line @tileWrite line2 @tileRead
__global__ void writeAfterTileRead(float* out)
{
    __shared__ float s[64];
    const int t = threadIdx.x;
    s[t] = (float)t;
    __syncthreads();
    const int mine = t / 32 * 32;
    const float v = s[mine + t % 16]; // @tileRead
    if (t % 32 == 5) s[32 - mine + 3] = 1.0f; // @tileWrite
    out[t] = v;
}

// case: the same read, then the warp's own lanes write the words after a
// __syncwarp(): ordered, no race (the log's reads go in before the sync)
// kernel: syncwarpAfterTileRead
// launch: grid 1 block 32
// buffer: out f32 32 = 0
// params: out
// expect: no hazards
// expect: out[0..15] = iota*1+0
// expect: out[16..31] = list 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
__global__ void syncwarpAfterTileRead(float* out)
{
    __shared__ float s[32];
    const int t = threadIdx.x;
    s[t] = (float)t;
    __syncthreads();
    const float v = s[t % 16];
    __syncwarp();
    s[15 - t % 16] = 2.0f;
    out[t] = v;
}

// case: the same without the __syncwarp(): lane 0 writes the word lanes 15
// and 31 read, in one epoch, unordered
// kernel: noSyncwarpAfterTileRead
// launch: grid 1 block 32
// buffer: out f32 32 = 0
// params: out
// expect: hazard races kind RACE_WARP line @ownWrite line2 @ownRead
__global__ void noSyncwarpAfterTileRead(float* out)
{
    __shared__ float s[32];
    const int t = threadIdx.x;
    s[t] = (float)t;
    __syncthreads();
    const float v = s[t % 16]; // @ownRead
    if (t < 16) s[15 - t] = 2.0f; // @ownWrite
    out[t] = v;
}

// case: half-warps reading a row of which only half was written: the
// lanes past it read uninitialised words (no log; the general loop)
// kernel: halfWrittenRow
// gpu: differs, uninitialised shared memory holds whatever was there
// launch: grid 1 block 32
// buffer: out f32 32 = 0
// params: out
// expect: hazard memory kind UNINIT_SHARED line @halfRead
__global__ void halfWrittenRow(float* out)
{
    __shared__ float s[32];
    const int t = threadIdx.x;
    if (t < 8) s[t] = (float)t;
    __syncthreads();
    out[t] = s[t % 16]; // @halfRead
}

// case: more logged reads in one epoch than the log holds (600 warp loads
// a warp), then each warp writes a word of the other's rows: the log is
// replayed when full and again before the write
// kernel: manyReadsThenWrite
// gpu: differs, a race: which warp writes first is the hardware's
// launch: grid 1 block 64
// buffer: out f32 64 = 0
// params: out 600
// expect: hazard races kind RACE_SHARED line @manyRead line2 @lateWrite
// expect: hazard races kind RACE_SHARED line @lateWrite line2 @manyRead
__global__ void manyReadsThenWrite(float* out, int reps)
{
    __shared__ float s[64];
    const int t = threadIdx.x;
    s[t] = 1.0f;
    __syncthreads();
    const int mine = t / 32 * 32;
    float v = 0.0f;
    for (int i = 0; i < reps; ++i) v += s[mine + (t + i) % 16]; // @manyRead
    if (t % 32 == 31) s[32 - mine + 5] = v; // @lateWrite
    out[t] = v;
}

// case: a 5 x 5 convolution through a 20 x 20 halo tile (half-warps' rows
// 20 words apart: two words in some banks) against the same sums from
// global memory; and reads with two words in every bank (rows 32 words
// apart) and eight (a column of a 32-wide array): the bank counts as the
// general path's
// kernel: haloTile
// launch: grid 2,2 block 16,16
// buffer: in f32 1024 = iota*0.25+1
// buffer: out u32 1024 = 7
// params: in out 32
// expect: out[0..1023] = 1
// expect: no hazards
__global__ void haloTile(const float* in, unsigned* out, int n)
{
    __shared__ float tile[20][20];
    __shared__ float wide[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, t = ty * 16 + tx;
    const int x0 = blockIdx.x * 16 - 2, y0 = blockIdx.y * 16 - 2;
    for (int i = ty; i < 20; i += 16)
        for (int j = tx; j < 20; j += 16) {
            const int y = y0 + i, x = x0 + j;
            tile[i][j] = (y >= 0 && y < n && x >= 0 && x < n) ? in[y * n + x] : 0.0f;
        }
    wide[t / 32][t % 32] = (float)t;
    __syncthreads();
    const int y = blockIdx.y * 16 + ty, x = blockIdx.x * 16 + tx;
    float s = 0.0f, g = 0.0f;
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) {
            s += tile[ty + i][tx + j];
            const int yy = y + i - 2, xx = x + j - 2;
            g += (yy >= 0 && yy < n && xx >= 0 && xx < n) ? in[yy * n + xx] : 0.0f;
        }
    const int lane = t % 32;
    const float two = wide[lane / 16 * 2][lane % 16];     // rows 0 and 2: two words a bank
    const float eight = wide[lane % 8][lane / 8];         // a column: eight words a bank
    const bool ok = two == (float)(lane / 16 * 64 + lane % 16) && eight == (float)(lane % 8 * 32 + lane / 8);
    out[y * n + x] = s == g && ok;
}

// case: half-warps reading two rows of a tile 20, 48 and 40 words wide
// (a 5 x 5 convolution's halo tile, `tile[ty + i][tx + j]`): each half a
// run of 16 words, the two 32 words or more apart; their banks overlap (one
// extra wavefront) at 20 and 40 words, not at 48 (the halves 16 banks
// apart). lds_words counts them from the halves' starts (banks_halves), the
// reference mode with count_banks' set; the counters must agree
// kernel: haloRows
// launch: grid 1 block 16,16
// buffer: out f32 256 = 0
// params: out
// expect: out[0..255] = list 18 27 36 45 54 63 72 81 90 99 108 117 126 135 144 153 27 36 45 54 63 72 81 90 99 108 117 126 135 144 153 162 36 45 54 63 72 81 90 99 108 117 126 135 144 153 162 171 45 54 63 72 81 90 99 108 117 126 135 144 153 162 171 180 54 63 72 81 90 99 108 117 126 135 144 153 162 171 180 189 63 72 81 90 99 108 117 126 135 144 153 162 171 180 189 198 72 81 90 99 108 117 126 135 144 153 162 171 180 189 198 207 81 90 99 108 117 126 135 144 153 162 171 180 189 198 207 216 90 99 108 117 126 135 144 153 162 171 180 189 198 207 216 225 99 108 117 126 135 144 153 162 171 180 189 198 207 216 225 234 108 117 126 135 144 153 162 171 180 189 198 207 216 225 234 243 117 126 135 144 153 162 171 180 189 198 207 216 225 234 243 252 126 135 144 153 162 171 180 189 198 207 216 225 234 243 252 261 135 144 153 162 171 180 189 198 207 216 225 234 243 252 261 270 144 153 162 171 180 189 198 207 216 225 234 243 252 261 270 279 153 162 171 180 189 198 207 216 225 234 243 252 261 270 279 288
// expect: no hazards
__global__ void haloRows(float* out)
{
    __shared__ float a[20][20], b[18][48], c[18][40];
    const int tx = threadIdx.x, ty = threadIdx.y, t = ty * 16 + tx;
    for (int i = t; i < 20 * 20; i += 256) a[i / 20][i % 20] = (float)(i % 20 + i / 20);
    for (int i = t; i < 18 * 48; i += 256) b[i / 48][i % 48] = (float)(i % 48 + i / 48);
    for (int i = t; i < 18 * 40; i += 256) c[i / 40][i % 40] = (float)(i % 40 + i / 40);
    __syncthreads();
    float s = 0.0f;
    for (int j = 0; j < 3; ++j) s += a[ty + 1][tx + j] + b[ty + 2][tx + j] + c[ty][tx + j];
    out[t] = s;
}

// case: a block's sum through one slot a warp, the slots read at fixed
// addresses (`slots[1]`: an ld.shared with no base register, X_LDS1, one
// word for every lane) after the barrier, as LayerNorm's blockSum reads them
// kernel: slotSums
// launch: grid 2 block 256
// buffer: out u32 512 = 0
// params: out
// expect: out[0..255] = 32640
// expect: out[256..511] = 98176
// expect: no hazards
__global__ void slotSums(unsigned* out)
{
    __shared__ unsigned slots[8];
    const unsigned t = threadIdx.x, g = blockIdx.x * 256 + t;
    unsigned v = g;
    for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
    if (t % 32 == 0) slots[t / 32] = v;
    __syncthreads();
    out[g] = slots[0] + slots[1] + slots[2] + slots[3] + slots[4] + slots[5] + slots[6] + slots[7];
}

// case: the same reads with no barrier after the slots' stores: warp 0
// reads the slot warp 1 writes, unordered (the fixed-address path reports
// what the general path does)
// kernel: slotSumsNoBarrier
// gpu: differs, the warps' order decides what the early reads see
// launch: grid 1 block 64
// buffer: out u32 64 = 0
// params: out
// expect: hazard races kind RACE_SHARED line @slotWrite line2 @slotRead
__global__ void slotSumsNoBarrier(unsigned* out)
{
    __shared__ unsigned slots[2];
    const unsigned t = threadIdx.x;
    if (t % 32 == 0) slots[t / 32] = t; // @slotWrite
    out[t] = slots[0] + slots[1]; // @slotRead
}

// case: a slot no warp wrote, read at its fixed address by every lane
// (only warps 0 to 2 of 4 write theirs)
// kernel: slotUnwritten
// gpu: differs, uninitialised shared memory holds whatever was there
// launch: grid 1 block 128
// buffer: out u32 128 = 0
// params: out
// expect: hazard memory kind UNINIT_SHARED line @unwrittenRead
__global__ void slotUnwritten(unsigned* out)
{
    __shared__ unsigned slots[4];
    const unsigned t = threadIdx.x;
    if (t % 32 == 0 && t < 96) slots[t / 32] = 1;
    __syncthreads();
    out[t] = slots[0] + slots[3]; // @unwrittenRead
}

// case: each warp's half-warps read one word each after the barrier (a
// tile's broadcast, `As[ty][k]`: the log's halves entry, two starts and
// no step), then one thread of each writes a word the other warp's half
// read, in the same epoch: the halves entry is replayed before the write
// and each warp's read and write race as the reference mode finds them
// kernel: writeAfterHalfBroadcast
// gpu: differs, a race: which warp reads first is the hardware's
// launch: grid 1 block 64
// buffer: out f32 64 = 0
// params: out
// expect: hazard races kind RACE_SHARED line @wordRead line2 @wordWrite
// expect: hazard races kind RACE_SHARED line @wordWrite line2 @wordRead
__global__ void writeAfterHalfBroadcast(float* out)
{
    __shared__ float s[64];
    const int t = threadIdx.x;
    s[t] = (float)t;
    __syncthreads();
    const float v = s[t / 16 * 16 + 7]; // @wordRead
    if (t % 32 == 5) s[(32 - t / 32 * 32) + 23] = 1.0f; // @wordWrite
    out[t] = v;
}

// case: after the barrier every word of shared memory is clean (the log
// looks at none of them), then lane 3 writes its word and the half-warps
// read a row holding it: that epoch's reads are not clean any more, and
// lanes 3 and 19 reading it race with the write as the reference finds
// kernel: writeThenTileRead
// gpu: differs, lanes 3 and 19 read the word lane 3 writes: a race, whose order is the hardware's
// launch: grid 1 block 32
// buffer: out f32 32 = 0
// params: out
// expect: hazard races kind RACE_WARP line @rowRead line2 @ownWord
__global__ void writeThenTileRead(float* out)
{
    __shared__ float s[32];
    const int t = threadIdx.x;
    s[t] = (float)t;
    __syncthreads();
    float v = s[t % 16];
    __syncthreads();
    if (t == 3) s[3] = 9.0f; // @ownWord
    v += s[t % 16]; // @rowRead
    out[t] = v;
}

// case: two blocks on one host thread: the first writes all of its shared
// memory and reads rows of it (the log finds every word written, for that
// block), the second writes only 8 words and reads the same rows: its
// lanes past them read uninitialised words (what the first block found
// is not the second's)
// kernel: secondBlockHalfWritten
// gpu: differs, uninitialised shared memory holds whatever was there
// launch: grid 2 block 32
// buffer: out f32 64 = 0
// params: out
// expect: hazard memory kind UNINIT_SHARED line @secondRead
__global__ void secondBlockHalfWritten(float* out)
{
    __shared__ float s[32];
    const int t = threadIdx.x;
    if (blockIdx.x == 0 || t < 8) s[t] = (float)t;
    __syncthreads();
    out[blockIdx.x * 32 + t] = s[t % 16]; // @secondRead
}

// case: more logged reads in one epoch than the log holds, in the halves'
// form (half-warps' broadcasts and rows, 300 of each a warp, both
// depending on the step so that none leaves the loop), then each
// warp writes a word of the other's rows: the compact entries are
// replayed when the log is full and again before the write
// kernel: manyHalvesThenWrite
// gpu: differs, a race: which warp writes first is the hardware's
// launch: grid 1 block 64
// buffer: out f32 64 = 0
// params: out 300
// expect: hazard races kind RACE_SHARED line @manyHalves line2 @lateHalvesWrite
// expect: hazard races kind RACE_SHARED line @lateHalvesWrite line2 @manyHalves
__global__ void manyHalvesThenWrite(float* out, int reps)
{
    __shared__ float s[64];
    const int t = threadIdx.x;
    s[t] = 1.0f;
    __syncthreads();
    const int mine = t / 32 * 32, half = t % 32 / 16 * 16;
    float v = 0.0f;
    for (int i = 0; i < reps; ++i) v += s[mine + half + i % 16] + s[mine + i % 2 * 16 + t % 16]; // @manyHalves
    if (t % 32 == 31) s[32 - mine + 5] = v; // @lateHalvesWrite
    out[t] = v;
}

// case: each warp reads a run of 32 words, one word for all its lanes and
// a column (stride 3 words) after the barrier, each logged as two halves
// (64 bytes apart, on one word, 16 strides apart), then lane 0 writes a
// word of each of the other warp's three reads in the same epoch: the
// entries are replayed before the writes, and the reads and writes race
// as the reference mode finds them
// kernel: shapesThenWrite
// gpu: differs, a race: which warp reads first is the hardware's
// launch: grid 1 block 64
// buffer: out f32 64 = 0
// params: out
// expect: hazard races kind RACE_SHARED line @runWrite line2 @runRead
// expect: hazard races kind RACE_SHARED line @oneWrite line2 @runRead
// expect: hazard races kind RACE_SHARED line @colWrite line2 @colRead
// expect: hazard races kind RACE_SHARED line @runRead line2 @runWrite
// expect: hazard races kind RACE_SHARED line @runRead line2 @oneWrite
// expect: hazard races kind RACE_SHARED line @oneRead line2 @oneWrite
// expect: hazard races kind RACE_SHARED line @colRead line2 @colWrite
__global__ void shapesThenWrite(float* out)
{
    __shared__ float r[2][32];
    __shared__ float c[2][32][3];
    const int t = threadIdx.x, wp = t / 32, lane = t % 32;
    r[wp][lane] = (float)t;
    for (int j = 0; j < 3; ++j) c[wp][lane][j] = (float)(t + j);
    __syncthreads();
    const float a = r[wp][lane]; // @runRead
    const float b = r[wp][7]; // @oneRead
    const float d = c[wp][lane][1]; // @colRead
    if (lane == 0) {
        r[1 - wp][3] = 1.0f; // @runWrite
        r[1 - wp][7] = 2.0f; // @oneWrite
        c[1 - wp][4][1] = 3.0f; // @colWrite
    }
    out[t] = a + b + d;
}

// case: a full warp's shared loads whose one half-warp reads one word and
// the other a run of 16 words, the two 32 words or more apart (lds_halves'
// banks_halves path for a broadcast beside a run: the broadcast's bank
// shared with one word of the run is one extra wavefront, or none where
// the run misses it), both ways round; the reference mode counts them
// from the general set
// kernel: broadcastBesideRun
// launch: grid 1 block 64
// buffer: out u32 128 = 0
// params: out
// expect: out[0..31] = list 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71
// expect: out[32..63] = list 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3
// expect: out[64..95] = list 20 20 20 20 20 20 20 20 20 20 20 20 20 20 20 20 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105
// expect: out[96..127] = list 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3
// expect: no hazards
__global__ void broadcastBesideRun(unsigned* out)
{
    __shared__ unsigned s[128];
    const unsigned t = threadIdx.x, lane = t % 32, h = lane / 16, x = lane % 16;
    s[t] = t;
    s[t + 64] = t + 64;
    __syncthreads();
    if (t < 32) {
        out[t] = s[h ? 40 + lane : 0];         /* words 0 and 56..71: bank 0 twice */
        out[32 + t] = s[h ? 3 : 40 + x];       /* the run first, then word 3 (no shared bank) */
    } else {
        out[32 + t] = s[h ? 74 + lane : 20];   /* word 20 and 90..105: no bank twice */
        out[64 + t] = s[h ? 3 : 40 + x];
    }
}
