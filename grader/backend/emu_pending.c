/* emu_pending.c - stands in for backend/emu.c until the emulator lands on
 * main (this session); grading says so instead of failing to link. */
#include "emu.h"

cl_status backend_emu_new(const backend_emu_options *opt, backend **out, cl_error *err)
{
    *out = NULL;
    return cl_fail(err, CL_UNSUPPORTED, "", 0, 0, "the emulator is not built into this cudalab yet");
}
