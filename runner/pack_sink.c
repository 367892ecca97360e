/* pack_sink.c - where a pack's files go: a folder, or a zip of stored
 * entries (PKWARE's APPNOTE: local headers, the central directory, its end
 * record; CRC-32 of each file; no compression, no zip64). */
#include "pack.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct pack_entry {
    char *name;
    unsigned char *data;
    size_t len;
    uint32_t crc;
    bool exec;
} pack_entry;

struct pack_sink {
    char *dir; /* NULL: a zip */
    CL_VEC(pack_entry) entries;
    size_t files;
    uint64_t bytes;
};

#define ZIP_MAX_ENTRIES 65535u
#define ZIP_MAX_BYTES 0xffffffffull
/* Every entry dated 1980-01-01 00:00 (DOS time 0, date 0x0021), so that the
 * same course makes the same zip. */
#define ZIP_DOS_DATE 0x0021u

pack_sink *pack_sink_dir(const char *dir)
{
    pack_sink *s = cl_calloc(1, sizeof *s);
    s->dir = cl_strdup(dir);
    return s;
}

pack_sink *pack_sink_zip(void)
{
    pack_sink *s = cl_calloc(1, sizeof *s);
    return s;
}

size_t pack_sink_files(const pack_sink *s)
{
    return s->files;
}

uint64_t pack_sink_bytes(const pack_sink *s)
{
    return s->bytes;
}

void pack_sink_free(pack_sink *s)
{
    if (!s) return;
    for (size_t i = 0; i < s->entries.n; i++) {
        free(s->entries.v[i].name);
        free(s->entries.v[i].data);
    }
    free(s->entries.v);
    free(s->dir);
    free(s);
}

uint32_t pack_crc32(const void *data, size_t len)
{
    static uint32_t table[256];
    if (!table[1])
        for (uint32_t i = 0; i < 256; i++) {
            uint32_t c = i;
            for (int k = 0; k < 8; k++) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
            table[i] = c;
        }
    uint32_t crc = 0xffffffffu;
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++) crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
    return crc ^ 0xffffffffu;
}

static bool name_ok(const char *name)
{
    static const char allowed[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                  "0123456789._-+/";
    if (!name[0] || name[0] == '/' || strspn(name, allowed) != strlen(name)) return false;
    for (const char *p = name; *p; p += strcspn(p, "/") + (p[strcspn(p, "/")] == '/')) {
        size_t n = strcspn(p, "/");
        if (n == 0 || (n == 2 && !strncmp(p, "..", 2)) || (n == 1 && *p == '.')) return false;
    }
    return true;
}

static cl_status put_in_dir(pack_sink *s, const char *name, const void *data, size_t len,
                            bool exec, cl_error *err)
{
    char *path = cl_path_join(s->dir, name), *slash = strrchr(path, '/');
    cl_status st = CL_OK;
    if (slash) {
        *slash = '\0';
        st = cl_mkdirs(path, err);
        *slash = '/';
    }
    if (st == CL_OK) st = cl_write_file_atomic(path, data, len, err);
    if (st == CL_OK && exec && chmod(path, 0755) != 0)
        st = cl_fail(err, CL_IO, path, 0, 0, "cannot make it executable: %s", strerror(errno));
    free(path);
    return st;
}

cl_status pack_add(pack_sink *s, const char *name, const void *data, size_t len, bool exec,
                   cl_error *err)
{
    if (!name_ok(name))
        return cl_fail(err, CL_USAGE, name, 0, 0, "a file of the course has a name cudalab "
                       "does not pack (letters, digits and ._-+ only)");
    cl_status st = CL_OK;
    if (s->dir) {
        st = put_in_dir(s, name, data, len, exec, err);
    } else {
        if (s->entries.n >= ZIP_MAX_ENTRIES || s->bytes + len + 4096 > ZIP_MAX_BYTES)
            return cl_fail(err, CL_LIMIT, name, 0, 0, "the zip would pass 65,535 files or "
                           "4 GiB, which a zip without zip64 cannot hold");
        pack_entry e = {.name = cl_strdup(name), .data = cl_malloc(len ? len : 1), .len = len,
                        .crc = pack_crc32(data, len), .exec = exec};
        if (len) memcpy(e.data, data, len);
        CL_VEC_PUSH(&s->entries, e);
    }
    if (st == CL_OK) {
        s->files++;
        s->bytes += len;
    }
    return st;
}

cl_status pack_add_file(pack_sink *s, const char *name, const char *from, cl_error *err)
{
    struct stat st;
    char *data = NULL;
    size_t len = 0;
    if (stat(from, &st) != 0)
        return cl_fail(err, CL_NOT_FOUND, from, 0, 0, "cannot read: %s", strerror(errno));
    cl_status rc = cl_read_file(from, &data, &len, err);
    if (rc == CL_OK) rc = pack_add(s, name, data, len, (st.st_mode & 0111) != 0, err);
    free(data);
    return rc;
}

/* ---- the zip's bytes ---- */

static void put16(cl_str *b, unsigned v)
{
    cl_str_addc(b, (char)(v & 0xff));
    cl_str_addc(b, (char)((v >> 8) & 0xff));
}

static void put32(cl_str *b, uint32_t v)
{
    put16(b, v & 0xffff);
    put16(b, v >> 16);
}

/* The fields a local header and a central record share, from "version
 * needed" to the name's length. */
static void common_fields(cl_str *b, const pack_entry *e)
{
    put16(b, 10);           /* version needed: 1.0, stored */
    put16(b, 0);            /* flags */
    put16(b, 0);            /* method: stored */
    put16(b, 0);            /* time */
    put16(b, ZIP_DOS_DATE); /* date */
    put32(b, e->crc);
    put32(b, (uint32_t)e->len); /* compressed size */
    put32(b, (uint32_t)e->len);
    put16(b, (unsigned)strlen(e->name));
}

static void central_record(cl_str *b, const pack_entry *e, uint32_t offset)
{
    put32(b, 0x02014b50u);
    put16(b, (3u << 8) | 20); /* made by: Unix, 2.0 (the mode is in the external attributes) */
    common_fields(b, e);
    put16(b, 0);                                                     /* extra */
    put16(b, 0);                                                     /* comment */
    put16(b, 0);                                                     /* disk */
    put16(b, 0);                                                     /* internal attributes */
    put32(b, (uint32_t)(0100000u | (e->exec ? 0755u : 0644u)) << 16); /* a regular file */
    put32(b, offset);
    cl_str_add(b, e->name);
}

cl_status pack_sink_write_zip(pack_sink *s, const char *path, cl_error *err)
{
    cl_str b = {0}, dir = {0};
    for (size_t i = 0; i < s->entries.n; i++) {
        const pack_entry *e = &s->entries.v[i];
        central_record(&dir, e, (uint32_t)b.len);
        put32(&b, 0x04034b50u);
        common_fields(&b, e);
        put16(&b, 0); /* extra */
        cl_str_add(&b, e->name);
        cl_str_addn(&b, (const char *)e->data, e->len);
    }
    uint32_t dir_at = (uint32_t)b.len, dir_len = (uint32_t)dir.len;
    cl_str_addn(&b, cl_str_cstr(&dir), dir.len);
    put32(&b, 0x06054b50u);
    put16(&b, 0);
    put16(&b, 0);
    put16(&b, (unsigned)s->entries.n);
    put16(&b, (unsigned)s->entries.n);
    put32(&b, dir_len);
    put32(&b, dir_at);
    put16(&b, 0); /* comment */
    cl_status st = cl_write_file_atomic(path, cl_str_cstr(&b), b.len, err);
    cl_str_free(&b);
    cl_str_free(&dir);
    return st;
}
