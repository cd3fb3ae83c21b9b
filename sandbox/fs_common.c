/* fs_common.c: what every sandbox kind shares for its file verbs: Node
 * fs-style error messages (self-contained, since they reach the model as
 * tool errors) and cwd-relative path resolution. */
#include "sandbox/sandbox.h"

#include <string.h>

/* A path longer than this is cut in messages: the message buffer is
 * 1 KiB and the model needs the start of the path, not all 4 KiB. */
#define SHOWN_PATH_MAX 400

const char *sbx_node_strerror(int code) {
  /* libuv's wording, which is what Node prints. */
  switch (code) {
  case VSH_ENOENT: return "no such file or directory";
  case VSH_EEXIST: return "file already exists";
  case VSH_ENOTDIR: return "not a directory";
  case VSH_EISDIR: return "illegal operation on a directory";
  case VSH_ENOTEMPTY: return "directory not empty";
  case VSH_ELOOP: return "too many symbolic links encountered";
  case VSH_ENAMETOOLONG: return "name too long";
  case VSH_ENOSPC: return "no space left on device";
  case VSH_EDQUOT: return "disk quota exceeded";
  case VSH_EACCES: return "permission denied";
  case VSH_EPERM: return "operation not permitted";
  case VSH_EROFS: return "read-only file system";
  case VSH_EXDEV: return "cross-device link not permitted";
  case VSH_EFBIG: return "file too large";
  case VSH_EIO: return "i/o error";
  case VSH_EBUSY: return "resource busy or locked";
  case VSH_EBADF: return "bad file descriptor";
  case VSH_EINVAL: return "invalid argument";
  case VSH_ENOMEM: return "not enough memory";
  case VSH_ERANGE: return "result too large";
  default: return vsh_strerror(code);
  }
}

int sbx_fs_error(vsh_error *err, int code, const char *syscall,
                 const char *path, const char *operation,
                 const char *provider) {
  const char *name = vsh_errname(code);
  size_t plen;

  if (!err) return code;
  if (!name) name = "EIO";
  if (!path) {
    vsh__error_set(err, code, "%s: %s, %s", name, sbx_node_strerror(code),
                   syscall);
  } else {
    plen = strlen(path);
    vsh__error_set(err, code, "%s: %s, %s '%.*s%s'", name,
                   sbx_node_strerror(code), syscall,
                   (int)(plen > SHOWN_PATH_MAX ? SHOWN_PATH_MAX : plen), path,
                   plen > SHOWN_PATH_MAX ? "..." : "");
  }
  vsh__error_meta(err, operation, provider, NULL);
  return code;
}

int sbx_resolve(vsh_buf *out, const char *cwd, const char *p) {
  vsh__buf_init(out);
  if (!p || !*p) /* path.resolve(cwd, '') is cwd */
    return vsh__path_resolve(out, cwd, ".", 1);
  return vsh__path_resolve(out, cwd, p, strlen(p));
}
