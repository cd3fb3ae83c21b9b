/* misc_io.c: operand opening and buffered reading for the misc toolbox
 * commands.  Everything goes through the vfs and the context's streams;
 * reads check cancellation so a blocked pipeline can be stopped. */
#include "builtins/lib/misc_io.h"

#include <string.h>

int mi_open(bi_ctx *b, const char *name, sh_stream **out) {
  return bi_open_input(b, name, out);
}

int64_t mi_read_full(bi_ctx *b, sh_stream *s, void *buf, size_t n) {
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

int mi_read_all(bi_ctx *b, sh_stream *s, vsh_buf *out) {
  for (;;) {
    if (bi_cancelled(b)) return VSH_EABORTED;
    if (vsh__buf_reserve(out, 65536)) return VSH_ENOMEM;
    int64_t r = sh_stream_read(s, out->data + out->len, 65536, bi_exec(b));
    if (r < 0) return (int)r;
    if (r == 0) return 0;
    out->len += (size_t)r;
  }
}

int mi_slurp(bi_ctx *b, const char *name, vsh_buf *out) {
  sh_stream *s;
  int rc = mi_open(b, name, &s);
  if (rc) return rc;
  rc = mi_read_all(b, s, out);
  sh_stream_unref(s);
  return rc;
}

int mi_write_file(bi_ctx *b, const char *name, const void *data, size_t n,
                  unsigned mode) {
  const char *p = bi_path(b, name);
  if (!p) return VSH_ENAMETOOLONG;
  return vfs_write_file(b->fs, p, data, n, VFS_W_TRUNC, mode);
}

void mi_file_err(bi_ctx *b, const char *file, int rc) {
  if (rc == VSH_EPIPE || rc == VSH_EABORTED) return;
  bi_err(b, "%s: %s", file, vsh_strerror(rc));
}

