/* ui_pager.c - the screen that shows styled lines and scrolls: the help, and
 * the diff of a student's file against the template. */
#include <curses.h>
#include <stdlib.h>

#include "ui.h"

typedef struct pager {
    ui_pager_page page;
    int top;
} pager;

static void *pager_enter(ui_app *app, void *arg)
{
    pager *p = cl_calloc(1, sizeof *p);
    p->page = *(ui_pager_page *)arg;
    free(arg);
    return p;
}

static void pager_draw(ui_app *app, void *self)
{
    pager *p = self;
    int rows = ui_body_rows(), n = p->page.doc ? p->page.doc->nlines : 0;
    p->top = ui_clamp_scroll(p->top, n, rows);
    char where[64];
    if (n > rows)
        snprintf(where, sizeof where, "lines %d-%d of %d", p->top + 1,
                 p->top + rows < n ? p->top + rows : n, n);
    else
        snprintf(where, sizeof where, "%d line%s", n, n == 1 ? "" : "s");
    ui_draw_title(app, p->page.title, where);
    if (!n && p->page.empty) {
        erase();
        ui_draw_title(app, p->page.title, where);
        ui_put(ui_body_top() + 1, 2, COLS - 4, p->page.empty, -1, A_NORMAL);
    } else {
        ui_draw_doc(app, p->page.doc, p->top, ui_body_top(), 1, rows, COLS - 1);
    }
    ui_draw_status(app, NULL, REPORT_STYLE_PLAIN);
    ui_draw_footer(app, UI_SCREEN_PAGER);
}

static ui_reaction pager_key(ui_app *app, void *self, ui_command cmd, int ch)
{
    pager *p = self;
    switch (cmd) {
    case UI_CMD_BACK: return ui_pop(app);
    case UI_CMD_UP: case UI_CMD_DOWN: case UI_CMD_PAGE_UP: case UI_CMD_PAGE_DOWN:
    case UI_CMD_TOP: case UI_CMD_BOTTOM:
        p->top = ui_scroll(cmd, p->top, p->page.doc ? p->page.doc->nlines : 0, ui_body_rows());
        return UI_REDRAW;
    default: return UI_UNHANDLED;
    }
}

static void pager_leave(ui_app *app, void *self)
{
    pager *p = self;
    free(p->page.title);
    free(p->page.empty);
    report_doc_free(p->page.doc);
    free(p);
}

const ui_screen ui_pager_screen = {
    .name = "pager",
    .id = UI_SCREEN_PAGER,
    .enter = pager_enter,
    .draw = pager_draw,
    .key = pager_key,
    .leave = pager_leave,
};
