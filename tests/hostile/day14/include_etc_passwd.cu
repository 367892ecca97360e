// Attack: /etc/passwd is readable by anyone: its first line would show up in
// nvcc's error ("root:x:0:0:...") if the include were followed.
// expect: exit 1
// expect: fails compile
// expect: detail compile ~ "include"
// expect: diag-line 8
// expect: no-output ~ "root:x:0"
#include "/etc/passwd"
