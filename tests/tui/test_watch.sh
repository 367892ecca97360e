#!/usr/bin/env bash
# Watch mode with the real grader on the real course: turning it on grades
# the file as it is; a save by an editor that writes a new file and renames
# it over the old one grades it again (here a typo: it no longer compiles,
# and the report says where). The grade counter and "done in" follow.
. "$(dirname "$0")/lib.sh"
tui_real
file="$WORK/day23-shuffles/shuffles.cu"
tui_start 100 30
tui_open "Warp shuffles"
tui_wait "Day 23 · Warp shuffles"
tui_keys w
tui_wait "watch on"
tui_expect_row 0 "watch on"
tui_wait_grade "· graded once"
tui_expect_at 28 1 "done in"
tui_expect_row 28 "6 of 7 checks passed · graded once"
tui_expect_row 0 "failing · watch on"
first=$(tui_row 28)

# A typo, saved the way vim does: a new file renamed over the old one.
sed 's/^constexpr int kWarpSize = 32;$/constexpr int kWarpSize = 32/' "$file" >"$file.new"
! cmp -s "$file" "$file.new" || tui_fail "the typo was not made"
mv "$file.new" "$file"
tui_wait_grade "· graded 2 times"
tui_expect_at 28 1 "done in"
tui_expect_row 28 "0 of 1 checks passed · graded 2 times"
[ "$(tui_row 28)" != "$first" ] || tui_fail "the status line did not change: $first"
tui_expect_at 1 14 "Report ✗ 0/1"
tui_expect_row 0 "does not compile · watch on"
r=$(tui_row_of "✗ compile")
tui_expect_row "$r" "shuffles.cu:24: expected a" # the rest may wrap, by the path's length
tui_expect "- correctness     not run"
tui_expect "Compiler"
tui_expect "shuffles.cu:24: error: expected a"
tui_expect "NOT PASSED: failed compile"

# Watch off: the title says so, and a save grades nothing.
tui_keys w
tui_wait "watch off"
tui_expect_not "watch on"
echo "// saved with watch off" >>"$file"
sleep 1
tui_keys Down # clears the message
tui_wait_row 28 "0 of 1 checks passed · graded 2 times"
tui_quit 0 Q
