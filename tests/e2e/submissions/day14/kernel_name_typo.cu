// The whole reference, but blockSums spelt blocksums: the grade says which
// kernel of the file is one letter off the day's, and asks "did you mean".
// e2e: day 14
// e2e: exit 1
// e2e: fail correctness
// e2e: kernel blockSums present=false
// e2e: kernel reverseBlocks passed=true
// e2e: detail correctness it defines blocksums: did you mean blockSums?
#define blockSums blocksums
// e2e-paste: solutions/day14-syncthreads/syncthreads.cu
#undef blockSums
