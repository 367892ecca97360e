// Day 25: a cascaded reduction at memory speed
//
// Sum n floats. cudalab launches 1,024 blocks of 256 threads whatever n is;
// each block writes ONE partial sum to partial[blockIdx.x], and the grader adds
// the 1,024 partials on the host. Every block must write its partial, even a
// block that found nothing to add (it writes 0). Read the day's README first;
// `cudalab grade 25` checks your work, and on a GPU it times it against a copy.
//
// This file compiles and runs, but it does not solve the day: each block writes
// only thread 0's share, which is 0 until phase 1 is written. Keep the names
// and parameters exactly as they are: the grader calls them.

// Phase 1, which both kernels can share: this thread's sum of its elements.
__device__ float threadSum(const float* in, size_t n)
{
    // size_t, not int: 67,108,864 floats fit in an int, but 4 * n bytes and a
    // larger n would not, and the habit costs nothing.
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t step = (size_t)gridDim.x * blockDim.x;

    // TODO 1: a grid-stride loop: for (i = tid; i < n; i += step) sum += in[i].
    //         Correct for every n; get it right first.
    // TODO 2: make it fast. Load float4s (16 bytes a load) instead of floats:
    //         in + head is 16-byte aligned when head = the number of floats
    //         before the first 16-byte boundary (0 for cudaMalloc'd memory).
    //         Handle the head (0..3 floats) and the tail (0..3 floats after the
    //         last whole float4) with plain loads, so any n and any pointer work.
    // TODO 3: keep several loads in flight: unroll the loop so each iteration
    //         issues 2 to 4 independent float4 loads into separate accumulators.
    (void)in;
    (void)n;
    (void)tid;
    (void)step;
    return 0.0f;  // a placeholder: replace it
}

// Phase 1, then a shared-memory tree down to one value a block.
__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    const float sum = threadSum(in, n);

    // TODO 4: a shared array of 256 floats; each thread writes its sum to
    //         slot threadIdx.x; __syncthreads().
    // TODO 5: the tree (half = blockDim.x / 2 down to 1): threads below half add
    //         slot t + half into slot t; a __syncthreads() after every step,
    //         outside the `if`, so every thread meets every barrier.
    // TODO 6: thread 0 writes the block's total to partial[blockIdx.x].
    // A placeholder: thread 0 writes only its own sum. Replace it.
    if (threadIdx.x == 0) partial[blockIdx.x] = sum;
}

// Phase 1, a shared tree that stops at 64 values, and warp shuffles to finish.
__global__ void reduceCascadeShuffle(const float* in, float* partial, size_t n)
{
    const float sum = threadSum(in, n);

    // TODO 4: as in reduceCascade, but stop the tree while 64 values are left
    //         (the loop runs while half > 32), still with a barrier every step.
    // TODO 5: warp 0 alone (threadIdx.x < 32, a condition the same for all 32
    //         lanes of a warp) adds slots t and t + 32, then finishes with
    //         __shfl_down_sync(0xffffffffu, sum, offset) for offset 16 .. 1.
    // TODO 6: lane 0 of warp 0 writes partial[blockIdx.x].
    // A placeholder: thread 0 writes only its own sum. Replace it.
    if (threadIdx.x == 0) partial[blockIdx.x] = sum;
}
