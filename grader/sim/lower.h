/* lower.h - what program.c (layout, symbols, rows) and lower.c (one
 * instruction at a time) share while lowering a kernel. Internal to
 * grader/sim. */
#ifndef CUDALAB_SIM_LOWER_H
#define CUDALAB_SIM_LOWER_H

#include "sim/internal.h"

typedef struct lower {
    sim_machine *m;
    const ptx_module *mod;
    sim_program *p;
    cl_error *err;
    cl_status st;
    CL_VEC(uint32_t) fns;          /* the closure, kernel first */
    uint32_t *code_base;           /* per module function, SIM_NONE outside */
    uint32_t *rbase[PTX_BANK_COUNT];
    uint64_t *symaddr;             /* per module symbol */
    uint8_t *symset;
    CL_VEC(sim_op) code;
    CL_VEC(sim_src) src;
    CL_VEC(sim_extra) x32, x64;
    CL_VEC(sim_call) calls;
    CL_VEC(sim_pcopy) pcopies;
    CL_VEC(sim_gen) gens;
    CL_VEC(sim_tensor) tensors;    /* tensor.c: the tensor-core instructions */
    CL_VEC(sim_op) hidden;         /* their hidden memory ops, placed after the code */
    CL_VEC(sim_src) hidden_src;
    uint32_t shared_top;
    uint64_t local_top, tparam_top; /* 64-bit: a hostile module may declare gigabytes */
    uint32_t cur_fn;
    const ptx_insn *cur;
} lower;

/* Record the first error (naming the instruction being lowered) and return it. */
cl_status sim_lw_fail(lower *lw, cl_status st, const char *fmt, const char *a);

/* What the machine refuses at launch (refusals.def). */
typedef enum sim_refusal {
#define REFUSAL(id, message) SIM_REFUSE_##id,
#include "sim/refusals.def"
#undef REFUSAL
    SIM_REFUSE_COUNT
} sim_refusal;
const char *sim_refusal_text(sim_refusal r);
/* Fail with r's message (name fills its %s, if it has one). */
cl_status sim_lw_refuse(lower *lw, sim_refusal r, const char *name);
/* The address of symbol si in its own space (laid out on first use). */
uint64_t sim_lw_sym_addr(lower *lw, uint32_t si);
/* The row slot of an operand of the instruction being lowered. */
uint16_t sim_lw_slot(lower *lw, const ptx_operand *o);
uint16_t sim_lw_vec_elem(lower *lw, const ptx_operand *v, unsigned i);
bool sim_lw_dynamic_sreg(uint32_t s);
/* tensor.c: lower a wmma, mma or ldmatrix into op; after every function,
 * place their hidden memory ops after the code (before the extra slots are
 * fixed) and hand the table to the program. */
void sim_tensor_lower(lower *lw, sim_op *op, const ptx_insn *in);
void sim_tensor_finish(lower *lw);
/* async.c: lower a cp.async or mbarrier into op. */
void sim_async_lower(lower *lw, sim_op *op, const ptx_insn *in);
/* A scratch row of the bank (32 or 64 bits) that no PTX operand names: an
 * extra slot, fixed with the others (program.c). */
uint16_t sim_lw_scratch_slot(lower *lw, unsigned bank);
/* An extra slot made final (the register count known); others as they are. */
uint16_t sim_lw_final_slot(const lower *lw, uint16_t s);
/* Whether row r is among the n rows of v. */
static inline bool sim_among(uint16_t r, const uint16_t *v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (v[i] == r) return true;
    return false;
}
/* A tile's dot products in the code [base, base + n) of a function, its
 * registers packed (lower.c): see X_DOTS in xops.def. */
void sim_fuse_dots(sim_program *p, uint32_t base, uint32_t n);
/* The runs of shared loads from one base with 32-bit ALU ops between them
 * in the code [base, base + n) of a function, before its registers are
 * packed (lower.c): see SIM_RUN_HOIST (internal.h). */
void sim_fuse_hoisted_runs(sim_program *p, uint32_t base, uint32_t n);
/* The runs of shared loads or stores from one base in the code [base,
 * base + n) of a function (lower.c): see SIM_RUN_AUX (internal.h). */
void sim_fuse_shared_runs(sim_program *p, uint32_t base, uint32_t n);
/* The loops of the code [base, base + n) of a function, its registers
 * packed, that loop.c runs compiled: see sim_loop (internal.h). */
void sim_fuse_loops(sim_program *p, uint32_t base, uint32_t n);
/* Lower function f's instructions into lw->code (lower.c). */
cl_status sim_lw_function(lower *lw, uint32_t f);

#endif
