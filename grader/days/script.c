/* script.c - check.lua in a sandboxed Lua 5.4 with budgets of instructions
 * and memory (script.h).
 *
 * Everything that touches the Lua state after it is made runs inside one
 * lua_pcall (run_body), so that no error, an allocation refused by the
 * budget included, can reach Lua's panic handler and abort cudalab. What
 * happened is kept on the C side (script_run) and turned into a status and
 * a message afterwards (report). */
#include "script.h"

#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#define BUFFER_META "cudalab buffer"
#define HOOK_EVERY 100 /* instructions between two looks at the budgets */
/* The clock is read every CLOCK_EVERY hooks, and by the allocator each time
 * CLOCK_BYTES more were allocated (big allocations are where library calls
 * do much work in one instruction): reading it can cost 200 ns. */
#define CLOCK_EVERY 10
#define CLOCK_BYTES ((size_t)1 << 20)
#define TRACE_FRAMES 6  /* frames an error's traceback names at most */

typedef enum { OVER_NONE, OVER_STEPS, OVER_TIME } over_kind;

typedef enum { PHASE_OPEN, PHASE_LOAD, PHASE_TOP, PHASE_FIND, PHASE_CHECK, PHASE_DONE } phase;

/* A block the state was given, behind its header: every live block is on
 * the run's list, so that what lua_close leaves is freed after it. Debian
 * 12's Lua 5.4.4 never handed thousands of blocks back when the C stack
 * overflowed in nested protected calls (check_script's fuzz target,
 * crashers/check_script/); the padding keeps the header at 32 bytes, so
 * the block stays aligned for any type. */
typedef struct script_block {
    struct script_block *prev, *next;
    void *pad[2];
} script_block;

typedef struct script_run {
    script_block live;          /* the list of live blocks (a ring through this one) */
    const char *path;
    char chunk[256];            /* the file's base name: Lua's chunk name */
    const script_view *view;    /* NULL: only validate */
    phase at;                   /* how far run_body got */
    script_limits limits;
    size_t used;                /* bytes the state holds */
    bool refused;               /* the allocator refused a request */
    long long steps;            /* instructions run */
    double deadline;            /* CLOCK_MONOTONIC seconds */
    int hooks;                  /* hooks since the clock was read */
    size_t fresh;               /* bytes allocated since then */
    over_kind over;             /* which budget ran out */
    int over_line;              /* the line running when it did */
    bool raising;               /* the hook raises at every instruction */
    lua_State *L;               /* for the allocator, once the state is made */
    bool no_check;              /* no function `check` */
    const char *check_type;     /* what `check` is instead */
    char *failure;              /* fail()'s message */
} script_run;

/* The error value fail() raises: its address, so no script can forge it. */
static const char fail_token = 0;

/* ---- the budgets ---- */

static double monotonic(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void read_clock(script_run *run)
{
    if (run->over == OVER_NONE && monotonic() > run->deadline) run->over = OVER_TIME;
}

static void budget_hook(lua_State *L, lua_Debug *ar);

/* Past the clock, the hook is set to fire at the next instruction: the
 * library call in progress finishes, and the script stops where it is. */
static void unlink_block(script_block *b)
{
    b->prev->next = b->next;
    b->next->prev = b->prev;
}

static void link_block(script_run *run, script_block *b)
{
    b->prev = &run->live;
    b->next = run->live.next;
    run->live.next->prev = b;
    run->live.next = b;
}

/* The blocks lua_close left: freed. */
static void free_left(script_run *run)
{
    while (run->live.next != &run->live) {
        script_block *b = run->live.next;
        unlink_block(b);
        free(b);
    }
}

static void *budget_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    script_run *run = ud;
    size_t old = ptr ? osize : 0; /* without ptr, osize is the object's kind */
    script_block *b = ptr ? (script_block *)ptr - 1 : NULL;
    if (nsize == 0) {
        if (b) {
            unlink_block(b);
            free(b);
        }
        run->used -= old;
        return NULL;
    }
    if (run->fresh >= CLOCK_BYTES && run->L) {
        run->fresh = 0;
        read_clock(run);
        if (run->over != OVER_NONE) lua_sethook(run->L, budget_hook, LUA_MASKCOUNT, 1);
    }
    if (nsize > old && nsize - old > run->limits.bytes - run->used) {
        run->refused = true;
        return NULL;
    }
    if (nsize > SIZE_MAX - sizeof *b) return NULL;
    if (b) unlink_block(b);
    script_block *p = realloc(b, sizeof *b + nsize);
    if (!p) {
        if (b) link_block(run, b);
        return NULL;
    }
    link_block(run, p);
    run->used = run->used - old + nsize;
    if (nsize > old) run->fresh += nsize - old;
    return p + 1;
}

static script_run *run_of(lua_State *L)
{
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return ud;
}


/* Instructions are counted; time is the net for work done inside library
 * calls (string.rep in a loop), which counts one instruction a call. Past a
 * budget the hook fires at every instruction and raises each time, so a
 * pcall in the script cannot swallow the error and go on. */
static void budget_hook(lua_State *L, lua_Debug *ar)
{
    script_run *run = run_of(L);
    if (run->over == OVER_NONE) {
        run->steps += HOOK_EVERY;
        if (run->steps >= run->limits.instructions) run->over = OVER_STEPS;
        else if (++run->hooks >= CLOCK_EVERY) {
            run->hooks = 0;
            read_clock(run);
        }
        if (run->over == OVER_NONE) return;
    }
    if (!run->raising) {
        run->raising = true;
        run->over_line = lua_getinfo(L, "l", ar) && ar->currentline > 0 ? ar->currentline : 0;
        lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1);
    }
    lua_pushliteral(L, "instruction budget exceeded");
    lua_error(L);
}

/* ---- the sandbox ---- */

/* load() for text only: the mode argument is always "t". Without an
 * environment argument the chunk gets the script's own globals (Lua's
 * load), the sandbox's; a nil one is passed on as nil. */
static int safe_load(lua_State *L)
{
    int args = lua_gettop(L) >= 4 ? 4 : 3;
    lua_settop(L, args);
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, args, LUA_MULTRET);
    return lua_gettop(L);
}

/* xpcall(f, msgh, ...) whose handler runs once the stack has unwound, as
 * an ordinary call: Lua runs a message handler where hooks may be off (an
 * error raised by the budget's own hook), so one that loops there would
 * escape every budget. The handler sees the error value as Lua's would; an
 * error in it is what xpcall returns. */
static int safe_xpcall(lua_State *L)
{
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 1);
    for (int i = 3; i <= n; i++) lua_pushvalue(L, i);
    int status = lua_pcall(L, n > 2 ? n - 2 : 0, LUA_MULTRET, 0);
    if (status == LUA_OK) {
        lua_pushboolean(L, 1);
        lua_insert(L, n + 1);
        return lua_gettop(L) - n;
    }
    if (status != LUA_ERRMEM) {
        lua_pushvalue(L, 2);
        lua_insert(L, -2);
        lua_pcall(L, 1, 1, 0); /* its value, or its own error */
    }
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
}

/* setmetatable() without __gc: Lua runs finalizers with hooks off, outside
 * the instruction budget, so one that never ends would hang cudalab. */
static int safe_setmetatable(lua_State *L)
{
    lua_settop(L, 2);
    lua_pushliteral(L, "__gc");
    if (lua_type(L, 2) == LUA_TTABLE && lua_rawget(L, 2) != LUA_TNIL)
        return luaL_error(L, "a check script cannot set __gc: finalizers run outside the "
                          "instruction budget");
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
}

/* ---- the same text on every run ---- */

/* Lua hashes strings with a seed made per state from the clock and
 * addresses, and tables and functions by address, so next() and pairs()
 * would go over keys in an order that changes from run to run, and so
 * would a report built from them. Here both go in one order: numbers, then
 * strings (bytewise), then false and true. */

/* Work done in C that the hook cannot see: n more instructions. */
static void charge(lua_State *L, lua_Integer n)
{
    script_run *run = run_of(L);
    run->steps += n;
    if (run->over == OVER_NONE && run->steps >= run->limits.instructions) {
        run->over = OVER_STEPS;
        lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1); /* raises at the next instruction */
    }
}

typedef struct key_order {
    int rank;     /* 0 number, 1 string, 2 boolean */
    bool integer;
    lua_Integer i;
    lua_Number n;
    const char *s; /* a string key's bytes: the key lives in the table */
    size_t len;
    int slot;     /* where pairs keeps the key */
} key_order;

static void key_of(lua_State *L, int idx, key_order *k)
{
    memset(k, 0, sizeof *k);
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
        k->integer = lua_isinteger(L, idx);
        if (k->integer) k->i = lua_tointeger(L, idx);
        else k->n = lua_tonumber(L, idx);
        return;
    case LUA_TSTRING:
        k->rank = 1;
        k->s = lua_tolstring(L, idx, &k->len);
        return;
    case LUA_TBOOLEAN:
        k->rank = 2;
        k->i = lua_toboolean(L, idx);
        return;
    default:
        luaL_error(L, "pairs and next go over a table's keys in order (numbers, strings, then "
                   "false and true), and a %s key has no order that a grade can repeat: key the "
                   "table by numbers or strings", luaL_typename(L, idx));
    }
}

/* -1, 0, 1: a total order (an integer before a float of the same value). */
static int key_cmp(const key_order *a, const key_order *b)
{
    if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
    if (a->rank == 1) {
        int c = memcmp(a->s, b->s, a->len < b->len ? a->len : b->len);
        if (c) return c < 0 ? -1 : 1;
        return a->len == b->len ? 0 : a->len < b->len ? -1 : 1;
    }
    if (a->rank == 2 || (a->integer && b->integer)) return a->i == b->i ? 0 : a->i < b->i ? -1 : 1;
    lua_Number x = a->integer ? (lua_Number)a->i : a->n, y = b->integer ? (lua_Number)b->i : b->n;
    if (x != y) return x < y ? -1 : 1;
    return a->integer == b->integer ? 0 : a->integer ? -1 : 1;
}

static int key_qsort_cmp(const void *a, const void *b)
{
    return key_cmp(a, b);
}

/* next(t, k): the key after k in the order, or the first; one pass over t. */
static int ordered_next(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    bool after = !lua_isnil(L, 2), found = false;
    key_order from, best, k;
    if (after) key_of(L, 2, &from);
    lua_pushnil(L); /* 3: the best key so far */
    lua_pushnil(L);
    lua_Integer n = 0;
    while (lua_next(L, 1)) {
        n++;
        key_of(L, -2, &k);
        if ((!after || key_cmp(&k, &from) > 0) && (!found || key_cmp(&k, &best) < 0)) {
            best = k;
            found = true;
            lua_pushvalue(L, -2);
            lua_replace(L, 3);
        }
        lua_pop(L, 1);
    }
    charge(L, n);
    if (!found) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushvalue(L, 3);
    lua_rawget(L, 1);
    return 2;
}

/* The iterator pairs returns: upvalues the sorted keys and where it is;
 * a key cleared since pairs began is passed over. */
static int ordered_step(lua_State *L)
{
    lua_Integer at = lua_tointeger(L, lua_upvalueindex(2));
    luaL_checktype(L, 1, LUA_TTABLE);
    for (;;) {
        if (lua_rawgeti(L, lua_upvalueindex(1), ++at) == LUA_TNIL) break;
        lua_pushvalue(L, -1);
        if (lua_rawget(L, 1) != LUA_TNIL) break;
        lua_pop(L, 2);
    }
    lua_pushinteger(L, at);
    lua_replace(L, lua_upvalueindex(2));
    return lua_isnil(L, -1) ? 1 : 2;
}

/* pairs(t): its __pairs where it has one; else the keys as they are now,
 * sorted, then each key's value when the loop reaches it. */
static int ordered_pairs(lua_State *L)
{
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    lua_Integer n = 0;
    for (lua_pushnil(L); lua_next(L, 1); lua_pop(L, 1)) n++;
    charge(L, n);
    key_order *keys = lua_newuserdatauv(L, (size_t)n * sizeof *keys + 1, 0); /* 2 */
    lua_createtable(L, n < INT32_MAX ? (int)n : 0, 0);                       /* 3: as found */
    int i = 0;
    for (lua_pushnil(L); lua_next(L, 1); lua_pop(L, 1)) { /* n keys: t cannot change here */
        lua_pushvalue(L, -2);
        lua_rawseti(L, 3, ++i);
        lua_rawgeti(L, 3, i); /* the table's own copy, for key_of's bytes */
        key_of(L, -1, &keys[i - 1]);
        keys[i - 1].slot = i;
        lua_pop(L, 1);
    }
    qsort(keys, (size_t)i, sizeof *keys, key_qsort_cmp);
    lua_createtable(L, i, 0); /* 4: in order */
    for (int j = 0; j < i; j++) {
        lua_rawgeti(L, 3, keys[j].slot);
        lua_rawseti(L, 4, j + 1);
    }
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, ordered_step, 2);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* What tostring shows: a __tostring's text, a scalar's, or the type's name
 * alone for a table, function or userdata (Lua's adds its address).
 * Pushed. */
static const char *text_of(lua_State *L, int idx, size_t *len)
{
    idx = lua_absindex(L, idx);
    int t = lua_type(L, idx);
    bool own = luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL;
    if (own) lua_pop(L, 1);
    if (own || t == LUA_TNIL || t == LUA_TBOOLEAN || t == LUA_TNUMBER || t == LUA_TSTRING)
        return luaL_tolstring(L, idx, len);
    lua_pushstring(L, lua_typename(L, t));
    return lua_tolstring(L, -1, len);
}

static int safe_tostring(lua_State *L)
{
    luaL_checkany(L, 1);
    text_of(L, 1, NULL);
    return 1;
}

/* string.format with no address in its text: %p is refused, and a table,
 * function or userdata for %s is shown as tostring shows it. */
static int safe_format(lua_State *L)
{
    const char *f = luaL_checkstring(L, 1);
    for (; *f; f++) {
        if (*f != '%') continue;
        if (*++f == '%') continue;
        while (*f && strchr("-+ #0123456789.", *f)) f++;
        if (*f == 'p')
            return luaL_error(L, "string.format's %%p writes an address, which changes from run "
                              "to run: a check script cannot use it");
        if (!*f) break;
    }
    int n = lua_gettop(L);
    for (int i = 2; i <= n; i++) {
        int t = lua_type(L, i);
        if (t == LUA_TNIL || t == LUA_TBOOLEAN || t == LUA_TNUMBER || t == LUA_TSTRING) continue;
        text_of(L, i, NULL);
        lua_replace(L, i);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, 1);
    return 1;
}

/* Global name := a closure of fn over the global's present value. */
static void wrap_global(lua_State *L, const char *name, lua_CFunction fn)
{
    lua_getglobal(L, name);
    lua_pushcclosure(L, fn, 1);
    lua_setglobal(L, name);
}

static void open_libs(lua_State *L)
{
    static const luaL_Reg libs[] = {
        {LUA_GNAME, luaopen_base},        {LUA_STRLIBNAME, luaopen_string},
        {LUA_TABLIBNAME, luaopen_table},  {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8},
    };
    for (size_t i = 0; i < sizeof libs / sizeof *libs; i++) {
        luaL_requiref(L, libs[i].name, libs[i].func, 1);
        lua_pop(L, 1);
    }
    /* Gone: files (dofile, loadfile), and output that cudalab's own output
     * would get mixed with (print, warn). */
    static const char *const removed[] = {"dofile", "loadfile", "print", "warn"};
    for (size_t i = 0; i < sizeof removed / sizeof *removed; i++) {
        lua_pushnil(L);
        lua_setglobal(L, removed[i]);
    }
    /* Pattern matching backtracks inside one call, where no budget can stop
     * it ("x*x*x*x*y"); string.dump makes compiled chunks. */
    static const char *const unstrung[] = {"dump", "find", "match", "gmatch", "gsub"};
    lua_getglobal(L, LUA_STRLIBNAME);
    for (size_t i = 0; i < sizeof unstrung / sizeof *unstrung; i++) {
        lua_pushnil(L);
        lua_setfield(L, -2, unstrung[i]);
    }
    lua_pop(L, 1);
    wrap_global(L, "load", safe_load);
    wrap_global(L, "setmetatable", safe_setmetatable);
    wrap_global(L, "xpcall", safe_xpcall);
    wrap_global(L, "tostring", safe_tostring);
    wrap_global(L, "pairs", ordered_pairs);
    wrap_global(L, "next", ordered_next);
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_getfield(L, -1, "format");
    lua_pushcclosure(L, safe_format, 1);
    lua_setfield(L, -2, "format");
    lua_pop(L, 1);
    /* The same random numbers on every run, so a grade can be repeated. */
    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_getfield(L, -1, "randomseed");
    lua_pushinteger(L, 0);
    lua_call(L, 1, 0);
    lua_pop(L, 1);
}

/* ---- buffers: read-only, 0-based userdata ---- */

typedef struct buffer_ud {
    const script_buffer *b;
    const char *group; /* "inputs", "outputs", "reference" */
} buffer_ud;

static const char *elem_name(script_elem e)
{
    switch (e) {
    case SCRIPT_F32: return "float";
    case SCRIPT_I32: return "int";
    case SCRIPT_U32: return "unsigned";
    case SCRIPT_U8: return "unsigned char";
    }
    return "?";
}

static void push_elem(lua_State *L, const script_buffer *b, size_t i)
{
    switch (b->elem) {
    case SCRIPT_F32: lua_pushnumber(L, ((const float *)b->data)[i]); return;
    case SCRIPT_I32: lua_pushinteger(L, ((const int32_t *)b->data)[i]); return;
    case SCRIPT_U32: lua_pushinteger(L, ((const uint32_t *)b->data)[i]); return;
    case SCRIPT_U8: lua_pushinteger(L, ((const uint8_t *)b->data)[i]); return;
    }
    lua_pushnil(L);
}

static int buffer_index(lua_State *L)
{
    const buffer_ud *u = luaL_checkudata(L, 1, BUFFER_META);
    const script_buffer *b = u->b;
    int exact = 0, number = lua_type(L, 2) == LUA_TNUMBER;
    lua_Integer i = number ? lua_tointegerx(L, 2, &exact) : 0;
    if (!exact) {
        const char *what = number ? luaL_tolstring(L, 2, NULL) : luaL_typename(L, 2);
        return luaL_error(L, "t.%s.%s is indexed with %s %s: an index is a whole number, "
                          "0 to #t.%s.%s - 1", u->group, b->name, number ? "the number" : "a",
                          what, u->group, b->name);
    }
    if (i < 0 || (lua_Unsigned)i >= b->count) {
        if (b->count == 0)
            return luaL_error(L, "t.%s.%s[%I] is out of range: the buffer is empty", u->group,
                              b->name, i);
        return luaL_error(L, "t.%s.%s[%I] is out of range: the buffer has %I elements, "
                          "0 to %I (buffers are 0-based: for i = 0, #b - 1 do)", u->group, b->name,
                          i, (lua_Integer)b->count, (lua_Integer)b->count - 1);
    }
    push_elem(L, b, (size_t)i);
    return 1;
}

static int buffer_len(lua_State *L)
{
    const buffer_ud *u = luaL_checkudata(L, 1, BUFFER_META);
    lua_pushinteger(L, (lua_Integer)u->b->count);
    return 1;
}

static int buffer_newindex(lua_State *L)
{
    const buffer_ud *u = luaL_checkudata(L, 1, BUFFER_META);
    return luaL_error(L, "t.%s.%s is read-only", u->group, u->b->name);
}

static int buffer_tostring(lua_State *L)
{
    const buffer_ud *u = luaL_checkudata(L, 1, BUFFER_META);
    lua_pushfstring(L, "t.%s.%s (%I %s)", u->group, u->b->name, (lua_Integer)u->b->count,
                    elem_name(u->b->elem));
    return 1;
}

/* pairs(buf) gives i, buf[i] for i = 0 .. #buf - 1. */
static int buffer_next(lua_State *L)
{
    const buffer_ud *u = luaL_checkudata(L, 1, BUFFER_META);
    lua_Integer i = 0;
    if (!lua_isnil(L, 2)) {
        lua_Integer k = luaL_checkinteger(L, 2); /* k + 1 only when it cannot overflow */
        if (k < 0 || (lua_Unsigned)k + 1 >= u->b->count) return 0;
        i = k + 1;
    }
    if ((lua_Unsigned)i >= u->b->count) return 0;
    lua_pushinteger(L, i);
    push_elem(L, u->b, (size_t)i);
    return 2;
}

static int buffer_pairs(lua_State *L)
{
    luaL_checkudata(L, 1, BUFFER_META);
    lua_pushcfunction(L, buffer_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

static void make_buffer_meta(lua_State *L)
{
    static const luaL_Reg meta[] = {
        {"__index", buffer_index},       {"__len", buffer_len},
        {"__newindex", buffer_newindex}, {"__tostring", buffer_tostring},
        {"__pairs", buffer_pairs},       {NULL, NULL},
    };
    luaL_newmetatable(L, BUFFER_META);
    luaL_setfuncs(L, meta, 0);
    lua_pushliteral(L, "buffers are read-only");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
}

/* A table of buffers by name, left on the stack. */
static void push_group(lua_State *L, const char *group, const script_buffer *bs, int n)
{
    lua_createtable(L, 0, n > 0 ? n : 0);
    for (int i = 0; i < n; i++) {
        if (!bs[i].name) continue;
        buffer_ud *u = lua_newuserdatauv(L, sizeof *u, 0);
        u->b = &bs[i];
        u->group = group;
        luaL_setmetatable(L, BUFFER_META);
        lua_setfield(L, -2, bs[i].name);
    }
}

/* t, left on the stack. */
static void push_view(lua_State *L, const script_view *v)
{
    lua_createtable(L, 0, 5);
    lua_pushstring(L, v->kernel ? v->kernel : "");
    lua_setfield(L, -2, "kernel");
    lua_createtable(L, 0, v->nsize > 0 ? v->nsize : 0);
    for (int i = 0; i < v->nsize; i++) {
        if (!v->size_keys[i]) continue;
        lua_pushinteger(L, v->size_values[i]);
        lua_setfield(L, -2, v->size_keys[i]);
    }
    lua_setfield(L, -2, "size");
    push_group(L, "inputs", v->inputs, v->ninputs);
    lua_setfield(L, -2, "inputs");
    push_group(L, "outputs", v->outputs, v->noutputs);
    lua_setfield(L, -2, "outputs");
    push_group(L, "reference", v->reference, v->nreference);
    lua_setfield(L, -2, "reference");
}

/* ---- fail() and the error handler ---- */

static int fail_fn(lua_State *L)
{
    script_run *run = run_of(L);
    if (run->at != PHASE_CHECK)
        return luaL_error(L, "fail() was called outside check(t): call it only while "
                          "check(t) runs, to say what is wrong with the student's outputs");
    size_t len = 0;
    const char *msg = lua_isnoneornil(L, 1) && lua_gettop(L) == 0
                          ? "check failed" : text_of(L, 1, &len);
    if (!run->failure) { /* the first failure stands, even if a pcall catches it */
        if (!len) len = strlen(msg);
        run->failure = cl_strndup(msg, len < SCRIPT_MAX_FAILURE ? len : SCRIPT_MAX_FAILURE);
    }
    lua_pushlightuserdata(L, (void *)&fail_token);
    return lua_error(L);
}

/* The registry's key for the script's check function. */
#define CHECK_KEY "cudalab check"

/* The function of the frame ar is pushed (lua_getinfo's "f"); popped here. */
static const char *frame_name(lua_State *L, const lua_Debug *ar)
{
    lua_getfield(L, LUA_REGISTRYINDEX, CHECK_KEY);
    bool is_check = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    if (is_check) return "check";
    if (!strcmp(ar->what, "main")) return "the top level";
    return ar->name ? ar->name : "a function";
}

/* A string error gets the script's frames after it: "... (in helper,
 * called from line 30 in check)". Other values pass as they are. */
static int message_handler(lua_State *L)
{
    if (lua_type(L, 1) != LUA_TSTRING) return 1;
    const script_run *run = run_of(L);
    char source[sizeof run->chunk + 1];
    snprintf(source, sizeof source, "@%s", run->chunk);
    luaL_Buffer b;
    luaL_buffinit(L, &b); /* pushes a placeholder: add a copy of the message */
    lua_pushvalue(L, 1);
    luaL_addvalue(&b);
    lua_Debug ar;
    int shown = 0;
    for (int level = 1; shown <= TRACE_FRAMES && lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Slnf", &ar)) continue;
        const char *name = frame_name(L, &ar);
        if (ar.currentline <= 0 || strcmp(ar.source, source)) continue;
        if (shown == TRACE_FRAMES) luaL_addstring(&b, ", ...");
        else if (shown == 0) lua_pushfstring(L, " (in %s", name);
        else lua_pushfstring(L, ", called from line %d in %s", ar.currentline, name);
        if (shown < TRACE_FRAMES) luaL_addvalue(&b);
        shown++;
    }
    if (shown) luaL_addchar(&b, ')');
    luaL_pushresult(&b);
    return 1;
}

/* ---- one run ---- */

static bool is_compiled(const char *text, size_t len)
{
    return len > 0 && text[0] == LUA_SIGNATURE[0];
}

/* Everything after lua_newstate; its errors end in the caller's lua_pcall. */
static int run_body(lua_State *L)
{
    script_run *run = run_of(L);
    const char *text = lua_touserdata(L, 1);
    size_t len = (size_t)lua_tointeger(L, 2);
    lua_settop(L, 0);
    open_libs(L);
    make_buffer_meta(L);
    lua_pushcfunction(L, fail_fn);
    lua_setglobal(L, "fail");
    run->at = PHASE_LOAD;
    char name[sizeof run->chunk + 1];
    snprintf(name, sizeof name, "@%s", run->chunk);
    if (luaL_loadbufferx(L, text, len, name, "t") != LUA_OK) return lua_error(L);
    lua_sethook(L, budget_hook, LUA_MASKCOUNT, HOOK_EVERY);
    run->at = PHASE_TOP;
    lua_call(L, 0, 0);
    run->at = PHASE_FIND;
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    lua_pushliteral(L, "check");
    if (lua_rawget(L, -2) != LUA_TFUNCTION) {
        run->no_check = true;
        run->check_type = luaL_typename(L, -1);
        return 0;
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, CHECK_KEY);
    if (run->view) {
        push_view(L, run->view);
        run->at = PHASE_CHECK;
        lua_call(L, 1, 0);
    }
    run->at = PHASE_DONE;
    return 0;
}

/* "check.lua:12: rest" → 12 and "rest"; other messages as they are. */
static const char *split_where(const script_run *run, const char *msg, int *line)
{
    size_t n = strlen(run->chunk);
    *line = 0;
    if (strncmp(msg, run->chunk, n) || msg[n] != ':') return msg;
    char *end = NULL;
    long l = strtol(msg + n + 1, &end, 10);
    if (end == msg + n + 1 || *end != ':' || l <= 0 || l > INT32_MAX) return msg;
    *line = (int)l;
    return end[1] == ' ' ? end + 2 : end + 1;
}

static cl_status report_error(const script_run *run, const char *msg, cl_error *err)
{
    int line;
    const char *rest = split_where(run, msg, &line);
    if (run->at == PHASE_LOAD)
        return cl_fail(err, CL_MANIFEST, run->path, line, 0, "%s: syntax error: %s",
                       run->chunk, rest);
    const char *when = run->at == PHASE_CHECK ? "while check(t) ran" : "at its top level";
    return cl_fail(err, CL_MANIFEST, run->path, line, 0,
                   "%s raised an error %s: %s (fail(\"...\") says a student's answer is wrong; "
                   "any other error means the script needs fixing)", run->chunk, when, rest);
}

static cl_status report(const script_run *run, int status, const char *msg, cl_error *err)
{
    char steps[32];
    long long budget = run->limits.instructions > 0 ? run->limits.instructions : 0;
    if (run->over == OVER_STEPS)
        return cl_fail(err, CL_LIMIT, run->path, run->over_line, 0,
                       "%s ran past %s instructions, the budget of one check: an endless "
                       "loop? Read each element once (for i = 0, #b - 1 do) and return at the "
                       "first fail()", run->chunk,
                       cl_group_digits(steps, sizeof steps, (unsigned long long)budget));
    if (run->over == OVER_TIME)
        return cl_fail(err, CL_LIMIT, run->path, run->over_line, 0,
                       "%s ran for more than %g s, the budget of one check: a library call "
                       "in a loop over large strings or tables?", run->chunk,
                       run->limits.seconds);
    if (run->failure) return CL_OK;
    bool memory = status == LUA_ERRMEM ||
                  (status != LUA_OK && run->refused &&
                   (status == LUA_ERRERR || strstr(msg, "not enough memory")));
    if (memory)
        return cl_fail(err, CL_LIMIT, run->path, 0, 0,
                       "%s used more than %zu MiB of memory, the budget of one check: read "
                       "elements where they are (t.outputs.NAME[i]) rather than copying "
                       "buffers into tables or strings", run->chunk, run->limits.bytes >> 20);
    if (status != LUA_OK) return report_error(run, msg, err);
    if (run->no_check)
        return cl_fail(err, CL_MANIFEST, run->path, 0, 0,
                       "%s defines no function check (check is %s): a check script must "
                       "define function check(t) ... end (docs/day-format.md, check.lua)",
                       run->chunk, run->check_type);
    return CL_OK;
}

static void name_chunk(script_run *run, const char *path)
{
    const char *slash = strrchr(path, '/');
    snprintf(run->chunk, sizeof run->chunk, "%s", slash && slash[1] ? slash + 1 : path);
}

static cl_status run_script(const char *path, const script_view *v, const script_limits *lim,
                            char **failure, cl_error *err)
{
    script_run run = {.path = path, .view = v, .limits = lim ? *lim : script_default_limits};
    run.live.prev = run.live.next = &run.live;
    run.deadline = monotonic() + run.limits.seconds;
    char *text = NULL;
    size_t len = 0;
    lua_State *L = NULL;
    name_chunk(&run, path);
    cl_status st = cl_read_file(path, &text, &len, err);
    if (st != CL_OK) goto done;
    if (is_compiled(text, len)) {
        st = cl_fail(err, CL_MANIFEST, path, 0, 0, "%s is a compiled Lua chunk: cudalab runs "
                     "check scripts from their source text only", run.chunk);
        goto done;
    }
    L = lua_newstate(budget_alloc, &run);
    if (!L) {
        st = cl_fail(err, CL_NOMEM, path, 0, 0, "cannot make a Lua state for %s", run.chunk);
        goto done;
    }
    run.L = L;
    lua_pushcfunction(L, message_handler);
    lua_pushcfunction(L, run_body);
    lua_pushlightuserdata(L, text);
    lua_pushinteger(L, (lua_Integer)len);
    int status = lua_pcall(L, 2, 0, 1);
    char other[80];
    snprintf(other, sizeof other, "an error value of type %s, not a message",
             luaL_typename(L, -1));
    const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : other;
    st = report(&run, status, msg, err);
done:
    run.L = NULL; /* lua_close frees; no hook is set from here on */
    if (L) lua_close(L); /* finalizers still run under the budget */
    free_left(&run);
    free(text);
    if (st == CL_OK && failure) *failure = run.failure;
    else free(run.failure);
    return st;
}

const script_limits script_default_limits = {
    SCRIPT_MAX_INSTRUCTIONS, SCRIPT_MAX_BYTES, SCRIPT_MAX_SECONDS,
};

cl_status script_validate(const char *path, cl_error *err)
{
    return run_script(path, NULL, NULL, NULL, err);
}

cl_status script_check(const char *path, const script_view *v, char **failure, cl_error *err)
{
    return script_check_limited(path, v, NULL, failure, err);
}

cl_status script_check_limited(const char *path, const script_view *v, const script_limits *lim,
                               char **failure, cl_error *err)
{
    *failure = NULL;
    return run_script(path, v, lim, failure, err);
}
