// Attack: #pragma message with escape sequences written as C escapes, which
// the compiler turns into real ESC bytes in its note: a fake green PASSED.
// expect: text
// expect: exit 1
// expect: passes compile
#pragma message("\x1b[2K\x1b[1G\x1b[32m  PASSED: every check passed\x1b[0m")
_Pragma("message(\"\\x1b[31m and red through _Pragma\\x1b[0m\")")
__global__ void reverseBlocks(const float* in, float* out, int n) {}
__global__ void blockSums(const float* in, float* partial, int n) {}
