/* column.c: columnate lists (util-linux column).  Fill mode (default,
 * columns first; -x rows first) pads with tabs to 8-column stops within
 * -c / $COLUMNS / 80 characters; table mode (-t) aligns fields split by
 * -s (default: runs of blanks) and joins them with -o (two spaces).
 * Also -L -N -d -l -R.  Not supported: JSON, trees, -T -W -E -H -O -e.
 * Both modes need all input before printing. */
#include "builtins/builtins.h"

#include <string.h>

static const bi_option column_longopts[] = {
    {"table", BI_ARG_NONE, 't', NULL},
    {"table-columns", BI_ARG_REQUIRED, 'N', NULL},
    {"table-columns-limit", BI_ARG_REQUIRED, 'l', NULL},
    {"table-noheadings", BI_ARG_NONE, 'd', NULL},
    {"keep-empty-lines", BI_ARG_NONE, 'L', NULL},
    {"output-width", BI_ARG_REQUIRED, 'c', NULL},
    {"columns", BI_ARG_REQUIRED, 'c', NULL},
    {"output-separator", BI_ARG_REQUIRED, 'o', NULL},
    {"separator", BI_ARG_REQUIRED, 's', NULL},
    {"fillrows", BI_ARG_NONE, 'x', NULL},
    {"table-right", BI_ARG_REQUIRED, 'R', NULL},
    {0}};

/* util-linux style: -h and -V, its own help text, and a version line
 * naming the package. */
static const bi_cmd column_cmd = {
    .name = "column",
    .usage =
        "Usage:\n"
        " column [options] [<file>...]\n"
        "\n"
        "Columnate lists.\n"
        "\n"
        "Options:\n"
        " -t, --table                      create a table\n"
        " -N, --table-columns <names>      comma separated columns names\n"
        " -l, --table-columns-limit <num>  maximal number of input columns\n"
        " -d, --table-noheadings           don't print header\n"
        " -R, --table-right <columns>      right align text in these columns\n"
        " -L, --keep-empty-lines           don't ignore empty lines\n"
        " -c, --output-width <width>       width of output in number of "
        "characters\n"
        " -o, --output-separator <string>  columns separator for table "
        "output (default is two spaces)\n"
        " -s, --separator <string>         possible table delimiters\n"
        " -x, --fillrows                   fill rows before columns\n"
        "\n"
        " -h, --help                       display this help\n"
        " -V, --version                    display version\n",
    .shortopts = "tN:l:dLc:o:s:xR:hV",
    .longopts = column_longopts,
    .version = "column from util-linux (vsh) " VSH_VERSION_STRING "\n",
};

typedef struct span {
  size_t off, len;
} span;

typedef struct col_state {
  bi_ctx *b;
  vsh_buf text;     /* all kept lines, each NUL-terminated */
  vsh_buf lines;    /* span[] into text */
  const char *seps; /* -s, or NULL for runs of blanks */
  const char *osep;
  const char *right; /* -R: columns by number or -N name, comma separated */
  size_t limit;      /* -l, 0 = none */
  bool keep_empty;
} col_state;

/* Display width of s[0..n): UTF-8 characters by their cell width, an
 * invalid byte as one cell. */
static size_t width_of(const char *s, size_t n) {
  size_t w = 0;
  for (size_t i = 0; i < n;) {
    int32_t cp;
    int len = vsh__utf8_decode(s + i, n - i, &cp);
    if (cp < 0 || len <= 0) {
      w++;
      i++;
      continue;
    }
    int cw = vsh__utf8_width(cp);
    w += cw > 0 ? (size_t)cw : 0;
    i += (size_t)len;
  }
  return w;
}

static int read_all(col_state *c, sh_stream *in) {
  bi_reader rd;
  bi_reader_init(&rd, c->b, in);
  const char *p;
  size_t n;
  int rc;
  while ((rc = bi_read_line(&rd, '\n', &p, &n)) == 1) {
    if (n && p[n - 1] == '\n') n--;
    if (!n && !c->keep_empty) continue;
    span s = {c->text.len, n};
    if (vsh__buf_append(&c->text, p, n) || vsh__buf_putc(&c->text, '\0') ||
        vsh__buf_append(&c->lines, &s, sizeof s)) {
      rc = VSH_ENOMEM;
      break;
    }
  }
  bi_reader_dispose(&rd);
  return rc;
}

static int pad_tabs(bi_ctx *b, size_t *chcnt, size_t endcol) {
  while (*chcnt < endcol) {
    int rc = bi_write(b, "\t", 1);
    if (rc) return rc;
    *chcnt = (*chcnt + 8) & ~(size_t)7;
  }
  return 0;
}

/* The classic layout: every entry gets the widest entry's width rounded
 * up past the next tab stop. */
static int fill(col_state *c, size_t termwidth, bool rows_first) {
  const span *e = (const span *)c->lines.data;
  size_t n = c->lines.len / sizeof(span), maxw = 0;
  if (!n) return 0;
  for (size_t i = 0; i < n; i++) {
    size_t w = width_of(c->text.data + e[i].off, e[i].len);
    if (w > maxw) maxw = w;
  }
  maxw = (maxw + 8) & ~(size_t)7;
  size_t ncols = termwidth / maxw;
  if (!ncols) ncols = 1;
  size_t nrows = (n + ncols - 1) / ncols;
  int rc = 0;
  if (rows_first) {
    size_t chcnt = 0, col = 0, endcol = maxw;
    for (size_t i = 0; i < n && !rc; i++) {
      if (bi_cancelled(c->b)) return VSH_EABORTED;
      rc = bi_write(c->b, c->text.data + e[i].off, e[i].len);
      chcnt += width_of(c->text.data + e[i].off, e[i].len);
      if (rc) break;
      if (++col == ncols || i + 1 == n) {
        rc = bi_write(c->b, "\n", 1);
        chcnt = col = 0;
        endcol = maxw;
      } else {
        rc = pad_tabs(c->b, &chcnt, endcol);
        endcol += maxw;
      }
    }
    return rc;
  }
  for (size_t row = 0; row < nrows && !rc; row++) {
    if (bi_cancelled(c->b)) return VSH_EABORTED;
    size_t chcnt = 0, endcol = maxw;
    for (size_t base = row; !rc;) {
      rc = bi_write(c->b, c->text.data + e[base].off, e[base].len);
      chcnt += width_of(c->text.data + e[base].off, e[base].len);
      if (rc || (base += nrows) >= n) break;
      rc = pad_tabs(c->b, &chcnt, endcol);
      endcol += maxw;
    }
    if (!rc) rc = bi_write(c->b, "\n", 1);
  }
  return rc;
}

static bool is_ws(char ch) {
  return ch == ' ' || ch == '\t' || ch == '\v' || ch == '\f' || ch == '\r';
}

/* Length of the separator at s[i] (0 if none).  -s lists separator
 * characters, each of which may be a multibyte UTF-8 character. */
static size_t sep_at(const col_state *c, const char *s, size_t n, size_t i) {
  if (!c->seps) return is_ws(s[i]) ? 1 : 0;
  int32_t cp;
  int len = vsh__utf8_decode(s + i, n - i, &cp);
  if (len <= 0) len = 1;
  for (const char *p = c->seps; *p;) {
    int32_t sc;
    int sl = vsh__utf8_decode(p, strlen(p), &sc);
    if (sl <= 0) sl = 1;
    if (sl == len && !memcmp(p, s + i, (size_t)len)) return (size_t)len;
    p += sl;
  }
  return 0;
}

/* Splits one line into cells (appended to cells as span[] relative to
 * the text buffer). */
static int split_row(const col_state *c, size_t off, size_t n, vsh_buf *cells) {
  const char *s = c->text.data + off;
  size_t i = 0, ncell = 0;
  bool greedy = !c->seps;
  if (greedy)
    while (i < n && sep_at(c, s, n, i)) i++;
  if (greedy && i == n) return 0;
  for (;;) {
    size_t start = i;
    if (c->limit && ncell + 1 == c->limit) {
      span sp = {off + start, n - start};
      return vsh__buf_append(cells, &sp, sizeof sp);
    }
    size_t sl = 0;
    while (i < n && !(sl = sep_at(c, s, n, i))) i++;
    span sp = {off + start, i - start};
    if (vsh__buf_append(cells, &sp, sizeof sp)) return VSH_ENOMEM;
    ncell++;
    if (i >= n) return 0;
    i += sl;
    if (greedy) {
      while (i < n && (sl = sep_at(c, s, n, i))) i += sl;
      if (i == n) return 0; /* trailing blanks make no cell */
    }
  }
}

/* -R: marks the columns named by number (from 1) or by a -N name; a
 * number past the last column is ignored, an unknown name is an error. */
static int right_cols(col_state *c, const char *names, bool *rt, size_t ncols) {
  for (const char *p = c->right; p && *p;) {
    size_t len = strcspn(p, ",");
    size_t v = 0, i = 0;
    while (i < len && p[i] >= '0' && p[i] <= '9' && v < 100000000)
      v = v * 10 + (size_t)(p[i++] - '0');
    bool found = len && i == len;
    if (found && v >= 1 && v <= ncols) rt[v - 1] = true;
    size_t col = 0;
    for (const char *q = names; !found && q && *q; col++) {
      size_t ql = strcspn(q, ",");
      if (ql == len && !memcmp(q, p, len)) {
        found = true;
        if (col < ncols) rt[col] = true;
      }
      q += ql + (q[ql] ? 1 : 0);
    }
    if (!found) {
      bi_err(c->b, "undefined column name '%.*s'", (int)len, p);
      return VSH_EINVAL;
    }
    p += len + (p[len] ? 1 : 0);
  }
  return 0;
}

static int table(col_state *c, const char *names, bool noheadings) {
  const span *e = (const span *)c->lines.data;
  size_t n = c->lines.len / sizeof(span);
  vsh_buf cells = {0}, rowstart = {0}, widths = {0}, out = {0}, rights = {0};
  int rc = 0;
  size_t ncols = 0;
  /* the header is row 0 when -N gives names and -d does not hide them */
  size_t hdr_off = c->text.len;
  bool header = names && !noheadings;
  if (names) {
    col_state hc = *c;
    hc.seps = ",";
    hc.limit = 0;
    size_t len = strlen(names);
    if (vsh__buf_append(&c->text, names, len) || vsh__buf_putc(&c->text, '\0'))
      goto oom;
    hc.text = c->text;
    size_t before = cells.len / sizeof(span);
    if (split_row(&hc, hdr_off, len, &cells)) goto oom;
    ncols = cells.len / sizeof(span) - before;
    if (!header) cells.len = 0;
    e = (const span *)c->lines.data;
  }
  size_t nrows = header ? 1 : 0;
  if (header) {
    size_t z = 0;
    if (vsh__buf_append(&rowstart, &z, sizeof z)) goto oom;
  }
  for (size_t r = 0; r < n; r++) {
    if (bi_cancelled(c->b)) {
      rc = VSH_EABORTED;
      goto done;
    }
    size_t start = cells.len / sizeof(span);
    if (vsh__buf_append(&rowstart, &start, sizeof start) ||
        split_row(c, e[r].off, e[r].len, &cells))
      goto oom;
    nrows++;
    size_t k = cells.len / sizeof(span) - start;
    if (k > ncols) ncols = k;
  }
  size_t total = cells.len / sizeof(span);
  if (vsh__buf_reserve(&widths, ncols * sizeof(size_t))) goto oom;
  size_t *w = (size_t *)widths.data;
  memset(w, 0, ncols * sizeof(size_t));
  const span *cl = (const span *)cells.data;
  const size_t *rs = (const size_t *)rowstart.data;
  if (vsh__buf_reserve(&rights, ncols + 1)) goto oom;
  bool *rt = (bool *)rights.data;
  memset(rt, 0, ncols + 1);
  if ((rc = right_cols(c, names, rt, ncols))) goto done;
  for (size_t r = 0; r < nrows; r++) {
    size_t end = r + 1 < nrows ? rs[r + 1] : total;
    for (size_t k = rs[r]; k < end; k++) {
      size_t cw = width_of(c->text.data + cl[k].off, cl[k].len);
      if (cw > w[k - rs[r]]) w[k - rs[r]] = cw;
    }
  }
  for (size_t r = 0; r < nrows && !rc; r++) {
    if (bi_cancelled(c->b)) {
      rc = VSH_EABORTED;
      break;
    }
    size_t end = r + 1 < nrows ? rs[r + 1] : total;
    vsh__buf_clear(&out);
    /* every row spans all columns; only the last one is left unpadded */
    for (size_t col = 0; col < ncols; col++) {
      size_t k = rs[r] + col;
      const char *t = k < end ? c->text.data + cl[k].off : "";
      size_t tl = k < end ? cl[k].len : 0;
      /* padding after the text, or before it in a -R column */
      size_t pad = width_of(t, tl);
      for (; rt[col] && pad < w[col]; pad++)
        if (vsh__buf_putc(&out, ' ')) goto oom;
      if (vsh__buf_append(&out, t, tl)) goto oom;
      if (col + 1 == ncols) break;
      for (; pad < w[col]; pad++)
        if (vsh__buf_putc(&out, ' ')) goto oom;
      if (vsh__buf_puts(&out, c->osep)) goto oom;
    }
    if (vsh__buf_putc(&out, '\n')) goto oom;
    rc = bi_write(c->b, out.data, out.len);
  }
  goto done;
oom:
  rc = VSH_ENOMEM;
done:
  vsh_buf_dispose(&cells);
  vsh_buf_dispose(&rowstart);
  vsh_buf_dispose(&widths);
  vsh_buf_dispose(&rights);
  vsh_buf_dispose(&out);
  return rc;
}

static bool parse_count(const char *s, size_t *out) {
  size_t v = 0;
  if (!*s) return false;
  for (; *s; s++) {
    if (*s < '0' || *s > '9' || v > 100000000) return false;
    v = v * 10 + (size_t)(*s - '0');
  }
  *out = v;
  return true;
}

int bi_column_main(bi_ctx *b) {
  col_state c = {.b = b, .osep = "  "};
  bool tmode = false, rows_first = false, noheadings = false;
  const char *names = NULL;
  size_t termwidth = 80;
  /* like util-linux: $COLUMNS wins over the default when not a tty */
  const char *cols = bi_getenv(b, "COLUMNS");
  size_t envw;
  if (cols && parse_count(cols, &envw) && envw) termwidth = envw;
  bi_opts g = {0};
  int ch;
  while ((ch = bi_opt(b, &g, &column_cmd)) != -1) {
    switch (ch) {
    case 'h': return bi_cmd_help(b, &column_cmd);
    case 'V': return bi_cmd_version(b, &column_cmd);
    case 't': tmode = true; break;
    case 'N': names = g.arg; break;
    case 'd': noheadings = true; break;
    case 'L': c.keep_empty = true; break;
    case 'x': rows_first = true; break;
    case 'o': c.osep = g.arg; break;
    case 's': c.seps = g.arg; break;
    case 'R': c.right = g.arg; break;
    case 'c':
      if (!parse_count(g.arg, &termwidth)) {
        bi_err(b, "invalid columns argument: '%s'", g.arg);
        return 1;
      }
      break;
    case 'l':
      if (!parse_count(g.arg, &c.limit)) {
        bi_err(b, "invalid columns limit argument: '%s'", g.arg);
        return 1;
      }
      break;
    default: return g.status;
    }
  }
  if (tmode && rows_first) {
    bi_err(b, "mutually exclusive arguments: --table --fillrows");
    return 1;
  }
  if ((names || c.right) && !tmode) {
    bi_err(b, "option --table required for all --table-*");
    return 1;
  }
  int st = 0, rc = 0;
  for (int k = 0; k < (g.noperands ? g.noperands : 1) && !rc; k++) {
    const char *f = g.noperands ? g.operands[k] : "-";
    sh_stream *in = NULL;
    rc = bi_open_input(b, f, &in);
    if (!rc) {
      rc = read_all(&c, in);
      sh_stream_unref(in);
    }
    st = 0; /* util-linux: the status is the last file's */
    if (rc && rc != VSH_EABORTED && rc != VSH_ENOMEM) {
      bi_err(b, "%s: %s", f, vsh_strerror(rc));
      st = 1;
      rc = 0;
    }
  }
  if (!rc)
    rc = tmode ? table(&c, names, noheadings) : fill(&c, termwidth, rows_first);
  vsh_buf_dispose(&c.text);
  vsh_buf_dispose(&c.lines);
  if (rc == VSH_EPIPE) return 141;
  if (rc == VSH_ENOMEM) bi_err(b, "%s", vsh_strerror(rc));
  if (rc == VSH_EINVAL) return 1; /* told by right_cols */
  return rc ? 1 : st;
}
