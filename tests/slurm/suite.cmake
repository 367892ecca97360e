# scripts/cudalab-slurm.sbatch run as Slurm would run it: three array tasks
# (SLURM_ARRAY_TASK_ID and friends set by hand), then its merge step; the
# merged CSV must be the bytes of one batch over the whole class.
add_test(NAME slurm_array_job
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/slurm_array.sh $<TARGET_FILE:cudalab>
                 ${CMAKE_SOURCE_DIR}/scripts/cudalab-slurm.sbatch
                 ${CMAKE_CURRENT_LIST_DIR}/../fixtures/batch/fake-grader.sh)
set_tests_properties(slurm_array_job PROPERTIES ENVIRONMENT "CUDALAB_COURSE=${CUDALAB_COURSE_DIR}")
