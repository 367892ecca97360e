/* parse_async.c - the asynchronous copies and their barriers: cp.async
 * (.ca and .cg, 4, 8 or 16 bytes, the src-size zero-fill operand or the
 * ignore-src predicate),
 * cp.async.commit_group, cp.async.wait_group N, cp.async.wait_all,
 * cp.async.mbarrier.arrive[.noinc], and mbarrier init, arrive, arrive_drop,
 * test_wait, try_wait (.parity), inval and pending_count, decoded from the opcode's text
 * into ptx_insn's mode (PTX_AS_*), mode2 (PTX_AS_F_*), cache and space
 * (ir.h). The architecture each needs (sm_80; try_wait sm_90, as in the
 * PTX ISA) is archs.def's, checked with every other instruction's
 * (arch.c). The bulk copies and transaction counts of sm_90 (the tensor
 * memory accelerator) are refused naming that architecture. */
#include "ptx/parse.h"

#include <stdio.h>
#include <string.h>

static bool is(const char *s, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(word, s, n) == 0;
}

/* The words of text after its first, one at a time: *s, *n. */
static bool next_word(const char **at, const char **s, size_t *n)
{
    const char *p = *at;
    if (*p != '.') return false;
    p++;
    const char *e = strchr(p, '.');
    if (!e) e = p + strlen(p);
    *s = p;
    *n = (size_t)(e - p);
    *at = e;
    return true;
}

/* One word of a cp form; NULL when taken, else why not. */
static const char *cp_word(ptx_insn *in, const char *s, size_t n, bool *async, bool *global)
{
    if (is(s, n, "async")) *async = true;
    else if (is(s, n, "bulk") || is(s, n, "reduce") || is(s, n, "tensor") || is(s, n, "shared::cluster") ||
             is(s, n, "complete_tx::bytes"))
        return "sm90";
    else if (is(s, n, "ca") || is(s, n, "cg")) {
        if (in->mode) return "";
        in->mode = PTX_AS_CP;
        in->cache = (uint8_t)(s[1] == 'a' ? 1 : 2);
    } else if (is(s, n, "commit_group") || is(s, n, "wait_group") || is(s, n, "wait_all")) {
        if (in->mode) return "";
        in->mode = s[0] == 'c' ? PTX_AS_COMMIT : s[5] == 'g' ? PTX_AS_WAIT : PTX_AS_WAITALL;
    } else if (is(s, n, "mbarrier") || is(s, n, "arrive")) {
        if (in->mode && in->mode != PTX_AS_CPARRIVE) return "";
        in->mode = PTX_AS_CPARRIVE;
    } else if (is(s, n, "noinc")) in->mode2 |= PTX_AS_F_NOINC;
    else if (is(s, n, "shared") || is(s, n, "shared::cta")) {
        in->space = PTX_SPACE_SHARED;
        in->mode2 |= PTX_AS_F_SHARED;
    } else if (is(s, n, "global")) {
        if (in->space != PTX_SPACE_SHARED) return ""; /* .shared.global: the destination's space first */
        *global = true;
    } else if (is(s, n, "L2::cache_hint")) in->mode2 |= PTX_AS_F_HINT;
    else if (is(s, n, "L2::64B") || is(s, n, "L2::128B") || is(s, n, "L2::256B") || is(s, n, "b64")) {
        /* a prefetch size: no effect here */
    } else return "";
    return NULL;
}

/* One word of an mbarrier form; NULL when taken, else why not. */
static const char *mb_word(ptx_insn *in, const char *s, size_t n)
{
    static const struct { const char *word; unsigned mode; } verbs[] = {
        { "init", PTX_AS_INIT }, { "arrive", PTX_AS_ARRIVE }, { "arrive_drop", PTX_AS_DROP },
        { "test_wait", PTX_AS_TEST }, { "try_wait", PTX_AS_TRY }, { "inval", PTX_AS_INVAL },
        { "pending_count", PTX_AS_PENDING },
    };
    for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++) {
        if (!is(s, n, verbs[i].word)) continue;
        if (in->mode) return "";
        in->mode = (uint8_t)verbs[i].mode;
        return NULL;
    }
    if (is(s, n, "expect_tx") || is(s, n, "complete_tx") || is(s, n, "shared::cluster") || is(s, n, "cluster"))
        return "sm90";
    if (is(s, n, "parity")) in->mode2 |= PTX_AS_F_PARITY;
    else if (is(s, n, "noComplete")) in->mode2 |= PTX_AS_F_NOCOMPLETE;
    else if (is(s, n, "shared") || is(s, n, "shared::cta")) {
        in->space = PTX_SPACE_SHARED;
        in->mode2 |= PTX_AS_F_SHARED;
    } else if (is(s, n, "b64") || is(s, n, "release") || is(s, n, "acquire") || is(s, n, "relaxed") ||
               is(s, n, "cta")) {
        /* the default semantics and scope, and the object's type */
    } else return "";
    return NULL;
}

cl_status ptx_as_finish(ptx_parser *p, ptx_insn *in, const char *optext, const ptx_token *at)
{
    const char *cur = strchr(optext, '.'), *s, *why = NULL;
    size_t n;
    bool cp = in->op == PTX_OP_cp, async = false, global = false;
    in->mode = in->mode2 = 0;
    while (!why && cur && next_word(&cur, &s, &n)) why = cp ? cp_word(in, s, n, &async, &global) : mb_word(in, s, n);
    if (!why && cp && (!async || !in->mode)) why = "";
    if (!why && in->mode == PTX_AS_CP && (in->space != PTX_SPACE_SHARED || !global)) why = "";
    if (!why && !cp && !in->mode) why = "";
    if (why && !strcmp(why, "sm90"))
        return ptx_perr(p, CL_UNSUPPORTED, at->line, at->col,
                        "'%s': an sm_90 instruction (clusters, the tensor memory accelerator's bulk copies and "
                        "transaction counts) that the emulator does not run (this module targets sm_%u; PTX line %u)",
                        optext, p->target, at->line);
    if (why)
        return ptx_perr(p, CL_UNSUPPORTED, at->line, at->col,
                        "'%s': not a form of %s the emulator runs (expected %s; PTX line %u)", optext,
                        cp ? "cp.async" : "mbarrier",
                        cp ? "cp.async.{ca,cg}.shared.global, cp.async.commit_group, cp.async.wait_group N, "
                             "cp.async.wait_all or cp.async.mbarrier.arrive[.noinc].shared.b64"
                           : "mbarrier.{init,arrive,arrive_drop,test_wait,try_wait,inval}[.parity].shared.b64 "
                             "or mbarrier.pending_count.b64",
                        at->line);
    return CL_OK;
}

void ptx_as_opcode_text(const ptx_insn *in, char *buf, size_t size)
{
    static const char *const verbs[] = { "", "", "commit_group", "wait_group", "wait_all", "mbarrier.arrive",
                                         "init", "arrive", "arrive_drop", "test_wait", "try_wait", "inval",
                                         "pending_count" };
    const char *sh = (in->mode2 & PTX_AS_F_SHARED) ? ".shared" : "";
    const char *verb = in->mode < sizeof verbs / sizeof *verbs ? verbs[in->mode] : "?";
    switch (in->mode) {
    case PTX_AS_CP:
        snprintf(buf, size, "cp.async.%s.shared.global%s", in->cache == 1 ? "ca" : "cg",
                 (in->mode2 & PTX_AS_F_HINT) ? ".L2::cache_hint" : "");
        break;
    case PTX_AS_COMMIT: case PTX_AS_WAIT: case PTX_AS_WAITALL:
        snprintf(buf, size, "cp.async.%s", verb);
        break;
    case PTX_AS_CPARRIVE:
        snprintf(buf, size, "cp.async.mbarrier.arrive%s%s.b64", (in->mode2 & PTX_AS_F_NOINC) ? ".noinc" : "", sh);
        break;
    default:
        snprintf(buf, size, "mbarrier.%s%s%s%s.b64", verb, (in->mode2 & PTX_AS_F_PARITY) ? ".parity" : "",
                 (in->mode2 & PTX_AS_F_NOCOMPLETE) ? ".noComplete" : "", sh);
        break;
    }
}
