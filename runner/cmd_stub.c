/* cmd_stub.c - placeholders until the commands land (replaced in this session). */
#include "cli.h"
#include "commands.h"

int cmd_tui(int argc, char **argv) { cli_print_usage(stdout); return CLI_PASSED; }
int cmd_doctor(int argc, char **argv) { return cli_cannot("doctor: not built yet"); }
