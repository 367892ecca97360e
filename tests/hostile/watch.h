/* watch.h - run one command as an attacker's grade is run: in its own
 * folder, its output captured, its whole process tree (the runner is a
 * subreaper, so orphans come back to it) measured and killed at hard limits,
 * and whatever it leaves running afterwards counted and killed.
 *
 * Prefix: hw_. */
#ifndef CUDALAB_HOSTILE_WATCH_H
#define CUDALAB_HOSTILE_WATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "core/core.h"

typedef struct hw_spec {
    const char *const *argv; /* argv[0] is a path, run without a shell */
    const char *cwd;
    char *const *env;
    double kill_after_s;       /* the whole tree is killed past this wall time */
    uint64_t kill_above_bytes; /* or past this much resident memory, all processes together */
} hw_spec;

typedef struct hw_result {
    int exit_code;        /* -1 when it died of a signal */
    int signal;           /* the signal that ended it, 0 if none */
    double wall_s;        /* until the command itself exited */
    double cpu_s;         /* user + system time of the command and its children (from wait4,
                             or sampled from /proc while it ran, whichever is larger) */
    uint64_t peak_bytes;  /* the most resident memory the tree held at once (sampled), or
                             the command's own peak from wait4, whichever is larger */
    bool killed_time, killed_memory;
    int left_running;     /* processes still alive after the command exited */
    bool out_truncated;   /* stdout or stderr went past the capture cap */
    cl_str out, err;
} hw_result;

/* Make this process the reaper of its orphaned descendants. */
void hw_become_subreaper(void);

/* Run spec to its end (or its kill); false when it could not be started. */
bool hw_run(const hw_spec *spec, hw_result *r);
void hw_result_free(hw_result *r);

#endif
