// ok_warp_private_subtiles.cu without the __syncwarp() at the end of a
// piece: the warp's second piece is stored into the slice while other lanes
// of the same warp may still be reading the first ("a warp runs in lockstep
// anyway").
//
// Expected: races fails. Since Volta, lanes of a warp are not guaranteed to
// execute in lockstep (independent thread scheduling; Programming Guide,
// "Independent Thread Scheduling" tells code that relied on implicit warp
// synchronicity to use __syncwarp()). Lane l's load of mine[e % 8][e / 8]
// for piece 1 and another lane's store to that word for piece 2 have
// nothing between them: a write after read in one warp with no __syncwarp().
// Correctness is not asserted (in lockstep the values come out right).
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
__device__ void warpPieces(const float* in, float* out, int rows, int cols)
{
    __shared__ float slice[8][8][P];
    const int w = threadIdx.y, l = threadIdx.x;
    float (*mine)[P] = slice[w];
    for (int k = w; k < 16; k += 8) {
        const int pr = k / 4, pc = k % 4;
        for (int e = l; e < 64; e += 32) {
            const int r = blockIdx.y * 32 + pr * 8 + e / 8, c = blockIdx.x * 32 + pc * 8 + e % 8;
            if (r < rows && c < cols) mine[e / 8][e % 8] = in[r * cols + c];
        }
        __syncwarp();
        for (int e = l; e < 64; e += 32) {
            const int orow = blockIdx.x * 32 + pc * 8 + e / 8, ocol = blockIdx.y * 32 + pr * 8 + e % 8;
            if (orow < cols && ocol < rows) out[orow * rows + ocol] = mine[e % 8][e / 8];
        }
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { warpPieces<8>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { warpPieces<9>(in, out, rows, cols); }
