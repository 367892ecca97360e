/* batch_out.c - the files and the table `cudalab batch` leaves (batch.h). */
#include "batch.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define NAME_MAX_BYTES 96 /* of a name before its suffixes */
#define BACKUPS_A_SECOND 1000

/* ---- text ---- */

/* Bytes of the valid UTF-8 sequence at p (1 to 4), or 0. */
static int utf8_seq(const unsigned char *p)
{
    static const unsigned least[] = {0, 0, 0x80, 0x800, 0x10000};
    int n = p[0] < 0x80 ? 1 : (p[0] & 0xe0) == 0xc0 ? 2 : (p[0] & 0xf0) == 0xe0 ? 3
          : (p[0] & 0xf8) == 0xf0 ? 4 : 0;
    if (n <= 1) return n;
    unsigned cp = p[0] & (0x7fu >> n);
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80) return 0;
        cp = cp << 6 | (p[i] & 0x3fu);
    }
    return cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? 0 : n;
}

/* A control character in UTF-8: C0, DEL or C1 (U+0080..U+009F). */
static bool is_control(const unsigned char *p, int n)
{
    return (n == 1 && (p[0] < 0x20 || p[0] == 0x7f)) || (n == 2 && p[0] == 0xc2 && p[1] < 0xa0);
}

/* s with every byte of invalid UTF-8, and with controls also every control
 * character and backslash, as \xNN. */
static char *escaped(const char *s, bool controls)
{
    cl_str b = {0};
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        int n = utf8_seq(p);
        if (controls && (is_control(p, n) || *p == '\\')) n = 0;
        if (n) cl_str_addn(&b, (const char *)p, (size_t)n);
        else cl_str_addf(&b, "\\x%02x", *p);
        p += n ? n : 1;
    }
    char *out = cl_strdup(cl_str_cstr(&b));
    cl_str_free(&b);
    return out;
}

char *batch_shown(const char *s) { return escaped(s, true); }

/* Every string value of a JSON tree valid UTF-8, so a report whose strings
 * were not stays whole and becomes valid JSON (the grader's keys are its own). */
static void fix_strings(cJSON *o)
{
    for (cJSON *x = o; x; x = x->next) {
        if (cJSON_IsString(x) && x->valuestring) {
            char *fixed = escaped(x->valuestring, false);
            if (strcmp(fixed, x->valuestring)) cJSON_SetValuestring(x, fixed);
            free(fixed);
        }
        fix_strings(x->child);
    }
}

const char *batch_verdict(const batch_sub *s)
{
    return s->exit_code == 0 ? "passed" : s->exit_code == 1 ? "not passed" : "could not grade";
}

/* ---- names ---- */

/* submissions/alice/shuffles.cu -> alice-shuffles: letters, digits, ._+- and
 * UTF-8 letters kept, anything else '_', never starting with '.'. *cut says
 * whether it was longer than NAME_MAX_BYTES. */
static char *base_name(const char *path, bool *cut)
{
    char *copy = cl_strdup(path), *dcopy = cl_strdup(path);
    char *base = basename(copy), *dir = basename(dirname(dcopy));
    size_t len = strlen(base);
    if (len > 3 && !strcmp(base + len - 3, ".cu")) base[len - 3] = '\0';
    char *raw = strcmp(dir, ".") && strcmp(dir, "/") ? cl_sprintf("%s-%s", dir, base) : cl_strdup(base);
    cl_str b = {0};
    *cut = false;
    for (const unsigned char *p = (const unsigned char *)raw; *p && !*cut;) {
        int n = utf8_seq(p);
        bool plain = n == 1 && (strchr("._+-", *p) || (*p >= '0' && *p <= '9') ||
                                ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z'));
        if (b.len + (size_t)(n ? n : 1) > NAME_MAX_BYTES) *cut = true;
        else if (plain || (n > 1 && !is_control(p, n))) cl_str_addn(&b, (const char *)p, (size_t)n);
        else cl_str_addc(&b, '_');
        p += n ? n : 1;
    }
    if (b.len && b.s[0] == '.') b.s[0] = '_';
    char *name = cl_strdup(b.len ? b.s : "submission");
    cl_str_free(&b);
    free(raw);
    free(copy);
    free(dcopy);
    return name;
}

/* Whether another submission has the name of i (letters compared without case,
 * as a case-blind file system would). */
static bool taken(const batch *b, size_t i)
{
    for (size_t j = 0; j < b->subs.n; j++)
        if (j != i && b->subs.v[j].name && !strcasecmp(b->subs.v[j].name, b->subs.v[i].name))
            return true;
    return false;
}

/* A name each: the plain one where it is unique; where two paths map to one
 * name (or a name was cut), "-" and 8 hex digits of the path's hash; where even
 * that is shared (the same path twice), "-2", "-3"... in the order given. */
static void make_names(batch *b)
{
    bool *cut = cl_calloc(b->subs.n + 1, sizeof *cut);
    for (size_t i = 0; i < b->subs.n; i++) b->subs.v[i].name = base_name(b->subs.v[i].path, &cut[i]);
    bool *clash = cl_calloc(b->subs.n + 1, sizeof *clash);
    for (size_t i = 0; i < b->subs.n; i++) clash[i] = cut[i] || taken(b, i);
    for (size_t i = 0; i < b->subs.n; i++) {
        batch_sub *s = &b->subs.v[i];
        if (!clash[i]) continue;
        char hex[CL_SHA256_HEX];
        cl_sha256_hex(s->path, strlen(s->path), hex);
        char *named = cl_sprintf("%s-%.8s", s->name, hex);
        free(s->name);
        s->name = named;
    }
    for (size_t i = 0; i < b->subs.n; i++) {
        batch_sub *s = &b->subs.v[i];
        bool later = false; /* the first given keeps the name; later ones count on */
        for (size_t j = 0; j < i && !later; j++) later = !strcasecmp(b->subs.v[j].name, s->name);
        if (!later) continue;
        char *stem = cl_strdup(s->name);
        for (int k = 2; taken(b, i); k++) {
            free(s->name);
            s->name = cl_sprintf("%s-%d", stem, k);
        }
        free(stem);
    }
    free(cut);
    free(clash);
}

/* ---- writing ---- */

/* Keep what is at path as path.<YYYYmmdd-HHMMSS>[-K].bak: a hard link made
 * beside it (or a rename where links cannot be made), which never replaces an
 * older backup. */
static cl_status keep_old(const char *path, cl_error *err)
{
    struct stat sb;
    if (lstat(path, &sb) != 0) return CL_OK;
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime_r(&now, &tm));
    int rc = -1;
    for (int k = 1; rc != 0 && k <= BACKUPS_A_SECOND; k++) {
        char *bak = k == 1 ? cl_sprintf("%s.%s.bak", path, stamp)
                           : cl_sprintf("%s.%s-%d.bak", path, stamp, k);
        rc = link(path, bak);
        if (rc != 0 && errno != EEXIST)
            rc = renameat2(AT_FDCWD, path, AT_FDCWD, bak, RENAME_NOREPLACE);
        free(bak);
        if (rc != 0 && errno != EEXIST) break;
    }
    if (rc != 0)
        return cl_fail(err, CL_IO, path, 0, 0, "cannot keep the old file: %s", strerror(errno));
    return CL_OK;
}

cl_status batch_keep_old(const char *path, cl_error *err)
{
    return keep_old(path, err);
}

cl_status batch_write_kept(const char *path, const char *text, cl_error *err)
{
    char *old = NULL;
    bool same = cl_read_file(path, &old, NULL, NULL) == CL_OK && !strcmp(old, text);
    free(old);
    if (same) return CL_OK;
    cl_status st = keep_old(path, err);
    return st == CL_OK ? cl_write_file_atomic(path, text, strlen(text), err) : st;
}

/* What the report depends on, beside it: a rerun keeps it when all match,
 * the path as given or, where both runs have it, the file's canonical path
 * (`real`: the same file named from another folder, or relative and
 * absolute). */
static cJSON *provenance(const batch *b, const batch_sub *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "path", s->shown);
    char *real = realpath(s->path, NULL);
    if (real) {
        char *shown = batch_shown(real);
        cJSON_AddStringToObject(o, "real", shown);
        free(shown);
        free(real);
    }
    cJSON_AddStringToObject(o, "sha256", s->sha);
    cJSON_AddStringToObject(o, "seed", b->seed_text);
    cJSON_AddStringToObject(o, "backend", b->backend);
    cJSON_AddStringToObject(o, "course", b->course_sha);
    cJSON_AddStringToObject(o, "cudalab", CUDALAB_VERSION);
    return o;
}

/* The report as saved: the grader's object with "batch" added, or, for a
 * submission without one, {"file", "error", "passed": false, "batch"}. */
static char *saved_text(const batch *b, const batch_sub *s)
{
    cJSON *o = s->json ? cJSON_Parse(s->json) : NULL;
    if (!o) {
        o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "file", s->shown);
        cJSON_AddStringToObject(o, "error", s->reason ? s->reason : "could not grade");
        cJSON_AddBoolToObject(o, "passed", s->exit_code == 0);
        cJSON_AddNumberToObject(o, "exit_status", s->exit_code);
    }
    cJSON_DeleteItemFromObjectCaseSensitive(o, "batch");
    fix_strings(o);
    cJSON_AddItemToObject(o, "batch", provenance(b, s));
    char *printed = cJSON_Print(o);
    char *text = cl_sprintf("%s\n", printed);
    cJSON_free(printed);
    cJSON_Delete(o);
    return text;
}

/* Whether the report at path and text are one grade: alike in every key
 * but "seconds", the wall time the grade took (a --regrade of the same
 * file gives another every time). */
static bool same_grade(const char *path, const char *text)
{
    char *old = NULL;
    cJSON *a = cl_read_file(path, &old, NULL, NULL) == CL_OK ? cJSON_Parse(old) : NULL;
    cJSON *b = a ? cJSON_Parse(text) : NULL;
    bool same = a && b;
    if (same) {
        cJSON_DeleteItemFromObjectCaseSensitive(a, "seconds");
        cJSON_DeleteItemFromObjectCaseSensitive(b, "seconds");
        same = cJSON_Compare(a, b, true);
    }
    cJSON_Delete(a);
    cJSON_Delete(b);
    free(old);
    return same;
}

void batch_save_report(const batch *b, batch_sub *s)
{
    if (!b->out_dir) return;
    char *path = cl_sprintf("%s/%s.json", b->out_dir, s->name);
    char *text = saved_text(b, s);
    cl_error err = {0};
    cl_status st = same_grade(path, text) ? cl_write_file_atomic(path, text, strlen(text), &err)
                                          : batch_write_kept(path, text, &err);
    if (st != CL_OK) {
        char *where = batch_shown(path);
        s->save_error = cl_sprintf("%s: %s", where, err.message);
        free(where);
    }
    free(text);
    free(path);
}

/* ---- before grading ---- */

/* A file can be made in dir (the way every write makes its temporary file). */
static cl_status probe(const char *dir, cl_error *err)
{
    char *tmp = cl_sprintf("%s/.cudalab-probe-XXXXXX", dir);
    int fd = mkstemp(tmp);
    cl_status st = CL_OK;
    if (fd < 0) st = cl_fail(err, CL_IO, dir, 0, 0, "cannot write there: %s", strerror(errno));
    else close(fd), unlink(tmp);
    free(tmp);
    return st;
}

static cl_status check_csv(const char *csv, cl_error *err)
{
    struct stat sb;
    char *copy = cl_strdup(csv), *dir = dirname(copy);
    cl_status st = CL_OK;
    if (stat(csv, &sb) == 0 && !S_ISREG(sb.st_mode))
        st = cl_fail(err, CL_IO, csv, 0, 0, "is %s, not a file", cl_file_kind(sb.st_mode));
    else if (!cl_dir_exists(dir))
        st = cl_fail(err, CL_IO, csv, 0, 0, "its folder does not exist");
    else
        st = probe(dir, err);
    free(copy);
    return st;
}

int batch_check_outputs(const batch *b)
{
    cl_error err = {0};
    const char *flag = "--out", *what = b->out_dir;
    cl_status st = CL_OK;
    if (b->out_dir && !*b->out_dir) st = cl_fail(&err, CL_USAGE, "", 0, 0, "is empty");
    if (st == CL_OK && b->out_dir) st = cl_mkdirs(b->out_dir, &err);
    if (st == CL_OK && b->out_dir) st = probe(b->out_dir, &err);
    if (st == CL_OK && b->csv) {
        flag = "--csv", what = b->csv;
        st = *b->csv ? check_csv(b->csv, &err) : cl_fail(&err, CL_USAGE, "", 0, 0, "is empty");
    }
    char *similar = b->similar && st == CL_OK ? batch_similar_path(b->csv) : NULL;
    if (similar) {
        flag = "--similar", what = similar;
        st = check_csv(similar, &err);
    }
    if (st == CL_OK) {
        free(similar);
        return CLI_PASSED;
    }
    char *shown = batch_shown(what);
    char *msg = batch_shown(err.message);
    cli_cannot("%s %s: %s; nothing was graded", flag, shown, msg);
    free(shown);
    free(msg);
    free(similar);
    return CLI_CANNOT;
}

static void hash_file(cl_sha256 *h, const char *path)
{
    char *text = NULL;
    size_t len = 0;
    if (cl_read_file(path, &text, &len, NULL) == CL_OK) cl_sha256_update(h, text, len);
    cl_sha256_update(h, "\0", 1);
    free(text);
}

static int by_bytes(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name); /* not alphasort's locale */
}

/* Every regular file at the top of dir, by name in byte order: its name, then
 * its bytes. */
static void hash_folder(cl_sha256 *h, const char *dir)
{
    struct dirent **names = NULL;
    int n = scandir(dir, &names, NULL, by_bytes);
    for (int i = 0; i < n; i++) {
        char *path = cl_path_join(dir, names[i]->d_name);
        struct stat sb;
        if (names[i]->d_name[0] != '.' && stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
            cl_sha256_update(h, names[i]->d_name, strlen(names[i]->d_name) + 1);
            hash_file(h, path);
        }
        free(path);
        free(names[i]);
    }
    free(names);
    cl_sha256_update(h, "/", 1);
}

/* Whether the report at path was made from this very file, seed, backend,
 * course and cudalab; then its result is s's. */
static void keep_earlier(const batch *b, batch_sub *s, const char *path)
{
    char *text = NULL;
    if (cl_read_file(path, &text, NULL, NULL) != CL_OK) return;
    cJSON *o = cJSON_Parse(text), *was = cJSON_GetObjectItemCaseSensitive(o, "batch");
    cJSON *now = provenance(b, s);
    const cJSON *r0 = cJSON_GetObjectItemCaseSensitive(was, "real"), *r1 = cJSON_GetObjectItemCaseSensitive(now, "real");
    if (cJSON_IsString(r0) && cJSON_IsString(r1) && !strcmp(r0->valuestring, r1->valuestring)) {
        cJSON_DeleteItemFromObjectCaseSensitive(was, "path"); /* one file: as given may differ */
        cJSON_DeleteItemFromObjectCaseSensitive(now, "path");
    }
    /* a report without the grade's points (an older cudalab's) is graded again */
    bool same = was && !cJSON_GetObjectItemCaseSensitive(o, "error") &&
                cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(o, "scores")) && cJSON_Compare(was, now, true);
    if (same && report_from_json(text, &s->result, NULL) == CL_OK) {
        s->kept = true;
        s->exit_code = s->result->passed ? 0 : 1;
        batch_points_take(b->day_manifest, text, s->result, &s->points);
    }
    cJSON_Delete(now);
    cJSON_Delete(o);
    free(text);
}

/* Why the submission at path cannot be graded, or NULL; its hash in sha. */
static char *check_path(const char *path, char sha[CL_SHA256_HEX])
{
    struct stat sb;
    char *text = NULL, *why = NULL;
    size_t len = 0;
    cl_error err = {0};
    if (lstat(path, &sb) != 0) return cl_strdup("no such file");
    if (S_ISLNK(sb.st_mode) && stat(path, &sb) != 0)
        return cl_strdup("a symbolic link to nothing");
    if (!S_ISREG(sb.st_mode)) return cl_sprintf("%s, not a file", cl_file_kind(sb.st_mode));
    if (cl_read_file(path, &text, &len, &err) != CL_OK) {
        char *msg = batch_shown(err.message);
        why = cl_sprintf("cannot be read: %s", msg);
        free(msg);
    } else {
        cl_sha256_hex(text, len, sha);
    }
    free(text);
    return why;
}

static int by_path(const void *a, const void *b)
{
    const batch_sub *x = *(batch_sub *const *)a, *y = *(batch_sub *const *)b;
    int c = strcmp(x->path, y->path);
    return c ? c : x < y ? -1 : x > y;
}

/* --shard I/N: the submissions whose place among the paths sorted by their
 * bytes is I-1 modulo N stay; the others are dropped. */
static void keep_shard(batch *b)
{
    size_t n = b->subs.n, kept = 0;
    batch_sub **sorted = cl_calloc(n + 1, sizeof *sorted);
    bool *mine = cl_calloc(n + 1, sizeof *mine);
    for (size_t i = 0; i < n; i++) sorted[i] = &b->subs.v[i];
    qsort(sorted, n, sizeof *sorted, by_path);
    for (size_t k = 0; k < n; k++) mine[sorted[k] - b->subs.v] = k % b->shards == b->shard - 1;
    for (size_t i = 0; i < n; i++) {
        if (mine[i]) {
            b->subs.v[kept++] = b->subs.v[i];
            continue;
        }
        free(b->subs.v[i].path);
        free(b->subs.v[i].shown);
        free(b->subs.v[i].name);
    }
    b->subs.n = kept;
    free(sorted);
    free(mine);
}

/* The student ids; one line on stderr for the paths --name-from missed. */
static void take_ids(batch *b)
{
    size_t missed = 0;
    const char *first = NULL;
    for (size_t i = 0; i < b->subs.n; i++) {
        batch_sub *s = &b->subs.v[i];
        s->id = batch_pattern_id(b->name_from, s->path);
        if (!s->id && !missed++) first = s->shown;
    }
    if (!missed) return;
    char *pattern = batch_shown(b->name_from);
    fprintf(stderr, "cudalab: --name-from '%s' matches no id in %zu path%s (the first: %s); "
            "their student cells are empty\n", pattern, missed, missed == 1 ? "" : "s", first);
    free(pattern);
}

void batch_prepare(batch *b)
{
    /* The course, as far as this day's grades go: the day's folder (its
     * manifest, a check script, a copy kernel), its reference and its
     * template folder (the day's headers). */
    cl_sha256 h;
    cl_sha256_init(&h);
    hash_folder(&h, b->day_manifest->dir);
    char *solution = day_solution_path(b->course, b->day_manifest);
    char *templates = day_template_path(b->course, b->day_manifest), *slash = strrchr(templates, '/');
    if (slash) *slash = '\0';
    hash_file(&h, solution);
    hash_folder(&h, templates);
    free(solution);
    free(templates);
    cl_sha256_final_hex(&h, b->course_sha);
    make_names(b);
    if (b->name_from) batch_warn_shared_ids(b); /* over the whole class, shard or not */
    if (b->shards) keep_shard(b);
    if (b->name_from) take_ids(b);
    for (size_t i = 0; i < b->subs.n; i++) {
        batch_sub *s = &b->subs.v[i];
        s->reason = check_path(s->path, s->sha);
        if (s->reason) s->exit_code = 2;
        batch_points_take(b->day_manifest, NULL, NULL, &s->points);
    }
    for (size_t i = 0; b->out_dir && !b->regrade && i < b->subs.n; i++) {
        batch_sub *s = &b->subs.v[i];
        char *path = cl_sprintf("%s/%s.json", b->out_dir, s->name);
        if (!s->reason) keep_earlier(b, s, path);
        free(path);
    }
}

/* ---- after grading ---- */

static void failed_checks(cl_str *out, const report_result *r)
{
    for (int c = 0; c < DAY_CHECK_COUNT; c++)
        if (r->checks[c].ran && !r->checks[c].passed)
            cl_str_addf(out, "%s%s", out->len ? ", " : "failed: ", day_check_name((day_check)c));
}

static double total(const double *v)
{
    double t = 0;
    for (int c = 0; c < DAY_CHECK_COUNT; c++) t += v[c];
    return t;
}

/* One line a submission in the order given, and a count. */
static void print_summary(const batch *b)
{
    int width = 10, counts[3] = {0}, kept = 0;
    for (size_t i = 0; i < b->subs.n; i++) {
        int n = (int)strlen(b->subs.v[i].name);
        if (n > width) width = n < 48 ? n : 48;
    }
    printf("%-*s  %-15s  %-9s  %s\n", width, "submission", "result", "points", "detail");
    for (size_t i = 0; i < b->subs.n; i++) {
        const batch_sub *s = &b->subs.v[i];
        cl_str detail = {0};
        if (s->result) failed_checks(&detail, s->result);
        if (s->reason) cl_str_add(&detail, s->reason);
        if (s->kept) cl_str_add(&detail, detail.len ? " (kept from an earlier run)" : "kept from an earlier run");
        counts[s->exit_code >= 0 && s->exit_code <= 1 ? s->exit_code : 2]++;
        kept += s->kept;
        char points[64] = "-";
        if (s->points.known)
            snprintf(points, sizeof points, "%g/%g", total(s->points.earned), total(s->points.max));
        printf("%-*s  %-15s  %-9s  %s\n", width, s->name, batch_verdict(s), points, cl_str_cstr(&detail));
        cl_str_free(&detail);
    }
    printf("%zu submission%s: %d passed, %d not passed, %d could not be graded; %d kept from an "
           "earlier run\n", b->subs.n, b->subs.n == 1 ? "" : "s", counts[0], counts[1], counts[2], kept);
    fflush(stdout);
}

/* Write text to path; NULL, or why not (caller frees). */
static char *write_table(const char *path, const char *text)
{
    cl_error err = {0};
    if (batch_write_kept(path, text, &err) == CL_OK) return NULL;
    char *where = batch_shown(path);
    char *why = cl_sprintf("%s: %s", where, err.message);
    free(where);
    return why;
}

/* --similar's table beside the CSV, and a line on stdout saying where. */
static char *write_similar(const batch *b)
{
    size_t compared = 0;
    char *text = batch_similar_csv(b, &compared), *path = batch_similar_path(b->csv);
    char *why = write_table(path, text);
    if (!why) {
        char *shown = batch_shown(path);
        printf("similarity of %zu pairs of the %zu submissions that compiled: %s (most alike first; "
               "it decides nothing)\n", compared * (compared ? compared - 1 : 0) / 2, compared, shown);
        free(shown);
    }
    free(text);
    free(path);
    return why;
}

int batch_finish(const batch *b)
{
    int rc = CLI_PASSED;
    for (size_t i = 0; i < b->subs.n; i++)
        if (b->subs.v[i].exit_code != 0) rc = CLI_NOT_PASSED;
    char *csv = b->csv ? batch_csv(b) : NULL;
    char *csv_error = csv ? write_table(b->csv, csv) : NULL;
    print_summary(b);
    char *similar_error = b->similar ? write_similar(b) : NULL;
    fflush(stdout);
    for (size_t i = 0; i < b->subs.n; i++)
        if (b->subs.v[i].save_error) rc = cli_cannot("report not saved: %s", b->subs.v[i].save_error);
    if (csv_error) rc = cli_cannot("table not saved: %s", csv_error);
    if (similar_error) rc = cli_cannot("similarity table not saved: %s", similar_error);
    free(csv);
    free(csv_error);
    free(similar_error);
    return rc;
}

void batch_free(batch *b)
{
    for (size_t i = 0; i < b->subs.n; i++) {
        batch_sub *s = &b->subs.v[i];
        free(s->path);
        free(s->shown);
        free(s->name);
        free(s->json);
        free(s->reason);
        free(s->save_error);
        free(s->id);
        batch_print_free(s->print);
        report_free(s->result);
    }
    free(b->subs.v);
}
