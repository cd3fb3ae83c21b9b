/* jq_lex.c: the tokens of a jq program, one at a time on demand.  String
 * literals are not tokens: the parser reads them from the source itself
 * (jq_lex_string_part) because "\(...)" nests whole expressions. */
#include "builtins/jq/jq_lex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *s;
  int t;
} ops[] = {
    {"?//", T_ALTDESTR}, {"//=", T_SETALT},  {"|=", T_SETPIPE},
    {"+=", T_SETPLUS},   {"-=", T_SETMINUS}, {"*=", T_SETMUL},
    {"/=", T_SETDIV},    {"%=", T_SETMOD},   {"==", T_EQ},
    {"!=", T_NE},        {"<=", T_LE},       {">=", T_GE},
    {"//", T_ALT},       {"..", T_DOTDOT},
};

static const struct {
  const char *s;
  int t;
} kws[] = {
    {"def", T_DEF},       {"if", T_IF},           {"then", T_THEN},
    {"elif", T_ELIF},     {"else", T_ELSE},       {"end", T_END},
    {"as", T_AS},         {"reduce", T_REDUCE},   {"foreach", T_FOREACH},
    {"try", T_TRY},       {"catch", T_CATCH},     {"label", T_LABEL},
    {"import", T_IMPORT}, {"include", T_INCLUDE}, {"and", T_AND},
    {"or", T_OR},         {"__loc__", T_LOC},
};

static bool id_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool id_char(char c) { return id_start(c) || (c >= '0' && c <= '9'); }

void jq_lex_init(jq_lex *l, const char *s, size_t n) {
  memset(l, 0, sizeof *l);
  l->s = s;
  l->n = n;
  l->line = 1;
}

static size_t ident_end(jq_lex *l, size_t i) {
  while (i < l->n) {
    if (id_char(l->s[i])) {
      i++;
    } else if (l->s[i] == ':' && i + 2 < l->n && l->s[i + 1] == ':' &&
               id_start(l->s[i + 2])) {
      i += 2;
    } else {
      break;
    }
  }
  return i;
}

int jq_lex_next(jq_lex *l) {
  const char *s = l->s;
  size_t i = l->pos, n = l->n;
  for (;;) {
    while (i < n &&
           (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) {
      if (s[i] == '\n') l->line++;
      i++;
    }
    if (i < n && s[i] == '#') {
      while (i < n && s[i] != '\n') {
        /* jq 1.7: a backslash before the newline continues the comment */
        if (s[i] == '\\' && i + 1 < n && s[i + 1] == '\n') {
          l->line++;
          i++;
        }
        i++;
      }
      continue;
    }
    break;
  }
  l->start = i;
  l->tline = l->line;
  l->text = s + i;
  l->tlen = 0;
  if (i >= n) {
    l->pos = i;
    return l->tok = T_EOF;
  }
  char c = s[i];
  if (c == '.' && i + 1 < n && id_start(s[i + 1])) {
    size_t e = i + 1;
    while (e < n && id_char(s[e])) e++;
    l->text = s + i + 1;
    l->tlen = e - i - 1;
    l->pos = e;
    return l->tok = T_FIELD;
  }
  if (c == '$' && i + 1 < n && id_start(s[i + 1])) {
    size_t e = ident_end(l, i + 1);
    l->text = s + i + 1;
    l->tlen = e - i - 1;
    l->pos = e;
    if (l->tlen == 7 && !memcmp(l->text, "__loc__", 7))
      return l->tok = T_LOCVAR;
    return l->tok = T_VAR;
  }
  if (c == '@' && i + 1 < n && id_start(s[i + 1])) {
    size_t e = i + 1;
    while (e < n && id_char(s[e])) e++;
    l->text = s + i + 1;
    l->tlen = e - i - 1;
    l->pos = e;
    return l->tok = T_FORMAT;
  }
  if (id_start(c)) {
    size_t e = ident_end(l, i);
    l->text = s + i;
    l->tlen = e - i;
    l->pos = e;
    for (size_t k = 0; k < sizeof kws / sizeof *kws; k++)
      if (strlen(kws[k].s) == l->tlen && !memcmp(kws[k].s, l->text, l->tlen))
        return l->tok = kws[k].t;
    return l->tok = T_IDENT;
  }
  if ((c >= '0' && c <= '9') ||
      (c == '.' && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9')) {
    size_t e = i;
    while (e < n && s[e] >= '0' && s[e] <= '9') e++;
    if (e < n && s[e] == '.') {
      e++;
      while (e < n && s[e] >= '0' && s[e] <= '9') e++;
    }
    if (e < n && (s[e] == 'e' || s[e] == 'E')) {
      size_t f = e + 1;
      if (f < n && (s[f] == '+' || s[f] == '-')) f++;
      if (f < n && s[f] >= '0' && s[f] <= '9') {
        while (f < n && s[f] >= '0' && s[f] <= '9') f++;
        e = f;
      }
    }
    l->text = s + i;
    l->tlen = e - i;
    l->pos = e;
    return l->tok = T_NUM;
  }
  if (c == '"') {
    l->pos = i + 1;
    return l->tok = T_QUOTE;
  }
  for (size_t k = 0; k < sizeof ops / sizeof *ops; k++) {
    size_t ln = strlen(ops[k].s);
    if (i + ln <= n && !memcmp(s + i, ops[k].s, ln)) {
      l->tlen = ln;
      l->pos = i + ln;
      return l->tok = ops[k].t;
    }
  }
  if (strchr(".[]{}()|,:;=<>+-*/%?", c)) {
    l->tlen = 1;
    l->pos = i + 1;
    return l->tok = (unsigned char)c;
  }
  l->tlen = 1;
  l->pos = i + 1;
  return l->tok = T_INVALID;
}

/* Reads string text from l->pos up to '"' or "\(" into out (escapes
 * decoded).  Returns 1 at "\(" (pos after it), 0 at the closing quote
 * (pos after it), -1 on an error (message in l->err). */
int jq_lex_string_part(jq_lex *l, vsh_buf *out) {
  const char *s = l->s;
  size_t i = l->pos, n = l->n;
  while (i < n) {
    char c = s[i];
    if (c == '"') {
      l->pos = i + 1;
      return 0;
    }
    if (c == '\n') l->line++;
    if (c != '\\') {
      size_t st = i;
      while (i < n && s[i] != '"' && s[i] != '\\') {
        if (s[i] == '\n') l->line++;
        i++;
      }
      vsh__buf_append(out, s + st, i - st);
      continue;
    }
    if (i + 1 >= n) break;
    char e = s[i + 1];
    i += 2;
    switch (e) {
    case '(': l->pos = i; return 1;
    case '"': vsh__buf_putc(out, '"'); break;
    case '\\': vsh__buf_putc(out, '\\'); break;
    case '/': vsh__buf_putc(out, '/'); break;
    case 'b': vsh__buf_putc(out, '\b'); break;
    case 'f': vsh__buf_putc(out, '\f'); break;
    case 'n': vsh__buf_putc(out, '\n'); break;
    case 'r': vsh__buf_putc(out, '\r'); break;
    case 't': vsh__buf_putc(out, '\t'); break;
    case 'u': {
      int32_t cp = 0;
      for (int k = 0; k < 4; k++) {
        char h = i + (size_t)k < n ? s[i + k] : 0;
        int v = (h >= '0' && h <= '9')   ? h - '0'
                : (h >= 'a' && h <= 'f') ? h - 'a' + 10
                : (h >= 'A' && h <= 'F') ? h - 'A' + 10
                                         : -1;
        if (v < 0) {
          snprintf(l->err, sizeof l->err, "invalid \\uXXXX escape");
          return -1;
        }
        cp = cp * 16 + v;
      }
      i += 4;
      if (cp >= 0xd800 && cp < 0xdc00 && i + 6 <= n && s[i] == '\\' &&
          s[i + 1] == 'u') {
        int32_t lo = (int32_t)strtol(
            (char[]){s[i + 2], s[i + 3], s[i + 4], s[i + 5], 0}, NULL, 16);
        if (lo >= 0xdc00 && lo < 0xe000) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
          i += 6;
        }
      }
      if (cp >= 0xd800 && cp < 0xe000) cp = 0xfffd;
      char u[4];
      int ln = vsh__utf8_encode(cp, u);
      vsh__buf_append(out, u, (size_t)ln);
      break;
    }
    default: snprintf(l->err, sizeof l->err, "invalid escape"); return -1;
    }
  }
  snprintf(l->err, sizeof l->err, "unterminated string");
  return -1;
}
