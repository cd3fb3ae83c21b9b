/* parse_corpus.c: a small driver for scripts/parse_corpus.py and manual
 * checks.  `parse_corpus [-t] [-x] [-q] FILE|-c SCRIPT`: parses with the
 * recursive-descent parser (or tree-sitter with -t; -x turns extglob on)
 * and prints the dump of each top-level command, one per line, or
 * "ERROR line N: message" and exit status 2.  With --cases FILE it reads
 * a bundle of cases and prints one CASE...END block per case. */
#include "shell/parse/parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_one(const char *src, size_t len, bool ts, bool extglob,
                     bool quiet, vsh_buf *out) {
  sh_parse_opts o = {0};
  o.extglob = extglob;
  o.use_tree_sitter = ts;
  sh_parser *p;
  int rc = sh_parser_new(&p, src, len, &o);
  if (rc) {
    vsh__buf_printf(out, "ERROR new %d\n", rc);
    return 2;
  }
  int status = 0;
  for (;;) {
    sh_node *n;
    vsh_buf msg;
    vsh__buf_init(&msg);
    unsigned line = 0;
    rc = sh_parser_next(p, &n, &msg, &line);
    if (rc) {
      vsh__buf_printf(out, "ERROR line %u: %s\n", line,
                      msg.data ? msg.data : "");
      vsh_buf_dispose(&msg);
      status = 2;
      break;
    }
    vsh_buf_dispose(&msg);
    if (!n) break;
    if (!quiet) {
      sh_ast_dump(n, out);
      vsh__buf_putc(out, '\n');
    }
  }
  sh_parser_free(p);
  return status;
}

static char *slurp(const char *path, size_t *len) {
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  if (!f) return NULL;
  vsh_buf b;
  vsh__buf_init(&b);
  char tmp[65536];
  size_t n;
  while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) vsh__buf_append(&b, tmp, n);
  if (f != stdin) fclose(f);
  return vsh__buf_steal(&b, len);
}

int main(int argc, char **argv) {
  bool ts = false, extglob = false, quiet = false, cases = false;
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "-t")) ts = true;
    else if (!strcmp(argv[i], "-x")) extglob = true;
    else if (!strcmp(argv[i], "-q")) quiet = true;
    else if (!strcmp(argv[i], "--cases")) cases = true;
    else if (!strcmp(argv[i], "-c")) break;
  }
  if (i >= argc) {
    fprintf(stderr,
            "usage: parse_corpus [-t] [-x] [-q] [--cases] FILE|-c SCRIPT\n");
    return 64;
  }
  char *src;
  size_t len;
  if (!strcmp(argv[i], "-c")) {
    if (i + 1 >= argc) return 64;
    src = strdup(argv[i + 1]);
    len = strlen(src);
  } else {
    src = slurp(argv[i], &len);
    if (!src) {
      perror(argv[i]);
      return 66;
    }
  }
  vsh_buf out;
  vsh__buf_init(&out);
  int status = 0;
  if (!cases) {
    status = parse_one(src, len, ts, extglob, quiet, &out);
  } else {
    /* bundle: repeated "#CASE <len>\n" + len bytes (from the script) */
    char *q = src, *end = src + len;
    while (q < end) {
      unsigned long n = 0;
      if (sscanf(q, "#CASE %lu", &n) != 1) break;
      char *nl = memchr(q, '\n', (size_t)(end - q));
      if (!nl || (size_t)(end - nl - 1) < n) break;
      vsh__buf_puts(&out, "CASE\n");
      parse_one(nl + 1, n, ts, extglob, quiet, &out);
      vsh__buf_puts(&out, "END\n");
      q = nl + 1 + n;
    }
  }
  fwrite(out.data ? out.data : "", 1, out.len, stdout);
  vsh_buf_dispose(&out);
  free(src);
  return status;
}
