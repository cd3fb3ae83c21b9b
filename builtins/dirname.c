/* dirname.c: strip the last component from each name (GNU: several
 * operands, -z).  Pure string work: "a" -> ".", "/a" -> "/",
 * "a/b//" -> "a", "//" -> "/". */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

/* GNU prints this line without the "name: " prefix bi_err adds. */
static void try_help(bi_ctx *b) {
  char m[160];
  int n = snprintf(m, sizeof(m), "Try '%s --help' for more information.\n",
                   b->argv[0]);
  if (n > 0 && (size_t)n < sizeof(m))
    sh_stream_write(b->err, m, (size_t)n, b->sh->ex);
}

static void dir_of(vsh_buf *out, const char *name) {
  size_t n = strlen(name);
  while (n > 1 && name[n - 1] == '/') n--;    /* trailing slashes */
  while (n > 0 && name[n - 1] != '/') n--;    /* the last component */
  if (n == 0) {
    vsh__buf_putc(out, '.');
    return;
  }
  while (n > 1 && name[n - 1] == '/') n--;    /* slashes before it */
  vsh__buf_append(out, name, n);
}

int bi_dirname_main(bi_ctx *b) {
  static const bi_longopt lo[] = {{"zero", BI_ARG_NONE, 'z'},
                                  {"help", BI_ARG_NONE, 256},
                                  {"version", BI_ARG_NONE, 257},
                                  {NULL, 0, 0}};
  char end = '\n';
  bi_opts g = {0};
  int ch;
  while ((ch = bi_getopt(b, &g, "z", lo)) != -1) {
    switch (ch) {
    case 'z': end = 0; break;
    case 256:
      bi_puts(b, "Usage: dirname [OPTION] NAME...\nOutput each NAME with its "
                 "last non-slash component and trailing slashes\nremoved; if "
                 "NAME contains no /'s, output '.' (meaning the current "
                 "directory).\n\n  -z, --zero     end each output line with "
                 "NUL, not newline\n");
      return 0;
    case 257: bi_puts(b, "dirname (vsh) " VSH_VERSION_STRING "\n"); return 0;
    default: return 1;
    }
  }
  if (g.noperands < 1) {
    bi_err(b, "missing operand");
    try_help(b);
    return 1;
  }
  vsh_buf out = {0};
  for (int i = 0; i < g.noperands; i++) {
    dir_of(&out, g.operands[i]);
    vsh__buf_putc(&out, end);
  }
  int rc = bi_write(b, out.data, out.len);
  vsh_buf_dispose(&out);
  return rc == VSH_EPIPE ? 141 : rc ? 1 : 0;
}
