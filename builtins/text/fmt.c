/* fmt.c: simple optimal paragraph filler (GNU fmt): -w (default 75)
 * -g -s -u -p -t -c.  Breaks each paragraph where the summed line costs
 * are least (short lines against the goal width, 93% of -w; raggedness;
 * bonuses for breaking after sentences and punctuation, penalties for
 * widows and orphans), GNU's model with our own code.  Like GNU, widths
 * are bytes, not display columns.  Once a tab is read in blanks, blank
 * runs of 2+ columns go out as tabs up to the last tab stop (GNU). */
#include "builtins/builtins.h"

#include <string.h>

static const bi_option fmt_longopts[] = {
    {"crown-margin", BI_ARG_NONE, 'c',
     "preserve indentation of first two lines"},
    {"prefix", BI_ARG_REQUIRED, 'p',
     "=STRING reformat only lines beginning with STRING"},
    {"split-only", BI_ARG_NONE, 's', "split long lines, but do not refill"},
    {"tagged-paragraph", BI_ARG_NONE, 't',
     "indentation of first line different from second"},
    {"uniform-spacing", BI_ARG_NONE, 'u',
     "one space between words, two after sentences"},
    {"width", BI_ARG_REQUIRED, 'w',
     "=WIDTH maximum line width (default of 75 columns)"},
    {"goal", BI_ARG_REQUIRED, 'g',
     "=WIDTH goal width (default of 93% of width)"},
    {0}};

static const bi_cmd fmt_cmd = {
    .name = "fmt",
    .usage = "Usage: fmt [-WIDTH] [OPTION]... [FILE]...\n",
    .about = "Reformat each paragraph in the FILE(s), writing to standard "
             "output.\nThe option -WIDTH is an abbreviated form of "
             "--width=DIGITS.\n\n",
    .shortopts = "cp:stuw:g:",
    .longopts = fmt_longopts,
    .help_col = 28,
};

typedef long long cost_t;
#define EQUIV(n) ((cost_t)(n) * (cost_t)(n))
#define SHORT_COST(n) EQUIV((n)*10)
#define RAGGED_COST(n) (SHORT_COST(n) / 2)
#define LINE_COST EQUIV(70)
#define SENTENCE_BONUS EQUIV(50)
#define NOBREAK_COST EQUIV(600)
#define PAREN_BONUS EQUIV(40)
#define PUNCT_BONUS EQUIV(40)
#define WIDOW_COST(n) (EQUIV(200) / ((n) + 2))
#define ORPHAN_COST(n) (EQUIV(150) / ((n) + 2))
#define MAXCOST ((cost_t)1 << 62)

typedef struct word {
  size_t off, len; /* bytes in the paragraph text */
  long width, space;
  bool paren, period, punct, final;
  cost_t best;
  size_t next_break;
  long line_len;
} word;

typedef struct fmt_state {
  bi_ctx *b;
  long width, goal;
  bool split_only, uniform, tagged, crown;
  const char *prefix;
  size_t prefix_len;
  long prefix_indent; /* blanks before the prefix on the first line */
  /* the paragraph being collected */
  vsh_buf text, words; /* word[] */
  long first_indent, other_indent;
  size_t nlines;
  bool tabs;    /* a tab was read in blanks: write blanks with tabs */
  long out_col; /* the output column */
  vsh_buf out;
} fmt_state;

static word *words_of(fmt_state *f, size_t *n) {
  *n = f->words.len / sizeof(word);
  return (word *)f->words.data;
}

static cost_t base_cost(const word *w, size_t i) {
  cost_t c = LINE_COST;
  if (i > 0) {
    const word *p = &w[i - 1];
    if (p->period) c += p->final ? -SENTENCE_BONUS : NOBREAK_COST;
    else if (p->punct) c -= PUNCT_BONUS;
    else if (i > 1 && w[i - 2].final) c += WIDOW_COST(p->width);
  }
  if (w[i].paren) c -= PAREN_BONUS;
  else if (w[i].final) c += ORPHAN_COST(w[i].width);
  return c;
}

static cost_t line_cost(const fmt_state *f, const word *w, size_t n,
                        size_t next, long len) {
  if (next == n) return 0;
  cost_t c = SHORT_COST(f->goal - len);
  if (w[next].next_break != n) c += RAGGED_COST(len - w[next].line_len);
  return c;
}

/* Chooses the breaks: best[i] is the least cost of setting words i.. */
static void plan(fmt_state *f, word *w, size_t n) {
  for (size_t s = n; s-- > 0;) {
    cost_t best = MAXCOST;
    long len = (s == 0 ? f->first_indent : f->other_indent) + w[s].width;
    size_t k = s;
    for (;;) {
      k++;
      cost_t c = line_cost(f, w, n, k, len) + (k == n ? 0 : w[k].best);
      if (c < best) {
        best = c;
        w[s].next_break = k;
        w[s].line_len = len;
      }
      if (k == n) break;
      len += w[k - 1].space + w[k].width;
      if (len >= f->width) break;
    }
    w[s].best = best + base_cost(w, s);
  }
}

/* n blanks from out_col: tabs to the last tab stop they reach when the
 * input had tabs (one blank stays a space), then spaces. */
static int put_spaces(fmt_state *f, long n) {
  long target = f->out_col + n;
  long tab_target = target / 8 * 8;
  if (f->tabs && f->out_col + 1 < tab_target)
    for (; f->out_col < tab_target; f->out_col = (f->out_col / 8 + 1) * 8)
      if (vsh__buf_putc(&f->out, '\t')) return VSH_ENOMEM;
  for (; f->out_col < target; f->out_col++)
    if (vsh__buf_putc(&f->out, ' ')) return VSH_ENOMEM;
  return 0;
}

static int flush_para(fmt_state *f) {
  size_t n;
  word *w = words_of(f, &n);
  int rc = 0;
  if (!n) goto done;
  /* a paragraph's end counts as a sentence end (an orphaned last word
   * costs more) */
  w[n - 1].final = true;
  /* a one-line tagged paragraph keeps the last hanging indent, or
   * makes one up when that would not hang (GNU) */
  if (f->tagged && f->nlines == 1 && f->other_indent == f->first_indent)
    f->other_indent = f->first_indent == 0 ? 3 : 0;
  plan(f, w, n);
  vsh__buf_clear(&f->out);
  for (size_t s = 0; s < n && !rc;) {
    size_t e = w[s].next_break;
    /* indents are columns counted from the line start, prefix included */
    long ind = s == 0 ? f->first_indent : f->other_indent;
    f->out_col = 0;
    if (f->prefix_len) {
      if (put_spaces(f, f->prefix_indent) ||
          vsh__buf_append(&f->out, f->prefix, f->prefix_len))
        return VSH_ENOMEM;
      f->out_col += (long)f->prefix_len;
    }
    if (put_spaces(f, ind - f->out_col)) return VSH_ENOMEM;
    for (size_t k = s; k < e; k++) {
      if (k > s && put_spaces(f, w[k - 1].space)) return VSH_ENOMEM;
      if (vsh__buf_append(&f->out, f->text.data + w[k].off, w[k].len))
        return VSH_ENOMEM;
      f->out_col += w[k].width;
    }
    if (vsh__buf_putc(&f->out, '\n')) return VSH_ENOMEM;
    s = e;
  }
  rc = bi_write(f->b, f->out.data, f->out.len);
done:
  vsh__buf_clear(&f->text);
  vsh__buf_clear(&f->words);
  f->nlines = 0;
  return rc;
}

static bool is_close(char c) { return strchr(")]'\"", c) && c; }

/* Appends the words of one line (after prefix and indentation, which
 * end at input column col: tabs in blanks count to the next stop). */
static int add_words(fmt_state *f, const char *p, size_t n, long col) {
  size_t i = 0;
  while (i < n && (p[i] == ' ' || p[i] == '\t')) i++;
  while (i < n) {
    size_t st = i;
    while (i < n && p[i] != ' ' && p[i] != '\t') i++;
    col += (long)(i - st);
    word w = {0};
    w.off = f->text.len;
    w.len = i - st;
    if (vsh__buf_append(&f->text, p + st, w.len)) return VSH_ENOMEM;
    /* widths are bytes, as GNU fmt counts them */
    w.width = (long)w.len;
    long c0 = col;
    size_t j = i;
    for (; j < n && (p[j] == ' ' || p[j] == '\t'); j++) {
      if (p[j] == '\t') f->tabs = true;
      col = p[j] == '\t' ? (col / 8 + 1) * 8 : col + 1;
    }
    long sp = col - c0;
    const char *t = p + st;
    w.paren = strchr("([`'\"", t[0]) != NULL;
    size_t e = w.len;
    while (e > 1 && is_close(t[e - 1])) e--;
    char last = t[e - 1];
    w.period = last == '.' || last == '?' || last == '!';
    w.punct = strchr("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", t[w.len - 1]) &&
              t[w.len - 1];
    bool eol = j == n;
    /* a sentence ends at a period before the line's end or two spaces */
    w.final = w.period && (eol || sp >= 2);
    if (eol || f->uniform) w.space = w.final ? 2 : 1;
    else w.space = sp;
    if (vsh__buf_append(&f->words, &w, sizeof w)) return VSH_ENOMEM;
    i = j;
  }
  return 0;
}

static long indent_of(const char *p, size_t n, size_t *skip) {
  long col = 0;
  size_t i = 0;
  for (; i < n && (p[i] == ' ' || p[i] == '\t'); i++)
    col = p[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
  *skip = i;
  return col;
}

static int fmt_stream(fmt_state *f, sh_stream *in) {
  bi_reader rd;
  bi_reader_init(&rd, f->b, in);
  const char *p;
  size_t n;
  int rc;
  while ((rc = bi_read_line(&rd, '\n', &p, &n)) == 1) {
    if (n && p[n - 1] == '\n') n--;
    /* lines without the prefix pass through untouched */
    size_t pl = 0;
    while (pl < n && f->prefix_len && (p[pl] == ' ' || p[pl] == '\t')) pl++;
    bool has_prefix =
        !f->prefix_len ||
        (n - pl >= f->prefix_len && !memcmp(p + pl, f->prefix, f->prefix_len));
    size_t body = has_prefix ? (f->prefix_len ? pl + f->prefix_len : 0) : 0;
    size_t skip;
    long ind = has_prefix ? indent_of(p + body, n - body, &skip) : 0;
    size_t pskip;
    long pind = indent_of(p, pl, &pskip);
    if (has_prefix && f->prefix_len) ind += pind + (long)f->prefix_len;
    bool blank = !has_prefix || body + skip == n;
    /* GNU reads the leading blanks of every line, and the blanks after
     * a prefix */
    size_t lead = 0;
    while (lead < n && (p[lead] == ' ' || p[lead] == '\t')) lead++;
    if (memchr(p, '\t', has_prefix ? body + skip : lead)) f->tabs = true;
    size_t cnt;
    words_of(f, &cnt);
    bool join = cnt && !blank && !f->split_only &&
                (f->nlines == 1 && (f->tagged || f->crown)
                     ? (f->tagged ? ind != f->first_indent : true)
                     : ind == f->other_indent);
    if (!join && cnt && (rc = flush_para(f))) break;
    if (blank) { /* a blank line loses its blanks (the prefix stays) */
      size_t keep = has_prefix ? body : n;
      if ((rc = bi_write(f->b, p, keep)) || (rc = bi_write(f->b, "\n", 1)))
        break;
      continue;
    }
    if (!join) {
      f->first_indent = ind;
      if (!f->tagged) f->other_indent = ind;
      f->prefix_indent = pind;
    } else if (f->nlines == 1) {
      f->other_indent = ind;
    }
    f->nlines++;
    if ((rc = add_words(f, p + body + skip, n - body - skip, ind))) break;
  }
  bi_reader_dispose(&rd);
  if (rc == 0) {
    size_t cnt;
    words_of(f, &cnt);
    if (cnt) rc = flush_para(f);
  }
  return rc;
}

/* A width (-w, -g, -WIDTH) of at most max, GNU's messages otherwise. */
static bool parse_width(bi_ctx *b, const char *s, long max, long *out) {
  unsigned long long v = 0;
  bool big = false;
  const char *p = s;
  for (; *p >= '0' && *p <= '9'; p++) {
    if (v > (~0ULL - 9) / 10) big = true;
    else v = v * 10 + (unsigned)(*p - '0');
  }
  if (!*s || *p) {
    bi_err(b, "invalid width: %s", bi_cquote(b, s));
    return false;
  }
  if (big || v > (unsigned long long)max) {
    bi_err(b, "invalid width: %s: %s", bi_cquote(b, s),
           big ? "Value too large for defined data type"
               : "Numerical result out of range");
    return false;
  }
  *out = (long)v;
  return true;
}

int bi_fmt_main(bi_ctx *b) {
  fmt_state f = {.b = b, .width = 75, .goal = -1};
  bi_opts g = {0};
  int c;
  const char *wopt = NULL, *gopt = NULL;
  /* the obsolete -WIDTH form, only as the first argument */
  if (b->argc > 1 && b->argv[1][0] == '-' && b->argv[1][1] >= '0' &&
      b->argv[1][1] <= '9') {
    wopt = b->argv[1] + 1;
    /* start bi_opt past it (it sets these itself when ind is 0) */
    g.ind = 2;
    g.operands = vsh__arena_alloc(b->arena, (size_t)b->argc * sizeof(char *));
    if (!g.operands) return 1;
  }
  while ((c = bi_opt(b, &g, &fmt_cmd)) != -1) {
    switch (c) {
    case 'c': f.crown = true; break;
    case 't': f.tagged = true; break;
    case 's': f.split_only = true; break;
    case 'u': f.uniform = true; break;
    case 'p':
      f.prefix = g.arg;
      f.prefix_len = strlen(g.arg);
      break;
    case 'w': wopt = g.arg; break;
    case 'g': gopt = g.arg; break;
    default: return g.status;
    }
  }
  /* as GNU: the width at most 2500, the goal at most the width, which
   * a goal alone sets 10 beyond it */
  if (wopt && !parse_width(b, wopt, 2500, &f.width)) return 1;
  if (gopt && !parse_width(b, gopt, f.width, &f.goal)) return 1;
  if (gopt && !wopt) f.width = f.goal + 10;
  if (!gopt) f.goal = f.width * 187 / 200;
  int st = 0, rc = 0;
  for (int k = 0; k < (g.noperands ? g.noperands : 1); k++) {
    const char *name = g.noperands ? g.operands[k] : "-";
    sh_stream *in = NULL;
    rc = bi_open_input(b, name, &in);
    if (rc) {
      bi_err(b, "cannot open '%s' for reading: %s", name, vsh_strerror(rc));
      st = 1;
      continue;
    }
    rc = fmt_stream(&f, in);
    sh_stream_unref(in);
    if (rc == VSH_EPIPE || rc == VSH_EABORTED || rc == VSH_ENOMEM) break;
    if (rc) {
      bi_err(b, "read error: %s", vsh_strerror(rc));
      st = 1;
    }
  }
  vsh_buf_dispose(&f.text);
  vsh_buf_dispose(&f.words);
  vsh_buf_dispose(&f.out);
  if (rc == VSH_EPIPE) return 141;
  return rc == VSH_EABORTED || rc == VSH_ENOMEM ? 1 : st;
}
