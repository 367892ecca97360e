#!/usr/bin/env bash
# Reset and status agree: a day graded passing and honest shows so, with
# the progress line adding up; after a reset its file is the template and
# its status is the template's (started, never graded), while its best
# figures stay in state.yaml (the best of every grade the day has had).
. "$(dirname "$0")/lib.sh"
mkdir -p "$WORK/day14-syncthreads" "$WORK/day23-shuffles"
echo "// started" >"$WORK/day14-syncthreads/syncthreads.cu"
echo "// solved" >"$WORK/day23-shuffles/shuffles.cu"
cat >"$WORK/state.yaml" <<YAML
version: 1
days:
  day23-shuffles:
    status: passing-honest
    last_graded: $(($(date +%s) - 600))
    backend: emulator
    passed: [compile, correctness, mask-honesty]
    failed: []
    best:
      reduceRowsPadded: {instructions: 1234567}
YAML
tui_start 100 30
tui_wait "days shown"
tui_expect_row 0 "1 of 2 days passing and honest"
tui_expect_row 1 "2 days: 1 honest, 1 started"
r=$(tui_row_of "Warp shuffles")
tui_expect_row "$r" "★ passing and honest"
tui_expect_row "$r" "10 min ago"

tui_keys j Enter
tui_wait "Day 23 · Warp shuffles"
tui_keys r
tui_wait "(y/n)"
tui_keys y
tui_wait "shuffles.cu is the template again; your file was kept as"
cmp -s "$WORK/day23-shuffles/shuffles.cu" "$COURSE/templates/day23-shuffles/shuffles.cu" ||
    tui_fail "not the template"

tui_keys q
tui_wait "days shown"
tui_wait_row 1 "2 days: 2 started"
tui_expect_row 0 "0 of 2 days passing and honest"
r=$(tui_row_of "Warp shuffles")
tui_expect_row "$r" "… started"
tui_expect_row "$r" "never"
grep -q "reduceRowsPadded" "$WORK/state.yaml" || tui_fail "the reset dropped the best figures"
grep -q "instructions: 1234567" "$WORK/state.yaml" || tui_fail "the reset changed the best figures"
! grep -q "passing-honest" "$WORK/state.yaml" || tui_fail "state.yaml still records the old grade"
tui_quit 0 q
