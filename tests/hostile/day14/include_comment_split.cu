// Attack: comments are spaces to the preprocessor: `# /**/ include` is an
// include that a line-oriented scan does not see.
// expect: exit 1
// expect: fails compile
// expect: detail compile ~ "include"
// expect: diag-line 8
// expect: no-output ~ "root:x:0"
/* a comment first */ # /* and one here */ include /* and here */ "/etc/passwd"
