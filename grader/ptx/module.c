/* module.c - what a parsed module tells its users: kernels, their parameters
 * and how to pack them, the .file table, source locations; the type,
 * special-register and format tables. */
#include "ptx/ir.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- tables ---- */

static const struct { const char *name; unsigned bytes; ptx_type_kind kind; } type_rows[] = {
    { "", 0, PTX_K_NONE },
#define PTX_TYPE_ROW(name, bytes, kind) { #name, bytes, PTX_K_##kind },
    PTX_TYPES(PTX_TYPE_ROW)
#undef PTX_TYPE_ROW
};

unsigned ptx_type_size(ptx_type t)
{
    return (unsigned)t < PTX_T_COUNT ? type_rows[t].bytes : 0;
}

ptx_type_kind ptx_type_kind_of(ptx_type t)
{
    return (unsigned)t < PTX_T_COUNT ? type_rows[t].kind : PTX_K_NONE;
}

const char *ptx_type_name(ptx_type t)
{
    return (unsigned)t < PTX_T_COUNT ? type_rows[t].name : "?";
}

ptx_type ptx_type_from_name(const char *s, size_t n)
{
    for (int t = 1; t < PTX_T_COUNT; t++)
        if (strlen(type_rows[t].name) == n && memcmp(type_rows[t].name, s, n) == 0)
            return (ptx_type)t;
    return PTX_T_NONE;
}

static const struct { const char *text; unsigned bits; } sreg_rows[] = {
#define PTX_SREG_ROW(id, text, bits) { text, bits },
    PTX_SREGS(PTX_SREG_ROW)
#undef PTX_SREG_ROW
};

bool ptx_builtin_function(const char *name)
{
    return strcmp(name, "vprintf") == 0 || strcmp(name, "__assertfail") == 0;
}

const char *ptx_sreg_name(ptx_sreg s)
{
    return (unsigned)s < PTX_SREG_COUNT ? sreg_rows[s].text : "?";
}

unsigned ptx_sreg_bits(ptx_sreg s)
{
    return (unsigned)s < PTX_SREG_COUNT ? sreg_rows[s].bits : 0;
}

const char *ptx_space_name(ptx_space s)
{
    static const char *const names[] = { "", "global", "shared", "local", "param", "const", "reg" };
    return (unsigned)s < PTX_SPACE_COUNT ? names[s] : "?";
}

const char *ptx_format_synopsis(ptx_format f)
{
    static const char *const syn[] = {
#define PTX_FMT_SYN(name, syn, slots) syn,
        PTX_FORMATS(PTX_FMT_SYN)
#undef PTX_FMT_SYN
    };
    return (unsigned)f < PTX_FMT_COUNT ? (syn[f][0] ? syn[f] : "no operands") : "?";
}

/* ---- the module ---- */

unsigned ptx_module_target(const ptx_module *m) { return m->target; }
unsigned ptx_module_version(const ptx_module *m) { return m->version; }
size_t ptx_entry_count(const ptx_module *m) { return m->nentries; }

static const ptx_function *entry(const ptx_module *m, size_t i)
{
    return i < m->nentries ? &m->funcs[m->entries[i]] : NULL;
}

const char *ptx_entry_name(const ptx_module *m, size_t i)
{
    const ptx_function *f = entry(m, i);
    return f ? f->name : NULL;
}

const char *ptx_entry_plain_name(const ptx_module *m, size_t i)
{
    const ptx_function *f = entry(m, i);
    return f ? f->plain : NULL;
}

long ptx_find_entry(const ptx_module *m, const char *name)
{
    long found = -1;
    for (size_t i = 0; i < m->nentries; i++)
        if (strcmp(entry(m, i)->name, name) == 0) return (long)i;
    for (size_t i = 0; i < m->nentries; i++) {
        if (strcmp(entry(m, i)->plain, name) != 0) continue;
        if (found >= 0) return -1; /* ambiguous */
        found = (long)i;
    }
    return found;
}

size_t ptx_entry_param_count(const ptx_module *m, size_t i)
{
    const ptx_function *f = entry(m, i);
    return f ? f->nparams : 0;
}

const ptx_param_info *ptx_entry_param(const ptx_module *m, size_t i, size_t p)
{
    const ptx_function *f = entry(m, i);
    return f && p < f->nparams ? &f->params[p].info : NULL;
}

size_t ptx_entry_param_size(const ptx_module *m, size_t i)
{
    const ptx_function *f = entry(m, i);
    return f ? f->param_size : 0;
}

cl_status ptx_pack_params(const ptx_module *m, size_t e, const uint64_t *value, size_t count,
                          void *blob, cl_error *err)
{
    const ptx_function *f = entry(m, e);
    if (!f) return cl_fail(err, CL_NOT_FOUND, m->name, 0, 0, "no kernel number %zu", e);
    if (count != f->nparams)
        return cl_fail(err, CL_SIGNATURE, m->name, (int)f->line, 0,
                       "kernel %s takes %u parameters, %zu given", f->plain, f->nparams, count);
    memset(blob, 0, f->param_size);
    for (size_t p = 0; p < count; p++) {
        const ptx_param_info *pi = &f->params[p].info;
        if (pi->size > 8)
            return cl_fail(err, CL_SIGNATURE, m->name, (int)f->line, 0,
                           "parameter %zu of %s is a %u-byte aggregate", p, f->plain, pi->size);
        memcpy((char *)blob + pi->offset, &value[p], pi->size); /* little-endian */
    }
    return CL_OK;
}

size_t ptx_entry_static_shared(const ptx_module *m, size_t i)
{
    const ptx_function *f = entry(m, i);
    if (!f) return 0;
    size_t total = 0;
    for (uint32_t s = 0; s < m->nsyms; s++) {
        const ptx_symbol *y = &m->syms[s];
        if (y->kind != PTX_SYM_VAR || y->space != PTX_SPACE_SHARED || y->unsized) continue;
        if (y->func >= 0 && y->func != (int32_t)m->entries[i]) continue;
        total = (total + y->align - 1) / y->align * y->align + y->size;
    }
    return total;
}

size_t ptx_file_count(const ptx_module *m) { return m->nfiles; }

const char *ptx_file_path(const ptx_module *m, size_t index)
{
    return index < m->nfiles ? m->files[index] : NULL;
}

size_t ptx_function_count(const ptx_module *m) { return m->nfuncs; }

const char *ptx_function_name(const ptx_module *m, size_t fn)
{
    return fn < m->nfuncs ? m->funcs[fn].name : NULL;
}

size_t ptx_function_insn_count(const ptx_module *m, size_t fn)
{
    return fn < m->nfuncs ? m->funcs[fn].ninsns : 0;
}

void ptx_disasm(const ptx_module *m, size_t fn, size_t pc, char *buf, size_t size)
{
    if (fn >= m->nfuncs || pc >= m->funcs[fn].ninsns) {
        snprintf(buf, size, "?");
        return;
    }
    ptx_disasm_insn(m, &m->funcs[fn], &m->funcs[fn].insns[pc], buf, size);
}

const char *ptx_loc_file(const ptx_module *m, uint32_t loc)
{
    if (loc == 0 || loc >= m->nlocs) return "";
    uint32_t f = m->locs[loc].ufile;
    return f < m->nfiles && m->files[f] ? m->files[f] : "";
}

uint32_t ptx_loc_line(const ptx_module *m, uint32_t loc)
{
    return loc && loc < m->nlocs ? m->locs[loc].uline : 0;
}

const char *ptx_reg_name(const ptx_module *m, const ptx_function *fn, unsigned bank, uint32_t index)
{
    if (bank >= PTX_BANK_COUNT || index >= fn->nregs[bank]) return "%?";
    return m->names + fn->regs[bank][index].name;
}
