# Replays of the fuzz targets in the ordinary test suite (docs/fuzzing.md):
# fuzz_replay_NAME runs fuzz_NAME.c's LLVMFuzzerTestOneInput on every seed in
# corpus/NAME/ and every crasher kept in crashers/NAME/, under the build's
# sanitizers. fuzz_wire_seeds and fuzz_report_seeds write the gpu_wire and
# result_wire targets' seeds (scripts/fuzz-seeds.sh).
include(${CMAKE_CURRENT_LIST_DIR}/targets.cmake)
foreach(target ${CUDALAB_FUZZ_TARGETS})
  add_executable(fuzz_replay_${target} ${CUDALAB_FUZZ_DIR}/fuzz_${target}.c
                 ${CUDALAB_FUZZ_DIR}/replay.c ${CUDALAB_FUZZ_DIR}/fuzz_util.c)
  target_link_libraries(fuzz_replay_${target} PRIVATE cudalab_runner)
  add_test(NAME fuzz_replay_${target}
           COMMAND fuzz_replay_${target} ${CUDALAB_FUZZ_DIR}/corpus/${target}
                   ${CUDALAB_FUZZ_DIR}/crashers/${target})
endforeach()
add_executable(fuzz_wire_seeds ${CUDALAB_FUZZ_DIR}/wire_seeds.c)
target_link_libraries(fuzz_wire_seeds PRIVATE cudalab_grader)
# The committed wire seeds are what the encoders write now: when the protocol
# changes, this fails until scripts/fuzz-seeds.sh is run again.
add_test(NAME fuzz_wire_seeds_current
         COMMAND sh -c "d=$(mktemp -d) && \"$1\" \"$d\" && diff -r \"$d\" \"$2\"; rc=$?; rm -rf \"$d\"; exit $rc"
                 sh $<TARGET_FILE:fuzz_wire_seeds> ${CUDALAB_FUZZ_DIR}/corpus/gpu_wire)
add_executable(fuzz_report_seeds ${CUDALAB_FUZZ_DIR}/report_seeds.c)
target_link_libraries(fuzz_report_seeds PRIVATE cudalab_grader)
# The same for the sandbox's report: when the result model changes, this
# fails until scripts/fuzz-seeds.sh (or fuzz_report_seeds alone) is run again.
add_test(NAME fuzz_report_seeds_current
         COMMAND sh -c "d=$(mktemp -d) && \"$1\" \"$d\" && diff -r \"$d\" \"$2\"; rc=$?; rm -rf \"$d\"; exit $rc"
                 sh $<TARGET_FILE:fuzz_report_seeds> ${CUDALAB_FUZZ_DIR}/corpus/result_wire)
