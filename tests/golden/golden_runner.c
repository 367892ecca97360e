/* golden_runner.c - runs one golden program: a .cu (compiled to PTX by the
 * build) or .ptx file, or a .golden spec naming a source, whose comments say
 * how to launch it and what must come out:
 *
 *   // case: name                      starts a case (optional; cases share nothing)
 *   // kernel: reduce                  plain or mangled name (default: the first)
 *   // launch: grid 2 block 32,2 [shared 128] [cooperative]
 *   // buffer: out f32 64 = 0          type: f32 f64 u8 u16 u32 s32 u64 s64
 *   // buffer: in f32 64 = iota*0.5+1  also: = 3 | = list 1 2 3 | = rand SEED LO HI
 *   // params: in out 64 1.5f          buffer names, integers, floats (1.5f or 1.5d)
 *   // expect: out[0..31] = 1 2 3 ...  one value (for all) or one per element;
 *   //                                 iota*K+B; ~= with "tol X" for floats;
 *   //                                 bits 0x3f800000 compares raw bits
 *   // expect: no hazards | no errors | hazards N | status trapped
 *   // expect: hazard mask-honesty kind MASK_UNDEFINED_READ lane 4 source 20
 *   //         mask 0x000fffff line 21 count 8205 warning ...
 *   //         thread2 32 (a race's other thread)
 *   // expect: printf "text"            the printf output contains it
 *   // expect: message "words"          some hazard's message contains it
 *   // expect: advice "words"           some hazard's advice (what to change) contains it
 * Every hazard of every case must carry advice.
 *   // expect: counters vary           the counters may differ between runs
 *   // expect: orders reverse interleaved last-started  the other block orders judged (order.c;
 *                                      "none": none)
 *   // budget: 100000                  the instruction budget (warp instructions a block)
 *   // source: ../fixtures/x.cu        (.golden files) the program's source
 *
 * A line of code may carry a marker, `// @name`; `line @name` in an expect
 * stands for that line's number.
 *
 * In every case, a race must name another thread than its own as the
 * other one.
 *
 * Each case runs three times: on 1 host thread, on 2, and on 1 in the
 * reference mode (sim_options.reference_alu: every ALU op through the
 * general evaluator, every load and store through the general mapping and
 * the shadow's lane-by-lane path, no fused chains, no deferred shadow reads, no collective or split
 * run in place); the three reports (hazards, counters) and outputs must be
 * identical, so every fast path is compared with the general one.
 *   // gpu: differs REASON            its outputs are undefined on hardware: the
 *                                     comparison with a GPU record skips them
 *   // gpu: none REASON               no GPU runs it; else a case its file's GPU record
 *                                     lacks fails
 * The lines are read by core/expect.h's one reader: a line of these keys whose
 * first word this runner does not know fails the file.
 *
 * Usage: golden_runner SPEC PTX   (exit 0 pass, 1 fail, 77 skipped)
 *        golden_runner SPEC PTX --gpu-record OUT    run every case on the GPU
 *                                     (no checks) and write its output buffers
 *        golden_runner SPEC PTX --gpu-results FILE  also compare each case's
 *                                     outputs with that record, byte for byte */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/expect.h"
#include "golden.h"
#include "grade/grade.h"

static int failures;

/* Markers: `// @name` at the end of a line of the spec. */
static struct { char name[64]; int line; } markers[256];
static int nmarkers;

static unsigned long long line_value(const char *v)
{
    if (v[0] != '@') return strtoull(v, NULL, 0);
    for (int i = 0; i < nmarkers; i++)
        if (!strcmp(markers[i].name, v + 1)) return (unsigned long long)markers[i].line;
    fprintf(stderr, "unknown marker %s\n", v);
    return ~0ull;
}

static void note_marker(const char *line, int lineno)
{
    const char *m = strstr(line, "// @");
    if (!m || nmarkers == 256) return;
    const char *p = line;
    while (isspace((unsigned char)*p)) p++;
    if (p == m) return; /* a comment line, not code */
    sscanf(m + 4, "%63[A-Za-z0-9_]", markers[nmarkers].name);
    markers[nmarkers++].line = lineno;
}

#define fail golden_fail
void golden_fail(const gcase *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL [%s]: ", c->name);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    failures++;
}

static unsigned type_size(const char *t)
{
    if (!strcmp(t, "u8")) return 1;
    if (!strcmp(t, "u16")) return 2;
    if (!strcmp(t, "f64") || !strcmp(t, "u64") || !strcmp(t, "s64")) return 8;
    return 4;
}

static bool is_float(const char *t)
{
    return t[0] == 'f';
}

/* ---- spec parsing ---- */

static sim_dim3 parse_dim(const char *s)
{
    sim_dim3 d = { 1, 1, 1 };
    sscanf(s, "%u,%u,%u", &d.x, &d.y, &d.z);
    return d;
}

static void parse_launch(gcase *c, const char *s)
{
    char w[8][64];
    int n = sscanf(s, "%63s %63s %63s %63s %63s %63s %63s", w[0], w[1], w[2], w[3], w[4], w[5], w[6]);
    for (int i = 0; i < n; i++) /* a word alone: the launch is cooperative */
        if (!strcmp(w[i], "cooperative")) {
            c->cooperative = true;
            memmove(w[i], w[i + 1], sizeof w[0] * (size_t)(n - 1 - i));
            n--;
        }
    for (int i = 0; i + 1 < n; i += 2) {
        if (!strcmp(w[i], "grid")) c->grid = parse_dim(w[i + 1]);
        else if (!strcmp(w[i], "block")) c->block = parse_dim(w[i + 1]);
        else if (!strcmp(w[i], "shared")) c->shared = (unsigned)strtoul(w[i + 1], NULL, 0);
    }
}

static void parse_buffer(gcase *c, const char *s)
{
    if (c->nbufs == MAXBUF) return;
    buffer *b = &c->bufs[c->nbufs++];
    memset(b, 0, sizeof *b);
    char count[64];
    sscanf(s, "%63s %7s %63s", b->name, b->type, count);
    b->count = (size_t)strtoull(count, NULL, 0);
    const char *eq = strchr(s, '=');
    snprintf(b->init, sizeof b->init, "%s", eq ? eq + 1 : "0");
}

/* The directives of a spec, each key with the verbs it takes (NULL: any value). */
static const char *const expect_verbs[] = {"no", "hazards", "status", "hazard", "printf", "message",
                                           "advice", "counters", "orders", "NAME[", NULL};
static const char *const gpu_verbs[] = {"differs", "none", NULL};
static const cl_expect_key spec_keys[] = {
    {"case", NULL},   {"kernel", NULL}, {"launch", NULL}, {"buffer", NULL}, {"params", NULL},
    {"expect", expect_verbs}, {"source", NULL}, {"budget", NULL}, {"gpu", gpu_verbs},
};

/* One directive into the cases; a new case where it starts one. */
static void take_directive(const cl_expect *e, gcase *cases, int max, int *n, char *source,
                           size_t source_size)
{
    const char *key = e->key, *val = e->text;
    if (!strcmp(key, "source")) {
        snprintf(source, source_size, "%s", val);
        return;
    }
    gcase *c = *n ? &cases[*n - 1] : NULL;
    if (!c || !strcmp(key, "case")) {
        if (*n == max) return;
        c = &cases[(*n)++];
        memset(c, 0, sizeof *c);
        c->grid = c->block = (sim_dim3){ 1, 1, 1 };
        c->line = e->line;
        snprintf(c->name, sizeof c->name, "%s", !strcmp(key, "case") ? val : "main");
        if (!strcmp(key, "case")) return;
    }
    if (!strcmp(key, "kernel")) snprintf(c->kernel, sizeof c->kernel, "%s", val);
    else if (!strcmp(key, "launch")) parse_launch(c, val);
    else if (!strcmp(key, "buffer")) parse_buffer(c, val);
    else if (!strcmp(key, "params")) snprintf(c->params, sizeof c->params, "%s", val);
    else if (!strcmp(key, "budget")) c->budget = strtoull(val, NULL, 0);
    else if (!strcmp(key, "gpu")) {
        c->gpu_differs = !strcmp(e->verb, "differs");
        c->gpu_none = !strcmp(e->verb, "none");
    } else if (!strcmp(key, "expect") && !strcmp(val, "counters vary")) c->counters_vary = true;
    else if (!strcmp(key, "expect") && c->nexpects < MAXLINES) c->expects[c->nexpects++] = strdup(val);
}

/* The cases of a spec, -1 when it cannot be read or holds a directive of
 * a verb no reader knows (core/expect.h). */
static int read_cases(const char *spec_path, gcase *cases, int max, char *source, size_t source_size)
{
    char *text = NULL;
    if (cl_read_file(spec_path, &text, NULL, NULL) != CL_OK) return -1;
    int lineno = 1;
    for (const char *p = text; *p; lineno++) {
        const char *end = strchr(p, '\n');
        char line[4096];
        size_t len = end ? (size_t)(end - p) : strlen(p);
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), p);
        note_marker(line, lineno);
        p = end ? end + 1 : p + len;
    }
    cl_expects lines = {0};
    cl_error err = {0};
    int n = 0;
    source[0] = '\0';
    if (cl_expect_read(text, spec_path, spec_keys, sizeof spec_keys / sizeof *spec_keys, &lines, &err) != CL_OK) {
        char msg[1200];
        cl_error_format(&err, msg, sizeof msg);
        fprintf(stderr, "FAIL: %s\n", msg);
        n = -1;
    }
    for (size_t i = 0; n >= 0 && i < lines.n; i++) take_directive(&lines.v[i], cases, max, &n, source, source_size);
    cl_expects_free(&lines);
    free(text);
    return n;
}

/* ---- values ---- */

static uint64_t rng_next(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 11;
}

/* Value i of an init/expect expression, as bits of type t. */
static uint64_t to_bits(const char *t, double d)
{
    if (!strcmp(t, "f32")) {
        float f = (float)d;
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
    if (!strcmp(t, "f64")) {
        uint64_t u;
        memcpy(&u, &d, 8);
        return u;
    }
    if (t[0] == 's') return (uint64_t)(int64_t)d;
    return d < 0 ? (uint64_t)(int64_t)d : (uint64_t)d;
}

static bool parse_number(const char *s, double *d, uint64_t *raw, bool *is_raw)
{
    char *end;
    *is_raw = false;
    if (!strncmp(s, "0x", 2) || !strncmp(s, "0X", 2)) {
        *raw = strtoull(s, &end, 16);
        *d = (double)*raw;
        *is_raw = true;
        return end != s;
    }
    if (!strcmp(s, "nan")) { *d = NAN; return true; }
    if (!strcmp(s, "inf")) { *d = INFINITY; return true; }
    if (!strcmp(s, "-inf")) { *d = -INFINITY; return true; }
    *d = strtod(s, &end);
    return end != s;
}

typedef struct expr {
    enum { E_CONST, E_LIST, E_IOTA, E_RAND } kind;
    double k, b, lo, hi;
    uint64_t seed;
    char words[256][32];
    int nwords;
    bool cut; /* a list of more than 256 values: the rest was left out */
} expr;

static void parse_expr(const char *s, expr *e)
{
    memset(e, 0, sizeof *e);
    while (*s == ' ') s++;
    if (!strncmp(s, "iota", 4)) {
        e->kind = E_IOTA;
        e->k = 1;
        s += 4;
        if (*s == '*') e->k = strtod(s + 1, (char **)&s);
        if (*s == '+' || *s == '-') e->b = strtod(s, (char **)&s);
        return;
    }
    if (!strncmp(s, "rand", 4)) {
        e->kind = E_RAND;
        sscanf(s + 4, "%llu %lf %lf", (unsigned long long *)&e->seed, &e->lo, &e->hi);
        return;
    }
    if (!strncmp(s, "list", 4)) s += 4;
    char w[32];
    int off;
    while (sscanf(s, "%31s%n", w, &off) == 1) {
        if (e->nwords == 256) {
            e->cut = true;
            break;
        }
        snprintf(e->words[e->nwords++], sizeof e->words[0], "%s", w);
        s += off;
    }
    e->kind = e->nwords == 1 ? E_CONST : E_LIST;
}

static uint64_t expr_bits(expr *e, const char *t, size_t i)
{
    double d = 0;
    uint64_t raw = 0;
    bool is_raw = false;
    switch (e->kind) {
    case E_IOTA: return to_bits(t, e->k * (double)i + e->b);
    case E_RAND: {
        double u = (double)(rng_next(&e->seed) & 0xffffff) / 16777216.0;
        double v = e->lo + u * (e->hi - e->lo);
        if (!is_float(t)) v = floor(v);
        return to_bits(t, v);
    }
    default:
        if (!e->nwords) return 0;
        parse_number(e->words[e->kind == E_CONST ? 0 : i % (size_t)e->nwords], &d, &raw, &is_raw);
        return is_raw ? raw : to_bits(t, d);
    }
}

#define buffer_data golden_buffer_data
size_t golden_buffer_bytes(const buffer *b)
{
    return b->count * type_size(b->type);
}

void *golden_buffer_data(const buffer *b)
{
    unsigned sz = type_size(b->type);
    uint8_t *data = calloc(b->count ? b->count : 1, sz);
    expr e;
    parse_expr(b->init, &e);
    for (size_t i = 0; i < b->count; i++) {
        uint64_t v = expr_bits(&e, b->type, i);
        memcpy(data + i * sz, &v, sz);
    }
    return data;
}

/* ---- running ---- */

typedef struct outcome {
    sim_launch_result *r;
    uint8_t *data[MAXBUF];
} outcome;

static buffer *find_buffer(gcase *c, const char *name)
{
    for (int i = 0; i < c->nbufs; i++)
        if (!strcmp(c->bufs[i].name, name)) return &c->bufs[i];
    return NULL;
}

int golden_param_values(gcase *c, const ptx_module *m, long e, uint64_t vals[64])
{
    int n = 0;
    char tok[128];
    const char *s = c->params;
    int off;
    while (n < 64 && sscanf(s, "%127s%n", tok, &off) == 1) {
        s += off;
        const ptx_param_info *pi = ptx_entry_param(m, (size_t)e, (size_t)n);
        buffer *b = find_buffer(c, tok);
        size_t len = strlen(tok);
        if (b) {
            vals[n] = b->addr;
        } else if (len > 1 && tok[len - 1] == 'f') {
            float f = strtof(tok, NULL);
            uint32_t u;
            memcpy(&u, &f, 4);
            vals[n] = u;
        } else if (len > 1 && tok[len - 1] == 'd' && strchr(tok, '.')) {
            double d = strtod(tok, NULL);
            memcpy(&vals[n], &d, 8);
        } else {
            vals[n] = (uint64_t)strtoll(tok, NULL, 0);
            if (pi && pi->size == 4) vals[n] &= 0xffffffffu;
        }
        n++;
    }
    return n;
}

static bool pack(gcase *c, const ptx_module *m, long e, uint8_t *blob)
{
    uint64_t vals[64];
    int n = golden_param_values(c, m, e, vals);
    cl_error err;
    if (ptx_pack_params(m, (size_t)e, vals, (size_t)n, blob, &err) != CL_OK) {
        fail(c, "params: %s", err.message);
        return false;
    }
    return true;
}

static bool run_case(gcase *c, const ptx_module *m, unsigned threads, bool reference, outcome *o)
{
    sim_options opt = { 0 };
    opt.threads = threads;
    opt.reference_alu = reference;
    opt.budget = c->budget;
    sim_machine *sm = sim_new(&opt);
    cl_error err;
    bool ok = false;
    long e = c->kernel[0] ? ptx_find_entry(m, c->kernel) : 0;
    uint8_t blob[4096];
    memset(o, 0, sizeof *o);
    if (e < 0 || (size_t)e >= ptx_entry_count(m)) {
        fail(c, "no kernel '%s'", c->kernel);
        goto done;
    }
    for (int i = 0; i < c->nbufs; i++) {
        buffer *b = &c->bufs[i];
        size_t bytes = b->count * type_size(b->type);
        void *data = buffer_data(b);
        if (sim_alloc(sm, bytes, b->name, &b->addr, &err) != CL_OK ||
            sim_write(sm, b->addr, data, bytes, &err) != CL_OK) {
            fail(c, "buffer %s: %s", b->name, err.message);
            free(data);
            goto done;
        }
        free(data);
    }
    if (!pack(c, m, e, blob)) goto done;
    sim_set_cooperative(sm, c->cooperative);
    if (sim_launch(sm, m, ptx_entry_name(m, (size_t)e), c->grid, c->block, c->shared, blob,
                   ptx_entry_param_size(m, (size_t)e), &o->r, &err) != CL_OK) {
        fail(c, "launch: %s", err.message);
        goto done;
    }
    for (int i = 0; i < c->nbufs; i++) {
        buffer *b = &c->bufs[i];
        size_t bytes = b->count * type_size(b->type);
        o->data[i] = malloc(bytes ? bytes : 1);
        sim_read(sm, o->data[i], b->addr, bytes, &err);
    }
    ok = true;
done:
    sim_free(sm);
    return ok;
}

static void free_outcome(gcase *c, outcome *o)
{
    sim_launch_result_free(o->r);
    for (int i = 0; i < c->nbufs; i++) free(o->data[i]);
}

static void print_report(const sim_launch_result *r)
{
    fprintf(stderr, "  status: %s; %zu hazard records; %llu lane instructions\n", sim_status_name(r->status),
            r->nhazards, (unsigned long long)r->counters.lane_instructions);
    for (size_t i = 0; i < r->nhazards; i++) {
        const sim_hazard *h = &r->hazards[i];
        fprintf(stderr, "  %s %s %s:%u (line2 %u) block (%u,%u,%u) warp %u lane %d source %d mask 0x%08x count %llu instances %llu: %s [%s]\n",
                day_check_name(grade_hazard_check(h->kind)), cl_hazard_name(h->kind), h->file, h->line, h->line2, h->block.x, h->block.y,
                h->block.z, h->warp, h->lane, h->source_lane, h->mask, (unsigned long long)h->count,
                (unsigned long long)h->instances, h->message, h->ptx);
    }
    if (r->printf_text && r->printf_text[0]) fprintf(stderr, "  printf:\n%s", r->printf_text);
}

/* ---- checking ---- */

/* Counters may differ only where the kernel's own behaviour depends on
 * timing across blocks (atomics in retry loops) or the launch stopped early. */
static bool same_reports(const sim_launch_result *a, const sim_launch_result *b, bool counters)
{
    if (a->status != b->status || a->nhazards != b->nhazards || strcmp(a->printf_text, b->printf_text)) return false;
    if (counters && memcmp(&a->counters, &b->counters, sizeof a->counters)) return false;
    for (size_t i = 0; i < a->nhazards; i++) {
        const sim_hazard *x = &a->hazards[i], *y = &b->hazards[i];
        if (x->kind != y->kind || x->line != y->line || x->line2 != y->line2 || x->count != y->count ||
            x->instances != y->instances || x->lane != y->lane || x->warp != y->warp ||
            x->block.x != y->block.x || x->block.y != y->block.y || x->mask != y->mask ||
            strcmp(x->message, y->message) || strcmp(x->advice, y->advice))
            return false;
    }
    return true;
}

static bool hazard_matches(const sim_hazard *h, const char *spec)
{
    char w[64], v[64];
    const char *s = spec;
    int off;
    while (sscanf(s, "%63s%n", w, &off) == 1) {
        s += off;
        if (day_check_from_name(w) >= 0) { /* the check it counts under, as the grade maps it */
            if (strcmp(day_check_name(grade_hazard_check(h->kind)), w)) return false;
            continue;
        }
        if (!strcmp(w, "warning")) { if (h->severity != CL_SEV_WARNING) return false; continue; }
        if (!strcmp(w, "error")) { if (h->severity != CL_SEV_ERROR) return false; continue; }
        if (sscanf(s, "%63s%n", v, &off) != 1) return false;
        s += off;
        unsigned long long n = strtoull(v, NULL, 0);
        if (!strcmp(w, "kind") && strcmp(cl_hazard_name(h->kind), v)) return false;
        if (!strcmp(w, "lane") && h->lane != (int)n) return false;
        if (!strcmp(w, "source") && h->source_lane != (int)n) return false;
        if (!strcmp(w, "mask") && h->mask != (uint32_t)n) return false;
        if (!strcmp(w, "line") && h->line != line_value(v)) return false;
        if (!strcmp(w, "line2") && h->line2 != line_value(v)) return false;
        if (!strcmp(w, "count") && h->count != n) return false;
        if (!strcmp(w, "instances") && h->instances != n) return false;
        if (!strcmp(w, "warp") && h->warp != n) return false;
        if (!strcmp(w, "thread2") && h->thread2 != n) return false;
        if (!strcmp(w, "block") && h->block.x != n) return false;
        if (!strcmp(w, "file") && strcmp(h->file, v)) return false;
        if (!strcmp(w, "kernel") && strcmp(h->kernel, v)) return false;
        if (!strcmp(w, "alloc") && strcmp(h->alloc, v)) return false;
        if (!strcmp(w, "distance") && h->distance != (long long)strtoll(v, NULL, 0)) return false;
    }
    return true;
}

static bool close_enough(const char *t, uint64_t got, uint64_t want, double tol)
{
    if (!is_float(t) || tol <= 0) return got == want;
    double g, w;
    if (!strcmp(t, "f32")) {
        float gf, wf;
        uint32_t gu = (uint32_t)got, wu = (uint32_t)want;
        memcpy(&gf, &gu, 4);
        memcpy(&wf, &wu, 4);
        g = gf, w = wf;
    } else {
        memcpy(&g, &got, 8);
        memcpy(&w, &want, 8);
    }
    if (isnan(g) || isnan(w)) return isnan(g) && isnan(w);
    return fabs(g - w) <= tol * (fabs(w) > 1 ? fabs(w) : 1);
}

static void check_values(gcase *c, const outcome *o, const char *spec)
{
    char name[64];
    size_t lo = 0, hi = 0;
    const char *br = strchr(spec, '[');
    if (!br || (size_t)(br - spec) >= sizeof name) { fail(c, "bad expect '%s'", spec); return; }
    memcpy(name, spec, (size_t)(br - spec));
    name[br - spec] = '\0';
    if (sscanf(br, "[%zu..%zu]", &lo, &hi) != 2) {
        sscanf(br, "[%zu]", &lo);
        hi = lo;
    }
    int bi = -1;
    for (int i = 0; i < c->nbufs; i++)
        if (!strcmp(c->bufs[i].name, name)) bi = i;
    if (bi < 0 || hi >= c->bufs[bi].count) { fail(c, "bad buffer range in '%s'", spec); return; }
    const buffer *b = &c->bufs[bi];
    const char *rest = strchr(br, ']') + 1;
    while (*rest == ' ') rest++;
    double tol = 0;
    if (!strncmp(rest, "~=", 2)) {
        const char *t = strstr(rest, "tol");
        tol = t ? strtod(t + 3, NULL) : 1e-6;
        rest += 2;
    } else if (*rest == '=') {
        rest++;
    }
    char vals[2048];
    if (snprintf(vals, sizeof vals, "%s", rest) >= (int)sizeof vals) {
        fail(c, "values longer than %zu characters in '%.60s...': split the range", sizeof vals - 1, spec);
        return;
    }
    char *t = strstr(vals, "tol");
    if (t) *t = '\0';
    expr e;
    parse_expr(vals, &e);
    if (e.cut) {
        fail(c, "more than 256 values in '%.60s...': split the range", spec);
        return;
    }
    unsigned sz = type_size(b->type);
    int shown = 0;
    for (size_t i = lo; i <= hi; i++) {
        uint64_t got = 0, want = expr_bits(&e, b->type, e.kind == E_IOTA ? i : i - lo);
        if (sz < 8) want &= (1ull << (sz * 8)) - 1;
        memcpy(&got, o->data[bi] + i * sz, sz);
        if (!close_enough(b->type, got, want, tol) && shown++ < 8)
            fail(c, "%s[%zu] is 0x%llx, expected 0x%llx (%s)", name, i, (unsigned long long)got,
                 (unsigned long long)want, spec);
    }
}

static void check_expect(gcase *c, const outcome *o, const char *spec)
{
    const sim_launch_result *r = o->r;
    if (!strcmp(spec, "no hazards")) {
        if (r->nhazards) fail(c, "expected no hazards, got %zu", r->nhazards);
    } else if (!strcmp(spec, "no errors")) {
        if (sim_result_errors(r)) fail(c, "expected no errors, got %zu", sim_result_errors(r));
    } else if (!strncmp(spec, "hazards ", 8)) {
        size_t n = strtoull(spec + 8, NULL, 10);
        if (r->nhazards != n) fail(c, "expected %zu hazard records, got %zu", n, r->nhazards);
    } else if (!strncmp(spec, "orders ", 7)) {
        /* the other block orders that ran to the end and were judged
           (order.c): "reverse", "interleaved", "last-started", "held", "none" */
        unsigned want = (strstr(spec, "reverse") ? 2u : 0u) | (strstr(spec, "interleaved") ? 4u : 0u) |
                        (strstr(spec, "last-started") ? 8u : 0u) | (strstr(spec, "held") ? 16u : 0u);
        if (r->orders != want) fail(c, "judged orders 0x%x, expected 0x%x (%s)", r->orders, want, spec);
    } else if (!strncmp(spec, "status ", 7)) {
        if (strcmp(sim_status_name(r->status), spec + 7)) fail(c, "status is %s, expected %s", sim_status_name(r->status), spec + 7);
    } else if (!strncmp(spec, "hazard ", 7)) {
        bool found = false;
        for (size_t i = 0; i < r->nhazards && !found; i++) found = hazard_matches(&r->hazards[i], spec + 7);
        if (!found) fail(c, "no hazard matches '%s'", spec + 7);
    } else if (!strncmp(spec, "no hazard ", 10)) {
        for (size_t i = 0; i < r->nhazards; i++)
            if (hazard_matches(&r->hazards[i], spec + 10)) fail(c, "unexpected hazard matching '%s'", spec + 10);
    } else if (!strncmp(spec, "printf ", 7) || !strncmp(spec, "message ", 8) || !strncmp(spec, "advice ", 7)) {
        const char *q1 = strchr(spec, '"'), *q2 = q1 ? strrchr(q1 + 1, '"') : NULL;
        if (!q1 || !q2) { fail(c, "bad expect '%s'", spec); return; }
        char want[512];
        snprintf(want, sizeof want, "%.*s", (int)(q2 - q1 - 1), q1 + 1);
        bool found = false;
        if (spec[0] == 'p') found = strstr(r->printf_text, want) != NULL;
        for (size_t i = 0; spec[0] == 'm' && i < r->nhazards && !found; i++) found = strstr(r->hazards[i].message, want) != NULL;
        for (size_t i = 0; spec[0] == 'a' && i < r->nhazards && !found; i++) found = strstr(r->hazards[i].advice, want) != NULL;
        if (!found)
            fail(c, "no %s contains \"%s\"", spec[0] == 'p' ? "printf output" : spec[0] == 'a' ? "advice" : "message",
                 want);
    } else {
        check_values(c, o, spec);
    }
}

/* Every case: every hazard says what to change (advice.c). */
static void check_advice(gcase *c, const sim_launch_result *r)
{
    for (size_t i = 0; i < r->nhazards; i++)
        if (!r->hazards[i].advice[0])
            fail(c, "a %s hazard has no advice: %s", cl_hazard_name(r->hazards[i].kind), r->hazards[i].message);
}

/* Every case: a thread never races itself, so a race's other thread is
 * another thread. */
static void check_partners(gcase *c, const sim_launch_result *r)
{
    for (size_t i = 0; i < r->nhazards; i++) {
        const sim_hazard *h = &r->hazards[i];
        bool race = h->kind == CL_HZ_RACE_SHARED || h->kind == CL_HZ_RACE_WARP;
        if (race && h->thread2 == h->warp * 32 + (unsigned)h->lane)
            fail(c, "a race names thread %u as its own partner: %s", h->thread2, h->message);
    }
}

static void check_case(gcase *c, const ptx_module *m, const golden_record *gpu)
{
    outcome o[3];
    bool ok = run_case(c, m, 1, false, &o[0]);
    if (!ok) return;
    int before = failures;
    for (int i = 0; i < c->nexpects; i++) check_expect(c, &o[0], c->expects[i]);
    check_partners(c, o[0].r);
    check_advice(c, o[0].r);
    if (gpu && !c->gpu_differs && !c->gpu_none && !golden_record_check(gpu, c, o[0].r->status, o[0].data))
        fail(c, "the GPU record has no case of this name: record the file again on a GPU "
                "(--gpu-record), or say `// gpu: none` and why no GPU runs it");
    /* GOLDEN_ONCE=1: one run only (for timing a program) */
    for (int k = 1; k < (getenv("GOLDEN_ONCE") ? 1 : 3); k++) {
        if (!run_case(c, m, k == 1 ? 2 : 1, k == 2, &o[k])) continue;
        if (!same_reports(o[0].r, o[k].r, !c->counters_vary)) {
            fail(c, "the report differs %s", k == 1 ? "on 2 host threads" : "in the reference mode");
            print_report(o[k].r);
        }
        for (int i = 0; i < c->nbufs; i++) {
            size_t bytes = c->bufs[i].count * type_size(c->bufs[i].type);
            if (memcmp(o[0].data[i], o[k].data[i], bytes))
                fail(c, "buffer %s differs %s", c->bufs[i].name, k == 1 ? "on 2 host threads" : "in the reference mode");
        }
        free_outcome(c, &o[k]);
    }
    if (failures != before || getenv("GOLDEN_VERBOSE")) print_report(o[0].r);
    free_outcome(c, &o[0]);
    if (failures == before) printf("ok   %s\n", c->name);
}

int main(int argc, char **argv)
{
    const char *record = NULL, *results = NULL;
    if (argc == 5 && !strcmp(argv[3], "--gpu-record")) record = argv[4];
    else if (argc == 5 && !strcmp(argv[3], "--gpu-results")) results = argv[4];
    else if (argc != 3) {
        fprintf(stderr, "usage: golden_runner SPEC PTX [--gpu-record OUT | --gpu-results FILE]\n");
        return 2;
    }
    FILE *probe = fopen(argv[2], "r");
    if (!probe) {
        fprintf(stderr, "skipped: %s was not built (no nvcc?)\n", argv[2]);
        return 77;
    }
    fclose(probe);
    static gcase cases[64];
    char source[512];
    int n = read_cases(argv[1], cases, 64, source, sizeof source);
    if (n <= 0) {
        fprintf(stderr, "%s: no cases\n", argv[1]);
        return 1;
    }
    ptx_module *m = NULL;
    cl_error err;
    if (ptx_parse_file(argv[2], &m, &err) != CL_OK) {
        char buf[2048];
        cl_error_format(&err, buf, sizeof buf);
        fprintf(stderr, "FAIL: %s\n", buf);
        return 1;
    }
    if (record) {
        int rc = golden_gpu_record(cases, n, argv[2], m, record);
        ptx_module_free(m);
        return rc;
    }
    golden_record *gpu = results ? golden_record_load(results) : NULL;
    if (results && !gpu) {
        fprintf(stderr, "FAIL: cannot read the GPU record %s\n", results);
        failures++;
    }
    for (int i = 0; i < n; i++) {
        check_case(&cases[i], m, gpu);
        for (int k = 0; k < cases[i].nexpects; k++) free(cases[i].expects[k]);
    }
    golden_record_free(gpu);
    ptx_module_free(m);
    return failures ? 1 : 0;
}
