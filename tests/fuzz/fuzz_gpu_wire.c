/* fuzz_gpu_wire.c - the GPU wire protocol as the parent and the worker read
 * it: any bytes go into one end of a socketpair, and frames are taken off the
 * other with gpu_recv until it stops; each frame's payload goes through every
 * decoder (a peer may send any type), and a payload one accepts must encode
 * back to the same bytes. Seeds: frames the encoders wrote
 * (fuzz_wire_seeds, scripts/fuzz-seeds.sh). */
#include "fuzz.h"

#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "gpu/gpu_proto.h"

/* Inputs longer than this would not fit the socket's buffer in one go. */
#define WIRE_MAX_INPUT (64u << 10)
#define WIRE_MAX_FRAMES 64

static void same_bytes(const gpu_wbuf *w, const gpu_frame *f)
{
    FUZZ_ASSERT(w->len == f->len && (!f->len || !memcmp(w->p, f->data, f->len)));
}

static void decode_request(const gpu_frame *f, gpu_msg_type type)
{
    gpu_request rq;
    if (!gpu_decode_request(type, f->data, f->len, &rq)) return;
    gpu_wbuf w = {0};
    gpu_encode_request(&w, &rq);
    same_bytes(&w, f);
    gpu_wbuf_free(&w);
    gpu_request_clear(&rq);
}

static void decode_others(const gpu_frame *f)
{
    gpu_wbuf w = {0};
    gpu_reply rp;
    if (gpu_decode_reply(f->data, f->len, &rp)) {
        gpu_encode_reply(&w, &rp);
        same_bytes(&w, f);
        gpu_wbuf_free(&w);
    }
    gpu_probe_info hello, again;
    if (gpu_decode_hello(f->data, f->len, &hello)) {
        gpu_encode_hello(&w, &hello);
        FUZZ_ASSERT(gpu_decode_hello(w.p, w.len, &again));
        FUZZ_ASSERT(!memcmp(&hello, &again, sizeof hello));
        gpu_wbuf_free(&w);
    }
    uint32_t done;
    if (gpu_decode_progress(f->data, f->len, &done)) {
        gpu_encode_progress(&w, done);
        same_bytes(&w, f);
        gpu_wbuf_free(&w);
    }
}

static void decode_frame(const gpu_frame *f)
{
    FUZZ_ASSERT((unsigned)f->type < GPU_MSG_COUNT && gpu_msg_name(f->type));
    decode_request(f, f->type);
    for (int t = 0; t < GPU_MSG_COUNT; t++)
        if (t != (int)f->type) decode_request(f, (gpu_msg_type)t);
    decode_others(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int sv[2];
    if (size > WIRE_MAX_INPUT || socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) return 0;
    size_t off = 0;
    while (off < size) {
        ssize_t k = send(sv[0], data + off, size - off, MSG_NOSIGNAL);
        FUZZ_ASSERT(k > 0);
        off += (size_t)k;
    }
    close(sv[0]);
    for (int i = 0; i < WIRE_MAX_FRAMES; i++) {
        gpu_frame f;
        gpu_io io = gpu_recv(sv[1], &f, gpu_now() + 5.0);
        FUZZ_ASSERT(gpu_io_name(io));
        if (io != GPU_IO_OK) {
            FUZZ_ASSERT(!f.data);
            break;
        }
        decode_frame(&f);
        free(f.data);
    }
    close(sv[1]);
    return 0;
}
