// gpu_dump.cu - runs the sm_75 PTX of fidelity.cu on the GPU through the
// driver API (the same PTX the emulator runs, JIT-compiled by the driver)
// and writes every output to a results file (fidelity_table.h).
// Usage: gpu_dump FIDELITY.ptx OUT.bin [N]
#include <cuda.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fidelity_table.h"

#define CHECK(call)                                                                       \
    do {                                                                                  \
        CUresult r_ = (call);                                                             \
        if (r_ != CUDA_SUCCESS) {                                                         \
            const char *s_ = "?";                                                         \
            cuGetErrorString(r_, &s_);                                                    \
            fprintf(stderr, "gpu_dump: %s failed: %s\n", #call, s_);                     \
            exit(2);                                                                      \
        }                                                                                 \
    } while (0)

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = (char *)malloc((size_t)n + 1);
    if (fread(s, 1, (size_t)n, f) != (size_t)n) exit(2);
    s[n] = '\0';
    fclose(f);
    return s;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: gpu_dump FIDELITY.ptx OUT.bin [N]\n");
        return 2;
    }
    unsigned n = argc > 3 ? (unsigned)strtoul(argv[3], NULL, 0) : FID_N;
    n = (n + 127) / 128 * 128;
    char *ptx = read_text(argv[1]);
    CUdevice dev;
    CUcontext ctx;
    CUmodule mod;
    CHECK(cuInit(0));
    CHECK(cuDeviceGet(&dev, 0));
    char devname[256];
    CHECK(cuDeviceGetName(devname, sizeof devname, dev));
    CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
    CHECK(cuCtxSetCurrent(ctx));
    char log[8192] = "";
    CUjit_option opts[2] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
    void *vals[2] = { log, (void *)(size_t)sizeof log };
    if (cuModuleLoadDataEx(&mod, ptx, 2, opts, vals) != CUDA_SUCCESS) {
        fprintf(stderr, "gpu_dump: the PTX does not load: %s\n", log);
        return 2;
    }
    FILE *f = fopen(argv[2], "wb");
    if (!f) {
        perror(argv[2]);
        return 2;
    }
    fid_write_header(f, FID_NKERNELS);
    for (unsigned k = 0; k < FID_NKERNELS; k++) {
        const fid_kernel *kd = &fid_kernels[k];
        uint64_t *in = fid_inputs(kd->itype, n);
        size_t out_words = (size_t)kd->nouts * n;
        uint64_t *out = (uint64_t *)calloc(out_words, sizeof *out);
        CUfunction fn;
        CUdeviceptr din, dout;
        CHECK(cuModuleGetFunction(&fn, mod, kd->name));
        CHECK(cuMemAlloc(&din, 3 * (size_t)n * 8));
        CHECK(cuMemAlloc(&dout, out_words * 8));
        CHECK(cuMemcpyHtoD(din, in, 3 * (size_t)n * 8));
        CHECK(cuMemsetD8(dout, 0, out_words * 8));
        int nn = (int)n;
        void *args[3] = { &din, &dout, &nn };
        CHECK(cuLaunchKernel(fn, n / 128, 1, 1, 128, 1, 1, 0, 0, args, NULL));
        CHECK(cuCtxSynchronize());
        CHECK(cuMemcpyDtoH(out, dout, out_words * 8));
        fid_write_kernel(f, kd, n, out);
        CHECK(cuMemFree(din));
        CHECK(cuMemFree(dout));
        free(in);
        free(out);
        printf("%-10s %3u outputs x %u elements\n", kd->name, kd->nouts, n);
    }
    fclose(f);
    printf("wrote %s (%s)\n", argv[2], devname);
    return 0;
}
