// Attack: include a FIFO nobody writes: the preprocessor blocks on open()
// forever and a killed grade leaves it behind. The runner makes the FIFO.
// hostile: copy
// hostile: fifo pipe
// expect: exit 1
// expect: fails compile
// expect: detail compile ~ "include"
// expect: diag-line 9
#include "@TMP@/pipe"
