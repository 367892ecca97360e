// The tile transpose with the __syncthreads() left out: "each thread loads
// and then stores, what is there to wait for?". Tiled and padded alike.
//
// Expected: races fails. In the store loop lane x of warp w reads
// tile[x][w + j], a row loaded by warp (x % 8); for x outside w's rows that is
// another warp's store, and no barrier orders the two (warps of a block are
// not ordered without __syncthreads: Programming Guide, "Thread Hierarchy"
// / "Synchronization Functions"). Correctness is not asserted: on a GPU the
// outcome depends on the schedule.
// e2e: day 28
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail races

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x, r0 = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (c < cols && r0 + j < rows) out[c * rows + r0 + j] = in[(r0 + j) * cols + c];
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][32];
    const int c = blockIdx.x * 32 + threadIdx.x, r0 = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (c < cols && r0 + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(r0 + j) * cols + c];
    const int oc = blockIdx.y * 32 + threadIdx.x, or0 = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (oc < rows && or0 + j < cols) out[(or0 + j) * rows + oc] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transposePadded(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][33];
    const int c = blockIdx.x * 32 + threadIdx.x, r0 = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (c < cols && r0 + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(r0 + j) * cols + c];
    const int oc = blockIdx.y * 32 + threadIdx.x, or0 = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (oc < rows && or0 + j < cols) out[(or0 + j) * rows + oc] = tile[threadIdx.x][threadIdx.y + j];
}
