/* test_sandbox.c - core/sandbox.c for real: a child shuts itself in and then
 * tries what a compromised emulator would (a planted read of a file outside,
 * a write beside its report, a program, a process, a socket, endless CPU),
 * and each must be refused; what it is allowed still works. A mechanism this
 * kernel lacks (cl_sandbox_probe) skips the assertions that need it, and
 * says so; a kernel without Landlock (made so by a filter that answers its
 * calls ENOSYS) gets the other walls and a reason in words. The same attempts without the sandbox succeed, so each assertion
 * would fail were the wall not there. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/core.h"
#include "core/sandbox.h"

static char work[64], inside[128], out[128], outside[128], secret[160], data[160];
static cl_sandbox_support have;

/* What the child found, one letter an attempt: 'y' done, 'n' refused. */
typedef void (*attempt)(char *said);

static void put(char *said, bool done)
{
    strcat(said, done ? "y" : "n");
}

/* Run a in a child, sandboxed or not; its letters come back in said. */
static int in_child(attempt a, bool sandboxed, double cpu_s, char *said, size_t size)
{
    int p[2];
    assert_int_equal(pipe(p), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(p[0]);
        const char *rd[] = {inside, NULL}, *wr[] = {out, NULL};
        cl_sandbox_spec spec = {.read = rd, .write = wr, .cpu_s = cpu_s};
        if (sandboxed) cl_sandbox_enter(&spec, NULL);
        char buf[64] = "";
        a(buf);
        ssize_t k = write(p[1], buf, strlen(buf));
        _exit(k < 0);
    }
    close(p[1]);
    ssize_t n = read(p[0], said, size - 1);
    said[n > 0 ? n : 0] = '\0';
    close(p[0]);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return status;
}

static bool opens(const char *path, int flags)
{
    int fd = open(path, flags | O_CLOEXEC, 0644);
    if (fd >= 0) close(fd);
    return fd >= 0;
}

static void reads(char *said)
{
    put(said, opens(data, O_RDONLY));       /* inside: allowed */
    put(said, opens(secret, O_RDONLY));     /* the planted read */
    put(said, opens("/etc/passwd", O_RDONLY));
    put(said, opens(inside, O_RDONLY | O_DIRECTORY));
}

static void writes(char *said)
{
    char *made = cl_sprintf("%s/report.tmp", out), *kept = cl_sprintf("%s/report", out);
    bool ok = opens(made, O_WRONLY | O_CREAT | O_TRUNC);
    put(said, ok && rename(made, kept) == 0);                /* as cl_write_file_atomic does */
    put(said, opens(data, O_WRONLY));                        /* a readable file */
    char *beside = cl_sprintf("%s/planted", inside);
    put(said, opens(beside, O_WRONLY | O_CREAT));            /* a new file where it may read */
    put(said, opens(secret, O_WRONLY | O_APPEND));
    free(made);
    free(kept);
    free(beside);
}

static void *thread_body(void *arg)
{
    return arg;
}

static void processes(char *said)
{
    pid_t pid = fork();
    if (pid == 0) _exit(0);
    if (pid > 0) waitpid(pid, NULL, 0);
    put(said, pid >= 0);
    char *const argv[] = {"/bin/true", NULL};
    execv("/bin/true", argv); /* returns only when refused */
    put(said, false);
    int s = socket(AF_INET, SOCK_STREAM, 0);
    put(said, s >= 0);
    if (s >= 0) close(s);
    pthread_t t;
    bool threads = pthread_create(&t, NULL, thread_body, NULL) == 0;
    if (threads) pthread_join(t, NULL);
    put(said, threads);
}

static void spin(char *said)
{
    for (volatile unsigned long i = 0;; i++) {}
    put(said, true);
}

static void write_text(const char *path, const char *text)
{
    assert_int_equal(cl_write_file_atomic(path, text, strlen(text), NULL), CL_OK);
}

static int setup(void **state)
{
    (void)state;
    strcpy(work, "/tmp/cudalab-sandbox-XXXXXX");
    if (!mkdtemp(work)) return -1;
    snprintf(inside, sizeof inside, "%s/day", work);
    snprintf(out, sizeof out, "%s/out", work);
    snprintf(outside, sizeof outside, "%s/solutions", work);
    snprintf(secret, sizeof secret, "%s/reference.cu", outside);
    snprintf(data, sizeof data, "%s/data.bin", inside);
    cl_mkdirs(inside, NULL);
    cl_mkdirs(out, NULL);
    cl_mkdirs(outside, NULL);
    write_text(secret, "__global__ void reference() {}\n");
    write_text(data, "1 2 3\n");
    cl_sandbox_probe(&have);
    char line[256];
    cl_sandbox_describe(&have, line, sizeof line);
    printf("sandbox on this kernel: %s\n", line);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char *cmd = cl_sprintf("rm -rf %s", work);
    int rc = system(cmd);
    free(cmd);
    return rc;
}

/* Without the sandbox every attempt succeeds: the tests below can fail. */
static void test_unsandboxed_control(void **state)
{
    (void)state;
    char said[64];
    in_child(reads, false, 0, said, sizeof said);
    assert_string_equal(said, "yyyy");
    in_child(writes, false, 0, said, sizeof said);
    assert_string_equal(said, "yyyy");
}

static void test_planted_read_refused(void **state)
{
    (void)state;
    char said[64];
    if (!have.landlock_abi) skip();
    in_child(reads, true, 0, said, sizeof said);
    /* the day's file and folder read; the reference's source and /etc/passwd do not */
    assert_string_equal(said, "ynny");
}

static void test_writes_only_its_folder(void **state)
{
    (void)state;
    char said[64];
    if (!have.landlock_abi) skip();
    in_child(writes, true, 0, said, sizeof said);
    assert_string_equal(said, "ynnn");
}

static void test_no_program_process_or_socket(void **state)
{
    (void)state;
    char said[64];
    if (!have.seccomp) skip();
    in_child(processes, true, 0, said, sizeof said);
    /* no fork, no exec, no socket; threads still start (the emulator's) */
    assert_string_equal(said, "nnny");
}

static void test_cpu_limit_stops_a_spin(void **state)
{
    (void)state;
    char said[64];
    int status = in_child(spin, true, 1, said, sizeof said);
    assert_true(WIFSIGNALED(status));
    assert_true(WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL);
    assert_string_equal(said, "");
}

/* A kernel without Landlock, as this one would look (its system calls answer
 * ENOSYS through a filter of the test's own): the probe says so in words,
 * the rest of the sandbox still goes up, and what runs inside runs. */
static void without_landlock(char *said)
{
    struct sock_filter f[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_landlock_create_ruleset, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = {.len = sizeof f / sizeof *f, .filter = f};
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    put(said, prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) == 0);
    cl_sandbox_support got;
    const char *rd[] = {inside, NULL};
    cl_sandbox_enter(&(cl_sandbox_spec){.read = rd}, &got);
    put(said, got.landlock_abi == 0 && strstr(got.why, "no Landlock: not in this kernel"));
    put(said, got.seccomp);
    put(said, opens(secret, O_RDONLY)); /* no Landlock: the read goes through */
    pid_t pid = fork();                 /* seccomp still stops a process */
    if (pid == 0) _exit(0);
    put(said, pid >= 0);
}

static void test_degrades_without_landlock(void **state)
{
    (void)state;
    char said[64];
    if (!have.seccomp) skip();
    int status = in_child(without_landlock, false, 0, said, sizeof said);
    assert_true(WIFEXITED(status));
    assert_string_equal(said, "yyyyn");
}

static void test_describe(void **state)
{
    (void)state;
    char line[256];
    cl_sandbox_support none = {.why = "no Landlock: not in this kernel"};
    cl_sandbox_describe(&none, line, sizeof line);
    assert_string_equal(line, "rlimits (no Landlock: not in this kernel)");
    cl_sandbox_support all = {.landlock_abi = 6, .seccomp = true};
    cl_sandbox_describe(&all, line, sizeof line);
    assert_string_equal(line, "Landlock (ABI 6), seccomp, rlimits");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unsandboxed_control),
        cmocka_unit_test(test_planted_read_refused),
        cmocka_unit_test(test_writes_only_its_folder),
        cmocka_unit_test(test_no_program_process_or_socket),
        cmocka_unit_test(test_cpu_limit_stops_a_spin),
        cmocka_unit_test(test_degrades_without_landlock),
        cmocka_unit_test(test_describe),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
