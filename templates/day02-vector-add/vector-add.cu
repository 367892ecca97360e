// Day 2: vector addition.
//
// Write vectorAdd below. cudalab launches it with 256 threads a block and
// ceil(n / 256) blocks, one thread for each element of c (the last block may
// have threads with no element). Read the day's README first; `cudalab grade 2`
// checks your work.
//
// This file compiles and runs as it is, but it writes nothing, so correctness
// fails until you finish it. Keep the name and the parameters exactly as they
// are: the grader calls them.

// c[i] = a[i] + b[i] for every i below n.
__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    // TODO 1: work out i, the element this thread owns, from blockIdx.x,
    //         blockDim.x and threadIdx.x. threadIdx.x alone starts again at 0
    //         in every block.
    // TODO 2: the grid has whole blocks, so some threads of the last block may
    //         have i >= n. Let only the threads with i < n go on.
    // TODO 3: those threads write c[i] = a[i] + b[i].
    (void)a;
    (void)b;
    (void)c;
    (void)n;
}
