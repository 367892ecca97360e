#!/usr/bin/env bash
# A new user's first day, with the real grader on the real course at 120x40:
# open day 23 (the template is copied into the workspace), turn watch mode
# on and see the template fail correctness (it writes zeros), then save the
# reference solution over the file as an editor would, see watch mode grade
# it again, and read the table of yours beside the reference with passing
# marks; the list shows day 23 as passing and honest.
. "$(dirname "$0")/lib.sh"
tui_real
file="$WORK/day23-shuffles/shuffles.cu"
tui_start 120 40
# the real course: as many days as its folder holds
n=$(ls -d "$TUI_ROOT"/days/day*/ | wc -l)
tui_wait "$n of $n days shown"
tui_expect_row 1 "$n days: $n not started"
tui_open "Warp shuffles and honest masks"
tui_wait "Day 23 · Warp shuffles and honest masks"
tui_expect "Your file: $file (copied from the template just now)"
cmp -s "$file" "$TUI_ROOT/templates/day23-shuffles/shuffles.cu" || tui_fail "not the template"
tui_expect_at 38 1 "g grades shuffles.cu, w grades it on every save"

# Watch on: it grades the file as it is, the template.
tui_keys w
tui_wait "watch on"
tui_wait "building…" 30
tui_wait_grade "· graded once"
tui_expect_at 38 1 "done in"
tui_expect_row 38 "6 of 7 checks passed · graded once"
tui_expect_at 1 14 "Report ✗ 6/7"
tui_expect_row 0 "failing · watch on"
r=$(tui_row_of "✗ correctness")
tui_expect_at "$r" 3 "✗ correctness     reduceRowsShared: 8205 of 8205 rows wrong at rows=8205 live=20"
tui_expect_row "$r" "(and 2 more kernels)"
tui_expect "✓ mask-honesty    no hazards"
r=$(tui_row_of "✗ reduceRowsShared")
tui_expect_at $((r + 1)) 5 "yours     8205/8205"
tui_expect_at $((r + 2)) 5 "reference 0/8205"
tui_keys End
tui_wait "NOT PASSED: failed correctness"
before=$(tui_row 38)

# An editor saves the reference solution over the file.
cp "$TUI_ROOT/solutions/day23-shuffles/shuffles.cu" "$file"
tui_wait "building…" 30
tui_expect_row 38 "(c cancels)"
tui_expect "Report ✗ 6/7" # the last report stays until the new one is in
tui_wait_grade "· graded 2 times"
tui_expect_at 38 1 "done in"
tui_expect_row 38 "7 of 7 checks passed · graded 2 times"
[ "$(tui_row 38)" != "$before" ] || tui_fail "the status line did not change"
tui_expect_at 1 14 "Report ✓ 7/7"
tui_expect_row 0 "passing and honest · watch on"
# The new report keeps the place End took the old one to: back to its top.
tui_keys Home
tui_wait_row 5 "✓ compile"
tui_expect_at 5 3 "✓ compile"
r=$(tui_row_of "✓ correctness")
tui_expect_at "$r" 3 "✓ correctness     0 of 8205 rows wrong at the course size; every kernel right at every"
for check in mask-honesty barrier-honesty races memory resources; do tui_expect "✓ $check"; done
tui_expect_not "✗"

# Yours beside the reference: the same figures, each kernel passing.
r=$(tui_row_of "Yours beside the reference (course size)")
tui_expect_at $((r + 1)) 5 "          wrong        regs  shared spills     lane instr"
for k in 0 1 2; do
    y=$((r + 2 + 3 * k))
    name=$(echo reduceRowsShared reduceRowsPadded reduceRowsButterfly | cut -d' ' -f$((k + 1)))
    tui_expect_at "$y" 3 "✓ $name"
    tui_expect_at $((y + 1)) 5 "yours     0/8205"
    tui_expect_at $((y + 2)) 5 "reference 0/8205"
    yours=$(tui_row $((y + 1)))
    ref=$(tui_row $((y + 2)))
    [ "${yours:15}" = "${ref:15}" ] || tui_fail "$name: yours '${yours:15}', reference '${ref:15}'"
done
tui_expect_row $((r + 11)) ""
tui_expect_at $((r + 12)) 1 "Performance without a GPU (course size, emulator counters)"
tui_keys End
tui_wait "PASSED: every check passed"
tui_expect_at 37 1 "PASSED: every check passed"

# The list: day 23 is done.
tui_keys q
tui_wait "days shown"
r=$(tui_row_of "Warp shuffles and honest masks")
tui_expect_row "$r" "★ passing and honest"
tui_expect_row "$r" "just now"
tui_expect_row 0 "1 of $n days passing and honest"
tui_expect_row 1 "$n days: 1 honest, $((n - 1)) not started"
tui_quit 0 q
