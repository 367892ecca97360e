// Attack: a computed include: the file's name is a macro, so a scanner that
// looks for `#include "` sees nothing.
// expect: exit 1
// expect: fails compile
// expect: detail compile ~ "include"
// expect: diag-line 9
// expect: no-output ~ "root:x:0"
#define SECRET "/etc/passwd"
#include SECRET
