#!/usr/bin/env bash
# Builds cudalab under the four CMake build types with gcc and with clang,
# warnings as errors (-DCUDALAB_WERROR=ON, Release included), and says how
# long each took. CI runs it (.ci/run); docs/architecture.md ("Compilers,
# build types and warnings") says why it builds what it builds.
#
#   scripts/build-matrix.sh [--compilers "gcc clang-14"] [--types "Debug ..."] [--jobs N]
#
# Each build is every C target: the library, cudalab, the unit tests, the
# golden, fidelity and e2e runners and the benchmarks. The PTX that nvcc makes
# at build time for the golden and fidelity tests and the benchmark is left
# out (-DCUDALAB_NVCC=OFF and the like): it is nvcc's output, the same for
# every C compiler and build type, and ./run-tests builds and uses it.
# Folders: build-matrix/<compiler>-<type>; kept between runs (incremental).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
compilers="gcc clang-14"
types="Debug Release RelWithDebInfo MinSizeRel"
jobs="$(nproc 2>/dev/null || echo 2)"
while [ $# -gt 0 ]; do
    case "$1" in
        --compilers) compilers="$2"; shift 2 ;;
        --types) types="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        *) echo "usage: scripts/build-matrix.sh [--compilers LIST] [--types LIST] [--jobs N]" >&2; exit 2 ;;
    esac
done
failed=0
printf '%-10s %-15s %8s %8s  %s\n' compiler type wall_s cpu_s result
for cc in $compilers; do
    for type in $types; do
        dir="$here/build-matrix/$cc-$type"
        log="$dir.log"
        mkdir -p "$dir"
        start=$(date +%s.%N)
        cpu0=$(awk '{print $14+$15+$16+$17}' /proc/$$/stat)
        result=ok
        if ! { cmake -S "$here" -B "$dir" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE="$type" \
                   -DCUDALAB_WERROR=ON -DCUDALAB_NVCC=OFF -DCUDALAB_FIDELITY_NVCC=OFF \
                   -DCUDALAB_BENCH_NVCC=OFF >"$log" 2>&1 &&
               cmake --build "$dir" -j "$jobs" >>"$log" 2>&1; }; then
            result="FAILED (see $log)"
            failed=1
        elif grep -q 'warning:' "$log"; then
            result="WARNINGS (see $log)"
            failed=1
        fi
        cpu1=$(awk '{print $14+$15+$16+$17}' /proc/$$/stat)
        end=$(date +%s.%N)
        printf '%-10s %-15s %8.1f %8.1f  %s\n' "$cc" "$type" "$(echo "$end - $start" | bc)" \
            "$(echo "($cpu1 - $cpu0) / $(getconf CLK_TCK)" | bc -l)" "$result"
        [ "$result" = ok ] || grep -m 20 -E 'error|warning' "$log" >&2 || true
    done
done
exit $failed
