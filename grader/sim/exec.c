/* exec.c - the hot loop: runs one group of lanes (lanes at the same pc) of a
 * warp, one op at a time for all its lanes at once, until the group stops:
 *   - its pc reaches `limit` (another group of the warp waits there or below:
 *     the scheduler merges or switches), or it ran `slice` ops;
 *   - it diverges (a branch, a call or return to different places), parks
 *     (a barrier, a collective that must wait) or exits;
 *   - the block must stop (trap, budget).
 * On return every lane's pc in w->pc[] is right. Registers are rows of 32
 * lanes; an ALU op computes all 32 lanes into a temporary and keeps the
 * active ones, which the compiler turns into vector code. */
#include "sim/internal.h"

#include <fenv.h>
#include <math.h>

#if defined(__GNUC__) && !defined(__clang__)
#define SIM_IVDEP _Pragma("GCC ivdep")
#else
#define SIM_IVDEP
#endif

/* Lane l's bit of a lane mask, as tables (32- and 64-bit wide) so that a
 * loop over lanes that ORs it in (setp) is a vector compare, an and and an
 * or-reduction, and one that tests it (a partial warp's blend) an and and
 * a compare a vector. */
#define LB4(i) 1u << (i), 1u << ((i) + 1), 1u << ((i) + 2), 1u << ((i) + 3)
static const uint32_t lane_bit[32] = {LB4(0), LB4(4), LB4(8), LB4(12), LB4(16), LB4(20), LB4(24), LB4(28)};
static const uint64_t lane_bit64[32] = {LB4(0), LB4(4), LB4(8), LB4(12), LB4(16), LB4(20), LB4(24), LB4(28)};
#undef LB4

/* D[l] := VALUE for the lanes of m, the declarations after VALUE loading
 * lane l's operands. A destination row is either one of the source rows or
 * apart from all of them, so lane l's value never depends on another lane's
 * result: the loop carries no dependence (ivdep) and is vector code; a
 * partial warp's computes every lane and keeps the inactive ones' old
 * values (a blend, its mask m's bits tested with lane_bit's of the row's
 * width). */
#define LANES(T, D, VALUE, ...)                                               \
    do {                                                                      \
        if (m == SIM_FULL) {                                                  \
            SIM_IVDEP for (int l = 0; l < 32; l++) {                         \
                __VA_ARGS__;                                                  \
                (D)[l] = (VALUE);                                             \
            }                                                                 \
        } else {                                                              \
            const uint64_t m64_ = m;                                          \
            SIM_IVDEP for (int l = 0; l < 32; l++) {                         \
                __VA_ARGS__;                                                  \
                T v_ = (VALUE);                                               \
                (D)[l] = (sizeof(T) == 8 ? (m64_ & lane_bit64[l]) != 0 : (m & lane_bit[l]) != 0) ? v_ : (D)[l]; \
            }                                                                 \
        }                                                                     \
    } while (0)

#define R32(s) (r32 + (size_t)(s) * 32)
#define R64(s) (r64 + (size_t)(s) * 32)

/* max and min of f32 as the general evaluator takes them (alu_float.c's
 * fminmax): a NaN operand loses, both NaN is NaN; of two equal values the
 * bits ANDed (max: +0 unless both are -0) or ORed (min). */
static inline float sim_fmax32(float a, float b)
{
    return a != a ? b : b != b ? a : a > b ? a : b > a ? b : sim_u2f(sim_f2u(a) & sim_f2u(b));
}

static inline float sim_fmin32(float a, float b)
{
    return a != a ? b : b != b ? a : a < b ? a : b < a ? b : sim_u2f(sim_f2u(a) | sim_f2u(b));
}

/* A subnormal to a zero of its sign (.ftz), as alu_float.c's ftz32. */
static inline float sim_ftz32(float x)
{
    return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x;
}

static inline __attribute__((always_inline)) void set_pcs(sim_warp *w, uint32_t m, uint32_t pc)
{
    if (!m) return; /* often: the lanes that did not take part */
    for (int l = 0; l < 32; l++) w->pc[l] = (m >> l & 1u) ? pc : w->pc[l];
}

/* Float comparisons, ordered and unordered, as PTX defines them. */
#define FCMP_CASES(A, B)                                                      \
    case PTX_CMP_EQ: CMP(A == B); break;                                      \
    case PTX_CMP_NE: CMP(A != B && A == A && B == B); break;                  \
    case PTX_CMP_LT: CMP(A < B); break;                                       \
    case PTX_CMP_LE: CMP(A <= B); break;                                      \
    case PTX_CMP_GT: CMP(A > B); break;                                       \
    case PTX_CMP_GE: CMP(A >= B); break;                                      \
    case PTX_CMP_EQU: CMP(A == B || A != A || B != B); break;                 \
    case PTX_CMP_NEU: CMP(A != B); break;                                     \
    case PTX_CMP_LTU: CMP(!(A >= B)); break;                                  \
    case PTX_CMP_LEU: CMP(!(A > B)); break;                                   \
    case PTX_CMP_GTU: CMP(!(A <= B)); break;                                  \
    case PTX_CMP_GEU: CMP(!(A < B)); break;                                   \
    case PTX_CMP_NUM: CMP(A == A && B == B); break;                           \
    case PTX_CMP_NAN: CMP(A != A || B != B); break;

#define ICMP_CASES(A, B)                                                      \
    case PTX_CMP_EQ: CMP(A == B); break;                                      \
    case PTX_CMP_NE: CMP(A != B); break;                                      \
    case PTX_CMP_LT: CMP(A < B); break;                                       \
    case PTX_CMP_LE: CMP(A <= B); break;                                      \
    case PTX_CMP_GT: CMP(A > B); break;                                       \
    case PTX_CMP_GE: CMP(A >= B); break;

/* The predicate bits of a comparison over 32 lanes. */
static inline __attribute__((always_inline)) uint32_t setp_bits(const sim_op *op, const uint32_t *r32,
                                                                const uint64_t *r64)
{
    uint32_t bits = 0;
#define CMP(cond)                                                   \
    do {                                                            \
        uint32_t b_ = 0;                                            \
        for (int l = 0; l < 32; l++) b_ |= (cond) ? lane_bit[l] : 0u; \
        bits = b_;                                                  \
    } while (0)
    switch (op->x) {
    case X_SETP_S32: {
        const uint32_t *A = R32(op->s[1]), *B = R32(op->s[2]);
        switch (op->p[0]) { ICMP_CASES((int32_t)A[l], (int32_t)B[l]) default: SIM_ASSERT(0); }
        break;
    }
    case X_SETP_U32: {
        const uint32_t *A = R32(op->s[1]), *B = R32(op->s[2]);
        const uint32_t top = 1u << 31;
        switch (op->p[0]) { ICMP_CASES((int32_t)(A[l] ^ top), (int32_t)(B[l] ^ top)) default: SIM_ASSERT(0); }
        break;
    }
    case X_SETP_S64: {
        const uint64_t *A = R64(op->s[1]), *B = R64(op->s[2]);
        switch (op->p[0]) { ICMP_CASES((int64_t)A[l], (int64_t)B[l]) default: SIM_ASSERT(0); }
        break;
    }
    case X_SETP_U64: { /* unsigned as signed with the top bit flipped: vector compares */
        const uint64_t *A = R64(op->s[1]), *B = R64(op->s[2]);
        const uint64_t top = 1ull << 63;
        switch (op->p[0]) { ICMP_CASES((int64_t)(A[l] ^ top), (int64_t)(B[l] ^ top)) default: SIM_ASSERT(0); }
        break;
    }
    case X_SETP_S16: {
        const uint32_t *A = R32(op->s[1]), *B = R32(op->s[2]);
        switch (op->p[0]) { ICMP_CASES((int32_t)(int16_t)A[l], (int32_t)(int16_t)B[l]) default: SIM_ASSERT(0); }
        break;
    }
    case X_SETP_U16: { /* 16-bit values are non-negative as 32-bit signed ones */
        const uint32_t *A = R32(op->s[1]), *B = R32(op->s[2]);
        switch (op->p[0]) { ICMP_CASES((int32_t)(A[l] & 0xffffu), (int32_t)(B[l] & 0xffffu)) default: SIM_ASSERT(0); }
        break;
    }
    case X_SETP_F32: {
        const uint32_t *A = R32(op->s[1]), *B = R32(op->s[2]);
        switch (op->p[0]) { FCMP_CASES(sim_u2f(A[l]), sim_u2f(B[l])) default: SIM_ASSERT(0); }
        break;
    }
    case X_SETP_F64: {
        const uint64_t *A = R64(op->s[1]), *B = R64(op->s[2]);
        switch (op->p[0]) { FCMP_CASES(sim_u2d(A[l]), sim_u2d(B[l])) default: SIM_ASSERT(0); }
        break;
    }
    default:
        SIM_ASSERT(0);
    }
#undef CMP
    return bits;
}

static void exec_pack(sim_warp *w, const sim_op *op, uint32_t m)
{
    uint32_t *r32 = w->r32;
    uint64_t *r64 = w->r64;
    unsigned n = op->p[0], eb = op->p[1] * 8u;
    uint64_t mask = eb == 64 ? ~0ull : (1ull << eb) - 1;
    for (int l = 0; l < 32; l++) {
        if (!(m >> l & 1u)) continue;
        uint64_t v = 0;
        for (unsigned i = 0; i < n; i++) v |= ((uint64_t)R32(op->s[1 + i])[l] & mask) << (i * eb);
        if (op->p[2]) R64(op->s[0])[l] = v;
        else R32(op->s[0])[l] = (uint32_t)v;
    }
}

static void exec_unpack(sim_warp *w, const sim_op *op, uint32_t m)
{
    uint32_t *r32 = w->r32;
    uint64_t *r64 = w->r64;
    unsigned n = op->p[0], eb = op->p[1] * 8u;
    uint64_t mask = (1ull << eb) - 1;
    for (int l = 0; l < 32; l++) {
        if (!(m >> l & 1u)) continue;
        uint64_t v = op->p[2] ? R64(op->s[0])[l] : R32(op->s[0])[l];
        for (unsigned i = 0; i < n; i++)
            if (op->s[1 + i] != SIM_NOSLOT) R32(op->s[1 + i])[l] = (uint32_t)((v >> (i * eb)) & mask);
    }
}

/* The address chains fuse() in lower.c finds, run as one op: the ops stay
 * in the code after the first (whose x says what follows), each with the
 * chain's earlier result as its a (s[1]) and another row as its b (s[2]);
 * lane by lane, in the ops' order, so any row may be any other; every
 * destination row written, or (all false) only the last where the others
 * are read by the chain alone. mu[-1] is the cvt (when sx), mu[0] the mul,
 * mu[1] the add, mu[2] the shl by k, mu[3] the add. */
static inline __attribute__((always_inline)) void addr_chain(uint32_t *r32, uint64_t *r64, const sim_op *mu,
                                                             uint32_t m, bool sx, bool all)
{
    const uint32_t *X = sx ? R32(mu[-1].s[1]) : NULL;
    uint64_t *T = sx ? R64(mu[-1].s[0]) : NULL;
    uint64_t *U = R64(mu[0].s[0]), *V = R64(mu[1].s[0]), *Wd = R64(mu[2].s[0]), *E = R64(mu[3].s[0]);
    const uint64_t *T0 = R64(mu[0].s[1]), *Y = R64(mu[0].s[2]), *Z = R64(mu[1].s[2]), *B = R64(mu[3].s[2]);
    const unsigned k = mu[2].p[1];
#define CHAIN(KEEP)                                                           \
    SIM_IVDEP for (int l = 0; l < 32; l++) {                                  \
        uint64_t t;                                                           \
        if (sx) {                                                             \
            t = (uint64_t)(int64_t)(int32_t)X[l];                             \
            if (all) T[l] = KEEP(t, T[l]);                                    \
        } else {                                                              \
            t = T0[l];                                                        \
        }                                                                     \
        uint64_t u = t * Y[l];                                                \
        if (all) U[l] = KEEP(u, U[l]);                                        \
        uint64_t v = u + Z[l];                                                \
        if (all) V[l] = KEEP(v, V[l]);                                        \
        uint64_t s = v << k;                                                  \
        if (all) Wd[l] = KEEP(s, Wd[l]);                                      \
        uint64_t e = s + B[l];                                                \
        E[l] = KEEP(e, E[l]);                                                 \
    }
#define ALL(v, old) (v)
#define SOME(v, old) ((m64 & lane_bit64[l]) != 0 ? (v) : (old))
    if (m == SIM_FULL) {
        CHAIN(ALL)
    } else {
        const uint64_t m64 = m;
        CHAIN(SOME)
    }
#undef ALL
#undef SOME
#undef CHAIN
}

/* shl.b64 by k, then an add of its result (op[1]'s a); the shl's row is
 * left alone when only the add reads it (all false). */
static inline __attribute__((always_inline)) void lea(uint64_t *r64, const sim_op *op, uint32_t m, bool all)
{
    uint64_t *S = R64(op[0].s[0]), *E = R64(op[1].s[0]);
    const uint64_t *A = R64(op[0].s[1]), *B = R64(op[1].s[2]);
    const unsigned k = op[0].p[1];
    if (m == SIM_FULL) {
        SIM_IVDEP for (int l = 0; l < 32; l++) {
            uint64_t s = A[l] << k;
            if (all) S[l] = s;
            E[l] = s + B[l];
        }
    } else {
        const uint64_t m64 = m;
        SIM_IVDEP for (int l = 0; l < 32; l++) {
            bool on = (m64 & lane_bit64[l]) != 0;
            uint64_t s = A[l] << k;
            if (all) S[l] = on ? s : S[l];
            E[l] = on ? s + B[l] : E[l];
        }
    }
}

/* A fused op (lower.c's fuse()) for the lanes m, the group's (its ops are
 * unguarded), with `room` ops before the group's limit: the ops it runs (all
 * of them; its first alone where another group waits inside). The ones after
 * the first are counted here, where the hot loop's ACCOUNT() puts its steps
 * (nothing reads those counts while a group runs). Out of line: the hot
 * loop keeps its registers. */
static SIM_HOT __attribute__((noinline)) uint32_t run_fused(sim_block *blk, sim_warp *w, const sim_op *op, uint32_t m,
                                                          uint32_t room)
{
    uint32_t *const r32 = w->r32;
    uint64_t *const r64 = w->r64;
    uint32_t n = op->x == X_ADDR_SX ? 5 : op->x == X_ADDR ? 4 : 2;
    if (op->x == X_LDPARAMS) {
        n = sim_exec_ldparams(blk, w, op, m, room);
        goto counted;
    }
    if (__builtin_expect(room < n, 0)) {
        uint64_t *D = R64(op->s[0]);
        if (op->x == X_ADDR_SX) {
            const uint32_t *A = R32(op->s[1]);
            LANES(uint64_t, D, (uint64_t)(int64_t)(int32_t)a, uint32_t a = A[l]);
        } else if (op->x == X_ADDR) {
            const uint64_t *A = R64(op->s[1]), *B = R64(op->s[2]);
            LANES(uint64_t, D, a * b, uint64_t a = A[l], b = B[l]);
        } else {
            const uint64_t *A = R64(op->s[1]);
            const unsigned k = op->p[1];
            LANES(uint64_t, D, a << k, uint64_t a = A[l]);
        }
        return 1;
    }
    switch (op->x) {
    case X_ADDR_SX:
        if (op->p[0]) addr_chain(r32, r64, op + 1, m, true, false);
        else addr_chain(r32, r64, op + 1, m, true, true);
        break;
    case X_ADDR:
        if (op->p[0]) addr_chain(r32, r64, op, m, false, false);
        else addr_chain(r32, r64, op, m, false, true);
        break;
    default:
        if (op->p[0]) lea(r64, op, m, false);
        else lea(r64, op, m, true);
        break;
    }
counted:
    sim_ops_counted(blk, w, n - 1, m);
    return n;
}

/* Deterministic clocks: the warp's instruction count. */
static void exec_clock(sim_warp *w, const sim_op *op, uint32_t m, uint64_t now)
{
    uint64_t v = now;
    switch (op->p[0]) {
    case PTX_SREG_clock_hi: v >>= 32; break;
    case PTX_SREG_globaltimer: case PTX_SREG_globaltimer_lo: case PTX_SREG_globaltimer_hi:
        v *= 1000; /* a nanosecond per ops of a microsecond: monotonic, that is all */
        if (op->p[0] == PTX_SREG_globaltimer_hi) v >>= 32;
        break;
    default: break;
    }
    for (int l = 0; l < 32; l++) {
        if (!(m >> l & 1u)) continue;
        if (op->p[1]) w->r64[(size_t)op->s[0] * 32 + l] = v;
        else w->r32[(size_t)op->s[0] * 32 + l] = (uint32_t)v;
    }
}

SIM_HOT void sim_run_group(sim_block *blk, sim_warp *w, uint32_t gmask, uint32_t pc, uint32_t limit,
                           uint32_t slice)
{
    const sim_op *const code = blk->prog->code;
    uint32_t *const r32 = w->r32;
    uint64_t *const r64 = w->r64;
    uint32_t *const P = w->pred;
    /* lanes executed = popc(gmask) for each step, less the lanes a guard
       turned off (counted when it happens, which is rare); gmask changes
       only where lanes exit, and the sum is taken there */
    uint64_t steps = 0, lanes = 0, seg = 0;
    /* after a forward split run in place: the lanes that branched, parked at
       pend_pc, and the pc the running part was picked at (see X_BRA) */
    uint32_t pend = 0, pend_pc = 0, group_pc = pc;
    /* the counters of the ops run so far go to the warp and the block */
#define ACCOUNT()                                                             \
    do {                                                                      \
        w->steps += steps;                                                    \
        blk->steps += steps;                                                  \
        blk->cnt.warp_instructions += steps;                                  \
        lanes += (uint64_t)__builtin_popcount(gmask) * (steps - seg);         \
        blk->cnt.lane_instructions += lanes;                                  \
        steps = lanes = seg = 0;                                              \
    } while (0)

    /* The block's step count with this call's steps not yet accounted
       (ACCOUNT() leaves it as it is), and the lanes of those steps so far
       put in `lanes`, before gmask changes. */
#define NOW() (blk->steps + steps)
#define SEG()                                                                 \
    do {                                                                      \
        lanes += (uint64_t)__builtin_popcount(gmask) * (steps - seg);         \
        seg = steps;                                                          \
    } while (0)
    /* Whether the scheduler, given the warp back now, would begin another
       turn of it at once (its turn, budget and clock checks); if so the
       next group starts here: its slice counts from this call's steps. */
#define NEXT_GROUP_HERE() (NOW() < blk->horizon)
#define BEGIN_GROUP()                                                         \
    do {                                                                      \
        blk->group_start = NOW();                                             \
        slice = (uint32_t)steps + (blk->L->budget - NOW() < SIM_GROUP_SLICE ? (uint32_t)(blk->L->budget - NOW()) \
                                                                            : SIM_GROUP_SLICE); \
    } while (0)

    /* n ops from pc run as one (a fused op, a run): pc and op move to the
       last, and the ops after the first end the slice too */
#define RAN(n)                                                                \
    do {                                                                      \
        slice = slice > (n) - 1 ? slice - ((n) - 1) : 0;                      \
        pc += (n) - 1;                                                        \
        op += (n) - 1;                                                        \
    } while (0)
    /* the op at pc: moved with it (one add a step where pc goes on by one) */
    const sim_op *op = &code[pc];
    for (;;) {
        uint32_t m = gmask & (P[op->guard] ^ op->gxor);
        steps++;
        if (__builtin_expect(m != gmask, 0)) lanes -= (uint32_t)__builtin_popcount(gmask ^ m);
        switch ((sim_xop)op->x) {

#define I32B(name, expr) case X_##name: { uint32_t *D = R32(op->s[0]); \
        const uint32_t *A = R32(op->s[1]), *B = R32(op->s[2]); \
        LANES(uint32_t, D, (expr), uint32_t a = A[l], b = B[l]); break; }
#define I64B(name, expr) case X_##name: { uint64_t *D = R64(op->s[0]); \
        const uint64_t *A = R64(op->s[1]), *B = R64(op->s[2]); \
        LANES(uint64_t, D, (expr), uint64_t a = A[l], b = B[l]); break; }
#define I64S(name, expr) case X_##name: { uint64_t *D = R64(op->s[0]); \
        const uint64_t *A = R64(op->s[1]); const uint32_t *B = R32(op->s[2]); \
        LANES(uint64_t, D, (expr), uint64_t a = A[l]; uint32_t b = B[l]); break; }
#define I32T(name, expr) case X_##name: { uint32_t *D = R32(op->s[0]); \
        const uint32_t *A = R32(op->s[1]), *B = R32(op->s[2]), *C = R32(op->s[3]); \
        LANES(uint32_t, D, (expr), uint32_t a = A[l], b = B[l], c = C[l]); break; }
#define I64T(name, expr) case X_##name: { uint64_t *D = R64(op->s[0]); \
        const uint64_t *A = R64(op->s[1]), *B = R64(op->s[2]), *C = R64(op->s[3]); \
        LANES(uint64_t, D, (expr), uint64_t a = A[l], b = B[l], c = C[l]); break; }
#define I32U(name, expr) case X_##name: { uint32_t *D = R32(op->s[0]); \
        const uint32_t *A = R32(op->s[1]); \
        LANES(uint32_t, D, (expr), uint32_t a = A[l]); break; }
#define I64U(name, expr) case X_##name: { uint64_t *D = R64(op->s[0]); \
        const uint64_t *A = R64(op->s[1]); \
        LANES(uint64_t, D, (expr), uint64_t a = A[l]); break; }
#define W32B(name, expr) case X_##name: { uint64_t *D = R64(op->s[0]); \
        const uint32_t *A = R32(op->s[1]), *B = R32(op->s[2]); \
        LANES(uint64_t, D, (expr), uint32_t a = A[l], b = B[l]); break; }
#define W32T(name, expr) case X_##name: { uint64_t *D = R64(op->s[0]); \
        const uint32_t *A = R32(op->s[1]), *B = R32(op->s[2]); const uint64_t *C = R64(op->s[3]); \
        LANES(uint64_t, D, (expr), uint32_t a = A[l], b = B[l]; uint64_t c = C[l]); break; }
#define N32(name, expr) case X_##name: { uint64_t *D = R64(op->s[0]); \
        const uint32_t *A = R32(op->s[1]); \
        LANES(uint64_t, D, (expr), uint32_t a = A[l]); break; }
#define T64(name, expr) case X_##name: { uint32_t *D = R32(op->s[0]); \
        const uint64_t *A = R64(op->s[1]); \
        LANES(uint32_t, D, (expr), uint64_t a = A[l]); break; }
#define F32B(name, expr) case X_##name: { uint32_t *D = R32(op->s[0]); \
        const uint32_t *A = R32(op->s[1]), *B = R32(op->s[2]); \
        LANES(uint32_t, D, sim_canon32(expr), float a = sim_u2f(A[l]), b = sim_u2f(B[l])); break; }
#define F32T(name, expr) case X_##name: { uint32_t *D = R32(op->s[0]); \
        const uint32_t *A = R32(op->s[1]), *B = R32(op->s[2]), *C = R32(op->s[3]); \
        LANES(uint32_t, D, sim_canon32(expr), float a = sim_u2f(A[l]), b = sim_u2f(B[l]), c = sim_u2f(C[l])); break; }
#define F32U(name, expr) case X_##name: { uint32_t *D = R32(op->s[0]); \
        const uint32_t *A = R32(op->s[1]); \
        LANES(uint32_t, D, sim_canon32(expr), float a = sim_u2f(A[l])); break; }
#define F32R(name, expr, mode) case X_##name: { uint32_t *D = R32(op->s[0]); \
        const uint32_t *A = R32(op->s[1]), *B = R32(op->s[2]), *C = R32(op->s[3]); \
        int old_ = fegetround(); fesetround(mode); \
        LANES(uint32_t, D, sim_canon32(expr), float a = sim_u2f(A[l]), b = sim_u2f(B[l]), c = sim_u2f(C[l])); \
        fesetround(old_); break; }
#define F64B(name, expr, n1, n2) case X_##name: { uint64_t *D = R64(op->s[0]); \
        const uint64_t *A = R64(op->s[1]), *B = R64(op->s[2]); \
        LANES(uint64_t, D, sim_nan64(expr, n1, n2, n2), double a = sim_u2d(A[l]), b = sim_u2d(B[l])); break; }
#define F64T(name, expr, n1, n2, n3) case X_##name: { uint64_t *D = R64(op->s[0]); \
        const uint64_t *A = R64(op->s[1]), *B = R64(op->s[2]), *C = R64(op->s[3]); \
        LANES(uint64_t, D, sim_nan64(expr, n1, n2, n3), double a = sim_u2d(A[l]), b = sim_u2d(B[l]), c = sim_u2d(C[l])); break; }
#define F64U(name, expr) case X_##name: { uint64_t *D = R64(op->s[0]); \
        const uint64_t *A = R64(op->s[1]); \
        LANES(uint64_t, D, sim_nan64(expr, a, a, a), double a = sim_u2d(A[l])); break; }
#define FI32(name, expr) case X_##name: { uint32_t *D = R32(op->s[0]); \
        const uint32_t *A = R32(op->s[1]); \
        LANES(uint32_t, D, sim_f2u(expr), uint32_t a = A[l]); break; }
#define IF32(name, expr) case X_##name: { uint32_t *D = R32(op->s[0]); \
        const uint32_t *A = R32(op->s[1]); \
        LANES(uint32_t, D, (expr), float a = sim_u2f(A[l])); break; }
#define XF(name, expr) case X_##name: { uint64_t *D = R64(op->s[0]); \
        const uint32_t *A = R32(op->s[1]); \
        LANES(uint64_t, D, sim_d2u(expr), float a = sim_u2f(A[l])); break; }
#define SETP(name, T, F) case X_##name: { uint32_t bits = setp_bits(op, r32, r64); \
        P[op->s[0]] = (P[op->s[0]] & ~m) | (bits & m); break; }
#define SEL(name, T) case X_##name: { T *D = (T *)(sizeof(T) == 8 ? (void *)R64(op->s[0]) : (void *)R32(op->s[0])); \
        const T *A = (const T *)(sizeof(T) == 8 ? (void *)R64(op->s[1]) : (void *)R32(op->s[1])); \
        const T *B = (const T *)(sizeof(T) == 8 ? (void *)R64(op->s[2]) : (void *)R32(op->s[2])); \
        uint32_t c = P[op->s[3]]; \
        LANES(T, D, (c >> l & 1u) ? A[l] : B[l], (void)0); break; }
#define OWN(name)
#include "sim/xops.def"
#include "sim/xops_undef.h"

        case X_ADDR_SX:
            if (m == SIM_FULL && op->p[0] && limit - pc >= 5) { /* the most common chain, in line */
                addr_chain(r32, r64, op + 1, m, true, false);
                sim_ops_counted(blk, w, 4, SIM_FULL);
                slice = slice > 4 ? slice - 4 : 0;
                pc += 4;
                op += 4;
                break;
            }
            /* fall through */
        case X_ADDR:
        case X_LEA:
        case X_LDPARAMS: {
            uint32_t n = run_fused(blk, w, op, m, limit - pc);
            RAN(n);
            break;
        }
        case X_GENERIC:
            if (m) sim_exec_generic(blk, w, pc, m);
            break;
        case X_PACK:
            exec_pack(w, op, m);
            break;
        case X_UNPACK:
            exec_unpack(w, op, m);
            break;
        case X_MOVP:
            P[op->s[0]] = (P[op->s[0]] & ~m) | (P[op->s[1]] & m);
            break;
#define PNEG(i) ((op->p[0] >> (i) & 1u) ? SIM_FULL : 0u)
        case X_PAND:
            P[op->s[0]] = (P[op->s[0]] & ~m) | ((P[op->s[1]] ^ PNEG(0)) & (P[op->s[2]] ^ PNEG(1)) & m);
            break;
        case X_POR:
            P[op->s[0]] = (P[op->s[0]] & ~m) | (((P[op->s[1]] ^ PNEG(0)) | (P[op->s[2]] ^ PNEG(1))) & m);
            break;
        case X_PXOR:
            P[op->s[0]] = (P[op->s[0]] & ~m) | ((P[op->s[1]] ^ PNEG(0) ^ P[op->s[2]] ^ PNEG(1)) & m);
            break;
        case X_PNOT:
            P[op->s[0]] = (P[op->s[0]] & ~m) | (~(P[op->s[1]] ^ PNEG(0)) & m);
            break;
#undef PNEG
        case X_CLOCK:
            exec_clock(w, op, m, w->steps + steps);
            break;
        case X_ACTIVEMASK: {
            uint32_t *D = R32(op->s[0]);
            for (int l = 0; l < 32; l++)
                if (m >> l & 1u) D[l] = m;
            break;
        }
        case X_DOTS: /* a tile's dot product: the run as one op where it can, else its first load */
            if (m == SIM_FULL) {
                uint32_t n = sim_exec_dots(blk, w, pc, limit - pc);
                if (n) {
                    RAN(n);
                    break;
                }
            }
            /* fall through */
        case X_LDS: { /* a full warp: a run or one word, else half-warps' rows or broadcasts (a
                         tile's words), else a column; sim_exec_lds takes what is none */
            const uint32_t *B = R32(op->s[4]);
            uint32_t d = B[1] - B[0];
            if (__builtin_expect((op->aux & SIM_RUN_MEMBER) != 0, 0)) { /* a hoisted run's load its first made */
                uint32_t bit = 1u << (op->aux & 31);
                if (w->run_skip & bit) {
                    w->run_skip &= ~bit;
                    break;
                }
            }
            if (!m) break;
            if (__builtin_expect((op->aux & SIM_RUN_AUX) != 0, 0)) { /* a run from one base */
                w->run_skip = 0; /* (none made unless this one runs whole) */
                uint32_t n = m == SIM_FULL ? sim_exec_lds_run(blk, w, pc, limit - pc) : 0;
                if (n) {
                    RAN(n);
                    break;
                }
            }
            if (m != SIM_FULL || sim_lds_whole(B)) sim_exec_lds(blk, w, pc, m);
            else if (d == 4 || !d) sim_exec_lds_words(blk, w, pc);
            else sim_exec_lds_col(blk, w, pc, m);
            if (__builtin_expect(op->aux2 != 0, 0)) goto spin; /* volatile */
            break;
        }
        case X_LDS1:
            if (!m) break;
            sim_exec_lds1(blk, w, pc, m);
            if (__builtin_expect(op->aux2 != 0, 0)) goto spin; /* volatile */
            break;
        case X_LD:
            if (!m) break;
            if (__builtin_expect((op->aux & SIM_RMW_AUX) != 0, 0) && m == SIM_FULL) { /* a counter's increment */
                uint32_t n = sim_exec_rmw(blk, w, pc, limit - pc);
                if (n) {
                    RAN(n);
                    break;
                }
            }
            sim_exec_ld(blk, w, pc, m);
            if (op->aux2) goto spin; /* volatile, relaxed or acquire */
            break;
        case X_LDG:
            if (m == SIM_FULL) sim_exec_ldg(blk, w, pc);
            else if (m) sim_exec_ld(blk, w, pc, m);
            break;
        case X_LDPARAM:
            if (m) sim_exec_ldparam(blk, w, pc, m);
            break;
        case X_STS:
            if (!m) break;
            if (__builtin_expect((op->aux & SIM_RUN_AUX) != 0, 0) && m == SIM_FULL) { /* a run from one base */
                uint32_t n = sim_exec_sts_run(blk, w, pc, limit - pc);
                if (n) {
                    RAN(n);
                    break;
                }
            }
            sim_exec_sts(blk, w, pc, m);
            break;
        case X_ST:
            if (m) sim_exec_st(blk, w, pc, m);
            break;
        case X_STG:
            if (m == SIM_FULL) sim_exec_stg(blk, w, pc);
            else if (m) sim_exec_st(blk, w, pc, m);
            break;
        case X_ATOM:
            if (!m) break;
            sim_exec_atom(blk, w, pc, m);
            goto spin;
        case X_NOP:
            break;
        case X_FENCE:
            if (m) sim_sync_fence(blk, w, m);
            break;
        case X_ASYNC:
            if (!m) break;
            sim_async_exec(blk, w, pc, m);
            if (!blk->yield) break;
            pc++; /* an mbarrier wait that found its phase open: others go first */
            goto out;
        case X_BRA: {
            uint32_t rest = gmask & ~m;
            if (op->aux2) sim_bar_branch(blk, w, op, m, rest);
            if ((op->p[1] & SIM_BF_EXIT) && m) { /* a blend, so vector code */
                uint32_t *eb = blk->exit_branch + w->id * 32;
                for (int l = 0; l < 32; l++) eb[l] = (m >> l & 1u) ? pc + 1 : eb[l];
            }
            if (!rest) {
                if (op->imm && m == SIM_FULL && steps < slice) {
                    /* a compiled loop (loop.c): its iterations that end
                       inside the turn, as the interpreter would run them */
                    uint32_t len = pc - op->aux + 1;
                    steps += sim_exec_loop(blk, w, op, (slice - steps + len - 1) / len) * len;
                }
                pc = op->aux;
                goto moved;
            }
            if (!m) break;
            set_pcs(w, m, op->aux);
            if (op->aux > pc + 1 && !pend && !(sim_runnable(w) & ~gmask) && !blk->L->reference) {
                /* A forward split with no other lanes runnable: the
                   scheduler would run the lanes that fell through, from
                   pc + 1 up to the branch's target, then merge the two
                   there. Both happen here, when it would not first end
                   the turn or rotate (a group that ran a slice). */
                SEG();
                if (NEXT_GROUP_HERE() && NOW() - blk->group_start < SIM_GROUP_SLICE) {
                    BEGIN_GROUP();
                    gmask = rest;
                    pend = m;
                    pend_pc = limit = op->aux;
                    group_pc = ++pc;
                    op++;
                    continue;
                }
            }
            set_pcs(w, rest, pc + 1);
            goto resched;
        }
        case X_EXIT:
        case X_TRAP:
            if (!m) break;
            if (op->x == X_TRAP) {
                sim_hz h = sim_hz_make(CL_HZ_TRAP, pc, w->id, __builtin_ctz(m));
                if (op->p[0])
                    sim_assert_text(blk, w->id * 32 + (unsigned)__builtin_ctz(m), pc, h.detail, sizeof h.detail);
                sim_hz_add(blk, &h);
                blk->status = SIM_TRAPPED;
                blk->stop = true;
                set_pcs(w, gmask, pc);
                goto resched;
            }
            sim_lanes_exit(blk, w, pc, m);
            lanes += (uint64_t)__builtin_popcount(gmask) * (steps - seg);
            seg = steps;
            gmask &= ~m;
            if (!gmask) goto resched;
            set_pcs(w, gmask, pc + 1);
            goto resched;
        case X_RET:
        case X_FALLOFF:
            if (!m) break;
            set_pcs(w, gmask & ~m, pc + 1);
            sim_exec_ret(blk, w, pc, m);
            goto resched;
        case X_CALL:
            if (!m) break;
            set_pcs(w, gmask & ~m, pc + 1);
            sim_exec_call(blk, w, pc, m);
            if (m == gmask) {
                pc = blk->prog->calls[op->aux].entry;
                goto moved;
            }
            goto resched;
        case X_VPRINTF:
            if (m) sim_exec_vprintf(blk, w, pc, m);
            break;
        case X_BAR:
        case X_BAR_RED:
            if (!m) break;
            set_pcs(w, gmask & ~m, pc + 1);
            set_pcs(w, m, pc);
            sim_bar_arrive(blk, w, pc, m);
            goto resched;
        case X_BAR_ARRIVE:
            if (m) sim_bar_arrive(blk, w, pc, m);
            break;
        case X_COLL:
            if (!m) break;
            if (m == gmask && m == sim_runnable(w) && sim_coll_fast(blk, w, pc, m)) {
                /* run_warp would now pick this group again at pc + 1 (no
                   other lane can run): end the turn as a return would and
                   begin the next one here, with its checks */
                pc++;
                op++;
                if (!NEXT_GROUP_HERE()) goto out;
                BEGIN_GROUP();
                limit = SIM_NONE;
                continue;
            }
            set_pcs(w, gmask, pc);
            sim_coll_arrive(blk, w, pc, m);
            /* lanes it ran are at pc + 1 now; parked ones stay */
            set_pcs(w, gmask & ~m, pc + 1);
            goto resched;
        case X_COUNT:
        default: /* the lowering writes only the xops above: no range check in a
                    build with NDEBUG; a Debug build (the build matrix) still asserts */
#ifndef NDEBUG
            SIM_ASSERT(0);
#endif
            __builtin_unreachable();
        }
        pc++;
        op++;
        if (pc >= limit) goto at_limit;
        continue;
    spin: /* a load that may be a wait on another warp: its second look in a
             row at unchanged values ends the turn (sim_spin_note) */
        sim_spin_note(blk, w, pc, m);
        pc++;
        op++;
        if (blk->yield) goto out;
        if (pc >= limit) goto at_limit;
        continue;
    moved: /* a jump: only loops run long, so the slice is checked here */
        op = &code[pc];
        if (pc >= limit) goto at_limit;
        if (steps >= slice) break;
        continue;
    at_limit:
        if (!pend || pc != pend_pc) break;
        /* the lanes that fell through reach the ones that branched: the
           scheduler would merge them into one group with nothing above */
        SEG();
        if (!NEXT_GROUP_HERE() || NOW() - blk->group_start >= SIM_GROUP_SLICE) break;
        BEGIN_GROUP();
        gmask |= pend;
        pend = 0;
        limit = SIM_NONE;
    }
out:
    set_pcs(w, gmask, pc);
resched:
    ACCOUNT();
    /* after a split run in place the scheduler knows only the group it
       picked: the rotation it would give the running part is given here */
    if (pend && !blk->stop && blk->steps - blk->group_start >= SIM_GROUP_SLICE &&
        (sim_runnable(w) & ~gmask)) {
        w->rotate = true;
        w->rotate_pc = group_pc;
    }
}
#undef ACCOUNT
#undef RAN
#undef NEXT_GROUP_HERE
#undef BEGIN_GROUP
#undef NOW
#undef SEG
