/* text.h: how names and bytes are shown in messages: GNU's quoting
 * styles and C escapes.  Results live on the exec's arena.  Part of the
 * command library (lib.h). */
#ifndef VSH_BUILTINS_LIB_TEXT_H
#define VSH_BUILTINS_LIB_TEXT_H

#include "shell/command.h"

/* GNU's shell-escape quoting for messages: 'a b', "it's" (arena). */
const char *bi_quote(bi_ctx *b, const char *s);
/* GNU's quotef(): a file name quoted only when it needs it ('a b', '',
 * plain x.txt), as coreutils name a file in "NAME: error" (arena). */
const char *bi_quotef(bi_ctx *b, const char *s);
/* GNU's quoting styles (ls --quoting-style, QUOTING_STYLE). */
enum {
  BI_QS_LITERAL,
  BI_QS_SHELL, /* quoted only when needed */
  BI_QS_SHELL_ALWAYS,
  BI_QS_SHELL_ESCAPE,        /* quoted when needed, $'\n' escapes */
  BI_QS_SHELL_ESCAPE_ALWAYS, /* bi_quote */
  BI_QS_C,                   /* "a\tb" */
  BI_QS_ESCAPE,              /* a\tb, a\ b */
  BI_QS_LOCALE               /* bi_cquote */
};
/* s in a BI_QS_* style (arena, or s itself); hide: control characters
 * and bytes outside UTF-8 show as '?' in the literal and shell styles
 * (ls -q). */
const char *bi_quote_as(bi_ctx *b, const char *s, int style, bool hide);
/* GNU's quote() in UTF-8 locales: curly quotes (‘x’), used by some
 * messages (invalid mode, cannot create directory) instead of 'x'. */
const char *bi_cquote(bi_ctx *b, const char *s);
/* C's escape for a control character (\a \b \f \n \r \t \v), as od -c,
 * hexdump %_c and sed l print them; NULL for any other byte. */
const char *bi_c_escape(int c);

#endif /* VSH_BUILTINS_LIB_TEXT_H */
