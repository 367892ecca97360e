// Golden: runs of shared loads from one base with ALU ops between them
// (lower.c's hoist_run, warp_access.c's sim_exec_lds_run: a full warp's
// first load makes every load of the run, and the hot loop passes over the
// later ones). A load joins the run only where no op between the first
// load and it reads or writes its register, and no op between writes the
// base; the runner compares every case with the reference mode, which has
// no runs.

// case: each thread sums the nine words of its own segment (nvcc's loads
// and adds interleaved: one hoisted run), 48 threads, so that the second
// warp's first load is a partial warp's, which makes each load alone
// kernel: segmentSums
// launch: grid 2 block 48
// buffer: out u32 96 = 0
// params: out
// expect: out[0..47] = iota*90+36
// expect: out[48..95] = list 36 126 216 306 396 486 576 666 756 846 936 1026 1116 1206 1296 1386 1476 1566 1656 1746 1836 1926 2016 2106 2196 2286 2376 2466 2556 2646 2736 2826 2916 3006 3096 3186 3276 3366 3456 3546 3636 3726 3816 3906 3996 4086 4176 4266
// expect: no hazards
__global__ void segmentSums(unsigned* out)
{
    __shared__ unsigned seg[48 * 9];
    const unsigned t = threadIdx.x;
    for (int r = 0; r < 9; r++) seg[t * 9 + r] = t * 10 + r;
    __syncthreads();
    unsigned total = 0;
#pragma unroll
    for (int r = 0; r < 9; r++) total += seg[t * 9 + r];
    out[blockIdx.x * 48 + t] = total;
}

// Three loads from one base with one op between each pair; `form` picks
// what the op between the first two does to the second's register or the
// base: 0 reads another register, 1 reads the second load's register
// before it (its old value, 7), 2 writes it before the load (the load's
// value must win), 3 moves the base on by 8 bytes.
// The head every form shares (x, y, z, p declared; z = 7, p the base, x
// its first load), then the form's ops, the sum into %0.
#define THREE_LOADS(ops)                                                               \
    asm volatile("{\n\t.reg .u32 x, y, z, p;\n\tmov.u32 z, 7;\n\tmov.u32 p, %1;\n\t"     \
                 "ld.shared.u32 x, [p];\n\t" ops "\n\t}"                                  \
                 : "=r"(r) : "r"(a) : "memory")

__device__ unsigned threeLoads(unsigned a, int form)
{
    unsigned r;
    switch (form) {
    case 0:
        THREE_LOADS("add.u32 y, x, 1;\n\tld.shared.u32 z, [p+4];\n\tld.shared.u32 p, [p+8];\n\t"
                    "add.u32 %0, y, z;\n\tadd.u32 %0, %0, p;");
        break;
    case 1:
        THREE_LOADS("add.u32 y, z, 1;\n\tld.shared.u32 z, [p+4];\n\tld.shared.u32 p, [p+8];\n\t"
                    "add.u32 %0, x, y;\n\tadd.u32 %0, %0, z;\n\tadd.u32 %0, %0, p;");
        break;
    case 2:
        THREE_LOADS("mov.u32 z, 5;\n\tld.shared.u32 z, [p+4];\n\tld.shared.u32 p, [p+8];\n\t"
                    "add.u32 %0, x, z;\n\tadd.u32 %0, %0, p;");
        break;
    default:
        THREE_LOADS("add.u32 p, p, 8;\n\tld.shared.u32 z, [p+4];\n\tadd.u32 %0, x, z;");
        break;
    }
    return r;
}

// case: the four forms over a thread's own words w[4t..4t+3] = 1000t + 10,
// 11, 12, 13: 0 gives (w0 + 1) + w1 + w2, 1 gives w0 + 8 + w1 + w2, 2
// gives w0 + w1 + w2, 3 gives w0 + w3 (the base moved on, the second load
// 12 bytes in, the third not in the run); each as the reference mode,
// which makes every load alone, gives it. 48 threads: the second warp's
// 16 make each load alone (a partial warp's first load makes none)
// kernel: aluBetween
// launch: grid 1 block 48
// buffer: out u32 192 = 0
// params: out
// expect: out[0..47] = list 34 3034 6034 9034 12034 15034 18034 21034 24034 27034 30034 33034 36034 39034 42034 45034 48034 51034 54034 57034 60034 63034 66034 69034 72034 75034 78034 81034 84034 87034 90034 93034 96034 99034 102034 105034 108034 111034 114034 117034 120034 123034 126034 129034 132034 135034 138034 141034
// expect: out[48..95] = list 41 3041 6041 9041 12041 15041 18041 21041 24041 27041 30041 33041 36041 39041 42041 45041 48041 51041 54041 57041 60041 63041 66041 69041 72041 75041 78041 81041 84041 87041 90041 93041 96041 99041 102041 105041 108041 111041 114041 117041 120041 123041 126041 129041 132041 135041 138041 141041
// expect: out[96..143] = list 33 3033 6033 9033 12033 15033 18033 21033 24033 27033 30033 33033 36033 39033 42033 45033 48033 51033 54033 57033 60033 63033 66033 69033 72033 75033 78033 81033 84033 87033 90033 93033 96033 99033 102033 105033 108033 111033 114033 117033 120033 123033 126033 129033 132033 135033 138033 141033
// expect: out[144..191] = list 23 2023 4023 6023 8023 10023 12023 14023 16023 18023 20023 22023 24023 26023 28023 30023 32023 34023 36023 38023 40023 42023 44023 46023 48023 50023 52023 54023 56023 58023 60023 62023 64023 66023 68023 70023 72023 74023 76023 78023 80023 82023 84023 86023 88023 90023 92023 94023
// expect: no hazards
__global__ void aluBetween(unsigned* out)
{
    __shared__ unsigned w[4 * 48];
    const unsigned t = threadIdx.x;
    for (int k = 0; k < 4; k++) w[4 * t + k] = 1000 * t + 10 + k;
    __syncthreads();
    const unsigned a = (unsigned)__cvta_generic_to_shared(&w[4 * t]);
    for (int form = 0; form < 4; form++) out[48 * form + t] = threeLoads(a, form);
}

// case: a run whose third load lies past shared memory for the last
// lanes: the run is not made whole; each load alone, the third reported
// at its own line, as the reference mode reports it
// gpu: differs, the GPU does not fault on a read just past the block's shared memory
// kernel: pastTheEnd
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: hazard memory kind OOB line @thirdLoad
__global__ void pastTheEnd(unsigned* out)
{
    __shared__ unsigned w[40];
    const unsigned t = threadIdx.x;
    w[t] = t;
    if (t < 8) w[32 + t] = t;
    __syncthreads();
    const unsigned a = (unsigned)__cvta_generic_to_shared(&w[t]);
    unsigned r;
    asm volatile("{\n\t.reg .u32 x, y, z;\n\t"
                 "ld.shared.u32 x, [%1];\n\tadd.u32 y, x, 1;\n\tld.shared.u32 z, [%1+4];\n\t"
                 "add.u32 y, y, z;\n\tld.shared.u32 z, [%1+40];\n\tadd.u32 %0, y, z;\n\t}"
                 : "=r"(r) : "r"(a) : "memory"); // @thirdLoad (nvcc's line for the asm: its last)
    out[t] = r;
}
