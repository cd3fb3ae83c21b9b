/* rev.c: reverse each line character by character (util-linux rev).
 * UTF-8 sequences stay intact; an invalid byte counts as one character.
 * Lines stream one at a time; a last line without newline stays so.
 * Like util-linux, "-" is a file name, not stdin, and a NUL ends a line
 * (what follows it, newline included, is dropped). */
#include "builtins/builtins.h"

#include <string.h>

/* util-linux style: -h and -V, and its own help text. */
static const bi_cmd rev_cmd = {
    .name = "rev",
    .shortopts = "hV",
    .usage = "Usage: rev [options] [file ...]\n"
             "\n"
             "Reverse lines characterwise.\n"
             "\n"
             "Options:\n"
             " -h, --help     display this help\n"
             " -V, --version  display version\n"
             "\n"
             "For more details see rev(1).\n",
};

/* Reverses line[0..n) (no newline) into out. */
static void reverse(const char *s, size_t n, char *out) {
  size_t i = 0;
  while (i < n) {
    int32_t cp;
    int len = vsh__utf8_decode(s + i, n - i, &cp);
    memcpy(out + n - i - (size_t)len, s + i, (size_t)len);
    i += (size_t)len;
  }
}

static int rev_stream(bi_ctx *b, sh_stream *in) {
  bi_reader *r = malloc(sizeof(*r));
  if (!r) return VSH_ENOMEM;
  bi_reader_init(r, b, in);
  vsh_buf out = {0};
  const char *line;
  size_t n;
  int rc;
  while ((rc = bi_read_line(r, '\n', &line, &n)) == 1) {
    if (bi_charge(b, 1)) {
      rc = VSH_EABORTED;
      break;
    }
    bool nl = line[n - 1] == '\n';
    if (nl) n--;
    /* util-linux reads wide strings: a NUL ends the line, and the
     * newline after it is lost */
    const char *nul = memchr(line, '\0', n);
    if (nul) n = (size_t)(nul - line);
    vsh__buf_clear(&out);
    if (vsh__buf_reserve(&out, n + 1)) {
      rc = VSH_ENOMEM;
      break;
    }
    reverse(line, n, out.data);
    out.len = n;
    if (nl && !nul) out.data[out.len++] = '\n';
    if ((rc = bi_write(b, out.data, out.len))) break;
  }
  bi_reader_dispose(r);
  free(r);
  vsh_buf_dispose(&out);
  return rc;
}

int bi_rev_main(bi_ctx *b) {
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, &rev_cmd)) != -1) {
    if (c == 'h') return bi_cmd_help(b, &rev_cmd);
    if (c == 'V') return bi_cmd_version(b, &rev_cmd);
    return g.status;
  }
  if (!g.noperands) {
    int rc = rev_stream(b, b->in);
    return rc == VSH_EPIPE ? 141 : rc ? 1 : 0;
  }
  int st = 0;
  for (int k = 0; k < g.noperands; k++) {
    const char *f = g.operands[k];
    sh_stream *in = NULL;
    /* "-" names a file here, unlike GNU tools */
    int rc = bi_open_input(b, strcmp(f, "-") ? f : "./-", &in);
    if (rc && rc != VSH_EISDIR) {
      bi_err(b, "cannot open %s: %s", f, vsh_strerror(rc));
      st = 1;
      continue;
    }
    if (!rc) {
      rc = rev_stream(b, in);
      sh_stream_unref(in);
    }
    if (rc == VSH_EPIPE) return 141;
    if (rc == VSH_EABORTED) return 1;
    if (rc) {
      bi_err(b, "%s: %s", f, vsh_strerror(rc));
      st = 1;
    }
  }
  return st;
}
