# lib.sh - drive the real cudalab binary in tmux and check what it draws.
# Sourced by every tests/tui/test_*.sh:
#
#   . "$(dirname "$0")/lib.sh"
#   tui_start 100 30            # a course in a temp folder, cudalab in tmux
#   tui_keys j Enter            # tmux send-keys
#   tui_wait "text"             # poll the screen until text shows (10 s)
#   tui_expect_at 0 1 "Day 23"  # text at row 0, column 1 (0-based)
#   tui_quit q q                # keys that should end it; checks exit 0 and
#                               # that the terminal came back clean
#
# Each test has its own tmux server (-L), temp course and workspace, and kills
# them on every way out. Environment: CUDALAB_BINARY (the cudalab to test);
# TUI_REAL_GRADER=1 grades with `cudalab grade` instead of fake-grade.sh.
set -eu
export LC_ALL=C.UTF-8 # ${line:col:n} counts characters, as the terminal does

: "${CUDALAB_BINARY:?CUDALAB_BINARY must name the cudalab binary}"
TUI_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TUI_NAME=$(basename "$0" .sh)
TUI_TMP=$(mktemp -d "${TMPDIR:-/tmp}/cudalab-$TUI_NAME.XXXXXX")
TUI_SOCK="cudalab-$TUI_NAME-$$"
TUI_TIMEOUT=${TUI_TIMEOUT:-10}
COURSE="$TUI_TMP/course"
WORK="$TUI_TMP/work"
GRADE_LOG="$TUI_TMP/grades.log"
cp -r "$TUI_HERE/course" "$COURSE"
mkdir -p "$WORK"
: >"$GRADE_LOG"

tm() { tmux -L "$TUI_SOCK" "$@"; }

tui_cleanup() {
    tm kill-server >/dev/null 2>&1 || true
    rm -rf "$TUI_TMP"
}
trap tui_cleanup EXIT
trap 'exit 1' INT TERM

tui_screen() { tm capture-pane -p -t t; }

tui_fail() {
    echo "FAIL ($TUI_NAME): $*" >&2
    echo "---- the screen ----" >&2
    tui_screen >&2 || true
    echo "---- cudalab's stderr ----" >&2
    cat "$TUI_TMP/stderr" >&2 2>/dev/null || true
    exit 1
}

# tui_start COLS ROWS [VAR=value ...]: the course, then cudalab in a tmux pane.
# After cudalab exits, the pane records its exit status and the terminal's
# modes, says "after-cudalab" and waits.
tui_start() {
    local cols=$1 rows=$2
    shift 2
    {
        echo "export CUDALAB_COURSE='$COURSE' CUDALAB_WORKSPACE='$WORK'"
        if [ -z "${TUI_REAL_GRADER:-}" ]; then # the fake grader, until the real one is here
            echo "export CUDALAB_GRADE_COMMAND='$TUI_HERE/fake-grade.sh' FAKE_GRADE_LOG='$GRADE_LOG'"
            echo "export FAKE_GRADE_NAP_FILE='$TUI_TMP/nap'"
        fi
        echo "export LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen-256color"
        echo "export ASAN_OPTIONS='${ASAN_OPTIONS:-detect_leaks=1}'"
        echo "unset NO_COLOR EDITOR VISUAL"
        for kv in "$@"; do echo "export $kv"; done
        echo "trap : INT TERM # outlive a Ctrl-C meant for cudalab, to report on it"
        echo "'$CUDALAB_BINARY' 2>'$TUI_TMP/stderr'"
        echo "echo \$? >'$TUI_TMP/rc'"
        echo "stty -a >'$TUI_TMP/stty'"
        echo "echo after-cudalab"
        echo "exec sleep 600"
    } >"$TUI_TMP/run.sh"
    tm -f /dev/null new-session -d -x "$cols" -y "$rows" -s t "sh '$TUI_TMP/run.sh'"
    tui_wait "cudalab"
}

tui_keys() { tm send-keys -t t "$@"; }

# tui_wait TEXT [SECONDS]: until the screen shows TEXT.
tui_wait() {
    local deadline=$((SECONDS + ${2:-$TUI_TIMEOUT}))
    while [ "$SECONDS" -le "$deadline" ]; do
        tui_screen | grep -qF -- "$1" && return 0
        sleep 0.1
    done
    tui_fail "waited ${2:-$TUI_TIMEOUT} s for: $1"
}

# tui_wait_row ROW TEXT: until row ROW holds TEXT.
tui_wait_row() {
    local deadline=$((SECONDS + TUI_TIMEOUT))
    while [ "$SECONDS" -le "$deadline" ]; do
        tui_row "$1" | grep -qF -- "$2" && return 0
        sleep 0.1
    done
    tui_fail "waited $TUI_TIMEOUT s for row $1 to hold: $2"
}

# tui_wait_gone TEXT: until the screen no longer shows TEXT.
tui_wait_gone() {
    local deadline=$((SECONDS + TUI_TIMEOUT))
    while [ "$SECONDS" -le "$deadline" ]; do
        tui_screen | grep -qF -- "$1" || return 0
        sleep 0.1
    done
    tui_fail "waited $TUI_TIMEOUT s for this to go: $1"
}

# tui_row N: row N (0-based) of the screen.
tui_row() { tui_screen | sed -n "$(($1 + 1))p"; }

# tui_expect_at ROW COL TEXT: TEXT starts at that row and column.
tui_expect_at() {
    local line
    line=$(tui_row "$1")
    [ "${line:$2:${#3}}" = "$3" ] ||
        tui_fail "row $1, column $2: wanted '$3', found '${line:$2:${#3}}' in '$line'"
}

# tui_expect_row ROW TEXT: the row holds TEXT somewhere.
tui_expect_row() {
    tui_row "$1" | grep -qF -- "$2" || tui_fail "row $1: wanted '$2' in '$(tui_row "$1")'"
}

tui_expect() { tui_screen | grep -qF -- "$1" || tui_fail "wanted on the screen: $1"; }
tui_expect_not() { ! tui_screen | grep -qF -- "$1" || tui_fail "not wanted on the screen: $1"; }

# tui_row_of TEXT: the first row that holds TEXT (0-based).
tui_row_of() { tui_screen | grep -nF -- "$1" | head -1 | cut -d: -f1 | awk '{print $1 - 1}'; }

# tui_quit [EXPECTED_STATUS] KEYS...: send keys that end cudalab; check its exit
# status, that nothing (no sanitizer) wrote to stderr, and that the terminal is
# back in its normal screen with its normal modes.
tui_quit() {
    local want=$1
    shift
    [ "$#" -eq 0 ] || tui_keys "$@"
    tui_exited "$want"
}

tui_exited() {
    local want=$1 deadline=$((SECONDS + TUI_TIMEOUT))
    while [ ! -s "$TUI_TMP/rc" ] && [ "$SECONDS" -le "$deadline" ]; do sleep 0.1; done
    [ -s "$TUI_TMP/rc" ] || tui_fail "cudalab did not exit"
    local rc
    rc=$(cat "$TUI_TMP/rc")
    [ "$rc" = "$want" ] || tui_fail "cudalab exited with $rc, wanted $want"
    if [ -s "$TUI_TMP/stderr" ]; then tui_fail "cudalab wrote to stderr"; fi
    tui_wait "after-cudalab"
    [ "$(tm display -p -t t '#{alternate_on}')" = 0 ] || tui_fail "still in the alternate screen"
    grep -q -- ' icanon' "$TUI_TMP/stty" || tui_fail "the terminal was left without icanon"
    grep -q -- ' echo ' "$TUI_TMP/stty" || tui_fail "the terminal was left without echo"
}

# The student's file for day 23, as the dishonest fixture kernel.
tui_student_is_ballot_down() {
    mkdir -p "$WORK/day23-shuffles"
    cp "$TUI_HERE/../fixtures/day23/ballot_down.cu" "$WORK/day23-shuffles/shuffles.cu"
}

# tui_grades start|end: how many grades started, or ran to their end.
tui_grades() { grep -c "^$1 " "$GRADE_LOG" || true; }

# tui_grade_takes SECONDS: each of the fake grader's two steps, from now on.
tui_grade_takes() { echo "$1" >"$TUI_TMP/nap"; }
