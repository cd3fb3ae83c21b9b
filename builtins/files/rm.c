/* rm.c: remove files (-r/-R, -f, -d, -v, -i/-I/--interactive asking on
 * stdin with GNU's questions).  Deviation from GNU: the root directory is
 * always protected (--no-preserve-root is accepted, ignored).  Without
 * -v or -i a tree goes in one vfs_remove_tree call; -r -i visits a
 * directory's entries in name order (GNU: the directory's own order). */
#include "builtins/builtins.h"

#include <limits.h>
#include <string.h>

static const char usage[] =
    "Usage: rm [OPTION]... [FILE]...\n"
    "Remove (unlink) the FILE(s).\n\n"
    "  -f, --force           ignore nonexistent files and arguments, never "
    "prompt\n"
    "  -i                    prompt before every removal\n"
    "  -I                    prompt once before removing more than three "
    "files, or\n"
    "                          when removing recursively\n"
    "      --interactive[=WHEN]  prompt according to WHEN: never, once "
    "(-I), or\n"
    "                          always (-i); without WHEN, prompt always\n"
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

enum { RM_NEVER, RM_ONCE, RM_ALWAYS };

typedef struct rm_opts {
  bool force, recursive, dir, verbose;
  int interactive; /* RM_* */
} rm_opts;

/* GNU's name for the kind of file in a question. */
static const char *kind(const vfs_info *st) {
  switch (st->type) {
  case VFS_DIR: return "directory";
  case VFS_LNK: return "symbolic link";
  case VFS_FIFO: return "fifo";
  case VFS_CHR: return "character special file";
  default: return st->size ? "regular file" : "regular empty file";
  }
}

static bool dir_empty(bi_ctx *b, const char *abs) {
  vfs_dirlist l = {0};
  if (vfs_readdir(b->fs, abs, &l)) return false;
  bool empty = l.len == 0;
  vfs_dirlist_dispose(&l);
  return empty;
}

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

/* One entry of an -r -i walk: asks, removes; false when it stays. */
static bool ask_remove(bi_ctx *b, const rm_opts *o, const bi_went *e, int *st) {
  if (!bi_ask(b, "remove %s %s? ", kind(&e->st), bi_quote(b, e->shown)))
    return false;
  int r = e->st.type == VFS_DIR ? vfs_rmdir(b->fs, e->path)
                                : vfs_unlink(b->fs, e->path);
  if (r) {
    bi_err(b, "cannot remove %s: %s", bi_quote(b, e->shown), vsh_strerror(r));
    *st = 1;
    return false;
  }
  if (o->verbose && say(b, e->st.type == VFS_DIR ? "directory " : "", e->shown))
    *st = 141;
  return true;
}

/* -r -i: a directory is entered when the answer is yes, and asked about
 * again after its entries; one that stays keeps its ancestors (they are
 * not asked about).  A file that stays does not. */
static int remove_asking(bi_ctx *b, const rm_opts *o, const char *abs,
                         const char *shown) {
  bi_walk *w;
  if (bi_walk_new(&w, b, abs, shown, false, false, true)) return 1;
  int st = 0, rc, cap = 0;
  bool *keep = NULL; /* keep[d]: the directory open at depth d stays */
  bi_went *e;
  while (st != 141 && (rc = bi_walk_next(w, &e)) == 1) {
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    int d = e->depth;
    if (d >= cap) {
      int nc = cap ? 2 * cap : 16;
      while (nc <= d) nc *= 2;
      bool *nk = vsh__realloc(NULL, keep, (size_t)cap, (size_t)nc);
      if (!nk) {
        st = 1;
        break;
      }
      keep = nk;
      cap = nc;
    }
    bool stays = false;
    if (e->dir_err) {
      bi_err(b, "cannot remove %s: %s", bi_quote(b, e->shown),
             vsh_strerror(e->err));
      st = 1;
    } else if (e->st.type == VFS_DIR && !e->post) {
      keep[d] = false;
      if (dir_empty(b, e->path)) {
        stays = !ask_remove(b, o, e, &st);
        bi_walk_skip(w);
      } else if (!bi_ask(b, "descend into directory %s? ",
                         bi_quote(b, e->shown))) {
        stays = true;
        bi_walk_skip(w);
      }
    } else if (e->st.type == VFS_DIR) {
      stays = keep[d] || !ask_remove(b, o, e, &st);
    } else {
      ask_remove(b, o, e, &st);
    }
    if (stays)
      for (int k = 0; k < d; k++) keep[k] = true;
    vsh__arena_pop(b->arena, m);
  }
  vsh__free(NULL, keep, (size_t)cap);
  bi_walk_free(w);
  return rc < 0 && st != 141 ? 1 : st;
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
  if (!p && !*op && o->force) return 0;
  if (!p) {
    bi_err(b, "cannot remove %s: %s", bi_quote(b, op),
           vsh_strerror(bi_path_error(op)));
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
  if (o->interactive == RM_ALWAYS) {
    if (st.type == VFS_DIR && o->recursive) return remove_asking(b, o, p, op);
    if (st.type == VFS_DIR && !o->dir) rc = VSH_EISDIR;
    else if (st.type == VFS_DIR && !dir_empty(b, p)) rc = VSH_ENOTEMPTY;
    if (rc) {
      bi_err(b, "cannot remove %s: %s", bi_quote(b, op), vsh_strerror(rc));
      return 1;
    }
    if (!bi_ask(b, "remove %s %s? ", kind(&st), bi_quote(b, op))) return 0;
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
  static const char *const when[] = {"never",  "no",  "none", "once",
                                     "always", "yes", NULL};
  static const int when_val[] = {RM_NEVER, RM_NEVER,  RM_NEVER,
                                 RM_ONCE,  RM_ALWAYS, RM_ALWAYS};
  while ((c = bi_opt(b, &g, &rm_cmd)) != -1) {
    switch (c) {
    case 'f':
      o.force = true;
      o.interactive = RM_NEVER;
      break;
    case 'r':
    case 'R': o.recursive = true; break;
    case 'd': o.dir = true; break;
    case 'v': o.verbose = true; break;
    case 'i':
      if (!g.arg) o.interactive = RM_ALWAYS;
      else {
        o.interactive =
            bi_argmatch_vals(b, "--interactive", g.arg, when, when_val);
        if (o.interactive < 0) {
          bi_try_help(b);
          return 1;
        }
      }
      if (o.interactive != RM_NEVER) o.force = false;
      break;
    case 'I':
      o.interactive = RM_ONCE;
      o.force = false;
      break;
    case OPT_PRESERVE_ROOT: break;
    default: return g.status;
    }
  }
  if (!g.noperands) {
    if (o.force) return 0;
    return bi_usage_error(b, &rm_cmd, "missing operand");
  }
  if (o.interactive == RM_ONCE && (o.recursive || g.noperands > 3) &&
      !bi_ask(b, "remove %d argument%s%s? ", g.noperands,
              g.noperands == 1 ? "" : "s", o.recursive ? " recursively" : ""))
    return 0;
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
