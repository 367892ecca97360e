/* cmd_doctor.c - `cudalab doctor`: what is installed, which backend grades
 * and why, and the terminal. */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "build/build.h"
#include "cli.h"
#include "core/sandbox.h"
#include "commands.h"
#include "gpu/gpu.h"
#include "report/text.h"
#include "workspace.h"

static void row(const char *what, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void row(const char *what, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%-11s ", what);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
}

static void show_course(void)
{
    day_course *c = NULL;
    cl_error err = {0};
    if (day_course_load(day_course_root(), &c, &err) != CL_OK) {
        row("course", "%s: %s", day_course_root(), err.message);
        return;
    }
    int ok = 0;
    for (int i = 0; i < c->ndays; i++) ok += c->days[i].manifest && !c->days[i].ungradable;
    row("course", "%s (%d days%s)", c->root, c->ndays,
        ok < c->ndays ? ", some cannot be graded:" : "");
    for (int i = 0; i < c->ndays; i++) {
        const day_entry *e = &c->days[i];
        char line[1600];
        if (e->manifest && !e->ungradable) continue;
        if (!e->manifest) cl_error_format(&e->error, line, sizeof line);
        char *slug = cl_text_safe(e->slug, 0);
        row("", "%s: %s", slug, e->manifest ? e->ungradable : line);
        free(slug);
    }
    row("workspace", "%s", ws_root(c));
    day_course_free(c);
}

static bool show_toolchain(void)
{
    build_toolchain tc;
    cl_error err = {0};
    if (build_find_toolchain(NULL, &tc, &err) != CL_OK) {
        row("nvcc", "missing: %s", err.message);
        return false;
    }
    row("nvcc", "%s (%s)", tc.nvcc, tc.version);
    row("ptxas", "%s", tc.ptxas);
    return true;
}

static bool show_gpu(void)
{
    gpu_probe_info info;
    bool usable = gpu_probe(&info);
    char *line = gpu_probe_describe(&info);
    row("GPU", "%s", line);
    free(line);
    return usable;
}

static void show_backend(bool nvcc, bool gpu)
{
    if (!nvcc)
        row("backend", "none: grading needs nvcc to build your file (install the CUDA toolkit, "
                       "or set CUDALAB_NVCC)");
    else if (gpu)
        row("backend", "grade uses the emulator for its checks and the GPU for times "
                       "(--backend auto)");
    else
        row("backend", "grade uses the emulator: no GPU was found, so there are no times; "
                       "every check still runs");
}

/* Bytes as a person reads them: 812 bytes, 3.4 MiB, 1.0 GiB. */
static void human_size(uint64_t n, char *out, size_t size)
{
    static const char *const units[] = {"KiB", "MiB", "GiB", "TiB"};
    if (n < 1024) {
        snprintf(out, size, "%llu bytes", (unsigned long long)n);
        return;
    }
    double v = (double)n / 1024;
    int u = 0;
    for (; v >= 1024 && u < 3; u++) v /= 1024;
    snprintf(out, size, "%.1f %s", v, units[u]);
}

static void show_cache(void)
{
    char *dir = build_cache_folder(NULL, NULL);
    if (!dir) {
        row("cache", "none: set CUDALAB_CACHE (or HOME) for a build cache");
        return;
    }
    build_cache_usage u;
    build_cache_measure(dir, &u);
    char used[32], cap[32];
    human_size(u.bytes, used, sizeof used);
    uint64_t max = build_cache_cap();
    human_size(max, cap, sizeof cap);
    char *shown = cl_text_safe(dir, 0);
    row("cache", "%s", shown);
    row("", "%s in %zu entr%s; cap %s (CUDALAB_CACHE_MAX; the least recently used go first)", used,
        u.entries, u.entries == 1 ? "y" : "ies", max ? cap : "none");
    free(shown);
    free(dir);
}

/* The walls a grade puts up here (docs/instructor-guide.md, "A hole in
 * cudalab is walled in"), and what this kernel lacks. */
static void show_sandbox(void)
{
    const char *off = getenv("CUDALAB_SANDBOX");
    cl_sandbox_support s;
    char line[256], why[160];
    cl_sandbox_probe(&s);
    cl_sandbox_describe(&s, line, sizeof line);
    if (off && !strcmp(off, "off"))
        row("sandbox", "none: CUDALAB_SANDBOX=off (the emulation runs in cudalab's process)");
    else
        row("sandbox", "the emulation in a child behind %s", line);
    if (build_tools_viewed(why, sizeof why))
        row("", "nvcc sees only the system's folders, the toolkit's and its scratch folder");
    else
        row("", "nvcc sees every file (%s)", why);
}

static void show_terminal(void)
{
    struct winsize ws = {0};
    const char *term = getenv("TERM"), *nc = getenv("NO_COLOR");
    bool tty = isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0;
    char size[32] = "not a terminal";
    if (tty) snprintf(size, sizeof size, "%dx%d", ws.ws_col, ws.ws_row);
    row("terminal", "TERM=%s, %s, colour %s, %s", term && *term ? term : "(unset)", size,
        nc && *nc ? "off (NO_COLOR)" : report_want_color(stdout) ? "on" : "off",
        report_want_unicode() ? "UTF-8" : "ASCII (no UTF-8 locale)");
    if (tty && (ws.ws_col < 80 || ws.ws_row < 24))
        row("", "the runner needs at least 80x24");
}

int cmd_doctor(int argc, char **argv)
{
    char **op = NULL;
    int n = 0, rc = cli_operands(argc, argv, 0, 0, &op, &n);
    if (rc != CLI_GO) return rc;
    printf("cudalab %s\n", CUDALAB_VERSION);
    show_course();
    bool nvcc = show_toolchain();
    bool gpu = show_gpu();
    show_backend(nvcc, gpu);
    show_cache();
    show_sandbox();
    show_terminal();
    return nvcc ? CLI_PASSED : CLI_CANNOT;
}
