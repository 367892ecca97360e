# Compiles one course .cu file the way cudalab does and fails on any error or
# warning. Run by CTest (see suite.cmake):
#
#   cmake -DNVCC=/path/to/nvcc -DSRC=file.cu -DOUT=prefix [-DARCH=sm_80]
#         [-DNO_SPILLS=ON] [-DHOST=ON] -P nvcc_check.cmake
#
# ARCH is the day's architecture (its day.yaml's `arch:`), sm_75 by default.
# 1. nvcc -ptx -lineinfo -arch=ARCH: the PTX the emulator runs.
# 2. nvcc -cubin -arch=ARCH -Xptxas -v: the resource report (registers,
#    shared memory, spills) the report shows. With NO_SPILLS, any spill fails.
# HOST=ON compiles a file with host code instead (nvcc -c), for the bench.
# Prints "SKIPPED: ..." (which CTest turns into a skip) when nvcc is missing.
cmake_minimum_required(VERSION 3.20)
if(NOT NVCC OR NOT EXISTS "${NVCC}")
  message("SKIPPED: nvcc not found (looked on PATH and in /usr/local/cuda/bin); "
          "the course's .cu files were not compiled")
  return()
endif()

if(NOT ARCH)
  set(ARCH sm_75)
endif()

function(run_nvcc what)
  execute_process(COMMAND "${NVCC}" ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(all "${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} of ${SRC} failed (exit ${rc}):\n${all}")
  endif()
  # ptxas -v prints "ptxas info" lines; anything that says warning is a failure.
  string(REGEX MATCH "[^\n]*[Ww]arning[^\n]*" warning "${all}")
  if(warning)
    message(FATAL_ERROR "${what} of ${SRC} printed a warning:\n${all}")
  endif()
  set(nvcc_output "${all}" PARENT_SCOPE)
endfunction()

if(HOST)
  run_nvcc("host compile" -c -arch=sm_75 -Werror all-warnings -o "${OUT}.o" "${SRC}")
  message("${SRC}: compiles")
  return()
endif()

run_nvcc("nvcc -ptx" -ptx -lineinfo -arch=${ARCH} -Werror all-warnings
         -o "${OUT}.ptx" "${SRC}")
run_nvcc("nvcc -cubin" -cubin -arch=${ARCH} -Werror all-warnings -Xptxas -v
         -o "${OUT}.cubin" "${SRC}")
message("${nvcc_output}")

if(NO_SPILLS)
  string(REGEX MATCHALL "[0-9]+ bytes spill (stores|loads)" spills "${nvcc_output}")
  foreach(s IN LISTS spills)
    if(NOT s MATCHES "^0 ")
      message(FATAL_ERROR "${SRC}: ptxas reports ${s}; the course's limit is 0")
    endif()
  endforeach()
endif()
