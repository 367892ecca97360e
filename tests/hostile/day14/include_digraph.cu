// Attack: `%:` is the digraph of `#`: `%:include` is an include that a scan
// for "#include" misses.
// expect: exit 1
// expect: fails compile
// expect: detail compile ~ "include"
// expect: diag-line 8
// expect: no-output ~ "root:x:0"
%:include "/etc/passwd"
