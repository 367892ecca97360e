/* cli.c - dispatch of subcommands through the one command table. */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "ui_keys.h"

const cli_command cli_commands[] = {
#define CLI_ENTRY(name, fn, args, summary, help) {name, fn, args, summary, help},
    CLI_COMMANDS(CLI_ENTRY)
#undef CLI_ENTRY
    {NULL, NULL, NULL, NULL, NULL},
};

static char last_reason[2048];

int cli_cannot(const char *fmt, ...)
{
    /* The words may hold a path or a compiler's message: made safe to show,
     * and kept for a caller that says them again (grade --json). */
    cl_str raw = {0};
    va_list ap;
    va_start(ap, fmt);
    cl_str_vaddf(&raw, fmt, ap);
    va_end(ap);
    char *safe = cl_text_safe(cl_str_cstr(&raw), 0);
    snprintf(last_reason, sizeof last_reason, "%s", safe);
    fprintf(stderr, "cudalab: %s\n", safe);
    free(safe);
    cl_str_free(&raw);
    return CLI_CANNOT;
}

int cli_parse_number(const char *flag, const char *s, unsigned long long min,
                     unsigned long long max, unsigned long long *out)
{
    char *end = NULL;
    errno = 0;
    /* strtoull alone takes " 5", "+5" and "-1" (as 2^64 - 1): digits only. */
    unsigned long long v = s && isdigit((unsigned char)s[0]) ? strtoull(s, &end, 10) : 0;
    if (!end || *end || errno || v < min || v > max)
        return cli_cannot("%s takes a whole number from %llu to %llu, not '%s'", flag, min, max,
                          s ? s : "");
    *out = v;
    return CLI_PASSED;
}

const char *cli_last_reason(void)
{
    return last_reason;
}

void cli_print_usage(FILE *out)
{
    fputs("cudalab - the lab runner of the 100-day CUDA course\n\n"
          "usage: cudalab [--poll]        open the course in the terminal runner (--poll:\n"
          "                               watch mode polls your file, for a drive inotify misses)\n", out);
    for (const cli_command *c = cli_commands; c->name; c++) {
        char left[128];
        snprintf(left, sizeof left, "%s %s", c->name, c->args);
        if (strlen(left) > 22)
            fprintf(out, "       cudalab %s\n       %-30s %s\n", left, "", c->summary);
        else
            fprintf(out, "       cudalab %-22s %s\n", left, c->summary);
    }
    fputs("\nDAY is 23, day23 or day23-shuffles. `cudalab COMMAND --help` says more.\n"
          "Exit status: 0 passed, 1 graded and not passed, 2 could not run.\n"
          "Environment: CUDALAB_COURSE (the course folder), CUDALAB_WORKSPACE (where\n"
          "your files live), CUDALAB_NVCC (the nvcc to use), CUDALAB_POLL=1 (as --poll),\n"
          "NO_COLOR.\n", out);
    ui_keys_print_usage(out);
}

void cli_print_command_help(FILE *out, const cli_command *cmd)
{
    fprintf(out, "usage: cudalab %s %s\n\n%s\n", cmd->name, cmd->args, cmd->summary);
    if (cmd->help) fprintf(out, "\n%s", cmd->help);
}

void cli_print_version(FILE *out)
{
    fprintf(out, "cudalab %s\n", CUDALAB_VERSION);
}

const cli_command *cli_find_command(const char *name)
{
    for (const cli_command *c = cli_commands; c->name; c++)
        if (!strcmp(c->name, name)) return c;
    return NULL;
}

/* cudalab's own options, before the command: -h/--help, -V/--version,
 * --poll (the runner's watch mode polls the file instead of waiting for
 * inotify: CUDALAB_POLL=1) and -- (what follows is the command). An option
 * there that is none of these is refused by name; after the command, the
 * options are the command's. */
static int top_options(int argc, char **argv, int *first)
{
    static const struct option top[] = {
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {"poll", no_argument, NULL, 'P'},
        {NULL, 0, NULL, 0},
    };
    optind = 0;
    opterr = 0;
    int o, i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] && strcmp(argv[i], "--"); i++)
        if (strcmp(argv[i], "-h") && strcmp(argv[i], "--help") && strcmp(argv[i], "-V") &&
            strcmp(argv[i], "--version") && strcmp(argv[i], "--poll"))
            return cli_cannot("unknown option '%s'; `cudalab --help` lists the options and commands",
                              argv[i]);
    while ((o = getopt_long(argc, argv, "+hV", top, NULL)) == 'P') setenv("CUDALAB_POLL", "1", 1);
    if (o != -1) {
        if (o == 'V') cli_print_version(stdout);
        else cli_print_usage(stdout);
        return CLI_PASSED;
    }
    *first = optind;
    return CLI_GO;
}

int cli_main(int argc, char **argv)
{
    int first = 1, rc = top_options(argc, argv, &first);
    if (rc != CLI_GO) return rc;
    if (first >= argc) return cmd_tui(1, argv);
    const char *name = argv[first];
    if (!strcmp(name, "help")) {
        const cli_command *c = first + 1 < argc ? cli_find_command(argv[first + 1]) : NULL;
        if (c) cli_print_command_help(stdout, c);
        else cli_print_usage(stdout);
        return CLI_PASSED;
    }
    const cli_command *cmd = cli_find_command(name);
    if (!cmd) return cli_cannot("unknown command '%s'; `cudalab --help` lists the commands", name);
    return cmd->run(argc - first, argv + first);
}
