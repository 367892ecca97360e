// Conformance: histograms: shared-memory privatisation with atomics and a
// global merge (grid-stride), per-warp sub-histograms, uchar4 loads of bytes,
// and the plain s_hist[v]++ race.

// case: 256-bin byte histogram, shared atomics, grid-stride, global merge
// kernel: histShared
// launch: grid 3 block 128
// buffer: data u8 5000 = list 1 1 2 3 5 8 13 21 34 55 89 144 233 121 98 219 61 24 85 109 194 47 241 32 17 49 66 115 181 40 221 5 226 231 201 176 121 41 162 203 109 56 165 221 130 95 225 64 33 97 130 227 101 72 173 245 162 151 57 208
// buffer: hist u32 256 = 0
// params: data 5000 hist
// expect: hist[0..63] = 0 168 84 84 0 167 0 0 84 0 0 0 0 84 0 0 0 83 0 0 0 84 0 0 84 0 0 0 0 0 0 0 83 83 84 0 0 0 0 0 83 83 0 0 0 0 0 83 0 83 0 0 0 0 0 84 83 83 0 0 0 84 0 0
// expect: hist[64..127] = 83 0 83 0 0 0 0 0 83 0 0 0 0 0 0 0 0 0 0 0 0 84 0 0 0 84 0 0 0 0 0 83 0 83 84 0 0 83 0 0 0 0 0 0 0 167 0 0 0 0 0 83 0 0 0 0 0 167 0 0 0 0 0 0
// expect: hist[128..191] = 0 0 166 0 0 0 0 0 0 0 0 0 0 0 0 0 84 0 0 0 0 0 0 83 0 0 0 0 0 0 0 0 0 0 166 0 0 83 0 0 0 0 0 0 0 83 0 0 83 0 0 0 0 83 0 0 0 0 0 0 0 0 0 0
// expect: hist[192..255] = 0 0 83 0 0 0 0 0 0 83 0 83 0 0 0 0 83 0 0 0 0 0 0 0 0 0 0 84 0 166 0 0 0 83 83 83 0 0 0 83 0 84 0 0 0 0 0 0 0 83 0 0 0 83 0 0 0 0 0 0 0 0 0 0
// expect: no hazards
__global__ void histShared(const unsigned char* data, int n, unsigned* hist)
{
    __shared__ unsigned local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (local[b]) atomicAdd(&hist[b], local[b]);
}

// case: per-warp sub-histograms (16 bins), merged in shared memory, then globally
// kernel: histPerWarp
// launch: grid 2 block 128
// buffer: data s32 1024 = rand 111 0 16
// buffer: hist u32 16 = 0
// params: data hist
// expect: hist[0..15] = 59 72 62 62 60 78 74 58 64 59 59 67 66 56 58 70
// expect: no hazards
__global__ void histPerWarp(const int* data, unsigned* hist)
{
    __shared__ unsigned sub[4][16];
    int warp = threadIdx.x / warpSize;
    if (threadIdx.x < 64) sub[threadIdx.x / 16][threadIdx.x % 16] = 0;
    __syncthreads();
    int base = blockIdx.x * 512;
    for (int k = 0; k < 4; k++) atomicAdd(&sub[warp][data[base + k * 128 + threadIdx.x]], 1u);
    __syncthreads();
    if (threadIdx.x < 16) {
        unsigned total = sub[0][threadIdx.x] + sub[1][threadIdx.x] + sub[2][threadIdx.x] + sub[3][threadIdx.x];
        atomicAdd(&hist[threadIdx.x], total);
    }
}

// case: bytes read four at a time through uchar4, 64 bins of value / 4
// kernel: histUchar4
// launch: grid 1 block 64
// buffer: data u8 1024 = rand 112 0 256
// buffer: hist u32 64 = 0
// params: data hist
// expect: hist[0..63] = 20 17 16 17 15 15 19 13 17 9 13 9 17 16 15 11 10 18 25 15 14 22 19 9 16 15 18 13 11 11 22 15 11 23 23 15 15 21 20 14 18 12 14 17 13 18 18 15 11 16 16 13 10 16 23 19 11 23 18 17 14 22 16 20
// expect: no hazards
__global__ void histUchar4(const uchar4* data, unsigned* hist)
{
    __shared__ unsigned bins[64];
    bins[threadIdx.x] = 0;
    __syncthreads();
    for (int k = 0; k < 4; k++) {
        uchar4 q = data[k * 64 + threadIdx.x];
        atomicAdd(&bins[q.x >> 2], 1u);
        atomicAdd(&bins[q.y >> 2], 1u);
        atomicAdd(&bins[q.z >> 2], 1u);
        atomicAdd(&bins[q.w >> 2], 1u);
    }
    __syncthreads();
    hist[threadIdx.x] = bins[threadIdx.x];
}

// case: s_hist[v]++ without atomics: a race
// kernel: bugHistPlain
// gpu: differs concurrent increments of one bin are lost
// launch: grid 1 block 128
// buffer: data s32 128 = rand 113 0 8
// buffer: hist u32 8 = 0
// params: data hist
// expect: hazard races
__global__ void bugHistPlain(const int* data, unsigned* hist)
{
    __shared__ unsigned bins[8];
    if (threadIdx.x < 8) bins[threadIdx.x] = 0;
    __syncthreads();
    bins[data[threadIdx.x]]++;
    __syncthreads();
    if (threadIdx.x < 8) hist[threadIdx.x] = bins[threadIdx.x];
}
