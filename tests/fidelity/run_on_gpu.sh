#!/usr/bin/env bash
# Runs the fidelity kernels on this machine's GPU and writes the results file
# that fidelity_compare checks the emulator against. Needs nvcc and a GPU;
# not cudalab. One command, from the repository root:
#
#   tests/fidelity/run_on_gpu.sh [OUT.bin] [N]
#
# OUT.bin defaults to tests/fidelity/gpu_results.bin, N to 8192 elements per
# kernel. If build/tests/fidelity_compare exists (cudalab built here too), it
# also compares and writes tests/fidelity/comparison.txt.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/gpu_results.bin}"
n="${2:-8192}"
nvcc="${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$nvcc" -ptx -lineinfo -arch=sm_75 -I"$here" "$here/fidelity.cu" -o "$work/fidelity.ptx"
"$nvcc" -O2 -I"$here" "$here/gpu_dump.cu" -o "$work/gpu_dump" -lcuda
"$work/gpu_dump" "$work/fidelity.ptx" "$out" "$n"
cp "$work/fidelity.ptx" "$(dirname "$out")/fidelity_gpu.ptx"
root="$(cd "$here/../.." && pwd)"
if [ -x "$root/build/tests/fidelity_compare" ]; then
  "$root/build/tests/fidelity_compare" "$work/fidelity.ptx" "$out" --report "$here/comparison.txt" || true
fi
