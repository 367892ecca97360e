#!/bin/sh
# fake-grade.sh - stands in for `cudalab grade DAY FILE --json --progress` in the TUI
# tests (through CUDALAB_GRADE_COMMAND) until the real grader is in this
# branch. It says what it does on stderr as `cudalab grade` does
# ("progress: building", "progress: running"), sleeps a little so a grade
# can be seen running and cancelled,
# records progress in $CUDALAB_WORKSPACE/state.yaml as `cudalab grade` does,
# prints a canned report and exits 1 (not passed) or 0 (passed).
#
# The canned reports (fixtures/) are what the grader says about the course's
# dishonest day-23 kernel (tests/fixtures/day23/ballot_down.cu): a
# mask-honesty hazard at lane 4, source lane 20, mask 0x000fffff. A file that
# contains the word FIXED gets the passing report instead.
#
# Environment: FAKE_GRADE_SLEEP (seconds a step, default 0.4; the file
# FAKE_GRADE_NAP_FILE overrides it when it holds a number), FAKE_GRADE_LOG (a
# file that gets one line a grade: "start DAY" and "end DAY"),
# FAKE_GRADE_FAIL (print this on stderr and exit 2: could not grade).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
log=${FAKE_GRADE_LOG:-/dev/null}
if [ "$#" -ne 5 ] || [ "$1" != grade ] || [ "$4" != --json ] || [ "$5" != --progress ]; then
    echo "cudalab: fake grader: expected 'grade DAY FILE --json --progress', got '$*'" >&2
    exit 2
fi
day=$2 file=$3
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
if grep -q FIXED "$file"; then
    json=day23-fixed.json status=passing-honest rc=0 passed="[compile, correctness, mask-honesty, barrier-honesty, races, memory, resources]" failed="[]"
else
    json=day23-ballot.json status=failing rc=1 passed="[compile, correctness, barrier-honesty, races, memory, resources]" failed="[mask-honesty]"
fi
state="${CUDALAB_WORKSPACE:?}/state.yaml"
cat >"$state.tmp" <<YAML
version: 1
days:
  $day:
    status: $status
    last_graded: $(date +%s)
    backend: emulator
    passed: $passed
    failed: $failed
YAML
mv "$state.tmp" "$state"
cat "$here/fixtures/$json"
echo "end $day" >>"$log"
exit "$rc"
