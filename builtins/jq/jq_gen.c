/* jq_gen.c: jq's builtins that take their arguments as closures and
 * generate (path, select, range, limit, first, until, sort_by, group_by,
 * ...).  Loops a generator runs charge the work budget.  The value
 * functions are in jq_builtins.c, which holds the table of both. */
#include "builtins/jq/jq_gen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- generators over closures ------------------------------------------------------ */

typedef struct gctx {
  jq_node *call;
  jq_env *e;
  jq_k k;
  void *ud;
  jv in, path;
  jv x;
  double n, count;
  uint64_t id;
  bool passthru;
} gctx;

int g_empty(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
            void *ud) {
  (void)st;
  (void)c;
  (void)e;
  (void)k;
  (void)ud;
  jv_unref(in);
  jv_unref(path);
  return 0;
}

static int k_select(jq_st *st, jv v, jv p, void *ud) {
  gctx *g = ud;
  jv_unref(p);
  bool t = jv_truthy(v);
  jv_unref(v);
  if (!t) return 0;
  return g->k(st, jv_ref(g->in), jv_ok(g->path) ? jv_ref(g->path) : g->path,
              g->ud);
}

int g_select(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
             void *ud) {
  gctx g = {c, e, k, ud, in, path, jv_null(), 0, 0, 0, false};
  int r = jq_eval(st, c->args[0], jv_ref(in), jv_invalid(), e, k_select, &g);
  jv_unref(in);
  jv_unref(path);
  return r;
}

static int k_path(jq_st *st, jv v, jv p, void *ud) {
  gctx *g = ud;
  if (p.kind != JV_ARRAY) {
    jv_unref(p);
    return jq_invalid_path(st, v);
  }
  jv_unref(v);
  if (jv_ok(g->path)) {
    jv_unref(g->path.kind == JV_NULL ? jv_invalid() : jv_invalid());
    return g->k(st, p, jv_null(), g->ud);
  }
  return g->k(st, p, jv_invalid(), g->ud);
}

int g_path(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k, void *ud) {
  gctx g = {c, e, k, ud, in, path, jv_null(), 0, 0, 0, false};
  jv root = jv_arr_new(0);
  if (!jv_ok(root)) {
    jv_unref(in);
    jv_unref(path);
    return jq_oom(st);
  }
  int r = jq_eval(st, c->args[0], jv_ref(in), root, e, k_path, &g);
  jv_unref(in);
  jv_unref(path);
  return r;
}

static int k_getpath(jq_st *st, jv v, jv p, void *ud) {
  gctx *g = ud;
  jv_unref(p);
  if (v.kind != JV_ARRAY) {
    jv_unref(v);
    return jq_error(st, "Path must be specified as an array");
  }
  if (v.u.a->n > JV_MAX_DEPTH) {
    jv_unref(v);
    return jq_error(st, "Path too deep");
  }
  jv r = jv_getpath(g->in, v, st);
  if (!jv_ok(r)) {
    jv_unref(v);
    return JQ_ERR;
  }
  jv np = jv_invalid();
  if (g->path.kind == JV_NULL) {
    np = jv_null();
  } else if (jv_ok(g->path)) {
    np = jv_arr_concat(jv_ref(g->path), jv_ref(v));
    if (!jv_ok(np)) {
      jv_unref(v);
      jv_unref(r);
      return jq_oom(st);
    }
  }
  jv_unref(v);
  return g->k(st, r, np, g->ud);
}

int g_getpath(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
              void *ud) {
  gctx g = {c, e, k, ud, in, path, jv_null(), 0, 0, 0, false};
  int r = jq_eval(st, c->args[0], jv_ref(in), jv_invalid(), e, k_getpath, &g);
  jv_unref(in);
  jv_unref(path);
  return r;
}

/* range */
static int range_run(jq_st *st, double from, double to, double by, jq_k k,
                     void *ud) {
  if (by > 0) {
    for (double x = from; x < to; x += by) {
      if (jq_charge(st)) return JQ_FATAL;
      int r = k(st, jv_num(x), jv_invalid(), ud);
      if (r) return r;
    }
  } else if (by < 0) {
    for (double x = from; x > to; x += by) {
      if (jq_charge(st)) return JQ_FATAL;
      int r = k(st, jv_num(x), jv_invalid(), ud);
      if (r) return r;
    }
  } else if (from < to) {
    /* by 0: jq 1.7 repeats from forever */
    for (;;) {
      if (jq_charge(st)) return JQ_FATAL;
      int r = k(st, jv_num(from), jv_invalid(), ud);
      if (r) return r;
    }
  }
  return 0;
}

typedef struct rangectx {
  jq_node *call;
  jq_env *e;
  jq_k k;
  void *ud;
  jv in;
  jv vals[3];
  int i;
} rangectx;

static int range_arg(jq_st *st, rangectx *c, int i);

static int k_range_arg(jq_st *st, jv v, jv p, void *ud) {
  rangectx *c = ud;
  jv_unref(p);
  int i = c->i;
  if (v.kind != JV_NUMBER) {
    jv_unref(v);
    return jq_error(st, "Range bounds must be numeric");
  }
  c->vals[i] = v;
  int r = range_arg(st, c, i + 1);
  c->i = i;
  jv_unref(v);
  c->vals[i] = jv_null();
  return r;
}

static int range_arg(jq_st *st, rangectx *c, int i) {
  int n = (int)c->call->nargs;
  if (i == n) {
    double from = 0, to, by = 1;
    if (n == 1) {
      to = jv_n(c->vals[0]);
    } else {
      from = jv_n(c->vals[0]);
      to = jv_n(c->vals[1]);
      if (n == 3) by = jv_n(c->vals[2]);
    }
    return range_run(st, from, to, by, c->k, c->ud);
  }
  c->i = i;
  return jq_eval(st, c->call->args[i], jv_ref(c->in), jv_invalid(), c->e,
                 k_range_arg, c);
}

int g_range(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
            void *ud) {
  rangectx rc = {c, e, k, ud, in, {jv_null(), jv_null(), jv_null()}, 0};
  int r;
  if (jv_ok(path)) {
    jv_unref(path);
    jv_unref(in);
    return jq_error(st, "Invalid path expression with result range");
  }
  r = range_arg(st, &rc, 0);
  jv_unref(in);
  return r;
}

/* limit / first / isempty */
static int k_limit(jq_st *st, jv v, jv p, void *ud) {
  gctx *g = ud;
  g->count++;
  int r = g->k(st, v, p, g->ud);
  if (r) return r;
  if (g->count >= g->n) {
    st->brk = g->id;
    return JQ_BRK;
  }
  return 0;
}

static int k_limit_n(jq_st *st, jv v, jv p, void *ud) {
  gctx *g = ud;
  jv_unref(p);
  if (v.kind != JV_NUMBER) {
    jv_unref(v);
    return jq_error(st, "Invalid limit: must be a number");
  }
  gctx g2 = *g;
  g2.n = jv_n(v);
  g2.count = 0;
  g2.id = ++st->next_id;
  jv_unref(v);
  if (g2.n < 0) return jq_error(st, "limit doesn't support negative count");
  if (g2.n <= 0) return 0;
  int r =
      jq_eval(st, g->call->args[1], jv_ref(g->in),
              jv_ok(g->path) ? jv_ref(g->path) : g->path, g->e, k_limit, &g2);
  if (r == JQ_BRK && st->brk == g2.id) r = 0;
  return r;
}

int g_limit(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
            void *ud) {
  gctx g = {c, e, k, ud, in, path, jv_null(), 0, 0, 0, false};
  int r = jq_eval(st, c->args[0], jv_ref(in), jv_invalid(), e, k_limit_n, &g);
  jv_unref(in);
  jv_unref(path);
  return r;
}

int g_first(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
            void *ud) {
  gctx g = {c, e, k, ud, in, path, jv_null(), 1, 0, ++st->next_id, false};
  int r = jq_eval(st, c->args[0], jv_ref(in), jv_ok(path) ? jv_ref(path) : path,
                  e, k_limit, &g);
  if (r == JQ_BRK && st->brk == g.id) r = 0;
  jv_unref(in);
  jv_unref(path);
  return r;
}

typedef struct lastctx {
  jv v, p;
  bool got;
} lastctx;

static int k_last(jq_st *st, jv v, jv p, void *ud) {
  (void)st;
  lastctx *l = ud;
  jv_unref(l->v);
  jv_unref(l->p);
  l->v = v;
  l->p = p;
  l->got = true;
  return 0;
}

int g_last(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k, void *ud) {
  lastctx l = {jv_invalid(), jv_invalid(), false};
  int r = jq_eval(st, c->args[0], in, path, e, k_last, &l);
  if (r || !l.got) {
    jv_unref(l.v);
    jv_unref(l.p);
    return r;
  }
  return k(st, l.v, l.p, ud);
}

static int k_isempty(jq_st *st, jv v, jv p, void *ud) {
  gctx *g = ud;
  jv_unref(v);
  jv_unref(p);
  g->count = 1;
  st->brk = g->id;
  return JQ_BRK;
}

int g_isempty(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
              void *ud) {
  gctx g = {c, e, k, ud, in, path, jv_null(), 0, 0, ++st->next_id, false};
  int r = jq_eval(st, c->args[0], jv_ref(in), jv_invalid(), e, k_isempty, &g);
  jv_unref(in);
  if (r == JQ_BRK && st->brk == g.id) r = 0;
  /* jq 1.7.1: an error in the generator propagates */
  if (r) {
    jv_unref(path);
    return r;
  }
  jv_unref(path);
  return k(st, jv_bool(g.count == 0), jv_invalid(), ud);
}

/* recurse(f): depth first, each output of f recursed into */
static int k_recurse(jq_st *st, jv v, jv p, void *ud);

static int recurse_one(jq_st *st, gctx *g, jv v, jv p) {
  if (++st->depth > 20000) {
    st->depth--;
    jv_unref(v);
    jv_unref(p);
    return jq_fatal(st, "recursion too deep (call depth limit)");
  }
  int r = g->k(st, jv_ref(v), jv_ok(p) ? jv_ref(p) : p, g->ud);
  if (r == 0) r = jq_eval(st, g->call->args[0], v, p, g->e, k_recurse, g);
  else {
    jv_unref(v);
    jv_unref(p);
  }
  st->depth--;
  return r;
}

static int k_recurse(jq_st *st, jv v, jv p, void *ud) {
  return recurse_one(st, ud, v, p);
}

int g_recurse(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
              void *ud) {
  gctx g = {c, e, k, ud, jv_null(), jv_null(), jv_null(), 0, 0, 0, false};
  return recurse_one(st, &g, in, path);
}

/* while / until / repeat: loops while the step yields one value */
static int g_loop(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
                  void *ud, int kind) {
  /* kind 0 while(cond; update), 1 until(cond; update), 2 repeat(f) */
  jv_unref(path);
  jv cur = in;
  for (;;) {
    if (jq_charge(st)) {
      jv_unref(cur);
      return JQ_FATAL;
    }
    int r;
    if (kind != 2) {
      jv cv;
      r = jq_first(st, c->args[0], e, jv_ref(cur), &cv);
      if (r) {
        jv_unref(cur);
        return r;
      }
      bool t = jv_ok(cv) && jv_truthy(cv);
      jv_unref(cv);
      if (!jv_ok(cv)) {
        jv_unref(cur);
        return 0;
      }
      if (kind == 0) {
        if (!t) {
          jv_unref(cur);
          return 0;
        }
        r = k(st, jv_ref(cur), jv_invalid(), ud);
        if (r) {
          jv_unref(cur);
          return r;
        }
      } else if (t) {
        return k(st, cur, jv_invalid(), ud);
      }
    } else {
      /* repeat(f): f's outputs on the same input, again and again */
      r = jq_eval(st, c->args[0], jv_ref(cur), jv_invalid(), e, k, ud);
      if (r) {
        jv_unref(cur);
        return r;
      }
      continue;
    }
    jv outs;
    r = jq_collect(st, c->args[kind == 2 ? 0 : 1], e, cur, &outs);
    if (r) return r;
    if (outs.u.a->n == 1) {
      cur = jv_ref(outs.u.a->v[0]);
      jv_unref(outs);
      continue;
    }
    /* several outputs: each continues the loop on its own */
    for (size_t i = 0; i < outs.u.a->n && r == 0; i++)
      r = g_loop(st, c, jv_ref(outs.u.a->v[i]), jv_invalid(), e, k, ud, kind);
    jv_unref(outs);
    return r;
  }
}

int g_while(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
            void *ud) {
  return g_loop(st, c, in, path, e, k, ud, 0);
}
int g_until(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
            void *ud) {
  return g_loop(st, c, in, path, e, k, ud, 1);
}
int g_repeat(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
             void *ud) {
  return g_loop(st, c, in, path, e, k, ud, 2);
}

/* sort_by / group_by / unique_by / min_by / max_by */
static int by_keys(jq_st *st, jq_node *c, jq_env *e, jv in, jv *keys) {
  if (in.kind != JV_ARRAY) {
    char buf[30];
    jv_dump_trunc(buf, sizeof buf, in);
    return jq_error(st, "Cannot index %s with number", jv_kind_name(in.kind));
  }
  jv ks = jv_arr_new(in.u.a->n);
  if (!jv_ok(ks)) return jq_oom(st);
  for (size_t i = 0; i < in.u.a->n; i++) {
    jv kv;
    int r = jq_collect(st, c->args[0], e, jv_ref(in.u.a->v[i]), &kv);
    if (r) {
      jv_unref(ks);
      return r;
    }
    ks = jv_arr_push(ks, kv);
    if (!jv_ok(ks)) return jq_oom(st);
  }
  *keys = ks;
  return 0;
}

static int g_by(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
                void *ud, int kind) {
  jv keys;
  int r = by_keys(st, c, e, in, &keys);
  if (r) {
    jv_unref(in);
    jv_unref(path);
    return r;
  }
  size_t n = in.u.a->n;
  jv res;
  if (kind >= 3) {
    jv a[1] = {keys};
    res = kind == 3 ? f_min_by_impl(st, in, a) : f_max_by_impl(st, in, a);
    jv_unref(keys);
    jv_unref(in);
    if (!jv_ok(res)) {
      jv_unref(path);
      return JQ_ERR;
    }
    jv_unref(path);
    return k(st, res, jv_invalid(), ud);
  }
  jv *kv = malloc((n ? n : 1) * sizeof *kv),
     *vv = malloc((n ? n : 1) * sizeof *vv);
  if (!kv || !vv) {
    free(kv);
    free(vv);
    jv_unref(keys);
    jv_unref(in);
    jv_unref(path);
    return jq_oom(st);
  }
  for (size_t i = 0; i < n; i++) {
    kv[i] = keys.u.a->v[i];
    vv[i] = in.u.a->v[i];
  }
  jv_sort_pairs(kv, vv, n);
  res = jv_arr_new(n);
  if (kind == 0) {
    for (size_t i = 0; i < n && jv_ok(res); i++)
      res = jv_arr_push(res, jv_ref(vv[i]));
  } else {
    jv grp = jv_invalid();
    for (size_t i = 0; i < n && jv_ok(res); i++) {
      bool same = i > 0 && jv_cmp(kv[i - 1], kv[i]) == 0;
      if (kind == 1) {
        if (!same) {
          if (jv_ok(grp)) res = jv_arr_push(res, grp);
          grp = jv_arr_new(0);
        }
        grp = jv_arr_push(grp, jv_ref(vv[i]));
      } else if (!same) {
        res = jv_arr_push(res, jv_ref(vv[i]));
      }
    }
    if (jv_ok(grp)) res = jv_arr_push(res, grp);
  }
  free(kv);
  free(vv);
  jv_unref(keys);
  jv_unref(in);
  jv_unref(path);
  if (!jv_ok(res)) return jq_oom(st);
  return k(st, res, jv_invalid(), ud);
}

int g_sort_by(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
              void *ud) {
  return g_by(st, c, in, path, e, k, ud, 0);
}
int g_group_by(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
               void *ud) {
  return g_by(st, c, in, path, e, k, ud, 1);
}
int g_unique_by(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
                void *ud) {
  return g_by(st, c, in, path, e, k, ud, 2);
}
int g_min_by(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
             void *ud) {
  return g_by(st, c, in, path, e, k, ud, 3);
}
int g_max_by(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
             void *ud) {
  return g_by(st, c, in, path, e, k, ud, 4);
}

/* input / inputs */
int g_input(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
            void *ud) {
  (void)c;
  (void)e;
  jv_unref(in);
  jv_unref(path);
  jv v;
  int r = st->next_input ? st->next_input(st, &v) : 0;
  if (r < 0) return r == -2 ? JQ_ERR : JQ_FATAL;
  if (r == 0) return jq_error(st, "No more inputs");
  return k(st, v, jv_invalid(), ud);
}

int g_inputs(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
             void *ud) {
  (void)c;
  (void)e;
  jv_unref(in);
  jv_unref(path);
  for (;;) {
    jv v;
    int r = st->next_input ? st->next_input(st, &v) : 0;
    if (r < 0) return r == -2 ? JQ_ERR : JQ_FATAL;
    if (r == 0) return 0;
    r = k(st, v, jv_invalid(), ud);
    if (r) return r;
  }
}

/* debug / stderr */
int g_debug(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
            void *ud) {
  (void)c;
  (void)e;
  vsh_buf b;
  vsh__buf_init(&b);
  vsh__buf_puts(&b, "[\"DEBUG:\",");
  jv_dump(&b, in, st->dump_flags & JV_PRINT_SORTED, 0);
  vsh__buf_puts(&b, "]\n");
  if (b.data) bi_write_to(st->b, st->b->err, b.data, b.len);
  vsh_buf_dispose(&b);
  return k(st, in, path, ud);
}

static int k_debugmsg(jq_st *st, jv v, jv p, void *ud) {
  (void)ud;
  jv_unref(p);
  vsh_buf b;
  vsh__buf_init(&b);
  vsh__buf_puts(&b, "[\"DEBUG:\",");
  jv_dump(&b, v, st->dump_flags & JV_PRINT_SORTED, 0);
  vsh__buf_puts(&b, "]\n");
  if (b.data) bi_write_to(st->b, st->b->err, b.data, b.len);
  vsh_buf_dispose(&b);
  jv_unref(v);
  return 0;
}

int g_debug1(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
             void *ud) {
  int r =
      jq_eval(st, c->args[0], jv_ref(in), jv_invalid(), e, k_debugmsg, NULL);
  if (r) {
    jv_unref(in);
    jv_unref(path);
    return r;
  }
  return k(st, in, path, ud);
}

int g_stderr(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
             void *ud) {
  (void)c;
  (void)e;
  vsh_buf b;
  vsh__buf_init(&b);
  /* jq 1.7: the input as raw text when a string?  1.7.1 prints JSON */
  jv_dump(&b, in, 0, 0);
  if (b.data) bi_write_to(st->b, st->b->err, b.data, b.len);
  vsh_buf_dispose(&b);
  return k(st, in, path, ud);
}

/* tostream */
static int stream_rec(jq_st *st, jv v, jv path, bool top, jq_k k, void *ud,
                      int depth) {
  if (depth > JV_MAX_DEPTH) return jq_error(st, "value too deep for tostream");
  if (jq_charge(st)) return JQ_FATAL;
  bool container = v.kind == JV_ARRAY || v.kind == JV_OBJECT;
  size_t n = v.kind == JV_ARRAY ? v.u.a->n : v.kind == JV_OBJECT ? v.u.o->n : 0;
  if (!container || n == 0) {
    jv ev = jv_arr_new(2);
    ev = jv_arr_push(ev, jv_ref(path));
    ev = jv_arr_push(ev, jv_ref(v));
    if (!jv_ok(ev)) return jq_oom(st);
    int r = k(st, ev, jv_invalid(), ud);
    if (r || !top) return r;
    /* a scalar or empty container at the top: also the closing event */
    jv close = jv_arr_new(1);
    close = jv_arr_push(close, jv_ref(path));
    if (!jv_ok(close)) return jq_oom(st);
    return container ? k(st, close, jv_invalid(), ud) : (jv_unref(close), 0);
  }
  jv last = jv_invalid();
  for (size_t i = 0; i < n; i++) {
    jv key = v.kind == JV_ARRAY ? jv_num((double)i) : jv_ref(v.u.o->e[i].key);
    jv child = v.kind == JV_ARRAY ? v.u.a->v[i] : v.u.o->e[i].val;
    jv cp = jv_arr_push(jv_ref(path), key);
    if (!jv_ok(cp)) return jq_oom(st);
    int r = stream_rec(st, child, cp, false, k, ud, depth + 1);
    if (i + 1 == n) last = cp;
    else jv_unref(cp);
    if (r) {
      jv_unref(last);
      return r;
    }
  }
  jv close = jv_arr_new(1);
  close = jv_arr_push(close, last);
  if (!jv_ok(close)) return jq_oom(st);
  int r = k(st, close, jv_invalid(), ud);
  (void)top;
  return r;
}

int g_tostream(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
               void *ud) {
  (void)c;
  (void)e;
  jv_unref(path);
  jv root = jv_arr_new(0);
  if (!jv_ok(root)) {
    jv_unref(in);
    return jq_oom(st);
  }
  int r;
  bool container = in.kind == JV_ARRAY || in.kind == JV_OBJECT;
  size_t n = in.kind == JV_ARRAY    ? in.u.a->n
             : in.kind == JV_OBJECT ? in.u.o->n
                                    : 0;
  if (!container || n == 0) {
    jv ev = jv_arr_new(2);
    ev = jv_arr_push(ev, jv_ref(root));
    ev = jv_arr_push(ev, jv_ref(in));
    if (!jv_ok(ev)) r = jq_oom(st);
    else r = k(st, ev, jv_invalid(), ud);
  } else {
    r = stream_rec(st, in, root, false, k, ud, 0);
  }
  jv_unref(root);
  jv_unref(in);
  return r;
}
