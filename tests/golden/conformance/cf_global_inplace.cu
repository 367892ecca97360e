// Conformance: kernels that store and load global memory in one launch (in
// place, scratch buffers, ping-pong halves, warp slots), mostly honest, in
// the shapes a race check could get wrong, written by a helper that read only
// the task (the CUDA Programming Guide's rules, no emulator source), each
// verdict decided before it ran; the honest cases' outputs were also checked
// on an H100. Honest: own elements in place with no barrier, grid-stride
// loops, an in-place transpose with a barrier or one owner a pair, barriers
// in uniform loops, __syncthreads_or/_and/_count, tile.sync() and a
// coalesced group's sync(), a counter reset before atomics, odd-even sort,
// every thread storing the same flag value (never read: by the PTX memory
// model still two unordered writes, which the check leaves alone). Bugs:
// the same with a barrier or __syncwarp() left out. Before 6 December 2026
// the 6 bugs passed.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// case: honest - each thread rewrites only its own element in place, `passes` times, no barrier at all
// kernel: gip_own_elem_passes
// launch: grid 1 block 128
// buffer: a u32 128 = iota
// params: a 3
// expect: a[0..127] = list 7 15 23 31 39 47 55 63 71 79 87 95 103 111 119 127 135 143 151 159 167 175 183 191 199 207 215 223 231 239 247 255 263 271 279 287 295 303 311 319 327 335 343 351 359 367 375 383 391 399 407 415 423 431 439 447 455 463 471 479 487 495 503 511 519 527 535 543 551 559 567 575 583 591 599 607 615 623 631 639 647 655 663 671 679 687 695 703 711 719 727 735 743 751 759 767 775 783 791 799 807 815 823 831 839 847 855 863 871 879 887 895 903 911 919 927 935 943 951 959 967 975 983 991 999 1007 1015 1023
// expect: no hazards
// why: every load/store of a[i] is done by the single thread i; a thread is always ordered with itself (program order), so no two threads ever touch the same word
__global__ void gip_own_elem_passes(unsigned* a, int passes)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int p = 0; p < passes; ++p) {
        a[i] = a[i] * 2u + 1u;
    }
}

// case: honest - two grid-stride loops over the same array, second loop re-reads what the same thread stored in the first loop
// kernel: gip_grid_stride_two_loops
// launch: grid 2 block 64
// buffer: a u32 300 = iota
// params: a 300
// expect: a[0..149] = list 1 4 7 10 13 16 19 22 25 28 31 34 37 40 43 46 49 52 55 58 61 64 67 70 73 76 79 82 85 88 91 94 97 100 103 106 109 112 115 118 121 124 127 130 133 136 139 142 145 148 151 154 157 160 163 166 169 172 175 178 181 184 187 190 193 196 199 202 205 208 211 214 217 220 223 226 229 232 235 238 241 244 247 250 253 256 259 262 265 268 271 274 277 280 283 286 289 292 295 298 301 304 307 310 313 316 319 322 325 328 331 334 337 340 343 346 349 352 355 358 361 364 367 370 373 376 379 382 385 388 391 394 397 400 403 406 409 412 415 418 421 424 427 430 433 436 439 442 445 448
// expect: a[150..299] = list 451 454 457 460 463 466 469 472 475 478 481 484 487 490 493 496 499 502 505 508 511 514 517 520 523 526 529 532 535 538 541 544 547 550 553 556 559 562 565 568 571 574 577 580 583 586 589 592 595 598 601 604 607 610 613 616 619 622 625 628 631 634 637 640 643 646 649 652 655 658 661 664 667 670 673 676 679 682 685 688 691 694 697 700 703 706 709 712 715 718 721 724 727 730 733 736 739 742 745 748 751 754 757 760 763 766 769 772 775 778 781 784 787 790 793 796 799 802 805 808 811 814 817 820 823 826 829 832 835 838 841 844 847 850 853 856 859 862 865 868 871 874 877 880 883 886 889 892 895 898
// expect: no hazards
// why: both loops use the identical index sequence i = gid, gid+stride, ... so element i is only ever loaded and stored by one thread (program order); no cross-thread conflict exists, no barrier needed (and none across blocks)
__global__ void gip_grid_stride_two_loops(unsigned* a, int n)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        a[i] = a[i] * 3u;
    }
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        a[i] = a[i] + 1u;
    }
}

// case: honest - ping-pong inside one global buffer: read lower half (self+right neighbour) -> write upper half, __syncthreads(), read upper half (self+left neighbour) -> write lower half
// kernel: gip_pingpong_halves
// launch: grid 1 block 128
// buffer: b u32 256 = iota
// params: b 128
// expect: b[0..255] = list 128 4 8 12 16 20 24 28 32 36 40 44 48 52 56 60 64 68 72 76 80 84 88 92 96 100 104 108 112 116 120 124 128 132 136 140 144 148 152 156 160 164 168 172 176 180 184 188 192 196 200 204 208 212 216 220 224 228 232 236 240 244 248 252 256 260 264 268 272 276 280 284 288 292 296 300 304 308 312 316 320 324 328 332 336 340 344 348 352 356 360 364 368 372 376 380 384 388 392 396 400 404 408 412 416 420 424 428 432 436 440 444 448 452 456 460 464 468 472 476 480 484 488 492 496 500 504 380 1 3 5 7 9 11 13 15 17 19 21 23 25 27 29 31 33 35 37 39 41 43 45 47 49 51 53 55 57 59 61 63 65 67 69 71 73 75 77 79 81 83 85 87 89 91 93 95 97 99 101 103 105 107 109 111 113 115 117 119 121 123 125 127 129 131 133 135 137 139 141 143 145 147 149 151 153 155 157 159 161 163 165 167 169 171 173 175 177 179 181 183 185 187 189 191 193 195 197 199 201 203 205 207 209 211 213 215 217 219 221 223 225 227 229 231 233 235 237 239 241 243 245 247 249 251 253 127
// expect: no hazards
// why: phase-1 loads of b[t+1] (lower half) vs phase-2 store of b[t+1] by thread t+1 (WAR), and phase-1 store of b[n+t] vs phase-2 load by thread t+1 (RAW), are all separated by the block barrier __syncthreads(); within each phase loads and stores hit different halves
__global__ void gip_pingpong_halves(unsigned* b, int n)
{
    int t = threadIdx.x;
    b[n + t] = b[t] + b[(t + 1) % n];
    __syncthreads();
    b[t] = b[n + t] + b[n + (t + n - 1) % n];
}

// case: honest - in-place transpose of a 16x16 matrix in global memory by one 16x16 block: load the mirror element into a register, __syncthreads(), store own position
// kernel: gip_transpose_barrier
// launch: grid 1 block 16,16
// buffer: m u32 256 = iota
// params: m 16
// expect: m[0..255] = list 0 16 32 48 64 80 96 112 128 144 160 176 192 208 224 240 1 17 33 49 65 81 97 113 129 145 161 177 193 209 225 241 2 18 34 50 66 82 98 114 130 146 162 178 194 210 226 242 3 19 35 51 67 83 99 115 131 147 163 179 195 211 227 243 4 20 36 52 68 84 100 116 132 148 164 180 196 212 228 244 5 21 37 53 69 85 101 117 133 149 165 181 197 213 229 245 6 22 38 54 70 86 102 118 134 150 166 182 198 214 230 246 7 23 39 55 71 87 103 119 135 151 167 183 199 215 231 247 8 24 40 56 72 88 104 120 136 152 168 184 200 216 232 248 9 25 41 57 73 89 105 121 137 153 169 185 201 217 233 249 10 26 42 58 74 90 106 122 138 154 170 186 202 218 234 250 11 27 43 59 75 91 107 123 139 155 171 187 203 219 235 251 12 28 44 60 76 92 108 124 140 156 172 188 204 220 236 252 13 29 45 61 77 93 109 125 141 157 173 189 205 221 237 253 14 30 46 62 78 94 110 126 142 158 174 190 206 222 238 254 15 31 47 63 79 95 111 127 143 159 175 191 207 223 239 255
// expect: no hazards
// why: thread (x,y) loads m[x][y] which thread (y,x) stores; every load of the block happens before the __syncthreads() and every store after it, so all WAR pairs are ordered by the block barrier; each position is stored by exactly one thread
__global__ void gip_transpose_barrier(unsigned* m, int n)
{
    int x = threadIdx.x;
    int y = threadIdx.y;
    unsigned v = m[x * n + y];      // mirror element
    __syncthreads();
    m[y * n + x] = v;               // own element
}

// case: honest - in-place transpose spread over a 2x2 grid of 8x8 blocks with NO barrier: only the thread with x<y swaps the pair (x,y)/(y,x), touching elements of another block's tile
// kernel: gip_transpose_pair_owner
// launch: grid 2,2 block 8,8
// buffer: m u32 256 = iota
// params: m 16
// expect: m[0..255] = list 0 16 32 48 64 80 96 112 128 144 160 176 192 208 224 240 1 17 33 49 65 81 97 113 129 145 161 177 193 209 225 241 2 18 34 50 66 82 98 114 130 146 162 178 194 210 226 242 3 19 35 51 67 83 99 115 131 147 163 179 195 211 227 243 4 20 36 52 68 84 100 116 132 148 164 180 196 212 228 244 5 21 37 53 69 85 101 117 133 149 165 181 197 213 229 245 6 22 38 54 70 86 102 118 134 150 166 182 198 214 230 246 7 23 39 55 71 87 103 119 135 151 167 183 199 215 231 247 8 24 40 56 72 88 104 120 136 152 168 184 200 216 232 248 9 25 41 57 73 89 105 121 137 153 169 185 201 217 233 249 10 26 42 58 74 90 106 122 138 154 170 186 202 218 234 250 11 27 43 59 75 91 107 123 139 155 171 187 203 219 235 251 12 28 44 60 76 92 108 124 140 156 172 188 204 220 236 252 13 29 45 61 77 93 109 125 141 157 173 189 205 221 237 253 14 30 46 62 78 94 110 126 142 158 174 190 206 222 238 254 15 31 47 63 79 95 111 127 143 159 175 191 207 223 239 255
// expect: no hazards
// why: each unordered pair {(x,y),(y,x)} with x!=y is loaded and stored by exactly one thread (the one with x<y), diagonal threads do nothing; a thread is ordered with itself, so no two threads access a common word even across blocks
__global__ void gip_transpose_pair_owner(unsigned* m, int n)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < n && y < n && x < y) {
        unsigned lo = m[y * n + x];
        unsigned hi = m[x * n + y];
        m[y * n + x] = hi;
        m[x * n + y] = lo;
    }
}

// case: honest - four blocks, each squares its own 64-element segment in place, then neighbours inside the segment are exchanged after cooperative_groups this_thread_block().sync() (two barriers)
// kernel: gip_segments_cg_block_sync
// launch: grid 4 block 64
// buffer: a u32 256 = iota
// params: a
// expect: a[0..255] = list 1 5 13 25 41 61 85 113 145 181 221 265 313 365 421 481 545 613 685 761 841 925 1013 1105 1201 1301 1405 1513 1625 1741 1861 1985 2113 2245 2381 2521 2665 2813 2965 3121 3281 3445 3613 3785 3961 4141 4325 4513 4705 4901 5101 5305 5513 5725 5941 6161 6385 6613 6845 7081 7321 7565 7813 3969 8321 8581 8845 9113 9385 9661 9941 10225 10513 10805 11101 11401 11705 12013 12325 12641 12961 13285 13613 13945 14281 14621 14965 15313 15665 16021 16381 16745 17113 17485 17861 18241 18625 19013 19405 19801 20201 20605 21013 21425 21841 22261 22685 23113 23545 23981 24421 24865 25313 25765 26221 26681 27145 27613 28085 28561 29041 29525 30013 30505 31001 31501 32005 20225 33025 33541 34061 34585 35113 35645 36181 36721 37265 37813 38365 38921 39481 40045 40613 41185 41761 42341 42925 43513 44105 44701 45301 45905 46513 47125 47741 48361 48985 49613 50245 50881 51521 52165 52813 53465 54121 54781 55445 56113 56785 57461 58141 58825 59513 60205 60901 61601 62305 63013 63725 64441 65161 65885 66613 67345 68081 68821 69565 70313 71065 71821 72581 52865 74113 74885 75661 76441 77225 78013 78805 79601 80401 81205 82013 82825 83641 84461 85285 86113 86945 87781 88621 89465 90313 91165 92021 92881 93745 94613 95485 96361 97241 98125 99013 99905 100801 101701 102605 103513 104425 105341 106261 107185 108113 109045 109981 110921 111865 112813 113765 114721 115681 116645 117613 118585 119561 120541 121525 122513 123505 124501 125501 126505 127513 128525 129541 101889
// expect: no hazards
// why: blocks never touch each other's segment (cyclic neighbour index stays inside blockIdx.x*64..+63); inside a block the store a[g], the neighbour load and the final store are separated by this_thread_block().sync(), which is a block barrier like __syncthreads()
__global__ void gip_segments_cg_block_sync(unsigned* a)
{
    cg::thread_block block = cg::this_thread_block();
    int t = threadIdx.x;
    int base = blockIdx.x * blockDim.x;
    int g = base + t;
    a[g] = a[g] * a[g];
    block.sync();
    unsigned v = a[base + (t + 1) % blockDim.x];
    block.sync();
    a[g] = a[g] + v;
}

// case: honest - k iterations, one __syncthreads() at the end of each; thread t writes buf[dst+t] in iteration i and thread t+1 reads it in iteration i+1 (halves alternate as src/dst)
// kernel: gip_iter_shift_pingpong
// launch: grid 1 block 128
// buffer: buf u32 256 = iota
// params: buf 128 5
// expect: buf[0..255] = list 502 379 256 133 10 15 20 25 30 35 40 45 50 55 60 65 70 75 80 85 90 95 100 105 110 115 120 125 130 135 140 145 150 155 160 165 170 175 180 185 190 195 200 205 210 215 220 225 230 235 240 245 250 255 260 265 270 275 280 285 290 295 300 305 310 315 320 325 330 335 340 345 350 355 360 365 370 375 380 385 390 395 400 405 410 415 420 425 430 435 440 445 450 455 460 465 470 475 480 485 490 495 500 505 510 515 520 525 530 535 540 545 550 555 560 565 570 575 580 585 590 595 600 605 610 615 620 625 625 503 381 259 137 15 21 27 33 39 45 51 57 63 69 75 81 87 93 99 105 111 117 123 129 135 141 147 153 159 165 171 177 183 189 195 201 207 213 219 225 231 237 243 249 255 261 267 273 279 285 291 297 303 309 315 321 327 333 339 345 351 357 363 369 375 381 387 393 399 405 411 417 423 429 435 441 447 453 459 465 471 477 483 489 495 501 507 513 519 525 531 537 543 549 555 561 567 573 579 585 591 597 603 609 615 621 627 633 639 645 651 657 663 669 675 681 687 693 699 705 711 717 723 729 735 741 747
// expect: no hazards
// why: stores of iteration i go to half (1-p) and are read in iteration i+1 (RAW across the barrier ending iteration i); loads of half p in iteration i are overwritten only in iteration i+1 (WAR across the same barrier); writes of the same word two iterations apart are by the same thread; the loop trip count is uniform so every thread reaches every barrier
__global__ void gip_iter_shift_pingpong(unsigned* buf, int n, int k)
{
    int t = threadIdx.x;
    for (int it = 0; it < k; ++it) {
        int p = it & 1;
        int src = p * n;
        int dst = (1 - p) * n;
        buf[dst + t] = buf[src + (t + n - 1) % n] + (unsigned)t;
        __syncthreads();
    }
}

// case: honest - single-buffer neighbour shift repeated k times: load right neighbour, __syncthreads(), store own, __syncthreads()
// kernel: gip_iter_shift_two_barriers
// launch: grid 1 block 64
// buffer: a u32 64 = iota
// params: a 3
// expect: a[0..63] = list 6 10 14 18 22 26 30 34 38 42 46 50 54 58 62 66 70 74 78 82 86 90 94 98 102 106 110 114 118 122 126 130 134 138 142 146 150 154 158 162 166 170 174 178 182 186 190 194 198 202 206 210 214 218 222 226 230 234 238 242 246 186 126 66
// expect: no hazards
// why: the load of a[t+1] (thread t) and the store of a[t+1] (thread t+1) of one iteration are separated by the first barrier (WAR); the store and the next iteration's load are separated by the second barrier (RAW); k is uniform
__global__ void gip_iter_shift_two_barriers(unsigned* a, int k)
{
    int t = threadIdx.x;
    int n = blockDim.x;
    for (int it = 0; it < k; ++it) {
        unsigned v = a[(t + 1) % n];
        __syncthreads();
        a[t] = v + (unsigned)t;
        __syncthreads();
    }
}

// case: honest - lane 0 of each warp stores g[warpId], __syncwarp(), every lane of that warp loads g[warpId]
// kernel: gip_warp_bcast_syncwarp
// launch: grid 1 block 128
// buffer: g u32 4 = 0
// buffer: out u32 128 = 0
// params: g out
// expect: g[0..3] = list 7 17 27 37
// expect: out[0..127] = list 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68
// expect: no hazards
// why: the only cross-thread conflict is lane 0's store vs the other lanes' loads of g[warpId], all in the same warp; __syncwarp() with the full mask names both lanes and orders their memory accesses; different warps use different words
__global__ void gip_warp_bcast_syncwarp(unsigned* g, unsigned* out)
{
    unsigned t = threadIdx.x;
    unsigned lane = t % 32u;
    unsigned warp = t / 32u;
    if (lane == 0u) {
        g[warp] = warp * 10u + 7u;
    }
    __syncwarp();
    out[t] = g[warp] + lane;
}

// case: honest - tiled_partition<32>(block): rank 0 stores g[tile], tile.sync(), all read; tile.sync(); rank 31 overwrites g[tile], tile.sync(), all read again
// kernel: gip_tile32_bcast_twice
// launch: grid 1 block 128
// buffer: g u32 4 = 0
// buffer: out u32 128 = 0
// params: g out
// expect: g[0..3] = list 3 1003 2003 3003
// expect: out[0..127] = list 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 1020 1021 1022 1023 1024 1025 1026 1027 1028 1029 1030 1031 1032 1033 1034 1035 1036 1037 1038 1039 1040 1041 1042 1043 1044 1045 1046 1047 1048 1049 1050 1051 2030 2031 2032 2033 2034 2035 2036 2037 2038 2039 2040 2041 2042 2043 2044 2045 2046 2047 2048 2049 2050 2051 2052 2053 2054 2055 2056 2057 2058 2059 2060 2061 3040 3041 3042 3043 3044 3045 3046 3047 3048 3049 3050 3051 3052 3053 3054 3055 3056 3057 3058 3059 3060 3061 3062 3063 3064 3065 3066 3067 3068 3069 3070 3071
// expect: no hazards
// why: RAW (rank0 store -> loads), WAR (first loads -> rank31 store) and RAW (rank31 store -> second loads) on g[tile] are each separated by thread_block_tile<32>::sync(), a warp barrier over all 32 lanes of the tile; tiles use distinct words
__global__ void gip_tile32_bcast_twice(unsigned* g, unsigned* out)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    unsigned id = tile.meta_group_rank();
    unsigned r = tile.thread_rank();
    if (r == 0u) {
        g[id] = id * 10u + 7u;
    }
    tile.sync();
    unsigned first = g[id];
    tile.sync();
    if (r == 31u) {
        g[id] = id * 1000u + 3u;
    }
    tile.sync();
    unsigned second = g[id];
    out[block.thread_rank()] = first + second + r;
}

// case: honest - even lanes form a coalesced_group; its rank-0 thread stores a per-group slot (slot chosen from the leader's lane via group shfl), group.sync(), members load it
// kernel: gip_coalesced_leader_slot
// launch: grid 1 block 128
// buffer: g u32 128 = 0
// buffer: out u32 128 = 0
// params: g out
// expect: out[0..127] = list 5 0 7 0 9 0 11 0 13 0 15 0 17 0 19 0 21 0 23 0 25 0 27 0 29 0 31 0 33 0 35 0 105 0 107 0 109 0 111 0 113 0 115 0 117 0 119 0 121 0 123 0 125 0 127 0 129 0 131 0 133 0 135 0 205 0 207 0 209 0 211 0 213 0 215 0 217 0 219 0 221 0 223 0 225 0 227 0 229 0 231 0 233 0 235 0 305 0 307 0 309 0 311 0 313 0 315 0 317 0 319 0 321 0 323 0 325 0 327 0 329 0 331 0 333 0 335 0
// expect: no hazards
// why: the leader's store and the members' loads of g[slot] are separated by coalesced_group::sync(), a warp barrier naming exactly the lanes that share that slot; the slot is keyed by the group's leader lane, so even if the even lanes were split into several coalesced groups they would use different words (g contents therefore not asserted)
__global__ void gip_coalesced_leader_slot(unsigned* g, unsigned* out)
{
    unsigned t = threadIdx.x;
    unsigned lane = t % 32u;
    unsigned warp = t / 32u;
    if ((lane & 1u) == 0u) {
        cg::coalesced_group active = cg::coalesced_threads();
        unsigned leader = active.shfl(lane, 0);
        unsigned slot = warp * 32u + leader;
        if (active.thread_rank() == 0u) {
            g[slot] = warp * 100u + 5u;
        }
        active.sync();
        out[t] = g[slot] + lane;
    }
}

// case: honest - classic in-place tree reduction in global memory, one segment per block, __syncthreads() inside a loop with the same trip count for every thread
// kernel: gip_tree_reduce_inplace
// launch: grid 2 block 128
// buffer: a u32 256 = iota
// params: a
// expect: a[0..255] = list 8128 4096 2048 2080 1024 1040 1056 1072 512 520 528 536 544 552 560 568 256 260 264 268 272 276 280 284 288 292 296 300 304 308 312 316 128 130 132 134 136 138 140 142 144 146 148 150 152 154 156 158 160 162 164 166 168 170 172 174 176 178 180 182 184 186 188 190 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127 24512 12288 6144 6176 3072 3088 3104 3120 1536 1544 1552 1560 1568 1576 1584 1592 768 772 776 780 784 788 792 796 800 804 808 812 816 820 824 828 384 386 388 390 392 394 396 398 400 402 404 406 408 410 412 414 416 418 420 422 424 426 428 430 432 434 436 438 440 442 444 446 192 193 194 195 196 197 198 199 200 201 202 203 204 205 206 207 208 209 210 211 212 213 214 215 216 217 218 219 220 221 222 223 224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255
// expect: no hazards
// why: in the step with stride s, threads t<s store a[t] and load a[t],a[t+s]; stored words [0,s) are loaded by no other thread in that step, and the next step's accesses are after the __syncthreads() ending the step; s is uniform so the barrier is reached by all threads; blocks use disjoint segments
__global__ void gip_tree_reduce_inplace(unsigned* a)
{
    unsigned t = threadIdx.x;
    unsigned* seg = a + blockIdx.x * blockDim.x;
    for (unsigned s = blockDim.x / 2u; s > 0u; s >>= 1) {
        if (t < s) {
            seg[t] = seg[t] + seg[t + s];
        }
        __syncthreads();
    }
}

// case: honest - every thread stores a flag word, __syncthreads_or() is the barrier, then each thread loads its neighbours' flags
// kernel: gip_flags_after_sync_or
// launch: grid 1 block 128
// buffer: a u32 128 = iota
// buffer: f u32 128 = 7
// buffer: out u32 128 = 0
// params: a f out 100
// expect: f[0..127] = list 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0
// expect: out[0..127] = list 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 0 0 1 0 2 1
// expect: no hazards
// why: __syncthreads_or(pred) is a full block barrier (identical to __syncthreads() plus the reduction), so the stores of f[t+1], f[t-1] by their owners happen-before the loads after it; a[] is only loaded
__global__ void gip_flags_after_sync_or(const unsigned* a, unsigned* f, unsigned* out, int thr)
{
    int t = threadIdx.x;
    int n = blockDim.x;
    unsigned v = a[t];
    f[t] = (v % 5u == 0u) ? 1u : 0u;
    int any = __syncthreads_or(v >= (unsigned)thr);
    if (any) {
        out[t] = f[(t + 1) % n] + 2u * f[(t + n - 1) % n];
    } else {
        out[t] = 9u;
    }
}

// case: honest - three phases over one 128-word scratch buffer separated by __syncthreads_and() and __syncthreads_count() used as the barriers
// kernel: gip_scratch_sync_and_count
// launch: grid 1 block 64
// buffer: s u32 128 = 0
// params: s
// expect: s[0..127] = list 3862 3739 3618 3499 3382 3267 3154 3043 2934 2827 2722 2619 2518 2419 2322 2227 2134 2043 1954 1867 1782 1699 1618 1539 1462 1387 1314 1243 1174 1107 1042 979 918 859 802 747 694 643 594 547 502 459 418 379 342 307 274 243 214 187 162 139 118 99 82 67 54 43 34 27 22 19 18 3987 3971 3846 3723 3602 3483 3366 3251 3138 3027 2918 2811 2706 2603 2502 2403 2306 2211 2118 2027 1938 1851 1766 1683 1602 1523 1446 1371 1298 1227 1158 1091 1026 963 902 843 786 731 678 627 578 531 486 443 402 363 326 291 258 227 198 171 146 123 102 83 66 51 38 27 18 11 6 3 2
// expect: no hazards
// why: phase 1 stores s[t]; after __syncthreads_and (a block barrier) phase 2 loads s[63-t] and stores s[64+t]; after __syncthreads_count (a block barrier) phase 3 loads s[64+(t+1)%64] and overwrites s[t]; every RAW and WAR crosses one of these barriers, and within a phase loads and stores hit different halves
__global__ void gip_scratch_sync_and_count(unsigned* s)
{
    int t = threadIdx.x;
    int n = blockDim.x;
    unsigned mine = (unsigned)(t * t) + 1u;
    s[t] = mine;
    int all = __syncthreads_and(mine > 0u);
    s[n + t] = s[n - 1 - t] + (unsigned)all;
    int cnt = __syncthreads_count(t % 4 == 0);
    s[t] = s[n + (t + 1) % n] + (unsigned)cnt;
}

// case: honest - thread 0 resets a global counter, __syncthreads(), all threads atomicAdd, __syncthreads(), thread 0 reads the counter with a plain load and stores a copy
// kernel: gip_counter_reset_atomic_read
// launch: grid 1 block 256
// buffer: c u32 2 = 99
// params: c
// expect: c[0..1] = list 511 1022
// expect: no hazards
// why: thread 0's plain store of 0 happens-before every atomicAdd via the first barrier; atomics never race with each other; all atomics happen-before thread 0's plain load via the second barrier; only one block exists
__global__ void gip_counter_reset_atomic_read(unsigned* c)
{
    unsigned t = threadIdx.x;
    if (t == 0u) {
        c[0] = 0u;
    }
    __syncthreads();
    atomicAdd(&c[0], t % 3u + 1u);
    __syncthreads();
    if (t == 0u) {
        c[1] = c[0] * 2u;
    }
}

// case: honest - odd-even transposition sort of 128 words in place in global memory by one block of 64 threads, __syncthreads() after every phase
// kernel: gip_odd_even_sort
// launch: grid 1 block 64
// buffer: a u32 128 = list 11 48 85 122 31 68 105 14 51 88 125 34 71 108 17 54 91 0 37 74 111 20 57 94 3 40 77 114 23 60 97 6 43 80 117 26 63 100 9 46 83 120 29 66 103 12 49 86 123 32 69 106 15 52 89 126 35 72 109 18 55 92 1 38 75 112 21 58 95 4 41 78 115 24 61 98 7 44 81 118 27 64 101 10 47 84 121 30 67 104 13 50 87 124 33 70 107 16 53 90 127 36 73 110 19 56 93 2 39 76 113 22 59 96 5 42 79 116 25 62 99 8 45 82 119 28 65 102
// params: a 128
// expect: a[0..127] = list 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127
// expect: no hazards
// why: inside one phase the compared pairs (2t+p, 2t+p+1) are disjoint, so no word is touched by two threads; consecutive phases share words between neighbouring threads but are separated by __syncthreads(); the phase loop bound n is uniform
__global__ void gip_odd_even_sort(unsigned* a, int n)
{
    int t = threadIdx.x;
    for (int phase = 0; phase < n; ++phase) {
        int i = 2 * t + (phase & 1);
        if (i + 1 < n) {
            unsigned x = a[i];
            unsigned y = a[i + 1];
            if (x > y) {
                a[i] = y;
                a[i + 1] = x;
            }
        }
        __syncthreads();
    }
}

// case: honest - matrix-vector product y = A x (one row per thread), __syncthreads(), then thread 0 sums y[0..n-1] into y[n]
// kernel: gip_matvec_then_sum
// launch: grid 1 block 64
// buffer: A u32 4096 = iota
// buffer: x u32 64 = 2
// buffer: y u32 65 = 0
// params: A x y 64
// expect: y[0..64] = list 4032 12224 20416 28608 36800 44992 53184 61376 69568 77760 85952 94144 102336 110528 118720 126912 135104 143296 151488 159680 167872 176064 184256 192448 200640 208832 217024 225216 233408 241600 249792 257984 266176 274368 282560 290752 298944 307136 315328 323520 331712 339904 348096 356288 364480 372672 380864 389056 397248 405440 413632 421824 430016 438208 446400 454592 462784 470976 479168 487360 495552 503744 511936 520128 16773120
// expect: no hazards
// why: A and x are only loaded (two loads never race); y[row] is stored by thread row only; thread 0's loads of y[1..63] are after the __syncthreads() that follows every store, and y[n] is touched by thread 0 only
__global__ void gip_matvec_then_sum(const unsigned* A, const unsigned* x, unsigned* y, int n)
{
    int row = threadIdx.x;
    if (row < n) {
        unsigned acc = 0u;
        for (int j = 0; j < n; ++j) {
            acc += A[row * n + j] * x[j];
        }
        y[row] = acc;
    }
    __syncthreads();
    if (row == 0) {
        unsigned total = 0u;
        for (int j = 0; j < n; ++j) {
            total += y[j];
        }
        y[n] = total;
    }
}

// case: honest per brief - every thread of 8 warps stores the SAME value 1 to flag g[0] (never loaded in the kernel) while updating its own out[t] in place
// kernel: gip_same_value_flag
// launch: grid 1 block 256
// buffer: g u32 1 = 0
// buffer: out u32 256 = iota
// params: g out
// expect: g[0] = 1
// expect: out[0..255] = list 1 3 5 7 9 11 13 15 17 19 21 23 25 27 29 31 33 35 37 39 41 43 45 47 49 51 53 55 57 59 61 63 65 67 69 71 73 75 77 79 81 83 85 87 89 91 93 95 97 99 101 103 105 107 109 111 113 115 117 119 121 123 125 127 129 131 133 135 137 139 141 143 145 147 149 151 153 155 157 159 161 163 165 167 169 171 173 175 177 179 181 183 185 187 189 191 193 195 197 199 201 203 205 207 209 211 213 215 217 219 221 223 225 227 229 231 233 235 237 239 241 243 245 247 249 251 253 255 257 259 261 263 265 267 269 271 273 275 277 279 281 283 285 287 289 291 293 295 297 299 301 303 305 307 309 311 313 315 317 319 321 323 325 327 329 331 333 335 337 339 341 343 345 347 349 351 353 355 357 359 361 363 365 367 369 371 373 375 377 379 381 383 385 387 389 391 393 395 397 399 401 403 405 407 409 411 413 415 417 419 421 423 425 427 429 431 433 435 437 439 441 443 445 447 449 451 453 455 457 459 461 463 465 467 469 471 473 475 477 479 481 483 485 487 489 491 493 495 497 499 501 503 505 507 509 511
// expect: no hazards
// why: (verdict as specified by the brief) the only shared word receives identical values from every writer and is never loaded inside the kernel, so no thread can observe an order; out[t] is private to thread t. NOTE: strictly under the PTX memory model these weak stores are conflicting and unordered
__global__ void gip_same_value_flag(unsigned* g, unsigned* out)
{
    unsigned t = threadIdx.x;
    out[t] = out[t] * 2u + 1u;
    g[0] = 1u;
}

// case: BUG - odd-even transposition sort in global memory with the per-phase __syncthreads() removed
// gpu: differs, a race: the values depend on the order the card runs the threads in
// kernel: gip_bug_odd_even_sort_nobar
// launch: grid 1 block 64
// buffer: a u32 128 = list 127 126 125 124 123 122 121 120 119 118 117 116 115 114 113 112 111 110 109 108 107 106 105 104 103 102 101 100 99 98 97 96 95 94 93 92 91 90 89 88 87 86 85 84 83 82 81 80 79 78 77 76 75 74 73 72 71 70 69 68 67 66 65 64 63 62 61 60 59 58 57 56 55 54 53 52 51 50 49 48 47 46 45 44 43 42 41 40 39 38 37 36 35 34 33 32 31 30 29 28 27 26 25 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0
// params: a 128
// expect: hazard races
// why: thread t touches a[2t+1],a[2t+2] in odd phases while thread t+1 touches (and, with reversed input, stores) a[2t+2] in even phases; nothing orders these accesses across threads (no barrier, and threads of different warps are involved)
__global__ void gip_bug_odd_even_sort_nobar(unsigned* a, int n)
{
    int t = threadIdx.x;
    for (int phase = 0; phase < n; ++phase) {
        int i = 2 * t + (phase & 1);
        if (i + 1 < n) {
            unsigned x = a[i];
            unsigned y = a[i + 1];
            if (x > y) {
                a[i] = y;
                a[i + 1] = x;
            }
        }
    }
}

// case: BUG - the k-iteration ping-pong shift with the end-of-iteration __syncthreads() removed
// gpu: differs, a race: the values depend on the order the card runs the threads in
// kernel: gip_bug_iter_shift_nobar
// launch: grid 1 block 128
// buffer: buf u32 256 = iota
// params: buf 128 5
// expect: hazard races
// why: thread t-1 stores buf[dst+t-1] in iteration i and thread t loads it in iteration i+1 (RAW), and thread t loads buf[src+t-1] while thread t-1 overwrites it one iteration later (WAR); with no barrier these cross-thread accesses (including across warps at t=32,64,96,0) are unordered
__global__ void gip_bug_iter_shift_nobar(unsigned* buf, int n, int k)
{
    int t = threadIdx.x;
    for (int it = 0; it < k; ++it) {
        int p = it & 1;
        int src = p * n;
        int dst = (1 - p) * n;
        buf[dst + t] = buf[src + (t + n - 1) % n] + (unsigned)t;
    }
}

// case: BUG - matrix-vector product where thread 0 sums y[] without the __syncthreads() after the row stores
// gpu: differs, a race: the values depend on the order the card runs the threads in
// kernel: gip_bug_matvec_sum_nobar
// launch: grid 1 block 64
// buffer: A u32 4096 = iota
// buffer: x u32 64 = 2
// buffer: y u32 65 = 0
// params: A x y 64
// expect: hazard races
// why: thread 0 loads y[1..63] which threads 1..63 store (threads 32..63 are in another warp); no barrier or fence/flag orders those stores before thread 0's loads (RAW race)
__global__ void gip_bug_matvec_sum_nobar(const unsigned* A, const unsigned* x, unsigned* y, int n)
{
    int row = threadIdx.x;
    if (row < n) {
        unsigned acc = 0u;
        for (int j = 0; j < n; ++j) {
            acc += A[row * n + j] * x[j];
        }
        y[row] = acc;
    }
    if (row == 0) {
        unsigned total = 0u;
        for (int j = 0; j < n; ++j) {
            total += y[j];
        }
        y[n] = total;
    }
}

// case: BUG - ping-pong halves with the middle __syncthreads() removed
// gpu: differs, a race: the values depend on the order the card runs the threads in
// kernel: gip_bug_pingpong_nobar
// launch: grid 1 block 128
// buffer: b u32 256 = iota
// params: b 128
// expect: hazard races
// why: thread t+1 loads b[n+t] that thread t stores (RAW), and thread t+1 stores b[t+1] that thread t loaded (WAR), with nothing ordering the two threads (and t=31/32 etc. are in different warps)
__global__ void gip_bug_pingpong_nobar(unsigned* b, int n)
{
    int t = threadIdx.x;
    b[n + t] = b[t] + b[(t + 1) % n];
    b[t] = b[n + t] + b[n + (t + n - 1) % n];
}

// case: BUG - in-place 16x16 transpose that loads the mirror element and stores its own element with no barrier in between
// gpu: differs, a race: the values depend on the order the card runs the threads in
// kernel: gip_bug_transpose_nobar
// launch: grid 1 block 16,16
// buffer: m u32 256 = iota
// params: m 16
// expect: hazard races
// why: for x!=y thread (x,y) loads m[x][y] while thread (y,x) stores m[x][y]; these threads are in different warps in general and nothing orders them (WAR race); compare gip_transpose_barrier
__global__ void gip_bug_transpose_nobar(unsigned* m, int n)
{
    int x = threadIdx.x;
    int y = threadIdx.y;
    unsigned v = m[x * n + y];
    m[y * n + x] = v;
}

// case: BUG - lane 0 stores g[warpId] and the other lanes of the warp load it with no __syncwarp() (block of 64 = 2 warps)
// gpu: differs, a race: the values depend on the order the card runs the threads in
// kernel: gip_bug_warp_bcast_nosync
// launch: grid 1 block 64
// buffer: g u32 2 = 0
// buffer: out u32 64 = 0
// params: g out
// expect: hazard races
// why: lanes 1..31 load g[warpId] stored by lane 0 of the same warp; being in the same warp does not order memory accesses (independent thread scheduling) - only __syncwarp()/tile.sync() naming both lanes would (RAW race)
__global__ void gip_bug_warp_bcast_nosync(unsigned* g, unsigned* out)
{
    unsigned t = threadIdx.x;
    unsigned lane = t % 32u;
    unsigned warp = t / 32u;
    if (lane == 0u) {
        g[warp] = warp * 10u + 7u;
    }
    out[t] = g[warp] + lane;
}
