/* ir.h - the checked, pre-decoded PTX program that grader/ptx builds and
 * grader/sim runs. Internal to those two modules (everyone else uses ptx.h).
 *
 * Registers are indices into one of three banks per function (32-bit lanes,
 * 64-bit lanes, predicates); types, rounding, comparison and the other
 * modifiers are decoded into fields; labels are instruction indices; symbols
 * are indices into the module's symbol table; call targets are function
 * indices. Nothing here is text that the emulator would have to look at. */
#ifndef CUDALAB_PTX_IR_H
#define CUDALAB_PTX_IR_H

#include <stdbool.h>
#include <stdint.h>

#include "ptx/ptx.h"

#define PTX_NONE 0xffffffffu

/* Opcodes, from opcodes.def. */
typedef enum ptx_opcode {
#define OP(name, fmt, mc, synopsis) PTX_OP_##name,
#include "ptx/opcodes.def"
#undef OP
    PTX_OP_COUNT
} ptx_opcode;

/* Operand formats (the second column of opcodes.def): syntax and slots.
 * FMT(name, synopsis of the operand list, slots) */
#define PTX_FORMATS(X)                                                        \
    X(NONE, "", 0)                                                            \
    X(D, "d", 1)                                                              \
    X(A, "a", 1)                                                              \
    X(DA, "d, a", 2)                                                          \
    X(DAB, "d, a, b", 3)                                                      \
    X(DABC, "d, a, b, c", 4)                                                  \
    X(DABCE, "d, a, b, c, e", 5)                                              \
    X(SETP, "p[|q], a, b[, c]", 5)                                            \
    X(SELP, "d, a, b, c", 4)                                                  \
    X(LD, "d, [a]", 2)                                                        \
    X(ST, "[a], b", 2)                                                        \
    X(ADDR, "[a]", 1)                                                         \
    X(ATOM, "d, [a], b[, c]", 4)                                              \
    X(RED, "[a], b", 2)                                                       \
    X(BRA, "target", 1)                                                       \
    X(CALL, "[(rets),] func[, (args)]", 3)                                    \
    X(BAR, "[d,] a[, b][, c]", 4)                                             \
    X(SHFL, "d[|p], a, b, c, mask", 6)                                        \
    X(VOTE, "d, a, mask", 3)                                                  \
    X(MATCH, "d[|p], a, mask", 4)                                             \
    X(REDUX, "d, a, mask", 3)                                                 \
    X(TENSOR, "{d}, {a}, {b}, {c}; {d}, [a][, stride]; [a], {b}[, stride]", 4) \
    X(ASYNC, "[a], [b], size[, src-size]; N; [a], count; d, [a]; p, [a], state", 5)

typedef enum ptx_format {
#define PTX_FMT_ENUM(name, syn, slots) PTX_FMT_##name,
    PTX_FORMATS(PTX_FMT_ENUM)
#undef PTX_FMT_ENUM
    PTX_FMT_COUNT
} ptx_format;

/* Types: X(name, bytes, kind). */
#define PTX_TYPES(X)                                                          \
    X(b8, 1, BITS) X(b16, 2, BITS) X(b32, 4, BITS) X(b64, 8, BITS)            \
    X(b128, 16, BITS)                                                         \
    X(u8, 1, UINT) X(u16, 2, UINT) X(u32, 4, UINT) X(u64, 8, UINT)            \
    X(s8, 1, SINT) X(s16, 2, SINT) X(s32, 4, SINT) X(s64, 8, SINT)            \
    X(f16, 2, FLOAT) X(f16x2, 4, FLOAT) X(bf16, 2, FLOAT) X(bf16x2, 4, FLOAT) \
    X(f32, 4, FLOAT) X(f64, 8, FLOAT) X(tf32, 4, FLOAT) X(pred, 0, PRED)        \
    X(e4m3x2, 2, FLOAT) X(e5m2x2, 2, FLOAT) /* two FP8 values: cvt only (sm_89) */

typedef enum ptx_type {
    PTX_T_NONE,
#define PTX_TYPE_ENUM(name, bytes, kind) PTX_T_##name,
    PTX_TYPES(PTX_TYPE_ENUM)
#undef PTX_TYPE_ENUM
    PTX_T_COUNT
} ptx_type;

typedef enum ptx_type_kind { PTX_K_NONE, PTX_K_BITS, PTX_K_UINT, PTX_K_SINT,
                             PTX_K_FLOAT, PTX_K_PRED } ptx_type_kind;

unsigned ptx_type_size(ptx_type t);          /* bytes; pred 0 */
ptx_type_kind ptx_type_kind_of(ptx_type t);
const char *ptx_type_name(ptx_type t);      /* "f32" */
ptx_type ptx_type_from_name(const char *s, size_t n); /* PTX_T_NONE if unknown */

/* State spaces. */
typedef enum ptx_space {
    PTX_SPACE_GENERIC, PTX_SPACE_GLOBAL, PTX_SPACE_SHARED, PTX_SPACE_LOCAL,
    PTX_SPACE_PARAM, PTX_SPACE_CONST, PTX_SPACE_REG, PTX_SPACE_COUNT
} ptx_space;
const char *ptx_space_name(ptx_space s); /* "global"; "" for generic */

/* Modifier classes (third column of opcodes.def). */
enum {
    MC_RND = 1u << 0, MC_IRND = 1u << 1, MC_FTZ = 1u << 2, MC_SAT = 1u << 3,
    MC_APPROX = 1u << 4, MC_WIDTH = 1u << 5, MC_CMP = 1u << 6, MC_BOOL = 1u << 7,
    MC_SPACE = 1u << 8, MC_VEC = 1u << 9, MC_SEM = 1u << 10, MC_SCOPE = 1u << 11,
    MC_CACHE = 1u << 12, MC_SHFL = 1u << 13, MC_VOTE = 1u << 14, MC_SYNC = 1u << 15,
    MC_ALIGNED = 1u << 16, MC_UNI = 1u << 17, MC_ATOM = 1u << 18, MC_BARRED = 1u << 19,
    MC_BAR = 1u << 20, MC_TO = 1u << 21, MC_SHF = 1u << 22, MC_PRMT = 1u << 23,
    MC_TESTP = 1u << 24, MC_MATCH = 1u << 25, MC_SHIFTAMT = 1u << 26, MC_CC = 1u << 27,
    MC_NAN = 1u << 28, MC_REDUX = 1u << 29, MC_FENCE = 1u << 30, MC_RELU = 1u << 31
};

/* Decoded modifier values. */
enum { PTX_RND_NONE, PTX_RND_RN, PTX_RND_RZ, PTX_RND_RM, PTX_RND_RP,
       PTX_RND_RNI, PTX_RND_RZI, PTX_RND_RMI, PTX_RND_RPI,
       PTX_RND_RNA /* to nearest, ties away from zero (cvt.rna.tf32.f32) */ };
enum { PTX_CMP_NONE, PTX_CMP_EQ, PTX_CMP_NE, PTX_CMP_LT, PTX_CMP_LE, PTX_CMP_GT,
       PTX_CMP_GE, PTX_CMP_LO, PTX_CMP_LS, PTX_CMP_HI, PTX_CMP_HS, PTX_CMP_EQU,
       PTX_CMP_NEU, PTX_CMP_LTU, PTX_CMP_LEU, PTX_CMP_GTU, PTX_CMP_GEU, PTX_CMP_NUM,
       PTX_CMP_NAN };
enum { PTX_BOOL_NONE, PTX_BOOL_AND, PTX_BOOL_OR, PTX_BOOL_XOR };
/* `mode`, by opcode. */
enum { PTX_SHFL_UP = 1, PTX_SHFL_DOWN, PTX_SHFL_BFLY, PTX_SHFL_IDX };
enum { PTX_VOTE_ALL = 1, PTX_VOTE_ANY, PTX_VOTE_UNI, PTX_VOTE_BALLOT };
enum { PTX_MATCH_ANY = 1, PTX_MATCH_ALL };
enum { PTX_ATOM_ADD = 1, PTX_ATOM_INC, PTX_ATOM_DEC, PTX_ATOM_MIN, PTX_ATOM_MAX,
       PTX_ATOM_AND, PTX_ATOM_OR, PTX_ATOM_XOR, PTX_ATOM_EXCH, PTX_ATOM_CAS };
enum { PTX_WIDTH_LO = 1, PTX_WIDTH_HI, PTX_WIDTH_WIDE };
enum { PTX_TESTP_FINITE = 1, PTX_TESTP_INFINITE, PTX_TESTP_NUMBER,
       PTX_TESTP_NOTANUMBER, PTX_TESTP_NORMAL, PTX_TESTP_SUBNORMAL };
enum { PTX_PRMT_DEFAULT = 0, PTX_PRMT_F4E, PTX_PRMT_B4E, PTX_PRMT_RC8, PTX_PRMT_ECL,
       PTX_PRMT_ECR, PTX_PRMT_RC16 };
enum { PTX_BAR_SYNC = 1, PTX_BAR_ARRIVE, PTX_BAR_RED, PTX_BAR_WARP };
enum { PTX_FENCE_CTA = 1, PTX_FENCE_GL, PTX_FENCE_SYS, PTX_FENCE_SC, PTX_FENCE_ACQ_REL };
/* `mode2`. */
enum { PTX_BARRED_POPC = 1, PTX_BARRED_AND, PTX_BARRED_OR };
enum { PTX_SHF_L = 1, PTX_SHF_R = 2, PTX_SHF_WRAP = 4, PTX_SHF_CLAMP = 8 };
/* Memory semantics and scope (accepted; the machine is sequentially consistent). */
enum { PTX_SEM_NONE, PTX_SEM_VOLATILE, PTX_SEM_RELAXED, PTX_SEM_ACQUIRE,
       PTX_SEM_RELEASE, PTX_SEM_ACQ_REL, PTX_SEM_SC, PTX_SEM_WEAK, PTX_SEM_MMIO };
enum { PTX_SCOPE_NONE, PTX_SCOPE_CTA, PTX_SCOPE_GPU, PTX_SCOPE_SYS, PTX_SCOPE_CLUSTER };
/* Flags. */
enum {
    PTX_F_FTZ = 1u << 0, PTX_F_SAT = 1u << 1, PTX_F_APPROX = 1u << 2, PTX_F_FULL = 1u << 3,
    PTX_F_CC = 1u << 4, PTX_F_NAN = 1u << 5, PTX_F_UNI = 1u << 6, PTX_F_TO = 1u << 7,
    PTX_F_SYNC = 1u << 8, PTX_F_ALIGNED = 1u << 9, PTX_F_SHIFTAMT = 1u << 10,
    PTX_F_RELU = 1u << 11, PTX_F_NC = 1u << 12, PTX_F_NOFTZ = 1u << 13, PTX_F_TRANS = 1u << 14,
    PTX_F_SATFINITE = 1u << 15 /* cvt: NaN stays NaN, beyond the largest finite value the largest */
};

/* Tensor-core instructions (wmma, mma, ldmatrix: parse_tensor.c decodes
 * them, grader/sim/tensor.c runs them). `mode` says what the instruction
 * does, `mode2` its shape, `vec` the layouts of A and B (PTX_TC_ACOL,
 * PTX_TC_BCOL; wmma.load/store: ACOL for .col) or ldmatrix's number of
 * matrices, `tc[]` the element types of D, A, B and C (PTX_TC_D ...;
 * wmma.load/store: the one type in tc[PTX_TC_D]); .satfinite is
 * PTX_F_SAT, ldmatrix's .trans PTX_F_TRANS. */
#define PTX_TC_TYPES(X) X(f16, 16) X(bf16, 16) X(tf32, 32) X(f32, 32) X(s8, 8) X(u8, 8) X(s32, 32) X(b16, 16)
enum {
    PTX_TC_NONE,
#define PTX_TC_ENUM(name, bits) PTX_TC_##name,
    PTX_TC_TYPES(PTX_TC_ENUM)
#undef PTX_TC_ENUM
    PTX_TC_COUNT
};
/* X(name, m, n, k): wmma's, then mma.sync's, then ldmatrix's */
#define PTX_TC_SHAPES(X)                                                      \
    X(m16n16k16, 16, 16, 16) X(m32n8k16, 32, 8, 16) X(m8n32k16, 8, 32, 16)    \
    X(m16n16k8, 16, 16, 8) X(m16n8k8, 16, 8, 8) X(m16n8k16, 16, 8, 16)        \
    X(m16n8k32, 16, 8, 32) X(m16n8k4, 16, 8, 4) X(m8n8, 8, 8, 0)
enum {
    PTX_SHAPE_NONE,
#define PTX_SHAPE_ENUM(name, m, n, k) PTX_SHAPE_##name,
    PTX_TC_SHAPES(PTX_SHAPE_ENUM)
#undef PTX_SHAPE_ENUM
    PTX_SHAPE_COUNT
};
enum { PTX_TC_LOAD_A = 1, PTX_TC_LOAD_B, PTX_TC_LOAD_C, PTX_TC_STORE_D, PTX_TC_WMMA, PTX_TC_MMA,
       PTX_TC_LDMATRIX };
enum { PTX_TC_ACOL = 1, PTX_TC_BCOL = 2 };
enum { PTX_TC_D, PTX_TC_A, PTX_TC_B, PTX_TC_C };
const char *ptx_tc_type_name(unsigned t);    /* "f16"; "" for none */
/* 32-bit registers a lane holds of a fragment: use 0 A, 1 B, 2 C or D. */
unsigned ptx_tc_frag_regs(unsigned shape, unsigned use, unsigned type);
const char *ptx_tc_shape_name(unsigned s);   /* "m16n16k16" */

/* Asynchronous copies and mbarriers (cp.async, mbarrier: parse_async.c
 * decodes them, grader/sim/async.c runs them). `mode` says which form,
 * `mode2` its PTX_AS_F_* flags, `cache` .ca (1) or .cg (2). */
enum { PTX_AS_CP = 1, PTX_AS_COMMIT, PTX_AS_WAIT, PTX_AS_WAITALL, PTX_AS_CPARRIVE, PTX_AS_INIT,
       PTX_AS_ARRIVE, PTX_AS_DROP, PTX_AS_TEST, PTX_AS_TRY, PTX_AS_INVAL, PTX_AS_PENDING };
enum { PTX_AS_F_NOINC = 1, PTX_AS_F_PARITY = 2, PTX_AS_F_NOCOMPLETE = 4, PTX_AS_F_SHARED = 8,
       PTX_AS_F_HINT = 16 };

/* Special registers: X(name as written after %, 32- or 64-bit). Vector ones
 * (tid, ntid, ctaid, nctaid) take .x .y .z. */
#define PTX_SREGS(X)                                                          \
    X(tid_x, "tid.x", 32) X(tid_y, "tid.y", 32) X(tid_z, "tid.z", 32)         \
    X(ntid_x, "ntid.x", 32) X(ntid_y, "ntid.y", 32) X(ntid_z, "ntid.z", 32)   \
    X(ctaid_x, "ctaid.x", 32) X(ctaid_y, "ctaid.y", 32) X(ctaid_z, "ctaid.z", 32) \
    X(nctaid_x, "nctaid.x", 32) X(nctaid_y, "nctaid.y", 32)                   \
    X(nctaid_z, "nctaid.z", 32)                                               \
    X(laneid, "laneid", 32) X(warpid, "warpid", 32) X(nwarpid, "nwarpid", 32) \
    X(smid, "smid", 32) X(nsmid, "nsmid", 32) X(gridid, "gridid", 64)         \
    X(lanemask_eq, "lanemask_eq", 32) X(lanemask_lt, "lanemask_lt", 32)       \
    X(lanemask_le, "lanemask_le", 32) X(lanemask_gt, "lanemask_gt", 32)       \
    X(lanemask_ge, "lanemask_ge", 32)                                         \
    X(dynamic_smem_size, "dynamic_smem_size", 32)                             \
    X(total_smem_size, "total_smem_size", 32)                                 \
    X(clock, "clock", 32) X(clock_hi, "clock_hi", 32) X(clock64, "clock64", 64) \
    X(globaltimer, "globaltimer", 64) X(globaltimer_lo, "globaltimer_lo", 32) \
    X(globaltimer_hi, "globaltimer_hi", 32)                                   \
    PTX_ENVREGS(X)

/* %envreg0..31: set by the driver for each launch. An ordinary launch
 * leaves them 0; cooperative groups' grid handle is built from %envreg1 and
 * %envreg2, which a cooperative launch points at its grid workspace
 * (sim/gridsync.c). */
#define PTX_ENVREG8(X, a, b, c, d, e, f, g, h)                                \
    X(envreg##a, "envreg" #a, 32) X(envreg##b, "envreg" #b, 32)               \
    X(envreg##c, "envreg" #c, 32) X(envreg##d, "envreg" #d, 32)               \
    X(envreg##e, "envreg" #e, 32) X(envreg##f, "envreg" #f, 32)               \
    X(envreg##g, "envreg" #g, 32) X(envreg##h, "envreg" #h, 32)
#define PTX_ENVREGS(X)                                                        \
    PTX_ENVREG8(X, 0, 1, 2, 3, 4, 5, 6, 7)                                    \
    PTX_ENVREG8(X, 8, 9, 10, 11, 12, 13, 14, 15)                              \
    PTX_ENVREG8(X, 16, 17, 18, 19, 20, 21, 22, 23)                            \
    PTX_ENVREG8(X, 24, 25, 26, 27, 28, 29, 30, 31)

/* Predefined identifiers: X(name, value). They read as integer constants. */
#define PTX_PREDEFINED(X) X(WARP_SZ, 32)

typedef enum ptx_sreg {
#define PTX_SREG_ENUM(id, text, bits) PTX_SREG_##id,
    PTX_SREGS(PTX_SREG_ENUM)
#undef PTX_SREG_ENUM
    PTX_SREG_COUNT
} ptx_sreg;
const char *ptx_sreg_name(ptx_sreg s); /* "tid.x" */
/* The external functions the machine provides itself: vprintf (device
 * printf) and __assertfail (a failed assert(), run as a trap). */
bool ptx_builtin_function(const char *name);
unsigned ptx_sreg_bits(ptx_sreg s);

/* Register banks. */
enum { PTX_BANK_B32, PTX_BANK_B64, PTX_BANK_PRED, PTX_BANK_COUNT };

typedef enum ptx_opd_kind {
    PTX_OPD_NONE,
    PTX_OPD_REG,   /* bank, index; neg for !p */
    PTX_OPD_IMM,   /* imm: the value's bits, as the instruction's type wants them */
    PTX_OPD_SREG,  /* index: ptx_sreg */
    PTX_OPD_SYM,   /* index: symbol; imm: byte offset (its address, as a value) */
    PTX_OPD_ADDR,  /* [base + imm] or [symbol + imm] or [imm]: index symbol or PTX_NONE,
                      base register (bank, base) when has_base */
    PTX_OPD_VEC,   /* count elements from the function's vec pool at index */
    PTX_OPD_LABEL, /* index: instruction index in the function */
    PTX_OPD_FUNC,  /* index: function */
    PTX_OPD_BLANK  /* `_` in a vector: no register */
} ptx_opd_kind;

typedef struct ptx_operand {
    uint8_t kind;
    uint8_t bank;
    uint8_t neg;
    uint8_t count;
    uint8_t has_base;
    uint8_t lit;        /* IMM while parsing: how the literal was written */
    uint32_t index;
    uint32_t base;
    int64_t imm;
} ptx_operand;

typedef struct ptx_insn {
    uint16_t op;          /* ptx_opcode */
    uint8_t type[2];      /* ptx_type: first is the destination's where two */
    uint8_t space, rnd, cmp, boolop, mode, mode2, sem, scope, vec;
    uint8_t tc[4];        /* tensor-core element types (PTX_TC_*), by PTX_TC_D ... */
    uint8_t cache;        /* cache operator (.ca=1 .cg .cs .lu .cv .wb .wt): accepted, no effect */
    uint8_t hint;         /* eviction and prefetch hints, packed: accepted, no effect */
    uint8_t nopd;
    uint8_t guard_neg;
    uint16_t flags;       /* PTX_F_* */
    uint32_t guard;       /* predicate register or PTX_NONE */
    uint32_t loc;         /* module location index (0: none) */
    uint32_t line;        /* line in the PTX text */
    ptx_operand opd[6];
} ptx_insn;

/* Where an instruction came from in the CUDA source. */
typedef struct ptx_loc {
    uint32_t file, line, col;   /* as written in .loc */
    uint32_t ufile, uline;      /* the user's file and line (inlined_at resolved) */
    uint32_t pfile;             /* the file of its inlined_at (the caller's), 0 when none */
} ptx_loc;

typedef enum ptx_sym_kind { PTX_SYM_VAR, PTX_SYM_FUNC } ptx_sym_kind;

/* A relocation in a variable's initialiser: the address of `sym` + addend
 * goes at `offset` (8 bytes), as a generic address when `generic`. */
typedef struct ptx_reloc {
    uint64_t offset;
    uint32_t sym;
    int64_t addend;
    bool generic;
} ptx_reloc;

typedef struct ptx_symbol {
    char *name;
    uint8_t kind;       /* ptx_sym_kind */
    uint8_t space;      /* ptx_space (variables) */
    uint8_t type;       /* element type */
    bool is_extern, is_visible, unsized;
    uint32_t align;
    uint64_t size;      /* bytes */
    uint8_t *init;      /* size bytes, or NULL (zero / uninitialised) */
    ptx_reloc *relocs;
    uint32_t nrelocs;
    int32_t func;       /* owning function, -1 at module scope; FUNC: the function */
    int32_t param;      /* formal parameter index (>= 0), return param (-2 - i), else -1 */
    uint32_t line;
} ptx_symbol;

typedef struct ptx_reg_info {
    uint32_t name;      /* offset into the module's name pool */
    uint8_t type;       /* declared type */
} ptx_reg_info;

typedef struct ptx_fparam {
    uint32_t sym;       /* the .param symbol */
    ptx_param_info info;
    uint8_t type;       /* declared type (b8 for arrays) */
} ptx_fparam;

typedef struct ptx_label {
    uint32_t name;      /* offset into the name pool */
    uint32_t pc;
} ptx_label;

typedef struct ptx_function {
    char *name;
    char *plain;        /* demangled */
    bool is_entry, is_extern, has_body, is_visible;
    ptx_fparam *params;
    uint32_t nparams;
    ptx_fparam *rets;
    uint32_t nrets;
    uint32_t param_size;            /* entries: packed blob size */
    ptx_reg_info *regs[PTX_BANK_COUNT];
    uint32_t nregs[PTX_BANK_COUNT];
    ptx_insn *insns;
    uint32_t ninsns;
    ptx_operand *vec;               /* vector and call-list elements */
    uint32_t nvec;
    ptx_label *labels;
    uint32_t nlabels;
    uint32_t maxntid[3], reqntid[3], minnctapersm, maxnreg;
    uint32_t line;
} ptx_function;

struct ptx_module {
    uint64_t id;                    /* unique in the process (machines key caches by it) */
    char *name;
    unsigned version, target, address_size;
    ptx_symbol *syms;
    uint32_t nsyms;
    ptx_function *funcs;
    uint32_t nfuncs;
    uint32_t *entries;              /* function indices of the .entry functions */
    uint32_t nentries;
    char **files;                   /* by .file index */
    uint32_t nfiles;
    ptx_loc *locs;                  /* locs[0] is "no location" */
    uint32_t nlocs;
    char *names;                    /* name pool (register and label names) */
    size_t names_len;
};

/* The opcode with its modifiers, as PTX spells it ("wmma.load.a.sync.aligned.row.m16n16k16.f16"). */
void ptx_tc_opcode_text(const ptx_insn *in, char *buf, size_t size);
/* "cp.async.cg.shared.global" and the like, as parse_async.c read it. */
void ptx_as_opcode_text(const ptx_insn *in, char *buf, size_t size);
const char *ptx_opcode_name(ptx_opcode op);
ptx_format ptx_opcode_format(ptx_opcode op);
const char *ptx_format_synopsis(ptx_format f);

/* The user's file and line of an instruction's location ("" and 0 when none). */
const char *ptx_loc_file(const ptx_module *m, uint32_t loc);
uint32_t ptx_loc_line(const ptx_module *m, uint32_t loc);
/* True when the path is a CUDA toolkit header rather than the user's code. */
bool ptx_is_system_file(const char *path);

/* Disassemble one instruction of function fn into buf. */
void ptx_disasm_insn(const ptx_module *m, const ptx_function *fn, const ptx_insn *in,
                     char *buf, size_t size);
/* Name of register `index` in `bank` of fn. */
const char *ptx_reg_name(const ptx_module *m, const ptx_function *fn, unsigned bank,
                         uint32_t index);

#endif
