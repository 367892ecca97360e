// Host code in the student's file: compiled by nvcc's host pass at most, never
// linked and never run. The grade says so and goes on.
// e2e: day 14
// e2e: exit 0
// e2e: pass compile correctness
// e2e: output main()
#include <cstdlib>
// e2e-paste: solutions/day14-syncthreads/syncthreads.cu

int main()
{
    return std::system("touch /tmp/cudalab-student-host-code-ran");
}
