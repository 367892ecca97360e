// Golden: a shared word one thread reads under a condition (`if (t == 3)
// seen = s;`), which nvcc loads in every thread of the warp and keeps with
// a selp where the condition holds. The other threads' loads are nvcc's,
// not the program's: the race check must not count them against a write
// the program orders after the real read with a partial __syncwarp() that
// names the reader and the writer, nor against another warp's atomic
// (lower.c's mark_selected_loads, shadow.c's reads_race). Each honest
// kernel beside racy twins, where the program's own read is unordered with
// the write; and a load every lane keeps, which the partial sync does not
// excuse. Before 6 December 2026 (8b2bb1c) partialSyncThenWrite was
// reported as a race. Not here: lane 3's read, a full __syncwarp() and
// thread 0's plain write in a block of two warps is honest but still
// reported (the second warp's load, nvcc's, is taken as a read: a plain
// write counts every read of another warp, docs/architecture.md).

// case: lane 3 reads, lanes 0 to 15 meet at __syncwarp(0xffff), thread 0 writes: honest (the mask names the reader and the writer)
// kernel: partialSyncThenWrite
// launch: grid 1 block 32
// buffer: out u32 2 = 0
// params: out
// expect: out[0..1] = list 5 9
// expect: no hazards
__global__ void partialSyncThenWrite(unsigned* out)
{
    __shared__ unsigned s;
    const unsigned t = threadIdx.x;
    if (t == 0) s = 5;
    __syncthreads();
    unsigned seen = 0;
    if (t == 3) seen = s;
    if (t < 16) {
        __syncwarp(0x0000ffffu);
        if (t == 0) s = 9;
    }
    __syncwarp();
    if (t == 3) {
        out[0] = seen;
        out[1] = s;
    }
}

// case: lane 3 reads, thread 0 writes, no __syncwarp() between: a race
// gpu: differs, a race: lane 3 may read 5 or 9
// kernel: noSyncThenWrite
// launch: grid 1 block 64
// buffer: out u32 2 = 0
// params: out
// expect: hazard races line @nsWrite
__global__ void noSyncThenWrite(unsigned* out)
{
    __shared__ unsigned s;
    const unsigned t = threadIdx.x;
    if (t == 0) s = 5;
    __syncthreads();
    unsigned seen = 0;
    if (t == 3) seen = s;
    if (t == 0) s = 9;  // @nsWrite
    __syncthreads();
    if (t == 3) {
        out[0] = seen;
        out[1] = s;
    }
}

// case: lane 3 reads, lanes 0 to 15 meet at __syncwarp(0xffff), thread 20 writes: a race (the mask does not name the writer)
// gpu: differs, a race: lane 3 may read 5 or 9
// kernel: partialSyncMissesWriter
// launch: grid 1 block 32
// buffer: out u32 2 = 0
// params: out
// expect: hazard races kind RACE_WARP line @psWrite
__global__ void partialSyncMissesWriter(unsigned* out)
{
    __shared__ unsigned s;
    const unsigned t = threadIdx.x;
    if (t == 0) s = 5;
    __syncthreads();
    unsigned seen = 0;
    if (t == 3) seen = s;
    if (t < 16) __syncwarp(0x0000ffffu);
    if (t == 20) s = 9;  // @psWrite
    __syncwarp();
    if (t == 3) {
        out[0] = seen;
        out[1] = s;
    }
}

// case: every lane reads the word and keeps it, lanes 0 to 15 meet at __syncwarp(0xffff), thread 0 writes: a race with lanes 16 to 31's reads (a load whose value every lane keeps is the program's in every lane)
// gpu: differs, a race: lanes 16 to 31 may read 5 or 9
// kernel: allReadPartialSync
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: hazard races line @arWrite
__global__ void allReadPartialSync(unsigned* out)
{
    __shared__ unsigned s;
    const unsigned t = threadIdx.x;
    if (t == 0) s = 5;
    __syncthreads();
    unsigned v = s;
    if (t < 16) {
        __syncwarp(0x0000ffffu);
        if (t == 0) s = 9;  // @arWrite
    }
    __syncwarp();
    out[t] = v;
}

// case: thread 40 of the second warp reads, thread 0 writes, no barrier between: a race (a __syncwarp() orders only one warp's lanes)
// gpu: differs, a race: thread 40 may read 5 or 9
// kernel: otherWarpReads
// launch: grid 1 block 64
// buffer: out u32 2 = 0
// params: out
// expect: hazard races
__global__ void otherWarpReads(unsigned* out)
{
    __shared__ unsigned s;
    const unsigned t = threadIdx.x;
    if (t == 0) s = 5;
    __syncthreads();
    unsigned seen = 0;
    if (t == 40) seen = s;
    __syncwarp();
    if (t == 0) s = 9;
    __syncthreads();
    if (t == 40) {
        out[0] = seen;
        out[1] = s;
    }
}

// case: lane 3 reads, __syncwarp(), thread 0 adds atomically; a second warp runs the same code: honest
// kernel: syncwarpThenAtomic
// launch: grid 1 block 64
// buffer: out u32 2 = 0
// params: out
// expect: out[0..1] = list 5 6
// expect: no hazards
__global__ void syncwarpThenAtomic(unsigned* out)
{
    __shared__ unsigned s;
    const unsigned t = threadIdx.x;
    if (t == 0) s = 5;
    __syncthreads();
    unsigned seen = 0;
    if (t == 3) seen = s;
    __syncwarp();
    if (t == 0) atomicAdd(&s, 1u);
    __syncthreads();
    if (t == 3) {
        out[0] = seen;
        out[1] = s;
    }
}
