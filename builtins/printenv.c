/* printenv.c: print the exported environment, or the values of the named
 * exported variables (status 1 if one is missing).  -0 ends lines with
 * NUL.  The environment is the shell's exported scalars, innermost scope
 * first (what a child process would receive). */
#include "builtins/builtins.h"

#include <string.h>

/* The visible exported scalar named name, or NULL. */
static const char *exported(sh_ctx *c, const char *name) {
  sh_var *v = sh_var_find(c, name);
  if (!v || !(v->attrs & SH_VAR_EXPORT) || (v->attrs & SH_VAR_UNSET))
    return NULL;
  if (v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC)) return NULL;
  return v->val;
}

int bi_printenv_main(bi_ctx *b) {
  static const bi_longopt lo[] = {{"null", BI_ARG_NONE, '0'},
                                  {"help", BI_ARG_NONE, 256},
                                  {"version", BI_ARG_NONE, 257},
                                  {NULL, 0, 0}};
  char end = '\n';
  bi_opts g = {0};
  int ch;
  while ((ch = bi_getopt(b, &g, "0", lo)) != -1) {
    switch (ch) {
    case '0': end = 0; break;
    case 256:
      bi_puts(b, "Usage: printenv [OPTION]... [VARIABLE]...\nPrint the "
                 "values of the specified environment VARIABLE(s).\nIf no "
                 "VARIABLE is specified, print name and value pairs for them "
                 "all.\n\n  -0, --null     end each output line with NUL, "
                 "not newline\n");
      return 0;
    case 257: bi_puts(b, "printenv (vsh) " VSH_VERSION_STRING "\n"); return 0;
    default: return 2; /* GNU printenv: 2 for usage errors */
    }
  }
  vsh_buf out = {0};
  int st = 0;
  sh_ctx *c = b->sh;
  if (g.noperands == 0) {
    for (sh_scope *s = c->scope; s; s = s->up)
      for (sh_var *v = s->vars; v; v = v->hh.next) {
        if (sh_var_find(c, v->name) != v) continue; /* shadowed */
        const char *val = exported(c, v->name);
        if (!val) continue;
        vsh__buf_printf(&out, "%s=%s", v->name, val);
        vsh__buf_putc(&out, end);
      }
  } else {
    for (int i = 0; i < g.noperands; i++) {
      const char *val = strchr(g.operands[i], '=')
                            ? NULL
                            : exported(c, g.operands[i]);
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
