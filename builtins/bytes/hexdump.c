/* hexdump.c: hexdump with its two common layouts: the default (offset
 * and eight little-endian 16-bit words per line) and -C canonical
 * (offset, sixteen bytes, |ascii|); repeated lines collapse to "*"
 * unless -v; -n LENGTH, -s OFFSET; and custom formats (-e, -f) as
 * util-linux reads them: units [N/][/M] "format" with d i o u x X c s e
 * f g and _a _A _c _p _u conversions, every format applied to each
 * block in turn, blanks past the end of the input, the trailing blanks
 * of a repeated unit's last round left out. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <stdlib.h>
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

/* ---- custom formats -------------------------------------------------- */

#define HX_UNITS 64

typedef struct hx_unit {
  unsigned reps, bcount; /* bcount 0: each conversion's own size */
  bool final;            /* holds %_A: printed once, after the input */
  char *fmt;             /* the format text, escapes decoded */
  size_t bytes;          /* bytes one round consumes */
} hx_unit;

typedef struct hx_fmt {
  hx_unit u[HX_UNITS];
  int n;
  size_t bytes; /* a block: all units' rounds */
} hx_fmt;

typedef struct hx_all {
  hx_fmt *f;
  int n, cap;
  bool final_addr; /* some format has %_A */
} hx_all;

/* Size one conversion consumes, or -1 for a bad one; *len is the length
 * of the whole %... spec at s (s[0] == '%'). */
static int hx_conv(const char *s, size_t *len, char *conv, int *prec) {
  size_t i = 1, digits = 0;
  *prec = -1;
  while (s[i] && strchr("#-+ 0", s[i])) i++;
  while (s[i] >= '0' && s[i] <= '9') i++, digits++;
  if (s[i] == '.') {
    *prec = 0;
    for (i++; s[i] >= '0' && s[i] <= '9'; i++) {
      *prec = *prec * 10 + (s[i] - '0');
      if (++digits > 8) break;
    }
  }
  if (digits > 8) return -1; /* a field wider than any output needs */
  int sz = -1;
  if (s[i] == '_') {
    char c = s[i + 1];
    if (c == 'a' || c == 'A') {
      if (!strchr("dox", s[i + 2])) return -1;
      *conv = c;
      *len = i + 3;
      return 0;
    }
    if (c == 'c' || c == 'p' || c == 'u') {
      *conv = c == 'c' ? 'C' : c == 'p' ? 'P' : 'U';
      *len = i + 2;
      return 1;
    }
    return -1;
  }
  char c = s[i];
  if (!c) return -1;
  *conv = c;
  *len = i + 1;
  if (strchr("diouxX", c)) sz = 4;
  else if (c == 'c') sz = 1;
  else if (strchr("eEfgG", c)) sz = 8;
  else if (c == 's') sz = *prec > 0 ? *prec : 0;
  else if (c == '%') sz = 0;
  return sz;
}

/* Decodes a quoted format (its backslash escapes) from *pp. */
static char *hx_quoted(const char **pp) {
  const char *p = *pp + 1;
  vsh_buf t = {0};
  for (; *p && *p != '"'; p++) {
    if (*p == '\\' && p[1]) {
      p++;
      const char *from = "abfnrtv\\\"", *to = "\a\b\f\n\r\t\v\\\"";
      const char *k = strchr(from, *p);
      vsh__buf_putc(&t, k ? to[k - from] : *p);
      if (!k) { /* unknown: both characters stay */
        t.len--;
        vsh__buf_putc(&t, '\\');
        vsh__buf_putc(&t, *p);
      }
    } else {
      vsh__buf_putc(&t, *p);
    }
  }
  if (*p != '"') {
    vsh_buf_dispose(&t);
    return NULL;
  }
  *pp = p + 1;
  vsh__buf_putc(&t, 0);
  return t.data;
}

/* Parses one -e format (or a -f line) into a; false after a message. */
static bool hx_parse(bi_ctx *b, hx_all *a, const char *s) {
  if (a->n == a->cap) {
    int nc = a->cap ? a->cap * 2 : 4;
    hx_fmt *nf = realloc(a->f, (size_t)nc * sizeof *nf);
    if (!nf) return false;
    a->f = nf;
    a->cap = nc;
  }
  hx_fmt *f = &a->f[a->n++]; /* counted now: hx_free sees a half-read one */
  memset(f, 0, sizeof *f);
  const char *p = s;
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\n') p++;
    if (!*p) break;
    if (f->n == HX_UNITS) {
      bi_err(b, "too many format units");
      return false;
    }
    hx_unit *u = &f->u[f->n];
    u->reps = 1;
    u->bcount = 0;
    if (*p >= '0' && *p <= '9') {
      u->reps = (unsigned)strtoul(p, (char **)&p, 10);
      while (*p == ' ') p++;
      if (*p == '/') p++;
    } else if (*p == '/') {
      p++;
    }
    while (*p == ' ') p++;
    if (*p >= '0' && *p <= '9')
      u->bcount = (unsigned)strtoul(p, (char **)&p, 10);
    while (*p == ' ' || *p == '\t') p++;
    if (*p != '"' || !(u->fmt = hx_quoted(&p))) {
      bi_err(b, "bad format {%s}", s);
      return false;
    }
    f->n++; /* owns u->fmt from here */
    /* the round's size: the byte count, else its conversions' sizes */
    size_t round = 0;
    for (const char *q = u->fmt; *q; q++) {
      if (*q != '%') continue;
      size_t l;
      char conv;
      int prec, sz = hx_conv(q, &l, &conv, &prec);
      if (sz < 0) {
        bi_err(b, "bad conversion character %%%s", q + 1);
        return false;
      }
      if (conv == 's' && !u->bcount && prec <= 0) {
        bi_err(b, "%%s requires a precision or a byte count");
        return false;
      }
      if (conv == 'A') a->final_addr = u->final = true;
      if (conv != '%' && conv != 'a' && conv != 'A')
        round += u->bcount ? u->bcount : (size_t)sz;
      q += l - 1;
    }
    if (u->bcount && round) round = u->bcount;
    u->bytes = round;
    f->bytes += round * u->reps;
  }
  return true;
}

static void hx_free(hx_all *a) {
  for (int i = 0; i < a->n; i++)
    for (int k = 0; k < a->f[i].n; k++) free(a->f[i].u[k].fmt);
  free(a->f);
}

static const char *const hx_names[] = {
    "nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs",  "ht",  "lf",
    "vt",  "ff",  "cr",  "so",  "si",  "dle", "dc1", "dc2", "dc3", "dc4", "nak",
    "syn", "etb", "can", "em",  "sub", "esc", "fs",  "gs",  "rs",  "us"};

/* Prints one conversion: spec is "%...X" of length l; d holds `have`
 * of the `size` bytes it takes (none: blanks of the field's width). */
static void hx_print(vsh_buf *o, const char *spec, size_t l, char conv,
                     const unsigned char *d, size_t have, size_t size,
                     uint64_t addr) {
  char f[48];
  size_t fl = l < sizeof f - 4 ? l : sizeof f - 4;
  memcpy(f, spec, fl);
  f[fl] = 0;
  /* the flags, width and precision without the conversion */
  size_t hl = fl;
  while (hl && !(f[hl - 1] >= '0' && f[hl - 1] <= '9') && f[hl - 1] != '.' &&
         !strchr("#-+ %", f[hl - 1]))
    hl--;
  char head[48];
  memcpy(head, f, hl);
  head[hl] = 0;
  char fmt[64];
  if (conv == 'a' || conv == 'A') {
    snprintf(fmt, sizeof fmt, "%sll%c", head, spec[l - 1]);
    vsh__buf_printf(o, fmt, (unsigned long long)addr);
    return;
  }
  if (!have) { /* past the end: blanks as wide as the field */
    size_t i = 1;
    while (i < hl && strchr("#-+ 0", head[i])) i++;
    int w = atoi(head + i);
    for (int k = 0; k < w; k++) vsh__buf_putc(o, ' ');
    return;
  }
  unsigned char v[8] = {0};
  memcpy(v, d, have < size ? have : (size < 8 ? size : 8));
  uint64_t u = 0;
  for (size_t i = size < 8 ? size : 8; i-- > 0;) u = (u << 8) | v[i];
  char buf[8];
  switch (conv) {
  case 'd':
  case 'i': {
    int64_t sv = (int64_t)u;
    if (size < 8 && size) {
      unsigned sh = (unsigned)(64 - 8 * size);
      sv = (int64_t)(u << sh) >> sh;
    }
    snprintf(fmt, sizeof fmt, "%sll%c", head, conv);
    vsh__buf_printf(o, fmt, (long long)sv);
    break;
  }
  case 'o':
  case 'u':
  case 'x':
  case 'X':
    snprintf(fmt, sizeof fmt, "%sll%c", head, conv);
    vsh__buf_printf(o, fmt, (unsigned long long)u);
    break;
  case 'e':
  case 'E':
  case 'f':
  case 'g':
  case 'G': {
    double x;
    if (size == 4) {
      float fv;
      uint32_t w = (uint32_t)u;
      memcpy(&fv, &w, 4);
      x = fv;
    } else {
      memcpy(&x, &u, 8);
    }
    snprintf(fmt, sizeof fmt, "%s%c", head, conv);
    vsh__buf_printf(o, fmt, x);
    break;
  }
  case 'c':
    snprintf(fmt, sizeof fmt, "%sc", head);
    vsh__buf_printf(o, fmt, d[0]);
    break;
  case 's': {
    size_t n = 0;
    while (n < have && d[n]) n++;
    char *t = malloc(n + 1);
    if (!t) return;
    memcpy(t, d, n);
    t[n] = 0;
    snprintf(fmt, sizeof fmt, "%ss", head);
    vsh__buf_printf(o, fmt, t);
    free(t);
    break;
  }
  default: { /* _c _p _u: a character or a name for it */
    unsigned char c = d[0];
    const char *t = buf;
    if (conv == 'P') {
      buf[0] = (c >= 32 && c < 127) ? (char)c : '.';
      buf[1] = 0;
    } else if (conv == 'U') {
      if (c < 32) t = hx_names[c];
      else if (c == 127) t = "del";
      else if (c > 127) { /* util-linux: a byte past ASCII in hex */
        snprintf(fmt, sizeof fmt, "%sx", head);
        vsh__buf_printf(o, fmt, (unsigned)c);
        break;
      } else {
        buf[0] = (char)c;
        buf[1] = 0;
      }
    } else {
      const char *esc = c ? bi_c_escape(c) : "\\0";
      if (esc) t = esc;
      else if (c >= 32 && c < 127) {
        buf[0] = (char)c;
        buf[1] = 0;
      } else {
        snprintf(buf, sizeof buf, "%03o", c);
      }
    }
    snprintf(fmt, sizeof fmt, "%ss", head);
    vsh__buf_printf(o, fmt, t);
    break;
  }
  }
}

/* One block (n of its bytes are input) through every format. */
static void hx_block(vsh_buf *o, const hx_all *a, const unsigned char *d,
                     size_t n, uint64_t off) {
  for (int fi = 0; fi < a->n; fi++) {
    const hx_fmt *f = &a->f[fi];
    size_t pos = 0;
    for (int ui = 0; ui < f->n; ui++) {
      const hx_unit *u = &f->u[ui];
      if (u->final) continue;
      for (unsigned r = 0; r < u->reps; r++) {
        const char *q = u->fmt;
        /* the last round of a repeated unit stops after its last
         * conversion: no trailing blanks */
        const char *stop = NULL;
        if (u->reps > 1 && r + 1 == u->reps) {
          const char *lastc = NULL;
          for (const char *t = q; *t; t++)
            if (*t == '%') {
              size_t l;
              char cv;
              int pr;
              if (hx_conv(t, &l, &cv, &pr) >= 0 && cv != '%') lastc = t + l;
              t += 1;
            }
          if (lastc) {
            const char *e = lastc;
            while (*e == ' ' || *e == '\t') e++;
            if (!*e) stop = lastc;
          }
        }
        for (; *q && q != stop; q++) {
          if (*q != '%') {
            vsh__buf_putc(o, *q);
            continue;
          }
          size_t l;
          char conv;
          int prec, sz = hx_conv(q, &l, &conv, &prec);
          if (conv == '%') {
            vsh__buf_putc(o, '%');
          } else if (conv == 'A') {
            /* the final address: printed after the input */
          } else {
            size_t size = u->bcount ? u->bcount : (size_t)sz;
            size_t have = pos < n ? (n - pos < size ? n - pos : size) : 0;
            hx_print(o, q, l, conv, d + (pos < n ? pos : 0), have, size,
                     off + pos);
            pos += size;
          }
          q += l - 1;
        }
      }
    }
  }
}

/* After the input: the units holding %_A, with the final offset. */
static void hx_final(vsh_buf *o, const hx_all *a, uint64_t off) {
  for (int fi = 0; fi < a->n; fi++)
    for (int ui = 0; ui < a->f[fi].n; ui++) {
      if (!a->f[fi].u[ui].final) continue;
      for (const char *q = a->f[fi].u[ui].fmt; *q; q++) {
        if (*q != '%') {
          vsh__buf_putc(o, *q);
          continue;
        }
        size_t l;
        char conv;
        int prec;
        if (hx_conv(q, &l, &conv, &prec) >= 0 && conv == 'A')
          hx_print(o, q, l, conv, NULL, 0, 0, off);
        else if (conv == '%') vsh__buf_putc(o, '%');
        q += l - 1;
      }
    }
}

static const bi_option hexdump_options[] = {
    {"one-byte-octal", BI_ARG_NONE, 'b', NULL},
    {"one-byte-char", BI_ARG_NONE, 'c', NULL},
    {"two-bytes-decimal", BI_ARG_NONE, 'd', NULL},
    {"two-bytes-octal", BI_ARG_NONE, 'o', NULL},
    {"two-bytes-hex", BI_ARG_NONE, 'x', NULL},
    {"canonical", BI_ARG_NONE, 'C', NULL},
    {"length", BI_ARG_REQUIRED, 'n', NULL},
    {"skip", BI_ARG_REQUIRED, 's', NULL},
    {"no-squeezing", BI_ARG_NONE, 'v', NULL},
    {0}};

static const bi_cmd hexdump_cmd = {
    .name = "hexdump",
    .usage =
        "Usage:\n hexdump [options] <file>...\n\n"
        "Display file contents in hexadecimal, decimal, octal, or ascii.\n\n"
        "Options:\n"
        " -b, --one-byte-octal      one-byte octal display\n"
        " -c, --one-byte-char       one-byte character display\n"
        " -C, --canonical           canonical hex+ASCII display\n"
        " -d, --two-bytes-decimal   two-byte decimal display\n"
        " -o, --two-bytes-octal     two-byte octal display\n"
        " -x, --two-bytes-hex       two-byte hexadecimal display\n"
        " -n, --length <length>     interpret only length bytes of input\n"
        " -s, --skip <offset>       skip offset bytes from the beginning\n"
        " -v, --no-squeezing        output identical lines\n",
    .shortopts = "bcCdn:os:ve:f:x",
    .longopts = hexdump_options,
};

typedef struct hx_opts {
  bool canon, verbose, has_len;
  bool end_addr; /* a -b -c -d -o -x format printed the final offset */
  uint64_t len, skip;
  hx_all fm;
} hx_opts;

/* -f FILE: one format string per line (# comments). */
static bool hx_format_file(bi_ctx *b, hx_all *fm, const char *name) {
  vsh_buf t = {0};
  const char *fp = bi_path(b, name);
  int frc = fp ? vfs_read_file(b->fs, fp, &t) : bi_path_error(name);
  if (frc) {
    bi_err(b, "%s: %s", name, vsh_strerror(frc));
    vsh_buf_dispose(&t);
    return false;
  }
  vsh__buf_putc(&t, 0);
  bool ok = true;
  for (char *ln = t.data, *nl; ok && ln && *ln; ln = nl ? nl + 1 : NULL) {
    nl = strchr(ln, '\n');
    if (nl) *nl = 0;
    const char *q = ln;
    while (*q == ' ' || *q == '\t') q++;
    if (*q && *q != '#') ok = hx_parse(b, fm, q);
  }
  vsh_buf_dispose(&t);
  return ok;
}

/* -1 to go on, else the exit status. */
static int hx_options(bi_ctx *b, bi_opts *g, hx_opts *o) {
  int c;
  while ((c = bi_opt(b, g, &hexdump_cmd)) != -1) {
    switch (c) {
    case 'C': o->canon = true; break;
    case 'v': o->verbose = true; break;
    case 'n':
      if (!bi_parse_size(g->arg, &o->len)) {
        bi_err(b, "invalid length argument: '%s'", g->arg);
        return 1;
      }
      o->has_len = true;
      break;
    case 's':
      if (!bi_parse_size(g->arg, &o->skip)) {
        bi_err(b, "invalid offset argument: '%s'", g->arg);
        return 1;
      }
      break;
    case 'e':
      if (!hx_parse(b, &o->fm, g->arg)) return 1;
      break;
    case 'b': /* util-linux's own formats for these */
    case 'c':
    case 'd':
    case 'o':
    case 'x': {
      const char *body = c == 'b'   ? "16/1 \"%03o \""
                         : c == 'c' ? "16/1 \"%3_c \""
                         : c == 'd' ? "8/2 \"  %05u \""
                         : c == 'o' ? "8/2 \" %06o \""
                                    : "8/2 \"   %04x \"";
      char line[64];
      snprintf(line, sizeof line, "\"%%07.7_ax \" %s \"\\n\"", body);
      if ((!o->end_addr && !hx_parse(b, &o->fm, "\"%07.7_Ax\\n\"")) ||
          !hx_parse(b, &o->fm, line))
        return 1;
      o->end_addr = true;
      break;
    }
    case 'f':
      if (!hx_format_file(b, &o->fm, g->arg)) return 1;
      break;
    default: return g->status;
    }
  }
  return -1;
}

/* The inputs, read as one stream. */
typedef struct hx_in {
  char **files;
  int nfiles, fi, nopened;
  sh_stream *cur;
  int st;       /* 1 after an input could not be opened */
  uint64_t off; /* the offset of the next byte */
} hx_in;

/* Fills line with up to bs bytes across file boundaries, after the -s
 * bytes (still counted in the offsets) and within -n; *n is how many.
 * 0 or a vsh_err. */
static int hx_fill(bi_ctx *b, hx_in *in, hx_opts *o, unsigned char *line,
                   size_t bs, size_t *n) {
  *n = 0;
  while (*n < bs) {
    if (!in->cur) {
      if (in->fi >= in->nfiles) return 0;
      const char *f = in->files[in->fi++];
      int orc = bi_open_input(b, f, &in->cur);
      if (orc) {
        bi_file_err_raw(b, f, orc);
        in->st = 1;
        in->cur = NULL;
        continue;
      }
      in->nopened++;
    }
    unsigned char tmp[4096];
    size_t want = bs - *n;
    if (o->skip) want = o->skip < sizeof(tmp) ? (size_t)o->skip : sizeof(tmp);
    else if (o->has_len && o->len < want) want = (size_t)o->len;
    if (!want) return 0;
    int64_t r = bi_read_full(b, in->cur, o->skip ? tmp : line + *n, want);
    if (r < 0) return (int)r;
    if (o->skip) {
      o->skip -= (uint64_t)r;
      in->off += (uint64_t)r;
    } else {
      *n += (size_t)r;
      if (o->has_len) o->len -= (uint64_t)r;
    }
    if ((size_t)r < want) {
      sh_stream_unref(in->cur);
      in->cur = NULL;
    }
  }
  return 0;
}

/* The last lines: the custom formats' final addresses, else the offset
 * after the data. */
static int hx_end(bi_ctx *b, const hx_opts *o, vsh_buf *out, uint64_t off) {
  if (o->fm.n) {
    if (o->fm.final_addr) hx_final(out, &o->fm, off);
  } else if (off) {
    vsh__buf_printf(out, o->canon ? "%08llx\n" : "%07llx\n",
                    (unsigned long long)off);
  }
  return out->len ? bi_write(b, out->data, out->len) : 0;
}

int bi_hexdump_main(bi_ctx *b) {
  hx_opts o = {0};
  bi_opts g = {0};
  int st = hx_options(b, &g, &o);
  if (st >= 0) {
    hx_free(&o.fm);
    return st;
  }
  char *dash = "-";
  hx_in in = {.files = g.noperands ? g.operands : &dash,
              .nfiles = g.noperands ? g.noperands : 1};
  size_t bs = o.fm.n ? 1 : 16; /* a block: the widest custom format */
  for (int i = 0; i < o.fm.n; i++)
    if (o.fm.f[i].bytes > bs) bs = o.fm.f[i].bytes;
  unsigned char *line = malloc(bs), *prev = malloc(bs);
  bool have_prev = false, starred = false;
  vsh_buf out = {0};
  int rc = line && prev ? 0 : VSH_ENOMEM;
  while (!rc) {
    size_t n;
    if ((rc = hx_fill(b, &in, &o, line, bs, &n)) || !n) break;
    if (!o.verbose && have_prev && n == bs && !memcmp(line, prev, bs)) {
      if (!starred) vsh__buf_puts(&out, "*\n");
      starred = true;
    } else {
      if (o.fm.n) hx_block(&out, &o.fm, line, n, in.off);
      else if (o.canon) line_canonical(&out, in.off, line, n);
      else line_default(&out, in.off, line, n);
      starred = false;
    }
    memcpy(prev, line, n);
    have_prev = n == bs;
    in.off += n;
    if (out.len >= 32768) {
      if ((rc = bi_write(b, out.data, out.len))) break;
      vsh__buf_clear(&out);
    }
    if (n < bs) break;
  }
  if (in.cur) sh_stream_unref(in.cur);
  if (in.nopened == 0 && in.st) bi_err(b, "all input file arguments failed");
  if (!rc) rc = hx_end(b, &o, &out, in.off);
  bool oom = !line || !prev;
  free(line);
  free(prev);
  hx_free(&o.fm);
  vsh_buf_dispose(&out);
  if (oom) return 1;
  if (rc == VSH_EPIPE) return 141;
  if (rc) {
    if (rc != VSH_EABORTED) bi_err(b, "%s", vsh_strerror(rc));
    return 1;
  }
  return in.st;
}
