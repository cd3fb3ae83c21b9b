/* numfmt.c: convert numbers to and from human-readable units (GNU
 * numfmt): --from/--to (none si iec iec-i, --from=auto), --suffix,
 * --padding, --field, --format, --round, --invalid, -d, -z, --header,
 * --from-unit/--to-unit.  Like GNU 9.1 the SI kilo letter is 'K'.
 * Grouping (%'f) is accepted and ignored, as in the C.UTF-8 locale. */
#include "builtins/builtins.h"

#include <math.h>
#include <string.h>

enum { SC_NONE, SC_SI, SC_IEC, SC_IEC_I, SC_AUTO };
enum { R_UP, R_DOWN, R_FROM_ZERO, R_TOWARDS_ZERO, R_NEAREST };
enum { INV_ABORT, INV_FAIL, INV_WARN, INV_IGNORE };
enum {
  O_FROM = BI_OPT_FIRST,
  O_TO,
  O_FROM_UNIT,
  O_TO_UNIT,
  O_SUFFIX,
  O_PADDING,
  O_FIELD,
  O_FORMAT,
  O_ROUND,
  O_INVALID,
  O_HEADER,
  O_GROUPING
};

static const bi_option numfmt_longopts[] = {
    {"delimiter", BI_ARG_REQUIRED, 'd', NULL},
    {"field", BI_ARG_REQUIRED, O_FIELD, NULL},
    {"format", BI_ARG_REQUIRED, O_FORMAT, NULL},
    {"from", BI_ARG_REQUIRED, O_FROM, NULL},
    {"from-unit", BI_ARG_REQUIRED, O_FROM_UNIT, NULL},
    {"grouping", BI_ARG_NONE, O_GROUPING, NULL},
    {"header", BI_ARG_OPTIONAL, O_HEADER, NULL},
    {"invalid", BI_ARG_REQUIRED, O_INVALID, NULL},
    {"padding", BI_ARG_REQUIRED, O_PADDING, NULL},
    {"round", BI_ARG_REQUIRED, O_ROUND, NULL},
    {"suffix", BI_ARG_REQUIRED, O_SUFFIX, NULL},
    {"to", BI_ARG_REQUIRED, O_TO, NULL},
    {"to-unit", BI_ARG_REQUIRED, O_TO_UNIT, NULL},
    {"zero-terminated", BI_ARG_NONE, 'z', NULL},
    {0}};

static const bi_cmd numfmt_cmd = {
    .name = "numfmt",
    .usage = "Usage: numfmt [OPTION]... [NUMBER]...\n",
    .about =
        "Reformat NUMBER(s), or the numbers from standard input if none are "
        "specified.\n"
        "\n"
        "  -d, --delimiter=X    use X instead of whitespace for field "
        "delimiter\n"
        "      --field=FIELDS   replace the numbers in these input fields\n"
        "      --format=FORMAT  use printf style floating-point FORMAT\n"
        "      --from=UNIT      auto-scale input numbers to UNITs\n"
        "      --from-unit=N    specify the input unit size (instead of 1)\n"
        "      --header[=N]     print (without converting) the first N "
        "header lines\n"
        "      --invalid=MODE   failure mode for invalid numbers: abort, "
        "fail, warn, ignore\n"
        "      --padding=N      pad the output to N characters\n"
        "      --round=METHOD   up, down, from-zero (default), "
        "towards-zero, nearest\n"
        "      --suffix=SUFFIX  add SUFFIX to output numbers\n"
        "      --to=UNIT        auto-scale output numbers to UNITs\n"
        "      --to-unit=N      the output unit size (instead of 1)\n"
        "  -z, --zero-terminated    line delimiter is NUL, not newline\n",
    .shortopts = "d:z",
    .longopts = numfmt_longopts,
};

typedef struct nf_state {
  bi_ctx *b;
  int from, to, round, invalid;
  long double from_unit, to_unit;
  const char *suffix;
  long padding; /* 0 = auto (keep a field's width when it had blanks) */
  int delim;    /* -1 = blanks */
  char eol;
  /* --format pieces */
  const char *fmt_pre, *fmt_post;
  size_t fmt_pre_len;
  int fmt_width, user_prec;
  bool fmt_left, fmt_zero;
  /* --field ranges, 1-based inclusive; hi 0 = to the end */
  size_t *lo, *hi, nranges;
  bool failed;
} nf_state;

static const char units[] = "KMGTPEZY";

static long double rnd(long double v, int mode) {
  switch (mode) {
  case R_UP: return ceill(v);
  case R_DOWN: return floorl(v);
  case R_TOWARDS_ZERO: return truncl(v);
  case R_NEAREST: return roundl(v);
  default: return v < 0 ? floorl(v) : ceill(v);
  }
}

/* Parses tok[0..n) per --from; false after reporting the problem. */
static bool parse_number(nf_state *s, const char *tok, size_t n,
                         long double *out, int *prec) {
  size_t i = 0, digits = 0, frac = 0;
  bool neg = false, dot = false;
  long double v = 0, scale = 1;
  if (i < n && tok[i] == '-') neg = true, i++;
  for (; i < n; i++) {
    char c = tok[i];
    if (c == '.' && !dot) {
      dot = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    if (dot) {
      scale /= 10;
      v += (c - '0') * scale;
      frac++;
    } else {
      v = v * 10 + (c - '0');
      digits++;
    }
  }
  if (!digits && !frac) {
    if (s->invalid != INV_IGNORE)
      bi_err(s->b, "invalid number: \u2018%.*s\u2019", (int)n, tok);
    return false;
  }
  if (digits > 27) {
    if (s->invalid != INV_IGNORE)
      bi_err(s->b, "value too large to be converted: \u2018%.*s\u2019", (int)n,
             tok);
    return false;
  }
  *prec = (int)frac;
  if (i < n) {
    const char *u = strchr(units, tok[i]);
    if (!u || !tok[i]) {
      if (s->invalid != INV_IGNORE)
        bi_err(s->b, "invalid suffix in input: \u2018%.*s\u2019", (int)n, tok);
      return false;
    }
    if (s->from == SC_NONE) {
      if (s->invalid != INV_IGNORE)
        bi_err(s->b,
               "rejecting suffix in input: \u2018%.*s\u2019 (consider using "
               "--from)",
               (int)n, tok);
      return false;
    }
    int power = (int)(u - units) + 1;
    bool has_i = i + 1 < n && tok[i + 1] == 'i';
    long double base = 1000;
    if (s->from == SC_IEC || s->from == SC_IEC_I ||
        (s->from == SC_AUTO && has_i))
      base = 1024;
    if (s->from == SC_IEC_I && !has_i) {
      if (s->invalid != INV_IGNORE)
        bi_err(s->b,
               "missing 'i' suffix in input: \u2018%.*s\u2019 (e.g Ki/Mi/Gi)",
               (int)n, tok);
      return false;
    }
    size_t used =
        i + 1 + ((s->from == SC_IEC_I || s->from == SC_AUTO) && has_i);
    if (used < n) {
      if (s->invalid != INV_IGNORE)
        bi_err(s->b,
               "invalid suffix in input \u2018%.*s\u2019: \u2018%.*s\u2019",
               (int)n, tok, (int)(n - used), tok + used);
      return false;
    }
    while (power--) v *= base;
    *prec = 0;
  }
  *out = (neg ? -v : v) * s->from_unit;
  return true;
}

/* The number as GNU prints it (before --format padding): unscaled with
 * the input's precision, or scaled with one decimal below 10. */
static int render(nf_state *s, long double v, int in_prec, vsh_buf *out) {
  v /= s->to_unit;
  if (s->to == SC_NONE) {
    int prec = s->user_prec >= 0 ? s->user_prec : in_prec;
    long double p10 = powl(10, prec);
    v = rnd(v * p10, s->round) / p10;
    return vsh__buf_printf(out, "%.*Lf", prec, v);
  }
  long double base = s->to == SC_SI ? 1000 : 1024;
  int power = 0;
  while (fabsl(v) >= base && power < 8) v /= base, power++;
  int adjust = 0;
  if (s->user_prec >= 0)
    adjust = power * 3 < s->user_prec ? power * 3 : s->user_prec;
  else if (fabsl(v) < 10) adjust = 1;
  long double p10 = powl(10, adjust);
  v = rnd(v * p10, s->round) / p10;
  if (fabsl(v) >= base && power < 8) v /= base, power++;
  if (fabsl(v) >= base) {
    bi_err(s->b,
           "value too large to be printed: '%Lg' (consider using "
           "--to)",
           v);
    return VSH_ERANGE;
  }
  bool point = v != 0 && fabsl(v) < 10 && power > 0;
  int prec = s->user_prec >= 0 ? s->user_prec : point ? 1 : 0;
  int rc = vsh__buf_printf(out, "%.*Lf", prec, v);
  if (!rc && power) rc = vsh__buf_putc(out, units[power - 1]);
  if (!rc && power && s->to == SC_IEC_I) rc = vsh__buf_putc(out, 'i');
  return rc;
}

static int pad_to(vsh_buf *out, const char *t, size_t n, long width, bool left,
                  bool zero) {
  size_t w = (size_t)(width < 0 ? -width : width);
  if (width < 0) left = true;
  size_t fill = n < w ? w - n : 0;
  int rc = 0;
  if (!left && zero && n && t[0] == '-') {
    rc = vsh__buf_putc(out, '-');
    t++, n--;
  }
  if (!left)
    for (size_t i = 0; i < fill && !rc; i++)
      rc = vsh__buf_putc(out, zero ? '0' : ' ');
  if (!rc) rc = vsh__buf_append(out, t, n);
  if (left)
    for (size_t i = 0; i < fill && !rc; i++) rc = vsh__buf_putc(out, ' ');
  return rc;
}

/* Converts one field token; on an invalid number the token is kept. */
static int convert(nf_state *s, const char *tok, size_t n, size_t width,
                   vsh_buf *out, bool *bad) {
  size_t sl = s->suffix ? strlen(s->suffix) : 0;
  size_t core = n;
  if (sl && n >= sl && !memcmp(tok + n - sl, s->suffix, sl)) core -= sl;
  long double v;
  int prec;
  if (!parse_number(s, tok, core, &v, &prec)) {
    *bad = true;
    return vsh__buf_append(out, tok, n);
  }
  vsh_buf num = {0};
  int rc = render(s, v, prec, &num);
  if (rc == VSH_ERANGE) {
    *bad = true;
    vsh_buf_dispose(&num);
    return vsh__buf_append(out, tok, n);
  }
  if (!rc && sl) rc = vsh__buf_append(&num, s->suffix, sl);
  if (!rc && s->fmt_pre) rc = vsh__buf_append(out, s->fmt_pre, s->fmt_pre_len);
  const char *t = num.data ? num.data : "";
  if (rc) {
  } else if (s->fmt_width && s->fmt_zero && !s->fmt_left) {
    /* GNU zero-fills the digits only; the unit letters follow */
    size_t digits = strspn(t, "-0123456789.");
    rc = pad_to(out, t, digits, s->fmt_width, false, true);
    if (!rc) rc = vsh__buf_append(out, t + digits, num.len - digits);
  } else if (s->fmt_width) {
    rc = pad_to(out, t, num.len, s->fmt_width, s->fmt_left, false);
  } else if (s->padding) {
    rc = pad_to(out, t, num.len, s->padding, false, false);
  } else {
    /* GNU's auto-padding: a field that came with leading blanks keeps
     * its overall width */
    rc = pad_to(out, t, num.len, (long)width, false, false);
  }
  if (!rc && s->fmt_post) rc = vsh__buf_puts(out, s->fmt_post);
  vsh_buf_dispose(&num);
  return rc;
}

static bool wanted(const nf_state *s, size_t f) {
  for (size_t i = 0; i < s->nranges; i++)
    if (f >= s->lo[i] && (!s->hi[i] || f <= s->hi[i])) return true;
  return false;
}

static bool is_blank(char c) { return c == ' ' || c == '\t'; }

/* Converts one line (without its terminator) into out.  Returns 0, or
 * 1 when an invalid number aborts the run. */
static int process_line(nf_state *s, const char *p, size_t n, vsh_buf *out) {
  bool bad = false;
  size_t i = 0, field = 0;
  int rc = 0;
  while (i <= n && !rc) {
    field++;
    size_t start = i, tok;
    if (s->delim >= 0) {
      tok = i;
      while (i < n && (unsigned char)p[i] != s->delim) i++;
    } else {
      if (i == n) break;
      while (i < n && is_blank(p[i])) i++;
      tok = i;
      while (i < n && !is_blank(p[i])) i++;
    }
    if (wanted(s, field)) {
      /* the blanks before a field become auto-padding (GNU) */
      bool had_blanks = tok > start;
      bool was_bad = bad;
      size_t mark = out->len;
      rc = convert(s, p + tok, i - tok, had_blanks ? i - start : 0, out, &bad);
      if (!rc && bad && !was_bad) {
        out->len = mark; /* an invalid field stays as it was */
        rc = vsh__buf_append(out, p + start, i - start);
      }
    } else {
      rc = vsh__buf_append(out, p + start, i - start);
    }
    if (s->delim >= 0) {
      if (i < n && !rc) rc = vsh__buf_putc(out, (char)s->delim);
      i++;
    }
    if (bad && s->invalid == INV_ABORT) return 1;
  }
  if (bad) s->failed = true;
  return rc;
}

static bool parse_long(const char *a, long *out) {
  char *end;
  if (!*a) return false;
  long v = strtol(a, &end, 10);
  if (*end) return false;
  *out = v;
  return true;
}

static int scale_arg(bi_ctx *b, const char *opt, const char *a, bool from) {
  static const char *const names[] = {"none", "si", "iec", "iec-i", "auto"};
  for (int i = 0; i < (from ? 5 : 4); i++)
    if (!strcmp(a, names[i])) return i;
  bi_err(b, "invalid argument \u2018%s\u2019 for \u2018%s\u2019", a, opt);
  bi_errline(b, "Valid arguments are:");
  for (int i = 0; i < (from ? 5 : 4); i++)
    bi_errline(b, "  - \u2018%s\u2019", names[i]);
  return -1;
}

/* --format: [prefix]%[0]['][-][N][.N]f[suffix] */
static bool parse_format(nf_state *s, const char *f) {
  const char *p = f;
  while (*p && !(p[0] == '%' && p[1] != '%')) p += p[0] == '%' ? 2 : 1;
  if (!*p) return false;
  s->fmt_pre = f;
  s->fmt_pre_len = (size_t)(p - f);
  p++;
  for (;; p++) {
    if (*p == '0') s->fmt_zero = true;
    else if (*p == '-') s->fmt_left = true;
    else if (*p != '\'') break;
  }
  while (*p >= '0' && *p <= '9')
    s->fmt_width = s->fmt_width * 10 + (*p++ - '0');
  if (*p == '.') {
    p++;
    s->user_prec = 0;
    while (*p >= '0' && *p <= '9')
      s->user_prec = s->user_prec * 10 + (*p++ - '0');
  }
  if (*p != 'f') return false;
  s->fmt_post = p + 1;
  return true;
}

/* --field: N, N-M, -M, N-, comma separated; "-" = all */
static int parse_fields(bi_ctx *b, nf_state *s, const char *a) {
  size_t cap = 1;
  for (const char *p = a; *p; p++) cap += *p == ',';
  s->lo = vsh__arena_alloc(b->arena, cap * sizeof(size_t));
  s->hi = vsh__arena_alloc(b->arena, cap * sizeof(size_t));
  if (!s->lo || !s->hi) return VSH_ENOMEM;
  s->nranges = 0;
  for (const char *p = a;;) {
    size_t lo = 0, hi = 0;
    bool dash = false, have_lo = false, have_hi = false;
    while (*p >= '0' && *p <= '9')
      lo = lo * 10 + (size_t)(*p++ - '0'), have_lo = true;
    if (*p == '-') {
      dash = true;
      p++;
      while (*p >= '0' && *p <= '9')
        hi = hi * 10 + (size_t)(*p++ - '0'), have_hi = true;
    }
    if ((*p && *p != ',') || (!have_lo && !dash)) {
      bi_err(b, "invalid field value \u2018%s\u2019", a);
      bi_try_help(b);
      return VSH_EINVAL;
    }
    if ((have_lo && lo == 0) || (have_hi && hi == 0)) {
      bi_err(b, "fields are numbered from 1");
      bi_try_help(b);
      return VSH_EINVAL;
    }
    s->lo[s->nranges] = have_lo ? lo : 1;
    s->hi[s->nranges++] = dash ? (have_hi ? hi : 0) : lo;
    if (!*p) return 0;
    p++;
  }
}

static int emit(nf_state *s, const char *p, size_t n, vsh_buf *out) {
  vsh__buf_clear(out);
  int rc = process_line(s, p, n, out);
  if (rc == 1) return 1;
  if (!rc) rc = vsh__buf_putc(out, s->eol);
  if (!rc) rc = bi_write(s->b, out->data, out->len);
  return rc;
}

/* The option loop: -1 to go on, else the exit status.  deflo/defhi
 * are the default field range "--field -" goes back to. */
static int numfmt_options(bi_ctx *b, bi_opts *g, nf_state *s, long *header,
                          size_t *deflo, size_t *defhi) {
  long l;
  int c;
  bool grouping = false;
  while ((c = bi_opt(b, g, &numfmt_cmd)) != -1) {
    switch (c) {
    case 'd':
      if (strlen(g->arg) > 1) {
        bi_err(b, "the delimiter must be a single character");
        return 1;
      }
      s->delim = (unsigned char)g->arg[0];
      break;
    case 'z': s->eol = '\0'; break;
    case O_FROM:
      if ((s->from = scale_arg(b, "--from", g->arg, true)) < 0)
        return bi_usage_error(b, &numfmt_cmd, NULL);
      break;
    case O_TO:
      if ((s->to = scale_arg(b, "--to", g->arg, false)) < 0)
        return bi_usage_error(b, &numfmt_cmd, NULL);
      break;
    case O_FROM_UNIT:
    case O_TO_UNIT:
      if (!parse_long(g->arg, &l) || l <= 0) {
        bi_err(b, "invalid unit size: \u2018%s\u2019", g->arg);
        return 1;
      }
      if (c == O_FROM_UNIT) s->from_unit = l;
      else s->to_unit = l;
      break;
    case O_SUFFIX: s->suffix = g->arg; break;
    case O_GROUPING: grouping = true; break; /* C locales group nothing */
    case O_PADDING:
      if (!parse_long(g->arg, &s->padding) || !s->padding) {
        bi_err(b, "invalid padding value \u2018%s\u2019", g->arg);
        return 1;
      }
      break;
    case O_FIELD:
      if (!strcmp(g->arg, "-")) {
        defhi[0] = 0;
        s->lo = deflo;
        s->hi = defhi;
        s->nranges = 1;
      } else if (parse_fields(b, s, g->arg)) {
        return 1;
      }
      break;
    case O_FORMAT:
      if (!parse_format(s, g->arg)) {
        bi_err(b,
               "invalid format \u2018%s\u2019, directive must be "
               "%%[0]['][-][N][.][N]f",
               g->arg);
        return 1;
      }
      break;
    case O_ROUND: {
      static const char *const r[] = {"up", "down", "from-zero", "towards-zero",
                                      "nearest"};
      s->round = -1;
      for (int i = 0; i < 5; i++)
        if (!strcmp(g->arg, r[i])) s->round = i;
      if (s->round < 0) {
        bi_err(b, "invalid argument \u2018%s\u2019 for \u2018--round\u2019",
               g->arg);
        bi_errline(b, "Valid arguments are:");
        for (int i = 0; i < 5; i++) bi_errline(b, "  - \u2018%s\u2019", r[i]);
        return bi_usage_error(b, &numfmt_cmd, NULL);
      }
      break;
    }
    case O_INVALID: {
      static const char *const m[] = {"abort", "fail", "warn", "ignore"};
      s->invalid = -1;
      for (int i = 0; i < 4; i++)
        if (!strcmp(g->arg, m[i])) s->invalid = i;
      if (s->invalid < 0) {
        bi_err(b, "invalid argument \u2018%s\u2019 for \u2018--invalid\u2019",
               g->arg);
        bi_errline(b, "Valid arguments are:");
        for (int i = 0; i < 4; i++) bi_errline(b, "  - \u2018%s\u2019", m[i]);
        return bi_usage_error(b, &numfmt_cmd, NULL);
      }
      break;
    }
    case O_HEADER:
      *header = 1;
      if (g->arg && (!parse_long(g->arg, header) || *header <= 0)) {
        bi_err(b, "invalid header value \u2018%s\u2019", g->arg);
        return 1;
      }
      break;
    default: return g->status;
    }
  }
  if (grouping && s->to) {
    bi_err(b, "grouping cannot be combined with --to");
    return 1;
  }
  return -1;
}

int bi_numfmt_main(bi_ctx *b) {
  size_t deflo[1] = {1}, defhi[1] = {1}; /* field 1 unless --field */
  nf_state s = {.b = b,
                .round = R_FROM_ZERO,
                .from_unit = 1,
                .to_unit = 1,
                .delim = -1,
                .eol = '\n',
                .user_prec = -1,
                .lo = deflo,
                .hi = defhi,
                .nranges = 1};
  long header = 0;
  bi_opts g = {0};
  int st = numfmt_options(b, &g, &s, &header, deflo, defhi);
  if (st >= 0) return st;
  vsh_buf out = {0};
  int rc = 0;
  if (g.noperands) {
    for (int k = 0; k < g.noperands && !rc; k++)
      rc = emit(&s, g.operands[k], strlen(g.operands[k]), &out);
  } else {
    bi_reader rd;
    bi_reader_init(&rd, b, b->in);
    const char *p;
    size_t n;
    while (!rc && (rc = bi_read_line(&rd, s.eol, &p, &n)) == 1) {
      bool had_eol = n && p[n - 1] == s.eol;
      if (had_eol) n--;
      if (header > 0) {
        header--;
        rc = bi_write(b, p, n + had_eol);
        if (!rc && !had_eol) rc = bi_write(b, &s.eol, 1);
      } else {
        rc = emit(&s, p, n, &out);
      }
    }
    if (rc < 0 && rc != VSH_EPIPE && rc != VSH_EABORTED)
      bi_err(b, "%s", vsh_strerror(rc));
    bi_reader_dispose(&rd);
  }
  vsh_buf_dispose(&out);
  if (rc == VSH_EPIPE) return 141;
  if (rc) return rc == 1 ? 2 : 1;
  return s.failed && s.invalid != INV_WARN && s.invalid != INV_IGNORE ? 2 : 0;
}
