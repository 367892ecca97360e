// Day 27, reference solution: a 256-bin histogram of bytes, with atomics.
//
// Every byte of the input adds 1 to the bin of its value. Many threads hit
// the same bin at the same moment, so the adds must be atomic: a plain
// `bins[v] += 1` is a load, an add and a store, and two threads that load the
// same old count both store old + 1, losing one of the two.
//
// histogramGlobal makes one global atomic per byte. histogramShared gives
// every block its own 256 bins in shared memory (privatisation): the bytes go
// to the block's bins with shared atomics, and at the end the block adds each
// bin it saw into the global bins with one atomic. Two barriers make that
// safe: one between zeroing the shared bins and counting into them, and one
// between the last count and the merge.
//
// Both kernels use the same grid-stride loop: cudalab launches 256 threads a
// block and at most 256 blocks, so at the course size (2^20 bytes) each thread
// reads 16 bytes, and consecutive threads read consecutive bytes.

constexpr int kBins = 256;

// One global atomic per byte: simple, right, and every add goes to L2.
__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const int step = gridDim.x * blockDim.x;  // threads in the grid
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        atomicAdd(&bins[data[i]], 1u);
}

// Privatised bins: shared atomics while counting, one global atomic per bin a
// block saw.
__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[kBins];

    // 1. Zero the block's bins. The loop is right for any block size: with
    //    256 threads each thread zeroes exactly one bin.
    for (int b = threadIdx.x; b < kBins; b += blockDim.x) local[b] = 0;

    // 2. Every bin must be zero before ANY thread counts into it, and a bin is
    //    zeroed by one thread and counted into by all the others: a barrier.
    __syncthreads();

    // 3. Count. Shared atomics are fast (they stay on the multiprocessor), and
    //    a collision now costs only within this block.
    const int step = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        atomicAdd(&local[data[i]], 1u);

    // 4. Every count must be in before a thread reads a bin to merge it.
    __syncthreads();

    // 5. Merge: one global atomic per bin, and none for a bin the block never
    //    saw (with a small n most blocks see few values). Different blocks
    //    still meet at the same global bin, so the merge is atomic too.
    for (int b = threadIdx.x; b < kBins; b += blockDim.x) {
        const unsigned count = local[b];
        if (count != 0) atomicAdd(&bins[b], count);
    }
}
