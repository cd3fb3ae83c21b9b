/* rmdir.c: remove empty directories (-p parents, -v,
 * --ignore-fail-on-non-empty). */
#include "builtins/lib/files_int.h"

#include <string.h>

static const char usage[] =
    "Usage: rmdir [OPTION]... DIRECTORY...\n"
    "Remove the DIRECTORY(ies), if they are empty.\n\n"
    "      --ignore-fail-on-non-empty\n"
    "                    ignore each failure to remove a non-empty "
    "directory\n"
    "  -p, --parents     remove DIRECTORY and its ancestors\n"
    "  -v, --verbose     output a diagnostic for every directory processed\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

static const bi_longopt longopts[] = {
    {"ignore-fail-on-non-empty", BI_ARG_NONE, 258},
    {"parents", BI_ARG_NONE, 'p'},
    {"verbose", BI_ARG_NONE, 'v'},
    {"help", BI_ARG_NONE, 256},
    {"version", BI_ARG_NONE, 257},
    {0, 0, 0}};

/* 0 ok, 1 failed (reported), 2 ignored non-empty, 141 EPIPE */
static int remove_one(bi_ctx *b, const char *op, bool verbose,
                      bool ignore_ne) {
  if (verbose &&
      bi_printf(b, "rmdir: removing directory, %s\n", fu_quote(b, op)) ==
          VSH_EPIPE)
    return 141;
  const char *p = bi_path(b, op);
  int rc = p ? vfs_rmdir(b->fs, p) : VSH_ENAMETOOLONG;
  if (rc == VSH_ENOTEMPTY && ignore_ne) return 2;
  if (rc) {
    bi_err(b, "failed to remove %s: %s", fu_quote(b, op), vsh_strerror(rc));
    return 1;
  }
  return 0;
}

int bi_rmdir_main(bi_ctx *b) {
  bi_opts g = {0};
  bool parents = false, verbose = false, ignore_ne = false;
  int c;
  while ((c = bi_getopt(b, &g, "pv", longopts)) != -1) {
    switch (c) {
    case 'p': parents = true; break;
    case 'v': verbose = true; break;
    case 258: ignore_ne = true; break;
    case 256: return fu_help(b, usage);
    case 257: return fu_version(b);
    default: return 1;
    }
  }
  if (!g.noperands) return fu_usage_err(b, "missing operand");
  int st = 0;
  for (int i = 0; i < g.noperands; i++) {
    if (bi_cancelled(b)) return 1;
    char *op = vsh__arena_strndup(b->arena, g.operands[i],
                                  strlen(g.operands[i]));
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
