// Written by a helper from day 42's README and template alone (6 December
// 2026). The block gathers its frontier into a shared queue, its threads
// share out the queue's edges, and every thread that claims a vertex sets
// the shared flag `found = 1` with a plain store; after a barrier thread 0
// reads it. Two plain stores of the value the word holds end the same in
// either order (of a warp's stores to one word one lands, the CUDA guide),
// as the same flag in global memory does. Before this date the shared flag
// was a race at line 34 (shadow.c's stores_same).
// e2e: day 42
// e2e: exit 0
// e2e: pass compile races memory resources
__global__ void bfsStep(const int* rowPtr, const int* colIdx, int* dist, const int* frontier,
                        int* next, int* changed, int n)
{
    __shared__ int q[256];
    __shared__ int qn;
    __shared__ int found;
    if (threadIdx.x == 0) { qn = 0; found = 0; }
    __syncthreads();
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n && frontier[v]) {
        int slot = atomicAdd(&qn, 1);
        q[slot] = v;
    }
    __syncthreads();
    int count = qn;
    for (int k = threadIdx.x; k < count; k += blockDim.x) {
        int w = q[k];
        int level = dist[w] + 1;
        for (int e = rowPtr[w]; e < rowPtr[w + 1]; ++e) {
            int u = colIdx[e];
            if (atomicCAS(&dist[u], -1, level) == -1) {
                next[u] = 1;
                found = 1;
            }
        }
    }
    __syncthreads();
    if (threadIdx.x == 0 && found) *changed = 1;
}
