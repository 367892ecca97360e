/* manifest_edits.h - what the manifest tests (test_manifest, test_gates,
 * test_program) share: a good manifest edited in one place, and the error
 * the edit must give at file:line:column. Include after cmocka.h and
 * days/day.h; the functions are static, each test file its own copy. */
#ifndef CUDALAB_TEST_MANIFEST_EDITS_H
#define CUDALAB_TEST_MANIFEST_EDITS_H

#include <stdlib.h>
#include <string.h>

/* Line and column (1-based) of the first `marker` in text. */
static void pos_of(const char *text, const char *marker, int *line, int *column)
{
    const char *at = strstr(text, marker);
    if (!at) fail_msg("'%s' is not in the manifest", marker);
    *line = 1;
    *column = 1;
    for (const char *c = text; c < at; c++, (*column)++)
        if (*c == '\n') *line += 1, *column = 0;
}

/* base with its first `from` replaced by `to` (caller frees). */
static cl_str edited(const char *base, const char *from, const char *to)
{
    const char *at = strstr(base, from);
    if (!at) fail_msg("'%s' is not in the manifest", from);
    cl_str text = {0};
    cl_str_addn(&text, base, (size_t)(at - base));
    cl_str_add(&text, to);
    cl_str_add(&text, at + strlen(from));
    return text;
}

/* The edit is refused at line:column of path, with `expect` in the message,
 * and no manifest comes back. */
static void expect_error_in(const char *path, const char *base, const char *from, const char *to,
                            int line, int column, const char *expect)
{
    cl_str text = edited(base, from, to);
    day_manifest *m = (day_manifest *)1;
    cl_error e = {0};
    cl_status st = day_manifest_parse(path, text.s, text.len, &m, &e);
    cl_str_free(&text);
    if (st == CL_OK || e.line != line || e.column != column || !strstr(e.message, expect)) {
        if (st == CL_OK) day_manifest_free(m);
        fail_msg("replacing '%s' with '%s': got status %d at %d:%d '%s'; expected %d:%d '%s'",
                 from, to, st, e.line, e.column, e.message, line, column, expect);
    }
    assert_int_equal(st, CL_MANIFEST);
    assert_null(m);
    assert_string_equal(e.file, path);
}

/* As expect_error_in, the position being that of `marker` in the edited text. */
static void expect_at_in(const char *path, const char *base, const char *from, const char *to,
                         const char *marker, const char *expect)
{
    cl_str text = edited(base, from, to);
    int line, column;
    pos_of(text.s, marker, &line, &column);
    cl_str_free(&text);
    expect_error_in(path, base, from, to, line, column, expect);
}

/* A test course's temporary folder, removed (a cmocka teardown's body). */
static int remove_tree(const char *dir)
{
    char *cmd = cl_sprintf("rm -rf '%s'", dir);
    int rc = system(cmd);
    free(cmd);
    return rc;
}

#endif
