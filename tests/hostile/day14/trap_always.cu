// Attack: __trap() in every thread at every size: the kernel dies, the
// grade does not.
// expect: exit 1
// expect: fails correctness
// expect: detail correctness ~ "trap"
__global__ void reverseBlocks(const float* in, float* out, int n) { __trap(); }
__global__ void blockSums(const float* in, float* partial, int n) { asm volatile("trap;"); }
