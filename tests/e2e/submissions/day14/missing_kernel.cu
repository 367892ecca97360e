// blockSums is not written yet.
// e2e: day 14
// e2e: exit 1
// e2e: fail correctness
// e2e: pass compile races barrier-honesty memory
// e2e: kernel blockSums missing
// e2e: kernel blockSums present=false
// e2e: kernel reverseBlocks passed=true
#define blockSums blockSums_reference
// e2e-paste: solutions/day14-syncthreads/syncthreads.cu
#undef blockSums
