# Pages of docs/ generated from the code's own tables: a test fails when a
# page is out of date.
add_executable(ptx_coverage ${CMAKE_CURRENT_LIST_DIR}/ptx_coverage.c)
target_link_libraries(ptx_coverage PRIVATE cudalab_grader)
add_test(NAME docs_ptx_coverage
         COMMAND ptx_coverage --check ${CMAKE_SOURCE_DIR}/docs/ptx-coverage.md)
