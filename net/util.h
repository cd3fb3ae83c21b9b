/* util.h: private to net/: operand files and outputs (util.c). */
#ifndef VSH_NET_UTIL_H
#define VSH_NET_UTIL_H

#include "net/net_int.h"

/* What a request may carry from one file (-d @f, -T, -F): 64 MiB. */
#define NET_MAX_UPLOAD (64u << 20)

/* Appends the whole of a file ("-": stdin) to out: 0 or a vsh_err
 * (VSH_EFBIG past NET_MAX_UPLOAD: /dev/urandom never ends). */
int net_read_all(bi_ctx *b, const char *name, vsh_buf *out);

/* An output: path NULL or "-" is stdout.  Opened on the first write (or
 * net_out_open); err keeps the first failure. */
typedef struct net_out {
  bi_ctx *b;
  const char *path;
  bool create_dirs;
  bool append;
  bool opened;
  int err;
  vfs_file *fh;
  sh_stream *s;
} net_out;
int net_out_open(net_out *o);
int net_out_write(net_out *o, const void *data, size_t n);
void net_out_close(net_out *o);

#endif /* VSH_NET_UTIL_H */
