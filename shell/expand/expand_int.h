/* expand_int.h: private to the expansion files (expand.c, param.c,
 * brace.c, glob.c); expand.h is what the rest of the shell sees.  A field builder accumulates bytes with a per-byte
 * mask; "$@" breaks fields; anchors mark empty quoted strings so that
 * `""` and `"$empty"` survive as empty arguments. */
#ifndef VSH_SHELL_EXPAND_INT_H
#define VSH_SHELL_EXPAND_INT_H

#include "shell/expand/expand.h"

enum {
  XM_QUOTED = 1, /* literal: no globbing, no splitting */
  XM_SPLIT = 2   /* from an unquoted expansion: IFS splitting applies */
};

typedef struct xfield {
  char *s;
  unsigned char *mask;
  size_t len;
  size_t *anchors;
  size_t nanchors;
  bool quoted;
  bool started;
} xfield;

typedef struct xpieces {
  xfield *v;
  size_t n, cap;
} xpieces;

typedef struct xb {
  sh_ctx *c;
  vsh_buf text, mask, anchors;
  bool quoted, started;
  xfield *fields;
  size_t nf, capf;
  bool no_split;      /* assignment-like context: $@ joins with spaces */
  bool list_nonempty; /* the last list expansion produced elements */
  bool operand;       /* inside an unquoted ${x:-operand} */
  bool assign;        /* expanding an assignment value (tilde after :) */
} xb;

void xb_init(xb *b, sh_ctx *c);
void xb_dispose(xb *b);
int xb_add(xb *b, const char *s, size_t n, unsigned char m);
int xb_anchor(xb *b);
int xb_break(xb *b);
int xb_part(xb *b, const sh_part *p, bool quoted);
int xb_split(sh_ctx *c, const xfield *f, const char *ifs, xpieces *out);
/* ~ or ~user (a SH_PART_TILDE part) expanded into the builder. */
int xb_tilde(xb *b, const sh_part *p);

/* param.c */
bool sh_param_is_list(const sh_param *p);
int xb_param(xb *b, const sh_param *p, bool quoted);
/* An arithmetic expansion error or a bad substitution: the top-level
 * command is abandoned; in posix mode a non-interactive shell ends (1). */
void sh__expand_error(sh_ctx *c);

/* brace.c */
bool sh_word_has_brace(const sh_word *w);
int sh_brace_expand(sh_ctx *c, const sh_word *w, sh_word ***out, size_t *n);

/* <(body) / >(body) through the executor's hook, as /dev/fd/N. */
int xb_procsub(xb *b, const sh_part *p);

#endif /* VSH_SHELL_EXPAND_INT_H */
