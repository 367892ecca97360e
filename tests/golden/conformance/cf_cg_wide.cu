// Conformance: cooperative-groups tiles wider than a warp (64, 128, 256).
// On sm_75 they need block_tile_memory scratch; the tile barrier is built
// from atom.or.acq_rel, red.and.release and a spin on ld.acquire, so honest
// code here needs the race checker to know acquire/release.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// case: cg::reduce over tiles of 64
// kernel: cgWide64Reduce
// launch: grid 1 block 256
// buffer: in s32 256 = rand 41 -50 50
// buffer: out s32 256 = 0
// params: in out
// expect: out[0..63] = 122
// expect: out[64..127] = -408
// expect: out[128..191] = 140
// expect: out[192..255] = -166
// expect: no hazards
__global__ void cgWide64Reduce(const int* in, int* out)
{
    __shared__ cg::block_tile_memory<256> scratch;
    cg::thread_block block = cg::this_thread_block(scratch);
    auto tile = cg::tiled_partition<64>(block);
    out[threadIdx.x] = cg::reduce(tile, in[threadIdx.x], cg::plus<int>());
}

// case: tile<128>.sync() orders a shared-memory exchange within the tile
// kernel: cgWide128Sync
// launch: grid 2 block 256
// buffer: out s32 512 = 0
// params: out
// expect: out[0..63] = 127 126 125 124 123 122 121 120 119 118 117 116 115 114 113 112 111 110 109 108 107 106 105 104 103 102 101 100 99 98 97 96 95 94 93 92 91 90 89 88 87 86 85 84 83 82 81 80 79 78 77 76 75 74 73 72 71 70 69 68 67 66 65 64
// expect: out[64..127] = 63 62 61 60 59 58 57 56 55 54 53 52 51 50 49 48 47 46 45 44 43 42 41 40 39 38 37 36 35 34 33 32 31 30 29 28 27 26 25 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0
// expect: out[128..191] = 255 254 253 252 251 250 249 248 247 246 245 244 243 242 241 240 239 238 237 236 235 234 233 232 231 230 229 228 227 226 225 224 223 222 221 220 219 218 217 216 215 214 213 212 211 210 209 208 207 206 205 204 203 202 201 200 199 198 197 196 195 194 193 192
// expect: out[192..255] = 191 190 189 188 187 186 185 184 183 182 181 180 179 178 177 176 175 174 173 172 171 170 169 168 167 166 165 164 163 162 161 160 159 158 157 156 155 154 153 152 151 150 149 148 147 146 145 144 143 142 141 140 139 138 137 136 135 134 133 132 131 130 129 128
// expect: out[256..319] = 127 126 125 124 123 122 121 120 119 118 117 116 115 114 113 112 111 110 109 108 107 106 105 104 103 102 101 100 99 98 97 96 95 94 93 92 91 90 89 88 87 86 85 84 83 82 81 80 79 78 77 76 75 74 73 72 71 70 69 68 67 66 65 64
// expect: out[320..383] = 63 62 61 60 59 58 57 56 55 54 53 52 51 50 49 48 47 46 45 44 43 42 41 40 39 38 37 36 35 34 33 32 31 30 29 28 27 26 25 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0
// expect: out[384..447] = 255 254 253 252 251 250 249 248 247 246 245 244 243 242 241 240 239 238 237 236 235 234 233 232 231 230 229 228 227 226 225 224 223 222 221 220 219 218 217 216 215 214 213 212 211 210 209 208 207 206 205 204 203 202 201 200 199 198 197 196 195 194 193 192
// expect: out[448..511] = 191 190 189 188 187 186 185 184 183 182 181 180 179 178 177 176 175 174 173 172 171 170 169 168 167 166 165 164 163 162 161 160 159 158 157 156 155 154 153 152 151 150 149 148 147 146 145 144 143 142 141 140 139 138 137 136 135 134 133 132 131 130 129 128
// expect: no hazards
__global__ void cgWide128Sync(int* out)
{
    __shared__ cg::block_tile_memory<256> scratch;
    __shared__ int s[256];
    cg::thread_block block = cg::this_thread_block(scratch);
    cg::thread_block_tile<128> tile = cg::tiled_partition<128>(block);
    unsigned t = block.thread_rank();
    s[t] = t;
    tile.sync();
    unsigned base = tile.meta_group_rank() * tile.size();
    out[blockIdx.x * 256 + t] = s[base + tile.size() - 1 - tile.thread_rank()];
}

// case: tiles of 64: meta_group_rank, thread_rank and a broadcast across warps
// kernel: cgWide64Shfl
// launch: grid 1 block 256
// buffer: in s32 256 = iota*2+5
// buffer: info s32 256 = 0
// buffer: bcast s32 256 = 0
// params: in info bcast
// expect: info[0..63] = 4 14 24 34 44 54 64 74 84 94 104 114 124 134 144 154 164 174 184 194 204 214 224 234 244 254 264 274 284 294 304 314 324 334 344 354 364 374 384 394 404 414 424 434 444 454 464 474 484 494 504 514 524 534 544 554 564 574 584 594 604 614 624 634
// expect: info[64..127] = 1004 1014 1024 1034 1044 1054 1064 1074 1084 1094 1104 1114 1124 1134 1144 1154 1164 1174 1184 1194 1204 1214 1224 1234 1244 1254 1264 1274 1284 1294 1304 1314 1324 1334 1344 1354 1364 1374 1384 1394 1404 1414 1424 1434 1444 1454 1464 1474 1484 1494 1504 1514 1524 1534 1544 1554 1564 1574 1584 1594 1604 1614 1624 1634
// expect: info[128..191] = 2004 2014 2024 2034 2044 2054 2064 2074 2084 2094 2104 2114 2124 2134 2144 2154 2164 2174 2184 2194 2204 2214 2224 2234 2244 2254 2264 2274 2284 2294 2304 2314 2324 2334 2344 2354 2364 2374 2384 2394 2404 2414 2424 2434 2444 2454 2464 2474 2484 2494 2504 2514 2524 2534 2544 2554 2564 2574 2584 2594 2604 2614 2624 2634
// expect: info[192..255] = 3004 3014 3024 3034 3044 3054 3064 3074 3084 3094 3104 3114 3124 3134 3144 3154 3164 3174 3184 3194 3204 3214 3224 3234 3244 3254 3264 3274 3284 3294 3304 3314 3324 3334 3344 3354 3364 3374 3384 3394 3404 3414 3424 3434 3444 3454 3464 3474 3484 3494 3504 3514 3524 3534 3544 3554 3564 3574 3584 3594 3604 3614 3624 3634
// expect: bcast[0..63] = 85
// expect: bcast[64..127] = 213
// expect: bcast[128..191] = 341
// expect: bcast[192..255] = 469
// expect: no hazards
__global__ void cgWide64Shfl(const int* in, int* info, int* bcast)
{
    __shared__ cg::block_tile_memory<256> scratch;
    cg::thread_block block = cg::this_thread_block(scratch);
    auto tile = cg::tiled_partition<64>(block);
    int v = in[threadIdx.x];
    info[threadIdx.x] = 1000 * tile.meta_group_rank() + 10 * tile.thread_rank() + tile.meta_group_size();
    bcast[threadIdx.x] = tile.shfl(v, 40);
}

// case: a tile of 256 (the whole block): reduce and any
// kernel: cgWide256
// launch: grid 2 block 256
// buffer: in s32 512 = iota
// buffer: sum s32 2 = 0
// buffer: any s32 2 = -1
// params: in sum any 300
// expect: sum[0..1] = 32640 98176
// expect: any[0..1] = 0 1
// expect: no hazards
__global__ void cgWide256(const int* in, int* sum, int* any, int limit)
{
    __shared__ cg::block_tile_memory<256> scratch;
    cg::thread_block block = cg::this_thread_block(scratch);
    auto tile = cg::tiled_partition<256>(block);
    int v = in[blockIdx.x * 256 + threadIdx.x];
    int s = cg::reduce(tile, v, cg::plus<int>());
    int a = tile.any(v > limit);
    if (tile.thread_rank() == 0) {
        sum[blockIdx.x] = s;
        any[blockIdx.x] = a;
    }
}
