# End-to-end: `cudalab grade` on the reference solutions (every check must
# pass), on the templates (they compile and do not solve the task), and on
# wrong submissions that must each fail the right check for the right reason.
add_executable(e2e_runner ${CMAKE_CURRENT_LIST_DIR}/e2e_runner.c)
target_link_libraries(e2e_runner PRIVATE cudalab_grader)
set(E2E_ENV "CUDALAB_COURSE=${CUDALAB_COURSE_DIR}"
            "CUDALAB_CACHE=${CMAKE_BINARY_DIR}/e2e-cache"
            "CUDALAB_WORKSPACE=${CMAKE_BINARY_DIR}/e2e-work")

# The days are found in the course folder, never listed here: each day's
# reference solution must pass every check (`cudalab check-course` for each
# day is tests/course/suite.cmake's course-check-SLUG).
file(GLOB E2E_DAYS CONFIGURE_DEPENDS ${CUDALAB_COURSE_DIR}/days/day*/day.yaml)
foreach(manifest ${E2E_DAYS})
  get_filename_component(dir ${manifest} DIRECTORY)
  get_filename_component(slug ${dir} NAME)
  string(REGEX REPLACE "^day0*([0-9]+)-.*" "\\1" day ${slug})
  file(GLOB solution ${CUDALAB_COURSE_DIR}/solutions/${slug}/*.cu)
  add_test(NAME e2e_solution_day${day}
           COMMAND e2e_runner $<TARGET_FILE:cudalab> ${solution} --day ${day} --all-pass)
  set_tests_properties(e2e_solution_day${day} PROPERTIES ENVIRONMENT "${E2E_ENV}" LABELS e2e)
endforeach()

file(GLOB E2E_CASES CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/submissions/*/*.cu
                                      ${CMAKE_CURRENT_LIST_DIR}/../fixtures/day23/ballot_down_full.cu)
foreach(case ${E2E_CASES})
  get_filename_component(name ${case} NAME_WE)
  get_filename_component(dir ${case} DIRECTORY)
  get_filename_component(dir ${dir} NAME)
  add_test(NAME e2e_${dir}_${name} COMMAND e2e_runner $<TARGET_FILE:cudalab> ${case})
  set_tests_properties(e2e_${dir}_${name} PROPERTIES ENVIRONMENT "${E2E_ENV}" LABELS e2e)
endforeach()
