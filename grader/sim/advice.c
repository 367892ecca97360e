/* advice.c - one line a hazard carries saying what to change, chosen once,
 * where the launch result makes the hazard (launch_result.c), from its kind
 * and what its two accesses are: lanes of one warp or threads of two warps,
 * a barrier there or missing, a store, a load or an atomic. The line names
 * source lines only, never a figure of the run (an offset, a length, a
 * block, a lane, a mask), so it can be shown whatever size the hazard was
 * met at. */
#include "sim/internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* snprintf for a line, which a long one may cut short (on purpose). */
static void __attribute__((format(printf, 3, 4))) put(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, n, fmt, ap);
    va_end(ap);
}

/* "store", "load" or "atomic": what the instruction at op does to memory. */
static const char *access_noun(const sim_program *p, uint32_t op)
{
    const ptx_insn *in = op < p->ncode ? p->src[op].in : NULL;
    if (!in) return "access";
    switch (in->op) {
    case PTX_OP_ld: case PTX_OP_ldu: return "load";
    case PTX_OP_st: return "store";
    case PTX_OP_atom: case PTX_OP_red: return "atomic";
    case PTX_OP_cp: return "cp.async";
    default: return "access";
    }
}

/* Whether a branch after op2 in its function goes back to op or above it:
 * a loop whose next turn runs op after op2 (a barrier belongs after op2
 * and before op). Without one, no path leads from op2 to op: a thread left
 * a loop (op in it) that another still runs (a barrier belongs between). */
static bool loops_back(const sim_program *p, uint32_t op, uint32_t op2)
{
    for (uint32_t b = op2 + 1; b < p->ncode && p->code[b].x != X_FALLOFF; b++)
        if (p->code[b].x == X_BRA && p->code[b].aux <= op) return true;
    return false;
}

/* The source line of the last instruction of op's function (its closing
 * brace's, where nvcc puts the final ret). */
static unsigned last_line(const sim_program *p, uint32_t op)
{
    uint32_t i = op;
    while (i < p->ncode && p->code[i].x != X_FALLOFF) i++;
    return i < p->ncode ? p->src[i].line : 0;
}

/* Whether a block barrier lies between ops a and b (a < b) in the code. */
static bool barrier_between(const sim_program *p, uint32_t a, uint32_t b)
{
    for (uint32_t i = a + 1; i < b && i < p->ncode; i++)
        if (p->code[i].x == X_BAR || p->code[i].x == X_BAR_RED) return true;
    return false;
}

/* Whether a path of the code leads from op to op2 (op < op2), by
 * fall-through and branches within the function: a breadth-first walk over
 * the ops between them. Not where the two lie in sibling branches that
 * nvcc laid out in another order than the source's (`if (warp == 0) A;
 * if (warp > 0) B;` as B, then A). */
static bool reaches(const sim_program *p, uint32_t op, uint32_t op2)
{
    uint32_t n = op2 - op + 1, *todo = cl_calloc(n, sizeof *todo), head = 0, tail = 0;
    uint8_t *seen = cl_calloc(n, 1);
    bool found = false;
    todo[tail++] = op;
    seen[0] = 1;
    while (head < tail && !found) {
        uint32_t i = todo[head++];
        const sim_op *c = &p->code[i];
        uint32_t next[2], k = 0;
        bool always = c->guard == SIM_PRED_TRUE && !c->gxor;
        if (c->x == X_BRA) {
            next[k++] = c->aux;
            if (!always) next[k++] = i + 1;
        } else if (!((c->x == X_EXIT || c->x == X_RET || c->x == X_TRAP) && always) && c->x != X_FALLOFF) {
            next[k++] = i + 1;
        }
        for (uint32_t j = 0; j < k; j++) {
            uint32_t t = next[j];
            if (t == op2) found = true;
            if (t < op || t > op2 || seen[t - op]) continue;
            seen[t - op] = 1;
            todo[tail++] = t;
        }
    }
    free(todo);
    free(seen);
    return found;
}

/* Two threads' accesses with nothing between that orders them: the earlier
 * one (op2, line2) and this one (op, line); `sync` names what goes between. */
static void race_advice(const sim_program *p, const sim_hz *f, const sim_hazard *h, char *a, size_t n)
{
    bool warp = h->kind == CL_HZ_RACE_WARP;
    const char *first = access_noun(p, f->op2), *then = access_noun(p, f->op);
    const char *sync = warp ? "__syncwarp()" : "__syncthreads()";
    const char *where = warp ? ", with a mask that names both lanes (or __syncthreads() where the whole block reaches it)"
                             : ", where every thread of the block reaches it (outside any if)";
    if (h->line == h->line2 && h->line)
        put(a, n, "add %s between one thread's %s and another's %s at line %u%s", sync, first, then, h->line,
            where);
    else if (h->line && f->op2 > f->op && f->op2 < p->ncode && !loops_back(p, f->op, f->op2) &&
             reaches(p, f->op, f->op2))
        /* the earlier one lies below, on a path from the later and on no path back to it: a thread went
           on past a loop another still runs (a merge after it), or into the second copy of an inlined
           function whose first copy another thread still runs (the lines then may go either way) */
        put(a, n, "add %s to separate the %s at line %u from the %s at line %u (one thread's %s at line %u ran "
                  "before another thread's %s at line %u with nothing between)%s",
            sync, then, h->line, first, h->line2, first, h->line2, then, h->line, where);
    else if (!warp && h->line && f->op2 < f->op && barrier_between(p, f->op2, f->op) && loops_back(p, f->op2, f->op))
        /* a barrier already follows the earlier one on the way to the later: the earlier ran in a later
           turn of the loop than the later (a thread a turn ahead) */
        put(a, n, "add %s after the %s at line %u and before the %s at line %u of the loop's next turn (a thread's "
                  "%s at line %u in a later turn ran before another thread's %s at line %u in this one; the "
                  "barrier between them orders one turn only)%s",
            sync, then, h->line, first, h->line2, first, h->line2, then, h->line, where);
    else
        put(a, n, "add %s after the %s at line %u and before the %s at line %u%s", sync, first, h->line2,
            then, h->line, where);
    if (strstr(f->detail, "not ordered")) {
        size_t k = strlen(a);
        put(a + k, n - k, "; the program's fences and release/acquire operations do not order this pair");
    }
}

/* Whether the store at op writes back what a load at its line read from
 * the same address (`bins[v] += 1`): a load of the same address operand
 * among the 32 instructions before it, with no instruction between whose
 * destination is its base register. From the PTX, which the reference mode
 * lowers the same. */
static bool update_in_place(const sim_program *p, uint32_t op)
{
    const ptx_insn *st = op < p->ncode ? p->src[op].in : NULL;
    uint32_t line = op < p->ncode ? sim_op_line(p, op) : 0;
    if (!st || st->op != PTX_OP_st || st->opd[0].kind != PTX_OPD_ADDR || !line) return false;
    const ptx_operand *at = &st->opd[0];
    for (uint32_t k = op; k-- > 0 && op - k <= 32;) {
        const ptx_insn *in = p->src[k].in;
        if (!in) return false;
        const ptx_operand *d = &in->opd[0];
        if ((in->op == PTX_OP_ld || in->op == PTX_OP_ldu) && in->opd[1].kind == PTX_OPD_ADDR &&
            in->opd[1].has_base == at->has_base && in->opd[1].base == at->base && in->opd[1].bank == at->bank &&
            in->opd[1].index == at->index && in->opd[1].imm == at->imm)
            return sim_op_line(p, k) == line;
        if (in->op != PTX_OP_st && at->has_base && d->kind == PTX_OPD_REG && d->bank == at->bank && d->index == at->base)
            return false;
    }
    return false;
}

/* A race within a block on global memory (crossread.c, detail "t..."): the
 * store is op2 where this is the read (r), else op. */
static void block_global_advice(const sim_program *p, const sim_hz *f, const sim_hazard *h, char *a, size_t n)
{
    bool read = f->detail[1] == 'r';
    uint32_t store = read ? f->op2 : f->op;
    unsigned store_line = read ? h->line2 : h->line;
    if (update_in_place(p, store))
        put(a, n, "threads of the block update one element at line %u: make the update an atomic (atomicAdd), or give each thread its own element and combine them after __syncthreads()",
            store_line);
    else if (f->detail[2] == 'w')
        put(a, n, "lanes of one warp are not in step: put __syncwarp() between one lane's access and the other's (line %u), or __syncthreads() where the whole block reaches it",
            h->line);
    else if (read)
        put(a, n, "put __syncthreads() between the store at line %u and the load at line %u, where every thread of the block reaches it",
            store_line, h->line);
    else
        put(a, n, "put __syncthreads() between the other threads' reads of this element and the store at line %u, where every thread of the block reaches it (read into a register, __syncthreads(), then store)",
            h->line);
}

static void mask_advice(const sim_hz *f, const sim_hazard *h, char *a, size_t n)
{
    switch (h->kind) {
    case CL_HZ_MASK_NOT_MEMBER:
        put(a, n, "use the mask of the lanes that take part (a __ballot_sync of the condition, before the branch), so that it names every lane that runs the collective");
        break;
    case CL_HZ_MASK_UNDEFINED_READ:
        if (strstr(f->detail, "mask"))
            put(a, n, "read only from lanes the mask names: keep the source lane inside the mask, or use the mask of every lane the reads need");
        else if (strstr(f->detail, "exited"))
            put(a, n, "keep every lane a shuffle reads from alive until the shuffle (no return before it, and the shuffle outside any if that the lane skips to the kernel's end), or give it a mask and width of the lanes that run it (0x0000ffff with width 16 for lanes 0 to 15)");
        else
            put(a, n, "every lane a shuffle reads from must run it: call the shuffle outside the branch, with a mask of the lanes the reads need");
        break;
    case CL_HZ_MASK_MISMATCH:
        put(a, n, "give every lane that meets at this collective the same mask: compute it once, before the branch");
        break;
    case CL_HZ_MASK_DEADLOCK:
        if (h->line2)
            put(a, n, "the mask names lanes that are at line %u and never come here: use the mask of the lanes that take part (__ballot_sync before the branch), or move the collective out of the branch",
                h->line2);
        else
            put(a, n, "use the mask of the lanes that take part (__ballot_sync before the branch), or move the collective out of the branch, so that every lane it names arrives");
        break;
    case CL_HZ_COLLECTIVE_DIVERGENT_PC:
        put(a, n, "call the collective from one place, outside the branch, so that the lanes it names meet at one line");
        break;
    case CL_HZ_TENSOR_DIVERGENT:
        put(a, n, "run wmma, mma.sync and ldmatrix with all 32 lanes of the warp together: outside any branch that splits the warp, and before any lane returns");
        break;
    case CL_HZ_TENSOR_FRAGMENT:
        put(a, n, "load each fragment with the layout, shape and type the mma names (matrix_a as row_major for a row_major mma), and give every lane of the warp the same pointer and leading dimension");
        break;
    default: /* CL_HZ_ACTIVEMASK_REUSE */
        put(a, n, "use the mask of the lanes that take part (__activemask() is not enough here): __ballot_sync of the condition, before the branch, gives it");
        break;
    }
}

static void barrier_advice(const sim_run *L, const sim_hz *f, const sim_hazard *h, char *a, size_t n)
{
    /* the block barriers of cooperative groups' grid sync are the student's grid.sync() */
    const char *sync = sim_grid_sync_line(L->prog, h->line) ? "grid.sync()" : "__syncthreads()";
    switch (h->kind) {
    case CL_HZ_BARRIER_DIVERGENT:
        if (h->line == h->line2) /* two copies of one line's barrier: an unrolled loop's turns */
            put(a, n, "every thread must reach the %s at line %u the same number of times: the threads are in different turns of its loop (the compiler unrolled it), since a barrier before it (or in it) is not reached by all of them",
                sync, h->line);
        else
            put(a, n, "use one %s that every thread reaches: replace the barriers at lines %u and %u with one after the branch",
                sync, h->line, h->line2);
        break;
    case CL_HZ_BARRIER_DEADLOCK:
        if (h->line2)
            put(a, n, "threads at line %u never reach the %s at line %u: move it out of the branch or loop they leave, so that every thread of the block reaches it",
                h->line2, sync, h->line);
        else
            put(a, n, "move the %s at line %u out of the branch or loop, so that every thread of the block reaches it",
                sync, h->line);
        break;
    case CL_HZ_BARRIER_CONDITIONAL:
        if (!strncmp(f->detail, "lanes ", 6))
            put(a, n, "move the %s at line %u out of the condition at line %u: lanes of one warp take different sides of it, and every thread of the block must reach the barrier",
                sync, h->line, h->line2);
        else
            put(a, n, "move the %s at line %u out of the condition at line %u, or make the condition the same for the whole block, so that every thread reaches it",
                sync, h->line, h->line2);
        break;
    case CL_HZ_BARRIER_AFTER_EXIT:
        if (h->line2 && h->line2 == last_line(L->prog, f->op))
            put(a, n, "threads reached the end of the kernel (line %u) while others still wait at the %s at line %u: every thread must reach each barrier the same number of times (a barrier before it, in a branch or a loop, that not all of them reach)",
                h->line2, sync, h->line);
        else
            put(a, n, "threads leave the kernel at line %u without reaching the %s at line %u (a return, or an if around the barrier that skips to the end): keep every thread on the path to it, and put only the work before and after it under the condition",
                h->line2, sync, h->line);
        break;
    case CL_HZ_GRID_SYNC:
        if (f->size)
            put(a, n, "do not return before the grid.sync() at line %u: put the work that block skips (line %u) under an if, so that every block reaches every grid sync the same number of times",
                h->line, h->line2);
        else
            put(a, n, "make sure what each block waits for at line %u is set by a block that gets there: every block of the grid must reach each grid.sync()",
                h->line);
        break;
    default: /* CL_HZ_BARRIER_COUNT */
        put(a, n, "use __syncthreads(), or give a named barrier a thread count that is a multiple of 32 and counts every thread that arrives");
        break;
    }
}

static void oob_advice(const sim_run *L, const sim_hz *f, const sim_hazard *h, char *a, size_t n)
{
    bool shared = f->space == PTX_SPACE_SHARED;
    if (shared && L->prog->dynamic_shared && L->dyn_shared == 0)
        put(a, n, "declare the shared array with its size (__shared__ float tile[256]) instead of extern __shared__: this day launches the kernel with no dynamic shared memory");
    else if (!shared && f->space != PTX_SPACE_LOCAL && f->space != PTX_SPACE_PARAM && f->addr < 65536)
        put(a, n, "the pointer is null (or an offset from null): check the pointer the access at line %u uses",
            h->line);
    else if (f->dist < 0)
        put(a, n, "the index goes below the start: guard the access at line %u so that the index is never negative (the first element of a block or row has no left neighbour)",
            h->line);
    else if (f->dist == 0 && f->size > 1)
        put(a, n, "the %u-byte access at line %u starts inside the buffer and ends past it: guard it so that its last element fits too (a pair at 2 * p: 2 * p + 1 < n; a float4 at 4 * q: 4 * q + 3 < n), and do the tail one element at a time",
            f->size, h->line);
    else if (shared)
        put(a, n, "size the shared array for every index the kernel uses, or guard the index of the access at line %u",
            h->line);
    else if (f->space == PTX_SPACE_LOCAL)
        put(a, n, "keep the index of the local array at line %u below its length", h->line);
    else
        put(a, n, "guard the access at line %u so that its index stays inside the buffer and the last threads of the grid stop at its end: if (i < n) for one index; for a row and a column, test each (row < rows && col < cols), not only row * cols + col",
            h->line);
}

static void memory_advice(const sim_run *L, const sim_hz *f, const sim_hazard *h, char *a, size_t n)
{
    switch (h->kind) {
    case CL_HZ_OOB:
        oob_advice(L, f, h, a, n);
        break;
    case CL_HZ_MISALIGNED:
        put(a, n, "a vector access (float4, int2, ...) needs an address that is a multiple of its size: where the pointer may be offset, do the elements before the first aligned one one at a time, or use scalar accesses");
        break;
    case CL_HZ_TENSOR_ALIGN:
        put(a, n, "start each load_matrix_sync or store_matrix_sync tile at a multiple of 32 bytes (__align__(32), offsets in steps of 16 elements), its leading dimension a multiple of 16 bytes (8 halves, 4 floats); start each ldmatrix row at a multiple of 16 bytes (pad a shared row by 8 halves)");
        break;
    case CL_HZ_UNINIT_SHARED:
        put(a, n, "write every shared word before any thread reads it, with %s between the writes and the read at line %u (zero the array first where not every word is written)",
            L->block.x * L->block.y * L->block.z <= 32 ? "__syncwarp()" : "__syncthreads()", h->line);
        break;
    case CL_HZ_BUDGET:
        put(a, n, "make sure every loop ends for every thread: its bound, its step, and any flag it waits for that another thread must set");
        break;
    case CL_HZ_LIMIT:
        put(a, n, "ask for less: smaller local or shared arrays, or smaller __device__ variables");
        break;
    case CL_HZ_TRAP:
        if (L->prog->grid_handle)
            put(a, n, "split the kernel at the grid-wide sync into two kernels: the end of a launch is the barrier every block of the grid meets");
        else
            put(a, n, "find why the assertion (or __trap()) at line %u is reached: its condition is false for this thread",
                h->line);
        break;
    case CL_HZ_DIV_ZERO:
        put(a, n, "guard the division or modulo at line %u so that its divisor is never 0", h->line);
        break;
    default:
        put(a, n, "keep every access inside the memory it means to use");
        break;
    }
}

/* The advice of a kind no line of sim_hazard_advice names, by its family: a
 * switch with no default, so a new family does not build without advice. */
static void family_advice(const sim_run *L, const sim_hz *f, sim_hazard *h, cl_hazard_family family,
                          char *a, size_t n)
{
    switch (family) {
    case CL_FAMILY_MASK: mask_advice(f, h, a, n); break;
    case CL_FAMILY_BARRIER: barrier_advice(L, f, h, a, n); break;
    case CL_FAMILY_MEMORY:
    case CL_FAMILY_KERNEL: memory_advice(L, f, h, a, n); break;
    case CL_FAMILY_RACE: /* a kind this file does not know yet */
        put(a, n, "order the two accesses (a barrier both reach, an atomic, or a release and an acquire), or keep them to different words");
        break;
    case CL_FAMILY_RESOURCES:
        put(a, n, "do less work a block: compare your loops with what the reference's figures say it does");
        break;
    case CL_FAMILY_COUNT: break;
    }
}

void sim_hazard_advice(const sim_run *L, const sim_hz *f, sim_hazard *h)
{
    char *a = h->advice;
    size_t n = sizeof h->advice;
    cl_hazard_family family = cl_hazard_family_of(h->kind);
    a[0] = 0;
    if (h->kind == CL_HZ_RACE_SHARED || h->kind == CL_HZ_RACE_WARP)
        race_advice(L->prog, f, h, a, n);
    else if (h->kind == CL_HZ_RACE_GLOBAL && f->detail[0] == 't') /* within the block */
        block_global_advice(L->prog, f, h, a, n);
    else if (h->kind == CL_HZ_RACE_GLOBAL)
        put(a, n, "blocks of one launch never wait for each other: make the update at line %u an atomic (atomicAdd), or publish the store with __threadfence() before an atomic flag that the reading block checks",
            h->line2 ? h->line2 : h->line);
    else if (h->kind == CL_HZ_RACE_SCOPE) { /* detail: the other block, then whether each is .cta */
        const char *cta = strchr(f->detail, ' ');
        put(a, n, "memory that other blocks update too needs a device-scope atomic: use atomicAdd (not atomicAdd_block) at line %u, and keep the _block atomics for shared memory or for words only one block touches",
            cta && cta[1] == '1' ? h->line : h->line2);
    } else if (h->kind == CL_HZ_RACE_ASYNC) { /* detail: read or write, and whether another thread's copy is new */
        const char *acc = strncmp(f->detail, "write", 5) ? "load" : "store";
        if (strstr(f->detail, "issued this epoch")) /* another thread's, since the barrier */
            put(a, n, "if the %s at line %u needs the copied bytes, wait for the copy (cp.async.wait_group, __pipeline_wait_prior(N)) and then __syncthreads() before it; if the copy is for a later step, add __syncthreads() after the %s at line %u and before the cp.async at line %u",
                acc, h->line, acc, h->line, h->line2);
        else
            put(a, n, "wait for the copy before touching its bytes: cp.async.wait_group (__pipeline_wait_prior(N), a pipeline's consumer_wait()) after the cp.async at line %u and before the %s at line %u, then __syncthreads() when other threads use what this thread copied",
                h->line2, acc, h->line);
    } else if (h->kind == CL_HZ_ORDER_DEPENDENT) /* chosen from its two writes by order.c */
        put(a, n, "%s", f->detail);
    else
        family_advice(L, f, h, family, a, n);
}
