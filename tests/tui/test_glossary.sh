#!/usr/bin/env bash
# The glossary (i): the course folder's docs/glossary.md in the pager, from
# the list and from a day screen; q goes back to where it was opened; a
# course without the file gets a page that says so, not a crash.
. "$(dirname "$0")/lib.sh"
mkdir -p "$COURSE/docs"
cp "$TUI_ROOT/docs/glossary.md" "$COURSE/docs/glossary.md"
# The real day 23 (a manifest in the course's current format), so that its
# day screen opens.
for kind in days templates; do
    rm -rf "$COURSE/$kind/day23-shuffles"
    cp -r "$TUI_ROOT/$kind/day23-shuffles" "$COURSE/$kind/"
done
tui_start 100 30
tui_wait "days shown"

# From the list.
tui_keys i
tui_wait "Glossary"
tui_expect_at 0 1 "Glossary"
tui_expect "Alignment"
tui_find "Shuffle down, in CUDA and in GLSL"
tui_find "subgroupShuffleDown"
tui_find "defined: the lane gets its own"
tui_keys q
tui_wait "days shown"

# From a day screen, and back to it.
r=$(tui_row_of "Warp shuffles and honest masks")
for _ in $(seq 10); do tui_row "$r" | grep -q "▸" && break; tui_keys j; sleep 0.1; done
tui_keys Enter
tui_wait "Day 23 · Warp shuffles"
tui_keys i
tui_wait "Glossary"
tui_keys q
tui_wait "Day 23 · Warp shuffles"

# The help screen names the key.
tui_keys '?'
tui_wait "Keys"
tui_find "the glossary: the terms of the course and its reports"
tui_keys q
tui_wait "Day 23 · Warp shuffles"

# Without the file: the page says where it looked.
rm "$COURSE/docs/glossary.md"
tui_keys i
tui_wait "The glossary is not here"
tui_expect "docs/glossary.md cannot be"
tui_keys q
tui_wait "Day 23 · Warp shuffles"
tui_quit 0 q q
