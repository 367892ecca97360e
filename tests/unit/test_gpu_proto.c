/* test_gpu_proto.c - the GPU worker's wire protocol: each message survives a
 * round trip; a truncated, extended or garbage payload is refused, never
 * read past; frames over a socketpair keep their bounds, time out, and report
 * a closed peer or a header that is not ours. No GPU needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "gpu/gpu_proto.h"

static const backend_arg sample_args[6] = {
    {8, 0x7f0000001000ull}, {8, 0x7f0000002000ull}, {4, 1000},
    {8, 0x7f0000003000ull}, {8, 0x7f0000004000ull}, {4, 1000},
};

static gpu_request sample_request(gpu_msg_type t)
{
    static const uint8_t ptx[] = ".version 8.0\n.target sm_75\n";
    static const uint8_t cubin[] = {0x7f, 'E', 'L', 'F', 0, 1, 2, 3};
    gpu_request r = {.type = t, .ptr = 0xdeadbeef000ull, .bytes = 4096, .module = 3,
                     .name = "vadd", .ptx = ptx, .ptx_len = sizeof ptx - 1, .cubin = cubin,
                     .cubin_len = sizeof cubin, .grid = {4, 2, 1}, .block = {256, 1, 1},
                     .dynamic_shared = 1024, .nargs = 3, .nsets = 2, .reps = 20,
                     .warmup = 3, .args = sample_args};
    return r;
}

static void encode(gpu_wbuf *w, const gpu_request *r)
{
    w->len = 0;
    gpu_encode_request(w, r);
}

static void test_request_round_trips(void **state)
{
    (void)state;
    gpu_wbuf w = {0};
    gpu_request in = sample_request(GPU_MSG_LOAD), out;
    encode(&w, &in);
    assert_true(gpu_decode_request(GPU_MSG_LOAD, w.p, w.len, &out));
    assert_string_equal(out.name, "vadd");
    assert_int_equal(out.ptx_len, in.ptx_len);
    assert_memory_equal(out.ptx, in.ptx, in.ptx_len);
    assert_int_equal(out.cubin_len, in.cubin_len);
    assert_memory_equal(out.cubin, in.cubin, in.cubin_len);
    gpu_request_clear(&out);

    in.type = GPU_MSG_LAUNCH;
    encode(&w, &in);
    assert_true(gpu_decode_request(GPU_MSG_LAUNCH, w.p, w.len, &out));
    assert_string_equal(out.name, "vadd");
    assert_int_equal(out.module, 3);
    assert_int_equal(out.grid[0], 4);
    assert_int_equal(out.grid[1], 2);
    assert_int_equal(out.block[0], 256);
    assert_int_equal(out.dynamic_shared, 1024);
    assert_int_equal(out.nargs, 3);
    assert_int_equal(out.nsets, 2);
    assert_int_equal(out.reps, 20);
    assert_int_equal(out.warmup, 3);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(out.args[i].size, sample_args[i].size);
        assert_true(out.args[i].bits == sample_args[i].bits);
    }
    gpu_request_clear(&out);

    const gpu_msg_type simple[] = {GPU_MSG_ALLOC, GPU_MSG_FREE, GPU_MSG_WRITE, GPU_MSG_READ,
                                   GPU_MSG_ATTRS, GPU_MSG_SYMBOL, GPU_MSG_QUIT};
    for (size_t i = 0; i < sizeof simple / sizeof simple[0]; i++) {
        in.type = simple[i];
        encode(&w, &in);
        assert_true(gpu_decode_request(simple[i], w.p, w.len, &out));
        if (simple[i] == GPU_MSG_ALLOC) assert_int_equal(out.bytes, 4096);
        if (simple[i] == GPU_MSG_FREE) assert_true(out.ptr == 0xdeadbeef000ull);
        if (simple[i] == GPU_MSG_WRITE || simple[i] == GPU_MSG_READ) {
            assert_true(out.ptr == 0xdeadbeef000ull);
            assert_int_equal(out.bytes, 4096);
        }
        if (simple[i] == GPU_MSG_ATTRS || simple[i] == GPU_MSG_SYMBOL) {
            assert_int_equal(out.module, 3);
            assert_string_equal(out.name, "vadd");
        }
        gpu_request_clear(&out);
    }
    gpu_wbuf_free(&w);
}

static void test_reply_hello_progress(void **state)
{
    (void)state;
    gpu_wbuf w = {0};
    gpu_reply in = {.cu = 700, .message = "CUDA_ERROR_ILLEGAL_ADDRESS in k", .outcome = 4,
                    .sticky = true, .value = 0x1234, .jit = true, .attrs = {32, 1024, 0, 1024},
                    .launches = 5, .timed = 2, .ms_median = 1.5, .ms_min = 1.25, .ms_max = 2.0};
    gpu_encode_reply(&w, &in);
    gpu_reply out;
    assert_true(gpu_decode_reply(w.p, w.len, &out));
    assert_int_equal(out.cu, 700);
    assert_string_equal(out.message, in.message);
    assert_int_equal(out.outcome, 4);
    assert_true(out.sticky && out.jit);
    assert_int_equal(out.value, 0x1234);
    assert_int_equal(out.attrs[1], 1024);
    assert_int_equal(out.launches, 5);
    assert_int_equal(out.timed, 2);
    assert_true(out.ms_median == 1.5 && out.ms_min == 1.25 && out.ms_max == 2.0);

    in.cu = GPU_CU_SIGNATURE;
    in.outcome = -1;
    w.len = 0;
    gpu_encode_reply(&w, &in);
    assert_true(gpu_decode_reply(w.p, w.len, &out));
    assert_int_equal(out.cu, GPU_CU_SIGNATURE);
    assert_int_equal(out.outcome, -1);

    gpu_probe_info hi;
    memset(&hi, 0, sizeof hi); /* padding too: the structs are compared whole */
    hi.found = hi.usable = true;
    hi.driver_version = 13000;
    hi.device_count = 1;
    hi.cc_major = 9;
    hi.sm_count = 132;
    hi.total_mem = 150ull << 30;
    hi.l2_bytes = 60ull << 20;
    hi.memory_bus_bits = 6144;
    strcpy(hi.device, "NVIDIA H200");
    strcpy(hi.library, "/usr/lib/x86_64-linux-gnu/libcuda.so.1");
    gpu_probe_info ho;
    w.len = 0;
    gpu_encode_hello(&w, &hi);
    assert_true(gpu_decode_hello(w.p, w.len, &ho));
    assert_memory_equal(&hi, &ho, sizeof hi);

    uint32_t done = 0;
    w.len = 0;
    gpu_encode_progress(&w, 17);
    assert_true(gpu_decode_progress(w.p, w.len, &done));
    assert_int_equal(done, 17);
    gpu_wbuf_free(&w);
}

/* Every proper prefix and one byte too many must be refused. */
static void test_truncated_and_extended(void **state)
{
    (void)state;
    gpu_wbuf w = {0};
    const gpu_msg_type types[] = {GPU_MSG_LOAD, GPU_MSG_ALLOC, GPU_MSG_FREE, GPU_MSG_WRITE,
                                  GPU_MSG_READ, GPU_MSG_LAUNCH, GPU_MSG_ATTRS};
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        gpu_request in = sample_request(types[t]), out;
        encode(&w, &in);
        for (size_t n = 0; n < w.len; n++) {
            uint8_t *copy = malloc(n ? n : 1); /* exact size: ASan catches a read past it */
            memcpy(copy, w.p, n);
            assert_false(gpu_decode_request(types[t], copy, n, &out));
            assert_null(out.owned_args);
            free(copy);
        }
        uint8_t *longer = malloc(w.len + 1);
        memcpy(longer, w.p, w.len);
        longer[w.len] = 0;
        assert_false(gpu_decode_request(types[t], longer, w.len + 1, &out));
        free(longer);
    }
    gpu_reply r = {.message = "hello", .outcome = 0};
    w.len = 0;
    gpu_encode_reply(&w, &r);
    gpu_reply o;
    for (size_t n = 0; n < w.len; n++) assert_false(gpu_decode_reply(w.p, n, &o));
    gpu_probe_info hi = {.usable = true}, ho;
    w.len = 0;
    gpu_encode_hello(&w, &hi);
    for (size_t n = 0; n < w.len; n++) assert_false(gpu_decode_hello(w.p, n, &ho));
    uint32_t done;
    assert_false(gpu_decode_progress(w.p, 3, &done));
    gpu_wbuf_free(&w);
}

/* Hand-made payloads that lie: a string longer than the payload, a string with
 * a NUL inside, an argument of 3 bytes, too many sets, a bad outcome. */
static void test_lies(void **state)
{
    (void)state;
    gpu_request out;
    const uint8_t long_str[] = {0, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f, 'a'};
    assert_false(gpu_decode_request(GPU_MSG_ATTRS, long_str, sizeof long_str, &out));
    const uint8_t nul_inside[] = {0, 0, 0, 0, 3, 0, 0, 0, 'a', 0, 'b', 0};
    assert_false(gpu_decode_request(GPU_MSG_ATTRS, nul_inside, sizeof nul_inside, &out));
    const uint8_t no_nul[] = {0, 0, 0, 0, 1, 0, 0, 0, 'a', 'b'};
    assert_false(gpu_decode_request(GPU_MSG_ATTRS, no_nul, sizeof no_nul, &out));
    const uint8_t fine[] = {0, 0, 0, 0, 1, 0, 0, 0, 'a', 0};
    assert_true(gpu_decode_request(GPU_MSG_ATTRS, fine, sizeof fine, &out));
    assert_string_equal(out.name, "a");

    gpu_wbuf w = {0};
    backend_arg odd[3] = {{8, 1}, {3, 2}, {4, 3}};
    gpu_request in = sample_request(GPU_MSG_LAUNCH);
    in.nsets = 1;
    in.args = odd;
    encode(&w, &in);
    assert_false(gpu_decode_request(GPU_MSG_LAUNCH, w.p, w.len, &out));
    in.args = sample_args;
    in.nsets = 0;
    encode(&w, &in);
    assert_false(gpu_decode_request(GPU_MSG_LAUNCH, w.p, w.len, &out));

    gpu_reply r = {.message = "", .outcome = BACKEND_OUTCOME_COUNT}, o;
    w.len = 0;
    gpu_encode_reply(&w, &r);
    assert_false(gpu_decode_reply(w.p, w.len, &o));
    assert_false(gpu_decode_request(GPU_MSG_REPLY, w.p, w.len, &out)); /* not a request */
    gpu_wbuf_free(&w);
}

/* Random bytes, seeded: the decoders may say yes or no, but must not read
 * out of bounds (ASan) or leak (LSan). */
static void test_garbage(void **state)
{
    (void)state;
    srand(12345);
    for (int round = 0; round < 20000; round++) {
        size_t n = (size_t)(rand() % 96);
        uint8_t *p = malloc(n ? n : 1);
        for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(rand() % 7 == 0 ? 0 : rand());
        gpu_request rq;
        gpu_reply rp;
        gpu_probe_info hi;
        uint32_t done;
        if (gpu_decode_request((gpu_msg_type)(round % GPU_MSG_COUNT), p, n, &rq))
            gpu_request_clear(&rq);
        gpu_decode_reply(p, n, &rp);
        gpu_decode_hello(p, n, &hi);
        gpu_decode_progress(p, n, &done);
        free(p);
    }
}

static void test_frames(void **state)
{
    (void)state;
    int sv[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    gpu_frame f;
    assert_int_equal(gpu_send(sv[0], GPU_MSG_PROGRESS, "abcd", 4, -1), GPU_IO_OK);
    assert_int_equal(gpu_send(sv[0], GPU_MSG_QUIT, NULL, 0, -1), GPU_IO_OK);
    assert_int_equal(gpu_recv(sv[1], &f, gpu_now() + 5), GPU_IO_OK);
    assert_int_equal(f.type, GPU_MSG_PROGRESS);
    assert_int_equal(f.len, 4);
    assert_memory_equal(f.data, "abcd", 4);
    free(f.data);
    assert_int_equal(gpu_recv(sv[1], &f, gpu_now() + 5), GPU_IO_OK);
    assert_int_equal(f.type, GPU_MSG_QUIT);
    assert_int_equal(f.len, 0);
    free(f.data);

    double t0 = gpu_now(); /* nothing comes: a timeout, promptly */
    assert_int_equal(gpu_recv(sv[1], &f, gpu_now() + 0.05), GPU_IO_TIMEOUT);
    assert_true(gpu_now() - t0 < 2.0);

    const uint8_t bad_magic[12] = {1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0};
    assert_int_equal(write(sv[0], bad_magic, sizeof bad_magic), 12);
    assert_int_equal(gpu_recv(sv[1], &f, gpu_now() + 5), GPU_IO_BAD);

    const uint8_t bad_type[12] = {'C', 'L', 'G', 'P', 99, 0, 0, 0, 0, 0, 0, 0};
    assert_int_equal(write(sv[0], bad_type, sizeof bad_type), 12);
    assert_int_equal(gpu_recv(sv[1], &f, gpu_now() + 5), GPU_IO_BAD);

    const uint8_t too_long[12] = {'C', 'L', 'G', 'P', 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f};
    assert_int_equal(write(sv[0], too_long, sizeof too_long), 12);
    assert_int_equal(gpu_recv(sv[1], &f, gpu_now() + 5), GPU_IO_BAD);

    /* Half a frame, then the peer goes: the end of the stream, not a hang. */
    const uint8_t half[14] = {'C', 'L', 'G', 'P', 0, 0, 0, 0, 100, 0, 0, 0, 'x', 'y'};
    assert_int_equal(write(sv[0], half, sizeof half), 14);
    close(sv[0]);
    assert_int_equal(gpu_recv(sv[1], &f, gpu_now() + 5), GPU_IO_EOF);
    assert_int_equal(gpu_recv(sv[1], &f, gpu_now() + 5), GPU_IO_EOF);
    /* Sending to a closed peer: no SIGPIPE, just the end. */
    assert_int_equal(gpu_send(sv[1], GPU_MSG_QUIT, NULL, 0, gpu_now() + 5), GPU_IO_EOF);
    close(sv[1]);
}

static void test_stats_and_names(void **state)
{
    (void)state;
    float odd[] = {3, 1, 2};
    double med, lo, hi;
    gpu_stats(odd, 3, &med, &lo, &hi);
    assert_true(med == 2 && lo == 1 && hi == 3);
    float even[] = {4, 1, 3, 2};
    gpu_stats(even, 4, &med, &lo, &hi);
    assert_true(med == 2.5 && lo == 1 && hi == 4);
    gpu_stats(even, 0, &med, &lo, &hi);
    assert_true(med == 0);
    assert_string_equal(gpu_msg_name(GPU_MSG_LAUNCH), "launch");
    assert_string_equal(gpu_msg_name((gpu_msg_type)99), "?");
    assert_true(gpu_bandwidth_gbps(2e9, 1000.0) == 2.0);
    assert_true(gpu_bandwidth_gbps(1e9, 0) == 0.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_request_round_trips),
        cmocka_unit_test(test_reply_hello_progress),
        cmocka_unit_test(test_truncated_and_extended),
        cmocka_unit_test(test_lies),
        cmocka_unit_test(test_garbage),
        cmocka_unit_test(test_frames),
        cmocka_unit_test(test_stats_and_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
