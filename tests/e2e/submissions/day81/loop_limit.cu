// A sweep that counts every inside cell, moved or not: changed never comes
// back 0, so the program's loop runs to its limit of 4,000 sweeps at every
// size with an inside cell (not at 2 by 2, which has none). The verdict is
// the loop's, under correctness, with the word's value; nothing is judged
// at those sizes, and the edges and the checks of the launches are clean.
// e2e: day 81
// e2e: exit 1
// e2e: fail correctness
// e2e: pass compile barrier-honesty races memory resources
// e2e: detail correctness heat at w=40 h=24: runaway: the loop sweep reached its limit of 4000 runs and did not stop: changed[0] was 836 after the last run
// e2e: kernel heat present=true passed=false
__global__ void jacobiStep(const float* u, float* v, unsigned* changed, int width, int height,
                           float tol)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    // the edges are held; threads past the plate have no cell
    if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) return;
    const int i = y * width + x;
    const float old = u[i];
    const float next = 0.25f * ((u[i - 1] + u[i + 1]) + (u[i - width] + u[i + width]));
    v[i] = next;
    // one atomic a cell that still moves: few, once the plate settles
    (void)old;
    (void)tol;
    atomicAdd(changed, 1u);
}
