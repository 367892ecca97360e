/* cli.h - the command line: one table of subcommands {name, fn, args, help},
 * which makes the dispatch, `cudalab --help` and each command's --help. */
#ifndef CUDALAB_CLI_H
#define CUDALAB_CLI_H

#include <stdbool.h>
#include <stdio.h>

/* Exit codes of the contract (docs/architecture.md). */
enum { CLI_PASSED = 0, CLI_NOT_PASSED = 1, CLI_CANNOT = 2 };

typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv); /* argv[0] is the command's name */
    const char *args;                  /* "DAY [FILE] [--json] ..." */
    const char *summary;               /* one line */
    const char *help;                  /* the rest of --help, may be NULL */
} cli_command;

/* The table, terminated by an entry whose name is NULL. */
extern const cli_command cli_commands[];

int cli_main(int argc, char **argv);
void cli_print_usage(FILE *out);
void cli_print_command_help(FILE *out, const cli_command *cmd);
/* True when argv holds -h or --help. */
bool cli_wants_help(int argc, char **argv);

/* A whole number from min to max for option flag (s may be NULL: the value is
 * missing). Otherwise one line on stderr and CLI_CANNOT. */
int cli_parse_number(const char *flag, const char *s, unsigned long long min,
                     unsigned long long max, unsigned long long *out);

/* One line on stderr, "cudalab: ...", and CLI_CANNOT. */
int cli_cannot(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The words of the last cli_cannot, for a caller that must say them again
 * elsewhere (grade --json). */
const char *cli_last_reason(void);

#endif
