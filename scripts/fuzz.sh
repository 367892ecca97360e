#!/usr/bin/env bash
# Builds the libFuzzer targets with clang into build-fuzz/ and runs each for
# a while, one at a time (docs/fuzzing.md).
#   scripts/fuzz.sh [--seconds N] [TARGET...]
# TARGET is ptx, manifest, state, report_json, gpu_wire, merge_csv, result_wire
# or check_script (default: all).
# Each run starts from the committed seeds (tests/fuzz/corpus/TARGET) and
# crashers (tests/fuzz/crashers/TARGET); what it learns is kept in
# build-fuzz/corpus/TARGET for the next run. A crash, a sanitizer report, a
# leak or a timeout is written to build-fuzz/artifacts/TARGET/ and makes the
# script exit 1 once every target has run. Figures go to
# build-fuzz/summary.txt.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
seconds=30
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="${2:?--seconds needs a number}"; shift 2 ;;
        --seconds=*) seconds="${1#--seconds=}"; shift ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done
case "$seconds" in ''|*[!0-9]*) echo "fuzz.sh: --seconds takes a whole number" >&2; exit 2 ;; esac
all=(ptx manifest state report_json gpu_wire merge_csv result_wire check_script)
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
for t in "${targets[@]}"; do
    [[ " ${all[*]} " == *" $t "* ]] || { echo "fuzz.sh: no target '$t' (${all[*]})" >&2; exit 2; }
done

"$here/scripts/deps.sh" --fuzz
cc="${CUDALAB_FUZZ_CC:-clang-14}"
dir="$here/build-fuzz"
mkdir -p "$dir"
if [ ! -f "$dir/CMakeCache.txt" ]; then
    CC="$cc" cmake -S "$here" -B "$dir" -DCUDALAB_FUZZ=ON -DCUDALAB_TESTS=OFF \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$dir.configure.log" 2>&1 || {
        cat "$dir.configure.log" >&2; exit 2; }
fi
if ! cmake --build "$dir" -j "$(nproc 2>/dev/null || echo 2)" >"$dir.build.log" 2>&1; then
    grep -E 'error|Error' "$dir.build.log" | head -40 >&2 || cat "$dir.build.log" >&2
    echo "fuzz.sh: the build failed; the whole log is in $dir.build.log" >&2
    exit 2
fi

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# The PTX target's dictionary: the front end's own opcode and modifier
# tables, directives and types, so it cannot fall behind the parser.
ptx_dict() {
    {
        sed -n 's/^OP(\([a-z0-9_]*\),.*/"\1"/p' "$here/grader/ptx/opcodes.def"
        sed -n 's/^MOD("\([^"]*\)".*/".\1"/p' "$here/grader/ptx/mods.def"
        for w in version target address_size visible extern weak entry func param reg \
                 local shared global const align file loc pragma maxntid reqntid \
                 minnctapersm maxnreg noreturn b8 b16 b32 b64 u8 u16 u32 u64 s8 s16 s32 \
                 s64 f16 f32 f64 pred v2 v4 sync aligned uni; do
            echo "\".$w\""
        done
        for w in sm_75 '%tid.x' '%ntid.x' '%ctaid.x' '%laneid' '%r' '%rd' '%f' '%p' \
                 'ret;' '{' '}' '0f3F800000' '0d3FF0000000000000'; do
            echo "\"$w\""
        done
    } | sort -u >"$1"
}

summary="$dir/summary.txt"
: >"$summary"
failed=()
for t in "${targets[@]}"; do
    work="$dir/corpus/$t" art="$dir/artifacts/$t" log="$dir/fuzz-$t.log"
    seeds="$here/tests/fuzz/corpus/$t" crashers="$here/tests/fuzz/crashers/$t"
    mkdir -p "$work" "$art"
    dirs=("$work" "$seeds")
    [ -d "$crashers" ] && dirs+=("$crashers")
    dict=()
    [ "$t" = ptx ] && ptx_dict "$dir/ptx.dict" && dict=("-dict=$dir/ptx.dict")
    echo "fuzz.sh: $t for ${seconds}s" >&2
    rc=0
    "$dir/fuzz_$t" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2560 \
        -print_final_stats=1 -artifact_prefix="$art/" "${dict[@]}" \
        "${dirs[@]}" >"$log" 2>&1 || rc=$?
    done_line="$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -1 || true)"
    execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
    rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)"
    cov="$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$done_line")"
    ft="$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$done_line")"
    units="$(find "$work" -type f | wc -l)"
    line="$t: ${seconds}s, ${execs:-?} executions, ${rate:-?} exec/s, cov ${cov:-?}, ft ${ft:-?}, corpus $units, exit $rc"
    echo "$line" | tee -a "$summary" >&2
    if [ "$rc" -ne 0 ]; then
        failed+=("$t")
        grep -E 'ERROR|SUMMARY|runtime error|fuzz property|Test unit written' "$log" | head -8 >&2 || true
        echo "fuzz.sh: $t found a problem; its log is $log" >&2
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz.sh: crashes in: ${failed[*]}; fix each, then keep its input in tests/fuzz/crashers/TARGET/" >&2
    exit 1
fi
echo "fuzz.sh: no crashes (${targets[*]})" >&2
