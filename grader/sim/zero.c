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
 * What is left live at pc 0 is zeroed, with the carry flag's row. The same
 * liveness packs registers into fewer rows (sim_pack_registers, below). */
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
#define F32R(name, ...) FAM(name, B_32, B_32, B_32, B_32)
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
    bool param = op->x == X_LDPARAM || op->x == X_LDPARAMS; /* (a run's first as itself) */
    bool store = op->x == X_ST || op->x == X_STS || op->x == X_STG;
    if (op->x == X_LD || op->x == X_LDS || op->x == X_LDS1 || op->x == X_LDG || param || store) {
        unsigned n = param ? 1 : op->p[2] < 4 ? op->p[2] : 4;
        uint8_t vb = (op->p[3] & SIM_MF_DST64) ? B_64 : B_32;
        for (unsigned e = 0; e < n; e++) use[e] = vb;
        use[4] = (op->p[3] & SIM_MF_BASE32) ? B_32 : B_64;
        if (!store && sure) {
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

/* Solves the liveness of every register before every op into lv->in;
 * false (lv->in NULL) where it is not done: a program with calls, or one
 * too large for it. */
static bool solve(const sim_program *p, liveness *lv)
{
    uint32_t n = p->nreg32 + p->nreg64;
    lv->words = (n + 63) / 64 + 1;
    lv->in = NULL;
    if (p->ncalls || p->ntensors || !p->ncode || (size_t)p->ncode * lv->words > ZERO_MAX_WORDS)
        return false; /* a tensor op's registers are in its table, not its slots */
    lv->in = cl_calloc((size_t)p->ncode * lv->words, sizeof *lv->in);
    uint64_t *tmp = cl_malloc(lv->words * sizeof *tmp);
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t pc = p->ncode; pc-- > 0;) changed |= transfer(p, lv, pc, tmp);
    }
    free(tmp);
    return true;
}

void sim_zero_plan(const sim_program *p, sim_zero *z)
{
    memset(z, 0, sizeof *z);
    uint32_t n = p->nreg32 + p->nreg64;
    z->r32 = cl_malloc((p->nreg32 + 1) * sizeof *z->r32);
    z->r64 = cl_malloc((p->nreg64 + 1) * sizeof *z->r64);
    liveness lv;
    uint64_t *live = cl_calloc((n + 63) / 64 + 1, sizeof *live);
    if (solve(p, &lv)) memcpy(live, lv.in, lv.words * sizeof *live);
    else
        for (uint32_t i = 0; i < n; i++) set_bit(live, i);
    free(lv.in);
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

/* ---- packing the registers into fewer rows ----
 *
 * nvcc's PTX names a new register for nearly every value (day 28's tile
 * kernels declare 35 32-bit and 49 64-bit ones: 17 KB of rows a warp, 136 KB
 * for a block of eight warps), and most live for a few ops. Registers whose
 * lives never overlap can share a row, so that a block's rows stay in the
 * host's first-level cache. Each lane has its own column of a row and an op
 * writes only the lanes it runs for, so a lane sees its column change in
 * its own program order: the liveness over the code above holds for every
 * lane, however the warp diverges, and two registers may share a row when
 * neither is written while the other is live.
 *
 * A register is packed only when every op naming it says in which bank and
 * whether it writes it (the rows of xops.def, ld, ld.param, st) and it is
 * not live at the entry (a read before any write reads zero there). The
 * others keep their rows, and no packed register takes one of them: among
 * them the operands of shfl, vote, atom, calls and printf, and everything of
 * a program with calls. An op's operands are never packed together, so no
 * op reads a row another of its operands has written. */

enum { PACK_MAX_REGS = 4096 }; /* past this a bank is left as it is */

/* The bank of each operand of op as sim_op_banks gives it (B_ANY: not
 * known, so not packed) and whether the op writes it: an ALU op its
 * destination, ld and ld.param their values. */
static void operand_banks(const sim_op *op, uint8_t bank[6], bool def[6])
{
    sim_op_banks(op, bank);
    bool alu = op->x < X_COUNT && (family_of(op)->d || family_of(op)->a);
    bool ld = op->x == X_LD || op->x == X_LDS || op->x == X_LDS1 || op->x == X_LDG || op->x == X_LDPARAM || op->x == X_LDPARAMS;
    for (int i = 0; i < 6; i++)
        def[i] = (bank[i] == B_32 || bank[i] == B_64) && ((alu && i == 0) || (ld && i < 4));
}

/* Register r of the packing's numbering (the 32-bit ones, then the 64-bit
 * ones) named by slot s in bank b, or UINT32_MAX where s is no register. */
static uint32_t reg_of(const sim_program *p, uint8_t b, uint16_t s)
{
    if (s == SIM_NOSLOT) return UINT32_MAX;
    if (b == B_32) return s < p->nreg32 ? s : UINT32_MAX;
    if (b == B_64) return s < p->nreg64 ? p->nreg32 + s : UINT32_MAX;
    return UINT32_MAX;
}

static bool has_bit(const uint64_t *s, uint32_t i) { return s[i / 64] >> (i % 64) & 1u; }

/* Colours the packed registers of one bank, [from, from + n) in the
 * numbering, lowest row first; rows of kept registers are taken. */
static void colour(const uint8_t *kept, const uint64_t *edge, uint32_t stride, uint32_t from, uint32_t n,
                   uint32_t *row)
{
    uint32_t W = (n + 63) / 64 + 1;
    uint64_t *taken = cl_malloc(W * sizeof *taken);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t r = from + i;
        if (kept[r]) continue;
        for (uint32_t k = 0; k < W; k++) taken[k] = 0;
        for (uint32_t j = 0; j < n; j++) {
            if (kept[from + j]) set_bit(taken, j);
            else if (j < i && has_bit(edge + (size_t)r * stride, from + j)) set_bit(taken, row[from + j]);
        }
        uint32_t c = 0;
        while (has_bit(taken, c)) c++;
        row[r] = c;
    }
    free(taken);
}

void sim_pack_registers(sim_program *p)
{
    if (p->nreg32 > PACK_MAX_REGS || p->nreg64 > PACK_MAX_REGS) return;
    liveness lv;
    if (!solve(p, &lv)) return;
    uint32_t N = p->nreg32 + p->nreg64, W = lv.words, EW = (N + 63) / 64 + 1;
    uint8_t *kept = cl_calloc(N + 1, 1);
    for (uint32_t r = 0; r < N; r++) kept[r] = has_bit(lv.in, r); /* live at the entry */
    if (p->carry_row < p->nreg32) kept[p->carry_row] = 1;
    uint8_t bank[6];
    bool def[6];
    for (uint32_t pc = 0; pc < p->ncode; pc++) {
        const sim_op *op = &p->code[pc];
        operand_banks(op, bank, def);
        for (int i = 0; i < 6; i++) {
            uint16_t s = op->s[i];
            if (s == SIM_NOSLOT || bank[i] != B_ANY) continue;
            if (s < p->nreg32) kept[s] = 1;
            if (s < p->nreg64) kept[p->nreg32 + s] = 1;
        }
    }
    /* edge[r][q]: r is written while q is live, or both are one op's */
    uint64_t *edge = cl_calloc((size_t)N * EW, sizeof *edge);
    uint64_t *out = cl_malloc(W * sizeof *out);
    for (uint32_t pc = 0; pc < p->ncode; pc++) {
        const sim_op *op = &p->code[pc];
        operand_banks(op, bank, def);
        memset(out, 0, W * sizeof *out);
        if (pc + 1 < p->ncode)
            for (uint32_t k = 0; k < W; k++) out[k] |= lv.in[(size_t)(pc + 1) * W + k];
        if (op->x == X_BRA && op->aux < p->ncode)
            for (uint32_t k = 0; k < W; k++) out[k] |= lv.in[(size_t)op->aux * W + k];
        for (int i = 0; i < 6; i++) {
            uint32_t r = reg_of(p, bank[i], op->s[i]);
            if (r != UINT32_MAX) set_bit(out, r);
        }
        for (int i = 0; i < 6; i++) {
            uint32_t r = reg_of(p, bank[i], op->s[i]);
            if (!def[i] || r == UINT32_MAX) continue;
            for (uint32_t q = 0; q < N; q++) {
                if (q == r || !has_bit(out, q)) continue;
                set_bit(edge + (size_t)r * EW, q);
                set_bit(edge + (size_t)q * EW, r);
            }
        }
    }
    /* a hoisted run's later load (lower.c's sim_fuse_hoisted_runs) writes
       its row at the run's first load: its register lives from there, so it
       meets every register live after, read or written by, an op from the
       first load to it (straight code: no branch inside a run) */
    for (uint32_t q = 0; q < p->ncode; q++) {
        const sim_op *first = &p->code[q];
        if (first->x != X_LDS || !(first->aux & SIM_RUN_HOIST)) continue;
        uint32_t span = first->aux & (SIM_RUN_MEMBER - 1);
        for (uint32_t m = q + 1; m < q + span && m < p->ncode; m++) {
            const sim_op *ld = &p->code[m];
            uint32_t D = ld->x == X_LDS && (ld->aux & SIM_RUN_MEMBER) ? reg_of(p, B_32, ld->s[0]) : UINT32_MAX;
            if (D == UINT32_MAX) continue;
            for (uint32_t pc = q; pc < m; pc++) {
                const sim_op *op = &p->code[pc];
                memcpy(out, lv.in + (size_t)(pc + 1) * W, W * sizeof *out);
                operand_banks(op, bank, def);
                for (int i = 0; i < 6; i++) {
                    uint32_t r = reg_of(p, bank[i], op->s[i]);
                    if (r != UINT32_MAX) set_bit(out, r);
                }
                for (uint32_t r = 0; r < N; r++) {
                    if (r == D || !has_bit(out, r)) continue;
                    set_bit(edge + (size_t)D * EW, r);
                    set_bit(edge + (size_t)r * EW, D);
                }
            }
        }
    }
    uint32_t *row = cl_malloc((N + 1) * sizeof *row);
    for (uint32_t r = 0; r < N; r++) row[r] = r < p->nreg32 ? r : r - p->nreg32;
    colour(kept, edge, EW, 0, p->nreg32, row);
    colour(kept, edge, EW, p->nreg32, p->nreg64, row);
    for (uint32_t pc = 0; pc < p->ncode; pc++) {
        sim_op *op = &p->code[pc];
        operand_banks(op, bank, def);
        for (int i = 0; i < 6; i++) {
            uint32_t r = reg_of(p, bank[i], op->s[i]);
            if (r != UINT32_MAX && !kept[r]) op->s[i] = (uint16_t)row[r];
        }
    }
    free(row);
    free(out);
    free(edge);
    free(kept);
    free(lv.in);
}
