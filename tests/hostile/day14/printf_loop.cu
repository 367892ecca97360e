// Attack: every thread prints forever. The printf buffer and the instruction
// budget bound it: a verdict in words, the output capped.
// expect: exit 1
// expect: fails correctness
#include <cstdio>
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    for (;;) printf("%d spam spam spam spam spam spam spam spam spam spam\n", threadIdx.x);
}
__global__ void blockSums(const float* in, float* partial, int n) {}
