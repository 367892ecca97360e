#!/usr/bin/env bash
# The list: every day with its status, a broken manifest listed with its
# error, the progress bar, moving, incremental search, the filter by status,
# the help screen made from the key table; q quits with a clean terminal.
. "$(dirname "$0")/lib.sh"
mkdir -p "$WORK/day14-syncthreads"
echo "// started" >"$WORK/day14-syncthreads/syncthreads.cu"
tui_start 100 30
tui_wait "days shown"
tui_expect_at 0 1 "cudalab - the 100-day CUDA course"
tui_expect_row 0 "0 of 2 days passing and honest"
tui_expect_at 1 1 "Progress ░░░░"
tui_expect_row 1 "2 days: 1 started, 1 not started"
tui_expect_at 3 2 "day  title"
tui_expect_at 4 0 "▸  14  Block barriers - __syncthreads and shared memory"
tui_expect_row 4 "… started"
tui_expect_row 4 "never"
tui_expect_at 5 0 "   23  Warp shuffles and honest masks - warp-level reduc…"
tui_expect_row 5 "· not started"
tui_expect_at 6 0 "   ?   day30-broken cannot be opened: days/day30-broken/day.yaml:3:1: unknown key 'titel'"
tui_expect_at 28 1 "3 of 3 days shown"
tui_expect_at 29 1 "Enter open  / search  f filter  ? help  q quit"

# Moving: the marker follows.
tui_keys j
tui_wait "▸  23"
tui_expect_at 4 0 "   14"
tui_keys G
tui_wait "▸  ?   day30-broken"
tui_keys Enter # a broken day says why instead of opening
tui_wait "day30-broken cannot be opened:"
r=$(tui_row_of "$COURSE/days/day30-broken/day.yaml:3:1: unknown key 'titel'")
tui_expect_at $((r - 1)) 1 "day30-broken cannot be opened:"
tui_expect_at "$r" 1 "$COURSE/days/day30-broken/day.yaml:3:1: unknown key 'titel'"
tui_keys Home
tui_wait "▸  14"

# Incremental search: each key narrows the list; Enter keeps it, Esc drops it.
tui_keys /
tui_wait "/▏"
tui_keys s h u
tui_wait "/shu▏"
tui_expect_at 4 0 "▸  23  Warp shuffles"
[ -z "$(tui_row 5)" ] || tui_fail "day 14 does not match 'shu'"
tui_keys BSpace BSpace
tui_wait "/s▏"
tui_expect_row 4 "Block barriers" # "s" is in every day
tui_keys h u f Enter
tui_wait 'search: "shuf"'
tui_expect_at 28 1 "1 of 3 days shown"
tui_keys Escape
tui_wait "3 of 3 days shown"

# The filter cycles through the statuses.
tui_keys f
tui_wait "filter: not started"
tui_expect_at 4 0 "▸  23"
tui_expect_at 28 1 "1 of 3 days shown"
tui_keys f
tui_wait "filter: started"
tui_expect_at 4 0 "▸  14"
tui_keys f
tui_wait "filter: does not compile"
tui_expect "No day matches."
tui_keys Escape
tui_wait "3 of 3 days shown"

# Help: the key table, screen by screen.
tui_keys ?
tui_wait "The list of days"
tui_expect_at 0 1 "Keys"
tui_expect_row 2 "Up, k"
tui_expect_at 9 3 "/"
tui_expect_at 9 22 "search as you type (Enter keeps it, Esc drops it)"
r=$(tui_row_of "grade your file now")
tui_expect_at "$r" 3 "g                  grade your file now"
tui_expect_at $((r + 1)) 3 "w                  watch mode: regrade on every save"
tui_expect_at 29 1 "? help  q back"
tui_keys q
tui_wait "3 of 3 days shown"
tui_quit 0 q
