/* paste.c: merge lines of files side by side (or, with -s, each file's
 * lines into one).  GNU flags -d LIST (cycled; \n \t \\ \0 escapes, \0
 * meaning no delimiter), -s, -z.  Files are read line by line in step;
 * "-" may be given several times and shares standard input. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

typedef struct paste_in {
  sh_stream *s;
  char *buf;
  size_t pos, len;
  bool eof;
} paste_in;

/* Next line (without its delimiter) into line; 1, 0 at end, <0 error. */
static int next_line(bi_ctx *b, paste_in *in, char end, vsh_buf *line) {
  line->len = 0;
  bool any = false;
  for (;;) {
    if (in->pos < in->len) {
      char *e = memchr(in->buf + in->pos, end, in->len - in->pos);
      size_t n = e ? (size_t)(e - (in->buf + in->pos)) : in->len - in->pos;
      vsh__buf_append(line, in->buf + in->pos, n);
      in->pos += n + (e ? 1 : 0);
      any = true;
      if (e) return 1;
    }
    if (in->eof) return any && line->len ? 1 : 0;
    if (bi_cancelled(b)) return VSH_EABORTED;
    int64_t r = bi_read(b, in->s, in->buf, 65536);
    if (r < 0) return (int)r;
    in->pos = 0;
    in->len = (size_t)r;
    if (r == 0) in->eof = true;
  }
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
  paste_in *ins = calloc((size_t)nfiles, sizeof(*ins));
  paste_in stdin_in = {0};
  int st = 0, rc = 0;
  vsh_buf out = {0}, line = {0};
  if (!delims || !dnone || !ins) { st = 1; goto done; }
  size_t nd = parse_delims(dspec, delims, dnone);
  if (nd == 0) {
    delims[0] = 0;
    dnone[0] = true;
    nd = 1;
  }
  stdin_in.s = b->in;
  stdin_in.buf = malloc(65536);
  if (!stdin_in.buf) { st = 1; goto done; }
  for (int k = 0; k < nfiles; k++) {
    const char *f = files[k];
    if (!strcmp(f, "-")) continue;
    int orc = bi_open_input(b, f, &ins[k].s);
    if (orc) {
      bi_err(b, "%s: %s", f, vsh_strerror(orc));
      st = 1;
      goto done;
    }
    ins[k].buf = malloc(65536);
    if (!ins[k].buf) { st = 1; goto done; }
  }
#define IN(k) (strcmp(files[k], "-") ? &ins[k] : &stdin_in)
  if (serial) {
    for (int k = 0; k < nfiles && !rc; k++) {
      size_t di = 0;
      bool first = true, any = false;
      for (;;) {
        int got = next_line(b, IN(k), end, &line);
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
          got = next_line(b, IN(k), end, &line);
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
    free(ins[k].buf);
  }
  free(ins);
  free(stdin_in.buf);
  free(delims);
  free(dnone);
  vsh_buf_dispose(&out);
  vsh_buf_dispose(&line);
  return st;
}
