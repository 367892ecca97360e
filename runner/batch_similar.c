/* batch_similar.c - `batch --similar`: how alike each pair of submissions is,
 * to point an instructor at files to read (batch.h). Nothing is decided on it.
 *
 * Each submission that compiled is built again (a hit in the build cache: the
 * grade built the same file with the same options) and its PTX normalised:
 * comments, directives (.loc, .reg, declarations) and labels' lines dropped,
 * register numbers, label names and symbols (kernels, helpers, shared arrays:
 * the names a student chose) replaced by their kind. Renaming variables,
 * reformatting, moving code about or rewording comments changes none of it.
 *
 * - score: the Jaccard index of the sets of 5-instruction windows of the
 *   normalised PTX, after removing the windows the day's template has (the
 *   code every student starts from);
 * - mix: the cosine of the per-kernel opcode counts;
 * - same_counts: kernels whose lane instructions in the emulator were equal,
 *   out of the day's kernels, from the two grades' reports. */
#include "batch.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build/build.h"

#define WINDOW 5 /* instructions a shingle */

typedef struct counted {
    uint64_t key;
    uint32_t n;
} counted;

struct batch_print {
    uint64_t *shingles; /* sorted, unique */
    size_t nshingles;
    counted *mix;       /* (kernel, opcode) -> count, sorted by key */
    size_t nmix;
};

typedef CL_VEC(uint64_t) hash_list;
typedef CL_VEC(char *) text_list;

static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return h;
}
#define FNV0 0xcbf29ce484222325ull

static bool ident_char(char c)
{
    return c == '_' || c == '$' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* One instruction, normalised: %r12 -> %r, $L__BB0_3 -> $L, _Z..._param_2 ->
 * P2, any other mangled symbol -> S, blanks collapsed. */
static char *normalise(const char *s, size_t n)
{
    cl_str b = {0};
    for (size_t i = 0; i < n;) {
        char c = s[i];
        if (c == ' ' || c == '\t') {
            while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
            if (b.len && i < n) cl_str_addc(&b, ' ');
            continue;
        }
        if (!ident_char(c) && c != '%') {
            cl_str_addc(&b, c);
            i++;
            continue;
        }
        size_t j = i + 1;
        while (j < n && ident_char(s[j])) j++;
        if (c == '%') { /* a register: its class, not its number */
            size_t k = j;
            while (k > i + 1 && s[k - 1] >= '0' && s[k - 1] <= '9') k--;
            cl_str_addn(&b, s + i, k - i);
        } else if (c == '$') {
            cl_str_add(&b, "$L");
        } else if (j - i > 2 && s[i] == '_' && s[i + 1] == 'Z') {
            char *tok = cl_strndup(s + i, j - i), *at = strstr(tok, "_param_");
            if (at) cl_str_addf(&b, "P%s", at + 7);
            else cl_str_addc(&b, 'S');
            free(tok);
        } else {
            cl_str_addn(&b, s + i, j - i);
        }
        i = j;
    }
    return cl_str_take(&b);
}

/* The body lines of one function that are instructions: not a directive, a
 * label, a brace or a comment. */
static bool instruction(const char *s, size_t n)
{
    while (n && (*s == ' ' || *s == '\t')) s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) n--;
    if (!n || *s == '.' || *s == '{' || *s == '}' || *s == '/') return false;
    return !(s[n - 1] == ':' || memchr(s, ';', n) == NULL);
}

/* The opcode of a normalised instruction: its first word after a guard. */
static uint64_t opcode(const char *ins)
{
    if (*ins == '@') ins += strcspn(ins, " ") + (ins[strcspn(ins, " ")] == ' ');
    return fnv(FNV0, ins, strcspn(ins, " ;"));
}

/* One function's instructions (normalised) into the print's lists. */
static void take_function(const text_list *ins, uint64_t kernel, hash_list *shingles, hash_list *mix)
{
    size_t w = ins->n < WINDOW ? ins->n : WINDOW;
    for (size_t i = 0; w && i + w <= ins->n; i++) {
        uint64_t h = FNV0;
        for (size_t k = 0; k < w; k++) h = fnv(fnv(h, ins->v[i + k], strlen(ins->v[i + k])), "\n", 1);
        CL_VEC_PUSH(shingles, h);
    }
    for (size_t i = 0; i < ins->n; i++) CL_VEC_PUSH(mix, kernel * 31 ^ opcode(ins->v[i]));
}

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static batch_print *print_of(hash_list *shingles, hash_list *mix)
{
    batch_print *p = cl_calloc(1, sizeof *p);
    qsort(shingles->v, shingles->n, sizeof *shingles->v, by_value);
    qsort(mix->v, mix->n, sizeof *mix->v, by_value);
    p->shingles = cl_calloc(shingles->n + 1, sizeof *p->shingles);
    for (size_t i = 0; i < shingles->n; i++)
        if (!p->nshingles || p->shingles[p->nshingles - 1] != shingles->v[i])
            p->shingles[p->nshingles++] = shingles->v[i];
    p->mix = cl_calloc(mix->n + 1, sizeof *p->mix);
    for (size_t i = 0; i < mix->n; i++) {
        if (!p->nmix || p->mix[p->nmix - 1].key != mix->v[i]) p->mix[p->nmix++].key = mix->v[i];
        p->mix[p->nmix - 1].n++;
    }
    return p;
}

/* The fingerprint of a PTX text: each .entry or .func body, line by line. */
static batch_print *print_ptx(const char *ptx)
{
    hash_list shingles = {0}, mix = {0};
    text_list ins = {0};
    uint64_t kernel = 0;
    int depth = 0;
    for (const char *line = ptx; *line;) {
        size_t n = strcspn(line, "\n");
        const char *slash = memchr(line, '/', n);
        size_t code = slash && slash + 1 < line + n && slash[1] == '/' ? (size_t)(slash - line) : n;
        const char *entry = depth == 0 ? memmem(line, code, ".entry ", 7) : NULL;
        if (entry) { /* a kernel: its name (the day's); a helper's is the student's */
            const char *name = entry + 7 + strspn(entry + 7, " \t");
            kernel = fnv(FNV0, name, strcspn(name, "( \t\n"));
        } else if (depth == 0 && memmem(line, code, ".func ", 6)) {
            kernel = fnv(FNV0, ".func", 5);
        }
        for (size_t i = 0; i < code; i++) depth += line[i] == '{' ? 1 : line[i] == '}' ? -1 : 0;
        if (depth > 0 && instruction(line, code)) CL_VEC_PUSH(&ins, normalise(line, code));
        if (depth <= 0 && ins.n) {
            take_function(&ins, kernel, &shingles, &mix);
            for (size_t i = 0; i < ins.n; i++) free(ins.v[i]);
            ins.n = 0;
        }
        if (depth < 0) depth = 0;
        line += n + (line[n] == '\n');
    }
    batch_print *p = print_of(&shingles, &mix);
    free(ins.v);
    free(shingles.v);
    free(mix.v);
    return p;
}

/* Build path as the grade built it (same options: the cache answers) and
 * fingerprint its PTX; NULL when it does not build. */
static batch_print *print_file(const batch *b, const char *path)
{
    char *headers = day_template_path(b->course, b->day_manifest), *slash = strrchr(headers, '/');
    if (slash) *slash = '\0';
    build_options opt = {.arch = b->day_manifest->arch, .headers_dir = headers};
    build_result *r = NULL;
    batch_print *p = NULL;
    if (build_compile(&opt, path, &r, NULL) == CL_OK && build_ok(r)) p = print_ptx(build_ptx(r));
    build_result_free(r);
    free(headers);
    return p;
}

void batch_similar_take(const batch *b, batch_sub *s)
{
    const report_result *r = s->result;
    if (b->similar && r && r->checks[DAY_CHECK_COMPILE].passed) s->print = print_file(b, s->path);
}

void batch_print_free(batch_print *p)
{
    if (!p) return;
    free(p->shingles);
    free(p->mix);
    free(p);
}

/* p's shingles without those of base (the template). */
static void subtract(batch_print *p, const batch_print *base)
{
    size_t k = 0, j = 0;
    for (size_t i = 0; i < p->nshingles; i++) {
        while (j < base->nshingles && base->shingles[j] < p->shingles[i]) j++;
        if (j == base->nshingles || base->shingles[j] != p->shingles[i]) p->shingles[k++] = p->shingles[i];
    }
    p->nshingles = k;
}

static double jaccard(const batch_print *a, const batch_print *b)
{
    size_t i = 0, j = 0, both = 0;
    while (i < a->nshingles && j < b->nshingles) {
        if (a->shingles[i] == b->shingles[j]) both++, i++, j++;
        else if (a->shingles[i] < b->shingles[j]) i++;
        else j++;
    }
    size_t any = a->nshingles + b->nshingles - both;
    return any ? (double)both / (double)any : 0.0;
}

static double cosine(const batch_print *a, const batch_print *b)
{
    double dot = 0, na = 0, nb = 0;
    for (size_t i = 0; i < a->nmix; i++) na += (double)a->mix[i].n * a->mix[i].n;
    for (size_t j = 0; j < b->nmix; j++) nb += (double)b->mix[j].n * b->mix[j].n;
    for (size_t i = 0, j = 0; i < a->nmix && j < b->nmix;) {
        if (a->mix[i].key == b->mix[j].key) dot += (double)a->mix[i++].n * b->mix[j++].n;
        else if (a->mix[i].key < b->mix[j].key) i++;
        else j++;
    }
    return na > 0 && nb > 0 ? dot / (sqrt(na) * sqrt(nb)) : 0.0;
}

/* Kernels of the day whose lane instructions in the emulator were the same
 * (and not none) in both grades. */
static int same_counts(const batch *b, const report_result *x, const report_result *y)
{
    int same = 0;
    for (int k = 0; k < b->day_manifest->nkernels; k++) {
        const char *name = b->day_manifest->kernels[k].name;
        uint64_t n[2] = {0, 0};
        const report_result *r[2] = {x, y};
        for (int s = 0; s < 2; s++)
            for (int i = 0; r[s] && i < r[s]->nkernels; i++)
                if (!strcmp(r[s]->kernels[i].name, name) && r[s]->kernels[i].yours.ran)
                    n[s] = r[s]->kernels[i].yours.lane_instructions;
        same += n[0] && n[0] == n[1];
    }
    return same;
}

typedef struct pair {
    const batch_sub *a, *b;
    double score, mix;
    int same;
} pair;

static int by_similarity(const void *x, const void *y)
{
    const pair *p = x, *q = y;
    if (p->score != q->score) return p->score > q->score ? -1 : 1;
    if (p->mix != q->mix) return p->mix > q->mix ? -1 : 1;
    int c = strcmp(p->a->shown, q->a->shown);
    return c ? c : strcmp(p->b->shown, q->b->shown);
}

char *batch_similar_path(const char *csv)
{
    size_t n = strlen(csv);
    if (n > 4 && !strcmp(csv + n - 4, ".csv")) n -= 4;
    return cl_sprintf("%.*s-similar.csv", (int)n, csv);
}

char *batch_similar_csv(const batch *b, size_t *compared)
{
    char *template_path = day_template_path(b->course, b->day_manifest);
    batch_print *base = print_file(b, template_path);
    free(template_path);
    CL_VEC(const batch_sub *) subs = {0};
    for (size_t i = 0; i < b->subs.n; i++)
        if (b->subs.v[i].print) {
            if (base) subtract(b->subs.v[i].print, base);
            CL_VEC_PUSH(&subs, &b->subs.v[i]);
        }
    size_t npairs = subs.n * (subs.n ? subs.n - 1 : 0) / 2, k = 0;
    pair *pairs = cl_calloc(npairs + 1, sizeof *pairs);
    for (size_t i = 0; i < subs.n; i++)
        for (size_t j = i + 1; j < subs.n; j++) {
            bool swap = strcmp(subs.v[i]->shown, subs.v[j]->shown) > 0;
            const batch_sub *x = swap ? subs.v[j] : subs.v[i], *y = swap ? subs.v[i] : subs.v[j];
            pairs[k++] = (pair){x, y, jaccard(x->print, y->print), cosine(x->print, y->print),
                                same_counts(b, x->result, y->result)};
        }
    qsort(pairs, npairs, sizeof *pairs, by_similarity);
    cl_str out = {0};
    cl_str_add(&out, "score,mix,same_counts,a,b,a_student,b_student\n");
    for (size_t i = 0; i < npairs; i++) {
        const pair *p = &pairs[i];
        cl_str_addf(&out, "%.3f,%.3f,%d/%d,", p->score, p->mix, p->same, b->day_manifest->nkernels);
        batch_csv_cell(&out, p->a->shown);
        cl_str_addc(&out, ',');
        batch_csv_cell(&out, p->b->shown);
        cl_str_addc(&out, ',');
        batch_csv_cell(&out, p->a->id);
        cl_str_addc(&out, ',');
        batch_csv_cell(&out, p->b->id);
        cl_str_addc(&out, '\n');
    }
    *compared = subs.n;
    free(pairs);
    free(subs.v);
    batch_print_free(base);
    return cl_str_take(&out);
}
