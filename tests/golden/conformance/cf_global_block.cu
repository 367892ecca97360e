// Conformance: races between threads of ONE block on global memory, written
// by a helper that read only the task (the CUDA Programming Guide's rules, no
// emulator source), each case's verdict decided before it ran. Threads of a
// block are ordered with respect to each other's global accesses only by a
// block barrier (__syncthreads() and its _count/_and/_or forms,
// this_thread_block().sync()), by __syncwarp() among lanes of one warp, or by
// a release/acquire hand-off through a flag; a thread is ordered with itself.
// Honest: the PMPP in-place reductions with their barriers, per-block
// segments, a double-barrier scan, a __syncwarp() exchange, a broadcast, a
// fence-and-flag hand-off. Bugs: the same with the barrier left out or
// replaced by __syncwarp(), a warp-synchronous tail without __syncwarp(), an
// in-place stencil. Before crossread.c judged threads of one block (6
// December 2026) every bug here passed: 12 of 22 right. One more case of the
// helper's is not here: a fence in each of two warps with no flag (a race)
// is in a program with a fence, which the check does not look at (README).

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// case: PMPP in-place sum reduction in global memory, interleaved pairs, barrier after every step
// kernel: gblkReduceInterleavedSynced
// launch: grid 1 block 256
// buffer: in u32 256 = iota
// params: in
// expect: in[0] = 32640
// expect: no hazards
// why: in step s thread t (t%2s==0) writes in[t] and reads in[t+s] (an odd multiple of s, written by nobody in this step); __syncthreads() separates the steps
__global__ void gblkReduceInterleavedSynced(unsigned int* in)
{
    unsigned int t = threadIdx.x;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        if (t % (2 * stride) == 0)
            in[t] += in[t + stride];
        __syncthreads();
    }
}

// case: PMPP convergent reduction (stride halving) over 2*blockDim elements in global memory with __syncthreads each step
// kernel: gblkReduceConvergentSynced
// launch: grid 1 block 256
// buffer: in u32 512 = iota
// params: in
// expect: in[0] = 130816
// expect: no hazards
// why: in a step threads t<stride write in[t] and read in[t+stride] in [stride,2*stride), which nobody writes in that step; __syncthreads() orders the steps
__global__ void gblkReduceConvergentSynced(unsigned int* input)
{
    unsigned int i = threadIdx.x;
    for (unsigned int stride = blockDim.x; stride >= 1; stride /= 2) {
        if (threadIdx.x < stride)
            input[i] += input[i + stride];
        __syncthreads();
    }
}

// case: each block owns a segment of a global workspace, stores, __syncthreads, then reads its right neighbour (wrapping inside the segment)
// kernel: gblkSegmentNeighbourSynced
// launch: grid 2 block 128
// buffer: in u32 256 = iota
// buffer: workspace u32 256 = 0
// buffer: out u32 256 = 0
// params: in workspace out
// expect: out[0..255] = list 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 32 34 36 38 40 42 44 46 48 50 52 54 56 58 60 62 64 66 68 70 72 74 76 78 80 82 84 86 88 90 92 94 96 98 100 102 104 106 108 110 112 114 116 118 120 122 124 126 128 130 132 134 136 138 140 142 144 146 148 150 152 154 156 158 160 162 164 166 168 170 172 174 176 178 180 182 184 186 188 190 192 194 196 198 200 202 204 206 208 210 212 214 216 218 220 222 224 226 228 230 232 234 236 238 240 242 244 246 248 250 252 254 0 258 260 262 264 266 268 270 272 274 276 278 280 282 284 286 288 290 292 294 296 298 300 302 304 306 308 310 312 314 316 318 320 322 324 326 328 330 332 334 336 338 340 342 344 346 348 350 352 354 356 358 360 362 364 366 368 370 372 374 376 378 380 382 384 386 388 390 392 394 396 398 400 402 404 406 408 410 412 414 416 418 420 422 424 426 428 430 432 434 436 438 440 442 444 446 448 450 452 454 456 458 460 462 464 466 468 470 472 474 476 478 480 482 484 486 488 490 492 494 496 498 500 502 504 506 508 510 256
// expect: no hazards
// why: the neighbour's store is before __syncthreads() and the load after it in the same block; segments of different blocks are disjoint
__global__ void gblkSegmentNeighbourSynced(const unsigned int* in, unsigned int* workspace, unsigned int* out)
{
    unsigned int t = threadIdx.x;
    unsigned int base = blockIdx.x * blockDim.x;
    workspace[base + t] = in[base + t] * 2u;
    __syncthreads();
    unsigned int nb = base + (t + 1) % blockDim.x;
    out[base + t] = workspace[nb];
}

// case: every thread writes its own element of a global temp and reads it back later (no barrier needed)
// kernel: gblkOwnElementRoundTrip
// launch: grid 2 block 128
// buffer: in u32 256 = iota
// buffer: tmp u32 256 = 0
// buffer: out u32 256 = 0
// params: in tmp out
// expect: out[0..255] = list 1 2 5 10 17 26 37 50 65 82 101 122 145 170 197 226 257 290 325 362 401 442 485 530 577 626 677 730 785 842 901 962 1025 1090 1157 1226 1297 1370 1445 1522 1601 1682 1765 1850 1937 2026 2117 2210 2305 2402 2501 2602 2705 2810 2917 3026 3137 3250 3365 3482 3601 3722 3845 3970 4097 4226 4357 4490 4625 4762 4901 5042 5185 5330 5477 5626 5777 5930 6085 6242 6401 6562 6725 6890 7057 7226 7397 7570 7745 7922 8101 8282 8465 8650 8837 9026 9217 9410 9605 9802 10001 10202 10405 10610 10817 11026 11237 11450 11665 11882 12101 12322 12545 12770 12997 13226 13457 13690 13925 14162 14401 14642 14885 15130 15377 15626 15877 16130 16385 16642 16901 17162 17425 17690 17957 18226 18497 18770 19045 19322 19601 19882 20165 20450 20737 21026 21317 21610 21905 22202 22501 22802 23105 23410 23717 24026 24337 24650 24965 25282 25601 25922 26245 26570 26897 27226 27557 27890 28225 28562 28901 29242 29585 29930 30277 30626 30977 31330 31685 32042 32401 32762 33125 33490 33857 34226 34597 34970 35345 35722 36101 36482 36865 37250 37637 38026 38417 38810 39205 39602 40001 40402 40805 41210 41617 42026 42437 42850 43265 43682 44101 44522 44945 45370 45797 46226 46657 47090 47525 47962 48401 48842 49285 49730 50177 50626 51077 51530 51985 52442 52901 53362 53825 54290 54757 55226 55697 56170 56645 57122 57601 58082 58565 59050 59537 60026 60517 61010 61505 62002 62501 63002 63505 64010 64517 65026
// expect: no hazards
// why: each tmp element is touched by exactly one thread, whose own accesses are ordered by program order
__global__ void gblkOwnElementRoundTrip(const unsigned int* in, unsigned int* tmp, unsigned int* out)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    tmp[i] = in[i] * in[i];
    unsigned int v = tmp[i];
    out[i] = v + 1u;
}

// case: in-place Hillis-Steele inclusive scan in global memory, value read into a register, barrier before and after the update
// kernel: gblkScanDoubleBarrier
// launch: grid 1 block 128
// buffer: data u32 128 = iota
// params: data
// expect: data[0..127] = list 0 1 3 6 10 15 21 28 36 45 55 66 78 91 105 120 136 153 171 190 210 231 253 276 300 325 351 378 406 435 465 496 528 561 595 630 666 703 741 780 820 861 903 946 990 1035 1081 1128 1176 1225 1275 1326 1378 1431 1485 1540 1596 1653 1711 1770 1830 1891 1953 2016 2080 2145 2211 2278 2346 2415 2485 2556 2628 2701 2775 2850 2926 3003 3081 3160 3240 3321 3403 3486 3570 3655 3741 3828 3916 4005 4095 4186 4278 4371 4465 4560 4656 4753 4851 4950 5050 5151 5253 5356 5460 5565 5671 5778 5886 5995 6105 6216 6328 6441 6555 6670 6786 6903 7021 7140 7260 7381 7503 7626 7750 7875 8001 8128
// expect: no hazards
// why: reads of data[t-offset] happen before the first __syncthreads(), writes of data[t] between the first and the second, so every read/write pair of different threads is split by a barrier
__global__ void gblkScanDoubleBarrier(unsigned int* data)
{
    unsigned int t = threadIdx.x;
    for (unsigned int offset = 1; offset < blockDim.x; offset *= 2) {
        unsigned int v = 0;
        if (t >= offset)
            v = data[t - offset];
        __syncthreads();
        if (t >= offset)
            data[t] += v;
        __syncthreads();
    }
}

// case: one warp exchanges values through global memory with __syncwarp() between the store and the load
// kernel: gblkWarpExchangeSyncwarp
// launch: grid 1 block 32
// buffer: in u32 32 = iota
// buffer: scratch u32 32 = 0
// buffer: out u32 32 = 0
// params: in scratch out
// expect: out[0..31] = list 1 4 9 16 25 36 49 64 81 100 121 144 169 196 225 256 289 324 361 400 441 484 529 576 625 676 729 784 841 900 961 0
// expect: no hazards
// why: __syncwarp() guarantees memory ordering among the participating lanes, so the store of lane t+1 is visible to lane t after it
__global__ void gblkWarpExchangeSyncwarp(const unsigned int* in, unsigned int* scratch, unsigned int* out)
{
    unsigned int lane = threadIdx.x;
    scratch[lane] = in[lane] * in[lane];
    __syncwarp();
    out[lane] = scratch[(lane + 1) & 31u];
}

// case: thread 0 computes a value into global memory, __syncthreads, then every thread reads it
// kernel: gblkBroadcastSynced
// launch: grid 1 block 128
// buffer: coef u32 4 = list 3 5 7 9
// buffer: g u32 1 = 0
// buffer: out u32 128 = 0
// params: coef g out
// expect: g[0] = 24
// expect: out[0..127] = list 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146 147 148 149 150 151
// expect: no hazards
// why: thread 0's store to g[0] is before __syncthreads() and all other threads' loads of g[0] after it
__global__ void gblkBroadcastSynced(const unsigned int* coef, unsigned int* g, unsigned int* out)
{
    unsigned int t = threadIdx.x;
    if (t == 0) {
        unsigned int s = 0;
        for (int k = 0; k < 4; ++k)
            s += coef[k];
        g[0] = s;
    }
    __syncthreads();
    out[t] = g[0] + t;
}

// case: three phases in one block through global temps, split by __syncthreads_count and by cooperative_groups this_thread_block().sync()
// kernel: gblkPhasesCountAndGroupSync
// launch: grid 1 block 128
// buffer: in u32 128 = iota
// buffer: tmp u32 128 = 0
// buffer: tmp2 u32 128 = 0
// buffer: out u32 128 = 0
// params: in tmp tmp2 out
// expect: out[0..127] = list 190 188 186 184 182 180 178 176 174 172 170 168 166 164 162 160 158 156 154 152 150 148 146 144 142 140 138 136 134 132 130 128 126 124 122 120 118 116 114 112 110 108 106 104 102 100 98 96 94 92 90 88 86 84 82 80 78 76 74 72 70 68 66 64 318 316 314 312 310 308 306 304 302 300 298 296 294 292 290 288 286 284 282 280 278 276 274 272 270 268 266 264 262 260 258 256 254 252 250 248 246 244 242 240 238 236 234 232 230 228 226 224 222 220 218 216 214 212 210 208 206 204 202 200 198 196 194 192
// expect: no hazards
// why: __syncthreads_count() is a full block barrier like __syncthreads(), and thread_block::sync() is too, so tmp (written phase 1, read phase 2) and tmp2 (written phase 2, read phase 3) are ordered
__global__ void gblkPhasesCountAndGroupSync(const unsigned int* in, unsigned int* tmp, unsigned int* tmp2, unsigned int* out)
{
    cg::thread_block block = cg::this_thread_block();
    unsigned int t = block.thread_rank();
    unsigned int n = block.size();

    tmp[t] = in[t] * 2u;
    int odd = __syncthreads_count(in[t] & 1u);

    tmp2[t] = tmp[n - 1 - t] + (unsigned int)odd;
    block.sync();

    out[t] = tmp2[(t + n / 2) % n];
}

// case: several blocks each fill their own partial segment, __syncthreads, thread 0 of the block sums its own segment
// kernel: gblkBlockPartialSums
// launch: grid 4 block 64
// buffer: in u32 256 = iota
// buffer: partial u32 256 = 0
// buffer: out u32 4 = 0
// params: in partial out
// expect: out[0..3] = list 6048 18336 30624 42912
// expect: no hazards
// why: thread 0 reads only its own block's partial elements, all stored before the block's __syncthreads()
__global__ void gblkBlockPartialSums(const unsigned int* in, unsigned int* partial, unsigned int* out)
{
    unsigned int base = blockIdx.x * blockDim.x;
    unsigned int t = threadIdx.x;
    partial[base + t] = in[base + t] * 3u;
    __syncthreads();
    if (t == 0) {
        unsigned int s = 0;
        for (unsigned int k = 0; k < blockDim.x; ++k)
            s += partial[base + k];
        out[blockIdx.x] = s;
    }
}

// case: out-of-place 3-point stencil: threads read neighbours of a read-only input and write a separate output
// kernel: gblkStencilOutOfPlace
// launch: grid 4 block 64
// buffer: in u32 256 = iota
// buffer: out u32 256 = 0
// params: in out 256
// expect: out[0..255] = list 1 3 6 9 12 15 18 21 24 27 30 33 36 39 42 45 48 51 54 57 60 63 66 69 72 75 78 81 84 87 90 93 96 99 102 105 108 111 114 117 120 123 126 129 132 135 138 141 144 147 150 153 156 159 162 165 168 171 174 177 180 183 186 189 192 195 198 201 204 207 210 213 216 219 222 225 228 231 234 237 240 243 246 249 252 255 258 261 264 267 270 273 276 279 282 285 288 291 294 297 300 303 306 309 312 315 318 321 324 327 330 333 336 339 342 345 348 351 354 357 360 363 366 369 372 375 378 381 384 387 390 393 396 399 402 405 408 411 414 417 420 423 426 429 432 435 438 441 444 447 450 453 456 459 462 465 468 471 474 477 480 483 486 489 492 495 498 501 504 507 510 513 516 519 522 525 528 531 534 537 540 543 546 549 552 555 558 561 564 567 570 573 576 579 582 585 588 591 594 597 600 603 606 609 612 615 618 621 624 627 630 633 636 639 642 645 648 651 654 657 660 663 666 669 672 675 678 681 684 687 690 693 696 699 702 705 708 711 714 717 720 723 726 729 732 735 738 741 744 747 750 753 756 759 762 509
// expect: no hazards
// why: concurrent loads of the same word never race; each out element is written by exactly one thread and never read
__global__ void gblkStencilOutOfPlace(const unsigned int* in, unsigned int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned int left = (i > 0) ? in[i - 1] : 0u;
        unsigned int right = (i < n - 1) ? in[i + 1] : 0u;
        out[i] = left + in[i] + right;
    }
}

// case: in-place 3-point sum stencil in one block: neighbours read into a register, __syncthreads, then written back
// kernel: gblkStencilInPlaceSynced
// launch: grid 1 block 256
// buffer: a u32 256 = iota
// params: a 256
// expect: a[0..255] = list 0 3 6 9 12 15 18 21 24 27 30 33 36 39 42 45 48 51 54 57 60 63 66 69 72 75 78 81 84 87 90 93 96 99 102 105 108 111 114 117 120 123 126 129 132 135 138 141 144 147 150 153 156 159 162 165 168 171 174 177 180 183 186 189 192 195 198 201 204 207 210 213 216 219 222 225 228 231 234 237 240 243 246 249 252 255 258 261 264 267 270 273 276 279 282 285 288 291 294 297 300 303 306 309 312 315 318 321 324 327 330 333 336 339 342 345 348 351 354 357 360 363 366 369 372 375 378 381 384 387 390 393 396 399 402 405 408 411 414 417 420 423 426 429 432 435 438 441 444 447 450 453 456 459 462 465 468 471 474 477 480 483 486 489 492 495 498 501 504 507 510 513 516 519 522 525 528 531 534 537 540 543 546 549 552 555 558 561 564 567 570 573 576 579 582 585 588 591 594 597 600 603 606 609 612 615 618 621 624 627 630 633 636 639 642 645 648 651 654 657 660 663 666 669 672 675 678 681 684 687 690 693 696 699 702 705 708 711 714 717 720 723 726 729 732 735 738 741 744 747 750 753 756 759 762 255
// expect: no hazards
// why: all loads of a[] happen before __syncthreads() and all stores after it; each element is stored by one thread only
__global__ void gblkStencilInPlaceSynced(unsigned int* a, int n)
{
    int i = threadIdx.x;
    unsigned int v = a[i];
    if (i > 0 && i < n - 1)
        v = a[i - 1] + a[i] + a[i + 1];
    __syncthreads();
    a[i] = v;
}

// case: thread 0 publishes a value through a flag with __threadfence_block + atomicExch; a thread of another warp checks the flag once atomically and reads the value only if it saw the flag
// gpu: differs, whether thread 32 finds the flag set (out[0] 99 or 0) depends on which warp the card runs first
// kernel: gblkFlagFencePublish
// launch: grid 1 block 64
// buffer: data u32 1 = 0
// buffer: flag u32 1 = 0
// buffer: out u32 1 = 0
// params: data flag out
// expect: data[0] = 99
// expect: flag[0] = 1
// expect: no hazards
// why: the flag is only accessed atomically; fence+atomic store (release pattern) and atomic load+fence (acquire pattern) synchronise when the load sees 1, ordering data's store before its load; otherwise data is not read
__global__ void gblkFlagFencePublish(unsigned int* data, unsigned int* flag, unsigned int* out)
{
    unsigned int t = threadIdx.x;
    if (t == 0) {
        data[0] = 99u;
        __threadfence_block();
        atomicExch(flag, 1u);
    } else if (t == 32) {
        if (atomicAdd(flag, 0u) == 1u) {
            __threadfence_block();
            out[0] = data[0];
        }
    }
}

// ---------------------------------------------------------------------------
// Buggy kernels
// ---------------------------------------------------------------------------

// case: interleaved in-place reduction of 256 elements with the __syncthreads() forgotten
// gpu: differs, a race: the values depend on the order the card runs the threads in
// kernel: gblkReduceInterleavedNoSync
// launch: grid 1 block 256
// buffer: in u32 256 = iota
// params: in
// expect: hazard races
// why: thread 0 reads in[32] in step 32 while thread 32 (another warp) wrote it in step 1..16 with no barrier; same-warp pairs (0 reads in[2] written by thread 2) are unordered too
__global__ void gblkReduceInterleavedNoSync(unsigned int* in)
{
    unsigned int t = threadIdx.x;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        if (t % (2 * stride) == 0)
            in[t] += in[t + stride];
    }
}

// case: convergent reduction with __syncthreads only while stride >= 32, then a warp-synchronous tail with no volatile and no __syncwarp
// gpu: differs, a race: the values depend on the order the card runs the threads in
// kernel: gblkReduceWarpTailUnsynced
// launch: grid 1 block 256
// buffer: in u32 512 = iota
// params: in
// expect: hazard races
// why: in the tail lane 0 reads in[8] while lane 8 writes in[8] (and so on) with nothing ordering lanes of the warp; independent thread scheduling gives no lockstep guarantee
__global__ void gblkReduceWarpTailUnsynced(unsigned int* in)
{
    unsigned int t = threadIdx.x;
    for (unsigned int s = blockDim.x; s >= 32; s >>= 1) {
        if (t < s)
            in[t] += in[t + s];
        __syncthreads();
    }
    if (t < 32) {
        in[t] += in[t + 16];
        in[t] += in[t + 8];
        in[t] += in[t + 4];
        in[t] += in[t + 2];
        in[t] += in[t + 1];
    }
}

// case: thread 0 writes a global value and the other threads of the block read it with no barrier
// gpu: differs, a race: the values depend on the order the card runs the threads in
// kernel: gblkBroadcastNoSync
// launch: grid 1 block 128
// buffer: coef u32 4 = list 3 5 7 9
// buffer: g u32 1 = 0
// buffer: out u32 128 = 0
// params: coef g out
// expect: hazard races
// why: thread 0's store to g[0] and the loads of g[0] by threads 1..127 are not ordered by any barrier or flag
__global__ void gblkBroadcastNoSync(const unsigned int* coef, unsigned int* g, unsigned int* out)
{
    unsigned int t = threadIdx.x;
    if (t == 0) {
        unsigned int s = 0;
        for (int k = 0; k < 4; ++k)
            s += coef[k];
        g[0] = s;
    }
    out[t] = g[0] + t;
}

// case: in-place Hillis-Steele scan in global memory with a single barrier per step (read of neighbour and write in the same phase)
// gpu: differs, a race: the values depend on the order the card runs the threads in
// kernel: gblkScanSingleBarrier
// launch: grid 1 block 128
// buffer: data u32 128 = iota
// params: data
// expect: hazard races
// why: in one phase thread t+offset loads data[t] while thread t stores data[t]; the one __syncthreads() is after both
__global__ void gblkScanSingleBarrier(unsigned int* data)
{
    unsigned int t = threadIdx.x;
    for (unsigned int offset = 1; offset < blockDim.x; offset *= 2) {
        if (t >= offset)
            data[t] += data[t - offset];
        __syncthreads();
    }
}

// case: neighbour exchange through a global workspace with the __syncthreads() removed
// gpu: differs, a race: the values depend on the order the card runs the threads in
// kernel: gblkNeighbourNoSync
// launch: grid 1 block 256
// buffer: in u32 256 = iota
// buffer: workspace u32 256 = 0
// buffer: out u32 256 = 0
// params: in workspace out
// expect: hazard races
// why: thread t loads workspace[t+1] which thread t+1 stores, with no barrier between the store and the load
__global__ void gblkNeighbourNoSync(const unsigned int* in, unsigned int* workspace, unsigned int* out)
{
    unsigned int t = threadIdx.x;
    workspace[t] = in[t] * 2u;
    out[t] = workspace[(t + 1) % blockDim.x];
}

// case: neighbour exchange through a global workspace with __syncwarp() in place of __syncthreads()
// gpu: differs, a race: the values depend on the order the card runs the threads in
// kernel: gblkNeighbourSyncwarpOnly
// launch: grid 1 block 256
// buffer: in u32 256 = iota
// buffer: workspace u32 256 = 0
// buffer: out u32 256 = 0
// params: in workspace out
// expect: hazard races
// why: __syncwarp() orders only lanes of one warp; lane 31 of warp w reads the element stored by lane 0 of warp w+1 (and thread 255 that of thread 0) unordered
__global__ void gblkNeighbourSyncwarpOnly(const unsigned int* in, unsigned int* workspace, unsigned int* out)
{
    unsigned int t = threadIdx.x;
    workspace[t] = in[t] * 2u;
    __syncwarp();
    out[t] = workspace[(t + 1) % blockDim.x];
}

// case: a single warp exchanges values through global memory with no __syncwarp
// gpu: differs, a race: the values depend on the order the card runs the threads in
// kernel: gblkWarpExchangeNoSync
// launch: grid 1 block 32
// buffer: in u32 32 = iota
// buffer: scratch u32 32 = 0
// buffer: out u32 32 = 0
// params: in scratch out
// expect: hazard races
// why: lanes of a warp are not ordered without __syncwarp(); lane t loads scratch[t+1] which lane t+1 stores
__global__ void gblkWarpExchangeNoSync(const unsigned int* in, unsigned int* scratch, unsigned int* out)
{
    unsigned int lane = threadIdx.x;
    scratch[lane] = in[lane] * in[lane];
    out[lane] = scratch[(lane + 1) & 31u];
}

// case: 3-point averaging stencil updated in place in global memory by one block with no barrier between reads and writes
// gpu: differs, a race: the values depend on the order the card runs the threads in
// kernel: gblkStencilInPlaceNoSync
// launch: grid 1 block 256
// buffer: a u32 256 = iota
// params: a 256
// expect: hazard races
// why: thread i stores a[i] while threads i-1 and i+1 load a[i], with nothing ordering them
__global__ void gblkStencilInPlaceNoSync(unsigned int* a, int n)
{
    int i = threadIdx.x;
    if (i > 0 && i < n - 1)
        a[i] = (a[i - 1] + a[i] + a[i + 1]) / 3u;
}

// case: multi-block grid, each block reverses its own segment through a global buffer but forgets the barrier
// gpu: differs, a race: the values depend on the order the card runs the threads in
// kernel: gblkSegmentReverseNoSync
// launch: grid 4 block 128
// buffer: in u32 512 = iota
// buffer: seg u32 512 = 0
// buffer: out u32 512 = 0
// params: in seg out
// expect: hazard races
// why: blocks are disjoint, but inside a block thread t loads seg[base+127-t] stored by another thread (another warp) with no barrier
__global__ void gblkSegmentReverseNoSync(const unsigned int* in, unsigned int* seg, unsigned int* out)
{
    unsigned int base = blockIdx.x * blockDim.x;
    unsigned int t = threadIdx.x;
    seg[base + t] = in[base + t] * 2u;
    out[base + t] = seg[base + blockDim.x - 1 - t];
}
