/* diff.c: compare files line by line (GNU diffutils diff): normal and
 * unified (-u, -U N) output, -q, -r (with "Only in"), -N, -i -b -w,
 * "\ No newline at end of file", binary detection, exit 0/1/2.  Myers'
 * O(ND) greedy search after trimming the common prefix and suffix; past
 * a cap on D it falls back to one coarse change for the middle.  Runs of
 * changes then slide to GNU's preferred position (merged, aligned with
 * the other file's changes, else as late as possible). */
#include "builtins/misc_io.h"

#include <ctype.h>
#include <string.h>

enum { DF_MAX_D = 2000 };

typedef struct df_opts {
  bool unified, brief, recursive, new_file, icase, ispace, iallspace, text;
  long context;
  const char *argv_opts; /* "-ru" for the "diff -ru a b" lines */
} df_opts;

typedef struct df_file {
  const char *name;
  vsh_buf data;
  const char **line;
  size_t *len;
  int *id;
  size_t n;
  bool nonl; /* last line lacks its newline */
  struct timespec mtime;
} df_file;

/* ---- loading ---- */

static int load(bi_ctx *b, df_file *f, const char *name) {
  f->name = name;
  if (!strcmp(name, "-")) {
    clock_gettime(CLOCK_REALTIME, &f->mtime);
  } else {
    vfs_info st;
    const char *p = bi_path(b, name);
    int rc = p ? vfs_stat(b->fs, p, true, &st) : VSH_ENAMETOOLONG;
    if (rc) return rc;
    f->mtime = st.mtime;
  }
  return mi_slurp(b, name, &f->data);
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
    if ((o->iallspace || o->ispace) && (c == ' ' || c == '\t' || c == '\r' ||
                                        c == '\v' || c == '\f')) {
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
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
  return h;
}

/* Gives equal lines (by key) equal ids across both files. */
static bool assign_ids(const df_opts *o, df_file *a, df_file *b2) {
  size_t total = a->n + b2->n, cap = 16;
  while (cap < total * 2 + 2) cap *= 2;
  df_slot *tab = calloc(cap, sizeof(*tab));
  bool keyed = o->icase || o->ispace || o->iallspace;
  size_t maxl = 0;
  for (size_t i = 0; i < a->n; i++) if (a->len[i] > maxl) maxl = a->len[i];
  for (size_t i = 0; i < b2->n; i++) if (b2->len[i] > maxl) maxl = b2->len[i];
  vsh_buf keys = {0};
  a->id = malloc((a->n + 1) * sizeof(int));
  b2->id = malloc((b2->n + 1) * sizeof(int));
  if (!tab || !a->id || !b2->id) { free(tab); return false; }
  /* keyed lines are copied into one buffer; offsets are fixed up after */
  size_t *koff = NULL, *klen = NULL;
  if (keyed) {
    koff = malloc((total + 1) * sizeof(size_t));
    klen = malloc((total + 1) * sizeof(size_t));
    char *tmp = malloc(maxl + 1);
    if (!koff || !klen || !tmp) { free(tab); free(koff); free(klen); free(tmp); return false; }
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
  return true;
}

/* ---- the edit script ---- */

/* Marks changed lines in ca[0..n) and cb[0..m) (lines are ids). */
static bool myers(bi_ctx *b, const int *A, size_t n, const int *B, size_t m,
                  char *ca, char *cb) {
  if (!n || !m) {
    memset(ca, 1, n);
    memset(cb, 1, m);
    return true;
  }
  long max = (long)(n + m);
  long cap = max < DF_MAX_D ? max : DF_MAX_D;
  /* trace[d] holds V for k in [-d, d] at offset d */
  long *store = malloc(sizeof(long) * (size_t)((cap + 1) * (cap + 1) + 1));
  long **trace = malloc(sizeof(long *) * (size_t)(cap + 1));
  if (!store || !trace) {
    free(store);
    free(trace);
    return false;
  }
  long used = 0, found = -1;
  for (long d = 0; d <= cap && found < 0; d++) {
    if ((d & 63) == 0 && bi_cancelled(b)) break;
    long *v = store + used;
    trace[d] = v;
    used += 2 * d + 1;
    long *pv = d ? trace[d - 1] : NULL;
    for (long k = -d; k <= d; k += 2) {
      long x;
      if (d == 0) x = 0;
      else if (k == -d || (k != d && pv[k - 1 + (d - 1)] < pv[k + 1 + (d - 1)]))
        x = pv[k + 1 + (d - 1)];
      else
        x = pv[k - 1 + (d - 1)] + 1;
      long y = x - k;
      while (x < (long)n && y < (long)m && A[x] == B[y]) x++, y++;
      v[k + d] = x;
      if (x >= (long)n && y >= (long)m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) {
    /* too different: one coarse change */
    memset(ca, 1, n);
    memset(cb, 1, m);
    free(store);
    free(trace);
    return true;
  }
  long x = (long)n, y = (long)m;
  for (long d = found; d > 0; d--) {
    long *pv = trace[d - 1];
    long k = x - y;
    long pk;
    if (k == -d || (k != d && pv[k - 1 + (d - 1)] < pv[k + 1 + (d - 1)]))
      pk = k + 1;
    else
      pk = k - 1;
    long px = pv[pk + (d - 1)], py = px - pk;
    /* the snake after the edit is unchanged; mark the edit itself */
    if (pk == k + 1) cb[py] = 1;
    else ca[px] = 1;
    x = px, y = py;
  }
  free(store);
  free(trace);
  return true;
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

typedef struct df_hunk { size_t a0, a1, b0, b1; } df_hunk; /* [a0,a1) [b0,b1) */

static void put_line(vsh_buf *o, const char *prefix, const df_file *f, size_t i) {
  vsh__buf_puts(o, prefix);
  vsh__buf_append(o, f->line[i], f->len[i]);
  vsh__buf_putc(o, '\n');
  if (i == f->n - 1 && f->nonl) vsh__buf_puts(o, "\\ No newline at end of file\n");
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

static void uni_range(vsh_buf *o, size_t s, size_t len) {
  if (len == 1) vsh__buf_printf(o, "%zu", s + 1);
  else vsh__buf_printf(o, "%zu,%zu", len ? s + 1 : s, len);
}

static void unified_out(bi_ctx *b, vsh_buf *o, const df_opts *op,
                        const df_file *a, const df_file *b2, const df_hunk *h,
                        size_t nh) {
  vsh__buf_printf(o, "--- %s\t", a->name);
  mi_format_mtime(b, o, a->mtime);
  vsh__buf_printf(o, "\n+++ %s\t", b2->name);
  mi_format_mtime(b, o, b2->mtime);
  vsh__buf_putc(o, '\n');
  size_t ctx = (size_t)op->context;
  for (size_t k = 0; k < nh;) {
    /* group changes closer than 2*ctx lines */
    size_t e = k;
    while (e + 1 < nh && h[e + 1].a0 - h[e].a1 <= 2 * ctx) e++;
    size_t as = h[k].a0 > ctx ? h[k].a0 - ctx : 0;
    size_t bs = h[k].b0 - (h[k].a0 - as);
    size_t ae = h[e].a1 + ctx < a->n ? h[e].a1 + ctx : a->n;
    size_t be = h[e].b1 + (ae - h[e].a1);
    vsh__buf_puts(o, "@@ -");
    uni_range(o, as, ae - as);
    vsh__buf_puts(o, " +");
    uni_range(o, bs, be - bs);
    vsh__buf_puts(o, " @@\n");
    size_t ai = as;
    for (size_t q = k; q <= e; q++) {
      for (; ai < h[q].a0; ai++) put_line(o, " ", a, ai);
      for (size_t i = h[q].a0; i < h[q].a1; i++) put_line(o, "-", a, i);
      for (size_t i = h[q].b0; i < h[q].b1; i++) put_line(o, "+", b2, i);
      ai = h[q].a1;
    }
    for (; ai < ae; ai++) put_line(o, " ", a, ai);
    k = e + 1;
  }
}

static bool is_binary(const vsh_buf *d) {
  size_t n = d->len < 32768 ? d->len : 32768;
  return n && memchr(d->data, 0, n);
}

/* Compares two loaded files; returns 0/1 or -1 on memory failure. */
static int diff_loaded(bi_ctx *b, const df_opts *o, df_file *a, df_file *b2,
                       const char *header, vsh_buf *out) {
  if (a->data.len == b2->data.len &&
      (!a->data.len || !memcmp(a->data.data, b2->data.data, a->data.len)))
    return 0;
  if (!o->text && (is_binary(&a->data) || is_binary(&b2->data))) {
    if (o->brief) vsh__buf_printf(out, "Files %s and %s differ\n", a->name, b2->name);
    else vsh__buf_printf(out, "Binary files %s and %s differ\n", a->name, b2->name);
    return 1;
  }
  if (!split_lines(a) || !split_lines(b2) || !assign_ids(o, a, b2)) return -1;
  /* a missing final newline makes the last lines differ */
  if (a->n && b2->n && a->nonl != b2->nonl) {
    a->id[a->n - 1] = a->nonl ? -1 : a->id[a->n - 1];
    b2->id[b2->n - 1] = b2->nonl ? -2 : b2->id[b2->n - 1];
  }
  size_t pre = 0;
  while (pre < a->n && pre < b2->n && a->id[pre] == b2->id[pre]) pre++;
  size_t suf = 0;
  while (suf < a->n - pre && suf < b2->n - pre &&
         a->id[a->n - 1 - suf] == b2->id[b2->n - 1 - suf])
    suf++;
  char *ca = calloc(a->n + 2, 1), *cb = calloc(b2->n + 2, 1);
  if (!ca || !cb) { free(ca); free(cb); return -1; }
  size_t mn = a->n - pre - suf, mm = b2->n - pre - suf;
  if (!myers(b, a->id + pre, mn, b2->id + pre, mm, ca + 1 + pre, cb + 1 + pre)) {
    free(ca);
    free(cb);
    return -1;
  }
  slide_runs(a->id, ca + 1, a->n, cb + 1);
  slide_runs(b2->id, cb + 1, b2->n, ca + 1);
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
    if (c.a1 == i && c.b1 == j) { i++, j++; continue; } /* cannot happen */
    if (nh == hc) {
      hc = hc ? hc * 2 : 16;
      df_hunk *nhp = realloc(h, hc * sizeof(*h));
      if (!nhp) { free(h); free(ca); free(cb); return -1; }
      h = nhp;
    }
    h[nh++] = c;
    i = c.a1, j = c.b1;
  }
  free(ca);
  free(cb);
  if (!nh) { free(h); return 0; }
  if (o->brief) {
    vsh__buf_printf(out, "Files %s and %s differ\n", a->name, b2->name);
  } else {
    if (header) vsh__buf_puts(out, header);
    if (o->unified) unified_out(b, out, o, a, b2, h, nh);
    else normal_out(out, a, b2, h, nh);
  }
  free(h);
  return 1;
}

static const char *join(bi_ctx *b, const char *d, const char *n) {
  size_t dl = strlen(d), nl = strlen(n);
  char *p = vsh__arena_alloc(b->arena, dl + nl + 2);
  if (!p) return n;
  memcpy(p, d, dl);
  size_t k = dl;
  if (!dl || d[dl - 1] != '/') p[k++] = '/';
  memcpy(p + k, n, nl + 1);
  return p;
}

static int stat_kind(bi_ctx *b, const char *name, vfs_type *t) {
  if (!strcmp(name, "-")) { *t = VFS_REG; return 0; }
  vfs_info st;
  const char *p = bi_path(b, name);
  int rc = p ? vfs_stat(b->fs, p, true, &st) : VSH_ENAMETOOLONG;
  if (!rc) *t = st.type;
  return rc;
}

static int diff_files(bi_ctx *b, const df_opts *o, const char *n1,
                      const char *n2, bool absent1, bool absent2,
                      const char *header, vsh_buf *out) {
  df_file a = {0}, c = {0};
  int rc = absent1 ? 0 : load(b, &a, n1);
  a.name = n1;
  if (rc) {
    mi_file_err(b, n1, rc);
    df_file_dispose(&a);
    return rc == VSH_EPIPE ? rc : 2;
  }
  rc = absent2 ? 0 : load(b, &c, n2);
  c.name = n2;
  if (rc) {
    mi_file_err(b, n2, rc);
    df_file_dispose(&a);
    df_file_dispose(&c);
    return 2;
  }
  if (absent1) a.mtime = (struct timespec){0, 0};
  if (absent2) c.mtime = (struct timespec){0, 0};
  int st = diff_loaded(b, o, &a, &c, header, out);
  df_file_dispose(&a);
  df_file_dispose(&c);
  if (st < 0) {
    bi_err(b, "memory exhausted");
    return 2;
  }
  return st;
}

static int flush(bi_ctx *b, vsh_buf *out) {
  int rc = out->len ? bi_write(b, out->data, out->len) : 0;
  vsh__buf_clear(out);
  return rc;
}

static int diff_dirs(bi_ctx *b, const df_opts *o, const char *d1,
                     const char *d2, vsh_buf *out) {
  vfs_dirlist l1 = {0}, l2 = {0};
  int rc = vfs_readdir(b->fs, bi_path(b, d1), &l1);
  if (rc) { mi_file_err(b, d1, rc); return 2; }
  rc = vfs_readdir(b->fs, bi_path(b, d2), &l2);
  if (rc) { mi_file_err(b, d2, rc); vfs_dirlist_dispose(&l1); return 2; }
  int st = 0;
  size_t i = 0, j = 0;
  while (i < l1.len || j < l2.len) {
    if (bi_cancelled(b)) { st = 2; break; }
    int cmp = i >= l1.len ? 1 : j >= l2.len ? -1 : strcmp(l1.items[i].name, l2.items[j].name);
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
      if ((t1 == VFS_DIR || t2 == VFS_DIR) && t1 != t2 && t1 != VFS_NONE && t2 != VFS_NONE) {
        vsh__buf_printf(out, "File %s is a %s while file %s is a %s\n", p1,
                        t1 == VFS_DIR ? "directory" : "regular file", p2,
                        t2 == VFS_DIR ? "directory" : "regular file");
        r = 1;
      } else if (t1 == VFS_DIR || t2 == VFS_DIR) {
        if (o->recursive && t1 == t2) r = diff_dirs(b, o, p1, p2, out);
        else if (t1 == t2) vsh__buf_printf(out, "Common subdirectories: %s and %s\n", p1, p2);
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
    if (out->len > 65536 && (rc = flush(b, out))) { st = rc; break; }
    if (cmp <= 0) i++;
    if (cmp >= 0) j++;
  }
  vfs_dirlist_dispose(&l1);
  vfs_dirlist_dispose(&l2);
  return st;
}

int bi_diff_main(bi_ctx *b) {
  enum { O_HELP = 256, O_VER, O_COLOR, O_NORMAL, O_NODEREF };
  static const bi_longopt lo[] = {{"unified", BI_ARG_OPTIONAL, 'u'},
                                  {"brief", BI_ARG_NONE, 'q'},
                                  {"recursive", BI_ARG_NONE, 'r'},
                                  {"new-file", BI_ARG_NONE, 'N'},
                                  {"ignore-case", BI_ARG_NONE, 'i'},
                                  {"ignore-space-change", BI_ARG_NONE, 'b'},
                                  {"ignore-all-space", BI_ARG_NONE, 'w'},
                                  {"text", BI_ARG_NONE, 'a'},
                                  {"color", BI_ARG_OPTIONAL, O_COLOR},
                                  {"normal", BI_ARG_NONE, O_NORMAL},
                                  {"no-dereference", BI_ARG_NONE, O_NODEREF},
                                  {"help", BI_ARG_NONE, O_HELP},
                                  {"version", BI_ARG_NONE, O_VER},
                                  {0}};
  df_opts o = {.context = 3};
  bi_opts g = {0};
  int c;
  while ((c = bi_getopt(b, &g, "uU:qrNibwas", lo)) != -1) {
    switch (c) {
    case 'u':
      o.unified = true;
      if (g.arg) o.context = strtol(g.arg, NULL, 10);
      break;
    case 'U': {
      char *end;
      long v = strtol(g.arg, &end, 10);
      if (!*g.arg || *end || v < 0) {
        bi_err(b, "invalid context length '%s'", g.arg);
        mi_try_help(b);
        return 2;
      }
      o.unified = true;
      o.context = v;
      break;
    }
    case 'q': o.brief = true; break;
    case 'r': o.recursive = true; break;
    case 'N': o.new_file = true; break;
    case 'i': o.icase = true; break;
    case 'b': o.ispace = true; break;
    case 'w': o.iallspace = true; break;
    case 'a': o.text = true; break;
    case 's': break;
    case O_COLOR:
      if (g.arg && strcmp(g.arg, "never") && strcmp(g.arg, "auto") &&
          strcmp(g.arg, "always")) {
        bi_err(b, "invalid color '%s'", g.arg);
        mi_try_help(b);
        return 2;
      }
      break;
    case O_NORMAL: o.unified = false; break;
    case O_NODEREF: break;
    case O_HELP:
      bi_puts(b, "Usage: diff [OPTION]... FILES\n"
                 "Compare FILES line by line.\n\n"
                 "  -q, --brief                   report only when files differ\n"
                 "  -u, -U NUM, --unified[=NUM]   output NUM (default 3) lines of unified context\n"
                 "  -r, --recursive               recursively compare any subdirectories found\n"
                 "  -N, --new-file                treat absent files as empty\n"
                 "  -i, --ignore-case             ignore case differences in file contents\n"
                 "  -b, --ignore-space-change     ignore changes in the amount of white space\n"
                 "  -w, --ignore-all-space        ignore all white space\n"
                 "  -a, --text                    treat all files as text\n"
                 "      --color[=WHEN]            accepted; output is never coloured\n\n"
                 "Exit status is 0 if inputs are the same, 1 if different, 2 if trouble.\n");
      return 0;
    case O_VER: bi_puts(b, "diff (vsh) " VSH_VERSION_STRING "\n"); return 0;
    default: return 2;
    }
  }
  if (g.noperands < 2) {
    if (g.noperands == 0) bi_err(b, "missing operand after \u2018diff\u2019");
    else bi_err(b, "missing operand after \u2018%s\u2019", g.operands[0]);
    bi_err(b, "Try 'diff --help' for more information.");
    return 2;
  }
  if (g.noperands > 2) {
    bi_err(b, "extra operand \u2018%s\u2019", g.operands[2]);
    mi_try_help(b);
    return 2;
  }
  /* the options as typed, for "diff -ru a/x b/x" lines */
  vsh_buf av = {0};
  for (int i = 1; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (!strcmp(a, "--")) break;
    if (a[0] == '-' && a[1]) vsh__buf_printf(&av, " %s", a);
  }
  o.argv_opts = av.data ? av.data : "";
  const char *n1 = g.operands[0], *n2 = g.operands[1];
  vfs_type t1 = VFS_NONE, t2 = VFS_NONE;
  int r1 = stat_kind(b, n1, &t1), r2 = stat_kind(b, n2, &t2);
  vsh_buf out = {0};
  int st;
  if (!r1 && !r2 && t1 == VFS_DIR && t2 == VFS_DIR) {
    st = diff_dirs(b, &o, n1, n2, &out);
  } else if (!r1 && !r2 && (t1 == VFS_DIR) != (t2 == VFS_DIR)) {
    /* file vs directory: the file of the same name inside it */
    const char *f = t1 == VFS_DIR ? n2 : n1;
    const char *base = strrchr(f, '/') ? strrchr(f, '/') + 1 : f;
    if (t1 == VFS_DIR) n1 = join(b, n1, base);
    else n2 = join(b, n2, base);
    st = diff_files(b, &o, n1, n2, false, false, NULL, &out);
  } else {
    bool abs1 = o.new_file && r1 == VSH_ENOENT && !r2;
    bool abs2 = o.new_file && r2 == VSH_ENOENT && !r1;
    st = diff_files(b, &o, n1, n2, abs1, abs2, NULL, &out);
  }
  int rc = flush(b, &out);
  vsh_buf_dispose(&out);
  vsh_buf_dispose(&av);
  if (rc == VSH_EPIPE || st == VSH_EPIPE) return 141;
  return st < 0 ? 2 : st;
}
