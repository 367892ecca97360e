#!/usr/bin/env bash
# A terminal the runner cannot drive: TERM=dumb (it cannot place the
# cursor), a TERM the terminal database does not know, and TERM unset.
# cudalab finds out from terminfo before ncurses starts, says why on stderr,
# points at the commands that do the same work, exits 2 (could not run,
# docs/runner.md) and leaves the terminal and the screen as they were.
. "$(dirname "$0")/lib.sh"
check_refused() {
    local term=$1 why=$2
    tui_restart
    if [ "$term" = unset ]; then tui_start 100 30 "TERM=; unset TERM"; else tui_start 100 30 "TERM=$term"; fi
    tui_wait "after-cudalab"
    [ "$(cat "$TUI_TMP/rc")" = 2 ] || tui_fail "TERM=$term: exit $(cat "$TUI_TMP/rc"), wanted 2"
    local err
    err=$(cat "$TUI_TMP/stderr")
    grep -qF "cudalab: the runner draws a full screen and this terminal (TERM=$term) $why" \
        <<<"$err" || tui_fail "TERM=$term: stderr: $err"
    grep -qF "cudalab list " <<<"$err" || tui_fail "TERM=$term: no pointer to cudalab list: $err"
    grep -qF "cudalab grade DAY [FILE]" <<<"$err" || tui_fail "TERM=$term: no pointer to grade: $err"
    [ "$(tui_screen | grep -c .)" = 1 ] || tui_fail "TERM=$term: cudalab drew on the screen"
    [ "$(tm display -p -t t '#{alternate_on}')" = 0 ] || tui_fail "TERM=$term: alternate screen"
    grep -q -- ' icanon' "$TUI_TMP/stty" || tui_fail "TERM=$term: the terminal lost icanon"
    grep -q -- ' echo ' "$TUI_TMP/stty" || tui_fail "TERM=$term: the terminal lost echo"
}
check_refused dumb "cannot place the cursor"
check_refused no-such-terminal "is not in the terminal database"
check_refused unset "is not in the terminal database"
# The same binary still runs on a terminal that can.
tui_restart
tui_start 100 30
tui_wait "days shown"
tui_quit 0 q
