// Golden: rules.c, shared accesses taken a warp access at a time by the
// rule that keeps each thread to its own words in an epoch: a column of
// the block's threads (w mod N), a segment of k words (a raking segment, a
// thread's blocked items), or words written once (keys scattered to their
// ranks). The rules take a block where memo.c compares with no reference:
// here a radix sort's pass, whose counters follow the data, so that its
// blocks part from each other and memo.c stops comparing after a few; the
// blocks after take the rules. An access no rule takes that touches the
// rules' words hands the block to the shadow: the epoch's taken accesses
// first, then that access and the rest, which must report what the shadow
// alone would (the runner's reference mode has neither memo.c nor the
// rules, and its 2-thread run splits the blocks otherwise).
//
// Each thread of 64 ranks its 4 keys by a 4-bit digit in 16-bit counters
// of its own column (c[d / 2][t], half d % 2, zeroed first), copies its
// counters to its raking segment (seg[9 t + r]) and sums them back, then
// scatters its keys to a permutation of the block's 256 slots that follows
// the data ((37 x + s) mod 256, s the block's own) and reads 4 slots back
// as one vector. `fault` adds one access in block `faultBlock`.

// The block's digit of key k: bits of a hash, so that counters differ from
// block to block and thread to thread.
__device__ unsigned digitOf(unsigned k)
{
    return (k * 2654435761u) >> 28;
}

__global__ void rankKeys(const unsigned* in, unsigned* out, unsigned* totals, int fault, int faultBlock)
{
    __shared__ unsigned c[8][64];
    __shared__ unsigned seg[64 * 9];
    __shared__ __align__(16) unsigned keys[256];
    const unsigned t = threadIdx.x, b = blockIdx.x;
    const bool here = (int)b == faultBlock;
    const unsigned s = in[b * 256] >> 8 & 255;
    unsigned k[4], total = 0;
    for (int j = 0; j < 4; j++) k[j] = in[(b * 64 + t) * 4 + j];
    if (here && fault == 6) total = c[3][t]; // @earlyRead
    for (int r = 0; r < 8; r++) c[r][t] = 0;
    if (here && fault == 1 && t == 5) c[0][6] = 0; // @crossZero
    if (here && fault == 7) c[1][t ^ 1] = 0; // @swapZero
    for (int j = 0; j < 4; j++) {
        const unsigned d = digitOf(k[j]);
        unsigned short* h = (unsigned short*)&c[d / 2][t] + d % 2;
        *h = (unsigned short)(*h + 1); // @count
    }
    if (here && fault == 10) total += c[1][2 * t % 64]; // @evenColumns
    if (here && fault == 11 && t < 32) total += c[1][t / 16 * 16]; // @halfBroadcasts
    __syncthreads();
    for (int r = 0; r < 8; r++) seg[t * 9 + r] = c[r][t];
    __syncthreads();
    for (int r = 0; r < 8; r++) total += (seg[t * 9 + r] & 0xffff) + (seg[t * 9 + r] >> 16);
    const bool pad = here && fault == 2 && t == 3; /* (an index, not a branch: a load nvcc may not hoist) */
    const unsigned extra = seg[t * 9 + (pad ? 8 : 0)]; // @padRead
    total += pad ? extra : 0;
    if (here && fault == 8) seg[(t + 1) % 64 * 9] = 0; // @nextSegment
    if (here && fault == 9) seg[t] = 0; // @rowOverSegments
    __syncthreads();
    for (int j = 0; j < 4; j++) keys[((t * 4 + j) * 37 + s) % 256] = k[j];
    if (here && fault == 3 && t == 1) keys[s % 256] = 0; // @dupKey
    if (here && fault == 5 && t == 7) atomicAdd(&c[1][9], 1u);
    __syncthreads();
    const uint4 v = *(const uint4*)&keys[t * 4];
    if (here && fault == 4) { // a warp's lanes trade slots through shared memory, ordered by __syncwarp
        seg[t] = v.x;
        __syncwarp();
        total += seg[t ^ 1] - seg[t ^ 1];
    }
    if (here && fault == 5) total += c[2][t] - c[2][t]; // the shadow's again: words the rules took, written epochs before
    out[(b * 64 + t) * 4 + 0] = v.x;
    out[(b * 64 + t) * 4 + 1] = v.y;
    out[(b * 64 + t) * 4 + 2] = v.z;
    out[(b * 64 + t) * 4 + 3] = v.w;
    totals[b * 64 + t] = total;
}

// case: 24 blocks, honest: slot y of block b holds key b 256 + 173 (y - s)
// mod 256 (173 is 37's inverse mod 256; s = b with these keys), and each
// thread's counters sum to its 4 keys
// kernel: rankKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 6144 = 0
// buffer: totals u32 1536 = 0
// params: in out totals 0 -1
// expect: out[0] = 0
// expect: out[1] = 173
// expect: out[257] = 256
// expect: out[5377] = 5500
// expect: totals[0] = 4
// expect: totals[1535] = 4
// expect: no hazards

// case: in block 12, thread 5 also zeroes thread 6's first counter word
// while thread 6 zeroes and counts in it: a race in the rules' first epoch
// of that block, reported where the shadow alone reports it
// kernel: rankKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 6144 = 0
// buffer: totals u32 1536 = 0
// params: in out totals 1 12
// expect: out[1] = 173
// expect: hazard races kind RACE_WARP block 12

// case: in block 14, thread 3 also reads the ninth word of its raking
// segment, which no thread writes: an uninitialised read
// kernel: rankKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 6144 = 0
// buffer: totals u32 1536 = 0
// params: in out totals 2 14
// expect: out[1] = 173
// expect: hazards 1
// expect: hazard memory kind UNINIT_SHARED line @padRead block 14

// case: in block 15, thread 1 also writes the slot thread 0's first key
// goes to, in the scatter's epoch: a race among words otherwise written
// once
// kernel: rankKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 6144 = 0
// buffer: totals u32 1536 = 0
// params: in out totals 3 15
// expect: out[1] = 173
// expect: hazards 1
// expect: hazard races kind RACE_WARP line @dupKey block 15

// case: in block 16, each warp's lanes trade slots through shared memory
// with __syncwarp between the write and the read: ordered, no race; the
// rules stop (a word two threads touch) and the shadow finds nothing
// kernel: rankKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 6144 = 0
// buffer: totals u32 1536 = 0
// params: in out totals 4 16
// expect: out[257] = 256
// expect: totals[1024] = 4
// expect: no hazards

// case: in block 17, thread 7 adds to a counter word with an atomic in an
// epoch where no other thread touches it: the rules stop, nothing to
// report; every thread then reads a counter word the rules took three
// epochs before, now from the shadow: written, not uninitialised
// kernel: rankKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 6144 = 0
// buffer: totals u32 1536 = 0
// params: in out totals 5 17
// expect: out[257] = 256
// expect: no hazards

// case: in block 18, every thread reads a counter before zeroing it: an
// uninitialised read, the epoch's first access
// kernel: rankKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 6144 = 0
// buffer: totals u32 1536 = 0
// params: in out totals 6 18
// expect: out[257] = 256
// expect: hazard memory kind UNINIT_SHARED line @earlyRead block 18

// case: in block 19, every thread also zeroes its neighbour's second
// counter word (t xor 1), a full warp's access no column rule takes: races
// kernel: rankKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 6144 = 0
// buffer: totals u32 1536 = 0
// params: in out totals 7 19
// expect: out[257] = 256
// expect: hazard races kind RACE_WARP block 19

// case: in block 20, every thread also zeroes the first word of the next
// thread's raking segment after reading its own, in the epoch the next
// thread reads it: a full warp's column no segment rule takes: races
// kernel: rankKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 6144 = 0
// buffer: totals u32 1536 = 0
// params: in out totals 8 20
// expect: out[257] = 256
// expect: hazard races kind RACE_WARP line @nextSegment block 20

// case: in block 21, every thread also zeroes word t of the raking grid
// (a row across the first segments) in the epoch their threads read them:
// races
// kernel: rankKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 6144 = 0
// buffer: totals u32 1536 = 0
// params: in out totals 9 21
// expect: out[257] = 256
// expect: hazard races line @rowOverSegments block 21

// case: in block 22, every thread also reads counter word 2t mod 64 of
// row 1, another thread's column, in the epoch that thread zeroes and
// counts in it: a column two words a lane that no column rule takes: races
// kernel: rankKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 6144 = 0
// buffer: totals u32 1536 = 0
// params: in out totals 10 22
// expect: out[257] = 256
// expect: hazard races line @evenColumns block 22

// case: in block 23, each half of warp 0 also reads one counter word of row 1,
// thread 0's or thread 16's, in the epoch those threads count in it: each
// half a broadcast, which no column rule takes: races
// kernel: rankKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 6144 = 0
// buffer: totals u32 1536 = 0
// params: in out totals 11 23
// expect: out[257] = 256
// expect: hazard races line @halfBroadcasts block 23

// Each thread counts 6,000 keys of its own in its counter column with no
// barrier between (24,000 accesses of a warp pair in one epoch): past
// RULES_LOG_MAX accesses the epoch's log goes into the shadow, which takes
// the rest; nothing to report, as the reference mode finds.
__global__ void longEpoch(const unsigned* in, unsigned* out)
{
    __shared__ unsigned c[8][64];
    const unsigned t = threadIdx.x, b = blockIdx.x;
    for (int r = 0; r < 8; r++) c[r][t] = 0;
    for (unsigned i = 0; i < 6000; i++) {
        const unsigned d = digitOf(in[(b * 64 + t) * 4 + i % 4] + i);
        unsigned short* h = (unsigned short*)&c[d / 2][t] + d % 2;
        *h = (unsigned short)(*h + 1);
    }
    __syncthreads();
    unsigned total = 0;
    for (int r = 0; r < 8; r++) total += (c[r][t] & 0xffff) + (c[r][t] >> 16);
    out[b * 64 + t] = total;
}

// case: 24 blocks of an epoch longer than the rules' log: every thread's
// counters sum to its 6,000 keys
// kernel: longEpoch
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 1536 = 0
// params: in out
// expect: out[0] = 6000
// expect: out[1535] = 6000
// expect: no hazards

// Runs of shared accesses from one base (lower.c's sim_fuse_shared_runs,
// warp_access.c's runs, rules.c's sim_rules_run), each access on a line of
// its own or one asm line: eight rows zeroed from one base, read back from
// it, stored to nine words of a raking segment from another and read back
// from that. The rules take a run's first access as any other and each
// after it by the arithmetic of its move: under the column rule a move of
// a multiple of the block's threads, under the segment rule a move that
// keeps c in its range, clear of the words the shadow took this epoch,
// reads only where every managed word is written. Counters follow the
// data, as rankKeys', so that the rules take the blocks; `fault` adds
// accesses in block `faultBlock`.
__global__ void runKeys(const unsigned* in, unsigned* out, int fault, int faultBlock)
{
    __shared__ unsigned c[8][64];
    __shared__ unsigned seg[64 * 9];
    __shared__ unsigned z[128];
    const unsigned t = threadIdx.x, b = blockIdx.x;
    const bool here = (int)b == faultBlock;
    unsigned k[4], total = 0;
    for (int j = 0; j < 4; j++) k[j] = in[(b * 64 + t) * 4 + j];
    c[0][t] = 0; // @zero0
    c[1][t] = 0;
    c[2][t] = 0;
    c[3][t] = 0;
    c[4][t] = 0;
    c[5][t] = 0; // @zero5
    c[6][t] = 0;
    c[7][t] = 0;
    if (here && fault == 1) {
        unsigned* p = &c[0][t];
        p[0] = 1;
        p[1] = 1; // @nextColumn
    }
    if (here && fault == 4) total += c[5][t ^ 1]; // @readZeroed
    __syncthreads();
    for (int j = 0; j < 4; j++) {
        const unsigned d = digitOf(k[j]);
        unsigned short* h = (unsigned short*)&c[d / 2][t] + d % 2;
        *h = (unsigned short)(*h + 1);
    }
    for (int r = 0; r < 9; r++) seg[t * 9 + r] = 0; // (the segments written before their epoch: the shadow's)
    __syncthreads();
    const unsigned r0 = c[0][t], r1 = c[1][t], r2 = c[2][t], r3 = c[3][t], r4 = c[4][t], r5 = c[5][t],
                   r6 = c[6][t], r7 = c[7][t];
    __syncthreads();
    unsigned* s = &seg[t * 9];
    s[0] = r0;
    s[1] = r1;
    s[2] = r2;
    s[3] = r3;
    s[4] = r4;
    s[5] = r5;
    s[6] = r6;
    s[7] = r7;
    s[8] = 0;
    const unsigned a = (unsigned)__cvta_generic_to_shared(s);
    if (here && fault == 2) {
        unsigned x, y;
        asm volatile("ld.shared.u32 %0, [%2+4];\n\tld.shared.u32 %1, [%2+-32];" : "=r"(x), "=r"(y) : "r"(a) : "memory"); // @nextSegment2
        total += x + y;
    }
    __syncthreads();
    unsigned v[9];
    asm volatile("ld.shared.u32 %0, [%9];\n\tld.shared.u32 %1, [%9+4];\n\tld.shared.u32 %2, [%9+8];\n\t"
                 "ld.shared.u32 %3, [%9+12];\n\tld.shared.u32 %4, [%9+16];\n\tld.shared.u32 %5, [%9+20];\n\t"
                 "ld.shared.u32 %6, [%9+24];\n\tld.shared.u32 %7, [%9+28];\n\tld.shared.u32 %8, [%9+32];"
                 : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3]), "=r"(v[4]), "=r"(v[5]), "=r"(v[6]), "=r"(v[7]),
                   "=r"(v[8])
                 : "r"(a) : "memory");
    for (int r = 0; r < 9; r++) total += v[r];
    __syncthreads();
    const unsigned* q = &seg[t * 9];
    const unsigned q0 = q[0]; // @sum0
    const unsigned x1 = q0 * 3 + 1;
    const unsigned q1 = q[1];
    const unsigned x2 = x1 ^ q1;
    const unsigned q2 = q[2]; // @sum2
    const unsigned x3 = x2 + (q2 >> 1);
    const unsigned q3 = q[3];
    total += q0 + q1 + q2 + q3 + (x3 & 1); // (every loaded value kept to here: a hoisted run)
    if (here && fault == 6) seg[(t + 1) % 64 * 9 + 2] = 0; // @nextWord2
    __syncthreads();
    if (here && fault == 3) {
        total += z[64 + (t ^ 1)]; // @takenRead
        unsigned* p = &z[t];
        p[0] = t;
        p[64] = t; // @takenWrite
    }
    if (here && fault == 5) {
        z[t] = t;
        __syncthreads();
        unsigned x, y;
        const unsigned za = (unsigned)__cvta_generic_to_shared(&z[t]);
        asm volatile("ld.shared.u32 %0, [%2];\n\tld.shared.u32 %1, [%2+256];" : "=r"(x), "=r"(y) : "r"(za) : "memory"); // @unwrittenRun
        total += x + y;
    }
    out[b * 64 + t] = (total & 0xffff) + (total >> 16);
}

// case: 24 blocks of runs, honest: each thread's counters, copied to its
// raking segment and read back, sum to its 4 keys (and its first four
// counter words again)
// kernel: runKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 1536 = 0
// params: in out 0 -1
// expect: no hazards
// expect: no hazards

// case: in block 12, every thread also stores to its own word and the next
// thread's of row 0 as a run from one base, in the epoch the next thread
// zeroes it: the run's second store moves one word, which the column rule
// does not keep: races
// kernel: runKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 1536 = 0
// params: in out 1 12
// expect: hazard races line @nextColumn block 12

// case: in block 13, every thread also reads word 1 of its own raking
// segment and word 1 of the one before (thread 0: a counter word) as a
// run, in the epoch the thread before stores it: the run's second read
// moves nine words back, out of the segment rule's range: races
// kernel: runKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 1536 = 0
// params: in out 2 13
// expect: hazard races line @nextSegment2 block 13

// case: in block 14, every thread reads z[64 + (t xor 1)] (never written:
// uninitialised, and the shadow's words this epoch), then stores z[t] and
// z[64 + t] as a run: the second store keeps the column rule but touches
// the shadow's words, so the shadow takes it: races with the reads
// kernel: runKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 1536 = 0
// params: in out 3 14
// expect: hazard memory kind UNINIT_SHARED line @takenRead block 14
// expect: hazard races line @takenWrite block 14

// case: in block 15, every thread also reads row 5 of its neighbour's
// column (t xor 1) after the rows' zeroing, in that epoch: the rules stop
// and replay the zeroing run, each store at its own line: races with the
// sixth store's line
// kernel: runKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 1536 = 0
// params: in out 4 15
// expect: hazard races line @readZeroed line2 @zero5 block 15

// case: in block 16, every thread writes z[t], then after a barrier reads
// z[t] and z[64 + t] as a run: the second read keeps the column rule but
// its words were never written: uninitialised
// kernel: runKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 1536 = 0
// params: in out 5 16
// expect: hazard memory kind UNINIT_SHARED line @unwrittenRun block 16

// case: in block 17, after reading the first four words of its segment
// (loads with adds between: a hoisted run), every thread also zeroes word
// 2 of the next thread's, in that epoch: the rules stop and replay the
// run, each load at its own line: races with the third load's line
// kernel: runKeys
// launch: grid 24 block 64
// buffer: in u32 6144 = iota
// buffer: out u32 1536 = 0
// params: in out 6 17
// expect: hazard races line @nextWord2 line2 @sum2 block 17
