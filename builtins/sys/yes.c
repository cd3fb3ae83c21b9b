/* yes.c: repeat a line (the operands joined by spaces, or "y") until the
 * reader is gone.  Writes in large blocks so a pipe sees GNU-like
 * throughput; stops on cancellation. */
#include "builtins/builtins.h"

#include <string.h>

static const bi_cmd yes_cmd = {
    .name = "yes",
    .usage = "Usage: yes [STRING]...\n  or:  yes OPTION\n",
    .about = "Repeatedly output a line with all specified STRING(s), or "
             "'y'.\n\n"
             "      --help        display this help and exit\n"
             "      --version     output version information and exit\n",
};

int bi_yes_main(bi_ctx *b) {
  bi_opts g = {0};
  if (bi_opt(b, &g, &yes_cmd) != -1) return g.status;
  vsh_buf line = {0};
  if (g.noperands == 0) vsh__buf_puts(&line, "y");
  for (int i = 0; i < g.noperands; i++) {
    if (i) vsh__buf_putc(&line, ' ');
    vsh__buf_puts(&line, g.operands[i]);
  }
  vsh__buf_putc(&line, '\n');
  /* Fill a block with whole lines: one write per ~8 KiB. */
  vsh_buf block = {0};
  do {
    vsh__buf_append(&block, line.data, line.len);
  } while (block.len + line.len <= 8192);
  int st = 0;
  for (;;) {
    if (bi_cancelled(b)) {
      st = 1;
      break;
    }
    int rc = bi_write(b, block.data, block.len);
    if (rc == VSH_EPIPE) {
      st = 141;
      break;
    }
    if (rc) {
      st = 1;
      break;
    }
  }
  vsh_buf_dispose(&line);
  vsh_buf_dispose(&block);
  return st;
}
