/* hazard.c - hazard instances folded into records: identical hazards (same
 * kind, line, other line, and for mask hazards the same mask) are one record
 * that counts the distinct (block, warp) pairs it happened in and every
 * instance, and keeps the first instance (lowest block, warp, lane). Records
 * are found through a hash of that key, and their number is capped: past
 * SIM_BLOCK_HAZARDS distinct ones a block folds each new one into one
 * overflow record of its kind, which counts them. */
#include "sim/internal.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Which of the emulator's checks (SIM_CHECK_*) each family's hazards obey:
 * a family whose check is off is not recorded; one with no row here is
 * always recorded. */
static const unsigned family_check[CL_FAMILY_COUNT] = {
    [CL_FAMILY_MASK] = SIM_CHECK_MASK,
    [CL_FAMILY_BARRIER] = SIM_CHECK_BARRIER,
    [CL_FAMILY_RACE] = SIM_CHECK_RACES,
    [CL_FAMILY_MEMORY] = SIM_CHECK_MEMORY,
    [CL_FAMILY_KERNEL] = SIM_CHECK_MEMORY,
    [CL_FAMILY_RESOURCES] = SIM_CHECK_MEMORY,
};

static bool checked(const sim_block *b, cl_hazard_kind k)
{
    unsigned bit = family_check[cl_hazard_family_of(k)];
    return !bit || (b->checks & bit);
}

sim_hz sim_hz_make(cl_hazard_kind kind, uint32_t op, unsigned warp, int lane)
{
    sim_hz h;
    /* the lanes' picture is read only where has_pic says it was drawn: a
       race instance (shadow.c) is made for every racing lane, and zeroing
       the picture each time was a fifth of a racy kernel's emulation */
    memset(&h, 0, offsetof(sim_hz, pic));
    h.detail[0] = '\0';
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
    return k == CL_HZ_MASK_NOT_MEMBER || k == CL_HZ_MASK_UNDEFINED_READ ||
           k == CL_HZ_MASK_MISMATCH || k == CL_HZ_MASK_DEADLOCK;
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

static uint64_t key_hash(const uint64_t key[2])
{
    uint64_t x = key[0] * 0x9e3779b97f4a7c15ull ^ key[1] * 0xc2b2ae3d27d4eb4full;
    return x ^ x >> 29;
}

static void grow_slots(sim_hzset *s)
{
    size_t n = s->nslot ? s->nslot * 2 : 64;
    free(s->slot);
    s->slot = cl_calloc(n, sizeof *s->slot);
    s->nslot = n;
    for (size_t i = 0; i < s->n; i++) {
        size_t j = key_hash(s->v[i].key) & (n - 1);
        while (s->slot[j]) j = (j + 1) & (n - 1);
        s->slot[j] = (uint32_t)i + 1;
    }
}

static sim_hzrec *lookup(sim_hzset *s, const uint64_t key[2], size_t *at)
{
    size_t j = key_hash(key) & (s->nslot - 1);
    for (; s->slot[j]; j = (j + 1) & (s->nslot - 1)) {
        sim_hzrec *r = &s->v[s->slot[j] - 1];
        if (r->key[0] == key[0] && r->key[1] == key[1]) return r;
    }
    *at = j;
    return NULL;
}

/* Overflow records have a key no real hazard has: kind, all ones. */
static void overflow_key(unsigned kind, uint64_t key[2])
{
    key[0] = (uint64_t)kind << 56 | 0x00ffffffffffffffull;
    key[1] = ~0ull;
}

sim_hzrec *sim_hzset_find(sim_hzset *s, const uint64_t key[2], const sim_hz *h, size_t max, bool *fresh)
{
    *fresh = false;
    if (2 * (s->n + 1) > s->nslot) grow_slots(s);
    size_t at = 0;
    sim_hzrec *r = lookup(s, key, &at);
    if (r) return r;
    uint64_t ok[2];
    bool over = s->distinct >= max || key[1] == ~0ull; /* full, or an overflow record */
    if (over) {
        overflow_key(h->kind, ok);
        key = ok;
        if ((r = lookup(s, key, &at)) != NULL) return r;
    }
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 8;
        s->v = cl_realloc(s->v, s->cap * sizeof *s->v);
    }
    r = &s->v[s->n];
    memset(r, 0, sizeof *r);
    r->first = *h;
    r->key[0] = key[0];
    r->key[1] = key[1];
    s->slot[at] = (uint32_t)++s->n;
    if (!over) s->distinct++;
    *fresh = true;
    return r;
}

void sim_hzset_clear(sim_hzset *s)
{
    s->n = 0;
    s->distinct = 0;
    if (s->slot) memset(s->slot, 0, s->nslot * sizeof *s->slot);
}

void sim_hz_add(sim_block *b, const sim_hz *h)
{
    if (h->kind == CL_HZ_OOB || h->kind == CL_HZ_MISALIGNED) b->fault = true;
    if (!checked(b, (cl_hazard_kind)h->kind)) return;
    uint64_t key[2];
    make_key(b->prog, h, key);
    bool fresh;
    sim_hzrec *r = sim_hzset_find(&b->hz, key, h, SIM_BLOCK_HAZARDS, &fresh);
    if (r->key[1] == ~0ull) r->folded++; /* an instance past the cap */
    if (fresh) {
        r->warps = 1u << h->warp;
        r->instances = 1;
        return;
    }
    r->instances++;
    r->warps |= 1u << h->warp;
    if (earlier(h, &r->first)) r->first = *h;
}

void sim_hzset_free(sim_hzset *s)
{
    free(s->v);
    free(s->slot);
    memset(s, 0, sizeof *s);
}
