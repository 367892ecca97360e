# The include graph between folders has no cycle and no reach the layers
# forbid (scripts/include-layers.sh, docs/architecture.md "Layers"), and the
# check itself finds both.
add_test(NAME include_layers
         COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/include-layers.sh ${CMAKE_SOURCE_DIR})
add_test(NAME include_layers_finds_cycle
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/finds_cycle.sh
                 ${CMAKE_SOURCE_DIR}/scripts/include-layers.sh)
add_test(NAME include_layers_finds_forbidden
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/finds_forbidden.sh
                 ${CMAKE_SOURCE_DIR}/scripts/include-layers.sh)
# No two source files share a name (tests/layers/unique_names.sh).
add_test(NAME unique_source_names
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/unique_names.sh ${CMAKE_SOURCE_DIR})
