/* jq_parse.c: jq's grammar by precedence climbing into jq_node trees,
 * with names resolved as they are read: a compile-time scope stack that
 * mirrors the evaluator's frames one for one, so a variable or a call
 * becomes "so many frames up", a library definition, or a native.  The
 * library (jq_builtins.c's jq text) is parsed first into the globals. */
#include "builtins/jq/jq_parse.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PARSE_DEPTH 1000

void jqp_fail(parser *p, const char *fmt, ...) {
  if (p->failed) return;
  p->failed = true;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->msg, p->msgn, fmt, ap);
  va_end(ap);
}

static const char *tokname_of(parser *p, int t, char *buf, size_t n);

static const char *tokname(parser *p, char *buf, size_t n) {
  return tokname_of(p, p->lx.tok, buf, n);
}

static const char *tokname_of(parser *p, int t, char *buf, size_t n) {
  if (t == T_EOF) return "end of file";
  if (t == T_INVALID) return "INVALID_CHARACTER";
  if (t == T_IDENT) return "IDENT";
  if (t == T_FIELD) return "FIELD";
  if (t == T_NUM) return "LITERAL";
  if (t == T_VAR) return "BINDING";
  if (t == T_FORMAT) return "FORMAT";
  if (t == T_QUOTE) return "QQSTRING_START";
  if (t == T_ALT) return "\"//\"";
  if (t == T_DOTDOT) return "\"..\"";
  if (t >= T_DEF && t <= T_LOC) {
    static const char *const kw[] = {
        "def",    "if",      "then",    "elif", "else",   "end",
        "as",     "reduce",  "foreach", "try",  "catch",  "label",
        "import", "include", "and",     "or",   "__loc__"};
    snprintf(buf, n, "%s", kw[t - T_DEF]);
    return buf;
  }
  if (t < 256) {
    snprintf(buf, n, "'%c'", t);
    return buf;
  }
  snprintf(buf, n, "%.*s", (int)(p->lx.tlen ? p->lx.tlen : 1),
           p->lx.s + p->lx.start);
  return buf;
}

void jqp_syntax_exp(parser *p, int want) {
  char b[96], w[96];
  if (want >= 0)
    jqp_fail(p,
             "syntax error, unexpected %s, expecting %s (Unix shell quoting "
             "issues?) at %s, line %d:",
             tokname(p, b, sizeof b), tokname_of(p, want, w, sizeof w),
             p->srcname, p->lx.tline);
  else
    jqp_fail(p,
             "syntax error, unexpected %s (Unix shell quoting issues?) at %s, "
             "line %d:",
             tokname(p, b, sizeof b), p->srcname, p->lx.tline);
}

void jqp_syntax(parser *p) { jqp_syntax_exp(p, -1); }

void jqp_next(parser *p) { jq_lex_next(&p->lx); }

static bool accept(parser *p, int t) {
  if (p->lx.tok != t) return false;
  jqp_next(p);
  return true;
}

bool jqp_expect(parser *p, int t) {
  if (accept(p, t)) return true;
  jqp_syntax_exp(p, t);
  return false;
}

jq_node *jqp_mk(parser *p, jq_op op) {
  jq_node *n = calloc(1, sizeof *n);
  if (!n) {
    p->oom = true;
    jqp_fail(p, "memory exhausted");
    return NULL;
  }
  n->op = op;
  n->line = p->lx.tline;
  n->next_all = p->prog->all;
  p->prog->all = n;
  return n;
}

static jq_node *mk2(parser *p, jq_op op, int sub, jq_node *a, jq_node *b) {
  jq_node *n = jqp_mk(p, op);
  if (!n) return NULL;
  n->sub = sub;
  n->a = a;
  n->b = b;
  return n;
}

jq_node *jqp_mk_lit(parser *p, jv v) {
  if (!jv_ok(v)) {
    jqp_fail(p, "memory exhausted");
    return NULL;
  }
  jq_node *n = jqp_mk(p, JQ_LITERAL);
  if (!n) {
    jv_unref(v);
    return NULL;
  }
  n->val = v;
  return n;
}

bool jqp_push_scope(parser *p, int kind, const char *name, size_t len,
                    int arity) {
  if (p->nsc == p->capsc) {
    size_t nc = p->capsc ? p->capsc * 2 : 32;
    scope_ent *ns = realloc(p->sc, nc * sizeof *ns);
    if (!ns) {
      jqp_fail(p, "memory exhausted");
      return false;
    }
    p->sc = ns;
    p->capsc = nc;
  }
  p->sc[p->nsc++] = (scope_ent){kind, name, len, arity};
  return true;
}

/* Frames up to the binding, or -1. */
static int lookup(parser *p, int kind, const char *name, size_t len,
                  int arity) {
  for (size_t i = p->nsc; i-- > 0;) {
    scope_ent *e = &p->sc[i];
    if (e->len != len || memcmp(e->name, name, len)) continue;
    if (kind == SC_VAR && e->kind == SC_VAR) return (int)(p->nsc - 1 - i);
    if (kind == SC_LABEL && e->kind == SC_LABEL) return (int)(p->nsc - 1 - i);
    if (kind == SC_FUNC && ((e->kind == SC_FUNC && e->arity == arity) ||
                            (e->kind == SC_PARAM && arity == 0)))
      return (int)(p->nsc - 1 - i);
  }
  return -1;
}

static jq_node *find_global(jq_prog *g, const char *name, size_t len,
                            int arity) {
  for (size_t i = g->nglobals; i-- > 0;) {
    jq_node *d = g->globals[i];
    if (d->nparams == arity && strlen(d->name) == len &&
        !memcmp(d->name, name, len))
      return d;
  }
  return NULL;
}

static jq_node *parse_exp(parser *p, int minprec);
static jq_node *parse_postfix(parser *p, bool allow_as);

/* ---- calls ------------------------------------------------------------------ */

static jq_node *resolve_call(parser *p, jq_node *c, const char *name,
                             size_t len) {
  int up = lookup(p, SC_FUNC, name, len, (int)c->nargs);
  if (up >= 0) {
    c->sub = JQ_CALL_LOCAL;
    c->up = up;
    return c;
  }
  jq_node *g = find_global(p->prog, name, len, (int)c->nargs);
  if (g) {
    c->sub = JQ_CALL_GLOBAL;
    c->target = g;
    return c;
  }
  char nm[128];
  snprintf(nm, sizeof nm, "%.*s", (int)(len < 100 ? len : 100), name);
  int k = jq_native_find(nm, (int)c->nargs);
  if (k >= 0) {
    c->sub = JQ_CALL_NATIVE;
    c->native = k;
    return c;
  }
  jqp_fail(p, "%s/%zu is not defined at %s, line %d:", nm, c->nargs, p->srcname,
           c->line);
  return NULL;
}

static bool add_arg(parser *p, jq_node *c, jq_node *a, jq_node *v) {
  jq_node **na = realloc(c->args, (c->nargs + 1) * sizeof *na);
  if (!na) {
    jqp_fail(p, "memory exhausted");
    return false;
  }
  c->args = na;
  if (v || c->op == JQ_OBJECT || c->op == JQ_STRING) {
    jq_node **nv = realloc(c->args2, (c->nargs + 1) * sizeof *nv);
    if (!nv) {
      jqp_fail(p, "memory exhausted");
      return false;
    }
    c->args2 = nv;
    c->args2[c->nargs] = v;
  }
  c->args[c->nargs++] = a;
  return true;
}

/* ---- strings ------------------------------------------------------------------ */

/* After T_QUOTE: the parts of a string literal.  fmt: "@name" or NULL. */
jq_node *jqp_parse_string(parser *p, const char *fmt, size_t fmtlen) {
  jq_node *s = jqp_mk(p, JQ_STRING);
  if (!s) return NULL;
  s->val = fmt ? jv_str_n(fmt, fmtlen) : jv_null();
  bool interp = false;
  for (;;) {
    vsh_buf b;
    vsh__buf_init(&b);
    int r = jq_lex_string_part(&p->lx, &b);
    if (r < 0) {
      vsh_buf_dispose(&b);
      jqp_fail(p, "syntax error: %s at %s, line %d:", p->lx.err, p->srcname,
               p->lx.line);
      return NULL;
    }
    if (b.len || (r == 0 && s->nargs == 0)) {
      jq_node *lit = jqp_mk_lit(p, jv_str_buf(&b));
      if (!lit || !add_arg(p, s, lit, NULL)) return NULL;
    } else {
      vsh_buf_dispose(&b);
    }
    if (r == 0) break;
    interp = true;
    jqp_next(p);
    jq_node *e = jqp_parse_pipe(p);
    if (!e) return NULL;
    if (p->lx.tok != ')') {
      jqp_syntax(p);
      return NULL;
    }
    /* the lexer stands just past ')' */
    jq_node *w = jqp_mk(p, JQ_IDENT); /* marks an interpolated part */
    if (!w) return NULL;
    w->a = e;
    if (!add_arg(p, s, w, NULL)) return NULL;
  }
  jqp_next(p);
  if (!interp && !fmt) {
    /* a constant string */
    jq_node *only = s->args[0];
    return only;
  }
  return s;
}

/* ---- patterns ------------------------------------------------------------------ */

typedef struct patvars {
  const char *name[256];
  size_t len[256];
  int n;
} patvars;

static int patvar(parser *p, patvars *pv, const char *name, size_t len) {
  for (int i = 0; i < pv->n; i++)
    if (pv->len[i] == len && !memcmp(pv->name[i], name, len)) return i;
  if (pv->n == 256) {
    jqp_fail(p, "too many variables in a pattern");
    return -1;
  }
  pv->name[pv->n] = name;
  pv->len[pv->n] = len;
  return pv->n++;
}

/* A pattern owned by a holder node (freed with the program). */
static jq_pat *new_pat(parser *p) {
  jq_pat *pt = calloc(1, sizeof *pt);
  jq_node *holder = jqp_mk(p, JQ_IDENT);
  if (!pt || !holder || !(holder->pats = malloc(sizeof(jq_pat *)))) {
    free(pt);
    jqp_fail(p, "memory exhausted");
    return NULL;
  }
  holder->pats[0] = pt;
  holder->npats = 1;
  return pt;
}

static jq_pat *parse_pattern(parser *p, patvars *pv) {
  if (++p->depth > MAX_PARSE_DEPTH) {
    jqp_fail(p, "program nested too deeply");
    return NULL;
  }
  jq_pat *pt = new_pat(p);
  if (!pt) return NULL;
  if (p->lx.tok == T_VAR) {
    pt->kind = 0;
    pt->var = patvar(p, pv, p->lx.text, p->lx.tlen);
    jqp_next(p);
  } else if (accept(p, '[')) {
    pt->kind = 1;
    do {
      jq_pat *e = parse_pattern(p, pv);
      if (!e) return NULL;
      jq_pat **ne = realloc(pt->elems, (pt->n + 1) * sizeof *ne);
      if (!ne) {
        jqp_fail(p, "memory exhausted");
        return NULL;
      }
      pt->elems = ne;
      pt->elems[pt->n++] = e;
    } while (accept(p, ','));
    if (!jqp_expect(p, ']')) return NULL;
  } else if (accept(p, '{')) {
    pt->kind = 2;
    do {
      jq_node *key = NULL;
      jq_pat *val = NULL;
      int kv = -1;
      if (p->lx.tok == T_VAR) {
        kv = patvar(p, pv, p->lx.text, p->lx.tlen);
        key = jqp_mk_lit(p, jv_str_n(p->lx.text, p->lx.tlen));
        jqp_next(p);
        if (accept(p, ':')) val = parse_pattern(p, pv);
      } else {
        if (p->lx.tok == T_IDENT ||
            (p->lx.tok >= T_DEF && p->lx.tok != T_LOC)) {
          key = jqp_mk_lit(p, jv_str_n(p->lx.text, p->lx.tlen));
          jqp_next(p);
        } else if (p->lx.tok == T_QUOTE) {
          key = jqp_parse_string(p, NULL, 0);
        } else if (accept(p, '(')) {
          key = jqp_parse_pipe(p);
          if (!jqp_expect(p, ')')) return NULL;
        } else {
          jqp_syntax(p);
          return NULL;
        }
        if (!key || !jqp_expect(p, ':')) return NULL;
        val = parse_pattern(p, pv);
        if (!val) return NULL;
      }
      if (!key) return NULL;
      size_t k = pt->n;
      jq_pat **ne = realloc(pt->elems, (k + 1) * sizeof *ne);
      if (ne) pt->elems = ne;
      jq_node **nk = realloc(pt->keys, (k + 1) * sizeof *nk);
      if (nk) pt->keys = nk;
      int *nkv = realloc(pt->keyvar, (k + 1) * sizeof *nkv);
      if (nkv) pt->keyvar = nkv;
      if (!ne || !nk || !nkv) {
        jqp_fail(p, "memory exhausted");
        return NULL;
      }
      pt->elems[k] = val;
      pt->keys[k] = key;
      pt->keyvar[k] = kv;
      pt->n++;
    } while (accept(p, ','));
    if (!jqp_expect(p, '}')) return NULL;
  } else {
    jqp_syntax(p);
    return NULL;
  }
  p->depth--;
  return pt;
}

/* Patterns after "as": fills n->pats / npats / nvars and the names in
 * pv (push_patvars puts them on the scope). */
static bool parse_patterns(parser *p, jq_node *n, patvars *pv0) {
  patvars *pvp = pv0;
#define pv (*pvp)
  pv.n = 0;
  do {
    jq_pat *pt = parse_pattern(p, pvp);
    if (!pt) return false;
    jq_pat **np = realloc(n->pats, (n->npats + 1) * sizeof *np);
    if (!np) {
      jqp_fail(p, "memory exhausted");
      return false;
    }
    n->pats = np;
    n->pats[n->npats++] = pt;
  } while (accept(p, T_ALTDESTR));
  n->nvars = pv.n;
  return true;
#undef pv
}

static bool push_patvars(parser *p, patvars *pv) {
  for (int i = 0; i < pv->n; i++)
    if (!jqp_push_scope(p, SC_VAR, pv->name[i], pv->len[i], 0)) return false;
  return true;
}

/* ---- definitions ------------------------------------------------------------------ */

/* After "def": name, params, ':' body ';'.  Leaves the function's own
 * entry on the scope (the caller pops it after the rest). */
jq_node *jqp_parse_def(parser *p) {
  if (p->lx.tok != T_IDENT && !(p->lx.tok >= T_DEF && p->lx.tok != T_LOC)) {
    jqp_syntax(p);
    return NULL;
  }
  jq_node *d = jqp_mk(p, JQ_FUNCDEF);
  if (!d) return NULL;
  d->name = strndup(p->lx.text, p->lx.tlen);
  if (!d->name) {
    jqp_fail(p, "memory exhausted");
    return NULL;
  }
  jqp_next(p);
  const char *pn[64];
  size_t pl[64];
  bool isvar[64];
  int np = 0;
  if (accept(p, '(')) {
    do {
      if (np == 64) {
        jqp_fail(p, "too many parameters");
        return NULL;
      }
      if (p->lx.tok == T_VAR) {
        isvar[np] = true;
      } else if (p->lx.tok == T_IDENT) {
        isvar[np] = false;
      } else {
        jqp_syntax(p);
        return NULL;
      }
      pn[np] = p->lx.text;
      pl[np] = p->lx.tlen;
      np++;
      jqp_next(p);
    } while (accept(p, ';'));
    if (!jqp_expect(p, ')')) return NULL;
  }
  if (!jqp_expect(p, ':')) return NULL;
  d->nparams = np;
  size_t base = p->nsc;
  if (!jqp_push_scope(p, SC_FUNC, d->name, strlen(d->name), np)) return NULL;
  for (int i = 0; i < np; i++)
    if (!jqp_push_scope(p, SC_PARAM, pn[i], pl[i], 0)) return NULL;
  /* $params: `def f($a): body` is `def f(a): a as $a | body` */
  jq_node *outer = NULL, **hole = &outer;
  for (int i = 0; i < np; i++) {
    if (!isvar[i]) continue;
    jq_node *as = jqp_mk(p, JQ_AS);
    jq_node *c = jqp_mk(p, JQ_CALL);
    jq_pat *pt = new_pat(p);
    if (!as || !c || !pt || !(as->pats = malloc(sizeof *as->pats))) {
      jqp_fail(p, "memory exhausted");
      return NULL;
    }
    c->name = strndup(pn[i], pl[i]);
    c->sub = JQ_CALL_LOCAL;
    c->up = lookup(p, SC_FUNC, pn[i], pl[i], 0);
    as->a = c;
    as->pats[0] = pt;
    as->npats = 1;
    as->nvars = 1;
    *hole = as;
    hole = &as->b;
    if (!jqp_push_scope(p, SC_VAR, pn[i], pl[i], 0)) return NULL;
  }
  jq_node *body = jqp_parse_pipe(p);
  if (!body) return NULL;
  *hole = body;
  d->a = outer;
  p->nsc = base + 1;
  if (!jqp_expect(p, ';')) return NULL;
  return d;
}

/* ---- terms ------------------------------------------------------------------------ */

static jq_node *parse_number(parser *p) {
  char tmp[64];
  size_t n = p->lx.tlen;
  double d;
  jv v;
  if (n < sizeof tmp) {
    memcpy(tmp, p->lx.text, n);
    tmp[n] = 0;
    d = strtod(tmp, NULL);
  } else {
    char *t = strndup(p->lx.text, n);
    if (!t) {
      jqp_fail(p, "memory exhausted");
      return NULL;
    }
    d = strtod(t, NULL);
    free(t);
  }
  size_t z = 0;
  while (z + 1 < n && p->lx.text[z] == '0' && p->lx.text[z + 1] >= '0' &&
         p->lx.text[z + 1] <= '9')
    z++;
  v = jv_num_lit(p->lx.text + z, n - z, d);
  jqp_next(p);
  return jqp_mk_lit(p, v);
}

jq_node *jqp_parse_object(parser *p) {
  jq_node *o = jqp_mk(p, JQ_OBJECT);
  if (!o) return NULL;
  if (accept(p, '}')) return o;
  do {
    jq_node *key = NULL, *val = NULL;
    int t = p->lx.tok;
    if (t == T_VAR || t == T_LOCVAR) {
      /* {$x} is {x: $x} */
      jv name = t == T_LOCVAR ? jv_str_c("__loc__")
                              : jv_str_n(p->lx.text, p->lx.tlen);
      key = jqp_mk_lit(p, name);
      if (t == T_LOCVAR) {
        jv loc = jv_obj_new();
        loc = jv_obj_set(loc, jv_str_c("file"), jv_str_c(p->srcname));
        loc = jv_obj_set(loc, jv_str_c("line"), jv_num(p->lx.tline));
        val = jqp_mk_lit(p, loc);
      } else {
        int up = lookup(p, SC_VAR, p->lx.text, p->lx.tlen, 0);
        jq_node *dv = NULL;
        for (size_t i = p->prog->nglobals; up < 0 && i-- > 0;) {
          jq_node *d = p->prog->globals[i];
          if (d->nparams == -1 && strlen(d->name) == p->lx.tlen &&
              !memcmp(d->name, p->lx.text, p->lx.tlen)) {
            dv = d;
            break;
          }
        }
        val = jqp_mk(p, up >= 0 ? JQ_VAR : dv ? JQ_CALL : JQ_ENV);
        if (val) val->up = up;
        if (val && dv) {
          val->sub = JQ_CALL_GLOBAL;
          val->target = dv;
        }
        if (up < 0 && !dv &&
            !(p->lx.tlen == 3 && !memcmp(p->lx.text, "ENV", 3))) {
          jqp_fail(p, "$%.*s is not defined at %s, line %d:", (int)p->lx.tlen,
                   p->lx.text, p->srcname, p->lx.tline);
          return NULL;
        }
      }
      jqp_next(p);
      if (!key || !val) return NULL;
      if (accept(p, ':')) {
        /* {$k: v}: the key is $k's value */
        key = val;
        val = parse_exp(p, 4);
        while (val && p->lx.tok == '|') {
          jqp_next(p);
          jq_node *r = parse_exp(p, 4);
          if (!r) return NULL;
          val = mk2(p, JQ_PIPE, 0, val, r);
        }
        if (!val) return NULL;
      }
    } else {
      if (t == T_IDENT || (t >= T_DEF && t <= T_LOC)) {
        key = jqp_mk_lit(p, jv_str_n(p->lx.text, p->lx.tlen));
        jqp_next(p);
      } else if (t == T_NUM) {
        key = parse_number(p);
      } else if (t == T_QUOTE) {
        key = jqp_parse_string(p, NULL, 0);
      } else if (t == T_FORMAT) {
        const char *f = p->lx.text;
        size_t fl = p->lx.tlen;
        jqp_next(p);
        if (p->lx.tok == T_QUOTE) key = jqp_parse_string(p, f, fl);
        else {
          key = jqp_mk(p, JQ_FORMAT);
          if (key) key->val = jv_str_n(f, fl);
        }
      } else if (accept(p, '(')) {
        key = jqp_parse_pipe(p);
        if (!jqp_expect(p, ')')) return NULL;
      } else {
        jqp_syntax(p);
        return NULL;
      }
      if (!key) return NULL;
      if (accept(p, ':')) {
        val = parse_exp(p, 4);
        while (val && p->lx.tok == '|') {
          jqp_next(p);
          jq_node *r = parse_exp(p, 4);
          if (!r) return NULL;
          val = mk2(p, JQ_PIPE, 0, val, r);
        }
        if (!val) return NULL;
      } else {
        /* {a} and {"a"} are {a: .a} */
        val = mk2(p, JQ_INDEX, 0, jqp_mk(p, JQ_IDENT), key);
        if (!val) return NULL;
      }
    }
    if (!add_arg(p, o, key, val)) return NULL;
  } while (accept(p, ','));
  if (!jqp_expect(p, '}')) return NULL;
  return o;
}

static jq_node *parse_primary(parser *p) {
  int t = p->lx.tok;
  jq_node *n;
  switch (t) {
  case T_NUM: return parse_number(p);
  case T_QUOTE: return jqp_parse_string(p, NULL, 0);
  case T_FORMAT: {
    const char *f = p->lx.text;
    size_t fl = p->lx.tlen;
    jqp_next(p);
    if (p->lx.tok == T_QUOTE) return jqp_parse_string(p, f, fl);
    n = jqp_mk(p, JQ_FORMAT);
    if (n) n->val = jv_str_n(f, fl);
    return n;
  }
  case '.':
    jqp_next(p);
    if (p->lx.tok == T_QUOTE) {
      jq_node *k = jqp_parse_string(p, NULL, 0);
      return k ? mk2(p, JQ_INDEX, 0, jqp_mk(p, JQ_IDENT), k) : NULL;
    }
    return jqp_mk(p, JQ_IDENT);
  case T_DOTDOT: jqp_next(p); return jqp_mk(p, JQ_RECURSE_ALL);
  case T_FIELD: {
    jq_node *k = jqp_mk_lit(p, jv_str_n(p->lx.text, p->lx.tlen));
    jqp_next(p);
    return k ? mk2(p, JQ_INDEX, 0, jqp_mk(p, JQ_IDENT), k) : NULL;
  }
  case T_VAR: {
    const char *nm = p->lx.text;
    size_t nl = p->lx.tlen;
    int up = lookup(p, SC_VAR, nm, nl, 0);
    jqp_next(p);
    if (up >= 0) {
      n = jqp_mk(p, JQ_VAR);
      if (n) n->up = up;
      return n;
    }
    if (nl == 3 && !memcmp(nm, "ENV", 3)) return jqp_mk(p, JQ_ENV);
    for (size_t i = p->prog->nglobals; i-- > 0;) {
      jq_node *d = p->prog->globals[i];
      if (d->nparams == -1 && strlen(d->name) == nl &&
          !memcmp(d->name, nm, nl)) {
        n = jqp_mk(p, JQ_CALL);
        if (n) {
          n->sub = JQ_CALL_GLOBAL;
          n->target = d;
        }
        return n;
      }
    }
    jqp_fail(p, "$%.*s is not defined at %s, line %d:", (int)nl, nm, p->srcname,
             p->lx.tline);
    return NULL;
  }
  case T_LOCVAR: {
    jv loc = jv_obj_new();
    loc = jv_obj_set(loc, jv_str_c("file"), jv_str_c(p->srcname));
    loc = jv_obj_set(loc, jv_str_c("line"), jv_num(p->lx.tline));
    jqp_next(p);
    return jqp_mk_lit(p, loc);
  }
  case '(':
    jqp_next(p);
    n = jqp_parse_pipe(p);
    if (!n || !jqp_expect(p, ')')) return NULL;
    return n;
  case '[':
    jqp_next(p);
    n = jqp_mk(p, JQ_ARRAY);
    if (!n) return NULL;
    if (accept(p, ']')) return n;
    n->a = jqp_parse_pipe(p);
    if (!n->a || !jqp_expect(p, ']')) return NULL;
    return n;
  case '{': jqp_next(p); return jqp_parse_object(p);
  case T_IDENT: {
    const char *nm = p->lx.text;
    size_t nl = p->lx.tlen;
    if (nl == 4 && !memcmp(nm, "null", 4)) {
      jqp_next(p);
      return jqp_mk_lit(p, jv_null());
    }
    if (nl == 4 && !memcmp(nm, "true", 4)) {
      jqp_next(p);
      return jqp_mk_lit(p, jv_bool(true));
    }
    if (nl == 5 && !memcmp(nm, "false", 5)) {
      jqp_next(p);
      return jqp_mk_lit(p, jv_bool(false));
    }
    n = jqp_mk(p, JQ_CALL);
    if (!n || !(n->name = strndup(nm, nl))) {
      jqp_fail(p, "memory exhausted");
      return NULL;
    }
    jqp_next(p);
    if (accept(p, '(')) {
      do {
        jq_node *a = jqp_parse_pipe(p);
        if (!a || !add_arg(p, n, a, NULL)) return NULL;
      } while (accept(p, ';'));
      if (!jqp_expect(p, ')')) return NULL;
    }
    return resolve_call(p, n, nm, nl);
  }
  case T_IF: {
    jqp_next(p);
    n = jqp_mk(p, JQ_IF);
    if (!n) return NULL;
    jq_node *cur = n;
    cur->a = jqp_parse_pipe(p);
    if (!cur->a || !jqp_expect(p, T_THEN)) return NULL;
    cur->b = jqp_parse_pipe(p);
    if (!cur->b) return NULL;
    for (;;) {
      if (accept(p, T_ELIF)) {
        jq_node *e = jqp_mk(p, JQ_IF);
        if (!e) return NULL;
        e->a = jqp_parse_pipe(p);
        if (!e->a || !jqp_expect(p, T_THEN)) return NULL;
        e->b = jqp_parse_pipe(p);
        if (!e->b) return NULL;
        cur->c = e;
        cur = e;
        continue;
      }
      if (accept(p, T_ELSE)) {
        cur->c = jqp_parse_pipe(p);
        if (!cur->c || !jqp_expect(p, T_END)) return NULL;
        break;
      }
      if (!jqp_expect(p, T_END)) return NULL;
      cur->c = jqp_mk(p, JQ_IDENT);
      break;
    }
    return n;
  }
  case T_TRY:
    jqp_next(p);
    n = jqp_mk(p, JQ_TRY);
    if (!n) return NULL;
    n->a = parse_postfix(p, false);
    if (!n->a) return NULL;
    if (accept(p, T_CATCH)) {
      n->b = parse_postfix(p, false);
      if (!n->b) return NULL;
    }
    return n;
  case T_REDUCE:
  case T_FOREACH: {
    jqp_next(p);
    n = jqp_mk(p, t == T_REDUCE ? JQ_REDUCE : JQ_FOREACH);
    if (!n) return NULL;
    /* jq 1.8: the source is an expression up to "as" */
    n->a = parse_exp(p, 4);
    if (!n->a || !jqp_expect(p, T_AS)) return NULL;
    size_t base = p->nsc;
    patvars pv;
    /* the source and init see the outer scope */
    if (!parse_patterns(p, n, &pv)) return NULL;
    if (!jqp_expect(p, '(')) return NULL;
    n->b = jqp_parse_pipe(p);
    if (!n->b || !jqp_expect(p, ';')) return NULL;
    if (!push_patvars(p, &pv)) return NULL;
    n->c = jqp_parse_pipe(p);
    if (!n->c) return NULL;
    if (t == T_FOREACH && accept(p, ';')) {
      n->d = jqp_parse_pipe(p);
      if (!n->d) return NULL;
    }
    p->nsc = base;
    if (!jqp_expect(p, ')')) return NULL;
    return n;
  }
  case T_DEF: {
    jqp_next(p);
    size_t base = p->nsc;
    jq_node *d = jqp_parse_def(p);
    if (!d) return NULL;
    d->b = jqp_parse_pipe(p);
    p->nsc = base;
    return d->b ? d : NULL;
  }
  case T_LABEL: {
    jqp_next(p);
    if (p->lx.tok != T_VAR) {
      jqp_syntax(p);
      return NULL;
    }
    n = jqp_mk(p, JQ_LABEL);
    if (!n) return NULL;
    size_t base = p->nsc;
    if (!jqp_push_scope(p, SC_LABEL, p->lx.text, p->lx.tlen, 0)) return NULL;
    jqp_next(p);
    if (!jqp_expect(p, '|')) return NULL;
    n->a = jqp_parse_pipe(p);
    p->nsc = base;
    return n->a ? n : NULL;
  }
  case '-': {
    jqp_next(p);
    jq_node *e = parse_postfix(p, false);
    return e ? mk2(p, JQ_NEG, 0, e, NULL) : NULL;
  }
  default: break;
  }
  jqp_syntax(p);
  return NULL;
}

static jq_node *parse_postfix(parser *p, bool allow_as) {
  if (++p->depth > MAX_PARSE_DEPTH) {
    jqp_fail(p, "program nested too deeply");
    return NULL;
  }
  jq_node *t;
  if (p->lx.tok == T_IDENT && p->lx.tlen == 5 &&
      !memcmp(p->lx.text, "break", 5)) {
    jqp_next(p);
    if (p->lx.tok != T_VAR) {
      jqp_syntax(p);
      return NULL;
    }
    int up = lookup(p, SC_LABEL, p->lx.text, p->lx.tlen, 0);
    if (up < 0) {
      jqp_fail(p,
               "$*label-%.*s is not defined at %s, line %d:", (int)p->lx.tlen,
               p->lx.text, p->srcname, p->lx.tline);
      return NULL;
    }
    jqp_next(p);
    t = jqp_mk(p, JQ_BREAK);
    if (t) t->up = up;
  } else {
    t = parse_primary(p);
  }
  while (t && !p->failed) {
    int tok = p->lx.tok;
    if (tok == T_FIELD) {
      jq_node *k = jqp_mk_lit(p, jv_str_n(p->lx.text, p->lx.tlen));
      jqp_next(p);
      t = mk2(p, JQ_INDEX, 0, t, k);
      continue;
    }
    if (tok == '.') {
      jqp_next(p);
      if (p->lx.tok == T_QUOTE) {
        jq_node *k = jqp_parse_string(p, NULL, 0);
        t = k ? mk2(p, JQ_INDEX, 0, t, k) : NULL;
        continue;
      }
      if (p->lx.tok != '[') {
        jqp_syntax(p);
        return NULL;
      }
      tok = '[';
    }
    if (tok == '[') {
      jqp_next(p);
      if (accept(p, ']')) {
        t = mk2(p, JQ_ITER, 0, t, NULL);
        continue;
      }
      if (accept(p, ':')) {
        jq_node *hi = jqp_parse_pipe(p);
        if (!hi || !jqp_expect(p, ']')) return NULL;
        jq_node *s = mk2(p, JQ_SLICE, 0, t, NULL);
        if (s) s->c = hi;
        t = s;
        continue;
      }
      jq_node *e = jqp_parse_pipe(p);
      if (!e) return NULL;
      if (accept(p, ':')) {
        jq_node *hi = NULL;
        if (p->lx.tok != ']') {
          hi = jqp_parse_pipe(p);
          if (!hi) return NULL;
        }
        if (!jqp_expect(p, ']')) return NULL;
        jq_node *s = mk2(p, JQ_SLICE, 0, t, e);
        if (s) s->c = hi;
        t = s;
        continue;
      }
      if (!jqp_expect(p, ']')) return NULL;
      t = mk2(p, JQ_INDEX, 0, t, e);
      continue;
    }
    if (tok == '?') {
      jqp_next(p);
      t = mk2(p, JQ_TRY, 0, t, NULL);
      continue;
    }
    (void)allow_as;
    break;
  }
  p->depth--;
  return t;
}

/* ---- binary operators ------------------------------------------------------------ */

static int binprec(int tok, int *op, jq_op *kind, bool *right) {
  *right = false;
  switch (tok) {
  case '|':
    *kind = JQ_PIPE;
    *right = true;
    return 1;
  case ',': *kind = JQ_COMMA; return 2;
  case T_ALT:
    *kind = JQ_ALT;
    *right = true;
    return 4;
  case '=':
    *kind = JQ_ASSIGN;
    *op = JQ_SET;
    return 5;
  case T_SETPIPE:
    *kind = JQ_ASSIGN;
    *op = JQ_UPDATE;
    return 5;
  case T_SETPLUS:
    *kind = JQ_ASSIGN;
    *op = JQ_ADD;
    return 5;
  case T_SETMINUS:
    *kind = JQ_ASSIGN;
    *op = JQ_SUB;
    return 5;
  case T_SETMUL:
    *kind = JQ_ASSIGN;
    *op = JQ_MUL;
    return 5;
  case T_SETDIV:
    *kind = JQ_ASSIGN;
    *op = JQ_DIV;
    return 5;
  case T_SETMOD:
    *kind = JQ_ASSIGN;
    *op = JQ_MOD;
    return 5;
  case T_SETALT:
    *kind = JQ_ASSIGN;
    *op = JQ_SETALT;
    return 5;
  case T_OR: *kind = JQ_OR; return 6;
  case T_AND: *kind = JQ_AND; return 7;
  case T_EQ:
    *kind = JQ_ARITH;
    *op = JQ_EQ;
    return 8;
  case T_NE:
    *kind = JQ_ARITH;
    *op = JQ_NE;
    return 8;
  case '<':
    *kind = JQ_ARITH;
    *op = JQ_LT;
    return 8;
  case T_LE:
    *kind = JQ_ARITH;
    *op = JQ_LE;
    return 8;
  case '>':
    *kind = JQ_ARITH;
    *op = JQ_GT;
    return 8;
  case T_GE:
    *kind = JQ_ARITH;
    *op = JQ_GE;
    return 8;
  case '+':
    *kind = JQ_ARITH;
    *op = JQ_ADD;
    return 9;
  case '-':
    *kind = JQ_ARITH;
    *op = JQ_SUB;
    return 9;
  case '*':
    *kind = JQ_ARITH;
    *op = JQ_MUL;
    return 10;
  case '/':
    *kind = JQ_ARITH;
    *op = JQ_DIV;
    return 10;
  case '%':
    *kind = JQ_ARITH;
    *op = JQ_MOD;
    return 10;
  default: return 0;
  }
}

static jq_node *parse_exp(parser *p, int minprec) {
  if (++p->depth > MAX_PARSE_DEPTH) {
    jqp_fail(p, "program nested too deeply");
    return NULL;
  }
  jq_node *lhs = parse_postfix(p, true);
  while (lhs && !p->failed) {
    int op = 0;
    jq_op kind;
    bool right;
    if (p->lx.tok == T_AS && minprec <= 3) {
      /* Exp as $pattern | body: binds looser than // and arithmetic */
      jqp_next(p);
      jq_node *as = jqp_mk(p, JQ_AS);
      if (!as) return NULL;
      as->a = lhs;
      size_t base = p->nsc;
      patvars pv;
      if (!parse_patterns(p, as, &pv) || !push_patvars(p, &pv)) return NULL;
      if (!jqp_expect(p, '|')) return NULL;
      as->b = jqp_parse_pipe(p);
      p->nsc = base;
      if (!as->b) return NULL;
      lhs = as;
      break;
    }
    int pr = binprec(p->lx.tok, &op, &kind, &right);
    if (!pr || pr < minprec) break;
    jqp_next(p);
    jq_node *rhs = parse_exp(p, right ? pr : pr + 1);
    if (!rhs) return NULL;
    lhs = mk2(p, kind, op, lhs, rhs);
    if (pr == 5 || pr == 8) {
      /* non-associative */
      int op2;
      jq_op k2;
      bool r2;
      if (binprec(p->lx.tok, &op2, &k2, &r2) == pr) {
        jqp_syntax(p);
        return NULL;
      }
    }
  }
  p->depth--;
  return lhs;
}

jq_node *jqp_parse_pipe(parser *p) { return parse_exp(p, 1); }
