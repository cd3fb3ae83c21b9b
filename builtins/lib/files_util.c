/* files_util.c: helpers shared by the file commands (see files_int.h).
 * Calendar arithmetic is done here rather than with gmtime/localtime so
 * that no libc time-zone state (a process global read from the host's
 * TZ) is touched: the zone comes from the shell's $TZ. */
#include "builtins/lib/files_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

const char *const fu_months[12] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
const char *const fu_days[7] = {"Sun", "Mon", "Tue", "Wed",
                                "Thu", "Fri", "Sat"};

bool fu_ask_overwrite(bi_ctx *b, const char *name) {
  vsh_buf q = {0};
  vsh__buf_printf(&q, "%s: overwrite %s? ", b->argv[0], fu_quote(b, name));
  if (q.data && b->err) sh_stream_write(b->err, q.data, q.len, bi_exec(b));
  vsh_buf_dispose(&q);
  char first = 0, ch;
  bool got = false;
  for (;;) { /* the whole answer line is consumed, byte by byte */
    int64_t r = b->in ? sh_stream_read(b->in, &ch, 1, bi_exec(b)) : 0;
    if (r <= 0 || ch == '\n') break;
    if (!got && ch != ' ' && ch != '\t') {
      first = ch;
      got = true;
    }
    if (bi_charge(b, 1)) break;
  }
  return first == 'y' || first == 'Y';
}

const char *fu_quote(bi_ctx *b, const char *s) {
  bool has_sq = strchr(s, '\'') != NULL;
  vsh_buf o = {0};
  if (has_sq) {
    /* "it's" unless it also holds characters special inside "..." */
    bool dq_ok = !strpbrk(s, "\"$`\\");
    if (dq_ok) {
      vsh__buf_printf(&o, "\"%s\"", s);
    } else {
      vsh__buf_putc(&o, '\'');
      for (const char *p = s; *p; p++) {
        if (*p == '\'') vsh__buf_puts(&o, "'\\''");
        else vsh__buf_putc(&o, *p);
      }
      vsh__buf_putc(&o, '\'');
    }
  } else {
    vsh__buf_printf(&o, "'%s'", s);
  }
  char *r = vsh__arena_strndup(b->arena, o.data ? o.data : "", o.len);
  vsh_buf_dispose(&o);
  return r ? r : s;
}

char fu_type_char(vfs_type t) {
  switch (t) {
  case VFS_DIR: return 'd';
  case VFS_LNK: return 'l';
  case VFS_CHR: return 'c';
  case VFS_FIFO: return 'p';
  default: return '-';
  }
}

void fu_mode_string(const vfs_info *st, char out[11]) {
  unsigned m = st->mode;
  out[0] = fu_type_char(st->type);
  const char *rwx = "rwxrwxrwx";
  for (int i = 0; i < 9; i++)
    out[1 + i] = (m & (0400u >> i)) ? rwx[i] : '-';
  if (m & 04000) out[3] = (m & 0100) ? 's' : 'S';
  if (m & 02000) out[6] = (m & 0010) ? 's' : 'S';
  if (m & 01000) out[9] = (m & 0001) ? 't' : 'T';
  out[10] = 0;
}

uint64_t fu_blocks(const vfs_info *st) {
  if (st->type == VFS_DIR) return 8;
  if (st->type != VFS_REG) return 0;
  return (st->size + 4095) / 4096 * 8;
}

const char *fu_user_name(uint32_t uid) {
  return uid == 0 ? "root" : uid == VFS_UID ? "user" : NULL;
}

const char *fu_group_name(uint32_t gid) {
  return gid == 0 ? "root" : gid == VFS_GID ? "user" : NULL;
}

/* ---- time ------------------------------------------------------------- */

struct timespec fu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return ts;
}

void fu_localtime(int64_t t, long off, fu_tm *o) {
  t += off;
  int64_t days = vsh__floordiv(t, 86400), rem = t - days * 86400;
  o->hour = (int)(rem / 3600);
  o->min = (int)(rem % 3600 / 60);
  o->sec = (int)(rem % 60);
  o->wday = (int)(((days % 7) + 11) % 7); /* 1970-01-01 was a Thursday */
  int m, d;
  vsh__civil_from_days(days, &o->year, &m, &d);
  o->mon = m - 1;
  o->mday = d;
  o->yday = (int)(days - vsh__days_from_civil(o->year, 1, 1));
  o->off = off;
}

void fu_fmt_full(bi_ctx *b, struct timespec ts, char *out, size_t n) {
  long off = fu_tz_offset_at(b, (int64_t)ts.tv_sec);
  fu_tm tm;
  fu_localtime((int64_t)ts.tv_sec, off, &tm);
  long ao = off < 0 ? -off : off;
  snprintf(out, n, "%04lld-%02d-%02d %02d:%02d:%02d.%09ld %c%02ld%02ld",
           (long long)tm.year, tm.mon + 1, tm.mday, tm.hour, tm.min, tm.sec,
           (long)ts.tv_nsec, off < 0 ? '-' : '+', ao / 3600, ao % 3600 / 60);
}

static bool digits(const char **p, int n, long *out) {
  long v = 0;
  for (int i = 0; i < n; i++) {
    char c = (*p)[i];
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *p += n;
  *out = v;
  return true;
}

static void skip_sp(const char **p) {
  while (**p == ' ' || **p == '\t') (*p)++;
}

static bool word_is(const char **p, const char *w) {
  size_t n = strlen(w);
  if (strncasecmp(*p, w, n)) return false;
  char c = (*p)[n];
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return false;
  *p += n;
  return true;
}

bool fu_parse_date(bi_ctx *b, const char *s, struct timespec *out) {
  const char *p = s;
  struct timespec now = fu_now();
  skip_sp(&p);
  if (*p == '@') {
    p++;
    int sign = 1;
    if (*p == '-') {
      sign = -1;
      p++;
    }
    if (*p < '0' || *p > '9') return false;
    int64_t v = 0;
    while (*p >= '0' && *p <= '9') v = v * 10 + (*p++ - '0');
    long ns = 0;
    if (*p == '.') {
      p++;
      long scale = 100000000;
      while (*p >= '0' && *p <= '9') {
        ns += (*p++ - '0') * scale;
        scale /= 10;
      }
    }
    skip_sp(&p);
    if (*p) return false;
    out->tv_sec = sign * v;
    out->tv_nsec = ns;
    return true;
  }
  int64_t t = now.tv_sec;
  long nsec = 0;
  bool have_date = false;
  long y, mo, d, hh = 0, mm = 0, ss = 0;
  const char *q = p;
  if (digits(&q, 4, &y) && *q == '-') {
    q++;
    if (!digits(&q, 2, &mo) && !digits(&q, 1, &mo)) return false;
    if (*q++ != '-') return false;
    if (!digits(&q, 2, &d) && !digits(&q, 1, &d)) return false;
    p = q;
    have_date = true;
    if (*p == 'T' || *p == ' ') {
      const char *r = p + 1;
      skip_sp(&r);
      long th, tm;
      if ((digits(&r, 2, &th) || digits(&r, 1, &th)) && *r == ':' &&
          (r++, digits(&r, 2, &tm))) {
        hh = th;
        mm = tm;
        if (*r == ':') {
          r++;
          if (!digits(&r, 2, &ss)) return false;
          if (*r == '.' || *r == ',') {
            r++;
            long scale = 100000000;
            while (*r >= '0' && *r <= '9') {
              nsec += (*r++ - '0') * scale;
              scale /= 10;
            }
          }
        }
        p = r;
      }
    }
    skip_sp(&p);
    long zoff = 0;
    bool zoned = true; /* else $TZ's rule decides */
    if (*p == 'Z' || *p == 'z') {
      zoff = 0;
      p++;
    } else if (word_is(&p, "UTC") || word_is(&p, "GMT")) {
      zoff = 0;
    } else if (*p == '+' || *p == '-') {
      int sg = *p == '-' ? -1 : 1;
      p++;
      long zh, zm = 0;
      if (!digits(&p, 2, &zh)) return false;
      if (*p == ':') p++;
      digits(&p, 2, &zm);
      zoff = sg * (zh * 3600 + zm * 60);
    } else {
      zoned = false;
    }
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || hh > 24 || mm > 59 ||
        ss > 60)
      return false;
    int64_t local = vsh__days_from_civil(y, (int)mo, (int)d) * 86400 +
                    hh * 3600 + mm * 60 + ss;
    if (zoned) t = local - zoff;
    else if (!fu_tz_local(b, local, &t)) return false;
    skip_sp(&p);
    if (!*p) {
      out->tv_sec = t;
      out->tv_nsec = nsec;
      return true;
    }
  }
  /* relative words */
  if (!have_date) nsec = now.tv_nsec;
  while (*p) {
    skip_sp(&p);
    if (!*p) break;
    if (word_is(&p, "now")) continue;
    if (word_is(&p, "today")) continue;
    if (word_is(&p, "yesterday")) {
      t -= 86400;
      continue;
    }
    if (word_is(&p, "tomorrow")) {
      t += 86400;
      continue;
    }
    long n = 1;
    int sign = 1;
    if (*p == '-' || *p == '+') {
      sign = *p == '-' ? -1 : 1;
      p++;
      skip_sp(&p);
    }
    if (*p >= '0' && *p <= '9') {
      n = 0;
      while (*p >= '0' && *p <= '9') n = n * 10 + (*p++ - '0');
      skip_sp(&p);
    }
    static const struct {
      const char *w;
      long secs;
    } units[] = {{"seconds", 1},       {"second", 1},    {"secs", 1},
                 {"sec", 1},           {"minutes", 60},  {"minute", 60},
                 {"mins", 60},         {"min", 60},      {"hours", 3600},
                 {"hour", 3600},       {"days", 86400},  {"day", 86400},
                 {"weeks", 604800},    {"week", 604800}, {"fortnight", 1209600},
                 {"months", 2592000},  {"month", 2592000},
                 {"years", 31536000},  {"year", 31536000}};
    long secs = 0;
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
      if (word_is(&p, units[i].w)) {
        secs = units[i].secs;
        break;
      }
    if (!secs) return false;
    skip_sp(&p);
    if (word_is(&p, "ago")) sign = -sign;
    t += sign * n * secs;
  }
  out->tv_sec = t;
  out->tv_nsec = nsec;
  return true;
}

void fu_human(uint64_t n, char *out, size_t cap) {
  static const char units[] = "KMGTPEZY";
  if (n < 1024) {
    snprintf(out, cap, "%llu", (unsigned long long)n);
    return;
  }
  /* value in tenths, rounded up as GNU's --human-readable does */
  int u = -1;
  uint64_t whole = n, rem = 0, div = 1;
  while (whole >= 1024 && u < 7) {
    div *= 1024;
    whole = n / div;
    u++;
    if (div > UINT64_MAX / 1024) break;
  }
  rem = n % div;
  if (whole < 10) {
    uint64_t tenths = (rem * 10 + div - 1) / div; /* ceiling */
    if (tenths == 10) {
      whole++;
      tenths = 0;
    }
    if (whole < 10) {
      snprintf(out, cap, "%llu.%llu%c", (unsigned long long)whole,
               (unsigned long long)tenths, units[u]);
      return;
    }
  } else if (rem) {
    whole++;
  }
  if (whole >= 1024 && u < 7) {
    snprintf(out, cap, "1.0%c", units[u + 1]);
    return;
  }
  snprintf(out, cap, "%llu%c", (unsigned long long)whole, units[u]);
}

char *fu_join(bi_ctx *b, const char *dir, const char *name) {
  size_t dl = strlen(dir), nl = strlen(name);
  bool slash = dl > 0 && dir[dl - 1] == '/';
  char *r = vsh__arena_alloc(b->arena, dl + nl + 2);
  if (!r) return NULL;
  memcpy(r, dir, dl);
  if (!slash) r[dl++] = '/';
  memcpy(r + dl, name, nl + 1);
  return r;
}

const char *fu_base_name(bi_ctx *b, const char *s) {
  size_t n = strlen(s);
  while (n > 1 && s[n - 1] == '/') n--;
  size_t i = n;
  while (i > 0 && s[i - 1] != '/') i--;
  return vsh__arena_strndup(b->arena, s + i, n - i);
}

/* "name: MESSAGE" and the Try line; returns 1 (cp, mv, ln, install). */
static int target_usage_err(bi_ctx *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int target_usage_err(bi_ctx *b, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  bi_err(b, "%s", msg);
  bi_try_help(b);
  return 1;
}

int fu_target_dir(bi_ctx *b, char **ops, int *n, const char *target,
                  bool no_target, const char **dir, const char **dabs) {
  *dir = *dabs = NULL;
  if (target && no_target)
    return target_usage_err(b, "cannot combine --target-directory (-t) "
                               "and --no-target-directory (-T)");
  if (*n == 0) return target_usage_err(b, "missing file operand");
  if (*n == 1 && !target)
    return target_usage_err(b, "missing destination file operand after %s",
                            fu_quote(b, ops[0]));
  if (no_target && *n > 2)
    return target_usage_err(b, "extra operand %s", fu_quote(b, ops[2]));
  const char *d = target;
  vfs_info st;
  if (!d && !no_target) {
    const char *last = bi_path(b, ops[*n - 1]);
    if (last && !vfs_stat(b->fs, last, true, &st) && st.type == VFS_DIR) {
      d = ops[*n - 1];
      (*n)--;
    } else if (*n > 2) {
      if (last && !vfs_stat(b->fs, last, true, &st))
        bi_err(b, "target %s is not a directory", fu_quote(b, ops[*n - 1]));
      else
        bi_err(b, "target %s: %s", fu_quote(b, ops[*n - 1]),
               vsh_strerror(VSH_ENOENT));
      return 1;
    }
  }
  if (!d) return 0;
  const char *a = bi_path(b, d);
  int rc = a ? vfs_stat(b->fs, a, true, &st) : VSH_ENAMETOOLONG;
  if (rc || st.type != VFS_DIR) { /* only -t DIR gets here unchecked */
    bi_err(b, "target directory %s: %s", fu_quote(b, d),
           vsh_strerror(rc ? rc : VSH_ENOTDIR));
    return 1;
  }
  *dir = d;
  *dabs = a;
  return 0;
}

bool fu_is_dot_or_dotdot(const char *name) {
  return !strcmp(name, ".") || !strcmp(name, "..");
}

bool fu_parse_mode(const char *s, unsigned old, bool is_dir, unsigned umask,
                   unsigned *out) {
  if (!*s) return false;
  if (*s >= '0' && *s <= '7') {
    unsigned v = 0;
    const char *p = s;
    for (; *p; p++) {
      if (*p < '0' || *p > '7') return false;
      v = v * 8 + (unsigned)(*p - '0');
      if (v > 07777) return false;
    }
    /* GNU keeps a directory's set-id bits unless 5+ digits say otherwise */
    if (is_dir && p - s < 5) v |= old & 06000;
    *out = v;
    return true;
  }
  unsigned m = old & 07777;
  const char *p = s;
  for (;;) {
    unsigned who = 0;
    for (;; p++) {
      if (*p == 'u') who |= 04700;
      else if (*p == 'g') who |= 02070;
      else if (*p == 'o') who |= 01007;
      else if (*p == 'a') who |= 07777;
      else break;
    }
    bool no_who = who == 0;
    if (no_who) who = 07777;
    if (*p != '+' && *p != '-' && *p != '=') return false;
    while (*p == '+' || *p == '-' || *p == '=') {
      char op = *p++;
      unsigned perm = 0;
      if (*p == 'u' || *p == 'g' || *p == 'o') {
        unsigned src = *p == 'u' ? (m >> 6) & 7 : *p == 'g' ? (m >> 3) & 7 : m & 7;
        perm = src * 0111;
        p++;
      } else {
        for (;; p++) {
          if (*p == 'r') perm |= 0444;
          else if (*p == 'w') perm |= 0222;
          else if (*p == 'x') perm |= 0111;
          else if (*p == 'X') {
            if (is_dir || (m & 0111)) perm |= 0111;
          } else if (*p == 's') perm |= 06000;
          else if (*p == 't') perm |= 01000;
          else break;
        }
      }
      unsigned mask = who;
      if (no_who) mask &= ~umask | 07000;
      perm &= mask;
      if (op == '+') m |= perm;
      else if (op == '-') m &= ~perm;
      else {
        /* GNU keeps a directory's set-id bits unless named explicitly */
        unsigned clr = who;
        if (is_dir) clr &= ~06000u;
        m = (m & ~clr) | perm;
      }
    }
    if (*p == ',') {
      p++;
      continue;
    }
    if (*p) return false;
    break;
  }
  *out = m & 07777;
  return true;
}

const char *fu_cquote(bi_ctx *b, const char *s) {
  size_t n = strlen(s);
  char *r = vsh__arena_alloc(b->arena, n + 7);
  if (!r) return s;
  memcpy(r, "\xe2\x80\x98", 3);
  memcpy(r + 3, s, n);
  memcpy(r + 3 + n, "\xe2\x80\x99", 4);
  return r;
}

/* ---- tree walk --------------------------------------------------------- */

typedef struct walk_frame {
  char *path, *shown;
  vfs_dirlist list;
  size_t idx;
  int depth;
  uint64_t ino;
  vfs_info st;
} walk_frame;

struct fu_walk {
  bi_ctx *b;
  bool follow, want_post;
  walk_frame *fr;
  size_t n, cap;
  fu_went cur;
  vsh_buf path, shown;
  char *root_path, *root_shown;
  int state;          /* 0: root not returned yet, 1: walking */
  bool pending_dir;   /* cur is a directory to descend into */
  bool skip;
};

int fu_walk_new(fu_walk **out, bi_ctx *b, const char *abs, const char *shown,
                bool follow, bool follow_root, bool want_post) {
  fu_walk *w = calloc(1, sizeof(*w));
  if (!w) return VSH_ENOMEM;
  w->b = b;
  w->follow = follow;
  w->want_post = want_post;
  w->root_path = strdup(abs);
  w->root_shown = strdup(shown);
  if (!w->root_path || !w->root_shown) {
    fu_walk_free(w);
    return VSH_ENOMEM;
  }
  w->cur.err = vfs_stat(b->fs, abs, follow || follow_root, &w->cur.st);
  if (w->cur.err && (follow || follow_root))
    w->cur.err = vfs_stat(b->fs, abs, false, &w->cur.st);
  *out = w;
  return 0;
}

void fu_walk_free(fu_walk *w) {
  if (!w) return;
  for (size_t i = 0; i < w->n; i++) {
    free(w->fr[i].path);
    free(w->fr[i].shown);
    vfs_dirlist_dispose(&w->fr[i].list);
  }
  free(w->fr);
  free(w->root_path);
  free(w->root_shown);
  vsh_buf_dispose(&w->path);
  vsh_buf_dispose(&w->shown);
  free(w);
}

void fu_walk_skip(fu_walk *w) { w->skip = true; }

static int set_cur(fu_walk *w, const char *path, const char *shown) {
  vsh__buf_clear(&w->path);
  vsh__buf_clear(&w->shown);
  if (vsh__buf_puts(&w->path, path) || vsh__buf_puts(&w->shown, shown))
    return VSH_ENOMEM;
  w->cur.path = w->path.data;
  w->cur.shown = w->shown.data;
  const char *sl = strrchr(w->cur.shown, '/');
  w->cur.name = sl && sl[1] ? sl + 1 : w->cur.shown;
  return 0;
}

static int push_frame(fu_walk *w) {
  /* descend into w->cur (a directory) */
  if (w->n == w->cap) {
    size_t nc = w->cap ? w->cap * 2 : 16;
    walk_frame *f = realloc(w->fr, nc * sizeof(*f));
    if (!f) return VSH_ENOMEM;
    w->fr = f;
    w->cap = nc;
  }
  walk_frame *f = &w->fr[w->n];
  memset(f, 0, sizeof(*f));
  f->path = strdup(w->cur.path);
  f->shown = strdup(w->cur.shown);
  if (!f->path || !f->shown) {
    free(f->path);
    free(f->shown);
    return VSH_ENOMEM;
  }
  f->depth = w->cur.depth;
  f->st = w->cur.st;
  int rc = vfs_readdir(w->b->fs, f->path, &f->list);
  w->n++;
  return rc;
}

int fu_walk_next(fu_walk *w, fu_went **out) {
  if (bi_cancelled(w->b)) return VSH_EABORTED;
  if (w->state == 0) {
    w->state = 1;
    if (set_cur(w, w->root_path, w->root_shown)) return VSH_ENOMEM;
    w->cur.depth = 0;
    w->cur.post = w->cur.dir_err = w->cur.loop = false;
    w->pending_dir = !w->cur.err && w->cur.st.type == VFS_DIR;
    w->skip = false;
    *out = &w->cur;
    return 1;
  }
  if (w->pending_dir && !w->skip) {
    w->pending_dir = false;
    int rc = push_frame(w);
    if (rc == VSH_ENOMEM) return rc;
    if (rc) {
      /* report, then behave as if empty */
      walk_frame *f = &w->fr[w->n - 1];
      w->cur.err = rc;
      w->cur.dir_err = true;
      w->cur.post = false;
      f->list.len = 0;
      *out = &w->cur;
      return 1;
    }
  }
  w->pending_dir = false;
  w->skip = false;
  while (w->n) {
    walk_frame *f = &w->fr[w->n - 1];
    if (f->idx < f->list.len) {
      const char *nm = f->list.items[f->idx++].name;
      size_t pl = strlen(f->path), sl = strlen(f->shown);
      vsh__buf_clear(&w->path);
      vsh__buf_clear(&w->shown);
      vsh__buf_append(&w->path, f->path, pl);
      if (!pl || f->path[pl - 1] != '/') vsh__buf_putc(&w->path, '/');
      if (vsh__buf_puts(&w->path, nm)) return VSH_ENOMEM;
      vsh__buf_append(&w->shown, f->shown, sl);
      if (!sl || f->shown[sl - 1] != '/') vsh__buf_putc(&w->shown, '/');
      if (vsh__buf_puts(&w->shown, nm)) return VSH_ENOMEM;
      w->cur.path = w->path.data;
      w->cur.shown = w->shown.data;
      w->cur.name = w->cur.shown + w->shown.len - strlen(nm);
      w->cur.depth = f->depth + 1;
      w->cur.post = w->cur.dir_err = w->cur.loop = false;
      w->cur.err = vfs_stat(w->b->fs, w->cur.path, w->follow, &w->cur.st);
      if (w->cur.err && w->follow) /* dangling: show the link itself */
        w->cur.err = vfs_stat(w->b->fs, w->cur.path, false, &w->cur.st);
      w->pending_dir = !w->cur.err && w->cur.st.type == VFS_DIR;
      if (w->pending_dir && w->follow) {
        for (size_t i = 0; i < w->n; i++)
          if (w->fr[i].st.ino == w->cur.st.ino) {
            w->cur.loop = true;
            w->pending_dir = false;
          }
      }
      *out = &w->cur;
      return 1;
    }
    /* directory done */
    w->n--;
    bool post = w->want_post;
    if (post) {
      if (set_cur(w, f->path, f->shown)) return VSH_ENOMEM;
      w->cur.depth = f->depth;
      w->cur.st = f->st;
      w->cur.err = 0;
      w->cur.post = true;
      w->cur.dir_err = w->cur.loop = false;
    }
    free(f->path);
    free(f->shown);
    vfs_dirlist_dispose(&f->list);
    if (post) {
      *out = &w->cur;
      return 1;
    }
  }
  return 0;
}

/* ---- canonical paths ------------------------------------------------------- */

int fu_canon(bi_ctx *b, const char *abs, int mode, vsh_buf *out) {
  vsh_buf rest = {0}; /* components still to walk, '/'-separated */
  vsh_buf tmp = {0};
  int rc = 0, links = 0;
  vsh__buf_clear(out);
  vsh__buf_puts(out, "/");
  if (vsh__buf_puts(&rest, abs)) return VSH_ENOMEM;
  size_t pos = 0;
  bool missing = false; /* a component was missing (MISSING mode) */
  while (pos < rest.len) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    while (pos < rest.len && rest.data[pos] == '/') pos++;
    if (pos >= rest.len) break;
    size_t end = pos;
    while (end < rest.len && rest.data[end] != '/') end++;
    size_t cl = end - pos;
    const char *comp = rest.data + pos;
    bool last = true;
    for (size_t k = end; k < rest.len; k++)
      if (rest.data[k] != '/') {
        last = false;
        break;
      }
    if (cl == 1 && comp[0] == '.') {
      pos = end;
      continue;
    }
    if (cl == 2 && comp[0] == '.' && comp[1] == '.') {
      while (out->len > 1 && out->data[out->len - 1] != '/') out->len--;
      if (out->len > 1) out->len--;
      out->data[out->len] = 0;
      pos = end;
      continue;
    }
    size_t save = out->len;
    if (out->len > 1) vsh__buf_putc(out, '/');
    vsh__buf_append(out, comp, cl);
    pos = end;
    if (missing) continue;
    vfs_info st;
    int r = vfs_stat(b->fs, out->data, false, &st);
    if (r) {
      if (r == VSH_ENOENT &&
          (mode == FU_CANON_MISSING || (mode == FU_CANON_ALL_BUT_LAST && last))) {
        missing = mode == FU_CANON_MISSING;
        continue;
      }
      rc = r;
      break;
    }
    if (st.type == VFS_LNK) {
      if (++links > VFS_SYMLOOP_MAX) {
        rc = VSH_ELOOP;
        break;
      }
      vsh__buf_clear(&tmp);
      r = vfs_readlink(b->fs, out->data, &tmp);
      if (r) {
        rc = r;
        break;
      }
      /* splice the target in front of what is left */
      vsh__buf_putc(&tmp, '/');
      vsh__buf_append(&tmp, rest.data + pos, rest.len - pos);
      vsh__buf_clear(&rest);
      vsh__buf_append(&rest, tmp.data, tmp.len);
      pos = 0;
      if (tmp.data[0] == '/') {
        vsh__buf_clear(out);
        vsh__buf_puts(out, "/");
      } else {
        out->len = save;
        if (!out->len) vsh__buf_putc(out, '/');
        out->data[out->len] = 0;
      }
      continue;
    }
    if (!last && st.type != VFS_DIR) {
      if (mode == FU_CANON_MISSING) {
        missing = true;
        continue;
      }
      rc = VSH_ENOTDIR;
      break;
    }
  }
  vsh_buf_dispose(&rest);
  vsh_buf_dispose(&tmp);
  return rc;
}

const char *fu_raw_path(bi_ctx *b, const char *p) {
  if (p[0] == '/') return p;
  return fu_join(b, b->cwd, p);
}
