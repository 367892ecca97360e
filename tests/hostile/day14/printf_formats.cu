// Attack: printf formats that a host-side formatter must not pass on to the
// C library as they are: %n (writes through an argument), %s of a wild
// pointer, a field width of a billion characters, and more arguments asked
// for than given.
// expect: exit 1
// expect: max-mib 1024
#include <cstdio>
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    int count = 0;
    printf("%n\n", &count);
    printf("%s\n", (const char*)0x7ff000001234ull);
    printf("%1000000000d|\n", 1);
    printf("%.1000000000f|\n", 1.0);
    printf("%d %d %d %d %d %d %d %d %s %s %s\n", 1);
}
__global__ void blockSums(const float* in, float* partial, int n) {}
