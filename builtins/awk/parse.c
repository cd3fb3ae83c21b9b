/* parse.c: recursive descent over awk's grammar (POSIX precedence, gawk's
 * extensions), building awk_node trees with every name resolved: a
 * function's parameters become local slots, other names global slots
 * (the special variables first, in the V_* order).  Nesting is bounded
 * by a counter, never by the C stack.  Syntax errors are reported as
 * gawk does: the source line and a caret under the token. */
#include "builtins/awk/awk_int.h"

#include <stdio.h>
#include <string.h>

#define MAX_NEST 400

int awk_lex_regex(awk_lex *lx);

static const char *const special_names[V_NSPECIAL] = {
    "NF",      "NR",          "FNR",      "FS",      "OFS",    "ORS",
    "RS",      "RT",          "FILENAME", "SUBSEP",  "RSTART", "RLENGTH",
    "CONVFMT", "OFMT",        "ENVIRON",  "ARGC",    "ARGV",   "IGNORECASE",
    "FPAT",    "FIELDWIDTHS", "PROCINFO", "BINMODE", "LINT",   "TEXTDOMAIN",
    "ERRNO",   " unused"};

typedef struct parser {
  awk_rt *rt;
  awk_prog *p;
  awk_lex lx;
  int depth;
  bool err;
  int print_ctx; /* >0: a print's top level ('>' and '|' redirect) */
  int fn;        /* index of the function being parsed + 1 (0: none);
                     an index, as funcs moves when a call adds one */
  int loop_depth;
  int switch_depth;
} parser;

static awk_node *expr(parser *P);
static awk_node *ternary(parser *P);
static awk_node *statement(parser *P);
static awk_node *unary(parser *P);

/* ---- errors ------------------------------------------------------------ */

static void syntax_error_msg(parser *P, const char *msg) {
  if (P->err) return;
  P->err = true;
  awk_lex *lx = &P->lx;
  size_t si = lx->cur < lx->nsrc ? lx->cur : lx->nsrc - 1;
  const awk_src *s = &lx->srcs[si];
  const char *name = s->name ? s->name : "cmd. line";
  const char *t = lx->tok_start ? lx->tok_start : s->text;
  if (t < s->text || t > s->text + s->len) t = s->text + s->len;
  const char *ls = t;
  while (ls > s->text && ls[-1] != '\n') ls--;
  const char *le = t;
  while (le < s->text + s->len && *le != '\n') le++;
  int line = lx->tok_line ? lx->tok_line : lx->line;
  if (lx->tok == T_NEWLINE && line > 1 && t > s->text && *t == '\n') {
    /* the newline ends the line it is on */
  }
  bi_ctx *b = P->rt->b;
  bi_errline(b, "awk: %s:%d: %.*s", name, line, (int)(le - ls), ls);
  vsh_buf sp = {0};
  for (const char *q = ls; q < t; q++)
    vsh__buf_putc(&sp, *q == '\t' ? '\t' : ' ');
  if (!msg)
    msg = (lx->tok == T_NEWLINE || lx->tok == T_EOF)
              ? "unexpected newline or end of string"
              : "syntax error";
  bi_errline(b, "awk: %s:%d: %s^ %s", name, line, sp.data ? sp.data : "", msg);
  vsh_buf_dispose(&sp);
}

static void syntax_error(parser *P) {
  if (P->lx.err && !P->err) {
    P->err = true;
    awk_lex *lx = &P->lx;
    const awk_src *s = &lx->srcs[lx->cur < lx->nsrc ? lx->cur : 0];
    bi_errline(P->rt->b, "awk: %s:%d: %s", s->name ? s->name : "cmd. line",
               lx->line, "invalid char or unterminated string or regexp");
    return;
  }
  syntax_error_msg(P, NULL);
}

static void plain_error(parser *P, const char *fmt, const char *arg) {
  if (P->err) return;
  P->err = true;
  const awk_src *s = &P->lx.srcs[P->lx.cur < P->lx.nsrc ? P->lx.cur : 0];
  char msg[512];
  snprintf(msg, sizeof(msg), fmt, arg);
  bi_errline(P->rt->b, "awk: %s:%d: %s", s->name ? s->name : "cmd. line",
             P->lx.tok_line ? P->lx.tok_line : P->lx.line, msg);
}

/* ---- helpers ------------------------------------------------------------- */

static int next(parser *P) {
  int t = awk_lex_next(&P->lx);
  if (P->lx.err) syntax_error(P);
  return t;
}

static int tok(parser *P) { return P->err ? T_EOF : P->lx.tok; }

static bool accept(parser *P, int t) {
  if (tok(P) != t) return false;
  next(P);
  return true;
}

static bool expect(parser *P, int t) {
  if (accept(P, t)) return true;
  syntax_error(P);
  return false;
}

static void skip_nl(parser *P) {
  while (tok(P) == T_NEWLINE) next(P);
}

static void skip_terms(parser *P) {
  while (tok(P) == T_NEWLINE || tok(P) == T_SEMI) next(P);
}

static awk_node *node(parser *P, int op) {
  awk_node *n = calloc(1, sizeof(*n));
  if (!n) {
    if (!P->err) bi_err(P->rt->b, "memory exhausted");
    P->err = true;
    return NULL;
  }
  n->op = (uint16_t)op;
  n->line = P->lx.tok_line ? P->lx.tok_line : P->lx.line;
  n->alloc_next = P->p->nodes;
  P->p->nodes = n;
  return n;
}

#define MAX_HEIGHT 3000

/* n's height from its children and argument list; false (error
 * reported) past MAX_HEIGHT. */
static bool set_height(parser *P, awk_node *n) {
  if (!n) return false;
  int h = 0;
  for (awk_node *e = n->a; e; e = e->next)
    if (e->height > h) h = e->height;
  if (n->b && n->b->height > h) h = n->b->height;
  if (n->c && n->c->height > h) h = n->c->height;
  n->height = h + 1;
  if (n->height > MAX_HEIGHT) {
    plain_error(P, "%s", "expression nesting too deep");
    return false;
  }
  return true;
}

static awk_node *node2(parser *P, int op, int sub, awk_node *a, awk_node *b) {
  awk_node *n = node(P, op);
  if (!n) return NULL;
  n->sub = (int16_t)sub;
  n->a = a;
  n->b = b;
  int h = a ? a->height : 0;
  if (b && b->height > h) h = b->height;
  n->height = h + 1;
  if (n->height > MAX_HEIGHT) {
    plain_error(P, "%s", "expression nesting too deep");
    return NULL;
  }
  return n;
}

int awk_global_slot(awk_prog *p, const char *name) {
  for (size_t i = 0; i < p->nglobals; i++)
    if (!strcmp(p->globals[i], name)) return (int)i;
  return -1;
}

static int global_slot(parser *P, const char *name) {
  awk_prog *p = P->p;
  int s = awk_global_slot(p, name);
  if (s >= 0) return s;
  if (p->nglobals == p->capglobals) {
    size_t nc = p->capglobals ? p->capglobals * 2 : 64;
    char **ng = realloc(p->globals, nc * sizeof(*ng));
    if (!ng) {
      P->err = true;
      return 0;
    }
    p->globals = ng;
    p->capglobals = nc;
  }
  char *d = strdup(name);
  if (!d) {
    P->err = true;
    return 0;
  }
  p->globals[p->nglobals] = d;
  return (int)p->nglobals++;
}

static int func_index(parser *P, const char *name) {
  awk_prog *p = P->p;
  for (size_t i = 0; i < p->nfuncs; i++)
    if (!strcmp(p->funcs[i].name, name)) return (int)i;
  awk_func *nf = realloc(p->funcs, (p->nfuncs + 1) * sizeof(*nf));
  if (!nf) {
    P->err = true;
    return 0;
  }
  p->funcs = nf;
  memset(&nf[p->nfuncs], 0, sizeof(*nf));
  nf[p->nfuncs].name = strdup(name);
  if (!nf[p->nfuncs].name) P->err = true;
  nf[p->nfuncs].line = P->lx.tok_line;
  return (int)p->nfuncs++;
}

/* A variable reference (N_VAR or N_LOCAL) for name. */
static awk_node *var_ref(parser *P, const char *name) {
  if (P->fn) {
    awk_func *fn = &P->p->funcs[P->fn - 1];
    for (int i = 0; i < fn->nparams; i++)
      if (!strcmp(fn->params[i], name)) {
        awk_node *n = node(P, N_LOCAL);
        if (n) n->slot = i;
        return n;
      }
  }
  awk_prog *p = P->p;
  for (size_t i = 0; i < p->nfuncs; i++)
    if (p->funcs[i].defined && !strcmp(p->funcs[i].name, name)) {
      plain_error(P,
                  "function `%s' called with space between name and "
                  "`(',\n or used as a variable or an array",
                  name);
      return NULL;
    }
  awk_node *n = node(P, N_VAR);
  if (n) n->slot = global_slot(P, name);
  return n;
}

static bool is_lvalue(awk_node *n) {
  return n && (n->op == N_VAR || n->op == N_LOCAL || n->op == N_FIELD ||
               n->op == N_INDEX || n->op == N_LINDEX);
}

static awk_regex *const_regex(parser *P, const char *s, size_t n) {
  awk_regex *re = awk_regex_new(P->rt, s, n, false);
  if (!re) {
    P->err = true;
    return NULL;
  }
  awk_prog *p = P->p;
  awk_regex **nr = realloc(p->regexes, (p->nregexes + 1) * sizeof(*nr));
  if (!nr) {
    awk_regex_free(re);
    P->err = true;
    return NULL;
  }
  p->regexes = nr;
  nr[p->nregexes++] = re;
  return re;
}

/* ---- expressions ------------------------------------------------------ */

static bool enter(parser *P) {
  if (++P->depth > MAX_NEST) {
    plain_error(P, "%s", "program nesting too deep");
    return false;
  }
  return true;
}

/* expr_list: comma-separated expressions (newlines allowed after ','). */
static awk_node *expr_list(parser *P, int *count) {
  awk_node *head = NULL, **tail = &head;
  int n = 0;
  for (;;) {
    awk_node *e = expr(P);
    if (!e) return NULL;
    *tail = e;
    tail = &e->next;
    n++;
    if (tok(P) != T_COMMA) break;
    next(P);
    skip_nl(P);
  }
  *count = n;
  return head;
}

static awk_node *subscript(parser *P) {
  /* after '[' */
  int saved = P->print_ctx;
  P->print_ctx = 0;
  int cnt = 0;
  awk_node *l = expr_list(P, &cnt);
  P->print_ctx = saved;
  if (!l || !expect(P, T_RBRACKET)) return NULL;
  if (cnt == 1) return l;
  awk_node *g = node(P, N_GROUP);
  if (g) {
    g->a = l;
    g->nargs = cnt;
  }
  return g;
}

static awk_node *array_name(parser *P, const char *name, int *op, int *slot) {
  awk_node *v = var_ref(P, name);
  if (!v) return NULL;
  *op = v->op == N_LOCAL ? N_LINDEX : N_INDEX;
  *slot = v->slot;
  return v;
}

static awk_node *name_expr(parser *P) {
  char name[256];
  snprintf(name, sizeof(name), "%s", P->lx.text.data);
  next(P);
  if (tok(P) == T_LBRACKET) {
    next(P);
    int op, slot;
    if (!array_name(P, name, &op, &slot)) return NULL;
    awk_node *k = subscript(P);
    if (!k) return NULL;
    awk_node *n = node(P, op);
    if (n) {
      n->slot = slot;
      n->a = k;
    }
    return n;
  }
  return var_ref(P, name);
}

static awk_node *getline_tail(parser *P, int kind, awk_node *src) {
  /* after 'getline': optional lvalue, then '< file' for the plain form */
  awk_node *n = node(P, N_GETLINE);
  if (!n) return NULL;
  n->sub = (int16_t)kind;
  n->b = src;
  int t = tok(P);
  if (t == T_NAME || t == T_DOLLAR) {
    awk_node *lv;
    if (t == T_DOLLAR) {
      next(P);
      if (!enter(P)) return NULL;
      awk_node *idx;
      if (tok(P) == T_INCR || tok(P) == T_DECR) {
        idx = unary(P);
      } else {
        idx = unary(P);
      }
      P->depth--;
      if (!idx) return NULL;
      lv = node2(P, N_FIELD, 0, idx, NULL);
    } else {
      lv = name_expr(P);
    }
    if (!lv) return NULL;
    n->a = lv;
  }
  if (kind == GL_PLAIN && tok(P) == T_LT) {
    next(P);
    /* the file is a primary-level expression: no concatenation */
    if (!enter(P)) return NULL;
    awk_node *f = unary(P);
    P->depth--;
    if (!f) return NULL;
    n->sub = GL_FILE;
    n->b = f;
  }
  return n;
}

static const struct {
  int id;
  int min, max;
  const char *name;
} bi_arity[] = {
    {F_LENGTH, 0, 1, "length"},     {F_SUBSTR, 2, 3, "substr"},
    {F_INDEX, 2, 2, "index"},       {F_SPLIT, 2, 4, "split"},
    {F_SUB, 2, 3, "sub"},           {F_GSUB, 2, 3, "gsub"},
    {F_MATCH, 2, 3, "match"},       {F_SPRINTF, 1, 1000, "sprintf"},
    {F_TOLOWER, 1, 1, "tolower"},   {F_TOUPPER, 1, 1, "toupper"},
    {F_INT, 1, 1, "int"},           {F_SQRT, 1, 1, "sqrt"},
    {F_EXP, 1, 1, "exp"},           {F_LOG, 1, 1, "log"},
    {F_SIN, 1, 1, "sin"},           {F_COS, 1, 1, "cos"},
    {F_ATAN2, 2, 2, "atan2"},       {F_RAND, 0, 0, "rand"},
    {F_SRAND, 0, 1, "srand"},       {F_SYSTEM, 1, 1, "system"},
    {F_CLOSE, 1, 2, "close"},       {F_FFLUSH, 0, 1, "fflush"},
    {F_GENSUB, 3, 4, "gensub"},     {F_ASORT, 1, 3, "asort"},
    {F_ASORTI, 1, 3, "asorti"},     {F_PATSPLIT, 2, 4, "patsplit"},
    {F_STRFTIME, 0, 3, "strftime"}, {F_SYSTIME, 0, 0, "systime"},
    {F_MKTIME, 1, 2, "mktime"},     {F_AND, 2, 1000, "and"},
    {F_OR, 2, 1000, "or"},          {F_XOR, 2, 1000, "xor"},
    {F_LSHIFT, 2, 2, "lshift"},     {F_RSHIFT, 2, 2, "rshift"},
    {F_COMPL, 1, 1, "compl"},       {F_ISARRAY, 1, 1, "isarray"},
    {F_TYPEOF, 1, 2, "typeof"},     {F_STRTONUM, 1, 1, "strtonum"},
};

static awk_node *builtin_call(parser *P) {
  int id = P->lx.builtin;
  const char *tstart = P->lx.tok_start;
  (void)tstart;
  next(P);
  awk_node *n = node(P, N_BUILTIN);
  if (!n) return NULL;
  n->sub = (int16_t)id;
  int cnt = 0;
  if (tok(P) == T_LPAREN) {
    next(P);
    skip_nl(P);
    int saved = P->print_ctx;
    P->print_ctx = 0;
    if (tok(P) != T_RPAREN) {
      n->a = expr_list(P, &cnt);
      if (!n->a) return NULL;
    }
    P->print_ctx = saved;
    skip_nl(P);
    if (!expect(P, T_RPAREN)) return NULL;
  } else if (id != F_LENGTH) {
    syntax_error(P);
    return NULL;
  }
  n->nargs = cnt;
  if (!set_height(P, n)) return NULL;
  for (size_t i = 0; i < sizeof(bi_arity) / sizeof(*bi_arity); i++) {
    if (bi_arity[i].id != id) continue;
    if (cnt < bi_arity[i].min || cnt > bi_arity[i].max) {
      char m[128];
      snprintf(m, sizeof(m), "%d is invalid as number of arguments for %s", cnt,
               bi_arity[i].name);
      syntax_error_msg(P, m);
      return NULL;
    }
  }
  /* sub/gsub's target must be assignable */
  if ((id == F_SUB || id == F_GSUB) && cnt == 3) {
    awk_node *t = n->a->next->next;
    if (!is_lvalue(t)) {
      plain_error(P, "%s",
                  id == F_SUB ? "sub third parameter is not a "
                                "changeable object"
                              : "gsub third parameter is not a "
                                "changeable object");
      return NULL;
    }
  }
  return n;
}

static awk_node *primary(parser *P) {
  int t = tok(P);
  awk_node *n = NULL;
  switch (t) {
  case T_NUMBER:
    n = node(P, N_NUM);
    if (n) n->num = P->lx.num;
    next(P);
    return n;
  case T_STRING:
    n = node(P, N_STR);
    if (n) {
      n->str = awk_str_new(P->rt, P->lx.text.data ? P->lx.text.data : "",
                           P->lx.text.len);
      if (!n->str) P->err = true;
    }
    next(P);
    return n;
  case T_SLASH:
  case T_DIV_ASSIGN:
    if (awk_lex_regex(&P->lx) != T_ERE) {
      syntax_error(P);
      return NULL;
    }
    /* fall through */
  case T_ERE:
    n = node(P, N_ERE);
    if (n) {
      n->re = const_regex(P, P->lx.text.data ? P->lx.text.data : "",
                          P->lx.text.len);
      if (!n->re) return NULL;
    }
    next(P);
    return n;
  case T_LPAREN: {
    next(P);
    int saved = P->print_ctx;
    P->print_ctx = 0;
    int cnt = 0;
    skip_nl(P);
    awk_node *l = expr_list(P, &cnt);
    P->print_ctx = saved;
    skip_nl(P);
    if (!l || !expect(P, T_RPAREN)) return NULL;
    if (cnt > 1) {
      if (tok(P) == T_IN) {
        next(P);
        if (tok(P) != T_NAME) {
          syntax_error(P);
          return NULL;
        }
        char name[256];
        snprintf(name, sizeof(name), "%s", P->lx.text.data);
        next(P);
        int op, slot;
        if (!array_name(P, name, &op, &slot)) return NULL;
        awk_node *g = node(P, N_GROUP);
        if (!g) return NULL;
        g->a = l;
        g->nargs = cnt;
        n = node2(P, N_IN, op == N_LINDEX, g, NULL);
        if (n) n->slot = slot;
        return n;
      }
      n = node(P, N_GROUP); /* a print's (a, b) list */
      if (n) {
        n->a = l;
        n->nargs = cnt;
        n->sub = 1;
      }
      return n;
    }
    n = node(P, N_GROUP);
    if (n) {
      n->a = l;
      n->nargs = 1;
    }
    return set_height(P, n) ? n : NULL;
  }
  case T_DOLLAR: {
    next(P);
    if (!enter(P)) return NULL;
    awk_node *idx;
    int u = tok(P);
    if (u == T_INCR || u == T_DECR) {
      next(P);
      awk_node *lv = primary(P);
      if (!is_lvalue(lv)) {
        P->depth--;
        if (!P->err) syntax_error(P);
        return NULL;
      }
      idx = node2(P, u == T_INCR ? N_PREINC : N_PREDEC, 0, lv, NULL);
    } else if (u == T_MINUS || u == T_PLUS || u == T_NOT) {
      next(P);
      awk_node *o = primary(P);
      idx = node2(P,
                  u == T_MINUS  ? N_NEG
                  : u == T_PLUS ? N_PLUS
                                : N_NOT,
                  0, o, NULL);
    } else {
      idx = primary(P);
    }
    P->depth--;
    if (!idx) return NULL;
    return node2(P, N_FIELD, 0, idx, NULL);
  }
  case T_INCR:
  case T_DECR: {
    next(P);
    if (!enter(P)) return NULL;
    awk_node *lv = primary(P);
    P->depth--;
    if (!is_lvalue(lv)) {
      if (!P->err) syntax_error(P);
      return NULL;
    }
    return node2(P, t == T_INCR ? N_PREINC : N_PREDEC, 0, lv, NULL);
  }
  case T_MINUS:
  case T_PLUS:
  case T_NOT: {
    next(P);
    if (!enter(P)) return NULL;
    awk_node *o = unary(P);
    P->depth--;
    if (!o) return NULL;
    return node2(P,
                 t == T_MINUS  ? N_NEG
                 : t == T_PLUS ? N_PLUS
                               : N_NOT,
                 0, o, NULL);
  }
  case T_NAME: return name_expr(P);
  case T_FUNC_NAME: {
    char name[256];
    snprintf(name, sizeof(name), "%s", P->lx.text.data);
    next(P);
    next(P); /* ( */
    n = node(P, N_CALL);
    if (!n) return NULL;
    n->slot = func_index(P, name);
    int cnt = 0;
    skip_nl(P);
    int saved = P->print_ctx;
    P->print_ctx = 0;
    if (tok(P) != T_RPAREN) {
      n->a = expr_list(P, &cnt);
      if (!n->a) return NULL;
    }
    P->print_ctx = saved;
    skip_nl(P);
    if (!expect(P, T_RPAREN)) return NULL;
    n->nargs = cnt;
    return set_height(P, n) ? n : NULL;
  }
  case T_BUILTIN: return builtin_call(P);
  case T_GETLINE: next(P); return getline_tail(P, GL_PLAIN, NULL);
  default: syntax_error(P); return NULL;
  }
}

static awk_node *postfix(parser *P) {
  awk_node *n = primary(P);
  if (!n) return NULL;
  if (is_lvalue(n) && (tok(P) == T_INCR || tok(P) == T_DECR)) {
    int t = tok(P);
    next(P);
    return node2(P, t == T_INCR ? N_POSTINC : N_POSTDEC, 0, n, NULL);
  }
  return n;
}

static awk_node *power(parser *P) {
  awk_node *n = postfix(P);
  if (!n) return NULL;
  if (tok(P) == T_POW) {
    next(P);
    if (!enter(P)) return NULL;
    /* right associative; the exponent may carry a unary sign */
    awk_node *e;
    int t = tok(P);
    if (t == T_MINUS || t == T_PLUS || t == T_NOT) {
      next(P);
      awk_node *o = power(P);
      e = o ? node2(P,
                    t == T_MINUS  ? N_NEG
                    : t == T_PLUS ? N_PLUS
                                  : N_NOT,
                    0, o, NULL)
            : NULL;
    } else {
      e = power(P);
    }
    P->depth--;
    if (!e) return NULL;
    return node2(P, N_BINOP, '^', n, e);
  }
  return n;
}

static awk_node *unary(parser *P) {
  int t = tok(P);
  if (t == T_MINUS || t == T_PLUS || t == T_NOT) {
    next(P);
    if (!enter(P)) return NULL;
    awk_node *o = unary(P);
    P->depth--;
    if (!o) return NULL;
    return node2(P,
                 t == T_MINUS  ? N_NEG
                 : t == T_PLUS ? N_PLUS
                               : N_NOT,
                 0, o, NULL);
  }
  return power(P);
}

static awk_node *multiplicative(parser *P) {
  awk_node *n = unary(P);
  while (n) {
    int t = tok(P);
    int op = t == T_STAR ? '*' : t == T_SLASH ? '/' : t == T_PERCENT ? '%' : 0;
    if (!op) break;
    next(P);
    awk_node *r = unary(P);
    if (!r) return NULL;
    n = node2(P, N_BINOP, op, n, r);
  }
  return n;
}

static awk_node *additive(parser *P) {
  awk_node *n = multiplicative(P);
  while (n) {
    int t = tok(P);
    if (t != T_PLUS && t != T_MINUS) break;
    next(P);
    awk_node *r = multiplicative(P);
    if (!r) return NULL;
    n = node2(P, N_BINOP, t == T_PLUS ? '+' : '-', n, r);
  }
  return n;
}

static bool starts_operand(int t) {
  switch (t) {
  case T_NUMBER:
  case T_STRING:
  case T_NAME:
  case T_FUNC_NAME:
  case T_BUILTIN:
  case T_DOLLAR:
  case T_NOT:
  case T_LPAREN:
  case T_INCR:
  case T_DECR:
  case T_MINUS:
  case T_PLUS: return true;
  default: return false;
  }
}

static awk_node *concat(parser *P) {
  awk_node *n = additive(P);
  while (n && starts_operand(tok(P)) && tok(P) != T_MINUS && tok(P) != T_PLUS) {
    if (tok(P) == T_IN) break;
    awk_node *r = additive(P);
    if (!r) return NULL;
    n = node2(P, N_CONCAT, 0, n, r);
  }
  return n;
}

static awk_node *comparison(parser *P) {
  awk_node *n = concat(P);
  while (n && (tok(P) == T_PIPE || tok(P) == T_PIPEAMP) && !P->print_ctx) {
    int kind = tok(P) == T_PIPE ? GL_CMD : GL_COPROC;
    next(P);
    if (tok(P) != T_GETLINE) {
      syntax_error(P);
      return NULL;
    }
    next(P);
    n = getline_tail(P, kind, n);
  }
  while (n) {
    int t = tok(P), op;
    switch (t) {
    case T_LT: op = '<'; break;
    case T_LE: op = 'l'; break;
    case T_EQ: op = '='; break;
    case T_NE: op = '!'; break;
    case T_GE: op = 'g'; break;
    case T_GT:
      if (P->print_ctx) return n;
      op = '>';
      break;
    default: return n;
    }
    next(P);
    awk_node *r = concat(P);
    if (!r) return NULL;
    n = node2(P, N_CMP, op, n, r);
  }
  return n;
}

static awk_node *match_expr(parser *P) {
  awk_node *n = comparison(P);
  while (n && (tok(P) == T_TILDE || tok(P) == T_NOMATCH)) {
    int neg = tok(P) == T_NOMATCH;
    next(P);
    awk_node *r = comparison(P);
    if (!r) return NULL;
    n = node2(P, N_MATCH, neg, n, r);
  }
  return n;
}

static awk_node *in_expr(parser *P) {
  awk_node *n = match_expr(P);
  while (n && tok(P) == T_IN) {
    next(P);
    if (tok(P) != T_NAME) {
      syntax_error(P);
      return NULL;
    }
    char name[256];
    snprintf(name, sizeof(name), "%s", P->lx.text.data);
    next(P);
    int op, slot;
    if (!array_name(P, name, &op, &slot)) return NULL;
    awk_node *r = node2(P, N_IN, op == N_LINDEX, n, NULL);
    if (!r) return NULL;
    r->slot = slot;
    n = r;
  }
  return n;
}

static awk_node *and_expr(parser *P) {
  awk_node *n = in_expr(P);
  while (n && tok(P) == T_AND) {
    next(P);
    skip_nl(P);
    awk_node *r = in_expr(P);
    if (!r) return NULL;
    n = node2(P, N_AND, 0, n, r);
  }
  return n;
}

static awk_node *or_expr(parser *P) {
  awk_node *n = and_expr(P);
  while (n && tok(P) == T_OR) {
    next(P);
    skip_nl(P);
    awk_node *r = and_expr(P);
    if (!r) return NULL;
    n = node2(P, N_OR, 0, n, r);
  }
  return n;
}

static awk_node *ternary(parser *P) {
  awk_node *n = or_expr(P);
  if (n && tok(P) == T_QUESTION) {
    next(P);
    skip_nl(P);
    if (!enter(P)) return NULL;
    awk_node *a = ternary(P);
    skip_nl(P);
    if (!a || !expect(P, T_COLON)) return NULL;
    skip_nl(P);
    awk_node *b = ternary(P);
    P->depth--;
    if (!b) return NULL;
    awk_node *c = node(P, N_COND);
    if (!c) return NULL;
    c->a = n;
    c->b = a;
    c->c = b;
    return set_height(P, c) ? c : NULL;
  }
  return n;
}

static awk_node *expr(parser *P) {
  if (!enter(P)) return NULL;
  awk_node *n = ternary(P);
  if (n && is_lvalue(n)) {
    int t = tok(P), op = 0;
    switch (t) {
    case T_ASSIGN: op = '='; break;
    case T_ADD_ASSIGN: op = '+'; break;
    case T_SUB_ASSIGN: op = '-'; break;
    case T_MUL_ASSIGN: op = '*'; break;
    case T_DIV_ASSIGN: op = '/'; break;
    case T_MOD_ASSIGN: op = '%'; break;
    case T_POW_ASSIGN: op = '^'; break;
    }
    if (op) {
      next(P);
      skip_nl(P);
      awk_node *r = expr(P);
      if (!r) {
        P->depth--;
        return NULL;
      }
      n = node2(P, op == '=' ? N_ASSIGN : N_ASSIGN_OP, op, n, r);
    }
  }
  P->depth--;
  return n;
}

/* ---- statements -------------------------------------------------------- */

static bool end_simple(parser *P) {
  int t = tok(P);
  if (t == T_SEMI || t == T_NEWLINE) {
    next(P);
    return true;
  }
  if (t == T_RBRACE || t == T_EOF) return true;
  syntax_error(P);
  return false;
}

static awk_node *block(parser *P) {
  /* after '{' */
  awk_node *head = NULL, **tail = &head;
  skip_terms(P);
  while (tok(P) != T_RBRACE) {
    if (tok(P) == T_EOF || P->err) {
      syntax_error(P);
      return NULL;
    }
    awk_node *s = statement(P);
    if (P->err) return NULL;
    if (s) {
      *tail = s;
      while (s->next) s = s->next;
      tail = &s->next;
    }
    skip_terms(P);
  }
  next(P);
  awk_node *b = node(P, S_BLOCK);
  if (b) b->a = head;
  return b;
}

static awk_node *simple_print(parser *P, int kind) {
  next(P);
  awk_node *n = node(P, kind);
  if (!n) return NULL;
  int cnt = 0;
  int t = tok(P);
  if (t != T_SEMI && t != T_NEWLINE && t != T_RBRACE && t != T_GT &&
      t != T_APPEND && t != T_PIPE && t != T_PIPEAMP && t != T_EOF) {
    P->print_ctx++;
    n->a = expr_list(P, &cnt);
    P->print_ctx--;
    if (!n->a) return NULL;
    if (cnt == 1 && n->a->op == N_GROUP && n->a->sub == 1) {
      cnt = n->a->nargs;
      n->a = n->a->a;
    }
  }
  n->nargs = cnt;
  if (kind == S_PRINTF && cnt == 0) {
    syntax_error(P);
    return NULL;
  }
  t = tok(P);
  if (t == T_GT || t == T_APPEND || t == T_PIPE || t == T_PIPEAMP) {
    next(P);
    n->sub = (int16_t)(t == T_GT       ? RD_FILE
                       : t == T_APPEND ? RD_APPEND
                       : t == T_PIPE   ? RD_PIPE
                                       : RD_COPROC);
    P->print_ctx++;
    n->b = concat(P);
    P->print_ctx--;
    if (!n->b) return NULL;
  }
  return n;
}

static awk_node *simple_statement(parser *P) {
  int t = tok(P);
  awk_node *n;
  switch (t) {
  case T_PRINT: return simple_print(P, S_PRINT);
  case T_PRINTF: return simple_print(P, S_PRINTF);
  case T_NEXT:
  case T_NEXTFILE: next(P); return node(P, t == T_NEXT ? S_NEXT : S_NEXTFILE);
  case T_EXIT:
    next(P);
    n = node(P, S_EXIT);
    if (n && tok(P) != T_SEMI && tok(P) != T_NEWLINE && tok(P) != T_RBRACE &&
        tok(P) != T_EOF) {
      n->a = expr(P);
      if (!n->a) return NULL;
    }
    return n;
  case T_RETURN:
    if (!P->fn) {
      plain_error(P, "%s", "`return' used outside function context");
      return NULL;
    }
    next(P);
    n = node(P, S_RETURN);
    if (n && tok(P) != T_SEMI && tok(P) != T_NEWLINE && tok(P) != T_RBRACE &&
        tok(P) != T_EOF) {
      n->a = expr(P);
      if (!n->a) return NULL;
    }
    return n;
  case T_BREAK:
  case T_CONTINUE:
    if (!P->loop_depth && !(t == T_BREAK && P->switch_depth)) {
      plain_error(P, "%s",
                  t == T_BREAK ? "`break' is not allowed outside a "
                                 "loop or switch"
                               : "`continue' is not allowed outside "
                                 "a loop");
      return NULL;
    }
    next(P);
    return node(P, t == T_BREAK ? S_BREAK : S_CONTINUE);
  case T_DELETE: {
    next(P);
    if (tok(P) == T_LPAREN) {
      /* delete (a) is not special; parse as a name in parens */
      next(P);
      if (tok(P) != T_NAME) {
        syntax_error(P);
        return NULL;
      }
    }
    if (tok(P) != T_NAME) {
      syntax_error(P);
      return NULL;
    }
    char name[256];
    snprintf(name, sizeof(name), "%s", P->lx.text.data);
    next(P);
    int op, slot;
    if (!array_name(P, name, &op, &slot)) return NULL;
    n = node(P, S_DELETE_ALL);
    if (!n) return NULL;
    n->slot = slot;
    n->sub = op == N_LINDEX;
    if (tok(P) == T_LBRACKET) {
      next(P);
      n->op = S_DELETE;
      n->a = subscript(P);
      if (!n->a) return NULL;
    }
    if (tok(P) == T_RPAREN) next(P);
    return n;
  }
  default:
    n = node(P, S_EXPR);
    if (!n) return NULL;
    n->a = expr(P);
    if (!n->a) return NULL;
    if (n->a->op == N_GROUP && n->a->sub == 1) {
      syntax_error(P);
      return NULL;
    }
    return n;
  }
}

static awk_node *body_stmt(parser *P) {
  skip_nl(P);
  if (tok(P) == T_SEMI) {
    next(P);
    return node(P, S_BLOCK);
  }
  return statement(P);
}

static awk_node *statement(parser *P) {
  if (!enter(P)) return NULL;
  awk_node *n = NULL;
  int t = tok(P);
  switch (t) {
  case T_LBRACE:
    next(P);
    n = block(P);
    break;
  case T_IF: {
    next(P);
    if (!expect(P, T_LPAREN)) break;
    skip_nl(P);
    awk_node *c = expr(P);
    skip_nl(P);
    if (!c || !expect(P, T_RPAREN)) break;
    awk_node *th = body_stmt(P);
    if (!th) break;
    /* else may follow after newlines or a ';' */
    while (tok(P) == T_NEWLINE || tok(P) == T_SEMI) {
      if (tok(P) == T_SEMI) {
        next(P);
        skip_nl(P);
        break;
      }
      next(P);
    }
    awk_node *el = NULL;
    if (tok(P) == T_ELSE) {
      next(P);
      el = body_stmt(P);
      if (!el) break;
    }
    n = node(P, S_IF);
    if (n) {
      n->a = c;
      n->b = th;
      n->c = el;
    }
    break;
  }
  case T_WHILE: {
    next(P);
    if (!expect(P, T_LPAREN)) break;
    skip_nl(P);
    awk_node *c = expr(P);
    skip_nl(P);
    if (!c || !expect(P, T_RPAREN)) break;
    if (tok(P) == T_SEMI) { /* while (x); */
      next(P);
      n = node2(P, S_WHILE, 0, c, node(P, S_BLOCK));
      break;
    }
    P->loop_depth++;
    awk_node *body = body_stmt(P);
    P->loop_depth--;
    if (!body) break;
    n = node2(P, S_WHILE, 0, c, body);
    break;
  }
  case T_DO: {
    next(P);
    P->loop_depth++;
    awk_node *body = body_stmt(P);
    P->loop_depth--;
    if (!body) break;
    skip_terms(P);
    if (!expect(P, T_WHILE) || !expect(P, T_LPAREN)) break;
    awk_node *c = expr(P);
    if (!c || !expect(P, T_RPAREN)) break;
    n = node2(P, S_DO, 0, c, body);
    if (!end_simple(P)) n = NULL;
    break;
  }
  case T_FOR: {
    next(P);
    if (!expect(P, T_LPAREN)) break;
    awk_node *init = NULL, *cond = NULL, *step = NULL;
    if (tok(P) != T_SEMI) {
      /* (k in a) as a whole is a for-in */
      bool paren_name = false;
      if (tok(P) == T_LPAREN) paren_name = false;
      init = expr(P);
      if (!init) break;
      if (init->op == N_IN && !paren_name && tok(P) == T_RPAREN && init->a &&
          (init->a->op == N_VAR || init->a->op == N_LOCAL)) {
        next(P);
        P->loop_depth++;
        awk_node *body = body_stmt(P);
        P->loop_depth--;
        if (!body) break;
        n = node(P, S_FORIN);
        if (n) {
          n->a = init->a;
          n->slot = init->slot;
          n->sub = init->sub;
          n->b = body;
        }
        break;
      }
    }
    if (!expect(P, T_SEMI)) break;
    skip_nl(P);
    if (tok(P) != T_SEMI) {
      cond = expr(P);
      if (!cond) break;
    }
    if (!expect(P, T_SEMI)) break;
    skip_nl(P);
    if (tok(P) != T_RPAREN) {
      step = expr(P);
      if (!step) break;
    }
    if (!expect(P, T_RPAREN)) break;
    if (tok(P) == T_SEMI) {
      next(P);
      n = node(P, S_FOR);
      if (n) {
        n->a = init;
        n->b = cond;
        n->c = step;
        n->d = node(P, S_BLOCK);
      }
      break;
    }
    P->loop_depth++;
    awk_node *body = body_stmt(P);
    P->loop_depth--;
    if (!body) break;
    n = node(P, S_FOR);
    if (n) {
      n->a = init;
      n->b = cond;
      n->c = step;
      n->d = body;
    }
    break;
  }
  case T_SEMI:
    next(P);
    n = node(P, S_BLOCK);
    break;
  case T_SWITCH: {
    next(P);
    if (!expect(P, T_LPAREN)) break;
    awk_node *subj = expr(P);
    if (!subj || !expect(P, T_RPAREN)) break;
    skip_nl(P);
    if (!expect(P, T_LBRACE)) break;
    skip_terms(P);
    awk_node *head = NULL, **tail = &head;
    bool have_default = false;
    P->switch_depth++;
    while (!P->err && (tok(P) == T_CASE || tok(P) == T_DEFAULT)) {
      awk_node *c = node(P, S_CASE);
      if (!c) break;
      if (tok(P) == T_DEFAULT) {
        if (have_default) {
          plain_error(P, "%s", "duplicate `default' detected in switch body");
          break;
        }
        have_default = true;
        next(P);
      } else {
        next(P);
        int u = tok(P);
        if (u == T_SLASH || u == T_DIV_ASSIGN || u == T_NUMBER ||
            u == T_STRING || u == T_MINUS || u == T_PLUS) {
          c->a = unary(P);
        } else {
          syntax_error(P);
        }
        if (!c->a) break;
      }
      if (!expect(P, T_COLON)) break;
      skip_terms(P);
      awk_node *sh = NULL, **st = &sh;
      while (!P->err && tok(P) != T_CASE && tok(P) != T_DEFAULT &&
             tok(P) != T_RBRACE && tok(P) != T_EOF) {
        awk_node *x = statement(P);
        if (!x) break;
        *st = x;
        while (x->next) x = x->next;
        st = &x->next;
        skip_terms(P);
      }
      c->b = sh;
      *tail = c;
      tail = &c->next;
    }
    P->switch_depth--;
    if (P->err || !expect(P, T_RBRACE)) break;
    n = node2(P, S_SWITCH, 0, subj, head);
    break;
  }
  default:
    n = simple_statement(P);
    if (n && !end_simple(P)) n = NULL;
    break;
  }
  P->depth--;
  return P->err ? NULL : n;
}

/* ---- program ------------------------------------------------------------ */

static bool add_item(parser *P, awk_item it) {
  awk_prog *p = P->p;
  awk_item *ni = realloc(p->items, (p->nitems + 1) * sizeof(*ni));
  if (!ni) {
    P->err = true;
    return false;
  }
  p->items = ni;
  ni[p->nitems++] = it;
  return true;
}

static void function_def(parser *P) {
  next(P);
  int t = tok(P);
  if (t != T_NAME && t != T_FUNC_NAME) {
    syntax_error(P);
    return;
  }
  char name[256];
  snprintf(name, sizeof(name), "%s", P->lx.text.data);
  for (int i = 0; i < V_NSPECIAL; i++)
    if (!strcmp(name, special_names[i])) {
      plain_error(P, "function name `%s' previously defined", name);
      return;
    }
  int fi = func_index(P, name);
  if (P->err) return;
  if (P->p->funcs[fi].defined) {
    plain_error(P, "function name `%s' previously defined", name);
    return;
  }
  next(P);
  if (!expect(P, T_LPAREN)) return;
  awk_func *f = &P->p->funcs[fi];
  f->line = P->lx.tok_line;
  skip_nl(P);
  while (tok(P) == T_NAME) {
    char **np = realloc(f->params, (size_t)(f->nparams + 1) * sizeof(*np));
    if (!np) {
      P->err = true;
      return;
    }
    f->params = np;
    for (int i = 0; i < f->nparams; i++)
      if (!strcmp(f->params[i], P->lx.text.data)) {
        plain_error(P, "function `%s': duplicate parameter", name);
        return;
      }
    f->params[f->nparams] = strdup(P->lx.text.data);
    if (!f->params[f->nparams]) {
      P->err = true;
      return;
    }
    f->nparams++;
    next(P);
    skip_nl(P);
    if (!accept(P, T_COMMA)) break;
    skip_nl(P);
  }
  if (!expect(P, T_RPAREN)) return;
  skip_nl(P);
  if (!expect(P, T_LBRACE)) return;
  f->defined = true;
  P->fn = fi + 1;
  awk_node *body = block(P);
  P->fn = 0;
  f = &P->p->funcs[fi]; /* funcs may have moved */
  f->body = body;
}

int awk_parse(awk_rt *rt, awk_prog *p, const awk_src *srcs, size_t nsrc) {
  parser P = {.rt = rt, .p = p};
  P.lx.rt = rt;
  P.lx.srcs = srcs;
  P.lx.nsrc = nsrc;
  P.lx.line = 1;
  for (int i = 0; i < V_NSPECIAL; i++) global_slot(&P, special_names[i]);
  next(&P);
  skip_terms(&P);
  while (!P.err && tok(&P) != T_EOF) {
    int t = tok(&P);
    awk_item it = {0};
    if (t == T_FUNCTION) {
      function_def(&P);
    } else if (t == T_BEGIN || t == T_END || t == T_BEGINFILE ||
               t == T_ENDFILE) {
      next(&P);
      skip_nl(&P);
      if (tok(&P) != T_LBRACE) {
        plain_error(&P, "%s",
                    t == T_BEGIN ? "each rule must have a pattern or an "
                                   "action part"
                                 : "each rule must have a pattern or an "
                                   "action part");
        break;
      }
      next(&P);
      it.kind = t == T_BEGIN ? 1 : t == T_END ? 2 : t == T_BEGINFILE ? 3 : 4;
      it.action = block(&P);
      if (it.action) add_item(&P, it);
    } else {
      if (t != T_LBRACE) {
        it.pat = expr(&P);
        if (!it.pat) break;
        if (tok(&P) == T_COMMA) {
          next(&P);
          skip_nl(&P);
          it.pat2 = expr(&P);
          if (!it.pat2) break;
        }
      }
      if (tok(&P) == T_LBRACE) {
        next(&P);
        it.action = block(&P);
        if (!it.action) break;
      }
      add_item(&P, it);
    }
    if (P.err) break;
    int u = tok(&P);
    if (u != T_NEWLINE && u != T_SEMI && u != T_EOF && u != T_FUNCTION &&
        u != T_BEGIN && u != T_END && u != T_LBRACE) {
      /* items on one line need no separator after a '}' */
      if (!(P.lx.prev == T_RBRACE || true)) {
        syntax_error(&P);
        break;
      }
    }
    skip_terms(&P);
  }
  if (!P.err) {
    for (size_t i = 0; i < p->nfuncs; i++)
      if (!p->funcs[i].defined) {
        bi_errline(rt->b,
                   "awk: cmd. line:%d: fatal: function `%s' not "
                   "defined",
                   p->funcs[i].line, p->funcs[i].name);
        P.err = true;
        break;
      }
  }
  vsh_buf_dispose(&P.lx.text);
  return P.err ? -1 : 0;
}

void awk_prog_free(awk_prog *p) {
  for (awk_node *n = p->nodes, *nx; n; n = nx) {
    nx = n->alloc_next;
    awk_str_unref(n->str);
    free(n);
  }
  for (size_t i = 0; i < p->nregexes; i++) awk_regex_free(p->regexes[i]);
  free(p->regexes);
  for (size_t i = 0; i < p->nfuncs; i++) {
    free(p->funcs[i].name);
    for (int k = 0; k < p->funcs[i].nparams; k++) free(p->funcs[i].params[k]);
    free(p->funcs[i].params);
  }
  free(p->funcs);
  for (size_t i = 0; i < p->nglobals; i++) free(p->globals[i]);
  free(p->globals);
  free(p->items);
  memset(p, 0, sizeof(*p));
}
