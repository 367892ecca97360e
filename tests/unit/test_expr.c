/* test_expr.c - the manifest's expressions (grader/days/expr.c): precedence
 * and associativity, ?:, the functions, the variables by place, and each
 * kind of error with its column. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "days/expr.h"

static const char *const names[] = {"n", "rows", "stride", "i"};
static const double vars[] = {1000, 7, 32, 45};

/* text's value with n=1000, rows=7, stride=32, i=45. */
static double value(const char *text)
{
    char why[256] = "";
    day_expr *e = day_expr_parse(text, names, 4, why, sizeof why);
    if (!e) fail_msg("'%s' did not parse: %s", text, why);
    double v = day_expr_eval(e, vars);
    assert_string_equal(day_expr_text(e), text);
    day_expr_free(e);
    return v;
}

#define EXPECT(text, want)                                                       \
    do {                                                                         \
        double got_ = value(text);                                               \
        if (!(got_ == (want)))                                                   \
            fail_msg("'%s' is %.17g, wanted %.17g", text, got_, (double)(want)); \
    } while (0)

static void expect_fail(const char *text, int nnames, const char *why_has)
{
    char why[256] = "";
    day_expr *e = day_expr_parse(text, names, nnames, why, sizeof why);
    if (e) {
        day_expr_free(e);
        fail_msg("'%s' parsed; wanted an error with '%s'", text, why_has);
    }
    if (!strstr(why, why_has)) fail_msg("'%s': '%s', wanted '%s'", text, why, why_has);
}

static void test_precedence(void **state)
{
    (void)state;
    EXPECT("1 + 2 * 3", 7);
    EXPECT("(1 + 2) * 3", 9);
    EXPECT("10 - 4 - 3", 3);           /* left to right */
    EXPECT("64 / 4 / 2", 8);
    EXPECT("7 / 2", 3.5);              /* real division */
    EXPECT("2 * 7 % 4", 2);            /* one level, left to right: (2*7)%4 */
    EXPECT("2 + 7 % 4", 5);
    EXPECT("-2 * 3", -6);
    EXPECT("- -2", 2);
    EXPECT("+3", 3);
    EXPECT("1 + 2 < 4", 1);            /* comparison looser than + */
    EXPECT("1 < 2 == 1", 1);           /* == looser than < */
    EXPECT("1 == 1 && 0 == 1", 0);
    EXPECT("1 || 0 && 0", 1);          /* && tighter than || */
    EXPECT("!0 + 1", 2);               /* ! binds to its operand */
    EXPECT("!(2 > 1)", 0);
    EXPECT("3 != 3", 0);
    EXPECT("3 >= 3 && 3 <= 3 && !(3 > 3) && !(3 < 3)", 1);
    EXPECT("0.5 + .25 + 1e3", 1000.75);
    EXPECT("  n\t*  2 ", 2000);
}

/* %: whole numbers take a faster way than fmod; every case gives fmod's
 * value, the sign of a zero included. */
static void test_modulo_is_fmod(void **state)
{
    (void)state;
    const char *texts[] = {"i % stride", "n % rows", "i % 1", "-i % stride", "i % -7", "-0 % 5",
                           "7.5 % 2", "i % 0.5", "0 % 3", "i % 0", "9007199254740993 % 10"};
    const double want[] = {fmod(45, 32), fmod(1000, 7), 0, fmod(-45, 32), fmod(45, -7), fmod(-0.0, 5),
                           1.5, 0, 0, NAN, fmod(9007199254740993.0, 10)};
    for (size_t k = 0; k < sizeof texts / sizeof *texts; k++) {
        double got = value(texts[k]);
        bool same = isnan(want[k]) ? isnan(got) : got == want[k] && !signbit(got) == !signbit(want[k]);
        if (!same) fail_msg("'%s' is %.17g, fmod gives %.17g", texts[k], got, want[k]);
    }
}

static void test_variables(void **state)
{
    (void)state;
    EXPECT("rows * stride", 224);
    EXPECT("i % stride", 13);
    EXPECT("i % stride < 20", 1);
    EXPECT("ceil(n / 256)", 4);
    EXPECT("floor(n / 256)", 3);
    char why[256];
    day_expr *e = day_expr_parse("i % stride < rows", names, 4, why, sizeof why);
    assert_non_null(e);
    assert_true(day_expr_uses(e, 3));
    assert_true(day_expr_uses(e, 2));
    assert_true(day_expr_uses(e, 1));
    assert_false(day_expr_uses(e, 0));
    double other[] = {0, 20, 32, 51};
    assert_true(day_expr_eval(e, other) == 1);
    other[3] = 52;
    assert_true(day_expr_eval(e, other) == 0);
    day_expr_free(e);
    /* a name that begins like a variable is not it */
    expect_fail("nn + 1", 4, "'nn' is not a variable here; the variables are n, rows, stride, i");
}

static void test_conditional(void **state)
{
    (void)state;
    EXPECT("1 ? 2 : 3", 2);
    EXPECT("0 ? 2 : 3", 3);
    EXPECT("i % 2 ? 10 : 20", 10);
    EXPECT("0 ? 1 : 0 ? 2 : 3", 3);     /* right to left */
    EXPECT("1 ? 0 ? 4 : 5 : 6", 5);
    EXPECT("rows > 5 ? rows * 2 : rows", 14);
    EXPECT("1 + 1 ? 7 : 8", 7);         /* the condition is the whole of 1 + 1 */
}

static void test_functions(void **state)
{
    (void)state;
    EXPECT("ceil(2.1)", 3);
    EXPECT("floor(-2.1)", -3);
    EXPECT("min(3, rows)", 3);
    EXPECT("max(3, rows)", 7);
    EXPECT("abs(-4.5)", 4.5);
    EXPECT("log2(n * 1.024)", 10);
    EXPECT("sqrt(49)", 7);
    EXPECT("pow(2, 10)", 1024);
    EXPECT("max(min(n, 10), ceil(rows / 2))", 10);
    EXPECT("ceil((n + 255) / 256) * 256", 1280);
    EXPECT("-5 % 3", -2);               /* the remainder keeps the sign, as C's */
    EXPECT("pow(2, 53) + 1 - pow(2, 53)", 0); /* doubles: exact only to 2^53 */
}

static void test_errors(void **state)
{
    (void)state;
    expect_fail("n + rows", 1, "at column 5 of \"n + rows\": 'rows' is not a variable here; the "
                "variables are n");
    expect_fail("i * 2", 3, "at column 1 of \"i * 2\": 'i' is not a variable here; the variables "
                "are n, rows, stride");
    expect_fail("1 +", 4, "at column 4 of \"1 +\": the expression ends early");
    expect_fail("", 4, "at column 1 of \"\": the expression ends early");
    expect_fail("(1 + 2", 4, "at column 7 of \"(1 + 2\": expected ')'");
    expect_fail("1 + 2)", 4, "at column 6 of \"1 + 2)\": unexpected ')'");
    expect_fail("2 # 3", 4, "at column 3 of \"2 # 3\": unexpected '#'");
    expect_fail("* 3", 4, "at column 1 of \"* 3\": expected a number, a variable or '('");
    expect_fail("1 ? 2", 4, "at column 6 of \"1 ? 2\": expected ':' after 'c ? a'");
    expect_fail("min(1)", 4, "at column 6 of \"min(1)\": min takes two arguments, separated by a comma");
    expect_fail("ceil(1, 2)", 4, "at column 7 of \"ceil(1, 2)\": expected ')' to close ceil(");
    expect_fail("round(2)", 4, "'round' is not a function; use ceil, floor, min, max, abs, log2, "
                "sqrt or pow");
    expect_fail("n & rows", 4, "unexpected '&'");
    expect_fail("n = 1", 4, "unexpected '='");
    expect_fail("n (2)", 4, "at column 4 of \"n (2)\": 'n' is not a function");
    /* nesting and length are bounded, not a stack overflow */
    char deep[200];
    memset(deep, '(', 100);
    strcpy(deep + 100, "1");
    expect_fail(deep, 4, "nested too deeply");
    char dashes[200];
    memset(dashes, '-', 150);
    strcpy(dashes + 150, "1");
    expect_fail(dashes, 4, "nested too deeply");
    char longer[1100];
    memset(longer, '1', 1001);
    longer[1001] = '\0';
    expect_fail(longer, 4, "an expression may be 1000 characters long at most");
    char ok[1001];
    memset(ok, '1', 15);
    ok[15] = '\0';
    assert_true(value(ok) == 111111111111111.0);
}

/* A span of elements at once gives, bit for bit, what one at a time gives,
 * for the shapes fills use, every operator, a tall tree (element by
 * element inside), spans that are not a multiple of the inner span, and a
 * start past 2^32; vars[i] is left as it was. */
static void test_span_is_element_by_element(void **state)
{
    (void)state;
    const char *texts[] = {
        "i % stride < n / 100",
        "i % stride < 20 ? i * 0.5 : -i",
        "(i / stride) % 2 == 0 && i % 3 != 1 || !(i > rows)",
        "floor(i / 7) * ceil(i / 3) - min(i, stride) + max(i, n) + abs(rows - i)",
        "sqrt(i) + log2(i + 1) + pow(1.5, i % 5) - (i % -7) + (i % 2.5)",
        "i <= 5 + (i >= 9) + (i != 12)",
        "rows * stride",
        "1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(i % 9)))))))))))))))))))))))))))",
    };
    const size_t starts[] = {0, 3, 1000, 4294967296ull + 17};
    const size_t counts[] = {1, 63, 64, 65, 300};
    for (size_t t = 0; t < sizeof texts / sizeof *texts; t++) {
        char why[256] = "";
        day_expr *e = day_expr_parse(texts[t], names, 4, why, sizeof why);
        if (!e) fail_msg("'%s' did not parse: %s", texts[t], why);
        for (size_t a = 0; a < sizeof starts / sizeof *starts; a++)
            for (size_t c = 0; c < sizeof counts / sizeof *counts; c++) {
                double v[4] = {1000, 7, 32, -1}, out[300];
                day_expr_eval_span(e, v, 3, starts[a], counts[c], out);
                assert_true(v[3] == -1);
                for (size_t j = 0; j < counts[c]; j++) {
                    double one[4] = {1000, 7, 32, (double)(starts[a] + j)};
                    double want = day_expr_eval(e, one);
                    if (memcmp(&want, &out[j], sizeof want) != 0)
                        fail_msg("'%s' at i=%zu: %.17g in a span, %.17g alone", texts[t],
                                 starts[a] + j, out[j], want);
                }
            }
        day_expr_free(e);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_precedence),
        cmocka_unit_test(test_variables),
        cmocka_unit_test(test_modulo_is_fmod),
        cmocka_unit_test(test_conditional),
        cmocka_unit_test(test_functions),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_span_is_element_by_element),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
