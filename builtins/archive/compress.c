/* compress.c: the codecs behind gzip, bzip2, xz and tar -z/-j/-J (zlib,
 * libbz2, liblzma), driven in bounded steps so every loop can check
 * cancellation, and the driver the three commands share: suffixes,
 * refusing to overwrite, keeping the input's mode and times on the
 * output, removing the input afterwards.  Libraries are optional at
 * build time; a missing one makes its format fail cleanly. */
#include "builtins/archive/compress_int.h"

#include <stdio.h>
#include <string.h>

#if __has_include(<zlib.h>)
#include <zlib.h>
#define HAVE_ZLIB 1
#endif
#if __has_include(<bzlib.h>)
#include <bzlib.h>
#define HAVE_BZ2 1
#endif
#if __has_include(<lzma.h>)
#include <lzma.h>
#define HAVE_LZMA 1
#endif

#define CHUNK 65536

static const unsigned char gz_magic[] = {0x1f, 0x8b};
static const unsigned char bz_magic[] = {'B', 'Z', 'h'};
static const unsigned char xz_magic[] = {0xfd, '7', 'z', 'X', 'Z', 0};

static const unsigned char *magic_of(cz_format f, size_t *n) {
  switch (f) {
  case CZ_GZIP: *n = sizeof gz_magic; return gz_magic;
  case CZ_BZIP2: *n = sizeof bz_magic; return bz_magic;
  case CZ_XZ: *n = sizeof xz_magic; return xz_magic;
  default: *n = 0; return NULL;
  }
}

cz_format cz_sniff(const void *p, size_t n) {
  for (cz_format f = CZ_GZIP; f <= CZ_XZ; f++) {
    size_t m;
    const unsigned char *mg = magic_of(f, &m);
    if (n >= m && !memcmp(p, mg, m)) return f;
  }
  return CZ_NONE;
}

bool cz_available(cz_format f) {
  switch (f) {
#ifdef HAVE_ZLIB
  case CZ_GZIP: return true;
#endif
#ifdef HAVE_BZ2
  case CZ_BZIP2: return true;
#endif
#ifdef HAVE_LZMA
  case CZ_XZ: return true;
#endif
  default: return false;
  }
}

/* ---- compression ----------------------------------------------------- */

struct cz_enc {
  cz_format fmt;
  uint64_t total_out;
#ifdef HAVE_ZLIB
  z_stream z;
  gz_header gh;
  char gname[256];
#endif
#ifdef HAVE_BZ2
  bz_stream bz;
#endif
#ifdef HAVE_LZMA
  lzma_stream lz;
#endif
  unsigned char out[CHUNK];
};

int cz_enc_new(cz_enc **out, cz_format f, int level, const cz_gzinfo *hdr) {
  *out = NULL;
  if (!cz_available(f)) return CZ_E_UNAVAILABLE;
  cz_enc *e = calloc(1, sizeof *e);
  if (!e) return CZ_E_MEM;
  e->fmt = f;
  int ok = 0;
  (void)hdr;
  switch (f) {
#ifdef HAVE_ZLIB
  case CZ_GZIP:
    ok = deflateInit2(&e->z, level > 0 ? level : 6, Z_DEFLATED, 15 + 16, 8,
                      Z_DEFAULT_STRATEGY) == Z_OK;
    if (ok && hdr) {
      e->gh.time = hdr->mtime;
      e->gh.os = 3; /* Unix, as gzip writes */
      if (hdr->has_name) {
        snprintf(e->gname, sizeof e->gname, "%s", hdr->name);
        e->gh.name = (Bytef *)e->gname;
      }
      deflateSetHeader(&e->z, &e->gh);
    }
    break;
#endif
#ifdef HAVE_BZ2
  case CZ_BZIP2:
    ok = BZ2_bzCompressInit(&e->bz, level > 0 ? level : 9, 0, 0) == BZ_OK;
    break;
#endif
#ifdef HAVE_LZMA
  case CZ_XZ: {
    lzma_stream init = LZMA_STREAM_INIT;
    e->lz = init;
    ok = lzma_easy_encoder(&e->lz, (uint32_t)(level >= 0 ? level : 6),
                           LZMA_CHECK_CRC64) == LZMA_OK;
    break;
  }
#endif
  default: break;
  }
  if (!ok) {
    free(e);
    return CZ_E_MEM;
  }
  *out = e;
  return 0;
}

int cz_enc_write(cz_enc *e, const void *data, size_t n, bool finish,
                 cz_sink sink, void *ud) {
  const unsigned char *p = data;
  for (;;) {
    size_t produced = 0;
    bool done = false;
    switch (e->fmt) {
#ifdef HAVE_ZLIB
    case CZ_GZIP: {
      e->z.next_in = (Bytef *)p;
      e->z.avail_in = (uInt)n;
      e->z.next_out = e->out;
      e->z.avail_out = CHUNK;
      int r = deflate(&e->z, finish ? Z_FINISH : Z_NO_FLUSH);
      if (r == Z_STREAM_ERROR) return CZ_E_DATA;
      produced = CHUNK - e->z.avail_out;
      p = e->z.next_in;
      n = e->z.avail_in;
      done = finish ? r == Z_STREAM_END : n == 0 && e->z.avail_out;
      break;
    }
#endif
#ifdef HAVE_BZ2
    case CZ_BZIP2: {
      e->bz.next_in = (char *)p;
      e->bz.avail_in = (unsigned)n;
      e->bz.next_out = (char *)e->out;
      e->bz.avail_out = CHUNK;
      int r = BZ2_bzCompress(&e->bz, finish ? BZ_FINISH : BZ_RUN);
      if (r < 0) return CZ_E_DATA;
      produced = CHUNK - e->bz.avail_out;
      p = (const unsigned char *)e->bz.next_in;
      n = e->bz.avail_in;
      done = finish ? r == BZ_STREAM_END : n == 0;
      break;
    }
#endif
#ifdef HAVE_LZMA
    case CZ_XZ: {
      e->lz.next_in = p;
      e->lz.avail_in = n;
      e->lz.next_out = e->out;
      e->lz.avail_out = CHUNK;
      lzma_ret r = lzma_code(&e->lz, finish ? LZMA_FINISH : LZMA_RUN);
      if (r != LZMA_OK && r != LZMA_STREAM_END)
        return r == LZMA_MEM_ERROR ? CZ_E_MEM : CZ_E_DATA;
      produced = CHUNK - e->lz.avail_out;
      p = e->lz.next_in;
      n = e->lz.avail_in;
      done = finish ? r == LZMA_STREAM_END : n == 0;
      break;
    }
#endif
    default: return CZ_E_UNAVAILABLE;
    }
    if (produced) {
      e->total_out += produced;
      int rc = sink(ud, e->out, produced);
      if (rc) return rc;
    }
    if (done) return 0;
  }
}

uint64_t cz_enc_total_out(const cz_enc *e) { return e->total_out; }

void cz_enc_free(cz_enc *e) {
  if (!e) return;
  switch (e->fmt) {
#ifdef HAVE_ZLIB
  case CZ_GZIP: deflateEnd(&e->z); break;
#endif
#ifdef HAVE_BZ2
  case CZ_BZIP2: BZ2_bzCompressEnd(&e->bz); break;
#endif
#ifdef HAVE_LZMA
  case CZ_XZ: lzma_end(&e->lz); break;
#endif
  default: break;
  }
  free(e);
}

/* ---- decompression --------------------------------------------------- */

struct cz_dec {
  cz_format fmt;
  bool active;    /* a member's decoder is running */
  bool started;   /* at least one member began */
  bool ended_one; /* a member completed */
  bool trailing;  /* past the last member */
  bool garbage;   /* non-zero trailing bytes */
  size_t seen;    /* magic bytes checked of the first member */
  cz_gzinfo info;
  bool info_done;
#ifdef HAVE_ZLIB
  z_stream z;
  gz_header gh;
  char gname[256];
#endif
#ifdef HAVE_BZ2
  bz_stream bz;
#endif
#ifdef HAVE_LZMA
  lzma_stream lz;
#endif
  unsigned char out[CHUNK];
};

static int member_begin(cz_dec *d) {
  int ok = 0;
  switch (d->fmt) {
#ifdef HAVE_ZLIB
  case CZ_GZIP:
    memset(&d->z, 0, sizeof d->z);
    ok = inflateInit2(&d->z, 15 + 16) == Z_OK;
    if (ok && !d->info_done) {
      memset(&d->gh, 0, sizeof d->gh);
      d->gh.name = (Bytef *)d->gname;
      d->gh.name_max = sizeof d->gname - 1;
      inflateGetHeader(&d->z, &d->gh);
    }
    break;
#endif
#ifdef HAVE_BZ2
  case CZ_BZIP2:
    memset(&d->bz, 0, sizeof d->bz);
    ok = BZ2_bzDecompressInit(&d->bz, 0, 0) == BZ_OK;
    break;
#endif
#ifdef HAVE_LZMA
  case CZ_XZ: {
    lzma_stream init = LZMA_STREAM_INIT;
    d->lz = init;
    ok = lzma_stream_decoder(&d->lz, UINT64_MAX, LZMA_CONCATENATED) == LZMA_OK;
    break;
  }
#endif
  default: return CZ_E_UNAVAILABLE;
  }
  if (!ok) return CZ_E_MEM;
  d->active = true;
  d->started = true;
  return 0;
}

static void member_end(cz_dec *d) {
  if (!d->active) return;
  switch (d->fmt) {
#ifdef HAVE_ZLIB
  case CZ_GZIP: inflateEnd(&d->z); break;
#endif
#ifdef HAVE_BZ2
  case CZ_BZIP2: BZ2_bzDecompressEnd(&d->bz); break;
#endif
#ifdef HAVE_LZMA
  case CZ_XZ: lzma_end(&d->lz); break;
#endif
  default: break;
  }
  d->active = false;
}

int cz_dec_new(cz_dec **out, cz_format f) {
  *out = NULL;
  if (!cz_available(f)) return CZ_E_UNAVAILABLE;
  cz_dec *d = calloc(1, sizeof *d);
  if (!d) return CZ_E_MEM;
  d->fmt = f;
  *out = d;
  return 0;
}

int cz_dec_step(cz_dec *d, const unsigned char **in, size_t *in_n,
                unsigned char *out, size_t cap, size_t *out_n) {
  *out_n = 0;
  if (d->trailing) {
    for (size_t i = 0; i < *in_n; i++)
      if ((*in)[i]) d->garbage = true;
    *in += *in_n;
    *in_n = 0;
    return 0;
  }
  size_t mlen;
  const unsigned char *mg = magic_of(d->fmt, &mlen);
  if (!d->started) {
    /* check the magic as it arrives: a wrong first byte is "not in
     * gzip format", not a data error */
    for (size_t i = 0; d->seen < mlen && i < *in_n; i++, d->seen++)
      if ((*in)[i] != mg[d->seen]) return CZ_E_FORMAT;
  }
  if (!d->active) {
    if (!*in_n) return 0;
    if (d->ended_one && (*in)[0] != mg[0]) {
      d->trailing = true;
      return cz_dec_step(d, in, in_n, out, cap, out_n);
    }
    int rc = member_begin(d);
    if (rc) return rc;
  }
  bool end = false;
  switch (d->fmt) {
#ifdef HAVE_ZLIB
  case CZ_GZIP: {
    d->z.next_in = (Bytef *)*in;
    d->z.avail_in = (uInt)(*in_n > 1u << 30 ? 1u << 30 : *in_n);
    uInt before = d->z.avail_in;
    d->z.next_out = out;
    d->z.avail_out = (uInt)cap;
    int r = inflate(&d->z, Z_NO_FLUSH);
    if (r == Z_MEM_ERROR) return CZ_E_MEM;
    if (r == Z_DATA_ERROR || r == Z_NEED_DICT || r == Z_STREAM_ERROR)
      return CZ_E_DATA;
    *in += before - d->z.avail_in;
    *in_n -= before - d->z.avail_in;
    *out_n = cap - d->z.avail_out;
    if (!d->info_done && d->gh.done == 1) {
      d->info_done = true;
      d->info.mtime = (uint32_t)d->gh.time;
      d->info.has_name = d->gname[0] != 0;
      snprintf(d->info.name, sizeof d->info.name, "%s", d->gname);
    }
    end = r == Z_STREAM_END;
    break;
  }
#endif
#ifdef HAVE_BZ2
  case CZ_BZIP2: {
    size_t take = *in_n > 1u << 30 ? 1u << 30 : *in_n;
    d->bz.next_in = (char *)*in;
    d->bz.avail_in = (unsigned)take;
    d->bz.next_out = (char *)out;
    d->bz.avail_out = (unsigned)cap;
    int r = BZ2_bzDecompress(&d->bz);
    if (r == BZ_MEM_ERROR) return CZ_E_MEM;
    if (r == BZ_DATA_ERROR_MAGIC && !d->ended_one) return CZ_E_FORMAT;
    if (r < 0) return CZ_E_DATA;
    *in += take - d->bz.avail_in;
    *in_n -= take - d->bz.avail_in;
    *out_n = cap - d->bz.avail_out;
    end = r == BZ_STREAM_END;
    break;
  }
#endif
#ifdef HAVE_LZMA
  case CZ_XZ: {
    d->lz.next_in = *in;
    d->lz.avail_in = *in_n;
    d->lz.next_out = out;
    d->lz.avail_out = cap;
    /* LZMA_CONCATENATED decodes following streams itself; LZMA_RUN
     * with no more input just waits */
    lzma_ret r = lzma_code(&d->lz, *in_n ? LZMA_RUN : LZMA_FINISH);
    *in_n = d->lz.avail_in;
    *in = d->lz.next_in;
    *out_n = cap - d->lz.avail_out;
    if (r == LZMA_MEM_ERROR || r == LZMA_MEMLIMIT_ERROR) return CZ_E_MEM;
    if (r == LZMA_FORMAT_ERROR) return CZ_E_FORMAT;
    if (r == LZMA_BUF_ERROR) return CZ_E_TRUNC;
    if (r != LZMA_OK && r != LZMA_STREAM_END) return CZ_E_DATA;
    end = r == LZMA_STREAM_END;
    break;
  }
#endif
  default: return CZ_E_UNAVAILABLE;
  }
  if (end) {
    member_end(d);
    d->ended_one = true;
    if (d->fmt == CZ_XZ) d->trailing = true;
  }
  return 0;
}

int cz_dec_write(cz_dec *d, const void *data, size_t n, cz_sink sink,
                 void *ud) {
  const unsigned char *p = data;
  do {
    size_t got;
    int rc = cz_dec_step(d, &p, &n, d->out, CHUNK, &got);
    if (rc) return rc;
    if (got && (rc = sink(ud, d->out, got))) return rc;
    /* zlib may hold output back while input remains; loop until both
     * are drained */
    if (!n && got < CHUNK) break;
  } while (1);
  return 0;
}

int cz_dec_finish(cz_dec *d) {
  if (d->fmt == CZ_XZ && d->active) {
    /* a concatenated xz stream ends only when told there is no more */
    unsigned char dummy[1];
    const unsigned char *p = dummy;
    size_t n = 0, got = 0;
    do {
      int rc = cz_dec_step(d, &p, &n, d->out, CHUNK, &got);
      if (rc) return rc;
    } while (got);
    if (d->ended_one) return 0;
  }
  if (d->active || !d->started) {
    if (!d->started && d->seen) return CZ_E_FORMAT;
    return CZ_E_TRUNC;
  }
  return 0;
}

bool cz_dec_trailing(const cz_dec *d) { return d->garbage; }
const cz_gzinfo *cz_dec_gzinfo(const cz_dec *d) {
  return d->info_done ? &d->info : NULL;
}

void cz_dec_free(cz_dec *d) {
  if (!d) return;
  member_end(d);
  free(d);
}

/* ---- pull reader ------------------------------------------------------ */

struct cz_reader {
  bi_ctx *b;
  sh_stream *s;
  cz_format fmt;
  cz_format only; /* sniffing recognises only this format (CZ_NONE: any) */
  cz_dec *d;
  bool sniffed, eof, finished;
  unsigned char in[CHUNK];
  const unsigned char *ip;
  size_t in_n;
};

int cz_reader_new(cz_reader **out, bi_ctx *b, sh_stream *s, cz_format fmt) {
  cz_reader *r = calloc(1, sizeof *r);
  if (!r) return VSH_ENOMEM;
  r->b = b;
  r->s = s;
  r->fmt = fmt;
  r->ip = r->in;
  *out = r;
  return 0;
}

void cz_reader_only(cz_reader *r, cz_format f) { r->only = f; }

static int fill(cz_reader *r) {
  if (r->in_n || r->eof) return 0;
  if (bi_cancelled(r->b)) return VSH_EABORTED;
  int64_t got = bi_read(r->b, r->s, r->in, sizeof r->in);
  if (got < 0) return (int)got;
  if (!got) r->eof = true;
  r->ip = r->in;
  r->in_n = (size_t)got;
  return 0;
}

int64_t cz_reader_read(cz_reader *r, void *buf, size_t n) {
  int rc;
  if (!r->sniffed) {
    /* gather enough bytes to recognise any magic */
    while (r->in_n < sizeof xz_magic && !r->eof) {
      if (bi_cancelled(r->b)) return VSH_EABORTED;
      int64_t got =
          bi_read(r->b, r->s, r->in + r->in_n, sizeof r->in - r->in_n);
      if (got < 0) return got;
      if (!got) r->eof = true;
      r->in_n += (size_t)got;
    }
    r->sniffed = true;
    if (r->fmt == CZ_NONE) {
      r->fmt = cz_sniff(r->in, r->in_n);
      if (r->only != CZ_NONE && r->fmt != r->only) r->fmt = CZ_NONE;
    }
    if (r->fmt != CZ_NONE && (rc = cz_dec_new(&r->d, r->fmt)))
      return CZ_READ_ERR(rc);
  }
  for (;;) {
    if ((rc = fill(r))) return rc;
    if (!r->d) {
      size_t k = r->in_n < n ? r->in_n : n;
      memcpy(buf, r->ip, k);
      r->ip += k;
      r->in_n -= k;
      return (int64_t)k;
    }
    if (r->eof && !r->in_n) {
      if (r->finished) return 0;
      r->finished = true;
      rc = cz_dec_finish(r->d);
      return rc ? CZ_READ_ERR(rc) : 0;
    }
    size_t got;
    rc = cz_dec_step(r->d, &r->ip, &r->in_n, buf, n, &got);
    if (rc) return CZ_READ_ERR(rc);
    if (got) return (int64_t)got;
    if (bi_cancelled(r->b)) return VSH_EABORTED;
  }
}

cz_format cz_reader_format(const cz_reader *r) { return r->fmt; }

void cz_reader_free(cz_reader *r) {
  if (!r) return;
  cz_dec_free(r->d);
  free(r);
}

/* ---- the command driver ----------------------------------------------- */

/* Where output goes: stdout, a vfs file, or nowhere (-t). */
typedef struct sink_ctx {
  bi_ctx *b;
  vfs_file *f;
  bool null;
  uint64_t n;
} sink_ctx;

static int put(void *ud, const void *data, size_t n) {
  sink_ctx *s = ud;
  if (bi_cancelled(s->b)) return VSH_EABORTED;
  s->n += n;
  if (s->null) return 0;
  if (!s->f) return bi_write(s->b, data, n);
  int64_t w = vfs_file_write(s->f, data, n);
  return w < 0 ? (int)w : 0;
}

/* Worst status: an error (1) beats a warning (2). */
static int worse(int a, int b) {
  if (a == 1 || b == 1) return 1;
  return a > b ? a : b;
}

static int msg_for(int rc) {
  switch (rc) {
  case CZ_E_FORMAT: return CZ_M_FORMAT;
  case CZ_E_TRUNC: return CZ_M_TRUNC;
  default: return CZ_M_DATA;
  }
}

/* Streams in through the codec to s.  *nin counts input bytes. */
static int pump(bi_ctx *b, const cz_tool *t, const cz_opts *o, sh_stream *in,
                sink_ctx *s, const cz_gzinfo *hdr, uint64_t *nin,
                cz_gzinfo *got_info, bool *trailing) {
  unsigned char *buf = malloc(CHUNK);
  if (!buf) return VSH_ENOMEM;
  cz_enc *e = NULL;
  cz_dec *d = NULL;
  int rc = o->decompress ? cz_dec_new(&d, t->fmt)
                         : cz_enc_new(&e, t->fmt, o->level, hdr);
  bool passthrough = false, first = true;
  while (!rc) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    int64_t r = bi_read(b, in, buf, CHUNK);
    if (r < 0) {
      rc = (int)r;
      break;
    }
    *nin += (uint64_t)r;
    if (passthrough) {
      if (!r) break;
      rc = put(s, buf, (size_t)r);
      continue;
    }
    if (e) {
      rc = cz_enc_write(e, buf, (size_t)r, r == 0, put, s);
      if (r == 0) break;
      continue;
    }
    if (r == 0) {
      rc = cz_dec_finish(d);
      break;
    }
    rc = cz_dec_write(d, buf, (size_t)r, put, s);
    /* zcat -f / gzip -dcf copy what is not compressed */
    if (rc == CZ_E_FORMAT && first && o->force && o->to_stdout) {
      passthrough = true;
      rc = put(s, buf, (size_t)r);
    }
    first = false;
  }
  if (d) {
    if (got_info && cz_dec_gzinfo(d)) *got_info = *cz_dec_gzinfo(d);
    *trailing = cz_dec_trailing(d);
  }
  cz_enc_free(e);
  cz_dec_free(d);
  free(buf);
  return rc;
}

static bool has_suffix(const char *name, const char *suf) {
  size_t n = strlen(name), m = strlen(suf);
  return n > m && !strcmp(name + n - m, suf);
}

/* The decompressed name of f, or NULL when no suffix is known. */
static char *strip_name(bi_ctx *b, const cz_tool *t, const cz_opts *o,
                        const char *f) {
  size_t n = strlen(f);
  if (o->suffix && has_suffix(f, o->suffix))
    return vsh__arena_strndup(b->arena, f, n - strlen(o->suffix));
  for (const char *const *r = t->renames; r && *r; r += 2)
    if (has_suffix(f, r[0])) {
      size_t k = n - strlen(r[0]);
      char *s = vsh__arena_alloc(b->arena, k + strlen(r[1]) + 1);
      if (!s) return NULL;
      memcpy(s, f, k);
      strcpy(s + k, r[1]);
      return s;
    }
  for (const char *const *sf = t->suffixes; *sf; sf++)
    if (has_suffix(f, *sf))
      return vsh__arena_strndup(b->arena, f, n - strlen(*sf));
  return NULL;
}

static int run_stdin(bi_ctx *b, const cz_tool *t, const cz_opts *o) {
  sink_ctx s = {.b = b, .null = o->test};
  uint64_t nin = 0;
  bool trailing = false;
  /* a pipe has no name or time to record */
  cz_gzinfo hdr = {0};
  int rc =
      pump(b, t, o, b->in, &s, o->no_name ? NULL : &hdr, &nin, NULL, &trailing);
  if (rc == VSH_EPIPE) return 141;
  if (rc == VSH_EABORTED) return 1;
  if (rc < 0) return t->msg(b, o->quiet, CZ_M_IOERR, "stdin", NULL, rc);
  if (rc) return t->msg(b, o->quiet, msg_for(rc), NULL, "(stdout)", rc);
  int st = 0;
  if (trailing) st = t->msg(b, o->quiet, CZ_M_TRAILING, NULL, NULL, 0);
  if (o->verbose && t->verbose)
    t->verbose(b, NULL, NULL, nin, s.n, o->decompress, o->test, true);
  return st;
}

static int run_file(bi_ctx *b, const cz_tool *t, const cz_opts *o,
                    const char *f);

/* gzip -r: each entry beneath a directory in name order, depth first,
 * on the library's walker (GNU skips symlinks). */
static int run_dir(bi_ctx *b, const cz_tool *t, const cz_opts *o, const char *f,
                   const char *abs) {
  bi_walk *w;
  if (bi_walk_new(&w, b, abs, f, false, true, false)) return 1;
  int status = 0, rc = 0;
  bi_went *e;
  while (status != 141 && (rc = bi_walk_next(w, &e)) == 1) {
    if (e->dir_err) {
      status = worse(status,
                     t->msg(b, o->quiet, CZ_M_MISSING, e->shown, NULL, e->err));
      continue;
    }
    if (!e->depth || e->err || e->st.type == VFS_LNK || e->st.type == VFS_DIR)
      continue;
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    int st = run_file(b, t, o, e->shown);
    vsh__arena_pop(b->arena, m);
    status = st == 141 ? 141 : worse(status, st);
  }
  if (rc < 0) status = worse(status, 1);
  bi_walk_free(w);
  return status;
}

static int run_file(bi_ctx *b, const cz_tool *t, const cz_opts *o,
                    const char *f) {
  if (!strcmp(f, "-")) return run_stdin(b, t, o);
  const char *ap = bi_path(b, f);
  vfs_info st;
  int rc = ap ? vfs_stat(b->fs, ap, true, &st) : bi_path_error(f);
  if (rc) {
    /* gunzip x tries x.gz too */
    if (o->decompress && rc == VSH_ENOENT && !strip_name(b, t, o, f)) {
      const char *suf = o->suffix ? o->suffix : t->suffixes[0];
      size_t n = strlen(f) + strlen(suf) + 1;
      char *alt = vsh__arena_alloc(b->arena, n);
      if (alt) {
        snprintf(alt, n, "%s%s", f, suf);
        const char *aap = bi_path(b, alt);
        if (aap && !vfs_stat(b->fs, aap, true, &st))
          return run_file(b, t, o, alt);
        if (t->fmt == CZ_GZIP) f = alt;
      }
    }
    return t->msg(b, o->quiet, CZ_M_MISSING, f, NULL, rc);
  }
  if (st.type == VFS_DIR) {
    if (!o->recursive) return t->msg(b, o->quiet, CZ_M_DIR, f, NULL, 0);
    return run_dir(b, t, o, f, ap);
  }
  const char *outname = NULL;
  int status = 0;
  if (!o->to_stdout && !o->test) {
    if (o->decompress) {
      outname = strip_name(b, t, o, f);
      if (!outname) {
        if (o->recursive) { /* GNU: a word only with -v, no warning */
          if (o->verbose) t->msg(b, false, CZ_M_UNKNOWN_SUF, f, NULL, 0);
          return 0;
        }
        status = t->msg(b, o->quiet, CZ_M_UNKNOWN_SUF, f, NULL, 0);
        if (t->fmt != CZ_BZIP2) return status;
        /* bzip2 decompresses anyway, into NAME.out */
        size_t n = strlen(f) + 5;
        char *alt = vsh__arena_alloc(b->arena, n);
        if (!alt) return 1;
        snprintf(alt, n, "%s.out", f);
        outname = alt;
      }
    } else {
      const char *suf = o->suffix ? o->suffix : t->suffixes[0];
      for (const char *const *sf = t->suffixes; *sf; sf++)
        if (has_suffix(f, *sf) || (o->suffix && has_suffix(f, o->suffix))) {
          const char *sx = o->suffix ? o->suffix : *sf;
          if (!o->recursive)
            return t->msg(b, o->quiet, CZ_M_HAS_SUFFIX, f, sx, 0);
          if (o->verbose) t->msg(b, false, CZ_M_HAS_SUFFIX, f, sx, 0);
          return 0;
        }
      size_t n = strlen(f) + strlen(suf) + 1;
      char *on = vsh__arena_alloc(b->arena, n);
      if (!on) return 1;
      snprintf(on, n, "%s%s", f, suf);
      outname = on;
    }
  }
  sh_stream *in = NULL;
  if ((rc = bi_open_input(b, f, &in)))
    return t->msg(b, o->quiet, CZ_M_MISSING, f, NULL, rc);
  sink_ctx s = {.b = b, .null = o->test};
  const char *outpath = NULL;
  if (outname) {
    outpath = bi_path(b, outname);
    vfs_info ost;
    if (!o->force && outpath && !vfs_stat(b->fs, outpath, false, &ost)) {
      sh_stream_unref(in);
      return worse(status, t->msg(b, o->quiet, CZ_M_EXISTS, outname, NULL, 0));
    }
    rc = outpath ? vfs_open(b->fs, outpath,
                            VFS_O_WRITE | VFS_O_CREAT | VFS_O_TRUNC, 0600, &s.f)
                 : VSH_ENAMETOOLONG;
    if (rc) {
      sh_stream_unref(in);
      return worse(status, t->msg(b, o->quiet, CZ_M_IOERR, outname, NULL, rc));
    }
  }
  cz_gzinfo hdr = {0}, info = {0};
  if (!o->no_name) {
    hdr.mtime = (uint32_t)st.mtime.tv_sec;
    const char *base = vsh__path_basename(f);
    hdr.has_name = true;
    snprintf(hdr.name, sizeof hdr.name, "%s", base);
  }
  uint64_t nin = 0;
  bool trailing = false;
  rc = pump(b, t, o, in, &s, o->no_name ? NULL : &hdr, &nin, &info, &trailing);
  sh_stream_unref(in);
  if (s.f) vfs_file_close(s.f);
  if (rc) {
    if (outpath) vfs_unlink(b->fs, outpath);
    if (rc == VSH_EPIPE) return 141;
    if (rc == VSH_EABORTED) return 1;
    if (rc < 0)
      return worse(status, t->msg(b, o->quiet, CZ_M_IOERR, f, NULL, rc));
    return worse(status, t->msg(b, o->quiet, msg_for(rc), f,
                                outname ? outname : "(stdout)", rc));
  }
  if (trailing)
    status = worse(status, t->msg(b, o->quiet, CZ_M_TRAILING, f, NULL, 0));
  if (outpath) {
    struct timespec mt = st.mtime;
    if (o->use_name && o->decompress && info.mtime) {
      mt.tv_sec = info.mtime;
      mt.tv_nsec = 0;
    }
    if (o->use_name && o->decompress && info.has_name &&
        !strchr(info.name, '/')) {
      /* gunzip -N: the name stored in the header, in the same directory */
      vsh_buf dir = {0};
      if (!vsh__path_dirname(&dir, outpath)) {
        vsh__buf_putc(&dir, '/');
        vsh__buf_puts(&dir, info.name);
        const char *np = bi_path(b, dir.data);
        if (np && strcmp(np, outpath) && !vfs_rename(b->fs, outpath, np)) {
          outpath = np;
          outname = vsh__arena_strndup(b->arena, info.name, strlen(info.name));
        }
      }
      vsh_buf_dispose(&dir);
    }
    vfs_chmod(b->fs, outpath, st.mode & 07777);
    vfs_utimens(b->fs, outpath, &st.atime, &mt, true);
    if (!o->keep) vfs_unlink(b->fs, ap);
  }
  if (o->verbose && t->verbose)
    t->verbose(b, f, outname, nin, s.n, o->decompress, o->test, o->to_stdout);
  return status;
}

int cz_run(bi_ctx *b, const cz_tool *t, const cz_opts *o, char **files,
           int nfiles) {
  if (!cz_available(t->fmt)) {
    bi_err(b, "not available in this build");
    return 1;
  }
  if (!nfiles) return run_stdin(b, t, o);
  int status = 0;
  for (int i = 0; i < nfiles; i++) {
    if (bi_cancelled(b)) return 1;
    int st = run_file(b, t, o, files[i]);
    if (st == 141) return 141;
    status = worse(status, st);
  }
  return status;
}

/* ---- xz -l ---------------------------------------------------------------- */

#ifdef HAVE_LZMA
/* Walks the streams from the end: padding, footer, index, header. */
int cz_xz_info(const unsigned char *data, size_t n, cz_xzinfo *out) {
  *out = (cz_xzinfo){0};
  if (n < 6 || memcmp(data, xz_magic, 6)) return CZ_E_FORMAT;
  lzma_index *all = NULL;
  size_t pos = n;
  int rc = 0;
  while (pos > 0 && !rc) {
    uint64_t pad = 0;
    while (pos >= 4 && !memcmp(data + pos - 4, "\0\0\0\0", 4)) {
      pos -= 4;
      pad += 4;
    }
    lzma_stream_flags foot, head;
    if (pos < 2 * LZMA_STREAM_HEADER_SIZE ||
        lzma_stream_footer_decode(
            &foot, data + pos - LZMA_STREAM_HEADER_SIZE) != LZMA_OK ||
        foot.backward_size > pos - 2 * LZMA_STREAM_HEADER_SIZE) {
      rc = CZ_E_DATA;
      break;
    }
    size_t ipos = pos - LZMA_STREAM_HEADER_SIZE - (size_t)foot.backward_size;
    lzma_index *idx = NULL;
    uint64_t memlimit = UINT64_MAX;
    size_t in_pos = ipos;
    if (lzma_index_buffer_decode(&idx, &memlimit, NULL, data, &in_pos,
                                 pos - LZMA_STREAM_HEADER_SIZE) != LZMA_OK) {
      rc = CZ_E_DATA;
      break;
    }
    uint64_t ssize = lzma_index_stream_size(idx);
    if (ssize > pos ||
        lzma_stream_header_decode(&head, data + pos - ssize) != LZMA_OK ||
        lzma_stream_flags_compare(&head, &foot) != LZMA_OK ||
        lzma_index_stream_flags(idx, &foot) != LZMA_OK ||
        lzma_index_stream_padding(idx, pad) != LZMA_OK) {
      lzma_index_end(idx, NULL);
      rc = CZ_E_DATA;
      break;
    }
    if (all && lzma_index_cat(idx, all, NULL) != LZMA_OK) {
      lzma_index_end(idx, NULL);
      rc = CZ_E_MEM;
      break;
    }
    all = idx;
    out->padding += pad;
    pos -= (size_t)ssize;
  }
  if (!rc && all) {
    out->streams = lzma_index_stream_count(all);
    out->blocks = lzma_index_block_count(all);
    out->compressed = lzma_index_file_size(all);
    out->uncompressed = lzma_index_uncompressed_size(all);
    out->checks = lzma_index_checks(all);
  }
  if (all) lzma_index_end(all, NULL);
  return rc;
}
#else
int cz_xz_info(const unsigned char *data, size_t n, cz_xzinfo *out) {
  (void)data;
  (void)n;
  *out = (cz_xzinfo){0};
  return CZ_E_UNAVAILABLE;
}
#endif
