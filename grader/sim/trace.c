/* trace.c - the warp stepper's record (trace.h): the hooks collective.c and
 * barrier.c call for the one warp a trace names, and the record they fill. */
#include "sim/internal.h"
#include "sim/trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TRACE_DEFAULT_STEPS 4096

struct sim_trace {
    char *kernel;
    sim_dim3 block;
    unsigned warp;
    size_t max_steps;
    unsigned nth, seen;  /* the launch of the kernel to take (from 1), those met */
    bool launched, ran;
    bool kept;          /* sim_trace_keep: later runs of the block are not recorded */
    sim_dim3 grid, block_dim;
    CL_VEC(sim_trace_step) steps;
    size_t dropped;
    uint64_t instructions;
};

static sim_trace *armed; /* set while no launch runs (trace.h) */

static const char *const kind_names[] = {
#define SIM_TRACE_KIND_NAME(id, name) name,
    SIM_TRACE_KINDS(SIM_TRACE_KIND_NAME)
#undef SIM_TRACE_KIND_NAME
};

const char *sim_trace_kind_name(sim_trace_kind k)
{
    return (unsigned)k < SIM_TRACE_KIND_COUNT ? kind_names[k] : "?";
}

sim_trace *sim_trace_new(const char *kernel, sim_dim3 block, unsigned warp, size_t max_steps)
{
    sim_trace *t = cl_calloc(1, sizeof *t);
    t->kernel = cl_strdup(kernel);
    t->block = block;
    t->warp = warp;
    t->max_steps = max_steps ? max_steps : TRACE_DEFAULT_STEPS;
    return t;
}

void sim_trace_free(sim_trace *t)
{
    if (!t) return;
    if (armed == t) armed = NULL;
    free(t->kernel);
    free(t->steps.v);
    free(t);
}

void sim_trace_arm(sim_trace *t)
{
    armed = t;
}

void sim_trace_set_launch(sim_trace *t, unsigned nth)
{
    t->nth = nth;
}

unsigned sim_trace_launches_seen(const sim_trace *t)
{
    return t->seen;
}

uint64_t sim_trace_instructions(const sim_trace *t)
{
    return t->instructions;
}

size_t sim_trace_count(const sim_trace *t)
{
    return t->steps.n;
}

const sim_trace_step *sim_trace_step_at(const sim_trace *t, size_t i)
{
    return i < t->steps.n ? &t->steps.v[i] : NULL;
}

size_t sim_trace_dropped(const sim_trace *t)
{
    return t->dropped;
}

bool sim_trace_launched(const sim_trace *t)
{
    return t->launched;
}

bool sim_trace_warp_ran(const sim_trace *t)
{
    return t->ran;
}

sim_dim3 sim_trace_grid(const sim_trace *t)
{
    return t->grid;
}

sim_dim3 sim_trace_block_dim(const sim_trace *t)
{
    return t->block_dim;
}

/* ---- the hooks (internal.h) ---- */

sim_trace *sim_trace_take(sim_run *L, const ptx_module *mod, long entry)
{
    sim_trace *t = armed;
    if (!t || (strcmp(t->kernel, ptx_entry_name(mod, (size_t)entry)) != 0 &&
               strcmp(t->kernel, ptx_entry_plain_name(mod, (size_t)entry)) != 0))
        return NULL;
    if (++t->seen < t->nth) return NULL; /* an earlier launch of it: untraced */
    armed = NULL;
    t->launched = true;
    t->grid = L->grid;
    t->block_dim = L->block;
    return t;
}

sim_trace *sim_trace_for_block(const sim_run *L, const sim_block *b)
{
    sim_trace *t = L->trace;
    if (t->kept || b->bid.x != t->block.x || b->bid.y != t->block.y || b->bid.z != t->block.z || t->warp >= b->nwarps)
        return NULL;
    /* a block run again in index order after a collision (collide.c) is
       recorded afresh; the other orders order.c runs after the index order
       are not (sim_trace_keep) */
    t->steps.n = 0;
    t->dropped = 0;
    t->instructions = 0;
    t->ran = true;
    return t;
}

void sim_trace_block_end(const sim_block *b)
{
    b->trace->instructions = b->warps[b->trace->warp].steps;
}

static const char *mode_name(const sim_op *op)
{
    static const char *const shfl[] = {"", "up", "down", "bfly", "idx"};
    static const char *const vote[] = {"", "all", "any", "uni", "ballot"};
    static const char *const match[] = {"", "any", "all"};
    static const char *const redux[] = {"", "add", "inc", "dec", "min", "max", "and", "or", "xor"};
    unsigned m = op->p[1];
    switch (op->p[0]) {
    case SIM_COLL_SHFL: return m < 5 ? shfl[m] : "";
    case SIM_COLL_VOTE: return m < 5 ? vote[m] : "";
    case SIM_COLL_MATCH: return m < 3 ? match[m] : "";
    case SIM_COLL_REDUX: return m < 9 ? redux[m] : "";
    default: return "";
    }
}

static sim_trace_kind kind_of(const sim_op *op)
{
    switch (op->p[0]) {
    case SIM_COLL_SHFL: return SIM_TRACE_SHUFFLE;
    case SIM_COLL_VOTE: return SIM_TRACE_VOTE;
    case SIM_COLL_MATCH: return SIM_TRACE_MATCH;
    case SIM_COLL_REDUX: return SIM_TRACE_REDUX;
    case SIM_COLL_TENSOR: return SIM_TRACE_TENSOR;
    default: return SIM_TRACE_SYNCWARP;
    }
}

void sim_trace_keep(sim_trace *t)
{
    t->kept = true;
}

/* A new step at op for warp w, or NULL past the cap. */
static sim_trace_step *new_step(sim_block *b, const sim_warp *w, uint32_t op, sim_trace_kind kind)
{
    sim_trace *t = b->trace;
    if (t->steps.n >= t->max_steps) {
        t->dropped++;
        return NULL;
    }
    CL_VEC_RESERVE(&t->steps, t->steps.n + 1);
    sim_trace_step *s = &t->steps.v[t->steps.n++];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    const sim_program *p = b->prog;
    const sim_src *src = op < p->ncode ? &p->src[op] : NULL;
    if (src) {
        const char *path = src->file < p->nfiles && p->files[src->file] ? p->files[src->file] : "";
        const char *slash = strrchr(path, '/');
        snprintf(s->file, sizeof s->file, "%s", slash ? slash + 1 : path);
        s->line = src->line;
        if (src->in) ptx_disasm_insn(p->mod, src->fn, src->in, s->ptx, sizeof s->ptx);
    }
    s->exited = w->exited;
    s->existing = w->valid;
    for (int l = 0; l < 32; l++) s->lane[l].source = -1;
    return s;
}

static uint32_t row(const sim_warp *w, uint16_t slot, int lane)
{
    return w->r32[(size_t)slot * 32 + (unsigned)lane];
}

sim_trace_step *sim_trace_begin(sim_block *b, const sim_warp *w, uint32_t P)
{
    if (w->id != b->trace->warp) return NULL;
    const sim_op *code = b->prog->code;
    int f = __builtin_ctz(P);
    const sim_op *op = &code[w->pc[f]];
    sim_trace_step *s = new_step(b, w, w->pc[f], kind_of(op));
    if (!s) return NULL;
    snprintf(s->mode, sizeof s->mode, "%s", mode_name(op));
    s->active = P;
    s->mask = w->coll_mask[f];
    for (int l = 0; l < 32; l++) {
        if (!(P >> l & 1u)) continue;
        sim_trace_lane *x = &s->lane[l];
        const sim_op *o = &code[w->pc[l]];
        x->mask = w->coll_mask[l];
        if (x->mask != s->mask) s->masks_differ = true;
        switch (o->p[0]) {
        case SIM_COLL_SHFL: x->sent = row(w, o->s[2], l); break;
        case SIM_COLL_VOTE:
            x->sent = (w->pred[o->s[1]] >> l & 1u) ^ ((o->p[3] & SIM_CF_NEG) ? 1u : 0u);
            break;
        case SIM_COLL_MATCH:
            x->sent = o->p[2] ? w->r64[(size_t)o->s[2] * 32 + (unsigned)l] : row(w, o->s[2], l);
            break;
        case SIM_COLL_REDUX: x->sent = row(w, o->s[2], l); break;
        default: break;
        }
    }
    return s;
}

void sim_trace_end(sim_block *b, const sim_warp *w, uint32_t P, sim_trace_step *s)
{
    const sim_op *code = b->prog->code;
    for (int l = 0; l < 32; l++) {
        if (!(P >> l & 1u)) continue;
        const sim_op *o = &code[w->pc[l]]; /* not moved on yet */
        sim_trace_lane *x = &s->lane[l];
        switch (o->p[0]) {
        case SIM_COLL_SHFL:
        case SIM_COLL_MATCH:
        case SIM_COLL_REDUX: x->got = row(w, o->s[0], l); break;
        case SIM_COLL_VOTE:
            x->got = o->p[1] == PTX_VOTE_BALLOT ? row(w, o->s[0], l) : (w->pred[o->s[0]] >> l & 1u);
            break;
        default: break;
        }
    }
}

void sim_trace_barrier(sim_block *b, unsigned id)
{
    const sim_barrier *bar = &b->bars[id];
    const sim_warp *w = &b->warps[b->trace->warp];
    uint32_t m = bar->wait[b->trace->warp];
    if (!m) return;
    sim_trace_step *s = new_step(b, w, w->pc[__builtin_ctz(m)], SIM_TRACE_BARRIER);
    if (!s) return;
    s->active = m;
    s->barrier = id;
}

void sim_trace_deadlock(sim_block *b, const sim_warp *w)
{
    uint32_t parked = w->at_coll;
    if (w->id != b->trace->warp || !parked) return;
    int f = __builtin_ctz(parked);
    sim_trace_step *s = new_step(b, w, w->pc[f], SIM_TRACE_DEADLOCK);
    if (!s) return;
    s->active = parked;
    s->mask = w->coll_mask[f];
    const sim_program *p = b->prog;
    for (int l = 0; l < 32; l++) {
        if (!(parked >> l & 1u)) continue;
        s->lane[l].line = w->pc[l] < p->ncode ? p->src[w->pc[l]].line : 0;
        s->lane[l].mask = w->coll_mask[l];
        if (s->lane[l].mask != s->mask) s->masks_differ = true;
    }
}
