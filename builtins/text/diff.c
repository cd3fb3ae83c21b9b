/* diff.c: compare files line by line (GNU diffutils diff): normal,
 * unified (-u, -U N, --label) and context (-c, -C N) output, the line
 * and group formats and -p / -F RE function lines (diff_fmt.c),
 * --strip-trailing-cr, -q, -s, -r
 * (with "Only in"; FIFOs and devices named, not read), -N, -i -b -w,
 * -B (hunks of blank lines only dropped; GNU also keeps them inside a
 * hunk that has other changes), -d, -t, -T, "\ No newline at end of file",
 * binary detection, exit 0/1/2.  The edit script is GNU's choice among
 * the shortest ones (see compare_seqs): same identical ends and horizon,
 * same lines set aside, same middle-snake splits, same sliding of runs,
 * so hunks land where GNU puts them. */
#include "builtins/text/diff_int.h"
#include "core/regex.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>

/* ---- loading ---- */

static int load(bi_ctx *b, df_file *f, const char *name) {
  f->name = name;
  if (!strcmp(name, "-")) {
    clock_gettime(CLOCK_REALTIME, &f->mtime);
  } else {
    vfs_info st;
    const char *p = bi_path(b, name);
    int rc = p ? vfs_stat(b->fs, p, true, &st) : bi_path_error(name);
    if (rc) return rc;
    f->mtime = st.mtime;
  }
  return bi_slurp(b, name, &f->data);
}

static bool split_lines(df_file *f) {
  size_t cap = 16, n = 0;
  f->line = malloc(cap * sizeof(*f->line));
  f->len = malloc(cap * sizeof(*f->len));
  if (!f->line || !f->len) return false;
  /* an empty (or missing, with -N) file has no buffer: NULL + 0 is UB */
  const char *p = f->data.data, *end = p ? p + f->data.len : p;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
    if (n == cap) {
      cap *= 2;
      const char **nl2 = realloc(f->line, cap * sizeof(*f->line));
      if (!nl2) return false;
      f->line = nl2;
      size_t *nlen = realloc(f->len, cap * sizeof(*f->len));
      if (!nlen) return false;
      f->len = nlen;
    }
    f->line[n] = p;
    f->len[n] = l;
    n++;
    if (!nl) {
      f->nonl = true;
      break;
    }
    p = nl + 1;
  }
  f->n = n;
  return true;
}

static void df_file_dispose(df_file *f) {
  vsh_buf_dispose(&f->data);
  free(f->line);
  free(f->len);
  free(f->id);
}

/* ---- line identities ---- */

/* The comparison key of a line under -i -b -w. */
static size_t line_key(const df_opts *o, const char *s, size_t n, char *out) {
  size_t k = 0;
  bool space = false;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if ((o->iallspace || o->ispace) &&
        (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f')) {
      space = true;
      continue;
    }
    if (space && o->ispace && !o->iallspace && k) out[k++] = ' ';
    space = false;
    out[k++] = o->icase ? (char)tolower(c) : (char)c;
  }
  return k;
}

typedef struct df_slot {
  uint64_t h;
  const char *s;
  size_t n;
  int id;
} df_slot;

static uint64_t hash_bytes(const char *s, size_t n) {
  uint64_t h = 1469598103934665603ULL;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
  return h;
}

/* Gives equal lines (by key) equal ids across both files. */
static bool assign_ids(const df_opts *o, df_file *a, df_file *b2,
                       int *nclasses) {
  size_t total = a->n + b2->n, cap = 16;
  while (cap < total * 2 + 2) cap *= 2;
  df_slot *tab = calloc(cap, sizeof(*tab));
  bool keyed = o->icase || o->ispace || o->iallspace;
  size_t maxl = 0;
  for (size_t i = 0; i < a->n; i++)
    if (a->len[i] > maxl) maxl = a->len[i];
  for (size_t i = 0; i < b2->n; i++)
    if (b2->len[i] > maxl) maxl = b2->len[i];
  vsh_buf keys = {0};
  a->id = malloc((a->n + 1) * sizeof(int));
  b2->id = malloc((b2->n + 1) * sizeof(int));
  if (!tab || !a->id || !b2->id) {
    free(tab);
    return false;
  }
  /* keyed lines are copied into one buffer; offsets are fixed up after */
  size_t *koff = NULL, *klen = NULL;
  if (keyed) {
    koff = malloc((total + 1) * sizeof(size_t));
    klen = malloc((total + 1) * sizeof(size_t));
    char *tmp = malloc(maxl + 1);
    if (!koff || !klen || !tmp) {
      free(tab);
      free(koff);
      free(klen);
      free(tmp);
      return false;
    }
    size_t k = 0;
    for (int fi = 0; fi < 2; fi++) {
      df_file *f = fi ? b2 : a;
      for (size_t i = 0; i < f->n; i++, k++) {
        klen[k] = line_key(o, f->line[i], f->len[i], tmp);
        koff[k] = keys.len;
        vsh__buf_append(&keys, tmp, klen[k]);
      }
    }
    free(tmp);
  }
  int next = 0;
  size_t k = 0;
  for (int fi = 0; fi < 2; fi++) {
    df_file *f = fi ? b2 : a;
    for (size_t i = 0; i < f->n; i++, k++) {
      const char *s = keyed ? keys.data + koff[k] : f->line[i];
      size_t n = keyed ? klen[k] : f->len[i];
      uint64_t h = hash_bytes(s, n);
      size_t pos = (size_t)h & (cap - 1);
      for (;;) {
        df_slot *sl = &tab[pos];
        if (!sl->id) {
          sl->h = h;
          sl->s = s ? s : "";
          sl->n = n;
          sl->id = ++next;
          f->id[i] = sl->id;
          break;
        }
        if (sl->h == h && sl->n == n && !memcmp(sl->s, s, n)) {
          f->id[i] = sl->id;
          break;
        }
        pos = (pos + 1) & (cap - 1);
      }
    }
  }
  free(tab);
  free(koff);
  free(klen);
  vsh_buf_dispose(&keys);
  *nclasses = next;
  return true;
}

/* ---- the edit script ---- */

/* Which minimal edit script is printed matters (patches and tests compare
 * bytes), so the search below makes GNU diff's choices: lines that match
 * nothing in the other file are set aside first (and lines matching
 * very many, inside runs of those), then Myers' search from both ends
 * splits the rest at the middle snake, recursively, taking the same
 * diagonal on ties.  Past `expensive' edit steps a split takes the
 * furthest-reaching diagonal instead of the exact middle. */
typedef struct df_seq {
  bi_ctx *b;
  const int *x, *y;      /* equivalence classes of the kept lines */
  const size_t *rx, *ry; /* kept index -> line index */
  char *cx, *cy;         /* changed flags by line index */
  long *fd, *bd;         /* by diagonal, offset so that [-ny-1] is valid */
  long expensive;
  bool cancelled;
} df_seq;

typedef struct df_part {
  long xmid, ymid;
  bool lo_min, hi_min;
} df_part;

static void seq_split(df_seq *q, long xoff, long xlim, long yoff, long ylim,
                      bool minimal, df_part *pt) {
  long *fd = q->fd, *bd = q->bd;
  const int *x = q->x, *y = q->y;
  long dmin = xoff - ylim, dmax = xlim - yoff;
  long fmid = xoff - yoff, bmid = xlim - ylim;
  long fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid;
  bool odd = (fmid - bmid) & 1;
  fd[fmid] = xoff;
  bd[bmid] = xlim;
  for (long c = 1;; c++) {
    if ((c & 255) == 0 && bi_cancelled(q->b)) {
      q->cancelled = true;
      pt->xmid = xoff, pt->ymid = yoff; /* anything valid */
      pt->lo_min = pt->hi_min = false;
      return;
    }
    if (fmin > dmin) fd[--fmin - 1] = -1;
    else fmin++;
    if (fmax < dmax) fd[++fmax + 1] = -1;
    else fmax--;
    for (long d = fmax; d >= fmin; d -= 2) {
      long lo = fd[d - 1], hi = fd[d + 1];
      long px = lo >= hi ? lo + 1 : hi, py = px - d;
      while (px < xlim && py < ylim && x[px] == y[py]) px++, py++;
      fd[d] = px;
      if (odd && bmin <= d && d <= bmax && bd[d] <= px) {
        pt->xmid = px, pt->ymid = py;
        pt->lo_min = pt->hi_min = true;
        return;
      }
    }
    if (bmin > dmin) bd[--bmin - 1] = LONG_MAX;
    else bmin++;
    if (bmax < dmax) bd[++bmax + 1] = LONG_MAX;
    else bmax--;
    for (long d = bmax; d >= bmin; d -= 2) {
      long lo = bd[d - 1], hi = bd[d + 1];
      long px = lo < hi ? lo : hi - 1, py = px - d;
      while (px > xoff && py > yoff && x[px - 1] == y[py - 1]) px--, py--;
      bd[d] = px;
      if (!odd && fmin <= d && d <= fmax && px <= fd[d]) {
        pt->xmid = px, pt->ymid = py;
        pt->lo_min = pt->hi_min = true;
        return;
      }
    }
    if (minimal || c < q->expensive) continue;
    /* too expensive: split at the diagonal that got furthest (forward:
     * largest x+y; backward: smallest), whichever went further */
    long fxy = -1, fx = 0, bxy = LONG_MAX, bx = 0;
    for (long d = fmax; d >= fmin; d -= 2) {
      long px = fd[d] < xlim ? fd[d] : xlim, py = px - d;
      if (ylim < py) px = ylim + d, py = ylim;
      if (fxy < px + py) fxy = px + py, fx = px;
    }
    for (long d = bmax; d >= bmin; d -= 2) {
      long px = bd[d] > xoff ? bd[d] : xoff, py = px - d;
      if (py < yoff) px = yoff + d, py = yoff;
      if (px + py < bxy) bxy = px + py, bx = px;
    }
    if ((xlim + ylim) - bxy < fxy - (xoff + yoff)) {
      pt->xmid = fx, pt->ymid = fxy - fx;
      pt->lo_min = true, pt->hi_min = false;
    } else {
      pt->xmid = bx, pt->ymid = bxy - bx;
      pt->lo_min = false, pt->hi_min = true;
    }
    return;
  }
}

static void seq_compare(df_seq *q, long xoff, long xlim, long yoff, long ylim,
                        bool minimal) {
  while (!q->cancelled) {
    while (xoff < xlim && yoff < ylim && q->x[xoff] == q->y[yoff])
      xoff++, yoff++;
    while (xlim > xoff && ylim > yoff && q->x[xlim - 1] == q->y[ylim - 1])
      xlim--, ylim--;
    if (xoff == xlim) {
      while (yoff < ylim) q->cy[q->ry[yoff++]] = 1;
      return;
    }
    if (yoff == ylim) {
      while (xoff < xlim) q->cx[q->rx[xoff++]] = 1;
      return;
    }
    df_part pt;
    seq_split(q, xoff, xlim, yoff, ylim, minimal, &pt);
    if (q->cancelled) break;
    seq_compare(q, xoff, pt.xmid, yoff, pt.ymid, pt.lo_min);
    xoff = pt.xmid, yoff = pt.ymid, minimal = pt.hi_min; /* the upper half */
  }
  /* cancelled: whatever is left counts as changed */
  for (long i = xoff; i < xlim; i++) q->cx[q->rx[i]] = 1;
  for (long i = yoff; i < ylim; i++) q->cy[q->ry[i]] = 1;
}

/* GNU's discard_confusing_lines, over one side: 1 = matches nothing in
 * the other file (set aside), 2 = matches very many (set aside only
 * inside a run of 1s, away from its ends). */
static void mark_discards(const int *cls, size_t n, const size_t *other_count,
                          char *dis) {
  size_t many = 5;
  for (size_t t = n / 64; (t >>= 2) > 0;) many *= 2;
  for (size_t i = 0; i < n; i++) {
    size_t m = other_count[cls[i]];
    dis[i] = m == 0 ? 1 : m > many ? 2 : 0;
  }
  for (size_t i = 0; i < n; i++) {
    if (dis[i] == 2) {
      dis[i] = 0;
      continue;
    }
    if (!dis[i]) continue;
    size_t j = i, prov = 0;
    for (; j < n && dis[j]; j++)
      if (dis[j] == 2) prov++;
    while (j > i && dis[j - 1] == 2) dis[--j] = 0, prov--;
    size_t len = j - i;
    if (prov * 4 > len) {
      while (j > i)
        if (dis[--j] == 2) dis[j] = 0;
    } else {
      size_t minimum = 1, consec = 0;
      for (size_t t = len >> 2; (t >>= 2) > 0;) minimum <<= 1;
      minimum++;
      /* a subrun of `minimum' or more provisionals stays */
      for (size_t k = 0; k < len; k++) {
        if (dis[i + k] != 2) consec = 0;
        else if (minimum == ++consec) k -= consec;
        else if (minimum < consec) dis[i + k] = 0;
      }
      /* near either end of the run, provisionals are kept until three
       * definite discards in a row (or one 8 lines in) */
      consec = 0;
      for (size_t k = 0; k < len; k++) {
        if (k >= 8 && dis[i + k] == 1) break;
        if (dis[i + k] == 2) consec = 0, dis[i + k] = 0;
        else if (dis[i + k] == 0) consec = 0;
        else consec++;
        if (consec == 3) break;
      }
      i += len - 1;
      consec = 0;
      for (size_t k = 0; k < len; k++) {
        if (k >= 8 && dis[i - k] == 1) break;
        if (dis[i - k] == 2) consec = 0, dis[i - k] = 0;
        else if (dis[i - k] == 0) consec = 0;
        else consec++;
        if (consec == 3) break;
      }
    }
  }
}

/* Marks changed lines in ca[0..n) and cb[0..m) (lines are classes in
 * 1..ncls). */
static bool compare_seqs(bi_ctx *b, const int *A, size_t n, const int *B,
                         size_t m, size_t ncls, bool minimal, char *ca,
                         char *cb) {
  size_t *cnt = calloc(2 * (ncls + 1), sizeof(size_t));
  char *dis = malloc(n + m + 1);
  int *kx = malloc((n + m + 1) * sizeof(int));
  size_t *rx = malloc((n + m + 1) * sizeof(size_t));
  long *diag = malloc(2 * (n + m + 3) * sizeof(long));
  bool ok = cnt && dis && kx && rx && diag;
  if (ok) {
    size_t *ca_cnt = cnt, *cb_cnt = cnt + ncls + 1;
    for (size_t i = 0; i < n; i++) ca_cnt[A[i]]++;
    for (size_t i = 0; i < m; i++) cb_cnt[B[i]]++;
    memset(dis, 0, n + m);
    if (!minimal) {
      mark_discards(A, n, cb_cnt, dis);
      mark_discards(B, m, ca_cnt, dis + n);
    }
    size_t nx = 0, ny = 0;
    for (size_t i = 0; i < n; i++)
      if (dis[i]) ca[i] = 1;
      else kx[nx] = A[i], rx[nx++] = i;
    int *ky = kx + nx;
    size_t *ry = rx + nx;
    for (size_t i = 0; i < m; i++)
      if (dis[n + i]) cb[i] = 1;
      else ky[ny] = B[i], ry[ny++] = i;
    size_t diags = nx + ny + 3;
    long expensive = 1;
    for (size_t t = diags; t; t >>= 2) expensive <<= 1;
    df_seq q = {.b = b,
                .x = kx,
                .y = ky,
                .rx = rx,
                .ry = ry,
                .cx = ca,
                .cy = cb,
                .fd = diag + ny + 1,
                .bd = diag + diags + ny + 1,
                .expensive = expensive > 4096 ? expensive : 4096};
    seq_compare(&q, 0, (long)nx, 0, (long)ny, minimal);
  }
  free(cnt);
  free(dis);
  free(kx);
  free(rx);
  free(diag);
  return ok;
}

/* Slides each run of changes in one file: merged with neighbours, as late
 * as possible, but ending where the other file changes too when it can.
 * ch and other carry a zero sentinel at [-1] and [len]. */
static void slide_runs(const int *id, char *ch, size_t len, const char *other) {
  long i = 0, j = 0, end = (long)len;
  for (;;) {
    while (i < end && !ch[i]) {
      while (other[j]) j++;
      j++;
      i++;
    }
    if (i == end) break;
    long start = i, runlen, corresponding;
    while (ch[++i]) {}
    while (other[j]) j++;
    do {
      runlen = i - start;
      while (start > 0 && id[start - 1] == id[i - 1]) {
        ch[--start] = 1;
        ch[--i] = 0;
        while (ch[start - 1]) start--;
        j--;
        while (other[j]) j--;
      }
      corresponding = other[j - 1] ? i : end;
      while (i != end && id[start] == id[i]) {
        ch[start++] = 0;
        ch[i++] = 1;
        while (ch[i]) i++;
        j++;
        while (other[j]) {
          j++;
          corresponding = i;
        }
      }
    } while (runlen != i - start);
    while (corresponding < i) {
      ch[--start] = 1;
      ch[--i] = 0;
      j--;
      while (other[j]) j--;
    }
  }
}

/* ---- output ---- */

static void put_line(vsh_buf *o, const char *prefix, const df_file *f,
                     size_t i) {
  if (f->initial_tab) {
    /* -T: the flag, then a tab in place of the blank (a unified
     * context line: the tab alone) */
    if (strcmp(prefix, " ")) vsh__buf_putc(o, prefix[0]);
    vsh__buf_putc(o, '\t');
  } else {
    vsh__buf_puts(o, prefix);
  }
  if (f->expand_tabs) {
    /* -t: tab stops every 8 columns of the line's text; as GNU, only
     * printable ASCII advances the column (a backspace goes back one,
     * a carriage return to 0) */
    size_t col = 0;
    for (size_t k = 0; k < f->len[i]; k++) {
      unsigned char ch = (unsigned char)f->line[i][k];
      if (ch != '\t') {
        vsh__buf_putc(o, (char)ch);
        if (ch == '\b') col -= col > 0;
        else if (ch == '\r') col = 0;
        else col += ch >= 0x20 && ch < 0x7f;
        continue;
      }
      do vsh__buf_putc(o, ' ');
      while (++col % f->tabsize);
    }
  } else {
    vsh__buf_append(o, f->line[i], f->len[i]);
  }
  vsh__buf_putc(o, '\n');
  if (i == f->n - 1 && f->nonl)
    vsh__buf_puts(o, "\\ No newline at end of file\n");
}

static void put_range(vsh_buf *o, size_t s, size_t e) {
  /* 1-based inclusive [s+1, e]; empty ranges name the line before */
  if (e <= s) vsh__buf_printf(o, "%zu", s);
  else if (e == s + 1) vsh__buf_printf(o, "%zu", s + 1);
  else vsh__buf_printf(o, "%zu,%zu", s + 1, e);
}

static void normal_out(vsh_buf *o, const df_file *a, const df_file *b2,
                       const df_hunk *h, size_t nh) {
  for (size_t k = 0; k < nh; k++) {
    const df_hunk *c = &h[k];
    char op = c->a0 == c->a1 ? 'a' : c->b0 == c->b1 ? 'd' : 'c';
    put_range(o, c->a0, c->a1);
    vsh__buf_putc(o, op);
    put_range(o, c->b0, c->b1);
    vsh__buf_putc(o, '\n');
    for (size_t i = c->a0; i < c->a1; i++) put_line(o, "< ", a, i);
    if (op == 'c') vsh__buf_puts(o, "---\n");
    for (size_t i = c->b0; i < c->b1; i++) put_line(o, "> ", b2, i);
  }
}

/* -e: an ed script, last change first; a line that is "." goes in as
 * ".." and is mended with s/.// as GNU does. */
static void ed_out(vsh_buf *o, const df_file *b2, const df_hunk *h, size_t nh) {
  for (size_t k = nh; k-- > 0;) {
    const df_hunk *c = &h[k];
    char op = c->a0 == c->a1 ? 'a' : c->b0 == c->b1 ? 'd' : 'c';
    put_range(o, c->a0, op == 'a' ? c->a0 : c->a1);
    vsh__buf_putc(o, op);
    vsh__buf_putc(o, '\n');
    if (op == 'd') continue;
    bool open = true;
    for (size_t i = c->b0; i < c->b1; i++) {
      if (!open) vsh__buf_puts(o, "a\n");
      open = true;
      if (b2->len[i] == 1 && b2->line[i][0] == '.') {
        vsh__buf_puts(o, "..\n.\ns/.//\n");
        open = false;
        continue;
      }
      vsh__buf_append(o, b2->line[i], b2->len[i]);
      vsh__buf_putc(o, '\n');
    }
    if (open) vsh__buf_puts(o, ".\n");
  }
}

/* -n: RCS's format, first change first: "dLINE COUNT", "aLINE COUNT"
 * and the added lines as they are (a last line without its newline). */
static void rcs_out(vsh_buf *o, const df_file *a, const df_file *b2,
                    const df_hunk *h, size_t nh) {
  (void)a;
  for (size_t k = 0; k < nh; k++) {
    const df_hunk *c = &h[k];
    if (c->a1 > c->a0)
      vsh__buf_printf(o, "d%zu %zu\n", c->a0 + 1, c->a1 - c->a0);
    if (c->b1 == c->b0) continue;
    vsh__buf_printf(o, "a%zu %zu\n", c->a1, c->b1 - c->b0);
    for (size_t i = c->b0; i < c->b1; i++) {
      vsh__buf_append(o, b2->line[i], b2->len[i]);
      if (i + 1 < b2->n || !b2->nonl) vsh__buf_putc(o, '\n');
    }
  }
}

static void uni_range(vsh_buf *o, size_t s, size_t len) {
  if (len == 1) vsh__buf_printf(o, "%zu", s + 1);
  else vsh__buf_printf(o, "%zu,%zu", len ? s + 1 : s, len);
}

/* The two header lines: MARK NAME<tab>mtime, or MARK LABEL. */
static void put_headers(bi_ctx *b, vsh_buf *o, const df_opts *op,
                        const df_file *a, const df_file *b2,
                        const char *mark_old, const char *mark_new) {
  for (int k = 0; k < 2; k++) {
    const df_file *f = k ? b2 : a;
    vsh__buf_puts(o, k ? mark_new : mark_old);
    if (op->label[k]) {
      vsh__buf_puts(o, op->label[k]);
    } else {
      vsh__buf_printf(o, "%s\t", f->name);
      bi_format_mtime(b, o, f->mtime);
    }
    vsh__buf_putc(o, '\n');
  }
}

/* One hunk of the unified or context format: the changes h[k..e] closer
 * than 2*ctx lines to each other, and the old [as,ae) and new [bs,be)
 * lines it shows. */
typedef struct df_group {
  size_t e, as, ae, bs, be;
} df_group;

static df_group group_of(const df_hunk *h, size_t nh, size_t k, size_t ctx,
                         size_t na) {
  df_group g = {.e = k};
  while (g.e + 1 < nh && h[g.e + 1].a0 - h[g.e].a1 <= 2 * ctx) g.e++;
  g.as = h[k].a0 > ctx ? h[k].a0 - ctx : 0;
  g.bs = h[k].b0 - (h[k].a0 - g.as);
  g.ae = h[g.e].a1 + ctx < na ? h[g.e].a1 + ctx : na;
  g.be = h[g.e].b1 + (g.ae - h[g.e].a1);
  return g;
}

static void unified_out(bi_ctx *b, vsh_buf *o, const df_opts *op,
                        const df_file *a, const df_file *b2, const df_hunk *h,
                        size_t nh) {
  put_headers(b, o, op, a, b2, "--- ", "+++ ");
  df_fn_state fs = {0, -1};
  for (size_t k = 0; k < nh;) {
    df_group g = group_of(h, nh, k, (size_t)op->context, a->n);
    vsh__buf_puts(o, "@@ -");
    uni_range(o, g.as, g.ae - g.as);
    vsh__buf_puts(o, " +");
    uni_range(o, g.bs, g.be - g.bs);
    vsh__buf_puts(o, " @@");
    df_fn_line(op, a, g.as, &fs, o);
    vsh__buf_putc(o, '\n');
    size_t ai = g.as;
    for (size_t q = k; q <= g.e; q++) {
      for (; ai < h[q].a0; ai++) put_line(o, " ", a, ai);
      for (size_t i = h[q].a0; i < h[q].a1; i++) put_line(o, "-", a, i);
      for (size_t i = h[q].b0; i < h[q].b1; i++) put_line(o, "+", b2, i);
      ai = h[q].a1;
    }
    for (; ai < g.ae; ai++) put_line(o, " ", a, ai);
    k = g.e + 1;
  }
}

/* -c: "*** a,b ****" ranges name their first and last lines, a single
 * line alone, an empty range the line before it. */
static void ctx_range(vsh_buf *o, size_t s, size_t e) {
  if (e <= s + 1) vsh__buf_printf(o, "%zu", e);
  else vsh__buf_printf(o, "%zu,%zu", s + 1, e);
}

/* One side of a context hunk: context "  ", changed "! ", lone "- "/"+ ". */
static void ctx_side(vsh_buf *o, const df_file *f, const df_hunk *h, size_t k,
                     const df_group *g, bool old_side) {
  size_t i = old_side ? g->as : g->bs, end = old_side ? g->ae : g->be;
  for (size_t q = k; q <= g->e; q++) {
    size_t s0 = old_side ? h[q].a0 : h[q].b0, s1 = old_side ? h[q].a1 : h[q].b1;
    bool other = old_side ? h[q].b1 > h[q].b0 : h[q].a1 > h[q].a0;
    for (; i < s0; i++) put_line(o, "  ", f, i);
    for (; i < s1; i++)
      put_line(o, other ? "! " : old_side ? "- " : "+ ", f, i);
  }
  for (; i < end; i++) put_line(o, "  ", f, i);
}

static void context_out(bi_ctx *b, vsh_buf *o, const df_opts *op,
                        const df_file *a, const df_file *b2, const df_hunk *h,
                        size_t nh) {
  put_headers(b, o, op, a, b2, "*** ", "--- ");
  df_fn_state fs = {0, -1};
  for (size_t k = 0; k < nh;) {
    df_group g = group_of(h, nh, k, (size_t)op->context, a->n);
    bool dels = false, ins = false;
    for (size_t q = k; q <= g.e; q++) {
      dels |= h[q].a1 > h[q].a0;
      ins |= h[q].b1 > h[q].b0;
    }
    vsh__buf_puts(o, "***************");
    df_fn_line(op, a, g.as, &fs, o);
    vsh__buf_puts(o, "\n*** ");
    ctx_range(o, g.as, g.ae);
    vsh__buf_puts(o, " ****\n");
    if (dels) ctx_side(o, a, h, k, &g, true); /* when something goes */
    vsh__buf_puts(o, "--- ");
    ctx_range(o, g.bs, g.be);
    vsh__buf_puts(o, " ----\n");
    if (ins) ctx_side(o, b2, h, k, &g, false); /* when something comes */
    k = g.e + 1;
  }
}

/* ---- -y: side by side ---- */

/* The two columns of -y: the halves' width, where the right one starts,
 * and the tab stops (GNU's arithmetic, so the gutter lands on a tab). */
typedef struct df_side {
  size_t hw, c2o, tab;
  bool expand, bytes; /* -t; a locale without UTF-8 */
} df_side;

/* Blanks from column from to column to: tabs where a stop fits (not with
 * -t), then spaces. */
static void side_pad(vsh_buf *o, const df_side *s, size_t from, size_t to) {
  if (!s->expand)
    for (size_t t = from + s->tab - from % s->tab; t <= to; t += s->tab) {
      vsh__buf_putc(o, '\t');
      from = t;
    }
  for (; from < to; from++) vsh__buf_putc(o, ' ');
}

/* Line i of f cut at column bound, as GNU's print_half_line: printable
 * ASCII advances a column, a tab to the next stop (written only if it
 * fits), a backspace goes back one, a carriage return to indent; other
 * bytes are written while there is room and take no column.  Returns
 * the column reached. */
static size_t side_half(vsh_buf *o, const df_side *s, const df_file *f,
                        size_t i, size_t indent, size_t bound) {
  size_t in = 0, out = 0;
  for (size_t k = 0; k < f->len[i]; k++) {
    unsigned char c = (unsigned char)f->line[i][k];
    if (c == '\t') {
      size_t stop = out + s->tab - in % s->tab;
      if (in == out) {
        if (s->expand) {
          if (bound < stop) stop = bound;
          for (; out < stop; out++) vsh__buf_putc(o, ' ');
        } else if (stop < bound) {
          out = stop;
          vsh__buf_putc(o, '\t');
        }
      }
      in += s->tab - in % s->tab;
    } else if (c == '\r') {
      vsh__buf_putc(o, '\r');
      side_pad(o, s, 0, indent);
      in = out = 0;
    } else if (c == '\b') {
      if (in && --in < bound) {
        if (out <= in) {
          for (; out < in; out++) vsh__buf_putc(o, ' ');
        } else {
          out = in;
          vsh__buf_putc(o, '\b');
        }
      }
    } else if (c == '\f' || c == '\v' || !c) {
      if (in < bound) vsh__buf_putc(o, (char)c);
    } else {
      /* a character (a control takes no column): written while it ends
       * within bound; an invalid byte as \f is */
      int32_t cp = c;
      int n = 1;
      if (c >= 0x80) {
        if (s->bytes) cp = -1;
        else n = vsh__utf8_decode(f->line[i] + k, f->len[i] - k, &cp);
      }
      if (cp < 0) {
        if (in < bound) vsh__buf_putc(o, (char)c);
        continue;
      }
      int w = vsh__utf8_width(cp);
      if (w > 0) in += (size_t)w;
      if (in <= bound) {
        out = in;
        vsh__buf_append(o, f->line[i] + k, (size_t)n);
      }
      k += (size_t)n - 1;
    }
  }
  return out;
}

static bool has_nl(const df_file *f, size_t i) {
  return i + 1 < f->n || !f->nonl;
}

/* One output line: left half, gutter mark, right half (either side may
 * be absent: SIZE_MAX).  A '|' between lines of which one lacks its
 * newline becomes '\' or '/'. */
static void side_line(vsh_buf *o, const df_side *s, const df_file *a, size_t i,
                      char sep, const df_file *b2, size_t j) {
  size_t col = 0;
  bool nl = false;
  if (i != SIZE_MAX) {
    nl = has_nl(a, i);
    col = side_half(o, s, a, i, 0, s->hw);
  }
  if (sep != ' ') {
    size_t mid = (s->hw + s->c2o - 1) / 2;
    side_pad(o, s, col, mid);
    if (sep == '|' && nl != has_nl(b2, j)) sep = nl ? '/' : '\\';
    vsh__buf_putc(o, sep);
    col = mid + 1;
  }
  if (j != SIZE_MAX) {
    nl |= has_nl(b2, j);
    if (b2->len[j]) {
      side_pad(o, s, col, s->c2o);
      side_half(o, s, b2, j, s->c2o, s->hw);
    }
  }
  if (nl) vsh__buf_putc(o, '\n');
}

/* The unchanged lines before a0/b0 (and lines of hunks -B dropped):
 * paired, then what is left of either side. */
static void side_common(vsh_buf *o, const df_opts *op, const df_side *s,
                        const df_file *a, const df_file *b2, size_t *i,
                        size_t *j, size_t a0, size_t b0) {
  if (!op->suppress_common) {
    size_t x = *i, y = *j;
    if (!op->left_column) {
      for (; x < a0 && y < b0; x++, y++) side_line(o, s, a, x, ' ', b2, y);
      for (; y < b0; y++) side_line(o, s, a, SIZE_MAX, ')', b2, y);
    }
    for (; x < a0; x++) side_line(o, s, a, x, '(', b2, SIZE_MAX);
  }
  *i = a0;
  *j = b0;
}

static void side_out(vsh_buf *o, const df_opts *op, const df_file *a,
                     const df_file *b2, const df_hunk *h, size_t nh) {
  df_side s = {.tab = op->expand_tabs ? 1 : (size_t)op->tabsize,
               .expand = op->expand_tabs,
               .bytes = op->byte_locale};
  size_t w = (size_t)op->width, off = (w + s.tab + 3) / (2 * s.tab) * s.tab;
  size_t lim = w > off ? w - off : 0;
  s.hw = off > 3 ? off - 3 : 0;
  if (lim < s.hw) s.hw = lim;
  s.c2o = s.hw ? off : w;
  s.tab = (size_t)op->tabsize;
  size_t i = 0, j = 0;
  for (size_t k = 0; k < nh; k++) {
    const df_hunk *c = &h[k];
    side_common(o, op, &s, a, b2, &i, &j, c->a0, c->b0);
    for (; i < c->a1 && j < c->b1; i++, j++) side_line(o, &s, a, i, '|', b2, j);
    for (; j < c->b1; j++) side_line(o, &s, a, SIZE_MAX, '>', b2, j);
    for (; i < c->a1; i++) side_line(o, &s, a, i, '<', b2, SIZE_MAX);
  }
  side_common(o, op, &s, a, b2, &i, &j, a->n, b2->n);
}

static bool is_binary(const vsh_buf *d) {
  size_t n = d->len < 32768 ? d->len : 32768;
  return n && memchr(d->data, 0, n);
}

/* Compares two loaded files; returns 0/1 or -1 on memory failure. */
static bool raw_eq(const df_file *a, size_t i, const df_file *b2, size_t j) {
  if (a->len[i] != b2->len[j] || memcmp(a->line[i], b2->line[j], a->len[i]))
    return false;
  bool la = a->nonl && i == a->n - 1, lb = b2->nonl && j == b2->n - 1;
  return la == lb;
}

static bool nonl_warnings(bi_ctx *b, const df_file *a, const df_file *b2,
                          bool wa, bool wb) {
  if (wa) bi_err(b, "%s: No newline at end of file\n", a->name);
  if (wb) bi_err(b, "%s: No newline at end of file\n", b2->name);
  return wa || wb;
}

static int diff_loaded(bi_ctx *b, const df_opts *o, df_file *a, df_file *b2,
                       const char *header, vsh_buf *out) {
  /* -y shows equal files too, unless it shows no common lines */
  bool all = o->side && !o->suppress_common && !o->brief;
  if (!all && !o->fmt && a->data.len == b2->data.len &&
      (!a->data.len || !memcmp(a->data.data, b2->data.data, a->data.len)))
    return 0;
  if (!o->text && (is_binary(&a->data) || is_binary(&b2->data))) {
    if (o->brief)
      vsh__buf_printf(out, "Files %s and %s differ\n", a->name, b2->name);
    else
      vsh__buf_printf(out, "Binary files %s and %s differ\n", a->name,
                      b2->name);
    return 1;
  }
  int nclasses = 0;
  if (!split_lines(a) || !split_lines(b2)) return -1;
  /* -e: ed cannot say a newline is missing; GNU compares the lines as if
   * it were there and warns (status 2) */
  bool warn_a = o->ed && a->nonl, warn_b = o->ed && b2->nonl;
  if (o->ed) a->nonl = b2->nonl = false;
  if (!assign_ids(o, a, b2, &nclasses)) return -1;
  /* a last line without its newline equals only the other file's last
   * line, and only when that lacks one too */
  int la = a->n ? a->id[a->n - 1] : 0, lb = b2->n ? b2->id[b2->n - 1] : 0;
  if (a->nonl) a->id[a->n - 1] = ++nclasses;
  if (b2->nonl) b2->id[b2->n - 1] = a->nonl && la == lb ? nclasses : ++nclasses;
  /* GNU's identical ends: a byte-equal prefix and suffix (no suffix when
   * only one file ends without a newline), less `horizon' lines of each
   * kept in the body so runs of changes may slide into them: as many as
   * the context lines. */
  size_t horizon = o->unified || o->context_fmt ? (size_t)o->context : 0;
  size_t pre = 0;
  while (pre < a->n && pre < b2->n && raw_eq(a, pre, b2, pre)) pre++;
  pre = pre > horizon ? pre - horizon : 0;
  size_t suf = 0;
  if (a->nonl == b2->nonl)
    while (suf < a->n - pre && suf < b2->n - pre &&
           raw_eq(a, a->n - 1 - suf, b2, b2->n - 1 - suf))
      suf++;
  suf = suf > horizon ? suf - horizon : 0;
  char *ca = calloc(a->n + 2, 1), *cb = calloc(b2->n + 2, 1);
  if (!ca || !cb) {
    free(ca);
    free(cb);
    return -1;
  }
  size_t mn = a->n - pre - suf, mm = b2->n - pre - suf;
  if (!compare_seqs(b, a->id + pre, mn, b2->id + pre, mm, (size_t)nclasses,
                    o->minimal, ca + 1 + pre, cb + 1 + pre)) {
    free(ca);
    free(cb);
    return -1;
  }
  /* as GNU, runs slide within the middle only, never into the common
   * prefix or suffix */
  slide_runs(a->id + pre, ca + 1 + pre, mn, cb + 1 + pre);
  slide_runs(b2->id + pre, cb + 1 + pre, mm, ca + 1 + pre);
  df_hunk *h = NULL;
  size_t nh = 0, hc = 0;
  for (size_t i = 0, j = 0; i < a->n || j < b2->n;) {
    if (i < a->n && j < b2->n && !ca[i + 1] && !cb[j + 1]) {
      i++, j++;
      continue;
    }
    df_hunk c = {i, i, j, j};
    while (c.a1 < a->n && ca[c.a1 + 1]) c.a1++;
    while (c.b1 < b2->n && cb[c.b1 + 1]) c.b1++;
    if (c.a1 == i && c.b1 == j) {
      i++, j++;
      continue;
    } /* cannot happen */
    if (nh == hc) {
      hc = hc ? hc * 2 : 16;
      df_hunk *nhp = realloc(h, hc * sizeof(*h));
      if (!nhp) {
        free(h);
        free(ca);
        free(cb);
        return -1;
      }
      h = nhp;
    }
    h[nh++] = c;
    i = c.a1, j = c.b1;
  }
  free(ca);
  free(cb);
  if (o->ignore_blank) { /* -B: drop hunks that only add or remove blanks */
    size_t k = 0;
    for (size_t q = 0; q < nh; q++) {
      bool blank = true;
      for (size_t x = h[q].a0; blank && x < h[q].a1; x++) blank = !a->len[x];
      for (size_t x = h[q].b0; blank && x < h[q].b1; x++) blank = !b2->len[x];
      if (!blank) h[k++] = h[q];
    }
    nh = k;
  }
  if (o->fmt && !o->brief) { /* the line and group formats */
    df_fmt_out(out, o, a, b2, h, nh);
    free(h);
    return nonl_warnings(b, a, b2, warn_a, warn_b) ? 2 : nh > 0;
  }
  if (!nh && all) { /* -y shows equal files too */
    if (header) vsh__buf_puts(out, header);
    side_out(out, o, a, b2, h, nh);
  }
  if (!nh) {
    free(h);
    return nonl_warnings(b, a, b2, warn_a, warn_b) ? 2 : 0;
  }
  if (o->brief) {
    vsh__buf_printf(out, "Files %s and %s differ\n", a->name, b2->name);
  } else {
    if (header) vsh__buf_puts(out, header);
    if (o->context_fmt) context_out(b, out, o, a, b2, h, nh);
    else if (o->unified) unified_out(b, out, o, a, b2, h, nh);
    else if (o->ed) ed_out(out, b2, h, nh);
    else if (o->rcs) rcs_out(out, a, b2, h, nh);
    else if (o->side) side_out(out, o, a, b2, h, nh);
    else normal_out(out, a, b2, h, nh);
  }
  free(h);
  return nonl_warnings(b, a, b2, warn_a, warn_b) ? 2 : 1;
}

/* d/n; GNU names "dir///" + "n" as "dir/n" */
static const char *join(bi_ctx *b, const char *d, const char *n) {
  size_t dl = strlen(d), nl = strlen(n);
  while (dl > 1 && d[dl - 1] == '/' && d[dl - 2] == '/') dl--;
  char *p = vsh__arena_alloc(b->arena, dl + nl + 2);
  if (!p) return n;
  memcpy(p, d, dl);
  size_t k = dl;
  if (!dl || d[dl - 1] != '/') p[k++] = '/';
  memcpy(p + k, n, nl + 1);
  return p;
}

static int stat_kind(bi_ctx *b, const char *name, vfs_type *t) {
  if (!strcmp(name, "-")) {
    *t = VFS_REG;
    return 0;
  }
  vfs_info st;
  const char *p = bi_path(b, name);
  int rc = p ? vfs_stat(b->fs, p, true, &st) : bi_path_error(name);
  if (!rc) *t = st.type;
  return rc;
}

/* --strip-trailing-cr: each "\r\n" read as "\n". */
static void strip_cr(vsh_buf *d) {
  size_t k = 0;
  for (size_t i = 0; i < d->len; i++)
    if (!(d->data[i] == '\r' && i + 1 < d->len && d->data[i + 1] == '\n'))
      d->data[k++] = d->data[i];
  d->len = k;
}

static int diff_files(bi_ctx *b, const df_opts *o, const char *n1,
                      const char *n2, bool absent1, bool absent2,
                      const char *header, vsh_buf *out) {
  df_file a = {0}, c = {0};
  int rc = absent1 ? 0 : load(b, &a, n1);
  a.name = n1;
  if (rc) {
    bi_file_err_raw(b, n1, rc);
    df_file_dispose(&a);
    vfs_type t2; /* GNU names a second missing file too */
    int r2 = absent2 ? 0 : stat_kind(b, n2, &t2);
    if (r2 && rc != VSH_EPIPE) bi_file_err_raw(b, n2, r2);
    return rc == VSH_EPIPE ? rc : 2;
  }
  rc = absent2 ? 0 : load(b, &c, n2);
  c.name = n2;
  if (rc) {
    bi_file_err_raw(b, n2, rc);
    df_file_dispose(&a);
    df_file_dispose(&c);
    return 2;
  }
  if (o->strip_cr) {
    strip_cr(&a.data);
    strip_cr(&c.data);
  }
  a.expand_tabs = c.expand_tabs = o->expand_tabs;
  a.initial_tab = c.initial_tab = o->initial_tab;
  a.tabsize = c.tabsize = (size_t)o->tabsize;
  if (absent1) a.mtime = (struct timespec){0, 0};
  if (absent2) c.mtime = (struct timespec){0, 0};
  int st = diff_loaded(b, o, &a, &c, header, out);
  if (st == 0 && o->report_same)
    vsh__buf_printf(out, "Files %s and %s are identical\n", n1, n2);
  df_file_dispose(&a);
  df_file_dispose(&c);
  if (st < 0) {
    bi_err(b, "memory exhausted");
    return 2;
  }
  return st;
}

/* Whether two names reach one file (GNU diff skips it). */
static bool same_file(bi_ctx *b, const char *n1, const char *n2) {
  vfs_info s1, s2;
  const char *a = bi_path(b, n1), *c = bi_path(b, n2);
  return a && c && !vfs_stat(b->fs, a, true, &s1) &&
         !vfs_stat(b->fs, c, true, &s2) && s1.ino == s2.ino && s1.dev == s2.dev;
}

static int flush(bi_ctx *b, vsh_buf *out) {
  int rc = out->len ? bi_write(b, out->data, out->len) : 0;
  vsh__buf_clear(out);
  return rc;
}

/* What GNU calls a file in "File A is a X while file B is a Y". */
static const char *kind_name(bi_ctx *b, const char *path, vfs_type t) {
  switch (t) {
  case VFS_DIR: return "directory";
  case VFS_FIFO: return "fifo";
  case VFS_CHR: return "character special file";
  case VFS_LNK: return "symbolic link";
  case VFS_REG: {
    vfs_info st;
    const char *p = bi_path(b, path);
    if (p && vfs_stat(b->fs, p, true, &st) == 0 && st.size == 0)
      return "regular empty file";
    return "regular file";
  }
  default: return "file";
  }
}

static int diff_dirs(bi_ctx *b, const df_opts *o, const char *d1,
                     const char *d2, vsh_buf *out) {
  vfs_dirlist l1 = {0}, l2 = {0};
  int rc = vfs_readdir(b->fs, bi_path(b, d1), &l1);
  if (rc) {
    bi_file_err_raw(b, d1, rc);
    return 2;
  }
  rc = vfs_readdir(b->fs, bi_path(b, d2), &l2);
  if (rc) {
    bi_file_err_raw(b, d2, rc);
    vfs_dirlist_dispose(&l1);
    return 2;
  }
  int st = 0;
  size_t i = 0, j = 0;
  while (i < l1.len || j < l2.len) {
    if (bi_cancelled(b)) {
      st = 2;
      break;
    }
    int cmp = i >= l1.len   ? 1
              : j >= l2.len ? -1
                            : strcmp(l1.items[i].name, l2.items[j].name);
    const char *name = cmp <= 0 ? l1.items[i].name : l2.items[j].name;
    const char *p1 = join(b, d1, name), *p2 = join(b, d2, name);
    int r = 0;
    if (cmp != 0 && !o->new_file) {
      vsh__buf_printf(out, "Only in %s: %s\n", cmp < 0 ? d1 : d2, name);
      r = 1;
    } else {
      vfs_type t1 = VFS_NONE, t2 = VFS_NONE;
      if (cmp <= 0) stat_kind(b, p1, &t1);
      if (cmp >= 0) stat_kind(b, p2, &t2);
      bool special1 = t1 != VFS_NONE && t1 != VFS_DIR && t1 != VFS_REG;
      bool special2 = t2 != VFS_NONE && t2 != VFS_DIR && t2 != VFS_REG;
      if (special1 && special2 && same_file(b, p1, p2)) {
        /* one device or FIFO reached twice (two links to /dev/null) */
      } else if (t1 != VFS_NONE && t2 != VFS_NONE &&
                 (((t1 == VFS_DIR || t2 == VFS_DIR) && t1 != t2) || special1 ||
                  special2)) {
        /* GNU compares only files and folders in -r: a FIFO or a device
         * is named, never read */
        vsh__buf_printf(out, "File %s is a %s while file %s is a %s\n", p1,
                        kind_name(b, p1, t1), p2, kind_name(b, p2, t2));
        r = 1;
      } else if ((t1 == VFS_NONE && special2) || (t2 == VFS_NONE && special1)) {
        /* -N never reads a FIFO or device that has no counterpart */
        vsh__buf_printf(out, "Only in %s: %s\n", cmp < 0 ? d1 : d2, name);
        r = 1;
      } else if (t1 == VFS_DIR || t2 == VFS_DIR) {
        if (o->recursive && t1 == t2) r = diff_dirs(b, o, p1, p2, out);
        else if (t1 == t2)
          vsh__buf_printf(out, "Common subdirectories: %s and %s\n", p1, p2);
        else {
          vsh__buf_printf(out, "Only in %s: %s\n", cmp < 0 ? d1 : d2, name);
          r = 1;
        }
      } else {
        vsh_buf hdr = {0};
        vsh__buf_printf(&hdr, "diff%s %s %s\n", o->argv_opts, p1, p2);
        r = diff_files(b, o, p1, p2, cmp > 0, cmp < 0, hdr.data, out);
        vsh_buf_dispose(&hdr);
      }
    }
    if (r > st) st = r;
    if (out->len > 65536 && (rc = flush(b, out))) {
      st = rc;
      break;
    }
    if (cmp <= 0) i++;
    if (cmp >= 0) j++;
  }
  vfs_dirlist_dispose(&l1);
  vfs_dirlist_dispose(&l2);
  return st;
}

enum {
  O_COLOR = BI_OPT_FIRST,
  O_NORMAL,
  O_NODEREF,
  O_LABEL,
  O_LEFT,
  O_SUPPRESS,
  O_TABSIZE,
  O_STRIP_CR,
  O_FN_LINE,
  O_LINE_FORMAT,
  O_LFMT,                    /* + DF_OLD .. DF_UNCHANGED */
  O_GFMT = O_LFMT + DF_NLFMT /* + DF_G_OLD .. DF_G_UNCHANGED */
};

static const bi_option diff_longopts[] = {
    {"unified", BI_ARG_OPTIONAL, 'u', NULL},
    {"context", BI_ARG_OPTIONAL, 'c', NULL},
    {"brief", BI_ARG_NONE, 'q', NULL},
    {"recursive", BI_ARG_NONE, 'r', NULL},
    {"new-file", BI_ARG_NONE, 'N', NULL},
    {"ignore-case", BI_ARG_NONE, 'i', NULL},
    {"ignore-space-change", BI_ARG_NONE, 'b', NULL},
    {"ignore-all-space", BI_ARG_NONE, 'w', NULL},
    {"ignore-blank-lines", BI_ARG_NONE, 'B', NULL},
    {"text", BI_ARG_NONE, 'a', NULL},
    {"color", BI_ARG_OPTIONAL, O_COLOR, NULL},
    {"normal", BI_ARG_NONE, O_NORMAL, NULL},
    {"label", BI_ARG_REQUIRED, O_LABEL, NULL},
    {"minimal", BI_ARG_NONE, 'd', NULL},
    {"expand-tabs", BI_ARG_NONE, 't', NULL},
    {"initial-tab", BI_ARG_NONE, 'T', NULL},
    {"report-identical-files", BI_ARG_NONE, 's', NULL},
    {"no-dereference", BI_ARG_NONE, O_NODEREF, NULL},
    {"ed", BI_ARG_NONE, 'e', NULL},
    {"rcs", BI_ARG_NONE, 'n', NULL},
    {"side-by-side", BI_ARG_NONE, 'y', NULL},
    {"width", BI_ARG_REQUIRED, 'W', NULL},
    {"left-column", BI_ARG_NONE, O_LEFT, NULL},
    {"suppress-common-lines", BI_ARG_NONE, O_SUPPRESS, NULL},
    {"tabsize", BI_ARG_REQUIRED, O_TABSIZE, NULL},
    {"strip-trailing-cr", BI_ARG_NONE, O_STRIP_CR, NULL},
    {"show-function-line", BI_ARG_REQUIRED, 'F', NULL},
    {"show-c-function", BI_ARG_NONE, 'p', NULL},
    {"line-format", BI_ARG_REQUIRED, O_LINE_FORMAT, NULL},
    {"old-line-format", BI_ARG_REQUIRED, O_LFMT + DF_OLD, NULL},
    {"new-line-format", BI_ARG_REQUIRED, O_LFMT + DF_NEW, NULL},
    {"unchanged-line-format", BI_ARG_REQUIRED, O_LFMT + DF_UNCHANGED, NULL},
    {"old-group-format", BI_ARG_REQUIRED, O_GFMT + DF_G_OLD, NULL},
    {"new-group-format", BI_ARG_REQUIRED, O_GFMT + DF_G_NEW, NULL},
    {"changed-group-format", BI_ARG_REQUIRED, O_GFMT + DF_G_CHANGED, NULL},
    {"unchanged-group-format", BI_ARG_REQUIRED, O_GFMT + DF_G_UNCHANGED, NULL},
    {0}};

/* The option list is spelled out: -c and -u have several forms. */
static const bi_cmd diff_cmd = {
    .name = "diff",
    .usage = "Usage: diff [OPTION]... FILES\n",
    .about =
        "Compare FILES line by line.\n"
        "\n"
        "  -q, --brief                   report only when files differ\n"
        "  -s, --report-identical-files  report when two files are the same\n"
        "  -c, -C NUM, --context[=NUM]   output NUM (default 3) lines of "
        "copied context\n"
        "  -u, -U NUM, --unified[=NUM]   output NUM (default 3) lines of "
        "unified context\n"
        "  -e, --ed                      output an ed script\n"
        "  -n, --rcs                     output an RCS format diff\n"
        "  -y, --side-by-side            output in two columns\n"
        "  -W, --width=NUM               output at most NUM (default 130) "
        "print columns\n"
        "      --left-column             output only the left column of "
        "common lines\n"
        "      --suppress-common-lines   do not output common lines\n"
        "  -r, --recursive               recursively compare any "
        "subdirectories found\n"
        "  -N, --new-file                treat absent files as empty\n"
        "  -i, --ignore-case             ignore case differences in file "
        "contents\n"
        "  -b, --ignore-space-change     ignore changes in the amount of "
        "white space\n"
        "  -w, --ignore-all-space        ignore all white space\n"
        "  -B, --ignore-blank-lines      ignore changes where lines are all "
        "blank\n"
        "  -a, --text                    treat all files as text\n"
        "  -d, --minimal                 try hard to find a smaller set of "
        "changes\n"
        "  -t, --expand-tabs             expand tabs to spaces in output\n"
        "  -T, --initial-tab             make tabs line up by prepending a "
        "tab\n"
        "      --tabsize=NUM             tab stops every NUM (default 8) "
        "print columns\n"
        "  -L, --label LABEL             use LABEL instead of file name and "
        "timestamp\n"
        "                                  (can be repeated)\n"
        "      --strip-trailing-cr       strip trailing carriage return on "
        "input\n"
        "  -p, --show-c-function         show which C function each change "
        "is in\n"
        "  -F, --show-function-line=RE   show the most recent line matching "
        "RE\n"
        "      --GTYPE-group-format=GFMT   format GTYPE input groups with "
        "GFMT\n"
        "      --LTYPE-line-format=LFMT    format LTYPE input lines with "
        "LFMT\n"
        "      --line-format=LFMT          format all input lines with LFMT\n"
        "      --color[=WHEN]            accepted; output is never coloured\n"
        "\n"
        "Exit status is 0 if inputs are the same, 1 if different, 2 if "
        "trouble.\n",
    .shortopts = "uU:cC:eqrnNibwBasdtTyW:L:F:p",
    .longopts = diff_longopts,
    .bad_status = 2,
    /* GNU diff's Try line carries the program name, as its errors do */
    .try_text = "diff: Try 'diff --help' "
                "for more information.\n",
};

/* Names the output style; GNU refuses a second, different one. */
static int set_style(bi_ctx *b, df_opts *o, char style) {
  if (o->style && o->style != style)
    return bi_usage_error(b, &diff_cmd, "conflicting output style options");
  o->style = style;
  o->unified = style == 'u';
  o->context_fmt = style == 'c';
  o->ed = style == 'e';
  o->rcs = style == 'n';
  o->normal = style == 'N';
  o->side = style == 'y';
  return -1;
}

/* A positive count (-W, --tabsize), or the usage error GNU gives. */
static long count_arg(bi_ctx *b, const char *arg, const char *what) {
  char *end;
  long v = strtol(arg, &end, 10);
  /* a huge width would only pad lines with megabytes of blanks */
  if (*arg && !*end && v > 0) return v < 1L << 24 ? v : 1L << 24;
  bi_usage_error(b, &diff_cmd, "invalid %s '%s'", what, arg);
  return -1;
}

/* -F RE / -p: one more function-line pattern (GNU's grep syntax: a BRE
 * with \| ); nonzero after the error. */
static int fn_pattern(bi_ctx *b, df_opts *o, const char *re) {
  if (o->nfn == DF_MAX_FN) return 0;
  vsh_buf err = {0};
  int rc =
      vsh__regex_compile(&o->fn_re[o->nfn], re, strlen(re), VSH_RE_NOSUB, &err);
  if (rc) bi_err(b, "%s", err.data ? err.data : vsh_strerror(rc));
  else o->nfn++;
  vsh_buf_dispose(&err);
  return rc;
}

/* Options and operand count: -1 to go on, else the exit status. */
static int diff_options(bi_ctx *b, bi_opts *g, df_opts *o) {
  int c;
  while ((c = bi_opt(b, g, &diff_cmd)) != -1) {
    switch (c) {
    case 'c': /* -c, -C N, --context[=N]; -u, -U N, --unified[=N] */
    case 'C':
    case 'u':
    case 'U':
      if (g->arg) {
        char *end;
        long v = strtol(g->arg, &end, 10);
        if (!*g->arg || *end || v < 0) {
          return bi_usage_error(b, &diff_cmd, "invalid context length '%s'",
                                g->arg);
        }
        o->context = v;
      }
      if (set_style(b, o, c == 'u' || c == 'U' ? 'u' : 'c') >= 0) return 2;
      break;
    case 'e':
    case 'n':
    case 'y':
      if (set_style(b, o, (char)c) >= 0) return 2;
      break;
    case 'W':
      if ((o->width = count_arg(b, g->arg, "width")) < 0) return 2;
      break;
    case O_TABSIZE:
      if ((o->tabsize = count_arg(b, g->arg, "tabsize")) < 0) return 2;
      break;
    case O_LEFT: o->left_column = true; break;
    case O_SUPPRESS: o->suppress_common = true; break;
    case 'q': o->brief = true; break;
    case 'r': o->recursive = true; break;
    case 'N': o->new_file = true; break;
    case 'i': o->icase = true; break;
    case 'b': o->ispace = true; break;
    case 'w': o->iallspace = true; break;
    case 'B': o->ignore_blank = true; break;
    case 'a': o->text = true; break;
    case 's': o->report_same = true; break;
    case 'd': o->minimal = true; break;
    case 't': o->expand_tabs = true; break;
    case 'T': o->initial_tab = true; break;
    case O_STRIP_CR: o->strip_cr = true; break;
    case 'p':
    case 'F':
      if (fn_pattern(b, o, c == 'p' ? "^[[:alpha:]$_]" : g->arg)) return 2;
      break;
    case O_LINE_FORMAT:
      for (int k = 0; k < DF_NLFMT; k++) o->lfmt[k] = g->arg;
      o->fmt = true;
      break;
    case 'L':
    case O_LABEL:
      if (o->label[1]) {
        bi_err(b, "too many file label options");
        return 2;
      }
      o->label[o->label[0] ? 1 : 0] = g->arg;
      break;
    case O_COLOR:
      if (g->arg && strcmp(g->arg, "never") && strcmp(g->arg, "auto") &&
          strcmp(g->arg, "always")) {
        return bi_usage_error(b, &diff_cmd, "invalid color '%s'", g->arg);
      }
      break;
    case O_NORMAL:
      if (set_style(b, o, 'N') >= 0) return 2;
      break;
    case O_NODEREF: break;
    default:
      if (c >= O_LFMT && c < O_GFMT) o->lfmt[c - O_LFMT] = g->arg;
      else if (c >= O_GFMT && c < O_GFMT + DF_NGFMT)
        o->gfmt[c - O_GFMT] = g->arg;
      else return g->status;
      o->fmt = true;
    }
  }
  if (g->noperands < 2)
    return bi_usage_error(
        b, &diff_cmd, "missing operand after '%s'", /* GNU diff: ASCII quotes */
        g->noperands ? g->operands[0] : "diff");
  if (g->noperands > 2)
    return bi_usage_error(b, &diff_cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g->operands[2]);
  return -1;
}

static void free_fn(df_opts *o) {
  for (int k = 0; k < o->nfn; k++) vsh__regex_free(o->fn_re[k]);
}

/* The comparison the operands ask for; the exit status. */
static int diff_run(bi_ctx *b, df_opts *o, bi_opts *g) {
  /* the options as typed, for "diff -ru a/x b/x" lines */
  vsh_buf av = {0};
  for (int i = 1, k = 0; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (k < g->noperands && a == g->operands[k]) {
      k++; /* an operand; what is not one is an option or its argument */
      continue;
    }
    vsh__buf_printf(&av, " %s", a);
    if (!strcmp(a, "--")) break;
  }
  o->argv_opts = av.data ? av.data : "";
  const char *n1 = g->operands[0], *n2 = g->operands[1];
  vfs_type t1 = VFS_NONE, t2 = VFS_NONE;
  int r1 = stat_kind(b, n1, &t1), r2 = stat_kind(b, n2, &t2);
  bool show_same = o->side && !o->suppress_common && !o->brief;
  if (!r1 && !r2 && !strcmp(n1, n2) && !show_same) { /* one file twice */
    vsh_buf_dispose(&av);
    if (o->report_same)
      return bi_printf(b, "Files %s and %s are identical\n", n1, n2) ? 141 : 0;
    return 0;
  }
  vsh_buf out = {0};
  int st;
  if (!r1 && !r2 && t1 == VFS_DIR && t2 == VFS_DIR) {
    st = diff_dirs(b, o, n1, n2, &out);
  } else if (!r1 && !r2 && (t1 == VFS_DIR) != (t2 == VFS_DIR)) {
    /* file vs directory: the file of the same name inside it */
    const char *f = t1 == VFS_DIR ? n2 : n1;
    const char *base = strrchr(f, '/') ? strrchr(f, '/') + 1 : f;
    if (t1 == VFS_DIR) n1 = join(b, n1, base);
    else n2 = join(b, n2, base);
    st = diff_files(b, o, n1, n2, false, false, NULL, &out);
  } else {
    bool abs1 = o->new_file && r1 == VSH_ENOENT && !r2;
    bool abs2 = o->new_file && r2 == VSH_ENOENT && !r1;
    st = diff_files(b, o, n1, n2, abs1, abs2, NULL, &out);
  }
  int rc = flush(b, &out);
  vsh_buf_dispose(&out);
  vsh_buf_dispose(&av);
  if (rc == VSH_EPIPE || st == VSH_EPIPE) return 141;
  return st < 0 ? 2 : st;
}

int bi_diff_main(bi_ctx *b) {
  df_opts o = {.context = 3,
               .width = 130,
               .tabsize = 8,
               .byte_locale = bi_byte_locale(b)};
  bi_opts g = {0};
  int st = diff_options(b, &g, &o);
  if (st < 0) st = diff_run(b, &o, &g);
  free_fn(&o);
  return st;
}
