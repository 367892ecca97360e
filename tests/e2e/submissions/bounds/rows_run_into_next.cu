// Day 28's square-only guard: at a size that is not square, a block's rows
// run into the next block's, so two blocks store to one element of out and
// which value stays depends on which block stores last. Nothing in the PTX
// says so (every store address follows the block index); the emulator sees
// the two stores while the blocks run (at a hidden size, on one host thread
// as on several) and runs the launch again, one block at a time in index
// order, then in other orders, where the element ends different: races
// (order-dependent), the same report with 1, 2 or 4 threads. And the same from an empty cache, where the reference runs
// (and allocates) first, as from a warm one: the out-of-bounds store's
// address in the message was once higher when the reference had run.
// e2e: day 28
// e2e: exit 1
// e2e: fail correctness
// e2e: fail memory
// e2e: fail races
// e2e: threads-invariant
// e2e: cache-invariant
// e2e: max-seconds 60
// e2e: max-mib 2048
// e2e-paste: days/day28-transpose/fixtures/square-only-guard.cu
