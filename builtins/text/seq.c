/* seq.c: print a sequence of numbers.  GNU forms: LAST, FIRST LAST,
 * FIRST INCR LAST; -s SEP, -w (equal width), -f FORMAT (one floating
 * directive).  Integers that fit 64 bits take an exact fast path; other
 * values use long double with value = first + i*incr, and a last value
 * that prints like LAST is kept (as GNU).  Output streams in blocks. */
#include "builtins/builtins.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const bi_option seq_longopts[] = {
    {"format", BI_ARG_REQUIRED, 'f',
     "=FORMAT use printf style floating-point FORMAT"},
    {"separator", BI_ARG_REQUIRED, 's',
     "=STRING use STRING to separate numbers (default: \\n)"},
    {"equal-width", BI_ARG_NONE, 'w',
     "equalize width by padding with leading zeroes"},
    {0}};

/* Options end at the first operand, so "seq -1 1" takes -1 as FIRST. */
static const bi_cmd seq_cmd = {
    .name = "seq",
    .usage = "Usage: seq [OPTION]... LAST\n  or:  seq [OPTION]... FIRST "
             "LAST\n  or:  seq [OPTION]... FIRST INCREMENT LAST\n",
    .about = "Print numbers from FIRST to LAST, in steps of INCREMENT.\n\n",
    .shortopts = "s:wf:",
    .longopts = seq_longopts,
    .flags = BI_CMD_POSIX,
    .help_col = 27,
};

typedef struct seq_out {
  bi_ctx *b;
  vsh_buf buf;
  const char *sep;
  bool first;
  int rc;
} seq_out;

/* Appends one number (with the separator before it); flushes in blocks. */
static bool put(seq_out *o, const char *s, size_t n) {
  if (!o->first) vsh__buf_puts(&o->buf, o->sep);
  o->first = false;
  vsh__buf_append(&o->buf, s, n);
  if (o->buf.len >= 65536) {
    o->rc = bi_write(o->b, o->buf.data, o->buf.len);
    o->buf.len = 0;
    if (o->rc) return false;
    if (bi_cancelled(o->b)) {
      o->rc = VSH_EABORTED;
      return false;
    }
  }
  return true;
}

static bool is_int(const char *s) {
  const char *p = s;
  if (*p == '+' || *p == '-') p++;
  if (!*p || strlen(p) > 17) return false;
  if (*s == '-' && !p[strspn(p, "0")]) return false; /* -0 prints "-0" */
  for (; *p; p++)
    if (!isdigit((unsigned char)*p)) return false;
  return true;
}

/* The width and precision an operand asks for, as GNU seq derives them
 * from its spelling: "003" is 3 wide, "1.50" has 2 decimals, "-.5" prints
 * as "-0.5", an exponent moves the point.  prec is -1 where GNU falls back
 * to %g (a hex float); width is 0 where it is not derived (hex, inf). */
typedef struct seq_shape {
  int width, prec;
} seq_shape;

static seq_shape shape_of(const char *arg, long double v) {
  while (isspace((unsigned char)*arg) || *arg == '+') arg++;
  const char *dot = strchr(arg, '.');
  seq_shape sh = {0, dot || strchr(arg, 'p') ? -1 : 0};
  if (strpbrk(arg, "xX") || !isfinite(v)) return sh;
  long width = (long)strlen(arg), frac = 0, prec = 0;
  if (dot) {
    frac = (long)strcspn(dot + 1, "eE");
    prec = frac;
    if (frac == 0) width--; /* "5." prints as "5" */
    else if (dot == arg || !isdigit((unsigned char)dot[-1]))
      width++; /* ".5" prints as "0.5" */
  }
  const char *e = strpbrk(arg, "eE");
  if (e) {
    long ex = strtol(e + 1, NULL, 10);
    if (ex > 100000) ex = 100000;
    if (ex < -100000) ex = -100000;
    width -= (long)strlen(e);
    if (ex < 0) {
      prec -= ex;
      if (!dot || e == dot + 1) width++;
      ex = -ex;
    } else {
      prec -= prec < ex ? prec : ex;
      if (dot && prec == 0 && frac) width--; /* no point printed */
      ex -= frac < ex ? frac : ex;
    }
    width += ex;
  }
  sh.width = width < 0 ? 0 : width > 100000 ? 100000 : (int)width;
  sh.prec = prec > 100000 ? 100000 : (int)prec;
  return sh;
}

static bool parse_num(bi_ctx *b, const char *s, long double *out) {
  char *end;
  const char *p = s;
  while (isspace((unsigned char)*p)) p++;
  *out = strtold(p, &end);
  if (end != p && !*end && isnan(*out)) { /* GNU names NaN apart */
    bi_err(b, "invalid " BI_LQ "not-a-number" BI_RQ " argument: %s",
           bi_cquote(b, s));
    bi_try_help(b);
    return false;
  }
  if (end == p || *end) {
    bi_err(b, "invalid floating point argument: %s", bi_cquote(b, s));
    bi_try_help(b);
    return false;
  }
  return true;
}

/* Checks -f's FORMAT and rewrites its directive for a long double. */
static char *check_format(bi_ctx *b, const char *fmt) {
  const char *dir = NULL;
  size_t dlen = 0;
  for (const char *p = fmt; *p; p++) {
    if (*p != '%') continue;
    if (p[1] == '%') {
      p++;
      continue;
    }
    const char *q = p + 1;
    q += strspn(q, "-+ #0'");
    while (isdigit((unsigned char)*q)) q++;
    if (*q == '.') {
      q++;
      while (isdigit((unsigned char)*q)) q++;
    }
    if (dir) {
      bi_err(b, "format " BI_LQ "%s" BI_RQ " has too many %% directives", fmt);
      return NULL;
    }
    if (!*q || !strchr("aAeEfFgG", *q)) {
      if (!*q) bi_err(b, "format " BI_LQ "%s" BI_RQ " ends in %%", fmt);
      else
        bi_err(b, "format " BI_LQ "%s" BI_RQ " has unknown %%%c directive", fmt,
               *q);
      return NULL;
    }
    dir = p;
    dlen = (size_t)(q - p);
    p = q;
  }
  if (!dir) {
    bi_err(b, "format " BI_LQ "%s" BI_RQ " has no %% directive", fmt);
    return NULL;
  }
  size_t n = strlen(fmt);
  char *out = vsh__arena_alloc(b->arena, n + 2);
  if (!out) return NULL;
  size_t pre = (size_t)(dir - fmt) + dlen;
  memcpy(out, fmt, pre);
  out[pre] = 'L';
  memcpy(out + pre + 1, fmt + pre, n - pre + 1);
  return out;
}

/* Decimal digits of v into tmp (no padding): seq's hot path. */
static int fmt_ll(char *tmp, long long v) {
  char rev[24];
  int n = 0;
  unsigned long long u =
      v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
  do {
    rev[n++] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  int k = 0;
  if (v < 0) tmp[k++] = '-';
  while (n) tmp[k++] = rev[--n];
  return k;
}

/* seq's common case, a count up by one from a non-negative FIRST: the
 * digits are incremented in place (no division per number) and written
 * straight into the output block. */
static int seq_count_up(seq_out *o, long long first, long long last,
                        int width) {
  char num[32];
  int end = (int)sizeof(num), beg = end - fmt_ll(num, first);
  memmove(num + beg, num, (size_t)(end - beg));
  while (end - beg < width) num[--beg] = '0';
  size_t seplen = strlen(o->sep);
  for (long long v = first;; v++) {
    size_t need = (size_t)(end - beg) + seplen;
    if (vsh__buf_reserve(&o->buf, need)) return VSH_ENOMEM;
    char *d = o->buf.data + o->buf.len;
    if (!o->first) {
      memcpy(d, o->sep, seplen);
      d += seplen;
    }
    memcpy(d, num + beg, (size_t)(end - beg));
    o->buf.len = (size_t)(d - o->buf.data) + (size_t)(end - beg);
    o->first = false;
    if (o->buf.len >= 65536) {
      o->rc = bi_write(o->b, o->buf.data, o->buf.len);
      o->buf.len = 0;
      if (!o->rc && bi_cancelled(o->b)) o->rc = VSH_EABORTED;
      if (o->rc) return o->rc;
    }
    if (v >= last) break;
    int i = end - 1;
    while (i >= beg && num[i] == '9') num[i--] = '0';
    if (i >= beg) num[i]++;
    else num[--beg] = '1';
  }
  return 0;
}

static int seq_int(seq_out *o, long long first, long long step, long long last,
                   int width) {
  char tmp[64];
  if (step == 1 && first >= 0)
    return first > last ? 0 : seq_count_up(o, first, last, width);
  for (long long v = first; step > 0 ? v <= last : v >= last;) {
    int n =
        width ? snprintf(tmp, sizeof(tmp), "%0*lld", width, v) : fmt_ll(tmp, v);
    if (!put(o, tmp, (size_t)n)) return o->rc;
    if ((step > 0 && v > LLONG_MAX - step) ||
        (step < 0 && v < LLONG_MIN - step))
      break;
    v += step;
  }
  return 0;
}

static int seq_float(seq_out *o, long double first, long double step,
                     long double last, const char *fmt) {
  vsh_buf cur = {0}, prev = {0};
  int rc = 0;
  for (unsigned long long i = 0;; i++) {
    long double v = i ? first + (long double)i * step : first; /* -0 */
    bool past = step > 0 ? v > last : v < last;
    vsh__buf_clear(&cur);
    if (vsh__buf_printf(&cur, fmt, v) < 0 || !cur.data) {
      rc = VSH_ENOMEM;
      break;
    }
    /* a value past LAST by rounding is still printed when it reads back
     * as LAST and prints unlike the one before it (as GNU) */
    if (past) {
      char *end;
      long double back = strtold(cur.data, &end);
      if (i == 0 || end == cur.data || *end || back != last ||
          (prev.data && !strcmp(cur.data, prev.data)))
        break;
    }
    if (!put(o, cur.data, cur.len)) {
      rc = o->rc;
      break;
    }
    if (past || isinf(v) || step == 0) break;
    vsh__buf_clear(&prev);
    if (vsh__buf_append(&prev, cur.data, cur.len + 1)) {
      rc = VSH_ENOMEM;
      break;
    }
  }
  vsh_buf_dispose(&cur);
  vsh_buf_dispose(&prev);
  return rc;
}

/* GNU's exact path for integers of any size: the number is a decimal
 * string incremented in place by step (1 to 200); last NULL counts up
 * forever (LAST inf).  Returns 1 when the general path must run instead
 * (FIRST > LAST). */
static int seq_big(seq_out *o, const char *first, unsigned step,
                   const char *last) {
  while (first[0] == '0' && first[1]) first++;
  while (last && last[0] == '0' && last[1]) last++;
  size_t fl = strlen(first), ll = last ? strlen(last) : 0;
  if (last && (fl > ll || (fl == ll && strcmp(first, last) > 0))) return 1;
  size_t cap = (ll > fl ? ll : fl) + 32;
  char *num = malloc(cap);
  if (!num) return VSH_ENOMEM;
  size_t beg = cap - fl;
  memcpy(num + beg, first, fl);
  int rc = 0;
  for (;;) {
    if (!put(o, num + beg, cap - beg)) {
      rc = o->rc;
      break;
    }
    unsigned carry = step;
    for (size_t i = cap; carry && i > beg;) {
      i--;
      unsigned d = (unsigned)(num[i] - '0') + carry;
      num[i] = (char)('0' + d % 10);
      carry = d / 10;
    }
    for (; carry; carry /= 10) {
      if (beg == 0) { /* grow to the left */
        char *g = malloc(cap * 2);
        if (!g) {
          rc = VSH_ENOMEM;
          break;
        }
        memcpy(g + cap, num, cap);
        free(num);
        num = g;
        beg = cap;
        cap *= 2;
      }
      num[--beg] = (char)('0' + carry % 10);
    }
    if (rc) break;
    size_t nl = cap - beg;
    if (last && (nl > ll || (nl == ll && memcmp(num + beg, last, ll) > 0)))
      break;
  }
  free(num);
  return rc;
}

static bool all_digits(const char *s) {
  if (!*s) return false;
  for (; *s; s++)
    if (!isdigit((unsigned char)*s)) return false;
  return true;
}

static int seq_run(bi_ctx *b);

int bi_seq_main(bi_ctx *b) {
  /* A negative number is an operand, not an option: end the options
   * before it (skipping the values of -s and -f). */
  char **argv2 =
      vsh__arena_alloc(b->arena, ((size_t)b->argc + 2) * sizeof(char *));
  if (!argv2) return 1;
  int argc2 = 0;
  bool ended = false;
  for (int i = 0; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (i > 0 && !ended) {
      if (a[0] != '-' || !a[1]) {
        ended = true; /* options stop at the first operand ("+" below) */
      } else if (!strcmp(a, "--")) {
        ended = true;
      } else if (a[0] == '-' && (isdigit((unsigned char)a[1]) || a[1] == '.')) {
        argv2[argc2++] = (char *)"--";
        ended = true;
      } else if ((!strcmp(a, "-s") || !strcmp(a, "-f") ||
                  !strcmp(a, "--separator") || !strcmp(a, "--format")) &&
                 i + 1 < b->argc) {
        argv2[argc2++] = (char *)a;
        a = b->argv[++i];
      }
    }
    argv2[argc2++] = (char *)a;
  }
  argv2[argc2] = NULL;
  char **saved_argv = b->argv;
  int saved_argc = b->argc;
  b->argv = argv2;
  b->argc = argc2;
  int st = seq_run(b);
  b->argv = saved_argv;
  b->argc = saved_argc;
  return st;
}

static int seq_run(bi_ctx *b) {
  const char *sep = "\n", *fmt = NULL;
  bool equal = false;
  bi_opts g = {0};
  int ch;
  while ((ch = bi_opt(b, &g, &seq_cmd)) != -1) {
    switch (ch) {
    case 's': sep = g.arg; break;
    case 'w': equal = true; break;
    case 'f': fmt = g.arg; break;
    default: return g.status;
    }
  }
  int n = g.noperands;
  char **ops = g.operands;
  if (n == 0) return bi_usage_error(b, &seq_cmd, "missing operand");
  if (n > 3)
    return bi_usage_error(b, &seq_cmd, "extra operand %s",
                          bi_cquote(b, ops[3]));
  if (fmt && equal)
    return bi_usage_error(b, &seq_cmd,
                          "format string may not be specified "
                          "when printing equal width strings");
  const char *sfirst = n > 1 ? ops[0] : "1";
  const char *sstep = n > 2 ? ops[1] : "1";
  const char *slast = ops[n - 1];
  long double first, step, last;
  if (!parse_num(b, sfirst, &first) || !parse_num(b, sstep, &step)) return 1;
  /* as GNU, a zero step is refused before the last value is read */
  if (step == 0)
    return bi_usage_error(b, &seq_cmd, "invalid Zero increment value: %s",
                          bi_cquote(b, sstep));
  if (!parse_num(b, slast, &last)) return 1;
  seq_out o = {.b = b, .sep = sep, .first = true};
  int rc = 1;
  /* GNU counts exactly when the operands are (or print as) non-negative
   * integers, the step 1 to 200, with no -f or -w and a one-byte
   * separator; small ones take the 64-bit path below, to the same end */
  bool all_int = is_int(sfirst) && is_int(sstep) && is_int(slast);
  if (!fmt && !equal && strlen(sep) == 1 && step >= 1 && step <= 200 &&
      !all_int) {
    if (all_digits(sfirst) && all_digits(slast) && (n < 3 || all_digits(sstep)))
      rc = seq_big(&o, sfirst, (unsigned)step, slast);
    if (rc == 1 && !shape_of(sfirst, first).prec &&
        !shape_of(sstep, step).prec && !shape_of(slast, last).prec &&
        isfinite(first) && first >= 0 && !(isinf(last) && last < 0)) {
      vsh_buf f1 = {0}, f2 = {0};
      vsh__buf_printf(&f1, "%.0Lf", first);
      if (!isinf(last)) vsh__buf_printf(&f2, "%.0Lf", last);
      if (!f1.data || (!isinf(last) && !f2.data)) rc = VSH_ENOMEM;
      else if (f1.data[0] != '-' && (!f2.data || f2.data[0] != '-'))
        rc = seq_big(&o, f1.data, (unsigned)step, f2.data);
      vsh_buf_dispose(&f1);
      vsh_buf_dispose(&f2);
    }
  }
  if (rc != 1) goto out;
  seq_shape shf = shape_of(sfirst, first), shs = shape_of(sstep, step),
            shl = shape_of(slast, last);
  if (!fmt && is_int(sfirst) && is_int(sstep) && is_int(slast)) {
    long long f = strtoll(sfirst, NULL, 10), s = strtoll(sstep, NULL, 10),
              l = strtoll(slast, NULL, 10);
    int width = 0;
    if (equal) width = shf.width > shl.width ? shf.width : shl.width;
    rc = seq_int(&o, f, s, l, width);
  } else {
    char *f = NULL;
    if (fmt) {
      f = check_format(b, fmt);
      if (!f) return 1;
    } else {
      int prec = shf.prec < 0 || shs.prec < 0 ? -1
                 : shf.prec > shs.prec        ? shf.prec
                                              : shs.prec;
      char tmp[64];
      if (prec < 0 || shl.prec < 0) {
        snprintf(tmp, sizeof(tmp), "%%Lg");
      } else if (equal) {
        long fw = (long)shf.width + (prec - shf.prec);
        long lw = (long)shl.width + (prec - shl.prec);
        if (shl.prec && !prec) lw--; /* LAST's point is not printed */
        if (!shl.prec && prec) lw++; /* ... or is */
        if (!shf.prec && prec) fw++;
        snprintf(tmp, sizeof(tmp), "%%0%ld.%dLf", fw > lw ? fw : lw, prec);
      } else {
        snprintf(tmp, sizeof(tmp), "%%.%dLf", prec);
      }
      f = vsh__arena_strndup(b->arena, tmp, strlen(tmp));
      if (!f) return 1;
    }
    rc = seq_float(&o, first, step, last, f);
  }
out:
  if (!rc && !o.first) vsh__buf_putc(&o.buf, '\n');
  if (!rc && o.buf.len) rc = bi_write(b, o.buf.data, o.buf.len);
  vsh_buf_dispose(&o.buf);
  if (rc == VSH_EPIPE) return 141;
  return rc ? 1 : 0;
}
