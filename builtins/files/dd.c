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

int bi_dd_main(bi_ctx *b) {
  const char *inf = NULL, *outf = NULL;
  uint64_t ibs = 512, obs = 512, count = UINT64_MAX, skip = 0, seek = 0;
  bool notrunc = false, ucase = false, lcase = false, sync = false,
       excl = false, nocreat = false;
  int status = 1; /* 0 none, 1 default, 2 noxfer */
  bi_opts g = {0};
  if (bi_opt(b, &g, &dd_cmd) != -1) return g.status;
  for (int i = 0; i < g.noperands; i++) {
    const char *a = g.operands[i];
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
    if (KEY("if")) inf = v;
    else if (KEY("of")) outf = v;
    else if (KEY("bs")) ibs = obs = num;
    else if (KEY("ibs")) ibs = num;
    else if (KEY("obs")) obs = num;
    else if (KEY("count")) count = num;
    else if (KEY("skip") || KEY("iseek")) skip = num;
    else if (KEY("seek") || KEY("oseek")) seek = num;
    else if (KEY("conv")) {
      char *list = vsh__arena_strndup(b->arena, v, strlen(v));
      for (char *tok = list; tok && *tok;) {
        char *comma = strchr(tok, ',');
        if (comma) *comma = 0;
        if (!strcmp(tok, "notrunc")) notrunc = true;
        else if (!strcmp(tok, "ucase")) ucase = true;
        else if (!strcmp(tok, "lcase")) lcase = true;
        else if (!strcmp(tok, "sync")) sync = true;
        else if (!strcmp(tok, "excl")) excl = true;
        else if (!strcmp(tok, "nocreat")) nocreat = true;
        else if (!strcmp(tok, "noerror") || !strcmp(tok, "fsync") ||
                 !strcmp(tok, "fdatasync") || !strcmp(tok, "sparse"))
          ;
        else {
          bi_err(b, "invalid conversion: %s", bi_cquote(b, tok));
          return 1;
        }
        tok = comma ? comma + 1 : NULL;
      }
    } else if (KEY("status")) {
      if (!strcmp(v, "none")) status = 0;
      else if (!strcmp(v, "noxfer")) status = 2;
      else if (!strcmp(v, "progress")) status = 1;
      else {
        bi_err(b, "invalid status level: %s", bi_cquote(b, v));
        return 1;
      }
    } else if (KEY("iflag") || KEY("oflag")) {
      /* fullblock is what we always do; the rest has no meaning here */
    } else {
      return bi_usage_error(b, &dd_cmd, "unrecognized operand %s",
                            bi_cquote(b, a));
    }
#undef KEY
  }
  if (ucase && lcase) {
    bi_err(b, "cannot combine lcase and ucase");
    return 1;
  }
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  sh_stream *in = b->in, *own_in = NULL;
  if (inf) {
    const char *p = bi_path(b, inf);
    vfs_file *fh = NULL;
    int rc = p ? vfs_open(b->fs, p, VFS_O_READ, 0, &fh) : VSH_ENAMETOOLONG;
    if (rc) {
      bi_err(b, "failed to open %s: %s", bi_quote(b, inf), vsh_strerror(rc));
      return 1;
    }
    if (skip) vfs_file_seek(fh, (int64_t)(skip * ibs), 0), skip = 0;
    own_in = sh_stream_file_new(fh, inf);
    if (!own_in) return 1;
    in = own_in;
  }
  dd_out o = {.b = b};
  if (outf) {
    const char *p = bi_path(b, outf);
    unsigned fl = VFS_O_WRITE | (nocreat ? 0 : VFS_O_CREAT) |
                  (excl ? VFS_O_EXCL : 0);
    int rc = p ? vfs_open(b->fs, p, fl, 0644, &o.f) : VSH_ENAMETOOLONG;
    if (!rc && !notrunc) rc = vfs_truncate(b->fs, p, seek * obs);
    if (!rc && seek) {
      vfs_info st;
      vfs_file_stat(o.f, &st);
      if (st.size < seek * obs) rc = vfs_truncate(b->fs, p, seek * obs);
      if (!rc) vfs_file_seek(o.f, (int64_t)(seek * obs), 0);
    }
    if (rc) {
      bi_err(b, "failed to open %s: %s", bi_quote(b, outf), vsh_strerror(rc));
      if (o.f) vfs_file_close(o.f);
      if (own_in) sh_stream_unref(own_in);
      return 1;
    }
  }
  char *ibuf = malloc(ibs), *obuf = malloc(obs);
  size_t olen = 0;
  uint64_t in_full = 0, in_part = 0;
  int rc = 0;
  if (!ibuf || !obuf) rc = VSH_ENOMEM;
  /* skip on a stream: read and drop */
  for (uint64_t k = 0; k < skip && !rc; k++) {
    uint64_t left = ibs;
    while (left) {
      int64_t r = bi_read(b, in, ibuf, left);
      if (r <= 0) {
        rc = (int)r;
        left = 0;
        k = skip;
        break;
      }
      left -= (uint64_t)r;
    }
  }
  for (uint64_t blk = 0; blk < count && !rc; blk++) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    size_t got = 0;
    while (got < ibs) {
      int64_t r = bi_read(b, in, ibuf + got, ibs - got);
      if (r < 0) {
        rc = (int)r;
        break;
      }
      if (r == 0) break;
      got += (size_t)r;
    }
    if (rc || got == 0) break;
    if (got == ibs) in_full++;
    else in_part++;
    if (sync && got < ibs) {
      memset(ibuf + got, 0, ibs - got);
      got = ibs;
    }
    for (size_t k = 0; k < got; k++) {
      char ch = ibuf[k];
      if (ucase && ch >= 'a' && ch <= 'z') ch = (char)(ch - 32);
      if (lcase && ch >= 'A' && ch <= 'Z') ch = (char)(ch + 32);
      obuf[olen++] = ch;
      if (olen == obs) {
        rc = put(&o, obuf, olen, obs);
        olen = 0;
        if (rc) break;
      }
    }
    if (got < ibs) break;
  }
  if (!rc && olen) rc = put(&o, obuf, olen, obs);
  free(ibuf);
  free(obuf);
  if (o.f) vfs_file_close(o.f);
  if (own_in) sh_stream_unref(own_in);
  if (rc == VSH_EPIPE) return 141;
  if (rc == VSH_EABORTED) return 1;
  if (rc) bi_err(b, "error: %s", vsh_strerror(rc));
  if (status) {
    char msg[512];
    int n = snprintf(msg, sizeof msg,
                     "%llu+%llu records in\n%llu+%llu records out\n",
                     (unsigned long long)in_full, (unsigned long long)in_part,
                     (unsigned long long)o.full, (unsigned long long)o.partial);
    if (status == 1) {
      struct timespec t1;
      clock_gettime(CLOCK_MONOTONIC, &t1);
      double secs = (double)(t1.tv_sec - t0.tv_sec) +
                    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
      if (secs <= 0) secs = 1e-9;
      char rate[32], hb[32];
      human_rate((double)o.bytes / secs, rate, sizeof rate);
      if (o.bytes >= 1000) {
        char ib[32];
        human_rate((double)o.bytes, hb, sizeof hb);
        bi_human_size(o.bytes, ib, sizeof ib);
        n += snprintf(msg + n, sizeof msg - (size_t)n,
                      "%llu bytes (%s, %siB) copied, %g s, %s/s\n",
                      (unsigned long long)o.bytes, hb, ib, secs, rate);
      } else {
        n += snprintf(msg + n, sizeof msg - (size_t)n,
                      "%llu byte%s copied, %g s, %s/s\n",
                      (unsigned long long)o.bytes, o.bytes == 1 ? "" : "s",
                      secs, rate);
      }
    }
    bi_write_to(b, b->err, msg, (size_t)n);
  }
  return rc ? 1 : 0;
}
