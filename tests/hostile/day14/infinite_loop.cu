// Attack: a loop with no exit in every thread. The instruction budget stops
// it with the word "runaway" and the line.
// expect: exit 1
// expect: fails correctness
// expect: detail correctness ~ "runaway|budget|loop"
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    volatile int forever = 1;
    while (forever) { }
}
__global__ void blockSums(const float* in, float* partial, int n) {}
