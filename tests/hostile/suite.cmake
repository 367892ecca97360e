# Hostile submissions: files written as an attacker would, each graded by
# hostile_runner with the real binary under the suite's caps (15 s and
# 2 GiB a grade, with --threads 64; for sanitizer builds, which measured 3
# times slower and up to twice as big on the course's solutions, 45 s and
# 4 GiB, with the default threads)
# and held to the verdict written in its comments. One CTest test a file,
# label `hostile`.
add_executable(hostile_runner ${CMAKE_CURRENT_LIST_DIR}/hostile_runner.c
                              ${CMAKE_CURRENT_LIST_DIR}/watch.c)
target_link_libraries(hostile_runner PRIVATE cudalab_grader)
if(CUDALAB_SANITIZE)
  # the grade's own CPU cap is eight times longer in a sanitizer build
  # (grade/run_kernel.c): a runaway late in the grid costs about that much more
  set(HOSTILE_SCALE --time-scale 8 --mem-scale 2)
  set(HOSTILE_TIMEOUT 600)
else()
  set(HOSTILE_SCALE)
  set(HOSTILE_TIMEOUT 300)
endif()

file(GLOB HOSTILE_CASES CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/day*/*.cu)
foreach(case ${HOSTILE_CASES})
  get_filename_component(name ${case} NAME_WE)
  get_filename_component(dir ${case} DIRECTORY)
  get_filename_component(dir ${dir} NAME)
  add_test(NAME hostile_${dir}_${name}
           COMMAND hostile_runner $<TARGET_FILE:cudalab> ${case} ${HOSTILE_SCALE})
  set_tests_properties(hostile_${dir}_${name} PROPERTIES
      ENVIRONMENT "CUDALAB_COURSE=${CUDALAB_COURSE_DIR}" LABELS hostile TIMEOUT ${HOSTILE_TIMEOUT})
endforeach()

# The runner's own checks, against a stand-in that misbehaves one way each:
# the runner must fail, saying why.
set(HOSTILE_SELFTESTS
    "esc|control character U\\+001B"
    "cr|control character U\\+000D"
    "c1|control character U\\+009B"
    "utf8|is not UTF-8"
    "json|not one JSON object"
    "marker|a new file appeared in the grade's working folder: marker"
    "orphan|1 process\\(es\\) still running a second after cudalab exited"
    "hang|still running at .* killed"
    "memory|over the cap of 205 MiB"
    "abort|died of signal 6"
    "exit3|exit status 3 is none of 0, 1, 2")
foreach(selftest ${HOSTILE_SELFTESTS})
  string(REPLACE "|" ";" parts "${selftest}")
  list(GET parts 0 how)
  list(GET parts 1 says)
  add_test(NAME hostile_selftest_${how}
           COMMAND hostile_runner ${CMAKE_CURRENT_LIST_DIR}/fake_cudalab.sh
                   ${CMAKE_CURRENT_LIST_DIR}/day14/trap_always.cu --time-scale 0.1 --mem-scale 0.1)
  set_tests_properties(hostile_selftest_${how} PROPERTIES
      ENVIRONMENT "HOSTILE_FAKE=${how}" LABELS hostile TIMEOUT 60
      PASS_REGULAR_EXPRESSION "FAIL: [^\n]*${says}")
endforeach()
# ... and a stand-in that behaves: the runner passes it.
add_test(NAME hostile_selftest_clean
         COMMAND hostile_runner ${CMAKE_CURRENT_LIST_DIR}/fake_cudalab.sh
                 ${CMAKE_CURRENT_LIST_DIR}/day14/trap_always.cu --time-scale 0.1 --mem-scale 0.1)
set_tests_properties(hostile_selftest_clean PROPERTIES
    ENVIRONMENT "HOSTILE_FAKE=clean" LABELS hostile TIMEOUT 60)
