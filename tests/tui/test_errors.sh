#!/usr/bin/env bash
# Things that go wrong are said, never a crash: a corrupt progress file (the
# warning shows in the status line), a grader that cannot grade (exit 2 and a
# reason), a day whose template is missing.
#
# It uses the small course in course/ (which this test breaks on purpose) and
# the fake grader (fake-grade.sh), to get a grader that exits 2 with a reason
# of the test's choosing.
. "$(dirname "$0")/lib.sh"
printf 'version: 1\ndays: [this is: not, {progress\n' >"$WORK/state.yaml"
rm "$COURSE/templates/day14-syncthreads/syncthreads.cu"
tui_start 100 30 "FAKE_GRADE_FAIL='nvcc not found; install the CUDA toolkit or set CUDALAB_NVCC'"
tui_wait "progress file was unreadable"
r=$(tui_row_of "progress file was unreadable")
tui_expect_at "$r" 1 "progress file was unreadable ($WORK/state.yaml:3:1: not valid YAML:"
tui_expect_row 28 "day again to record it" # the whole message, over rows above the footer
tui_expect_at 29 1 "Enter open"
ls "$WORK"/state.yaml.corrupt-* >/dev/null || tui_fail "the corrupt file was not kept aside"
tui_keys j
tui_wait "3 of 3 days shown" # a key clears the message
tui_keys k Enter
tui_wait "the course checkout is incomplete"
tui_expect_row 28 "template is missing from the course; the course checkout is incomplete"
tui_expect_row 27 "$COURSE/templates/day14-syncthreads/syncthreads.cu: the day's"
tui_expect_at 26 1 "cannot open day 14:"
tui_expect_at 0 1 "cudalab - the 100-day CUDA course"

tui_keys j Enter
tui_wait "Day 23 · Warp shuffles"
tui_keys g
tui_wait "could not grade ("
# Wide enough, the status line holds the whole reason and the grade counter.
tm resize-window -t t -x 104 -y 30
tui_wait_row 28 "): nvcc not found; install the CUDA toolkit or set CUDALAB_NVCC · graded once"
tui_expect_at 2 1 "Could not grade"
tui_expect_at 4 1 "nvcc not found; install the CUDA toolkit or set CUDALAB_NVCC"
# Narrower, the reason is cut in the status line (the report has all of it)
# and the grade counter stays.
tm resize-window -t t -x 80 -y 24
tui_wait_row 22 "… · graded once"
tui_expect_at 22 1 "could not grade ("
tui_expect "nvcc not found; install the CUDA toolkit or set CUDALAB_NVCC"
tui_quit 0 Q
