// Conformance: cooperative groups within a warp: static tiles of 4, 8, 16 and
// 32 threads, cg::reduce and the scans, votes on tiles, a dynamic tile,
// coalesced_threads, labeled_partition, binary_partition, thread_rank and
// meta_group_rank on 1-D and 2-D blocks.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

// case: thread_block_tile<32> down ladder from tile.size(), written by meta_group_rank
// kernel: cgTile32Shfl
// launch: grid 2 block 128
// buffer: in s32 256 = iota
// buffer: out s32 8 = 0
// params: in out
// expect: out[0..7] = iota*1024+496
// expect: no hazards
__global__ void cgTile32Shfl(const int* in, int* out)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    int v = in[block.group_index().x * block.size() + block.thread_rank()];
    for (int o = tile.size() / 2; o > 0; o /= 2) v += tile.shfl_down(v, o);
    if (tile.thread_rank() == 0) out[blockIdx.x * tile.meta_group_size() + tile.meta_group_rank()] = v;
}

// case: cg::reduce with cg::plus over tiles of 16
// kernel: cgTile16Reduce
// launch: grid 1 block 64
// buffer: in s32 64 = rand 21 -100 100
// buffer: out s32 64 = 0
// params: in out
// expect: out[0..63] = -306 -306 -306 -306 -306 -306 -306 -306 -306 -306 -306 -306 -306 -306 -306 -306 -120 -120 -120 -120 -120 -120 -120 -120 -120 -120 -120 -120 -120 -120 -120 -120 205 205 205 205 205 205 205 205 205 205 205 205 205 205 205 205 158 158 158 158 158 158 158 158 158 158 158 158 158 158 158 158
// expect: no hazards
__global__ void cgTile16Reduce(const int* in, int* out)
{
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    out[threadIdx.x] = cg::reduce(tile, in[threadIdx.x], cg::plus<int>());
}

// case: cg::inclusive_scan and cg::exclusive_scan over tiles of 8
// kernel: cgTile8Scans
// launch: grid 1 block 64
// buffer: in s32 64 = rand 4 0 50
// buffer: inc s32 64 = 0
// buffer: exc s32 64 = 0
// params: in inc exc
// expect: inc[0..63] = 26 35 72 120 143 187 204 223 27 37 80 114 148 153 202 245 0 22 32 61 87 130 158 191 18 27 59 72 116 125 173 173 16 20 47 85 105 137 146 180 36 61 74 98 105 146 174 212 12 44 83 128 137 178 182 209 43 70 82 96 98 122 168 180
// expect: exc[0..63] = 0 26 35 72 120 143 187 204 0 27 37 80 114 148 153 202 0 0 22 32 61 87 130 158 0 18 27 59 72 116 125 173 0 16 20 47 85 105 137 146 0 36 61 74 98 105 146 174 0 12 44 83 128 137 178 182 0 43 70 82 96 98 122 168
// expect: no hazards
__global__ void cgTile8Scans(const int* in, int* inc, int* exc)
{
    cg::thread_block_tile<8> tile = cg::tiled_partition<8>(cg::this_thread_block());
    int v = in[threadIdx.x];
    inc[threadIdx.x] = cg::inclusive_scan(tile, v);
    exc[threadIdx.x] = cg::exclusive_scan(tile, v);
}

// case: ballot, any and all on tiles of 4; meta_group_rank and meta_group_size
// kernel: cgTile4Votes
// launch: grid 1 block 32
// buffer: in s32 32 = rand 8 0 4
// buffer: ballot u32 32 = 0
// buffer: votes s32 32 = 0
// buffer: meta s32 32 = 0
// params: in ballot votes meta
// expect: ballot[0..31] = 8 8 8 8 10 10 10 10 15 15 15 15 6 6 6 6 2 2 2 2 3 3 3 3 9 9 9 9 11 11 11 11
// expect: votes[0..31] = 10 10 10 10 10 10 10 10 11 11 11 11 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10
// expect: meta[0..31] = 8 8 8 8 108 108 108 108 208 208 208 208 308 308 308 308 408 408 408 408 508 508 508 508 608 608 608 608 708 708 708 708
// expect: no hazards
__global__ void cgTile4Votes(const int* in, unsigned* ballot, int* votes, int* meta)
{
    auto tile = cg::tiled_partition<4>(cg::this_thread_block());
    bool odd = in[threadIdx.x] & 1;
    ballot[threadIdx.x] = tile.ballot(odd);
    votes[threadIdx.x] = 10 * tile.any(odd) + tile.all(odd);
    meta[threadIdx.x] = 100 * tile.meta_group_rank() + tile.meta_group_size();
}

// case: cg::reduce with cg::greater and cg::less (max and min)
// kernel: cgTileMaxMin
// launch: grid 1 block 64
// buffer: in s32 64 = rand 31 -1000 1000
// buffer: mx s32 64 = 0
// buffer: mn s32 64 = 0
// params: in mx mn
// expect: mx[0..63] = 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 926 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997 997
// expect: mn[0..63] = -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -976 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888 -888
// expect: no hazards
__global__ void cgTileMaxMin(const int* in, int* mx, int* mn)
{
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    int v = in[threadIdx.x];
    mx[threadIdx.x] = cg::reduce(tile, v, cg::greater<int>());
    mn[threadIdx.x] = cg::reduce(tile, v, cg::less<int>());
}

// case: a dynamic tiled_partition(block, 16): sync() orders a shared exchange
// kernel: cgDynamicTile
// launch: grid 1 block 64
// buffer: out s32 64 = 0
// buffer: info s32 64 = 0
// params: out info
// expect: out[0..63] = 2 0 6 4 10 8 14 12 18 16 22 20 26 24 30 28 34 32 38 36 42 40 46 44 50 48 54 52 58 56 62 60 66 64 70 68 74 72 78 76 82 80 86 84 90 88 94 92 98 96 102 100 106 104 110 108 114 112 118 116 122 120 126 124
// expect: info[0..63] = 16 116 216 316 416 516 616 716 816 916 1016 1116 1216 1316 1416 1516 16 116 216 316 416 516 616 716 816 916 1016 1116 1216 1316 1416 1516 16 116 216 316 416 516 616 716 816 916 1016 1116 1216 1316 1416 1516 16 116 216 316 416 516 616 716 816 916 1016 1116 1216 1316 1416 1516
// expect: no hazards
__global__ void cgDynamicTile(int* out, int* info)
{
    __shared__ int s[64];
    cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), 16);
    int t = threadIdx.x;
    s[t] = 2 * t;
    g.sync();
    out[t] = s[t ^ 1];
    info[t] = 100 * g.thread_rank() + g.size();
}

// case: coalesced_threads in a branch: warp-aggregated slot reservation
// kernel: cgCoalesced
// launch: grid 1 block 32
// buffer: in s32 32 = rand 12 0 10
// buffer: out s32 32 = -1
// buffer: counter s32 1 = 0
// buffer: sums s32 32 = -1
// params: in out counter sums
// expect: out[0..31] = 6 9 9 6 9 6 6 3 9 9 3 3 3 9 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1
// expect: counter[0] = 14
// expect: sums[0..31] = -1 -1 90 -1 -1 90 90 90 -1 -1 90 -1 90 90 -1 -1 -1 90 -1 -1 -1 90 -1 -1 -1 90 90 90 -1 -1 90 90
// expect: no hazards
__global__ void cgCoalesced(const int* in, int* out, int* counter, int* sums)
{
    int v = in[threadIdx.x];
    if (v % 3 == 0) {
        cg::coalesced_group active = cg::coalesced_threads();
        int base = 0;
        if (active.thread_rank() == 0) base = atomicAdd(counter, (int)active.size());
        base = active.shfl(base, 0);
        out[base + active.thread_rank()] = v;
        sums[threadIdx.x] = cg::reduce(active, v, cg::plus<int>());
    }
}

// case: labeled_partition by key: size, rank and sum of each label group
// kernel: cgLabeled
// launch: grid 1 block 64
// buffer: in s32 64 = rand 17 0 40
// buffer: info s32 64 = 0
// buffer: sums s32 64 = 0
// params: in info sums
// expect: info[0..63] = 9000 8000 9001 8000 8001 8001 8002 7000 8003 8002 8003 7001 7002 9002 8004 9003 9004 7003 8005 8006 9005 9006 8004 9007 7004 8005 7005 8007 7006 8006 8007 9008 9000 10000 6000 7000 7001 10001 9001 10002 10003 10004 7002 6001 9002 6002 7003 9003 9004 7004 10005 9005 10006 6003 10007 7005 7006 10008 9006 9007 10009 6004 9008 6005
// expect: sums[0..63] = 121 176 121 208 176 208 176 88 176 208 208 88 88 121 208 121 121 88 208 208 121 121 176 121 88 176 88 208 88 176 176 121 194 246 114 156 156 246 194 246 246 246 156 114 194 114 156 194 194 156 246 194 246 114 246 156 156 246 194 194 246 114 194 114
// expect: no hazards
__global__ void cgLabeled(const int* in, int* info, int* sums)
{
    auto warp = cg::tiled_partition<32>(cg::this_thread_block());
    int v = in[threadIdx.x];
    auto g = cg::labeled_partition(warp, v % 4);
    info[threadIdx.x] = 1000 * g.size() + g.thread_rank();
    sums[threadIdx.x] = cg::reduce(g, v, cg::plus<int>());
}

// case: binary_partition on a predicate: size, rank and sum of each side
// kernel: cgBinary
// launch: grid 1 block 32
// buffer: in s32 32 = rand 19 0 100
// buffer: info s32 32 = 0
// buffer: sums s32 32 = 0
// params: in info sums
// expect: info[0..31] = 17000 15000 15001 15002 15003 17001 17002 15004 15005 15006 15007 17003 17004 15008 17005 17006 17007 15009 17008 15010 15011 15012 17009 17010 15013 17011 17012 15014 17013 17014 17015 17016
// expect: sums[0..31] = 352 1146 1146 1146 1146 352 352 1146 1146 1146 1146 352 352 1146 352 352 352 1146 352 1146 1146 1146 352 352 1146 352 352 1146 352 352 352 352
// expect: no hazards
__global__ void cgBinary(const int* in, int* info, int* sums)
{
    auto warp = cg::tiled_partition<32>(cg::this_thread_block());
    int v = in[threadIdx.x];
    auto g = cg::binary_partition(warp, v > 50);
    info[threadIdx.x] = 1000 * g.size() + g.thread_rank();
    sums[threadIdx.x] = cg::reduce(g, v, cg::plus<int>());
}

// case: thread_rank and tiles on a 2-D block; block.sync() between phases
// kernel: cgBlock2D
// launch: grid 2 block 16,8
// buffer: ranks s32 256 = 0
// buffer: tiles s32 256 = 0
// buffer: flip s32 256 = 0
// params: ranks tiles flip
// expect: ranks[0..63] = 128000 128001 128002 128003 128004 128005 128006 128007 128008 128009 128010 128011 128012 128013 128014 128015 128016 128017 128018 128019 128020 128021 128022 128023 128024 128025 128026 128027 128028 128029 128030 128031 128032 128033 128034 128035 128036 128037 128038 128039 128040 128041 128042 128043 128044 128045 128046 128047 128048 128049 128050 128051 128052 128053 128054 128055 128056 128057 128058 128059 128060 128061 128062 128063
// expect: ranks[64..127] = 128064 128065 128066 128067 128068 128069 128070 128071 128072 128073 128074 128075 128076 128077 128078 128079 128080 128081 128082 128083 128084 128085 128086 128087 128088 128089 128090 128091 128092 128093 128094 128095 128096 128097 128098 128099 128100 128101 128102 128103 128104 128105 128106 128107 128108 128109 128110 128111 128112 128113 128114 128115 128116 128117 128118 128119 128120 128121 128122 128123 128124 128125 128126 128127
// expect: ranks[128..191] = 129000 129001 129002 129003 129004 129005 129006 129007 129008 129009 129010 129011 129012 129013 129014 129015 129016 129017 129018 129019 129020 129021 129022 129023 129024 129025 129026 129027 129028 129029 129030 129031 129032 129033 129034 129035 129036 129037 129038 129039 129040 129041 129042 129043 129044 129045 129046 129047 129048 129049 129050 129051 129052 129053 129054 129055 129056 129057 129058 129059 129060 129061 129062 129063
// expect: ranks[192..255] = 129064 129065 129066 129067 129068 129069 129070 129071 129072 129073 129074 129075 129076 129077 129078 129079 129080 129081 129082 129083 129084 129085 129086 129087 129088 129089 129090 129091 129092 129093 129094 129095 129096 129097 129098 129099 129100 129101 129102 129103 129104 129105 129106 129107 129108 129109 129110 129111 129112 129113 129114 129115 129116 129117 129118 129119 129120 129121 129122 129123 129124 129125 129126 129127
// expect: tiles[0..63] = 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131
// expect: tiles[64..127] = 200 201 202 203 204 205 206 207 208 209 210 211 212 213 214 215 216 217 218 219 220 221 222 223 224 225 226 227 228 229 230 231 300 301 302 303 304 305 306 307 308 309 310 311 312 313 314 315 316 317 318 319 320 321 322 323 324 325 326 327 328 329 330 331
// expect: tiles[128..191] = 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131
// expect: tiles[192..255] = 200 201 202 203 204 205 206 207 208 209 210 211 212 213 214 215 216 217 218 219 220 221 222 223 224 225 226 227 228 229 230 231 300 301 302 303 304 305 306 307 308 309 310 311 312 313 314 315 316 317 318 319 320 321 322 323 324 325 326 327 328 329 330 331
// expect: flip[0..63] = 127 126 125 124 123 122 121 120 119 118 117 116 115 114 113 112 111 110 109 108 107 106 105 104 103 102 101 100 99 98 97 96 95 94 93 92 91 90 89 88 87 86 85 84 83 82 81 80 79 78 77 76 75 74 73 72 71 70 69 68 67 66 65 64
// expect: flip[64..127] = 63 62 61 60 59 58 57 56 55 54 53 52 51 50 49 48 47 46 45 44 43 42 41 40 39 38 37 36 35 34 33 32 31 30 29 28 27 26 25 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0
// expect: flip[128..191] = 127 126 125 124 123 122 121 120 119 118 117 116 115 114 113 112 111 110 109 108 107 106 105 104 103 102 101 100 99 98 97 96 95 94 93 92 91 90 89 88 87 86 85 84 83 82 81 80 79 78 77 76 75 74 73 72 71 70 69 68 67 66 65 64
// expect: flip[192..255] = 63 62 61 60 59 58 57 56 55 54 53 52 51 50 49 48 47 46 45 44 43 42 41 40 39 38 37 36 35 34 33 32 31 30 29 28 27 26 25 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0
// expect: no hazards
__global__ void cgBlock2D(int* ranks, int* tiles, int* flip)
{
    __shared__ int s[128];
    cg::thread_block block = cg::this_thread_block();
    auto tile = cg::tiled_partition<32>(block);
    unsigned r = block.thread_rank();
    unsigned at = block.group_index().x * block.size() + r;
    ranks[at] = r + 1000 * block.group_index().x + 1000 * block.dim_threads().x * block.dim_threads().y;
    tiles[at] = tile.meta_group_rank() * 100 + tile.thread_rank();
    s[r] = r;
    block.sync();
    flip[at] = s[block.size() - 1 - r];
}

// case: tile.shfl_xor butterfly and tile.shfl broadcast on tiles of 16
// kernel: cgTileShfl
// launch: grid 1 block 64
// buffer: in s32 64 = iota*3+1
// buffer: bfly s32 64 = 0
// buffer: bcast s32 64 = 0
// params: in bfly bcast
// expect: bfly[0..63] = 376 376 376 376 376 376 376 376 376 376 376 376 376 376 376 376 1144 1144 1144 1144 1144 1144 1144 1144 1144 1144 1144 1144 1144 1144 1144 1144 1912 1912 1912 1912 1912 1912 1912 1912 1912 1912 1912 1912 1912 1912 1912 1912 2680 2680 2680 2680 2680 2680 2680 2680 2680 2680 2680 2680 2680 2680 2680 2680
// expect: bcast[0..63] = 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 58 58 58 58 58 58 58 58 58 58 58 58 58 58 58 58 106 106 106 106 106 106 106 106 106 106 106 106 106 106 106 106 154 154 154 154 154 154 154 154 154 154 154 154 154 154 154 154
// expect: no hazards
__global__ void cgTileShfl(const int* in, int* bfly, int* bcast)
{
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    int v = in[threadIdx.x];
    int s = v;
    for (int m = 1; m < tile.num_threads(); m <<= 1) s += tile.shfl_xor(s, m);
    bfly[threadIdx.x] = s;
    bcast[threadIdx.x] = tile.shfl(v, 3);
}
