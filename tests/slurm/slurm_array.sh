#!/usr/bin/env bash
# slurm_array.sh CUDALAB SBATCH_SCRIPT FAKE_GRADER - the slurm_array_job test
# (suite.cmake): a class of 9 (a failure, a missing file) graded by three
# array tasks of scripts/cudalab-slurm.sbatch, merged by its --merge step,
# equals one batch's CSV byte for byte; a task exits 0 though a submission
# failed; the merge refuses when a task's table is missing; an array with a
# step is refused; a task without CUDALAB_NAME_FROM grades with no ids.
set -euo pipefail
bin="$1" script="$2" fake="$3"
work="$(mktemp -d /tmp/cudalab-slurm-XXXXXX)"
trap 'rm -rf "$work"' EXIT
cd "$work"
export CUDALAB_BATCH_GRADER="$fake" CUDALAB_WORKSPACE="$work/ws" CUDALAB="$bin" CUDALAB_NAME_FROM='{id}/*'
for s in ann bob cat dan eve fay gus hal; do mkdir -p "class/$s"; echo pass >"class/$s/x.cu"; done
echo fail >class/cat/x.cu
files=(class/*/x.cu class/zed/x.cu)
fail() { echo "slurm_array_job: $*" >&2; exit 1; }

"$bin" batch 14 --name-from '{id}/*' --out single --csv single.csv -- "${files[@]}" >/dev/null && fail "one run: exit 0"
for i in 3 1 2; do # the tasks in any order, the ids of --array=5-7
    SLURM_ARRAY_TASK_ID=$((i + 4)) SLURM_ARRAY_TASK_MIN=5 SLURM_ARRAY_TASK_COUNT=3 SLURM_CPUS_PER_TASK=2 \
        bash "$script" 14 graded "${files[@]}" >"task$i.out" || fail "task $i: exit $?"
done
[ -f graded/shards/shard-1-of-3.csv ] && [ -f graded/shards/shard-3-of-3.csv ] || fail "no shard tables"
[ "$(ls graded/reports/*.json | wc -l)" -eq 9 ] || fail "expected 9 reports in graded/reports"
bash "$script" --merge graded >merge.out || fail "merge: exit $?"
cmp single.csv graded/class.csv || fail "the merged CSV differs from one run's"
grep -q '^class/cat/x.cu,cat,no,9,10,' graded/class.csv || fail "no row for cat"
grep -q '^class/zed/x.cu,zed,,,10,no such file,' graded/class.csv || fail "no row for the missing file"

# A resubmitted task grades nothing again (its reports are kept).
SLURM_ARRAY_TASK_ID=6 SLURM_ARRAY_TASK_MIN=5 SLURM_ARRAY_TASK_COUNT=3 bash "$script" 14 graded "${files[@]}" >again.out
grep -q '3 submissions: .* 3 kept from an earlier run' again.out || fail "task 2 again: $(tail -1 again.out)"

# A task whose table is missing stops the merge, and so do shards of two Ns.
rm graded/shards/shard-2-of-3.csv
bash "$script" --merge graded 2>err.txt && fail "merge with a table missing: exit 0"
grep -q 'shard-2-of-3.csv is missing' err.txt || fail "merge said: $(cat err.txt)"
cp graded/shards/shard-1-of-3.csv graded/shards/shard-1-of-2.csv
bash "$script" --merge graded 2>err.txt && fail "merge of two Ns: exit 0"
grep -q 'shards of' err.txt || fail "merge said: $(cat err.txt)"
bash "$script" 14 graded class/ann/x.cu 2>err.txt && fail "outside an array: exit 0"
SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_COUNT=2 SLURM_ARRAY_TASK_STEP=2 \
    bash "$script" 14 stepped class/ann/x.cu 2>err.txt && fail "an array with a step: exit 0"
grep -q 'contiguous range' err.txt || fail "a step: $(cat err.txt)"
# Without CUDALAB_NAME_FROM (no --name-from): the id column stays empty.
(unset CUDALAB_NAME_FROM; SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=1 bash "$script" 14 plain "${files[@]}" >plain.out) ||
    fail "a task without CUDALAB_NAME_FROM: exit $?"
grep -q '^class/ann/x.cu,,yes,10,10,' plain/shards/shard-1-of-1.csv || fail "no id-less row for ann"
echo "slurm_array_job: passed"
