"""Classroom 50 autograder for one day of the cudalab course.

Put this file at CLASSROOM/autograders/ASSIGNMENT/autograder.py in the
classroom's config repository, with the course beside it as `cudalab/` (a
student edition of the assignment's day: `cudalab pack student cudalab DAY`;
docs/classroom/README.md). Set DAY and SUBMISSION below.

Classroom 50's runner calls this once a submission, in the student's
checkout, with CLASSROOM, ASSIGNMENT, USERNAME, SUBMISSION_TAG, COMMIT_URL,
RELEASE_URL and REVIEW_URL in the environment. It installs what is missing
(the packages, the CUDA toolkit's nvcc: no GPU is needed, cudalab's emulator
runs the kernels), builds cudalab from the course beside it (never from the
student's checkout, which the student controls), and runs

    cudalab grade --classroom50 result.json -- DAY SUBMISSION

which writes ./result.json (classroom50/result/v1): a `compile` test worth
nothing, then one test a kernel's check with the grade's points, the same
points as `cudalab batch` and Gradescope give the same file. It exits 0
whenever result.json was written (a file that does not compile, or is not
there, scores 0); 1 when it could not be.

CUDALAB_BIN names a cudalab already built (then nothing is installed or
built); cudalab's CI runs this file that way (tests/pack/classroom_steps.c).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

DAY = "14"
SUBMISSION = "work/day14-syncthreads/syncthreads.cu"
CUDA = "13-0"  # the CUDA release the course's PTX was made with (X-Y): `cudalab doctor`

HERE = Path(__file__).resolve().parent
PACKAGES = ["build-essential", "cmake", "pkg-config", "libyaml-dev", "libcjson-dev",
            "libncurses-dev", "liblua5.4-dev", "ca-certificates", "wget"]


def run(*argv, **kw):
    print("+ " + " ".join(argv), flush=True)
    return subprocess.run(list(argv), check=True, **kw)


def nvcc():
    """The nvcc to use, installed from NVIDIA's apt repository if none is."""
    found = os.environ.get("CUDALAB_NVCC") or shutil.which("nvcc")
    if found:
        return found
    if Path("/usr/local/cuda/bin/nvcc").exists():
        return "/usr/local/cuda/bin/nvcc"
    release = os.environ.get("VERSION_ID") or subprocess.run(
        ["sh", "-c", ". /etc/os-release && echo $VERSION_ID"], capture_output=True, text=True,
        check=True).stdout.strip()
    repo = "ubuntu" + release.replace(".", "")
    keyring = ("https://developer.download.nvidia.com/compute/cuda/repos/%s/x86_64/"
               "cuda-keyring_1.1-1_all.deb" % repo)
    run("sudo", "apt-get", "update")
    run("sudo", "apt-get", "install", "-y", "--no-install-recommends", *PACKAGES)
    run("wget", "-q", "-O", "/tmp/cuda-keyring.deb", keyring)
    run("sudo", "dpkg", "-i", "/tmp/cuda-keyring.deb")
    run("sudo", "apt-get", "update")
    run("sudo", "apt-get", "install", "-y", "--no-install-recommends", "cuda-nvcc-" + CUDA,
        "cuda-cudart-dev-" + CUDA, "cuda-cccl-" + CUDA)
    return "/usr/local/cuda-%s/bin/nvcc" % CUDA.replace("-", ".")


def cudalab(course):
    """cudalab built from the course beside this file (or CUDALAB_BIN)."""
    if os.environ.get("CUDALAB_BIN"):
        return os.environ["CUDALAB_BIN"]
    build = HERE / "build"
    run("cmake", "-S", str(course), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
        "-DCUDALAB_TESTS=OFF")
    run("cmake", "--build", str(build), "-j", str(os.cpu_count() or 2))
    return str(build / "cudalab")


def main():
    course = HERE / "cudalab"
    if not (course / "days").is_dir():
        print("::error::no course beside autograder.py: put a student edition at "
              "%s (cudalab pack student DIR %s)" % (course, DAY), file=sys.stderr)
        return 1
    env = dict(os.environ, CUDALAB_COURSE=str(course), CUDALAB_WORKSPACE=str(HERE / "work"))
    try:
        env["CUDALAB_NVCC"] = nvcc()
        binary = cudalab(course)
    except subprocess.CalledProcessError as e:
        print("::error::could not install or build cudalab: %s" % e, file=sys.stderr)
        return 1
    result = Path("result.json")
    if result.exists():
        result.unlink()  # never a stale one from the student's checkout
    # The text report goes to the job's log; 0 passed, 1 not passed, 2 could
    # not grade (no file at SUBMISSION, it did not compile...): result.json
    # is written in every case, with the points earned (none for 2).
    rc = subprocess.run([binary, "grade", "--classroom50", str(result), "--", DAY, SUBMISSION],
                        env=env, check=False).returncode
    print("cudalab grade exited %d (0: every check passed, 1: not passed, 2: could not grade)"
          % rc, flush=True)
    return 0 if result.exists() else 1


if __name__ == "__main__":
    sys.exit(main())
