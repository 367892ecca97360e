#!/usr/bin/env bash
# Every way out gives the terminal back: Ctrl-C (exit 130), SIGTERM (143),
# and SIGTERM during a grade (the grade's process group goes too).
#
# The grade here is the fake grader's (fake-grade.sh), not the real one: the
# signal must land while the grade is still running, so the grade has to last
# as long as the test says (5 s), and the test finds the grader's process by
# its name.
. "$(dirname "$0")/lib.sh"

tui_start 100 30
tui_wait "days shown"
tui_keys C-c
tui_exited 130

cudalab_pid() { pgrep -P "$(tm display -p -t t '#{pane_pid}')" -f "$CUDALAB_BINARY" | head -1; }

tui_restart
tui_student_is_ballot_down
tui_start 100 30 FAKE_GRADE_SLEEP=5
tui_keys j Enter
tui_wait "Day 23 · Warp shuffles"
tui_keys g
tui_wait "building…"
pid=$(cudalab_pid)
[ -n "$pid" ] || tui_fail "cannot find cudalab's process"
grader=$(pgrep -f "fake-grade.sh grade day23-shuffles" | head -1)
[ -n "$grader" ] || tui_fail "cannot find the grader"
kill -TERM "$pid"
tui_exited 143
for _ in $(seq 50); do kill -0 "$grader" 2>/dev/null || break; sleep 0.1; done
! kill -0 "$grader" 2>/dev/null || tui_fail "the grader outlived cudalab"
