#!/usr/bin/env bash
# The performance section at 80x24, on the real grader and the real course:
# open day 25 with the reference solution as the student's file, grade it,
# and find the section's rows, yours beside the reference: sectors a global
# load and store, the bytes moved against the bytes needed, bank conflicts,
# Theoretical Occupancy, active lanes, the T4 model, and the note that it is
# a model. Day 25's gates (coalesced loads) make performance a check that
# runs without a GPU: 8 checks. Every row fits beside the scroll bar.
. "$(dirname "$0")/lib.sh"
tui_real
mkdir -p "$WORK/day25-cascade"
cp "$TUI_ROOT/solutions/day25-cascade/cascade.cu" "$WORK/day25-cascade/cascade.cu"
tui_start 80 24
tui_wait "Cascaded reduction at memory s" # the title, cut to its column at 80
r=$(tui_row_of "Cascaded reduction at memory s")
for _ in $(seq 10); do tui_row "$r" | grep -q "▸" && break; tui_keys j; sleep 0.1; done
tui_keys Enter
tui_wait "Day 25 · Cascaded reduction at memory speed"
tui_keys g
tui_wait_grade "done in"
tui_expect_row 22 "8 of 8 checks passed"

tui_find "Performance without a GPU (course size, emulator counters)"
tui_find "model: T4 at 320 GB/s peak"
r=$(tui_row_of "reduceCascade                            yours   reference")
[ -n "$r" ] || r=$(tui_row_of "reduceCascadeShuffle                     yours   reference")
[ -n "$r" ] || tui_fail "no heading row of the section's kernels"
tui_expect_at "$r" 3 "reduceCascade"
row() { # row LABEL YOURS REFERENCE: a row of the section below $r, at its columns
    local want y
    want=$(printf '    %-32s%12s%12s' "$1" "$2" "$3")
    y=$(tui_screen | sed -n "$((r + 2)),\$p" | grep -nF -- "$1" | head -1 | cut -d: -f1)
    [ -n "$y" ] || tui_fail "no row '$1' below row $r"
    tui_expect_at $((r + y)) 1 "$want"
}
row "global load sectors/request" "16.0" "16.0"
row "global store sectors/request" "1.0" "1.0"
row "bytes moved (268.4 MB needed)" "268.5 MB" "268.5 MB"
row "shared bank conflicts/access" "0.00" "0.00"
row "Theoretical Occupancy" "100%" "100%"
row "model: T4 at 320 GB/s peak" "0.839 ms" "0.839 ms"
tui_expect "active lanes/warp instruction"
tui_expect_not "! each warp" # the same kernel as the reference: no advice
tui_find "a model, not a measurement"
for y in $(seq 2 21); do
    c=$(tui_row "$y")
    case "${c:79:1}" in "│" | "┃") ;; *) tui_fail "row $y ends with '${c:79:1}', not the scroll bar" ;; esac
done
tui_quit 0 q q
