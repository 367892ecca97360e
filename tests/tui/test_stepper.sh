#!/usr/bin/env bash
# The warp stepper opened from a mask hazard, for real, at 80x24: grade day
# 23 with the course's dishonest kernel beside the three honest ones, press s
# on the report, and the stepper runs `cudalab trace` for the hazard's warp
# and opens at its step (the first down shuffle, where lane 4 reads lane 20)
# with lane 4 under the cursor: its arrow comes from lane 20, the reads of
# lanes 4 to 15 are undefined, 4 lanes still hold a partial sum. Down and Up
# step; Right moves the lane; at the next step no lane holds a sum; q goes
# back to the day. Then a report with two mask hazards: s opens the one in
# view of the report; and a day of a program steps too.
. "$(dirname "$0")/lib.sh"
tui_real
tui_student_is_ballot_down_full
tui_start 80 24
tui_wait "Warp shuffles and honest masks"
tui_open "Warp shuffles and honest masks"
tui_wait "Day 23 · Warp shuffles and honest masks"
tui_keys s # nothing graded yet: the day's first kernel, its first warp
tui_wait "Warp stepper · reduceRowsShared, block (0,0,0) warp 0"
tui_wait_grade "step 1 of 6  shuffles.cu:"
tui_expect_row 1 "syncwarp"
tui_expect_at 7 2 "here      ■ ■ ■"
tui_keys q
tui_wait "Day 23 · Warp shuffles and honest masks"
tui_keys g
tui_wait_grade "done in"
tui_expect_row 22 "5 of 7 checks passed · graded once · s steps its warp"

tui_keys s
tui_wait "Warp stepper · reduceRowsBallotDown, block (0,0,0) warp 0"
tui_wait_grade "step 2 of 7  shuffles.cu:143  shuffle down"
tui_expect_at 1 2 "step 2 of 7  shuffles.cu:143  shuffle down"
tui_expect_at 2 2 "mask passed 0x000fffff  lanes here 0x000fffff (20)"
tui_expect_at 3 2 "| sum += __shfl_down_sync(mask, sum, offset);"
# the lane numbers, two rows; lane l's box at column 12 + 2l
tui_expect_at 5 12 "                    1 1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 2 2 3 3"
tui_expect_at 6 2 "lane"
tui_expect_at 6 12 "0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1"
tui_expect_at 7 2 "sent"
tui_expect_at 7 12 "■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ · · · · · · · · · · · ·"
# lane 4's arrow: up from lane 20's box (column 52), across to lane 4's (20)
tui_expect_at 8 52 "│"
tui_expect_at 9 20 "┌───────────────────────────────┘"
tui_expect_at 10 2 "got"
tui_expect_at 10 12 "▼ ▼ ▼ ▼ ! ! ! ! ! ! ! ! ! ! ! ! = = = ="
tui_expect_at 11 2 "sums"
tui_expect_at 11 12 "■ ■ ■ ■"
tui_expect_at 12 2 "4 lanes still hold a partial sum; lane 4 holds none"
tui_expect_at 14 2 "lane 4 sent 1.0527, read lane 20 (outside the mask): undefined, got poison"
tui_expect_at 15 2 "lane 20, its source, was not at this shuffle"
tui_expect_at 17 2 "■ here  · not here  × exited  ▼ read  ! undefined  = off the edge (own)"
tui_expect_row 23 "Down step"

tui_keys Right # lane 5 reads lane 21
tui_wait "lane 5 sent"
tui_expect_row 14 "read lane 21 (outside the mask): undefined, got poison"
tui_keys Left Left Left Left Left # lane 0 reads lane 16, validly
tui_wait "lane 0 sent"
tui_expect_row 14 "read lane 16, got"
tui_expect_row 15 "lane 16, its source, sent"
tui_expect_at 12 2 "4 lanes still hold a partial sum; lane 0 holds lanes 0, 16"

tui_keys Down # offset 8: lanes 0 to 3 read the poisoned lanes 8 to 11
tui_wait "step 3 of 7"
tui_expect_at 12 2 "0 lanes still hold a partial sum"
tui_keys Up Up # the ballot that made the mask
tui_wait "step 1 of 7  shuffles.cu:"
tui_expect_row 1 "vote ballot"
tui_expect_row 14 "lane 0 gave 1, got 0x000fffff"

# Tab: the day's next kernels, block 0 warp 0 of the course size, from the
# first: the shared tree's __syncwarp()s, the honest ladder (16 lanes hold a
# partial sum after its first step, then 8, ..., 1) and the butterfly (32 at
# every step).
tui_keys Tab
tui_wait "Warp stepper · reduceRowsShared, block (0,0,0) warp 0"
tui_wait_grade "step 1 of 6"
tui_expect_row 1 "syncwarp"
tui_keys Tab
tui_wait "Warp stepper · reduceRowsPadded"
tui_wait_grade "step 1 of 6"
tui_expect_row 1 "shuffle down"
tui_expect_at 12 2 "16 lanes still hold a partial sum; lane 0 holds lanes 0, 16"
tui_expect_at 11 12 "■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■ ■"
tui_keys End Up
tui_wait "step 5 of 6"
tui_expect_at 12 2 "1 lane still holds a partial sum; lane 0 holds lanes 0-31"
tui_keys Tab
tui_wait "Warp stepper · reduceRowsButterfly"
tui_wait_grade "step 1 of 5"
tui_expect_row 1 "shuffle bfly"
tui_expect_at 10 12 "▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼ ▼"
tui_expect_at 12 2 "32 lanes still hold a partial sum; lane 0 holds lanes 0, 16"
tui_expect_at 9 12 "┌───────────────────────────────┘" # lane 0 reads lane 16
tui_expect_row 23 "Tab kernel"

tui_keys q
tui_wait "Day 23 · Warp shuffles and honest masks"

# Two mask hazards at different lines: the ladder's broadcast with the mask
# of lanes 0 to 15 (line 99, reduceRowsPadded, listed first) and the
# ballot-down kernel's (line 143). s opens the hazard in view: none in view
# (the report's top), the first; both headings in view, the topmost; scrolled
# past the first's heading, the second, at its own step and line.
tui_student_file "$(sed '99s/__shfl_sync(kFullMask, sum, 0)/__shfl_sync(0x0000ffffu, sum, 0)/' \
    "$TUI_ROOT/tests/fixtures/day23/ballot_down_full.cu")"
tui_keys g
tui_wait_grade "graded 2 times · s steps its warp"
tui_expect_not "in reduceRowsPadded at shuffles.cu:99"
tui_keys s
tui_wait "Warp stepper · reduceRowsPadded, block (0,0,0) warp 0"
tui_wait_grade "shuffles.cu:99  shuffle idx"
tui_keys q
tui_wait "Day 23 · Warp shuffles and honest masks"
tui_find "Hazards" NPage # the section's heading, past the tables
tui_find "in reduceRowsBallotDown at shuffles.cu:143" Down
tui_expect "in reduceRowsPadded at shuffles.cu:99"
tui_keys s
tui_wait "Warp stepper · reduceRowsPadded, block (0,0,0) warp 0"
tui_wait_grade "shuffles.cu:99  shuffle idx"
tui_keys q
tui_wait "Day 23 · Warp shuffles and honest masks"
for i in $(seq 20); do
    tui_screen | grep -qF "in reduceRowsPadded at shuffles.cu:99" || break
    tui_keys Down
    sleep 0.1
done
tui_expect_not "in reduceRowsPadded at shuffles.cu:99"
tui_expect "in reduceRowsBallotDown at shuffles.cu:143"
tui_keys s
tui_wait "Warp stepper · reduceRowsBallotDown, block (0,0,0) warp 0"
tui_wait_grade "step 2 of 7  shuffles.cu:143  shuffle down"
tui_expect_at 2 2 "mask passed 0x000fffff  lanes here 0x000fffff (20)"
tui_keys q
tui_wait "Day 23 · Warp shuffles and honest masks"

# A day of a program of launches (day 30's scan, the reference's file): s
# steps through the first launch of its first kernel, and Tab through the
# first launch of the next, which scans the sums the launches before it left.
mkdir -p "$WORK/day30-scan"
cp "$TUI_ROOT/solutions/day30-scan/scan.cu" "$WORK/day30-scan/scan.cu"
tui_keys q
tui_wait "Scan of any length"
tui_open "Scan of any length"
tui_wait "Day 30 · Scan of any length"
tui_keys s
tui_wait "Warp stepper · scanBlocks, block (0,0,0) warp 0"
tui_wait_grade "step 1 of 10  scan.cu:20  shuffle up"
tui_keys Tab
tui_wait "Warp stepper · scanBlockSums, block (0,0,0) warp 0"
tui_wait_grade "step 1 of 10  scan.cu:20  shuffle up"
tui_keys q
tui_wait "Day 30 · Scan of any length"
tui_quit 0 Q
