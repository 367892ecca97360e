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

/* Shared by the commands: load the course / find a day, or say why not on
 * stderr (one line) and return NULL. */
struct day_course;
struct day_manifest;
struct day_course *cli_load_course(void);
const struct day_manifest *cli_find_day(const struct day_course *c, const char *which);

#define GRADE_HELP                                                                \
    "FILE defaults to your copy of the day's template in the workspace.\n"       \
    "  --json          print one JSON object (design.md's contract) instead of text\n" \
    "  --backend B     auto (default): the emulator, and the GPU where there is one;\n" \
    "                  emu: the emulator only; gpu: the emulator's checks, then the GPU\n" \
    "  --seed N        the inputs' seed (default 1); the same seed, the same report\n" \
    "  --threads N     host threads for the emulator (default: one per core)\n"      \
    "  --progress      print the stages on stderr as `progress: STAGE`\n"           \
    "Exit status: 0 every check passed; 1 graded, not passed; 2 could not grade.\n"

#define BATCH_HELP                                                                \
    "Each FILE is one submission (a student's .cu for the day); each is graded by\n" \
    "`cudalab grade --json` in a child process of its own.\n"                      \
    "  --jobs N        grade N at a time (default 1)\n"                            \
    "  --out DIR       write DIR/<name>.json for each submission\n"                \
    "  --csv F         write a table, one row per submission\n"                    \
    "  --backend B     as for grade (default auto)\n"                              \
    "  --seed N        as for grade (default 1)\n"                                 \
    "An existing output file is kept as FILE.<time>.bak before it is replaced.\n"  \
    "Exit status: 0 every submission passed; 1 some did not; 2 the batch could not run.\n"

#define CLI_COMMANDS(X)                                                          \
    X("grade", cmd_grade, "DAY [FILE] [--json] [--backend auto|emu|gpu] [--seed N]",          \
      "build and check your kernels, beside the reference", GRADE_HELP)          \
    X("batch", cmd_batch, "DAY FILE... [--jobs N] [--out DIR] [--csv F]",                      \
      "grade a class: one report per submission, and a table", BATCH_HELP)           \
    X("list", cmd_list, "", "the days of the course with your status", NULL)     \
    X("doctor", cmd_doctor, "", "what is installed, and which backend grades", NULL) \
    X("reset", cmd_reset, "DAY", "put the day's template back (your file is kept as a backup)", NULL)

#endif
