// Conformance (helper-written): realistic kernels that use atomics on __shared__
// words together with plain reads/writes of the same words: block histograms,
// stream compaction with a shared counter, a block work queue, warp-aggregated
// increments, first-finder flags, per-warp counters, a packed 64-bit argmax,
// multi-round counters with resets, an atomicInc ring index, early-exit flags,
// "last block" reductions with __threadfence(), and a CAS loop -- each honest
// kernel followed by buggy twins.
//
// Written by a helper session from the CUDA programming guide's memory-model
// rules alone (an atomic is a read-modify-write; two atomics never race; a
// plain access against another thread's atomic/write must be ordered by
// __syncthreads(), or within a warp by __syncwarp()/a *_sync intrinsic naming
// both lanes; __threadfence*() is not a barrier; a CAS loop's first plain read
// is exempt).  Every verdict and every expected value was decided before the
// checker was run; none were changed afterwards.
//
// Written after cf_shared_atomic_order to try the check that came of it on
// code its design had not seen. Before an atomic checked the epoch's reads
// of its word (6 December 2026), 29 of the 31 were judged right: the two
// missed were bugWarpAggReadCounter and bugReadThenExch, a plain read before
// other threads' atomics.

// case: block-local 16-bin histogram: zero, barrier, shared atomicAdd, barrier, global merge
// kernel: histBlock16
// launch: grid 2 block 128
// buffer: data u32 1024 = iota
// buffer: hist u32 16 = 0
// params: data hist
// expect: hist[0..15] = 85 44 85 43 87 42 86 43 85 42 86 42 85 43 84 42
// expect: no hazards
// why: zeroing and the atomics are split by a barrier, the atomics and the flush
// why: reads by another barrier; atomics among themselves never race.
__global__ void histBlock16(const unsigned* data, unsigned* hist)
{
    __shared__ unsigned s_bins[16];
    if (threadIdx.x < 16) s_bins[threadIdx.x] = 0;
    __syncthreads();
    for (int k = 0; k < 4; ++k) {
        unsigned v = data[blockIdx.x * 512 + k * 128 + threadIdx.x];
        atomicAdd(&s_bins[(v * v + v / 3) % 16], 1u);
    }
    __syncthreads();
    if (threadIdx.x < 16) atomicAdd(&hist[threadIdx.x], s_bins[threadIdx.x]);
}

// case: BUG histogram flush without the barrier after the shared atomics
// kernel: bugHistNoBarrier
// gpu: differs, a race: the flush may read a bin before other warps finished adding
// launch: grid 2 block 128
// buffer: data u32 1024 = iota
// buffer: hist u32 16 = 0
// params: data hist
// expect: hazard races
// why: thread b<16 plain-reads s_bins[b] in the same barrier interval as other
// why: threads' atomicAdd on that bin (every bin gets 20+ adds per block) -> race.
__global__ void bugHistNoBarrier(const unsigned* data, unsigned* hist)
{
    __shared__ unsigned s_bins[16];
    if (threadIdx.x < 16) s_bins[threadIdx.x] = 0;
    __syncthreads();
    for (int k = 0; k < 4; ++k) {
        unsigned v = data[blockIdx.x * 512 + k * 128 + threadIdx.x];
        atomicAdd(&s_bins[(v * v + v / 3) % 16], 1u);
    }
    if (threadIdx.x < 16) atomicAdd(&hist[threadIdx.x], s_bins[threadIdx.x]);
}

// case: stream compaction with a shared counter; thread 0 reads s_n after a barrier
// kernel: compactShared
// launch: grid 2 block 128
// buffer: in u32 256 = iota
// buffer: counts u32 2 = 0
// buffer: marks u32 256 = 0
// params: in counts marks
// expect: counts[0..1] = 55 56
// expect: marks[0..127] = 1 0 1 1 0 0 1 0 0 1 0 0 1 0 0 1 1 0 1 0 0 1 0 1 1 0 0 1 0 0 1 0 0 1 0 0 1 1 0 1 0 0 1 0 1 1 0 0 1 0 0 1 0 0 1 0 0 1 1 0 1 0 0 1 0 1 1 0 0 1 0 0 1 0 0 1 0 0 1 1 0 1 0 0 1 0 1 1 0 0 1 0 0 1 0 0 1 0 0 1 1 0 1 0 0 1 0 1 1 0 0 1 0 0 1 0 0 1 0 0 1 1 0 1 0 0 1 0
// expect: marks[128..255] = 1 1 0 0 1 0 0 1 0 0 1 0 0 1 1 0 1 0 0 1 0 1 1 0 0 1 0 0 1 0 0 1 0 0 1 1 0 1 0 0 1 0 1 1 0 0 1 0 0 1 0 0 1 0 0 1 1 0 1 0 0 1 0 1 1 0 0 1 0 0 1 0 0 1 0 0 1 1 0 1 0 0 1 0 1 1 0 0 1 0 0 1 0 0 1 0 0 1 1 0 1 0 0 1 0 1 1 0 0 1 0 0 1 0 0 1 0 0 1 1 0 1 0 0 1 0 1 1
// expect: no hazards
// why: pos = atomicAdd(&s_n,1) gives each writer a distinct s_buf slot; s_n and
// why: s_buf are read only after __syncthreads(); the slot order varies but the
// why: set of compacted values (marks) and the count do not.
__global__ void compactShared(const unsigned* in, unsigned* counts, unsigned* marks)
{
    __shared__ unsigned s_n;
    __shared__ unsigned s_buf[128];
    if (threadIdx.x == 0) s_n = 0;
    __syncthreads();
    unsigned x = in[blockIdx.x * 128 + threadIdx.x];
    if (x % 3 == 0 || x % 7 == 2) {
        unsigned pos = atomicAdd(&s_n, 1u);
        s_buf[pos] = x;
    }
    __syncthreads();
    if (threadIdx.x == 0) counts[blockIdx.x] = s_n;
    for (unsigned i = threadIdx.x; i < s_n; i += blockDim.x) marks[s_buf[i]] = 1;
}

// case: BUG compaction: thread 0 reads s_n before the barrier
// kernel: bugCompactEarlyCount
// gpu: differs, a race: thread 0 may read s_n while other threads still atomicAdd it
// launch: grid 2 block 128
// buffer: in u32 256 = iota
// buffer: counts u32 2 = 0
// buffer: marks u32 256 = 0
// params: in counts marks
// expect: hazard races
// why: `if (threadIdx.x == 0) counts[b] = s_n;` sits in the same barrier interval
// why: as the other threads' atomicAdd(&s_n,1) -> plain read vs atomic, race.
__global__ void bugCompactEarlyCount(const unsigned* in, unsigned* counts, unsigned* marks)
{
    __shared__ unsigned s_n;
    __shared__ unsigned s_buf[128];
    if (threadIdx.x == 0) s_n = 0;
    __syncthreads();
    unsigned x = in[blockIdx.x * 128 + threadIdx.x];
    if (x % 3 == 0 || x % 7 == 2) {
        unsigned pos = atomicAdd(&s_n, 1u);
        s_buf[pos] = x;
    }
    if (threadIdx.x == 0) counts[blockIdx.x] = s_n;
    __syncthreads();
    for (unsigned i = threadIdx.x; i < s_n; i += blockDim.x) marks[s_buf[i]] = 1;
}

// case: block-local work queue: threads pop item indices with atomicAdd until empty
// kernel: workQueuePop
// launch: grid 2 block 64
// buffer: in s32 400 = iota
// buffer: out s32 400 = 0
// buffer: heads u32 2 = 0
// params: in out heads 200
// expect: out[0..199] = 1 4 7 10 13 16 19 22 25 28 31 34 37 40 43 46 49 52 55 58 61 64 67 70 73 76 79 82 85 88 91 94 97 100 103 106 109 112 115 118 121 124 127 130 133 136 139 142 145 148 151 154 157 160 163 166 169 172 175 178 181 184 187 190 193 196 199 202 205 208 211 214 217 220 223 226 229 232 235 238 241 244 247 250 253 256 259 262 265 268 271 274 277 280 283 286 289 292 295 298 301 304 307 310 313 316 319 322 325 328 331 334 337 340 343 346 349 352 355 358 361 364 367 370 373 376 379 382 385 388 391 394 397 400 403 406 409 412 415 418 421 424 427 430 433 436 439 442 445 448 451 454 457 460 463 466 469 472 475 478 481 484 487 490 493 496 499 502 505 508 511 514 517 520 523 526 529 532 535 538 541 544 547 550 553 556 559 562 565 568 571 574 577 580 583 586 589 592 595 598
// expect: out[200..399] = 601 604 607 610 613 616 619 622 625 628 631 634 637 640 643 646 649 652 655 658 661 664 667 670 673 676 679 682 685 688 691 694 697 700 703 706 709 712 715 718 721 724 727 730 733 736 739 742 745 748 751 754 757 760 763 766 769 772 775 778 781 784 787 790 793 796 799 802 805 808 811 814 817 820 823 826 829 832 835 838 841 844 847 850 853 856 859 862 865 868 871 874 877 880 883 886 889 892 895 898 901 904 907 910 913 916 919 922 925 928 931 934 937 940 943 946 949 952 955 958 961 964 967 970 973 976 979 982 985 988 991 994 997 1000 1003 1006 1009 1012 1015 1018 1021 1024 1027 1030 1033 1036 1039 1042 1045 1048 1051 1054 1057 1060 1063 1066 1069 1072 1075 1078 1081 1084 1087 1090 1093 1096 1099 1102 1105 1108 1111 1114 1117 1120 1123 1126 1129 1132 1135 1138 1141 1144 1147 1150 1153 1156 1159 1162 1165 1168 1171 1174 1177 1180 1183 1186 1189 1192 1195 1198
// expect: heads[0..1] = 264 264
// expect: no hazards
// why: every pop is an atomic; each index < 200 goes to exactly one thread; each
// why: thread ends with one failing pop, so s_head ends at 200 + 64 = 264, read by
// why: thread 0 only after a barrier.
__global__ void workQueuePop(const int* in, int* out, unsigned* heads, int n)
{
    __shared__ unsigned s_head;
    if (threadIdx.x == 0) s_head = 0;
    __syncthreads();
    for (;;) {
        unsigned i = atomicAdd(&s_head, 1u);
        if (i >= (unsigned)n) break;
        out[blockIdx.x * n + i] = in[blockIdx.x * n + i] * 3 + 1;
    }
    __syncthreads();
    if (threadIdx.x == 0) heads[blockIdx.x] = s_head;
}

// case: BUG work queue: thread 0 resets the head for a second pass with no barrier first
// kernel: bugQueueResetEarly
// gpu: differs, a race: the reset may land while other threads are still popping
// launch: grid 2 block 64
// buffer: in s32 400 = iota
// buffer: out s32 400 = 0
// buffer: heads u32 2 = 0
// params: in out heads 200
// expect: hazard races
// why: thread 0 leaves the pop loop and writes s_head = 0 (plain) while the other 63
// why: threads' atomicAdd pops are in the same barrier interval -> race.
__global__ void bugQueueResetEarly(const int* in, int* out, unsigned* heads, int n)
{
    __shared__ unsigned s_head;
    if (threadIdx.x == 0) s_head = 0;
    __syncthreads();
    for (;;) {
        unsigned i = atomicAdd(&s_head, 1u);
        if (i >= (unsigned)n) break;
        out[blockIdx.x * n + i] = in[blockIdx.x * n + i] * 3 + 1;
    }
    if (threadIdx.x == 0) s_head = 0;
    __syncthreads();
    for (;;) {
        unsigned i = atomicAdd(&s_head, 1u);
        if (i >= (unsigned)n) break;
        atomicAdd(&out[blockIdx.x * n + i], 1);
    }
    __syncthreads();
    if (threadIdx.x == 0) heads[blockIdx.x] = s_head;
}

// case: warp-aggregated compaction: ballot, popc, leader atomicAdd, shfl the base
// kernel: warpAggCompact
// launch: grid 1 block 128
// buffer: in u32 128 = iota
// buffer: count u32 1 = 0
// buffer: marks u32 128 = 0
// params: in count marks
// expect: count[0] = 55
// expect: marks[0..127] = 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 0
// expect: no hazards
// why: only leader lanes touch s_n (atomically); the base travels by __shfl_sync,
// why: slots are disjoint; s_n and s_buf are read after __syncthreads().
__global__ void warpAggCompact(const unsigned* in, unsigned* count, unsigned* marks)
{
    __shared__ unsigned s_n;
    __shared__ unsigned s_buf[128];
    s_buf[threadIdx.x] = 0xffffffffu;
    if (threadIdx.x == 0) s_n = 0;
    __syncthreads();
    unsigned lane = threadIdx.x & 31;
    unsigned x = in[threadIdx.x];
    bool p = (x * 5) % 7 < 3;
    unsigned b = __ballot_sync(0xffffffffu, p);
    int leader = b ? __ffs(b) - 1 : 0;
    unsigned base = 0;
    if (b != 0 && (int)lane == leader) base = atomicAdd(&s_n, (unsigned)__popc(b));
    base = __shfl_sync(0xffffffffu, base, leader);
    if (p) s_buf[base + __popc(b & ((1u << lane) - 1u))] = x;
    __syncthreads();
    if (threadIdx.x == 0) count[0] = s_n;
    for (unsigned i = threadIdx.x; i < s_n; i += blockDim.x) {
        unsigned v = s_buf[i];
        if (v < 128) marks[v] = 1;
    }
}

// case: BUG warp-aggregated: lanes read s_n themselves after only a __syncwarp
// kernel: bugWarpAggReadCounter
// gpu: differs, a race: other warps' leaders may bump s_n between the add and the read
// launch: grid 1 block 128
// buffer: in u32 128 = iota
// buffer: count u32 1 = 0
// buffer: marks u32 128 = 0
// params: in count marks
// expect: hazard races
// why: __syncwarp orders the leader's atomic with its own warp's reads, but the
// why: plain read of s_n races with the OTHER warps' leaders' atomicAdd (no barrier).
__global__ void bugWarpAggReadCounter(const unsigned* in, unsigned* count, unsigned* marks)
{
    __shared__ unsigned s_n;
    __shared__ unsigned s_buf[128];
    s_buf[threadIdx.x] = 0xffffffffu;
    if (threadIdx.x == 0) s_n = 0;
    __syncthreads();
    unsigned lane = threadIdx.x & 31;
    unsigned x = in[threadIdx.x];
    bool p = (x * 5) % 7 < 3;
    unsigned b = __ballot_sync(0xffffffffu, p);
    int leader = b ? __ffs(b) - 1 : 0;
    if (b != 0 && (int)lane == leader) atomicAdd(&s_n, (unsigned)__popc(b));
    __syncwarp();
    unsigned base = s_n - (unsigned)__popc(b);
    if (p) s_buf[base + __popc(b & ((1u << lane) - 1u))] = x;
    __syncthreads();
    if (threadIdx.x == 0) count[0] = s_n;
    for (unsigned i = threadIdx.x; i < s_n; i += blockDim.x) {
        unsigned v = s_buf[i];
        if (v < 128) marks[v] = 1;
    }
}

// case: warp-aggregated, base handed through a per-warp shared word and __syncwarp
// kernel: warpAggBaseShared
// launch: grid 2 block 64
// buffer: in u32 128 = iota
// buffer: count u32 2 = 0
// buffer: marks u32 128 = 0
// params: in count marks
// expect: count[0..1] = 22 21
// expect: marks[0..127] = 1 1 0 0 0 1 0 0 0 1 0 0 0 1 0 0 0 1 1 0 0 1 0 0 0 1 0 1 0 1 0 0 0 1 0 0 1 1 0 0 0 1 0 0 0 1 0 0 0 1 0 0 0 1 1 0 0 1 0 0 0 1 0 1 0 1 0 0 0 1 0 0 1 1 0 0 0 1 0 0 0 1 0 0 0 1 0 0 0 1 1 0 0 1 0 0 0 1 0 1 0 1 0 0 0 1 0 0 1 1 0 0 0 1 0 0 0 1 0 0 0 1 0 0 0 1 1 0
// expect: no hazards
// why: the leader plain-writes s_wbase[w] (its own warp's word) and the warp's
// why: lanes read it after __syncwarp(full mask) -- ordered; s_n only atomics
// why: until the barrier; other warps never touch s_wbase[w].
__global__ void warpAggBaseShared(const unsigned* in, unsigned* count, unsigned* marks)
{
    __shared__ unsigned s_n;
    __shared__ unsigned s_wbase[2];
    __shared__ unsigned s_buf[64];
    s_buf[threadIdx.x] = 0xffffffffu;
    if (threadIdx.x == 0) s_n = 0;
    __syncthreads();
    unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    unsigned x = in[blockIdx.x * 64 + threadIdx.x];
    bool p = (x % 4 == 1) || (x % 9 == 0);
    unsigned b = __ballot_sync(0xffffffffu, p);
    if (b != 0 && (int)lane == __ffs(b) - 1) s_wbase[w] = atomicAdd(&s_n, (unsigned)__popc(b));
    __syncwarp();
    if (p) s_buf[s_wbase[w] + __popc(b & ((1u << lane) - 1u))] = x;
    __syncthreads();
    if (threadIdx.x == 0) count[blockIdx.x] = s_n;
    for (unsigned i = threadIdx.x; i < s_n; i += blockDim.x) {
        unsigned v = s_buf[i];
        if (v < 128) marks[v] = 1;
    }
}

// case: first thread to find a match claims a shared flag with atomicCAS; all read it after a barrier
// kernel: firstFinder
// launch: grid 3 block 128
// buffer: data s32 384 = iota
// buffer: found s32 3 = 0
// buffer: hits u32 3 = 0
// buffer: seen u32 384 = 0
// params: data found hits seen
// expect: found[0..2] = -1 17 17
// expect: hits[0..2] = 0 3 4
// expect: seen[0..127] = 0
// expect: seen[128..383] = 1
// expect: no hazards
// why: the CAS and the hit counter are atomics; every thread reads s_winner and
// why: thread 0 reads s_hits only after __syncthreads(). Which thread wins varies,
// why: but data[winner] % 40 is 17 for any winner (matches: 137,177,217 | 257..377).
__global__ void firstFinder(const int* data, int* found, unsigned* hits, unsigned* seen)
{
    __shared__ int s_winner;
    __shared__ unsigned s_hits;
    if (threadIdx.x == 0) { s_winner = -1; s_hits = 0; }
    __syncthreads();
    int base = blockIdx.x * 128;
    int v = data[base + threadIdx.x];
    if (v % 40 == 17 && v >= 128) {
        atomicCAS(&s_winner, -1, (int)threadIdx.x);
        atomicAdd(&s_hits, 1u);
    }
    __syncthreads();
    int w = s_winner;
    seen[base + threadIdx.x] = (w >= 0) ? 1u : 0u;
    if (threadIdx.x == 0) {
        found[blockIdx.x] = (w >= 0) ? data[base + w] % 40 : -1;
        hits[blockIdx.x] = s_hits;
    }
}

// case: BUG first finder: the flag is read with no barrier after the atomicCAS
// kernel: bugFinderNoBarrier
// gpu: differs, a race: a thread may read s_winner before the winner's CAS
// launch: grid 3 block 128
// buffer: data s32 384 = iota
// buffer: found s32 3 = 0
// buffer: hits u32 3 = 0
// buffer: seen u32 384 = 0
// params: data found hits seen
// expect: hazard races
// why: in blocks 1 and 2 every thread plain-reads s_winner (and thread 0 s_hits) in
// why: the same interval as the matching threads' atomicCAS/atomicAdd -> race.
__global__ void bugFinderNoBarrier(const int* data, int* found, unsigned* hits, unsigned* seen)
{
    __shared__ int s_winner;
    __shared__ unsigned s_hits;
    if (threadIdx.x == 0) { s_winner = -1; s_hits = 0; }
    __syncthreads();
    int base = blockIdx.x * 128;
    int v = data[base + threadIdx.x];
    if (v % 40 == 17 && v >= 128) {
        atomicCAS(&s_winner, -1, (int)threadIdx.x);
        atomicAdd(&s_hits, 1u);
    }
    int w = s_winner;
    seen[base + threadIdx.x] = (w >= 0) ? 1u : 0u;
    if (threadIdx.x == 0) {
        found[blockIdx.x] = (w >= 0) ? data[base + w] % 40 : -1;
        hits[blockIdx.x] = s_hits;
    }
}

// case: per-warp counters: each warp atomics its own word, lane 0 reads after __syncwarp
// kernel: perWarpCounters
// launch: grid 2 block 128
// buffer: in u32 256 = iota
// buffer: out u32 8 = 0
// params: in out
// expect: out[0..7] = 1161 1165 1064 1163 1167 1061 1165 1164
// expect: no hazards
// why: s_cnt[w] is touched only by warp w: lane 0's zeroing and the lanes' atomics
// why: are split by __syncwarp(), the atomics and lane 0's read by another one.
__global__ void perWarpCounters(const unsigned* in, unsigned* out)
{
    __shared__ unsigned s_cnt[4];
    unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31;
    if (lane == 0) s_cnt[w] = 0;
    __syncwarp();
    unsigned v = in[blockIdx.x * 128 + threadIdx.x];
    atomicAdd(&s_cnt[w], v % 5 + (v % 3 == 0 ? 100u : 0u));
    __syncwarp();
    if (lane == 0) out[blockIdx.x * 4 + w] = s_cnt[w];
}

// case: BUG per-warp counters: lane 0 reads its warp's counter without __syncwarp
// kernel: bugPerWarpNoSyncwarp
// gpu: differs, a race: lane 0 may read before the other lanes' atomics
// launch: grid 2 block 128
// buffer: in u32 256 = iota
// buffer: out u32 8 = 0
// params: in out
// expect: hazard races
// why: lanes 1..31 atomicAdd s_cnt[w] and lane 0 plain-reads it with nothing
// why: (no __syncwarp, no barrier) between them; independent thread scheduling.
__global__ void bugPerWarpNoSyncwarp(const unsigned* in, unsigned* out)
{
    __shared__ unsigned s_cnt[4];
    unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31;
    if (lane == 0) s_cnt[w] = 0;
    __syncwarp();
    unsigned v = in[blockIdx.x * 128 + threadIdx.x];
    atomicAdd(&s_cnt[w], v % 5 + (v % 3 == 0 ? 100u : 0u));
    if (lane == 0) out[blockIdx.x * 4 + w] = s_cnt[w];
}

// case: lock-free argmax: (value, ~index) packed in 64 bits, atomicMax on unsigned long long
// kernel: packedArgMax
// launch: grid 2 block 128
// buffer: in u32 256 = iota
// buffer: bestVal u32 2 = 0
// buffer: bestIdx u32 2 = 0
// params: in bestVal bestIdx
// expect: bestVal[0..1] = 49 49
// expect: bestIdx[0..1] = 27 49
// expect: no hazards
// why: 64-bit atomicMax is order-independent (max, ties to the smallest index via
// why: ~index); s_best is zeroed before and read after a barrier.
__global__ void packedArgMax(const unsigned* in, unsigned* bestVal, unsigned* bestIdx)
{
    __shared__ unsigned long long s_best;
    if (threadIdx.x == 0) s_best = 0ull;
    __syncthreads();
    unsigned v = (in[blockIdx.x * 128 + threadIdx.x] * 37u) % 50u;
    unsigned long long key = ((unsigned long long)v << 32) | (0xffffffffu - threadIdx.x);
    atomicMax(&s_best, key);
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned long long b = s_best;
        bestVal[blockIdx.x] = (unsigned)(b >> 32);
        bestIdx[blockIdx.x] = 0xffffffffu - (unsigned)(b & 0xffffffffull);
    }
}

// case: BUG max: thread 0 does a plain s_max = max(s_max, v) while the others atomicMax
// kernel: bugPlainMaxMixed
// gpu: differs, a race: thread 0's read-then-write may overwrite a larger atomic result
// launch: grid 2 block 128
// buffer: in u32 256 = iota
// buffer: bestVal u32 2 = 0
// params: in bestVal
// expect: hazard races
// why: thread 0's plain read and plain write of s_max share a barrier interval with
// why: 127 other threads' atomicMax on s_max -> race (not a CAS loop).
__global__ void bugPlainMaxMixed(const unsigned* in, unsigned* bestVal)
{
    __shared__ unsigned s_max;
    if (threadIdx.x == 0) s_max = 0;
    __syncthreads();
    unsigned v = (in[blockIdx.x * 128 + threadIdx.x] * 37u) % 50u;
    if (threadIdx.x == 0) s_max = max(s_max, v);
    else atomicMax(&s_max, v);
    __syncthreads();
    if (threadIdx.x == 0) bestVal[blockIdx.x] = s_max;
}

// case: rounds of counting: barrier, atomics, barrier, read, barrier, reset by thread 0, barrier
// kernel: roundsReset
// launch: grid 1 block 128
// buffer: in u32 128 = iota
// buffer: out u32 4 = 0
// params: in out
// expect: out[0..3] = 19 18 18 19
// expect: no hazards
// why: each round's atomics, thread 0's read and thread 0's reset sit in distinct
// why: barrier intervals; the next round's atomics follow the barrier after the reset.
__global__ void roundsReset(const unsigned* in, unsigned* out)
{
    __shared__ unsigned s_count;
    if (threadIdx.x == 0) s_count = 0;
    __syncthreads();
    unsigned x = in[threadIdx.x];
    for (unsigned r = 0; r < 4; ++r) {
        if ((x * (r + 1) + r) % 7 == 0) atomicAdd(&s_count, 1u);
        __syncthreads();
        if (threadIdx.x == 0) out[r] = s_count;
        __syncthreads();
        if (threadIdx.x == 0) s_count = 0;
        __syncthreads();
    }
}

// case: BUG rounds: thread 0 resets the counter with no barrier before the next round's atomics
// kernel: bugRoundsResetNoBarrier
// gpu: differs, a race: the reset may wipe increments of the next round
// launch: grid 1 block 128
// buffer: in u32 128 = iota
// buffer: out u32 4 = 0
// params: in out
// expect: hazard races
// why: thread 0's plain s_count = 0 and the other threads' atomicAdd of round r+1
// why: (rounds 1..3 all have matching threads other than 0: 18 or 19 each) share an interval -> race.
__global__ void bugRoundsResetNoBarrier(const unsigned* in, unsigned* out)
{
    __shared__ unsigned s_count;
    if (threadIdx.x == 0) s_count = 0;
    __syncthreads();
    unsigned x = in[threadIdx.x];
    for (unsigned r = 0; r < 4; ++r) {
        if ((x * (r + 1) + r) % 7 == 0) atomicAdd(&s_count, 1u);
        __syncthreads();
        if (threadIdx.x == 0) out[r] = s_count;
        __syncthreads();
        if (threadIdx.x == 0) s_count = 0;
    }
}

// case: rounds with the read-to-reset barrier dropped: still race-free, same thread reads and resets
// kernel: roundsResetSameThread
// launch: grid 1 block 128
// buffer: in u32 128 = iota
// buffer: out u32 4 = 0
// params: in out
// expect: out[0..3] = 19 18 18 19
// expect: no hazards
// why: between the barrier after the atomics and the barrier after the reset only
// why: thread 0 touches s_count (read then write, its own program order) -> no race.
__global__ void roundsResetSameThread(const unsigned* in, unsigned* out)
{
    __shared__ unsigned s_count;
    if (threadIdx.x == 0) s_count = 0;
    __syncthreads();
    unsigned x = in[threadIdx.x];
    for (unsigned r = 0; r < 4; ++r) {
        if ((x * (r + 1) + r) % 7 == 0) atomicAdd(&s_count, 1u);
        __syncthreads();
        if (threadIdx.x == 0) {
            out[r] = s_count;
            s_count = 0;
        }
        __syncthreads();
    }
}

// case: cumulative counter read by thread 0 each round, barrier before the next round
// kernel: roundsCumulative
// launch: grid 1 block 128
// buffer: in u32 128 = iota
// buffer: out u32 4 = 0
// params: in out
// expect: out[0..3] = 19 37 55 74
// expect: no hazards
// why: atomics | barrier | thread 0 reads | barrier | next round's atomics.
__global__ void roundsCumulative(const unsigned* in, unsigned* out)
{
    __shared__ unsigned s_count;
    if (threadIdx.x == 0) s_count = 0;
    __syncthreads();
    unsigned x = in[threadIdx.x];
    for (unsigned r = 0; r < 4; ++r) {
        if ((x * (r + 1) + r) % 7 == 0) atomicAdd(&s_count, 1u);
        __syncthreads();
        if (threadIdx.x == 0) out[r] = s_count;
        __syncthreads();
    }
}

// case: BUG cumulative counter: no barrier between thread 0's read and the next round's atomics
// kernel: bugRoundsReadNoBarrier
// gpu: differs, a race: thread 0 may read round r's total after round r+1's adds
// launch: grid 1 block 128
// buffer: in u32 128 = iota
// buffer: out u32 4 = 0
// params: in out
// expect: hazard races
// why: thread 0's plain read of s_count for round r is in the same interval as other
// why: threads' atomicAdd for round r+1 -> race.
__global__ void bugRoundsReadNoBarrier(const unsigned* in, unsigned* out)
{
    __shared__ unsigned s_count;
    if (threadIdx.x == 0) s_count = 0;
    __syncthreads();
    unsigned x = in[threadIdx.x];
    for (unsigned r = 0; r < 4; ++r) {
        if ((x * (r + 1) + r) % 7 == 0) atomicAdd(&s_count, 1u);
        __syncthreads();
        if (threadIdx.x == 0) out[r] = s_count;
    }
}

// case: atomicInc with wrap as a ring index; per-slot use counts
// kernel: ringAtomicInc
// launch: grid 1 block 96
// buffer: slots u32 40 = 0
// buffer: head u32 1 = 0
// params: slots head
// expect: slots[0..39] = 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2
// expect: head[0] = 16
// expect: no hazards
// why: atomicInc(&s_head, 39) hands out 0..39,0..39,0..15 in some order: slots
// why: 0..15 used 3 times, 16..39 twice; s_head ends at 96 mod 40 = 16; all plain
// why: reads follow the barrier.
__global__ void ringAtomicInc(unsigned* slots, unsigned* head)
{
    __shared__ unsigned s_head;
    __shared__ unsigned s_use[40];
    if (threadIdx.x < 40) s_use[threadIdx.x] = 0;
    if (threadIdx.x == 0) s_head = 0;
    __syncthreads();
    unsigned slot = atomicInc(&s_head, 39u);
    atomicAdd(&s_use[slot], 1u);
    __syncthreads();
    if (threadIdx.x < 40) slots[threadIdx.x] = s_use[threadIdx.x];
    if (threadIdx.x == 0) head[0] = s_head;
}

// case: BUG ring: 96 producers plain-store into a 40-slot ring indexed by atomicInc
// kernel: bugRingOverwrite
// gpu: differs, a race: which producer's id survives in a reused slot depends on order
// launch: grid 1 block 96
// buffer: slots u32 40 = 0
// buffer: head u32 1 = 0
// params: slots head
// expect: hazard races
// why: the wrapped index gives every slot to 2 or 3 different threads, whose plain
// why: stores s_ring[slot] = tid share one barrier interval -> write/write race.
__global__ void bugRingOverwrite(unsigned* slots, unsigned* head)
{
    __shared__ unsigned s_head;
    __shared__ unsigned s_ring[40];
    if (threadIdx.x < 40) s_ring[threadIdx.x] = 0;
    if (threadIdx.x == 0) s_head = 0;
    __syncthreads();
    unsigned slot = atomicInc(&s_head, 39u);
    s_ring[slot] = threadIdx.x;
    __syncthreads();
    if (threadIdx.x < 40) slots[threadIdx.x] = s_ring[threadIdx.x];
    if (threadIdx.x == 0) head[0] = s_head;
}

// case: early exit: a shared done flag set by atomicExch, read by all after a barrier, barrier again, break
// kernel: earlyExitDone
// launch: grid 3 block 64
// buffer: in s32 1536 = iota
// buffer: rounds s32 3 = 0
// params: in rounds 700 650
// expect: rounds[0..2] = 8 2 5
// expect: no hazards
// why: the flag's atomicExch (round r) | barrier | every thread reads it | barrier |
// why: uniform break or round r+1's atomics. Block 0 never matches (8), block 1
// why: finds 650 in round 2, block 2 finds 1350 in round 5.
__global__ void earlyExitDone(const int* in, int* rounds, int m, int k)
{
    __shared__ int s_done;
    if (threadIdx.x == 0) s_done = 0;
    __syncthreads();
    int r;
    for (r = 0; r < 8; ++r) {
        int v = in[blockIdx.x * 512 + r * 64 + threadIdx.x];
        if (v % m == k) atomicExch(&s_done, 1);
        __syncthreads();
        int d = s_done;
        __syncthreads();
        if (d) break;
    }
    if (threadIdx.x == 0) rounds[blockIdx.x] = r;
}

// case: BUG early exit: the flag is read each round with no barrier before the next round's atomicExch
// kernel: bugEarlyExitNoTrailingBarrier
// gpu: differs, a race: a fast thread may set the flag before a slow one reads the previous round's value
// launch: grid 3 block 64
// buffer: in s32 1536 = iota
// buffer: rounds s32 3 = 0
// params: in rounds 700 650
// expect: hazard races
// why: (guard form so that no barrier is skipped) in block 1 every thread reads
// why: s_done after round 1's barrier while thread 10 does atomicExch in round 2
// why: with no barrier between -> race (block 2 likewise, rounds 4/5).
__global__ void bugEarlyExitNoTrailingBarrier(const int* in, int* rounds, int m, int k)
{
    __shared__ int s_done;
    if (threadIdx.x == 0) s_done = 0;
    __syncthreads();
    int stop = 0, ran = 0;
    for (int r = 0; r < 8; ++r) {
        if (!stop) {
            ++ran;
            int v = in[blockIdx.x * 512 + r * 64 + threadIdx.x];
            if (v % m == k) atomicExch(&s_done, 1);
        }
        __syncthreads();
        stop = s_done;
    }
    if (threadIdx.x == 0) rounds[blockIdx.x] = ran;
}

// case: "last block" sum: shared atomics per block, partial to global, __threadfence, atomicInc ticket
// kernel: lastBlockSum
// launch: grid 4 block 128
// buffer: in s32 512 = iota
// buffer: partial s32 4 = 0
// buffer: ticket u32 1 = 0
// buffer: result s32 1 = 0
// params: in partial ticket result
// expect: partial[0..3] = 8128 24512 40896 57280
// expect: ticket[0] = 4
// expect: result[0] = 130816
// expect: no hazards
// why: shared: s_sum atomics between barriers, s_isLast written by thread 0 and read
// why: by all after __syncthreads(). Global: writer stores partial, fences, takes
// why: ticket; the last block's thread 0 takes the last ticket and fences, then the
// why: barrier orders its threads' partial[] reads (the guide's threadFenceReduction).
__global__ void lastBlockSum(const int* in, int* partial, unsigned* ticket, int* result)
{
    __shared__ int s_sum;
    __shared__ int s_isLast;
    if (threadIdx.x == 0) { s_sum = 0; s_isLast = 0; }
    __syncthreads();
    atomicAdd(&s_sum, in[blockIdx.x * 128 + threadIdx.x]);
    __syncthreads();
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = s_sum;
        __threadfence();
        unsigned t = atomicInc(ticket, gridDim.x);
        __threadfence();
        s_isLast = (t == gridDim.x - 1);
    }
    __syncthreads();
    if (s_isLast && threadIdx.x < gridDim.x) atomicAdd(result, partial[threadIdx.x]);
}

// case: BUG last block: __threadfence() where the __syncthreads() before reading s_isLast belongs
// kernel: bugLastBlockFenceNotBarrier
// gpu: differs, a race: threads 1..3 may read s_isLast before thread 0 sets it
// launch: grid 4 block 128
// buffer: in s32 512 = iota
// buffer: partial s32 4 = 0
// buffer: ticket u32 1 = 0
// buffer: result s32 1 = 0
// params: in partial ticket result
// expect: hazard races
// why: a fence orders only the caller's own accesses; every thread's plain read of
// why: s_isLast is unordered with thread 0's plain write of it -> race.
__global__ void bugLastBlockFenceNotBarrier(const int* in, int* partial, unsigned* ticket, int* result)
{
    __shared__ int s_sum;
    __shared__ int s_isLast;
    if (threadIdx.x == 0) { s_sum = 0; s_isLast = 0; }
    __syncthreads();
    atomicAdd(&s_sum, in[blockIdx.x * 128 + threadIdx.x]);
    __syncthreads();
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = s_sum;
        __threadfence();
        unsigned t = atomicInc(ticket, gridDim.x);
        __threadfence();
        s_isLast = (t == gridDim.x - 1);
    }
    __threadfence();
    if (s_isLast && threadIdx.x < gridDim.x) atomicAdd(result, partial[threadIdx.x]);
}

// case: "last block" of a counting pass: the last block reduces the per-block counts in shared memory
// kernel: lastBlockSharedFinal
// launch: grid 3 block 64
// buffer: in u32 192 = iota
// buffer: counts u32 3 = 0
// buffer: ticket u32 1 = 0
// buffer: total u32 1 = 0
// params: in counts ticket total
// expect: counts[0..2] = 18 17 18
// expect: ticket[0] = 3
// expect: total[0] = 53
// expect: no hazards
// why: s_n atomics | barrier | thread 0 reads s_n, publishes, fences, takes a ticket,
// why: fences, writes s_isLast | barrier | uniform branch: s_total atomics | barrier |
// why: thread 0 reads s_total. s_total was zeroed before the first barrier.
__global__ void lastBlockSharedFinal(const unsigned* in, unsigned* counts, unsigned* ticket, unsigned* total)
{
    __shared__ unsigned s_n, s_total;
    __shared__ int s_isLast;
    if (threadIdx.x == 0) { s_n = 0; s_total = 0; s_isLast = 0; }
    __syncthreads();
    unsigned x = in[blockIdx.x * 64 + threadIdx.x];
    if (x % 5 == 1 || x % 11 == 0) atomicAdd(&s_n, 1u);
    __syncthreads();
    if (threadIdx.x == 0) {
        counts[blockIdx.x] = s_n;
        __threadfence();
        unsigned t = atomicAdd(ticket, 1u);
        __threadfence();
        s_isLast = (t == gridDim.x - 1);
    }
    __syncthreads();
    if (s_isLast) {
        if (threadIdx.x < gridDim.x) atomicAdd(&s_total, counts[threadIdx.x]);
        __syncthreads();
        if (threadIdx.x == 0) total[0] = s_total;
    }
}

// case: histogram with a redundant __threadfence_block() before the real barrier
// kernel: fenceBlockHist
// launch: grid 1 block 256
// buffer: in u32 256 = iota
// buffer: out u32 8 = 0
// params: in out
// expect: out[0..7] = 32 32 32 32 32 32 32 32
// expect: no hazards
// why: the __syncthreads() after the fence orders the atomics before the reads;
// why: the fence adds nothing and takes nothing away.
__global__ void fenceBlockHist(const unsigned* in, unsigned* out)
{
    __shared__ unsigned s_bins[8];
    if (threadIdx.x < 8) s_bins[threadIdx.x] = 0;
    __syncthreads();
    unsigned x = in[threadIdx.x];
    atomicAdd(&s_bins[(x ^ (x >> 3)) & 7u], 1u);
    __threadfence_block();
    __syncthreads();
    if (threadIdx.x < 8) out[threadIdx.x] = s_bins[threadIdx.x];
}

// case: BUG histogram with __threadfence_block() instead of the barrier
// kernel: bugFenceBlockInsteadOfBarrier
// gpu: differs, a race: a fence does not wait for other threads' atomics
// launch: grid 1 block 256
// buffer: in u32 256 = iota
// buffer: out u32 8 = 0
// params: in out
// expect: hazard races
// why: thread b<8 plain-reads s_bins[b] unordered with other threads' atomicAdd on
// why: it (each bin gets 32 adds); a fence is not a barrier -> race.
__global__ void bugFenceBlockInsteadOfBarrier(const unsigned* in, unsigned* out)
{
    __shared__ unsigned s_bins[8];
    if (threadIdx.x < 8) s_bins[threadIdx.x] = 0;
    __syncthreads();
    unsigned x = in[threadIdx.x];
    atomicAdd(&s_bins[(x ^ (x >> 3)) & 7u], 1u);
    __threadfence_block();
    if (threadIdx.x < 8) out[threadIdx.x] = s_bins[threadIdx.x];
}

// case: saturating add on a shared word via an atomicCAS loop (first plain read exempt)
// kernel: casSaturatingAdd
// launch: grid 4 block 32
// buffer: in u32 128 = iota
// buffer: out u32 4 = 0
// params: in out 3000
// expect: out[0..3] = 496 1520 2544 3000
// expect: no hazards
// why: the loop's first plain read of s_acc is the exempt CAS-loop read; the
// why: result min(cap, sum) is order-independent; read after a barrier.
__global__ void casSaturatingAdd(const unsigned* in, unsigned* out, unsigned cap)
{
    __shared__ unsigned s_acc;
    if (threadIdx.x == 0) s_acc = 0;
    __syncthreads();
    unsigned v = in[blockIdx.x * 32 + threadIdx.x];
    unsigned old = s_acc, assumed;
    do {
        assumed = old;
        unsigned nv = min(assumed + v, cap);
        old = atomicCAS(&s_acc, assumed, nv);
    } while (assumed != old);
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = s_acc;
}

// case: BUG "atomic" update as a plain read then atomicExch (no CAS loop)
// kernel: bugReadThenExch
// gpu: differs, a race: concurrent read-then-exchange loses additions
// launch: grid 4 block 32
// buffer: in u32 128 = iota
// buffer: out u32 4 = 0
// params: in out 3000
// expect: hazard races
// why: the plain read of s_acc is not a CAS loop's read; it races with the other
// why: lanes' atomicExch in the same interval (no __syncwarp/barrier between).
__global__ void bugReadThenExch(const unsigned* in, unsigned* out, unsigned cap)
{
    __shared__ unsigned s_acc;
    if (threadIdx.x == 0) s_acc = 0;
    __syncthreads();
    unsigned v = in[blockIdx.x * 32 + threadIdx.x];
    unsigned old = s_acc;
    atomicExch(&s_acc, min(old + v, cap));
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = s_acc;
}
