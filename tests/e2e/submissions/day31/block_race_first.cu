// The reference solution with the block scan's first __syncthreads() left
// out: warp 0 reads the other warps' totals before they are stored, a race
// in shared memory. The blocks still wait for each other's flags; the
// interleaved block order also runs each block's warps in other turns, so
// the race changes the output there too, an order-dependent hazard whose
// advice must send the student to the race within the block first (it
// used to say only to wait for the other block's flag, which the kernel
// already does).
// e2e: day 31
// e2e: exit 1
// e2e: fail correctness races
// e2e: hazard races kernel=scanSinglePass kind=race-shared
// e2e: hazard races kernel=scanSinglePass kind=order-dependent
// e2e: output first fix the race within a block reported here (other orders change its warps' turns too); if this differs still, line 105 stores a value made from another block's result read too early

#define BLOCK 256
#define WARPS (BLOCK / 32)

// What a tile has published, in flags[tile]. 0, nothing, is what the
// program's clear leaves.
#define FLAG_AGGREGATE 1u // aggregates[tile] holds the tile's own total
#define FLAG_PREFIX 2u    // prefixes[tile] holds the total of tiles 0..tile

// The inclusive scan of v over the block, one value a thread (day 30's);
// *total gets the block's sum. Every thread of the block must call it.
__device__ float blockScan(float v, float* total)
{
    __shared__ float warpTotals[WARPS];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    for (int d = 1; d < 32; d <<= 1) {
        const float up = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d) v += up;
    }
    if (lane == 31) warpTotals[warp] = v;
    // (the __syncthreads() that belongs here is missing)
    if (warp == 0) {
        float t = lane < WARPS ? warpTotals[lane] : 0.0f;
        for (int d = 1; d < WARPS; d <<= 1) {
            const float up = __shfl_up_sync(0xffffffffu, t, d);
            if (lane >= d) t += up;
        }
        if (lane < WARPS) warpTotals[lane] = t;
    }
    __syncthreads();
    if (warp > 0) v += warpTotals[warp - 1];
    *total = warpTotals[WARPS - 1];
    return v;
}

// The sum of tiles 0..tile-1, by thread 0 of tile `tile` (> 0), which has
// published its aggregate. Each predecessor's flag is read through a
// volatile pointer (a fresh load every time round the loop), and a fence
// after it orders the value's load after the flag's: what the flag
// announces is there.
__device__ float lookBack(unsigned tile, const float* aggregates, const float* prefixes, const unsigned* flags)
{
    const volatile unsigned* vflags = flags;
    float exclusive = 0.0f;
    for (int p = (int)tile - 1;; p--) {
        unsigned f;
        do {
            f = vflags[p]; // wait until tile p has published something
        } while (f == 0u);
        __threadfence();
        if (f == FLAG_PREFIX) return exclusive + ((const volatile float*)prefixes)[p];
        exclusive += ((const volatile float*)aggregates)[p];
    }
}

__global__ void scanSinglePass(const float* in, float* out, float* aggregates, float* prefixes, unsigned* flags,
                               unsigned* ticket, int n)
{
    __shared__ unsigned tileOf;
    __shared__ float exclusiveOf;
    // The tile comes from a ticket, not blockIdx.x: tiles are numbered in
    // the order blocks START, so the tiles a block waits for belong to
    // blocks that are already running. A block numbered by blockIdx.x may
    // wait for one the GPU has not started, and never will while the
    // waiting blocks hold every slot.
    if (threadIdx.x == 0) tileOf = atomicAdd(ticket, 1u);
    __syncthreads();
    const unsigned tile = tileOf;
    const int i = (int)tile * BLOCK + threadIdx.x;

    float total;
    const float v = blockScan(i < n ? in[i] : 0.0f, &total);

    if (threadIdx.x == 0) {
        volatile unsigned* vflags = flags;
        float exclusive = 0.0f;
        if (tile > 0) {
            // publish the total first, so that tiles after this one can go
            // on looking back past it while it looks back itself
            ((volatile float*)aggregates)[tile] = total;
            __threadfence(); // the aggregate before its flag
            vflags[tile] = FLAG_AGGREGATE;
            exclusive = lookBack(tile, aggregates, prefixes, flags);
        }
        ((volatile float*)prefixes)[tile] = exclusive + total;
        __threadfence(); // the prefix before its flag
        vflags[tile] = FLAG_PREFIX;
        exclusiveOf = exclusive;
    }
    __syncthreads();
    if (i < n) out[i] = exclusiveOf + v;
}
