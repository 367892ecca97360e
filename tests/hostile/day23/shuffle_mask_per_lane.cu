// Attack: every lane of every row shuffles with a mask of its own (itself
// and a hash of its global index), then reads lane L+16, which that mask
// seldom names: a distinct mask-honesty hazard per lane and row, three
// million at the course size. Folding them must be linear in their number
// (hazards that differ only by mask fold by mask), and the list bounded.
// expect: exit 1
// expect: fails mask-honesty
__global__ void reduceRowsButterfly(const float* in, float* out, int rows, int live, int stride)
{
    const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x % 32, row = (int)(gid / 32);
    const size_t index = (size_t)row * stride + lane;
    const bool mine = row < rows && lane < live;
    float v = mine ? in[index] : 0.0f;
    const unsigned mask = (gid * 2654435761u) | (1u << lane);
    v += __shfl_down_sync(mask, v, 16);
    if (mine) out[index] = v;
}
__global__ void reduceRowsShared(const float* in, float* out, int rows, int live, int stride) {}
__global__ void reduceRowsPadded(const float* in, float* out, int rows, int live, int stride) {}
