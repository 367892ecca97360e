#!/usr/bin/env bash
# The include graph of grader/ and runner/: its cycles, and the reaches the
# layers forbid.
#
# Every `#include "..."` of a .c, .h or .def file is resolved as the compiler
# resolves it: beside the including file, then under grader/ (the grader
# library's include folder), then under runner/. An edge A -> B says that a
# file of folder A includes a file of folder B. Two checks, both defects
# (docs/architecture.md, "Layers"); the CTest tests `include_layers`,
# `include_layers_finds_cycle` and `include_layers_finds_forbidden` run them:
#
#   - a cycle between folders;
#   - a forbidden pair below: a file of folder FROM that reaches a file of
#     folder TO through includes, directly or through any chain of other
#     files (a header that includes a header...). A .c file is reached by
#     nothing, so what one folder's .c files include does not pass on.
#
#   scripts/include-layers.sh [ROOT]          exit 1 and name the cycle or the
#                                             forbidden chain, if any; else print
#                                             the folders, lowest first
#   scripts/include-layers.sh --graph [ROOT]  every edge, with one include that makes it
#   scripts/include-layers.sh --forbidden FILE [ROOT]   the pairs from FILE instead
set -euo pipefail
graph=0 pairs_file=""
while [ $# -gt 0 ]; do
    case "$1" in
    --graph) graph=1; shift ;;
    --forbidden) pairs_file="$2"; shift 2 ;;
    *) break ;;
    esac
done
root="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
cd "$root"

# FROM TO (a folder, or a glob of folders), then why. The layers of
# docs/architecture.md, as the reaches that would break them.
forbidden='
grader/core     grader/*        core is the leaf: it includes nothing of cudalab, and the vocabularies every side reads live there
grader/core     runner          core is the leaf
grader/ptx      grader/build    the PTX parser takes a plain name from core/demangle.h
grader/ptx      grader/sim      the parser knows no machine
grader/sim      grader/build    the emulator reaches no build (the demangler is core/)
grader/sim      grader/days     the emulator knows no course: it reports hazard families
grader/sim      grader/report   the emulator reports families, never a check name or a record of the report
grader/sim      grader/backend  the emulator is behind the backend, not above it
grader/report   grader/sim      the report prints hazards (core/hazard_kinds.h); it never reaches the emulator
grader/report   grader/ptx      the report never reaches the PTX
grader/report   grader/backend  backends hand the report their records, not the other way
grader/gpu      grader/sim      the GPU backend never reaches the emulator
grader/gpu      grader/ptx      the GPU backend hands the driver PTX text
grader/backend  grader/harness  a backend runs launches; the harness drives it
grader/harness  grader/grade    the harness runs and judges; the grade decides
grader/*        runner          the library never reaches the executable
'
[ -z "$pairs_file" ] || forbidden="$(cat "$pairs_file")"

# "FROM_DIR TO_DIR FILE TARGET" for every include of grader/ and runner/.
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
            printf '%s %s %s %s\n' "$dir" "${hit%/*}" "$f" "$hit"
        done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
    done < <(find grader runner -type f \( -name '*.c' -o -name '*.h' -o -name '*.def' \) | sort)
}

files="$(edges)"
all="$(awk '$1 != $2' <<<"$files" | sort -k1,2 -u)"
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
# Each forbidden pair: a search from every file of FROM along the file-level
# includes; the first file of TO reached fails, with the chain that reaches it.
bad="$(awk -v pairs="$forbidden" '
    function glob(p) { gsub(/\*/, "[^/]*", p); return "^" p "$" }
    { inc[$3] = inc[$3] " " $4; dir[$3] = $1; dir[$4] = $2; file[$3] = 1; file[$4] = 1 }
    END {
        n = split(pairs, line, "\n")
        for (i = 1; i <= n; i++) {
            if (split(line[i], w, " ") < 2) continue
            from = glob(w[1]); to = glob(w[2]); why = line[i]
            sub(/^[ \t]*[^ \t]+[ \t]+[^ \t]+[ \t]*/, "", why)
            for (f in file) {
                if (dir[f] !~ from) continue
                delete seen; delete via; q = 1; queue[1] = f; seen[f] = 1
                for (h = 1; h <= q; h++) {
                    g = queue[h]
                    if (dir[g] != dir[f] && dir[g] ~ to) {
                        chain = g
                        for (x = g; x != f; x = via[x]) chain = via[x] " -> " chain
                        printf "  %s must not reach %s (%s):\n    %s\n", dir[f], dir[g], why, chain
                        found = 1
                        break
                    }
                    m = split(inc[g], next_, " ")
                    for (j = 1; j <= m; j++)
                        if (!(next_[j] in seen)) { seen[next_[j]] = 1; via[next_[j]] = g; queue[++q] = next_[j] }
                }
                if (found) break
            }
            found = 0
        }
    }' <<<"$files")"
if [ -n "$bad" ]; then
    echo "include-layers: includes the layers forbid:" >&2
    echo "$bad" >&2
    exit 1
fi
echo "$(wc -l <<<"$all") edges between folders, no cycle, no forbidden reach ($(grep -c '[^ ]' <<<"$forbidden") pairs checked); lowest first:"
grep -v ' ' <<<"$order" | tr '\n' ' '
echo
