/* parse.h - the lexer, the name maps and the parser state shared by the
 * parse_*.c files of grader/ptx. Internal to grader/ptx. */
#ifndef CUDALAB_PTX_PARSE_H
#define CUDALAB_PTX_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/core.h"
#include "ptx/ir.h"

/* ---- lexer ---- */

typedef enum ptx_tok_kind {
    TK_EOF,
    TK_IDENT,   /* %r1, $L__BB0_3, _Z3foo, sm_75 */
    TK_DOT,     /* .reg, .b32, .L1::evict_last (text includes the dot) */
    TK_INT,     /* ival */
    TK_F32,     /* 0fXXXXXXXX: ival holds the bits */
    TK_F64,     /* 0dXXXXXXXXXXXXXXXX: ival holds the bits */
    TK_FLOAT,   /* 1.5: fval */
    TK_STRING,  /* text without the quotes (no escapes processed) */
    TK_PUNCT    /* one character in `c` */
} ptx_tok_kind;

typedef struct ptx_token {
    ptx_tok_kind kind;
    const char *text;
    size_t len;
    uint32_t line, col;
    bool space_before;  /* whitespace or a comment precedes it */
    char c;
    uint64_t ival;
    double fval;
} ptx_token;

typedef struct ptx_lexer {
    const char *s, *end, *p;
    uint32_t line;
    const char *line_start;
} ptx_lexer;

void ptx_lex_init(ptx_lexer *lx, const char *text, size_t len);
/* Next token; a malformed one is TK_PUNCT with c = '\0'. */
void ptx_lex_next(ptx_lexer *lx, ptx_token *t);

/* ---- name maps (open addressing; the map keeps copies of its keys) ---- */

typedef struct ptx_map_slot {
    const char *key;
    uint32_t len;
    uint64_t value;
} ptx_map_slot;

typedef struct ptx_map {
    ptx_map_slot *slots;
    size_t cap, count;
} ptx_map;

void ptx_map_free(ptx_map *m);
/* false when the key was there already (the value is not replaced). */
bool ptx_map_put(ptx_map *m, const char *key, size_t len, uint64_t value);
bool ptx_map_get(const ptx_map *m, const char *key, size_t len, uint64_t *value);

/* ---- parser ---- */

/* What a name in a function's scope stands for. */
#define PTX_NAME_REG(bank, idx) (((uint64_t)1 << 40) | ((uint64_t)(bank) << 32) | (idx))
#define PTX_NAME_SYM(idx) (((uint64_t)2 << 40) | (idx))
#define PTX_NAME_KIND(v) ((unsigned)((v) >> 40))
#define PTX_NAME_BANK(v) ((unsigned)(((v) >> 32) & 0xff))
#define PTX_NAME_INDEX(v) ((uint32_t)(v))

/* An operand as parsed, before the instruction checks it. */
enum { LIT_INT, LIT_F32, LIT_F64, LIT_DEC };

typedef struct ptx_fixup {
    uint32_t insn, slot, vec;  /* vec: element index in fn vec pool, or PTX_NONE */
    const char *name;
    size_t len;
    uint32_t line, col;
} ptx_fixup;

#define PTX_MAX_SCOPES 16

typedef struct ptx_parser {
    ptx_lexer lx;
    ptx_token tok;       /* current */
    ptx_token ahead;     /* one token of lookahead when has_ahead */
    bool has_ahead;
    const char *name;    /* module name for errors */
    cl_error *err;
    cl_status st;

    CL_VEC(ptx_symbol) syms;
    CL_VEC(ptx_function) funcs;
    CL_VEC(char *) files;
    CL_VEC(ptx_loc) locs;
    cl_str names;
    ptx_map globals;     /* module-scope symbols and functions */
    unsigned version, target, address_size;
    bool saw_target;

    /* the function being parsed */
    int32_t fn;
    CL_VEC(ptx_insn) insns;
    CL_VEC(ptx_operand) vec;
    CL_VEC(ptx_reg_info) regs[PTX_BANK_COUNT];
    CL_VEC(ptx_label) labels;
    CL_VEC(ptx_fixup) fixups;
    ptx_map scopes[PTX_MAX_SCOPES];
    int depth;           /* scopes in use */
    ptx_map label_map;
    uint32_t cur_loc;
    uint32_t last_user_loc;
} ptx_parser;

/* Errors: record the first and return its status. */
cl_status ptx_perr(ptx_parser *p, cl_status st, uint32_t line, uint32_t col,
                   const char *fmt, ...) __attribute__((format(printf, 5, 6)));

void ptx_advance(ptx_parser *p);
const ptx_token *ptx_peek(ptx_parser *p); /* the token after the current one */
bool ptx_is_punct(const ptx_token *t, char c);
bool ptx_is_dot(const ptx_token *t, const char *word);
bool ptx_accept_punct(ptx_parser *p, char c);
cl_status ptx_expect_punct(ptx_parser *p, char c);
/* Copy of token text (for messages), at most n bytes. */
void ptx_tok_str(const ptx_token *t, char *buf, size_t n);
uint32_t ptx_add_name(ptx_parser *p, const char *s, size_t len);

/* parse_decl.c */
/* .type after optional .align/.v2/.v4/.ptr attributes. */
typedef struct decl_attrs {
    uint32_t align;
    unsigned vec;
    ptx_type type;
} decl_attrs;

cl_status ptx_expect_int(ptx_parser *p, uint64_t *v);
/* [.align N] [.vN] [.ptr ...] .type */
cl_status ptx_parse_attrs(ptx_parser *p, decl_attrs *a);
/* Declare a name in the innermost scope (or the module's). */
cl_status ptx_declare(ptx_parser *p, const ptx_token *t, uint64_t value);
cl_status ptx_parse_module(ptx_parser *p);
cl_status ptx_parse_var(ptx_parser *p, int32_t func, ptx_space space, bool is_extern,
                        bool is_visible, uint32_t *sym_out);
cl_status ptx_parse_reg_decl(ptx_parser *p);
bool ptx_lookup(ptx_parser *p, const char *s, size_t len, uint64_t *value);

/* parse_func.c */
cl_status ptx_parse_function(ptx_parser *p, bool is_entry, bool is_extern, bool is_visible);

/* parse_insn.c */
cl_status ptx_parse_insn(ptx_parser *p);
/* Fields of ptx_insn that modifiers set (mods.def's third column). */
enum { FLD_RND, FLD_CMP, FLD_BOOL, FLD_MODE, FLD_MODE2, FLD_SPACE, FLD_SEM, FLD_SCOPE,
       FLD_VEC, FLD_FLAG, FLD_CACHE, FLD_HINT, FLD_HINT2, FLD_HINT3 };
/* The text of the modifier that an opcode accepting `classes` writes for
 * `value` in `field`, or NULL. */
const char *ptx_mod_text(uint32_t classes, int field, unsigned value);
uint32_t ptx_opcode_classes(ptx_opcode op);

/* parse_loc.c */
cl_status ptx_parse_loc(ptx_parser *p);
cl_status ptx_parse_file_directive(ptx_parser *p);
void ptx_resolve_locs(ptx_parser *p);

/* check.c: operand checks and immediate typing of one parsed instruction */
cl_status ptx_check_insn(ptx_parser *p, ptx_insn *in, const char *optext);

/* arch.c: refuses, naming the construct and the module's target, an
 * instruction one of whose constructs (archs.def) needs a newer GPU. */
cl_status ptx_arch_check(ptx_parser *p, const ptx_insn *in, const char *optext, uint32_t line, uint32_t col);

/* ---- tensor-core instructions (parse_tensor.c) ---- */

/* What the modifiers of a wmma, mma or ldmatrix said, in their order. */
typedef struct ptx_tc_state {
    uint8_t types[4], ntypes;
    bool col[2];
    uint8_t nlayouts;
    char verb;          /* wmma: 'l'oad, 's'tore, 'm'ma */
    char matrix;        /* wmma.load/store: 'a' .. 'd' */
} ptx_tc_state;
/* Take one modifier (text without its dot); false when it is none of theirs. */
bool ptx_tc_mod(ptx_insn *in, ptx_tc_state *st, const char *s, size_t n);
/* Decode and check the whole form (at: the opcode's token). */
cl_status ptx_tc_finish(ptx_parser *p, ptx_insn *in, const ptx_tc_state *st, const char *optext,
                        const ptx_token *at);

/* ---- asynchronous copies and mbarriers (parse_async.c) ---- */

/* Decode and check a cp or mbarrier instruction from its opcode's text
 * ("cp.async.ca.shared.global"; at: the opcode's token). */
cl_status ptx_as_finish(ptx_parser *p, ptx_insn *in, const char *optext, const ptx_token *at);

#endif
