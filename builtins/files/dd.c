/* dd.c: convert and copy a file (if= of= bs= ibs= obs= count= skip= seek=
 * conv=notrunc,ucase,lcase,sync,noerror,excl,nocreat,fsync status=none|
 * noxfer|progress iflag=fullblock...).  Deviation: input blocks are always
 * filled (as iflag=fullblock) so results do not depend on pipe timing;
 * the transfer time in the summary is measured but meaningless here. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static const char usage[] =
    "Usage: dd [OPERAND]...\n"
    "Copy a file, converting and formatting according to the operands.\n\n"
    "  bs=BYTES        read and write up to BYTES bytes at a time\n"
    "  count=N         copy only N input blocks\n"
    "  ibs=BYTES       read up to BYTES bytes at a time (default: 512)\n"
    "  if=FILE         read from FILE instead of stdin\n"
    "  obs=BYTES       write BYTES bytes at a time (default: 512)\n"
    "  of=FILE         write to FILE instead of stdout\n"
    "  seek=N          skip N obs-sized output blocks\n"
    "  skip=N          skip N ibs-sized input blocks\n"
    "  conv=CONVS      notrunc, ucase, lcase, sync, noerror, excl, nocreat\n"
    "  status=LEVEL    none, noxfer or progress\n";

/* dd numbers: bi_parse_size plus "c" (1), "w" (2) and AxB products. */
static bool dd_num(const char *s, uint64_t *out) {
  const char *x = strchr(s, 'x');
  if (x) {
    char left[64];
    size_t n = (size_t)(x - s);
    if (n >= sizeof left) return false;
    memcpy(left, s, n);
    left[n] = 0;
    uint64_t a, b;
    if (!dd_num(left, &a) || !dd_num(x + 1, &b)) return false;
    *out = a * b;
    return true;
  }
  size_t n = strlen(s);
  if (n && (s[n - 1] == 'c' || s[n - 1] == 'w')) {
    char tmp[64];
    if (n >= sizeof tmp) return false;
    memcpy(tmp, s, n - 1);
    tmp[n - 1] = 0;
    uint64_t v;
    if (!*tmp || !bi_parse_size(tmp, &v)) return false;
    *out = v * (s[n - 1] == 'w' ? 2 : 1);
    return true;
  }
  return bi_parse_size(s, out);
}

typedef struct dd_out {
  bi_ctx *b;
  vfs_file *f; /* NULL: stdout */
  uint64_t full, partial;
  uint64_t bytes;
} dd_out;

static int put(dd_out *o, const char *d, size_t n, size_t obs) {
  if (!n) return 0;
  int rc;
  if (o->f) {
    int64_t w = vfs_file_write(o->f, d, n);
    rc = w < 0 ? (int)w : 0;
  } else {
    rc = bi_write(o->b, d, n);
  }
  if (rc) return rc;
  o->bytes += n;
  if (n == obs) o->full++;
  else o->partial++;
  return 0;
}

static void human_rate(double v, char *out, size_t cap) {
  static const char *u[] = {"B", "kB", "MB", "GB", "TB"};
  int k = 0;
  while (v >= 1000 && k < 4) {
    v /= 1000;
    k++;
  }
  if (k == 0) snprintf(out, cap, "%.0f %s", v, u[k]);
  else snprintf(out, cap, "%.*f %s", v < 10 ? 1 : 0, v, u[k]);
}

static const bi_cmd dd_cmd = {.name = "dd", .usage = usage};

/* The operands. */
typedef struct dd_opts {
  const char *inf, *outf;
  uint64_t ibs, obs, count, skip, seek;
  bool notrunc, ucase, lcase, sync, excl, nocreat;
  bool skip_bytes, count_bytes, seek_bytes, append; /* iflag=, oflag= */
  int status; /* 0 none, 1 default, 2 noxfer */
} dd_opts;

/* iflag=LIST or oflag=LIST (GNU's flags; those about caching, syncing
 * or the terminal change nothing here); -1, or 1 after a bad flag. */
static int dd_flags(bi_ctx *b, dd_opts *o, const char *v, bool input) {
  static const char *const common[] = {
      "append",  "direct", "directory", "dsync",  "sync", "nonblock", "noatime",
      "nocache", "noctty", "nofollow",  "binary", "text", NULL};
  char *list = vsh__arena_strndup(b->arena, v, strlen(v));
  for (char *tok = list; tok && *tok;) {
    char *comma = strchr(tok, ',');
    if (comma) *comma = 0;
    bool ok = false;
    for (int i = 0; common[i] && !ok; i++) ok = !strcmp(tok, common[i]);
    if (!strcmp(tok, "append")) o->append = !input;
    /* as GNU 9.1, only fullblock is refused in oflag; each of the
     * byte flags means something for one side only */
    if (!strcmp(tok, "skip_bytes") || !strcmp(tok, "count_bytes")) {
      ok = true;
      if (input) *(tok[1] == 'k' ? &o->skip_bytes : &o->count_bytes) = true;
    }
    if (input && !strcmp(tok, "fullblock")) ok = true;
    if (!strcmp(tok, "seek_bytes")) {
      ok = true;
      if (!input) o->seek_bytes = true;
    }
    if (!ok) {
      bi_usage_error(b, &dd_cmd, "invalid %s flag: %s",
                     input ? "input" : "output", bi_cquote(b, tok));
      return 1;
    }
    tok = comma ? comma + 1 : NULL;
  }
  return -1;
}

/* conv=LIST; -1, or 1 after an unknown conversion. */
static int dd_conv(bi_ctx *b, dd_opts *o, const char *v) {
  char *list = vsh__arena_strndup(b->arena, v, strlen(v));
  for (char *tok = list; tok && *tok;) {
    char *comma = strchr(tok, ',');
    if (comma) *comma = 0;
    if (!strcmp(tok, "notrunc")) o->notrunc = true;
    else if (!strcmp(tok, "ucase")) o->ucase = true;
    else if (!strcmp(tok, "lcase")) o->lcase = true;
    else if (!strcmp(tok, "sync")) o->sync = true;
    else if (!strcmp(tok, "excl")) o->excl = true;
    else if (!strcmp(tok, "nocreat")) o->nocreat = true;
    else if (!strcmp(tok, "noerror") || !strcmp(tok, "fsync") ||
             !strcmp(tok, "fdatasync") || !strcmp(tok, "sparse"))
      ;
    else {
      bi_err(b, "invalid conversion: %s", bi_cquote(b, tok));
      return 1;
    }
    tok = comma ? comma + 1 : NULL;
  }
  return -1;
}

/* One KEY=VALUE operand; -1 to go on, else the exit status. */
static int dd_operand(bi_ctx *b, dd_opts *o, const char *a) {
  const char *eq = strchr(a, '=');
  if (!eq)
    return bi_usage_error(b, &dd_cmd, "unrecognized operand %s",
                          bi_cquote(b, a));
  size_t kl = (size_t)(eq - a);
  const char *v = eq + 1;
#define KEY(k) (kl == strlen(k) && !strncmp(a, k, kl))
  uint64_t num = 0;
  bool numeric = KEY("bs") || KEY("ibs") || KEY("obs") || KEY("count") ||
                 KEY("skip") || KEY("seek") || KEY("iseek") || KEY("oseek");
  if (numeric && (!dd_num(v, &num) ||
                  ((KEY("bs") || KEY("ibs") || KEY("obs")) && num == 0))) {
    bi_err(b, "invalid number: %s", bi_cquote(b, v));
    return 1;
  }
  if (KEY("if")) o->inf = v;
  else if (KEY("of")) o->outf = v;
  else if (KEY("bs")) o->ibs = o->obs = num;
  else if (KEY("ibs")) o->ibs = num;
  else if (KEY("obs")) o->obs = num;
  else if (KEY("count")) o->count = num;
  else if (KEY("skip") || KEY("iseek")) o->skip = num;
  else if (KEY("seek") || KEY("oseek")) o->seek = num;
  else if (KEY("conv")) return dd_conv(b, o, v);
  else if (KEY("status")) {
    if (!strcmp(v, "none")) o->status = 0;
    else if (!strcmp(v, "noxfer")) o->status = 2;
    else if (!strcmp(v, "progress")) o->status = 1;
    else {
      bi_err(b, "invalid status level: %s", bi_cquote(b, v));
      return 1;
    }
  } else if (KEY("iflag") || KEY("oflag")) {
    return dd_flags(b, o, v, KEY("iflag"));
  } else {
    return bi_usage_error(b, &dd_cmd, "unrecognized operand %s",
                          bi_cquote(b, a));
  }
#undef KEY
  return -1;
}

/* of=FILE opened (created unless nocreat, truncated at seek unless
 * notrunc) and positioned at seek; 0 or a vsh_err. */
static int dd_open_out(bi_ctx *b, const dd_opts *o, dd_out *out) {
  const char *p = bi_path(b, o->outf);
  unsigned fl = VFS_O_WRITE | (o->nocreat ? 0 : VFS_O_CREAT) |
                (o->excl ? VFS_O_EXCL : 0) | (o->append ? VFS_O_APPEND : 0);
  uint64_t at = o->seek_bytes ? o->seek : o->seek * o->obs;
  int rc = p ? vfs_open(b->fs, p, fl, bi_create_mode(b, 0666), &out->f)
             : bi_path_error(o->outf);
  if (!rc && !o->notrunc) rc = vfs_truncate(b->fs, p, at);
  if (!rc && o->seek) {
    vfs_info st;
    vfs_file_stat(out->f, &st);
    if (st.size < at) rc = vfs_truncate(b->fs, p, at);
    if (!rc) vfs_file_seek(out->f, (int64_t)at, 0);
  }
  return rc;
}

/* Reads one ibs block (filled unless the input ends) into buf: *got. */
static int dd_read_block(bi_ctx *b, sh_stream *in, char *buf, size_t ibs,
                         size_t *got) {
  *got = 0;
  while (*got < ibs) {
    int64_t r = bi_read(b, in, buf + *got, ibs - *got);
    if (r < 0) return (int)r;
    if (r == 0) break;
    *got += (size_t)r;
  }
  return 0;
}

/* The copy: skip, then count blocks converted and reblocked to obs;
 * in_n[0..1] counts the full and partial input blocks.  0 or a vsh_err. */
static int dd_copy(bi_ctx *b, const dd_opts *o, sh_stream *in, dd_out *out,
                   uint64_t in_n[2]) {
  size_t ibs = o->ibs, obs = o->obs;
  char *ibuf = malloc(ibs), *obuf = malloc(obs);
  size_t olen = 0;
  int rc = 0;
  if (!ibuf || !obuf) rc = VSH_ENOMEM;
  /* skip on a stream: read and drop (skip_bytes: so many bytes) */
  for (uint64_t left = o->skip_bytes ? o->skip : o->skip * ibs; left && !rc;) {
    size_t got, want = left < ibs ? (size_t)left : ibs;
    rc = dd_read_block(b, in, ibuf, want, &got);
    if (got < want) break;
    left -= got;
  }
  /* count_bytes: the last block may be a partial one */
  uint64_t left = o->count_bytes ? o->count : UINT64_MAX;
  for (uint64_t blk = 0; blk < o->count && left && !rc; blk++) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    size_t got, want = left < ibs ? (size_t)left : ibs;
    rc = dd_read_block(b, in, ibuf, want, &got);
    if (o->count_bytes) left -= got;
    if (rc || got == 0) break;
    in_n[got == ibs ? 0 : 1]++;
    if (o->sync && got < ibs) {
      memset(ibuf + got, 0, ibs - got);
      got = ibs;
    }
    for (size_t k = 0; k < got; k++) {
      char ch = ibuf[k];
      if (o->ucase && ch >= 'a' && ch <= 'z') ch = (char)(ch - 32);
      if (o->lcase && ch >= 'A' && ch <= 'Z') ch = (char)(ch + 32);
      obuf[olen++] = ch;
      if (olen == obs) {
        rc = put(out, obuf, olen, obs);
        olen = 0;
        if (rc) break;
      }
    }
    if (got < ibs) break;
  }
  if (!rc && olen) rc = put(out, obuf, olen, obs);
  free(ibuf);
  free(obuf);
  return rc;
}

/* "N+M records in/out" and, without status=noxfer, the bytes copied. */
static void dd_summary(bi_ctx *b, int status, const struct timespec *t0,
                       const uint64_t in_n[2], const dd_out *o) {
  char msg[512];
  int n =
      snprintf(msg, sizeof msg, "%llu+%llu records in\n%llu+%llu records out\n",
               (unsigned long long)in_n[0], (unsigned long long)in_n[1],
               (unsigned long long)o->full, (unsigned long long)o->partial);
  if (status == 1) {
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0->tv_sec) +
                  (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
    if (secs <= 0) secs = 1e-9;
    char rate[32], hb[32];
    human_rate((double)o->bytes / secs, rate, sizeof rate);
    if (o->bytes >= 1000) {
      char ib[32];
      human_rate((double)o->bytes, hb, sizeof hb);
      bi_human_size(o->bytes, ib, sizeof ib);
      n += snprintf(msg + n, sizeof msg - (size_t)n,
                    "%llu bytes (%s, %siB) copied, %g s, %s/s\n",
                    (unsigned long long)o->bytes, hb, ib, secs, rate);
    } else {
      n += snprintf(
          msg + n, sizeof msg - (size_t)n, "%llu byte%s copied, %g s, %s/s\n",
          (unsigned long long)o->bytes, o->bytes == 1 ? "" : "s", secs, rate);
    }
  }
  bi_write_to(b, b->err, msg, (size_t)n);
}

int bi_dd_main(bi_ctx *b) {
  dd_opts o = {.ibs = 512, .obs = 512, .count = UINT64_MAX, .status = 1};
  bi_opts g = {0};
  if (bi_opt(b, &g, &dd_cmd) != -1) return g.status;
  for (int i = 0; i < g.noperands; i++) {
    int st = dd_operand(b, &o, g.operands[i]);
    if (st >= 0) return st;
  }
  if (o.ucase && o.lcase) {
    bi_err(b, "cannot combine lcase and ucase");
    return 1;
  }
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  sh_stream *in = b->in, *own_in = NULL;
  if (o.inf) {
    const char *p = bi_path(b, o.inf);
    vfs_file *fh = NULL;
    int rc = p ? vfs_open(b->fs, p, VFS_O_READ, 0, &fh) : bi_path_error(o.inf);
    if (rc) {
      bi_err(b, "failed to open %s: %s", bi_quote(b, o.inf), vsh_strerror(rc));
      return 1;
    }
    if (o.skip)
      vfs_file_seek(fh, (int64_t)(o.skip_bytes ? o.skip : o.skip * o.ibs), 0),
          o.skip = 0;
    own_in = sh_stream_file_new(fh, o.inf);
    if (!own_in) return 1;
    in = own_in;
  }
  dd_out out = {.b = b};
  int rc = o.outf ? dd_open_out(b, &o, &out) : 0;
  if (rc) {
    bi_err(b, "failed to open %s: %s", bi_quote(b, o.outf), vsh_strerror(rc));
    if (out.f) vfs_file_close(out.f);
    if (own_in) sh_stream_unref(own_in);
    return 1;
  }
  uint64_t in_n[2] = {0, 0};
  rc = dd_copy(b, &o, in, &out, in_n);
  if (out.f) vfs_file_close(out.f);
  if (own_in) sh_stream_unref(own_in);
  if (rc == VSH_EPIPE) return 141;
  if (rc == VSH_EABORTED) return 1;
  if (rc) bi_err(b, "error: %s", vsh_strerror(rc));
  if (o.status) dd_summary(b, o.status, &t0, in_n, &out);
  return rc ? 1 : 0;
}
