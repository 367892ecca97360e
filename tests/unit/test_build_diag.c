/* test_build_diag.c - diagnostics parsed from real nvcc and ptxas output
 * (the .log files in tests/fixtures/build, made by capture.sh from the .cu files there,
 * with the sources at /tmp/cudalab-fixture). Needs no CUDA. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/build_internal.h"

#define FIX CUDALAB_TEST_DIR "/fixtures/build/"
#define CAPTURED "/tmp/cudalab-fixture/"

static char *fixture(const char *name)
{
    char *path = cl_sprintf(FIX "%s", name), *data = NULL;
    assert_int_equal(cl_read_file(path, &data, NULL, NULL), CL_OK);
    free(path);
    return data;
}

/* Parse NAME.nvcc.log (or NAME.ptxas.log with NAME.ptx) as build_compile
 * would have, with the source given as FIX NAME.cu. */
static build_result *parse(const char *name, bool ptxas)
{
    char *given = cl_sprintf(FIX "%s.cu", name), *compiled = cl_sprintf(CAPTURED "%s.cu", name);
    char *log_name = cl_sprintf("%s.%s.log", name, ptxas ? "ptxas" : "nvcc");
    char *ptx_name = cl_sprintf("%s.ptx", name), *ptx_path = cl_sprintf(FIX "%s", ptx_name);
    char *log = fixture(log_name), *ptx = NULL;
    if (ptxas && cl_file_exists(ptx_path)) ptx = fixture(ptx_name);
    build_paths p = {given, compiled, "/tmp/cudalab-scratch-XXXXXX", "/usr/local/cuda", ptx, NULL};
    build_result *r = build_result_new(given);
    if (ptxas) build_parse_ptxas_log(r, log, &p);
    else build_parse_nvcc_log(r, log, &p);
    free(given), free(compiled), free(log_name), free(ptx_name), free(ptx_path);
    free(log), free(ptx);
    return r;
}

static const build_diag *diag_at(const build_result *r, size_t i)
{
    size_t n;
    const build_diag *d = build_diags(r, &n);
    assert_true(i < n);
    return &d[i];
}

static void assert_diag(const build_diag *d, const char *file_suffix, int line, int column,
                        build_severity sev, build_origin origin, const char *code,
                        const char *message)
{
    size_t fl = strlen(d->file), sl = strlen(file_suffix);
    if (!(fl >= sl && strcmp(d->file + fl - sl, file_suffix) == 0))
        fail_msg("file '%s' does not end in '%s'", d->file, file_suffix);
    assert_int_equal(d->line, line);
    assert_int_equal(d->column, column);
    assert_int_equal(d->severity, sev);
    assert_int_equal(d->origin, origin);
    assert_string_equal(d->code, code);
    assert_string_equal(d->message, message);
}

static void test_undefined_identifier(void **state)
{
    (void)state;
    build_result *r = parse("undefined", false);
    size_t n;
    build_diags(r, &n);
    assert_int_equal(n, 1); /* "1 error detected" is not a diagnostic */
    const build_diag *d = diag_at(r, 0);
    assert_diag(d, "fixtures/build/undefined.cu", 4, 33, BUILD_ERROR, BUILD_IN_SOURCE, "",
                "identifier \"factor\" is undefined");
    assert_string_equal(d->file, FIX "undefined.cu"); /* the path as given */
    assert_non_null(strstr(d->context, "in[i] * factor;"));
    assert_non_null(strstr(d->context, "^"));
    assert_string_equal(d->tool, "nvcc");
    assert_int_equal(build_error_count(r), 1);
    build_result_free(r);
}

static void test_missing_semicolon_and_warning(void **state)
{
    (void)state;
    build_result *r = parse("semicolon", false);
    size_t n;
    build_diags(r, &n);
    assert_int_equal(n, 2); /* the "Remark:" line is not one */
    assert_diag(diag_at(r, 0), "semicolon.cu", 4, 5, BUILD_ERROR, BUILD_IN_SOURCE, "",
                "expected a \";\"");
    assert_diag(diag_at(r, 1), "semicolon.cu", 3, 9, BUILD_WARNING, BUILD_IN_SOURCE, "177-D",
                "variable \"i\" was declared but never referenced");
    build_result_free(r);
}

static void test_warning(void **state)
{
    (void)state;
    build_result *r = parse("warning", false);
    size_t n;
    build_diags(r, &n);
    assert_int_equal(n, 1);
    assert_diag(diag_at(r, 0), "warning.cu", 3, 9, BUILD_WARNING, BUILD_IN_SOURCE, "177-D",
                "variable \"unused\" was declared but never referenced");
    assert_int_equal(build_error_count(r), 0);
    build_result_free(r);
}

static void test_missing_include(void **state)
{
    (void)state;
    build_result *r = parse("missing_include", false);
    size_t n;
    build_diags(r, &n);
    assert_int_equal(n, 1); /* "compilation terminated." is not one */
    const build_diag *d = diag_at(r, 0);
    assert_diag(d, "missing_include.cu", 1, 10, BUILD_ERROR, BUILD_IN_SOURCE, "",
                "no_such_helpers.cuh: No such file or directory");
    assert_non_null(strstr(d->context, "#include \"no_such_helpers.cuh\""));
    build_result_free(r);
}

static void test_toolkit_notes(void **state)
{
    (void)state;
    build_result *r = parse("toolkit", false);
    size_t n;
    build_diags(r, &n);
    assert_int_equal(n, 10);
    const build_diag *e = diag_at(r, 0);
    assert_diag(e, "toolkit.cu", 5, 24, BUILD_ERROR, BUILD_IN_SOURCE, "",
                "no instance of overloaded function \"__shfl_down_sync\" matches the argument "
                "list");
    assert_non_null(strstr(e->context, "argument types are: (unsigned int, pair, int)"));
    for (size_t i = 1; i <= 8; i++) {
        const build_diag *d = diag_at(r, i);
        assert_int_equal(d->severity, BUILD_NOTE);
        assert_int_equal(d->origin, BUILD_IN_TOOLKIT);
        assert_string_equal(d->code, "3326-D");
        assert_true(d->column > 0);
    }
    const build_diag *first = diag_at(r, 1);
    assert_string_equal(first->file,
                        "/usr/local/cuda/targets/x86_64-linux/include/sm_30_intrinsics.hpp");
    assert_int_equal(first->line, 574);
    assert_diag(diag_at(r, 9), "toolkit.cu", 6, 15, BUILD_ERROR, BUILD_IN_SOURCE, "",
                "identifier \"__shfl\" is undefined");
    assert_int_equal(build_error_count(r), 2);
    build_result_free(r);
}

/* An error in the student's own header, and one where EDG prints the line
 * after macro expansion (__device__ -> __attribute__((device))): the column
 * is the token's in the line as written. */
static void test_header_and_expanded_line(void **state)
{
    (void)state;
    /* The header's line is read where nvcc read it: the folder it ran in. */
    assert_int_equal(cl_mkdirs(CAPTURED, NULL), CL_OK);
    assert_int_equal(cl_copy_file(FIX "bad_header.cuh", CAPTURED "bad_header.cuh", NULL), CL_OK);
    build_result *r = parse("header_error", false);
    unlink(CAPTURED "bad_header.cuh");
    rmdir(CAPTURED);
    assert_diag(diag_at(r, 0), "bad_header.cuh", 2, 57, BUILD_ERROR,
                BUILD_IN_INCLUDE, "", "identifier \"y\" is undefined");
    /* Beside the compiled copy: a day's header, named as the day names it. */
    assert_string_equal(diag_at(r, 0)->file, "bad_header.cuh");
    assert_diag(diag_at(r, 1), "header_error.cu", 4, 43, BUILD_ERROR, BUILD_IN_SOURCE, "",
                "identifier \"undefined_in_template\" is undefined");
    build_result_free(r);
}

static void test_nvcc_fatal_and_no_source(void **state)
{
    (void)state;
    build_result *r = parse("nvcc_fatal", false);
    assert_diag(diag_at(r, 0), "", 0, 0, BUILD_ERROR, BUILD_NO_FILE, "",
                "Unsupported gpu architecture 'sm_bogus'");
    assert_string_equal(diag_at(r, 0)->file, "");
    build_result_free(r);
    r = parse("no_source", false);
    size_t n;
    build_diags(r, &n);
    assert_int_equal(n, 1);
    const build_diag *d = diag_at(r, 0);
    assert_int_equal(d->origin, BUILD_NO_FILE);
    assert_int_equal(d->severity, BUILD_ERROR);
    /* the scratch path nvcc was given reads as the path the student gave */
    assert_string_equal(d->message, FIX "no_source.cu: No such file or directory");
    assert_null(strstr(d->message, "nonexistent.cu"));
    build_result_free(r);
}

static void test_ptxas_too_much_shared(void **state)
{
    (void)state;
    build_result *r = parse("too_much_shared", true);
    size_t n;
    build_diags(r, &n);
    assert_int_equal(n, 1); /* ptxas info lines are not diagnostics */
    const build_diag *d = diag_at(r, 0);
    /* placed on the kernel's first line through the PTX's .loc */
    assert_diag(d, "too_much_shared.cu", 1, 0, BUILD_ERROR, BUILD_IN_SOURCE, "",
                "Entry function 'hog(float*)' uses too much shared data (131072 bytes, 49152 max)");
    assert_string_equal(d->tool, "ptxas");
    build_result_free(r);
}

static void test_ptxas_line_through_loc(void **state)
{
    (void)state;
    build_result *r = parse("inline_asm", true);
    size_t n;
    build_diags(r, &n);
    assert_int_equal(n, 1); /* "Ptx assembly aborted due to errors" follows an error */
    assert_diag(diag_at(r, 0), "inline_asm.cu", 4, 5, BUILD_ERROR, BUILD_IN_SOURCE, "",
                "Not a name of any known instruction: 'bogus'");
    build_result_free(r);
}

static void test_clean_logs(void **state)
{
    (void)state;
    const char *clean[][2] = {{"resources", "ptxas"}, {"host_main", "nvcc"},
                              {"with_header", "nvcc"}, {"warning", "ptxas"}};
    for (size_t i = 0; i < 4; i++) {
        build_result *r = parse(clean[i][0], strcmp(clean[i][1], "ptxas") == 0);
        size_t n;
        build_diags(r, &n);
        assert_int_equal(n, 0);
        build_result_free(r);
    }
}

/* Forms not in the fixtures: relative paths, ptxas without PTX, warnings
 * from tools, CRLF line ends, notes without codes. */
static void test_other_forms(void **state)
{
    (void)state;
    build_paths p = {"k.cu", "/w/k.cu", "/w", NULL, NULL, NULL};
    build_result *r = build_result_new("k.cu");
    build_parse_nvcc_log(r,
                         "k.cu(7): warning #550-D: variable \"x\" was set but never used\r\n"
                         "\r\n"
                         "other.cuh(2): error: expected a \")\"\n"
                         "nvcc warning : The -std=c++03 flag is not supported\n"
                         "k.cu:3:1: error: stray '@' in program\n"
                         "k.cu:9: warning: no column here\n"
                         "Something unrecognised\n"
                         "   an orphan context line\n",
                         &p);
    assert_diag(diag_at(r, 0), "k.cu", 7, 0, BUILD_WARNING, BUILD_IN_SOURCE, "550-D",
                "variable \"x\" was set but never used");
    assert_diag(diag_at(r, 1), "other.cuh", 2, 0, BUILD_ERROR, BUILD_IN_INCLUDE, "",
                "expected a \")\"");
    assert_diag(diag_at(r, 2), "", 0, 0, BUILD_WARNING, BUILD_NO_FILE, "",
                "The -std=c++03 flag is not supported");
    assert_diag(diag_at(r, 3), "k.cu", 3, 1, BUILD_ERROR, BUILD_IN_SOURCE, "",
                "stray '@' in program");
    assert_diag(diag_at(r, 4), "k.cu", 9, 0, BUILD_WARNING, BUILD_IN_SOURCE, "", "no column here");
    size_t n;
    build_diags(r, &n);
    assert_int_equal(n, 5);
    build_parse_ptxas_log(r,
                          "ptxas warning : For profile sm_75 adjusting per thread register "
                          "count of 16 to lower bound of 24\n"
                          "ptxas kernel.ptx, line 12; error   : Unknown symbol 'x'\n"
                          "ptxas fatal   : Ptx assembly aborted due to errors\n",
                          &p);
    assert_diag(diag_at(r, 5), "", 0, 0, BUILD_WARNING, BUILD_NO_FILE, "",
                "For profile sm_75 adjusting per thread register count of 16 to lower bound "
                "of 24");
    assert_diag(diag_at(r, 6), "", 0, 0, BUILD_ERROR, BUILD_NO_FILE, "",
                "PTX line 12: Unknown symbol 'x'");
    build_diags(r, &n);
    assert_int_equal(n, 7);
    build_result_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_undefined_identifier),
        cmocka_unit_test(test_missing_semicolon_and_warning),
        cmocka_unit_test(test_warning),
        cmocka_unit_test(test_missing_include),
        cmocka_unit_test(test_toolkit_notes),
        cmocka_unit_test(test_header_and_expanded_line),
        cmocka_unit_test(test_nvcc_fatal_and_no_source),
        cmocka_unit_test(test_ptxas_too_much_shared),
        cmocka_unit_test(test_ptxas_line_through_loc),
        cmocka_unit_test(test_clean_logs),
        cmocka_unit_test(test_other_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
