/* find.c: search for files in a directory hierarchy, GNU findutils style.
 * Tests, actions and operators are parsed into a tree (find_parse.c) and
 * evaluated per entry of an iterative walk (bi_walk).  Order is the
 * directory order as read (vsh's readdir is sorted).  -regex uses the
 * shared engine (core/regex) with emacs syntax translated to ERE.
 * -execdir/-okdir run the command in the entry's directory (a forked
 * shell context), -ok/-okdir ask on stderr and read the answer from stdin.
 * Deviations: no -fprint*; -newerXY takes birth times (B) to be change
 * times. */
#include "builtins/search/find_int.h"

#include <stdio.h>
#include <string.h>

/* find's arguments are an expression, not options: main answers
 * --help and --version from this declaration itself. */
static const bi_cmd find_cmd = {
    .name = "find",
    .usage = "Usage: find [-H] [-L] [-P] [path...] [expression]\n",
    .about =
        "\n"
        "default path is the current directory; default expression is "
        "-print\n"
        "expression may consist of: operators, options, tests, and actions:\n"
        "operators (decreasing precedence; -and is implicit where no others "
        "are given):\n"
        "      ( EXPR )   ! EXPR   -not EXPR   EXPR1 -a EXPR2   EXPR1 -and "
        "EXPR2\n"
        "      EXPR1 -o EXPR2   EXPR1 -or EXPR2   EXPR1 , EXPR2\n"
        "positional options (always true): -daystart -follow -regextype\n"
        "normal options (always true, specified before other expressions):\n"
        "      -depth -maxdepth LEVELS -mindepth LEVELS -mount -noleaf "
        "-xdev\n"
        "tests (N can be +N or -N or N): -amin N -atime N -cmin N -ctime N\n"
        "      -empty -false -gid N -group NAME -iname PATTERN -inum N\n"
        "      -ipath PATTERN -iregex PATTERN -links N -lname PATTERN -mmin "
        "N\n"
        "      -mtime N -name PATTERN -newer FILE -path PATTERN -perm "
        "[-/]MODE\n"
        "      -regex PATTERN -readable -writable -executable -samefile "
        "FILE\n"
        "      -size N[bcwkMG] -true -type [bcdpflsD] -uid N -user NAME\n"
        "actions: -delete -print0 -printf FORMAT -prune -print -quit -ls\n"
        "      -exec COMMAND ; -exec COMMAND {} + -ok COMMAND ;\n"
        "      -execdir COMMAND ; -execdir COMMAND {} + -okdir COMMAND ;\n",
};

static bool cancelled_cb(void *ud) { return bi_cancelled((bi_ctx *)ud); }

/* ---- evaluation ---------------------------------------------------------- */

typedef struct fent {
  bi_went *w;
  const char *path; /* shown path */
  bool skip;        /* -prune hit */
} fent;

static bool num_cmp(char cmp, int64_t v, int64_t n) {
  return cmp == '+' ? v > n : cmp == '-' ? v < n : v == n;
}

static int out_str(find_st *s, const char *p, size_t n) {
  if (s->rc) return s->rc;
  int rc = bi_write(s->b, p, n);
  if (rc) s->rc = rc;
  return rc;
}

static char type_letter(vfs_type t) {
  switch (t) {
  case VFS_DIR: return 'd';
  case VFS_LNK: return 'l';
  case VFS_CHR: return 'c';
  case VFS_FIFO: return 'p';
  default: return 'f';
  }
}

static const char *dirname_of(find_st *s, const char *p) {
  const char *sl = strrchr(p, '/');
  if (!sl) return ".";
  if (sl == p) return "/";
  return vsh__arena_strndup(s->b->arena, p, (size_t)(sl - p));
}

static void fmt_ctime(find_st *s, struct timespec ts, vsh_buf *o) {
  bi_tm tm;
  bi_time_at(ts.tv_sec, bi_zone_offset(&s->tz, ts.tv_sec, NULL), &tm);
  vsh__buf_printf(o, "%s %s %2d %02d:%02d:%02d.%09ld0 %lld", bi_days[tm.wday],
                  bi_months[tm.mon], tm.mday, tm.hour, tm.min, tm.sec,
                  (long)ts.tv_nsec, (long long)tm.year);
}

static void fmt_time_char(find_st *s, struct timespec ts, char k, vsh_buf *o) {
  bi_tm tm;
  const char *zname;
  long zoff = bi_zone_offset(&s->tz, ts.tv_sec, &zname);
  bi_time_at(ts.tv_sec, zoff, &tm);
  long off = zoff < 0 ? -zoff : zoff;
  switch (k) {
  case '@':
    vsh__buf_printf(o, "%lld.%09ld0", (long long)ts.tv_sec, (long)ts.tv_nsec);
    break;
  case 'Y': vsh__buf_printf(o, "%lld", (long long)tm.year); break;
  case 'y': vsh__buf_printf(o, "%02d", (int)(tm.year % 100)); break;
  case 'm': vsh__buf_printf(o, "%02d", tm.mon + 1); break;
  case 'd': vsh__buf_printf(o, "%02d", tm.mday); break;
  case 'e': vsh__buf_printf(o, "%2d", tm.mday); break;
  case 'H': vsh__buf_printf(o, "%02d", tm.hour); break;
  case 'I': vsh__buf_printf(o, "%02d", tm.hour % 12 ? tm.hour % 12 : 12); break;
  case 'k': vsh__buf_printf(o, "%2d", tm.hour); break;
  case 'l': vsh__buf_printf(o, "%2d", tm.hour % 12 ? tm.hour % 12 : 12); break;
  case 'M': vsh__buf_printf(o, "%02d", tm.min); break;
  case 'S': vsh__buf_printf(o, "%02d.%09ld0", tm.sec, (long)ts.tv_nsec); break;
  case 'p': vsh__buf_puts(o, tm.hour < 12 ? "AM" : "PM"); break;
  case 'a': vsh__buf_puts(o, bi_days[tm.wday]); break;
  case 'b':
  case 'h': vsh__buf_puts(o, bi_months[tm.mon]); break;
  case 'j': vsh__buf_printf(o, "%03d", tm.yday + 1); break;
  case 'F':
    vsh__buf_printf(o, "%04lld-%02d-%02d", (long long)tm.year, tm.mon + 1,
                    tm.mday);
    break;
  case 'D':
    vsh__buf_printf(o, "%02d/%02d/%02d", tm.mon + 1, tm.mday,
                    (int)(tm.year % 100));
    break;
  case 'T':
  case '+':
    if (k == '+')
      vsh__buf_printf(o, "%04lld-%02d-%02d+", (long long)tm.year, tm.mon + 1,
                      tm.mday);
    vsh__buf_printf(o, "%02d:%02d:%02d.%09ld0", tm.hour, tm.min, tm.sec,
                    (long)ts.tv_nsec);
    break;
  case 'X':
    vsh__buf_printf(o, "%02d:%02d:%02d", tm.hour, tm.min, tm.sec);
    break;
  case 'r':
    vsh__buf_printf(o, "%02d:%02d:%02d %s", tm.hour % 12 ? tm.hour % 12 : 12,
                    tm.min, tm.sec, tm.hour < 12 ? "AM" : "PM");
    break;
  case 'R': vsh__buf_printf(o, "%02d:%02d", tm.hour, tm.min); break;
  case 'c':
    vsh__buf_printf(o, "%s %s %2d %02d:%02d:%02d %lld", bi_days[tm.wday],
                    bi_months[tm.mon], tm.mday, tm.hour, tm.min, tm.sec,
                    (long long)tm.year);
    break;
  case 'x':
    vsh__buf_printf(o, "%02d/%02d/%02d", tm.mon + 1, tm.mday,
                    (int)(tm.year % 100));
    break;
  case 's': vsh__buf_printf(o, "%lld", (long long)ts.tv_sec); break;
  case 'z':
    vsh__buf_printf(o, "%c%02ld%02ld", zoff < 0 ? '-' : '+', off / 3600,
                    off % 3600 / 60);
    break;
  case 'Z': vsh__buf_puts(o, zname); break;
  case 'U': vsh__buf_printf(o, "%02d", (tm.yday + 7 - tm.wday) / 7); break;
  case 'w': vsh__buf_printf(o, "%d", tm.wday); break;
  default: vsh__buf_putc(o, k); break;
  }
}

static void pad_put(vsh_buf *o, const char *flags, int width, int prec,
                    const char *v, size_t n) {
  bool left = strchr(flags, '-') != NULL;
  if (prec >= 0 && (size_t)prec < n) n = (size_t)prec;
  int pad = width > (int)n ? width - (int)n : 0;
  if (!left)
    for (int i = 0; i < pad; i++) vsh__buf_putc(o, ' ');
  vsh__buf_append(o, v, n);
  if (left)
    for (int i = 0; i < pad; i++) vsh__buf_putc(o, ' ');
}

static void do_printf(find_st *s, fent *e, const char *f, vsh_buf *o) {
  const vfs_info *st = &e->w->st;
  vsh_buf v = {0};
  for (const char *p = f; *p; p++) {
    if (*p == '\\') {
      p++;
      switch (*p) {
      case 'n': vsh__buf_putc(o, '\n'); break;
      case 't': vsh__buf_putc(o, '\t'); break;
      case 'r': vsh__buf_putc(o, '\r'); break;
      case 'a': vsh__buf_putc(o, '\a'); break;
      case 'b': vsh__buf_putc(o, '\b'); break;
      case 'f': vsh__buf_putc(o, '\f'); break;
      case 'v': vsh__buf_putc(o, '\v'); break;
      case '\\': vsh__buf_putc(o, '\\'); break;
      case 'c': s->quit = s->quit; goto done; /* stop this format */
      case 0:
        vsh__buf_putc(o, '\\');
        p--;
        break;
      default:
        if (*p >= '0' && *p <= '7') {
          int val = 0, k = 0;
          while (k < 3 && *p >= '0' && *p <= '7') {
            val = val * 8 + (*p++ - '0');
            k++;
          }
          p--;
          vsh__buf_putc(o, (char)val);
        } else {
          vsh__buf_putc(o, '\\');
          vsh__buf_putc(o, *p);
        }
      }
      continue;
    }
    if (*p != '%') {
      vsh__buf_putc(o, *p);
      continue;
    }
    p++;
    if (*p == '%') {
      vsh__buf_putc(o, '%');
      continue;
    }
    char flags[8] = {0};
    int nf = 0, width = 0, prec = -1;
    while (*p && strchr("-+ #0", *p) && nf < 7) flags[nf++] = *p++;
    while (*p >= '0' && *p <= '9') width = width * 10 + (*p++ - '0');
    if (*p == '.') {
      p++;
      prec = 0;
      while (*p >= '0' && *p <= '9') prec = prec * 10 + (*p++ - '0');
    }
    if (!*p) {
      vsh__buf_putc(o, '%');
      break;
    }
    vsh__buf_clear(&v);
    const char *path = e->path;
    switch (*p) {
    case 'p': vsh__buf_puts(&v, path); break;
    case 'f': {
      const char *nm = e->w->depth == 0 ? path : e->w->name;
      if (e->w->depth == 0) {
        size_t n = strlen(nm);
        while (n > 1 && nm[n - 1] == '/') n--;
        const char *sl = NULL;
        for (size_t i = 0; i < n; i++)
          if (nm[i] == '/') sl = nm + i;
        if (sl && sl + 1 < nm + n)
          vsh__buf_append(&v, sl + 1, (size_t)(nm + n - sl - 1));
        else vsh__buf_append(&v, nm, n);
      } else {
        vsh__buf_puts(&v, nm);
      }
      break;
    }
    case 'h': vsh__buf_puts(&v, dirname_of(s, path)); break;
    case 'P': {
      size_t rl = strlen(s->root);
      const char *r = path + (strncmp(path, s->root, rl) ? 0 : rl);
      if (*r == '/') r++;
      vsh__buf_puts(&v, r);
      break;
    }
    case 'H': vsh__buf_puts(&v, s->root); break;
    case 's': vsh__buf_printf(&v, "%llu", (unsigned long long)st->size); break;
    case 'd': vsh__buf_printf(&v, "%d", e->w->depth); break;
    case 'm': vsh__buf_printf(&v, "%o", st->mode & 07777); break;
    case 'M': {
      char ms[11];
      bi_mode_string(st, ms);
      vsh__buf_puts(&v, ms);
      break;
    }
    case 'y': vsh__buf_putc(&v, type_letter(st->type)); break;
    case 'Y': {
      vfs_info t;
      if (st->type == VFS_LNK) {
        int r = vfs_stat(s->b->fs, e->w->path, true, &t);
        vsh__buf_putc(&v, r == VSH_ELOOP ? 'L' : r ? 'N' : type_letter(t.type));
      } else {
        vsh__buf_putc(&v, type_letter(st->type));
      }
      break;
    }
    case 'u':
    case 'g': {
      const char *nm =
          *p == 'u' ? bi_user_name(st->uid) : bi_group_name(st->gid);
      if (nm) vsh__buf_puts(&v, nm);
      else vsh__buf_printf(&v, "%u", *p == 'u' ? st->uid : st->gid);
      break;
    }
    case 'U': vsh__buf_printf(&v, "%u", st->uid); break;
    case 'G': vsh__buf_printf(&v, "%u", st->gid); break;
    case 'i': vsh__buf_printf(&v, "%llu", (unsigned long long)st->ino); break;
    case 'n': vsh__buf_printf(&v, "%u", st->nlink); break;
    case 'k':
      vsh__buf_printf(&v, "%llu", (unsigned long long)(bi_blocks(st) / 2));
      break;
    case 'b':
      vsh__buf_printf(&v, "%llu", (unsigned long long)bi_blocks(st));
      break;
    case 'D': vsh__buf_puts(&v, "0"); break;
    case 'F': vsh__buf_puts(&v, "vsh"); break;
    case 'S': vsh__buf_puts(&v, st->size ? "1" : "1"); break;
    case 'l':
      if (st->type == VFS_LNK) vfs_readlink(s->b->fs, e->w->path, &v);
      break;
    case 't': fmt_ctime(s, st->mtime, &v); break;
    case 'a': fmt_ctime(s, st->atime, &v); break;
    case 'c': fmt_ctime(s, st->ctime, &v); break;
    case 'T':
    case 'A':
    case 'C': {
      struct timespec ts = *p == 'T'   ? st->mtime
                           : *p == 'A' ? st->atime
                                       : st->ctime;
      if (!p[1]) {
        vsh__buf_putc(&v, '%');
        vsh__buf_putc(&v, *p);
        break;
      }
      p++;
      fmt_time_char(s, ts, *p, &v);
      break;
    }
    default:
      /* GNU warns about unknown directives; print them as they are */
      vsh__buf_putc(&v, '%');
      vsh__buf_putc(&v, *p);
      break;
    }
    pad_put(o, flags, width, prec, v.data ? v.data : "", v.len);
  }
done:
  vsh_buf_dispose(&v);
}

/* Runs argv; dir (-execdir) in that directory and null_in (-ok) with
 * stdin from /dev/null, both in a subshell as GNU's child is. */
static int run_cmd(find_st *s, const char *dir, bool null_in, int argc,
                   char **argv) {
  if (!bi_has_shell(s->b)) return 127;
  int st;
  if (!dir && !null_in) {
    int found = bi_command_lookup(s->b, argv[0]);
    if (found) { /* GNU's words, not the shell's */
      bi_err(s->b, BI_LQ "%s" BI_RQ ": %s", argv[0], vsh_strerror(found));
      return found == VSH_ENOENT ? 127 : 126;
    }
    st = bi_run_argv(s->b, argc, argv);
  } else {
    bi_sub *c;
    if (bi_sub_new(s->b, &c)) {
      s->rc = VSH_ENOMEM;
      return 1;
    }
    if (dir && bi_sub_chdir(c, dir)) {
      bi_sub_free(c);
      s->rc = VSH_ENOMEM;
      return 1;
    }
    if (null_in) bi_sub_stdin(c, sh_stream_null());
    int found = bi_sub_command_lookup(c, argv[0]);
    if (found)
      bi_err(s->b, BI_LQ "%s" BI_RQ ": %s", argv[0], vsh_strerror(found));
    st = found ? (found == VSH_ENOENT ? 127 : 126)
               : bi_sub_run_argv(c, argc, argv);
    bi_sub_free(c);
  }
  if (bi_cancelled(s->b)) s->rc = VSH_EABORTED;
  return st;
}

static int flush_batch(find_st *s, fnode *n) {
  if (!n->npend) return 0;
  int argc = n->argc - 1 + (int)n->npend;
  char **argv = malloc(((size_t)argc + 1) * sizeof(char *));
  if (!argv) return VSH_ENOMEM;
  int k = 0;
  for (int i = 0; i < n->argc - 1; i++) argv[k++] = n->argv[i];
  for (size_t i = 0; i < n->npend; i++) argv[k++] = n->pend[i];
  argv[k] = NULL;
  int st = run_cmd(s, n->in_dir ? n->pend_dir : NULL, false, argc, argv);
  if (st) s->status = 1;
  free(argv);
  for (size_t i = 0; i < n->npend; i++) free(n->pend[i]);
  n->npend = 0;
  n->pend_bytes = 0;
  free(n->pend_dir);
  n->pend_dir = NULL;
  return 0;
}

/* -execdir: the directory to run in (absolute, arena) and the name {}
 * stands for there: "./NAME" as GNU has it; a start point keeps its
 * trailing slashes ("./s/"), "/" stays "/". */
static bool dir_and_name(find_st *s, fent *e, const char **dir,
                         const char **name) {
  const char *p = e->path;
  size_t n = strlen(p), end = n;
  while (end > 0 && p[end - 1] == '/') end--;
  if (end == 0 && n) { /* "/" */
    *dir = "/";
    *name = p;
    return true;
  }
  size_t beg = end;
  while (beg > 0 && p[beg - 1] != '/') beg--;
  if (e->w->depth == 0) {
    char *d = vsh__arena_strndup(s->b->arena, p, beg);
    *dir = d ? bi_path(s->b, beg ? d : ".") : NULL;
  } else {
    const char *a = e->w->path, *slash = strrchr(a, '/');
    *dir = slash == a ? "/"
                      : vsh__arena_strndup(s->b->arena, a, (size_t)(slash - a));
  }
  vsh_buf o = {0};
  vsh__buf_puts(&o, "./");
  vsh__buf_append(&o, p + beg, n - beg > end - beg ? end - beg + 1 : n - beg);
  *name = o.data ? vsh__arena_strndup(s->b->arena, o.data, o.len) : NULL;
  vsh_buf_dispose(&o);
  return *dir && *name;
}

/* -ok: "< CMD ... PATH > ? " on stderr, then a line from stdin; yes when
 * it starts with y or Y (GNU's answer in the C locale). */
static bool ask_user(find_st *s, fnode *n, fent *e) {
  bi_ctx *b = s->b;
  vsh_buf q = {0};
  vsh__buf_printf(&q, "< %s ... %s > ? ", n->argv[0], e->path);
  int rc = q.data ? bi_write_to(b, b->err, q.data, q.len) : VSH_ENOMEM;
  vsh_buf_dispose(&q);
  if (rc == VSH_EABORTED || rc == VSH_ENOMEM) s->rc = rc;
  if (rc) return false;
  if (!s->answers) {
    s->answers = malloc(sizeof(*s->answers));
    if (!s->answers) {
      s->rc = VSH_ENOMEM;
      return false;
    }
    bi_reader_init(s->answers, b, b->in);
  }
  const char *line = NULL;
  size_t len = 0;
  int got = bi_read_line(s->answers, '\n', &line, &len);
  if (got < 0) {
    if (got == VSH_EABORTED || got == VSH_ENOMEM) s->rc = got;
    return false;
  }
  return got && len && (line[0] == 'y' || line[0] == 'Y');
}

static bool do_exec(find_st *s, fnode *n, fent *e) {
  vsh_arena_mark m = vsh__arena_mark(s->b->arena);
  const char *dir = NULL, *path = e->path;
  if (n->in_dir && !dir_and_name(s, e, &dir, &path)) {
    s->rc = VSH_ENOMEM;
    return false;
  }
  if (n->batch) {
    if (n->npend && n->in_dir && (e->w->depth == 0 || strcmp(n->pend_dir, dir)))
      flush_batch(s, n);
    char *c = strdup(path);
    if (!c || (n->in_dir && !n->pend_dir && !(n->pend_dir = strdup(dir)))) {
      free(c);
      s->rc = VSH_ENOMEM;
      return false;
    }
    char **np = realloc(n->pend, (n->npend + 1) * sizeof(char *));
    if (!np) {
      free(c);
      s->rc = VSH_ENOMEM;
      return false;
    }
    n->pend = np;
    n->pend[n->npend++] = c;
    n->pend_bytes += strlen(c) + 1;
    if (n->npend >= FIND_BATCH_ARGS || n->pend_bytes >= FIND_BATCH_BYTES ||
        (n->in_dir && e->w->depth == 0))
      flush_batch(s, n);
    vsh__arena_pop(s->b->arena, m);
    return true;
  }
  char **argv =
      vsh__arena_alloc(s->b->arena, ((size_t)n->argc + 1) * sizeof(char *));
  if (!argv) return false;
  size_t pl = strlen(path);
  for (int i = 0; i < n->argc; i++) {
    const char *w = n->argv[i];
    if (!strstr(w, "{}")) {
      argv[i] = (char *)w;
      continue;
    }
    vsh_buf o = {0};
    for (const char *q = w; *q; q++) {
      if (q[0] == '{' && q[1] == '}') {
        vsh__buf_append(&o, path, pl);
        q++;
      } else {
        vsh__buf_putc(&o, *q);
      }
    }
    argv[i] = vsh__arena_strndup(s->b->arena, o.data ? o.data : "", o.len);
    vsh_buf_dispose(&o);
    if (!argv[i]) {
      s->rc = VSH_ENOMEM;
      vsh__arena_pop(s->b->arena, m);
      return false;
    }
  }
  argv[n->argc] = NULL;
  int st = 1;
  if (!n->ask || ask_user(s, n, e)) st = run_cmd(s, dir, n->ask, n->argc, argv);
  vsh__arena_pop(s->b->arena, m);
  return st == 0;
}

static bool is_empty(find_st *s, fent *e) {
  if (e->w->st.type == VFS_REG) return e->w->st.size == 0;
  if (e->w->st.type != VFS_DIR) return false;
  vfs_dirlist l = {0};
  if (vfs_readdir(s->b->fs, e->w->path, &l)) return false;
  bool empty = l.len == 0;
  vfs_dirlist_dispose(&l);
  return empty;
}

static bool type_match(const char *letters, vfs_type t) {
  char c = type_letter(t);
  for (const char *p = letters; *p; p++)
    if (*p == c) return true;
  return false;
}

static bool eval(find_st *s, fnode *n, fent *e);

static bool eval_kids(find_st *s, fnode *n, fent *e) {
  switch (n->kind) {
  case F_AND:
    for (size_t i = 0; i < n->nkids; i++)
      if (!eval(s, n->kids[i], e) || s->quit || s->rc) return false;
    return true;
  case F_OR:
    for (size_t i = 0; i < n->nkids; i++) {
      if (eval(s, n->kids[i], e)) return true;
      if (s->quit || s->rc) return false;
    }
    return false;
  case F_COMMA:
    eval(s, n->kids[0], e);
    if (s->quit || s->rc) return false;
    return eval(s, n->kids[1], e);
  default: return !eval(s, n->kids[0], e);
  }
}

static bool eval(find_st *s, fnode *n, fent *e) {
  const vfs_info *st = &e->w->st;
  switch (n->kind) {
  case F_AND:
  case F_OR:
  case F_NOT:
  case F_COMMA: return eval_kids(s, n, e);
  case F_TRUE: return true;
  case F_FALSE: return false;
  case F_NAME: {
    const char *nm = e->w->name;
    size_t len = strlen(nm);
    if (e->w->depth == 0) {
      /* the start point: its last component, trailing slashes dropped */
      nm = e->path;
      len = strlen(nm);
      while (len > 1 && nm[len - 1] == '/') len--;
      size_t i = len;
      while (i > 0 && nm[i - 1] != '/') i--;
      if (i < len) {
        nm += i;
        len -= i;
      }
    }
    int r = sh_pattern_match(n->pat, nm, len, &s->pbud);
    if (r < 0) s->rc = r;
    return r == 1;
  }
  case F_PATH: {
    int r = sh_pattern_match(n->pat, e->path, strlen(e->path), &s->pbud);
    if (r < 0) s->rc = r;
    return r == 1;
  }
  case F_LNAME: {
    if (st->type != VFS_LNK) return false;
    vsh_buf t = {0};
    bool ok = false;
    if (!vfs_readlink(s->b->fs, e->w->path, &t)) {
      int r = sh_pattern_match(n->pat, t.data ? t.data : "", t.len, &s->pbud);
      if (r < 0) s->rc = r;
      ok = r == 1;
    }
    vsh_buf_dispose(&t);
    return ok;
  }
  case F_REGEX: {
    vsh_regmatch m[1];
    size_t len = strlen(e->path);
    int r = vsh__regex_exec(n->re, e->path, len, 0, 0, m, 1, &s->rbud);
    if (r < 0) {
      s->rc = r;
      return false;
    }
    return r == 1 && m[0].so == 0 && (size_t)m[0].eo == len;
  }
  case F_TYPE: return type_match(n->str, st->type);
  case F_XTYPE: {
    vfs_info t;
    if (st->type == VFS_LNK && !vfs_stat(s->b->fs, e->w->path, true, &t))
      return type_match(n->str, t.type);
    if (st->type == VFS_LNK) return type_match(n->str, VFS_LNK);
    if (s->follow) {
      /* with -L, -xtype looks at the link itself */
      if (!vfs_stat(s->b->fs, e->w->path, false, &t))
        return type_match(n->str, t.type);
    }
    return type_match(n->str, st->type);
  }
  case F_SIZE: {
    uint64_t sz = st->size;
    int64_t units = (int64_t)((sz + n->unit - 1) / n->unit);
    return num_cmp(n->cmp, units, n->num);
  }
  case F_TIME: {
    struct timespec t = n->which == 'a'   ? st->atime
                        : n->which == 'c' ? st->ctime
                                          : st->mtime;
    int64_t diff = s->now - t.tv_sec;
    int64_t v;
    if (n->unit == 60) {
      /* minutes round up for a part minute (GNU compares fractions) */
      v = diff >= 0 ? (diff + 59) / 60 : -((-diff) / 60);
      if (n->cmp == '=') return diff > (n->num - 1) * 60 && diff <= n->num * 60;
    } else {
      v = diff >= 0 ? diff / 86400 : -((-diff + 86399) / 86400);
    }
    return num_cmp(n->cmp, v, n->num);
  }
  case F_NEWER: {
    struct timespec t = n->which == 'a'   ? st->atime
                        : n->which == 'c' ? st->ctime
                                          : st->mtime;
    return t.tv_sec > n->ts.tv_sec ||
           (t.tv_sec == n->ts.tv_sec && t.tv_nsec > n->ts.tv_nsec);
  }
  case F_SAMEFILE: return (int64_t)st->ino == n->num;
  case F_EMPTY: return is_empty(s, e);
  case F_ACCESS:
    return (st->mode >> (st->uid == VFS_UID ? 6 : 0) & n->mode) != 0;
  case F_PERM: {
    unsigned m = st->mode & 07777;
    if (n->perm_kind == '-') return (m & n->mode) == n->mode;
    if (n->perm_kind == '/') return n->mode == 0 || (m & n->mode) != 0;
    return m == n->mode;
  }
  case F_UID: return num_cmp(n->cmp, st->uid, n->num);
  case F_GID: return num_cmp(n->cmp, st->gid, n->num);
  case F_LINKS: return num_cmp(n->cmp, st->nlink, n->num);
  case F_INUM: return num_cmp(n->cmp, (int64_t)st->ino, n->num);
  case F_PRUNE:
    if (!s->depth_first) e->skip = true;
    return true;
  case F_QUIT: s->quit = true; return true;
  case F_PRINT: {
    size_t l = strlen(e->path);
    if (!out_str(s, e->path, l)) out_str(s, "\n", 1);
    return true;
  }
  case F_PRINT0: out_str(s, e->path, strlen(e->path) + 1); return true;
  case F_PRINTF: {
    vsh_buf o = {0};
    do_printf(s, e, n->str, &o);
    if (o.len) out_str(s, o.data, o.len);
    vsh_buf_dispose(&o);
    return true;
  }
  case F_LS: {
    char ms[11];
    bi_mode_string(st, ms);
    bi_tm tm;
    bi_time_at(st->mtime.tv_sec, bi_zone_offset(&s->tz, st->mtime.tv_sec, NULL),
               &tm);
    char date[32];
    if (st->mtime.tv_sec > s->now - 31556952 / 2 && st->mtime.tv_sec <= s->now)
      snprintf(date, sizeof date, "%s %2d %02d:%02d", bi_months[tm.mon],
               tm.mday, tm.hour, tm.min);
    else
      snprintf(date, sizeof date, "%s %2d  %lld", bi_months[tm.mon], tm.mday,
               (long long)tm.year);
    const char *u = bi_user_name(st->uid), *g = bi_group_name(st->gid);
    vsh_buf o = {0};
    vsh__buf_printf(&o, "%9llu %6llu %s %3u %-8s %-8s %8llu %s %s",
                    (unsigned long long)st->ino,
                    (unsigned long long)(bi_blocks(st) / 2), ms, st->nlink,
                    u ? u : "?", g ? g : "?", (unsigned long long)st->size,
                    date, e->path);
    if (st->type == VFS_LNK) {
      vsh_buf t = {0};
      if (!vfs_readlink(s->b->fs, e->w->path, &t))
        vsh__buf_printf(&o, " -> %.*s", (int)t.len, t.data ? t.data : "");
      vsh_buf_dispose(&t);
    }
    vsh__buf_putc(&o, '\n');
    out_str(s, o.data, o.len);
    vsh_buf_dispose(&o);
    return true;
  }
  case F_EXEC: return do_exec(s, n, e);
  case F_DELETE: {
    if (e->w->depth == 0 && !strcmp(e->path, ".")) return true;
    int rc = st->type == VFS_DIR ? vfs_rmdir(s->b->fs, e->w->path)
                                 : vfs_unlink(s->b->fs, e->w->path);
    if (rc) {
      bi_err(s->b, "cannot delete %s: %s", bi_cquote(s->b, e->path),
             vsh_strerror(rc));
      s->status = 1;
      return false;
    }
    return true;
  }
  }
  return false;
}

/* ---- traversal ------------------------------------------------------------- */

static void walk_root(find_st *s, fnode *expr, const char *root) {
  bi_ctx *b = s->b;
  const char *abs = bi_path(b, root);
  if (!abs) {
    bi_err(b, "%s: %s", bi_cquote(b, root), vsh_strerror(bi_path_error(root)));
    s->status = 1;
    return;
  }
  bi_walk *w;
  if (bi_walk_new(&w, b, abs, root, s->follow, s->follow_cmdline,
                  s->depth_first)) {
    s->rc = VSH_ENOMEM;
    return;
  }
  s->root = root;
  bi_went *e;
  int rc;
  bool first = true;
  while (!s->quit && !s->rc && (rc = bi_walk_next(w, &e)) == 1) {
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    if (first && e->err) {
      bi_err(b, "%s: %s", bi_cquote(b, root), vsh_strerror(e->err));
      s->status = 1;
      vsh__arena_pop(b->arena, m);
      break;
    }
    first = false;
    if (e->dir_err) {
      bi_err(b, "%s: %s", bi_cquote(b, e->shown), vsh_strerror(e->err));
      s->status = 1;
      vsh__arena_pop(b->arena, m);
      continue;
    }
    if (e->link_err == VSH_ELOOP && !e->post) { /* -L: a symlink loop */
      bi_err(b, "%s: %s", bi_cquote(b, e->shown), vsh_strerror(e->link_err));
      s->status = 1;
      vsh__arena_pop(b->arena, m);
      continue;
    }
    if (e->loop) {
      bi_err(b,
             "File system loop detected; %s is part of the same file "
             "system loop as %s.",
             bi_cquote(b, e->shown), bi_cquote(b, root));
      s->status = 1;
      vsh__arena_pop(b->arena, m);
      continue;
    }
    bool is_dir_pre = e->st.type == VFS_DIR && !e->post && !e->err;
    if (is_dir_pre && s->maxdepth >= 0 && e->depth >= s->maxdepth)
      bi_walk_skip(w);
    bool evaluate =
        e->depth >= s->mindepth && (s->maxdepth < 0 || e->depth <= s->maxdepth);
    if (s->depth_first && is_dir_pre) evaluate = false;
    /* with -depth a directory is evaluated on its post visit, but a
     * skipped (maxdepth) directory has none */
    if (s->depth_first && is_dir_pre && s->maxdepth >= 0 &&
        e->depth >= s->maxdepth && e->depth >= s->mindepth)
      evaluate = true;
    if (e->post && s->maxdepth >= 0 && e->depth >= s->maxdepth)
      evaluate = false;
    if (evaluate) {
      fent fe = {.w = e, .path = e->shown};
      eval(s, expr, &fe);
      if (fe.skip && is_dir_pre) bi_walk_skip(w);
    }
    vsh__arena_pop(b->arena, m);
  }
  if (rc < 0 && !s->rc) s->rc = rc;
  bi_walk_free(w);
}

static void find_free(find_st *s) {
  for (size_t k = 0; k < s->nexecs; k++) {
    for (size_t j = 0; j < s->execs[k]->npend; j++) free(s->execs[k]->pend[j]);
    free(s->execs[k]->pend);
    free(s->execs[k]->pend_dir);
  }
  if (s->answers) bi_reader_dispose(s->answers);
  free(s->answers);
  free(s->execs);
  for (size_t k = 0; k < s->nres; k++) vsh__regex_free(s->res[k]);
  free(s->res);
}

int bi_find_main(bi_ctx *b) {
  find_st s = {.b = b, .maxdepth = -1};
  int i = 1;
  /* leading -H -L -P and -D/-O debug options */
  for (; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (!strcmp(a, "--help")) return bi_cmd_help(b, &find_cmd);
    if (!strcmp(a, "--version")) return bi_cmd_version(b, &find_cmd);
    if (!strcmp(a, "--")) {
      i++;
      break;
    }
    if (a[0] != '-' || !a[1] || a[2]) {
      if (!strcmp(a, "-D") || !strncmp(a, "-O", 2)) continue;
      break;
    }
    if (a[1] == 'H') {
      s.follow_cmdline = true;
      s.follow = false;
    } else if (a[1] == 'L') {
      s.follow = true;
      s.follow_cmdline = false;
    } else if (a[1] == 'P') {
      s.follow = s.follow_cmdline = false;
    } else {
      break;
    }
  }
  int first_path = i;
  while (i < b->argc) {
    const char *a = b->argv[i];
    if ((a[0] == '-' && a[1]) || !strcmp(a, "(") || !strcmp(a, "!") ||
        !strcmp(a, ")") || !strcmp(a, ","))
      break;
    i++;
  }
  int npaths = i - first_path;
  s.tok = (const char **)b->argv + i;
  s.ntok = b->argc - i;
  s.now = bi_now().tv_sec;
  bi_zone_init(b, false, &s.tz);
  s.pbud = (sh_pattern_budget){SH_PAT_DEFAULT_STEPS * 20, cancelled_cb, b};
  s.rbud = (vsh_re_budget){VSH_RE_DEFAULT_STEPS * 5, cancelled_cb, b};
  fnode *expr = NULL;
  if (s.ntok) {
    expr = find_parse_or(&s);
    if (expr && s.pos < s.ntok && !s.error_shown) {
      const char *t = s.tok[s.pos];
      if (!strcmp(t, ")"))
        find_perr(&s, "%s", "invalid expression; you have too many ')'");
      else find_perr(&s, "paths must precede expression: `%s'", t);
    }
    if (!expr || s.error_shown) {
      find_free(&s);
      return 1;
    }
  }
  if (!s.has_action) {
    fnode *pr = find_new_node(&s, F_PRINT);
    if (!pr) {
      find_free(&s);
      return 1;
    }
    if (expr) {
      fnode *pair[2] = {expr, pr};
      expr = find_join(&s, F_AND, pair, 2);
    } else {
      expr = pr;
    }
  }
  if (npaths == 0) walk_root(&s, expr, ".");
  for (int k = 0; k < npaths && !s.quit && !s.rc; k++) {
    const char *root = b->argv[first_path + k];
    if (!*root) {
      bi_err(b, "%s: %s", bi_cquote(b, root), vsh_strerror(VSH_ENOENT));
      s.status = 1;
      continue;
    }
    walk_root(&s, expr, root);
  }
  for (size_t k = 0; k < s.nexecs; k++)
    if (!s.rc) flush_batch(&s, s.execs[k]);
  find_free(&s);
  if (s.rc == VSH_EPIPE) return 141;
  if (s.rc == VSH_ELIMIT) {
    bi_err(b, "pattern too complex");
    return 1;
  }
  if (s.rc) return 1;
  return s.status;
}
