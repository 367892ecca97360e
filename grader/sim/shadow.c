/* shadow.c - shared-memory shadow for the race and initialisation checks.
 * Per byte: the last write (thread, barrier epoch, the warp's sync count and
 * step, op) and the reads since (a reader, and whether other threads of the
 * same or another warp read too). Two accesses of one block race when at
 * least one writes, they are in the same barrier epoch, and - for lanes of
 * one warp - no warp-level synchronisation (bar.warp.sync, shfl.sync,
 * vote.sync, ...) lies between them. Lanes of one warp running the same
 * instruction together do not race with each other. A read of a byte no
 * thread wrote since launch is UNINIT_SHARED. */
#include "sim/internal.h"

#include <stdio.h>

static void race(sim_block *b, sim_warp *w, int lane, uint32_t op, uint32_t op2, unsigned other_tid,
                 uint32_t off, bool write)
{
    bool same_warp = other_tid / 32 == w->id;
    sim_hz h = sim_hz_make(same_warp ? SIM_HZ_RACE_WARP : SIM_HZ_RACE_SHARED, op, w->id, lane);
    h.op2 = op2;
    h.lane2 = (int)(other_tid % 32);
    h.thread2 = other_tid;
    h.addr = off;
    h.space = PTX_SPACE_SHARED;
    snprintf(h.detail, sizeof h.detail, "%s", write ? "write" : "read");
    sim_hz_add(b, &h);
}

void sim_shadow_read(sim_block *b, sim_warp *w, int lane, uint32_t off, unsigned n, uint32_t op)
{
    if (!b->shadow) return;
    unsigned tid = w->id * 32 + (unsigned)lane;
    bool races = b->checks & SIM_CHECK_RACES;
    bool uninit_reported = false, race_reported = false;
    for (unsigned k = 0; k < n; k++) {
        sim_shadow *s = &b->shadow[off + k];
        if (s->w_epoch < b->epoch_base) {
            if (!uninit_reported && (b->checks & SIM_CHECK_MEMORY)) {
                sim_hz h = sim_hz_make(SIM_HZ_UNINIT_SHARED, op, w->id, lane);
                h.addr = off + k;
                h.space = PTX_SPACE_SHARED;
                h.size = n;
                sim_hz_add(b, &h);
                uninit_reported = true;
            }
        } else if (races && !race_reported && s->w_epoch == b->epoch && s->w_tid != tid) {
            bool synced = s->w_tid / 32 == w->id && w->wsync > s->w_wsync;
            if (!synced) {
                race(b, w, lane, op, s->w_op, s->w_tid, off + k, false);
                race_reported = true;
            }
        }
        if (!races) continue;
        if (s->r_epoch != b->epoch) {
            s->r_epoch = b->epoch;
            s->r_tid = (uint16_t)tid;
            s->r_multi = 0;
            s->r_op = op;
        } else if (s->r_tid != tid) {
            s->r_multi |= (uint8_t)(s->r_tid / 32 == w->id ? 1 : 2);
        }
        s->r_wsync = w->wsync;
    }
}

void sim_shadow_write(sim_block *b, sim_warp *w, int lane, uint32_t off, unsigned n, uint32_t op,
                      bool atomic)
{
    if (!b->shadow) return;
    unsigned tid = w->id * 32 + (unsigned)lane;
    bool races = b->checks & SIM_CHECK_RACES, reported = false;
    uint32_t step = w->minst;
    bool uninit_reported = false;
    for (unsigned k = 0; k < n; k++) {
        sim_shadow *s = &b->shadow[off + k];
        if (atomic && s->w_epoch < b->epoch_base && !uninit_reported && (b->checks & SIM_CHECK_MEMORY)) {
            sim_hz h = sim_hz_make(SIM_HZ_UNINIT_SHARED, op, w->id, lane); /* an atomic reads too */
            h.addr = off + k;
            h.space = PTX_SPACE_SHARED;
            h.size = n;
            sim_hz_add(b, &h);
            uninit_reported = true;
        }
        if (races && !reported && s->w_epoch == b->epoch && s->w_tid != tid &&
            !(atomic && s->w_atomic)) {
            bool same = s->w_tid / 32 == w->id;
            bool together = same && s->w_step == step && s->w_op == op;
            if (!together && !(same && w->wsync > s->w_wsync)) {
                race(b, w, lane, op, s->w_op, s->w_tid, off + k, true);
                reported = true;
            }
        }
        if (races && !reported && !atomic && s->r_epoch == b->epoch) {
            bool only_me = s->r_tid == tid && s->r_multi == 0;
            bool other_warp = s->r_tid / 32 != w->id || (s->r_multi & 2);
            bool synced = !other_warp && w->wsync > s->r_wsync;
            if (!only_me && !synced) {
                race(b, w, lane, op, s->r_op, s->r_tid, off + k, true);
                reported = true;
            }
        }
        s->w_epoch = b->epoch;
        s->w_tid = (uint16_t)tid;
        s->w_wsync = w->wsync;
        s->w_step = step;
        s->w_op = op;
        s->w_atomic = atomic;
        s->r_epoch = 0;
    }
}
