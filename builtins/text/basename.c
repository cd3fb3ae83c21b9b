/* basename.c: strip directories (and a suffix) from names.  GNU forms:
 * `basename NAME [SUFFIX]`, -a (several names), -s SUFFIX (implies -a),
 * -z (NUL-terminated output).  Pure string work, no filesystem access. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

/* The last component of name into out (arena-free: a malloc'd copy). */
static void base_of(vsh_buf *out, const char *name, const char *suffix) {
  size_t n = strlen(name);
  while (n > 1 && name[n - 1] == '/') n--;
  if (n == 1 && name[0] == '/') {
    vsh__buf_putc(out, '/');
    return;
  }
  size_t start = n;
  while (start > 0 && name[start - 1] != '/') start--;
  size_t len = n - start;
  size_t sl = suffix ? strlen(suffix) : 0;
  /* a suffix equal to the whole name is kept, as GNU does */
  if (sl && sl < len && !memcmp(name + n - sl, suffix, sl)) len -= sl;
  vsh__buf_append(out, name + start, len);
}

static const bi_option basename_longopts[] = {
    {"multiple", BI_ARG_NONE, 'a',
     "support multiple arguments and treat each as a NAME"},
    {"suffix", BI_ARG_REQUIRED, 's',
     "=SUFFIX remove a trailing SUFFIX; implies -a"},
    {"zero", BI_ARG_NONE, 'z', "end each output line with NUL, not newline"},
    {0}};

static const bi_cmd basename_cmd = {
    .name = "basename",
    .usage =
        "Usage: basename NAME [SUFFIX]\n  or:  basename OPTION... NAME...\n",
    .about = "Print NAME with any leading directory components removed.\n"
             "If specified, also remove a trailing SUFFIX.\n\n",
    .shortopts = "as:z",
    .longopts = basename_longopts,
    .help_col = 23,
};

int bi_basename_main(bi_ctx *b) {
  bool multiple = false;
  char end = '\n';
  const char *suffix = NULL;
  bi_opts g = {0};
  int ch;
  while ((ch = bi_opt(b, &g, &basename_cmd)) != -1) {
    switch (ch) {
    case 'a': multiple = true; break;
    case 's':
      suffix = g.arg;
      multiple = true;
      break;
    case 'z': end = 0; break;
    default: return g.status;
    }
  }
  if (g.noperands < 1)
    return bi_usage_error(b, &basename_cmd, "missing operand");
  if (!multiple && g.noperands > 2)
    return bi_usage_error(b, &basename_cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g.operands[2]);
  vsh_buf out = {0};
  if (!multiple) {
    base_of(&out, g.operands[0], g.noperands == 2 ? g.operands[1] : NULL);
    vsh__buf_putc(&out, end);
  } else {
    for (int i = 0; i < g.noperands; i++) {
      base_of(&out, g.operands[i], suffix);
      vsh__buf_putc(&out, end);
    }
  }
  int rc = bi_write(b, out.data, out.len);
  vsh_buf_dispose(&out);
  return rc == VSH_EPIPE ? 141 : rc ? 1 : 0;
}
