/* kernels.c - finding the day's kernels in a build, and checking that their
 * parameters are the day's. */
#include "grade_internal.h"

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

/* The parameter codes with every "const" (K after P) removed. */
static char *without_const(const char *codes)
{
    cl_str b = {0};
    for (const char *p = codes; *p; p++)
        if (!(*p == 'K' && p > codes && p[-1] == 'P')) cl_str_addc(&b, *p);
    return cl_str_take(&b);
}

void grade_find_kernel(const build_result *br, const day_kernel *k, grade_entry *out)
{
    memset(out, 0, sizeof *out);
    const build_kernel *bk = build_find_kernel(br, k->name);
    if (!bk) return;
    out->present = true;
    out->entry = bk->name;
    out->resources = bk;
    cl_str want = {0};
    for (int i = 0; i < k->nparams; i++) cl_str_add(&want, day_param_type_mangled(k->params[i].type));
    const char *have = mangled_params(bk->name);
    if (!have) {
        /* extern "C": the name carries no types; the emulator checks the
         * parameter sizes when it launches. */
        out->signature_ok = true;
    } else if (!strcmp(have, cl_str_cstr(&want))) {
        out->signature_ok = true;
    } else {
        char *a = without_const(have), *b = without_const(cl_str_cstr(&want));
        out->signature_ok = !strcmp(a, b);
        if (out->signature_ok)
            out->note = cl_sprintf("a pointer the day declares const is not const in yours");
        free(a);
        free(b);
    }
    if (!out->signature_ok) {
        char *yours = build_demangle(bk->name), *day = day_kernel_signature(k);
        out->problem = cl_sprintf("its parameters differ from the day's: yours is %s; the day's "
                                  "is %s", yours ? yours : bk->name, day);
        free(yours);
        free(day);
    }
    cl_str_free(&want);
}

void grade_entry_free(grade_entry *e)
{
    free(e->problem);
    free(e->note);
}
