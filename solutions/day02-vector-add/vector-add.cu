// Day 2, reference solution: vector addition, one thread an element.
//
// The grid is ceil(n / 256) blocks of 256 threads, so it has at least n threads
// and, when n is not a multiple of 256, a few more. Each thread computes its
// global index; the ones past the end do nothing.

// c[i] = a[i] + b[i] for every i below n.
__global__ void vectorAdd(const float* a, const float* b, float* c, int n)
{
    // Block b's threads own elements b * blockDim.x onward, one each.
    const int i = blockIdx.x * blockDim.x + threadIdx.x;

    // The bounds check: the threads of the last block past n read and write
    // nothing. Without it they would touch memory after the three arrays.
    if (i < n) c[i] = a[i] + b[i];
}
