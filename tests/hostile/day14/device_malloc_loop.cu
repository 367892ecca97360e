// Attack: device-side malloc in a loop until it fails: the device heap of
// the emulator must have a size, as a GPU's has (8 MiB by default), or the
// emulator refuses malloc in words (could not grade).
// expect: exit 1|2
// expect: output ~ "malloc"
// expect: max-mib 1024
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    char* p;
    int count = 0;
    while ((p = (char*)malloc(1 << 20)) != nullptr) {
        p[0] = 1;
        count++;
    }
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = (float)count;
}
__global__ void blockSums(const float* in, float* partial, int n) {}
