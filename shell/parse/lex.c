/* lex.c: the character layer and the tokenizer of the recursive-descent
 * parser.  Line continuations (backslash-newline) vanish in sh_ch() and
 * sh_peekc(); quoted contexts that keep them use sh_rawc().  A token is
 * lexed in the mode the parser asks for and cached; asking again in
 * another mode re-lexes a word from its start (words have no side effects
 * outside themselves, newlines are never re-lexed).  Heredoc bodies are
 * read right after the newline token that ends their line. */
#include "shell/parse/parse_int.h"

#include <stdio.h>
#include <string.h>

/* ---- characters ---------------------------------------------------------- */

static void pop_frame(sh_parser *p) {
  sh_frame *f = p->in.frame;
  p->in.s = f->s;
  p->in.n = f->n;
  p->in.pos = f->pos;
  p->in.frame = f->parent;
  if (f->blank)
    p->alias_next = true; /* the word after this alias is checked too */
}

int sh_rawc(sh_parser *p) {
  while (p->in.pos >= p->in.n) {
    if (!p->in.frame) return -1;
    pop_frame(p);
  }
  return (unsigned char)p->in.s[p->in.pos];
}

void sh_rawadv(sh_parser *p) {
  if (sh_rawc(p) < 0) return;
  if (p->in.s[p->in.pos] == '\n') p->in.line++;
  p->in.pos++;
}

int sh_ch(sh_parser *p) {
  for (;;) {
    int c = sh_rawc(p);
    if (c == '\\' && p->in.pos + 1 < p->in.n &&
        p->in.s[p->in.pos + 1] == '\n') {
      p->in.pos += 2;
      p->in.line++;
      continue;
    }
    return c;
  }
}

int sh_peekc(sh_parser *p, size_t k) {
  int c = sh_ch(p);
  if (k == 0 || c < 0) return c;
  const char *s = p->in.s;
  size_t n = p->in.n, i = p->in.pos + 1;
  for (size_t j = 1;; j++) {
    while (i + 1 < n && s[i] == '\\' && s[i + 1] == '\n') i += 2;
    if (i >= n) return -1;
    if (j == k) return (unsigned char)s[i];
    i++;
  }
}

void sh_adv(sh_parser *p) {
  if (sh_ch(p) >= 0) sh_rawadv(p);
}

void sh_skip_blanks(sh_parser *p) {
  for (;;) {
    int c = sh_ch(p);
    if (c != ' ' && c != '\t') return;
    sh_rawadv(p);
  }
}

bool sh_is_name(const char *s, size_t n) {
  if (n == 0 || !(s[0] == '_' || ((s[0] | 32) >= 'a' && (s[0] | 32) <= 'z')))
    return false;
  for (size_t i = 1; i < n; i++) {
    char c = s[i];
    if (!(c == '_' || (c >= '0' && c <= '9') ||
          ((c | 32) >= 'a' && (c | 32) <= 'z')))
      return false;
  }
  return true;
}

/* ---- heredoc bodies ---------------------------------------------------- */

/* A body cut by the end of input: bash warns, naming the line before the
 * body and the last line read. */
static void heredoc_eof(sh_parser *p, const sh_heredoc *h, unsigned body_line) {
  if (!p->opts.warn) return;
  char msg[300];
  snprintf(msg, sizeof msg,
           "here-document at line %u delimited by end-of-file (wanted `%.*s')",
           body_line - 1, (int)(h->delim_len > 200 ? 200 : h->delim_len),
           h->delim);
  bool nl = p->in.n && p->in.s[p->in.n - 1] == '\n';
  p->opts.warn(p->opts.ud, p->in.line - (nl ? 1 : 0), msg);
}

/* Reads each pending body line by line up to its delimiter (or the end of
 * input, which bash accepts with a warning). */
void sh_read_heredocs(sh_parser *p) {
  while (p->hd_head) {
    sh_heredoc *h = p->hd_head;
    p->hd_head = h->next;
    if (!p->hd_head) p->hd_tail = NULL;
    size_t base = p->lit.len;
    unsigned body_line = p->in.line;
    for (;;) {
      if (sh_rawc(p) < 0) {
        heredoc_eof(p, h, body_line);
        break;
      }
      const char *s = p->in.s + p->in.pos;
      size_t avail = p->in.n - p->in.pos;
      const char *nl = memchr(s, '\n', avail);
      size_t ll = nl ? (size_t)(nl - s) : avail;
      size_t skip = 0;
      if (h->r->strip_tabs)
        while (skip < ll && s[skip] == '\t') skip++;
      p->in.pos += ll + (nl ? 1 : 0);
      if (nl) p->in.line++;
      if (ll - skip == h->delim_len && !memcmp(s + skip, h->delim, ll - skip))
        break;
      if (vsh__buf_append(&p->lit, s + skip, ll - skip) ||
          (nl && vsh__buf_putc(&p->lit, '\n')))
        sh_fail(p, VSH_ENOMEM, p->in.line, "out of memory");
    }
    size_t blen = p->lit.len - base;
    if (h->r->heredoc_quoted) {
      sh_word *w = sh_alloc(p, sizeof *w);
      w->parts = sh_alloc(p, sizeof *w->parts);
      w->n = 1;
      w->line = body_line;
      w->parts[0].kind = SH_PART_SQ;
      w->parts[0].u.text.s = sh_strdup(p, p->lit.data + base, blen);
      w->parts[0].u.text.len = blen;
      h->r->target = w;
      h->r->hd_body = w->parts[0].u.text.s;
    } else {
      char *body = sh_strdup(p, p->lit.data + base, blen);
      p->lit.len = base;
      h->r->target = sh_word_from(p, body, blen, body_line, W_HEREDOC, 0);
      h->r->hd_body = body;
    }
    h->r->hd_body_len = blen;
    p->lit.len = base;
  }
}

/* ---- tokens ---------------------------------------------------------- */

static bool is_reserved(const char *s, size_t n) {
  static const char *const rw[] = {
      "if",   "then",  "elif",  "else", "fi", "do",     "done",     "case",
      "esac", "while", "until", "for",  "in", "select", "function", "time",
      "{",    "}",     "[[",    "]]",   "!",  "coproc"};
  for (size_t i = 0; i < sizeof rw / sizeof *rw; i++)
    if (strlen(rw[i]) == n && !memcmp(rw[i], s, n)) return true;
  return false;
}

static void lex_redir(sh_parser *p, sh_tok *t) {
  int c = sh_ch(p);
  int c1 = sh_peekc(p, 1), c2 = sh_peekc(p, 2);
  size_t len = 1;
  t->type = T_REDIR;
  if (c == '&') {
    if (c2 == '>') {
      t->rop = SH_R_APPEND_ERR;
      len = 3;
    } else {
      t->rop = SH_R_OUT_ERR;
      len = 2;
    }
  } else if (c == '<') {
    if (c1 == '<' && c2 == '<') {
      t->rop = SH_R_HERESTR;
      len = 3;
    } else if (c1 == '<' && c2 == '-') {
      t->rop = SH_R_HEREDOC;
      t->strip_tabs = true;
      len = 3;
    } else if (c1 == '<') {
      t->rop = SH_R_HEREDOC;
      len = 2;
    } else if (c1 == '&') {
      t->rop = SH_R_DUP_IN;
      len = 2;
    } else if (c1 == '>') {
      t->rop = SH_R_RDWR;
      len = 2;
    } else {
      t->rop = SH_R_IN;
    }
  } else {
    if (c1 == '>') {
      t->rop = SH_R_APPEND;
      len = 2;
    } else if (c1 == '&') {
      t->rop = SH_R_DUP_OUT;
      len = 2;
    } else if (c1 == '|') {
      t->rop = SH_R_CLOBBER;
      len = 2;
    } else {
      t->rop = SH_R_OUT;
    }
  }
  while (len--) sh_adv(p);
}

/* `N<`, `N>` (digits glued to the operator) and `{var}>`: how many chars
 * the prefix takes, 0 when there is none. */
static size_t redir_prefix(sh_parser *p, int *fd, size_t *var_len) {
  int c = sh_ch(p);
  size_t k = 0;
  if (c >= '0' && c <= '9') {
    long v = 0;
    while ((c = sh_peekc(p, k)) >= '0' && c <= '9') {
      v = v > 100000000 ? v : v * 10 + (c - '0');
      k++;
    }
    if ((c == '<' || c == '>') && sh_peekc(p, k + 1) != '(') {
      *fd = v > 0x7fffffff ? 0x7fffffff : (int)v;
      return k;
    }
    return 0;
  }
  if (c == '{') {
    k = 1;
    while ((c = sh_peekc(p, k)) == '_' || (c >= '0' && c <= '9') ||
           ((c | 32) >= 'a' && (c | 32) <= 'z'))
      k++;
    if (k > 1 && sh_peekc(p, k) == '[') { /* {a[1]}>&-, as bash */
      size_t e = k + 1;
      while ((c = sh_peekc(p, e)) > 0 && c != ']' && c != '\n' && c != '}') e++;
      if (c == ']' && e > k + 1) k = e + 1;
    }
    c = sh_peekc(p, 1);
    if (k > 1 && !(c >= '0' && c <= '9') && sh_peekc(p, k) == '}' &&
        (sh_peekc(p, k + 1) == '<' || sh_peekc(p, k + 1) == '>')) {
      *var_len = k - 1;
      return k + 1;
    }
  }
  return 0;
}

static const char *alias_of(sh_parser *p, const sh_tok *t) {
  if (!p->opts.alias || !t->text || is_reserved(t->text, t->text_len))
    return NULL;
  unsigned n = 0;
  for (sh_frame *f = p->in.frame; f; f = f->parent, n++)
    if (f->alias_len == t->text_len && !memcmp(f->alias, t->text, t->text_len))
      return NULL;
  if (n >= 64) return NULL;
  char name[256];
  if (t->text_len >= sizeof name) return NULL;
  memcpy(name, t->text, t->text_len);
  name[t->text_len] = 0;
  return p->opts.alias(p->opts.ud, name, t->text_len);
}

static void lex(sh_parser *p, sh_tok *t, int mode) {
again:
  memset(t, 0, sizeof *t);
  t->mode = mode;
  t->fd = -1;
  sh_rawc(p);
  t->pre = p->in.pos;
  sh_skip_blanks(p);
  int c = sh_ch(p);
  if (c == '#') {
    while ((c = sh_rawc(p)) >= 0 && c != '\n') sh_rawadv(p);
  }
  bool check_alias = mode == M_CMD || p->alias_next;
  p->alias_next = false;
  t->at = p->in;
  t->line = p->in.line;
  t->start = p->in.pos;
  t->src = p->in.s;
  int c1 = sh_peekc(p, 1);
  switch (c) {
  case -1: t->type = T_EOF; break;
  case '\n':
    sh_rawadv(p);
    t->type = T_NEWLINE;
    if (p->hd_head) sh_read_heredocs(p);
    break;
  case ';':
    sh_adv(p);
    if (c1 == ';') {
      sh_adv(p);
      if (sh_ch(p) == '&') {
        sh_adv(p);
        t->type = T_DSEMI_AND;
      } else {
        t->type = T_DSEMI;
      }
    } else if (c1 == '&') {
      sh_adv(p);
      t->type = T_SEMI_AND;
    } else {
      t->type = T_SEMI;
    }
    break;
  case '&':
    if (c1 == '&') {
      sh_adv(p);
      sh_adv(p);
      t->type = T_AND_IF;
    } else if (c1 == '>' && mode != M_COND) {
      lex_redir(p, t);
    } else {
      sh_adv(p);
      t->type = T_AMP;
    }
    break;
  case '|':
    sh_adv(p);
    if (c1 == '|') {
      sh_adv(p);
      t->type = T_OR_IF;
    } else if (c1 == '&') {
      sh_adv(p);
      t->type = T_PIPE_AMP;
    } else {
      t->type = T_PIPE;
    }
    break;
  case '(':
    if (mode == M_CMD && c1 == '(' && sh_dparen_is_arith(p)) {
      sh_adv(p);
      sh_adv(p);
      t->word = sh_read_word(p, W_ARITH, 0);
      if (sh_ch(p) != ')' || sh_peekc(p, 1) != ')')
        sh_fail_match(p, t->line, ')');
      sh_adv(p);
      sh_adv(p);
      t->type = T_ARITH_CMD;
      break;
    }
    sh_adv(p);
    t->type = T_LPAREN;
    break;
  case ')':
    sh_adv(p);
    t->type = T_RPAREN;
    break;
  case '<':
  case '>':
    if (c1 == '(') goto word;
    if (mode == M_COND) {
      sh_adv(p);
      t->type = T_WORD;
      t->text = c == '<' ? "<" : ">";
      t->text_len = 1;
      t->word = sh_word_from(p, t->text, 1, t->line, W_COND, 0);
      break;
    }
    lex_redir(p, t);
    break;
  default: {
    if (mode != M_COND) {
      size_t var_len = 0;
      int fd = -1;
      size_t k = redir_prefix(p, &fd, &var_len);
      if (k) {
        if (var_len) {
          char buf[256];
          size_t m = var_len < sizeof buf ? var_len : sizeof buf - 1;
          for (size_t i = 0; i < m; i++) buf[i] = (char)sh_peekc(p, i + 1);
          t->fd_var = sh_strdup(p, buf, m);
        } else {
          t->fd = fd;
        }
        while (k--) sh_adv(p);
        int fdv = t->fd;
        const char *fv = t->fd_var;
        lex_redir(p, t);
        t->fd = fdv;
        t->fd_var = fv;
        break;
      }
    }
  word:
    if (mode == M_CMD || mode == M_DECL) {
      sh_lexpos at = p->in;
      t->assign = sh_try_assign(p, mode);
      if (t->assign) {
        t->type = T_WORD;
        if (mode == M_DECL) {
          if (t->assign->is_array) {
            /* the raw text, for let/eval/alias and for printing */
            size_t n = p->in.s == t->src ? p->in.pos - t->start : 0;
            sh_word *w = sh_alloc(p, sizeof *w);
            w->parts = sh_alloc(p, sizeof *w->parts);
            w->n = 1;
            w->line = t->line;
            w->parts[0].kind = SH_PART_LIT;
            w->parts[0].u.text.s = sh_strdup(p, t->src + t->start, n);
            w->parts[0].u.text.len = n;
            t->word = w;
          } else {
            /* the same text again as an ordinary word */
            sh_lexpos end = p->in;
            p->in = at;
            t->word = sh_read_word(p, W_NORMAL,
                                   RW_NOBRACE | (p->extglob ? RW_EXTGLOB : 0));
            p->in = end;
          }
        }
        break;
      }
    }
    unsigned fl = 0;
    if (p->extglob || mode == M_COND || mode == M_CASEPAT) fl |= RW_EXTGLOB;
    int wm = mode == M_COND ? W_COND : mode == M_CASEPAT ? W_CASEPAT : W_NORMAL;
    if (mode == M_COND || mode == M_CASEPAT) fl |= RW_NOBRACE;
    t->word = sh_read_word(p, wm, fl);
    if (t->word->n == 0) {
      /* nothing could start a word here (e.g. a lone { in some modes) */
      sh_adv(p);
      t->type = T_BAD;
      break;
    }
    t->type = T_WORD;
    if (t->word->n == 1 && t->word->parts[0].kind == SH_PART_LIT) {
      t->text = t->word->parts[0].u.text.s;
      t->text_len = t->word->parts[0].u.text.len;
    }
    if (check_alias && t->text) {
      const char *al = alias_of(p, t);
      if (al) {
        size_t n = strlen(al);
        sh_frame *f = sh_alloc(p, sizeof *f);
        f->parent = p->in.frame;
        f->s = p->in.s;
        f->n = p->in.n;
        f->pos = p->in.pos;
        f->alias = t->text;
        f->alias_len = t->text_len;
        /* a trailing blank keeps the alias text from gluing onto what
         * follows it in the source */
        char *txt = sh_alloc(p, n + 2);
        memcpy(txt, al, n);
        txt[n] = ' ';
        p->in.frame = f;
        p->in.s = txt;
        p->in.n = n + 1;
        p->in.pos = 0;
        f->blank = n > 0 && (al[n - 1] == ' ' || al[n - 1] == '\t');
        /* the alias text's first word is checked too (eye2='eye1 ' in
         * a for's name slot reaches eye1's text) */
        p->alias_next = true;
        goto again;
      }
    }
    break;
  }
  }
  t->end = p->in.s == t->src ? p->in.pos : t->start;
}

sh_tok *sh_peek(sh_parser *p, int mode) {
  if (p->have_tok) {
    sh_tok_type ty = p->tok.type;
    if (p->tok.mode == mode ||
        !(ty == T_WORD || ty == T_ARITH_CMD || ty == T_LPAREN ||
          ty == T_REDIR || ty == T_BAD))
      return &p->tok;
    p->in = p->tok.at;
    p->have_tok = false;
  }
  sh_tok t;
  lex(p, &t, mode);
  p->tok = t;
  p->have_tok = true;
  return &p->tok;
}

void sh_consume(sh_parser *p) {
  if (p->have_tok) {
    p->last_src = p->tok.src;
    p->last_end = p->tok.end;
  }
  p->have_tok = false;
}

void sh_tok_text(sh_parser *p, const sh_tok *t, vsh_buf *out) {
  (void)p;
  switch (t->type) {
  case T_NEWLINE: vsh__buf_puts(out, "newline"); return;
  case T_EOF: vsh__buf_puts(out, "EOF"); return;
  default: break;
  }
  if (t->end > t->start)
    vsh__buf_append(out, t->src + t->start, t->end - t->start);
  else if (t->text) vsh__buf_append(out, t->text, t->text_len);
}

sh_node *sh_parse_sub(sh_parser *p, const char *s, size_t n, unsigned line) {
  sh_lexpos saved = p->in;
  bool had = p->have_tok;
  sh_tok tok = p->tok;
  sh_heredoc *hh = p->hd_head, *ht = p->hd_tail;
  bool an = p->alias_next;
  p->in.s = s;
  p->in.n = n;
  p->in.pos = 0;
  p->in.line = line;
  p->in.frame = NULL;
  p->have_tok = false;
  p->hd_head = p->hd_tail = NULL;
  p->alias_next = false;
  sh_node *body = sh_parse_list_until(p, T_EOF);
  if (p->hd_head) sh_read_heredocs(p);
  p->in = saved;
  p->have_tok = had;
  p->tok = tok;
  p->hd_head = hh;
  p->hd_tail = ht;
  p->alias_next = an;
  return body;
}
