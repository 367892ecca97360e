// Benchmark day 30, reference solution: CUB's block primitives, 256 threads
// of 4 elements each; elements past n are 0 (sums, scans) or INT_MAX (sorts,
// which then land past the block's real elements).
#include <climits>
#include <cub/cub.cuh>

constexpr int kThreads = 256, kItems = 4;
using Reduce = cub::BlockReduce<int, kThreads>;
using Scan = cub::BlockScan<int, kThreads>;
using Sort = cub::BlockRadixSort<int, kThreads, kItems>;

__device__ void loadItems(const int* in, int n, int fill, int (&v)[kItems])
{
    const int base = blockIdx.x * kThreads * kItems + threadIdx.x * kItems;
    for (int k = 0; k < kItems; ++k) v[k] = base + k < n ? in[base + k] : fill;
}

__global__ void blockSums(const int* in, int* out, int n)
{
    __shared__ typename Reduce::TempStorage temp;
    int v[kItems];
    loadItems(in, n, 0, v);
    const int s = Reduce(temp).Sum(v);
    if (threadIdx.x == 0) out[blockIdx.x] = s;
}

__global__ void blockScans(const int* in, int* out, int n)
{
    __shared__ typename Scan::TempStorage temp;
    int v[kItems];
    loadItems(in, n, 0, v);
    Scan(temp).InclusiveSum(v, v);
    const int base = blockIdx.x * kThreads * kItems + threadIdx.x * kItems;
    for (int k = 0; k < kItems; ++k)
        if (base + k < n) out[base + k] = v[k];
}

__global__ void blockSorts(const int* in, int* out, int n)
{
    __shared__ typename Sort::TempStorage temp;
    int v[kItems];
    loadItems(in, n, INT_MAX, v);
    Sort(temp).Sort(v);
    const int base = blockIdx.x * kThreads * kItems + threadIdx.x * kItems;
    for (int k = 0; k < kItems; ++k)
        if (base + k < n) out[base + k] = v[k];
}
