# lib.sh - drive the real cudalab binary in tmux and check what it draws.
# Sourced by every tests/tui/test_*.sh:
#
#   . "$(dirname "$0")/lib.sh"
#   tui_real                    # grade for real, on the real course (else the
#                               # small course in course/ and fake-grade.sh)
#   tui_start 100 30            # cudalab in tmux
#   tui_keys j Enter            # tmux send-keys
#   tui_wait "text"             # poll the screen until text shows (10 s)
#   tui_wait_grade "· graded once"  # the same, as long as a real grade may take
#   tui_expect_at 0 1 "Day 23"  # text at row 0, column 1 (0-based)
#   tui_quit q q                # keys that should end it; checks exit 0 and
#                               # that the terminal came back clean
#
# Each test has its own tmux server (-L), workspace and build cache in a temp
# folder, and kills them on every way out; nothing is written to the
# checkout. Environment: CUDALAB_BINARY (the cudalab to test);
# TUI_GRADE_TIMEOUT (seconds a real grade may take; 120 by default, for
# ASan builds on two busy cores).
set -eu
export LC_ALL=C.UTF-8 # ${line:col:n} counts characters, as the terminal does

: "${CUDALAB_BINARY:?CUDALAB_BINARY must name the cudalab binary}"
TUI_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TUI_ROOT=$(cd "$TUI_HERE/../.." && pwd) # the repository: the real course
TUI_NAME=$(basename "$0" .sh)
TUI_TMP=$(mktemp -d "${TMPDIR:-/tmp}/cudalab-$TUI_NAME.XXXXXX")
TUI_SOCK="cudalab-$TUI_NAME-$$"
TUI_TIMEOUT=${TUI_TIMEOUT:-10}
TUI_GRADE_TIMEOUT=${TUI_GRADE_TIMEOUT:-120}
TUI_REAL=
COURSE="$TUI_TMP/course"
WORK="$TUI_TMP/work"
GRADE_LOG="$TUI_TMP/grades.log"
cp -r "$TUI_HERE/course" "$COURSE"
mkdir -p "$WORK"
: >"$GRADE_LOG"

# tui_real: grade with the real `cudalab grade` (nvcc, the emulator) on the
# real course at the repository root, still with this test's own workspace
# and build cache. Call it before tui_start.
tui_real() {
    TUI_REAL=1
    COURSE=$TUI_ROOT
}

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
        echo "export CUDALAB_CACHE='$TUI_TMP/cache'"
        if [ -z "$TUI_REAL" ]; then
            echo "export CUDALAB_GRADE_COMMAND='$TUI_HERE/fake-grade.sh' FAKE_GRADE_LOG='$GRADE_LOG'"
            echo "export FAKE_GRADE_NAP_FILE='$TUI_TMP/nap'"
        else
            echo "unset CUDALAB_GRADE_COMMAND"
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

# tui_restart: end this test's tmux server and wait until its process is
# gone, so the next tui_start starts a new one. A client that connects to a
# server still shutting down gets "server exited unexpectedly".
tui_restart() {
    local pid
    pid=$(tm display -p -t t '#{pid}' 2>/dev/null) || pid=
    tm kill-server >/dev/null 2>&1 || true
    if [ -n "$pid" ]; then
        local i
        for i in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
        ! kill -0 "$pid" 2>/dev/null || tui_fail "the old tmux server ($pid) did not exit"
    fi
    rm -f "$TUI_TMP/rc" "$TUI_TMP/stderr"
}

# tui_wait TEXT [SECONDS]: until the screen shows TEXT.
tui_wait() {
    local deadline=$((SECONDS + ${2:-$TUI_TIMEOUT}))
    while [ "$SECONDS" -le "$deadline" ]; do
        tui_screen | grep -qF -- "$1" && return 0
        sleep 0.1
    done
    tui_fail "waited ${2:-$TUI_TIMEOUT} s for: $1"
}

# tui_wait_grade TEXT: until the screen shows TEXT, for as long as a real
# grade may take (polled every 0.2 s, so a passing test stays fast).
tui_wait_grade() {
    local deadline=$((SECONDS + TUI_GRADE_TIMEOUT))
    while [ "$SECONDS" -le "$deadline" ]; do
        tui_screen | grep -qF -- "$1" && return 0
        sleep 0.2
    done
    tui_fail "waited $TUI_GRADE_TIMEOUT s (a grade's time) for: $1"
}

# tui_find TEXT [KEY]: press KEY (PageDown) until the screen shows TEXT.
tui_find() {
    local i
    for i in $(seq 40); do
        tui_screen | grep -qF -- "$1" && return 0
        tui_keys "${2:-NPage}"
        sleep 0.1
    done
    tui_fail "scrolled 40 times and did not find: $1"
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

# tui_open TITLE: move the list's cursor (▸, or > without UTF-8) down to the
# day whose title holds TITLE, and open it: wherever the day stands in the
# course, however many days come before it.
tui_open() {
    local r line i
    r=$(tui_row_of "$1")
    [ -n "$r" ] || tui_fail "no day '$1' in the list"
    for i in $(seq 100); do
        line=$(tui_row "$r")
        case "$line" in "▸"* | ">"*) break ;; esac
        tui_keys j
        sleep 0.05
    done
    tui_keys Enter
}

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

# tui_student_file TEXT: the student's day-23 file in the workspace.
tui_student_file() {
    mkdir -p "$WORK/day23-shuffles"
    printf '%s\n' "$1" >"$WORK/day23-shuffles/shuffles.cu"
}

# The student's file for day 23, as the course's dishonest kernel alone
# (tests/fixtures/day23/ballot_down.cu) or with the three honest kernels of
# the reference (ballot_down_full.cu, which names the kernel's lines
# ballot_down.cu with #line), copied: a submission cannot #include another file.
tui_student_is_ballot_down() {
    tui_student_file "$(cat "$TUI_ROOT/tests/fixtures/day23/ballot_down.cu")"
}
tui_student_is_ballot_down_full() {
    tui_student_file "$(cat "$TUI_ROOT/tests/fixtures/day23/ballot_down_full.cu")"
}

# tui_grades start|end: how many grades started, or ran to their end (the
# fake grader's log).
tui_grades() { grep -c "^$1 " "$GRADE_LOG" || true; }

# tui_grade_takes SECONDS: each of the fake grader's two steps, from now on.
tui_grade_takes() { echo "$1" >"$TUI_TMP/nap"; }
