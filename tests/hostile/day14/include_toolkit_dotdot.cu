// Attack: a path that starts inside the toolkit (allowed) and climbs out of
// it with `..`: the check must look at where the path leads.
// expect: exit 1
// expect: fails compile
// expect: detail compile ~ "include"
// expect: diag-line 8
// expect: no-output ~ "root:x:0"
#include "/usr/local/cuda/include/../../../../etc/passwd"
