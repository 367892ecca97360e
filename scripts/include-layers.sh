#!/usr/bin/env bash
# The folder-level include graph of grader/ and runner/, and its cycles.
#
# Every `#include "..."` of a .c, .h or .def file is resolved as the compiler
# resolves it: beside the including file, then under grader/ (the grader
# library's include folder), then under runner/. An edge A -> B says that a
# file of folder A includes a file of folder B. A cycle between folders is a
# defect (docs/architecture.md, "Layers"); the CTest test `include_layers`
# runs this script.
#
#   scripts/include-layers.sh [ROOT]          exit 1 and name the cycle, if any;
#                                             else print the folders, lowest first
#   scripts/include-layers.sh --graph [ROOT]  every edge, with one include that makes it
set -euo pipefail
graph=0
if [ "${1:-}" = "--graph" ]; then graph=1; shift; fi
root="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
cd "$root"

# "FROM TO FILE TARGET" for every include between two folders.
edges() {
    local f dir inc hit base
    while IFS= read -r f; do
        dir="${f%/*}"
        while IFS= read -r inc; do
            hit=""
            for base in "$dir" grader runner; do
                if [ -f "$base/$inc" ]; then hit="$base/$inc"; break; fi
            done
            [ -n "$hit" ] || continue            # a system or generated header
            hit="$(realpath -m --relative-to=. "$hit")"
            [ "${hit%/*}" = "$dir" ] || printf '%s %s %s %s\n' "$dir" "${hit%/*}" "$f" "$hit"
        done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
    done < <(find grader runner -type f \( -name '*.c' -o -name '*.h' -o -name '*.def' \) | sort)
}

all="$(edges | sort -k1,2 -u)"
if [ "$graph" = 1 ]; then
    awk '{printf "%s -> %s    (%s includes %s)\n", $1, $2, $3, $4}' <<<"$all"
    exit 0
fi
# tsort orders the folders so that each comes after those it includes, and
# fails, naming the folders of one loop, when there is a cycle.
if ! order="$(awk '{print $2, $1}' <<<"$all" | tsort 2>&1)"; then
    echo "include-layers: a cycle of includes between folders:" >&2
    loop="$(sed -n 's/^tsort: \([^:]*\)$/\1/p' <<<"$order" | grep -v '^-' || true)"
    for a in $loop; do
        for b in $loop; do
            awk -v a="$a" -v b="$b" '$1 == a && $2 == b {printf "  %s -> %s: %s includes %s\n", $1, $2, $3, $4}' <<<"$all" >&2
        done
    done
    exit 1
fi
echo "$(wc -l <<<"$all") edges between folders, no cycle; lowest first:"
grep -v ' ' <<<"$order" | tr '\n' ' '
echo
