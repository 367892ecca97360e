#!/usr/bin/env bash
# bench/gpu_round/verify.sh BIN - the GPU verification of a round, in one
# device call (issue "Verify on the GPU what this round adds"). BIN is a
# folder made on the development machine by bench/gpu_round/pack.sh:
#   BIN/bin   cudalab, e2e_runner, golden_runner (built from BIN/src)
#   BIN/lib   the shared libraries they need that a bare GPU machine lacks
#   BIN/ptx   the golden programs' PTX, as CTest compiles them
#   BIN/src   the course and tests at the commit the binaries were built from
# It writes $OUT/summary.txt and each step's files as it ends (tensor.h200,
# golden.tar.gz, order.txt, days.tar.gz, e2e.tar.gz), so a call cut short
# still brings back the steps done; each step has a time limit. In order:
#   1. the tensor-core probe (bench/tensor/run.sh), where there is one;
#   2. every golden and conformance program through the GPU backend
#      (golden_runner --gpu-record): the records for tests/golden/gpu/;
#   3. order_evidence.cu: how often the GPU shows the order-dependent bugs;
#   4. every day's reference and fixtures graded with --backend auto, JSON kept
#      (verdicts, measured and modelled times);
#   5. every e2e submission graded with --backend auto (the emulator's checks,
#      then the GPU's run, which must agree with the emulator).
set -u
bin="$(cd "${1:?usage: verify.sh BIN}" && pwd)"
out="${OUT:-/tmp/gpu_round}"
mkdir -p "$out"
res="$(mktemp -d /tmp/round.XXXXXX)/round"
mkdir -p "$res"/{golden,e2e,days,order,tensor}
src="$bin/src"
export bin res src   # the steps' functions run in xargs' children
export LD_LIBRARY_PATH="$bin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export CUDALAB_COURSE="$src" CUDALAB_CACHE=/tmp/cl-cache CUDALAB_WORKSPACE=/tmp/cl-work
export PATH="/usr/local/cuda/bin:$PATH"
jobs="$(nproc)"
summary="$out/summary.txt"
: >"$summary"
say() { echo "$*" | tee -a "$summary"; }
t0=$SECONDS

say "== machine"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | tee -a "$summary"
nvcc --version | tail -1 | tee -a "$summary"
"$bin/bin/cudalab" --version 2>&1 | head -1 | tee -a "$summary"

steps="${STEPS:-tensor golden order days e2e}"   # STEPS=days: that step alone
want() { case " $steps " in *" $1 "*) return 0 ;; esac; return 1; }

if want tensor; then
say "== 1. tensor-core probe"
if [ -x "$src/bench/tensor/run.sh" ]; then
    timeout 150 "$src/bench/tensor/run.sh" "$res/tensor/tensor.h200" >"$res/tensor/run.log" 2>&1
    say "tensor: exit $?, $((SECONDS - t0)) s"
    tail -5 "$res/tensor/run.log" >>"$summary"
else
    say "tensor: no bench/tensor/run.sh"
fi
cp "$res/tensor/tensor.h200" "$out/" 2>/dev/null

fi

if want golden; then
say "== 2. golden programs on the GPU (--gpu-record)"
golden_one() { # SPEC NAME
    local spec="$1" name="$2" ptx="$bin/ptx/$2.ptx"
    [ -f "$ptx" ] || { echo "$name: no ptx"; return; }
    timeout 120 "$bin/bin/golden_runner" "$spec" "$ptx" --gpu-record "$res/golden/$name.h200" \
        >"$res/golden/$name.log" 2>&1
    echo "$name: exit $?"
}
for spec in "$src"/tests/golden/*.cu "$src"/tests/golden/conformance/*.cu; do
    golden_one "$spec" "$(basename "${spec%.cu}")"
done >>"$summary"
for spec in "$src"/tests/golden/*.golden; do
    golden_one "$spec" "$(basename "${spec%.golden}")"
done >>"$summary"
say "golden: $((SECONDS - t0)) s"
tar -C "$res" -czf "$out/golden.tar.gz" golden

fi

if want order; then
say "== 3. block order on the GPU"
if nvcc -O2 -arch=native -o /tmp/order_evidence "$src/bench/gpu_round/order_evidence.cu" 2>"$res/order/build.log"; then
    timeout 120 /tmp/order_evidence 1000 2>&1 | tee "$res/order/order.txt" >>"$summary"
fi
say "order: $((SECONDS - t0)) s"
cp "$res/order/order.txt" "$out/" 2>/dev/null

fi

if want days; then
say "== 4. days: references and fixtures with --backend auto"
day_one() { # DAY FILE TAG
    timeout 120 "$bin/bin/cudalab" grade "$1" "$2" --json --backend auto >"$res/days/$3.json" \
        2>"$res/days/$3.err"
    echo "$? $3"
}
export -f day_one
# the references one at a time (their GPU times go in the model table), then
# the fixtures side by side
for d in "$src"/days/day*/; do
    slug="$(basename "$d")"; n="${slug#day}"; n="$((10#${n%%-*}))"
    for f in "$src"/solutions/"$slug"/*.cu; do [ -f "$f" ] && echo "$n $f ${slug}__solution"; done
done | timeout 200 xargs -P 1 -L1 bash -c 'day_one "$@"' _ >"$res/days/exits.txt"
for d in "$src"/days/day*/; do
    slug="$(basename "$d")"; n="${slug#day}"; n="$((10#${n%%-*}))"
    for f in "$d"fixtures/*.cu; do [ -f "$f" ] && echo "$n $f ${slug}__$(basename "${f%.cu}")"; done
done | timeout 200 xargs -P 8 -L1 bash -c 'day_one "$@"' _ | sort -k2 >>"$res/days/exits.txt"
say "days: $(wc -l <"$res/days/exits.txt") grades, $((SECONDS - t0)) s"
tar -C "$res" -czf "$out/days.tar.gz" days

fi

if want e2e; then
say "== 5. e2e submissions with --backend auto"
e2e_one() {
    local f="$1" log="$res/e2e/$(basename "$(dirname "$1")")__$(basename "${1%.cu}").log"
    CUDALAB_E2E_BACKEND=auto timeout 240 "$bin/bin/e2e_runner" "$bin/bin/cudalab" "$f" >"$log" 2>&1
    echo "$? ${f#$src/}"
}
export -f e2e_one
ls "$src"/tests/e2e/submissions/*/*.cu | timeout 330 xargs -P "$jobs" -I{} bash -c 'e2e_one "$@"' _ {} \
    | sort -k2 >"$res/e2e/exits.txt"
say "e2e: $(awk '$1==0' "$res/e2e/exits.txt" | wc -l) passed of $(wc -l <"$res/e2e/exits.txt"), $((SECONDS - t0)) s"
awk '$1!=0' "$res/e2e/exits.txt" >>"$summary"
tar -C "$res" -czf "$out/e2e.tar.gz" e2e

fi

say "== done in $((SECONDS - t0)) s"
