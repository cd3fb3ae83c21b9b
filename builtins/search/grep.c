/* grep.c: grep, egrep, fgrep (and zgrep, zegrep, zfgrep over gzip
 * input) on core/regex, and the search engine rg.c shares.  Streams
 * input line by line (memory: the longest line plus -B context), walks
 * directories for -r with the library's walker, checks cancellation per
 * chunk of lines, stops with 141 when the reader is gone.  GNU 3.8
 * messages and exit codes; a NUL byte makes a file binary ("grep: x:
 * binary file matches" on stderr). Deviation: -r visits names in sorted
 * order, not directory order. */
#include "builtins/archive/compress_int.h"
#include "builtins/search/grep_int.h"
#include "core/pattern.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define LINE_MAX_BYTES (256u << 20)

/* ---- patterns ---------------------------------------------------------- */

typedef struct grep_run_st {
  bi_ctx *b;
  grep_cfg *g;
  vsh_regex **res;
  size_t nres;
  bool match_all;  /* an empty pattern: every line matches */
  const char *lit; /* a fixed string every matching line contains */
  size_t lit_len;
  bool any_selected, error;
  vsh_buf out;
  vsh_re_budget budget;
  int rc;           /* sticky VSH_EPIPE / VSH_EABORTED / VSH_ELIMIT */
  bool hdr_pending; /* rg --heading: the file's name is not printed yet */
  bool ctx_out;     /* a line went out in an earlier file (for "--") */
  size_t files_out;
  int tab_width; /* -T: digits of the file's size, 19 for a stream */
} grep_run_st;

static bool has_backref(const char *p) {
  for (; *p; p++)
    if (*p == '\\' && p[1]) {
      if (p[1] >= '1' && p[1] <= '9') return true;
      p++;
    }
  return false;
}

/* The end of a bracket expression starting at p[i] == '[' (past its ']',
 * or the end of the pattern when it is not closed). */
static size_t bracket_end(const char *p, size_t i) {
  i++;
  if (p[i] == '^') i++;
  if (p[i] == ']') i++;
  while (p[i] && p[i] != ']') {
    if (p[i] == '[' &&
        (p[i + 1] == ':' || p[i + 1] == '=' || p[i + 1] == '.')) {
      const char *e = strchr(p + i + 2, p[i + 1]);
      while (e && e[1] != ']') e = strchr(e + 1, p[i + 1]);
      if (!e) return strlen(p);
      i = (size_t)(e - p) + 2;
    } else i++;
  }
  return p[i] ? i + 1 : i;
}

/* An ERE interval {n} {n,} {,m} {n,m} at p[i] == '{': its end, or 0. */
static size_t interval_end(const char *p, size_t i) {
  size_t k = i + 1, digits = strspn(p + k, "0123456789");
  k += digits;
  bool comma = p[k] == ',';
  if (comma) k += 1 + strspn(p + k + 1, "0123456789");
  return p[k] == '}' && (digits || comma) ? k + 1 : 0;
}

/* GNU grep -E warns of a repetition operator with nothing before it (at
 * the start, after '(' '|' or '^'); such an operator applies to nothing,
 * so a leading interval is dropped here (the engine would read its '{'
 * as a literal). Returns the pattern to compile (malloc'd), or NULL. */
static char *ere_start_ops(bi_ctx *b, const char *p) {
  vsh_buf o = {0};
  bool start = true, dropped = false;
  for (size_t i = 0; p[i];) {
    char c = p[i];
    size_t e = i + 1;
    if (c == '\\') e = p[i + 1] ? i + 2 : i + 1;
    else if (c == '[') e = bracket_end(p, i);
    if (start && c == '{' && interval_end(p, i)) {
      if (!dropped) bi_err(b, "warning: {...} at start of expression");
      i = interval_end(p, i);
      dropped = true;
      continue;
    }
    if (start && !dropped && (c == '*' || c == '+' || c == '?'))
      bi_err(b, "warning: %c at start of expression", c);
    vsh__buf_append(&o, p + i, e - i);
    if (c == '(' || c == '|') start = true, dropped = false;
    else if (c != '^') start = false;
    i = e;
  }
  if (!o.data) return strdup("");
  return vsh__buf_steal(&o, NULL);
}

/* ERE text that matches s literally. */
static void ere_quote(vsh_buf *o, const char *s) {
  for (; *s; s++) {
    if (strchr("\\^$.[]|()*+?{}", *s)) vsh__buf_putc(o, '\\');
    vsh__buf_putc(o, *s);
  }
}

static int compile_one(grep_run_st *st, const char *pat, size_t len,
                       unsigned flags) {
  vsh_regex *re = NULL;
  vsh_buf err = {0};
  int rc = vsh__regex_compile(&re, pat, len, flags, &err);
  if (rc) {
    bi_err(st->b, "%s", err.data ? err.data : vsh_strerror(rc));
    vsh_buf_dispose(&err);
    return rc;
  }
  vsh_regex **nv = realloc(st->res, (st->nres + 1) * sizeof(*nv));
  if (!nv) {
    vsh__regex_free(re);
    return VSH_ENOMEM;
  }
  st->res = nv;
  st->res[st->nres++] = re;
  return 0;
}

/* All patterns become one alternation when that keeps their meaning
 * (no back-references); otherwise one regex each. */
static int compile_patterns(grep_run_st *st) {
  grep_cfg *g = st->g;
  unsigned flags = VSH_RE_NOSUB;
  if (g->icase) flags |= VSH_RE_ICASE;
  if (g->word) flags |= VSH_RE_WORDS;
  if (g->whole_line) flags |= VSH_RE_WHOLE;
  if (g->mode == 'E') flags |= VSH_RE_EXTENDED;
  if (g->mode == 'P') flags |= VSH_RE_PERL;
  if (g->rg && !g->pcre2) flags |= VSH_RE_NOLOOK;
  if (g->mode == 'F') flags |= VSH_RE_EXTENDED;
  size_t n = g->patterns.len;
  if (n == 0) return 0;
  for (size_t i = 0; i < n && g->mode == 'E' && !g->rg; i++) {
    char *q = ere_start_ops(st->b, g->patterns.items[i]);
    if (!q) return VSH_ENOMEM;
    free(g->patterns.items[i]);
    g->patterns.items[i] = q;
  }
  if (g->mode == 'P' && n > 1 && !g->rg) {
    bi_err(st->b, "the -P option only supports a single pattern");
    return VSH_EINVAL;
  }
  bool sep = false;
  for (size_t i = 0; i < n; i++)
    if (!g->patterns.items[i][0] && !g->word && !g->whole_line)
      st->match_all = true;
  for (size_t i = 0; i < n && !sep; i++)
    if (g->mode != 'F' && has_backref(g->patterns.items[i])) sep = true;
  /* One case-sensitive pattern without special characters: a line that
   * lacks it cannot match, and memmem() says so much faster than the
   * regex machine (-w/-x still go through the regex). */
  const char *p0 = g->patterns.items[0];
  if (n == 1 && !g->icase && p0[0] &&
      (g->mode == 'F' || !p0[strcspn(p0, "\\^$.[]*+?(){}|")])) {
    st->lit = p0;
    st->lit_len = strlen(p0);
  }
  if (sep && n > 1) {
    for (size_t i = 0; i < n; i++) {
      const char *p = g->patterns.items[i];
      int rc = compile_one(st, p, strlen(p), flags);
      if (rc) return rc;
    }
    return 0;
  }
  vsh_buf all = {0};
  for (size_t i = 0; i < n; i++) {
    if (i) vsh__buf_puts(&all, g->mode == 'G' ? "\\|" : "|");
    if (g->mode == 'F') ere_quote(&all, g->patterns.items[i]);
    else vsh__buf_puts(&all, g->patterns.items[i]);
  }
  int rc = compile_one(st, all.data ? all.data : "", all.len, flags);
  vsh_buf_dispose(&all);
  return rc;
}

/* Leftmost(-longest) match of any regex in line[start..n). */
static int find_match(grep_run_st *st, const char *line, size_t n, size_t start,
                      size_t *so, size_t *eo) {
  int found = 0;
  for (size_t k = 0; k < st->nres; k++) {
    vsh_regmatch m[1];
    st->budget.steps = VSH_RE_DEFAULT_STEPS;
    int r = vsh__regex_exec(st->res[k], line, n, start, 0, m, 1, &st->budget);
    if (r < 0) return r;
    if (r == 1 && (!found || (size_t)m[0].so < *so ||
                   ((size_t)m[0].so == *so && (size_t)m[0].eo > *eo))) {
      *so = (size_t)m[0].so;
      *eo = (size_t)m[0].eo;
      found = 1;
    }
  }
  return found;
}

static int line_selected(grep_run_st *st, const char *line, size_t n) {
  int r;
  if (st->match_all) r = 1;
  else if (!st->g->patterns.len) r = 0; /* -f of an empty file */
  else if (st->lit && !memmem(line, n, st->lit, st->lit_len)) r = 0;
  else {
    size_t so = 0, eo = 0;
    r = find_match(st, line, n, 0, &so, &eo);
    if (r < 0) return r;
  }
  return st->g->invert ? !r : r;
}

/* ---- output --------------------------------------------------------------- */

static int flush_out(grep_run_st *st, bool force) {
  if (st->out.len && (force || st->out.len >= 65536)) {
    int rc = bi_write(st->b, st->out.data, st->out.len);
    vsh__buf_clear(&st->out);
    if (rc) return rc;
  }
  return 0;
}

/* --color: text between GNU's start and end sequences (none when the
 * colour is empty or colours are off). */
static void sgr_start(grep_run_st *st, const char *sgr) {
  vsh__buf_printf(&st->out, "\33[%sm%s", sgr, st->g->color_ne ? "" : "\33[K");
}

static void sgr_end(grep_run_st *st) {
  vsh__buf_puts(&st->out, st->g->color_ne ? "\33[m" : "\33[m\33[K");
}

static void sgr_put(grep_run_st *st, const char *sgr, const char *s, size_t n) {
  bool on = st->g->color && *sgr;
  if (on) sgr_start(st, sgr);
  vsh__buf_append(&st->out, s, n);
  if (on) sgr_end(st);
}

static void prefix(grep_run_st *st, const char *name, uint64_t lineno,
                   uint64_t off, char sep) {
  grep_cfg *g = st->g;
  if (st->hdr_pending) {
    if (st->files_out++) vsh__buf_putc(&st->out, '\n');
    vsh__buf_puts(&st->out, name);
    vsh__buf_putc(&st->out, '\n');
    st->hdr_pending = false;
  }
  bool any = false;
  int w = g->initial_tab ? st->tab_width : 0;
  char num[32];
  if (name && !g->heading) {
    sgr_put(st, g->c_fn, name, strlen(name));
    if (g->null_name) vsh__buf_putc(&st->out, '\0');
    else sgr_put(st, g->c_se, &sep, 1);
    any = true;
  }
  if (g->number) {
    int n = snprintf(num, sizeof num, "%*llu", w, (unsigned long long)lineno);
    sgr_put(st, g->c_ln, num, (size_t)n);
    sgr_put(st, g->c_se, &sep, 1);
  }
  if (g->byte_offset) {
    int n = snprintf(num, sizeof num, "%*llu", w, (unsigned long long)off);
    sgr_put(st, g->c_bn, num, (size_t)n);
    sgr_put(st, g->c_se, &sep, 1);
  }
  if (g->initial_tab && (any || g->number || g->byte_offset))
    vsh__buf_putc(&st->out, '\t');
}

/* ---- one input ------------------------------------------------------------ */

typedef struct lreader {
  bi_ctx *b;
  sh_stream *s;
  cz_reader *z; /* zgrep: reads go through the decompressor */
  char *buf;
  size_t cap, start, end;
  bool eof, nul;
  char eol;
} lreader;

/* Next line (without its terminator) or 0 at the end. */
static int lr_next(lreader *r, const char **line, size_t *len) {
  size_t scanned = r->start;
  for (;;) {
    /* buf is NULL before the first fill: memchr(NULL, .., 0) is UB. */
    char *p = r->end > scanned
                  ? memchr(r->buf + scanned, r->eol, r->end - scanned)
                  : NULL;
    if (p) {
      *line = r->buf + r->start;
      *len = (size_t)(p - *line);
      r->start = (size_t)(p - r->buf) + 1;
      return 1;
    }
    if (r->eof) {
      if (r->start == r->end) return 0;
      *line = r->buf + r->start;
      *len = r->end - r->start;
      r->start = r->end;
      return 1;
    }
    if (r->start > 0) {
      memmove(r->buf, r->buf + r->start, r->end - r->start);
      r->end -= r->start;
      r->start = 0;
    }
    scanned = r->end;
    if (r->end == r->cap) {
      if (r->cap >= LINE_MAX_BYTES) return VSH_ELIMIT;
      size_t nc = r->cap ? r->cap * 2 : 65536;
      char *nb = realloc(r->buf, nc);
      if (!nb) return VSH_ENOMEM;
      r->buf = nb;
      r->cap = nc;
    }
    if (bi_cancelled(r->b)) return VSH_EABORTED;
    int64_t got = r->z ? cz_reader_read(r->z, r->buf + r->end, r->cap - r->end)
                       : bi_read(r->b, r->s, r->buf + r->end, r->cap - r->end);
    if (got <= CZ_READ_ERR(0)) return VSH_EIO; /* corrupt compressed data */
    if (got < 0) return (int)got;
    if (got == 0) r->eof = true;
    else if (r->eol == '\n' && memchr(r->buf + r->end, '\0', (size_t)got))
      r->nul = true;
    r->end += (size_t)got;
  }
}

typedef struct ctx_line {
  vsh_buf text;
  uint64_t lineno, off;
} ctx_line;

/* Searches one stream; name is what prefixes lines (NULL: none). */
/* One output line (':' selected, '-' context) and its terminator; with
 * --color, the matches in it are marked as GNU grep marks them: in selected
 * lines, or in context lines under -v. */
static int put_line(grep_run_st *st, const char *name, uint64_t lineno,
                    uint64_t off, char sep, const char *line, size_t len) {
  grep_cfg *g = st->g;
  prefix(st, name, lineno, off, sep);
  char eol = g->null_data ? '\0' : '\n';
  if (!g->color) {
    vsh__buf_append(&st->out, line, len);
    vsh__buf_putc(&st->out, eol);
    return 0;
  }
  bool selected = sep == ':';
  const char *mcol = selected ? g->c_ms : g->c_mc;
  const char *lcol = selected != (g->invert && g->color_rv) ? g->c_sl : g->c_cx;
  size_t cur = 0;
  if (selected != g->invert && *mcol) {
    for (size_t pos = 0; pos <= len;) {
      size_t so = 0, eo = 0;
      int m = find_match(st, line, len, pos, &so, &eo);
      if (m < 0) return m;
      if (!m) break;
      if (eo == so) { /* empty: not marked */
        int32_t cp;
        pos =
            so +
            (so < len ? (size_t)vsh__utf8_decode(line + so, len - so, &cp) : 1);
        continue;
      }
      if (*lcol) sgr_start(st, lcol);
      vsh__buf_append(&st->out, line + cur, so - cur);
      sgr_put(st, mcol, line + so, eo - so);
      cur = pos = eo;
    }
  }
  if (cur < len) sgr_put(st, lcol, line + cur, len - cur);
  vsh__buf_putc(&st->out, eol);
  return 0;
}

static int search_stream(grep_run_st *st, sh_stream *s, const char *disp,
                         const char *name) {
  grep_cfg *g = st->g;
  lreader r = {.b = st->b, .s = s, .eol = g->null_data ? '\0' : '\n'};
  if (g->decompress) {
    if (cz_reader_new(&r.z, st->b, s, CZ_NONE)) return VSH_ENOMEM;
    cz_reader_only(r.z, CZ_GZIP);
  }
  char eol = r.eol;
  uint64_t lineno = 0, off = 0, count = 0;
  int64_t last_out = -1; /* line number of the last printed line */
  long after_left = 0;
  bool binary_hit = false;
  bool print_lines =
      !g->count && !g->list_match && !g->list_nomatch && !g->quiet;
  ctx_line *ring = NULL;
  size_t nring = 0, ring_head = 0;
  if (g->before > 0 && print_lines) {
    ring = calloc((size_t)g->before, sizeof(*ring));
    if (!ring) return VSH_ENOMEM;
  }
  int rc = 0;
  const char *line = NULL;
  size_t len = 0;
  st->hdr_pending = g->heading && name;
  for (;;) {
    if (g->max_count >= 0 && (int64_t)count >= g->max_count && after_left <= 0)
      break;
    rc = lr_next(&r, &line, &len);
    if (rc <= 0) break;
    rc = 0;
    if (r.nul && g->skip_binary && !g->text && !g->rg) {
      count = 0; /* -I: a file with a NUL byte matches nothing (GNU) */
      break;
    }
    lineno++;
    uint64_t line_off = off;
    off += len + 1;
    if ((lineno & 1023) == 0 && bi_cancelled(st->b)) {
      rc = VSH_EABORTED;
      break;
    }
    bool limit_reached = g->max_count >= 0 && (int64_t)count >= g->max_count;
    int sel = limit_reached ? 0 : line_selected(st, line, len);
    if (sel < 0) {
      rc = sel;
      break;
    }
#define LINE_BINARY()                                                          \
  (!g->text && (r.nul || (!g->rg && !vsh__utf8_valid(line, len))))
    if (!sel) {
      if (after_left > 0 && print_lines && !LINE_BINARY()) {
        if (!(g->only && !g->rg) &&
            (rc = put_line(st, name, lineno, line_off, '-', line, len)))
          break;
        last_out = (int64_t)lineno;
        after_left--;
      } else if (ring) {
        ctx_line *c = &ring[(ring_head + nring) % (size_t)g->before];
        if (nring == (size_t)g->before) {
          c = &ring[ring_head];
          ring_head = (ring_head + 1) % (size_t)g->before;
        } else {
          nring++;
        }
        vsh__buf_clear(&c->text);
        vsh__buf_append(&c->text, line, len);
        c->lineno = lineno;
        c->off = line_off;
      }
      if (limit_reached && after_left <= 0) break;
      continue;
    }
    count++;
    st->any_selected = true;
    if (g->quiet || g->list_match) break;
    if (!print_lines) continue;
    if (LINE_BINARY()) {
      if (g->skip_binary || g->rg) break;
      binary_hit = true;
      if (r.nul) break;
      nring = 0;
      continue;
    }
    /* before-context, with "--" between groups (grep: also between
     * files; -o prints no context lines but keeps the separators) */
    uint64_t first = nring ? ring[ring_head].lineno : lineno;
    if (g->group_sep &&
        (last_out >= 0 ? (g->ctx_seps || g->before > 0 || g->after > 0) &&
                             (int64_t)first > last_out + 1
                       : g->ctx_seps && st->ctx_out)) {
      sgr_put(st, g->c_se, g->group_sep, strlen(g->group_sep));
      vsh__buf_putc(&st->out, '\n');
    }
    for (size_t k = 0; k < nring && !(g->only && !g->rg) && !rc; k++) {
      ctx_line *c = &ring[(ring_head + k) % (size_t)g->before];
      rc = put_line(st, name, c->lineno, c->off, '-',
                    c->text.data ? c->text.data : "", c->text.len);
    }
    if (rc) break;
    st->ctx_out = true;
    nring = 0;
    ring_head = 0;
    if (g->only) {
      if (!g->invert) {
        size_t pos = 0;
        while (pos <= len) {
          size_t so = 0, eo = 0;
          int m = find_match(st, line, len, pos, &so, &eo);
          if (m < 0) {
            rc = m;
            break;
          }
          if (!m) break;
          if (eo == so) {
            int32_t cp;
            pos = so + (so < len
                            ? (size_t)vsh__utf8_decode(line + so, len - so, &cp)
                            : 1);
            continue;
          }
          prefix(st, name, lineno, line_off + so, ':');
          sgr_put(st, g->c_ms, line + so, eo - so);
          vsh__buf_putc(&st->out, eol);
          pos = eo;
        }
        if (rc) break;
      }
    } else if ((rc = put_line(st, name, lineno, line_off, ':', line, len))) {
      break;
    }
    last_out = (int64_t)lineno;
    after_left = g->after;
    if ((rc = flush_out(st, false))) break;
  }
  if (ring) {
    for (long k = 0; k < g->before; k++) vsh_buf_dispose(&ring[k].text);
    free(ring);
  }
  free(r.buf);
  if (r.z) cz_reader_free(r.z);
  if (rc) return rc;
  if (g->count && !g->list_match && !g->list_nomatch &&
      !(g->rg && count == 0)) {
    if (name) {
      sgr_put(st, g->c_fn, name, strlen(name));
      if (g->null_name) vsh__buf_putc(&st->out, '\0');
      else sgr_put(st, g->c_se, ":", 1);
    }
    vsh__buf_printf(&st->out, "%llu\n", (unsigned long long)count);
  }
  if (!g->quiet && ((g->list_match && count) || (g->list_nomatch && !count))) {
    sgr_put(st, g->c_fn, disp, strlen(disp));
    vsh__buf_putc(&st->out, g->null_name ? '\0' : '\n');
  }
  if ((rc = flush_out(st, true))) return rc;
  if (binary_hit && !g->quiet) {
    if (g->decompress) /* zgrep's grep speaks as grep */
      bi_errline(st->b, "grep: %s: binary file matches", disp);
    else bi_err(st->b, "%s: binary file matches", disp);
  }
  return 0;
}

/* ---- files and the tree walk --------------------------------------------- */

static bool glob_hit(bi_ctx *b, const char *glob, const char *name) {
  sh_pattern *p;
  if (sh_pattern_compile(&p, b->arena, glob, strlen(glob), NULL,
                         SH_PAT_EXTGLOB))
    return false;
  return sh_pattern_match(p, name, strlen(name), NULL) == 1;
}

static bool any_glob(bi_ctx *b, const vsh_strv *v, const char *name) {
  for (size_t i = 0; i < v->len; i++)
    if (glob_hit(b, v->items[i], name)) return true;
  return false;
}

/* rg -g: the last matching glob decides; with only negated globs
 * everything else passes; with a positive one, unmatched files fail. */
static bool rg_glob_ok(grep_run_st *st, const char *rel, const char *base,
                       bool is_dir) {
  const vsh_strv *v = &st->g->rg_globs;
  if (!v->len) return true;
  bool any_pos = false, verdict = false, decided = false;
  for (size_t i = 0; i < v->len; i++) {
    const char *gl = v->items[i];
    bool neg = gl[0] == '!';
    if (neg) gl++;
    else any_pos = true;
    const char *subject = strchr(gl, '/') ? rel : base;
    if (glob_hit(st->b, gl, subject)) {
      verdict = !neg;
      decided = true;
    }
  }
  if (decided) return verdict || is_dir;
  return is_dir || !any_pos;
}

static bool file_wanted(grep_run_st *st, const char *rel, const char *base,
                        bool operand) {
  grep_cfg *g = st->g;
  if (g->rg && !operand && !rg_glob_ok(st, rel, base, false)) return false;
  if (g->rg && operand) return true;
  if (g->include.len && !any_glob(st->b, &g->include, base)) return false;
  if (g->exclude.len && any_glob(st->b, &g->exclude, base)) return false;
  return true;
}

static void report(grep_run_st *st, const char *name, int err) {
  st->error = true;
  if (!st->g->no_messages) bi_err(st->b, "%s: %s", name, vsh_strerror(err));
}

static int search_file(grep_run_st *st, const char *path, const char *disp,
                       bool show_name) {
  sh_stream *s = NULL;
  int rc = bi_open_input(st->b, path, &s);
  if (rc == VSH_ENOMEM) return rc;
  if (rc) {
    report(st, disp, rc);
    return 0;
  }
  vfs_info inf;
  if (st->g->initial_tab && !vfs_stat(st->b->fs, path, true, &inf) &&
      inf.type == VFS_REG) { /* GNU pads -T numbers to the size's width */
    st->tab_width = 1;
    for (uint64_t v = inf.size; v >= 10; v /= 10) st->tab_width++;
  }
  rc = search_stream(st, s, disp, show_name ? disp : NULL);
  st->tab_width = 19;
  sh_stream_unref(s);
  if (rc == VSH_EISDIR) {
    report(st, disp, rc);
    rc = 0;
  }
  return rc;
}

/* GNU's --exclude-dir for a directory named on the command line: a glob
 * matches the whole name or a trailing part that starts just after a
 * slash ("sub" excludes d/sub, not d/sub/). */
static bool operand_dir_excluded(grep_run_st *st, const char *op) {
  const vsh_strv *v = &st->g->exclude_dir;
  if (!v->len || st->g->implicit_dot) return false;
  if (any_glob(st->b, v, op)) return true;
  for (const char *p = strchr(op, '/'); p; p = strchr(p + 1, '/'))
    if (p[1] && p[1] != '/' && any_glob(st->b, v, p + 1)) return true;
  return false;
}

/* -r over the library's walker: symlinks found inside the tree are
 * skipped (-r) or followed (-R, which warns about a loop and reports a
 * dangling one as GNU does); only regular files are searched. */
static int walk(grep_run_st *st, const char *top) {
  bi_ctx *b = st->b;
  grep_cfg *g = st->g;
  const char *abs = bi_path(b, top);
  if (!abs) {
    report(st, top, bi_path_error(top));
    return 0;
  }
  bi_walk *w;
  int rc = bi_walk_new(&w, b, abs, top, g->recursive == 2, true, false);
  if (rc) return rc;
  bi_went *e;
  while ((rc = bi_walk_next(w, &e)) == 1) {
    /* with no operand, names are shown without the "./" of the root */
    const char *rel = g->implicit_dot && e->depth ? e->shown + 2 : e->shown;
    if (e->dir_err) {
      report(st, rel, e->err);
      continue;
    }
    if (!e->depth) continue;
    if (e->err) continue;
    if (g->skip_hidden && e->name[0] == '.') {
      bi_walk_skip(w);
      continue;
    }
    if (e->loop) {
      if (!g->rg && !g->no_messages)
        bi_err(b, "%s: warning: recursive directory loop", rel);
      continue;
    }
    if (e->st.type == VFS_LNK) { /* -r, or dangling under -R */
      if (g->recursive == 2 && !g->rg) report(st, rel, e->link_err);
      continue;
    }
    if (e->st.type == VFS_DIR) {
      if ((g->exclude_dir.len && any_glob(b, &g->exclude_dir, e->name)) ||
          (g->rg &&
           (!rg_glob_ok(st, rel, e->name, true) || !strcmp(e->name, ".git"))))
        bi_walk_skip(w);
      continue;
    }
    if (e->st.type != VFS_REG || !file_wanted(st, rel, e->name, false))
      continue;
    vsh_arena_mark mk = vsh__arena_mark(b->arena);
    rc = search_file(st, e->path, rel, g->with_name != 0);
    vsh__arena_pop(b->arena, mk);
    if (rc) break;
    if (st->any_selected && g->quiet) break;
  }
  bi_walk_free(w);
  return rc < 0 ? rc : 0;
}

static int search_operand(grep_run_st *st, const char *op) {
  bi_ctx *b = st->b;
  grep_cfg *g = st->g;
  if (!strcmp(op, "-")) {
    const char *disp = g->label ? g->label : "(standard input)";
    return search_stream(st, b->in, disp, g->with_name == 1 ? disp : NULL);
  }
  const char *abs = bi_path(b, op);
  if (!abs) {
    report(st, op, bi_path_error(op));
    return 0;
  }
  vfs_info inf;
  int e = vfs_stat(b->fs, abs, true, &inf);
  if (e) {
    report(st, op, e);
    return 0;
  }
  if (g->skip_devices && (inf.type == VFS_CHR || inf.type == VFS_FIFO))
    return 0;
  if (inf.type == VFS_DIR) {
    if (g->skip_dirs && !g->recursive) return 0;
    if (!g->recursive) {
      if (!g->no_messages) bi_err(b, "%s: Is a directory", op);
      st->error = true;
      return 0;
    }
    if (operand_dir_excluded(st, op)) return 0;
    return walk(st, op);
  }
  if (g->recursive && !file_wanted(st, op, vsh__path_basename(abs), true))
    return 0;
  return search_file(st, abs, op, g->with_name == 1);
}

void grep_cfg_dispose(grep_cfg *g) {
  vsh_strv_dispose(&g->patterns);
  vsh_strv_dispose(&g->include);
  vsh_strv_dispose(&g->exclude);
  vsh_strv_dispose(&g->exclude_dir);
  vsh_strv_dispose(&g->rg_globs);
}

int grep_run(bi_ctx *b, grep_cfg *g, char **operands, int n) {
  grep_run_st st = {.b = b, .g = g, .tab_width = 19};
  st.budget = bi_re_budget(b);
  int rc = compile_patterns(&st);
  if (rc) goto done;
  char *dot[] = {(char *)"."};
  char *dash[] = {(char *)"-"};
  if (n == 0) {
    if (g->recursive) {
      operands = dot;
      g->implicit_dot = true;
    } else {
      operands = dash;
    }
    n = 1;
  }
  if (g->with_name < 0) {
    /* names when several inputs may be searched: many operands, or a
       recursive search of a directory */
    g->with_name = n > 1;
    vfs_info inf;
    const char *abs = g->recursive && n == 1 && strcmp(operands[0], "-")
                          ? bi_path(b, operands[0])
                          : NULL;
    if (abs && !vfs_stat(b->fs, abs, true, &inf) && inf.type == VFS_DIR)
      g->with_name = 1;
  }
  for (int i = 0; i < n && !rc; i++) {
    rc = search_operand(&st, operands[i]);
    if (!rc && g->quiet && st.any_selected) break;
  }
  if (!rc) rc = flush_out(&st, true);
done:
  for (size_t k = 0; k < st.nres; k++) vsh__regex_free(st.res[k]);
  free(st.res);
  vsh_buf_dispose(&st.out);
  if (rc == VSH_EPIPE) return 141;
  if (rc == VSH_EABORTED) return 2;
  if (rc == VSH_ELIMIT) {
    bi_err(b, "regex too complex (step limit)");
    return 2;
  }
  if (rc) {
    if (rc != VSH_EINVAL) bi_err(b, "%s", vsh_strerror(rc));
    return 2;
  }
  if (g->quiet && st.any_selected) return 0;
  if (st.error) return 2;
  return st.any_selected ? 0 : 1;
}

/* ---- grep's command line ---------------------------------------------------- */

enum {
  OPT_INCLUDE = BI_OPT_FIRST,
  OPT_EXCLUDE,
  OPT_EXCLUDE_DIR,
  OPT_COLOR,
  OPT_LABEL,
  OPT_BINARY_FILES,
  OPT_NO_IGNORE_CASE,
  OPT_LINE_BUF,
  OPT_GROUP_SEP,
  OPT_NO_GROUP_SEP,
  OPT_EXCLUDE_FROM
};

static const bi_option grep_long[] = {
    {"extended-regexp", BI_ARG_NONE, 'E', NULL},
    {"fixed-strings", BI_ARG_NONE, 'F', NULL},
    {"basic-regexp", BI_ARG_NONE, 'G', NULL},
    {"perl-regexp", BI_ARG_NONE, 'P', NULL},
    {"regexp", BI_ARG_REQUIRED, 'e', NULL},
    {"file", BI_ARG_REQUIRED, 'f', NULL},
    {"ignore-case", BI_ARG_NONE, 'i', NULL},
    {"no-ignore-case", BI_ARG_NONE, OPT_NO_IGNORE_CASE, NULL},
    {"word-regexp", BI_ARG_NONE, 'w', NULL},
    {"line-regexp", BI_ARG_NONE, 'x', NULL},
    {"null-data", BI_ARG_NONE, 'z', NULL},
    {"no-messages", BI_ARG_NONE, 's', NULL},
    {"invert-match", BI_ARG_NONE, 'v', NULL},
    {"max-count", BI_ARG_REQUIRED, 'm', NULL},
    {"byte-offset", BI_ARG_NONE, 'b', NULL},
    {"line-number", BI_ARG_NONE, 'n', NULL},
    {"with-filename", BI_ARG_NONE, 'H', NULL},
    {"no-filename", BI_ARG_NONE, 'h', NULL},
    {"label", BI_ARG_REQUIRED, OPT_LABEL, NULL},
    {"only-matching", BI_ARG_NONE, 'o', NULL},
    {"quiet", BI_ARG_NONE, 'q', NULL},
    {"silent", BI_ARG_NONE, 'q', NULL},
    {"text", BI_ARG_NONE, 'a', NULL},
    {"binary-files", BI_ARG_REQUIRED, OPT_BINARY_FILES, NULL},
    {"recursive", BI_ARG_NONE, 'r', NULL},
    {"dereference-recursive", BI_ARG_NONE, 'R', NULL},
    {"include", BI_ARG_REQUIRED, OPT_INCLUDE, NULL},
    {"exclude", BI_ARG_REQUIRED, OPT_EXCLUDE, NULL},
    {"exclude-dir", BI_ARG_REQUIRED, OPT_EXCLUDE_DIR, NULL},
    {"exclude-from", BI_ARG_REQUIRED, OPT_EXCLUDE_FROM, NULL},
    {"group-separator", BI_ARG_REQUIRED, OPT_GROUP_SEP, NULL},
    {"no-group-separator", BI_ARG_NONE, OPT_NO_GROUP_SEP, NULL},
    {"initial-tab", BI_ARG_NONE, 'T', NULL},
    {"directories", BI_ARG_REQUIRED, 'd', NULL},
    {"devices", BI_ARG_REQUIRED, 'D', NULL},
    {"files-without-match", BI_ARG_NONE, 'L', NULL},
    {"files-with-matches", BI_ARG_NONE, 'l', NULL},
    {"count", BI_ARG_NONE, 'c', NULL},
    {"null", BI_ARG_NONE, 'Z', NULL},
    {"before-context", BI_ARG_REQUIRED, 'B', NULL},
    {"after-context", BI_ARG_REQUIRED, 'A', NULL},
    {"context", BI_ARG_REQUIRED, 'C', NULL},
    {"color", BI_ARG_OPTIONAL, OPT_COLOR, NULL},
    {"colour", BI_ARG_OPTIONAL, OPT_COLOR, NULL},
    {"line-buffered", BI_ARG_NONE, OPT_LINE_BUF, NULL},
    {0}};

/* -V and --version print a line naming GNU grep; usage errors exit 2.  -NUM is -C NUM: the digits are short options. */
static const bi_cmd grep_cmd = {
    .name = "grep",
    .usage = "Usage: grep [OPTION]... PATTERNS [FILE]...\n",
    .flags = BI_CMD_USAGE_TRY, /* GNU: the usage line, then "Try" */
    .about =
        "Search for PATTERNS in each FILE.\n"
        "  -E, --extended-regexp     PATTERNS are extended regular "
        "expressions\n"
        "  -F, --fixed-strings       PATTERNS are strings\n"
        "  -G, --basic-regexp        PATTERNS are basic regular expressions\n"
        "  -P, --perl-regexp         PATTERNS are Perl regular expressions\n"
        "  -e, --regexp=PATTERNS     use PATTERNS for matching\n"
        "  -f, --file=FILE           take PATTERNS from FILE\n"
        "  -i, --ignore-case         ignore case distinctions in patterns "
        "and data\n"
        "  -w, --word-regexp         match only whole words\n"
        "  -x, --line-regexp         match only whole lines\n"
        "  -z, --null-data           a data line ends in 0 byte, not "
        "newline\n"
        "  -s, --no-messages         suppress error messages\n"
        "  -v, --invert-match        select non-matching lines\n"
        "  -m, --max-count=NUM       stop after NUM selected lines\n"
        "  -b, --byte-offset         print the byte offset with output "
        "lines\n"
        "  -n, --line-number         print line number with output lines\n"
        "  -H, --with-filename       print file name with output lines\n"
        "  -h, --no-filename         suppress the file name prefix on "
        "output\n"
        "      --label=LABEL         use LABEL as the standard input file "
        "name prefix\n"
        "  -o, --only-matching       show only nonempty parts of lines that "
        "match\n"
        "  -q, --quiet, --silent     suppress all normal output\n"
        "  -a, --text                equivalent to --binary-files=text\n"
        "  -I                        equivalent to "
        "--binary-files=without-match\n"
        "  -r, --recursive           like --directories=recurse\n"
        "  -R, --dereference-recursive  likewise, but follow all symlinks\n"
        "      --include=GLOB        search only files that match GLOB\n"
        "      --exclude=GLOB        skip files that match GLOB\n"
        "      --exclude-from=FILE   skip files that match any file pattern "
        "from FILE\n"
        "      --exclude-dir=GLOB    skip directories that match GLOB\n"
        "  -d, --directories=ACTION  how to handle directories;\n"
        "                            ACTION is 'read', 'recurse', or 'skip'\n"
        "  -D, --devices=ACTION      how to handle devices, FIFOs and "
        "sockets;\n"
        "                            ACTION is 'read' or 'skip'\n"
        "  -T, --initial-tab         make tabs line up (if needed)\n"
        "  -L, --files-without-match  print only names of FILEs with no "
        "selected lines\n"
        "  -l, --files-with-matches  print only names of FILEs with "
        "selected lines\n"
        "  -c, --count               print only a count of selected lines "
        "per FILE\n"
        "  -Z, --null                print 0 byte after FILE name\n"
        "  -B, --before-context=NUM  print NUM lines of leading context\n"
        "  -A, --after-context=NUM   print NUM lines of trailing context\n"
        "  -C, --context=NUM         print NUM lines of output context\n"
        "      --group-separator=SEP  print SEP on line between matches with "
        "context\n"
        "      --no-group-separator  do not print separator for matches with "
        "context\n"
        "      --color[=WHEN]        mark matches: WHEN is always, never or "
        "auto\n"
        "Exit status is 0 if any line is selected, 1 otherwise;\n"
        "if any error occurs and -q is not given, the exit status is 2.\n",
    .shortopts = "EFGPe:f:iywxzsvm:bnHhoqaIrRLlcZB:A:C:TUVd:D:0123456789",
    .longopts = grep_long,
    .version = "grep (GNU grep compatible; vsh) " VSH_VERSION_STRING "\n",
    .bad_status = 2,
};

/* Splits text at newlines into patterns (GNU: each line is a pattern). */
static int add_patterns(vsh_strv *v, const char *s, size_t n) {
  size_t st = 0;
  for (size_t i = 0; i <= n; i++) {
    if (i == n || s[i] == '\n') {
      if (i == n && i == st && n > 0) break; /* trailing newline */
      int rc = vsh__strv_push(v, s + st, i - st);
      if (rc) return rc;
      st = i + 1;
    }
  }
  return 0;
}

static bool parse_num(bi_ctx *b, const char *s, long *out, const char *what) {
  char *end;
  long v = strtol(s, &end, 10);
  if (!*s || *end || v < 0) {
    bi_err(b, "%s: invalid %s argument", s, what);
    return false;
  }
  *out = v;
  return true;
}

/* What the command line gives besides grep_cfg. */
typedef struct grep_cl {
  bool mode_given, have_pat;
  long ctx_num, a_num, b_num; /* -C/-NUM, -A, -B; -1 when not given */
} grep_cl;

/* The option loop: -1 to go on, else the exit status. */
/* The whole of an operand file (-f, --exclude-from): "-", /dev/stdin and
 * /dev/fd/N (grep -f <(...)) as other inputs.  0 or a negative vsh_err. */
static int read_whole(bi_ctx *b, const char *path, vsh_buf *data) {
  sh_stream *in = NULL;
  int rc = bi_open_input(b, path, &in);
  if (rc) return rc;
  char tmp[65536];
  int64_t r;
  while ((r = bi_read(b, in, tmp, sizeof tmp)) > 0)
    if (vsh__buf_append(data, tmp, (size_t)r)) {
      r = VSH_ENOMEM;
      break;
    }
  sh_stream_unref(in);
  return r < 0 ? (int)r : 0;
}

/* -d ACTION / -D ACTION as GNU grep takes them: -1 to go on, else the
 * exit status after the message. */
static int dir_dev_action(bi_ctx *b, int c, const char *arg, grep_cfg *g) {
  static const char *const dv[] = {"read", "recurse", "skip", NULL};
  static const char *const vv[] = {"read", "skip", NULL};
  const char *const *v = c == 'd' ? dv : vv;
  int k = 0, hits = 0, hit = 0;
  while (v[k] && strcmp(v[k], arg)) k++;
  /* -d takes an abbreviation, as GNU's argmatch */
  for (int j = 0; c == 'd' && !v[k] && dv[j]; j++)
    if (!strncmp(dv[j], arg, strlen(arg))) hits++, hit = j;
  if (hits == 1) k = hit;
  if (!v[k] && c == 'D') {
    bi_err(b, "unknown devices method");
    return 2;
  }
  if (!v[k]) {
    bi_err(b,
           "%s argument " BI_LQ "%s" BI_RQ " for " BI_LQ "--directories" BI_RQ,
           hits > 1 ? "ambiguous" : "invalid", arg);
    bi_errline(b, "Valid arguments are:");
    for (k = 0; v[k]; k++) bi_errline(b, "  - " BI_LQ "%s" BI_RQ, v[k]);
    bi_errline(b, "Usage: grep [OPTION]... PATTERNS [FILE]...");
    bi_try_help(b);
    return 1; /* as GNU's argmatch */
  }
  if (c == 'D') g->skip_devices = k == 1;
  else if (k == 1) {
    if (g->recursive < 1) g->recursive = 1;
  } else g->recursive = 0, g->skip_dirs = k == 2;
  return -1;
}

/* --color=WHEN (GNU: any case; a word it does not know shows the help) */
static int color_when(bi_ctx *b, const char *w, grep_cfg *g) {
  static const char *const on[] = {"always", "yes", "force"};
  static const char *const off[] = {"never", "no",  "none",
                                    "auto",  "tty", "if-tty"};
  if (!w) return -1; /* auto: vsh's output is never a terminal */
  for (size_t i = 0; i < 3; i++)
    if (!strcasecmp(w, on[i])) return g->color = true, -1;
  for (size_t i = 0; i < 6; i++)
    if (!strcasecmp(w, off[i])) return g->color = false, -1;
  return bi_cmd_help(b, &grep_cmd);
}

/* GREP_COLORS: "ms=01;31:fn=35:ne..." over GNU's defaults. */
static void color_setup(bi_ctx *b, grep_cfg *g) {
  static const struct {
    const char *key;
    size_t off;
  } caps[] = {
      {"ms", offsetof(grep_cfg, c_ms)}, {"mc", offsetof(grep_cfg, c_mc)},
      {"sl", offsetof(grep_cfg, c_sl)}, {"cx", offsetof(grep_cfg, c_cx)},
      {"fn", offsetof(grep_cfg, c_fn)}, {"ln", offsetof(grep_cfg, c_ln)},
      {"bn", offsetof(grep_cfg, c_bn)}, {"se", offsetof(grep_cfg, c_se)}};
  strcpy(g->c_ms, "01;31");
  strcpy(g->c_mc, "01;31");
  strcpy(g->c_fn, "35");
  strcpy(g->c_ln, "32");
  strcpy(g->c_bn, "32");
  strcpy(g->c_se, "36");
  const char *e = bi_getenv(b, "GREP_COLORS");
  while (e && *e) {
    size_t n = strcspn(e, ":");
    const char *eq = memchr(e, '=', n);
    size_t kl = eq ? (size_t)(eq - e) : n;
    if (kl == 2 && !memcmp(e, "rv", 2) && !eq) g->color_rv = true;
    else if (kl == 2 && !memcmp(e, "ne", 2) && !eq) g->color_ne = true;
    else if (kl == 2 && eq && (size_t)(e + n - eq - 1) < 24) {
      size_t vl = (size_t)(e + n - eq - 1);
      for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        bool mt = !memcmp(e, "mt", 2);
        if (memcmp(e, caps[i].key, 2) && !(mt && i < 2)) continue;
        char *dst = (char *)g + caps[i].off;
        memcpy(dst, eq + 1, vl);
        dst[vl] = 0;
      }
    }
    e += n + (e[n] == ':');
  }
}

static int grep_options(bi_ctx *b, bi_opts *o, grep_cfg *g, grep_cl *cl) {
  int c;
  while ((c = bi_opt(b, o, &grep_cmd)) != -1) {
    switch (c) {
    case 'E':
    case 'F':
    case 'G':
    case 'P':
      if (cl->mode_given && g->mode != c) {
        bi_errline(b, "grep: conflicting matchers specified");
        return 2;
      }
      g->mode = (char)c;
      cl->mode_given = true;
      break;
    case 'e':
      if (add_patterns(&g->patterns, o->arg, strlen(o->arg))) return 2;
      cl->have_pat = true;
      break;
    case 'f': {
      vsh_buf data = {0};
      int rc = read_whole(b, o->arg, &data);
      if (rc) {
        bi_err(b, "%s: %s", o->arg, vsh_strerror(rc));
        vsh_buf_dispose(&data);
        return 2;
      }
      /* an empty file holds no pattern at all: nothing matches */
      if (data.len) rc = add_patterns(&g->patterns, data.data, data.len);
      vsh_buf_dispose(&data);
      if (rc) return 2;
      cl->have_pat = true;
      break;
    }
    case 'i':
    case 'y': g->icase = true; break;
    case OPT_NO_IGNORE_CASE: g->icase = false; break;
    case 'w': g->word = true; break;
    case 'x': g->whole_line = true; break;
    case 'z': g->null_data = true; break;
    case 's': g->no_messages = true; break;
    case 'v': g->invert = true; break;
    case 'm': {
      long v;
      char *end;
      v = strtol(o->arg, &end, 10);
      if (*end || !*o->arg) {
        bi_err(b, "invalid max count");
        return 2;
      }
      g->max_count = v < 0 ? -1 : v;
      break;
    }
    case 'b': g->byte_offset = true; break;
    case 'n': g->number = true; break;
    case 'H': g->with_name = 1; break;
    case 'h': g->with_name = 0; break;
    case 'o': g->only = true; break;
    case 'q': g->quiet = true; break;
    case 'a': g->text = true; break;
    case 'I': g->skip_binary = true; break;
    case OPT_BINARY_FILES:
      if (!strcmp(o->arg, "text")) g->text = true;
      else if (!strcmp(o->arg, "without-match")) g->skip_binary = true;
      else if (strcmp(o->arg, "binary")) {
        bi_err(b, "unknown binary-files type");
        return 2;
      }
      break;
    case 'r':
      if (g->recursive < 1) g->recursive = 1;
      break;
    case 'R': g->recursive = 2; break;
    case 'L':
      g->list_nomatch = true;
      g->list_match = false;
      break;
    case 'l':
      g->list_match = true;
      g->list_nomatch = false;
      break;
    case 'c': g->count = true; break;
    case 'Z': g->null_name = true; break;
    case 'A':
      if (!parse_num(b, o->arg, &cl->a_num, "context length")) return 2;
      break;
    case 'B':
      if (!parse_num(b, o->arg, &cl->b_num, "context length")) return 2;
      break;
    case 'C':
      if (!parse_num(b, o->arg, &cl->ctx_num, "context length")) return 2;
      break;
    case 'T': g->initial_tab = true; break;
    case 'U':
    case OPT_LINE_BUF: break;
    case OPT_COLOR: {
      int st = color_when(b, o->arg, g);
      if (st >= 0) return st;
      break;
    }
    case 'd':
    case 'D': {
      int st = dir_dev_action(b, c, o->arg, g);
      if (st >= 0) return st;
      break;
    }
    case OPT_GROUP_SEP: g->group_sep = o->arg; break;
    case OPT_NO_GROUP_SEP: g->group_sep = NULL; break;
    case OPT_EXCLUDE_FROM: {
      vsh_buf data = {0};
      int rc = read_whole(b, o->arg, &data);
      if (!rc && data.len) rc = add_patterns(&g->exclude, data.data, data.len);
      vsh_buf_dispose(&data);
      if (rc) {
        bi_err(b, "%s: %s", o->arg, vsh_strerror(rc));
        return 2;
      }
      break;
    }
    case OPT_LABEL: g->label = o->arg; break;
    case OPT_INCLUDE:
      vsh__strv_push(&g->include, o->arg, strlen(o->arg));
      break;
    case OPT_EXCLUDE:
      vsh__strv_push(&g->exclude, o->arg, strlen(o->arg));
      break;
    case OPT_EXCLUDE_DIR:
      vsh__strv_push(&g->exclude_dir, o->arg, strlen(o->arg));
      break;
    case 'V': return bi_cmd_version(b, &grep_cmd);
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9': /* -NUM is -C NUM */
      cl->ctx_num = (cl->ctx_num < 0 ? 0 : cl->ctx_num) * 10 + (c - '0');
      break;
    default: return o->status;
    }
  }
  return -1;
}

int bi_grep_main(bi_ctx *b) {
  grep_cfg g = {.prog = "grep",
                .mode = 'G',
                .with_name = -1,
                .max_count = -1,
                .group_sep = "--"};
  const char *name = vsh__path_basename(b->argv[0]);
  if (name[0] == 'z') {  /* zgrep, zegrep, zfgrep */
    g.decompress = true; /* messages still say grep, as zgrep's do */
    name++;
  }
  if (!strcmp(name, "egrep")) g.mode = 'E';
  if (!strcmp(name, "fgrep")) g.mode = 'F';
  grep_cl cl = {
      .mode_given = g.mode != 'G', .ctx_num = -1, .a_num = -1, .b_num = -1};
  bi_opts o = {0};
  int st = grep_options(b, &o, &g, &cl);
  if (st >= 0) goto done;
  st = 2;
  if (g.color) color_setup(b, &g);
  bool have_pat = cl.have_pat;
  long ctx_num = cl.ctx_num, a_num = cl.a_num, b_num = cl.b_num;
  int nops = o.noperands;
  char **ops = o.operands;
  if (!have_pat) {
    if (nops == 0) { /* the usage line, then the "Try" line */
      st = bi_usage_error(b, &grep_cmd, NULL);
      goto done;
    }
    if (add_patterns(&g.patterns, ops[0], strlen(ops[0]))) goto done;
    ops++;
    nops--;
  }
  if (!g.patterns.len && !g.invert) { /* GNU: no pattern can match */
    st = 1;
    goto done;
  }
  g.after = a_num >= 0 ? a_num : ctx_num >= 0 ? ctx_num : 0;
  g.before = b_num >= 0 ? b_num : ctx_num >= 0 ? ctx_num : 0;
  g.ctx_seps = a_num >= 0 || b_num >= 0 || ctx_num >= 0;
  st = grep_run(b, &g, ops, nops);
done:
  grep_cfg_dispose(&g);
  return st;
}
