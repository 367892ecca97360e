#!/usr/bin/env bash
# bench/gpu_round/pack.sh BIN [COMMIT] - makes the folder verify.sh takes:
# the source at COMMIT (default HEAD) built in Release, its binaries, the
# shared libraries they load (from ldd, less the C library's own), and the
# golden programs' PTX. Run here, on the development machine; then carry BIN
# to the GPU machine and run bench/gpu_round/verify.sh BIN there.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${1:?usage: pack.sh BIN [COMMIT]}"; commit="${2:-HEAD}"
build="${bin}-build"
rm -rf "$bin/src" "$bin/bin" "$bin/lib" "$bin/ptx"
mkdir -p "$bin/src" "$bin/bin" "$bin/lib" "$bin/ptx"
git -C "$root" archive "$commit" | tar -x -C "$bin/src"
cmake -S "$bin/src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCUDALAB_SANITIZE=OFF >/dev/null
cmake --build "$build" -j2 --target cudalab e2e_runner golden_runner golden_ptx >/dev/null
cp "$build"/golden/*.ptx "$bin/ptx/"
for b in cudalab tests/e2e_runner tests/golden_runner; do
    cp "$build/$b" "$bin/bin/"; strip "$bin/bin/$(basename "$b")"
done
ldd "$bin/bin/cudalab" "$bin/bin/e2e_runner" "$bin/bin/golden_runner" | awk '/=> \//{print $3}' | sort -u |
    grep -v -E '/lib(c|m|dl|pthread|rt)\.so' | xargs -I{} cp -L {} "$bin/lib/"
echo "packed $(git -C "$root" rev-parse --short "$commit"): $(ls "$bin/ptx" | wc -l) ptx, $(du -sh "$bin" | cut -f1)"
