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
int cmd_merge(int argc, char **argv);

/* Shared by the commands: load the course / find a day, or say why not on
 * stderr (one line) and return NULL. */
struct day_course;
struct day_manifest;
struct day_course *cli_load_course(void);
const struct day_manifest *cli_find_day(const struct day_course *c, const char *which);

#define GRADE_HELP                                                                \
    "FILE defaults to your copy of the day's template in the workspace.\n"       \
    "  --json          print one JSON object (keys: docs/architecture.md) instead of text\n" \
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
    "                  points (1 a check each kernel lists)\n"                     \
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

#define MERGE_HELP                                                                \
    "Writes OUT.csv from the tables of `cudalab batch --csv` run with --shard I/N:\n" \
    "one header, every row, sorted as one batch sorts them, so the file is the one\n" \
    "a single run over the whole class writes. The tables must be of one day.\n"  \
    "An existing OUT.csv is kept as OUT.csv.<YYYYmmdd-HHMMSS>[-K].bak first.\n"     \
    "Exit status: 0 written; 2 a table could not be read, is not batch's, has\n"  \
    "other columns, is named twice or is OUT.csv itself (nothing is written).\n"

#define CLI_COMMANDS(X)                                                          \
    X("grade", cmd_grade, "DAY [FILE] [--json] [--backend auto|emu|gpu] [--seed N]",          \
      "build and check your kernels, beside the reference", GRADE_HELP)          \
    X("batch", cmd_batch, "DAY FILE... [--jobs N] [--out DIR] [--csv F] [--regrade] [...]", \
      "grade a class: one report per submission, and a table", BATCH_HELP)           \
    X("merge", cmd_merge, "OUT.csv TABLE.csv...",                                \
      "merge the tables of a class graded in shards (batch --shard)", MERGE_HELP) \
    X("list", cmd_list, "", "the days of the course with your status", NULL)     \
    X("doctor", cmd_doctor, "", "what is installed, and which backend grades", NULL) \
    X("reset", cmd_reset, "DAY", "put the day's template back (your file is kept as a backup)", NULL)

#endif
