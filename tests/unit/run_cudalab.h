/* run_cudalab.h - the tests' one way to run the cudalab binary as a user
 * would: from the source tree's root, with its own workspace and cache
 * under a test's folder, extra environment before the command, stdout into
 * out and stderr into err. Included by the tests that drive the binary
 * (test_cli_grade, test_grade_sandbox); the test trees are the tests' own,
 * so the shell line holds no user input. */
#ifndef CUDALAB_TEST_RUN_CUDALAB_H
#define CUDALAB_TEST_RUN_CUDALAB_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "core/core.h"

/* The exit status of `cudalab ARGS` run with ENV in a workspace under work,
 * or -1 when it did not exit. */
static int run_cudalab(const char *work, const char *env, const char *args, cl_str *out, cl_str *err)
{
    char *errfile = cl_sprintf("%s/stderr", work);
    char *cmd = cl_sprintf("cd %s && CUDALAB_WORKSPACE=%s/ws CUDALAB_CACHE=%s/cache %s %s %s 2>%s",
                           CUDALAB_TEST_DIR "/..", work, work, env, CUDALAB_BINARY, args, errfile);
    FILE *p = popen(cmd, "r");
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) cl_str_addn(out, buf, n);
    int status = pclose(p);
    char *e = NULL;
    if (cl_read_file(errfile, &e, NULL, NULL) == CL_OK) cl_str_add(err, e);
    free(e);
    free(cmd);
    free(errfile);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

#endif
