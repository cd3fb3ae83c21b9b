/* chmod.c: change file mode bits (octal or symbolic: u+x,go-w,a=r,g=u;
 * -R -v -c -f, --reference).  A mode may itself start with '-' ("chmod
 * -x f"): such an argument is an operand.  -R does not follow
 * symlinks, as GNU's default. */
#include "builtins/builtins.h"

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
  else if (!bi_parse_mode(o->mode, st->mode, st->type == VFS_DIR, o->umask,
                          &nm))
    return 1;
  int rc = 0;
  /* a host mount's mode becomes the sandbox's own once chmod names it;
   * another user's file refuses even its own mode (EPERM) */
  if (nm != (st->mode & 07777) || st->host_mode || st->uid != VFS_UID)
    rc = vfs_chmod(b->fs, path, nm);
  if (rc) {
    if (!o->quiet)
      bi_err(b, "changing permissions of %s: %s", bi_quote(b, shown),
             vsh_strerror(rc));
    return 1;
  }
  bool changed = nm != (st->mode & 07777);
  if (o->verbose || (o->changes && changed)) {
    vfs_info a = *st, z = *st;
    z.mode = nm;
    char ms[11], ns[11];
    bi_mode_string(&a, ms);
    bi_mode_string(&z, ns);
    int w;
    if (changed)
      w = bi_printf(b, "mode of %s changed from %04o (%s) to %04o (%s)\n",
                    bi_quote(b, shown), st->mode & 07777, ms + 1, nm, ns + 1);
    else
      w = bi_printf(b, "mode of %s retained as %04o (%s)\n", bi_quote(b, shown),
                    nm, ns + 1);
    if (w == VSH_EPIPE) return 141;
  }
  return 0;
}

static int chmod_one(bi_ctx *b, const chmod_opts *o, const char *op) {
  const char *p = bi_path(b, op);
  vfs_info st;
  int rc = p ? vfs_stat(b->fs, p, true, &st) : bi_path_error(op);
  if (rc) {
    if (!o->quiet)
      bi_err(b, "cannot access %s: %s", bi_quote(b, op), vsh_strerror(rc));
    return 1;
  }
  if (!o->recursive || st.type != VFS_DIR) return apply(b, o, p, op, &st);
  bi_walk *w;
  if (bi_walk_new(&w, b, p, op, false, true, false)) return 1;
  bi_went *e;
  int res = 0;
  while ((rc = bi_walk_next(w, &e)) == 1) {
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    if (e->dir_err) {
      if (!o->quiet)
        bi_err(b, "cannot read directory %s: %s", bi_quote(b, e->shown),
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
      if (bi_printf(b,
                    "neither symbolic link %s nor referent has been "
                    "changed\n",
                    bi_quote(b, e->shown)) == VSH_EPIPE)
        res = 141;
    }
    vsh__arena_pop(b->arena, m);
    if (res == 141) break;
  }
  bi_walk_free(w);
  if (rc < 0 && !res) res = 1;
  return res;
}

enum { OPT_REFERENCE = BI_OPT_FIRST, OPT_PRESERVE_ROOT };

static const bi_option chmod_options[] = {
    {"changes", BI_ARG_NONE, 'c', NULL},
    {"silent", BI_ARG_NONE, 'f', NULL},
    {"quiet", BI_ARG_NONE, 'f', NULL},
    {"verbose", BI_ARG_NONE, 'v', NULL},
    {"reference", BI_ARG_REQUIRED, OPT_REFERENCE, NULL},
    {"recursive", BI_ARG_NONE, 'R', NULL},
    {"preserve-root", BI_ARG_NONE, OPT_PRESERVE_ROOT, NULL},
    {"no-preserve-root", BI_ARG_NONE, OPT_PRESERVE_ROOT, NULL},
    {0}};

/* "-R", "-vR" are options; "-x", "-w,u+r", "-vx" are modes (a mode
 * character makes the whole argument one, as GNU's getopt loop does);
 * "-Y" is an unknown option. */
static bool is_mode(const char *a) {
  if (a[1] == '-' || !a[1]) return false;
  bool mode = false;
  for (const char *p = a + 1; *p; p++)
    if (strchr("rwxXstugoa,+-=01234567", *p)) mode = true;
    else if (!strchr("Rvcf", *p)) return false;
  return mode;
}

static const bi_cmd chmod_cmd = {
    .name = "chmod",
    .usage = usage,
    .shortopts = "Rcfv",
    .longopts = chmod_options,
    .is_operand = is_mode,
};

int bi_chmod_main(bi_ctx *b) {
  chmod_opts o = {.umask = bi_umask(b)};
  const char *ref = NULL;
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, &chmod_cmd)) != -1) {
    switch (c) {
    case 'R': o.recursive = true; break;
    case 'v': o.verbose = true; break;
    case 'c': o.changes = true; break;
    case 'f': o.quiet = true; break;
    case OPT_REFERENCE: ref = g.arg; break;
    case OPT_PRESERVE_ROOT: break;
    default: return g.status;
    }
  }
  char **ops = g.operands;
  int n = g.noperands;
  int first = 0;
  if (ref) {
    vfs_info st;
    if (!bi_stat_reference(b, ref, &st)) return 1;
    o.have_ref = true;
    o.ref_mode = st.mode & 07777;
  } else {
    if (n == 0) return bi_usage_error(b, &chmod_cmd, "missing operand");
    o.mode = ops[0];
    first = 1;
  }
  if (n <= first) { /* GNU counts operands before it reads the mode */
    if (ref) return bi_usage_error(b, &chmod_cmd, "missing operand");
    return bi_usage_error(b, &chmod_cmd, "missing operand after %s",
                          bi_cquote(b, ops[0]));
  }
  unsigned tmp;
  if (!ref && !bi_parse_mode(o.mode, 0, false, o.umask, &tmp))
    return bi_usage_error(b, &chmod_cmd, "invalid mode: %s",
                          bi_cquote(b, o.mode));
  int st = 0;
  for (int i = first; i < n; i++) {
    if (bi_cancelled(b)) return 1;
    int r = chmod_one(b, &o, ops[i]);
    if (r == 141) return 141;
    if (r) st = 1;
  }
  return st;
}
