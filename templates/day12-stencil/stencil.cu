// Day 12: a 1D stencil through shared memory.
//
// Write stencil1d below: out[i] = in[i - 3] + in[i - 2] + ... + in[i + 3] for
// every i below n, where an input outside [0, n) counts as 0. cudalab launches
// 256 threads a block and ceil(n / 256) blocks, one output a thread. Read the
// day's README first; `cudalab grade 12` checks your work.
//
// This file compiles and runs as it is, but it writes nothing, so correctness
// fails until you finish it. Keep the name and the parameters exactly as they
// are: the grader calls them.

// The stencil's radius is 3: name it (constexpr int kRadius = 3;) when your
// code first needs it, above the kernel.

__global__ void stencil1d(const float* in, float* out, int n)
{
    const int t = threadIdx.x;
    const int i = blockIdx.x * blockDim.x + t;

    // TODO 1: declare a shared tile of 256 + 2 * kRadius floats: the block's
    //         own 256 inputs and a halo of kRadius on each side.
    // TODO 2: each thread loads in[i] into slot t + kRadius, or 0 if i >= n.
    // TODO 3: threads t < kRadius also load the halo: input i - kRadius into
    //         slot t, and input i + blockDim.x into slot t + blockDim.x +
    //         kRadius. An input outside [0, n) is 0.
    // TODO 4: __syncthreads(), reached by every thread of the block, so that
    //         every slot is written before any thread reads its neighbours'.
    // TODO 5: threads with i < n add slots t to t + 2 * kRadius and store the
    //         sum in out[i].
    (void)i;
    (void)in;
    (void)out;
    (void)n;
}
