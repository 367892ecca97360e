// Day 42: breadth-first search, one launch a level.
//
// Write one level. The day's program (the README draws it) launches it in
// blocks of 256 threads, one thread a vertex, level after level: before
// each level it clears next and *changed, after it frontier and next trade
// places, and it stops after a level that leaves *changed at 0.
// `cudalab grade 42` checks your work.
//
// This file compiles and runs as it is, but it claims nothing, so only
// vertex 0 gets a distance and correctness fails until you finish it. Keep
// the name and parameters exactly as they are: the program calls them.

__global__ void bfsStep(const int* rowPtr, const int* colIdx, int* dist, const int* frontier,
                        int* next, int* changed, int n)
{
    // TODO 1: v = blockIdx.x * blockDim.x + threadIdx.x; return unless v < n
    //         and frontier[v] is set.
    // TODO 2: level = dist[v] + 1.
    // TODO 3: for each edge e from rowPtr[v] to rowPtr[v + 1] - 1, u =
    //         colIdx[e]: if u has no distance yet, give it level, set
    //         next[u] = 1 and *changed = 1. Two threads may reach the same u:
    //         claim it with atomicCAS so only one of them does.
}
