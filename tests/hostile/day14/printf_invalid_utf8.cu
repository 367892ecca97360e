// Attack: device printf of bytes that are not UTF-8 (a lone continuation
// byte, an overlong '/', a truncated sequence, a surrogate) and of C1 control
// characters (U+009B is a one-character CSI to some terminals). The JSON must
// stay valid and the text must carry no control characters.
// expect: text
// expect: exit 1
#include <cstdio>
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    if (blockIdx.x == 0 && threadIdx.x == 0)
        printf("bad: \x80 \xc0\xaf \xe2\x82 \xed\xa0\x80 \xff | c1: \xc2\x9b" "32m green\n");
}
__global__ void blockSums(const float* in, float* partial, int n) {}
