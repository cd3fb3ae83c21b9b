/* parse_word.c: words with their full structure: quotes, escapes, $x and
 * ${...} with every operator, $( ) parsed recursively, backquotes, $(( ))
 * and $[ ], process substitution, extglob groups, then brace-expansion
 * structure and tilde prefixes as a pass over the finished parts.
 * Literal text is assembled at the tail of p->lit (a stack, so nested
 * words may use it) and copied into the arena when a part is closed. */
#include "shell/parse/parse_int.h"

#include <ctype.h>
#include <string.h>

typedef struct partv {
  sh_part *v;
  size_t n, cap;
} partv;

static sh_part *push_part(sh_parser *p, partv *pv, sh_part_kind k) {
  if (pv->n == pv->cap) {
    size_t nc = pv->cap ? pv->cap * 2 : 2;
    sh_part *nv = sh_alloc(p, nc * sizeof *nv);
    if (pv->n) memcpy(nv, pv->v, pv->n * sizeof *nv);
    pv->v = nv;
    pv->cap = nc;
  }
  sh_part *pt = &pv->v[pv->n++];
  memset(pt, 0, sizeof *pt);
  pt->kind = k;
  return pt;
}

typedef struct wctx {
  sh_parser *p;
  partv pv;
  size_t base;     /* start of this word's text in p->lit */
  sh_part_kind lk; /* kind of the pending text: LIT or ESC */
  int mode;
  unsigned flags;
} wctx;

static void flush(wctx *w) {
  sh_parser *p = w->p;
  if (p->lit.len > w->base) {
    size_t n = p->lit.len - w->base;
    sh_part *pt = push_part(p, &w->pv, w->lk);
    pt->u.text.s = sh_strdup(p, p->lit.data + w->base, n);
    pt->u.text.len = n;
    p->lit.len = w->base;
  }
}

static void putc_k(wctx *w, sh_part_kind k, int c) {
  if (w->lk != k) {
    flush(w);
    w->lk = k;
  }
  if (vsh__buf_putc(&w->p->lit, (char)c))
    sh_fail(w->p, VSH_ENOMEM, w->p->in.line, "out of memory");
}

static void lit_putc(sh_parser *p, int c) {
  if (vsh__buf_putc(&p->lit, (char)c))
    sh_fail(p, VSH_ENOMEM, p->in.line, "out of memory");
}

static sh_word *finish(wctx *w, unsigned line) {
  flush(w);
  sh_word *wd = sh_alloc(w->p, sizeof *wd);
  wd->parts = w->pv.v;
  wd->n = w->pv.n;
  wd->line = line;
  return wd;
}

static sh_part *new_part(wctx *w, sh_part_kind k) {
  flush(w);
  return push_part(w->p, &w->pv, k);
}

static bool is_meta(int c) {
  return c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '&' ||
         c == '|' || c == '<' || c == '>' || c == '(' || c == ')';
}

static bool name_start(int c) {
  return c == '_' || ((c | 32) >= 'a' && (c | 32) <= 'z');
}
static bool name_char(int c) { return name_start(c) || (c >= '0' && c <= '9'); }

/* ---- quotes ------------------------------------------------------------ */

static void read_sq(wctx *w) {
  sh_parser *p = w->p;
  unsigned line = p->in.line;
  sh_rawadv(p); /* ' */
  size_t start = p->in.pos;
  const char *s = p->in.s;
  int c;
  while ((c = sh_rawc(p)) != '\'') {
    if (c < 0 || p->in.s != s) sh_fail_match(p, line, '\'');
    sh_rawadv(p);
  }
  size_t n = p->in.pos - start;
  sh_rawadv(p);
  sh_part *pt = new_part(w, SH_PART_SQ);
  const char *z = memchr(s + start, 0, n);
  if (z) n = (size_t)(z - (s + start));
  pt->u.text.s = sh_strdup(p, s + start, n);
  pt->u.text.len = n;
}

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if ((c | 32) >= 'a' && (c | 32) <= 'f') return (c | 32) - 'a' + 10;
  return -1;
}

/* $'...': decodes bash's escapes; the text stops at a decoded NUL. */
static void read_ansi(wctx *w) {
  sh_parser *p = w->p;
  unsigned line = p->in.line;
  sh_rawadv(p); /* $ */
  sh_rawadv(p); /* ' */
  size_t base = p->lit.len;
  bool cut = false;
  for (;;) {
    int c = sh_rawc(p);
    if (c < 0) sh_fail_match(p, line, '\'');
    sh_rawadv(p);
    if (c == '\'') break;
    if (c != '\\') {
      if (!cut) lit_putc(p, c);
      continue;
    }
    c = sh_rawc(p);
    if (c < 0) sh_fail_match(p, line, '\'');
    sh_rawadv(p);
    long v = -1;
    switch (c) {
    case 'a': v = 7; break;
    case 'b': v = 8; break;
    case 'e':
    case 'E': v = 27; break;
    case 'f': v = 12; break;
    case 'n': v = 10; break;
    case 'r': v = 13; break;
    case 't': v = 9; break;
    case 'v': v = 11; break;
    case '\\': v = '\\'; break;
    case '\'': v = '\''; break;
    case '"': v = '"'; break;
    case '?': v = '?'; break;
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7': {
      v = c - '0';
      for (int i = 1; i < 3; i++) {
        int d = sh_rawc(p);
        if (d < '0' || d > '7') break;
        v = v * 8 + (d - '0');
        sh_rawadv(p);
      }
      v &= 0xff;
      break;
    }
    case 'x': {
      int digits = 0;
      v = 0;
      while (digits < 2 && hexval(sh_rawc(p)) >= 0) {
        v = v * 16 + hexval(sh_rawc(p));
        sh_rawadv(p);
        digits++;
      }
      if (!digits) {
        if (!cut) {
          lit_putc(p, '\\');
          lit_putc(p, 'x');
        }
        continue;
      }
      break;
    }
    case 'u':
    case 'U': {
      int max = c == 'u' ? 4 : 8, digits = 0;
      unsigned long cp = 0;
      while (digits < max && hexval(sh_rawc(p)) >= 0) {
        cp = cp * 16 + (unsigned long)hexval(sh_rawc(p));
        sh_rawadv(p);
        digits++;
      }
      if (!digits) {
        if (!cut) {
          lit_putc(p, '\\');
          lit_putc(p, c);
        }
        continue;
      }
      if (cp == 0) {
        cut = true;
        continue;
      }
      char enc[4];
      int m = cp <= 0x7fffffff ? vsh__utf8_encode((int32_t)cp, enc) : 0;
      if (!cut) {
        if (m > 0) {
          for (int i = 0; i < m; i++) lit_putc(p, enc[i]);
        } else {
          lit_putc(p, '?');
        }
      }
      continue;
    }
    case 'c': {
      int d = sh_rawc(p);
      if (d < 0) sh_fail_match(p, line, '\'');
      if (d == '\'') { /* bash finds the closing quote first */
        if (!cut) {
          lit_putc(p, '\\');
          lit_putc(p, 'c');
        }
        continue;
      }
      sh_rawadv(p);
      if (d == '\\' && sh_rawc(p) == '\\') sh_rawadv(p);
      v = d == '?' ? 0x7f : ((d >= 'a' && d <= 'z' ? d - 32 : d) & 0x1f);
      break;
    }
    default:
      if (!cut) {
        lit_putc(p, '\\');
        lit_putc(p, c);
      }
      continue;
    }
    if (v == 0) cut = true;
    else if (!cut) lit_putc(p, (int)v);
  }
  size_t n = p->lit.len - base;
  char *txt = sh_strdup(p, p->lit.data ? p->lit.data + base : "", n);
  p->lit.len = base;
  sh_part *pt = new_part(w, SH_PART_SQ);
  pt->u.text.s = txt;
  pt->u.text.len = n;
}

static sh_word *read_word_in(sh_parser *p, int mode, unsigned flags);

static void read_dq(wctx *w, bool locale) {
  sh_parser *p = w->p;
  unsigned line = p->in.line;
  if (locale) sh_adv(p); /* $ */
  sh_adv(p);             /* " */
  flush(w);
  sh_word *inner = read_word_in(p, W_DQ, 0);
  if (sh_ch(p) != '"') sh_fail_match(p, line, '"');
  sh_adv(p);
  sh_part *pt = push_part(p, &w->pv, SH_PART_DQ);
  pt->u.dq.parts = inner->parts;
  pt->u.dq.n = inner->n;
}

/* ---- substitutions ------------------------------------------------------ */

/* $( ... ) and <( ... ): parsed recursively on the same input so heredocs
 * and case items inside work as in bash. */
static sh_node *read_paren_body(sh_parser *p, unsigned line) {
  sh_enter(p, line);
  char em = p->eof_match;
  p->eof_match = ')';
  sh_node *body = sh_parse_list_until(p, T_RPAREN);
  sh_tok *t = sh_peek(p, M_ARG);
  if (t->type != T_RPAREN) sh_fail_token(p, t);
  sh_consume(p);
  p->eof_match = em;
  sh_leave(p);
  return body;
}

static void read_cmdsub(wctx *w) {
  sh_parser *p = w->p;
  unsigned line = p->in.line;
  sh_adv(p);
  sh_adv(p);
  flush(w);
  sh_node *body = read_paren_body(p, line);
  sh_part *pt = push_part(p, &w->pv, SH_PART_CMDSUB);
  pt->u.sub.body = body;
}

static void read_procsub(wctx *w) {
  sh_parser *p = w->p;
  unsigned line = p->in.line;
  bool out = sh_ch(p) == '>';
  sh_adv(p);
  sh_adv(p);
  flush(w);
  sh_node *body = read_paren_body(p, line);
  sh_part *pt = push_part(p, &w->pv, SH_PART_PROCSUB);
  pt->u.sub.body = body;
  pt->u.sub.out = out;
}

/* `...`: \` \\ \$ (and \" inside double quotes) lose the backslash, then
 * the text is parsed as a script of its own. */
static void read_backquote(wctx *w, bool in_dq) {
  sh_parser *p = w->p;
  unsigned line = p->in.line;
  sh_rawadv(p);
  size_t base = p->lit.len;
  for (;;) {
    int c = sh_rawc(p);
    if (c < 0) sh_fail_match(p, line, '`');
    sh_rawadv(p);
    if (c == '`') break;
    if (c == '\\') {
      int d = sh_rawc(p);
      if (d == '`' || d == '\\' || d == '$' || (in_dq && d == '"')) {
        sh_rawadv(p);
        lit_putc(p, d);
        continue;
      }
    }
    lit_putc(p, c);
  }
  size_t n = p->lit.len - base;
  char *txt = sh_strdup(p, p->lit.data ? p->lit.data + base : "", n);
  p->lit.len = base;
  flush(w);
  sh_enter(p, line);
  char em = p->eof_match;
  p->eof_match = 0;
  sh_node *body = sh_parse_sub(p, txt, n, line);
  p->eof_match = em;
  sh_leave(p);
  sh_part *pt = push_part(p, &w->pv, SH_PART_CMDSUB);
  pt->u.sub.body = body;
  pt->u.sub.backquote = true;
}

bool sh_dparen_is_arith(sh_parser *p) {
  /* Scan raw from after "((": find the ) matching the second ( and look
   * at the next char.  Quotes are skipped so a ) inside one is not
   * counted. */
  const char *s = p->in.s;
  size_t n = p->in.n, i = p->in.pos;
  while (i < n && s[i] != '(') i++;
  i += 2;
  int depth = 1;
  while (i < n) {
    char c = s[i];
    if (c == '\\') {
      i += 2;
      continue;
    }
    if (c == '\'' || c == '"') {
      i++;
      while (i < n && s[i] != c) {
        if (c == '"' && s[i] == '\\') i++;
        i++;
      }
      i++;
      continue;
    }
    if (c == '(') depth++;
    else if (c == ')' && --depth == 0) {
      i++;
      while (i + 1 < n && s[i] == '\\' && s[i + 1] == '\n') i += 2;
      return i >= n || s[i] == ')';
    }
    i++;
  }
  return true;
}

static void read_arith(wctx *w) {
  sh_parser *p = w->p;
  unsigned line = p->in.line;
  sh_adv(p);
  sh_adv(p);
  sh_adv(p);
  flush(w);
  sh_enter(p, line);
  sh_word *e = read_word_in(p, W_ARITH, 0);
  sh_leave(p);
  if (sh_ch(p) != ')' || sh_peekc(p, 1) != ')') sh_fail_match(p, line, ')');
  sh_adv(p);
  sh_adv(p);
  sh_part *pt = push_part(p, &w->pv, SH_PART_ARITH);
  pt->u.arith = e;
}

static void read_bracket_arith(wctx *w) {
  sh_parser *p = w->p;
  unsigned line = p->in.line;
  sh_adv(p);
  sh_adv(p);
  flush(w);
  sh_enter(p, line);
  sh_word *e = read_word_in(p, W_SUBSCRIPT, 0);
  sh_leave(p);
  if (sh_ch(p) != ']') sh_fail_match(p, line, ']');
  sh_adv(p);
  sh_part *pt = push_part(p, &w->pv, SH_PART_ARITH);
  pt->u.arith = e;
}

/* ---- ${ ... } ---------------------------------------------------------- */

static bool special_param(int c) {
  return c == '@' || c == '*' || c == '#' || c == '?' || c == '-' || c == '$' ||
         c == '!' || (c >= '0' && c <= '9');
}

/* Skips to the } closing a bad ${...} (counting nested ${ and quotes) and
 * keeps the text for the runtime "bad substitution" message. */
static void param_bad(sh_parser *p, sh_param *pm, size_t text_start,
                      const char *src, unsigned line) {
  int depth = 0;
  for (;;) {
    int c = sh_ch(p);
    if (c < 0) sh_fail_match(p, line, '}');
    if (c == '}' && depth == 0) break;
    if (c == '$' && sh_peekc(p, 1) == '{') depth++, sh_adv(p);
    else if (c == '}') depth--;
    else if (c == '\\') sh_rawadv(p); /* the escaped byte is skipped below */
    else if (c == '\'' || c == '"') {
      sh_adv(p);
      while ((c = sh_ch(p)) >= 0 && c != '\'' && c != '"') sh_adv(p);
      if (c < 0) sh_fail_match(p, line, '}');
    }
    sh_adv(p);
  }
  pm->op = SH_POP_BAD;
  pm->index = NULL;
  pm->arg = pm->arg2 = NULL;
  if (p->in.s == src) {
    pm->name = sh_strdup(p, src + text_start, p->in.pos - text_start);
    pm->name_len = p->in.pos - text_start;
  }
}

static void post_tilde(sh_parser *p, sh_word *wd, bool assign, bool elem);

/* After ${name[: whether a ] closes the subscript before the } that
 * closes the expansion; bash finds that } first, and ${a[1} is a bad
 * substitution when it runs, not a syntax error. */
static bool subscript_closes(sh_parser *p) {
  int brackets = 0, braces = 0;
  for (size_t k = 1;; k++) {
    int c = sh_peekc(p, k);
    if (c < 0) return true; /* the end of input: the reader says so */
    if (c == '\\') k++;
    else if (c == '\'' || c == '"') {
      int q = c;
      for (k++; (c = sh_peekc(p, k)) >= 0 && c != q; k++)
        if (c == '\\' && q == '"') k++;
      if (c < 0) return true;
    } else if (c == '$' && sh_peekc(p, k + 1) == '{') braces++, k++;
    else if (c == '[') brackets++;
    else if (c == ']' && brackets-- == 0) return true;
    else if (c == '}' && braces-- == 0) return false;
  }
}

static void read_param_braced(wctx *w, bool in_dq) {
  sh_parser *p = w->p;
  unsigned line = p->in.line;
  sh_adv(p);
  sh_adv(p);
  flush(w);
  sh_enter(p, line);
  const char *src = p->in.s;
  sh_ch(p);
  size_t text_start = p->in.pos;
  sh_param pm;
  memset(&pm, 0, sizeof pm);
  pm.flags = SH_PF_BRACED;
  int c = sh_ch(p), c1 = sh_peekc(p, 1);
  if (c == '#' && c1 != '}') {
    int c2 = sh_peekc(p, 2);
    if (name_start(c1) || (c1 >= '0' && c1 <= '9') ||
        (special_param(c1) && (c2 == '}' || c2 == '['))) {
      pm.flags |= SH_PF_LENGTH;
      sh_adv(p);
    }
  } else if (c == '!' && c1 != '}') {
    if (name_start(c1) || special_param(c1)) {
      pm.flags |= SH_PF_INDIRECT;
      sh_adv(p);
    }
  }
  /* the name */
  size_t base = p->lit.len;
  c = sh_ch(p);
  if (name_start(c)) {
    while (name_char(sh_ch(p))) {
      lit_putc(p, sh_ch(p));
      sh_adv(p);
    }
  } else if (c >= '0' && c <= '9') {
    while ((c = sh_ch(p)) >= '0' && c <= '9') {
      lit_putc(p, c);
      sh_adv(p);
    }
  } else if (special_param(c)) {
    lit_putc(p, c);
    sh_adv(p);
  } else {
    p->lit.len = base;
    param_bad(p, &pm, text_start, src, line);
    goto done;
  }
  pm.name_len = p->lit.len - base;
  pm.name = sh_strdup(p, p->lit.data + base, pm.name_len);
  p->lit.len = base;
  /* subscript */
  if (sh_ch(p) == '[' && name_start(pm.name[0])) {
    int a = sh_peekc(p, 1);
    if ((a == '@' || a == '*') && sh_peekc(p, 2) == ']') {
      pm.flags |= a == '@' ? SH_PF_AT : SH_PF_STAR;
      sh_adv(p);
      sh_adv(p);
      sh_adv(p);
    } else if (!subscript_closes(p)) {
      param_bad(p, &pm, text_start, src, line);
      goto done;
    } else {
      sh_adv(p);
      pm.index = read_word_in(p, W_SUBSCRIPT, 0);
      if (sh_ch(p) != ']') sh_fail_match(p, line, ']');
      sh_adv(p);
      if (!pm.index->n) { /* ${a[]}: a bad substitution when run */
        param_bad(p, &pm, text_start, src, line);
        goto done;
      }
    }
  }
  if (pm.flags & SH_PF_INDIRECT) {
    c = sh_ch(p);
    if ((c == '*' || c == '@') && sh_peekc(p, 1) == '}' && !pm.index &&
        !(pm.flags & (SH_PF_AT | SH_PF_STAR)) && name_start(pm.name[0])) {
      sh_adv(p);
      pm.flags = (pm.flags & ~SH_PF_INDIRECT) | SH_PF_PREFIX |
                 (c == '@' ? SH_PF_AT : SH_PF_STAR);
    } else if ((pm.flags & (SH_PF_AT | SH_PF_STAR)) && c == '}') {
      pm.flags = (pm.flags & ~SH_PF_INDIRECT) | SH_PF_KEYS;
    }
  }
  /* operator */
  c = sh_ch(p);
  c1 = sh_peekc(p, 1);
  if (c == '}') goto done;
  if (pm.flags & (SH_PF_LENGTH | SH_PF_PREFIX | SH_PF_KEYS)) {
    param_bad(p, &pm, text_start, src, line);
    goto done;
  }
  switch (c) {
  case ':':
    if (c1 == '-' || c1 == '=' || c1 == '?' || c1 == '+') {
      pm.flags |= SH_PF_COLON;
      sh_adv(p);
      c = c1;
      goto simple_op;
    }
    sh_adv(p);
    if (sh_ch(p) == '}') { /* ${x:} */
      param_bad(p, &pm, text_start, src, line);
      break;
    }
    pm.op = SH_POP_SUBSTR;
    pm.arg = read_word_in(p, W_SLICE_OFF, 0);
    if (sh_ch(p) == ':') {
      sh_adv(p);
      pm.flags |= SH_PF_HAS_LEN;
      pm.arg2 = read_word_in(p, W_PARAM, RW_NOBRACE);
      post_tilde(p, pm.arg2, false, true); /* and in the replacement */
    }
    break;
  case '-':
  case '=':
  case '?':
  case '+':
  simple_op:
    sh_adv(p);
    pm.op = c == '-'   ? SH_POP_DEFAULT
            : c == '=' ? SH_POP_ASSIGN
            : c == '?' ? SH_POP_ERROR
                       : SH_POP_ALT;
    pm.arg = read_word_in(p, W_PARAM, RW_NOBRACE | (in_dq ? RW_INDQ : 0));
    break;
  case '#':
  case '%':
    sh_adv(p);
    if (c1 == c) {
      sh_adv(p);
      pm.op = c == '#' ? SH_POP_PREFIX_LONG : SH_POP_SUFFIX_LONG;
    } else {
      pm.op = c == '#' ? SH_POP_PREFIX : SH_POP_SUFFIX;
    }
    pm.arg = read_word_in(p, W_PARAM, RW_NOBRACE | RW_EXTGLOB);
    post_tilde(p, pm.arg, false, true); /* ${x#~}: bash expands it */
    break;
  case '/':
    sh_adv(p);
    pm.op = SH_POP_REPLACE;
    if (c1 == '/') pm.op = SH_POP_REPLACE_ALL;
    else if (c1 == '#') pm.op = SH_POP_REPLACE_PRE;
    else if (c1 == '%') pm.op = SH_POP_REPLACE_SUF;
    if (pm.op != SH_POP_REPLACE) sh_adv(p);
    {
      /* a '/' right after the operator belongs to the pattern:
       * ${x////c} replaces every '/' with c, ${x///} deletes them */
      bool lead_slash = sh_ch(p) == '/' && (pm.op == SH_POP_REPLACE ||
                                            pm.op == SH_POP_REPLACE_ALL);
      if (lead_slash) sh_adv(p);
      pm.arg = read_word_in(p, W_PATTERN, RW_NOBRACE | RW_EXTGLOB);
      /* bash expands a leading ~ in the pattern of ${x/~/r} and
       * ${x//~/r} (not ${x/#~/r}), quoted or not */
      if (!lead_slash &&
          (pm.op == SH_POP_REPLACE || pm.op == SH_POP_REPLACE_ALL))
        post_tilde(p, pm.arg, false, true);
      if (lead_slash) {
        sh_word *w0 = pm.arg;
        size_t n0 = w0 ? w0->n : 0;
        sh_part *np = sh_alloc(p, (n0 + 1) * sizeof *np);
        np[0].kind = SH_PART_LIT;
        np[0].u.text.s = "/";
        np[0].u.text.len = 1;
        if (n0) memcpy(np + 1, w0->parts, n0 * sizeof *np);
        sh_word *nw = sh_alloc(p, sizeof *nw);
        nw->parts = np;
        nw->n = n0 + 1;
        nw->line = w0 ? w0->line : line;
        pm.arg = nw;
      }
    }
    if (sh_ch(p) == '/') {
      sh_adv(p);
      pm.arg2 = read_word_in(p, W_PARAM, RW_NOBRACE);
      post_tilde(p, pm.arg2, false, true); /* and in the replacement */
    }
    break;
  case '^':
  case ',':
  case '~':
    sh_adv(p);
    if (c1 == c) {
      sh_adv(p);
      pm.op = c == '^'   ? SH_POP_UPPER_ALL
              : c == ',' ? SH_POP_LOWER_ALL
                         : SH_POP_TOGGLE_ALL;
    } else {
      pm.op = c == '^'   ? SH_POP_UPPER_FIRST
              : c == ',' ? SH_POP_LOWER_FIRST
                         : SH_POP_TOGGLE_FIRST;
    }
    pm.arg = read_word_in(p, W_PARAM, RW_NOBRACE | RW_EXTGLOB);
    break;
  case '@':
    if (c1 > 0 && strchr("QEPAaUuLKk", c1) && sh_peekc(p, 2) == '}') {
      sh_adv(p);
      sh_adv(p);
      pm.op = SH_POP_TRANSFORM;
      pm.transform = (char)c1;
      break;
    }
    param_bad(p, &pm, text_start, src, line);
    break;
  default: param_bad(p, &pm, text_start, src, line); break;
  }
done:
  if (sh_ch(p) != '}') sh_fail_match(p, line, '}');
  sh_adv(p);
  sh_leave(p);
  sh_part *pt = push_part(p, &w->pv, SH_PART_PARAM);
  pt->u.param = pm;
}

/* $ at the current position: some expansion, or a literal $. */
static void read_dollar(wctx *w) {
  sh_parser *p = w->p;
  int c1 = sh_peekc(p, 1);
  bool dq = w->mode == W_DQ || w->mode == W_HEREDOC || (w->flags & RW_INDQ);
  if (c1 == '(') {
    if (sh_peekc(p, 2) == '(') {
      /* position the scan at the "((" */
      sh_ch(p);
      size_t save = p->in.pos;
      p->in.pos++;
      bool arith = sh_dparen_is_arith(p);
      p->in.pos = save;
      if (arith) {
        read_arith(w);
        return;
      }
    }
    read_cmdsub(w);
    return;
  }
  if (c1 == '{') {
    read_param_braced(w, dq);
    return;
  }
  if (c1 == '[') {
    read_bracket_arith(w);
    return;
  }
  /* extquote (on by default): $'...' is decoded inside "${x:-...}" too */
  if (c1 == '\'' && (!dq || (w->mode == W_PARAM && (w->flags & RW_INDQ)))) {
    read_ansi(w);
    return;
  }
  if (c1 == '"' && !dq) {
    read_dq(w, true);
    return;
  }
  if (name_start(c1) || special_param(c1)) {
    sh_adv(p);
    flush(w);
    size_t base = p->lit.len;
    if (name_start(c1)) {
      while (name_char(sh_ch(p))) {
        lit_putc(p, sh_ch(p));
        sh_adv(p);
      }
    } else {
      lit_putc(p, c1);
      sh_adv(p);
    }
    sh_part *pt = push_part(p, &w->pv, SH_PART_PARAM);
    pt->u.param.name_len = p->lit.len - base;
    pt->u.param.name = sh_strdup(p, p->lit.data + base, p->lit.len - base);
    p->lit.len = base;
    return;
  }
  sh_adv(p);
  putc_k(w, SH_PART_LIT, '$');
}

/* ---- the word loop ----------------------------------------------------- */

static void post_brace(sh_parser *p, sh_word *wd);

static sh_word *read_word_in(sh_parser *p, int mode, unsigned flags) {
  wctx w = {.p = p,
            .base = p->lit.len,
            .lk = SH_PART_LIT,
            .mode = mode,
            .flags = flags};
  const char *src0 = p->in.s;
  size_t pos0 = p->in.pos;
  unsigned line = p->in.line;
  int depth = 0;        /* parens (arith, regex) or brackets (subscript) */
  int eg = 0;           /* open extglob groups */
  int qmarks = 0;       /* pending ? of a ?: inside a slice offset */
  bool sq_open = false; /* inside '...' of a double-quoted ${x-...} */
  bool unquoted = mode != W_DQ && mode != W_HEREDOC;
  for (;;) {
    int c = sh_ch(p);
    if (c < 0) {
      if (mode == W_DQ) sh_fail_match(p, line, '"');
      if (mode == W_PARAM || mode == W_PATTERN || mode == W_SLICE_OFF)
        sh_fail_match(p, line, '}');
      if (mode == W_ARITH || mode == W_CFOR) sh_fail_match(p, line, ')');
      if (mode == W_SUBSCRIPT) sh_fail_match(p, line, ']');
      if (eg) sh_fail_match(p, line, ')');
      break;
    }
    /* terminators */
    bool stop = false;
    switch (mode) {
    case W_NORMAL:
    case W_ASSIGN:
    case W_ELEM:
    case W_COND:
    case W_CASEPAT:
      if (eg) {
        if (c == '(') eg++;
        else if (c == ')') eg--;
        else break;
        sh_adv(p);
        putc_k(&w, SH_PART_LIT, c);
        continue;
      }
      if ((flags & RW_EXTGLOB) && sh_peekc(p, 1) == '(' &&
          (c == '@' || c == '*' || c == '+' || c == '?' || c == '!')) {
        sh_adv(p);
        sh_adv(p);
        putc_k(&w, SH_PART_LIT, c);
        putc_k(&w, SH_PART_LIT, '(');
        eg = 1;
        continue;
      }
      if ((c == '<' || c == '>') && sh_peekc(p, 1) == '(' &&
          mode != W_CASEPAT) {
        read_procsub(&w);
        continue;
      }
      if (is_meta(c)) stop = true;
      break;
    case W_REGEX:
      if (depth == 0 && (c == ' ' || c == '\t' || c == '\n' || c == ';' ||
                         (c == '&' && sh_peekc(p, 1) == '&')))
        stop = true;
      else if (c == '(') depth++;
      else if (c == ')') {
        if (depth == 0) stop = true;
        else depth--;
      }
      break;
    case W_DQ: stop = c == '"'; break;
    case W_HEREDOC: break;
    case W_PARAM: stop = c == '}' && !sq_open; break;
    case W_PATTERN: stop = c == '}' || c == '/'; break;
    case W_SLICE_OFF:
      if (c == '}' && depth == 0) stop = true;
      else if (c == '(') depth++;
      else if (c == ')') depth -= depth > 0;
      else if (c == '?') qmarks++;
      else if (c == ':') {
        if (qmarks) qmarks--;
        else if (depth == 0) stop = true;
      }
      break;
    case W_ARITH:
    case W_CFOR:
      if (c == '(') depth++;
      else if (c == ')') {
        if (depth == 0) stop = true;
        else depth--;
      } else if (c == ';' && mode == W_CFOR && depth == 0) stop = true;
      break;
    case W_SUBSCRIPT:
      if (c == '[') depth++;
      else if (c == ']') {
        if (depth == 0) stop = true;
        else depth--;
      }
      break;
    }
    if (stop) break;
    /* quoting and expansions */
    /* in arithmetic a single quote is just a character (an error later,
     * as in bash 5.2); double quotes still quote */
    if (c == '\'' && unquoted && !(flags & RW_INDQ) && mode != W_ARITH &&
        mode != W_CFOR) {
      read_sq(&w);
      continue;
    }
    /* "${x-'...'}": the quotes stay (double-quoted context) but a }
     * between them does not end the word, as bash reads it */
    if (c == '\'' && mode == W_PARAM && (flags & RW_INDQ)) {
      sq_open = !sq_open;
      sh_adv(p);
      putc_k(&w, SH_PART_LIT, c);
      continue;
    }
    if (c == '"' && mode != W_HEREDOC) {
      read_dq(&w, false);
      continue;
    }
    if (c == '\\') {
      /* the escaped character is the raw next byte: "\\<newline>" is an
       * escaped backslash, not a backslash plus a line continuation */
      int d = p->in.pos + 1 < p->in.n ? (unsigned char)p->in.s[p->in.pos + 1]
                                      : sh_peekc(p, 1);
      if (!unquoted || (flags & RW_INDQ)) {
        bool esc = d == '$' || d == '`' || d == '\\' ||
                   (mode == W_DQ && d == '"') ||
                   ((flags & RW_INDQ) && (d == '"' || d == '}'));
        sh_rawadv(p);
        if (esc) {
          sh_rawadv(p); /* raw: an escaped \ before a newline stays */
          putc_k(&w, SH_PART_LIT, d);
        } else {
          putc_k(&w, SH_PART_LIT, '\\');
        }
        continue;
      }
      sh_adv(p);
      if (d < 0) {
        putc_k(&w, SH_PART_ESC, '\\');
        continue;
      }
      sh_rawadv(p);
      putc_k(&w, SH_PART_ESC, d);
      continue;
    }
    if (c == '$') {
      read_dollar(&w);
      continue;
    }
    if (c == '`') {
      /* a here-document is no double quote: \" keeps its backslash */
      read_backquote(&w, mode == W_DQ || (flags & RW_INDQ));
      continue;
    }
    sh_adv(p);
    putc_k(&w, SH_PART_LIT, c);
  }
  sh_word *wd = finish(&w, line);
  if (p->in.s == src0 && p->in.pos >= pos0) { /* as written (declare -f) */
    wd->src = src0 + pos0;
    wd->src_len = p->in.pos - pos0;
    for (size_t i = 0; i < wd->n; i++) {
      sh_param *pm = &wd->parts[i].u.param;
      if (wd->parts[i].kind == SH_PART_PARAM && pm->op == SH_POP_BAD &&
          !pm->bad_in) {
        pm->bad_in = wd->src;
        pm->bad_in_len = wd->src_len;
      }
    }
  }
  if ((mode == W_NORMAL || mode == W_ELEM) && !(flags & RW_NOBRACE))
    post_brace(p, wd);
  if (mode == W_NORMAL || mode == W_ELEM || mode == W_ASSIGN ||
      mode == W_COND || mode == W_REGEX ||
      mode == W_CASEPAT) /* bash expands ~ in [[ ]] and case too */
    post_tilde(p, wd, mode == W_ASSIGN, (flags & RW_ELEM_NOTILDE) != 0);
  return wd;
}

sh_word *sh_read_word(sh_parser *p, int mode, unsigned flags) {
  return read_word_in(p, mode, flags);
}

sh_word *sh_word_from(sh_parser *p, const char *s, size_t n, unsigned line,
                      int mode, unsigned flags) {
  sh_lexpos saved = p->in;
  p->in.s = s;
  p->in.n = n;
  p->in.pos = 0;
  p->in.line = line;
  p->in.frame = NULL;
  sh_word *w = read_word_in(p, mode, flags);
  p->in = saved;
  return w;
}

/* ---- assignments ------------------------------------------------------- */

/* Raw lookahead: NAME, an optional balanced [...], then = or +=. */
static bool assign_shape(sh_parser *p, int mode, size_t *name_len,
                         bool *has_index) {
  int c = sh_ch(p);
  if (!name_start(c)) return false;
  size_t k = 1;
  while (name_char(sh_peekc(p, k))) k++;
  *name_len = k;
  *has_index = false;
  if (sh_peekc(p, k) == '[') {
    *has_index = true;
    int depth = 0;
    for (k++;; k++) {
      c = sh_peekc(p, k);
      /* in command position bash reads name[ up to its matching ],
       * across lines; the end of input inside is a syntax error */
      if (c < 0 && mode == M_CMD) sh_fail_match(p, p->in.line, ']');
      if (c < 0 || (c == '\n' && mode != M_CMD)) return false;
      if (c == '\\') {
        k++;
        continue;
      }
      /* a declare argument is an ordinary word first: a blank ends it */
      if (mode == M_DECL && (c == ' ' || c == '\t')) return false;
      if (mode == M_DECL && (c == '\'' || c == '"')) {
        int q = c;
        for (k++; (c = sh_peekc(p, k)) != q; k++) {
          if (c < 0) return false;
          if (c == '\\' && q == '"') k++;
        }
        continue;
      }
      if (c == '[') depth++;
      else if (c == ']' && depth-- == 0) break;
    }
    k++;
  }
  c = sh_peekc(p, k);
  return c == '=' || (c == '+' && sh_peekc(p, k + 1) == '=');
}

static sh_word *read_array_key(sh_parser *p, unsigned line) {
  sh_adv(p); /* [ */
  sh_word *k = read_word_in(p, W_SUBSCRIPT, 0);
  if (sh_ch(p) != ']') sh_fail_match(p, line, ']');
  sh_adv(p);
  return k;
}

static void read_array(sh_parser *p, sh_assign *as, unsigned line) {
  sh_adv(p); /* ( */
  size_t n = 0, cap = 0;
  sh_array_elem *v = NULL;
  sh_enter(p, line);
  for (;;) {
    int c = sh_ch(p);
    if (c == ' ' || c == '\t' || c == '\n') {
      sh_rawadv(p);
      if (c == '\n' && p->hd_head) sh_read_heredocs(p);
      continue;
    }
    if (c == '#') {
      while ((c = sh_rawc(p)) >= 0 && c != '\n') sh_rawadv(p);
      continue;
    }
    if (c < 0) sh_fail_match(p, line, ')');
    if (c == ')') {
      sh_adv(p);
      break;
    }
    if (n == cap) {
      cap = cap ? cap * 2 : 4;
      sh_array_elem *nv = sh_alloc(p, cap * sizeof *nv);
      if (n) memcpy(nv, v, n * sizeof *nv);
      v = nv;
    }
    sh_array_elem *e = &v[n];
    memset(e, 0, sizeof *e);
    if (c == '[') {
      /* [key]=value only when the ] is followed by = or +=; otherwise a
       * plain element that starts with [ (a glob) */
      sh_lexpos save = p->in;
      sh_word *k = read_array_key(p, line);
      int d = sh_ch(p);
      if (d == '=' || (d == '+' && sh_peekc(p, 1) == '=')) {
        if (d == '+') {
          e->append = true;
          sh_adv(p);
        }
        sh_adv(p);
        e->key = k;
        e->value = read_word_in(p, W_ASSIGN, 0);
        sh_lexpos end = p->in;
        p->in = save;
        sh_word *whole = read_word_in(p, W_ELEM, RW_ELEM_NOTILDE);
        for (size_t j = 0; j < whole->n; j++)
          if (whole->parts[j].kind == SH_PART_BRACE) e->braced = whole;
        p->in = end;
        n++;
        continue;
      }
      p->in = save;
    }
    e->value = read_word_in(p, W_ELEM,
                            RW_ELEM_NOTILDE | (p->extglob ? RW_EXTGLOB : 0));
    if (e->value->n == 0) {
      sh_tok t;
      memset(&t, 0, sizeof t);
      t.type = T_BAD;
      t.src = p->in.s;
      t.start = p->in.pos;
      t.end = p->in.pos + 1;
      t.line = p->in.line;
      if (sh_ch(p) == '(') t.type = T_LPAREN;
      sh_fail_token(p, &t);
    }
    n++;
  }
  sh_leave(p);
  as->is_array = true;
  as->elems = v;
  as->n_elems = n;
}

sh_assign *sh_try_assign(sh_parser *p, int mode) {
  size_t name_len;
  bool has_index;
  if (!assign_shape(p, mode, &name_len, &has_index)) return NULL;
  unsigned line = p->in.line;
  sh_assign *as = sh_alloc(p, sizeof *as);
  size_t base = p->lit.len;
  for (size_t i = 0; i < name_len; i++) {
    lit_putc(p, sh_ch(p));
    sh_adv(p);
  }
  as->name_len = name_len;
  as->name = sh_strdup(p, p->lit.data + base, name_len);
  p->lit.len = base;
  if (has_index) as->index = read_array_key(p, line);
  if (sh_ch(p) == '+') {
    as->append = true;
    sh_adv(p);
  }
  sh_adv(p); /* = */
  if (sh_ch(p) == '(') {
    read_array(p, as, line);
  } else {
    as->value = read_word_in(p, W_ASSIGN, p->extglob ? RW_EXTGLOB : 0);
  }
  return as;
}

/* ---- heredoc delimiters ---------------------------------------------- */

void sh_heredoc_delim(sh_parser *p, const char *s, size_t n, const char **out,
                      size_t *len, bool *quoted) {
  size_t base = p->lit.len;
  *quoted = false;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == '\\' && i + 1 < n && s[i + 1] == '\n') {
      i++;
      continue;
    }
    if (c == '\\' && i + 1 < n) {
      *quoted = true;
      lit_putc(p, s[++i]);
    } else if (c == '\'') {
      *quoted = true;
      while (++i < n && s[i] != '\'') lit_putc(p, s[i]);
    } else if (c == '"') {
      *quoted = true;
      while (++i < n && s[i] != '"') {
        if (s[i] == '\\' && i + 1 < n &&
            (s[i + 1] == '"' || s[i + 1] == '\\' || s[i + 1] == '$' ||
             s[i + 1] == '`'))
          i++;
        lit_putc(p, s[i]);
      }
    } else if (c == '$' && i + 1 < n && (s[i + 1] == '\'' || s[i + 1] == '"')) {
      continue; /* $'..' and $".." quote like '..' and ".." here */
    } else {
      lit_putc(p, c);
    }
  }
  *len = p->lit.len - base;
  *out = sh_strdup(p, p->lit.data + base, *len);
  p->lit.len = base;
}

/* ---- tilde prefixes ---------------------------------------------------- */

/* Splits a LIT part at a tilde prefix: ~user up to / (or : in assignment
 * values); the prefix must be entirely unquoted, so it ends inside this
 * part or at the end of the word. */
static void post_tilde(sh_parser *p, sh_word *wd, bool assign, bool elem) {
  if (wd->n == 0) return;
  if (wd->parts[0].kind == SH_PART_BRACE && !assign) {
    sh_part *b = &wd->parts[0];
    for (size_t i = 0; i < b->u.brace.n; i++)
      post_tilde(p, b->u.brace.alts[i], false, elem);
    return;
  }
  /* a word shaped like an assignment (echo x=~/a:~/b) gets the
   * assignment rules after its '=', as bash does outside posix mode */
  size_t eq = (size_t)-1;
  if (!assign && !elem && wd->parts[0].kind == SH_PART_LIT) {
    const char *s0 = wd->parts[0].u.text.s;
    size_t n0 = wd->parts[0].u.text.len, k = 0;
    while (k < n0 && (s0[k] == '_' || isalpha((unsigned char)s0[k]) ||
                      (k && isdigit((unsigned char)s0[k]))))
      k++;
    if (k && k < n0 && s0[k] == '=') eq = k;
  }
  bool asg = assign || eq != (size_t)-1;
  bool any = false; /* most words have no ~ at all: no copy then */
  for (size_t i = 0; i < wd->n && !any; i++)
    if (wd->parts[i].kind == SH_PART_LIT && (i == 0 || asg) &&
        memchr(wd->parts[i].u.text.s, '~', wd->parts[i].u.text.len))
      any = true;
  if (!any) return;
  partv out = {0};
  bool changed = false;
  for (size_t i = 0; i < wd->n; i++) {
    sh_part *pt = &wd->parts[i];
    if (pt->kind != SH_PART_LIT) {
      *push_part(p, &out, pt->kind) = *pt;
      continue;
    }
    const char *s = pt->u.text.s;
    size_t n = pt->u.text.len, from = 0;
    bool last = i + 1 == wd->n;
    for (size_t j = 0; j < n; j++) {
      bool value = i > 0 || eq == (size_t)-1 || j > eq; /* past the '=' */
      bool at_start = (i == 0 && j == (eq == (size_t)-1 ? 0 : eq + 1)) ||
                      (asg && value && j > 0 && s[j - 1] == ':');
      if (!at_start || s[j] != '~') continue;
      size_t e = j + 1;
      while (e < n && s[e] != '/' && !(asg && s[e] == ':')) e++;
      if (e == n && !last) continue;
      if (j > from) {
        sh_part *l = push_part(p, &out, SH_PART_LIT);
        l->u.text.s = s + from;
        l->u.text.len = j - from;
      }
      sh_part *t = push_part(p, &out, SH_PART_TILDE);
      t->u.tilde.user = sh_strdup(p, s + j + 1, e - j - 1);
      t->u.tilde.len = e - j - 1;
      t->u.tilde.word_eq = !assign && eq != (size_t)-1;
      from = e;
      j = e - 1;
      changed = true;
      if (!asg) break;
    }
    if (from < n) {
      sh_part *l = push_part(p, &out, SH_PART_LIT);
      l->u.text.s = s + from;
      l->u.text.len = n - from;
    }
  }
  if (changed) {
    wd->parts = out.v;
    wd->n = out.n;
  }
}

/* ---- brace expansion structure -------------------------------------- */

/* An atom is one character of a LIT part or one whole other part. */
typedef struct atom {
  const sh_part *part;
  size_t off; /* char offset for LIT parts */
} atom;

static int atom_ch(const atom *a) {
  if (a->part->kind != SH_PART_LIT) return -1;
  return (unsigned char)a->part->u.text.s[a->off];
}

static bool seq_int(const char *s, size_t n) {
  size_t i = 0;
  if (i < n && (s[i] == '-' || s[i] == '+')) i++;
  if (i == n) return false;
  for (; i < n; i++)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

static bool seq_alpha(const char *s, size_t n) {
  return n == 1 && ((s[0] | 32) >= 'a' && (s[0] | 32) <= 'z');
}

/* match[i]: index of the } closing the { at i (nesting counted over the
 * whole word, computed once so the pass stays linear), or NONE; comma[i]:
 * that pair holds a comma at its own level. */
#define NONE ((size_t)-1)
typedef struct bctx {
  const atom *at;
  const size_t *match;
  const bool *comma;
  unsigned line;
} bctx;

static sh_word *brace_word(sh_parser *p, const bctx *b, size_t lo, size_t hi);

/* Emits atoms[lo,hi) into out, turning valid {...} into BRACE parts. */
static void brace_build(sh_parser *p, partv *out, const bctx *bc, size_t lo,
                        size_t hi) {
  const atom *at = bc->at;
  size_t base = p->lit.len;
#define FLUSH_LIT()                                                            \
  do {                                                                         \
    if (p->lit.len > base) {                                                   \
      sh_part *l_ = push_part(p, out, SH_PART_LIT);                            \
      l_->u.text.len = p->lit.len - base;                                      \
      l_->u.text.s = sh_strdup(p, p->lit.data + base, l_->u.text.len);         \
      p->lit.len = base;                                                       \
    }                                                                          \
  } while (0)
  for (size_t i = lo; i < hi; i++) {
    int c = atom_ch(&at[i]);
    size_t j = c == '{' ? bc->match[i] : NONE;
    if (j != NONE && j < hi && bc->comma[i]) {
      FLUSH_LIT();
      sh_enter(p, bc->line);
      size_t ncomma = 0;
      for (size_t k = i + 1; k < j; k++) {
        if (atom_ch(&at[k]) == '{' && bc->match[k] != NONE) k = bc->match[k];
        else if (atom_ch(&at[k]) == ',') ncomma++;
      }
      sh_part *b = push_part(p, out, SH_PART_BRACE);
      b->u.brace.alts = sh_alloc(p, (ncomma + 1) * sizeof(sh_word *));
      size_t s = i + 1;
      for (size_t k = i + 1; k <= j; k++) {
        if (k < j && atom_ch(&at[k]) == '{' && bc->match[k] != NONE) {
          k = bc->match[k];
          continue;
        }
        if (k == j || atom_ch(&at[k]) == ',') {
          b->u.brace.alts[b->u.brace.n++] = brace_word(p, bc, s, k);
          s = k + 1;
        }
      }
      sh_leave(p);
      i = j;
      continue;
    }
    if (j != NONE && j < hi && j - i - 1 < 200) {
      /* {x..y[..z]}: every atom literal */
      size_t m = j - i - 1;
      bool all_lit = true;
      for (size_t k = i + 1; k < j && all_lit; k++)
        if (atom_ch(&at[k]) < 0) all_lit = false;
      if (all_lit && m >= 4 && m < 200) {
        char buf[200];
        for (size_t k = 0; k < m; k++) buf[k] = (char)atom_ch(&at[i + 1 + k]);
        const char *d1 = NULL, *d2 = NULL;
        for (size_t k = 0; k + 1 < m; k++) {
          if (buf[k] == '.' && buf[k + 1] == '.') {
            if (!d1) d1 = buf + k;
            else if (!d2 && buf + k >= d1 + 2) d2 = buf + k;
          }
        }
        if (d1) {
          const char *x = buf, *y = d1 + 2, *z = NULL;
          size_t xl = (size_t)(d1 - buf), yl, zl = 0;
          if (d2) {
            yl = (size_t)(d2 - y);
            z = d2 + 2;
            zl = (size_t)(buf + m - z);
          } else {
            yl = (size_t)(buf + m - y);
          }
          bool ok = ((seq_int(x, xl) && seq_int(y, yl)) ||
                     (seq_alpha(x, xl) && seq_alpha(y, yl))) &&
                    (!z || seq_int(z, zl));
          if (ok) {
            FLUSH_LIT();
            sh_part *b = push_part(p, out, SH_PART_BRACE);
            b->u.brace.is_seq = true;
            b->u.brace.seq_from = sh_strdup(p, x, xl);
            b->u.brace.seq_to = sh_strdup(p, y, yl);
            b->u.brace.seq_step = z ? sh_strdup(p, z, zl) : NULL;
            i = j;
            continue;
          }
        }
      }
    }
    if (c >= 0) {
      lit_putc(p, c);
    } else {
      FLUSH_LIT();
      *push_part(p, out, at[i].part->kind) = *at[i].part;
    }
  }
  FLUSH_LIT();
#undef FLUSH_LIT
}

static sh_word *brace_word(sh_parser *p, const bctx *b, size_t lo, size_t hi) {
  partv out = {0};
  unsigned line = b->line;
  brace_build(p, &out, b, lo, hi);
  sh_word *w = sh_alloc(p, sizeof *w);
  w->parts = out.v;
  w->n = out.n;
  w->line = line;
  return w;
}

static void post_brace(sh_parser *p, sh_word *wd) {
  size_t natoms = 0;
  bool open = false, close = false;
  for (size_t i = 0; i < wd->n; i++) {
    const sh_part *pt = &wd->parts[i];
    if (pt->kind == SH_PART_LIT) {
      natoms += pt->u.text.len;
      if (memchr(pt->u.text.s, '{', pt->u.text.len)) open = true;
      if (memchr(pt->u.text.s, '}', pt->u.text.len)) close = true;
    } else {
      natoms++;
    }
  }
  if (!open || !close) return;
  atom *at = sh_alloc(p, natoms * sizeof *at);
  size_t k = 0;
  for (size_t i = 0; i < wd->n; i++) {
    const sh_part *pt = &wd->parts[i];
    if (pt->kind == SH_PART_LIT) {
      for (size_t j = 0; j < pt->u.text.len; j++) at[k++] = (atom){pt, j};
    } else {
      at[k++] = (atom){pt, 0};
    }
  }
  size_t *match = sh_alloc(p, natoms * sizeof *match);
  bool *comma = sh_alloc(p, natoms * sizeof *comma);
  size_t *stack = sh_alloc(p, natoms * sizeof *stack), sp = 0;
  for (size_t i = 0; i < natoms; i++) {
    match[i] = NONE;
    int c = atom_ch(&at[i]);
    if (c == '{') stack[sp++] = i;
    else if (c == '}' && sp) match[stack[--sp]] = i;
    else if (c == ',' && sp) comma[stack[sp - 1]] = true;
  }
  bctx bc = {at, match, comma, wd->line};
  partv out = {0};
  brace_build(p, &out, &bc, 0, natoms);
  wd->parts = out.v;
  wd->n = out.n;
}
