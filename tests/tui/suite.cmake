# TUI tests: each tests/tui/test_*.sh drives the real cudalab binary in tmux
# (its own tmux server, workspace and build cache) and checks the captured
# screen. Those that grade run the real grader on the real course; a grade
# takes 5-10 s in a release build and 20-40 s under ASan on two busy cores,
# so the timeout leaves room for a few.
find_program(CUDALAB_TMUX tmux)
find_program(CUDALAB_BASH bash)
if(NOT CUDALAB_TMUX OR NOT CUDALAB_BASH)
  message(WARNING "tmux or bash not found: the TUI tests (tests/tui) are not run")
  return()
endif()
file(GLOB CUDALAB_TUI_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/test_*.sh)
foreach(script ${CUDALAB_TUI_TESTS})
  get_filename_component(name ${script} NAME_WE)
  add_test(NAME tui_${name} COMMAND ${CUDALAB_BASH} ${script})
  set_tests_properties(tui_${name} PROPERTIES
      ENVIRONMENT "CUDALAB_BINARY=$<TARGET_FILE:cudalab>"
      TIMEOUT 400
      LABELS tui)
endforeach()
