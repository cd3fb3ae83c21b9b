/* parse.c: commands (lists, pipelines, simple and compound commands,
 * redirections, function definitions) and the parser API.  Grammar as
 * bash 5.2 accepts it; errors carry bash's message and unwind with
 * longjmp to sh_parser_next, the one boundary.  Every recursion passes
 * sh_enter, which caps nesting at opts.max_depth. */
#include "shell/parse/parse_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- errors and memory -------------------------------------------------- */

void sh_fail(sh_parser *p, int code, unsigned line, const char *fmt, ...) {
  if (p->msg) {
    va_list ap;
    va_start(ap, fmt);
    char buf[512];
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    vsh__buf_puts(p->msg, buf);
  }
  p->err = code;
  p->err_line = line;
  p->cond_err = p->in_cond;
  longjmp(*p->jb, 1);
}

void sh_fail_token(sh_parser *p, const sh_tok *t) {
  if (t->type == T_EOF) sh_fail_eof(p);
  vsh_buf b;
  vsh__buf_init(&b);
  sh_tok_text(p, t, &b);
  char tmp[256];
  snprintf(tmp, sizeof tmp, "%.*s", (int)(b.len > 200 ? 200 : b.len),
           b.data ? b.data : "");
  vsh_buf_dispose(&b);
  sh_fail(p, VSH_EINVAL, t->line, "syntax error near unexpected token `%s'",
          tmp);
}

/* Where a word must follow, the end of the text is the newline bash's
 * lexer gives there: "near unexpected token `newline'". */
static void fail_want_word(sh_parser *p, const sh_tok *t) {
  if (t->type == T_EOF && !p->eof_match)
    sh_fail(p, VSH_EINVAL, t->line,
            "syntax error near unexpected token `newline'");
  sh_fail_token(p, t);
}

void sh_fail_eof(sh_parser *p) {
  if (p->eof_match)
    sh_fail(p, VSH_EINVAL, p->eof_line,
            "unexpected EOF while looking for matching `%c'", p->eof_match);
  sh_fail(p, VSH_EINVAL, p->eof_line, "syntax error: unexpected end of file");
}

void sh_fail_match(sh_parser *p, unsigned line, char c) {
  sh_fail(p, VSH_EINVAL, line, "unexpected EOF while looking for matching `%c'",
          c);
}

void *sh_alloc(sh_parser *p, size_t n) {
  void *m = vsh__arena_zalloc(p->a, n);
  if (!m) sh_fail(p, VSH_ENOMEM, p->in.line, "out of memory");
  return m;
}

char *sh_strdup(sh_parser *p, const char *s, size_t n) {
  char *m = vsh__arena_alloc(p->a, n + 1);
  if (!m) sh_fail(p, VSH_ENOMEM, p->in.line, "out of memory");
  if (n) memcpy(m, s, n);
  m[n] = 0;
  return m;
}

void sh_enter(sh_parser *p, unsigned line) {
  if (++p->depth > p->max_depth)
    sh_fail(p, VSH_ELIMIT, line, "maximum nesting depth exceeded (%u)",
            p->max_depth);
}

/* ---- small growable arrays in the arena ------------------------------ */

typedef struct vec {
  void *v;
  size_t n, cap;
} vec;

static void *vec_push(sh_parser *p, vec *x, size_t esz) {
  if (x->n == x->cap) {
    size_t nc = x->cap ? x->cap * 2 : 4;
    void *nv = sh_alloc(p, nc * esz);
    if (x->n) memcpy(nv, x->v, x->n * esz);
    x->v = nv;
    x->cap = nc;
  }
  void *e = (char *)x->v + x->n * esz;
  x->n++;
  memset(e, 0, esz);
  return e;
}

static sh_node *new_node(sh_parser *p, sh_node_kind k, unsigned line) {
  sh_node *n = sh_alloc(p, sizeof *n);
  n->kind = k;
  n->line = line;
  return n;
}

/* ---- token helpers ------------------------------------------------------ */

static bool is_word(const sh_tok *t, const char *w) {
  return t->type == T_WORD && t->text && !t->assign &&
         t->text_len == strlen(w) && !memcmp(t->text, w, t->text_len);
}

static void skip_newlines(sh_parser *p) {
  while (sh_peek(p, M_CMD)->type == T_NEWLINE) sh_consume(p);
}

static void expect_word(sh_parser *p, const char *w) {
  sh_tok *t = sh_peek(p, M_CMD);
  if (!is_word(t, w)) sh_fail_token(p, t);
  sh_consume(p);
}

/* Words that end a compound list (in command position). */
static bool is_closer(const sh_tok *t) {
  switch (t->type) {
  case T_EOF:
  case T_RPAREN:
  case T_DSEMI:
  case T_SEMI_AND:
  case T_DSEMI_AND: return true;
  case T_WORD:
    return is_word(t, "then") || is_word(t, "elif") || is_word(t, "else") ||
           is_word(t, "fi") || is_word(t, "do") || is_word(t, "done") ||
           is_word(t, "esac") || is_word(t, "}");
  default: return false;
  }
}

/* ---- lists ------------------------------------------------------------ */

static sh_node *parse_and_or(sh_parser *p);

static sh_node *make_list(sh_parser *p, vec *items, vec *bg, unsigned line) {
  sh_node *l = new_node(p, SH_NODE_LIST, line);
  l->u.list.items = items->v;
  l->u.list.background = bg->v;
  l->u.list.n = items->n;
  return l;
}

/* A compound list: commands separated by ; & or newlines, ending before a
 * closer (then, fi, done, ), ;;, ...) which the caller checks. */
static sh_node *parse_clist(sh_parser *p) {
  vec items = {0}, bg = {0};
  unsigned line = 0;
  for (;;) {
    skip_newlines(p);
    sh_tok *t = sh_peek(p, M_CMD);
    if (is_closer(t)) break;
    if (!line) line = t->line;
    sh_node *n = parse_and_or(p);
    *(sh_node **)vec_push(p, &items, sizeof(sh_node *)) = n;
    bool *b = vec_push(p, &bg, sizeof(bool));
    t = sh_peek(p, M_CMD);
    if (t->type == T_SEMI || t->type == T_NEWLINE) {
      sh_consume(p);
    } else if (t->type == T_AMP) {
      *b = true;
      sh_consume(p);
    } else if (!is_closer(t)) {
      sh_fail_token(p, t);
    }
  }
  if (!items.n) return NULL;
  return make_list(p, &items, &bg, line);
}

sh_node *sh_parse_list_until(sh_parser *p, sh_tok_type until) {
  sh_node *l = parse_clist(p);
  sh_tok *t = sh_peek(p, M_CMD);
  if (t->type != until) sh_fail_token(p, t);
  return l;
}

/* A compound list that must not be empty (bash rejects `if then`). */
static sh_node *parse_body(sh_parser *p) {
  sh_node *l = parse_clist(p);
  if (!l) sh_fail_token(p, sh_peek(p, M_CMD));
  return l;
}

sh_node *sh_parse_complete(sh_parser *p) {
  for (;;) {
    sh_tok *t = sh_peek(p, M_CMD);
    if (t->type == T_NEWLINE) {
      sh_consume(p);
      continue;
    }
    if (t->type == T_EOF) return NULL;
    break;
  }
  vec items = {0}, bg = {0};
  unsigned line = sh_peek(p, M_CMD)->line;
  for (;;) {
    sh_tok *t = sh_peek(p, M_CMD);
    if (t->type == T_NEWLINE || t->type == T_EOF) {
      if (t->type == T_NEWLINE) sh_consume(p);
      break;
    }
    sh_node *n = parse_and_or(p);
    *(sh_node **)vec_push(p, &items, sizeof(sh_node *)) = n;
    bool *b = vec_push(p, &bg, sizeof(bool));
    t = sh_peek(p, M_CMD);
    if (t->type == T_SEMI) {
      sh_consume(p);
    } else if (t->type == T_AMP) {
      *b = true;
      sh_consume(p);
    } else if (t->type != T_NEWLINE && t->type != T_EOF) {
      sh_fail_token(p, t);
    }
  }
  return make_list(p, &items, &bg, line);
}

static sh_node *parse_pipeline(sh_parser *p);
#define parse_command sh_rd_command

static sh_node *parse_and_or(sh_parser *p) {
  sh_node *a = parse_pipeline(p);
  for (;;) {
    sh_tok *t = sh_peek(p, M_CMD);
    if (t->type != T_AND_IF && t->type != T_OR_IF) return a;
    sh_node_kind k = t->type == T_AND_IF ? SH_NODE_AND : SH_NODE_OR;
    sh_consume(p);
    skip_newlines(p);
    sh_node *b = parse_pipeline(p);
    sh_node *n = new_node(p, k, a->line);
    n->u.bin.a = a;
    n->u.bin.b = b;
    a = n;
  }
}

static bool ends_pipeline(const sh_tok *t) {
  switch (t->type) {
  case T_EOF:
  case T_NEWLINE:
  case T_SEMI:
  case T_AMP:
  case T_AND_IF:
  case T_OR_IF:
  case T_RPAREN:
  case T_DSEMI:
  case T_SEMI_AND:
  case T_DSEMI_AND: return true;
  default: return is_closer(t);
  }
}

static sh_node *parse_pipeline(sh_parser *p) {
  sh_tok *t = sh_peek(p, M_CMD);
  unsigned line = t->line;
  bool bang = false, timed = false, posix = false, prefix = false;
  for (;;) {
    t = sh_peek(p, M_CMD);
    if (is_word(t, "!")) {
      bang = !bang;
      prefix = true;
      sh_consume(p);
    } else if (is_word(t, "time") && !timed) {
      timed = prefix = true;
      sh_consume(p);
      t = sh_peek(p, M_ARG);
      if (is_word(t, "-p")) {
        posix = true;
        sh_consume(p);
        t = sh_peek(p, M_ARG);
        if (is_word(t, "--")) sh_consume(p);
      }
    } else {
      break;
    }
  }
  vec cmds = {0}, errs = {0};
  if (!(prefix && ends_pipeline(sh_peek(p, M_CMD)))) {
    for (;;) {
      *(sh_node **)vec_push(p, &cmds, sizeof(sh_node *)) = parse_command(p);
      t = sh_peek(p, M_CMD);
      if (t->type != T_PIPE && t->type != T_PIPE_AMP) break;
      *(bool *)vec_push(p, &errs, sizeof(bool)) = t->type == T_PIPE_AMP;
      sh_consume(p);
      skip_newlines(p);
    }
  }
  if (!prefix && cmds.n == 1) return ((sh_node **)cmds.v)[0];
  sh_node *n = new_node(p, SH_NODE_PIPELINE, line);
  n->u.pipe.cmds = cmds.v;
  n->u.pipe.n = cmds.n;
  n->u.pipe.pipe_err = errs.v;
  n->u.pipe.bang = bang;
  n->u.pipe.time = timed;
  n->u.pipe.time_posix = posix;
  return n;
}

/* ---- redirections ------------------------------------------------------- */

static void parse_redir(sh_parser *p, vec *rv) {
  sh_tok *t = sh_peek(p, M_ARG);
  sh_redir *r = vec_push(p, rv, sizeof(sh_redir));
  r->op = t->rop;
  r->fd = t->fd;
  r->fd_var = t->fd_var;
  r->strip_tabs = t->strip_tabs;
  unsigned line = t->line;
  sh_consume(p);
  t = sh_peek(p, M_ARG);
  if (t->type != T_WORD) fail_want_word(p, t);
  if (r->op == SH_R_HEREDOC) {
    sh_heredoc *h = sh_alloc(p, sizeof *h);
    bool quoted;
    sh_heredoc_delim(p, t->src + t->start, t->end - t->start, &h->delim,
                     &h->delim_len, &quoted);
    r->heredoc_quoted = quoted;
    r->hd_delim = t->src + t->start;
    r->hd_delim_len = t->end - t->start;
    h->line = line;
    sh_consume(p);
    /* the body is filled in after the newline; the pointer into the vector
     * stays valid only if the vector does not grow: fixed up by index */
    h->r = r;
    if (p->hd_tail) p->hd_tail->next = h;
    else p->hd_head = h;
    p->hd_tail = h;
    return;
  }
  r->target = t->word;
  sh_consume(p);
}

/* Redirections after a compound command. */
void sh_rd_redirs(sh_parser *p, sh_node *n) {
  vec rv = {0};
  while (sh_peek(p, M_ARG)->type == T_REDIR) {
    if (rv.n == rv.cap) {
      /* heredoc bodies point at their sh_redir: grow by copying the
       * pending pointers along */
      size_t old = rv.n;
      sh_redir *ov = rv.v;
      vec_push(p, &rv, sizeof(sh_redir));
      rv.n = old;
      for (sh_heredoc *h = p->hd_head; h; h = h->next)
        if (ov && h->r >= ov && h->r < ov + old)
          h->r = (sh_redir *)rv.v + (h->r - ov);
    }
    parse_redir(p, &rv);
  }
  n->redirs = rv.v;
  n->n_redirs = rv.n;
}

/* ---- simple commands and function definitions -------------------------- */

/* 1: arguments are assignments (declare & co); 2: NAME=(...) is one word
 * but stays text (let, eval, alias); 0: ordinary */
static int decl_kind(const sh_tok *t) {
  if (is_word(t, "declare") || is_word(t, "typeset") || is_word(t, "local") ||
      is_word(t, "export") || is_word(t, "readonly"))
    return 1;
  if (is_word(t, "let") || is_word(t, "eval") || is_word(t, "alias")) return 2;
  return 0;
}

static sh_node *parse_funcdef_body(sh_parser *p, sh_node *f, size_t start,
                                   const char *src);

/* The tilde prefixes of an argument of `command export`: expanded as in
 * an assignment even in posix mode. */
static void keep_word_tilde(sh_word *w) {
  for (size_t i = 0; i < w->n; i++)
    if (w->parts[i].kind == SH_PART_TILDE) w->parts[i].u.tilde.word_eq = false;
}

static sh_node *parse_simple(sh_parser *p) {
  sh_tok *t = sh_peek(p, M_CMD);
  unsigned line = t->line;
  size_t start = t->start;
  const char *src = t->src;
  vec as = {0}, words = {0}, wa = {0}, rv = {0};
  bool have_wa = false, after_command = false, cmd_decl = false;
  int mode = M_CMD, decl = 0;
  for (;;) {
    t = sh_peek(p, mode);
    if (t->type == T_REDIR) {
      if (rv.n == rv.cap) {
        size_t old = rv.n;
        sh_redir *ov = rv.v;
        vec_push(p, &rv, sizeof(sh_redir));
        rv.n = old;
        for (sh_heredoc *h = p->hd_head; h; h = h->next)
          if (ov && h->r >= ov && h->r < ov + old)
            h->r = (sh_redir *)rv.v + (h->r - ov);
      }
      parse_redir(p, &rv);
      continue;
    }
    if (t->type != T_WORD) break;
    if (t->assign && mode == M_CMD) {
      *(sh_assign *)vec_push(p, &as, sizeof(sh_assign)) = *t->assign;
      sh_consume(p);
      continue;
    }
    if (mode == M_CMD) {
      decl = decl_kind(t);
      after_command = is_word(t, "command");
      sh_tok first = *t;
      sh_consume(p);
      if (!as.n && !rv.n && sh_peek(p, M_ARG)->type == T_LPAREN) {
        /* name ( ) compound-command */
        sh_consume(p);
        sh_tok *r = sh_peek(p, M_ARG);
        if (r->type != T_RPAREN) fail_want_word(p, r); /* "echo (" */
        sh_consume(p);
        sh_node *f = new_node(p, SH_NODE_FUNCDEF, line);
        /* bash accepts any word here and rejects a name that is not
         * valid only when the definition runs: keep the written text */
        if (first.text) {
          f->u.func.name = first.text;
          f->u.func.name_len = first.text_len;
        } else {
          f->u.func.name_len = first.end - first.start;
          f->u.func.name =
              sh_strdup(p, first.src + first.start, f->u.func.name_len);
        }
        return parse_funcdef_body(p, f, start, src);
      }
      *(sh_word **)vec_push(p, &words, sizeof(sh_word *)) = first.word;
      *(sh_assign **)vec_push(p, &wa, sizeof(sh_assign *)) = NULL;
      mode = decl ? M_DECL : M_ARG;
      continue;
    }
    /* command export x=~: posix mode expands the tilde as in an
     * assignment, as bash (which there parses it as one) */
    if (words.n == 1 && after_command &&
        (is_word(t, "export") || is_word(t, "readonly")))
      cmd_decl = true;
    else if (cmd_decl && t->word) keep_word_tilde(t->word);
    if (after_command && words.n >= 2 && t->assign && t->assign->is_array)
      sh_fail(p, VSH_EINVAL, t->line,
              "syntax error near unexpected token `('"); /* as bash's */
    *(sh_word **)vec_push(p, &words, sizeof(sh_word *)) = t->word;
    sh_assign *da = decl == 1 ? t->assign : NULL;
    *(sh_assign **)vec_push(p, &wa, sizeof(sh_assign *)) = da;
    if (da) have_wa = true;
    /* command declare x=$v: posix mode expands the arguments as
     * assignments, as for declare itself (exec decides by the mode) */
    bool cmd_decl_word = words.n == 2 && after_command && decl_kind(t) == 1;
    sh_consume(p);
    if (cmd_decl_word) mode = M_DECL, decl = 1;
  }
  if (!as.n && !words.n && !rv.n) sh_fail_token(p, t);
  sh_node *n = new_node(p, SH_NODE_SIMPLE, line);
  n->u.simple.assigns = as.v;
  n->u.simple.n_assigns = as.n;
  n->u.simple.words = words.v;
  n->u.simple.n_words = words.n;
  n->u.simple.arg_assigns = have_wa ? wa.v : NULL;
  n->redirs = rv.v;
  n->n_redirs = rv.n;
  return n;
}

static bool starts_compound(const sh_tok *t) {
  return t->type == T_LPAREN || t->type == T_ARITH_CMD || is_word(t, "{") ||
         is_word(t, "if") || is_word(t, "while") || is_word(t, "until") ||
         is_word(t, "for") || is_word(t, "select") || is_word(t, "case") ||
         is_word(t, "[[");
}

static sh_node *parse_funcdef_body(sh_parser *p, sh_node *f, size_t start,
                                   const char *src) {
  skip_newlines(p);
  sh_tok *t = sh_peek(p, M_CMD);
  if (!starts_compound(t)) sh_fail_token(p, t);
  sh_enter(p, f->line);
  f->u.func.body = parse_command(p);
  sh_leave(p);
  if (p->last_src == src && p->last_end >= start) {
    f->u.func.src = src + start;
    f->u.func.src_len = p->last_end - start;
  }
  return f;
}

static sh_node *parse_function_kw(sh_parser *p) {
  sh_tok *t = sh_peek(p, M_CMD);
  unsigned line = t->line;
  size_t start = t->start;
  const char *src = t->src;
  sh_consume(p);
  t = sh_peek(p, M_ARG);
  if (t->type != T_WORD || !t->text) fail_want_word(p, t);
  sh_node *f = new_node(p, SH_NODE_FUNCDEF, line);
  f->u.func.name = t->text;
  f->u.func.name_len = t->text_len;
  sh_consume(p);
  t = sh_peek(p, M_ARG);
  if (t->type == T_LPAREN) {
    sh_consume(p);
    t = sh_peek(p, M_ARG);
    if (t->type != T_RPAREN) sh_fail_token(p, t);
    sh_consume(p);
  }
  return parse_funcdef_body(p, f, start, src);
}

/* ---- compound commands ------------------------------------------------- */

static sh_node *parse_if(sh_parser *p, unsigned line) {
  sh_consume(p); /* if / elif */
  sh_node *n = new_node(p, SH_NODE_IF, line);
  n->u.if_.cond = parse_body(p);
  expect_word(p, "then");
  n->u.if_.then_part = parse_body(p);
  sh_tok *t = sh_peek(p, M_CMD);
  if (is_word(t, "elif")) {
    sh_enter(p, t->line);
    n->u.if_.else_part = parse_if(p, t->line);
    sh_leave(p);
    return n;
  }
  if (is_word(t, "else")) {
    sh_consume(p);
    n->u.if_.else_part = parse_body(p);
  }
  expect_word(p, "fi");
  return n;
}

static sh_node *parse_do_group(sh_parser *p) {
  sh_tok *t = sh_peek(p, M_CMD);
  if (is_word(t, "{")) {
    sh_consume(p);
    sh_node *b = parse_body(p);
    expect_word(p, "}");
    return b;
  }
  expect_word(p, "do");
  sh_node *b = parse_body(p);
  expect_word(p, "done");
  return b;
}

static sh_word *cfor_part(sh_parser *p, sh_word *w) {
  if (!w->n) return NULL;
  /* all blanks: absent */
  bool blank = true;
  for (size_t i = 0; i < w->n && blank; i++) {
    if (w->parts[i].kind != SH_PART_LIT) {
      blank = false;
      break;
    }
    for (size_t j = 0; j < w->parts[i].u.text.len; j++) {
      char c = w->parts[i].u.text.s[j];
      if (c != ' ' && c != '\t' && c != '\n') blank = false;
    }
  }
  (void)p;
  return blank ? NULL : w;
}

/* (( init; cond; step )) at the current position. */
void sh_rd_cfor_header(sh_parser *p, sh_node *n) {
  unsigned line = n->line;
  sh_adv(p);
  sh_adv(p);
  sh_word *w[3];
  for (int i = 0; i < 3; i++) {
    w[i] = sh_read_word(p, W_CFOR, 0);
    int c = sh_ch(p);
    if (i < 2) {
      if (c != ';') {
        if (c < 0) sh_fail_match(p, line, ')');
        sh_fail(p, VSH_EINVAL, p->in.line, "syntax error: `;' unexpected");
      }
      sh_adv(p);
    }
  }
  if (sh_ch(p) != ')' || sh_peekc(p, 1) != ')') sh_fail_match(p, line, ')');
  sh_adv(p);
  sh_adv(p);
  n->u.cfor.init = cfor_part(p, w[0]);
  n->u.cfor.cond = cfor_part(p, w[1]);
  n->u.cfor.step = cfor_part(p, w[2]);
}

static sh_node *parse_for(sh_parser *p, unsigned line, bool select) {
  sh_consume(p);
  sh_skip_blanks(p);
  if (!select && !p->have_tok && sh_ch(p) == '(' && sh_peekc(p, 1) == '(') {
    sh_node *n = new_node(p, SH_NODE_CFOR, line);
    sh_rd_cfor_header(p, n);
    sh_tok *t = sh_peek(p, M_CMD);
    if (t->type == T_SEMI) sh_consume(p);
    skip_newlines(p);
    n->u.cfor.body = parse_do_group(p);
    return n;
  }
  sh_node *n = new_node(p, select ? SH_NODE_SELECT : SH_NODE_FOR, line);
  sh_tok *t = sh_peek(p, M_ARG);
  if (t->type != T_WORD || !t->text) fail_want_word(p, t);
  n->u.for_.var = t->text;
  n->u.for_.var_len = t->text_len;
  sh_consume(p);
  t = sh_peek(p, M_CMD);
  if (t->type == T_SEMI) {
    sh_consume(p);
    skip_newlines(p);
  } else {
    skip_newlines(p);
    t = sh_peek(p, M_CMD);
    if (is_word(t, "in")) {
      sh_consume(p);
      n->u.for_.has_in = true;
      vec words = {0};
      for (;;) {
        t = sh_peek(p, M_ARG);
        if (t->type != T_WORD) break;
        *(sh_word **)vec_push(p, &words, sizeof(sh_word *)) = t->word;
        sh_consume(p);
      }
      if (t->type != T_SEMI && t->type != T_NEWLINE) sh_fail_token(p, t);
      sh_consume(p);
      skip_newlines(p);
      n->u.for_.words = words.v;
      n->u.for_.n_words = words.n;
    }
  }
  n->u.for_.body = parse_do_group(p);
  return n;
}

static sh_node *parse_case(sh_parser *p, unsigned line) {
  sh_consume(p);
  sh_node *n = new_node(p, SH_NODE_CASE, line);
  sh_tok *t = sh_peek(p, M_ARG);
  if (t->type != T_WORD) fail_want_word(p, t);
  n->u.case_.subject = t->word;
  sh_consume(p);
  skip_newlines(p);
  t = sh_peek(p, M_ARG);
  if (!is_word(t, "in")) sh_fail_token(p, t);
  sh_consume(p);
  vec items = {0};
  for (;;) {
    while ((t = sh_peek(p, M_CASEPAT))->type == T_NEWLINE) sh_consume(p);
    if (is_word(t, "esac")) {
      sh_consume(p);
      break;
    }
    if (t->type == T_LPAREN) {
      sh_consume(p);
      t = sh_peek(p, M_CASEPAT);
    }
    sh_case_item *it = vec_push(p, &items, sizeof(sh_case_item));
    vec pats = {0};
    for (;;) {
      if (t->type != T_WORD) sh_fail_token(p, t);
      *(sh_word **)vec_push(p, &pats, sizeof(sh_word *)) = t->word;
      sh_consume(p);
      t = sh_peek(p, M_CASEPAT);
      if (t->type == T_PIPE) {
        sh_consume(p);
        t = sh_peek(p, M_CASEPAT);
        continue;
      }
      if (t->type != T_RPAREN) sh_fail_token(p, t);
      sh_consume(p);
      break;
    }
    it->patterns = pats.v;
    it->n_patterns = pats.n;
    it->body = parse_clist(p);
    t = sh_peek(p, M_CMD);
    if (t->type == T_DSEMI || t->type == T_SEMI_AND || t->type == T_DSEMI_AND) {
      it->term = t->type == T_DSEMI      ? SH_CASE_BREAK
                 : t->type == T_SEMI_AND ? SH_CASE_FALL
                                         : SH_CASE_CONTINUE;
      sh_consume(p);
      continue;
    }
    if (is_word(t, "esac")) {
      sh_consume(p);
      break;
    }
    sh_fail_token(p, t);
  }
  n->u.case_.items = items.v;
  n->u.case_.n_items = items.n;
  return n;
}

static sh_node *parse_coproc(sh_parser *p, unsigned line) {
  sh_consume(p);
  sh_node *n = new_node(p, SH_NODE_COPROC, line);
  sh_tok *t = sh_peek(p, M_CMD);
  if (t->type == T_WORD && t->text && !t->assign && !starts_compound(t) &&
      sh_is_name(t->text, t->text_len)) {
    sh_lexpos at = t->at;
    const char *name = t->text;
    sh_consume(p);
    sh_tok *u = sh_peek(p, M_CMD);
    if (starts_compound(u)) {
      n->u.coproc.name = name;
    } else {
      p->have_tok = false;
      p->in = at;
    }
  }
  n->u.coproc.body = parse_command(p);
  return n;
}

sh_node *parse_command(sh_parser *p) {
  sh_tok *t = sh_peek(p, M_CMD);
  unsigned line = t->line;
  sh_enter(p, line);
  sh_node *n = NULL;
  switch (t->type) {
  case T_LPAREN:
    sh_consume(p);
    n = new_node(p, SH_NODE_SUBSHELL, line);
    n->u.group.body = parse_body(p);
    t = sh_peek(p, M_CMD);
    if (t->type != T_RPAREN) sh_fail_token(p, t);
    sh_consume(p);
    break;
  case T_ARITH_CMD:
    n = new_node(p, SH_NODE_ARITH, line);
    n->u.arith.expr = t->word;
    sh_consume(p);
    break;
  case T_WORD:
    if (!t->text || t->assign) break;
    if (is_word(t, "{")) {
      sh_consume(p);
      n = new_node(p, SH_NODE_GROUP, line);
      n->u.group.body = parse_body(p);
      expect_word(p, "}");
    } else if (is_word(t, "if")) {
      n = parse_if(p, line);
    } else if (is_word(t, "while") || is_word(t, "until")) {
      n = new_node(p, is_word(t, "while") ? SH_NODE_WHILE : SH_NODE_UNTIL,
                   line);
      sh_consume(p);
      n->u.loop.cond = parse_body(p);
      expect_word(p, "do");
      n->u.loop.body = parse_body(p);
      expect_word(p, "done");
    } else if (is_word(t, "for")) {
      n = parse_for(p, line, false);
    } else if (is_word(t, "select")) {
      n = parse_for(p, line, true);
    } else if (is_word(t, "case")) {
      n = parse_case(p, line);
    } else if (is_word(t, "[[")) {
      sh_consume(p);
      n = new_node(p, SH_NODE_COND, line);
      n->u.cond.expr = sh_parse_cond(p);
    } else if (is_word(t, "function")) {
      n = parse_function_kw(p);
      sh_leave(p);
      return n;
    } else if (is_word(t, "coproc")) {
      n = parse_coproc(p, line);
      sh_leave(p);
      return n;
    } else if (is_closer(t) || is_word(t, "in") || is_word(t, "]]") ||
               is_word(t, "!") || is_word(t, "time")) {
      if (!is_word(t, "in") && !is_word(t, "]]")) sh_fail_token(p, t);
    }
    break;
  default: break;
  }
  if (n) {
    sh_rd_redirs(p, n);
  } else {
    n = parse_simple(p);
  }
  sh_leave(p);
  return n;
}

/* ---- API ------------------------------------------------------------------ */

void sh_unit_ref(sh_unit *u) {
  if (u) atomic_fetch_add(&u->rc, 1);
}

void sh_unit_unref(sh_unit *u) {
  if (!u || atomic_fetch_sub(&u->rc, 1) != 1) return;
  const vsh_allocator *al = u->arena.al;
  vsh__arena_dispose(&u->arena);
  vsh__free(al, u, sizeof *u);
}

int sh_parser_new(sh_parser **out, const char *src, size_t len,
                  const sh_parse_opts *opts) {
  *out = NULL;
  sh_parse_opts o = {0};
  if (opts) o = *opts;
  if (!o.max_depth) o.max_depth = 200;
  if (!o.max_size) o.max_size = (size_t)64 << 20;
  if (len > o.max_size) return VSH_ELIMIT;
  sh_parser *p = vsh__calloc(NULL, sizeof *p);
  sh_unit *u = vsh__calloc(NULL, sizeof *u);
  if (!p || !u) {
    vsh__free(NULL, p, sizeof *p);
    vsh__free(NULL, u, sizeof *u);
    return VSH_ENOMEM;
  }
  atomic_init(&u->rc, 1);
  vsh__arena_init(&u->arena, NULL);
  char *copy = vsh__arena_alloc(&u->arena, len + 1);
  const char *name = o.name ? o.name : "vsh";
  char *ncopy = vsh__arena_strndup(&u->arena, name, strlen(name));
  if (!copy || !ncopy) {
    sh_unit_unref(u);
    vsh__free(NULL, p, sizeof *p);
    return VSH_ENOMEM;
  }
  if (len) memcpy(copy, src, len);
  copy[len] = 0;
  u->source = copy;
  u->source_len = len;
  u->name = ncopy;
  p->unit = u;
  p->a = &u->arena;
  p->opts = o;
  p->extglob = o.extglob;
  p->max_depth = o.max_depth;
  p->src = copy;
  p->src_len = len;
  p->in.s = copy;
  p->in.n = len;
  p->in.line = o.first_line ? o.first_line : 1;
  unsigned nl = 0;
  for (const char *q = copy; (q = memchr(q, '\n', (size_t)(copy + len - q)));
       q++)
    nl++;
  p->eof_line = p->in.line + nl + ((len && copy[len - 1] != '\n') ? 1 : 0);
  if (len == 0) p->eof_line = p->in.line;
  vsh__buf_init(&p->lit);
  /* never NULL afterwards: offsets into it are taken before any append */
  if (vsh__buf_reserve(&p->lit, 256)) {
    sh_parser_free(p);
    return VSH_ENOMEM;
  }
#ifdef VSH_HAVE_TS_BASH
  if (o.use_tree_sitter) {
    int rc = sh_ts_begin(p);
    if (rc) {
      sh_parser_free(p);
      return rc;
    }
  }
#endif
  *out = p;
  return 0;
}

/* Runs one RD top-level parse under the error boundary. */
int sh_rd_next(sh_parser *p, sh_node **out) {
  jmp_buf jb;
  jmp_buf *outer = p->jb;
  p->jb = &jb;
  if (setjmp(jb)) {
    p->jb = outer;
    p->done = true;
    p->lit.len = 0;
    return p->err;
  }
  p->depth = 0;
  p->eof_match = 0;
  *out = sh_parse_complete(p);
  p->jb = outer;
  return 0;
}

int sh_parser_next(sh_parser *p, sh_node **out, vsh_buf *msg,
                   unsigned *err_line) {
  *out = NULL;
  if (p->done) return 0;
  p->msg = msg;
  p->err_line = 0;
  int rc;
#ifdef VSH_HAVE_TS_BASH
  if (p->ts) rc = sh_ts_next(p, out);
  else
#endif
    rc = sh_rd_next(p, out);
  if (rc) {
    p->done = true;
    if (err_line) *err_line = p->err_line;
  } else if (!*out) {
    p->done = true;
  }
  p->msg = NULL;
  return rc;
}

bool sh_parser_cond_error(const sh_parser *p) { return p->cond_err; }

void sh_parser_set_extglob(sh_parser *p, bool on) { p->extglob = on; }

size_t sh_parser_offset(sh_parser *p) {
  const sh_lexpos *at = p->have_tok ? &p->tok.at : &p->in;
  if (p->done) return p->src_len;
  return at->s == p->src ? at->pos : p->last_end;
}

sh_unit *sh_parser_unit(sh_parser *p) { return p->unit; }

void sh_parser_free(sh_parser *p) {
  if (!p) return;
#ifdef VSH_HAVE_TS_BASH
  sh_ts_free(p);
#endif
  vsh_buf_dispose(&p->lit);
  sh_unit_unref(p->unit);
  vsh__free(NULL, p, sizeof *p);
}
int sh_parse_text(sh_parser *p, const char *s, size_t n, bool subscript,
                  sh_word **out) {
  jmp_buf jb;
  jmp_buf *outer = p->jb;
  p->jb = &jb;
  if (setjmp(jb)) {
    p->jb = outer;
    p->lit.len = 0;
    *out = NULL;
    return p->err ? p->err : VSH_EINVAL;
  }
  *out = sh_word_from(p, s, n, 1, subscript ? W_SUBSCRIPT : W_HEREDOC, 0);
  p->jb = outer;
  return 0;
}

int sh_parse_all(sh_unit **out, const char *src, size_t len,
                 const sh_parse_opts *opts, vsh_buf *msg, unsigned *err_line) {
  *out = NULL;
  sh_parser *p;
  int rc = sh_parser_new(&p, src, len, opts);
  if (rc) return rc;
  vec items = {0}, bg = {0};
  unsigned line = 0;
  jmp_buf jb;
  p->jb = &jb;
  if (setjmp(jb)) { /* OOM while collecting */
    sh_parser_free(p);
    return VSH_ENOMEM;
  }
  for (;;) {
    sh_node *n;
    rc = sh_parser_next(p, &n, msg, err_line);
    if (rc) {
      sh_parser_free(p);
      return rc;
    }
    if (!n) break;
    /* flatten: the root is one list of every top-level command */
    for (size_t i = 0; i < n->u.list.n; i++) {
      if (!line) line = n->line;
      *(sh_node **)vec_push(p, &items, sizeof(sh_node *)) = n->u.list.items[i];
      *(bool *)vec_push(p, &bg, sizeof(bool)) = n->u.list.background[i];
    }
  }
  sh_unit *u = p->unit;
  if (items.n) u->root = make_list(p, &items, &bg, line);
  sh_unit_ref(u);
  sh_parser_free(p);
  *out = u;
  return 0;
}
