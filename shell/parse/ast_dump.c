/* ast_dump.c: a deterministic S-expression rendering of the AST, every
 * field included, for tests and for comparing the tree-sitter and
 * recursive-descent paths.  Node kinds carry "@line"; a word shows its
 * line only when it differs from the enclosing node's.  Strings are
 * C-quoted with \xHH for bytes outside printable ASCII. */
#include "shell/parse/parse.h"

#include <stdio.h>
#include <string.h>

typedef struct dctx {
  vsh_buf *out;
  unsigned line; /* enclosing node line */
  int err;
} dctx;

static void put(dctx *d, const char *s) {
  if (!d->err) d->err = vsh__buf_puts(d->out, s);
}

static void putf(dctx *d, const char *fmt, unsigned v) {
  char b[32];
  snprintf(b, sizeof b, fmt, v);
  put(d, b);
}

static void str(dctx *d, const char *s, size_t n) {
  put(d, "\"");
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    char b[8];
    if (c == '"' || c == '\\') {
      b[0] = '\\';
      b[1] = (char)c;
      b[2] = 0;
    } else if (c == '\n') {
      strcpy(b, "\\n");
    } else if (c == '\t') {
      strcpy(b, "\\t");
    } else if (c < 32 || c >= 127) {
      snprintf(b, sizeof b, "\\x%02x", c);
    } else {
      b[0] = (char)c;
      b[1] = 0;
    }
    put(d, b);
  }
  put(d, "\"");
}

static void cstr(dctx *d, const char *s) {
  if (s) str(d, s, strlen(s));
  else put(d, "-");
}

static void node(dctx *d, const sh_node *n);
static void word(dctx *d, const sh_word *w);

static const char *const pop_names[] = {
    [SH_POP_NONE] = "",          [SH_POP_DEFAULT] = "-",
    [SH_POP_ASSIGN] = "=",       [SH_POP_ERROR] = "?",
    [SH_POP_ALT] = "+",          [SH_POP_PREFIX] = "#",
    [SH_POP_PREFIX_LONG] = "##", [SH_POP_SUFFIX] = "%",
    [SH_POP_SUFFIX_LONG] = "%%", [SH_POP_REPLACE] = "/",
    [SH_POP_REPLACE_ALL] = "//", [SH_POP_REPLACE_PRE] = "/#",
    [SH_POP_REPLACE_SUF] = "/%", [SH_POP_UPPER_FIRST] = "^",
    [SH_POP_UPPER_ALL] = "^^",   [SH_POP_LOWER_FIRST] = ",",
    [SH_POP_TOGGLE_FIRST] = "~", [SH_POP_TOGGLE_ALL] = "~~",
    [SH_POP_LOWER_ALL] = ",,",   [SH_POP_SUBSTR] = ":",
    [SH_POP_TRANSFORM] = "@",    [SH_POP_BAD] = "bad"};

static void parts(dctx *d, const sh_part *pv, size_t n);

static void param(dctx *d, const sh_param *pm) {
  put(d, "(param ");
  str(d, pm->name ? pm->name : "", pm->name ? pm->name_len : 0);
  static const struct {
    unsigned f;
    const char *s;
  } fl[] = {{SH_PF_BRACED, "braced"}, {SH_PF_COLON, "colon"},
            {SH_PF_LENGTH, "length"}, {SH_PF_INDIRECT, "indirect"},
            {SH_PF_KEYS, "keys"},     {SH_PF_PREFIX, "prefix"},
            {SH_PF_AT, "at"},         {SH_PF_STAR, "star"},
            {SH_PF_HAS_LEN, "haslen"}};
  for (size_t i = 0; i < sizeof fl / sizeof *fl; i++)
    if (pm->flags & fl[i].f) {
      put(d, " ");
      put(d, fl[i].s);
    }
  if (pm->index) {
    put(d, " (index ");
    word(d, pm->index);
    put(d, ")");
  }
  if (pm->op != SH_POP_NONE) {
    put(d, " (op ");
    put(d, pop_names[pm->op]);
    if (pm->op == SH_POP_TRANSFORM) {
      char t[2] = {pm->transform, 0};
      put(d, t);
    }
    if (pm->arg) {
      put(d, " ");
      word(d, pm->arg);
    }
    if (pm->arg2) {
      put(d, " ");
      if (!pm->arg) put(d, "- ");
      word(d, pm->arg2);
    }
    put(d, ")");
  }
  put(d, ")");
}

static void part(dctx *d, const sh_part *pt) {
  switch (pt->kind) {
  case SH_PART_LIT: str(d, pt->u.text.s, pt->u.text.len); break;
  case SH_PART_SQ:
    put(d, "(sq ");
    str(d, pt->u.text.s, pt->u.text.len);
    put(d, ")");
    break;
  case SH_PART_ESC:
    put(d, "(esc ");
    str(d, pt->u.text.s, pt->u.text.len);
    put(d, ")");
    break;
  case SH_PART_DQ:
    put(d, "(dq");
    parts(d, pt->u.dq.parts, pt->u.dq.n);
    put(d, ")");
    break;
  case SH_PART_PARAM: param(d, &pt->u.param); break;
  case SH_PART_CMDSUB:
    put(d, pt->u.sub.backquote ? "(bq " : "(cmdsub ");
    node(d, pt->u.sub.body);
    put(d, ")");
    break;
  case SH_PART_PROCSUB:
    put(d, pt->u.sub.out ? "(procsub> " : "(procsub< ");
    node(d, pt->u.sub.body);
    put(d, ")");
    break;
  case SH_PART_ARITH:
    put(d, "(arith ");
    word(d, pt->u.arith);
    put(d, ")");
    break;
  case SH_PART_TILDE:
    put(d, "(tilde ");
    str(d, pt->u.tilde.user, pt->u.tilde.len);
    put(d, ")");
    break;
  case SH_PART_BRACE:
    if (pt->u.brace.is_seq) {
      put(d, "(seq ");
      cstr(d, pt->u.brace.seq_from);
      put(d, " ");
      cstr(d, pt->u.brace.seq_to);
      if (pt->u.brace.seq_step) {
        put(d, " ");
        cstr(d, pt->u.brace.seq_step);
      }
      put(d, ")");
    } else {
      put(d, "(brace");
      for (size_t i = 0; i < pt->u.brace.n; i++) {
        put(d, " ");
        word(d, pt->u.brace.alts[i]);
      }
      put(d, ")");
    }
    break;
  }
}

static void parts(dctx *d, const sh_part *pv, size_t n) {
  for (size_t i = 0; i < n; i++) {
    put(d, " ");
    part(d, &pv[i]);
  }
}

static void word(dctx *d, const sh_word *w) {
  if (!w) {
    put(d, "-");
    return;
  }
  put(d, "(w");
  if (w->line != d->line) putf(d, "@%u", w->line);
  parts(d, w->parts, w->n);
  put(d, ")");
}

static void assign(dctx *d, const sh_assign *a) {
  put(d, "(assign ");
  str(d, a->name, a->name_len);
  if (a->index) {
    put(d, " (index ");
    word(d, a->index);
    put(d, ")");
  }
  if (a->append) put(d, " +=");
  if (a->is_array) {
    put(d, " (array");
    for (size_t i = 0; i < a->n_elems; i++) {
      const sh_array_elem *e = &a->elems[i];
      put(d, " ");
      if (e->key) {
        put(d, "(key ");
        word(d, e->key);
        put(d, e->append ? " +" : "");
        put(d, " ");
        word(d, e->value);
        put(d, ")");
      } else {
        word(d, e->value);
      }
    }
    put(d, ")");
  } else {
    put(d, " ");
    word(d, a->value);
  }
  put(d, ")");
}

static const char *const rop_names[] = {
    [SH_R_IN] = "<",       [SH_R_OUT] = ">",      [SH_R_APPEND] = ">>",
    [SH_R_CLOBBER] = ">|", [SH_R_RDWR] = "<>",    [SH_R_DUP_IN] = "<&",
    [SH_R_DUP_OUT] = ">&", [SH_R_OUT_ERR] = "&>", [SH_R_APPEND_ERR] = "&>>",
    [SH_R_HEREDOC] = "<<", [SH_R_HERESTR] = "<<<"};

static void redir(dctx *d, const sh_redir *r) {
  put(d, " (redir ");
  put(d, rop_names[r->op]);
  if (r->strip_tabs) put(d, "-");
  if (r->fd >= 0) putf(d, " %u", (unsigned)r->fd);
  if (r->fd_var) {
    put(d, " {");
    put(d, r->fd_var);
    put(d, "}");
  }
  if (r->heredoc_quoted) put(d, " quoted");
  put(d, " ");
  word(d, r->target);
  put(d, ")");
}

static void cond(dctx *d, const sh_cond *c) {
  if (!c) {
    put(d, "-");
    return;
  }
  switch (c->kind) {
  case SH_COND_AND:
  case SH_COND_OR:
    put(d, c->kind == SH_COND_AND ? "(and " : "(or ");
    cond(d, c->a);
    put(d, " ");
    cond(d, c->b);
    put(d, ")");
    break;
  case SH_COND_NOT:
    put(d, "(not ");
    cond(d, c->a);
    put(d, ")");
    break;
  case SH_COND_UNARY:
    put(d, "(un ");
    put(d, c->op);
    put(d, " ");
    word(d, c->l);
    put(d, ")");
    break;
  case SH_COND_BINARY:
    put(d, "(bin ");
    put(d, c->op);
    put(d, " ");
    word(d, c->l);
    put(d, " ");
    word(d, c->r);
    put(d, ")");
    break;
  case SH_COND_WORD:
    put(d, "(word ");
    word(d, c->l);
    put(d, ")");
    break;
  }
}

static void head(dctx *d, const char *kind, const sh_node *n) {
  put(d, "(");
  put(d, kind);
  putf(d, "@%u", n->line);
}

static void sub(dctx *d, const sh_node *n) {
  put(d, " ");
  node(d, n);
}

static void node(dctx *d, const sh_node *n) {
  if (!n) {
    put(d, "-");
    return;
  }
  unsigned saved = d->line;
  d->line = n->line;
  switch (n->kind) {
  case SH_NODE_SIMPLE:
    head(d, "simple", n);
    for (size_t i = 0; i < n->u.simple.n_assigns; i++) {
      put(d, " ");
      assign(d, &n->u.simple.assigns[i]);
    }
    for (size_t i = 0; i < n->u.simple.n_words; i++) {
      put(d, " ");
      if (n->u.simple.arg_assigns && n->u.simple.arg_assigns[i]) {
        put(d, "(declarg ");
        word(d, n->u.simple.words[i]);
        put(d, " ");
        assign(d, n->u.simple.arg_assigns[i]);
        put(d, ")");
      } else {
        word(d, n->u.simple.words[i]);
      }
    }
    break;
  case SH_NODE_PIPELINE:
    head(d, "pipe", n);
    if (n->u.pipe.bang) put(d, " !");
    if (n->u.pipe.time) put(d, n->u.pipe.time_posix ? " time-p" : " time");
    for (size_t i = 0; i < n->u.pipe.n; i++) {
      if (i) put(d, n->u.pipe.pipe_err[i - 1] ? " |&" : " |");
      sub(d, n->u.pipe.cmds[i]);
    }
    break;
  case SH_NODE_AND:
  case SH_NODE_OR:
    head(d, n->kind == SH_NODE_AND ? "and" : "or", n);
    sub(d, n->u.bin.a);
    sub(d, n->u.bin.b);
    break;
  case SH_NODE_LIST:
    head(d, "list", n);
    for (size_t i = 0; i < n->u.list.n; i++) {
      sub(d, n->u.list.items[i]);
      if (n->u.list.background[i]) put(d, " &");
    }
    break;
  case SH_NODE_SUBSHELL:
  case SH_NODE_GROUP:
    head(d, n->kind == SH_NODE_SUBSHELL ? "subshell" : "group", n);
    sub(d, n->u.group.body);
    break;
  case SH_NODE_IF:
    head(d, "if", n);
    sub(d, n->u.if_.cond);
    sub(d, n->u.if_.then_part);
    sub(d, n->u.if_.else_part);
    break;
  case SH_NODE_WHILE:
  case SH_NODE_UNTIL:
    head(d, n->kind == SH_NODE_WHILE ? "while" : "until", n);
    sub(d, n->u.loop.cond);
    sub(d, n->u.loop.body);
    break;
  case SH_NODE_FOR:
  case SH_NODE_SELECT:
    head(d, n->kind == SH_NODE_FOR ? "for" : "select", n);
    put(d, " ");
    str(d, n->u.for_.var, n->u.for_.var_len);
    if (n->u.for_.has_in) {
      put(d, " (in");
      for (size_t i = 0; i < n->u.for_.n_words; i++) {
        put(d, " ");
        word(d, n->u.for_.words[i]);
      }
      put(d, ")");
    }
    sub(d, n->u.for_.body);
    break;
  case SH_NODE_CFOR:
    head(d, "cfor", n);
    put(d, " ");
    word(d, n->u.cfor.init);
    put(d, " ");
    word(d, n->u.cfor.cond);
    put(d, " ");
    word(d, n->u.cfor.step);
    sub(d, n->u.cfor.body);
    break;
  case SH_NODE_CASE:
    head(d, "case", n);
    put(d, " ");
    word(d, n->u.case_.subject);
    for (size_t i = 0; i < n->u.case_.n_items; i++) {
      const sh_case_item *it = &n->u.case_.items[i];
      put(d, " (item (pats");
      for (size_t j = 0; j < it->n_patterns; j++) {
        put(d, " ");
        word(d, it->patterns[j]);
      }
      put(d, ")");
      sub(d, it->body);
      put(d, it->term == SH_CASE_BREAK  ? " ;;)"
             : it->term == SH_CASE_FALL ? " ;&)"
                                        : " ;;&)");
    }
    break;
  case SH_NODE_ARITH:
    head(d, "arith", n);
    put(d, " ");
    word(d, n->u.arith.expr);
    break;
  case SH_NODE_COND:
    head(d, "cond", n);
    put(d, " ");
    cond(d, n->u.cond.expr);
    break;
  case SH_NODE_FUNCDEF:
    head(d, "func", n);
    put(d, " ");
    str(d, n->u.func.name, n->u.func.name_len);
    sub(d, n->u.func.body);
    put(d, " (src ");
    str(d, n->u.func.src ? n->u.func.src : "", n->u.func.src_len);
    put(d, ")");
    break;
  case SH_NODE_COPROC:
    head(d, "coproc", n);
    put(d, " ");
    cstr(d, n->u.coproc.name);
    sub(d, n->u.coproc.body);
    break;
  }
  for (size_t i = 0; i < n->n_redirs; i++) redir(d, &n->redirs[i]);
  put(d, ")");
  d->line = saved;
}

int sh_ast_dump(const sh_node *n, vsh_buf *out) {
  dctx d = {out, n ? n->line : 0, 0};
  node(&d, n);
  return d.err;
}

int sh_word_dump(const sh_word *w, vsh_buf *out) {
  dctx d = {out, w ? w->line : 0, 0};
  word(&d, w);
  return d.err;
}
