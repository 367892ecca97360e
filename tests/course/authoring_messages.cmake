# authoring_messages.cmake - check-course's messages to a course author say
# enough (issue 33). Day 14 copied into a course folder of its own, then:
#  1. as copied (no docs/glossary.md), with "TODO" left in its title and a
#     hint, a README that declares reverseBlocks with another type, a
#     registers limit of 8 the reference cannot meet, a README table of the
#     reference's figures that are not its build's, and a fixture marked
#     `// expect: pass` alone: check-course names the missing glossary and
#     what a course folder needs, the TODOs and where, the README's
#     signature beside day.yaml's, and which figure broke which limit
#     (for the solution and for the fixture), and exits 1;
#  2. mended (the glossary there, the day as it was): every check passes,
#     the bare `expect: pass` fixture included ("N checks as its comments
#     say"), and it exits 0.
# Run as: cmake -DCUDALAB=... -DCOURSE=... -DWORK=... -P authoring_messages.cmake
set(day day14-syncthreads)
set(top ${WORK}/authoring-messages)
file(REMOVE_RECURSE ${top})
file(MAKE_DIRECTORY ${top}/course/days/${day}/fixtures ${top}/course/templates ${top}/course/solutions)
file(COPY ${COURSE}/templates/${day} DESTINATION ${top}/course/templates)
file(COPY ${COURSE}/solutions/${day} DESTINATION ${top}/course/solutions)
file(READ ${COURSE}/days/${day}/day.yaml yaml)
file(READ ${COURSE}/days/${day}/README.md readme)
file(READ ${COURSE}/solutions/${day}/syncthreads.cu solution)
set(dir ${top}/course/days/${day})
file(WRITE ${dir}/fixtures/honest.cu "// The reference as a student might hand it in.\n// expect: pass\n${solution}")

set(bad "${yaml}")
string(REPLACE "title: Barriers with __syncthreads" "title: \"TODO: the day's title\"" bad "${bad}")
string(REPLACE "hints:\n  - >-\n" "hints:\n  - \"TODO: a first hint\"\n  - >-\n" bad "${bad}")
string(REPLACE "limits: {registers: 64, shared_bytes: 2048, spill_bytes: 0}\n  - name: blockSums"
               "limits: {registers: 8, shared_bytes: 2048, spill_bytes: 0}\n  - name: blockSums" bad "${bad}")
if(bad STREQUAL yaml)
  message(FATAL_ERROR "day 14's day.yaml no longer reads as this test expects")
endif()
string(REPLACE "__global__ void reverseBlocks(const float* in, float* out, int n);"
               "__global__ void reverseBlocks(const float* in, float* out, size_t n);" badme "${readme}")
if(badme STREQUAL readme)
  message(FATAL_ERROR "day 14's README no longer declares reverseBlocks as this test expects")
endif()
file(WRITE ${dir}/day.yaml "${bad}")
file(WRITE ${dir}/README.md "${badme}\n```text\nkernel          shared   registers\nreverseBlocks   4096 B   99\n```\n")

set(env ${CMAKE_COMMAND} -E env CUDALAB_COURSE=${top}/course CUDALAB_WORKSPACE=${top}/work
        CUDALAB_CACHE=${WORK}/cache NO_COLOR=1)
execute_process(COMMAND ${env} ${CUDALAB} check-course 14
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
foreach(want
    "FAIL +docs/glossary.md +missing: a course folder holds docs/glossary.md"
    "FAIL +words +\"TODO\" left in day.yaml's title, hint 1"
    "warn +README.md +declares reverseBlocks\\(const float\\* in, float\\* out, size_t n\\); day.yaml says reverseBlocks\\(const float\\* in, float\\* out, int n\\)"
    "FAIL +README.md figures +reverseBlocks: 4096 B and 99 registers in the README, [0-9]+ B and [0-9]+ in the reference's build"
    "FAIL +solution +fails resources \\(reverseBlocks: [0-9]+ registers a thread, day.yaml's limit 8\\)"
    "FAIL +fixtures/honest.cu +expected to pass every check, but resources \\(reverseBlocks: [0-9]+ registers a thread, day.yaml's limit 8\\) failed")
  if(NOT out MATCHES "${want}")
    message(FATAL_ERROR "check-course on the broken copy does not say: ${want}")
  endif()
endforeach()
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "check-course on the broken copy: exit ${rc}, expected 1")
endif()

file(WRITE ${dir}/day.yaml "${yaml}")
file(WRITE ${dir}/README.md "${readme}")
file(COPY ${COURSE}/docs/glossary.md DESTINATION ${top}/course/docs)
execute_process(COMMAND ${env} ${CUDALAB} check-course 14
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0 OR NOT out MATCHES "ok +fixtures/honest.cu +[0-9]+ checks as its comments say"
   OR NOT out MATCHES "ok +README.md +2 signatures as day.yaml's"
   OR NOT out MATCHES "1 day checked: every check passed")
  message(FATAL_ERROR "check-course on the mended copy: exit ${rc}")
endif()
file(REMOVE_RECURSE ${top})
