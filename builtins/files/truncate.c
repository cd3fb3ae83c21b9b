/* truncate.c: shrink or extend files to a size (-s with + - < > / %
 * prefixes, -r reference, -c no create, -o io-blocks). */
#include "builtins/builtins.h"

#include <string.h>

static const char usage[] =
    "Usage: truncate OPTION... FILE...\n"
    "Shrink or extend the size of each FILE to the specified size\n\n"
    "  -c, --no-create        do not create any files\n"
    "  -o, --io-blocks        treat SIZE as number of IO blocks instead of "
    "bytes\n"
    "  -r, --reference=RFILE  base size on RFILE\n"
    "  -s, --size=SIZE        set or adjust the file size by SIZE bytes\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n\n"
    "SIZE may also be prefixed by one of the following modifying "
    "characters:\n"
    "'+' extend by, '-' reduce by, '<' at most, '>' at least,\n"
    "'/' round down to multiple of, '%' round up to multiple of.\n";

static const bi_option truncate_options[] = {
    {"no-create", BI_ARG_NONE, 'c', NULL},
    {"io-blocks", BI_ARG_NONE, 'o', NULL},
    {"reference", BI_ARG_REQUIRED, 'r', NULL},
    {"size", BI_ARG_REQUIRED, 's', NULL},
    {0}};

static const bi_cmd truncate_cmd = {
    .name = "truncate",
    .usage = usage,
    .shortopts = "cor:s:",
    .longopts = truncate_options,
};

/* -s [+-<>/%]SIZE applied to the current size cur. */
static uint64_t new_size(char mod, uint64_t cur, uint64_t size) {
  switch (mod) {
  case '+': return cur + size;
  case '-': return size > cur ? 0 : cur - size;
  case '<': return cur < size ? cur : size;
  case '>': return cur > size ? cur : size;
  case '/': return cur / size * size;
  case '%': return (cur + size - 1) / size * size;
  default: return size;
  }
}

static int open_failed(bi_ctx *b, const char *op, int rc) {
  bi_err(b, "cannot open %s for writing: %s", bi_quote(b, op),
         vsh_strerror(rc));
  return 1;
}

int bi_truncate_main(bi_ctx *b) {
  bi_opts g = {0};
  bool no_create = false, io_blocks = false, have_size = false;
  const char *ref = NULL;
  char mod = 0;
  uint64_t size = 0;
  int c;
  while ((c = bi_opt(b, &g, &truncate_cmd)) != -1) {
    switch (c) {
    case 'c': no_create = true; break;
    case 'o': io_blocks = true; break;
    case 'r': ref = g.arg; break;
    case 's': {
      const char *a = g.arg;
      while (*a == ' ') a++;
      mod = 0;
      if (strchr("+-<>/%", *a) && *a) mod = *a++;
      while (*a == ' ') a++;
      if (*a == '-' || *a == '+' || !bi_parse_size(a, &size)) {
        bi_err(b, "Invalid number: %s", bi_cquote(b, g.arg));
        return 1;
      }
      have_size = true;
      break;
    }
    default: return g.status;
    }
  }
  if (!have_size && !ref)
    return bi_usage_error(b, &truncate_cmd, "you must specify either %s or %s",
                          bi_cquote(b, "--size"), bi_cquote(b, "--reference"));
  if (ref && have_size && !mod)
    return bi_usage_error(b, &truncate_cmd,
                          "you must specify a relative %s with %s",
                          bi_cquote(b, "--size"), bi_cquote(b, "--reference"));
  if (io_blocks && !have_size)
    return bi_usage_error(b, &truncate_cmd, "%s was specified but %s was not",
                          bi_cquote(b, "--io-blocks"), bi_cquote(b, "--size"));
  if (!g.noperands)
    return bi_usage_error(b, &truncate_cmd, "missing file operand");
  if (io_blocks) size *= 4096;
  if ((mod == '/' || mod == '%') && size == 0) {
    bi_err(b, "division by zero");
    return 1;
  }
  uint64_t ref_size = 0;
  if (ref) {
    const char *rp = bi_path(b, ref);
    vfs_info st;
    int rc = rp ? vfs_stat(b->fs, rp, true, &st) : bi_path_error(ref);
    if (rc) {
      bi_err(b, "cannot stat %s: %s", bi_quote(b, ref), vsh_strerror(rc));
      return 1;
    }
    ref_size = st.size;
  }
  int status = 0;
  for (int i = 0; i < g.noperands; i++) {
    if (bi_cancelled(b)) return 1;
    const char *op = g.operands[i];
    const char *p = bi_path(b, op);
    vfs_info st;
    int rc = p ? vfs_stat(b->fs, p, true, &st) : bi_path_error(op);
    if (rc == VSH_ENOENT) {
      if (no_create) continue;
      rc = vfs_write_file(b->fs, p, "", 0, VFS_W_EXCL, bi_create_mode(b, 0666));
      if (!rc) rc = vfs_stat(b->fs, p, true, &st);
    }
    if (!rc && st.type == VFS_DIR) rc = VSH_EISDIR;
    if (rc) {
      status = open_failed(b, op, rc);
      continue;
    }
    uint64_t nsz = ref && !have_size && !mod
                       ? ref_size
                       : new_size(mod, ref ? ref_size : st.size, size);
    rc = vfs_truncate(b->fs, p, nsz);
    if (rc == VSH_EACCES) { /* GNU opens it first */
      status = open_failed(b, op, rc);
    } else if (rc) {
      bi_err(b, "failed to truncate %s at %llu bytes: %s", bi_quote(b, op),
             (unsigned long long)nsz, vsh_strerror(rc));
      status = 1;
    }
  }
  return status;
}
