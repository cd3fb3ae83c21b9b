/* expand.h: what expand/ offers the executor beyond the expansion calls
 * of shell.h ([[ ]] and test, argv building, globbing), and what it
 * needs from it: the executor's calls come in through sh_expand_hooks
 * (vsh_shell.xh), so expand/ never includes an exec/ header. */
#ifndef VSH_SHELL_EXPAND_H
#define VSH_SHELL_EXPAND_H

#include "shell/shell.h"

/* The executor as expansion sees it (filled by exec/, see
 * sh_exec_expand_hooks). */
struct sh_expand_hooks {
  /* $(body): runs body with its stdout captured in out; the status. */
  int (*capture)(sh_ctx *c, sh_node *body, vsh_buf *out);
  /* <(body) / >(body): starts body on a pipe bound to a free fd of c
   * (*fd_out); 0 or a negative vsh_err. */
  int (*procsub)(sh_ctx *c, sh_node *body, bool out, int *fd_out);
  /* A set -x line ([[ ]] traces itself as bash does). */
  void (*xtrace_text)(sh_ctx *c, const char *text, size_t len);
  /* The jobs `jobs` would list (\j in prompts). */
  int (*jobs_count)(sh_ctx *c);
};

/* cond.c */
int sh_eval_cond(sh_ctx *c, const sh_cond *e);
/* test / [ on expanded words: status 0, 1, or 2 (error printed). */
int sh_test_argv(sh_ctx *c, int argc, char **argv, const char *name);
/* File tests shared by [[ ]] and test: -e -f -d ... */
int sh_file_test(sh_ctx *c, const char *op, const char *path);
bool sh_unary_op(const char *op);
bool sh_binary_op(const char *op);

/* expand.c: appends a copy of s[0..n) (context arena) to a. */
int sh__argv_push(sh_ctx *c, sh_argv *a, const char *s, size_t n);

/* glob.c: pattern with per-byte mask (XM_QUOTED bytes are literal; all 0:
 * every byte unquoted). */
int sh_glob(sh_ctx *c, const char *pat, size_t len, const unsigned char *mask,
            sh_argv *out);

#endif /* VSH_SHELL_EXPAND_H */
