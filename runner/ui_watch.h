/* ui_watch.h - watch mode: inotify on the folder of the student's file (an
 * editor may save by writing, or by writing elsewhere and renaming over it),
 * and a debounce, so a burst of events is one change.
 *
 * Prefix: ui_watch_. */
#ifndef CUDALAB_UI_WATCH_H
#define CUDALAB_UI_WATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "core/core.h"

/* How long the file must stay quiet before a change counts. */
enum { UI_WATCH_DEBOUNCE_MS = 200 };

typedef struct ui_watch ui_watch;

cl_status ui_watch_start(const char *path, ui_watch **out, cl_error *err);
int ui_watch_fd(const ui_watch *w);
/* Read the pending events; true when one named the file (the debounce starts
 * again from now). */
bool ui_watch_read(ui_watch *w, int64_t now_ms);
/* Milliseconds until the debounce ends; -1 when no change is pending. */
int ui_watch_timeout(const ui_watch *w, int64_t now_ms);
/* True, once, when a change has been quiet for the debounce. */
bool ui_watch_due(ui_watch *w, int64_t now_ms);
void ui_watch_free(ui_watch *w);

#endif
