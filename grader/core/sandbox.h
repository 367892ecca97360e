/* sandbox.h - what a process can still do after it shuts itself in: the
 * walls a grade's emulation and check scripts run behind (grade/isolate.c),
 * made from what an unprivileged process has on Linux.
 *
 * - Landlock (where the kernel has it, ABI 1 onwards): files can be read only
 *   under the spec's read folders, written, made and replaced only under its
 *   write folders; nothing can be executed; with ABI 4 no TCP bind or
 *   connect, with ABI 6 no signal to a process outside and no abstract unix
 *   socket outside.
 * - seccomp (a BPF filter, no library): no new program (execve), no new
 *   process (fork, vfork, clone without CLONE_THREAD; clone3 answers ENOSYS
 *   so that threads fall back to clone), no socket, no ptrace or reading
 *   another process's memory, no mount, namespace, keyring, BPF, io_uring,
 *   module or file-handle call; each refused with EPERM, a system call of
 *   another architecture kills the process.
 * - rlimits: no core file, at most CL_SANDBOX_FILES open files, and a CPU
 *   limit (SIGXCPU, then SIGKILL a second later) as a net outside any
 *   budget the process keeps itself.
 * - no_new_privs, and death with the parent (PR_SET_PDEATHSIG).
 *
 * Already-open descriptors are not checked by Landlock: the caller closes
 * what the sandboxed code must not use before it enters.
 *
 * Prefix: cl_sandbox_. */
#ifndef CUDALAB_SANDBOX_H
#define CUDALAB_SANDBOX_H

#include <stdbool.h>

#define CL_SANDBOX_FILES 256

typedef struct cl_sandbox_spec {
    const char *const *read;  /* NULL-terminated folders (or files) readable below; may be NULL */
    const char *const *write; /* NULL-terminated folders where files may be made and replaced */
    double cpu_s;             /* RLIMIT_CPU in seconds; <= 0: none */
} cl_sandbox_spec;

/* What this kernel offers (looked at once, without entering anything). */
typedef struct cl_sandbox_support {
    int landlock_abi; /* 0: none (the reason is in why) */
    bool seccomp;
    char why[160];    /* what is missing, in words; "" when nothing is */
} cl_sandbox_support;

void cl_sandbox_probe(cl_sandbox_support *s);

/* One line for a verbose output: "Landlock (ABI 7), seccomp, rlimits" or
 * "seccomp, rlimits (no Landlock: ...)". */
void cl_sandbox_describe(const cl_sandbox_support *s, char *buf, unsigned size);

/* Shut this process in, for good; call it in a child with one thread.
 * Never fails the caller: what the kernel lacks or refuses is left out, and
 * *got (may be NULL) says what was put in place. */
void cl_sandbox_enter(const cl_sandbox_spec *spec, cl_sandbox_support *got);

#endif
