// Written by a helper from day 31's README and template alone (6 December
// 2026): the template's decoupled look-back completed, volatile flags and
// fences. The order that holds each block after its ticket makes a tile
// wait for a predecessor that is held: that order does not complete and
// gives no verdict, so this honest kernel passes.
// e2e: day 31
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources
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
                unsigned f;
                while ((f = vflags[p]) == 0) { }
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
