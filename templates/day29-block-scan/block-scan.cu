// Day 29: block scans in shared memory, Kogge-Stone and Brent-Kung.
//
// Write the two kernels below. Each writes the inclusive prefix sum of its
// block's chunk: out[start + j] = in[start] + ... + in[start + j]. Chunks do not
// carry into one another (day 30 joins them). Both run 256 threads a block:
// koggeStone scans 256 elements a block, brentKung 512. Read the day's README
// first; `cudalab grade 29` checks your work.
//
// This file compiles and runs as it is, but it writes nothing, so correctness
// fails until you finish it. Keep the names and parameters exactly as they
// are: the grader calls them.

// Inclusive scan of each 256-element chunk, one element a thread.
__global__ void koggeStone(const float* in, float* out, int n)
{
    const int t = threadIdx.x;
    const int i = blockIdx.x * blockDim.x + t;

    // TODO 1: a shared array of 256 floats; slot t gets in[i], or 0 if i >= n.
    // TODO 2: __syncthreads().
    // TODO 3: for stride = 1, 2, 4, ... while stride < blockDim.x:
    //           read slot t - stride into a register (threads t >= stride),
    //           __syncthreads(),
    //           add it into slot t (the same threads),
    //           __syncthreads().
    //         Why two barriers: the first keeps a thread from overwriting a
    //         slot another thread has not read yet; the second makes the
    //         writes visible to the next step. Every thread runs every step.
    // TODO 4: threads with i < n store slot t to out[i].
    (void)i;
    (void)in;
    (void)out;
    (void)n;
}

// Inclusive scan of each 512-element chunk, two elements a thread.
__global__ void brentKung(const float* in, float* out, int n)
{
    const int t = threadIdx.x;
    const int start = 2 * blockIdx.x * blockDim.x;

    // TODO 1: a shared array of 512 floats; thread t loads elements t and
    //         t + 256 of the chunk (start + t and start + t + 256), 0 past n.
    // TODO 2: the up-sweep: for stride = 1, 2, ..., 256: __syncthreads(); then
    //         idx = (t + 1) * 2 * stride - 1, and if idx < 512, slot idx +=
    //         slot idx - stride.
    // TODO 3: the down-sweep: for stride = 128, 64, ..., 1: __syncthreads();
    //         then idx = (t + 1) * 2 * stride - 1, and if idx + stride < 512,
    //         slot idx + stride += slot idx.
    // TODO 4: __syncthreads(), then store slots t and t + 256 to the elements
    //         of the chunk that are below n.
    (void)t;
    (void)start;
    (void)in;
    (void)out;
    (void)n;
}
