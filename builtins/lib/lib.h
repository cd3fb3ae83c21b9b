/* lib.h: the command library of builtins/, one header per topic: opt.h
 * (a command's declaration, option parsing, --help), io.h (operands,
 * whole reads, the one line reader, writes, file errors), walk.h (the one
 * directory walker), text.h (quoting in messages), path.h (joining,
 * target directories, canonical paths), mode.h (modes, owners, sizes),
 * time.h (dates and zones).  builtins.h includes it for every command. */
#ifndef VSH_BUILTINS_LIB_H
#define VSH_BUILTINS_LIB_H

#include "builtins/lib/io.h"
#include "builtins/lib/mode.h"
#include "builtins/lib/opt.h"
#include "builtins/lib/path.h"
#include "builtins/lib/text.h"
#include "builtins/lib/time.h"
#include "builtins/lib/walk.h"

#endif /* VSH_BUILTINS_LIB_H */
