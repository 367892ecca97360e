# The course's tests: every template, solution, fixture and harness kernel
# compiles cleanly for its day's architecture (PTX and cubin, no warnings), the solutions do not
# spill, and every day folder is complete. Included by tests/CMakeLists.txt.
#
# nvcc is looked for on PATH and in /usr/local/cuda/bin. Without it the compile
# tests still exist, and report themselves as skipped, with the reason.
get_filename_component(CUDALAB_COURSE_ROOT "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
set(CUDALAB_COURSE_TESTS "${CMAKE_CURRENT_LIST_DIR}")
set(CUDALAB_COURSE_OUT "${CMAKE_CURRENT_BINARY_DIR}/course")
file(MAKE_DIRECTORY "${CUDALAB_COURSE_OUT}")

find_program(NVCC nvcc HINTS /usr/local/cuda/bin)
if(NOT NVCC)
  message(STATUS "nvcc not found: the course's compile tests will be skipped")
  set(NVCC "")
endif()

# course_nvcc_test(NAME file.cu [NO_SPILLS] [HOST]): compiled for the
# architecture its day's day.yaml states (`arch:`), sm_75 where it says none
# or the file belongs to no day folder.
function(course_nvcc_test name src)
  set(extra "")
  set(arch sm_75)
  if(src MATCHES "/(templates|solutions)/([^/]+)/[^/]+$")
    set(yaml "${CUDALAB_COURSE_ROOT}/days/${CMAKE_MATCH_2}/day.yaml")
  elseif(src MATCHES "/days/([^/]+)/")
    set(yaml "${CUDALAB_COURSE_ROOT}/days/${CMAKE_MATCH_1}/day.yaml")
  else()
    set(yaml "")
  endif()
  if(yaml AND EXISTS "${yaml}")
    file(STRINGS "${yaml}" archline REGEX "^arch: *sm_[0-9]+")
    if(archline)
      string(REGEX REPLACE "^arch: *(sm_[0-9]+).*" "\\1" arch "${archline}")
    endif()
  endif()
  list(APPEND extra -DARCH=${arch})
  if("NO_SPILLS" IN_LIST ARGN)
    list(APPEND extra -DNO_SPILLS=ON)
  endif()
  if("HOST" IN_LIST ARGN)
    list(APPEND extra -DHOST=ON)
  endif()
  add_test(NAME ${name}
           COMMAND ${CMAKE_COMMAND} -DNVCC=${NVCC} -DSRC=${src}
                   -DOUT=${CUDALAB_COURSE_OUT}/${name} ${extra}
                   -P ${CUDALAB_COURSE_TESTS}/nvcc_check.cmake)
  set_tests_properties(${name} PROPERTIES
      SKIP_REGULAR_EXPRESSION "SKIPPED: nvcc not found"
      LABELS "course;nvcc"
      TIMEOUT 300)
endfunction()

foreach(kind templates solutions)
  file(GLOB_RECURSE course_files CONFIGURE_DEPENDS "${CUDALAB_COURSE_ROOT}/${kind}/*.cu")
  foreach(f IN LISTS course_files)
    get_filename_component(slug "${f}" DIRECTORY)
    get_filename_component(slug "${slug}" NAME)
    string(REGEX REPLACE "s$" "" one "${kind}")
    if(kind STREQUAL "solutions")
      course_nvcc_test(course-${one}-${slug} "${f}" NO_SPILLS)
    else()
      course_nvcc_test(course-${one}-${slug} "${f}")
    endif()
  endforeach()
endforeach()

# The days' fixtures (tests/fixtures/dayNN/*.cu) are complete or partial
# student files: they must compile cleanly too, dishonest or not.
file(GLOB course_fixtures CONFIGURE_DEPENDS "${CMAKE_CURRENT_LIST_DIR}/../fixtures/day*/*.cu")
foreach(f IN LISTS course_fixtures)
  get_filename_component(dir "${f}" DIRECTORY)
  get_filename_component(dir "${dir}" NAME)
  get_filename_component(name "${f}" NAME_WE)
  course_nvcc_test(course-fixture-${dir}-${name} "${f}")
endforeach()

# Fixtures and bandwidth baselines that live in a day's folder
# (days/dayNN-topic/fixtures/*.cu, days/dayNN-topic/copy.cu) compile cleanly too.
file(GLOB course_day_files CONFIGURE_DEPENDS "${CUDALAB_COURSE_ROOT}/days/*/fixtures/*.cu"
     "${CUDALAB_COURSE_ROOT}/days/*/copy.cu")
foreach(f IN LISTS course_day_files)
  file(RELATIVE_PATH rel "${CUDALAB_COURSE_ROOT}/days" "${f}")
  string(REGEX REPLACE "\\.cu$" "" rel "${rel}")
  string(REPLACE "/" "-" rel "${rel}")
  if(rel MATCHES "-copy$")
    course_nvcc_test(course-day-${rel} "${f}" NO_SPILLS)
  else()
    course_nvcc_test(course-day-${rel} "${f}")
  endif()
endforeach()

file(GLOB course_harness_kernels CONFIGURE_DEPENDS "${CUDALAB_COURSE_ROOT}/grader/days/*.cu")
foreach(f IN LISTS course_harness_kernels)
  get_filename_component(name "${f}" NAME_WE)
  course_nvcc_test(course-harness-${name} "${f}" NO_SPILLS)
endforeach()

if(EXISTS "${CUDALAB_COURSE_ROOT}/bench/course/gpu_check.cu")
  course_nvcc_test(course-bench-gpu-check "${CUDALAB_COURSE_ROOT}/bench/course/gpu_check.cu" HOST)
endif()

add_test(NAME course-layout
         COMMAND ${CMAKE_COMMAND} -DCOURSE=${CUDALAB_COURSE_ROOT}
                 -P ${CUDALAB_COURSE_TESTS}/layout_check.cmake)
set_tests_properties(course-layout PROPERTIES LABELS "course")

# `cudalab check-course DAY` for every day: the manifest loads, the template
# compiles and fails, the reference passes every check with no warning, and
# each days/DAY/fixtures/*.cu gets the verdict its `// expect:` lines state.
# The emulator grades (no GPU needed); nvcc is.
file(GLOB course_days LIST_DIRECTORIES true CONFIGURE_DEPENDS "${CUDALAB_COURSE_ROOT}/days/day*")
foreach(d IN LISTS course_days)
  if(NOT EXISTS "${d}/day.yaml")
    continue()
  endif()
  get_filename_component(slug "${d}" NAME)
  add_test(NAME course-check-${slug} COMMAND $<TARGET_FILE:cudalab> check-course ${slug})
  set_tests_properties(course-check-${slug} PROPERTIES
      ENVIRONMENT "CUDALAB_COURSE=${CUDALAB_COURSE_ROOT};CUDALAB_CACHE=${CUDALAB_COURSE_OUT}/cache;CUDALAB_WORKSPACE=${CUDALAB_COURSE_OUT}/work"
      SKIP_REGULAR_EXPRESSION "nvcc not found"
      LABELS "course;nvcc"
      TIMEOUT 900)
endforeach()

# check-course's messages to an author: a copied course without a glossary,
# "TODO" left in the title and a hint, a README whose signature differs
# from day.yaml's, a limit the reference breaks (the figure, its value and
# the limit) and a fixture marked `// expect: pass` alone.
add_test(NAME course-authoring-messages
         COMMAND ${CMAKE_COMMAND} -DCUDALAB=$<TARGET_FILE:cudalab> -DCOURSE=${CUDALAB_COURSE_ROOT}
                 -DWORK=${CUDALAB_COURSE_OUT} -P ${CUDALAB_COURSE_TESTS}/authoring_messages.cmake)
set_tests_properties(course-authoring-messages PROPERTIES
    SKIP_REGULAR_EXPRESSION "nvcc not found" LABELS "course;nvcc" TIMEOUT 900)

# check-course --watch checks a day again when one of its files changes.
add_test(NAME course-check-watch
         COMMAND bash ${CUDALAB_COURSE_TESTS}/check_watch.sh $<TARGET_FILE:cudalab>
                 ${CUDALAB_COURSE_ROOT} ${CUDALAB_COURSE_OUT}/cache)
set_tests_properties(course-check-watch PROPERTIES
    SKIP_REGULAR_EXPRESSION "nvcc not found" LABELS "course;nvcc" TIMEOUT 900)
