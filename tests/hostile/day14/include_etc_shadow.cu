// Attack: read a secret of the grader's machine through the compiler's error
// messages (nvcc quotes the lines it cannot parse). Refused at the line, and
// no word of the file reaches the report.
// expect: exit 1
// expect: fails compile
// expect: detail compile ~ "include"
// expect: diag-line 10
// expect: no-output ~ "root:"
#include <cuda_runtime.h>
#include "/etc/shadow"
