/* jq_ops.c: indexing (.[k], slices, array-in-array search), paths
 * (getpath, setpath without recursion on the value's depth beyond the
 * path, delpaths with indices made absolute first so deletions do not
 * shift each other) and the arithmetic/comparison operators with jq's
 * error texts. */
#include "builtins/jq/jq_int.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- indexing ---------------------------------------------------------------- */

static const char *kname(jv v) { return jv_kind_name(v.kind); }

__attribute__((noinline)) static jv index_err(jq_st *st, jv t, jv k) {
  char buf[64];
  jv_dump_trunc(buf, sizeof buf, k);
  jq_error(st, "Cannot index %s with %s (%s)", kname(t), kname(k), buf);
  return jv_invalid();
}

jv jq_index(jq_st *st, jv t, jv k) {
  if (t.kind == JV_OBJECT && k.kind == JV_STRING) {
    jv *x = jv_obj_find(t, k);
    return x ? jv_ref(*x) : jv_null();
  }
  if (t.kind == JV_ARRAY && k.kind == JV_NUMBER) {
    double d = jv_n(k);
    if (d != d) return jv_null();
    double fl = floor(d);
    if (fl < 0) fl += (double)t.u.a->n;
    if (fl < 0 || fl >= (double)t.u.a->n) return jv_null();
    return jv_ref(t.u.a->v[(size_t)fl]);
  }
  if (t.kind == JV_NULL &&
      (k.kind == JV_STRING || k.kind == JV_NUMBER || k.kind == JV_OBJECT))
    return jv_null();
  if (k.kind == JV_OBJECT && (t.kind == JV_ARRAY || t.kind == JV_STRING)) {
    jv *s = jv_obj_find_c(k, "start", 5), *e = jv_obj_find_c(k, "end", 3);
    return jq_slice(st, t, s ? *s : jv_null(), e ? *e : jv_null());
  }
  if (t.kind == JV_ARRAY && k.kind == JV_ARRAY) {
    /* indices of a sub-array */
    jv r = jv_arr_new(0);
    size_t n = t.u.a->n, m = k.u.a->n;
    if (m == 0) {
      jv_unref(r);
      return jv_null();
    }
    for (size_t i = 0; i + m <= n && jv_ok(r); i++) {
      size_t j = 0;
      while (j < m && jv_eq(t.u.a->v[i + j], k.u.a->v[j])) j++;
      if (j == m) r = jv_arr_push(r, jv_num((double)i));
    }
    if (!jv_ok(r)) jq_oom(st);
    return r;
  }
  return index_err(st, t, k);
}

static bool slice_bounds(jv from, jv to, size_t len, size_t *s, size_t *e) {
  double a = 0, b = (double)len;
  if (from.kind == JV_NUMBER) a = jv_n(from);
  else if (from.kind != JV_NULL) return false;
  if (to.kind == JV_NUMBER) b = jv_n(to);
  else if (to.kind != JV_NULL) return false;
  if (a != a) a = 0;
  if (b != b) b = (double)len;
  if (a < 0) a += (double)len;
  if (b < 0) b += (double)len;
  if (a < 0) a = 0;
  if (b < 0) b = 0;
  if (a > (double)len) a = (double)len;
  if (b > (double)len) b = (double)len;
  a = floor(a);
  b = ceil(b);
  if (b > (double)len) b = (double)len;
  if (b < a) b = a;
  *s = (size_t)a;
  *e = (size_t)b;
  return true;
}

jv jq_slice(jq_st *st, jv t, jv from, jv to) {
  size_t s, e;
  if (t.kind == JV_NULL) return jv_null();
  if (t.kind == JV_ARRAY) {
    if (!slice_bounds(from, to, t.u.a->n, &s, &e)) goto bad;
    jv r = jv_arr_slice(jv_ref(t), s, e);
    if (!jv_ok(r)) jq_oom(st);
    return r;
  }
  if (t.kind == JV_STRING) {
    /* by code points */
    const char *p = t.u.s->s;
    size_t n = t.u.s->len, cps = vsh__utf8_count(p, n);
    if (!slice_bounds(from, to, cps, &s, &e)) goto bad;
    size_t i = 0, c = 0, bs = n, be = n;
    while (i <= n) {
      if (c == s && bs == n) bs = i;
      if (c == e) {
        be = i;
        break;
      }
      if (i == n) break;
      int32_t cp;
      i += (size_t)vsh__utf8_decode(p + i, n - i, &cp);
      c++;
    }
    if (bs > be) bs = be;
    jv r = jv_str_n(p + bs, be - bs);
    if (!jv_ok(r)) jq_oom(st);
    return r;
  }
bad:
  if (from.kind != JV_NULL && from.kind != JV_NUMBER)
    jq_error(st, "Start and end indices of an array slice must be numbers");
  else if (to.kind != JV_NULL && to.kind != JV_NUMBER)
    jq_error(st, "Start and end indices of an array slice must be numbers");
  else jq_error(st, "Cannot index %s with object", kname(t));
  return jv_invalid();
}

/* ---- paths ------------------------------------------------------------------------ */

static jv jv_delpaths_sorted(jv v, jv paths, jq_st *st);

jv jv_getpath(jv v, jv path, jq_st *st) {
  jv cur = jv_ref(v);
  for (size_t i = 0; i < path.u.a->n; i++) {
    if (cur.kind == JV_NULL) break;
    jv nx = jq_index(st, cur, path.u.a->v[i]);
    jv_unref(cur);
    if (!jv_ok(nx)) return nx;
    cur = nx;
  }
  return cur;
}

jv jv_setpath(jv v, jv path, size_t i, jv x, jq_st *st) {
  if (i >= path.u.a->n) {
    jv_unref(v);
    return x;
  }
  if (i > JV_MAX_DEPTH) {
    jv_unref(v);
    jv_unref(x);
    jq_error(st, "Path too deep");
    return jv_invalid();
  }
  jv k = path.u.a->v[i];
  if (k.kind == JV_STRING) {
    if (v.kind == JV_NULL) {
      v = jv_obj_new();
    } else if (v.kind != JV_OBJECT) {
      char buf[64];
      jv_dump_trunc(buf, sizeof buf, k);
      jq_error(st, "Cannot index %s with %s (%s)", kname(v), kname(k), buf);
      jv_unref(v);
      jv_unref(x);
      return jv_invalid();
    }
    jv *old = jv_obj_find(v, k);
    jv child = old ? *old : jv_null();
    /* take the child out so it is uniquely owned when possible */
    if (old && jv_heap(v) && v.u.o->rc == 1) {
      *old = jv_null();
    } else {
      child = jv_ref(child);
    }
    jv nc = jv_setpath(child, path, i + 1, x, st);
    if (!jv_ok(nc)) {
      jv_unref(v);
      return nc;
    }
    jv r = jv_obj_set(v, jv_ref(k), nc);
    if (!jv_ok(r)) jq_oom(st);
    return r;
  }
  if (k.kind == JV_NUMBER) {
    if (v.kind == JV_NULL) {
      v = jv_arr_new(0);
    } else if (v.kind != JV_ARRAY) {
      char buf[64];
      jv_dump_trunc(buf, sizeof buf, k);
      jq_error(st, "Cannot index %s with number (%s)", kname(v), buf);
      jv_unref(v);
      jv_unref(x);
      return jv_invalid();
    }
    double d = jv_n(k);
    if (d != d) {
      jq_error(st, "Cannot set array element at NaN index");
      jv_unref(v);
      jv_unref(x);
      return jv_invalid();
    }
    if (d < 0) {
      d += (double)v.u.a->n;
      if (d < 0) {
        jq_error(st, "Out of bounds negative array index");
        jv_unref(v);
        jv_unref(x);
        return jv_invalid();
      }
    }
    if (d > 536870911) {
      jq_error(st, "Array index too large");
      jv_unref(v);
      jv_unref(x);
      return jv_invalid();
    }
    size_t idx = (size_t)d;
    jv child = jv_null();
    v = jv_unshare(v);
    if (!jv_ok(v)) {
      jv_unref(x);
      jq_oom(st);
      return v;
    }
    if (idx < v.u.a->n) {
      child = v.u.a->v[idx];
      v.u.a->v[idx] = jv_null();
    }
    jv nc = jv_setpath(child, path, i + 1, x, st);
    if (!jv_ok(nc)) {
      jv_unref(v);
      return nc;
    }
    jv r = jv_arr_set(v, idx, nc);
    if (!jv_ok(r)) jq_oom(st);
    return r;
  }
  if (k.kind == JV_OBJECT) {
    /* a slice */
    if (v.kind == JV_NULL) v = jv_arr_new(0);
    if (v.kind != JV_ARRAY) {
      if (v.kind == JV_STRING) jq_error(st, "Cannot update string slices");
      else jq_error(st, "Cannot update field at object index of %s", kname(v));
      jv_unref(v);
      jv_unref(x);
      return jv_invalid();
    }
    jv *s = jv_obj_find_c(k, "start", 5), *e = jv_obj_find_c(k, "end", 3);
    size_t a, b;
    if (!slice_bounds(s ? *s : jv_null(), e ? *e : jv_null(), v.u.a->n, &a,
                      &b)) {
      jq_error(st, "Start and end indices of an array slice must be numbers");
      jv_unref(v);
      jv_unref(x);
      return jv_invalid();
    }
    jv cur = jv_arr_slice(jv_ref(v), a, b);
    jv nc = jv_setpath(cur, path, i + 1, x, st);
    if (!jv_ok(nc)) {
      jv_unref(v);
      return nc;
    }
    if (nc.kind != JV_ARRAY) {
      jv_unref(v);
      jv_unref(nc);
      jq_error(st, "A slice of an array can only be assigned another array");
      return jv_invalid();
    }
    jv r = jv_arr_new(v.u.a->n - (b - a) + nc.u.a->n);
    for (size_t j = 0; j < a && jv_ok(r); j++)
      r = jv_arr_push(r, jv_ref(v.u.a->v[j]));
    r = jv_arr_concat(r, nc);
    for (size_t j = b; j < v.u.a->n && jv_ok(r); j++)
      r = jv_arr_push(r, jv_ref(v.u.a->v[j]));
    jv_unref(v);
    if (!jv_ok(r)) jq_oom(st);
    return r;
  }
  if (k.kind == JV_NULL && v.kind == JV_NULL) {
    jv_unref(x);
    return v;
  }
  if (k.kind == JV_ARRAY && v.kind == JV_ARRAY)
    jq_error(st, "Cannot update field at array index of array");
  else jq_error(st, "Invalid path component");
  jv_unref(v);
  jv_unref(x);
  return jv_invalid();
}

static jv delpath1(jv v, jv path, size_t i, jq_st *st) {
  if (v.kind == JV_NULL) return v;
  jv k = path.u.a->v[i];
  if (i + 1 == path.u.a->n) {
    if (k.kind == JV_STRING) {
      if (v.kind != JV_OBJECT) {
        char buf[40];
        jv_dump_trunc(buf, sizeof buf, k);
        jq_error(st, "Cannot delete field at object index of %s", kname(v));
        jv_unref(v);
        return jv_invalid();
      }
      return jv_obj_del(v, jv_ref(k));
    }
    if (k.kind == JV_NUMBER) {
      if (v.kind != JV_ARRAY) {
        jq_error(st, "Cannot delete field at index of %s", kname(v));
        jv_unref(v);
        return jv_invalid();
      }
      double d = floor(jv_n(k));
      if (d < 0) d += (double)v.u.a->n;
      if (d < 0) {
        jq_error(st, "Out of bounds negative array index");
        jv_unref(v);
        return jv_invalid();
      }
      if (d >= (double)v.u.a->n) return v;
      size_t idx = (size_t)d;
      v = jv_unshare(v);
      if (!jv_ok(v)) return v;
      jv_unref(v.u.a->v[idx]);
      memmove(&v.u.a->v[idx], &v.u.a->v[idx + 1],
              (v.u.a->n - idx - 1) * sizeof(jv));
      v.u.a->n--;
      return v;
    }
    if (k.kind == JV_OBJECT) {
      if (v.kind != JV_ARRAY) {
        jq_error(st, "Cannot delete slice of %s", kname(v));
        jv_unref(v);
        return jv_invalid();
      }
      jv *s = jv_obj_find_c(k, "start", 5), *e = jv_obj_find_c(k, "end", 3);
      size_t a, b;
      if (!slice_bounds(s ? *s : jv_null(), e ? *e : jv_null(), v.u.a->n, &a,
                        &b)) {
        jq_error(st, "Start and end indices of an array slice must be numbers");
        jv_unref(v);
        return jv_invalid();
      }
      jv r = jv_arr_new(v.u.a->n - (b - a));
      for (size_t j = 0; j < v.u.a->n && jv_ok(r); j++)
        if (j < a || j >= b) r = jv_arr_push(r, jv_ref(v.u.a->v[j]));
      jv_unref(v);
      return r;
    }
    jq_error(st, "Invalid path component");
    jv_unref(v);
    return jv_invalid();
  }
  jv child = jq_index(st, v, k);
  if (!jv_ok(child)) {
    jv_unref(v);
    return child;
  }
  if (child.kind == JV_NULL) {
    jv_unref(child);
    return v;
  }
  jv nc = delpath1(child, path, i + 1, st);
  if (!jv_ok(nc)) {
    jv_unref(v);
    return nc;
  }
  jv pp = jv_arr_new(1);
  pp = jv_arr_push(pp, jv_ref(k));
  if (!jv_ok(pp)) {
    jv_unref(v);
    jv_unref(nc);
    return pp;
  }
  jv r = jv_setpath(v, pp, 0, nc, st);
  jv_unref(pp);
  return r;
}

/* A path with negative indices and slice bounds made absolute against v
 * (so sorting puts them in deletion order); invalid when it names
 * nothing (a NaN index, an index before the start). */
static jv norm_path(jv v, jv path, jq_st *st) {
  jv r = jv_arr_new(path.u.a->n);
  jv cur = jv_ref(v);
  for (size_t i = 0; i < path.u.a->n && jv_ok(r); i++) {
    jv k = path.u.a->v[i];
    if (k.kind == JV_NUMBER && cur.kind == JV_ARRAY) {
      double d = jv_n(k);
      if (d != d) {
        jv_unref(r);
        r = jv_null();
        break;
      }
      d = floor(d);
      if (d < 0) d += (double)cur.u.a->n;
      if (d < 0) {
        jv_unref(r);
        r = jv_null();
        break;
      }
      k = jv_num(d);
    } else if (k.kind == JV_OBJECT && cur.kind == JV_ARRAY) {
      jv *s = jv_obj_find_c(k, "start", 5), *e = jv_obj_find_c(k, "end", 3);
      size_t a, b;
      if (slice_bounds(s ? *s : jv_null(), e ? *e : jv_null(), cur.u.a->n, &a,
                       &b)) {
        jv o = jv_obj_new();
        o = jv_obj_set(o, jv_str_c("start"), jv_num((double)a));
        o = jv_obj_set(o, jv_str_c("end"), jv_num((double)b));
        r = jv_arr_push(r, o);
        jv_unref(cur);
        cur = jv_null();
        continue;
      }
    }
    r = jv_arr_push(r, jv_ref(k));
    jv nx = cur.kind == JV_NULL ? jv_null() : jq_index(st, cur, k);
    jv_unref(cur);
    if (!jv_ok(nx)) {
      jv_unref(st->err);
      st->err = jv_invalid();
      nx = jv_null();
    }
    cur = nx;
  }
  jv_unref(cur);
  return r;
}

jv jv_delpaths(jv v, jv paths0, jq_st *st) {
  /* longest and last paths first, so earlier indices stay valid */
  jv paths = jv_arr_new(paths0.u.a->n);
  for (size_t i = 0; i < paths0.u.a->n && jv_ok(paths); i++) {
    jv p = paths0.u.a->v[i];
    if (p.kind != JV_ARRAY) {
      jv_unref(paths);
      jv_unref(v);
      jq_error(st, "Path must be specified as an array");
      return jv_invalid();
    }
    jv np = norm_path(v, p, st);
    if (np.kind == JV_NULL) continue;
    paths = jv_arr_push(paths, np);
  }
  if (!jv_ok(paths)) {
    jv_unref(v);
    jq_oom(st);
    return paths;
  }
  jv r = jv_delpaths_sorted(v, paths, st);
  jv_unref(paths);
  return r;
}

static jv jv_delpaths_sorted(jv v, jv paths, jq_st *st) {
  size_t n = paths.u.a->n;
  jv *ks = malloc((n ? n : 1) * sizeof *ks),
     *vs = malloc((n ? n : 1) * sizeof *vs);
  if (!ks || !vs) {
    free(ks);
    free(vs);
    jv_unref(v);
    jq_oom(st);
    return jv_invalid();
  }
  for (size_t i = 0; i < n; i++) ks[i] = vs[i] = paths.u.a->v[i];
  jv_sort_pairs(ks, vs, n);
  for (size_t i = n; i-- > 0 && jv_ok(v);) {
    jv p = ks[i];
    if (i + 1 < n && jv_eq(p, ks[i + 1])) continue; /* deleted already */
    if (p.u.a->n == 0) {
      jv_unref(v);
      v = jv_null();
      continue;
    }
    v = delpath1(v, p, 0, st);
  }
  free(ks);
  free(vs);
  return v;
}

/* ---- arithmetic ------------------------------------------------------------------------ */

__attribute__((noinline)) static jv binop_err(jq_st *st, jv a, jv b,
                                              const char *what) {
  char x[64], y[64];
  jv_dump_trunc(x, sizeof x, a);
  jv_dump_trunc(y, sizeof y, b);
  jq_error(st, "%s (%s) and %s (%s) cannot be %s", kname(a), x, kname(b), y,
           what);
  return jv_invalid();
}

static jv repeat_str(jq_st *st, jv s, double n) {
  /* jq 1.8: a negative count (or nan) is null, 0 <= n < 1 is "" */
  if (n != n || n < 0) return jv_null();
  if (s.u.s->len == 0 || n < 1) return jv_str_n("", 0);
  size_t times = (size_t)n;
  if (n > 1e9 || s.u.s->len * times > (256u << 20)) {
    jq_error(st, "Repeat string result too long");
    return jv_invalid();
  }
  jv r = jv_str_n(NULL, s.u.s->len * times);
  if (!jv_ok(r)) {
    jq_oom(st);
    return r;
  }
  for (size_t i = 0; i < times; i++)
    memcpy(r.u.s->s + i * s.u.s->len, s.u.s->s, s.u.s->len);
  return r;
}

jv jq_binop(jq_st *st, int op, jv a, jv b) {
  jv r;
  switch (op) {
  case JQ_ADD:
    if (a.kind == JV_NUMBER && b.kind == JV_NUMBER)
      return jv_num(jv_n(a) + jv_n(b));
    if (a.kind == JV_NULL) return jv_ref(b);
    if (b.kind == JV_NULL) return jv_ref(a);
    if (a.kind == JV_STRING && b.kind == JV_STRING) {
      r = jv_str_cat(jv_ref(a), b.u.s->s, b.u.s->len);
      break;
    }
    if (a.kind == JV_ARRAY && b.kind == JV_ARRAY) {
      r = jv_arr_concat(jv_ref(a), jv_ref(b));
      break;
    }
    if (a.kind == JV_OBJECT && b.kind == JV_OBJECT) {
      r = jv_obj_merge(jv_ref(a), jv_ref(b), false);
      break;
    }
    return binop_err(st, a, b, "added");
  case JQ_SUB:
    if (a.kind == JV_NUMBER && b.kind == JV_NUMBER)
      return jv_num(jv_n(a) - jv_n(b));
    if (a.kind == JV_ARRAY && b.kind == JV_ARRAY) {
      r = jv_arr_new(0);
      for (size_t i = 0; i < a.u.a->n && jv_ok(r); i++) {
        bool del = false;
        for (size_t j = 0; j < b.u.a->n && !del; j++)
          del = jv_eq(a.u.a->v[i], b.u.a->v[j]);
        if (!del) r = jv_arr_push(r, jv_ref(a.u.a->v[i]));
      }
      break;
    }
    return binop_err(st, a, b, "subtracted");
  case JQ_MUL:
    if (a.kind == JV_NUMBER && b.kind == JV_NUMBER)
      return jv_num(jv_n(a) * jv_n(b));
    if (a.kind == JV_STRING && b.kind == JV_NUMBER)
      return repeat_str(st, a, jv_n(b));
    if (a.kind == JV_NUMBER && b.kind == JV_STRING)
      return repeat_str(st, b, jv_n(a));
    if (a.kind == JV_OBJECT && b.kind == JV_OBJECT) {
      bool deep = false;
      r = jv_obj_merge_chk(jv_ref(a), jv_ref(b), &deep);
      if (deep) {
        jq_error(st, "Object merge too deep");
        return jv_invalid();
      }
      break;
    }
    return binop_err(st, a, b, "multiplied");
  case JQ_DIV:
    if (a.kind == JV_NUMBER && b.kind == JV_NUMBER) {
      if (jv_n(b) == 0)
        return binop_err(st, a, b, "divided because the divisor is zero");
      return jv_num(jv_n(a) / jv_n(b));
    }
    if (a.kind == JV_STRING && b.kind == JV_STRING) {
      /* split */
      r = jv_arr_new(0);
      const char *s = a.u.s->s, *sep = b.u.s->s;
      size_t n = a.u.s->len, m = b.u.s->len;
      if (n == 0) break;
      if (m == 0) {
        size_t i = 0;
        while (i < n && jv_ok(r)) {
          int32_t cp;
          int l = vsh__utf8_decode(s + i, n - i, &cp);
          r = jv_arr_push(r, jv_str_n(s + i, (size_t)l));
          i += (size_t)l;
        }
        break;
      }
      size_t st0 = 0;
      for (;;) {
        const char *f = memmem(s + st0, n - st0, sep, m);
        if (!f) {
          r = jv_arr_push(r, jv_str_n(s + st0, n - st0));
          break;
        }
        r = jv_arr_push(r, jv_str_n(s + st0, (size_t)(f - (s + st0))));
        if (!jv_ok(r)) break;
        st0 = (size_t)(f - s) + m;
      }
      break;
    }
    return binop_err(st, a, b, "divided");
  case JQ_MOD:
    if (a.kind == JV_NUMBER && b.kind == JV_NUMBER) {
      double x = jv_n(a), y = jv_n(b);
      if (x != x || y != y) return jv_num(NAN);
      long long xi = x >= 9.2e18    ? LLONG_MAX
                     : x <= -9.2e18 ? LLONG_MIN
                                    : (long long)x;
      long long yi = y >= 9.2e18    ? LLONG_MAX
                     : y <= -9.2e18 ? LLONG_MIN
                                    : (long long)y;
      if (yi == 0)
        return binop_err(st, a, b,
                         "divided (remainder) because the divisor is zero");
      if (yi < 0) yi = -yi;
      if (yi == 1 || yi == LLONG_MIN) return jv_num(yi == 1 ? 0 : (double)xi);
      long long m = xi % yi;
      return jv_num((double)m);
    }
    return binop_err(st, a, b, "divided (remainder)");
  case JQ_EQ:
  case JQ_NE: {
    int e = jv_eq_chk(a, b);
    if (e == JV_CMP_DEEP) {
      jq_error(st, "Equality check too deep");
      return jv_invalid();
    }
    return jv_bool(op == JQ_EQ ? e == 1 : e != 1);
  }
  case JQ_LT:
  case JQ_LE:
  case JQ_GT:
  case JQ_GE: {
    int c = jv_cmp(a, b);
    if (c == JV_CMP_DEEP) {
      jq_error(st, "Comparison too deep");
      return jv_invalid();
    }
    return jv_bool(op == JQ_LT   ? c < 0
                   : op == JQ_LE ? c <= 0
                   : op == JQ_GT ? c > 0
                                 : c >= 0);
  }
  default: return jv_null();
  }
  if (!jv_ok(r)) jq_oom(st);
  return r;
}
