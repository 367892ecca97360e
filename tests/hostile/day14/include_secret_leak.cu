// Attack: read a file of the grader's machine through the words nvcc quotes
// in its errors ('identifier "..." is undefined'). The runner writes the
// "secret" beside the copy of this file; no word of it may reach a report.
// hostile: copy
// hostile: file notes.txt int leak = CUDALAB_SECRET_7f3a91 + other_secret_word;
// expect: exit 1
// expect: fails compile
// expect: detail compile ~ "include"
// expect: diag-line 12
// expect: no-output ~ "CUDALAB_SECRET_7f3a91|other_secret_word"
// expect: text
#include "@TMP@/notes.txt"
