// Day 31: a scan of any length in one launch, by decoupled look-back.
//
// Write scanSinglePass below. The day's program clears flags and ticket (as
// cudaMemset would), then launches it once with ceil(n / 256) blocks of 256
// threads. Read the day's README first; `cudalab grade 31` checks your work.
//
// This file compiles and runs as it is, but it writes nothing, so
// correctness fails until you finish it. Keep the name and the parameters
// exactly as they are: the grader calls them.

#define BLOCK 256

__global__ void scanSinglePass(const float* in, float* out, float* aggregates, float* prefixes, unsigned* flags,
                               unsigned* ticket, int n)
{
    // TODO 1: thread 0 takes the tile's number, atomicAdd(ticket, 1u), and
    //         hands it to the block through a __shared__ unsigned and a
    //         __syncthreads(). Tile t holds elements t * 256 .. t * 256 + 255.
    // TODO 2: scan the tile (day 30's block scan: every thread takes part,
    //         threads past n carry 0) and keep the tile's total.
    // TODO 3: thread 0 of tile t > 0 publishes: aggregates[t] = total,
    //         __threadfence(), flags[t] = 1.
    // TODO 4: thread 0 looks back, p = t - 1, t - 2, ...: wait while
    //         flags[p] == 0 (read it through a volatile pointer), then
    //         __threadfence(); flag 2: add prefixes[p] and stop; flag 1: add
    //         aggregates[p] and go on.
    // TODO 5: thread 0 publishes prefixes[t] = exclusive + total,
    //         __threadfence(), flags[t] = 2 (tile 0 does this at once), and
    //         leaves exclusive in __shared__ memory; __syncthreads(); every
    //         thread writes out[i] = exclusive + its inclusive scan value.
    (void)in;
    (void)out;
    (void)aggregates;
    (void)prefixes;
    (void)flags;
    (void)ticket;
    (void)n;
}
