/* ui_child.h - a child process the runner waits on without blocking: its own
 * process group (so cancelling reaches everything it started), stdin from
 * /dev/null, stdout and stderr into pipes read as they fill.
 *
 * Prefix: ui_child_. */
#ifndef CUDALAB_UI_CHILD_H
#define CUDALAB_UI_CHILD_H

#include <poll.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/core.h"

typedef struct ui_child ui_child;

/* Start argv (argv[0] searched in PATH). */
cl_status ui_child_start(char *const argv[], ui_child **out, cl_error *err);
/* The pipes still open, as pollfds (at most 2); returns how many. */
int ui_child_pollfds(const ui_child *c, struct pollfd *fds, int max);
/* Read what the pipes hold and reap the child when it has exited; escalates
 * a cancel to SIGKILL after a grace. Returns true once it is over. */
bool ui_child_pump(ui_child *c);
bool ui_child_done(const ui_child *c);
/* Stop it: SIGTERM to its process group now, SIGKILL if it lingers. Its
 * pipes are closed (nothing more is read). */
void ui_child_cancel(ui_child *c);
/* The wait status (valid once done). */
int ui_child_wait_status(const ui_child *c);
const char *ui_child_stdout(const ui_child *c);
const char *ui_child_stderr(const ui_child *c);
/* Milliseconds since it started (until it ended, once done). */
int64_t ui_child_elapsed_ms(const ui_child *c);
/* Kill it if still running (SIGKILL to the group), reap it, free. */
void ui_child_free(ui_child *c);

#endif
