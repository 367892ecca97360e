// Attack: `#import` (an old GCC directive, still understood by nvcc's
// preprocessor) is an include under another name.
// expect: exit 1
// expect: fails compile
// expect: diag-line 8
// expect: no-output ~ "root:x:0"
#include <cuda_runtime.h>
#import "/etc/passwd"
