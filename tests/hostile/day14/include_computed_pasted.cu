// Attack: a computed include whose path is glued together by the
// preprocessor from pieces that never spell the path.
// expect: exit 1
// expect: fails compile
// expect: diag-line 10
// expect: no-output ~ "root:x:0"
#define STR2(x) #x
#define STR(x) STR2(x)
#define GLUE(a, b) a##b
#include STR(GLUE(/etc/pass, wd))
