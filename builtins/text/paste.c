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
      case '0':
        none = true;
        c = 0;
        break;
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

/* The inputs and the output of one run. */
typedef struct paste_run {
  char **files;
  int nfiles;
  bi_reader *ins, *stdin_in; /* every "-" reads stdin_in */
  char *delims;
  bool *dnone;
  size_t nd;
  char end;
  vsh_buf out, line;
} paste_run;

static bi_reader *input_of(paste_run *r, int k) {
  return strcmp(r->files[k], "-") ? &r->ins[k] : r->stdin_in;
}

/* Writes the output buffered so far once it is big; 0 or a vsh_err. */
static int flush_big(bi_ctx *b, vsh_buf *out) {
  if (out->len < 65536) return 0;
  int rc = bi_write(b, out->data, out->len);
  out->len = 0;
  return rc;
}

/* -s: each file's lines joined into one line; 0 or a vsh_err. */
static int paste_serial(bi_ctx *b, paste_run *r) {
  int rc = 0;
  for (int k = 0; k < r->nfiles && !rc; k++) {
    size_t di = 0;
    bool first = true;
    for (;;) {
      int got = next_line(input_of(r, k), r->end, &r->line);
      if (got < 0) {
        rc = got;
        break;
      }
      if (!got) break;
      if (!first) {
        if (!r->dnone[di]) vsh__buf_putc(&r->out, r->delims[di]);
        di = (di + 1) % r->nd;
      }
      first = false;
      vsh__buf_append(&r->out, r->line.data, r->line.len);
      if ((rc = flush_big(b, &r->out))) break;
    }
    vsh__buf_putc(&r->out, r->end);
  }
  return rc;
}

/* Line k of every file joined into one line, until all end; 0, a
 * vsh_err, or 1 when out of memory. */
static int paste_parallel(bi_ctx *b, paste_run *r) {
  int rc = 0;
  bool *done_in = calloc((size_t)r->nfiles, sizeof(bool));
  if (!done_in) return 1;
  for (;;) {
    int live = 0;
    vsh_buf row = {0};
    for (int k = 0; k < r->nfiles && !rc; k++) {
      int got = 0;
      if (!done_in[k]) {
        got = next_line(input_of(r, k), r->end, &r->line);
        if (got < 0) {
          rc = got;
          break;
        }
        if (!got) done_in[k] = true;
      }
      if (got) {
        live++;
        vsh__buf_append(&row, r->line.data, r->line.len);
      }
      if (k + 1 < r->nfiles) {
        size_t di = (size_t)k % r->nd;
        if (!r->dnone[di]) vsh__buf_putc(&row, r->delims[di]);
      }
    }
    if (live && !rc) {
      vsh__buf_append(&r->out, row.data, row.len);
      vsh__buf_putc(&r->out, r->end);
    }
    vsh_buf_dispose(&row);
    if (!live || rc) break;
    if ((rc = flush_big(b, &r->out))) break;
  }
  free(done_in);
  return rc;
}

/* Opens every operand but "-"; -1, else the exit status. */
static int paste_open(bi_ctx *b, paste_run *r) {
  bi_reader_init(r->stdin_in, b, b->in);
  for (int k = 0; k < r->nfiles; k++) {
    const char *f = r->files[k];
    if (!strcmp(f, "-")) continue;
    bi_reader_init(&r->ins[k], b, NULL);
    int orc = bi_open_input(b, f, &r->ins[k].s);
    if (orc) {
      bi_err(b, "%s: %s", bi_quotef(b, f), vsh_strerror(orc));
      return 1;
    }
  }
  return -1;
}

int bi_paste_main(bi_ctx *b) {
  const char *dspec = "\t";
  bool serial = false;
  paste_run r = {.end = '\n'};
  bi_opts g = {0};
  int ch;
  while ((ch = bi_opt(b, &g, &paste_cmd)) != -1) {
    switch (ch) {
    case 'd': dspec = g.arg; break;
    case 's': serial = true; break;
    case 'z': r.end = 0; break;
    default: return g.status;
    }
  }
  size_t dl = strlen(dspec);
  r.delims = malloc(dl + 1);
  r.dnone = calloc(dl + 1, sizeof(bool));
  char *dash[] = {(char *)"-"};
  r.nfiles = g.noperands;
  r.files = r.nfiles ? g.operands : dash;
  if (!r.nfiles) r.nfiles = 1;
  r.ins = calloc((size_t)r.nfiles, sizeof(*r.ins));
  r.stdin_in = calloc(1, sizeof(*r.stdin_in));
  int st = 1, rc = 0;
  if (!r.delims || !r.dnone || !r.ins || !r.stdin_in) goto done;
  r.nd = parse_delims(dspec, r.delims, r.dnone);
  if (r.nd == 0) {
    r.delims[0] = 0;
    r.dnone[0] = true;
    r.nd = 1;
  }
  if ((st = paste_open(b, &r)) >= 0) goto done;
  rc = serial ? paste_serial(b, &r) : paste_parallel(b, &r);
  st = 0;
  if (rc == 1) {
    st = 1;
    goto done;
  } /* out of memory */
  if (!rc && r.out.len) rc = bi_write(b, r.out.data, r.out.len);
  if (rc == VSH_EPIPE) st = 141;
  else if (rc == VSH_EABORTED) st = 1;
  else if (rc) {
    bi_err(b, "read error: %s", vsh_strerror(rc));
    st = 1;
  }
done:
  for (int k = 0; r.ins && k < r.nfiles; k++) {
    if (r.ins[k].s) sh_stream_unref(r.ins[k].s);
    bi_reader_dispose(&r.ins[k]);
  }
  free(r.ins);
  if (r.stdin_in) bi_reader_dispose(r.stdin_in);
  free(r.stdin_in);
  free(r.delims);
  free(r.dnone);
  vsh_buf_dispose(&r.out);
  vsh_buf_dispose(&r.line);
  return st;
}
