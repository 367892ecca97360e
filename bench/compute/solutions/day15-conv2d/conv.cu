// Benchmark day 15, reference solution: a 5 x 5 convolution, each block's
// 16 x 16 outputs from a 20 x 20 shared tile (its inputs and a 2-wide halo).
constexpr int kT = 16, kR = 2, kS = kT + 2 * kR;

__global__ void conv2d5(const float* in, const float* w, float* out, int H, int W)
{
    __shared__ float tile[kS][kS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * kT - kR, y0 = blockIdx.y * kT - kR;
    for (int i = ty; i < kS; i += kT)
        for (int j = tx; j < kS; j += kT) {
            const int y = y0 + i, x = x0 + j;
            tile[i][j] = (y >= 0 && y < H && x >= 0 && x < W) ? in[y * W + x] : 0.0f;
        }
    __syncthreads();
    const int y = blockIdx.y * kT + ty, x = blockIdx.x * kT + tx;
    if (y < H && x < W) {
        float s = 0.0f;
        for (int i = 0; i < 2 * kR + 1; ++i)
            for (int j = 0; j < 2 * kR + 1; ++j) s += w[i * (2 * kR + 1) + j] * tile[ty + i][tx + j];
        out[y * W + x] = s;
    }
}
