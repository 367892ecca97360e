// Attack: pass every check by including the reference solution through a
// relative path from the submission's folder. A submission is its own text:
// the include is refused at its line and nothing of the outside file is used.
// expect: exit 1
// expect: fails compile
// expect: detail compile ~ "include"
// expect: diag-line 8
#include "../../../solutions/day14-syncthreads/syncthreads.cu"
