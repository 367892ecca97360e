// Benchmark day 16, reference solution: a 7-point stencil, each block's
// 8 x 8 x 8 outputs from a 10 x 10 x 10 shared tile (a 1-wide halo).
constexpr int kB = 8, kS = kB + 2;

__global__ void stencil7(const float* in, float* out, int n)
{
    __shared__ float t[kS][kS][kS];
    const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    const int bx = blockIdx.x * kB, by = blockIdx.y * kB, bz = blockIdx.z * kB;
    for (int i = (tz * kB + ty) * kB + tx; i < kS * kS * kS; i += kB * kB * kB) {
        const int lz = i / (kS * kS), ly = i / kS % kS, lx = i % kS;
        const int z = bz + lz - 1, y = by + ly - 1, x = bx + lx - 1;
        t[lz][ly][lx] = (z >= 0 && z < n && y >= 0 && y < n && x >= 0 && x < n)
                            ? in[((size_t)z * n + y) * n + x] : 0.0f;
    }
    __syncthreads();
    const int x = bx + tx, y = by + ty, z = bz + tz;
    if (x < n && y < n && z < n) {
        const int a = tz + 1, b = ty + 1, c = tx + 1;
        const float six = t[a - 1][b][c] + t[a + 1][b][c] + t[a][b - 1][c] + t[a][b + 1][c] +
                          t[a][b][c - 1] + t[a][b][c + 1];
        out[((size_t)z * n + y) * n + x] = 0.5f * t[a][b][c] + 0.125f * six;
    }
}
