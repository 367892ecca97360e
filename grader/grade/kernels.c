/* kernels.c - finding the day's kernels in a build, and checking that their
 * parameters are the day's. */
#include "grade_internal.h"
#include "core/demangle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
 * its substitutions: each named type (`6__half`), const-qualified type
 * (`Kf`) and pointer (`PKf`) mangled is a candidate, numbered in the order
 * it is finished, and a repeat is `S_`, `S0_`, `S1_`, ... (base 36), not
 * the type again: _Z1fPfS_, _Z1aPK6__halfPS_S_i. Builtin types (one
 * lower-case letter) are never candidates. drop_const mangles as if no
 * pointer were const. */
typedef struct substitutions {
    char seen[64][24];
    int n;
} substitutions;

/* The type whose mangling is `code`: a reference to an earlier candidate,
 * or the code itself (then a candidate), appended to out. */
static void mangle_candidate(cl_str *out, substitutions *s, const char *code, const char *spelled)
{
    static const char digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (int j = 0; j < s->n; j++)
        if (!strcmp(s->seen[j], code)) {
            j ? cl_str_addf(out, "S%c_", digits[(j - 1) % 36]) : cl_str_add(out, "S_");
            return;
        }
    cl_str_add(out, spelled);
    if (s->n < 64) snprintf(s->seen[s->n++], sizeof s->seen[0], "%s", code);
}

static char *mangle_params(const day_kernel *k, bool drop_const)
{
    substitutions s = {.n = 0};
    cl_str out = {0};
    for (int i = 0; i < k->nparams; i++) {
        const char *code = day_param_type_mangled(k->params[i].type);
        bool ptr = code[0] == 'P', konst = ptr && code[1] == 'K';
        const char *base = code + ptr + konst;
        bool builtin = base[0] >= 'a' && base[0] <= 'z' && !base[1];
        char full[24], qualified[24];
        snprintf(qualified, sizeof qualified, "K%s", base);
        snprintf(full, sizeof full, "P%s%s", konst && !drop_const ? "K" : "", base);
        bool seen = false;
        for (int j = 0; ptr && j < s.n && !seen; j++) seen = !strcmp(s.seen[j], full);
        if (seen) { /* the pointer seen whole: one reference */
            mangle_candidate(&out, &s, full, full);
            continue;
        }
        /* the innermost type, then K of it, then P of that */
        cl_str inner = {0};
        if (builtin) cl_str_add(&inner, base);
        else mangle_candidate(&inner, &s, base, base);
        if (!ptr) {
            cl_str_add(&out, cl_str_cstr(&inner));
            cl_str_free(&inner);
            continue;
        }
        cl_str pointee = {0};
        if (konst && !drop_const) {
            cl_str spelled = {0};
            cl_str_addf(&spelled, "K%s", cl_str_cstr(&inner));
            mangle_candidate(&pointee, &s, qualified, cl_str_cstr(&spelled));
            cl_str_free(&spelled);
        } else {
            cl_str_add(&pointee, cl_str_cstr(&inner));
        }
        cl_str spelled = {0};
        cl_str_addf(&spelled, "P%s", cl_str_cstr(&pointee));
        mangle_candidate(&out, &s, full, cl_str_cstr(&spelled));
        cl_str_free(&spelled);
        cl_str_free(&pointee);
        cl_str_free(&inner);
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
        char *yours = cl_demangle(bk->name), *day = day_kernel_signature(k);
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

/* Whether a and b are one edit apart (or equal but for case). */
static bool one_edit(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la == lb && !strcasecmp(a, b)) return strcmp(a, b) != 0;
    if (la < lb) { /* a the longer */
        const char *t = a;
        a = b, b = t;
        size_t n = la;
        la = lb, lb = n;
    }
    if (la - lb > 1) return false;
    size_t i = 0;
    while (i < lb && a[i] == b[i]) i++;
    return la == lb ? !strcmp(a + i + 1, b + i + 1) /* one changed */
                    : !strcmp(a + i + 1, b + i);    /* one added */
}

char *grade_kernel_near(const build_result *br, const day_manifest *day, const char *want)
{
    size_t n = 0;
    const build_kernel *ks = build_kernels(br, 0, &n);
    char *found = NULL;
    for (size_t i = 0; i < n && !found; i++) {
        char *base = cl_demangle_base(ks[i].name);
        if (base && one_edit(base, want) && !day_manifest_kernel(day, base)) found = base;
        else free(base);
    }
    return found;
}
