/* test_build_sha256.c - SHA-256 against the FIPS 180-4 example vectors (NIST
 * CSRC "Examples with intermediate values") and the NESSIE million-'a' one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "core/sha256.h"

static void expect_hex(const char *msg, const char *hex)
{
    char got[CL_SHA256_HEX];
    cl_sha256_hex(msg, strlen(msg), got);
    assert_string_equal(got, hex);
}

static void test_vectors(void **state)
{
    (void)state;
    expect_hex("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect_hex("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
               "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    expect_hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
               "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
               "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
    expect_hex("The quick brown fox jumps over the lazy dog",
               "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592");
}

static void test_million_a(void **state)
{
    (void)state;
    char *a = malloc(1000000);
    memset(a, 'a', 1000000);
    char got[CL_SHA256_HEX];
    cl_sha256_hex(a, 1000000, got);
    assert_string_equal(got, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    free(a);
}

/* Fed in pieces of every size across the 55/56/64-byte padding edges, the
 * digest is the one-shot digest. */
static void test_incremental(void **state)
{
    (void)state;
    char msg[200];
    for (int i = 0; i < 200; i++) msg[i] = (char)('A' + i % 53);
    for (size_t len = 50; len < 200; len++) {
        char one[CL_SHA256_HEX], parts[CL_SHA256_HEX];
        cl_sha256_hex(msg, len, one);
        for (size_t step = 1; step < 70; step += 7) {
            cl_sha256 c;
            cl_sha256_init(&c);
            for (size_t off = 0; off < len; off += step)
                cl_sha256_update(&c, msg + off, len - off < step ? len - off : step);
            cl_sha256_final_hex(&c, parts);
            assert_string_equal(one, parts);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vectors),
        cmocka_unit_test(test_million_a),
        cmocka_unit_test(test_incremental),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
