// Day 28's lesson, required without a GPU: the emulator's bank-conflict
// counter against the day's gate. This is the fixture whose transposePadded
// forgot the padding (tile[32][32]): it is right everywhere and has no hazard,
// and its counters are transposeTiled's. At the course size (4096 x 4096) the
// 524,288 column reads of the unpadded tile each need 31 extra passes,
// 16,252,928 in all, where the padded reference needs 0: 15.50 an access
// where the gate allows 1, so performance fails (exit 1) with the figure, the
// bound and the advice line. The modelled T4 time counts the conflicts: 0.691
// ms where the reference's is 0.436 ms (both were 0.419 ms when the model
// left bank conflicts out). The sectors: the naive kernel's stores touch 32
// sectors a request (16,777,216 written), the tiled kernels' 4 (2,097,152).
// e2e: day 28
// e2e: exit 1
// e2e: pass compile correctness barrier-honesty races memory resources
// e2e: fail performance
// e2e: detail performance shared bank conflicts/access 15.50, where the day's gate allows at most 1.00
// e2e: kernel transposePadded passed=false yours.bank_conflicts=16252928 reference.bank_conflicts=0
// e2e: kernel transposeTiled passed=true yours.bank_conflicts=16252928 reference.bank_conflicts=16252928
// e2e: kernel transposeNaive yours.bank_conflicts=0 yours.global_store_sectors=16777216 yours.global_sectors=18874368
// e2e: kernel transposePadded reference.global_store_sectors=2097152 reference.global_sectors=4194304
// e2e: output each shared access waits 15.5 extra wavefronts (the reference's 0)
// e2e-paste: days/day28-transpose/fixtures/padding-forgotten.cu
