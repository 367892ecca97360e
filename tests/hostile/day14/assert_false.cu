// Attack: a failing device assert (which calls __assertfail and traps on a
// GPU); the emulator must treat it as the kernel's fault, with the words.
// expect: exit 1
// expect: fails correctness
// expect: output ~ "assert|trap"
#include <cassert>
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    assert(n < 0 && "the grader should not abort with me");
}
__global__ void blockSums(const float* in, float* partial, int n) {}
