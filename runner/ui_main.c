/* ui_main.c - `cudalab` with no arguments: the terminal runner's main loop.
 *
 * One loop waits in poll() on the keyboard, a self-pipe that signals write to
 * (SIGWINCH, SIGCHLD, SIGINT, SIGTERM, SIGHUP) and whatever the open screens
 * wait on (a grade's pipes, inotify). Screens return what changed; only this
 * loop draws. Every way out restores the terminal. */
#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "ui.h"
#include "ui_child.h"
#include "ui_markdown.h"

extern char **environ;

static int sig_pipe[2] = {-1, -1};
static volatile sig_atomic_t curses_on;
static struct sigaction crash_old[4];
static const int crash_sigs[4] = {SIGSEGV, SIGBUS, SIGFPE, SIGABRT};

/* ---- signals ---- */

static void on_signal(int sig)
{
    int saved = errno;
    char b = (char)sig;
    if (write(sig_pipe[1], &b, 1) < 0) {} /* full: a wake-up is already pending */
    errno = saved;
}

/* A crash: give the terminal back (best effort: endwin is not
 * async-signal-safe, but a dead program is worse), then let the previous
 * handler (the default, or a sanitizer's) have the signal. */
static void on_crash(int sig)
{
    if (curses_on) endwin();
    curses_on = 0;
    for (int i = 0; i < 4; i++)
        if (crash_sigs[i] == sig) sigaction(sig, &crash_old[i], NULL);
    raise(sig);
}

static void restore_terminal(void)
{
    if (curses_on) endwin();
    curses_on = 0;
}

static bool install_signals(void)
{
    if (pipe2(sig_pipe, O_NONBLOCK | O_CLOEXEC)) return false;
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    int sigs[] = {SIGWINCH, SIGCHLD, SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) sigaction(sigs[i], &sa, NULL);
    sa.sa_handler = on_crash;
    sa.sa_flags = SA_RESETHAND;
    for (int i = 0; i < 4; i++) sigaction(crash_sigs[i], &sa, &crash_old[i]);
    atexit(restore_terminal);
    return true;
}

static void uninstall_signals(void)
{
    struct sigaction sa = {0};
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    int sigs[] = {SIGWINCH, SIGCHLD, SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) sigaction(sigs[i], &sa, NULL);
    for (int i = 0; i < 4; i++) sigaction(crash_sigs[i], &crash_old[i], NULL);
    close(sig_pipe[0]);
    close(sig_pipe[1]);
}

/* ---- the app ---- */

ui_reaction ui_push(ui_app *app, const ui_screen *ops, void *arg)
{
    if (app->depth == (int)(sizeof app->stack / sizeof *app->stack)) {
        ui_message(app, REPORT_STYLE_WARN, "too many screens open; close one first (q)");
        return UI_REDRAW;
    }
    void *self = ops->enter(app, arg);
    if (!self) return UI_REDRAW;
    app->stack[app->depth].ops = ops;
    app->stack[app->depth].self = self;
    app->depth++;
    return UI_REDRAW;
}

ui_reaction ui_pop(ui_app *app)
{
    app->pop_pending = true;
    return UI_REDRAW;
}

void ui_message(ui_app *app, report_style style, const char *fmt, ...)
{
    va_list ap;
    cl_str b = {0};
    va_start(ap, fmt);
    cl_str_vaddf(&b, fmt, ap);
    va_end(ap);
    free(app->message);
    app->message = cl_str_take(&b);
    app->message_style = style;
}

/* state.yaml's stamp: what says it changed (0s when there is none). */
static void state_stamp(const ui_app *app, long long *mtime_ns, long long *size, long long *ino)
{
    char *path = cl_path_join(ws_root(app->course), "state.yaml");
    struct stat sb;
    bool there = stat(path, &sb) == 0;
    *mtime_ns = there ? (long long)sb.st_mtim.tv_sec * 1000000000LL + sb.st_mtim.tv_nsec : 0;
    *size = there ? (long long)sb.st_size : 0;
    *ino = there ? (long long)sb.st_ino : 0;
    free(path);
}

/* Whether state.yaml changed since it was read (elsewhere, or by a grade). */
static bool state_changed(const ui_app *app)
{
    long long m, s, i;
    state_stamp(app, &m, &s, &i);
    return m != app->state_mtime_ns || s != app->state_size || i != app->state_ino;
}

void ui_reload_state(ui_app *app)
{
    char *warning = NULL;
    state_stamp(app, &app->state_mtime_ns, &app->state_size, &app->state_ino);
    ws_state_free(app->state);
    app->state = ws_state_load(app->course, &warning);
    if (warning) ui_message(app, REPORT_STYLE_WARN, "%s", warning);
    free(warning);
}

void ui_abandon_child(ui_app *app, ui_child *child)
{
    ui_child_cancel(child);
    app->dying = cl_realloc(app->dying, (size_t)(app->ndying + 1) * sizeof *app->dying);
    app->dying[app->ndying++] = child;
}

static void reap_dying(ui_app *app)
{
    for (int i = 0; i < app->ndying;) {
        if (ui_child_pump(app->dying[i])) {
            ui_child_free(app->dying[i]);
            app->dying[i] = app->dying[--app->ndying];
        } else {
            i++;
        }
    }
}

static void resize(void)
{
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row && ws.ws_col)
        resizeterm(ws.ws_row, ws.ws_col);
    clearok(curscr, TRUE);
}

int ui_run_foreground(ui_app *app, char *const argv[])
{
    struct sigaction ign = {0}, old_int, old_quit;
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    def_prog_mode();
    endwin();
    sigaction(SIGINT, &ign, &old_int);
    sigaction(SIGQUIT, &ign, &old_quit);
    posix_spawnattr_t attr;
    sigset_t defaults, none;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGQUIT);
    sigaddset(&defaults, SIGTERM);
    sigaddset(&defaults, SIGHUP);
    sigaddset(&defaults, SIGWINCH);
    sigaddset(&defaults, SIGCHLD);
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setsigmask(&attr, &none);
    pid_t pid;
    int status = -1, rc = posix_spawnp(&pid, argv[0], NULL, &attr, argv, environ);
    posix_spawnattr_destroy(&attr);
    if (rc == 0)
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGQUIT, &old_quit, NULL);
    reset_prog_mode();
    resize();
    refresh();
    errno = rc;
    return rc ? -1 : status;
}

/* ---- drawing ---- */

static bool too_small(void)
{
    return COLS < UI_MIN_COLS || LINES < UI_MIN_LINES;
}

static void draw_too_small(ui_app *app)
{
    char msg[128];
    snprintf(msg, sizeof msg, "cudalab needs at least %d%s%d; this terminal is %d%s%d",
             UI_MIN_COLS, ui_glyph(app, "×", "x"), UI_MIN_LINES, COLS,
             ui_glyph(app, "×", "x"), LINES);
    const char *hint = "make the window larger, or press q to quit";
    int w = ui_text_width(msg, (int)strlen(msg)), y = LINES / 2 - 1;
    ui_put(y < 0 ? 0 : y, w < COLS ? (COLS - w) / 2 : 0, COLS, msg, -1, A_BOLD);
    w = (int)strlen(hint);
    if (y + 2 < LINES) ui_put(y + 2, w < COLS ? (COLS - w) / 2 : 0, COLS, hint, -1, A_NORMAL);
}

static void draw(ui_app *app)
{
    erase();
    if (too_small())
        draw_too_small(app);
    else
        app->stack[app->depth - 1].ops->draw(app, app->stack[app->depth - 1].self);
    refresh();
}

/* ---- input ---- */

static ui_reaction help(ui_app *app)
{
    ui_pager_page *page = cl_calloc(1, sizeof *page);
    page->title = cl_strdup("Keys");
    page->doc = ui_keys_help();
    return ui_push(app, &ui_pager_screen, page);
}

/* The glossary, docs/glossary.md of the course folder (the checkout, or
 * PREFIX/share/cudalab where it is installed), in the pager. */
static ui_reaction glossary(ui_app *app)
{
    char *path = cl_sprintf("%s/docs/glossary.md", app->course->root);
    char *text = NULL;
    ui_pager_page *page = cl_calloc(1, sizeof *page);
    page->title = cl_strdup("Glossary");
    if (cl_read_file(path, &text, NULL, NULL) != CL_OK)
        text = cl_sprintf("The glossary is not here: `%s` cannot be read.\n\n"
                          "A course folder holds `docs/glossary.md`, the words the reports use. "
                          "A course copied without it can take cudalab's own "
                          "(docs/authoring.md, \"What a course folder holds\"); "
                          "`cudalab check-course` says when it is missing.", path);
    page->doc = ui_markdown_render(text, COLS - 2, app->unicode);
    free(text);
    free(path);
    return ui_push(app, &ui_pager_screen, page);
}

static ui_reaction key(ui_app *app, int ch)
{
    if (ch == KEY_RESIZE) return UI_REDRAW; /* resizeterm() queued it: the size is known */
    ui_reaction r = UI_NONE;
    if (app->message) {
        free(app->message);
        app->message = NULL;
        r = UI_REDRAW;
    }
    const ui_screen *ops = app->stack[app->depth - 1].ops;
    ui_command cmd = ui_key_command(ch, ops->id);
    if (too_small()) return cmd == UI_CMD_QUIT || ch == 'q' ? UI_QUIT : r;
    ui_reaction k = ops->key(app, app->stack[app->depth - 1].self, cmd, ch);
    if (k & UI_UNHANDLED) {
        k &= ~UI_UNHANDLED;
        if (cmd == UI_CMD_HELP) k |= help(app);
        if (cmd == UI_CMD_GLOSSARY) k |= glossary(app);
        if (cmd == UI_CMD_QUIT) k |= UI_QUIT;
    }
    return r | k;
}

/* Bytes from the self-pipe: a resize, a child, or a request to stop. */
static ui_reaction signals(int *quit_signal)
{
    ui_reaction r = UI_NONE;
    char buf[64];
    ssize_t n;
    while ((n = read(sig_pipe[0], buf, sizeof buf)) > 0)
        for (ssize_t i = 0; i < n; i++) {
            if (buf[i] == SIGWINCH) {
                resize();
                r |= UI_REDRAW;
            } else if (buf[i] == SIGINT || buf[i] == SIGTERM || buf[i] == SIGHUP) {
                *quit_signal = buf[i];
                r |= UI_QUIT;
            }
        }
    return r;
}

enum { MAX_FDS = 32 };

static ui_reaction wait_once(ui_app *app, int *quit_signal)
{
    struct pollfd fds[MAX_FDS] = {{.fd = STDIN_FILENO, .events = POLLIN},
                                  {.fd = sig_pipe[0], .events = POLLIN}};
    int n = 2, first[8], count[8], timeout = -1;
    for (int s = 0; s < app->depth; s++) {
        const ui_screen *ops = app->stack[s].ops;
        first[s] = n;
        count[s] = ops->poll ? ops->poll(app->stack[s].self, fds + n, MAX_FDS - n, &timeout) : 0;
        n += count[s];
    }
    if (app->ndying && (timeout < 0 || timeout > 250)) timeout = 250;
    if (timeout < 0 || timeout > 1000) timeout = 1000; /* look at state.yaml once a second */
    if (poll(fds, (nfds_t)n, timeout) < 0 && errno != EINTR) return UI_QUIT;
    ui_reaction r = signals(quit_signal);
    if (state_changed(app)) r |= UI_RELOAD; /* a grade or a reset elsewhere */
    reap_dying(app);
    int depth = app->depth;
    for (int s = 0; s < depth; s++) {
        const ui_screen *ops = app->stack[s].ops;
        if (ops->events) r |= ops->events(app, app->stack[s].self, fds + first[s], count[s]);
    }
    if (fds[0].revents & (POLLHUP | POLLERR)) return r | UI_QUIT; /* the terminal went away */
    if (fds[0].revents & POLLIN) {
        int ch;
        while (!(r & UI_QUIT) && !app->pop_pending && (ch = getch()) != ERR) r |= key(app, ch);
    }
    return r;
}

static int loop(ui_app *app)
{
    int quit_signal = 0;
    ui_reaction r = UI_REDRAW;
    for (;;) {
        if (r & UI_RELOAD) ui_reload_state(app);
        if (app->pop_pending) {
            app->pop_pending = false;
            app->depth--;
            app->stack[app->depth].ops->leave(app, app->stack[app->depth].self);
            r |= UI_REDRAW;
        }
        if (!app->depth || (r & UI_QUIT)) break;
        if (r & (UI_REDRAW | UI_RELOAD)) draw(app);
        r = wait_once(app, &quit_signal);
    }
    return quit_signal ? 128 + quit_signal : CLI_PASSED;
}

/* ---- start and finish ---- */

static SCREEN *start_curses(void)
{
    SCREEN *scr = newterm(NULL, stdout, stdin);
    if (!scr) return NULL;
    curses_on = 1;
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    nodelay(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    return scr;
}

static void finish(ui_app *app)
{
    while (app->depth) {
        app->depth--;
        app->stack[app->depth].ops->leave(app, app->stack[app->depth].self);
    }
    for (int i = 0; i < app->ndying; i++) ui_child_free(app->dying[i]);
    free(app->dying);
    free(app->message);
    ws_state_free(app->state);
    day_course_free(app->course);
}

/* A terminal the runner cannot drive: the commands do the same work. */
static int say_use_commands(const char *lacks)
{
    const char *term = getenv("TERM");
    cli_cannot("the runner draws a full screen and this terminal (TERM=%s) %s", term ? term : "unset",
               lacks);
    fputs("The commands do the same work on any terminal, or with none:\n"
          "  cudalab list                 the days and your status\n"
          "  cudalab grade DAY [FILE]     grade your file (a report; --json for JSON)\n"
          "  cudalab reset DAY            put the day's template back\n"
          "  cudalab --help               every command\n"
          "Or run cudalab in a terminal that can, such as TERM=xterm-256color.\n", stderr);
    return CLI_CANNOT;
}

int cmd_tui(int argc, char **argv)
{
    if (argc > 1) return cli_cannot("the runner takes no arguments; `cudalab --help` lists the "
                                    "commands");
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return cli_cannot("the runner needs a terminal; `cudalab list` and `cudalab grade DAY` "
                          "work without one");
    const char *lacks = ui_terminal_lacks();
    if (lacks) return say_use_commands(lacks);
    ui_app app = {.unicode = report_want_unicode()};
    static char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = '\0';
    app.self_exe = n > 0 ? exe : argv[0];
    if (!(app.course = cli_load_course())) return CLI_CANNOT;
    ui_reload_state(&app);
    SCREEN *scr = start_curses();
    if (!scr) {
        finish(&app);
        return cli_cannot("cannot drive this terminal (TERM=%s)", getenv("TERM") ? getenv("TERM")
                                                                                : "unset");
    }
    if (!install_signals()) {
        restore_terminal();
        delscreen(scr);
        finish(&app);
        return cli_cannot("cannot make a pipe for signals");
    }
    ui_term_init(&app);
    ui_push(&app, &ui_list_screen, NULL);
    int rc = loop(&app);
    finish(&app);
    restore_terminal();
    delscreen(scr);
    uninstall_signals();
    return rc;
}
