/* sim.h - the SIMT machine: runs a parsed PTX kernel (ptx.h) over a grid of
 * blocks, every lane with its own program counter, with the semantics of
 * docs/ptx-semantics.md, and hands back what happened: a status, counters,
 * printf output and hazard records (mask honesty, barrier honesty, races,
 * memory). The same input always gives the same report, whatever the number
 * of host threads.
 *
 * Device memory is a simulated 64-bit address space: sim_alloc hands out
 * device addresses (never host pointers), each allocation with a label that
 * reports name ("out of bounds of 'out' (32,820 bytes) by 4 bytes"). An
 * allocation goes just past the highest one live (a gap between), so its
 * address depends only on what is live, never on what was freed: a grade
 * whose reference ran first (a cold cache) prints the addresses a warm one
 * does.
 *
 * Two error channels: a cl_error is cudalab's own failure (no such kernel,
 * something unsupported found at launch); a fault of the kernel (an
 * out-of-bounds store, a deadlock, a trap) is data in the launch result. A
 * faulting access is suppressed (a load gives the poison value) and recorded.
 *
 * Poison: an undefined shuffle read returns SIM_POISON32 (a NaN as a float);
 * shared memory starts filled with it (so it is never zero).
 *
 * Prefix: sim_. */
#ifndef CUDALAB_SIM_H
#define CUDALAB_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/core.h"
#include "core/hazard_kinds.h"
#include "core/figures.h"
#include "ptx/ptx.h"

#define SIM_POISON32 0x7fbadbadu

typedef struct sim_machine sim_machine;

typedef struct sim_dim3 {
    unsigned x, y, z;
} sim_dim3;

/* The checks the emulator runs, by the families of hazard they find
 * (hazard.c: which switch each family's hazards obey). */
enum {
    SIM_CHECK_MASK = 1u << 0,    /* CL_FAMILY_MASK */
    SIM_CHECK_BARRIER = 1u << 1, /* CL_FAMILY_BARRIER */
    SIM_CHECK_RACES = 1u << 2,   /* CL_FAMILY_RACE */
    SIM_CHECK_MEMORY = 1u << 3,  /* CL_FAMILY_MEMORY, and KERNEL and RESOURCES */
    SIM_CHECK_ALL = 0xfu
};

/* Zero means the default for every field. */
typedef struct sim_options {
    unsigned threads;        /* host threads running blocks (default: the cores) */
    uint64_t budget;         /* warp instructions one block may run (default 1 << 24);
                                sim_set_budget changes it between launches */
    uint64_t allowance;      /* warp instructions past which a block that completes
                                draws an OVER_ALLOWANCE warning (0: none) */
    uint64_t deadline_ns;    /* process CPU time (sim_now_ns) at which a launch stops
                                (0: none); sim_set_deadline changes it */
    size_t printf_bytes;     /* printf text kept per launch (default 64 KiB) */
    unsigned printf_lines;   /* printf lines kept per launch (default 1,000) */
    unsigned checks_off;     /* SIM_CHECK_* bits of checks not to run (default: none) */
    bool reference_alu;      /* the reference mode: every op the general way (ALU ops
                                per lane, loads and stores through the general mapping
                                and shadow, no fused chains, no deferred shadow reads,
                                no collective or forward split run in place), for
                                testing the fast paths against it */
} sim_options;

sim_machine *sim_new(const sim_options *opt); /* opt may be NULL */
void sim_free(sim_machine *m);
/* The budget of each block of later launches, in warp instructions (0: the
 * default). A block that runs past it stops the launch with a BUDGET
 * hazard; blocks are independent, so this is the same whatever the threads.
 * A block that completes past `allowance` (0: none) is not stopped: it
 * draws one OVER_ALLOWANCE warning, its figures in the record (slow is not
 * wrong; only the budget, far above it, stops a block). */
void sim_set_budget(sim_machine *m, uint64_t warp_instructions, uint64_t allowance);
/* A time cap for later launches: once the process has used deadline_ns of
 * CPU time (sim_now_ns; 0: none) a launch stops with a BUDGET hazard. CPU
 * time, not wall time, so that a loaded machine does not stop a fair kernel;
 * on an idle machine it bounds the wall time too. The one bound whose report
 * depends on the machine's speed; the instruction budget normally comes first. */
void sim_set_deadline(sim_machine *m, uint64_t deadline_ns);
uint64_t sim_now_ns(void); /* CPU time of the process, all its threads, in ns */
/* A cap on the work of later launches (capped false: none): a launch whose
 * blocks, in index order up to the block that stopped it, ran more than
 * `warp_instructions` in all (sim_counters.work) is out of work
 * (sim_launch_result.out_of_work). Decided on those blocks' own counts, so
 * the same whatever the threads: a block stops early only where the blocks
 * below it that are known to be done, and it, already ran more. */
void sim_set_work(sim_machine *m, bool capped, uint64_t warp_instructions);
/* Whether later launches are cooperative (cuLaunchCooperativeKernel): every
 * block resident at once, and cooperative groups' grid handle valid, so that
 * this_grid().sync() is a barrier across the grid (gridsync.c). Off by
 * default: then that sync traps, as on a GPU. The caller bounds the grid by
 * what a GPU holds resident; the emulator refuses a grid whose blocks' state
 * passes 1 GiB, or of more than SIM_GRID_MAX_BLOCKS blocks. */
#define SIM_GRID_MAX_BLOCKS 4096u
void sim_set_cooperative(sim_machine *m, bool on);

/* ---- device memory ---- */

cl_status sim_alloc(sim_machine *m, size_t bytes, const char *label, uint64_t *addr,
                    cl_error *err);
cl_status sim_free_mem(sim_machine *m, uint64_t addr, cl_error *err);
/* The allocation at addr is a program's scratch buffer: the student's
 * kernels use it as they like and nothing judges it. Another block order
 * (order.c) leaving it different counts only where a plain store wrote it:
 * a count kept by atomics alone may end otherwise (how many blocks
 * claimed a vertex first) and race with nothing. */
void sim_mark_scratch(sim_machine *m, uint64_t addr);
cl_status sim_write(sim_machine *m, uint64_t addr, const void *src, size_t n, cl_error *err);
cl_status sim_read(sim_machine *m, void *dst, uint64_t addr, size_t n, cl_error *err);
cl_status sim_fill(sim_machine *m, uint64_t addr, int byte, size_t n, cl_error *err);
/* The host memory behind [addr, addr + n) when it lies in one allocation
 * (NULL otherwise): a caller may make a buffer in place instead of copying
 * it in. Valid until the allocation is freed. */
void *sim_host_view(sim_machine *m, uint64_t addr, size_t n);
/* A module's variables get the next window of their own (in the order
 * modules are registered; an unregistered module gets one at its first
 * use): a backend registers each module it loads, so a module's variables
 * have the same addresses whichever module ran first. */
void sim_register_module(sim_machine *m, const ptx_module *mod);
/* Address and size of a module's .global or .const variable (allocated on
 * the machine at first use, initialised from the module). */
cl_status sim_symbol(sim_machine *m, const ptx_module *mod, const char *name, uint64_t *addr,
                     size_t *size, cl_error *err);

/* ---- hazards ---- */

/* A hazard's kind, family and severity are core/hazard_kinds.h's vocabulary:
 * the emulator raises kinds and reports families, never a course's check
 * name (the grade maps a family to its check). */

/* One lane of a collective, in the picture of a mask hazard. */
typedef enum sim_lane_read { SIM_READ_NONE, SIM_READ_VALID, SIM_READ_UNDEFINED, SIM_READ_OWN } sim_lane_read;
typedef struct sim_lane_pic {
    bool took_part;  /* the lane executed the collective */
    int8_t source;   /* the source lane it asked for (shfl), or -1 */
    uint8_t read;    /* sim_lane_read: valid, undefined (poison), or out of range (own value) */
} sim_lane_pic;

typedef struct sim_hazard {
    cl_hazard_kind kind;        /* its family and severity: cl_hazard_family_of, cl_hazard_severity */
    cl_severity severity;
    const char *kernel;         /* plain name: "reduceRowsBallotDown" */
    const char *kernel_mangled; /* "_Z20reduceRowsBallotDownPKfPfiii" */
    const char *file;           /* the user's file, base name ("ballot_down.cu"), or "" */
    const char *path;           /* the same as the PTX .file gives it */
    unsigned line;              /* 0 when unknown */
    const char *file2;          /* the other side: other access, exit, where others wait */
    unsigned line2;             /* 0 when there is none */
    const char *ptx;            /* the instruction, disassembled */
    sim_dim3 block;             /* the first instance: lowest block, then warp, lane */
    unsigned warp;
    int lane;                   /* -1 when the hazard is not a lane's */
    int lane2;                  /* the other thread's lane (races), or -1 */
    unsigned thread2;           /* the other thread's index in the block (races) */
    uint32_t mask;              /* mask hazards: the membermask */
    int source_lane;            /* mask reads: the lane asked for, else -1 */
    bool has_picture;
    sim_lane_pic picture[32];   /* mask hazards: the first instance's 32 lanes */
    uint64_t address;           /* memory hazards */
    const char *space;          /* "global", "shared", "local", "param", "const" */
    const char *alloc;          /* the allocation missed (label), or "" */
    uint64_t alloc_size;
    int64_t distance;           /* compute-sanitizer's: from the access's start to the last byte
                                   (> 0, 1 = just past the end), before the start (< 0),
                                   0 starts inside and runs past the end */
    unsigned access_size;
    uint64_t count;             /* distinct (block, warp) pairs it happened in */
    uint64_t instances;         /* every time it happened */
    char message[320];          /* one human sentence */
    char advice[320];           /* one line saying what to change, from the kind and its
                                   two accesses (advice.c); lines only, no figure of the run */
} sim_hazard;

/* ---- launches ---- */

typedef enum sim_status {
    SIM_COMPLETED, SIM_TRAPPED, SIM_DEADLOCKED, SIM_BUDGET_EXHAUSTED, SIM_FAULTED
} sim_status;
const char *sim_status_name(sim_status s); /* "completed" */

/* The report's counters are core/figures.h's rows, by their names
 * (lane_instructions, bank_conflicts: extra wavefronts, 32 banks of 4
 * bytes, ...); blocks add them (sim_add_counters), and a launch's MEAN rows
 * and shared_accesses are worked out at its end (sim_result_build). Then
 * the emulator's own. */
typedef struct sim_counters {
    CL_COUNTERS(CL_COUNTER_FIELD)
    uint64_t shared_load_requests, shared_store_requests; /* shared_accesses, apart */
    uint64_t blocks;                 /* blocks run */
    uint64_t max_block_warp_instructions; /* the most any one block ran */
    uint64_t work;                   /* warp instructions with printf's formatting charged
                                        (the budgets' steps): what sim_set_work caps */
} sim_counters;

typedef struct sim_printf_line {
    sim_dim3 block, thread;
    char *text;                   /* one printf call's output */
} sim_printf_line;

/* How a launch's blocks ran: spread over host threads; one at a time in
 * index order (one host thread, or its PTX shows that they may meet:
 * blockflow.c); or
 * spread, then again one at a time because two of them stored to one word
 * (collide.c). */
typedef enum sim_block_order {
    SIM_RAN_SPREAD,
    SIM_RAN_IN_ORDER,
    SIM_RAN_AGAIN_IN_ORDER,
} sim_block_order;

typedef struct sim_launch_result {
    sim_status status;
    bool timed_out;               /* the budget that ran out was the time cap (sim_set_deadline) */
    bool out_of_work;             /* the blocks ran more than the cap of sim_set_work: the same
                                     whatever the threads, unlike timed_out */
    sim_block_order order;
    unsigned orders;              /* the other block orders judged (order.c): bit 1 reverse,
                                     bit 2 interleaved, bit 3 interleaved with the last
                                     started ahead (tickets), bit 4 each block held after
                                     its first turn (tickets); 0 when none ran or none
                                     completed */
    sim_counters counters;
    sim_hazard *hazards;          /* ordered by block, warp, lane of the first instance;
                                     races inside one warp after the rest (launch_result.c) */
    size_t nhazards;
    sim_printf_line *printf_lines;
    size_t nprintf;
    size_t printf_dropped_lines;  /* over the caps */
    size_t printf_dropped_bytes;
    char *printf_text;            /* the kept lines, "[block (0,0,0) thread (3,0,0)] text" */
} sim_launch_result;

/* Whether the blocks of entry `entry` may see each other's work while they
 * run (global atomics, fences, ordered accesses, or plain global stores that
 * another block may hit or read: blockflow.c). Such a kernel runs its blocks
 * one at a time in index order. */
bool sim_blocks_in_order(const ptx_module *mod, long entry);

/* Run `kernel` (mangled or plain name). param_blob is the packed .param
 * block (ptx_pack_params). */
cl_status sim_launch(sim_machine *m, const ptx_module *mod, const char *kernel, sim_dim3 grid,
                     sim_dim3 block, unsigned dynamic_shared_bytes, const void *param_blob,
                     size_t param_size, sim_launch_result **out, cl_error *err);
void sim_launch_result_free(sim_launch_result *r);

/* The result's records of severity error. */
size_t sim_result_errors(const sim_launch_result *r);

/* ---- figures for benchmarks ---- */

/* Called at the end of every launch of the process that ran (NULL: none),
 * with the kernel's plain name, its counters and the CPU time its host
 * threads spent on it (lowering, blocks, the result), from the launching
 * thread. Set it while no launch runs (bench/bench_course.c). */
typedef void (*sim_observer)(void *ctx, const char *kernel, const sim_counters *c, uint64_t cpu_ns);
void sim_set_observer(sim_observer fn, void *ctx);

#endif
