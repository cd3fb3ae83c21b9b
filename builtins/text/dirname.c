/* dirname.c: strip the last component from each name (GNU: several
 * operands, -z).  Pure string work: "a" -> ".", "/a" -> "/",
 * "a/b//" -> "a", "//" -> "/". */
#include "builtins/builtins.h"

#include <string.h>

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
  static const bi_nul_opt o = {
      "dirname", 'z', "zero",
      "Usage: dirname [OPTION] NAME...\nOutput each NAME with its last "
      "non-slash component and trailing slashes\nremoved; if NAME contains "
      "no /'s, output '.' (meaning the current directory).\n\n  -z, "
      "--zero     end each output line with NUL, not newline\n",
      1};
  char end;
  bi_opts g = {0};
  int st = bi_getopt_nul(b, &g, &o, &end);
  if (st >= 0) return st;
  if (g.noperands < 1) {
    bi_err(b, "missing operand");
    bi_try_help(b);
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
