/* cksum.c: POSIX cksum (the GNU default algorithm): a CRC-32 with
 * polynomial 0x04C11DB7 taken MSB first over the bytes and then the
 * length (least significant byte first), complemented; prints
 * "CRC SIZE [NAME]".  Other -a algorithms are not supported. */
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
