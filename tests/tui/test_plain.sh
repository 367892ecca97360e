#!/usr/bin/env bash
# A terminal without UTF-8 and with NO_COLOR, with a real grade (the course's
# dishonest kernel alone as the student's file): ASCII marks, boxes, spinner
# and lane pictures, and no colour at all (bold, reverse and underline only).
. "$(dirname "$0")/lib.sh"
tui_real
tui_student_is_ballot_down
tui_start 100 30 LANG=C LC_ALL=C NO_COLOR=1
tui_wait "days shown"
tui_expect_at 1 1 "Progress [------"
first=$(ls "$TUI_ROOT/days" | sort | head -1 | sed "s/^day0*\([0-9]*\)-.*/\1/")
tui_expect_at 4 0 "$(printf '> %3s' "$first")"
tui_open "Warp shuffles and honest masks"
tui_wait "Day 23 - Warp shuffles and honest masks"
tui_keys g
tui_wait "building..." 30
tui_wait_grade "done in"
tui_expect_row 28 "5 of 7 checks passed - graded once"
tui_expect_at 1 14 "Report x 5/7"
tui_expect "x correctness     reduceRowsShared: missing: your file does not define"
tui_expect "x mask-honesty    1 hazard; first: lane 4 reads lane 20, which mask 0x000fffff"
tui_expect "+ barrier-honesty no hazards"
# The first hazard, whole on the screen wherever the pages break: its header
# a page at a time, then line by line down to its last row (15 rows, with the
# `to fix:` advice on two, of the 26 the pane shows).
tui_find "x mask-honesty in reduceRowsBallotDown at shuffles.cu:21"
tui_find "undefined reads (lane<-source): 4<-20" Down
tui_expect "x mask-honesty in reduceRowsBallotDown at shuffles.cu:21"
r=$(tui_row_of "mask       ####################")
tui_expect_at "$r" 7 "mask       ####################............  0x000fffff"
tui_expect_at $((r + 1)) 7 "took part  ####################............"
tui_expect_at $((r + 2)) 7 "read       ooooXXXXXXXXXXXX===="
tm capture-pane -p -e -t t >"$TUI_TMP/escapes"
if grep -aqE $'\e\\[([0-9;]*;)?(3[0-7]|4[0-7]|38;5;[0-9]+|9[0-7])(;[0-9;]*)?m' "$TUI_TMP/escapes"; then
    tui_fail "colour under NO_COLOR: $(grep -aoE $'\e\\[[0-9;]*m' "$TUI_TMP/escapes" | sort -u | tr '\e' E | tr '\n' ' ')"
fi
grep -aq $'\e\\[[0-9;]*7m\|\e\\[7;' "$TUI_TMP/escapes" || tui_fail "no reverse video for the title bar"
! grep -aq $'\xe2' "$TUI_TMP/escapes" || tui_fail "UTF-8 on a terminal without it: $(grep -a $'\xe2' "$TUI_TMP/escapes" | head -1)"
tm resize-window -t t -x 70 -y 20
tui_wait "cudalab needs at least 80x24; this terminal is 70x20"
tui_quit 0 q
