// Day 28's number without a GPU: the emulator's bank-conflict counter. This
// is the fixture whose transposePadded forgot the padding (tile[32][32]): it
// passes every check, and its counters are transposeTiled's. At the course
// size (4096 x 4096) the 524,288 column reads of the unpadded tile each need
// 31 extra passes, 16,252,928 in all, where the padded reference needs 0; the
// performance section shows 15.5 extra passes an access and a line of advice.
// The sectors: the naive kernel's stores touch 32 sectors a request
// (16,777,216 written), the tiled kernels' 4 (2,097,152).
// e2e: day 28
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources
// e2e: kernel transposePadded passed=true yours.bank_conflicts=16252928 reference.bank_conflicts=0
// e2e: kernel transposeTiled yours.bank_conflicts=16252928 reference.bank_conflicts=16252928
// e2e: kernel transposeNaive yours.bank_conflicts=0 yours.global_store_sectors=16777216 yours.global_sectors=18874368
// e2e: kernel transposePadded reference.global_store_sectors=2097152 reference.global_sectors=4194304
// e2e: output each shared access waits 15.5 extra wavefronts (the reference's 0)
// e2e-paste: days/day28-transpose/fixtures/padding-forgotten.cu
