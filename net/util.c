/* util.c: what curl and wget share besides fetching: reading a whole
 * operand file from the VFS (or stdin), and an output that is stdout, a
 * shell descriptor (/dev/stderr, /dev/fd/N) or a VFS file opened when the
 * first byte arrives. */
#include "net/util.h"

#include <string.h>

int net_read_all(bi_ctx *b, const char *name, vsh_buf *out) {
  sh_stream *s = NULL;
  int rc = bi_open_input(b, name, &s);
  if (rc) return rc;
  char buf[65536];
  for (;;) {
    if (bi_charge(b, 1)) {
      rc = VSH_EABORTED;
      break;
    }
    int64_t r = bi_read(b, s, buf, sizeof(buf));
    if (r < 0) {
      rc = (int)r;
      break;
    }
    if (r == 0) break;
    if (out->len + (size_t)r > NET_MAX_UPLOAD) {
      rc = VSH_EFBIG;
      break;
    }
    if (vsh__buf_append(out, buf, (size_t)r)) {
      rc = VSH_ENOMEM;
      break;
    }
  }
  sh_stream_unref(s);
  return rc;
}

int net_out_open(net_out *o) {
  if (o->opened) return o->err;
  o->opened = true;
  if (!o->path || !strcmp(o->path, "-")) return 0;
  const char *p = bi_path(o->b, o->path);
  if (!p) return o->err = VSH_ENAMETOOLONG;
  if (o->create_dirs) {
    vsh_buf dir = {0};
    if (!vsh__path_dirname(&dir, p)) vfs_mkdir_p(o->b->fs, dir.data, 0755);
    vsh_buf_dispose(&dir);
  }
  unsigned fl =
      VFS_O_WRITE | VFS_O_CREAT | (o->append ? VFS_O_APPEND : VFS_O_TRUNC);
  int rc = vfs_open(o->b->fs, p, fl, bi_create_mode(o->b, 0666), &o->fh);
  if (rc) return o->err = rc;
  int fd = vfs_file_devfd(o->fh);
  if (fd >= 0) {
    vfs_file_close(o->fh);
    o->fh = NULL;
    o->s = bi_fd(o->b, fd);
    if (!o->s) return o->err = VSH_EBADF;
  }
  return 0;
}

int net_out_write(net_out *o, const void *data, size_t n) {
  int rc = net_out_open(o);
  if (rc) return rc;
  if (o->fh) {
    int64_t k = vfs_file_write(o->fh, data, n);
    rc = k < 0 ? (int)k : 0;
  } else if (o->s) {
    rc = bi_write_to(o->b, o->s, data, n);
  } else {
    rc = bi_write(o->b, data, n);
  }
  if (rc) o->err = rc;
  return rc;
}

void net_out_close(net_out *o) {
  if (o->fh) vfs_file_close(o->fh);
  o->fh = NULL;
  o->s = NULL;
}
