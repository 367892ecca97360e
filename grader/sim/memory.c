/* memory.c - the machine and its device memory: a sorted table of labelled
 * allocations in a 64-bit address space with gaps between them, host copies
 * in and out, and module variables allocated on first use. */
#include "sim/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define SIM_ALLOC_ALIGN 256u
#define SIM_ALLOC_GAP (1ull << 20) /* unmapped bytes between allocations */

void sim_assert_fail(const char *what, const char *file, int line)
{
    fprintf(stderr, "cudalab: internal error in the emulator: %s (%s:%d)\n", what, file, line);
    abort();
}

sim_machine *sim_new(const sim_options *opt)
{
    sim_machine *m = cl_calloc(1, sizeof *m);
    if (opt) m->opt = *opt;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    m->threads = m->opt.threads ? m->opt.threads : (unsigned)(cores > 0 ? cores : 1);
    if (m->threads > 256) m->threads = 256;
    return m;
}

void sim_set_budget(sim_machine *m, uint64_t warp_instructions, uint64_t allowance)
{
    m->opt.budget = warp_instructions;
    m->opt.allowance = allowance;
}

void sim_set_deadline(sim_machine *m, uint64_t deadline_ns)
{
    m->opt.deadline_ns = deadline_ns;
}

void sim_set_work(sim_machine *m, bool capped, uint64_t warp_instructions)
{
    m->work_capped = capped;
    m->work_cap = warp_instructions;
}

uint64_t sim_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

void sim_free(sim_machine *m)
{
    if (!m) return;
    for (size_t i = 0; i < m->mem.n; i++) {
        free(m->mem.v[i].host);
        free(m->mem.v[i].label);
        sim_watch_forget(m, &m->mem.v[i]);
    }
    sim_watch_free_pool(m);
    free(m->mem.v);
    for (int i = 0; i < SIM_SPARES; i++) free(m->spare[i]);
    for (size_t i = 0; i < m->nmods; i++) free(m->mods[i].addr);
    free(m->mods);
    free(m);
}

const sim_region *sim_mem_find(const sim_memory *mem, uint64_t addr, uint64_t n, size_t *hint)
{
    if (hint && *hint < mem->n) {
        const sim_region *r = &mem->v[*hint];
        if (addr >= r->base && addr - r->base <= r->size && n <= r->size - (addr - r->base)) return r;
    }
    size_t lo = 0, hi = mem->n;
    while (lo < hi) { /* first region with base > addr */
        size_t mid = (lo + hi) / 2;
        if (mem->v[mid].base <= addr) lo = mid + 1;
        else hi = mid;
    }
    if (lo == 0) return NULL;
    const sim_region *r = &mem->v[lo - 1];
    if (addr - r->base > r->size || n > r->size - (addr - r->base)) return NULL;
    if (hint) *hint = lo - 1;
    return r;
}

const sim_region *sim_mem_nearest(const sim_memory *mem, uint64_t addr)
{
    const sim_region *best = NULL;
    uint64_t bestd = UINT64_MAX;
    for (size_t i = 0; i < mem->n; i++) {
        const sim_region *r = &mem->v[i];
        uint64_t d = addr < r->base ? r->base - addr
                   : addr >= r->base + r->size ? addr - (r->base + r->size) + 1 : 0;
        if (d < bestd) {
            bestd = d;
            best = r;
        }
    }
    return best;
}

/* Host memory for an allocation; its contents are undefined, as malloc's.
 * A large one is aligned to 2 MiB and asked to be huge pages (128 page
 * faults for 256 MiB instead of 65,536), and when freed it is kept as a
 * spare (the last SIM_SPARES freed) for the next large allocation that fits
 * one: a grade allocates the same inputs and outputs once for each kernel
 * and size, and the kernel's zeroing of fresh pages costs more than the
 * copy into them. */
#define HUGE_PAGE ((size_t)2 << 20)

static size_t host_bytes(size_t bytes)
{
    return bytes < 2 * HUGE_PAGE ? 0 : (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
}

static void *host_alloc(sim_machine *m, size_t bytes)
{
    size_t n = host_bytes(bytes);
    if (!n) return malloc(bytes ? bytes : 1);
    int best = -1; /* the smallest spare that fits, and is at most twice the size */
    for (int i = 0; i < SIM_SPARES; i++)
        if (m->spare[i] && m->spare_bytes[i] >= n && m->spare_bytes[i] / 2 <= n &&
            (best < 0 || m->spare_bytes[i] < m->spare_bytes[best]))
            best = i;
    if (best >= 0) {
        void *p = m->spare[best];
        m->spare[best] = NULL;
        return p;
    }
    void *p = aligned_alloc(HUGE_PAGE, n);
    if (p) madvise(p, n, MADV_HUGEPAGE);
    return p;
}

static void host_free(sim_machine *m, void *p, size_t bytes)
{
    size_t n = host_bytes(bytes);
    if (!n) {
        free(p);
        return;
    }
    int slot = 0; /* an empty slot, else the oldest spare goes */
    for (int i = 0; i < SIM_SPARES; i++)
        if (!m->spare[i] || m->spare_age[i] < m->spare_age[slot]) {
            slot = i;
            if (!m->spare[i]) break;
        }
    free(m->spare[slot]);
    m->spare[slot] = p;
    m->spare_bytes[slot] = n;
    m->spare_age[slot] = ++m->spare_clock;
}

/* A region of `bytes` at base, in the sorted table. */
static cl_status place(sim_machine *m, size_t bytes, const char *label, uint64_t base, cl_error *err)
{
    if (bytes > SIM_MAX_DEVICE || m->mem_bytes + bytes > SIM_MAX_DEVICE)
        return cl_fail(err, CL_LIMIT, "", 0, 0,
                       "cannot allocate %zu bytes of device memory: the emulator holds at most %llu GiB",
                       bytes, (unsigned long long)(SIM_MAX_DEVICE >> 30));
    sim_region r = {0};
    r.base = base;
    r.size = bytes;
    r.host = host_alloc(m, bytes);
    if (!r.host)
        return cl_fail(err, CL_NOMEM, "", 0, 0, "out of memory for %zu bytes of device memory", bytes);
    r.label = cl_strdup(label ? label : "");
    size_t at = m->mem.n;
    while (at > 0 && m->mem.v[at - 1].base > base) at--;
    CL_VEC_PUSH(&m->mem, r);
    memmove(&m->mem.v[at + 1], &m->mem.v[at], (m->mem.n - 1 - at) * sizeof r);
    m->mem.v[at] = r;
    m->mem_bytes += bytes;
    return CL_OK;
}

/* The first address past [base, base + bytes) and its gap, aligned. */
static uint64_t after(uint64_t base, uint64_t bytes)
{
    uint64_t end = base + (bytes ? bytes : 1) + SIM_ALLOC_GAP;
    return (end + SIM_ALLOC_ALIGN - 1) & ~(uint64_t)(SIM_ALLOC_ALIGN - 1);
}

cl_status sim_alloc(sim_machine *m, size_t bytes, const char *label, uint64_t *addr, cl_error *err)
{
    uint64_t base = SIM_GLOBAL_BASE; /* just past the highest live allocation */
    for (size_t i = 0; i < m->mem.n; i++) {
        const sim_region *r = &m->mem.v[i];
        if (r->base < SIM_MODVAR_BASE && after(r->base, r->size) > base) base = after(r->base, r->size);
    }
    cl_status st = place(m, bytes, label, base, err);
    if (st == CL_OK) *addr = base;
    return st;
}

static long find_base(const sim_machine *m, uint64_t addr)
{
    for (size_t i = 0; i < m->mem.n; i++)
        if (m->mem.v[i].base == addr) return (long)i;
    return -1;
}

void sim_mark_scratch(sim_machine *m, uint64_t addr)
{
    long i = find_base(m, addr);
    if (i >= 0) m->mem.v[i].scratch = true;
}

cl_status sim_free_mem(sim_machine *m, uint64_t addr, cl_error *err)
{
    long i = find_base(m, addr);
    if (i < 0)
        return cl_fail(err, CL_USAGE, "", 0, 0, "0x%llx is not the start of an allocation",
                       (unsigned long long)addr);
    m->mem_bytes -= m->mem.v[i].size;
    host_free(m, m->mem.v[i].host, m->mem.v[i].size);
    free(m->mem.v[i].label);
    sim_watch_forget(m, &m->mem.v[i]);
    memmove(&m->mem.v[i], &m->mem.v[i + 1], (m->mem.n - (size_t)i - 1) * sizeof m->mem.v[0]);
    m->mem.n--;
    return CL_OK;
}

static cl_status region_of(sim_machine *m, uint64_t addr, size_t n, uint8_t **host, cl_error *err)
{
    const sim_region *r = sim_mem_find(&m->mem, addr, n, NULL);
    if (!r)
        return cl_fail(err, CL_USAGE, "", 0, 0,
                       "[0x%llx, +%zu) is not inside one device allocation", (unsigned long long)addr, n);
    *host = r->host + (addr - r->base);
    return CL_OK;
}

cl_status sim_write(sim_machine *m, uint64_t addr, const void *src, size_t n, cl_error *err)
{
    uint8_t *h = NULL;
    cl_status st = region_of(m, addr, n, &h, err);
    if (st == CL_OK && n) memcpy(h, src, n);
    return st;
}

cl_status sim_read(sim_machine *m, void *dst, uint64_t addr, size_t n, cl_error *err)
{
    uint8_t *h = NULL;
    cl_status st = region_of(m, addr, n, &h, err);
    if (st == CL_OK && n) memcpy(dst, h, n);
    return st;
}

void *sim_host_view(sim_machine *m, uint64_t addr, size_t n)
{
    const sim_region *r = sim_mem_find(&m->mem, addr, n, NULL);
    return r ? r->host + (addr - r->base) : NULL;
}

cl_status sim_fill(sim_machine *m, uint64_t addr, int byte, size_t n, cl_error *err)
{
    uint8_t *h = NULL;
    cl_status st = region_of(m, addr, n, &h, err);
    if (st == CL_OK && n) memset(h, byte, n);
    return st;
}

/* ---- module variables ---- */

static sim_modvars *modvars(sim_machine *m, const ptx_module *mod)
{
    for (size_t i = 0; i < m->nmods; i++)
        if (m->mods[i].module_id == mod->id) return &m->mods[i];
    m->mods = cl_realloc(m->mods, (m->nmods + 1) * sizeof *m->mods);
    sim_modvars *mv = &m->mods[m->nmods];
    mv->module_id = mod->id;
    mv->addr = cl_calloc(mod->nsyms ? mod->nsyms : 1, sizeof *mv->addr);
    mv->bytes = 0;
    mv->next = SIM_MODVAR_BASE + (uint64_t)m->nmods * SIM_MODVAR_SPAN; /* past the last: the shared tail */
    m->nmods++;
    return mv;
}

/* Where module mv's next variable of `bytes` goes: in its window, or (past
 * the windows, or when its window is full) in the tail the machine's later
 * modules share, whose addresses then depend on which ran first (no grade
 * loads that many modules or variables). */
static uint64_t *cursor(sim_machine *m, sim_modvars *mv, uint64_t bytes)
{
    uint64_t slot = (mv->next - SIM_MODVAR_BASE) / SIM_MODVAR_SPAN;
    uint64_t end = SIM_MODVAR_BASE + (slot + 1) * SIM_MODVAR_SPAN;
    if (slot < SIM_MODVAR_SLOTS && after(mv->next, bytes) <= end) return &mv->next;
    if (!m->modvar_tail) m->modvar_tail = SIM_MODVAR_BASE + (uint64_t)SIM_MODVAR_SLOTS * SIM_MODVAR_SPAN;
    return &m->modvar_tail;
}

void sim_register_module(sim_machine *m, const ptx_module *mod)
{
    modvars(m, mod);
}

cl_status sim_module_var(sim_machine *m, const ptx_module *mod, uint32_t sym, uint64_t *addr,
                         cl_error *err)
{
    const ptx_symbol *s = &mod->syms[sym];
    sim_modvars *mv = modvars(m, mod);
    if (mv->addr[sym]) {
        *addr = mv->addr[sym];
        return CL_OK;
    }
    if (s->is_extern || s->unsized)
        return cl_fail(err, CL_UNSUPPORTED, mod->name, (int)s->line, 0,
                       "the extern variable '%s' is not defined in this module", s->name);
    if (s->size > SIM_MAX_MODULE_VARS || mv->bytes + s->size > SIM_MAX_MODULE_VARS) {
        /* not allocated: the launch is refused with a LIMIT hazard */
        if (!m->refused_var) m->refused_var = s;
        *addr = 0;
        return CL_OK;
    }
    uint64_t *at = cursor(m, mv, s->size), a = *at;
    cl_status st = place(m, s->size, s->name, a, err);
    if (st != CL_OK) return st;
    *at = after(a, s->size);
    mv->bytes += s->size;
    sim_region *r = (sim_region *)sim_mem_find(&m->mem, a, s->size, NULL);
    if (s->init) memcpy(r->host, s->init, s->size);
    else memset(r->host, 0, s->size);
    mv->addr[sym] = a;
    for (uint32_t i = 0; i < s->nrelocs; i++) { /* addresses of other variables */
        const ptx_reloc *rl = &s->relocs[i];
        const ptx_symbol *t = &mod->syms[rl->sym];
        uint64_t ta = 0;
        if (t->kind == PTX_SYM_VAR && (t->space == PTX_SPACE_GLOBAL || t->space == PTX_SPACE_CONST)) {
            if ((st = sim_module_var(m, mod, rl->sym, &ta, err)) != CL_OK) return st;
        }
        ta += (uint64_t)rl->addend;
        r = (sim_region *)sim_mem_find(&m->mem, a, s->size, NULL);
        if (rl->offset + 8 <= s->size) memcpy(r->host + rl->offset, &ta, 8);
    }
    *addr = a;
    return CL_OK;
}

cl_status sim_symbol(sim_machine *m, const ptx_module *mod, const char *name, uint64_t *addr,
                     size_t *size, cl_error *err)
{
    for (uint32_t i = 0; i < mod->nsyms; i++) {
        const ptx_symbol *s = &mod->syms[i];
        if (s->kind != PTX_SYM_VAR || s->func >= 0 || strcmp(s->name, name) != 0) continue;
        if (s->space != PTX_SPACE_GLOBAL && s->space != PTX_SPACE_CONST) break;
        if (size) *size = s->size;
        cl_status st = sim_module_var(m, mod, i, addr, err);
        if (st == CL_OK && !*addr)
            return cl_fail(err, CL_LIMIT, mod->name, (int)s->line, 0,
                           "'%s' is larger than the emulator gives a module's variables", name);
        return st;
    }
    return cl_fail(err, CL_NOT_FOUND, mod->name, 0, 0, "no .global or .const variable '%s'", name);
}
