/* ui_grade.c - the grade child's command line, and reading its answer. */
#include "ui_grade.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

char **ui_grade_argv(const char *self_exe, const char *day, const char *file)
{
    const char *fake = getenv("CUDALAB_GRADE_COMMAND");
    char **argv = cl_calloc(10, sizeof *argv);
    int n = 0;
    if (fake && *fake) {
        argv[n++] = cl_strdup("/bin/sh");
        argv[n++] = cl_strdup("-c");
        argv[n++] = cl_sprintf("%s \"$@\"", fake);
        argv[n++] = cl_strdup("cudalab-grade");
    } else {
        argv[n++] = cl_strdup(self_exe);
    }
    argv[n++] = cl_strdup("grade");
    argv[n++] = cl_strdup(day);
    argv[n++] = cl_path_arg(file); /* "-x.cu" is not an option */
    argv[n++] = cl_strdup("--json");
    argv[n++] = cl_strdup("--progress"); /* "progress: building" lines for the status line */
    return argv;
}

void ui_grade_argv_free(char **argv)
{
    for (int i = 0; argv && argv[i]; i++) free(argv[i]);
    free(argv);
}

/* The lines of what the grader said, without trailing white space and
 * without a "cudalab: " prefix (caller frees). `cudalab grade` reports its
 * stages as "progress: building" lines: with progress false they are left
 * out, with progress true only they are kept (without "progress: "). */
static char *tidy(const char *text, bool progress)
{
    cl_str b = {0};
    while (*text) {
        const char *nl = strchr(text, '\n');
        size_t n = nl ? (size_t)(nl - text) : strlen(text);
        const char *s = text;
        bool stage = n >= 10 && !strncmp(s, "progress: ", 10);
        if (stage) {
            s += 10;
            n -= 10;
        } else if (n >= 9 && !strncmp(s, "cudalab: ", 9)) {
            s += 9;
            n -= 9;
        }
        while (n && (s[n - 1] == ' ' || s[n - 1] == '\r' || s[n - 1] == '\t')) n--;
        if (n && stage == progress) {
            if (b.len) cl_str_addc(&b, '\n');
            cl_str_addn(&b, s, n);
        }
        text = nl ? nl + 1 : text + strlen(text);
    }
    return b.len ? cl_str_take(&b) : cl_strdup("");
}

static void count_checks(ui_grade_outcome *o)
{
    for (int i = 0; i < DAY_CHECK_COUNT; i++) {
        const report_check *k = &o->result->checks[i];
        if (!k->ran) continue;
        o->checks_run++;
        o->checks_passed += k->passed;
    }
}

void ui_grade_interpret(int wait_status, const char *out, const char *err, ui_grade_outcome *o)
{
    memset(o, 0, sizeof *o);
    char *said = tidy(err ? err : "", false);
    if (WIFSIGNALED(wait_status)) {
        o->kind = UI_GRADE_BROKEN;
        o->reason = cl_sprintf("the grader stopped on signal %d (%s)%s%s", WTERMSIG(wait_status),
                               strsignal(WTERMSIG(wait_status)), *said ? ": " : "", said);
    } else if (WEXITSTATUS(wait_status) == 2) {
        o->kind = UI_GRADE_CANNOT;
        o->reason = *said ? cl_strdup(said) : cl_strdup("the grader could not grade, and said "
                                                        "nothing about why");
    } else if (WEXITSTATUS(wait_status) > 2) {
        o->kind = UI_GRADE_BROKEN;
        o->reason = cl_sprintf("the grader exited with status %d%s%s", WEXITSTATUS(wait_status),
                               *said ? ": " : "", said);
    } else {
        cl_error e = {0};
        if (report_from_json(out ? out : "", &o->result, &e) != CL_OK) {
            o->kind = UI_GRADE_BROKEN;
            o->reason = cl_sprintf("the grader's answer could not be read: %s", e.message);
        } else {
            o->kind = WEXITSTATUS(wait_status) == 0 ? UI_GRADE_PASSED : UI_GRADE_NOT_PASSED;
            count_checks(o);
        }
    }
    free(said);
}

void ui_grade_outcome_free(ui_grade_outcome *o)
{
    report_free(o->result);
    free(o->reason);
    memset(o, 0, sizeof *o);
}

void ui_grade_progress(const char *err, char *buf, size_t size)
{
    char *stages = tidy(err ? err : "", true);
    const char *last = strrchr(stages, '\n');
    last = last ? last + 1 : stages;
    snprintf(buf, size, "%s", *last ? last : "grading");
    /* "building...", "running…" - the runner adds its own ellipsis. */
    size_t n = strlen(buf);
    while (n && (buf[n - 1] == '.' || buf[n - 1] == ':')) buf[--n] = '\0';
    if (n >= 3 && !strcmp(buf + n - 3, "…")) buf[n - 3] = '\0';
    free(stages);
}
