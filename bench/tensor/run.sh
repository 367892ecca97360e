#!/usr/bin/env bash
# bench/tensor/run.sh - on a machine with an NVIDIA GPU: build the
# tensor-core probe (bench/tensor/tc_probe.cu, nvcc -O2 -arch=sm_90) and run
# it once. The record goes to the path given, else to $OUT/tensor.h200, else
# to ./tensor.h200; the build and run log beside it as tensor_probe.log.
# The record is what tests/golden/gpu/tensor.h200 holds (format: the top of
# tc_probe.cu). Takes well under a minute (build about 10 s, run about 2 s).
#
#   bench/tensor/run.sh [RECORD]      exit status 0 when the probe ran
set -u
here="$(cd "$(dirname "$0")" && pwd)"
cuda="${CUDA_HOME:-/usr/local/cuda}"
if [ $# -ge 1 ]; then record="$1"
elif [ -n "${OUT:-}" ]; then mkdir -p "$OUT"; record="$OUT/tensor.h200"
else record="./tensor.h200"; fi
log="$(dirname "$record")/tensor_probe.log"
work="$(mktemp -d "${TMPDIR:-/tmp}/tc-probe.XXXXXX")"
trap 'rm -rf "$work"' EXIT
{
    echo "=== machine [$(date +%T)]"
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1 | head -3
    "$cuda/bin/nvcc" --version 2>&1 | tail -2
    echo "=== build [$(date +%T)]"
} >"$log" 2>&1
t0=$SECONDS
if ! timeout 120 "$cuda/bin/nvcc" -O2 -arch=sm_90 -o "$work/tc_probe" "$here/tc_probe.cu" >>"$log" 2>&1; then
    echo "build failed (see $log)" | tee -a "$log" >&2
    exit 1
fi
echo "built in $((SECONDS - t0)) s; === run [$(date +%T)]" >>"$log"
t0=$SECONDS
timeout 120 "$work/tc_probe" "$record" >>"$log" 2>&1
rc=$?
echo "run: exit $rc after $((SECONDS - t0)) s; record $(wc -c <"$record" 2>/dev/null || echo 0) bytes" >>"$log"
cat "$log"
exit "$rc"
