/* harness_data.c - the inputs: seeded numbers made by the manifest's fills,
 * each made once a process and shared by every run that asks for it. */
#include "harness.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "build/build.h"
#include "core/sha256.h"
#include "days/expr.h"

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

harness_rng harness_rng_for(uint64_t seed, const char *problem, const day_size *size)
{
    uint64_t h = mix(seed + 0x9e3779b97f4a7c15ull);
    for (const char *p = problem; *p; p++) h = mix(h ^ (uint8_t)*p);
    for (int i = 0; i < size->n; i++) h = mix(h ^ (uint64_t)size->values[i]);
    return (harness_rng){h};
}

uint64_t harness_rng_next(harness_rng *r)
{
    r->state += 0x9e3779b97f4a7c15ull;
    return mix(r->state);
}

/* Uniform in [0, 1) with 53 bits. */
static double unit(harness_rng *r)
{
    return (double)(harness_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* A whole number in [lo, hi]. */
static double whole(harness_rng *r, double lo, double hi)
{
    double span = hi - lo + 1;
    return lo + floor(unit(r) * span);
}

static double generate(const day_fill_rule *rule, harness_rng *r, const double *vars, bool integer)
{
    switch (rule->kind) {
    case DAY_FILL_UNIFORM:
        return integer ? whole(r, ceil(rule->a), floor(rule->b))
                       : (double)(float)(rule->a + (rule->b - rule->a) * unit(r));
    case DAY_FILL_INTEGERS: return whole(r, rule->a, rule->b);
    case DAY_FILL_MULTIPLES: {
        /* one draw: its low bit the sign, the rest the multiple */
        uint64_t u = harness_rng_next(r), steps = (uint64_t)floor(rule->b / rule->a);
        double k = (double)(1 + (u >> 1) % steps);
        return (u & 1 ? -k : k) * rule->a;
    }
    case DAY_FILL_VALUE: return rule->a;
    case DAY_FILL_PICK: return rule->pick[harness_rng_next(r) % (uint64_t)rule->npick];
    case DAY_FILL_INDEX: return day_expr_eval(rule->index->e, vars);
    }
    return 0;
}


/* The one-rule float fill of elements [from, to): every element takes one
 * draw (or none), so element i's draws start at the state the stream had
 * after i draws, and ranges can be made apart, on several threads, with the
 * same numbers as one pass. The rule's constants are taken out of the loop;
 * each value is the one generate() gives. */
static void fill_floats(const day_fill_rule *rule, uint64_t state, float *to, size_t from, size_t n)
{
    harness_rng r = {state + (uint64_t)from * 0x9e3779b97f4a7c15ull};
    switch (rule->kind) {
    case DAY_FILL_MULTIPLES: {
        uint64_t steps = (uint64_t)floor(rule->b / rule->a);
        bool pow2 = steps && !(steps & (steps - 1));
        for (size_t i = 0; i < n; i++) {
            /* (u & 1 ? -k : k) * a, the sign put in after: rounding is
               symmetric, and a random sign is a branch mispredicted half
               the time */
            uint64_t u = harness_rng_next(&r), q = u >> 1, bits;
            double v = (double)(int64_t)(1 + (pow2 ? q & (steps - 1) : q % steps)) * rule->a;
            memcpy(&bits, &v, 8);
            bits ^= (u & 1) << 63;
            memcpy(&v, &bits, 8);
            to[i] = (float)v;
        }
        return;
    }
    case DAY_FILL_UNIFORM: {
        double a = rule->a, span = rule->b - rule->a;
        for (size_t i = 0; i < n; i++) to[i] = (float)(a + span * unit(&r));
        return;
    }
    case DAY_FILL_VALUE:
        for (size_t i = 0; i < n; i++) to[i] = (float)rule->a;
        return;
    default:
        for (size_t i = 0; i < n; i++) to[i] = (float)generate(rule, &r, NULL, false);
        return;
    }
}

/* Digests are taken a chunk at a time (FNV-1a over 8-byte words), then the
 * chunks' digests in order: the same value however the chunks are shared
 * between threads. */
#define DIGEST_CHUNK ((size_t)1 << 18)

static uint64_t chunk_digest(const unsigned char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x100000001b3ull;
    }
    for (; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t combine(const uint64_t *chunks, size_t nchunks, size_t n)
{
    uint64_t h = mix(0x9e3779b97f4a7c15ull ^ n);
    for (size_t c = 0; c < nchunks; c++) h = mix(h ^ chunks[c]);
    return h;
}

/* work(job) for n jobs (at most 16) of `size` bytes each: jobs 1..n-1 on
 * threads of their own, job 0 on this one, and a job whose thread could not
 * start here after it. */
static void run_jobs(void *(*work)(void *), void *jobs, size_t size, size_t n)
{
    pthread_t threads[16];
    size_t started = 0;
    for (size_t t = 1; t < n && t < 16; t++)
        if (pthread_create(&threads[t], NULL, work, (char *)jobs + t * size) == 0) started |= (size_t)1 << t;
    work(jobs);
    for (size_t t = 1; t < n && t < 16; t++) {
        if (started >> t & 1) pthread_join(threads[t], NULL);
        else work((char *)jobs + t * size);
    }
}

/* One thread's share of a fill: chunks [c0, c1), made (fast fills) and
 * digested. */
typedef struct fill_job {
    const day_fill_rule *rule; /* NULL: the data is made already, only digest */
    uint64_t state;
    unsigned char *data;
    size_t bytes, c0, c1;
    uint64_t *chunks;
} fill_job;

static void *fill_work(void *arg)
{
    fill_job *j = arg;
    for (size_t c = j->c0; c < j->c1; c++) {
        size_t at = c * DIGEST_CHUNK, n = j->bytes - at < DIGEST_CHUNK ? j->bytes - at : DIGEST_CHUNK;
        if (j->rule) fill_floats(j->rule, j->state, (float *)(void *)(j->data + at), at / 4, n / 4);
        if (j->chunks) j->chunks[c] = chunk_digest(j->data + at, n);
    }
    return NULL;
}

/* Fast fills (rule) or digests only (NULL) over up to `threads` threads;
 * the digest of the bytes (0 without `digest`). */
static uint64_t fill_and_digest(const day_fill_rule *rule, uint64_t state, unsigned char *data,
                                size_t bytes, int threads, bool digest)
{
    size_t nchunks = (bytes + DIGEST_CHUNK - 1) / DIGEST_CHUNK;
    uint64_t *chunks = digest ? cl_calloc(nchunks + 1, sizeof *chunks) : NULL;
    size_t want = nchunks / 16 ? nchunks / 16 : 1; /* 4 MiB a thread at least */
    size_t n = (size_t)(threads > 0 ? threads : 1);
    if (n > want) n = want;
    if (n > 16) n = 16;
    fill_job jobs[16];
    for (size_t t = 0; t < n; t++)
        jobs[t] = (fill_job){rule, state, data, bytes, nchunks * t / n, nchunks * (t + 1) / n, chunks};
    run_jobs(fill_work, jobs, sizeof *jobs, n);
    uint64_t h = digest ? combine(chunks, nchunks, bytes) : 0;
    free(chunks);
    return h;
}

static bool one_float_rule(const day_param *p, size_t elem)
{
    const day_fill *f = &p->fill;
    return f->nrules == 1 && elem % 4 == 0 && day_param_num(p->type) == DAY_NUM_F32 &&
           f->rules[0].kind != DAY_FILL_INDEX;
}

static int fill_threads(const harness_request *req)
{
    return req->threads > 0 ? req->threads : (int)sysconf(_SC_NPROCESSORS_ONLN);
}

/* Elements [from, to) of p by its rules, from the stream r (at element
 * from's place), each `elem` bytes stored in its own type (a vector's
 * components are elements here, `i` counting them). The rules' `where`
 * (and `index`) expressions are taken a span of elements at a time; the
 * draws go element by element, in order. */
#define RULE_SPAN 256

static void fill_rules(const harness_request *req, const day_param *p, unsigned char *data, size_t from,
                       size_t to, size_t elem, harness_rng *r)
{
    const day_manifest *m = req->day;
    bool integer = !day_param_type_is_float(p->type);
    day_num num = day_param_num(p->type);
    const day_fill *f = &p->fill;
    int k = m->course.n, nr = f->nrules;
    double vars[65];
    day_size_vars(m, req->size, vars);
    double *where = cl_malloc(sizeof *where * RULE_SPAN * 2 * (size_t)nr);
    double *index = where + RULE_SPAN * (size_t)nr;
    for (size_t at = from; at < to; at += RULE_SPAN) {
        size_t cnt = to - at < RULE_SPAN ? to - at : RULE_SPAN;
        for (int q = 0; q < nr; q++) {
            const day_fill_rule *rule = &f->rules[q];
            if (q < nr - 1) day_expr_eval_span(rule->where->e, vars, k, at, cnt, where + q * RULE_SPAN);
            if (rule->kind == DAY_FILL_INDEX)
                day_expr_eval_span(rule->index->e, vars, k, at, cnt, index + q * RULE_SPAN);
        }
        for (size_t j = 0; j < cnt; j++) {
            int q = nr - 1;
            for (int t = 0; t < nr - 1; t++)
                if (where[t * RULE_SPAN + j] != 0) {
                    q = t;
                    break;
                }
            const day_fill_rule *rule = &f->rules[q];
            double v = rule->kind == DAY_FILL_INDEX ? index[q * RULE_SPAN + j]
                                                    : generate(rule, r, vars, integer);
            harness_elem_put(num, data + (at + j) * elem, v);
        }
    }
    free(where);
}

/* Every rule takes one draw an element (none takes none): element i's
 * draw is then the stream's (i + 1)th, whichever rule it falls under. */
static bool one_draw_each(const day_fill *f)
{
    for (int k = 0; k < f->nrules; k++)
        if (f->rules[k].kind == DAY_FILL_VALUE || f->rules[k].kind == DAY_FILL_INDEX) return false;
    return true;
}

typedef struct rules_job {
    const harness_request *req;
    const day_param *p;
    unsigned char *data;
    size_t from, to, elem;
    harness_rng r;
} rules_job;

static void *rules_work(void *arg)
{
    rules_job *j = arg;
    fill_rules(j->req, j->p, j->data, j->from, j->to, j->elem, &j->r);
    return NULL;
}

#define RULES_PER_THREAD ((size_t)1 << 17) /* elements a thread at least */

/* The rules' fill on up to `threads` threads when every element takes one
 * draw (the same numbers as one pass), else in one; r moves on past the
 * count elements either way. */
static void fill_all_rules(const harness_request *req, const day_param *p, unsigned char *data,
                           size_t count, size_t elem, harness_rng *r, int threads)
{
    size_t n = count / RULES_PER_THREAD;
    if (n > (size_t)threads) n = (size_t)threads;
    if (n > 16) n = 16;
    if (n < 2 || !one_draw_each(&p->fill)) {
        fill_rules(req, p, data, 0, count, elem, r);
        return;
    }
    rules_job jobs[16];
    for (size_t t = 0; t < n; t++) {
        size_t from = count * t / n;
        jobs[t] = (rules_job){req, p, data, from, count * (t + 1) / n, elem,
                              {r->state + (uint64_t)from * 0x9e3779b97f4a7c15ull}};
    }
    run_jobs(rules_work, jobs, sizeof *jobs, n);
    r->state += (uint64_t)count * 0x9e3779b97f4a7c15ull;
}

/* Make count elements of p into data; their digest. */
static uint64_t fill(const harness_request *req, const day_param *p, unsigned char *data, size_t count,
                     size_t elem, harness_rng *r)
{
    const day_fill *f = &p->fill;
    int threads = fill_threads(req);
    if (one_float_rule(p, elem))
        return fill_and_digest(&f->rules[0], r->state, data, count * elem, threads, true);
    size_t comps = (size_t)day_param_components(p->type);
    fill_all_rules(req, p, data, count * comps, elem / comps, r, threads);
    return fill_and_digest(NULL, 0, data, count * elem, threads, true);
}

/* A large input of one float rule is made in place, in each buffer that
 * gets it, rather than once and copied: on several threads that costs less
 * than a copy into fresh memory (the kernel zeroes every new page first),
 * and no copy of it is kept. Its numbers are a function of the stream's
 * state and its length alone, so those are its digest; FILL_VERSION
 * changes whenever the numbers a fill makes do (the reference's cached
 * outputs are keyed by the digest). */
#define IN_PLACE_BYTES ((size_t)4 << 20)
#define FILL_VERSION 1u

static bool made_in_place(const day_param *p, size_t count, size_t elem)
{
    return one_float_rule(p, elem) && count * elem >= IN_PLACE_BYTES;
}

static char *input_key(const harness_request *req, const day_param *p, size_t elem)
{
    char *label = harness_size_label(req->size);
    char *key = cl_sprintf("%s:%s:%s:%zu:%s", req->day->slug, p->name, p->fill.key, elem, label);
    free(label);
    return key;
}

static harness_rng stream_of(const harness_request *req, const day_param *p, size_t elem)
{
    char *key = input_key(req, p, elem);
    harness_rng r = harness_rng_for(req->seed, key, req->size);
    free(key);
    return r;
}

static uint64_t spec_digest(const harness_rng *r, size_t bytes)
{
    return mix(mix(r->state ^ ((uint64_t)FILL_VERSION << 56)) ^ bytes);
}

/* Room for an input or an output's host copy; a large one aligned to 2 MiB
 * and asked to be huge pages (far fewer page faults). Given back with
 * harness_free, which keeps the last few large ones for the next: every
 * kernel and size of a grade asks for the same outputs again, and a fresh
 * page costs the kernel's zeroing. */
#define HOST_SPARES 4

static struct {
    void *p;
    size_t n;
} spares[HOST_SPARES];
static unsigned spare_next;
static pthread_mutex_t spares_lock = PTHREAD_MUTEX_INITIALIZER;

static size_t huge_bytes(size_t bytes)
{
    const size_t huge = (size_t)2 << 20;
    return bytes < 2 * huge ? 0 : (bytes + huge) & ~(huge - 1);
}

void *harness_alloc(size_t bytes)
{
    size_t n = huge_bytes(bytes);
    if (!n) return cl_malloc(bytes + 1);
    void *p = NULL;
    pthread_mutex_lock(&spares_lock);
    for (int i = 0; i < HOST_SPARES && !p; i++)
        if (spares[i].p && spares[i].n == bytes) {
            p = spares[i].p;
            spares[i].p = NULL;
        }
    pthread_mutex_unlock(&spares_lock);
    if (p) return p;
    const size_t huge = (size_t)2 << 20;
    p = aligned_alloc(huge, n);
    if (!p) return cl_malloc(bytes + 1);
    madvise(p, n, MADV_HUGEPAGE);
    return p;
}

void harness_free(void *p, size_t bytes)
{
    if (!p || !huge_bytes(bytes)) {
        free(p);
        return;
    }
    pthread_mutex_lock(&spares_lock);
    unsigned i = spare_next++ % HOST_SPARES;
    void *old = spares[i].p;
    spares[i].p = p;
    spares[i].n = bytes; /* given again only for the same bytes, whichever way it was made */
    pthread_mutex_unlock(&spares_lock);
    free(old);
}

typedef struct cached_input {
    char *key;
    uint64_t seed;
    size_t bytes;
    unsigned char *data;  /* STORE_HEAD bytes into its memory, or into a stored file's map */
    uint64_t digest;
    bool mapped;
} cached_input;

static CL_VEC(cached_input) inputs;
static pthread_mutex_t inputs_lock = PTHREAD_MUTEX_INITIALIZER;

static cached_input input_entry(const harness_request *req, const day_param *p, size_t count,
                                size_t elem);

const unsigned char *harness_input(const harness_request *req, const day_param *p, size_t count,
                                   size_t elem)
{
    return input_entry(req, p, count, elem).data;
}

uint64_t harness_inputs_digest(const harness_request *req)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    const day_kernel *k = req->kernel;
    for (int i = 0; i < k->nparams; i++) {
        const day_param *p = &k->params[i];
        if (p->role != DAY_ROLE_IN && p->role != DAY_ROLE_INOUT && !(p->role == DAY_ROLE_SCRATCH && p->fill.nrules))
            continue; /* a program's scratch may start from a fill too */
        size_t elem = day_param_elem_bytes(p->type);
        size_t count = (size_t)day_formula_eval(req->day, p->length, req->size);
        harness_rng r = stream_of(req, p, elem);
        h = mix(h ^ (made_in_place(p, count, elem) ? spec_digest(&r, count * elem)
                                                   : input_entry(req, p, count, elem).digest));
    }
    for (int i = 0; i < req->day->nconstants; i++) { /* the `__constant__` symbols' values */
        const day_param *p = &req->day->constants[i];
        size_t elem = day_param_elem_bytes(p->type);
        size_t count = (size_t)day_formula_eval(req->day, p->length, req->size);
        h = mix(h ^ input_entry(req, p, count, elem).digest);
    }
    return h;
}

void harness_input_into(const harness_request *req, const day_param *p, size_t count, size_t elem,
                        void *to)
{
    if (!made_in_place(p, count, elem)) {
        memcpy(to, harness_input(req, p, count, elem), count * elem);
        return;
    }
    harness_rng r = stream_of(req, p, elem);
    fill_and_digest(&p->fill.rules[0], r.state, to, count * elem, fill_threads(req), false);
}

/* ---- inputs kept between processes ----
 * An input of at least STORE_BYTES made by rules (a `where` per element, a
 * pattern by index) costs a pass over every element; a warm grade reads it
 * back from the cache instead, mapped (the page cache holds it), checked
 * against its digest. One float rule is made in place and never stored: it
 * costs less than reading it. The file: STORE_MAGIC, the data's bytes and
 * digest, then the data at STORE_HEAD. */
#define STORE_BYTES ((size_t)1 << 20)
#define STORE_MAGIC "cudalab-input 1\n"
#define STORE_HEAD 64

static char *stored_path(const harness_request *req, const char *key, size_t bytes)
{
    char *what = cl_sprintf("%s|%u|%s|%llu|%zu", CUDALAB_VERSION, FILL_VERSION, key,
                            (unsigned long long)req->seed, bytes);
    char hex[CL_SHA256_HEX];
    cl_sha256_hex(what, strlen(what), hex);
    free(what);
    return cl_sprintf("%s/%s", req->store, hex);
}

/* The stored input at path, mapped, if it is whole and its digest holds;
 * NULL otherwise (it is made again). */
static unsigned char *load_stored(const char *path, size_t bytes, int threads, uint64_t *digest)
{
    const void *file = NULL;
    size_t size = 0;
    if (cl_map_file(path, &file, &size, NULL) != CL_OK) return NULL;
    const unsigned char *map = file;
    size_t m = strlen(STORE_MAGIC);
    uint64_t head[2] = {0, 0};
    if (size == STORE_HEAD + bytes) memcpy(head, map + m, sizeof head);
    if (size != STORE_HEAD + bytes || memcmp(map, STORE_MAGIC, m) || head[0] != bytes ||
        fill_and_digest(NULL, 0, (unsigned char *)map + STORE_HEAD, bytes, threads, true) != head[1]) {
        cl_unmap_file(file, size);
        return NULL;
    }
    build_cache_touch(path);
    *digest = head[1];
    return (unsigned char *)map + STORE_HEAD;
}

/* A new entry's data: from the store, else made (and stored). */
static void make_entry(const harness_request *req, const day_param *p, size_t count, size_t elem,
                       cached_input *c)
{
    bool stored = req->store && c->bytes >= STORE_BYTES && !made_in_place(p, count, elem);
    char *path = stored ? stored_path(req, c->key, c->bytes) : NULL;
    if (path && (c->data = load_stored(path, c->bytes, fill_threads(req), &c->digest)) != NULL) {
        c->mapped = true;
        free(path);
        return;
    }
    unsigned char *room = harness_alloc(STORE_HEAD + c->bytes);
    c->data = room + STORE_HEAD;
    harness_rng r = harness_rng_for(req->seed, c->key, req->size);
    c->digest = fill(req, p, c->data, count, elem, &r);
    if (made_in_place(p, count, elem)) c->digest = spec_digest(&r, c->bytes);
    if (path) {
        memset(room, 0, STORE_HEAD);
        memcpy(room, STORE_MAGIC, strlen(STORE_MAGIC));
        uint64_t head[2] = {c->bytes, c->digest};
        memcpy(room + strlen(STORE_MAGIC), head, sizeof head);
        build_cache_put(path, room, STORE_HEAD + c->bytes);
    }
    free(path);
}

/* The entry, copied under the lock (the list may move as it grows; the
 * data it points to does not). */
static cached_input input_entry(const harness_request *req, const day_param *p, size_t count,
                                size_t elem)
{
    char *key = input_key(req, p, elem);
    cached_input found = {0};
    pthread_mutex_lock(&inputs_lock);
    for (size_t i = 0; i < inputs.n && !found.data; i++)
        if (inputs.v[i].seed == req->seed && inputs.v[i].bytes == count * elem &&
            !strcmp(inputs.v[i].key, key))
            found = inputs.v[i];
    if (!found.data) {
        cached_input c = {key, req->seed, count * elem, NULL, 0, false};
        make_entry(req, p, count, elem, &c);
        key = NULL;
        CL_VEC_PUSH(&inputs, c);
        found = c;
    }
    pthread_mutex_unlock(&inputs_lock);
    free(key);
    return found;
}

void harness_inputs_forget(void)
{
    pthread_mutex_lock(&inputs_lock);
    for (size_t i = 0; i < inputs.n; i++) {
        cached_input *c = &inputs.v[i];
        if (c->mapped) cl_unmap_file(c->data - STORE_HEAD, STORE_HEAD + c->bytes);
        else harness_free(c->data - STORE_HEAD, STORE_HEAD + c->bytes);
        free(c->key);
    }
    free(inputs.v);
    memset(&inputs, 0, sizeof inputs);
    pthread_mutex_unlock(&inputs_lock);
}
