/* includes.c - the directive scanner: before nvcc runs, every directive of
 * the student's file that could bring in another file's text is found, as
 * the C preprocessor would find it, and checked.
 *
 * It reads the file as translation phases 1-3 do: a line ends at a newline,
 * a carriage return and newline, or a carriage return alone (as gcc reads
 * them); backslash-newline splices (also with blanks between the backslash
 * and the newline, as gcc accepts) are undone, comments are blanks, string
 * and character literals (raw strings too, where splices are not undone),
 * pp-numbers (1'000) are skipped; a directive is a '#', "%:" or "??=" first
 * on a logical line.
 *
 * Allowed: #include <name> (the toolkit's and the system's headers) and
 * #include "name" where name is one of the day's headers. name may not be
 * absolute, hold a ".." part, a backslash or a control byte. Refused, in any
 * case: a computed #include MACRO, #include_next, #import, #embed,
 * #pragma ... dependency and _Pragma("... dependency") (they read a file's
 * time), and __has_include in any spelling (__has_include_next,
 * __has_include__, a macro defined as one: `#define H __has_include`, or
 * the start of one pasted together: `CAT(__has_, include)`), which would
 * tell whether any file on the grading machine exists. Directives in #if 0
 * are checked too. */
#include "build_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HINT_ANGLE "the toolkit's headers are included as <name>"
#define HINT_PASTE "a submission is one file: put the code you need in it"

typedef struct cursor {
    const char *s;
    size_t n, i;
    int line;
} cursor;

/* The bytes of a line end at j: 1 for "\n" or a lone "\r", 2 for
 * "\r\n", 0 where none is. */
static size_t line_end(const cursor *c, size_t j)
{
    if (j >= c->n) return 0;
    if (c->s[j] == '\n') return 1;
    if (c->s[j] != '\r') return 0;
    return j + 1 < c->n && c->s[j + 1] == '\n' ? 2 : 1;
}

/* Past the backslash-newlines at the cursor. */
static void splice(cursor *c)
{
    for (;;) {
        if (c->i >= c->n || c->s[c->i] != '\\') return;
        size_t j = c->i + 1;
        while (j < c->n && (c->s[j] == ' ' || c->s[j] == '\t')) j++;
        size_t end = line_end(c, j);
        if (!end) return;
        c->i = j + end;
        c->line++;
    }
}

/* The character at the cursor; a lone carriage return reads as '\n' (the
 * one before a newline stays a blank). */
static int peek(cursor *c)
{
    splice(c);
    if (c->i >= c->n) return -1;
    if (c->s[c->i] == '\r' && line_end(c, c->i) == 1) return '\n';
    return (unsigned char)c->s[c->i];
}

static int take(cursor *c)
{
    int ch = peek(c);
    if (ch < 0) return ch;
    c->i++;
    if (ch == '\n') c->line++;
    return ch;
}

/* The character after the next one, splices undone. */
static int peek2(cursor *c)
{
    cursor d = *c;
    take(&d);
    return peek(&d);
}

static bool is_ident(int ch)
{
    return ch == '_' || ch == '$' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           (ch >= '0' && ch <= '9') || ch >= 0x80;
}

/* A comment at the cursor is skipped (true), as one blank. */
static bool skip_comment(cursor *c)
{
    if (peek(c) != '/') return false;
    int n = peek2(c);
    if (n != '*' && n != '/') return false;
    take(c), take(c);
    if (n == '/') {
        while (peek(c) >= 0 && peek(c) != '\n') take(c);
        return true;
    }
    for (int prev = 0, ch; (ch = take(c)) >= 0; prev = ch)
        if (prev == '*' && ch == '/') break;
    return true;
}

/* Blanks and comments, but not the end of the line. */
static void skip_blanks(cursor *c)
{
    for (;;) {
        int ch = peek(c);
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v') take(c);
        else if (!skip_comment(c)) return;
    }
}

/* A '...' or "..." literal from its opening quote. */
static void skip_literal(cursor *c)
{
    int q = take(c);
    for (int ch; (ch = peek(c)) >= 0 && ch != '\n';) {
        take(c);
        if (ch == q) return;
        if (ch == '\\' && peek(c) >= 0 && peek(c) != '\n') take(c);
    }
}

/* R"delim( ... )delim" from its quote; raw bytes, splices kept. */
static void skip_raw_string(cursor *c)
{
    take(c); /* the quote */
    char delim[20];
    size_t d = 0;
    while (c->i < c->n && c->s[c->i] != '(' && d < 16) delim[d++] = c->s[c->i++];
    if (c->i >= c->n || c->s[c->i] != '(') return; /* not a raw string after all */
    c->i++;
    for (; c->i < c->n; c->i++) {
        if (c->s[c->i] == '\n' || line_end(c, c->i) == 1) c->line++;
        if (c->s[c->i] == ')' && c->i + 1 + d < c->n &&
            memcmp(c->s + c->i + 1, delim, d) == 0 && c->s[c->i + 1 + d] == '"') {
            c->i += d + 2;
            return;
        }
    }
}

/* An identifier (its first 31 bytes into buf); a raw string prefix and its
 * string are skipped with it. */
static void read_ident(cursor *c, char *buf, size_t cap)
{
    size_t k = 0;
    while (is_ident(peek(c))) {
        int ch = take(c);
        if (k + 1 < cap) buf[k++] = (char)ch;
    }
    buf[k] = '\0';
    static const char *const raw[] = {"R", "u8R", "uR", "UR", "LR"};
    for (size_t i = 0; i < sizeof raw / sizeof *raw; i++)
        if (strcmp(buf, raw[i]) == 0 && peek(c) == '"') {
            skip_raw_string(c);
            return;
        }
    if ((strcmp(buf, "u8") == 0 || strcmp(buf, "u") == 0 || strcmp(buf, "U") == 0 ||
         strcmp(buf, "L") == 0) && (peek(c) == '"' || peek(c) == '\''))
        skip_literal(c);
}

/* A pp-number: digits, letters, '.', e+ e- p+ p-, and ' between them. */
static void skip_number(cursor *c)
{
    for (int prev = 0, ch; (ch = peek(c)) >= 0; prev = ch) {
        bool sign = (ch == '+' || ch == '-') && strchr("eEpP", prev) && prev;
        bool quote = ch == '\'' && is_ident(peek2(c));
        if (!is_ident(ch) && ch != '.' && !sign && !quote) return;
        take(c);
    }
}

typedef struct scan {
    cursor c;
    const char *given;
    const char *const *headers; /* the day's, NULL-terminated, or NULL */
    build_result *r;
    int refused;
} scan;

static void refuse(scan *s, int line, const char *fmt, const char *what, const char *hint)
{
    char *msg = cl_sprintf(fmt, what);
    char *full = cl_sprintf("%s; %s", msg, hint);
    build_diag d = {.file = s->given, .line = line, .severity = BUILD_ERROR,
                    .origin = BUILD_IN_SOURCE, .code = "include", .message = full,
                    .tool = "cudalab"};
    build_add_diag(s->r, &d);
    s->refused++;
    free(msg);
    free(full);
}

static bool is_day_header(const scan *s, const char *name)
{
    for (size_t i = 0; s->headers && s->headers[i]; i++)
        if (strcmp(s->headers[i], name) == 0) return true;
    return false;
}

/* Why a header name may not be used, or NULL. */
static const char *bad_name(const char *name, size_t len)
{
    if (len == 0) return "an empty name";
    if (name[0] == '/') return "an absolute path";
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)name[i];
        if (ch < 0x20 || ch == 0x7f || ch >= 0x80) return "a name with a control or non-ASCII byte";
        if (ch == '\\') return "a name with a backslash";
        bool start = i == 0 || name[i - 1] == '/';
        if (start && ch == '.' && i + 1 < len && name[i + 1] == '.' &&
            (i + 2 == len || name[i + 2] == '/'))
            return "a path with '..'";
    }
    return NULL;
}

/* A quoted name that can only be a header: `#include "cuda_fp16.h"` finds
 * the toolkit's (the scratch folder holds no such file), and nvcc's list of
 * what it read is checked after it ran. A source file ("x.cu") is refused. */
static bool header_like(const char *n)
{
    static const char *const source[] = {".cu", ".c", ".cc", ".cpp", ".cxx", ".ptx", ".txt"};
    size_t len = strlen(n);
    for (size_t i = 0; i < sizeof source / sizeof *source; i++) {
        size_t k = strlen(source[i]);
        if (len >= k && strcmp(n + len - k, source[i]) == 0) return false;
    }
    return true;
}

/* A header name "..." or <...> at the cursor, checked. kind names what
 * uses it ("#include", "__has_include"). */
static void header_name(scan *s, int line, const char *kind)
{
    cursor *c = &s->c;
    int open = peek(c), close = open == '<' ? '>' : '"';
    if (open != '<' && open != '"') {
        refuse(s, line, "%s of a macro is not allowed (the file it names cannot be checked)",
               kind, "name the header directly: #include <name>");
        return;
    }
    take(c);
    cl_str name = {0};
    for (int ch; (ch = peek(c)) >= 0 && ch != '\n' && ch != close;) cl_str_addc(&name, (char)take(c));
    if (peek(c) == close) take(c);
    const char *n = name.s ? name.s : "";
    const char *why = bad_name(n, name.len);
    char *what = NULL;
    if (why) {
        what = cl_sprintf("%s names %s", kind, why);
        refuse(s, line, "%s: only the toolkit's headers and the day's own can be included", what,
               HINT_PASTE);
    } else if (open == '"' && !is_day_header(s, n) && !header_like(n)) {
        what = cl_sprintf("%s \"%s\"", kind, n);
        refuse(s, line, "%s: not one of the day's headers (only those, and the toolkit's, can "
               "be included)", what, HINT_ANGLE "; " HINT_PASTE);
    }
    free(what);
    cl_str_free(&name);
}

/* _Pragma("... dependency ..."): #pragma dependency in another form. */
static void pragma_operator(scan *s, int line)
{
    cursor *c = &s->c;
    skip_blanks(c);
    if (peek(c) != '(') return;
    take(c);
    skip_blanks(c);
    size_t from = c->i;
    if (peek(c) != '"' && peek(c) != 'L' && peek(c) != 'u' && peek(c) != 'U') return;
    while (peek(c) >= 0 && peek(c) != '"') take(c);
    skip_literal(c);
    if (memmem(c->s + from, c->i - from, "dependency", 10))
        refuse(s, line, "%s reads another file's time and is not allowed",
               "_Pragma(\"dependency\")", "remove it");
}

/* An identifier that spells __has_include or a piece of one: any that
 * holds "has_include" (__has_include, __has_include__, __has_include_next),
 * or the start of one, "__" onwards, that a paste could complete. (A paste
 * of single letters through a header's macro is beyond a scanner: the
 * grade's sandbox is the wall there.) */
static bool spells_has_include(const char *ident)
{
    static const char word[] = "__has_include";
    size_t len = strlen(ident);
    if (strstr(ident, "has_include")) return true;
    return len >= 2 && len < sizeof word - 1 && strncmp(ident, word, len) == 0;
}

/* __has_include in any spelling anywhere (a #if, a #define, code) is
 * refused; so is _Pragma with "dependency". */
static void has_include(scan *s, const char *ident, int line)
{
    if (strcmp(ident, "_Pragma") == 0) pragma_operator(s, line);
    if (!spells_has_include(ident)) return;
    char *what = cl_sprintf("%s (a test of whether a file exists)", ident);
    refuse(s, line, "%s is not allowed in any spelling, through a macro or a paste too: it would "
           "answer questions about the grading machine's files", what,
           "include the toolkit's headers you need without testing for them");
    free(what);
}

/* Skip the rest of a logical line (literals and comments in it too); a
 * __has_include in it (#if, #elif, #define) is checked. */
static void skip_line(scan *s, int line)
{
    cursor *c = &s->c;
    char ident[32];
    for (int ch; (ch = peek(c)) >= 0 && ch != '\n';) {
        if (skip_comment(c)) continue;
        if (ch == '"' || ch == '\'') skip_literal(c);
        else if (ch >= '0' && ch <= '9') skip_number(c);
        else if (is_ident(ch)) read_ident(c, ident, sizeof ident), has_include(s, ident, line);
        else take(c);
    }
}

/* #pragma ...: refused when a word of it is "dependency". */
static void pragma(scan *s, int line)
{
    cursor *c = &s->c;
    char word[32];
    for (int ch; (ch = peek(c)) >= 0 && ch != '\n';) {
        if (skip_comment(c)) continue;
        if (ch == '"' || ch == '\'') {
            skip_literal(c);
        } else if (is_ident(ch)) {
            read_ident(c, word, sizeof word);
            if (strcmp(word, "dependency") == 0)
                refuse(s, line, "%s reads another file's time and is not allowed",
                       "#pragma dependency", "remove it");
        } else {
            take(c);
        }
    }
}

/* A directive, from its '#' (already taken) to the end of its line. */
static void directive(scan *s, int line)
{
    cursor *c = &s->c;
    char name[32];
    skip_blanks(c);
    read_ident(c, name, sizeof name);
    skip_blanks(c);
    static const char *const never[] = {"include_next", "import", "embed"};
    for (size_t i = 0; i < sizeof never / sizeof *never; i++)
        if (strcmp(name, never[i]) == 0) {
            char *what = cl_sprintf("#%s", name);
            refuse(s, line, "%s is not allowed: only #include <name> of the toolkit's headers "
                   "and #include \"name\" of the day's", what, HINT_PASTE);
            free(what);
        }
    /* #line and its GNU form `# 9999 "file"` rename the file and renumber
       its lines in every message: a report must name the student's lines */
    if (strcmp(name, "line") == 0 || (name[0] >= '0' && name[0] <= '9') ||
        (!name[0] && peek(c) >= '0' && peek(c) <= '9'))
        refuse(s, line, "%s is not allowed: it would make the compiler and cudalab report "
               "other lines or another file than yours", "#line", "remove it");
    if (strcmp(name, "include") == 0) header_name(s, line, "#include");
    if (strcmp(name, "pragma") == 0) pragma(s, line);
    skip_line(s, line);
}

/* "??=": '#' where trigraphs are on (strict ISO modes before C++17). */
static bool trigraph_hash(cursor *c)
{
    cursor d = *c;
    return take(&d) == '?' && take(&d) == '?' && peek(&d) == '=';
}

/* One step of the scan at top level. *bol: at the start of a logical line. */
static void step(scan *s, bool *bol)
{
    cursor *c = &s->c;
    int ch = peek(c), line = c->line;
    char ident[32];
    if (ch == '\n') {
        take(c);
        *bol = true;
    } else if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v' || skip_comment(c)) {
        if (ch != '/') take(c);
    } else if (*bol && (ch == '#' || (ch == '%' && peek2(c) == ':') || trigraph_hash(c))) {
        int skip = ch == '#' ? 1 : ch == '%' ? 2 : 3;
        for (int k = 0; k < skip; k++) take(c);
        directive(s, line);
        *bol = false;
    } else {
        *bol = false;
        if (ch == '"' || ch == '\'') skip_literal(c);
        else if (ch >= '0' && ch <= '9') skip_number(c);
        else if (ch == '.' && peek2(c) >= '0' && peek2(c) <= '9') skip_number(c);
        else if (is_ident(ch)) read_ident(c, ident, sizeof ident), has_include(s, ident, line);
        else take(c);
    }
}

int build_scan_includes(const char *src, size_t len, const char *given,
                        const char *const *headers, build_result *r)
{
    scan s = {.c = {src, len, 0, 1}, .given = given, .headers = headers, .r = r};
    bool bol = true;
    while (peek(&s.c) >= 0 && s.r->diags.n < BUILD_MAX_DIAGS) step(&s, &bol);
    return s.refused;
}
