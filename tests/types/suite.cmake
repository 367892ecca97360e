# Typed data (docs/day-format.md, "Types"): a test course of one day whose
# kernels take __half, double, float4, signed char, short, long long,
# __nv_bfloat16, __half2, int2, float2, int4 and unsigned long long buffers
# and __half and double scalars. check-course passes it (the
# reference passes, the template fails, the fixture fails as it says), and
# the fixture's wrong elements are named by buffer and shown in their own
# type, in the text and the JSON.
set(TYPES_COURSE ${CMAKE_CURRENT_LIST_DIR}/course)
add_test(NAME types_check_course
         COMMAND ${CMAKE_COMMAND} -DCUDALAB=$<TARGET_FILE:cudalab> -DCOURSE=${TYPES_COURSE}
                 -DWORK=${CMAKE_BINARY_DIR}/types-work
                 -P ${CMAKE_CURRENT_LIST_DIR}/check_types.cmake)
