/* gradescope.c - Gradescope's results.json from the result model and the
 * day's manifest: a test for each check of each kernel, scored as the grade
 * scored it (report_score: this file decides no verdict and no points);
 * correctness has a test of no points for each size besides, the hidden
 * sizes shown to students only once the grades are published. Each test's
 * execution_time is the run it judges: a size's run, a kernel's runs, the
 * builds. A test whose output holds a lane picture, a table or wrong
 * elements is Markdown (output_format: md), those in a fence. */
#include "table.h"
#include "text.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct gs {
    const report_result *r; /* NULL: could not grade */
    const day_manifest *m;
    cJSON *tests;
    double score;
} gs;

/* Scores to 1/10000 of a point, so that a split of 4 points over 5 sizes
 * prints as 0.8. */
static double points_round(double x)
{
    return round(x * 1e4) / 1e4;
}

/* ---- Markdown, where a picture or a table helps ----
 * A test whose output holds a lane picture, a table or a list of wrong
 * elements is `output_format: md`: its words escaped, the rest in a fence,
 * so Gradescope shows the columns as they are. Every other test is text. */

static void md_words(cl_str *b, const char *s)
{
    for (; *s; s++) {
        if (*s == '\n') cl_str_add(b, "  \n"); /* a line break, not a new paragraph */
        else if (strchr("\\`*_{}[]<>#+-!|~", *s)) cl_str_addf(b, "\\%c", *s);
        else cl_str_addc(b, *s);
    }
}

/* text in a fence of more backticks than any run inside it */
static void md_fence(cl_str *b, const char *text)
{
    int run = 0, most = 0;
    for (const char *p = text; *p; p++) most = (run = *p == '`' ? run + 1 : 0) > most ? run : most;
    int n = most < 3 ? 3 : most + 1;
    cl_str_addf(b, "\n\n%.*s\n%s%s%.*s\n", n, "``````````````````````````````", text,
                *text && text[strlen(text) - 1] == '\n' ? "" : "\n", n, "``````````````````````````````");
}

/* words, then pre in a fence (Markdown); caller frees */
static char *md_output(const char *words, const char *pre)
{
    cl_str b = {0};
    md_words(&b, words);
    md_fence(&b, pre);
    return cl_str_take(&b);
}

/* A test; seconds is how long what it judges took to run (0: nothing ran).
 * Its score and status are the result model's (passed), never decided here.
 * md: the output is Markdown (md_output). */
static void add_test_as(gs *g, const char *name, double score, double max, bool passed,
                        const char *output, bool md, const char *visibility, double seconds)
{
    cJSON *t = cJSON_CreateObject();
    char *safe = cl_text_safe(name, 0);
    cJSON_AddStringToObject(t, "name", safe);
    free(safe);
    cJSON_AddNumberToObject(t, "score", points_round(score));
    cJSON_AddNumberToObject(t, "max_score", points_round(max));
    cJSON_AddStringToObject(t, "status", passed ? "passed" : "failed");
    safe = cl_text_safe(output, CL_TEXT_KEEP_LINES);
    cJSON_AddStringToObject(t, "output", safe);
    free(safe);
    if (md) cJSON_AddStringToObject(t, "output_format", "md");
    cJSON_AddStringToObject(t, "visibility", visibility);
    cJSON_AddNumberToObject(t, "execution_time", round(seconds * 1e3) / 1e3);
    cJSON_AddItemToArray(g->tests, t);
    g->score += points_round(score);
}

static void add_test(gs *g, const char *name, double score, double max, bool passed,
                     const char *output, const char *visibility, double seconds)
{
    add_test_as(g, name, score, max, passed, output, false, visibility, seconds);
}

static const report_kernel *find_kernel(const report_result *r, const char *name)
{
    for (int i = 0; r && i < r->nkernels; i++)
        if (!strcmp(r->kernels[i].name, name)) return &r->kernels[i];
    return NULL;
}

/* The grade's score for the kernel's check; NULL when there is no grade. */
static const report_score *find_score(const report_result *r, const char *kernel, day_check c)
{
    for (int i = 0; r && i < r->nscores; i++)
        if (r->scores[i].check == c && !strcmp(r->scores[i].kernel, kernel)) return &r->scores[i];
    return NULL;
}

/* A scoring test: the model's points for it, or none of the manifest's
 * when there is no grade. Its output: `output` when earned, else `failed`
 * where given, else the score's own reason. */
static void score_test(gs *g, const day_kernel *k, day_check c, const report_score *s,
                       const char *output, const char *failed, bool md, const char *visibility,
                       double seconds)
{
    char *name = cl_sprintf("%s: %s", k->name, day_check_name(c));
    const char *why = !s         ? "cudalab could not grade this submission"
                      : s->passed ? output
                      : failed    ? failed
                                  : s->detail;
    double max = s ? s->max_points : day_kernel_points(k, c);
    bool as_md = md && s && (s->passed ? output == why : failed == why); /* only what we made */
    add_test_as(g, name, s ? s->points : 0, max, s && s->passed, why, as_md, visibility, seconds);
    free(name);
}

/* What happened at a size; its first wrong elements, a line each, in a
 * fence (*md set) when there are any. */
static char *size_output(const report_size_result *s, const char *unit, bool *md)
{
    cl_str b = {0}, wrong = {0};
    cl_str_addf(&b, "at %s: ", s->size ? s->size : "?");
    if (!s->ran) cl_str_add(&b, "not run");
    else if (s->outcome) cl_str_add(&b, s->outcome);
    else cl_str_addf(&b, "%lld of %lld %s wrong", s->wrong, s->total, unit);
    if (s->note) cl_str_addf(&b, " (%s)", s->note);
    for (int i = 0; i < s->nfirst && s->wrong; i++) {
        char where[64], want[40], got[40];
        report_mismatch_where(where, sizeof where, &s->first[i]);
        report_mismatch_expected(want, sizeof want, &s->first[i]);
        report_mismatch_value(got, sizeof got, &s->first[i], s->first[i].got);
        cl_str_addf(&wrong, "element %s: expected %s, got %s\n", where, want, got);
    }
    *md = wrong.len > 0;
    char *out = *md ? md_output(cl_str_cstr(&b), cl_str_cstr(&wrong)) : cl_str_take(&b);
    if (*md) cl_str_free(&b);
    cl_str_free(&wrong);
    return out;
}

static bool size_ok(const report_size_result *s)
{
    return s->ran && !s->outcome && s->wrong == 0 && !s->note;
}

/* Correctness: one scoring test, the kernel's correctness points (earned
 * when it is right at every size), and a test of no points for each size
 * that says what happened there; the hidden ones visible once the grades
 * are published, or when the manifest's `sizes.hidden_visibility` says. The
 * scoring test is shown as the hidden sizes are, unless the course size
 * already failed (then it tells the student nothing new). */
static void correctness_tests(gs *g, const day_kernel *k, const report_kernel *rk)
{
    int nsizes = 1 + g->m->nhidden;
    const report_score *score = find_score(g->r, k->name, DAY_CHECK_CORRECTNESS);
    const char *hidden = g->m->hidden_visibility ? g->m->hidden_visibility : "after_published";
    bool ran = score && rk && rk->nsizes > 0;
    bool course_failed = !ran || !size_ok(&rk->sizes[0]);
    double seconds = 0;
    for (int i = 0; ran && i < rk->nsizes; i++) seconds += rk->sizes[i].seconds;
    char *all = cl_sprintf("right at every size (the course size and %d hidden)", g->m->nhidden);
    score_test(g, k, DAY_CHECK_CORRECTNESS, score, all, NULL, false,
               g->m->nhidden && !course_failed ? hidden : "visible", seconds);
    free(all);
    for (int i = 0; i < nsizes; i++) {
        char *name = i == 0 ? cl_sprintf("%s: correctness at the course size", k->name)
                            : cl_sprintf("%s: correctness at hidden size %d of %d", k->name, i,
                                         g->m->nhidden);
        const report_size_result *s = ran && i < rk->nsizes ? &rk->sizes[i] : NULL;
        bool md = false;
        char *out = s ? size_output(s, rk->unit ? rk->unit : "values", &md) : cl_strdup("not run");
        add_test_as(g, name, 0, 0, s && size_ok(s), out, md, i ? hidden : "visible", s ? s->seconds : 0);
        free(name);
        free(out);
    }
}

/* A hazard check of one kernel: the model's score; the output says how
 * many of the kernel's own errors there were and the first. */
static void hazard_test(gs *g, const day_kernel *k, const report_kernel *rk, day_check c)
{
    const report_score *score = find_score(g->r, k->name, c);
    int errors = 0;
    const report_hazard *first = NULL;
    for (int i = 0; score && i < g->r->nhazards; i++) {
        const report_hazard *h = &g->r->hazards[i];
        if (h->check == c && h->severity == REPORT_ERROR && h->kernel && !strcmp(h->kernel, k->name) &&
            !errors++)
            first = h;
    }
    /* the count, where the score's reason is the first of them, and what to
       change (its advice) */
    const char *said = first && first->message ? first->message : "";
    bool theirs = first && !score->passed && !strncmp(score->detail, said, strlen(said));
    cl_str out = {0};
    char *md = NULL;
    if (theirs) {
        if (errors > 1) cl_str_addf(&out, "%d hazards; first: ", errors);
        cl_str_add(&out, score->detail);
        if (first->has_lanes) { /* the lane picture, as the text report draws it */
            report_text_options opt = {true, 100};
            report_doc *d = report_render_hazard(first, &opt);
            char *pic = report_doc_text(d);
            md = md_output(cl_str_cstr(&out), pic);
            free(pic);
            report_doc_free(d);
        } else if (first->advice && *first->advice) {
            cl_str_addf(&out, "\nto fix: %s", first->advice);
        }
    }
    score_test(g, k, c, score, "no hazards", md ? md : theirs ? cl_str_cstr(&out) : NULL, md != NULL,
               "visible", score && rk ? rk->seconds : 0);
    free(md);
    cl_str_free(&out);
}

static void resources_test(gs *g, const day_kernel *k, const report_kernel *rk)
{
    const report_score *score = find_score(g->r, k->name, DAY_CHECK_RESOURCES);
    cl_str b = {0}, table = {0};
    if (score && rk) {
        report_resource rows[REPORT_RESOURCES];
        report_resources(&rk->yours, &k->limits, rows);
        for (int i = 0; i < REPORT_RESOURCES; i++) {
            if (rows[i].have < 0) continue;
            bool over = report_resource_over(&rows[i]);
            cl_str_addf(&b, "%s%ld %s", b.len ? "; " : "", rows[i].have, rows[i].what);
            if (rows[i].limit >= 0) cl_str_addf(&b, " (%s %ld)", over ? "over the limit of" : "limit", rows[i].limit);
            if (!table.len) cl_str_addf(&table, "%-30s %8s %8s\n", "", "yours", "limit");
            if (rows[i].limit >= 0)
                cl_str_addf(&table, "%-30s %8ld %8ld%s\n", rows[i].what, rows[i].have, rows[i].limit,
                            over ? "  over" : "");
            else
                cl_str_addf(&table, "%-30s %8ld %8s\n", rows[i].what, rows[i].have, "-");
        }
    }
    /* a failed check's own reason (over a limit, or not judged) above the table */
    const char *words = score && !score->passed && score->detail && *score->detail ? score->detail
                                                                                   : cl_str_cstr(&b);
    char *md = table.len ? md_output(words, cl_str_cstr(&table)) : NULL;
    score_test(g, k, DAY_CHECK_RESOURCES, score, md ? md : cl_str_cstr(&b), md, md != NULL, "visible",
               score && rk ? rk->seconds : 0);
    free(md);
    cl_str_free(&b);
    cl_str_free(&table);
}

static void kernel_tests(gs *g, const day_kernel *k)
{
    const report_kernel *rk = find_kernel(g->r, k->name);
    if (k->optional && (!rk || !rk->present)) return; /* graded only when written */
    for (int c = 0; c < DAY_CHECK_COUNT; c++) {
        if (c == DAY_CHECK_COMPILE || !(k->checks & (1u << c))) continue;
        if (c == DAY_CHECK_CORRECTNESS) correctness_tests(g, k, rk);
        else if (c == DAY_CHECK_RESOURCES) resources_test(g, k, rk);
        else hazard_test(g, k, rk, (day_check)c);
    }
}

/* Worth no points; failed when the file did not build or none came. */
static void compile_test(gs *g, const char *error)
{
    const report_check *c = g->r ? &g->r->checks[DAY_CHECK_COMPILE] : NULL;
    bool passed = c && c->ran && c->passed;
    const char *out = !c ? (error ? error : "cudalab could not grade this submission")
                      : c->detail && *c->detail ? c->detail
                      : passed                  ? "compiled"
                                                : "your file did not compile";
    add_test(g, "compile", 0, 0, passed, out, "visible", c ? g->r->build_seconds : 0);
}

/* Lane instructions always, GB/s where a GPU ran: for the kernels that pass. */
static void leaderboard(const gs *g, cJSON *o)
{
    cJSON *board = cJSON_AddArrayToObject(o, "leaderboard");
    for (int i = 0; g->r && i < g->r->nkernels; i++) {
        const report_kernel *k = &g->r->kernels[i];
        if (!k->passed || !k->present) continue;
        char *name = cl_sprintf("%s lane instructions", k->name);
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "name", name);
        cJSON_AddNumberToObject(e, "value", (double)k->yours.lane_instructions);
        cJSON_AddStringToObject(e, "order", "asc");
        cJSON_AddItemToArray(board, e);
        free(name);
        if (!k->yours.has_ms) continue;
        name = cl_sprintf("%s GB/s", k->name);
        e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "name", name);
        cJSON_AddNumberToObject(e, "value", round(k->yours.gbps * 100) / 100);
        cJSON_AddStringToObject(e, "order", "desc");
        cJSON_AddItemToArray(board, e);
        free(name);
    }
}

static char *summary(const gs *g, const char *error, double max)
{
    if (!g->r) return cl_sprintf("cudalab could not grade this submission: %s", error ? error : "");
    char *sizes = report_sizes_line(g->r);
    char *s = cl_sprintf("%s: %g of %g points; %s. %s", g->r->day, points_round(g->score),
                         points_round(max), sizes,
                         g->r->passed ? "Every check passed." : "Not every check passed.");
    free(sizes);
    return s;
}

char *report_to_gradescope(const report_result *r, const day_manifest *m, const char *error)
{
    gs g = {.r = r, .m = m};
    cJSON *o = cJSON_CreateObject();
    g.tests = cJSON_CreateArray();
    compile_test(&g, r ? NULL : error);
    for (int i = 0; i < day_manifest_nscored(m); i++) kernel_tests(&g, day_manifest_scored(m, i));
    double max = 0;
    const cJSON *t;
    cJSON_ArrayForEach(t, g.tests) max += cJSON_GetObjectItem(t, "max_score")->valuedouble;
    cJSON_AddNumberToObject(o, "score", points_round(g.score));
    cJSON_AddNumberToObject(o, "execution_time", r ? ceil(r->seconds) : 0);
    char *out = summary(&g, error, max), *safe = cl_text_safe(out, 0);
    cJSON_AddStringToObject(o, "output", safe);
    free(out);
    free(safe);
    /* stdout holds the full text report, hidden sizes and all: the
     * instructor's, not the student's. */
    cJSON_AddStringToObject(o, "stdout_visibility", "hidden");
    cJSON_AddItemToObject(o, "tests", g.tests);
    leaderboard(&g, o);
    char *text = cJSON_Print(o);
    char *result = cl_sprintf("%s\n", text);
    cJSON_free(text);
    cJSON_Delete(o);
    return result;
}
