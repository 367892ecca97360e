// Conformance: prefix sums as textbooks and real code write them:
// Hillis-Steele double-buffered, Blelloch up-sweep/down-sweep (plain and with
// the conflict-free padding), a block scan built from warp shuffles, a
// segmented warp scan, the uniform-add phase, and the in-place Hillis-Steele
// bug.

// case: Hillis-Steele exclusive scan, double-buffered (pout/pin)
// kernel: scanHillisSteele
// launch: grid 1 block 64 shared 512
// buffer: in s32 64 = rand 101 0 20
// buffer: out s32 64 = 0
// params: in out 64
// expect: out[0..63] = 0 15 25 44 49 65 79 87 105 108 123 135 136 150 159 166 183 192 198 206 209 226 226 240 258 261 273 279 298 301 305 315 319 320 328 346 352 362 374 390 405 405 421 436 440 451 459 460 461 480 499 499 512 524 543 556 562 564 579 585 592 609 615 634
// expect: no hazards
__global__ void scanHillisSteele(const int* in, int* out, int n)
{
    extern __shared__ int temp[];
    int thid = threadIdx.x;
    int pout = 0, pin = 1;
    temp[pout * n + thid] = thid > 0 ? in[thid - 1] : 0;
    __syncthreads();
    for (int offset = 1; offset < n; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (thid >= offset) temp[pout * n + thid] = temp[pin * n + thid] + temp[pin * n + thid - offset];
        else temp[pout * n + thid] = temp[pin * n + thid];
        __syncthreads();
    }
    out[thid] = temp[pout * n + thid];
}

// case: Blelloch work-efficient exclusive scan, two elements a thread
// kernel: scanBlelloch
// launch: grid 1 block 64
// buffer: in s32 128 = rand 102 -50 50
// buffer: out s32 128 = 0
// params: in out
// expect: out[0..63] = 0 -7 19 52 75 34 55 5 38 13 23 35 -5 -33 -66 -32 -37 -27 2 26 32 -12 -46 -58 -20 -50 -2 -34 -50 -34 5 -24 -2 -3 17 -12 -61 -64 -80 -49 -44 1 44 93 141 146 177 151 156 182 228 222 264 248 233 202 199 168 184 182 155 118 96 103
// expect: out[64..127] = 86 112 113 66 87 90 138 177 223 234 246 284 315 295 290 318 348 322 369 408 430 434 440 470 421 453 411 407 401 425 421 449 430 432 432 466 427 459 448 402 426 457 424 405 356 347 300 317 319 293 251 257 225 238 257 213 204 241 230 237 207 224 243 207
// expect: no hazards
__global__ void scanBlelloch(const int* in, int* out)
{
    const int n = 128;
    __shared__ int temp[n];
    int thid = threadIdx.x;
    int offset = 1;
    temp[2 * thid] = in[2 * thid];
    temp[2 * thid + 1] = in[2 * thid + 1];
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (thid == 0) temp[n - 1] = 0;
    for (int d = 1; d < n; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            int t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
    out[2 * thid] = temp[2 * thid];
    out[2 * thid + 1] = temp[2 * thid + 1];
}

// case: Blelloch with CONFLICT_FREE_OFFSET padding, 256 elements
// kernel: scanBlellochPadded
// launch: grid 1 block 128
// buffer: in s32 256 = rand 103 0 1000
// buffer: out s32 256 = 0
// params: in out
// expect: out[0..63] = 0 97 115 815 992 1382 2107 2691 3424 3759 4186 4822 4955 5673 6540 6864 6881 7635 7909 7977 8945 9219 9520 9569 10433 10657 10982 11009 11736 11880 12436 13329 13538 14477 15438 15942 16654 17097 17149 17968 18309 19184 19258 19496 20226 20745 20965 21390 21424 21964 22936 23798 23960 24023 24775 25505 26126 26389 26933 27578 27683 28069 28307 28499
// expect: out[64..127] = 28762 29034 29959 30042 30878 30988 31421 31612 32279 33088 34016 34617 35456 35979 36386 36636 37128 37664 38144 38743 39400 40247 41078 41303 42010 42490 42803 42902 43722 44392 45030 45757 45899 46664 46831 47084 47165 47962 48291 48304 48790 49177 49925 50862 51091 51845 51994 52607 53582 53858 54556 55270 55999 56221 56627 57552 57583 58477 59292 59673 60089 60706 60870 60916
// expect: out[128..191] = 61010 61637 62429 62815 63340 63441 64019 64085 64986 65199 65901 66230 66514 66758 66862 66966 67424 67885 68381 69208 69533 70138 70984 71294 72248 72755 73522 74497 74670 75154 75440 75535 76419 77280 77282 77941 77990 78062 78705 79547 80144 80637 81252 82227 82472 82756 82875 83215 83774 83978 84947 85935 86253 86740 87014 87210 87756 88300 88966 89074 89433 89843 90635 91106
// expect: out[192..255] = 91150 91659 92002 92311 92891 93346 94213 95008 95094 95382 95605 96050 96515 97192 97673 97884 98672 98961 99639 100568 101320 101999 102813 103802 104630 105342 105387 105392 105870 106542 106575 107246 107373 108277 109233 110109 110454 111394 112112 112705 113669 114430 114847 115775 116437 117421 117589 117722 118521 118933 119840 120154 120253 120820 121660 122591 122620 123065 123785 123917 124435 125364 125536 125879
// expect: no hazards
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

__global__ void scanBlellochPadded(const int* in, int* out)
{
    const int n = 256;
    __shared__ int temp[n + n / 32];
    int thid = threadIdx.x, offset = 1;
    int ai = thid, bi = thid + n / 2;
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai), bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = in[ai];
    temp[bi + bankOffsetB] = in[bi];
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            temp[b] += temp[a];
        }
        offset *= 2;
    }
    if (thid == 0) temp[n - 1 + CONFLICT_FREE_OFFSET(n - 1)] = 0;
    for (int d = 1; d < n; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1, b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            int t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }
    __syncthreads();
    out[ai] = temp[ai + bankOffsetA];
    out[bi] = temp[bi + bankOffsetB];
}

// case: block inclusive scan from warp shuffle scans and a scan of the warp totals
// kernel: scanWarpBlock
// launch: grid 2 block 256
// buffer: in s32 512 = rand 104 0 100
// buffer: out s32 512 = 0
// params: in out
// expect: out[0..63] = 75 101 157 219 287 360 376 439 480 504 568 583 604 660 740 798 888 963 1002 1039 1087 1130 1201 1285 1309 1376 1462 1472 1534 1555 1611 1680 1718 1740 1819 1859 1900 1976 2058 2070 2149 2170 2218 2266 2314 2376 2436 2487 2518 2615 2642 2681 2758 2772 2798 2874 2906 2948 3028 3125 3189 3208 3289 3308
// expect: out[64..127] = 3385 3418 3431 3527 3595 3682 3731 3767 3866 3889 3920 4006 4080 4115 4186 4203 4286 4384 4414 4472 4487 4497 4561 4601 4614 4667 4740 4760 4820 4901 4968 5065 5065 5147 5212 5216 5293 5319 5416 5439 5535 5566 5622 5666 5675 5701 5756 5798 5828 5858 5944 5971 6052 6063 6141 6205 6296 6319 6338 6401 6457 6520 6615 6668
// expect: out[128..191] = 6743 6774 6840 6924 7011 7028 7114 7206 7239 7311 7354 7361 7426 7503 7589 7662 7697 7746 7817 7899 7900 7970 8016 8050 8127 8186 8247 8294 8365 8436 8525 8591 8653 8664 8755 8777 8814 8832 8904 8928 8999 9014 9029 9091 9163 9203 9297 9346 9405 9445 9465 9557 9588 9619 9680 9734 9821 9900 9960 10015 10075 10164 10206 10273
// expect: out[192..255] = 10306 10348 10438 10439 10444 10489 10528 10610 10701 10708 10732 10752 10766 10775 10867 10892 10985 11027 11078 11158 11239 11300 11353 11431 11503 11539 11554 11612 11650 11650 11691 11755 11756 11819 11826 11843 11883 11977 11996 12033 12051 12142 12218 12260 12306 12346 12443 12537 12614 12686 12780 12832 12873 12942 12955 12983 13023 13067 13160 13196 13202 13215 13307 13374
// expect: out[256..319] = 43 96 108 122 202 272 292 389 438 469 523 584 606 683 742 756 786 839 849 866 872 908 931 955 1037 1040 1091 1100 1177 1267 1312 1328 1352 1411 1429 1429 1512 1521 1573 1599 1676 1718 1762 1773 1792 1871 1956 1992 2063 2100 2124 2141 2143 2178 2254 2262 2360 2380 2442 2498 2498 2565 2583 2583
// expect: out[320..383] = 2608 2625 2638 2717 2764 2771 2819 2891 2904 2914 2976 3028 3092 3134 3195 3217 3266 3294 3337 3384 3392 3455 3456 3522 3541 3583 3621 3667 3752 3833 3858 3946 4011 4094 4175 4247 4288 4326 4417 4509 4526 4545 4621 4711 4768 4793 4876 4954 5013 5025 5108 5194 5278 5335 5427 5484 5521 5594 5655 5713 5741 5838 5934 5985
// expect: out[384..447] = 6013 6065 6092 6136 6157 6243 6284 6362 6378 6455 6489 6498 6594 6672 6747 6818 6897 6974 7070 7086 7181 7208 7239 7275 7298 7302 7302 7310 7347 7376 7383 7471 7557 7643 7649 7676 7742 7809 7866 7946 7981 8019 8103 8192 8195 8257 8277 8339 8424 8464 8557 8607 8641 8716 8727 8806 8866 8901 8942 9016 9071 9138 9142 9191
// expect: out[448..511] = 9218 9259 9301 9347 9441 9494 9518 9549 9567 9597 9603 9640 9690 9768 9848 9872 9952 10026 10096 10154 10207 10234 10297 10306 10368 10370 10380 10402 10488 10491 10515 10578 10655 10742 10800 10847 10938 10938 11013 11086 11142 11221 11252 11260 11341 11431 11458 11529 11549 11578 11610 11699 11778 11827 11909 11928 11929 11931 11933 11962 11983 12037 12061 12123
// expect: no hazards
__device__ int warpInclusive(int v)
{
    int lane = threadIdx.x % warpSize;
    for (int o = 1; o < warpSize; o <<= 1) {
        int n = __shfl_up_sync(0xffffffffu, v, o);
        if (lane >= o) v += n;
    }
    return v;
}

__global__ void scanWarpBlock(const int* in, int* out)
{
    __shared__ int warpTotals[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
    int v = warpInclusive(in[i]);
    if (lane == warpSize - 1) warpTotals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int nw = blockDim.x / warpSize;
        int t = lane < nw ? warpTotals[lane] : 0;
        t = warpInclusive(t);
        if (lane < nw) warpTotals[lane] = t;
    }
    __syncthreads();
    if (warp > 0) v += warpTotals[warp - 1];
    out[i] = v;
}

// case: segmented inclusive warp scan with head flags
// kernel: scanSegmented
// launch: grid 1 block 64
// buffer: in s32 64 = rand 105 1 10
// buffer: head s32 64 = list 1 0 0 1 0 0 0 0 1 1 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 1 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0
// buffer: out s32 64 = 0
// params: in head out
// expect: out[0..63] = 4 9 13 1 10 17 24 29 5 1 7 9 16 19 22 24 25 28 7 15 22 28 32 40 43 1 8 13 14 22 25 27 8 13 14 15 19 24 32 41 48 52 59 62 67 68 76 85 86 95 102 108 113 118 126 9 13 16 25 33 42 44 48 50
// expect: no hazards
__global__ void scanSegmented(const int* in, const int* head, int* out)
{
    int lane = threadIdx.x % warpSize;
    int v = in[threadIdx.x];
    int f = head[threadIdx.x];
    for (int o = 1; o < warpSize; o <<= 1) {
        int nv = __shfl_up_sync(0xffffffffu, v, o);
        int nf = __shfl_up_sync(0xffffffffu, f, o);
        if (lane >= o && !f) {
            v += nv;
            f |= nf;
        }
    }
    out[threadIdx.x] = v;
}

// case: the uniform-add phase of a multi-block scan (one broadcast through shared memory)
// kernel: scanUniformAdd
// launch: grid 4 block 64
// buffer: data s32 256 = iota
// buffer: sums s32 4 = list 0 1000 3000 6000
// params: data sums
// expect: data[0..63] = iota
// expect: data[64..127] = iota+1000
// expect: data[128..191] = iota+3000
// expect: data[192..255] = iota+6000
// expect: no hazards
__global__ void scanUniformAdd(int* data, const int* sums)
{
    __shared__ int uni;
    if (threadIdx.x == 0) uni = sums[blockIdx.x];
    __syncthreads();
    data[blockIdx.x * blockDim.x + threadIdx.x] += uni;
}

// case: Hillis-Steele in place, one buffer: each step reads what a neighbour is overwriting
// kernel: bugScanInPlace
// gpu: differs a step may read a neighbour's value before or after its update
// launch: grid 1 block 64
// buffer: in s32 64 = 1
// buffer: out s32 64 = 0
// params: in out
// expect: hazard races
__global__ void bugScanInPlace(const int* in, int* out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    for (int o = 1; o < 64; o *= 2) {
        if (t >= o) s[t] += s[t - o];
        __syncthreads();
    }
    out[t] = s[t];
}
