/* parse_insn.c - one instruction: [@[!]p] opcode[.modifiers] operands ;
 * The opcode and its modifiers are decoded through opcodes.def and mods.def;
 * the operands are parsed generically (registers, special registers,
 * immediates, vectors, addresses, call lists, labels) and then placed into
 * the format's slots; check.c types them. */
#include "ptx/parse.h"

#include <stdio.h>
#include <string.h>

typedef struct op_row {
    const char *name;
    ptx_format fmt;
    uint32_t classes;
} op_row;

static const op_row op_rows[] = {
#define OP(name, fmt, mc, synopsis) { #name, PTX_FMT_##fmt, (uint32_t)(mc) },
#include "ptx/opcodes.def"
#undef OP
};

typedef struct mod_row {
    const char *text;
    uint32_t cls;
    int field;
    unsigned value;
} mod_row;

static const mod_row mod_rows[] = {
#define MOD(text, cls, field, value) { text, (uint32_t)(cls), FLD_##field, value },
#include "ptx/mods.def"
#undef MOD
};

const char *ptx_opcode_name(ptx_opcode op)
{
    return (unsigned)op < PTX_OP_COUNT ? op_rows[op].name : "?";
}

ptx_format ptx_opcode_format(ptx_opcode op)
{
    return op_rows[op].fmt;
}

const char *ptx_mod_text(uint32_t classes, int field, unsigned value)
{
    for (size_t i = 0; i < sizeof mod_rows / sizeof mod_rows[0]; i++)
        if ((mod_rows[i].cls & classes) && mod_rows[i].field == field && mod_rows[i].value == value)
            return mod_rows[i].text;
    return NULL;
}

uint32_t ptx_opcode_classes(ptx_opcode op)
{
    return op_rows[op].classes;
}

static int find_opcode(const char *s, size_t n)
{
    for (size_t i = 0; i < PTX_OP_COUNT; i++)
        if (strlen(op_rows[i].name) == n && memcmp(op_rows[i].name, s, n) == 0) return (int)i;
    return -1;
}

/* Why an instruction or form the emulator does not run is refused
 * (refused.def): the opcode s (n bytes), written with its modifiers as
 * optext. NULL when it is not one of those. */
static const char *refusal(const char *s, size_t n, const char *optext)
{
    static const struct { const char *name, *why; bool form; } rows[] = {
#define REFUSED(name, why) { #name, why, false },
#define REFUSED_FORM(prefix, why) { prefix, why, true },
#include "ptx/refused.def"
#undef REFUSED_FORM
#undef REFUSED
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        size_t len = strlen(rows[i].name);
        if (rows[i].form ? strncmp(optext, rows[i].name, len) == 0 && (optext[len] == '.' || !optext[len])
                         : len == n && memcmp(rows[i].name, s, n) == 0)
            return rows[i].why;
    }
    return NULL;
}

static uint8_t *field_ptr(ptx_insn *in, int field)
{
    switch (field) {
    case FLD_RND: return &in->rnd;
    case FLD_CMP: return &in->cmp;
    case FLD_BOOL: return &in->boolop;
    case FLD_MODE: return &in->mode;
    case FLD_MODE2: return &in->mode2;
    case FLD_SPACE: return &in->space;
    case FLD_SEM: return &in->sem;
    case FLD_SCOPE: return &in->scope;
    case FLD_VEC: return &in->vec;
    case FLD_CACHE: return &in->cache;
    default: return NULL;
    }
}

/* Apply one modifier; false when no row fits. */
static bool apply_mod(ptx_insn *in, uint32_t classes, const char *s, size_t n, bool *space_set)
{
    for (size_t i = 0; i < sizeof mod_rows / sizeof mod_rows[0]; i++) {
        const mod_row *r = &mod_rows[i];
        if (!(r->cls & classes) || strlen(r->text) != n || memcmp(r->text, s, n) != 0) continue;
        if (r->field == FLD_FLAG) {
            if (in->flags & r->value) continue;
            in->flags |= (uint16_t)r->value;
            return true;
        }
        if (r->field == FLD_HINT || r->field == FLD_HINT2 || r->field == FLD_HINT3) {
            int shift = r->field == FLD_HINT ? 0 : r->field == FLD_HINT2 ? 3 : 5;
            in->hint |= (uint8_t)(r->value << shift);
            return true;
        }
        if (r->field == FLD_SPACE) {
            if (*space_set) continue;
            *space_set = true;
        }
        uint8_t *f = field_ptr(in, r->field);
        if (r->field == FLD_MODE2 && (r->cls & MC_SHF)) {
            if (*f) continue;
            *f = (uint8_t)r->value;
            return true;
        }
        if (r->field != FLD_SPACE && *f) continue;
        *f = (uint8_t)r->value;
        return true;
    }
    return false;
}

/* ---- operands ---- */

static cl_status parse_operand(ptx_parser *p, ptx_insn *in, ptx_operand *o, uint32_t slot);

static cl_status bad_operand(ptx_parser *p, const ptx_token *t, const char *what)
{
    char b[96];
    ptx_tok_str(t, b, sizeof b);
    return ptx_perr(p, CL_PTX, t->line, t->col, "%s '%s'", what, b);
}

static bool parse_sreg(ptx_parser *p, ptx_operand *o)
{
    const ptx_token t = p->tok;
    char name[64];
    size_t n = 0;
    if (t.len < 2 || t.len > 40) return false;
    memcpy(name, t.text + 1, t.len - 1);
    n = t.len - 1;
    const ptx_token *nx = ptx_peek(p);
    bool dotted = nx->kind == TK_DOT && !nx->space_before && nx->len <= 3;
    if (dotted) {
        memcpy(name + n, nx->text, nx->len);
        n += nx->len;
    }
    name[n] = '\0';
    for (int s = 0; s < PTX_SREG_COUNT; s++) {
        if (strcmp(ptx_sreg_name((ptx_sreg)s), name) == 0) {
            o->kind = PTX_OPD_SREG;
            o->index = (uint32_t)s;
            ptx_advance(p);
            if (dotted) ptx_advance(p);
            return true;
        }
    }
    return false;
}

/* WARP_SZ and the other predefined identifiers: integer constants. */
static bool parse_predefined(ptx_parser *p, ptx_operand *o)
{
    static const struct { const char *name; int64_t value; } rows[] = {
#define PTX_PREDEFINED_ROW(name, value) { #name, value },
        PTX_PREDEFINED(PTX_PREDEFINED_ROW)
#undef PTX_PREDEFINED_ROW
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        if (strlen(rows[i].name) != p->tok.len || memcmp(rows[i].name, p->tok.text, p->tok.len) != 0)
            continue;
        o->kind = PTX_OPD_IMM;
        o->lit = LIT_INT;
        o->imm = rows[i].value;
        ptx_advance(p);
        return true;
    }
    return false;
}

static cl_status parse_offset(ptx_parser *p, int64_t *off)
{
    while (ptx_is_punct(&p->tok, '+') || ptx_is_punct(&p->tok, '-')) {
        bool neg = ptx_is_punct(&p->tok, '-');
        ptx_advance(p);
        if (ptx_accept_punct(p, '-')) neg = !neg;
        if (p->tok.kind != TK_INT) return bad_operand(p, &p->tok, "expected an offset, found");
        *off = (int64_t)((uint64_t)*off + (neg ? 0 - p->tok.ival : p->tok.ival)); /* modulo 2^64 */
        ptx_advance(p);
    }
    return CL_OK;
}

/* A name: register, special register, symbol [+off], function, or a label. */
static cl_status parse_name(ptx_parser *p, ptx_insn *in, ptx_operand *o, uint32_t slot, uint32_t vslot)
{
    const ptx_token t = p->tok;
    uint64_t v;
    if (ptx_lookup(p, t.text, t.len, &v)) {
        ptx_advance(p);
        if (PTX_NAME_KIND(v) == 1) {
            o->kind = PTX_OPD_REG;
            o->bank = (uint8_t)PTX_NAME_BANK(v);
            o->index = PTX_NAME_INDEX(v);
            return CL_OK;
        }
        const ptx_symbol *s = &p->syms.v[PTX_NAME_INDEX(v)];
        if (s->kind == PTX_SYM_FUNC) {
            o->kind = PTX_OPD_FUNC;
            o->index = (uint32_t)s->func;
            return CL_OK;
        }
        o->kind = PTX_OPD_SYM;
        o->index = PTX_NAME_INDEX(v);
        return parse_offset(p, &o->imm);
    }
    if (t.text[0] == '%' && parse_sreg(p, o)) return CL_OK;
    if (parse_predefined(p, o)) return CL_OK;
    if (in->op == PTX_OP_bra && t.text[0] != '%') {
        ptx_fixup f = { (uint32_t)p->insns.n, slot, vslot, NULL, t.len, t.line, t.col };
        /* the name lives in the caller's text until the function ends */
        f.name = t.text;
        CL_VEC_PUSH(&p->fixups, f);
        o->kind = PTX_OPD_LABEL;
        ptx_advance(p);
        return CL_OK;
    }
    return bad_operand(p, &t, "unknown name");
}

static cl_status parse_imm(ptx_parser *p, ptx_operand *o, bool neg)
{
    const ptx_token t = p->tok;
    o->kind = PTX_OPD_IMM;
    switch (t.kind) {
    case TK_INT: o->lit = LIT_INT; o->imm = (int64_t)(neg ? 0 - t.ival : t.ival); break; /* modulo 2^64 */
    case TK_F32: o->lit = LIT_F32; o->imm = (int64_t)(t.ival ^ (neg ? 0x80000000u : 0)); break;
    case TK_F64: o->lit = LIT_F64; o->imm = (int64_t)(t.ival ^ (neg ? 0x8000000000000000ull : 0)); break;
    case TK_FLOAT: {
        double d = neg ? -t.fval : t.fval;
        o->lit = LIT_DEC;
        memcpy(&o->imm, &d, 8);
        break;
    }
    default: return bad_operand(p, &t, "expected an operand, found");
    }
    ptx_advance(p);
    return CL_OK;
}

/* { a, b, _ } or ( a, b ): elements go to the vec pool. */
static cl_status parse_list(ptx_parser *p, ptx_insn *in, ptx_operand *o, char close)
{
    ptx_advance(p); /* { or ( */
    uint32_t first = (uint32_t)p->vec.n;
    unsigned n = 0;
    if (!ptx_accept_punct(p, close)) {
        do {
            ptx_operand e = {0};
            if (p->tok.kind == TK_IDENT && p->tok.len == 1 && p->tok.text[0] == '_') {
                e.kind = PTX_OPD_BLANK;
                ptx_advance(p);
            } else if (parse_operand(p, in, &e, PTX_NONE) != CL_OK) {
                return p->st;
            }
            if (e.kind == PTX_OPD_VEC || e.kind == PTX_OPD_ADDR)
                return ptx_perr(p, CL_PTX, p->tok.line, p->tok.col, "nested lists are not allowed");
            CL_VEC_PUSH(&p->vec, e);
            n++;
        } while (ptx_accept_punct(p, ','));
        if (ptx_expect_punct(p, close) != CL_OK) return p->st;
    }
    if (n > 255) return ptx_perr(p, CL_LIMIT, p->tok.line, p->tok.col, "list too long");
    o->kind = PTX_OPD_VEC;
    o->index = first;
    o->count = (uint8_t)n;
    return CL_OK;
}

static cl_status parse_address(ptx_parser *p, ptx_insn *in, ptx_operand *o)
{
    ptx_advance(p); /* [ */
    o->kind = PTX_OPD_ADDR;
    o->index = PTX_NONE;
    const ptx_token t = p->tok;
    if (t.kind == TK_IDENT) {
        ptx_operand b = {0};
        if (parse_name(p, in, &b, PTX_NONE, PTX_NONE) != CL_OK) return p->st;
        if (b.kind == PTX_OPD_REG && b.bank != PTX_BANK_PRED) {
            o->has_base = 1;
            o->bank = b.bank;
            o->base = b.index;
            if (parse_offset(p, &o->imm) != CL_OK) return p->st;
        } else if (b.kind == PTX_OPD_SYM) {
            o->index = b.index;
            o->imm = b.imm;
        } else {
            return bad_operand(p, &t, "bad address");
        }
    } else if (t.kind == TK_INT) {
        o->imm = (int64_t)t.ival;
        ptx_advance(p);
        if (parse_offset(p, &o->imm) != CL_OK) return p->st;
    } else {
        return bad_operand(p, &t, "bad address");
    }
    return ptx_expect_punct(p, ']');
}

static cl_status parse_operand(ptx_parser *p, ptx_insn *in, ptx_operand *o, uint32_t slot)
{
    const ptx_token t = p->tok;
    if (ptx_is_punct(&t, '{')) return parse_list(p, in, o, '}');
    if (ptx_is_punct(&t, '(')) return parse_list(p, in, o, ')');
    if (ptx_is_punct(&t, '[')) return parse_address(p, in, o);
    if (ptx_is_punct(&t, '!')) {
        ptx_advance(p);
        if (parse_name(p, in, o, slot, PTX_NONE) != CL_OK) return p->st;
        if (o->kind != PTX_OPD_REG || o->bank != PTX_BANK_PRED)
            return bad_operand(p, &t, "'!' needs a predicate register, at");
        o->neg = 1;
        return CL_OK;
    }
    if (ptx_is_punct(&t, '-')) {
        ptx_advance(p);
        return parse_imm(p, o, true);
    }
    if (t.kind == TK_IDENT) {
        uint32_t vslot = slot == PTX_NONE ? (uint32_t)p->vec.n : PTX_NONE;
        return parse_name(p, in, o, slot == PTX_NONE ? 0 : slot, vslot);
    }
    return parse_imm(p, o, false);
}

/* ---- placing operands into the format's slots ---- */

typedef struct raw_ops {
    ptx_operand o[10];
    bool piped[10];   /* o[i] was written as o[i-1]|o[i] */
    unsigned n;
} raw_ops;

static cl_status place(ptx_parser *p, ptx_insn *in, raw_ops *r, const ptx_token *at,
                       const char *optext)
{
    ptx_format fmt = ptx_opcode_format((ptx_opcode)in->op);
    unsigned n = r->n;
    ptx_operand none = {0};
    bool pair = n >= 2 && r->piped[1];
    in->nopd = 0;
    switch (fmt) {
    case PTX_FMT_SETP:   /* p[|q], a, b[, c] */
    case PTX_FMT_SHFL:   /* d[|p], a, b, c, mask */
    case PTX_FMT_MATCH:  /* d[|p], a, mask */
    {
        unsigned want = fmt == PTX_FMT_SHFL ? 5 : fmt == PTX_FMT_MATCH ? 3 : 3;
        unsigned got = n - (pair ? 1 : 0);
        bool ok = fmt == PTX_FMT_SETP ? (got == 3 || got == 4) : got == want;
        if (!ok) break;
        in->opd[0] = r->o[0];
        in->opd[1] = pair ? r->o[1] : none;
        for (unsigned i = pair ? 2 : 1, j = 2; i < n; i++, j++) in->opd[j] = r->o[i];
        in->nopd = (uint8_t)(got + 1);
        return CL_OK;
    }
    default:
        break;
    }
    for (unsigned i = 1; i < n; i++)
        if (r->piped[i]) return ptx_perr(p, CL_PTX, at->line, at->col, "'|' not allowed in '%s'", optext);
    unsigned lo = 0, hi = 0;
    switch (fmt) {
    case PTX_FMT_NONE: lo = hi = 0; break;
    case PTX_FMT_D: case PTX_FMT_A: case PTX_FMT_ADDR: case PTX_FMT_BRA: lo = hi = 1; break;
    case PTX_FMT_DA: case PTX_FMT_LD: case PTX_FMT_ST: case PTX_FMT_RED: lo = hi = 2; break;
    case PTX_FMT_DAB: case PTX_FMT_VOTE: case PTX_FMT_REDUX: lo = hi = 3; break;
    case PTX_FMT_DABC: case PTX_FMT_SELP: lo = hi = 4; break;
    case PTX_FMT_DABCE: lo = hi = 5; break;
    case PTX_FMT_ATOM: lo = 3; hi = 4; break;
    case PTX_FMT_CALL: lo = 1; hi = 3; break;
    case PTX_FMT_BAR: lo = 1; hi = 4; break;
    case PTX_FMT_TENSOR: lo = 2; hi = 4; break;
    case PTX_FMT_ASYNC: lo = 0; hi = 5; break;
    default: lo = 1; hi = 0; break;
    }
    /* ret and exit may be written with no operands only; bra with a label */
    if (in->op == PTX_OP_nanosleep && n == 1) lo = hi = 1;
    if (in->op == PTX_OP_cvt && n == 3) lo = hi = 3; /* cvt.rn.f16x2.f32 d, a, b */
    if (n < lo || n > hi)
        return ptx_perr(p, CL_PTX, at->line, at->col, "'%s' takes %s (%u operand%s given)", optext,
                        ptx_format_synopsis(fmt), n, n == 1 ? "" : "s");
    for (unsigned i = 0; i < n; i++) in->opd[i] = r->o[i];
    in->nopd = (uint8_t)n;
    return CL_OK;
}

/* ---- the instruction ---- */

static cl_status parse_guard(ptx_parser *p, ptx_insn *in)
{
    in->guard = PTX_NONE;
    if (!ptx_accept_punct(p, '@')) return CL_OK;
    bool neg = ptx_accept_punct(p, '!');
    const ptx_token t = p->tok;
    uint64_t v;
    if (t.kind != TK_IDENT || !ptx_lookup(p, t.text, t.len, &v) || PTX_NAME_KIND(v) != 1 ||
        PTX_NAME_BANK(v) != PTX_BANK_PRED)
        return bad_operand(p, &t, "a guard needs a predicate register, found");
    in->guard = PTX_NAME_INDEX(v);
    in->guard_neg = neg;
    ptx_advance(p);
    return CL_OK;
}

/* The opcode and its modifiers; optext gets "shfl.sync.down.b32". */
static cl_status parse_opcode(ptx_parser *p, ptx_insn *in, char *optext, size_t size)
{
    const ptx_token t = p->tok;
    const char *start = t.text, *end = t.text + t.len;
    int op = find_opcode(t.text, t.len);
    ptx_advance(p);
    unsigned ntypes = 0;
    bool space_set = false;
    bool tensor = op == PTX_OP_wmma || op == PTX_OP_mma || op == PTX_OP_ldmatrix;
    bool async = op == PTX_OP_cp || op == PTX_OP_mbarrier; /* whole text: parse_async.c */
    ptx_tc_state tcs;
    memset(&tcs, 0, sizeof tcs);
    if (tensor) in->op = (uint16_t)op; /* ptx_tc_mod reads which one */
    const char *bad = NULL;
    size_t badlen = 0;
    while (p->tok.kind == TK_DOT && !p->tok.space_before) {
        const ptx_token m = p->tok;
        end = m.text + m.len;
        ptx_advance(p);
        if (op < 0 || bad || async) continue;
        if (tensor) {
            if (!ptx_tc_mod(in, &tcs, m.text + 1, m.len - 1)) {
                bad = m.text;
                badlen = m.len;
            }
            continue;
        }
        ptx_type ty = ptx_type_from_name(m.text + 1, m.len - 1);
        if (ty != PTX_T_NONE) {
            if (ntypes < 2) in->type[ntypes] = (uint8_t)ty;
            ntypes++;
            continue;
        }
        if (!apply_mod(in, op_rows[op].classes, m.text + 1, m.len - 1, &space_set)) {
            bad = m.text;
            badlen = m.len;
        }
    }
    snprintf(optext, size, "%.*s", (int)(end - start), start);
    const char *why = refusal(t.text, t.len, optext);
    if (why)
        return ptx_perr(p, CL_UNSUPPORTED, t.line, t.col, "'%s': %s (this module targets sm_%u; PTX line %u)",
                        optext, why, p->target, t.line);
    if (op < 0)
        return ptx_perr(p, CL_UNSUPPORTED, t.line, t.col,
                        "'%s' is not an instruction the emulator knows (this module targets sm_%u; PTX line %u)",
                        optext, p->target, t.line);
    in->op = (uint16_t)op;
    if (bad)
        return ptx_perr(p, CL_UNSUPPORTED, t.line, t.col,
                        "unsupported modifier '%.*s' in '%s' (this module targets sm_%u; PTX line %u)",
                        (int)badlen, bad, optext, p->target, t.line);
    if (ntypes > 2)
        return ptx_perr(p, CL_PTX, t.line, t.col, "too many types in '%s'", optext);
    if (tensor) return ptx_tc_finish(p, in, &tcs, optext, &t);
    if (async) return ptx_as_finish(p, in, optext, &t);
    return CL_OK;
}

cl_status ptx_parse_insn(ptx_parser *p)
{
    ptx_insn in;
    memset(&in, 0, sizeof in);
    in.loc = p->cur_loc;
    const ptx_token start = p->tok;
    in.line = start.line;
    char optext[128];
    if (parse_guard(p, &in) != CL_OK) return p->st;
    const ptx_token optok = p->tok;
    if (optok.kind != TK_IDENT) return bad_operand(p, &optok, "expected an instruction, found");
    if (parse_opcode(p, &in, optext, sizeof optext) != CL_OK) return p->st;
    raw_ops r;
    memset(&r, 0, sizeof r);
    if (!ptx_is_punct(&p->tok, ';')) {
        do {
            if (r.n == 10) return ptx_perr(p, CL_PTX, optok.line, optok.col, "too many operands");
            if (parse_operand(p, &in, &r.o[r.n], r.n) != CL_OK) return p->st;
            r.n++;
            if (ptx_accept_punct(p, '|')) {
                if (r.n == 10 || parse_operand(p, &in, &r.o[r.n], r.n) != CL_OK)
                    return p->st ? p->st : ptx_perr(p, CL_PTX, optok.line, optok.col, "too many operands");
                r.piped[r.n] = true;
                r.n++;
            }
        } while (ptx_accept_punct(p, ','));
    }
    if (!ptx_is_punct(&p->tok, ';'))
        return bad_operand(p, &p->tok, "expected ';' or ',' but found");
    ptx_advance(p);
    /* label fixups recorded slot numbers of the raw list: keep them in step */
    if (place(p, &in, &r, &optok, optext) != CL_OK) return p->st;
    if (ptx_opcode_format((ptx_opcode)in.op) == PTX_FMT_SETP ||
        ptx_opcode_format((ptx_opcode)in.op) == PTX_FMT_SHFL ||
        ptx_opcode_format((ptx_opcode)in.op) == PTX_FMT_MATCH) {
        for (size_t i = 0; i < p->fixups.n; i++)
            if (p->fixups.v[i].insn == p->insns.n && p->fixups.v[i].vec == PTX_NONE)
                return ptx_perr(p, CL_PTX, optok.line, optok.col, "a label is not an operand of '%s'", optext);
    }
    if (ptx_check_insn(p, &in, optext) != CL_OK) return p->st;
    if (ptx_arch_check(p, &in, optext, optok.line, optok.col) != CL_OK) return p->st;
    CL_VEC_PUSH(&p->insns, in);
    return CL_OK;
}
