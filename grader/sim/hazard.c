/* hazard.c - hazard instances folded into records: identical hazards (same
 * kind, line, other line, and for mask hazards the same mask) are one record
 * that counts the distinct (block, warp) pairs it happened in and every
 * instance, and keeps the first instance (lowest block, warp, lane). */
#include "sim/internal.h"

#include <stdlib.h>

static const char *const hz_names[] = {
#define SIM_HZ_NAME(kind, check, sev) #kind,
    SIM_HAZARDS(SIM_HZ_NAME)
#undef SIM_HZ_NAME
};
static const char *const hz_checks[] = {
#define SIM_HZ_CHECK(kind, check, sev) check,
    SIM_HAZARDS(SIM_HZ_CHECK)
#undef SIM_HZ_CHECK
};
static const sim_severity hz_sev[] = {
#define SIM_HZ_SEV(kind, check, sev) sev,
    SIM_HAZARDS(SIM_HZ_SEV)
#undef SIM_HZ_SEV
};

const char *sim_hazard_name(sim_hazard_kind k)
{
    return (unsigned)k < SIM_HZ_COUNT ? hz_names[k] : "?";
}

const char *sim_hazard_check(sim_hazard_kind k)
{
    return (unsigned)k < SIM_HZ_COUNT ? hz_checks[k] : "?";
}

sim_severity sim_hazard_severity(sim_hazard_kind k)
{
    return (unsigned)k < SIM_HZ_COUNT ? hz_sev[k] : SIM_ERROR;
}

static unsigned check_bit(sim_hazard_kind k)
{
    const char *c = hz_checks[k];
    if (c[0] == 'm' && c[1] == 'a') return SIM_CHECK_MASK;
    if (c[0] == 'b') return SIM_CHECK_BARRIER;
    if (c[0] == 'r') return SIM_CHECK_RACES;
    return SIM_CHECK_MEMORY;
}

sim_hz sim_hz_make(sim_hazard_kind kind, uint32_t op, unsigned warp, int lane)
{
    sim_hz h;
    memset(&h, 0, sizeof h);
    h.kind = (uint8_t)kind;
    h.op = op;
    h.op2 = SIM_NONE;
    h.warp = warp;
    h.lane = lane;
    h.lane2 = -1;
    h.source = -1;
    h.region = SIM_NONE;
    return h;
}

uint32_t sim_op_line(const sim_program *p, uint32_t op)
{
    return op < p->ncode ? p->src[op].line : 0;
}

static bool is_mask_kind(unsigned k)
{
    return k == SIM_HZ_MASK_NOT_MEMBER || k == SIM_HZ_MASK_UNDEFINED_READ ||
           k == SIM_HZ_MASK_MISMATCH || k == SIM_HZ_MASK_DEADLOCK;
}

static void make_key(const sim_program *p, const sim_hz *h, uint64_t key[2])
{
    const sim_src *s = h->op < p->ncode ? &p->src[h->op] : NULL;
    uint64_t file = s ? s->file : 0, line = s ? s->line : 0;
    uint64_t line2 = h->op2 != SIM_NONE ? sim_op_line(p, h->op2) : h->line2;
    if (!line) line = (uint64_t)h->op << 20; /* no source line: keep ops apart */
    key[0] = (uint64_t)h->kind << 56 | file << 40 | line;
    key[1] = line2 << 32 | (is_mask_kind(h->kind) ? h->mask : 0);
}

static bool earlier(const sim_hz *a, const sim_hz *b)
{
    if (a->warp != b->warp) return a->warp < b->warp;
    return a->lane < b->lane;
}

void sim_hz_add(sim_block *b, const sim_hz *h)
{
    if (h->kind == SIM_HZ_OOB || h->kind == SIM_HZ_MISALIGNED) b->fault = true;
    if (!(b->checks & check_bit((sim_hazard_kind)h->kind))) return;
    uint64_t key[2];
    make_key(b->prog, h, key);
    for (size_t i = 0; i < b->hz.n; i++) {
        sim_hzrec *r = &b->hz.v[i];
        if (r->key[0] != key[0] || r->key[1] != key[1]) continue;
        r->instances++;
        r->warps |= 1u << h->warp;
        if (earlier(h, &r->first)) r->first = *h;
        return;
    }
    if (b->hz.n == b->hz.cap) {
        b->hz.cap = b->hz.cap ? b->hz.cap * 2 : 8;
        b->hz.v = cl_realloc(b->hz.v, b->hz.cap * sizeof *b->hz.v);
    }
    sim_hzrec *r = &b->hz.v[b->hz.n++];
    r->first = *h;
    r->key[0] = key[0];
    r->key[1] = key[1];
    r->warps = 1u << h->warp;
    r->instances = 1;
}

void sim_hzset_free(sim_hzset *s)
{
    free(s->v);
    memset(s, 0, sizeof *s);
}
