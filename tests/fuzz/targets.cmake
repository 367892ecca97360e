# The fuzz targets: each NAME is fuzz_NAME.c with its seeds in corpus/NAME/
# and its regression inputs in crashers/NAME/. Shared by the replay tests
# (suite.cmake, the ordinary build) and the libFuzzer binaries
# (CMakeLists.txt, the CUDALAB_FUZZ build).
set(CUDALAB_FUZZ_TARGETS ptx manifest state report_json gpu_wire merge_csv result_wire
    check_script)
set(CUDALAB_FUZZ_DIR ${CMAKE_CURRENT_LIST_DIR})
