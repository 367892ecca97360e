/* figures.h - the emulator's counters as the report carries them: one table
 * that the emulator, the backend, the grade and the report all read and none
 * of them owns. A row is a counter's one name everywhere (the field of
 * sim_counters, backend_counters and report_side), its JSON key in a
 * kernel's `yours` and `reference`, how launches combine it, and what it
 * counts (docs/contract.md's table, made by tests/docs/figures_table.c).
 *
 * The structs' fields, the emulator's sum over blocks, the backend's copy,
 * the grade's copy into the report, a program's sum over its launches
 * (cl_counters_add), the JSON both ways and the report's wire are all made
 * from the rows, so a new counter is one row here and where the emulator
 * counts it.
 *
 * Prefix: cl_. */
#ifndef CUDALAB_CORE_FIGURES_H
#define CUDALAB_CORE_FIGURES_H

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

#endif
