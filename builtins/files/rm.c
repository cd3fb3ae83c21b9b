/* rm.c: remove files (-r/-R, -f, -d, -v).  Deviations from GNU: -i/-I
 * are refused (there is no terminal to ask); the root directory is
 * always protected (--no-preserve-root is accepted, ignored).  Without
 * -v a tree goes in one vfs_remove_tree call. */
#include "builtins/builtins.h"

#include <limits.h>
#include <string.h>

static const char usage[] =
    "Usage: rm [OPTION]... [FILE]...\n"
    "Remove (unlink) the FILE(s).\n\n"
    "  -f, --force           ignore nonexistent files and arguments, never "
    "prompt\n"
    "  -r, -R, --recursive   remove directories and their contents "
    "recursively\n"
    "  -d, --dir             remove empty directories\n"
    "  -v, --verbose         explain what is being done\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n";

enum { OPT_PRESERVE_ROOT = BI_OPT_FIRST };

static const bi_option rm_options[] = {
    {"force", BI_ARG_NONE, 'f', NULL},
    {"recursive", BI_ARG_NONE, 'r', NULL},
    {"dir", BI_ARG_NONE, 'd', NULL},
    {"verbose", BI_ARG_NONE, 'v', NULL},
    {"interactive", BI_ARG_OPTIONAL, 'i', NULL},
    {"preserve-root", BI_ARG_OPTIONAL, OPT_PRESERVE_ROOT, NULL},
    {"no-preserve-root", BI_ARG_NONE, OPT_PRESERVE_ROOT, NULL},
    {"one-file-system", BI_ARG_NONE, OPT_PRESERVE_ROOT, NULL},
    {0}};

static const bi_cmd rm_cmd = {
    .name = "rm",
    .usage = usage,
    .shortopts = "frRdviI",
    .longopts = rm_options,
};

typedef struct rm_opts {
  bool force, recursive, dir, verbose;
} rm_opts;

static int say(bi_ctx *b, const char *what, const char *name) {
  return bi_printf(b, "removed %s%s\n", what, bi_quote(b, name)) == VSH_EPIPE
             ? 141
             : 0;
}

/* -r -v, or a tree that one call may not remove (a directory in it the
 * user may not empty): remove children before their directory (naming
 * each with -v), as far as permissions allow; like GNU, a directory whose
 * entry could not all go is left without another message. */
static int remove_walk(bi_ctx *b, const char *abs, const char *shown,
                       bool verbose) {
  bi_walk *w;
  int rc = bi_walk_new(&w, b, abs, shown, false, false, true);
  if (rc) return 1;
  int st = 0;
  int kept = INT_MAX; /* after a failure: its depth (ancestors stay) */
  bi_went *e;
  while ((rc = bi_walk_next(w, &e)) == 1) {
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    bool dir = e->st.type == VFS_DIR;
    int r = 0;
    if (e->dir_err) {
      r = e->err;
    } else if (dir && !e->post) {
      /* removed on the way back up */
    } else if (dir && kept != INT_MAX && e->depth < kept) {
      kept = e->depth;
    } else {
      r = dir ? vfs_rmdir(b->fs, e->path) : vfs_unlink(b->fs, e->path);
      if (!r && verbose && say(b, dir ? "directory " : "", e->shown)) st = 141;
    }
    if (r) {
      bi_err(b, "cannot remove %s: %s", bi_quote(b, e->shown), vsh_strerror(r));
      st = 1;
      int d = e->dir_err ? e->depth + 1 : e->depth;
      if (d < kept) kept = d;
    }
    vsh__arena_pop(b->arena, m);
    if (st == 141) break;
  }
  bi_walk_free(w);
  if (rc < 0) return 1;
  return st;
}

static int remove_one(bi_ctx *b, const rm_opts *o, const char *op) {
  const char *last = strrchr(op, '/');
  size_t n = strlen(op);
  while (n > 1 && op[n - 1] == '/') n--;
  const char *base = op;
  for (size_t i = 0; i < n; i++)
    if (op[i] == '/' && i + 1 < n) base = op + i + 1;
  (void)last;
  size_t bl = (size_t)(op + n - base);
  bool dots = (bl == 1 && base[0] == '.') ||
              (bl == 2 && base[0] == '.' && base[1] == '.');
  const char *p = bi_path(b, op);
  if (!p) {
    bi_err(b, "cannot remove %s: %s", bi_quote(b, op),
           vsh_strerror(VSH_ENAMETOOLONG));
    return 1;
  }
  if (o->recursive && dots) {
    bi_err(b, "refusing to remove '.' or '..' directory: skipping %s",
           bi_quote(b, op));
    return 1;
  }
  if (o->recursive && !strcmp(p, "/")) {
    bi_err(b, "it is dangerous to operate recursively on %s", bi_quote(b, op));
    bi_err(b, "use --no-preserve-root to override this failsafe");
    return 1;
  }
  vfs_info st;
  int rc = vfs_stat(b->fs, p, false, &st);
  if (rc) {
    if (o->force && rc == VSH_ENOENT) return 0;
    bi_err(b, "cannot remove %s: %s", bi_quote(b, op), vsh_strerror(rc));
    return 1;
  }
  if (st.type == VFS_DIR) {
    if (o->recursive) {
      if (o->verbose) return remove_walk(b, p, op, true);
      rc = vfs_remove_tree(b->fs, p);
      if (rc == VSH_EACCES) return remove_walk(b, p, op, false);
    } else if (o->dir) {
      rc = vfs_rmdir(b->fs, p);
    } else {
      rc = VSH_EISDIR;
    }
    if (rc) {
      bi_err(b, "cannot remove %s: %s", bi_quote(b, op), vsh_strerror(rc));
      return 1;
    }
    return o->verbose ? say(b, "directory ", op) : 0;
  }
  rc = vfs_unlink(b->fs, p);
  if (rc) {
    bi_err(b, "cannot remove %s: %s", bi_quote(b, op), vsh_strerror(rc));
    return 1;
  }
  return o->verbose ? say(b, "", op) : 0;
}

int bi_rm_main(bi_ctx *b) {
  bi_opts g = {0};
  rm_opts o = {0};
  int c;
  bool interactive = false;
  while ((c = bi_opt(b, &g, &rm_cmd)) != -1) {
    switch (c) {
    case 'f':
      o.force = true;
      interactive = false;
      break;
    case 'r':
    case 'R': o.recursive = true; break;
    case 'd': o.dir = true; break;
    case 'v': o.verbose = true; break;
    case 'i':
    case 'I':
      interactive = !(g.arg && !strcmp(g.arg, "never"));
      if (interactive) o.force = false;
      break;
    case OPT_PRESERVE_ROOT: break;
    default: return g.status;
    }
  }
  if (interactive) {
    bi_err(b, "interactive mode (-i/-I) is not supported: there is no "
              "terminal to answer prompts; use -f or drop -i");
    return 1;
  }
  if (!g.noperands) {
    if (o.force) return 0;
    return bi_usage_error(b, &rm_cmd, "missing operand");
  }
  int st = 0;
  for (int i = 0; i < g.noperands; i++) {
    if (bi_cancelled(b)) return 1;
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    int r = remove_one(b, &o, g.operands[i]);
    vsh__arena_pop(b->arena, m);
    if (r == 141) return 141;
    if (r) st = 1;
  }
  return st;
}
