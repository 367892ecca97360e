// Day 42: the reference solution. One level of a breadth-first search from
// vertex 0: each vertex of the frontier claims its unvisited neighbours for
// the next level. The day's program launches it level after level, the
// frontier and next trading places, until a level claims nothing.

__global__ void bfsStep(const int* rowPtr, const int* colIdx, int* dist, const int* frontier,
                        int* next, int* changed, int n)
{
    const int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || !frontier[v]) return;
    const int level = dist[v] + 1;
    for (int e = rowPtr[v]; e < rowPtr[v + 1]; e++) {
        const int u = colIdx[e];
        // one thread wins each unvisited vertex: it alone puts it in next
        if (atomicCAS(&dist[u], -1, level) == -1) {
            next[u] = 1;
            atomicOr(changed, 1);
        }
    }
}
