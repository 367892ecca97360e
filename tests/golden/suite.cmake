# Golden programs for the emulator: every tests/golden/*.cu is compiled to PTX
# by nvcc at build time (nvcc -ptx -lineinfo -arch=sm_75, as the course
# does; a `// arch: sm_80` line asks for another architecture), every *.ptx
# is used as it is, and every *.golden names its source with a `// source:`
# line. Each is one CTest test, run by golden_runner, which
# reads the expected outcome from the comments. Without nvcc the .cu tests
# report "skipped".
set(CUDALAB_GOLDEN_DIR ${CMAKE_CURRENT_LIST_DIR})
find_program(CUDALAB_NVCC nvcc HINTS /usr/local/cuda/bin ENV CUDA_HOME PATH_SUFFIXES bin)

add_executable(golden_runner ${CUDALAB_GOLDEN_DIR}/golden_runner.c ${CUDALAB_GOLDEN_DIR}/golden_gpu.c)
target_link_libraries(golden_runner PRIVATE cudalab_grader)

set(CUDALAB_GOLDEN_PTX_OUT ${CMAKE_BINARY_DIR}/golden)
file(MAKE_DIRECTORY ${CUDALAB_GOLDEN_PTX_OUT})
set(CUDALAB_GOLDEN_BUILT "")

# cudalab_golden_cu(NAME SOURCE SPEC)
function(cudalab_golden_cu name src spec)
  set(ptx ${CUDALAB_GOLDEN_PTX_OUT}/${name}.ptx)
  # `// arch: sm_80` in the source builds it for that architecture instead
  file(STRINGS ${src} archline REGEX "^// arch: sm_[0-9]+$")
  set(arch sm_75)
  if(archline)
    string(REGEX REPLACE "^// arch: *" "" arch "${archline}")
  endif()
  if(CUDALAB_NVCC)
    add_custom_command(OUTPUT ${ptx}
      COMMAND ${CUDALAB_NVCC} -ptx -lineinfo -arch=${arch} ${src} -o ${ptx}
      DEPENDS ${src}
      COMMENT "nvcc -ptx ${name}"
      VERBATIM)
    set(CUDALAB_GOLDEN_BUILT ${CUDALAB_GOLDEN_BUILT} ${ptx} PARENT_SCOPE)
  endif()
  # A GPU's record of the same cases (tests/golden/gpu/NAME.h200, made on an
  # H200 with --gpu-record): the emulator's outputs must equal it.
  set(record ${CUDALAB_GOLDEN_DIR}/gpu/${name}.h200)
  if(EXISTS ${record})
    add_test(NAME golden_${name} COMMAND golden_runner ${spec} ${ptx} --gpu-results ${record})
  else()
    add_test(NAME golden_${name} COMMAND golden_runner ${spec} ${ptx})
  endif()
  set_tests_properties(golden_${name} PROPERTIES SKIP_RETURN_CODE 77)
endfunction()

# tests/golden/conformance/ holds the conformance corpus: kernels in the
# shapes real CUDA code takes, in the same format.
file(GLOB CUDALAB_GOLDEN_CU CONFIGURE_DEPENDS ${CUDALAB_GOLDEN_DIR}/*.cu
                                              ${CUDALAB_GOLDEN_DIR}/conformance/*.cu)
foreach(src ${CUDALAB_GOLDEN_CU})
  get_filename_component(name ${src} NAME_WE)
  cudalab_golden_cu(${name} ${src} ${src})
endforeach()

file(GLOB CUDALAB_GOLDEN_SPECS CONFIGURE_DEPENDS ${CUDALAB_GOLDEN_DIR}/*.golden)
foreach(spec ${CUDALAB_GOLDEN_SPECS})
  get_filename_component(name ${spec} NAME_WE)
  file(STRINGS ${spec} srcline REGEX "^// source: ")
  string(REGEX REPLACE "^// source: *" "" rel "${srcline}")
  get_filename_component(src ${CUDALAB_GOLDEN_DIR}/${rel} ABSOLUTE)
  cudalab_golden_cu(${name} ${src} ${spec})
endforeach()

file(GLOB CUDALAB_GOLDEN_PTXS CONFIGURE_DEPENDS ${CUDALAB_GOLDEN_DIR}/*.ptx)
foreach(ptx ${CUDALAB_GOLDEN_PTXS})
  get_filename_component(name ${ptx} NAME_WE)
  add_test(NAME golden_${name} COMMAND golden_runner ${ptx} ${ptx})
endforeach()

add_custom_target(golden_ptx ALL DEPENDS ${CUDALAB_GOLDEN_BUILT})
