#!/usr/bin/env bash
# Resizing: the layout follows the terminal; below 80x24 a centred message
# says so; a wide terminal shows the exercise and the report side by side.
. "$(dirname "$0")/lib.sh"
tui_start 100 30
tui_wait "days shown"
tui_expect_at 29 1 "Enter open"

tm resize-window -t t -x 70 -y 20
tui_wait "cudalab needs at least 80×24; this terminal is 70×20"
msg="cudalab needs at least 80×24; this terminal is 70×20"
tui_expect_at 9 $(((70 - ${#msg}) / 2)) "$msg"
tui_expect_not "Enter open"

tm resize-window -t t -x 120 -y 40
tui_wait "days shown"
tui_expect_at 39 1 "Enter open"
tui_expect_at 38 1 "3 of 3 days shown"
tui_expect_row 0 "0 of 2 days passing and honest"
[ "$(tui_row 0 | sed 's/ *$//' | wc -m)" -gt 100 ] || tui_fail "the title did not widen"

tui_keys j Enter
tui_wait "Day 23 · Warp shuffles"
tui_expect_row 1 "Tab switches"
tm resize-window -t t -x 180 -y 40
tui_wait_gone "Tab switches"
tui_expect_at 1 2 "Exercise"
tui_expect_at 1 93 "Report"
tui_expect_at 5 90 "│"
tui_expect "Day 23: warp shuffles and honest masks"
tui_expect "Not graded in this visit yet."

tm resize-window -t t -x 80 -y 24
tui_wait "Tab switches"
tui_expect_at 23 1 "g grade"
tui_expect_at 22 1 "g grades shuffles.cu"
tui_quit 0 q q
