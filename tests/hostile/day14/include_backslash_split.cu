// Attack: the directive split by a backslash-newline, which the preprocessor
// joins before it reads directives: "#inc" + "lude".
// expect: exit 1
// expect: fails compile
// expect: detail compile ~ "include"
// expect: diag-line 8
// expect: no-output ~ "root:x:0"
#inc\
lude "/etc/passwd"
