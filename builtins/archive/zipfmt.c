/* zipfmt.c: the .zip container for zip and unzip.  The archive is held
 * in memory; every count, size and offset read from it is checked
 * against the buffer before use, so a hostile directory can only fail
 * (never allocate by a claimed size or read outside).  Inflation runs in
 * fixed chunks, charging the work budget, and stops once the output
 * passes the size the directory claims. */
#include "builtins/archive/zip_int.h"

#include <stdio.h>
#include <string.h>

#if __has_include(<zlib.h>)
#include <zlib.h>
#define HAVE_ZLIB 1
#endif

#define CHUNK 65536

static uint16_t get16(const unsigned char *p) {
  return (uint16_t)(p[0] | p[1] << 8);
}
static uint32_t get32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}
static uint64_t get64(const unsigned char *p) {
  return get32(p) | (uint64_t)get32(p + 4) << 32;
}

int64_t zf_dos_to_time(bi_ctx *b, uint16_t date, uint16_t time) {
  int64_t days = bi_days_from_civil(1980 + (date >> 9), (date >> 5) & 15,
                                    date & 31 ? date & 31 : 1);
  int64_t local = days * 86400 + (time >> 11) * 3600 + ((time >> 5) & 63) * 60 +
                  (time & 31) * 2;
  int64_t t = local;
  if (!bi_tz_local(b, local, &t)) t = local;
  return t;
}

void zf_time_to_dos(bi_ctx *b, int64_t t, uint16_t *date, uint16_t *time) {
  t = (t + 1) & ~(int64_t)1; /* zip rounds odd seconds up */
  bi_tm tm;
  bi_time_at(t, bi_tz_offset_at(b, t), &tm);
  if (tm.year < 1980) {
    *date = (0 << 9) | (1 << 5) | 1;
    *time = 0;
    return;
  }
  *date = (uint16_t)((tm.year - 1980) << 9 | (tm.mon + 1) << 5 | tm.mday);
  *time = (uint16_t)(tm.hour << 11 | tm.min << 5 | tm.sec / 2);
}

uint32_t zf_crc32(uint32_t crc, const void *data, size_t n) {
#ifdef HAVE_ZLIB
  const unsigned char *p = data;
  while (n) {
    uInt step = n > (1u << 30) ? 1u << 30 : (uInt)n;
    crc = (uint32_t)crc32(crc, p, step);
    p += step;
    n -= step;
  }
  return crc;
#else
  (void)data, (void)n;
  return crc;
#endif
}

int zf_ratio(uint64_t usize, uint64_t csize) {
  if (!usize) return 0;
  double r = 100.0 * ((double)usize - (double)csize) / (double)usize;
  return (int)(r < 0 ? r - 0.5 : r + 0.5);
}

bool zf_is_dir(const zf_entry *e) {
  size_t n = strlen(e->name);
  return n && e->name[n - 1] == '/';
}

unsigned zf_unix_mode(const zf_entry *e) {
  if (e->made_by >> 8 != 3) return 0;
  return e->ext_attr >> 16;
}

/* Reads the extra fields of a central record: zip64 sizes, UT mtime. */
static void parse_extra(zf_entry *e, const unsigned char *x, size_t n,
                        bool z64_usize, bool z64_csize, bool z64_lho) {
  while (n >= 4) {
    uint16_t id = get16(x), len = get16(x + 2);
    if ((size_t)len + 4 > n) break;
    const unsigned char *d = x + 4;
    if (id == 0x0001) {
      size_t o = 0;
      if (z64_usize && o + 8 <= len) e->usize = get64(d + o), o += 8;
      if (z64_csize && o + 8 <= len) e->csize = get64(d + o), o += 8;
      if (z64_lho && o + 8 <= len) e->lho = get64(d + o), o += 8;
    } else if (id == 0x5455 && len >= 5 && (d[0] & 1)) {
      e->mtime = (int32_t)get32(d + 1);
      e->has_ut = true;
    }
    x += 4 + len;
    n -= 4 + len;
  }
}

/* Finds the end record; fills the directory's place and count. */
static int find_end(zf_archive *a, uint64_t *cd_off, uint64_t *cd_size,
                    uint64_t *count) {
  const unsigned char *d = a->data;
  size_t len = a->len;
  if (len < 22) return ZF_E_NOEOCD;
  size_t lo = len > 22 + 65535 ? len - 22 - 65535 : 0;
  size_t i = len - 22;
  for (;; i--) {
    if (get32(d + i) == 0x06054b50 && i + 22 + get16(d + i + 20) <= len) break;
    if (i == lo) return ZF_E_NOEOCD;
  }
  a->comment = (const char *)d + i + 22;
  a->comment_len = get16(d + i + 20);
  *count = get16(d + i + 10);
  *cd_size = get32(d + i + 12);
  *cd_off = get32(d + i + 16);
  /* zip64: a locator just before points at the zip64 end record */
  if (i >= 20 && get32(d + i - 20) == 0x07064b50) {
    uint64_t z = get64(d + i - 20 + 8);
    if (z > len - 56 || get32(d + z) != 0x06064b50) return ZF_E_FORMAT;
    *count = get64(d + z + 32);
    *cd_size = get64(d + z + 40);
    *cd_off = get64(d + z + 48);
  }
  /* data prepended to the archive: the offsets count from its end */
  uint64_t end =
      i >= 20 && get32(d + i - 20) == 0x07064b50 ? get64(d + i - 20 + 8) : i;
  if (*cd_off <= end && *cd_size <= end - *cd_off &&
      end - *cd_off - *cd_size > 0) {
    a->extra = end - *cd_off - *cd_size;
    *cd_off += a->extra;
  }
  if (*cd_off > len || *cd_size > len - *cd_off) return ZF_E_FORMAT;
  /* each central record takes at least 46 bytes */
  if (*count > *cd_size / 46) return ZF_E_FORMAT;
  return 0;
}

int zf_read(bi_ctx *b, zf_archive *a, const unsigned char *data, size_t len) {
  memset(a, 0, sizeof *a);
  a->data = data;
  a->len = len;
  uint64_t off, size, count;
  int rc = find_end(a, &off, &size, &count);
  if (rc) return rc;
  a->ents = count ? calloc(count, sizeof *a->ents) : NULL;
  if (count && !a->ents) return ZF_E_MEM;
  uint64_t end = off + size;
  for (uint64_t k = 0; k < count; k++) {
    if (bi_charge(b, 1)) return ZF_E_MEM;
    if (off + 46 > end || get32(data + off) != 0x02014b50) return ZF_E_FORMAT;
    const unsigned char *p = data + off;
    size_t nl = get16(p + 28), xl = get16(p + 30), cl = get16(p + 32);
    if (off + 46 + nl + xl + cl > end) return ZF_E_FORMAT;
    zf_entry *e = &a->ents[a->n];
    e->name = vsh__arena_memdup(b->arena, p + 46, nl);
    if (!e->name) return ZF_E_MEM;
    a->n++;
    e->made_by = get16(p + 4);
    e->needed = get16(p + 6);
    e->flags = get16(p + 8);
    e->method = get16(p + 10);
    e->dtime = get16(p + 12);
    e->ddate = get16(p + 14);
    e->crc = get32(p + 16);
    e->csize = get32(p + 20);
    e->usize = get32(p + 24);
    e->int_attr = get16(p + 36);
    e->ext_attr = get32(p + 38);
    e->lho = get32(p + 42);
    e->cextra = p + 46 + nl;
    e->cextra_len = xl;
    parse_extra(e, e->cextra, xl, e->usize == 0xffffffff,
                e->csize == 0xffffffff, e->lho == 0xffffffff);
    if (!e->has_ut) e->mtime = zf_dos_to_time(b, e->ddate, e->dtime);
    e->lho += a->extra;
    off += 46 + nl + xl + cl;
  }
  return 0;
}

void zf_dispose(zf_archive *a) {
  free(a->ents);
  memset(a, 0, sizeof *a);
}

int zf_member_data(const zf_archive *a, const zf_entry *e,
                   const unsigned char **out, size_t *n) {
  if (e->lho > a->len || a->len - e->lho < 30) return ZF_E_OFFSET;
  const unsigned char *p = a->data + e->lho;
  if (get32(p) != 0x04034b50) return ZF_E_FORMAT;
  uint64_t start = e->lho + 30 + get16(p + 26) + get16(p + 28);
  if (start > a->len) return ZF_E_TRUNC;
  uint64_t avail = a->len - start;
  *out = a->data + start;
  if (e->csize > avail) {
    *n = (size_t)avail;
    return ZF_E_TRUNC;
  }
  *n = (size_t)e->csize;
  return 0;
}

static int emit(bi_ctx *b, zf_sink sink, void *ud, const unsigned char *d,
                size_t n, uint64_t *total, uint64_t limit, uint32_t *crc) {
  if (bi_charge(b, 1 + n / 4096)) return VSH_EABORTED;
  if (n > limit - *total) return ZF_E_DATA;
  *total += n;
  *crc = zf_crc32(*crc, d, n);
  return sink ? sink(ud, d, n) : 0;
}

#ifdef HAVE_ZLIB
static int inflate_to(bi_ctx *b, const unsigned char *in, size_t n,
                      zf_sink sink, void *ud, uint64_t limit, uint64_t *total,
                      uint32_t *crc) {
  z_stream z;
  memset(&z, 0, sizeof z);
  if (inflateInit2(&z, -15) != Z_OK) return ZF_E_MEM;
  unsigned char *buf = malloc(CHUNK);
  int rc = buf ? 0 : ZF_E_MEM;
  z.next_in = (unsigned char *)in;
  while (!rc) {
    size_t step = n > CHUNK ? CHUNK : n;
    z.avail_in = (uInt)step;
    n -= step;
    int zr;
    do {
      z.next_out = buf;
      z.avail_out = CHUNK;
      zr = inflate(&z, Z_NO_FLUSH);
      if (zr != Z_OK && zr != Z_STREAM_END && zr != Z_BUF_ERROR) {
        rc = zr == Z_MEM_ERROR ? ZF_E_MEM : ZF_E_DATA;
        break;
      }
      rc = emit(b, sink, ud, buf, CHUNK - z.avail_out, total, limit, crc);
    } while (!rc && zr != Z_STREAM_END && z.avail_out == 0);
    if (rc || zr == Z_STREAM_END) break;
    n += z.avail_in;
    if (!n) rc = ZF_E_TRUNC;
  }
  inflateEnd(&z);
  free(buf);
  return rc;
}
#endif

int zf_extract(bi_ctx *b, const zf_archive *a, const zf_entry *e, zf_sink sink,
               void *ud, uint32_t *crc) {
  const unsigned char *d;
  size_t n;
  *crc = 0;
  if (e->flags & 1) return ZF_E_CRYPT;
  int rc = zf_member_data(a, e, &d, &n);
  if (rc) return rc;
  uint64_t total = 0;
  if (e->method == 0) {
    for (size_t o = 0; o < n && !rc; o += CHUNK)
      rc = emit(b, sink, ud, d + o, n - o > CHUNK ? CHUNK : n - o, &total,
                e->usize, crc);
  } else if (e->method == 8) {
#ifdef HAVE_ZLIB
    rc = inflate_to(b, d, n, sink, ud, e->usize, &total, crc);
#else
    rc = ZF_E_METHOD;
#endif
  } else {
    return ZF_E_METHOD;
  }
  if (!rc && total != e->usize) rc = ZF_E_DATA;
  if (!rc && *crc != e->crc) rc = ZF_E_CRC;
  return rc;
}

/* ---- writing ------------------------------------------------------ */

static void put16(unsigned char *p, unsigned v) {
  p[0] = (unsigned char)v;
  p[1] = (unsigned char)(v >> 8);
}
static void put32(unsigned char *p, uint32_t v) {
  put16(p, v & 0xffff);
  put16(p + 2, v >> 16);
}

void zf_writer_init(zf_writer *w) {
  memset(w, 0, sizeof *w);
  vsh__buf_init(&w->out);
  vsh__buf_init(&w->cdir);
}

void zf_writer_dispose(zf_writer *w) {
  vsh_buf_dispose(&w->out);
  vsh_buf_dispose(&w->cdir);
}

/* One local header and its central twin; lx/cx the extra fields. */
static int write_entry(zf_writer *w, const zf_entry *e, const char *name,
                       const unsigned char *lx, size_t lxn,
                       const unsigned char *cx, size_t cxn, const void *data,
                       size_t n) {
  size_t nl = strlen(name);
  if (w->out.len > 0xfffffffe || e->csize > 0xfffffffe ||
      e->usize > 0xfffffffe || nl > 0xffff)
    return VSH_EFBIG;
  unsigned char h[46];
  put32(h, 0x04034b50);
  put16(h + 4, e->needed);
  put16(h + 6, e->flags & ~8u);
  put16(h + 8, e->method);
  put16(h + 10, e->dtime);
  put16(h + 12, e->ddate);
  put32(h + 14, e->crc);
  put32(h + 18, (uint32_t)e->csize);
  put32(h + 22, (uint32_t)e->usize);
  put16(h + 26, (unsigned)nl);
  put16(h + 28, (unsigned)lxn);
  uint32_t lho = (uint32_t)w->out.len;
  int rc = vsh__buf_append(&w->out, h, 30);
  if (!rc) rc = vsh__buf_append(&w->out, name, nl);
  if (!rc) rc = vsh__buf_append(&w->out, lx, lxn);
  if (!rc) rc = vsh__buf_append(&w->out, data, n);
  put32(h, 0x02014b50);
  put16(h + 4, e->made_by);
  put16(h + 6, e->needed);
  put16(h + 8, e->flags & ~8u);
  put16(h + 10, e->method);
  put16(h + 12, e->dtime);
  put16(h + 14, e->ddate);
  put32(h + 16, e->crc);
  put32(h + 20, (uint32_t)e->csize);
  put32(h + 24, (uint32_t)e->usize);
  put16(h + 28, (unsigned)nl);
  put16(h + 30, (unsigned)cxn);
  put16(h + 32, 0);
  put16(h + 34, 0);
  put16(h + 36, e->int_attr);
  put32(h + 38, e->ext_attr);
  put32(h + 42, lho);
  if (!rc) rc = vsh__buf_append(&w->cdir, h, 46);
  if (!rc) rc = vsh__buf_append(&w->cdir, name, nl);
  if (!rc) rc = vsh__buf_append(&w->cdir, cx, cxn);
  w->nent++;
  return rc;
}

int zf_write_new(bi_ctx *b, zf_writer *w, const zf_new *m) {
  zf_entry e = {0};
  e.made_by = 0x031e; /* unix, spec 3.0 */
  e.needed = m->method == 8 ? 20 : 10;
  e.flags = m->flags;
  e.method = m->method;
  zf_time_to_dos(b, m->mtime, &e.ddate, &e.dtime);
  e.crc = m->crc;
  e.csize = m->csize;
  e.usize = m->usize;
  e.ext_attr = (uint32_t)m->mode << 16;
  e.int_attr = m->text;
  if ((m->mode & 0170000) == 040000) e.ext_attr |= 0x10;
  /* UT (mtime, atime; central: mtime) and ux (uid, gid) as zip 3.0 */
  unsigned char lx[28], cx[24];
  put16(lx, 0x5455);
  put16(lx + 2, 9);
  lx[4] = 3;
  put32(lx + 5, (uint32_t)m->mtime);
  put32(lx + 9, (uint32_t)m->atime);
  unsigned char *ux = lx + 13;
  put16(ux, 0x7875);
  put16(ux + 2, 11);
  ux[4] = 1;
  ux[5] = 4;
  put32(ux + 6, VFS_UID);
  ux[10] = 4;
  put32(ux + 11, VFS_GID);
  memcpy(cx, lx, 9);
  put16(cx + 2, 5);
  memcpy(cx + 9, ux, 15);
  return write_entry(w, &e, m->name, lx, 28, cx, 24, m->cdata, m->csize);
}

/* Appends extra field x less its zip64 record (the copy's sizes are
 * written in 32 bits). */
static int strip_zip64(vsh_buf *out, const unsigned char *x, size_t n) {
  int rc = 0;
  while (n >= 4 && !rc) {
    size_t len = 4 + (size_t)get16(x + 2);
    if (len > n) break;
    if (get16(x) != 0x0001) rc = vsh__buf_append(out, x, len);
    x += len;
    n -= len;
  }
  return rc;
}

int zf_write_copy(zf_writer *w, const zf_archive *a, const zf_entry *e) {
  const unsigned char *d;
  size_t n;
  int rc = zf_member_data(a, e, &d, &n);
  if (rc) return rc;
  const unsigned char *p = a->data + e->lho;
  const unsigned char *lx = p + 30 + get16(p + 26);
  size_t lxn = get16(p + 28);
  if (lx + lxn > a->data + a->len) lxn = 0;
  vsh_buf l = {0}, c = {0};
  rc = strip_zip64(&l, lx, lxn);
  if (!rc) rc = strip_zip64(&c, e->cextra, e->cextra_len);
  if (!rc)
    rc = write_entry(w, e, e->name, (const unsigned char *)l.data, l.len,
                     (const unsigned char *)c.data, c.len, d, n);
  vsh_buf_dispose(&l);
  vsh_buf_dispose(&c);
  return rc;
}

int zf_write_end(zf_writer *w) {
  if (w->nent > 0xffff || w->cdir.len > 0xfffffffe) return VSH_EFBIG;
  unsigned char h[22] = {0};
  put32(h, 0x06054b50);
  put16(h + 8, (unsigned)w->nent);
  put16(h + 10, (unsigned)w->nent);
  put32(h + 12, (uint32_t)w->cdir.len);
  put32(h + 16, (uint32_t)w->out.len);
  int rc = vsh__buf_append(&w->out, w->cdir.data, w->cdir.len);
  if (!rc) rc = vsh__buf_append(&w->out, h, 22);
  return rc;
}

int zf_deflate(bi_ctx *b, const void *data, size_t n, int level, vsh_buf *out) {
#ifdef HAVE_ZLIB
  z_stream z;
  memset(&z, 0, sizeof z);
  if (deflateInit2(&z, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    return VSH_ENOMEM;
  int rc = vsh__buf_reserve(out, deflateBound(&z, (uLong)n) + 16);
  z.next_in = (unsigned char *)data;
  size_t left = n;
  int zr = Z_OK;
  while (!rc && zr != Z_STREAM_END) {
    size_t step = left > CHUNK ? CHUNK : left;
    z.avail_in = (uInt)step;
    left -= step;
    z.next_out = (unsigned char *)out->data + out->len;
    z.avail_out = (uInt)(out->cap - out->len);
    zr = deflate(&z, left ? Z_NO_FLUSH : Z_FINISH);
    out->len = out->cap - z.avail_out;
    left += z.avail_in;
    if (zr == Z_STREAM_ERROR) rc = VSH_EIO;
    else if (bi_charge(b, 1 + step / 4096)) rc = VSH_EABORTED;
    else if (z.avail_out == 0 && zr != Z_STREAM_END)
      rc = vsh__buf_reserve(out, CHUNK);
  }
  deflateEnd(&z);
  return rc;
#else
  (void)b, (void)data, (void)n, (void)level, (void)out;
  return VSH_EUNSUPPORTED;
#endif
}
