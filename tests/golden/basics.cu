// Golden: the first steps - indices, integer and float arithmetic, a
// grid-stride loop, divergence that reconverges.

// case: saxpy
// kernel: saxpy
// launch: grid 2 block 64
// buffer: x f32 100 = iota
// buffer: y f32 100 = 1
// params: 100 2.0f x y
// expect: y[0..99] = iota*2+1
// expect: no hazards
__global__ void saxpy(int n, float a, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

// case: stride
// kernel: gridStride
// launch: grid 3 block 32
// buffer: out u32 1000 = 0
// params: out 1000
// expect: out[0..999] = iota*3+7
// expect: no hazards
__global__ void gridStride(unsigned* out, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        out[i] = 3u * i + 7u;
}

// case: diverge
// kernel: diverge
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: out[0..7] = 0 1 -2 3 -4 5 -6 7
// expect: no hazards
__global__ void diverge(int* out)
{
    int t = threadIdx.x;
    int v;
    if (t & 1) v = t;
    else v = -t;
    for (int k = 0; k < t % 3; k++) v += 0;
    out[t] = v;
}
