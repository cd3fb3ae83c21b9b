/* jq_parse.h: the jq parser's state and the few parser steps that
 * jq_parse.c (expressions) and jq_module.c (programs: directives,
 * modules, compile) share.  Private to builtins/jq. */
#ifndef VSH_JQ_PARSE_H
#define VSH_JQ_PARSE_H

#include "builtins/jq/jq_lex.h"

enum { SC_VAR, SC_FUNC, SC_PARAM, SC_LABEL };

typedef struct scope_ent {
  int kind;
  const char *name;
  size_t len;
  int arity;
} scope_ent;

typedef struct parser {
  jq_lex lx;
  jq_prog *prog;
  scope_ent *sc;
  size_t nsc, capsc;
  char *msg;
  size_t msgn;
  bool failed;
  bool oom;
  int depth;
  bool in_lib;
  const char *srcname;
  jv *meta, *deps; /* modulemeta: collected when non-NULL */
  char dir[1200];  /* the directory of the module being read ("" main) */
} parser;

/* Records the first error (later ones are dropped). */
void jqp_fail(parser *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The generic "syntax error, unexpected X" (want: the expected token or -1). */
void jqp_syntax_exp(parser *p, int want);
void jqp_syntax(parser *p);
/* Token steps: advance; consume t or fail. */
void jqp_next(parser *p);
bool jqp_expect(parser *p, int t);
/* Nodes: a fresh node of op; a literal. */
jq_node *jqp_mk(parser *p, jq_op op);
jq_node *jqp_mk_lit(parser *p, jv v);
/* Declares a name in the compile-time scope (false when out of memory). */
bool jqp_push_scope(parser *p, int kind, const char *name, size_t len,
                    int arity);
/* Grammar entries used by the program level. */
jq_node *jqp_parse_pipe(parser *p);
jq_node *jqp_parse_object(parser *p);
jq_node *jqp_parse_def(parser *p);
jq_node *jqp_parse_string(parser *p, const char *fmt, size_t fmtlen);

#endif /* VSH_JQ_PARSE_H */
