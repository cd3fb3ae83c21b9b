/* io.c: input and output helpers shared by the commands: open an operand
 * ("-" is stdin; /dev/stdin and /dev/fd/N map to the shell's
 * descriptors) as a stream, read it whole, in chunks or line by line
 * (the one line reader), write a file, run a command over each operand
 * with head/tail's headers, report a file error, and ask -i's question.
 * Reads check cancellation so a blocked pipeline can be stopped. */
#include "builtins/lib/io.h"

#include "builtins/builtins.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int bi_open_input(bi_ctx *b, const char *name, sh_stream **out) {
  *out = NULL;
  if (!strcmp(name, "-")) {
    *out = sh_stream_ref(b->in);
    return 0;
  }
  const char *p = bi_path(b, name);
  vfs_file *fh = NULL;
  int rc = p ? vfs_open(b->fs, p, VFS_O_READ, 0, &fh) : bi_path_error(name);
  if (rc) return rc;
  int fd = vfs_file_devfd(fh);
  if (fd >= 0) {
    vfs_file_close(fh);
    sh_stream *s = bi_fd(b, fd);
    if (!s) return VSH_ENOENT; /* Linux: /dev/fd/N of a closed fd is gone */
    *out = sh_stream_ref(s);
    return 0;
  }
  vfs_info st;
  if (vfs_file_stat(fh, &st) == 0 && st.type == VFS_DIR) {
    vfs_file_close(fh);
    return VSH_EISDIR;
  }
  if (st.type == VFS_REG && !sh_may_access(&st, 4)) { /* not root */
    vfs_file_close(fh);
    return VSH_EACCES;
  }
  if (st.type == VFS_FIFO) { /* a named pipe: its read end */
    vfs_file_close(fh);
    return sh_stream_fifo_open(b->fs, st.ino, true, false, bi_exec(b), out);
  }
  *out = sh_stream_file_new(fh, name);
  return *out ? 0 : VSH_ENOMEM;
}

void bi_reader_init(bi_reader *r, bi_ctx *b, sh_stream *s) {
  memset(r, 0, sizeof(*r));
  r->b = b;
  r->s = s;
}

void bi_reader_dispose(bi_reader *r) { vsh_buf_dispose(&r->line); }

int bi_read_line(bi_reader *r, char delim, const char **line, size_t *len) {
  vsh__buf_clear(&r->line);
  if (r->pos < r->n) { /* a whole line inside the chunk: no copy */
    const char *start = r->chunk + r->pos;
    const char *nl = memchr(start, delim, r->n - r->pos);
    if (nl) {
      *line = start;
      *len = (size_t)(nl - start) + 1;
      r->pos += *len;
      return 1;
    }
  }
  for (;;) {
    if (r->pos < r->n) {
      const char *start = r->chunk + r->pos;
      const char *nl = memchr(start, delim, r->n - r->pos);
      size_t take = nl ? (size_t)(nl - start) + 1 : r->n - r->pos;
      if (vsh__buf_append(&r->line, start, take)) return VSH_ENOMEM;
      r->pos += take;
      if (nl) break;
      continue;
    }
    if (r->eof) break;
    if (bi_cancelled(r->b)) return VSH_EABORTED;
    int64_t got = bi_read(r->b, r->s, r->chunk, sizeof(r->chunk));
    if (got < 0) return (int)got;
    if (got == 0) {
      r->eof = true;
      break;
    }
    r->n = (size_t)got;
    r->pos = 0;
  }
  if (r->line.len == 0) return 0; /* end of input */
  *line = r->line.data;
  *len = r->line.len;
  return 1;
}

int bi_each_input(bi_ctx *b, int n, char **names, int headers, bi_input_fn fn,
                  void *ud) {
  char *dash[] = {(char *)"-"};
  if (!n) {
    names = dash;
    n = 1;
  }
  bool show = headers == 1 || (headers == 0 && n > 1);
  int st = 0;
  bool first = true;
  for (int k = 0; k < n; k++) {
    const char *f = names[k];
    const char *shown = strcmp(f, "-") ? f : "standard input";
    sh_stream *in = NULL;
    int orc = bi_open_input(b, f, &in);
    /* a directory opens in GNU and fails on read: header, then the read
     * error */
    if (orc && orc != VSH_EISDIR) {
      bi_err(b, "cannot open '%s' for reading: %s", f, vsh_strerror(orc));
      st = 1;
      continue;
    }
    int rc = 0;
    if (show) {
      rc = bi_printf(b, "%s==> %s <==\n", first ? "" : "\n", shown);
      first = false;
    }
    if (!rc) rc = orc ? orc : fn(b, in, ud);
    if (in) sh_stream_unref(in);
    if (rc == VSH_EPIPE) return 141;
    if (rc == VSH_EABORTED) return 1;
    if (rc) {
      bi_err(b, "error reading '%s': %s", f, vsh_strerror(rc));
      st = 1;
    }
  }
  return st;
}

int64_t bi_read_full(bi_ctx *b, sh_stream *s, void *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    if (bi_cancelled(b)) return VSH_EABORTED;
    int64_t r = sh_stream_read(s, (char *)buf + got, n - got, bi_exec(b));
    if (r < 0) return r;
    if (r == 0) break;
    got += (size_t)r;
  }
  return (int64_t)got;
}

int bi_read_all(bi_ctx *b, sh_stream *s, vsh_buf *out) {
  for (;;) {
    if (bi_cancelled(b)) return VSH_EABORTED;
    if (vsh__buf_reserve(out, 65536)) return VSH_ENOMEM;
    int64_t r = sh_stream_read(s, out->data + out->len, 65536, bi_exec(b));
    if (r < 0) return (int)r;
    if (r == 0) return 0;
    out->len += (size_t)r;
  }
}

int bi_slurp(bi_ctx *b, const char *name, vsh_buf *out) {
  sh_stream *s;
  int rc = bi_open_input(b, name, &s);
  if (rc) return rc;
  rc = bi_read_all(b, s, out);
  sh_stream_unref(s);
  return rc;
}

int bi_write_file(bi_ctx *b, const char *name, const void *data, size_t n,
                  unsigned mode) {
  const char *p = bi_path(b, name);
  if (!p) return bi_path_error(name);
  return vfs_write_file(b->fs, p, data, n, VFS_W_TRUNC, mode);
}

void bi_file_err(bi_ctx *b, const char *file, int rc) {
  if (rc == VSH_EPIPE || rc == VSH_EABORTED) return;
  bi_err(b, "%s: %s", bi_quotef(b, file), vsh_strerror(rc));
}

void bi_file_err_raw(bi_ctx *b, const char *file, int rc) {
  if (rc == VSH_EPIPE || rc == VSH_EABORTED) return;
  bi_err(b, "%s: %s", file, vsh_strerror(rc));
}

bool bi_ask(bi_ctx *b, const char *fmt, ...) {
  vsh_buf q = {0};
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  vsh__buf_printf(&q, "%s: ", b->argv[0]);
  int n = vsnprintf(NULL, 0, fmt, ap);
  if (n > 0 && !vsh__buf_reserve(&q, (size_t)n + 1)) {
    vsnprintf(q.data + q.len, (size_t)n + 1, fmt, ap2);
    q.len += (size_t)n;
  }
  va_end(ap2);
  va_end(ap);
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

bool bi_ask_overwrite(bi_ctx *b, const char *name) {
  return bi_ask(b, "overwrite %s? ", bi_quote(b, name));
}
