/* sha256.h - SHA-256 (FIPS 180-4), for content-addressed caches.
 *
 * Prefix: cl_sha256_. The context is a plain struct so it can live on the
 * stack; its fields are private to sha256.c. */
#ifndef CUDALAB_SHA256_H
#define CUDALAB_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define CL_SHA256_BYTES 32
#define CL_SHA256_HEX (2 * CL_SHA256_BYTES + 1) /* 64 hex digits and a NUL */

typedef struct cl_sha256 {
    uint32_t h[8];
    uint64_t bytes;    /* message length so far */
    uint8_t block[64]; /* a partial block */
    size_t fill;       /* bytes in block */
} cl_sha256;

void cl_sha256_init(cl_sha256 *c);
void cl_sha256_update(cl_sha256 *c, const void *data, size_t len);
/* Finish and write the digest; c must be initialised again before reuse. */
void cl_sha256_final(cl_sha256 *c, uint8_t digest[CL_SHA256_BYTES]);
/* Finish and write the digest as 64 lowercase hex digits. */
void cl_sha256_final_hex(cl_sha256 *c, char hex[CL_SHA256_HEX]);
/* One call: the hex digest of data. */
void cl_sha256_hex(const void *data, size_t len, char hex[CL_SHA256_HEX]);

#endif
