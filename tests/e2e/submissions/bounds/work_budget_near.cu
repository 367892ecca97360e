// Every block runs far past the allowance but under the runaway budget, and
// the launch as a whole runs past the grade's budget of work, here lowered
// for the test (CUDALAB_TEST_EMU_WORK) so that it runs out within a second.
// The budget counts warp instructions, summed over the blocks in index
// order, so the grade runs out at the same point and says so in the same
// words with 1, 2, 4 or 16 threads; a cap on CPU time said something else
// each time (the block and line it had reached), and near the cap it
// judged the kernel with some thread counts and not with others.
// e2e: day 25
// e2e: env CUDALAB_TEST_EMU_WORK=300000000
// e2e: exit 2
// e2e: output could not judge reduceCascade
// e2e: output budget of 300,000,000 warp instructions of emulation
// e2e: threads-invariant 1 2 4 16
// e2e: max-seconds 15
#define reduceCascade reduceCascade_reference
// e2e-paste: solutions/day25-cascade/cascade.cu
#undef reduceCascade

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    unsigned x = threadIdx.x;
    for (int r = 0; r < 100000; r++) x = x * x + (unsigned)r;
    partial[blockIdx.x] = x == 7u && n == 3 ? 1.0f : 0.0f;
}
