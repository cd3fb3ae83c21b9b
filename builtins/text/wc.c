/* wc.c: newline, word, character, byte counts and the longest line's
 * display width, as GNU wc in C.UTF-8: words are runs holding a printable
 * character between white space (including no-break spaces), -m counts
 * valid UTF-8 characters, column width follows the regular files' total
 * size (7 when a pipe is involved).  --files0-from reads NUL-separated names. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

enum { C_LINES, C_WORDS, C_CHARS, C_BYTES, C_MAXLEN, C_N };

typedef struct wc_counts {
  uint64_t v[C_N];
} wc_counts;

typedef struct wc_state {
  bool in_word;
  uint64_t linepos;
  char part[4]; /* an incomplete UTF-8 sequence across reads */
  size_t npart;
} wc_state;

enum { OPT_TOTAL = BI_OPT_FIRST, OPT_FILES0_FROM };

static const bi_option wc_longopts[] = {
    {"bytes", BI_ARG_NONE, 'c', "print the byte counts"},
    {"chars", BI_ARG_NONE, 'm', "print the character counts"},
    {"lines", BI_ARG_NONE, 'l', "print the newline counts"},
    {"max-line-length", BI_ARG_NONE, 'L', "print the maximum display width"},
    {"words", BI_ARG_NONE, 'w', "print the word counts"},
    {"total", BI_ARG_REQUIRED, OPT_TOTAL,
     "=WHEN when to print a line with total counts;\n"
     "  WHEN can be: auto, always, only, never"},
    {"files0-from", BI_ARG_REQUIRED, OPT_FILES0_FROM,
     "=F read input from the files specified by\n"
     "  NUL-terminated names in file F;\n"
     "  If F is - then read names from standard input"},
    {0}};

static const bi_cmd wc_cmd = {
    .name = "wc",
    .usage = "Usage: wc [OPTION]... [FILE]...\n",
    .about = "Print newline, word, and byte counts for each FILE, and a total "
             "line if\nmore than one FILE is specified.  A word is a "
             "non-zero-length sequence of\nprintable characters delimited by "
             "white space.\n\n"
             "With no FILE, or when FILE is -, read standard input.\n\n",
    .shortopts = "cmlLw",
    .longopts = wc_longopts,
    .help_col = 25,
};

static bool is_space_cp(int32_t cp) {
  if (cp == ' ' || (cp >= '\t' && cp <= '\r')) return true;
  if (cp < 0x80) return false;
  /* glibc's iswspace in C.UTF-8, plus the no-break spaces GNU wc adds */
  return cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
         (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 ||
         cp == 0x202F || cp == 0x205F || cp == 0x2060 || cp == 0x3000;
}

/* One decoded character (cp < 0: an invalid byte). */
static void count_char(wc_state *s, wc_counts *c, int32_t cp) {
  if (cp < 0) return; /* invalid bytes: neither chars, width nor words */
  c->v[C_CHARS]++;
  switch (cp) {
  case '\n':
    c->v[C_LINES]++;
    /* fallthrough */
  case '\r':
  case '\f':
    if (s->linepos > c->v[C_MAXLEN]) c->v[C_MAXLEN] = s->linepos;
    s->linepos = 0;
    if (s->in_word) c->v[C_WORDS]++;
    s->in_word = false;
    return;
  case '\t':
    s->linepos += 8 - s->linepos % 8;
    if (s->in_word) c->v[C_WORDS]++;
    s->in_word = false;
    return;
  default: break;
  }
  if (is_space_cp(cp)) {
    if (s->linepos > c->v[C_MAXLEN]) c->v[C_MAXLEN] = s->linepos;
    if (cp == ' ' || cp == 0xA0 || cp == 0x2007 || cp == 0x202F) s->linepos++;
    if (s->in_word) c->v[C_WORDS]++;
    s->in_word = false;
    return;
  }
  int w = vsh__utf8_width(cp);
  if (w > 0 || (cp >= 0x20 && cp != 0x7f && cp < 0x80)) {
    s->linepos += w > 0 ? (uint64_t)w : 1;
    s->in_word = true;
  } else if (w == 0 && cp >= 0xA0) {
    s->in_word = true; /* printable combining marks */
  }
}

static void count_chunk(wc_state *s, wc_counts *c, const char *p, size_t n,
                        bool need_chars) {
  c->v[C_BYTES] += n;
  if (!need_chars) {
    for (const char *q = p; (q = memchr(q, '\n', (size_t)(p + n - q))); q++)
      c->v[C_LINES]++;
    return;
  }
  size_t i = 0;
  if (s->npart) {
    /* complete a sequence split by the previous read */
    char tmp[4];
    size_t k = s->npart, take = 0;
    memcpy(tmp, s->part, k);
    size_t need = (unsigned char)tmp[0] >= 0xF0   ? 4
                  : (unsigned char)tmp[0] >= 0xE0 ? 3
                                                  : 2;
    while (k < need && take < n && ((unsigned char)p[take] & 0xC0) == 0x80)
      tmp[k++] = p[take++];
    if (k < need && take == n) {
      memcpy(s->part, tmp, k);
      s->npart = k;
      return;
    }
    int32_t cp;
    int len = vsh__utf8_decode(tmp, k, &cp);
    if (cp >= 0 && (size_t)len == k) {
      count_char(s, c, cp);
      i = take;
    } else {
      for (size_t j = 0; j < s->npart; j++) count_char(s, c, -1);
    }
    s->npart = 0;
  }
  while (i < n) {
    unsigned char ch = (unsigned char)p[i];
    if (ch < 0x80) {
      count_char(s, c, ch);
      i++;
      continue;
    }
    size_t need = ch >= 0xF0 ? 4 : ch >= 0xE0 ? 3 : ch >= 0xC0 ? 2 : 1;
    if (i + need > n && need > 1) {
      size_t j = i + 1;
      while (j < n && ((unsigned char)p[j] & 0xC0) == 0x80) j++;
      if (j == n) { /* only continuation bytes follow: wait for more */
        memcpy(s->part, p + i, n - i);
        s->npart = n - i;
        return;
      }
    }
    int32_t cp;
    int len = vsh__utf8_decode(p + i, n - i, &cp);
    if (cp < 0) {
      count_char(s, c, -1);
      i++;
    } else {
      count_char(s, c, cp);
      i += (size_t)len;
    }
  }
}

static void finish(wc_state *s, wc_counts *c) {
  for (size_t k = 0; k < s->npart; k++) count_char(s, c, -1);
  s->npart = 0;
  if (s->in_word) c->v[C_WORDS]++;
  s->in_word = false;
  if (s->linepos > c->v[C_MAXLEN]) c->v[C_MAXLEN] = s->linepos;
}

/* Opens an operand; *size is its byte size when it is a regular file
 * (GNU sizes the columns from that), else -1. */
static int open_in(bi_ctx *b, const char *name, sh_stream **out,
                   int64_t *size) {
  *size = -1;
  int rc = bi_open_input(b, name, out);
  if (rc) return rc;
  vfs_file *fh =
      sh_stream_kind_of(*out) == SH_STREAM_FILE ? sh_stream_file(*out) : NULL;
  vfs_info info;
  if (fh && !vfs_file_stat(fh, &info) && info.type == VFS_REG)
    *size = (int64_t)info.size;
  return 0;
}

static int count_stream(bi_ctx *b, sh_stream *in, wc_counts *c,
                        bool need_chars) {
  size_t cap = 65536;
  char *buf = malloc(cap);
  if (!buf) return VSH_ENOMEM;
  wc_state s = {0};
  int rc = 0;
  for (;;) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    int64_t r = bi_read(b, in, buf, cap);
    if (r <= 0) {
      rc = (int)r;
      break;
    }
    count_chunk(&s, c, buf, (size_t)r, need_chars);
  }
  finish(&s, c);
  free(buf);
  return rc;
}

static int print_counts(bi_ctx *b, const wc_counts *c, const bool *show,
                        int width, const char *name) {
  vsh_buf line = {0};
  bool first = true;
  static const int order[C_N] = {C_LINES, C_WORDS, C_CHARS, C_BYTES, C_MAXLEN};
  for (int k = 0; k < C_N; k++) {
    int i = order[k];
    if (!show[i]) continue;
    vsh__buf_printf(&line, "%s%*llu", first ? "" : " ", width,
                    (unsigned long long)c->v[i]);
    first = false;
  }
  if (name) vsh__buf_printf(&line, " %s", name);
  vsh__buf_putc(&line, '\n');
  int rc = bi_write(b, line.data, line.len);
  vsh_buf_dispose(&line);
  return rc;
}

/* One run: what to count and the inputs. */
typedef struct wc_run {
  bool show[C_N];
  int nshow;
  int total_mode; /* 0 auto, 1 always, 2 only, 3 never */
  const char *files0;
  bool files0_stream, no_operands;
  char **files;
  int nfiles;
  vsh_buf names0;
  char **names;
  sh_stream **ins;
  int *errs;
} wc_run;

/* -1 to go on, else the exit status. */
static int wc_options(bi_ctx *b, bi_opts *g, wc_run *w) {
  bool any = false;
  int ch;
  while ((ch = bi_opt(b, g, &wc_cmd)) != -1) {
    switch (ch) {
    case 'c': w->show[C_BYTES] = any = true; break;
    case 'm': w->show[C_CHARS] = any = true; break;
    case 'l': w->show[C_LINES] = any = true; break;
    case 'L': w->show[C_MAXLEN] = any = true; break;
    case 'w': w->show[C_WORDS] = any = true; break;
    case OPT_TOTAL: {
      static const char *const modes[] = {"auto", "always", "only", "never",
                                          NULL};
      w->total_mode = bi_argmatch(b, "--total", g->arg, modes);
      if (w->total_mode < 0) return bi_usage_error(b, &wc_cmd, NULL);
      break;
    }
    case OPT_FILES0_FROM: w->files0 = g->arg; break;
    default: return g->status;
    }
  }
  if (!any) w->show[C_LINES] = w->show[C_WORDS] = w->show[C_BYTES] = true;
  for (int i = 0; i < C_N; i++) w->nshow += w->show[i];
  return -1;
}

/* --files0-from: the NUL-separated names read from that file are the
 * inputs; -1 to go on, else the exit status (0 when there is none). */
static int wc_files0(bi_ctx *b, wc_run *w) {
  const char *files0 = w->files0;
  vsh_buf *n0 = &w->names0;
  sh_stream *in = NULL;
  int rc = bi_open_input(b, files0, &in);
  while (!rc) {
    char buf[4096];
    int64_t r = bi_read(b, in, buf, sizeof buf);
    if (r < 0) rc = (int)r;
    else if (r == 0) break;
    else if (vsh__buf_append(n0, buf, (size_t)r)) rc = VSH_ENOMEM;
  }
  if (in) sh_stream_unref(in);
  if (!rc && vsh__buf_putc(n0, 0)) rc = VSH_ENOMEM;
  if (rc) {
    bi_err(b, "cannot open '%s' for reading: %s", files0, vsh_strerror(rc));
    return 1;
  }
  size_t cnt = 0;
  for (size_t i = 0; i + 1 < n0->len; i++)
    if (!n0->data[i] || i + 2 == n0->len) cnt++;
  w->names = calloc(cnt ? cnt : 1, sizeof(char *));
  if (!w->names) return 1;
  w->nfiles = 0;
  for (size_t i = 0, beg = 0; i + 1 < n0->len; i++)
    if (!n0->data[i] || i + 2 == n0->len) {
      w->names[w->nfiles++] = n0->data + beg;
      beg = i + 1;
    }
  w->files = w->names;
  w->no_operands = false;
  if (!w->nfiles) return 0;
  /* names read from a stream are counted as they come in GNU: no
   * column width from their sizes */
  vfs_info fi;
  const char *fp = strcmp(files0, "-") ? bi_path(b, files0) : NULL;
  if (!fp || vfs_stat(b->fs, fp, true, &fi) || fi.type != VFS_REG)
    w->files0_stream = true;
  return -1;
}

/* Opens every input first, as the column width depends on all of them;
 * returns the width, or -1 when out of memory. */
static int wc_open_all(bi_ctx *b, wc_run *w) {
  w->ins = calloc((size_t)w->nfiles, sizeof(*w->ins));
  w->errs = calloc((size_t)w->nfiles, sizeof(*w->errs));
  if (!w->ins || !w->errs) return -1;
  int width = 1;
  uint64_t regular_total = 0;
  int min_width = 1;
  for (int k = 0; k < w->nfiles; k++) {
    int64_t size;
    w->errs[k] = open_in(b, w->files[k], &w->ins[k], &size);
    /* a directory counts as an unsized input that fails on read (GNU) */
    if (w->errs[k] && w->errs[k] != VSH_EISDIR) continue;
    if (size >= 0) regular_total += (uint64_t)size;
    else min_width = 7;
  }
  /* GNU sizes the columns from the inputs it could stat, whichever
   * failed, except for one input with one count */
  if (!(w->nfiles == 1 && w->nshow == 1) && !w->files0_stream) {
    for (; regular_total >= 10; regular_total /= 10) width++;
    if (width < min_width) width = min_width;
  }
  if (w->total_mode == 2) width = 1;
  return width;
}

/* Counts and prints each input, then the total; the exit status. */
static int wc_count_all(bi_ctx *b, wc_run *w, int width) {
  bool need_chars = w->show[C_WORDS] || w->show[C_CHARS] || w->show[C_MAXLEN];
  wc_counts total = {0};
  int st = 0;
  int rc = 0;
  for (int k = 0; k < w->nfiles; k++) {
    const char *f = w->files[k];
    if (w->files0 && !*f) {
      bi_err(b, "%s:%d: invalid zero-length file name", w->files0, k + 1);
      st = 1;
      continue;
    }
    if (w->errs[k] && w->errs[k] != VSH_EISDIR) {
      bi_err(b, "%s: %s", bi_quotef(b, f), vsh_strerror(w->errs[k]));
      st = 1;
      continue;
    }
    wc_counts c = {0};
    rc = w->errs[k] ? w->errs[k] : count_stream(b, w->ins[k], &c, need_chars);
    if (rc == VSH_EABORTED) break;
    if (rc) {
      bi_err(b, "%s: %s", bi_quotef(b, f), vsh_strerror(rc));
      st = 1;
      rc = 0;
    }
    for (int i = 0; i < C_N; i++)
      if (i == C_MAXLEN) {
        if (c.v[i] > total.v[i]) total.v[i] = c.v[i];
      } else {
        total.v[i] += c.v[i];
      }
    if (w->total_mode != 2) {
      rc = print_counts(b, &c, w->show, width, w->no_operands ? NULL : f);
      if (rc) break;
    }
  }
  bool want_total = w->total_mode == 1 || w->total_mode == 2 ||
                    (w->total_mode == 0 && w->nfiles > 1);
  if (!rc && want_total)
    rc = print_counts(b, &total, w->show, width,
                      w->total_mode == 2 ? NULL : "total");
  if (rc == VSH_EPIPE) return 141;
  if (rc) return 1;
  return st;
}

int bi_wc_main(bi_ctx *b) {
  wc_run w = {0};
  bi_opts g = {0};
  int st = wc_options(b, &g, &w);
  if (st >= 0) return st;
  char *dash[] = {(char *)"-"};
  w.nfiles = g.noperands;
  w.no_operands = w.nfiles == 0;
  w.files = w.nfiles ? g.operands : dash;
  if (!w.nfiles) w.nfiles = 1;
  if (w.files0 && !w.no_operands) {
    bi_err(b, "extra operand '%s'", g.operands[0]);
    bi_errline(b, "file operands cannot be combined with --files0-from");
    bi_try_help(b);
    return 1;
  }
  if (w.files0) st = wc_files0(b, &w);
  if (st < 0) {
    int width = wc_open_all(b, &w);
    st = width < 0 ? 1 : wc_count_all(b, &w, width);
  }
  for (int k = 0; w.ins && k < w.nfiles; k++)
    if (w.ins[k]) sh_stream_unref(w.ins[k]);
  free(w.ins);
  free(w.errs);
  free(w.names);
  vsh_buf_dispose(&w.names0);
  return st;
}
