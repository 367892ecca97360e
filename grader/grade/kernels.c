/* kernels.c - finding the day's kernels in a build, and checking that their
 * parameters are the day's. */
#include "grade_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "_Z13reduceCascadePKfPfm" -> "PKfPfm"; NULL when not of that simple form. */
static const char *mangled_params(const char *mangled)
{
    if (strncmp(mangled, "_Z", 2)) return NULL;
    char *end;
    long len = strtol(mangled + 2, &end, 10);
    if (len <= 0 || (long)strlen(end) < len) return NULL;
    return end + len;
}

/* The Itanium mangling of the kernel's parameter list (after the name), with
 * its substitutions: a repeated `float*` is `S_`, not `Pf` again
 * (_Z1fPfS_). Builtin types are never substituted; `const float*` makes two
 * candidates, `Kf` then `PKf`. drop_const mangles as if no pointer were
 * const. */
static char *mangle_params(const day_kernel *k, bool drop_const)
{
    char seen[32][8];
    int nseen = 0;
    cl_str out = {0};
    for (int i = 0; i < k->nparams; i++) {
        const char *code = day_param_type_mangled(k->params[i].type);
        char full[8], inner[8];
        bool ptr = code[0] == 'P', konst = ptr && code[1] == 'K' && !drop_const;
        const char *base = code + (ptr ? 1 : 0) + (ptr && code[1] == 'K' ? 1 : 0);
        snprintf(inner, sizeof inner, "K%s", base);
        snprintf(full, sizeof full, "P%s%s", konst ? "K" : "", base);
        if (!ptr) {
            cl_str_add(&out, base);
            continue;
        }
        int at = -1, inner_at = -1;
        for (int j = 0; j < nseen; j++) {
            if (!strcmp(seen[j], full)) at = j;
            if (!strcmp(seen[j], inner)) inner_at = j;
        }
        /* S_ is the first candidate, S0_ the second, then base 36 */
        static const char digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        if (at >= 0) {
            at ? cl_str_addf(&out, "S%c_", digits[at - 1]) : cl_str_add(&out, "S_");
            continue;
        }
        if (konst && inner_at >= 0) {
            cl_str_add(&out, "P");
            inner_at ? cl_str_addf(&out, "S%c_", digits[inner_at - 1]) : cl_str_add(&out, "S_");
        } else {
            cl_str_add(&out, full);
            if (konst && nseen < 32) snprintf(seen[nseen++], sizeof seen[0], "%s", inner);
        }
        if (nseen < 32) snprintf(seen[nseen++], sizeof seen[0], "%s", full);
    }
    return cl_str_take(&out);
}

/* Whether the student's list is the day's with the const of its pointers
 * dropped (`float* in` for `const float* in`): the day's list mangled with
 * no const, against the student's with every K after a P taken out. (A
 * const the day does not declare is a difference.) */
static bool same_without_const(const char *have, const day_kernel *k)
{
    char *want = mangle_params(k, true);
    cl_str b = {0};
    for (const char *p = have; *p; p++)
        if (!(*p == 'K' && p > have && p[-1] == 'P')) cl_str_addc(&b, *p);
    bool same = !strcmp(cl_str_cstr(&b), want);
    cl_str_free(&b);
    free(want);
    return same;
}

void grade_find_kernel(const build_result *br, const day_kernel *k, grade_entry *out)
{
    memset(out, 0, sizeof *out);
    const build_kernel *bk = build_find_kernel(br, k->name);
    if (!bk) return;
    out->present = true;
    out->entry = bk->name;
    out->resources = bk;
    char *want = mangle_params(k, false);
    const char *have = mangled_params(bk->name);
    if (!have) {
        /* extern "C": the name carries no types; the emulator checks the
         * parameter sizes when it launches. */
        out->signature_ok = true;
    } else if (!strcmp(have, want)) {
        out->signature_ok = true;
    } else {
        out->signature_ok = same_without_const(have, k);
        if (out->signature_ok)
            out->note = cl_sprintf("a pointer the day declares const is not const in yours");
    }
    if (!out->signature_ok) {
        char *yours = build_demangle(bk->name), *day = day_kernel_signature(k);
        out->problem = cl_sprintf("its parameters differ from the day's: yours is %s; the day's "
                                  "is %s", yours ? yours : bk->name, day);
        free(yours);
        free(day);
    }
    free(want);
}

void grade_entry_free(grade_entry *e)
{
    free(e->problem);
    free(e->note);
}
