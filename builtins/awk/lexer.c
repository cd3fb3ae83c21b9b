/* lexer.c: awk tokens over the program sources (-f files and the command
 * line text, read in order as one program).  A '/' is division or the
 * start of a regex depending on the previous token; keywords and builtin
 * function names are recognised here; a NAME directly followed by '('
 * is a function call token (awk requires no blank there). */
#include "builtins/awk/awk_int.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const struct {
  const char *name;
  int tok;
} keywords[] = {
    {"BEGIN", T_BEGIN},
    {"BEGINFILE", T_BEGINFILE},
    {"END", T_END},
    {"ENDFILE", T_ENDFILE},
    {"break", T_BREAK},
    {"case", T_CASE},
    {"continue", T_CONTINUE},
    {"default", T_DEFAULT},
    {"delete", T_DELETE},
    {"do", T_DO},
    {"else", T_ELSE},
    {"exit", T_EXIT},
    {"for", T_FOR},
    {"func", T_FUNCTION},
    {"function", T_FUNCTION},
    {"getline", T_GETLINE},
    {"if", T_IF},
    {"in", T_IN},
    {"next", T_NEXT},
    {"nextfile", T_NEXTFILE},
    {"print", T_PRINT},
    {"printf", T_PRINTF},
    {"return", T_RETURN},
    {"switch", T_SWITCH},
    {"while", T_WHILE},
};

static const struct {
  const char *name;
  int id;
} builtins[] = {
    {"and", F_AND},           {"asort", F_ASORT},
    {"asorti", F_ASORTI},     {"atan2", F_ATAN2},
    {"close", F_CLOSE},       {"compl", F_COMPL},
    {"cos", F_COS},           {"exp", F_EXP},
    {"fflush", F_FFLUSH},     {"gensub", F_GENSUB},
    {"gsub", F_GSUB},         {"index", F_INDEX},
    {"int", F_INT},           {"isarray", F_ISARRAY},
    {"length", F_LENGTH},     {"log", F_LOG},
    {"lshift", F_LSHIFT},     {"match", F_MATCH},
    {"mktime", F_MKTIME},     {"or", F_OR},
    {"patsplit", F_PATSPLIT}, {"rand", F_RAND},
    {"rshift", F_RSHIFT},     {"sin", F_SIN},
    {"split", F_SPLIT},       {"sprintf", F_SPRINTF},
    {"sqrt", F_SQRT},         {"srand", F_SRAND},
    {"strftime", F_STRFTIME}, {"strtonum", F_STRTONUM},
    {"sub", F_SUB},           {"substr", F_SUBSTR},
    {"system", F_SYSTEM},     {"systime", F_SYSTIME},
    {"tolower", F_TOLOWER},   {"toupper", F_TOUPPER},
    {"typeof", F_TYPEOF},     {"xor", F_XOR},
};

static int peekc(awk_lex *lx, size_t k) {
  const awk_src *s = &lx->srcs[lx->cur];
  return lx->pos + k < s->len ? (unsigned char)s->text[lx->pos + k] : -1;
}

static const char *cur_text(awk_lex *lx) { return lx->srcs[lx->cur].text; }

/* Appends the escape at the lexer's position (after the backslash) as
 * awk strings read it. */
static void string_escape(awk_lex *lx, vsh_buf *o) {
  int c = peekc(lx, 0);
  if (c < 0) {
    vsh__buf_putc(o, '\\');
    return;
  }
  lx->pos++;
  switch (c) {
  case 'n': vsh__buf_putc(o, '\n'); return;
  case 't': vsh__buf_putc(o, '\t'); return;
  case 'r': vsh__buf_putc(o, '\r'); return;
  case 'f': vsh__buf_putc(o, '\f'); return;
  case 'v': vsh__buf_putc(o, '\v'); return;
  case 'a': vsh__buf_putc(o, '\a'); return;
  case 'b': vsh__buf_putc(o, '\b'); return;
  case '\\': vsh__buf_putc(o, '\\'); return;
  case '"': vsh__buf_putc(o, '"'); return;
  case '/': vsh__buf_putc(o, '/'); return;
  case '\n': lx->line++; return; /* continuation inside a string */
  case 'x': {
    int v = 0, k = 0;
    while (k < 2 && isxdigit(peekc(lx, 0))) {
      int d = peekc(lx, 0);
      v = v * 16 + (isdigit(d) ? d - '0' : (tolower(d) - 'a' + 10));
      lx->pos++;
      k++;
    }
    if (!k) {
      vsh__buf_puts(o, "\\x");
      return;
    }
    vsh__buf_putc(o, (char)v);
    return;
  }
  default:
    if (c >= '0' && c <= '7') {
      int v = c - '0', k = 1;
      while (k < 3 && peekc(lx, 0) >= '0' && peekc(lx, 0) <= '7') {
        v = v * 8 + peekc(lx, 0) - '0';
        lx->pos++;
        k++;
      }
      vsh__buf_putc(o, (char)v);
      return;
    }
    /* gawk keeps the character, dropping the backslash */
    vsh__buf_putc(o, (char)c);
  }
}

static int lex_number(awk_lex *lx) {
  const char *t = cur_text(lx) + lx->pos;
  size_t n = lx->srcs[lx->cur].len - lx->pos, i = 0;
  if (n > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X') &&
      isxdigit((unsigned char)t[2])) {
    double v = 0;
    i = 2;
    while (i < n && isxdigit((unsigned char)t[i])) {
      int d = (unsigned char)t[i];
      v = v * 16 + (isdigit(d) ? d - '0' : (tolower(d) - 'a' + 10));
      i++;
    }
    lx->num = v;
    lx->pos += i;
    return T_NUMBER;
  }
  while (i < n && isdigit((unsigned char)t[i])) i++;
  bool octal = i > 1 && t[0] == '0';
  bool frac = false;
  if (i < n && t[i] == '.') {
    frac = true;
    i++;
    while (i < n && isdigit((unsigned char)t[i])) i++;
  }
  if (i < n && (t[i] == 'e' || t[i] == 'E')) {
    size_t j = i + 1;
    if (j < n && (t[j] == '+' || t[j] == '-')) j++;
    if (j < n && isdigit((unsigned char)t[j])) {
      frac = true;
      while (j < n && isdigit((unsigned char)t[j])) j++;
      i = j;
    }
  }
  if (octal && !frac) {
    bool ok = true;
    double v = 0;
    for (size_t k = 0; k < i; k++) {
      if (t[k] > '7') ok = false;
      v = v * 8 + (t[k] - '0');
    }
    if (ok) {
      lx->num = v;
      lx->pos += i;
      return T_NUMBER;
    }
  }
  lx->num = awk_atof(t, i, NULL);
  lx->pos += i;
  return T_NUMBER;
}

/* Rescans from the '/' just read as a regex literal; T_ERE or T_EOF with
 * lx->err on an unterminated one. */
int awk_lex_regex(awk_lex *lx) {
  const awk_src *s = &lx->srcs[lx->cur];
  lx->pos = (size_t)(lx->tok_start - s->text) + 1;
  vsh__buf_clear(&lx->text);
  bool in_br = false;
  size_t br_start = 0;
  for (;;) {
    int c = peekc(lx, 0);
    if (c < 0 || c == '\n') {
      lx->err = true;
      lx->tok = T_EOF;
      return T_EOF;
    }
    lx->pos++;
    if (c == '\\') {
      int d = peekc(lx, 0);
      if (d == '/') {
        vsh__buf_putc(&lx->text, '/');
        lx->pos++;
        continue;
      }
      if (d == '\n') {
        lx->pos++;
        lx->line++;
        continue;
      }
      vsh__buf_putc(&lx->text, '\\');
      if (d >= 0) {
        vsh__buf_putc(&lx->text, (char)d);
        lx->pos++;
      }
      continue;
    }
    if (in_br) {
      if (c == ']' && lx->text.len > br_start) in_br = false;
      vsh__buf_putc(&lx->text, (char)c);
      if (c == '[' && peekc(lx, 0) == ':') {
        /* a class name: copy through its :] */
        const char *p = s->text + lx->pos;
        const char *e = memchr(p, ']', s->len - lx->pos);
        if (e && e > p && e[-1] == ':') {
          vsh__buf_append(&lx->text, p, (size_t)(e - p + 1));
          lx->pos += (size_t)(e - p + 1);
        }
      }
      continue;
    }
    if (c == '[') {
      in_br = true;
      vsh__buf_putc(&lx->text, '[');
      if (peekc(lx, 0) == '^') {
        vsh__buf_putc(&lx->text, '^');
        lx->pos++;
      }
      br_start = lx->text.len;
      if (peekc(lx, 0) == ']') {
        vsh__buf_putc(&lx->text, ']');
        lx->pos++;
      }
      continue;
    }
    if (c == '/') break;
    vsh__buf_putc(&lx->text, (char)c);
  }
  lx->tok = T_ERE;
  lx->prev = T_ERE;
  return T_ERE;
}

int awk_lex_next(awk_lex *lx) {
  for (;;) {
    if (lx->cur >= lx->nsrc) {
      lx->tok = T_EOF;
      break;
    }
    const awk_src *s = &lx->srcs[lx->cur];
    if (lx->pos >= s->len) {
      if (lx->cur + 1 < lx->nsrc) {
        lx->cur++;
        lx->pos = 0;
        lx->line = 1;
        lx->line_start = 0;
        lx->tok = T_NEWLINE;
        lx->tok_start = lx->srcs[lx->cur].text;
        lx->tok_line = 1;
        lx->prev = T_NEWLINE;
        return T_NEWLINE;
      }
      lx->tok = T_EOF;
      lx->tok_start = s->text + s->len;
      break;
    }
    int c = peekc(lx, 0);
    if (c == ' ' || c == '\t' || c == '\r') {
      lx->pos++;
      continue;
    }
    if (c == '\\' && peekc(lx, 1) == '\n') {
      lx->pos += 2;
      lx->line++;
      lx->line_start = lx->pos;
      continue;
    }
    if (c == '\\' && peekc(lx, 1) == '\r' && peekc(lx, 2) == '\n') {
      lx->pos += 3;
      lx->line++;
      lx->line_start = lx->pos;
      continue;
    }
    if (c == '#') {
      while (peekc(lx, 0) >= 0 && peekc(lx, 0) != '\n') lx->pos++;
      continue;
    }
    lx->tok_start = s->text + lx->pos;
    lx->tok_line = lx->line;
    if (c == '\n') {
      lx->pos++;
      lx->tok = T_NEWLINE;
      lx->line++;
      lx->line_start = lx->pos;
      break;
    }
    if (isdigit(c) || (c == '.' && isdigit(peekc(lx, 1)))) {
      lx->tok = lex_number(lx);
      break;
    }
    if (isalpha(c) || c == '_') {
      size_t st = lx->pos;
      while (peekc(lx, 0) >= 0 &&
             (isalnum(peekc(lx, 0)) || peekc(lx, 0) == '_'))
        lx->pos++;
      vsh__buf_clear(&lx->text);
      vsh__buf_append(&lx->text, s->text + st, lx->pos - st);
      const char *w = lx->text.data;
      lx->tok = T_NAME;
      for (size_t i = 0; i < sizeof(keywords) / sizeof(*keywords); i++)
        if (!strcmp(w, keywords[i].name)) {
          lx->tok = keywords[i].tok;
          break;
        }
      if (lx->tok == T_NAME) {
        for (size_t i = 0; i < sizeof(builtins) / sizeof(*builtins); i++)
          if (!strcmp(w, builtins[i].name)) {
            lx->tok = T_BUILTIN;
            lx->builtin = builtins[i].id;
            break;
          }
      }
      if (lx->tok == T_NAME && peekc(lx, 0) == '(') lx->tok = T_FUNC_NAME;
      break;
    }
    if (c == '"') {
      lx->pos++;
      vsh__buf_clear(&lx->text);
      for (;;) {
        int d = peekc(lx, 0);
        if (d < 0 || d == '\n') {
          lx->err = true;
          lx->tok = T_EOF;
          return T_EOF;
        }
        lx->pos++;
        if (d == '"') break;
        if (d == '\\') {
          string_escape(lx, &lx->text);
          continue;
        }
        vsh__buf_putc(&lx->text, (char)d);
      }
      lx->tok = T_STRING;
      break;
    }
    lx->pos++;
    int d = peekc(lx, 0);
#define TWO(ch, t2, t1)                                                        \
  if (d == (ch)) {                                                             \
    lx->pos++;                                                                 \
    lx->tok = (t2);                                                            \
  } else lx->tok = (t1);
    switch (c) {
    case '{': lx->tok = T_LBRACE; break;
    case '}': lx->tok = T_RBRACE; break;
    case '(': lx->tok = T_LPAREN; break;
    case ')': lx->tok = T_RPAREN; break;
    case '[': lx->tok = T_LBRACKET; break;
    case ']': lx->tok = T_RBRACKET; break;
    case ';': lx->tok = T_SEMI; break;
    case ',': lx->tok = T_COMMA; break;
    case '?': lx->tok = T_QUESTION; break;
    case ':': lx->tok = T_COLON; break;
    case '~': lx->tok = T_TILDE; break;
    case '$': lx->tok = T_DOLLAR; break;
    case '+':
      if (d == '+') {
        lx->pos++;
        lx->tok = T_INCR;
      } else {
        TWO('=', T_ADD_ASSIGN, T_PLUS);
      }
      break;
    case '-':
      if (d == '-') {
        lx->pos++;
        lx->tok = T_DECR;
      } else {
        TWO('=', T_SUB_ASSIGN, T_MINUS);
      }
      break;
    case '*':
      if (d == '*') {
        lx->pos++;
        if (peekc(lx, 0) == '=') {
          lx->pos++;
          lx->tok = T_POW_ASSIGN;
        } else lx->tok = T_POW;
      } else {
        TWO('=', T_MUL_ASSIGN, T_STAR);
      }
      break;
    case '/': TWO('=', T_DIV_ASSIGN, T_SLASH); break;
    case '%': TWO('=', T_MOD_ASSIGN, T_PERCENT); break;
    case '^': TWO('=', T_POW_ASSIGN, T_POW); break;
    case '!':
      if (d == '=') {
        lx->pos++;
        lx->tok = T_NE;
      } else {
        TWO('~', T_NOMATCH, T_NOT);
      }
      break;
    case '=': TWO('=', T_EQ, T_ASSIGN); break;
    case '<': TWO('=', T_LE, T_LT); break;
    case '>':
      if (d == '>') {
        lx->pos++;
        lx->tok = T_APPEND;
      } else {
        TWO('=', T_GE, T_GT);
      }
      break;
    case '&':
      if (d == '&') {
        lx->pos++;
        lx->tok = T_AND;
      } else {
        lx->err = true;
        lx->tok = T_EOF;
      }
      break;
    case '|':
      if (d == '|') {
        lx->pos++;
        lx->tok = T_OR;
      } else {
        TWO('&', T_PIPEAMP, T_PIPE);
      }
      break;
    default:
      lx->err = true;
      lx->tok = T_EOF;
      break;
    }
#undef TWO
    break;
  }
  lx->prev = lx->tok;
  return lx->tok;
}
