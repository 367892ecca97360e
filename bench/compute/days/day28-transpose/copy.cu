// Day 28's bandwidth baseline: a copy with the transpose's own launch and
// access pattern, out[r * cols + c] = in[r * cols + c]. Blocks of 32 x 8
// threads, a grid of ceil(cols / 32) x ceil(rows / 32) blocks, each block
// copying one 32 x 32 tile, four rows a thread, every load and store
// coalesced along a row. It is what a transpose would cost if turning the
// tile round were free, so "% of copy" compares like with like. It moves
// 8 bytes per element (4 read, 4 written), as the transposes do.
//
// Compiled by the harness on its own, never with a student's file, so its
// name cannot clash with theirs.

constexpr int kTile = 32;
constexpr int kRowsPerPass = 8;

__global__ void copyTiles(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * kTile + threadIdx.x;
    const int r0 = blockIdx.y * kTile + threadIdx.y;
    if (c >= cols) return;
    for (int j = 0; j < kTile; j += kRowsPerPass) {
        const int r = r0 + j;
        if (r < rows) out[(size_t)r * cols + c] = in[(size_t)r * cols + c];
    }
}
