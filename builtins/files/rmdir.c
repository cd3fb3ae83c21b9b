/* rmdir.c: remove empty directories (-p parents, -v,
 * --ignore-fail-on-non-empty). */
#include "builtins/builtins.h"

#include <string.h>

enum { OPT_IGNORE_NON_EMPTY = BI_OPT_FIRST };

static const bi_option longopts[] = {
    {"ignore-fail-on-non-empty", BI_ARG_NONE, OPT_IGNORE_NON_EMPTY,
     "ignore each failure to remove a non-empty directory"},
    {"parents", BI_ARG_NONE, 'p', "remove DIRECTORY and its ancestors"},
    {"verbose", BI_ARG_NONE, 'v',
     "output a diagnostic for every directory processed"},
    {0}};

static const bi_cmd rmdir_cmd = {
    .name = "rmdir",
    .usage = "Usage: rmdir [OPTION]... DIRECTORY...\n",
    .about = "Remove the DIRECTORY(ies), if they are empty.\n\n",
    .shortopts = "pv",
    .longopts = longopts,
    .help_col = 20,
};

/* 0 ok, 1 failed (reported), 2 ignored non-empty, 141 EPIPE */
static int remove_one(bi_ctx *b, const char *op, bool verbose, bool ignore_ne) {
  if (verbose && bi_printf(b, "rmdir: removing directory, %s\n",
                           bi_quote(b, op)) == VSH_EPIPE)
    return 141;
  /* as rmdir(2): a last component "." is EINVAL, ".." not empty */
  size_t n = strlen(op);
  while (n > 1 && op[n - 1] == '/') n--;
  size_t k = n;
  while (k > 0 && op[k - 1] != '/') k--;
  const char *p = bi_path(b, op);
  int rc = n - k == 1 && op[k] == '.'                       ? VSH_EINVAL
           : n - k == 2 && op[k] == '.' && op[k + 1] == '.' ? VSH_ENOTEMPTY
           : p ? vfs_rmdir(b->fs, p)
               : bi_path_error(op);
  if (rc == VSH_ENOTEMPTY && ignore_ne) return 2;
  if (rc) {
    bi_err(b, "failed to remove %s: %s", bi_quote(b, op), vsh_strerror(rc));
    return 1;
  }
  return 0;
}

int bi_rmdir_main(bi_ctx *b) {
  bi_opts g = {0};
  bool parents = false, verbose = false, ignore_ne = false;
  int c;
  while ((c = bi_opt(b, &g, &rmdir_cmd)) != -1) {
    switch (c) {
    case 'p': parents = true; break;
    case 'v': verbose = true; break;
    case OPT_IGNORE_NON_EMPTY: ignore_ne = true; break;
    default: return g.status;
    }
  }
  if (!g.noperands) return bi_usage_error(b, &rmdir_cmd, "missing operand");
  int st = 0;
  for (int i = 0; i < g.noperands; i++) {
    if (bi_cancelled(b)) return 1;
    char *op =
        vsh__arena_strndup(b->arena, g.operands[i], strlen(g.operands[i]));
    if (!op) return 1;
    int r = remove_one(b, op, verbose, ignore_ne);
    if (r == 141) return r;
    if (r == 1) st = 1;
    if (r || !parents) continue;
    /* strip trailing slashes, then one component at a time */
    for (;;) {
      if (bi_cancelled(b)) return 1;
      size_t n = strlen(op);
      while (n > 1 && op[n - 1] == '/') op[--n] = 0;
      char *sl = strrchr(op, '/');
      if (!sl) break;
      while (sl > op && sl[-1] == '/') sl--;
      if (sl == op) break;
      *sl = 0;
      r = remove_one(b, op, verbose, ignore_ne);
      if (r == 141) return r;
      if (r == 1) st = 1;
      if (r) break;
    }
  }
  return st;
}
