// Attack: an absolute path in angle brackets, as if it were a system header.
// expect: exit 1
// expect: fails compile
// expect: detail compile ~ "include"
// expect: diag-line 7
// expect: no-output ~ "root:x:0"
#include </etc/passwd>
