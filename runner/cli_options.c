/* cli_options.c - every command's options through getopt_long: --opt=value
 * and --opt value, options before or after the operands, -- ends them, and
 * -h/--help and -V/--version for each command. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/core.h"

enum { OPT_OPERAND = 1, OPT_HELP = 'h', OPT_VERSION = 'V', OPTS_MAX = 32 };

/* The command's table and the two every command has, as getopt_long wants it. */
static int full_table(const struct option *opts, struct option *all)
{
    int n = 0;
    for (; opts && opts[n].name && n < OPTS_MAX - 3; n++) all[n] = opts[n];
    all[n++] = (struct option){"help", no_argument, NULL, OPT_HELP};
    all[n++] = (struct option){"version", no_argument, NULL, OPT_VERSION};
    all[n] = (struct option){NULL, 0, NULL, 0};
    return n;
}

static const struct option *known_long(const struct option *all, const char *s)
{
    for (const struct option *o = all; o->name; o++) {
        size_t n = strlen(o->name);
        if (!strncmp(s + 2, o->name, n) && (s[2 + n] == '\0' || s[2 + n] == '=')) return o;
    }
    return NULL;
}

/* An argument that looks like an option and is not one: refused as a whole
 * word ("-x.cu", "--frob", "--se" for --seed), before getopt_long reads
 * letters or takes a prefix. */
static const char *unknown_option(int argc, char **argv, const struct option *all)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        const char *s = argv[i];
        if (s[0] != '-' || !s[1]) continue;
        if (!strcmp(s, "-h") || !strcmp(s, "-V")) continue;
        const struct option *o = s[1] == '-' ? known_long(all, s) : NULL;
        if (!o) return s;
        if (o->has_arg == required_argument && !strchr(s, '=')) i++; /* its value */
    }
    return NULL;
}

static const char *name_of(const struct option *all, int val)
{
    for (const struct option *o = all; o->name; o++)
        if (o->val == val) return o->name;
    return "?";
}

/* getopt_long's complaint, said with the option's name. */
static int refuse(const char *cmd, const struct option *all, int o)
{
    if (o == ':')
        return cli_cannot("%s: --%s needs a value; see `cudalab %s --help`", cmd, name_of(all, optopt),
                          cmd);
    if (optopt && optopt != OPT_HELP && optopt != OPT_VERSION)
        return cli_cannot("%s: --%s takes no value; see `cudalab %s --help`", cmd, name_of(all, optopt),
                          cmd);
    return cli_cannot("%s: bad option; see `cudalab %s --help`", cmd, cmd);
}

/* One option getopt_long returned: refused, answered (help, version), or
 * handed to the command. */
static int take_one(const char *cmd, const struct option *all, int o, cli_take_fn take, void *ctx)
{
    if (o == '?' || o == ':') return refuse(cmd, all, o);
    if (o == OPT_HELP) {
        const cli_command *c = cli_find_command(cmd);
        if (c) cli_print_command_help(stdout, c);
        return CLI_PASSED;
    }
    if (o == OPT_VERSION) {
        cli_print_version(stdout);
        return CLI_PASSED;
    }
    return take && take(ctx, o, optarg) == CLI_PASSED ? CLI_GO : CLI_CANNOT;
}

/* The operands met among the options (ops, k of them), then those after --
 * (argv[optind..]), moved in order to the end of argv; returns where they
 * start. The places they move to held what was read already. */
static int gather_operands(char **argv, char **ops, int k)
{
    int start = optind - k;
    memcpy(argv + start, ops, (size_t)k * sizeof *ops);
    return start;
}

int cli_options(int argc, char **argv, const struct option *opts, cli_take_fn take, void *ctx,
                int *first)
{
    const char *cmd = argv[0];
    struct option all[OPTS_MAX];
    full_table(opts, all);
    const char *bad = unknown_option(argc, argv, all);
    if (bad)
        return cli_cannot("%s: unknown option '%.*s'; see `cudalab %s --help`", cmd,
                          (int)(bad[1] == '-' ? strcspn(bad, "=") : strlen(bad)), bad, cmd);
    optind = 0; /* glibc: start afresh (a process may parse twice) */
    opterr = 0;
    int o, k = 0, rc = CLI_GO;
    char **ops = cl_calloc((size_t)argc + 1, sizeof *ops);
    /* "-": operands come back in order (code 1), so options may follow them
     * even under POSIXLY_CORRECT; ":": a missing value is told apart. */
    while (rc == CLI_GO && (o = getopt_long(argc, argv, "-:hV", all, NULL)) != -1)
        rc = o == OPT_OPERAND ? (ops[k++] = optarg, CLI_GO) : take_one(cmd, all, o, take, ctx);
    if (rc == CLI_GO) *first = gather_operands(argv, ops, k);
    free(ops);
    return rc;
}

int cli_operands(int argc, char **argv, int min, int max, char ***operands, int *n)
{
    int first = 0;
    int rc = cli_options(argc, argv, NULL, NULL, NULL, &first);
    if (rc != CLI_GO) return rc;
    *operands = argv + first;
    *n = argc - first;
    if (*n < min || *n > max) {
        const cli_command *c = cli_find_command(argv[0]);
        if (!c || !c->args[0])
            return cli_cannot("%s takes no arguments; see `cudalab %s --help`", argv[0], argv[0]);
        return cli_cannot("usage: cudalab %s %s (`cudalab %s --help` says more)", argv[0], c->args,
                          argv[0]);
    }
    return CLI_GO;
}
