/* printenv.c: print the exported environment, or the values of the named
 * exported variables (status 1 if one is missing).  -0 ends lines with
 * NUL.  The environment is the shell's exported scalars, innermost scope
 * first (what a child process would receive). */
#include "builtins/builtins.h"

#include <string.h>

static const bi_option printenv_options[] = {{"null", BI_ARG_NONE, '0', NULL},
                                             {0}};

static const bi_cmd printenv_cmd = {
    .name = "printenv",
    .usage = "Usage: printenv [OPTION]... [VARIABLE]...\n",
    .about = "Print the values of the specified environment VARIABLE(s).\n"
             "If no VARIABLE is specified, print name and value pairs for "
             "them all.\n\n"
             "  -0, --null     end each output line with NUL, not newline\n",
    .shortopts = "0",
    .longopts = printenv_options,
    .bad_status = 2, /* as GNU printenv */
};

int bi_printenv_main(bi_ctx *b) {
  char end = '\n';
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, &printenv_cmd)) != -1) {
    if (c != '0') return g.status;
    end = 0;
  }
  int st = 0;
  vsh_buf out = {0};
  if (g.noperands == 0) {
    bi_env_print(b, &out, end);
  } else {
    for (int i = 0; i < g.noperands; i++) {
      const char *val =
          strchr(g.operands[i], '=') ? NULL : bi_getenv(b, g.operands[i]);
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
