#!/usr/bin/env bash
# batch_class.sh - a class of day-23 submissions graded by `cudalab batch`,
# to measure submissions a minute and how the time splits between nvcc and
# the emulator (bench/README.md has the figures).
#
#   bench/batch_class.sh [N] [JOBS] [WORKDIR]      (defaults: 200 2 a temp folder)
#
# The class: 1 in 2 honest (the reference), 2 in 5 dishonest or wrong (the
# end-to-end day-23 submissions and the ballot fixture: mask, race, memory,
# padding, deadlock, resources), 1 in 10 broken (does not compile). Each
# file gets a line of its own so that no two share a build: nvcc runs for
# every submission, as in a real class.
#
# Run 1 grades with an empty build cache (nvcc + emulator). Run 2 grades the
# same class again with --regrade and the cache full (the emulator alone; the
# builds are cache hits). nvcc's share is what run 2 saves, per submission.
# BENCH_WARM_SAMPLE=K grades only the first K submissions in run 2 (the mix
# repeats every 10); BENCH_REUSE_COLD=1 keeps run 1 of an earlier call with
# the same WORKDIR and does run 2 only.
set -euo pipefail
here="${CUDALAB_BENCH_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}" # the checkout
n="${1:-200}"
jobs="${2:-2}"
work="${3:-$(mktemp -d /tmp/cudalab-bench-batch-XXXXXX)}"
bin="${CUDALAB_BENCH_BINARY:-$here/build/cudalab}"
ref="$here/solutions/day23-shuffles/shuffles.cu"
e2e="$here/tests/e2e/submissions/day23"
warm_n="${BENCH_WARM_SAMPLE:-$n}"
reuse="${BENCH_REUSE_COLD:-0}"
mkdir -p "$work/class"
export CUDALAB_COURSE="$here" CUDALAB_WORKSPACE="$work/ws" CUDALAB_CACHE="$work/cache"
[ "$reuse" = 1 ] || rm -rf "$CUDALAB_CACHE"

# A submission as a student hands it in: the e2e file with the reference
# pasted where it says `// e2e-paste:`.
paste_ref() {
    while IFS= read -r line; do
        if [[ "$line" == "// e2e-paste: "* ]]; then cat "$ref"; else printf '%s\n' "$line"; fi
    done <"$1"
}

dishonest=("$e2e"/*.cu "$here/tests/fixtures/day23/ballot_down_full.cu")
for ((i = 0; i < n && reuse != 1; i++)); do
    d="$work/class/s$(printf %03d "$i")"
    mkdir -p "$d"
    f="$d/shuffles.cu"
    case $((i % 10)) in
        0 | 2 | 4 | 6 | 8) cp "$ref" "$f" ;;
        1 | 3 | 5 | 7) paste_ref "${dishonest[$(((i / 2) % ${#dishonest[@]}))]}" >"$f" ;;
        9) sed 's/const int lane = /const int lane = undeclared_name + /' "$ref" >"$f" ;;
    esac
    printf '// student %d\n' "$i" >>"$f"
done

run() { # label, count, extra flags...
    local label="$1" count="$2"
    shift 2
    local t0 t1 files=("$work"/class/*/shuffles.cu)
    t0=$(date +%s.%N)
    /usr/bin/time -f "%U %S" -o "$work/$label.cpu" "$bin" batch 23 "${files[@]:0:$count}" \
        --jobs "$jobs" --backend emu --out "$work/$label" --csv "$work/$label.csv" "$@" \
        >"$work/$label.summary" 2>"$work/$label.err" || true
    t1=$(date +%s.%N)
    echo "$t0 $t1" >"$work/$label.wall"
}
load0=$(cut -d' ' -f1 /proc/loadavg)
[ "$reuse" = 1 ] || run cold "$n"
run warm "$warm_n" --regrade
load1=$(cut -d' ' -f1 /proc/loadavg)

python3 - "$work" "$n" "$jobs" "$load0" "$load1" "$warm_n" <<'PY'
import glob, json, sys
work, n, jobs, load0, load1, warm_n = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5], int(sys.argv[6])
def wall(label):
    a, b = open(f"{work}/{label}.wall").read().split()
    return float(b) - float(a)
def cpu(label):
    u, s = open(f"{work}/{label}.cpu").read().split("\n")[-2].split()  # after any "exited with" line
    return float(u) + float(s)
def reports(label):
    secs, verdicts = 0.0, {}
    for p in glob.glob(f"{work}/{label}/*.json"):
        d = json.load(open(p))
        secs += d.get("seconds", 0.0) or 0.0
        v = "could not grade" if "error" in d else ("passed" if d["passed"] else "not passed")
        verdicts[v] = verdicts.get(v, 0) + 1
    return secs, verdicts
cold, warm = wall("cold"), wall("warm")
cs, cv = reports("cold")
ws, wv = reports("warm")
cold_cpu, warm_cpu = cpu("cold") / n, cpu("warm") / warm_n  # a submission
print(f"{n} day-23 submissions, --jobs {jobs}, load average {load0} before, {load1} after")
print(f"verdicts: {cv}")
print(f"cold cache (nvcc + emulator), {n}: {cold:.1f} s wall, {cpu('cold'):.1f} s CPU, "
      f"{60 * n / cold:.1f} submissions a minute; sum of grades' seconds {cs:.1f}")
print(f"warm cache (emulator only), {warm_n}: {warm:.1f} s wall, {cpu('warm'):.1f} s CPU, "
      f"{60 * warm_n / warm:.1f} submissions a minute; sum of grades' seconds {ws:.1f}")
share = (cold_cpu - warm_cpu) / cold_cpu
print(f"CPU a submission: {cold_cpu:.2f} s; nvcc's share {100 * share:.0f}% ({cold_cpu - warm_cpu:.2f} s), "
      f"the emulator and the rest {100 * (1 - share):.0f}% ({warm_cpu:.2f} s)")
cold_rows = open(f"{work}/cold.csv").read().splitlines()
warm_rows = open(f"{work}/warm.csv").read().splitlines()
same = all(r in cold_rows for r in warm_rows)
print(f"the warm run's CSV rows are {'the cold run' + chr(39) + 's' if same else 'DIFFERENT'}")
PY
echo "work folder: $work"
