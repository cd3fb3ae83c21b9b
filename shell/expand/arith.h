/* arith.h: bash 5.2 arithmetic ($(( )), (( )), let, array subscripts,
 * ${x:off:len}) as a standalone evaluator.  Variables are reached only
 * through the callbacks in sh_arith_env, so the module owns no state and
 * may run on any thread. */
#ifndef VSH_SHELL_ARITH_H
#define VSH_SHELL_ARITH_H

#include "core/core.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct sh_arith_env {
  /* Reads a variable's value as text; *val = NULL when unset (an error
   * under nounset, else 0: a host that wants bash's "unset element of a
   * set array is 0 even under set -u" returns "" for it).  The value is
   * parsed as an expression like bash does (x='1+2' -> $((x*2)) is 6); it
   * is copied before that, so it need only live until the next callback.
   * For "a[sub]" has_index is true and key/key_len is the raw subscript
   * text; index is the evaluated subscript unless is_assoc(name).
   * Returns 0, or a negative vsh_err: VSH_ERANGE means "bad array
   * subscript" (bash warns, the value is 0), anything else aborts. */
  int (*get)(void *ud, const char *name, size_t name_len, bool has_index,
             int64_t index, const char *key, size_t key_len, const char **val,
             size_t *val_len);
  /* Assigns; same name/subscript convention.  VSH_EPERM or VSH_EACCES
   * means readonly (fatal, "x: readonly variable"), VSH_ERANGE a bad
   * subscript (bash warns and goes on); other errors abort. */
  int (*set)(void *ud, const char *name, size_t name_len, bool has_index,
             int64_t index, const char *key, size_t key_len, int64_t value);
  bool (*is_assoc)(void *ud, const char *name, size_t name_len);
  bool (*cancelled)(void *ud); /* deadline/abort: checked in loops */
  void *ud;
  /* Recursion cap: nested evaluations (a variable's value, a subscript)
   * as bash counts them, the top level being 1; bash uses 1024, and 0
   * means that.  Syntactic nesting (parentheses, unary chains, right-
   * associative chains) is capped at twice this, bash has no cap. */
  unsigned max_depth;
  bool nounset; /* set -u: unset variable is an error */
  /* Expands an indexed array's subscript text ($x, $(cmd), quotes) into
   * *out (valid until the evaluation ends); may be NULL.  bash expands a
   * subscript met in a variable's value, and every subscript when raw is
   * set (let, declare -i: text no expansion has seen); a subscript of
   * $(( )) or (( )) text was expanded with the text. */
  int (*expand)(void *ud, const char *s, size_t n, const char **out,
                size_t *out_len);
  bool raw;
} sh_arith_env;

/* Evaluates expr[0..len).  On success returns 0 and sets *out.  On error
 * returns a negative vsh_err: VSH_EPERM for an assignment to a readonly
 * variable, VSH_EINVAL for other syntax and semantic errors,
 * VSH_ELIMIT for the depth cap, VSH_EABORTED when cancelled, or what a
 * callback returned.
 * msg (may be NULL) is appended bash's diagnostics, without the
 * "bash: line N: " prefix the caller adds to each line: first any
 * non-fatal warnings bash prints and goes on after (e.g. "a[]: bad array
 * subscript"), each ending in '\n'; then, on error, the fatal message
 * without a newline, e.g. "1/0: division by 0 (error token is \"0\")". */
int sh_arith_eval(const sh_arith_env *env, const char *expr, size_t len,
                  int64_t *out, vsh_buf *msg);

#endif /* VSH_SHELL_ARITH_H */
