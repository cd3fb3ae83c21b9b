/* printenv.c: print the exported environment, or the values of the named
 * exported variables (status 1 if one is missing).  -0 ends lines with
 * NUL.  The environment is the shell's exported scalars, innermost scope
 * first (what a child process would receive). */
#include "builtins/builtins.h"

#include <string.h>

int bi_printenv_main(bi_ctx *b) {
  static const bi_nul_opt o = {
      "printenv", '0', "null",
      "Usage: printenv [OPTION]... [VARIABLE]...\nPrint the values of the "
      "specified environment VARIABLE(s).\nIf no VARIABLE is specified, "
      "print name and value pairs for them all.\n\n  -0, --null     end "
      "each output line with NUL, not newline\n",
      2 /* GNU printenv: 2 for usage errors */};
  char end;
  bi_opts g = {0};
  int st = bi_getopt_nul(b, &g, &o, &end);
  if (st >= 0) return st;
  st = 0;
  vsh_buf out = {0};
  if (g.noperands == 0) {
    bi_env_print(b, &out, end);
  } else {
    for (int i = 0; i < g.noperands; i++) {
      const char *val = strchr(g.operands[i], '=')
                            ? NULL
                            : bi_getenv(b, g.operands[i]);
      if (!val) {
        st = 1;
        continue;
      }
      vsh__buf_puts(&out, val);
      vsh__buf_putc(&out, end);
    }
  }
  int rc = out.len ? bi_write(b, out.data, out.len) : 0;
  vsh_buf_dispose(&out);
  if (rc == VSH_EPIPE) return 141;
  return rc ? 1 : st;
}
