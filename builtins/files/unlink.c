/* unlink.c: unlink (remove one file, never a directory) and sync
 * (nothing to flush in a virtual filesystem: it only checks that the
 * named files exist, as opening them would). */
#include "builtins/builtins.h"

#include <string.h>

static const bi_cmd unlink_cmd = {
    .name = "unlink",
    .usage = "Usage: unlink FILE\n  or:  unlink OPTION\n",
    .about = "Call the unlink function to remove the specified FILE.\n\n",
};

int bi_unlink_main(bi_ctx *b) {
  bi_opts g = {0};
  if (bi_opt(b, &g, &unlink_cmd) != -1) return g.status;
  if (!g.noperands) return bi_usage_error(b, &unlink_cmd, "missing operand");
  if (g.noperands > 1)
    return bi_usage_error(b, &unlink_cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g.operands[1]);
  const char *name = g.operands[0];
  const char *p = bi_path(b, name);
  vfs_info st;
  int rc = p ? vfs_stat(b->fs, p, false, &st) : VSH_ENOENT;
  if (!rc && st.type == VFS_DIR) rc = VSH_EISDIR;
  if (!rc) rc = vfs_unlink(b->fs, p);
  if (rc) {
    bi_err(b, "cannot unlink %s: %s", bi_quote(b, name), vsh_strerror(rc));
    return 1;
  }
  return 0;
}

static const bi_option sync_options[] = {
    {"data", BI_ARG_NONE, 'd', "sync only file data, no unneeded metadata"},
    {"file-system", BI_ARG_NONE, 'f',
     "sync the file systems that contain the files"},
    {0}};

static const bi_cmd sync_cmd = {
    .name = "sync",
    .usage = "Usage: sync [OPTION] [FILE]...\n",
    .about = "Synchronize cached writes to persistent storage\n\n"
             "If one or more files are specified, sync only them,\n"
             "or their containing file systems.\n\n",
    .shortopts = "df",
    .longopts = sync_options,
};

int bi_sync_main(bi_ctx *b) {
  bi_opts g = {0};
  bool data = false, fs = false;
  int c;
  while ((c = bi_opt(b, &g, &sync_cmd)) != -1) {
    if (c == 'd') data = true;
    else if (c == 'f') fs = true;
    else return g.status;
  }
  if (data && fs) {
    bi_err(b, "cannot specify both --data and --file-system");
    return 1;
  }
  if (data && !g.noperands) {
    bi_err(b, "--data needs at least one argument");
    return 1;
  }
  int st = 0;
  for (int i = 0; i < g.noperands; i++) {
    const char *p = bi_path(b, g.operands[i]);
    vfs_info info;
    int rc = p ? vfs_stat(b->fs, p, true, &info) : VSH_ENOENT;
    if (rc) {
      bi_err(b, "error opening %s: %s", bi_quote(b, g.operands[i]),
             vsh_strerror(rc));
      st = 1;
    }
  }
  return st;
}
