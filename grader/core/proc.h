/* proc.h - run a child process and wait for it: its stdout and stderr
 * captured (each up to a cap), a wall-clock limit, an address-space limit, a
 * CPU limit for it and every process it starts together, and a cancellation
 * flag that another thread may set; and a CPU budget that spans this process
 * and the children it runs.
 *
 * The child runs in a process group of its own with stdin from /dev/null, a
 * clean signal mask and default signal dispositions. When it has to be
 * stopped (time limit, cancellation) the whole group gets SIGTERM and, half a
 * second later, SIGKILL; when it ends by itself, whatever it left behind in its
 * group is killed too. cl_proc_run reaps the child before it returns, so it
 * never leaves a zombie or a stray process (a grandchild that leaves the
 * group with setsid() is beyond reach, and gets one second to close the pipes).
 *
 * Prefix: cl_proc_. */
#ifndef CUDALAB_PROC_H
#define CUDALAB_PROC_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sys/types.h>

#include "core.h"

#define CL_PROC_DEFAULT_CAP ((size_t)4 << 20) /* bytes kept of stdout, of stderr */

typedef struct cl_proc_spec {
    const char *const *argv; /* argv[0]: a path, or a name looked up in PATH */
    const char *cwd;         /* working directory; NULL: the caller's */
    /* "NAME=value" entries that are added to the caller's environment (an
     * entry replaces a variable of the same name); NULL-terminated, or NULL. */
    const char *const *env;
    double timeout_s;   /* wall-clock limit; <= 0: none */
    uint64_t mem_limit; /* RLIMIT_AS of the child in bytes; 0: none */
    double cpu_limit_s; /* RLIMIT_CPU of the child (and of each process it starts),
                           in seconds; 0: none. Only with a mem_limit. */
    /* CPU seconds the child and every process of its group may use
     * together (read from /proc every 100 ms); past it the
     * group is stopped as for the timeout; <= 0: none. */
    double tree_cpu_s;
    /* A view of the files of its own (only with a mem_limit): the child runs
     * in new user and mount namespaces where it sees the system's folders
     * (/usr, /bin, /lib..., /etc, /dev, /proc), an empty /tmp and the
     * folders of `visible` (NULL-terminated), nothing else; view_root is an
     * empty folder to build the view in. Where the kernel refuses the
     * namespaces (cl_proc_view_available), the child sees what the caller
     * sees. NULL: what the caller sees. */
    const char *const *visible;
    const char *view_root;
    size_t out_cap;     /* 0: CL_PROC_DEFAULT_CAP */
    atomic_int *cancel; /* when non-NULL and set non-zero, the child is stopped */
} cl_proc_spec;

typedef struct cl_proc_result {
    int exit_code;  /* the child's exit status, or -1 when a signal ended it */
    int signal;     /* the signal that ended it, or 0 */
    bool timed_out; /* it ran past timeout_s and was stopped */
    bool cancelled; /* *cancel was set and it was stopped */
    bool cpu_spent; /* it and its group used tree_cpu_s and were stopped */
    double group_cpu_s; /* with tree_cpu_s: the most CPU its group was seen to have used
                           (processes it left, which no one of it waits for, included) */
    /* A memory limit was set and the child died of SIGKILL, SIGSEGV, SIGBUS or
     * SIGABRT that cudalab did not send: what running out of address space
     * usually looks like. Programs that report an allocation failure and exit
     * with a status are not caught by this; the caller knows their messages. */
    bool out_of_memory;
    double wall_s;   /* from the start to the end of the child */
    char *out, *err; /* what it wrote, NUL-terminated (never NULL after a run) */
    size_t out_len, err_len;
    bool out_truncated, err_truncated; /* it wrote more than out_cap */
} cl_proc_result;

/* Run spec->argv to its end (or until it is stopped) and fill *res.
 * Returns CL_OK whenever the child was started, whatever became of it: look
 * at res. Otherwise CL_NOT_FOUND (no such program), CL_USAGE (empty argv) or
 * CL_IO (no pipe, no fork, cannot exec), and res is left empty. */
/* A guard for a child started elsewhere (the runner's grade): a process
 * that kills the child's process group if cudalab dies, kill -9 included.
 * Stop it once the child has exited and before it is reaped (the group's
 * id is still the child's then). pid -1: none could be started. */
typedef struct cl_proc_guard {
    pid_t pid;
    int done_w;
} cl_proc_guard;
cl_proc_guard cl_proc_guard_start(pid_t group);
void cl_proc_guard_stop(cl_proc_guard *g);

cl_status cl_proc_run(const cl_proc_spec *spec, cl_proc_result *res, cl_error *err);

/* The one way cudalab starts a child: cl_proc_run's start alone, for a
 * caller that waits in its own way (the runner's grade, ui_child.c). The
 * child gets everything said above (its own group, stdin from /dev/null,
 * a clean signal mask, default dispositions, spec's cwd, env and limits;
 * timeout_s, out_cap and cancel are the waiter's and are not looked at),
 * its stdout and stderr on two pipes whose read ends (close-on-exec) come
 * back in fds. The caller reaps *pid, closes fds, and starts a guard if it
 * wants one. Errors as cl_proc_run's; on error *pid is -1 and fds -1. */
cl_status cl_proc_spawn(const cl_proc_spec *spec, pid_t *pid, int fds[2], cl_error *err);
void cl_proc_result_free(cl_proc_result *res);

/* The CPU time (user and system, nanoseconds) of this process, all its
 * threads, and of the children it has waited for (each with the children
 * it waited for): the clock of a budget that spans a process and the tools
 * it runs. */
uint64_t cl_proc_cpu_ns(void);

/* One CPU budget for work of this process and its children (a grade: the
 * compiler's processes and the emulation), from the moment it began. */
typedef struct cl_cpu_budget {
    uint64_t start_ns; /* cl_proc_cpu_ns() when it began */
    uint64_t limit_ns; /* 0: none */
    uint64_t lost_ns;  /* CPU of children that died unwaited for (the clock misses it) */
} cl_cpu_budget;
void cl_cpu_budget_begin(cl_cpu_budget *b, double seconds);
/* After a child ran with tree_cpu_s: the CPU its group was seen to use that
 * the clock did not get (seen_ns: how far the clock moved meanwhile). */
void cl_cpu_budget_charge(cl_cpu_budget *b, const cl_proc_result *res, uint64_t seen_ns);
/* The nanoseconds left (0 when spent; UINT64_MAX for a budget of none). */
uint64_t cl_cpu_budget_left_ns(const cl_cpu_budget *b);
/* The CPU seconds the processes of group `group` have used, their waited-for
 * children's included (read from /proc; 0 when none is left). */
double cl_proc_group_cpu_s(pid_t group);

/* Whether this kernel lets an unprivileged process make the user and mount
 * namespaces of cl_proc_spec's visible (asked once, in a child); when not,
 * why (strerror) into why. */
bool cl_proc_view_available(char *why, size_t size);

/* The path of an executable: name itself when it contains a '/', else the
 * first match in $PATH. NULL when there is none. Caller frees. */
char *cl_proc_which(const char *name);

#endif
