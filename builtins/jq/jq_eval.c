/* jq_eval.c: the evaluator.  jq_eval runs a node on one input and hands
 * every output, with its path when paths are tracked (path(f), updates),
 * to a continuation; backtracking is the return.  Frames (variables,
 * definitions, closure parameters, labels) live on the C stack, so a
 * closure never outlives its scope.  Status codes: JQ_ERR (st->err holds
 * the error value; `try` catches only errors raised inside its body, an
 * error coming back from its continuation passes through), JQ_BRK (a
 * label's id, also used by limit/first), JQ_FATAL (halt, limits). */
#include "builtins/jq/jq_int.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CALL_DEPTH 20000

int jq_error(jq_st *st, const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  jv_unref(st->err);
  st->err = jv_str_c(buf);
  if (!jv_ok(st->err)) return jq_oom(st);
  return JQ_ERR;
}

int jq_error_v(jq_st *st, jv v) {
  jv_unref(st->err);
  st->err = v;
  return JQ_ERR;
}

int jq_fatal(jq_st *st, const char *msg) {
  if (!st->fatal_reported && msg) {
    bi_errline(st->b, "jq: error: %s", msg);
    st->fatal_reported = true;
  }
  return JQ_FATAL;
}

int jq_oom(jq_st *st) { return jq_fatal(st, "memory exhausted"); }

bool jq_charge(jq_st *st) {
  if ((++st->steps & 1023) == 0) return bi_charge(st->b, 1024);
  return false;
}

int jq_invalid_path(jq_st *st, jv v) {
  char buf[64];
  jv_dump_trunc(buf, sizeof buf, v);
  jv_unref(v);
  return jq_error(st, "Invalid path expression with result %s", buf);
}
static int bad_access(jq_st *st, jv t, jv key);
static int bad_iter(jq_st *st, jv t);

/* An output that is a new value: not a path. */
static int emit_val(jq_st *st, jv v, jv path, jq_k k, void *ud) {
  if (!jv_ok(v)) {
    jv_unref(path);
    return st->err.kind != JV_INVALID ? JQ_ERR : jq_oom(st);
  }
  if (jv_ok(path)) {
    /* not a path: an error only if something takes it as one (jq's
     * "Invalid path expression near attempt to ...") */
    jv_unref(path);
    return k(st, v, jv_null(), ud);
  }
  return k(st, v, jv_invalid(), ud);
}

__attribute__((noinline)) static int bad_access(jq_st *st, jv t, jv key) {
  char a[64], b[64];
  jv_dump_trunc(a, sizeof a, key);
  jv_dump_trunc(b, sizeof b, t);
  return jq_error(
      st, "Invalid path expression near attempt to access element %s of %s", a,
      b);
}

__attribute__((noinline)) static int bad_iter(jq_st *st, jv t) {
  char b[64];
  jv_dump_trunc(b, sizeof b, t);
  return jq_error(
      st, "Invalid path expression near attempt to iterate through %s", b);
}

/* ---- continuations ------------------------------------------------------------------- */

typedef struct kctx {
  jq_node *n;
  jq_env *e;
  jq_k k;
  void *ud;
  jv in, inpath; /* borrowed */
  jv x;          /* borrowed: a key, the other operand ... */
  int count;
  bool passthru;
} kctx;

typedef struct pipectx {
  jq_node *n;
  jq_env *e;
  jq_k k;
  void *ud;
} pipectx;

static int k_pipe(jq_st *st, jv v, jv p, void *ud) {
  pipectx *c = ud;
  return jq_eval(st, c->n->b, v, p, c->e, c->k, c->ud);
}

static int do_index(jq_st *st, jv t, jv tp, jv key, jq_k k, void *ud) {
  if (tp.kind == JV_NULL) {
    int e = bad_access(st, t, key);
    jv_unref(t);
    return e;
  }
  jv r = jq_index(st, t, key);
  jv_unref(t);
  if (!jv_ok(r)) {
    jv_unref(tp);
    return st->err.kind != JV_INVALID ? JQ_ERR : jq_oom(st);
  }
  if (jv_ok(tp)) {
    tp = jv_arr_push(tp, jv_ref(key));
    if (!jv_ok(tp)) {
      jv_unref(r);
      return jq_oom(st);
    }
  }
  return k(st, r, tp, ud);
}

static int k_index_t(jq_st *st, jv v, jv p, void *ud) {
  kctx *c = ud;
  return do_index(st, v, p, c->x, c->k, c->ud);
}

static int k_index_key(jq_st *st, jv key, jv kp, void *ud) {
  kctx *c = ud;
  jv_unref(kp);
  kctx c2 = *c;
  c2.x = key;
  int r = jq_eval(st, c->n->a, jv_ref(c->in), jv_ref(c->inpath), c->e,
                  k_index_t, &c2);
  jv_unref(key);
  return r;
}

__attribute__((noinline)) static int iter_err(jq_st *st, jv v) {
  char buf[64];
  jv_dump_trunc(buf, sizeof buf, v);
  if (v.kind == JV_NULL) return jq_error(st, "Cannot iterate over null");
  return jq_error(st, "Cannot iterate over %s (%s)", kn(v), buf);
}

static int k_iter(jq_st *st, jv v, jv p, void *ud) {
  kctx *c = ud;
  int r = 0;
  if (p.kind == JV_NULL && (v.kind == JV_ARRAY || v.kind == JV_OBJECT)) {
    r = bad_iter(st, v);
    jv_unref(v);
    return r;
  }
  if (v.kind == JV_ARRAY) {
    for (size_t i = 0; i < v.u.a->n; i++) {
      jv pp = jv_ok(p) ? jv_arr_push(jv_ref(p), jv_num((double)i)) : p;
      if (jv_ok(p) && !jv_ok(pp)) {
        r = jq_oom(st);
        break;
      }
      r = c->k(st, jv_ref(v.u.a->v[i]), pp, c->ud);
      if (r) break;
    }
  } else if (v.kind == JV_OBJECT) {
    for (size_t i = 0; i < v.u.o->n; i++) {
      jv pp = jv_ok(p) ? jv_arr_push(jv_ref(p), jv_ref(v.u.o->e[i].key)) : p;
      if (jv_ok(p) && !jv_ok(pp)) {
        r = jq_oom(st);
        break;
      }
      r = c->k(st, jv_ref(v.u.o->e[i].val), pp, c->ud);
      if (r) break;
    }
  } else {
    r = iter_err(st, v);
  }
  jv_unref(v);
  jv_unref(p);
  return r;
}

typedef struct slicectx {
  kctx base;
  jv from, to;
} slicectx;

static int k_slice_target(jq_st *st, jv v, jv p, void *ud) {
  slicectx *c = ud;
  if (p.kind == JV_NULL) {
    jv o = jv_obj_new();
    o = jv_obj_set(o, jv_str_c("start"), jv_ref(c->from));
    o = jv_obj_set(o, jv_str_c("end"), jv_ref(c->to));
    int e = jv_ok(o) ? bad_access(st, v, o) : jq_oom(st);
    jv_unref(o);
    jv_unref(v);
    return e;
  }
  jv r = jq_slice(st, v, c->from, c->to);
  jv_unref(v);
  if (!jv_ok(r)) {
    jv_unref(p);
    return st->err.kind != JV_INVALID ? JQ_ERR : jq_oom(st);
  }
  if (jv_ok(p)) {
    jv o = jv_obj_new();
    o = jv_obj_set(o, jv_str_c("start"), jv_ref(c->from));
    o = jv_obj_set(o, jv_str_c("end"), jv_ref(c->to));
    p = jv_arr_push(p, o);
    if (!jv_ok(p)) {
      jv_unref(r);
      return jq_oom(st);
    }
  }
  return c->base.k(st, r, p, c->base.ud);
}

static int k_slice_to(jq_st *st, jv v, jv p, void *ud) {
  slicectx *c = ud;
  jv_unref(p);
  c->to = v;
  int r = jq_eval(st, c->base.n->a, jv_ref(c->base.in), jv_ref(c->base.inpath),
                  c->base.e, k_slice_target, c);
  jv_unref(v);
  c->to = jv_null();
  return r;
}

static int k_slice_from(jq_st *st, jv v, jv p, void *ud) {
  slicectx *c = ud;
  jv_unref(p);
  c->from = v;
  int r;
  if (c->base.n->c)
    r = jq_eval(st, c->base.n->c, jv_ref(c->base.in), jv_invalid(), c->base.e,
                k_slice_to, c);
  else r = k_slice_to(st, jv_null(), jv_invalid(), c);
  jv_unref(v);
  c->from = jv_null();
  return r;
}

/* arithmetic: rhs outer, lhs inner */
static int k_arith_lhs(jq_st *st, jv v, jv p, void *ud) {
  kctx *c = ud;
  jv r = jq_binop(st, c->n->sub, v, c->x);
  jv_unref(v);
  jv_unref(p);
  if (!jv_ok(r)) return st->err.kind != JV_INVALID ? JQ_ERR : jq_oom(st);
  return emit_val(st, r, jv_ok(c->inpath) ? jv_ref(c->inpath) : jv_invalid(),
                  c->k, c->ud);
}

static int k_arith_rhs(jq_st *st, jv v, jv p, void *ud) {
  kctx *c = ud;
  jv_unref(p);
  kctx c2 = *c;
  c2.x = v;
  int r;
  if (c->n->a->op == JQ_LITERAL)
    r = k_arith_lhs(st, jv_ref(c->n->a->val), jv_invalid(), &c2);
  else
    r = jq_eval(st, c->n->a, jv_ref(c->in), jv_invalid(), c->e, k_arith_lhs,
                &c2);
  jv_unref(v);
  return r;
}

static int k_neg(jq_st *st, jv v, jv p, void *ud) {
  kctx *c = ud;
  jv_unref(p);
  if (v.kind != JV_NUMBER) {
    char buf[30];
    jv_dump_trunc(buf, sizeof buf, v);
    jv_unref(v);
    return jq_error(st, "%s (%s) cannot be negated", kn(v), buf);
  }
  double d = jv_n(v);
  jv r = jv_num(-d);
  if (v.lit) {
    /* a literal stays a literal: its text with the sign flipped */
    const char *t = v.u.l->text;
    vsh_buf b;
    vsh__buf_init(&b);
    if (t[0] == '-') vsh__buf_puts(&b, t + 1);
    else {
      vsh__buf_putc(&b, '-');
      vsh__buf_puts(&b, t);
    }
    r = b.data ? jv_numlit(-d, b.data, b.len) : jv_invalid();
    vsh_buf_dispose(&b);
    if (!jv_ok(r)) {
      jv_unref(v);
      return jq_oom(st);
    }
  }
  jv_unref(v);
  return emit_val(st, r, jv_ok(c->inpath) ? jv_ref(c->inpath) : jv_invalid(),
                  c->k, c->ud);
}

/* and / or */
static int k_bool_rhs(jq_st *st, jv v, jv p, void *ud) {
  kctx *c = ud;
  bool t = jv_truthy(v);
  jv_unref(v);
  jv_unref(p);
  return emit_val(st, jv_bool(t),
                  jv_ok(c->inpath) ? jv_ref(c->inpath) : jv_invalid(), c->k,
                  c->ud);
}

static int k_bool_lhs(jq_st *st, jv v, jv p, void *ud) {
  kctx *c = ud;
  bool t = jv_truthy(v);
  jv_unref(v);
  jv_unref(p);
  if (c->n->op == JQ_AND && !t)
    return emit_val(st, jv_bool(false),
                    jv_ok(c->inpath) ? jv_ref(c->inpath) : jv_invalid(), c->k,
                    c->ud);
  if (c->n->op == JQ_OR && t)
    return emit_val(st, jv_bool(true),
                    jv_ok(c->inpath) ? jv_ref(c->inpath) : jv_invalid(), c->k,
                    c->ud);
  return jq_eval(st, c->n->b, jv_ref(c->in), jv_invalid(), c->e, k_bool_rhs, c);
}

/* a // b */
static int k_alt(jq_st *st, jv v, jv p, void *ud) {
  kctx *c = ud;
  if (!jv_truthy(v)) {
    jv_unref(v);
    jv_unref(p);
    return 0;
  }
  c->count++;
  int r = c->k(st, v, p, c->ud);
  if (r == JQ_ERR) c->passthru = true;
  return r;
}

/* try */
static int k_try(jq_st *st, jv v, jv p, void *ud) {
  kctx *c = ud;
  int r = c->k(st, v, p, c->ud);
  if (r == JQ_ERR) c->passthru = true;
  return r;
}

/* if */
static int k_if(jq_st *st, jv v, jv p, void *ud) {
  kctx *c = ud;
  jv_unref(p);
  bool t = jv_truthy(v);
  jv_unref(v);
  return jq_eval(st, t ? c->n->b : c->n->c, jv_ref(c->in), jv_ref(c->inpath),
                 c->e, c->k, c->ud);
}

/* [ ... ] */
static int k_collect(jq_st *st, jv v, jv p, void *ud) {
  jv *acc = ud;
  jv_unref(p);
  *acc = jv_arr_push(*acc, v);
  return jv_ok(*acc) ? 0 : jq_oom(st);
}

int jq_collect(jq_st *st, jq_node *body, jq_env *e, jv in, jv *out) {
  jv acc = jv_arr_new(0);
  if (!jv_ok(acc)) {
    jv_unref(in);
    return jq_oom(st);
  }
  int r = jq_eval(st, body, in, jv_invalid(), e, k_collect, &acc);
  if (r) {
    jv_unref(acc);
    return r;
  }
  *out = acc;
  return 0;
}

typedef struct firstctx {
  jv v;
  uint64_t id;
} firstctx;

static int k_first(jq_st *st, jv v, jv p, void *ud) {
  firstctx *f = ud;
  jv_unref(p);
  f->v = v;
  st->brk = f->id;
  return JQ_BRK;
}

int jq_first(jq_st *st, jq_node *body, jq_env *e, jv in, jv *out) {
  firstctx f = {jv_invalid(), ++st->next_id};
  int r = jq_eval(st, body, in, jv_invalid(), e, k_first, &f);
  if (r == JQ_BRK && st->brk == f.id) r = 0;
  if (r) {
    jv_unref(f.v);
    return r;
  }
  *out = f.v;
  return 0;
}

/* ---- string interpolation ------------------------------------------------------------ */

typedef struct strctx {
  jq_node *n;
  jq_env *e;
  jq_k k;
  void *ud;
  jv in, inpath;
  jv *frags;
  int i;
  const char *fmt;
} strctx;

static int str_part(jq_st *st, strctx *c, int i);

static int k_strpart(jq_st *st, jv v, jv p, void *ud) {
  strctx *c = ud;
  jv_unref(p);
  int i = c->i;
  jv s;
  if (c->fmt) {
    int r = jq_format(st, c->fmt, v, &s);
    jv_unref(v);
    if (r) return r;
  } else {
    s = jv_tostring(v);
    jv_unref(v);
    if (!jv_ok(s)) return jq_oom(st);
  }
  jv_unref(c->frags[i]);
  c->frags[i] = s;
  int r = str_part(st, c, i - 1);
  c->i = i;
  return r;
}

static int str_part(jq_st *st, strctx *c, int i) {
  if (i < 0) {
    vsh_buf b;
    vsh__buf_init(&b);
    for (size_t j = 0; j < c->n->nargs; j++) {
      jq_node *a = c->n->args[j];
      jv s = a->op == JQ_LITERAL ? a->val : c->frags[j];
      vsh__buf_append(&b, s.u.s->s, s.u.s->len);
    }
    if (!b.data) {
      b.data = malloc(1);
      if (!b.data) return jq_oom(st);
      b.data[0] = 0;
    }
    jv s = jv_str_buf(&b);
    return emit_val(st, s, jv_ok(c->inpath) ? jv_ref(c->inpath) : jv_invalid(),
                    c->k, c->ud);
  }
  jq_node *a = c->n->args[i];
  if (a->op == JQ_LITERAL) return str_part(st, c, i - 1);
  c->i = i;
  return jq_eval(st, a->a, jv_ref(c->in), jv_invalid(), c->e, k_strpart, c);
}

/* ---- objects ----------------------------------------------------------------------------- */

typedef struct objctx {
  jq_node *n;
  jq_env *e;
  jq_k k;
  void *ud;
  jv in, inpath;
  size_t i;
  jv obj; /* borrowed per level */
  jv key;
} objctx;

static int obj_entry(jq_st *st, objctx *c, size_t i, jv obj);

static int k_objval(jq_st *st, jv v, jv p, void *ud) {
  objctx *c = ud;
  jv_unref(p);
  jv o = jv_obj_set(jv_ref(c->obj), jv_ref(c->key), v);
  if (!jv_ok(o)) return jq_oom(st);
  /* the next entries overwrite the cursor: put it back for the next
   * output of this value */
  size_t i = c->i;
  jv obj = c->obj, key = c->key;
  int r = obj_entry(st, c, i + 1, o);
  c->i = i;
  c->obj = obj;
  c->key = key;
  jv_unref(o);
  return r;
}

static int k_objkey(jq_st *st, jv v, jv p, void *ud) {
  objctx *c = ud;
  jv_unref(p);
  if (v.kind != JV_STRING) {
    char buf[30];
    jv_dump_trunc(buf, sizeof buf, v);
    int r;
    if (v.kind == JV_NUMBER || v.kind == JV_NULL || v.kind == JV_TRUE ||
        v.kind == JV_FALSE || v.kind == JV_ARRAY || v.kind == JV_OBJECT)
      r = jq_error(st, "Object keys must be strings");
    else r = jq_error(st, "Object keys must be strings");
    jv_unref(v);
    return r;
  }
  jv saved_key = c->key, saved_obj = c->obj;
  size_t i = c->i;
  c->key = v;
  jq_node *val = c->n->args2[i];
  int r;
  if (val->op == JQ_LITERAL)
    r = k_objval(st, jv_ref(val->val), jv_invalid(), c);
  else r = jq_eval(st, val, jv_ref(c->in), jv_invalid(), c->e, k_objval, c);
  c->key = saved_key;
  c->obj = saved_obj;
  c->i = i;
  jv_unref(v);
  return r;
}

static int obj_entry(jq_st *st, objctx *c, size_t i, jv obj) {
  if (i == c->n->nargs)
    return emit_val(st, jv_ref(obj),
                    jv_ok(c->inpath) ? jv_ref(c->inpath) : jv_invalid(), c->k,
                    c->ud);
  c->i = i;
  c->obj = obj;
  jq_node *key = c->n->args[i];
  if (key->op == JQ_LITERAL)
    return k_objkey(st, jv_ref(key->val), jv_invalid(), c);
  return jq_eval(st, key, jv_ref(c->in), jv_invalid(), c->e, k_objkey, c);
}

/* ---- patterns ------------------------------------------------------------------------------ */

/* Binds pat to v into vals[]; errors as jq's destructuring.  Key
 * expressions take their first output. */
static int bind_pat(jq_st *st, jq_pat *pt, jv v, jv *vals, jq_env *e, jv in,
                    int depth) {
  if (depth > 1000) return jq_error(st, "pattern too deep");
  if (pt->kind == 0) {
    jv_unref(vals[pt->var]);
    vals[pt->var] = jv_ref(v);
    return 0;
  }
  if (pt->kind == 1) {
    if (v.kind != JV_ARRAY && v.kind != JV_NULL)
      return jq_error(st, "Cannot index %s with number", kn(v));
    for (size_t i = 0; i < pt->n; i++) {
      jv x = v.kind == JV_ARRAY && i < v.u.a->n ? v.u.a->v[i] : jv_null();
      int r = bind_pat(st, pt->elems[i], x, vals, e, in, depth + 1);
      if (r) return r;
    }
    return 0;
  }
  for (size_t i = 0; i < pt->n; i++) {
    jv key;
    jq_node *kexp = pt->keys[i];
    if (kexp->op == JQ_LITERAL) {
      key = jv_ref(kexp->val);
    } else {
      int r = jq_first(st, kexp, e, jv_ref(in), &key);
      if (r) return r;
      if (!jv_ok(key)) continue;
    }
    if (key.kind != JV_STRING) {
      char buf[30];
      jv_dump_trunc(buf, sizeof buf, key);
      jv_unref(key);
      return jq_error(st, "Cannot index %s with %s", kn(v), kn(key));
    }
    if (v.kind != JV_OBJECT && v.kind != JV_NULL) {
      char buf[40];
      jv_dump_trunc(buf, sizeof buf, key);
      jv_unref(key);
      return jq_error(st, "Cannot index %s with %s", kn(v), buf);
    }
    jv x = v.kind == JV_OBJECT ? jq_index(st, v, key) : jv_null();
    jv_unref(key);
    if (pt->keyvar[i] >= 0) {
      jv_unref(vals[pt->keyvar[i]]);
      vals[pt->keyvar[i]] = jv_ref(x);
    }
    int r = 0;
    if (pt->elems[i]) r = bind_pat(st, pt->elems[i], x, vals, e, in, depth + 1);
    jv_unref(x);
    if (r) return r;
  }
  return 0;
}

/* Pushes nvars frames holding vals onto e. */
static jq_env *push_vars(jq_env *fr, int n, jv *vals, jq_env *e) {
  for (int i = 0; i < n; i++) {
    fr[i].up = i ? &fr[i - 1] : e;
    fr[i].kind = 0;
    fr[i].val = vals[i];
  }
  return n ? &fr[n - 1] : e;
}

typedef struct asctx {
  jq_node *n;
  jq_env *e;
  jq_k k;
  void *ud;
  jv in, inpath;
  bool passthru;
} asctx;

static int k_as_body(jq_st *st, jv v, jv p, void *ud) {
  asctx *c = ud;
  int r = c->k(st, v, p, c->ud);
  if (r == JQ_ERR) c->passthru = true;
  return r;
}

static int k_as(jq_st *st, jv v, jv p, void *ud) {
  asctx *c = ud;
  jv_unref(p);
  jq_node *n = c->n;
  int nv = n->nvars;
  jv vals[nv > 0 ? nv : 1];
  jq_env fr[nv > 0 ? nv : 1];
  int r = 0;
  for (size_t alt = 0; alt < n->npats; alt++) {
    for (int i = 0; i < nv; i++) vals[i] = jv_null();
    r = bind_pat(st, n->pats[alt], v, vals, c->e, c->in, 0);
    if (r == 0) {
      jq_env *e2 = push_vars(fr, nv, vals, c->e);
      if (n->npats > 1) {
        asctx c2 = *c;
        c2.passthru = false;
        r = jq_eval(st, n->b, jv_ref(c->in), jv_ref(c->inpath), e2, k_as_body,
                    &c2);
        if (r == JQ_ERR && c2.passthru) {
          for (int i = 0; i < nv; i++) jv_unref(vals[i]);
          break;
        }
      } else {
        r = jq_eval(st, n->b, jv_ref(c->in), jv_ref(c->inpath), e2, c->k,
                    c->ud);
      }
    }
    for (int i = 0; i < nv; i++) jv_unref(vals[i]);
    if (r != JQ_ERR || alt + 1 == n->npats) break;
  }
  jv_unref(v);
  return r;
}

/* ---- reduce / foreach ------------------------------------------------------------------------ */

typedef struct redctx {
  jq_node *n;
  jq_env *e;
  jq_k k;
  void *ud;
  jv in;
  jv acc;
  bool got;
} redctx;

static int k_red_update(jq_st *st, jv v, jv p, void *ud) {
  redctx *c = ud;
  (void)st;
  jv_unref(p);
  jv_unref(c->acc);
  c->acc = v;
  c->got = true;
  return 0;
}

static int k_foreach_update(jq_st *st, jv v, jv p, void *ud);

static int k_red_src(jq_st *st, jv v, jv p, void *ud) {
  redctx *c = ud;
  jv_unref(p);
  jq_node *n = c->n;
  int nv = n->nvars;
  jv vals[nv > 0 ? nv : 1];
  jq_env fr[nv > 0 ? nv : 1];
  int r = 0;
  if (jq_charge(st)) {
    jv_unref(v);
    return JQ_FATAL;
  }
  for (size_t alt = 0; alt < n->npats; alt++) {
    for (int i = 0; i < nv; i++) vals[i] = jv_null();
    r = bind_pat(st, n->pats[alt], v, vals, c->e, c->in, 0);
    if (r == 0) {
      jq_env *e2 = push_vars(fr, nv, vals, c->e);
      if (n->op == JQ_REDUCE) {
        jv acc = c->acc;
        c->acc = jv_null();
        c->got = false;
        jv_unref(c->acc);
        c->acc = jv_invalid();
        r = jq_eval(st, n->c, acc, jv_invalid(), e2, k_red_update, c);
        if (!c->got) {
          jv_unref(c->acc);
          c->acc = jv_null();
        }
      } else {
        redctx c2 = *c;
        c2.e = e2;
        jv acc = c->acc;
        c->acc = jv_invalid();
        c2.acc = jv_ref(acc);
        r = jq_eval(st, n->c, acc, jv_invalid(), e2, k_foreach_update, &c2);
        c->acc = c2.acc;
      }
    }
    for (int i = 0; i < nv; i++) jv_unref(vals[i]);
    if (r != JQ_ERR || alt + 1 == n->npats) break;
  }
  jv_unref(v);
  return r;
}

static int k_foreach_update(jq_st *st, jv v, jv p, void *ud) {
  redctx *c = ud;
  jv_unref(p);
  jv_unref(c->acc);
  c->acc = jv_ref(v);
  if (c->n->d) return jq_eval(st, c->n->d, v, jv_invalid(), c->e, c->k, c->ud);
  return c->k(st, v, jv_invalid(), c->ud);
}

static int k_red_init(jq_st *st, jv v, jv p, void *ud) {
  redctx *c = ud;
  jv_unref(p);
  redctx c2 = *c;
  c2.acc = v;
  int r =
      jq_eval(st, c->n->a, jv_ref(c->in), jv_invalid(), c->e, k_red_src, &c2);
  if (r) {
    jv_unref(c2.acc);
    return r;
  }
  if (c->n->op == JQ_REDUCE) {
    if (!jv_ok(c2.acc)) return 0;
    return c->k(st, c2.acc, jv_invalid(), c->ud);
  }
  jv_unref(c2.acc);
  return 0;
}

/* ---- assignment ----------------------------------------------------------------------------- */

static int k_collect_path(jq_st *st, jv v, jv p, void *ud) {
  jv *acc = ud;
  if (p.kind != JV_ARRAY) {
    jv_unref(p);
    return jq_invalid_path(st, v);
  }
  jv_unref(v);
  *acc = jv_arr_push(*acc, p);
  return jv_ok(*acc) ? 0 : jq_oom(st);
}

/* Every path of f on in (an array of arrays). */
static int collect_paths(jq_st *st, jq_node *f, jq_env *e, jv in, jv *out) {
  jv acc = jv_arr_new(0);
  jv root = jv_arr_new(0);
  if (!jv_ok(acc) || !jv_ok(root)) {
    jv_unref(acc);
    jv_unref(root);
    jv_unref(in);
    return jq_oom(st);
  }
  int r = jq_eval(st, f, in, root, e, k_collect_path, &acc);
  if (r) {
    jv_unref(acc);
    return r;
  }
  *out = acc;
  return 0;
}

typedef struct assignctx {
  jq_node *n;
  jq_env *e;
  jq_k k;
  void *ud;
  jv in;
  jv inpath;
} assignctx;

static int k_assign_rhs(jq_st *st, jv v, jv p, void *ud) {
  assignctx *c = ud;
  jv_unref(p);
  jq_node *n = c->n;
  jv paths;
  int r = collect_paths(st, n->a, c->e, jv_ref(c->in), &paths);
  if (r) {
    jv_unref(v);
    return r;
  }
  jv cur = jv_ref(c->in);
  for (size_t i = 0; i < paths.u.a->n; i++) {
    jv pth = paths.u.a->v[i];
    jv nv;
    if (n->sub == JQ_SET) {
      nv = jv_ref(v);
    } else {
      jv old = jv_getpath(cur, pth, st);
      if (!jv_ok(old)) {
        r = JQ_ERR;
        break;
      }
      if (n->sub == JQ_SETALT) {
        if (jv_truthy(old)) nv = old;
        else {
          jv_unref(old);
          nv = jv_ref(v);
        }
      } else {
        nv = jq_binop(st, n->sub, old, v);
        jv_unref(old);
        if (!jv_ok(nv)) {
          r = st->err.kind != JV_INVALID ? JQ_ERR : jq_oom(st);
          break;
        }
      }
    }
    cur = jv_setpath(cur, pth, 0, nv, st);
    if (!jv_ok(cur)) {
      r = st->err.kind != JV_INVALID ? JQ_ERR : jq_oom(st);
      break;
    }
  }
  jv_unref(paths);
  jv_unref(v);
  if (r) {
    jv_unref(cur);
    return r;
  }
  return emit_val(st, cur, jv_ok(c->inpath) ? jv_ref(c->inpath) : jv_invalid(),
                  c->k, c->ud);
}

__attribute__((noinline)) static int eval_assign(jq_st *st, jq_node *n, jv in,
                                                 jv path, jq_env *e, jq_k k,
                                                 void *ud) {
  assignctx c = {n, e, k, ud, in, path};
  int r = jq_eval(st, n->b, jv_ref(in), jv_invalid(), e, k_assign_rhs, &c);
  jv_unref(in);
  jv_unref(path);
  return r;
}

__attribute__((noinline)) static int eval_update(jq_st *st, jq_node *n, jv in,
                                                 jv path, jq_env *e, jq_k k,
                                                 void *ud) {
  jv paths;
  int r = collect_paths(st, n->a, e, jv_ref(in), &paths);
  if (r) {
    jv_unref(in);
    jv_unref(path);
    return r;
  }
  jv cur = in;
  jv dels = jv_arr_new(0);
  for (size_t i = 0; i < paths.u.a->n && r == 0; i++) {
    jv pth = paths.u.a->v[i];
    jv old = jv_getpath(cur, pth, st);
    if (!jv_ok(old)) {
      r = JQ_ERR;
      break;
    }
    jv nv;
    r = jq_first(st, n->b, e, old, &nv);
    if (r) break;
    if (!jv_ok(nv)) {
      dels = jv_arr_push(dels, jv_ref(pth));
      if (!jv_ok(dels)) r = jq_oom(st);
      continue;
    }
    cur = jv_setpath(cur, pth, 0, nv, st);
    if (!jv_ok(cur)) r = st->err.kind != JV_INVALID ? JQ_ERR : jq_oom(st);
  }
  jv_unref(paths);
  if (r == 0 && jv_ok(dels) && dels.u.a->n) {
    cur = jv_delpaths(cur, dels, st);
    if (!jv_ok(cur)) r = st->err.kind != JV_INVALID ? JQ_ERR : jq_oom(st);
  }
  jv_unref(dels);
  if (r) {
    jv_unref(cur);
    jv_unref(path);
    return r;
  }
  return emit_val(st, cur, path, k, ud);
}

/* ---- calls ------------------------------------------------------------------------------------- */

__attribute__((noinline)) static int call_def(jq_st *st, jq_node *d,
                                              jq_env *fenv, jq_node *call,
                                              jq_env *caller, jv in, jv path,
                                              jq_k k, void *ud) {
  int np = d->nparams;
  jq_env pf[np > 0 ? np : 1];
  jq_env *e = fenv;
  for (int i = 0; i < np; i++) {
    pf[i].up = e;
    pf[i].kind = 2;
    pf[i].def = call->args[i];
    pf[i].cenv = caller;
    e = &pf[i];
  }
  if (++st->depth > MAX_CALL_DEPTH) {
    st->depth--;
    jv_unref(in);
    jv_unref(path);
    return jq_fatal(st, "recursion too deep (call depth limit)");
  }
  int r = jq_eval(st, d->a, in, path, e, k, ud);
  st->depth--;
  return r;
}

int jq_call_arg(jq_st *st, jq_node *call, int i, jv in, jv path, jq_env *e,
                jq_k k, void *ud) {
  return jq_eval(st, call->args[i], in, path, e, k, ud);
}

typedef struct cfnctx {
  jq_node *n;
  jq_env *e;
  jq_k k;
  void *ud;
  jv in, inpath;
  jv args[8];
  int i;
} cfnctx;

static int cfn_arg(jq_st *st, cfnctx *c, int i);

static int k_cfn_arg(jq_st *st, jv v, jv p, void *ud) {
  cfnctx *c = ud;
  jv_unref(p);
  int i = c->i;
  c->args[i] = v;
  int r = cfn_arg(st, c, i - 1);
  c->i = i;
  jv_unref(c->args[i]);
  c->args[i] = jv_invalid();
  return r;
}

static int cfn_arg(jq_st *st, cfnctx *c, int i) {
  if (i < 0) {
    const jq_native *nt = &jq_natives(NULL)[c->n->native];
    jv_unref(st->err);
    st->err = jv_invalid();
    jv r = nt->fn(st, c->in, c->args);
    if (!jv_ok(r)) return st->err.kind != JV_INVALID ? JQ_ERR : JQ_FATAL;
    return emit_val(st, r, jv_ok(c->inpath) ? jv_ref(c->inpath) : jv_invalid(),
                    c->k, c->ud);
  }
  c->i = i;
  jq_node *a = c->n->args[i];
  if (a->op == JQ_LITERAL)
    return k_cfn_arg(st, jv_ref(a->val), jv_invalid(), c);
  return jq_eval(st, a, jv_ref(c->in), jv_invalid(), c->e, k_cfn_arg, c);
}

/* ---- recurse .. ----------------------------------------------------------------------------------- */

__attribute__((noinline)) static int recurse_all(jq_st *st, jv v, jv p, jq_k k,
                                                 void *ud, int depth) {
  if (p.kind == JV_NULL && (v.kind == JV_ARRAY || v.kind == JV_OBJECT)) {
    int e = bad_iter(st, v);
    jv_unref(v);
    return e;
  }
  if (depth > JV_MAX_DEPTH) {
    jv_unref(v);
    jv_unref(p);
    return jq_error(st, "recursion too deep");
  }
  int r = k(st, jv_ref(v), jv_ok(p) ? jv_ref(p) : p, ud);
  if (r == 0 && (v.kind == JV_ARRAY || v.kind == JV_OBJECT)) {
    size_t n = v.kind == JV_ARRAY ? v.u.a->n : v.u.o->n;
    for (size_t i = 0; i < n && r == 0; i++) {
      jv child, key;
      if (v.kind == JV_ARRAY) {
        child = v.u.a->v[i];
        key = jv_num((double)i);
      } else {
        child = v.u.o->e[i].val;
        key = v.u.o->e[i].key;
      }
      jv cp = jv_invalid();
      if (jv_ok(p)) {
        cp = jv_arr_push(jv_ref(p), jv_ref(key));
        if (!jv_ok(cp)) {
          r = jq_oom(st);
          break;
        }
      }
      r = recurse_all(st, jv_ref(child), cp, k, ud, depth + 1);
    }
  }
  jv_unref(v);
  jv_unref(p);
  return r;
}

/* ---- the evaluator -------------------------------------------------------------------------------- */

/* The cases of jq_eval with big locals, out of line so that the frame
 * of jq_eval (on every level of a recursion) stays small. */
__attribute__((noinline)) static int eval_string(jq_st *st, jq_node *n, jv in,
                                                 jv path, jq_env *e, jq_k k,
                                                 void *ud) {
  jv frags[n->nargs > 0 ? n->nargs : 1];
  for (size_t i = 0; i < n->nargs; i++) frags[i] = jv_invalid();
  strctx c = {n,     e,  k,
              ud,    in, path,
              frags, 0,  n->val.kind == JV_STRING ? jv_sv(n->val) : NULL};
  int r = str_part(st, &c, (int)n->nargs - 1);
  for (size_t i = 0; i < n->nargs; i++) jv_unref(frags[i]);
  return r;
}

__attribute__((noinline)) static int
eval_slice(jq_st *st, jq_node *n, jv in, jv path, jq_env *e, jq_k k, void *ud) {
  slicectx c = {
      {n, e, k, ud, in, path, jv_null(), 0, false}, jv_null(), jv_null()};
  if (n->b)
    return jq_eval(st, n->b, jv_ref(in), jv_invalid(), e, k_slice_from, &c);
  return k_slice_from(st, jv_null(), jv_invalid(), &c);
}

__attribute__((noinline)) static int
eval_cfn(jq_st *st, jq_node *n, jv in, jv path, jq_env *e, jq_k k, void *ud) {
  cfnctx c;
  c.n = n;
  c.e = e;
  c.k = k;
  c.ud = ud;
  c.in = in;
  c.inpath = path;
  for (int i = 0; i < 8; i++) c.args[i] = jv_invalid();
  return cfn_arg(st, &c, (int)n->nargs - 1);
}

__attribute__((noinline)) static int eval_object(jq_st *st, jq_node *n, jv in,
                                                 jv path, jq_env *e, jq_k k,
                                                 void *ud) {
  objctx c = {n, e, k, ud, in, path, 0, jv_null(), jv_null()};
  jv o = jv_obj_new();
  if (!jv_ok(o)) return jq_oom(st);
  int r = obj_entry(st, &c, 0, o);
  jv_unref(o);
  return r;
}

__attribute__((noinline)) static int
eval_index(jq_st *st, jq_node *n, jv in, jv path, jq_env *e, jq_k k, void *ud) {
  int r = 0;

  kctx c = {n, e, k, ud, in, path, jv_null(), 0, false};
  if (n->b->op == JQ_LITERAL) {
    c.x = n->b->val;
    if (n->a->op == JQ_IDENT) return do_index(st, in, path, c.x, k, ud);
    return jq_eval(st, n->a, in, path, e, k_index_t, &c);
  }
  r = jq_eval(st, n->b, jv_ref(in), jv_invalid(), e, k_index_key, &c);
  goto out;
out:
  jv_unref(in);
  jv_unref(path);
  return r;
}

__attribute__((noinline)) static int
eval_iter(jq_st *st, jq_node *n, jv in, jv path, jq_env *e, jq_k k, void *ud) {

  kctx c = {n, e, k, ud, in, path, jv_null(), 0, false};
  if (n->a->op == JQ_IDENT) return k_iter(st, in, path, &c);
  return jq_eval(st, n->a, in, path, e, k_iter, &c);
}

/* Evaluates n->a on in and hands each output to kont, whose context holds
 * n, the input and its path (all released when n->a is done). */
__attribute__((noinline)) static int eval_then(jq_st *st, jq_node *n, jv in,
                                               jv path, jq_env *e, jq_k k,
                                               void *ud, jq_k kont) {
  kctx c = {n, e, k, ud, in, path, jv_null(), 0, false};
  int r = jq_eval(st, n->a, jv_ref(in), jv_invalid(), e, kont, &c);
  jv_unref(in);
  jv_unref(path);
  return r;
}

__attribute__((noinline)) static int
eval_arith(jq_st *st, jq_node *n, jv in, jv path, jq_env *e, jq_k k, void *ud) {
  int r = 0;

  kctx c = {n, e, k, ud, in, path, jv_null(), 0, false};
  if (n->b->op == JQ_LITERAL)
    r = k_arith_rhs(st, jv_ref(n->b->val), jv_invalid(), &c);
  else r = jq_eval(st, n->b, jv_ref(in), jv_invalid(), e, k_arith_rhs, &c);
  jv_unref(in);
  jv_unref(path);
  return r;
}

__attribute__((noinline)) static int
eval_alt(jq_st *st, jq_node *n, jv in, jv path, jq_env *e, jq_k k, void *ud) {
  int r = 0;

  kctx c = {n, e, k, ud, in, path, jv_null(), 0, false};
  r = jq_eval(st, n->a, jv_ref(in), jv_ok(path) ? jv_ref(path) : path, e, k_alt,
              &c);
  if (r == JQ_ERR && !c.passthru) r = 0;
  if (r == 0 && c.count == 0) return jq_eval(st, n->b, in, path, e, k, ud);
  jv_unref(in);
  jv_unref(path);
  return r;
}

__attribute__((noinline)) static int
eval_try(jq_st *st, jq_node *n, jv in, jv path, jq_env *e, jq_k k, void *ud) {
  int r = 0;

  kctx c = {n, e, k, ud, in, path, jv_null(), 0, false};
  r = jq_eval(st, n->a, jv_ref(in), jv_ok(path) ? jv_ref(path) : path, e, k_try,
              &c);
  if (r == JQ_ERR && !c.passthru) {
    jv err = st->err;
    st->err = jv_invalid();
    if (n->b) {
      /* jq 1.7: error(null) is caught as null */
      r = jq_eval(st, n->b, err, jv_invalid(), e, k, ud);
    } else {
      jv_unref(err);
      r = 0;
    }
  }
  goto out;
out:
  jv_unref(in);
  jv_unref(path);
  return r;
}

__attribute__((noinline)) static int eval_reduce(jq_st *st, jq_node *n, jv in,
                                                 jv path, jq_env *e, jq_k k,
                                                 void *ud) {
  int r = 0;

  redctx c = {n, e, k, ud, in, jv_invalid(), false};
  if (jv_ok(path)) {
    jv_unref(path);
    path = jv_invalid();
    jv_unref(in);
    return jq_error(st, "Invalid path expression with result of reduce");
  }
  r = jq_eval(st, n->b, jv_ref(in), jv_invalid(), e, k_red_init, &c);
  goto out;
out:
  jv_unref(in);
  jv_unref(path);
  return r;
}

__attribute__((noinline)) static int
eval_as(jq_st *st, jq_node *n, jv in, jv path, jq_env *e, jq_k k, void *ud) {
  int r = 0;

  asctx c = {n, e, k, ud, in, path, false};
  r = jq_eval(st, n->a, jv_ref(in), jv_invalid(), e, k_as, &c);
  goto out;
out:
  jv_unref(in);
  jv_unref(path);
  return r;
}

__attribute__((noinline)) static int
eval_label(jq_st *st, jq_node *n, jv in, jv path, jq_env *e, jq_k k, void *ud) {
  int r = 0;

  jq_env fr = {e, 3, jv_null(), NULL, NULL, ++st->next_id};
  r = jq_eval(st, n->a, in, path, &fr, k, ud);
  if (r == JQ_BRK && st->brk == fr.id) r = 0;
  return r;
}

int jq_eval(jq_st *st, jq_node *n, jv in, jv path, jq_env *e, jq_k k,
            void *ud) {
  char probe;
  int r = 0;
  if ((uintptr_t)&probe < st->stack_limit) {
    jv_unref(in);
    jv_unref(path);
    return jq_fatal(st, "program too deeply nested for the stack");
  }
  if ((++st->steps & 1023) == 0 && bi_charge(st->b, 1024)) {
    jv_unref(in);
    jv_unref(path);
    st->fatal_reported = true;
    return JQ_FATAL;
  }
  switch (n->op) {
  case JQ_IDENT: return k(st, in, path, ud);
  case JQ_RECURSE_ALL: return recurse_all(st, in, path, k, ud, 0);
  case JQ_INDEX: return eval_index(st, n, in, path, e, k, ud);
  case JQ_SLICE: r = eval_slice(st, n, in, path, e, k, ud); break;
  case JQ_ITER: return eval_iter(st, n, in, path, e, k, ud);
  case JQ_LITERAL:
    jv_unref(in);
    return emit_val(st, jv_ref(n->val), path, k, ud);
  case JQ_STRING: r = eval_string(st, n, in, path, e, k, ud); break;
  case JQ_FORMAT: {
    jv out;
    r = jq_format(st, jv_sv(n->val), in, &out);
    if (r == 0) r = emit_val(st, out, jv_ok(path) ? jv_ref(path) : path, k, ud);
    break;
  }
  case JQ_PIPE: {
    pipectx c = {n, e, k, ud};
    return jq_eval(st, n->a, in, path, e, k_pipe, &c);
  }
  case JQ_COMMA:
    r = jq_eval(st, n->a, jv_ref(in), jv_ok(path) ? jv_ref(path) : path, e, k,
                ud);
    if (r) break;
    return jq_eval(st, n->b, in, path, e, k, ud);
  case JQ_NEG: return eval_then(st, n, in, path, e, k, ud, k_neg);
  case JQ_ARITH: return eval_arith(st, n, in, path, e, k, ud);
  case JQ_AND:
  case JQ_OR: return eval_then(st, n, in, path, e, k, ud, k_bool_lhs);
  case JQ_ALT: return eval_alt(st, n, in, path, e, k, ud);
  case JQ_ASSIGN:
    if (n->sub == JQ_UPDATE) return eval_update(st, n, in, path, e, k, ud);
    return eval_assign(st, n, in, path, e, k, ud);
  case JQ_IF: return eval_then(st, n, in, path, e, k, ud, k_if);
  case JQ_TRY: return eval_try(st, n, in, path, e, k, ud);
  case JQ_REDUCE:
  case JQ_FOREACH: return eval_reduce(st, n, in, path, e, k, ud);
  case JQ_FUNCDEF: {
    jq_env fr = {e, 1, jv_null(), n, NULL, 0};
    return jq_eval(st, n->b, in, path, &fr, k, ud);
  }
  case JQ_CALL:
    if (n->sub == JQ_CALL_NATIVE) {
      const jq_native *nt = &jq_natives(NULL)[n->native];
      if (nt->gen) return nt->gen(st, n, in, path, e, k, ud);
      if (n->nargs == 0) {
        jv_unref(st->err);
        st->err = jv_invalid();
        jv v = nt->fn(st, in, NULL);
        jv_unref(in);
        if (!jv_ok(v)) {
          jv_unref(path);
          return st->err.kind != JV_INVALID ? JQ_ERR : JQ_FATAL;
        }
        return emit_val(st, v, path, k, ud);
      }
      r = eval_cfn(st, n, in, path, e, k, ud);
      break;
    }
    if (n->sub == JQ_CALL_GLOBAL) {
      jq_env fr = {NULL, 1, jv_null(), n->target, NULL, 0};
      return call_def(st, n->target, &fr, n, e, in, path, k, ud);
    } else {
      jq_env *f = e;
      for (int i = 0; i < n->up; i++) f = f->up;
      if (f->kind == 2) {
        if (++st->depth > MAX_CALL_DEPTH) {
          st->depth--;
          jv_unref(in);
          jv_unref(path);
          return jq_fatal(st, "recursion too deep (call depth limit)");
        }
        r = jq_eval(st, f->def, in, path, f->cenv, k, ud);
        st->depth--;
        return r;
      }
      return call_def(st, f->def, f, n, e, in, path, k, ud);
    }
  case JQ_VAR: {
    jq_env *f = e;
    for (int i = 0; i < n->up; i++) f = f->up;
    jv_unref(in);
    return emit_val(st, jv_ref(f->val), path, k, ud);
  }
  case JQ_AS: return eval_as(st, n, in, path, e, k, ud);
  case JQ_LABEL: return eval_label(st, n, in, path, e, k, ud);
  case JQ_BREAK: {
    jq_env *f = e;
    for (int i = 0; i < n->up; i++) f = f->up;
    jv_unref(in);
    jv_unref(path);
    st->brk = f->id;
    return JQ_BRK;
  }
  case JQ_ARRAY: {
    jv acc;
    if (!n->a) {
      acc = jv_arr_new(0);
      jv_unref(in);
      return emit_val(st, acc, path, k, ud);
    }
    r = jq_collect(st, n->a, e, in, &acc);
    if (r) {
      jv_unref(path);
      return r;
    }
    return emit_val(st, acc, path, k, ud);
  }
  case JQ_OBJECT: r = eval_object(st, n, in, path, e, k, ud); break;
  case JQ_ENV:
    jv_unref(in);
    return emit_val(st, jv_ref(st->env_obj), path, k, ud);
  case JQ_LOC: jv_unref(in); return emit_val(st, jv_ref(n->val), path, k, ud);
  }
  jv_unref(in);
  jv_unref(path);
  return r;
}

bool jq_main_iterates(const jq_node *main) {
  while (main->op == JQ_PIPE) main = main->a;
  return main->op == JQ_ITER && main->a->op == JQ_IDENT;
}

int jq_eval_elem(jq_st *st, jq_node *main, jv elem, jq_env *e, jq_k k,
                 void *ud) {
  if (main->op != JQ_PIPE) return k(st, elem, jv_invalid(), ud);
  pipectx c = {main, e, k, ud};
  return jq_eval_elem(st, main->a, elem, e, k_pipe, &c);
}
