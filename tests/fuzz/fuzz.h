/* fuzz.h - what every fuzz target defines. A target is one fuzz_<name>.c:
 * libFuzzer calls LLVMFuzzerTestOneInput with each input it makes (the
 * build-fuzz/ binaries, scripts/fuzz.sh), and replay.c calls it with every
 * file of tests/fuzz/corpus/<name>/ and tests/fuzz/crashers/<name>/ in the
 * ordinary test suite. A target returns 0; a crash, a sanitizer report, a
 * leak or a failed FUZZ_ASSERT is a finding. */
#ifndef CUDALAB_FUZZ_H
#define CUDALAB_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property the code under test promised and broke: abort, so that both
 * libFuzzer and the replay test report it. */
#define FUZZ_ASSERT(cond)                                                        \
    do {                                                                         \
        if (!(cond)) {                                                           \
            fprintf(stderr, "%s:%d: fuzz property failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                      \
            abort();                                                             \
        }                                                                        \
    } while (0)

/* data[0, size) as a NUL-terminated string (caller frees). */
char *fuzz_strndup(const uint8_t *data, size_t size);

#endif
