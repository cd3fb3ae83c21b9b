/* redir.c: redirections.  Each one rebinds a slot of the context's fd
 * table to a stream (a vfs file, a dup of another slot, here-document
 * bytes, null); the previous binding is saved so the command's
 * redirections are undone afterwards (`exec` keeps them).  Errors print
 * bash's message and make the command fail with status 1. */
#include "shell/exec/exec_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static int save_fd(sh_ctx *c, sh_saved *sv, int fd) {
  if (!sv) return 0;
  for (size_t i = 0; i < sv->n; i++)
    if (sv->v[i].fd == fd) return 0; /* first binding wins */
  if (sv->n == sv->cap) {
    size_t nc = sv->cap ? sv->cap * 2 : 4;
    void *v = realloc(sv->v, nc * sizeof(*sv->v));
    if (!v) return VSH_ENOMEM;
    sv->v = v;
    sv->cap = nc;
  }
  sh_stream *prev = sh_fd(c, fd);
  sv->v[sv->n].fd = fd;
  sv->v[sv->n].prev = sh_stream_ref(prev);
  sv->n++;
  return 0;
}

void sh_restore(sh_ctx *c, sh_saved *sv) {
  for (size_t i = sv->n; i-- > 0;) {
    if (sv->v[i].prev) sh_fd_set(c, sv->v[i].fd, sv->v[i].prev);
    else sh_fd_close(c, sv->v[i].fd);
    sh_stream_unref(sv->v[i].prev);
  }
  free(sv->v);
  sv->v = NULL;
  sv->n = sv->cap = 0;
}

static int bind(sh_ctx *c, sh_saved *sv, int fd, sh_stream *s) {
  int rc = save_fd(c, sv, fd);
  if (!rc) rc = sh_fd_set(c, fd, s);
  return rc;
}

/* A redirection error: "NAME: line N: msg" as bash prints it. */
static void redir_error(sh_ctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void redir_error(sh_ctx *c, const char *fmt, ...) {
  char msg[1100];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  sh_error(c, "%s", msg);
}

static int open_error(sh_ctx *c, const char *word, int rc) {
  if (rc == VSH_EEXIST)
    redir_error(c, "%s: cannot overwrite existing file", word);
  else redir_error(c, "%s: %s", word, vsh_strerror(rc));
  return 1;
}

/* Opens word as a file; /dev/fd/N-style devices dup the context's fd. */
static int open_target(sh_ctx *c, const char *word, unsigned flags,
                       sh_stream **out) {
  if (!*word) {
    redir_error(c, ": No such file or directory");
    return 1;
  }
  vsh_buf path = {0};
  int rc = vsh__path_resolve(&path, c->dirs.cwd, word, strlen(word));
  if (rc) {
    vsh_buf_dispose(&path);
    return open_error(c, word, rc);
  }
  if ((flags & VFS_O_WRITE) && !(flags & VFS_O_APPEND) &&
      c->opt.opts[SH_OPT_NOCLOBBER] && (flags & VFS_O_EXCL)) {
    vfs_info st;
    if (vfs_stat(c->fs, path.data, true, &st) == 0 && st.type != VFS_REG)
      flags &= ~VFS_O_EXCL; /* noclobber only guards regular files */
  }
  vfs_info fst;
  bool exists = vfs_stat(c->fs, path.data, true, &fst) == 0;
  /* an existing file needs the user's read or write permission */
  if (exists && (fst.type == VFS_REG || fst.type == VFS_FIFO) &&
      !sh_may_access(&fst,
                     ((flags & VFS_O_READ) ? 4u : 0u) |
                         ((flags & (VFS_O_WRITE | VFS_O_APPEND)) ? 2u : 0u))) {
    vsh_buf_dispose(&path);
    return open_error(c, word, VSH_EACCES);
  }
  if (!exists && (flags & (VFS_O_WRITE | VFS_O_APPEND))) {
    /* creating a file needs write and search permission on its folder */
    const char *slash = strrchr(path.data, '/');
    vsh_buf dir = {0};
    vsh__buf_append(&dir, path.data,
                    slash && slash > path.data ? (size_t)(slash - path.data)
                                               : 1);
    vfs_info dst;
    bool denied = dir.data && vfs_stat(c->fs, dir.data, true, &dst) == 0 &&
                  dst.type == VFS_DIR && !sh_may_access(&dst, 3);
    vsh_buf_dispose(&dir);
    if (denied) {
      vsh_buf_dispose(&path);
      return open_error(c, word, VSH_EACCES);
    }
  }
  if (exists && fst.type == VFS_FIFO) {
    /* a named pipe: join its other end (waiting for it, as open(2)) */
    vsh_buf_dispose(&path);
    rc = sh_stream_fifo_open(c->fs, fst.ino, (flags & VFS_O_READ) != 0,
                             (flags & (VFS_O_WRITE | VFS_O_APPEND)) != 0, c->ex,
                             out);
    return rc ? open_error(c, word, rc) : 0;
  }
  vfs_file *f = NULL;
  rc = vfs_open(c->fs, path.data, flags,
                VFS_MODE_EXACT | (0666 & ~c->proc.umask), &f);
  vsh_buf_dispose(&path);
  if (rc) return open_error(c, word, rc);
  int devfd = vfs_file_devfd(f);
  if (devfd >= 0) {
    vfs_file_close(f);
    sh_stream *s = sh_fd(c, devfd);
    if (!s) { /* Linux: /dev/fd/N of a closed fd does not exist */
      redir_error(c, "%s: No such file or directory", word);
      return 1;
    }
    *out = sh_stream_ref(s);
    return 0;
  }
  vfs_info st;
  if (vfs_file_stat(f, &st) == 0 && st.type == VFS_CHR &&
      st.dev == VFS_DEV_NULL) {
    vfs_file_close(f);
    *out = sh_stream_null();
    return 0;
  }
  *out = sh_stream_file_new(f, word);
  return *out ? 0 : open_error(c, word, VSH_ENOMEM);
}

static bool parse_fdnum(const char *s, int *fd, bool *move) {
  size_t n = strlen(s);
  *move = n > 1 && s[n - 1] == '-';
  if (*move) n--;
  if (n == 0 || n > 4) return false;
  int v = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  *fd = v;
  return true;
}

/* The redirection's word as written ($x, "$x"), as bash names it in
 * its errors; else the expanded text. */
static const char *as_written(sh_ctx *c, const sh_word *w, const char *exp) {
  char *t =
      w && w->src ? vsh__arena_strndup(&c->arena, w->src, w->src_len) : NULL;
  return t ? t : exp;
}

static int expand_target(sh_ctx *c, const sh_redir *r, char **out) {
  sh_word *w = r->target;
  sh_argv av;
  /* a non-interactive posix shell does not glob the target */
  bool noglob = c->opt.opts[SH_OPT_NOGLOB];
  if (c->opt.opts[SH_OPT_POSIX] && !c->opt.interactive)
    c->opt.opts[SH_OPT_NOGLOB] = true;
  int rc = sh_expand_words(c, &w, 1, &av);
  c->opt.opts[SH_OPT_NOGLOB] = noglob;
  if (rc) return 1;
  if (av.n != 1) {
    char *raw;
    size_t rl;
    if (sh_expand_str(c, w, &raw, &rl)) raw = (char *)"";
    redir_error(c, "%s: ambiguous redirect", as_written(c, w, raw));
    return 1;
  }
  *out = av.v[0];
  return 0;
}

static int alloc_fd(sh_ctx *c) {
  for (int fd = 10; fd < 4096; fd++)
    if (!sh_fd(c, fd)) return fd;
  return -1;
}

/* Strips leading tabs of every line (<<-). */
static char *strip_tabs(sh_ctx *c, const char *s, size_t n, size_t *out_n) {
  char *d = vsh__arena_alloc(&c->arena, n + 1);
  if (!d) return NULL;
  size_t k = 0;
  bool bol = true;
  for (size_t i = 0; i < n; i++) {
    if (bol && s[i] == '\t') continue;
    bol = s[i] == '\n';
    d[k++] = s[i];
  }
  d[k] = 0;
  *out_n = k;
  return d;
}

static int one(sh_ctx *c, const sh_redir *r, sh_saved *sv) {
  int fd = r->fd;
  bool input = r->op == SH_R_IN || r->op == SH_R_RDWR || r->op == SH_R_DUP_IN ||
               r->op == SH_R_HEREDOC || r->op == SH_R_HERESTR;
  if (fd < 0) fd = input ? 0 : 1;
  char *word = NULL;
  sh_stream *s = NULL;
  int rc;

  if (r->op == SH_R_HEREDOC || r->op == SH_R_HERESTR) {
    char *text;
    size_t len;
    if (r->op == SH_R_HEREDOC && r->heredoc_quoted) {
      vsh_buf raw = {0};
      for (size_t i = 0; r->target && i < r->target->n; i++)
        vsh__buf_append(&raw, r->target->parts[i].u.text.s,
                        r->target->parts[i].u.text.len);
      text = vsh__arena_memdup(&c->arena, raw.data ? raw.data : "", raw.len);
      len = raw.len;
      vsh_buf_dispose(&raw);
      if (!text) return 1;
    } else {
      /* $LINENO in the body is the command's line, as in bash */
      bool pin = c->where.pin_line;
      c->where.pin_line = r->op == SH_R_HEREDOC || pin;
      rc = sh_expand_str(c, r->target, &text, &len);
      c->where.pin_line = pin;
      if (rc) return 1;
    }
    if (r->op == SH_R_HEREDOC && r->strip_tabs && r->heredoc_quoted)
      text = strip_tabs(c, text, len, &len);
    if (!text) return 1;
    vsh_buf data = {0};
    vsh__buf_append(&data, text, len);
    if (r->op == SH_R_HERESTR) vsh__buf_putc(&data, '\n');
    s = sh_stream_bytes_new(data.data ? data.data : "", data.len);
    vsh_buf_dispose(&data);
    if (!s) return 1;
  } else {
    if (expand_target(c, r, &word)) return 1;
    int src;
    bool move;
    switch (r->op) {
    case SH_R_DUP_IN:
    case SH_R_DUP_OUT:
      if (strcmp(word, "-") == 0) {
        if (r->fd_var) { /* {var}>&- closes the descriptor $var holds */
          const char *v = sh__get_named(c, r->fd_var);
          char *end = NULL;
          long n = v && *v ? strtol(v, &end, 10) : -1;
          if (v && *v && *end) n = 0; /* not a number: bash closes fd 0 */
          if (n < 0 || n > INT32_MAX) {
            redir_error(c, "%s: ambiguous redirect", r->fd_var);
            return 1;
          }
          fd = (int)n;
          sv = NULL; /* as opening one, closing one lasts */
        }
        if (save_fd(c, sv, fd)) return 1;
        sh_fd_close(c, fd);
        return 0;
      }
      if (!parse_fdnum(word, &src, &move)) {
        if (r->op == SH_R_DUP_OUT && (r->fd < 0 || r->fd == 1) && !r->fd_var) {
          /* >&file and 1>&file: like &> */
          rc =
              open_target(c, word, VFS_O_WRITE | VFS_O_CREAT | VFS_O_TRUNC, &s);
          if (rc) return rc;
          rc = bind(c, sv, 1, s);
          if (!rc) rc = bind(c, sv, 2, s);
          sh_stream_unref(s);
          return rc ? 1 : 0;
        }
        redir_error(c, "%s: ambiguous redirect",
                    as_written(c, r->target, word));
        return 1;
      }
      s = sh_fd(c, src);
      if (!s) {
        redir_error(c, "%s: Bad file descriptor",
                    as_written(c, r->target, word));
        return 1;
      }
      sh_stream_ref(s);
      if (r->fd_var) {
        fd = alloc_fd(c);
        char num[16];
        snprintf(num, sizeof(num), "%d", fd);
        if (sh__set_named(c, r->fd_var, num)) {
          sh_stream_unref(s);
          sh_error(c, "%s: cannot assign fd to variable", r->fd_var);
          return 1;
        }
      }
      rc = bind(c, sv, fd, s);
      sh_stream_unref(s);
      if (!rc && move && src != fd) {
        save_fd(c, sv, src);
        sh_fd_close(c, src);
      }
      return rc ? 1 : 0;
    case SH_R_IN: rc = open_target(c, word, VFS_O_READ, &s); break;
    case SH_R_OUT:
      rc = open_target(c, word,
                       VFS_O_WRITE | VFS_O_CREAT | VFS_O_TRUNC |
                           (c->opt.opts[SH_OPT_NOCLOBBER] ? VFS_O_EXCL : 0),
                       &s);
      break;
    case SH_R_CLOBBER:
      rc = open_target(c, word, VFS_O_WRITE | VFS_O_CREAT | VFS_O_TRUNC, &s);
      break;
    case SH_R_APPEND:
      rc = open_target(c, word, VFS_O_WRITE | VFS_O_CREAT | VFS_O_APPEND, &s);
      break;
    case SH_R_RDWR:
      rc = open_target(c, word, VFS_O_READ | VFS_O_WRITE | VFS_O_CREAT, &s);
      break;
    case SH_R_OUT_ERR:
    case SH_R_APPEND_ERR:
      rc = open_target(
          c, word,
          VFS_O_WRITE | VFS_O_CREAT |
              (r->op == SH_R_APPEND_ERR ? VFS_O_APPEND : VFS_O_TRUNC) |
              (r->op == SH_R_OUT_ERR && c->opt.opts[SH_OPT_NOCLOBBER]
                   ? VFS_O_EXCL
                   : 0),
          &s);
      if (rc) return rc;
      rc = bind(c, sv, 1, s);
      if (!rc) rc = bind(c, sv, 2, s);
      sh_stream_unref(s);
      return rc ? 1 : 0;
    default: return 1;
    }
    if (rc) return rc;
  }
  if (r->fd_var) {
    fd = alloc_fd(c);
    if (fd < 0) {
      sh_stream_unref(s);
      redir_error(c, "%s: cannot allocate file descriptor", r->fd_var);
      return 1;
    }
    char num[16];
    snprintf(num, sizeof(num), "%d", fd);
    if (sh__set_named(c, r->fd_var, num)) { /* readonly: not opened */
      sh_stream_unref(s);
      sh_error(c, "%s: cannot assign fd to variable", r->fd_var);
      return 1;
    }
    /* {var} redirections stay open, as in bash, unless varredir_close */
    if (!c->opt.opts[SH_SHOPT_VARREDIR_CLOSE]) sv = NULL;
  }
  rc = bind(c, sv, fd, s);
  sh_stream_unref(s);
  return rc ? 1 : 0;
}

static unsigned heredoc_lines(const sh_word *w) {
  unsigned k = 0;
  const char *src = w->src;
  for (size_t i = 0; src && i < w->src_len; i++) k += src[i] == '\n';
  return k;
}

int sh_redirect(sh_ctx *c, const sh_redir *r, size_t n, sh_saved *sv) {
  for (size_t i = 0; i < n; i++) {
    /* a here-document's body lies below: bash names the command's line,
     * or for a compound command the line that ends the body */
    const sh_word *t = r[i].target;
    if (t && r[i].op != SH_R_HEREDOC) c->where.line = t->line;
    else if (t && t->line && c->where.heredoc_end_line)
      c->where.line = t->line + heredoc_lines(t);
    int rc = one(c, &r[i], sv);
    if (rc) return rc;
    if (c->flow.unwind) return 1;
  }
  return 0;
}

sh_stream *sh__xtrace_stream(sh_ctx *c) {
  const char *fd = sh_var_get(c, "BASH_XTRACEFD");
  char *end;
  long n = fd && *fd ? strtol(fd, &end, 10) : -1;
  sh_stream *s = n >= 0 && n < 1024 && !*end ? sh_fd(c, (int)n) : NULL;
  return s ? s : sh_fd(c, 2);
}
