#!/usr/bin/env bash
# Builds and runs gpu_check twice (native code, and sm_75 PTX that the driver
# compiles at load, as the grader's GPU backend does), then runs the small
# sizes under compute-sanitizer's four tools. Needs a GPU; run from anywhere.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${OUT:-/tmp}"
nvcc="${NVCC:-nvcc}"
"$nvcc" -O3 -arch=native -o "$out/gpu_check_native" "$here/gpu_check.cu" || exit 2
"$nvcc" -O3 -gencode arch=compute_75,code=compute_75 -o "$out/gpu_check_ptx" \
    "$here/gpu_check.cu" || exit 2
rc=0
echo "== native"; "$out/gpu_check_native" || rc=1
echo "== sm_75 PTX, JIT"; "$out/gpu_check_ptx" || rc=1
if command -v compute-sanitizer >/dev/null; then
    for tool in memcheck racecheck synccheck initcheck; do
        echo "== compute-sanitizer --tool $tool (small sizes)"
        compute-sanitizer --tool "$tool" --error-exitcode 3 "$out/gpu_check_native" --small \
            | tail -3 || rc=1
    done
fi
exit $rc
