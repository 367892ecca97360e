// Attack: an endless include: the preprocessor reads zeros until it runs out
// of memory. Refused before nvcc sees it.
// expect: exit 1
// expect: fails compile
// expect: detail compile ~ "include"
// expect: diag-line 7
#include "/dev/zero"
