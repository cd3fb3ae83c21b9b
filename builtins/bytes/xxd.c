/* xxd.c: hex dump and its reverse (vim's xxd): default "OFFSET: hex
 * groups  ascii" lines, -p plain, -i C include, -r / -r -p to turn a
 * dump back into bytes, -c cols, -g group size, -l len, -s seek, -u,
 * -o off (added to the offsets shown), -d (offsets in decimal).
 * Reverse mode fills gaps between offsets with zero bytes. */
#include "builtins/builtins.h"

#include <ctype.h>
#include <string.h>

typedef struct xx_opts {
  long cols, group, len;
  uint64_t seek;
  int64_t disp_off; /* -o: added to the offsets shown */
  bool decimal;     /* -d: offsets in decimal */
  bool plain, include, reverse, upper, has_cols, has_group;
  bool bits; /* -b: eight binary digits a byte */
} xx_opts;

static int hexv(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static int reverse(bi_ctx *b, sh_stream *in, const xx_opts *o) {
  bi_reader r;
  bi_reader_init(&r, b, in);
  vsh_buf out = {0};
  uint64_t pos = 0; /* bytes written so far */
  const char *l;
  size_t n;
  int rc, hi = -1, p1 = -1, p2 = 0, p3 = 0; /* -p: the last three digits */
  bool lead = true;
  while ((rc = bi_read_line(&r, '\n', &l, &n)) == 1) {
    size_t i = 0;
    if (!o->plain) {
      while (i < n && (l[i] == ' ' || l[i] == '\t')) i++;
      /* "offset:" then hex pairs until the two-space gap before ascii */
      uint64_t off = 0;
      while (i < n && hexv((unsigned char)l[i]) >= 0)
        off = off * 16 + (uint64_t)hexv((unsigned char)l[i++]);
      if (i >= n || l[i] != ':') continue;
      i++;
      off += o->seek;
      while (pos < off) {
        vsh__buf_putc(&out, 0);
        pos++;
      }
      int spaces = 0;
      long got = 0; /* xxd reads at most -c bytes (16) from a line */
      hi = -1;
      for (; i < n && got < o->cols; i++) {
        int v = hexv((unsigned char)l[i]);
        if (v < 0) {
          if (l[i] == ' ' && ++spaces >= 2 && hi < 0) break;
          if (l[i] != ' ') break;
          continue;
        }
        spaces = 0;
        if (hi < 0) hi = v;
        else {
          vsh__buf_putc(&out, (char)(hi << 4 | v));
          pos++;
          got++;
          hi = -1;
        }
      }
      hi = -1;
    } else {
      /* xxd's rules: blanks are skipped; a bad character ends a pending
       * nibble; two in a row after a digit pair drop the rest of the
       * line; bad characters before the first digit are ignored */
      for (; i < n; i++) {
        unsigned char c = (unsigned char)l[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
        p3 = p2;
        p2 = p1;
        p1 = hexv(c);
        if (p1 < 0 && lead) continue;
        lead = false;
        if (p2 >= 0 && p1 >= 0) {
          vsh__buf_putc(&out, (char)(p2 << 4 | p1));
          p1 = -1;
        }
        if (p1 < 0 && p2 < 0 && p3 < 0) break;
      }
    }
    if (out.len >= 65536) {
      if ((rc = bi_write(b, out.data, out.len))) break;
      vsh__buf_clear(&out);
    }
  }
  if (rc >= 0 && out.len) rc = bi_write(b, out.data, out.len);
  vsh_buf_dispose(&out);
  bi_reader_dispose(&r);
  return rc < 0 ? rc : 0;
}

static int dump(bi_ctx *b, sh_stream *in, const xx_opts *o, const char *name) {
  const char *hx = o->upper ? "0123456789ABCDEF" : "0123456789abcdef";
  long cols = o->cols;
  long group = o->group;
  if (group <= 0 || group > cols) group = cols;
  unsigned char buf[256];
  vsh_buf out = {0};
  uint64_t off = o->seek, total = 0;
  long left = o->len;
  int rc = 0;
  char *cname = NULL;
  if (o->include && name) {
    size_t nl = strlen(name);
    cname = malloc(nl + 2);
    if (!cname) return VSH_ENOMEM;
    size_t k = 0;
    if (isdigit((unsigned char)name[0])) cname[k++] = '_';
    for (size_t i = 0; i < nl; i++)
      cname[k++] = isalnum((unsigned char)name[i]) ? name[i] : '_';
    cname[k] = 0;
    vsh__buf_printf(&out, "unsigned char %s[] = {\n", cname);
  }
  for (;;) {
    size_t want = (size_t)cols;
    if (o->len >= 0 && (long)want > left) want = (size_t)left;
    if (!want) break;
    int64_t r = bi_read_full(b, in, buf, want);
    if (r < 0) {
      rc = (int)r;
      break;
    }
    if (r == 0) break;
    size_t nb = (size_t)r;
    if (o->include) {
      vsh__buf_puts(&out, total ? ",\n  " : "  ");
      for (size_t i = 0; i < nb; i++)
        vsh__buf_printf(&out, i ? ", 0x%c%c" : "0x%c%c", hx[buf[i] >> 4],
                        hx[buf[i] & 15]);
    } else if (o->plain) {
      for (size_t i = 0; i < nb; i++) {
        vsh__buf_putc(&out, hx[buf[i] >> 4]);
        vsh__buf_putc(&out, hx[buf[i] & 15]);
      }
      vsh__buf_putc(&out, '\n');
    } else {
      unsigned long long shown = (unsigned long long)(off + o->disp_off);
      vsh__buf_printf(&out, o->decimal ? "%08llu:" : "%08llx:", shown);
      size_t width = 0;
      for (long i = 0; i < cols; i++) {
        if (i % group == 0) {
          vsh__buf_putc(&out, ' ');
          width++;
        }
        if ((size_t)i < nb && o->bits) {
          for (int k = 7; k >= 0; k--)
            vsh__buf_putc(&out, (char)('0' + (buf[i] >> k & 1)));
        } else if ((size_t)i < nb) {
          vsh__buf_putc(&out, hx[buf[i] >> 4]);
          vsh__buf_putc(&out, hx[buf[i] & 15]);
        } else {
          vsh__buf_puts(&out, o->bits ? "        " : "  ");
        }
      }
      vsh__buf_puts(&out, "  ");
      for (size_t i = 0; i < nb; i++)
        vsh__buf_putc(&out, buf[i] >= 32 && buf[i] < 127 ? (char)buf[i] : '.');
      vsh__buf_putc(&out, '\n');
    }
    off += nb;
    total += nb;
    if (o->len >= 0) left -= (long)nb;
    if (out.len >= 32768) {
      if ((rc = bi_write(b, out.data, out.len))) break;
      vsh__buf_clear(&out);
    }
    if (nb < want) break;
  }
  if (!rc && o->include) {
    if (total) vsh__buf_putc(&out, '\n');
    if (cname)
      vsh__buf_printf(&out, "};\nunsigned int %s_len = %llu;\n", cname,
                      (unsigned long long)total);
  }
  if (!rc && out.len) rc = bi_write(b, out.data, out.len);
  vsh_buf_dispose(&out);
  free(cname);
  return rc;
}

static bool num_arg(const char *s, long *out) {
  char *end;
  long v = strtol(s, &end, 0);
  if (!*s || *end) return false;
  *out = v;
  return true;
}

static const bi_cmd xxd_cmd = {
    .name = "xxd",
    .usage = "Usage:\n       xxd [options] [infile [outfile]]\n    or\n"
             "       xxd -r [-s [-]offset] [-c cols] [-ps] [infile [outfile]]\n"
             "Options:\n"
             "    -b          binary digit dump (incompatible with -ps,-i,-r). "
             "Default hex.\n"
             "    -c cols     format <cols> octets per line. Default 16 (-i: "
             "12, -ps: 30).\n"
             "    -g bytes    number of octets per group in normal output. "
             "Default 2.\n"
             "    -i          output in C include file style.\n"
             "    -l len      stop after <len> octets.\n"
             "    -o off      add <off> to the displayed file position.\n"
             "    -d          show offset in decimal instead of hex.\n"
             "    -p          output in postscript plain hexdump style.\n"
             "    -r          reverse operation: convert (or patch) hexdump "
             "into binary.\n"
             "    -s [+][-]seek  start at <seek> bytes abs. infile offset.\n"
             "    -u          use upper case hex letters.\n"
             "    -v          show version: \"xxd (vsh)\".\n",
};

/* -s: reads and drops the first seek bytes; 0 or a vsh_err. */
static int skip_input(bi_ctx *b, sh_stream *in, uint64_t seek) {
  char skip[4096];
  for (uint64_t left = seek; left;) {
    int64_t r = bi_read_full(b, in, skip,
                             left < sizeof(skip) ? (size_t)left : sizeof(skip));
    if (r <= 0) return (int)r;
    left -= (uint64_t)r;
  }
  return 0;
}

/* xxd's own option syntax (one dash or two, whole words like -ps);
 * *ip gets the first operand's index.  -1 to go on, else the status. */
static int xxd_options(bi_ctx *b, xx_opts *o, int *ip) {
  int i = 1;
  for (; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (a[0] != '-' || !a[1]) break;
    if (!strcmp(a, "--")) {
      i++;
      break;
    }
    const char *opt = a + 1;
    if (*opt == '-') opt++;
    const char *val = NULL;
#define TAKE_VAL(letter)                                                       \
  do {                                                                         \
    if (opt[1]) val = opt + 1;                                                 \
    else if (i + 1 < b->argc) val = b->argv[++i];                              \
    else {                                                                     \
      bi_err(b, "option -%c requires an argument", letter);                    \
      return 1;                                                                \
    }                                                                          \
  } while (0)
    /* xxd's own syntax: one dash or two, whole words (-ps, -include) */
    if (!strcmp(opt, "help") || !strcmp(opt, "h"))
      return bi_cmd_help(b, &xxd_cmd);
    if (!strcmp(opt, "version") || !strcmp(opt, "v"))
      return bi_cmd_version(b, &xxd_cmd);
    switch (*opt) {
    /* as vim's xxd, a flag is known by its first letter ("-ps",
     * "-include"; "-pc0" is -p) */
    case 'p':
      if (opt[1] == 'r') {
        o->reverse = o->plain = true;
        continue;
      }
      o->plain = true;
      continue;
    case 'i': o->include = true; continue;
    case 'r':
      if (!strcmp(opt, "r") || !strcmp(opt, "revert")) {
        o->reverse = true;
        continue;
      }
      if (!strcmp(opt, "rp") || !strcmp(opt, "pr")) {
        o->reverse = o->plain = true;
        continue;
      }
      break;
    case 'b': o->bits = true; continue;
    case 'u': o->upper = true; continue;
    case 'c':
      TAKE_VAL('c');
      if (!num_arg(val, &o->cols) || o->cols < 0) goto bad;
      o->has_cols = true;
      continue;
    case 'o': {
      TAKE_VAL('o');
      long v;
      bool neg = *val == '-';
      if (!num_arg(val + neg, &v) || v < 0) goto bad;
      o->disp_off = neg ? -v : v;
      continue;
    }
    case 'd': o->decimal = true; continue;
    case 'g':
      TAKE_VAL('g');
      if (!num_arg(val, &o->group) || o->group < 0) goto bad;
      o->has_group = true;
      continue;
    case 'l':
      TAKE_VAL('l');
      if (!num_arg(val, &o->len) || o->len < 0) goto bad;
      continue;
    case 's': {
      TAKE_VAL('s');
      long v;
      if (*val == '+') val++;
      if (!num_arg(val, &v) || v < 0) goto bad;
      o->seek = (uint64_t)v;
      continue;
    }
    }
  bad:
    bi_err(b, "invalid option or value -- '%s'", a);
    return 1;
#undef TAKE_VAL
  }
  *ip = i;
  return -1;
}

int bi_xxd_main(bi_ctx *b) {
  xx_opts o = {.cols = 16, .group = 2, .len = -1};
  const char *in_name = NULL, *out_name = NULL;
  int i = 1, ost = xxd_options(b, &o, &i);
  if (ost >= 0) return ost;
  if (i < b->argc) in_name = b->argv[i++];
  if (i < b->argc) out_name = b->argv[i++];
  if (i < b->argc) {
    bi_err(b, "too many arguments");
    return 1;
  }
  if (!o.has_cols || !o.cols)
    o.cols = o.plain ? 30 : o.include ? 12 : o.bits ? 6 : 16;
  if (o.cols > 256) {
    bi_err(b, "invalid number of columns (max. 256).");
    return 1;
  }
  if (!o.has_group) o.group = o.bits ? 1 : 2;
  if (o.group == 0) o.group = o.cols;
  sh_stream *in;
  const char *iname = in_name && strcmp(in_name, "-") ? in_name : "-";
  int rc = bi_open_input(b, iname, &in);
  if (rc) {
    bi_err(b, "%s: %s", iname, vsh_strerror(rc));
    return 2;
  }
  sh_stream *saved_out = b->out;
  sh_stream *cap = NULL;
  if (out_name && strcmp(out_name, "-"))
    cap = sh_stream_buf_new(0), b->out = cap;
  if (!o.reverse && o.seek) rc = skip_input(b, in, o.seek);
  if (!rc)
    rc = o.reverse ? reverse(b, in, &o)
                   : dump(b, in, &o, strcmp(iname, "-") ? iname : NULL);
  sh_stream_unref(in);
  b->out = saved_out;
  if (cap) {
    const vsh_buf *d = sh_stream_buf_data(cap);
    int wrc = bi_write_file(b, out_name, d->data ? d->data : "", d->len, 0644);
    sh_stream_unref(cap);
    if (wrc && !rc) {
      bi_err(b, "%s: %s", out_name, vsh_strerror(wrc));
      return 2;
    }
  }
  if (rc == VSH_EPIPE) return 141;
  if (rc) {
    if (rc != VSH_EABORTED) bi_err(b, "%s", vsh_strerror(rc));
    return 2;
  }
  return 0;
}
