/* builtins.h: what a command implementation sees (bi_ctx and its output
 * helpers live in shell/shell.h) plus the shared helpers of builtins/:
 * GNU-style option parsing and size suffixes. */
#ifndef VSH_BUILTINS_H
#define VSH_BUILTINS_H

#include "shell/shell.h"

#include <stdlib.h>

enum { BI_ARG_NONE = 0, BI_ARG_REQUIRED = 1, BI_ARG_OPTIONAL = 2 };

typedef struct bi_longopt {
  const char *name;
  int has_arg; /* BI_ARG_* */
  int val;     /* returned by bi_getopt (a short option char or >= 256) */
} bi_longopt;

/* Zero-initialise, then call bi_getopt until it returns -1.  Short option
 * strings are getopt-like ("n:rv", "::" = optional attached argument, a
 * leading '+' stops at the first operand).  Returns the option, '?' after
 * printing a GNU-style error (status set to 1), -1 at the end; then
 * operands[0..noperands) are the non-option arguments in order. */
typedef struct bi_opts {
  int ind;
  const char *arg;      /* the option's argument, or NULL */
  const char *longname; /* the long option matched, or NULL */
  char **operands;
  int noperands;
  int status;
  const char *bundle;
  bool ended;
} bi_opts;
int bi_getopt(bi_ctx *b, bi_opts *g, const char *shortopts,
              const bi_longopt *longopts);

/* "10", "4k", "2M", "1G", "3KB" (1000s), "5b" (512s) -> bytes. */
bool bi_parse_size(const char *s, uint64_t *out);

#endif /* VSH_BUILTINS_H */
