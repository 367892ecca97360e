/* test_cli.c - the cudalab executable's exit codes and messages, run for real
 * against a small course made in a temporary folder. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "core/core.h"

static char course[64];

static const char manifest[] =
    "day: 7\n"
    "slug: day07-demo\n"
    "title: A demo day\n"
    "topic: demo\n"
    "student_file: demo.cu\n"
    "launch: {block: 256, grid: 1, about: one block}\n"
    "kernels:\n"
    "  - name: demo\n"
    "    summary: does nothing\n"
    "    params: [{type: float*, name: out, length: n}]\n"
    "    checks: [correctness]\n"
    "sizes: {course: {n: 1}, hidden: []}\n";

static void put(const char *rel, const char *text)
{
    char *path = cl_sprintf("%s/%s", course, rel);
    char *dir = cl_strdup(path);
    *strrchr(dir, '/') = '\0';
    assert_int_equal(cl_mkdirs(dir, NULL), CL_OK);
    assert_int_equal(cl_write_file_atomic(path, text, strlen(text), NULL), CL_OK);
    free(path);
    free(dir);
}

/* Run cudalab with args; return its exit code, its stdout and stderr in out. */
static int run(const char *args, cl_str *out)
{
    char *cmd = cl_sprintf("CUDALAB_COURSE=%s CUDALAB_WORKSPACE=%s/work %s %s 2>&1", course,
                           course, CUDALAB_BINARY, args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) cl_str_addn(out, buf, n);
    int status = pclose(p);
    free(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int setup(void **state)
{
    (void)state;
    strcpy(course, "/tmp/cudalab-cli-XXXXXX");
    assert_non_null(mkdtemp(course));
    put("days/day07-demo/day.yaml", manifest);
    put("days/day07-demo/README.md", "# Demo\n");
    put("templates/day07-demo/demo.cu", "// TODO: template\n");
    put("solutions/day07-demo/demo.cu", "__global__ void demo(float *out) { out[0] = 1; }\n");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char *cmd = cl_sprintf("rm -rf %s", course);
    int rc = system(cmd);
    free(cmd);
    return rc;
}

static void test_help(void **state)
{
    (void)state;
    cl_str out = {0};
    assert_int_equal(run("--help", &out), 0);
    assert_non_null(strstr(out.s, "cudalab list"));
    assert_non_null(strstr(out.s, "cudalab reset DAY"));
    cl_str_free(&out);
    assert_int_equal(run("reset --help", &out), 0);
    assert_non_null(strstr(out.s, "usage: cudalab reset DAY"));
    cl_str_free(&out);
}

static void test_unknown_command(void **state)
{
    (void)state;
    cl_str out = {0};
    assert_int_equal(run("frobnicate", &out), 2);
    assert_non_null(strstr(out.s, "unknown command 'frobnicate'"));
    cl_str_free(&out);
}

static void test_list(void **state)
{
    (void)state;
    cl_str out = {0};
    assert_int_equal(run("list", &out), 0);
    assert_non_null(strstr(out.s, "day07-demo"));
    assert_non_null(strstr(out.s, "A demo day"));
    assert_non_null(strstr(out.s, "not started"));
    cl_str_free(&out);
}

static void test_list_bad_manifest(void **state)
{
    (void)state;
    put("days/day08-broken/day.yaml", "day: 8\nslug: day08-broken\ntitel: x\n");
    cl_str out = {0};
    assert_int_equal(run("list", &out), 2);
    assert_non_null(strstr(out.s, "day07-demo"));
    assert_non_null(strstr(out.s, "days/day08-broken/day.yaml:3:1: unknown key 'titel'"));
    cl_str_free(&out);
    assert_int_equal(run("reset 8", &out), 2);
    assert_non_null(strstr(out.s, "day.yaml:3:1: unknown key 'titel'"));
    cl_str_free(&out);
    char *cmd = cl_sprintf("rm -rf %s/days/day08-broken", course);
    assert_int_equal(system(cmd), 0);
    free(cmd);
}

/* A day whose manifest loads but whose reference solution (the oracle) or
 * template is missing is listed as one that cannot be graded, with the
 * reason; list exits 2, and grading it is refused with the same reason. */
static void test_list_ungradable(void **state)
{
    (void)state;
    char *yaml = cl_strdup(manifest);
    memcpy(strstr(yaml, "day: 7"), "day: 9", 6);
    memcpy(strstr(yaml, "day07-demo"), "day09-demo", 10);
    put("days/day09-demo/day.yaml", yaml);
    put("days/day09-demo/README.md", "# Demo\n");
    put("templates/day09-demo/demo.cu", "// TODO: template\n");
    cl_str out = {0};
    assert_int_equal(run("list", &out), 2);
    assert_non_null(strstr(out.s, "day09-demo"));
    assert_non_null(strstr(out.s, "cannot be graded"));
    assert_non_null(strstr(out.s, "day09-demo: no reference solution: "));
    assert_non_null(strstr(out.s, "solutions/day09-demo/demo.cu is missing"));
    assert_non_null(strstr(out.s, "0 of 1 days passing and honest"));
    cl_str_free(&out);
    assert_int_equal(run("grade 9", &out), 2);
    assert_non_null(strstr(out.s, "day09-demo cannot be graded: no reference solution"));
    cl_str_free(&out);
    /* With the solution and no template it is the template that is missing. */
    put("solutions/day09-demo/demo.cu", "__global__ void demo(float *out) { out[0] = 1; }\n");
    char *tpl = cl_sprintf("%s/templates/day09-demo/demo.cu", course);
    assert_int_equal(remove(tpl), 0);
    free(tpl);
    assert_int_equal(run("list", &out), 2);
    assert_non_null(strstr(out.s, "day09-demo: no template: "));
    cl_str_free(&out);
    char *cmd = cl_sprintf("rm -rf %s/days/day09-demo %s/solutions/day09-demo "
                           "%s/templates/day09-demo", course, course, course);
    assert_int_equal(system(cmd), 0);
    free(cmd);
    free(yaml);
    assert_int_equal(run("list", &out), 0);
    cl_str_free(&out);
}

static void test_reset_keeps_backup(void **state)
{
    (void)state;
    cl_str out = {0};
    assert_int_equal(run("reset 99", &out), 2);
    assert_non_null(strstr(out.s, "no day '99'"));
    cl_str_free(&out);
    assert_int_equal(run("reset", &out), 2);
    cl_str_free(&out);

    /* First reset: nothing to keep; the template appears. */
    assert_int_equal(run("reset day07", &out), 0);
    char *mine = cl_sprintf("%s/work/day07-demo/demo.cu", course);
    char *data;
    assert_int_equal(cl_read_file(mine, &data, NULL, NULL), CL_OK);
    assert_string_equal(data, "// TODO: template\n");
    free(data);
    cl_str_free(&out);

    /* The student's work is kept when they reset again. */
    assert_int_equal(cl_write_file_atomic(mine, "my work\n", 8, NULL), CL_OK);
    assert_int_equal(run("reset day07-demo", &out), 0);
    assert_non_null(strstr(out.s, "kept as"));
    /* and it says what it drops and what it keeps of the day's progress */
    assert_non_null(strstr(out.s, "dropped: the day's last grade"));
    assert_non_null(strstr(out.s, "kept: your best figures and the hints you revealed"));
    char *dir = cl_sprintf("%s/work/backups/day07-demo", course);
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *de;
    int kept = 0;
    while ((de = readdir(d))) {
        if (strncmp(de->d_name, "demo.cu.", 8)) continue;
        char *b = cl_sprintf("%s/%s", dir, de->d_name);
        assert_int_equal(cl_read_file(b, &data, NULL, NULL), CL_OK);
        assert_string_equal(data, "my work\n");
        free(data);
        free(b);
        kept++;
    }
    closedir(d);
    assert_int_equal(kept, 1);
    assert_int_equal(run("list", &out), 0);
    assert_non_null(strstr(out.s, "started"));
    free(dir);
    free(mine);
    cl_str_free(&out);
}

static void test_no_course(void **state)
{
    (void)state;
    cl_str out = {0};
    char saved[64];
    strcpy(saved, course);
    strcpy(course, "/nonexistent-course");
    int rc = run("list", &out);
    strcpy(course, saved);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out.s, "days/ is missing"));
    cl_str_free(&out);
}

/* One command line and what it must give: the exit code (-1: any) and a
 * piece of the output. */
typedef struct cli_case {
    const char *args;
    int rc;
    const char *want;
} cli_case;

static void expect_case(const cli_case *c)
{
    cl_str out = {0};
    int rc = run(c->args, &out);
    if ((c->rc >= 0 && rc != c->rc) || !strstr(out.s ? out.s : "", c->want))
        fail_msg("cudalab %s: exit %d (want %d), output:\n%s\nwanted: %s", c->args, rc, c->rc,
                 out.s ? out.s : "", c->want);
    cl_str_free(&out);
}

static const char *const every_command[] = {"grade", "batch", "pack", "autograde", "merge", "list",
                                            "doctor", "reset", "show", "hint", "next", "verify",
                                            "trace", "new", "check-course"};

/* Every command reads its options with getopt_long: -V and --help answer
 * (exit 0) whatever else is on the line, and an unknown option is refused
 * by name (exit 2), in the --x=y form too. */
static void test_every_command_options(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof every_command / sizeof *every_command; i++) {
        const char *cmd = every_command[i];
        char *args[4] = {cl_sprintf("%s -V", cmd), cl_sprintf("%s 7 --version", cmd),
                         cl_sprintf("%s --help", cmd), cl_sprintf("%s --no-such=1 7", cmd)};
        char *help = cl_sprintf("usage: cudalab %s", cmd);
        char *refused = cl_sprintf("cudalab: %s: unknown option '--no-such'; see `cudalab %s --help`",
                                   cmd, cmd);
        cli_case cases[4] = {{args[0], 0, "cudalab " CUDALAB_VERSION "\n"},
                             {args[1], 0, "cudalab " CUDALAB_VERSION "\n"},
                             {args[2], 0, help},
                             {args[3], 2, refused}};
        for (int k = 0; k < 4; k++) expect_case(&cases[k]);
        for (int k = 0; k < 4; k++) free(args[k]);
        free(help);
        free(refused);
    }
}

/* --opt=value reads as --opt value; an option without a value refuses one;
 * a missing value is named. Each line stops before anything is graded. */
static void test_option_values(void **state)
{
    (void)state;
    static const cli_case cases[] = {
        {"grade --threads=300 7", 2, "--threads takes a whole number from 0 to 256, not '300'"},
        {"grade 7 --threads 300", 2, "--threads takes a whole number from 0 to 256, not '300'"},
        {"grade --backend=quantum 7", 2, "--backend takes auto, emu or gpu"},
        {"grade --json=yes 7", 2, "grade: --json takes no value"},
        {"grade --se=3 7", 2, "grade: unknown option '--se'"},
        {"grade -x.cu 7", 2, "grade: unknown option '-x.cu'"},
        {"batch --jobs=65 7 a.cu", 2, "--jobs takes a whole number from 1 to 64, not '65'"},
        {"batch --shard=9/8 7 a.cu", 2, "--shard takes I/N"},
        {"batch --regrade=1 7 a.cu", 2, "batch: --regrade takes no value"},
        {"batch 7 a.cu --csv", 2, "batch: --csv needs a value"},
        {"autograde --seed=x 7", 2, "--seed takes a whole number"},
        {"autograde --backend=quantum 7", 2, "--backend takes auto, emu or gpu"},
        {"autograde 7 --root", 2, "autograde: --root needs a value"},
        {"list --all=1", 2, "list: unknown option '--all'"},
        {"list extra", 2, "list takes no arguments"},
        {"--frob", 2, "unknown option '--frob'; `cudalab --help`"},
        {"-V", 0, "cudalab " CUDALAB_VERSION "\n"},
        {"--version", 0, "cudalab " CUDALAB_VERSION "\n"},
        {"help reset", 0, "usage: cudalab reset DAY"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) expect_case(&cases[i]);
    /* POSIXLY_CORRECT (getopt's "stop at the first operand") changes nothing. */
    setenv("POSIXLY_CORRECT", "1", 1);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) expect_case(&cases[i]);
    expect_case(&(cli_case){"reset 7 --version", 0, "cudalab " CUDALAB_VERSION "\n"});
    unsetenv("POSIXLY_CORRECT");
}

/* -- ends the options: what follows is an operand even when it starts with
 * '-', --help and -V included. */
static void test_double_dash(void **state)
{
    (void)state;
    static const cli_case cases[] = {
        {"-- list", 0, "day07-demo"},
        {"list --", 0, "day07-demo"},
        {"grade 7 -- -x.cu", 2, "-x.cu: no such file"},
        {"grade -- 7 --help", 2, "--help: no such file"},
        {"grade -- -V", 2, "no day '-V'"},
        {"reset -- -7", 2, "no day '-7'"},
        {"new -- 8 -x", 2, "'-x' is not"},
        {"check-course -- -7", 2, "-7"},
        {"autograde -- -7", 2, "no day '-7'"},
        {"pack -- gradescope -7 x.zip", 2, "no day '-7'"},
        {"merge -- -out.csv -in.csv", 2, "-in.csv"},
        {"batch --jobs 1 -- 7 --regrade", -1, "--regrade"},
        {"doctor --", -1, "cache"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) expect_case(&cases[i]);
}

/* doctor names the cache folder, what it holds and its cap. */
static void test_doctor_cache(void **state)
{
    (void)state;
    char *big = cl_calloc(3072, 1);
    put("cache/build/ab/ab12.entry", "");
    char *path = cl_sprintf("%s/cache/build/oracle/0123abcd", course);
    put("cache/build/oracle/0123abcd", "x");
    assert_int_equal(cl_write_file_atomic(path, big, 3072, NULL), CL_OK);
    put("cache/build/tmp/scratch/x.cu", "not an entry");
    char *root = cl_sprintf("%s/cache", course);
    setenv("CUDALAB_CACHE", root, 1);
    setenv("CUDALAB_CACHE_MAX", "512M", 1);
    cl_str out = {0};
    run("doctor", &out);
    char *row = cl_sprintf("cache       %s/build\n", root);
    assert_non_null(strstr(out.s, row));
    assert_non_null(strstr(out.s, "3.0 KiB in 2 entries; cap 512.0 MiB (CUDALAB_CACHE_MAX"));
    cl_str_free(&out);
    setenv("CUDALAB_CACHE", "/nonexistent-cache", 1);
    unsetenv("CUDALAB_CACHE_MAX");
    run("doctor", &out);
    assert_non_null(strstr(out.s, "cache       /nonexistent-cache/build\n"));
    assert_non_null(strstr(out.s, "0 bytes in 0 entries; cap 1.0 GiB"));
    unsetenv("CUDALAB_CACHE");
    cl_str_free(&out);
    free(row);
    free(root);
    free(path);
    free(big);
}

/* The names of the files in the oracle folder of the cache at rel, one a
 * line, sorted. */
static void oracle_names(const char *rel, cl_str *out)
{
    char *cmd = cl_sprintf("find %s/%s -path '*/oracle/*' -type f -printf '%%f\\n' | sort", course, rel);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) cl_str_addn(out, buf, n);
    assert_int_equal(pclose(p), 0);
    free(cmd);
}

/* A reference with a function of internal linkage: nvcc names it after a
 * hash of the path it was built at, and each build has a scratch folder of
 * its own; the reference's outputs are still found by the same key from two
 * empty caches (a class's graders sharing a cache they each filled). */
static void test_oracle_key_stable(void **state)
{
    (void)state;
    if (!cl_file_exists("/usr/local/cuda/bin/nvcc")) {
        print_message("skipped: /usr/local/cuda/bin/nvcc is absent (no CUDA Toolkit)\n");
        skip();
    }
    const char *src = "static __device__ __noinline__ float one(float x) { return x * 0 + 1; }\n"
                      "__global__ void demo(float *out) { out[0] = one(out[0]); }\n";
    put("solutions/day07-demo/demo.cu", src);
    put("mine.cu", src);
    cl_str a = {0}, b = {0};
    for (int i = 0; i < 2; i++) {
        char *cmd = cl_sprintf("CUDALAB_COURSE=%s CUDALAB_WORKSPACE=%s/work CUDALAB_CACHE=%s/cache%d %s grade 7 "
                               "%s/mine.cu --backend emu >/dev/null 2>&1",
                               course, course, course, i, CUDALAB_BINARY, course);
        int rc = system(cmd);
        free(cmd);
        assert_true(WIFEXITED(rc) && WEXITSTATUS(rc) == 0);
    }
    oracle_names("cache0", &a);
    oracle_names("cache1", &b);
    assert_true(a.len > 0);
    assert_string_equal(a.s, b.s);
    cl_str_free(&a);
    cl_str_free(&b);
}

static void test_corrupt_state(void **state)
{
    (void)state;
    put("work/state.yaml", "version: 1\ndays: [oops\n");
    cl_str out = {0};
    assert_int_equal(run("list", &out), 0);
    assert_non_null(strstr(out.s, "progress file was unreadable"));
    assert_non_null(strstr(out.s, "state.yaml.corrupt-"));
    assert_non_null(strstr(out.s, "day07-demo"));
    cl_str_free(&out);
}

/* show, hint, next and verify: the learner's commands on the demo day. A
 * file that passes is verified (exit 0) and leaves no next day; the
 * template is not passed (exit 1) and day 7 is next again. */
static void test_tutor_commands(void **state)
{
    (void)state;
    cl_str out = {0};
    assert_int_equal(run("show 7", &out), 0);
    assert_non_null(strstr(out.s, "Demo"));
    assert_non_null(strstr(out.s, "demo.cu"));
    cl_str_free(&out);
    assert_int_equal(run("hint 7", &out), 0);
    assert_non_null(strstr(out.s, "day 7 has no hints"));
    cl_str_free(&out);

    char *mine = cl_sprintf("%s/work/day07-demo/demo.cu", course);
    char *ref = cl_sprintf("%s/solutions/day07-demo/demo.cu", course), *solution = NULL;
    assert_int_equal(cl_read_file(ref, &solution, NULL, NULL), CL_OK); /* as it stands (tests change it) */
    assert_int_equal(cl_write_file_atomic(mine, solution, strlen(solution), NULL), CL_OK);
    free(solution);
    free(ref);
    int rc = run("verify", &out);
    if (rc != 0) fail_msg("verify: exit %d:\n%s", rc, out.s);
    assert_non_null(strstr(out.s, "day07-demo"));
    assert_non_null(strstr(out.s, "1 of 1 started day passed"));
    cl_str_free(&out);
    assert_int_equal(run("next", &out), 0);
    assert_non_null(strstr(out.s, "every day passes"));
    cl_str_free(&out);

    assert_int_equal(cl_write_file_atomic(mine, "// TODO: template\n", 18, NULL), CL_OK);
    assert_int_equal(run("verify", &out), 1);
    assert_non_null(strstr(out.s, "not passed"));
    assert_non_null(strstr(out.s, "0 of 1 started day passed"));
    cl_str_free(&out);
    assert_int_equal(run("next", &out), 0);
    assert_non_null(strstr(out.s, "next: day 7, day07-demo (A demo day)"));
    cl_str_free(&out);
    free(mine);
}

/* show lists the resources check's limits of each kernel it applies to,
 * as day.yaml sets them (a day-72 kernel failed resources against a limit
 * no text a student sees stated); a day without that check has no such
 * section. */
static void test_show_limits(void **state)
{
    (void)state;
    char *yaml = cl_strdup(manifest);
    memcpy(strstr(yaml, "day: 7"), "day: 8", 6);
    memcpy(strstr(yaml, "day07-demo"), "day08-demo", 10);
    const char *checks = "    checks: [correctness]\n";
    char *at = strstr(yaml, checks);
    *at = '\0';
    char *limited = cl_sprintf("%s    checks: [correctness, resources]\n"
                               "    limits: {registers: 32, shared_bytes: 4096, spill_bytes: 0}\n%s",
                               yaml, at + strlen(checks));
    put("days/day08-demo/day.yaml", limited);
    put("days/day08-demo/README.md", "# Demo\n");
    put("templates/day08-demo/demo.cu", "// TODO: template\n");
    put("solutions/day08-demo/demo.cu", "__global__ void demo(float *out) { out[0] = 1; }\n");
    cl_str out = {0};
    int rc = run("show 8", &out);
    if (rc != 0) fail_msg("show 8: exit %d:\n%s", rc, out.s);
    assert_non_null(strstr(out.s, "Limits"));
    assert_non_null(strstr(out.s, "at most 32 registers a thread, 4096 bytes of shared memory a block, no spills"));
    cl_str_free(&out);
    assert_int_equal(run("show 7", &out), 0);
    assert_null(strstr(out.s, "Limits"));
    cl_str_free(&out);
    char *cmd = cl_sprintf("rm -rf %s/days/day08-demo %s/solutions/day08-demo %s/templates/day08-demo "
                           "%s/work/day08-demo", course, course, course, course);
    assert_int_equal(system(cmd), 0);
    free(cmd);
    free(limited);
    free(yaml);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help),
        cmocka_unit_test(test_unknown_command),
        cmocka_unit_test(test_list),
        cmocka_unit_test(test_list_bad_manifest),
        cmocka_unit_test(test_list_ungradable),
        cmocka_unit_test(test_reset_keeps_backup),
        cmocka_unit_test(test_no_course),
        cmocka_unit_test(test_corrupt_state),
        cmocka_unit_test(test_every_command_options),
        cmocka_unit_test(test_option_values),
        cmocka_unit_test(test_double_dash),
        cmocka_unit_test(test_doctor_cache),
        cmocka_unit_test(test_oracle_key_stable),
        cmocka_unit_test(test_tutor_commands),
        cmocka_unit_test(test_show_limits),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
