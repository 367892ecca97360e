/* zero.c - which registers a block must zero before it runs. Registers
 * start at zero, so that a read before any write gives the same value
 * everywhere; a register that every lane writes before it reads it, on
 * every path from the kernel's entry, need not be zeroed: no lane can see
 * what the last block left in it. That is a backward liveness analysis
 * over the lowered code, kept on the safe side:
 *   - every slot an op names is a use, in both the 32- and the 64-bit rows,
 *     except where the op's family says which (xops.def's rows, ld, st),
 *     the destination, which a guarded op keeps for the lanes it turns off,
 *     and the ops that name no row (predicate logic names predicate slots,
 *     branches, returns and exits none);
 *   - only an unguarded op of the fast ALU families (the destination of
 *     xops.def's rows), an unguarded ld or ld.param (every lane of the group
 *     gets a value or the poison) writes its destination surely;
 *   - every op may fall through to the next, and a branch also goes to its
 *     target; a program with calls zeroes every register.
 * What is left live at pc 0 is zeroed, with the carry flag's row. */
#include "sim/internal.h"

#include <stdlib.h>

/* The bank of an operand: none (a predicate), 32- or 64-bit rows, or
 * either (not known here: both count). */
enum { B_NONE, B_32, B_64, B_ANY };

/* What the rows of xops.def read and write, by family, as exec.c's lane
 * loops do: d = s[0] (written by every lane of the group), a, b, c. */
typedef struct family {
    uint8_t d, a, b, c;
} family;

static const family families[X_COUNT] = {
#define FAM(name, d, a, b, c) [X_##name] = { d, a, b, c },
#define I32B(name, ...) FAM(name, B_32, B_32, B_32, B_NONE)
#define I64B(name, ...) FAM(name, B_64, B_64, B_64, B_NONE)
#define I64S(name, ...) FAM(name, B_64, B_64, B_32, B_NONE)
#define I32T(name, ...) FAM(name, B_32, B_32, B_32, B_32)
#define I64T(name, ...) FAM(name, B_64, B_64, B_64, B_64)
#define I32U(name, ...) FAM(name, B_32, B_32, B_NONE, B_NONE)
#define I64U(name, ...) FAM(name, B_64, B_64, B_NONE, B_NONE)
#define W32B(name, ...) FAM(name, B_64, B_32, B_32, B_NONE)
#define W32T(name, ...) FAM(name, B_64, B_32, B_32, B_64)
#define N32(name, ...) FAM(name, B_64, B_32, B_NONE, B_NONE)
#define T64(name, ...) FAM(name, B_32, B_64, B_NONE, B_NONE)
#define F32B(name, ...) FAM(name, B_32, B_32, B_32, B_NONE)
#define F32T(name, ...) FAM(name, B_32, B_32, B_32, B_32)
#define F32U(name, ...) FAM(name, B_32, B_32, B_NONE, B_NONE)
#define F64B(name, ...) FAM(name, B_64, B_64, B_64, B_NONE)
#define F64T(name, ...) FAM(name, B_64, B_64, B_64, B_64)
#define F64U(name, ...) FAM(name, B_64, B_64, B_NONE, B_NONE)
#define FI32(name, ...) FAM(name, B_32, B_32, B_NONE, B_NONE)
#define IF32(name, ...) FAM(name, B_32, B_32, B_NONE, B_NONE)
#define XF(name, ...) FAM(name, B_64, B_32, B_NONE, B_NONE)
#define SETP(name, T, F) FAM(name, B_NONE, sizeof(T) == 8 ? B_64 : B_32, sizeof(T) == 8 ? B_64 : B_32, B_NONE)
#define SEL(name, T) FAM(name, sizeof(T) == 8 ? B_64 : B_32, sizeof(T) == 8 ? B_64 : B_32, \
                         sizeof(T) == 8 ? B_64 : B_32, B_NONE)
#define OWN(name)
#include "sim/xops.def"
#include "sim/xops_undef.h"
#undef FAM
};

/* A fused chain's first op (lower.c's fuse()) as itself: the chain's other
 * ops follow it in the code. */
static const family *family_of(const sim_op *op)
{
    return &families[op->x == X_ADDR_SX ? X_SEXT64 : op->x == X_ADDR ? X_MUL64 : op->x == X_LEA ? X_SHL64 : op->x];
}

/* Which of op's operands it surely writes (s[0 .. *nd), in bank *db) and
 * the bank each other operand is read from. Only an unguarded op writes
 * surely: its guard may turn lanes off. */
static void op_regs(const sim_op *op, unsigned *nd, uint8_t *db, uint8_t use[6])
{
    bool sure = op->guard == SIM_PRED_TRUE && !op->gxor;
    *nd = 0;
    *db = B_NONE;
    for (int i = 0; i < 6; i++) use[i] = B_ANY;
    if (op->x >= X_COUNT) return;
    switch (op->x) {
    case X_MOVP: case X_PAND: case X_POR: case X_PXOR: case X_PNOT: /* predicate slots, not rows */
    case X_BRA: case X_RET: case X_FALLOFF: case X_EXIT: case X_NOP: case X_FENCE: /* no operands */
        for (int i = 0; i < 6; i++) use[i] = B_NONE;
        return;
    default:
        break;
    }
    const family *f = family_of(op);
    bool alu = f->d || f->a;
    if (alu) {
        use[0] = B_NONE; /* guarded, the lanes turned off keep theirs: not a read */
        use[1] = f->a;
        use[2] = f->b;
        use[3] = f->c;
        use[4] = use[5] = B_NONE;
        if (sure && f->d != B_NONE) {
            *nd = 1;
            *db = f->d;
        }
        return;
    }
    if (op->x == X_LD || op->x == X_LDPARAM || op->x == X_ST) {
        unsigned n = op->x == X_LDPARAM ? 1 : op->p[2] < 4 ? op->p[2] : 4;
        uint8_t vb = (op->p[3] & SIM_MF_DST64) ? B_64 : B_32;
        for (unsigned e = 0; e < n; e++) use[e] = vb;
        use[4] = (op->p[3] & SIM_MF_BASE32) ? B_32 : B_64;
        if (op->x != X_ST && sure) {
            *nd = n;
            *db = vb;
        }
    }
}

void sim_op_banks(const sim_op *op, uint8_t bank[6])
{
    unsigned nd;
    uint8_t db;
    op_regs(op, &nd, &db, bank);
    if (op->x < X_COUNT && (family_of(op)->d || family_of(op)->a))
        bank[0] = family_of(op)->d; /* an ALU op's destination, guarded or not */
}

typedef struct liveness {
    uint32_t words;   /* 64-bit words a set: 32-bit rows, then 64-bit rows */
    uint64_t *in;     /* [op][words]: live before the op */
} liveness;

static void set_bit(uint64_t *s, uint32_t i) { s[i / 64] |= 1ull << (i % 64); }
static void clear_bit(uint64_t *s, uint32_t i) { s[i / 64] &= ~(1ull << (i % 64)); }

/* in[pc] := uses(op) | (out(pc) - dests(op)); true when it changed. */
static bool transfer(const sim_program *p, liveness *lv, uint32_t pc, uint64_t *tmp)
{
    const sim_op *op = &p->code[pc];
    uint32_t W = lv->words;
    memset(tmp, 0, W * sizeof *tmp);
    if (pc + 1 < p->ncode)
        for (uint32_t k = 0; k < W; k++) tmp[k] |= lv->in[(size_t)(pc + 1) * W + k];
    if (op->x == X_BRA && op->aux < p->ncode)
        for (uint32_t k = 0; k < W; k++) tmp[k] |= lv->in[(size_t)op->aux * W + k];
    unsigned nd;
    uint8_t db, use[6];
    op_regs(op, &nd, &db, use);
    for (unsigned i = 0; i < nd; i++) { /* killed, then the uses (which may name them too) */
        uint16_t d = op->s[i];
        if (d == SIM_NOSLOT) continue;
        if (db == B_32 && d < p->nreg32) clear_bit(tmp, d);
        if (db == B_64 && d < p->nreg64) clear_bit(tmp, p->nreg32 + d);
    }
    for (unsigned i = nd; i < 6; i++) {
        uint16_t s = op->s[i];
        if (s == SIM_NOSLOT || use[i] == B_NONE) continue;
        if (use[i] != B_64 && s < p->nreg32) set_bit(tmp, s);
        if (use[i] != B_32 && s < p->nreg64) set_bit(tmp, p->nreg32 + s);
    }
    uint64_t *in = lv->in + (size_t)pc * W;
    if (!memcmp(in, tmp, W * sizeof *tmp)) return false;
    memcpy(in, tmp, W * sizeof *tmp);
    return true;
}

/* Runs of set bits of s in [from, from + n) as (start, count) pairs. */
static uint32_t runs_of(const uint64_t *s, uint32_t from, uint32_t n, uint32_t *out)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < n;) {
        uint32_t b = from + i;
        if (!(s[b / 64] >> (b % 64) & 1u)) {
            i++;
            continue;
        }
        uint32_t start = i;
        while (i < n && (s[(from + i) / 64] >> ((from + i) % 64) & 1u)) i++;
        out[2 * k] = start;
        out[2 * k + 1] = i - start;
        k++;
    }
    return k;
}

#define ZERO_MAX_WORDS ((size_t)1 << 24) /* past this the analysis is not worth it */

void sim_zero_plan(const sim_program *p, sim_zero *z)
{
    memset(z, 0, sizeof *z);
    uint32_t n = p->nreg32 + p->nreg64;
    z->r32 = cl_malloc((p->nreg32 + 1) * sizeof *z->r32);
    z->r64 = cl_malloc((p->nreg64 + 1) * sizeof *z->r64);
    liveness lv = { (n + 63) / 64 + 1, NULL };
    uint64_t *live = cl_calloc(lv.words, sizeof *live);
    if (p->ncalls || !p->ncode || (size_t)p->ncode * lv.words > ZERO_MAX_WORDS) {
        for (uint32_t i = 0; i < n; i++) set_bit(live, i);
    } else {
        lv.in = cl_calloc((size_t)p->ncode * lv.words, sizeof *lv.in);
        uint64_t *tmp = cl_malloc(lv.words * sizeof *tmp);
        for (bool changed = true; changed;) {
            changed = false;
            for (uint32_t pc = p->ncode; pc-- > 0;) changed |= transfer(p, &lv, pc, tmp);
        }
        memcpy(live, lv.in, lv.words * sizeof *live);
        free(tmp);
        free(lv.in);
    }
    if (p->carry_row < p->nreg32) set_bit(live, p->carry_row);
    uint32_t *runs = cl_malloc(2 * (n + 1) * sizeof *runs);
    z->n32 = runs_of(live, 0, p->nreg32, runs);
    for (uint32_t i = 0; i < z->n32; i++) z->r32[i] = (sim_zrun){ runs[2 * i], runs[2 * i + 1] };
    z->n64 = runs_of(live, p->nreg32, p->nreg64, runs);
    for (uint32_t i = 0; i < z->n64; i++) z->r64[i] = (sim_zrun){ runs[2 * i], runs[2 * i + 1] };
    free(runs);
    free(live);
}

void sim_zero_free(sim_zero *z)
{
    free(z->r32);
    free(z->r64);
    memset(z, 0, sizeof *z);
}
