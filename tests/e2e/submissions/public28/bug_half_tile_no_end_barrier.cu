// Half the shared memory, as in ok_half_tile_two_barriers.cu, but without the
// barrier at the end of a round: round 1's loads of in into the buffer may
// overwrite rows that a slower warp is still reading for round 0's stores.
//
// Expected: races fails. In round 0 lane x of warp w reads half[x][w + j]
// (x < 16), which round 1's warp x % 8 overwrites; with one barrier per
// round nothing orders round 0's load before round 1's store when they come
// from different warps (write after read across warps, no __syncthreads()
// between). Correctness is not asserted (it depends on the schedule).
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

// The 32 x 32 tile of in moves in two halves of 16 rows through a 16 x P
// shared buffer: half h holds in rows h*16 .. h*16+15, i.e. out columns
// blockIdx.y*32 + h*16 .. +15, written by lanes 0..15.
template <int P>
__device__ void halves(const float* in, float* out, int rows, int cols)
{
    __shared__ float half[16][P];
    for (int h = 0; h < 2; ++h) {
        for (int j = 0; j < 16; j += 8) {
            const int r = blockIdx.y * 32 + h * 16 + threadIdx.y + j, c = blockIdx.x * 32 + threadIdx.x;
            if (r < rows && c < cols) half[threadIdx.y + j][threadIdx.x] = in[r * cols + c];
        }
        __syncthreads();
        if (threadIdx.x < 16)
            for (int j = 0; j < 32; j += 8) {
                const int orow = blockIdx.x * 32 + threadIdx.y + j;
                const int ocol = blockIdx.y * 32 + h * 16 + threadIdx.x;
                if (orow < cols && ocol < rows) out[orow * rows + ocol] = half[threadIdx.x][threadIdx.y + j];
            }
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { halves<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { halves<33>(in, out, rows, cols); }
