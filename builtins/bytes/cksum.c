/* cksum.c: POSIX cksum (the GNU default algorithm): a CRC-32 with
 * polynomial 0x04C11DB7 taken MSB first over the bytes and then the
 * length (least significant byte first), complemented; prints
 * "CRC SIZE [NAME]".  Other -a algorithms are not supported.  Also sum:
 * the BSD rotating 16-bit checksum (1K blocks) or System V's byte sum
 * folded to 16 bits (512-byte blocks). */
#include "builtins/builtins.h"

#include <string.h>

static void crc_table(uint32_t *t) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i << 24;
    for (int k = 0; k < 8; k++)
      c = c & 0x80000000u ? (c << 1) ^ 0x04C11DB7u : c << 1;
    t[i] = c;
  }
}

static uint32_t crc_add(const uint32_t *t, uint32_t crc, const unsigned char *p,
                        size_t n) {
  for (size_t i = 0; i < n; i++) crc = (crc << 8) ^ t[(crc >> 24) ^ p[i]];
  return crc;
}

static const bi_option cksum_options[] = {
    {"algorithm", BI_ARG_REQUIRED, 'a', NULL}, {0}};

static const bi_cmd cksum_cmd = {
    .name = "cksum",
    .usage = "Usage: cksum [OPTION]... [FILE]...\n"
             "Print CRC checksum and byte counts of each FILE.\n\n"
             "With no FILE, or when FILE is -, read standard input.\n",
    .shortopts = "a:",
    .longopts = cksum_options,
};

int bi_cksum_main(bi_ctx *b) {
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, &cksum_cmd)) != -1) {
    switch (c) {
    case 'a':
      if (strcmp(g.arg, "crc")) {
        bi_err(b,
               "algorithm \u2018%s\u2019 is not supported here; use md5sum, "
               "sha1sum, sha256sum or sha512sum",
               g.arg);
        return 1;
      }
      break;
    default: return g.status;
    }
  }
  uint32_t tab[256];
  crc_table(tab);
  char *dash = "-";
  char **files = g.noperands ? g.operands : &dash;
  int n = g.noperands ? g.noperands : 1, st = 0;
  unsigned char buf[65536];
  for (int i = 0; i < n; i++) {
    sh_stream *s;
    int rc = bi_open_input(b, files[i], &s);
    if (rc) {
      bi_file_err(b, files[i], rc);
      st = 1;
      continue;
    }
    uint32_t crc = 0;
    uint64_t len = 0;
    for (;;) {
      if (bi_cancelled(b)) {
        rc = VSH_EABORTED;
        break;
      }
      int64_t r = bi_read(b, s, buf, sizeof(buf));
      if (r < 0) {
        rc = (int)r;
        break;
      }
      if (r == 0) break;
      crc = crc_add(tab, crc, buf, (size_t)r);
      len += (uint64_t)r;
    }
    sh_stream_unref(s);
    if (rc) {
      if (rc == VSH_EABORTED) return 1;
      bi_file_err(b, files[i], rc);
      st = 1;
      continue;
    }
    for (uint64_t l = len; l; l >>= 8) {
      unsigned char byte = (unsigned char)(l & 255);
      crc = crc_add(tab, crc, &byte, 1);
    }
    crc = ~crc;
    rc = g.noperands ? bi_printf(b, "%u %llu %s\n", crc,
                                 (unsigned long long)len, files[i])
                     : bi_printf(b, "%u %llu\n", crc, (unsigned long long)len);
    if (rc) return bi_err_status(rc, 1);
  }
  return st;
}

/* ---- sum: the BSD (-r, default) and System V (-s) checksums ---- */

static const bi_option sum_options[] = {
    {"sysv", BI_ARG_NONE, 's',
     "use System V sum algorithm, use 512 bytes blocks"},
    {0}};

static const bi_cmd sum_cmd = {
    .name = "sum",
    .usage = "Usage: sum [OPTION]... [FILE]...\n",
    .about = "Print or check BSD (16-bit) checksums.\n\n"
             "With no FILE, or when FILE is -, read standard input.\n\n"
             "  -r              use BSD sum algorithm (the default), use 1K "
             "blocks\n",
    .shortopts = "rs",
    .longopts = sum_options,
    .help_col = 18,
};

/* One operand's line: BSD "%05u %5llu", System V "%u %llu". */
static int sum_one(bi_ctx *b, const char *name, bool sysv, bool named) {
  sh_stream *s;
  int rc = bi_open_input(b, name, &s);
  if (rc) return rc;
  unsigned char buf[65536];
  uint32_t bsd = 0, sys = 0;
  uint64_t len = 0;
  for (;;) {
    int64_t r = bi_read(b, s, buf, sizeof(buf));
    if (r <= 0) {
      rc = (int)r;
      break;
    }
    for (int64_t i = 0; i < r; i++) {
      bsd = ((bsd >> 1) + ((bsd & 1) << 15) + buf[i]) & 0xffff;
      sys += buf[i];
    }
    len += (uint64_t)r;
  }
  sh_stream_unref(s);
  if (rc) return rc;
  vsh_buf o = {0};
  if (sysv) {
    uint32_t t = (sys & 0xffff) + (sys >> 16);
    vsh__buf_printf(&o, "%u %llu", (t & 0xffff) + (t >> 16),
                    (unsigned long long)((len + 511) / 512));
  } else {
    vsh__buf_printf(&o, "%05u %5llu", bsd,
                    (unsigned long long)((len + 1023) / 1024));
  }
  if (named) vsh__buf_printf(&o, " %s", name);
  vsh__buf_putc(&o, '\n');
  rc = bi_write(b, o.data, o.len);
  vsh_buf_dispose(&o);
  return rc;
}

int bi_sum_main(bi_ctx *b) {
  bi_opts g = {0};
  bool sysv = false;
  int c;
  while ((c = bi_opt(b, &g, &sum_cmd)) != -1) {
    if (c == 'r') sysv = false;
    else if (c == 's') sysv = true;
    else return g.status;
  }
  char *dash = "-";
  char **files = g.noperands ? g.operands : &dash;
  int n = g.noperands ? g.noperands : 1, st = 0;
  for (int i = 0; i < n; i++) {
    int rc = sum_one(b, files[i], sysv, g.noperands > 0);
    if (rc == VSH_EPIPE) return 141;
    if (rc == VSH_EABORTED) return 1;
    if (rc) {
      bi_file_err(b, files[i], rc);
      st = 1;
    }
  }
  return st;
}
