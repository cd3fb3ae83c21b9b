/* paste.c: merge lines of files side by side (or, with -s, each file's
 * lines into one).  GNU flags -d LIST (cycled; \n \t \\ \0 escapes, \0
 * meaning no delimiter), -s, -z.  Files are read line by line in step;
 * "-" may be given several times and shares standard input. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

/* Next line (without its delimiter) into line; 1, 0 at end, <0 error. */
static int next_line(bi_reader *in, char end, vsh_buf *line) {
  const char *p;
  size_t n;
  line->len = 0;
  int rc = bi_read_line(in, end, &p, &n);
  if (rc <= 0) return rc;
  if (p[n - 1] == end) n--;
  return vsh__buf_append(line, p, n) ? VSH_ENOMEM : 1;
}

/* The -d list with escapes resolved; a 0 entry means "no delimiter". */
static size_t parse_delims(const char *s, char *out, bool *empty) {
  size_t n = 0;
  for (const char *p = s; *p; p++) {
    char c = *p;
    bool none = false;
    if (c == '\\' && p[1]) {
      p++;
      switch (*p) {
      case 'n': c = '\n'; break;
      case 't': c = '\t'; break;
      case '\\': c = '\\'; break;
      case '0': none = true; c = 0; break;
      default: c = *p; break;
      }
    }
    empty[n] = none;
    out[n++] = c;
  }
  return n;
}

static const bi_option paste_longopts[] = {
    {"delimiters", BI_ARG_REQUIRED, 'd',
     "=LIST reuse characters from LIST instead of TABs"},
    {"serial", BI_ARG_NONE, 's',
     "paste one file at a time instead of in parallel"},
    {"zero-terminated", BI_ARG_NONE, 'z', "line delimiter is NUL, not newline"},
    {0}};

static const bi_cmd paste_cmd = {
    .name = "paste",
    .usage = "Usage: paste [OPTION]... [FILE]...\n",
    .about = "Write lines consisting of the sequentially corresponding lines "
             "from\neach FILE, separated by TABs, to standard output.\n\n",
    .shortopts = "d:sz",
    .longopts = paste_longopts,
    .help_col = 26,
};

int bi_paste_main(bi_ctx *b) {
  const char *dspec = "\t";
  bool serial = false;
  char end = '\n';
  bi_opts g = {0};
  int ch;
  while ((ch = bi_opt(b, &g, &paste_cmd)) != -1) {
    switch (ch) {
    case 'd': dspec = g.arg; break;
    case 's': serial = true; break;
    case 'z': end = 0; break;
    default: return g.status;
    }
  }
  size_t dl = strlen(dspec);
  char *delims = malloc(dl + 1);
  bool *dnone = calloc(dl + 1, sizeof(bool));
  int nfiles = g.noperands;
  char *dash[] = {(char *)"-"};
  char **files = nfiles ? g.operands : dash;
  if (!nfiles) nfiles = 1;
  bi_reader *ins = calloc((size_t)nfiles, sizeof(*ins));
  bi_reader *stdin_in = calloc(1, sizeof(*stdin_in));
  int st = 0, rc = 0;
  vsh_buf out = {0}, line = {0};
  if (!delims || !dnone || !ins || !stdin_in) { st = 1; goto done; }
  size_t nd = parse_delims(dspec, delims, dnone);
  if (nd == 0) {
    delims[0] = 0;
    dnone[0] = true;
    nd = 1;
  }
  bi_reader_init(stdin_in, b, b->in);
  for (int k = 0; k < nfiles; k++) {
    const char *f = files[k];
    if (!strcmp(f, "-")) continue;
    bi_reader_init(&ins[k], b, NULL);
    int orc = bi_open_input(b, f, &ins[k].s);
    if (orc) {
      bi_err(b, "%s: %s", f, vsh_strerror(orc));
      st = 1;
      goto done;
    }
  }
#define IN(k) (strcmp(files[k], "-") ? &ins[k] : stdin_in)
  if (serial) {
    for (int k = 0; k < nfiles && !rc; k++) {
      size_t di = 0;
      bool first = true, any = false;
      for (;;) {
        int got = next_line(IN(k), end, &line);
        if (got < 0) { rc = got; break; }
        if (!got) break;
        if (!first) {
          if (!dnone[di]) vsh__buf_putc(&out, delims[di]);
          di = (di + 1) % nd;
        }
        first = false;
        any = true;
        vsh__buf_append(&out, line.data, line.len);
        if (out.len >= 65536) {
          rc = bi_write(b, out.data, out.len);
          out.len = 0;
          if (rc) break;
        }
      }
      (void)any;
      vsh__buf_putc(&out, end);
    }
  } else {
    bool *done_in = calloc((size_t)nfiles, sizeof(bool));
    if (!done_in) { st = 1; goto done; }
    for (;;) {
      int live = 0;
      vsh_buf row = {0};
      for (int k = 0; k < nfiles && !rc; k++) {
        int got = 0;
        if (!done_in[k]) {
          got = next_line(IN(k), end, &line);
          if (got < 0) { rc = got; break; }
          if (!got) done_in[k] = true;
        }
        if (got) {
          live++;
          vsh__buf_append(&row, line.data, line.len);
        }
        if (k + 1 < nfiles) {
          size_t di = (size_t)k % nd;
          if (!dnone[di]) vsh__buf_putc(&row, delims[di]);
        }
      }
      if (live && !rc) {
        vsh__buf_append(&out, row.data, row.len);
        vsh__buf_putc(&out, end);
      }
      vsh_buf_dispose(&row);
      if (!live || rc) break;
      if (out.len >= 65536) {
        rc = bi_write(b, out.data, out.len);
        out.len = 0;
        if (rc) break;
      }
    }
    free(done_in);
  }
#undef IN
  if (!rc && out.len) rc = bi_write(b, out.data, out.len);
  if (rc == VSH_EPIPE) st = 141;
  else if (rc == VSH_EABORTED) st = 1;
  else if (rc) {
    bi_err(b, "read error: %s", vsh_strerror(rc));
    st = 1;
  }
done:
  for (int k = 0; ins && k < nfiles; k++) {
    if (ins[k].s) sh_stream_unref(ins[k].s);
    bi_reader_dispose(&ins[k]);
  }
  free(ins);
  if (stdin_in) bi_reader_dispose(stdin_in);
  free(stdin_in);
  free(delims);
  free(dnone);
  vsh_buf_dispose(&out);
  vsh_buf_dispose(&line);
  return st;
}
