// Every block runs far past the allowance but under the runaway budget: no
// block is stuck, and the launch as a whole would take minutes to emulate.
// The grade's budget of work stops it (warp instructions summed over the
// blocks, looked at across blocks, however short each is) and cudalab says
// it could not judge the kernel, exit 2, rather than calling it wrong or a
// runaway.
// The budget is lowered to 200,000,000 warp instructions for the test: at
// the grade's 2,000,000,000 a sanitizer build reaches its CPU backstop (96 s)
// first, and the message would be the backstop's.
// e2e: day 25
// e2e: env CUDALAB_TEST_EMU_WORK=200000000
// e2e: exit 2
// e2e: output could not judge reduceCascade
// e2e: output budget of 200,000,000 warp instructions of emulation (the blocks of all your launches together) ran out
// e2e: max-seconds 40
// (a sanitizer build's scale is 4: 160 s of wall at most there)
#define reduceCascade reduceCascade_reference
// e2e-paste: solutions/day25-cascade/cascade.cu
#undef reduceCascade

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    unsigned x = threadIdx.x;
    for (int r = 0; r < 100000; r++) x = x * x + (unsigned)r;
    partial[blockIdx.x] = x == 7u && n == 3 ? 1.0f : 0.0f;
}
