/* commands.h - the subcommands, one X-macro row each:
 * X(name, function, arguments, summary, longer help or NULL).
 * cli.c turns the rows into the dispatch table and the help text. */
#ifndef CUDALAB_COMMANDS_H
#define CUDALAB_COMMANDS_H

int cmd_tui(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_doctor(int argc, char **argv);
int cmd_reset(int argc, char **argv);
int cmd_grade(int argc, char **argv);
int cmd_batch(int argc, char **argv);
int cmd_new(int argc, char **argv);
int cmd_check_course(int argc, char **argv);
int cmd_pack(int argc, char **argv);
int cmd_autograde(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_hint(int argc, char **argv);
int cmd_next(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_trace(int argc, char **argv);

/* Shared by the commands: load the course / find a day, or say why not on
 * stderr (one line) and return NULL. */
struct day_course;
struct day_manifest;
struct day_course *cli_load_course(void);
const struct day_manifest *cli_find_day(const struct day_course *c, const char *which);
/* A command with no options of its own: its operands (min to max of them)
 * and the course. Returns CLI_GO with both, or what the command returns
 * (the usage, or why the course could not load, said on stderr). */
struct ws_state;
int cli_open_course(int argc, char **argv, int min, int max, char ***operands,
                    struct day_course **course);
/* The learner's progress; a warning about it (a damaged state.yaml kept
 * aside) is said on stderr. */
struct ws_state *cli_load_state(const struct day_course *c);
/* The same, refusing (with the reason) a day that cannot be graded. */
const struct day_manifest *cli_find_gradable_day(const struct day_course *c, const char *which);
/* The grade r of the student's own file for day m into state.yaml (its
 * status, checks and best figures); a failure to save is said on stderr. */
struct report_result;
void cli_record_progress(const struct day_course *c, const struct day_manifest *m,
                         const struct report_result *r);

#define GRADE_HELP                                                                \
    "FILE defaults to your copy of the day's template in the workspace.\n"       \
    "  --json          print one JSON object (keys: docs/contract.md) instead of text\n" \
    "  --classroom50 F\n"                                                         \
    "                  also write Classroom 50's result file (classroom50/result/v1)\n" \
    "                  to F, even when the file could not be graded (no points)\n" \
    "  --backend B     auto (default): the emulator, and the GPU where there is one;\n" \
    "                  emu: the emulator only; gpu: the emulator's checks, then the GPU\n" \
    "  --seed N        the inputs' seed (default 1); the same seed, the same report\n" \
    "  --threads N     host threads for the emulator (default: one per core)\n"      \
    "  --progress      print the stages on stderr as `progress: STAGE`\n"           \
    "  --              what follows is DAY and FILE, even when FILE starts with '-'\n" \
    "Exit status: 0 every check passed; 1 graded, not passed; 2 could not grade.\n"

#define BATCH_HELP                                                                \
    "Each FILE is one submission (a student's .cu for the day); each is graded by\n" \
    "`cudalab grade --json` in a child process of its own. A FILE that is missing,\n" \
    "a folder or unreadable is a row of the results, not the end of the batch.\n"  \
    "  --jobs N        grade N at a time (1 to 64, default 1)\n"                    \
    "  --out DIR       write DIR/<name>.json for each submission, as it is graded;\n" \
    "                  a rerun keeps a report whose file, seed, backend, course\n"  \
    "                  and cudalab are unchanged, and grades the rest\n"            \
    "  --regrade       grade every FILE again, even one with a report kept in DIR\n" \
    "  --csv F         write a table, one row per submission, sorted by path, with\n" \
    "                  the grade's points (docs/instructor-guide.md, \"Points\")\n"  \
    "  --name-from P   a student id for each row from its path: P is matched\n"     \
    "                  against the path's last parts; {id} (once) captures, * is\n" \
    "                  any run of characters, '/' separates parts: '{id}/*',\n"     \
    "                  '{id}.cu', '{id}_*.cu'\n"                                   \
    "  --shard I/N     grade only part I of N (the paths sorted, every Nth);\n"    \
    "                  `cudalab merge` makes the CSV one run would have made\n"      \
    "  --similar       also F-similar.csv: how alike each pair's PTX is, most\n"   \
    "                  alike first (it points at files to read; it decides nothing)\n" \
    "  --backend B     as for grade (default auto)\n"                              \
    "  --seed N        as for grade (default 1)\n"                                 \
    "--out and --csv are checked before anything is graded. A summary table goes\n" \
    "to stdout; on a terminal, a progress line to stderr. An existing output file\n" \
    "is kept as FILE.<YYYYmmdd-HHMMSS>[-K].bak before it is replaced.\n"          \
    "Exit status: 0 every submission passed; 1 some did not, or could not be\n"   \
    "graded; 2 the batch could not run, or an output could not be written.\n"

#define CHECK_COURSE_HELP                                                         \
    "The course folder holds docs/glossary.md. Each day: day.yaml loads; no\n"   \
    "\"TODO\" is left in its title, topic, summaries or hints; the README's\n"   \
    "kernel declarations match day.yaml's (a warning where not); the template\n" \
    "compiles and fails; the reference solution passes every check with no\n"  \
    "warning or hazard, within its limits (a figure over one is named, with the\n" \
    "limit); each fixture in days/DAY/fixtures/*.cu gets the verdict its\n"     \
    "`// expect: pass CHECK...`, `// expect: fail CHECK...` and `// expect: warn\n" \
    "CHECK...` lines state (`// expect: pass` alone: every check passes). The\n" \
    "emulator grades, with seed 1. Exit status: 0 all passed, 1 something\n"  \
    "failed, 2 could not run.\n"                                                \
    "  --watch         check DAY, then again each time a file of its days/,\n"  \
    "                  templates/ or solutions/ folder changes (Ctrl-C stops)\n"
#define NEW_HELP                                                                  \
    "Writes a day that already grades into the course folder ($CUDALAB_COURSE, else\n" \
    "the checkout, else PREFIX/share/cudalab where cudalab is installed):\n"    \
    "  days/dayNN-TOPIC/day.yaml        the manifest: kernels, data, launch, sizes\n" \
    "  days/dayNN-TOPIC/README.md       the exercise text\n"                    \
    "  days/dayNN-TOPIC/fixtures/no_bounds_check.cu  a graded file and its verdict\n" \
    "  templates/dayNN-TOPIC/TOPIC.cu   what the student starts from\n"        \
    "  solutions/dayNN-TOPIC/TOPIC.cu   the reference every submission is judged by\n" \
    "With --program the day is a program: day.yaml's `program:` launches the\n" \
    "kernel twice, the first launch's output the second's input.\n"             \
    "NN (1 to 100) is the day's place in the course and must be free; TOPIC is\n" \
    "lowercase letters, digits and '-'. Nothing is written if either is taken.\n" \
    "Next: `cudalab check-course NN` grades it and fails on the \"TODO\" left in\n" \
    "day.yaml's title, topic and hint; write those, the README, the kernels,\n" \
    "the template, the solution and the fixtures (docs/authoring.md walks\n"   \
    "through it), then `cudalab check-course NN` again until every check passes.\n"

#define SHOW_HELP                                                                 \
    "What the runner's day screen shows on its left: your file, the kernels to\n" \
    "write with their signatures, the day's README and the hints revealed so far\n" \
    "(`cudalab hint DAY` reveals the next), as plain text for any terminal or\n" \
    "pager: `cudalab show 23 | less`. It makes your file from the template the\n" \
    "first time, as opening the day does.\n"
#define VERIFY_HELP                                                               \
    "Grades your file of every day you have started (your workspace has it), in\n" \
    "course order, with the emulator and seed 1, and records each grade as\n"   \
    "`cudalab grade DAY` does: one line a day (its status, points, the checks\n" \
    "that failed), then a count. Exit status: 0 every started day passed; 1 some\n" \
    "did not; 2 nothing to grade, or a day could not be graded.\n"

#define TRACE_HELP                                                                \
    "Runs kernel K of your file once on the emulator, with the inputs and launch\n" \
    "of a grade, and shows one warp step by step: every shuffle, vote, match,\n"   \
    "__syncwarp and barrier it ran, in order, with its source line, the lanes\n"   \
    "that ran it, the mask they passed, and for each lane the value it sent, the\n" \
    "lane it read (! undefined: outside the mask, exited or not there; = off the\n" \
    "warp's edge) and what it got; for a shuffle ladder or butterfly, the lanes\n" \
    "still holding a partial sum. FILE defaults to your copy of the template.\n"   \
    "On a day of a program of launches, the program runs up to K's launch, which\n" \
    "sees the buffers as the launches before it left them, and stops there.\n"     \
    "  --kernel K      the day's kernel to run (required)\n"                        \
    "  --block B       the block: X or X,Y,Z (default 0)\n"                         \
    "  --warp W        the warp of that block, threads 32W to 32W+31 (default 0)\n"  \
    "  --launch N      a program's Nth launch of K (default 1, its first)\n"        \
    "  --size S        course (default), or NAME=VALUE,... over the course size:\n" \
    "                  --size rows=8,live=5\n"                                      \
    "  --seed N        the inputs' seed (default 1, as grade's)\n"                  \
    "  --steps N       keep at most N steps (1 to 20000, default 4096)\n"           \
    "  --json          one JSON object (keys: docs/contract.md) instead of text\n"  \
    "Exit status: 0 the warp ran; 2 it could not be traced (no such kernel,\n"     \
    "block or launch, the file does not build).\n"

#define PACK_HELP                                                                 \
    "student DIR [DAY...]: the course a student gets, written into a new or empty\n" \
    "  DIR: the tool's source, a README for students, the README and files of each\n" \
    "  DAY named (every day when none is), its template, the public size only\n"   \
    "  (hidden: []), and its reference as PTX (solutions/DAY/NAME.ptx), never its\n" \
    "  source; other days, fixtures, tests and bench stay behind. One assignment,\n" \
    "  one day: `pack student DIR 14`. Grade with CUDALAB_COURSE=DIR.\n"          \
    "gradescope DAY FILE.zip: a Gradescope autograder for DAY: setup.sh (Ubuntu's\n" \
    "  packages, the CUDA toolkit's nvcc, cudalab built), run_autograder, and the\n" \
    "  day with its hidden sizes and its reference as PTX. An existing FILE.zip is\n" \
    "  kept as FILE.zip.<YYYYmmdd-HHMMSS>[-K].bak first.\n"                        \
    "docs/instructor-guide.md says what each edition protects and what it does not.\n"

#define AUTOGRADE_HELP                                                            \
    "What a Gradescope autograder's run_autograder runs: grades the day's file in\n" \
    "ROOT/submission (default /autograder, or $CUDALAB_AUTOGRADER_ROOT) and writes\n" \
    "ROOT/results/results.json; the text report goes to stdout (hidden from students).\n" \
    "  --root DIR  --seed N  --backend B\n"                                       \
    "Exit status: 0 results.json written (whatever the grade); 2 it could not be.\n"

#define MERGE_HELP                                                                \
    "Writes OUT.csv from the tables of `cudalab batch --csv` run with --shard I/N:\n" \
    "one header, every row, sorted as one batch sorts them, so the file is the one\n" \
    "a single run over the whole class writes. The tables must be of one day,\n" \
    "every row as batch writes it (else FILE:LINE says what is wrong).\n"         \
    "An existing OUT.csv (a table) is kept as OUT.csv.<YYYYmmdd-HHMMSS>[-K].bak\n" \
    "first; a folder or another file is not replaced.\n"                           \
    "Exit status: 0 written; 2 a table could not be read, is not batch's, has\n"  \
    "other columns or a row batch could not have written, is named twice or is\n" \
    "OUT.csv itself, or OUT.csv is no table (nothing is written).\n"

#define CLI_COMMANDS(X)                                                          \
    X("grade", cmd_grade, "DAY [FILE] [--json] [--classroom50 F] [--backend B] [--seed N]", \
      "build and check your kernels, beside the reference", GRADE_HELP)          \
    X("batch", cmd_batch, "DAY FILE... [--jobs N] [--out DIR] [--csv F] [--regrade] [...]", \
      "grade a class: one report per submission, and a table", BATCH_HELP)           \
    X("pack", cmd_pack, "student DIR [DAY...] | gradescope DAY FILE.zip",          \
      "write the student edition, or a Gradescope autograder", PACK_HELP)          \
    X("autograde", cmd_autograde, "DAY [--root DIR]",                             \
      "grade a Gradescope submission into results.json", AUTOGRADE_HELP)           \
    X("merge", cmd_merge, "OUT.csv TABLE.csv...",                                \
      "merge the tables of a class graded in shards (batch --shard)", MERGE_HELP) \
    X("list", cmd_list, "", "the days of the course with your status", NULL)     \
    X("doctor", cmd_doctor, "", "what is installed, which backend grades, the cache and the terminal", \
      NULL)                                                                      \
    X("reset", cmd_reset, "DAY", "put the day's template back (your file is kept as a backup)", NULL) \
    X("show", cmd_show, "DAY", "the day's exercise text and the hints you revealed, for any terminal", \
      SHOW_HELP)                                                                 \
    X("hint", cmd_hint, "DAY", "reveal the day's next hint (remembered, as the runner's h)", NULL) \
    X("next", cmd_next, "", "the first day you have not passed, and how to open it", NULL) \
    X("verify", cmd_verify, "", "grade every day you have started, a line each", VERIFY_HELP) \
    X("trace", cmd_trace, "DAY [FILE] --kernel K [--block B] [--warp W] [--launch N] [--size S] [--json]", \
      "one warp of your kernel step by step: each shuffle, vote and barrier", TRACE_HELP) \
    X("new", cmd_new, "NN TOPIC [--program]", "for authors: scaffold days/dayNN-TOPIC, a day that grades", NEW_HELP) \
    X("check-course", cmd_check_course, "[DAY] [--watch]",                                      \
      "for authors: manifest, template, solution and fixtures of every day (or one)", \
      CHECK_COURSE_HELP)

#endif
