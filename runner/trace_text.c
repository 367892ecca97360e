/* trace_text.c - the warp stepper's run as text for a plain terminal of 80
 * columns (trace_model.h): a header, then each step with its line, masks and
 * a table of the 32 lanes in two columns (lane l beside lane l + 16), then a
 * legend. */
#include "trace_model.h"

#include <stdlib.h>
#include <string.h>

/* Lane l's cell of a step, 31 columns at most. */
static void lane_cell(const sim_trace_step *s, int l, char *buf, size_t n)
{
    const sim_trace_lane *x = &s->lane[l];
    char sent[24], got[24], src[8];
    if (!(s->existing >> l & 1u)) {
        snprintf(buf, n, "%2d  (no thread)", l);
        return;
    }
    if (!(s->active >> l & 1u)) {
        snprintf(buf, n, "%2d  %s", l, (s->exited >> l & 1u) ? "(exited)" : "(not here)");
        return;
    }
    trace_value_text(x->sent, trace_value_format(s, false), sent, sizeof sent);
    trace_value_text(x->got, trace_value_format(s, true), got, sizeof got);
    if (s->kind == SIM_TRACE_SHUFFLE) {
        char mark = x->read == SIM_READ_UNDEFINED ? '!' : x->read == SIM_READ_OWN ? '=' : ' ';
        snprintf(src, sizeof src, "%3d%c", x->source, mark);
        snprintf(buf, n, "%2d  %-11.11s %s %-11.11s", l, sent, src, got);
    } else {
        snprintf(buf, n, "%2d  %-11.11s  ->  %-11.11s", l, sent, got);
    }
}

static bool has_table(const sim_trace_step *s)
{
    return s->kind == SIM_TRACE_SHUFFLE || s->kind == SIM_TRACE_VOTE || s->kind == SIM_TRACE_MATCH ||
           s->kind == SIM_TRACE_REDUX;
}

/* One line, its trailing blanks dropped. */
static void put_trimmed(char *line, FILE *out)
{
    size_t n = strlen(line);
    while (n && line[n - 1] == ' ') line[--n] = '\0';
    fprintf(out, "%s\n", line);
}

/* A deadlock: which lanes wait at which line. */
static void print_waits(const sim_trace_step *s, FILE *out)
{
    uint32_t todo = s->active;
    while (todo) {
        unsigned line = s->lane[__builtin_ctz(todo)].line;
        uint32_t same = 0;
        for (int l = 0; l < 32; l++)
            if ((todo >> l & 1u) && s->lane[l].line == line) same |= 1u << l;
        char lanes[128];
        trace_lanes_text(same, lanes, sizeof lanes);
        fprintf(out, "  lane%s %s wait%s at line %u\n", same & (same - 1) ? "s" : "", lanes,
                same & (same - 1) ? "" : "s", line);
        todo &= ~same;
    }
}

static void print_table(const sim_trace_step *s, FILE *out)
{
    /* the columns of lane_cell's cells */
    const char *head = s->kind == SIM_TRACE_SHUFFLE ? "ln  sent        from got" : "ln  gave               got";
    char line[160];
    snprintf(line, sizeof line, "  %-35s %s", head, head);
    put_trimmed(line, out);
    for (int l = 0; l < 16; l++) {
        char a[64], b[64];
        lane_cell(s, l, a, sizeof a);
        lane_cell(s, l + 16, b, sizeof b);
        snprintf(line, sizeof line, "  %-35s %s", a, b);
        put_trimmed(line, out);
    }
}

/* The student's line, trimmed, in at most 74 columns (shown as safe text). */
static void quote_line(const sim_trace_step *s, const char *file, char **lines, int nlines, FILE *out)
{
    if (!lines || !s->line || (int)s->line > nlines || strcmp(s->file, file) != 0) return;
    const char *t = lines[s->line - 1];
    while (*t == ' ' || *t == '\t') t++;
    char *safe = cl_text_safe(t, 0);
    fprintf(out, "  | %.74s\n", safe);
    free(safe);
}

static void print_step(const trace_run *t, size_t i, char **lines, int nlines, FILE *out)
{
    const sim_trace_step *s = &t->steps[i];
    char where[96], lanes[128];
    snprintf(where, sizeof where, "%s:%u", s->file[0] ? s->file : "?", s->line);
    fprintf(out, "\nstep %zu  %s  %s%s%s", i + 1, where, sim_trace_kind_name(s->kind), s->mode[0] ? " " : "",
            s->mode);
    if (s->kind == SIM_TRACE_BARRIER) {
        trace_lanes_text(s->active, lanes, sizeof lanes);
        fprintf(out, " %u: lanes %s of the warp waited there\n", s->barrier, lanes);
        quote_line(s, t->file, lines, nlines, out);
        return;
    }
    fprintf(out, "  mask 0x%08x  %s 0x%08x (%d)\n", s->mask, s->kind == SIM_TRACE_DEADLOCK ? "waiting" : "active",
            s->active, __builtin_popcount(s->active));
    quote_line(s, t->file, lines, nlines, out);
    if (s->masks_differ) fprintf(out, "  the lanes passed different masks (the table's mask column: JSON)\n");
    if (s->exited) {
        trace_lanes_text(s->exited, lanes, sizeof lanes);
        fprintf(out, "  exited before it: lanes %s\n", lanes);
    }
    if (has_table(s)) print_table(s, out);
    if (s->kind == SIM_TRACE_DEADLOCK) print_waits(s, out);
    uint32_t bad = 0;
    for (int l = 0; l < 32; l++)
        if (trace_undefined_why(s, l)) bad |= 1u << l;
    if (bad) {
        trace_lanes_text(bad, lanes, sizeof lanes);
        int f = __builtin_ctz(bad);
        fprintf(out, "  undefined reads: lane%s %s (lane %d reads lane %d: %s)\n", bad & (bad - 1) ? "s" : "",
                lanes, f, s->lane[f].source,
                trace_undefined_why(s, f));
    }
    if (s->kind == SIM_TRACE_SHUFFLE && strcmp(s->mode, "idx") != 0) {
        uint32_t parts[32], hold = trace_partials(t, i, parts);
        trace_lanes_text(hold, lanes, sizeof lanes);
        fprintf(out, "  lanes holding a partial sum after it: %d (%s)\n", __builtin_popcount(hold), lanes);
    }
}

void trace_print_text(const trace_run *t, char **lines, int nlines, FILE *out)
{
    fprintf(out, "day %d: %s in %s\n", t->day, t->kernel, t->file);
    if (t->program)
        fprintf(out, "its launch %u in the program %s, on the buffers the launches before it left\n", t->launch,
                t->program);
    fprintf(out, "size: %s, seed %llu\n", t->size, (unsigned long long)t->seed);
    fprintf(out, "block (%u,%u,%u) of (%u,%u,%u), warp %u (threads %u-%u); the launch: %s\n", t->block[0],
            t->block[1], t->block[2], t->grid[0], t->grid[1], t->grid[2], t->warp, t->warp * 32,
            t->warp * 32 + 31, t->outcome ? t->outcome : "?");
    if (t->detail) fprintf(out, "  %.200s\n", t->detail);
    if (!t->ran) {
        fprintf(out, "that block or warp did not run: the grid is (%u,%u,%u) blocks of %u threads\n", t->grid[0],
                t->grid[1], t->grid[2], t->block_dim[0] * t->block_dim[1] * t->block_dim[2]);
        return;
    }
    if (!t->nsteps) {
        fprintf(out, "the warp ran %llu instruction%s, none of them a collective or a barrier\n",
                (unsigned long long)t->instructions, t->instructions == 1 ? "" : "s");
        return;
    }
    fprintf(out, "the warp ran %llu instruction%s; %zu step%s: its collectives and barriers, in order\n",
            (unsigned long long)t->instructions, t->instructions == 1 ? "" : "s", t->nsteps,
            t->nsteps == 1 ? "" : "s");
    for (size_t i = 0; i < t->nsteps; i++) print_step(t, i, lines, nlines, out);
    if (t->dropped) fprintf(out, "\n... and %zu steps more, past the cap (--steps)\n", t->dropped);
    fprintf(out, "\nreads: '!' undefined (outside the mask, exited or not taking part: the lane\n"
                 "gets poison), '=' off the warp's edge (defined: the lane keeps its own value)\n");
}
