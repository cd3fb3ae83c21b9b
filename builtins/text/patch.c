/* patch.c: apply unified diffs (GNU patch: -p N, -R, -N, -i, -o, -s,
 * --dry-run, -d DIR, -b).  A hunk matches exactly, else with fuzz 1
 * then 2 (that many outer context lines ignored, as GNU); a hunk may
 * move, reported as an offset.  C-quoted header names.  Creates and removes
 * files for /dev/null headers, writes FILE.rej for failed hunks (exit
 * 1) and FILE.orig when a hunk did not apply as written, as GNU's
 * backup-if-mismatch does.  Context diffs and ed scripts are refused. */
#include "builtins/builtins.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { OPT_DRY_RUN = BI_OPT_FIRST, OPT_NO_BACKUP_IF_MISMATCH };

static const bi_option patch_longopts[] = {
    {"strip", BI_ARG_REQUIRED, 'p', NULL},
    {"reverse", BI_ARG_NONE, 'R', NULL},
    {"forward", BI_ARG_NONE, 'N', NULL},
    {"input", BI_ARG_REQUIRED, 'i', NULL},
    {"output", BI_ARG_REQUIRED, 'o', NULL},
    {"directory", BI_ARG_REQUIRED, 'd', NULL},
    {"backup", BI_ARG_NONE, 'b', NULL},
    {"quiet", BI_ARG_NONE, 's', NULL},
    {"silent", BI_ARG_NONE, 's', NULL},
    {"dry-run", BI_ARG_NONE, OPT_DRY_RUN, NULL},
    {"unified", BI_ARG_NONE, 'u', NULL},
    {"force", BI_ARG_NONE, 'f', NULL},
    {"batch", BI_ARG_NONE, 't', NULL},
    {"fuzz", BI_ARG_REQUIRED, 'F', NULL},
    {"no-backup-if-mismatch", BI_ARG_NONE, OPT_NO_BACKUP_IF_MISMATCH, NULL},
    {0}};

static const bi_cmd patch_cmd = {
    .name = "patch",
    .usage = "Usage: patch [OPTION]... [ORIGFILE [PATCHFILE]]\n",
    .about = "\n"
             "  -p NUM  --strip=NUM  Strip NUM leading components from file "
             "names.\n"
             "  -R  --reverse  Assume patches were created with old and new "
             "files swapped.\n"
             "  -N  --forward  Ignore patches that seem to be reversed or "
             "already applied.\n"
             "  -i PATCHFILE  --input=PATCHFILE  Read patch from PATCHFILE "
             "instead of stdin.\n"
             "  -o FILE  --output=FILE  Output patched files to FILE.\n"
             "  -d DIR  --directory=DIR  Change the working directory to DIR "
             "first.\n"
             "  -b  --backup  Back up the original contents of each file.\n"
             "  -s  --quiet  --silent  Work silently unless an error occurs.\n"
             "  --dry-run  Do not actually change any files; just print what "
             "would happen.\n",
    .shortopts = "p:RNi:o:d:bsuftF:E",
    .longopts = patch_longopts,
    .bad_status = 2,
    .flags = BI_CMD_TRY_NAMED,
};

typedef struct pline {
  char kind; /* ' ', '-', '+' */
  const char *s;
  size_t n;
  bool nonl; /* "\ No newline at end of file" followed */
} pline;

typedef struct hunk {
  long os, ol, ns, nl;
  pline *ln;
  size_t nln;
  const char *raw; /* the hunk's text, for .rej */
  size_t rawn;
} hunk;

typedef struct pfile {
  char *old, *new; /* header names (arena) */
  const char *hdr; /* the ---/+++ lines, for .rej */
  size_t hdrn;
  long hdr_line; /* input line of the --- header */
  hunk *h;
  size_t nh;
} pfile;

typedef struct patch_opts {
  int strip; /* -1: basename */
  bool reverse, forward, dry, silent, backup;
  const char *out, *dir, *orig;
} patch_opts;

typedef struct fline {
  const char *s;
  size_t n;
  bool nl;
} fline;

static int say(bi_ctx *b, const patch_opts *o, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int say(bi_ctx *b, const patch_opts *o, const char *fmt, ...) {
  if (o->silent) return 0;
  va_list ap;
  va_start(ap, fmt);
  vsh_buf m = {0};
  char tmp[1024];
  vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  vsh__buf_puts(&m, tmp);
  int rc = bi_write(b, m.data, m.len);
  vsh_buf_dispose(&m);
  return rc;
}

/* ---- parsing ------------------------------------------------------------- */

/* A C-quoted header name ("fruit ba\164", as GNU diff writes names with
 * odd bytes); NULL when s is not one. */
static char *quoted_name(bi_ctx *b, const char *s, size_t n) {
  static const char esc[] = "a\ab\bf\fn\nr\rt\tv\v\"\"\\\\";
  vsh_buf o = {0};
  for (size_t i = 1; i < n; i++) {
    if (s[i] == '"') {
      char *r = vsh__arena_strndup(b->arena, o.data ? o.data : "", o.len);
      vsh_buf_dispose(&o);
      return r;
    }
    if (s[i] != '\\' || i + 1 >= n) {
      vsh__buf_putc(&o, s[i]);
      continue;
    }
    char c = s[++i];
    if (c >= '0' && c <= '7') {
      int v = 0;
      for (int d = 0; d < 3 && i < n && s[i] >= '0' && s[i] <= '7'; d++)
        v = v * 8 + (s[i++] - '0');
      i--;
      vsh__buf_putc(&o, (char)v);
      continue;
    }
    const char *e = strchr(esc, c);
    vsh__buf_putc(&o, e && (e - esc) % 2 == 0 ? e[1] : c);
  }
  vsh_buf_dispose(&o);
  return NULL;
}

static char *hdr_name(bi_ctx *b, const char *s, size_t n) {
  char *q = n && s[0] == '"' ? quoted_name(b, s, n) : NULL;
  if (q) return q;
  size_t k = 0;
  while (k < n && s[k] != '\t' && s[k] != '\n') k++;
  /* "--- a/x 2020-01-01 ..." without a tab: cut at two spaces */
  const char *dd = NULL;
  for (size_t i = 0; i + 1 < k; i++)
    if (s[i] == ' ' && s[i + 1] == ' ') {
      dd = s + i;
      break;
    }
  if (dd) k = (size_t)(dd - s);
  while (k && (s[k - 1] == ' ' || s[k - 1] == '\r')) k--;
  return vsh__arena_strndup(b->arena, s, k);
}

static bool parse_range(const char **p, long *start, long *len) {
  char *end;
  *start = strtol(*p, &end, 10);
  if (end == *p) return false;
  *len = 1;
  if (*end == ',') {
    const char *q = end + 1;
    *len = strtol(q, &end, 10);
    if (end == q) return false;
  }
  *p = end;
  return true;
}

typedef struct lines_in {
  const char *d;
  size_t n, pos;
  long lineno;
} lines_in;

static bool next_line(lines_in *in, const char **s, size_t *n) {
  if (in->pos >= in->n) return false;
  const char *p = in->d + in->pos;
  const char *e = memchr(p, '\n', in->n - in->pos);
  size_t k = e ? (size_t)(e - p) + 1 : in->n - in->pos;
  *s = p;
  *n = k;
  in->pos += k;
  in->lineno++;
  return true;
}

static void push(bi_ctx *b, void **arr, size_t *n, size_t *cap, size_t el,
                 const void *item) {
  if (*n == *cap) {
    size_t nc = *cap ? *cap * 2 : 8;
    void *na = vsh__arena_alloc(b->arena, nc * el);
    if (!na) return;
    if (*n) memcpy(na, *arr, *n * el);
    *arr = na;
    *cap = nc;
  }
  memcpy((char *)*arr + *n * el, item, el);
  (*n)++;
}

/* Splits the patch into files and hunks.  Returns the file count. */
static size_t parse_patch(bi_ctx *b, const char *d, size_t n, pfile **out) {
  lines_in in = {d, n, 0, 0};
  pfile *files = NULL;
  size_t nf = 0, capf = 0;
  const char *s;
  size_t k;
  size_t back = 0;
  long back_line = 0;
  while (next_line(&in, &s, &k)) {
    if (k < 4 || memcmp(s, "--- ", 4)) continue;
    size_t hdr_start = in.pos - k;
    long hline = in.lineno;
    const char *s2;
    size_t k2;
    back = in.pos;
    back_line = in.lineno;
    if (!next_line(&in, &s2, &k2) || k2 < 4 || memcmp(s2, "+++ ", 4)) {
      in.pos = back;
      in.lineno = back_line;
      continue;
    }
    pfile f = {0};
    f.old = hdr_name(b, s + 4, k - 4);
    f.new = hdr_name(b, s2 + 4, k2 - 4);
    f.hdr = d + hdr_start;
    f.hdrn = in.pos - hdr_start;
    f.hdr_line = hline;
    size_t caph = 0;
    for (;;) {
      back = in.pos;
      back_line = in.lineno;
      if (!next_line(&in, &s, &k)) break;
      if (k < 3 || memcmp(s, "@@ -", 4)) {
        in.pos = back;
        in.lineno = back_line;
        break;
      }
      hunk h = {0};
      const char *p = s + 4;
      if (!parse_range(&p, &h.os, &h.ol) || strncmp(p, " +", 2)) break;
      p += 2;
      if (!parse_range(&p, &h.ns, &h.nl)) break;
      h.raw = s;
      long need_old = h.ol, need_new = h.nl;
      size_t capl = 0;
      while (need_old > 0 || need_new > 0) {
        if (!next_line(&in, &s, &k)) break;
        if (s[0] == '\\') {
          if (h.nln) h.ln[h.nln - 1].nonl = true;
          continue;
        }
        pline l = {0};
        l.kind = s[0] == '\n' ? ' ' : s[0];
        if (l.kind != ' ' && l.kind != '-' && l.kind != '+') {
          in.pos -= k;
          in.lineno--;
          break;
        }
        l.s = s[0] == '\n' ? s : s + 1;
        l.n = s[0] == '\n' ? 0 : k - 1;
        if (l.n && l.s[l.n - 1] == '\n') l.n--;
        if (l.kind != '+') need_old--;
        if (l.kind != '-') need_new--;
        push(b, (void **)&h.ln, &h.nln, &capl, sizeof l, &l);
      }
      /* "\ No newline at end of file" marks the line before it */
      back = in.pos;
      back_line = in.lineno;
      while (next_line(&in, &s, &k) && s[0] == '\\') {
        if (h.nln) h.ln[h.nln - 1].nonl = true;
        back = in.pos;
        back_line = in.lineno;
      }
      in.pos = back;
      in.lineno = back_line;
      h.rawn = (size_t)(d + in.pos - h.raw);
      push(b, (void **)&f.h, &f.nh, &caph, sizeof h, &h);
    }
    push(b, (void **)&files, &nf, &capf, sizeof f, &f);
  }
  *out = files;
  return nf;
}

/* ---- applying --------------------------------------------------------- */

static const char *strip_name(const char *name, int strip) {
  if (strip < 0) return vsh__path_basename(name);
  const char *p = name;
  for (int i = 0; i < strip; i++) {
    const char *s = strchr(p, '/');
    if (!s) return NULL;
    p = s + 1;
    while (*p == '/') p++;
  }
  return *p ? p : NULL;
}

static bool match_at(const fline *L, size_t n, const hunk *h, size_t at,
                     bool rev) {
  size_t j = at;
  for (size_t i = 0; i < h->nln; i++) {
    const pline *l = &h->ln[i];
    if (l->kind == (rev ? '-' : '+')) continue;
    if (j >= n || L[j].n != l->n || memcmp(L[j].s, l->s, l->n)) return false;
    j++;
  }
  return true;
}

static size_t old_count(const hunk *h, bool rev) {
  size_t c = 0;
  for (size_t i = 0; i < h->nln; i++)
    if (h->ln[i].kind != (rev ? '-' : '+')) c++;
  return c;
}

/* Where the hunk applies, searching outward from the expected line;
 * -1 if nowhere at or after from. */
static long locate(const fline *L, size_t n, const hunk *h, long expect,
                   size_t from, bool rev) {
  size_t need = old_count(h, rev);
  if (need > n) return need == 0 ? (long)from : -1;
  long last = (long)(n - need);
  for (long d = 0;; d++) { /* ends once both ways are out of range */
    long c1 = expect - d, c2 = expect + d;
    if (c1 >= (long)from && c1 <= last && match_at(L, n, h, (size_t)c1, rev))
      return c1;
    if (d && c2 >= (long)from && c2 <= last &&
        match_at(L, n, h, (size_t)c2, rev))
      return c2;
    if (c1 < (long)from && c2 > last) break;
  }
  return -1;
}

/* GNU's fuzz: h without up to fuzz leading and trailing context lines,
 * in *out (sharing h's lines), *lead of them cut at the front; false when
 * there is nothing to cut. */
static bool fuzz_trim(const hunk *h, int fuzz, hunk *out, long *lead) {
  size_t pre = 0, suf = 0;
  while (pre < (size_t)fuzz && pre < h->nln && h->ln[pre].kind == ' ') pre++;
  while (suf < (size_t)fuzz && suf + pre < h->nln &&
         h->ln[h->nln - 1 - suf].kind == ' ')
    suf++;
  if (!pre && !suf) return false;
  *out = *h;
  out->ln = h->ln + pre;
  out->nln = h->nln - pre - suf;
  *lead = (long)pre;
  return true;
}

static void split_lines(bi_ctx *b, const vsh_buf *d, fline **out, size_t *n) {
  size_t cap = 0;
  *out = NULL;
  *n = 0;
  size_t i = 0;
  while (i < d->len) {
    const char *e = memchr(d->data + i, '\n', d->len - i);
    fline l = {d->data + i, e ? (size_t)(e - (d->data + i)) : d->len - i,
               e != NULL};
    push(b, (void **)out, n, &cap, sizeof l, &l);
    i += l.n + (e ? 1 : 0);
  }
}

static void emit(vsh_buf *o, const char *s, size_t n, bool nl) {
  vsh__buf_append(o, s, n);
  if (nl) vsh__buf_putc(o, '\n');
}

static int write_rej(bi_ctx *b, const char *path, const pfile *f,
                     const bool *failed, int strip) {
  vsh_buf r = {0};
  /* GNU rewrites the ---/+++ names as it used them (stripped) */
  const char *p = f->hdr;
  size_t left = f->hdrn;
  while (left) {
    const char *e = memchr(p, '\n', left);
    size_t k = e ? (size_t)(e - p) + 1 : left;
    if (k > 4 && (!memcmp(p, "--- ", 4) || !memcmp(p, "+++ ", 4))) {
      size_t nl = 4;
      while (nl < k && p[nl] != '\t' && p[nl] != '\n') nl++;
      char *name = vsh__arena_strndup(b->arena, p + 4, nl - 4);
      const char *sn =
          name && strcmp(name, "/dev/null") ? strip_name(name, strip) : name;
      vsh__buf_append(&r, p, 4);
      vsh__buf_puts(&r, sn ? sn : "");
      vsh__buf_append(&r, p + nl, k - nl);
    } else {
      vsh__buf_append(&r, p, k);
    }
    p += k;
    left -= k;
  }
  for (size_t i = 0; i < f->nh; i++)
    if (failed[i]) vsh__buf_append(&r, f->h[i].raw, f->h[i].rawn);
  int rc = vfs_write_file(b->fs, path, r.data ? r.data : "", r.len, VFS_W_TRUNC,
                          0644);
  vsh_buf_dispose(&r);
  return rc;
}

static const char *with_suffix(bi_ctx *b, const char *p, const char *suf) {
  size_t n = strlen(p) + strlen(suf) + 1;
  char *s = vsh__arena_alloc(b->arena, n);
  if (s) snprintf(s, n, "%s%s", p, suf);
  return s;
}

static const char *in_dir(bi_ctx *b, const patch_opts *o, const char *p) {
  if (o->dir && *p != '/') {
    size_t n = strlen(o->dir) + strlen(p) + 2;
    char *s = vsh__arena_alloc(b->arena, n);
    if (!s) return NULL;
    snprintf(s, n, "%s/%s", o->dir, p);
    p = s;
  }
  return bi_path(b, p);
}

static int apply_file(bi_ctx *b, const patch_opts *o, pfile *f,
                      const char *patch_text, int *status) {
  bool rev = o->reverse;
  const char *on = strip_name(f->old, o->strip);
  const char *nn = strip_name(f->new, o->strip);
  bool creating = !strcmp(f->old, "/dev/null");
  bool deleting = !strcmp(f->new, "/dev/null");
  if (rev) {
    const char *t = on;
    on = nn;
    nn = t;
    bool c = creating;
    creating = deleting;
    deleting = c;
  }
  const char *name = NULL;
  vfs_info st;
  if (o->orig) name = o->orig;
  else if (creating) name = nn;
  else {
    if (on && !vfs_stat(b->fs, in_dir(b, o, on), true, &st)) name = on;
    else if (nn && !vfs_stat(b->fs, in_dir(b, o, nn), true, &st)) name = nn;
  }
  if (!name && deleting && (on || nn)) {
    say(b, o,
        "The next patch would delete the file %s,\n"
        "which does not exist!  Skipping patch.\n",
        on ? on : nn);
    say(b, o, "%zu out of %zu hunk%s ignored\n", f->nh, f->nh,
        f->nh == 1 ? "" : "s");
    *status = 1;
    return 0;
  }
  if (!name) {
    /* GNU's non-interactive report, quoting the header lines */
    say(b, o, "can't find file to patch at input line %ld\n", f->hdr_line + 2);
    say(b, o,
        "Perhaps you used the wrong -p or --strip option?\n"
        "The text leading up to this was:\n"
        "--------------------------\n");
    const char *p = f->hdr;
    size_t left = f->hdrn;
    while (left) {
      const char *e = memchr(p, '\n', left);
      size_t k = e ? (size_t)(e - p) + 1 : left;
      say(b, o, "|%.*s", (int)k, p);
      p += k;
      left -= k;
    }
    say(b, o,
        "--------------------------\n"
        "No file to patch.  Skipping patch.\n");
    say(b, o, "%zu out of %zu hunk%s ignored\n", f->nh, f->nh,
        f->nh == 1 ? "" : "s");
    *status = 1;
    return 0;
  }
  (void)patch_text;
  const char *path = in_dir(b, o, name);
  if (!path) return VSH_ENAMETOOLONG;
  vsh_buf data = {0};
  bool exists = !vfs_stat(b->fs, path, true, &st);
  if (exists) {
    int rc = vfs_read_file(b->fs, path, &data);
    if (rc) {
      bi_errline(b, "patch: **** Can't open file %s : %s", name,
                 vsh_strerror(rc));
      return rc;
    }
  }
  if (!(creating && exists && data.len)) { /* GNU names it once applying */
    if (o->out)
      say(b, o, "%s file %s (read from %s)\n", o->dry ? "checking" : "patching",
          bi_quote_as(b, o->out, BI_QS_SHELL, false),
          bi_quote_as(b, name, BI_QS_SHELL, false));
    else
      say(b, o, "%s file %s\n", o->dry ? "checking" : "patching",
          bi_quote_as(b, name, BI_QS_SHELL, false));
  }
  if (creating && exists && data.len) {
    say(b, o,
        "The next patch would create the file %s,\n"
        "which already exists!  Skipping patch.\n",
        name);
    say(b, o, "%zu out of %zu hunk%s ignored\n", f->nh, f->nh,
        f->nh == 1 ? "" : "s");
    vsh_buf_dispose(&data);
    *status = 1;
    return 0;
  }
  fline *L;
  size_t n;
  split_lines(b, &data, &L, &n);
  bool *failed = vsh__arena_zalloc(b->arena, f->nh + 1);
  if (!failed) return VSH_ENOMEM;
  /* a first hunk that only applies backwards: already applied */
  if (f->nh && !creating) {
    hunk *h0 = &f->h[0];
    long e0 = (rev ? h0->ns : h0->os) - (old_count(h0, rev) ? 1 : 0);
    if (e0 < 0) e0 = 0;
    if (locate(L, n, h0, e0, 0, rev) < 0 &&
        locate(L, n, h0, e0, 0, !rev) >= 0 && old_count(h0, !rev)) {
      if (o->forward)
        say(b, o,
            "Reversed (or previously applied) patch detected!  "
            "Skipping patch.\n");
      else
        say(b, o,
            "Reversed (or previously applied) patch detected!  "
            "Assume -R? [n] \nApply anyway? [n] \nSkipping patch.\n");
      const char *rej = with_suffix(b, o->out ? o->out : name, ".rej");
      say(b, o, "%zu out of %zu hunk%s ignored -- saving rejects to file %s\n",
          f->nh, f->nh, f->nh == 1 ? "" : "s", rej);
      if (!o->dry) {
        for (size_t i = 0; i < f->nh; i++) failed[i] = true;
        write_rej(b, in_dir(b, o, rej), f, failed, o->strip);
      }
      vsh_buf_dispose(&data);
      *status = 1;
      return 0;
    }
  }
  vsh_buf outb = {0};
  size_t pos = 0;
  long offset = 0;
  size_t nfail = 0;
  bool mismatch = false;
  for (size_t i = 0; i < f->nh; i++) {
    if (bi_cancelled(b)) {
      vsh_buf_dispose(&data);
      vsh_buf_dispose(&outb);
      return VSH_EABORTED;
    }
    hunk *h = &f->h[i];
    long os = rev ? h->ns : h->os, ns = rev ? h->os : h->ns;
    size_t need = old_count(h, rev);
    long base = need ? os - 1 : os; /* a pure insertion goes after os */
    if (base < 0) base = 0;
    long at = locate(L, n, h, base + offset, pos, rev);
    hunk hf;
    long lead = 0;
    int fuzz = 0;
    while (at < 0 && fuzz < 2 && fuzz_trim(h, ++fuzz, &hf, &lead))
      at = locate(L, n, &hf, base + offset + lead, pos, rev);
    if (at >= 0 && fuzz) { /* matched without some outer context lines */
      h = &hf;
      at -= lead;
    } else {
      fuzz = 0;
    }
    if (at < 0) {
      failed[i] = true;
      nfail++;
      mismatch = true;
      say(b, o, "Hunk #%zu FAILED at %ld.\n", i + 1, os + offset);
      continue;
    }
    for (; pos < (size_t)(at + lead * !!fuzz); pos++)
      emit(&outb, L[pos].s, L[pos].n, L[pos].nl);
    for (size_t j = 0; j < h->nln; j++) {
      const pline *l = &h->ln[j];
      if (l->kind == (rev ? '+' : '-')) {
        pos++;
        continue;
      }
      if (l->kind == ' ') {
        /* context keeps the file's own line ending */
        emit(&outb, L[pos].s, L[pos].n, L[pos].nl);
        pos++;
        continue;
      }
      emit(&outb, l->s, l->n, !l->nonl);
    }
    long k = at - base;
    if (fuzz) {
      mismatch = true;
      say(b, o, "Hunk #%zu succeeded at %ld with fuzz %d", i + 1, ns + k, fuzz);
      if (k) say(b, o, " (offset %ld line%s)", k, k == 1 || k == -1 ? "" : "s");
      say(b, o, ".\n");
    } else if (k) {
      mismatch = true;
      say(b, o, "Hunk #%zu succeeded at %ld (offset %ld line%s).\n", i + 1,
          ns + k, k, k == 1 || k == -1 ? "" : "s");
    }
    offset = k;
  }
  for (; pos < n; pos++) emit(&outb, L[pos].s, L[pos].n, L[pos].nl);
  int rc = 0;
  if (!o->dry) {
    const char *dest = o->out ? bi_path(b, o->out) : path;
    if (mismatch && exists && !o->out)
      vfs_write_file(b->fs, with_suffix(b, path, ".orig"),
                     data.data ? data.data : "", data.len, VFS_W_TRUNC,
                     st.mode);
    if (o->backup && exists && !mismatch)
      vfs_write_file(b->fs, with_suffix(b, path, ".orig"),
                     data.data ? data.data : "", data.len, VFS_W_TRUNC,
                     st.mode);
    if (deleting && !outb.len && !o->out) {
      rc = vfs_unlink(b->fs, path);
    } else {
      if (creating) {
        vsh_buf dir = {0};
        if (!vsh__path_dirname(&dir, dest)) vfs_mkdir_p(b->fs, dir.data, 0755);
        vsh_buf_dispose(&dir);
      }
      rc = dest ? vfs_write_file(b->fs, dest, outb.data ? outb.data : "",
                                 outb.len, VFS_W_TRUNC, 0644)
                : VSH_ENAMETOOLONG;
    }
    if (rc)
      bi_errline(b, "patch: **** Can't create file %s : %s", name,
                 vsh_strerror(rc));
  }
  if (nfail) {
    const char *rej = with_suffix(b, o->out ? o->out : name, ".rej");
    if (o->dry)
      say(b, o, "%zu out of %zu hunk%s FAILED\n", nfail, f->nh,
          f->nh == 1 ? "" : "s");
    else {
      say(b, o, "%zu out of %zu hunk%s FAILED -- saving rejects to file %s\n",
          nfail, f->nh, f->nh == 1 ? "" : "s", rej);
      write_rej(b, in_dir(b, o, rej), f, failed, o->strip);
    }
    *status = 1;
  }
  vsh_buf_dispose(&data);
  vsh_buf_dispose(&outb);
  return rc;
}

int bi_patch_main(bi_ctx *b) {
  patch_opts o = {.strip = -1};
  const char *input = NULL;
  bool no_orig = false;
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, &patch_cmd)) != -1) {
    switch (c) {
    case 'p': {
      char *end;
      long v = strtol(g.arg, &end, 10);
      if (*end || v < 0) {
        bi_errline(b, "patch: **** strip count %s is not a number", g.arg);
        return 2;
      }
      o.strip = (int)v;
      break;
    }
    case 'R': o.reverse = true; break;
    case 'N': o.forward = true; break;
    case 'i': input = g.arg; break;
    case 'o': o.out = g.arg; break;
    case 'd': o.dir = g.arg; break;
    case 'b': o.backup = true; break;
    case 's': o.silent = true; break;
    case OPT_DRY_RUN: o.dry = true; break;
    case OPT_NO_BACKUP_IF_MISMATCH: no_orig = true; break;
    case 'u':
    case 'f':
    case 't':
    case 'F':
    case 'E': break; /* fixed */
    default: return g.status;
    }
  }
  (void)no_orig;
  if (g.noperands > 0) o.orig = g.operands[0];
  if (g.noperands > 1) input = g.operands[1];
  vsh_buf text = {0};
  int rc;
  if (input && strcmp(input, "-")) {
    const char *ip = bi_path(b, input);
    rc = ip ? vfs_read_file(b->fs, ip, &text) : bi_path_error(input);
    if (rc) {
      bi_errline(b, "patch: **** Can't open patch file %s : %s", input,
                 vsh_strerror(rc));
      return 2;
    }
  } else {
    char buf[16384];
    for (;;) {
      if (bi_cancelled(b)) {
        vsh_buf_dispose(&text);
        return 2;
      }
      int64_t r = bi_read(b, b->in, buf, sizeof buf);
      if (r < 0) {
        vsh_buf_dispose(&text);
        return 2;
      }
      if (!r) break;
      if (vsh__buf_append(&text, buf, (size_t)r)) {
        vsh_buf_dispose(&text);
        return 2;
      }
    }
  }
  pfile *files;
  size_t nf = parse_patch(b, text.data ? text.data : "", text.len, &files);
  size_t nh = 0;
  for (size_t i = 0; i < nf; i++) nh += files[i].nh;
  if (!nh) { /* GNU: an empty input is no patch, and no error */
    size_t len = text.len;
    vsh_buf_dispose(&text);
    if (!len) return 0;
    bi_errline(b, "patch: **** Only garbage was found in the patch input.");
    return 2;
  }
  int status = 0;
  for (size_t i = 0; i < nf; i++) {
    if (bi_cancelled(b)) break;
    rc = apply_file(b, &o, &files[i], text.data, &status);
    if (rc == VSH_EPIPE) {
      vsh_buf_dispose(&text);
      return 141;
    }
    if (rc) status = 2;
  }
  vsh_buf_dispose(&text);
  return status;
}
