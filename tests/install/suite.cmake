# cmake --install into a temporary prefix: the installed cudalab finds its
# course in PREFIX/share/cudalab (no CUDALAB_COURSE), the man page and the
# completion are where man and bash look.
add_test(NAME install_prefix
         COMMAND ${CMAKE_COMMAND} -DBUILD=${CMAKE_BINARY_DIR} -DPREFIX=${CMAKE_BINARY_DIR}/install-test
                 -DAUTHORING=${CMAKE_CURRENT_LIST_DIR}/../authoring
                 -P ${CMAKE_CURRENT_LIST_DIR}/check_install.cmake)
