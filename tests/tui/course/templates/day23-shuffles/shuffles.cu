// Day 23: warp shuffles. TODO: write reduceRowsBallotDown.
__global__ void reduceRowsBallotDown(const float* in, float* out, int rows, int live,
                                     int stride)
{
    // TODO
}
