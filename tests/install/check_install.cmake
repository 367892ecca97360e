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
# A day written only as data (examples/days/day08-saxpy: manifest, README,
# template, solution, fixtures) dropped into the installed course: listed,
# graded and checked by the installed binary, with no rebuild.
set(course ${PREFIX}/share/cudalab)
file(COPY ${EXAMPLES}/days/day08-saxpy/ DESTINATION ${course}/days/day08-saxpy)
file(COPY ${EXAMPLES}/templates/day08-saxpy/saxpy.cu DESTINATION ${course}/templates/day08-saxpy)
file(COPY ${EXAMPLES}/solutions/day08-saxpy/saxpy.cu DESTINATION ${course}/solutions/day08-saxpy)
set(run ${CMAKE_COMMAND} -E env --unset=CUDALAB_COURSE CUDALAB_WORKSPACE=${PREFIX}/ws
        CUDALAB_CACHE=${PREFIX}/cache ${PREFIX}/bin/cudalab)
# `${run} ARGS...` must exit with want and print what matches regex.
function(expect want regex what)
  execute_process(COMMAND ${run} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL want OR NOT out MATCHES "${regex}")
    message(FATAL_ERROR "${what}: exit ${rc}\n${out}\n${err}")
  endif()
endfunction()
expect(0 "day08-saxpy +SAXPY and the grid-stride loop" "the new day is not listed" list)
expect(0 "PASSED" "the new day's solution does not pass" grade 8 ${course}/solutions/day08-saxpy/saxpy.cu)
expect(1 "of 4194304 elements wrong" "one_pass.cu must fail correctness at the course size"
       grade 8 ${course}/days/day08-saxpy/fixtures/one_pass.cu --json)
expect(0 "fixtures/no_guard.cu.*every check passed" "check-course 8 on the installed binary" check-course 8)
# A second day written from an empty folder (examples/days/day33-dot):
# a dot product whose fixtures include a plain `*out += s` from every block,
# which the emulator's in-order blocks sum right and whose race-global
# hazard fails races, as the fixture's comment says.
file(COPY ${EXAMPLES}/days/day33-dot/ DESTINATION ${course}/days/day33-dot)
file(COPY ${EXAMPLES}/templates/day33-dot/dot.cu DESTINATION ${course}/templates/day33-dot)
file(COPY ${EXAMPLES}/solutions/day33-dot/dot.cu DESTINATION ${course}/solutions/day33-dot)
expect(0 "fixtures/lastblock_nofence.cu +4 checks as its comments say.*fixtures/plain_add.cu +4 checks as its comments say.*every check passed"
       "check-course 33 on the installed binary" check-course 33)
expect(1 "\"kind\":[ \t]*\"race-global\"" "plain_add.cu must fail races with a race-global hazard"
       grade 33 ${course}/days/day33-dot/fixtures/plain_add.cu --json)
# A day added as data alone, no rebuild: the installed binary scaffolds it
# in the installed course, lists it as one that can be graded, and
# check-course grades its template, solution and fixture.
set(env ${CMAKE_COMMAND} -E env --unset=CUDALAB_COURSE CUDALAB_WORKSPACE=${PREFIX}/ws
        CUDALAB_CACHE=${PREFIX}/cache NO_COLOR=1)
# A number the course has already is refused, nothing written (day 7 is
# day07-matmul).
execute_process(COMMAND ${env} ${PREFIX}/bin/cudalab new 7 vecadd
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "day 7 is day07-matmul already"
   OR EXISTS ${PREFIX}/share/cudalab/days/day07-vecadd)
  message(FATAL_ERROR "installed cudalab new 7 vecadd must be refused: exit ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${env} ${PREFIX}/bin/cudalab new 3 vecadd
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT EXISTS ${PREFIX}/share/cudalab/days/day03-vecadd/day.yaml
   OR NOT EXISTS ${PREFIX}/share/cudalab/solutions/day03-vecadd/vecadd.cu)
  message(FATAL_ERROR "installed cudalab new 3 vecadd: exit ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${env} ${PREFIX}/bin/cudalab list
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "3 +day03-vecadd" OR out MATCHES "cannot be graded")
  message(FATAL_ERROR "installed cudalab list after new: exit ${rc}\n${out}\n${err}")
endif()
# It grades as scaffolded; check-course fails it only on the scaffold's
# "TODO" left in the title, topic and hint (issue 33).
execute_process(COMMAND ${env} ${PREFIX}/bin/cudalab check-course 3
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT out MATCHES "template +compiles and fails"
   OR NOT out MATCHES "ok +solution +passes every check"
   OR NOT out MATCHES "ok +fixtures/no_bounds_check.cu"
   OR NOT out MATCHES "FAIL +words +\"TODO\" left in day.yaml's title, topic, hint 1"
   OR NOT out MATCHES "ok +docs/glossary.md")
  message(FATAL_ERROR "installed cudalab check-course 3: exit ${rc}\n${out}\n${err}")
endif()
# new --program scaffolds a day that is a program (its kernel launched
# twice); it too fails only on its TODOs, and says what its program did.
execute_process(COMMAND ${env} ${PREFIX}/bin/cudalab new 4 twice --program
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
execute_process(COMMAND ${env} ${PREFIX}/bin/cudalab check-course 4
                RESULT_VARIABLE rc2 OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT rc2 EQUAL 1 OR NOT out MATCHES "ok +solution +passes every check"
   OR NOT out MATCHES "ok +program +every stage ran; 2 launches at the course size"
   OR NOT out MATCHES "template +compiles and fails" OR NOT out MATCHES "FAIL +words")
  message(FATAL_ERROR "installed cudalab new 4 twice --program: exit ${rc} ${rc2}\n${out}\n${err}")
endif()
# new --help says where it writes and what comes next.
execute_process(COMMAND ${env} ${PREFIX}/bin/cudalab new --help
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "into the course folder"
   OR NOT out MATCHES "templates/dayNN-TOPIC/TOPIC.cu" OR NOT out MATCHES "Next: `cudalab check-course NN`")
  message(FATAL_ERROR "installed cudalab new --help: exit ${rc}\n${out}\n${err}")
endif()
