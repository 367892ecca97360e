// The tree without a barrier between its steps: a step reads slots that the
// step before is still writing.
// e2e: day 14
// e2e: exit 1
// e2e: fail races
// e2e: hazard races kernel=blockSums
#define blockSums blockSums_reference
// ---- solutions/day14-syncthreads/syncthreads.cu, pasted (a submission is one file: #include of another file is refused) ----
// Day 14, reference solution: __syncthreads().
//
// Both kernels run 256 threads a block, one block per 256-element chunk of the
// input (the last chunk may be short). Each uses a block of shared memory that
// every thread writes and other threads read, so each needs a barrier between
// the writes and the reads. The rule that makes a barrier honest: every thread
// of the block reaches every __syncthreads(), so no barrier sits under a
// condition that can differ between threads, and no thread returns early.
// Bounds are enforced by guarding the loads and the stores instead.

// The course launches 256 threads a block; the shared arrays are sized for it.
constexpr int kBlock = 256;

// out[start + t] = in[start + valid - 1 - t] for t < valid, where the block's
// chunk begins at start and holds `valid` elements (256, or fewer for the last).
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[kBlock];

    const int t = threadIdx.x;
    const int start = blockIdx.x * blockDim.x;
    // How many elements this block owns: a full chunk, or what is left of n.
    const int valid = min((int)blockDim.x, n - start);

    // 1. Each thread with an element parks it in shared memory.
    if (t < valid) tile[t] = in[start + t];

    // 2. Thread t is about to read the slot thread (valid - 1 - t) wrote: a
    //    different thread, often in a different warp. Every thread of the block
    //    arrives here, including those with no element, because the barrier is
    //    outside the `if`.
    __syncthreads();

    // 3. Read the mirror slot. Only slots 0..valid-1 were written, and
    //    valid - 1 - t stays in that range exactly when t < valid.
    if (t < valid) out[start + t] = tile[valid - 1 - t];
}

// partial[b] = in[b*256] + ... + in[b*256 + valid - 1]: one sum per block.
__global__ void blockSums(const float* in, float* partial, int n)
{
    __shared__ float sums[kBlock];

    const int t = threadIdx.x;
    const int i = blockIdx.x * blockDim.x + t;

    // 1. Every thread writes its slot; a thread past the end writes 0, the
    //    identity of a sum, so the tree below never needs to know about n.
    float sum = (i < n) ? in[i] : 0.0f;
    sums[t] = sum;
    __syncthreads();

    // 2. The tree: each step the lower half adds the upper half's values into
    //    its own, halving the live values (256 -> 128 -> ... -> 1). The loop's
    //    bounds depend only on blockDim.x, the same for every thread, so every
    //    thread runs the same number of steps and meets every barrier. The `if`
    //    only decides who adds, and it closes before the barrier.
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (t < half) {
            sum += sums[t + half];  // the running sum stays in a register
            sums[t] = sum;
        }
        // Step k's writes to sums[0..half-1] must land before step k+1 reads
        // sums[half/2..half-1]; and step k+1's writes must wait until step k's
        // reads are done. One barrier per step orders both.
        __syncthreads();
    }

    // 3. Thread 0 holds the block's total.
    if (t == 0) partial[blockIdx.x] = sum;
}
// ---- end of solutions/day14-syncthreads/syncthreads.cu ----
#undef blockSums

__global__ void blockSums(const float* in, float* partial, int n)
{
    __shared__ float sums[kBlock];
    const int t = threadIdx.x;
    const int i = blockIdx.x * blockDim.x + t;
    sums[t] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2)
        if (t < half) sums[t] += sums[t + half];
    if (t == 0) partial[blockIdx.x] = sums[0];
}
