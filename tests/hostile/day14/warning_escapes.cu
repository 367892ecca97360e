// Attack: #warning with raw terminal escapes (ESC bytes in this file): shown
// raw, the compiler warning would erase its own line and paint a green
// "PASSED" there, change the window title, move the cursor. Escapes reach
// no terminal and no JSON raw.
// expect: text
// expect: exit 1
// expect: passes compile
#warning [2K[1G[32m  PASSED: every check passed[0m
#warning ]0;owned title change and [1A[2K cursor moves
__global__ void reverseBlocks(const float* in, float* out, int n) {}
__global__ void blockSums(const float* in, float* partial, int n) {}
