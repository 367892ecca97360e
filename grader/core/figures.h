/* figures.h - the emulator's figures: two tables that the emulator, the
 * backend, the days, the grade and the report all read and none of them
 * owns.
 *
 * CL_COUNTERS: what the emulator counts. A row is a counter's one name
 * everywhere (the field of sim_counters, backend_counters and report_side),
 * its JSON key in a kernel's `yours` and `reference`, how launches combine
 * it, and what it counts. The structs' fields, the emulator's sum over
 * blocks, the backend's copy, the grade's copy into the report, a program's
 * sum over its launches (cl_counters_add), the JSON both ways and the
 * report's wire are all made from the rows.
 *
 * CL_FIGURES: what the report derives from the counters (report/perf.c),
 * shows as a row of its performance section, writes under a side's
 * `performance`, and a day's `gates:` may bound. A row is a figure's name
 * (the gate's key and report_perf's field), its JSON keys, its label, how
 * it is shown, which way is better, its ideal and when the text shows it.
 *
 * docs/contract.md's tables of both and docs/day-format.md's of the gates
 * are made from them (tests/docs/figures_table.c; docs_figures fails until
 * they are). A new counter is one row and where the emulator counts it; a
 * new figure one row, its formula (report_perf_of) and its advice
 * (report_gate_advice, a switch the compiler asks for).
 *
 * Prefix: cl_. */
#ifndef CUDALAB_CORE_FIGURES_H
#define CUDALAB_CORE_FIGURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* X(name, type, key, merge, what), in the JSON's order.
 *   merge  SUM      blocks and launches add
 *          MEAN     a figure a warp instruction: the emulator works out a
 *                   launch's at its end, from its sums; a program's launches
 *                   weight theirs by their warp instructions
 *          DERIVED  kept by no struct: the JSON writes it from the others
 *                   (json.c's derived_NAME) and no reader needs it */
#define CL_COUNTERS(X)                                                                             \
    X(lane_instructions, uint64_t, "instructions", SUM, "lane instructions the emulator executed")   \
    X(warp_instructions, uint64_t, "warp_instructions", SUM, "warp instructions it executed")         \
    X(active_lanes, double, "active_lanes", MEAN, "active lanes a warp instruction, on average")      \
    X(global_sectors, uint64_t, "global_sectors", DERIVED, "global load and store sectors together")  \
    X(global_load_requests, uint64_t, "global_load_requests", SUM, "global loads, one a warp")        \
    X(global_load_sectors, uint64_t, "global_load_sectors", SUM,                                      \
      "32-byte sectors the global loads touched")                                                    \
    X(global_load_bytes, uint64_t, "global_load_bytes", SUM, "bytes the lanes' global loads asked for") \
    X(global_store_requests, uint64_t, "global_store_requests", SUM, "global stores, one a warp")     \
    X(global_store_sectors, uint64_t, "global_store_sectors", SUM,                                    \
      "32-byte sectors the global stores touched")                                                   \
    X(global_store_bytes, uint64_t, "global_store_bytes", SUM,                                        \
      "bytes the lanes' global stores asked for")                                                    \
    X(shared_accesses, uint64_t, "shared_accesses", SUM, "shared loads and stores, one a warp")       \
    X(bank_conflicts, uint64_t, "bank_conflicts", SUM,                                                \
      "extra wavefronts of the shared accesses (32 banks of 4 bytes)")                               \
    X(global_atomics, uint64_t, "global_atomics", SUM, "global atom and red operations, one a lane")  \
    X(shared_atomics, uint64_t, "shared_atomics", SUM, "shared atom and red operations, one a lane")  \
    X(barriers, uint64_t, "barriers", SUM, "block barriers completed")

/* A struct's fields, one a kept row: CL_COUNTERS(CL_COUNTER_FIELD) inside
 * its braces. */
#define CL_COUNTER_FIELD(name, type, key, merge, what) CL_COUNTER_FIELD_##merge(name, type)
#define CL_COUNTER_FIELD_SUM(name, type) type name;
#define CL_COUNTER_FIELD_MEAN(name, type) type name;
#define CL_COUNTER_FIELD_DERIVED(name, type)

/* Copies each kept row's field of *from into *to, two structs that hold
 * them by their names (what the backend and the grade copy): a statement,
 * CL_COUNTERS(CL_COUNTER_COPY) where `to` and `from` are pointers. */
#define CL_COUNTER_COPY(name, type, key, merge, what) CL_COUNTER_COPY_##merge(name)
#define CL_COUNTER_COPY_SUM(name) to->name = from->name;
#define CL_COUNTER_COPY_MEAN(name) to->name = from->name;
#define CL_COUNTER_COPY_DERIVED(name)

/* Every key, "instructions,warp_instructions,...," (a cache of counters
 * keys on it, so a changed table never reads an old layout). */
#define CL_COUNTER_KEY(name, type, key, merge, what) key ","
#define CL_COUNTER_KEYS CL_COUNTERS(CL_COUNTER_KEY)

/* The counters of a run, as the backend hands them on. */
typedef struct cl_counters {
    CL_COUNTERS(CL_COUNTER_FIELD)
} cl_counters;

/* A program's launches together: *to += *c, each row by its merge. */
void cl_counters_add(cl_counters *to, const cl_counters *c);

/* The table read, for docs/contract.md: row i's key, what it counts and its
 * merge ("SUM"); NULL past the last. */
const char *cl_counter_key(int i);
const char *cl_counter_what(int i);
const char *cl_counter_merge(int i);
int cl_counter_count(void);

/* X(ID, name, gated, json, ideal_json, label, unit, better, ideal, shown), in
 * the JSON's and the text's order.
 *   name        report_perf's field, and the key of `gates:` where gated
 *   gated       GATE: a day may bound it (docs/day-format.md); NO_GATE
 *   json        its key in a side's `performance`; "" where the JSON has it
 *               only among the counters
 *   ideal_json  the key of its ideal there; "" for none
 *   label       the text's row and the gate's words
 *   unit        how it is shown (CL_FIGURE_UNITS)
 *   better      LOWER or HIGHER: a gate bounds it at most or at least
 *   ideal       its ideal (CL_FIGURE_IDEALS): the text's third column, and
 *               the base a gate may take a factor of
 *   shown       when the text shows its row (CL_FIGURE_SHOWN) */
#define CL_FIGURES(X)                                                                               \
    X(LOAD_SECTORS, load_sectors, GATE, "load_sectors_per_request", "load_sectors_ideal",            \
      "global load sectors/request", SECTORS, LOWER, ACCESS, ALWAYS)                                \
    X(STORE_SECTORS, store_sectors, GATE, "store_sectors_per_request", "store_sectors_ideal",        \
      "global store sectors/request", SECTORS, LOWER, ACCESS, ALWAYS)                               \
    X(BYTES_MOVED, bytes_moved, GATE, "bytes_moved", "", "bytes moved", BYTES, LOWER, NEEDED, ALWAYS) \
    X(BANK_CONFLICTS, bank_conflicts, GATE, "bank_conflicts_per_access", "",                         \
      "shared bank conflicts/access", CONFLICTS, LOWER, ZERO, SHARED)                               \
    X(OCCUPANCY, occupancy, GATE, "theoretical_occupancy", "", "Theoretical Occupancy", PERCENT,     \
      HIGHER, NONE, ALWAYS)                                                                         \
    X(ACTIVE_LANES, active_lanes, NO_GATE, "active_lanes", "", "active lanes/warp instruction",      \
      LANES, HIGHER, WARP, ALWAYS)                                                                  \
    X(GLOBAL_ATOMICS, global_atomics, GATE, "", "", "global atomics", COUNT, LOWER, NONE, ATOMICS)   \
    X(SHARED_ATOMICS, shared_atomics, GATE, "", "", "shared atomics", COUNT, LOWER, NONE, ATOMICS)

typedef enum cl_figure {
#define CL_FIGURE_ENUM(id, ...) CL_FIG_##id,
    CL_FIGURES(CL_FIGURE_ENUM)
#undef CL_FIGURE_ENUM
    CL_FIG_COUNT
} cl_figure;

/* How a figure is shown: X(ID, printf format of the value, what the text's
 * label adds). "-" where unknown. */
#define CL_FIGURE_UNITS(X)                 \
    X(SECTORS, "%.1f", "")                 \
    X(CONFLICTS, "%.2f", "")               \
    X(BYTES, NULL, "") /* "268.4 MB" */    \
    X(PERCENT, "%.0f%%", "") /* x 100 */   \
    X(LANES, "%.1f", "")                   \
    X(COUNT, "%.0f", " (one a lane)")

typedef enum cl_figure_unit {
#define CL_FIGURE_UNIT_ENUM(id, fmt, suffix) CL_UNIT_##id,
    CL_FIGURE_UNITS(CL_FIGURE_UNIT_ENUM)
#undef CL_FIGURE_UNIT_ENUM
} cl_figure_unit;

/* A figure's ideal: none; the sectors its requests' bytes would touch were
 * they contiguous and aligned (ACCESS); the kernel's `bytes` (NEEDED); 0; a
 * full warp's 32 lanes. A figure whose ideal is 0 reads as 0 where nothing
 * was accessed (no shared access: no bank conflict). */
#define CL_FIGURE_IDEALS(X) X(NONE) X(ACCESS) X(NEEDED) X(ZERO) X(WARP)
typedef enum cl_figure_ideal {
#define CL_FIGURE_IDEAL_ENUM(id) CL_IDEAL_##id,
    CL_FIGURE_IDEALS(CL_FIGURE_IDEAL_ENUM)
#undef CL_FIGURE_IDEAL_ENUM
} cl_figure_ideal;

/* When the text shows a figure's row: always; where either side made a
 * shared access; where either side made an atomic (both atomics rows). */
typedef enum cl_figure_shown { CL_SHOWN_ALWAYS, CL_SHOWN_SHARED, CL_SHOWN_ATOMICS } cl_figure_shown;

const char *cl_figure_name(cl_figure f);       /* "bank_conflicts"; "?" out of range */
bool cl_figure_gated(cl_figure f);
const char *cl_figure_json(cl_figure f);       /* "bank_conflicts_per_access"; "" */
const char *cl_figure_ideal_json(cl_figure f); /* "load_sectors_ideal"; "" */
const char *cl_figure_label(cl_figure f);      /* "shared bank conflicts/access" */
const char *cl_figure_label_suffix(cl_figure f); /* the unit's: " (one a lane)"; "" */
cl_figure_unit cl_figure_unit_of(cl_figure f);
bool cl_figure_at_least(cl_figure f);          /* HIGHER is better */
cl_figure_ideal cl_figure_ideal_of(cl_figure f);
cl_figure_shown cl_figure_shown_of(cl_figure f);
/* The value as the report shows it: "15.50", "4.0", "268.4 MB", "50%",
 * "1024"; returns buf. */
const char *cl_figure_format(char *buf, size_t size, cl_figure f, double v);
/* "268.4 MB": decimal units, as GB/s are; returns buf. */
const char *cl_format_bytes(char *buf, size_t size, double bytes);

#endif
