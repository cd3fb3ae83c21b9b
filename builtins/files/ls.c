/* ls.c: list directory contents, GNU style.  One name per line unless
 * -C/-x (stdout is never a terminal here), tab-padded columns like GNU;
 * -l times in $TZ (UTC by default).  Names print literally (GNU's
 * style for a pipe) unless -Q, -b, -q, --quoting-style or QUOTING_STYLE
 * say otherwise; no --color (accepted: never); -R recursion is iterative (an explicit stack of pending
 * directories).  -v compares digit runs by value (GNU's filevercmp also
 * orders suffixes; the common cases agree). */
#include "builtins/builtins.h"
#include "core/pattern.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: ls [OPTION]... [FILE]...\n"
    "List information about the FILEs (the current directory by default).\n"
    "Sort entries alphabetically if none of -cftuvSUX nor --sort is "
    "specified.\n\n"
    "  -a, --all                  do not ignore entries starting with .\n"
    "  -A, --almost-all           do not list implied . and ..\n"
    "  -C                         list entries by columns\n"
    "  -d, --directory            list directories themselves\n"
    "  -F, --classify             append indicator (one of */=>@|)\n"
    "  -g                         like -l, but do not list owner\n"
    "  -h, --human-readable       with -l, print sizes like 1K 234M 2G\n"
    "  -i, --inode                print the index number of each file\n"
    "  -Z, --context              print any security context of each file "
    "(none here: ?)\n"
    "  -l                         use a long listing format\n"
    "  -n, --numeric-uid-gid      like -l, but list numeric IDs\n"
    "  -o                         like -l, but do not list group\n"
    "  -p                         append / indicator to directories\n"
    "  -r, --reverse              reverse order while sorting\n"
    "  -R, --recursive            list subdirectories recursively\n"
    "  -S                         sort by file size, largest first\n"
    "  -t                         sort by time, newest first\n"
    "  -x                         list entries by lines instead of columns\n"
    "  -1                         list one file per line\n"
    "  -b, --escape               print C-style escapes for nongraphic "
    "characters\n"
    "  -N, --literal              print entry names without quoting\n"
    "  -q, --hide-control-chars   print ? instead of nongraphic characters\n"
    "      --show-control-chars   show nongraphic characters as-is\n"
    "  -Q, --quote-name           enclose entry names in double quotes\n"
    "      --quoting-style=WORD   literal, locale, shell, shell-always,\n"
    "                             shell-escape, shell-escape-always, c, "
    "escape\n"
    "  -B, --ignore-backups       do not list implied entries ending with ~\n"
    "  -f                         list all entries in directory order\n"
    "  -G, --no-group             in a long listing, don't print group names\n"
    "  -I, --ignore=PATTERN       do not list implied entries matching "
    "PATTERN\n"
    "      --hide=PATTERN         like -I, but overridden by -a or -A\n"
    "  -k, --kibibytes            1024-byte blocks (the only size)\n"
    "  -L, --dereference          show the file a symlink references\n"
    "  -m                         comma-separated list of entries\n"
    "  -s, --size                 print the allocated size in blocks\n"
    "  -v                         natural sort of (version) numbers\n"
    "  -X                         sort alphabetically by extension\n"
    "      --format=WORD          across -x, commas -m, horizontal -x, "
    "long -l,\n"
    "                             single-column -1, verbose -l, vertical -C\n"
    "      --sort=WORD            none -U, size -S, time -t, version -v, "
    "extension -X\n"
    "      --group-directories-first  directories before files\n"
    "      --indicator-style=WORD none, slash -p, file-type, classify -F\n"
    "      --file-type            like -F, but do not append '*'\n"
    "      --color=never          never colorize (the only mode)\n"
    "      --full-time            like -l --time-style=full-iso\n"
    "      --time-style=STYLE     full-iso, long-iso, iso, locale or +FORMAT\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n";

enum { FMT_ONE, FMT_LONG, FMT_COLS, FMT_ROWS, FMT_COMMAS };
enum {
  SORT_NAME,
  SORT_TIME,
  SORT_SIZE,
  SORT_NONE,
  SORT_VERSION,
  SORT_EXT,
  SORT_WIDTH
};

typedef struct ls_opts {
  int fmt;
  int sort;
  bool all, almost, human, recursive, reverse, dirs_self, classify, slash;
  bool inode, numeric, no_owner, no_group, file_type, blocks, dirs_first;
  bool context; /* -Z: no security contexts here: "?" as GNU shows */
  bool deref;
  /* -I/-B patterns (always), --hide patterns (unless -a/-A) */
  sh_pattern **ignore, **hide;
  int nignore, nhide;
  bi_zone tz;
  int64_t now;
  bi_ctx *b;
  /* --time-style: date formats for old and recent files (NULL: the
   * default "Mon dd  yyyy" / "Mon dd hh:mm") */
  const char *tfmt_old, *tfmt_recent;
  int width;
  int quoting; /* BI_QS_*, or QS_C_MAYBE */
  bool hide_ctrl;
} ls_opts;

enum { QS_C_MAYBE = 100 };

typedef struct ls_ent {
  const char *name; /* as shown */
  const char *path; /* absolute, for stat/readlink */
  vfs_info st;
  const char *target; /* symlink target (long format) */
  bool target_ok;
  vfs_info tst;
} ls_ent;

typedef struct ls_state {
  bi_ctx *b;
  ls_opts *o;
  int status;
  bool printed; /* something went to stdout already */
  int rc;       /* VSH_EPIPE / VSH_EABORTED stop everything */
} ls_state;

/* Natural order: digit runs compare by value, the rest bytewise. */
static int vercmp(const char *a, const char *b) {
  while (*a && *b) {
    if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
      while (*a == '0') a++;
      while (*b == '0') b++;
      size_t la = 0, lb = 0;
      while (a[la] >= '0' && a[la] <= '9') la++;
      while (b[lb] >= '0' && b[lb] <= '9') lb++;
      if (la != lb) return la < lb ? -1 : 1;
      int r = memcmp(a, b, la);
      if (r) return r;
      a += la;
      b += lb;
      continue;
    }
    if (*a != *b) return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
    a++;
    b++;
  }
  return *a ? 1 : *b ? -1 : 0;
}

static const char *ext_of(const char *name) {
  const char *d = strrchr(name, '.');
  return d && d != name ? d : "";
}

static bool is_dir_ent(const ls_ent *e) {
  return e->st.type == VFS_DIR ||
         (e->st.type == VFS_LNK && e->target_ok && e->tst.type == VFS_DIR);
}

static int cmp_ent(const void *x, const void *y, const ls_opts *o) {
  const ls_ent *a = x, *b = y;
  int r = 0;
  if (o->dirs_first && is_dir_ent(a) != is_dir_ent(b))
    return is_dir_ent(a) ? -1 : 1;
  if (o->sort == SORT_TIME) {
    if (a->st.mtime.tv_sec != b->st.mtime.tv_sec)
      r = a->st.mtime.tv_sec < b->st.mtime.tv_sec ? 1 : -1;
    else if (a->st.mtime.tv_nsec != b->st.mtime.tv_nsec)
      r = a->st.mtime.tv_nsec < b->st.mtime.tv_nsec ? 1 : -1;
  } else if (o->sort == SORT_SIZE) {
    if (a->st.size != b->st.size) r = a->st.size < b->st.size ? 1 : -1;
  } else if (o->sort == SORT_VERSION) {
    r = vercmp(a->name, b->name);
  } else if (o->sort == SORT_WIDTH) {
    size_t wa = vsh__utf8_count(a->name, strlen(a->name));
    size_t wb = vsh__utf8_count(b->name, strlen(b->name));
    if (wa != wb) r = wa < wb ? -1 : 1;
  } else if (o->sort == SORT_EXT) {
    r = strcmp(ext_of(a->name), ext_of(b->name));
  }
  if (o->sort == SORT_NONE) return 0;
  if (!r) r = strcmp(a->name, b->name);
  return o->reverse ? -r : r;
}

/* A merge sort keeps this reentrant (qsort has no user pointer). */
static void sort_ents(ls_ent *v, size_t n, ls_ent *tmp, const ls_opts *o) {
  if (n < 2 || (o->sort == SORT_NONE && !o->dirs_first)) return;
  size_t h = n / 2;
  sort_ents(v, h, tmp, o);
  sort_ents(v + h, n - h, tmp, o);
  size_t i = 0, j = h, k = 0;
  while (i < h && j < n)
    tmp[k++] = cmp_ent(&v[j], &v[i], o) < 0 ? v[j++] : v[i++];
  while (i < h) tmp[k++] = v[i++];
  while (j < n) tmp[k++] = v[j++];
  memcpy(v, tmp, n * sizeof(*v));
}

static char indicator(const ls_opts *o, const vfs_info *st) {
  if (!o->classify && !o->slash && !o->file_type) return 0;
  if (st->type == VFS_DIR) return '/';
  if (!o->classify && !o->file_type) return 0;
  if (st->type == VFS_LNK) return '@';
  if (st->type == VFS_REG && (st->mode & 0111)) return o->file_type ? 0 : '*';
  if (st->type == VFS_FIFO) return '|';
  return 0;
}

static int out(ls_state *s, const char *str, size_t n) {
  if (s->rc) return s->rc;
  int rc = bi_write(s->b, str, n);
  if (rc) s->rc = rc;
  s->printed = true;
  return rc;
}

static void fmt_time(const ls_opts *o, const vfs_info *st, char *buf,
                     size_t n) {
  bi_tm tm;
  int64_t t = st->mtime.tv_sec;
  bi_time_at(t, bi_zone_offset(&o->tz, t, NULL), &tm);
  int64_t six_months = 31556952 / 2;
  bool recent = t > o->now - six_months && t <= o->now;
  if (o->tfmt_old) {
    vsh_buf tb = {0};
    bi_format_time(o->b, &tb, recent ? o->tfmt_recent : o->tfmt_old, st->mtime);
    snprintf(buf, n, "%.*s", (int)tb.len, tb.data ? tb.data : "");
    vsh_buf_dispose(&tb);
  } else if (recent)
    snprintf(buf, n, "%s %2d %02d:%02d", bi_months[tm.mon], tm.mday, tm.hour,
             tm.min);
  else
    snprintf(buf, n, "%s %2d  %lld", bi_months[tm.mon], tm.mday,
             (long long)tm.year);
}

static void size_str(const ls_opts *o, const vfs_info *st, char *buf,
                     size_t n) {
  if (st->type == VFS_CHR) {
    int minor = st->dev == VFS_DEV_NULL      ? 3
                : st->dev == VFS_DEV_ZERO    ? 5
                : st->dev == VFS_DEV_URANDOM ? 9
                                             : 0;
    snprintf(buf, n, "%d, %d", st->dev == VFS_DEV_FD ? 136 : 1, minor);
  } else if (o->human) {
    bi_human_size(st->size, buf, n);
  } else {
    snprintf(buf, n, "%llu", (unsigned long long)st->size);
  }
}

static void id_str(const ls_opts *o, uint32_t id, bool user, char *buf,
                   size_t n) {
  const char *nm = user ? bi_user_name(id) : bi_group_name(id);
  if (o->numeric || !nm) snprintf(buf, n, "%u", id);
  else snprintf(buf, n, "%s", nm);
}

/* -s: the allocated size in 1K blocks (with -h, human-readable). */
static void blocks_str(const ls_opts *o, const vfs_info *st, char *buf,
                       size_t n) {
  uint64_t bl = bi_blocks(st);
  if (o->human) bi_human_size(bl * 512, buf, n);
  else snprintf(buf, n, "%llu", (unsigned long long)((bl + 1) / 2));
}

static int blocks_width(const ls_opts *o, const ls_ent *v, size_t n) {
  int w = 0;
  char tmp[64];
  for (size_t i = 0; o->blocks && i < n; i++) {
    blocks_str(o, &v[i].st, tmp, sizeof tmp);
    if ((int)strlen(tmp) > w) w = (int)strlen(tmp);
  }
  return w;
}

static void print_long(ls_state *s, ls_ent *v, size_t n) {
  const ls_opts *o = s->o;
  int wl = 0, wu = 0, wg = 0, ws = 0, wi = 0, wb = blocks_width(o, v, n);
  char tmp[64];
  for (size_t i = 0; i < n; i++) {
    int k = snprintf(tmp, sizeof tmp, "%u", v[i].st.nlink);
    if (k > wl) wl = k;
    id_str(o, v[i].st.uid, true, tmp, sizeof tmp);
    if ((int)strlen(tmp) > wu) wu = (int)strlen(tmp);
    id_str(o, v[i].st.gid, false, tmp, sizeof tmp);
    if ((int)strlen(tmp) > wg) wg = (int)strlen(tmp);
    size_str(o, &v[i].st, tmp, sizeof tmp);
    if ((int)strlen(tmp) > ws) ws = (int)strlen(tmp);
    k = snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)v[i].st.ino);
    if (k > wi) wi = k;
  }
  vsh_buf line = {0};
  for (size_t i = 0; i < n && !s->rc; i++) {
    if (bi_cancelled(s->b)) {
      s->rc = VSH_EABORTED;
      break;
    }
    ls_ent *e = &v[i];
    char mode[11], us[64], gs[64], sz[64], tm[256];
    bi_mode_string(&e->st, mode);
    id_str(o, e->st.uid, true, us, sizeof us);
    id_str(o, e->st.gid, false, gs, sizeof gs);
    size_str(o, &e->st, sz, sizeof sz);
    fmt_time(o, &e->st, tm, sizeof tm);
    vsh__buf_clear(&line);
    if (o->inode)
      vsh__buf_printf(&line, "%*llu ", wi, (unsigned long long)e->st.ino);
    if (o->blocks) {
      blocks_str(o, &e->st, tmp, sizeof tmp);
      vsh__buf_printf(&line, "%*s ", wb, tmp);
    }
    vsh__buf_printf(&line, "%s %*u ", mode, wl, e->st.nlink);
    if (!o->no_owner) vsh__buf_printf(&line, "%-*s ", wu, us);
    if (!o->no_group) vsh__buf_printf(&line, "%-*s ", wg, gs);
    if (o->context) vsh__buf_puts(&line, "? ");
    vsh__buf_printf(&line, "%*s %s %s", ws, sz, tm, e->name);
    if (e->st.type == VFS_LNK && e->target) {
      vsh__buf_printf(&line, " -> %s", e->target);
      if (o->classify && e->target_ok) {
        char c = indicator(o, &e->tst);
        if (c) vsh__buf_putc(&line, c);
      }
    } else {
      char c = indicator(o, &e->st);
      if (c) vsh__buf_putc(&line, c);
    }
    vsh__buf_putc(&line, '\n');
    out(s, line.data, line.len);
  }
  vsh_buf_dispose(&line);
}

/* GNU pads columns with tabs where a tab stop (every 8) fits. */
static void indent(vsh_buf *bf, size_t from, size_t to) {
  while (from < to) {
    if (to / 8 > (from + 1) / 8) {
      vsh__buf_putc(bf, '\t');
      from += 8 - from % 8;
    } else {
      vsh__buf_putc(bf, ' ');
      from++;
    }
  }
}

static size_t ent_width(const ls_opts *o, const ls_ent *e, int wi, int wb) {
  size_t w = vsh__utf8_count(e->name, strlen(e->name));
  if (o->inode) w += (size_t)wi + 1;
  if (o->blocks) w += (size_t)wb + 1;
  if (o->context) w += 2;
  if (indicator(o, &e->st)) w++;
  return w;
}

static void ent_text(const ls_opts *o, const ls_ent *e, int wi, int wb,
                     vsh_buf *bf) {
  if (o->inode)
    vsh__buf_printf(bf, "%*llu ", wi, (unsigned long long)e->st.ino);
  if (o->blocks) {
    char tmp[64];
    blocks_str(o, &e->st, tmp, sizeof tmp);
    vsh__buf_printf(bf, "%*s ", wb, tmp);
  }
  if (o->context) vsh__buf_puts(bf, "? ");
  vsh__buf_puts(bf, e->name);
  char c = indicator(o, &e->st);
  if (c) vsh__buf_putc(bf, c);
}

static void print_short(ls_state *s, ls_ent *v, size_t n) {
  const ls_opts *o = s->o;
  int wi = 0;
  if (o->inode)
    for (size_t i = 0; i < n; i++) {
      char tmp[32];
      int k =
          snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)v[i].st.ino);
      if (k > wi) wi = k;
    }
  /* -s widths: GNU aligns the block counts only outside -1 and -m */
  int wb = o->fmt == FMT_COMMAS ? 0 : blocks_width(o, v, n);
  vsh_buf bf = {0};
  if (o->fmt == FMT_COMMAS) {
    /* "a, b, c", a new line when the next name would reach the width */
    size_t lw = (size_t)(o->width > 0 ? o->width : 80), pos = 0;
    for (size_t i = 0; i < n && !s->rc; i++) {
      size_t len = ent_width(o, &v[i], wi, wb);
      if (i) {
        bool same = pos + len + 2 < lw;
        vsh__buf_puts(&bf, same ? ", " : ",\n");
        pos = same ? pos + 2 : 0;
      }
      ent_text(o, &v[i], wi, wb, &bf);
      pos += len;
    }
    if (n) vsh__buf_putc(&bf, '\n');
    out(s, bf.data, bf.len);
    vsh_buf_dispose(&bf);
    return;
  }
  if (o->fmt == FMT_ONE || n == 0) {
    for (size_t i = 0; i < n && !s->rc; i++) {
      vsh__buf_clear(&bf);
      ent_text(o, &v[i], wi, wb, &bf);
      vsh__buf_putc(&bf, '\n');
      out(s, bf.data, bf.len);
      if (bi_cancelled(s->b)) s->rc = VSH_EABORTED;
    }
    vsh_buf_dispose(&bf);
    return;
  }
  size_t lw = (size_t)(o->width > 0 ? o->width : 80);
  size_t *w = malloc(n * sizeof(size_t));
  size_t maxcols = lw / 3 ? lw / 3 : 1;
  if (maxcols > n) maxcols = n;
  size_t *colw = calloc(maxcols + 1, sizeof(size_t));
  if (!w || !colw) {
    free(w);
    free(colw);
    s->rc = VSH_ENOMEM;
    return;
  }
  for (size_t i = 0; i < n; i++) w[i] = ent_width(o, &v[i], wi, wb);
  bool vertical = o->fmt == FMT_COLS;
  size_t cols = 1;
  for (size_t c = maxcols; c >= 1; c--) {
    size_t rows = (n + c - 1) / c;
    memset(colw, 0, (c + 1) * sizeof(size_t));
    for (size_t i = 0; i < n; i++) {
      size_t idx = vertical ? i / rows : i % c;
      size_t ww = w[i] + (idx == c - 1 ? 0 : 2);
      if (ww > colw[idx]) colw[idx] = ww;
    }
    size_t tot = 0;
    for (size_t k = 0; k < c; k++) tot += colw[k];
    if (tot < lw || c == 1) {
      cols = c;
      break;
    }
  }
  /* recompute the chosen layout's column widths */
  size_t rows = (n + cols - 1) / cols;
  memset(colw, 0, (cols + 1) * sizeof(size_t));
  for (size_t i = 0; i < n; i++) {
    size_t idx = vertical ? i / rows : i % cols;
    size_t ww = w[i] + (idx == cols - 1 ? 0 : 2);
    if (ww > colw[idx]) colw[idx] = ww;
  }
  if (vertical) {
    for (size_t r = 0; r < rows && !s->rc; r++) {
      vsh__buf_clear(&bf);
      size_t pos = 0;
      for (size_t c = 0;; c++) {
        size_t i = c * rows + r;
        ent_text(o, &v[i], wi, wb, &bf);
        if (i + rows >= n) break;
        indent(&bf, pos + w[i], pos + colw[c]);
        pos += colw[c];
      }
      vsh__buf_putc(&bf, '\n');
      out(s, bf.data, bf.len);
    }
  } else {
    for (size_t r = 0; r < rows && !s->rc; r++) {
      vsh__buf_clear(&bf);
      size_t pos = 0;
      for (size_t c = 0; c < cols; c++) {
        size_t i = r * cols + c;
        if (i >= n) break;
        ent_text(o, &v[i], wi, wb, &bf);
        if (c + 1 == cols || i + 1 >= n) break;
        indent(&bf, pos + w[i], pos + colw[c]);
        pos += colw[c];
      }
      vsh__buf_putc(&bf, '\n');
      out(s, bf.data, bf.len);
    }
  }
  free(w);
  free(colw);
  vsh_buf_dispose(&bf);
}

static const char *quoted(const ls_opts *o, const char *name) {
  if (o->quoting == QS_C_MAYBE) { /* "" only when an escape is needed */
    bool plain = !strchr(name, '"') &&
                 !strcmp(bi_quote_as(o->b, name, BI_QS_LITERAL, true), name);
    return plain ? name : bi_quote_as(o->b, name, BI_QS_C, false);
  }
  return bi_quote_as(o->b, name, o->quoting, o->hide_ctrl);
}

/* The names as the quoting style shows them; in columns and long
 * listings GNU's shell styles indent unquoted names by one when some
 * name is quoted, so the names line up. */
static void print_ents(ls_state *s, ls_ent *v, size_t n) {
  const ls_opts *o = s->o;
  ls_ent *q = n ? vsh__arena_alloc(s->b->arena, n * sizeof *q) : v;
  if (!q) {
    s->rc = VSH_ENOMEM;
    return;
  }
  bool any = false,
       align = o->fmt != FMT_ONE && o->fmt != FMT_COMMAS &&
               (o->quoting == BI_QS_SHELL || o->quoting == BI_QS_SHELL_ESCAPE);
  for (size_t i = 0; i < n; i++) {
    q[i] = v[i];
    q[i].name = quoted(o, v[i].name);
    if (v[i].target) q[i].target = quoted(o, v[i].target);
    if (q[i].name[0] != v[i].name[0] &&
        (q[i].name[0] == '\'' || q[i].name[0] == '"'))
      any = true;
  }
  for (size_t i = 0; align && any && i < n; i++)
    if (q[i].name[0] != '\'' && q[i].name[0] != '"') {
      size_t l = strlen(q[i].name);
      char *t = vsh__arena_alloc(s->b->arena, l + 2);
      if (!t) break;
      t[0] = ' ';
      memcpy(t + 1, q[i].name, l + 1);
      q[i].name = t;
    }
  if (o->fmt == FMT_LONG) print_long(s, q, n);
  else print_short(s, q, n);
}

static void fill_link(ls_state *s, ls_ent *e) {
  if (e->st.type != VFS_LNK) return;
  /* --group-directories-first counts a link to a directory as one */
  if (s->o->dirs_first)
    e->target_ok = !vfs_stat(s->b->fs, e->path, true, &e->tst);
  if (s->o->fmt != FMT_LONG) return;
  vsh_buf t = {0};
  if (!vfs_readlink(s->b->fs, e->path, &t)) {
    e->target = vsh__arena_strndup(s->b->arena, t.data ? t.data : "", t.len);
    e->target_ok = !vfs_stat(s->b->fs, e->path, true, &e->tst);
  }
  vsh_buf_dispose(&t);
}

/* Pending directories for -R (malloc'd paths, popped from the end). */
typedef struct dir_stack {
  char **shown, **abs;
  size_t n, cap;
} dir_stack;

static int push_dir(dir_stack *d, const char *shown, const char *abs) {
  if (d->n == d->cap) {
    size_t nc = d->cap ? d->cap * 2 : 16;
    char **a = realloc(d->shown, nc * sizeof(char *));
    if (!a) return VSH_ENOMEM;
    d->shown = a;
    char **c = realloc(d->abs, nc * sizeof(char *));
    if (!c) return VSH_ENOMEM;
    d->abs = c;
    d->cap = nc;
  }
  d->shown[d->n] = strdup(shown);
  d->abs[d->n] = strdup(abs);
  if (!d->shown[d->n] || !d->abs[d->n]) {
    free(d->shown[d->n]);
    free(d->abs[d->n]);
    return VSH_ENOMEM;
  }
  d->n++;
  return 0;
}

/* -I, -B and (without -a/-A) --hide drop a directory's entry. */
static bool ignored(ls_state *s, const char *nm) {
  const ls_opts *o = s->o;
  size_t len = strlen(nm);
  for (int k = 0; k < o->nignore + o->nhide; k++) {
    if (k >= o->nignore && (o->all || o->almost)) break;
    sh_pattern *p = k < o->nignore ? o->ignore[k] : o->hide[k - o->nignore];
    if (sh_pattern_match(p, nm, len, NULL) == 1) return true;
  }
  return false;
}

/* Whether the format shows names and types only (no other file data),
 * so entries need no stat. */
static bool names_only(const ls_opts *o) {
  return o->fmt != FMT_LONG && !o->inode && !o->blocks && !o->classify &&
         !o->context && !o->deref &&
         (o->sort == SORT_NAME || o->sort == SORT_NONE ||
          o->sort == SORT_VERSION || o->sort == SORT_EXT ||
          o->sort == SORT_WIDTH);
}

/* Lists one directory; -R pushes its subdirectories (reverse order so the
 * first is popped next). */
static void list_dir(ls_state *s, const char *shown, const char *abs,
                     bool header, bool operand, dir_stack *stack) {
  bi_ctx *b = s->b;
  const ls_opts *o = s->o;
  vfs_dirlist dl = {0};
  int rc = vfs_readdir(b->fs, abs, &dl);
  if (rc) {
    bi_err(b, "cannot open directory %s: %s", bi_quote(b, shown),
           vsh_strerror(rc));
    s->status = operand ? 2 : (s->status > 1 ? s->status : 1);
    return;
  }
  if (header) {
    if (s->printed) out(s, "\n", 1);
    const char *qs = quoted(s->o, shown);
    out(s, qs, strlen(qs));
    out(s, ":\n", 2);
  }
  size_t cap = dl.len + 2;
  ls_ent *v = vsh__arena_zalloc(b->arena, cap * sizeof(ls_ent));
  ls_ent *tmp = vsh__arena_alloc(b->arena, cap * sizeof(ls_ent));
  size_t n = 0;
  if (!v || !tmp) {
    vfs_dirlist_dispose(&dl);
    s->rc = VSH_ENOMEM;
    return;
  }
  if (o->all) {
    static const char *dots[2] = {".", ".."};
    for (int k = 0; k < 2; k++) {
      ls_ent *e = &v[n];
      e->name = dots[k];
      e->path = bi_path(b, k ? bi_path_join(b, abs, "..") : abs);
      if (e->path && !vfs_stat(b->fs, e->path, true, &e->st)) n++;
    }
  }
  for (size_t i = 0; i < dl.len; i++) {
    if (bi_cancelled(b)) {
      s->rc = VSH_EABORTED;
      break;
    }
    const char *nm = dl.items[i].name;
    if (nm[0] == '.' && !o->all && !o->almost) continue;
    if (ignored(s, nm)) continue;
    ls_ent *e = &v[n];
    e->name = vsh__arena_strndup(b->arena, nm, strlen(nm));
    e->path = bi_path_join(b, abs, nm);
    if (!e->name || !e->path) {
      s->rc = VSH_ENOMEM;
      break;
    }
    int r = vfs_stat(b->fs, e->path, o->deref, &e->st);
    if (r == VSH_EACCES && names_only(o)) {
      /* a directory without search permission still lists its names,
       * and their types come with the listing */
      memset(&e->st, 0, sizeof(e->st));
      e->st.type = dl.items[i].type;
      n++;
      continue;
    }
    if (r) {
      bi_err(b, "cannot access %s: %s", bi_quote(b, bi_path_join(b, shown, nm)),
             vsh_strerror(r));
      if (s->status < 1) s->status = 1;
      continue;
    }
    fill_link(s, e);
    n++;
  }
  vfs_dirlist_dispose(&dl);
  if (s->rc) return;
  sort_ents(v, n, tmp, o);
  if (o->fmt == FMT_LONG || o->blocks) {
    uint64_t blocks = 0;
    for (size_t i = 0; i < n; i++) blocks += bi_blocks(&v[i].st);
    char tb[64];
    if (o->human) bi_human_size(blocks * 512, tb, sizeof tb);
    else snprintf(tb, sizeof tb, "%llu", (unsigned long long)(blocks / 2));
    char line[96];
    int k = snprintf(line, sizeof line, "total %s\n", tb);
    out(s, line, (size_t)k);
  }
  print_ents(s, v, n);
  if (o->recursive && !s->rc) {
    for (size_t i = n; i-- > 0;) {
      ls_ent *e = &v[i];
      if (e->st.type != VFS_DIR || bi_is_dot_or_dotdot(e->name)) continue;
      const char *sh = bi_path_join(b, shown, e->name);
      if (!sh || push_dir(stack, sh, e->path)) {
        s->rc = VSH_ENOMEM;
        return;
      }
    }
  }
}

enum {
  OPT_COLOR = BI_OPT_FIRST,
  OPT_TIME_STYLE,
  OPT_FULL_TIME,
  OPT_HIDE,
  OPT_FORMAT,
  OPT_SORT,
  OPT_DIRS_FIRST,
  OPT_INDICATOR,
  OPT_FILE_TYPE,
  OPT_QUOTING_STYLE,
  OPT_SHOW_CTRL
};

static const bi_option ls_options[] = {
    {"all", BI_ARG_NONE, 'a', NULL},
    {"almost-all", BI_ARG_NONE, 'A', NULL},
    {"directory", BI_ARG_NONE, 'd', NULL},
    {"classify", BI_ARG_NONE, 'F', NULL},
    {"human-readable", BI_ARG_NONE, 'h', NULL},
    {"inode", BI_ARG_NONE, 'i', NULL},
    {"context", BI_ARG_NONE, 'Z', NULL},
    {"numeric-uid-gid", BI_ARG_NONE, 'n', NULL},
    {"reverse", BI_ARG_NONE, 'r', NULL},
    {"recursive", BI_ARG_NONE, 'R', NULL},
    {"color", BI_ARG_OPTIONAL, OPT_COLOR, NULL},
    {"colour", BI_ARG_OPTIONAL, OPT_COLOR, NULL},
    {"width", BI_ARG_REQUIRED, 'w', NULL},
    {"time-style", BI_ARG_REQUIRED, OPT_TIME_STYLE, NULL},
    {"full-time", BI_ARG_NONE, OPT_FULL_TIME, NULL},
    {"ignore-backups", BI_ARG_NONE, 'B', NULL},
    {"no-group", BI_ARG_NONE, 'G', NULL},
    {"ignore", BI_ARG_REQUIRED, 'I', NULL},
    {"hide", BI_ARG_REQUIRED, OPT_HIDE, NULL},
    {"kibibytes", BI_ARG_NONE, 'k', NULL},
    {"dereference", BI_ARG_NONE, 'L', NULL},
    {"size", BI_ARG_NONE, 's', NULL},
    {"format", BI_ARG_REQUIRED, OPT_FORMAT, NULL},
    {"sort", BI_ARG_REQUIRED, OPT_SORT, NULL},
    {"group-directories-first", BI_ARG_NONE, OPT_DIRS_FIRST, NULL},
    {"indicator-style", BI_ARG_REQUIRED, OPT_INDICATOR, NULL},
    {"file-type", BI_ARG_NONE, OPT_FILE_TYPE, NULL},
    {"quoting-style", BI_ARG_REQUIRED, OPT_QUOTING_STYLE, NULL},
    {"quote-name", BI_ARG_NONE, 'Q', NULL},
    {"escape", BI_ARG_NONE, 'b', NULL},
    {"literal", BI_ARG_NONE, 'N', NULL},
    {"hide-control-chars", BI_ARG_NONE, 'q', NULL},
    {"show-control-chars", BI_ARG_NONE, OPT_SHOW_CTRL, NULL},
    {0}};

static const bi_cmd ls_cmd = {
    .name = "ls",
    .usage = usage,
    .shortopts = "aABbCdfFgGhiI:klLmnNopqQrRsStUvxXw:Z1",
    .longopts = ls_options,
    .bad_status = 2,
};

/* GNU's styles: full-iso, long-iso, iso, locale (the default), posix-*
 * (the default in the C locale), +FORMAT[\nRECENT_FORMAT]. */
static bool set_time_style(bi_ctx *b, ls_opts *o, const char *st) {
  o->tfmt_old = o->tfmt_recent = NULL;
  if (!strncmp(st, "posix-", 6)) return true;
  if (!strcmp(st, "full-iso")) {
    o->tfmt_old = o->tfmt_recent = "%Y-%m-%d %H:%M:%S.%N %z";
  } else if (!strcmp(st, "long-iso")) {
    o->tfmt_old = o->tfmt_recent = "%Y-%m-%d %H:%M";
  } else if (!strcmp(st, "iso")) {
    o->tfmt_old = "%Y-%m-%d ";
    o->tfmt_recent = "%m-%d %H:%M";
  } else if (!strcmp(st, "locale")) {
  } else if (st[0] == '+') {
    const char *nl = strchr(st + 1, '\n');
    o->tfmt_old = o->tfmt_recent = st + 1;
    if (nl) {
      o->tfmt_old = vsh__arena_strndup(b->arena, st + 1, (size_t)(nl - st - 1));
      o->tfmt_recent = nl + 1;
    }
  } else {
    bi_err(b, "invalid argument \u2018%s\u2019 for \u2018time style\u2019", st);
    bi_errline(b, "Valid arguments are:\n  - [posix-]full-iso\n"
                  "  - [posix-]long-iso\n  - [posix-]iso\n"
                  "  - [posix-]locale\n  - +FORMAT (e.g., +%%H:%%M) for a "
                  "'date'-style format");
    bi_try_help(b);
    return false;
  }
  return true;
}

/* An argument from a list of WORDs with their values (GNU's argmatch:
 * a prefix will do when its matches share a value); the value, or -1
 * after the error (status 1, as GNU). */
static int pick(bi_ctx *b, const char *what, const char *arg,
                const char *const *words, const int *vals) {
  int hit = -1;
  bool ambiguous = false;
  size_t len = strlen(arg);
  for (int k = 0; words[k]; k++) {
    if (!strcmp(words[k], arg)) return vals[k];
    if (strncmp(words[k], arg, len)) continue;
    if (hit >= 0 && vals[hit] != vals[k]) ambiguous = true;
    if (hit < 0) hit = k;
  }
  if (hit >= 0 && !ambiguous) return vals[hit];
  bi_err(b, "%s argument \u2018%s\u2019 for \u2018%s\u2019",
         ambiguous ? "ambiguous" : "invalid", arg, what);
  vsh_buf l = {0};
  vsh__buf_puts(&l, "Valid arguments are:");
  for (int k = 0; words[k]; k++)
    vsh__buf_printf(&l,
                    k && vals[k] == vals[k - 1] ? ", \u2018%s\u2019"
                                                : "\n  - \u2018%s\u2019",
                    words[k]);
  bi_errline(b, "%.*s", (int)l.len, l.data);
  vsh_buf_dispose(&l);
  bi_try_help(b);
  return -1;
}

static bool add_pattern(bi_ctx *b, sh_pattern ***v, int *n, const char *p) {
  sh_pattern **nv = vsh__arena_alloc(b->arena, (size_t)(*n + 1) * sizeof(*nv));
  if (!nv) return false;
  if (*n) memcpy(nv, *v, (size_t)*n * sizeof(*nv));
  if (sh_pattern_compile(&nv[*n], b->arena, p, strlen(p), NULL, SH_PAT_PERIOD))
    return false;
  *v = nv;
  (*n)++;
  return true;
}

static const char *const ls_formats[] = {"verbose",       "long",   "commas",
                                         "horizontal",    "across", "vertical",
                                         "single-column", NULL};
static const int ls_format_ids[] = {FMT_LONG, FMT_LONG, FMT_COMMAS, FMT_ROWS,
                                    FMT_ROWS, FMT_COLS, FMT_ONE};
static const char *const ls_sorts[] = {"none",    "time",  "size", "extension",
                                       "version", "width", NULL};
static const int ls_sort_ids[] = {SORT_NONE, SORT_TIME,    SORT_SIZE,
                                  SORT_EXT,  SORT_VERSION, SORT_WIDTH};
static const char *const ls_indicators[] = {"none", "slash", "file-type",
                                            "classify", NULL};
static const int ls_indicator_ids[] = {0, 1, 2, 3};
static const char *const ls_colors[] = {"always", "yes",  "force", "never",
                                        "no",     "none", "auto",  "tty",
                                        "if-tty", NULL};
static const int ls_color_ids[] = {0, 0, 0, 1, 1, 1, 2, 2, 2};
static const char *const ls_quotings[] = {
    "literal", "shell",   "shell-always", "shell-escape", "shell-escape-always",
    "c",       "c-maybe", "escape",       "locale",       "clocale",
    NULL};
static const int ls_quoting_ids[] = {BI_QS_LITERAL,
                                     BI_QS_SHELL,
                                     BI_QS_SHELL_ALWAYS,
                                     BI_QS_SHELL_ESCAPE,
                                     BI_QS_SHELL_ESCAPE_ALWAYS,
                                     BI_QS_C,
                                     QS_C_MAYBE,
                                     BI_QS_ESCAPE,
                                     BI_QS_LOCALE,
                                     BI_QS_LOCALE + 1};

/* -1 to go on, else the exit status; *time_style is --time-style's
 * argument (checked only for long listings, as GNU). */
static int ls_parse_options(bi_ctx *b, bi_opts *g, ls_opts *o,
                            const char **time_style) {
  int c;
  while ((c = bi_opt(b, g, &ls_cmd)) != -1) {
    switch (c) {
    case 'a':
      o->all = true;
      o->almost = false;
      break;
    case 'A':
      o->almost = true;
      o->all = false;
      break;
    case 'C': o->fmt = FMT_COLS; break;
    case 'x': o->fmt = FMT_ROWS; break;
    case 'Q': o->quoting = BI_QS_C; break;
    case 'b': o->quoting = BI_QS_ESCAPE; break;
    case 'N': o->quoting = BI_QS_LITERAL; break;
    case 'q': o->hide_ctrl = true; break;
    case OPT_SHOW_CTRL: o->hide_ctrl = false; break;
    case OPT_QUOTING_STYLE: {
      int k = pick(b, "--quoting-style", g->arg, ls_quotings, ls_quoting_ids);
      if (k < 0) return 1;
      o->quoting = k == BI_QS_LOCALE + 1 ? BI_QS_LOCALE : k;
      break;
    }
    case '1': o->fmt = FMT_ONE; break;
    case 'l': o->fmt = FMT_LONG; break;
    case 'g':
      o->fmt = FMT_LONG;
      o->no_owner = true;
      break;
    case 'o':
      o->fmt = FMT_LONG;
      o->no_group = true;
      break;
    case 'n':
      o->fmt = FMT_LONG;
      o->numeric = true;
      break;
    case 'd': o->dirs_self = true; break;
    case 'F': o->classify = true; break;
    case 'p': o->slash = true; break;
    case 'h': o->human = true; break;
    case 'i': o->inode = true; break;
    case 'Z': o->context = true; break;
    case 'r': o->reverse = true; break;
    case 'R': o->recursive = true; break;
    case 'S': o->sort = SORT_SIZE; break;
    case 't': o->sort = SORT_TIME; break;
    case 'U': o->sort = SORT_NONE; break;
    case 'w': o->width = atoi(g->arg); break;
    case 'B':
      if (!add_pattern(b, &o->ignore, &o->nignore, "*~") ||
          !add_pattern(b, &o->ignore, &o->nignore, ".*~"))
        return 2;
      break;
    case 'I':
      if (!add_pattern(b, &o->ignore, &o->nignore, g->arg)) return 2;
      break;
    case OPT_HIDE:
      if (!add_pattern(b, &o->hide, &o->nhide, g->arg)) return 2;
      break;
    case 'f':
      o->all = true;
      o->almost = false;
      o->sort = SORT_NONE;
      break;
    case 'G': o->no_group = true; break;
    case 'k': break;
    case 'L': o->deref = true; break;
    case 'm': o->fmt = FMT_COMMAS; break;
    case 's': o->blocks = true; break;
    case 'v': o->sort = SORT_VERSION; break;
    case 'X': o->sort = SORT_EXT; break;
    case OPT_FORMAT: {
      int k = pick(b, "--format", g->arg, ls_formats, ls_format_ids);
      if (k < 0) return 1;
      o->fmt = k;
      break;
    }
    case OPT_SORT: {
      int k = pick(b, "--sort", g->arg, ls_sorts, ls_sort_ids);
      if (k < 0) return 1;
      o->sort = k;
      break;
    }
    case OPT_DIRS_FIRST: o->dirs_first = true; break;
    case OPT_FILE_TYPE:
      o->file_type = true;
      o->classify = o->slash = false;
      break;
    case OPT_INDICATOR: {
      int k =
          pick(b, "--indicator-style", g->arg, ls_indicators, ls_indicator_ids);
      if (k < 0) return 1;
      o->slash = k == 1;
      o->file_type = k == 2;
      o->classify = k == 3;
      break;
    }
    case OPT_COLOR:
      if (g->arg && pick(b, "--color", g->arg, ls_colors, ls_color_ids) < 0)
        return 1;
      break;
    case OPT_TIME_STYLE: *time_style = g->arg; break;
    case OPT_FULL_TIME:
      o->fmt = FMT_LONG;
      *time_style = "full-iso";
      break;
    default: return g->status;
    }
  }
  return -1;
}

/* Lists the directory operands, then (-R) their subdirectories. */
static void ls_dirs(ls_state *s, const ls_ent *dirs, size_t nd, bool headers) {
  dir_stack stack = {0};
  for (size_t i = 0; i < nd && !s->rc; i++) {
    vsh_arena_mark m = vsh__arena_mark(s->b->arena);
    list_dir(s, dirs[i].name, dirs[i].path, headers, true, &stack);
    vsh__arena_pop(s->b->arena, m);
    while (stack.n && !s->rc) {
      stack.n--;
      char *sh = stack.shown[stack.n], *ab = stack.abs[stack.n];
      m = vsh__arena_mark(s->b->arena);
      list_dir(s, sh, ab, true, false, &stack);
      vsh__arena_pop(s->b->arena, m);
      free(sh);
      free(ab);
    }
  }
  for (size_t i = 0; i < stack.n; i++) {
    free(stack.shown[i]);
    free(stack.abs[i]);
  }
  free(stack.shown);
  free(stack.abs);
}

int bi_ls_main(bi_ctx *b) {
  ls_opts o = {.fmt = FMT_ONE, .sort = SORT_NAME, .b = b};
  bi_opts g = {0};
  const char *time_style = NULL;
  const char *qs = bi_getenv(b, "QUOTING_STYLE");
  for (int k = 0; qs && ls_quotings[k]; k++)
    if (!strcmp(qs, ls_quotings[k])) {
      o.quoting = ls_quoting_ids[k] == BI_QS_LOCALE + 1 ? BI_QS_LOCALE
                                                        : ls_quoting_ids[k];
      qs = NULL;
    }
  if (qs)
    bi_err(b,
           "ignoring invalid value of environment variable QUOTING_STYLE: "
           "%s",
           bi_cquote(b, qs));
  int ost = ls_parse_options(b, &g, &o, &time_style);
  if (ost >= 0) return ost;
  if (time_style && o.fmt == FMT_LONG && !set_time_style(b, &o, time_style))
    return 2;
  if (!o.width) {
    const char *cols = bi_getenv(b, "COLUMNS");
    o.width = cols ? atoi(cols) : 80;
    if (o.width <= 0) o.width = 80;
  }
  bi_zone_init(b, false, &o.tz);
  o.now = bi_now().tv_sec;
  if (o.dirs_self) o.recursive = false;
  ls_state s = {.b = b, .o = &o};
  int nops = g.noperands;
  const char *dflt[1] = {"."};
  const char **ops = nops ? (const char **)g.operands : dflt;
  if (!nops) nops = 1;

  ls_ent *files = vsh__arena_zalloc(b->arena, (size_t)nops * sizeof(ls_ent));
  ls_ent *dirs = vsh__arena_zalloc(b->arena, (size_t)nops * sizeof(ls_ent));
  ls_ent *tmp = vsh__arena_alloc(b->arena, (size_t)nops * sizeof(ls_ent));
  if (!files || !dirs || !tmp) return 2;
  size_t nf = 0, nd = 0;
  for (int i = 0; i < nops; i++) {
    const char *p = bi_path(b, ops[i]);
    vfs_info st;
    int rc = p ? vfs_stat(b->fs, p, o.deref, &st) : bi_path_error(ops[i]);
    if (rc) {
      bi_err(b, "cannot access %s: %s", bi_quote(b, ops[i]), vsh_strerror(rc));
      s.status = 2;
      continue;
    }
    /* command-line symlinks to directories are followed unless the
     * link itself is asked about (-l, -d, -F) */
    if (st.type == VFS_LNK && !o.dirs_self && o.fmt != FMT_LONG &&
        !o.classify) {
      vfs_info t;
      if (!vfs_stat(b->fs, p, true, &t) && t.type == VFS_DIR) st = t;
    }
    ls_ent e = {.name = ops[i], .path = p, .st = st};
    if (st.type == VFS_DIR && !o.dirs_self) {
      dirs[nd++] = e;
    } else {
      fill_link(&s, &e);
      files[nf++] = e;
    }
  }
  sort_ents(files, nf, tmp, &o);
  print_ents(&s, files, nf);
  sort_ents(dirs, nd, tmp, &o);
  bool headers = nops > 1 || o.recursive || nf > 0;
  ls_dirs(&s, dirs, nd, headers);
  if (s.rc == VSH_EPIPE) return 141;
  if (s.rc) return 2;
  return s.status;
}
