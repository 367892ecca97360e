// Day 24's fixture of the mask that drifts from its `if`: rowsAllBelow votes
// inside `if (lane < live)` with a __ballot_sync(0xffffffff, row < rows &&
// lane < live) mask. Every flag is right (what a GPU shows), and the warps
// past the last row vote with a mask of 0 that does not name them: at the
// course size 3 of them; 3 hidden sizes have such warps too (1000 rows is a
// multiple of 8 and has none), counted as sizes, never as warps (their warps
// would tell their row counts).
// e2e: day 24
// e2e: exit 1
// e2e: pass compile correctness barrier-honesty races memory resources
// e2e: fail mask-honesty
// e2e: hazard mask-honesty kind=mask-not-member kernel=rowsAllBelow warp=5 lane=0 mask=0x00000000 count=3 sizes=4 hidden_sizes=3 hidden=false
// e2e: detail mask-honesty 1 hazard
// e2e: kernel rowsAllBelow passed=false yours.wrong=0
// e2e: kernel compactRows passed=true
// e2e-paste: days/day24-votes/fixtures/ballot_mask_drift.cu
