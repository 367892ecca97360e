/* workspace.h - the student's side of the course: where their files live, the
 * template copied on first use, resets with backups, and progress (state.yaml).
 *
 * The workspace is $CUDALAB_WORKSPACE, else work/ inside the course checkout
 * (git-ignored). It holds <slug>/<student_file>, backups/<slug>/ and
 * state.yaml. Prefix: ws_. */
#ifndef CUDALAB_WORKSPACE_H
#define CUDALAB_WORKSPACE_H

#include <time.h>

#include "days/day.h"

const char *ws_root(const day_course *c); /* owned by the module */

/* The student's file for a day (caller frees); it may not exist yet. */
char *ws_student_path(const day_course *c, const day_manifest *m);

/* Make sure the student's file exists, copying the template on first use.
 * *created says whether it was copied now. */
cl_status ws_ensure_student_file(const day_course *c, const day_manifest *m, char **path,
                                 bool *created, cl_error *err);

/* Put the template back. The old file, when there is one, is kept first as
 * backups/<slug>/<file>.<YYYYmmdd-HHMMSS> (never overwritten); *backup says
 * where (caller frees; NULL when there was nothing to keep). The day's last
 * grade is forgotten (ws_state_forget_grade): its status is the template's,
 * started, until it is graded again. */
cl_status ws_reset(const day_course *c, const day_manifest *m, char **backup, cl_error *err);

/* The runner's last report of the day (the JSON of `cudalab grade --json`,
 * its format's own version inside), kept beside the student's file so it is
 * there when the runner restarts; a reset drops it. Caller frees. */
char *ws_last_report_path(const day_course *c, const day_manifest *m);

/* Progress. */
#define WS_STATUSES(X)                               \
    X(NOT_STARTED, "not-started", "not started")     \
    X(STARTED, "started", "started")                 \
    X(NO_COMPILE, "does-not-compile", "does not compile") \
    X(FAILING, "failing", "failing")                 \
    X(PASSING, "passing", "passing")                 \
    X(HONEST, "passing-honest", "passing and honest")

typedef enum ws_status {
#define WS_STATUS_ENUM(id, key, text) WS_##id,
    WS_STATUSES(WS_STATUS_ENUM)
#undef WS_STATUS_ENUM
    WS_STATUS_COUNT
} ws_status;

const char *ws_status_key(ws_status s);  /* as written in state.yaml */
const char *ws_status_text(ws_status s); /* for people */

/* Best figures seen for one kernel over every grade of the day, resets
 * included (lower is better; -1 when never seen). */
typedef struct ws_best {
    char *kernel;
    double instructions, ms;
} ws_best;

typedef struct ws_day_state {
    char *slug;
    ws_status status;
    time_t last_graded; /* 0: never */
    char *backend;      /* of the last grade */
    unsigned passed_checks, failed_checks; /* bit (1u << day_check) */
    int hints;          /* how many of the day's hints were revealed (the runner's h,
                         * `cudalab hint`); kept by a reset */
    ws_best *best;
    int nbest;
} ws_day_state;

typedef struct ws_state {
    ws_day_state *days;
    int ndays;
} ws_state;

/* Read state.yaml. A missing file is an empty state. A corrupt one is
 * reported through *warning (caller frees; NULL when all was well), moved
 * aside as state.yaml.corrupt-<time>, and an empty state is returned: progress
 * can be rebuilt by grading again, a crash cannot. */
ws_state *ws_state_load(const day_course *c, char **warning);
/* The reading itself, from text in memory, into an empty s (path is for
 * messages). On failure s may hold part of the file: free it. */
cl_status ws_state_parse(const char *path, const char *text, size_t len, ws_state *s,
                         cl_error *err);
cl_status ws_state_save(const day_course *c, const ws_state *s, cl_error *err);
void ws_state_free(ws_state *s);
/* Load, change and save state.yaml while holding an exclusive flock on
 * state.yaml.lock beside it, so that two grades finishing at once both keep
 * their update. *warning as for ws_state_load. A state.yaml that is a FIFO,
 * a device or a folder is never opened: load warns, save refuses. */
typedef void (*ws_state_change)(ws_state *s, void *ctx);
cl_status ws_state_update(const day_course *c, ws_state_change change, void *ctx,
                          char **warning, cl_error *err);
/* The record for slug, created when absent. */
ws_day_state *ws_state_day(ws_state *s, const char *slug);
/* The status to show: the recorded one, else started / not started from
 * whether the student's file exists. */
ws_status ws_day_status(const day_course *c, const day_manifest *m, const ws_state *s);
/* Forget the day's last grade (status, checks, backend, when), keeping its
 * best figures: after a reset the status is the new file's (started), and
 * best stays the best of every grade the day has had. */
cl_status ws_state_forget_grade(const day_course *c, const char *slug, char **warning, cl_error *err);
/* The next day to work on: the first of the course, in its order, whose
 * manifest loads and that is not passing; NULL when every day passes. */
const day_manifest *ws_next_day(const day_course *c, const ws_state *s);
/* Reveal the day's next hint (up to nhints) and remember it in state.yaml;
 * *shown is how many are revealed now. */
cl_status ws_reveal_hint(const day_course *c, const day_manifest *m, int *shown, char **warning,
                         cl_error *err);
/* How many of the day's hints were revealed (0 when none, or no record). */
int ws_hints_revealed(const ws_state *s, const day_manifest *m);
/* Keep the lower of the recorded and the new figure (a negative one is ignored). */
void ws_note_best(ws_day_state *d, const char *kernel, double instructions, double ms);

#endif
