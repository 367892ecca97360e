/* warp_access.c - ld, st, atom and red in every state space. Every access is checked
 * (bounds of its allocation or space, alignment); a faulting one is
 * suppressed (a load gives SIM_POISON32 bytes) and recorded. Global accesses
 * of a warp that fall in one allocation take a fast path; shared accesses go
 * through the race/init shadow; the counters get requests, 32-byte sectors,
 * the bytes the lanes asked for and bank conflicts. Global atomics are atomic across host threads. */
#include "sim/internal.h"
#include "sim/shadow_word.h"
#include "sim/vec8.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h> /* dots_one_sum's sum in vector registers */
#endif

/* Helpers of the cloned entry points: inlined so they get the clone's ISA. */
#define HOT_INLINE inline __attribute__((always_inline))

/* lane * total for the access sizes (1 to 32 bytes): the offsets of a
 * contiguous warp. */
#define OFF4(k, l) (uint64_t)(l) << (k), (uint64_t)((l) + 1) << (k), (uint64_t)((l) + 2) << (k), \
                   (uint64_t)((l) + 3) << (k)
#define OFFS(k) { OFF4(k, 0), OFF4(k, 4), OFF4(k, 8), OFF4(k, 12), OFF4(k, 16), OFF4(k, 20), \
                  OFF4(k, 24), OFF4(k, 28) }
static const uint64_t lane_offsets[6][32] = { OFFS(0), OFFS(1), OFFS(2), OFFS(3), OFFS(4), OFFS(5) };
#undef OFF4
#undef OFFS

/* ---- counters ---- */

/* The distinct 32-byte sectors the lanes of m touch, the general way: in
 * one pass while the lanes' sectors come in order, else by a set. */
static HOT_INLINE uint64_t sectors_general(const uint64_t *addr, uint32_t m, unsigned total)
{
    uint64_t prev_last = 0, sectors = 0;
    bool any = false, sorted = true;
    for (int l = 0; l < 32 && sorted; l++) {
        if (!(m >> l & 1u)) continue;
        uint64_t first = addr[l] >> 5, last = (addr[l] + total - 1) >> 5;
        if (any && first < prev_last && last <= prev_last && first + 1 < prev_last) sorted = false;
        if (!any || first > prev_last) sectors += last - first + 1;
        else if (last > prev_last) sectors += last - prev_last;
        if (!any || last > prev_last) prev_last = last;
        any = true;
    }
    if (!sorted) { /* any order: count distinct sectors the slow way */
        uint64_t s[64];
        unsigned n = 0;
        for (int l = 0; l < 32; l++) {
            if (!(m >> l & 1u)) continue;
            for (uint64_t x = addr[l] >> 5; x <= (addr[l] + total - 1) >> 5 && n < 64; x++) {
                bool seen = false;
                for (unsigned i = 0; i < n && !seen; i++) seen = s[i] == x;
                if (!seen) s[n++] = x;
            }
        }
        sectors = n;
    }
    return sectors;
}

/* Whether a full warp's addresses are addr[0] + l d for each lane l, with d
 * lane 1's step: four lanes a vector, each load where full_addrs stored (a
 * load across two of its stores would wait). */
static HOT_INLINE bool one_stride(const uint64_t *addr)
{
    typedef uint64_t v4q __attribute__((vector_size(32)));
    uint64_t d = addr[1] - addr[0];
    v4q e = (v4q){ 0, d, 2 * d, 3 * d } + addr[0], acc = { 0 };
    for (int k = 0; k < 8; k++) {
        v4q x;
        memcpy(&x, addr + 4 * k, sizeof x);
        acc |= x ^ e;
        e += 4 * d;
    }
    return !(acc[0] | acc[1] | acc[2] | acc[3]);
}

/* A full warp at a constant stride d of a sector or more (either way), each
 * lane aligned to its size, a power of two up to a sector: every lane in one
 * sector of its own, 32 in all (the transposes' columns). sectors_general
 * counts the same: with |d| < 2^58 any two lanes lie 32 bytes to 2^63
 * apart (modulo 2^64), so in distinct sectors, and no lane's bytes wrap
 * around; lanes going up one sector or more each are counted one each in
 * order, and any other order (down, or up across the top of the address
 * space) leaves the ordered pass for the set, which holds 32. False when
 * the warp is not such; strided: the caller knows the warp is at one stride. */
static HOT_INLINE bool sectors_strided(const uint64_t *addr, unsigned total, bool strided)
{
    uint64_t d = addr[1] - addr[0], ad = (int64_t)d < 0 ? -d : d;
    return ad >= 32 && ad < (1ull << 58) && total && !(total & (total - 1)) && total <= 32 &&
           !((addr[0] | d) & (total - 1)) && (strided || one_stride(addr));
}

/* The lanes of m (some) packed: the k-th lane of m at the first's address
 * plus k total, every byte from the first's to the last's end once (a
 * compaction's stores through a ballot's prefix count). sectors_general
 * counts the same: its ordered pass adds each lane's sectors past the one
 * before's, so the span's sectors, when the span does not wrap around the
 * address space (checked). False when the lanes are not so. */
static HOT_INLINE bool sectors_packed(const uint64_t *addr, uint32_t m, unsigned total, uint64_t *sectors)
{
    uint64_t a0 = addr[__builtin_ctz(m)], next = a0;
    for (uint32_t r = m; r; r &= r - 1) {
        if (addr[__builtin_ctz(r)] != next) return false;
        next += total;
    }
    if (next - 1 < a0) return false; /* the span wraps around */
    *sectors = ((next - 1) >> 5) - (a0 >> 5) + 1;
    return true;
}

/* Whether a full warp's lanes are aligned 4-byte lanes whose half-warps are
 * each a run of 16 consecutive words or one word (the half-warps' rows and
 * broadcasts of a 16-wide block), neither wrapping around: four vector
 * compares. sectors_halves: the sectors sectors_general counts, from the halves'
 * ends. Its ordered pass takes the first half's span; the second half's
 * first sector, when two or more below the pass's last, sends it to its set
 * (the distinct sectors: the two spans' union), else the second half adds
 * its sectors past the pass's last (each lane one sector, in order). False
 * for any other warp. */
static HOT_INLINE bool halves_of(const uint64_t *v, uint64_t imm)
{
    typedef uint64_t v4q __attribute__((vector_size(32)));
    const uint64_t a0 = v[0] + imm, a1 = v[16] + imm, d0 = v[1] - v[0], d1 = v[17] - v[16];
    if (((a0 | a1) & 3) || (d0 != 4 && d0) || (d1 != 4 && d1) || a0 > UINT64_MAX - 63 || a1 > UINT64_MAX - 63)
        return false;
    v4q acc = { 0 };
    const v4q steps = { 0, 4, 8, 12 }; /* l d for four lanes where d is 4, masked to 0 where d is 0: no
                                          multiply (which four 64-bit lanes would take as three and
                                          shifts) and no branch on d (which alternates in a loop that
                                          loads a row and a broadcast) */
    for (int h = 0; h < 2; h++) {
        const uint64_t f = v[16 * h], dm = (h ? d1 : d0) ? UINT64_MAX : 0;
        for (int k = 0; k < 4; k++) { /* four lanes a vector: lane l at its half's first + l d */
            v4q e = ((steps + 16 * (uint64_t)k) & dm) + f, x;
            memcpy(&x, v + 16 * h + 4 * k, sizeof x);
            acc |= x ^ e;
        }
    }
    return !(acc[0] | acc[1] | acc[2] | acc[3]);
}

static HOT_INLINE bool sectors_halves(const uint64_t *addr, uint64_t *sectors)
{
    if (!halves_of(addr, 0)) return false;
    *sectors = sim_halves_sectors(addr[0], addr[16], addr[1] - addr[0], addr[17] - addr[16]);
    return true;
}

/* The sectors of lanes that are not one run: a full warp's at one stride,
 * a partial warp's packed lanes (a full warp's, packed, would be a run), or
 * the general count. */
static HOT_INLINE uint64_t sectors_scattered(const uint64_t *addr, uint32_t m, unsigned total, bool strided)
{
    uint64_t sectors;
    if (m == SIM_FULL) {
        if (sectors_strided(addr, total, strided)) return 32;
        if (total == 4 && sectors_halves(addr, &sectors)) return sectors;
        return sectors_general(addr, m, total);
    }
    if (m && sectors_packed(addr, m, total, &sectors)) return sectors;
    return sectors_general(addr, m, total);
}

uint64_t sim_sectors_of(const uint64_t *addr, uint32_t m, unsigned total, bool general)
{
    return general ? sectors_general(addr, m, total) : sectors_scattered(addr, m, total, false);
}

static HOT_INLINE void count_global(sim_block *b, bool store, uint64_t sectors, uint64_t bytes)
{
    if (store) {
        b->cnt.global_store_requests++;
        b->cnt.global_store_sectors += sectors;
        b->cnt.global_store_bytes += bytes;
    } else {
        b->cnt.global_load_requests++;
        b->cnt.global_load_sectors += sectors;
        b->cnt.global_load_bytes += bytes;
    }
}

/* Whether the warp-wide shortcuts of this file that the lowering does not
 * pick may run: not in the reference mode (the golden runner's third run),
 * whose counts, loads and stores go the general way, so that CTest compares them. */
static HOT_INLINE bool shortcuts(const sim_block *b)
{
    return !b->L->reference;
}

static HOT_INLINE void count_sectors(sim_block *b, const uint64_t *addr, uint32_t m, unsigned total, bool store,
                                     bool run, bool strided)
{
    uint64_t sectors;
    if (!shortcuts(b)) { /* the reference mode: the general count, which the shortcuts below must equal */
        sectors = sectors_general(addr, m, total);
    } else if (run && m) { /* the coalesced case, a full warp or a run of its lanes (a guarded tail, a row's live columns) */
        int f = __builtin_ctz(m), e = 31 - __builtin_clz(m);
        sectors = ((addr[e] + total - 1) >> 5) - (addr[f] >> 5) + 1;
    } else {
        sectors = sectors_scattered(addr, m, total, strided);
    }
    count_global(b, store, sectors, (uint64_t)__builtin_popcount(m) * total);
}

/* The extra wavefronts of a full warp's 4-byte words at a stride of sw
 * words (sw > 0): lane l's bank is (first + l sw) mod 32, so each bank it
 * reaches holds gcd(sw, 32) distinct words (the transposes' columns: 32
 * for a 32-float row, 1 for a padded one of 33). */
static inline unsigned stride_conflicts(uint64_t sw)
{
    unsigned tz = (unsigned)__builtin_ctzll(sw);
    return (1u << (tz < 5 ? tz : 5)) - 1;
}

/* The extra wavefronts of one phase of the lanes of m when each lane's
 * bytes lie in one word (accesses of 4 bytes or less): the most distinct
 * words one bank holds, less one, as count_banks' set counts them (a
 * word is its address over 4, as a 32-bit number). A bank's distinct words
 * are chained (head, next), and a lane's word is compared only with its
 * bank's; false when a lane's bytes cross into the next word. */
static bool banks_chained(const uint64_t *addr, uint32_t m, unsigned total, unsigned *extra)
{
    uint32_t used = 0, word[32];
    uint8_t head[32], next[32], nw[32];
    unsigned worst = 1;
    for (uint32_t r = m; r; r &= r - 1) {
        unsigned l = (unsigned)__builtin_ctz(r);
        if ((addr[l] & 3) + total > 4) return false;
        uint32_t wd = (uint32_t)(addr[l] >> 2), k = wd & 31;
        if (!(used >> k & 1u)) {
            used |= 1u << k;
            word[l] = wd;
            head[k] = (uint8_t)l;
            next[l] = 32;
            nw[k] = 1;
            continue;
        }
        unsigned j = head[k];
        while (j < 32 && word[j] != wd) j = next[j];
        if (j < 32) continue; /* seen in this phase */
        word[l] = wd;
        next[l] = head[k];
        head[k] = (uint8_t)l;
        if (++nw[k] > worst) worst = nw[k];
    }
    *extra = worst - 1;
    return true;
}

/* banks_chained's count, branch-free where it can be: the lanes' words,
 * the banks they reach as a bit set, their lowest and highest word (one
 * pass the compiler vectorises for a full warp). Lanes in distinct banks
 * (a sort's 16-bit counters: each thread's column) hold one word a bank:
 * no conflict. Else, words within 2,048 of each other (a sort's keys
 * scattered by rank) go through a bit set of the span, each word new to
 * it adding one to its bank's count; a wider span is chained. The same
 * count, lanes crossing into the next word the same false: only which
 * lanes are compared changes (blockSorts' scattered keys, 1.9e2 to 0.7e2
 * ns a request measured alone). */
static HOT_INLINE bool banks_bits(const uint64_t *addr, uint32_t m, unsigned total, unsigned *extra)
{
    uint32_t wd[32], bits = 0, lo = UINT32_MAX, hi = 0, end = 0;
    for (int l = 0; l < 32; l++) wd[l] = (uint32_t)(addr[l] >> 2);
    if (m == SIM_FULL) {
        for (int l = 0; l < 32; l++) {
            uint32_t e = ((uint32_t)addr[l] & 3) + total; /* a lane's end in its word */
            end = e > end ? e : end;
            bits |= 1u << (wd[l] & 31);
            lo = wd[l] < lo ? wd[l] : lo;
            hi = wd[l] > hi ? wd[l] : hi;
        }
    } else {
        for (int l = 0; l < 32; l++) {
            uint32_t on = m >> l & 1u, e = on ? ((uint32_t)addr[l] & 3) + total : 0;
            end = e > end ? e : end;
            bits |= on << (wd[l] & 31);
            lo = on && wd[l] < lo ? wd[l] : lo;
            hi = on && wd[l] > hi ? wd[l] : hi;
        }
    }
    if (end > 4) return false;
    if (__builtin_popcount(bits) == __builtin_popcount(m)) { /* a bank a lane */
        *extra = 0;
        return true;
    }
    if (hi - lo >= 2048) return banks_chained(addr, m, total, extra);
    uint64_t seen[32] = { 0 }; /* the words from lo met so far */
    uint8_t nw[32] = { 0 };
    for (uint32_t r = m; r; r &= r - 1) {
        unsigned l = (unsigned)__builtin_ctz(r);
        uint32_t i = wd[l] - lo;
        uint64_t had = seen[i / 64], bit = 1ull << (i % 64);
        seen[i / 64] = had | bit;
        nw[wd[l] & 31] += !(had & bit);
    }
    unsigned worst = 1;
    for (int k = 0; k < 32; k++) worst = nw[k] > worst ? nw[k] : worst;
    *extra = worst - 1;
    return true;
}

/* count_banks' lanes that are neither consecutive, near, one address nor
 * at one stride: banks_bits where it counts them, else a set a phase
 * (out of line and cloned: banks_bits' passes are vector code in the
 * x86-64-v3 clone). */
static SIM_HOT void banks_scattered(sim_block *b, const uint64_t *addr, uint32_t m, unsigned total, bool store)
{
    unsigned extra = 0;
    if (total <= 4 && shortcuts(b) && banks_bits(addr, m, total, &extra)) { /* one phase, a word a lane */
        b->cnt.bank_conflicts += extra;
        if (store) b->cnt.shared_store_requests++;
        else b->cnt.shared_load_requests++;
        return;
    }
    /* A phase touches at most 32 words (32 lanes x 1, 16 x 2 or 8 x 4), so a
     * bank holds at most 32 distinct ones: a 32-way conflict is 31 extra.
     * The distinct words of a phase go into a small open-addressing set;
     * each word new to it adds one to its bank. */
    unsigned phase = total <= 4 ? 32 : total == 8 ? 16 : 8;
    for (unsigned p0 = 0; p0 < 32; p0 += phase) {
        uint32_t set[64];
        uint64_t full = 0; /* the slots of set in use */
        uint8_t nw[32] = {0};
        unsigned worst = 1;
        for (unsigned l = p0; l < p0 + phase; l++) {
            if (!(m >> l & 1u)) continue;
            for (uint64_t a = addr[l] & ~3ull; a < addr[l] + total; a += 4) {
                uint32_t word = (uint32_t)(a >> 2), bank = word & 31;
                unsigned h = (word * 0x9e3779b1u) >> 26;
                while ((full >> h & 1u) && set[h] != word) h = (h + 1) & 63;
                if (full >> h & 1u) continue; /* seen in this phase */
                full |= 1ull << h;
                set[h] = word;
                if (++nw[bank] > worst) worst = nw[bank];
            }
        }
        extra += worst - 1;
    }
    b->cnt.bank_conflicts += extra;
    if (store) b->cnt.shared_store_requests++;
    else b->cnt.shared_load_requests++;
}

/* Extra wavefronts: the most distinct 4-byte words of one bank in a phase. */
static HOT_INLINE void count_banks(sim_block *b, const uint64_t *addr, uint32_t m, unsigned total, bool store,
                                   bool contig, bool strided, int64_t lo, int64_t hi)
{
    if (!shortcuts(b)) { /* the reference mode: the general count, which the tests below must equal */
        banks_scattered(b, addr, m, total, store);
        return;
    }
    /* consecutive words: every bank once a phase; lanes within 32 words of
       each other (of 4 bytes or less each): distinct words, distinct banks;
       every lane at one address (a broadcast, of up to 32 bytes): a phase's
       words are one lane's, fewer than 32 consecutive ones */
    if (contig || (total <= 4 && ((uint64_t)hi >> 2) - ((uint64_t)lo >> 2) < 32) ||
        (lo == hi && total <= 32 && shortcuts(b))) {
        if (store) b->cnt.shared_store_requests++;
        else b->cnt.shared_load_requests++;
        return;
    }
    /* a full warp of 4-byte words at a constant stride */
    if (m == SIM_FULL && total == 4) {
        uint64_t d = addr[1] - addr[0];
        bool bad = (addr[0] & 3) || !strided;
        uint64_t sw = ((int64_t)d < 0 ? -d : d) / 4;
        if (!bad && !(d & 3) && sw && sw < (1ull << 32) / 31) { /* 32 distinct words, also as 32-bit numbers */
            b->cnt.bank_conflicts += stride_conflicts(sw);
            if (store) b->cnt.shared_store_requests++;
            else b->cnt.shared_load_requests++;
            return;
        }
    }
    banks_scattered(b, addr, m, total, store);
}

/* ---- registers ---- */

/* The value a load of op's element size at src gives its destination:
 * widened (signed or not), and cut to 16 bits for a 16-bit register. */
static HOT_INLINE uint64_t loaded_value(const sim_op *op, const uint8_t *src)
{
    unsigned size = op->p[1];
    uint64_t v;
    /* a copy of a constant size each: a variable one is a call, and a byte
       stored into v then read as 8 stalls the load */
    switch (size) {
    case 1: v = *src; break;
    case 2: { uint16_t x; memcpy(&x, src, 2); v = x; break; }
    case 4: { uint32_t x; memcpy(&x, src, 4); v = x; break; }
    default: memcpy(&v, src, 8); break;
    }
    if ((op->p[3] & SIM_MF_SIGNED) && size < 8) {
        unsigned sh = 64 - size * 8;
        v = (uint64_t)((int64_t)(v << sh) >> sh);
    }
    if (!(op->p[3] & SIM_MF_DST64) && (op->p[3] & SIM_MF_DST16)) v &= 0xffff;
    return v;
}

static HOT_INLINE void put_value(sim_warp *w, const sim_op *op, unsigned e, int l, const uint8_t *src)
{
    uint64_t v = loaded_value(op, src);
    if (op->p[3] & SIM_MF_DST64) w->r64[(size_t)op->s[e] * 32 + (unsigned)l] = v;
    else w->r32[(size_t)op->s[e] * 32 + (unsigned)l] = (uint32_t)v;
}

void sim_mem_poison_lane(sim_warp *w, const sim_op *op, int l)
{
    uint8_t p[8];
    for (int i = 0; i < 8; i += 4) memcpy(p + i, &(uint32_t){ SIM_POISON32 }, 4);
    for (unsigned e = 0; e < op->p[2]; e++) put_value(w, op, e, l, p);
}

/* ---- ld / st ---- */

/* One memory instruction's lanes: addresses, host pointers, what mapped. */
typedef struct access {
    uint64_t addr[32];
    uintptr_t host[32];
    uint32_t soff[32];   /* shared offsets of the lanes of m (SIM_NONE: not shared); others unset */
    uint32_t ok;         /* lanes that mapped */
    bool contig;         /* a full warp on consecutive elements in one place */
    bool strided;        /* a full warp at one stride: addr[l] is addr[0] + l (addr[1] - addr[0]) */
    bool run;            /* the lanes of m are one run of lanes on consecutive elements */
    bool shared;         /* every mapped lane is in shared memory */
    bool lazy;           /* only host[0] is set: fill_hosts sets the rest from base */
    bool uniform;        /* every lane of m has the same address */
    int64_t lo, hi;      /* the lowest and highest address of the lanes of m */
    uintptr_t base;
    const sim_region *region; /* global memory in one region (the fast path), else NULL */
} access;

static HOT_INLINE void fill_hosts(access *a)
{
    if (!a->lazy) return;
    for (int l = 0; l < 32; l++) a->host[l] = a->base + (uintptr_t)a->addr[l];
    a->lazy = false;
}

/* crossread.c's look at a plain global access by the lanes that mapped,
 * with every lane's host pointer (made here when a is lazy: a stays so). */
static void cross_read(sim_block *b, sim_warp *w, const sim_op *op, uint32_t pc, const access *a, bool write)
{
    unsigned total = (unsigned)op->p[1] * op->p[2];
    /* bytes and halves are left out: the notes are per word, and two blocks'
       bytes of one word are no race */
    if (a->shared || !a->region || !a->ok || op->aux2 || a->region->base < SIM_GLOBAL_BASE || total < 4 ||
        (op->p[0] != SIM_MS_GLOBAL && op->p[0] != SIM_MS_GENERIC) ||
        (!write && a->region->xr_launch != b->L->xr)) /* a load where no block of the launch stored */
        return;
    uintptr_t host[32];
    for (int l = 0; l < 32; l++) host[l] = a->lazy ? a->base + (uintptr_t)a->addr[l] : a->host[l];
    if (write) sim_xr_stores(b, w, host, a->ok, total, a->region, pc);
    else sim_xr_loads(b, w, host, a->ok, total, a->region, pc);
}

/* A 32-bit base register plus the offset: a 32-bit address, so the sum wraps
 * at 2^32 as the GPU's does (nvcc writes [%r+128] with %r at -128 for a byte
 * array at shared offset 0), then is taken as signed so that an address just
 * below a space reads as one ("shared byte -4"). The fast paths add in 64
 * bits and hand any sum outside their space to this general path. */
static inline uint64_t wrap32(uint32_t base, uint64_t imm)
{
    return (uint64_t)(int64_t)(int32_t)(base + (uint32_t)imm);
}

/* A full warp's addresses from a base row: fills addr; returns whether they
 * are at one stride, lane 1's step (consecutive elements when that is their
 * size; a column of a row-major array; 0 when every lane has one address).
 * Lanes 0 to 3 at lane 1's step s, then each four lanes 4 s past the four
 * before: every lane l at addr[0] + l s. Out of line with restrict
 * pointers, so it is vector code. */
static SIM_HOT bool full_addrs(const uint64_t *restrict b64, const uint32_t *restrict b32, uint64_t imm,
                               uint64_t *restrict addr)
{
    typedef uint64_t v4q __attribute__((vector_size(32)));
    if (b64)
        for (int l = 0; l < 32; l++) addr[l] = b64[l] + imm;
    else if (b32)
        for (int l = 0; l < 32; l++) addr[l] = wrap32(b32[l], imm);
    else
        for (int l = 0; l < 32; l++) addr[l] = imm;
    uint64_t s = addr[1] - addr[0];
    v4q x, prev, d = { ((addr[2] - addr[1]) ^ s) | ((addr[3] - addr[2]) ^ s) };
    memcpy(&prev, addr, sizeof prev);
    for (int k = 1; k < 8; k++) {
        memcpy(&x, addr + 4 * k, sizeof x);
        d |= x ^ (prev + 4 * s);
        prev = x;
    }
    d |= __builtin_shufflevector(d, d, 2, 3, 0, 1);
    return !(d[0] | d[1]);
}

/* A partial warp's addresses: every lane's (the base row holds a value in
 * each, and only m's are used), then the lowest, highest and OR of m's, as
 * masked vector reductions (GCC's vector extensions, four lanes a vector)
 * instead of a loop of branches. Inlined into ld, st and sim_map_lanes: out
 * of line, its ten arguments and call cost day 23 2.4% of its instructions. */
typedef int64_t v4l __attribute__((vector_size(32)));

static HOT_INLINE void part_addrs(const uint64_t *restrict b64, const uint32_t *restrict b32, uint64_t imm,
                               uint32_t m, unsigned total, uint64_t *restrict addr, int64_t *lo, int64_t *hi,
                               uint64_t *mis, bool *run)
{
    if (b64)
        for (int l = 0; l < 32; l++) addr[l] = b64[l] + imm;
    else if (b32)
        for (int l = 0; l < 32; l++) addr[l] = wrap32(b32[l], imm);
    else
        for (int l = 0; l < 32; l++) addr[l] = imm;
    *run = false;
    int f = __builtin_ctz(m), e = 31 - __builtin_clz(m);
    uint32_t lanes = m >> f;
    if (!(lanes & (lanes + 1)) && !(total & (total - 1)) && total <= 32 && (b64 || b32)) {
        /* one run of lanes: on consecutive elements, its ends are the lowest
           and highest, and the first's alignment is every lane's */
        const uint64_t *offs = lane_offsets[__builtin_ctz(total)];
        uint64_t a0 = addr[f] - offs[f], bad = 0;
        for (int l = f; l <= e; l++) bad |= (addr[l] - a0) ^ offs[l]; /* the run's lanes only */
        if (!bad) {
            *lo = (int64_t)addr[f];
            *hi = (int64_t)addr[e];
            *mis = addr[f];
            *run = true;
            return;
        }
    }
    const v4l bit = { 1, 2, 4, 8 }, zero = { 0, 0, 0, 0 };
    v4l l0 = zero + INT64_MAX, h0 = zero + INT64_MIN, o0 = zero;
    for (int k = 0; k < 8; k++) {
        v4l x, on = ((zero + (int64_t)(m >> (4 * k))) & bit) != 0;
        memcpy(&x, addr + 4 * k, sizeof x);
        v4l xl = (x & on) | (~on & INT64_MAX), xh = (x & on) | (~on & INT64_MIN);
        v4l lt = xl < l0, gt = xh > h0;
        l0 = (xl & lt) | (l0 & ~lt);
        h0 = (xh & gt) | (h0 & ~gt);
        o0 |= x & on;
    }
    int64_t rl = l0[0], rh = h0[0];
    uint64_t ro = 0;
    for (int i = 0; i < 4; i++) {
        rl = l0[i] < rl ? l0[i] : rl;
        rh = h0[i] > rh ? h0[i] : rh;
        ro |= (uint64_t)o0[i];
    }
    *lo = rl;
    *hi = rh;
    *mis = ro;
}

/* A full warp's addresses from its base row (or none: imm alone), their
 * lowest and highest, in *mis a value with every low bit any lane's address
 * has (for the alignment test), and whether they are at one stride or on
 * consecutive elements of total bytes. */
static HOT_INLINE void full_warp(const uint64_t *b64, const uint32_t *b32, uint64_t imm, unsigned total, access *a,
                                 int64_t *lo, int64_t *hi, uint64_t *mis)
{
    const uint64_t *addr = a->addr;
    unsigned k = (unsigned)__builtin_ctz(total);
    a->strided = full_addrs(b64, b32, imm, a->addr);
    int64_t s = (int64_t)(addr[1] - addr[0]), x0 = (int64_t)addr[0], x31 = (int64_t)addr[31];
    a->contig = a->strided && (uint64_t)s == 1ull << (k < 6 ? k : 5);
    a->run = a->contig;
    /* at one stride, every lane is aligned when the first and the step are,
       and the ends are the lowest and highest unless the lanes wrap around
       (31 steps of at most INT64_MAX / 31 wrap once at most, and then the
       ends are out of order) */
    if (a->strided && s >= 0 && s <= INT64_MAX / 31 && x31 >= x0) {
        *lo = x0;
        *hi = x31;
        *mis = (uint64_t)(x0 | s);
    } else if (a->strided && s < 0 && s >= -(INT64_MAX / 31) && x31 <= x0) {
        *lo = x31;
        *hi = x0;
        *mis = (uint64_t)(x0 | s);
    } else {
        int64_t l0 = INT64_MAX, h0 = INT64_MIN;
        uint64_t o0 = 0;
        for (int l = 0; l < 32; l++) {
            int64_t x = (int64_t)addr[l];
            l0 = x < l0 ? x : l0;
            h0 = x > h0 ? x : h0;
            o0 |= (uint64_t)x;
        }
        *lo = l0;
        *hi = h0;
        *mis = o0;
    }
}

bool sim_full_warp_of(const uint64_t *b64, const uint32_t *b32, uint64_t imm, unsigned total, uint64_t *addr,
                      int64_t *lo, int64_t *hi, uint64_t *mis, bool *contig)
{
    access a;
    full_warp(b64, b32, imm, total, &a, lo, hi, mis);
    memcpy(addr, a.addr, sizeof a.addr);
    *contig = a.contig;
    return a.strided;
}

/* Addresses of the lanes of m, their lowest and highest, in *mis a value
 * with every low bit one of theirs has (for the alignment test), and whether
 * the full warp is contiguous or at one stride. */
static HOT_INLINE void lane_addrs(const sim_warp *w, const sim_op *op, uint32_t m, unsigned total,
                                  access *a, int64_t *lo, int64_t *hi, uint64_t *mis)
{
    int64_t l0 = INT64_MAX, h0 = INT64_MIN;
    uint64_t o0 = 0, imm = (uint64_t)op->imm;
    a->contig = false;
    a->run = false;
    a->strided = false;
    if (m == SIM_FULL) {
        const uint64_t *b64 = NULL;
        const uint32_t *b32 = NULL;
        if (op->s[4] != SIM_NOSLOT) {
            if (op->p[3] & SIM_MF_BASE32) b32 = w->r32 + (size_t)op->s[4] * 32;
            else b64 = w->r64 + (size_t)op->s[4] * 32;
        }
        full_warp(b64, b32, imm, total, a, &l0, &h0, &o0);
    } else {
        const uint64_t *b64 = NULL;
        const uint32_t *b32 = NULL;
        if (op->s[4] != SIM_NOSLOT) {
            if (op->p[3] & SIM_MF_BASE32) b32 = w->r32 + (size_t)op->s[4] * 32;
            else b64 = w->r64 + (size_t)op->s[4] * 32;
        }
        part_addrs(b64, b32, imm, m, total, a->addr, &l0, &h0, &o0, &a->run);
    }
    *lo = l0;
    *hi = h0;
    *mis = o0;
    a->uniform = l0 == h0;
}

/* All lanes of m in one window of the generic space (or none): the space. */
static HOT_INLINE unsigned generic_space(int64_t lo, int64_t hi, uint64_t *shift)
{
    static const struct { uint64_t base; unsigned ms; } win[] = {
        { SIM_SHARED_WINDOW, SIM_MS_SHARED }, { SIM_LOCAL_WINDOW, SIM_MS_LOCAL },
        { SIM_PARAM_WINDOW, SIM_MS_PARAM } };
    for (int i = 0; i < 3; i++) {
        bool in_lo = (uint64_t)lo - win[i].base < SIM_WINDOW_SIZE, in_hi = (uint64_t)hi - win[i].base < SIM_WINDOW_SIZE;
        if (in_lo && in_hi) {
            *shift = win[i].base;
            return win[i].ms;
        }
        if (in_lo || in_hi) return SIM_MS_GENERIC;
    }
    *shift = 0;
    return (uint64_t)lo >= SIM_GLOBAL_BASE || (uint64_t)hi < SIM_SHARED_WINDOW ? SIM_MS_GLOBAL : SIM_MS_GENERIC;
}

/* The region holding len bytes at global address lo, or NULL: the one the
 * block's last load (or store) at pc's slot found, tested here before
 * sim_mem_find is called to test it (and keeps it as the hint). A slot a
 * pc modulo 8: the loads of a loop that reads two arrays, each at its own
 * pc, each keep theirs. */
static HOT_INLINE const sim_region *region_at(sim_block *b, uint32_t pc, bool write, uint64_t lo, uint64_t len)
{
    const sim_memory *mem = &b->L->m->mem;
    size_t *hint = &b->warp_hint[(pc & 7u) | (unsigned)write << 3];
    const sim_region *r = *hint < mem->n ? &mem->v[*hint] : NULL;
    if (!r || lo < r->base || lo - r->base > r->size || len > r->size - (lo - r->base))
        r = sim_mem_find(mem, lo, len, hint);
    return r;
}

/* Do the accesses from ulo to uhi, total bytes each, lie in [0, size)? No
 * sum that can wrap: an address below the space (-1 as an unsigned) is
 * outside, not just past the end. */
static inline bool within(uint64_t ulo, uint64_t uhi, unsigned total, uint64_t size)
{
    return ulo <= uhi && uhi <= size && size - uhi >= total;
}

/* The fast path: every lane of m in one place of one space. */
static HOT_INLINE bool map_fast(sim_block *b, sim_warp *w, const sim_op *op, uint32_t m, bool write,
                                access *a, int64_t lo, int64_t hi)
{
    unsigned ms = op->p[0], total = (unsigned)op->p[1] * op->p[2];
    uint64_t shift = 0;
    if (ms == SIM_MS_GENERIC) ms = generic_space(lo, hi, &shift);
    uint64_t ulo = (uint64_t)lo - shift, uhi = (uint64_t)hi - shift;
    uintptr_t base;
    switch (ms) {
    case SIM_MS_GLOBAL:
    case SIM_MS_CONST: {
        const sim_region *r = region_at(b, (uint32_t)(op - b->prog->code), write, ulo, uhi - ulo + total);
        if (!r) return false;
        base = (uintptr_t)r->host - (uintptr_t)r->base - (uintptr_t)shift;
        a->region = r;
        break;
    }
    case SIM_MS_SHARED:
        if (!within(ulo, uhi, total, b->shared_size)) return false;
        base = (uintptr_t)b->shared - (uintptr_t)shift;
        a->shared = true;
        break;
    case SIM_MS_LOCAL: {
        uint32_t ls = b->prog->local_size;
        if (!within(ulo, uhi, total, ls)) return false;
        base = (uintptr_t)b->local + (uintptr_t)w->id * 32 * ls - (uintptr_t)shift;
        a->uniform = false; /* one address, a different thread's memory each */
        for (int l = 0; l < 32; l++) a->host[l] = base + (uintptr_t)l * ls + (uintptr_t)a->addr[l];
        for (int l = 0; l < 32; l++)
            if (m >> l & 1u) sim_local_touch(b, w->id * 32 + (unsigned)l, a->addr[l] - shift, total);
        return true;
    }
    case SIM_MS_PARAM:
        if (write || !within(ulo, uhi, total, b->L->param_size)) return false;
        base = (uintptr_t)b->L->params - (uintptr_t)shift;
        break;
    default:
        return false;
    }
    a->base = base;
    /* lane 0's host pointer (the transposes need only that); fill_hosts
       makes every lane's when a path needs them */
    a->host[0] = base + (uintptr_t)a->addr[0];
    a->lazy = true;
    if (a->shared) /* every lane's (only m's are read) */
        for (int l = 0; l < 32; l++) a->soff[l] = (uint32_t)(a->addr[l] - shift);
    return true;
}

/* The lanes of m's addresses, and the fast path when they are aligned and
 * in one place (map_fast); false when the lanes need the lane-by-lane path,
 * nothing recorded yet. */
static HOT_INLINE bool map_warp(sim_block *b, sim_warp *w, const sim_op *op, uint32_t m, bool write, access *a)
{
    unsigned total = (unsigned)op->p[1] * op->p[2];
    int64_t lo, hi;
    uint64_t mis;
    a->ok = m;
    a->shared = false;
    a->lazy = false;
    a->region = NULL;
    lane_addrs(w, op, m, total, a, &lo, &hi, &mis);
    a->lo = lo;
    a->hi = hi;
    return !(mis & (total - 1)) && map_fast(b, w, op, m, write, a, lo, hi);
}

/* Map the lanes of m; lanes that fault are recorded and left out of a->ok. */
static HOT_INLINE void map_access(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m, bool write,
                                  access *a)
{
    const sim_op *op = &b->prog->code[pc];
    unsigned ms = op->p[0], total = (unsigned)op->p[1] * op->p[2];
    if (map_warp(b, w, op, m, write, a)) return;
    a->contig = false;
    a->uniform = false; /* per-thread spaces (local, device-function parameters) look the same */
    a->shared = true;
    for (int l = 0; l < 32; l++) {
        if (!(m >> l & 1u)) continue;
        sim_where wh;
        if (!sim_mem_aligned(b, w, l, pc, ms, a->addr[l], total) ||
            !sim_mem_resolve(b, w, l, pc, ms, a->addr[l], total, write, &wh)) {
            a->ok &= ~(1u << l);
            continue;
        }
        a->host[l] = (uintptr_t)wh.host;
        a->soff[l] = wh.space == PTX_SPACE_SHARED ? wh.soff : SIM_NONE;
        if (wh.space != PTX_SPACE_SHARED) a->shared = false;
    }
}

SIM_HOT bool sim_map_lanes(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m, bool write, uintptr_t *host,
                           uint32_t *soff, bool *shared, bool *uniform)
{
    access a;
    if (!map_warp(b, w, &b->prog->code[pc], m, write, &a)) return false;
    if (!a.shared && !a.region) return false; /* local or parameter space: lane by lane */
    if (a.lazy) /* fill_hosts, straight into host */
        for (int l = 0; l < 32; l++) host[l] = a.base + (uintptr_t)a.addr[l];
    else
        memcpy(host, a.host, sizeof a.host);
    if (a.shared) memcpy(soff, a.soff, sizeof a.soff);
    *shared = a.shared;
    *uniform = a.uniform;
    return true;
}

static bool is_shared(const sim_op *op)
{
    return op->p[0] == SIM_MS_SHARED;
}

/* A full warp's contiguous elements into rows and back: transposes the
 * compiler vectorises (restrict: rows and memory never overlap). */
static SIM_HOT void split2(const uint32_t *restrict src, uint32_t *restrict r0, uint32_t *restrict r1)
{
    for (int l = 0; l < 32; l++) {
        r0[l] = src[2 * l];
        r1[l] = src[2 * l + 1];
    }
}

static SIM_HOT void split4(const uint32_t *restrict src, uint32_t *restrict r0, uint32_t *restrict r1,
                           uint32_t *restrict r2, uint32_t *restrict r3)
{
    for (int l = 0; l < 32; l++) {
        r0[l] = src[4 * l];
        r1[l] = src[4 * l + 1];
        r2[l] = src[4 * l + 2];
        r3[l] = src[4 * l + 3];
    }
}

static SIM_HOT void split2_64(const uint64_t *restrict src, uint64_t *restrict r0, uint64_t *restrict r1)
{
    for (int l = 0; l < 32; l++) {
        r0[l] = src[2 * l];
        r1[l] = src[2 * l + 1];
    }
}

static SIM_HOT void join4(uint32_t *restrict dst, const uint32_t *restrict r0, const uint32_t *restrict r1,
                          const uint32_t *restrict r2, const uint32_t *restrict r3)
{
    for (int l = 0; l < 32; l++) {
        dst[4 * l] = r0[l];
        dst[4 * l + 1] = r1[l];
        dst[4 * l + 2] = r2[l];
        dst[4 * l + 3] = r3[l];
    }
}

/* A stride prefetcher: a load that moved by delta since the warp last ran
 * it will likely move by delta again (a grid-stride loop): fetch the next
 * block of the warp's data into the cache now. Warps run one after another
 * here, not together as on a GPU, so the hardware's own prefetching does not
 * see these streams. */
static HOT_INLINE int64_t prefetch_at(sim_warp *w, uint32_t pc, uint64_t addr, uintptr_t host, unsigned total)
{
    unsigned k = pc & 15;
    uint64_t last = w->pf[k].addr;
    bool seen = w->pf[k].pc == pc;
    w->pf[k].pc = pc;
    w->pf[k].addr = addr;
    if (!seen) return 0;
    int64_t delta = (int64_t)(addr - last);
    if (delta == 0 || delta > (1 << 28) || delta < -(1 << 28)) return 0;
    const char *next = (const char *)host + delta;
    for (unsigned off = 0; off < 32 * total; off += 64) __builtin_prefetch(next + off);
    return delta;
}

/* prefetch_at from the access's lane: its address and host pointer. */
static HOT_INLINE void prefetch_next(sim_warp *w, uint32_t pc, const access *a, int lane, unsigned total)
{
    prefetch_at(w, pc, a->addr[lane], a->host[lane], total);
}

/* A full warp's consecutive bytes or halves into a 32-bit row, widened as
 * put_value widens each (vector code). */
static SIM_HOT void widen_narrow(const uint8_t *restrict src, uint32_t *restrict row, unsigned n, unsigned flags)
{
    bool sgn = flags & SIM_MF_SIGNED;
    uint32_t keep = (flags & SIM_MF_DST16) ? 0xffffu : SIM_FULL;
    if (n == 1) {
        if (sgn) for (int l = 0; l < 32; l++) row[l] = (uint32_t)(int32_t)(int8_t)src[l] & keep;
        else for (int l = 0; l < 32; l++) row[l] = src[l];
    } else {
        const uint16_t *h = (const uint16_t *)(const void *)src;
        if (sgn) for (int l = 0; l < 32; l++) row[l] = (uint32_t)(int32_t)(int16_t)h[l] & keep;
        else for (int l = 0; l < 32; l++) row[l] = h[l];
    }
}

static HOT_INLINE bool load_contig(sim_warp *w, const sim_op *op, const access *a)
{
    unsigned n = op->p[1], count = op->p[2];
    if (n <= 2 && count == 1 && !(op->p[3] & SIM_MF_DST64) && op->s[0] != SIM_NOSLOT) {
        widen_narrow((const uint8_t *)a->host[0], w->r32 + (size_t)op->s[0] * 32, n, op->p[3]);
        return true;
    }
    if (op->p[3] & (SIM_MF_SIGNED | SIM_MF_DST16)) return false;
    bool d64 = op->p[3] & SIM_MF_DST64;
    uint32_t *r[4];
    uint64_t *q[2];
    for (unsigned e = 0; e < count; e++) {
        if (op->s[e] == SIM_NOSLOT) return false;
        if (e > 0 && op->s[e] == op->s[e - 1]) return false;
        if (e < 4) r[e] = w->r32 + (size_t)op->s[e] * 32;
        if (e < 2) q[e] = w->r64 + (size_t)op->s[e] * 32;
    }
    if (n == 4 && !d64) {
        const uint32_t *src = (const uint32_t *)a->host[0];
        if (count == 1) memcpy(r[0], src, 128);
        else if (count == 2) split2(src, r[0], r[1]);
        else split4(src, r[0], r[1], r[2], r[3]);
        return true;
    }
    if (n == 8 && d64 && count <= 2) {
        const uint64_t *src = (const uint64_t *)a->host[0];
        if (count == 1) memcpy(q[0], src, 256);
        else split2_64(src, q[0], q[1]);
        return true;
    }
    return false;
}

static HOT_INLINE bool store_contig(const sim_warp *w, const sim_op *op, const access *a)
{
    unsigned n = op->p[1], count = op->p[2];
    bool d64 = op->p[3] & SIM_MF_DST64;
    if (n == 4 && !d64 && count == 1) {
        memcpy((void *)a->host[0], w->r32 + (size_t)op->s[0] * 32, 128);
        return true;
    }
    if (n == 8 && d64 && count == 1) {
        memcpy((void *)a->host[0], w->r64 + (size_t)op->s[0] * 32, 256);
        return true;
    }
    if (n == 4 && !d64 && count == 4) {
        join4((uint32_t *)a->host[0], w->r32 + (size_t)op->s[0] * 32, w->r32 + (size_t)op->s[1] * 32,
              w->r32 + (size_t)op->s[2] * 32, w->r32 + (size_t)op->s[3] * 32);
        return true;
    }
    return false;
}

/* 32-bit elements into 32-bit rows, lane by lane (a gather). */
static HOT_INLINE void load32(sim_warp *w, const sim_op *op, uint32_t m, const uintptr_t *host, unsigned count)
{
    for (unsigned e = 0; e < count; e++) {
        if (op->s[e] == SIM_NOSLOT) continue;
        uint32_t *row = w->r32 + (size_t)op->s[e] * 32;
        if (m == SIM_FULL) {
            for (int l = 0; l < 32; l++) memcpy(&row[l], (const void *)(host[l] + 4 * e), 4);
        } else {
            for (uint32_t r = m; r; r &= r - 1) {
                int l = __builtin_ctz(r);
                memcpy(&row[l], (const void *)(host[l] + 4 * e), 4);
            }
        }
    }
}

/* A full warp's 32-bit elements at one stride s (a column of a row-major
 * array) between a row and memory (which never overlap), from lane 0's host
 * pointer p: the other lanes' are unmade. Out of line, so the four lanes' offsets
 * stay in registers; stores in lane order (a stride of 0: the last lane wins). */
static SIM_HOT void gather_col(uint32_t *restrict row, const uint8_t *restrict p, ptrdiff_t s)
{
    ptrdiff_t s2 = 2 * s, s3 = 3 * s;
    for (int l = 0; l < 32; l += 4, p += 4 * s) {
        memcpy(&row[l], p, 4);
        memcpy(&row[l + 1], p + s, 4);
        memcpy(&row[l + 2], p + s2, 4);
        memcpy(&row[l + 3], p + s3, 4);
    }
}

static SIM_HOT void scatter_col(uint8_t *restrict p, const uint32_t *restrict row, ptrdiff_t s)
{
    ptrdiff_t s2 = 2 * s, s3 = 3 * s;
    for (int l = 0; l < 32; l += 4, p += 4 * s) {
        memcpy(p, &row[l], 4);
        memcpy(p + s, &row[l + 1], 4);
        memcpy(p + s2, &row[l + 2], 4);
        memcpy(p + s3, &row[l + 3], 4);
    }
}

/* A run of lanes' 4-byte elements whose whole warp-wide window (where
 * lanes 0 to 31 would read) lies in the allocation or in shared memory: read
 * the window and keep m's lanes, as vector code. The lanes outside m read
 * nothing the warp does not own a copy of, and it records nothing. */
static HOT_INLINE bool run_window(const sim_block *b, const access *a, uint32_t m)
{
    uint64_t f4 = 4 * (uint64_t)__builtin_ctz(m), lo = (uint64_t)a->lo;
    if (a->region) {
        const sim_region *r = a->region;
        return lo >= r->base && lo - r->base >= f4 && lo - f4 - r->base + 128 <= r->size;
    }
    if (!a->shared) return false;
    uint32_t so = a->soff[__builtin_ctz(m)];
    return so >= f4 && so - f4 + 128 <= b->shared_size;
}

static SIM_HOT void blend_run(uint32_t *restrict row, const uint32_t *restrict window, uint32_t m)
{
    for (int l = 0; l < 32; l++) row[l] = (m >> l & 1u) ? window[l] : row[l];
}

/* A run of n lanes' 32-bit elements (n from 1 to 32) between their rows and
 * memory (which never overlap): a piece from each end, of the largest power
 * of two bytes not past the run's (the two overlap unless n is one), as
 * libc's memcpy does for small sizes, without its call. */
static HOT_INLINE void copy_run(void *restrict dst, const void *restrict src, unsigned n)
{
    char *d = dst;
    const char *s = src;
    size_t bytes = 4 * (size_t)n;
    if (n == 1) {
        memcpy(d, s, 4);
    } else if (n <= 4) {
        memcpy(d, s, 8);
        memcpy(d + bytes - 8, s + bytes - 8, 8);
    } else if (n <= 8) {
        memcpy(d, s, 16);
        memcpy(d + bytes - 16, s + bytes - 16, 16);
    } else if (n <= 16) {
        memcpy(d, s, 32);
        memcpy(d + bytes - 32, s + bytes - 32, 32);
    } else {
        memcpy(d, s, 64);
        memcpy(d + bytes - 64, s + bytes - 64, 64);
    }
}

static HOT_INLINE void load_lanes(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m, const access *a)
{
    const sim_op *op = &b->prog->code[pc];
    unsigned n = op->p[1], count = op->p[2];
    for (uint32_t r = m; r; r &= r - 1) { /* the lanes of m, in order */
        int l = __builtin_ctz(r);
        if (!(a->ok >> l & 1u)) {
            sim_mem_poison_lane(w, op, l);
            continue;
        }
        for (unsigned e = 0; e < count; e++)
            if (op->s[e] != SIM_NOSLOT) put_value(w, op, e, l, (const uint8_t *)a->host[l] + e * n);
    }
}

/* The byte or half at p as op's 32-bit row holds it: widened signed or
 * not, cut to 16 bits for a 16-bit register (put_value's widening). */
static HOT_INLINE uint32_t narrow_value(const sim_op *op, const uint8_t *p)
{
    uint32_t keep = (op->p[3] & SIM_MF_DST16) ? 0xffffu : SIM_FULL, v;
    bool sgn = op->p[3] & SIM_MF_SIGNED;
    if (op->p[1] == 1) {
        v = sgn ? (uint32_t)(int32_t)(int8_t)*p : *p;
    } else {
        uint16_t x;
        memcpy(&x, p, 2);
        v = sgn ? (uint32_t)(int32_t)(int16_t)x : x;
    }
    return v & keep;
}

/* The lanes of m's bytes or halves into a 32-bit row, widened as put_value
 * widens each (a radix sort's 16-bit counters read by digit: a gather). */
static HOT_INLINE void load_narrow(sim_warp *w, const sim_op *op, uint32_t m, const uintptr_t *host)
{
    uint32_t *row = w->r32 + (size_t)op->s[0] * 32;
    for (uint32_t r = m; r; r &= r - 1) {
        int l = __builtin_ctz(r);
        row[l] = narrow_value(op, (const uint8_t *)host[l]);
    }
}

static void shadow_reads(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m, const access *a, unsigned total)
{
    if (a->uniform && a->ok == m) sim_shadow_reads_one(b, w, m, a->soff[__builtin_ctz(m)], total, pc);
    else sim_shadow_reads(b, w, a->ok & m, a->soff, total, pc);
}

/* A strong ld or st of the lanes m: acquire, release (sync.c). */
static void sync_lanes(sim_block *b, sim_warp *w, const sim_op *op, uint32_t m, access *a, bool write)
{
    fill_hosts(a);
    for (int l = 0; l < 32; l++)
        if ((a->ok & m) >> l & 1u) sim_sync_access(b, w, l, (const void *)a->host[l], op->aux2, write, false);
    sim_sync_step(b, w, op->aux2);
}

/* A plain 32-bit shared ld or st: one 4-byte element (no flag of bad_flags)
 * from a 32-bit base register, outside sync mode. */
static HOT_INLINE bool shared_plain(const sim_block *b, const sim_op *op, unsigned bad_flags)
{
    /* space, element size, count and flags in one compare (p[0] to p[3]) */
    uint32_t p, want = SIM_MS_SHARED | 4u << 8 | 1u << 16 | (uint32_t)SIM_MF_BASE32 << 24;
    memcpy(&p, op->p, sizeof p);
    return (p & (0xffffffu | (uint32_t)(SIM_MF_BASE32 | bad_flags) << 24)) == want && !b->sync &&
           op->s[4] != SIM_NOSLOT && op->s[0] != SIM_NOSLOT;
}

/* The byte offset of 4 bytes at base + op's offset if they lie aligned in
 * shared memory (the general path adds the offset to the base as a 64-bit
 * number), else SIM_NONE (never aligned). */
static HOT_INLINE uint32_t shared_word(const sim_block *b, const sim_op *op, uint32_t base, uint32_t k)
{
    uint64_t lo = (uint64_t)base + (uint64_t)op->imm;
    if ((lo & 3) || lo > b->shared_size || b->shared_size - lo < 4 * (uint64_t)k) return SIM_NONE;
    return (uint32_t)lo;
}

/* run_of: a plain 32-bit shared ld or st (shared_plain) of one run of lanes on
 * consecutive words, its base a 32-bit register: a warp's slice of a shared
 * array, `mine[lane] = v` or a tree's `if (lane < offset)` step. The whole
 * access then lies in one place and is aligned when its ends are, it
 * touches distinct words of distinct banks (one request, no conflict), and
 * its data is one copy. The run of base values is checked lane by lane,
 * and its first value must not wrap around 32 bits before its last (the
 * general path adds the offset to each lane's base as a 64-bit number).
 * Returns false, with nothing done, for any other access, in or out of
 * bounds: the general path maps and reports it. On true, *off is the first
 * lane's byte offset into shared memory. */
static HOT_INLINE bool run_of(const sim_block *b, const sim_warp *w, const sim_op *op, uint32_t m, uint32_t *off)
{
    if (m == SIM_FULL) { /* 32 lanes: four vector compares */
        const uint32_t *b32 = w->r32 + (size_t)op->s[4] * 32;
        uint32_t first = b32[0];
        if (first > UINT32_MAX - 4 * 31 || !row_steps(b32, first, 4)) return false;
        *off = shared_word(b, op, first, 32);
        return *off != SIM_NONE;
    }
    int f = __builtin_ctz(m), e = 31 - __builtin_clz(m);
    uint32_t lanes = m >> f, k = (uint32_t)(e - f + 1);
    if (lanes & (lanes + 1)) return false;
    const uint32_t *b32 = w->r32 + (size_t)op->s[4] * 32;
    uint32_t first = b32[f];
    if (first > UINT32_MAX - 4 * (k - 1)) return false;
    /* lane l's base must be first + 4 (l - f), for l from f to e (an early
       exit: a loop GCC leaves scalar, no vector state to spill) */
    for (int l = f + 1; l <= e; l++)
        if (b32[l] != first + 4 * (uint32_t)(l - f)) return false;
    *off = shared_word(b, op, first, k);
    return *off != SIM_NONE;
}

static HOT_INLINE bool shared_run(const sim_block *b, const sim_warp *w, const sim_op *op, uint32_t m,
                                  unsigned bad_flags, uint32_t *off)
{
    return shared_plain(b, op, bad_flags) && run_of(b, w, op, m, off);
}

/* A plain 32-bit shared ld (shared_plain) by lanes m that all read one word
 * (a row's live lanes reading back its tree's result, `mine[0]`): *off is
 * the word's byte offset. False, with nothing done, for any other access,
 * a word not wholly inside shared memory included. */
static HOT_INLINE bool shared_one(const sim_block *b, const sim_warp *w, const sim_op *op, uint32_t m, uint32_t *off)
{
    const uint32_t *b32 = w->r32 + (size_t)op->s[4] * 32;
    uint32_t first = b32[__builtin_ctz(m)];
    if (!row_is(b32, m, first)) return false; /* (a row's live columns: a partial warp) */
    *off = shared_word(b, op, first, 1);
    return *off != SIM_NONE;
}

bool sim_shared_run_of(const sim_block *b, const sim_warp *w, const sim_op *op, uint32_t m, bool store,
                       uint32_t *off)
{
    return shared_run(b, w, op, m, store ? SIM_MF_DST64 : SIM_MF_DST64 | SIM_MF_DST16, off);
}

bool sim_shared_one_of(const sim_block *b, const sim_warp *w, const sim_op *op, uint32_t m, uint32_t *off)
{
    return shared_plain(b, op, SIM_MF_DST64 | SIM_MF_DST16) && shared_one(b, w, op, m, off);
}

void sim_copy_run(void *dst, const void *src, unsigned n)
{
    copy_run(dst, src, n);
}

/* A plain shared ld or st of one byte or half (no flag of SIM_MF_DST64,
 * weak) from a 32-bit base register, outside sync mode and the reference
 * mode: what narrow_of and narrow_one ask of the op. */
static HOT_INLINE bool narrow_plain(const sim_block *b, const sim_op *op)
{
    unsigned n = op->p[1];
    return op->p[0] == SIM_MS_SHARED && n <= 2 && op->p[2] == 1 && (op->p[3] & SIM_MF_BASE32) &&
           !(op->p[3] & SIM_MF_DST64) && op->s[4] != SIM_NOSLOT && op->s[0] != SIM_NOSLOT && !op->aux2 && !b->sync &&
           shortcuts(b) && b->shared_size >= n;
}

/* narrow_of: a plain shared ld or st of one byte or half (no flag of
 * SIM_MF_DST64, weak, outside sync mode and the reference mode) by a full
 * warp from a 32-bit base register, each lane's element aligned inside
 * shared memory, and the lanes' words in 32 distinct banks (a radix
 * sort's 16-bit counters, a thread's column each): off[l] is lane l's byte
 * offset. The general path then maps every lane (the 32-bit sum of base
 * and offset, taken as signed, is the offset), finds no lane with
 * another's address (so none of its one-address, contiguous or strided
 * branches), takes the lanes' shadow reads or writes, gathers or scatters
 * them one by one, and counts one request with no conflict (count_banks:
 * a word a bank); narrow_of's caller does the same without the 64-bit
 * addresses and host pointers. False, with nothing done, for any other
 * access. One pass the compiler vectorises. */
static HOT_INLINE bool narrow_of(const sim_block *b, const sim_warp *w, const sim_op *op, uint32_t *off)
{
    unsigned n = op->p[1];
    if (!narrow_plain(b, op)) return false;
    const uint32_t *b32 = w->r32 + (size_t)op->s[4] * 32, imm = (uint32_t)op->imm, last = b->shared_size - n;
    uint32_t bad = 0, banks = 0;
    for (int l = 0; l < 32; l++) {
        uint32_t o = b32[l] + imm;
        off[l] = o;
        bad |= (o > last) | (o & (n - 1));
        banks |= 1u << (o / 4 % 32);
    }
    return !bad && banks == SIM_FULL;
}

/* X_LD on narrow_of's lanes: the shadow's reads (unless `shadow` is false:
 * the rules took them, sim_rules_rmw), a gather widened as load_narrow
 * widens, one request (sim_exec_ld's path for them). */
static HOT_INLINE void ld_narrow(sim_block *b, sim_warp *w, const sim_op *op, uint32_t pc, const uint32_t *off,
                                 bool shadow)
{
    w->minst++;
    if (b->shadow && shadow) sim_shadow_reads(b, w, SIM_FULL, off, op->p[1], pc);
    /* the op's flags and the shared pointer read once (a store to the row
       may alias them), the elements widened as narrow_value widens; an
       unsigned half (a sort's counter) a load and a store a lane */
    const uint8_t *sh = b->shared;
    uint32_t *row = w->r32 + (size_t)op->s[0] * 32;
    if (op->p[1] == 2 && !(op->p[3] & SIM_MF_SIGNED)) {
        for (int l = 0; l < 32; l++) {
            uint16_t x;
            memcpy(&x, sh + off[l], 2);
            row[l] = x;
        }
    } else {
        const unsigned bits = 32 - 8 * op->p[1];
        const uint32_t keep = (op->p[3] & SIM_MF_DST16) ? 0xffffu : SIM_FULL;
        const bool sgn = op->p[3] & SIM_MF_SIGNED, half = op->p[1] == 2;
        for (int l = 0; l < 32; l++) {
            uint16_t x = sh[off[l]];
            if (half) memcpy(&x, sh + off[l], 2);
            row[l] = (sgn ? (uint32_t)((int32_t)((uint32_t)x << bits) >> bits) : x) & keep;
        }
    }
    b->cnt.shared_load_requests++;
}

/* narrow_one: narrow_plain's access by a full warp whose lanes all read one
 * element, aligned inside shared memory (a chunk's byte that every thread
 * compares with its own bin, `chunk[k] == bin`): *off its byte offset. The
 * general path then finds one address (a.uniform), takes the shadow's
 * reads as sim_shadow_reads_one's, reads the element once and counts one
 * request on one word, no conflict. False, with nothing done, for any
 * other access. */
static HOT_INLINE bool narrow_one(const sim_block *b, const sim_warp *w, const sim_op *op, uint32_t *off)
{
    unsigned n = op->p[1];
    if (!narrow_plain(b, op)) return false;
    const uint32_t *b32 = w->r32 + (size_t)op->s[4] * 32;
    uint32_t o = b32[0] + (uint32_t)op->imm;
    if (!row_is(b32, SIM_FULL, b32[0]) || o > b->shared_size - n || (o & (n - 1))) return false;
    *off = o;
    return true;
}

/* X_LD on narrow_one's element: its shadow reads, one value for every
 * lane, one request. */
static HOT_INLINE void ld_narrow_one(sim_block *b, sim_warp *w, const sim_op *op, uint32_t pc, uint32_t off)
{
    w->minst++;
    if (b->shadow) sim_shadow_reads_one(b, w, SIM_FULL, off, op->p[1], pc);
    uint32_t *row = w->r32 + (size_t)op->s[0] * 32, v = narrow_value(op, b->shared + off);
    for (int l = 0; l < 32; l++) row[l] = v;
    b->cnt.shared_load_requests++;
}

/* lower.c's counter increment at pc (SIM_RMW_AUX): the load as sim_exec_ld
 * takes narrow_of's lanes (ld_narrow), the add as exec.c's X_ADD16 or
 * X_ADD32 (xops.def's sum) for a full warp, the store as sim_exec_st takes
 * them, in order, with the lanes' test made once (the store's base and
 * offset are the load's, and neither later op writes the base). Returns 3,
 * or 0 with nothing done where the lanes are not narrow_of's, the block
 * keeps the order's notes (order.c), or another group waits inside. */
SIM_HOT uint32_t sim_exec_rmw(sim_block *b, sim_warp *w, uint32_t pc, uint32_t room)
{
    const sim_op *op = &b->prog->code[pc], *add = op + 1, *st = op + 2;
    uint32_t off[32];
    if (room < 3 || b->L->order || !narrow_of(b, w, op, off) || !narrow_plain(b, st)) return 0;
    const unsigned n = op->p[1];
    /* the rules take the two accesses at once where they take the load */
    bool taken = b->shadow && b->rules_on && !b->memo_mode && sim_rules_rmw(b, w, off, n, pc);
    ld_narrow(b, w, op, pc, off, !taken);
    uint32_t *D = w->r32 + (size_t)add->s[0] * 32;
    const uint32_t *A = w->r32 + (size_t)add->s[1] * 32, *B = w->r32 + (size_t)add->s[2] * 32;
    if (add->x == X_ADD16)
        for (int l = 0; l < 32; l++) D[l] = (A[l] + B[l]) & 0xffffu;
    else
        for (int l = 0; l < 32; l++) D[l] = A[l] + B[l];
    w->minst++;
    if (b->shadow && !taken) sim_shadow_writes(b, w, SIM_FULL, off, n, pc + 2);
    uint8_t *sh = b->shared;
    if (n == 2) {
        for (int l = 0; l < 32; l++) {
            uint16_t h = (uint16_t)D[l];
            memcpy(sh + off[l], &h, 2);
        }
    } else {
        for (int l = 0; l < 32; l++) sh[off[l]] = (uint8_t)D[l];
    }
    b->cnt.shared_store_requests++;
    sim_ops_counted(b, w, 2, SIM_FULL);
    return 3;
}

/* ld: every access but an X_LDS that sim_exec_lds takes on a short path
 * (out of line, so that this frame, the access's 1.3 KB, is not set up for
 * those). */
SIM_HOT void sim_exec_ld(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    unsigned n = op->p[1], count = op->p[2], total = n * count;
    access a;
    if (m == SIM_FULL && n <= 2 && narrow_of(b, w, op, a.soff)) {
        ld_narrow(b, w, op, pc, a.soff, true);
        return;
    }
    if (m == SIM_FULL && n <= 2 && narrow_one(b, w, op, &a.soff[0])) {
        ld_narrow_one(b, w, op, pc, a.soff[0]);
        return;
    }
    w->minst++;
    map_access(b, w, pc, m, false, &a);
    if (a.shared && b->shadow) shadow_reads(b, w, pc, m, &a, total);
    if (b->L->xr) cross_read(b, w, op, pc, &a, false);
    if (b->sync && op->aux2) sync_lanes(b, w, op, m, &a, false);
    const bool fast = shortcuts(b); /* the reference mode: each lane's element by itself (load_lanes) */
    if (fast && a.uniform && a.ok == m) { /* a parameter, a broadcast (one shared word too): read once */
        int first = __builtin_ctz(m);
        fill_hosts(&a);
        load_lanes(b, w, pc, 1u << first, &a);
        for (unsigned e = 0; e < count; e++) { /* (a full warp's: a fill, no read of the row the lane's
                                                     store just wrote, which would wait for it) */
            if (op->s[e] == SIM_NOSLOT) continue;
            if (op->p[3] & SIM_MF_DST64) {
                uint64_t *row = w->r64 + (size_t)op->s[e] * 32, v = row[first];
                if (m == SIM_FULL) for (int l = 0; l < 32; l++) row[l] = v;
                else for (int l = 0; l < 32; l++) row[l] = (m >> l & 1u) ? v : row[l];
            } else {
                uint32_t *row = w->r32 + (size_t)op->s[e] * 32, v = row[first];
                if (m == SIM_FULL) for (int l = 0; l < 32; l++) row[l] = v;
                else for (int l = 0; l < 32; l++) row[l] = (m >> l & 1u) ? v : row[l];
            }
        }
    } else if (fast && a.contig && !a.shared && (prefetch_next(w, pc, &a, 0, total), load_contig(w, op, &a))) {
    } else if (fast && a.contig && load_contig(w, op, &a)) {
    } else if (fast && a.lazy && a.run && a.ok == m && n == 4 && count == 1 && op->s[0] != SIM_NOSLOT &&
               !(op->p[3] & (SIM_MF_SIGNED | SIM_MF_DST64 | SIM_MF_DST16))) {
        /* a run of lanes' consecutive 32-bit elements in one place (a guarded
           tail, `if (tid < s)`): one copy; only the first lane's host pointer */
        int f = __builtin_ctz(m);
        a.host[f] = a.base + (uintptr_t)a.addr[f];
        if (a.region) prefetch_next(w, pc, &a, f, total);
        copy_run(w->r32 + (size_t)op->s[0] * 32 + f, (const void *)a.host[f], (unsigned)__builtin_popcount(m));
    } else if (fast && a.lazy && a.strided && a.ok == SIM_FULL && n == 4 &&
               !(op->p[3] & (SIM_MF_SIGNED | SIM_MF_DST64 | SIM_MF_DST16))) {
        /* a full warp at one stride (a tile's column): no host pointers */
        if (a.region) prefetch_next(w, pc, &a, 0, total);
        for (unsigned e = 0; e < count; e++)
            if (op->s[e] != SIM_NOSLOT)
                gather_col(w->r32 + (size_t)op->s[e] * 32, (const uint8_t *)a.host[0] + 4 * e,
                           (ptrdiff_t)(int64_t)(a.addr[1] - a.addr[0]));
    } else {
        fill_hosts(&a);
        /* a partial warp's global load (a guarded tail, a row's live columns):
           the next such load of this warp slot, from the first lane's stride */
        if (a.region && a.ok == m && m) prefetch_next(w, pc, &a, __builtin_ctz(m), total);
        if (fast && a.ok == m && n == 4 && !(op->p[3] & (SIM_MF_SIGNED | SIM_MF_DST64 | SIM_MF_DST16))) {
            int f = __builtin_ctz(m);
            if (a.run && count == 1 && op->s[0] != SIM_NOSLOT && run_window(b, &a, m))
                blend_run(w->r32 + (size_t)op->s[0] * 32, (const uint32_t *)(a.host[f] - 4 * (unsigned)f), m);
            else
                load32(w, op, m, a.host, count);
        } else if (fast && a.ok == m && n <= 2 && count == 1 && op->s[0] != SIM_NOSLOT && !(op->p[3] & SIM_MF_DST64)) {
            load_narrow(w, op, m, a.host);
        } else {
            load_lanes(b, w, pc, m, &a);
        }
    }
    /* (one address for every lane, a broadcast: a run's count, of one element) */
    if (op->p[0] == SIM_MS_GLOBAL) count_sectors(b, a.addr, m, total, false, a.run || a.uniform, a.strided);
    else if (is_shared(op)) count_banks(b, a.addr, m, total, false, a.contig, a.strided, a.lo, a.hi);
}

/* words_of: a plain 32-bit shared ld (shared_plain) by a full warp whose
 * every lane's word lies aligned inside shared memory (the general path adds
 * the offset to each base as a 64-bit number): soff[l] is lane l's byte
 * offset. False for any other access, which the general path maps and
 * reports. */
static HOT_INLINE bool words_of(const sim_block *b, const sim_warp *w, const sim_op *op, uint32_t *soff)
{
    const uint32_t *b32 = w->r32 + (size_t)op->s[4] * 32;
    const uint64_t imm = (uint64_t)op->imm, last = (uint64_t)b->shared_size - 4;
    if (b->shared_size >= 4 && imm <= last) {
        /* the common offset (none or a tile's column): 32-bit lanes, eight a
           vector; base + imm cannot wrap where base <= last - imm */
        const uint32_t top = (uint32_t)(last - imm), k = (uint32_t)imm;
        uint32_t out = 0, low = 0;
        for (int l = 0; l < 32; l++) {
            out |= (uint32_t)(b32[l] > top);
            soff[l] = b32[l] + k;
            low |= soff[l];
        }
        return !out && !(low & 3);
    }
    uint64_t bad = b->shared_size < 4;
    for (int l = 0; l < 32; l++) {
        uint64_t o = (uint64_t)b32[l] + imm;
        bad |= (o & 3) | (uint64_t)(o > last);
        soff[l] = (uint32_t)o;
    }
    return !bad;
}

/* The extra wavefronts of a full warp's 4-byte words at byte offsets soff
 * (one phase) when no bank holds more than two distinct words (two
 * half-warps' rows of a halo tile, 20 words apart; a stencil's neighbours):
 * 1 when one holds two, else 0, as count_banks counts them; SIM_NONE when a
 * bank holds three or more (count_banks' set). */
static HOT_INLINE uint32_t banks_two(const uint32_t *soff)
{
    uint32_t used = 0, two = 0, first[32], second[32];
    for (int l = 0; l < 32; l++) {
        uint32_t word = soff[l] >> 2, k = word & 31;
        if (!(used >> k & 1u)) {
            used |= 1u << k;
            first[k] = word;
        } else if (first[k] != word) {
            if (!(two >> k & 1u)) {
                two |= 1u << k;
                second[k] = word;
            } else if (second[k] != word) {
                return SIM_NONE;
            }
        }
    }
    return two != 0;
}

/* The extra wavefronts of a full warp's 4-byte words at byte offsets soff
 * when its half-warps are each a run of 16 consecutive words (a halo
 * tile's two rows, `tile[ty + i][tx + j]`) and the words span 32 or more:
 * the halves' words are then distinct, each bank holds one of each half at
 * most, and two exactly where the halves' banks overlap, which they do
 * unless the halves start 16 banks apart: 1 or 0, as count_banks counts;
 * SIM_NONE for any other warp. */
static HOT_INLINE uint32_t banks_halves(const uint32_t *soff)
{
    uint32_t bad = 0;
    for (int l = 0; l < 16; l++) bad |= (soff[l] - soff[0] - 4u * (uint32_t)l) | (soff[16 + l] - soff[16] - 4u * (uint32_t)l);
    if (bad) return SIM_NONE;
    return (((soff[16] - soff[0]) >> 2) & 31) != 16;
}

/* The lowest and highest of a full warp's offsets. */
static HOT_INLINE void words_span(const uint32_t *soff, uint32_t *lo, uint32_t *hi)
{
    uint32_t a = UINT32_MAX, z = 0;
    for (int l = 0; l < 32; l++) {
        a = soff[l] < a ? soff[l] : a;
        z = soff[l] > z ? soff[l] : z;
    }
    *lo = a;
    *hi = z;
}

/* The shadow's reads of a full warp's words: logged when they can report
 * nothing (sim_shadow_defer_reads), else now. */
static HOT_INLINE void shadow_reads_full(sim_block *b, sim_warp *w, const uint32_t *soff, uint32_t pc)
{
    if (!sim_shadow_defer_reads(b, w, soff, pc)) sim_shadow_reads(b, w, SIM_FULL, soff, 4, pc);
}

/* The extra wavefronts of a full warp's 4-byte words at byte offsets soff,
 * each inside shared memory (one phase), as count_banks' set counts them:
 * the most distinct words one bank holds, less one. A word's first lane
 * adds one to its bank, a word told from one seen by the block's table of
 * a stamp a word (this count's stamp: seen before in this phase). No
 * branch on the lanes and no chain through memory but a repeated word's
 * or bank's (blockSorts' keys scattered to their ranks: the sort 1.04 to
 * 0.92 s, against banks_two, which mispredicted there, then count_banks'
 * bit set). */
static HOT_INLINE uint32_t banks_stamped(sim_block *b, const uint32_t *soff)
{
    uint32_t st = ++b->bank_stamp;
    if (__builtin_expect(!b->bank_seen || !st, 0)) { /* (its first count, or the stamps wrapped) */
        free(b->bank_seen);
        b->bank_seen = cl_calloc((size_t)b->shared_size / 4 + 1, sizeof *b->bank_seen);
        st = b->bank_stamp = 1;
    }
    uint32_t *seen = b->bank_seen;
    uint8_t nw[32] = { 0 };
    for (int l = 0; l < 32; l++) {
        uint32_t x = soff[l] >> 2, fresh = seen[x] != st;
        seen[x] = st;
        nw[x & 31] += (uint8_t)fresh;
    }
    uint8_t worst = 1;
    for (int k = 0; k < 32; k++) worst = nw[k] > worst ? nw[k] : worst;
    return worst - 1u;
}

/* The bank count of a full warp's 4-byte shared load or store from its 32
 * offsets, each inside shared memory (lo and hi their lowest and highest):
 * a load's banks_two's where it has one (a stencil's neighbours, a halo
 * tile's rows: its branches then predictable), else banks_stamped's (a
 * store's at once: keys scattered to their ranks, which banks_two's
 * branches mispredict and then leave); in the reference mode count_banks'
 * on them. */
static HOT_INLINE void banks_of_offsets(sim_block *b, const uint32_t *soff, uint32_t lo, uint32_t hi, bool store)
{
    uint32_t two = store || !shortcuts(b) ? SIM_NONE : banks_two(soff);
    if (two != SIM_NONE) {
        b->cnt.bank_conflicts += two;
        b->cnt.shared_load_requests++;
        return;
    }
    if (shortcuts(b)) {
        b->cnt.bank_conflicts += banks_stamped(b, soff);
        if (store) b->cnt.shared_store_requests++;
        else b->cnt.shared_load_requests++;
        return;
    }
    uint64_t addr[32];
    for (int l = 0; l < 32; l++) addr[l] = soff[l];
    count_banks(b, addr, SIM_FULL, 4, store, false, false, lo, hi);
}

/* The bank count of a full warp's words at words_of's offsets: none where
 * they lie within 32 words of each other (distinct words, distinct banks),
 * banks_halves' for two runs of 16, else banks_of_offsets'. */
static HOT_INLINE void banks_of_words(sim_block *b, const uint32_t *soff, bool store)
{
    uint32_t lo, hi;
    words_span(soff, &lo, &hi);
    uint32_t extra = (hi >> 2) - (lo >> 2) < 32 ? 0 : shortcuts(b) ? banks_halves(soff) : SIM_NONE;
    if (extra == SIM_NONE) {
        banks_of_offsets(b, soff, lo, hi, store);
        return;
    }
    b->cnt.bank_conflicts += extra;
    if (store) b->cnt.shared_store_requests++;
    else b->cnt.shared_load_requests++;
}

/* A full warp's X_LDS on words_of's words (a tile's row read by half-warps,
 * `Bs[k][tx]` in a 16-wide tile; a broadcast a half-warp, `As[ty][k]`): the
 * shadow's reads, a gather, and the bank count (none when the words lie
 * within 32 of each other: distinct words, distinct banks), as the general
 * path makes them without its mapping. */
static HOT_INLINE void lds_words(sim_block *b, sim_warp *w, const sim_op *op, uint32_t pc, const uint32_t *soff)
{
    w->minst++;
    if (b->shadow) shadow_reads_full(b, w, soff, pc);
    uint32_t *row = w->r32 + (size_t)op->s[0] * 32;
    const uint8_t *sh = b->shared;
    for (int l = 0; l < 32; l += 4) { /* four independent loads a step */
        memcpy(&row[l], sh + soff[l], 4);
        memcpy(&row[l + 1], sh + soff[l + 1], 4);
        memcpy(&row[l + 2], sh + soff[l + 2], 4);
        memcpy(&row[l + 3], sh + soff[l + 3], 4);
    }
    banks_of_words(b, soff, false);
}

/* The lanes m's read of one shared word at byte offset off (aligned, in
 * shared memory), a broadcast read once, as sim_exec_ld's. */
static HOT_INLINE void lds_one(sim_block *b, sim_warp *w, const sim_op *op, uint32_t pc, uint32_t m, uint32_t off)
{
    w->minst++;
    if (b->shadow && m == SIM_FULL) { /* (the log's halves: both on the word) */
        const uint32_t from[2] = { off, off }, step[2] = { 0, 0 };
        if (!shadow_log_halves(b, w, from, step, pc)) sim_shadow_reads_one(b, w, m, off, 4, pc);
    } else if (b->shadow) {
        sim_shadow_reads_one(b, w, m, off, 4, pc);
    }
    uint32_t v, *row = w->r32 + (size_t)op->s[0] * 32;
    memcpy(&v, b->shared + off, 4);
    for (int l = 0; l < 32; l++) row[l] = (m >> l & 1u) ? v : row[l];
    b->cnt.shared_load_requests++;
}

/* The shapes a single X_LDS or X_STS and a run of them (sim_exec_lds_run,
 * sim_exec_sts_run) share: the lanes m (a run: the full warp) on the
 * consecutive words from off, or the full warp on a column of stride d
 * bytes from off, every word aligned inside shared memory. Each is one
 * access: the warp's memory step, the shadow's record where `shadow` (a
 * run's accesses the rules took have none), the data, the counts. */

/* A load of the words from off into row: the read log's halves, 64 bytes
 * apart, where the full warp reads; else the shadow's run of reads. */
static HOT_INLINE void lds_run_words(sim_block *b, sim_warp *w, uint32_t *row, uint32_t m, uint32_t off, uint32_t pc,
                                     bool shadow)
{
    w->minst++;
    if (shadow && m == SIM_FULL) {
        const uint32_t from[2] = { off, off + 64 }, step[2] = { 4, 4 };
        if (!shadow_log_halves(b, w, from, step, pc)) shadow_reads_run(b, w, m, off, pc);
    } else if (shadow) {
        shadow_reads_run(b, w, m, off, pc);
    }
    copy_run(row + __builtin_ctz(m), b->shared + off, (unsigned)__builtin_popcount(m));
    b->cnt.shared_load_requests++;
}

/* A full warp's load of a column into row: the read log's halves, 16
 * strides apart, else the shadow's reads at the lanes' offsets; a stride
 * of s words is a gcd(s, 32)-way conflict, as the general path counts it. */
static HOT_INLINE void lds_col_words(sim_block *b, sim_warp *w, uint32_t *row, uint32_t off, uint32_t d, uint32_t pc,
                                     bool shadow)
{
    w->minst++;
    const uint32_t from[2] = { off, off + 16 * d }, step[2] = { d, d };
    if (shadow && !shadow_log_halves(b, w, from, step, pc)) {
        uint32_t soff[32];
        for (int l = 0; l < 32; l++) soff[l] = off + (uint32_t)l * d;
        sim_shadow_reads(b, w, SIM_FULL, soff, 4, pc);
    }
    gather_col(row, b->shared + off, (ptrdiff_t)(int32_t)d);
    b->cnt.bank_conflicts += stride_conflicts((d >> 31 ? 0u - d : d) / 4);
    b->cnt.shared_load_requests++;
}

/* A store of row's lanes m to the words from off: the shadow's run of
 * writes, before the data. */
static HOT_INLINE void sts_run_words(sim_block *b, sim_warp *w, const uint32_t *row, uint32_t m, uint32_t off,
                                     uint32_t pc, bool shadow)
{
    w->minst++;
    if (shadow) shadow_writes_run(b, w, m, off, pc);
    copy_run(b->shared + off, row + __builtin_ctz(m), (unsigned)__builtin_popcount(m));
    b->cnt.shared_store_requests++;
}

/* A full warp's store of row to a column: the order's note, the shadow's
 * writes, then the data (distinct words: any order) and the count. */
static HOT_INLINE void sts_col_words(sim_block *b, sim_warp *w, const uint32_t *row, uint32_t off, uint32_t d,
                                     uint32_t pc, bool shadow)
{
    w->minst++;
    if (b->L->order) sim_order_write(b, w, pc, SIM_FULL);
    if (shadow) {
        uint32_t soff[32];
        for (int l = 0; l < 32; l++) soff[l] = off + (uint32_t)l * d;
        sim_shadow_writes(b, w, SIM_FULL, soff, 4, pc);
    }
    scatter_col(b->shared + off, row, (ptrdiff_t)(int32_t)d);
    b->cnt.bank_conflicts += stride_conflicts((d >> 31 ? 0u - d : d) / 4);
    b->cnt.shared_store_requests++;
}

/* X_LDS: the shared-run, one-word and words paths, else the general one,
 * called last (a jump: this frame is gone by then). A full warp on none of
 * the first two that is not a run of half-warps (a tile's column) is sent
 * to sim_exec_lds_col by the hot loop itself. */
SIM_HOT void sim_exec_lds(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    uint32_t off, soff[32];
    if (!shared_plain(b, op, SIM_MF_DST64 | SIM_MF_DST16)) {
        sim_exec_ld(b, w, pc, m);
    } else if (run_of(b, w, op, m, &off)) {
        lds_run_words(b, w, w->r32 + (size_t)op->s[0] * 32, m, off, pc, b->shadow != NULL);
    } else if (shared_one(b, w, op, m, &off)) {
        lds_one(b, w, op, pc, m, off);
    } else if (m == SIM_FULL && words_of(b, w, op, soff)) {
        lds_words(b, w, op, pc, soff);
    } else {
        sim_exec_ld(b, w, pc, m);
    }
}

/* X_LDS1: one shared word at a fixed address (no base register: a block's
 * slot, `slots[3]`, read by every lane), lds_one's when the word lies
 * aligned in shared memory and the block is not in sync mode, else the
 * general path's. */
SIM_HOT void sim_exec_lds1(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    uint32_t off = b->sync ? SIM_NONE : shared_word(b, op, 0, 1);
    if (off == SIM_NONE) sim_exec_ld(b, w, pc, m);
    else lds_one(b, w, op, pc, m, off);
}

/* A half-warp's 16 words from base f (a step of st bytes: 0 or 4) at the
 * offset imm: *o its first byte offset, when they lie aligned inside
 * shared memory (base and offset added as 64-bit numbers, as the general
 * path adds them). */
static HOT_INLINE bool half_at(const sim_block *b, uint32_t f, uint32_t st, int64_t imm, uint32_t *o)
{
    uint64_t lo = (uint64_t)f + (uint64_t)imm;
    if ((lo & 3) || lo > b->shared_size || b->shared_size - lo < 15 * (uint64_t)st + 4) return false;
    *o = (uint32_t)lo;
    return true;
}

/* Whether half_at holds at every offset from lo to hi (lo <= hi, the same
 * modulo 4): at both ends, in one test (a sum at lo that wrapped past
 * 2^64 lies above the one at hi). */
static HOT_INLINE bool half_span(const sim_block *b, uint32_t f, uint32_t st, int64_t lo, int64_t hi)
{
    uint64_t a = (uint64_t)f + (uint64_t)lo, z = (uint64_t)f + (uint64_t)hi, size = b->shared_size;
    return !(a & 3) && a <= z && z <= size && size - z >= 15 * (uint64_t)st + 4;
}

/* halves_lds_of: a plain 32-bit shared ld (shared_plain) by a full warp
 * whose half-warps are each a run of 16 consecutive words or one word (a
 * 16-wide tile's row read by both halves, `Bs[k][tx]`; a word a half,
 * `As[ty][k]`), every lane's word aligned inside shared memory: o[h] is
 * half h's first byte offset, d[h] its step (4 or 0). Lane l's base must be
 * its half's first + l d as a 32-bit number that does not wrap (the
 * general path adds the offset to each base as a 64-bit number). False,
 * with nothing done, for any other access. */
static HOT_INLINE bool halves_lds_of(const sim_block *b, const sim_warp *w, const sim_op *op, uint32_t *o,
                                     uint32_t *d)
{
    const uint32_t *b32 = w->r32 + (size_t)op->s[4] * 32;
    const v8u ramp = { 0, 4, 8, 12, 16, 20, 24, 28 }, zero = { 0 };
    v8u differ = zero;
    uint32_t f0 = b32[0], s0 = b32[1] - f0, f1 = b32[16], s1 = b32[17] - f1;
    if (((s0 | s1) & ~4u) || f0 > UINT32_MAX - 60 || f1 > UINT32_MAX - 60) return false;
    for (int h = 0; h < 2; h++) {
        uint32_t f = h ? f1 : f0, st = h ? s1 : s0; /* (a step of 0 or 4: the ramp or nothing) */
        if (!half_at(b, f, st, op->imm, &o[h])) return false;
        d[h] = st;
        v8u at = (ramp & (zero - (st >> 2))) + f, x;
        for (int k = 2 * h; k < 2 * h + 2; k++, at += 2 * st * 4) {
            ld8(&x, b32, k);
            differ |= x ^ at;
        }
    }
    return !hor8(&differ);
}

/* lds_halves' shadow reads where the log does not take them, and its bank
 * count where the halves' starts do not give it, from the 32 offsets (out
 * of line: the halves' path keeps a small frame). */
static SIM_HOT __attribute__((noinline)) void halves_reads(sim_block *b, sim_warp *w, uint32_t pc,
                                                           const uint32_t *o, const uint32_t *d)
{
    uint32_t soff[32];
    sim_halves_offsets(o, d, soff);
    sim_shadow_reads(b, w, SIM_FULL, soff, 4, pc);
}

static SIM_HOT __attribute__((noinline)) void halves_banks(sim_block *b, const uint32_t *o, const uint32_t *d,
                                                           uint32_t lo, uint32_t hi)
{
    uint32_t soff[32];
    sim_halves_offsets(o, d, soff);
    banks_of_offsets(b, soff, lo, hi, false);
}

/* lds_halves' data: the halves' words into the load's row. */
static HOT_INLINE void halves_copy(const sim_block *b, sim_warp *w, const sim_op *op, const uint32_t *o,
                                   const uint32_t *d)
{
    uint32_t *row = w->r32 + (size_t)op->s[0] * 32;
    for (int h = 0; h < 2; h++) {
        if (d[h]) {
            memcpy(row + 16 * h, b->shared + o[h], 64);
        } else {
            uint32_t v;
            memcpy(&v, b->shared + o[h], 4);
            for (int l = 0; l < 16; l++) row[16 * h + l] = v;
        }
    }
}

/* lds_halves' bank count: none when the words span fewer than 32 (distinct
 * words, distinct banks), one extra wavefront for two runs 32 words or more
 * apart unless they start 16 banks apart, else banks_of_offsets on
 * the offsets (halves_banks). */
static HOT_INLINE void halves_banks_count(sim_block *b, const uint32_t *o, const uint32_t *d)
{
    uint32_t e0 = o[0] + 15 * d[0], e1 = o[1] + 15 * d[1];
    uint32_t lo = o[0] < o[1] ? o[0] : o[1], hi = e0 > e1 ? e0 : e1;
    if ((hi >> 2) - (lo >> 2) < 32) {
        b->cnt.shared_load_requests++;
    } else if (d[0] && d[1]) {
        b->cnt.bank_conflicts += (((o[1] - o[0]) >> 2) & 31) != 16;
        b->cnt.shared_load_requests++;
    } else {
        halves_banks(b, o, d, lo, hi);
    }
}

/* lds_halves' records: the warp's memory step, the shadow's reads and the
 * bank count (nothing in them depends on the load's row). */
static HOT_INLINE void halves_books(sim_block *b, sim_warp *w, uint32_t pc, const uint32_t *o, const uint32_t *d)
{
    w->minst++;
    if (b->shadow && !shadow_log_halves(b, w, o, d, pc)) halves_reads(b, w, pc, o, d);
    halves_banks_count(b, o, d);
}

/* A full warp's X_LDS on halves_lds_of's halves, from the halves' starts
 * and steps alone: the data as two 64-byte copies or broadcasts
 * (halves_copy), the shadow's reads (logged in that form,
 * sim_shadow_defer_halves, else sim_shadow_reads on their offsets) and
 * lds_words' bank count (halves_books). */
static HOT_INLINE void lds_halves(sim_block *b, sim_warp *w, const sim_op *op, uint32_t pc, const uint32_t *o,
                                  const uint32_t *d)
{
    halves_copy(b, w, op, o, d);
    halves_books(b, w, pc, o, d);
}

/* The words path for sim_exec_lds_words, out of line (a clone of its own:
 * the halves' path keeps a small frame): false, with nothing done, for
 * lanes that are not words_of's. */
static SIM_HOT __attribute__((noinline)) bool lds_words_of(sim_block *b, sim_warp *w, const sim_op *op, uint32_t pc)
{
    uint32_t soff[32];
    if (!words_of(b, w, op, soff)) return false;
    lds_words(b, w, op, pc, soff);
    return true;
}

SIM_HOT void sim_exec_lds_words(sim_block *b, sim_warp *w, uint32_t pc)
{
    const sim_op *op = &b->prog->code[pc];
    uint32_t o[2], d[2];
    if (!shared_plain(b, op, SIM_MF_DST64 | SIM_MF_DST16)) sim_exec_lds(b, w, pc, SIM_FULL);
    else if (halves_lds_of(b, w, op, o, d)) lds_halves(b, w, op, pc, o, d);
    else if (!lds_words_of(b, w, op, pc)) sim_exec_lds(b, w, pc, SIM_FULL);
}

#if defined(__x86_64__) && defined(__GNUC__)
#define DOT_AVX2 __attribute__((target("avx2,fma")))

/* A row of the run's fmas in vector registers as exec.c's X_FFMA leaves
 * it: a NaN the canonical NaN. */
static inline __attribute__((always_inline)) DOT_AVX2 void dot_store(uint32_t *row, const __m256 *v)
{
    const __m256 canon = _mm256_castsi256_ps(_mm256_set1_epi32((int)SIM_CANON_NAN32));
    for (int c = 0; c < 4; c++) {
        __m256 nan = _mm256_cmp_ps(v[c], v[c], _CMP_UNORD_Q);
        _mm256_storeu_ps((float *)(void *)(row + 8 * c), _mm256_blendv_ps(v[c], canon, nan));
    }
}

/* One fma of a half-warp's eight-lane pair (*v0, *v1) in vector registers:
 * a from pa (16 words, or one word for all: da 0) and b from pb. */
static inline __attribute__((always_inline)) DOT_AVX2 void dot_half(__m256 *v0, __m256 *v1, const uint8_t *pa,
                                                                     const uint8_t *pb, bool da, bool db)
{
    const float *fa = (const float *)(const void *)pa, *fb = (const float *)(const void *)pb;
    __m256 a0, a1, b0, b1;
    if (da) a0 = _mm256_loadu_ps(fa), a1 = _mm256_loadu_ps(fa + 8);
    else a0 = a1 = _mm256_broadcast_ss(fa);
    if (db) b0 = _mm256_loadu_ps(fb), b1 = _mm256_loadu_ps(fb + 8);
    else b0 = b1 = _mm256_broadcast_ss(fb);
    *v0 = _mm256_fmadd_ps(a0, b0, *v0);
    *v1 = _mm256_fmadd_ps(a1, b1, *v1);
}

/* dot_acc_avx2's loop, half h's a of shape da[h] (rows or words) and its
 * b of shape db[h]: pa[h] and pb[h] half h's first bytes of the a and b
 * loads at offset 0, each load's offset added as a pointer's (dots_one_sum
 * tested every load's words inside shared memory, so the 64-bit sums of
 * the general path are these). In line, so that a caller's constant shapes
 * leave no test in the loop. The four sums as four variables, loaded whole
 * from the row (an array of them GCC copied through the stack). */
static inline __attribute__((always_inline)) DOT_AVX2 void dot_loop(uint32_t *r32, const sim_dotacc *acc,
                                                                     const uint8_t *const pa[2],
                                                                     const uint8_t *const pb[2], const bool da[2],
                                                                     const bool db[2])
{
    const float *init = (const float *)(const void *)(r32 + (size_t)acc->init * 32);
    __m256 v0 = _mm256_loadu_ps(init), v1 = _mm256_loadu_ps(init + 8), v2 = _mm256_loadu_ps(init + 16),
           v3 = _mm256_loadu_ps(init + 24);
    const uint8_t *a0 = pa[0], *a1 = pa[1], *b0 = pb[0], *b1 = pb[1];
    const bool da0 = da[0], da1 = da[1], db0 = db[0], db1 = db[1];
    const int64_t *imm = acc->imm;
    for (uint32_t j = 0; j < acc->nfma; j++, imm += 2) {
        const ptrdiff_t ia = (ptrdiff_t)imm[0], ib = (ptrdiff_t)imm[1];
        dot_half(&v0, &v1, a0 + ia, b0 + ib, da0, db0);
        dot_half(&v2, &v3, a1 + ia, b1 + ib, da1, db1);
        if (acc->out[j] != SIM_NOSLOT) {
            const __m256 v[4] = { v0, v1, v2, v3 };
            dot_store(r32 + (size_t)acc->out[j] * 32, v);
        }
    }
}

/* A sim_dotacc's running sum through its fmas, the warp's 32 lanes in four
 * vector registers: each fma's a and b read from shared memory where their
 * loads read them (half h's a from f[0][h] plus the a load's offset, its b
 * from f[1][h] plus the b load's; each a half-warp's row of words or one
 * word: d[k][h] 4 or 0), the fma with one rounding, and the sum stored
 * where the fma's d is a row the run leaves it in. A NaN stays a NaN
 * through an fma, so the sum is made the canonical NaN only where it is
 * stored, as X_FFMA makes each fma's. The loop is made for each shape of
 * a and b (dot_loop: the shape's tests out of it); halves of two shapes
 * take the general one. */
static DOT_AVX2 void dot_acc_avx2(uint32_t *r32, const sim_dotacc *acc, const uint8_t *sh, const uint32_t f[2][2],
                                  const uint32_t d[2][2])
{
    const uint8_t *const pa[2] = { sh + f[0][0], sh + f[0][1] }, *const pb[2] = { sh + f[1][0], sh + f[1][1] };
    static const bool no[2] = { false, false }, yes[2] = { true, true };
    if (d[0][0] == d[0][1] && d[1][0] == d[1][1]) {
        switch ((d[0][0] ? 2 : 0) | (d[1][0] ? 1 : 0)) {
        case 0: dot_loop(r32, acc, pa, pb, no, no); return;
        case 1: dot_loop(r32, acc, pa, pb, no, yes); return; /* a tile's As[ty][k] * Bs[k][tx] */
        case 2: dot_loop(r32, acc, pa, pb, yes, no); return;
        default: dot_loop(r32, acc, pa, pb, yes, yes); return;
        }
    }
    const bool da[2] = { d[0][0] != 0, d[0][1] != 0 }, db[2] = { d[1][0] != 0, d[1][1] != 0 };
    dot_loop(r32, acc, pa, pb, da, db); /* (halves of two shapes: the tests in the loop) */
}

/* sim_exec_dots for a run of one sum (acc) on a host with AVX2 and FMA:
 * each base's rows tested once (halves_lds_of on its first load, which no
 * base of one row or one word passes: those go the general way), every
 * load's words inside shared memory from its base's least and greatest
 * offset; then the loads' records in order (in line where the read log
 * takes them all), the sum through the fmas (dot_acc_avx2), and each row
 * the run leaves a load's copied from its last load. Returns n, 0 as
 * sim_exec_dots does, or SIM_NONE where the general way must take it.
 * Cloned for x86-64-v3 as its caller is (the default clone's SSE2 tests
 * cost matmulTiled 3 percent). */
static SIM_HOT uint32_t dots_one_sum(sim_block *b, sim_warp *w, uint32_t pc, const sim_dotacc *acc, uint32_t n)
{
    const sim_op *op = &b->prog->code[pc];
    uint32_t f[SIM_DOT_BASES][2], d[SIM_DOT_BASES][2], o[2];
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) return SIM_NONE;
    for (unsigned k = 0; k < acc->nbase; k++) {
        const sim_op *t = &op[acc->first[k]];
        const uint32_t *r = w->r32 + (size_t)t->s[4] * 32;
        if (sim_lds_whole(r)) return SIM_NONE;
        if (!halves_lds_of(b, w, t, o, d[k])) return 0;
        f[k][0] = r[0];
        f[k][1] = r[16];
        if (!half_span(b, f[k][0], d[k][0], acc->lo[k], acc->hi[k]) ||
            !half_span(b, f[k][1], d[k][1], acc->lo[k], acc->hi[k]))
            return 0;
    }
    /* the epoch's first run opens the read log here, as its first load's
       deferred read would, so that it too is one entry (else each load's) */
    if (b->shadow && !b->memo_mode && !b->rules_on && b->clean_epoch != b->epoch) sim_shadow_log_open(b);
    if (b->shadow && acc->nbase <= SIM_RLOG_DOT_BASES && shadow_log_room(b, 1)) {
        /* one entry for the run; the bank count each load of a base makes,
           which a shift of all its words by whole words leaves as it is */
        shadow_log_dots(b, w, f, d, acc->nbase, pc);
        w->minst += acc->nload;
        for (unsigned k = 0; k < acc->nbase; k++) {
            uint64_t r = b->cnt.shared_load_requests, c = b->cnt.bank_conflicts;
            sim_halves_at(f[k], acc->lo[k], o);
            halves_banks_count(b, o, d[k]);
            b->cnt.shared_load_requests += (b->cnt.shared_load_requests - r) * (acc->nof[k] - 1u);
            b->cnt.bank_conflicts += (b->cnt.bank_conflicts - c) * (acc->nof[k] - 1u);
        }
    } else {
        for (uint32_t i = 0; i < acc->nload; i++) {
            const sim_op *t = &op[acc->load[i]];
            const unsigned k = acc->kof[acc->load[i]];
            sim_halves_at(f[k], t->imm, o);
            halves_books(b, w, pc + acc->load[i], o, d[k]);
        }
    }
    const uint32_t fab[2][2] = { { f[acc->k[0]][0], f[acc->k[0]][1] }, { f[acc->k[1]][0], f[acc->k[1]][1] } },
                   dab[2][2] = { { d[acc->k[0]][0], d[acc->k[0]][1] }, { d[acc->k[1]][0], d[acc->k[1]][1] } };
    dot_acc_avx2(w->r32, acc, b->shared, fab, dab);
    for (uint32_t r = 0; r < acc->nlast; r++) {
        const sim_op *t = &op[acc->last[r]];
        const unsigned k = acc->kof[acc->last[r]];
        sim_halves_at(f[k], t->imm, o);
        halves_copy(b, w, t, o, d[k]);
    }
    sim_ops_counted(b, w, n - 1, SIM_FULL);
    return n;
}
#endif

/* exec.c's X_FFMA (xops.def's fmaf) for a full warp. */
static HOT_INLINE void ffma_row(sim_warp *w, const sim_op *t)
{
    const uint32_t *A = w->r32 + (size_t)t->s[1] * 32, *B = w->r32 + (size_t)t->s[2] * 32,
                   *C = w->r32 + (size_t)t->s[3] * 32;
    uint32_t *D = w->r32 + (size_t)t->s[0] * 32;
    for (int l = 0; l < 32; l++) D[l] = sim_canon32(fmaf(sim_u2f(A[l]), sim_u2f(B[l]), sim_u2f(C[l])));
}

/* X_DOTS (lower.c's sim_fuse_dots): the run of n shared loads and
 * fma.rn.f32s from pc (a tile's dot products, unrolled), its loads' bases
 * rows that no op of the run writes. For a full warp whose base rows are
 * all halves_lds_of's (each tested once) and every load's words inside
 * shared memory, each op in order: a load as the hot loop's X_LDS takes it
 * (lds_halves, or sim_exec_lds where the base is one row or one word: its
 * row, the shadow's reads, the counters), an fma as exec.c's X_FFMA,
 * without each op's dispatch and each load's halves test. Returns n, with
 * the counts of all ops but the first made; or 0, with nothing done, where
 * the run cannot be taken whole (another group waits inside it: room; a
 * base that is not halves, a load outside shared memory), and the first
 * load runs as X_LDS. */
SIM_HOT uint32_t sim_exec_dots(sim_block *b, sim_warp *w, uint32_t pc, uint32_t room)
{
    const sim_op *op = &b->prog->code[pc];
    if (!shared_plain(b, op, SIM_MF_DST64 | SIM_MF_DST16)) return 0; /* (the run's loads share its flags) */
    struct {
        uint16_t row;
        bool whole;   /* the hot loop's X_LDS takes it as one row or one word: sim_exec_lds */
        uint32_t f[2], d[2];
    } base[SIM_DOT_BASES];
    unsigned nb = 0, at[SIM_DOT_OPS]; /* each load's base */
    const sim_op *fma = sim_dots_fma(op);
    uint32_t n = fma->aux, o[2];
    if (room < n || n > SIM_DOT_OPS) return 0;
#if defined(__x86_64__) && defined(__GNUC__)
    if (fma->aux2) {
        uint32_t r = dots_one_sum(b, w, pc, sim_dotacc_of(b->prog, fma), n);
        if (r != SIM_NONE) return r;
    }
#endif
    for (uint32_t i = 0; i < n; i++) {
        const sim_op *t = &op[i];
        if (t->x == X_FFMA) continue;
        unsigned k = 0;
        while (k < nb && base[k].row != t->s[4]) k++;
        if (k == nb) {
            const uint32_t *r = w->r32 + (size_t)t->s[4] * 32;
            if (!halves_lds_of(b, w, t, o, base[k].d)) return 0;
            base[k].row = t->s[4];
            base[k].f[0] = r[0];
            base[k].f[1] = r[16];
            base[k].whole = sim_lds_whole(r);
            nb++;
        } else if (!half_at(b, base[k].f[0], base[k].d[0], t->imm, &o[0]) ||
                   !half_at(b, base[k].f[1], base[k].d[1], t->imm, &o[1])) {
            return 0;
        }
        at[i] = k;
    }
    for (uint32_t i = 0; i < n; i++) {
        const sim_op *t = &op[i];
        if (t->x == X_FFMA) {
            ffma_row(w, t);
            continue;
        }
        const unsigned k = at[i];
        if (base[k].whole) {
            sim_exec_lds(b, w, pc + i, SIM_FULL);
            continue;
        }
        sim_halves_at(base[k].f, t->imm, o);
        lds_halves(b, w, t, pc + i, o, base[k].d);
    }
    sim_ops_counted(b, w, n - 1, SIM_FULL);
    return n;
}

/* col_of: a plain 32-bit shared ld (shared_plain) by a full warp at one
 * stride of whole words, d bytes, up (a tile's column, `tile[tx][ty]`) or
 * down (a block's slots read in reverse, `tile[valid - 1 - t]`), every
 * lane's word inside shared memory: *off is lane 0's byte offset. Lane l's
 * base must be lane 0's + l d as a 32-bit number that does not wrap (the
 * general path adds the offset to each base as a 64-bit number). False,
 * with nothing done, for any other access. col_steps tests the base row
 * b32 (the lanes' stride), col_at the offset (the bounds). */
static HOT_INLINE bool col_steps(const uint32_t *b32)
{
    uint32_t first = b32[0], s = b32[1] - first, down = s >> 31, mag = down ? 0u - s : s;
    /* the lowest base, lane 0's or lane 31's, must not wrap either way */
    return s && !(s & 3) && mag <= (down ? first : UINT32_MAX - first) / 31 && row_steps(b32, first, s);
}

/* col_of's offset for col_steps' base row b32 and the offset imm: *off
 * lane 0's, *d the stride, when every lane's word lies aligned inside
 * shared memory. */
static HOT_INLINE bool col_at(const sim_block *b, const uint32_t *b32, int64_t imm, uint32_t *off, uint32_t *d)
{
    uint32_t first = b32[0], s = b32[1] - first, down = s >> 31, mag = down ? 0u - s : s;
    uint64_t lo = (uint64_t)(down ? first - 31 * mag : first) + (uint64_t)imm;
    if ((lo & 3) || lo > b->shared_size || b->shared_size - lo < 31 * (uint64_t)mag + 4) return false;
    *off = (uint32_t)(down ? lo + 31 * (uint64_t)mag : lo);
    *d = s;
    return true;
}

static HOT_INLINE bool col_of(const sim_block *b, const sim_warp *w, const sim_op *op, uint32_t *off, uint32_t *d)
{
    const uint32_t *b32 = w->r32 + (size_t)op->s[4] * 32;
    return col_steps(b32) && col_at(b, b32, op->imm, off, d);
}

/* X_LDS by a full warp on neither a run nor one word (the hot loop's test):
 * a column (col_of) as sim_exec_ld would take it, with its addresses made
 * from the stride: the shadow's reads, a gather, and a stride of s words'
 * gcd(s, 32)-way bank conflict (count_banks; a stride of one word down is
 * none, as there); else the general path. */
SIM_HOT void sim_exec_lds_col(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    uint32_t off, d, soff[32];
    if (m != SIM_FULL || !shared_plain(b, op, SIM_MF_DST64 | SIM_MF_DST16)) {
        sim_exec_ld(b, w, pc, m);
        return;
    }
    if (!col_of(b, w, op, &off, &d)) {
        if (words_of(b, w, op, soff)) lds_words(b, w, op, pc, soff);
        else sim_exec_ld(b, w, pc, m);
        return;
    }
    lds_col_words(b, w, w->r32 + (size_t)op->s[0] * 32, off, d, pc, b->shadow != NULL);
}

/* Whether ld.param op's element lies inside the launch's parameters. */
static HOT_INLINE bool param_inside(const sim_block *b, const sim_op *op)
{
    return (uint64_t)op->imm + op->p[1] <= b->L->param_size;
}

/* ld.param of one element at a fixed offset inside the parameters: one
 * value for the lanes m, as sim_exec_ld's broadcast gives it. */
static HOT_INLINE void load_param(sim_block *b, sim_warp *w, const sim_op *op, uint32_t m)
{
    w->minst++;
    /* the value put_value would give a lane, made once, then every lane's */
    uint64_t v = loaded_value(op, b->L->params + op->imm);
    if (op->p[3] & SIM_MF_DST64) {
        uint64_t *row = w->r64 + (size_t)op->s[0] * 32;
        if (m == SIM_FULL) for (int l = 0; l < 32; l++) row[l] = v;
        else for (int l = 0; l < 32; l++) row[l] = (m >> l & 1u) ? v : row[l];
    } else {
        uint32_t *row = w->r32 + (size_t)op->s[0] * 32, v32 = (uint32_t)v;
        if (m == SIM_FULL) for (int l = 0; l < 32; l++) row[l] = v32;
        else for (int l = 0; l < 32; l++) row[l] = (m >> l & 1u) ? v32 : row[l];
    }
}

/* ld.param of one element at a fixed offset; past the launch's parameters,
 * the general path (which reports the fault). */
SIM_HOT void sim_exec_ldparam(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    if (param_inside(b, op)) load_param(b, w, op, m);
    else sim_exec_ld(b, w, pc, m);
}

/* The run of op->aux ld.params from op (X_LDPARAMS: lower.c's fuse()), as
 * many as fit in room, each as sim_exec_ldparam would run it, up to the
 * first past the launch's parameters (left to its own step, which reports
 * it; the first of the run is reported here); how many ran. */
SIM_HOT uint32_t sim_exec_ldparams(sim_block *b, sim_warp *w, const sim_op *op, uint32_t m, uint32_t room)
{
    uint32_t n = op->aux < room ? op->aux : room;
    if (!param_inside(b, op)) {
        sim_exec_ld(b, w, (uint32_t)(op - b->prog->code), m);
        return 1;
    }
    if (m == SIM_FULL) { /* (a loop of its own: the other's blend masks are not made) */
        for (uint32_t i = 0; i < n; i++) {
            if (!param_inside(b, op + i)) return i;
            load_param(b, w, op + i, SIM_FULL);
        }
    } else {
        for (uint32_t i = 0; i < n; i++) {
            if (!param_inside(b, op + i)) return i;
            load_param(b, w, op + i, m);
        }
    }
    return n;
}

SIM_HOT void sim_exec_st(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    unsigned n = op->p[1], count = op->p[2], total = n * count;
    access a;
    w->minst++;
    if (b->L->order) sim_order_write(b, w, pc, m); /* blocks in other orders: before it writes (order.c) */
    if (m == SIM_FULL && n <= 2 && narrow_of(b, w, op, a.soff)) { /* (counters: a scatter in lane order) */
        if (b->shadow) sim_shadow_writes(b, w, SIM_FULL, a.soff, n, pc);
        const uint32_t *row = w->r32 + (size_t)op->s[0] * 32;
        uint8_t *sh = b->shared; /* (once: a byte store may alias b) */
        if (n == 2) {
            for (int l = 0; l < 32; l++) {
                uint16_t h = (uint16_t)row[l];
                memcpy(sh + a.soff[l], &h, 2);
            }
        } else {
            for (int l = 0; l < 32; l++) sh[a.soff[l]] = (uint8_t)row[l];
        }
        b->cnt.shared_store_requests++;
        return;
    }
    map_access(b, w, pc, m, true, &a);
    if (b->L->xr) cross_read(b, w, op, pc, &a, true);
    bool lazy = a.lazy; /* host[l] is a.base + addr[l] (fill_hosts keeps it so) */
    if (a.shared && b->shadow) sim_shadow_writes(b, w, a.ok, a.soff, total, pc);
    if (b->sync && op->aux2) sync_lanes(b, w, op, m, &a, true);
    if (b->L->watch && !a.shared && a.ok && (op->p[0] == SIM_MS_GLOBAL || op->p[0] == SIM_MS_GENERIC)) {
        bool contig = a.contig;
        fill_hosts(&a);
        sim_watch_store(b, a.host, a.ok, total, a.region, contig);
    }
    const bool fast = shortcuts(b); /* the reference mode: each lane's element by itself, in lane order */
    if (fast && a.contig && store_contig(w, op, &a)) {
    } else if (fast && lazy && a.run && a.ok == m && n == 4 && count == 1 && !(op->p[3] & SIM_MF_DST64)) {
        /* a run of lanes' consecutive 32-bit elements in one place (a guarded
           tail, `if (tid < s)`): one copy, the lanes' addresses distinct */
        int f = __builtin_ctz(m);
        copy_run((void *)(a.base + (uintptr_t)a.addr[f]), w->r32 + (size_t)op->s[0] * 32 + f,
                 (unsigned)__builtin_popcount(m));
    } else if (fast && lazy && a.strided && a.ok == SIM_FULL && n == 4 && count == 1 && !(op->p[3] & SIM_MF_DST64)) {
        /* a full warp at one stride (down a column of out) */
        scatter_col((uint8_t *)a.host[0], w->r32 + (size_t)op->s[0] * 32, (ptrdiff_t)(int64_t)(a.addr[1] - a.addr[0]));
    } else if (fast && n == 4 && count == 1 && !(op->p[3] & SIM_MF_DST64)) { /* 32-bit elements: a scatter */
        fill_hosts(&a);
        const uint32_t *row = w->r32 + (size_t)op->s[0] * 32;
        for (uint32_t r = a.ok; r; r &= r - 1) { /* lane order, as a GPU's last writer wins */
            int l = __builtin_ctz(r);
            memcpy((void *)a.host[l], &row[l], 4);
        }
    } else if (fast && n <= 2 && count == 1 && !(op->p[3] & SIM_MF_DST64)) { /* bytes or halves (counters) */
        fill_hosts(&a);
        const uint32_t *row = w->r32 + (size_t)op->s[0] * 32;
        for (uint32_t r = a.ok; r; r &= r - 1) { /* lane order */
            int l = __builtin_ctz(r);
            uint16_t h = (uint16_t)row[l];
            uint8_t c = (uint8_t)row[l];
            if (n == 2) memcpy((void *)a.host[l], &h, 2);
            else memcpy((void *)a.host[l], &c, 1);
        }
    } else {
        fill_hosts(&a);
        for (int l = 0; l < 32; l++) {
            if (!(a.ok >> l & 1u)) continue;
            for (unsigned e = 0; e < count; e++) {
                uint64_t v = sim_store_value(w, op, e, l);
                memcpy((uint8_t *)a.host[l] + e * n, &v, n);
            }
        }
    }
    if (op->p[0] == SIM_MS_GLOBAL) count_sectors(b, a.addr, m, total, true, a.run, a.strided);
    else if (is_shared(op)) count_banks(b, a.addr, m, total, true, a.contig, a.strided, a.lo, a.hi);
}

/* A full warp's X_STS on a column (col_of: a thread's row of a padded
 * tile, `seg[tid * 9 + k] = v`) or on words_of's words (keys scattered to
 * their ranks), as sim_exec_st takes them without its mapping: the order's
 * note, the shadow's writes (before the data, as there), the data in lane
 * order (the last writer wins) and the bank count (a column's as
 * sim_exec_lds_col's, the words' as lds_words'). False, with nothing
 * done, for any other lanes (out of line: the general path's frame is not
 * set up for these). */
static SIM_HOT __attribute__((noinline)) bool sts_full(sim_block *b, sim_warp *w, const sim_op *op, uint32_t pc)
{
    uint32_t off, d, soff[32];
    const uint32_t *row = w->r32 + (size_t)op->s[0] * 32;
    if (col_of(b, w, op, &off, &d)) {
        sts_col_words(b, w, row, off, d, pc, b->shadow != NULL);
        return true;
    }
    if (!words_of(b, w, op, soff)) return false;
    w->minst++;
    if (b->L->order) sim_order_write(b, w, pc, SIM_FULL);
    if (b->shadow) sim_shadow_writes(b, w, SIM_FULL, soff, 4, pc);
    uint8_t *sh = b->shared;
    for (int l = 0; l < 32; l++) memcpy(sh + soff[l], &row[l], 4);
    banks_of_words(b, soff, true);
    return true;
}

/* X_STS: the shared-run path, a full warp's column or words (sts_full),
 * else the general one (as sim_exec_lds). */
SIM_HOT void sim_exec_sts(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    uint32_t off;
    if (!shared_run(b, w, op, m, SIM_MF_DST64, &off)) {
        if (m != SIM_FULL || !shared_plain(b, op, SIM_MF_DST64) || !sts_full(b, w, op, pc)) sim_exec_st(b, w, pc, m);
        return;
    }
    sts_run_words(b, w, w->r32 + (size_t)op->s[0] * 32, m, off, pc, b->shadow != NULL);
}

/* ---- runs of shared accesses from one base ---- */

/* The lanes of a run's base row (lower.c's sim_fuse_shared_runs): a run of
 * 32 words or a column (a stride other than one word), the shapes the hot
 * loop's single op takes on its short paths given the offset's bounds;
 * any other lanes (scattered words, a word or a row a half-warp) take
 * each access alone. */
enum { RL_NONE, RL_RUN, RL_COL };

static HOT_INLINE unsigned run_lanes(const uint32_t *b32)
{
    uint32_t first = b32[0], d = b32[1] - first;
    if (first <= UINT32_MAX - 4 * 31 && row_steps(b32, first, 4)) return RL_RUN;
    return d != 4 && col_steps(b32) ? RL_COL : RL_NONE;
}

/* Access t of a run on the lanes rl: *off its first lane's offset into
 * shared memory, *d the lanes' stride, when its words lie aligned inside
 * shared memory. */
static HOT_INLINE bool run_at(const sim_block *b, const sim_warp *w, const sim_op *t, unsigned rl, uint32_t *off,
                              uint32_t *d)
{
    const uint32_t *b32 = w->r32 + (size_t)t->s[4] * 32;
    if (rl == RL_COL) return col_at(b, b32, t->imm, off, d);
    *off = shared_word(b, t, b32[0], 32);
    *d = 4;
    return *off != SIM_NONE;
}

/* A full warp's run of n X_STSs from one base at pc (its first's aux): each
 * store as sim_exec_sts takes it, in order (the shadow's writes, the data,
 * the count), with the lanes' test made once for the run. Returns n, the
 * counts of the stores after the first made; 0, with nothing done, where
 * it cannot be taken whole (another group waits inside it: room; the
 * order's notes; a store's words outside shared memory). */
SIM_HOT uint32_t sim_exec_sts_run(sim_block *b, sim_warp *w, uint32_t pc, uint32_t room)
{
    const sim_op *op = &b->prog->code[pc];
    uint32_t n = op->aux & (SIM_RUN_AUX - 1), off[SIM_RUN_MAX], d[SIM_RUN_MAX], soff[32];
    if (room < n || n < 2 || n > SIM_RUN_MAX || !shared_plain(b, op, SIM_MF_DST64) || b->L->order) return 0;
    unsigned rl = run_lanes(w->r32 + (size_t)op->s[4] * 32);
    if (rl == RL_NONE) return 0;
    if (!run_at(b, w, op, rl, &off[0], &d[0])) return 0;
    for (uint32_t k = 1; k < n; k++)
        if (!run_at(b, w, &op[k], rl, &off[k], &d[k])) return 0;
    uint32_t taken = 0; /* the accesses the rules took at once (sim_rules_run) */
    if (b->shadow && b->rules_on && !b->memo_mode) {
        uint32_t delta[SIM_RUN_MAX], pcs[SIM_RUN_MAX];
        for (uint32_t k = 0; k < n; k++) delta[k] = off[k] - off[0], pcs[k] = pc + k;
        if (rl == RL_RUN) {
            taken = sim_rules_run(b, w, SIM_MEV_WRITES_RUN, &off[0], 4, delta, n, pcs);
        } else {
            for (int l = 0; l < 32; l++) soff[l] = off[0] + (uint32_t)l * d[0];
            taken = sim_rules_run(b, w, SIM_MEV_WRITES, soff, 4, delta, n, pcs);
        }
    }
    for (uint32_t k = 0; k < n; k++) {
        const uint32_t *row = w->r32 + (size_t)op[k].s[0] * 32;
        if (rl == RL_RUN) sts_run_words(b, w, row, SIM_FULL, off[k], pc + k, b->shadow && k >= taken);
        else sts_col_words(b, w, row, off[k], d[k], pc + k, b->shadow && k >= taken);
    }
    sim_ops_counted(b, w, n - 1, SIM_FULL);
    return n;
}

/* A full warp's run of X_LDSs from one base at pc, none of which writes
 * the base: each load as the hot loop's X_LDS takes it (a run: sim_exec_lds'
 * run path; a column: sim_exec_lds_col's), in order, with the lanes' test
 * made once. A consecutive run's length returned, the counts of its loads
 * after the first made; a hoisted run's (SIM_RUN_HOIST) loads are all made
 * here, the later ones named in the warp's run_skip (their ops count as
 * the hot loop reaches them, the ALU ops between run there), and 1
 * returned. As sim_exec_sts_run, 0 where it cannot be taken whole (lanes
 * of another shape: each load alone). */
SIM_HOT uint32_t sim_exec_lds_run(sim_block *b, sim_warp *w, uint32_t pc, uint32_t room)
{
    const sim_op *op = &b->prog->code[pc];
    const bool hoist = op->aux & SIM_RUN_HOIST;
    uint32_t span = op->aux & (SIM_RUN_MEMBER - 1), n = 0, at[SIM_RUN_MAX], off[SIM_RUN_MAX], d[SIM_RUN_MAX];
    if (room < span || span < 2 || span > SIM_RUN_SPAN || !shared_plain(b, op, SIM_MF_DST64 | SIM_MF_DST16)) return 0;
    unsigned rl = run_lanes(w->r32 + (size_t)op->s[4] * 32);
    if (rl == RL_NONE || !run_at(b, w, op, rl, &off[0], &d[0])) return 0;
    at[n++] = 0;
    for (uint32_t k = 1; k < span; k++) {
        if (hoist && !(op[k].x == X_LDS && (op[k].aux & SIM_RUN_MEMBER))) continue; /* (an ALU op between) */
        if (n == SIM_RUN_MAX || !run_at(b, w, &op[k], rl, &off[n], &d[n])) return 0;
        at[n++] = k;
    }
    uint32_t taken = 0; /* the accesses the rules took at once (sim_rules_run) */
    if (b->shadow && b->rules_on && !b->memo_mode) {
        uint32_t delta[SIM_RUN_MAX], pcs[SIM_RUN_MAX];
        const uint32_t a[4] = { off[0], off[0] + 16 * d[0], d[0], d[0] }; /* (the log's halves) */
        for (uint32_t k = 0; k < n; k++) delta[k] = off[k] - off[0], pcs[k] = pc + at[k];
        taken = sim_rules_run(b, w, SIM_MEV_DEFER_HALVES, a, 4, delta, n, pcs);
    }
    for (uint32_t k = 0; k < n; k++) {
        uint32_t *row = w->r32 + (size_t)op[at[k]].s[0] * 32, kpc = pc + at[k];
        if (rl == RL_RUN) lds_run_words(b, w, row, SIM_FULL, off[k], kpc, b->shadow && k >= taken);
        else lds_col_words(b, w, row, off[k], d[k], kpc, b->shadow && k >= taken);
    }
    if (hoist) {
        w->run_skip = (n == 32 ? SIM_FULL : (1u << n) - 1) & ~1u; /* (members 1 to n - 1) */
        return 1;
    }
    sim_ops_counted(b, w, n - 1, SIM_FULL);
    return n;
}

/* A full warp's plain 32-bit global access from a 64-bit base (X_LDG,
 * X_STG) at one stride d, as map_access would map it: consecutive words
 * (d = 4, a row), lanes 2 or 4 words apart going up (d = 8 or 16: a
 * thread's 2 or 4 consecutive elements, CUB's blocked loads and stores) or
 * lanes a sector or more apart either way (|d| from 32 to 2^58, a column,
 * counted as 32 sectors as sectors_strided counts it), every lane aligned,
 * the lanes' span inside one region found through the same hint. */
typedef struct global_col {
    uint64_t a0;              /* lane 0's address */
    int64_t d;                /* lane 1's step */
    const sim_region *r;
    uintptr_t host0;          /* lane 0's host pointer */
} global_col;

/* Whether op's access by the full warp is a global_col (*g), with nothing
 * recorded; false for any other, which the general path maps and reports.
 * The ends are the lowest and highest lanes, as full_warp takes them when
 * the lanes do not wrap around (else it is the general path's). */
static HOT_INLINE bool global_col_of(sim_block *b, const sim_warp *w, const sim_op *op, bool write, global_col *g)
{
    const uint64_t *base = w->r64 + (size_t)op->s[4] * 32;
    uint64_t a0 = base[0] + (uint64_t)op->imm, d = base[1] - base[0], ad = (int64_t)d < 0 ? 0 - d : d;
    bool near = d == 4 || d == 8 || d == 16; /* a row, or lanes 2 or 4 words apart going up */
    if (((a0 | d) & 3) || (!near && (ad < 32 || ad >= 1ull << 58)) || !one_stride(base)) return false;
    uint64_t a31 = a0 + 31 * d, lo = (int64_t)d < 0 ? a31 : a0, hi = (int64_t)d < 0 ? a0 : a31;
    if ((int64_t)lo > (int64_t)hi) return false;
    const sim_region *r = region_at(b, (uint32_t)(op - b->prog->code), write, lo, hi - lo + 4);
    if (!r) return false;
    g->a0 = a0;
    g->d = (int64_t)d;
    g->r = r;
    g->host0 = (uintptr_t)r->host - (uintptr_t)r->base + (uintptr_t)a0;
    return true;
}

/* A global_col's sectors as the general count finds them (sim_col_sectors). */
static inline uint64_t col_sectors(const global_col *g)
{
    return sim_col_sectors(g->a0, g->d);
}

/* A global_col's 32 host pointers, as fill_hosts makes them. */
static void col_hosts(const global_col *g, uintptr_t *host)
{
    for (int l = 0; l < 32; l++) host[l] = g->host0 + (uintptr_t)l * (uintptr_t)g->d;
}

/* crossread.c's look at a global_col's lanes (a store's notes, a load's
 * look where a block of the launch stored into its allocation). */
static void global_cross_read(sim_block *b, sim_warp *w, uint32_t pc, const global_col *g, bool write)
{
    uintptr_t host[32];
    col_hosts(g, host);
    if (write) sim_xr_stores(b, w, host, SIM_FULL, 4, g->r, pc);
    else sim_xr_loads(b, w, host, SIM_FULL, 4, g->r, pc);
}

/* A full warp's load whose lanes' addresses are all 4-byte aligned and lie
 * in one region, at no one stride (half-warps' rows of a 16-wide block,
 * `B[k * N + col]`; their broadcasts, `A[row * K + k]`): the lanes'
 * addresses in addr, the region in *r; false, with nothing recorded, for
 * any other, which the general path maps and reports. halves: whether the
 * lanes are halves_of's (the caller looked). */
static HOT_INLINE bool global_words_of(sim_block *b, const sim_warp *w, const sim_op *op, uint64_t *addr,
                                       const sim_region **r, bool halves)
{
    const uint64_t *base = w->r64 + (size_t)op->s[4] * 32, imm = (uint64_t)op->imm;
    uint64_t mis = 0;
    for (int l = 0; l < 32; l++) {
        addr[l] = base[l] + imm;
        mis |= addr[l];
    }
    if (mis & 3) return false;
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    if (halves && addr[0] <= (uint64_t)INT64_MAX - 63 && addr[16] <= (uint64_t)INT64_MAX - 63) {
        /* the halves' ends: in order as signed numbers too (below 2^63 - 63) */
        uint64_t e0 = addr[15], e1 = addr[31];
        lo = (int64_t)(addr[0] < addr[16] ? addr[0] : addr[16]);
        hi = (int64_t)(e0 > e1 ? e0 : e1);
    } else {
        for (int l = 0; l < 32; l++) {
            lo = (int64_t)addr[l] < lo ? (int64_t)addr[l] : lo;
            hi = (int64_t)addr[l] > hi ? (int64_t)addr[l] : hi;
        }
    }
    *r = region_at(b, (uint32_t)(op - b->prog->code), false, (uint64_t)lo, (uint64_t)hi - (uint64_t)lo + 4);
    return *r != NULL;
}

/* X_LDG on global_words_of's lanes, as sim_exec_ld takes them without its
 * mapping: crossread.c's look, the prefetch from lane 0, a gather, and the
 * sectors the general count finds. */
static SIM_HOT void ldg_words(sim_block *b, sim_warp *w, uint32_t pc, const uint64_t *addr, const sim_region *r)
{
    const sim_op *op = &b->prog->code[pc];
    uintptr_t base = (uintptr_t)r->host - (uintptr_t)r->base;
    w->minst++;
    if (b->L->xr && r->xr_launch == b->L->xr && r->base >= SIM_GLOBAL_BASE) {
        uintptr_t host[32];
        for (int l = 0; l < 32; l++) host[l] = base + (uintptr_t)addr[l];
        sim_xr_loads(b, w, host, SIM_FULL, 4, r, pc);
    }
    prefetch_at(w, pc, addr[0], base + (uintptr_t)addr[0], 4);
    uint32_t *row = w->r32 + (size_t)op->s[0] * 32;
    for (int l = 0; l < 32; l++) memcpy(&row[l], (const void *)(base + (uintptr_t)addr[l]), 4);
    count_sectors(b, addr, SIM_FULL, 4, false, false, false);
}

/* crossread.c's look at halves from a0 and a1 (out of line: its 32 host
 * pointers stay out of ldg_halves' frame). */
static __attribute__((noinline)) void halves_cross_read(sim_block *b, sim_warp *w, uint32_t pc, const sim_region *r,
                                                        uint64_t a0, uint64_t a1)
{
    const uint64_t *base = w->r64 + (size_t)b->prog->code[pc].s[4] * 32;
    const uint64_t d0 = base[1] - base[0], d1 = base[17] - base[16];
    uintptr_t hb = (uintptr_t)r->host - (uintptr_t)r->base, host[32];
    for (int l = 0; l < 32; l++) host[l] = hb + (uintptr_t)(l < 16 ? a0 + (uint64_t)l * d0 : a1 + (uint64_t)(l - 16) * d1);
    sim_xr_loads(b, w, host, SIM_FULL, 4, r, pc);
}

/* X_LDG by a full warp whose half-warps are each a run of 16 consecutive
 * words or one word (halves_of: a 16-wide block's `B[k * N + col]` and
 * `A[row * K + k]`), both in one region, as ldg_words takes them, from the
 * halves' first lanes without the 32 addresses: two copies (or broadcasts)
 * and sectors_halves' count, for a warp that halves_of holds for. False,
 * with nothing done, for halves at 2^63 - 63 or above (whose ends
 * global_words_of orders as signed numbers) or outside one region. */
static HOT_INLINE bool ldg_halves(sim_block *b, sim_warp *w, const sim_op *op, uint32_t pc)
{
    const uint64_t *base = w->r64 + (size_t)op->s[4] * 32, imm = (uint64_t)op->imm;
    const uint64_t a0 = base[0] + imm, a1 = base[16] + imm, d0 = base[1] - base[0], d1 = base[17] - base[16];
    if (a0 > (uint64_t)INT64_MAX - 63 || a1 > (uint64_t)INT64_MAX - 63) return false;
    uint64_t e0 = a0 + 15 * d0, e1 = a1 + 15 * d1, lo = a0 < a1 ? a0 : a1, hi = e0 > e1 ? e0 : e1;
    const sim_region *r = region_at(b, pc, false, lo, hi - lo + 4);
    if (!r) return false;
    uintptr_t hb = (uintptr_t)r->host - (uintptr_t)r->base;
    w->minst++;
    if (b->L->xr && r->xr_launch == b->L->xr && r->base >= SIM_GLOBAL_BASE) halves_cross_read(b, w, pc, r, a0, a1);
    /* the second half's next words too where they are not the first's (a
       tile's rows: a row of B a row of the matrix below the other's) */
    int64_t delta = prefetch_at(w, pc, a0, hb + (uintptr_t)a0, 4);
    if (delta && (a1 < a0 || a1 - a0 >= 128)) {
        const char *next = (const char *)(hb + (uintptr_t)a1) + delta;
        __builtin_prefetch(next);
        __builtin_prefetch(next + 60);
    }
    uint32_t *row = w->r32 + (size_t)op->s[0] * 32;
    sim_half_words(row, (const void *)(hb + (uintptr_t)a0), d0);
    sim_half_words(row + 16, (const void *)(hb + (uintptr_t)a1), d1);
    count_global(b, false, sim_halves_sectors(a0, a1, d0, d1), 128);
    return true;
}

/* X_LDG by a full warp: a row (one copy) or a column (a gather), with the
 * prefetcher, counters and sectors of sim_exec_ld's contiguous and strided
 * paths; half-warps' rows and broadcasts (ldg_halves); other aligned lanes
 * in one region (ldg_words); else sim_exec_ld. */
static SIM_HOT __attribute__((noinline)) void ldg_rest(sim_block *b, sim_warp *w, uint32_t pc, bool halves,
                                                        bool one_row);

SIM_HOT void sim_exec_ldg(sim_block *b, sim_warp *w, uint32_t pc)
{
    const sim_op *op = &b->prog->code[pc];
    const uint64_t *base = w->r64 + (size_t)op->s[4] * 32;
    /* halves_of once: the addresses differ from the base registers' lanes
       by one offset, so their pattern is the same. Halves that are not one
       row (broadcasts, or a row each that the other does not continue: a
       16-wide block's `A[row * K + k]` and `B[k * N + col]`) are no
       global_col, whose lanes are at one stride: to ldg_halves at once,
       in a small frame; the rest (ldg_rest) in its own */
    bool halves = halves_of(base, (uint64_t)op->imm), one_row = base[1] - base[0] == 4 && base[16] - base[0] == 64;
    if (halves && !one_row && ldg_halves(b, w, op, pc)) return;
    ldg_rest(b, w, pc, halves, one_row);
}

static SIM_HOT __attribute__((noinline)) void ldg_rest(sim_block *b, sim_warp *w, uint32_t pc, bool halves,
                                                        bool one_row)
{
    const sim_op *op = &b->prog->code[pc];
    global_col g;
    if (!global_col_of(b, w, op, false, &g)) {
        uint64_t addr[32];
        const sim_region *r;
        if (halves && one_row && ldg_halves(b, w, op, pc)) return;
        if (global_words_of(b, w, op, addr, &r, halves)) ldg_words(b, w, pc, addr, r);
        else sim_exec_ld(b, w, pc, SIM_FULL);
        return;
    }
    w->minst++;
    if (b->L->xr && g.r->xr_launch == b->L->xr) global_cross_read(b, w, pc, &g, false);
    prefetch_at(w, pc, g.a0, g.host0, 4);
    uint32_t *row = w->r32 + (size_t)op->s[0] * 32;
    if (g.d == 4) memcpy(row, (const void *)g.host0, 128);
    else gather_col(row, (const uint8_t *)g.host0, (ptrdiff_t)g.d);
    count_global(b, false, col_sectors(&g), 128);
}

/* X_STG by a full warp: a row or a column (a scatter, in lane order), with
 * the watch's record and the counters of sim_exec_st's paths; else
 * sim_exec_st. */
SIM_HOT void sim_exec_stg(sim_block *b, sim_warp *w, uint32_t pc)
{
    const sim_op *op = &b->prog->code[pc];
    global_col g;
    if (!global_col_of(b, w, op, true, &g)) {
        sim_exec_st(b, w, pc, SIM_FULL);
        return;
    }
    w->minst++;
    if (b->L->order) sim_order_write(b, w, pc, SIM_FULL);
    if (b->L->xr) global_cross_read(b, w, pc, &g, true);
    const uint32_t *row = w->r32 + (size_t)op->s[0] * 32;
    if (b->L->watch) { /* blocks on several threads: every lane's host pointer, as fill_hosts makes them */
        uintptr_t host[32];
        col_hosts(&g, host);
        sim_watch_store(b, host, SIM_FULL, 4, g.r, g.d == 4);
    }
    if (g.d == 4) memcpy((void *)g.host0, row, 128);
    else scatter_col((uint8_t *)g.host0, row, (ptrdiff_t)g.d);
    count_global(b, true, col_sectors(&g), 128);
}
