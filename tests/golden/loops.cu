// Golden: compiled loops (loop.c). A loop of global loads, fmas and the
// integer ops that step its addresses and counter (a naive matmul's
// `sum += A[row * n + k] * B[k * n + col]`, which nvcc unrolls by 4) runs
// its iterations after the first without the interpreter where a full
// warp's loads are half-warp rows or broadcasts, or one column, in one
// allocation and its trip count is the same in every lane; elsewhere op
// by op. The loads' addresses may be 64-bit pointers stepped by the body
// or 32-bit indices widened in each iteration (mul.wide.u32 or .s32 by a
// constant). The runner runs every case in the reference mode too, which
// compiles no loop, and compares the reports, the counters and every
// buffer bit for bit.

// The naive product of n x n matrices, 16 x 16 blocks.
__device__ float naiveSum(const float* A, const float* B, int n, int row, int col)
{
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += A[row * n + k] * B[k * n + col]; // @naiveLoad
    return sum;
}

// case: random bits for inputs (NaNs with payloads, infinities,
// subnormals, signed zeros among them): every sum's bits as the
// reference mode's, a NaN as the canonical NaN
// kernel: naive
// launch: grid 2,2 block 16,16
// buffer: A u32 1024 = rand 11 0 4294967295
// buffer: B u32 1024 = rand 12 0 4294967295
// buffer: C u32 1024 = 0
// params: A B C 32
// expect: no hazards
__global__ void naive(const float* A, const float* B, float* C, int n)
{
    const int col = blockIdx.x * 16 + threadIdx.x, row = blockIdx.y * 16 + threadIdx.y;
    C[row * n + col] = naiveSum(A, B, n, row, col);
}

// case: ordinary numbers over a long loop: 8 warps, 256 iterations each
// of the unrolled loop, more than one turn of a warp (the turn ends where
// the interpreter would end it), 3 left for the loop after it
// kernel: tall
// launch: grid 1,1 block 16,16
// buffer: A f32 16432 = rand 5 -1 1
// buffer: B f32 16432 = rand 6 -1 1
// buffer: C f32 256 = 0
// params: A B C 1027
// expect: no hazards
__global__ void tall(const float* A, const float* B, float* C, int n)
{
    const int col = threadIdx.x, row = threadIdx.y;
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += A[row * n + k] * B[k * 16 + col]; // @tallLoad
    C[row * 16 + col] = sum;
}

// case: B ends before the loop does: the load past its end is reported
// where the interpreter finds it (no iteration of the compiled loop may
// read it)
// kernel: naive
// launch: grid 2,2 block 16,16
// buffer: A f32 1024 = iota*0.5+1
// buffer: B f32 1000 = iota*0.25-3
// buffer: C f32 1024 = 0
// params: A B C 32
// expect: hazard memory kind OOB line @naiveLoad
// gpu: none a load out of bounds

// case: a loop that stops at a different k in each lane (its counters
// differ across the warp): op by op, the lanes leaving one after another
// kernel: ragged
// launch: grid 1 block 32,2
// buffer: A f32 4096 = iota*0.125-2
// buffer: B f32 4096 = iota*0.5+1
// buffer: C f32 64 = 0
// params: A B C 64
// expect: no hazards
__global__ void ragged(const float* A, const float* B, float* C, int n)
{
    const int x = threadIdx.x, t = threadIdx.y * 32 + x;
    float sum = 0.0f;
    for (int k = 0; k < n - (t % 7) * 5; ++k) sum += A[k] * B[k * n + x];
    C[t] = sum;
}

// case: unsigned indices (`k * n + threadIdx.x`): nvcc widens a 32-bit
// index in every iteration (mul.wide.u32 by 4), which the compiled loop
// steps as a 64-bit number while it stays below 2^32
// kernel: widened
// launch: grid 1 block 32,2
// buffer: A f32 4096 = iota*0.125-2
// buffer: B f32 4096 = iota*0.5+1
// buffer: C f32 64 = 0
// params: A B C 64
// expect: no hazards
__global__ void widened(const float* A, const float* B, float* C, int n)
{
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += A[k] * B[k * n + threadIdx.x];
    C[threadIdx.y * 32 + threadIdx.x] = sum;
}

// case: rows walked down a column in each lane (x along the rows of C): A's
// loads are 16 rows of a half-warp, the same 16 for both halves (neither
// halves nor one column); op by op
// kernel: columns
// launch: grid 2,2 block 16,16
// buffer: A f32 1024 = iota*0.125-2
// buffer: B f32 1024 = iota*0.5+1
// buffer: C f32 1024 = 0
// params: A B C 32
// expect: no hazards
__global__ void columns(const float* A, const float* B, float* C, int n)
{
    const int row = blockIdx.x * 16 + threadIdx.x, col = blockIdx.y * 16 + threadIdx.y;
    C[row * n + col] = naiveSum(A, B, n, row, col);
}

// case: a warp of 32 rows of A, each lane walking along its own row (its
// loads a column, 64 words apart, gathered), and lanes 2 words apart in B
// kernel: rowsPerLane
// launch: grid 1 block 32,2
// buffer: A u32 2048 = rand 71 0 4294967295
// buffer: B f32 4096 = rand 72 -2 2
// buffer: C u32 64 = 0
// params: A B C 64
// expect: no hazards
__global__ void rowsPerLane(const float* A, const float* B, float* C, int n)
{
    const int x = threadIdx.x, y = threadIdx.y;
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += A[x * n + k] * B[k * 64 + 2 * x + y];
    C[y * 32 + x] = sum;
}

// case: lanes whose first two in each half-warp are one word apart but
// whose others skip 8 words (`x + (x & 8)`): no half-warp row; op by op
// kernel: gapped
// launch: grid 1 block 16,2
// buffer: A f32 2048 = iota*0.125-2
// buffer: B f32 2048 = iota*0.5+1
// buffer: C f32 32 = 0
// params: A B C 64
// expect: no hazards
__global__ void gapped(const float* A, const float* B, float* C, int n)
{
    const int x = threadIdx.x, y = threadIdx.y;
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += A[y * n + k] * B[k * 32 + x + (x & 8)];
    C[y * 16 + x] = sum;
}

// case: two sums a loop, a pointer that walks to an end pointer (a 64-bit
// compare), a second pointer stepped by 32
// kernel: twoSums
// launch: grid 2 block 16,2
// buffer: A u32 2048 = rand 21 0 4294967295
// buffer: B f32 2048 = rand 22 -4 4
// buffer: C u32 128 = 0
// params: A B C 64
// expect: no hazards
__global__ void twoSums(const float* A, const float* B, float* C, int n)
{
    const int col = blockIdx.x * 16 + threadIdx.x, row = threadIdx.y;
    const float* a = A + row * n;
    const float* end = a + n;
    const float* b = B + col;
    float s = 0.0f, q = 0.0f;
    for (; a != end; ++a, b += 32) {
        s += *a * *b;
        q += *a * *a;
    }
    C[2 * (row * 32 + col)] = s;
    C[2 * (row * 32 + col) + 1] = q;
}

// case: two sums a step of 2 while `k + 1 < n` (setp.lt), a pointer copied
// at the end of each iteration (mov), an odd n (the last term after it)
// kernel: pairs
// launch: grid 1 block 32,2
// buffer: A u32 128 = rand 31 0 4294967295
// buffer: B u32 2048 = rand 32 0 4294967295
// buffer: C u32 64 = 0
// params: A B C 61
// expect: no hazards
__global__ void pairs(const float* A, const float* B, float* C, int n)
{
    const int x = threadIdx.x, y = threadIdx.y;
    float s0 = 0.0f, s1 = 0.0f;
    int k = 0;
    for (; k + 1 < n; k += 2) {
        s0 += A[y * n + k] * B[k * 32 + x];
        s1 += A[y * n + k + 1] * B[(k + 1) * 32 + x];
    }
    if (k < n) s0 += A[y * n + k] * B[k * 32 + x];
    C[y * 32 + x] = s0 + s1;
}

// case: k counting down to 0 (`k >= 0`), and an unsigned bound (`k < m`
// with k unsigned): the ordered compares of both signs
// kernel: downUp
// launch: grid 1 block 32,2
// buffer: A f32 128 = rand 41 -2 2
// buffer: B f32 2048 = rand 42 -2 2
// buffer: C f32 128 = 0
// params: A B C 61
// expect: no hazards
__global__ void downUp(const float* A, const float* B, float* C, int n)
{
    const int x = threadIdx.x, y = threadIdx.y;
    float down = 0.0f, up = 0.0f;
    for (int k = n - 1; k >= 0; --k) down += A[y * n + k] * B[k * 32 + x];
    const unsigned m = (unsigned)n;
    for (unsigned k = 0; k < m; k += 3) up += A[y * n + k] * B[k * 32 + x];
    C[y * 64 + x] = down;
    C[y * 64 + 32 + x] = up;
}

// case: pointers walked along a row of A and down a column of B inside
// the bounds test (nvcc copies one at the end of each iteration: a mov)
// kernel: walk
// launch: grid 2,2 block 16,16
// buffer: A f32 1200 = rand 51 -2 2
// buffer: B f32 1200 = rand 52 -2 2
// buffer: C f32 1024 = 0
// params: A B C 30 30 40
// expect: no hazards
__global__ void walk(const float* A, const float* B, float* C, int M, int N, int K)
{
    const int col = blockIdx.x * blockDim.x + threadIdx.x, row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < M && col < N) {
        const float* a = A + row * K;
        const float* b = B + col;
        float sum = 0.0f;
        for (int k = 0; k < K; ++k) {
            sum += (*a) * (*b);
            a++;
            b += N;
        }
        C[row * N + col] = sum;
    }
}

// case: a loop while `k <= last` stepping by 3 in a loop nvcc does not
// unroll (setp.le)
// kernel: thirds
// launch: grid 1 block 32,2
// buffer: A f32 128 = rand 61 -2 2
// buffer: B f32 2048 = rand 62 -2 2
// buffer: C f32 64 = 0
// params: A B C 64 62
// expect: no hazards
__global__ void thirds(const float* A, const float* B, float* C, int n, int last)
{
    const int x = threadIdx.x, y = threadIdx.y;
    float third = 0.0f;
#pragma unroll 1
    for (int k = 1; k <= last; k += 3) third += A[y * n + k] * B[k * 32 + x];
    C[y * 32 + x] = third;
}

// case: the block's budget runs out inside the loop: the same step, warp
// and line as the interpreter's
// kernel: tall
// launch: grid 1,1 block 16,16
// buffer: A f32 16432 = 1
// buffer: B f32 16432 = 1
// buffer: C f32 256 = 0
// params: A B C 1027
// budget: 20000
// expect: status budget exhausted
// expect: hazard correctness kind BUDGET line @tallLoad block 0
// gpu: none the budget is the emulator's

// case: block 1 reads in its loop the words of B that block 0 stored in
// the same launch: a race between blocks, reported at the load as the
// interpreter reports it
// kernel: readOthers
// launch: grid 2 block 16,16
// buffer: A f32 1024 = iota*0.5+1
// buffer: B f32 1024 = 2
// buffer: C f32 1024 = 0
// params: A B C 32
// expect: hazard races kind RACE_GLOBAL line @othersLoad
// gpu: none a race between blocks
__global__ void readOthers(const float* A, float* B, float* C, int n)
{
    const int x = threadIdx.x, y = threadIdx.y;
    if (blockIdx.x == 0) B[y * n + x] = 1.0f + x;
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += A[y * n + k] * B[k * n + x]; // @othersLoad
    C[blockIdx.x * 512 + y * n + x] = sum;
}

// case: one sum of three fmas an iteration through packed rows: a load's
// value used by two fmas, a load squared (both operands one load), and a
// parameter's row the body does not write (its fmas in vector registers,
// each operand from memory or its row), random bits for inputs
// kernel: reused
// launch: grid 1 block 32,2
// buffer: A u32 4096 = rand 81 0 4294967295
// buffer: B u32 2048 = rand 82 0 4294967295
// buffer: C u32 64 = 0
// params: A B C 61 0.75f
// expect: no hazards
// gpu: none, added after loops.h200 (until its next record)
__global__ void reused(const float* A, const float* B, float* C, int n, float s)
{
    const int x = threadIdx.x, y = threadIdx.y;
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) {
        const float a = A[y * n + k], b = B[k * 32 + x];
        sum += a * b;
        sum += a * s;
        sum += b * b;
    }
    C[y * 32 + x] = sum;
}

// case: halves of two kinds in one load: the first half-warp reads one
// word of B (its lanes' index 0), the second a row of 16 (`x` where y is
// odd), each iteration
// kernel: mixedHalves
// launch: grid 1 block 16,4
// buffer: A f32 4096 = rand 91 -2 2
// buffer: B f32 4096 = rand 92 -2 2
// buffer: C f32 64 = 0
// params: A B C 64
// expect: no hazards
// gpu: none, added after loops.h200 (until its next record)
__global__ void mixedHalves(const float* A, const float* B, float* C, int n)
{
    const int x = threadIdx.x, y = threadIdx.y, j = (y & 1) ? x : 0;
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += A[y * n + k] * B[k * 16 + j];
    C[y * 16 + x] = sum;
}
