#!/usr/bin/env bash
# The emulator's rate per kernel and day for several builds of bench_course,
# measured together: for each day, each build grades it once a round (its
# own cache, warmed first), the builds' order rotated from round to round,
# all on one pinned core; each kernel's best and median over the rounds.
# Per day and interleaved, so that a core whose speed drifts over minutes
# (a shared host) moves every build alike.
#   bench/compare_rate.sh [-r ROUNDS] [-c CORE] [-d "DAY..."] [-o OUT_DIR] BENCH_COURSE...
# A build is a path to bench_course; it is named by its folder in the table.
set -euo pipefail
rounds=8 core=0 out="" days=""
while getopts "r:c:d:o:" o; do
    case $o in r) rounds=$OPTARG ;; c) core=$OPTARG ;; d) days=$OPTARG ;; o) out=$OPTARG ;;
    *) echo "usage: bench/compare_rate.sh [-r ROUNDS] [-c CORE] [-d \"DAY...\"] [-o OUT_DIR] BENCH_COURSE..." >&2; exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: bench/compare_rate.sh [-r ROUNDS] [-c CORE] [-d \"DAY...\"] [-o OUT_DIR] BENCH_COURSE..." >&2; exit 2; }
out="${out:-$(mktemp -d /tmp/cudalab-rate-XXXXXX)}"
mkdir -p "$out"
bins=("$@") names=()
for b in "${bins[@]}"; do
    [ -x "$b" ] || { echo "compare_rate: $b is not an executable bench_course" >&2; exit 2; }
    n="$(basename "$(dirname "$(realpath "$b")")")"
    names+=("$n")
    : >"$out/$n.txt"
    mkdir -p "$out/cache-$n"
    CUDALAB_CACHE="$out/cache-$n" taskset -c "$core" "$b" --backend emu --threads 1 >"$out/warm-$n.txt" 2>&1 || true
done
[ "$(printf '%s\n' "${names[@]}" | sort -u | wc -l)" -eq ${#names[@]} ] ||
    { echo "compare_rate: give each build in a folder of its own name" >&2; exit 2; }
[ -n "$days" ] || days="$(awk '/^emulator speed/{s=1} s && /all kernels/{print $1}' "$out/warm-${names[0]}.txt" | sort -un)"
[ -n "$days" ] || { echo "compare_rate: ${bins[0]} graded no day (see $out/warm-${names[0]}.txt)" >&2; exit 1; }
k=${#bins[@]}
for d in $days; do
    for r in $(seq 1 "$rounds"); do
        for i in $(seq 0 $((k - 1))); do
            j=$(((i + r) % k))
            CUDALAB_CACHE="$out/cache-${names[$j]}" taskset -c "$core" "${bins[$j]}" --backend emu --threads 1 --day "$d" 2>&1 |
                sed -n '/^emulator speed/,$p' >>"$out/${names[$j]}.txt"
        done
    done
done
python3 - "$out" "${names[@]}" <<'PY'
import collections, re, statistics, sys
out, names = sys.argv[1], sys.argv[2:]
rates = collections.defaultdict(lambda: collections.defaultdict(list))
for n in names:
    for line in open(f"{out}/{n}.txt"):
        m = re.match(r"(\d+)\s+(.+?)\s+(?:\d+\s+)?\d+\s+[\d.]+\s+([\d.]+e[+-]\d+)$", line.strip())
        if m: rates[(int(m.group(1)), m.group(2))][n].append(float(m.group(3)))
print("lane instructions a CPU second, one host thread: best (median) of each build's rounds")
print(f"{'day':4}{'kernel':24}" + "".join(f"{n:>22}" for n in names))
for key in sorted(rates):
    r = rates[key]
    print(f"{key[0]:<4}{key[1]:24}" + "".join(
        f"{max(r[n]):>11.3g} ({statistics.median(r[n]):.3g})" if r[n] else f"{'-':>22}" for n in names))
PY
echo "raw: $out"
