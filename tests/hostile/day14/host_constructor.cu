// Attack: host code that runs before main(): a constructor function and a
// global object with a constructor, the way a shared object would run code
// when loaded. Nothing of the host side is ever loaded: no marker.
// expect: exit 1
// expect: passes compile
// expect: no-marker
#include <cstdlib>

__attribute__((constructor)) static void early()
{
    std::system("touch marker-constructor");
}

struct Evil {
    Evil() { std::system("touch marker-static"); }
};
static Evil evil;

__global__ void reverseBlocks(const float* in, float* out, int n) {}
__global__ void blockSums(const float* in, float* partial, int n) {}
