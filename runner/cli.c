/* cli.c - dispatch of subcommands through the one command table. */
#include "cli.h"

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

int cli_cannot(const char *fmt, ...)
{
    /* The words may hold a path or a compiler's message: made safe to show. */
    cl_str raw = {0};
    va_list ap;
    va_start(ap, fmt);
    cl_str_vaddf(&raw, fmt, ap);
    va_end(ap);
    char *safe = cl_text_safe(cl_str_cstr(&raw), 0);
    fprintf(stderr, "cudalab: %s\n", safe);
    free(safe);
    cl_str_free(&raw);
    return CLI_CANNOT;
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
    if (!strcmp(name, "--version")) {
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
