// Minimal repro for ok_syncwarp_totals_shared.cu: one warp scans 32 slots of
// shared memory in place with the Programming Guide's __syncwarp() pattern
// (read into a register, __syncwarp(), write own slot, __syncwarp()). Every
// cross-lane read/write pair of a slot is separated by a bar.warp.sync of the
// full warp, which the guide says orders memory among the participating lanes.
// scanBlocks holds the code (the races check applies to it); it is not a
// block scan, so correctness fails by design: only races and memory matter.
// The other two kernels are empty.
//
// e2e: day 26
// e2e: exit 1
// e2e: pass compile mask-honesty barrier-honesty races memory resources
// e2e: fail correctness
__global__ void scanWarps(const int* in, int* out, int n) { (void)in; (void)out; (void)n; }

__global__ void scanBlocks(const int* in, int* out, int n)
{
    __shared__ int s[32];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x % 32;
    if (threadIdx.x < 32) {
        s[lane] = i < n ? in[i] : 0;
        __syncwarp();
        for (int d = 1; d < 32; d *= 2) {
            const int add = s[(lane - d) & 31];
            __syncwarp();
            s[lane] += lane >= d ? add : 0;
            __syncwarp();
        }
        if (i < n) out[i] = s[lane];
    }
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n) { (void)in; (void)out; (void)n; }
