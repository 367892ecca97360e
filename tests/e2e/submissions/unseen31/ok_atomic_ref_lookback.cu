// Written by a helper from day 31's README and template alone (6 December
// 2026): the look-back with cuda::atomic_ref (release stores, acquire
// loads) in place of volatile flags and fences. Honest: it passes.
// e2e: day 31
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources
#include <cuda/atomic>
#define BLOCK 256

__global__ void scanSinglePass(const float* in, float* out, float* aggregates, float* prefixes, unsigned* flags,
                               unsigned* ticket, int n)
{
    __shared__ float sm[BLOCK];
    __shared__ unsigned tileSh;
    __shared__ float exclSh;
    const int t = threadIdx.x;
    if (t == 0) {
        cuda::atomic_ref<unsigned, cuda::thread_scope_device> tk(*ticket);
        tileSh = tk.fetch_add(1u, cuda::std::memory_order_relaxed);
    }
    __syncthreads();
    const int tile = (int)tileSh;
    const int i = tile * BLOCK + t;

    sm[t] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (int stride = 1; stride < BLOCK; stride <<= 1) {
        const float left = (t >= stride) ? sm[t - stride] : 0.0f;
        __syncthreads();
        sm[t] += left;
        __syncthreads();
    }
    const float mine = sm[t];

    if (t == 0) {
        const float total = sm[BLOCK - 1];
        float excl = 0.0f;
        if (tile > 0) {
            aggregates[tile] = total;
            cuda::atomic_ref<unsigned, cuda::thread_scope_device> myFlag(flags[tile]);
            myFlag.store(1u, cuda::std::memory_order_release);
            for (int p = tile - 1;; --p) {
                cuda::atomic_ref<unsigned, cuda::thread_scope_device> f(flags[p]);
                unsigned st;
                while ((st = f.load(cuda::std::memory_order_acquire)) == 0u) { }
                if (st == 2u) { excl += prefixes[p]; break; }
                excl += aggregates[p];
            }
        }
        prefixes[tile] = excl + total;
        cuda::atomic_ref<unsigned, cuda::thread_scope_device> done(flags[tile]);
        done.store(2u, cuda::std::memory_order_release);
        exclSh = excl;
    }
    __syncthreads();
    if (i < n) out[i] = exclSh + mine;
}
