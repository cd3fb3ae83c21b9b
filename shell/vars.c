/* vars.c: shell variables.  Scopes form a stack (global at the bottom,
 * one scope per function call holding its locals); lookup is dynamic,
 * innermost first, as in bash.  Indexed arrays are sparse (sorted by
 * index); associative arrays are hashed as bash 5.2 hashes them (FNV-1,
 * 1024 buckets growing fourfold past two entries a bucket, new entries
 * at the head of their chain) so that they list in bash's order; the
 * elems array is storage, put in that order on demand.  Values are
 * NUL-terminated: bash variables cannot hold NUL bytes.  Namerefs are
 * followed (at most 8 hops) by every lookup. */
#include "shell/shell.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define NAMEREF_MAX 8

bool sh_valid_name(const char *s, size_t n) {
  if (n == 0) return false;
  if (!(s[0] == '_' || (s[0] >= 'a' && s[0] <= 'z') ||
        (s[0] >= 'A' && s[0] <= 'Z')))
    return false;
  for (size_t i = 1; i < n; i++) {
    char ch = s[i];
    if (!(ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
          (ch >= '0' && ch <= '9')))
      return false;
  }
  return true;
}

static sh_var *scope_find(sh_scope *s, const char *name) {
  sh_var *v = NULL;
  HASH_FIND_STR(s->vars, name, v);
  return v;
}

sh_var *sh_var_find_raw(sh_ctx *c, const char *name) {
  for (sh_scope *s = c->vars.scope; s; s = s->up) {
    sh_var *v = scope_find(s, name);
    if (v) return v;
  }
  return NULL;
}

sh_var *sh_var_find(sh_ctx *c, const char *name) {
  sh_var *v = sh_var_find_raw(c, name);
  for (int hop = 0; v && (v->attrs & SH_VAR_NAMEREF) && v->val && *v->val;
       hop++) {
    if (hop == NAMEREF_MAX) { /* a cycle: nothing there */
      sh_error(c, "warning: %s: circular name reference", name);
      return NULL;
    }
    sh_var *t = sh_var_find_raw(c, v->val);
    if (!t) return NULL;
    v = t;
  }
  return v;
}

static sh_var *var_new(sh_scope *s, const char *name) {
  sh_var *v = calloc(1, sizeof(*v));
  if (!v) return NULL;
  v->name = strdup(name);
  if (!v->name) {
    free(v);
    return NULL;
  }
  v->attrs = SH_VAR_UNSET;
  HASH_ADD_KEYPTR(hh, s->vars, v->name, strlen(v->name), v);
  if (!VSH_HASH_ADDED(v)) {
    free(v->name);
    free(v);
    return NULL;
  }
  return v;
}

void sh_var_clear_value(sh_var *v) {
  free(v->val);
  v->val = NULL;
  for (size_t i = 0; i < v->n; i++) {
    free(v->elems[i].key);
    free(v->elems[i].val);
  }
  free(v->elems);
  v->elems = NULL;
  v->n = v->cap = 0;
  free(v->bkt);
  v->bkt = NULL;
  v->nbkt = 0;
  v->reorder = false;
}

static void var_free(sh_var *v) {
  sh_var_clear_value(v);
  free(v->name);
  free(v);
}

void sh__scope_free(sh_scope *s) {
  sh_var *v, *tmp;
  HASH_ITER(hh, s->vars, v, tmp) {
    HASH_DEL(s->vars, v);
    var_free(v);
  }
  free(s->saved_opts);
  free(s);
}

/* A deep copy of one scope (for subshells). */
sh_scope *sh__scope_copy(const sh_scope *src) {
  sh_scope *d = calloc(1, sizeof(*d));
  if (!d) return NULL;
  d->is_func = src->is_func;
  for (const sh_var *v = src->vars; v; v = v->hh.next) {
    sh_var *n = var_new(d, v->name);
    if (!n) goto fail;
    n->attrs = v->attrs;
    if (v->val && !(n->val = strdup(v->val))) goto fail;
    if (v->n) {
      n->elems = calloc(v->n, sizeof(sh_aelem));
      if (!n->elems) goto fail;
      n->cap = v->n;
      if (v->nbkt) {
        n->bkt = malloc(v->nbkt * sizeof(uint32_t));
        if (!n->bkt) goto fail;
        memcpy(n->bkt, v->bkt, v->nbkt * sizeof(uint32_t));
        n->nbkt = v->nbkt;
        n->reorder = v->reorder;
      }
      for (size_t i = 0; i < v->n; i++) {
        n->elems[i].idx = v->elems[i].idx;
        n->elems[i].hash = v->elems[i].hash;
        n->elems[i].next = v->elems[i].next;
        if (v->elems[i].key && !(n->elems[i].key = strdup(v->elems[i].key)))
          goto fail;
        if (!(n->elems[i].val = strdup(v->elems[i].val))) goto fail;
        n->n++;
      }
    }
  }
  return d;
fail:
  sh__scope_free(d);
  return NULL;
}

void sh__unexport_all(sh_ctx *c) {
  for (sh_scope *s = c->vars.scope; s; s = s->up)
    for (sh_var *v = s->vars; v; v = v->hh.next) v->attrs &= ~SH_VAR_EXPORT;
}

sh_var *sh_var_global(sh_ctx *c, const char *name) {
  sh_var *v = scope_find(c->vars.global, name);
  return v ? v : var_new(c->vars.global, name);
}

sh_var *sh_var_local(sh_ctx *c, const char *name) {
  sh_scope *s = c->vars.scope;
  for (; s && !s->is_func && s->up; s = s->up) {
    /* v=1 eval 'local v': the binding of this level becomes the local */
    sh_var *t = scope_find(s, name);
    if (t && (t->attrs & SH_VAR_TEMP)) {
      t->attrs |= SH_VAR_LOCAL;
      return t;
    }
  }
  if (!s) s = c->vars.global;
  sh_var *v = scope_find(s, name);
  if (v) {
    v->attrs |= SH_VAR_LOCAL;
    return v;
  }
  /* a local shadowing a prefix assignment's binding starts with its
   * value (bash); any other starts unset */
  sh_var *seen = sh_var_find_raw(c, name);
  v = var_new(s, name);
  if (v) v->attrs |= SH_VAR_LOCAL;
  if (v && seen && (seen->attrs & SH_VAR_TEMP) && seen->val &&
      (v->val = strdup(seen->val)))
    v->attrs &= ~SH_VAR_UNSET;
  return v;
}

/* ---- arrays ------------------------------------------------------------- */

static size_t idx_search(const sh_var *v, int64_t idx, bool *found) {
  size_t lo = 0, hi = v->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (v->elems[mid].idx == idx) {
      *found = true;
      return mid;
    }
    if (v->elems[mid].idx < idx) lo = mid + 1;
    else hi = mid;
  }
  *found = false;
  return lo;
}

static int elems_grow(sh_var *v) {
  if (v->n < v->cap) return 0;
  size_t ncap = v->cap ? v->cap * 2 : 4;
  sh_aelem *e = realloc(v->elems, ncap * sizeof(*e));
  if (!e) return VSH_ENOMEM;
  v->elems = e;
  v->cap = ncap;
  return 0;
}

const char *sh_array_get(const sh_var *v, int64_t idx) {
  if (!(v->attrs & SH_VAR_ARRAY)) return idx == 0 ? v->val : NULL;
  bool found;
  size_t pos = idx_search(v, idx, &found);
  return found ? v->elems[pos].val : NULL;
}

int64_t sh_array_max(const sh_var *v) {
  return v->n ? v->elems[v->n - 1].idx : -1;
}

int sh_array_set(sh_var *v, int64_t idx, const char *val) {
  char *d = strdup(val);
  if (!d) return VSH_ENOMEM;
  bool found;
  size_t pos = idx_search(v, idx, &found);
  if (found) {
    free(v->elems[pos].val);
    v->elems[pos].val = d;
    return 0;
  }
  if (elems_grow(v)) {
    free(d);
    return VSH_ENOMEM;
  }
  memmove(v->elems + pos + 1, v->elems + pos, (v->n - pos) * sizeof(sh_aelem));
  v->elems[pos] = (sh_aelem){.idx = idx, .val = d};
  v->n++;
  return 0;
}

int sh_array_unset(sh_var *v, int64_t idx) {
  bool found;
  size_t pos = idx_search(v, idx, &found);
  if (!found) return 0;
  free(v->elems[pos].val);
  memmove(v->elems + pos, v->elems + pos + 1,
          (v->n - pos - 1) * sizeof(sh_aelem));
  v->n--;
  return 0;
}

static uint32_t fnv1(const char *s) {
  uint32_t h = 2166136261u;
  /* bash hashes plain (signed) chars: bytes >= 0x80 are sign-extended */
  for (; *s; s++) h = (h * 16777619u) ^ (uint32_t)(int32_t)(signed char)*s;
  return h;
}

static sh_aelem *assoc_find(const sh_var *v, const char *key) {
  if (!v->nbkt) return NULL;
  uint32_t h = fnv1(key);
  for (uint32_t i = v->bkt[h & (v->nbkt - 1)]; i; i = v->elems[i - 1].next)
    if (v->elems[i - 1].hash == h && !strcmp(v->elems[i - 1].key, key))
      return &v->elems[i - 1];
  return NULL;
}

/* Rehashes into nb buckets the way bash grows a table: old buckets in
 * order, each chain from its head, every entry pushed on its new chain. */
static int assoc_rehash(sh_var *v, uint32_t nb) {
  uint32_t *nbk = calloc(nb, sizeof(uint32_t));
  if (!nbk) return VSH_ENOMEM;
  for (uint32_t b = 0; b < v->nbkt; b++)
    for (uint32_t i = v->bkt[b], nx; i; i = nx) {
      nx = v->elems[i - 1].next;
      uint32_t *head = &nbk[v->elems[i - 1].hash & (nb - 1)];
      v->elems[i - 1].next = *head;
      *head = i;
    }
  free(v->bkt);
  v->bkt = nbk;
  v->nbkt = nb;
  return 0;
}

void sh_assoc_order(sh_var *v) {
  if (!v->reorder || !v->nbkt) return;
  sh_aelem *e = malloc((v->n ? v->n : 1) * sizeof(*e));
  if (!e) return; /* keeps storage order */
  size_t k = 0;
  for (uint32_t b = 0; b < v->nbkt; b++) {
    uint32_t i = v->bkt[b];
    if (i) v->bkt[b] = (uint32_t)k + 1;
    for (; i; i = v->elems[i - 1].next) {
      e[k] = v->elems[i - 1];
      e[k].next = v->elems[i - 1].next ? (uint32_t)k + 2 : 0;
      k++;
    }
  }
  memcpy(v->elems, e, k * sizeof(*e));
  free(e);
  v->reorder = false;
}

const char *sh_assoc_get(const sh_var *v, const char *key) {
  sh_aelem *e = assoc_find(v, key);
  return e ? e->val : NULL;
}

int sh_assoc_set(sh_var *v, const char *key, const char *val) {
  sh_aelem *e = assoc_find(v, key);
  char *d = strdup(val);
  if (!d) return VSH_ENOMEM;
  if (e) {
    free(e->val);
    e->val = d;
    return 0;
  }
  char *k = strdup(key);
  int rc = !k || v->n >= UINT32_MAX - 1 ? VSH_ENOMEM : 0;
  if (!rc && !v->nbkt) rc = assoc_rehash(v, 1024);
  else if (!rc && v->n >= (size_t)v->nbkt * 2)
    rc = assoc_rehash(v, v->nbkt * 4);
  if (!rc) rc = elems_grow(v);
  if (rc) {
    free(k);
    free(d);
    return VSH_ENOMEM;
  }
  uint32_t h = fnv1(k), *head = &v->bkt[h & (v->nbkt - 1)];
  v->elems[v->n] = (sh_aelem){.key = k, .val = d, .hash = h, .next = *head};
  *head = (uint32_t)++v->n;
  v->reorder = true;
  return 0;
}

/* The link that points at element i (index + 1): a bucket head or the
 * next field of the one before it in the chain. */
static uint32_t *assoc_link(sh_var *v, uint32_t i) {
  uint32_t *l = &v->bkt[v->elems[i - 1].hash & (v->nbkt - 1)];
  while (*l && *l != i) l = &v->elems[*l - 1].next;
  return l;
}

int sh_assoc_unset(sh_var *v, const char *key) {
  sh_aelem *e = assoc_find(v, key);
  if (!e) return 0;
  uint32_t i = (uint32_t)(e - v->elems) + 1, last = (uint32_t)v->n;
  *assoc_link(v, i) = e->next;
  free(e->key);
  free(e->val);
  if (i != last) { /* the last element takes the freed slot */
    *assoc_link(v, last) = i;
    v->elems[i - 1] = v->elems[last - 1];
  }
  v->n--;
  v->reorder = true;
  return 0;
}

/* ---- scalar access ---------------------------------------------------------- */

const char *sh_var_get(sh_ctx *c, const char *name) {
  const char *sp = sh__special_var(c, name);
  if (sp) return sp;
  sh_var *v = sh_var_find(c, name);
  if (!v || (v->attrs & SH_VAR_UNSET)) return NULL;
  if (v->attrs & SH_VAR_ASSOC) return sh_assoc_get(v, "0");
  if (v->attrs & SH_VAR_ARRAY) return sh_array_get(v, 0);
  return v->val;
}

void sh_bad_arith_value(sh_ctx *c) {
  if (c->flow.unwind) return;
  c->proc.status = 1;
  c->flow.unwind = c->opt.dash_c ? SH_UW_EXIT : SH_UW_ABORT;
}

/* Applies integer/case attributes; returns a malloc'd value. */
char *sh_var_transform(sh_ctx *c, const sh_var *v, const char *val,
                       const char *old, bool append, int *rc) {
  *rc = 0;
  if (v->attrs & SH_VAR_INTEGER) {
    int64_t x = 0, base = 0;
    const char *what = c->where.arith_what;
    if (c->where.int_what) c->where.arith_what = c->where.int_what;
    int bad = sh_arith_raw(c, val, strlen(val), &x);
    c->where.arith_what = what;
    if (bad) {
      sh_bad_arith_value(c);
      *rc = VSH_EINVAL;
      return NULL;
    }
    if (append && old && sh_arith_raw(c, old, strlen(old), &base) == 0)
      x += base;
    char tmp[32];
    snprintf(tmp, sizeof(tmp), "%lld", (long long)x);
    return strdup(tmp);
  }
  size_t ol = append && old ? strlen(old) : 0, vl = strlen(val);
  char *d = malloc(ol + vl + 1);
  if (!d) {
    *rc = VSH_ENOMEM;
    return NULL;
  }
  memcpy(d, append && old ? old : "", ol);
  memcpy(d + ol, val, vl + 1);
  if (v->attrs & (SH_VAR_LOWER | SH_VAR_UPPER | SH_VAR_CAPITAL)) {
    bool up = v->attrs & SH_VAR_UPPER, low = v->attrs & SH_VAR_LOWER;
    /* the whole value, as bash recases it after += (the old part may
     * predate the attribute); -c: the first character upper case, the
     * rest lower */
    bool cap = (v->attrs & SH_VAR_CAPITAL) && !up && !low;
    for (size_t i = 0; i < ol + vl;) {
      int32_t cp;
      int l = vsh__utf8_decode(d + i, ol + vl - i, &cp);
      if (l <= 0) l = 1;
      if ((up || low || cap) && cp >= 0) {
        int32_t m =
            up || (cap && i == 0) ? vsh__cp_upper(cp) : vsh__cp_lower(cp);
        char tmp[4];
        if (m != cp && vsh__utf8_encode(m, tmp) == l)
          memcpy(d + i, tmp, (size_t)l);
      }
      i += (size_t)l;
    }
  }
  return d;
}

static int readonly_error(sh_ctx *c, const char *name) {
  sh_error(c, "%s: readonly variable", name);
  return VSH_EPERM;
}

static sh_var *find_for_write(sh_ctx *c, const char *name) {
  sh_var *v = sh_var_find(c, name);
  if (v) return v;
  sh_var *raw = sh_var_find_raw(c, name);
  if (raw && (raw->attrs & SH_VAR_NAMEREF) && raw->val && *raw->val) {
    /* a nameref to an unset variable creates the target globally */
    return sh_var_global(c, raw->val);
  }
  return sh_var_global(c, name);
}

/* The name a chain of namerefs from name ends at (name itself when it
 * is no nameref), the variable there existing or not. */
const char *sh_nameref_target(sh_ctx *c, const char *name) {
  sh_var *v = sh_var_find_raw(c, name);
  for (int hop = 0; v && (v->attrs & SH_VAR_NAMEREF) && v->val && *v->val &&
                    hop < NAMEREF_MAX;
       hop++) {
    name = v->val;
    v = sh_var_find_raw(c, name);
  }
  return name;
}

/* The NAME[sub] a chain of namerefs from name ends at, or NULL. */
const char *sh_nameref_elem(sh_ctx *c, const char *name) {
  sh_var *v = sh_var_find_raw(c, name);
  for (int hop = 0; v && (v->attrs & SH_VAR_NAMEREF) && v->val && *v->val &&
                    hop < NAMEREF_MAX;
       hop++) {
    const char *br = strchr(v->val, '[');
    size_t len = br ? strlen(br) : 0;
    if (br && br > v->val && len >= 3 && br[len - 1] == ']') return v->val;
    v = sh_var_find_raw(c, v->val);
  }
  return NULL;
}

/* Assigns through a nameref to an array element (declare -n r=a[2]). */
static int set_through_elem_ref(sh_ctx *c, const char *t, const char *val,
                                bool append) {
  const char *br = strchr(t, '[');
  size_t bl = (size_t)(br - t), sl = strlen(br) - 2;
  char *base = strndup(t, bl), *sub = strndup(br + 1, sl);
  int rc = VSH_ENOMEM;
  if (base && sub) {
    sh_var *bv = sh_var_find(c, base);
    int64_t idx = 0;
    rc = 0;
    if (!(bv && (bv->attrs & SH_VAR_ASSOC))) {
      rc = sh_arith(c, sub, sl, &idx);
      if (!rc && idx < 0) {
        int64_t max = bv && (bv->attrs & SH_VAR_ARRAY) ? sh_array_max(bv) : 0;
        if (max + 1 + idx < 0) {
          sh_error(c, "%s: bad array subscript", t);
          rc = VSH_EINVAL;
        }
        idx = max + 1 + idx;
      }
    }
    if (!rc)
      rc = sh_var_set_elem(
          c, base,
          bv && (bv->attrs & SH_VAR_ASSOC) ? sh_subscript_key(c, sub, sl) : sub,
          idx, val, append);
  }
  free(base);
  free(sub);
  return rc;
}

/* True (after bash's warning) when the nameref chain from name loops. */
static bool nameref_cycle(sh_ctx *c, const char *name) {
  sh_var *v = sh_var_find_raw(c, name);
  for (int hop = 0; v && (v->attrs & SH_VAR_NAMEREF) && v->val && *v->val;
       hop++) {
    if (hop == NAMEREF_MAX) {
      sh_error(c, "warning: %s: circular name reference", name);
      return true;
    }
    v = sh_var_find_raw(c, v->val);
  }
  return false;
}

/* Assignments bash ignores (status 0): GROUPS, and the call-stack arrays
 * the shell computes (FUNCNAME, BASH_SOURCE, ...) while no variable of
 * that name exists. */
static bool no_assign(sh_ctx *c, const char *name) {
  sh_var *v = sh_var_find_raw(c, name);
  if (v) return v->attrs & SH_VAR_NOASSIGN;
  static const char *const dyn[] = {"FUNCNAME", "BASH_SOURCE", "BASH_LINENO",
                                    "BASH_ARGV", "BASH_ARGC"};
  for (size_t i = 0; i < sizeof(dyn) / sizeof(dyn[0]); i++)
    if (!strcmp(name, dyn[i])) return true;
  return false;
}

int sh_var_set(sh_ctx *c, const char *name, const char *val, bool append) {
  if (no_assign(c, name)) return 0;
  if (sh__var_assign_hook(c, name, val)) return 0;
  sh_var *raw = sh_var_find_raw(c, name);
  if (raw && (raw->attrs & SH_VAR_NAMEREF)) { /* one lookup otherwise */
    if (nameref_cycle(c, name)) return VSH_EINVAL;
    const char *elem = sh_nameref_elem(c, name);
    if (elem) return set_through_elem_ref(c, elem, val, append);
  }
  sh_var *v = find_for_write(c, name);
  if (!v) return VSH_ENOMEM;
  /* named as bash names it: the variable a nameref led to */
  if (v->attrs & SH_VAR_READONLY) return readonly_error(c, v->name);
  if (v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC))
    return sh_var_set_elem(c, v->name, "0", 0, val, append);
  int rc;
  char *d = sh_var_transform(c, v, val, v->val, append, &rc);
  if (!d) return rc;
  free(v->val);
  v->val = d;
  v->attrs &= ~SH_VAR_UNSET;
  if (c->opt.opts[SH_OPT_ALLEXPORT]) v->attrs |= SH_VAR_EXPORT;
  return 0;
}

int sh_var_set_elem(sh_ctx *c, const char *name, const char *key, int64_t idx,
                    const char *val, bool append) {
  const char *elem = sh_nameref_elem(c, name);
  if (elem) { /* r[0]=x where r refers to a[1] */
    sh_error(c, "`%s': not a valid identifier", elem);
    return VSH_EINVAL;
  }
  if (no_assign(c, name)) return 0;
  sh_var *v = find_for_write(c, name);
  if (!v) return VSH_ENOMEM;
  if (v->attrs & SH_VAR_READONLY) return readonly_error(c, name);
  if (!(v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC))) {
    /* a scalar becomes element 0 of a new indexed array */
    char *old = v->val;
    v->val = NULL;
    v->attrs |= SH_VAR_ARRAY;
    if (old && !(v->attrs & SH_VAR_UNSET)) sh_array_set(v, 0, old);
    free(old);
  }
  bool assoc = v->attrs & SH_VAR_ASSOC;
  const char *old = assoc ? sh_assoc_get(v, key) : sh_array_get(v, idx);
  int rc;
  char *d = sh_var_transform(c, v, val, old, append, &rc);
  if (!d) return rc;
  rc = assoc ? sh_assoc_set(v, key, d) : sh_array_set(v, idx, d);
  v->attrs &= ~SH_VAR_UNSET;
  if (!rc && assoc && !strncmp(name, "BASH_", 5))
    sh_mirror_assigned(c, name, key, d);
  free(d);
  return rc;
}

int sh_var_unset(sh_ctx *c, const char *name) {
  sh_dyn_unset(c, name);
  sh_scope *cur = c->vars.scope; /* the running function's own scope */
  while (cur && !cur->is_func) cur = cur->up;
  bool here = cur != NULL; /* still at the running function's level */
  for (sh_scope *s = c->vars.scope; s; s = s->up) {
    sh_var *v = scope_find(s, name);
    if (!v) {
      if (s == cur) here = false;
      continue;
    }
    if (v->attrs & SH_VAR_NAMEREF && v->val && *v->val) {
      /* unset through the reference, as bash does without -n */
      const char *target = v->val;
      sh_var *t = sh_var_find_raw(c, target);
      if (t) {
        if (t->attrs & SH_VAR_READONLY) return readonly_error(c, target);
        /* as unset of the chain's end itself (a global goes away) */
        target = sh_nameref_target(c, target);
        t = sh_var_find_raw(c, target);
        if (!t || (t->attrs & SH_VAR_NAMEREF)) return 0; /* a cycle */
        if (t->attrs & SH_VAR_READONLY) return readonly_error(c, target);
        char *tn = strdup(target);
        int rc = tn ? sh_var_unset(c, tn) : VSH_ENOMEM;
        free(tn);
        return rc;
      }
      return 0;
    }
    if (v->attrs & SH_VAR_READONLY) return readonly_error(c, name);
    bool local =
        (s == cur && !(v->attrs & SH_VAR_TEMP)) || (v->attrs & SH_VAR_LOCAL);
    if (here && local) {
      /* the function's own local stays declared-but-unset (bash 5.2);
       * a caller's local, or a prefix assignment's binding, is
       * removed, showing the one beneath it */
      sh_var_clear_value(v);
      v->attrs = SH_VAR_UNSET | (v->attrs & SH_VAR_LOCAL);
    } else {
      HASH_DEL(s->vars, v);
      var_free(v);
    }
    return 0;
  }
  return 0;
}

bool sh_byte_locale(sh_ctx *c) {
  const char *names[] = {"LC_ALL", "LC_CTYPE", "LANG"};
  for (int i = 0; i < 3; i++) {
    const char *v = sh_var_get(c, names[i]);
    if (!v || !*v) continue;
    for (const char *p = v; *p; p++)
      if (!strncasecmp(p, "utf-8", 5) || !strncasecmp(p, "utf8", 4))
        return false;
    return true; /* C, POSIX or a single-byte charset */
  }
  return false; /* unset: vsh's default is UTF-8 */
}
