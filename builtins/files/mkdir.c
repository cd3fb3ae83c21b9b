/* mkdir.c: make directories (-p parents, -m mode, -v).  Modes apply
 * the shell's umask like mkdir(2); -p parents get u+wx as GNU does. */
#include "builtins/builtins.h"

#include <string.h>

static const char usage[] =
    "Usage: mkdir [OPTION]... DIRECTORY...\n"
    "Create the DIRECTORY(ies), if they do not already exist.\n\n"
    "  -m, --mode=MODE   set file mode (as in chmod), not a=rwx - umask\n"
    "  -p, --parents     no error if existing, make parent directories as "
    "needed\n"
    "  -v, --verbose     print a message for each created directory\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

static const bi_option mkdir_options[] = {{"mode", BI_ARG_REQUIRED, 'm', NULL},
                                          {"parents", BI_ARG_NONE, 'p', NULL},
                                          {"verbose", BI_ARG_NONE, 'v', NULL},
                                          {0}};

static const bi_cmd mkdir_cmd = {
    .name = "mkdir",
    .usage = usage,
    .shortopts = "m:pvZ",
    .longopts = mkdir_options,
};

int bi_mkdir_main(bi_ctx *b) {
  bi_opts g = {0};
  bool parents = false, verbose = false;
  const char *mode_s = NULL;
  int c;
  while ((c = bi_opt(b, &g, &mkdir_cmd)) != -1) {
    switch (c) {
    case 'm': mode_s = g.arg; break;
    case 'p': parents = true; break;
    case 'v': verbose = true; break;
    case 'Z': break;
    default: return g.status;
    }
  }
  if (!g.noperands) return bi_usage_error(b, &mkdir_cmd, "missing operand");
  unsigned umask = bi_umask(b);
  unsigned mode = 0777 & ~umask;
  if (mode_s && !bi_parse_mode(mode_s, 0777, true, umask, &mode)) {
    bi_err(b, "invalid mode %s", bi_cquote(b, mode_s));
    return 1;
  }
  int st = 0;
  for (int i = 0; i < g.noperands; i++) {
    if (bi_cancelled(b)) return 1;
    const char *op = g.operands[i];
    const char *p = bi_path(b, op);
    if (!p) {
      bi_err(b, "cannot create directory %s: %s", bi_cquote(b, op),
             vsh_strerror(bi_path_error(op)));
      st = 1;
      continue;
    }
    if (parents) {
      /* create each missing component, reporting it with -v */
      size_t n = strlen(op);
      char *buf = vsh__arena_alloc(b->arena, n + 1);
      if (!buf) return 1;
      const char *who = buf; /* the component that failed */
      int rc = 0;
      for (size_t k = 1; k <= n && !rc; k++) {
        if (k < n && op[k] != '/') continue;
        if (k < n && op[k - 1] == '/') continue;
        memcpy(buf, op, k);
        buf[k] = 0;
        const char *ap = bi_path(b, buf);
        vfs_info sti;
        if (!vfs_stat(b->fs, ap, true, &sti)) {
          if (sti.type != VFS_DIR) rc = VSH_ENOTDIR;
          /* the last component (trailing slashes aside) exists */
          if (rc && !op[k + strspn(op + k, "/")]) {
            rc = VSH_EEXIST;
            who = op;
          }
          continue;
        }
        unsigned m = k == n ? mode : ((0777 & ~umask) | 0300);
        rc = vfs_mkdir(b->fs, ap, m);
        if (!rc) rc = vfs_chmod(b->fs, ap, m);
        if (!rc && verbose &&
            bi_printf(b, "mkdir: created directory %s\n", bi_quote(b, buf)) ==
                VSH_EPIPE)
          return 141;
      }
      if (rc) {
        bi_err(b, "cannot create directory %s: %s", bi_cquote(b, who),
               vsh_strerror(rc));
        st = 1;
      }
      continue;
    }
    int rc = vfs_mkdir(b->fs, p, VFS_MODE_EXACT | mode);
    if (!rc && mode_s) rc = vfs_chmod(b->fs, p, mode);
    if (rc) {
      bi_err(b, "cannot create directory %s: %s", bi_cquote(b, op),
             vsh_strerror(rc));
      st = 1;
    } else if (verbose && bi_printf(b, "mkdir: created directory %s\n",
                                    bi_quote(b, op)) == VSH_EPIPE) {
      return 141;
    }
  }
  return st;
}
