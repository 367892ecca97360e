/* ptx_coverage.c - writes docs/ptx-coverage.md from the tables the emulator
 * itself is built from: the instructions it runs (opcodes.def, with the
 * modifiers of mods.def), the architectures its constructs need
 * (archs.def), the ones it refuses by name or form (refused.def), the
 * special registers and predefined identifiers (ir.h), and the forms it
 * refuses at launch (sim/refusals.def). With --check FILE it exits 1 when
 * FILE is not what it would write, so the page cannot drift (CTest).
 *
 *   build/tests/ptx_coverage > docs/ptx-coverage.md
 *   build/tests/ptx_coverage --check docs/ptx-coverage.md */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "ptx/ir.h"

typedef struct op_row { const char *name, *synopsis; uint32_t classes; } op_row;
typedef struct mod_row { const char *text; uint32_t cls; } mod_row;
typedef struct text_row { const char *name, *text; } text_row;
typedef struct arch_row { unsigned sm; const char *construct, *sample; } arch_row;

static const op_row ops[] = {
#define OP(name, fmt, mc, synopsis) { #name, synopsis, (uint32_t)(mc) },
#include "ptx/opcodes.def"
#undef OP
};

static const mod_row mods[] = {
#define MOD(text, cls, field, value) { text, (uint32_t)(cls) },
#include "ptx/mods.def"
#undef MOD
};

static const text_row refused[] = {
#define REFUSED(name, why) { "`" #name "`", why },
#define REFUSED_FORM(prefix, why) { "`" prefix "` ...", why },
#include "ptx/refused.def"
#undef REFUSED_FORM
#undef REFUSED
};

static const arch_row arch_rows[] = {
#define ARCH(id, sm, construct, sample) { sm, construct, sample },
#include "ptx/archs.def"
#undef ARCH
};

static const text_row refusals[] = {
#define REFUSAL(id, message) { #id, message },
#include "sim/refusals.def"
#undef REFUSAL
};

static const struct { const char *text; unsigned bits; } sregs[] = {
#define SREG_ROW(id, text, bits) { text, bits },
    PTX_SREGS(SREG_ROW)
#undef SREG_ROW
};

static const struct { const char *name; long long value; } predefined[] = {
#define PREDEFINED_ROW(name, value) { #name, value },
    PTX_PREDEFINED(PREDEFINED_ROW)
#undef PREDEFINED_ROW
};

#define COUNT(a) (sizeof (a) / sizeof *(a))

/* ".rn .rz ..." for the modifiers an instruction accepts, each once. */
static void modifiers(cl_str *s, uint32_t classes)
{
    for (size_t i = 0; i < COUNT(mods); i++) {
        if (!(mods[i].cls & classes)) continue;
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = (mods[j].cls & classes) && !strcmp(mods[j].text, mods[i].text);
        if (!seen) cl_str_addf(s, "%s.%s", s->len && s->s[s->len - 1] != '|' ? " " : "", mods[i].text);
    }
}

/* A table cell: '|' would end it. */
static void cell(cl_str *s, const char *text)
{
    for (const char *p = text; *p; p++) {
        if (*p == '|') cl_str_add(s, "\\|");
        else cl_str_addc(s, *p);
    }
}

static void page(cl_str *s)
{
    cl_str_add(s, "# PTX coverage of the emulator\n\n"
                  "This page is generated from the tables the emulator is built from\n"
                  "(`grader/ptx/opcodes.def`, `mods.def`, `archs.def`, `refused.def`, the\n"
                  "special registers of `grader/ptx/ir.h` and `grader/sim/refusals.def`) by\n"
                  "`tests/docs/ptx_coverage.c`; a test fails when it is out of date. To\n"
                  "write it again: `build/tests/ptx_coverage > docs/ptx-coverage.md`.\n\n"
                  "The course compiles with `nvcc -ptx -lineinfo -arch=sm_75`; a day's `arch:`\n"
                  "may name sm_80, sm_86, sm_89 or sm_90 instead. A refusal is reported at\n"
                  "your `.cu` file and line, found through the PTX's `.loc`, and names the\n"
                  "architecture the module targets.\n\n");
    cl_str_addf(s, "## Instructions the emulator runs (%zu)\n\n", COUNT(ops));
    cl_str_add(s, "| instruction | per lane | modifiers it takes |\n| --- | --- | --- |\n");
    for (size_t i = 0; i < COUNT(ops); i++) {
        cl_str m = {0};
        modifiers(&m, ops[i].classes);
        cl_str_addf(s, "| `%s` | ", ops[i].name);
        cell(s, ops[i].synopsis);
        cl_str_add(s, " | ");
        cell(s, m.len ? cl_str_cstr(&m) : "");
        cl_str_add(s, " |\n");
        cl_str_free(&m);
    }
    cl_str_addf(s, "\n## Constructs that need a newer GPU than sm_75 (%zu)\n\n", COUNT(arch_rows));
    cl_str_add(s, "Everything else above runs at sm_75. A module that targets an older\n"
                  "architecture than a construct needs is refused at the instruction, with both\n"
                  "named: \"'cvt.rn.satfinite.e4m3x2.f32': an FP8 conversion (e4m3, e5m2) needs\n"
                  "sm_89 or later, and this module targets sm_80\". Each row is what ptxas of\n"
                  "CUDA 13.0 accepts (`grader/ptx/archs.def`).\n\n"
                  "| construct | from | for example |\n| --- | --- | --- |\n");
    for (size_t i = 0; i < COUNT(arch_rows); i++) {
        cl_str_add(s, "| ");
        cell(s, arch_rows[i].construct);
        cl_str_addf(s, " | sm_%u | `", arch_rows[i].sm);
        cell(s, arch_rows[i].sample);
        cl_str_add(s, "` |\n");
    }
    cl_str_addf(s, "\n## Instructions and forms refused by name (%zu)\n\n", COUNT(refused));
    cl_str_add(s, "Any other instruction is refused as \"not an instruction the emulator knows\".\n"
                  "Each refusal below also names the architecture the module targets (the\n"
                  "day's `arch:`, sm_75 unless it says otherwise). A form (`...`) is the\n"
                  "instruction with those modifiers first.\n\n"
                  "| instruction | what you read |\n| --- | --- |\n");
    for (size_t i = 0; i < COUNT(refused); i++) {
        cl_str_addf(s, "| %s | ", refused[i].name);
        cell(s, refused[i].text);
        cl_str_add(s, " |\n");
    }
    cl_str_addf(s, "\n## Special registers (%zu), all read\n\n", COUNT(sregs));
    cl_str_add(s, "An ordinary launch leaves `%envreg0..31` at 0 (cooperative groups' grid\n"
                  "handle is built from `%envreg1` and `%envreg2`, so `this_grid().sync()`\n"
                  "traps, and the report says it needs a cooperative launch); a cooperative\n"
                  "launch (a kernel the day marks `cooperative: true`) has them point at its\n"
                  "grid workspace, and the sync is a barrier across the grid (docs/ptx-semantics.md);\n"
                  "`%nsmid` reads 132 and `%smid` the block's index modulo 132, as\n"
                  "on an H200; the clocks count the warp's instructions.\n\n"
                  "| register | bits |\n| --- | --- |\n");
    for (size_t i = 0; i < COUNT(sregs); i++) cl_str_addf(s, "| `%%%s` | %u |\n", sregs[i].text, sregs[i].bits);
    cl_str_addf(s, "\n## Predefined identifiers (%zu)\n\n| identifier | value |\n| --- | --- |\n",
                COUNT(predefined));
    for (size_t i = 0; i < COUNT(predefined); i++)
        cl_str_addf(s, "| `%s` | %lld |\n", predefined[i].name, predefined[i].value);
    cl_str_addf(s, "\n## Forms refused when a kernel is launched (%zu)\n\n"
                   "The instruction parses, but this form of it is not run. (`%%s` is the name\n"
                   "of the function or symbol concerned.)\n\n| form | what you read |\n| --- | --- |\n",
                COUNT(refusals));
    for (size_t i = 0; i < COUNT(refusals); i++) {
        cl_str_addf(s, "| %s | ", refusals[i].name);
        cell(s, refusals[i].text);
        cl_str_add(s, " |\n");
    }
    cl_str_add(s, "\nCalls of a function with no body in the module are refused when the PTX is\n"
                  "read, except `vprintf` (device `printf`) and `__assertfail` (a failed\n"
                  "`assert()`, which stops the kernel with its expression); device-side\n"
                  "`malloc` and `free` are refused with the words \"the emulator has no\n"
                  "device heap\".\n");
}

int main(int argc, char **argv)
{
    cl_str s = {0};
    page(&s);
    if (argc == 3 && !strcmp(argv[1], "--check")) {
        char *have = NULL;
        size_t len = 0;
        bool same = cl_read_file(argv[2], &have, &len, NULL) == CL_OK && len == s.len &&
                    memcmp(have, cl_str_cstr(&s), len) == 0;
        if (!same)
            fprintf(stderr, "%s is out of date: run build/tests/ptx_coverage > %s\n", argv[2], argv[2]);
        free(have);
        cl_str_free(&s);
        return same ? 0 : 1;
    }
    fwrite(cl_str_cstr(&s), 1, s.len, stdout);
    cl_str_free(&s);
    return 0;
}
