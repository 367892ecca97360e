#!/usr/bin/env bash
# Regenerates the fuzz targets' seed corpora under tests/fuzz/corpus/ from
# the repository's own files (docs/fuzzing.md). The result is committed; run
# this again when kernels, manifests or the report change.
#   ptx/          nvcc -ptx -lineinfo -arch=sm_75 of every tracked .cu file
#   manifest/     every tracked day.yaml
#   report_json/  `cudalab grade --json` of the solutions and some wrong
#                 submissions (emulator backend), and the TUI's fixtures
#   state/        the progress file after each of those grades
#   gpu_wire/     frames from the protocol's encoders (fuzz_wire_seeds)
#   result_wire/  the sandbox's reports from report_wire_put (fuzz_report_seeds)
# (merge_csv/ and check_script/ are written by hand: docs/fuzzing.md.)
# Needs a release build (scripts/build.sh release) and nvcc.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
out="$here/tests/fuzz/corpus"
nvcc="${CUDALAB_NVCC:-/usr/local/cuda/bin/nvcc}"
"$here/scripts/build.sh" release
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# a/b/c.cu -> a_b_c
flat() { local s="${1%.*}"; printf '%s' "${s//\//_}"; }

rm -rf "$out/ptx" "$out/manifest" "$out/report_json" "$out/state" "$out/gpu_wire" "$out/result_wire"
mkdir -p "$out/ptx" "$out/manifest" "$out/report_json" "$out/state" "$out/gpu_wire" "$out/result_wire"

made=0 failed=0
while IFS= read -r -d '' cu; do
    if "$nvcc" -ptx -lineinfo -arch=sm_75 -I "$(dirname "$cu")" -o "$out/ptx/$(flat "$cu").ptx" \
        "$cu" >"$tmp/nvcc.log" 2>&1; then
        made=$((made + 1))
    else
        failed=$((failed + 1)) # the fixtures that must not compile
        rm -f "$out/ptx/$(flat "$cu").ptx"
    fi
done < <(git ls-files -z -- '*.cu')
# the .file paths say where this checkout is: make them relative to it
sed -i "s|\"$here/|\"|" "$out"/ptx/*.ptx
echo "ptx: $made files ($failed .cu files did not compile, as some fixtures must not)"

while IFS= read -r -d '' y; do
    cp -- "$y" "$out/manifest/$(flat "$y").yaml"
done < <(git ls-files -z -- '*day.yaml')
echo "manifest: $(ls "$out/manifest" | wc -l) files"

export CUDALAB_WORKSPACE="$tmp/work" CUDALAB_CACHE="$tmp/cache" NO_COLOR=1
grade() { # OUT DAY [FILE]: exit 1 (graded, not passed) is a report like any other
    local to="$1"; shift
    "$here/build/cudalab" grade "$@" --json --backend emu >"$to" 2>"$tmp/grade.log" \
        || [ $? -eq 1 ] || { cat "$tmp/grade.log" >&2; exit 2; }
}
for f in tests/fixtures/day23/ballot_down_full.cu tests/e2e/submissions/day14/compile_error.cu \
         tests/hostile/day14/atomics_across_blocks.cu; do
    day="${f#*/day}"; day="${day%%/*}"
    grade "$out/report_json/$(flat "$f").json" "$day" "$f"
done
# Progress moves only when the workspace's own file is graded: the template
# first, then the solution copied over it.
n=0
for sol in solutions/*/*.cu; do
    slug="$(basename "$(dirname "$sol")")" day="${slug#day}" day="${day%%-*}"
    grade "$out/report_json/template_$slug.json" "$day"
    n=$((n + 1)); cp "$CUDALAB_WORKSPACE/state.yaml" "$out/state/after_$n.yaml"
    cp "$sol" "$CUDALAB_WORKSPACE/$slug/$(basename "$sol")"
    grade "$out/report_json/$(flat "$sol").json" "$day"
    n=$((n + 1)); cp "$CUDALAB_WORKSPACE/state.yaml" "$out/state/after_$n.yaml"
done
sed -i -E "s|/tmp/tmp\.[A-Za-z0-9]+/||g" "$out"/report_json/*.json
cp tests/tui/fixtures/*.json "$out/report_json/"
echo "report_json: $(ls "$out/report_json" | wc -l) files, state: $n files"

"$here/build/tests/fuzz_wire_seeds" "$out/gpu_wire"
echo "gpu_wire: $(ls "$out/gpu_wire" | wc -l) files"

"$here/build/tests/fuzz_report_seeds" "$out/result_wire"
echo "result_wire: $(ls "$out/result_wire" | wc -l) files"
