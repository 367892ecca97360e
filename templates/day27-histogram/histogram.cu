// Day 27: a histogram, and the races atomics prevent
//
// Count the bytes of data[0..n): bins[v] ends up holding how many bytes equal
// v, for each of the 256 values. cudalab zeroes bins before each kernel runs
// and launches 256 threads a block, at most 256 blocks (ceil(n / 256) when
// that is fewer). Read the day's README first; `cudalab grade 27` checks your
// work.
//
// This file compiles and runs, but it does not solve the day: the kernels
// count nothing, so every bin stays 0. Keep the names and parameters exactly
// as they are: the grader calls them.

// One global atomic per byte.
__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const int step = gridDim.x * blockDim.x;  // threads in the grid

    // TODO 1: a grid-stride loop over the bytes:
    //         for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
    //         The grid may have fewer threads than n, or more.
    // TODO 2: add 1 to the byte's bin with atomicAdd(&bins[data[i]], 1u).
    //         Not `bins[data[i]] += 1`: that is a load, an add and a store, and
    //         two threads that load the same count both store count + 1.
    (void)data;
    (void)bins;
    (void)n;
    (void)step;
}

// The block's own 256 bins in shared memory, merged into bins at the end.
__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    // TODO 3: declare __shared__ unsigned local[256] and zero it: thread t
    //         zeroes local[t] (a loop over b = threadIdx.x, b += blockDim.x
    //         keeps it right for any block size). Shared memory starts out
    //         as garbage.
    // TODO 4: a barrier. Every bin must be zero before any thread counts into
    //         it, and a bin is zeroed by one thread and counted into by all.
    // TODO 5: the same grid-stride loop as histogramGlobal, counting with
    //         atomicAdd(&local[data[i]], 1u): a shared atomic.
    // TODO 6: a barrier, so that every count is in before any bin is read.
    // TODO 7: merge: thread t adds local[t] into bins[t] with ONE atomicAdd
    //         (other blocks add into the same global bin). A bin that holds 0
    //         needs no atomic at all.
    (void)data;
    (void)bins;
    (void)n;
}
