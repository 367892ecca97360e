// bench/tensor/tc_probe.cu - a GPU probe of the tensor-core instructions that
// cudalab's emulator carries (wmma, mma.sync, ldmatrix). Self-contained (no
// cudalab code); built by bench/tensor/run.sh with `nvcc -O2 -arch=sm_90`
// (everything in it is sm_80 PTX too). It makes deterministic inputs from a
// fixed seed, runs each case as one warp on the GPU and writes one text
// record, committed as tests/golden/gpu/tensor.h200 and compared bit for bit
// with the emulator by the CTest golden test.
//
//   tc_probe [--dry] [OUTFILE]   (stdout when no OUTFILE; --dry: no GPU, D
//                                 left as the sentinel, to check the generator)
//
// RECORD FORMAT (version 1). Lines beginning with '#' are comments (the first
// ones name the device, its compute capability and the CUDA runtime). Every
// other line is one case: space-separated fields, the first the case's kind
// (wmma, mma, ldmatrix), then key=value pairs. A value is never empty and has
// no spaces. Hex data: each element written as fixed-width big-endian hex of
// its bits, no separators, elements in MEMORY order: 4 digits for f16 and
// bf16, 8 for f32, tf32 and s32, 2 for s8 and u8; a "register" is 8 digits.
// Inputs are in the record, so the reader never needs this file's generator.
//
//   wmma id=N shape=m16n16k16 a=f16 b=f16 c=f32 d=f32 la=row lb=col lc=row
//        ld=LDA,LDB,LDC class=random seed=S satf=0 A=.. B=.. C=.. D=..
//     One warp: wmma::load_matrix_sync of A (layout la, leading dimension LDA
//     elements), of B (lb, LDB) and of C (accumulator, mem_row_major when
//     lc=row, mem_col_major when lc=col, LDC), wmma::mma_sync (satf for the
//     integer ones), wmma::store_matrix_sync of D with the layout lc and LDC.
//     Buffers: A row-major is M rows of LDA elements (col-major: K columns of
//     LDA), B row-major K rows of LDB (col-major: N columns of LDB), C and D M
//     rows of LDC (col-major: N columns of LDC). Padding elements (beyond the
//     matrix in a row/column) are part of the buffers: in A, B, C they hold
//     generated data too; D's buffer is filled with bytes 0xA5 before the
//     store, so D shows what the store wrote and what it left alone.
//     a=tf32 means wmma::precision::tf32 fragments loaded from float memory;
//     tf32=raw: the floats are given as generated (low 13 bits random),
//     tf32=rna: the host rounded them to tf32 first (low 13 bits zero, round
//     to nearest, ties away, as cvt.rna.tf32.f32).
//   mma id=N shape=m16n8k16 d=f32 a=f16 b=f16 c=f32 la=row lb=col satf=0
//        class=random seed=S A=.. B=.. C=.. D=..
//     mma.sync.aligned.SHAPE.row.col[.satfinite].D.A.B.C as inline PTX. A, B,
//     C and D are per-lane REGISTERS, lane-major: lane 0's registers a0 a1 ..,
//     then lane 1's, ... (32 lanes; A has 2 or 4 registers a lane, B 1 or 2,
//     C and D 2 (f16 accumulator, two halves in a register, element of the
//     lower index in the low 16 bits) or 4 (f32, s32)). Packed halves/bytes
//     follow the same rule: the lower-index element in the lower bits.
//   ldmatrix id=N num=x4 trans=0 seed=S S=.. P=.. D=..
//     ldmatrix.sync.aligned.m8n8.NUM[.trans].shared.b16. S: the shared
//     memory before the load (1024 16-bit elements, 2 KiB); P: each lane's
//     byte offset into it (32 lanes, 4 hex digits each; lanes beyond the ones
//     the shape reads hold offsets too, to show they are ignored); D: the
//     destination registers, lane-major (1, 2 or 4 a lane).
//   frag id=N shape=m16n16k16 use=a type=f16 layout=row part=all n=E X=..
//     The fragment layout nvcc and the GPU use: wmma::load_matrix_sync of
//     one fragment (use a, b or c; c is the accumulator, layout its memory
//     layout) from memory whose element at logical (row, col) holds the bits
//     of its row-major index row * cols + col (for s8 and u8, which cannot
//     hold 512 indices: part=lo holds the index's low byte, part=hi its high
//     byte; else part=all). X: each lane's fragment elements x[0..E-1],
//     lane-major, each as its type's width in hex (tf32: 8 digits; the
//     memory held 0x40000000 | index << 13 there, so X shows it too).
//
// Classes (for floats): random (exponents near 1), subnormal (half the
// elements subnormal in the input type, the rest the smallest normals),
// cancel (pairs k, k+1 of large products that cancel exactly, the other pairs
// small: shows alignment and truncation of small addends), large (exponents
// over the type's whole normal range), overflow (products or C beyond the
// accumulator's range), special (infinities, NaNs, signed zeros mixed in).
// For integers: random, extreme (only the type's extreme values), overflow
// (C near INT_MAX/INT_MIN), each with satf=0 and satf=1.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <mma.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace nvcuda;

#define CK(x)                                                                  \
    do {                                                                       \
        cudaError_t e_ = (x);                                                  \
        if (e_ != cudaSuccess) {                                               \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,        \
                    cudaGetErrorString(e_));                                   \
            exit(2);                                                           \
        }                                                                      \
    } while (0)

// ---------------------------------------------------------------- generator
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static void rng_seed(uint64_t s) { rng_state = s * 0x9E3779B97F4A7C15ull + 0x1234567ull; if (!rng_state) rng_state = 1; }
static uint32_t rng32(void)
{
    uint64_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    rng_state = x;
    return (uint32_t)(x >> 16);
}
static int rng_range(int lo, int hi) { return lo + (int)(rng32() % (uint32_t)(hi - lo + 1)); }

// element types
enum ety { T_F16, T_BF16, T_F32, T_TF32, T_S8, T_U8, T_S32 };
static const char *ety_name[] = {"f16", "bf16", "f32", "tf32", "s8", "u8", "s32"};
static int ety_bytes(ety t) { return t == T_F16 || t == T_BF16 ? 2 : t == T_S8 || t == T_U8 ? 1 : 4; }
static int ety_ebits(ety t) { return t == T_F16 ? 5 : 8; }
static int ety_mbits(ety t) { return t == T_F16 ? 10 : t == T_BF16 ? 7 : t == T_TF32 ? 10 : 23; }
static int ety_bias(ety t) { return (1 << (ety_ebits(t) - 1)) - 1; }
static int ety_isfloat(ety t) { return t <= T_TF32; }

enum cls { C_RANDOM, C_SUBNORMAL, C_CANCEL, C_LARGE, C_OVERFLOW, C_SPECIAL, C_EXTREME };
static const char *cls_name[] = {"random", "subnormal", "cancel", "large", "overflow", "special", "extreme"};

// A float's bits from sign, unbiased exponent and random mantissa; tf32 is
// held as f32 with 10 mantissa bits (low 13 bits random when raw).
static uint32_t mkfloat(ety t, int sign, int exp_unbiased, int tf32_raw)
{
    int eb = ety_ebits(t), mb = ety_mbits(t), bias = ety_bias(t);
    int e = exp_unbiased + bias;
    if (e < 1) e = 1;
    if (e > (1 << eb) - 2) e = (1 << eb) - 2;
    uint32_t m = rng32() & ((1u << mb) - 1);
    if (t == T_TF32) {
        uint32_t bits = ((uint32_t)sign << 31) | ((uint32_t)e << 23) | (m << 13);
        if (tf32_raw) bits |= rng32() & 0x1fff;
        return bits;
    }
    return ((uint32_t)sign << (eb + mb)) | ((uint32_t)e << mb) | m;
}
static uint32_t mksub(ety t, int sign)
{
    int eb = ety_ebits(t), mb = ety_mbits(t);
    uint32_t m = rng32() & ((1u << mb) - 1);
    if (!m) m = 1;
    if (t == T_TF32) return ((uint32_t)sign << 31) | (m << 13);
    return ((uint32_t)sign << (eb + mb)) | m;
}
static uint32_t mkspecial(ety t)
{
    int eb = ety_ebits(t), mb = ety_mbits(t);
    int w = t == T_TF32 ? 32 : 1 + eb + mb;
    int mshift = t == T_TF32 ? 13 : 0;
    uint32_t sign = rng32() & 1, inf = ((1u << eb) - 1) << (w - 1 - eb);
    switch (rng32() % 4) {
    case 0: return (sign << (w - 1)) | inf;                          // +-inf
    case 1: return (sign << (w - 1)) | inf | ((1u << (mb - 1)) << mshift); // quiet NaN
    case 2: return (sign << (w - 1)) | inf | ((rng32() & ((1u << (mb - 1)) - 1)) << mshift) | (1u << mshift); // signalling/payload NaN
    default: return sign << (w - 1);                                  // +-0
    }
}

// Per-type exponent ranges of the float classes.
static uint32_t gen_float(ety t, cls c, int role_is_acc, int tf32_raw, ety acc)
{
    int sign = rng32() & 1;
    int bias = ety_bias(t);
    switch (c) {
    case C_RANDOM:
        if (rng32() % 32 == 0) return 0;
        return mkfloat(t, sign, rng_range(-4, 4), tf32_raw);
    case C_SUBNORMAL:
        if (role_is_acc && acc == T_F32) return rng32() % 2 ? mksub(t, sign) : mkfloat(t, sign, rng_range(-126, -120), tf32_raw);
        if (rng32() % 2) return mksub(t, sign);
        return mkfloat(t, sign, rng_range(1 - bias, 4 - bias), tf32_raw);
    case C_LARGE:
        return mkfloat(t, sign, rng_range(1 - bias, bias), tf32_raw);
    case C_OVERFLOW:
        if (role_is_acc) return mkfloat(t, sign, rng_range(bias - 2, bias), tf32_raw);
        if (acc == T_F16) return mkfloat(t, sign, rng_range(5, 10), tf32_raw);
        if (t == T_F16) return mkfloat(t, sign, rng_range(10, 15), tf32_raw);
        return mkfloat(t, sign, rng_range(56, 68), tf32_raw);
    case C_SPECIAL:
        if (rng32() % 8 == 0) return mkspecial(t);
        return mkfloat(t, sign, rng_range(-2, 2), tf32_raw);
    default:
        return mkfloat(t, sign, rng_range(-4, 4), tf32_raw);
    }
}
static uint32_t gen_int(ety t, cls c, int role_is_acc)
{
    if (role_is_acc) {
        if (c == C_OVERFLOW) return rng32() % 2 ? 0x7fffffffu - (rng32() % 40000) : 0x80000000u + (rng32() % 40000);
        if (c == C_EXTREME) return rng32() % 2 ? 0x7fffffffu : 0x80000000u;
        return rng32() % 2 ? rng32() % 100000 : (uint32_t)-(int32_t)(rng32() % 100000);
    }
    if (c == C_EXTREME) {
        if (t == T_S8) return rng32() % 2 ? 0x7f : 0x80;
        return rng32() % 4 ? 0xff : 0;
    }
    return rng32() & 0xff;
}

// Logical matrices (bits of each element, row-major) for one case.
struct mats {
    int M, N, K;
    std::vector<uint32_t> A, B, C; // A: MxK, B: KxN, C: MxN
};
static void gen_mats(mats &m, ety ti, ety tc, cls c, int tf32_raw)
{
    m.A.assign(m.M * m.K, 0);
    m.B.assign(m.K * m.N, 0);
    m.C.assign(m.M * m.N, 0);
    if (!ety_isfloat(ti)) {
        for (auto &x : m.A) x = gen_int(ti, c, 0);
        for (auto &x : m.B) x = gen_int(ti, c, 0);
        for (auto &x : m.C) x = gen_int(tc, c, 1);
        return;
    }
    for (auto &x : m.A) x = gen_float(ti, c, 0, tf32_raw, tc);
    for (auto &x : m.B) x = gen_float(ti, c, 0, tf32_raw, tc);
    for (auto &x : m.C) x = gen_float(tc, c == C_CANCEL ? C_RANDOM : c, 1, 0, tc);
    if (c != C_CANCEL) return;
    // pairs (k, k+1) with k % 4 == 0: big products cancelling exactly; the
    // other pairs small; C small.
    int signbit = ti == T_TF32 ? 31 : ety_ebits(ti) + ety_mbits(ti);
    int big = ti == T_F16 ? 6 : 12, small = ti == T_F16 ? -8 : -14;
    for (int k = 0; k + 1 < m.K; k += 2) {
        int isbig = k % 4 == 0;
        for (int i = 0; i < m.M; i++) {
            m.A[i * m.K + k] = mkfloat(ti, rng32() & 1, isbig ? rng_range(big - 2, big) : rng_range(small, small + 4), tf32_raw);
            m.A[i * m.K + k + 1] = isbig ? m.A[i * m.K + k] : mkfloat(ti, rng32() & 1, rng_range(small, small + 4), tf32_raw);
        }
        for (int j = 0; j < m.N; j++) {
            m.B[k * m.N + j] = mkfloat(ti, rng32() & 1, isbig ? rng_range(big - 2, big) : rng_range(-2, 2), tf32_raw);
            m.B[(k + 1) * m.N + j] = isbig ? m.B[k * m.N + j] ^ (1u << signbit) : mkfloat(ti, rng32() & 1, rng_range(-2, 2), tf32_raw);
        }
    }
    for (auto &x : m.C) x = tc == T_F16 ? mkfloat(tc, rng32() & 1, rng_range(-6, -2), 0) : mkfloat(tc, rng32() & 1, rng_range(-12, -4), 0);
}

// cvt.rna.tf32.f32 on the host (finite values; NaN/inf kept)
static uint32_t tf32_rna(uint32_t x)
{
    if ((x & 0x7f800000u) == 0x7f800000u) return x & 0xffffe000u ? x & 0xffffe000u : x;
    uint32_t r = x + 0x1000u;
    return r & 0xffffe000u;
}

// ---------------------------------------------------------------- output
static FILE *out;
static void put_hex(const char *key, const void *buf, int nelem, int bytes)
{
    fprintf(out, " %s=", key);
    for (int i = 0; i < nelem; i++) {
        const unsigned char *p = (const unsigned char *)buf + (size_t)i * bytes;
        for (int b = bytes - 1; b >= 0; b--) fprintf(out, "%02x", p[b]);
    }
}
static void put_elem(std::vector<unsigned char> &buf, int idx, int bytes, uint32_t v)
{
    memcpy(&buf[(size_t)idx * bytes], &v, bytes); // little-endian host
}

// ---------------------------------------------------------------- wmma
template <class T> struct memt { typedef T type; };
template <> struct memt<wmma::precision::tf32> { typedef float type; };

// mma_sync with satf for the integer accumulators, without for the float ones
template <int M, int N, int K, class TI, class LA, class LB>
__device__ void mma_dispatch(wmma::fragment<wmma::accumulator, M, N, K, int> &c,
                             const wmma::fragment<wmma::matrix_a, M, N, K, TI, LA> &a,
                             const wmma::fragment<wmma::matrix_b, M, N, K, TI, LB> &b, int satf)
{
    if (satf) wmma::mma_sync(c, a, b, c, true);
    else wmma::mma_sync(c, a, b, c, false);
}
template <int M, int N, int K, class TC, class TI, class LA, class LB>
__device__ void mma_dispatch(wmma::fragment<wmma::accumulator, M, N, K, TC> &c,
                             const wmma::fragment<wmma::matrix_a, M, N, K, TI, LA> &a,
                             const wmma::fragment<wmma::matrix_b, M, N, K, TI, LB> &b, int)
{
    wmma::mma_sync(c, a, b, c);
}

template <int M, int N, int K, class TI, class TC, class LA, class LB>
__global__ void k_wmma(const void *a, const void *b, const void *c, void *d, unsigned lda, unsigned ldb,
                       unsigned ldc, int crow, int satf)
{
    wmma::fragment<wmma::matrix_a, M, N, K, TI, LA> fa;
    wmma::fragment<wmma::matrix_b, M, N, K, TI, LB> fb;
    wmma::fragment<wmma::accumulator, M, N, K, TC> fc;
    wmma::load_matrix_sync(fa, (const typename memt<TI>::type *)a, lda);
    wmma::load_matrix_sync(fb, (const typename memt<TI>::type *)b, ldb);
    wmma::load_matrix_sync(fc, (const TC *)c, ldc, crow ? wmma::mem_row_major : wmma::mem_col_major);
    mma_dispatch(fc, fa, fb, satf);
    wmma::store_matrix_sync((TC *)d, fc, ldc, crow ? wmma::mem_row_major : wmma::mem_col_major);
}

typedef void (*wmma_kernel)(const void *, const void *, const void *, void *, unsigned, unsigned, unsigned, int, int);

template <int M, int N, int K, class TI, class TC>
static wmma_kernel pick_layout(int arow, int brow)
{
    if (arow && brow) return k_wmma<M, N, K, TI, TC, wmma::row_major, wmma::row_major>;
    if (arow) return k_wmma<M, N, K, TI, TC, wmma::row_major, wmma::col_major>;
    if (brow) return k_wmma<M, N, K, TI, TC, wmma::col_major, wmma::row_major>;
    return k_wmma<M, N, K, TI, TC, wmma::col_major, wmma::col_major>;
}
template <int M, int N, int K>
static wmma_kernel pick_types(ety ti, ety tc, int arow, int brow)
{
    if (ti == T_F16 && tc == T_F16) return pick_layout<M, N, K, __half, __half>(arow, brow);
    if (ti == T_F16 && tc == T_F32) return pick_layout<M, N, K, __half, float>(arow, brow);
    if (ti == T_BF16) return pick_layout<M, N, K, __nv_bfloat16, float>(arow, brow);
    if (ti == T_S8) return pick_layout<M, N, K, signed char, int>(arow, brow);
    return pick_layout<M, N, K, unsigned char, int>(arow, brow);
}
static wmma_kernel pick_wmma(int M, int N, ety ti, ety tc, int arow, int brow)
{
    if (ti == T_TF32) {
        if (arow && brow) return k_wmma<16, 16, 8, wmma::precision::tf32, float, wmma::row_major, wmma::row_major>;
        if (arow) return k_wmma<16, 16, 8, wmma::precision::tf32, float, wmma::row_major, wmma::col_major>;
        if (brow) return k_wmma<16, 16, 8, wmma::precision::tf32, float, wmma::col_major, wmma::row_major>;
        return k_wmma<16, 16, 8, wmma::precision::tf32, float, wmma::col_major, wmma::col_major>;
    }
    if (M == 16) return pick_types<16, 16, 16>(ti, tc, arow, brow);
    if (M == 32) return pick_types<32, 8, 16>(ti, tc, arow, brow);
    (void)N;
    return pick_types<8, 32, 16>(ti, tc, arow, brow);
}

static int case_id;
static int dry; // --dry: no GPU; D keeps its sentinel (to check the generator and the size)

static void run_wmma(int M, int N, int K, ety ti, ety tc, int arow, int brow, int crow, int pad, cls c,
                     int seed, int satf, int tf32_raw)
{
    mats m;
    m.M = M, m.N = N, m.K = K;
    rng_seed(((uint64_t)case_id << 20) ^ (uint64_t)seed ^ 0xC0FFEEull);
    gen_mats(m, ti, tc, c, tf32_raw);
    if (ti == T_TF32 && !tf32_raw)
        for (auto *v : {&m.A, &m.B})
            for (auto &x : *v) x = tf32_rna(x);
    int bi = ety_bytes(ti), bc = ety_bytes(tc);
    int lda = (arow ? K : M) + pad, ldb = (brow ? N : K) + pad, ldc = (crow ? N : M) + pad;
    int na = (arow ? M : K) * lda, nb = (brow ? K : N) * ldb, ncd = (crow ? M : N) * ldc;
    std::vector<unsigned char> A(na * bi), B(nb * bi), C(ncd * bc), D(ncd * bc, 0xA5);
    // padding gets generated data too
    for (int i = 0; i < na; i++) put_elem(A, i, bi, ety_isfloat(ti) ? gen_float(ti, C_RANDOM, 0, tf32_raw, tc) : gen_int(ti, C_RANDOM, 0));
    for (int i = 0; i < nb; i++) put_elem(B, i, bi, ety_isfloat(ti) ? gen_float(ti, C_RANDOM, 0, tf32_raw, tc) : gen_int(ti, C_RANDOM, 0));
    for (int i = 0; i < ncd; i++) put_elem(C, i, bc, ety_isfloat(tc) ? gen_float(tc, C_RANDOM, 1, 0, tc) : gen_int(tc, C_RANDOM, 1));
    for (int i = 0; i < M; i++)
        for (int k = 0; k < K; k++) put_elem(A, arow ? i * lda + k : k * lda + i, bi, m.A[i * K + k]);
    for (int k = 0; k < K; k++)
        for (int j = 0; j < N; j++) put_elem(B, brow ? k * ldb + j : j * ldb + k, bi, m.B[k * N + j]);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) put_elem(C, crow ? i * ldc + j : j * ldc + i, bc, m.C[i * N + j]);
    void *dA, *dB, *dC, *dD;
    if (dry) goto print;
    CK(cudaMalloc(&dA, A.size()));
    CK(cudaMalloc(&dB, B.size()));
    CK(cudaMalloc(&dC, C.size()));
    CK(cudaMalloc(&dD, D.size()));
    CK(cudaMemcpy(dA, A.data(), A.size(), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB, B.data(), B.size(), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dC, C.data(), C.size(), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dD, D.data(), D.size(), cudaMemcpyHostToDevice));
    pick_wmma(M, N, ti, tc, arow, brow)<<<1, 32>>>(dA, dB, dC, dD, lda, ldb, ldc, crow, satf);
    CK(cudaGetLastError());
    CK(cudaMemcpy(D.data(), dD, D.size(), cudaMemcpyDeviceToHost));
    CK(cudaFree(dA));
    CK(cudaFree(dB));
    CK(cudaFree(dC));
    CK(cudaFree(dD));
print:
    fprintf(out, "wmma id=%d shape=m%dn%dk%d a=%s b=%s c=%s d=%s la=%s lb=%s lc=%s ld=%d,%d,%d class=%s seed=%d satf=%d",
            case_id, M, N, K, ety_name[ti], ety_name[ti], ety_name[tc], ety_name[tc], arow ? "row" : "col",
            brow ? "row" : "col", crow ? "row" : "col", lda, ldb, ldc, cls_name[c], seed, satf);
    if (ti == T_TF32) fprintf(out, " tf32=%s", tf32_raw ? "raw" : "rna");
    put_hex("A", A.data(), na, bi);
    put_hex("B", B.data(), nb, bi);
    put_hex("C", C.data(), ncd, bc);
    put_hex("D", D.data(), ncd, bc);
    fputc('\n', out);
    case_id++;
}

// ---------------------------------------------------------------- fragment layouts
__device__ unsigned fbits(__half x) { return __half_as_ushort(x); }
__device__ unsigned fbits(__nv_bfloat16 x) { return __bfloat16_as_ushort(x); }
__device__ unsigned fbits(float x) { return __float_as_uint(x); }
__device__ unsigned fbits(int x) { return (unsigned)x; }
__device__ unsigned fbits(signed char x) { return (unsigned char)x; }
__device__ unsigned fbits(unsigned char x) { return (unsigned char)x; }

template <class Use, int M, int N, int K, class T, class L>
__global__ void k_frag_ab(const void *p, unsigned ld, unsigned *out)
{
    wmma::fragment<Use, M, N, K, T, L> f;
    wmma::load_matrix_sync(f, (const typename memt<T>::type *)p, ld);
    for (int i = 0; i < f.num_elements; i++) out[threadIdx.x * f.num_elements + i] = fbits(f.x[i]);
    if (threadIdx.x == 0) out[32 * 64] = f.num_elements;
}
template <int M, int N, int K, class T>
__global__ void k_frag_c(const void *p, unsigned ld, int row, unsigned *out)
{
    wmma::fragment<wmma::accumulator, M, N, K, T> f;
    wmma::load_matrix_sync(f, (const T *)p, ld, row ? wmma::mem_row_major : wmma::mem_col_major);
    for (int i = 0; i < f.num_elements; i++) out[threadIdx.x * f.num_elements + i] = fbits(f.x[i]);
    if (threadIdx.x == 0) out[32 * 64] = f.num_elements;
}

template <int M, int N, int K, class T>
static void launch_frag(int use, int row, const void *p, unsigned ld, unsigned *out)
{
    if (use == 0 && row) k_frag_ab<wmma::matrix_a, M, N, K, T, wmma::row_major><<<1, 32>>>(p, ld, out);
    if (use == 0 && !row) k_frag_ab<wmma::matrix_a, M, N, K, T, wmma::col_major><<<1, 32>>>(p, ld, out);
    if (use == 1 && row) k_frag_ab<wmma::matrix_b, M, N, K, T, wmma::row_major><<<1, 32>>>(p, ld, out);
    if (use == 1 && !row) k_frag_ab<wmma::matrix_b, M, N, K, T, wmma::col_major><<<1, 32>>>(p, ld, out);
}
template <int M, int N, int K>
static void launch_frag_t(int use, ety t, int row, const void *p, unsigned ld, unsigned *out)
{
    if (use == 2) {
        if (t == T_F16) k_frag_c<M, N, K, __half><<<1, 32>>>(p, ld, row, out);
        else if (t == T_F32) k_frag_c<M, N, K, float><<<1, 32>>>(p, ld, row, out);
        else k_frag_c<M, N, K, int><<<1, 32>>>(p, ld, row, out);
        return;
    }
    if (t == T_F16) launch_frag<M, N, K, __half>(use, row, p, ld, out);
    else if (t == T_BF16) launch_frag<M, N, K, __nv_bfloat16>(use, row, p, ld, out);
    else if (t == T_S8) launch_frag<M, N, K, signed char>(use, row, p, ld, out);
    else launch_frag<M, N, K, unsigned char>(use, row, p, ld, out);
}

static void run_frag(int M, int N, int K, int use, ety t, int row, int part)
{
    int rows = use == 0 ? M : use == 1 ? K : M, cols = use == 0 ? K : use == 1 ? N : N;
    int ld = row ? cols : rows, b = ety_bytes(t);
    std::vector<unsigned char> mem((size_t)rows * cols * b);
    std::vector<unsigned> X(32 * 64 + 1, 0);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            uint32_t idx = r * cols + c, v = idx;
            if (t == T_TF32) v = 0x40000000u | idx << 13;
            if (b == 1) v = part == 1 ? idx & 0xff : idx >> 8;
            put_elem(mem, row ? r * ld + c : c * ld + r, b, v);
        }
    int n = 0;
    if (!dry) {
        void *dp;
        unsigned *dout;
        CK(cudaMalloc(&dp, mem.size()));
        CK(cudaMalloc(&dout, X.size() * 4));
        CK(cudaMemcpy(dp, mem.data(), mem.size(), cudaMemcpyHostToDevice));
        CK(cudaMemset(dout, 0, X.size() * 4));
        if (t == T_TF32) {
            if (use == 0) (row ? k_frag_ab<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major>
                               : k_frag_ab<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::col_major>)<<<1, 32>>>(dp, ld, dout);
            else (row ? k_frag_ab<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major>
                      : k_frag_ab<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major>)<<<1, 32>>>(dp, ld, dout);
        } else if (M == 16 && K == 8) {
            k_frag_c<16, 16, 8, float><<<1, 32>>>(dp, ld, row, dout);
        } else if (M == 16) {
            launch_frag_t<16, 16, 16>(use, t, row, dp, ld, dout);
        } else if (M == 32) {
            launch_frag_t<32, 8, 16>(use, t, row, dp, ld, dout);
        } else {
            launch_frag_t<8, 32, 16>(use, t, row, dp, ld, dout);
        }
        CK(cudaGetLastError());
        CK(cudaMemcpy(X.data(), dout, X.size() * 4, cudaMemcpyDeviceToHost));
        CK(cudaFree(dp));
        CK(cudaFree(dout));
        n = (int)X[32 * 64];
    }
    static const char *uses[] = {"a", "b", "c"};
    fprintf(out, "frag id=%d shape=m%dn%dk%d use=%s type=%s layout=%s part=%s n=%d X=", case_id, M, N, K, uses[use],
            ety_name[t], row ? "row" : "col", b == 1 ? (part == 1 ? "lo" : "hi") : "all", n);
    int w = t == T_TF32 || t == T_F32 || t == T_S32 ? 8 : b * 2;
    for (int l = 0; l < 32; l++)
        for (int i = 0; i < n; i++) fprintf(out, "%0*x", w, X[l * n + i]);
    if (!n) fprintf(out, "none");
    fputc('\n', out);
    case_id++;
}

// ---------------------------------------------------------------- mma.sync
// Kernels: per-lane registers in, per-lane registers out. NA/NB/NC/ND are
// registers a lane; the f32 accumulators pass through "f" operands.
#define LD2(p, n) unsigned p##0 = p[l * n + 0], p##1 = p[l * n + 1]
#define MMA_K_A2B1_H(name, ptx)                                                                       \
    __global__ void name(const unsigned *A, const unsigned *B, const unsigned *C, unsigned *D)       \
    {                                                                                                \
        int l = threadIdx.x;                                                                         \
        unsigned d0, d1;                                                                             \
        asm volatile(ptx " {%0,%1}, {%2,%3}, {%4}, {%5,%6};"                                         \
                     : "=r"(d0), "=r"(d1)                                                            \
                     : "r"(A[l * 2]), "r"(A[l * 2 + 1]), "r"(B[l]), "r"(C[l * 2]), "r"(C[l * 2 + 1])); \
        D[l * 2] = d0, D[l * 2 + 1] = d1;                                                            \
    }
#define MMA_K_A2B1_F(name, ptx)                                                                      \
    __global__ void name(const unsigned *A, const unsigned *B, const unsigned *C, unsigned *D)      \
    {                                                                                               \
        int l = threadIdx.x;                                                                        \
        float d0, d1, d2, d3;                                                                       \
        asm volatile(ptx " {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"                          \
                     : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)                                       \
                     : "r"(A[l * 2]), "r"(A[l * 2 + 1]), "r"(B[l]), "f"(__uint_as_float(C[l * 4])), \
                       "f"(__uint_as_float(C[l * 4 + 1])), "f"(__uint_as_float(C[l * 4 + 2])),      \
                       "f"(__uint_as_float(C[l * 4 + 3])));                                         \
        D[l * 4] = __float_as_uint(d0), D[l * 4 + 1] = __float_as_uint(d1);                         \
        D[l * 4 + 2] = __float_as_uint(d2), D[l * 4 + 3] = __float_as_uint(d3);                     \
    }
#define MMA_K_A4B2_H(name, ptx)                                                                       \
    __global__ void name(const unsigned *A, const unsigned *B, const unsigned *C, unsigned *D)       \
    {                                                                                                \
        int l = threadIdx.x;                                                                         \
        unsigned d0, d1;                                                                             \
        asm volatile(ptx " {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%8,%9};"                                \
                     : "=r"(d0), "=r"(d1)                                                            \
                     : "r"(A[l * 4]), "r"(A[l * 4 + 1]), "r"(A[l * 4 + 2]), "r"(A[l * 4 + 3]),       \
                       "r"(B[l * 2]), "r"(B[l * 2 + 1]), "r"(C[l * 2]), "r"(C[l * 2 + 1]));          \
        D[l * 2] = d0, D[l * 2 + 1] = d1;                                                            \
    }
#define MMA_K_A4B2_F(name, ptx)                                                                      \
    __global__ void name(const unsigned *A, const unsigned *B, const unsigned *C, unsigned *D)      \
    {                                                                                               \
        int l = threadIdx.x;                                                                        \
        float d0, d1, d2, d3;                                                                       \
        asm volatile(ptx " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"              \
                     : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)                                       \
                     : "r"(A[l * 4]), "r"(A[l * 4 + 1]), "r"(A[l * 4 + 2]), "r"(A[l * 4 + 3]),      \
                       "r"(B[l * 2]), "r"(B[l * 2 + 1]), "f"(__uint_as_float(C[l * 4])),            \
                       "f"(__uint_as_float(C[l * 4 + 1])), "f"(__uint_as_float(C[l * 4 + 2])),      \
                       "f"(__uint_as_float(C[l * 4 + 3])));                                         \
        D[l * 4] = __float_as_uint(d0), D[l * 4 + 1] = __float_as_uint(d1);                         \
        D[l * 4 + 2] = __float_as_uint(d2), D[l * 4 + 3] = __float_as_uint(d3);                     \
    }
#define MMA_K_A4B2_I(name, ptx)                                                                       \
    __global__ void name(const unsigned *A, const unsigned *B, const unsigned *C, unsigned *D)       \
    {                                                                                                \
        int l = threadIdx.x;                                                                         \
        unsigned d0, d1, d2, d3;                                                                     \
        asm volatile(ptx " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"               \
                     : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)                                        \
                     : "r"(A[l * 4]), "r"(A[l * 4 + 1]), "r"(A[l * 4 + 2]), "r"(A[l * 4 + 3]),       \
                       "r"(B[l * 2]), "r"(B[l * 2 + 1]), "r"(C[l * 4]), "r"(C[l * 4 + 1]),           \
                       "r"(C[l * 4 + 2]), "r"(C[l * 4 + 3]));                                        \
        D[l * 4] = d0, D[l * 4 + 1] = d1, D[l * 4 + 2] = d2, D[l * 4 + 3] = d3;                      \
    }

MMA_K_A2B1_H(k_m16n8k8_f16_f16, "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16")
MMA_K_A2B1_F(k_m16n8k8_f32_f16, "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32")
MMA_K_A2B1_F(k_m16n8k8_f32_bf16, "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32")
MMA_K_A2B1_F(k_m16n8k4_f32_tf32, "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32")
MMA_K_A4B2_H(k_m16n8k16_f16_f16, "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16")
MMA_K_A4B2_F(k_m16n8k16_f32_f16, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32")
MMA_K_A4B2_F(k_m16n8k16_f32_bf16, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32")
MMA_K_A4B2_F(k_m16n8k8_f32_tf32, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32")
MMA_K_A4B2_I(k_m16n8k32_s8_s8, "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32")
MMA_K_A4B2_I(k_m16n8k32_u8_u8, "mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32")
MMA_K_A4B2_I(k_m16n8k32_s8_u8, "mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32")
MMA_K_A4B2_I(k_m16n8k32_u8_s8, "mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32")
MMA_K_A4B2_I(k_m16n8k32_s8_s8_sat, "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32")
MMA_K_A4B2_I(k_m16n8k32_u8_u8_sat, "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.u8.u8.s32")

typedef void (*mma_kernel)(const unsigned *, const unsigned *, const unsigned *, unsigned *);

// Fragment layouts of the PTX ISA (used here only to place the generated
// logical matrices into registers; the record holds the registers, so a
// reader does not depend on these).
// A element (row, col) of register r, element e (within the packed register)
static void a_pos(int K, ety t, int lane, int r, int e, int *row, int *col)
{
    int g = lane >> 2, q = lane & 3;
    if (t == T_TF32) { // k4: a0 (g,q) a1 (g+8,q); k8: a2 (g,q+4) a3 (g+8,q+4)
        *row = g + 8 * (r & 1), *col = q + 4 * (r >> 1);
        return;
    }
    if (t == T_S8 || t == T_U8) { // k32: r0 (g, 4q+e) r1 (g+8,..) r2 (g, 16+..) r3 (g+8, 16+..)
        *row = g + 8 * (r & 1), *col = 4 * q + e + 16 * (r >> 1);
        return;
    }
    (void)K; // f16/bf16: r0 (g, 2q+e) r1 (g+8, ..) r2 (g, 8+..) r3 (g+8, 8+..)
    *row = g + 8 * (r & 1), *col = 2 * q + e + 8 * (r >> 1);
}
static void b_pos(ety t, int lane, int r, int e, int *k, int *n)
{
    int g = lane >> 2, q = lane & 3;
    *n = g;
    if (t == T_TF32) *k = q + 4 * r;
    else if (t == T_S8 || t == T_U8) *k = 4 * q + e + 16 * r;
    else *k = 2 * q + e + 8 * r;
}
static void c_pos(ety tc, int lane, int r, int e, int *row, int *col)
{
    int g = lane >> 2, q = lane & 3;
    if (tc == T_F16) *row = g + 8 * r, *col = 2 * q + e;
    else *row = g + 8 * (r >> 1), *col = 2 * q + (r & 1);
}

static void run_mma(mma_kernel kern, int K, ety ta, ety tb, ety tc, int satf, cls c, int seed)
{
    const int M = 16, N = 8;
    int ebytes = ety_bytes(ta), per = 4 / (ta == T_TF32 ? 4 : ebytes);
    int na = M * K / 32 / per, nb = K * N / 32 / per, nc = tc == T_F16 ? 2 : 4;
    mats m;
    m.M = M, m.N = N, m.K = K;
    rng_seed(((uint64_t)case_id << 20) ^ (uint64_t)seed ^ 0xBEEFull);
    gen_mats(m, ta, tc, c, 0);
    if (ta != tb) // mixed signedness: B regenerated as its own type
        for (auto &x : m.B) x = gen_int(tb, c, 0);
    std::vector<unsigned> A(32 * na, 0), B(32 * nb, 0), C(32 * nc, 0), D(32 * nc, 0xA5A5A5A5u);
    int ew = ta == T_TF32 ? 32 : ebytes * 8;
    for (int l = 0; l < 32; l++) {
        for (int r = 0; r < na; r++)
            for (int e = 0; e < per; e++) {
                int row, col;
                a_pos(K, ta, l, r, e, &row, &col);
                A[l * na + r] |= (m.A[row * K + col] & (ew == 32 ? ~0u : (1u << ew) - 1)) << (e * ew % 32);
            }
        for (int r = 0; r < nb; r++)
            for (int e = 0; e < per; e++) {
                int k, n;
                b_pos(ta, l, r, e, &k, &n);
                B[l * nb + r] |= (m.B[k * N + n] & (ew == 32 ? ~0u : (1u << ew) - 1)) << (e * ew % 32);
            }
        for (int r = 0; r < nc; r++)
            for (int e = 0; e < (tc == T_F16 ? 2 : 1); e++) {
                int row, col;
                c_pos(tc, l, r, e, &row, &col);
                C[l * nc + r] |= m.C[row * N + col] << (tc == T_F16 ? 16 * e : 0);
            }
    }
    unsigned *dA, *dB, *dC, *dD;
    if (dry) goto print;
    CK(cudaMalloc(&dA, A.size() * 4));
    CK(cudaMalloc(&dB, B.size() * 4));
    CK(cudaMalloc(&dC, C.size() * 4));
    CK(cudaMalloc(&dD, D.size() * 4));
    CK(cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB, B.data(), B.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dC, C.data(), C.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dD, D.data(), D.size() * 4, cudaMemcpyHostToDevice));
    kern<<<1, 32>>>(dA, dB, dC, dD);
    CK(cudaGetLastError());
    CK(cudaMemcpy(D.data(), dD, D.size() * 4, cudaMemcpyDeviceToHost));
    CK(cudaFree(dA));
    CK(cudaFree(dB));
    CK(cudaFree(dC));
    CK(cudaFree(dD));
print:
    fprintf(out, "mma id=%d shape=m16n8k%d d=%s a=%s b=%s c=%s la=row lb=col satf=%d class=%s seed=%d", case_id, K,
            ety_name[tc == T_F16 ? T_F16 : tc], ety_name[ta], ety_name[tb], ety_name[tc], satf, cls_name[c], seed);
    put_hex("A", A.data(), (int)A.size(), 4);
    put_hex("B", B.data(), (int)B.size(), 4);
    put_hex("C", C.data(), (int)C.size(), 4);
    put_hex("D", D.data(), (int)D.size(), 4);
    fputc('\n', out);
    case_id++;
}

// ---------------------------------------------------------------- ldmatrix
#define LDM_K(name, ptx, nd)                                                               \
    __global__ void name(const unsigned short *S, const unsigned *P, unsigned *D)         \
    {                                                                                      \
        __shared__ __align__(16) unsigned short sh[1024];                                  \
        int l = threadIdx.x;                                                               \
        for (int i = l; i < 1024; i += 32) sh[i] = S[i];                                   \
        __syncwarp();                                                                      \
        unsigned addr = (unsigned)__cvta_generic_to_shared(sh) + P[l];                     \
        unsigned r[4] = {0xA5A5A5A5u, 0xA5A5A5A5u, 0xA5A5A5A5u, 0xA5A5A5A5u};              \
        LDM_ASM_##nd(ptx);                                                                 \
        for (int i = 0; i < nd; i++) D[l * nd + i] = r[i];                                 \
    }
#define LDM_ASM_1(ptx) asm volatile(ptx " {%0}, [%1];" : "=r"(r[0]) : "r"(addr))
#define LDM_ASM_2(ptx) asm volatile(ptx " {%0,%1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(addr))
#define LDM_ASM_4(ptx) \
    asm volatile(ptx " {%0,%1,%2,%3}, [%4];" : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr))

LDM_K(k_ldm_x1, "ldmatrix.sync.aligned.m8n8.x1.shared.b16", 1)
LDM_K(k_ldm_x2, "ldmatrix.sync.aligned.m8n8.x2.shared.b16", 2)
LDM_K(k_ldm_x4, "ldmatrix.sync.aligned.m8n8.x4.shared.b16", 4)
LDM_K(k_ldm_x1_t, "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16", 1)
LDM_K(k_ldm_x2_t, "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16", 2)
LDM_K(k_ldm_x4_t, "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16", 4)

static void run_ldmatrix(int num, int trans, int seed)
{
    typedef void (*ldm_kernel)(const unsigned short *, const unsigned *, unsigned *);
    ldm_kernel k = num == 1 ? (trans ? k_ldm_x1_t : k_ldm_x1) : num == 2 ? (trans ? k_ldm_x2_t : k_ldm_x2)
                                                                        : (trans ? k_ldm_x4_t : k_ldm_x4);
    rng_seed(((uint64_t)case_id << 20) ^ (uint64_t)seed ^ 0x1D1Dull);
    std::vector<unsigned short> S(1024);
    std::vector<unsigned> P(32), D(32 * num);
    for (auto &x : S) x = (unsigned short)rng32();
    // seed 0: a plain 8-element-wide tile (rows 16 B apart); seed 1: rows of
    // a padded tile (stride 48 B); others: each row anywhere (16 B aligned)
    for (int l = 0; l < 32; l++) {
        if (seed == 0) P[l] = l * 16;
        else if (seed == 1) P[l] = l * 48 + 32;
        else P[l] = (rng32() % 128) * 16;
    }
    unsigned short *dS;
    unsigned *dP, *dD;
    if (dry) goto print;
    CK(cudaMalloc(&dS, 2048));
    CK(cudaMalloc(&dP, 128));
    CK(cudaMalloc(&dD, D.size() * 4));
    CK(cudaMemcpy(dS, S.data(), 2048, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dP, P.data(), 128, cudaMemcpyHostToDevice));
    k<<<1, 32>>>(dS, dP, dD);
    CK(cudaGetLastError());
    CK(cudaMemcpy(D.data(), dD, D.size() * 4, cudaMemcpyDeviceToHost));
    CK(cudaFree(dS));
    CK(cudaFree(dP));
    CK(cudaFree(dD));
print:
    fprintf(out, "ldmatrix id=%d num=x%d trans=%d seed=%d", case_id, num, trans, seed);
    put_hex("S", S.data(), 1024, 2);
    fprintf(out, " P=");
    for (int l = 0; l < 32; l++) fprintf(out, "%04x", P[l]);
    put_hex("D", D.data(), (int)D.size(), 4);
    fputc('\n', out);
    case_id++;
}

// ---------------------------------------------------------------- main
int main(int argc, char **argv)
{
    out = stdout;
    if (argc > 1 && !strcmp(argv[1], "--dry")) dry = 1, argc--, argv++;
    if (argc > 1 && !(out = fopen(argv[1], "w"))) {
        perror(argv[1]);
        return 2;
    }
    fprintf(out, "# tc_probe record v1 (format: bench/tensor/tc_probe.cu)\n");
    if (dry) {
        fprintf(out, "# device none (--dry: D is the sentinel)\n");
    } else {
        cudaDeviceProp p;
        int rt = 0, drv = 0;
        CK(cudaGetDeviceProperties(&p, 0));
        CK(cudaRuntimeGetVersion(&rt));
        CK(cudaDriverGetVersion(&drv));
        fprintf(out, "# device %s cc %d.%d runtime %d driver %d\n", p.name, p.major, p.minor, rt, drv);
    }

    static const cls fcls[] = {C_RANDOM, C_SUBNORMAL, C_CANCEL, C_LARGE, C_OVERFLOW, C_SPECIAL};
    static const cls icls[] = {C_RANDOM, C_EXTREME, C_OVERFLOW};
    static const int shapes[3][3] = {{16, 16, 16}, {32, 8, 16}, {8, 32, 16}};
    struct { ety ti, tc; } ftypes[] = {{T_F16, T_F16}, {T_F16, T_F32}, {T_BF16, T_F32}};

    // wmma, float inputs: every layout (A, B, C row/col) with random data and
    // padded leading dimensions; every class with A row, B col, C row
    for (auto &s : shapes)
        for (auto &ft : ftypes) {
            for (int lay = 0; lay < 8; lay++)
                run_wmma(s[0], s[1], s[2], ft.ti, ft.tc, lay & 1, lay >> 1 & 1, lay >> 2 & 1, lay == 3 ? 0 : 16,
                         C_RANDOM, lay, 0, 0);
            for (cls c : fcls)
                for (int seed = 0; seed < 3; seed++) run_wmma(s[0], s[1], s[2], ft.ti, ft.tc, 1, 0, 1, 0, c, 100 + seed, 0, 0);
        }
    for (int raw = 0; raw < 2; raw++) {
        for (int lay = 0; lay < 8; lay++)
            run_wmma(16, 16, 8, T_TF32, T_F32, lay & 1, lay >> 1 & 1, lay >> 2 & 1, lay == 3 ? 0 : 16, C_RANDOM, lay, 0, raw);
        for (cls c : fcls)
            for (int seed = 0; seed < 3; seed++) run_wmma(16, 16, 8, T_TF32, T_F32, 1, 0, 1, 0, c, 100 + seed, 0, raw);
    }
    // wmma, integers
    for (auto &s : shapes)
        for (ety ti : {T_S8, T_U8}) {
            for (int lay = 0; lay < 8; lay++)
                run_wmma(s[0], s[1], s[2], ti, T_S32, lay & 1, lay >> 1 & 1, lay >> 2 & 1, lay == 3 ? 0 : 16, C_RANDOM, lay, 0, 0);
            for (cls c : icls)
                for (int satf = 0; satf < 2; satf++)
                    for (int seed = 0; seed < 2; seed++) run_wmma(s[0], s[1], s[2], ti, T_S32, 1, 0, 1, 0, c, 100 + seed, satf, 0);
        }

    // mma.sync
    struct { mma_kernel k; int K; ety ta, tb, tc; int satf; } mm[] = {
        {k_m16n8k8_f16_f16, 8, T_F16, T_F16, T_F16, 0},     {k_m16n8k8_f32_f16, 8, T_F16, T_F16, T_F32, 0},
        {k_m16n8k8_f32_bf16, 8, T_BF16, T_BF16, T_F32, 0},  {k_m16n8k4_f32_tf32, 4, T_TF32, T_TF32, T_F32, 0},
        {k_m16n8k16_f16_f16, 16, T_F16, T_F16, T_F16, 0},   {k_m16n8k16_f32_f16, 16, T_F16, T_F16, T_F32, 0},
        {k_m16n8k16_f32_bf16, 16, T_BF16, T_BF16, T_F32, 0}, {k_m16n8k8_f32_tf32, 8, T_TF32, T_TF32, T_F32, 0},
        {k_m16n8k32_s8_s8, 32, T_S8, T_S8, T_S32, 0},       {k_m16n8k32_u8_u8, 32, T_U8, T_U8, T_S32, 0},
        {k_m16n8k32_s8_u8, 32, T_S8, T_U8, T_S32, 0},       {k_m16n8k32_u8_s8, 32, T_U8, T_S8, T_S32, 0},
        {k_m16n8k32_s8_s8_sat, 32, T_S8, T_S8, T_S32, 1},   {k_m16n8k32_u8_u8_sat, 32, T_U8, T_U8, T_S32, 1},
    };
    for (auto &x : mm) {
        if (ety_isfloat(x.ta)) {
            for (cls c : fcls)
                for (int seed = 0; seed < 4; seed++) run_mma(x.k, x.K, x.ta, x.tb, x.tc, x.satf, c, seed);
        } else {
            for (cls c : icls)
                for (int seed = 0; seed < 3; seed++) run_mma(x.k, x.K, x.ta, x.tb, x.tc, x.satf, c, seed);
        }
    }

    // wmma fragment layouts
    for (auto &s : shapes) {
        for (int use = 0; use < 2; use++)
            for (ety t : {T_F16, T_BF16, T_S8, T_U8})
                for (int row = 0; row < 2; row++)
                    for (int part = 1; part <= (ety_bytes(t) == 1 ? 2 : 1); part++) run_frag(s[0], s[1], s[2], use, t, row, part);
        for (ety t : {T_F16, T_F32, T_S32})
            for (int row = 0; row < 2; row++) run_frag(s[0], s[1], s[2], 2, t, row, 1);
    }
    for (int use = 0; use < 2; use++)
        for (int row = 0; row < 2; row++) run_frag(16, 16, 8, use, T_TF32, row, 1);
    for (int row = 0; row < 2; row++) run_frag(16, 16, 8, 2, T_F32, row, 1);

    // ldmatrix
    for (int num : {1, 2, 4})
        for (int trans = 0; trans < 2; trans++)
            for (int seed = 0; seed < 4; seed++) run_ldmatrix(num, trans, seed);

    if (!dry) CK(cudaDeviceSynchronize());
    fprintf(out, "# end: %d cases\n", case_id);
    if (out != stdout) fclose(out);
    fprintf(stderr, "tc_probe: %d cases\n", case_id);
    return 0;
}
