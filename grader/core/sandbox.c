/* sandbox.c - Landlock, a seccomp filter and rlimits, put in place by a
 * process on itself (see sandbox.h). Only system calls: no library beyond
 * libc, and the kernel's own headers for the structures. Where Debian's
 * headers are older than the kernel, the later constants of the Landlock ABI
 * are defined here, and each is used only where the kernel's ABI has it. */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef LANDLOCK_ACCESS_FS_REFER
#define LANDLOCK_ACCESS_FS_REFER (1ULL << 13) /* ABI 2 */
#endif
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14) /* ABI 3 */
#endif
#ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV
#define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15) /* ABI 5 */
#endif
#ifndef LANDLOCK_ACCESS_NET_BIND_TCP
#define LANDLOCK_ACCESS_NET_BIND_TCP (1ULL << 0) /* ABI 4 */
#define LANDLOCK_ACCESS_NET_CONNECT_TCP (1ULL << 1)
#endif
#ifndef LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET
#define LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0) /* ABI 6 */
#define LANDLOCK_SCOPE_SIGNAL (1ULL << 1)
#endif

#if defined(__x86_64__)
#define SANDBOX_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define SANDBOX_ARCH AUDIT_ARCH_AARCH64
#endif

/* The ruleset's attributes as the kernel's latest ABI lays them out; a
 * kernel of an older ABI takes the larger structure when the fields it does
 * not know are zero. */
typedef struct ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
} ruleset_attr;

static int landlock_abi(char *why, size_t size)
{
#ifdef SYS_landlock_create_ruleset
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi > 0) return (int)abi;
    snprintf(why, size, "no Landlock: %s",
             errno == ENOSYS       ? "not in this kernel"
             : errno == EOPNOTSUPP ? "turned off in this kernel (lsm=)"
                                   : strerror(errno));
#else
    snprintf(why, size, "no Landlock: built without its system calls");
#endif
    return 0;
}

void cl_sandbox_probe(cl_sandbox_support *s)
{
    memset(s, 0, sizeof *s);
    s->landlock_abi = landlock_abi(s->why, sizeof s->why);
#ifdef SANDBOX_ARCH
    s->seccomp = prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0;
    if (!s->seccomp && !s->why[0]) snprintf(s->why, sizeof s->why, "no seccomp in this kernel");
#else
    if (!s->why[0]) snprintf(s->why, sizeof s->why, "no seccomp filter for this architecture");
#endif
}

void cl_sandbox_describe(const cl_sandbox_support *s, char *buf, unsigned size)
{
    char ll[32] = "";
    if (s->landlock_abi) snprintf(ll, sizeof ll, "Landlock (ABI %d), ", s->landlock_abi);
    snprintf(buf, size, "%s%srlimits%s%s%s", ll, s->seccomp ? "seccomp, " : "",
             s->why[0] ? " (" : "", s->why, s->why[0] ? ")" : "");
}

/* ---- Landlock ---- */

static uint64_t fs_rights(int abi)
{
    uint64_t r = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE |
                 LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR |
                 LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE |
                 LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR |
                 LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_MAKE_SOCK |
                 LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK |
                 LANDLOCK_ACCESS_FS_MAKE_SYM;
    if (abi >= 2) r |= LANDLOCK_ACCESS_FS_REFER;
    if (abi >= 3) r |= LANDLOCK_ACCESS_FS_TRUNCATE;
    if (abi >= 5) r |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
    return r;
}

/* Allow `rights` below path (a file, only the rights a file can have); a
 * path that does not open is left out: nothing below it is allowed. */
static void allow(int ruleset, const char *path, uint64_t rights)
{
    struct stat st;
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return;
    if (fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode))
        rights &= LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE |
                  LANDLOCK_ACCESS_FS_TRUNCATE | LANDLOCK_ACCESS_FS_EXECUTE;
    struct landlock_path_beneath_attr pb = {.allowed_access = rights, .parent_fd = fd};
    syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
    close(fd);
}

static bool enter_landlock(const cl_sandbox_spec *spec, int abi)
{
    ruleset_attr attr = {.handled_access_fs = fs_rights(abi)};
    if (abi >= 4) attr.handled_access_net = LANDLOCK_ACCESS_NET_BIND_TCP | LANDLOCK_ACCESS_NET_CONNECT_TCP;
    if (abi >= 6) attr.scoped = LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | LANDLOCK_SCOPE_SIGNAL;
    int rs = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
    if (rs < 0) return false;
    uint64_t read = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;
    uint64_t write = read | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_MAKE_REG |
                     LANDLOCK_ACCESS_FS_REMOVE_FILE | (abi >= 3 ? LANDLOCK_ACCESS_FS_TRUNCATE : 0);
    for (size_t i = 0; spec->read && spec->read[i]; i++) allow(rs, spec->read[i], read);
    for (size_t i = 0; spec->write && spec->write[i]; i++) allow(rs, spec->write[i], write);
    bool ok = syscall(SYS_landlock_restrict_self, rs, 0) == 0;
    close(rs);
    return ok;
}

/* ---- seccomp ---- */

#ifdef SANDBOX_ARCH
#define DENY_IF(nr) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), \
                    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM)

static bool enter_seccomp(void)
{
    struct sock_filter f[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SANDBOX_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#ifdef __x86_64__
        /* the x32 ABI's numbers: none of them is allowed */
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
#endif
        /* threads, never a process: clone3's flags are behind a pointer
           the filter cannot read, so it answers ENOSYS and libc uses clone */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 4),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        DENY_IF(SYS_execve), DENY_IF(SYS_execveat),
#ifdef SYS_fork
        DENY_IF(SYS_fork), DENY_IF(SYS_vfork),
#endif
        DENY_IF(SYS_ptrace), DENY_IF(SYS_process_vm_readv), DENY_IF(SYS_process_vm_writev),
        DENY_IF(SYS_socket), DENY_IF(SYS_socketpair), DENY_IF(SYS_connect), DENY_IF(SYS_bind),
        DENY_IF(SYS_listen), DENY_IF(SYS_accept), DENY_IF(SYS_accept4),
        DENY_IF(SYS_mount), DENY_IF(SYS_umount2), DENY_IF(SYS_pivot_root), DENY_IF(SYS_chroot),
        DENY_IF(SYS_unshare), DENY_IF(SYS_setns),
        DENY_IF(SYS_keyctl), DENY_IF(SYS_add_key), DENY_IF(SYS_request_key),
        DENY_IF(SYS_bpf), DENY_IF(SYS_perf_event_open), DENY_IF(SYS_userfaultfd),
        DENY_IF(SYS_io_uring_setup), DENY_IF(SYS_io_uring_enter), DENY_IF(SYS_io_uring_register),
        DENY_IF(SYS_open_by_handle_at), DENY_IF(SYS_name_to_handle_at),
        DENY_IF(SYS_init_module), DENY_IF(SYS_finit_module), DENY_IF(SYS_delete_module),
        DENY_IF(SYS_kexec_load),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = {.len = (unsigned short)(sizeof f / sizeof *f), .filter = f};
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) == 0;
}
#undef DENY_IF
#else
static bool enter_seccomp(void)
{
    return false;
}
#endif

/* ---- rlimits ---- */

static void set_limit(int resource, rlim_t soft, rlim_t hard)
{
    struct rlimit now;
    if (getrlimit(resource, &now) != 0) return;
    if (now.rlim_max != RLIM_INFINITY && hard > now.rlim_max) hard = now.rlim_max;
    if (soft > hard) soft = hard;
    struct rlimit want = {soft, hard};
    setrlimit(resource, &want);
}

void cl_sandbox_enter(const cl_sandbox_spec *spec, cl_sandbox_support *got)
{
    cl_sandbox_support have, none;
    if (!got) got = &none;
    cl_sandbox_probe(&have);
    memset(got, 0, sizeof *got);
    pid_t parent = getppid();
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    if (getppid() != parent) _exit(127); /* it died before the line above */
    set_limit(RLIMIT_CORE, 0, 0);
    set_limit(RLIMIT_NOFILE, CL_SANDBOX_FILES, CL_SANDBOX_FILES);
    if (spec->cpu_s > 0) {
        rlim_t s = (rlim_t)spec->cpu_s + 1;
        set_limit(RLIMIT_CPU, s, s + 1);
    }
    bool nnp = prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0;
    if (nnp && have.landlock_abi && enter_landlock(spec, have.landlock_abi))
        got->landlock_abi = have.landlock_abi;
    else if (have.landlock_abi)
        snprintf(got->why, sizeof got->why, "Landlock refused: %s", strerror(errno));
    else
        snprintf(got->why, sizeof got->why, "%s", have.why);
    got->seccomp = nnp && have.seccomp && enter_seccomp();
    if (!got->seccomp && !got->why[0]) snprintf(got->why, sizeof got->why, "no seccomp filter");
}
