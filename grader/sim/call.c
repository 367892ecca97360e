/* call.c - device-function calls (per-lane return stacks, .param copies in
 * and out) and vprintf, which the machine formats itself from the format
 * string in the module's global data and the argument buffer in the
 * thread's local memory. */
#include "sim/internal.h"

#include <stdio.h>

static uint8_t *tparam(sim_block *b, unsigned tid, uint32_t addr)
{
    return b->tparam + (size_t)tid * b->prog->tparam_size + (addr - SIM_TPARAM_BASE);
}

static void copy_params(sim_block *b, unsigned tid, const sim_pcopy *c, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        memmove(tparam(b, tid, c[i].to), tparam(b, tid, c[i].from), c[i].size);
}

void sim_exec_call(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_program *p = b->prog;
    const sim_call *c = &p->calls[p->code[pc].aux];
    for (int l = 0; l < 32; l++) {
        if (!(m >> l & 1u)) continue;
        unsigned tid = w->id * 32 + (unsigned)l;
        copy_params(b, tid, &p->pcopies[c->args], c->nargs);
        SIM_ASSERT(w->depth[l] < p->max_depth);
        w->stack[(size_t)w->depth[l] * 32 + (unsigned)l] = pc + 1;
        w->depth[l]++;
        w->pc[l] = c->entry;
    }
}

SIM_HOT void sim_exec_ret(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_program *p = b->prog;
    uint8_t deep[32];
    for (int l = 0; l < 32; l++) deep[l] = w->depth[l] != 0;
    if (!(sim_pack_flags(deep) & m)) { /* the kernel's own ret: the lanes exit */
        for (int l = 0; l < 32; l++) w->pc[l] = (m >> l & 1u) ? pc : w->pc[l];
        sim_lanes_exit(b, w, pc, m);
        return;
    }
    uint32_t leave = 0;
    for (int l = 0; l < 32; l++) {
        if (!(m >> l & 1u)) continue;
        if (w->depth[l] == 0) {
            leave |= 1u << l;
            continue;
        }
        w->depth[l]--;
        uint32_t rpc = w->stack[(size_t)w->depth[l] * 32 + (unsigned)l];
        const sim_call *c = &p->calls[p->code[rpc - 1].aux];
        copy_params(b, w->id * 32 + (unsigned)l, &p->pcopies[c->rets], c->nrets);
        w->pc[l] = rpc;
    }
    if (leave) {
        for (int l = 0; l < 32; l++)
            if (leave >> l & 1u) w->pc[l] = pc;
        sim_lanes_exit(b, w, pc, leave);
    }
}

/* ---- printf ---- */

typedef struct reader_ctx {
    sim_block *b;
    unsigned tid;
} reader_ctx;

static bool read_mem(void *ctx, uint64_t addr, void *dst, size_t n)
{
    reader_ctx *r = ctx;
    return sim_read_generic(r->b, r->tid, addr, dst, n);
}

#define SIM_PRINTF_LINE_MAX 4096

void sim_exec_vprintf(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_program *p = b->prog;
    const sim_call *c = &p->calls[p->code[pc].aux];
    const sim_pcopy *args = &p->pcopies[c->args];
    for (int l = 0; l < 32; l++) {
        if (!(m >> l & 1u)) continue;
        unsigned tid = w->id * 32 + (unsigned)l;
        uint64_t fmt = 0, buf = 0;
        memcpy(&fmt, tparam(b, tid, args[0].from), 8);
        memcpy(&buf, tparam(b, tid, args[1].from), 8);
        reader_ctx rc = { b, tid };
        cl_str line = {0};
        int nargs = sim_format_printf(&line, fmt, buf, read_mem, &rc);
        if (line.len > SIM_PRINTF_LINE_MAX) line.len = SIM_PRINTF_LINE_MAX;
        sim_printf_rec rec;
        rec.thread.x = tid % b->L->block.x;
        rec.thread.y = tid / b->L->block.x % b->L->block.y;
        rec.thread.z = tid / (b->L->block.x * b->L->block.y);
        rec.text = (uint32_t)b->ptext.len;
        rec.len = (uint32_t)line.len;
        /* a block never keeps more than the launch may show */
        if (b->plines.n < b->L->printf_lines && b->ptext.len + line.len <= b->L->printf_bytes) {
            cl_str_addn(&b->ptext, line.s ? line.s : "", line.len);
            CL_VEC_PUSH(&b->plines, rec);
        } else {
            b->pdrop_lines++;
            b->pdrop_bytes += line.len;
        }
        b->steps += 8 + line.len / 32; /* formatting costs: charged to the budget */
        cl_str_free(&line);
        if (c->nrets) {
            int32_t rv = nargs;
            memcpy(tparam(b, tid, p->pcopies[c->rets].to), &rv, 4);
        }
    }
}

/* The expression of a failed assert(): __assertfail's first argument. */
void sim_assert_text(sim_block *b, unsigned tid, uint32_t pc, char *out, size_t n)
{
    const sim_program *p = b->prog;
    const sim_call *c = &p->calls[p->code[pc].aux];
    uint64_t msg = 0;
    size_t k = 0;
    memcpy(&msg, tparam(b, tid, p->pcopies[c->args].from), 8);
    while (k + 1 < n && sim_read_generic(b, tid, msg + k, &out[k], 1) && out[k]) k++;
    out[k] = '\0';
}
