// Attack: a failing device assert, which calls __assertfail and traps on a
// GPU. The emulator has no body for __assertfail: the grade says which call
// it could not run (exit 2) or fails the kernel (exit 1), in words, never an
// abort of the grader.
// expect: exit 1|2
// expect: output ~ "assert|trap"
#include <cassert>
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    assert(n < 0 && "the grader should not abort with me");
}
__global__ void blockSums(const float* in, float* partial, int n) {}
