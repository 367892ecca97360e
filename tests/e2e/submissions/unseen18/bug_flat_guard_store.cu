// Written by a helper from day 18's README and template alone (6 December
// 2026). The store is guarded by the flat index only (y * width + x <
// width * height), as the old advice said: a thread with x >= width writes
// into the next row, over another thread's output.
// e2e: day 18
// e2e: exit 1
// e2e: fail correctness races
__constant__ float mask[5][5];

__global__ void conv2d(const float* in, float* out, int width, int height)
{
    __shared__ float patch[20][20];
    const int tx = threadIdx.x, ty = threadIdx.y, t = ty * 16 + tx;
    const int oy = blockIdx.y * 16 - 2, ox = blockIdx.x * 16 - 2;
    for (int e = t; e < 400; e += 256) {
        int gy = oy + e / 20, gx = ox + e % 20;
        patch[e / 20][e % 20] = (gy >= 0 && gy < height && gx >= 0 && gx < width) ? in[gy * width + gx] : 0.0f;
    }
    __syncthreads();
    float s = 0.0f;
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            s += mask[i][j] * patch[ty + i][tx + j];
    const int x = ox + 2 + tx, y = oy + 2 + ty;
    if (y * width + x < width * height) out[y * width + x] = s;   // BUG: the grader's advice taken literally: a 1D length guard
}
