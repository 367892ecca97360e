/* internal.h - what the files of grader/sim share: the lowered program, the
 * warp and block state, hazard instances, the launch. Internal to
 * grader/sim. */
#ifndef CUDALAB_SIM_INTERNAL_H
#define CUDALAB_SIM_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "ptx/ir.h"
#include "sim/sim.h"

/* A bug in cudalab (never a fault of the student's kernel). */
#define SIM_ASSERT(cond)                                                       \
    do {                                                                       \
        if (!(cond)) sim_assert_fail(#cond, __FILE__, __LINE__);               \
    } while (0)
void sim_assert_fail(const char *what, const char *file, int line) __attribute__((noreturn));

/* The hot loop and the memory paths are compiled twice, for plain x86-64
 * and for x86-64-v3 (AVX2, FMA, POPCNT), and the loader picks the one the
 * CPU runs. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(CUDALAB_NO_CLONES)
#define SIM_HOT __attribute__((target_clones("default", "arch=x86-64-v3")))
#else
#define SIM_HOT
#endif

#define SIM_NONE 0xffffffffu
#define SIM_NO_TID 0xffffu       /* no thread, in a 16-bit thread field */
#define SIM_NOSLOT 0xffffu
#define SIM_FULL 0xffffffffu

/* The device address space. Global allocations (and module .global/.const
 * variables) live from SIM_GLOBAL_BASE up; the shared, local and parameter
 * spaces are seen through 4 GiB windows of the generic space. */
#define SIM_GLOBAL_BASE 0x00007f0000000000ull
/* Module variables: module k's (k in the order modules were registered,
 * sim_register_module, else of first use) in a window of their own at
 * SIM_MODVAR_BASE + k * SIM_MODVAR_SPAN, above every allocation, so that
 * where an allocation or a variable lands does not depend on another
 * module's variables or on allocations already freed (memory.c). */
#define SIM_MODVAR_BASE 0x00007f8000000000ull
#define SIM_MODVAR_SPAN 0x0000000100000000ull
#define SIM_MODVAR_SLOTS 64u
#define SIM_SHARED_WINDOW 0x0000010000000000ull
#define SIM_LOCAL_WINDOW 0x0000020000000000ull
#define SIM_PARAM_WINDOW 0x0000030000000000ull
#define SIM_WINDOW_SIZE 0x0000000100000000ull
/* Per-thread .param storage (device-function arguments) in the param space. */
#define SIM_TPARAM_BASE 0x00100000u
/* NaN results of float arithmetic, as an H200 writes them (checked by
 * tests/fidelity): f32 arithmetic writes one canonical NaN; f64 arithmetic
 * passes on a NaN operand, quieted (which one: see sim_nan64's callers), and
 * writes the default NaN when it makes one (0 * inf, sqrt(-1)); f64 to f32
 * writes 0x7fc00000. */
#define SIM_CANON_NAN32 0x7fffffffu
#define SIM_DEFAULT_NAN64 0xfff8000000000000ull
#define SIM_QUIET64 0x0008000000000000ull
#define SIM_D2F_NAN32 0x7fc00000u

/* Limits on what one kernel may ask of the machine (docs/architecture.md);
 * past one, the launch is refused with a LIMIT hazard that says which. A
 * GPU gives a thread 512 KiB of local memory and a block 227 KiB of shared
 * memory; the rest are far above what a course kernel uses. */
#define SIM_MAX_LOCAL (512u << 10)           /* bytes of .local a thread */
#define SIM_MAX_TPARAM (64u << 10)           /* device-function .param bytes a thread */
#define SIM_MAX_SHARED (227u << 10)          /* shared bytes a block, static and dynamic */
#define SIM_MAX_REG_BYTES (64u << 10)        /* register bytes a thread */
#define SIM_MAX_MODULE_VARS (256ull << 20)   /* .global and .const bytes of a module */
#define SIM_MAX_DEVICE (3ull << 30)          /* device memory of the machine, all told */
/* Local memory is zeroed lazily, a page at a time, when a block first touches it. */
#define SIM_LOCAL_PAGE 1024u

/* ---- the lowered program ---- */

typedef enum sim_xop {
#define SIM_XROW(name, ...) X_##name,
#define I32B SIM_XROW
#define I64B SIM_XROW
#define I64S SIM_XROW
#define I32T SIM_XROW
#define I64T SIM_XROW
#define I32U SIM_XROW
#define I64U SIM_XROW
#define W32B SIM_XROW
#define W32T SIM_XROW
#define N32 SIM_XROW
#define T64 SIM_XROW
#define F32B SIM_XROW
#define F32T SIM_XROW
#define F32U SIM_XROW
#define F32R SIM_XROW
#define F64B SIM_XROW
#define F64T SIM_XROW
#define F64U SIM_XROW
#define FI32 SIM_XROW
#define IF32 SIM_XROW
#define XF SIM_XROW
#define SETP SIM_XROW
#define SEL SIM_XROW
#define OWN SIM_XROW
#include "sim/xops.def"
#include "sim/xops_undef.h"
#undef SIM_XROW
    X_COUNT
} sim_xop;


/* One instruction of the machine. Slots index the warp's register rows:
 * 32-bit rows, 64-bit rows or predicate words, by what the op reads. */
typedef struct sim_op {
    uint16_t x;       /* sim_xop */
    uint16_t guard;   /* predicate slot; slot 0 is always true */
    uint32_t gxor;    /* 0, or ~0 for @!p */
    uint16_t s[6];    /* operand slots */
    uint8_t p[4];     /* parameters (comparison, sizes, flags) */
    uint32_t aux;     /* branch target, side-table index */
    uint32_t aux2;    /* branches: critical-branch index + 1 */
    int64_t imm;      /* address offset */
} sim_op;

/* Predicate slots 0 and 1 hold the constants true and false. */
enum { SIM_PRED_TRUE = 0, SIM_PRED_FALSE = 1 };

/* Memory ops: p[0] space, p[1] element bytes, p[2] elements, p[3] flags;
 * s[0..3] the value registers, s[4] the address base (SIM_NOSLOT: none). */
enum sim_mspace { SIM_MS_GLOBAL, SIM_MS_SHARED, SIM_MS_LOCAL, SIM_MS_PARAM, SIM_MS_CONST,
                  SIM_MS_GENERIC };
enum { SIM_MF_SIGNED = 1, SIM_MF_DST64 = 2, SIM_MF_BASE32 = 4, SIM_MF_FLOAT = 8,
       SIM_MF_VOLATILE = 16, SIM_MF_DST16 = 32, SIM_MF_BF16 = 64, SIM_MF_PAIR = 128 };
/* Memory semantics of ld, st, atom and red (aux2), for the happens-before
 * order of the race check (sync.c): strong (relaxed or stronger, or an
 * atomic), volatile, acquire, release; and an atomic's scope when it is the
 * block (.cta) on global or generic memory (crossread.c). */
enum { SIM_SY_STRONG = 1, SIM_SY_VOLATILE = 2, SIM_SY_ACQUIRE = 4, SIM_SY_RELEASE = 8, SIM_SY_CTA = 16 };
/* A shared or generic load's aux: its address is an atom.cas's in the same
 * function and its value the CAS's compare operand (lower.c's
 * mark_cas_seeds: a compare-and-swap loop's first read); or its value is
 * read only by selp (mark_selected_loads: a load nvcc runs in every lane
 * for a read some lanes make under a condition). */
enum { SIM_LD_CAS_SEED = 1, SIM_LD_SELECTED };
/* The first X_LDS or X_STS of a run of them from one base (lower.c's
 * sim_fuse_shared_runs): its aux is SIM_RUN_AUX | the run's length, at
 * most SIM_RUN_MAX (the others' aux stays 0). */
enum { SIM_RUN_AUX = 1u << 20, SIM_RUN_MAX = 32 };
/* A run of X_LDSs whose loads are not all consecutive: 32-bit ALU ops
 * between them that neither read nor write a later load's row nor write
 * the base (nvcc's `s += seg[k]` unrolled). Its first op's aux also has
 * SIM_RUN_HOIST, its length counting from the first load to the last (at
 * most SIM_RUN_SPAN ops); each later load's aux is SIM_RUN_MEMBER and its
 * number in the run. A full warp's first load makes every load of the
 * run (the warp's run_skip then names the later ones, which the hot loop
 * passes over when it reaches them). */
enum { SIM_RUN_HOIST = 1u << 19, SIM_RUN_MEMBER = 1u << 18, SIM_RUN_SPAN = 64 };
/* The X_LD of a shared byte or half that the next op adds to (X_ADD16 or
 * X_ADD32) and the op after stores back to the same element (lower.c's
 * sim_fuse_shared_runs: a thread's counter, `c[d]++`): its aux is
 * SIM_RMW_AUX. */
enum { SIM_RMW_AUX = 1u << 21 };
/* Branch flags (p[1]). */
enum { SIM_BF_EXIT = 1 };
/* Collectives (X_COLL): p[0] kind, p[1] mode, p[2] 64-bit / signed, p[3] flags;
 * s[0] d, s[1] p (or the vote predicate), s[2] a, s[3] b, s[4] c, s[5] mask. */
enum { SIM_COLL_SHFL = 1, SIM_COLL_VOTE, SIM_COLL_MATCH, SIM_COLL_REDUX, SIM_COLL_BARWARP, SIM_COLL_TENSOR };
/* SIM_CF_UNIFORM: the mask is an immediate, the same in every lane. */
enum { SIM_CF_ACTIVEMASK = 1, SIM_CF_NEG = 2, SIM_CF_UNIFORM = 4 };

/* A tensor-core instruction (wmma, mma, ldmatrix: an X_COLL of kind
 * SIM_COLL_TENSOR whose aux indexes prog->tensors; tensor.c). reg[0] is the
 * destination's registers (wmma.store: the values stored), reg[1..3] mma's
 * A, B and C; its memory goes through one hidden ld or st op past the
 * program's functions (hidden: its pc), whose value and address rows are
 * scratch rows the instruction fills element by element. */
typedef struct sim_tensor {
    uint8_t mode, shape, vec, flags; /* PTX_TC_*, PTX_SHAPE_*, layouts or count, 1: .satfinite, 2: .trans */
    uint8_t tc[4];                   /* PTX_TC_ types of D, A, B, C */
    uint8_t nreg[4];
    uint8_t base32;                  /* the address base is a 32-bit register */
    uint16_t reg[4][8];
    uint16_t base;                   /* address base slot, or SIM_NOSLOT */
    uint16_t stride;                 /* stride slot (32-bit), or SIM_NOSLOT: stride_imm */
    uint32_t stride_imm;
    int64_t imm;                     /* address offset */
    uint32_t hidden;                 /* the hidden memory op's pc (SIM_NONE: none) */
    uint32_t hidden4;                /* 16-bit elements: a 4-byte one too, for pairs (SIM_NONE: none) */
} sim_tensor;
enum { SIM_TF_SAT = 1, SIM_TF_TRANS = 2 };

/* Where an op came from. */
typedef struct sim_src {
    const ptx_function *fn;
    const ptx_insn *in;
    uint32_t file;   /* index into prog->files: the user's file (0: none) */
    uint32_t line;   /* the user's line (0: none) */
} sim_src;

typedef struct sim_pcopy {
    uint32_t from, to, size;   /* per-thread param offsets */
} sim_pcopy;

typedef struct sim_call {
    uint32_t entry;            /* the callee's first op */
    uint32_t args, nargs;      /* into prog->pcopies */
    uint32_t rets, nrets;
} sim_call;

/* An instruction run by the general evaluator. */
typedef struct sim_gen {
    const ptx_insn *in;
    uint8_t bank[6];           /* PTX_BANK_* per slot */
    uint8_t neg[6];            /* a predicate source written !p */
    uint8_t dst[6];            /* the slot is written */
    uint8_t carry;             /* reads or writes the carry flag (program's carry_row) */
} sim_gen;

/* The barriers a conditional branch guards (BARRIER_CONDITIONAL). */
typedef struct sim_crit {
    uint32_t branch;           /* the branch op */
    uint32_t barrier;          /* a barrier op control-dependent on it */
} sim_crit;

/* A row after the registers: a constant, or a special register (per lane). */
typedef struct sim_extra {
    uint8_t is_sreg;
    uint64_t value;            /* the constant, or the ptx_sreg */
} sim_extra;

/* A shared variable of the kernel: where layout_shared put it, for naming
 * shared bytes in hazard messages. */
typedef struct sim_svar {
    const char *name;                   /* the module's (mangled) symbol name */
    uint32_t off, size;                 /* size SIM_NONE: dynamic (extern), to the end */
} sim_svar;

/* An X_DOTS run whose fmas are one running sum (lower.c's sim_fuse_dots:
 * a tile's dot product, `sum += As[ty][k] * Bs[k][tx]` unrolled): each
 * fma's c is the fma before's d (the first's a row no op of the run wrote
 * before it), and its a and b are rows that loads of the run wrote last,
 * one from each of two of the run's bases (named by their order of first
 * use among the loads), the same two for every fma. warp_access.c's
 * dots_one_sum keeps the sum in vector registers through the run, reads a
 * and b from shared memory where those loads read them, and then writes
 * each row the run writes as its last op there left it. */
enum { SIM_DOT_BASES = 8, SIM_DOT_OPS = 256 }; /* an X_DOTS run's most base rows and ops */
typedef struct sim_dotacc {
    uint16_t init;            /* the first fma's c */
    uint8_t k[2];             /* the bases of each fma's a and b */
    uint8_t nbase;
    uint16_t first[SIM_DOT_BASES]; /* the run's index of each base's first load */
    uint16_t nof[SIM_DOT_BASES];   /* each base's loads */
    int64_t lo[SIM_DOT_BASES], hi[SIM_DOT_BASES]; /* the least and the greatest offset of a base's loads,
                                                     all the same modulo 4 */
    uint32_t nload;
    uint16_t *load;           /* the run's index of each load, in order */
    uint8_t *kof;             /* per op of the run: a load's base */
    uint32_t nfma;
    int64_t *imm;             /* per fma: the offsets of the loads of its a and its b */
    uint16_t *out;            /* per fma: its d, where no later op of the run writes it; else SIM_NOSLOT */
    uint32_t nlast;
    uint16_t *last;           /* the run's index of each load that writes a row last in the run */
} sim_dotacc;

/* A compiled loop (loop.c): a loop of global loads, fma.rn.f32s and the
 * adds that step its addresses and counter, whose back-edge branch has its
 * index + 1 in imm. Its body's 64-bit (bank 0) and 32-bit (bank 1) adds
 * are followed as forms: a sum of atoms (the rows the body reads as they
 * were at an iteration's start) times whole numbers, plus a constant,
 * wrapping at the row's width. */
enum { SIM_LOOP_ATOMS = 16, SIM_LOOP_ROWS = 24, SIM_LOOP_LOADS = 16, SIM_LOOP_OPS = 64, SIM_LOOP_ROW = 255 };
typedef struct sim_loop_form {
    uint64_t c[SIM_LOOP_ATOMS];
    uint64_t imm;
} sim_loop_form;
typedef struct sim_loop_bank {
    uint8_t natom, nwrote;
    uint32_t uniform;                     /* atoms that must be the same in every lane */
    uint16_t atom[SIM_LOOP_ATOMS];        /* their rows */
    sim_loop_form delta[SIM_LOOP_ATOMS];  /* each row atom's change an iteration (0: not written), over
                                             the bank's atoms that the body does not write */
    uint16_t wrote[SIM_LOOP_ROWS];        /* the rows the body's adds write */
    sim_loop_form end[SIM_LOOP_ROWS];     /* and their values at the body's end */
} sim_loop_bank;
typedef struct sim_loop {
    uint32_t head, len;                   /* the body code[head .. head + len - 1], its back-edge last */
    uint32_t nload;
    sim_loop_form load[SIM_LOOP_LOADS];   /* the loads' addresses, in order */
    uint32_t nrun;
    uint8_t run[SIM_LOOP_OPS];            /* the loads and fmas, from head, in order */
    sim_loop_bank bank[2];
    sim_loop_form x, y;                   /* the compare's two sides */
    sim_loop_form wide[SIM_LOOP_ATOMS];   /* a 64-bit atom whose row is SIM_NOSLOT: this 32-bit form
                                             widened (mul.wide.u32 or .s32 by a constant) */
    uint32_t wide_signed;                 /* those widened as signed numbers */
    uint8_t zbank;                        /* their width's bank */
    uint8_t cmp;                          /* PTX_CMP_NE, _EQ (either width), _LT, _LE, _GT, _GE (32 bits) */
    bool cmp_unsigned;                    /* setp.*.u32 or .u64 */
    bool negated;                         /* the back-edge taken on the compare's negation */
    /* The fmas as one chain of sums (loop.c's chain_of), or nchain 0: fma
       i reads the row fma i - 1 wrote (the first, the row the last
       writes: acc), and each of its a and b is the value of a load of the
       iteration before it (src < SIM_LOOP_LOADS) or a 32-bit row the body
       does not write (SIM_LOOP_ROW, row). */
    uint8_t nchain;
    uint16_t acc;
    struct { uint8_t src[2]; uint16_t row[2]; } chain[SIM_LOOP_OPS / 2];
} sim_loop;

typedef struct sim_program {
    const ptx_module *mod;
    const ptx_function *kernel;
    sim_op *code;
    sim_src *src;
    uint32_t ncode;
    uint32_t nreg32, nreg64, nregp;     /* registers (zeroed per block); predicate
                                           slots 0 and 1 are true and false */
    uint32_t nrow32, nrow64, nrowp;     /* registers, constants and specials */
    sim_extra *extra32, *extra64;       /* rows nreg.. nrow: constants, specials */
    uint32_t static_shared, dyn_offset; /* bytes; dynamic shared starts at dyn_offset */
    uint32_t local_size;                /* per thread */
    uint32_t tparam_size;               /* per thread */
    uint64_t local_want, tparam_want;   /* what the module declares (past the limits: refused) */
    uint64_t shared_want;               /* static shared past SIM_MAX_SHARED (else 0) */
    uint32_t max_depth;                 /* call depth */
    sim_call *calls;
    uint32_t ncalls;
    sim_pcopy *pcopies;
    uint32_t npcopies;
    sim_gen *gens;
    uint32_t ngens;
    sim_crit *crits;                    /* sorted by barrier */
    uint32_t ncrits;
    uint32_t ncritbr;                   /* critical branches (aux2 - 1 indexes them) */
    bool has_block_sregs;               /* extra rows that differ per block (ctaid, smid) */
    bool grid_handle;                   /* reads %envreg1/2: cooperative groups' grid handle */
    bool dynamic_shared;                /* uses an extern (dynamic) shared array */
    bool has_bar_red;                   /* has bar.red (a barrier that writes registers) */
    uint32_t carry_row;                 /* the 32-bit row holding each lane's carry flag (CC.CF) */
    bool cross_block;                   /* may talk to other blocks (global atomics, fences,
                                           volatile or ordered global accesses): its blocks
                                           run one at a time, in index order */
    bool has_sync;                      /* a fence, a relaxed ld/st, or an acquire or release: the
                                           race check keeps the happens-before order (sync.c) */
    bool cta_atomics;                   /* an atomic of block scope on global or generic memory:
                                           crossread.c notes every global atomic */
    bool blocks_commute;                /* cross_block, but only through atomics that end the same
                                           in any block order (blockflow.c): order.c skips it */
    uint64_t stored_params;             /* the pointer parameters it may store through, bit p for
                                           parameter p (all: any of them; blockflow.c) */
    uint64_t loaded_params;             /* and load through */
    char **files;                       /* user file paths; [0] = "" */
    uint32_t nfiles;
    sim_svar *svars;                    /* in declaration order, the dynamic ones last */
    uint32_t nsvars;
    sim_tensor *tensors;                /* tensor-core instructions (tensor.c) */
    uint32_t ntensors;
    sim_dotacc *dotaccs;                /* X_DOTS runs of one sum: the first fma's aux2 - 1 */
    uint32_t ndotaccs;
    sim_loop *loops;                    /* compiled loops: their back-edge's imm - 1 */
    uint32_t nloops;
} sim_program;

/* The shared variable holding byte off (the dynamic one holds every byte
 * from its start), or NULL; its own name in name ("tile" for a kernel's
 * __shared__ float tile[...]). The last one, for bytes past the end. */
const sim_svar *sim_shared_var(const sim_program *p, uint64_t off, char *name, size_t size);
const sim_svar *sim_shared_last(const sim_program *p, char *name, size_t size);

cl_status sim_program_build(sim_machine *m, const ptx_module *mod, long entry, sim_program **out,
                            cl_error *err);
void sim_program_free(sim_program *p);
/* Barrier analysis (cfg.c): fills prog->crits and the branches' aux2. */
void sim_cfg_analyse(sim_program *p, uint32_t first, uint32_t count);

/* ---- device memory ---- */

/* What a watched region keeps (collide.c). */
enum { SIM_WATCH_LINES, SIM_WATCH_WORDS, SIM_WATCH_COPIES, SIM_WATCH_KINDS };

typedef struct sim_region {
    uint64_t base, size;
    uint8_t *host;
    char *label;
    bool scratch; /* a program's scratch buffer (sim_mark_scratch) */
    /* for launches that watch for blocks storing to one word (collide.c),
       kept from launch to launch: per 128-byte line, the launch's number
       and the block + 1 that stored into it with the words it stored, or
       "shared"; per 4-byte word of a shared line, the block that last
       stored it; the region as it was before the launch's first store
       into it, and that launch's number */
    _Atomic(_Atomic uint64_t *) lines;
    _Atomic(atomic_uint *) words;
    uint8_t *pre;
    bool pre_uniform;     /* the region was pre_word over and over: pre is not used */
    uint32_t pre_word;
    size_t cap[SIM_WATCH_KINDS]; /* the bytes of lines, words and pre, as allocated */
    atomic_uint watched;
    /* for launches that look for a block reading another block's plain
       store (crossread.c): per 4-byte word, the launch's number (8 bits),
       the block + 1 (32) and the op (24) of the last plain store; the last
       such launch */
    uint64_t *xr;
    struct sim_xnote *xt; /* beside xr: the last plain store and read within a block (crossread.c) */
    uint32_t xr_launch;
    uint32_t xt_off;      /* a launch (xr's number) whose kernel stores here and never loads: no xt */
} sim_region;

/* crossread.c's notes of a global word for races within a block: the last
 * plain store's and the latest plain read's clock, thread and warp-sync
 * count (the read's with a bit for another warp's read). */
typedef struct sim_xnote {
    uint64_t st, rd;
} sim_xnote;

typedef struct sim_memory {
    sim_region *v;          /* sorted by base */
    size_t n, cap;
} sim_memory;

/* The region holding [addr, addr + n), or NULL; *hint caches the last hit. */
const sim_region *sim_mem_find(const sim_memory *mem, uint64_t addr, uint64_t n, size_t *hint);
/* The region nearest to addr (for messages), or NULL. */
const sim_region *sim_mem_nearest(const sim_memory *mem, uint64_t addr);

/* Line and word tables and copies of freed regions kept for the next
 * (collide.c). */
#define SIM_WATCH_POOL 4

/* Large allocations freed that the machine keeps for the next (memory.c). */
#define SIM_SPARES 4

typedef struct sim_modvars {
    uint64_t module_id;
    uint64_t *addr;          /* per symbol index; 0 when not allocated */
    uint64_t bytes;          /* allocated for the module's variables */
    uint64_t next;           /* where its next variable goes, in its window */
} sim_modvars;

struct sim_machine {
    sim_options opt;
    bool cooperative;        /* launches are cooperative (sim_set_cooperative) */
    bool work_capped;        /* later launches' work is capped at work_cap (sim_set_work) */
    uint64_t work_cap;
    unsigned threads;
    unsigned watch_epoch;    /* the number of the last watched launch (collide.c) */
    uint32_t xr_launch;      /* the number (1 to 255) of the last launch that looked for cross-block reads (crossread.c) */
    uint32_t xt_clock, xt_gen; /* crossread.c's clock for races within a block, and its wraps */
    struct sim_watch_buf { void *p; size_t cap; } watch_pool[SIM_WATCH_KINDS][SIM_WATCH_POOL]; /* lines, words, copies */
    sim_memory mem;
    uint64_t mem_bytes;      /* device memory allocated */
    sim_modvars *mods;
    size_t nmods;
    const ptx_symbol *refused_var; /* a module variable past SIM_MAX_MODULE_VARS (launch.c) */
    uint64_t modvar_tail;    /* the next variable past the modules' windows (memory.c) */
    void *spare[SIM_SPARES]; /* the host memory of the last large allocations freed (memory.c) */
    size_t spare_bytes[SIM_SPARES];
    uint64_t spare_age[SIM_SPARES], spare_clock; /* when each was freed */
};

/* Device address of a module variable (allocated and initialised on first
 * use). */
cl_status sim_module_var(sim_machine *m, const ptx_module *mod, uint32_t sym, uint64_t *addr,
                         cl_error *err);

/* ---- hazards (one instance as found; folded per block, then per launch) ---- */

typedef struct sim_hz {
    uint8_t kind;
    uint8_t space;            /* memory hazards: ptx_space */
    uint8_t has_pic;
    uint32_t op, op2;         /* the ops (lines); op2 SIM_NONE when none */
    uint32_t line2;           /* a line given directly (exit lines), when op2 is none */
    uint32_t file2;
    unsigned warp;
    int lane, lane2;
    unsigned thread2;
    uint32_t mask;
    int source;
    uint64_t addr;
    uint32_t region;          /* index of the region missed, SIM_NONE */
    uint64_t space_size;      /* without a region: the size of the space missed */
    int64_t dist;
    unsigned size;
    sim_lane_pic pic[32];
    char detail[160];         /* extra words for the message */
} sim_hz;

typedef struct sim_hzrec {
    sim_hz first;             /* lowest warp, lane */
    uint64_t key[2];
    uint32_t warps;           /* bit per warp of the block */
    uint64_t instances;
    uint64_t folded;          /* an overflow record: distinct hazards folded into it */
} sim_hzrec;

/* Distinct hazards a block keeps, and a launch; past the cap, a new one is
 * folded into one overflow record of its kind (which says how many). */
#define SIM_BLOCK_HAZARDS 64u
#define SIM_LAUNCH_HAZARDS 256u

typedef struct sim_hzset {
    sim_hzrec *v;
    size_t n, cap;
    size_t distinct;          /* records that are not overflow records */
    uint32_t *slot;           /* open addressing on the key: index + 1, 0 empty */
    size_t nslot;             /* a power of two, at least twice the records */
} sim_hzset;

/* The record for key in s, or a new one (first = h) within the cap `max`,
 * or the overflow record of h's kind; *fresh says a record was made. */
sim_hzrec *sim_hzset_find(sim_hzset *s, const uint64_t key[2], const sim_hz *h, size_t max,
                          bool *fresh);
void sim_hzset_clear(sim_hzset *s);

/* ---- the block being run (one per host thread) ---- */

typedef struct sim_barrier {
    uint32_t arrived;         /* threads */
    uint32_t expected;        /* 0: every non-exited thread */
    uint32_t wait[32];        /* per warp: lanes waiting */
    uint32_t op;              /* the first arrival's op */
    uint32_t op_other;        /* an arrival at another op (SIM_NONE) */
    uint32_t red_popc;
    bool red_and, red_or;
    bool count_bad;
} sim_barrier;

typedef struct sim_warp {
    uint32_t *r32;
    uint64_t *r64;
    uint32_t *pred;
    uint32_t pc[32];
    uint32_t valid;           /* lanes that exist */
    uint32_t exited;
    uint32_t at_bar;          /* parked at a block barrier */
    uint32_t at_coll;         /* parked at a collective */
    uint32_t coll_mask[32];   /* the membermask each parked lane named */
    uint8_t depth[32];        /* call depth per lane */
    uint32_t *stack;          /* return pcs: [depth][32] */
    uint32_t wsync;           /* warp-level synchronisations so far */
    uint32_t sync_mask[32];   /* the lanes each of the last 32 named (sim_warp_synced) */
    uint32_t last_partial;    /* wsync after the latest one that named fewer than all */
    uint64_t steps;           /* warp instructions run */
    uint32_t minst;           /* memory instructions run (tells instances apart) */
    uint32_t run_skip;        /* a hoisted run's loads its first made: bit t, member t (SIM_RUN_MEMBER) */
    uint32_t clk;             /* happens-before clock: releases and fences so far + 1 (sync.c) */
    uint32_t acq_own;         /* the latest own-warp release an acquire of this warp saw */
    uint32_t spin_pc;         /* the warp's last strong or volatile load or atomic (SIM_NONE) */
    uint64_t spin_seen;       /* a digest of the lanes and values it found (sim_spin_note) */
    bool spin_rep;            /* and it was what the look before found there (a spin) */
    /* the last address per load (prefetch), kept from block to block: this
       warp slot in the next block the host thread runs moves the same stride */
    struct { uint32_t pc; uint64_t addr; } pf[16];
    unsigned id;
    bool rotate;              /* the last group ran long: give another a turn */
    bool tc_split;            /* a tensor-core instruction ran without the whole warp: its
                                 lanes have drifted apart, and the warp's later tensor-core
                                 instructions that lanes meet apart are its consequences
                                 (poisoned, not reported); whole again, the warp runs them */
    uint32_t rotate_pc;
    /* loop.c: a compiled loop's lanes that did not fit (their loads'
       pattern, their counters) are not looked at again for loop_wait
       back-edges of the loop whose back-edge is at loop_miss (a speed
       matter only: the interpreter runs what is not compiled) */
    uint32_t loop_miss, loop_wait;
} sim_warp;

/* Shadow of one 4-byte word of shared memory for the race and init checks
 * (shadow.c), 48 bytes (docs/architecture.md): nine 32-bit fields, three
 * thread ids, five bytes and one of padding. A plain write of the whole
 * word sets the first 32 bytes alone, in one store (shadow_word.h's
 * WRITE4_HEAD): the write's fields, with r_epoch cleared and r_mask,
 * r_multi and r_warps cleared too (nothing reads them while r_epoch is
 * not the block's epoch).
 * Entries are not cleared from
 * block to block: an epoch below the block's epoch_base is an earlier
 * block's. init_mask has no epoch of its own: it is the block's when w_epoch
 * >= epoch_base, since only a write (record_write) sets w_epoch, to the
 * current epoch, and the block's first write of the word (w_epoch still
 * below epoch_base) starts init_mask afresh; epochs only grow within a
 * block context, and the wrap-around clears the whole shadow (block.c). */
typedef struct sim_shadow {
    uint32_t w_epoch;         /* barrier epoch of the last write */
    uint32_t w_wsync;         /* the writing warp's sync count then */
    uint32_t w_step;          /* its memory-instruction count (same instruction) */
    uint32_t w_op;
    uint32_t r_epoch;         /* epoch of the reads recorded */
    uint16_t w_tid;           /* the writer */
    uint8_t w_mask;           /* bytes of the word written */
    uint8_t w_atomic;
    uint8_t init_mask;        /* bytes of the word the block has written (w_epoch >= epoch_base) */
    uint8_t r_mask;           /* bytes of the word read */
    uint8_t r_multi;          /* another thread of r_tid's warp read too: the first such
                                 one's lane plus one (0: none) */
    uint8_t pad;
    uint32_t r_warps;         /* warps that read in r_epoch */
    uint32_t r_wsync;         /* the warp sync count of r_tid's warp at its latest read */
    uint32_t r_op;
    uint32_t r_op2;           /* r_tid2's read */
    uint16_t r_tid;           /* the first reader in r_epoch */
    uint16_t r_tid2;          /* another reader: of another warp than r_tid's once one
                                 read, else of r_tid's warp; SIM_NO_TID when none */
} sim_shadow;
_Static_assert(sizeof(sim_shadow) == 48, "sim_shadow: 48 bytes a shared word (docs/architecture.md)");

/* A full warp's 4-byte shared reads whose shadow update is deferred
 * (shadow.c's read log): lane l read word word[l] (shared memory of up to
 * 256 KiB: a word's index in 16 bits); or, in a halves entry (a tile's
 * row or broadcast a half-warp), half-warp h's lane i read the word at
 * byte from[h] + i step[h], the offsets the loads made; or, in a dots
 * entry, a run's loads (warp_access.c's dots_one_sum), each as a halves
 * entry from its base's first lanes and steps. */
typedef struct sim_halves {
    uint32_t from[2], step[2];
} sim_halves;
enum { SIM_RLOG_WORDS, SIM_RLOG_HALVES, SIM_RLOG_DOTS, SIM_RLOG_DOT_BASES = 4 };
typedef struct sim_rlog {
    union {
        uint16_t word[32];
        sim_halves h;
        sim_halves run[SIM_RLOG_DOT_BASES]; /* each base's halves, by base number (a dots entry) */
    } at;
    uint32_t op, wsync;       /* the load, the warp's sync count then */
    uint16_t wid;             /* the warp */
    uint16_t halves;          /* SIM_RLOG_WORDS (at.word), SIM_RLOG_HALVES (at.h), or SIM_RLOG_DOTS: the
                                 loads of the X_DOTS run of one sum at op, in order, each from its
                                 base's halves (at.run) at its offset */
} sim_rlog;
enum { SIM_RLOG_CAP = 512 };   /* entries a block context keeps before it replays them */

typedef struct sim_printf_rec {
    sim_dim3 thread;
    uint32_t text;            /* offset into the block's text */
    uint32_t len;
} sim_printf_rec;

struct sim_run;

/* One warp's reads of a shared word since the word's last write, for the
 * race check in sync mode (shadow.c). Valid while the warp's bit is in the
 * word's r_warps and r_epoch is the block's epoch. */
typedef struct sim_sread {
    uint32_t clk;             /* the warp's clock at its latest read */
    uint32_t wsync;           /* its warp-sync count then; lanes are since then */
    uint32_t lanes;           /* lanes that read */
    uint32_t weak, vol;       /* those of them that read weakly, volatile */
    uint32_t seed;            /* those whose latest read was a CAS loop's first */
    uint32_t op;              /* the latest read */
} sim_sread;

/* A sync location: the clock vector of the releases to it (joined). */
typedef struct sim_sloc {
    uintptr_t key;            /* host address */
    uint32_t gen;             /* the slot is in use when gen is the block's */
    uint32_t idx;             /* into lvc, llanes */
} sim_sloc;

/* Happens-before state of a block (sync.c): vector clocks per thread with
 * one component per warp. */
typedef struct sim_sync {
    unsigned nw, nthreads;
    uint32_t *vc;             /* [thread][warp]: the clocks the thread is ordered after */
    uint32_t *pend;           /* [thread][warp]: releases seen by strong reads, for a later fence */
    uint32_t *fence_clk;      /* [thread]: its warp's clock at its last fence (0: none) */
    uint32_t *wclk;           /* [shared word]: the last writer's warp clock */
    uint8_t *wcls;            /* [shared word]: the last write's class (SIM_SY_*) */
    sim_sread *rd;            /* [shared word][warp] */
    sim_sloc *loc;            /* open addressing, nloc slots (a power of two) */
    uint32_t nloc, used, cap, gen;
    uint32_t *lvc;            /* [location][warp] */
    uint32_t *llanes;         /* [location][warp]: lanes that released to it */
    uint32_t *ovc, *olanes;   /* the locations past cap, all in one */
} sim_sync;

/* A block of a cooperative launch that waits for other blocks: its warp
 * spun twice at one load that read the same values and no other thread of
 * it can run (gridsync.c). */
typedef struct sim_park {
    bool parked;
    unsigned warp;
    uint32_t op;              /* the spinning load */
    uint64_t seen;            /* the hash of what it read */
    uint64_t addr;            /* the address of its first lane */
} sim_park;

/* A block's shared access as memo.c records it: the shadow entry point
 * (kind), the warp (0xff: none), its lanes m, op, the access's size, the
 * epoch, the warp's sync count and memory step (relative to the block's
 * start), its na arguments (32: the lanes' offsets), and what a deferring
 * entry point answered. */
enum { SIM_MEV_READ1, SIM_MEV_WRITE1, SIM_MEV_READS, SIM_MEV_READS_ONE, SIM_MEV_READS_RUN, SIM_MEV_WRITES,
       SIM_MEV_WRITES_RUN, SIM_MEV_DEFER_READS, SIM_MEV_DEFER_HALVES, SIM_MEV_SETTLE };
/* The most accesses a block's record keeps (about 600 KB, in the
 * second-level cache); a block with more is not recorded, and the context
 * stops recording as it does after parting. A tiled matmul's block (17,000
 * accesses at 1024^3) is one: its loads' log (shadow.c) costs less than
 * comparing them would. */
#define SIM_MEMO_MAX 4096u
typedef struct sim_mev {
    uint8_t kind, wid, n, na;
    uint8_t res;
    uint32_t m, op, epoch, wsync, minst;
    uint32_t a[32];
} sim_mev;

typedef struct sim_block {
    struct sim_run *L;
    const sim_program *prog;
    unsigned checks;          /* SIM_CHECK_* on */
    uint64_t index;           /* linear block index */
    sim_dim3 bid;
    unsigned nthreads, nwarps;
    sim_warp warps[32];
    uint32_t *r32;            /* all warps' rows */
    uint64_t *r64;
    uint32_t *pred;
    uint32_t *stacks;
    uint8_t *shared;
    uint32_t shared_size;
    uint32_t *bank_seen;      /* warp_access.c's bank count: a stamp a shared word (NULL until its first) */
    uint32_t bank_stamp;      /* its latest count's stamp */
    sim_shadow *shadow;
    /* Lines of shared memory (32 words, 128 bytes) whose entries are one
       full warp's plain write of the whole line, kept as that write's
       record of the line's first word alone (shadow_word.h's
       shadow_summarize): the 32 entries are made from it (sim_shadow_expand)
       before anything else reads or writes the shadow. */
    uint32_t (*wsum)[8];      /* a line's first entry's first 32 bytes, where its bit is set */
    uint64_t *wsum_on;        /* a bit a line */
    uint32_t nwsum;           /* the lines whose bit is set */
    uint32_t wsum_resume;     /* no line is summarized before this epoch: a summary met another access */
    sim_rlog *rlog;           /* reads not yet in the shadow (shadow.c), NULL when none are deferred */
    uint32_t rlog_n;
    uint32_t rlog_resume;     /* no reads are logged before this epoch: a log met another access (shadow.c) */
    uint64_t *clean;          /* a bit a word: the read log found it wholly written before
                                 this epoch, valid while clean_epoch is the epoch */
    uint32_t clean_epoch;     /* 0 (none) after any write of the shadow */
    bool all_clean;           /* every word of shared memory was, in clean_epoch */
    bool all_init;            /* every word of shared memory was wholly written by the block, as
                                 the read log found once (it stays so for the block) */
    uint32_t wrote_epoch;     /* the epoch of the block's latest write of the shadow (0: none) */
    bool memo_on;             /* memo.c keeps records on this context */
    bool rules_on;            /* rules.c takes shared accesses it can in this block */
    struct sim_rules *rules;  /* rules.c's state (NULL: none on this context) */
    uint8_t memo_mode;        /* memo.c: off, recording, or comparing with the reference */
    bool memo_dirty;          /* the block's record cannot be a reference */
    bool memo_worth;          /* comparing with the reference costs less than the shadow did */
    sim_mev *memo_ref, *memo_cur; /* the reference block's accesses; this block's */
    uint32_t memo_ref_n, memo_ref_cap, memo_cur_n, memo_cur_cap;
    uint32_t memo_pos;        /* the reference's accesses this block matched */
    uint32_t memo_fails;      /* blocks in a row that parted from the reference */
    uint32_t memo_minst0[32]; /* each warp's memory instructions at the block's start */
    sim_sync *sync;           /* happens-before state, when the program has sync ops (sync.c) */
    uint8_t *local;
    uint32_t *local_pages;    /* per thread and page: the epoch_base it was zeroed in */
    uint32_t npages;          /* pages of local memory a thread */
    uint8_t *tparam;
    sim_barrier bars[16];
    uint16_t bars_on;         /* the barriers some thread has arrived at */
    uint32_t epoch;           /* barrier epochs: they go on across the blocks a thread runs */
    uint32_t epoch_base;      /* the epoch this block started in: older shadow is stale */
    uint32_t xt_now, xt_epoch, xt_gen; /* crossread.c's clock value for the epoch xt_epoch (0: none yet) */
    uint32_t live;            /* threads not exited */
    uint32_t exit_op;         /* an exit's op (SIM_NONE) */
    uint32_t exit_line, exit_file; /* the line that led there */
    uint32_t *exit_branch;    /* per thread: line of the branch to an exit (0) */
    uint32_t *crit_epoch;     /* per critical branch */
    uint8_t *crit_dirs;       /* 1 taken, 2 not taken, 4 a warp's own lanes both ways, in crit_epoch */
    uint32_t *crit_warp;      /* a thread (of the block) that went each way: taken << 16 | not */
    uint32_t *crit_split;     /* the same, of the first warp whose lanes split (crit_dirs' 4) */
    sim_hzset hz;
    cl_str ptext;
    CL_VEC(sim_printf_rec) plines;
    size_t pdrop_lines, pdrop_bytes;  /* printf output over the caps */
    sim_counters cnt;
    uint64_t steps;
    size_t region_hint;       /* the global region the last lane access (or atomic) found */
    size_t warp_hint[16];     /* the one the last warp load (slots 0-7) or store (8-15) found at
                                 its pc's slot: a matmul's loads from A and B alternate */
    sim_status status;
    bool stop;
    bool aborted;             /* stopped because a block before it stopped the launch */
    bool out_of_work;         /* stopped at the launch's cap on work (block.c) */
    bool waited;              /* it waited to be the lowest block running (sim_wait_ahead) */
    bool fault;
    uint64_t next_check;      /* steps at which to look at the clock and the stop */
    uint64_t carried;         /* steps of earlier blocks on this context since the last look */
    uint64_t checked_at;      /* this block's steps at its last look (0: none) */
    bool yield;               /* the running warp waits on memory nobody changed: end its turn */
    uint64_t turn_start;      /* steps when the running warp's turn began */
    uint64_t group_start;     /* steps when the running group was (last) picked */
    uint64_t horizon;         /* steps from which the scheduler would not go on with the
                                 running warp at once: the end of its turn, the budget or
                                 the next check, whichever is first (set before each group) */
    bool extra_filled;        /* constant rows are in place (they never change) */
    uint32_t *block_rows;     /* the extra 32-bit rows that change from block to block */
    uint32_t nblock_rows;
    sim_park park;            /* a cooperative launch: where the block waits (gridsync.c) */
    struct sim_trace *trace;  /* the warp stepper's record when this block holds its warp
                                 (trace.c), else NULL */
    struct sim_async *as;     /* pending cp.async copies and mbarriers (async.c), NULL before the first */
    uint32_t async_n;         /* copies pending in the block: the shadow's entry points look when not 0 */
} sim_block;

/* Local memory starts zeroed for every block: each page of thread tid's
 * local memory that [off, off + n) touches is zeroed the first time the
 * block touches it (each such page costs one step of the budget). */
static inline void sim_local_touch(sim_block *b, unsigned tid, uint64_t off, unsigned n)
{
    uint32_t ls = b->prog->local_size;
    uint32_t *pe = b->local_pages + (size_t)tid * b->npages;
    for (uint64_t p = off / SIM_LOCAL_PAGE; p <= (off + n - 1) / SIM_LOCAL_PAGE && p < b->npages; p++) {
        if (pe[p] == b->epoch_base) continue;
        uint64_t at = p * SIM_LOCAL_PAGE, len = ls - at < SIM_LOCAL_PAGE ? ls - at : SIM_LOCAL_PAGE;
        memset(b->local + (size_t)tid * ls + at, 0, len);
        pe[p] = b->epoch_base;
        b->steps++;
    }
}

/* block.c */
#define SIM_GROUP_SLICE 4096u     /* ops a group runs before another gets a turn */
#define SIM_WARP_SLICE 65536u     /* ops a warp runs before the next warp's turn */
void sim_block_run(sim_block *b);
void sim_block_setup(sim_block *b, uint64_t index);
/* Lanes of w that can run now. */
static inline uint32_t sim_runnable(const sim_warp *w)
{
    return w->valid & ~w->exited & ~w->at_bar & ~w->at_coll;
}

/* exec.c: run the group `gmask` of w from pc until it stops (see exec.c). */
/* A warp-level synchronisation (bar.warp.sync, a *_sync collective, an
 * acquire of another lane's release) of the lanes m of w: it orders what
 * each of them did before it with what each does after it. */
static inline void sim_warp_synced(sim_warp *w, uint32_t m)
{
    w->wsync++;
    w->sync_mask[w->wsync & 31] = m;
    if ((m & w->valid) != w->valid) w->last_partial = w->wsync;
}

/* Did a synchronisation of w that named lanes a and b come after its
 * count was `since`? Exact for the last 32; one further back counts as
 * ordered (a race may go unseen, none is made up). */
static inline bool sim_warp_ordered(const sim_warp *w, uint32_t since, unsigned a, unsigned b)
{
    if (w->wsync <= since) return false;
    if (w->last_partial <= since || w->wsync - since > 32) return true;
    uint32_t both = 1u << (a & 31) | 1u << (b & 31);
    for (uint32_t k = since + 1; k != w->wsync + 1; k++)
        if ((w->sync_mask[k & 31] & both) == both) return true;
    return false;
}

/* block.c: a strong or volatile load, or an atomic with a result, of the
 * lanes m at pc has just run; the second in a row at pc that finds the same
 * values is a spin on memory nobody changed: b->yield ends the warp's turn. */
void sim_spin_note(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
void sim_run_group(sim_block *b, sim_warp *w, uint32_t gmask, uint32_t pc, uint32_t limit,
                   uint32_t slice);

/* The address one lane of a memory op names: its base register (32 or 64
 * bits, or none) plus the op's offset. warp_access.c's warp paths and
 * lane_access.c's lane path both take it from here. */
static inline uint64_t sim_lane_addr(const sim_warp *w, const sim_op *op, int l)
{
    uint64_t base = 0;
    if (op->s[4] != SIM_NOSLOT)
        base = (op->p[3] & SIM_MF_BASE32) ? w->r32[(size_t)op->s[4] * 32 + (unsigned)l]
                                          : w->r64[(size_t)op->s[4] * 32 + (unsigned)l];
    return base + (uint64_t)op->imm;
}

/* Where one lane's access lands (lane_access.c). */
typedef struct where {
    uint8_t *host;
    uint8_t space;     /* ptx_space */
    uint32_t soff;     /* shared offset, for the shadow */
} sim_where;

/* Map (space, addr) of lane `lane` to host memory, or record the fault. */
bool sim_mem_resolve(sim_block *b, sim_warp *w, int lane, uint32_t pc, unsigned ms, uint64_t addr,
                     unsigned n, bool write, sim_where *out);
/* Record a misaligned access; true when aligned. */
bool sim_mem_aligned(sim_block *b, sim_warp *w, int lane, uint32_t pc, unsigned ms, uint64_t addr,
                     unsigned total);
/* The distinct 32-byte sectors a warp's lanes m touch ([addr, addr + total)
 * each), as the counters count them: general, the general path alone
 * (warp_access.c; for tests of its shortcuts). */
uint64_t sim_sectors_of(const uint64_t *addr, uint32_t m, unsigned total, bool general);
/* A full warp's addresses from a base row (b64 or b32, or neither: imm
 * alone) as ld and st make them, their lowest and highest, *mis (every low
 * bit of any lane's address) and *contig; true when they are at one stride
 * (warp_access.c; for tests of its shortcuts). */
bool sim_full_warp_of(const uint64_t *b64, const uint32_t *b32, uint64_t imm, unsigned total, uint64_t *addr,
                      int64_t *lo, int64_t *hi, uint64_t *mis, bool *contig);
/* Whether a shared atom of the lanes m of w finds every lane's shared offset
 * at once (lane_access.c's shared_offsets), those offsets and whether they
 * are one: a test hook. */
bool sim_shared_offsets_of(const sim_block *b, const sim_warp *w, const sim_op *op, uint32_t m, uint32_t *soff,
                           bool *uniform);
/* Whether ld (store false) or st (true) op of the lanes m of w takes the
 * shared-run path (warp_access.c), and then the first lane's offset in *off:
 * a test hook. */
bool sim_shared_run_of(const sim_block *b, const sim_warp *w, const sim_op *op, uint32_t m, bool store,
                       uint32_t *off);
/* Whether ld op of the lanes m of w, all reading one word, takes the
 * one-word path (warp_access.c), and then the word's offset in *off: a test
 * hook. */
bool sim_shared_one_of(const sim_block *b, const sim_warp *w, const sim_op *op, uint32_t m, uint32_t *off);
/* The n (1 to 32) 32-bit elements at src copied to dst, as the run paths of
 * ld and st copy them (warp_access.c's copy_run): a test hook. */
void sim_copy_run(void *dst, const void *src, unsigned n);
/* The lanes of m of memory op pc mapped at once, as ld and st map them
 * (warp_access.c): true when every lane is aligned and in one global
 * allocation or in the block's shared memory, with each lane's host
 * pointer in host[] and, in shared memory (*shared), its offset in soff[],
 * and in *uniform whether every lane of m has the same address; false, with
 * nothing recorded, when the lanes need the lane-by-lane path. */
bool sim_map_lanes(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m, bool write, uintptr_t *host,
                   uint32_t *soff, bool *shared, bool *uniform);
/* tensor.c: a tensor-core instruction run by the lanes P of w, which met at
 * it (collective.c's rendezvous): the whole warp, at one pc, else a
 * hazard. */
void sim_tensor_run(sim_block *b, sim_warp *w, uint32_t P);

/* async.c: cp.async, its groups, mbarriers (X_ASYNC: p[0] the PTX_AS_ form,
 * p[1] cp-size or wait_group's N, p[2] SIM_AF_*; s[0] the address base
 * (imm its offset; cp.async's: aux, 32 bits), s[1] cp.async's source base
 * (imm its offset),
 * s[2] src-size, count or state, s[3] the state or predicate written). */
enum { SIM_AF_DST32 = 1, SIM_AF_SRC32 = 2, SIM_AF_PARITY = 4, SIM_AF_NOINC = 8, SIM_AF_GENERIC = 16,
       SIM_AF_IGNORE = 32 /* s[2] is cp.async's ignore-src predicate */ };
void sim_async_exec(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
void sim_async_reset(sim_block *b);
void sim_async_free(struct sim_async *a);
/* An access of shared memory by the lanes m of w at op, with a copy pending
 * somewhere (b->async_n): a RACE_ASYNC hazard for each lane that touches a
 * pending copy's bytes. Lane l's offset is soff[l], or off + step * (l - the
 * first lane of m) when soff is NULL. */
void sim_async_touch(sim_block *b, sim_warp *w, uint32_t m, const uint32_t *soff, uint32_t off, unsigned step,
                     unsigned n, uint32_t op, bool write);
/* A faulted load gives the poison value. */
void sim_mem_poison_lane(sim_warp *w, const sim_op *op, int l);
/* Element e of lane l's value of a store (X_ST, X_STS, X_STG): its low
 * p[1] bytes are what the store writes there. */
static inline uint64_t sim_store_value(const sim_warp *w, const sim_op *op, unsigned e, int l)
{
    return (op->p[3] & SIM_MF_DST64) ? w->r64[(size_t)op->s[e] * 32 + (unsigned)l]
                                     : w->r32[(size_t)op->s[e] * 32 + (unsigned)l];
}

/* warp_access.c: memory instructions for the lanes m of w at op. */
/* ld (X_LD, and X_LDS the short paths leave) and st (X_ST, and X_STS's). */
void sim_exec_ld(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
void sim_exec_ldparam(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
/* X_LDPARAMS: a run of ld.params from op, as many as fit in room; how many ran. */
uint32_t sim_exec_ldparams(sim_block *b, sim_warp *w, const sim_op *op, uint32_t m, uint32_t room);
void sim_exec_st(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
/* X_LDS and X_STS (lanes m, never none): the shared-run path (X_LDS: or the
 * one-word path), else sim_exec_ld's or sim_exec_st's. */
void sim_exec_lds(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
void sim_exec_sts(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
/* A full warp's run of X_STSs or X_LDSs from one base at pc (SIM_RUN_AUX),
 * with room ops before the group's limit: the ops run (the whole run, the
 * counts of all but the first made), or 0, with nothing done, where the
 * run cannot be taken whole (the first then runs alone). */
uint32_t sim_exec_sts_run(sim_block *b, sim_warp *w, uint32_t pc, uint32_t room);
uint32_t sim_exec_lds_run(sim_block *b, sim_warp *w, uint32_t pc, uint32_t room);
/* A full warp's SIM_RMW_AUX load at pc, its add and its store, with room
 * ops before the group's limit: 3, the counts of the add and the store
 * made; or 0, with nothing done (the load then runs alone). */
uint32_t sim_exec_rmw(sim_block *b, sim_warp *w, uint32_t pc, uint32_t room);
/* X_LDS1 (lanes m, never none): one word at a fixed shared address. */
void sim_exec_lds1(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
/* X_LDS by a full warp on neither a run nor one word: the column path (one
 * stride of whole words), else sim_exec_ld's. */
void sim_exec_lds_col(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
/* X_LDS by a full warp whose words all lie aligned in shared memory (a
 * tile's row read by half-warps, a half-warp's broadcast): the words path
 * (the shadow's reads, a gather, the bank count), else the general one. */
void sim_exec_lds_words(sim_block *b, sim_warp *w, uint32_t pc);
/* The first bytes of a load's halves at offset imm from its base's halves
 * f: added as 64-bit numbers and taken as 32 bits, as the general path adds
 * a lane's base and offset (an X_DOTS run's loads, their log entries). */
static inline void sim_halves_at(const uint32_t *f, int64_t imm, uint32_t *o)
{
    for (int h = 0; h < 2; h++) o[h] = (uint32_t)((uint64_t)f[h] + (uint64_t)imm);
}

/* The first fma of the X_DOTS run at op: its aux is the run's length, its
 * aux2 the index + 1 of the run's sim_dotacc (0: none). */
static inline const sim_op *sim_dots_fma(const sim_op *op)
{
    uint32_t f = 1;
    while (op[f].x != X_FFMA) f++;
    return &op[f];
}

/* The sim_dotacc of the X_DOTS run whose first fma is f, or NULL. */
static inline const sim_dotacc *sim_dotacc_of(const sim_program *p, const sim_op *f)
{
    return f->aux2 ? &p->dotaccs[f->aux2 - 1] : NULL;
}

/* X_DOTS by a full warp: the run's ops (their count), or 0 with nothing
 * done where the first load must run alone as X_LDS. */
uint32_t sim_exec_dots(sim_block *b, sim_warp *w, uint32_t pc, uint32_t room);
/* loop.c: the compiled loop whose back-edge bra the full warp w just took
 * (bra->imm nonzero), for at most `most` iterations (those that end inside
 * the warp's turn): the iterations run (their ops are the caller's to
 * count), all but the loop's last, or 0 with nothing done where the
 * interpreter must run them. */
uint64_t sim_exec_loop(sim_block *b, sim_warp *w, const sim_op *bra, uint64_t most);
/* X_LDG and X_STG by a full warp: a row or a column of 32-bit words in one
 * region (the global short path), else sim_exec_ld's or sim_exec_st's. */
void sim_exec_ldg(sim_block *b, sim_warp *w, uint32_t pc);
void sim_exec_stg(sim_block *b, sim_warp *w, uint32_t pc);
void sim_exec_atom(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
/* Generic read of n bytes at a generic address for the thread `tid` (printf);
 * false when it is not mapped. */
bool sim_read_generic(sim_block *b, unsigned tid, uint64_t addr, void *dst, size_t n);
/* call.c: the expression text of the failed assert() at pc (a trap lowered from __assertfail). */
void sim_assert_text(sim_block *b, unsigned tid, uint32_t pc, char *out, size_t n);

/* collective.c */
/* The lanes m of w arrive at the collective at pc: run it now if every lane
 * it waits for is here, else park them. */
void sim_coll_arrive(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
/* The lanes m, all of w's runnable lanes and all at the collective at pc,
 * run it now when it cannot park them or report a hazard (the converged
 * shuffle, vote or warp barrier): true when done (their pcs are not moved),
 * false with nothing changed. */
bool sim_coll_fast(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
/* Complete the rendezvous that can complete among parked lanes; true if any. */
bool sim_coll_resolve(sim_block *b, sim_warp *w);
/* Report the lanes still parked at collectives of w as deadlocked. */
void sim_coll_deadlock(sim_block *b, sim_warp *w);

/* barrier.c */
void sim_bar_arrive(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
/* Release the barriers whose threads are all here; true if any. */
bool sim_bar_check(sim_block *b);
void sim_bar_deadlock(sim_block *b);
void sim_bar_branch(sim_block *b, sim_warp *w, const sim_op *op, uint32_t taken, uint32_t not_taken);
/* Threads m of w exited at pc. */
void sim_lanes_exit(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);

/* call.c */
/* Returns the mask of lanes still running in the group after the call. */
void sim_exec_call(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
/* Lanes m return; writes their pcs (or exits them at depth 0). */
void sim_exec_ret(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
void sim_exec_vprintf(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);

/* alu.c: one lane of any ALU instruction: v[] holds the operands by slot
 * (predicates as 0/1); writes the destination slots; returns SIM_ALU_* flags. */
enum { SIM_ALU_DIV0 = 1 };
unsigned sim_alu_eval(const ptx_insn *in, uint64_t v[6]);
/* alu_float.c: the float, half and cvt instructions of sim_alu_eval. */
unsigned sim_alu_float(const ptx_insn *in, uint64_t v[6]);
unsigned sim_alu_cvt(const ptx_insn *in, uint64_t v[6]);
/* A float comparison (PTX_CMP_*), ordered or not. */
bool sim_fcmp(unsigned cmp, double a, double b);
/* A float register's value of type t as a double (f32 flushed with ftz). */
double sim_to_double(ptx_type t, uint64_t v, bool ftz);
void sim_exec_generic(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);

/* fp.c: conversions and rounding. */
float sim_f16_to_f32(uint16_t h);
uint16_t sim_f32_to_bf16(float f, int rnd);
float sim_bf16_to_f32(uint16_t h);
uint16_t sim_f64_to_f16(double d, int rnd);
/* fp8.c: to e4m3 (or e5m2) rounded to nearest even, .satfinite; and back. */
uint8_t sim_to_fp8(double x, bool e5m2, bool relu);
uint16_t sim_fp8_to_f16(uint8_t b, bool e5m2, bool relu);

static inline float sim_u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint32_t sim_f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline double sim_u2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static inline uint64_t sim_d2u(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

/* An f32 result as the GPU writes it: a NaN as the canonical NaN. */
static inline uint32_t sim_canon32(float r)
{
    return r != r ? SIM_CANON_NAN32 : sim_f2u(r);
}

/* The distinct 32-byte sectors of a warp's 4-byte loads in two halves of
 * 16 lanes, from a0 and a1 at steps d0 and d1 (4 or 0). */
static inline uint64_t sim_halves_sectors(uint64_t a0, uint64_t a1, uint64_t d0, uint64_t d1)
{
    uint64_t s0 = a0 >> 5, e0 = (a0 + 15 * d0) >> 5, t0 = a1 >> 5, t1 = (a1 + 15 * d1) >> 5;
    if (t0 + 1 < e0) { /* out of order: the set's count */
        uint64_t lo = s0 > t0 ? s0 : t0, hi = e0 < t1 ? e0 : t1;
        return (e0 - s0 + 1) + (t1 - t0 + 1) - (hi >= lo ? hi - lo + 1 : 0);
    }
    uint64_t from = t0 > e0 ? t0 : e0 + 1;
    return (e0 - s0 + 1) + (t1 >= from ? t1 - from + 1 : 0);
}

/* The 32-byte sectors of a warp's 4-byte loads at one stride d from a0
 * (sim_exec_ldg's column path): a stride below a sector going up steps at
 * most one sector a lane, so the span's sectors; 32 for a column. */
static inline uint64_t sim_col_sectors(uint64_t a0, int64_t d)
{
    return d > 0 && d < 32 ? ((a0 + 31 * (uint64_t)d) >> 5) - (a0 >> 5) + 1 : 32;
}

/* One half-warp's 16 words from host pointer src (d 4) or one word there
 * for all of them (d 0), as two 32-byte stores: an op's 32-byte loads of
 * the row then take them from the stores (16-byte or 4-byte ones would
 * make each such load wait for them to reach the cache). */
typedef uint32_t sim_v8w __attribute__((vector_size(32), aligned(4)));
static inline __attribute__((always_inline)) void sim_half_words(uint32_t *row, const void *src, uint64_t d)
{
    sim_v8w x, y;
    if (d) {
        memcpy(&x, src, 32);
        memcpy(&y, (const char *)src + 32, 32);
    } else {
        uint32_t v;
        memcpy(&v, src, 4);
        x = y = (sim_v8w){ v, v, v, v, v, v, v, v };
    }
    memcpy(row, &x, 32);
    memcpy(row + 8, &y, 32);
}

/* The counts of n ops run for the lanes m outside the hot loop's own
 * count (a fused run's ops after its first): the warp's and the block's
 * steps, warp and lane instructions. */
static inline void sim_ops_counted(sim_block *b, sim_warp *w, uint32_t n, uint32_t m)
{
    w->steps += n;
    b->steps += n;
    b->cnt.warp_instructions += n;
    b->cnt.lane_instructions += (uint64_t)n * (uint32_t)__builtin_popcount(m);
}

/* Whether a full warp's X_LDS with these 32-bit bases is one row of 32
 * words or one word for all lanes: the hot loop sends it to sim_exec_lds
 * (the run and one-word paths), else to the halves and words paths. */
static inline bool sim_lds_whole(const uint32_t *base)
{
    uint32_t d = base[1] - base[0];
    return d == 4 ? base[31] - base[0] == 124 : !d && base[31] == base[0];
}

/* An f64 result r as the GPU writes it: if r is a NaN, the first NaN among
 * the operands n1, n2, n3 (in the precedence the GPU gives them; repeat one
 * for fewer operands), quieted, else the default NaN. */
static inline uint64_t sim_nan64(double r, double n1, double n2, double n3)
{
    if (r == r) return sim_d2u(r);
    if (n1 != n1) return sim_d2u(n1) | SIM_QUIET64;
    if (n2 != n2) return sim_d2u(n2) | SIM_QUIET64;
    if (n3 != n3) return sim_d2u(n3) | SIM_QUIET64;
    return SIM_DEFAULT_NAN64;
}

/* float to s32, truncated, saturated, NaN to 0 (cvt.rzi.s32.f32) */
static inline uint32_t sim_f2i_rz(float a)
{
    if (a != a) return 0;
    if (a >= 2147483648.0f) return 0x7fffffffu;
    if (a <= -2147483648.0f) return 0x80000000u;
    return (uint32_t)(int32_t)a;
}

/* popc of a 32-bit word as plain arithmetic (SWAR: bit pairs, nibbles,
 * bytes, then the bytes' sum by shifts), so a loop over lanes is vector
 * code; __builtin_popcount is a call to libgcc's __popcountdi2 in the
 * default clone and a scalar popcnt a lane in the x86-64-v3 one. The bytes
 * are summed by shifts, not the usual multiply by 0x01010101 and >> 24:
 * gcc 12 knows that form as a popcount and makes it popcnt again. */
static inline uint32_t sim_popc32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    x += x >> 8;
    x += x >> 16;
    return x & 0x3fu;
}

/* 32 flags of 0 or 1 to a lane mask, 8 at a time: byte i of x (0 or 1)
 * lands in bit i of the product's top byte (lets flag loops be vector code). */
static inline __attribute__((always_inline)) uint32_t sim_pack_flags(const uint8_t *f)
{
    uint32_t r = 0;
    for (int k = 0; k < 4; k++) {
        uint64_t x;
        memcpy(&x, f + 8 * k, 8);
        r |= (uint32_t)((x * 0x0102040810204080ull) >> 56) << (8 * k);
    }
    return r;
}

/* hazard.c */
/* Record one instance (folded into the block's set). */
void sim_hz_add(sim_block *b, const sim_hz *h);
sim_hz sim_hz_make(cl_hazard_kind kind, uint32_t op, unsigned warp, int lane);
void sim_hzset_free(sim_hzset *s);
/* The user's line of an op (0 when unknown). */
uint32_t sim_op_line(const sim_program *p, uint32_t op);
/* "line 21" or "line 21 of other.cu" words, relative to the op's file. */

/* shadow.c: shared-memory checks for thread tid of w accessing [off, off+n).
 * A write's atomic: 0 for a plain write, else the lanes of the warp that run
 * the atomic (shadow.c's reads_race counts reads before it by how many). */
void sim_shadow_read(sim_block *b, sim_warp *w, int lane, uint32_t off, unsigned n, uint32_t op);
void sim_shadow_write(sim_block *b, sim_warp *w, int lane, uint32_t off, unsigned n, uint32_t op,
                      uint32_t atomic);
/* The same for the lanes m of a warp's access (soff[l] per lane; SIM_NONE
 * for lanes outside shared memory). */
void sim_shadow_reads(sim_block *b, sim_warp *w, uint32_t m, const uint32_t *soff, unsigned n, uint32_t op);
void sim_shadow_writes(sim_block *b, sim_warp *w, uint32_t m, const uint32_t *soff, unsigned n, uint32_t op);
/* The same for lanes m that all read the n bytes at off (a broadcast). */
void sim_shadow_reads_one(sim_block *b, sim_warp *w, uint32_t m, uint32_t off, unsigned n, uint32_t op);
/* The same for 4-byte accesses by a run of lanes m on consecutive words, the
 * first lane's at off (plain mode only: the caller checks b->sync). */
void sim_shadow_reads_run(sim_block *b, sim_warp *w, uint32_t m, uint32_t off, uint32_t op);
void sim_shadow_writes_run(sim_block *b, sim_warp *w, uint32_t m, uint32_t off, uint32_t op);
/* The shadow's record of atomics by the lanes m, as sim_shadow_write(...,
 * true) of each lane in order. */
void sim_shadow_atomics(sim_block *b, sim_warp *w, uint32_t m, const uint32_t *soff, unsigned n, uint32_t op);
/* The read log: a full warp's 4-byte reads (plain mode) of words the block
 * wholly wrote before this epoch can report nothing, and their reader
 * records matter only to a later access of this epoch; they are logged
 * (true) and put into the shadow, in order, only before the next other
 * access of the shadow or warp sync (sim_shadow_settle), or dropped at the
 * barrier that ends the epoch. False, with nothing done, for any other
 * reads (the caller takes sim_shadow_reads). Every lane's word must lie
 * aligned inside shared memory (the callers' short paths found it). */
bool sim_shadow_defer_reads(sim_block *b, sim_warp *w, const uint32_t *soff, uint32_t op);
/* The same for half-warps that each read 16 words from byte from[h] by
 * step[h] bytes (as 32-bit numbers: 0, one word; 4, a run; a column's
 * stride, either way), every word aligned inside shared memory: logged in
 * that form, without the 32 offsets (a warp's run of 32 words is two
 * halves 64 bytes apart, its broadcast two halves on one word, its column
 * two halves 16 strides apart). */
bool sim_shadow_defer_halves(sim_block *b, sim_warp *w, const uint32_t *from, const uint32_t *step, uint32_t op);
/* The read log opened for this epoch where it is not yet, as the epoch's
 * first deferred read opens it (what shadow_log_room then finds): for a
 * caller that would log a run as one entry where the log is open, and
 * whose first read would open it anyway. */
void sim_shadow_log_open(sim_block *b);
void sim_shadow_replay(sim_block *b);
/* The 32 offsets of half-warps that each read 16 words from byte from[h]
 * by step[h] bytes (a halves log entry, a halves load): lane i of half h
 * at from[h] + i step[h]. */
static inline __attribute__((always_inline)) void sim_halves_offsets(const uint32_t *from, const uint32_t *step,
                                                                     uint32_t *soff)
{
    for (int l = 0; l < 16; l++) {
        soff[l] = from[0] + (uint32_t)l * step[0];
        soff[16 + l] = from[1] + (uint32_t)l * step[1];
    }
}
/* memo.c: the shadow once per shape of block. sim_memo_access, for a
 * shadow entry point while b->memo_mode: -1 when the entry point runs (it
 * is recorded), else it is skipped, answering what the reference's did
 * (0 or 1). sim_memo_result records a deferring entry point's answer;
 * sim_memo_stop hands the rest of the block to the shadow (an atomic). */
void sim_memo_init(sim_block *b);
void sim_memo_block_start(sim_block *b);
int sim_memo_access(sim_block *b, sim_warp *w, unsigned kind, uint32_t m, const uint32_t *a, unsigned na,
                    unsigned n, uint32_t op);
void sim_memo_result(sim_block *b, bool res);
void sim_memo_stop(sim_block *b);
void sim_memo_free(sim_block *b);
/* The recorded accesses v[0 .. n) into the shadow, as their entry points
 * took them, each with its warp's sync count and memory step of then (the
 * warps' counts put back after); none may report anything (asserted).
 * `relative`: counts and epochs from the block's start, as a reference
 * keeps them (the replay walks the epochs, a barrier between two dropping
 * the read log as it did); else the counts as they were, all in the
 * current epoch (rules.c's log). */
void sim_memo_replay(sim_block *b, const sim_mev *v, uint32_t n, bool relative);

/* rules.c: shared accesses taken a warp access at a time by the rule that
 * keeps each thread to its own words in an epoch, in the shadow's place.
 * sim_rules_take, at a shadow entry point (memo.c's kinds and arguments):
 * true when taken; false when the shadow takes it (the rules stopped first
 * where it touches their words). sim_rules_stop hands the block's rest to
 * the shadow (an atomic). */
void sim_rules_init(sim_block *b);
void sim_rules_block_start(sim_block *b, bool on);
void sim_rules_free(sim_block *b);
bool sim_rules_access(sim_block *b, sim_warp *w, unsigned kind, uint32_t m, const uint32_t *a, unsigned n,
                      uint32_t op);
void sim_rules_stop(sim_block *b);
/* sim_rules_access for a run of count full-warp accesses of one warp from
 * one base (warp_access.c's runs; kind SIM_MEV_WRITES, WRITES_RUN or
 * DEFER_HALVES): access k is access 0's arguments a moved delta[k] bytes,
 * its op op[k], made after the warp's memory count steps by one. Returns
 * how many, from the first, the rules took, as sim_rules_access would
 * have taken each (0 where the rules are off); the rest are the shadow
 * entry points'. */
uint32_t sim_rules_run(sim_block *b, sim_warp *w, unsigned kind, const uint32_t *a, unsigned n, const uint32_t *delta,
                       uint32_t count, const uint32_t *op);
/* sim_rules_access for a counter's increment by a full warp (warp_access.c's
 * sim_exec_rmw): the reads of n bytes at each lane's off (its op op, made
 * after the warp's memory count steps by one) and the writes of the same
 * bytes (op + 2, after another step): true when the rules took both, as
 * sim_rules_access would have taken each; false, with nothing done, when
 * they take neither (then both are the shadow entry points'). */
bool sim_rules_rmw(sim_block *b, sim_warp *w, const uint32_t *off, unsigned n, uint32_t op);
static inline bool sim_rules_take(sim_block *b, sim_warp *w, unsigned kind, uint32_t m, const uint32_t *a,
                                  unsigned n, uint32_t op)
{
    return b->rules_on && sim_rules_access(b, w, kind, m, a, n, op);
}
/* A warp sync's settling of the read log (collective.c), recorded. */
static inline void sim_shadow_sync_settle(sim_block *b)
{
    if (b->memo_mode && sim_memo_access(b, NULL, SIM_MEV_SETTLE, 0, NULL, 0, 0, 0) >= 0) return;
    if (b->rlog_n) sim_shadow_replay(b);
}
/* The summarized lines' entries made (b->wsum), before a read or write of
 * the shadow's entries that is not shadow_summarize's. */
void sim_shadow_expand(sim_block *b);
static inline void sim_shadow_expand_all(sim_block *b)
{
    if (b->nwsum) sim_shadow_expand(b);
}
/* Word w's entry's w_epoch and init_mask, a summarized line's too (as
 * its entry will be made). */
static inline void sim_shadow_written(const sim_block *b, uint32_t w, uint32_t *epoch, uint8_t *init)
{
    if (b->nwsum && (b->wsum_on[w / 2048] >> (w / 32 % 64) & 1u)) {
        *epoch = b->wsum[w / 32][0];
        *init = 0xf;
        return;
    }
    *epoch = b->shadow[w].w_epoch;
    *init = b->shadow[w].init_mask;
}
static inline void sim_shadow_settle(sim_block *b)
{
    if (b->rlog_n) sim_shadow_replay(b);
    sim_shadow_expand_all(b);
}
/* The log replayed before a write of the shadow, which also ends the log's
 * memo of words found clean this epoch; its entries still as they are. */
static inline void sim_shadow_settle_write_summary(sim_block *b)
{
    if (b->rlog_n) sim_shadow_replay(b);
    b->clean_epoch = 0;
    b->wrote_epoch = b->epoch;
}
/* The same with every entry made. */
static inline void sim_shadow_settle_write(sim_block *b)
{
    sim_shadow_settle_write_summary(b);
    sim_shadow_expand_all(b);
}

/* sync.c: the happens-before order that release/acquire operations and
 * fences create within a block (only for programs with has_sync). */
sim_sync *sim_sync_new(unsigned nthreads, unsigned nwarps, uint32_t shared_size);
void sim_sync_free(sim_sync *s);
void sim_sync_reset(sim_sync *s);
/* One lane's strong (aux2 flags) access to host memory p: acquire or
 * release through the location's clock vector. */
void sim_sync_access(sim_block *b, sim_warp *w, int lane, const void *p, unsigned flags, bool write, bool rmw);
/* The end of a memory instruction or fence of w with flags: the warp's clock moves on after a release. */
void sim_sync_step(sim_block *b, sim_warp *w, unsigned flags);
/* fence / membar by the lanes m. */
void sim_sync_fence(sim_block *b, sim_warp *w, uint32_t m);
/* A warp-level synchronisation of the lanes m: they share what they acquired. */
void sim_sync_warp(sim_block *b, sim_warp *w, uint32_t m);
/* Is the access of thread tid ordered after an access of warp `warp` at clock clk? */
bool sim_sync_covers(const sim_block *b, unsigned tid, unsigned warp, uint32_t clk);

/* printf.c: format a printf call: fmt and args are read through rd. */
typedef bool (*sim_reader)(void *ctx, uint64_t addr, void *dst, size_t n);
int sim_format_printf(cl_str *out, uint64_t fmt, uint64_t args, sim_reader rd, void *ctx);

/* zero.c: the register rows a block must zero before it runs (those a
 * lane may read before it writes them), as runs of rows. */
typedef struct sim_zrun {
    uint32_t start, count;
} sim_zrun;

typedef struct sim_zero {
    sim_zrun *r32, *r64;
    uint32_t n32, n64;
} sim_zero;

void sim_zero_plan(const sim_program *p, sim_zero *z);
/* Gives registers whose lives never overlap one row (see zero.c). */
void sim_pack_registers(sim_program *p);
/* The bank of each operand slot of op as zero.c sees it: 0 none (or a
 * predicate), 1 the 32-bit rows, 2 the 64-bit ones, 3 either. */
void sim_op_banks(const sim_op *op, uint8_t bank[6]);
void sim_zero_free(sim_zero *z);

/* ---- the launch ---- */

typedef struct sim_block_result {
    uint64_t index;
    sim_hzset hz;
    char *ptext;
    sim_printf_rec *plines;
    size_t nplines;
    size_t pdrop_lines, pdrop_bytes;
    sim_status status;
    bool out_of_work;        /* it stopped at the launch's cap on work (sim_set_work) */
} sim_block_result;

typedef struct sim_run {
    sim_machine *m;
    const sim_program *prog;
    sim_zero zero;                   /* the registers each block zeroes */
    sim_dim3 grid, block;
    unsigned dyn_shared;
    const uint8_t *params;
    size_t param_size;
    uint64_t nblocks;
    unsigned checks;
    uint64_t allowance;              /* past it a completed block draws OVER_ALLOWANCE (0: none) */
    uint64_t budget;
    size_t printf_bytes;             /* caps on printf output */
    size_t printf_lines;
    atomic_uint_fast64_t next;       /* next block to run */
    atomic_uint_fast64_t stop_at;    /* blocks above this are not run (trap, budget) */
    sim_block_result **results;      /* the blocks that had something to say, */
    size_t nresults, cap_results;    /* sorted by index once the blocks are done */
    pthread_mutex_t lock;            /* guards results */
    struct worker *workers;          /* launch.c's */
    unsigned nworkers;
    uint64_t deadline_ns;            /* time cap, process CPU ns (0: none) */
    bool work_capped;                /* the blocks' work is capped at work_cap (sim_set_work) */
    uint64_t work_cap;
    atomic_uint_fast64_t work_below; /* the work of blocks counted in the launch's counters so
                                        far: all below any block still running (launch.c) */
    uint64_t ahead_steps;            /* past these steps a block with a block below it still
                                        running waits until none is (0: never; launch.c) */
    pthread_mutex_t ahead_lock;      /* with ahead_cond: the blocks that wait so */
    pthread_cond_t ahead_cond;
    atomic_uint ahead_waiting;
    atomic_bool timed_out;           /* a block stopped at the time cap */
    atomic_uint_fast64_t worker_ns;  /* CPU time of the workers besides the caller */
    bool watch;                      /* blocks on several threads: watch their global stores */
    unsigned epoch;                  /* the watched launch's number, from 1 */
    atomic_bool collided;            /* two blocks stored to one word: run again in index order */
    pthread_mutex_t watch_lock;      /* guards a region's first store (collide.c) */
    uint32_t xr;                     /* blocks one at a time, plain and unordered: this launch's
                                        number for crossread.c, else 0 */
    struct sim_order *order;         /* blocks one at a time: the other orders' state (order.c), or NULL */
    bool reference;                  /* sim_options.reference: the general paths only */
    uint64_t grid_ws;                /* a cooperative launch: its grid workspace (gridsync.c), else 0 */
    struct sim_trace *trace;         /* the armed trace this launch took (trace.c), or NULL */
} sim_run;

/* trace.c: the warp stepper's hooks (sim/trace.h). take: the armed trace,
 * when it names the launch's kernel (the launch then runs in the reference
 * mode); for_block: it, when block b holds its warp (the record starts
 * afresh); begin: a new step for the collective the lanes P of w run now
 * (their masks and values), NULL when w is not the traced warp or the cap
 * is reached; end: what they got (before their pcs move on); barrier:
 * barrier id releasing the traced warp's waiting lanes; deadlock: where w's
 * parked lanes wait forever; block_end: the traced warp's instructions so
 * far, as sim_block_run leaves the block (done, or parked at a grid sync). */
struct sim_trace *sim_trace_take(sim_run *L, const ptx_module *mod, long entry);
struct sim_trace *sim_trace_for_block(const sim_run *L, const sim_block *b);
struct sim_trace_step *sim_trace_begin(sim_block *b, const sim_warp *w, uint32_t P);
void sim_trace_end(sim_block *b, const sim_warp *w, uint32_t P, struct sim_trace_step *s);
void sim_trace_barrier(sim_block *b, unsigned id);
void sim_trace_deadlock(sim_block *b, const sim_warp *w);
void sim_trace_block_end(const sim_block *b);
/* The record as it is: a later run of the block (another order, order.c)
 * leaves it alone. */
void sim_trace_keep(struct sim_trace *t);

/* advice.c: the line h carries saying what to change, from f and h's kind
 * and lines (set before it). */
void sim_hazard_advice(const sim_run *L, const sim_hz *f, sim_hazard *h);

/* Blocks that store to one word (collide.c). A launch whose blocks run on
 * several threads notes, for every global store, which block stored each
 * word; two blocks on one word set L->collided, and the launch runs again,
 * from the memory as it was, one block at a time in index order. host: the
 * lanes' host addresses; hint: their region when the caller knows it
 * (NULL: found per lane); contig: lanes 0..31 on consecutive elements. */
void sim_watch_store(sim_block *b, const uintptr_t *host, uint32_t lanes, unsigned total,
                     const sim_region *hint, bool contig);
/* Before a watched launch: its number. */
void sim_watch_begin(sim_run *L);
/* After it: put back what it stored (restore). */
void sim_watch_end(sim_run *L, bool restore);
/* A region freed: its watch's memory goes to m's pool (or is freed). */
void sim_watch_forget(sim_machine *m, sim_region *r);
/* The pool freed (sim_free). */
void sim_watch_free_pool(sim_machine *m);

/* sim_blocks_in_order, and whether the blocks that run in order meet only
 * through atomics that commute, so any block order ends the same (commute,
 * when not NULL), and the parameters the kernel may store and load through
 * (stored, loaded, when not NULL: bit p for parameter p, all ones where it
 * cannot tell). */
bool sim_blocks_flow(const ptx_module *mod, long entry, bool *commute, uint64_t *stored, uint64_t *loaded);

/* A block that reads a global word another block of the launch stored with
 * a plain store, or that a thread of another warp of its own block stored
 * in the same barrier epoch (crossread.c): for a launch whose blocks run one
 * at a time in index order, in a program with no fence and no release or
 * acquire (nothing that could order two blocks), a RACE_GLOBAL hazard. */
/* Launch L looks for them: its number, and the allocations its pointer
 * parameters name that the kernel may store through, whose reads are
 * noted from the start. */
void sim_xr_begin(sim_run *L);
/* The plain global stores of lanes of one warp in region r (host: each
 * lane's host address, total bytes a lane), and its plain loads. */
void sim_xr_stores(sim_block *b, const sim_warp *w, const uintptr_t *host, uint32_t lanes, unsigned total,
                   const sim_region *r, uint32_t op);
void sim_xr_loads(sim_block *b, sim_warp *w, const uintptr_t *host, uint32_t lanes, unsigned total,
                  const sim_region *r, uint32_t op);
/* One lane's global atomic of total bytes at host in region r, in a program
 * with cta_atomics: a RACE_SCOPE hazard where it meets another block's
 * atomic and either is of block scope (cta: this one is). */
void sim_xr_atomic(sim_block *b, sim_warp *w, int lane, const uint8_t *host, unsigned total, sim_region *r,
                   uint32_t op, bool cta);

/* launch.c: host threads share one memory budget, SIM_CONTEXTS_BYTES: each
 * runs a block context whose local memory, registers and shared memory
 * (with its shadow) grow with the block, and no more than n threads run than
 * the budget holds (one at least), so a launch's memory does not grow with
 * --threads (the report does not depend on the threads either). */
#define SIM_CONTEXTS_BYTES (1ull << 30)
unsigned sim_threads_for_memory(const sim_program *p, const sim_run *L, unsigned n);
/* A block on one of several threads that ran past L->ahead_steps while a
 * block below it still runs waits, using no CPU, until none does or the
 * launch stopped below it: a runaway in every block then costs about what
 * it costs on one thread, not once a thread (block.c's checkpoint). */
void sim_wait_ahead(sim_block *b);

/* A cooperative launch (gridsync.c): every block resident at once, taking
 * turns on one host thread, a block running until it completes or parks.
 * sim_grid_over: why its blocks' state would not fit (false: it fits).
 * sim_grid_park: from sim_spin_note, when the spinning warp's block has no
 * other thread to run. sim_grid_run_order: order.c's other run of A (a copy
 * of the launch's run), the turns in reverse index order where asked,
 * keeping nothing; true when every block completed. */
#define SIM_GRID_WS_BYTES 16u /* the grid workspace cooperative groups' sync() counts in */
bool sim_grid_over(const sim_run *L, char *why, size_t n);
void sim_grid_run(sim_run *L, sim_counters *total);
bool sim_grid_run_order(sim_run *A, bool reverse);
void sim_grid_park(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m, uint64_t seen);
/* Whether every runnable lane of b but w's lanes m is in a warp whose last
 * spin look found what the one before found, at most 8 instructions back. */
bool sim_grid_all_spin(const sim_block *b, const sim_warp *w, uint32_t m);
/* Whether the user's line holds a cooperative groups grid sync (an atomic or
 * load of its workspace code, from cooperative_groups' headers): its block
 * barriers are called grid.sync() in words. */
bool sim_grid_sync_line(const sim_program *p, uint32_t line);
/* launch.c's handling of a finished block, which gridsync.c shares. */
void sim_add_counters(sim_counters *to, const sim_counters *c);
sim_block_result *sim_take_result(sim_block *b);
void sim_keep_result(sim_run *L, sim_block_result *r);

/* A launch whose blocks run one at a time in index order (blockflow.c) runs
 * again in other orders, from the memory as it was; a global word that ends
 * different is an ORDER_DEPENDENT hazard (order.c). */
typedef struct sim_order sim_order;
/* Whether launch L, on `threads` host threads, is explored: its blocks may
 * meet (blockflow.c says so, or `collided`: two of its blocks stored to one
 * word, collide.c), they run on one thread, and the races check is on. */
bool sim_order_wanted(const sim_run *L, unsigned threads, bool collided);
void sim_order_begin(sim_run *L);
/* Every global store and atomic of the lanes m of w at pc, before it
 * writes, while L->order is set. */
void sim_order_write(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m);
/* After the index order's run (its counters c, its CPU time): the other
 * orders, a hazard result into L->results when one ends different, the
 * memory back as the index order left it. The orders judged (bit 1:
 * reverse, bit 2: interleaved). */
unsigned sim_order_explore(sim_run *L, const sim_counters *c, uint64_t index_ns);
/* The hazard's message into r, once it is built. */
void sim_order_message(const sim_run *L, sim_launch_result *r);
void sim_order_end(sim_run *L);

#endif
