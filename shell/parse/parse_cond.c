/* parse_cond.c: [[ ... ]] expressions.  Operands are words lexed in the
 * conditional mode (extglob always on, < and > are operators, newlines
 * are blanks); the right side of =~ follows bash's regex rule: ( ) and |
 * are part of the word and blanks inside parentheses too.  Error texts are
 * bash's. */
#include "shell/parse/parse_int.h"

#include <stdio.h>
#include <string.h>

static const char *const unary_ops[] = {
    "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k",
    "-p", "-r", "-s", "-t", "-u", "-w", "-x", "-G", "-L",
    "-N", "-O", "-S", "-z", "-n", "-o", "-v", "-R", NULL};
static const char *const binary_ops[] = {
    "==",  "=",   "!=",  "<",   ">",   "=~",  "-eq", "-ne",
    "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef", NULL};

static const char *find_op(const char *const *ops, const sh_tok *t) {
  if (t->type != T_WORD || !t->text) return NULL;
  for (size_t i = 0; ops[i]; i++)
    if (strlen(ops[i]) == t->text_len && !memcmp(ops[i], t->text, t->text_len))
      return ops[i];
  return NULL;
}

static bool is_end(const sh_tok *t) {
  return t->type == T_WORD && t->text && t->text_len == 2 &&
         !memcmp(t->text, "]]", 2);
}

static sh_tok *next(sh_parser *p) {
  sh_tok *t;
  while ((t = sh_peek(p, M_COND))->type == T_NEWLINE) sh_consume(p);
  return t;
}

static void tok_str(sh_parser *p, const sh_tok *t, char *buf, size_t n) {
  vsh_buf b;
  vsh__buf_init(&b);
  sh_tok_text(p, t, &b);
  snprintf(buf, n, "%.*s", (int)(b.len > 200 ? 200 : b.len),
           b.data ? b.data : "");
  vsh_buf_dispose(&b);
}

static _Noreturn void cond_fail(sh_parser *p, const sh_tok *t,
                                const char *fmt) {
  if (t->type == T_EOF && p->eof_match) sh_fail_eof(p);
  char buf[256];
  if (t->type == T_EOF) /* the text's end is the newline bash reads */
    snprintf(buf, sizeof buf, "newline");
  else tok_str(p, t, buf, sizeof buf);
  sh_fail(p, VSH_EINVAL, t->line, fmt, buf);
}

static sh_cond *new_cond(sh_parser *p, sh_cond_kind k) {
  sh_cond *c = sh_alloc(p, sizeof *c);
  c->kind = k;
  return c;
}

static sh_cond *cond_or(sh_parser *p);

static sh_cond *cond_prim(sh_parser *p) {
  sh_tok *t = next(p);
  sh_enter(p, t->line);
  sh_cond *c;
  if (t->type == T_LPAREN) {
    sh_consume(p);
    c = cond_or(p);
    t = next(p);
    if (t->type != T_RPAREN)
      cond_fail(p, t, "unexpected token `%s', expected `)'");
    sh_consume(p);
    c->paren = true;
  } else if (t->type == T_WORD && t->text && t->text_len == 1 &&
             t->text[0] == '!') {
    sh_consume(p);
    c = new_cond(p, SH_COND_NOT);
    c->a = cond_prim(p);
  } else if (t->type == T_WORD && !p->extglob && t->end > t->start + 1 &&
             t->src[t->start] == '!' && t->src[t->start + 1] == '(') {
    /* without extglob an operand's !( is negation and a group, as bash
     * reads [[ !($x) ]]; re-read after the ! */
    p->in = t->at;
    sh_rawadv(p);
    p->have_tok = false;
    c = new_cond(p, SH_COND_NOT);
    c->a = cond_prim(p);
  } else if (t->type == T_WORD && !is_end(t)) {
    const char *uop = find_op(unary_ops, t);
    sh_word *w = t->word;
    unsigned line = t->line;
    sh_consume(p);
    sh_tok *u = sh_peek(p, M_COND);
    if (uop) {
      if (u->type != T_WORD || is_end(u) ||
          (u->text && u->text_len == 1 && (*u->text == '<' || *u->text == '>')))
        cond_fail(p, u,
                  "unexpected argument `%s' to conditional unary "
                  "operator");
      c = new_cond(p, SH_COND_UNARY);
      c->op = uop;
      c->l = u->word;
      sh_consume(p);
    } else if (u->type == T_AND_IF || u->type == T_OR_IF ||
               u->type == T_RPAREN || is_end(u)) {
      c = new_cond(p, SH_COND_WORD);
      c->l = w;
    } else if (u->type == T_WORD) {
      const char *bop = find_op(binary_ops, u);
      if (!bop)
        sh_fail(p, VSH_EINVAL, line, "conditional binary operator expected");
      sh_consume(p);
      c = new_cond(p, SH_COND_BINARY);
      c->op = bop;
      c->l = w;
      if (!strcmp(bop, "=~")) {
        sh_skip_blanks(p);
        int ch = sh_ch(p);
        if (ch < 0 || ch == '\n') {
          sh_tok *v = sh_peek(p, M_COND);
          cond_fail(p, v,
                    "unexpected argument `%s' to conditional binary "
                    "operator");
        }
        c->r = sh_read_word(p, W_REGEX, RW_NOBRACE);
        if (c->r->n == 0) {
          sh_tok *v = sh_peek(p, M_COND);
          cond_fail(p, v,
                    "unexpected argument `%s' to conditional binary "
                    "operator");
        }
        if (c->r->n == 1 && c->r->parts[0].kind == SH_PART_LIT &&
            c->r->parts[0].u.text.len == 2 &&
            !memcmp(c->r->parts[0].u.text.s, "]]", 2)) {
          sh_tok v = {
              .type = T_WORD, .text = "]]", .text_len = 2, .line = p->in.line};
          cond_fail(p, &v,
                    "unexpected argument `%s' to conditional binary "
                    "operator");
        }
      } else {
        sh_tok *v = sh_peek(p, M_COND);
        if (v->type != T_WORD || is_end(v))
          cond_fail(p, v,
                    "unexpected argument `%s' to conditional binary "
                    "operator");
        c->r = v->word;
        sh_consume(p);
      }
    } else {
      cond_fail(p, u,
                "unexpected token `%s', conditional binary operator "
                "expected");
    }
  } else {
    if (t->type == T_EOF && p->eof_match) sh_fail_eof(p);
    if (t->type == T_EOF)
      sh_fail(p, VSH_EINVAL, p->eof_line,
              "unexpected token `EOF' in conditional command");
    if (is_end(t)) /* [[ ]], [[ a && ]]: bash says nothing */
      sh_fail(p, VSH_EINVAL, t->line, "%s", "");
    cond_fail(p, t, "unexpected token `%s' in conditional command");
  }
  sh_leave(p);
  return c;
}

static sh_cond *cond_and(sh_parser *p) {
  sh_cond *a = cond_prim(p);
  while (next(p)->type == T_AND_IF) {
    sh_consume(p);
    sh_cond *c = new_cond(p, SH_COND_AND);
    c->a = a;
    c->b = cond_prim(p);
    a = c;
  }
  return a;
}

static sh_cond *cond_or(sh_parser *p) {
  sh_cond *a = cond_and(p);
  while (next(p)->type == T_OR_IF) {
    sh_consume(p);
    sh_cond *c = new_cond(p, SH_COND_OR);
    c->a = a;
    c->b = cond_and(p);
    a = c;
  }
  return a;
}

sh_cond *sh_parse_cond(sh_parser *p) {
  bool outer = p->in_cond;
  p->in_cond = true;
  sh_cond *c = cond_or(p);
  sh_tok *t = next(p);
  if (!is_end(t)) {
    if (t->type == T_EOF) sh_fail_eof(p);
    sh_fail(p, VSH_EINVAL, t->line, "syntax error in conditional expression");
  }
  sh_consume(p);
  p->in_cond = outer;
  return c;
}
