/* fuzz_parse.c: parses the input as a whole script and dumps the syntax
 * tree, with and without the tree-sitter front end; both must either
 * succeed or report a syntax error (never crash), and a successful parse
 * must dump. */
#include "shell/parse/parse.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 65536) return 0;
  for (int ts = 0; ts < 2; ts++) {
    sh_parse_opts po = {.use_tree_sitter = ts == 1, .max_depth = 100};
    sh_unit *u = NULL;
    vsh_buf msg = {0};
    unsigned line = 0;
    int rc = sh_parse_all(&u, (const char *)data, size, &po, &msg, &line);
    if (rc == 0) {
      vsh_buf dump = {0};
      if (u->root && sh_ast_dump(u->root, &dump)) abort();
      vsh_buf_dispose(&dump);
      sh_unit_unref(u);
    } else if (rc != VSH_EINVAL && rc != VSH_ELIMIT && rc != VSH_ENOMEM) {
      abort();
    }
    vsh_buf_dispose(&msg);
  }
  return 0;
}
