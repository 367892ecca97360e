#!/usr/bin/env bash
# include-layers.sh on two small trees: folders that include each other
# (through a header of the other folder and a plain include beside the
# file) fail and are named; the same tree without the back edge passes.
set -euo pipefail
check="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/grader/low" "$tmp/grader/high" "$tmp/runner"
printf '#include "core.h"\n' >"$tmp/grader/low/low.h"
printf '/* none */\n' >"$tmp/grader/low/core.h"
printf '#include "low/low.h"\n#include <stdio.h>\n' >"$tmp/grader/high/high.h"
printf '#include "high/high.h"\n' >"$tmp/runner/main.c"
out="$(bash "$check" "$tmp")" || { echo "FAIL: an acyclic tree was refused" >&2; exit 1; }
case "$out" in *"grader/low grader/high runner"*) ;; *) echo "FAIL: order: $out" >&2; exit 1 ;; esac
printf '  #  include "high/high.h"\n' >"$tmp/grader/low/low.c"
if err="$(bash "$check" "$tmp" 2>&1)"; then
    echo "FAIL: the cycle low <-> high was not found" >&2
    exit 1
fi
for want in "grader/high -> grader/low: grader/high/high.h includes grader/low/low.h" \
            "grader/low -> grader/high: grader/low/low.c includes grader/high/high.h"; do
    case "$err" in *"$want"*) ;; *) echo "FAIL: '$want' not in: $err" >&2; exit 1 ;; esac
done
echo "ok: an acyclic tree passes, the cycle is named"
