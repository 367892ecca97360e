/* cli.h - the command line: one table of subcommands {name, fn, args, help},
 * which makes the dispatch, `cudalab --help` and each command's --help. */
#ifndef CUDALAB_CLI_H
#define CUDALAB_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

/* Exit codes of the contract (docs/contract.md). CLI_GO is no
 * exit code: cli_options' "the options are read, go on". */
enum { CLI_GO = -1, CLI_PASSED = 0, CLI_NOT_PASSED = 1, CLI_CANNOT = 2 };

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
void cli_print_version(FILE *out);
/* The command named name, or NULL. */
const cli_command *cli_find_command(const char *name);

/* What a command does with one of its options: id is the option's val in its
 * table, value its argument (NULL for an option without one). CLI_PASSED, or
 * CLI_CANNOT having said why (cli_cannot). */
typedef int (*cli_take_fn)(void *ctx, int id, const char *value);

/* A command's options (argv[0] is its name), read by getopt_long
 * (cli_options.c): --opt=value and --opt value, options among the operands,
 * -- ends them; an unknown option, a prefix, a missing value or a value for
 * an option without one is refused by name; POSIXLY_CORRECT changes none of
 * this. Every command also has -h/--help and -V/--version. opts may be NULL;
 * its vals must not be 1, 'h' or 'V' (use 0x100 and up). Returns CLI_GO with
 * the operands, in order, at argv[*first..argc-1] (argv is rearranged to put
 * them there), CLI_PASSED when help or the version was printed, CLI_CANNOT
 * when refused (one line on stderr). */
int cli_options(int argc, char **argv, const struct option *opts, cli_take_fn take, void *ctx,
                int *first);
/* The same for a command with no options of its own: its operands, from min
 * to max of them, else the usage line and CLI_CANNOT. */
int cli_operands(int argc, char **argv, int min, int max, char ***operands, int *n);

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
