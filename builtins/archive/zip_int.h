/* zip_int.h: the .zip container shared by zip and unzip: reading the
 * central directory of an archive held in memory (zip64 records read,
 * every offset and count checked against the buffer), inflating one
 * member in bounded steps, and building a new archive in a buffer.
 * Private to builtins/archive. */
#ifndef VSH_BUILTINS_ZIP_INT_H
#define VSH_BUILTINS_ZIP_INT_H

#include "builtins/builtins.h"

/* Failures of the container layer (positive; negative: a sink's vsh_err). */
enum {
  ZF_E_NOEOCD = 1, /* no end-of-central-directory record */
  ZF_E_FORMAT,     /* a record points outside the file or is malformed */
  ZF_E_DATA,       /* the compressed data is invalid */
  ZF_E_TRUNC,      /* the member data ends early */
  ZF_E_METHOD,     /* a compression method we do not read */
  ZF_E_CRYPT,      /* encrypted */
  ZF_E_MEM,
  ZF_E_CRC,   /* the right length, but the CRC does not match */
  ZF_E_OFFSET /* the local header is outside the file */
};

typedef struct zf_entry {
  char *name; /* NUL-terminated copy */
  uint16_t made_by, needed, flags, method;
  uint16_t dtime, ddate; /* MS-DOS time and date */
  uint16_t int_attr;     /* bit 0: text */
  uint32_t crc, ext_attr;
  uint64_t csize, usize, lho;
  int64_t mtime; /* from the extended-timestamp field, or the DOS time */
  bool has_ut;
  const unsigned char *cextra; /* the central extra field (in the buffer) */
  size_t cextra_len;
} zf_entry;

typedef struct zf_archive {
  const unsigned char *data;
  size_t len;
  zf_entry *ents;
  size_t n;
  const char *comment; /* the archive comment (in the buffer) */
  size_t comment_len;
  uint64_t extra; /* bytes before the directory that it does not count
                     (data prepended to the archive): offsets are moved */
} zf_archive;

/* Reads the directory of the archive in data (borrowed: it must outlive
 * a).  0 or a ZF_E_*. */
int zf_read(bi_ctx *b, zf_archive *a, const unsigned char *data, size_t len);
void zf_dispose(zf_archive *a);
/* True for a directory member (name ends in '/'). */
bool zf_is_dir(const zf_entry *e);
/* The unix mode of a member, 0 when it carries none. */
unsigned zf_unix_mode(const zf_entry *e);
/* The member's compressed bytes: 0 or ZF_E_OFFSET / ZF_E_FORMAT /
 * ZF_E_TRUNC. */
int zf_member_data(const zf_archive *a, const zf_entry *e,
                   const unsigned char **out, size_t *n);

typedef int (*zf_sink)(void *ud, const void *data, size_t n);
/* Decompresses member e to sink (NULL: testing), checking the length
 * and the CRC; *crc gets the CRC of the bytes produced.  0, ZF_E_* or
 * the sink's error: ZF_E_DATA for invalid data or a length that is not
 * the one claimed, ZF_E_CRC for a CRC mismatch. */
int zf_extract(bi_ctx *b, const zf_archive *a, const zf_entry *e, zf_sink sink,
               void *ud, uint32_t *crc);

/* DOS date/time <-> seconds, in the exec's $TZ. */
int64_t zf_dos_to_time(bi_ctx *b, uint16_t date, uint16_t time);
void zf_time_to_dos(bi_ctx *b, int64_t t, uint16_t *date, uint16_t *time);
/* CRC-32 of n more bytes (crc 0 to start). */
uint32_t zf_crc32(uint32_t crc, const void *data, size_t n);
/* Percent saved, rounded, as zip and unzip print it. */
int zf_ratio(uint64_t usize, uint64_t csize);

/* ---- writing ------------------------------------------------------ */

typedef struct zf_writer {
  vsh_buf out;  /* local records, then the directory */
  vsh_buf cdir; /* central records so far */
  uint64_t nent;
} zf_writer;

void zf_writer_init(zf_writer *w);
void zf_writer_dispose(zf_writer *w);
/* A new member: data already compressed (method 0 or 8), crc and usize
 * of the plain bytes, mode the unix type and permission bits. */
typedef struct zf_new {
  const char *name;
  uint16_t method, flags;
  uint32_t crc;
  uint64_t usize;
  const void *cdata;
  size_t csize;
  unsigned mode; /* S_IF* style: 0100644, 040755, 0120777 */
  bool text;     /* the plain bytes look like text */
  int64_t mtime, atime;
} zf_new;
int zf_write_new(bi_ctx *b, zf_writer *w, const zf_new *m);
/* Copies member e of a (its data as is) into w. */
int zf_write_copy(zf_writer *w, const zf_archive *a, const zf_entry *e);
/* Appends the central directory and its end record. */
int zf_write_end(zf_writer *w);

/* Deflates data at level (1-9) into out (raw deflate). */
int zf_deflate(bi_ctx *b, const void *data, size_t n, int level, vsh_buf *out);

#endif /* VSH_BUILTINS_ZIP_INT_H */
