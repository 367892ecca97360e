// Conformance: more CUB block primitives: BlockExchange (striped to blocked),
// BlockDiscontinuity head flags, BlockLoad of a partial tile with a default
// for the missing items, and BlockHistogram.
#include <cub/cub.cuh>

// case: cub::BlockExchange StripedToBlocked (element k*64+t striped in, blocked out: the identity)
// kernel: cubExchange
// launch: grid 1 block 64
// buffer: in s32 256 = iota
// buffer: out s32 256 = 0
// params: in out
// expect: out[0..255] = iota
// expect: no hazards
__global__ void cubExchange(const int* in, int* out)
{
    typedef cub::BlockExchange<int, 64, 4> Exchange;
    __shared__ typename Exchange::TempStorage temp;
    int items[4];
#pragma unroll
    for (int k = 0; k < 4; k++) items[k] = in[k * 64 + threadIdx.x];  // striped
    Exchange(temp).StripedToBlocked(items);
#pragma unroll
    for (int k = 0; k < 4; k++) out[threadIdx.x * 4 + k] = items[k];
}

// case: cub::BlockDiscontinuity FlagHeads on sorted keys
// kernel: cubHeads
// launch: grid 1 block 32
// buffer: in s32 128 = list 0 0 0 1 1 2 3 3 3 3 4 5 5 6 6 6 7 8 8 8 8 8 9 9 10 11 11 11 12 12 13 13 14 14 14 14 15 16 16 17 18 18 19 20 20 20 21 22 22 23 24 24 24 25 25 26 27 27 27 28 28 28 28 29 30 30 31 32 32 33 34 34 35 35 36 37 37 37 38 38 39 40 40 40 41 41 42 42 43 44 44 45 45 45 46 47 48 48 48 49 50 50 51 52 52 53 53 54 55 55 55 56 57 57 58 58 59 60 60 61 62 62 62 63 63 64 65 65
// buffer: flags s32 128 = 0
// params: in flags
// expect: flags[0..63] = 1 0 0 1 0 1 1 0 0 0 1 1 0 1 0 0 1 1 0 0 0 0 1 0 1 1 0 0 1 0 1 0 1 0 0 0 1 1 0 1 1 0 1 1 0 0 1 1 0 1 1 0 0 1 0 1 1 0 0 1 0 0 0 1
// expect: flags[64..127] = 1 0 1 1 0 1 1 0 1 0 1 1 0 0 1 0 1 1 0 0 1 0 1 0 1 1 0 1 0 0 1 1 1 0 0 1 1 0 1 1 0 1 0 1 1 0 0 1 1 0 1 0 1 1 0 1 1 0 0 1 0 1 1 0
// expect: no hazards
struct NotEqual {
    __device__ bool operator()(int a, int b) const { return a != b; }
};

__global__ void cubHeads(const int* in, int* flags)
{
    typedef cub::BlockDiscontinuity<int, 32> Disc;
    __shared__ typename Disc::TempStorage temp;
    int keys[4], heads[4];
#pragma unroll
    for (int k = 0; k < 4; k++) keys[k] = in[threadIdx.x * 4 + k];
    Disc(temp).FlagHeads(heads, keys, NotEqual());
#pragma unroll
    for (int k = 0; k < 4; k++) flags[threadIdx.x * 4 + k] = heads[k];
}

// case: cub::BlockLoad of a partial tile (valid items, default -7), then BlockReduce
// kernel: cubPartialLoad
// launch: grid 1 block 64
// buffer: in s32 200 = iota
// buffer: items s32 256 = 0
// buffer: sum s32 1 = 0
// params: in 200 items sum
// expect: items[0..199] = iota
// expect: items[200..255] = -7
// expect: sum[0] = 19508
// expect: no hazards
__global__ void cubPartialLoad(const int* in, int valid, int* items, int* sum)
{
    typedef cub::BlockLoad<int, 64, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE> Load;
    typedef cub::BlockReduce<int, 64> Reduce;
    __shared__ union {
        typename Load::TempStorage load;
        typename Reduce::TempStorage reduce;
    } temp;
    int v[4];
    Load(temp.load).Load(in, v, valid, -7);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < 4; k++) items[threadIdx.x * 4 + k] = v[k];
    int s = Reduce(temp.reduce).Sum(v);
    if (threadIdx.x == 0) sum[0] = s;
}

// case: cub::BlockHistogram (atomic algorithm) of 8-bit samples into 16 bins
// kernel: cubHistogram
// launch: grid 1 block 64
// buffer: in u8 256 = rand 143 0 16
// buffer: hist u32 16 = 0
// params: in hist
// expect: hist[0..15] = 14 17 9 15 15 15 17 20 26 11 17 23 11 17 17 12
// expect: no hazards
__global__ void cubHistogram(const unsigned char* in, unsigned* hist)
{
    typedef cub::BlockHistogram<unsigned char, 64, 4, 16, cub::BLOCK_HISTO_ATOMIC> Histo;
    __shared__ typename Histo::TempStorage temp;
    __shared__ unsigned bins[16];
    unsigned char samples[4];
#pragma unroll
    for (int k = 0; k < 4; k++) samples[k] = in[threadIdx.x * 4 + k];
    Histo(temp).Histogram(samples, bins);
    __syncthreads();
    if (threadIdx.x < 16) hist[threadIdx.x] = bins[threadIdx.x];
}
