#!/usr/bin/env bash
# Reports are text, not terminal commands: a report whose strings carry raw
# ESC sequences (a fake green PASSED, a clear-screen) and bytes that are not
# UTF-8 - in the file's name, a #warning, a hazard's message, device printf -
# shows them as visible escapes (\e, U+FFFD) and the terminal obeys none of
# them. So does a grader's reason for not grading, in the status line.
#
# The report comes from the fake grader (fake-grade.sh): the JSON decodes
# \u001b to a raw ESC, which is what a grader that forgot to sanitise would
# hand the runner.
. "$(dirname "$0")/lib.sh"
report="$TUI_TMP/hostile.json"
esc='\\u001b'
sed -e "0,/\"file\":\t\"shuffles.cu\"/s//\"file\":\t\"evil${esc}[32m.cu\"/" \
    -e "s/\"message\":\t\"lane 4 reads lane 20/\"message\":\t\"${esc}[2J${esc}[1;32mALL PASSED${esc}[0m lane 4/" \
    -e "s/\"diagnostics\":\t\[\]/\"diagnostics\": [{\"file\": \"evil${esc}[32m.cu\", \"line\": 1, \"column\": 2, \"severity\": \"warning\", \"message\": \"#warning ${esc}[32mPASSED${esc}[0m\"}], \"printf\": \"${esc}[32mPRINTED PASS\\\\n\xff\xfe bytes\\\\n\"/" \
    "$TUI_HERE/fixtures/day23-ballot.json" >"$report"
grep -q 'PRINTED PASS' "$report" || tui_fail "the hostile fixture was not made"
tui_start 100 40 "FAKE_GRADE_REPORT='$report'"
tui_wait "days shown"
tui_keys j Enter
tui_wait "Day 23 · Warp shuffles"
tui_keys g
tui_wait "done in"
tui_expect "evil\\e[32m.cu"
tui_expect "#warning \\e[32mPASSED\\e[0m"
tui_find "\\e[2J\\e[1;32mALL PASSED\\e[0m lane 4"
tui_find "\\e[32mPRINTED PASS"
tui_find "�� bytes" Down
# Nothing the report held reached the terminal as a command: no green, no
# clear; tmux saw only the runner's own attributes.
tm capture-pane -p -e -t t >"$TUI_TMP/escapes"
if grep -aqF $'\e[2J' "$TUI_TMP/escapes"; then tui_fail "a clear-screen reached the terminal"; fi
grep -aqF 'PRINTED PASS' "$TUI_TMP/escapes" || tui_fail "printf line not on screen"
tui_quit 0 q q
