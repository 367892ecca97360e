// Slow but correct: no atomic in the counting at all. Thread t of a block owns
// bin t and scans every byte its block is responsible for (the block's 256-byte
// chunks of the grid-stride walk), counting the ones equal to t in a
// register. histogramShared stages each 256-byte chunk in shared memory first
// so the 256 comparisons read shared words; histogramGlobal reads the chunk
// straight from global memory (every lane the same address: a broadcast).
// Each block reads its bytes 256 times: 256x the needed work.
//
// Expected: every check passes, slowly. Each thread writes only its own bin
// (one global atomicAdd per non-zero bin per block, since other blocks add
// into the same bin). In histogramShared the chunk is written before a
// barrier and read after it, and a second barrier keeps the next chunk's
// stores from overwriting words a slower warp is still reading; the chunk
// loop's bound depends only on blockIdx.x, so every thread runs the same
// number of iterations and reaches every barrier.
// cudalab: both kernels draw an over-allowance warning (each block runs about
// 170,000 warp instructions, past 32 times the reference's), and the grade
// stays under its CPU cap because the launches are not run again in other
// block orders: their blocks meet only through atomicAdds whose old values
// nothing reads, which end the same in any order (grader/sim/blockflow.c).
// e2e: day 27
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources
// e2e: output past the day's allowance of 65,536: it finished and is judged on its outputs

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const unsigned myBin = threadIdx.x;
    unsigned count = 0;
    for (int chunk = blockIdx.x * blockDim.x; chunk < n; chunk += gridDim.x * blockDim.x) {
        const int end = min(chunk + (int)blockDim.x, n);
        for (int k = chunk; k < end; ++k) count += data[k] == myBin;
    }
    if (myBin < 256 && count) atomicAdd(&bins[myBin], count);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned char chunkBytes[256];
    const unsigned myBin = threadIdx.x;
    unsigned count = 0;
    for (int chunk = blockIdx.x * blockDim.x; chunk < n; chunk += gridDim.x * blockDim.x) {
        const int i = chunk + threadIdx.x;
        if (i < n) chunkBytes[threadIdx.x] = data[i];
        __syncthreads();
        const int valid = min((int)blockDim.x, n - chunk);
        for (int k = 0; k < valid; ++k) count += chunkBytes[k] == myBin;
        __syncthreads();
    }
    if (myBin < 256 && count) atomicAdd(&bins[myBin], count);
}
