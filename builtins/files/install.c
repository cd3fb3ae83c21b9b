/* install.c: copy files and set attributes (-d -D -m -t -T -v -C,
 * -b/--backup/-S; -o/-g
 * and -s are accepted and ignored: one virtual user, no binaries to
 * strip).  Default mode 0755, like GNU. */
#include "builtins/builtins.h"

#include <string.h>

static const char usage[] =
    "Usage: install [OPTION]... [-T] SOURCE DEST\n"
    "  or:  install [OPTION]... SOURCE... DIRECTORY\n"
    "  or:  install [OPTION]... -t DIRECTORY SOURCE...\n"
    "  or:  install [OPTION]... -d DIRECTORY...\n\n"
    "  -C, --compare       compare content of source and destination files\n"
    "  -d, --directory     treat all arguments as directory names; create "
    "all components of the specified directories\n"
    "  -D                  create all leading components of DEST except the "
    "last\n"
    "  -m, --mode=MODE     set permission mode (as in chmod), instead of "
    "rwxr-xr-x\n"
    "  -t, --target-directory=DIRECTORY  copy all SOURCE arguments into "
    "DIRECTORY\n"
    "  -T, --no-target-directory  treat DEST as a normal file\n"
    "  -v, --verbose       print the name of each created file or "
    "directory\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n";

enum { OPT_BACKUP = BI_OPT_FIRST };

static const bi_option install_options[] = {
    {"backup", BI_ARG_OPTIONAL, OPT_BACKUP, NULL},
    {"suffix", BI_ARG_REQUIRED, 'S', NULL},
    {"compare", BI_ARG_NONE, 'C', NULL},
    {"directory", BI_ARG_NONE, 'd', NULL},
    {"mode", BI_ARG_REQUIRED, 'm', NULL},
    {"owner", BI_ARG_REQUIRED, 'o', NULL},
    {"group", BI_ARG_REQUIRED, 'g', NULL},
    {"preserve-timestamps", BI_ARG_NONE, 'p', NULL},
    {"strip", BI_ARG_NONE, 's', NULL},
    {"target-directory", BI_ARG_REQUIRED, 't', NULL},
    {"no-target-directory", BI_ARG_NONE, 'T', NULL},
    {"verbose", BI_ARG_NONE, 'v', NULL},
    {0}};

static const bi_cmd install_cmd = {
    .name = "install",
    .usage = usage,
    .shortopts = "bCcdDg:m:o:pst:TvS:Z",
    .longopts = install_options,
};

typedef struct inst_opts {
  unsigned mode;
  bool verbose, preserve;
  bi_backup backup;
} inst_opts;

/* mkdir -p reporting each created component with -v. */
static int make_dirs(bi_ctx *b, const inst_opts *o, const char *op,
                     unsigned final_mode, bool last_too) {
  size_t n = strlen(op);
  char *buf = vsh__arena_alloc(b->arena, n + 1);
  if (!buf) return 1;
  for (size_t k = 1; k <= n; k++) {
    if (k < n && op[k] != '/') continue;
    if (k < n && op[k - 1] == '/') continue;
    if (k == n && !last_too) break;
    memcpy(buf, op, k);
    buf[k] = 0;
    const char *ap = bi_path(b, buf);
    vfs_info st;
    if (ap && !vfs_stat(b->fs, ap, true, &st)) {
      if (st.type != VFS_DIR) {
        bi_err(b, "cannot create directory %s: %s", bi_quote(b, buf),
               vsh_strerror(VSH_EEXIST));
        return 1;
      }
      if (k == n) vfs_chmod(b->fs, ap, final_mode);
      continue;
    }
    int rc = ap ? vfs_mkdir(b->fs, ap, 0755) : VSH_ENAMETOOLONG;
    if (!rc && k == n) rc = vfs_chmod(b->fs, ap, final_mode);
    if (rc) {
      bi_err(b, "cannot create directory %s: %s", bi_quote(b, buf),
             vsh_strerror(rc));
      return 1;
    }
    if (o->verbose && bi_printf(b, "install: creating directory %s\n",
                                bi_quote(b, buf)) == VSH_EPIPE)
      return 141;
  }
  return 0;
}

static int install_file(bi_ctx *b, const inst_opts *o, const char *src,
                        const char *dst_shown) {
  const char *sp = bi_path(b, src), *dp = bi_path(b, dst_shown);
  vfs_info st, dst;
  int rc = sp ? vfs_stat(b->fs, sp, true, &st) : bi_path_error(src);
  if (rc) {
    bi_err(b, "cannot stat %s: %s", bi_quote(b, src), vsh_strerror(rc));
    return 1;
  }
  if (st.type == VFS_DIR) {
    bi_err(b, "omitting directory %s", bi_quote(b, src));
    return 1;
  }
  if (dp && !o->backup.mode && !vfs_stat(b->fs, dp, true, &dst) &&
      dst.ino == st.ino) {
    bi_err(b, "%s and %s are the same file", bi_quote(b, src),
           bi_quote(b, dst_shown));
    return 1;
  }
  const char *bk = NULL;
  if (dp && !vfs_stat(b->fs, dp, false, &dst) && dst.type != VFS_DIR) {
    if (o->backup.mode &&
        (rc = bi_backup_make(b, &o->backup, dp, dst_shown, &bk))) {
      bi_err(b, "cannot backup %s: %s", bi_quote(b, dst_shown),
             vsh_strerror(rc));
      return 1;
    }
    if (!bk) vfs_unlink(b->fs, dp);
  }
  /* "install -m 644 /dev/null f" makes an empty file */
  if (!dp) rc = VSH_ENAMETOOLONG;
  else if (st.type == VFS_CHR && st.dev == VFS_DEV_NULL)
    rc = vfs_write_file(b->fs, dp, "", 0, VFS_W_TRUNC, 0600);
  else rc = vfs_copy_file(b->fs, sp, dp, o->preserve);
  if (!rc) rc = vfs_chmod(b->fs, dp, o->mode);
  if (rc) {
    bi_err(b, "cannot create regular file %s: %s", bi_quote(b, dst_shown),
           vsh_strerror(rc));
    return 1;
  }
  if (o->verbose &&
      bi_printf(b, "%s -> %s%s%s%s\n", bi_quote(b, src), bi_quote(b, dst_shown),
                bk ? " (backup: " : "", bk ? bi_quote(b, bk) : "",
                bk ? ")" : "") == VSH_EPIPE)
    return 141;
  return 0;
}

int bi_install_main(bi_ctx *b) {
  bi_opts g = {0};
  inst_opts o = {.mode = 0755};
  bool dirs = false, leading = false, no_target = false;
  const char *target = NULL;
  int c;
  while ((c = bi_opt(b, &g, &install_cmd)) != -1) {
    switch (c) {
    case 'd': dirs = true; break;
    case 'D': leading = true; break;
    case 'm':
      /* a symbolic mode starts from no bits, as GNU's: -m +x is 111 */
      if (!bi_parse_mode(g.arg, 0, false, 0, &o.mode)) {
        bi_err(b, "invalid mode %s", bi_cquote(b, g.arg));
        return 1;
      }
      break;
    case 'p': o.preserve = true; break;
    case 't': target = g.arg; break;
    case 'T': no_target = true; break;
    case 'v': o.verbose = true; break;
    case 'C':
    case 'c':
    case 'g':
    case 'o':
    case 's':
    case 'Z': break;
    default:
      if (!bi_backup_opt(&o.backup, c, OPT_BACKUP, g.arg)) return g.status;
    }
  }
  if (bi_backup_finish(b, &o.backup)) return 1;
  int n = g.noperands;
  char **ops = g.operands;
  int st = 0;
  if (dirs) {
    if (!n) return bi_usage_error(b, &install_cmd, "missing file operand");
    for (int i = 0; i < n; i++) {
      int r = make_dirs(b, &o, ops[i], o.mode, true);
      if (r == 141) return r;
      if (r) st = 1;
    }
    return st;
  }
  if (!n) return bi_usage_error(b, &install_cmd, "missing file operand");
  if (n == 1 && !target)
    return bi_usage_error(b, &install_cmd,
                          "missing destination file operand after %s",
                          bi_quote(b, ops[0]));
  const char *dir = target;
  if (!dir && !no_target) {
    const char *last = bi_path(b, ops[n - 1]);
    vfs_info s2;
    if (last && !vfs_stat(b->fs, last, true, &s2) && s2.type == VFS_DIR) {
      dir = ops[n - 1];
      n--;
    } else if (n > 2) {
      bi_err(b, "target %s is not a directory", bi_quote(b, ops[n - 1]));
      return 1;
    }
  }
  if (leading) {
    const char *d = dir ? dir : ops[1];
    int r = make_dirs(b, &o, d, 0755, dir != NULL);
    if (r) return r;
  }
  if (!dir) return install_file(b, &o, ops[0], ops[1]);
  for (int i = 0; i < n; i++) {
    if (bi_cancelled(b)) return 1;
    int r = install_file(b, &o, ops[i],
                         bi_path_join(b, dir, bi_base_name(b, ops[i])));
    if (r == 141) return r;
    if (r) st = 1;
  }
  return st;
}
