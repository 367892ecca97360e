#!/usr/bin/env bash
# Watch mode while a grade runs: a save during a grade cancels that grade and
# starts another; c cancels by hand; keys and resizing keep working.
#
# This test grades with the fake grader (fake-grade.sh), not the real one:
# it needs grades that last as long as it says (a save must land while the
# grade is building, a cancel before it ends) and a count of the grades that
# started and ended. test_watch.sh watches with the real grader.
. "$(dirname "$0")/lib.sh"
tui_student_is_ballot_down
file="$WORK/day23-shuffles/shuffles.cu"
tui_start 100 30 FAKE_GRADE_SLEEP=0.3
tui_keys j Enter
tui_wait "Day 23 · Warp shuffles"
tui_keys w
tui_wait_row 0 "watch on"
tui_wait "· graded once"
tui_expect_row 28 "6 of 7 checks passed · graded once"

# A save while a grade runs: that grade is killed and a new one starts.
tui_grade_takes 1.5
echo "// one more edit" >>"$file"
tui_wait "building…"
echo "// and another" >>"$file"
tui_wait "your file changed; grading it again"
tui_grade_takes 0.2
tui_wait "· graded 2 times"
[ "$(tui_grades start)" = 3 ] || tui_fail "3 grades started wanted, got $(tui_grades start)"
[ "$(tui_grades end)" = 2 ] || tui_fail "the cancelled grade finished: $(tui_grades end) ends"

# Keys and resizing work during a grade: switch panes, resize, cancel with c.
tui_grade_takes 5
tui_keys g
tui_wait "building…"
tui_keys Tab
tui_wait "Day 23: warp shuffles and honest masks"
tm resize-window -t t -x 120 -y 40
tui_wait_row 39 "g grade  w watch" # the footer moved to the new last row
tui_expect_row 38 "building… "
tui_expect_row 38 "(c cancels)"
tui_keys c
tui_wait "cancelled after"
tui_expect_at 38 1 "cancelled after"
[ "$(tui_grades end)" = 2 ] || tui_fail "the cancelled grade finished"

# Watch off: the title says so.
tui_grade_takes 0.1
tui_keys w
tui_wait "watch off"
tui_expect_not "watch on"
tui_quit 0 Q
