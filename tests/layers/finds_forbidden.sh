#!/usr/bin/env bash
# include-layers.sh on a small tree with one forbidden pair: a high file
# that reaches a low one only through a header of a middle folder is
# refused and the chain named; a .c file's include does not pass on; the
# tree without that header's include passes.
set -euo pipefail
check="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/grader/low" "$tmp/grader/mid" "$tmp/grader/high" "$tmp/runner"
printf 'grader/high  grader/low  high never reaches low\n' >"$tmp/pairs"
printf '/* none */\n' >"$tmp/grader/low/low.h"
printf '#include "low/low.h"\n' >"$tmp/grader/mid/mid.c"
printf '/* none */\n' >"$tmp/grader/mid/mid.h"
printf '#include "mid/mid.h"\n' >"$tmp/grader/high/high.c"
out="$(bash "$check" --forbidden "$tmp/pairs" "$tmp")" ||
    { echo "FAIL: a tree whose high files reach low only through mid's .c was refused" >&2; exit 1; }
printf '#include "low/low.h"\n' >"$tmp/grader/mid/mid.h"
if err="$(bash "$check" --forbidden "$tmp/pairs" "$tmp" 2>&1)"; then
    echo "FAIL: high -> mid/mid.h -> low/low.h was not found: $err" >&2
    exit 1
fi
want="grader/high/high.c -> grader/mid/mid.h -> grader/low/low.h"
case "$err" in *"high never reaches low"*"$want"*) ;; *) echo "FAIL: '$want' not in: $err" >&2; exit 1 ;; esac
echo "ok: a .c file's include does not pass on, a header's chain is named"
