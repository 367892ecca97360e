/* proto.c - encoding and decoding the GPU worker's messages. Integers are
 * little-endian; a string is a u32 length, its bytes and a NUL; an image is a
 * u64 length and its bytes. Decoders read through a cursor that turns bad on
 * the first read past the end and stays bad. */
#include "gpu_proto.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const msg_names[] = {
#define GPU_MSG_NAME(id, name) name,
    GPU_MSG_TYPES(GPU_MSG_NAME)
#undef GPU_MSG_NAME
};

const char *gpu_msg_name(gpu_msg_type t)
{
    return (unsigned)t < GPU_MSG_COUNT ? msg_names[t] : "?";
}

/* ---- writing ---- */

static void put(gpu_wbuf *w, const void *p, size_t n)
{
    if (w->len + n > w->cap) {
        size_t cap = w->cap ? w->cap : 256;
        while (cap < w->len + n) cap *= 2;
        w->p = cl_realloc(w->p, cap);
        w->cap = cap;
    }
    if (n) memcpy(w->p + w->len, p, n);
    w->len += n;
}

static void put_u64(gpu_wbuf *w, uint64_t v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
    put(w, b, 8);
}

static void put_u32(gpu_wbuf *w, uint32_t v)
{
    uint8_t b[4];
    for (int i = 0; i < 4; i++) b[i] = (uint8_t)(v >> (8 * i));
    put(w, b, 4);
}

static void put_u8(gpu_wbuf *w, uint8_t v) { put(w, &v, 1); }

static void put_f64(gpu_wbuf *w, double d)
{
    uint64_t v;
    memcpy(&v, &d, sizeof v);
    put_u64(w, v);
}

static void put_str(gpu_wbuf *w, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    put_u32(w, (uint32_t)n);
    put(w, s ? s : "", n);
    put_u8(w, 0);
}

static void put_image(gpu_wbuf *w, const uint8_t *p, uint64_t n)
{
    put_u64(w, p ? n : 0);
    if (p) put(w, p, (size_t)n);
}

void gpu_wbuf_free(gpu_wbuf *w)
{
    free(w->p);
    w->p = NULL;
    w->len = w->cap = 0;
}

/* ---- reading ---- */

typedef struct rbuf {
    const uint8_t *p;
    size_t left;
    bool bad;
} rbuf;

static const uint8_t *take(rbuf *r, size_t n)
{
    if (r->bad || n > r->left) {
        r->bad = true;
        return NULL;
    }
    const uint8_t *p = r->p;
    r->p += n;
    r->left -= n;
    return p;
}

static uint64_t get_u64(rbuf *r)
{
    const uint8_t *b = take(r, 8);
    uint64_t v = 0;
    for (int i = 0; b && i < 8; i++) v |= (uint64_t)b[i] << (8 * i);
    return v;
}

static uint32_t get_u32(rbuf *r)
{
    const uint8_t *b = take(r, 4);
    uint32_t v = 0;
    for (int i = 0; b && i < 4; i++) v |= (uint32_t)b[i] << (8 * i);
    return v;
}

static uint8_t get_u8(rbuf *r)
{
    const uint8_t *b = take(r, 1);
    return b ? b[0] : 0;
}

static bool get_bool(rbuf *r)
{
    uint8_t v = get_u8(r);
    if (v > 1) r->bad = true;
    return v == 1;
}

static double get_f64(rbuf *r)
{
    uint64_t v = get_u64(r);
    double d;
    memcpy(&d, &v, sizeof d);
    return d;
}

/* A string: NUL-terminated on the wire, no NUL inside. */
static const char *get_str(rbuf *r)
{
    uint32_t n = get_u32(r);
    if (r->bad || n >= r->left) {
        r->bad = true;
        return "";
    }
    const char *s = (const char *)take(r, (size_t)n + 1);
    if (s[n] != '\0' || memchr(s, 0, n)) {
        r->bad = true;
        return "";
    }
    return s;
}

static void get_str_into(rbuf *r, char *dst, size_t size)
{
    const char *s = get_str(r);
    if (strlen(s) >= size) r->bad = true;
    snprintf(dst, size, "%s", r->bad ? "" : s);
}

static const uint8_t *get_image(rbuf *r, uint64_t *len)
{
    uint64_t n = get_u64(r);
    if (r->bad || n > r->left) {
        r->bad = true;
        *len = 0;
        return NULL;
    }
    *len = n;
    return n ? take(r, (size_t)n) : NULL;
}

static bool finished(const rbuf *r) { return !r->bad && r->left == 0; }

/* ---- requests ---- */

static void put_launch(gpu_wbuf *w, const gpu_request *r)
{
    put_u32(w, r->module);
    put_str(w, r->name);
    for (int i = 0; i < 3; i++) put_u32(w, r->grid[i]);
    for (int i = 0; i < 3; i++) put_u32(w, r->block[i]);
    put_u32(w, r->dynamic_shared);
    put_u32(w, r->nargs);
    put_u32(w, r->nsets);
    put_u32(w, r->reps);
    put_u32(w, r->warmup);
    put_u8(w, r->cooperative);
    size_t count = (size_t)r->nargs * r->nsets;
    for (size_t i = 0; i < count; i++) {
        put_u8(w, (uint8_t)r->args[i].size);
        put_u64(w, r->args[i].bits);
    }
}

void gpu_encode_request(gpu_wbuf *w, const gpu_request *r)
{
    switch (r->type) {
    case GPU_MSG_LOAD:
        put_str(w, r->name);
        put_image(w, r->ptx, r->ptx_len);
        put_image(w, r->cubin, r->cubin_len);
        break;
    case GPU_MSG_ALLOC: put_u64(w, r->bytes); break;
    case GPU_MSG_FREE: put_u64(w, r->ptr); break;
    case GPU_MSG_WRITE:
    case GPU_MSG_READ:
        put_u64(w, r->ptr);
        put_u64(w, r->bytes);
        break;
    case GPU_MSG_LAUNCH: put_launch(w, r); break;
    case GPU_MSG_ATTRS:
    case GPU_MSG_SYMBOL:
        put_u32(w, r->module);
        put_str(w, r->name);
        break;
    default: break; /* QUIT and the worker's messages carry nothing here */
    }
}

static bool get_launch(rbuf *b, gpu_request *r)
{
    r->module = get_u32(b);
    r->name = get_str(b);
    for (int i = 0; i < 3; i++) r->grid[i] = get_u32(b);
    for (int i = 0; i < 3; i++) r->block[i] = get_u32(b);
    r->dynamic_shared = get_u32(b);
    r->nargs = get_u32(b);
    r->nsets = get_u32(b);
    r->reps = get_u32(b);
    r->warmup = get_u32(b);
    uint8_t cooperative = get_u8(b); /* 0 or 1, as put_launch writes it */
    r->cooperative = cooperative == 1;
    if (b->bad || cooperative > 1 || r->nargs > GPU_MAX_ARGS || r->nsets < 1 ||
        r->nsets > GPU_MAX_SETS)
        return false;
    size_t count = (size_t)r->nargs * r->nsets;
    if (count * 9 != b->left) return false; /* a u8 and a u64 each */
    r->owned_args = cl_calloc(count ? count : 1, sizeof *r->owned_args);
    for (size_t i = 0; i < count; i++) {
        r->owned_args[i].size = get_u8(b);
        r->owned_args[i].bits = get_u64(b);
        unsigned sz = r->owned_args[i].size; /* a half or a short scalar is 2 bytes */
        if (sz != 1 && sz != 2 && sz != 4 && sz != 8) b->bad = true;
    }
    r->args = r->owned_args;
    return !b->bad;
}

bool gpu_decode_request(gpu_msg_type type, const uint8_t *p, size_t n, gpu_request *r)
{
    memset(r, 0, sizeof *r);
    r->type = type;
    rbuf b = {p, n, false};
    switch (type) {
    case GPU_MSG_LOAD:
        r->name = get_str(&b);
        r->ptx = get_image(&b, &r->ptx_len);
        r->cubin = get_image(&b, &r->cubin_len);
        break;
    case GPU_MSG_ALLOC: r->bytes = get_u64(&b); break;
    case GPU_MSG_FREE: r->ptr = get_u64(&b); break;
    case GPU_MSG_WRITE:
    case GPU_MSG_READ:
        r->ptr = get_u64(&b);
        r->bytes = get_u64(&b);
        break;
    case GPU_MSG_LAUNCH:
        if (!get_launch(&b, r)) b.bad = true;
        break;
    case GPU_MSG_ATTRS:
    case GPU_MSG_SYMBOL:
        r->module = get_u32(&b);
        r->name = get_str(&b);
        break;
    case GPU_MSG_QUIT: break;
    default: b.bad = true; break; /* not a request */
    }
    if (finished(&b)) return true;
    gpu_request_clear(r);
    return false;
}

void gpu_request_clear(gpu_request *r)
{
    free(r->owned_args);
    r->owned_args = NULL;
    r->args = NULL;
}

/* ---- replies, hello, progress ---- */

void gpu_encode_reply(gpu_wbuf *w, const gpu_reply *r)
{
    put_u32(w, (uint32_t)r->cu);
    put_str(w, r->message);
    put_u32(w, (uint32_t)r->outcome);
    put_u8(w, r->sticky);
    put_u64(w, r->value);
    put_u8(w, r->jit);
    for (int i = 0; i < 4; i++) put_u64(w, (uint64_t)r->attrs[i]);
    put_u32(w, r->launches);
    put_u32(w, r->timed);
    put_f64(w, r->ms_median);
    put_f64(w, r->ms_min);
    put_f64(w, r->ms_max);
}

bool gpu_decode_reply(const uint8_t *p, size_t n, gpu_reply *r)
{
    memset(r, 0, sizeof *r);
    rbuf b = {p, n, false};
    r->cu = (int32_t)get_u32(&b);
    r->message = get_str(&b);
    r->outcome = (int32_t)get_u32(&b);
    r->sticky = get_bool(&b);
    r->value = get_u64(&b);
    r->jit = get_bool(&b);
    for (int i = 0; i < 4; i++) r->attrs[i] = (int64_t)get_u64(&b);
    r->launches = get_u32(&b);
    r->timed = get_u32(&b);
    r->ms_median = get_f64(&b);
    r->ms_min = get_f64(&b);
    r->ms_max = get_f64(&b);
    if (r->outcome < -1 || r->outcome >= BACKEND_OUTCOME_COUNT) b.bad = true;
    if (r->timed > r->launches) b.bad = true;
    if (!finished(&b)) r->message = "";
    return finished(&b);
}

void gpu_encode_hello(gpu_wbuf *w, const gpu_probe_info *in)
{
    put_u8(w, in->found);
    put_u8(w, in->usable);
    put_str(w, in->library);
    put_str(w, in->reason);
    put_str(w, in->device);
    const int32_t ints[] = {in->driver_version, in->device_count, in->device_index,
                            in->cc_major, in->cc_minor, in->sm_count,
                            in->max_threads_per_block, in->max_shared_per_block,
                            in->clock_khz, in->memory_clock_khz, in->memory_bus_bits};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) put_u32(w, (uint32_t)ints[i]);
    put_u64(w, in->total_mem);
    put_u64(w, in->l2_bytes);
}

bool gpu_decode_hello(const uint8_t *p, size_t n, gpu_probe_info *out)
{
    memset(out, 0, sizeof *out);
    rbuf b = {p, n, false};
    out->found = get_bool(&b);
    out->usable = get_bool(&b);
    get_str_into(&b, out->library, sizeof out->library);
    get_str_into(&b, out->reason, sizeof out->reason);
    get_str_into(&b, out->device, sizeof out->device);
    int *ints[] = {&out->driver_version, &out->device_count, &out->device_index,
                   &out->cc_major, &out->cc_minor, &out->sm_count,
                   &out->max_threads_per_block, &out->max_shared_per_block,
                   &out->clock_khz, &out->memory_clock_khz, &out->memory_bus_bits};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) *ints[i] = (int32_t)get_u32(&b);
    out->total_mem = get_u64(&b);
    out->l2_bytes = get_u64(&b);
    if (finished(&b)) return true;
    memset(out, 0, sizeof *out);
    return false;
}

void gpu_encode_progress(gpu_wbuf *w, uint32_t done) { put_u32(w, done); }

bool gpu_decode_progress(const uint8_t *p, size_t n, uint32_t *done)
{
    rbuf b = {p, n, false};
    *done = get_u32(&b);
    return finished(&b);
}
