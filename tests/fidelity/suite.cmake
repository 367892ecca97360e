# The fidelity check against real hardware (see tests/fidelity/README.md):
# fidelity_compare runs the PTX of fidelity.cu in the emulator and compares it
# with a GPU's results file. The CTest compares with the results recorded on
# an H200 (h200_results.bin), when nvcc is here to make the PTX.
set(CUDALAB_FIDELITY_DIR ${CMAKE_CURRENT_LIST_DIR})
add_executable(fidelity_compare ${CUDALAB_FIDELITY_DIR}/fidelity_compare.c)
target_include_directories(fidelity_compare PRIVATE ${CUDALAB_FIDELITY_DIR})
target_link_libraries(fidelity_compare PRIVATE cudalab_grader)

find_program(CUDALAB_FIDELITY_NVCC nvcc HINTS /usr/local/cuda/bin ENV CUDA_HOME PATH_SUFFIXES bin)
if(CUDALAB_FIDELITY_NVCC)
  set(fidelity_ptx ${CMAKE_BINARY_DIR}/fidelity/fidelity.ptx)
  file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/fidelity)
  add_custom_command(OUTPUT ${fidelity_ptx}
    COMMAND ${CUDALAB_FIDELITY_NVCC} -ptx -lineinfo -arch=sm_75 -I${CUDALAB_FIDELITY_DIR}
            ${CUDALAB_FIDELITY_DIR}/fidelity.cu -o ${fidelity_ptx}
    DEPENDS ${CUDALAB_FIDELITY_DIR}/fidelity.cu ${CUDALAB_FIDELITY_DIR}/fidelity_ops.h
    COMMENT "nvcc -ptx fidelity.cu" VERBATIM)
  add_custom_target(fidelity_ptx ALL DEPENDS ${fidelity_ptx})
  if(EXISTS ${CUDALAB_FIDELITY_DIR}/h200_results.bin)
    add_test(NAME fidelity_h200
             COMMAND fidelity_compare ${fidelity_ptx} ${CUDALAB_FIDELITY_DIR}/h200_results.bin)
  endif()
endif()
