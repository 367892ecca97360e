# check_types.cmake: run by tests/types/suite.cmake with CUDALAB, COURSE and
# WORK. Each `expect` runs cudalab and wants its exit status and a match.
set(run ${CMAKE_COMMAND} -E env CUDALAB_COURSE=${COURSE} CUDALAB_WORKSPACE=${WORK}/ws
        CUDALAB_CACHE=${WORK}/cache NO_COLOR=1 ${CUDALAB})
function(expect want regex what)
  execute_process(COMMAND ${run} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL want OR NOT out MATCHES "${regex}")
    message(FATAL_ERROR "${what}: exit ${rc} (want ${want}, and a match of ${regex})\n${out}\n${err}")
  endif()
endfunction()
set(fixture ${COURSE}/days/day61-typed/fixtures/wrong_values.cu)
expect(0 "fixtures/wrong_values.cu +3 checks as its comments say.*every check passed"
       "check-course 61: the typed day's reference must pass, its template and fixture fail" check-course 61)
expect(0 "PASSED" "the typed reference passes" grade 61 ${COURSE}/solutions/day61-typed/typed.cu)
# a half shows as a half (-1.125, not its bits 48256), named by its buffer
expect(1 "\n      y\\[0\\]: expected -1\\.125, got 0\\.125\n"
       "haxpy's wrong half" grade 61 ${fixture})
# a double to 17 digits: the float it was rounded through shows
expect(1 "\n      out\\[0\\]: expected 0\\.34884036084016162, got 0\\.3488403856754303\n"
       "dscale's wrong double" grade 61 ${fixture})
# a float4's component
expect(1 "\n      out\\[0\\]\\.w: expected 5\\.06999111, got 2\\.53499556\n"
       "twice4's wrong component" grade 61 ${fixture})
# a long long made from a signed char and a short, whole
expect(1 "\n      wide\\[0\\]: expected -[0-9]+, got -?[0-9]+\n" "widen's wrong long long"
       grade 61 ${fixture})
# a half2's component, in a kernel of nine parameters whose mangled name
# repeats its named types (the reference's is found, so the substitutions are
# nvcc's)
expect(1 "\n      h2\\[0\\]\\.y: expected 75, got 37\\.5\n" "pack's wrong half2 component"
       grade 61 ${fixture})
expect(1 "\"buffer\":[ \t]*\"y\",[ \t\n]*\"digits\":[ \t]*5" "the JSON names the half buffer and its digits"
       grade 61 ${fixture} --json)
expect(1 "\"buffer\":[ \t]*\"out\",[ \t\n]*\"component\":[ \t]*\"w\"" "the JSON names the component"
       grade 61 ${fixture} --json)
