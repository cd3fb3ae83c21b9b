/* expr.c: evaluate an expression (GNU expr): | & < <= = == != >= > + - *
 * / % : match substr index length + ( ).  Exit 0 when the result is
 * neither empty nor 0, 1 when it is, 2 for an invalid expression, 3 for
 * other errors.  Deviation: GNU (with GMP) has unbounded integers; here
 * they are 128-bit and overflow is an error.  The : regex uses the C
 * library's regcomp (BRE, anchored at the start) for now.  TODO: move
 * it to the shared bounded regex engine. */
#include "builtins/builtins.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>

enum { EXPR_INVALID = 2, EXPR_FAILURE = 3 };

static const bi_cmd expr_cmd = {
    .name = "expr",
    .usage = "Usage: expr EXPRESSION\n"
             "  or:  expr OPTION\n",
    .about =
        "\n"
        "      --help        display this help and exit\n"
        "      --version     output version information and exit\n"
        "\n"
        "Print the value of EXPRESSION to standard output.  A blank line "
        "below\n"
        "separates increasing precedence groups.  EXPRESSION may be:\n"
        "\n"
        "  ARG1 | ARG2       ARG1 if it is neither null nor 0, otherwise ARG2\n"
        "\n"
        "  ARG1 & ARG2       ARG1 if neither argument is null or 0, otherwise "
        "0\n"
        "\n"
        "  ARG1 < ARG2       ARG1 is less than ARG2\n"
        "  ARG1 <= ARG2      ARG1 is less than or equal to ARG2\n"
        "  ARG1 = ARG2       ARG1 is equal to ARG2\n"
        "  ARG1 != ARG2      ARG1 is unequal to ARG2\n"
        "  ARG1 >= ARG2      ARG1 is greater than or equal to ARG2\n"
        "  ARG1 > ARG2       ARG1 is greater than ARG2\n"
        "\n"
        "  ARG1 + ARG2       arithmetic sum of ARG1 and ARG2\n"
        "  ARG1 - ARG2       arithmetic difference of ARG1 and ARG2\n"
        "\n"
        "  ARG1 * ARG2       arithmetic product of ARG1 and ARG2\n"
        "  ARG1 / ARG2       arithmetic quotient of ARG1 divided by ARG2\n"
        "  ARG1 % ARG2       arithmetic remainder of ARG1 divided by ARG2\n"
        "\n"
        "  STRING : REGEXP   anchored pattern match of REGEXP in STRING\n"
        "\n"
        "  match STRING REGEXP        same as STRING : REGEXP\n"
        "  substr STRING POS LENGTH   substring of STRING, POS counted from 1\n"
        "  index STRING CHARS         index in STRING where any CHARS is "
        "found, or 0\n"
        "  length STRING              length of STRING\n"
        "  + TOKEN                    interpret TOKEN as a string, even if it "
        "is a\n"
        "                               keyword like 'match' or an operator "
        "like '/'\n"
        "\n"
        "  ( EXPRESSION )             value of EXPRESSION\n"
        "\n"
        "Exit status is 0 if EXPRESSION is neither null nor 0, 1 if EXPRESSION "
        "is null\n"
        "or 0, 2 if EXPRESSION is syntactically invalid, and 3 if an error "
        "occurred.\n",
    .bad_status = EXPR_INVALID,
};

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

typedef struct val {
  bool is_int;
  i128 i;
  const char *s;
} val;

typedef struct ex {
  bi_ctx *b;
  char **args; /* NULL-terminated */
  int pos, n;
  jmp_buf fail;
  int status;
} ex;

static _Noreturn void die(ex *e, int st, const char *fmt, const char *arg) {
  bi_err(e->b, fmt, arg);
  e->status = st;
  longjmp(e->fail, 1);
}

static const char *i128_str(ex *e, i128 v) {
  char tmp[48];
  int k = (int)sizeof tmp;
  tmp[--k] = 0;
  bool neg = v < 0;
  u128 u = neg ? -(u128)v : (u128)v;
  do {
    tmp[--k] = (char)('0' + (int)(u % 10));
    u /= 10;
  } while (u);
  if (neg) tmp[--k] = '-';
  return vsh__arena_strndup(e->b->arena, tmp + k, strlen(tmp + k));
}

static const char *to_str(ex *e, const val *v) {
  return v->is_int ? i128_str(e, v->i) : v->s;
}

static bool looks_int(const char *s) {
  s += *s == '-';
  if (!*s) return false;
  for (; *s; s++)
    if (*s < '0' || *s > '9') return false;
  return true;
}

/* Converts v to an integer in place; false if it is not one. */
static bool to_int(ex *e, val *v) {
  if (v->is_int) return true;
  if (!looks_int(v->s)) return false;
  const char *s = v->s;
  bool neg = *s == '-';
  s += neg;
  i128 r = 0;
  for (; *s; s++) {
    int d = *s - '0';
    if (__builtin_mul_overflow(r, 10, &r) ||
        __builtin_add_overflow(r, neg ? -d : d, &r))
      die(e, EXPR_FAILURE, "%s", "integer overflow");
  }
  v->is_int = true;
  v->i = r;
  return true;
}

static bool is_null(const val *v) {
  if (v->is_int) return v->i == 0;
  const char *s = v->s;
  if (!*s) return true;
  s += *s == '-';
  do
    if (*s != '0') return false;
  while (*++s);
  return true;
}

static val ival(i128 i) { return (val){.is_int = true, .i = i}; }
static val sval(const char *s) { return (val){.s = s}; }

static bool next_is(ex *e, const char *tok) {
  if (e->pos < e->n && !strcmp(e->args[e->pos], tok)) {
    e->pos++;
    return true;
  }
  return false;
}

static val eval_or(ex *e, bool ev);

static val eval_primary(ex *e, bool ev) {
  if (e->pos >= e->n) {
    if (e->pos > 0)
      die(e, EXPR_INVALID,
          "syntax error: missing argument after " BI_LQ "%s" BI_RQ,
          e->args[e->pos - 1]);
    die(e, EXPR_INVALID, "%s", "syntax error");
  }
  if (next_is(e, "(")) {
    val v = eval_or(e, ev);
    if (e->pos >= e->n)
      die(e, EXPR_INVALID,
          "syntax error: expecting ')' after " BI_LQ "%s" BI_RQ,
          e->args[e->pos - 1]);
    if (!next_is(e, ")"))
      die(e, EXPR_INVALID,
          "syntax error: expecting ')' instead of " BI_LQ "%s" BI_RQ,
          e->args[e->pos]);
    return v;
  }
  if (next_is(e, ")"))
    die(e, EXPR_INVALID, "%s", "syntax error: unexpected ')'");
  return sval(e->args[e->pos++]);
}

static size_t u8len(const char *s) { return vsh__utf8_count(s, strlen(s)); }

/* Byte offset of character index ci (0-based) in s. */
static size_t u8off(const char *s, size_t ci) {
  size_t n = strlen(s), i = 0;
  while (ci-- && i < n) {
    int32_t cp;
    i += (size_t)vsh__utf8_decode(s + i, n - i, &cp);
  }
  return i;
}

static val do_match(ex *e, val sv, val pv) {
  const char *s = to_str(e, &sv), *p = to_str(e, &pv);
  /* the match is anchored at the start: a leading ^ is that anchor */
  size_t pl = strlen(p);
  bool anchored = p[0] == '^';
  char *pat = vsh__arena_alloc(e->b->arena, pl + 2);
  if (!pat) die(e, EXPR_FAILURE, "%s", "memory exhausted");
  pat[0] = '^';
  memcpy(pat + 1, p, pl + 1);
  vsh_regex *re = NULL;
  vsh_buf msg = {0};
  int rc = vsh__regex_compile(&re, anchored ? p : pat, anchored ? pl : pl + 1,
                              0, &msg);
  if (rc) {
    char text[256];
    snprintf(text, sizeof text, "%s", msg.len ? msg.data : "memory exhausted");
    vsh_buf_dispose(&msg);
    die(e, rc == VSH_EINVAL ? EXPR_INVALID : EXPR_FAILURE, "%s", text);
  }
  vsh_buf_dispose(&msg);
  vsh_regmatch m[2];
  vsh_re_budget bud = bi_re_budget(e->b);
  int hit = vsh__regex_exec(re, s, strlen(s), 0, 0, m, 2, &bud);
  size_t nsub = vsh__regex_nsub(re);
  vsh__regex_free(re);
  if (hit < 0) {
    if (hit == VSH_ELIMIT)
      die(e, EXPR_FAILURE, "%s",
          "regular expression too complex for the input (work limit)");
    die(e, EXPR_FAILURE, "%s",
        hit == VSH_EABORTED ? "interrupted" : "memory exhausted");
  }
  val r;
  if (nsub > 0) {
    r = hit && m[1].so >= 0
            ? sval(vsh__arena_strndup(e->b->arena, s + m[1].so,
                                      (size_t)(m[1].eo - m[1].so)))
            : sval("");
  } else {
    r = ival(hit ? (i128)vsh__utf8_count(s, (size_t)m[0].eo) : 0);
  }
  return r;
}

static val eval_unary(ex *e, bool ev) {
  if (next_is(e, "+")) {
    if (e->pos >= e->n)
      die(e, EXPR_INVALID,
          "syntax error: missing argument after " BI_LQ "%s" BI_RQ, "+");
    return sval(e->args[e->pos++]);
  }
  if (next_is(e, "length")) {
    val v = eval_unary(e, ev);
    return ival((i128)u8len(to_str(e, &v)));
  }
  if (next_is(e, "match")) {
    val l = eval_unary(e, ev), r = eval_unary(e, ev);
    return ev ? do_match(e, l, r) : ival(0);
  }
  if (next_is(e, "index")) {
    val l = eval_unary(e, ev), r = eval_unary(e, ev);
    const char *s = to_str(e, &l), *cs = to_str(e, &r);
    size_t n = strlen(s), cn = strlen(cs), ci = 0;
    for (size_t i = 0; i < n; ci++) {
      int32_t cp;
      int len = vsh__utf8_decode(s + i, n - i, &cp);
      for (size_t j = 0; j < cn;) {
        int32_t cq;
        int lq = vsh__utf8_decode(cs + j, cn - j, &cq);
        if (lq == len && !memcmp(s + i, cs + j, (size_t)len))
          return ival((i128)ci + 1);
        j += (size_t)lq;
      }
      i += (size_t)len;
    }
    return ival(0);
  }
  if (next_is(e, "substr")) {
    val l = eval_unary(e, ev), p = eval_unary(e, ev), n = eval_unary(e, ev);
    const char *s = to_str(e, &l);
    if (!to_int(e, &p) || !to_int(e, &n)) return sval("");
    i128 len = (i128)u8len(s);
    if (p.i <= 0 || p.i > len || n.i <= 0) return sval("");
    size_t a = u8off(s, (size_t)(p.i - 1));
    size_t z =
        n.i > len - p.i + 1 ? strlen(s) : u8off(s, (size_t)(p.i - 1 + n.i));
    return sval(vsh__arena_strndup(e->b->arena, s + a, z - a));
  }
  return eval_primary(e, ev);
}

static val eval_colon(ex *e, bool ev) {
  val l = eval_unary(e, ev);
  while (next_is(e, ":")) {
    val r = eval_unary(e, ev);
    l = ev ? do_match(e, l, r) : ival(0);
  }
  return l;
}

static val eval_mul(ex *e, bool ev) {
  val l = eval_colon(e, ev);
  for (;;) {
    char op = next_is(e, "*")   ? '*'
              : next_is(e, "/") ? '/'
              : next_is(e, "%") ? '%'
                                : 0;
    if (!op) return l;
    val r = eval_colon(e, ev);
    if (!ev) continue;
    if (!to_int(e, &l) || !to_int(e, &r))
      die(e, EXPR_INVALID, "%s", "non-integer argument");
    i128 v;
    if (op == '*') {
      if (__builtin_mul_overflow(l.i, r.i, &v))
        die(e, EXPR_FAILURE, "%s", "integer overflow");
    } else {
      if (r.i == 0) die(e, EXPR_INVALID, "%s", "division by zero");
      v = op == '/' ? l.i / r.i : l.i % r.i;
    }
    l = ival(v);
  }
}

static val eval_add(ex *e, bool ev) {
  val l = eval_mul(e, ev);
  for (;;) {
    char op = next_is(e, "+") ? '+' : next_is(e, "-") ? '-' : 0;
    if (!op) return l;
    val r = eval_mul(e, ev);
    if (!ev) continue;
    if (!to_int(e, &l) || !to_int(e, &r))
      die(e, EXPR_INVALID, "%s", "non-integer argument");
    i128 v;
    if (op == '+' ? __builtin_add_overflow(l.i, r.i, &v)
                  : __builtin_sub_overflow(l.i, r.i, &v))
      die(e, EXPR_FAILURE, "%s", "integer overflow");
    l = ival(v);
  }
}

static val eval_cmp(ex *e, bool ev) {
  static const char *ops[] = {"<", "<=", "=", "==", "!=", ">=", ">"};
  val l = eval_add(e, ev);
  for (;;) {
    int op = -1;
    for (int k = 0; k < 7 && op < 0; k++)
      if (next_is(e, ops[k])) op = k;
    if (op < 0) return l;
    val r = eval_add(e, ev);
    if (!ev) continue;
    int c;
    const char *ls = to_str(e, &l), *rs = to_str(e, &r);
    if (looks_int(ls) && looks_int(rs)) {
      to_int(e, &l);
      to_int(e, &r);
      c = l.i < r.i ? -1 : l.i > r.i;
    } else {
      c = strcmp(ls, rs);
    }
    bool t = op == 0   ? c < 0
             : op == 1 ? c <= 0
             : op <= 3 ? c == 0
             : op == 4 ? c != 0
             : op == 5 ? c >= 0
                       : c > 0;
    l = ival(t);
  }
}

static val eval_and(ex *e, bool ev) {
  val l = eval_cmp(e, ev);
  while (next_is(e, "&")) {
    val r = eval_cmp(e, ev && !is_null(&l));
    if (ev && (is_null(&l) || is_null(&r))) l = ival(0);
  }
  return l;
}

static val eval_or(ex *e, bool ev) {
  val l = eval_and(e, ev);
  while (next_is(e, "|")) {
    val r = eval_and(e, ev && is_null(&l));
    if (ev && is_null(&l)) l = is_null(&r) ? ival(0) : r;
  }
  return l;
}

int bi_expr_main(bi_ctx *b) {
  int st = bi_opt_alone(b, &expr_cmd);
  if (st >= 0) return st;
  ex e = {.b = b, .args = b->argv + 1, .n = b->argc - 1};
  if (e.n > 0 && !strcmp(e.args[0], "--")) {
    e.args++;
    e.n--;
  }
  if (e.n == 0) return bi_usage_error(b, &expr_cmd, "missing operand");
  if (setjmp(e.fail)) return e.status;
  val v = eval_or(&e, true);
  if (e.pos < e.n)
    die(&e, EXPR_INVALID, "syntax error: unexpected argument " BI_LQ "%s" BI_RQ,
        e.args[e.pos]);
  const char *s = to_str(&e, &v);
  if (bi_printf(b, "%s\n", s)) return 141;
  return is_null(&v) ? 1 : 0;
}
