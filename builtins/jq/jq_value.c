/* jq_value.c: jq's values.  Strings, arrays, objects and literal numbers
 * are refcounted heap blocks; an update copies the top level unless the
 * count is 1 (then it mutates in place, so building an array in a reduce
 * is linear).  Objects keep insertion order with a hash index past 8 keys.
 * Freeing is iterative (a value may be nested arbitrarily deep). */
#include "builtins/jq/jq_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- strings ------------------------------------------------------------ */

jv jv_str_n(const char *s, size_t n) {
  jv_str *p = malloc(sizeof *p + n + 1);
  if (!p) return jv_invalid();
  p->rc = 1;
  p->hash = 0;
  p->len = n;
  if (n && s) memcpy(p->s, s, n);
  p->s[n] = 0;
  jv v = {JV_STRING, 0, {0}};
  v.u.s = p;
  return v;
}

jv jv_str_c(const char *s) { return jv_str_n(s, strlen(s)); }

jv jv_str_buf(vsh_buf *b) {
  jv v = jv_str_n(b->data ? b->data : "", b->len);
  vsh_buf_dispose(b);
  return v;
}

jv jv_str_cat(jv a, const char *s, size_t n) {
  if (!jv_ok(a)) return a;
  if (a.u.s->rc == 1) {
    jv_str *p = realloc(a.u.s, sizeof *p + a.u.s->len + n + 1);
    if (!p) {
      jv_unref(a);
      return jv_invalid();
    }
    memcpy(p->s + p->len, s, n);
    p->len += n;
    p->s[p->len] = 0;
    p->hash = 0;
    a.u.s = p;
    return a;
  }
  jv r = jv_str_n(NULL, a.u.s->len + n);
  if (jv_ok(r)) {
    memcpy(r.u.s->s, a.u.s->s, a.u.s->len);
    memcpy(r.u.s->s + a.u.s->len, s, n);
  }
  jv_unref(a);
  return r;
}

jv jv_numlit(double d, const char *text, size_t n) {
  jv_lit *p = malloc(sizeof *p + n + 1);
  if (!p) return jv_invalid();
  p->rc = 1;
  p->d = d;
  memcpy(p->text, text, n);
  p->text[n] = 0;
  jv v = {JV_NUMBER, 1, {0}};
  v.u.l = p;
  return v;
}

uint32_t jv_str_hash(jv s) {
  jv_str *p = s.u.s;
  if (p->hash) return p->hash;
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < p->len; i++)
    h = (h ^ (unsigned char)p->s[i]) * 16777619u;
  if (!h) h = 1;
  return p->hash = h;
}

/* ---- freeing ------------------------------------------------------------- */

static void free_one(jv v, jv **stk, size_t *n, size_t *cap) {
  /* children whose count drops to zero go on the work stack */
#define PUSH(x)                                                                \
  do {                                                                         \
    jv x_ = (x);                                                               \
    if (jv_heap(x_) && --(*(uint32_t *)x_.u.s) == 0) {                         \
      if (x_.kind == JV_STRING || x_.kind == JV_NUMBER) {                      \
        free(x_.u.s);                                                          \
      } else {                                                                 \
        if (*n == *cap) {                                                      \
          size_t nc = *cap ? *cap * 2 : 64;                                    \
          jv *ns = realloc(*stk, nc * sizeof *ns);                             \
          if (!ns) { /* cannot defer: leak rather than recurse */              \
            break;                                                             \
          }                                                                    \
          *stk = ns;                                                           \
          *cap = nc;                                                           \
        }                                                                      \
        (*stk)[(*n)++] = x_;                                                   \
      }                                                                        \
    }                                                                          \
  } while (0)
  if (v.kind == JV_ARRAY) {
    jv_arr *a = v.u.a;
    for (size_t i = 0; i < a->n; i++) PUSH(a->v[i]);
    if (a->v != a->inl) free(a->v);
    free(a);
  } else if (v.kind == JV_OBJECT) {
    jv_obj *o = v.u.o;
    for (size_t i = 0; i < o->n; i++) {
      PUSH(o->e[i].key);
      PUSH(o->e[i].val);
    }
    if (o->e != o->inl) free(o->e);
    free(o->idx);
    free(o);
  } else {
    free(v.u.s);
  }
#undef PUSH
}

void jv_free_deep(jv v) {
  jv *stk = NULL;
  size_t n = 0, cap = 0;
  free_one(v, &stk, &n, &cap);
  while (n) {
    jv x = stk[--n];
    free_one(x, &stk, &n, &cap);
  }
  free(stk);
}

/* ---- arrays ---------------------------------------------------------------- */

jv jv_arr_new(size_t cap) {
  if (cap > (1u << 28)) return jv_invalid();
  jv_arr *a = malloc(sizeof *a + cap * sizeof(jv));
  if (!a) return jv_invalid();
  a->rc = 1;
  a->n = 0;
  a->cap = cap;
  a->v = a->inl;
  jv v = {JV_ARRAY, 0, {0}};
  v.u.a = a;
  return v;
}

jv jv_unshare(jv v) {
  if (!jv_ok(v) || !jv_heap(v) || *(uint32_t *)v.u.s == 1) return v;
  jv r;
  if (v.kind == JV_ARRAY) {
    r = jv_arr_new(v.u.a->n);
    if (jv_ok(r)) {
      for (size_t i = 0; i < v.u.a->n; i++) r.u.a->v[i] = jv_ref(v.u.a->v[i]);
      r.u.a->n = v.u.a->n;
    }
  } else if (v.kind == JV_OBJECT) {
    r = jv_obj_new_cap(v.u.o->n);
    if (jv_ok(r) && v.u.o->n) {
      jv_obj *o = r.u.o;
      {
        for (size_t i = 0; i < v.u.o->n; i++) {
          o->e[i].key = jv_ref(v.u.o->e[i].key);
          o->e[i].val = jv_ref(v.u.o->e[i].val);
        }
        o->n = v.u.o->n;
        if (v.u.o->idx) {
          o->idx = malloc(v.u.o->nidx * sizeof *o->idx);
          if (!o->idx) {
            jv_unref(r);
            r = jv_invalid();
          } else {
            memcpy(o->idx, v.u.o->idx, v.u.o->nidx * sizeof *o->idx);
            o->nidx = v.u.o->nidx;
          }
        }
      }
    }
  } else if (v.kind == JV_STRING) {
    r = jv_str_n(v.u.s->s, v.u.s->len);
  } else {
    r = jv_ref(v);
  }
  jv_unref(v);
  return r;
}

static bool arr_grow(jv_arr *a, size_t need) {
  if (need <= a->cap) return true;
  size_t nc = a->cap ? a->cap * 2 : 4;
  while (nc < need) nc *= 2;
  jv *nv;
  if (a->v == a->inl) {
    nv = malloc(nc * sizeof *nv);
    if (nv && a->n) memcpy(nv, a->inl, a->n * sizeof *nv);
  } else {
    nv = realloc(a->v, nc * sizeof *nv);
  }
  if (!nv) return false;
  a->v = nv;
  a->cap = nc;
  return true;
}

jv jv_arr_push(jv a, jv x) {
  if (!jv_ok(a) || !jv_ok(x)) {
    jv_unref(a);
    jv_unref(x);
    return jv_invalid();
  }
  a = jv_unshare(a);
  if (!jv_ok(a) || !arr_grow(a.u.a, a.u.a->n + 1)) {
    jv_unref(a);
    jv_unref(x);
    return jv_invalid();
  }
  a.u.a->v[a.u.a->n++] = x;
  return a;
}

jv jv_arr_set(jv a, size_t i, jv x) {
  if (!jv_ok(a) || !jv_ok(x) || i > (1u << 29)) {
    jv_unref(a);
    jv_unref(x);
    return jv_invalid();
  }
  a = jv_unshare(a);
  if (!jv_ok(a) || !arr_grow(a.u.a, i + 1)) {
    jv_unref(a);
    jv_unref(x);
    return jv_invalid();
  }
  jv_arr *p = a.u.a;
  while (p->n <= i) p->v[p->n++] = jv_null();
  jv_unref(p->v[i]);
  p->v[i] = x;
  return a;
}

jv jv_arr_concat(jv a, jv b) {
  if (!jv_ok(a) || !jv_ok(b)) {
    jv_unref(a);
    jv_unref(b);
    return jv_invalid();
  }
  a = jv_unshare(a);
  if (!jv_ok(a) || !arr_grow(a.u.a, a.u.a->n + b.u.a->n)) {
    jv_unref(a);
    jv_unref(b);
    return jv_invalid();
  }
  for (size_t i = 0; i < b.u.a->n; i++)
    a.u.a->v[a.u.a->n++] = jv_ref(b.u.a->v[i]);
  jv_unref(b);
  return a;
}

jv jv_arr_slice(jv a, size_t from, size_t to) {
  jv r = jv_arr_new(to > from ? to - from : 0);
  if (jv_ok(r))
    for (size_t i = from; i < to; i++)
      r.u.a->v[r.u.a->n++] = jv_ref(a.u.a->v[i]);
  jv_unref(a);
  return r;
}

/* ---- objects -------------------------------------------------------------- */

jv jv_obj_new(void) { return jv_obj_new_cap(0); }

jv jv_obj_new_cap(size_t cap) {
  if (cap > (1u << 27)) return jv_invalid();
  jv_obj *o = malloc(sizeof *o + cap * sizeof(jv_slot));
  if (!o) return jv_invalid();
  memset(o, 0, sizeof *o);
  o->rc = 1;
  o->cap = cap;
  o->e = o->inl;
  jv v = {JV_OBJECT, 0, {0}};
  v.u.o = o;
  return v;
}

static bool key_eq(jv a, const char *s, size_t n) {
  return a.u.s->len == n && memcmp(a.u.s->s, s, n) == 0;
}

static uint32_t hash_bytes(const char *s, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h ? h : 1;
}

static bool obj_reindex(jv_obj *o) {
  size_t want = 16;
  while (want < o->n * 2 + 2) want *= 2;
  uint32_t *idx = calloc(want, sizeof *idx);
  if (!idx) return false;
  for (size_t i = 0; i < o->n; i++) {
    size_t h = jv_str_hash(o->e[i].key) & (want - 1);
    while (idx[h]) h = (h + 1) & (want - 1);
    idx[h] = (uint32_t)(i + 1);
  }
  free(o->idx);
  o->idx = idx;
  o->nidx = want;
  return true;
}

static long obj_pos(jv_obj *o, const char *s, size_t n, uint32_t h) {
  if (!o->idx) {
    for (size_t i = 0; i < o->n; i++)
      if (key_eq(o->e[i].key, s, n)) return (long)i;
    return -1;
  }
  size_t m = o->nidx - 1, p = h & m;
  while (o->idx[p]) {
    jv_slot *sl = &o->e[o->idx[p] - 1];
    if (jv_str_hash(sl->key) == h && key_eq(sl->key, s, n))
      return (long)o->idx[p] - 1;
    p = (p + 1) & m;
  }
  return -1;
}

jv *jv_obj_find_c(jv o, const char *k, size_t n) {
  jv_obj *p = o.u.o;
  long i = obj_pos(p, k, n, p->idx ? hash_bytes(k, n) : 0);
  return i < 0 ? NULL : &p->e[i].val;
}

jv *jv_obj_find(jv o, jv k) {
  jv_obj *p = o.u.o;
  long i = obj_pos(p, k.u.s->s, k.u.s->len, p->idx ? jv_str_hash(k) : 0);
  return i < 0 ? NULL : &p->e[i].val;
}

jv jv_obj_set(jv o, jv k, jv v) {
  if (!jv_ok(o) || !jv_ok(k) || !jv_ok(v)) goto fail;
  o = jv_unshare(o);
  if (!jv_ok(o)) goto fail;
  jv_obj *p = o.u.o;
  long i = obj_pos(p, k.u.s->s, k.u.s->len, p->idx ? jv_str_hash(k) : 0);
  if (i >= 0) {
    jv_unref(p->e[i].val);
    p->e[i].val = v;
    jv_unref(k);
    return o;
  }
  if (p->n == p->cap) {
    size_t nc = p->cap ? (size_t)p->cap * 2 : 4;
    jv_slot *ne;
    if (nc > (1u << 27)) goto fail; /* the 32-bit counts of jv_obj */
    if (p->e == p->inl) {
      ne = malloc(nc * sizeof *ne);
      if (ne && p->n) memcpy(ne, p->inl, p->n * sizeof *ne);
    } else {
      ne = realloc(p->e, nc * sizeof *ne);
    }
    if (!ne) goto fail;
    p->e = ne;
    p->cap = nc;
  }
  p->e[p->n].key = k;
  p->e[p->n].val = v;
  p->n++;
  if (p->n > 8) {
    if (!p->idx || p->n * 2 > p->nidx) {
      if (!obj_reindex(p)) {
        p->n--;
        goto fail;
      }
    } else {
      size_t m = p->nidx - 1, h = jv_str_hash(k) & m;
      while (p->idx[h]) h = (h + 1) & m;
      p->idx[h] = (uint32_t)p->n;
    }
  }
  return o;
fail:
  jv_unref(o);
  jv_unref(k);
  jv_unref(v);
  return jv_invalid();
}

jv jv_obj_del(jv o, jv k) {
  if (!jv_ok(o) || !jv_ok(k)) {
    jv_unref(o);
    jv_unref(k);
    return jv_invalid();
  }
  long i =
      obj_pos(o.u.o, k.u.s->s, k.u.s->len, o.u.o->idx ? jv_str_hash(k) : 0);
  jv_unref(k);
  if (i < 0) return o;
  o = jv_unshare(o);
  if (!jv_ok(o)) return o;
  jv_obj *p = o.u.o;
  jv_unref(p->e[i].key);
  jv_unref(p->e[i].val);
  memmove(&p->e[i], &p->e[i + 1], (p->n - i - 1) * sizeof *p->e);
  p->n--;
  if (p->idx && !obj_reindex(p)) {
    free(p->idx);
    p->idx = NULL;
    p->nidx = 0;
    if (p->n > 8) { /* lookups stay correct by the linear scan */
    }
  }
  return o;
}

static jv merge_d(jv a, jv b, bool deep, int depth, bool *toodeep);

jv jv_obj_merge(jv a, jv b, bool deep) {
  bool td = false;
  return merge_d(a, b, deep, 0, &td);
}

jv jv_obj_merge_chk(jv a, jv b, bool *toodeep) {
  return merge_d(a, b, true, 0, toodeep);
}

static jv merge_d(jv a, jv b, bool deep, int depth, bool *toodeep) {
  if (depth > JV_MAX_DEPTH) {
    *toodeep = true;
    jv_unref(a);
    jv_unref(b);
    return jv_invalid();
  }
  if (!jv_ok(a) || !jv_ok(b)) {
    jv_unref(a);
    jv_unref(b);
    return jv_invalid();
  }
  for (size_t i = 0; i < b.u.o->n && jv_ok(a); i++) {
    jv k = b.u.o->e[i].key, v = b.u.o->e[i].val;
    jv *old;
    if (deep && v.kind == JV_OBJECT && (old = jv_obj_find(a, k)) &&
        old->kind == JV_OBJECT) {
      jv m = merge_d(jv_ref(*old), jv_ref(v), true, depth + 1, toodeep);
      if (!jv_ok(m)) {
        jv_unref(a);
        jv_unref(b);
        return m;
      }
      a = jv_obj_set(a, jv_ref(k), m);
    } else {
      a = jv_obj_set(a, jv_ref(k), jv_ref(v));
    }
  }
  jv_unref(b);
  return a;
}

/* ---- order ---------------------------------------------------------------- */

const char *jv_kind_name(jv_kind k) {
  switch (k) {
  case JV_NULL: return "null";
  case JV_FALSE:
  case JV_TRUE: return "boolean";
  case JV_NUMBER: return "number";
  case JV_STRING: return "string";
  case JV_ARRAY: return "array";
  case JV_OBJECT: return "object";
  default: return "<invalid>";
  }
}

static int kind_rank(jv v) {
  return v.kind; /* null < false < true < number < string < array < object */
}

static int str_cmp(jv a, jv b) {
  size_t la = a.u.s->len, lb = b.u.s->len;
  int c = memcmp(a.u.s->s, b.u.s->s, la < lb ? la : lb);
  if (c) return c < 0 ? -1 : 1;
  return la < lb ? -1 : la > lb;
}

static int key_cmp(const void *x, const void *y) {
  return str_cmp(*(const jv *)x, *(const jv *)y);
}

jv jv_keys(jv o, bool sorted) {
  jv r = jv_arr_new(o.u.o->n);
  if (!jv_ok(r)) return r;
  for (size_t i = 0; i < o.u.o->n; i++)
    r.u.a->v[r.u.a->n++] = jv_ref(o.u.o->e[i].key);
  if (sorted) qsort(r.u.a->v, r.u.a->n, sizeof(jv), key_cmp);
  return r;
}

static int cmp_depth(jv a, jv b, int depth) {
  int ra = kind_rank(a), rb = kind_rank(b);
  if (ra != rb) return ra < rb ? -1 : 1;
  if (depth > JV_MAX_DEPTH) return JV_CMP_DEEP;
  switch (a.kind) {
  case JV_NUMBER: {
    double x = jv_n(a), y = jv_n(b);
    return x < y ? -1 : x > y ? 1 : 0; /* nan sorts below numbers in jq */
  }
  case JV_STRING: return str_cmp(a, b);
  case JV_ARRAY: {
    size_t i;
    for (i = 0; i < a.u.a->n && i < b.u.a->n; i++) {
      int c = cmp_depth(a.u.a->v[i], b.u.a->v[i], depth + 1);
      if (c) return c;
    }
    return a.u.a->n < b.u.a->n ? -1 : a.u.a->n > b.u.a->n;
  }
  case JV_OBJECT: {
    jv ka = jv_keys(a, true), kb = jv_keys(b, true);
    int c = 0;
    if (!jv_ok(ka) || !jv_ok(kb)) {
      jv_unref(ka);
      jv_unref(kb);
      return 0;
    }
    c = cmp_depth(ka, kb, depth + 1);
    if (c == JV_CMP_DEEP) c = 0; /* keys are flat */
    for (size_t i = 0; !c && i < ka.u.a->n; i++)
      c = cmp_depth(*jv_obj_find(a, ka.u.a->v[i]),
                    *jv_obj_find(b, ka.u.a->v[i]), depth + 1);
    jv_unref(ka);
    jv_unref(kb);
    return c;
  }
  default: return 0;
  }
}

/* A decimal text as sign, significant digits and the power of ten of the
 * first digit. */
typedef struct dec {
  int sign;
  size_t nd; /* significant digits */
  long e;    /* exponent of the first significant digit */
  char dig[80];
} dec;

static void dec_parse(const char *s, dec *x) {
  x->sign = 1;
  if (*s == '-') {
    x->sign = -1;
    s++;
  } else if (*s == '+') {
    s++;
  }
  long int_len = 0, idx = 0, first_nz = -1;
  bool frac = false;
  size_t nd = 0;
  for (; *s && *s != 'e' && *s != 'E'; s++) {
    if (*s == '.') {
      frac = true;
      continue;
    }
    if (*s < '0' || *s > '9') break;
    if (!frac) int_len++;
    if (first_nz < 0 && *s != '0') first_nz = idx;
    if (first_nz >= 0 && nd < sizeof x->dig) x->dig[nd++] = *s;
    idx++;
  }
  long ex = (*s == 'e' || *s == 'E') ? strtol(s + 1, NULL, 10) : 0;
  while (nd > 0 && x->dig[nd - 1] == '0') nd--;
  x->nd = nd;
  if (!nd) {
    x->sign = 0;
    x->e = 0;
    return;
  }
  x->e = int_len - 1 - first_nz + ex;
}

int jv_lit_cmp(const char *a, const char *b) {
  dec x, y;
  dec_parse(a, &x);
  dec_parse(b, &y);
  if (x.sign != y.sign) return x.sign < y.sign ? -1 : 1;
  if (x.sign == 0) return 0;
  int mag;
  if (x.e != y.e) mag = x.e < y.e ? -1 : 1;
  else {
    size_t n = x.nd < y.nd ? x.nd : y.nd;
    int c = memcmp(x.dig, y.dig, n);
    mag = c ? (c < 0 ? -1 : 1) : (x.nd < y.nd ? -1 : x.nd > y.nd);
  }
  return x.sign * mag;
}

/* A literal against any number: exact, on the decimal texts (a double
 * by its canonical text, which is its literal when it came from one). */
static int num_lit_cmp(jv a, jv b) {
  vsh_buf x, y;
  vsh__buf_init(&x);
  vsh__buf_init(&y);
  if (a.lit) vsh__buf_puts(&x, a.u.l->text);
  else jv_dump_num(&x, a.u.n);
  if (b.lit) vsh__buf_puts(&y, b.u.l->text);
  else jv_dump_num(&y, b.u.n);
  int c = 0;
  double da = jv_n(a), db = jv_n(b);
  /* two literals compare as decimals, anything else as doubles (as
   * jq 1.7 with decNumber) */
  if (x.data && y.data && a.lit && b.lit) c = jv_lit_cmp(x.data, y.data);
  else c = da < db ? -1 : da > db;
  vsh_buf_dispose(&x);
  vsh_buf_dispose(&y);
  return c;
}

int jv_cmp(jv a, jv b) {
  if (a.kind == JV_NUMBER && b.kind == JV_NUMBER) {
    if (a.lit && b.lit) return num_lit_cmp(a, b);
    double x = jv_n(a), y = jv_n(b);
    if (x != x) return y != y ? 0 : -1; /* jq: nan < anything */
    if (y != y) return 1;
    return x < y ? -1 : x > y;
  }
  return cmp_depth(a, b, 0);
}

static int eq_depth(jv a, jv b, int depth) {
  if (a.kind != b.kind) return 0;
  if (a.kind == JV_NUMBER) {
    if (a.lit && b.lit) return num_lit_cmp(a, b) == 0;
    return jv_n(a) == jv_n(b);
  }
  if (a.kind == JV_STRING)
    return a.u.s == b.u.s || (a.u.s->len == b.u.s->len &&
                              memcmp(a.u.s->s, b.u.s->s, a.u.s->len) == 0);
  if (a.kind != JV_ARRAY && a.kind != JV_OBJECT) return 1;
  if (a.u.s == b.u.s) return 1;
  if (depth > JV_MAX_DEPTH) return JV_CMP_DEEP;
  if (a.kind == JV_ARRAY) {
    if (a.u.a->n != b.u.a->n) return 0;
    for (size_t i = 0; i < a.u.a->n; i++) {
      int r = eq_depth(a.u.a->v[i], b.u.a->v[i], depth + 1);
      if (r != 1) return r;
    }
    return 1;
  }
  if (a.u.o->n != b.u.o->n) return 0;
  for (size_t i = 0; i < a.u.o->n; i++) {
    jv *o = jv_obj_find(b, a.u.o->e[i].key);
    if (!o) return 0;
    int r = eq_depth(a.u.o->e[i].val, *o, depth + 1);
    if (r != 1) return r;
  }
  return 1;
}

int jv_eq_chk(jv a, jv b) { return eq_depth(a, b, 0); }

bool jv_eq(jv a, jv b) { return eq_depth(a, b, 0) == 1; }

bool jv_is_integer(jv v) {
  if (v.kind != JV_NUMBER) return false;
  double d = jv_n(v);
  return d == floor(d) && fabs(d) < 9.007199254740992e15 * 1000;
}

static int contains_d(jv a, jv b, int depth) {
  if (a.kind != b.kind && !((a.kind == JV_TRUE || a.kind == JV_FALSE) &&
                            (b.kind == JV_TRUE || b.kind == JV_FALSE)))
    return 0;
  if (depth > JV_MAX_DEPTH) return JV_CMP_DEEP;
  if (a.kind == JV_OBJECT) {
    for (size_t i = 0; i < b.u.o->n; i++) {
      jv *x = jv_obj_find(a, b.u.o->e[i].key);
      if (!x) return 0;
      int r = contains_d(*x, b.u.o->e[i].val, depth + 1);
      if (r != 1) return r;
    }
    return 1;
  }
  if (a.kind == JV_ARRAY) {
    for (size_t i = 0; i < b.u.a->n; i++) {
      int found = 0;
      for (size_t j = 0; j < a.u.a->n && found != 1; j++) {
        found = contains_d(a.u.a->v[j], b.u.a->v[i], depth + 1);
        if (found == JV_CMP_DEEP) return found;
      }
      if (found != 1) return 0;
    }
    return 1;
  }
  if (a.kind == JV_STRING) {
    if (b.u.s->len == 0) return 1;
    if (b.u.s->len > a.u.s->len) return 0;
    return memmem(a.u.s->s, a.u.s->len, b.u.s->s, b.u.s->len) != NULL;
  }
  return eq_depth(a, b, depth);
}

int jv_contains_chk(jv a, jv b) { return contains_d(a, b, 0); }

bool jv_contains(jv a, jv b) { return contains_d(a, b, 0) == 1; }

/* Stable merge sort of index pairs by key. */
typedef struct srt {
  jv k, v;
} srt;

static int scmp(jv a, jv b, bool *deep) {
  int c = jv_cmp(a, b);
  if (c == JV_CMP_DEEP) {
    *deep = true;
    return 0;
  }
  return c;
}

static void merge_sort(srt *x, srt *tmp, size_t n, bool *deep) {
  if (n < 2) return;
  if (n <= 8) {
    for (size_t i = 1; i < n; i++) {
      srt t = x[i];
      size_t j = i;
      while (j > 0 && scmp(x[j - 1].k, t.k, deep) > 0) {
        x[j] = x[j - 1];
        j--;
      }
      x[j] = t;
    }
    return;
  }
  size_t h = n / 2;
  merge_sort(x, tmp, h, deep);
  merge_sort(x + h, tmp, n - h, deep);
  if (scmp(x[h - 1].k, x[h].k, deep) <= 0) return;
  size_t i = 0, j = h, o = 0;
  while (i < h && j < n)
    tmp[o++] = scmp(x[j].k, x[i].k, deep) < 0 ? x[j++] : x[i++];
  while (i < h) tmp[o++] = x[i++];
  while (j < n) tmp[o++] = x[j++];
  memcpy(x, tmp, n * sizeof *x);
}

int jv_sort_pairs(jv *k, jv *v, size_t n) {
  srt *x = malloc((n ? n : 1) * sizeof *x),
      *tmp = malloc((n ? n : 1) * sizeof *x);
  if (!x || !tmp) {
    free(x);
    free(tmp);
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    x[i].k = k[i];
    x[i].v = v[i];
  }
  bool deep = false;
  merge_sort(x, tmp, n, &deep);
  for (size_t i = 0; i < n; i++) {
    k[i] = x[i].k;
    v[i] = x[i].v;
  }
  free(x);
  free(tmp);
  return deep ? -2 : 0;
}
