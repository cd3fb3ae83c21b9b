/* bc_parse.c: bc's compiler.  A recursive descent over GNU bc's grammar
 * (the same precedences, the same places for warnings and errors) that
 * emits bc_code while it parses, counting the bytes GNU's code would
 * take so runtime messages carry GNU's addresses.  Each line (or
 * function definition) runs as soon as it is complete.  A syntax error
 * recovers as bison's error rules do in GNU's grammar: the error is
 * reported unless three tokens have not yet been shifted since the last
 * one, tokens are dropped until one can start a statement (or, at the
 * start of a line, a newline ends it), and code already emitted for a
 * line whose error went unreported still runs, as in GNU. */
#include "builtins/bc/bc_int.h"

#include <stdio.h>
#include <string.h>

enum { MAX_NEST = 1000, MAX_LABELS = 65535 };

typedef struct named {
  bool array;
  int32_t num;
} named;

/* ---- tokens --------------------------------------------------------- */

static bc_token *peek(bc_parser *p) {
  if (!p->have_tok) {
    bc_lex(p);
    p->have_tok = true;
  }
  return &p->tok;
}

static void drop(bc_parser *p) {
  free(p->tok.text);
  memset(&p->tok, 0, sizeof p->tok);
  p->have_tok = false;
}

/* A shift: the bc_token is used. */
static void consume(bc_parser *p) {
  drop(p);
  if (p->errstatus > 0) p->errstatus--;
  p->item_started = true;
}

static char *take_text(bc_parser *p) {
  char *t = p->tok.text;
  p->tok.text = NULL;
  return t;
}

static void syntax_error(bc_parser *p) {
  peek(p);
  if (p->errstatus == 0) {
    bc_yyerror(p, "syntax error");
  } else if (p->errstatus == 3) {
    if (p->tok.kind == BCT_EOF) p->stop = true;
    else drop(p);
  }
}

static bool expect(bc_parser *p, bc_tk kind) {
  if (peek(p)->kind == kind) {
    consume(p);
    return true;
  }
  syntax_error(p);
  return false;
}

/* ---- code generation ------------------------------------------------ */

enum {
  EX_ASSGN = 0,
  EX_REG = 1,
  EX_COMP = 2,
  EX_PAREN = 4,
  EX_VOID = 8,
  EX_EMPTY = 16
};

static uint32_t nb(int32_t n) { return n < 128 ? 1 : 2; }

static bool code_fit(bc_parser *p, void **v, size_t *cap, size_t n,
                     size_t size) {
  if (n < *cap) return true;
  size_t nc = *cap ? *cap * 2 : 16;
  if (p->st->env.bytes + (nc - *cap) * size > p->st->env.max_bytes) {
    bc_fatal(p, "Fatal error: Out of memory for malloc.");
    return false;
  }
  void *t = realloc(*v, nc * size);
  if (!t) {
    bc_fatal(p, "Fatal error: Out of memory for malloc.");
    return false;
  }
  p->st->env.bytes += (nc - *cap) * size;
  *v = t;
  *cap = nc;
  return true;
}

/* Appends an instruction worth `bytes` bytes of GNU code; its error
 * address is the counter after them, less `back`. */
static void emit_b(bc_parser *p, bc_op op, int32_t a, int32_t b, uint32_t bytes,
                   uint32_t back) {
  bc_code *c = p->code;
  p->did_gen = true;
  if (p->stop || !code_fit(p, (void **)&c->ins, &c->cap, c->n, sizeof *c->ins))
    return;
  c->gpc += bytes;
  c->ins[c->n++] = (bc_instr){(uint8_t)op, a, b, c->gpc - back};
}

static void emit(bc_parser *p, bc_op op, int32_t a, uint32_t bytes) {
  emit_b(p, op, a, 0, bytes, 0);
}

static int32_t new_label(bc_parser *p) {
  bc_code *c = p->code;
  if (c->nlabels >= MAX_LABELS) {
    bc_fatal(p, "Program too big.");
    return 0;
  }
  if (!code_fit(p, (void **)&c->labels, &c->labcap, c->nlabels + 1,
                sizeof(int32_t)))
    return 0;
  if (!c->nlabels) c->labels[c->nlabels++] = -1; /* 0 means "no label" */
  c->labels[c->nlabels] = -1;
  return (int32_t)c->nlabels++;
}

static void def_label(bc_parser *p, int32_t l) {
  if (!p->stop && (size_t)l < p->code->nlabels)
    p->code->labels[l] = (int32_t)p->code->n;
}

static void emit_jump(bc_parser *p, bc_op op, int32_t label) {
  emit(p, op, label, 3);
}

static void emit_const(bc_parser *p, char *text, size_t len) {
  bc_code *c = p->code;
  if (!code_fit(p, (void **)&c->k, &c->kcap, c->nk, sizeof *c->k)) {
    free(text);
    return;
  }
  c->k[c->nk] = (bc_const){text, len, 0, {0}};
  emit(p, BC_CONST, (int32_t)c->nk++, (uint32_t)len + 2);
}

static void emit_str(bc_parser *p, bc_op op, char *text, size_t len) {
  bc_code *c = p->code;
  size_t cap = c->scap;
  if (!code_fit(p, (void **)&c->s, &c->scap, c->ns, sizeof *c->s)) {
    free(text);
    return;
  }
  if (c->scap != cap) {
    size_t *t = realloc(c->slen, c->scap * sizeof *t);
    if (!t) {
      free(text);
      bc_fatal(p, "Fatal error: Out of memory for malloc.");
      return;
    }
    c->slen = t;
  }
  c->s[c->ns] = text;
  c->slen[c->ns] = len;
  emit(p, op, (int32_t)c->ns++, (uint32_t)len + 2);
}

/* Resolves jumps.  Code kept after a syntax error that bison did not
 * report may jump to a label never placed (GNU then jumps to garbage or
 * crashes): such a jump goes to `end`. */
static void code_finish(bc_code *c, size_t end) {
  for (size_t i = 0; i < c->n; i++) {
    bc_instr *in = &c->ins[i];
    if (in->op == BC_JMP || in->op == BC_BNZ || in->op == BC_BZ) {
      if (in->a <= 0 || (size_t)in->a >= c->nlabels || c->labels[in->a] < 0)
        in->a = (int32_t)end;
      else in->a = c->labels[in->a];
    }
  }
}

static bc_code *code_new(bc_parser *p) {
  bc_code *c = calloc(1, sizeof *c);
  if (!c) bc_fatal(p, "Fatal error: Out of memory for malloc.");
  return c;
}

/* GNU's lookup(): numbers a name, warning about long ones. */
static int32_t lookup(bc_parser *p, const char *name, int kind) {
  if (strlen(name) != 1) bc_ct_warn(p, "multiple letter name - %s", name);
  int32_t n = kind == 0   ? bc_var_num(p->st, name)
              : kind == 1 ? bc_arr_num(p->st, name)
                          : bc_func_num(p->st, name, kind == 3);
  if (n == -2) {
    bc_yyerror(p, kind == 0   ? "Too many variables"
                  : kind == 1 ? "Too many array variables"
                              : "Too many functions");
    p->st->status = 1;
    p->stop = true;
    return 0;
  }
  if (n < 0) {
    bc_fatal(p, "Fatal error: Out of memory for malloc.");
    return 0;
  }
  return n;
}

/* ---- expressions ---------------------------------------------------- */

static bool parse_expr(bc_parser *p, int min, int *flags);

static bool nest(bc_parser *p) {
  if (++p->depth > MAX_NEST || bi_stack_low(p->st->b)) {
    bc_yyerror(p, "memory exhausted");
    p->stop = true;
    return false;
  }
  return true;
}

static bool starts_expr(bc_tk k) {
  switch (k) {
  case BCT_NAME:
  case BCT_NUMBER:
  case BCT_LPAREN:
  case BCT_MINUS:
  case BCT_NOT:
  case BCT_INCDEC:
  case BCT_LENGTH:
  case BCT_SQRT:
  case BCT_SCALE:
  case BCT_READ:
  case BCT_RANDOM:
  case BCT_IBASE:
  case BCT_OBASE:
  case BCT_LAST:
  case BCT_HISTORY: return true;
  default: return false;
  }
}

static bool starts_stmt(bc_tk k) {
  switch (k) {
  case BCT_WARRANTY:
  case BCT_LIMITS:
  case BCT_STRING:
  case BCT_BREAK:
  case BCT_CONTINUE:
  case BCT_QUIT:
  case BCT_HALT:
  case BCT_RETURN:
  case BCT_FOR:
  case BCT_IF:
  case BCT_WHILE:
  case BCT_LBRACE:
  case BCT_PRINT: return true;
  default: return starts_expr(k);
  }
}

static void emit_load(bc_parser *p, named n) {
  emit(p, n.array ? BC_LOADA : BC_LOADV, n.num, 1 + nb(n.num));
}

/* After a named expression: an assignment, ++/-- or a plain load. */
static bool named_rest(bc_parser *p, named n, int *flags) {
  bc_token *t = peek(p);
  if (t->kind == BCT_ASSIGN) {
    char op = t->c;
    if (op != '=') {
      if (n.array) emit(p, BC_DUP, 0, 1);
      emit_load(p, n);
    }
    consume(p);
    int f2;
    if (!parse_expr(p, 6, &f2)) return false;
    if (f2 & EX_VOID) bc_yyerror(p, "Assignment of a void expression");
    if (op != '=') {
      static const char ops[] = "+-*/%^";
      static const bc_op codes[] = {BC_ADD, BC_SUB, BC_MUL,
                                    BC_DIV, BC_MOD, BC_POW};
      emit(p, codes[strchr(ops, op) - ops], 0, 1);
    }
    emit(p, n.array ? BC_STOREA : BC_STOREV, n.num, 1 + nb(n.num));
    *flags = EX_ASSGN;
    return true;
  }
  if (t->kind == BCT_INCDEC) {
    bool inc = t->c == '+';
    consume(p);
    if (n.array) {
      emit(p, BC_DUP, 0, 1);
      emit(p, BC_LOADA, n.num, 1 + nb(n.num));
      emit(p, BC_SWAP, 0, 1);
      emit(p, inc ? BC_INCA : BC_DECA, n.num, 1 + nb(n.num));
    } else {
      emit(p, BC_LOADV, n.num, 1 + nb(n.num));
      emit(p, inc ? BC_INCV : BC_DECV, n.num, 1 + nb(n.num));
    }
    *flags = EX_REG;
    return true;
  }
  emit_load(p, n);
  *flags = EX_REG;
  return true;
}

/* NAME '[' expression ']' after the NAME and '[' were read. */
static bool array_elem(bc_parser *p, const char *name, named *n) {
  int fi;
  if (!parse_expr(p, 1, &fi)) return false;
  if (!expect(p, BCT_RBRACK)) return false;
  if (fi & EX_VOID) bc_yyerror(p, "void expression as subscript");
  if (fi & EX_COMP) bc_ct_warn(p, "comparison in subscript");
  *n = (named){true, lookup(p, name, 1)};
  return !p->stop;
}

static bool call_args(bc_parser *p, char *name, int *flags);

/* An expression that starts with NAME (already consumed). */
static bool name_primary(bc_parser *p, char *name, int *flags) {
  bc_token *t = peek(p);
  named n;
  bool ok;
  if (t->kind == BCT_LPAREN) {
    consume(p);
    return call_args(p, name, flags);
  }
  if (t->kind == BCT_LBRACK) {
    consume(p);
    ok = array_elem(p, name, &n);
  } else {
    n = (named){false, lookup(p, name, 0)};
    ok = !p->stop;
  }
  free(name);
  return ok && named_rest(p, n, flags);
}

static bool binary_rest(bc_parser *p, int min, int f, int *flags);

static bool call_args(bc_parser *p, char *name, int *flags) {
  vsh_buf kinds = {0};
  bool ok = true;
  if (peek(p)->kind != BCT_RPAREN) {
    for (;;) {
      int f = EX_REG;
      bool arr = false;
      if (peek(p)->kind == BCT_NAME) {
        char *an = take_text(p);
        consume(p);
        if (peek(p)->kind == BCT_LBRACK) {
          consume(p);
          if (peek(p)->kind == BCT_RBRACK) {
            consume(p);
            int32_t a = lookup(p, an, 1);
            char digits[16];
            int nd = snprintf(digits, sizeof digits, "%d", a);
            emit(p, BC_AREF, a, (uint32_t)nd + 2);
            arr = true;
            free(an);
          } else {
            named n;
            int f1;
            ok = array_elem(p, an, &n);
            free(an);
            ok = ok && named_rest(p, n, &f1) && binary_rest(p, 1, f1, &f);
          }
        } else {
          int f1;
          ok = name_primary(p, an, &f1) && binary_rest(p, 1, f1, &f);
        }
      } else {
        ok = parse_expr(p, 1, &f);
      }
      if (!ok) break;
      if (!arr) {
        if (f & EX_COMP) bc_ct_warn(p, "comparison in argument");
        if (f & EX_VOID) bc_yyerror(p, "void argument");
      }
      vsh__buf_putc(&kinds, arr ? '1' : '0');
      if (peek(p)->kind != BCT_COMMA) break;
      consume(p);
    }
  }
  ok = ok && expect(p, BCT_RPAREN);
  int32_t fn = ok ? lookup(p, name, 2) : 0;
  free(name);
  if (!ok || p->stop) {
    vsh_buf_dispose(&kinds);
    return false;
  }
  bc_code *c = p->code;
  size_t need = c->nargk + kinds.len + 1;
  while (c->argkcap < need + 1)
    if (!code_fit(p, (void **)&c->argk, &c->argkcap, c->argkcap,
                  sizeof(char))) {
      vsh_buf_dispose(&kinds);
      return false;
    }
  size_t at = c->nargk;
  if (kinds.len) memcpy(c->argk + at, kinds.data, kinds.len);
  c->argk[at + kinds.len] = ':';
  c->nargk = need;
  uint32_t fb = 1 + nb(fn);
  emit_b(p, BC_CALL, fn, (int32_t)at, fb + (uint32_t)kinds.len + 1,
         (uint32_t)kinds.len + 1);
  vsh_buf_dispose(&kinds);
  *flags = p->st->funcs[fn].is_void ? EX_VOID : EX_REG;
  return true;
}

/* A named expression for ++/-- prefixes. */
static bool named_expr(bc_parser *p, named *n) {
  bc_token *t = peek(p);
  switch (t->kind) {
  case BCT_NAME: {
    char *name = take_text(p);
    consume(p);
    if (peek(p)->kind == BCT_LBRACK) {
      consume(p);
      bool ok = array_elem(p, name, n);
      free(name);
      return ok;
    }
    *n = (named){false, lookup(p, name, 0)};
    free(name);
    return !p->stop;
  }
  case BCT_IBASE: *n = (named){false, 0}; break;
  case BCT_OBASE: *n = (named){false, 1}; break;
  case BCT_SCALE: *n = (named){false, 2}; break;
  case BCT_HISTORY:
    *n = (named){false, 3};
    bc_ct_warn(p, "History variable");
    break;
  case BCT_LAST:
    *n = (named){false, 4};
    bc_ct_warn(p, "Last variable");
    break;
  default: syntax_error(p); return false;
  }
  consume(p);
  return true;
}

static bool builtin_call(bc_parser *p, bc_op op, const char *what, int *flags) {
  consume(p);
  int f;
  if (!expect(p, BCT_LPAREN) || !parse_expr(p, 1, &f) || !expect(p, BCT_RPAREN))
    return false;
  if (f & EX_VOID) bc_yyerror(p, "void expression in %s()", what);
  emit(p, op, 0, 2);
  *flags = EX_REG;
  return true;
}

static bool parse_unary(bc_parser *p, int *flags) {
  if (!nest(p)) return false;
  bool ok = true;
  int f;
  bc_token *t = peek(p);
  switch (t->kind) {
  case BCT_MINUS:
    consume(p);
    ok = parse_unary(p, &f);
    if (ok) {
      if (f & EX_VOID) bc_yyerror(p, "void expression with unary -");
      emit(p, BC_NEG, 0, 1);
      *flags = f & ~EX_PAREN;
    }
    break;
  case BCT_NOT:
    consume(p);
    ok = parse_expr(p, 4, &f);
    if (ok) {
      if (f & EX_VOID) bc_yyerror(p, "void expression with !");
      *flags = f & ~EX_PAREN;
      bc_ct_warn(p, "! operator");
      emit(p, BC_NOT, 0, 1);
    }
    break;
  case BCT_INCDEC: {
    bool inc = t->c == '+';
    named n;
    consume(p);
    ok = named_expr(p, &n);
    if (!ok) break;
    if (n.array) {
      emit(p, BC_DUP, 0, 1);
      emit(p, inc ? BC_INCA : BC_DECA, n.num, 1 + nb(n.num));
      emit(p, BC_LOADA, n.num, 1 + nb(n.num));
    } else {
      emit(p, inc ? BC_INCV : BC_DECV, n.num, 1 + nb(n.num));
      emit(p, BC_LOADV, n.num, 1 + nb(n.num));
    }
    *flags = EX_REG;
    break;
  }
  case BCT_NUMBER: {
    size_t len = t->len;
    char *text = take_text(p);
    consume(p);
    if (len == 1 && (text[0] == '0' || text[0] == '1')) {
      emit(p, text[0] == '0' ? BC_PUSH0 : BC_PUSH1, 0, 1);
      free(text);
    } else {
      emit_const(p, text, len);
    }
    *flags = EX_REG;
    break;
  }
  case BCT_LPAREN:
    consume(p);
    ok = parse_expr(p, 1, &f) && expect(p, BCT_RPAREN);
    if (ok) {
      if (f & EX_VOID) bc_yyerror(p, "void expression in parenthesis");
      *flags = f | EX_REG | EX_PAREN;
    }
    break;
  case BCT_NAME: {
    char *name = take_text(p);
    consume(p);
    ok = name_primary(p, name, flags);
    break;
  }
  case BCT_LENGTH: ok = builtin_call(p, BC_LENGTH, "length", flags); break;
  case BCT_SQRT: ok = builtin_call(p, BC_SQRT, "sqrt", flags); break;
  case BCT_READ:
  case BCT_RANDOM: {
    bool rd = t->kind == BCT_READ;
    consume(p);
    ok = expect(p, BCT_LPAREN) && expect(p, BCT_RPAREN);
    if (ok) {
      bc_ct_warn(p, rd ? "read function" : "random function");
      emit(p, rd ? BC_READ : BC_RANDOM, 0, 2);
      *flags = EX_REG;
    }
    break;
  }
  case BCT_SCALE:
    consume(p);
    if (peek(p)->kind == BCT_LPAREN) {
      consume(p);
      ok = parse_expr(p, 1, &f) && expect(p, BCT_RPAREN);
      if (ok) {
        if (f & EX_VOID) bc_yyerror(p, "void expression in scale()");
        emit(p, BC_SCALEF, 0, 2);
        *flags = EX_REG;
      }
    } else {
      ok = named_rest(p, (named){false, 2}, flags);
    }
    break;
  case BCT_IBASE:
  case BCT_OBASE:
  case BCT_HISTORY:
  case BCT_LAST: {
    named n;
    ok = named_expr(p, &n) && named_rest(p, n, flags);
    break;
  }
  default: syntax_error(p); ok = false;
  }
  p->depth--;
  return ok;
}

static int binprec(const bc_token *t) {
  switch (t->kind) {
  case BCT_OR: return 1;
  case BCT_AND: return 2;
  case BCT_REL: return 4;
  case BCT_PLUS:
  case BCT_MINUS: return 6;
  case BCT_STAR:
  case BCT_SLASH:
  case BCT_PERCENT: return 7;
  case BCT_CARET: return 8;
  default: return 0;
  }
}

static bool binary_rest(bc_parser *p, int min, int f, int *flags) {
  for (;;) {
    bc_token *t = peek(p);
    int prec = binprec(t);
    if (!prec || prec < min) break;
    bc_tk kind = t->kind;
    char c = t->c;
    int f2;
    if (kind == BCT_OR) {
      consume(p);
      bc_ct_warn(p, "|| operator");
      int32_t l1 = new_label(p);
      emit_jump(p, BC_BNZ, l1);
      if (!parse_expr(p, 2, &f2)) return false;
      if ((f | f2) & EX_VOID) bc_yyerror(p, "void expression with ||");
      int32_t l2 = new_label(p);
      emit_jump(p, BC_BNZ, l1);
      emit(p, BC_PUSH0, 0, 1);
      emit_jump(p, BC_JMP, l2);
      def_label(p, l1);
      emit(p, BC_PUSH1, 0, 1);
      def_label(p, l2);
      f = (f | f2) & ~EX_PAREN;
    } else if (kind == BCT_AND) {
      consume(p);
      bc_ct_warn(p, "&& operator");
      int32_t l = new_label(p);
      emit(p, BC_DUP, 0, 1);
      emit_jump(p, BC_BZ, l);
      emit(p, BC_POP, 0, 1);
      if (!parse_expr(p, 3, &f2)) return false;
      if ((f | f2) & EX_VOID) bc_yyerror(p, "void expression with &&");
      emit(p, BC_DUP, 0, 1);
      emit_jump(p, BC_BZ, l);
      emit(p, BC_POP, 0, 1);
      emit(p, BC_PUSH1, 0, 1);
      def_label(p, l);
      f = (f | f2) & ~EX_PAREN;
    } else if (kind == BCT_REL) {
      consume(p);
      if (!parse_expr(p, 5, &f2)) return false;
      if ((f | f2) & EX_VOID) bc_yyerror(p, "void expression with comparison");
      static const char rels[] = "=!<{>}";
      static const bc_op codes[] = {BC_EQ, BC_NE, BC_LT, BC_LE, BC_GT, BC_GE};
      emit(p, codes[strchr(rels, c) - rels], 0, 1);
      f = EX_REG | EX_COMP;
    } else {
      static const char ops[] = "+-*/%^";
      char op = kind == BCT_PLUS      ? '+'
                : kind == BCT_MINUS   ? '-'
                : kind == BCT_STAR    ? '*'
                : kind == BCT_SLASH   ? '/'
                : kind == BCT_PERCENT ? '%'
                                      : '^';
      consume(p);
      if (!parse_expr(p, prec == 8 ? 8 : prec + 1, &f2)) return false;
      if ((f | f2) & EX_VOID) bc_yyerror(p, "void expression with %c", op);
      static const bc_op codes[] = {BC_ADD, BC_SUB, BC_MUL,
                                    BC_DIV, BC_MOD, BC_POW};
      emit(p, codes[strchr(ops, op) - ops], 0, 1);
      f = (f | f2) & ~EX_PAREN;
    }
  }
  *flags = f;
  return true;
}

static bool parse_expr(bc_parser *p, int min, int *flags) {
  int f;
  if (!nest(p)) return false;
  bool ok = parse_unary(p, &f) && binary_rest(p, min, f, flags);
  p->depth--;
  return ok;
}

/* ---- statements ----------------------------------------------------- */

static bool parse_statement(bc_parser *p);
static bool stmt_list(bc_parser *p);

static void opt_newline(bc_parser *p) {
  if (peek(p)->kind == BCT_NL) {
    bc_ct_warn(p, "newline not allowed");
    consume(p);
  }
}

static void print_limits(bc_state *st) {
  static const char text[] = "BC_BASE_MAX     = 2147483647\n"
                             "BC_DIM_MAX      = 16777215\n"
                             "BC_SCALE_MAX    = 2147483647\n"
                             "BC_STRING_MAX   = 2147483647\n"
                             "MAX Exponent    = 9223372036854775807\n"
                             "Number of vars  = 32767\n";
  bc_out_raw(st, text, sizeof text - 1);
}

static void print_warranty(bc_state *st) {
  static const char text[] =
      "bc 1.07.1 (vsh)\n"
      "\n"
      "    This bc is part of vsh and comes with ABSOLUTELY NO WARRANTY,\n"
      "    to the extent permitted by law.\n"
      "\n";
  bc_out_raw(st, text, sizeof text - 1);
}

/* opt_expression of a for statement: EX_EMPTY when absent. */
static bool for_expr(bc_parser *p, bc_tk end, int *f) {
  if (peek(p)->kind == end) {
    *f = EX_EMPTY;
    bc_ct_warn(p, "Missing expression in for statement");
    return true;
  }
  return parse_expr(p, 1, f);
}

static bool parse_for(bc_parser *p) {
  consume(p);
  int32_t saved_break = p->break_label, saved_cont = p->continue_label;
  p->break_label = new_label(p);
  int f1, f2, f3;
  bool ok = expect(p, BCT_LPAREN) && for_expr(p, BCT_SEMI, &f1) &&
            expect(p, BCT_SEMI);
  int32_t cond = 0, body = 0;
  if (ok) {
    if (f1 & EX_COMP) bc_ct_warn(p, "Comparison in first for expression");
    if (f1 & EX_VOID) bc_yyerror(p, "first expression is void");
    if (!(f1 & EX_EMPTY)) emit(p, BC_POP, 0, 1);
    cond = new_label(p);
    def_label(p, cond);
    ok = for_expr(p, BCT_SEMI, &f2) && expect(p, BCT_SEMI);
  }
  if (ok) {
    if (f2 & EX_VOID) bc_yyerror(p, "second expression is void");
    if (f2 & EX_EMPTY) emit(p, BC_PUSH1, 0, 1);
    body = new_label(p);
    emit_jump(p, BC_BNZ, body);
    emit_jump(p, BC_JMP, p->break_label);
    p->continue_label = new_label(p);
    def_label(p, p->continue_label);
    ok = for_expr(p, BCT_RPAREN, &f3) && expect(p, BCT_RPAREN);
  }
  if (ok) {
    if (f3 & EX_COMP) bc_ct_warn(p, "Comparison in third for expression");
    if (f3 & EX_VOID) bc_yyerror(p, "third expression is void");
    if (!(f3 & EX_EMPTY)) emit(p, BC_POP, 0, 1);
    emit_jump(p, BC_JMP, cond);
    def_label(p, body);
    opt_newline(p);
    ok = parse_statement(p);
  }
  if (!ok) return false; /* GNU leaves the labels set on an error */
  emit_jump(p, BC_JMP, p->continue_label);
  def_label(p, p->break_label);
  p->break_label = saved_break;
  p->continue_label = saved_cont;
  return true;
}

static bool parse_if(bc_parser *p) {
  consume(p);
  int f;
  if (!expect(p, BCT_LPAREN) || !parse_expr(p, 1, &f) || !expect(p, BCT_RPAREN))
    return false;
  if (f & EX_VOID) bc_yyerror(p, "void expression");
  int32_t l = new_label(p);
  emit_jump(p, BC_BZ, l);
  opt_newline(p);
  if (!parse_statement(p)) return false;
  if (peek(p)->kind == BCT_ELSE) {
    consume(p);
    bc_ct_warn(p, "else clause in if statement");
    int32_t l2 = new_label(p);
    emit_jump(p, BC_JMP, l2);
    def_label(p, l);
    l = l2;
    opt_newline(p);
    if (!parse_statement(p)) return false;
  }
  def_label(p, l);
  return true;
}

static bool parse_while(bc_parser *p) {
  consume(p);
  int32_t saved_break = p->break_label, saved_cont = p->continue_label;
  p->continue_label = new_label(p);
  def_label(p, p->continue_label);
  int f;
  bool ok = expect(p, BCT_LPAREN) && parse_expr(p, 1, &f);
  if (ok) {
    if (f & EX_VOID) bc_yyerror(p, "void expression");
    p->break_label = new_label(p);
    emit_jump(p, BC_BZ, p->break_label);
    ok = expect(p, BCT_RPAREN);
  }
  if (ok) {
    opt_newline(p);
    ok = parse_statement(p);
  }
  if (!ok) return false;
  emit_jump(p, BC_JMP, p->continue_label);
  def_label(p, p->break_label);
  p->break_label = saved_break;
  p->continue_label = saved_cont;
  return true;
}

static bool parse_print(bc_parser *p) {
  consume(p);
  bc_ct_warn(p, "print statement");
  for (;;) {
    bc_token *t = peek(p);
    if (t->kind == BCT_STRING) {
      size_t len = t->len;
      char *s = take_text(p);
      consume(p);
      emit_str(p, BC_ESTR, s, len);
    } else {
      int f;
      if (!parse_expr(p, 1, &f)) return false;
      if (f & EX_VOID) bc_yyerror(p, "void expression in print");
      emit(p, BC_PRINT, 0, 1);
    }
    if (peek(p)->kind != BCT_COMMA) return true;
    consume(p);
  }
}

static bool parse_return(bc_parser *p) {
  consume(p);
  if (!starts_expr(peek(p)->kind)) {
    emit(p, BC_PUSH0, 0, 1);
    if (p->cur_func == -1) bc_yyerror(p, "Return outside of a function.");
  } else {
    int f;
    if (!parse_expr(p, 1, &f)) return false;
    if (f & EX_COMP) bc_ct_warn(p, "comparison in return expresion");
    if (!(f & EX_PAREN))
      bc_ct_warn(p, "return expression requires parenthesis");
    if (f & EX_VOID) bc_yyerror(p, "return requires non-void expression");
    if (p->cur_func == -1) bc_yyerror(p, "Return outside of a function.");
    else if (p->st->funcs[p->cur_func].is_void)
      bc_yyerror(p, "Return expression in a void function.");
  }
  emit(p, BC_RET, 0, 1);
  return true;
}

static bool parse_statement(bc_parser *p) {
  if (!nest(p)) return false;
  bool ok = true;
  bc_token *t = peek(p);
  switch (t->kind) {
  case BCT_WARRANTY:
    consume(p);
    print_warranty(p->st);
    break;
  case BCT_LIMITS:
    consume(p);
    print_limits(p->st);
    break;
  case BCT_STRING: {
    size_t len = t->len;
    char *s = take_text(p);
    consume(p);
    emit_str(p, BC_STR, s, len);
    break;
  }
  case BCT_BREAK:
    if (!p->break_label) bc_yyerror(p, "Break outside a for/while");
    else emit_jump(p, BC_JMP, p->break_label);
    consume(p);
    break;
  case BCT_CONTINUE:
    bc_ct_warn(p, "Continue statement");
    if (!p->continue_label) bc_yyerror(p, "Continue outside a for");
    else emit_jump(p, BC_JMP, p->continue_label);
    consume(p);
    break;
  case BCT_QUIT:
    /* quit ends bc as soon as it is read, whatever surrounds it */
    p->stop = true;
    p->st->halted = true;
    ok = false;
    break;
  case BCT_HALT:
    emit(p, BC_HALT, 0, 1);
    consume(p);
    break;
  case BCT_RETURN: ok = parse_return(p); break;
  case BCT_FOR: ok = parse_for(p); break;
  case BCT_IF: ok = parse_if(p); break;
  case BCT_WHILE: ok = parse_while(p); break;
  case BCT_LBRACE:
    consume(p);
    ok = stmt_list(p) && expect(p, BCT_RBRACE);
    break;
  case BCT_PRINT: ok = parse_print(p); break;
  default: {
    if (!starts_expr(t->kind)) {
      syntax_error(p);
      ok = false;
      break;
    }
    int f;
    ok = parse_expr(p, 1, &f);
    if (!ok) break;
    if (f & EX_COMP) bc_ct_warn(p, "comparison in expression");
    emit(p, (f & EX_REG) ? BC_PRINTLN : BC_POP, 0, 1);
  }
  }
  p->depth--;
  return ok;
}

/* A statement list up to (not including) '}'.  A syntax error recovers
 * here as bison does: tokens are dropped until one can start a
 * statement, and the list goes on from it. */
static bool stmt_list(bc_parser *p) {
  bool need_sep = false;
  for (;;) {
    if (p->stop) return false;
    bc_token *t = peek(p);
    if (t->kind == BCT_RBRACE) return true;
    if (t->kind == BCT_NL || t->kind == BCT_SEMI) {
      consume(p);
      need_sep = false;
      continue;
    }
    if (!need_sep && starts_stmt(t->kind)) {
      if (parse_statement(p)) {
        need_sep = true;
        continue;
      }
    } else {
      syntax_error(p);
    }
    for (;;) {
      if (p->stop) return false;
      p->errstatus = 3;
      for (;;) {
        t = peek(p);
        if (p->stop) return false;
        if (t->kind == BCT_EOF) {
          p->stop = true;
          return false;
        }
        if (starts_stmt(t->kind)) break;
        drop(p);
      }
      if (parse_statement(p)) break;
    }
    need_sep = true;
  }
}

/* ---- functions and the program -------------------------------------- */

typedef struct plist {
  int32_t *v;
  bool *ref;
  uint32_t n, cap;
} plist;

static bool plist_add(bc_parser *p, plist *l, int32_t v, bool ref) {
  if (l->n == l->cap) {
    uint32_t nc = l->cap ? l->cap * 2 : 8;
    int32_t *t = realloc(l->v, nc * sizeof *t);
    bool *r = t ? realloc(l->ref, nc * sizeof *r) : NULL;
    if (t) l->v = t;
    if (!t || !r) {
      bc_fatal(p, "Fatal error: Out of memory for malloc.");
      return false;
    }
    l->ref = r;
    l->cap = nc;
  }
  l->v[l->n] = v;
  l->ref[l->n++] = ref;
  return true;
}

static bool define_list(bc_parser *p, plist *l) {
  for (;;) {
    bc_token *t = peek(p);
    if (t->kind == BCT_STAR || t->kind == BCT_AMP) {
      consume(p);
      if (peek(p)->kind != BCT_NAME) {
        syntax_error(p);
        return false;
      }
      char *name = take_text(p);
      consume(p);
      bool ok = expect(p, BCT_LBRACK) && expect(p, BCT_RBRACK);
      if (ok) {
        int32_t a = lookup(p, name, 1);
        ok = !p->stop && plist_add(p, l, -a, true);
        bc_ct_warn(p, "Call by variable arrays");
      }
      free(name);
      if (!ok) return false;
    } else if (t->kind == BCT_NAME) {
      char *name = take_text(p);
      consume(p);
      bool ok;
      if (peek(p)->kind == BCT_LBRACK) {
        consume(p);
        ok = expect(p, BCT_RBRACK);
        if (ok) ok = plist_add(p, l, -lookup(p, name, 1), false);
      } else {
        ok = plist_add(p, l, lookup(p, name, 0), false);
      }
      free(name);
      if (!ok || p->stop) return false;
    } else {
      syntax_error(p);
      return false;
    }
    if (peek(p)->kind != BCT_COMMA) return true;
    consume(p);
  }
}

/* GNU's check_params, in its (reversed) list order. */
static void check_params(bc_parser *p, const plist *par, const plist *aut) {
  for (uint32_t i = par->n; i-- > 0;) {
    for (uint32_t j = i; j-- > 0;)
      if (par->v[j] == par->v[i]) bc_yyerror(p, "duplicate parameter names");
    if (par->ref[i]) bc_ct_warn(p, "Variable array parameter");
  }
  for (uint32_t i = aut->n; i-- > 0;) {
    for (uint32_t j = i; j-- > 0;)
      if (aut->v[j] == aut->v[i])
        bc_yyerror(p, "duplicate auto variable names");
    if (aut->ref[i]) bc_yyerror(p, "* not allowed here");
  }
  for (uint32_t i = par->n; i-- > 0;)
    for (uint32_t j = aut->n; j-- > 0;)
      if (aut->v[j] == par->v[i])
        bc_yyerror(p, "variable in both parameter and auto lists");
}

static bool parse_function(bc_parser *p) {
  consume(p);
  bool is_void = false;
  if (peek(p)->kind == BCT_VOID) {
    consume(p);
    bc_ct_warn(p, "void functions");
    is_void = true;
  }
  if (peek(p)->kind != BCT_NAME) {
    syntax_error(p);
    return false;
  }
  char *name = take_text(p);
  consume(p);
  plist par = {0}, aut = {0};
  bool ok = expect(p, BCT_LPAREN);
  if (ok && peek(p)->kind != BCT_RPAREN) ok = define_list(p, &par);
  ok = ok && expect(p, BCT_RPAREN);
  if (ok) {
    opt_newline(p);
    ok = expect(p, BCT_LBRACE);
  }
  if (ok) {
    if (peek(p)->kind != BCT_NL) {
      bc_ct_warn(p, "End of line required");
    } else {
      consume(p);
      while (peek(p)->kind == BCT_NL) {
        bc_ct_warn(p, "Too many end of lines");
        consume(p);
      }
    }
    if (peek(p)->kind == BCT_AUTO) {
      consume(p);
      ok = define_list(p, &aut);
      if (ok) {
        bc_tk k = peek(p)->kind;
        if (k == BCT_NL || k == BCT_SEMI) consume(p);
        else {
          syntax_error(p);
          ok = false;
        }
      }
    }
  }
  int32_t fn = 0;
  bc_code *body = NULL, *main_code = p->code;
  bool loaded = false;
  if (ok) {
    check_params(p, &par, &aut);
    fn = lookup(p, name, p->in_lib ? 2 : 3);
    ok = !p->stop;
  }
  if (ok) {
    bc_func *f = &p->st->funcs[fn];
    if (!p->had_error) {
      /* GNU clears the function here: an error below leaves it undefined */
      bc_code_free(&p->st->env, f->code);
      free(f->params);
      free(f->byref);
      free(f->autos);
      f->code = NULL;
      f->params = NULL;
      f->byref = NULL;
      f->autos = NULL;
      f->nparams = f->nautos = 0;
      f->defined = false;
      loaded = true;
    }
    f->is_void = is_void;
    body = code_new(p);
    ok = body != NULL;
  }
  if (ok) {
    p->code = body;
    p->cur_func = fn;
    int32_t sb = p->break_label, sc = p->continue_label;
    p->break_label = p->continue_label = 0;
    ok = stmt_list(p) && expect(p, BCT_RBRACE);
    p->break_label = sb;
    p->continue_label = sc;
    if (ok) {
      emit(p, BC_PUSH0, 0, 1);
      emit(p, BC_RET, 0, 1);
    }
    p->cur_func = -1;
    p->code = main_code;
    if (ok && loaded && !p->had_error && body->n >= 2) {
      code_finish(body, body->n - 2);
      bc_func *f = &p->st->funcs[fn];
      f->code = body;
      body = NULL;
      f->params = par.v;
      f->byref = par.ref;
      f->nparams = par.n;
      f->autos = aut.v;
      f->nautos = aut.n;
      par.v = aut.v = NULL;
      par.ref = NULL;
      f->defined = true;
      f->lib = p->in_lib;
    }
  }
  bc_code_free(&p->st->env, body);
  free(par.v);
  free(par.ref);
  free(aut.v);
  free(aut.ref);
  free(name);
  return ok;
}

/* GNU's init_gen: a fresh main code for the next item. */
static void reset_item(bc_parser *p) {
  bc_code_free(&p->st->env, p->code);
  p->code = code_new(p);
  p->had_error = false;
  p->did_gen = false;
  p->break_label = p->continue_label = 0;
  p->item_started = false;
}

/* GNU's run_code: the item runs when it compiled without errors; an
 * item that generated nothing keeps its labels (GNU skips init_gen). */
static void run_item(bc_parser *p) {
  if (!p->had_error && p->did_gen && p->code) {
    code_finish(p->code, p->code->n);
    if (!bc_execute(p->st, p->code)) p->stop = true;
  }
  if (p->did_gen) {
    reset_item(p);
  } else {
    p->had_error = false;
    p->item_started = false;
  }
}

/* One line: statements separated by ';' up to a newline.  After a syntax
 * error, bison pops to the line's start (or to the last ';' when the
 * error is inside a statement that follows one) and resumes at the next
 * bc_token that can start a statement; from the line's start a newline ends
 * the line (yyerrok). */
static void parse_line(bc_parser *p, bool recovering) {
  bool after_semi = false, have_stmt = false, at_semi_state = false;
  if (recovering) goto recover;
  for (;;) {
    if (p->stop) return;
    bc_token *t = peek(p);
    if (t->kind == BCT_NL) {
      consume(p);
      run_item(p);
      return;
    }
    if (t->kind == BCT_SEMI) {
      consume(p);
      after_semi = true;
      have_stmt = false;
      continue;
    }
    if (!have_stmt && starts_stmt(t->kind)) {
      bool semi = after_semi;
      if (parse_statement(p)) {
        have_stmt = true;
        after_semi = false;
        continue;
      }
      if (p->stop) return;
      at_semi_state = semi;
      goto recover;
    }
    if (t->kind == BCT_EOF && !p->item_started) {
      p->stop = true;
      return;
    }
    /* states that can shift bison's error bc_token have no default
     * reduction: after a ';' the error is caught right there */
    syntax_error(p);
    if (p->stop) return;
    at_semi_state = after_semi;
  recover:
    for (;;) {
      p->errstatus = 3;
      for (;;) {
        t = peek(p);
        if (p->stop) return;
        if (t->kind == BCT_EOF) {
          p->stop = true;
          return;
        }
        if (!at_semi_state && t->kind == BCT_NL) {
          consume(p);
          p->errstatus = 0;
          reset_item(p);
          return;
        }
        if (starts_stmt(t->kind)) break;
        drop(p);
      }
      if (parse_statement(p)) break;
      if (p->stop) return;
    }
    have_stmt = true;
    after_semi = false;
  }
}

void bc_parse_program(bc_parser *p) {
  while (!p->stop) {
    bc_token *t = peek(p);
    if (p->stop || t->kind == BCT_EOF) break;
    if (t->kind == BCT_DEFINE) {
      if (parse_function(p)) {
        run_item(p);
        continue;
      }
      if (p->stop) break;
      parse_line(p, true);
      continue;
    }
    parse_line(p, false);
  }
}

/* The -l library, compiled first: its functions are numbered 1-6 as in
 * GNU and read their constants in base 10. */
void bc_compile_lib(bc_parser *p) {
  static const char *const names[] = {"e", "l", "s", "a", "c", "j"};
  for (int i = 0; i < 6; i++) bc_func_num(p->st, names[i], false);
  bc_input lib = {0};
  lib.b = p->st->b;
  lib.str = bc_libmath;
  lib.len = strlen(bc_libmath);
  bc_input *one[1] = {&lib};
  bc_input **saved = p->srcs;
  size_t ns = p->nsrcs;
  p->srcs = one;
  p->nsrcs = 1;
  p->cur = 0;
  p->in_lib = true;
  bc_parse_program(p);
  p->in_lib = false;
  drop(p);
  p->srcs = saved;
  p->nsrcs = ns;
  p->cur = 0;
  p->line = 1;
  p->stop = p->st->halted || p->st->failed;
  p->errstatus = 0;
}

bool bc_parser_start(bc_parser *p) {
  p->code = code_new(p);
  return p->code != NULL;
}

void bc_parser_finish(bc_parser *p) {
  drop(p);
  bc_code_free(&p->st->env, p->code);
  p->code = NULL;
}
