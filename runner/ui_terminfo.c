/* ui_terminfo.c - before ncurses starts: can this terminal draw the runner?
 * Its own file because <term.h> defines capability names (lines, columns,
 * ...) as macros. */
#include "ui.h"

#include <curses.h>
#include <term.h>
#include <unistd.h>

const char *ui_terminal_lacks(void)
{
    int err = 0;
    if (setupterm(NULL, STDOUT_FILENO, &err) != OK)
        return err == 1 ? "is a hard-copy terminal" : "is not in the terminal database";
    const char *why = NULL;
    char *cup = tigetstr("cup");
    if (tigetflag("hc") > 0) why = "is a hard-copy terminal";
    else if (tigetflag("gn") > 0) why = "is a generic terminal that cannot place the cursor";
    else if (!cup || cup == (char *)-1) why = "cannot place the cursor";
    del_curterm(cur_term);
    return why;
}
