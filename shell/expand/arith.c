/* arith.c: bash 5.2 arithmetic.  A precedence-climbing parser evaluates
 * as it parses; a skip counter (noeval) turns off side effects, variable
 * reads and run-time errors in branches &&, || and ?: do not take.  As in
 * bash, the lexer reads a variable where it meets its name, so errors come
 * in bash's order.  Values wrap as uint64_t (no UB); errors are sticky in
 * the shared state: after one, every routine returns 0. */
#include "shell/expand/arith.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* clang-format off */
enum {
  T_EOF, T_NUM, T_ID, T_LPAR, T_RPAR, T_COMMA, T_QUES, T_COLON,
  T_ASSIGN, T_OPASSIGN,
  /* binary operators, in the order of binprec() */
  T_LOR, T_LAND, T_BOR, T_BXOR, T_BAND, T_EQ, T_NE, T_LT, T_GT, T_LE, T_GE,
  T_SHL, T_SHR, T_PLUS, T_MINUS, T_MUL, T_DIV, T_MOD,
  T_POW, T_NOT, T_BNOT, T_PREINC, T_PREDEC, T_POSTINC, T_POSTDEC
};
/* clang-format on */

/* State shared by the nested evaluations of one sh_arith_eval call. */
typedef struct shared {
  const sh_arith_env *env;
  vsh_buf *msg;
  unsigned depth, max_depth; /* evaluation contexts, as bash counts */
  unsigned nest, max_nest;   /* C recursion guard */
  unsigned ticks;            /* tokens since the last cancel check */
  int rc;                    /* first error, sticky */
} shared;

/* An assignable operand: set only when the whole operand was one
 * identifier, which is how bash decides what `=' may follow. */
typedef struct lval {
  bool valid, indexed; /* indexed: index below is already evaluated */
  const char *tok;     /* the identifier token, for messages */
  const char *id, *sub;
  size_t id_len, sub_len;
  bool has_sub;
  int64_t index;
} lval;

/* One expression text being parsed (the top level, a variable's value or
 * a subscript): bash reports errors against the innermost one. */
typedef struct ctx {
  shared *s;
  const char *start, *end, *p;
  const char *lasttp; /* start of the last real token: the error token */
  int tok, lasttok;
  int aop;              /* the operator of a T_OPASSIGN */
  int64_t num;          /* value of a T_NUM */
  const char *id, *sub; /* T_ID as lexed: name and raw subscript */
  size_t id_len, sub_len;
  bool has_sub;
  unsigned noeval;
  lval var; /* T_ID as read: the variable and its value */
  int64_t var_val;
} ctx;

static int64_t parse_comma(ctx *c);
static int64_t parse_assign(ctx *c);

/* ---- messages ------------------------------------------------------ */

static void warn(shared *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void warn(shared *s, const char *fmt, ...) {
  if (!s->msg) return;
  char line[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  vsh__buf_puts(s->msg, line);
  vsh__buf_putc(s->msg, '\n');
}

/* A fatal error whose text is not tied to a token. */
static void fail_plain(shared *s, int code, const char *text, size_t n,
                       const char *what) {
  if (s->rc) return;
  s->rc = code;
  if (s->msg) {
    vsh__buf_append(s->msg, text, n);
    vsh__buf_puts(s->msg, what);
  }
}

/* bash's "EXPR: WHAT (error token is "TOK")": EXPR without its leading
 * blanks, ending at end (a number's errors cut it at the number). */
static void fail_at(ctx *c, int code, const char *what, const char *tok,
                    const char *end) {
  shared *s = c->s;
  if (s->rc) return;
  s->rc = code;
  if (!s->msg) return;
  const char *e = c->start;
  while (e < end && (*e == ' ' || *e == '\t')) e++;
  if (!tok) tok = c->start;
  vsh__buf_append(s->msg, e, (size_t)(end - e));
  vsh__buf_puts(s->msg, ": ");
  vsh__buf_puts(s->msg, what);
  vsh__buf_puts(s->msg, " (error token is \"");
  vsh__buf_append(s->msg, tok, (size_t)(end - tok));
  vsh__buf_puts(s->msg, "\")");
}

static void fail(ctx *c, const char *what) {
  fail_at(c, VSH_EINVAL, what, c->lasttp, c->end);
}

static bool check_cancel(shared *s) {
  if (s->rc) return true;
  if (s->env->cancelled && s->env->cancelled(s->env->ud)) {
    fail_plain(s, VSH_EABORTED, "", 0, "arithmetic evaluation cancelled");
    return true;
  }
  return false;
}

/* ---- lexer --------------------------------------------------------- */

static bool is_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\n'; }
static bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }
static bool is_alpha(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_';
}
static bool is_alnum(char ch) { return is_alpha(ch) || is_digit(ch); }

/* Converts a number token [b, e): decimal, 0x hex, 0 octal, base#digits
 * with bases 2..64 (0-9 a-z A-Z @ _; below 37 letters ignore case). */
static void lex_number(ctx *c, const char *b, const char *e) {
  uint64_t val = 0, base = 10;
  bool base_fixed = false, need_digit = false;
  const char *q = b;
  if (*q == '0') {
    base_fixed = true;
    if (q + 1 < e && (q[1] == 'x' || q[1] == 'X')) {
      base = 16;
      q += 2;
    } else {
      base = 8;
      q++;
    }
  }
  for (; q < e; q++) {
    char ch = *q;
    if (ch == '#') {
      if (base_fixed) {
        fail_at(c, VSH_EINVAL, "invalid number", b, e);
        return;
      }
      if (val < 2 || val > 64) {
        fail_at(c, VSH_EINVAL, "invalid arithmetic base", b, e);
        return;
      }
      base = val;
      val = 0;
      base_fixed = need_digit = true;
      continue;
    }
    uint64_t d;
    if (is_digit(ch)) d = (uint64_t)(ch - '0');
    else if (ch >= 'a' && ch <= 'z') d = (uint64_t)(ch - 'a' + 10);
    else if (ch >= 'A' && ch <= 'Z')
      d = (uint64_t)(ch - 'A') + (base <= 36 ? 10 : 36);
    else if (ch == '@') d = 62;
    else d = 63; /* '_' */
    if (d >= base) {
      fail_at(c, VSH_EINVAL, "value too great for base", b, e);
      return;
    }
    val = val * base + d;
    need_digit = false;
  }
  if (need_digit) {
    fail_at(c, VSH_EINVAL, "invalid integer constant", b, e);
    return;
  }
  c->num = (int64_t)val;
}

static void lex_ident(ctx *c, const char *p) {
  const char *b = p;
  while (p < c->end && is_alnum(*p)) p++;
  c->id = b;
  c->id_len = (size_t)(p - b);
  c->has_sub = false;
  if (p < c->end && *p == '[') {
    int depth = 1;
    const char *q = p + 1;
    for (; q < c->end; q++) {
      if (*q == '[') depth++;
      else if (*q == ']' && --depth == 0) break;
    }
    if (q >= c->end) {
      fail_at(c, VSH_EINVAL, "bad array subscript", b, c->end);
      return;
    }
    c->has_sub = true;
    c->sub = p + 1;
    c->sub_len = (size_t)(q - p - 1);
    p = q + 1;
  }
  c->p = p;
  c->tok = T_ID;
}

/* "++"/"--" after an identifier is a postfix operator; before one
 * (blanks allowed) a prefix operator; otherwise two unary signs. */
static int lex_incdec(ctx *c, const char *p, char ch) {
  if (c->lasttok == T_ID) {
    c->p = p + 2;
    return ch == '+' ? T_POSTINC : T_POSTDEC;
  }
  const char *q = p + 2;
  while (q < c->end && is_blank(*q)) q++;
  if (q < c->end && is_alpha(*q)) {
    c->p = p + 2;
    return ch == '+' ? T_PREINC : T_PREDEC;
  }
  c->p = p + 1;
  return ch == '+' ? T_PLUS : T_MINUS;
}

static void lex(ctx *c) {
  shared *s = c->s;
  if (s->rc) return;
  if (++s->ticks >= 256) {
    s->ticks = 0;
    if (check_cancel(s)) return;
  }
  c->lasttok = c->tok;
  const char *p = c->p, *e = c->end;
  while (p < e && is_blank(*p)) p++;
  if (p == e) {
    /* bash keeps the error token on the last real token at the end */
    c->p = p;
    c->tok = T_EOF;
    return;
  }
  c->lasttp = p;
  char ch = *p, c1 = p + 1 < e ? p[1] : '\0';
  if (is_alpha(ch)) {
    lex_ident(c, p);
    return;
  }
  if (is_digit(ch)) {
    const char *q = p;
    while (q < e && (is_alnum(*q) || *q == '@' || *q == '#')) q++;
    c->p = q;
    c->tok = T_NUM;
    lex_number(c, p, q);
    return;
  }
  int t, len = 1;
  switch (ch) {
  case '(': t = T_LPAR; break;
  case ')': t = T_RPAR; break;
  case ',': t = T_COMMA; break;
  case '?': t = T_QUES; break;
  case ':': t = T_COLON; break;
  case '~': t = T_BNOT; break;
  case '=':
    if (c1 == '=') t = T_EQ, len = 2;
    else t = T_ASSIGN;
    break;
  case '!':
    if (c1 == '=') t = T_NE, len = 2;
    else t = T_NOT;
    break;
  case '<':
  case '>': {
    bool lt = ch == '<';
    if (c1 == ch) {
      if (p + 2 < e && p[2] == '=')
        c->aop = lt ? T_SHL : T_SHR, t = T_OPASSIGN, len = 3;
      else t = lt ? T_SHL : T_SHR, len = 2;
    } else if (c1 == '=') {
      t = lt ? T_LE : T_GE, len = 2;
    } else {
      t = lt ? T_LT : T_GT;
    }
    break;
  }
  case '&':
  case '|':
    if (c1 == ch) {
      t = ch == '&' ? T_LAND : T_LOR, len = 2;
      break;
    }
    /* fall through */
  case '^':
  case '%':
  case '/':
    t = ch == '&'   ? T_BAND
        : ch == '|' ? T_BOR
        : ch == '^' ? T_BXOR
        : ch == '%' ? T_MOD
                    : T_DIV;
    if (c1 == '=') c->aop = t, t = T_OPASSIGN, len = 2;
    break;
  case '*':
    if (c1 == '*') t = T_POW, len = 2;
    else if (c1 == '=') c->aop = T_MUL, t = T_OPASSIGN, len = 2;
    else t = T_MUL;
    break;
  case '+':
  case '-':
    if (c1 == ch) {
      c->tok = lex_incdec(c, p, ch);
      return;
    }
    t = ch == '+' ? T_PLUS : T_MINUS;
    if (c1 == '=') c->aop = t, t = T_OPASSIGN, len = 2;
    break;
  default:
    /* bash rejects a stray character at once: after an operand as a
     * bad operator, elsewhere as a missing operand */
    if (c->lasttok == T_NUM || c->lasttok == T_ID || c->lasttok == T_POSTINC ||
        c->lasttok == T_POSTDEC)
      fail(c, "syntax error: invalid arithmetic operator");
    else fail(c, "syntax error: operand expected");
    return;
  }
  c->p = p + len;
  c->tok = t;
}

/* ---- arithmetic ---------------------------------------------------- */

static int64_t wrap(uint64_t v) { return (int64_t)v; }

/* Shifts as x86-64 does them: the count is taken modulo 64. */
static int64_t shift(int64_t a, int64_t n, bool left) {
  unsigned k = (unsigned)((uint64_t)n & 63);
  if (left) return wrap((uint64_t)a << k);
  return a < 0 ? ~(int64_t)(~(uint64_t)a >> k) : (int64_t)((uint64_t)a >> k);
}

static int64_t ipow(int64_t b, int64_t e) {
  uint64_t r = 1, x = (uint64_t)b;
  for (uint64_t k = (uint64_t)e; k; k >>= 1) {
    if (k & 1) r *= x;
    x *= x;
  }
  return wrap(r);
}

/* Applies a binary operator; divtok is the error token for a zero
 * divisor (bash names the divisor's text for `/', the last token for
 * `/=').  Skipped branches compute nothing and raise nothing. */
static int64_t apply(ctx *c, int op, int64_t a, int64_t b, const char *divtok) {
  if (c->noeval) return 0;
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  switch (op) {
  case T_BOR: return a | b;
  case T_BXOR: return a ^ b;
  case T_BAND: return a & b;
  case T_EQ: return a == b;
  case T_NE: return a != b;
  case T_LT: return a < b;
  case T_GT: return a > b;
  case T_LE: return a <= b;
  case T_GE: return a >= b;
  case T_SHL: return shift(a, b, true);
  case T_SHR: return shift(a, b, false);
  case T_PLUS: return wrap(ua + ub);
  case T_MINUS: return wrap(ua - ub);
  case T_MUL: return wrap(ua * ub);
  case T_DIV:
  case T_MOD:
    if (b == 0) {
      fail_at(c, VSH_EINVAL, "division by 0", divtok, c->end);
      return 0;
    }
    if (b == -1) /* INT64_MIN / -1 wraps to itself, % -1 is 0 */
      return op == T_DIV ? wrap(0 - ua) : 0;
    return op == T_DIV ? a / b : a % b;
  }
  return 0;
}

/* ---- variables ----------------------------------------------------- */

static int64_t eval_text(ctx *c, const char *tok, const char *v, size_t n);

static bool sub_is_all(const lval *lv) {
  return lv->sub_len == 1 && (lv->sub[0] == '@' || lv->sub[0] == '*');
}

static bool needs_expand(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (s[i] == '$' || s[i] == '`' || s[i] == '"' || s[i] == '\'' ||
        s[i] == '\\')
      return true;
  return false;
}

/* Evaluates lv's subscript once (bash caches it for `op=' and ++).
 * Returns false when bash would warn and use 0 instead. */
static bool eval_index(ctx *c, lval *lv, bool *assoc) {
  const sh_arith_env *env = c->s->env;
  *assoc = env->is_assoc && env->is_assoc(env->ud, lv->id, lv->id_len);
  if (!lv->has_sub || lv->indexed || *assoc) return true;
  if (sub_is_all(lv)) return false;
  const char *sub = lv->sub;
  size_t sl = lv->sub_len;
  if (env->expand && (c->s->depth > 1 || env->raw) && needs_expand(sub, sl)) {
    int rc = env->expand(env->ud, sub, sl, &sub, &sl);
    if (rc) {
      fail_plain(c->s, rc, lv->id, lv->id_len, ": bad array subscript");
      return false;
    }
  }
  lv->index = eval_text(c, lv->tok, sub, sl);
  lv->indexed = true;
  return !c->s->rc;
}

static int64_t read_var(ctx *c, lval *lv) {
  shared *s = c->s;
  const sh_arith_env *env = s->env;
  int nl = (int)lv->id_len, sl = (int)lv->sub_len;
  if (lv->has_sub && lv->sub_len == 0) {
    /* bash checks an empty subscript twice and says so twice */
    warn(s, "%.*s[]: bad array subscript", nl, lv->id);
    warn(s, "%.*s[]: bad array subscript", nl, lv->id);
    return 0;
  }
  bool assoc;
  if (!eval_index(c, lv, &assoc)) {
    if (!s->rc)
      warn(s, "%.*s[%.*s]: bad array subscript", nl, lv->id, sl, lv->sub);
    return 0;
  }
  const char *v = NULL;
  size_t n = 0;
  if (env->get) {
    int rc = env->get(env->ud, lv->id, lv->id_len, lv->has_sub, lv->index,
                      lv->sub, lv->sub_len, &v, &n);
    if (rc == VSH_ERANGE) {
      warn(s, "%.*s: bad array subscript", nl, lv->id);
      return 0;
    }
    if (rc < 0) {
      fail_plain(s, rc, lv->id, lv->id_len, ": cannot read variable");
      return 0;
    }
  }
  if (!v) {
    if (env->nounset)
      fail_plain(s, VSH_ENOENT, lv->id, lv->id_len, ": unbound variable");
    return 0;
  }
  if (n == 0) return 0;
  return eval_text(c, lv->tok, v, n);
}

static void write_var(ctx *c, lval *lv, int64_t val) {
  shared *s = c->s;
  const sh_arith_env *env = s->env;
  int nl = (int)lv->id_len, sl = (int)lv->sub_len;
  if (lv->has_sub && lv->sub_len == 0) {
    warn(s, "`%.*s[]': not a valid identifier", nl, lv->id);
    return;
  }
  bool assoc;
  if (!eval_index(c, lv, &assoc)) {
    if (!s->rc)
      warn(s, "%.*s[%.*s]: bad array subscript", nl, lv->id, sl, lv->sub);
    return;
  }
  if (!env->set) return;
  int rc = env->set(env->ud, lv->id, lv->id_len, lv->has_sub, lv->index,
                    lv->sub, lv->sub_len, val);
  if (rc == VSH_ERANGE)
    warn(s, "%.*s[%.*s]: bad array subscript", nl, lv->id, sl, lv->sub);
  else if (rc == VSH_EPERM || rc == VSH_EACCES)
    fail_plain(s, VSH_EPERM, lv->id, lv->id_len, ": readonly variable");
  else if (rc < 0)
    fail_plain(s, rc, lv->id, lv->id_len, ": cannot assign variable");
}

/* ---- tokens with values --------------------------------------------- */

/* bash looks one token past an identifier before reading it, lexing on
 * over further identifiers without reading them; only lexing errors can
 * come of it.  Returns the token after the identifier. */
static int peek(ctx *c) {
  ctx save = *c;
  lex(c);
  int t = c->tok;
  while (c->tok == T_ID && !c->s->rc) lex(c);
  *c = save;
  return t;
}

/* Reads the next token.  An identifier is read as a variable right here,
 * as bash does, unless skipped or about to be assigned with `='. */
static void next(ctx *c) {
  int before = c->tok;
  lex(c);
  if (c->tok != T_ID || c->s->rc) return;
  c->var = (lval){.valid = true,
                  .tok = c->lasttp,
                  .id = c->id,
                  .id_len = c->id_len,
                  .sub = c->sub,
                  .sub_len = c->sub_len,
                  .has_sub = c->has_sub};
  c->var_val = 0;
  int after = peek(c);
  if (c->s->rc || c->noeval) return;
  if (after != T_ASSIGN || before == T_PREINC || before == T_PREDEC)
    c->var_val = read_var(c, &c->var);
}

/* ---- parser -------------------------------------------------------- */

static bool enter(ctx *c) {
  shared *s = c->s;
  if (s->rc) return false;
  if (s->nest >= s->max_nest) {
    fail_at(c, VSH_ELIMIT, "expression recursion level exceeded", c->lasttp,
            c->end);
    return false;
  }
  s->nest++;
  return true;
}

static void leave(ctx *c) { c->s->nest--; }

static int64_t parse_primary(ctx *c, lval *lv) {
  int64_t v = 0;
  switch (c->tok) {
  case T_NUM:
    v = c->num;
    next(c);
    return v;
  case T_ID: {
    lval var = c->var;
    v = c->var_val;
    next(c);
    int post = c->tok == T_POSTINC ? 1 : c->tok == T_POSTDEC ? -1 : 0;
    if (post) {
      if (!c->noeval)
        write_var(c, &var, wrap((uint64_t)v + (uint64_t)(int64_t)post));
      next(c);
    } else if (lv) {
      *lv = var;
    }
    return v;
  }
  case T_PREINC:
  case T_PREDEC: {
    int pre = c->tok == T_PREINC ? 1 : -1;
    next(c); /* the lexer made sure an identifier follows */
    if (c->s->rc) return 0;
    lval var = c->var;
    v = wrap((uint64_t)c->var_val + (uint64_t)(int64_t)pre);
    if (!c->noeval) write_var(c, &var, v);
    next(c);
    if (c->tok == T_POSTINC || c->tok == T_POSTDEC)
      fail(c, c->tok == T_POSTINC ? "++: assignment requires lvalue"
                                  : "--: assignment requires lvalue");
    return v;
  }
  case T_LPAR:
    if (!enter(c)) return 0;
    next(c);
    v = parse_comma(c);
    leave(c);
    if (c->s->rc) return 0;
    if (c->tok != T_RPAR) {
      fail(c, "missing `)'");
      return 0;
    }
    next(c);
    return v;
  default: fail(c, "syntax error: operand expected"); return 0;
  }
}

static int64_t parse_unary(ctx *c, lval *lv) {
  int op = c->tok;
  if (op != T_NOT && op != T_BNOT && op != T_MINUS && op != T_PLUS)
    return parse_primary(c, lv);
  if (!enter(c)) return 0;
  next(c);
  int64_t v = parse_unary(c, NULL);
  leave(c);
  switch (op) {
  case T_NOT: return !v;
  case T_BNOT: return ~v;
  case T_MINUS: return wrap(0 - (uint64_t)v);
  default: return v;
  }
}

/* `**' binds tighter than nothing but the unary operators and is right
 * associative; a negative exponent is an error even when skipped. */
static int64_t parse_power(ctx *c, lval *lv) {
  int64_t b = parse_unary(c, lv);
  if (c->s->rc || c->tok != T_POW) return b;
  if (lv) lv->valid = false;
  if (!enter(c)) return 0;
  next(c);
  int64_t e = parse_power(c, NULL);
  leave(c);
  if (c->s->rc) return 0;
  if (e < 0) {
    fail(c, "exponent less than 0");
    return 0;
  }
  return c->noeval ? 0 : ipow(b, e);
}

static int binprec(int tok) {
  static const signed char prec[] = {
      [T_LOR] = 1,  [T_LAND] = 2, [T_BOR] = 3, [T_BXOR] = 4, [T_BAND] = 5,
      [T_EQ] = 6,   [T_NE] = 6,   [T_LT] = 7,  [T_GT] = 7,   [T_LE] = 7,
      [T_GE] = 7,   [T_SHL] = 8,  [T_SHR] = 8, [T_PLUS] = 9, [T_MINUS] = 9,
      [T_MUL] = 10, [T_DIV] = 10, [T_MOD] = 10};
  return tok >= T_LOR && tok <= T_MOD ? prec[tok] : 0;
}

/* Left-associative binary operators of precedence >= min; the
 * recursion is bounded by the ten levels. */
static int64_t parse_binary(ctx *c, int min, lval *lv) {
  int64_t v = parse_power(c, lv);
  for (;;) {
    int op = c->tok, prec = binprec(op);
    if (c->s->rc || prec < min || prec == 0) return v;
    if (lv) lv->valid = false;
    if (op == T_LAND || op == T_LOR) {
      /* skip before lexing on: the lexer reads variables */
      bool skip = op == T_LAND ? v == 0 : v != 0;
      c->noeval += skip;
      next(c);
      int64_t r = parse_binary(c, prec + 1, NULL);
      c->noeval -= skip;
      v = op == T_LAND ? (v && r) : (v || r);
      continue;
    }
    next(c);
    const char *rhs = c->lasttp;
    int64_t r = parse_binary(c, prec + 1, NULL);
    if (c->s->rc) return 0;
    v = apply(c, op, v, r, rhs);
  }
}

static int64_t parse_cond(ctx *c, lval *lv) {
  int64_t cond = parse_binary(c, 1, lv);
  if (c->s->rc || c->tok != T_QUES) return cond;
  if (lv) lv->valid = false;
  if (!enter(c)) return 0;
  int64_t a = 0, b = 0;
  c->noeval += !cond;
  next(c);
  if (c->tok == T_EOF || c->tok == T_COLON) fail(c, "expression expected");
  else a = parse_comma(c);
  c->noeval -= !cond;
  if (c->s->rc) goto done;
  if (c->tok != T_COLON) {
    fail(c, "`:' expected for conditional expression");
    goto done;
  }
  c->noeval += !!cond;
  next(c);
  if (c->tok == T_EOF) fail(c, "expression expected");
  else b = parse_cond(c, NULL);
  c->noeval -= !!cond;
done:
  leave(c);
  return cond ? a : b;
}

static int64_t parse_assign(ctx *c) {
  lval lv = {.valid = false};
  int64_t v = parse_cond(c, &lv);
  int op = c->tok;
  if (c->s->rc || (op != T_ASSIGN && op != T_OPASSIGN)) return v;
  if (!lv.valid) {
    fail(c, "attempted assignment to non-variable");
    return 0;
  }
  int aop = c->aop;
  if (!enter(c)) return 0;
  next(c);
  int64_t r = parse_assign(c);
  leave(c);
  if (c->s->rc) return 0;
  if (op == T_OPASSIGN) r = apply(c, aop, v, r, c->lasttp);
  if (!c->noeval && !c->s->rc) write_var(c, &lv, r);
  return r;
}

static int64_t parse_comma(ctx *c) {
  int64_t v = parse_assign(c);
  while (!c->s->rc && c->tok == T_COMMA) {
    next(c);
    v = parse_assign(c);
  }
  return v;
}

static int64_t eval_ctx(shared *s, const char *expr, size_t len) {
  ctx c = {.s = s,
           .start = expr,
           .end = expr + len,
           .p = expr,
           .lasttp = expr,
           .tok = T_EOF,
           .lasttok = T_EOF};
  next(&c);
  if (s->rc || c.tok == T_EOF) return 0;
  int64_t v = parse_comma(&c);
  if (!s->rc && c.tok != T_EOF) fail(&c, "syntax error in expression");
  return v;
}

/* A plain decimal needs no parser (most variable values are one). */
static bool quick_int(const char *v, size_t n, int64_t *out) {
  const char *p = v, *e = v + n;
  while (p < e && is_blank(*p)) p++;
  bool neg = p < e && *p == '-';
  p += neg;
  const char *d = p;
  uint64_t val = 0;
  while (p < e && is_digit(*p) && p - d < 18)
    val = val * 10 + (uint64_t)(*p++ - '0');
  if (p == d || (*d == '0' && p - d > 1)) return false;
  while (p < e && is_blank(*p)) p++;
  if (p != e) return false;
  *out = neg ? -(int64_t)val : (int64_t)val;
  return true;
}

/* Evaluates a variable's value or a subscript as a nested expression;
 * tok is the identifier naming it, bash's error token at the cap. */
static int64_t eval_text(ctx *c, const char *tok, const char *v, size_t n) {
  shared *s = c->s;
  if (s->depth >= s->max_depth || s->nest >= s->max_nest) {
    fail_at(c, VSH_ELIMIT, "expression recursion level exceeded", tok, c->end);
    return 0;
  }
  int64_t r;
  if (quick_int(v, n, &r)) return r;
  if (check_cancel(s)) return 0;
  /* The text is copied: an assignment inside it may free the original. */
  char small[64];
  char *copy = n <= sizeof small ? small : malloc(n);
  if (!copy) {
    fail_plain(s, VSH_ENOMEM, "", 0, "out of memory");
    return 0;
  }
  memcpy(copy, v, n);
  s->depth++;
  s->nest++;
  r = eval_ctx(s, copy, n);
  s->depth--;
  s->nest--;
  if (copy != small) free(copy);
  return r;
}

int sh_arith_eval(const sh_arith_env *env, const char *expr, size_t len,
                  int64_t *out, vsh_buf *msg) {
  shared s = {.env = env,
              .msg = msg,
              .depth = 1,
              .max_depth = env->max_depth ? env->max_depth : 1024};
  s.max_nest = s.max_depth * 2;
  if (check_cancel(&s)) return s.rc;
  int64_t v = eval_ctx(&s, expr, len);
  if (s.rc) return s.rc;
  *out = v;
  return 0;
}
