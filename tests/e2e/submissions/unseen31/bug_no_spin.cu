// Written by a helper from day 31's README and template alone (6 December
// 2026). The look-back reads each flag once and treats 0 (nothing
// published) as 1 (an aggregate), so a tile whose predecessor has not
// published adds an aggregate not yet written and walks on, past tile 0 to
// flags[-1]. In index order every predecessor is done: the sums are right.
// In another order a block faults there: before this date that order gave
// no verdict and the file PASSED; a fault in an order a GPU may run, which
// index order never met, is now an order-dependent hazard at the access.
// e2e: day 31
// e2e: exit 1
// e2e: fail races
// e2e: pass compile correctness
// e2e: detail races makes an access out of bounds or misaligned at line 48
#define BLOCK 256

__global__ void scanSinglePass(const float* in, float* out, float* aggregates, float* prefixes, unsigned* flags,
                               unsigned* ticket, int n)
{
    __shared__ unsigned tileOf;
    __shared__ float s[BLOCK];
    __shared__ float exclusiveSh;
    const int t = threadIdx.x;
    if (t == 0) tileOf = atomicAdd(ticket, 1u);
    __syncthreads();
    const unsigned tile = tileOf;
    const int i = tile * BLOCK + t;

    s[t] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (int stride = 1; stride < BLOCK; stride *= 2) {
        float left = (t >= stride) ? s[t - stride] : 0.0f;
        __syncthreads();
        if (t >= stride) s[t] += left;
        __syncthreads();
    }
    const float mine = s[t];

    if (t == 0) {
        const float total = s[BLOCK - 1];
        const volatile unsigned* vflags = flags;
        float exclusive = 0.0f;
        if (tile > 0) {
            aggregates[tile] = total;
            __threadfence();
            flags[tile] = 1;
            int p = (int)tile - 1;
            while (true) {
                const unsigned f = vflags[p];
                __threadfence();
                if (f == 2) { exclusive += prefixes[p]; break; }
                exclusive += aggregates[p];
                --p;
            }
        }
        prefixes[tile] = exclusive + total;
        __threadfence();
        flags[tile] = 2;
        exclusiveSh = exclusive;
    }
    __syncthreads();
    if (i < n) out[i] = exclusiveSh + mine;
}
