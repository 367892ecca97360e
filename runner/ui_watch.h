/* ui_watch.h - watch mode: inotify on the folder of the student's file (an
 * editor may save by writing, or by writing elsewhere and renaming over it),
 * and a debounce, so a burst of events is one change. Where inotify is
 * silent (a network file system, a Windows drive under WSL), a save the
 * file's stamp shows but no event reported for a second switches the watch
 * to polling the stamp; CUDALAB_POLL=1 (`cudalab --poll`) polls from the
 * start.
 *
 * Prefix: ui_watch_. */
#ifndef CUDALAB_UI_WATCH_H
#define CUDALAB_UI_WATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "core/core.h"

/* How long the file must stay quiet before a change counts; how often its
 * stamp is looked at; how long a change may go unreported by inotify before
 * the watch polls. */
enum { UI_WATCH_DEBOUNCE_MS = 200, UI_WATCH_TICK_MS = 500, UI_WATCH_SILENT_MS = 1000 };

typedef struct ui_watch ui_watch;

cl_status ui_watch_start(const char *path, ui_watch **out, cl_error *err);
int ui_watch_fd(const ui_watch *w);
/* Read the pending events; true when one named the file (the debounce starts
 * again from now). Once the watch polls, events are read and ignored. */
bool ui_watch_read(ui_watch *w, int64_t now_ms);
/* Milliseconds until the debounce ends; -1 when no change is pending. */
int ui_watch_timeout(const ui_watch *w, int64_t now_ms);
/* True, once, when a change has been quiet for the debounce. */
bool ui_watch_due(ui_watch *w, int64_t now_ms);
/* Look at the file's stamp (modification time, size, inode), at most every
 * UI_WATCH_TICK_MS: UI_WATCH_SAME; UI_WATCH_CHANGED, a change while polling
 * (the debounce starts); UI_WATCH_NOW_POLLING, a change inotify left
 * unreported for UI_WATCH_SILENT_MS, after which the watch polls. */
typedef enum { UI_WATCH_SAME, UI_WATCH_CHANGED, UI_WATCH_NOW_POLLING } ui_watch_tick_result;
ui_watch_tick_result ui_watch_tick(ui_watch *w, int64_t now_ms);
void ui_watch_force_poll(ui_watch *w);
bool ui_watch_polling(const ui_watch *w);
void ui_watch_free(ui_watch *w);

#endif
