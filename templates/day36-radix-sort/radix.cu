// Day 36: radix sort, one 4-bit digit a pass.
//
// Write the three kernels of a pass. The day's program (the README draws
// it) runs them eight times, for the digits at bits 0, 4, ..., 28, the keys
// moving from keys to tmp and back. radixHistogram and radixScatter run 256
// threads a block, one key a thread; radixScan runs one block of 1,024.
// `cudalab grade 36` checks your work.
//
// This file compiles and runs as it is, but it moves no key, so correctness
// fails until you finish it. Keep the names and parameters exactly as they
// are: the program calls them.

// counts[d * gridDim.x + blockIdx.x] = the keys of this block whose digit
// (key >> shift) & 15 is d.
__global__ void radixHistogram(const unsigned* keys, unsigned* counts, int n, int shift)
{
    // TODO 1: a __shared__ unsigned[16] zeroed, a barrier, a shared
    //         atomicAdd for each key, a barrier, 16 threads write it out.
}

// The exclusive scan of counts[0..m), in place, by one block of 1,024 threads.
__global__ void radixScan(unsigned* counts, int m)
{
    // TODO 2: each thread sums its run of ceil(m / 1024) counts; scan the
    //         1,024 sums in shared memory; each thread writes its run's
    //         running starts.
}

// Each key to keysOut[offsets[d * gridDim.x + blockIdx.x] + its rank among
// the keys of digit d in its block], keeping their order (stable).
__global__ void radixScatter(const unsigned* keysIn, unsigned* keysOut, const unsigned* offsets,
                             int n, int shift)
{
    // TODO 3: the lanes of your warp with your digit (ballots), your rank
    //         among them; the counts of the earlier warps through shared
    //         memory; the store.
}
