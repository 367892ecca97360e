/* batch_csv.c - the batch's table, and `cudalab merge` (batch.h).
 *
 * A row a submission: its path, the student id (--name-from), the verdict,
 * the points, why it could not be graded, each check, each check's points,
 * and each kernel's figures. The rows are sorted by their bytes, whatever
 * order the paths were given in, so a class graded in shards (--shard I/N)
 * and merged is the very file a single run writes: merging is sorting the
 * union of the shards' rows under the one header. */
#include "batch.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "commands.h"

static const char *const kernel_columns[] = {"wrong", "total", "registers", "shared_bytes",
                                             "spill_bytes", "instructions", "ms", "gbps"};
#define NCOLS (sizeof kernel_columns / sizeof *kernel_columns)

/* Where a cell's text may start a formula in a spreadsheet (Excel,
 * LibreOffice, Google Sheets): =, +, - and @, and tab and carriage return,
 * which some trim before they look. */
static bool formula_start(char c)
{
    return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
}

void batch_csv_cell(cl_str *b, const char *raw)
{
    if (!raw) return;
    char *s = cl_text_safe(raw, 0);
    bool quote = strpbrk(s, ",\"") != NULL;
    if (quote) cl_str_addc(b, '"');
    if (formula_start(s[0])) cl_str_addc(b, '\'');
    for (const char *p = s; *p; p++) {
        if (*p == '"') cl_str_addc(b, '"');
        cl_str_addc(b, *p);
    }
    if (quote) cl_str_addc(b, '"');
    free(s);
}

/* A text cell of a row, after a comma unless it is the first. */
static void cell(cl_str *b, bool first, const char *raw)
{
    if (!first) cl_str_addc(b, ',');
    batch_csv_cell(b, raw);
}

/* A number cell: cudalab's own figure, written as it is (a negative one is
 * a number, not a formula). Empty when it is not known. */
static void number_cell(cl_str *b, bool known, double v)
{
    cl_str_addc(b, ',');
    if (known) cl_str_addf(b, "%.10g", v);
}

/* The checks that are worth points on day m (a column each). */
static bool counts(const day_manifest *m, day_check c)
{
    for (int i = 0; i < day_manifest_nscored(m); i++)
        if (!day_manifest_scored(m, i)->optional && batch_points_max(day_manifest_scored(m, i), c) > 0)
            return true;
    return false;
}

static void header(cl_str *b, const day_manifest *m)
{
    static const char *const first[] = {"submission", "student", "passed", "points", "max_points",
                                        "error", "warnings"};
    for (size_t i = 0; i < sizeof first / sizeof *first; i++) cell(b, i == 0, first[i]);
    for (int c = 0; c < DAY_CHECK_COUNT; c++) cell(b, false, day_check_name((day_check)c));
    for (int c = 0; c < DAY_CHECK_COUNT; c++)
        if (counts(m, (day_check)c)) cl_str_addf(b, ",%s.points", day_check_name((day_check)c));
    for (int k = 0; k < day_manifest_nscored(m); k++)
        for (size_t i = 0; i < NCOLS; i++)
            cl_str_addf(b, ",%s.%s", day_manifest_scored(m, k)->name, kernel_columns[i]);
    cl_str_addc(b, '\n');
}

static void kernel_cells(cl_str *b, const report_kernel *k)
{
    const report_side *s = k ? &k->yours : NULL;
    bool ran = s && s->ran;
    number_cell(b, ran && s->wrong >= 0, ran ? (double)s->wrong : 0);
    number_cell(b, ran && s->total >= 0, ran ? (double)s->total : 0);
    number_cell(b, s && s->registers >= 0, s ? (double)s->registers : 0);
    number_cell(b, s && s->shared_bytes >= 0, s ? (double)s->shared_bytes : 0);
    number_cell(b, s && s->spill_bytes >= 0, s ? (double)s->spill_bytes : 0);
    number_cell(b, ran && s->lane_instructions > 0, ran ? (double)s->lane_instructions : 0);
    number_cell(b, ran && s->has_ms, ran ? s->ms : 0);
    number_cell(b, ran && s->has_ms, ran ? s->gbps : 0);
}

static double sum(const double *v)
{
    double t = 0;
    for (int c = 0; c < DAY_CHECK_COUNT; c++) t += v[c];
    return t;
}

/* The report's warnings in one cell: "check: kind (kernel:line)" each,
 * "; " between them, a count where more than five; NULL when none. A
 * warning costs no points, so the other cells never show it. */
static char *warnings_cell(const report_result *r)
{
    cl_str b = {0};
    int n = 0;
    for (int i = 0; r && i < r->nhazards; i++) {
        const report_hazard *h = &r->hazards[i];
        if (h->severity != REPORT_WARNING) continue;
        if (++n > 5) continue;
        cl_str_addf(&b, "%s%s: %s (%s:%d)", n > 1 ? "; " : "", day_check_name(h->check),
                    cl_hazard_slug(h->kind), h->kernel ? h->kernel : "?", h->line);
    }
    if (n > 5) cl_str_addf(&b, "; and %d more", n - 5);
    return n ? cl_str_take(&b) : NULL;
}

/* One row, without its newline (caller frees). */
static char *row(const day_manifest *m, const batch_sub *s)
{
    cl_str b = {0};
    const report_result *r = s->result;
    const batch_points *p = &s->points;
    cell(&b, true, s->shown);
    cell(&b, false, s->id);
    cell(&b, false, r ? (r->passed ? "yes" : "no") : NULL);
    number_cell(&b, p->known, sum(p->earned));
    number_cell(&b, true, sum(p->max));
    cell(&b, false, s->reason);
    char *warn = warnings_cell(r);
    cell(&b, false, warn);
    free(warn);
    for (int c = 0; c < DAY_CHECK_COUNT; c++) {
        const report_check *k = r ? &r->checks[c] : NULL;
        cell(&b, false, k && !k->applies ? "n/a" : !k || !k->ran ? NULL : k->passed ? "pass" : "fail");
    }
    for (int c = 0; c < DAY_CHECK_COUNT; c++)
        if (counts(m, (day_check)c)) number_cell(&b, p->known, p->earned[c]);
    for (int i = 0; i < day_manifest_nscored(m); i++) {
        const report_kernel *k = NULL;
        const char *name = day_manifest_scored(m, i)->name;
        for (int j = 0; r && j < r->nkernels && !k; j++)
            if (!strcmp(r->kernels[j].name, name)) k = &r->kernels[j];
        kernel_cells(&b, k);
    }
    return cl_str_take(&b);
}

static int by_bytes(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* header, then rows sorted, a newline after each; frees the rows. */
static char *join_sorted(const char *head, char **rows, size_t n)
{
    qsort(rows, n, sizeof *rows, by_bytes);
    cl_str b = {0};
    cl_str_add(&b, head);
    for (size_t i = 0; i < n; i++) {
        cl_str_addf(&b, "%s\n", rows[i]);
        free(rows[i]);
    }
    return cl_str_take(&b);
}

char *batch_csv(const batch *b)
{
    cl_str head = {0};
    header(&head, b->day_manifest);
    char **rows = cl_calloc(b->subs.n + 1, sizeof *rows);
    for (size_t i = 0; i < b->subs.n; i++) rows[i] = row(b->day_manifest, &b->subs.v[i]);
    char *out = join_sorted(cl_str_cstr(&head), rows, b->subs.n);
    free(rows);
    cl_str_free(&head);
    return out;
}

/* ---- cudalab merge ---- */

typedef CL_VEC(char *) line_list;

/* What a column of batch's header holds: text (the path, the student id,
 * why it could not be graded), yes/no, a check's verdict, or a number. */
typedef enum col_kind { COL_TEXT, COL_YES_NO, COL_VERDICT, COL_NUMBER } col_kind;

/* The tables taken so far: the header every one must have (the first's),
 * and their rows. */
struct batch_merge {
    char *line; /* the header, with its newline; NULL before the first table */
    CL_VEC(col_kind) kinds;
    line_list rows;
};

static col_kind kind_of(const char *name)
{
    if (!strcmp(name, "submission") || !strcmp(name, "student") || !strcmp(name, "error") ||
        !strcmp(name, "warnings"))
        return COL_TEXT;
    if (!strcmp(name, "passed")) return COL_YES_NO;
    return day_check_from_name(name) >= 0 ? COL_VERDICT : COL_NUMBER;
}

/* One cell at *p, as batch_csv_cell writes it (quoted only when it holds a
 * comma or a quote, its quotes doubled), into c; *p left at the comma or
 * the end. NULL, or what batch would not have written. */
static const char *read_cell(const char **p, cl_str *c)
{
    const char *s = *p, *why = NULL;
    if (*s == '"') {
        for (s++; *s && !(s[0] == '"' && s[1] != '"'); s++) {
            if (*s == '"') s++; /* "" */
            cl_str_addc(c, *s);
        }
        if (!*s) why = "a quoted cell is not closed on its line (batch writes no newline in a cell)";
        else if (s[1] && s[1] != ',') why = "a quoted cell goes on after its closing quote";
        else if (!strpbrk(cl_str_cstr(c), ",\"")) why = "a cell is quoted that holds no comma and no quote";
        if (*s) s++;
    } else {
        size_t n = strcspn(s, ",");
        cl_str_addn(c, s, n);
        if (memchr(s, '"', n)) why = "a cell that is not quoted holds a quote";
        s += n;
    }
    if (!why && !cl_text_is_safe(cl_str_cstr(c), c->len, 0))
        why = "a cell holds a control character (a tab, a carriage return) or bytes that are not UTF-8";
    *p = s;
    return why;
}

/* The cells of line into cells (caller frees them); NULL, or why batch
 * could not have written it. */
static const char *split_row(const char *line, line_list *cells)
{
    const char *why = NULL;
    for (const char *p = line; !why;) {
        cl_str c = {0};
        cl_str_add(&c, "");
        why = read_cell(&p, &c);
        CL_VEC_PUSH(cells, cl_str_take(&c));
        if (!*p) break;
        p++;
    }
    return why;
}

static void free_cells(line_list *cells)
{
    for (size_t i = 0; i < cells->n; i++) free(cells->v[i]);
    free(cells->v);
    *cells = (line_list){0};
}

/* A number as batch writes one (%.10g), nothing else. */
static bool canonical_number(const char *s)
{
    char *end = NULL, again[64];
    double v = strtod(s, &end);
    if (!*s || *end || end == s) return false;
    snprintf(again, sizeof again, "%.10g", v);
    return !strcmp(again, s);
}

/* Whether batch writes text into a column of this kind. */
static bool fits(col_kind k, const char *text)
{
    if (!*text || k == COL_TEXT) return true;
    if (k == COL_YES_NO) return !strcmp(text, "yes") || !strcmp(text, "no");
    if (k == COL_VERDICT) return !strcmp(text, "pass") || !strcmp(text, "fail") || !strcmp(text, "n/a");
    return canonical_number(text);
}

/* The row of line, checked against the header and written again (its text
 * cells through batch_csv_cell, so a table an older cudalab wrote comes out
 * neutralised) into *out; NULL, or why batch could not have written it, in
 * why (len bytes). */
static const char *take_row(const batch_merge *h, const char *line, char **out, char *why, size_t len)
{
    line_list cells = {0};
    const char *bad = split_row(line, &cells);
    if (!bad && cells.n != h->kinds.n) {
        snprintf(why, len, "%zu cells where the header has %zu", cells.n, h->kinds.n);
        bad = why;
    }
    for (size_t i = 0; !bad && i < cells.n; i++) {
        if (fits(h->kinds.v[i], cells.v[i])) continue;
        char *shown = batch_shown(cells.v[i]);
        snprintf(why, len, "cell %zu holds '%.40s', which batch never writes there", i + 1, shown);
        free(shown);
        bad = why;
    }
    cl_str b = {0};
    for (size_t i = 0; !bad && i < cells.n; i++) {
        if (i) cl_str_addc(&b, ',');
        if (h->kinds.v[i] == COL_TEXT) batch_csv_cell(&b, cells.v[i]);
        else cl_str_add(&b, cells.v[i]);
    }
    *out = bad ? NULL : cl_str_take(&b);
    cl_str_free(&b);
    free_cells(&cells);
    return bad;
}

/* A column name as batch writes them: the fixed names, a check's, a
 * kernel's (a C identifier) with its figure: never a formula. */
static bool column_name(const char *s)
{
    bool ok = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_';
    for (; ok && *s; s++) ok = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
                                strchr("_.-", *s);
    return ok;
}

/* The header of a table (its first line, no newline), into h when h has
 * none yet, else compared with it. */
static cl_status take_head(batch_merge *h, const char *name, const char *line, cl_error *err)
{
    if (h->line) {
        if (!strncmp(h->line, line, strlen(line)) && h->line[strlen(line)] == '\n') return CL_OK;
        return cl_fail(err, CL_USAGE, name, 0, 0, "has other columns than the first table (another day?)");
    }
    line_list names = {0};
    const char *why = split_row(line, &names);
    for (size_t i = 0; !why && i < names.n; i++)
        if (!column_name(names.v[i]))
            why = "a column's name is not one batch writes (a letter or _, then letters, digits, _, . and -)";
    cl_status st = CL_OK;
    if (why) {
        st = cl_fail(err, CL_USAGE, name, 1, 0, "%s; that is not the header `cudalab batch --csv` writes", why);
    } else {
        h->line = cl_sprintf("%s\n", line);
        for (size_t i = 0; i < names.n; i++) CL_VEC_PUSH(&h->kinds, kind_of(names.v[i]));
    }
    free_cells(&names);
    return st;
}

batch_merge *batch_merge_new(void)
{
    return cl_calloc(1, sizeof(batch_merge));
}

cl_status batch_merge_add(batch_merge *m, const char *name, const char *text, size_t len, cl_error *err)
{
    char *copy = cl_strndup(text, len), *nl = strchr(copy, '\n');
    line_list rows = {0};
    bool first = !m->line;
    cl_status st = CL_OK;
    if (strlen(copy) != len || strncmp(copy, "submission,student,", 19) || !nl || copy[len - 1] != '\n') {
        st = cl_fail(err, CL_USAGE, name, 0, 0, "is not a table that `cudalab batch --csv` wrote");
        goto done;
    }
    *nl = '\0';
    st = take_head(m, name, copy, err);
    size_t at = 2;
    for (char *line = nl + 1; *line && st == CL_OK; at++) {
        char *end = strchr(line, '\n'), why[200], *row = NULL;
        *end = '\0';
        const char *bad = *line ? take_row(m, line, &row, why, sizeof why) : "an empty line";
        if (bad)
            st = cl_fail(err, CL_USAGE, name, (int)(at > INT_MAX ? INT_MAX : at), 0,
                         "%s; `cudalab batch --csv` writes no such row (was the table edited, or saved by a "
                         "spreadsheet?): run that shard's batch again (the reports in its --out are kept, so "
                         "nothing is graded twice) and merge the table it writes", bad);
        else
            CL_VEC_PUSH(&rows, row);
        line = end + 1;
    }
    for (size_t i = 0; st == CL_OK && i < rows.n; i++) CL_VEC_PUSH(&m->rows, rows.v[i]);
    if (st == CL_OK) rows.n = 0;
    if (st != CL_OK && first) { /* its header goes too */
        free(m->line);
        m->line = NULL;
        m->kinds.n = 0;
    }
done:
    free_cells(&rows);
    free(copy);
    return st;
}

char *batch_merge_text(const batch_merge *m, size_t *rows)
{
    *rows = m->rows.n;
    if (!m->line) return NULL;
    char **copy = cl_calloc(m->rows.n + 1, sizeof *copy);
    for (size_t i = 0; i < m->rows.n; i++) copy[i] = cl_strdup(m->rows.v[i]);
    char *text = join_sorted(m->line, copy, m->rows.n);
    free(copy);
    return text;
}

void batch_merge_free(batch_merge *m)
{
    if (!m) return;
    free_cells(&m->rows);
    free(m->line);
    free(m->kinds.v);
    free(m);
}

/* A table's file into m; CLI_PASSED, or one line on stderr and CLI_CANNOT. */
static int read_table(batch_merge *m, const char *path)
{
    char *text = NULL, *shown = batch_shown(path), msg[1700];
    cl_error err = {0};
    size_t len = 0;
    int rc = CLI_PASSED;
    cl_status st = cl_read_file(path, &text, &len, &err);
    if (st == CL_OK) st = batch_merge_add(m, shown, text, len, &err);
    if (st != CL_OK) {
        cl_error_format(&err, msg, sizeof msg);
        rc = cli_cannot("merge: %s; nothing was written", msg);
    }
    free(text);
    free(shown);
    return rc;
}

/* OUT is a new file, or a table that batch or merge wrote (kept as a backup
 * when it is replaced): never a folder or another kind of file. */
static int check_out(const char *out)
{
    struct stat sb;
    char start[20] = "";
    int rc = CLI_PASSED;
    if (stat(out, &sb) != 0) return CLI_PASSED; /* a new file; writing says why not */
    char *shown = batch_shown(out);
    FILE *f = S_ISREG(sb.st_mode) ? fopen(out, "rb") : NULL;
    size_t got = f ? fread(start, 1, 19, f) : 0;
    if (f) fclose(f);
    if (!S_ISREG(sb.st_mode))
        rc = cli_cannot("merge: %s: is %s, not a file; name the table to write (e.g. %s/class.csv); nothing was "
                        "written", shown, cl_file_kind(sb.st_mode), shown);
    else if (sb.st_size > 0 && (got < 19 || strncmp(start, "submission,student,", 19)))
        rc = cli_cannot("merge: %s exists and is not a table that batch or merge wrote: name a new file, or move "
                        "that one away; nothing was written", shown);
    free(shown);
    return rc;
}

typedef struct file_id {
    dev_t dev;
    ino_t ino;
} file_id;

/* A table named twice, or the output among the tables: refused, since either
 * would count rows twice. */
static int check_distinct(int n, char **paths, const char *out)
{
    file_id *ids = cl_calloc((size_t)n + 1, sizeof *ids);
    struct stat sb;
    int rc = CLI_PASSED;
    bool out_exists = stat(out, &sb) == 0;
    file_id o = {sb.st_dev, sb.st_ino};
    for (int i = 0; i < n && rc == CLI_PASSED; i++) {
        if (stat(paths[i], &sb) != 0) continue; /* read_table says why */
        ids[i] = (file_id){sb.st_dev, sb.st_ino};
        char *shown = batch_shown(paths[i]);
        if (out_exists && ids[i].dev == o.dev && ids[i].ino == o.ino)
            rc = cli_cannot("merge: %s is the output itself; nothing was written", shown);
        for (int j = 0; j < i && rc == CLI_PASSED; j++)
            if (ids[j].dev == ids[i].dev && ids[j].ino == ids[i].ino)
                rc = cli_cannot("merge: %s is named twice; nothing was written", shown);
        free(shown);
    }
    free(ids);
    return rc;
}

static int merge(const char *out, int n, char **tables)
{
    batch_merge *m = batch_merge_new();
    int rc = check_out(out);
    if (rc == CLI_PASSED) rc = check_distinct(n, tables, out);
    for (int i = 0; i < n && rc == CLI_PASSED; i++) rc = read_table(m, tables[i]);
    if (rc == CLI_PASSED) {
        size_t nrows = 0;
        char *text = batch_merge_text(m, &nrows);
        cl_error err = {0};
        if (batch_write_kept(out, text, &err) != CL_OK) {
            char msg[1100];
            cl_error_format(&err, msg, sizeof msg);
            rc = cli_cannot("merge: %s", msg);
        } else {
            char *shown = batch_shown(out);
            printf("%s: %zu row%s from %d table%s\n", shown, nrows, nrows == 1 ? "" : "s", n, n == 1 ? "" : "s");
            free(shown);
        }
        free(text);
    }
    batch_merge_free(m);
    return rc;
}

int cmd_merge(int argc, char **argv)
{
    char **paths = NULL;
    int n = 0, rc = cli_operands(argc, argv, 2, argc, &paths, &n);
    if (rc != CLI_GO) return rc;
    return merge(paths[0], n - 1, paths + 1);
}
