#!/usr/bin/env bash
# Open day 23 with the course's dishonest kernel as the student's file, grade
# it, and see the mask hazard on screen (lane 4 reads lane 20 under mask
# 0x000fffff) with its lane picture; the list then shows the day as failing.
. "$(dirname "$0")/lib.sh"
tui_student_is_ballot_down
tui_start 100 30
tui_wait "Warp shuffles and honest masks"
tui_expect_at 0 1 "cudalab"
tui_keys j Enter
tui_wait "Day 23 · Warp shuffles and honest masks"
tui_expect_at 0 1 "Day 23 · Warp shuffles and honest masks"
tui_expect "Your file: $WORK/day23-shuffles/shuffles.cu"
tui_expect_not "copied from the template" # the student's own file was kept
tui_expect_row 28 "g grades shuffles.cu"

tui_keys g
tui_wait "building…" # the grader's progress, from its stderr
tui_expect_row 28 "(c cancels)"
tui_wait "done in"
tui_expect_at 28 1 "done in"
tui_expect_row 28 "6 of 7 checks passed · grade 1"
tui_expect_at 1 14 "Report ✗ 6/7"
tui_expect_at 2 1 "day23-shuffles  shuffles.cu"
tui_expect_at 7 3 "✗ mask-honesty    1 hazard"
tui_expect_row 0 "failing"

tui_keys End
tui_wait "undefined reads (lane<-source): 4<-20, 5<-21"
tui_expect "✗ mask-honesty in reduceRowsBallotDown at shuffles.cu:21"
tui_expect "lane 4 reads lane 20, which mask 0x000fffff does not name"
tui_expect "warp 0, lane 4, source lane 20, mask 0x000fffff; in 8205 warps"
r=$(tui_row_of "mask       ■")
tui_expect_at "$r" 7 "mask       ■■■■■■■■■■■■■■■■■■■■············  0x000fffff"
tui_expect_at $((r + 1)) 7 "took part  ■■■■■■■■■■■■■■■■■■■■············"
tui_expect_at $((r + 2)) 7 "read       ✓✓✓✓✗✗✗✗✗✗✗✗✗✗✗✗===="
tui_expect_at 27 1 "NOT PASSED: failed mask-honesty"

# Tab shows the exercise again, with the README rendered.
tui_keys Tab
tui_wait "Day 23: warp shuffles and honest masks"

# Back in the list, the progress the grade recorded shows.
tui_keys q
tui_wait "days shown"
r=$(tui_row_of "Warp shuffles and honest masks")
tui_expect_row "$r" "✗ failing"
tui_expect_row "$r" "just now"
tui_expect_row 1 "0/2 honest, 0 passing, 1 failing, 1 to start"
tui_quit 0 q
