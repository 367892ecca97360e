/* main.c - the cudalab executable. */
#include <locale.h>

#include "cli.h"

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "");
    return cli_main(argc, argv);
}
