// Day 18, reference solution: a 2D convolution with a 5 x 5 mask in constant
// memory, through a shared tile with a halo.
//
// out(y, x) = sum over i, j in 0..4 of mask[i][j] * in(y + i - 2, x + j - 2),
// in taken as 0 outside the image (width columns, height rows, row-major).
//
// Each block of 16 x 16 threads computes a 16 x 16 tile of out. The 256
// outputs need a 20 x 20 patch of in: their own 16 x 16 and a halo of 2 on
// every side, which belongs to the neighbouring blocks' tiles. The block
// loads the patch into shared memory once, 400 elements for 256 threads (so
// some threads load two), waits, and every thread reads its 25 inputs from
// there. The mask is the same for every thread: constant memory broadcasts
// one word to a whole warp in one access.

constexpr int kTile = 16;
constexpr int kRadius = 2;
constexpr int kMask = 2 * kRadius + 1;     // 5
constexpr int kPatch = kTile + 2 * kRadius; // 20

__constant__ float mask[kMask][kMask];

__global__ void conv2d(const float* in, float* out, int width, int height)
{
    __shared__ float patch[kPatch][kPatch];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * kTile - kRadius;  // the patch's corner in the image
    const int y0 = blockIdx.y * kTile - kRadius;

    // The patch, 400 elements, in rows: thread t loads elements t and
    // t + 256, neighbouring threads neighbouring columns of one row. Past the
    // image's edge the slot gets 0, the convolution's padding.
    for (int t = ty * kTile + tx; t < kPatch * kPatch; t += kTile * kTile) {
        const int py = t / kPatch, px = t % kPatch;
        const int y = y0 + py, x = x0 + px;
        patch[py][px] = y >= 0 && y < height && x >= 0 && x < width ? in[y * width + x] : 0.0f;
    }
    __syncthreads();

    const int x = blockIdx.x * kTile + tx, y = blockIdx.y * kTile + ty;
    if (x < width && y < height) {
        float sum = 0.0f;
        for (int i = 0; i < kMask; ++i)
            for (int j = 0; j < kMask; ++j) sum += mask[i][j] * patch[ty + i][tx + j];
        out[y * width + x] = sum;
    }
}
