/* builtins.h: what a command implementation sees (the bi_ctx and its
 * helpers live in shell/shell.h) plus shared option parsing. */
#ifndef VSH_BUILTINS_H
#define VSH_BUILTINS_H

#include "shell/shell.h"

#endif /* VSH_BUILTINS_H */
