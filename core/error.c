/* error.c: filling a caller-owned vsh_error (never a global), the stable
 * type strings, and the GNU wording of each code.  Messages reach models
 * and tests compare stderr, so the wording follows glibc's strerror and
 * an over-long message is cut on a UTF-8 boundary with a visible "...". */
#include "core/core.h"

#include <stdio.h>
#include <string.h>

typedef struct err_info {
  int code;
  const char *name;
  const char *text;
} err_info;

/* Indexed by -code; keep in the order of enum vsh_err. */
static const err_info infos[] = {
    {VSH_OK, "OK", "Success"},
    {VSH_ENOMEM, "ENOMEM", "Cannot allocate memory"},
    {VSH_EINVAL, "EINVAL", "Invalid argument"},
    {VSH_ENOENT, "ENOENT", "No such file or directory"},
    {VSH_EEXIST, "EEXIST", "File exists"},
    {VSH_ENOTDIR, "ENOTDIR", "Not a directory"},
    {VSH_EISDIR, "EISDIR", "Is a directory"},
    {VSH_ENOTEMPTY, "ENOTEMPTY", "Directory not empty"},
    {VSH_ELOOP, "ELOOP", "Too many levels of symbolic links"},
    {VSH_ENAMETOOLONG, "ENAMETOOLONG", "File name too long"},
    {VSH_ENOSPC, "ENOSPC", "No space left on device"},
    {VSH_EDQUOT, "EDQUOT", "Disk quota exceeded"},
    {VSH_EACCES, "EACCES", "Permission denied"},
    {VSH_EPERM, "EPERM", "Operation not permitted"},
    {VSH_EROFS, "EROFS", "Read-only file system"},
    {VSH_EXDEV, "EXDEV", "Invalid cross-device link"},
    {VSH_EFBIG, "EFBIG", "File too large"},
    {VSH_EIO, "EIO", "Input/output error"},
    {VSH_EBUSY, "EBUSY", "Device or resource busy"},
    {VSH_EBADF, "EBADF", "Bad file descriptor"},
    {VSH_ERANGE, "ERANGE", "Numerical result out of range"},
    {VSH_EUNSUPPORTED, "EUNSUPPORTED", "Operation not supported"},
    {VSH_EDIED, "EDIED", "Sandbox died"},
    /* The default reason of a DOM AbortSignal. */
    {VSH_EABORTED, "EABORTED", "This operation was aborted"},
    {VSH_ETIMEDOUT, "ETIMEDOUT", "Timer expired"},
    {VSH_ELIMIT, "ELIMIT", "Resource limit exceeded"},
    {VSH_ENOSYS, "ENOSYS", "Function not implemented"},
    {VSH_EINVALID_STATE, "EINVALID_STATE", "Invalid state"},
    {VSH_EPIPE, "EPIPE", "Broken pipe"},
};

_Static_assert(sizeof infos / sizeof infos[0] == 1 - VSH_EPIPE,
               "one entry per vsh_err code");

static const err_info *lookup(int code) {
  if (code > 0 || code < VSH_EPIPE) return NULL;
  return &infos[-code];
}

const char *vsh_strerror(int code) {
  const err_info *i = lookup(code);
  return i ? i->text : "Unknown error";
}

const char *vsh_errname(int code) {
  const err_info *i = lookup(code);
  return i ? i->name : "EUNKNOWN";
}

const char *vsh__error_type(int code) {
  switch (code) {
  case VSH_EUNSUPPORTED: return "sandbox_operation_unsupported";
  case VSH_EDIED: return "sandbox_died";
  case VSH_EABORTED: return "abort";
  case VSH_ETIMEDOUT: return "timeout";
  case VSH_ELIMIT: return "limit";
  default: return "error";
  }
}

/* Length of the longest prefix of s[0..n) that does not end inside a
 * multi-byte UTF-8 sequence. */
static size_t utf8_floor(const char *s, size_t n) {
  size_t i = n;
  /* Step back over at most three continuation bytes to the lead byte. */
  while (i > 0 && n - i < 3 && ((unsigned char)s[i - 1] & 0xC0) == 0x80) i--;
  if (i == 0) return n;
  unsigned char lead = (unsigned char)s[i - 1];
  size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
  if (need > 1 && (i - 1) + need > n)
    return i - 1; /* the sequence would be cut: drop it whole */
  return n;
}

static void copy_field(char *dst, size_t cap, const char *src) {
  if (!src) return; /* NULL leaves the field as it was */
  size_t n = strnlen(src, cap - 1);
  if (src[n] != '\0')
    n = utf8_floor(src, n); /* truncated: keep whole characters */
  memcpy(dst, src, n);
  dst[n] = '\0';
}

int vsh__error_setv(vsh_error *err, int code, const char *fmt, va_list ap) {
  if (!err) return code;
  err->code = code;
  err->type = vsh__error_type(code);
  /* A fresh error: stale meta from an earlier failure would mislead. */
  err->operation[0] = err->provider[0] = err->options[0] = '\0';
  if (!fmt) {
    copy_field(err->message, sizeof err->message, vsh_strerror(code));
    return code;
  }
  size_t cap = sizeof err->message;
  int n = vsnprintf(err->message, cap, fmt, ap);
  if (n < 0) {
    copy_field(err->message, cap, vsh_strerror(code));
  } else if ((size_t)n >= cap) {
    /* Truncated: end on a whole character and say so. */
    size_t keep = utf8_floor(err->message, cap - 4);
    memcpy(err->message + keep, "...", 4);
  }
  return code;
}

int vsh__error_set(vsh_error *err, int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsh__error_setv(err, code, fmt, ap);
  va_end(ap);
  return r;
}

void vsh__error_meta(vsh_error *err, const char *operation,
                     const char *provider, const char *options) {
  if (!err) return;
  copy_field(err->operation, sizeof err->operation, operation);
  copy_field(err->provider, sizeof err->provider, provider);
  copy_field(err->options, sizeof err->options, options);
}

int vsh__check_version(unsigned version, unsigned known, const char *what,
                       vsh_error *err) {
  if (version <= known) return 0;
  return vsh__error_set(err, VSH_EINVAL,
                        "%s: version %u is newer than this libvsh (%s) "
                        "knows (up to %u)",
                        what, version, VSH_VERSION_STRING, known);
}

void vsh__error_clear(vsh_error *err) {
  if (!err) return;
  memset(err, 0, sizeof *err);
  err->type = vsh__error_type(VSH_OK);
}
