/* launch_result.c - the launch result: block results merged in block order into
 * hazard records (folded across blocks, ordered by their first instance),
 * each with a one-sentence message; the overall status; printf output with
 * block and thread, capped. */
#include "sim/internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>


typedef struct result_impl {
    sim_launch_result pub;
    CL_VEC(char *) strs;         /* strings the hazards point to */
    CL_VEC(uint64_t) first_block;
} result_impl;

sim_launch_result *sim_result_new(void);
void sim_result_build(sim_run *L, sim_launch_result *r);

sim_launch_result *sim_result_new(void)
{
    result_impl *ri = cl_calloc(1, sizeof *ri);
    return &ri->pub;
}

static const char *keep(result_impl *ri, char *s)
{
    CL_VEC_PUSH(&ri->strs, s);
    return s;
}

void sim_launch_result_free(sim_launch_result *r)
{
    if (!r) return;
    result_impl *ri = (result_impl *)r;
    for (size_t i = 0; i < ri->strs.n; i++) free(ri->strs.v[i]);
    free(ri->strs.v);
    free(ri->first_block.v);
    free(r->hazards);
    for (size_t i = 0; i < r->nprintf; i++) free(r->printf_lines[i].text);
    free(r->printf_lines);
    free(r->printf_text);
    free(ri);
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* snprintf for messages, which a long name may cut short (on purpose). */
static void __attribute__((format(printf, 3, 4))) say(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, n, fmt, ap);
    va_end(ap);
}

/* "read", "write" or "atomic": what the instruction at op does. */
static const char *access_word(const sim_program *p, uint32_t op)
{
    const ptx_insn *in = op < p->ncode ? p->src[op].in : NULL;
    if (!in) return "access";
    switch (in->op) {
    case PTX_OP_ld: case PTX_OP_ldu: return "read";
    case PTX_OP_st: return "write";
    case PTX_OP_atom: case PTX_OP_red: return "atomic";
    default: return "access";
    }
}

/* A shared byte by the array that holds it: "byte 64 of shared 's'", with
 * the offset in the block's shared memory when the array does not start at
 * 0; "shared byte 64" when no array is known. */
static void shared_place(const sim_program *p, uint64_t off, char *buf, size_t n)
{
    char name[128], at[32], whole[32];
    const sim_svar *v = sim_shared_var(p, off, name, sizeof name);
    cl_group_digits(whole, sizeof whole, off);
    if (!v) {
        say(buf, n, "shared byte %s", whole);
        return;
    }
    cl_group_digits(at, sizeof at, off - v->off);
    if (v->off) say(buf, n, "byte %s of shared '%s' (shared byte %s)", at, name, whole);
    else say(buf, n, "byte %s of shared '%s'", at, name);
}

/* What an access missed: "'out'", or the space, for shared memory with its
 * last array ("the block's shared memory (128 bytes; its last array is
 * 'dyn')"). */
static void missed(const sim_run *L, const sim_hz *f, const sim_hazard *h, char *buf, size_t n)
{
    char size[32], name[128];
    cl_group_digits(size, sizeof size, h->alloc_size);
    if (h->alloc[0]) {
        say(buf, n, "'%s' (%s bytes)", h->alloc, size);
    } else if (f->space == PTX_SPACE_SHARED) {
        bool named = sim_shared_last(L->prog, name, sizeof name) != NULL;
        say(buf, n, "the block's shared memory (%s bytes%s%s%s)", size, named ? "; its last array is '" : "",
                 named ? name : "", named ? "'" : "");
    } else {
        say(buf, n, "%s (%s bytes)", f->space == PTX_SPACE_LOCAL ? "the thread's local memory"
                 : f->space == PTX_SPACE_PARAM ? "the parameters" : "the nearest allocation", size);
    }
}

/* CUDA's words for it, the alignment the access needs and the one its
 * address has (the largest power of two dividing it), and the allocation
 * it falls in: "misaligned address: a 16-byte global read at 0x7f0000000004
 * (byte 4 of 'in') needs a 16-byte aligned address; this one is 4-byte
 * aligned". */
static void misaligned_message(const sim_run *L, const sim_hz *f, sim_hazard *h, const char *head)
{
    const sim_region *r = f->region != SIM_NONE && f->region < L->m->mem.n ? &L->m->mem.v[f->region] : NULL;
    char in[192] = "", at[32];
    if (r) {
        cl_group_digits(at, sizeof at, f->addr - r->base);
        say(in, sizeof in, " (byte %s of '%s')", at, r->label);
    }
    uint64_t has = f->addr ? f->addr & (0 - f->addr) : f->size;
    say(h->message, sizeof h->message, "misaligned address: %s%s needs a %u-byte aligned address; this one is %llu-byte aligned",
        head, in, f->size, (unsigned long long)has);
}

/* Out-of-bounds distances are compute-sanitizer's: from the start of the
 * access to the allocation's last byte ("1 byte after" is the first byte past
 * the end) or to its first byte (space.c). */
static void memory_message(const sim_run *L, const sim_hz *f, sim_hazard *h)
{
    char dist[32], off[32], where[192], head[256], what[256];
    char *m = h->message;
    size_t n = sizeof h->message;
    cl_group_digits(dist, sizeof dist, (uint64_t)(f->dist < 0 ? -f->dist : f->dist));
    cl_group_digits(off + 1, sizeof off - 1, (int64_t)f->addr < 0 ? 0 - f->addr : f->addr);
    off[0] = '-'; /* an offset below an own space is negative: "shared byte -4" */
    bool own_space = f->space == PTX_SPACE_SHARED || f->space == PTX_SPACE_LOCAL || f->space == PTX_SPACE_PARAM;
    if (f->space == PTX_SPACE_SHARED && f->kind == CL_HZ_MISALIGNED)
        shared_place(L->prog, f->addr, where, sizeof where);
    else if (own_space)
        snprintf(where, sizeof where, "%s byte %s", h->space, off + ((int64_t)f->addr >= 0)); /* an offset in its space */
    else
        snprintf(where, sizeof where, "0x%llx", (unsigned long long)f->addr);
    say(head, sizeof head, "a %u-byte %s %s at %s", f->size, h->space, access_word(L->prog, f->op), where);
    missed(L, f, h, what, sizeof what);
    const char *unit = f->dist == 1 || f->dist == -1 ? "byte" : "bytes";
    if (f->kind == CL_HZ_MISALIGNED)
        misaligned_message(L, f, h, head);
    else if (!own_space && f->addr < 65536)
        say(m, n, "%s dereferences a null pointer", head);
    else if (f->region == SIM_NONE && !strcmp(h->space, "global") && !L->m->mem.n)
        say(m, n, "%s hits no allocation", head);
    else if (f->dist > 0 && h->alloc_size == 0) /* (an empty space has no last byte) */
        say(m, n, "%s is out of bounds: there is no byte to access in %s", head, what);
    else if (f->dist == 1)
        say(m, n, "%s is out of bounds: it starts %s %s after the last byte of %s, just past its end", head, dist,
            unit, what);
    else if (f->dist > 0) {
        char past[32];
        cl_group_digits(past, sizeof past, (uint64_t)(f->dist - 1));
        say(m, n, "%s is out of bounds: it starts %s %s after the last byte of %s, %s %s past its end", head, dist,
            unit, what, past, f->dist == 2 ? "byte" : "bytes");
    }
    else if (f->dist < 0)
        say(m, n, "%s is out of bounds: it starts %s %s before the start of %s", head, dist, unit, what);
    else
        say(m, n, "%s is out of bounds: it starts inside %s and runs past its end", head, what);
    if (f->space == PTX_SPACE_SHARED && L->prog->dynamic_shared && L->dyn_shared == 0) {
        size_t k = strlen(h->message);
        snprintf(h->message + k, sizeof h->message - k,
                 "; the kernel uses dynamic shared memory (extern __shared__), and this day launches it with 0 bytes of it");
    }
}

/* The linear index of the hazard's block in L's grid. */
static uint64_t block_index(const sim_run *L, const sim_hazard *h)
{
    return h->block.x + (uint64_t)L->grid.x * (h->block.y + (uint64_t)L->grid.y * h->block.z);
}

static void message(const sim_run *L, const sim_hz *f, sim_hazard *h)
{
    char *m = h->message, where[192];
    size_t n = sizeof h->message;
    switch (h->kind) {
    case CL_HZ_MASK_UNDEFINED_READ:
        snprintf(m, n, "lane %d reads lane %d, %s (mask 0x%08x): the value is undefined", h->lane,
                 h->source_lane, f->detail, h->mask);
        if (strstr(f->detail, "mask"))
            snprintf(m, n, "lane %d reads lane %d, which mask 0x%08x does not name", h->lane, h->source_lane,
                     h->mask);
        break;
    case CL_HZ_MASK_NOT_MEMBER:
        snprintf(m, n, "lane %d runs a collective with mask 0x%08x, which does not name it", h->lane, h->mask);
        break;
    case CL_HZ_MASK_MISMATCH:
        snprintf(m, n, "lanes meet at one collective with different masks: %s", f->detail);
        break;
    case CL_HZ_MASK_DEADLOCK:
        snprintf(m, n, "a collective never completes: %s", f->detail);
        break;
    case CL_HZ_COLLECTIVE_DIVERGENT_PC:
        snprintf(m, n, "lanes %d and %d meet in one collective from different lines (%u and %u); the CUDA guide asks for the same program point",
                 h->lane, h->lane2, h->line, h->line2);
        break;
    case CL_HZ_ACTIVEMASK_REUSE:
        snprintf(m, n, "the mask 0x%08x comes from __activemask(), and the lanes active there are not guaranteed to be together here",
                 h->mask);
        break;
    case CL_HZ_TENSOR_DIVERGENT:
        snprintf(m, n, "a tensor-core instruction (wmma, mma.sync, ldmatrix) without its whole warp: %s", f->detail);
        break;
    case CL_HZ_TENSOR_FRAGMENT:
        snprintf(m, n, "a tensor-core fragment used as it was not made: %s", f->detail);
        break;
    case CL_HZ_TENSOR_ALIGN:
        snprintf(m, n, "a tensor-core load or store from a misaligned address: %s", f->detail);
        break;
    case CL_HZ_BARRIER_DIVERGENT:
        if (h->line == h->line2)
            snprintf(m, n, "threads of one block meet at different copies of the barrier at line %u (in different turns of its loop)", h->line);
        else
            snprintf(m, n, "threads of one block meet at different barriers (lines %u and %u)", h->line, h->line2);
        break;
    case CL_HZ_BARRIER_DEADLOCK:
        snprintf(m, n, "a barrier never completes: %s", f->detail);
        break;
    case CL_HZ_BARRIER_CONDITIONAL:
        snprintf(m, n, "the barrier at line %u is under a condition (line %u) that differs across the block: %s",
                 h->line, h->line2, f->detail);
        break;
    case CL_HZ_BARRIER_AFTER_EXIT:
        snprintf(m, n, "the barrier at line %u completed only because threads exited (at line %u): %s",
                 h->line, h->line2, f->detail);
        break;
    case CL_HZ_BARRIER_COUNT:
        snprintf(m, n, "bad barrier: %s", f->detail);
        break;
    case CL_HZ_GRID_SYNC:
        if (f->size)
            say(m, n, "block %llu returned (line %u) before the grid-wide sync at line %u that %s at: "
                           "every block of a cooperative launch must reach each grid.sync(), and on a GPU this "
                           "launch never ends", (unsigned long long)f->addr, h->line2, h->line, f->detail);
        else
            say(m, n, "the blocks of the cooperative launch wait for each other forever (%s; block %llu at line %u): "
                           "on a GPU this launch never ends", f->detail, (unsigned long long)f->addr, h->line);
        break;
    case CL_HZ_RACE_SHARED:
    case CL_HZ_RACE_WARP:
        shared_place(L->prog, h->address, where, sizeof where);
        snprintf(m, n, "thread %u (line %u) and thread %u (line %u) touch %s with no %s%s between, and one writes",
                 h->warp * 32 + (unsigned)h->lane, h->line, h->thread2, h->line2, where,
                 h->kind == CL_HZ_RACE_WARP ? "__syncwarp()" : "__syncthreads()",
                 strstr(f->detail, "not ordered") ? " nor release/acquire pair" : "");
        break;
    case CL_HZ_RACE_ASYNC:
        shared_place(L->prog, h->address, where, sizeof where);
        say(m, n, "thread %u %s %s (line %u) while the cp.async of thread %u (line %u) that copies into it is still pending: "
                       "a copy lands at some time before its wait_group, so the %s may see the old bytes or the new",
                 h->warp * 32 + (unsigned)h->lane, strncmp(f->detail, "write", 5) ? "reads" : "writes", where, h->line,
                 h->thread2, h->line2, strncmp(f->detail, "write", 5) ? "read" : "write");
        break;
    case CL_HZ_RACE_GLOBAL: {
        uint64_t bi = block_index(L, h);
        const sim_region *r = f->region < L->m->mem.n ? &L->m->mem.v[f->region] : NULL;
        say(where, sizeof where, "byte %llu of '%s'", (unsigned long long)(r ? f->addr - r->base : f->addr),
            r ? r->label : "?");
        if (f->detail[0] == 't' && f->detail[1] == 'r') /* another thread of this block stored, this epoch */
            say(m, n, "thread %u of block %llu reads %s (line %u), which thread %u of the same block stored "
                      "(line %u) with no %s between: on a GPU the read may come before the store",
                h->warp * 32 + (unsigned)h->lane, (unsigned long long)bi, where, h->line, h->thread2, h->line2,
                f->detail[2] == 'w' ? "__syncwarp()" : "__syncthreads()");
        else if (f->detail[0] == 't' && f->detail[2] == 'x') /* a thread of another warp read, this epoch */
            say(m, n, "thread %u of block %llu stores to %s (line %u), which a thread of another warp of the "
                      "same block read earlier with no __syncthreads() between: on a GPU the read may come after "
                      "the store and see its value",
                h->warp * 32 + (unsigned)h->lane, (unsigned long long)bi, where, h->line);
        else if (f->detail[0] == 't') /* another thread of this block read, this epoch */
            say(m, n, "thread %u of block %llu stores to %s (line %u), which thread %u of the same block read "
                      "earlier with no %s between: on a GPU the read may come after the store and see its value",
                h->warp * 32 + (unsigned)h->lane, (unsigned long long)bi, where, h->line, h->thread2,
                f->detail[2] == 'w' ? "__syncwarp()" : "__syncthreads()");
        else
            say(m, n, "block %llu reads %s (line %u), which block %s stored (line %u) in this launch: on a GPU "
                      "blocks run at once, in any order, and nothing orders that store before this read",
                (unsigned long long)bi, where, h->line, f->detail, h->line2);
        break;
    }
    case CL_HZ_RACE_SCOPE: {
        unsigned long long other = 0;
        int mine_cta = 0, other_cta = 0;
        sscanf(f->detail, "%llu %1d%1d", &other, &mine_cta, &other_cta);
        const sim_region *r = f->region < L->m->mem.n ? &L->m->mem.v[f->region] : NULL;
        say(where, sizeof where, "byte %llu of '%s'", (unsigned long long)(r ? f->addr - r->base : f->addr),
            r ? r->label : "?");
        say(m, n, "blocks %llu (line %u) and %llu (line %u) both update %s with atomics, and %s of block "
                  "scope (atom.cta: atomicAdd_block and the like), atomic only among the threads of its "
                  "own block: on a GPU blocks run at once, so the two updates race and one may be lost",
            other, h->line2, (unsigned long long)block_index(L, h), h->line, where,
            mine_cta && other_cta ? "both are" : other_cta ? "the first is" : "the second is");
        break;
    }
    case CL_HZ_OOB:
    case CL_HZ_MISALIGNED:
        memory_message(L, f, h);
        break;
    case CL_HZ_UNINIT_SHARED:
        shared_place(L->prog, h->address, where, sizeof where);
        snprintf(m, n, "reads %s, which no thread of the block had written yet", where);
        break;
    case CL_HZ_BUDGET: {
        char total[32], budget[32], lanes[32];
        uint64_t bi = block_index(L, h);
        cl_group_digits(total, sizeof total, L->nblocks);
        cl_group_digits(budget, sizeof budget, L->budget);
        cl_group_digits(lanes, sizeof lanes, f->addr);
        if (f->size == 2) /* the time cap (block.c's OUT_TIME) */
            snprintf(m, n, "block %llu of %s was still running line %u when the grade's cap on emulation time ran out, after %s lane instructions",
                     (unsigned long long)bi, total, h->line, lanes);
        else if (f->size == 1) /* the launch's work (OUT_WORK) */
            snprintf(m, n, "block %llu of %s was still running line %u when the launch's work ran past its cap, after %s lane instructions",
                     (unsigned long long)bi, total, h->line, lanes);
        else
            snprintf(m, n, "block %llu of %s ran past its budget of %s warp instructions at line %u, after %s lane instructions%s",
                     (unsigned long long)bi, total, budget, h->line, lanes,
                     bi ? " (every block before it had finished)" : "");
        break;
    }
    case CL_HZ_OVER_ALLOWANCE: {
        char ran[32], allow[32];
        cl_group_digits(ran, sizeof ran, f->addr);
        cl_group_digits(allow, sizeof allow, L->allowance);
        snprintf(m, n, "block %llu ran %s warp instructions, past the day's allowance of %s: it finished "
                       "and is judged on its outputs, but it does far more work than the reference",
                 (unsigned long long)block_index(L, h), ran, allow);
        break;
    }
    case CL_HZ_LIMIT:
        snprintf(m, n, "%s", f->detail);
        break;
    case CL_HZ_TRAP:
        if (L->prog->grid_handle)
            snprintf(m, n, "grid-wide sync needs a cooperative launch: this day launches kernels normally, "
                           "so this_grid() is not a valid group and its sync() traps at line %u", h->line);
        else if (f->detail[0])
            snprintf(m, n, "assert(%s) failed at line %u", f->detail, h->line);
        else
            snprintf(m, n, "trap (assert or __trap) at line %u", h->line);
        break;
    case CL_HZ_DIV_ZERO:
        snprintf(m, n, "integer division by zero at line %u: the result is undefined (the emulator gives all ones, or the dividend for %%)", h->line);
        break;
    default:
        snprintf(m, n, "%s", cl_hazard_name(h->kind));
        break;
    }
}

static const char *space_name(uint8_t s)
{
    return s == PTX_SPACE_SHARED ? "shared" : s == PTX_SPACE_LOCAL ? "local" : s == PTX_SPACE_PARAM ? "param"
         : s == PTX_SPACE_CONST ? "const" : "global";
}

static void fill(result_impl *ri, const sim_run *L, const sim_hzrec *rec, uint64_t block, sim_hazard *h)
{
    const sim_program *p = L->prog;
    const sim_hz *f = &rec->first;
    memset(h, 0, sizeof *h);
    h->kind = (cl_hazard_kind)f->kind;
    h->severity = cl_hazard_severity(h->kind);
    h->kernel = keep(ri, cl_strdup(p->kernel->plain));
    h->kernel_mangled = keep(ri, cl_strdup(p->kernel->name));
    const sim_src *s = f->op < p->ncode ? &p->src[f->op] : NULL;
    const char *path = s && s->file < p->nfiles && p->files[s->file] ? p->files[s->file] : "";
    h->path = keep(ri, cl_strdup(path));
    h->file = keep(ri, cl_strdup(base_name(path)));
    h->line = s ? s->line : 0;
    const sim_src *s2 = f->op2 != SIM_NONE && f->op2 < p->ncode ? &p->src[f->op2] : NULL;
    uint32_t file2 = s2 ? s2->file : f->file2;
    h->line2 = s2 ? s2->line : f->line2;
    h->file2 = keep(ri, cl_strdup(file2 < p->nfiles && p->files[file2] && h->line2 ? base_name(p->files[file2]) : ""));
    char dis[256] = "";
    if (s && s->in) ptx_disasm_insn(p->mod, s->fn, s->in, dis, sizeof dis);
    h->ptx = keep(ri, cl_strdup(dis));
    h->block.x = (unsigned)(block % L->grid.x);
    h->block.y = (unsigned)(block / L->grid.x % L->grid.y);
    h->block.z = (unsigned)(block / ((uint64_t)L->grid.x * L->grid.y));
    h->warp = f->warp;
    h->lane = f->lane;
    h->lane2 = f->lane2;
    h->thread2 = f->thread2;
    h->mask = f->mask;
    h->source_lane = f->source;
    h->has_picture = f->has_pic;
    if (f->has_pic) memcpy(h->picture, f->pic, sizeof h->picture);
    h->address = f->addr;
    h->space = space_name(f->space);
    h->access_size = f->size;
    h->distance = f->dist;
    const sim_region *r = f->region != SIM_NONE && f->region < L->m->mem.n ? &L->m->mem.v[f->region] : NULL;
    h->alloc = keep(ri, cl_strdup(r ? r->label : ""));
    h->alloc_size = r ? r->size : f->space_size;
    message(L, f, h);
    sim_hazard_advice(L, f, h);
}

/* The blocks' records folded across blocks (in block order, so the first
 * instance is the lowest block's), through a hash of their keys, at most
 * SIM_LAUNCH_HAZARDS distinct ones and an overflow record a kind. */
typedef struct merged {
    uint64_t block, count, instances, folded;
} merged;

static void merge_hazards(result_impl *ri, sim_run *L, uint64_t last)
{
    sim_launch_result *r = &ri->pub;
    sim_hzset all = {0};
    CL_VEC(merged) info = {0};
    for (size_t ri_ = 0; ri_ < L->nresults && L->results[ri_]->index <= last; ri_++) {
        sim_block_result *br = L->results[ri_];
        for (size_t k = 0; k < br->hz.n; k++) {
            const sim_hzrec *rec = &br->hz.v[k];
            bool fresh;
            sim_hzrec *into = sim_hzset_find(&all, rec->key, &rec->first, SIM_LAUNCH_HAZARDS, &fresh);
            if (fresh) CL_VEC_PUSH(&info, ((merged){br->index, 0, 0, 0}));
            merged *mi = &info.v[into - all.v];
            mi->count += (uint64_t)__builtin_popcount(rec->warps);
            mi->instances += rec->instances;
            mi->folded += into->key[1] == ~0ull ? (rec->key[1] == ~0ull ? rec->folded : rec->instances) : 0;
        }
    }
    r->hazards = all.n ? cl_calloc(all.n, sizeof *r->hazards) : NULL;
    for (size_t i = 0; i < all.n; i++) {
        sim_hazard *h = &r->hazards[r->nhazards++];
        fill(ri, L, &all.v[i], info.v[i].block, h);
        h->count = info.v[i].count;
        h->instances = info.v[i].instances;
        if (info.v[i].folded) {
            size_t len = strlen(h->message);
            snprintf(h->message + len, sizeof h->message - len,
                     " (the list of hazards is capped: %llu more instances of this kind, at other lines or masks, are counted here)",
                     (unsigned long long)info.v[i].folded);
        }
        CL_VEC_PUSH(&ri->first_block, info.v[i].block);
    }
    free(info.v);
    sim_hzset_free(&all);
}

/* Order: block, warp, lane of the first instance, then as merged; except
 * that races between lanes of one warp come after every other hazard. A
 * missing __syncthreads() races both across warps and inside them, and the
 * first race listed (the one the check's detail shows) is then one across
 * warps, whose fix, __syncthreads(), orders the warp too; a race inside a
 * warp alone is still listed, and first among races where it is the only
 * kind. A barrier under a condition that splits the block comes before the
 * rest: the barriers its left-out threads meet instead are its consequence,
 * and the check's detail names the cause. */
typedef struct order {
    sim_hazard h;
    uint64_t block;
    size_t at;
} order;

static int by_first(const void *pa, const void *pb)
{
    const order *a = pa, *b = pb;
    bool aw = a->h.kind == CL_HZ_RACE_WARP, bw = b->h.kind == CL_HZ_RACE_WARP;
    if (aw != bw) return aw ? 1 : -1;
    /* a barrier under a condition that splits the block first: the threads
       it leaves out meet at other barriers, whose hazards follow from it */
    bool ac = a->h.kind == CL_HZ_BARRIER_CONDITIONAL, bc = b->h.kind == CL_HZ_BARRIER_CONDITIONAL;
    if (ac != bc) return ac ? -1 : 1;
    if (a->block != b->block) return a->block < b->block ? -1 : 1;
    if (a->h.warp != b->h.warp) return a->h.warp < b->h.warp ? -1 : 1;
    if (a->h.lane != b->h.lane) return a->h.lane < b->h.lane ? -1 : 1;
    return a->at < b->at ? -1 : a->at > b->at;
}

static void sort_hazards(result_impl *ri)
{
    sim_launch_result *r = &ri->pub;
    if (r->nhazards < 2) return;
    order *o = cl_malloc(r->nhazards * sizeof *o);
    for (size_t i = 0; i < r->nhazards; i++) o[i] = (order){r->hazards[i], ri->first_block.v[i], i};
    qsort(o, r->nhazards, sizeof *o, by_first);
    for (size_t i = 0; i < r->nhazards; i++) {
        r->hazards[i] = o[i].h;
        ri->first_block.v[i] = o[i].block;
    }
    free(o);
}

static void merge_printf(sim_run *L, sim_launch_result *r, uint64_t last)
{
    size_t max_bytes = L->printf_bytes, max_lines = L->printf_lines;
    cl_str all = {0};
    size_t kept_bytes = 0, cap = 0;
    for (size_t ri_ = 0; ri_ < L->nresults && L->results[ri_]->index <= last; ri_++) {
        sim_block_result *br = L->results[ri_];
        uint64_t bi = br->index;
        r->printf_dropped_lines += br->pdrop_lines;
        r->printf_dropped_bytes += br->pdrop_bytes;
        for (size_t k = 0; k < br->nplines; k++) {
            const sim_printf_rec *pr = &br->plines[k];
            if (r->nprintf >= max_lines || kept_bytes + pr->len > max_bytes) {
                r->printf_dropped_lines++;
                r->printf_dropped_bytes += pr->len;
                continue;
            }
            if (r->nprintf == cap) {
                cap = cap ? cap * 2 : 16;
                r->printf_lines = cl_realloc(r->printf_lines, cap * sizeof *r->printf_lines);
            }
            sim_printf_line *pl = &r->printf_lines[r->nprintf++];
            pl->block.x = (unsigned)(bi % L->grid.x);
            pl->block.y = (unsigned)(bi / L->grid.x % L->grid.y);
            pl->block.z = (unsigned)(bi / ((uint64_t)L->grid.x * L->grid.y));
            pl->thread = pr->thread;
            pl->text = cl_strndup(br->ptext + pr->text, pr->len);
            kept_bytes += pr->len;
            cl_str_addf(&all, "[block (%u,%u,%u) thread (%u,%u,%u)] %s", pl->block.x, pl->block.y, pl->block.z,
                        pl->thread.x, pl->thread.y, pl->thread.z, pl->text);
            if (!pr->len || pl->text[pr->len - 1] != '\n') cl_str_addc(&all, '\n');
        }
    }
    if (r->printf_dropped_lines)
        cl_str_addf(&all, "[printf: %zu more lines (%zu bytes) dropped]\n", r->printf_dropped_lines,
                    r->printf_dropped_bytes);
    r->printf_text = cl_str_take(&all);
}

void sim_result_build(sim_run *L, sim_launch_result *r)
{
    result_impl *ri = (result_impl *)r;
    uint64_t stop = atomic_load(&L->stop_at), last = stop < L->nblocks ? stop : L->nblocks - 1;
    r->status = SIM_COMPLETED;
    static const int rank[] = { 0, 4, 2, 3, 1 }; /* completed, trapped, deadlocked, budget, faulted */
    for (size_t i = 0; i < L->nresults && L->results[i]->index <= last; i++) {
        sim_block_result *br = L->results[i];
        if (rank[br->status] > rank[r->status]) r->status = br->status;
    }
    r->timed_out = r->status == SIM_BUDGET_EXHAUSTED && atomic_load(&L->timed_out);
    /* out of work: a block up to the stop stopped at the cap, or the blocks
       up to the stop ran more than it all told (blocks that ran at once may
       each have stopped short of it); either way the blocks in index order
       pass the cap, on one thread as on many */
    for (size_t i = 0; L->work_capped && i < L->nresults && L->results[i]->index <= last; i++)
        r->out_of_work = r->out_of_work || L->results[i]->out_of_work;
    if (L->work_capped && r->counters.work > L->work_cap) r->out_of_work = true;
    merge_hazards(ri, L, last);
    sort_hazards(ri);
    merge_printf(L, r, last);
    sim_counters *c = &r->counters;
    c->active_lanes = c->warp_instructions ? (double)c->lane_instructions / (double)c->warp_instructions : 0;
    c->shared_accesses = c->shared_load_requests + c->shared_store_requests;
}
