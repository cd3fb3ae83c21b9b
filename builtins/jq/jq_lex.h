/* jq_lex.h: private to builtins/jq: the lexer the parser pulls from. */
#ifndef VSH_BUILTINS_JQ_LEX_H
#define VSH_BUILTINS_JQ_LEX_H

#include "builtins/jq/jq_int.h"

enum {
  T_EOF = 0,
  /* single characters are their own code */
  T_IDENT = 256,
  T_FIELD,
  T_VAR,
  T_LOCVAR,
  T_FORMAT,
  T_NUM,
  T_QUOTE,
  T_INVALID,
  T_ALTDESTR,
  T_SETALT,
  T_SETPIPE,
  T_SETPLUS,
  T_SETMINUS,
  T_SETMUL,
  T_SETDIV,
  T_SETMOD,
  T_EQ,
  T_NE,
  T_LE,
  T_GE,
  T_ALT,
  T_DOTDOT,
  T_DEF,
  T_IF,
  T_THEN,
  T_ELIF,
  T_ELSE,
  T_END,
  T_AS,
  T_REDUCE,
  T_FOREACH,
  T_TRY,
  T_CATCH,
  T_LABEL,
  T_IMPORT,
  T_INCLUDE,
  T_AND,
  T_OR,
  T_LOC
};

typedef struct jq_lex {
  const char *s;
  size_t n, pos;
  int tok;
  size_t start;     /* of the current token */
  const char *text; /* identifier/field/var/format name, number text */
  size_t tlen;
  int line, tline;
  char err[128];
} jq_lex;

void jq_lex_init(jq_lex *l, const char *s, size_t n);
int jq_lex_next(jq_lex *l);
int jq_lex_string_part(jq_lex *l, vsh_buf *out);

#endif
