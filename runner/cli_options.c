/* cli_options.c - every command's options through getopt_long: --opt=value
 * and --opt value, options before or after the operands, -- ends them, and
 * -h/--help and -V/--version for each command. An argument that starts with
 * '-' and names something that exists is a path, never an option: a bare
 * glob over a class (`cudalab batch 14 *`) may give "-x" or "--csv=y"
 * (students' folders), and one of them must neither stop nor steer the batch. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* An argument spelt as an option that is taken as a path: said on stderr,
 * so that one typed as an option is not lost in silence. */
static void path_note(const char *s)
{
    char *shown = cl_text_safe(s, 0);
    fprintf(stderr, "cudalab: '%s' is taken as a path, since one of that name exists here; to give the option, "
            "run from a folder where it does not\n", shown);
    free(shown);
}

/* Where an argument looks like an option: is_path[i] says it names
 * something that exists (lstat), so it is a path (a value an option takes is
 * left alone, -- and what follows it are getopt_long's). Then an argument
 * that looks like an option and is not one is refused as a whole word
 * ("-x.cu" that is not there, "--frob", "--se" for --seed), before
 * getopt_long reads letters or takes a prefix. */
static const char *unknown_option(int argc, char **argv, const struct option *all, bool *is_path)
{
    struct stat sb;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        const char *s = argv[i];
        if (s[0] != '-' || !s[1]) continue;
        bool short_one = !strcmp(s, "-h") || !strcmp(s, "-V");
        const struct option *o = s[1] == '-' ? known_long(all, s) : NULL;
        if ((is_path[i] = lstat(s, &sb) == 0)) {
            if (o || short_one) path_note(s);
            continue;
        }
        if (short_one) continue;
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

/* What getopt_long reads: argv, with each path that looks like an option
 * (is_path) in a stand-in's place that does not, so that it comes back as an
 * operand (code 1) at its own place. */
static char path_stand_in[] = "path";

int cli_options(int argc, char **argv, const struct option *opts, cli_take_fn take, void *ctx,
                int *first)
{
    const char *cmd = argv[0];
    struct option all[OPTS_MAX];
    full_table(opts, all);
    bool *is_path = cl_calloc((size_t)argc + 1, sizeof *is_path);
    const char *bad = unknown_option(argc, argv, all, is_path);
    char **seen = cl_calloc((size_t)argc + 1, sizeof *seen), **ops = cl_calloc((size_t)argc + 1, sizeof *ops);
    int o, k = 0, rc = CLI_GO;
    for (int i = 0; i < argc; i++) seen[i] = is_path[i] ? path_stand_in : argv[i];
    if (bad)
        rc = cli_cannot("%s: unknown option '%.*s'; see `cudalab %s --help` (a path that starts with '-' goes "
                        "after --)", cmd, (int)(bad[1] == '-' ? strcspn(bad, "=") : strlen(bad)), bad, cmd);
    optind = 0; /* glibc: start afresh (a process may parse twice) */
    opterr = 0;
    /* "-": operands come back in order (code 1), so options may follow them
     * even under POSIXLY_CORRECT; ":": a missing value is told apart. */
    while (rc == CLI_GO && (o = getopt_long(argc, seen, "-:hV", all, NULL)) != -1)
        rc = o == OPT_OPERAND ? (ops[k++] = argv[optind - 1], CLI_GO) : take_one(cmd, all, o, take, ctx);
    if (rc == CLI_GO) *first = gather_operands(argv, ops, k);
    free(ops);
    free(seen);
    free(is_path);
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
