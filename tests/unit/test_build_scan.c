/* test_build_scan.c - the small readers: nvcc's dependency output, paths
 * (normalising, toolkit or not, as the student names them), and the look
 * for a host main(). Needs no CUDA. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "build/build_internal.h"

#define FIX CUDALAB_TEST_DIR "/fixtures/build/"

static void test_deps_fixture(void **state)
{
    (void)state;
    char *text = NULL;
    assert_int_equal(cl_read_file(FIX "with_header.deps.d", &text, NULL, NULL), CL_OK);
    build_strings v = {0};
    build_parse_deps(text, &v);
    assert_true(v.n > 50); /* the system's and CUDA's headers are listed too */
    assert_string_equal(v.v[0], "/tmp/cudalab-fixture/with_header.cu");
    size_t mine = 0;
    for (size_t i = 0; i < v.n; i++) {
        char *abs = build_normalize_path(v.v[i], "/tmp");
        if (!build_is_toolkit_path(abs, "/usr/local/cuda")) {
            mine++;
            assert_true(strncmp(abs, "/tmp/cudalab-fixture/", 21) == 0);
        }
        free(abs);
    }
    assert_int_equal(mine, 2); /* with_header.cu and helpers.cuh */
    build_strings_free(&v);
    free(text);
}

static void test_deps_escapes(void **state)
{
    (void)state;
    build_strings v = {0};
    build_parse_deps("out.ptx: a.cu my\\ dir/b.h \\\n  c$$d.h\\\r\n e.h\n\nphony.h:\n", &v);
    assert_int_equal(v.n, 4);
    assert_string_equal(v.v[0], "a.cu");
    assert_string_equal(v.v[1], "my dir/b.h");
    assert_string_equal(v.v[2], "c$d.h");
    assert_string_equal(v.v[3], "e.h");
    build_strings_free(&v);
    build_parse_deps("no rule here", &v);
    assert_int_equal(v.n, 0);
    build_parse_deps("x.ptx : y.cu \\", &v);
    assert_int_equal(v.n, 1);
    build_strings_free(&v);
    build_parse_deps("", &v);
    assert_int_equal(v.n, 0);
}

static void expect_norm(const char *path, const char *cwd, const char *want)
{
    char *got = build_normalize_path(path, cwd);
    assert_string_equal(got, want);
    free(got);
}

static void test_paths(void **state)
{
    (void)state;
    expect_norm("/usr/local/cuda/bin/../targets/x/include/a.h", NULL,
                "/usr/local/cuda/targets/x/include/a.h");
    expect_norm("k.cu", "/w/s", "/w/s/k.cu");
    expect_norm("./a//b/../k.cu", "/w", "/w/a/k.cu");
    expect_norm("/../..", NULL, "/");
    assert_true(build_is_toolkit_path("/usr/include/stdio.h", NULL));
    assert_true(build_is_toolkit_path("/opt/cuda/include/cuda.h", "/opt/cuda"));
    assert_true(build_is_toolkit_path("/opt/cuda/include/cuda.h", "/opt/cuda/"));
    assert_false(build_is_toolkit_path("/opt/cudax/include/cuda.h", "/opt/cuda"));
    assert_false(build_is_toolkit_path("/home/s/day23/helpers.cuh", "/usr/local/cuda"));
    assert_false(build_is_toolkit_path("/usr/includex/a.h", NULL));

    /* The layout of build_compile: the copy in the scratch folder, the day's
     * headers beside it. */
    build_paths p = {"day23/shuffles.cu", "/tmp/scr/submission.cu", "/tmp/scr",
                     "/usr/local/cuda", NULL, NULL};
    char *shown = NULL;
    assert_int_equal(build_classify_path("/tmp/scr/submission.cu", &p, &shown), BUILD_IN_SOURCE);
    assert_string_equal(shown, "day23/shuffles.cu");
    free(shown);
    assert_int_equal(build_classify_path("submission.cu", &p, &shown), BUILD_IN_SOURCE);
    assert_string_equal(shown, "day23/shuffles.cu");
    free(shown);
    assert_int_equal(build_classify_path("/tmp/scr/h.cuh", &p, &shown), BUILD_IN_INCLUDE);
    assert_string_equal(shown, "h.cuh");
    free(shown);
    assert_int_equal(build_classify_path("./h.cuh", &p, &shown), BUILD_IN_INCLUDE);
    assert_string_equal(shown, "h.cuh");
    free(shown);
    assert_int_equal(build_classify_path("/home/s/lib/h.cuh", &p, &shown), BUILD_IN_INCLUDE);
    assert_string_equal(shown, "/home/s/lib/h.cuh");
    free(shown);
    assert_int_equal(build_classify_path("/usr/local/cuda/bin/../include/x.h", &p, &shown),
                     BUILD_IN_TOOLKIT);
    assert_string_equal(shown, "/usr/local/cuda/include/x.h");
    free(shown);
    assert_int_equal(build_classify_path("../../tmp/scr/submission.cu", &p, &shown),
                     BUILD_IN_SOURCE); /* relative to where nvcc ran */
    free(shown);
}

static int find_main(const char *src)
{
    return build_find_main(src, strlen(src));
}

static void test_host_main(void **state)
{
    (void)state;
    char *src = NULL;
    size_t len = 0;
    assert_int_equal(cl_read_file(FIX "host_main.cu", &src, &len, NULL), CL_OK);
    assert_int_equal(build_find_main(src, len), 13); /* "int" on 12, "main(void)" on 13 */
    free(src);
    assert_int_equal(cl_read_file(FIX "resources.cu", &src, &len, NULL), CL_OK);
    assert_int_equal(build_find_main(src, len), 0);
    free(src);
    assert_int_equal(find_main("int main() {}"), 1);
    assert_int_equal(find_main("\n\nint main(int argc, char** argv)\n{}"), 3);
    assert_int_equal(find_main("void main (void) {}"), 1);
    assert_int_equal(find_main("// int main(\n/* int main(\n */ \"int main(\" 'm'"), 0);
    assert_int_equal(find_main("#define X int main(\\\n)\nint y;"), 0);
    assert_int_equal(find_main("int domain(int x);\nint main_loop();\nobj.main();"), 0);
    assert_int_equal(find_main("/* a\nb\nc */\n#if 0\\\n\n#endif\nint main(){}"), 7);
    assert_int_equal(find_main("int \"unterminated\nint main("), 2);
    assert_int_equal(find_main(""), 0);
}

/* The directive scanner: what it refuses, at which line, and what it must
 * not mistake for a directive. */
static int scan_refusals(const char *src, int *first_line)
{
    static const char *const headers[] = {"helpers.cuh", NULL};
    build_result *r = build_result_new("k.cu");
    int n = build_scan_includes(src, strlen(src), "k.cu", headers, r);
    size_t nd = 0;
    const build_diag *d = build_diags(r, &nd);
    assert_int_equal((size_t)n, nd);
    *first_line = nd ? d[0].line : 0;
    if (nd) assert_string_equal(d[0].file, "k.cu");
    build_result_free(r);
    return n;
}

static void test_include_scanner(void **state)
{
    (void)state;
    static const struct {
        const char *src;
        int refused, line;
    } cases[] = {
        {"#include <cstdio>\n#include \"helpers.cuh\"\n#include <cuda/std/atomic>\n", 0, 0},
        /* a quoted header name that is not the day's is left to nvcc: the
           scratch folder holds no such file, and nvcc's list of what it read
           is checked after; a quoted source file is refused */
        {"#include \"other.cuh\"\n", 0, 0},
        {"#include \"cuda_fp16.h\"\n", 0, 0},
        {"#include \"alice.cu\"\n", 1, 1},
        {"#include \"sub/../helpers.cuh\"\n", 1, 1},
        {"#include <..>\n", 1, 1},
        {"#include <a/../../b.h>\n", 1, 1},
        {"#include \"a\\b.h\"\n", 1, 1},
        {"#include <\x01.h>\n", 1, 1},
        {"#define H <stdio.h>\n#include H\n", 1, 2},
        {"x\n  #  include_next <stdio.h>\n", 1, 2},
        {"#embed \"x\"\n", 1, 1},
        {"?\?=include \"/etc/passwd\"\n", 1, 1},
        {"%:include </etc/passwd>\n", 1, 1},
        {"#\\\ninclude \\\n\"/x\"\n", 1, 1},
        {"#\\  \r\ninclude \"/x\"\n", 1, 1},
        {"#/**/include/**/\"/x\"\n", 1, 1},
        {"/* one\n two */ # include </x>\n", 1, 2},
        {"int a; /* x */\n/*\n*/#include </x>\n", 1, 3},
        {"#if __has_include(<../x>)\n#endif\n", 1, 1},
        {"#if defined(__has_include_next)\n#endif\n", 1, 1},
        /* __has_include in every spelling: even of a toolkit header, through
           a macro, pasted, gcc's old name, outside a directive */
        {"#if __has_include(<cuda_fp16.h>)\n#endif\n", 1, 1},
        {"int a;\n#define H __has_include\n#if H(\"/etc/passwd\")\n#endif\n", 1, 2},
        {"#define H(x) __has_include(x)\n", 1, 1},
        {"#define CAT(a, b) a##b\n#if CAT(__has_, include)(\"/x\")\n#endif\n", 1, 2},
        {"#define CAT(a, b) a##b\n#if CAT(__, has_include)(\"/x\")\n#endif\n", 2, 2},
        {"#if __has_include__(\"/x\")\n#endif\n", 1, 1},
        {"int x = __has_include;\n", 1, 1},
        {"int include_count, has_inc, __hash, _has;\n", 0, 0},
        /* a lone carriage return ends a line, as for gcc */
        {"int x;\r#include \"/etc/passwd\"\n", 1, 2},
        {"int x;\r\r# include </x>\r", 1, 3},
        {"int x;\r\n#include <cstdio>\r\n", 0, 0},
        {"#define A 1 \\\r#include </x>\nA\n", 0, 0},
        {"// note\r#include </x>\n", 1, 2},
        {"#pragma GCC dependency \"/etc/shadow\"\n", 1, 1},
        {"x;\n_Pragma(\"GCC dependency \\\"/etc/shadow\\\"\") int y;\n", 1, 2},
        {"_Pragma(\"unroll\") int y;\n", 0, 0},
        {"int a;\n#line 9999 \"solutions/x.cu\"\n", 1, 2},
        {"# 40 \"other.cu\"\n", 1, 1},
        {"#  line 7\n", 1, 1},
        /* Not directives: in a string, a character, a comment, a raw string,
         * after a digit separator, not first on the line. */
        {"const char *s = \"\\n#include </x>\";\n", 0, 0},
        {"char c = '#'; // #include </x>\n", 0, 0},
        {"/* #include </x> */\n", 0, 0},
        {"const char *r = R\"(\n#include </x>\n)\";\n", 0, 0},
        {"const char *r = R\"d(\n)\"\n#include </x>\n)d\";\n", 0, 0},
        {"int n = 1'000; int m = 2'0;\n#include </x>\n", 1, 2},
        {"int x; #include </x>\n", 0, 0},
        {"// a comment \\\n#include </x>\n", 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int line = 0, n = scan_refusals(cases[i].src, &line);
        if (n != cases[i].refused || line != cases[i].line)
            fail_msg("case %zu: %d refused at line %d, want %d at %d", i, n, line,
                     cases[i].refused, cases[i].line);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deps_fixture),
        cmocka_unit_test(test_deps_escapes),
        cmocka_unit_test(test_paths),
        cmocka_unit_test(test_include_scanner),
        cmocka_unit_test(test_host_main),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
