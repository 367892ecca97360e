// Conformance: the asynchronous-copy and barrier APIs of newer code, as they
// compile for sm_75 (no cp.async: the copies fall back to loads and stores):
// cooperative_groups::memcpy_async with cg::wait, and cuda::barrier at block
// scope (arrive_and_wait), which on sm_75 is built from atomics and spins.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
namespace cg = cooperative_groups;

// case: cg::memcpy_async of a tile into shared memory, cg::wait, then a reversed read
// kernel: cgMemcpyAsync
// launch: grid 2 block 64
// buffer: in s32 128 = iota
// buffer: out s32 128 = 0
// params: in out
// expect: out[0..63] = 63 62 61 60 59 58 57 56 55 54 53 52 51 50 49 48 47 46 45 44 43 42 41 40 39 38 37 36 35 34 33 32 31 30 29 28 27 26 25 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0
// expect: out[64..127] = 127 126 125 124 123 122 121 120 119 118 117 116 115 114 113 112 111 110 109 108 107 106 105 104 103 102 101 100 99 98 97 96 95 94 93 92 91 90 89 88 87 86 85 84 83 82 81 80 79 78 77 76 75 74 73 72 71 70 69 68 67 66 65 64
// expect: no hazards
__global__ void cgMemcpyAsync(const int* in, int* out)
{
    __shared__ int tile[64];
    cg::thread_block block = cg::this_thread_block();
    cg::memcpy_async(block, tile, in + blockIdx.x * 64, sizeof(int) * 64);
    cg::wait(block);
    out[blockIdx.x * 64 + threadIdx.x] = tile[63 - threadIdx.x];
}

// case: cuda::barrier<thread_scope_block> arrive_and_wait between two phases
// kernel: cudaBarrier
// launch: grid 1 block 128
// buffer: out s32 128 = 0
// params: out
// expect: out[0..63] = 255 253 251 249 247 245 243 241 239 237 235 233 231 229 227 225 223 221 219 217 215 213 211 209 207 205 203 201 199 197 195 193 191 189 187 185 183 181 179 177 175 173 171 169 167 165 163 161 159 157 155 153 151 149 147 145 143 141 139 137 135 133 131 129
// expect: out[64..127] = 127 125 123 121 119 117 115 113 111 109 107 105 103 101 99 97 95 93 91 89 87 85 83 81 79 77 75 73 71 69 67 65 63 61 59 57 55 53 51 49 47 45 43 41 39 37 35 33 31 29 27 25 23 21 19 17 15 13 11 9 7 5 3 1
// expect: no hazards
__global__ void cudaBarrier(int* out)
{
    __shared__ int s[128];
#pragma nv_diag_suppress static_var_with_dynamic_init
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();
    s[threadIdx.x] = threadIdx.x * 2 + 1;
    bar.arrive_and_wait();
    out[threadIdx.x] = s[127 - threadIdx.x];
}
