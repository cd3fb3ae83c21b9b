/* value.c: awk values (doubles and refcounted strings, with the strnum
 * rules of POSIX: input that looks numeric compares as a number) and
 * associative arrays (a dense element vector in insertion order, chained
 * through a bucket index; for-in walks insertion order). */
#include "builtins/awk/awk_int.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

awk_str *awk_str_new(awk_rt *rt, const char *s, size_t n) {
  if (rt && n > rt->max_string) {
    awk_fatal(rt, "string of %zu bytes exceeds the string limit", n);
    return NULL;
  }
  awk_str *r = malloc(sizeof(*r) + n + 1);
  if (!r) {
    if (rt) awk_nomem(rt);
    return NULL;
  }
  r->len = n;
  r->cap = n;
  r->ref = 1;
  r->ascii = 0;
  if (n) memcpy(r->s, s, n);
  r->s[n] = 0;
  return r;
}

void awk_str_unref(awk_str *s) {
  if (s && --s->ref == 0) free(s);
}

awk_val awk_num(double d) {
  awk_val v = {.type = AV_NUM, .has_num = 1, .num = d};
  return v;
}

awk_val awk_strv(awk_str *s) {
  awk_val v = {.type = s ? AV_STR : AV_UNINIT, .str = s};
  return v;
}

bool awk_str_is_ascii(awk_str *s) {
  if (!s->ascii) {
    s->ascii = 1;
    for (size_t i = 0; i < s->len; i++)
      if ((unsigned char)s->s[i] >= 0x80) {
        s->ascii = 2;
        break;
      }
  }
  return s->ascii == 1;
}

size_t awk_char_count(awk_rt *rt, const char *s, size_t n) {
  if (!rt->utf8) return n;
  return vsh__utf8_count(s, n);
}

static bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

double awk_atof(const char *s, size_t n, bool *whole) {
  size_t i = 0;
  while (i < n && is_blank(s[i])) i++;
  size_t st = i;
  bool neg = false;
  if (i < n && (s[i] == '+' || s[i] == '-')) {
    neg = s[i] == '-';
    i++;
  }
  /* gawk: "+inf", "-nan" with an explicit sign */
  if (i > st && n - i >= 3) {
    const char *w = s + i;
    if ((w[0] == 'i' || w[0] == 'I') && (w[1] == 'n' || w[1] == 'N') &&
        (w[2] == 'f' || w[2] == 'F')) {
      size_t j = i + 3;
      while (j < n && is_blank(s[j])) j++;
      if (whole) *whole = j == n;
      if (j != n) return 0; /* gawk: "+inf" only alone */
      return neg ? -INFINITY : INFINITY;
    }
    if ((w[0] == 'n' || w[0] == 'N') && (w[1] == 'a' || w[1] == 'A') &&
        (w[2] == 'n' || w[2] == 'N')) {
      size_t j = i + 3;
      while (j < n && is_blank(s[j])) j++;
      if (whole) *whole = j == n;
      if (j != n) return 0;
      return neg ? -NAN : NAN;
    }
  }
  size_t ds = i;
  uint64_t iv = 0;
  int nd = 0;
  while (i < n && s[i] >= '0' && s[i] <= '9') {
    if (nd < 18) iv = iv * 10 + (uint64_t)(s[i] - '0');
    nd++;
    i++;
  }
  bool simple = true;
  size_t fd = 0;
  if (i < n && s[i] == '.') {
    simple = false;
    i++;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
      i++;
      fd++;
    }
  }
  if (nd == 0 && fd == 0) {
    if (whole) *whole = false;
    return 0;
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    size_t j = i + 1;
    if (j < n && (s[j] == '+' || s[j] == '-')) j++;
    if (j < n && s[j] >= '0' && s[j] <= '9') {
      simple = false;
      while (j < n && s[j] >= '0' && s[j] <= '9') j++;
      i = j;
    }
  }
  size_t end = i;
  if (whole) {
    while (i < n && is_blank(s[i])) i++;
    *whole = i == n;
  }
  if (simple && nd <= 18) return neg ? -(double)iv : (double)iv;
  char small[128];
  size_t len = end - ds;
  char *tmp = len < sizeof(small) ? small : malloc(len + 1);
  if (!tmp) return 0;
  memcpy(tmp, s + ds, len);
  tmp[len] = 0;
  double d = strtod(tmp, NULL);
  if (tmp != small) free(tmp);
  return neg ? -d : d;
}

void awk_classify(awk_val *v) {
  if (v->type != AV_MAYBE) return;
  bool whole = false;
  double d = awk_atof(v->str->s, v->str->len, &whole);
  v->num = d;
  v->has_num = 1;
  v->type = whole ? AV_STRNUM : AV_STR;
}

double awk_to_num(awk_rt *rt, awk_val *v) {
  (void)rt;
  switch (v->type) {
  case AV_UNINIT: return 0;
  case AV_NUM: return v->num;
  default:
    if (!v->has_num) {
      if (v->type == AV_MAYBE) awk_classify(v);
      else {
        v->num = awk_atof(v->str->s, v->str->len, NULL);
        v->has_num = 1;
      }
    }
    return v->num;
  }
}

static size_t fmt_int(char *out, double d) {
  /* d is integral */
  if (d > -1e18 && d < 1e18) {
    int64_t x = (int64_t)d;
    char tmp[24];
    int k = 0;
    bool neg = x < 0;
    uint64_t u = neg ? (uint64_t)(-x) : (uint64_t)x;
    do {
      tmp[k++] = (char)('0' + u % 10);
      u /= 10;
    } while (u);
    size_t n = 0;
    if (neg) out[n++] = '-';
    while (k) out[n++] = tmp[--k];
    out[n] = 0;
    return n;
  }
  return 0;
}

awk_str *awk_num_str(awk_rt *rt, double d, const char *fmt) {
  char buf[400];
  size_t n;
  if (isnan(d)) {
    n = (size_t)snprintf(buf, sizeof(buf), "%s", signbit(d) ? "-nan" : "+nan");
  } else if (isinf(d)) {
    n = (size_t)snprintf(buf, sizeof(buf), "%s", d < 0 ? "-inf" : "+inf");
  } else if (d == floor(d)) {
    n = fmt_int(buf, d);
    if (!n) n = (size_t)snprintf(buf, sizeof(buf), "%.0f", d);
  } else if (!strcmp(fmt, "%.6g")) {
    n = (size_t)snprintf(buf, sizeof(buf), "%.6g", d);
  } else {
    vsh_buf o = {0};
    awk_val a = awk_num(d);
    awk_format(rt, &o, fmt, strlen(fmt), &a, 1);
    awk_str *r = awk_str_new(rt, o.data ? o.data : "", o.len);
    vsh_buf_dispose(&o);
    return r;
  }
  return awk_str_new(rt, buf, n);
}

awk_str *awk_to_str_fmt(awk_rt *rt, awk_val *v, bool ofmt) {
  switch (v->type) {
  case AV_UNINIT: return rt->empty;
  case AV_NUM: {
    bool integral = v->num == floor(v->num) && !isinf(v->num);
    if (v->str) {
      if (integral || isnan(v->num) || isinf(v->num)) return v->str;
      awk_str_unref(v->str); /* CONVFMT or OFMT may differ now */
      v->str = NULL;
    }
    awk_str *s = awk_num_str(rt, v->num, ofmt ? rt->ofmt : rt->convfmt);
    if (!s) return rt->empty;
    v->str = s;
    return s;
  }
  default: return v->str;
  }
}

awk_str *awk_to_str(awk_rt *rt, awk_val *v) {
  return awk_to_str_fmt(rt, v, false);
}

bool awk_truth(awk_rt *rt, awk_val *v) {
  switch (v->type) {
  case AV_UNINIT: return false;
  case AV_NUM: return v->num != 0;
  case AV_STR: return v->str->len != 0;
  case AV_STRNUM: return v->num != 0;
  default: awk_classify(v); return awk_truth(rt, v);
  }
}

static bool numeric(awk_val *v) {
  if (v->type == AV_MAYBE) awk_classify(v);
  return v->type == AV_NUM || v->type == AV_STRNUM || v->type == AV_UNINIT;
}

int awk_compare(awk_rt *rt, awk_val *a, awk_val *b) {
  if (numeric(a) && numeric(b)) {
    double x = awk_to_num(rt, a), y = awk_to_num(rt, b);
    if (x < y) return -1;
    if (x > y) return 1;
    if (x == y) return 0;
    /* NaN: gawk orders it as a string compare would; keep it unequal */
    return isnan(x) ? (isnan(y) ? 0 : 1) : -1;
  }
  awk_str *s = awk_to_str(rt, a);
  awk_str_ref(s);
  awk_str *t = awk_to_str(rt, b);
  size_t n = s->len < t->len ? s->len : t->len;
  int c = rt->icase ? strncasecmp(s->s, t->s, n) : memcmp(s->s, t->s, n);
  if (!c) c = s->len < t->len ? -1 : s->len > t->len ? 1 : 0;
  awk_str_unref(s);
  return c;
}

/* ---- arrays ------------------------------------------------------------ */

static uint32_t hash_bytes(const char *s, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) {
    h ^= (unsigned char)s[i];
    h *= 16777619u;
  }
  return h;
}

awk_array *awk_array_new(void) { return calloc(1, sizeof(awk_array)); }

void awk_array_clear(awk_array *a) {
  for (size_t i = 0; i < a->n; i++) {
    if (a->e[i].key) {
      awk_str_unref(a->e[i].key);
      awk_val_free(&a->e[i].v);
    }
  }
  free(a->e);
  free(a->bkt);
  memset(a, 0, sizeof(*a));
}

void awk_array_free(awk_array *a) {
  if (!a) return;
  awk_array_clear(a);
  free(a);
}

static bool rehash(awk_array *a, size_t nb) {
  int32_t *bk = malloc(nb * sizeof(*bk));
  if (!bk) return false;
  for (size_t i = 0; i < nb; i++) bk[i] = -1;
  /* compact deleted slots at the same time */
  size_t w = 0;
  for (size_t i = 0; i < a->n; i++) {
    if (!a->e[i].key) continue;
    a->e[w] = a->e[i];
    size_t h = a->e[w].hash & (nb - 1);
    a->e[w].next = bk[h];
    bk[h] = (int32_t)w;
    w++;
  }
  a->n = w;
  free(a->bkt);
  a->bkt = bk;
  a->nbkt = nb;
  return true;
}

awk_val *awk_array_getn(awk_rt *rt, awk_array *a, const char *k, size_t n,
                        bool create) {
  uint32_t h = hash_bytes(k, n);
  if (a->nbkt) {
    for (int32_t i = a->bkt[h & (a->nbkt - 1)]; i >= 0; i = a->e[i].next) {
      awk_elem *e = &a->e[i];
      if (e->hash == h && e->key->len == n && !memcmp(e->key->s, k, n))
        return &e->v;
    }
  }
  if (!create) return NULL;
  awk_str *key = awk_str_new(rt, k, n);
  if (!key) return NULL;
  if (a->n == a->cap) {
    if (a->n > a->live * 2 && a->n > 16) {
      if (!rehash(a, a->nbkt)) goto oom;
    } else {
      size_t nc = a->cap ? a->cap * 2 : 8;
      if (nc > (size_t)INT32_MAX) goto oom;
      awk_elem *ne = realloc(a->e, nc * sizeof(*ne));
      if (!ne) goto oom;
      a->e = ne;
      a->cap = nc;
    }
  }
  if (a->live + 1 > a->nbkt) {
    if (!rehash(a, a->nbkt ? a->nbkt * 2 : 16)) goto oom;
  }
  awk_elem *e = &a->e[a->n];
  e->key = key;
  e->hash = h;
  e->v = (awk_val){0};
  if (a->live + 1 > 2 * (50u << (2 * a->gen)) && a->gen < 20) a->gen++;
  e->gen = a->gen;
  size_t b = h & (a->nbkt - 1);
  e->next = a->bkt[b];
  a->bkt[b] = (int32_t)a->n;
  a->n++;
  a->live++;
  return &e->v;
oom:
  awk_str_unref(key);
  awk_nomem(rt);
  return NULL;
}

awk_val *awk_array_get(awk_rt *rt, awk_array *a, awk_str *key, bool create) {
  return awk_array_getn(rt, a, key->s, key->len, create);
}

void awk_array_del(awk_array *a, awk_str *key) {
  if (!a->nbkt) return;
  uint32_t h = hash_bytes(key->s, key->len);
  int32_t *pp = &a->bkt[h & (a->nbkt - 1)];
  while (*pp >= 0) {
    awk_elem *e = &a->e[*pp];
    if (e->hash == h && e->key->len == key->len &&
        !memcmp(e->key->s, key->s, key->len)) {
      *pp = e->next;
      awk_str_unref(e->key);
      e->key = NULL;
      awk_val_free(&e->v);
      a->live--;
      if (!a->live) {
        uint8_t gen = a->gen;
        free(a->e);
        free(a->bkt);
        memset(a, 0, sizeof(*a));
        a->gen = gen;
      }
      return;
    }
    pp = &e->next;
  }
}

static uint32_t ot_hash(const char *s, size_t n, uint32_t size) {
  unsigned h = 0;
  for (size_t i = 0; i < n && s[i]; i++)
    h = (unsigned)(signed char)s[i] + 31 * h;
  return h % size;
}

int awk_array_keys(awk_rt *rt, awk_array *a, awk_str ***out, size_t *n) {
  size_t cnt = a->live;
  *out = NULL;
  *n = 0;
  if (!cnt) return 0;
  awk_str **keys = malloc(cnt * sizeof(*keys));
  size_t *idx = malloc(cnt * sizeof(*idx));
  int32_t *nxt = malloc(cnt * sizeof(*nxt));
  uint32_t size = 50u << (2 * a->gen);
  int32_t *tab = malloc(size * sizeof(*tab));
  int32_t *tab2 = malloc(size * sizeof(*tab2));
  if (!keys || !idx || !nxt || !tab || !tab2) {
    free(keys), free(idx), free(nxt), free(tab), free(tab2);
    awk_nomem(rt);
    return -1;
  }
  size_t k = 0;
  for (size_t i = 0; i < a->n; i++)
    if (a->e[i].key) idx[k++] = i;
  uint32_t sz = 50;
  for (uint32_t i = 0; i < sz; i++) tab[i] = -1;
  uint8_t gen = 0;
  for (size_t j = 0; j < k; j++) {
    awk_elem *e = &a->e[idx[j]];
    while (e->gen > gen) {
      uint32_t nsz = sz * 4;
      for (uint32_t i = 0; i < nsz; i++) tab2[i] = -1;
      for (uint32_t i = 0; i < sz; i++) {
        for (int32_t c = tab[i], op; c >= 0; c = op) {
          op = nxt[c];
          awk_str *ks = a->e[idx[c]].key;
          uint32_t h = ot_hash(ks->s, ks->len, nsz);
          nxt[c] = tab2[h];
          tab2[h] = c;
        }
      }
      memcpy(tab, tab2, nsz * sizeof(*tab));
      sz = nsz;
      gen++;
    }
    uint32_t h = ot_hash(e->key->s, e->key->len, sz);
    nxt[j] = tab[h];
    tab[h] = (int32_t)j;
  }
  size_t w = 0;
  for (uint32_t i = 0; i < sz; i++)
    for (int32_t c = tab[i]; c >= 0; c = nxt[c])
      keys[w++] = awk_str_ref(a->e[idx[c]].key);
  free(idx), free(nxt), free(tab), free(tab2);
  *out = keys;
  *n = w;
  return 0;
}
