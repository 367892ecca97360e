// Written by a helper from day 42's README and template alone (6 December
// 2026). Each vertex is claimed with atomicCAS, and a block that claimed
// any adds 1 to `changed` (__syncthreads_or, then one atomicAdd). Which
// block wins a CAS depends on the order, so how many blocks add differs,
// but `changed` is the program's scratch, never judged, and only whether it
// is 0 decides the loop: atomics alone write it, and they race with
// nothing. Before this date the other block orders called it
// order-dependent (order.c: a scratch buffer no plain store wrote).
// e2e: day 42
// e2e: exit 0
// e2e: pass compile races memory resources
__global__ void bfsStep(const int* rowPtr, const int* colIdx, int* dist, const int* frontier,
                        int* next, int* changed, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    int claimed = 0;
    if (v < n && frontier[v] == 1) {
        int level = dist[v] + 1;
        int e = rowPtr[v], end = rowPtr[v + 1];
        for (; e < end; ++e) {
            int u = colIdx[e];
            if (atomicCAS(&dist[u], -1, level) == -1) {
                next[u] = 1;
                claimed = 1;
            }
        }
    }
    if (__syncthreads_or(claimed) && threadIdx.x == 0) atomicAdd(changed, 1);
}
