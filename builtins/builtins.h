/* builtins.h: what a command implementation sees: the command API
 * (shell/command.h: bi_ctx, streams, the filesystem, budgets) and the
 * command library of builtins/lib (lib/lib.h: options, input and output,
 * the directory walker, quoting, paths, modes, dates). */
#ifndef VSH_BUILTINS_H
#define VSH_BUILTINS_H

#include "builtins/lib/lib.h"
#include "core/regex.h"
#include "shell/command.h"
#include "shell/shell.h"

#include <stdlib.h>

/* A regex work meter for one command: the default backtracking steps,
 * polling the exec's cancellation.  A VSH_ELIMIT from vsh__regex_exec
 * means the pattern is too complex for the input: report it with
 * bi_re_failed, never treat it as "no match". */
vsh_re_budget bi_re_budget(bi_ctx *b);
/* Reports a failed regex exec (rc < 0): "regex too complex" for
 * VSH_ELIMIT, nothing for a cancellation (the exec reports that).
 * Returns the status the command should end with. */
int bi_re_failed(bi_ctx *b, int rc);

#endif /* VSH_BUILTINS_H */
