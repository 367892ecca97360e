#!/usr/bin/env bash
# Watch mode that polls (issue 32): with CUDALAB_POLL=1 (`cudalab --poll`)
# the title says "(polling)" and a save is found by the file's stamp alone
# (inotify's events are read and ignored), a grade each save. (The switch to polling when inotify is
# silent is test_ui_watch's test_silent_inotify_falls_back_to_polling: no
# file system here drops inotify's events.)
. "$(dirname "$0")/lib.sh"
tui_student_is_ballot_down
file="$WORK/day23-shuffles/shuffles.cu"
tui_start 100 30 FAKE_GRADE_SLEEP=0.1 CUDALAB_POLL=1
tui_keys j Enter
tui_wait "Day 23 · Warp shuffles"
tui_keys w
tui_wait_row 0 "watch on (polling)"
tui_wait "· graded once"
echo "// a save" >>"$file"
tui_wait "· graded 2 times"
echo "// and another, longer than the first" >>"$file"
tui_wait "· graded 3 times"
tui_quit 0 q q
