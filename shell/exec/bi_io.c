/* bi_io.c: the output builtins echo and printf (bash's flags, escapes and
 * format reuse); their escape decoder, shared with ${x@E}, is sh_unescape
 * (expand/quote.c). */
#include "shell/exec/exec_int.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int bi_echo_main(bi_ctx *b) {
  bool newline = true, esc = b->sh->opt.opts[SH_SHOPT_XPG_ECHO];
  int i = 1;
  for (; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (a[0] != '-' || !a[1]) break;
    bool ok = true;
    for (const char *p = a + 1; *p; p++)
      if (!strchr("neE", *p)) ok = false;
    if (!ok) break;
    for (const char *p = a + 1; *p; p++) {
      if (*p == 'n') newline = false;
      if (*p == 'e') esc = true;
      if (*p == 'E') esc = false;
    }
  }
  vsh_buf out = {0};
  bool stop = false;
  for (int k = i; k < b->argc && !stop; k++) {
    if (k > i) vsh__buf_putc(&out, ' ');
    if (esc)
      sh_unescape(&out, b->argv[k], strlen(b->argv[k]), SH_ESC_ECHO, &stop);
    else vsh__buf_puts(&out, b->argv[k]);
  }
  if (newline && !stop) vsh__buf_putc(&out, '\n');
  int rc = bi_write(b, out.data ? out.data : "", out.len);
  vsh_buf_dispose(&out);
  if (rc == VSH_EPIPE) return 141;
  return rc ? 1 : 0;
}

/* ---- printf -------------------------------------------------------------- */

typedef struct pf {
  bi_ctx *b;
  char **args;
  int nargs, next;
  int status;
  bool used_arg;
  vsh_buf *out;   /* the output so far; written out before a message, */
  bool to_stdout; /* as bash's stdout is, unless printf -v */
  int wrc;        /* a failed write (EPIPE) */
} pf;

/* A message on stderr after the complete lines of output made so far, as
 * bash orders them (its stdout is line-buffered: a partial line is still
 * held when the message goes out). */
static void pf_err(pf *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void pf_err(pf *p, const char *fmt, ...) {
  const char *nl = p->to_stdout && p->out && p->out->len && !p->wrc
                       ? memrchr(p->out->data, '\n', p->out->len)
                       : NULL;
  if (nl) {
    size_t n = (size_t)(nl - p->out->data) + 1;
    p->wrc = bi_write(p->b, p->out->data, n);
    memmove(p->out->data, p->out->data + n, p->out->len - n);
    p->out->len -= n;
  }
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  bi_err(p->b, "%s", msg);
}

static const char *next_arg(pf *p) {
  if (p->next < p->nargs) {
    p->used_arg = true;
    return p->args[p->next++];
  }
  return NULL;
}

/* Numbers as bash's printf reads them: C integer syntax (0x, 0 octal),
 * 'c for a code point; out-of-range values saturate with a warning (the
 * status stays 0, as in bash); unsigned conversions take the value
 * modulo 2^64 like strtoull. */
static int64_t num_arg_u(pf *p, const char *s, bool *ok, bool is_unsigned) {
  *ok = true;
  if (!s || !*s) return 0;
  if (s[0] == '\'' || s[0] == '"') {
    if (!s[1]) return 0; /* a lone quote: code point 0 */
    int32_t cp;
    vsh__utf8_decode(s + 1, strlen(s + 1), &cp);
    return cp < 0 ? (unsigned char)s[1] : cp;
  }
  errno = 0;
  char *end;
  int64_t v;
  const char *t = s;
  while (*t == ' ' || *t == '\t') t++;
  if (is_unsigned) {
    unsigned long long u = strtoull(t, &end, 0);
    v = (int64_t)u;
  } else {
    v = strtoll(t, &end, 0);
  }
  if (*end || end == t) {
    pf_err(p, "%s: invalid number", s);
    p->status = 1;
    *ok = false;
  } else if (errno == ERANGE) {
    pf_err(p, "warning: %s: %s", s, "Numerical result out of range");
  }
  return v;
}

static int64_t num_arg(pf *p, const char *s, bool *ok) {
  return num_arg_u(p, s, ok, false);
}

static void quote_arg(vsh_buf *out, const char *s) {
  sh_quote_backslash(out, s);
}

/* One pass over the format; returns false when \c stopped output. */
/* A field of w bytes fits the string limit; otherwise the exec ends with
 * that limit (126), before anything is produced. */
static bool width_fits(pf *p, uint64_t w, uint64_t most) {
  if (!most || w <= most) return true;
  sh_exec_limit(p->b->sh->ex, "string length limit exceeded (%llu bytes)",
                (unsigned long long)most);
  p->status = 1;
  return false;
}

static int pad_with(vsh_buf *out, char c, size_t n) {
  if (!n) return 0;
  int rc = vsh__buf_reserve(out, n);
  if (rc) return rc;
  memset(out->data + out->len, c, n);
  out->len += n;
  return 0;
}

static bool pf_pass(pf *p, const char *fmt, vsh_buf *out) {
  size_t n = strlen(fmt);
  for (size_t i = 0; i < n; i++) {
    char ch = fmt[i];
    if (ch == '\\') {
      size_t j = i + 1;
      /* bash prints \c of the format as it is (only %b's argument stops) */
      /* find the escape's extent by decoding one */
      size_t len = 2;
      if (j < n && fmt[j] >= '0' && fmt[j] <= '7') {
        len = 1;
        while (len < 4 && j + len - 1 < n && fmt[j + len - 1] >= '0' &&
               fmt[j + len - 1] <= '7')
          len++;
      } else if (j < n && fmt[j] == 'x') {
        len = 2;
        while (len < 4 && j + len - 1 < n &&
               strchr("0123456789abcdefABCDEF", fmt[j + len - 1]) &&
               fmt[j + len - 1])
          len++;
      } else if (j < n && (fmt[j] == 'u' || fmt[j] == 'U')) {
        size_t max = fmt[j] == 'u' ? 5 : 9;
        len = 2;
        while (len < max + 1 && j + len - 1 < n &&
               strchr("0123456789abcdefABCDEF", fmt[j + len - 1]) &&
               fmt[j + len - 1])
          len++;
      }
      if (i + len > n) len = n - i;
      sh_unescape(out, fmt + i, len, SH_ESC_PLAIN, NULL);
      i += len - 1;
      continue;
    }
    if (ch != '%') {
      vsh__buf_putc(out, ch);
      continue;
    }
    if (i + 1 < n && fmt[i + 1] == '%') {
      vsh__buf_putc(out, '%');
      i++;
      continue;
    }
    /* %[flags][width][.prec]conv */
    char spec[64];
    size_t k = 0;
    spec[k++] = '%';
    size_t j = i + 1;
    /* ' (thousands grouping) groups nothing in the C/UTF-8 locales */
    while (j < n && strchr("-+ #0'", fmt[j]) && k < 20) {
      if (fmt[j] != '\'') spec[k++] = fmt[j];
      j++;
    }
    /* A width or precision is refused up front when it passes the string
     * limit: the output could never be held, and producing it first would
     * run past the deadline. */
    uint64_t most = p->b->sh->ex->limits.max_string;
    if (j < n && fmt[j] == '*') {
      bool ok;
      int64_t w = num_arg(p, next_arg(p), &ok);
      if (!width_fits(p, w < 0 ? -(uint64_t)w : (uint64_t)w, most))
        return false;
      k += (size_t)snprintf(spec + k, sizeof(spec) - k, "%lld", (long long)w);
      j++;
    } else {
      uint64_t w = 0;
      while (j < n && fmt[j] >= '0' && fmt[j] <= '9') {
        w = w > UINT64_MAX / 10 ? UINT64_MAX
                                : w * 10 + (uint64_t)(fmt[j] - '0');
        if (k < 40) spec[k++] = fmt[j];
        j++;
      }
      if (!width_fits(p, w, most)) return false;
    }
    if (j < n && fmt[j] == '.') {
      spec[k++] = fmt[j++];
      if (j < n && fmt[j] == '*') {
        bool ok;
        int64_t pr = num_arg(p, next_arg(p), &ok);
        if (pr > 0 && !width_fits(p, (uint64_t)pr, most)) return false;
        if (pr < 0) k--; /* a negative precision is taken as omitted */
        else
          k += (size_t)snprintf(spec + k, sizeof(spec) - k, "%lld",
                                (long long)pr);
        j++;
      } else {
        uint64_t pr = 0;
        while (j < n && fmt[j] >= '0' && fmt[j] <= '9') {
          pr = pr > UINT64_MAX / 10 ? UINT64_MAX
                                    : pr * 10 + (uint64_t)(fmt[j] - '0');
          if (k < 50) spec[k++] = fmt[j];
          j++;
        }
        if (!width_fits(p, pr, most)) return false;
      }
    }
    while (j < n && strchr("hlLjzt", fmt[j])) j++; /* length modifiers */
    if (j >= n) {
      pf_err(p, "`%s': missing format character", fmt + i);
      p->status = 1;
      return true;
    }
    if (fmt[j] == '(') {
      /* %(strftime)T: the argument is an epoch (-1 now, -2 shell start) */
      const char *close = strchr(fmt + j, ')');
      if (!close || close[1] != 'T') {
        pf_err(p, "`%c': invalid time format specification", '(');
        p->status = 1;
        return true;
      }
      char tfmt[256];
      size_t tl = (size_t)(close - (fmt + j) - 1);
      if (tl >= sizeof(tfmt)) tl = sizeof(tfmt) - 1;
      memcpy(tfmt, fmt + j + 1, tl);
      tfmt[tl] = 0;
      const char *a = next_arg(p);
      bool ok;
      int64_t t = a && *a ? num_arg(p, a, &ok) : -1;
      if (t < 0) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        t = ts.tv_sec;
      }
      struct tm tm;
      sh_localtime(p->b->sh, t, &tm);
      char tbuf[256];
      /* bash's buffer holds 128 bytes with the NUL: longer gives nothing */
      size_t got = strftime(tbuf, 128, tfmt, &tm);
      if (got == 0) tbuf[0] = 0;
      spec[k++] = 's';
      spec[k] = 0;
      char outb[1024];
      int len2 = snprintf(outb, sizeof(outb), spec, tbuf);
      if (len2 > 0)
        vsh__buf_append(out, outb,
                        (size_t)len2 < sizeof(outb) ? (size_t)len2
                                                    : sizeof(outb) - 1);
      i = (size_t)(close + 1 - fmt);
      continue;
    }
    char conv = fmt[j];
    i = j;
    const char *arg = NULL;
    int64_t num_val = 0;
    double dbl_val = 0;
    char tmp[4096];
    int len = 0;
    switch (conv) {
    case 's':
    case 'b':
    case 'q':
    case 'Q': {
      arg = next_arg(p);
      if (!arg) arg = "";
      spec[k++] = 's';
      spec[k] = 0;
      /* precision/width on bytes, as bash */
      long long w = -1, prec = -1;
      bool left = false;
      const char *sp = spec + 1;
      while (*sp && strchr("-+ #0", *sp)) {
        if (*sp == '-') left = true;
        sp++;
      }
      if (*sp >= '0' && *sp <= '9') w = strtoll(sp, NULL, 10);
      while (*sp >= '0' && *sp <= '9') sp++;
      if (*sp == '.') prec = strtoll(sp + 1, NULL, 10);
      vsh_buf v = {0};
      bool stop = false;
      if (conv == 'b') sh_unescape(&v, arg, strlen(arg), SH_ESC_PCT_B, &stop);
      else if (conv == 'q') quote_arg(&v, arg);
      else if (conv == 'Q') { /* %Q: the precision cuts the argument first */
        size_t al = strlen(arg);
        char *cut = strndup(arg, prec >= 0 && (unsigned long long)prec < al
                                     ? (size_t)prec
                                     : al);
        if (cut) quote_arg(&v, cut);
        free(cut);
        prec = -1;
      } else vsh__buf_puts(&v, arg);
      char *fmtd = NULL;
      vsh_buf tmpb = {0};
      vsh__buf_append(&tmpb, v.data ? v.data : "", v.len);
      size_t sl = tmpb.len;
      if (prec >= 0 && (unsigned long long)prec < sl) sl = (size_t)prec;
      size_t pad = w > 0 && (unsigned long long)w > sl ? (size_t)w - sl : 0;
      if (!left && pad_with(out, ' ', pad)) return false;
      vsh__buf_append(out, tmpb.data ? tmpb.data : "", sl);
      if (left && pad_with(out, ' ', pad)) return false;
      vsh_buf_dispose(&tmpb);
      vsh_buf_dispose(&v);
      free(fmtd);
      if (stop) return false;
      continue;
    }
    case 'c': {
      arg = next_arg(p);
      spec[k++] = 'c';
      spec[k] = 0;
      len = snprintf(tmp, sizeof(tmp), spec, arg && *arg ? arg[0] : 0);
      if (arg && !*arg) len = snprintf(tmp, sizeof(tmp), "%s", "");
      break;
    }
    case 'd':
    case 'i': {
      bool ok;
      int64_t v = num_arg(p, next_arg(p), &ok);
      num_val = v;
      spec[k++] = 'l';
      spec[k++] = 'l';
      spec[k++] = 'd';
      spec[k] = 0;
      len = snprintf(tmp, sizeof(tmp), spec, (long long)v);
      break;
    }
    case 'o':
    case 'u':
    case 'x':
    case 'X': {
      bool ok;
      int64_t v = num_arg_u(p, next_arg(p), &ok, true);
      num_val = v;
      spec[k++] = 'l';
      spec[k++] = 'l';
      spec[k++] = conv;
      spec[k] = 0;
      len = snprintf(tmp, sizeof(tmp), spec, (unsigned long long)v);
      break;
    }
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A': {
      /* long double, as bash: printf '%.20f' 0.1 and '%a' 1 agree */
      const char *s = next_arg(p);
      long double v = 0;
      if (s && *s) {
        char *end;
        v = strtold(s, &end);
        if (*end) {
          pf_err(p, "%s: invalid number", s);
          p->status = 1;
        }
      }
      spec[k++] = 'L';
      spec[k++] = conv;
      spec[k] = 0;
      dbl_val = v;
      len = snprintf(tmp, sizeof(tmp), spec, v);
      break;
    }
    default:
      pf_err(p, "`%c': invalid format character", conv);
      p->status = 1;
      return true;
    }
    if (len >= (int)sizeof(tmp)) {
      /* a wide field: format again into a buffer that holds it */
      if (vsh__buf_reserve(out, (size_t)len + 1)) return false;
      switch (conv) {
      case 'c':
        len = snprintf(out->data + out->len, (size_t)len + 1, spec,
                       arg && *arg ? arg[0] : 0);
        break;
      case 'd':
      case 'i':
        len = snprintf(out->data + out->len, (size_t)len + 1, spec,
                       (long long)num_val);
        break;
      case 'o':
      case 'u':
      case 'x':
      case 'X':
        len = snprintf(out->data + out->len, (size_t)len + 1, spec,
                       (unsigned long long)num_val);
        break;
      default:
        len = snprintf(out->data + out->len, (size_t)len + 1, spec, dbl_val);
        break;
      }
      if (len > 0) out->len += (size_t)len;
    } else if (len > 0) {
      vsh__buf_append(out, tmp, (size_t)len);
    }
  }
  return true;
}

/* NAME[SUB]: the name copied out, *sub and *sublen the subscript; false
 * for a plain name. */
static bool named_elem(const char *var, char name[256], const char **sub,
                       size_t *sublen) {
  const char *br = strchr(var, '[');
  size_t vl = strlen(var);
  if (!br || var[vl - 1] != ']' || (size_t)(br - var) > 255) return false;
  size_t nl = (size_t)(br - var);
  memcpy(name, var, nl);
  name[nl] = 0;
  *sub = br + 1;
  *sublen = vl - nl - 2;
  return true;
}

const char *sh__get_named(sh_ctx *c, const char *var) {
  char name[256];
  const char *sub;
  size_t sl;
  if (!named_elem(var, name, &sub, &sl)) return sh_var_get(c, var);
  sh_var *v = sh_var_find(c, name);
  if (!v) return NULL;
  if (v->attrs & SH_VAR_ASSOC)
    return sh_assoc_get(v, sh_subscript_key(c, sub, sl));
  int64_t ix;
  if (sh_arith(c, sub, sl, &ix)) return NULL;
  if (!(v->attrs & SH_VAR_ARRAY)) return ix == 0 ? sh_var_get(c, name) : NULL;
  return sh_array_get(v, ix);
}

int sh__set_named(sh_ctx *c, const char *var, const char *val) {
  char name[256];
  const char *sub;
  size_t sl;
  if (!named_elem(var, name, &sub, &sl)) return sh_var_set(c, var, val, false);
  sh_var *v = sh_var_find(c, name);
  if (v && (v->attrs & SH_VAR_ASSOC))
    return sh_var_set_elem(c, name, sh_subscript_key(c, sub, sl), 0, val,
                           false);
  int64_t ix;
  int rc = sh_arith(c, sub, sl, &ix);
  if (!rc) rc = sh_var_set_elem(c, name, NULL, ix, val, false);
  return rc;
}

int bi_printf_main(bi_ctx *b) {
  const char *var = NULL;
  sh_bopt o = {0};
  for (int f; (f = sh_bopt_next(b, &o, "v:"));) {
    if (f < 0) return 2;
    var = o.arg;
  }
  int i = o.ind;
  if (i >= b->argc) {
    sh__builtin_usage(b);
    return 2;
  }
  const char *fmt = b->argv[i++];
  vsh_buf out = {0};
  pf p = {.b = b,
          .args = b->argv + i,
          .nargs = b->argc - i,
          .next = 0,
          .out = &out,
          .to_stdout = var == NULL};
  for (;;) {
    p.used_arg = false;
    if (!pf_pass(&p, fmt, &out)) break;
    if (p.next >= p.nargs || !p.used_arg) break;
    if (sh_exec_cancelled(b->sh->ex)) break;
  }
  int rc = 0;
  if (var) {
    char *s = strndup(out.data ? out.data : "", out.len);
    const char *br = strchr(var, '[');
    if (!s) {
      rc = VSH_ENOMEM;
    } else if (!sh_valid_name(var, br ? (size_t)(br - var) : strlen(var)) ||
               (br && var[strlen(var) - 1] != ']')) {
      bi_err(b, "`%s': not a valid identifier", var);
      free(s);
      vsh_buf_dispose(&out);
      return 2;
    } else {
      rc = sh__set_named(b->sh, var, s);
    }
    free(s);
    vsh_buf_dispose(&out);
    return rc ? 1 : p.status;
  }
  rc = p.wrc ? p.wrc : bi_write(b, out.data ? out.data : "", out.len);
  vsh_buf_dispose(&out);
  if (rc == VSH_EPIPE) return 141;
  return rc ? 1 : p.status;
}
