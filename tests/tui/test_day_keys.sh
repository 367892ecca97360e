#!/usr/bin/env bash
# The day's keys: the editor gets the real terminal and the screen comes
# back; hints one at a time; the diff against the template; reset asks
# first and keeps a backup.
. "$(dirname "$0")/lib.sh"
file="$WORK/day23-shuffles/shuffles.cu"
cat >"$TUI_TMP/editor.sh" <<EDIT
#!/bin/sh
# A scripted editor: says whether it has a terminal in its normal modes,
# saves an edit and exits.
seen=no-tty
if [ -t 0 ] && [ -t 1 ]; then seen=tty; fi
echo "\$seen" >"$TUI_TMP/editor.seen"
stty -a >>"$TUI_TMP/editor.seen" 2>&1
echo "// edited in the editor" >>"\$1"
EDIT
chmod +x "$TUI_TMP/editor.sh"
tui_start 100 30 "EDITOR='$TUI_TMP/editor.sh'"
tui_keys j Enter
tui_wait "Day 23 · Warp shuffles"
tui_expect "(copied from the"
[ -f "$file" ] || tui_fail "the template was not copied to $file"

# Editor.
tui_keys e
tui_wait "back from the editor; g grades your file"
tui_expect_at 0 1 "Day 23 · Warp shuffles"
grep -q "^tty$" "$TUI_TMP/editor.seen" || tui_fail "the editor had no terminal"
grep -q " icanon" "$TUI_TMP/editor.seen" || tui_fail "the editor got the terminal in curses modes"
grep -q "edited in the editor" "$file" || tui_fail "the editor's save is missing"

# Diff against the template, in a pager.
tui_keys d
tui_wait "diff -u template yours: shuffles.cu"
tui_expect "+// edited in the editor"
tui_expect_row 1 "--- $COURSE/templates/day23-shuffles/shuffles.cu"
tui_expect_row 2 "+++ $file"
tui_keys q
tui_wait "Day 23 · Warp shuffles"

# Hints, one at a time.
tui_expect_not "One warp a row"
tui_keys h
tui_wait "1. One warp a row; lane c owns column c."
tui_expect_at 28 1 "hint 1 of 3"
tui_expect "Hints (1 of 3 shown)"
tui_expect_not "2. Keep every lane"
tui_keys h h
tui_wait "hint 3 of 3 (the last one)"
tui_expect "3. A mask from __ballot_sync(0xffffffff, lane < live) still reads outside itself."
tui_expect "2. Keep every lane in every shuffle, with the mask 0xffffffff."

# Reset: n keeps the file; y puts the template back and keeps a backup.
tui_keys r
tui_wait "Put the template back over shuffles.cu? Your file is kept as a backup first. (y/n)"
tui_keys n
tui_wait "reset cancelled; your file is as it was"
grep -q "edited in the editor" "$file" || tui_fail "n reset the file"
tui_keys r
tui_wait "(y/n)"
tui_keys y
tui_wait "shuffles.cu is the template again; your file was kept as"
tui_expect_at 28 1 "$WORK/backups/day23-shuffles/shuffles.cu."
cmp -s "$file" "$COURSE/templates/day23-shuffles/shuffles.cu" || tui_fail "not the template"
grep -q "edited in the editor" "$WORK"/backups/day23-shuffles/shuffles.cu.* ||
    tui_fail "the backup does not hold the edit"

# The diff now says there is nothing.
tui_keys d
tui_wait "Your file is the same as the template: nothing written yet."
tui_quit 0 q q q
