// Day 18: a 2D convolution with a mask in constant memory.
//
// Write conv2d below: out(y, x) = the sum over i, j = 0..4 of
// mask[i][j] * in(y + i - 2, x + j - 2), where in(y, x) = in[y * width + x]
// inside the image and 0 outside it. The image is width columns by height
// rows, row-major. cudalab fills mask (below) before every launch and
// launches blocks of 16 x 16 threads, ceil(width / 16) across and
// ceil(height / 16) down: one thread an output. Read the day's README first;
// `cudalab grade 18` checks your work.
//
// This file compiles and runs as it is, but it writes nothing, so correctness
// fails until you finish it. Keep the names, the parameters and the mask's
// declaration exactly as they are: the grader fills mask by its name and
// size.

__constant__ float mask[5][5];

__global__ void conv2d(const float* in, float* out, int width, int height)
{
    // TODO 1: x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 +
    //         threadIdx.y. Get it right first with no tile: add up
    //         mask[i][j] * in(y + i - 2, x + j - 2), 0 outside the image,
    //         and store it when x < width and y < height.
    // TODO 2: then the tile: a __shared__ float patch[20][20] holds the
    //         block's 16 x 16 inputs and 2 more on every side. Its corner is
    //         image element (blockIdx.y * 16 - 2, blockIdx.x * 16 - 2). Let
    //         the 256 threads load its 400 elements (some load two), 0 past
    //         the image's edge.
    // TODO 3: __syncthreads(), then read the 25 inputs from the patch:
    //         in(y + i - 2, x + j - 2) is patch[threadIdx.y + i][threadIdx.x + j].
    //         Every thread must reach the barrier: guard the store, not the
    //         loads' loop.
    (void)in;
    (void)out;
    (void)width;
    (void)height;
}
