// Attack: a system header that is not one: the path starts in the system
// include folders (/usr/include, the toolkit's) and climbs out of them.
// expect: exit 1
// expect: fails compile
// expect: detail compile ~ "include"
// expect: diag-line 8
// expect: no-output ~ "root:x:0"
#include <../../../../../../../../etc/passwd>
