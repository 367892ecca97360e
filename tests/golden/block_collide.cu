// Golden: two blocks storing to one global word, at addresses that follow
// the block index, so the PTX cannot show it (blockflow.c lets the blocks
// run apart). collide.c notes every global store's block, on one host
// thread as on several; a word two blocks stored sends the launch back to
// the memory as it was, in index order and then in the other orders
// (order.c): a word that ends different is ORDER_DEPENDENT, with the same
// report on one thread as on two. Blocks that store the same value to a
// shared element end the same in every order: no hazard. The verdicts are
// the CUDA guide's: blocks run in any order, so a result that depends on
// which of two blocks stores last is a race.

// case: adjacent blocks each store their own element and the next one, with values of their own
// gpu: differs, which block stores the shared elements last is the hardware's
// kernel: adjacentStores
// launch: grid 4 block 32
// buffer: out f32 5 = 0
// params: out
// expect: out[0..4] = list 1 2 3 4 4
// expect: hazard races kind ORDER_DEPENDENT
// expect: hazards 1
__global__ void adjacentStores(float* out)
{
    const int b = blockIdx.x;
    if (threadIdx.x == 0) {
        out[b] = b + 1.0f;
        out[b + 1] = b + 1.0f;  // @adjNext
    }
}

// case: adjacent blocks store the same value to the elements they share: every order ends the same
// kernel: adjacentSameValue
// launch: grid 4 block 32
// buffer: out f32 5 = 0
// params: out
// expect: out[0..4] = 7
// expect: no hazards
__global__ void adjacentSameValue(float* out)
{
    const int b = blockIdx.x;
    if (threadIdx.x == 0) {
        out[b] = 7.0f;
        out[b + 1] = 7.0f;
    }
}

// case: two blocks on each element (out[blockIdx.x / 2]), each its own value
// gpu: differs, which of the two blocks stores last is the hardware's
// kernel: halfIndex
// launch: grid 8 block 64
// buffer: out u32 4 = 0
// params: out
// expect: out[0..3] = list 1 3 5 7
// expect: hazard races kind ORDER_DEPENDENT
// expect: hazards 1
__global__ void halfIndex(unsigned* out)
{
    if (threadIdx.x == 0) out[blockIdx.x / 2] = blockIdx.x;
}

// case: two blocks on each element, both storing the element's own index: honest
// kernel: halfIndexSame
// launch: grid 8 block 64
// buffer: out u32 4 = 0
// params: out
// expect: out[0..3] = list 0 1 2 3
// expect: no hazards
__global__ void halfIndexSame(unsigned* out)
{
    if (threadIdx.x == 0) out[blockIdx.x / 2] = blockIdx.x / 2;
}

// case: a guard on the grid's width, not the matrix's: the last block of a row runs into the next row, whose first block stores there too
// gpu: differs, which block stores the overlapping elements last is the hardware's
// kernel: rowRunsOn
// launch: grid 2,4 block 16,1
// buffer: out u32 104 = 0
// params: out 24
// expect: hazard races kind ORDER_DEPENDENT
// expect: hazards 1
__global__ void rowRunsOn(unsigned* out, int width)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < gridDim.x * blockDim.x) out[y * width + x] = y * 100 + x;  // the guard should be x < width
}
