#!/usr/bin/env bash
# Equivalence of two builds of the emulator: grades every e2e submission
# (assembled as tests/e2e/e2e_runner.c assembles it) and every day's fixtures
# with each binary, `--json --backend emu`, and compares the reports less
# their timings. A speed change to the emulator must leave every report the
# same, hazards and first mismatches included.
#   bench/equiv.sh OLD_CUDALAB NEW_CUDALAB [OUT_DIR]
# Exit 0 when every report is the same, 1 when one differs (listed).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
[ $# -ge 2 ] || { echo "usage: bench/equiv.sh OLD_CUDALAB NEW_CUDALAB [OUT_DIR]" >&2; exit 2; }
old="$1" new="$2" out="${3:-$(mktemp -d /tmp/cudalab-equiv-XXXXXX)}"
mkdir -p "$out/src" "$out/old" "$out/new"
python3 - "$here" "$out/src" <<'EOF'
import os, re, sys
root, dst = sys.argv[1], sys.argv[2]
items = []
sub = os.path.join(root, "tests/e2e/submissions")
for d in sorted(os.listdir(sub)):
    for f in sorted(os.listdir(os.path.join(sub, d))):
        text = open(os.path.join(sub, d, f), encoding="utf-8", errors="surrogateescape").read()
        day = re.search(r"// e2e: day (\S+)", text)
        if not day: continue
        lines = []
        for l in text.split("\n"):
            if l.startswith("// e2e-paste: "):
                rel = l[len("// e2e-paste: "):]
                ref = open(os.path.join(root, rel), encoding="utf-8", errors="surrogateescape").read()
                lines.append(f"// ---- {rel}, pasted ----\n{ref}// ---- end of {rel} ----")
            else:
                lines.append(l)
        items.append((f"e2e-{d}-{f}", day.group(1), "\n".join(lines)))
days = os.path.join(root, "days")
for d in sorted(os.listdir(days)):
    fx = os.path.join(days, d, "fixtures")
    if not os.path.isdir(fx): continue
    for f in sorted(os.listdir(fx)):
        if f.endswith(".cu"):
            items.append((f"fx-{d}-{f}", d.split("-")[0][3:],
                          open(os.path.join(fx, f), encoding="utf-8", errors="surrogateescape").read()))
with open(os.path.join(dst, "list"), "w") as lst:
    for name, day, text in items:
        os.makedirs(os.path.join(dst, name), exist_ok=True)
        open(os.path.join(dst, name, "submission.cu"), "w", encoding="utf-8", errors="surrogateescape").write(text)
        lst.write(f"{name} {day}\n")
EOF
strip() { python3 -c '
import json, sys
t = sys.stdin.read(); i = t.find("{")
if i < 0: print(t); sys.exit()
def drop(o):
    if isinstance(o, dict): return {k: drop(v) for k, v in o.items() if k not in ("seconds", "ms", "cpu_seconds")}
    if isinstance(o, list): return [drop(v) for v in o]
    return o
try: print(json.dumps(drop(json.loads(t[i:])), indent=1, sort_keys=True))
except ValueError: print(t)
'; }
n=0 bad=0
while read -r name day; do
    for side in old new; do
        bin="$old"; [ "$side" = new ] && bin="$new"
        rc=0
        "$bin" grade "$day" "$out/src/$name/submission.cu" --json --backend emu >"$out/$side/$name.raw" 2>&1 || rc=$?
        { echo "exit $rc"; strip <"$out/$side/$name.raw"; } >"$out/$side/$name.json"
    done
    n=$((n + 1))
    if ! cmp -s "$out/old/$name.json" "$out/new/$name.json"; then
        bad=$((bad + 1))
        echo "differs: $name (diff $out/old/$name.json $out/new/$name.json)"
    fi
done <"$out/src/list"
echo "equiv: $n reports, $bad differ ($out)"
[ "$bad" -eq 0 ]
