// Attack: read the hidden sizes back before grades are published, through
// the hazards that Gradescope's memory tests always show. reverseBlocks
// reads one element past `in` at every size, from the last block (the
// hazard names the buffer's length and the block, both from n); blockSums,
// at every size but the course's, reads far past `in` at n * 1000 + 7
// elements: its address (0x7f00003d091c at n = 1000: 4,000,028 bytes in),
// its distance from the nearest buffer and that buffer's length ('partial',
// 16 bytes) were the first hazard of blockSums' memory test before, with
// "size": "n=1000". A hazard met at a hidden size says its kind and line
// only; the course size's keep their detail (4,194,304 bytes).
// expect: exit 1
// expect: fails memory
// expect: text
// expect: gradescope
// expect: output ~ "4,194,304 bytes"
// expect: output ~ "at a hidden size"
// expect: no-output ~ "3d091c|fafbc|0x7f0000000fbc|'partial' (16 bytes)|'partial' (8 bytes)|'partial' (4 bytes)|4,000 bytes|1,028 bytes|'in' (4 bytes)"
// expect: visible ~ "4,194,304 bytes"
// expect: visible ~ "at a hidden size"
// expect: no-visible ~ "3d091c|fafbc|0x7f0000000fbc|'partial' (16 bytes)|'partial' (8 bytes)|'partial' (4 bytes)|4,000 bytes|1,028 bytes|'in' (4 bytes)|n=1000|n=257"
constexpr int kBlock = 256;

__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[kBlock];
    const int t = threadIdx.x;
    const int start = blockIdx.x * blockDim.x;
    const int valid = min((int)blockDim.x, n - start);
    if (t < valid) tile[t] = in[start + t];
    if (start + t == n - 1) { // the leak: in[n], one past the end
        float x = in[n];
        if (x == 12345.678f) out[0] = x;
    }
    __syncthreads();
    if (t < valid) out[start + t] = tile[valid - 1 - t];
}

__global__ void blockSums(const float* in, float* partial, int n)
{
    __shared__ float sums[kBlock];
    const int t = threadIdx.x;
    const int i = blockIdx.x * blockDim.x + t;
    if (n != 1048576 && i == 0) { // the leak: n in the offset, at hidden sizes only
        float x = in[(long long)n * 1000 + 7];
        if (x == 12345.678f) partial[1] = x;
    }
    float sum = (i < n) ? in[i] : 0.0f;
    sums[t] = sum;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (t < half) {
            sum += sums[t + half];
            sums[t] = sum;
        }
        __syncthreads();
    }
    if (t == 0) partial[blockIdx.x] = sum;
}
