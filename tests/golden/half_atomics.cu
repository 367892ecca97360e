// Golden: 16-bit and packed-half atomics (atomicCAS on unsigned short,
// atomicAdd on __half and __half2), which nvcc emits as atom.cas.b16 and
// atom.add.noftz.f16 / .f16x2.
#include <cuda_fp16.h>

// case: every lane adds (1, 0.5) to a __half2 and 0.25 to a __half
// kernel: half_adds
// launch: grid 2 block 32
// buffer: out u32 4 = 0
// params: out
// expect: out[0] = 0x50005400
// expect: out[1] = 0x00004c00
// expect: no hazards
__global__ void half_adds(unsigned* out)
{
    atomicAdd((__half2*)&out[0], __floats2half2_rn(1.0f, 0.5f));   // 64 and 32: 0x5400, 0x5000
    atomicAdd((__half*)&out[1], __float2half(0.25f));              // 16: 0x4c00
}

// case: a 16-bit compare-and-swap claims a slot once
// kernel: claim16
// launch: grid 1 block 64
// buffer: out u32 4 = 0
// params: out
// expect: out[0] = 7
// expect: out[1] = 1
// expect: no hazards
__global__ void claim16(unsigned* out)
{
    unsigned short* slot = (unsigned short*)&out[0];
    if (atomicCAS(slot, (unsigned short)0, (unsigned short)7) == 0) atomicAdd(&out[1], 1u);
}
