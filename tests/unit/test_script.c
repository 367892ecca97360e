/* test_script.c - check.lua: the API a script sees (0-based read-only
 * buffers, ints and floats, fail), the errors an author gets (syntax and
 * runtime errors at their line, no check, out of range), the sandbox (no io,
 * os, require, files, binary chunks) and the budgets (endless loops, memory
 * bombs), and a hostile mix that must never crash or hang. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "days/script.h"

static char dir[] = "/tmp/cudalab-script-XXXXXX";
static char path[sizeof dir + 16];

/* The view every test sees: inputs x (int) and f (float); outputs out
 * (float) and flags (u8); the reference's out and flags. */
static const int32_t x[4] = {10, 20, 30, -40};
static const float f[3] = {0.5f, -1.25f, 3.0f};
static const uint32_t big[2] = {0xffffffffu, 7};
static const float mine[4] = {1, 2, 3, 4};
static const float ref_out[4] = {1, 2, 3.5f, 4};
static const uint8_t flags[2] = {255, 0};
static const script_buffer inputs[] = {
    {"x", SCRIPT_I32, x, 4}, {"f", SCRIPT_F32, f, 3}, {"big", SCRIPT_U32, big, 2},
    {"empty", SCRIPT_F32, NULL, 0},
};
static const script_buffer outputs[] = {{"out", SCRIPT_F32, mine, 4}, {"flags", SCRIPT_U8, flags, 2}};
static const script_buffer reference[] = {{"out", SCRIPT_F32, ref_out, 4},
                                          {"flags", SCRIPT_U8, flags, 2}};
static const char *const keys[] = {"n", "rows"};
static const long long values[] = {4, 1};
static const script_view view = {"scanRows", keys, values, 2, inputs, 4,
                                 outputs, 2, reference, 2};

static void write_script(const char *text)
{
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    fputs(text, fp);
    fclose(fp);
}

/* Run text as check.lua against view; failure and err filled. The default
 * budgets but a long clock: a loaded test machine must not make the clock
 * stop a loop before the instruction budget does. */
static cl_status run(const char *text, char **failure, cl_error *err)
{
    script_limits lim = script_default_limits;
    lim.seconds = 600;
    write_script(text);
    memset(err, 0, sizeof *err);
    return script_check_limited(path, &view, &lim, failure, err);
}

static void expect_pass(const char *text)
{
    char *failure = NULL;
    cl_error err;
    cl_status st = run(text, &failure, &err);
    if (st != CL_OK || failure) fprintf(stderr, "%s\n%s\n", err.message, failure ? failure : "");
    assert_int_equal(st, CL_OK);
    assert_null(failure);
}

static void expect_failure(const char *text, const char *want)
{
    char *failure = NULL;
    cl_error err;
    cl_status st = run(text, &failure, &err);
    if (st != CL_OK) fprintf(stderr, "%s\n", err.message);
    assert_int_equal(st, CL_OK);
    assert_non_null(failure);
    assert_string_equal(failure, want);
    free(failure);
}

/* A broken script: status st at line (0: any), message containing want. */
static void expect_broken(const char *text, cl_status want_st, int line, const char *want)
{
    char *failure = (char *)"unset";
    cl_error err;
    cl_status st = run(text, &failure, &err);
    if (st != want_st || !strstr(err.message, want) || (line && err.line != line))
        fprintf(stderr, "got %s at line %d: %s\n", cl_status_name(st), err.line, err.message);
    assert_int_equal(st, want_st);
    assert_null(failure);
    assert_string_equal(err.file, path);
    if (line) assert_int_equal(err.line, line);
    assert_non_null(strstr(err.message, want));
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU: the machine may be shared */
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(dir)) return -1;
    snprintf(path, sizeof path, "%s/check.lua", dir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    unlink(path);
    return rmdir(dir);
}

static void test_pass(void **state)
{
    (void)state;
    expect_pass("function check(t)\n"
                "  for i = 0, #t.outputs.flags - 1 do\n"
                "    if t.outputs.flags[i] ~= t.reference.flags[i] then fail('flags') end\n"
                "  end\n"
                "end\n");
    assert_int_equal(script_validate(path, NULL), CL_OK);
}

static void test_fail_message(void **state)
{
    (void)state;
    expect_failure("function check(t)\n"
                   "  local o, r = t.outputs.out, t.reference.out\n"
                   "  for i = 0, #o - 1 do\n"
                   "    if o[i] ~= r[i] then\n"
                   "      fail(string.format('out[%d] is %g, the reference has %g', i, o[i], r[i]))\n"
                   "    end\n"
                   "  end\n"
                   "end\n",
                   "out[2] is 3, the reference has 3.5");
    expect_failure("function check(t) fail(42) end", "42");
    expect_failure("function check(t) fail() end", "check failed");
    expect_failure("function check(t)\n"
                   "  fail(setmetatable({}, {__tostring = function() return 'a table' end}))\n"
                   "end\n", "a table");
    /* A failure stands even when the script catches it. */
    expect_failure("function check(t) pcall(fail, 'first'); fail('second') end", "first");
    /* A long message is cut. */
    char *failure = NULL;
    cl_error err;
    assert_int_equal(run("function check(t) fail(string.rep('x', 100000)) end", &failure, &err),
                     CL_OK);
    assert_int_equal(strlen(failure), SCRIPT_MAX_FAILURE);
    free(failure);
}

/* The example of docs/day-format.md, as it is there. */
static void test_doc_example(void **state)
{
    (void)state;
    expect_failure("local function bits(x) return string.unpack(\"<I4\", string.pack(\"<f\", x)) end\n"
                   "\n"
                   "function check(t)\n"
                   "  local out, ref = t.outputs.out, t.reference.out\n"
                   "  for i = 0, #out - 1 do\n"
                   "    if out[i] ~= ref[i] and bits(out[i]) ~= bits(ref[i]) then\n"
                   "      fail(string.format(\"out[%d] is %g where the reference has %g (n = %d)\",\n"
                   "                         i, out[i], ref[i], t.size.n))\n"
                   "    end\n"
                   "  end\n"
                   "end\n",
                   "out[2] is 3 where the reference has 3.5 (n = 4)");
}

static void test_runtime_error_line(void **state)
{
    (void)state;
    expect_broken("function check(t)\n"
                  "  local s = t.size\n"
                  "  return s.missing.field\n"
                  "end\n",
                  CL_MANIFEST, 3, "raised an error while check(t) ran: attempt to index a nil value");
    expect_broken("local function helper(v)\n"
                  "  return v + {}\n"
                  "end\n"
                  "function check(t)\n"
                  "  helper(1)\n"
                  "end\n",
                  CL_MANIFEST, 2, "(in helper, called from line 5 in check)");
    expect_broken("function check(t) error('my own bug') end", CL_MANIFEST, 1, "my own bug");
    expect_broken("function check(t) error({}) end", CL_MANIFEST, 0,
                  "an error value of type table, not a message");
    expect_broken("local x = nil\nx()\nfunction check(t) end", CL_MANIFEST, 2,
                  "at its top level: attempt to call a nil value");
    expect_broken("fail('too early')\nfunction check(t) end", CL_MANIFEST, 1,
                  "fail() was called outside check(t)");
    expect_broken("local function f() return 1 + f() end\nfunction check(t) f() end",
                  CL_MANIFEST, 0, "stack overflow");
}

static void test_syntax_error_at_validate(void **state)
{
    (void)state;
    write_script("function check(t)\n  local x = \nend\n");
    cl_error err;
    assert_int_equal(script_validate(path, &err), CL_MANIFEST);
    assert_string_equal(err.file, path);
    assert_int_equal(err.line, 3);
    assert_non_null(strstr(err.message, "check.lua: syntax error: unexpected symbol near 'end'"));
    expect_broken("function check(t)\n  if x then\nend\n", CL_MANIFEST, 4,
                  "syntax error: 'end' expected (to close 'function' at line 1) near <eof>");
}

static void test_missing_check(void **state)
{
    (void)state;
    cl_error err;
    write_script("function chek(t) end\n");
    assert_int_equal(script_validate(path, &err), CL_MANIFEST);
    assert_non_null(strstr(err.message, "defines no function check (check is nil)"));
    write_script("check = 3\n");
    assert_int_equal(script_validate(path, &err), CL_MANIFEST);
    assert_non_null(strstr(err.message, "(check is number)"));
    /* rawget: a metatable on _G cannot make up a check, nor run code for it. */
    write_script("setmetatable(_G, {__index = function() while true do end end})\n");
    assert_int_equal(script_validate(path, &err), CL_MANIFEST);
    assert_non_null(strstr(err.message, "defines no function check"));
}

static void test_files(void **state)
{
    (void)state;
    cl_error err;
    unlink(path);
    assert_int_equal(script_validate(path, &err), CL_NOT_FOUND);
    assert_int_equal(script_validate(dir, &err), CL_IO);
    write_script("\x1bLua\x54");
    assert_int_equal(script_validate(path, &err), CL_MANIFEST);
    assert_non_null(strstr(err.message, "is a compiled Lua chunk"));
}

static void test_sandbox(void **state)
{
    (void)state;
    expect_pass("function check(t)\n"
                "  for _, name in ipairs{'io', 'os', 'package', 'debug', 'require', 'dofile',\n"
                "                        'loadfile', 'print', 'coroutine', 'warn'} do\n"
                "    if _G[name] ~= nil then fail(name .. ' is there') end\n"
                "  end\n"
                "  for _, name in ipairs{'dump', 'find', 'match', 'gmatch', 'gsub'} do\n"
                "    if string[name] then fail('string.' .. name .. ' is there') end\n"
                "  end\n"
                "  if load('return 6 * 7')() ~= 42 then fail('text load') end\n"
                "  local f, msg = load('\\27Lua\\84\\0')\n"
                "  if f or msg ~= \"attempt to load a binary chunk (mode is 't')\" then\n"
                "    fail('binary load: ' .. tostring(msg))\n"
                "  end\n"
                "  if string.unpack('<I4', string.pack('<f', 1.0)) ~= 0x3f800000 then fail('pack') end\n"
                "  if math.type(math.random(1, 10)) ~= 'integer' then fail('math') end\n"
                "  if utf8.len('\\u{e9}t\\u{e9}') ~= 3 or table.concat({1, 2}, ',') ~= '1,2' then\n"
                "    fail('libraries')\n"
                "  end\n"
                "end\n");
    char *touched = cl_sprintf("%s/touched", dir);
    expect_broken("function check(t)\n  os.execute('touch touched')\nend\n", CL_MANIFEST, 2,
                  "attempt to index a nil value (global 'os')");
    expect_broken("function check(t)\n  io.open('/etc/passwd')\nend\n", CL_MANIFEST, 2,
                  "attempt to index a nil value (global 'io')");
    expect_broken("local m = require('os')\nfunction check(t) end\n", CL_MANIFEST, 1,
                  "attempt to call a nil value (global 'require')");
    expect_broken("function check(t) dofile('/etc/passwd') end", CL_MANIFEST, 1,
                  "global 'dofile'");
    assert_false(cl_file_exists(touched));
    free(touched);
    /* The same random numbers each run. */
    char *a = NULL, *b = NULL;
    cl_error err;
    const char *rnd = "function check(t) fail(tostring(math.random(1, 1000000000))) end";
    assert_int_equal(run(rnd, &a, &err), CL_OK);
    assert_int_equal(run(rnd, &b, &err), CL_OK);
    assert_string_equal(a, b);
    free(a);
    free(b);
}

static void test_zero_based(void **state)
{
    (void)state;
    expect_failure("function check(t)\n"
                   "  local x = t.inputs.x\n"
                   "  fail(x[0] .. ' ' .. x[1] .. ' ' .. x[3] .. ' ' .. t.kernel .. ' n=' ..\n"
                   "       t.size.n .. ' rows=' .. t.size.rows)\n"
                   "end\n",
                   "10 20 -40 scanRows n=4 rows=1");
    /* pairs(buf) goes 0 .. #buf - 1. */
    expect_failure("function check(t)\n"
                   "  local s = ''\n"
                   "  for i, v in pairs(t.inputs.x) do s = s .. i .. '=' .. v .. ' ' end\n"
                   "  fail(s)\n"
                   "end\n",
                   "0=10 1=20 2=30 3=-40 ");
}

static void test_ints_and_floats(void **state)
{
    (void)state;
    expect_failure("function check(t)\n"
                   "  local i, f, b, u = t.inputs.x, t.inputs.f, t.inputs.big, t.outputs.flags\n"
                   "  fail(string.format('%s %s %s %s | %s %s %s %s',\n"
                   "       math.type(i[0]), math.type(f[0]), math.type(b[0]), math.type(u[0]),\n"
                   "       i[3], f[1], b[0], u[0]))\n"
                   "end\n",
                   "integer float integer integer | -40 -1.25 4294967295 255");
}

static void test_len(void **state)
{
    (void)state;
    expect_failure("function check(t)\n"
                   "  fail(#t.inputs.x .. ' ' .. #t.inputs.f .. ' ' .. #t.inputs.empty .. ' ' ..\n"
                   "       #t.outputs.flags .. ' ' .. tostring(t.outputs.out))\n"
                   "end\n",
                   "4 3 0 2 t.outputs.out (4 float)");
}

static void test_index_out_of_range(void **state)
{
    (void)state;
    expect_broken("function check(t)\n  local o = t.outputs.out\n  return o[#o]\nend\n",
                  CL_MANIFEST, 3,
                  "t.outputs.out[4] is out of range: the buffer has 4 elements, 0 to 3 "
                  "(buffers are 0-based");
    expect_broken("function check(t) return t.inputs.x[-1] end", CL_MANIFEST, 1,
                  "t.inputs.x[-1] is out of range");
    expect_broken("function check(t) return t.inputs.empty[0] end", CL_MANIFEST, 1,
                  "t.inputs.empty[0] is out of range: the buffer is empty");
    expect_broken("function check(t) return t.reference.out[1.5] end", CL_MANIFEST, 1,
                  "t.reference.out is indexed with the number 1.5");
    expect_broken("function check(t) return t.inputs.x.len end", CL_MANIFEST, 1,
                  "t.inputs.x is indexed with a string");
    expect_broken("function check(t)\n  t.outputs.out[0] = 1\nend\n", CL_MANIFEST, 2,
                  "t.outputs.out is read-only");
    expect_failure("function check(t) fail(getmetatable(t.outputs.out)) end",
                   "buffers are read-only");
}

static void test_budget_stops_endless_loops(void **state)
{
    (void)state;
    double t0 = now();
    expect_broken("function check(t)\n  local i = 0\n  while true do i = i + 1 end\nend\n",
                  CL_LIMIT, 3, "check.lua ran past 200,000,000 instructions");
    double t1 = now();
    /* A pcall cannot catch the budget's error and go on. */
    expect_broken("function check(t)\n"
                  "  while true do pcall(function() while true do end end) end\n"
                  "end\n", CL_LIMIT, 2, "ran past 200,000,000 instructions");
    /* At the top level too, found by validate (under the default clock:
     * either budget is CL_LIMIT at line 1). */
    write_script("repeat until false\nfunction check(t) end\n");
    cl_error err;
    assert_int_equal(script_validate(path, &err), CL_LIMIT);
    assert_int_equal(err.line, 1);
    /* Nor can a to-be-closed variable's __close, run as the error unwinds. */
    expect_broken("function check(t)\n"
                  "  local x <close> = setmetatable({}, {__close = function()\n"
                  "    while true do end\n"
                  "  end})\n"
                  "  while true do end\n"
                  "end\n", CL_LIMIT, 5, "ran past 200,000,000 instructions");
    /* Nor load() with a reader that never ends: each call is a few
     * instructions and much C, so the clock comes first. */
    script_limits lim = script_default_limits;
    lim.seconds = 1;
    write_script("function check(t) load(function() return ' ' end) end");
    char *failure = NULL;
    assert_int_equal(script_check_limited(path, &view, &lim, &failure, &err), CL_LIMIT);
    assert_non_null(strstr(err.message, "ran for more than 1 s"));
    /* Finalizers run with hooks off, outside the budget: refused. */
    expect_broken("setmetatable({}, {__gc = function() while true do end end})\n"
                  "function check(t) collectgarbage() end\n", CL_MANIFEST, 1,
                  "cannot set __gc");
    expect_pass("function check(t) setmetatable({}, {__index = {}}) end");
    fprintf(stderr, "endless loop stopped after %.2f s of CPU\n", t1 - t0);
    assert_true(t1 - t0 < 30);
}

static void test_memory_bomb(void **state)
{
    (void)state;
    double t0 = now();
    expect_broken("function check(t)\n  local s = 'x'\n  while true do s = s .. s end\nend\n",
                  CL_LIMIT, 0, "check.lua used more than 256 MiB of memory");
    fprintf(stderr, "string bomb stopped after %.2f s of CPU\n", now() - t0);
    expect_broken("function check(t)\n  local a = {}\n  for i = 1, 1e9 do a[i] = i end\nend\n",
                  CL_LIMIT, 0, "used more than 256 MiB");
    expect_broken("local ok, e = pcall(string.rep, 'x', 1 << 30)\nerror(e)\n", CL_LIMIT, 0,
                  "used more than 256 MiB");
    /* Work inside library calls counts one instruction a call: the clock
     * stops it. */
    script_limits lim = script_default_limits;
    lim.seconds = 0.5;
    write_script("function check(t)\n"
                 "  for i = 1, 1e9 do local s = string.rep('x', 1 << 24) end\n"
                 "end\n");
    char *failure = NULL;
    cl_error err;
    t0 = now();
    assert_int_equal(script_check_limited(path, &view, &lim, &failure, &err), CL_LIMIT);
    fprintf(stderr, "string.rep loop stopped after %.2f s of CPU\n", now() - t0);
    assert_non_null(strstr(err.message, "check.lua ran for more than 0.5 s"));
    assert_int_equal(err.line, 2);
    /* Well under the budget: fine. */
    expect_pass("function check(t) local s = string.rep('x', 64 << 20) end");
}

/* A check over a million-element float buffer, as a day would write it. */
static void test_speed_of_a_real_check(void **state)
{
    (void)state;
    enum { N = 1 << 20 };
    float *a = cl_malloc(N * sizeof *a);
    for (int i = 0; i < N; i++) a[i] = (float)i * 0.5f;
    script_buffer out = {"out", SCRIPT_F32, a, N};
    script_view v = {"k", NULL, NULL, 0, NULL, 0, &out, 1, &out, 1};
    write_script("function check(t)\n"
                 "  local o, r = t.outputs.out, t.reference.out\n"
                 "  for i = 0, #o - 1 do\n"
                 "    if math.abs(o[i] - r[i]) > 1e-6 * math.abs(r[i]) then fail('at ' .. i) end\n"
                 "  end\n"
                 "end\n");
    char *failure = NULL;
    double t0 = now();
    assert_int_equal(script_check(path, &v, &failure, NULL), CL_OK);
    fprintf(stderr, "1,048,576 elements compared in %.3f s of CPU\n", now() - t0);
    assert_null(failure);
    free(a);
}

/* A message handler runs where Lua turns hooks off (an error raised by the
 * budget's own hook): xpcall runs it after the stack unwinds, as an
 * ordinary call under the budgets. */
static void test_xpcall_handler_in_budget(void **state)
{
    (void)state;
    /* The handler loops after an ordinary error. */
    expect_broken("function check(t)\n"
                  "  xpcall(function() error('x') end, function(m)\n"
                  "    while true do end\n"
                  "  end)\n"
                  "end\n", CL_LIMIT, 3, "ran past 200,000,000 instructions");
    /* The handler loops after the budget's error: the issue's hang. */
    expect_broken("function check(t)\n"
                  "  xpcall(function() while true do end end, function(m)\n"
                  "    while true do end\n"
                  "  end)\n"
                  "end\n", CL_LIMIT, 0, "ran past 200,000,000 instructions");
    /* And under the clock: a handler that loops inside library calls. */
    script_limits lim = script_default_limits;
    lim.seconds = 0.5;
    write_script("function check(t)\n"
                 "  xpcall(function() while true do end end, function(m)\n"
                 "    while true do local s = string.rep('x', 1 << 22) end\n"
                 "  end)\n"
                 "end\n");
    char *failure = NULL;
    cl_error err = {0};
    assert_int_equal(script_check_limited(path, &view, &lim, &failure, &err), CL_LIMIT);
    assert_null(failure);
    /* xpcall still does what it says: the handler's value on an error, the
     * function's values else, and the budget's error is not caught. */
    expect_pass("function check(t)\n"
                "  local ok, m = xpcall(function() error('x', 0) end, function(e) return 'h:' .. e end)\n"
                "  if ok or m ~= 'h:x' then fail('error: ' .. tostring(m)) end\n"
                "  local ok2, a, b = xpcall(function(x, y) return x + y, 'two' end, error, 1, 2)\n"
                "  if not ok2 or a ~= 3 or b ~= 'two' then fail('values') end\n"
                "  local ok3, m3 = xpcall(function() error('y', 0) end, function() error('z', 0) end)\n"
                "  if ok3 or m3 ~= 'z' then fail('handler error: ' .. tostring(m3)) end\n"
                "end\n");
    expect_failure("function check(t) xpcall(function() fail('wrong') end, function(e) return e end) end",
                   "wrong");
}

/* load() without an environment gets the script's own globals (the
 * sandbox's): math is there, io is not. */
static void test_load_environment(void **state)
{
    (void)state;
    expect_pass("function check(t)\n"
                "  if load('return math.pi')() ~= math.pi then fail('math.pi') end\n"
                "  if load('return io')() ~= nil or load('return os')() ~= nil then fail('io') end\n"
                "  if load('return x', 'c', 't', {x = 5})() ~= 5 then fail('env') end\n"
                "  if pcall(load('return x', 'c', 't', nil)) then fail('a nil env is nil') end\n"
                "end\n");
}

/* The same script gives the same text on every run: pairs and next go over
 * keys in order, and tostring names no address. */
static void test_deterministic_text(void **state)
{
    (void)state;
    expect_failure("function check(t)\n"
                   "  local s = {}\n"
                   "  for c = 26, 1, -1 do s[string.char(96 + c)] = c end\n"
                   "  s[2.5] = 1; s[-3] = 1; s[10] = 1; s[true] = 1; s[false] = 1\n"
                   "  local keys = {}\n"
                   "  for k in pairs(s) do keys[#keys + 1] = tostring(k) end\n"
                   "  local k, again = next(s), {}\n"
                   "  while k ~= nil do again[#again + 1] = tostring(k); k = next(s, k) end\n"
                   "  if table.concat(keys, ' ') ~= table.concat(again, ' ') then fail('next') end\n"
                   "  fail(table.concat(keys, ' '))\n"
                   "end\n",
                   "-3 2.5 10 a b c d e f g h i j k l m n o p q r s t u v w x y z false true");
    expect_failure("function check(t) fail(tostring({}) .. ' ' .. tostring(check) .. ' ' .. "
                   "tostring(t.outputs.out) .. ' ' .. string.format('%s %s', {}, math.abs)) end",
                   "table function t.outputs.out (4 float) table function");
    expect_failure("function check(t) fail({}) end", "table");
    expect_pass("function check(t)\n"
                "  local s = {a = 1, b = 2}\n"
                "  for k, v in pairs(s) do s[k] = nil end\n" /* clearing while going is allowed */
                "  if next(s) ~= nil then fail('cleared') end\n"
                "  if next({}) ~= nil then fail('empty') end\n"
                "  local mt = setmetatable({}, {__pairs = function(x) return function(_, k) "
                "if not k then return 1, 'one' end end, x, nil end})\n"
                "  for k, v in pairs(mt) do if k ~= 1 or v ~= 'one' then fail('__pairs') end end\n"
                "end\n");
    expect_broken("function check(t)\n  return string.format('%p', {})\nend\n", CL_MANIFEST, 2, "%p");
    expect_broken("function check(t)\n  for k in pairs({[{}] = 1}) do end\nend\n", CL_MANIFEST, 2,
                  "no order");
}

/* Scripts that go for the edges, each with the status it must get. */
static void test_hostile_list(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        cl_status st;
        const char *want;
    } cases[] = {
        {"function check(t) local x = setmetatable({}, {__index = function(s, k) return s[k] end}); "
         "return x.y end", CL_MANIFEST, "stack overflow"},
        {"function check(t) load(string.rep('(', 100000) .. '1' .. string.rep(')', 100000))() end",
         CL_MANIFEST, "attempt to call a nil value"},
        {"function check(t) return table.unpack({}, 1, 1e8) end", CL_MANIFEST, "too many results"},
        {"function check(t) return string.rep('x', 1 << 30) end", CL_LIMIT, "256 MiB"},
        {"function check(t) return string.rep('x', 1 << 62, 'yy') end", CL_MANIFEST,
         "resulting string too large"},
        {"function check(t) fail(setmetatable({}, {__tostring = function() error('no') end})) end",
         CL_MANIFEST, "no"},
        {"function check(t) return coroutine.wrap(print) end", CL_MANIFEST, "global 'coroutine'"},
        {"function check(t) return getmetatable('').__index.find('a', 'a') end", CL_MANIFEST,
         "field 'find'"},
        {"function check(t) return t.outputs.out < t.outputs.out end", CL_MANIFEST,
         "attempt to compare two cudalab buffer values"},
        {"function check(t) rawset(t.outputs, 'out', 1); return t.outputs.out end", CL_OK, NULL},
        {"function check(t) local f, b = pairs(t.inputs.x); if f(b, math.maxinteger) ~= nil or "
         "f(b, -5) ~= nil or f(b, 2) ~= 3 then fail('next') end end", CL_OK, NULL},
        {"function check(t) return rawlen(t.outputs.out) end", CL_MANIFEST, "table or string expected"},
        {"function check(t) collectgarbage('stop'); local a = {} "
         "for i = 1, 1e8 do a[#a + 1] = {} end end", CL_LIMIT, "the budget of one check"},
        {"local s = string.rep('a', 1 << 20)\nfunction check(t) for i = 1, 1e6 do s = s .. 'b' end end",
         CL_LIMIT, "the budget of one check"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *failure = NULL;
        cl_error err = {0};
        script_limits lim = script_default_limits;
        lim.seconds = 3;
        write_script(cases[i].text);
        cl_status st = script_check_limited(path, &view, &lim, &failure, &err);
        if (st != cases[i].st || (cases[i].want && !strstr(err.message, cases[i].want)))
            fprintf(stderr, "case %zu: got %s: %s\n", i, cl_status_name(st), err.message);
        assert_int_equal(st, cases[i].st);
        if (st == CL_OK) assert_null(failure);
        if (cases[i].want) assert_non_null(strstr(err.message, cases[i].want));
        free(failure);
    }
}

/* Scripts made of random Lua tokens, and a valid script cut and mutated at
 * random: every one ends, with one of the documented statuses. */
static void test_hostile_mix(void **state)
{
    (void)state;
    static const char *const tokens[] = {
        "function", "check", "(", ")", "t", "end", "local", "x", "=", "if", "then",
        "else", "for", "i", "0", ",", "#", "t.outputs.out", "[", "]", "do", "fail",
        "'m'", "..", "+", "*", "return", "nil", "{", "}", "setmetatable", "pcall",
        "error", "string.rep", "1e9", "-1", "t.inputs.x", "while", "true", "\n", ";",
        "load", "getmetatable", "__gc", "__index", ":", ".", "collectgarbage", "2^63",
        "math.huge", "//", "%", "~", "<<", "'\\0'", "goto", "::l::", "select('#')",
    };
    static const char base[] =
        "function check(t)\n  local o, r = t.outputs.out, t.reference.out\n"
        "  for i = 0, #o - 1 do if o[i] ~= r[i] then fail('at ' .. i) end end\nend\n";
    const script_limits small = {1000000, 16 << 20, 5.0};
    srand(11);
    int seen[CL_STATUS_COUNT] = {0};
    for (int round = 0; round < 400; round++) {
        cl_str s = {0};
        if (round % 2) {
            int n = 1 + rand() % 40;
            for (int k = 0; k < n; k++) {
                cl_str_add(&s, tokens[rand() % (sizeof tokens / sizeof *tokens)]);
                cl_str_addc(&s, ' ');
            }
        } else {
            cl_str_addn(&s, base, round % 4 ? (size_t)rand() % sizeof base : sizeof base - 1);
            for (size_t k = 0; k < s.len && rand() % 3; k++) s.s[rand() % s.len] = (char)(rand() % 128 + 1);
        }
        char *failure = NULL;
        cl_error err = {0};
        write_script(cl_str_cstr(&s));
        cl_status st = script_check_limited(path, &view, &small, &failure, &err);
        assert_true(st == CL_OK || st == CL_MANIFEST || st == CL_LIMIT);
        if (st != CL_OK) {
            assert_null(failure);
            assert_true(err.message[0] != '\0');
        }
        seen[st]++;
        free(failure);
        cl_str_free(&s);
    }
    fprintf(stderr, "hostile mix: %d ok, %d broken, %d over a budget\n", seen[CL_OK],
            seen[CL_MANIFEST], seen[CL_LIMIT]);
    assert_true(seen[CL_MANIFEST] > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pass),
        cmocka_unit_test(test_fail_message),
        cmocka_unit_test(test_doc_example),
        cmocka_unit_test(test_runtime_error_line),
        cmocka_unit_test(test_syntax_error_at_validate),
        cmocka_unit_test(test_missing_check),
        cmocka_unit_test(test_files),
        cmocka_unit_test(test_sandbox),
        cmocka_unit_test(test_zero_based),
        cmocka_unit_test(test_ints_and_floats),
        cmocka_unit_test(test_len),
        cmocka_unit_test(test_index_out_of_range),
        cmocka_unit_test(test_budget_stops_endless_loops),
        cmocka_unit_test(test_memory_bomb),
        cmocka_unit_test(test_xpcall_handler_in_budget),
        cmocka_unit_test(test_load_environment),
        cmocka_unit_test(test_deterministic_text),
        cmocka_unit_test(test_speed_of_a_real_check),
        cmocka_unit_test(test_hostile_list),
        cmocka_unit_test(test_hostile_mix),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
