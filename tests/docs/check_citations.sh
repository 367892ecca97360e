#!/usr/bin/env bash
# Every document the repository cites is in it: fails, naming the file and
# line, when a tracked file
#   - names docs/SOMETHING (or a path ending in it) that does not exist,
#   - names a bare NAME.md ("design.md's contract") that is neither beside
#     it nor at the top of the repository (a page of docs/ is docs/NAME.md),
#   - links (Markdown [text](path), in a .md file) to a path that does not
#     exist beside it,
#   - points outside the repository (../shared, an absolute /work/...),
# or when `cudalab --help` or a command's --help (every command it lists)
# names a document that does not exist.
#
#   tests/docs/check_citations.sh ROOT CUDALAB
#
# Lines a test writes on purpose (a document named to see how it is shown)
# are listed, "FILE CITATION", in tests/docs/citations-allowed.txt.
set -euo pipefail
root=$1
bin=$2
cd "$root"
allowed="tests/docs/citations-allowed.txt"
bad=0
docs_re='[A-Za-z0-9_./${}-]*docs/([A-Za-z0-9_./-]*[A-Za-z0-9_])?'
bare_re='(^|[^A-Za-z0-9_./$*{}-])[A-Za-z0-9_-]+\.md\b'
outside_re='\.\./shared[A-Za-z0-9_./-]*|(^|[[:space:]"'"'"'(=<])/work/[A-Za-z0-9_./-]*'
link_re='\]\([^) ]+\)'

complain() {
    [ -f "$allowed" ] && grep -qxF "$1 $3" "$allowed" && return 0
    echo "$1:$2: cites '$3', $4" >&2
    bad=1
}

# Each reader takes "FILE:LINE:MATCH" lines.
check_docs() {
    local f n c
    while IFS=: read -r f n c; do
        local tail="docs/${c#*docs/}"
        [ -e "$c" ] || [ -e "$tail" ] || [ -e "$(dirname "$f")/$c" ] ||
            complain "$f" "$n" "$tail" "which is not in the repository"
    done
}
check_bare() {
    local f n c
    while IFS=: read -r f n c; do
        c=${c##*[!A-Za-z0-9_.-]}
        [ -e "$c" ] || [ -e "$(dirname "$f")/$c" ] ||
            complain "$f" "$n" "$c" "which is neither beside it nor at the top (docs/$c?)"
    done
}
check_outside() {
    local f n c
    while IFS=: read -r f n c; do complain "$f" "$n" "${c#[[:space:]\"\'(=<]}" "a path outside the repository"; done
}
check_links() {
    local f n c
    while IFS=: read -r f n c; do
        c=${c#](}
        c=${c%)}
        c=${c%%#*}
        [ -n "$c" ] || continue
        [[ "$c" == http://* || "$c" == https://* || "$c" == mailto:* ]] && continue
        [ -e "$(dirname "$f")/$c" ] || complain "$f" "$n" "$c" "a link to nothing beside $f"
    done
}

# The tracked files (the allow-list and this script aside; git grep -I skips
# binary files; the GPU records of tests/golden/gpu are hex data, no text,
# and one line of 2 MB there kept these patterns busy for hours), and the man
# pages with roff's \- read as -.
grep_all() {
    git grep -I -noE "$1" -- . ":!$allowed" ":!tests/docs/check_citations.sh" ":!*.1" \
        ":!tests/golden/gpu" || true
    local page
    while IFS= read -r page; do
        sed 's/\\-/-/g' "$page" | grep -noE "$1" | sed "s|^|$page:|" || true
    done < <(git ls-files '*.1')
}
check_docs < <(grep_all "$docs_re")
check_bare < <(grep_all "$bare_re")
check_outside < <(grep_all "$outside_re")
check_links < <(git grep -I -noE "$link_re" -- '*.md' || true)

# What the program says: its usage and every command's help.
commands=$("$bin" --help | sed -n 's/^ *cudalab \([a-z][a-z-]*\)\( .*\)\{0,1\}$/\1/p' | sort -u)
[ -n "$commands" ] || { echo "no commands in cudalab --help" >&2; exit 1; }
said() { # LABEL: the help text as "LABEL:LINE:MATCH" for the pattern $2
    grep -noE "$2" | sed "s|^|$1:|" || true
}
for c in "" $commands; do
    label="cudalab ${c:+$c }--help"
    text=$("$bin" $c --help)
    check_docs < <(said "$label" "$docs_re" <<<"$text")
    check_bare < <(said "$label" "$bare_re" <<<"$text")
    check_outside < <(said "$label" "$outside_re" <<<"$text")
done

if [ "$bad" != 0 ]; then
    echo "FAIL: the repository cites documents it does not have (above)" >&2
    exit 1
fi
echo "every cited document is in the repository (cudalab --help and $(echo "$commands" | wc -w) commands' help read)"
