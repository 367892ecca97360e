/* cmd_stub.c - placeholders until the commands land (replaced in this session). */
#include "cli.h"
#include "commands.h"

int cmd_doctor(int argc, char **argv) { return cli_cannot("doctor: not built yet"); }
