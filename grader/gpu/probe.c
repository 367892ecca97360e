/* probe.c - `cudalab doctor`'s question: is there a GPU, and which? Answered
 * by a short-lived worker (its hello is the answer), so that this process
 * never initialises CUDA and can still fork workers that use it later. */
#include "gpu_child.h"

#include <stdio.h>
#include <string.h>

bool gpu_probe_with(const gpu_options *opt, gpu_probe_info *out)
{
    gpu_child c;
    cl_error e;
    gpu_options o = *opt;
    if (!o.library) o.library = "libcuda.so.1";
    if (gpu_child_start(&c, &o, NULL, 0, -1, out, &e) != CL_OK) {
        memset(out, 0, sizeof *out);
        snprintf(out->reason, sizeof out->reason, "%s", e.message);
        return false;
    }
    if (out->usable) gpu_child_stop(&c);
    return out->usable;
}

bool gpu_probe(gpu_probe_info *out)
{
    gpu_options o;
    gpu_options_default(&o);
    return gpu_probe_with(&o, out);
}

char *gpu_probe_describe(const gpu_probe_info *in)
{
    if (!in->usable) return cl_sprintf("no GPU: %s", in->reason);
    cl_str s = {0};
    cl_str_addf(&s, "%s, sm_%d%d, %.1f GiB, %d SMs, %.1f MiB L2", in->device, in->cc_major,
                in->cc_minor, (double)in->total_mem / (1 << 30), in->sm_count,
                (double)in->l2_bytes / (1 << 20));
    if (in->driver_version)
        cl_str_addf(&s, ", driver %d.%d", in->driver_version / 1000,
                    in->driver_version % 1000 / 10);
    if (in->device_count > 1) cl_str_addf(&s, " (device %d of %d)", in->device_index,
                                          in->device_count);
    return cl_str_take(&s);
}

double gpu_bandwidth_gbps(double bytes, double ms)
{
    return ms > 0 ? bytes / (ms * 1e6) : 0.0;
}

double gpu_peak_gbps(const gpu_probe_info *info)
{
    if (info->memory_clock_khz <= 0 || info->memory_bus_bits <= 0) return 0.0;
    return 2.0 * info->memory_clock_khz * 1e3 * (info->memory_bus_bits / 8.0) / 1e9;
}
