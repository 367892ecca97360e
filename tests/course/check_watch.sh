#!/usr/bin/env bash
# check-course --watch (issue 33): it checks the day, says it is watching,
# and checks it again when a file of the day changes: here day.yaml's title
# gets the scaffold's "TODO", and the second check fails on it.
#   tests/course/check_watch.sh CUDALAB COURSE CACHE
set -eu
bin=$1 course=$2 cache=$3
top=$(mktemp -d "${TMPDIR:-/tmp}/cudalab-check-watch.XXXXXX")
pid=
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null || true; rm -rf "$top"' EXIT
mkdir -p "$top/course/days" "$top/course/templates" "$top/course/solutions" "$top/course/docs"
cp -r "$course/days/day14-syncthreads" "$top/course/days/"
rm -rf "$top/course/days/day14-syncthreads/fixtures" # the day alone: quicker
cp -r "$course/templates/day14-syncthreads" "$top/course/templates/"
cp -r "$course/solutions/day14-syncthreads" "$top/course/solutions/"
cp "$course/docs/glossary.md" "$top/course/docs/"
CUDALAB_COURSE="$top/course" CUDALAB_WORKSPACE="$top/ws" CUDALAB_CACHE="$cache" NO_COLOR=1 \
    "$bin" check-course --watch 14 >"$top/out" 2>&1 &
pid=$!
wait_for() { # TEXT SECONDS
    local i
    for i in $(seq $(($2 * 10))); do
        grep -qF -- "$1" "$top/out" && return 0
        kill -0 "$pid" 2>/dev/null || { cat "$top/out"; echo "FAIL: check-course --watch exited" >&2; exit 1; }
        sleep 0.1
    done
    cat "$top/out"
    echo "FAIL: no '$1' in check-course --watch's output" >&2
    exit 1
}
wait_for "watching days/day14-syncthreads" 600
grep -q "1 day checked: every check passed" "$top/out" || { cat "$top/out"; echo "FAIL: the first check" >&2; exit 1; }
sed -i 's/^title: .*/title: "TODO: the title"/' "$top/course/days/day14-syncthreads/day.yaml"
wait_for "check 2 ----" 30
wait_for "\"TODO\" left in day.yaml's title" 600
wait_for "1 day checked: some checks failed" 600
echo "check-course --watch checked the day again after a save"
