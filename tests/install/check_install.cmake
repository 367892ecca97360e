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
# A day written only as data (tests/authoring/day08-saxpy: manifest, README,
# template, solution, fixtures) dropped into the installed course: listed,
# graded and checked by the installed binary, with no rebuild.
set(course ${PREFIX}/share/cudalab)
set(day ${AUTHORING}/day08-saxpy)
file(COPY ${day}/days/ DESTINATION ${course}/days/day08-saxpy)
file(COPY ${day}/templates/saxpy.cu DESTINATION ${course}/templates/day08-saxpy)
file(COPY ${day}/solutions/saxpy.cu DESTINATION ${course}/solutions/day08-saxpy)
set(run ${CMAKE_COMMAND} -E env --unset=CUDALAB_COURSE CUDALAB_WORKSPACE=${PREFIX}/ws
        CUDALAB_CACHE=${PREFIX}/cache ${PREFIX}/bin/cudalab)
execute_process(COMMAND ${run} list RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "day08-saxpy +SAXPY and the grid-stride loop")
  message(FATAL_ERROR "the new day is not listed: exit ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${run} grade 8 ${course}/solutions/day08-saxpy/saxpy.cu
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "PASSED")
  message(FATAL_ERROR "the new day's solution does not pass: exit ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${run} grade 8 ${course}/days/day08-saxpy/fixtures/one_pass.cu --json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT out MATCHES "of 4194304 elements wrong")
  message(FATAL_ERROR "one_pass.cu must fail correctness at the course size: exit ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${run} check-course 8 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "fixtures/no_guard.cu" OR NOT out MATCHES "every check passed")
  message(FATAL_ERROR "check-course 8 on the installed binary: exit ${rc}\n${out}\n${err}")
endif()
