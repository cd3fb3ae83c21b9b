/* mv.c: move (rename) files (-f -i -n -v -T -t -u, -b/--backup/-S;
 * -i asks on stdin).  Every move is one vfs_rename, so a
 * directory moves in O(1). */
#include "builtins/builtins.h"

#include <string.h>

static const char usage[] =
    "Usage: mv [OPTION]... [-T] SOURCE DEST\n"
    "  or:  mv [OPTION]... SOURCE... DIRECTORY\n"
    "  or:  mv [OPTION]... -t DIRECTORY SOURCE...\n"
    "Rename SOURCE to DEST, or move SOURCE(s) to DIRECTORY.\n\n"
    "      --backup[=CONTROL]       make a backup of each existing "
    "destination file\n"
    "  -b                           like --backup but does not accept an "
    "argument\n"
    "  -f, --force                  do not prompt before overwriting\n"
    "  -n, --no-clobber             do not overwrite an existing file\n"
    "  -S, --suffix=SUFFIX          override the usual backup suffix\n"
    "  -t, --target-directory=DIRECTORY  move all SOURCE arguments into "
    "DIRECTORY\n"
    "  -T, --no-target-directory    treat DEST as a normal file\n"
    "  -u, --update                 move only when the SOURCE file is newer\n"
    "  -v, --verbose                explain what is being done\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n";

enum { OPT_BACKUP = BI_OPT_FIRST };

static const bi_option mv_options[] = {
    {"backup", BI_ARG_OPTIONAL, OPT_BACKUP, NULL},
    {"suffix", BI_ARG_REQUIRED, 'S', NULL},
    {"force", BI_ARG_NONE, 'f', NULL},
    {"interactive", BI_ARG_NONE, 'i', NULL},
    {"no-clobber", BI_ARG_NONE, 'n', NULL},
    {"target-directory", BI_ARG_REQUIRED, 't', NULL},
    {"no-target-directory", BI_ARG_NONE, 'T', NULL},
    {"update", BI_ARG_OPTIONAL, 'u', NULL},
    {"verbose", BI_ARG_NONE, 'v', NULL},
    {0}};

static const bi_cmd mv_cmd = {
    .name = "mv",
    .usage = usage,
    .shortopts = "bfinS:t:Tuv",
    .longopts = mv_options,
};

typedef struct mv_opts {
  bool no_clobber, verbose, update, interactive;
  bi_backup backup;
} mv_opts;

static int move_one(bi_ctx *b, const mv_opts *o, const char *src_shown,
                    const char *dst, const char *dst_shown) {
  const char *src = bi_path(b, src_shown);
  vfs_info sst, dst_st;
  int rc = src ? vfs_stat(b->fs, src, false, &sst) : bi_path_error(src_shown);
  if (rc) {
    bi_err(b, "cannot stat %s: %s", bi_quote(b, src_shown), vsh_strerror(rc));
    return 1;
  }
  bool exists = !vfs_stat(b->fs, dst, false, &dst_st);
  if (exists && dst_st.ino == sst.ino) {
    bi_err(b, "%s and %s are the same file", bi_quote(b, src_shown),
           bi_quote(b, dst_shown));
    return 1;
  }
  size_t sl = strlen(src);
  if (sst.type == VFS_DIR && !strncmp(dst, src, sl) &&
      (dst[sl] == '/' || !strcmp(src, "/"))) {
    bi_err(b, "cannot move %s to a subdirectory of itself, %s",
           bi_quote(b, src_shown), bi_quote(b, dst_shown));
    return 1;
  }
  if (exists) {
    if (o->no_clobber) return 0;
    if (o->interactive && !bi_ask_overwrite(b, dst_shown)) return 0;
    if (o->update && (sst.mtime.tv_sec < dst_st.mtime.tv_sec ||
                      (sst.mtime.tv_sec == dst_st.mtime.tv_sec &&
                       sst.mtime.tv_nsec <= dst_st.mtime.tv_nsec)))
      return 0;
    if (dst_st.type == VFS_DIR && sst.type != VFS_DIR) {
      bi_err(b, "cannot overwrite directory %s with non-directory",
             bi_quote(b, dst_shown));
      return 1;
    }
    if (dst_st.type != VFS_DIR && sst.type == VFS_DIR) {
      bi_err(b, "cannot overwrite non-directory %s with directory %s",
             bi_quote(b, dst_shown), bi_quote(b, src_shown));
      return 1;
    }
  }
  const char *bk = NULL;
  if (exists && o->backup.mode &&
      (rc = bi_backup_make(b, &o->backup, dst, dst_shown, &bk))) {
    bi_err(b, "cannot backup %s: %s", bi_quote(b, dst_shown), vsh_strerror(rc));
    return 1;
  }
  size_t dl = strlen(dst_shown);
  /* "new/" names a directory: only a directory moves there (rename(2)) */
  rc = !exists && sst.type != VFS_DIR && dl && dst_shown[dl - 1] == '/'
           ? VSH_ENOTDIR
           : vfs_rename(b->fs, src, dst);
  if (rc) {
    if (rc == VSH_ENOTEMPTY || rc == VSH_EEXIST)
      bi_err(b, "cannot move %s to %s: %s", bi_quote(b, src_shown),
             bi_quote(b, dst_shown), vsh_strerror(rc));
    else
      bi_err(b, "cannot move %s to %s: %s", bi_quote(b, src_shown),
             bi_quote(b, dst_shown), vsh_strerror(rc));
    return 1;
  }
  if (o->verbose &&
      bi_printf(b, "renamed %s -> %s%s%s%s\n", bi_quote(b, src_shown),
                bi_quote(b, dst_shown), bk ? " (backup: " : "",
                bk ? bi_quote(b, bk) : "", bk ? ")" : "") == VSH_EPIPE)
    return 141;
  return 0;
}

int bi_mv_main(bi_ctx *b) {
  bi_opts g = {0};
  mv_opts o = {0};
  const char *target = NULL;
  bool no_target = false;
  int c;
  while ((c = bi_opt(b, &g, &mv_cmd)) != -1) {
    switch (c) {
    case 'f': o.no_clobber = o.interactive = false; break;
    case 'i':
      o.interactive = true;
      o.no_clobber = false;
      break;
    case 'n':
      o.no_clobber = true;
      o.interactive = false;
      break;
    case 't': target = g.arg; break;
    case 'T': no_target = true; break;
    case 'u': o.update = true; break;
    case 'v': o.verbose = true; break;
    default:
      if (!bi_backup_opt(&o.backup, c, OPT_BACKUP, g.arg)) return g.status;
    }
  }
  if (bi_backup_finish(b, &o.backup)) return 1;
  if (o.backup.mode && o.no_clobber)
    return bi_usage_error(b, &mv_cmd,
                          "options --backup and --no-clobber are "
                          "mutually exclusive");
  int n = g.noperands;
  char **ops = g.operands;
  const char *dir, *dabs;
  int trc = bi_target_dir(b, ops, &n, target, no_target, &dir, &dabs);
  if (trc) return trc;
  if (!dir) {
    const char *dst = bi_path(b, ops[1]);
    if (!dst) return 1;
    return move_one(b, &o, ops[0], dst, ops[1]);
  }
  int st = 0;
  for (int i = 0; i < n; i++) {
    if (bi_cancelled(b)) return 1;
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    const char *base = bi_base_name(b, ops[i]);
    int r = move_one(b, &o, ops[i], bi_path_join(b, dabs, base),
                     bi_path_join(b, dir, base));
    vsh__arena_pop(b->arena, m);
    if (r == 141) return 141;
    if (r) st = 1;
  }
  return st;
}
