/* ln.c: make links (-s -f -i -n -v -T -t -r, -b/--backup/-S).  Hard links to directories
 * are refused like GNU; -r computes the link text from the lexically
 * normalised paths of the target and the link's directory. */
#include "builtins/builtins.h"

#include <string.h>

static const char usage[] =
    "Usage: ln [OPTION]... [-T] TARGET LINK_NAME\n"
    "  or:  ln [OPTION]... TARGET\n"
    "  or:  ln [OPTION]... TARGET... DIRECTORY\n"
    "  or:  ln [OPTION]... -t DIRECTORY TARGET...\n"
    "Create hard links by default, symbolic links with --symbolic.\n\n"
    "  -f, --force                 remove existing destination files\n"
    "  -n, --no-dereference        treat LINK_NAME as a normal file if\n"
    "                                it is a symbolic link to a directory\n"
    "  -r, --relative              with -s, create links relative to link "
    "location\n"
    "  -s, --symbolic              make symbolic links instead of hard "
    "links\n"
    "  -t, --target-directory=DIRECTORY  specify the DIRECTORY in which to "
    "create the links\n"
    "      --backup[=CONTROL]      make a backup of each existing "
    "destination file\n"
    "  -b                          like --backup but does not accept an "
    "argument\n"
    "  -i, --interactive           prompt whether to remove destinations\n"
    "  -S, --suffix=SUFFIX         override the usual backup suffix\n"
    "  -T, --no-target-directory   treat LINK_NAME as a normal file always\n"
    "  -v, --verbose               print name of each linked file\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n";

enum { OPT_BACKUP = BI_OPT_FIRST };

static const bi_option ln_options[] = {
    {"backup", BI_ARG_OPTIONAL, OPT_BACKUP, NULL},
    {"suffix", BI_ARG_REQUIRED, 'S', NULL},
    {"interactive", BI_ARG_NONE, 'i', NULL},
    {"force", BI_ARG_NONE, 'f', NULL},
    {"no-dereference", BI_ARG_NONE, 'n', NULL},
    {"relative", BI_ARG_NONE, 'r', NULL},
    {"symbolic", BI_ARG_NONE, 's', NULL},
    {"target-directory", BI_ARG_REQUIRED, 't', NULL},
    {"no-target-directory", BI_ARG_NONE, 'T', NULL},
    {"verbose", BI_ARG_NONE, 'v', NULL},
    {"logical", BI_ARG_NONE, 'L', NULL},
    {"physical", BI_ARG_NONE, 'P', NULL},
    {0}};

static const bi_cmd ln_cmd = {
    .name = "ln",
    .usage = usage,
    .shortopts = "bfinrsS:t:TvLP",
    .longopts = ln_options,
};

typedef struct ln_opts {
  bool force, no_deref, relative, sym, verbose, interactive;
  bi_backup backup;
} ln_opts;

/* The relative path from directory `from` to `to` (both absolute). */
static const char *relative(bi_ctx *b, const char *from, const char *to) {
  size_t i = 0, last = 0;
  while (from[i] && from[i] == to[i]) {
    if (from[i] == '/') last = i;
    i++;
  }
  if (!from[i] && (to[i] == '/' || !to[i])) last = i;
  if (!strcmp(from, "/")) last = 0;
  vsh_buf o = {0};
  const char *rest = from + last;
  for (const char *p = rest; *p; p++)
    if (*p == '/' && p[1]) vsh__buf_puts(&o, o.len ? "/.." : "..");
  if (*rest && rest[0] != '/') vsh__buf_puts(&o, o.len ? "/.." : "..");
  const char *tail = to + last;
  if (*tail == '/') tail++;
  if (*tail) {
    if (o.len) vsh__buf_putc(&o, '/');
    vsh__buf_puts(&o, tail);
  }
  if (!o.len) vsh__buf_putc(&o, '.');
  char *r = vsh__arena_strndup(b->arena, o.data, o.len);
  vsh_buf_dispose(&o);
  return r;
}

static int link_one(bi_ctx *b, const ln_opts *o, const char *target,
                    const char *link, const char *link_shown) {
  vfs_info st;
  const char *tabs = bi_path(b, target);
  if (!o->sym) {
    int rc = tabs ? vfs_stat(b->fs, tabs, true, &st) : bi_path_error(target);
    if (rc) {
      bi_err(b, "failed to access %s: %s", bi_quote(b, target),
             vsh_strerror(rc));
      return 1;
    }
    if (st.type == VFS_DIR) {
      bi_err(b, "%s: hard link not allowed for directory", target);
      return 1;
    }
  }
  const char *text = target;
  if (o->sym && o->relative) {
    vsh_buf real = {0};
    const char *ldir = link;
    char *d = vsh__arena_strndup(b->arena, link, strlen(link));
    char *sl = strrchr(d, '/');
    if (sl == d) d[1] = 0;
    else if (sl) *sl = 0;
    ldir = d;
    if (!vfs_realpath(b->fs, ldir, true, &real))
      ldir = vsh__arena_strndup(b->arena, real.data, real.len);
    vsh__buf_clear(&real);
    const char *tp = tabs;
    if (!vfs_realpath(b->fs, tabs, true, &real))
      tp = vsh__arena_strndup(b->arena, real.data, real.len);
    vsh_buf_dispose(&real);
    text = relative(b, ldir, tp);
  }
  vfs_info lst;
  const char *bk = NULL;
  if (!vfs_stat(b->fs, link, false, &lst)) {
    if (!o->sym && tabs && !vfs_stat(b->fs, tabs, false, &st) &&
        st.ino == lst.ino && o->force) {
      bi_err(b, "%s and %s are the same file", bi_quote(b, target),
             bi_quote(b, link_shown));
      return 1;
    }
    if (o->interactive && !bi_ask(b, "replace %s? ", bi_quote(b, link_shown)))
      return 0;
    if ((o->force || o->interactive || o->backup.mode) && lst.type == VFS_DIR) {
      bi_err(b, "%s: cannot overwrite directory", bi_quote(b, link_shown));
      return 1;
    }
    int rc;
    if (o->backup.mode &&
        (rc = bi_backup_make(b, &o->backup, link, link_shown, &bk))) {
      bi_err(b, "cannot backup %s: %s", bi_quote(b, link_shown),
             vsh_strerror(rc));
      return 1;
    }
    if (!bk && (o->force || o->interactive)) vfs_unlink(b->fs, link);
  }
  int rc =
      o->sym ? vfs_symlink(b->fs, text, link) : vfs_link(b->fs, tabs, link);
  if (rc && !o->sym && rc != VSH_EEXIST && rc != VSH_ENOSPC &&
      rc != VSH_EROFS) { /* GNU names the source except for these */
    bi_err(b, "failed to create hard link %s => %s: %s",
           bi_quote(b, link_shown), bi_quote(b, target), vsh_strerror(rc));
    return 1;
  }
  if (rc) {
    bi_err(b, "failed to create %s link %s: %s", o->sym ? "symbolic" : "hard",
           bi_quote(b, link_shown), vsh_strerror(rc));
    return 1;
  }
  if (o->verbose &&
      bi_printf(b, "%s%s%s %s %s\n", bk ? bi_quote(b, bk) : "", bk ? " ~ " : "",
                bi_quote(b, link_shown), o->sym ? "->" : "=>",
                bi_quote(b, text)) == VSH_EPIPE)
    return 141;
  return 0;
}

int bi_ln_main(bi_ctx *b) {
  bi_opts g = {0};
  ln_opts o = {0};
  const char *target_dir = NULL;
  bool no_target = false;
  int c;
  while ((c = bi_opt(b, &g, &ln_cmd)) != -1) {
    switch (c) {
    case 'f':
      o.force = true;
      o.interactive = false;
      break;
    case 'n': o.no_deref = true; break;
    case 'r': o.relative = true; break;
    case 's': o.sym = true; break;
    case 't': target_dir = g.arg; break;
    case 'T': no_target = true; break;
    case 'v': o.verbose = true; break;
    case 'i':
      o.interactive = true;
      o.force = false;
      break;
    case 'L':
    case 'P': break;
    default:
      if (!bi_backup_opt(&o.backup, c, OPT_BACKUP, g.arg)) return g.status;
    }
  }
  if (bi_backup_finish(b, &o.backup)) return 1;
  int n = g.noperands;
  char **ops = g.operands;
  if (o.relative && !o.sym)
    return bi_usage_error(b, &ln_cmd,
                          "cannot do --relative without --symbolic");
  if (n == 0) return bi_usage_error(b, &ln_cmd, "missing file operand");
  if (no_target && n > 2)
    return bi_usage_error(b, &ln_cmd, "extra operand %s", bi_quote(b, ops[2]));
  if (no_target && n < 2)
    return bi_usage_error(b, &ln_cmd,
                          "missing destination file operand after %s",
                          bi_quote(b, ops[0]));
  const char *dir = target_dir;
  if (!dir && !no_target) {
    if (n == 1) {
      dir = ".";
    } else {
      const char *last = bi_path(b, ops[n - 1]);
      vfs_info st;
      bool isdir = false;
      if (last) {
        vfs_info l;
        bool lnk = !vfs_stat(b->fs, last, false, &l) && l.type == VFS_LNK;
        isdir = !vfs_stat(b->fs, last, true, &st) && st.type == VFS_DIR &&
                !(lnk && o.no_deref);
      }
      if (isdir) {
        dir = ops[n - 1];
        n--;
      } else if (n > 2) {
        bi_err(b, "target %s: %s", bi_quote(b, ops[n - 1]),
               vsh_strerror(last && vfs_exists(b->fs, last) ? VSH_ENOTDIR
                                                            : VSH_ENOENT));
        return 1;
      }
    }
  }
  if (!dir) {
    const char *l = bi_path(b, ops[1]);
    if (!l) return 1;
    return link_one(b, &o, ops[0], l, ops[1]);
  }
  const char *dabs = bi_path(b, dir);
  int st = 0;
  for (int i = 0; i < n; i++) {
    if (bi_cancelled(b)) return 1;
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    const char *base = bi_base_name(b, ops[i]);
    const char *shown = bi_path_join(b, dir, base);
    int r = link_one(b, &o, ops[i], bi_path_join(b, dabs, base), shown);
    vsh__arena_pop(b->arena, m);
    if (r == 141) return 141;
    if (r) st = 1;
  }
  return st;
}
