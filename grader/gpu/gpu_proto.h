/* gpu_proto.h - the wire protocol between cudalab (the parent) and the GPU
 * worker: framed messages over a socketpair. Bulk data (writes and reads of
 * device memory) does not travel here but through a shared mapping, the window;
 * a WRITE or READ message only says where and how much.
 *
 * A frame is a 12-byte header {magic, type, length} (little-endian u32s) and
 * `length` bytes of payload. Every decoder checks bounds and returns false on a
 * truncated or malformed payload; nothing is trusted. Internal to grader/gpu
 * (and its tests). */
#ifndef CUDALAB_GPU_PROTO_H
#define CUDALAB_GPU_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/backend.h"
#include "gpu/gpu.h"

#define GPU_MAGIC 0x50474c43u           /* "CLGP" */
#define GPU_HEADER_BYTES 12
#define GPU_MAX_PAYLOAD (80u << 20)     /* a module image of up to 64 MiB, and more */
#define GPU_MAX_ARGS 256
#define GPU_MAX_SETS 4096

/* X(ID, "name") - who sends it: what it carries */
#define GPU_MSG_TYPES(X)                                                         \
    X(HELLO, "hello")       /* worker, once: gpu_probe_info */                  \
    X(LOAD, "load")         /* parent: label, PTX, cubin; reply: module, jit */ \
    X(ALLOC, "alloc")       /* parent: bytes; reply: the device address */       \
    X(FREE, "free")         /* parent: address */                                \
    X(WRITE, "write")       /* parent: window[0, bytes) -> address */            \
    X(READ, "read")         /* parent: address -> window[0, bytes) */            \
    X(LAUNCH, "launch")     /* parent: kernel, dims, argument sets, reps */      \
    X(ATTRS, "attributes")  /* parent: module, kernel; reply: attributes */      \
    X(SYMBOL, "symbol")     /* parent: module, variable; reply: address, bytes */ \
    X(PROGRESS, "progress") /* worker: one more launch of a LAUNCH finished */   \
    X(REPLY, "reply")       /* worker: the answer to the last request */         \
    X(QUIT, "quit")         /* parent: exit now */

typedef enum gpu_msg_type {
#define GPU_MSG_ENUM(id, name) GPU_MSG_##id,
    GPU_MSG_TYPES(GPU_MSG_ENUM)
#undef GPU_MSG_ENUM
    GPU_MSG_COUNT
} gpu_msg_type;

const char *gpu_msg_name(gpu_msg_type t);

/* Result codes a reply may carry besides CUresults (which are >= 0). */
enum {
    GPU_CU_BAD_REQUEST = -1, /* the worker could not make sense of the request */
    GPU_CU_SIGNATURE = -2    /* the launch's arguments do not fit the kernel */
};

/* A request from the parent. Which fields matter depends on type. Decoded
 * strings and images point into the frame they came from. */
typedef struct gpu_request {
    gpu_msg_type type;
    uint64_t ptr, bytes;               /* ALLOC: bytes; FREE: ptr; WRITE, READ: both */
    uint32_t module;                   /* LAUNCH, ATTRS, SYMBOL */
    const char *name;                  /* LOAD: label; LAUNCH, ATTRS: kernel; SYMBOL: variable */
    const uint8_t *ptx, *cubin;        /* LOAD; ptx without its NUL */
    uint64_t ptx_len, cubin_len;
    uint32_t grid[3], block[3], dynamic_shared;   /* LAUNCH */
    uint32_t nargs, nsets, reps, warmup;
    bool cooperative;                  /* LAUNCH: cuLaunchCooperativeKernel */
    const backend_arg *args;           /* nsets x nargs */
    backend_arg *owned_args;           /* set by the decoder; gpu_request_clear frees */
} gpu_request;

/* The worker's answer. outcome is a backend_outcome for a launch that ran, and
 * -1 when nothing ran (cu says why). sticky: the CUDA context is lost and the
 * worker exits after this reply. */
typedef struct gpu_reply {
    int32_t cu;                /* CUresult or GPU_CU_*; 0: success */
    const char *message;       /* the error in words, a JIT log, a note; "" if none */
    int32_t outcome;
    bool sticky;
    uint64_t value;            /* LOAD: module id; ALLOC, SYMBOL: device address */
    bool jit;                  /* LOAD: the PTX went through the driver's JIT */
    int64_t attrs[4];          /* ATTRS: registers, static shared, local, max threads;
                                  SYMBOL: [0] the variable's bytes */
    uint32_t launches;         /* LAUNCH: how many ran to their end */
    uint32_t timed;            /* LAUNCH: how many were timed */
    double ms_median, ms_min, ms_max;
} gpu_reply;

/* Growable byte buffer an encoder writes into. */
typedef struct gpu_wbuf {
    uint8_t *p;
    size_t len, cap;
} gpu_wbuf;

void gpu_wbuf_free(gpu_wbuf *w);

/* Encoders append one payload to w (w is not reset). */
void gpu_encode_request(gpu_wbuf *w, const gpu_request *r);
void gpu_encode_reply(gpu_wbuf *w, const gpu_reply *r);
void gpu_encode_hello(gpu_wbuf *w, const gpu_probe_info *info);
void gpu_encode_progress(gpu_wbuf *w, uint32_t done);

/* Decoders: false when p[0, n) is not a whole, well-formed message of the
 * type. The request and reply point into p. */
bool gpu_decode_request(gpu_msg_type type, const uint8_t *p, size_t n, gpu_request *out);
void gpu_request_clear(gpu_request *r);
bool gpu_decode_reply(const uint8_t *p, size_t n, gpu_reply *out);
bool gpu_decode_hello(const uint8_t *p, size_t n, gpu_probe_info *out);
bool gpu_decode_progress(const uint8_t *p, size_t n, uint32_t *done);

/* Framing over a stream socket. deadline: a gpu_now() time, or < 0 for none. */
typedef enum gpu_io {
    GPU_IO_OK,
    GPU_IO_EOF,     /* the peer closed the socket (or died), maybe mid-frame */
    GPU_IO_TIMEOUT, /* the deadline passed */
    GPU_IO_BAD,     /* a header that is not ours: bad magic, type or length */
    GPU_IO_ERROR    /* the system said no (errno is kept) */
} gpu_io;

typedef struct gpu_frame {
    gpu_msg_type type;
    uint8_t *data;  /* malloc'd; free() it */
    size_t len;
} gpu_frame;

double gpu_now(void); /* monotonic seconds */
gpu_io gpu_send(int fd, gpu_msg_type type, const void *payload, size_t n, double deadline);
gpu_io gpu_recv(int fd, gpu_frame *out, double deadline);
const char *gpu_io_name(gpu_io io);

/* The median, smallest and largest of v[0, n) (v is sorted in place). */
void gpu_stats(float *v, size_t n, double *median, double *min, double *max);

#endif
