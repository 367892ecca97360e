/* state.c - progress in state.yaml: read through field tables (libyaml's
 * document API), written through libyaml's emitter, atomically. */
#include "workspace.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/yamldoc.h"

static const struct { const char *key, *text; } statuses[] = {
#define WS_STATUS_ROW(id, key, text) {key, text},
    WS_STATUSES(WS_STATUS_ROW)
#undef WS_STATUS_ROW
};

const char *ws_status_key(ws_status s) { return statuses[s].key; }
const char *ws_status_text(ws_status s) { return statuses[s].text; }

#define WS_LOCK_WAIT_MS 10000

static char *state_path(const day_course *c)
{
    return cl_path_join(ws_root(c), "state.yaml");
}

/* What path is when it is there but cannot be the state file ("a FIFO"), or
 * NULL (absent, or a regular file). A FIFO would block a reader forever. */
static const char *not_a_file(const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0 || S_ISREG(sb.st_mode)) return NULL;
    return cl_file_kind(sb.st_mode);
}

ws_day_state *ws_state_day(ws_state *s, const char *slug)
{
    for (int i = 0; i < s->ndays; i++)
        if (!strcmp(s->days[i].slug, slug)) return &s->days[i];
    s->days = cl_realloc(s->days, (size_t)(s->ndays + 1) * sizeof *s->days);
    ws_day_state *d = &s->days[s->ndays++];
    memset(d, 0, sizeof *d);
    d->slug = cl_strdup(slug);
    return d;
}

void ws_note_best(ws_day_state *d, const char *kernel, double instructions, double ms)
{
    ws_best *b = NULL;
    for (int i = 0; i < d->nbest && !b; i++)
        if (!strcmp(d->best[i].kernel, kernel)) b = &d->best[i];
    if (!b) {
        d->best = cl_realloc(d->best, (size_t)(d->nbest + 1) * sizeof *d->best);
        b = &d->best[d->nbest++];
        *b = (ws_best){cl_strdup(kernel), -1, -1};
    }
    if (instructions >= 0 && (b->instructions < 0 || instructions < b->instructions))
        b->instructions = instructions;
    if (ms >= 0 && (b->ms < 0 || ms < b->ms)) b->ms = ms;
}

void ws_state_free(ws_state *s)
{
    if (!s) return;
    for (int i = 0; i < s->ndays; i++) {
        ws_day_state *d = &s->days[i];
        for (int j = 0; j < d->nbest; j++) free(d->best[j].kernel);
        free(d->best);
        free(d->slug);
        free(d->backend);
    }
    free(s->days);
    free(s);
}

ws_status ws_day_status(const day_course *c, const day_manifest *m, const ws_state *s)
{
    for (int i = 0; s && i < s->ndays; i++)
        if (!strcmp(s->days[i].slug, m->slug) && s->days[i].status != WS_NOT_STARTED)
            return s->days[i].status;
    char *p = ws_student_path(c, m);
    bool exists = cl_file_exists(p);
    free(p);
    return exists ? WS_STARTED : WS_NOT_STARTED;
}

/* ---- reading ---- */

typedef struct reading {
    ws_state *state;
    ws_day_state *day;
    ws_best *best;
} reading;

static cl_status read_version(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    long long x;
    return cl_yaml_int(d, v, "'version'", 1, 1, &x, err);
}

static cl_status read_status(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    const char *s = cl_yaml_scalar(v);
    for (int i = 0; s && i < WS_STATUS_COUNT; i++)
        if (!strcmp(s, statuses[i].key)) {
            ((reading *)t)->day->status = (ws_status)i;
            return CL_OK;
        }
    return cl_yaml_fail(d, v, err, "'status' is not a known status");
}

static cl_status read_last(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    long long x;
    cl_status st = cl_yaml_int(d, v, "'last_graded'", 0, 1LL << 40, &x, err);
    if (st == CL_OK) ((reading *)t)->day->last_graded = (time_t)x;
    return st;
}

static cl_status read_hints(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    long long x;
    cl_status st = cl_yaml_int(d, v, "'hints'", 0, 1000, &x, err);
    if (st == CL_OK) ((reading *)t)->day->hints = (int)x;
    return st;
}

static cl_status read_backend(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return cl_yaml_string(d, v, "'backend'", &((reading *)t)->day->backend, err);
}

static cl_status read_checks(cl_yaml_doc *d, yaml_node_t *v, bool passed, void *t,
                             cl_error *err)
{
    size_t n;
    cl_status st = cl_yaml_seq(d, v, "a list of checks", 0, DAY_CHECK_COUNT, &n, err);
    for (size_t i = 0; i < n && st == CL_OK; i++) {
        const char *s = cl_yaml_scalar(cl_yaml_item(d, v, i));
        int c = s ? day_check_from_name(s) : -1;
        if (c < 0) return cl_yaml_fail(d, cl_yaml_item(d, v, i), err, "not a check name");
        ws_day_state *day = ((reading *)t)->day;
        if (passed)
            day->passed_checks |= 1u << c;
        else
            day->failed_checks |= 1u << c;
    }
    return st;
}

static cl_status read_passed(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return read_checks(d, v, true, t, err);
}

static cl_status read_failed(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return read_checks(d, v, false, t, err);
}

static cl_status read_figure(cl_yaml_doc *d, yaml_node_t *v, double *out, cl_error *err)
{
    const char *s = cl_yaml_scalar(v);
    char *end = NULL;
    double x = s ? strtod(s, &end) : 0;
    if (!s || !*s || *end) return cl_yaml_fail(d, v, err, "a figure must be a number");
    *out = x;
    return CL_OK;
}

static cl_status read_best_instr(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return read_figure(d, v, &((reading *)t)->best->instructions, err);
}

static cl_status read_best_ms(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return read_figure(d, v, &((reading *)t)->best->ms, err);
}

static const cl_yaml_field best_fields[] = {
    {"instructions", false, read_best_instr},
    {"ms", false, read_best_ms},
    {NULL, false, NULL},
};

static cl_status read_best(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    reading *r = t;
    if (v->type != YAML_MAPPING_NODE) return cl_yaml_fail(d, v, err, "'best' must be a mapping");
    for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++) {
        const char *kernel = cl_yaml_scalar(cl_yaml_node(d, p->key));
        if (!kernel) return cl_yaml_fail(d, v, err, "a kernel name must be a string");
        for (int i = 0; i < r->day->nbest; i++)
            if (!strcmp(r->day->best[i].kernel, kernel))
                return cl_yaml_fail(d, v, err, "kernel '%s' appears twice", kernel);
        ws_note_best(r->day, kernel, -1, -1);
        r->best = &r->day->best[r->day->nbest - 1];
        cl_status st = cl_yaml_mapping(d, cl_yaml_node(d, p->value), "a kernel's best figures",
                                       best_fields, r, err);
        if (st != CL_OK) return st;
    }
    return CL_OK;
}

static const cl_yaml_field day_fields[] = {
    {"status", true, read_status},
    {"last_graded", false, read_last},
    {"backend", false, read_backend},
    {"hints", false, read_hints},
    {"passed", false, read_passed},
    {"failed", false, read_failed},
    {"best", false, read_best},
    {NULL, false, NULL},
};

static cl_status read_days(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    reading *r = t;
    if (v->type != YAML_MAPPING_NODE) return cl_yaml_fail(d, v, err, "'days' must be a mapping");
    for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++) {
        const char *slug = cl_yaml_scalar(cl_yaml_node(d, p->key));
        if (!slug) return cl_yaml_fail(d, v, err, "a day's name must be a string");
        for (int i = 0; i < r->state->ndays; i++)
            if (!strcmp(r->state->days[i].slug, slug))
                return cl_yaml_fail(d, v, err, "day '%s' appears twice", slug);
        r->day = ws_state_day(r->state, slug);
        cl_status st = cl_yaml_mapping(d, cl_yaml_node(d, p->value), "a day's progress",
                                       day_fields, r, err);
        if (st != CL_OK) return st;
    }
    return CL_OK;
}

static const cl_yaml_field state_fields[] = {
    {"version", true, read_version},
    {"days", true, read_days},
    {NULL, false, NULL},
};

cl_status ws_state_parse(const char *path, const char *text, size_t len, ws_state *s,
                         cl_error *err)
{
    cl_yaml_doc doc;
    reading r = {.state = s};
    cl_status st = cl_yaml_load(&doc, path, text, len, err);
    if (st == CL_OK)
        st = cl_yaml_mapping(&doc, cl_yaml_root(&doc), "the state file", state_fields, &r, err);
    cl_yaml_free(&doc);
    return st;
}

ws_state *ws_state_load(const day_course *c, char **warning)
{
    char *path = state_path(c), *text = NULL;
    size_t len = 0;
    cl_error err = {0};
    ws_state *s = cl_calloc(1, sizeof *s);
    *warning = NULL;
    const char *kind = not_a_file(path);
    if (kind) {
        *warning = cl_sprintf("%s is %s, not a file: progress is neither read nor saved until "
                              "it is removed", path, kind);
        goto done;
    }
    cl_status st = cl_read_file(path, &text, &len, &err);
    if (st == CL_NOT_FOUND) goto done;
    if (st == CL_OK) st = ws_state_parse(path, text, len, s, &err);
    if (st != CL_OK) {
        char where[1200];
        cl_error_format(&err, where, sizeof where);
        char *aside = cl_sprintf("%s.corrupt-%ld", path, (long)time(NULL));
        bool moved = rename(path, aside) == 0;
        *warning = cl_sprintf("progress file was unreadable (%s); %s%s and starting afresh: "
                              "grade a day again to record it", where,
                              moved ? "kept it as " : "could not move it aside",
                              moved ? aside : "");
        free(aside);
        ws_state_free(s);
        s = cl_calloc(1, sizeof *s);
    }
done:
    free(text);
    free(path);
    return s;
}

/* ---- writing, through libyaml's emitter ---- */

typedef struct writer {
    yaml_emitter_t em;
    yaml_event_t ev;
    bool ok;
} writer;

static int collect(void *data, unsigned char *buf, size_t size)
{
    cl_str_addn(data, (const char *)buf, size);
    return 1;
}

static void emit(writer *w)
{
    if (w->ok && !yaml_emitter_emit(&w->em, &w->ev)) w->ok = false;
}

static void scalar(writer *w, const char *s)
{
    yaml_scalar_event_initialize(&w->ev, NULL, NULL, (yaml_char_t *)s, -1, 1, 1,
                                 YAML_ANY_SCALAR_STYLE);
    emit(w);
}

static void map_start(writer *w, bool flow)
{
    yaml_mapping_start_event_initialize(&w->ev, NULL, NULL, 1,
                                        flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE);
    emit(w);
}

static void map_end(writer *w)
{
    yaml_mapping_end_event_initialize(&w->ev);
    emit(w);
}

static void key_number(writer *w, const char *key, double v, const char *fmt)
{
    char buf[64];
    snprintf(buf, sizeof buf, fmt, v);
    scalar(w, key);
    scalar(w, buf);
}

static void emit_checks(writer *w, const char *key, unsigned bits)
{
    scalar(w, key);
    yaml_sequence_start_event_initialize(&w->ev, NULL, NULL, 1, YAML_FLOW_SEQUENCE_STYLE);
    emit(w);
    for (int c = 0; c < DAY_CHECK_COUNT; c++)
        if (bits & (1u << c)) scalar(w, day_check_name((day_check)c));
    yaml_sequence_end_event_initialize(&w->ev);
    emit(w);
}

static void emit_day(writer *w, const ws_day_state *d)
{
    scalar(w, d->slug);
    map_start(w, false);
    scalar(w, "status");
    scalar(w, ws_status_key(d->status));
    key_number(w, "last_graded", (double)d->last_graded, "%.0f");
    if (d->backend) {
        scalar(w, "backend");
        scalar(w, d->backend);
    }
    if (d->hints) key_number(w, "hints", (double)d->hints, "%.0f");
    emit_checks(w, "passed", d->passed_checks);
    emit_checks(w, "failed", d->failed_checks);
    if (d->nbest) {
        scalar(w, "best");
        map_start(w, false);
        for (int i = 0; i < d->nbest; i++) {
            scalar(w, d->best[i].kernel);
            map_start(w, true);
            if (d->best[i].instructions >= 0)
                key_number(w, "instructions", d->best[i].instructions, "%.0f");
            if (d->best[i].ms >= 0) key_number(w, "ms", d->best[i].ms, "%.6g");
            map_end(w);
        }
        map_end(w);
    }
    map_end(w);
}

cl_status ws_state_save(const day_course *c, const ws_state *s, cl_error *err)
{
    writer w = {.ok = true};
    cl_str out = {0};
    cl_status st = CL_OK;
    char *path = state_path(c);
    cl_str_add(&out, "# cudalab progress, written by cudalab; safe to delete (grading again "
                     "rebuilds it)\n");
    yaml_emitter_initialize(&w.em);
    yaml_emitter_set_output(&w.em, collect, &out);
    yaml_emitter_set_unicode(&w.em, 1);
    yaml_stream_start_event_initialize(&w.ev, YAML_UTF8_ENCODING);
    emit(&w);
    yaml_document_start_event_initialize(&w.ev, NULL, NULL, NULL, 1);
    emit(&w);
    map_start(&w, false);
    key_number(&w, "version", 1, "%.0f");
    scalar(&w, "days");
    map_start(&w, false);
    for (int i = 0; i < s->ndays; i++) emit_day(&w, &s->days[i]);
    map_end(&w);
    map_end(&w);
    yaml_document_end_event_initialize(&w.ev, 1);
    emit(&w);
    yaml_stream_end_event_initialize(&w.ev);
    emit(&w);
    if (!w.ok) {
        st = cl_fail(err, CL_INTERNAL, path, 0, 0, "cannot write YAML: %s",
                     w.em.problem ? w.em.problem : "emitter error");
        goto done;
    }
    const char *kind = not_a_file(path);
    if (kind) {
        st = cl_fail(err, CL_IO, path, 0, 0, "is %s, not a file: progress is not saved until it "
                     "is removed", kind);
        goto done;
    }
    st = cl_mkdirs(ws_root(c), err);
    if (st == CL_OK) st = cl_write_file_atomic(path, out.s, out.len, err);
done:
    yaml_emitter_delete(&w.em);
    cl_str_free(&out);
    free(path);
    return st;
}

/* ---- read-modify-write under a lock ---- */

/* An exclusive flock on state.yaml.lock, waited for up to WS_LOCK_WAIT_MS
 * (a grade holds it for milliseconds). The fd, or -1 and err. */
static int lock_state(const day_course *c, cl_error *err)
{
    char *path = cl_path_join(ws_root(c), "state.yaml.lock");
    struct stat sb;
    int fd = -1;
    if (cl_mkdirs(ws_root(c), err) != CL_OK) goto done;
    fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd < 0) {
        cl_fail(err, CL_IO, path, 0, 0, "cannot open the progress lock: %s", strerror(errno));
        goto done;
    }
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        cl_fail(err, CL_IO, path, 0, 0, "the progress lock is not a regular file");
        goto fail;
    }
    for (int waited = 0; flock(fd, LOCK_EX | LOCK_NB) != 0; waited += 10) {
        if ((errno != EWOULDBLOCK && errno != EINTR) || waited >= WS_LOCK_WAIT_MS) {
            cl_fail(err, CL_IO, path, 0, 0, "cannot lock the progress file: %s",
                    errno == EWOULDBLOCK ? "another cudalab has held it for 10 s" : strerror(errno));
            goto fail;
        }
        usleep(10 * 1000);
    }
    goto done;
fail:
    close(fd);
    fd = -1;
done:
    free(path);
    return fd;
}

static void forget_grade(ws_state *s, void *slug)
{
    ws_day_state *d = ws_state_day(s, slug);
    d->status = WS_NOT_STARTED; /* shown as started or not started, from the file */
    d->last_graded = 0;
    free(d->backend);
    d->backend = NULL;
    d->passed_checks = d->failed_checks = 0;
}

cl_status ws_state_forget_grade(const day_course *c, const char *slug, char **warning, cl_error *err)
{
    return ws_state_update(c, forget_grade, (void *)slug, warning, err);
}

cl_status ws_state_update(const day_course *c, ws_state_change change, void *ctx,
                          char **warning, cl_error *err)
{
    *warning = NULL;
    int fd = lock_state(c, err);
    if (fd < 0) return err ? err->status : CL_IO;
    ws_state *s = ws_state_load(c, warning);
    change(s, ctx);
    cl_status st = ws_state_save(c, s, err);
    ws_state_free(s);
    close(fd); /* releases the lock, after the rename */
    return st;
}

/* ---- hints ---- */

typedef struct reveal {
    const char *slug;
    int max, shown;
} reveal;

static void reveal_one(ws_state *s, void *ctx)
{
    reveal *r = ctx;
    ws_day_state *d = ws_state_day(s, r->slug);
    if (d->hints < r->max) d->hints++;
    r->shown = d->hints;
}

cl_status ws_reveal_hint(const day_course *c, const day_manifest *m, int *shown, char **warning,
                         cl_error *err)
{
    reveal r = {m->slug, m->nhints, 0};
    cl_status st = ws_state_update(c, reveal_one, &r, warning, err);
    *shown = r.shown;
    return st;
}

int ws_hints_revealed(const ws_state *s, const day_manifest *m)
{
    for (int i = 0; s && i < s->ndays; i++)
        if (!strcmp(s->days[i].slug, m->slug))
            return s->days[i].hints < m->nhints ? s->days[i].hints : m->nhints;
    return 0;
}

const day_manifest *ws_next_day(const day_course *c, const ws_state *s)
{
    for (int i = 0; i < c->ndays; i++) {
        const day_entry *e = &c->days[i];
        if (!e->manifest) continue; /* a day that cannot be opened is no day to work on */
        ws_status st = ws_day_status(c, e->manifest, s);
        if (st != WS_PASSING && st != WS_HONEST) return e->manifest;
    }
    return NULL;
}
