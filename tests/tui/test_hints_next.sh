#!/usr/bin/env bash
# The runner as a tutor (issue 32): the list marks the next day to work on
# (the first not passing: day 23 once day 14 passes) and the status line
# names it; hints revealed with `cudalab hint` are on the day screen, one
# revealed there with h is still there after the runner restarts, and
# `cudalab show` prints the same exercise text with both; a hint revealed
# and a grade recorded in another shell reach the running runner.
. "$(dirname "$0")/lib.sh"
cat >"$WORK/state.yaml" <<'EOF'
version: 1
days:
  day14-syncthreads:
    status: passing-honest
    last_graded: 0
    passed: [compile, correctness]
    failed: []
EOF
cli() { CUDALAB_COURSE="$COURSE" CUDALAB_WORKSPACE="$WORK" "$CUDALAB_BINARY" "$@"; }
out=$(cli hint 23) || tui_fail "cudalab hint 23 failed: $out"
case "$out" in "hint 1 of 3:"*"One warp a row; lane c owns column c."*) ;; *) tui_fail "cudalab hint 23: $out" ;; esac
out=$(cli show 23) # the exercise text, with the one hint revealed
case "$out" in *"Hints (1 of 3 shown)"*"One warp a row; lane c owns column c."*) ;; *) tui_fail "cudalab show 23: $out" ;; esac
case "$out" in *"Keep every lane in every shuffle"*) tui_fail "cudalab show 23 shows hint 2, not revealed" ;; esac
out=$(cli next)
case "$out" in "next: day 23, day23-shuffles"*) ;; *) tui_fail "cudalab next: $out" ;; esac

tui_start 100 30
tui_wait "days shown"
r=$(tui_row_of "Warp shuffles and honest masks")
tui_expect_row "$r" "◂ next"
r14=$(tui_row_of "Block barriers")
tui_row "$r14" | grep -q "next" && tui_fail "day 14 passes: it is not the next"
tui_expect_at 28 1 "3 of 3 days shown   next: day 23"

# The hint revealed on the command line is on the day screen; h reveals the
# second, which is remembered.
tui_open "Warp shuffles and honest masks"
tui_wait "Day 23"
tui_find "Hints (1 of 3 shown)"
tui_keys h
tui_wait "hint 2 of 3"
tui_find "Keep every lane in every shuffle"
tui_quit 0 q q
grep -q "hints: 2" "$WORK/state.yaml" || tui_fail "state.yaml does not keep 2 hints: $(cat "$WORK/state.yaml")"

# A new runner: both hints are there when the day opens again.
tui_restart
tui_start 100 30
tui_wait "days shown"
tui_open "Warp shuffles and honest masks"
tui_wait "Day 23"
tui_find "Hints (2 of 3 shown)"
tui_find "Keep every lane in every shuffle"
# A hint revealed in another shell shows up on the open day (state.yaml is
# read again when it changes).
cli hint 23 >/dev/null
tui_find "Hints (3 of 3 shown)"
# A grade recorded elsewhere: the list follows, and the next mark moves on.
tui_keys q
tui_wait "days shown"
cat >"$WORK/state.yaml" <<'EOF'
version: 1
days:
  day14-syncthreads:
    status: passing-honest
    last_graded: 0
  day23-shuffles:
    status: passing
    last_graded: 0
    hints: 3
EOF
tui_wait "every day passes"
tui_row "$(tui_row_of "Warp shuffles and honest masks")" | grep -q "passing" || tui_fail "day 23 is not shown passing"
tui_quit 0 q

# The same text without the runner, every hint now revealed.
out=$(cli show 23)
for want in "Hints (3 of 3 shown)" "One warp a row; lane c owns column c." "Keep every lane in every shuffle" \
    "still reads outside itself"; do
    case "$out" in *"$want"*) ;; *) tui_fail "cudalab show 23 lacks: $want" ;; esac
done

# A pass moves the learner on: the status line names the next day, and the
# list's mark moves to it.
rm -f "$WORK/state.yaml"
tui_restart
tui_start 100 30 FAKE_GRADE_PASS=1 FAKE_GRADE_SLEEP=0.1
tui_wait "days shown"
tui_expect_at 28 1 "3 of 3 days shown   next: day 14"
tui_open "Block barriers"
tui_wait "Day 14"
tui_keys g
tui_wait "graded once · next: day 23"
tui_keys q
tui_wait "days shown"
tui_row "$(tui_row_of "Warp shuffles and honest masks")" | grep -q "◂ next" || tui_fail "the mark did not move to day 23"
tui_quit 0 q

# The last report is kept: a new runner shows it when the day opens, until
# the next grade; a reset drops it.
tui_restart
tui_start 100 30
tui_wait "days shown"
tui_open "Block barriers"
tui_wait "Day 14"
tui_wait "the last report, of "
tui_expect "g grades again"
tui_expect "Report ✓ 7/7"
tui_keys Tab
tui_find "reduceRowsBallotDown" # the kept report's kernel (fixtures/day23-fixed.json)
tui_quit 0 q q
[ -f "$WORK/day14-syncthreads/last-report.json" ] || tui_fail "no last-report.json"
cli reset 14 >/dev/null
[ ! -e "$WORK/day14-syncthreads/last-report.json" ] || tui_fail "reset kept the old file's report"
