/* hexdump.c: hexdump with its two common layouts: the default (offset
 * and eight little-endian 16-bit words per line) and -C canonical
 * (offset, sixteen bytes, |ascii|); repeated lines collapse to "*"
 * unless -v; -n LENGTH, -s OFFSET.  Custom -e formats are not supported. */
#include "builtins/misc_io.h"

#include <string.h>

static void line_default(vsh_buf *o, uint64_t off, const unsigned char *p,
                         size_t n) {
  vsh__buf_printf(o, "%07llx", (unsigned long long)off);
  for (size_t i = 0; i < 16; i += 2) {
    if (i < n) {
      unsigned v = p[i] | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0);
      vsh__buf_printf(o, " %04x", v);
    } else {
      vsh__buf_puts(o, "     ");
    }
  }
  vsh__buf_putc(o, '\n');
}

static void line_canonical(vsh_buf *o, uint64_t off, const unsigned char *p,
                           size_t n) {
  vsh__buf_printf(o, "%08llx ", (unsigned long long)off);
  for (size_t i = 0; i < 16; i++) {
    if (i == 8) vsh__buf_putc(o, ' ');
    if (i < n) vsh__buf_printf(o, " %02x", p[i]);
    else vsh__buf_puts(o, "   ");
  }
  vsh__buf_puts(o, "  |");
  for (size_t i = 0; i < n; i++)
    vsh__buf_putc(o, p[i] >= 32 && p[i] < 127 ? (char)p[i] : '.');
  vsh__buf_puts(o, "|\n");
}

int bi_hexdump_main(bi_ctx *b) {
  static const bi_longopt lo[] = {{"canonical", BI_ARG_NONE, 'C'},
                                  {"length", BI_ARG_REQUIRED, 'n'},
                                  {"skip", BI_ARG_REQUIRED, 's'},
                                  {"no-squeezing", BI_ARG_NONE, 'v'},
                                  {"help", BI_ARG_NONE, 256},
                                  {"version", BI_ARG_NONE, 257},
                                  {0}};
  bool canon = false, verbose = false, has_len = false;
  uint64_t len = 0, skip = 0;
  bi_opts g = {0};
  int c;
  while ((c = bi_getopt(b, &g, "Cn:s:ve:f:", lo)) != -1) {
    switch (c) {
    case 'C': canon = true; break;
    case 'v': verbose = true; break;
    case 'n':
      if (!bi_parse_size(g.arg, &len)) {
        bi_err(b, "invalid length argument: '%s'", g.arg);
        return 1;
      }
      has_len = true;
      break;
    case 's':
      if (!bi_parse_size(g.arg, &skip)) {
        bi_err(b, "invalid offset argument: '%s'", g.arg);
        return 1;
      }
      break;
    case 'e': case 'f':
      bi_err(b, "custom formats (-e, -f) are not supported");
      return 1;
    case 256:
      bi_puts(b, "Usage:\n hexdump [options] <file>...\n\n"
                 "Display file contents in hexadecimal, decimal, octal, or ascii.\n\n"
                 "Options:\n"
                 " -C, --canonical           canonical hex+ASCII display\n"
                 " -n, --length <length>     interpret only length bytes of input\n"
                 " -s, --skip <offset>       skip offset bytes from the beginning\n"
                 " -v, --no-squeezing        output identical lines\n");
      return 0;
    case 257: bi_puts(b, "hexdump (vsh) " VSH_VERSION_STRING "\n"); return 0;
    default: return 1;
    }
  }
  char *dash = "-";
  char **files = g.noperands ? g.operands : &dash;
  int nfiles = g.noperands ? g.noperands : 1, fi = 0, st = 0;
  sh_stream *cur = NULL;
  unsigned char line[16], prev[16];
  bool have_prev = false, starred = false;
  uint64_t off = 0;
  vsh_buf o = {0};
  int rc = 0;
  bool eof = false;
  int nopened = 0;
  while (!eof) {
    /* fill one 16-byte line across file boundaries */
    size_t n = 0;
    while (n < 16) {
      if (!cur) {
        if (fi >= nfiles) { eof = true; break; }
        const char *f = files[fi++];
        int orc = mi_open(b, f, &cur);
        if (orc) {
          mi_file_err(b, f, orc);
          st = 1;
          cur = NULL;
          continue;
        }
        nopened++;
      }
      if (skip) {
        /* -s: skipped bytes still count in the offsets */
        unsigned char tmp[4096];
        size_t w = skip < sizeof(tmp) ? (size_t)skip : sizeof(tmp);
        int64_t r = mi_read_full(b, cur, tmp, w);
        if (r < 0) { rc = (int)r; eof = true; break; }
        skip -= (uint64_t)r;
        off += (uint64_t)r;
        if ((size_t)r < w) {
          sh_stream_unref(cur);
          cur = NULL;
        }
        continue;
      }
      size_t want = 16 - n;
      if (has_len && len < want) want = (size_t)len;
      if (!want) { eof = true; break; }
      int64_t r = mi_read_full(b, cur, line + n, want);
      if (r < 0) { rc = (int)r; eof = true; break; }
      n += (size_t)r;
      if (has_len) len -= (uint64_t)r;
      if ((size_t)r < want) {
        sh_stream_unref(cur);
        cur = NULL;
      }
    }
    if (rc) break;
    if (!n) break;
    if (!verbose && have_prev && n == 16 && !memcmp(line, prev, 16)) {
      if (!starred) vsh__buf_puts(&o, "*\n");
      starred = true;
    } else {
      if (canon) line_canonical(&o, off, line, n);
      else line_default(&o, off, line, n);
      starred = false;
    }
    memcpy(prev, line, n);
    have_prev = n == 16;
    off += n;
    if (o.len >= 32768) {
      if ((rc = bi_write(b, o.data, o.len))) break;
      vsh__buf_clear(&o);
    }
    if (n < 16) break;
  }
  if (cur) sh_stream_unref(cur);
  if (nopened == 0 && st) bi_err(b, "all input file arguments failed");
  if (!rc && off) {
    vsh__buf_printf(&o, canon ? "%08llx\n" : "%07llx\n", (unsigned long long)off);
    rc = bi_write(b, o.data, o.len);
  }
  vsh_buf_dispose(&o);
  if (rc == VSH_EPIPE) return 141;
  if (rc) {
    if (rc != VSH_EABORTED) bi_err(b, "%s", vsh_strerror(rc));
    return 1;
  }
  return st;
}
