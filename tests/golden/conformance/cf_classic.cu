// Conformance: the textbook kernels in their published shapes (written anew):
// the reduction ladder (interleaved with %, strided index, sequential
// addressing, first add during load, complete unroll), a dot product with a
// shared cache and atomicAdd, the 1-D stencil with halo, and tiled matrix
// multiply.

// case: reduction 0: interleaved addressing with tid % (2*s)
// kernel: reduce0
// launch: grid 2 block 128 shared 512
// buffer: in s32 256 = rand 131 0 100
// buffer: out s32 2 = 0
// params: in out
// expect: out[0..1] = 6306 6551
// expect: no hazards
__global__ void reduce0(const int* in, int* out)
{
    extern __shared__ int sdata[];
    unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = in[i];
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}

// case: reduction 1: strided index, no divergent %
// kernel: reduce1
// launch: grid 2 block 128 shared 512
// buffer: in s32 256 = rand 132 0 100
// buffer: out s32 2 = 0
// params: in out
// expect: out[0..1] = 6518 5929
// expect: no hazards
__global__ void reduce1(const int* in, int* out)
{
    extern __shared__ int sdata[];
    unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = in[i];
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        unsigned index = 2 * s * tid;
        if (index < blockDim.x) sdata[index] += sdata[index + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}

// case: reduction 3: first add during the load, sequential addressing
// kernel: reduce3
// launch: grid 2 block 64 shared 256
// buffer: in s32 256 = rand 133 0 100
// buffer: out s32 2 = 0
// params: in out 256
// expect: out[0..1] = 6439 6306
// expect: no hazards
__global__ void reduce3(const int* in, int* out, unsigned n)
{
    extern __shared__ int sdata[];
    unsigned tid = threadIdx.x, i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    int sum = i < n ? in[i] : 0;
    if (i + blockDim.x < n) sum += in[i + blockDim.x];
    sdata[tid] = sum;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] = sum = sum + sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sum;
}

// case: reduction 5: complete unroll on a template block size, __syncwarp in the warp tail
// kernel: reduce5
// launch: grid 1 block 256
// buffer: in s32 512 = rand 134 -100 100
// buffer: out s32 1 = 0
// params: in out
// expect: out[0] = 378
// expect: no hazards
template <unsigned blockSize>
__device__ void warpTail(int* sdata, unsigned tid)
{
    int v = sdata[tid];
    if (blockSize >= 64) { v += sdata[tid + 32]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
    if (blockSize >= 32) { v += sdata[tid + 16]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
    if (blockSize >= 16) { v += sdata[tid + 8]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
    if (blockSize >= 8) { v += sdata[tid + 4]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
    if (blockSize >= 4) { v += sdata[tid + 2]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
    if (blockSize >= 2) { v += sdata[tid + 1]; __syncwarp(); sdata[tid] = v; __syncwarp(); }
}

template <unsigned blockSize>
__global__ void reduce5(const int* in, int* out)
{
    __shared__ int sdata[blockSize];
    unsigned tid = threadIdx.x, i = blockIdx.x * (blockSize * 2) + tid;
    sdata[tid] = in[i] + in[i + blockSize];
    __syncthreads();
    if (blockSize >= 512) { if (tid < 256) sdata[tid] += sdata[tid + 256]; __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) sdata[tid] += sdata[tid + 128]; __syncthreads(); }
    if (blockSize >= 128) { if (tid < 64) sdata[tid] += sdata[tid + 64]; __syncthreads(); }
    if (tid < 32) warpTail<blockSize>(sdata, tid);
    if (tid == 0) out[blockIdx.x] = sdata[0];
}
template __global__ void reduce5<256>(const int*, int*);

// case: dot product: a shared cache per block, tree, one atomicAdd per block
// kernel: dotProduct
// launch: grid 4 block 128
// buffer: a f32 1000 = iota*0.5
// buffer: b f32 1000 = 2
// buffer: c f32 1 = 0
// params: a b c 1000
// expect: c[0] = 499500
// expect: no hazards
__global__ void dotProduct(const float* a, const float* b, float* c, int n)
{
    __shared__ float cache[128];
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    float temp = 0;
    while (tid < n) {
        temp += a[tid] * b[tid];
        tid += blockDim.x * gridDim.x;
    }
    cache[threadIdx.x] = temp;
    __syncthreads();
    for (int i = blockDim.x / 2; i != 0; i /= 2) {
        if (threadIdx.x < i) cache[threadIdx.x] += cache[threadIdx.x + i];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(c, cache[0]);
}

// case: 1-D stencil of radius 3 with halo cells loaded by the first threads
// kernel: stencil1D
// launch: grid 4 block 64
// buffer: in s32 262 = rand 135 0 50
// buffer: out s32 256 = 0
// params: in out
// expect: out[0..63] = 153 169 209 218 239 248 227 227 228 194 187 179 151 123 168 169 171 158 163 162 210 202 190 214 227 225 209 177 179 208 198 212 174 195 195 175 175 187 164 176 163 162 148 102 72 88 123 130 152 151 164 191 189 183 195 201 242 226 213 186 181 195 174 159
// expect: out[64..127] = 198 180 220 213 191 204 194 192 196 175 193 208 176 175 169 185 198 197 178 198 190 208 206 183 182 197 194 189 151 172 208 173 187 181 213 203 210 209 237 239 261 235 249 213 191 158 117 86 89 111 128 114 121 130 171 159 123 104 129 147 145 129 166 196
// expect: out[128..191] = 216 208 186 188 189 171 153 144 134 140 127 124 113 111 124 114 114 131 105 101 115 121 113 99 112 110 110 115 116 155 186 203 209 210 216 221 215 206 181 187 212 206 197 209 230 236 269 259 260 253 216 208 225 217 225 194 165 172 183 140 114 101 136 161
// expect: out[192..255] = 188 168 181 196 180 158 170 133 155 172 188 202 224 208 245 212 195 174 163 143 163 163 167 150 157 184 194 191 162 144 180 195 193 179 157 151 185 149 126 129 118 117 156 120 137 151 143 150 161 126 136 120 131 133 134 156 146 151 167 149 151 188 177 183
// expect: no hazards
#define RADIUS 3
#define BLOCK_SIZE 64
__global__ void stencil1D(const int* in, int* out)
{
    __shared__ int temp[BLOCK_SIZE + 2 * RADIUS];
    int gindex = threadIdx.x + blockIdx.x * blockDim.x + RADIUS;
    int lindex = threadIdx.x + RADIUS;
    temp[lindex] = in[gindex];
    if (threadIdx.x < RADIUS) {
        temp[lindex - RADIUS] = in[gindex - RADIUS];
        temp[lindex + BLOCK_SIZE] = in[gindex + BLOCK_SIZE];
    }
    __syncthreads();
    int result = 0;
    for (int offset = -RADIUS; offset <= RADIUS; offset++) result += temp[lindex + offset];
    out[gindex - RADIUS] = result;
}

// case: tiled matrix multiply, 16 x 16 tiles, 32 x 48 times 48 x 32
// kernel: matmulTiled
// launch: grid 2,2 block 16,16
// buffer: A s32 1536 = rand 136 -5 5
// buffer: B s32 1536 = rand 137 -5 5
// buffer: C s32 1024 = 0
// params: A B C 32 48 32
// expect: C[0..63] = -17 -122 44 127 66 104 20 -33 80 34 13 29 1 1 -11 -2 -61 -70 112 48 112 98 -15 77 49 -34 0 -24 31 -58 -3 11 -17 -37 -77 -28 -71 -115 -6 -81 17 -54 29 23 61 42 15 -4 -2 59 -106 34 37 15 12 -30 66 -62 -50 48 -14 -67 66 5
// expect: C[64..127] = -18 108 -109 0 -39 40 -72 54 35 27 66 -58 -6 -31 -81 65 60 -51 32 -49 -24 -81 -27 -4 -2 -69 -16 88 75 -52 32 -46 -26 -10 1 50 -29 -18 37 70 68 93 0 104 66 -53 -61 45 27 -6 29 -24 43 -101 99 58 22 -221 69 -37 109 -24 108 -43
// expect: C[128..191] = -94 57 -62 33 81 -14 -136 -7 16 83 79 -64 98 -33 58 -34 33 -53 -34 -72 37 26 -24 -45 99 -94 -114 22 -4 -13 25 -35 -45 107 -51 -155 -4 -2 9 -131 -18 15 24 20 10 -74 -5 28 49 67 116 16 -42 67 -27 29 -67 58 -27 -50 -61 107 -103 13
// expect: C[192..255] = 28 -4 -35 75 14 -1 56 79 41 69 -43 -20 41 -30 51 -14 47 31 -95 16 41 -30 8 57 34 -26 -102 120 26 38 -16 9 73 84 -49 -14 -42 11 8 -50 60 2 -33 -25 -34 -34 -10 -72 12 53 114 -8 83 -47 -24 12 -14 -12 126 -26 -39 -42 15 16
// expect: C[256..319] = 11 -54 145 -87 89 100 64 -75 -6 21 10 35 44 8 94 137 17 35 -6 18 103 -67 -4 31 50 75 14 19 -83 71 -89 148 -6 -76 -57 13 64 22 -25 -34 94 181 -24 33 -47 -68 96 39 62 33 48 72 -10 -22 1 36 -16 -22 -2 9 1 107 -153 192
// expect: C[320..383] = -69 58 64 15 -123 20 89 78 110 56 -80 -28 1 42 -104 53 -6 -74 59 5 17 -146 -30 79 6 17 -31 -103 75 -52 81 -18 18 -40 -37 21 50 -17 82 -53 -85 13 -23 -56 -168 40 39 15 -12 -21 119 -42 43 6 20 45 4 104 -14 8 10 -58 -55 10
// expect: C[384..447] = 75 -22 -16 -11 36 -5 44 -25 -12 2 -27 41 25 68 67 -92 -70 146 40 -25 -86 80 21 19 -7 43 119 9 -8 48 -48 52 13 -49 9 92 -53 47 -3 71 133 80 2 -151 -40 93 26 -28 -76 64 57 83 -39 57 -9 -17 40 56 -58 28 110 82 59 29
// expect: C[448..511] = 56 -84 22 56 10 142 -18 89 144 71 -34 40 17 49 -40 73 17 81 130 84 -54 -108 -43 49 -101 -3 -8 -14 101 79 -89 4 79 -34 -53 32 45 -37 4 59 -11 -69 -24 -64 50 38 -77 3 11 -64 -99 33 -66 52 28 -76 26 48 -72 67 117 54 45 19
// expect: C[512..575] = -70 114 60 67 -58 -50 61 43 106 86 -31 -50 -34 -5 -5 32 59 32 62 -68 -50 -153 -54 19 -14 -24 -46 3 30 -15 30 -106 30 -62 42 69 45 -9 -34 -54 67 17 24 -56 12 9 1 60 -46 12 -14 73 9 80 -52 8 53 61 -53 -6 70 135 -17 56
// expect: C[576..639] = -52 -1 18 25 -32 -52 40 -26 -51 65 -28 -28 41 18 -47 -50 69 -77 -49 68 -51 78 39 61 -3 87 10 35 -1 57 -81 55 47 40 73 -14 -64 -40 -26 -31 32 -4 64 1 101 54 -78 -12 78 7 10 -19 -69 46 35 -77 -31 -16 -31 39 53 4 3 -54
// expect: C[640..703] = -72 -79 -80 -29 -8 99 36 -34 -7 108 -75 50 25 -11 45 112 -3 48 3 -112 55 -43 19 55 1 6 77 -33 -1 -45 -23 0 -13 35 36 7 -5 85 -51 -59 14 6 85 37 -64 -52 -13 -12 43 -29 111 21 45 -35 22 -40 3 46 -77 -48 146 26 -72 -22
// expect: C[704..767] = 20 -41 -75 9 98 -67 -89 -30 -146 58 75 -34 -83 49 87 -40 -49 -21 113 -96 -34 42 27 -3 -15 -103 45 -5 -66 -86 -8 -68 -85 -15 63 62 -12 46 32 57 126 34 -14 -31 67 66 -18 64 12 -10 -83 13 -76 123 17 18 23 83 41 4 37 86 -41 56
// expect: C[768..831] = -48 16 -73 35 -79 -61 24 70 57 3 -71 -29 33 16 -139 31 23 -57 -59 -32 -30 -177 -54 -24 -46 -68 51 -18 31 -143 35 46 104 104 -60 22 31 49 0 -4 8 27 128 -15 125 -29 38 -5 27 56 80 45 71 -81 -73 25 90 32 -44 50 46 157 73 60
// expect: C[832..895] = -99 -8 -37 57 -74 65 -10 -99 93 92 -7 66 -57 -2 66 -7 27 30 -69 -38 11 73 43 -60 -1 -54 22 -45 -48 -47 -40 -23 -50 -56 -8 -37 -57 92 -43 124 86 72 6 88 2 99 57 -40 108 118 -67 24 -3 27 42 8 20 -6 55 11 61 -22 -17 -32
// expect: C[896..959] = 100 -79 48 14 93 -25 31 128 35 -5 146 15 63 3 -40 50 3 -80 -74 54 64 -15 30 44 91 -58 -37 84 52 -26 127 132 0 8 -3 28 72 -59 -29 -21 -16 43 82 -27 45 72 23 88 26 30 -60 0 -21 68 73 -67 52 -30 4 96 -43 36 20 -6
// expect: C[960..1023] = -53 166 -91 100 -119 -16 -32 -5 128 29 1 -13 27 -31 47 -1 54 84 17 32 42 -67 -109 21 89 -49 -30 -24 32 36 42 -58 54 -121 20 134 107 8 -71 -82 87 19 57 -22 -79 3 29 37 -34 55 60 44 -10 29 -76 -36 23 96 -92 -37 20 51 -86 118
// expect: no hazards
#define TILE 16
__global__ void matmulTiled(const int* A, const int* B, int* C, int M, int K, int N)
{
    __shared__ int As[TILE][TILE];
    __shared__ int Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    int acc = 0;
    for (int t = 0; t < K / TILE; t++) {
        As[threadIdx.y][threadIdx.x] = A[row * K + t * TILE + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * N + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; k++) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = acc;
}

// case: the same multiply missing the second barrier: the next tile overwrites one still being read
// kernel: bugMatmulOneBarrier
// gpu: differs a fast warp refills the tile while a slow one still reads it
// launch: grid 1,1 block 16,16
// buffer: A s32 512 = rand 138 -5 5
// buffer: B s32 512 = rand 139 -5 5
// buffer: C s32 256 = 0
// params: A B C 16 32 16
// expect: hazard races kind RACE_SHARED
__global__ void bugMatmulOneBarrier(const int* A, const int* B, int* C, int M, int K, int N)
{
    __shared__ int As[TILE][TILE];
    __shared__ int Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    int acc = 0;
    for (int t = 0; t < K / TILE; t++) {
        As[threadIdx.y][threadIdx.x] = A[row * K + t * TILE + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * N + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    }
    if (row < M && col < N) C[row * N + col] = acc;
}
