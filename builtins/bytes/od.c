/* od.c: dump bytes in octal, hex, decimal, float, character formats.
 * GNU layout: address column (-A o/d/x/n), one row per -t spec, fields
 * of a block padded so every spec lines up, "*" for repeated blocks
 * (unless -v), a final address line.  Multi-byte values are little-endian
 * unless --endian=big; a short last element is zero-padded.  -S prints
 * NUL-terminated printable strings instead. */
#include "builtins/builtins.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { OD_MAXSPEC = 32 };

typedef struct od_spec {
  char kind; /* a c d o u x f */
  int size;  /* bytes per element */
  int width; /* digits of one field (without the separating space) */
  bool z;    /* append >printable< */
} od_spec;

typedef struct od_state {
  od_spec spec[OD_MAXSPEC];
  int nspec;
  char radix; /* o d x n */
  size_t width;
  bool verbose, big;
  uint64_t skip, limit;
  bool has_limit;
  size_t linew; /* max chars of a block across specs */
} od_state;

static int field_width(char kind, int size) {
  static const int o[] = {0, 3, 6, 0, 11, 0, 0, 0, 22};
  static const int u[] = {0, 3, 5, 0, 10, 0, 0, 0, 20};
  static const int d[] = {0, 4, 6, 0, 11, 0, 0, 0, 20};
  switch (kind) {
  case 'a':
  case 'c': return 3;
  case 'o': return o[size];
  case 'u': return u[size];
  case 'd': return d[size];
  case 'x': return size * 2;
  case 'f': return size == 4 ? 15 : 24;
  }
  return 3;
}

/* Parses one -t argument (several specs may follow each other). */
static bool parse_type(bi_ctx *b, od_state *s, const char *t) {
  const char *p = t;
  while (*p) {
    char k = *p++;
    int size;
    if (k == 'a' || k == 'c') {
      size = 1;
    } else if (strchr("doux", k)) {
      size = 4;
      if (*p == 'C') size = 1, p++;
      else if (*p == 'S') size = 2, p++;
      else if (*p == 'I') size = 4, p++;
      else if (*p == 'L') size = 8, p++;
      else if (*p >= '0' && *p <= '9') {
        size = (int)strtol(p, (char **)&p, 10);
        if (size != 1 && size != 2 && size != 4 && size != 8) {
          bi_err(b,
                 "invalid type string \xe2\x80\x98%s\xe2\x80\x99;\n"
                 "this system doesn't provide a %d-byte integral type",
                 t, size);
          return false;
        }
      }
    } else if (k == 'f') {
      size = 8;
      if (*p == 'F') size = 4, p++;
      else if (*p == 'D' || *p == 'L') size = 8, p++;
      else if (*p >= '0' && *p <= '9') {
        size = (int)strtol(p, (char **)&p, 10);
        if (size != 4 && size != 8) {
          bi_err(b,
                 "invalid type string \xe2\x80\x98%s\xe2\x80\x99;\n"
                 "this system doesn't provide a %d-byte floating point type",
                 t, size);
          return false;
        }
      }
    } else {
      bi_err(b,
             "invalid character '%c' in type string \xe2\x80\x98%s\xe2\x80\x99",
             k, t);
      return false;
    }
    if (s->nspec == OD_MAXSPEC) return true;
    od_spec *sp = &s->spec[s->nspec++];
    sp->kind = k;
    sp->size = size;
    sp->width = field_width(k, size);
    sp->z = false;
    if (*p == 'z') sp->z = true, p++;
  }
  return true;
}

static uint64_t get_uint(const od_state *s, const unsigned char *p, int n) {
  uint64_t v = 0;
  for (int i = 0; i < n; i++) {
    int k = s->big ? i : n - 1 - i;
    v = v << 8 | p[k];
  }
  return v;
}

/* Shortest %g that reads back as the same value, like GNU od. */
static void fmt_float(char *out, size_t cap, double v, bool single) {
  if (isnan(v)) {
    snprintf(out, cap, "%s", signbit(v) ? "-nan" : "nan");
    return;
  }
  if (isinf(v)) {
    snprintf(out, cap, "%s", v < 0 ? "-inf" : "inf");
    return;
  }
  for (int prec = 1; prec <= 17; prec++) {
    snprintf(out, cap, "%.*g", prec, v);
    if (single ? strtof(out, NULL) == (float)v : strtod(out, NULL) == v) return;
  }
}

static const char *const ascii_names[33] = {
    "nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs",  "ht",  "nl",
    "vt",  "ff",  "cr",  "so",  "si",  "dle", "dc1", "dc2", "dc3", "dc4", "nak",
    "syn", "etb", "can", "em",  "sub", "esc", "fs",  "gs",  "rs",  "us",  "sp"};

static void format_elem(const od_state *s, const od_spec *sp,
                        const unsigned char *p, char *out, size_t cap) {
  uint64_t v = get_uint(s, p, sp->size);
  switch (sp->kind) {
  case 'x':
    snprintf(out, cap, "%0*llx", sp->width, (unsigned long long)v);
    break;
  case 'o':
    snprintf(out, cap, "%0*llo", sp->width, (unsigned long long)v);
    break;
  case 'u': snprintf(out, cap, "%llu", (unsigned long long)v); break;
  case 'd': {
    int64_t sv;
    if (sp->size == 8) sv = (int64_t)v;
    else {
      uint64_t sign = 1ULL << (sp->size * 8 - 1);
      sv = (v & sign) ? (int64_t)v - (int64_t)(sign << 1) : (int64_t)v;
    }
    snprintf(out, cap, "%lld", (long long)sv);
    break;
  }
  case 'f':
    if (sp->size == 4) {
      uint32_t u = (uint32_t)v;
      float f;
      memcpy(&f, &u, 4);
      fmt_float(out, cap, f, true);
    } else {
      double d;
      memcpy(&d, &v, 8);
      fmt_float(out, cap, d, false);
    }
    break;
  case 'a': {
    unsigned c = p[0] & 127;
    if (c <= 32) snprintf(out, cap, "%s", ascii_names[c]);
    else if (c == 127) snprintf(out, cap, "del");
    else snprintf(out, cap, "%c", c);
    break;
  }
  case 'c': {
    unsigned c = p[0];
    const char *esc = c ? bi_c_escape((int)c) : "\\0";
    if (esc) snprintf(out, cap, "%s", esc);
    else if (c >= 32 && c < 127) snprintf(out, cap, "%c", c);
    else snprintf(out, cap, "%03o", c);
    break;
  }
  }
}

static void put_addr(const od_state *s, vsh_buf *o, uint64_t a) {
  switch (s->radix) {
  case 'o': vsh__buf_printf(o, "%07llo", (unsigned long long)a); break;
  case 'd': vsh__buf_printf(o, "%07llu", (unsigned long long)a); break;
  case 'x': vsh__buf_printf(o, "%06llx", (unsigned long long)a); break;
  }
}

static size_t addr_width(const od_state *s) {
  return s->radix == 'n' ? 0 : s->radix == 'x' ? 6 : 7;
}

/* One block of n bytes (n <= width; missing bytes of the last element are
 * zero). */
static void put_block(const od_state *s, vsh_buf *o, uint64_t addr,
                      const unsigned char *blk, size_t n) {
  for (int k = 0; k < s->nspec; k++) {
    const od_spec *sp = &s->spec[k];
    if (k == 0) put_addr(s, o, addr);
    else
      for (size_t i = 0; i < addr_width(s); i++) vsh__buf_putc(o, ' ');
    size_t nf_full = s->width / (size_t)sp->size;
    size_t pad = s->linew - nf_full * (size_t)(sp->width + 1);
    size_t nf = (n + (size_t)sp->size - 1) / (size_t)sp->size;
    size_t used = 0;
    for (size_t i = 0; i < nf; i++) {
      unsigned char e[8] = {0};
      size_t off = i * (size_t)sp->size;
      size_t take = n - off < (size_t)sp->size ? n - off : (size_t)sp->size;
      memcpy(e, blk + off, take);
      char f[64];
      format_elem(s, sp, e, f, sizeof(f));
      size_t extra =
          pad * (nf_full - i) / nf_full - pad * (nf_full - i - 1) / nf_full;
      size_t w = (size_t)sp->width + 1 + extra;
      size_t fl = strlen(f);
      for (size_t j = fl; j < w; j++) vsh__buf_putc(o, ' ');
      vsh__buf_puts(o, f);
      used += w > fl ? w : fl;
    }
    if (sp->z) {
      for (size_t j = used; j < s->linew; j++) vsh__buf_putc(o, ' ');
      vsh__buf_puts(o, "  >");
      for (size_t i = 0; i < n; i++)
        vsh__buf_putc(o, blk[i] >= 32 && blk[i] < 127 ? (char)blk[i] : '.');
      vsh__buf_putc(o, '<');
    }
    vsh__buf_putc(o, '\n');
  }
}

static bool parse_offset(const char *a, uint64_t *out) {
  if (a[0] == '0' &&
      (a[1] == 'x' || a[1] == 'X' || (a[1] >= '0' && a[1] <= '7'))) {
    char *end;
    unsigned long long v = strtoull(a, &end, 0);
    if (!*end) {
      *out = v;
      return true;
    }
  }
  return bi_parse_size(a, out);
}

/* Reads the concatenation of the operands as one stream. */
typedef struct od_input {
  bi_ctx *b;
  char **files;
  int nfiles, next;
  sh_stream *cur;
  int status;
  bool opened; /* some operand could be opened */
} od_input;

static int64_t od_read(od_input *in, unsigned char *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    if (!in->cur) {
      if (in->next >= in->nfiles) break;
      const char *f = in->files[in->next++];
      int rc = bi_open_input(in->b, f, &in->cur);
      /* a directory opens in GNU, and fails only when read */
      if (rc == VSH_EISDIR) in->opened = true;
      if (rc) {
        bi_file_err(in->b, f, rc);
        in->status = 1;
        continue;
      }
      in->opened = true;
    }
    int64_t r = bi_read_full(in->b, in->cur, buf + got, n - got);
    if (r < 0) {
      if (r == VSH_EPIPE || r == VSH_EABORTED) return r;
      bi_file_err(in->b, in->files[in->next - 1], (int)r);
      in->status = 1;
      r = 0;
    }
    got += (size_t)r;
    if (got < n) {
      sh_stream_unref(in->cur);
      in->cur = NULL;
    }
  }
  return (int64_t)got;
}

/* -S N: strings of at least N printable bytes that end in a NUL, each
 * with its address (the end of a -N limit ends one too). */
static int dump_strings(od_state *s, od_input *in, uint64_t minlen) {
  vsh_buf o = {0}, str = {0};
  unsigned char buf[4096];
  uint64_t addr = s->skip, start = addr, left = s->limit;
  int rc = 0;
  for (;;) {
    size_t want = sizeof buf;
    if (s->has_limit && left < want) want = (size_t)left;
    int64_t r = want ? od_read(in, buf, want) : 0;
    if (r < 0) {
      rc = (int)r;
      break;
    }
    if (r == 0 && s->has_limit && !left) buf[0] = 0, r = -1; /* the end */
    if (r == 0) break;
    size_t n = r < 0 ? 1 : (size_t)r;
    for (size_t i = 0; i < n; i++, addr++) {
      unsigned char c = buf[i];
      if (c >= 32 && c < 127) {
        if (!str.len) start = addr;
        if (vsh__buf_putc(&str, (char)c)) {
          rc = VSH_ENOMEM;
          goto done;
        }
        continue;
      }
      if (!c && str.len && str.len >= minlen) {
        put_addr(s, &o, start);
        if (s->radix != 'n') vsh__buf_putc(&o, ' ');
        vsh__buf_append(&o, str.data, str.len);
        vsh__buf_putc(&o, '\n');
      }
      str.len = 0;
    }
    if (r < 0) break;
    if (s->has_limit) left -= n;
    if (o.len >= 32768) {
      if ((rc = bi_write(in->b, o.data, o.len))) goto done;
      vsh__buf_clear(&o);
    }
  }
  if (!rc) rc = bi_write(in->b, o.data ? o.data : "", o.len);
done:
  vsh_buf_dispose(&o);
  vsh_buf_dispose(&str);
  return rc;
}

enum { OPT_ENDIAN = BI_OPT_FIRST, OPT_TRADITIONAL };

static const bi_option od_options[] = {
    {"address-radix", BI_ARG_REQUIRED, 'A', NULL},
    {"skip-bytes", BI_ARG_REQUIRED, 'j', NULL},
    {"read-bytes", BI_ARG_REQUIRED, 'N', NULL},
    {"format", BI_ARG_REQUIRED, 't', NULL},
    {"output-duplicates", BI_ARG_NONE, 'v', NULL},
    {"width", BI_ARG_OPTIONAL, 'w', NULL},
    {"strings", BI_ARG_OPTIONAL, 'S', NULL},
    {"endian", BI_ARG_REQUIRED, OPT_ENDIAN, NULL},
    {"traditional", BI_ARG_NONE, OPT_TRADITIONAL, NULL},
    {0}};

static const bi_cmd od_cmd = {
    .name = "od",
    .usage =
        "Usage: od [OPTION]... [FILE]...\n"
        "Write an unambiguous representation, octal bytes by default,\n"
        "of FILE to standard output.  With more than one FILE argument,\n"
        "concatenate them in the listed order to form the input.\n\n"
        "  -A, --address-radix=RADIX   output format for file offsets; RADIX "
        "is one\n"
        "                                of [doxn], for Decimal, Octal, Hex or "
        "None\n"
        "      --endian={big|little}   swap input bytes according the "
        "specified order\n"
        "  -j, --skip-bytes=BYTES      skip BYTES input bytes first\n"
        "  -N, --read-bytes=BYTES      limit dump to BYTES input bytes\n"
        "  -S BYTES, --strings[=BYTES]  show only NUL terminated strings\n"
        "                                of at least BYTES (3) printable "
        "characters\n"
        "  -t, --format=TYPE           select output format or formats\n"
        "  -v, --output-duplicates     do not use * to mark line suppression\n"
        "  -w[BYTES], --width[=BYTES]  output BYTES bytes per output line;\n"
        "                                32 is implied when BYTES is not "
        "specified\n"
        "      --help        display this help and exit\n"
        "      --version     output version information and exit\n",
    .shortopts = "A:j:N:t:vw::S:abcdfilosxBDeFhHILOX",
    .longopts = od_options,
};

/* The one-letter formats: -a -b -c -d -f -i -l -o -s -x, and GNU's
 * undocumented traditional aliases (upper case, -e). */
static const char *od_alias(int c) {
  switch (c) {
  case 'a': return "a";
  case 'b': return "o1";
  case 'c': return "c";
  case 'd': return "u2";
  case 'f': return "f4";
  case 'i': return "d4";
  case 'l': return "d8";
  case 'o': return "o2";
  case 's': return "d2";
  case 'x': return "x2";
  case 'B': return "o2";
  case 'D': return "u4";
  case 'e':
  case 'F': return "f8";
  case 'h': return "x2";
  case 'H':
  case 'X': return "x4";
  case 'I':
  case 'L': return "d8";
  case 'O': return "o4";
  default: return NULL;
  }
}

/* One option; -1 to go on, else the exit status.  -S sets *strings and
 * *min_str. */
static int od_option(bi_ctx *b, bi_opts *g, od_state *s, int c, bool *strings,
                     uint64_t *min_str) {
  const char *alias = od_alias(c);
  if (alias) {
    parse_type(b, s, alias);
    return -1;
  }
  uint64_t v;
  switch (c) {
  case 'A':
    if (strlen(g->arg) != 1 || !strchr("odxn", g->arg[0])) {
      bi_err(b,
             "invalid output address radix '%s'; it must be one character from "
             "[doxn]",
             g->arg);
      return 1;
    }
    s->radix = g->arg[0];
    break;
  case 'j':
  case 'N':
    if (!parse_offset(g->arg, &v)) {
      bi_err(b, "invalid -%c argument '%s'", c, g->arg); /* coreutils 9.1 */
      return 1;
    }
    if (c == 'j') s->skip = v;
    else s->limit = v, s->has_limit = true;
    break;
  case 't':
    if (!parse_type(b, s, g->arg)) return 1;
    break;
  case 'v': s->verbose = true; break;
  case 'w':
    v = 32;
    if (g->arg && (!bi_parse_size(g->arg, &v) || v == 0)) {
      bi_err(b, "invalid -w argument \xe2\x80\x98%s\xe2\x80\x99", g->arg);
      return 1;
    }
    s->width = (size_t)v;
    break;
  case 'S':
    v = 3;
    if (g->arg && !bi_parse_size(g->arg, &v)) {
      bi_err(b, "invalid -S argument '%s'", g->arg);
      return 1;
    }
    *strings = true;
    *min_str = v;
    break;
  case OPT_ENDIAN:
    if (!strcmp(g->arg, "big")) s->big = true;
    else if (!strcmp(g->arg, "little")) s->big = false;
    else {
      bi_err(b,
             "invalid argument \xe2\x80\x98%s\xe2\x80\x99 for "
             "\xe2\x80\x98--endian\xe2\x80\x99",
             g->arg);
      return 1;
    }
    break;
  case OPT_TRADITIONAL: break;
  default: return g->status;
  }
  return -1;
}

/* -j: skips the first s->skip bytes of the combined input (buf holds a
 * line); 0, 1 after "cannot skip past end", or a vsh_err. */
static int od_skip(bi_ctx *b, od_state *s, od_input *in, unsigned char *buf) {
  for (uint64_t left = s->skip; left;) {
    size_t want = left < s->width ? (size_t)left : s->width;
    int64_t r = od_read(in, buf, want);
    if (r < 0) return (int)r;
    left -= (uint64_t)r;
    if ((size_t)r < want) {
      if (!left) break;
      bi_err(b, "cannot skip past end of combined input");
      in->status = 1;
      return 1;
    }
  }
  return 0;
}

/* The lines (a repeated one as "*"), then the final address; 0 or a
 * vsh_err. */
static int od_dump(bi_ctx *b, od_state *s, od_input *in, unsigned char *cur,
                   unsigned char *prev, vsh_buf *o) {
  uint64_t addr = s->skip, left = s->limit;
  bool have_prev = false, starred = false;
  int rc;
  for (;;) {
    size_t want = s->width;
    if (s->has_limit && left < want) want = (size_t)left;
    int64_t r = want ? od_read(in, cur, want) : 0;
    if (r < 0) return (int)r;
    if (r == 0) break;
    size_t n = (size_t)r;
    if (!s->verbose && have_prev && n == s->width && !memcmp(cur, prev, n)) {
      if (!starred) vsh__buf_puts(o, "*\n");
      starred = true;
    } else {
      put_block(s, o, addr, cur, n);
      starred = false;
    }
    memcpy(prev, cur, n);
    have_prev = n == s->width;
    addr += n;
    if (s->has_limit) left -= n;
    if (o->len >= 32768) {
      if ((rc = bi_write(b, o->data, o->len))) return rc;
      vsh__buf_clear(o);
    }
    if (n < s->width) break;
  }
  if (s->radix != 'n' && in->opened) {
    put_addr(s, o, addr);
    vsh__buf_putc(o, '\n');
  }
  return bi_write(b, o->data, o->len);
}

int bi_od_main(bi_ctx *b) {
  od_state s = {.radix = 'o', .width = 16};
  bool strings = false;
  uint64_t min_str = 3;
  bi_opts g = {0};
  int c, st;
  while ((c = bi_opt(b, &g, &od_cmd)) != -1)
    if ((st = od_option(b, &g, &s, c, &strings, &min_str)) >= 0) return st;
  if (!s.nspec) parse_type(b, &s, "o2");
  for (int k = 0; k < s.nspec; k++) {
    size_t sz = (size_t)s.spec[k].size;
    if (s.width % sz) s.width = (s.width / sz + 1) * sz;
  }
  for (int k = 0; k < s.nspec; k++) {
    size_t w = s.width / (size_t)s.spec[k].size * (size_t)(s.spec[k].width + 1);
    if (w > s.linew) s.linew = w;
  }
  char *dash = "-";
  od_input in = {.b = b,
                 .files = g.noperands ? g.operands : &dash,
                 .nfiles = g.noperands ? g.noperands : 1};
  unsigned char *cur = malloc(s.width), *prev = malloc(s.width);
  vsh_buf o = {0};
  int rc = cur && prev ? od_skip(b, &s, &in, cur) : VSH_ENOMEM;
  if (rc == 1) rc = 0; /* reported: in.status */
  else if (!rc && strings) rc = dump_strings(&s, &in, min_str);
  else if (!rc) rc = od_dump(b, &s, &in, cur, prev, &o);
  if (in.cur) sh_stream_unref(in.cur);
  vsh_buf_dispose(&o);
  free(cur);
  free(prev);
  if (rc == VSH_EPIPE) return 141;
  if (rc) {
    if (rc != VSH_EABORTED) bi_err(b, "%s", vsh_strerror(rc));
    return 1;
  }
  return in.status;
}
