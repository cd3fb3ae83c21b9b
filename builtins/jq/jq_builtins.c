/* jq_builtins.c: jq's builtins written in C: value functions (cfunctions
 * whose arguments arrive as values, the cartesian product taken by the
 * evaluator, last argument outermost as jq does) and generators that take
 * their arguments as closures (path, select, range, limit, sort_by, ...).
 * Loops a generator runs charge the work budget.  The builtins written in
 * jq itself are in jq_lib.c. */
#include "builtins/jq/jq_int.h"
#include "builtins/jq/jq_gen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

jv jv_tostring(jv v) {
  if (v.kind == JV_STRING) return jv_ref(v);
  vsh_buf b;
  vsh__buf_init(&b);
  if (jv_dump(&b, v, 0, 0)) {
    vsh_buf_dispose(&b);
    return jv_invalid();
  }
  return jv_str_buf(&b);
}

/* ---- simple value functions ---------------------------------------------- */

static jv f_length(jq_st *st, jv in, jv *a) {
  (void)a;
  switch (in.kind) {
  case JV_NULL: return jv_num(0);
  case JV_TRUE:
  case JV_FALSE: return err_v(st, "%s (%s) has no length", in);
  case JV_NUMBER:
    if (in.lit && in.u.l->text[0] == '-')
      return chk(
          st, jv_numlit(-jv_n(in), in.u.l->text + 1, strlen(in.u.l->text + 1)));
    if (in.lit) return jv_ref(in);
    return jv_num(fabs(jv_n(in)));
  case JV_STRING:
    return jv_num((double)vsh__utf8_count(jv_sv(in), jv_slen(in)));
  case JV_ARRAY: return jv_num((double)in.u.a->n);
  case JV_OBJECT: return jv_num((double)in.u.o->n);
  default: return jv_num(0);
  }
}

static jv f_utf8bytelength(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind != JV_STRING)
    return err_v(st, "%s (%s) only strings have UTF-8 byte length", in);
  return jv_num((double)jv_slen(in));
}

static jv f_not(jq_st *st, jv in, jv *a) {
  (void)st;
  (void)a;
  return jv_bool(!jv_truthy(in));
}

static jv f_type(jq_st *st, jv in, jv *a) {
  (void)a;
  return chk(st, jv_str_c(kn(in)));
}

static jv f_keys(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind == JV_OBJECT) return chk(st, jv_keys(in, true));
  if (in.kind == JV_ARRAY) {
    jv r = jv_arr_new(in.u.a->n);
    for (size_t i = 0; i < in.u.a->n && jv_ok(r); i++)
      r = jv_arr_push(r, jv_num((double)i));
    return chk(st, r);
  }
  return err_v(st, "%s (%s) has no keys", in);
}

static jv f_keys_unsorted(jq_st *st, jv in, jv *a) {
  if (in.kind == JV_OBJECT) return chk(st, jv_keys(in, false));
  return f_keys(st, in, a);
}

static jv f_has(jq_st *st, jv in, jv *a) {
  jv k = a[0];
  if (in.kind == JV_OBJECT && k.kind == JV_STRING)
    return jv_bool(jv_obj_find(in, k) != NULL);
  if (in.kind == JV_ARRAY && k.kind == JV_NUMBER)
    return jv_bool(jv_n(k) >= 0 && jv_n(k) < (double)in.u.a->n);
  jq_error(st, "Cannot check whether %s has a %s key", kn(in), kn(k));
  return jv_invalid();
}

static jv f_contains(jq_st *st, jv in, jv *a) {
  if (in.kind != a[0].kind &&
      !((in.kind == JV_TRUE || in.kind == JV_FALSE) &&
        (a[0].kind == JV_TRUE || a[0].kind == JV_FALSE))) {
    char x[30], y[30];
    jv_dump_trunc(x, sizeof x, in);
    jv_dump_trunc(y, sizeof y, a[0]);
    jq_error(st, "%s (%s) and %s (%s) cannot have their containment checked",
             kn(in), x, kn(a[0]), y);
    return jv_invalid();
  }
  int c = jv_contains_chk(in, a[0]);
  if (c == JV_CMP_DEEP) {
    jq_error(st, "Containment check too deep");
    return jv_invalid();
  }
  return jv_bool(c == 1);
}

static jv f_add(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind == JV_OBJECT) {
    jv acc = jv_null();
    for (size_t i = 0; i < in.u.o->n; i++) {
      jv r = jq_binop(st, JQ_ADD, acc, in.u.o->e[i].val);
      jv_unref(acc);
      if (!jv_ok(r)) return r;
      acc = r;
    }
    return acc;
  }
  if (in.kind == JV_NULL) return jv_null();
  if (in.kind != JV_ARRAY) return err_v(st, "Cannot iterate over %s (%s)", in);
  size_t n = in.u.a->n;
  if (n == 0) return jv_null();
  /* numbers: a plain sum; strings and arrays: one buffer */
  jv first = in.u.a->v[0];
  bool allnum = true, allstr = true, allarr = true;
  for (size_t i = 0; i < n; i++) {
    jv x = in.u.a->v[i];
    if (x.kind != JV_NUMBER && x.kind != JV_NULL) allnum = false;
    if (x.kind != JV_STRING && x.kind != JV_NULL) allstr = false;
    if (x.kind != JV_ARRAY && x.kind != JV_NULL) allarr = false;
  }
  (void)first;
  if (allnum) {
    double s = 0;
    bool any = false;
    for (size_t i = 0; i < n; i++)
      if (in.u.a->v[i].kind == JV_NUMBER) {
        s += jv_n(in.u.a->v[i]);
        any = true;
      }
    return any ? jv_num(s) : jv_null();
  }
  if (allstr) {
    vsh_buf b;
    vsh__buf_init(&b);
    bool any = false;
    for (size_t i = 0; i < n; i++) {
      jv x = in.u.a->v[i];
      if (x.kind == JV_STRING) {
        vsh__buf_append(&b, jv_sv(x), jv_slen(x));
        any = true;
      }
    }
    if (!any) return jv_null();
    if (!b.data && !(b.data = calloc(1, 1))) return oom(st);
    return chk(st, jv_str_buf(&b));
  }
  if (allarr) {
    jv r = jv_invalid();
    for (size_t i = 0; i < n; i++) {
      jv x = in.u.a->v[i];
      if (x.kind != JV_ARRAY) continue;
      r = jv_ok(r) ? jv_arr_concat(r, jv_ref(x)) : jv_unshare(jv_ref(x));
      if (!jv_ok(r)) return oom(st);
    }
    return jv_ok(r) ? r : jv_null();
  }
  jv acc = jv_null();
  for (size_t i = 0; i < n; i++) {
    jv r = jq_binop(st, JQ_ADD, acc, in.u.a->v[i]);
    jv_unref(acc);
    if (!jv_ok(r)) return r;
    acc = r;
  }
  return acc;
}

static jv f_tostring(jq_st *st, jv in, jv *a) {
  (void)a;
  return chk(st, jv_tostring(in));
}

static jv f_tojson(jq_st *st, jv in, jv *a) {
  (void)a;
  vsh_buf b;
  vsh__buf_init(&b);
  if (jv_dump(&b, in, 0, 0)) {
    vsh_buf_dispose(&b);
    return oom(st);
  }
  return chk(st, jv_str_buf(&b));
}

static jv f_fromjson(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind != JV_STRING)
    return err_v(st, "%s (%s) cannot be parsed as JSON", in);
  char err[256];
  jv v = jv_parse_one(jv_sv(in), jv_slen(in), err, sizeof err);
  if (!jv_ok(v)) {
    char s[64];
    snprintf(s, sizeof s, "%.50s", jv_sv(in));
    jq_error(st, "%s (while parsing '%s')", err, s);
  }
  return v;
}

static jv f_tonumber(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind == JV_NUMBER) return jv_ref(in);
  if (in.kind == JV_STRING) {
    const char *s = jv_sv(in);
    char *end;
    size_t n = jv_slen(in);
    if (n && s[0] != ' ' && s[0] != '\t' && s[0] != '\n' && strlen(s) == n &&
        !(s[0] == '+' && (s[1] == '-' || s[1] == '+'))) {
      double d = strtod(s, &end);
      if (end == s + n && !(n >= 2 && (s[1] == 'x' || s[1] == 'X')) &&
          strncasecmp(s, "inf", 3) && strncasecmp(s, "-inf", 4) &&
          strncasecmp(s, "nan", 3) && strncasecmp(s, "-nan", 4))
        return chk(st, jv_num_text(s, n, d));
    }
    if (n == 3 && !strcmp(s, "nan")) return jv_num(NAN);
    return err_v(st, "%s (%s) cannot be parsed as a number", in);
  }
  return err_v(st, "%s (%s) cannot be parsed as a number", in);
}

static jv f_infinite(jq_st *st, jv in, jv *a) {
  (void)st;
  (void)in;
  (void)a;
  return jv_num(INFINITY);
}
static jv f_nan(jq_st *st, jv in, jv *a) {
  (void)st;
  (void)in;
  (void)a;
  return jv_num(NAN);
}

static jv num_in(jq_st *st, jv in, const char *what, double *d) {
  if (in.kind != JV_NUMBER) {
    char buf[30];
    jv_dump_trunc(buf, sizeof buf, in);
    jq_error(st, "%s (%s) number required", kn(in), buf);
    (void)what;
    return jv_invalid();
  }
  *d = jv_n(in);
  return jv_null();
}

static jv f_isinfinite(jq_st *st, jv in, jv *a) {
  (void)a;
  double d;
  if (!jv_ok(num_in(st, in, "isinfinite", &d))) return jv_invalid();
  return jv_bool(isinf(d));
}
static jv f_isnan(jq_st *st, jv in, jv *a) {
  (void)a;
  double d;
  if (!jv_ok(num_in(st, in, "isnan", &d))) return jv_invalid();
  return jv_bool(d != d);
}
static jv f_isnormal(jq_st *st, jv in, jv *a) {
  (void)a;
  double d;
  if (!jv_ok(num_in(st, in, "isnormal", &d))) return jv_invalid();
  return jv_bool(isnormal(d));
}

/* math */
#define MATH1(name, expr)                                                      \
  static jv f_##name(jq_st *st, jv in, jv *a) {                                \
    (void)a;                                                                   \
    double x;                                                                  \
    if (in.kind != JV_NUMBER) {                                                \
      char buf[30];                                                            \
      jv_dump_trunc(buf, sizeof buf, in);                                      \
      jq_error(st, "%s (%s) number required", kn(in), buf);                    \
      return jv_invalid();                                                     \
    }                                                                          \
    x = jv_n(in);                                                              \
    return jv_num(expr);                                                       \
  }
MATH1(floor, floor(x))
MATH1(ceil, ceil(x))
MATH1(round, round(x))
MATH1(sqrt, sqrt(x))
MATH1(fabs, fabs(x))
MATH1(log, log(x))
MATH1(log10, log10(x))
MATH1(log2, log2(x))
MATH1(log1p, log1p(x))
MATH1(exp, exp(x))
MATH1(exp2, exp2(x))
MATH1(exp10, pow(10, x))
MATH1(expm1, expm1(x))
MATH1(sin, sin(x))
MATH1(cos, cos(x))
MATH1(tan, tan(x))
MATH1(asin, asin(x))
MATH1(acos, acos(x))
MATH1(atan, atan(x))
MATH1(sinh, sinh(x))
MATH1(cosh, cosh(x))
MATH1(tanh, tanh(x))
MATH1(asinh, asinh(x))
MATH1(acosh, acosh(x))
MATH1(atanh, atanh(x))
MATH1(cbrt, cbrt(x))
MATH1(trunc, trunc(x))
MATH1(rint, rint(x))
MATH1(nearbyint, nearbyint(x))
MATH1(significand,
      x == 0 || isinf(x) || x != x ? x : ldexp(frexp(x, &(int){0}), 1))
MATH1(logb, logb(x))
MATH1(gamma, lgamma(x))
MATH1(lgamma, lgamma(x))
MATH1(tgamma, tgamma(x))
MATH1(lgamma_r, lgamma(x))
MATH1(j0, j0(x))
MATH1(j1, j1(x))
MATH1(y0, y0(x))
MATH1(y1, y1(x))

static jv f_abs(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind != JV_NUMBER) {
    if (in.kind == JV_STRING) return jv_ref(in);
    return err_v(st, "%s (%s) has no absolute value", in);
  }
  double x = jv_n(in);
  if (in.lit && in.u.l->text[0] == '-')
    return chk(st, jv_numlit(-x, in.u.l->text + 1, strlen(in.u.l->text + 1)));
  if (x < 0) return jv_num(-x);
  return jv_ref(in);
}

#define MATH2(name, expr)                                                      \
  static jv f_##name(jq_st *st, jv in, jv *a) {                                \
    (void)in;                                                                  \
    if (a[0].kind != JV_NUMBER || a[1].kind != JV_NUMBER) {                    \
      jq_error(st, "%s (%s) number required", kn(a[0]), "...");                \
      return jv_invalid();                                                     \
    }                                                                          \
    double x = jv_n(a[0]), y = jv_n(a[1]);                                     \
    return jv_num(expr);                                                       \
  }
MATH2(pow, pow(x, y))
MATH2(atan2, atan2(x, y))
MATH2(fmod, fmod(x, y))
MATH2(hypot, hypot(x, y))
MATH2(fmin, fmin(x, y))
MATH2(fmax, fmax(x, y))
MATH2(fdim, fdim(x, y))
MATH2(copysign, copysign(x, y))
MATH2(drem, remainder(x, y))
MATH2(nextafter, nextafter(x, y))
MATH2(nexttoward, nexttoward(x, y))
MATH2(ldexp, ldexp(x, (int)y))
MATH2(scalb, x *pow(2, y))
MATH2(scalbln, scalbln(x, (long)y))

static jv f_fma(jq_st *st, jv in, jv *a) {
  (void)in;
  for (int i = 0; i < 3; i++)
    if (a[i].kind != JV_NUMBER)
      return err_v(st, "%s (%s) number required", a[i]);
  return jv_num(fma(jv_n(a[0]), jv_n(a[1]), jv_n(a[2])));
}

static jv f_frexp(jq_st *st, jv in, jv *a) {
  (void)a;
  double x;
  if (!jv_ok(num_in(st, in, "frexp", &x))) return jv_invalid();
  int e;
  double m = frexp(x, &e);
  jv r = jv_arr_new(2);
  r = jv_arr_push(r, jv_num(m));
  r = jv_arr_push(r, jv_num(e));
  return chk(st, r);
}

static jv f_modf(jq_st *st, jv in, jv *a) {
  (void)a;
  double x;
  if (!jv_ok(num_in(st, in, "modf", &x))) return jv_invalid();
  double ip;
  double f = modf(x, &ip);
  jv r = jv_arr_new(2);
  r = jv_arr_push(r, jv_num(f));
  r = jv_arr_push(r, jv_num(ip));
  return chk(st, r);
}

/* ---- strings --------------------------------------------------------------------- */

static jv f_startswith(jq_st *st, jv in, jv *a) {
  if (in.kind != JV_STRING || a[0].kind != JV_STRING) {
    jq_error(st, "startswith() requires string inputs");
    return jv_invalid();
  }
  return jv_bool(jv_slen(in) >= jv_slen(a[0]) &&
                 !memcmp(jv_sv(in), jv_sv(a[0]), jv_slen(a[0])));
}

static jv f_endswith(jq_st *st, jv in, jv *a) {
  if (in.kind != JV_STRING || a[0].kind != JV_STRING) {
    jq_error(st, "endswith() requires string inputs");
    return jv_invalid();
  }
  size_t n = jv_slen(in), m = jv_slen(a[0]);
  return jv_bool(n >= m && !memcmp(jv_sv(in) + n - m, jv_sv(a[0]), m));
}

/* jq's test suite (#2969): an input or prefix that is not a string is an
 * error (jq 1.6 and 1.7.1 left the input as it was). */
static jv f_ltrimstr(jq_st *st, jv in, jv *a) {
  if (in.kind != JV_STRING || a[0].kind != JV_STRING) {
    jq_error(st, "startswith() requires string inputs");
    return jv_invalid();
  }
  if (in.kind == JV_STRING && a[0].kind == JV_STRING &&
      jv_slen(in) >= jv_slen(a[0]) &&
      !memcmp(jv_sv(in), jv_sv(a[0]), jv_slen(a[0])))
    return chk(
        st, jv_str_n(jv_sv(in) + jv_slen(a[0]), jv_slen(in) - jv_slen(a[0])));
  return jv_ref(in);
}

static jv f_rtrimstr(jq_st *st, jv in, jv *a) {
  if (in.kind != JV_STRING || a[0].kind != JV_STRING) {
    jq_error(st, "endswith() requires string inputs");
    return jv_invalid();
  }
  if (in.kind == JV_STRING && a[0].kind == JV_STRING &&
      jv_slen(in) >= jv_slen(a[0]) &&
      !memcmp(jv_sv(in) + jv_slen(in) - jv_slen(a[0]), jv_sv(a[0]),
              jv_slen(a[0])))
    return chk(st, jv_str_n(jv_sv(in), jv_slen(in) - jv_slen(a[0])));
  return jv_ref(in);
}

static bool is_uws(int32_t c) {
  return (c >= 9 && c <= 13) || c == 32 || c == 0x85 || c == 0xa0 ||
         c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 ||
         c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000;
}

static jv trim_impl(jq_st *st, jv in, bool left, bool right) {
  if (in.kind != JV_STRING) {
    jq_error(st, "trim input must be a string");
    return jv_invalid();
  }
  const char *s = jv_sv(in);
  size_t b = 0, e = jv_slen(in);
  if (left)
    while (b < e) {
      int32_t cp;
      int l = vsh__utf8_decode(s + b, e - b, &cp);
      if (!is_uws(cp)) break;
      b += (size_t)l;
    }
  if (right)
    while (e > b) {
      size_t st0 = e - 1;
      while (st0 > b && ((unsigned char)s[st0] & 0xc0) == 0x80) st0--;
      int32_t cp;
      vsh__utf8_decode(s + st0, e - st0, &cp);
      if (!is_uws(cp)) break;
      e = st0;
    }
  return chk(st, jv_str_n(s + b, e - b));
}
static jv f_trim(jq_st *st, jv in, jv *a) {
  (void)a;
  return trim_impl(st, in, true, true);
}
static jv f_ltrim(jq_st *st, jv in, jv *a) {
  (void)a;
  return trim_impl(st, in, true, false);
}
static jv f_rtrim(jq_st *st, jv in, jv *a) {
  (void)a;
  return trim_impl(st, in, false, true);
}

static jv f_ascii_downcase(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind != JV_STRING)
    return err_v(st, "%s (%s) cannot be ascii_downcased", in);
  jv r = jv_str_n(jv_sv(in), jv_slen(in));
  if (!jv_ok(r)) return oom(st);
  for (size_t i = 0; i < r.u.s->len; i++)
    if (r.u.s->s[i] >= 'A' && r.u.s->s[i] <= 'Z') r.u.s->s[i] += 32;
  return r;
}

static jv f_ascii_upcase(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind != JV_STRING)
    return err_v(st, "%s (%s) cannot be ascii_upcased", in);
  jv r = jv_str_n(jv_sv(in), jv_slen(in));
  if (!jv_ok(r)) return oom(st);
  for (size_t i = 0; i < r.u.s->len; i++)
    if (r.u.s->s[i] >= 'a' && r.u.s->s[i] <= 'z') r.u.s->s[i] -= 32;
  return r;
}

static jv f_explode(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind != JV_STRING) return err_v(st, "%s (%s) cannot be exploded", in);
  const char *s = jv_sv(in);
  size_t n = jv_slen(in), i = 0;
  jv r = jv_arr_new(n);
  while (i < n && jv_ok(r)) {
    int32_t cp;
    int l = vsh__utf8_decode(s + i, n - i, &cp);
    if (cp < 0) cp = 0xfffd;
    r = jv_arr_push(r, jv_num(cp));
    i += (size_t)l;
  }
  return chk(st, r);
}

static jv f_implode(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind != JV_ARRAY) {
    jq_error(st, "implode input must be an array");
    return jv_invalid();
  }
  vsh_buf b;
  vsh__buf_init(&b);
  for (size_t i = 0; i < in.u.a->n; i++) {
    jv x = in.u.a->v[i];
    if (x.kind != JV_NUMBER || jv_n(x) != jv_n(x)) {
      vsh_buf_dispose(&b);
      char buf[64];
      jv_dump_trunc(buf, sizeof buf, x);
      jq_error(
          st,
          "%s (%s) can't be imploded, unicode codepoint needs to be numeric",
          kn(x), buf);
      return jv_invalid();
    }
    double d = jv_n(x);
    int32_t cp = d >= 0 && d <= 0x10ffff ? (int32_t)d : 0xfffd;
    if (cp >= 0xd800 && cp < 0xe000) cp = 0xfffd;
    char u[4];
    int l = vsh__utf8_encode(cp, u);
    vsh__buf_append(&b, u, (size_t)l);
  }
  if (!b.data && !(b.data = calloc(1, 1))) return oom(st);
  return chk(st, jv_str_buf(&b));
}

static jv f_split1(jq_st *st, jv in, jv *a) {
  if (in.kind != JV_STRING || a[0].kind != JV_STRING) {
    jq_error(st, "split input and separator must be strings");
    return jv_invalid();
  }
  return jq_binop(st, JQ_DIV, in, a[0]);
}

static jv f_join(jq_st *st, jv in, jv *a) {
  if (in.kind != JV_ARRAY) return err_v(st, "Cannot iterate over %s (%s)", in);
  if (in.u.a->n == 0) return chk(st, jv_str_c(""));
  vsh_buf b;
  vsh__buf_init(&b);
  for (size_t i = 0; i < in.u.a->n; i++) {
    jv x = in.u.a->v[i];
    if (x.kind == JV_STRING) {
      vsh__buf_append(&b, jv_sv(x), jv_slen(x));
    } else if (x.kind == JV_NUMBER || x.kind == JV_TRUE || x.kind == JV_FALSE) {
      jv_dump(&b, x, 0, 0);
    } else if (x.kind != JV_NULL) {
      /* jq: reduce .[] as $x (""; . + ($x | ...) + $sep) */
      jv acc = jv_str_n(b.data ? b.data : "", b.len);
      vsh_buf_dispose(&b);
      if (!jv_ok(acc)) return oom(st);
      char u[64], w[64];
      jv_dump_trunc(u, sizeof u, acc);
      jv_dump_trunc(w, sizeof w, x);
      jq_error(st, "string (%s) and %s (%s) cannot be added", u, kn(x), w);
      jv_unref(acc);
      return jv_invalid();
    }
    if (i + 1 < in.u.a->n) {
      if (a[0].kind == JV_STRING) {
        vsh__buf_append(&b, jv_sv(a[0]), jv_slen(a[0]));
      } else if (a[0].kind != JV_NULL) {
        jv acc = jv_str_n(b.data ? b.data : "", b.len);
        vsh_buf_dispose(&b);
        char u[64], w[64];
        jv_dump_trunc(u, sizeof u, acc);
        jv_dump_trunc(w, sizeof w, a[0]);
        jq_error(st, "string (%s) and %s (%s) cannot be added", u, kn(a[0]), w);
        jv_unref(acc);
        return jv_invalid();
      }
    }
  }
  if (!b.data && !(b.data = calloc(1, 1))) return oom(st);
  return chk(st, jv_str_buf(&b));
}

static jv f_ascii(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind != JV_NUMBER) return err_v(st, "%s (%s) number required", in);
  char c = (char)(int)jv_n(in);
  return chk(st, jv_str_n(&c, 1));
}

/* ---- arrays -------------------------------------------------------------------------- */

static jv sorted_copy(jq_st *st, jv in) {
  if (in.kind != JV_ARRAY)
    return err_v(st, "%s (%s) cannot be sorted, as it is not an array", in);
  jv r = jv_unshare(jv_ref(in));
  if (!jv_ok(r)) return oom(st);
  size_t n = r.u.a->n;
  jv *tmp = malloc((n ? n : 1) * sizeof *tmp);
  if (!tmp) {
    jv_unref(r);
    return oom(st);
  }
  memcpy(tmp, r.u.a->v, n * sizeof *tmp);
  int sr = jv_sort_pairs(r.u.a->v, tmp, n);
  if (sr) {
    free(tmp);
    jv_unref(r);
    if (sr == -2) {
      jq_error(st, "Comparison too deep");
      return jv_invalid();
    }
    return oom(st);
  }
  free(tmp);
  return r;
}

static jv f_sort(jq_st *st, jv in, jv *a) {
  (void)a;
  return sorted_copy(st, in);
}

static jv f_unique(jq_st *st, jv in, jv *a) {
  (void)a;
  jv s = sorted_copy(st, in);
  if (!jv_ok(s)) return s;
  jv r = jv_arr_new(s.u.a->n);
  for (size_t i = 0; i < s.u.a->n && jv_ok(r); i++)
    if (i == 0 || jv_cmp(s.u.a->v[i - 1], s.u.a->v[i]) != 0)
      r = jv_arr_push(r, jv_ref(s.u.a->v[i]));
  jv_unref(s);
  return chk(st, r);
}

static jv minmax(jq_st *st, jv in, bool max) {
  if (in.kind != JV_ARRAY) return err_v(st, "Cannot iterate over %s (%s)", in);
  if (in.u.a->n == 0) return jv_null();
  size_t best = 0;
  for (size_t i = 1; i < in.u.a->n; i++) {
    int c = jv_cmp(in.u.a->v[i], in.u.a->v[best]);
    if (max ? c >= 0 : c < 0) best = i;
  }
  return jv_ref(in.u.a->v[best]);
}
static jv f_min(jq_st *st, jv in, jv *a) {
  (void)a;
  return minmax(st, in, false);
}
static jv f_max(jq_st *st, jv in, jv *a) {
  (void)a;
  return minmax(st, in, true);
}

static jv f_reverse(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind == JV_NULL) return jv_arr_new(0);
  if (in.kind == JV_STRING) {
    /* jq 1.7: reverse of a string reverses its code points */
    const char *s = jv_sv(in);
    size_t n = jv_slen(in);
    jv r = jv_str_n(NULL, n);
    if (!jv_ok(r)) return oom(st);
    size_t i = 0;
    while (i < n) {
      int32_t cp;
      int l = vsh__utf8_decode(s + i, n - i, &cp);
      memcpy(r.u.s->s + n - i - (size_t)l, s + i, (size_t)l);
      i += (size_t)l;
    }
    return r;
  }
  if (in.kind != JV_ARRAY) return err_v(st, "Cannot reverse %s (%s)", in);
  jv r = jv_arr_new(in.u.a->n);
  for (size_t i = in.u.a->n; i-- > 0 && jv_ok(r);)
    r = jv_arr_push(r, jv_ref(in.u.a->v[i]));
  return chk(st, r);
}

/* Iterative: a value may be nested past any C stack. */
static jv flatten_into(jq_st *st, jv r, jv in, double depth) {
  typedef struct fr {
    jv a;
    size_t i;
    double d;
  } fr;
  size_t n = 0, cap = 16;
  fr *stk = malloc(cap * sizeof *stk);
  if (!stk) {
    jv_unref(r);
    return jv_invalid();
  }
  stk[n++] = (fr){in, 0, depth};
  while (n && jv_ok(r)) {
    fr *f = &stk[n - 1];
    if (f->i >= f->a.u.a->n) {
      n--;
      continue;
    }
    if (((f->i + 1) & 4095) == 0 && jq_charge(st)) {
      st->fatal_reported = true; /* the shell reports the limit */
      jv_unref(r);
      r = jv_invalid();
      break;
    }
    jv x = f->a.u.a->v[f->i++];
    if (x.kind == JV_ARRAY && f->d > 0) {
      if (n == cap) {
        fr *ns = realloc(stk, cap * 2 * sizeof *ns);
        if (!ns) {
          jv_unref(r);
          r = jv_invalid();
          break;
        }
        stk = ns;
        cap *= 2;
      }
      double d = stk[n - 1].d - 1;
      stk[n++] = (fr){x, 0, d};
    } else {
      r = jv_arr_push(r, jv_ref(x));
    }
  }
  free(stk);
  return r;
}

static jv f_flatten1(jq_st *st, jv in, jv *a) {
  if (a[0].kind != JV_NUMBER) {
    jq_error(st, "flatten depth must not be negative");
    return jv_invalid();
  }
  if (jv_n(a[0]) < 0) {
    jq_error(st, "flatten depth must not be negative");
    return jv_invalid();
  }
  if (in.kind != JV_ARRAY) return err_v(st, "Cannot iterate over %s (%s)", in);
  jv r = flatten_into(st, jv_arr_new(0), in, jv_n(a[0]));
  if (!jv_ok(r) && !st->fatal_reported) return oom(st);
  return r;
}

static jv f_flatten(jq_st *st, jv in, jv *a) {
  (void)a;
  jv d = jv_num(1e9);
  return f_flatten1(st, in, &d);
}

static jv f_indices(jq_st *st, jv in, jv *a) {
  jv x = a[0];
  if (in.kind == JV_NULL || x.kind == JV_NULL) return jv_null();
  if (in.kind == JV_STRING && x.kind == JV_STRING) {
    /* code point offsets (jq 1.8) */
    jv r = jv_arr_new(0);
    size_t n = jv_slen(in), m = jv_slen(x);
    if (m == 0) return r;
    const char *s = jv_sv(in);
    size_t cp = 0;
    for (size_t i = 0; i + m <= n && jv_ok(r); i++) {
      if (((unsigned char)s[i] & 0xc0) == 0x80) continue;
      if (!memcmp(s + i, jv_sv(x), m)) r = jv_arr_push(r, jv_num((double)cp));
      cp++;
    }
    return chk(st, r);
  }
  if (in.kind == JV_ARRAY && x.kind == JV_ARRAY) return jq_index(st, in, x);
  if (in.kind == JV_ARRAY) {
    jv r = jv_arr_new(0);
    for (size_t i = 0; i < in.u.a->n && jv_ok(r); i++)
      if (jv_eq(in.u.a->v[i], x)) r = jv_arr_push(r, jv_num((double)i));
    return chk(st, r);
  }
  return jq_index(st, in, x);
}

static jv f_strindices(jq_st *st, jv in, jv *a) {
  if (in.kind != JV_STRING)
    return err_v(st, "%s (%s) cannot be searched, as it is not a string", in);
  if (a[0].kind != JV_STRING) return err_v(st, "%s (%s) is not a string", a[0]);
  return f_indices(st, in, a);
}

static jv f_bsearch(jq_st *st, jv in, jv *a) {
  if (in.kind != JV_ARRAY)
    return err_v(st, "%s (%s) cannot be searched from", in);
  size_t lo = 0, hi = in.u.a->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = jv_cmp(in.u.a->v[mid], a[0]);
    if (c == 0) return jv_num((double)mid);
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return jv_num(-1.0 - (double)lo);
}

static jv f_to_entries(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind != JV_OBJECT) {
    if (in.kind == JV_ARRAY) {
      jv r = jv_arr_new(in.u.a->n);
      for (size_t i = 0; i < in.u.a->n && jv_ok(r); i++) {
        jv o = jv_obj_new();
        o = jv_obj_set(o, jv_str_c("key"), jv_num((double)i));
        o = jv_obj_set(o, jv_str_c("value"), jv_ref(in.u.a->v[i]));
        r = jv_arr_push(r, o);
      }
      return chk(st, r);
    }
    return err_v(st, "%s (%s) has no keys", in);
  }
  jv r = jv_arr_new(in.u.o->n);
  for (size_t i = 0; i < in.u.o->n && jv_ok(r); i++) {
    jv o = jv_obj_new();
    o = jv_obj_set(o, jv_str_c("key"), jv_ref(in.u.o->e[i].key));
    o = jv_obj_set(o, jv_str_c("value"), jv_ref(in.u.o->e[i].val));
    r = jv_arr_push(r, o);
  }
  return chk(st, r);
}

static jv f_from_entries(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind != JV_ARRAY && in.kind != JV_OBJECT)
    return err_v(st, "Cannot iterate over %s (%s)", in);
  jv r = jv_obj_new();
  size_t n = in.kind == JV_ARRAY ? in.u.a->n : in.u.o->n;
  for (size_t i = 0; i < n && jv_ok(r); i++) {
    jv e = in.kind == JV_ARRAY ? in.u.a->v[i] : in.u.o->e[i].val;
    jv k = jv_null(), v = jv_null();
    if (e.kind == JV_OBJECT) {
      const char *kn2[] = {"key", "k", "name", "Name", "Key", "K"};
      for (int j = 0; j < 6; j++) {
        jv *x = jv_obj_find_c(e, kn2[j], strlen(kn2[j]));
        if (x && jv_truthy(*x)) {
          k = *x;
          break;
        }
        if (x && j == 0 && x->kind == JV_FALSE) {
          k = *x;
          break;
        }
      }
      const char *vn[] = {"value", "v", "Value", "V"};
      for (int j = 0; j < 4; j++) {
        jv *x = jv_obj_find_c(e, vn[j], strlen(vn[j]));
        if (x) {
          v = *x;
          break;
        }
      }
    } else {
      jv_unref(r);
      jq_error(st, "Cannot index %s with \"key\"", kn(e));
      return jv_invalid();
    }
    jv ks;
    if (k.kind == JV_STRING) ks = jv_ref(k);
    else if (k.kind == JV_NUMBER || k.kind == JV_TRUE || k.kind == JV_FALSE)
      ks = jv_tostring(k);
    else if (k.kind == JV_NULL) ks = jv_str_c("null");
    else {
      jv_unref(r);
      char buf[30];
      jv_dump_trunc(buf, sizeof buf, k);
      jq_error(st, "Cannot use %s (%s) as object key", kn(k), buf);
      return jv_invalid();
    }
    r = jv_obj_set(r, ks, jv_ref(v));
  }
  return chk(st, r);
}

static jv f_setpath(jq_st *st, jv in, jv *a) {
  if (a[0].kind != JV_ARRAY) {
    jq_error(st, "Path must be specified as an array");
    return jv_invalid();
  }
  if (a[0].u.a->n > JV_MAX_DEPTH) {
    jq_error(st, "Path too deep");
    return jv_invalid();
  }
  return jv_setpath(jv_ref(in), a[0], 0, jv_ref(a[1]), st);
}

static jv f_delpaths(jq_st *st, jv in, jv *a) {
  if (a[0].kind != JV_ARRAY) {
    jq_error(st, "Paths must be specified as an array");
    return jv_invalid();
  }
  for (size_t i = 0; i < a[0].u.a->n; i++)
    if (a[0].u.a->v[i].kind == JV_ARRAY &&
        a[0].u.a->v[i].u.a->n > JV_MAX_DEPTH) {
      jq_error(st, "Path too deep");
      return jv_invalid();
    }
  return jv_delpaths(jv_ref(in), a[0], st);
}

static jv f_error0(jq_st *st, jv in, jv *a) {
  (void)a;
  jq_error_v(st, jv_ref(in));
  return jv_invalid();
}

static jv f_error1(jq_st *st, jv in, jv *a) {
  (void)in;
  jq_error_v(st, jv_ref(a[0]));
  return jv_invalid();
}

static jv f_builtins(jq_st *st, jv in, jv *a) {
  (void)in;
  (void)a;
  jv r = jv_arr_new(0);
  size_t n;
  const jq_native *t = jq_natives(&n);
  for (size_t i = 0; i < n && jv_ok(r); i++) {
    if (t[i].name[0] == '_') continue;
    char buf[80];
    snprintf(buf, sizeof buf, "%s/%d", t[i].name, t[i].nargs);
    r = jv_arr_push(r, jv_str_c(buf));
  }
  for (size_t i = 0; i < st->prog->nglobals && jv_ok(r); i++) {
    jq_node *d = st->prog->globals[i];
    if (d->name[0] == '_') continue;
    char buf[80];
    snprintf(buf, sizeof buf, "%s/%d", d->name, d->nparams);
    r = jv_arr_push(r, jv_str_c(buf));
  }
  return chk(st, r);
}

static jv f_input_filename(jq_st *st, jv in, jv *a) {
  (void)in;
  (void)a;
  return jv_ref(st->cur_filename);
}

static jv f_now(jq_st *st, jv in, jv *a) {
  (void)st;
  (void)in;
  (void)a;
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return jv_num((double)ts.tv_sec + ts.tv_nsec / 1e9);
}

static jv f_env(jq_st *st, jv in, jv *a) {
  (void)in;
  (void)a;
  return jv_ref(st->env_obj);
}

static jv f_halt(jq_st *st, jv in, jv *a) {
  (void)in;
  (void)a;
  st->halt_status = 0;
  return jv_invalid();
}

static jv f_halt_error1(jq_st *st, jv in, jv *a) {
  if (a[0].kind != JV_NUMBER) {
    jq_error(st, "halt_error/1: number required");
    return jv_invalid();
  }
  if (in.kind == JV_STRING) {
    bi_write_to(st->b, st->b->err, jv_sv(in), jv_slen(in));
  } else {
    vsh_buf b;
    vsh__buf_init(&b);
    jv_dump(&b, in, 0, 0);
    vsh__buf_putc(&b, '\n');
    if (b.data) bi_write_to(st->b, st->b->err, b.data, b.len);
    vsh_buf_dispose(&b);
  }
  st->halt_status = (int)jv_n(a[0]);
  return jv_invalid();
}

static jv f_halt_error0(jq_st *st, jv in, jv *a) {
  (void)a;
  jv five = jv_num(5);
  return f_halt_error1(st, in, &five);
}

static jv f_input_line_number(jq_st *st, jv in, jv *a) {
  (void)in;
  (void)a;
  return jv_num(st->input_line ? (double)st->input_line(st) : 0);
}

static jv f_have_literal_numbers(jq_st *st, jv in, jv *a) {
  (void)st;
  (void)in;
  (void)a;
  return jv_bool(true);
}
static jv f_have_decnum(jq_st *st, jv in, jv *a) {
  /* number literals keep their text and compare exactly, as with jq
   * 1.7's decNumber (arithmetic is on doubles) */
  (void)st;
  (void)in;
  (void)a;
  return jv_bool(true);
}

/* get_search_list: the -L directories as given (existing ones made
 * absolute), else jq's default list; get_prog_origin: the directory of
 * the -f file, else the working directory; get_jq_origin: "." as jq run
 * by name (its argv[0] has no directory). */
static jv f_get_search_list(jq_st *st, jv in, jv *a) {
  (void)in;
  (void)a;
  return jv_ref(st->search_list);
}
static jv f_get_prog_origin(jq_st *st, jv in, jv *a) {
  (void)in;
  (void)a;
  return jv_ref(st->prog_origin);
}
static jv f_get_jq_origin(jq_st *st, jv in, jv *a) {
  (void)in;
  (void)a;
  return chk(st, jv_str_c("."));
}

static jv f_modulemeta(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind != JV_STRING) {
    jq_error(st, "modulemeta input module not a string");
    return jv_invalid();
  }
  char msg[600];
  jv out;
  if (jq_module_meta(st->prog, jv_sv(in), &out, msg, sizeof msg)) {
    jq_error(st, "%s", msg);
    return jv_invalid();
  }
  return out;
}

static jv f_toarray(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind == JV_ARRAY) return jv_ref(in);
  jv r = jv_arr_new(1);
  return chk(st, jv_arr_push(r, jv_ref(in)));
}

jv f_min_by_impl(jq_st *st, jv in, jv *a) {
  /* _min_by_impl(keys): in array, a[0] the keys */
  if (in.kind != JV_ARRAY) return err_v(st, "Cannot index %s with number", in);
  if (in.u.a->n == 0) return jv_null();
  size_t best = 0;
  for (size_t i = 1; i < in.u.a->n; i++)
    if (jv_cmp(a[0].u.a->v[i], a[0].u.a->v[best]) < 0) best = i;
  return jv_ref(in.u.a->v[best]);
}

jv f_max_by_impl(jq_st *st, jv in, jv *a) {
  if (in.kind != JV_ARRAY) return err_v(st, "Cannot index %s with number", in);
  if (in.u.a->n == 0) return jv_null();
  size_t best = 0;
  for (size_t i = 1; i < in.u.a->n; i++)
    if (jv_cmp(a[0].u.a->v[i], a[0].u.a->v[best]) >= 0) best = i;
  return jv_ref(in.u.a->v[best]);
}

/* ---- the table ---------------------------------------------------------------------------- */

#define F(name, n, fn)                                                         \
  { name, n, fn, NULL }
#define G(name, n, gen)                                                        \
  { name, n, NULL, gen }

static const jq_native natives[] = {
    F("_match_impl", 3, f_match_impl),
    F("_strindices", 1, f_strindices),
    F("_sub_join", 3, f_sub_join),
    F("_max_by_impl", 1, f_max_by_impl),
    F("_min_by_impl", 1, f_min_by_impl),
    F("abs", 0, f_abs),
    F("acos", 0, f_acos),
    F("acosh", 0, f_acosh),
    F("add", 0, f_add),
    F("ascii", 0, f_ascii),
    F("ascii_downcase", 0, f_ascii_downcase),
    F("ascii_upcase", 0, f_ascii_upcase),
    F("asin", 0, f_asin),
    F("asinh", 0, f_asinh),
    F("atan", 0, f_atan),
    F("atan2", 2, f_atan2),
    F("atanh", 0, f_atanh),
    F("bsearch", 1, f_bsearch),
    F("builtins", 0, f_builtins),
    F("cbrt", 0, f_cbrt),
    F("ceil", 0, f_ceil),
    F("contains", 1, f_contains),
    F("copysign", 2, f_copysign),
    F("cos", 0, f_cos),
    F("cosh", 0, f_cosh),
    G("debug", 0, g_debug),
    G("debug", 1, g_debug1),
    F("delpaths", 1, f_delpaths),
    F("drem", 2, f_drem),
    G("empty", 0, g_empty),
    F("endswith", 1, f_endswith),
    F("env", 0, f_env),
    F("error", 0, f_error0),
    F("error", 1, f_error1),
    F("exp", 0, f_exp),
    F("exp10", 0, f_exp10),
    F("exp2", 0, f_exp2),
    F("explode", 0, f_explode),
    F("expm1", 0, f_expm1),
    F("fabs", 0, f_fabs),
    F("fdim", 2, f_fdim),
    G("first", 1, g_first),
    F("flatten", 0, f_flatten),
    F("flatten", 1, f_flatten1),
    F("floor", 0, f_floor),
    F("fma", 3, f_fma),
    F("fmax", 2, f_fmax),
    F("fmin", 2, f_fmin),
    F("fmod", 2, f_fmod),
    F("frexp", 0, f_frexp),
    F("from_entries", 0, f_from_entries),
    F("fromjson", 0, f_fromjson),
    F("gamma", 0, f_gamma),
    F("get_jq_origin", 0, f_get_jq_origin),
    F("get_prog_origin", 0, f_get_prog_origin),
    F("get_search_list", 0, f_get_search_list),
    G("getpath", 1, g_getpath),
    F("gmtime", 0, f_gmtime),
    G("group_by", 1, g_group_by),
    F("halt", 0, f_halt),
    F("halt_error", 0, f_halt_error0),
    F("halt_error", 1, f_halt_error1),
    F("has", 1, f_has),
    F("have_decnum", 0, f_have_decnum),
    F("have_literal_numbers", 0, f_have_literal_numbers),
    F("hypot", 2, f_hypot),
    F("implode", 0, f_implode),
    F("indices", 1, f_indices),
    F("infinite", 0, f_infinite),
    G("input", 0, g_input),
    F("input_filename", 0, f_input_filename),
    F("input_line_number", 0, f_input_line_number),
    G("inputs", 0, g_inputs),
    F("isinfinite", 0, f_isinfinite),
    F("isnan", 0, f_isnan),
    F("isnormal", 0, f_isnormal),
    G("isempty", 1, g_isempty),
    F("j0", 0, f_j0),
    F("j1", 0, f_j1),
    F("join", 1, f_join),
    F("keys", 0, f_keys),
    F("keys_unsorted", 0, f_keys_unsorted),
    G("last", 1, g_last),
    F("ldexp", 2, f_ldexp),
    F("length", 0, f_length),
    F("lgamma", 0, f_lgamma),
    F("lgamma_r", 0, f_lgamma_r),
    G("limit", 2, g_limit),
    F("localtime", 0, f_localtime),
    F("log", 0, f_log),
    F("log10", 0, f_log10),
    F("log1p", 0, f_log1p),
    F("log2", 0, f_log2),
    F("logb", 0, f_logb),
    F("ltrim", 0, f_ltrim),
    F("ltrimstr", 1, f_ltrimstr),
    F("max", 0, f_max),
    G("max_by", 1, g_max_by),
    F("min", 0, f_min),
    G("min_by", 1, g_min_by),
    F("mktime", 0, f_mktime),
    F("modf", 0, f_modf),
    F("modulemeta", 0, f_modulemeta),
    F("nan", 0, f_nan),
    F("nearbyint", 0, f_nearbyint),
    F("nextafter", 2, f_nextafter),
    F("nexttoward", 2, f_nexttoward),
    F("not", 0, f_not),
    F("now", 0, f_now),
    G("path", 1, g_path),
    F("pow", 2, f_pow),
    G("range", 1, g_range),
    G("range", 2, g_range),
    G("range", 3, g_range),
    G("recurse", 1, g_recurse),
    G("repeat", 1, g_repeat),
    F("reverse", 0, f_reverse),
    F("rint", 0, f_rint),
    F("round", 0, f_round),
    F("rtrim", 0, f_rtrim),
    F("rtrimstr", 1, f_rtrimstr),
    F("scalb", 2, f_scalb),
    F("scalbln", 2, f_scalbln),
    G("select", 1, g_select),
    F("setpath", 2, f_setpath),
    F("significand", 0, f_significand),
    F("sin", 0, f_sin),
    F("sinh", 0, f_sinh),
    F("sort", 0, f_sort),
    G("sort_by", 1, g_sort_by),
    F("split", 1, f_split1),
    F("sqrt", 0, f_sqrt),
    F("startswith", 1, f_startswith),
    G("stderr", 0, g_stderr),
    F("strflocaltime", 1, f_strflocaltime),
    F("strftime", 1, f_strftime),
    F("strptime", 1, f_strptime),
    F("tan", 0, f_tan),
    F("tanh", 0, f_tanh),
    F("tgamma", 0, f_tgamma),
    F("to_entries", 0, f_to_entries),
    F("toarray", 0, f_toarray),
    F("tojson", 0, f_tojson),
    F("tonumber", 0, f_tonumber),
    F("tostring", 0, f_tostring),
    G("tostream", 0, g_tostream),
    F("trim", 0, f_trim),
    F("trunc", 0, f_trunc),
    F("type", 0, f_type),
    F("unique", 0, f_unique),
    G("unique_by", 1, g_unique_by),
    G("until", 2, g_until),
    F("utf8bytelength", 0, f_utf8bytelength),
    G("while", 2, g_while),
    F("y0", 0, f_y0),
    F("y1", 0, f_y1),
};

const jq_native *jq_natives(size_t *n) {
  if (n) *n = sizeof natives / sizeof *natives;
  return natives;
}

int jq_native_find(const char *name, int nargs) {
  size_t n = sizeof natives / sizeof *natives;
  for (size_t i = 0; i < n; i++)
    if (natives[i].nargs == nargs && !strcmp(natives[i].name, name))
      return (int)i;
  return -1;
}
