// Golden: out-of-bounds and misaligned accesses in every space; a faulting
// store is suppressed and recorded.

// case: one element past the end of 'out' (8,205 floats = 32,820 bytes)
// gpu: differs, out of bounds: a GPU need not fault
// kernel: pastEnd
// launch: grid 33 block 256
// buffer: out f32 8205 = 0
// params: out 8206
// (compute-sanitizer counts from the start of the access to the last byte
// of the allocation: "1 bytes after the nearest allocation")
// expect: hazard memory kind OOB line @past alloc out distance 1 count 1
// expect: message "a 4-byte global write at 0x7f0000008034 is out of bounds: it starts 1 byte after the last byte of 'out' (32,820 bytes)"
// expect: status faulted
// expect: advice "for a row and a column, test each (row < rows && col < cols)"
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
// expect: advice "the index goes below the start"
// expect: message "a 4-byte global read at 0x7efffffffffc is out of bounds: it starts 4 bytes before the start of 'in' (128 bytes)"
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
// expect: message "misaligned address: a 4-byte global read at 0x"
// expect: message "(byte 1 of 'in') needs a 4-byte aligned address; this one is 1-byte aligned"
// expect: advice "needs an address that is a multiple of its size"
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
// expect: message "a 4-byte shared write at shared byte 128 is out of bounds: it starts 1 byte after the last byte of the block's shared memory (128 bytes; its last array is 'dyn')"
__global__ void sharedOob(float* out)
{
    extern __shared__ float dyn[];
    dyn[threadIdx.x] = threadIdx.x;  // @shoob
    __syncthreads();
    out[threadIdx.x] = dyn[threadIdx.x % 32];
}

// case: a static shared array indexed past its end (the array by its name; lane 30 is first)
// kernel: sharedTileOob
// launch: grid 1 block 32
// buffer: out f32 32 = 0
// params: out
// expect: hazard memory kind OOB line @tileoob lane 30 distance 1 instances 2
// expect: message "a 4-byte shared read at shared byte 128 is out of bounds: it starts 1 byte after the last byte of the block's shared memory (128 bytes; its last array is 'tile')"
__global__ void sharedTileOob(float* out)
{
    __shared__ float tile[32];
    tile[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x + 2];  // @tileoob
}

// case: a 4-byte store that starts inside a buffer and runs past its end
// gpu: differs, out of bounds: a GPU need not fault
// kernel: straddle
// launch: grid 1 block 1
// buffer: out u8 6 = 0
// params: out
// expect: hazard memory kind OOB line @straddle alloc out distance 0
// expect: message "a 4-byte global write at 0x7f0000000004 is out of bounds: it starts inside 'out' (6 bytes) and runs past its end"
// expect: advice "starts inside the buffer and ends past it: guard it so that its last element fits too"
__global__ void straddle(unsigned char* out)
{
    *reinterpret_cast<int*>(out + 4) = 1;  // @straddle
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
