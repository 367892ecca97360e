// Attack: #line renames this file in the compiler's messages, so that the
// error below would be reported as the reference solution's, at a line of
// the attacker's choosing. The report names only the student's file.
// expect: exit 1
// expect: fails compile
// expect: no-output ~ "solutions/|syncthreads.cu:9999"
#line 9999 "../../../solutions/day14-syncthreads/syncthreads.cu"
__global__ void reverseBlocks(const float* in, float* out, int n) { undefined_name = 1; }
__global__ void blockSums(const float* in, float* partial, int n) {}
