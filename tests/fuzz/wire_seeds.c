/* wire_seeds.c - writes the GPU wire target's seeds: one file for each kind
 * of message (and one conversation of several), framed as gpu_send frames
 * them, with payloads from the protocol's own encoders.
 *
 *   fuzz_wire_seeds OUT_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gpu_proto.h"

static void put_le32(gpu_wbuf *w, uint32_t v)
{
    if (w->len + 4 > w->cap) {
        w->cap = (w->len + 4) * 2;
        w->p = cl_realloc(w->p, w->cap);
    }
    for (int i = 0; i < 4; i++) w->p[w->len++] = (uint8_t)(v >> (8 * i));
}

/* Append a frame of type holding payload p to out. */
static void frame(gpu_wbuf *out, gpu_msg_type type, const gpu_wbuf *p)
{
    put_le32(out, GPU_MAGIC);
    put_le32(out, (uint32_t)type);
    put_le32(out, (uint32_t)p->len);
    if (out->len + p->len > out->cap) {
        out->cap = out->len + p->len;
        out->p = cl_realloc(out->p, out->cap);
    }
    if (p->len) memcpy(out->p + out->len, p->p, p->len);
    out->len += p->len;
}

static int save(const char *dir, const char *name, gpu_wbuf *w)
{
    char *path = cl_sprintf("%s/%s", dir, name);
    cl_error err = {0};
    int ok = cl_write_file_atomic(path, w->p, w->len, &err) == CL_OK;
    if (!ok) fprintf(stderr, "fuzz_wire_seeds: %s\n", err.message);
    free(path);
    gpu_wbuf_free(w);
    return ok;
}

static void request(gpu_wbuf *out, const gpu_request *r)
{
    gpu_wbuf p = {0};
    gpu_encode_request(&p, r);
    frame(out, r->type, &p);
    gpu_wbuf_free(&p);
}

static const char ptx[] = ".version 9.0\n.target sm_75\n.address_size 64\n"
                          ".visible .entry k()\n{\n\tret;\n}\n";

static void launch(gpu_wbuf *out)
{
    backend_arg args[6] = {{8, 0x7f0000001000u}, {4, 1000}, {8, 0x7f0000002000u},
                           {8, 0x7f0000003000u}, {4, 7}, {8, 0x7f0000004000u}};
    gpu_request r = {.type = GPU_MSG_LAUNCH, .module = 1, .name = "_Z4copyPKfPfi",
                     .grid = {4, 2, 1}, .block = {256, 1, 1}, .dynamic_shared = 1024,
                     .nargs = 3, .nsets = 2, .reps = 5, .warmup = 1, .args = args};
    request(out, &r);
}

static void replies(gpu_wbuf *out)
{
    gpu_wbuf p = {0};
    gpu_reply ok = {.cu = 0, .message = "", .outcome = 0, .value = 0x7f0000001000u,
                    .jit = true, .attrs = {32, 1024, 0, 1024}, .launches = 5, .timed = 4,
                    .ms_median = 0.25, .ms_min = 0.125, .ms_max = 1.5};
    gpu_encode_reply(&p, &ok);
    frame(out, GPU_MSG_REPLY, &p);
    gpu_wbuf_free(&p);
    gpu_reply bad = {.cu = 700, .message = "an illegal memory access", .outcome = -1,
                     .sticky = true};
    gpu_encode_reply(&p, &bad);
    frame(out, GPU_MSG_REPLY, &p);
    gpu_wbuf_free(&p);
}

static void hello(gpu_wbuf *out)
{
    gpu_probe_info in = {.found = true, .usable = true, .driver_version = 13000,
                         .device_count = 1, .cc_major = 9, .cc_minor = 0,
                         .total_mem = 150ull << 30, .sm_count = 132, .l2_bytes = 50u << 20,
                         .max_threads_per_block = 1024, .max_shared_per_block = 232448,
                         .clock_khz = 1980000, .memory_clock_khz = 2619000,
                         .memory_bus_bits = 6144};
    snprintf(in.library, sizeof in.library, "libcuda.so.1");
    snprintf(in.device, sizeof in.device, "NVIDIA H200");
    gpu_wbuf p = {0};
    gpu_encode_hello(&p, &in);
    frame(out, GPU_MSG_HELLO, &p);
    gpu_wbuf_free(&p);
}

static void progress(gpu_wbuf *out)
{
    gpu_wbuf p = {0};
    gpu_encode_progress(&p, 3);
    frame(out, GPU_MSG_PROGRESS, &p);
    gpu_wbuf_free(&p);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fuzz_wire_seeds OUT_DIR\n");
        return 2;
    }
    const char *dir = argv[1];
    gpu_wbuf w = {0};
    int ok = 1;
    request(&w, &(gpu_request){.type = GPU_MSG_LOAD, .name = "student", .ptx = (const uint8_t *)ptx,
                               .ptx_len = sizeof ptx - 1});
    ok &= save(dir, "load", &w);
    request(&w, &(gpu_request){.type = GPU_MSG_ALLOC, .bytes = 4096});
    request(&w, &(gpu_request){.type = GPU_MSG_WRITE, .ptr = 0x7f0000001000u, .bytes = 4096});
    request(&w, &(gpu_request){.type = GPU_MSG_READ, .ptr = 0x7f0000001000u, .bytes = 4096});
    request(&w, &(gpu_request){.type = GPU_MSG_FREE, .ptr = 0x7f0000001000u});
    ok &= save(dir, "memory", &w);
    launch(&w);
    ok &= save(dir, "launch", &w);
    request(&w, &(gpu_request){.type = GPU_MSG_ATTRS, .module = 1, .name = "_Z1kv"});
    request(&w, &(gpu_request){.type = GPU_MSG_SYMBOL, .module = 1, .name = "mask"});
    request(&w, &(gpu_request){.type = GPU_MSG_QUIT});
    ok &= save(dir, "attrs_quit", &w);
    replies(&w);
    ok &= save(dir, "replies", &w);
    hello(&w);
    progress(&w);
    progress(&w);
    ok &= save(dir, "hello_progress", &w);
    return ok ? 0 : 1;
}
