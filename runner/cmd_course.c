/* cmd_course.c - `cudalab list` and `cudalab reset`, and loading the course
 * for every command. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "workspace.h"

day_course *cli_load_course(void)
{
    day_course *c = NULL;
    cl_error err = {0};
    if (day_course_load(day_course_root(), &c, &err) != CL_OK) {
        char line[1600];
        cl_error_format(&err, line, sizeof line);
        cli_cannot("%s", line);
        return NULL;
    }
    return c;
}

int cli_open_course(int argc, char **argv, int min, int max, char ***operands, day_course **course)
{
    int n = 0, rc = cli_operands(argc, argv, min, max, operands, &n);
    if (rc != CLI_GO) return rc;
    *course = cli_load_course();
    return *course ? CLI_GO : CLI_CANNOT;
}

ws_state *cli_load_state(const day_course *c)
{
    char *warning = NULL;
    ws_state *s = ws_state_load(c, &warning);
    if (warning) fprintf(stderr, "cudalab: %s\n", warning);
    free(warning);
    return s;
}

const day_manifest *cli_find_day(const day_course *c, const char *which)
{
    const day_entry *e = NULL;
    cl_error err = {0};
    if (day_course_find(c, which, &e, &err) != CL_OK) {
        char line[1600];
        cl_error_format(&err, line, sizeof line);
        cli_cannot("%s", line);
        return NULL;
    }
    return e->manifest;
}

const day_manifest *cli_find_gradable_day(const day_course *c, const char *which)
{
    const day_entry *e = NULL;
    cl_error err = {0};
    if (day_course_find(c, which, &e, &err) == CL_OK && e->ungradable) {
        cli_cannot("%s cannot be graded: %s", e->slug, e->ungradable);
        return NULL;
    }
    return cli_find_day(c, which);
}

static void format_when(time_t t, char *buf, size_t size)
{
    struct tm tm;
    if (!t) {
        snprintf(buf, size, "-");
        return;
    }
    localtime_r(&t, &tm);
    strftime(buf, size, "%Y-%m-%d %H:%M", &tm);
}

static int print_list(const day_course *c, const ws_state *s)
{
    int honest = 0, usable = 0, broken = 0;
    const day_manifest *next = ws_next_day(c, s);
    printf("%-4s %-20s %-40s %-19s %s\n", "day", "folder", "title", "status", "last graded");
    for (int i = 0; i < c->ndays; i++) {
        const day_entry *e = &c->days[i];
        if (!e->manifest) {
            char line[1600];
            cl_error_format(&e->error, line, sizeof line);
            char *slug = cl_text_safe(e->slug, 0); /* a folder's name, whatever it holds */
            printf("%-4s %-20s (cannot be opened: see below)\n", "?", slug);
            free(slug);
            fprintf(stderr, "cudalab: %s\n", line);
            broken++;
            continue;
        }
        const day_manifest *m = e->manifest;
        ws_status st = ws_day_status(c, m, s);
        time_t when = 0;
        for (int j = 0; j < s->ndays; j++)
            if (!strcmp(s->days[j].slug, m->slug)) when = s->days[j].last_graded;
        char whenbuf[32];
        format_when(when, whenbuf, sizeof whenbuf);
        /* The title in 40 bytes at most, cut between characters. */
        int cut = (int)strlen(m->title);
        if (cut > 40)
            for (cut = 40; cut > 0 && ((unsigned char)m->title[cut] & 0xc0) == 0x80; cut--) continue;
        printf("%-4d %-20s %-40.*s %-19s %s%s\n", m->day, m->slug, cut, m->title,
               e->ungradable ? "cannot be graded" : ws_status_text(st), whenbuf,
               m == next ? "  <- next" : "");
        if (e->ungradable) {
            fprintf(stderr, "cudalab: %s: %s\n", m->slug, e->ungradable);
            broken++;
            continue;
        }
        usable++;
        honest += st == WS_HONEST;
    }
    printf("\n%d of %d days passing and honest\n", honest, usable);
    return broken ? CLI_CANNOT : CLI_PASSED;
}

int cmd_list(int argc, char **argv)
{
    char **op = NULL;
    day_course *c = NULL;
    int rc = cli_open_course(argc, argv, 0, 0, &op, &c);
    if (rc != CLI_GO) return rc;
    ws_state *s = cli_load_state(c);
    rc = c->ndays ? print_list(c, s) : cli_cannot("no days under %s/days", c->root);
    ws_state_free(s);
    day_course_free(c);
    return rc;
}

int cmd_reset(int argc, char **argv)
{
    char **op = NULL;
    day_course *c = NULL;
    int rc = cli_open_course(argc, argv, 1, 1, &op, &c);
    if (rc != CLI_GO) return rc;
    rc = CLI_CANNOT;
    const day_manifest *m = cli_find_day(c, op[0]);
    char *backup = NULL;
    cl_error err = {0};
    if (m && ws_reset(c, m, &backup, &err) == CL_OK) {
        char *path = ws_student_path(c, m);
        printf("%s is the template again\n", path);
        if (backup) printf("your previous file is kept as %s\n", backup);
        printf("dropped: the day's last grade (its status is 'started' until you grade it again)\n"
               "kept: your best figures and the hints you revealed (state.yaml)\n");
        free(path);
        rc = CLI_PASSED;
    } else if (m) {
        char line[1600];
        cl_error_format(&err, line, sizeof line);
        cli_cannot("reset failed, nothing was lost: %s", line);
    }
    free(backup);
    day_course_free(c);
    return rc;
}
