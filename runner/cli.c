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

bool cli_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) return true;
    return false;
}

void cli_print_usage(FILE *out)
{
    fputs("cudalab - the lab runner of the 100-day CUDA course\n\n"
          "usage: cudalab                 open the course in the terminal runner\n", out);
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
          "your files live), CUDALAB_NVCC (the nvcc to use), NO_COLOR.\n", out);
    ui_keys_print_usage(out);
}

void cli_print_command_help(FILE *out, const cli_command *cmd)
{
    fprintf(out, "usage: cudalab %s %s\n\n%s\n", cmd->name, cmd->args, cmd->summary);
    if (cmd->help) fprintf(out, "\n%s", cmd->help);
}

static const cli_command *find_command(const char *name)
{
    for (const cli_command *c = cli_commands; c->name; c++)
        if (!strcmp(c->name, name)) return c;
    return NULL;
}

int cli_main(int argc, char **argv)
{
    if (argc < 2) return cmd_tui(argc, argv);
    const char *name = argv[1];
    if (!strcmp(name, "-h") || !strcmp(name, "--help") || !strcmp(name, "help")) {
        if (argc > 2 && find_command(argv[2])) {
            cli_print_command_help(stdout, find_command(argv[2]));
            return CLI_PASSED;
        }
        cli_print_usage(stdout);
        return CLI_PASSED;
    }
    if (!strcmp(name, "--version") || !strcmp(name, "-V")) {
        printf("cudalab %s\n", CUDALAB_VERSION);
        return CLI_PASSED;
    }
    const cli_command *cmd = find_command(name);
    if (!cmd) {
        cli_cannot("unknown command '%s'; `cudalab --help` lists the commands", name);
        return CLI_CANNOT;
    }
    if (cli_wants_help(argc - 1, argv + 1)) {
        cli_print_command_help(stdout, cmd);
        return CLI_PASSED;
    }
    return cmd->run(argc - 1, argv + 1);
}
