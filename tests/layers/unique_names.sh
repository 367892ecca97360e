#!/usr/bin/env bash
# No two C sources or headers under grader/ and runner/ share a file name:
# a name says what the file holds wherever it is quoted (a stack trace, a
# profile, a grep), without its folder. docs/architecture.md, "Layers".
set -euo pipefail
cd "${1:?usage: unique_names.sh ROOT}"
dups=$(find grader runner -name '*.[ch]' -printf '%f\n' | sort | uniq -d)
if [ -n "$dups" ]; then
    for name in $dups; do
        echo "unique_names: $name is the name of more than one file:" >&2
        find grader runner -name "$name" -printf '  %p\n' >&2
    done
    exit 1
fi
echo "unique_names: $(find grader runner -name '*.[ch]' | wc -l) files, no name twice"
