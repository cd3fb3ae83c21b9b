/* funcs.c: awk's builtin functions, printf formatting and regexes.
 * awk's regex dialect (ERE with awk escapes, gawk's \y \< \> \s \w) is
 * rewritten into core/regex's ERE; dynamic regexes are cached by their
 * text.  String positions count characters under the UTF-8 locale, as
 * gawk does in C.UTF-8 (invalid bytes count one each). */
#include "builtins/awk/awk_int.h"
#include "core/tz.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* ---- regexes ------------------------------------------------------------ */

/* Rewrites an awk regex to core/regex ERE. */
static void translate(const char *s, size_t n, vsh_buf *o) {
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == '[') {
      /* bracket expression: awk allows escapes inside */
      size_t j = i + 1;
      bool neg = false;
      if (j < n && s[j] == '^') {
        neg = true;
        j++;
      }
      vsh_buf items = {0};
      bool lit_rb = false, lit_dash = false, lit_caret = false, lit_bs = false;
      bool first = true, closed = false;
      while (j < n) {
        char d = s[j];
        if (d == ']' && !first) {
          closed = true;
          break;
        }
        if (d == ']' && first) {
          lit_rb = true;
          j++;
          first = false;
          continue;
        }
        first = false;
        if (d == '[' && j + 1 < n &&
            (s[j + 1] == ':' || s[j + 1] == '.' || s[j + 1] == '=')) {
          char kind = s[j + 1];
          size_t k = j + 2;
          while (k + 1 < n && !(s[k] == kind && s[k + 1] == ']')) k++;
          if (k + 1 < n) {
            vsh__buf_append(&items, s + j, k + 2 - j);
            j = k + 2;
            continue;
          }
        }
        if (d == '\\' && j + 1 < n) {
          char e = s[j + 1];
          j += 2;
          char lit;
          switch (e) {
          case 'n': lit = '\n'; break;
          case 't': lit = '\t'; break;
          case 'r': lit = '\r'; break;
          case 'f': lit = '\f'; break;
          case 'v': lit = '\v'; break;
          case 'a': lit = '\a'; break;
          case 'b': lit = '\b'; break;
          default: lit = e;
          }
          if (lit == ']') lit_rb = true;
          else if (lit == '-') lit_dash = true;
          else if (lit == '^') lit_caret = true;
          else if (lit == '\\') lit_bs = true;
          else vsh__buf_putc(&items, lit);
          continue;
        }
        if (d == '-' && (j + 1 >= n || s[j + 1] == ']')) {
          lit_dash = true;
          j++;
          continue;
        }
        if (d == '^' && items.len == 0 && !lit_rb) {
          lit_caret = true;
          j++;
          continue;
        }
        vsh__buf_putc(&items, d);
        j++;
      }
      if (!closed) {
        /* let the engine report the unmatched bracket */
        vsh__buf_append(o, s + i, n - i);
        vsh_buf_dispose(&items);
        return;
      }
      vsh__buf_putc(o, '[');
      if (neg) vsh__buf_putc(o, '^');
      if (lit_rb) vsh__buf_putc(o, ']');
      if (items.len) vsh__buf_append(o, items.data, items.len);
      if (lit_bs) vsh__buf_puts(o, "\\\\");
      if (lit_caret) vsh__buf_putc(o, '^');
      if (lit_dash) vsh__buf_putc(o, '-');
      if (!lit_rb && !items.len && !lit_bs && !lit_dash) {
        if (lit_caret) {
          /* [^] alone would be a negation: write it as a class */
        }
      }
      vsh__buf_putc(o, ']');
      vsh_buf_dispose(&items);
      i = j;
      continue;
    }
    if (c == '\\' && i + 1 < n) {
      char e = s[++i];
      char lit = 0;
      switch (e) {
      case 'n': lit = '\n'; break;
      case 't': lit = '\t'; break;
      case 'r': lit = '\r'; break;
      case 'f': lit = '\f'; break;
      case 'v': lit = '\v'; break;
      case 'a': lit = '\a'; break;
      case '/': lit = '/'; break;
      case '"': lit = '"'; break;
      case 'y': vsh__buf_puts(o, "\\b"); continue;
      case 'B':
      case '<':
      case '>':
      case 'w':
      case 'W':
      case 's':
      case 'S':
      case '`':
      case '\'':
        vsh__buf_putc(o, '\\');
        vsh__buf_putc(o, e);
        continue;
      default:
        if (e >= '0' && e <= '7') {
          int v = e - '0', k = 1;
          while (k < 3 && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '7') {
            v = v * 8 + (s[++i] - '0');
            k++;
          }
          lit = (char)v;
          break;
        }
        /* \. \\ \[ ... : an escaped character stands for itself */
        if (strchr(".[]()*+?{}|^$\\", e)) {
          vsh__buf_putc(o, '\\');
          vsh__buf_putc(o, e);
        } else {
          vsh__buf_putc(o, e);
        }
        continue;
      }
      if (strchr(".[]()*+?{}|^$\\", lit)) vsh__buf_putc(o, '\\');
      vsh__buf_putc(o, lit);
      continue;
    }
    vsh__buf_putc(o, c);
  }
}

awk_regex *awk_regex_new(awk_rt *rt, const char *s, size_t n, bool dynamic) {
  (void)dynamic;
  awk_regex *r = calloc(1, sizeof(*r));
  if (!r) {
    awk_nomem(rt);
    return NULL;
  }
  vsh_buf t = {0};
  translate(s, n, &t);
  vsh_buf err = {0};
  int rc = vsh__regex_compile(&r->re, t.data ? t.data : "", t.len,
                              VSH_RE_EXTENDED, &err);
  if (rc) {
    if (rc == VSH_ENOMEM) awk_nomem(rt);
    else
      awk_fatal(rt, "invalid regexp: %s: /%.*s/", err.data ? err.data : "error",
                (int)n, s);
    vsh_buf_dispose(&t);
    vsh_buf_dispose(&err);
    free(r);
    return NULL;
  }
  vsh_buf_dispose(&err);
  r->src = t.data ? t.data : strdup("");
  r->len = t.len;
  /* a plain string (maybe anchored) is found with memmem: much faster
   * than the regex machine, same answer */
  if (r->src && r->len && !memchr(r->src, 0, r->len)) {
    const char *p = r->src;
    size_t n = r->len;
    int kind = 1;
    if (p[0] == '^') kind = 2, p++, n--;
    else if (n > 1 && p[n - 1] == '$' && p[n - 2] != '\\') kind = 3, n--;
    if (n && strcspn(p, "\\^$.[]*+?(){}|") >= n) {
      r->lit = kind;
      r->litp = (char *)p;
      r->litn = n;
    }
  }
  if (!r->lit && r->src && r->len && !memchr(r->src, '|', r->len) &&
      !memchr(r->src, 0, r->len)) {
    const char *p = r->src;
    bool anch = p[0] == '^';
    if (anch) p++;
    size_t k = strcspn(p, "\\^$.[]*+?(){}|");
    /* a quantifier binds the last literal character */
    if (k && p[k] && strchr("*+?{", p[k])) k--;
    if (k) {
      r->prep = (char *)p;
      r->pren = k;
      r->pre_anch = anch;
    }
  }
  if (!r->src) {
    vsh__regex_free(r->re);
    free(r);
    awk_nomem(rt);
    return NULL;
  }
  return r;
}

void awk_regex_free(awk_regex *r) {
  if (!r) return;
  vsh__regex_free(r->re);
  if (r->re_icase) vsh__regex_free(r->re_icase);
  free(r->src);
  free(r);
}

awk_regex *awk_dyn_regex(awk_rt *rt, awk_val *v) {
  awk_str *s = awk_to_str(rt, v);
  for (int i = 0; i < AWK_RCACHE; i++) {
    awk_rcache *c = &rt->rcache[i];
    if (c->key && c->key->len == s->len && !memcmp(c->key->s, s->s, s->len))
      return c->re;
  }
  awk_regex *re = awk_regex_new(rt, s->s, s->len, true);
  if (!re) return NULL;
  awk_rcache *c = &rt->rcache[rt->rcache_next++ % AWK_RCACHE];
  awk_str_unref(c->key);
  awk_regex_free(c->re);
  c->key = awk_str_ref(s);
  c->re = re;
  return re;
}

/* First occurrence of p[0..m) in s[0..n): memchr on the first byte, then
 * memcmp (short needles in short lines: faster than memmem's set-up). */
static const char *find_lit(const char *s, size_t n, const char *p, size_t m) {
  if (m > n) return NULL;
  const char *end = s + n - m + 1;
  for (const char *q = s; q < end;) {
    q = memchr(q, p[0], (size_t)(end - q));
    if (!q) return NULL;
    if (!memcmp(q + 1, p + 1, m - 1)) return q;
    q++;
  }
  return NULL;
}

int awk_re_exec(awk_rt *rt, awk_regex *re, const char *s, size_t n,
                size_t start, unsigned eflags, vsh_regmatch *m, size_t nm) {
  vsh_regex *x = re->re;
  if (re->lit && !rt->icase) {
    const char *f = NULL;
    if (re->lit == 1) {
      f = start <= n ? find_lit(s + start, n - start, re->litp, re->litn)
                     : NULL;
    } else if (re->lit == 2) {
      if (start == 0 && !(eflags & VSH_RE_NOTBOL) && n >= re->litn &&
          !memcmp(s, re->litp, re->litn))
        f = s;
    } else if (!(eflags & VSH_RE_NOTEOL) && n >= re->litn &&
               n - re->litn >= start &&
               !memcmp(s + n - re->litn, re->litp, re->litn)) {
      f = s + n - re->litn;
    }
    if (!f) return 0;
    m[0].so = f - s;
    m[0].eo = m[0].so + (int64_t)re->litn;
    for (size_t k = 1; k < nm; k++) m[k].so = m[k].eo = -1;
    return 1;
  }
  if (re->pren && !rt->icase) {
    if (re->pre_anch) {
      if (start != 0 || (eflags & VSH_RE_NOTBOL) || n < re->pren ||
          memcmp(s, re->prep, re->pren))
        return 0;
    } else if (start > n ||
               !find_lit(s + start, n - start, re->prep, re->pren)) {
      return 0;
    }
  }
  if (rt->icase) {
    if (!re->re_icase) {
      int rc = vsh__regex_compile(&re->re_icase, re->src, re->len,
                                  VSH_RE_EXTENDED | VSH_RE_ICASE, NULL);
      if (rc) {
        awk_nomem(rt);
        return -1;
      }
    }
    x = re->re_icase;
  }
  rt->budget.steps = VSH_RE_DEFAULT_STEPS;
  int rc = vsh__regex_exec(x, s, n, start, eflags, m, nm, &rt->budget);
  if (rc < 0) {
    if (rc == VSH_ELIMIT) awk_fatal(rt, "regex too complex");
    else if (rc == VSH_ENOMEM) awk_nomem(rt);
    else {
      rt->jump = J_FATAL;
      rt->exit_status = 2;
    }
  }
  return rc;
}

static awk_regex *arg_regex(awk_rt *rt, awk_node *a) {
  if (a->op == N_ERE) return a->re;
  awk_val v = awk_eval(rt, a);
  awk_regex *re = rt->jump ? NULL : awk_dyn_regex(rt, &v);
  awk_val_free(&v);
  return re;
}

/* ---- printf ------------------------------------------------------------------ */

/* Byte length of the first k characters of s (all when fewer). */
static size_t char_prefix(awk_rt *rt, const char *s, size_t n, size_t k) {
  if (!rt->utf8) return k < n ? k : n;
  size_t i = 0;
  while (i < n && k) {
    int32_t cp;
    int l = vsh__utf8_decode(s + i, n - i, &cp);
    i += l > 0 ? (size_t)l : 1;
    k--;
  }
  return i;
}

static int pad(vsh_buf *o, size_t k, char c) {
  for (size_t i = 0; i < k; i++)
    if (vsh__buf_putc(o, c)) return -1;
  return 0;
}

int awk_format(awk_rt *rt, vsh_buf *out, const char *fmt, size_t flen,
               awk_val *args, int nargs) {
  int ai = 0;
  char spec[64];
  char small[512];
  size_t at = 0; /* where the conversion being filled starts */
  for (size_t i = 0; i < flen; i++) {
    char c = fmt[i];
    if (c != '%') {
      vsh__buf_putc(out, c);
      continue;
    }
    size_t st = i++;
    at = st;
    if (i >= flen) {
      vsh__buf_putc(out, '%');
      break;
    }
    if (fmt[i] == '%') {
      vsh__buf_putc(out, '%');
      continue;
    }
    char flags[8];
    int nfl = 0;
    while (i < flen && strchr("-+ #0'", fmt[i])) {
      if (nfl < 7 && fmt[i] != '\'') flags[nfl++] = fmt[i];
      i++;
    }
    flags[nfl] = 0;
    bool left = strchr(flags, '-') != NULL;
    long width = -1, prec = -1;
    if (i < flen && fmt[i] == '*') {
      i++;
      if (ai >= nargs) goto few;
      double w = awk_to_num(rt, &args[ai++]);
      if (w < 0) {
        left = true;
        if (!strchr(flags, '-') && nfl < 7) {
          flags[nfl++] = '-';
          flags[nfl] = 0;
        }
        w = -w;
      }
      width = w > 1e15 ? (long)1e15 : (long)w;
    } else {
      while (i < flen && fmt[i] >= '0' && fmt[i] <= '9') {
        width = (width < 0 ? 0 : width) * 10 + (fmt[i] - '0');
        if (width > 1000000000L) width = 1000000000L;
        i++;
      }
    }
    if (i < flen && fmt[i] == '.') {
      i++;
      prec = 0;
      if (i < flen && fmt[i] == '*') {
        i++;
        if (ai >= nargs) goto few;
        double p = awk_to_num(rt, &args[ai++]);
        prec = p < 0 ? -1 : p > 1e15 ? (long)1e15 : (long)p;
      } else {
        while (i < flen && fmt[i] >= '0' && fmt[i] <= '9') {
          prec = prec * 10 + (fmt[i] - '0');
          if (prec > 1000000000L) prec = 1000000000L;
          i++;
        }
      }
    }
    /* length modifiers are accepted and ignored */
    while (i < flen && strchr("hlLqjzt", fmt[i])) i++;
    if (i >= flen) {
      vsh__buf_append(out, fmt + st, flen - st);
      break;
    }
    char conv = fmt[i];
    if (conv == '%') { /* "%5%": gawk prints a plain % */
      vsh__buf_putc(out, '%');
      continue;
    }
    if ((uint64_t)(width > 0 ? width : 0) + (uint64_t)(prec > 0 ? prec : 0) >
        rt->max_string) {
      awk_fatal(rt, "printf: width or precision exceeds the string limit");
      return -1;
    }
    if (!strchr("diouxXcseEfFgGaA", conv)) {
      /* not a conversion: gawk prints it as it stands */
      vsh__buf_append(out, fmt + st, i - st + 1);
      continue;
    }
    if (ai >= nargs) goto few;
    awk_val *v = &args[ai++];
    if (conv == 's' || conv == 'c') {
      const char *s;
      size_t n;
      char enc[8];
      if (conv == 'c') {
        if (v->type == AV_MAYBE) awk_classify(v);
        if (v->type == AV_NUM || v->type == AV_STRNUM || v->type == AV_UNINIT) {
          double d = awk_to_num(rt, v);
          long cp = (long)d;
          if (rt->utf8 && cp >= 128 && cp < 0x110000) {
            n = (size_t)vsh__utf8_encode((int32_t)cp, enc);
          } else {
            enc[0] = (char)cp;
            n = 1;
          }
          s = enc;
        } else {
          awk_str *str = awk_to_str(rt, v);
          s = str->s;
          n = char_prefix(rt, str->s, str->len, 1);
          if (!n) { /* gawk prints a NUL for "" */
            enc[0] = 0;
            s = enc;
            n = 1;
          }
        }
        prec = -1;
      } else {
        awk_str *str = awk_to_str(rt, v);
        s = str->s;
        n = str->len;
        if (prec >= 0) n = char_prefix(rt, s, n, (size_t)prec);
      }
      size_t chars = awk_char_count(rt, s, n);
      size_t w = width > 0 ? (size_t)width : 0;
      size_t padn = w > chars ? w - chars : 0;
      if (!left && pad(out, padn, strchr(flags, '0') && false ? '0' : ' '))
        goto oom;
      if (vsh__buf_append(out, s, n)) goto oom;
      if (left && pad(out, padn, ' ')) goto oom;
      continue;
    }
    double d = awk_to_num(rt, v);
    size_t need =
        (size_t)(width > 0 ? width : 0) + (size_t)(prec > 0 ? prec : 0) + 400;
    char *buf = need <= sizeof(small) ? small : malloc(need);
    if (!buf) goto oom;
    int k = 0;
    if (isnan(d) || isinf(d)) {
      /* gawk prints these signed, whatever the conversion and width */
      const char *txt =
          isnan(d) ? (signbit(d) ? "-nan" : "+nan") : (d < 0 ? "-inf" : "+inf");
      k = snprintf(buf, need, "%s", txt);
    } else if (strchr("diouxX", conv)) {
      if (conv == 'd' || conv == 'i') {
        double t = trunc(d);
        if (t >= -9.2e18 && t <= 9.2e18) {
          snprintf(spec, sizeof(spec),
                   "%%%s%s%s%s"
                   "lld",
                   flags, width >= 0 ? "*" : "", prec >= 0 ? "." : "",
                   prec >= 0 ? "*" : "");
          long long x = (long long)t;
          if (width >= 0 && prec >= 0)
            k = snprintf(buf, need, spec, (int)width, (int)prec, x);
          else if (width >= 0) k = snprintf(buf, need, spec, (int)width, x);
          else if (prec >= 0) k = snprintf(buf, need, spec, (int)prec, x);
          else k = snprintf(buf, need, spec, x);
        } else {
          snprintf(spec, sizeof(spec), "%%%s%s.0f", flags,
                   width >= 0 ? "*" : "");
          if (width >= 0) k = snprintf(buf, need, spec, (int)width, t);
          else k = snprintf(buf, need, spec, t);
        }
      } else {
        double t = trunc(d);
        unsigned long long x;
        bool big = false;
        if (t < 0 && t >= -9.2e18) x = (unsigned long long)(long long)t;
        else if (t >= 0 && t < 1.8e19) x = (unsigned long long)t;
        else big = true;
        if (big) {
          snprintf(spec, sizeof(spec), "%%%s%s.0f", flags,
                   width >= 0 ? "*" : "");
          if (width >= 0) k = snprintf(buf, need, spec, (int)width, t);
          else k = snprintf(buf, need, spec, t);
        } else {
          snprintf(spec, sizeof(spec), "%%%s%s%s%sll%c", flags,
                   width >= 0 ? "*" : "", prec >= 0 ? "." : "",
                   prec >= 0 ? "*" : "", conv);
          if (width >= 0 && prec >= 0)
            k = snprintf(buf, need, spec, (int)width, (int)prec, x);
          else if (width >= 0) k = snprintf(buf, need, spec, (int)width, x);
          else if (prec >= 0) k = snprintf(buf, need, spec, (int)prec, x);
          else k = snprintf(buf, need, spec, x);
        }
      }
    } else {
      snprintf(spec, sizeof(spec), "%%%s%s%s%s%c", flags, width >= 0 ? "*" : "",
               prec >= 0 ? "." : "", prec >= 0 ? "*" : "", conv);
      if (width >= 0 && prec >= 0)
        k = snprintf(buf, need, spec, (int)width, (int)prec, d);
      else if (width >= 0) k = snprintf(buf, need, spec, (int)width, d);
      else if (prec >= 0) k = snprintf(buf, need, spec, (int)prec, d);
      else k = snprintf(buf, need, spec, d);
    }
    if (k > 0) {
      size_t len = (size_t)k < need ? (size_t)k : need - 1;
      if (vsh__buf_append(out, buf, len)) {
        if (buf != small) free(buf);
        goto oom;
      }
    }
    if (buf != small) free(buf);
    if (out->len > rt->max_string) {
      awk_fatal(rt, "printf: output exceeds the string limit");
      return -1;
    }
  }
  return 0;
few:
  /* gawk points at the conversion that ran out (after the tab and the
   * opening quote) */
  awk_fatal(rt,
            "not enough arguments to satisfy format string\n\t`%.*s'\n"
            "\t%*s^ ran out for this one",
            (int)flen, fmt, (int)(at + 1), "");
  return -1;
oom:
  awk_nomem(rt);
  return -1;
}

/* ---- helpers ------------------------------------------------------------ */

static awk_val arg_val(awk_rt *rt, awk_node *a) { return awk_eval(rt, a); }

static double arg_num(awk_rt *rt, awk_node *a) {
  awk_val v = awk_eval(rt, a);
  double d = awk_to_num(rt, &v);
  awk_val_free(&v);
  return d;
}

/* The string value of an argument (a new reference). */
static awk_str *arg_str(awk_rt *rt, awk_node *a) {
  awk_val v = awk_eval(rt, a);
  awk_str *s = awk_to_str(rt, &v);
  awk_str_ref(s);
  awk_val_free(&v);
  return s;
}

static awk_cell *arg_cell(awk_rt *rt, awk_node *a) {
  if (a->op != N_VAR && a->op != N_LOCAL) return NULL;
  awk_cell *c = a->op == N_LOCAL ? &rt->locals[a->slot] : &rt->g[a->slot];
  while (c->kind == CELL_REF) c = c->ref;
  return c;
}

static awk_array *arg_array(awk_rt *rt, awk_node *a, const char *fn) {
  awk_cell *c = arg_cell(rt, a);
  if (!c) {
    awk_fatal(rt, "%s: argument is not an array", fn);
    return NULL;
  }
  if (c->kind == CELL_UNTYPED) {
    c->arr = awk_array_new();
    if (!c->arr) {
      awk_nomem(rt);
      return NULL;
    }
    c->kind = CELL_ARRAY;
  }
  if (c->kind != CELL_ARRAY) {
    awk_fatal(rt, "%s: argument is not an array", fn);
    return NULL;
  }
  return c->arr;
}

static awk_val str_result(awk_rt *rt, const char *s, size_t n) {
  return awk_strv(awk_str_new(rt, s, n));
}

/* Character index (1-based) of byte offset off in s. */
static double char_pos(awk_rt *rt, const char *s, size_t off) {
  return (double)awk_char_count(rt, s, off) + 1;
}

/* ---- sub, gsub, gensub ---------------------------------------------------- */

static int do_sub(awk_rt *rt, awk_regex *re, awk_str *repl, awk_str *target,
                  bool global, long which, bool gensub, vsh_buf *o) {
  const char *s = target->s;
  size_t n = target->len, pos = 0, copied = 0;
  int count = 0;
  long seen = 0;
  vsh_regmatch m[10];
  int64_t last_empty = -1;
  while (pos <= n) {
    int rc = awk_re_exec(rt, re, s, n, pos, pos ? VSH_RE_NOTBOL * 0 : 0, m,
                         gensub ? 10 : 1);
    if (rc < 0) return -1;
    if (rc == 0) break;
    size_t so = (size_t)m[0].so, eo = (size_t)m[0].eo;
    if (so == eo && (int64_t)so == last_empty) {
      /* an empty match right after the previous match: step on */
      if (so >= n) break;
      size_t k = 1;
      if (rt->utf8) {
        int32_t cp;
        int l = vsh__utf8_decode(s + so, n - so, &cp);
        k = l > 0 ? (size_t)l : 1;
      }
      pos = so + k;
      continue;
    }
    seen++;
    if (which <= 0 || seen == which) {
      vsh__buf_append(o, s + copied, so - copied);
      for (size_t i = 0; i < repl->len; i++) {
        char c = repl->s[i];
        if (c == '\\' && i + 1 < repl->len) {
          char d = repl->s[i + 1];
          if (gensub && d >= '0' && d <= '9') {
            int g = d - '0';
            if (m[g].so >= 0 && (size_t)g <= vsh__regex_nsub(re->re))
              vsh__buf_append(o, s + m[g].so, (size_t)(m[g].eo - m[g].so));
            i++;
            continue;
          }
          if (d == '&' || d == '\\') {
            vsh__buf_putc(o, d);
            i++;
            continue;
          }
          vsh__buf_putc(o, c);
          continue;
        }
        if (c == '&') {
          vsh__buf_append(o, s + so, eo - so);
          continue;
        }
        vsh__buf_putc(o, c);
      }
      copied = eo;
      count++;
      if (o->len > rt->max_string) {
        awk_fatal(rt, "substitution result exceeds the string limit");
        return -1;
      }
      if (!global && (which <= 0 || seen == which)) break;
    }
    if (eo == so) {
      if (so >= n) break;
      size_t k = 1;
      if (rt->utf8) {
        int32_t cp;
        int l = vsh__utf8_decode(s + so, n - so, &cp);
        k = l > 0 ? (size_t)l : 1;
      }
      vsh__buf_append(o, s + copied, so + k - copied);
      copied = so + k;
      pos = so + k;
      last_empty = -1;
    } else {
      pos = eo;
      last_empty = (int64_t)eo;
    }
    if (awk_charge(rt, 1)) return -1;
  }
  vsh__buf_append(o, s + copied, n - copied);
  return count;
}

static awk_val b_sub(awk_rt *rt, awk_node *n, bool global) {
  awk_node *a0 = n->a, *a1 = a0->next, *a2 = a1->next;
  /* the regex is looked up after the other arguments ran: they may
   * compile regexes of their own, and the cache may drop this one */
  awk_val rev = a0->op == N_ERE ? (awk_val){0} : awk_eval(rt, a0);
  awk_str *repl = arg_str(rt, a1);
  awk_str *target;
  awk_lref lr = {0};
  if (a2) {
    /* the target is resolved once: its subscript runs one time */
    if (!awk_lref_get(rt, a2, &lr)) {
      awk_str_unref(repl);
      awk_val_free(&rev);
      return awk_num(0);
    }
    target = awk_to_str(rt, lr.v);
    awk_str_ref(target);
  } else {
    target = awk_str_ref(awk_rec_get(rt));
  }
  awk_regex *re = rt->jump          ? NULL
                  : a0->op == N_ERE ? a0->re
                                    : awk_dyn_regex(rt, &rev);
  awk_val_free(&rev);
  if (!re) {
    awk_str_unref(repl);
    awk_str_unref(target);
    return awk_num(0);
  }
  vsh_buf o = {0};
  int cnt = rt->jump ? 0 : do_sub(rt, re, repl, target, global, 0, false, &o);
  if (cnt > 0 && !rt->jump) {
    awk_str *res = awk_str_new(rt, o.data ? o.data : "", o.len);
    if (res) {
      if (a2) {
        awk_val_free(lr.v);
        *lr.v = awk_strv(res);
        awk_lref_done(rt, &lr);
      } else {
        awk_rec_set_str(rt, res);
      }
    }
  }
  vsh_buf_dispose(&o);
  awk_str_unref(repl);
  awk_str_unref(target);
  return awk_num(cnt > 0 ? cnt : 0);
}

static awk_val b_gensub(awk_rt *rt, awk_node *n) {
  awk_node *a0 = n->a, *a1 = a0->next, *a2 = a1->next, *a3 = a2->next;
  awk_val rev = a0->op == N_ERE ? (awk_val){0} : awk_eval(rt, a0);
  awk_str *repl = arg_str(rt, a1);
  awk_val how = arg_val(rt, a2);
  awk_str *target = a3 ? arg_str(rt, a3) : awk_str_ref(awk_rec_get(rt));
  awk_regex *re = rt->jump          ? NULL
                  : a0->op == N_ERE ? a0->re
                                    : awk_dyn_regex(rt, &rev);
  awk_val_free(&rev);
  if (!re) {
    awk_val_free(&how);
    awk_str_unref(repl);
    awk_str_unref(target);
    return (awk_val){0};
  }
  bool global = false;
  long which = 1;
  if (how.type == AV_STR || how.type == AV_MAYBE) {
    awk_str *h = awk_to_str(rt, &how);
    if (h->len && (h->s[0] == 'g' || h->s[0] == 'G')) global = true;
    else {
      double d = awk_to_num(rt, &how);
      which = d >= 1 ? (long)d : 1;
    }
  } else {
    double d = awk_to_num(rt, &how);
    which = d >= 1 ? (long)d : 1;
  }
  vsh_buf o = {0};
  awk_val r = {0};
  if (!rt->jump) {
    int cnt =
        do_sub(rt, re, repl, target, global, global ? 0 : which, true, &o);
    if (cnt >= 0) r = str_result(rt, o.data ? o.data : "", o.len);
  }
  vsh_buf_dispose(&o);
  awk_val_free(&how);
  awk_str_unref(repl);
  awk_str_unref(target);
  return r;
}

/* ---- sorting (asort, asorti, PROCINFO["sorted_in"]) ----------------------- */

typedef struct sort_item {
  awk_str *key;
  awk_val *val;
} sort_item;

static int cmp_num_str(awk_rt *rt, awk_val *a, awk_val *b) {
  /* gawk's asort order: numbers before strings, numbers by value,
   * strings by bytes */
  if (a->type == AV_MAYBE) awk_classify(a);
  if (b->type == AV_MAYBE) awk_classify(b);
  bool an = a->type == AV_NUM || a->type == AV_STRNUM || a->type == AV_UNINIT;
  bool bn = b->type == AV_NUM || b->type == AV_STRNUM || b->type == AV_UNINIT;
  if (an && bn) {
    double x = awk_to_num(rt, a), y = awk_to_num(rt, b);
    return x < y ? -1 : x > y;
  }
  if (an != bn) return an ? -1 : 1;
  awk_str *s = awk_to_str(rt, a), *t = awk_to_str(rt, b);
  size_t k = s->len < t->len ? s->len : t->len;
  int c = memcmp(s->s, t->s, k);
  return c ? c : (s->len < t->len ? -1 : s->len > t->len);
}

static int key_cmp_str(awk_str *a, awk_str *b) {
  size_t k = a->len < b->len ? a->len : b->len;
  int c = memcmp(a->s, b->s, k);
  return c ? c : (a->len < b->len ? -1 : a->len > b->len);
}

static int key_cmp_num(awk_str *a, awk_str *b) {
  bool wa, wb;
  double x = awk_atof(a->s, a->len, &wa), y = awk_atof(b->s, b->len, &wb);
  if (x < y) return -1;
  if (x > y) return 1;
  return key_cmp_str(a, b);
}

/* merge sort with a mode: 0 key str, 1 key num, 2 val (asort order) */
static void msort(awk_rt *rt, sort_item *v, sort_item *tmp, size_t n, int mode,
                  bool desc) {
  if (n < 2 || rt->jump) return;
  if (awk_charge(rt, n)) return;
  size_t h = n / 2;
  msort(rt, v, tmp, h, mode, desc);
  msort(rt, v + h, tmp, n - h, mode, desc);
  size_t i = 0, j = h, k = 0;
  while (i < h && j < n) {
    int c;
    if (mode == 0) c = key_cmp_str(v[i].key, v[j].key);
    else if (mode == 1) c = key_cmp_num(v[i].key, v[j].key);
    else {
      c = cmp_num_str(rt, v[i].val, v[j].val);
      if (!c) c = key_cmp_str(v[i].key, v[j].key);
    }
    if (desc) c = -c;
    if (c <= 0) tmp[k++] = v[i++];
    else tmp[k++] = v[j++];
  }
  while (i < h) tmp[k++] = v[i++];
  while (j < n) tmp[k++] = v[j++];
  memcpy(v, tmp, n * sizeof(*v));
}

/* Orders for-in keys by PROCINFO["sorted_in"] when set. */
void awk_sort_keys(awk_rt *rt, awk_array *a, awk_str **keys, size_t n) {
  if (n < 2 || rt->g[V_PROCINFO].kind != CELL_ARRAY) return;
  awk_val *how =
      awk_array_getn(rt, rt->g[V_PROCINFO].arr, "sorted_in", 9, false);
  if (!how) return;
  awk_str *h = awk_to_str(rt, how);
  int mode;
  bool desc;
  if (!strcmp(h->s, "@ind_str_asc")) mode = 0, desc = false;
  else if (!strcmp(h->s, "@ind_str_desc")) mode = 0, desc = true;
  else if (!strcmp(h->s, "@ind_num_asc")) mode = 1, desc = false;
  else if (!strcmp(h->s, "@ind_num_desc")) mode = 1, desc = true;
  else if (!strcmp(h->s, "@val_num_asc") || !strcmp(h->s, "@val_type_asc") ||
           !strcmp(h->s, "@val_str_asc"))
    mode = 2, desc = false;
  else if (!strcmp(h->s, "@val_num_desc") || !strcmp(h->s, "@val_type_desc") ||
           !strcmp(h->s, "@val_str_desc"))
    mode = 2, desc = true;
  else return;
  sort_item *v = malloc(n * sizeof(*v) * 2);
  if (!v) {
    awk_nomem(rt);
    return;
  }
  for (size_t i = 0; i < n; i++) {
    v[i].key = keys[i];
    v[i].val = mode == 2 ? awk_array_get(rt, a, keys[i], false) : NULL;
    if (mode == 2 && !v[i].val) mode = 0;
  }
  msort(rt, v, v + n, n, mode, desc);
  for (size_t i = 0; i < n; i++) keys[i] = v[i].key;
  free(v);
}

static awk_val b_asort(awk_rt *rt, awk_node *n, bool by_index) {
  awk_array *src = arg_array(rt, n->a, by_index ? "asorti" : "asort");
  if (!src) return awk_num(0);
  awk_array *dst =
      n->a->next ? arg_array(rt, n->a->next, by_index ? "asorti" : "asort")
                 : src;
  if (!dst) return awk_num(0);
  size_t cnt = src->live;
  sort_item *v = malloc((cnt ? cnt : 1) * sizeof(*v) * 2);
  awk_val *vals = malloc((cnt ? cnt : 1) * sizeof(*vals));
  if (!v || !vals) {
    free(v);
    free(vals);
    awk_nomem(rt);
    return awk_num(0);
  }
  size_t k = 0;
  for (size_t i = 0; i < src->n; i++) {
    if (!src->e[i].key) continue;
    v[k].key = awk_str_ref(src->e[i].key);
    vals[k] = awk_val_copy(&src->e[i].v);
    v[k].val = &vals[k];
    k++;
  }
  bool desc = false;
  int mode = by_index ? 0 : 2;
  if (n->a->next && n->a->next->next) {
    awk_str *h = arg_str(rt, n->a->next->next);
    if (strstr(h->s, "desc")) desc = true;
    if (strstr(h->s, "ind_num")) mode = 1;
    else if (strstr(h->s, "ind_str")) mode = 0;
    awk_str_unref(h);
  }
  msort(rt, v, v + cnt, cnt, mode, desc);
  awk_array_clear(dst);
  for (size_t i = 0; i < k && !rt->jump; i++) {
    char key[32];
    int kl = snprintf(key, sizeof(key), "%zu", i + 1);
    awk_val *e = awk_array_getn(rt, dst, key, (size_t)kl, true);
    if (!e) break;
    if (by_index) *e = awk_strv(awk_str_ref(v[i].key));
    else *e = awk_val_copy(v[i].val);
  }
  for (size_t i = 0; i < k; i++) {
    awk_str_unref(v[i].key);
    awk_val_free(&vals[i]);
  }
  free(v);
  free(vals);
  return awk_num((double)k);
}

/* ---- time -------------------------------------------------------------------- */

static int64_t now_secs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (int64_t)ts.tv_sec;
}

static awk_val b_strftime(awk_rt *rt, awk_node *n) {
  awk_str *fmt =
      n->a ? arg_str(rt, n->a) : awk_str_new(rt, "%a %b %e %H:%M:%S %Z %Y", 23);
  int64_t t =
      n->a && n->a->next ? (int64_t)arg_num(rt, n->a->next) : now_secs();
  bool utc = false;
  if (n->a && n->a->next && n->a->next->next) {
    awk_val u = awk_eval(rt, n->a->next->next);
    utc = awk_truth(rt, &u);
    awk_val_free(&u);
  }
  if (!fmt) return (awk_val){0};
  struct tm tm;
  memset(&tm, 0, sizeof(tm));
  if (utc || !bi_has_shell(rt->b)) {
    int64_t days = vsh__floordiv(t, 86400), secs = t - days * 86400;
    int64_t y;
    int mo, d;
    vsh__civil_from_days(days, &y, &mo, &d);
    tm.tm_year = (int)(y - 1900);
    tm.tm_mon = mo - 1;
    tm.tm_mday = d;
    tm.tm_hour = (int)(secs / 3600);
    tm.tm_min = (int)(secs / 60 % 60);
    tm.tm_sec = (int)(secs % 60);
    tm.tm_wday = (int)((days % 7 + 11) % 7);
    tm.tm_yday = (int)(days - vsh__days_from_civil(y, 1, 1));
    tm.tm_zone = "UTC";
  } else {
    bi_localtime(rt->b, t, &tm);
  }
  char buf[1024];
  size_t k = fmt->len ? strftime(buf, sizeof(buf), fmt->s, &tm) : 0;
  awk_str_unref(fmt);
  return str_result(rt, buf, k);
}

static awk_val b_mktime(awk_rt *rt, awk_node *n) {
  awk_str *s = arg_str(rt, n->a);
  long long v[7] = {0, 0, 0, 0, 0, 0, -1};
  int k = 0;
  const char *p = s->s;
  while (k < 7) {
    while (*p == ' ' || *p == '\t' || *p == '\n') p++;
    if (!*p) break;
    char *end;
    v[k] = strtoll(p, &end, 10);
    if (end == p) break;
    p = end;
    k++;
  }
  awk_str_unref(s);
  if (k < 6) return awk_num(-1);
  int64_t days = vsh__days_from_civil(v[0], 1, 1);
  /* months may overflow: normalise them */
  int64_t mon = v[1] - 1;
  int64_t y = v[0] + vsh__floordiv(mon, 12);
  mon -= vsh__floordiv(mon, 12) * 12;
  days = vsh__days_from_civil(y, (int)mon + 1, 1) + v[2] - 1;
  int64_t local = days * 86400 + v[3] * 3600 + v[4] * 60 + v[5];
  vsh__zone z;
  vsh__zone_parse(&z, bi_getenv(rt->b, "TZ"));
  int64_t out;
  if (!vsh__zone_local(&z, local, &out)) out = local - z.off;
  return awk_num((double)out);
}

/* ---- the dispatcher ---------------------------------------------------------- */

static uint64_t to_u64(double d) {
  if (d < 0) return (uint64_t)(int64_t)d;
  if (d >= 18446744073709551615.0) return UINT64_MAX;
  return (uint64_t)d;
}

static double next_rand(awk_rt *rt) {
  /* xorshift64*: seeded by srand */
  uint64_t x = ((uint64_t)rt->seed_state[0] << 32) | rt->seed_state[1];
  if (!x) x = 0x9E3779B97F4A7C15ull;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  rt->seed_state[0] = (uint32_t)(x >> 32);
  rt->seed_state[1] = (uint32_t)x;
  uint64_t r = x * 2685821657736338717ull;
  return (double)(r >> 11) / 9007199254740992.0;
}

void awk_seed(awk_rt *rt, double s) {
  uint64_t x = (uint64_t)(int64_t)s * 0x9E3779B97F4A7C15ull + 0x1234567;
  rt->seed_state[0] = (uint32_t)(x >> 32);
  rt->seed_state[1] = (uint32_t)x;
  for (int i = 0; i < 4; i++) next_rand(rt);
}

awk_val awk_builtin(awk_rt *rt, awk_node *n) {
  awk_node *a = n->a;
  switch (n->sub) {
  case F_LENGTH: {
    if (!a) {
      awk_str *r = awk_rec_get(rt);
      return awk_num((double)awk_char_count(rt, r->s, r->len));
    }
    awk_cell *c = arg_cell(rt, a);
    if (c && c->kind == CELL_ARRAY) return awk_num((double)c->arr->live);
    if (c && c->kind == CELL_UNTYPED) return awk_num(0);
    awk_str *s = arg_str(rt, a);
    double l = (double)awk_char_count(rt, s->s, s->len);
    awk_str_unref(s);
    return awk_num(l);
  }
  case F_SUBSTR: {
    awk_str *s = arg_str(rt, a);
    double m = arg_num(rt, a->next);
    double len = (double)awk_char_count(rt, s->s, s->len);
    double cnt = a->next->next ? arg_num(rt, a->next->next) : INFINITY;
    /* the start and length are truncated, and a start before 1 is
     * moved to 1 keeping the length, as gawk and onetrue-awk */
    double st = m, en;
    if (isnan(st)) st = 1;
    st = trunc(st);
    if (st < 1) st = 1;
    if (!isinf(cnt)) {
      if (isnan(cnt)) cnt = 0;
      cnt = trunc(cnt);
      en = st + cnt;
    } else {
      en = INFINITY;
    }
    if (en > len + 1) en = len + 1;
    awk_val r;
    if (en <= st) r = str_result(rt, "", 0);
    else {
      size_t b0 = char_prefix(rt, s->s, s->len, (size_t)st - 1);
      size_t b1 = char_prefix(rt, s->s, s->len, (size_t)en - 1);
      r = str_result(rt, s->s + b0, b1 - b0);
    }
    awk_str_unref(s);
    return r;
  }
  case F_INDEX: {
    awk_str *s = arg_str(rt, a), *t = arg_str(rt, a->next);
    double r = 0;
    if (t->len == 0) r = 1; /* as gawk */
    else if (rt->icase) {
      for (size_t i = 0; i + t->len <= s->len; i++)
        if (!strncasecmp(s->s + i, t->s, t->len)) {
          r = char_pos(rt, s->s, i);
          break;
        }
    } else {
      for (size_t i = 0; i + t->len <= s->len; i++)
        if (s->s[i] == t->s[0] && !memcmp(s->s + i, t->s, t->len)) {
          r = char_pos(rt, s->s, i);
          break;
        }
    }
    awk_str_unref(s);
    awk_str_unref(t);
    return awk_num(r);
  }
  case F_SPLIT:
  case F_PATSPLIT: {
    bool fp = n->sub == F_PATSPLIT;
    awk_str *s = arg_str(rt, a);
    awk_node *sepn = a->next->next;
    awk_val sep = {0};
    awk_regex *sre = NULL;
    if (sepn) {
      if (sepn->op == N_ERE && sepn->re->len == 0)
        sep = awk_strv(awk_str_ref(rt->empty)); /* //: characters */
      else if (sepn->op == N_ERE) sre = sepn->re;
      else sep = awk_eval(rt, sepn);
    } else if (fp) {
      sep = awk_val_copy(&rt->g[V_FPAT].v);
    }
    awk_array *arr = arg_array(rt, a->next, fp ? "patsplit" : "split");
    awk_array *seps = sepn && sepn->next
                          ? arg_array(rt, sepn->next, fp ? "patsplit" : "split")
                          : NULL;
    int cnt = 0;
    if (arr && !rt->jump) {
      if (sre) {
        /* a regex constant: use it as is */
        awk_regex *saved = rt->fs_re;
        int saved_mode = rt->fs_mode;
        bool saved_dirty = rt->fs_dirty;
        if (fp) {
          awk_val pv = awk_strv(awk_str_new(rt, sre->src, sre->len));
          cnt = awk_split_str(rt, s, arr, &pv, seps, true);
          awk_val_free(&pv);
        } else {
          rt->fs_re = sre;
          rt->fs_mode = 2;
          rt->fs_dirty = false;
          cnt = awk_split_str(rt, s, arr, NULL, seps, false);
          rt->fs_re = saved;
          rt->fs_mode = saved_mode;
          rt->fs_dirty = saved_dirty;
        }
      } else {
        cnt = awk_split_str(rt, s, arr, sepn || fp ? &sep : NULL, seps, fp);
      }
    }
    awk_val_free(&sep);
    awk_str_unref(s);
    return awk_num(cnt);
  }
  case F_SUB: return b_sub(rt, n, false);
  case F_GSUB: return b_sub(rt, n, true);
  case F_GENSUB: return b_gensub(rt, n);
  case F_MATCH: {
    awk_str *s = arg_str(rt, a);
    awk_regex *re = arg_regex(rt, a->next);
    awk_array *arr =
        a->next->next ? arg_array(rt, a->next->next, "match") : NULL;
    double start = 0, len = -1;
    vsh_regmatch m[10];
    size_t nm = arr ? 10 : 1;
    int rc =
        re && !rt->jump ? awk_re_exec(rt, re, s->s, s->len, 0, 0, m, nm) : 0;
    if (arr) awk_array_clear(arr);
    if (rc > 0) {
      start = char_pos(rt, s->s, (size_t)m[0].so);
      len = (double)awk_char_count(rt, s->s + m[0].so,
                                   (size_t)(m[0].eo - m[0].so));
      if (arr) {
        size_t ng = vsh__regex_nsub(re->re);
        for (size_t g = 0; g <= ng && g < nm; g++) {
          if (m[g].so < 0) continue;
          char key[48];
          int kl = snprintf(key, sizeof(key), "%zu", g);
          awk_val *e = awk_array_getn(rt, arr, key, (size_t)kl, true);
          if (e) {
            *e = str_result(rt, s->s + m[g].so, (size_t)(m[g].eo - m[g].so));
            if (e->type == AV_STR) e->type = AV_MAYBE, awk_classify(e);
          }
          kl = snprintf(key, sizeof(key), "%zu%sstart", g,
                        awk_to_str(rt, &rt->g[V_SUBSEP].v)->s);
          e = awk_array_getn(rt, arr, key, (size_t)kl, true);
          if (e) *e = awk_num(char_pos(rt, s->s, (size_t)m[g].so));
          kl = snprintf(key, sizeof(key), "%zu%slength", g,
                        awk_to_str(rt, &rt->g[V_SUBSEP].v)->s);
          e = awk_array_getn(rt, arr, key, (size_t)kl, true);
          if (e)
            *e = awk_num((double)awk_char_count(rt, s->s + m[g].so,
                                                (size_t)(m[g].eo - m[g].so)));
        }
      }
    }
    awk_str_unref(s);
    awk_val_free(&rt->g[V_RSTART].v);
    rt->g[V_RSTART].v = awk_num(start);
    awk_val_free(&rt->g[V_RLENGTH].v);
    rt->g[V_RLENGTH].v = awk_num(len);
    return awk_num(start);
  }
  case F_SPRINTF: {
    awk_val small[8];
    awk_val *args =
        n->nargs <= 8 ? small : calloc((size_t)n->nargs, sizeof(*args));
    if (!args) {
      awk_nomem(rt);
      return (awk_val){0};
    }
    int k = 0;
    for (awk_node *e = a; e && k < n->nargs; e = e->next)
      args[k++] = awk_eval(rt, e);
    awk_val r = {0};
    if (!rt->jump) {
      awk_str *fmt = awk_to_str(rt, &args[0]);
      vsh_buf o = {0};
      if (!awk_format(rt, &o, fmt->s, fmt->len, args + 1, k - 1))
        r = str_result(rt, o.data ? o.data : "", o.len);
      vsh_buf_dispose(&o);
    }
    for (int i = 0; i < k; i++) awk_val_free(&args[i]);
    if (args != small) free(args);
    return r;
  }
  case F_TOLOWER:
  case F_TOUPPER: {
    awk_str *s = arg_str(rt, a);
    vsh_buf o = {0};
    bool up = n->sub == F_TOUPPER;
    for (size_t i = 0; i < s->len;) {
      unsigned char c = (unsigned char)s->s[i];
      if (c < 0x80 || !rt->utf8) {
        char d = (char)c;
        if (up && c >= 'a' && c <= 'z') d = (char)(c - 32);
        if (!up && c >= 'A' && c <= 'Z') d = (char)(c + 32);
        vsh__buf_putc(&o, d);
        i++;
        continue;
      }
      int32_t cp;
      int l = vsh__utf8_decode(s->s + i, s->len - i, &cp);
      if (l <= 0) {
        vsh__buf_putc(&o, (char)c);
        i++;
        continue;
      }
      char enc[8];
      int el =
          vsh__utf8_encode(up ? vsh__cp_upper(cp) : vsh__cp_lower(cp), enc);
      vsh__buf_append(&o, enc, (size_t)el);
      i += (size_t)l;
    }
    awk_val r = str_result(rt, o.data ? o.data : "", o.len);
    vsh_buf_dispose(&o);
    awk_str_unref(s);
    return r;
  }
  case F_INT: return awk_num(trunc(arg_num(rt, a)));
  case F_SQRT: {
    double d = arg_num(rt, a);
    if (d < 0) awk_warn(rt, "sqrt: called with negative argument %g", d);
    return awk_num(sqrt(d));
  }
  case F_EXP: return awk_num(exp(arg_num(rt, a)));
  case F_LOG: {
    double d = arg_num(rt, a);
    if (d < 0) awk_warn(rt, "log: received negative argument %g", d);
    return awk_num(log(d));
  }
  case F_SIN: return awk_num(sin(arg_num(rt, a)));
  case F_COS: return awk_num(cos(arg_num(rt, a)));
  case F_ATAN2: {
    double y = arg_num(rt, a), x = arg_num(rt, a->next);
    return awk_num(atan2(y, x));
  }
  case F_RAND: return awk_num(next_rand(rt));
  case F_SRAND: {
    double prev = rt->seed;
    rt->seed = a ? arg_num(rt, a) : (double)now_secs();
    awk_seed(rt, rt->seed);
    return awk_num(prev);
  }
  case F_SYSTEM: {
    awk_str *s = arg_str(rt, a);
    int st = rt->jump ? 0 : awk_system(rt, s);
    awk_str_unref(s);
    return awk_num(st);
  }
  case F_CLOSE: {
    awk_str *s = arg_str(rt, a);
    if (a->next) {
      /* close(cmd, "to") ends a coprocess's input: it runs at the next
       * read from it */
      awk_str *how = arg_str(rt, a->next);
      bool to = !strcmp(how->s, "to");
      awk_str_unref(how);
      if (to) {
        awk_str_unref(s);
        return awk_num(0);
      }
    }
    int st = awk_close(rt, s);
    awk_str_unref(s);
    return awk_num(st);
  }
  case F_FFLUSH: {
    if (a) {
      awk_str *s = arg_str(rt, a);
      int rc = awk_flush_all(rt);
      awk_str_unref(s);
      return awk_num(rc ? -1 : 0);
    }
    return awk_num(awk_flush_all(rt) ? -1 : 0);
  }
  case F_ASORT: return b_asort(rt, n, false);
  case F_ASORTI: return b_asort(rt, n, true);
  case F_STRFTIME: return b_strftime(rt, n);
  case F_SYSTIME: return awk_num((double)now_secs());
  case F_MKTIME: return b_mktime(rt, n);
  case F_AND:
  case F_OR:
  case F_XOR: {
    uint64_t r = to_u64(arg_num(rt, a));
    for (awk_node *e = a->next; e; e = e->next) {
      uint64_t x = to_u64(arg_num(rt, e));
      r = n->sub == F_AND ? r & x : n->sub == F_OR ? r | x : r ^ x;
    }
    return awk_num((double)r);
  }
  case F_LSHIFT:
  case F_RSHIFT: {
    uint64_t x = to_u64(arg_num(rt, a));
    double sh = arg_num(rt, a->next);
    unsigned k = sh < 0 ? 0 : sh > 63 ? 64 : (unsigned)sh;
    uint64_t r = k >= 64 ? 0 : n->sub == F_LSHIFT ? x << k : x >> k;
    return awk_num((double)r);
  }
  case F_COMPL: {
    uint64_t x = to_u64(arg_num(rt, a));
    return awk_num((double)(~x & ((1ull << 53) - 1)));
  }
  case F_ISARRAY: {
    awk_cell *c = arg_cell(rt, a);
    return awk_num(c && c->kind == CELL_ARRAY);
  }
  case F_TYPEOF: {
    awk_cell *c = arg_cell(rt, a);
    const char *t;
    if (c && c->kind == CELL_ARRAY) t = "array";
    else if (c && c->kind == CELL_UNTYPED) t = "untyped";
    else {
      awk_val v = awk_eval(rt, a);
      if (v.type == AV_MAYBE) awk_classify(&v);
      t = v.type == AV_UNINIT   ? "unassigned"
          : v.type == AV_NUM    ? "number"
          : v.type == AV_STRNUM ? "strnum"
                                : "string";
      awk_val_free(&v);
    }
    return str_result(rt, t, strlen(t));
  }
  case F_STRTONUM: {
    awk_val v = awk_eval(rt, a);
    double d;
    if (v.type == AV_NUM) d = v.num;
    else {
      awk_str *s = awk_to_str(rt, &v);
      const char *p = s->s;
      while (*p == ' ' || *p == '\t') p++;
      bool neg = *p == '-';
      if (*p == '-' || *p == '+') p++;
      if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        d = (double)strtoull(p + 2, NULL, 16);
      } else if (p[0] == '0' && p[1] >= '0' && p[1] <= '7') {
        d = (double)strtoull(p, NULL, 8);
      } else {
        d = awk_atof(p, strlen(p), NULL);
      }
      if (neg) d = -d;
    }
    awk_val_free(&v);
    return awk_num(d);
  }
  }
  awk_fatal(rt, "function not supported");
  return (awk_val){0};
}
