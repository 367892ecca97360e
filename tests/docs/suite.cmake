# Pages of docs/ generated from the code's own tables: a test fails when a
# page is out of date.
add_executable(ptx_coverage ${CMAKE_CURRENT_LIST_DIR}/ptx_coverage.c)
target_link_libraries(ptx_coverage PRIVATE cudalab_grader)
add_test(NAME docs_ptx_coverage
         COMMAND ptx_coverage --check ${CMAKE_SOURCE_DIR}/docs/ptx-coverage.md)

# docs/contract.md's tables of the emulator's figures and docs/day-format.md's
# of the figures a gate bounds are made from core/figures.h
# (figures_table.c); the test fails when they are out of date.
add_executable(figures_table ${CMAKE_CURRENT_LIST_DIR}/figures_table.c)
target_link_libraries(figures_table PRIVATE cudalab_grader)
add_test(NAME docs_figures
         COMMAND figures_table --check ${CMAKE_SOURCE_DIR}/docs/contract.md
                 ${CMAKE_SOURCE_DIR}/docs/day-format.md)
# ... and says so, exit 1, for a page whose table is not what it makes
add_test(NAME docs_figures_finds_drift
         COMMAND bash -c "\"$0\" --check \"$1\"; test $? -eq 1" $<TARGET_FILE:figures_table>
                 ${CMAKE_CURRENT_LIST_DIR}/figures_stale.md)

# Every document a tracked file or `cudalab --help` cites is in the
# repository, and nothing cites a file outside it (check_citations.sh).
find_program(CUDALAB_GIT git)
if(CUDALAB_GIT AND EXISTS ${CMAKE_SOURCE_DIR}/.git)
  add_test(NAME docs_citations
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check_citations.sh ${CMAKE_SOURCE_DIR} $<TARGET_FILE:cudalab>)
endif()

# docs/cudalab.1 is made from docs/cudalab.1.in, the command table and the
# key table (man_page.c); the test fails when it is out of date.
add_executable(man_page ${CMAKE_CURRENT_LIST_DIR}/man_page.c)
target_link_libraries(man_page PRIVATE cudalab_runner)
add_test(NAME docs_man_page
         COMMAND man_page --check ${CMAKE_SOURCE_DIR}/docs/cudalab.1.in ${CMAKE_SOURCE_DIR}/docs/cudalab.1)

# The bash completion offers every command and every option --help lists.
add_test(NAME docs_completion
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check_completion.sh ${CMAKE_SOURCE_DIR} $<TARGET_FILE:cudalab>)
