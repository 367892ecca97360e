#!/usr/bin/env bash
# Installs the Debian packages cudalab builds and tests with, when any is
# missing. Quiet when everything is there already.
#   scripts/deps.sh [--fuzz]   --fuzz: also clang and libFuzzer (scripts/fuzz.sh)
set -euo pipefail
need=(build-essential cmake pkg-config libyaml-dev libncurses-dev libcjson-dev
      libcmocka-dev liblua5.4-dev tmux jq)
[ "${1:-}" = "--fuzz" ] && need+=(clang-14 libclang-rt-14-dev llvm-14)
missing=()
for p in "${need[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' \
        || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "cudalab: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then sudo="sudo"; else
        echo "cudalab: missing packages (${missing[*]}) and not root; install them and run again" >&2
        exit 2
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
