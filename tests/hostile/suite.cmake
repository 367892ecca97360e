# Hostile submissions: files written as an attacker would, each graded by
# hostile_runner with the real binary under the suite's caps (15 s and
# 2 GiB a grade; widened for sanitizer builds, which run slower and bigger)
# and held to the verdict written in its comments. One CTest test a file,
# label `hostile`.
add_executable(hostile_runner ${CMAKE_CURRENT_LIST_DIR}/hostile_runner.c
                              ${CMAKE_CURRENT_LIST_DIR}/watch.c)
target_link_libraries(hostile_runner PRIVATE cudalab_grader)
if(CUDALAB_SANITIZE)
  set(HOSTILE_SCALE --time-scale 4 --mem-scale 2)
  set(HOSTILE_TIMEOUT 900)
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
