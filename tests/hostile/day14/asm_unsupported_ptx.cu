// Attack: an instruction the emulator does not implement (a performance
// monitor event) in inline PTX: the grade names it and stops, in words,
// rather than guessing or crashing.
// expect: exit 1|2
// expect: output ~ "unsupported|not supported"
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    asm volatile("pmevent 1;");
    asm volatile("pmevent.mask 3;");
}
__global__ void blockSums(const float* in, float* partial, int n) {}
