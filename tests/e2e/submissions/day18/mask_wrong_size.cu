// A day's __constant__ symbol the student's file declares at another size:
// day 18 fills a 5 x 5 float mask (100 bytes) and this file's holds 36. The
// kernel cannot be run as the day describes: it is not run, and correctness
// fails with the symbol, the size the day fills and the template's
// declaration; the other checks find nothing to object to. Graded with the
// emulator, exit 1, never "could not grade".
// e2e: day 18
// e2e: exit 1
// e2e: fail correctness
// e2e: pass compile memory races
// e2e: detail correctness conv2d: your file declares no __constant__ mask of 100 bytes (25 elements of float), which the day fills
// e2e: kernel conv2d passed=false
// e2e-paste: days/day18-conv2d/fixtures/mask_wrong_size.cu
