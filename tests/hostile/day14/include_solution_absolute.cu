// Attack: the same through an absolute path (the runner grades a copy of
// this file in a temporary folder, @COURSE@ replaced by the course's path).
// hostile: copy
// expect: exit 1
// expect: fails compile
// expect: detail compile ~ "include"
// expect: diag-line 9
// expect: no-output ~ "reverseBlocks_reference"
#include "@COURSE@/solutions/day14-syncthreads/syncthreads.cu"
