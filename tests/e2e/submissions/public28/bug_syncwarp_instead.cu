// The barrier between the tile's loads and the transposed reads is a
// __syncwarp(): "my warp wrote its rows, now it may read". The reads are
// of other warps' rows.
//
// Expected: races fails (transposeTiled and transposePadded). __syncwarp()
// orders the lanes of one warp only (Programming Guide, "__syncwarp()"); lane
// x of warp w reads tile[x][w + j], loaded by warp x % 8, and nothing orders
// that other warp's store before this read.
// e2e: day 28
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail races

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
    }
}

template <int P>
__device__ void warpSyncedTile(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][P];
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j, c = blockIdx.x * 32 + threadIdx.x;
        if (r < rows && c < cols) tile[threadIdx.y + j][threadIdx.x] = in[r * cols + c];
    }
    __syncwarp();
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.x * 32 + threadIdx.y + j, c = blockIdx.y * 32 + threadIdx.x;
        if (r < cols && c < rows) out[r * rows + c] = tile[threadIdx.x][threadIdx.y + j];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { warpSyncedTile<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { warpSyncedTile<33>(in, out, rows, cols); }
