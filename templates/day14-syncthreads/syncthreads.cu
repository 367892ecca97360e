// Day 14: __syncthreads()
//
// Write the two kernels below. cudalab launches each with 256 threads a block
// and one block per 256-element chunk of the input (the last chunk may be
// short). Read the day's README first; `cudalab grade 14` checks your work.
//
// This file compiles and runs as it is, but it does not solve the day: the
// kernels write nothing, or zeros, so correctness fails until you finish them.
// Keep the names and parameters exactly as they are: the grader calls them.

// Reverse each block's chunk: out[start + t] = in[start + valid - 1 - t],
// where start = blockIdx.x * blockDim.x and valid is the chunk's length
// (blockDim.x, or less for the last chunk).
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    const int t = threadIdx.x;
    const int start = blockIdx.x * blockDim.x;

    // TODO 1: work out how many elements this block owns (valid). It is
    //         blockDim.x except in the last block, where it is what is left of n.
    // TODO 2: declare a shared array of 256 floats (the block size), and let
    //         each thread with an element (t < valid) copy in[start + t] into
    //         slot t.
    // TODO 3: put a __syncthreads() between the writes and the reads. Put it
    //         where EVERY thread of the block reaches it: not inside an `if`
    //         that some threads skip, and not after an early `return`.
    // TODO 4: let each thread with an element write slot (valid - 1 - t) to
    //         out[start + t]. Guard the store, not the barrier.
    (void)t;
    (void)start;
}

// Sum each block's chunk: partial[blockIdx.x] = the sum of its elements.
__global__ void blockSums(const float* in, float* partial, int n)
{
    const int t = threadIdx.x;
    const int i = blockIdx.x * blockDim.x + t;

    // TODO 1: declare a shared array of 256 floats. Each thread writes its
    //         element to slot t, or 0 (the identity of a sum) when i >= n, so
    //         that every slot holds something the tree may add.
    // TODO 2: __syncthreads(), so that every slot is written before anyone reads.
    // TODO 3: the tree: for half = blockDim.x / 2 down to 1, halving each time,
    //         threads t < half add slot t + half into slot t; then
    //         __syncthreads() OUTSIDE the `if`, so all threads meet it every step.
    // TODO 4: thread 0 writes slot 0 (the block's total) to partial[blockIdx.x].
    (void)i;
    (void)n;
    (void)in;
    if (t == 0) partial[blockIdx.x] = 0.0f;  // a placeholder: replace it
}
