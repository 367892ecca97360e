/* loop.c - compiled loops. A loop whose body is global loads (X_LDG),
 * fma.rn.f32s and the integer ops that step its addresses and its counter
 * (adds, movs, mul.wides of a 32-bit index by a constant), closed by one
 * setp and the branch back (a naive matmul's `sum += A[row * K + k] *
 * B[k * N + col]`, unrolled by nvcc), is found at lowering and described
 * once: every address and counter of the body as a sum of the rows it
 * reads at an iteration's start (its atoms) times whole numbers, plus a
 * constant. A full warp that takes its back-edge runs the iterations after
 * that without the interpreter while nothing can go differently: the
 * integer ops are then numbers stepped once an iteration for the whole
 * warp, each load's bounds are tested once for all the iterations, its
 * lanes (half-warp rows or broadcasts, or a column) copied as sim_exec_ldg
 * copies them, and each fma runs as X_FFMA
 * runs it, on the real rows; where the body's fmas are one chain of sums
 * (a dot product's, unrolled or not), the sum stays in vector registers
 * through the iterations and each operand comes from memory or its row,
 * no load's row written. The last iteration is left to the
 * interpreter, which also takes every loop it does not hold for (another
 * lane pattern, a fault on the way, a lane off, the reference mode). */
#include "sim/internal.h"
#include "sim/lower.h"

#include <math.h>
#include <string.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h> /* the fmas in vector registers */
#define LOOP_AVX2 1
#endif

/* ---- what the lowering finds ---- */

typedef sim_loop_form loop_form;

/* The rows of one width the body reads or writes through its adds. */
typedef struct loop_bank {
    unsigned natom, nwrote;
    uint16_t atom[SIM_LOOP_ATOMS];
    uint16_t wrote[SIM_LOOP_ROWS];
    loop_form now[SIM_LOOP_ROWS];  /* each written row's value so far this iteration */
} loop_bank;

typedef struct loop_scan {
    loop_bank bank[2];             /* 64-bit rows, 32-bit rows */
    sim_loop_form wide[SIM_LOOP_ATOMS]; /* a 64-bit atom that is a 32-bit form widened (its row SIM_NOSLOT) */
    uint32_t wide_signed;
    uint16_t real[SIM_LOOP_OPS];   /* 32-bit rows the loads and fmas write (their values kept) */
    unsigned nreal;
    bool fail;
} loop_scan;

/* Row r's value now as a form: its last write in the body so far, else
 * its atom (a new one where none yet). */
static loop_form form_of(loop_scan *s, int k, uint16_t r)
{
    loop_bank *b = &s->bank[k];
    loop_form f = { { 0 }, 0 };
    for (unsigned i = 0; i < b->nwrote; i++)
        if (b->wrote[i] == r) return b->now[i];
    unsigned a = 0;
    while (a < b->natom && b->atom[a] != r) a++;
    if (a == SIM_LOOP_ATOMS || (k == 1 && sim_among(r, s->real, s->nreal))) { /* (a loaded value as a counter) */
        s->fail = true;
        return f;
    }
    if (a == b->natom) b->atom[b->natom++] = r;
    f.c[a] = 1;
    return f;
}

static loop_form form_add(loop_form x, const loop_form *y)
{
    for (int a = 0; a < SIM_LOOP_ATOMS; a++) x.c[a] += y->c[a];
    x.imm += y->imm;
    return x;
}

static void set_form(loop_scan *s, int k, uint16_t r, loop_form f)
{
    loop_bank *b = &s->bank[k];
    unsigned i = 0;
    while (i < b->nwrote && b->wrote[i] != r) i++;
    if (i == SIM_LOOP_ROWS) {
        s->fail = true;
        return;
    }
    if (i == b->nwrote) b->wrote[b->nwrote++] = r;
    b->now[i] = f;
}

/* The 64-bit atom that is the 32-bit form f widened (signed or not): a
 * value the body computes from 32-bit atoms (`mul.wide.u32 d, i, 4` of a
 * 32-bit index), which loop.c steps as a 64-bit one while it does not wrap
 * at 32 bits. Its form, with coefficient 1. */
static loop_form wide_atom(loop_scan *s, const loop_form *f, bool sgn)
{
    loop_bank *b = &s->bank[0];
    loop_form r = { { 0 }, 0 };
    unsigned a = 0;
    while (a < b->natom && !(b->atom[a] == SIM_NOSLOT && !memcmp(&s->wide[a], f, sizeof *f) &&
                             (s->wide_signed >> a & 1u) == sgn))
        a++;
    if (a == SIM_LOOP_ATOMS) {
        s->fail = true;
        return r;
    }
    if (a == b->natom) {
        b->atom[b->natom++] = SIM_NOSLOT;
        s->wide[a] = *f;
        s->wide_signed |= (uint32_t)sgn << a;
    }
    r.c[a] = 1;
    return r;
}

/* The value of a 32-bit constant row (no register, no special), or false. */
static bool constant32(const sim_program *p, uint16_t slot, uint32_t *v)
{
    if (slot < p->nreg32 || slot >= p->nrow32 || p->extra32[slot - p->nreg32].is_sreg) return false;
    *v = (uint32_t)p->extra32[slot - p->nreg32].value;
    return true;
}

static loop_form form_scale(loop_form x, uint64_t c)
{
    for (int a = 0; a < SIM_LOOP_ATOMS; a++) x.c[a] *= c;
    x.imm *= c;
    return x;
}

/* Remove r from the n rows of v, if there. */
static void drop(uint16_t *v, unsigned *n, uint16_t r)
{
    for (unsigned i = 0; i < *n; i++)
        if (v[i] == r) {
            v[i] = v[--*n];
            return;
        }
}

/* A 32-bit row an fma reads, or a load or an fma writes: its real value.
 * A read must find the row's real value (not one an add of the body wrote,
 * stale until the loop's end; not an atom of the adds, which an add may
 * write). A write makes the row's value real until an add writes it again
 * (a row the registers' packing shares between a loaded value and a
 * counter); an atom of the adds may not be written so. */
static void real_row(loop_scan *s, uint16_t r, bool write)
{
    loop_bank *b = &s->bank[1];
    if (sim_among(r, b->atom, b->natom) || (!write && sim_among(r, b->wrote, b->nwrote))) s->fail = true;
    if (!write) return;
    for (unsigned i = 0; i < b->nwrote; i++)
        if (b->wrote[i] == r) { /* (its form goes with it) */
            b->nwrote--;
            b->wrote[i] = b->wrote[b->nwrote];
            b->now[i] = b->now[b->nwrote];
            break;
        }
    if (!sim_among(r, s->real, s->nreal)) s->real[s->nreal++] = r;
}

/* The change an iteration makes to atom a of bank k (a form over the
 * atoms that no op of the body writes), or false where the row's value at
 * the body's end is not the row itself plus such a change (a counter
 * scaled, two rows swapped). A row the body does not write changes by 0. */
static bool atom_delta(const loop_scan *s, int k, unsigned a, loop_form *d)
{
    const loop_bank *b = &s->bank[k];
    memset(d, 0, sizeof *d);
    for (unsigned i = 0; i < b->nwrote; i++) {
        if (b->wrote[i] != b->atom[a]) continue;
        *d = b->now[i];
        if (d->c[a] != 1) return false;
        d->c[a] = 0;
        for (unsigned j = 0; j < b->natom; j++)
            if (d->c[j] && sim_among(b->atom[j], b->wrote, b->nwrote)) return false;
        return true;
    }
    return true;
}

/* Whether bank 0's widened atom a is made of 32-bit rows the body does
 * not write (the same in every iteration). */
static bool invariant_wide(const loop_scan *s, unsigned a)
{
    const loop_bank *b = &s->bank[1];
    for (unsigned j = 0; j < b->natom; j++)
        if (s->wide[a].c[j] && sim_among(b->atom[j], b->wrote, b->nwrote)) return false;
    return true;
}

/* A 32-bit row's value as chain_of walks the body: what last wrote it in
 * the iteration so far. */
enum { CHAIN_IN = -1, CHAIN_OTHER = -2, CHAIN_SUM = -3 }; /* (a load's: its index) */
typedef struct chain_rows {
    unsigned n;
    uint16_t row[SIM_LOOP_OPS];
    int val[SIM_LOOP_OPS];
} chain_rows;

static int chain_val(const chain_rows *c, uint16_t r)
{
    for (unsigned i = 0; i < c->n; i++)
        if (c->row[i] == r) return c->val[i];
    return CHAIN_IN;
}

static void chain_set(chain_rows *c, uint16_t r, int v)
{
    unsigned i = 0;
    while (i < c->n && c->row[i] != r) i++;
    if (i == c->n) c->row[c->n++] = r;
    c->val[i] = v;
}

/* The body's fmas as one chain of sums into L->chain, or nchain 0. Walked
 * in order, by the values its rows hold (the registers' packing puts a
 * load's value, an inner sum and the next load's value in one row): each
 * fma's c is the sum the fma before it made (the first's, the row's value
 * at the iteration's start: acc, which the last writes and nothing after
 * it), each a and b a load's value of this iteration or a row the body
 * does not write. The iterations then keep the sum in vector registers and
 * take each operand from memory or its row (chain_avx2): no row but acc is
 * written, as the interpreter's last iteration writes each of the others
 * before anything reads it (a value in a row at the iteration's start is
 * acc's or an unwritten row's). */
static void chain_of(const sim_op *body, sim_loop *L)
{
    chain_rows c = { 0 }, wrote = { 0 };
    uint16_t acc = SIM_NOSLOT;
    unsigned nf = 0, nl = 0, last = 0;
    L->nchain = 0;
    for (uint32_t t = 0; t + 1 < L->len; t++) /* the rows the body writes */
        if (body[t].x == X_ADD32 || body[t].x == X_MOV32 || body[t].x == X_LDG || body[t].x == X_FFMA)
            chain_set(&wrote, body[t].s[0], 0);
    for (uint32_t t = 0; t + 1 < L->len; t++) {
        const sim_op *o = &body[t];
        if (o->x == X_ADD32 || o->x == X_MOV32) {
            chain_set(&c, o->s[0], CHAIN_OTHER);
        } else if (o->x == X_LDG) {
            chain_set(&c, o->s[0], (int)nl++);
        } else if (o->x == X_FFMA) {
            if (nf == SIM_LOOP_OPS / 2) return;
            int v = chain_val(&c, o->s[3]);
            if (nf == 0 && v == CHAIN_IN && chain_val(&wrote, o->s[3]) == 0) acc = o->s[3];
            else if (nf == 0 || v != CHAIN_SUM) return;
            for (int k = 0; k < 2; k++) {
                const uint16_t r = o->s[1 + k];
                int x = chain_val(&c, r);
                if (x >= 0) L->chain[nf].src[k] = (uint8_t)x;
                else if (x == CHAIN_IN && chain_val(&wrote, r) == CHAIN_IN) L->chain[nf].src[k] = SIM_LOOP_ROW;
                else return;
                L->chain[nf].row[k] = r;
            }
            chain_set(&c, o->s[0], CHAIN_SUM);
            last = t;
            nf++;
        }
    }
    if (!nf || body[last].s[0] != acc || chain_val(&c, acc) != CHAIN_SUM) return;
    for (uint32_t t = last + 1; t + 1 < L->len; t++)
        if ((body[t].x == X_ADD32 || body[t].x == X_MOV32 || body[t].x == X_LDG || body[t].x == X_FFMA) &&
            body[t].s[0] == acc)
            return;
    L->acc = acc;
    L->nchain = (uint8_t)nf;
}

/* The body code[head .. bra] as a sim_loop, or false. */
static bool scan_loop(const sim_program *p, uint32_t head, uint32_t bra, sim_loop *L)
{
    const sim_op *code = p->code;
    loop_scan s;
    memset(&s, 0, sizeof s);
    memset(L, 0, sizeof *L);
    L->head = head;
    L->len = bra - head + 1;
    int zk = 0;
    uint16_t pred = 0; /* (slot 0 is the constant true, no setp's) */
    for (uint32_t pc = head; pc < bra && !s.fail; pc++) {
        const sim_op *o = &code[pc];
        if (o->guard != SIM_PRED_TRUE || o->gxor) return false;
        switch (o->x) {
        case X_ADD64:
        case X_ADD32: {
            int k = o->x == X_ADD32;
            loop_form a = form_of(&s, k, o->s[1]), b = form_of(&s, k, o->s[2]);
            if (k) drop(s.real, &s.nreal, o->s[0]); /* (its value an add's again) */
            set_form(&s, k, o->s[0], form_add(a, &b));
            break;
        }
        case X_MOV64:
        case X_MOV32: { /* a copy: of an add's value (a float's copy is not taken) */
            int k = o->x == X_MOV32;
            loop_form a = form_of(&s, k, o->s[1]);
            if (k) drop(s.real, &s.nreal, o->s[0]);
            set_form(&s, k, o->s[0], a);
            break;
        }
        case X_MULWIDE_U32:
        case X_MULWIDE_S32: { /* a 32-bit index times a constant, widened */
            uint32_t c;
            int i = constant32(p, o->s[2], &c) ? 1 : 2;
            if (!constant32(p, o->s[3 - i], &c)) return false;
            bool sgn = o->x == X_MULWIDE_S32;
            loop_form f = form_of(&s, 1, o->s[i]);
            set_form(&s, 0, o->s[0], form_scale(wide_atom(&s, &f, sgn), sgn ? (uint64_t)(int64_t)(int32_t)c : c));
            break;
        }
        case X_LDG: {
            if (L->nload == SIM_LOOP_LOADS) return false;
            loop_form a = form_of(&s, 0, o->s[4]);
            a.imm += (uint64_t)o->imm;
            L->run[L->nrun++] = (uint8_t)(pc - head);
            L->load[L->nload++] = a;
            real_row(&s, o->s[0], true);
            break;
        }
        case X_FFMA:
            L->run[L->nrun++] = (uint8_t)(pc - head);
            for (int i = 1; i <= 3; i++) real_row(&s, o->s[i], false);
            real_row(&s, o->s[0], true);
            break;
        case X_SETP_S32:
        case X_SETP_U32:
        case X_SETP_S64:
        case X_SETP_U64: {
            bool eq = o->p[0] == PTX_CMP_NE || o->p[0] == PTX_CMP_EQ, ordered = o->p[0] == PTX_CMP_LT ||
                      o->p[0] == PTX_CMP_LE || o->p[0] == PTX_CMP_GT || o->p[0] == PTX_CMP_GE;
            zk = o->x == X_SETP_S32 || o->x == X_SETP_U32;
            if (pred || !(eq || (ordered && zk))) return false; /* (ordered: 32-bit counters) */
            L->x = form_of(&s, zk, o->s[1]);
            L->y = form_of(&s, zk, o->s[2]);
            pred = o->s[0];
            L->cmp = o->p[0];
            L->cmp_unsigned = o->x == X_SETP_U32 || o->x == X_SETP_U64;
            break;
        }
        default:
            return false;
        }
    }
    /* the back-edge is taken while the compare holds (or, on its
       negation, while it does not) */
    const sim_op *br = &code[bra];
    if (s.fail || !pred || br->guard != pred) return false;
    L->negated = br->gxor != 0;
    for (int k = 0; k < 2; k++) {
        const loop_bank *b = &s.bank[k];
        sim_loop_bank *lb = &L->bank[k];
        lb->natom = (uint8_t)b->natom;
        memcpy(lb->atom, b->atom, sizeof b->atom);
        for (unsigned a = 0; a < b->natom; a++) {
            loop_form d;
            if (!atom_delta(&s, k, a, &d)) return false;
            for (unsigned j = 0; j < b->natom; j++) /* a widened atom in a change: of unwritten rows only */
                if (k == 0 && d.c[j] && b->atom[j] == SIM_NOSLOT && !invariant_wide(&s, j)) return false;
            lb->delta[a] = d;
            /* an atom another's change names is the same in every lane */
            for (unsigned j = 0; j < b->natom; j++)
                if (d.c[j]) lb->uniform |= 1u << j;
        }
        lb->nwrote = (uint8_t)b->nwrote;
        memcpy(lb->wrote, b->wrote, sizeof b->wrote);
        memcpy(lb->end, b->now, sizeof b->now);
    }
    /* the compare's atoms are the same in every lane, so is its outcome */
    for (unsigned j = 0; j < s.bank[zk].natom; j++)
        if (L->x.c[j] || L->y.c[j]) L->bank[zk].uniform |= 1u << j;
    L->zbank = (uint8_t)zk;
    memcpy(L->wide, s.wide, sizeof s.wide);
    L->wide_signed = s.wide_signed;
    chain_of(&code[head], L);
    return L->nload > 0;
}

void sim_fuse_loops(sim_program *p, uint32_t base, uint32_t n)
{
    for (uint32_t i = base; i < base + n; i++) {
        sim_op *o = &p->code[i];
        if (o->x != X_BRA || o->guard == SIM_PRED_TRUE || o->aux < base || o->aux > i ||
            i - o->aux >= SIM_LOOP_OPS)
            continue;
        sim_loop L;
        if (!scan_loop(p, o->aux, i, &L)) continue;
        p->loops = cl_realloc(p->loops, (p->nloops + 1) * sizeof *p->loops);
        p->loops[p->nloops++] = L;
        o->imm = p->nloops;
    }
}

/* ---- running one ---- */

/* A form's value in lane l, the atoms' rows as they are now. */
static inline uint64_t eval_lane(const sim_loop_form *f, const uint64_t *const *atom, unsigned natom, int l)
{
    uint64_t v = f->imm;
    for (unsigned a = 0; a < natom; a++) v += f->c[a] * atom[a][l];
    return v;
}

/* A form's value in every lane plus add, into out: eval_lane an atom at
 * a time, the atoms it does not name (most of them) skipped. */
static inline void eval_lanes(const sim_loop_form *f, const uint64_t *const *atom, unsigned natom, uint64_t add,
                              uint64_t *out)
{
    for (int l = 0; l < 32; l++) out[l] = f->imm + add;
    for (unsigned a = 0; a < natom; a++) {
        const uint64_t c = f->c[a], *r = atom[a];
        if (c == 1) /* (a pointer's atom: no multiply, which AVX2 lacks for 64 bits) */
            for (int l = 0; l < 32; l++) out[l] += r[l];
        else if (c)
            for (int l = 0; l < 32; l++) out[l] += c * r[l];
    }
}

/* A form of the atoms that are the same in every lane: lane 0's value. */
static inline uint64_t eval0(const sim_loop_form *f, const uint64_t *const *atom, unsigned natom)
{
    return eval_lane(f, atom, natom, 0);
}

/* The body's atoms as they are now, each a row of 64-bit numbers (where
 * they are not the rows themselves, in tmp), and each one's change an
 * iteration (as lane 0 has it: those are the same in every lane), bank 1
 * then bank 0; false where an atom that must be the same in every lane is
 * not. */
typedef struct loop_atoms {
    const uint64_t *row[2][SIM_LOOP_ATOMS];
    uint64_t delta[2][SIM_LOOP_ATOMS];
    uint64_t tmp[2][SIM_LOOP_ATOMS][32];
} loop_atoms;

static bool same_lanes(const uint64_t *v)
{
    uint64_t x = 0;
    for (int l = 1; l < 32; l++) x |= v[l] ^ v[0];
    return !x;
}

static bool atoms_of(const sim_warp *w, const sim_loop *L, loop_atoms *A)
{
    const sim_loop_bank *b1 = &L->bank[1], *b0 = &L->bank[0];
    for (unsigned a = 0; a < b1->natom; a++) {
        const uint32_t *r = w->r32 + (size_t)b1->atom[a] * 32;
        for (int l = 0; l < 32; l++) A->tmp[1][a][l] = r[l];
        A->row[1][a] = A->tmp[1][a];
        if ((b1->uniform >> a & 1u) && !same_lanes(A->row[1][a])) return false;
    }
    for (unsigned a = 0; a < b1->natom; a++) A->delta[1][a] = eval0(&b1->delta[a], A->row[1], b1->natom);
    for (unsigned a = 0; a < b0->natom; a++) {
        if (b0->atom[a] != SIM_NOSLOT) {
            A->row[0][a] = w->r64 + (size_t)b0->atom[a] * 32;
        } else { /* a 32-bit form widened */
            bool sgn = L->wide_signed >> a & 1u;
            eval_lanes(&L->wide[a], A->row[1], b1->natom, 0, A->tmp[0][a]);
            for (int l = 0; l < 32; l++) {
                uint32_t v = (uint32_t)A->tmp[0][a][l];
                A->tmp[0][a][l] = sgn ? (uint64_t)(int64_t)(int32_t)v : v;
            }
            A->row[0][a] = A->tmp[0][a];
        }
        if ((b0->uniform >> a & 1u) && !same_lanes(A->row[0][a])) return false;
    }
    for (unsigned a = 0; a < b0->natom; a++) {
        if (b0->atom[a] != SIM_NOSLOT) {
            A->delta[0][a] = eval0(&b0->delta[a], A->row[0], b0->natom);
        } else { /* its 32-bit change, as a signed number (while it does not wrap) */
            uint64_t d = 0;
            for (unsigned j = 0; j < b1->natom; j++) d += L->wide[a].c[j] * A->delta[1][j];
            A->delta[0][a] = (uint64_t)(int64_t)(int32_t)(uint32_t)d;
        }
    }
    return true;
}

/* Whether every widened atom stays inside its 32-bit range (unsigned, or
 * signed) in every lane through iteration k - 1: its 64-bit value then
 * steps by its change. */
static bool wides_hold(const sim_loop *L, const loop_atoms *A, uint64_t k)
{
    for (unsigned a = 0; a < L->bank[0].natom; a++) {
        if (L->bank[0].atom[a] != SIM_NOSLOT) continue;
        bool sgn = L->wide_signed >> a & 1u;
        int64_t span = (int64_t)(k - 1) * (int64_t)A->delta[0][a], lo = sgn ? INT32_MIN : 0,
                hi = sgn ? INT32_MAX : (int64_t)UINT32_MAX;
        for (int l = 0; l < 32; l++) {
            int64_t v = (int64_t)A->row[0][a][l] + span;
            if (v < lo || v > hi) return false;
        }
    }
    return true;
}

/* A form's change an iteration. */
static uint64_t form_step(const sim_loop_form *f, const uint64_t *delta, unsigned natom)
{
    uint64_t d = 0;
    for (unsigned a = 0; a < natom; a++) d += f->c[a] * delta[a];
    return d;
}

/* The iterations the loop runs from now until its back-edge falls through,
 * this one included, or 0 where that cannot be counted here: the compare
 * of x and y, which step by dx and dy an iteration, as setp makes it (of
 * the bank's width: 32 bits for the ordered compares, whose values must
 * not wrap on the way). */
static uint64_t trips(const sim_loop *L, uint64_t x, uint64_t dx, uint64_t y, uint64_t dy)
{
    const bool narrow = L->zbank == 1;
    if (L->cmp == PTX_CMP_NE || L->cmp == PTX_CMP_EQ) {
        /* taken while x - y is not 0, stepping by dx - dy (or while it is
           0, which it stays only where the step is 0: not counted) */
        if ((L->cmp == PTX_CMP_EQ) != L->negated) return 0;
        uint64_t z = x - y, dz = dx - dy;
        int64_t v = narrow ? (int32_t)(uint32_t)z : (int64_t)z, d = narrow ? (int32_t)(uint32_t)dz : (int64_t)dz;
        if (v == 0) return 1;
        if (v == INT64_MIN || d == INT64_MIN || d == 0 || (v > 0) == (d > 0)) return 0;
        uint64_t av = (uint64_t)(v < 0 ? -v : v), ad = (uint64_t)(d < 0 ? -d : d);
        return av % ad ? 0 : av / ad + 1;
    }
    /* x and y as numbers (a step is a signed 32-bit change); taken while
       e = +-(y - x) (+1) stays above 0 */
    int64_t x0 = L->cmp_unsigned ? (int64_t)(uint32_t)x : (int32_t)(uint32_t)x,
            y0 = L->cmp_unsigned ? (int64_t)(uint32_t)y : (int32_t)(uint32_t)y,
            ddx = (int32_t)(uint32_t)dx, ddy = (int32_t)(uint32_t)dy;
    unsigned cmp = L->cmp;
    if (L->negated) /* taken while the compare fails */
        cmp = cmp == PTX_CMP_LT ? PTX_CMP_GE : cmp == PTX_CMP_LE ? PTX_CMP_GT : cmp == PTX_CMP_GT ? PTX_CMP_LE
                                                                                          : PTX_CMP_LT;
    int64_t e = y0 - x0, de = ddy - ddx;
    if (cmp == PTX_CMP_GT || cmp == PTX_CMP_GE) { /* x > y: x - y above 0 */
        e = -e;
        de = -de;
    }
    if (cmp == PTX_CMP_LE || cmp == PTX_CMP_GE) e += 1; /* (integers: a >= 0 is a + 1 > 0) */
    if (e <= 0) return 1;
    if (de >= 0) return 0;
    return (uint64_t)((e + -de - 1) / -de) + 1; /* the first iteration where e is 0 or below, + 1 */
}

/* Whether the ordered compare's x and y stay numbers of their range (no
 * wrap) through iteration k - 1, as trips took them. */
static bool compare_holds(const sim_loop *L, uint64_t x, uint64_t dx, uint64_t y, uint64_t dy, uint64_t k)
{
    if (L->cmp == PTX_CMP_NE || L->cmp == PTX_CMP_EQ) return true;
    const int64_t lo = L->cmp_unsigned ? 0 : INT32_MIN, hi = L->cmp_unsigned ? (int64_t)UINT32_MAX : INT32_MAX;
    const uint64_t v[2] = { x, y }, d[2] = { dx, dy };
    for (int i = 0; i < 2; i++) {
        int64_t v0 = L->cmp_unsigned ? (int64_t)(uint32_t)v[i] : (int32_t)(uint32_t)v[i];
        int64_t end = v0 + (int64_t)(k - 1) * (int32_t)(uint32_t)d[i];
        if (end < lo || end > hi) return false;
    }
    return true;
}

/* A load's plan for the iterations: its halves' first addresses and steps
 * (sim_exec_ldg's halves: 16 consecutive words or one word each), its
 * change an iteration, the host pointer of global address 0 in its region. */
typedef struct loop_load {
    uint64_t a0, a1, d0, d1, step;
    uintptr_t host;
    int64_t col;              /* not 0: a column instead, lane l at a0 + l col */
} loop_load;

enum { LOOP_MOST = 1u << 20, LOOP_STEP_MOST = 1ull << 40, LOOP_AHEAD = 8, LOOP_REST = 64 };

/* Whether the lanes' addresses are halves (each half 16 consecutive words
 * or one word), which sim_exec_ldg copies (ldg_halves, or a row's copy):
 * into g, with their least and greatest address. */
static bool halves_plan(const uint64_t *addr, loop_load *g, uint64_t *lo, uint64_t *hi)
{
    g->a0 = addr[0];
    g->a1 = addr[16];
    g->d0 = addr[1] - addr[0];
    g->d1 = addr[17] - addr[16];
    g->col = 0;
    if ((g->d0 != 4 && g->d0) || (g->d1 != 4 && g->d1)) return false;
    uint64_t off = 0; /* (no branch a lane) */
    for (int l = 0; l < 16; l++) off |= (addr[l] - g->a0 - (uint64_t)l * g->d0) | (addr[l + 16] - g->a1 - (uint64_t)l * g->d1);
    if (off) return false;
    uint64_t e0 = g->a0 + 15 * g->d0, e1 = g->a1 + 15 * g->d1;
    *lo = g->a0 < g->a1 ? g->a0 : g->a1;
    *hi = e0 > e1 ? e0 : e1;
    return true;
}

/* Whether they are a column instead, which sim_exec_ldg gathers
 * (global_col_of: lanes 2 or 4 words apart going up, or a sector or more
 * apart either way): into g, with their least and greatest address. */
static bool column_plan(const uint64_t *addr, loop_load *g, uint64_t *lo, uint64_t *hi)
{
    uint64_t d = addr[1] - addr[0], ad = (int64_t)d < 0 ? 0 - d : d;
    bool near = d == 8 || d == 16;
    if (!near && (ad < 32 || ad >= 1ull << 58)) return false;
    for (int l = 0; l < 32; l++)
        if (addr[l] != addr[0] + (uint64_t)l * d) return false;
    uint64_t a31 = addr[0] + 31 * d;
    *lo = (int64_t)d < 0 ? a31 : addr[0];
    *hi = (int64_t)d < 0 ? addr[0] : a31;
    if ((int64_t)*lo > (int64_t)*hi) return false;
    g->a0 = addr[0];
    g->col = (int64_t)d;
    return true;
}

/* Plan load j for iterations [0, k): its lanes halves or a column, word
 * aligned, and every address of the k iterations in one region that no
 * block of the launch stores into while crossread.c looks (sim_exec_ldg's
 * short path, which each of them would then take). */
static bool plan_load(sim_block *b, const sim_loop *L, unsigned j, const loop_atoms *A, uint64_t k, loop_load *g)
{
    const unsigned n = L->bank[0].natom;
    uint64_t addr[32], lo, hi, bits = 0;
    eval_lanes(&L->load[j], A->row[0], n, 0, addr);
    for (int l = 0; l < 32; l++) bits |= addr[l];
    uint64_t step = form_step(&L->load[j], A->delta[0], n);
    g->step = step;
    if ((bits | step) & 3) return false;
    if (!halves_plan(addr, g, &lo, &hi) && !column_plan(addr, g, &lo, &hi)) return false;
    int64_t s = (int64_t)step;
    if (s <= -(int64_t)LOOP_STEP_MOST || s >= (int64_t)LOOP_STEP_MOST) return false;
    const uint64_t lim = (uint64_t)INT64_MAX - 63, span = (k - 1) * (uint64_t)(s < 0 ? -s : s);
    if (lo > lim || hi > lim) return false;
    if (s < 0) {
        if (lo < span) return false;
        lo -= span;
    } else {
        if (hi > lim - span) return false;
        hi += span;
    }
    size_t hint = 0;
    const sim_region *r = sim_mem_find(&b->L->m->mem, lo, hi - lo + 4, &hint);
    if (!r || (b->L->xr && r->xr_launch == b->L->xr)) return false;
    g->host = (uintptr_t)r->host - (uintptr_t)r->base;
    return true;
}

/* A column's 32 words from host pointer src, lane l's l d bytes on, as
 * four 32-byte stores (as sim_half_words, for the fmas' loads). */
static inline __attribute__((always_inline)) void column_words(uint32_t *row, const char *src, int64_t d)
{
    for (int q = 0; q < 4; q++) {
        uint32_t v[8];
        for (int l = 0; l < 8; l++) memcpy(&v[l], src + (8 * q + l) * d, 4);
        sim_v8w x = { v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7] };
        memcpy(row + 8 * q, &x, 32);
    }
}

/* X_FFMA over a full warp's rows, as the hot loop runs it (d may be a, b
 * or c). */
static inline __attribute__((always_inline)) void ffma_rows(uint32_t *d, const uint32_t *a, const uint32_t *b,
                                                            const uint32_t *c)
{
    uint32_t out[32];
    for (int l = 0; l < 32; l++) out[l] = sim_canon32(fmaf(sim_u2f(a[l]), sim_u2f(b[l]), sim_u2f(c[l])));
    memcpy(d, out, sizeof out);
}

#ifdef LOOP_AVX2
/* ffma_rows in four vector registers: one rounding, then a NaN made the
 * canonical one. */
static inline __attribute__((always_inline, target("avx2,fma"))) void ffma_avx2(uint32_t *d, const uint32_t *a,
                                                                                 const uint32_t *b, const uint32_t *c)
{
    const __m256 canon = _mm256_castsi256_ps(_mm256_set1_epi32((int)SIM_CANON_NAN32));
    __m256 r[4];
    for (int q = 0; q < 4; q++)
        r[q] = _mm256_fmadd_ps(_mm256_loadu_ps((const float *)(const void *)(a + 8 * q)),
                               _mm256_loadu_ps((const float *)(const void *)(b + 8 * q)),
                               _mm256_loadu_ps((const float *)(const void *)(c + 8 * q)));
    for (int q = 0; q < 4; q++)
        _mm256_storeu_ps((float *)(void *)(d + 8 * q),
                         _mm256_blendv_ps(r[q], canon, _mm256_cmp_ps(r[q], r[q], _CMP_UNORD_Q)));
}
#endif

typedef void loop_ffma(uint32_t *d, const uint32_t *a, const uint32_t *b, const uint32_t *c);

/* k iterations of the body's loads and fmas, in order, on the warp's rows;
 * the loads' requests, sectors and bytes as sim_exec_ldg counts them. */
static inline __attribute__((always_inline)) void run_iterations(sim_block *b, sim_warp *w, const sim_loop *L,
                                                                 const loop_load *g, uint64_t k, loop_ffma *ffma)
{
    const sim_op *body = &b->prog->code[L->head];
    uint64_t sectors = 0;
    for (uint64_t it = 0; it < k; it++) {
        unsigned j = 0;
        for (uint32_t i = 0; i < L->nrun; i++) {
            const sim_op *o = &body[L->run[i]];
            uint32_t *d = w->r32 + (size_t)o->s[0] * 32;
            if (o->x == X_FFMA) {
                ffma(d, w->r32 + (size_t)o->s[1] * 32, w->r32 + (size_t)o->s[2] * 32,
                          w->r32 + (size_t)o->s[3] * 32);
                continue;
            }
            const loop_load *q = &g[j++];
            uint64_t a0 = q->a0 + it * q->step, a1 = q->a1 + it * q->step;
            if (q->col) { /* sim_exec_ldg's gather, and col_sectors' count */
                column_words(d, (const char *)(q->host + (uintptr_t)a0), q->col);
                sectors += sim_col_sectors(a0, q->col);
                continue;
            }
            /* the row LOOP_AHEAD iterations on (a matrix's column of rows
               misses the cache each time) */
            __builtin_prefetch((const void *)(q->host + (uintptr_t)(a0 + LOOP_AHEAD * q->step)));
            sim_half_words(d, (const void *)(q->host + (uintptr_t)a0), q->d0);
            sim_half_words(d + 16, (const void *)(q->host + (uintptr_t)a1), q->d1);
            sectors += sim_halves_sectors(a0, a1, q->d0, q->d1);
        }
    }
    w->minst += (uint32_t)(L->nload * k);
    b->cnt.global_load_requests += L->nload * k;
    b->cnt.global_load_sectors += sectors;
    b->cnt.global_load_bytes += 128 * L->nload * k;
}

static void iterations_any(sim_block *b, sim_warp *w, const sim_loop *L, const loop_load *g, uint64_t k)
{
    run_iterations(b, w, L, g, k, ffma_rows);
}

#ifdef LOOP_AVX2
static __attribute__((target("avx2,fma"))) void iterations_avx2(sim_block *b, sim_warp *w, const sim_loop *L,
                                                                 const loop_load *g, uint64_t k)
{
    run_iterations(b, w, L, g, k, ffma_avx2);
}
#endif

/* The sectors of load g's halves over its iterations [0, k): a0 and a1
 * step together, so the count repeats every P iterations, P the least
 * power of two whose steps make a multiple of 32 bytes (8 at most: a step
 * is a multiple of 4); sim_halves_sectors over one such period. */
static uint64_t halves_sectors_k(const loop_load *g, uint64_t k)
{
    uint64_t p = 1, sum = 0, part = 0;
    while ((p * g->step) & 31) p <<= 1;
    for (uint64_t t = 0; t < p; t++) {
        uint64_t n = sim_halves_sectors(g->a0 + t * g->step, g->a1 + t * g->step, g->d0, g->d1);
        sum += n;
        if (t < k % p) part += n;
    }
    return k / p * sum + part;
}

#ifdef LOOP_AVX2
/* How chain_avx2 takes a load's value: two rows of 16 words, two words
 * for a half each, or one of each. */
enum { CHAIN_ROWS, CHAIN_WORDS, CHAIN_MIXED };

/* A chain fma's operand, lanes 8q to 8q + 7 in v[q]: its row's, or its
 * load's from its halves' host addresses h0 and h1 as kind says. */
static inline __attribute__((always_inline, target("avx2,fma"))) void
chain_operand(__m256 *v, const sim_warp *w, uint8_t src, uint16_t row, const uint8_t *kind, uintptr_t h0,
              uintptr_t h1, const loop_load *g)
{
    if (src == SIM_LOOP_ROW) {
        for (int q = 0; q < 4; q++) v[q] = _mm256_loadu_ps((const float *)(const void *)(w->r32 + (size_t)row * 32 + 8 * q));
        return;
    }
    const char *p0 = (const char *)h0, *p1 = (const char *)h1;
    switch (kind[src]) {
    case CHAIN_ROWS:
        v[0] = _mm256_loadu_ps((const float *)(const void *)p0);
        v[1] = _mm256_loadu_ps((const float *)(const void *)(p0 + 32));
        v[2] = _mm256_loadu_ps((const float *)(const void *)p1);
        v[3] = _mm256_loadu_ps((const float *)(const void *)(p1 + 32));
        break;
    case CHAIN_WORDS:
        v[0] = v[1] = _mm256_broadcast_ss((const float *)(const void *)p0);
        v[2] = v[3] = _mm256_broadcast_ss((const float *)(const void *)p1);
        break;
    default:
        for (int q = 0; q < 4; q++) {
            const char *p = q < 2 ? p0 : p1;
            v[q] = (q < 2 ? g[src].d0 : g[src].d1) ? _mm256_loadu_ps((const float *)(const void *)(p + 32 * (q & 1)))
                                                    : _mm256_broadcast_ss((const float *)(const void *)p);
        }
        break;
    }
}

/* run_iterations for a body whose fmas are one chain (chain_of): the sum
 * in four vector registers through the k iterations, each fma of it as
 * X_FFMA rounds it and in its order, its operands from memory or their
 * rows; the sum's row written once, a NaN there the canonical one (a NaN
 * an fma makes or meets stays one to the chain's end, whatever its bits,
 * so this is the NaN each X_FFMA on the way would have made canonical).
 * The loads counted as run_iterations counts them. */
static __attribute__((target("avx2,fma"))) void chain_avx2(sim_block *b, sim_warp *w, const sim_loop *L,
                                                           const loop_load *g, uint64_t k)
{
    uintptr_t h0[SIM_LOOP_LOADS] = { 0 }, h1[SIM_LOOP_LOADS] = { 0 }; /* (numbers: a step may be negative) */
    uint8_t kind[SIM_LOOP_LOADS];
    uint64_t sectors = 0, ahead = 0; /* the loads prefetched: a step past a line either way */
    for (unsigned j = 0; j < L->nload; j++) {
        h0[j] = g[j].host + (uintptr_t)g[j].a0;
        h1[j] = g[j].host + (uintptr_t)g[j].a1;
        kind[j] = g[j].d0 && g[j].d1 ? CHAIN_ROWS : !g[j].d0 && !g[j].d1 ? CHAIN_WORDS : CHAIN_MIXED;
        sectors += halves_sectors_k(&g[j], k);
        if (g[j].step + 64 > 128) ahead |= 1ull << j;
    }
    uint32_t *row = w->r32 + (size_t)L->acc * 32;
    __m256 acc[4];
    for (int q = 0; q < 4; q++) acc[q] = _mm256_loadu_ps((const float *)(const void *)(row + 8 * q));
    for (uint64_t it = 0; it < k; it++) {
        for (unsigned i = 0; i < L->nchain; i++) {
            const uint8_t sa = L->chain[i].src[0], sb = L->chain[i].src[1];
            __m256 x[4], y[4];
            chain_operand(x, w, sa, L->chain[i].row[0], kind, h0[sa % SIM_LOOP_LOADS], h1[sa % SIM_LOOP_LOADS], g);
            chain_operand(y, w, sb, L->chain[i].row[1], kind, h0[sb % SIM_LOOP_LOADS], h1[sb % SIM_LOOP_LOADS], g);
            for (int q = 0; q < 4; q++) acc[q] = _mm256_fmadd_ps(x[q], y[q], acc[q]);
        }
        for (uint64_t m = ahead; m; m &= m - 1) {
            unsigned j = (unsigned)__builtin_ctzll(m);
            __builtin_prefetch((const void *)(h0[j] + (uintptr_t)(LOOP_AHEAD * g[j].step)));
            __builtin_prefetch((const void *)(h1[j] + (uintptr_t)(LOOP_AHEAD * g[j].step)));
        }
        for (unsigned j = 0; j < L->nload; j++) {
            h0[j] += (uintptr_t)g[j].step;
            h1[j] += (uintptr_t)g[j].step;
        }
    }
    const __m256 canon = _mm256_castsi256_ps(_mm256_set1_epi32((int)SIM_CANON_NAN32));
    for (int q = 0; q < 4; q++)
        _mm256_storeu_ps((float *)(void *)(row + 8 * q),
                         _mm256_blendv_ps(acc[q], canon, _mm256_cmp_ps(acc[q], acc[q], _CMP_UNORD_Q)));
    w->minst += (uint32_t)(L->nload * k);
    b->cnt.global_load_requests += L->nload * k;
    b->cnt.global_load_sectors += sectors;
    b->cnt.global_load_bytes += 128 * L->nload * k;
}
#endif

/* The rows the body's adds write, as the interpreter leaves them after k
 * iterations: each its form at the last one's end, the atoms then at
 * their values now plus k - 1 changes. */
static void write_back(sim_warp *w, const sim_loop *L, int k, const loop_atoms *A, uint64_t iters)
{
    const sim_loop_bank *lb = &L->bank[k];
    uint64_t delta[SIM_LOOP_ATOMS], out[SIM_LOOP_ROWS][32];
    for (unsigned a = 0; a < lb->natom; a++) delta[a] = (iters - 1) * A->delta[k][a];
    for (unsigned i = 0; i < lb->nwrote; i++) /* (c (row + delta) summed as c row, plus c delta) */
        eval_lanes(&lb->end[i], A->row[k], lb->natom, form_step(&lb->end[i], delta, lb->natom), out[i]);
    for (unsigned i = 0; i < lb->nwrote; i++) {
        if (k == 0) {
            memcpy(w->r64 + (size_t)lb->wrote[i] * 32, out[i], sizeof out[i]);
        } else {
            uint32_t *r = w->r32 + (size_t)lb->wrote[i] * 32;
            for (int l = 0; l < 32; l++) r[l] = (uint32_t)out[i][l];
        }
    }
}

uint64_t sim_exec_loop(sim_block *b, sim_warp *w, const sim_op *bra, uint64_t most)
{
    const sim_loop *L = &b->prog->loops[bra->imm - 1];
    const uint32_t at = (uint32_t)(bra - b->prog->code);
    loop_atoms A;
    if (b->sync || (b->L && b->L->reference)) return 0;
    if (w->loop_wait && w->loop_miss == at) {
        w->loop_wait--;
        return 0;
    }
    if (!atoms_of(w, L, &A)) goto miss;
    const unsigned zn = L->bank[L->zbank].natom;
    const uint64_t *const *zr = A.row[L->zbank], *zd = A.delta[L->zbank];
    const uint64_t x = eval0(&L->x, zr, zn), dx = form_step(&L->x, zd, zn), y = eval0(&L->y, zr, zn),
                   dy = form_step(&L->y, zd, zn);
    uint64_t n = trips(L, x, dx, y, dy);
    /* all but the last iteration, within the warp's turn */
    uint64_t k = n - 1 < most ? n - 1 : most;
    if (!n || k < 2 || k > LOOP_MOST) return 0;
    if (!wides_hold(L, &A, k) || !compare_holds(L, x, dx, y, dy, k)) goto miss;
    loop_load g[SIM_LOOP_LOADS];
    for (unsigned j = 0; j < L->nload; j++)
        if (!plan_load(b, L, j, &A, k, &g[j])) goto miss;
#ifdef LOOP_AVX2
    bool rows = true; /* every load halves (a column is not a chain's) */
    for (unsigned j = 0; j < L->nload; j++) rows &= g[j].col == 0;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && L->nchain && rows)
        chain_avx2(b, w, L, g, k);
    else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        iterations_avx2(b, w, L, g, k);
    else
#endif
        iterations_any(b, w, L, g, k);
    /* the atoms are copies but for bank 0's rows, which write_back reads
       before it writes */
    write_back(w, L, 1, &A, k);
    write_back(w, L, 0, &A, k);
    /* the compare's predicate as the last iteration left it: taken */
    w->pred[bra->guard] = L->negated ? 0 : SIM_FULL;
    return k;
miss:
    w->loop_miss = at;
    w->loop_wait = LOOP_REST;
    return 0;
}
