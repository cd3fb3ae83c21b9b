/* basename.c: strip directories (and a suffix) from names.  GNU forms:
 * `basename NAME [SUFFIX]`, -a (several names), -s SUFFIX (implies -a),
 * -z (NUL-terminated output).  Pure string work, no filesystem access. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

#define LQ "\xe2\x80\x98"
#define RQ "\xe2\x80\x99"

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

int bi_basename_main(bi_ctx *b) {
  static const bi_longopt lo[] = {{"multiple", BI_ARG_NONE, 'a'},
                                  {"suffix", BI_ARG_REQUIRED, 's'},
                                  {"zero", BI_ARG_NONE, 'z'},
                                  {"help", BI_ARG_NONE, 256},
                                  {"version", BI_ARG_NONE, 257},
                                  {NULL, 0, 0}};
  bool multiple = false;
  char end = '\n';
  const char *suffix = NULL;
  bi_opts g = {0};
  int ch;
  while ((ch = bi_getopt(b, &g, "as:z", lo)) != -1) {
    switch (ch) {
    case 'a': multiple = true; break;
    case 's': suffix = g.arg; multiple = true; break;
    case 'z': end = 0; break;
    case 256:
      bi_puts(b, "Usage: basename NAME [SUFFIX]\n  or:  basename OPTION... "
                 "NAME...\nPrint NAME with any leading directory components "
                 "removed.\nIf specified, also remove a trailing SUFFIX.\n\n"
                 "  -a, --multiple       support multiple arguments and treat "
                 "each as a NAME\n  -s, --suffix=SUFFIX  remove a trailing "
                 "SUFFIX; implies -a\n  -z, --zero           end each output "
                 "line with NUL, not newline\n");
      return 0;
    case 257: bi_puts(b, "basename (vsh) " VSH_VERSION_STRING "\n"); return 0;
    default: return 1;
    }
  }
  if (g.noperands < 1) {
    bi_err(b, "missing operand");
    bi_try_help(b);
    return 1;
  }
  if (!multiple && g.noperands > 2) {
    bi_err(b, "extra operand " LQ "%s" RQ, g.operands[2]);
    bi_try_help(b);
    return 1;
  }
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
