/* pack.h - the editions of the course that cudalab writes: the student's
 * (`cudalab pack student DIR`: days, READMEs, templates, the public sizes
 * only, the references as PTX, the tool's source) and a Gradescope
 * autograder (`cudalab pack gradescope DAY FILE.zip`: setup.sh,
 * run_autograder, the tool's source and the one day, hidden sizes kept,
 * the reference as PTX); and the grade of a Gradescope submission
 * (`cudalab autograde`, what run_autograder runs).
 *
 * Files go to a sink: a folder, or a zip made in memory (stored entries,
 * CRC-32, no compression) and written in one rename. Every name put in a
 * sink is relative and made of letters, digits and "._-+/" only.
 *
 * Prefix: pack_. */
#ifndef CUDALAB_PACK_H
#define CUDALAB_PACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/core.h"
#include "days/day.h"

typedef struct pack_sink pack_sink;

/* Files written under dir (which must exist). */
pack_sink *pack_sink_dir(const char *dir);
/* Entries of a zip, kept in memory until pack_sink_write_zip. */
pack_sink *pack_sink_zip(void);
/* Add a file; exec gives it mode 0755 (else 0644). CL_USAGE for a name
 * that is absolute, has "..", or a character outside the set above. */
cl_status pack_add(pack_sink *s, const char *name, const void *data, size_t len, bool exec,
                   cl_error *err);
/* Copy a regular file of the course into the sink, keeping its exec bit. */
cl_status pack_add_file(pack_sink *s, const char *name, const char *from, cl_error *err);
/* The zip's bytes written to path atomically (a zip sink only). */
cl_status pack_sink_write_zip(pack_sink *s, const char *path, cl_error *err);
size_t pack_sink_files(const pack_sink *s);
uint64_t pack_sink_bytes(const pack_sink *s);
void pack_sink_free(pack_sink *s);

/* The zip of entries as bytes (*len set); CL_LIMIT past 65,535 entries or
 * 4 GiB. Exposed for the tests. */
uint32_t pack_crc32(const void *data, size_t len);

/* day.yaml written anew from its parsed document with sizes.hidden made
 * `[]` (libyaml's emitter: no comment is kept, so none that stood near a
 * hidden size goes along), checked by loading the result: it must be the
 * same day with no hidden size. path is for messages. */
cl_status pack_strip_hidden(const char *path, const char *text, size_t len, char **out,
                            cl_error *err);

/* What to put of the course: every day, or only some; its hidden sizes or not. */
typedef struct pack_course_options {
    const day_manifest *const *only; /* the days to put; NULL (or nonly 0): every day */
    int nonly;
    bool keep_hidden;
    const char *prefix;       /* put before every name: "cudalab/" or "" */
} pack_course_options;

/* days/<slug>/ (its files, not its folders: fixtures stay behind), with
 * day.yaml stripped unless keep_hidden; templates/<slug>/; and
 * solutions/<slug>/<stem>.ptx, the reference built now (or the PTX the
 * course already has). */
cl_status pack_course(pack_sink *s, const day_course *c, const pack_course_options *o,
                      cl_error *err);
/* The tool's source from root (CMakeLists.txt, cudalab, grader/, runner/,
 * scripts/, docs/, and README.md unless readme is false), without tests/
 * and bench/, which hold solutions and fixtures. CL_NOT_FOUND when root is
 * no cudalab checkout. */
cl_status pack_tool_source(pack_sink *s, const char *root, const char *prefix, bool readme,
                           cl_error *err);

/* The CUDA release of the nvcc that builds the references' PTX, as NVIDIA's
 * apt packages name it ("13-0"; "12-8" when unknown); caller frees. */
char *pack_cuda_release(void);

/* `pack student`: dir must be missing or an empty folder, outside the
 * course. The edition's docs/classroom/classroom.yml names this machine's
 * CUDA release. What was written is checked: no hidden size or solution
 * source in what loads, and no hidden size as the course writes it in any
 * file but the tool's code. Every day of the course. */
cl_status pack_student(const day_course *c, const char *dir, pack_sink **written, cl_error *err);
/* The same with only the days named (ndays of them; 0: every day): one
 * assignment's edition holds no other day's files or reference. Its
 * README.md is written for the student (pack_student_readme). */
cl_status pack_student_days(const day_course *c, const char *dir, const day_manifest *const *days,
                            int ndays, pack_sink **written, cl_error *err);
/* The student edition's README.md: what it holds (the days named; every
 * day when ndays is 0) and the commands a student needs. Caller frees. */
char *pack_student_readme(const day_course *c, const day_manifest *const *days, int ndays);
/* `pack gradescope`: zip_path ends in .zip; a zip already there is kept as
 * a backup (batch_keep_old), a folder or a file that is no zip refused. */
cl_status pack_gradescope(const day_course *c, const day_manifest *m, const char *zip_path,
                          pack_sink **written, cl_error *err);

/* The submission to grade in a Gradescope submission folder: the day's
 * student_file wherever it is (the shallowest), else the only .cu file
 * there is. Caller frees; NULL with err set when there is none, or more
 * than one candidate. */
char *pack_find_submission(const char *dir, const day_manifest *m, cl_error *err);

int cmd_pack(int argc, char **argv);
int cmd_autograde(int argc, char **argv);

#endif
