// Day 26's fixture of the warp total a GPU hides: lane 31 stores its warp's
// total only when it has an element, so warp 0 reads the slots of the warps
// past n, which nobody wrote. Every stored sum is right; the read of the
// unwritten shared slot is a memory hazard, at the sizes that are not a
// multiple of 256 (1, 31, 257 and 1,000,003: 4 blocks), in both block scans.
// Those are all hidden sizes: the hazards say their kind and line only, and
// count the 4 hidden sizes.
// e2e: day 26
// e2e: exit 1
// e2e: pass compile correctness mask-honesty barrier-honesty races resources
// e2e: fail memory
// e2e: hazard memory kind=uninit-shared kernel=scanBlocks count=4 hidden=true hidden_sizes=4 block=null
// e2e: hazard memory kind=uninit-shared kernel=scanBlocksExclusive count=4 hidden=true
// e2e: output (uninit-shared) at a hidden size
// e2e: kernel scanWarps passed=true
// e2e-paste: days/day26-scan/fixtures/unwritten_total.cu
