/* interp.c: the evaluator.  Walks the resolved tree: expressions return
 * owned values, statements run until rt->jump says to unwind (next,
 * exit, return, break, continue, a fatal error).  Function calls pass
 * scalars by value and arrays (and untyped variables, which may become
 * arrays in the callee) by reference through CELL_REF cells; the call
 * depth is a counter.  Every loop charges the work budget. */
#include "builtins/awk/awk_int.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void exec_stmt(awk_rt *rt, awk_node *n);
static bool re_match(awk_rt *rt, awk_regex *re, awk_str *s);

/* ---- cells -------------------------------------------------------------- */

static awk_cell *resolve(awk_cell *c) {
  while (c->kind == CELL_REF) c = c->ref;
  return c;
}

static const char *name_of(awk_rt *rt, awk_node *n, bool local) {
  if (!local) return rt->prog->globals[n->slot];
  return "parameter";
}

static awk_cell *var_cell(awk_rt *rt, int slot, bool local) {
  return local ? &rt->locals[slot] : &rt->g[slot];
}

/* The array of a variable, made one when untyped. */
static awk_array *array_of(awk_rt *rt, int slot, bool local) {
  awk_cell *c = resolve(var_cell(rt, slot, local));
  if (c->kind == CELL_ARRAY) return c->arr;
  if (c->kind == CELL_UNTYPED) {
    c->arr = awk_array_new();
    if (!c->arr) {
      awk_nomem(rt);
      return NULL;
    }
    c->kind = CELL_ARRAY;
    return c->arr;
  }
  if (local)
    awk_fatal(rt, "attempt to use scalar parameter `%s' as an array",
              rt->prog->funcs ? "parameter" : "");
  else
    awk_fatal(rt, "attempt to use scalar `%s' as an array",
              rt->prog->globals[slot]);
  return NULL;
}

/* The scalar value slot of a variable. */
static awk_val *scalar_of(awk_rt *rt, int slot, bool local) {
  awk_cell *c = var_cell(rt, slot, local);
  if (c->kind == CELL_REF) {
    awk_cell *t = resolve(c);
    if (t->kind == CELL_ARRAY) {
      awk_fatal(rt, "attempt to use array `%s' in a scalar context",
                "parameter");
      return NULL;
    }
    c->kind = CELL_SCALAR; /* by value from now on */
    c->v = (awk_val){0};
    c->ref = NULL;
    return &c->v;
  }
  if (c->kind == CELL_SCALAR) return &c->v;
  if (c->kind == CELL_UNTYPED) {
    c->kind = CELL_SCALAR;
    return &c->v;
  }
  awk_fatal(rt, "attempt to use array `%s' in a scalar context",
            local ? "parameter" : rt->prog->globals[slot]);
  return NULL;
}

/* ---- subscripts ----------------------------------------------------------- */

static awk_str *subscript_key(awk_rt *rt, awk_node *k) {
  if (k->op == N_GROUP && k->nargs > 1) {
    vsh_buf o = {0};
    awk_str *sep = awk_to_str(rt, &rt->g[V_SUBSEP].v);
    awk_str_ref(sep);
    int i = 0;
    for (awk_node *e = k->a; e; e = e->next, i++) {
      awk_val v = awk_eval(rt, e);
      if (i) vsh__buf_append(&o, sep->s, sep->len);
      awk_str *s = awk_to_str(rt, &v);
      vsh__buf_append(&o, s->s, s->len);
      awk_val_free(&v);
    }
    awk_str_unref(sep);
    awk_str *r = awk_str_new(rt, o.data ? o.data : "", o.len);
    vsh_buf_dispose(&o);
    return r;
  }
  awk_val v = awk_eval(rt, k);
  awk_str *s = awk_to_str(rt, &v);
  awk_str_ref(s);
  awk_val_free(&v);
  return s;
}

/* ---- lvalues ---------------------------------------------------------------- */

typedef awk_lref lref;

static bool lref_get_mode(awk_rt *rt, awk_node *n, lref *r, int mode);

bool awk_lref_get(awk_rt *rt, awk_node *n, lref *r) {
  return lref_get_mode(rt, n, r, 1);
}

static bool lref_get_mode(awk_rt *rt, awk_node *n, lref *r, int mode) {
  r->field = -1;
  r->special = -1;
  r->v = NULL;
  switch (n->op) {
  case N_VAR:
    if (n->slot < V_NSPECIAL) {
      r->special = n->slot;
      if (n->slot == V_NF) awk_split_rec(rt);
    }
    r->v = scalar_of(rt, n->slot, false);
    break;
  case N_LOCAL: r->v = scalar_of(rt, n->slot, true); break;
  case N_FIELD: {
    awk_val iv = awk_eval(rt, n->a);
    double d = awk_to_num(rt, &iv);
    awk_val_free(&iv);
    if (rt->jump) return false;
    if (d < 0) {
      awk_fatal(rt, "attempt to access field %ld", (long)d);
      return false;
    }
    r->v = awk_field_ref(rt, d, mode);
    r->field = (long)d;
    break;
  }
  case N_INDEX:
  case N_LINDEX: {
    awk_str *k = subscript_key(rt, n->a);
    if (!k) return false;
    awk_array *a = array_of(rt, n->slot, n->op == N_LINDEX);
    if (a) r->v = awk_array_get(rt, a, k, true);
    awk_str_unref(k);
    break;
  }
  default: awk_fatal(rt, "assignment to a non-variable"); return false;
  }
  return r->v != NULL && !rt->jump;
}

void awk_lref_done(awk_rt *rt, lref *r) {
  if (r->field >= 0) awk_field_assigned(rt, (size_t)r->field);
  else if (r->special >= 0) awk_special_set(rt, r->special);
}

void awk_lvalue_set(awk_rt *rt, awk_node *lv, awk_val v) {
  lref r;
  if (!lref_get_mode(rt, lv, &r, 2)) {
    awk_val_free(&v);
    return;
  }
  awk_val_free(r.v);
  *r.v = v;
  awk_lref_done(rt, &r);
}

/* ---- regex matching --------------------------------------------------------- */

static bool re_match(awk_rt *rt, awk_regex *re, awk_str *s) {
  vsh_regmatch m[1];
  int rc = awk_re_exec(rt, re, s->s, s->len, 0, 0, m, 1);
  return rc > 0;
}

/* ---- functions ----------------------------------------------------------------- */

static awk_val call(awk_rt *rt, awk_node *n) {
  awk_func *f = &rt->prog->funcs[n->slot];
  if (rt->depth >= rt->max_depth) {
    awk_fatal(rt, "function call nesting too deep (limit %d)", rt->max_depth);
    return (awk_val){0};
  }
  if (bi_stack_low(rt->b)) { /* a last resort */
    rt->jump = J_FATAL;
    rt->exit_status = 2;
    return (awk_val){0};
  }
  if (awk_charge(rt, 1)) return (awk_val){0};
  awk_cell *cells =
      calloc((size_t)(f->nparams ? f->nparams : 1), sizeof(*cells));
  if (!cells) {
    awk_nomem(rt);
    return (awk_val){0};
  }
  int i = 0;
  for (awk_node *a = n->a; a; a = a->next, i++) {
    if (i >= f->nparams) {
      /* more arguments than parameters: evaluated for their effects and
       * dropped, as busybox and onetrue-awk do (gawk refuses) */
      awk_val v = awk_eval(rt, a);
      awk_val_free(&v);
      continue;
    }
    if (a->op == N_VAR || a->op == N_LOCAL) {
      awk_cell *c = resolve(var_cell(rt, a->slot, a->op == N_LOCAL));
      if (c->kind == CELL_UNTYPED || c->kind == CELL_ARRAY) {
        cells[i].kind = CELL_REF;
        cells[i].ref = c;
        continue;
      }
    }
    awk_val v = awk_eval(rt, a);
    if (rt->jump) {
      awk_val_free(&v);
      break;
    }
    if (v.type == AV_NUM && v.str && v.num != floor(v.num)) {
      awk_str_unref(v.str);
      v.str = NULL;
    }
    cells[i].kind = CELL_SCALAR;
    cells[i].v = v;
  }
  /* an untyped variable that a later argument made a scalar was passed
   * as the uninitialised value it had then */
  for (int k = 0; k < f->nparams; k++)
    if (cells[k].kind == CELL_REF && cells[k].ref->kind == CELL_SCALAR) {
      cells[k].kind = CELL_SCALAR;
      cells[k].ref = NULL;
      cells[k].v = (awk_val){0};
    }
  awk_val ret = {0};
  if (!rt->jump) {
    awk_cell *saved = rt->locals;
    rt->locals = cells;
    rt->depth++;
    exec_stmt(rt, f->body);
    rt->depth--;
    rt->locals = saved;
    if (rt->jump == J_RETURN) {
      rt->jump = J_NONE;
      ret = rt->ret;
      rt->ret = (awk_val){0};
    }
  }
  for (int k = 0; k < f->nparams; k++) {
    if (cells[k].kind == CELL_SCALAR) awk_val_free(&cells[k].v);
    else if (cells[k].kind == CELL_ARRAY) awk_array_free(cells[k].arr);
  }
  free(cells);
  return ret;
}

/* ---- expressions -------------------------------------------------------------- */

static double arith(awk_rt *rt, int op, double x, double y) {
  switch (op) {
  case '+': return x + y;
  case '-': return x - y;
  case '*': return x * y;
  case '/':
    if (y == 0) {
      awk_error(rt, "division by zero attempted");
      return 0;
    }
    return x / y;
  case '%':
    if (y == 0) {
      awk_error(rt, "division by zero attempted in `%%'");
      return 0;
    }
    return fmod(x, y);
  case '^': {
    if (y == floor(y) && fabs(y) < 1024) {
      /* integer powers by multiplication, as gawk */
      long e = (long)fabs(y);
      double r = 1, b = x;
      while (e) {
        if (e & 1) r *= b;
        b *= b;
        e >>= 1;
      }
      return y < 0 ? 1 / r : r;
    }
    return pow(x, y);
  }
  }
  return 0;
}

/* The numeric value of n; a constant field index is read straight from
 * the record (no string made for it). */
static double eval_num(awk_rt *rt, awk_node *n) {
  if (n->op == N_NUM) return n->num;
  if (n->op == N_FIELD && n->a->op == N_NUM && n->a->num >= 1 &&
      n->a->num <= 10000000 && !rt->rec_dirty) {
    if (!awk_split_rec(rt)) return 0;
    size_t i = (size_t)n->a->num;
    return i <= rt->nf ? awk_field_num(rt, i) : 0;
  }
  awk_val v = awk_eval(rt, n);
  double d = awk_to_num(rt, &v);
  awk_val_free(&v);
  return d;
}

static awk_val concat_vals(awk_rt *rt, awk_node *n) {
  /* flatten a left-leaning chain of concatenations */
  awk_node *stack[64];
  int k = 0;
  awk_node *c = n;
  while (c->op == N_CONCAT && k < 63) {
    stack[k++] = c->b;
    c = c->a;
  }
  stack[k++] = c;
  awk_val parts[64];
  size_t total = 0;
  for (int i = k - 1; i >= 0; i--) {
    parts[i] = awk_eval(rt, stack[i]);
    awk_str *s = awk_to_str(rt, &parts[i]);
    total += s->len;
  }
  awk_str *r = NULL;
  if (rt->jump) {
    /* an operand failed: no result */
  } else if (total > rt->max_string) {
    awk_fatal(rt, "string of %zu bytes exceeds the string limit", total);
  } else if (!(r = malloc(sizeof(*r) + total + 1))) {
    awk_nomem(rt);
  } else {
    r->len = total;
    r->cap = total;
    r->ref = 1;
    r->ascii = 0;
    size_t pos = 0;
    for (int i = k - 1; i >= 0; i--) {
      awk_str *s = awk_to_str(rt, &parts[i]);
      memcpy(r->s + pos, s->s, s->len);
      pos += s->len;
    }
    r->s[total] = 0;
  }
  for (int i = 0; i < k; i++) awk_val_free(&parts[i]);
  return awk_strv(r);
}

/* True when evaluating n cannot change a variable (no calls,
 * assignments, getline or substitutions in it). */
static bool pure(awk_node *n, int depth) {
  if (!n) return true;
  if (depth > 64) return false;
  switch (n->op) {
  case N_CALL:
  case N_ASSIGN:
  case N_ASSIGN_OP:
  case N_PREINC:
  case N_PREDEC:
  case N_POSTINC:
  case N_POSTDEC:
  case N_GETLINE: return false;
  case N_BUILTIN:
    if (n->sub == F_SUB || n->sub == F_GSUB || n->sub == F_SPLIT ||
        n->sub == F_PATSPLIT || n->sub == F_MATCH || n->sub == F_ASORT ||
        n->sub == F_ASORTI || n->sub == F_SYSTEM || n->sub == F_CLOSE ||
        n->sub == F_SRAND)
      return false;
    break;
  default: break;
  }
  for (awk_node *e = n->a; e; e = e->next)
    if (!pure(e, depth + 1)) return false;
  return pure(n->b, depth + 1) && pure(n->c, depth + 1) &&
         pure(n->d, depth + 1);
}

/* s = s x ...: appends to s's string in place when nothing else holds it
 * (so building a string line by line is linear, not quadratic).  False
 * when the general path must run. */
static bool append_assign(awk_rt *rt, awk_node *n, awk_val *out) {
  awk_node *lv = n->a, *parts[64];
  int k = 0;
  awk_node *c = n->b;
  while (c->op == N_CONCAT && k < 63) {
    parts[k++] = c->b;
    c = c->a;
  }
  if (c->op != lv->op || c->slot != lv->slot || c->op == N_CONCAT) return false;
  if (lv->op == N_VAR && lv->slot < V_NSPECIAL) return false;
  awk_cell *cell = lv->op == N_VAR ? &rt->g[lv->slot] : &rt->locals[lv->slot];
  if (cell->kind != CELL_SCALAR || !cell->v.str || cell->v.str->ref != 1 ||
      (cell->v.type != AV_STR && cell->v.type != AV_MAYBE &&
       cell->v.type != AV_STRNUM))
    return false;
  for (int i = 0; i < k; i++)
    if (!pure(parts[i], 0)) return false;
  awk_val vals[64];
  size_t add = 0;
  for (int i = k - 1; i >= 0; i--) {
    vals[i] = awk_eval(rt, parts[i]);
    add += awk_to_str(rt, &vals[i])->len;
  }
  bool ok = !rt->jump;
  awk_str *s = cell->v.str;
  if (ok && s->len + add > rt->max_string) {
    awk_fatal(rt, "string of %zu bytes exceeds the string limit", s->len + add);
    ok = false;
  }
  if (ok && s->ref != 1) {
    /* a part holds s itself (s = s s): build a new string */
    awk_str *ns = malloc(sizeof(*ns) + s->len + add + 1);
    if (!ns) {
      awk_nomem(rt);
      ok = false;
    } else {
      ns->len = s->len;
      ns->cap = s->len + add;
      ns->ref = 1;
      ns->ascii = 0;
      memcpy(ns->s, s->s, s->len);
      awk_str_unref(s);
      s = cell->v.str = ns;
    }
  } else if (ok && s->len + add > s->cap) {
    size_t nc = s->cap * 2 > s->len + add ? s->cap * 2 : s->len + add;
    if (nc > rt->max_string) nc = s->len + add;
    awk_str *ns = realloc(s, sizeof(*ns) + nc + 1);
    if (!ns) {
      awk_nomem(rt);
      ok = false;
    } else {
      ns->cap = nc;
      s = cell->v.str = ns;
    }
  }
  if (ok) {
    for (int i = k - 1; i >= 0; i--) {
      awk_str *p = awk_to_str(rt, &vals[i]);
      memcpy(s->s + s->len, p->s, p->len);
      s->len += p->len;
    }
    s->s[s->len] = 0;
    s->ascii = 0;
    cell->v.type = AV_STR;
    cell->v.has_num = 0;
    *out = awk_val_copy(&cell->v);
  }
  for (int i = 0; i < k; i++) awk_val_free(&vals[i]);
  return true;
}

static awk_val incdec(awk_rt *rt, awk_node *n) {
  lref r;
  if (!awk_lref_get(rt, n->a, &r)) return (awk_val){0};
  double d = awk_to_num(rt, r.v);
  double nd = (n->op == N_PREINC || n->op == N_POSTINC) ? d + 1 : d - 1;
  awk_val_free(r.v);
  *r.v = awk_num(nd);
  awk_lref_done(rt, &r);
  return awk_num((n->op == N_PREINC || n->op == N_PREDEC) ? nd : d);
}

awk_val awk_eval(awk_rt *rt, awk_node *n) {
  if (rt->jump) return (awk_val){0};
  switch (n->op) {
  case N_NUM: return awk_num(n->num);
  case N_STR: return awk_strv(awk_str_ref(n->str));
  case N_ERE: {
    awk_str *r = awk_rec_get(rt);
    return awk_num(r && re_match(rt, n->re, r));
  }
  case N_GROUP:
    if (n->nargs > 1) {
      awk_fatal(rt, "a list in parentheses is only allowed in print "
                    "or with `in'");
      return (awk_val){0};
    }
    return awk_eval(rt, n->a);
  case N_VAR: {
    if (n->slot == V_NF) awk_split_rec(rt);
    awk_cell *c = resolve(&rt->g[n->slot]);
    if (c->kind == CELL_ARRAY) {
      awk_fatal(rt, "attempt to use array `%s' in a scalar context",
                rt->prog->globals[n->slot]);
      return (awk_val){0};
    }
    return awk_val_copy(&c->v);
  }
  case N_LOCAL: {
    awk_cell *c = resolve(&rt->locals[n->slot]);
    if (c->kind == CELL_ARRAY) {
      awk_fatal(rt, "attempt to use array `%s' in a scalar context",
                name_of(rt, n, true));
      return (awk_val){0};
    }
    if (c->kind == CELL_UNTYPED) return (awk_val){0};
    return awk_val_copy(&c->v);
  }
  case N_FIELD: {
    double d;
    if (n->a->op == N_NUM) d = n->a->num;
    else {
      awk_val iv = awk_eval(rt, n->a);
      d = awk_to_num(rt, &iv);
      awk_val_free(&iv);
    }
    if (rt->jump) return (awk_val){0};
    if (d < 0) {
      awk_fatal(rt, "attempt to access field %ld", (long)d);
      return (awk_val){0};
    }
    awk_val *v = awk_field_ref(rt, d, false);
    return v ? awk_val_copy(v) : (awk_val){0};
  }
  case N_INDEX:
  case N_LINDEX: {
    awk_str *k = subscript_key(rt, n->a);
    if (!k) return (awk_val){0};
    awk_array *a = array_of(rt, n->slot, n->op == N_LINDEX);
    awk_val *v = a ? awk_array_get(rt, a, k, true) : NULL;
    awk_str_unref(k);
    return v ? awk_val_copy(v) : (awk_val){0};
  }
  case N_ASSIGN: {
    if (n->b->op == N_CONCAT && (n->a->op == N_VAR || n->a->op == N_LOCAL)) {
      awk_val r = {0};
      if (append_assign(rt, n, &r)) return r;
    }
    awk_val v = awk_eval(rt, n->b);
    if (rt->jump) {
      awk_val_free(&v);
      return (awk_val){0};
    }
    if (v.type == AV_MAYBE) awk_classify(&v);
    awk_val ret = awk_val_copy(&v);
    awk_lvalue_set(rt, n->a, v);
    return ret;
  }
  case N_ASSIGN_OP: {
    double y = eval_num(rt, n->b);
    if (rt->jump) return (awk_val){0};
    lref r;
    if (!awk_lref_get(rt, n->a, &r)) return (awk_val){0};
    double x = awk_to_num(rt, r.v);
    double z = arith(rt, n->sub, x, y);
    awk_val_free(r.v);
    *r.v = awk_num(z);
    awk_lref_done(rt, &r);
    return awk_num(z);
  }
  case N_COND: {
    awk_val c = awk_eval(rt, n->a);
    bool t = awk_truth(rt, &c);
    awk_val_free(&c);
    return awk_eval(rt, t ? n->b : n->c);
  }
  case N_AND:
  case N_OR: {
    awk_val c = awk_eval(rt, n->a);
    bool t = awk_truth(rt, &c);
    awk_val_free(&c);
    if (n->op == N_AND ? !t : t) return awk_num(n->op == N_OR);
    c = awk_eval(rt, n->b);
    t = awk_truth(rt, &c);
    awk_val_free(&c);
    return awk_num(t);
  }
  case N_NOT: {
    awk_val c = awk_eval(rt, n->a);
    bool t = awk_truth(rt, &c);
    awk_val_free(&c);
    return awk_num(!t);
  }
  case N_NEG:
  case N_PLUS: {
    double d = eval_num(rt, n->a);
    return awk_num(n->op == N_NEG ? -d : d);
  }
  case N_BINOP: {
    double x = eval_num(rt, n->a);
    double y = eval_num(rt, n->b);
    if (rt->jump) return (awk_val){0};
    return awk_num(arith(rt, n->sub, x, y));
  }
  case N_CMP: {
    awk_val a = awk_eval(rt, n->a);
    awk_val b = awk_eval(rt, n->b);
    int c = rt->jump ? 0 : awk_compare(rt, &a, &b);
    awk_val_free(&a);
    awk_val_free(&b);
    bool r;
    switch (n->sub) {
    case '<': r = c < 0; break;
    case 'l': r = c <= 0; break;
    case '=': r = c == 0; break;
    case '!': r = c != 0; break;
    case 'g': r = c >= 0; break;
    default: r = c > 0; break;
    }
    return awk_num(r);
  }
  case N_MATCH: {
    awk_val a = awk_eval(rt, n->a);
    awk_str *s = awk_to_str(rt, &a);
    bool m = false;
    if (n->b->op == N_ERE) {
      m = re_match(rt, n->b->re, s);
    } else {
      awk_val b = awk_eval(rt, n->b);
      awk_regex *re = rt->jump ? NULL : awk_dyn_regex(rt, &b);
      s = awk_to_str(rt, &a);
      if (re) m = re_match(rt, re, s);
      awk_val_free(&b);
    }
    awk_val_free(&a);
    return awk_num(n->sub ? !m : m);
  }
  case N_CONCAT: return concat_vals(rt, n);
  case N_IN: {
    awk_str *k = subscript_key(rt, n->a);
    if (!k) return (awk_val){0};
    awk_array *a = array_of(rt, n->slot, n->sub);
    bool found = a && awk_array_get(rt, a, k, false) != NULL;
    awk_str_unref(k);
    return awk_num(found);
  }
  case N_PREINC:
  case N_PREDEC:
  case N_POSTINC:
  case N_POSTDEC: return incdec(rt, n);
  case N_CALL: return call(rt, n);
  case N_BUILTIN: return awk_builtin(rt, n);
  case N_GETLINE: {
    awk_val src = {0};
    if (n->b) {
      src = awk_eval(rt, n->b);
      if (rt->jump) {
        awk_val_free(&src);
        return (awk_val){0};
      }
    }
    int r = awk_getline(rt, n->sub, n->b ? &src : NULL, n->a);
    awk_val_free(&src);
    return awk_num(r);
  }
  default: awk_fatal(rt, "internal error: bad node %d", n->op);
  }
  return (awk_val){0};
}

/* ---- statements ------------------------------------------------------------ */

static void do_print(awk_rt *rt, awk_node *n) {
  vsh_buf o = {0};
  if (!n->sub && n->nargs <= 16) {
    /* to stdout: the values first (an argument may print itself), then
     * the line straight into the output buffer */
    vsh_buf *ob = &rt->obuf;
    if (n->nargs == 0) {
      awk_str *r = awk_rec_get(rt);
      if (r) vsh__buf_append(ob, r->s, r->len);
    } else {
      awk_val vals[16];
      int k = 0;
      for (awk_node *e = n->a; e; e = e->next) vals[k++] = awk_eval(rt, e);
      awk_str *ofs = awk_to_str(rt, &rt->g[V_OFS].v);
      for (int i = 0; i < k && !rt->jump; i++) {
        if (i) vsh__buf_append(ob, ofs->s, ofs->len);
        awk_str *s = awk_to_str_fmt(rt, &vals[i], true);
        vsh__buf_append(ob, s->s, s->len);
      }
      for (int i = 0; i < k; i++) awk_val_free(&vals[i]);
      if (rt->jump) return;
    }
    awk_str *ors = awk_to_str(rt, &rt->g[V_ORS].v);
    if (vsh__buf_append(ob, ors->s, ors->len)) awk_nomem(rt);
    if (ob->len >= 65536) awk_flush_stdout(rt);
    return;
  }
  if (n->nargs == 0) {
    awk_str *r = awk_rec_get(rt);
    if (r) vsh__buf_append(&o, r->s, r->len);
  } else {
    awk_str *ofs = awk_to_str(rt, &rt->g[V_OFS].v);
    awk_str_ref(ofs);
    int i = 0;
    for (awk_node *e = n->a; e && !rt->jump; e = e->next, i++) {
      awk_val v = awk_eval(rt, e);
      if (i) vsh__buf_append(&o, ofs->s, ofs->len);
      awk_str *s = awk_to_str_fmt(rt, &v, true);
      vsh__buf_append(&o, s->s, s->len);
      awk_val_free(&v);
    }
    awk_str_unref(ofs);
  }
  awk_str *ors = awk_to_str(rt, &rt->g[V_ORS].v);
  vsh__buf_append(&o, ors->s, ors->len);
  if (!rt->jump) {
    if (n->sub) {
      awk_val t = awk_eval(rt, n->b);
      if (!rt->jump) awk_out(rt, n->sub, &t, o.data ? o.data : "", o.len);
      awk_val_free(&t);
    } else {
      awk_out(rt, RD_NONE, NULL, o.data ? o.data : "", o.len);
    }
  }
  vsh_buf_dispose(&o);
}

static void do_printf(awk_rt *rt, awk_node *n) {
  awk_val small[8];
  awk_val *args =
      n->nargs <= 8 ? small : calloc((size_t)n->nargs, sizeof(*args));
  if (!args) {
    awk_nomem(rt);
    return;
  }
  int k = 0;
  for (awk_node *e = n->a; e && k < n->nargs; e = e->next)
    args[k++] = awk_eval(rt, e);
  if (!rt->jump) {
    awk_str *fmt = awk_to_str(rt, &args[0]);
    vsh_buf o = {0};
    if (awk_format(rt, &o, fmt->s, fmt->len, args + 1, k - 1) == 0 &&
        !rt->jump) {
      if (n->sub) {
        awk_val t = awk_eval(rt, n->b);
        if (!rt->jump) awk_out(rt, n->sub, &t, o.data ? o.data : "", o.len);
        awk_val_free(&t);
      } else {
        awk_out(rt, RD_NONE, NULL, o.data ? o.data : "", o.len);
      }
    }
    vsh_buf_dispose(&o);
  }
  for (int i = 0; i < k; i++) awk_val_free(&args[i]);
  if (args != small) free(args);
}

static bool cond_true(awk_rt *rt, awk_node *c) {
  awk_val v = awk_eval(rt, c);
  bool t = awk_truth(rt, &v);
  awk_val_free(&v);
  return t && !rt->jump;
}

/* After a loop body: true when the loop must end. */
static bool loop_end(awk_rt *rt) {
  if (rt->jump == J_BREAK) {
    rt->jump = J_NONE;
    return true;
  }
  if (rt->jump == J_CONTINUE) rt->jump = J_NONE;
  if (rt->jump) return true;
  return awk_charge(rt, 1);
}

static void for_in(awk_rt *rt, awk_node *n) {
  awk_array *a = array_of(rt, n->slot, n->sub);
  if (!a || !a->live) return;
  /* a snapshot of the keys: the body may delete or add */
  size_t cnt = 0;
  awk_str **keys;
  if (awk_array_keys(rt, a, &keys, &cnt)) return;
  extern void awk_sort_keys(awk_rt * rt, awk_array * a, awk_str * *keys,
                            size_t n);
  awk_sort_keys(rt, a, keys, cnt);
  size_t i = 0;
  for (; i < cnt; i++) {
    awk_array *cur = array_of(rt, n->slot, n->sub);
    if (!cur || rt->jump) break;
    /* keys deleted by the body are still visited, as gawk does */
    awk_val kv = awk_strv(awk_str_ref(keys[i]));
    awk_lvalue_set(rt, n->a, kv);
    exec_stmt(rt, n->b);
    if (loop_end(rt)) break;
  }
  for (size_t k = 0; k < cnt; k++) awk_str_unref(keys[k]);
  free(keys);
}

static void do_switch(awk_rt *rt, awk_node *n) {
  awk_val v = awk_eval(rt, n->a);
  awk_node *hit = NULL, *dflt = NULL;
  for (awk_node *c = n->b; c && !hit && !rt->jump; c = c->next) {
    if (!c->a) {
      dflt = c;
      continue;
    }
    if (c->a->op == N_ERE) {
      if (re_match(rt, c->a->re, awk_to_str(rt, &v))) hit = c;
      continue;
    }
    awk_val l = awk_eval(rt, c->a);
    if (awk_compare(rt, &v, &l) == 0) hit = c;
    awk_val_free(&l);
  }
  awk_val_free(&v);
  if (!hit) hit = dflt;
  /* from the matching case on, falling through the later ones */
  for (awk_node *c = hit; c && !rt->jump; c = c->next) exec_stmt(rt, c->b);
  if (rt->jump == J_BREAK) rt->jump = J_NONE;
}

static void exec_stmt(awk_rt *rt, awk_node *n) {
  for (; n && !rt->jump; n = n->next) {
    rt->line = n->line;
    switch (n->op) {
    case S_BLOCK: exec_stmt(rt, n->a); break;
    case S_EXPR: {
      awk_val v = awk_eval(rt, n->a);
      awk_val_free(&v);
      break;
    }
    case S_PRINT: do_print(rt, n); break;
    case S_PRINTF: do_printf(rt, n); break;
    case S_IF:
      if (cond_true(rt, n->a)) exec_stmt(rt, n->b);
      else if (!rt->jump && n->c) exec_stmt(rt, n->c);
      break;
    case S_WHILE:
      while (cond_true(rt, n->a)) {
        exec_stmt(rt, n->b);
        if (loop_end(rt)) break;
      }
      break;
    case S_DO:
      do {
        exec_stmt(rt, n->b);
        if (loop_end(rt)) break;
      } while (cond_true(rt, n->a));
      break;
    case S_FOR:
      if (n->a) {
        awk_val v = awk_eval(rt, n->a);
        awk_val_free(&v);
      }
      while (!rt->jump && (!n->b || cond_true(rt, n->b))) {
        exec_stmt(rt, n->d);
        if (loop_end(rt)) break;
        if (n->c) {
          awk_val v = awk_eval(rt, n->c);
          awk_val_free(&v);
        }
      }
      break;
    case S_FORIN: for_in(rt, n); break;
    case S_SWITCH: do_switch(rt, n); break;
    case S_NEXT: rt->jump = J_NEXT; break;
    case S_NEXTFILE: rt->jump = J_NEXTFILE; break;
    case S_EXIT:
      if (n->a) {
        awk_val v = awk_eval(rt, n->a);
        double d = awk_to_num(rt, &v);
        awk_val_free(&v);
        if (rt->jump) break;
        rt->exit_status = (int)(long)d & 0xff;
      }
      rt->jump = J_EXIT;
      break;
    case S_RETURN:
      awk_val_free(&rt->ret);
      if (n->a) {
        rt->ret = awk_eval(rt, n->a);
        if (rt->jump) break;
      }
      rt->jump = J_RETURN;
      break;
    case S_BREAK: rt->jump = J_BREAK; break;
    case S_CONTINUE: rt->jump = J_CONTINUE; break;
    case S_DELETE: {
      awk_str *k = subscript_key(rt, n->a);
      if (!k) break;
      awk_array *a = array_of(rt, n->slot, n->sub);
      if (a) awk_array_del(a, k);
      awk_str_unref(k);
      break;
    }
    case S_DELETE_ALL: {
      awk_array *a = array_of(rt, n->slot, n->sub);
      if (a) awk_array_clear(a);
      break;
    }
    default: awk_fatal(rt, "internal error: bad statement %d", n->op);
    }
  }
}

void awk_special_set(awk_rt *rt, int slot) {
  awk_val *v = &rt->g[slot].v;
  switch (slot) {
  case V_NF: awk_set_nf(rt, awk_to_num(rt, v)); break;
  case V_NR: rt->nr = awk_to_num(rt, v); break;
  case V_FNR: rt->fnr = awk_to_num(rt, v); break;
  case V_FS:
    /* the record read so far is split with the FS it was read under */
    if (!rt->split_done && rt->rec) awk_split_rec(rt);
    rt->fs_dirty = true;
    awk_fs_update(rt);
    break;
  case V_FPAT:
  case V_FIELDWIDTHS: rt->fs_dirty = true; break;
  case V_RS: rt->rs_dirty = true; break;
  case V_IGNORECASE:
    rt->icase = awk_truth(rt, v);
    rt->fs_dirty = rt->rs_dirty = true;
    break;
  case V_CONVFMT:
  case V_OFMT: {
    awk_str *s = awk_to_str(rt, v);
    char *dst = slot == V_CONVFMT ? rt->convfmt : rt->ofmt;
    snprintf(dst, 64, "%s", s->s);
    break;
  }
  default: break;
  }
}

/* ---- the program ------------------------------------------------------------- */

static bool pattern_true(awk_rt *rt, awk_item *it) {
  if (!it->pat) return true;
  if (!it->pat2) return cond_true(rt, it->pat);
  if (!it->in_range) {
    if (!cond_true(rt, it->pat)) return false;
    it->in_range = true;
  }
  if (cond_true(rt, it->pat2)) it->in_range = false;
  return !rt->jump;
}

/* Runs the BEGINFILE (3) or ENDFILE (4) rules. */
void awk_run_kind(awk_rt *rt, int kind) {
  awk_prog *p = rt->prog;
  for (size_t i = 0; i < p->nitems && !rt->jump; i++)
    if (p->items[i].kind == kind) exec_stmt(rt, p->items[i].action);
}

int awk_run(awk_rt *rt) {
  awk_prog *p = rt->prog;
  bool has_main = false, has_end = false;
  for (size_t i = 0; i < p->nitems; i++) {
    if (p->items[i].kind == 0 || p->items[i].kind >= 3) has_main = true;
    if (p->items[i].kind == 2) has_end = true;
  }
  for (size_t i = 0; i < p->nitems && !rt->jump; i++)
    if (p->items[i].kind == 1) exec_stmt(rt, p->items[i].action);
  if (rt->jump == J_NEXT || rt->jump == J_NEXTFILE) {
    awk_fatal(rt, "`next' used in BEGIN action");
  }
  bool exiting = rt->jump == J_EXIT;
  if (rt->jump == J_EXIT) rt->jump = J_NONE;
  if (!exiting && !rt->jump && (has_main || has_end)) {
    for (;;) {
      int r = awk_next_main(rt);
      if (r <= 0 || rt->jump) break;
      if (awk_charge(rt, 1)) break;
      for (size_t i = 0; i < p->nitems && !rt->jump; i++) {
        awk_item *it = &p->items[i];
        if (it->kind != 0) continue;
        if (!pattern_true(rt, it)) continue;
        if (it->action) exec_stmt(rt, it->action);
        else {
          awk_str *r0 = awk_rec_get(rt);
          awk_str *ors = awk_to_str(rt, &rt->g[V_ORS].v);
          if (r0) awk_out(rt, RD_NONE, NULL, r0->s, r0->len);
          awk_out(rt, RD_NONE, NULL, ors->s, ors->len);
        }
      }
      if (rt->jump == J_NEXT) rt->jump = J_NONE;
      else if (rt->jump == J_NEXTFILE) {
        rt->jump = J_NONE;
        rt->no_more_input = false;
        extern void awk_skip_file(awk_rt * rt);
        awk_skip_file(rt);
      }
      if (rt->jump) break;
    }
  }
  if (rt->jump == J_EXIT || (exiting && !rt->jump)) {
    rt->jump = J_NONE;
    exiting = true;
  }
  if (!rt->jump) {
    for (size_t i = 0; i < p->nitems && !rt->jump; i++)
      if (p->items[i].kind == 2) exec_stmt(rt, p->items[i].action);
    if (rt->jump == J_EXIT) rt->jump = J_NONE;
    if (rt->jump == J_NEXT || rt->jump == J_NEXTFILE)
      awk_fatal(rt, "`next' used in END action");
  }
  return rt->exit_status;
}
