/* expect.h - the one reader of the expectations that test programs, test
 * submissions and a course's fixtures carry in their comments, one a line:
 *
 *   // KEY: VERB REST      // expect: hazard races kind RACE_SHARED line 21
 *                          // e2e: fail memory       // hostile: copy
 *
 * A reader says which keys it reads and, for each, the verbs it knows (the
 * golden runner: case, kernel, launch, buffer, params, expect, gpu, ...; the
 * e2e runner: e2e; the hostile runner: expect and hostile; check-course's
 * fixtures: expect). A line of a key it reads whose verb it does not know is
 * an error, with the file and the line, so a misspelt expectation never
 * passes by doing nothing. Lines of other keys are prose and are not read
 * (`// note: ...`). What a verb means is its reader's.
 *
 * Prefix: cl_expect_. */
#ifndef CUDALAB_CORE_EXPECT_H
#define CUDALAB_CORE_EXPECT_H

#include "core/core.h"

/* A key and its verbs: NULL-terminated; verbs NULL takes any first word (a
 * value, as in `// kernel: reduce`). The verb "NAME[" stands for any word
 * holding a '[' (a buffer's elements: `// expect: out[0..31] = 1`). */
typedef struct cl_expect_key {
    const char *key;
    const char *const *verbs;
} cl_expect_key;

typedef struct cl_expect {
    int line;        /* 1-based line of the text */
    const char *key; /* one of the keys given (not a copy) */
    char *verb;      /* the first word after the key, less a ',' ';' or ':' it ends in */
    char *rest;      /* what follows the verb, blanks trimmed; "" when nothing */
    char *text;      /* the verb and the rest as written */
} cl_expect;

typedef CL_VEC(cl_expect) cl_expects;

/* Every line of text with a comment `// KEY:` (two slashes, blanks, the key,
 * a colon), alone on its line or after code, whose KEY is one of keys, in the
 * text's order. An unknown verb, or a key with nothing after it, fails with
 * CL_USAGE naming path, the line and the word; out then holds the lines read
 * before it. Free with cl_expects_free. */
cl_status cl_expect_read(const char *text, const char *path, const cl_expect_key *keys,
                         size_t nkeys, cl_expects *out, cl_error *err);
void cl_expects_free(cl_expects *v);

#endif
