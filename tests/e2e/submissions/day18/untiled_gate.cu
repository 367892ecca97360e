// Day 18's constant mask reaches the kernel on the emulator and the day's
// gate judges the tile: the untiled kernel is right at every size with the
// mask the manifest fills (a mask of zeros would make every output 0 and
// the flipped-mask fixture pass), and moves 150.6 MB where the reference's
// halo tile moves 15.9 MB and the gate allows twice that.
// e2e: day 18
// e2e: exit 1
// e2e: pass compile correctness barrier-honesty races memory resources
// e2e: fail performance
// e2e: detail performance conv2d: bytes moved 150.6 MB, where the day's gate allows at most 2 x the reference's 15.9 MB = 31.7 MB
// e2e: kernel conv2d passed=false yours.performance.bytes_moved=150560896 reference.performance.bytes_moved=15872256
// e2e-paste: days/day18-conv2d/fixtures/untiled.cu
