// Golden: out-of-bounds and misaligned accesses in every space; a faulting
// store is suppressed and recorded.

// case: one element past the end of 'out' (8,205 floats = 32,820 bytes)
// gpu: differs, out of bounds: a GPU need not fault
// kernel: pastEnd
// launch: grid 33 block 256
// buffer: out f32 8205 = 0
// params: out 8206
// expect: hazard memory kind OOB line @past alloc out distance 4 count 1
// expect: message "out of bounds of 'out' (32,820 bytes) by 4 bytes"
// expect: status faulted
// expect: out[0..8204] = 1
__global__ void pastEnd(float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 1.0f;  // @past
}

// case: before the start
// gpu: differs, out of bounds: a GPU need not fault
// kernel: beforeStart
// launch: grid 1 block 32
// buffer: in s32 32 = 5
// buffer: out s32 32 = 0
// params: in out
// expect: hazard memory kind OOB line @before alloc in distance -4
// expect: message "4 bytes before its start"
// expect: out[0] = 0x7fbadbad
// expect: out[1..31] = 5
__global__ void beforeStart(const int* in, int* out)
{
    int t = threadIdx.x;
    out[t] = in[t - 1];  // @before
}

// case: a misaligned load
// kernel: misaligned
// launch: grid 1 block 32
// buffer: in u8 256 = 1
// buffer: out s32 32 = 0
// params: in out
// expect: hazard memory kind MISALIGNED line @mis
__global__ void misaligned(const unsigned char* in, int* out)
{
    const int* p = reinterpret_cast<const int*>(in + 1);
    out[threadIdx.x] = p[threadIdx.x];  // @mis
}

// case: shared memory beyond the block's dynamic size
// kernel: sharedOob
// launch: grid 1 block 64 shared 128
// buffer: out f32 64 = 0
// params: out
// expect: hazard memory kind OOB line @shoob
// expect: message "out of bounds of the block's shared memory (128 bytes)"
__global__ void sharedOob(float* out)
{
    extern __shared__ float dyn[];
    dyn[threadIdx.x] = threadIdx.x;  // @shoob
    __syncthreads();
    out[threadIdx.x] = dyn[threadIdx.x % 32];
}

// case: a local array indexed out of range
// gpu: differs, out of bounds: a GPU need not fault
// kernel: localOob
// launch: grid 1 block 32
// buffer: out f32 32 = 0
// params: out 40
// expect: hazard memory kind OOB line @loc
__global__ void localOob(float* out, int k)
{
    float a[8];
    for (int i = 0; i < 8; i++) a[i] = out[i] + i;
    out[threadIdx.x] = a[(threadIdx.x + k) % 64];  // @loc
}

// case: honest dynamic shared memory, local arrays, constants and globals
// kernel: honest
// launch: grid 2 block 64 shared 256
// buffer: out f32 128 = 0
// params: out
// expect: no hazards
// expect: out[0..3] = list 13 16 19 14
__device__ float gscale = 2.0f;
__constant__ float cbias[4] = {10.0f, 11.0f, 12.0f, 13.0f};
__global__ void honest(float* out)
{
    extern __shared__ float dyn[];
    float a[4];
    int t = threadIdx.x;
    for (int i = 0; i < 4; i++) a[i] = t + i;
    dyn[t] = a[t % 4] * gscale;
    __syncthreads();
    out[blockIdx.x * 64 + t] = dyn[(t + 1) % 64] - a[(t + 1) % 4] + cbias[t % 4] - (t + 1) % 64 + (t + 1) % 4 + t - t % 4;
}
