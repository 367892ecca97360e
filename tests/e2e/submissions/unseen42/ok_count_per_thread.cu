// Written by a helper from day 42's README and template alone (6 December
// 2026): every thread that claimed a vertex adds 1 to the scratch counter
// `changed` with atomicAdd. The count depends on which threads win the
// CAS, not whether it is 0: honest (see ok_claims_counted_per_block.cu).
// e2e: day 42
// e2e: exit 0
// e2e: pass compile races memory resources
__global__ void bfsStep(const int* rowPtr, const int* colIdx, int* dist, const int* frontier,
                        int* next, int* changed, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || !frontier[v]) return;
    int level = dist[v] + 1;
    bool any = false;
    for (int e = rowPtr[v]; e < rowPtr[v + 1]; ++e) {
        int u = colIdx[e];
        if (atomicCAS(&dist[u], -1, level) == -1) {
            next[u] = 1;
            any = true;
        }
    }
    if (any) atomicAdd(changed, 1);
}
