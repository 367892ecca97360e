// Day 81: heat diffusion by Jacobi iteration.
//
// Write one sweep. The day's program (the README draws it) launches it in
// blocks of 16 x 16 threads, one thread a cell, again and again: after each
// sweep u and v trade places, and the program stops once a sweep leaves
// *changed at 0. `cudalab grade 81` checks your work.
//
// This file compiles and runs as it is, but it never changes the plate, so
// correctness fails until you finish it. Keep the name and parameters
// exactly as they are: the program calls them.

__global__ void jacobiStep(const float* u, float* v, unsigned* changed, int width, int height,
                           float tol)
{
    // TODO 1: x and y from blockIdx, blockDim and threadIdx; return for the
    //         edges (x == 0, y == 0, x == width - 1, y == height - 1) and
    //         for threads past the plate.
    // TODO 2: i = y * width + x; v[i] = 0.25f * (the four neighbours in u).
    // TODO 3: if the cell moved by more than tol, atomicAdd(changed, 1u).
}
