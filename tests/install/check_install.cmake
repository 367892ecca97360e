# Run by the install_prefix test: install, then use the installed cudalab.
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${PREFIX}
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed: ${rc}")
endif()
foreach(f bin/cudalab share/man/man1/cudalab.1 share/bash-completion/completions/cudalab
          share/cudalab/days/day23-shuffles/day.yaml share/cudalab/solutions/day25-cascade/cascade.cu
          share/cudalab/templates/day14-syncthreads/syncthreads.cu
          share/doc/cudalab/student-guide.md)
  if(NOT EXISTS ${PREFIX}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
# The installed binary, with no CUDALAB_COURSE, lists the installed course.
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=CUDALAB_COURSE
                        CUDALAB_WORKSPACE=${PREFIX}/ws ${PREFIX}/bin/cudalab list
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "day23-shuffles" OR NOT out MATCHES "day25-cascade")
  message(FATAL_ERROR "installed cudalab list: exit ${rc}\n${out}\n${err}")
endif()
# It read PREFIX/share/cudalab, not the checkout: doctor names the course folder.
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=CUDALAB_COURSE
                        CUDALAB_WORKSPACE=${PREFIX}/ws ${PREFIX}/bin/cudalab doctor
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT out MATCHES "share/cudalab")
  message(FATAL_ERROR "installed cudalab doctor does not name PREFIX/share/cudalab:\n${out}\n${err}")
endif()
