// Attack: copy a classmate's work by including their file, a sibling of this
// one (host_code_with_kernels.cu is a correct submission).
// expect: exit 1
// expect: fails compile
// expect: detail compile ~ "include"
// expect: diag-line 7
#include "host_code_with_kernels.cu"
