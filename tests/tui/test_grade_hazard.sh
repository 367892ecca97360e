#!/usr/bin/env bash
# The real grader on the real course, at 80x24: open day 23 with the course's
# dishonest kernel beside the three honest ones as the student's file, grade
# it, and see the grader's stages in the status line, then the mask hazard on
# screen (lane 4 reads lane 20 under mask 0x000fffff, at shuffles.cu:143)
# with its lane picture. Long report lines wrap under their column instead of
# being cut. The list then shows the day as failing.
. "$(dirname "$0")/lib.sh"
tui_real
tui_student_is_ballot_down_full
tui_start 80 24
tui_wait "Warp shuffles and honest masks"
tui_expect_at 0 1 "cudalab"
tui_open "Warp shuffles and honest masks"
tui_wait "Day 23 · Warp shuffles and honest masks"
tui_expect_at 0 1 "Day 23 · Warp shuffles and honest masks"
tui_expect_at 2 1 "Your file:"
tui_expect "$WORK/day23-shuffles/shuffles.cu" # on the next row at 80 columns
tui_expect_not "copied from the template" # the student's own file was kept
tui_expect_at 22 1 "g grades shuffles.cu"

tui_keys g
tui_wait "building…" 30 # the grader's stages, from its stderr
tui_expect_row 22 "(c cancels)"
tui_wait_grade "running…"
tui_wait_grade "done in"
tui_expect_at 22 1 "done in"
tui_expect_row 22 "5 of 7 checks passed · graded once"
tui_expect_at 1 14 "Report ✗ 5/7"
tui_expect_row 0 "failing"
# Lines too long for the pane wrap: the file's path under the day, a check's
# detail under the detail column.
tui_expect_at 2 1 "day23-shuffles"
tui_expect_at 3 3 "$WORK/day23-shuffles/shuffles.cu"
tui_expect_row 4 "backend emulator, seed 1"
tui_expect_at 6 3 "✓ compile"
r=$(tui_row_of "✗ correctness")
tui_expect_at "$r" 3 "✗ correctness     reduceRowsBallotDown: 8205 of 8205 rows wrong at"
tui_expect_at $((r + 1)) 21 "rows=8205 live=20 stride=32; its undefined shuffle reads"
tui_expect_at $((r + 2)) 21 "returned poison (a NaN), see mask-honesty"
tui_expect_at $((r + 3)) 3 "✗ mask-honesty    1 hazard; first: lane 4 reads lane 20, which mask"
tui_expect_at $((r + 4)) 21 "0x000fffff does not name (reduceRowsBallotDown,"
tui_expect_at $((r + 5)) 21 "shuffles.cu:143)"
tui_expect_row $((r + 6)) "✓ barrier-honesty no hazards"

# Yours beside the reference: the honest kernels match it, the dishonest one
# is wrong in every row (its undefined reads returned poison).
tui_find "reference none"
r=$(tui_row_of "✗ reduceRowsBallotDown")
tui_expect_at $((r + 1)) 5 "yours     8205/8205"
tui_expect_at $((r + 2)) 5 "reference none"

# The first hazard, in full, wherever the pages break: its header a page at a
# time, then line by line down to its last row (16 rows, with the `to fix:`
# advice on two, of the 20 the pane shows).
tui_find "✗ mask-honesty in reduceRowsBallotDown at shuffles.cu:143"
tui_find "9<-25, ..." Down
tui_expect "✗ mask-honesty in reduceRowsBallotDown at shuffles.cu:143"
tui_expect "lane 4 reads lane 20, which mask 0x000fffff does not name"
r=$(tui_row_of "first in block (0,0,0)")
tui_expect_at "$r" 5 "first in block (0,0,0), warp 0, lane 4, source lane 20, mask 0x000fffff"
tui_expect_at $((r + 1)) 5 "in 8205 warps at rows=8205 live=20 stride=32"
tui_find "undefined reads (lane<-source): 4<-20"
r=$(tui_row_of "mask       ■")
tui_expect_at "$r" 7 "mask       ■■■■■■■■■■■■■■■■■■■■············  0x000fffff"
tui_expect_at $((r + 1)) 7 "took part  ■■■■■■■■■■■■■■■■■■■■············"
tui_expect_at $((r + 2)) 7 "read       ✓✓✓✓✗✗✗✗✗✗✗✗✗✗✗✗===="
tui_expect_at $((r + 3)) 18 "✓ reads a lane in the mask  ✗ undefined  = own value"
tui_expect_at $((r + 4)) 18 "= is defined only because CUDA clamps: no lane to read"
tui_expect_at $((r + 5)) 7 "own values kept by the clamp (GLSL: undefined): 16-19"
tui_expect_at $((r + 6)) 7 "undefined reads (lane<-source): 4<-20, 5<-21, 6<-22, 7<-23, 8<-24,"
tui_expect_at $((r + 7)) 9 "9<-25, ..."
# No row of the report runs into the scroll bar's column.
for y in $(seq 2 21); do
    c=$(tui_row "$y")
    case "${c:79:1}" in "│" | "┃") ;; *) tui_fail "row $y ends with '${c:79:1}', not the scroll bar" ;; esac
done
tui_keys End
tui_wait "NOT PASSED: failed correctness, mask-honesty"
tui_expect_at 21 1 "NOT PASSED: failed correctness, mask-honesty"

# Tab shows the exercise again, with the README rendered.
tui_keys Tab
tui_wait "Day 23: Warp shuffles and honest masks"

# Back in the list, the progress the grade recorded shows.
tui_keys q
tui_wait "days shown"
r=$(tui_row_of "Warp shuffles and honest masks")
tui_expect_row "$r" "✗ failing"
tui_expect_row "$r" "just now"
ndays=$(find "$TUI_ROOT/days" -mindepth 2 -maxdepth 2 -name day.yaml | wc -l)
tui_expect_row 1 "$ndays days: 1 failing, $((ndays - 1)) not started"
grep -q "status: failing" "$WORK/state.yaml" || tui_fail "no progress in $WORK/state.yaml"
tui_quit 0 q
