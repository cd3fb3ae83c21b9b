/* cond.c: conditional expressions, for [[ ]] (on the syntax tree, with
 * pattern matching, =~ and arithmetic operands) and for test/[ (on
 * expanded words, with POSIX's argument-count rules, -a/-o/!/( )).
 * File tests query the vfs.  =~ uses core/regex (ERE, bounded, and
 * polled for cancellation like every other matcher). */
#include "shell/expand/expand.h"
#include "core/pattern.h"
#include "core/regex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *unary_ops[] = {"-a", "-b", "-c", "-d", "-e", "-f", "-g",
                                  "-h", "-k", "-p", "-r", "-s", "-t", "-u",
                                  "-w", "-x", "-G", "-L", "-N", "-O", "-S",
                                  "-z", "-n", "-o", "-v", "-R", NULL};
static const char *binary_ops[] = {"=",   "==",  "!=",  "<",   ">",   "-eq",
                                   "-ne", "-lt", "-le", "-gt", "-ge", "-nt",
                                   "-ot", "-ef", "=~",  NULL};

bool sh_unary_op(const char *op) {
  for (int i = 0; unary_ops[i]; i++)
    if (strcmp(op, unary_ops[i]) == 0) return true;
  return false;
}

bool sh_binary_op(const char *op) {
  for (int i = 0; binary_ops[i]; i++)
    if (strcmp(op, binary_ops[i]) == 0) return true;
  return false;
}

static const char *abs_of(sh_ctx *c, const char *p, vsh_buf *b) {
  if (!*p) return NULL;
  if (vsh__path_resolve(b, c->dirs.cwd, p, strlen(p))) return NULL;
  return b->data;
}

/* 0 true, 1 false. */
int sh_file_test(sh_ctx *c, const char *op, const char *path) {
  vsh_buf b = {0};
  const char *a = abs_of(c, path, &b);
  vfs_info st;
  bool follow = !(op[1] == 'h' || op[1] == 'L');
  bool ok = a && vfs_stat(c->fs, a, follow, &st) == 0;
  vsh_buf_dispose(&b);
  if (op[1] == 't') return 1; /* no terminal in a sandbox */
  if (!ok) return 1;
  bool r = false;
  switch (op[1]) {
  case 'a':
  case 'e': r = true; break;
  case 'f': r = st.type == VFS_REG; break;
  case 'd': r = st.type == VFS_DIR; break;
  case 'h':
  case 'L': r = st.type == VFS_LNK; break;
  case 'b': r = false; break;
  case 'c': r = st.type == VFS_CHR; break;
  case 'p': r = st.type == VFS_FIFO; break;
  case 'S': r = false; break;
  case 's': r = st.type == VFS_REG ? st.size > 0 : st.type == VFS_DIR; break;
  case 'r': r = sh_may_access(&st, 4); break;
  case 'w': r = sh_may_access(&st, 2); break;
  case 'x': r = sh_may_access(&st, 1); break;
  case 'u': r = (st.mode & 04000) != 0; break;
  case 'g': r = (st.mode & 02000) != 0; break;
  case 'k': r = (st.mode & 01000) != 0; break;
  case 'O': r = st.uid == VFS_UID; break;
  case 'G': r = st.gid == VFS_GID; break;
  case 'N':
    r = st.mtime.tv_sec > st.atime.tv_sec ||
        (st.mtime.tv_sec == st.atime.tv_sec &&
         st.mtime.tv_nsec > st.atime.tv_nsec);
    break;
  default: r = false;
  }
  return r ? 0 : 1;
}

static int file_cmp(sh_ctx *c, const char *op, const char *l, const char *r) {
  vsh_buf b1 = {0}, b2 = {0};
  const char *a1 = abs_of(c, l, &b1), *a2 = abs_of(c, r, &b2);
  vfs_info s1, s2;
  bool ok1 = a1 && vfs_stat(c->fs, a1, true, &s1) == 0;
  bool ok2 = a2 && vfs_stat(c->fs, a2, true, &s2) == 0;
  vsh_buf_dispose(&b1);
  vsh_buf_dispose(&b2);
  bool res = false;
  if (strcmp(op, "-ef") == 0) {
    res = ok1 && ok2 && s1.ino == s2.ino;
  } else {
    bool nt = strcmp(op, "-nt") == 0;
    if (!ok1 && !ok2) res = false;
    else if (!ok2) res = nt;
    else if (!ok1) res = !nt;
    else {
      int64_t d = (int64_t)(s1.mtime.tv_sec - s2.mtime.tv_sec);
      if (d == 0) d = s1.mtime.tv_nsec - s2.mtime.tv_nsec;
      res = nt ? d > 0 : d < 0;
    }
  }
  return res ? 0 : 1;
}

static int unary(sh_ctx *c, const char *op, const char *s) {
  switch (op[1]) {
  case 'z': return *s ? 1 : 0;
  case 'n': return *s ? 0 : 1;
  case 'o': {
    int i = sh_opt_find(s, false);
    return i >= 0 && c->opt.opts[i] ? 0 : 1;
  }
  case 'v': {
    const char *br = strchr(s, '[');
    if (br) {
      char name[256];
      size_t nl = (size_t)(br - s) < 255 ? (size_t)(br - s) : 255;
      memcpy(name, s, nl);
      name[nl] = 0;
      sh_var *v = sh_var_find(c, name);
      if (!v || (v->attrs & SH_VAR_UNSET)) return 1;
      size_t kl = strlen(br + 1);
      char *key = strndup(br + 1, kl && br[kl] == ']' ? kl - 1 : kl);
      if (!key) return 1;
      int r;
      if (v->attrs & SH_VAR_ASSOC) {
        r = sh_assoc_get(v, sh_subscript_key(c, key, strlen(key))) ? 0 : 1;
      } else if (!strcmp(key, "@") || !strcmp(key, "*")) {
        r = (v->n || v->val) ? 0 : 1;
      } else {
        int64_t ix;
        r = sh_arith(c, key, strlen(key), &ix) ? 1 : 0;
        if (!r) {
          if (ix < 0) ix += sh_array_max(v) + 1;
          r = sh_array_get(v, ix) ? 0 : 1;
        }
      }
      free(key);
      return r;
    }
    if (sh_dyn_active(c, s)) return 0;
    sh_var *v = sh_var_find(c, s);
    if (!v || (v->attrs & SH_VAR_UNSET)) return 1;
    if (v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC))
      return (v->attrs & SH_VAR_ASSOC ? sh_assoc_get(v, "0")
                                      : sh_array_get(v, 0))
                 ? 0
                 : 1;
    return 0;
  }
  case 'R': {
    sh_var *v = NULL;
    for (sh_scope *sc = c->vars.scope; sc && !v; sc = sc->up)
      HASH_FIND_STR(sc->vars, s, v);
    /* a nameref given no name yet is not one for -R (bash) */
    return v && (v->attrs & SH_VAR_NAMEREF) && v->val && *v->val ? 0 : 1;
  }
  default: return sh_file_test(c, op, s);
  }
}

static bool parse_int(const char *s, int64_t *v) {
  while (*s == ' ' || *s == '\t' || *s == '\n') s++;
  const char *p = s;
  if (*p == '-' || *p == '+') p++;
  if (!*p) return false;
  for (const char *q = p; *q; q++) {
    if (*q < '0' || *q > '9') {
      const char *t = q;
      while (*t == ' ' || *t == '\t' || *t == '\n') t++;
      if (*t) return false;
      break;
    }
  }
  *v = strtoll(s, NULL, 10);
  return true;
}

static int int_cmp(const char *op, int64_t a, int64_t b) {
  bool r;
  if (!strcmp(op, "-eq")) r = a == b;
  else if (!strcmp(op, "-ne")) r = a != b;
  else if (!strcmp(op, "-lt")) r = a < b;
  else if (!strcmp(op, "-le")) r = a <= b;
  else if (!strcmp(op, "-gt")) r = a > b;
  else r = a >= b;
  return r ? 0 : 1;
}

static bool budget_cancel(void *ud) { return sh_exec_cancelled(ud); }

/* =~ : ERE match, BASH_REMATCH on success.  2 for a bad pattern (as bash)
 * or a match too complex for the budget. */
static int regex_match(sh_ctx *c, const char *s, const char *re) {
  vsh_regex *rx = NULL;
  unsigned fl = VSH_RE_EXTENDED | VSH_RE_STRICT;
  if (c->opt.opts[SH_SHOPT_NOCASEMATCH]) fl |= VSH_RE_ICASE;
  if (vsh__regex_compile(&rx, re, strlen(re), fl, NULL)) return 2;
  size_t nm = vsh__regex_nsub(rx) + 1;
  vsh_regmatch *m = malloc(nm * sizeof(*m));
  vsh_re_budget b = {VSH_RE_DEFAULT_STEPS, budget_cancel, c->ex};
  int r = m ? vsh__regex_exec(rx, s, strlen(s), 0, 0, m, nm, &b) : VSH_ENOMEM;
  if (r >= 0) sh_var_unset(c, "BASH_REMATCH");
  if (r == 1) {
    for (size_t i = 0; i < nm; i++) {
      const char *val = "";
      char *tmp = NULL;
      if (m[i].so >= 0) {
        tmp = strndup(s + m[i].so, (size_t)(m[i].eo - m[i].so));
        val = tmp ? tmp : "";
      }
      sh_var_set_elem(c, "BASH_REMATCH", NULL, (int64_t)i, val, false);
      free(tmp);
    }
  } else if (r == VSH_ELIMIT) {
    sh_error(c, "=~: regex too complex");
  }
  free(m);
  vsh__regex_free(rx);
  return r == 1 ? 0 : r == 0 ? 1 : 2;
}

/* xtrace of one [[ ]] term as bash prints it: the operands expanded and
 * unquoted ('' when empty), a pattern's quoted characters \-escaped, a
 * negated term after "! ". */
static void xtrace_term(sh_ctx *c, bool invert, const char *op, const char *l,
                        size_t ln, const char *r, size_t rn,
                        const unsigned char *q) {
  vsh_buf b = {0};
  vsh__buf_puts(&b, invert ? "[[ ! " : "[[ ");
  if (op && !r) {
    vsh__buf_puts(&b, op);
    vsh__buf_putc(&b, ' ');
  }
  if (ln) vsh__buf_append(&b, l, ln);
  else vsh__buf_puts(&b, "''");
  if (r) {
    vsh__buf_putc(&b, ' ');
    vsh__buf_puts(&b, op);
    vsh__buf_putc(&b, ' ');
    for (size_t i = 0; i < rn; i++) {
      if (q && q[i]) vsh__buf_putc(&b, '\\');
      vsh__buf_putc(&b, r[i]);
    }
    if (!rn) vsh__buf_puts(&b, "''");
  }
  vsh__buf_puts(&b, " ]]");
  if (b.data) c->shell->xh->xtrace_text(c, b.data, b.len);
  vsh_buf_dispose(&b);
}

static int eval_cond(sh_ctx *c, const sh_cond *e, bool invert);

int sh_eval_cond(sh_ctx *c, const sh_cond *e) { return eval_cond(c, e, false); }

/* invert: e is the operand of a `!` (for xtrace only). */
static int eval_cond(sh_ctx *c, const sh_cond *e, bool invert) {
  if (!e) return 1;
  bool tr = c->opt.opts[SH_OPT_XTRACE];
  switch (e->kind) {
  case SH_COND_AND: {
    int r = eval_cond(c, e->a, false);
    return r ? r : eval_cond(c, e->b, false);
  }
  case SH_COND_OR: {
    int r = eval_cond(c, e->a, false);
    return r == 0 ? 0 : eval_cond(c, e->b, false);
  }
  case SH_COND_NOT: {
    int r = eval_cond(c, e->a, !e->a->paren);
    return r == 2 ? 2 : !r;
  }
  case SH_COND_WORD: {
    char *s;
    size_t n;
    if (sh_expand_str(c, e->l, &s, &n)) return 2;
    if (tr) xtrace_term(c, invert, "-n", s, n, NULL, 0, NULL);
    return n ? 0 : 1;
  }
  case SH_COND_UNARY: {
    char *s;
    size_t n;
    if (sh_expand_str(c, e->l, &s, &n)) return 2;
    if (tr) xtrace_term(c, invert, e->op, s, n, NULL, 0, NULL);
    return unary(c, e->op, s);
  }
  case SH_COND_BINARY: break;
  }
  const char *op = e->op;
  char *l, *r;
  size_t ln, rn;
  if (sh_expand_str(c, e->l, &l, &ln)) return 2;
  if (!strcmp(op, "==") || !strcmp(op, "=") || !strcmp(op, "!=")) {
    unsigned char *q;
    if (sh_expand_pattern(c, e->r, &r, &rn, &q)) return 2;
    if (tr) xtrace_term(c, invert, op, l, ln, r, rn, q);
    unsigned fl = SH_PAT_EXTGLOB;
    if (c->opt.opts[SH_SHOPT_NOCASEMATCH]) fl |= SH_PAT_NOCASE;
    if (sh_byte_locale(c)) fl |= SH_PAT_BYTES;
    sh_pattern *p;
    if (sh_pattern_compile(&p, &c->arena, r, rn, q, fl)) return 2;
    sh_pattern_budget b;
    sh_pattern_budget_init(c, &b);
    int m = sh_pattern_match(p, l, ln, &b);
    if (m < 0) return sh_pattern_failed(c, m), 2;
    bool eq = m == 1;
    return (op[0] == '!') ? (eq ? 1 : 0) : (eq ? 0 : 1);
  }
  if (!strcmp(op, "=~")) {
    /* quoted parts of the regex match literally */
    unsigned char *q;
    if (sh_expand_pattern(c, e->r, &r, &rn, &q)) return 2;
    vsh_buf re = {0};
    for (size_t i = 0; i < rn; i++) {
      if (q[i] && strchr("\\^$.[]|()*+?{}", r[i])) vsh__buf_putc(&re, '\\');
      vsh__buf_putc(&re, r[i]);
    }
    if (tr)
      xtrace_term(c, invert, op, l, ln, re.data ? re.data : "", re.len, NULL);
    int res = regex_match(c, l, re.data ? re.data : "");
    vsh_buf_dispose(&re);
    return res;
  }
  if (sh_expand_str(c, e->r, &r, &rn)) return 2;
  if (tr) xtrace_term(c, invert, op, l, ln, r, rn, NULL);
  if (!strcmp(op, "<")) return strcmp(l, r) < 0 ? 0 : 1;
  if (!strcmp(op, ">")) return strcmp(l, r) > 0 ? 0 : 1;
  if (!strcmp(op, "-nt") || !strcmp(op, "-ot") || !strcmp(op, "-ef"))
    return file_cmp(c, op, l, r);
  /* arithmetic comparisons: operands are expressions in [[ ]] */
  int64_t a, b;
  if (sh_arith(c, l, ln, &a) || sh_arith(c, r, rn, &b)) return 2;
  return int_cmp(op, a, b);
}

/* ---- test / [ ------------------------------------------------------------- */

typedef struct targs {
  sh_ctx *c;
  char **v;
  int n, i;
  const char *name;
  bool err;
} targs;

static int t_or(targs *t);

static void t_error(targs *t, const char *fmt, const char *arg) {
  if (t->err) return;
  t->err = true;
  char msg[512];
  snprintf(msg, sizeof(msg), fmt, arg);
  sh_error(t->c, "%s: %s", t->name, msg);
}

static int t_binary(targs *t, const char *l, const char *op, const char *r) {
  if (!strcmp(op, "=") || !strcmp(op, "==")) return strcmp(l, r) ? 1 : 0;
  if (!strcmp(op, "!=")) return strcmp(l, r) ? 0 : 1;
  if (!strcmp(op, "<")) return strcmp(l, r) < 0 ? 0 : 1;
  if (!strcmp(op, ">")) return strcmp(l, r) > 0 ? 0 : 1;
  if (!strcmp(op, "-nt") || !strcmp(op, "-ot") || !strcmp(op, "-ef"))
    return file_cmp(t->c, op, l, r);
  int64_t a, b;
  if (!parse_int(l, &a)) {
    t_error(t, "%s: integer expression expected", l);
    return 2;
  }
  if (!parse_int(r, &b)) {
    t_error(t, "%s: integer expression expected", r);
    return 2;
  }
  return int_cmp(op, a, b);
}

static int t_primary(targs *t) {
  if (t->i >= t->n) {
    t_error(t, "%s", "argument expected");
    return 2;
  }
  const char *a = t->v[t->i];
  if (!strcmp(a, "(")) {
    t->i++;
    int r = t_or(t);
    if (t->i >= t->n || strcmp(t->v[t->i], ")")) {
      t_error(t, "%s", "`)' expected");
      return 2;
    }
    t->i++;
    return r;
  }
  if (t->i + 2 < t->n + 0 && sh_binary_op(t->v[t->i + 1]) &&
      strcmp(t->v[t->i + 1], "=~")) {
    int r = t_binary(t, a, t->v[t->i + 1], t->v[t->i + 2]);
    t->i += 3;
    return r;
  }
  if (a[0] == '-' && sh_unary_op(a) && t->i + 1 < t->n) {
    const char *s = t->v[t->i + 1];
    t->i += 2;
    if (!strcmp(a, "-t")) return 1;
    return unary(t->c, a, s);
  }
  t->i++;
  return *a ? 0 : 1;
}

static int t_not(targs *t) {
  if (t->i < t->n && !strcmp(t->v[t->i], "!") && t->i + 1 < t->n) {
    t->i++;
    int r = t_not(t);
    return r == 2 ? 2 : !r;
  }
  return t_primary(t);
}

static int t_and(targs *t) {
  int r = t_not(t);
  while (t->i < t->n && !strcmp(t->v[t->i], "-a")) {
    t->i++;
    int r2 = t_not(t);
    if (r == 2 || r2 == 2) r = 2;
    else r = (r == 0 && r2 == 0) ? 0 : 1;
  }
  return r;
}

static int t_or(targs *t) {
  int r = t_and(t);
  while (t->i < t->n && !strcmp(t->v[t->i], "-o")) {
    t->i++;
    int r2 = t_and(t);
    if (r == 2 || r2 == 2) r = 2;
    else r = (r == 0 || r2 == 0) ? 0 : 1;
  }
  return r;
}

/* argv excludes the command name (and the closing ] for [). */
int sh_test_argv(sh_ctx *c, int argc, char **argv, const char *name) {
  targs t = {.c = c, .v = argv, .n = argc, .i = 0, .name = name};
  switch (argc) {
  case 0: return 1;
  case 1: return argv[0][0] ? 0 : 1;
  case 2:
    if (!strcmp(argv[0], "!")) return argv[1][0] ? 1 : 0;
    if (argv[0][0] == '-' && sh_unary_op(argv[0])) {
      if (!strcmp(argv[0], "-t")) return 1;
      return unary(c, argv[0], argv[1]);
    }
    t_error(&t, "%s: unary operator expected", argv[0]);
    return 2;
  case 3:
    if (sh_binary_op(argv[1]) && strcmp(argv[1], "=~"))
      return t_binary(&t, argv[0], argv[1], argv[2]);
    /* POSIX: with three arguments a binary -a/-o joins two strings */
    if (!strcmp(argv[1], "-a")) return argv[0][0] && argv[2][0] ? 0 : 1;
    if (!strcmp(argv[1], "-o")) return argv[0][0] || argv[2][0] ? 0 : 1;
    if (!strcmp(argv[0], "!")) {
      int r = sh_test_argv(c, 2, argv + 1, name);
      return r == 2 ? 2 : !r;
    }
    if (!strcmp(argv[0], "(") && !strcmp(argv[2], ")"))
      return argv[1][0] ? 0 : 1;
    t_error(&t, "%s: binary operator expected", argv[1]);
    return 2;
  case 4:
    if (!strcmp(argv[0], "!")) {
      int r = sh_test_argv(c, 3, argv + 1, name);
      return r == 2 ? 2 : !r;
    }
    if (!strcmp(argv[0], "(") && !strcmp(argv[3], ")"))
      return sh_test_argv(c, 2, argv + 1, name);
    break;
  default: break;
  }
  int r = t_or(&t);
  if (!t.err && t.i < t.n) {
    t_error(&t, "%s", "too many arguments");
    if (argc > 1) { t.err = false; }
    return 2;
  }
  return t.err ? 2 : r;
}
