#!/usr/bin/env bash
# Watch mode: turning it on grades; a save (an append, a rename over the file)
# grades again; a save during a grade cancels that grade and starts another;
# c cancels by hand. The keys keep working while a grade runs.
. "$(dirname "$0")/lib.sh"
tui_student_is_ballot_down
file="$WORK/day23-shuffles/shuffles.cu"
tui_start 100 30 FAKE_GRADE_SLEEP=0.3
tui_keys j Enter
tui_wait "Day 23 · Warp shuffles"
tui_keys w
tui_expect_row 0 "watch on"
tui_wait "· grade 1"
tui_expect_row 28 "6 of 7 checks passed · grade 1"

echo "// FIXED: every lane in every shuffle" >>"$file"
tui_wait "· grade 2"
tui_expect_at 28 1 "done in"
tui_expect_row 28 "7 of 7 checks passed · grade 2"
tui_expect_at 1 14 "Report ✓ 7/7"
tui_expect_row 0 "passing and honest · watch on"

# An editor that saves by writing a new file and renaming it over the old.
sed 's/FIXED/broken again/' "$file" >"$file.new" && mv "$file.new" "$file"
tui_wait "· grade 3"
tui_expect_row 28 "6 of 7 checks passed · grade 3"
[ "$(tui_grades start)" = 3 ] || tui_fail "3 grades wanted, the grader ran $(tui_grades start) times"

# A save while a grade runs: that grade is killed and a new one starts.
tui_grade_takes 1.5
echo "// one more edit" >>"$file"
tui_wait "building…"
echo "// and another" >>"$file"
tui_wait "your file changed; grading it again"
tui_grade_takes 0.2
tui_wait "· grade 4"
[ "$(tui_grades start)" = 5 ] || tui_fail "5 grades started wanted, got $(tui_grades start)"
[ "$(tui_grades end)" = 4 ] || tui_fail "the cancelled grade finished: $(tui_grades end) ends"

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
[ "$(tui_grades end)" = 4 ] || tui_fail "the cancelled grade finished"

# Watch off: the title says so.
tui_grade_takes 0.1
tui_keys w
tui_wait "watch off"
tui_expect_not "watch on"
tui_quit 0 Q
