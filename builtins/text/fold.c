/* fold.c: wrap input lines to a width (GNU fold: -w -s -b, obsolete -N).
 * Like GNU coreutils 9.1, columns are counted per byte (a UTF-8
 * character counts its bytes), tab goes to the next multiple of 8,
 * backspace steps back and carriage return resets.  Streams per line. */
#include "builtins/builtins.h"

#include <ctype.h>
#include <string.h>

static const bi_option fold_longopts[] = {
    {"bytes", BI_ARG_NONE, 'b', "count bytes rather than columns"},
    {"spaces", BI_ARG_NONE, 's', "break at spaces"},
    {"width", BI_ARG_REQUIRED, 'w', "=WIDTH use WIDTH columns instead of 80"},
    {0}};

static const bi_cmd fold_cmd = {
    .name = "fold",
    .usage = "Usage: fold [OPTION]... [FILE]...\n",
    .about = "Wrap input lines in each FILE, writing to standard output.\n\n"
             "With no FILE, or when FILE is -, read standard input.\n\n"
             "Mandatory arguments to long options are mandatory for short "
             "options too.\n",
    .shortopts = "bsw:",
    .longopts = fold_longopts,
    .help_col = 22,
};

typedef struct fold_st {
  bi_ctx *b;
  size_t width;
  bool bytes, spaces;
  vsh_buf line; /* the pending output line */
  size_t column;
} fold_st;

static size_t adjust(const fold_st *f, size_t col, unsigned char c) {
  if (f->bytes) return col + 1;
  if (c == '\b') return col ? col - 1 : 0;
  if (c == '\r') return 0;
  if (c == '\t') return col + 8 - col % 8;
  return col + 1;
}

static int flush(fold_st *f, size_t n) {
  return n ? bi_write(f->b, f->line.data, n) : 0;
}

static int fold_byte(fold_st *f, unsigned char c) {
  int rc;
  if (c == '\n') {
    if (vsh__buf_putc(&f->line, '\n')) return VSH_ENOMEM;
    rc = flush(f, f->line.len);
    f->line.len = 0;
    f->column = 0;
    return rc;
  }
  for (;;) {
    f->column = adjust(f, f->column, c);
    if (f->column <= f->width) break;
    if (f->spaces) {
      size_t end = f->line.len;
      bool found = false;
      while (end) {
        end--;
        if (f->line.data[end] == ' ' || f->line.data[end] == '\t') {
          found = true;
          break;
        }
      }
      if (found) {
        end++;
        if ((rc = flush(f, end)) || (rc = bi_write(f->b, "\n", 1))) return rc;
        memmove(f->line.data, f->line.data + end, f->line.len - end);
        f->line.len -= end;
        f->column = 0;
        for (size_t i = 0; i < f->line.len; i++)
          f->column = adjust(f, f->column, (unsigned char)f->line.data[i]);
        continue;
      }
    }
    if (f->line.len == 0) break; /* a lone overwide character stays */
    if (vsh__buf_putc(&f->line, '\n')) return VSH_ENOMEM;
    rc = flush(f, f->line.len);
    f->line.len = 0;
    f->column = 0;
    if (rc) return rc;
  }
  return vsh__buf_putc(&f->line, (char)c) ? VSH_ENOMEM : 0;
}

static int fold_stream(fold_st *f, sh_stream *in) {
  char buf[16384];
  for (;;) {
    if (bi_cancelled(f->b)) return VSH_EABORTED;
    int64_t r = bi_read(f->b, in, buf, sizeof buf);
    if (r <= 0) return (int)r;
    for (int64_t i = 0; i < r; i++) {
      int rc = fold_byte(f, (unsigned char)buf[i]);
      if (rc) return rc;
    }
  }
}

int bi_fold_main(bi_ctx *b) {
  fold_st f = {.b = b, .width = 80};
  /* obsolete "-N" means "-wN" */
  for (int i = 1; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (!strcmp(a, "--")) break;
    if (a[0] == '-' && isdigit((unsigned char)a[1])) {
      size_t l = strlen(a);
      char *w = vsh__arena_alloc(b->arena, l + 2);
      if (!w) return 1;
      w[0] = '-';
      w[1] = 'w';
      memcpy(w + 2, a + 1, l);
      b->argv[i] = w;
    }
  }
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, &fold_cmd)) != -1) {
    switch (c) {
    case 'b': f.bytes = true; break;
    case 's': f.spaces = true; break;
    case 'w': {
      char *end;
      const char *a = g.arg;
      bool neg = a[strspn(a, " \t")] == '-';
      unsigned long long v = strtoull(a, &end, 10);
      if (neg || end == a || *end) {
        bi_err(b, "invalid number of columns: " BI_LQ "%s" BI_RQ, a);
        return 1;
      }
      if (v == 0 || v > SIZE_MAX / 2) {
        bi_err(b,
               "invalid number of columns: " BI_LQ "%s" BI_RQ
               ": Numerical result out of range",
               a);
        return 1;
      }
      f.width = (size_t)v;
      break;
    }
    default: return g.status;
    }
  }
  char *stdin_only[] = {(char *)"-"};
  char **files = g.noperands ? g.operands : stdin_only;
  int n = g.noperands ? g.noperands : 1, st = 0;
  for (int k = 0; k < n; k++) {
    sh_stream *in = NULL;
    int rc = bi_open_input(b, files[k], &in);
    if (!rc) {
      rc = fold_stream(&f, in);
      sh_stream_unref(in);
      /* GNU keeps a partial last line per file */
      if (!rc) rc = flush(&f, f.line.len);
      f.line.len = 0;
      f.column = 0;
    }
    if (rc == VSH_EPIPE || rc == VSH_EABORTED) {
      st = rc == VSH_EPIPE ? 141 : 1;
      break;
    }
    if (rc) {
      bi_err(b, "%s: %s", bi_quotef(b, files[k]), vsh_strerror(rc));
      st = 1;
    }
  }
  vsh_buf_dispose(&f.line);
  return st;
}
