#!/bin/sh
# fake-grade.sh - stands in for `cudalab grade DAY FILE --json --progress`
# (through CUDALAB_GRADE_COMMAND) in the few TUI tests that need to control
# how long a grade takes or how it ends: cancelling a grade while it runs, a
# save during a grade, a grader that exits 2. Every other TUI test grades
# with the real `cudalab grade` on the real course (lib.sh: tui_start_real).
#
# It says what it does on stderr as `cudalab grade --progress` does
# ("progress: building", "progress: running"), sleeps a little so a grade
# can be seen running and cancelled, records progress in
# $CUDALAB_WORKSPACE/state.yaml as `cudalab grade` does, prints a canned
# report and exits 1 (not passed).
#
# The canned report (fixtures/day23-ballot.json, in the grader's JSON) has
# one mask-honesty hazard at lane 4, source lane 20, mask 0x000fffff; the
# tests that use it look at timing, not at the report.
#
# Environment: FAKE_GRADE_REPORT (another report to print instead),
# FAKE_GRADE_SLEEP (seconds a step, default 0.4; the file
# FAKE_GRADE_NAP_FILE overrides it when it holds a number), FAKE_GRADE_LOG (a
# file that gets one line a grade: "start DAY" and "end DAY"),
# FAKE_GRADE_FAIL (print this on stderr and exit 2: could not grade),
# FAKE_GRADE_PASS (a passing grade: fixtures/day23-fixed.json, the day
# recorded passing and honest, exit 0).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
log=${FAKE_GRADE_LOG:-/dev/null}
if [ "$#" -ne 5 ] || [ "$1" != grade ] || [ "$4" != --json ] || [ "$5" != --progress ]; then
    echo "cudalab: fake grader: expected 'grade DAY FILE --json --progress', got '$*'" >&2
    exit 2
fi
day=$2
[ -f "$3" ] || { echo "cudalab: $3: no such file (or it cannot be read)" >&2; exit 2; }
echo "start $day" >>"$log"
nap=${FAKE_GRADE_SLEEP:-0.4}
if [ -n "${FAKE_GRADE_NAP_FILE:-}" ] && [ -s "$FAKE_GRADE_NAP_FILE" ]; then
    nap=$(cat "$FAKE_GRADE_NAP_FILE")
fi
echo "progress: building" >&2
sleep "$nap"
if [ -n "${FAKE_GRADE_FAIL:-}" ]; then
    echo "cudalab: $FAKE_GRADE_FAIL" >&2
    echo "end $day" >>"$log"
    exit 2
fi
echo "progress: running" >&2
sleep "$nap"
state="${CUDALAB_WORKSPACE:?}/state.yaml"
status=failing failed="[mask-honesty]" report="$here/fixtures/day23-ballot.json" rc=1
if [ -n "${FAKE_GRADE_PASS:-}" ]; then
    status=passing-honest failed="[]" report="$here/fixtures/day23-fixed.json" rc=0
fi
cat >"$state.tmp" <<YAML
version: 1
days:
  $day:
    status: $status
    last_graded: $(date +%s)
    backend: emulator
    passed: [compile, correctness, barrier-honesty, races, memory, resources]
    failed: $failed
YAML
mv "$state.tmp" "$state"
cat "${FAKE_GRADE_REPORT:-$report}"
echo "end $day" >>"$log"
exit $rc
