/* compress_int.h: streaming codecs (zlib gzip, libbz2, liblzma xz) behind
 * one step interface, and the driver shared by gzip, bzip2 and xz (file
 * naming, keeping modes and times, messages per tool).  tar uses the
 * codecs for -z/-j/-J.  Private to builtins/. */
#ifndef VSH_BUILTINS_COMPRESS_INT_H
#define VSH_BUILTINS_COMPRESS_INT_H

#include "builtins/builtins.h"

typedef enum cz_format { CZ_NONE, CZ_GZIP, CZ_BZIP2, CZ_XZ } cz_format;

/* Codec failures (positive; negative values are vsh_err from a sink). */
enum {
  CZ_E_FORMAT = 1, /* the input does not start like this format */
  CZ_E_DATA,       /* corrupt data or a checksum mismatch */
  CZ_E_TRUNC,      /* the input ends inside a member */
  CZ_E_MEM,        /* the library could not allocate */
  CZ_E_UNAVAILABLE /* built without the library */
};

/* The format whose magic starts p (CZ_NONE if none or too short). */
cz_format cz_sniff(const void *p, size_t n);
bool cz_available(cz_format f);

typedef int (*cz_sink)(void *ud, const void *data, size_t n);

/* gzip header fields: written when compressing, read when
 * decompressing (the first member's). */
typedef struct cz_gzinfo {
  char name[256];
  bool has_name;
  uint32_t mtime;
} cz_gzinfo;

typedef struct cz_enc cz_enc;
/* level 1-9 (xz: 0-9), <= 0 (xz: < 0) the default; hdr (gzip only) may be NULL: no name, mtime 0. */
int cz_enc_new(cz_enc **out, cz_format f, int level, const cz_gzinfo *hdr);
/* Compresses data (finish: ends the stream); output goes to sink in
 * chunks.  0, a CZ_E_* or the sink's error. */
int cz_enc_write(cz_enc *e, const void *data, size_t n, bool finish,
                 cz_sink sink, void *ud);
uint64_t cz_enc_total_out(const cz_enc *e);
void cz_enc_free(cz_enc *e);

typedef struct cz_dec cz_dec;
int cz_dec_new(cz_dec **out, cz_format f);
/* Decompresses one step: consumes from *in, writes at most cap bytes to
 * out.  Concatenated members are decoded in turn; bytes after the last
 * member that do not start another are trailing garbage (skipped, see
 * cz_dec_trailing).  0 or a CZ_E_*. */
int cz_dec_step(cz_dec *d, const unsigned char **in, size_t *in_n,
                unsigned char *out, size_t cap, size_t *out_n);
/* Feeds all of data through to sink. */
int cz_dec_write(cz_dec *d, const void *data, size_t n, cz_sink sink, void *ud);
/* At the end of input: CZ_E_TRUNC inside a member (or no input). */
int cz_dec_finish(cz_dec *d);
bool cz_dec_trailing(const cz_dec *d); /* non-zero garbage followed */
const cz_gzinfo *cz_dec_gzinfo(const cz_dec *d);
void cz_dec_free(cz_dec *d);

/* A pull reader that decompresses a stream (fmt CZ_NONE: sniffed from
 * the first bytes; plain data passes through). */
typedef struct cz_reader cz_reader;
int cz_reader_new(cz_reader **out, bi_ctx *b, sh_stream *s, cz_format fmt);
/* With fmt CZ_NONE: sniff for this one format only, others pass through
 * as plain data (zgrep, like gzip -cdf, decompresses gzip alone). */
void cz_reader_only(cz_reader *r, cz_format f);
/* > 0 bytes, 0 at the end, negative vsh_err or a CZ_E_* (positive,
 * offset by 1000 so it is not a count: see CZ_READ_ERR). */
int64_t cz_reader_read(cz_reader *r, void *buf, size_t n);
#define CZ_READ_ERR(x) ((int64_t)-1000 - (x))
cz_format cz_reader_format(const cz_reader *r);
void cz_reader_free(cz_reader *r);

/* xz -l: what the indexes of an .xz file say (all its streams). */
typedef struct cz_xzinfo {
  uint64_t streams, blocks, compressed, uncompressed, padding;
  uint32_t checks; /* bit i: check id i is used */
} cz_xzinfo;
/* 0, CZ_E_FORMAT (not .xz), CZ_E_DATA (corrupt), CZ_E_MEM, or
 * CZ_E_UNAVAILABLE. */
int cz_xz_info(const unsigned char *data, size_t n, cz_xzinfo *out);

/* ---- the gzip/bzip2/xz command driver ------------------------------ */

typedef enum cz_msg {
  CZ_M_MISSING,     /* input missing/unreadable (err) */
  CZ_M_HAS_SUFFIX,  /* compressing X.gz */
  CZ_M_EXISTS,      /* output exists without -f */
  CZ_M_UNKNOWN_SUF, /* decompressing a name without a known suffix */
  CZ_M_DIR,         /* an operand is a directory */
  CZ_M_FORMAT,      /* not in this format */
  CZ_M_DATA,        /* corrupt */
  CZ_M_TRUNC,       /* unexpected end */
  CZ_M_TRAILING,    /* trailing garbage ignored */
  CZ_M_IOERR,       /* reading or writing failed (err) */
  CZ_M_TTY_OUT      /* refusing to write compressed data to a terminal */
} cz_msg;

typedef struct cz_tool {
  const char *name; /* "gzip" */
  cz_format fmt;
  const char *const *suffixes; /* known suffixes, NULL-terminated */
  /* replacement names: ".tgz" -> ".tar" (pairs, NULL-terminated) */
  const char *const *renames;
  /* prints the message; returns the exit status it implies */
  int (*msg)(bi_ctx *b, bool quiet, cz_msg m, const char *name,
             const char *extra, int err);
  /* -v lines (may be NULL) */
  void (*verbose)(bi_ctx *b, const char *in, const char *out, uint64_t nin,
                  uint64_t nout, bool decompress, bool test, bool to_stdout);
} cz_tool;

typedef struct cz_opts {
  bool decompress, to_stdout, keep, force, test, verbose, quiet;
  bool no_name;       /* gzip -n (compress: omit name and time) */
  bool use_name;      /* gzip -N (decompress: restore the name and time) */
  bool recursive;     /* gzip -r: directories' files, names that do not fit
                     the direction skipped without a word (unless -v) */
  int level;          /* 0: the tool's default */
  const char *suffix; /* gzip -S */
} cz_opts;

/* Runs the command over the operands (none: stdin to stdout).  Returns
 * the exit status (the worst seen: 1 error beats 2 warning). */
int cz_run(bi_ctx *b, const cz_tool *t, const cz_opts *o, char **files,
           int nfiles);

#endif /* VSH_BUILTINS_COMPRESS_INT_H */
