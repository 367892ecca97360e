// Conformance: cub::BlockRadixSort (its digit extraction compiles to
// bmsk.clamp.b32, an sm_70+ instruction), kept apart so the rest of the CUB
// corpus runs even where this one cannot.
#include <cub/cub.cuh>

// case: cub::BlockRadixSort of signed keys, 4 a thread
// kernel: cubRadixSort
// launch: grid 1 block 128
// buffer: in s32 512 = iota*-1+255
// buffer: out s32 512 = 0
// params: in out
// expect: out[0..511] = iota-256
// expect: no hazards
__global__ void cubRadixSort(const int* in, int* out)
{
    typedef cub::BlockRadixSort<int, 128, 4> Sort;
    __shared__ typename Sort::TempStorage temp;
    int keys[4];
#pragma unroll
    for (int k = 0; k < 4; k++) keys[k] = in[threadIdx.x * 4 + k];
    Sort(temp).Sort(keys);
#pragma unroll
    for (int k = 0; k < 4; k++) out[threadIdx.x * 4 + k] = keys[k];
}
