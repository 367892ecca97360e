#!/usr/bin/env bash
# bench/gpu_check.sh - on a machine with an NVIDIA GPU (driver and CUDA
# toolkit): build cudalab from this checkout (release, no sanitizer), run the
# GPU tests (test_gpu_device on the GPU; test_gpu_fake and test_gpu_proto, the
# no-GPU ones, too) and the GPU bench (bench_gpu), and write everything to
# $OUT/gpu_check.txt, or to stdout when OUT is not set. Takes about a minute;
# every step has a time limit, the whole stays under 5 minutes.
#
# cudalab's full build needs libyaml, cJSON, ncurses and cmocka. On a bare GPU
# machine without them (and no network to fetch them) the full build cannot
# happen; the script then builds the GPU backend, its tests and the bench
# alone with cc, against bench/gpu_check_cmocka/cmocka.h instead of cmocka
# (and so it does when the full build fails for a reason of its own).
#
#   bench/gpu_check.sh            exit status: 0 when every step passed
#   GPU_CHECK_CC=1 bench/gpu_check.sh   the cc build even where cmake could do all
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT"
    exec >"$OUT/gpu_check.txt" 2>&1
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/cudalab-gpu-check.XXXXXX")"
failures=()
jobs="$(nproc 2>/dev/null || echo 2)"
cuda="${CUDA_HOME:-/usr/local/cuda}"

step() { echo; echo "=== $* [$(date +%T)]"; }
# run LIMIT NAME COMMAND...: run it with a time limit, note a failure.
run() {
    local limit="$1" name="$2"; shift 2
    local t0=$SECONDS
    timeout --kill-after=10 "$limit" "$@"
    local rc=$?
    echo "--- $name: exit $rc after $((SECONDS - t0)) s"
    [ "$rc" -eq 0 ] || failures+=("$name (exit $rc)")
    return "$rc"
}

step "machine"
echo "checkout: $root ($(git -C "$root" log -1 --format='%h %s' 2>/dev/null || echo 'not a git checkout'))"
uname -a
nvidia-smi --query-gpu=name,driver_version,memory.total,persistence_mode --format=csv 2>&1 | head -5
ldconfig -p 2>/dev/null | grep -m3 'libcuda\.so' || echo "libcuda.so not in the ldconfig cache"
"$cuda/bin/nvcc" --version 2>&1 | tail -2
cc --version | head -1
cmake --version 2>/dev/null | head -1

full_build() {
    step "full build: cmake (RelWithDebInfo, no sanitizer)"
    run 240 "cmake configure" cmake -S "$root" -B "$work/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCUDALAB_SANITIZE=OFF -DCUDALAB_TESTS=ON >"$work/configure.log" 2>&1 ||
        { cat "$work/configure.log"; return 1; }
    run 240 "cmake build" cmake --build "$work/build" -j "$jobs" >"$work/build.log" 2>&1 ||
        { grep -E 'error|warning' "$work/build.log" | head -40; return 1; }
    tail -n 1 "$work/configure.log" "$work/build.log"
    tests="$work/build/tests"
    bench="$work/build/bench/bench_gpu"
    full=1
}

gpu_only_build() {
    step "GPU-only build with cc: the GPU backend, its tests, the bench"
    local flags=(-std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -Wno-unused-parameter
                 -Wshadow -Wstrict-prototypes -I"$root/grader" -isystem "$cuda/include")
    local srcs=("$root"/grader/gpu/*.c "$root"/grader/core/status.c "$root"/grader/core/mem.c
                "$root"/grader/core/fs.c "$root"/grader/backend/backend.c
                "$root"/grader/report/result_model.c)
    mkdir -p "$work/obj" "$work/tests" "$work/bench"
    local objs=() ok=0 s o
    for s in "${srcs[@]}"; do
        o="$work/obj/$(basename "$(dirname "$s")")_$(basename "${s%.c}").o"
        cc "${flags[@]}" -c "$s" -o "$o" || ok=1
        objs+=("$o")
    done
    if [ "$ok" -ne 0 ] || ! ar rcs "$work/libgpu.a" "${objs[@]}"; then
        failures+=("GPU-only build")
        return 1
    fi
    for t in test_gpu_proto test_gpu_fake test_gpu_device; do
        cc "${flags[@]}" -I"$root/bench/gpu_check_cmocka" -DCUDALAB_TEST_DIR="\"$root/tests\"" \
            "$root/tests/unit/$t.c" "$work/libgpu.a" -ldl -lm -lpthread -o "$work/tests/$t" ||
            failures+=("build $t")
    done
    cc "${flags[@]}" "$root/bench/bench_gpu.c" "$work/libgpu.a" -ldl -lm -lpthread \
        -o "$work/bench/bench_gpu" || failures+=("build bench_gpu")
    tests="$work/tests"
    bench="$work/bench/bench_gpu"
    echo "built:" "$work"/tests/* "$work"/bench/*
}

tests="" bench="" full=""
if [ -z "${GPU_CHECK_CC:-}" ] && command -v cmake >/dev/null &&
   pkg-config --exists yaml-0.1 libcjson ncursesw cmocka 2>/dev/null; then
    full_build || { echo "(the full build failed; the GPU parts are built alone instead)"
                    gpu_only_build; }
else
    echo "(pkg-config finds no $(for p in yaml-0.1 libcjson ncursesw cmocka; do
        pkg-config --exists $p 2>/dev/null || printf '%s ' $p; done)- so no full build)"
    gpu_only_build
fi

for t in test_gpu_device test_gpu_fake test_gpu_proto; do
    [ -x "$tests/$t" ] || continue
    step "$t"
    run 150 "$t" "$tests/$t"
done

if [ -x "$bench" ]; then
    step "bench_gpu: 67,108,864 floats, copy and reduction, PTX (JIT) and cubin"
    run 120 "bench_gpu" "$bench"
fi

if [ -n "$full" ]; then
    step "every test (ctest)"
    run 200 "ctest" ctest --test-dir "$work/build" --output-on-failure -j "$jobs" \
        -E test_gpu_device
fi

step "summary"
rm -rf "$work"
if [ ${#failures[@]} -eq 0 ]; then
    echo "gpu_check: PASSED"
    exit 0
fi
printf 'failed: %s\n' "${failures[@]}"
echo "gpu_check: FAILED"
exit 1
