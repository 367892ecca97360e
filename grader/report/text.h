/* text.h - the result model as lines of styled text, for people. The same
 * lines go to a terminal (ANSI colour, or none under NO_COLOR / a pipe) and to
 * the ncurses runner, so the two cannot disagree.
 *
 * Prefix: report_. */
#ifndef CUDALAB_REPORT_TEXT_H
#define CUDALAB_REPORT_TEXT_H

#include <stdio.h>

#include "result.h"

#define REPORT_STYLES(X) \
    X(PLAIN)             \
    X(HEADING)           \
    X(PASS)              \
    X(FAIL)              \
    X(WARN)              \
    X(DIM)               \
    X(CODE)              \
    X(EMPH)

typedef enum report_style {
#define REPORT_STYLE_ENUM(id) REPORT_STYLE_##id,
    REPORT_STYLES(REPORT_STYLE_ENUM)
#undef REPORT_STYLE_ENUM
    REPORT_STYLE_COUNT
} report_style;

typedef struct report_span {
    int start, len; /* bytes of the line's text */
    report_style style;
} report_span;

typedef struct report_line {
    char *text;
    report_span *spans;
    int nspans;
    int hazard; /* the result's hazard the line belongs to, its index + 1 (0: none), for a
                   screen that asks which hazard is in view */
} report_line;

typedef struct report_doc {
    report_line *lines;
    int nlines;
} report_doc;

typedef struct report_text_options {
    bool unicode; /* marks and lane pictures in UTF-8; ASCII otherwise */
    int width;    /* columns available (>= 60) */
} report_text_options;

report_doc *report_render(const report_result *r, const report_text_options *opt);
/* One hazard as the report's Hazards section shows it: where, what, what
 * to change, and for a warp collective the lane picture. */
report_doc *report_render_hazard(const report_hazard *h, const report_text_options *opt);
/* The lines as plain text, a newline after each (caller frees). */
char *report_doc_text(const report_doc *d);
/* The performance section alone (text_perf.c): each kernel's figures
 * from the emulator's counters, yours beside the reference, the modelled
 * times and a line of advice; lines fit in width columns. */
void report_render_perf(report_doc *d, const report_result *r, int width);
void report_doc_free(report_doc *d);
/* Write the lines; with color, styles become ANSI escapes. */
void report_doc_print(const report_doc *d, FILE *out, bool color);

/* Building documents (also used for other styled text, like help). */
report_line *report_doc_line(report_doc *d); /* a new, empty line */
void report_line_add(report_line *l, report_style style, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Whether a stream should get colour: a terminal, and NO_COLOR unset. */
bool report_want_color(FILE *out);
/* Whether the locale speaks UTF-8. */
bool report_want_unicode(void);

#endif
