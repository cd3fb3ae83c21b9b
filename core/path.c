/* path.c: lexical POSIX path normalisation.  Nothing here touches a
 * filesystem: "a/.." collapses even if "a" is a symlink, which is what
 * resolve_path in the sandbox contract asks for (two spellings, one
 * string).  Results are absolute, without "//", "." or "..", and without
 * a trailing slash except for "/" itself. */
#include "core/core.h"

#include <string.h>

/* Appends the components of s[0..n) to out, which holds a canonical
 * absolute prefix ("" stands for "/"). */
static int push_components(vsh_buf *out, const char *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    while (i < n && s[i] == '/') i++;
    size_t start = i;
    while (i < n && s[i] != '/') i++;
    size_t clen = i - start;
    const char *c = s + start;
    if (clen == 0 || (clen == 1 && c[0] == '.')) continue;
    if (clen == 2 && c[0] == '.' && c[1] == '.') {
      /* Drop the last component; ".." at the root stays at the root. */
      const char *slash = out->len ? memrchr(out->data, '/', out->len) : NULL;
      out->len = slash ? (size_t)(slash - out->data) : 0;
      if (out->data) out->data[out->len] = '\0';
      continue;
    }
    if (clen > VSH_NAME_MAX) return VSH_ENAMETOOLONG;
    int rc = vsh__buf_putc(out, '/');
    if (!rc) rc = vsh__buf_append(out, c, clen);
    if (rc) return rc;
  }
  return 0;
}

static bool aliases(const vsh_buf *b, const char *p) {
  return p && b->data && p >= b->data && p < b->data + b->cap;
}

int vsh__path_resolve(vsh_buf *out, const char *base, const char *p,
                      size_t plen) {
  if (!p || plen == 0 || memchr(p, '\0', plen)) return VSH_EINVAL;
  bool relative = p[0] != '/';
  if (relative && (!base || base[0] != '/')) return VSH_EINVAL;

  /* Inputs that live inside out would be overwritten while we build:
   * build into a scratch buffer then. */
  vsh_buf scratch;
  vsh__buf_init(&scratch);
  vsh_buf *dst = out;
  if (aliases(out, p) || (relative && aliases(out, base))) dst = &scratch;
  else vsh__buf_clear(out);

  int rc = 0;
  if (relative) rc = push_components(dst, base, strlen(base));
  if (!rc) rc = push_components(dst, p, plen);
  if (!rc && dst->len == 0) rc = vsh__buf_putc(dst, '/');
  if (!rc && dst->len > VSH_PATH_MAX) rc = VSH_ENAMETOOLONG;
  if (dst == &scratch) {
    if (!rc) {
      vsh__buf_clear(out);
      rc = vsh__buf_append(out, scratch.data, scratch.len);
    }
    vsh_buf_dispose(&scratch);
  }
  if (rc) vsh__buf_clear(out);
  return rc;
}

int vsh__path_dirname(vsh_buf *out, const char *path) {
  size_t n = strlen(path);
  while (n > 1 && path[n - 1] == '/') n--;
  const char *slash = memrchr(path, '/', n);
  vsh_buf scratch;
  vsh__buf_init(&scratch);
  vsh_buf *dst = aliases(out, path) ? &scratch : out;
  vsh__buf_clear(dst);
  int rc;
  if (!slash) rc = vsh__buf_putc(dst, '.'); /* relative name: like dirname(1) */
  else if (slash == path) rc = vsh__buf_putc(dst, '/');
  else rc = vsh__buf_append(dst, path, (size_t)(slash - path));
  if (dst == &scratch) {
    if (!rc) {
      vsh__buf_clear(out);
      rc = vsh__buf_append(out, scratch.data, scratch.len);
    }
    vsh_buf_dispose(&scratch);
  }
  return rc;
}

const char *vsh__path_basename(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash) return path;
  if (slash[1] == '\0')
    return slash == path ? path : slash + 1; /* "/" names itself */
  return slash + 1;
}
