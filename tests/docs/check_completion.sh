#!/usr/bin/env bash
# The bash completion (scripts/cudalab-completion.bash) offers every command
# of `cudalab --help` and, for each command, every option its --help lists,
# with --help and --version: it is sourced, and asked as bash would ask.
#
#   tests/docs/check_completion.sh ROOT CUDALAB
set -euo pipefail
root=$1
bin=$2
. "$root/scripts/cudalab-completion.bash"
bad=0
ask() { # the words offered for the command line "$@" (the last word being completed)
    COMP_WORDS=(cudalab "$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _cudalab
    printf '%s\n' "${COMPREPLY[@]}"
}
commands=$("$bin" --help | sed -n 's/^ *cudalab \([a-z][a-z-]*\)\( .*\)\{0,1\}$/\1/p' | sort -u)
offered=$(ask "")
for c in $commands --help --version; do
    grep -qxF -- "$c" <<<"$offered" || { echo "cudalab <TAB> does not offer $c" >&2; bad=1; }
done
for c in $commands; do
    offered=$(ask "$c" "--")
    for o in $("$bin" "$c" --help | grep -oE '^  (--[a-z][a-z0-9-]*)' | tr -d ' ' | sort -u) --help --version; do
        grep -qxF -- "$o" <<<"$offered" || { echo "cudalab $c --<TAB> does not offer $o" >&2; bad=1; }
    done
done
[ "$bad" = 0 ] || { echo "FAIL: scripts/cudalab-completion.bash is behind --help (above)" >&2; exit 1; }
echo "the completion offers $(wc -w <<<"$commands") commands and their options"
