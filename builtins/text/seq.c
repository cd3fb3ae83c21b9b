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
  for (; *p; p++)
    if (!isdigit((unsigned char)*p)) return false;
  return true;
}

/* Digits after the point, less a positive exponent ("1.25e1" -> 1). */
static int precision_of(const char *s) {
  if (strpbrk(s, "xX")) return 0;
  const char *dot = strchr(s, '.');
  const char *e = strpbrk(s, "eE");
  int frac = 0;
  if (dot) frac = (int)((e && e > dot ? e : s + strlen(s)) - dot - 1);
  if (e) frac -= atoi(e + 1);
  return frac > 0 ? frac : 0;
}

static bool parse_num(bi_ctx *b, const char *s, long double *out) {
  char *end;
  const char *p = s;
  while (isspace((unsigned char)*p)) p++;
  *out = strtold(p, &end);
  if (end != p && !*end && isnan(*out)) { /* GNU names NaN apart */
    bi_err(b, "invalid " BI_LQ "not-a-number" BI_RQ " argument: " BI_LQ "%s" BI_RQ, s);
    bi_try_help(b);
    return false;
  }
  if (end == p || *end) {
    bi_err(b, "invalid floating point argument: " BI_LQ "%s" BI_RQ, s);
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
      if (!*q)
        bi_err(b, "format " BI_LQ "%s" BI_RQ " ends in %%", fmt);
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
  unsigned long long u = v < 0 ? 0ull - (unsigned long long)v
                               : (unsigned long long)v;
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

static int seq_int(seq_out *o, long long first, long long step,
                   long long last, int width) {
  char tmp[64];
  if (step == 1 && first >= 0)
    return first > last ? 0 : seq_count_up(o, first, last, width);
  for (long long v = first; step > 0 ? v <= last : v >= last;) {
    int n = width ? snprintf(tmp, sizeof(tmp), "%0*lld", width, v)
                  : fmt_ll(tmp, v);
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
  char tmp[512], lastbuf[512];
  snprintf(lastbuf, sizeof(lastbuf), fmt, last);
  for (unsigned long long i = 0;; i++) {
    long double v = first + (long double)i * step;
    bool past = step > 0 ? v > last : v < last;
    int n = snprintf(tmp, sizeof(tmp), fmt, v);
    if (n < 0) return VSH_EINVAL;
    if ((size_t)n >= sizeof(tmp)) n = (int)sizeof(tmp) - 1;
    /* a value past LAST by rounding only is still printed when it looks
     * the same as LAST */
    if (past && (i == 0 || strcmp(tmp, lastbuf))) break;
    if (!put(o, tmp, (size_t)n)) return o->rc;
    if (past || isinf(v) || step == 0) break;
  }
  return 0;
}

static int seq_run(bi_ctx *b);

int bi_seq_main(bi_ctx *b) {
  /* A negative number is an operand, not an option: end the options
   * before it (skipping the values of -s and -f). */
  char **argv2 = vsh__arena_alloc(b->arena, ((size_t)b->argc + 2) * sizeof(char *));
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
      } else if (a[0] == '-' &&
                 (isdigit((unsigned char)a[1]) || a[1] == '.')) {
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
    return bi_usage_error(b, &seq_cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          ops[3]);
  if (fmt && equal)
    return bi_usage_error(b, &seq_cmd, "format string may not be specified "
                                       "when printing equal width strings");
  const char *sfirst = n > 1 ? ops[0] : "1";
  const char *sstep = n > 2 ? ops[1] : "1";
  const char *slast = ops[n - 1];
  long double first, step, last;
  if (!parse_num(b, sfirst, &first) || !parse_num(b, sstep, &step) ||
      !parse_num(b, slast, &last))
    return 1;
  if (step == 0)
    return bi_usage_error(b, &seq_cmd,
                          "invalid Zero increment value: " BI_LQ "%s" BI_RQ,
                          sstep);
  seq_out o = {.b = b, .sep = sep, .first = true};
  int rc;
  if (!fmt && is_int(sfirst) && is_int(sstep) && is_int(slast)) {
    long long f = strtoll(sfirst, NULL, 10), s = strtoll(sstep, NULL, 10),
              l = strtoll(slast, NULL, 10);
    int width = 0;
    if (equal) {
      char t1[32], t2[32];
      int w1 = snprintf(t1, sizeof(t1), "%lld", f);
      int w2 = snprintf(t2, sizeof(t2), "%lld", l);
      width = w1 > w2 ? w1 : w2;
    }
    rc = seq_int(&o, f, s, l, width);
  } else {
    char *f = NULL;
    if (fmt) {
      f = check_format(b, fmt);
      if (!f) return 1;
    } else {
      int p1 = precision_of(sfirst), p2 = precision_of(sstep);
      int prec = p1 > p2 ? p1 : p2;
      char tmp[64];
      if (equal) {
        char a[512], c[512];
        snprintf(a, sizeof(a), "%.*Lf", prec, first);
        snprintf(c, sizeof(c), "%.*Lf", prec, last);
        size_t w = strlen(a) > strlen(c) ? strlen(a) : strlen(c);
        snprintf(tmp, sizeof(tmp), "%%0%zu.%dLf", w, prec);
      } else {
        snprintf(tmp, sizeof(tmp), "%%.%dLf", prec);
      }
      f = vsh__arena_strndup(b->arena, tmp, strlen(tmp));
      if (!f) return 1;
    }
    rc = seq_float(&o, first, step, last, f);
  }
  if (!rc && !o.first) vsh__buf_putc(&o.buf, '\n');
  if (!rc && o.buf.len) rc = bi_write(b, o.buf.data, o.buf.len);
  vsh_buf_dispose(&o.buf);
  if (rc == VSH_EPIPE) return 141;
  return rc ? 1 : 0;
}
