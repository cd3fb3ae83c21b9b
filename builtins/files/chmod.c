/* chmod.c: change file mode bits (octal or symbolic: u+x,go-w,a=r,g=u;
 * -R -v -c -f, --reference).  Options are parsed by hand because a mode
 * may itself start with '-' ("chmod -x f").  -R does not follow
 * symlinks, as GNU's default. */
#include "builtins/lib/files_int.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: chmod [OPTION]... MODE[,MODE]... FILE...\n"
    "  or:  chmod [OPTION]... OCTAL-MODE FILE...\n"
    "  or:  chmod [OPTION]... --reference=RFILE FILE...\n"
    "Change the mode of each FILE to MODE.\n\n"
    "  -c, --changes          like verbose but report only when a change is "
    "made\n"
    "  -f, --silent, --quiet  suppress most error messages\n"
    "  -v, --verbose          output a diagnostic for every file processed\n"
    "      --reference=RFILE  use RFILE's mode instead of MODE values\n"
    "  -R, --recursive        change files and directories recursively\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n";

typedef struct chmod_opts {
  bool changes, quiet, verbose, recursive;
  const char *mode;
  bool have_ref;
  unsigned ref_mode;
  unsigned umask;
} chmod_opts;

static int apply(bi_ctx *b, const chmod_opts *o, const char *path,
                 const char *shown, const vfs_info *st) {
  unsigned nm;
  if (o->have_ref) nm = o->ref_mode;
  else if (!fu_parse_mode(o->mode, st->mode, st->type == VFS_DIR, o->umask,
                          &nm))
    return 1;
  int rc = 0;
  /* a host mount's mode becomes the sandbox's own once chmod names it */
  if (nm != (st->mode & 07777) || st->host_mode) rc = vfs_chmod(b->fs, path, nm);
  if (rc) {
    if (!o->quiet)
      bi_err(b, "changing permissions of %s: %s", fu_quote(b, shown),
             vsh_strerror(rc));
    return 1;
  }
  bool changed = nm != (st->mode & 07777);
  if (o->verbose || (o->changes && changed)) {
    vfs_info a = *st, z = *st;
    z.mode = nm;
    char ms[11], ns[11];
    fu_mode_string(&a, ms);
    fu_mode_string(&z, ns);
    int w;
    if (changed)
      w = bi_printf(b, "mode of %s changed from %04o (%s) to %04o (%s)\n",
                    fu_quote(b, shown), st->mode & 07777, ms + 1, nm, ns + 1);
    else
      w = bi_printf(b, "mode of %s retained as %04o (%s)\n",
                    fu_quote(b, shown), nm, ns + 1);
    if (w == VSH_EPIPE) return 141;
  }
  return 0;
}

static int chmod_one(bi_ctx *b, const chmod_opts *o, const char *op) {
  const char *p = bi_path(b, op);
  vfs_info st;
  int rc = p ? vfs_stat(b->fs, p, true, &st) : VSH_ENAMETOOLONG;
  if (rc) {
    if (!o->quiet)
      bi_err(b, "cannot access %s: %s", fu_quote(b, op), vsh_strerror(rc));
    return 1;
  }
  if (!o->recursive || st.type != VFS_DIR) return apply(b, o, p, op, &st);
  fu_walk *w;
  if (fu_walk_new(&w, b, p, op, false, true, false)) return 1;
  fu_went *e;
  int res = 0;
  while ((rc = fu_walk_next(w, &e)) == 1) {
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    if (e->dir_err) {
      if (!o->quiet)
        bi_err(b, "cannot read directory %s: %s", fu_quote(b, e->shown),
               vsh_strerror(e->err));
      res = 1;
    } else if (e->err) {
      res = 1;
    } else if (e->st.type != VFS_LNK) {
      int r = apply(b, o, e->path, e->shown, &e->st);
      if (r == 141) {
        vsh__arena_pop(b->arena, m);
        res = 141;
        break;
      }
      if (r) res = 1;
    } else if (o->verbose) {
      if (bi_printf(b, "neither symbolic link %s nor referent has been "
                       "changed\n", fu_quote(b, e->shown)) == VSH_EPIPE)
        res = 141;
    }
    vsh__arena_pop(b->arena, m);
    if (res == 141) break;
  }
  fu_walk_free(w);
  if (rc < 0 && !res) res = 1;
  return res;
}

int bi_chmod_main(bi_ctx *b) {
  chmod_opts o = {.umask = bi_umask(b)};
  char **ops = vsh__arena_alloc(b->arena, (size_t)b->argc * sizeof(char *));
  if (!ops) return 1;
  int n = 0;
  bool end = false;
  const char *ref = NULL;
  for (int i = 1; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (end || a[0] != '-' || !a[1]) {
      ops[n++] = (char *)a;
      continue;
    }
    if (!strcmp(a, "--")) {
      end = true;
      continue;
    }
    if (a[1] == '-') {
      const char *l = a + 2;
      if (!strcmp(l, "help")) return fu_help(b, usage);
      if (!strcmp(l, "version")) return fu_version(b);
      if (!strcmp(l, "recursive")) o.recursive = true;
      else if (!strcmp(l, "verbose")) o.verbose = true;
      else if (!strcmp(l, "changes")) o.changes = true;
      else if (!strcmp(l, "silent") || !strcmp(l, "quiet")) o.quiet = true;
      else if (!strncmp(l, "reference=", 10)) ref = l + 10;
      else if (!strcmp(l, "reference") && i + 1 < b->argc) ref = b->argv[++i];
      else if (!strcmp(l, "preserve-root") || !strcmp(l, "no-preserve-root"))
        ;
      else
        return fu_usage_err(b, "unrecognized option %s", fu_quote(b, a));
      continue;
    }
    /* "-R", "-vR" are options; "-x", "-w,u+r" are modes */
    bool opts = true;
    for (const char *p = a + 1; *p; p++)
      if (!strchr("Rvcf", *p)) opts = false;
    if (!opts) {
      ops[n++] = (char *)a;
      continue;
    }
    for (const char *p = a + 1; *p; p++) {
      if (*p == 'R') o.recursive = true;
      else if (*p == 'v') o.verbose = true;
      else if (*p == 'c') o.changes = true;
      else if (*p == 'f') o.quiet = true;
    }
  }
  int first = 0;
  if (ref) {
    const char *rp = bi_path(b, ref);
    vfs_info st;
    int rc = rp ? vfs_stat(b->fs, rp, true, &st) : VSH_ENAMETOOLONG;
    if (rc) {
      bi_err(b, "failed to get attributes of %s: %s", fu_quote(b, ref),
             vsh_strerror(rc));
      return 1;
    }
    o.have_ref = true;
    o.ref_mode = st.mode & 07777;
  } else {
    if (n == 0) return fu_usage_err(b, "missing operand");
    o.mode = ops[0];
    first = 1;
    unsigned tmp;
    if (!fu_parse_mode(o.mode, 0, false, o.umask, &tmp))
      return fu_usage_err(b, "invalid mode: %s", fu_cquote(b, o.mode));
  }
  if (n <= first) {
    if (ref) return fu_usage_err(b, "missing operand");
    return fu_usage_err(b, "missing operand after %s", fu_cquote(b, ops[0]));
  }
  int st = 0;
  for (int i = first; i < n; i++) {
    if (bi_cancelled(b)) return 1;
    int r = chmod_one(b, &o, ops[i]);
    if (r == 141) return 141;
    if (r) st = 1;
  }
  return st;
}
