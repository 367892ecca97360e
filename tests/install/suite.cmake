# cmake --install into a temporary prefix: the installed cudalab finds its
# course in PREFIX/share/cudalab (no CUDALAB_COURSE), the man page and the
# completion are where man and bash look; a day added there as data alone
# (cudalab new) is listed and passes check-course with no rebuild.
add_test(NAME install_prefix
         COMMAND ${CMAKE_COMMAND} -DBUILD=${CMAKE_BINARY_DIR} -DPREFIX=${CMAKE_BINARY_DIR}/install-test
                 -DEXAMPLES=${CMAKE_CURRENT_LIST_DIR}/../../examples
                 -P ${CMAKE_CURRENT_LIST_DIR}/check_install.cmake)

# examples/ is a course folder of its own, the two worked examples of
# docs/authoring.md (day 8, day 31): check-course checks every day of it.
add_test(NAME examples_check_course COMMAND $<TARGET_FILE:cudalab> check-course)
set_tests_properties(examples_check_course PROPERTIES
    ENVIRONMENT "CUDALAB_COURSE=${CMAKE_CURRENT_LIST_DIR}/../../examples;CUDALAB_WORKSPACE=${CMAKE_BINARY_DIR}/examples-work;CUDALAB_CACHE=${CMAKE_BINARY_DIR}/examples-cache"
    SKIP_REGULAR_EXPRESSION "nvcc not found" LABELS "course;nvcc" TIMEOUT 900)
