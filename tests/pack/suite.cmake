# The editions end to end (tests/pack/pack_e2e.c): the student edition and a
# simulated Gradescope run; and the GitHub Classroom workflow's steps
# (docs/classroom/), run as a script.
add_executable(pack_e2e ${CMAKE_CURRENT_LIST_DIR}/pack_e2e.c)
target_link_libraries(pack_e2e PRIVATE cudalab_runner PkgConfig::CMOCKA m)
target_compile_definitions(pack_e2e PRIVATE
    CUDALAB_TEST_DIR="${CMAKE_CURRENT_SOURCE_DIR}"
    CUDALAB_BINARY="$<TARGET_FILE:cudalab>")
add_test(NAME pack_e2e COMMAND pack_e2e)
set_tests_properties(pack_e2e PROPERTIES LABELS pack TIMEOUT 900
    ENVIRONMENT "CUDALAB_COURSE=${CUDALAB_COURSE_DIR}")

add_executable(classroom_steps ${CMAKE_CURRENT_LIST_DIR}/classroom_steps.c)
target_link_libraries(classroom_steps PRIVATE cudalab_runner PkgConfig::CMOCKA)
target_compile_definitions(classroom_steps PRIVATE
    CUDALAB_TEST_DIR="${CMAKE_CURRENT_SOURCE_DIR}"
    CUDALAB_BINARY="$<TARGET_FILE:cudalab>")
add_test(NAME classroom_steps COMMAND classroom_steps)
set_tests_properties(classroom_steps PROPERTIES LABELS pack TIMEOUT 900
    ENVIRONMENT "CUDALAB_COURSE=${CUDALAB_COURSE_DIR}")
