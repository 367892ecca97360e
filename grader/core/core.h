/* core.h - what every cudalab module shares: status codes with their messages,
 * an error record that carries file:line:column, a growable string, growable
 * arrays, and small file helpers (whole-file reads, atomic writes).
 *
 * Prefix: cl_. */
#ifndef CUDALAB_CORE_H
#define CUDALAB_CORE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Status codes and their messages: one table, so a message cannot drift from
 * its code. X(NAME, "what it means") */
#define CL_STATUS_CODES(X)                                   \
    X(OK, "ok")                                              \
    X(NOMEM, "out of memory")                                \
    X(IO, "cannot read or write a file")                     \
    X(USAGE, "bad usage")                                    \
    X(NOT_FOUND, "not found")                                \
    X(MANIFEST, "bad manifest")                              \
    X(STATE, "bad state file")                               \
    X(NO_NVCC, "nvcc not found")                             \
    X(COMPILE, "compilation failed")                         \
    X(LIMIT, "a limit was exceeded")                         \
    X(PTX, "PTX not understood")                             \
    X(UNSUPPORTED, "not supported")                          \
    X(SIGNATURE, "kernel signature differs")                 \
    X(NO_GPU, "no GPU")                                      \
    X(GPU, "GPU error")                                      \
    X(CANCELLED, "cancelled")                                \
    X(INTERNAL, "internal error")

typedef enum cl_status {
#define CL_STATUS_ENUM(name, msg) CL_##name,
    CL_STATUS_CODES(CL_STATUS_ENUM)
#undef CL_STATUS_ENUM
    CL_STATUS_COUNT
} cl_status;

const char *cl_status_name(cl_status s);    /* "MANIFEST" */
const char *cl_status_message(cl_status s); /* "bad manifest" */

/* An error with where it happened. file may be empty; line and column are
 * 1-based, 0 when unknown. */
typedef struct cl_error {
    cl_status status;
    char file[512];
    int line, column;
    char message[1024];
} cl_error;

/* Fill err (which may be NULL) and return status. */
cl_status cl_fail(cl_error *err, cl_status status, const char *file, int line,
                  int column, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* "file:line:column: message" (the parts that are known) into buf. */
void cl_error_format(const cl_error *err, char *buf, size_t size);

/* Allocation that never returns NULL: cudalab aborts with a message when the
 * machine is out of memory, since nothing sensible can follow. */
void *cl_malloc(size_t n);
void *cl_calloc(size_t count, size_t size);
void *cl_realloc(void *p, size_t n);
/* cl_malloc and cl_calloc on a 64-byte boundary (a cache line), freed with
 * free(): the emulator's rows of 32 lanes, so that none of their 32-byte
 * vector loads and stores crosses a line. */
void *cl_malloc_lines(size_t n);
void *cl_calloc_lines(size_t count, size_t size);
/* n bytes at p of the 4-byte pattern word (little-endian, byte i is byte
 * i % 4 of word), at memcpy's speed. */
void cl_fill32(void *p, uint32_t word, size_t n);
char *cl_strdup(const char *s);
char *cl_strndup(const char *s, size_t n);
char *cl_sprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Growable string; always NUL-terminated once anything was appended. */
typedef struct cl_str {
    char *s;
    size_t len, cap;
} cl_str;

void cl_str_add(cl_str *b, const char *s);
void cl_str_addn(cl_str *b, const char *s, size_t n);
void cl_str_addf(cl_str *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cl_str_vaddf(cl_str *b, const char *fmt, va_list ap);
void cl_str_addc(cl_str *b, char c);
const char *cl_str_cstr(const cl_str *b); /* "" when empty */
/* v with its thousands grouped, "32,820", into buf (cut to size); returns buf. */
const char *cl_group_digits(char *buf, size_t size, unsigned long long v);
char *cl_str_take(cl_str *b);             /* caller frees; b is reset */
void cl_str_free(cl_str *b);

/* Text from outside cudalab (a submission, the compiler, device printf, a
 * file name) made safe for a terminal and for JSON. Every writer goes through
 * these. The convention: ESC is shown as \e; newline, carriage return and tab
 * as \n, \r, \t (newline and tab are kept with CL_TEXT_KEEP_LINES); other
 * C0 controls and DEL as \xNN; C1 controls, bidirectional and zero-width
 * formatting characters, U+2028/U+2029 and U+FEFF as \uNNNN; each byte that
 * does not start a valid UTF-8 character as U+FFFD. Everything else is kept,
 * so the result is valid UTF-8 with no byte a terminal would obey. The escapes
 * are for people: a backslash is kept as it is, so they are not reversible. */
#define CL_TEXT_KEEP_LINES 1u /* a block of lines (printf output): keep \n and \t */
#define CL_TEXT_REPL_MAX 16
/* The character at s (len bytes left, len > 0): returns the bytes it takes
 * and sets repl to its visible form, or to "" when it may be shown as is. */
size_t cl_text_char(const char *s, size_t len, unsigned flags, char repl[CL_TEXT_REPL_MAX]);
void cl_str_add_safe(cl_str *b, const char *s, size_t len, unsigned flags);
char *cl_text_safe(const char *s, unsigned flags); /* caller frees; NULL gives "" */
bool cl_text_is_safe(const char *s, size_t len, unsigned flags);

/* Growable array of T: CL_VEC(int) v = {0}; CL_VEC_PUSH(&v, 3); free(v.v); */
#define CL_VEC(T) struct { T *v; size_t n, cap; }
#define CL_VEC_RESERVE(vec, want)                                               \
    do {                                                                        \
        if ((want) > (vec)->cap) {                                              \
            size_t cl_nc_ = (vec)->cap ? (vec)->cap * 2 : 8;                    \
            while (cl_nc_ < (want)) cl_nc_ *= 2;                                \
            (vec)->v = cl_realloc((vec)->v, cl_nc_ * sizeof *(vec)->v);         \
            (vec)->cap = cl_nc_;                                                \
        }                                                                       \
    } while (0)
#define CL_VEC_PUSH(vec, item)                                                  \
    do {                                                                        \
        CL_VEC_RESERVE(vec, (vec)->n + 1);                                      \
        (vec)->v[(vec)->n++] = (item);                                          \
    } while (0)

/* Files. cl_read_file reads a regular file only: a FIFO, a device or a
 * folder is refused (CL_IO) without waiting on it. */
cl_status cl_read_file(const char *path, char **data, size_t *len, cl_error *err);
/* The regular file at path mapped read-only (private), refused as
 * cl_read_file refuses, and an empty one too; cl_unmap_file gives it back.
 * For files only ever replaced whole (a rename), such as the cache's. */
cl_status cl_map_file(const char *path, const void **data, size_t *len, cl_error *err);
void cl_unmap_file(const void *data, size_t len);
/* Write data to path through a temporary file in the same folder and a rename,
 * so readers see the old file or the new one, never half of one. */
cl_status cl_write_file_atomic(const char *path, const void *data, size_t len,
                               cl_error *err);
/* All of data to the descriptor fd, retrying where a signal cut a write
 * short; false (errno says why) when a write failed. */
bool cl_write_fd(int fd, const void *data, size_t len);
cl_status cl_mkdirs(const char *path, cl_error *err); /* mkdir -p */
bool cl_file_exists(const char *path);
bool cl_dir_exists(const char *path);
/* "a file", "a folder", "a FIFO", "a device", "a socket" for a stat st_mode. */
const char *cl_file_kind(unsigned mode);
cl_status cl_copy_file(const char *from, const char *to, cl_error *err);
char *cl_path_join(const char *a, const char *b); /* caller frees */
/* path as a child's argument that no program takes for an option: "./-x.cu"
 * for "-x.cu", else path itself. Caller frees. */
char *cl_path_arg(const char *path);

#endif
