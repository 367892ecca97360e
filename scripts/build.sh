#!/usr/bin/env bash
# Configures (once) and builds cudalab into a build folder.
#   scripts/build.sh [release|asan] [TARGET]   -> build/ or build-asan/
# TARGET builds only that (./cudalab builds `cudalab`, not the tests).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
kind="${1:-release}"
case "$kind" in
    release) dir="$here/build"; flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCUDALAB_SANITIZE=OFF) ;;
    asan)    dir="$here/build-asan"; flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCUDALAB_SANITIZE=ON) ;;
    *) echo "usage: scripts/build.sh [release|asan]" >&2; exit 2 ;;
esac
if [ ! -f "$dir/CMakeCache.txt" ]; then
    cmake -S "$here" -B "$dir" "${flags[@]}" >"$dir.configure.log" 2>&1 || {
        cat "$dir.configure.log" >&2; exit 2; }
fi
jobs="$(nproc 2>/dev/null || echo 2)"
target=()
[ -n "${2:-}" ] && target=(--target "$2")
if ! cmake --build "$dir" -j "$jobs" ${target[@]+"${target[@]}"} >"$dir.build.log" 2>&1; then
    grep -E 'error|Error' "$dir.build.log" | head -40 >&2 || cat "$dir.build.log" >&2
    echo "cudalab: the build failed; the whole log is in $dir.build.log" >&2
    exit 2
fi
