// Attack: correct kernels, plus host code that would do harm if it ran: a
// main() and a function that launches the kernels, each touching a marker
// in the working folder. Host code is never linked or run: the kernels pass
// and the runner finds no marker.
// expect: exit 0
// expect: passes compile correctness barrier-honesty races memory resources
// expect: output ~ "main"
// expect: no-marker
#include <cstdlib>
#include <cuda_runtime.h>

constexpr int kBlock = 256;

__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[kBlock];
    const int t = threadIdx.x, start = blockIdx.x * blockDim.x;
    const int valid = min((int)blockDim.x, n - start);
    if (t < valid) tile[t] = in[start + t];
    __syncthreads();
    if (t < valid) out[start + t] = tile[valid - 1 - t];
}

__global__ void blockSums(const float* in, float* partial, int n)
{
    __shared__ float sums[kBlock];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    float sum = (i < n) ? in[i] : 0.0f;
    sums[t] = sum;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (t < half) { sum += sums[t + half]; sums[t] = sum; }
        __syncthreads();
    }
    if (t == 0) partial[blockIdx.x] = sum;
}

void launchBoth(const float* in, float* out, int n)
{
    std::system("touch marker-launch");
    reverseBlocks<<<(n + 255) / 256, 256>>>(in, out, n);
    blockSums<<<(n + 255) / 256, 256>>>(in, out, n);
}

int main()
{
    return std::system("touch marker; touch \"$CUDALAB_HOSTILE_MARKER\"");
}
