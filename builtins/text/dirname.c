/* dirname.c: strip the last component from each name (GNU: several
 * operands, -z).  Pure string work: "a" -> ".", "/a" -> "/",
 * "a/b//" -> "a", "//" -> "/". */
#include "builtins/builtins.h"

#include <string.h>

static void dir_of(vsh_buf *out, const char *name) {
  size_t n = strlen(name);
  while (n > 1 && name[n - 1] == '/') n--; /* trailing slashes */
  while (n > 0 && name[n - 1] != '/') n--; /* the last component */
  if (n == 0) {
    vsh__buf_putc(out, '.');
    return;
  }
  while (n > 1 && name[n - 1] == '/') n--; /* slashes before it */
  vsh__buf_append(out, name, n);
}

static const bi_option dirname_longopts[] = {
    {"zero", BI_ARG_NONE, 'z', "end each output line with NUL, not newline"},
    {0}};

static const bi_cmd dirname_cmd = {
    .name = "dirname",
    .usage = "Usage: dirname [OPTION] NAME...\n",
    .about = "Output each NAME with its last non-slash component and trailing "
             "slashes\nremoved; if NAME contains no /'s, output '.' (meaning "
             "the current directory).\n\n",
    .shortopts = "z",
    .longopts = dirname_longopts,
    .help_col = 17,
};

int bi_dirname_main(bi_ctx *b) {
  char end = '\n';
  bi_opts g = {0};
  int ch;
  while ((ch = bi_opt(b, &g, &dirname_cmd)) != -1) {
    if (ch != 'z') return g.status;
    end = 0;
  }
  if (g.noperands < 1)
    return bi_usage_error(b, &dirname_cmd, "missing operand");
  vsh_buf out = {0};
  for (int i = 0; i < g.noperands; i++) {
    dir_of(&out, g.operands[i]);
    vsh__buf_putc(&out, end);
  }
  int rc = bi_write(b, out.data, out.len);
  vsh_buf_dispose(&out);
  return rc == VSH_EPIPE ? 141 : rc ? 1 : 0;
}
