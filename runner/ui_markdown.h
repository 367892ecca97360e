/* ui_markdown.h - the Markdown of a day's README as styled lines for the
 * terminal: headings, paragraphs wrapped to a width, lists with hanging
 * indents, block quotes, fenced and indented code, tables, rules, and inline
 * `code`, **strong**, *emphasis* and [links](url).
 *
 * Prefix: ui_markdown_. */
#ifndef CUDALAB_UI_MARKDOWN_H
#define CUDALAB_UI_MARKDOWN_H

#include <stdbool.h>

#include "report/text.h"

/* Append text's lines to doc, wrapped to width columns (at least 20). */
void ui_markdown_append(report_doc *doc, const char *text, int width, bool unicode);
report_doc *ui_markdown_render(const char *text, int width, bool unicode);

#endif
