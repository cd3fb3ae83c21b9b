/* cp.c: copy files and directory trees (-r/-R -a -p -n -f -v -T -t -L -P
 * -d -H -l -s -u --parents).  Regular files share their bytes (vfs_copy_file is
 * O(1)); trees are walked iteratively; -b/--backup/-S move a replaced
 * file aside first.  Deviations: no --sparse; special files are copied
 * by content. */
#include "builtins/builtins.h"

#include <string.h>

static const char usage[] =
    "Usage: cp [OPTION]... [-T] SOURCE DEST\n"
    "  or:  cp [OPTION]... SOURCE... DIRECTORY\n"
    "  or:  cp [OPTION]... -t DIRECTORY SOURCE...\n"
    "Copy SOURCE to DEST, or multiple SOURCE(s) to DIRECTORY.\n\n"
    "  -a, --archive                same as -dR --preserve=all\n"
    "      --backup[=CONTROL]       make a backup of each existing "
    "destination file\n"
    "  -b                           like --backup but does not accept an "
    "argument\n"
    "  -d                           same as --no-dereference "
    "--preserve=links\n"
    "  -f, --force                  if an existing destination file cannot "
    "be opened, remove it and try again\n"
    "  -H                           follow command-line symbolic links in "
    "SOURCE\n"
    "  -l, --link                   hard link files instead of copying\n"
    "  -L, --dereference            always follow symbolic links in SOURCE\n"
    "  -n, --no-clobber             do not overwrite an existing file\n"
    "  -P, --no-dereference         never follow symbolic links in SOURCE\n"
    "  -p                           same as --preserve=mode,ownership,"
    "timestamps\n"
    "      --parents                use full source file name under "
    "DIRECTORY\n"
    "  -R, -r, --recursive          copy directories recursively\n"
    "  -s, --symbolic-link          make symbolic links instead of copying\n"
    "  -S, --suffix=SUFFIX          override the usual backup suffix\n"
    "  -t, --target-directory=DIRECTORY  copy all SOURCE arguments into "
    "DIRECTORY\n"
    "  -T, --no-target-directory    treat DEST as a normal file\n"
    "  -u, --update                 copy only when the SOURCE file is newer\n"
    "  -v, --verbose                explain what is being done\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n";

enum { OPT_PRESERVE = BI_OPT_FIRST, OPT_NO_PRESERVE, OPT_BACKUP, OPT_PARENTS };

static const bi_option cp_options[] = {
    {"backup", BI_ARG_OPTIONAL, OPT_BACKUP, NULL},
    {"suffix", BI_ARG_REQUIRED, 'S', NULL},
    {"archive", BI_ARG_NONE, 'a', NULL},
    {"force", BI_ARG_NONE, 'f', NULL},
    {"interactive", BI_ARG_NONE, 'i', NULL},
    {"link", BI_ARG_NONE, 'l', NULL},
    {"dereference", BI_ARG_NONE, 'L', NULL},
    {"no-clobber", BI_ARG_NONE, 'n', NULL},
    {"no-dereference", BI_ARG_NONE, 'P', NULL},
    {"preserve", BI_ARG_OPTIONAL, OPT_PRESERVE, NULL},
    {"no-preserve", BI_ARG_REQUIRED, OPT_NO_PRESERVE, NULL},
    {"recursive", BI_ARG_NONE, 'r', NULL},
    {"symbolic-link", BI_ARG_NONE, 's', NULL},
    {"target-directory", BI_ARG_REQUIRED, 't', NULL},
    {"no-target-directory", BI_ARG_NONE, 'T', NULL},
    {"update", BI_ARG_OPTIONAL, 'u', NULL},
    {"verbose", BI_ARG_NONE, 'v', NULL},
    {"parents", BI_ARG_NONE, OPT_PARENTS, NULL},
    {0}};

static const bi_cmd cp_cmd = {
    .name = "cp",
    .usage = usage,
    .shortopts = "abdfHilLnPprRsS:t:Tuv",
    .longopts = cp_options,
};

typedef struct cp_opts {
  bool recursive, preserve, no_clobber, force, verbose, update, interactive;
  bool hard, sym;
  int deref; /* 0: default, 'L', 'P', 'H' */
  bi_backup backup;
} cp_opts;

static int verbose_line(bi_ctx *b, const char *s, const char *d) {
  return bi_printf(b, "%s -> %s\n", bi_quote(b, s), bi_quote(b, d)) == VSH_EPIPE
             ? 141
             : 0;
}

/* One non-directory: src_abs (stat'ed as sst) to dst_abs. */
static int copy_leaf(bi_ctx *b, const cp_opts *o, const char *src,
                     const char *src_shown, const vfs_info *sst,
                     const char *dst, const char *dst_shown) {
  vfs_info dstat;
  bool exists = !vfs_stat(b->fs, dst, false, &dstat);
  if (exists) {
    vfs_info df;
    bool dfollow = !vfs_stat(b->fs, dst, true, &df);
    /* a backup moves the destination aside first: GNU allows that for a
     * second name of the file, and for the same name with -f */
    bool aside = o->backup.mode && (o->force || strcmp(src, dst));
    if (dfollow && df.ino == sst->ino && sst->type != VFS_LNK && !aside) {
      bi_err(b, "%s and %s are the same file", bi_quote(b, src_shown),
             bi_quote(b, dst_shown));
      return 1;
    }
    if (o->no_clobber) return 0;
    if (o->interactive && !bi_ask_overwrite(b, dst_shown)) return 0;
    if (o->update && dfollow &&
        (sst->mtime.tv_sec < df.mtime.tv_sec ||
         (sst->mtime.tv_sec == df.mtime.tv_sec &&
          sst->mtime.tv_nsec <= df.mtime.tv_nsec)))
      return 0;
    if (dstat.type == VFS_DIR) {
      bi_err(b, "cannot overwrite directory %s with non-directory",
             bi_quote(b, dst_shown));
      return 1;
    }
  }
  int rc;
  const char *bk = NULL;
  if (exists && o->backup.mode) {
    if ((rc = bi_backup_make(b, &o->backup, dst, dst_shown, &bk))) {
      bi_err(b, "cannot backup %s: %s", bi_quote(b, dst_shown),
             vsh_strerror(rc));
      return 1;
    }
    exists = false;
    if (!strcmp(src, dst)) src = bi_path(b, bk); /* cp -bf a a */
  }
  if (o->sym) {
    if (exists && (o->force || 1)) {
      if (!o->force) {
        bi_err(b, "cannot create symbolic link %s: File exists",
               bi_quote(b, dst_shown));
        return 1;
      }
      vfs_unlink(b->fs, dst);
    }
    rc = vfs_symlink(b->fs, src_shown, dst);
  } else if (o->hard) {
    if (exists) {
      if (!o->force) {
        bi_err(b, "cannot create hard link %s to %s: File exists",
               bi_quote(b, dst_shown), bi_quote(b, src_shown));
        return 1;
      }
      vfs_unlink(b->fs, dst);
    }
    rc = vfs_link(b->fs, src, dst);
  } else if (sst->type == VFS_LNK) {
    vsh_buf t = {0};
    rc = vfs_readlink(b->fs, src, &t);
    if (!rc) {
      if (exists) vfs_unlink(b->fs, dst);
      char *tg = vsh__arena_strndup(b->arena, t.data ? t.data : "", t.len);
      rc = tg ? vfs_symlink(b->fs, tg, dst) : VSH_ENOMEM;
    }
    vsh_buf_dispose(&t);
    if (!rc && o->preserve) {
      vfs_utimens(b->fs, dst, &sst->atime, &sst->mtime, false);
    }
  } else if (sst->type == VFS_FIFO && o->recursive) {
    /* -R and -a make another named pipe; a plain cp would read it */
    if (exists) vfs_unlink(b->fs, dst);
    rc = vfs_mkfifo(b->fs, dst, sst->mode & 07777);
    if (!rc && o->preserve)
      vfs_utimens(b->fs, dst, &sst->atime, &sst->mtime, false);
  } else if (sst->type == VFS_CHR && o->recursive) {
    /* -R and -a make another device: mknod(2) is root's */
    bi_err(b, "cannot create special file %s: %s", bi_quote(b, dst_shown),
           vsh_strerror(VSH_EPERM));
    return 1;
  } else if (sst->type == VFS_REG) {
    if (exists && dstat.type == VFS_LNK && o->force) {
      vfs_info t;
      if (vfs_stat(b->fs, dst, true, &t)) vfs_unlink(b->fs, dst);
    }
    size_t dl = strlen(dst_shown);
    /* "new/" names a directory: a file is not made there (open(2)) */
    rc = !exists && dl && dst_shown[dl - 1] == '/'
             ? VSH_ENOTDIR
             : vfs_copy_file(b->fs, src, dst, o->preserve);
    if (!rc && !exists && !o->preserve) {
      unsigned um = bi_umask(b);
      vfs_chmod(b->fs, dst, sst->mode & ~um & 07777);
    }
  } else {
    /* devices: copy what reading gives (like cp of /dev/null) */
    vsh_buf data = {0};
    rc = vfs_read_file(b->fs, src, &data);
    if (!rc)
      rc = vfs_write_file(b->fs, dst, data.data ? data.data : "", data.len,
                          VFS_W_TRUNC, bi_create_mode(b, sst->mode));
    vsh_buf_dispose(&data);
  }
  if (rc) {
    const char *what = o->sym                 ? "cannot create symbolic link"
                       : o->hard              ? "cannot create hard link"
                       : sst->type == VFS_LNK ? "cannot create symbolic link"
                                              : "cannot create regular file";
    bi_err(b, "%s %s: %s", what, bi_quote(b, dst_shown), vsh_strerror(rc));
    return 1;
  }
  if (o->verbose && bk)
    return bi_printf(b, "%s -> %s (backup: %s)\n", bi_quote(b, src_shown),
                     bi_quote(b, dst_shown), bi_quote(b, bk)) == VSH_EPIPE
               ? 141
               : 0;
  if (o->verbose) return verbose_line(b, src_shown, dst_shown);
  return 0;
}

/* A directory tree: src (a directory) to dst. */
static int copy_tree(bi_ctx *b, const cp_opts *o, const char *src,
                     const char *src_shown, const char *dst,
                     const char *dst_shown) {
  size_t sl = strlen(src);
  if (!strncmp(dst, src, sl) &&
      (dst[sl] == '/' || dst[sl] == 0 || !strcmp(src, "/"))) {
    bi_err(b, "cannot copy a directory, %s, into itself, %s",
           bi_quote(b, src_shown), bi_quote(b, dst_shown));
    return 1;
  }
  bi_walk *w;
  if (bi_walk_new(&w, b, src, src_shown, o->deref == 'L',
                  o->deref == 'L' || o->deref == 'H', true))
    return 1;
  int st = 0, rc;
  bi_went *e;
  vsh_buf dpath = {0}, dshown = {0};
  while ((rc = bi_walk_next(w, &e)) == 1) {
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    const char *rel = e->path + sl; /* "" for the root, else "/x/y" */
    if (!strcmp(src, "/")) rel = e->path + 0;
    vsh__buf_clear(&dpath);
    vsh__buf_clear(&dshown);
    vsh__buf_puts(&dpath, dst);
    vsh__buf_puts(&dpath, rel);
    vsh__buf_puts(&dshown, dst_shown);
    vsh__buf_puts(&dshown, rel);
    if (e->err && !e->dir_err) {
      bi_err(b, "cannot stat %s: %s", bi_quote(b, e->shown),
             vsh_strerror(e->err));
      st = 1;
    } else if (e->dir_err) {
      bi_err(b, "cannot access %s: %s", bi_quote(b, e->shown),
             vsh_strerror(e->err));
      st = 1;
    } else if (e->st.type == VFS_DIR && e->post) {
      unsigned um = bi_umask(b);
      vfs_chmod(b->fs, dpath.data,
                o->preserve ? e->st.mode : (e->st.mode & ~um & 07777));
      if (o->preserve)
        vfs_utimens(b->fs, dpath.data, &e->st.atime, &e->st.mtime, true);
    } else if (e->st.type == VFS_DIR) {
      vfs_info dstat;
      int r = vfs_stat(b->fs, dpath.data, true, &dstat);
      if (!r && dstat.type != VFS_DIR) {
        bi_err(b, "cannot overwrite non-directory %s with directory %s",
               bi_quote(b, dshown.data), bi_quote(b, e->shown));
        st = 1;
        bi_walk_skip(w);
      } else if (r) {
        /* writable while we fill it; final mode set on the way out */
        r = vfs_mkdir(b->fs, dpath.data, 0700);
        if (r) {
          bi_err(b, "cannot create directory %s: %s", bi_quote(b, dshown.data),
                 vsh_strerror(r));
          st = 1;
          bi_walk_skip(w);
        } else if (o->verbose && verbose_line(b, e->shown, dshown.data)) {
          st = 141;
        }
      }
    } else {
      int r =
          copy_leaf(b, o, e->path, e->shown, &e->st, dpath.data, dshown.data);
      if (r) st = r;
    }
    vsh__arena_pop(b->arena, m);
    if (st == 141) break;
  }
  vsh_buf_dispose(&dpath);
  vsh_buf_dispose(&dshown);
  bi_walk_free(w);
  if (rc < 0) return 1;
  return st;
}

static int copy_one(bi_ctx *b, const cp_opts *o, const char *src_shown,
                    const char *dst, const char *dst_shown) {
  const char *src = bi_path(b, src_shown);
  vfs_info sst;
  bool follow =
      o->deref == 'L' || o->deref == 'H' || (o->deref == 0 && !o->recursive);
  int rc = src ? vfs_stat(b->fs, src, follow, &sst) : bi_path_error(src_shown);
  if (rc) {
    bi_err(b, "cannot stat %s: %s", bi_quote(b, src_shown), vsh_strerror(rc));
    return 1;
  }
  if (sst.type == VFS_DIR) {
    if (!o->recursive) {
      bi_err(b, "-r not specified; omitting directory %s",
             bi_quote(b, src_shown));
      return 1;
    }
    return copy_tree(b, o, src, src_shown, dst, dst_shown);
  }
  return copy_leaf(b, o, src, src_shown, &sst, dst, dst_shown);
}

/* --parents: the source as named (less a leading /) goes under the
 * directory, its missing parents made as mkdir -p would. */
static const char *parents_name(bi_ctx *b, const char *dabs, const char *src) {
  while (*src == '/') src++;
  const char *sl = strrchr(src, '/');
  if (sl) {
    const char *d = vsh__arena_strndup(b->arena, src, (size_t)(sl - src));
    const char *abs = d ? bi_path_join(b, dabs, d) : NULL;
    if (abs) vfs_mkdir_p(b->fs, abs, 0777 & ~bi_umask(b));
  }
  return src;
}

int bi_cp_main(bi_ctx *b) {
  bi_opts g = {0};
  cp_opts o = {0};
  const char *target = NULL;
  bool no_target = false, parents = false;
  int c;
  while ((c = bi_opt(b, &g, &cp_cmd)) != -1) {
    switch (c) {
    case 'a':
      o.recursive = o.preserve = true;
      o.deref = 'P';
      break;
    case 'd': o.deref = 'P'; break;
    case 'f': o.force = true; break;
    case 'H': o.deref = 'H'; break;
    case 'l': o.hard = true; break;
    case 'L': o.deref = 'L'; break;
    case 'n':
      o.no_clobber = true;
      o.interactive = false;
      break;
    case 'i':
      o.interactive = true;
      o.no_clobber = false;
      break;
    case 'P': o.deref = 'P'; break;
    case 'p': o.preserve = true; break;
    case 'r':
    case 'R': o.recursive = true; break;
    case 's': o.sym = true; break;
    case 't': target = g.arg; break;
    case 'T': no_target = true; break;
    case 'u': o.update = true; break;
    case 'v': o.verbose = true; break;
    case OPT_PARENTS: parents = true; break;
    case OPT_PRESERVE: o.preserve = true; break;
    case OPT_NO_PRESERVE: o.preserve = false; break;
    default:
      if (!bi_backup_opt(&o.backup, c, OPT_BACKUP, g.arg)) return g.status;
    }
  }
  if (bi_backup_finish(b, &o.backup)) return 1;
  if (o.backup.mode && o.no_clobber)
    return bi_usage_error(b, &cp_cmd,
                          "options --backup and --no-clobber are "
                          "mutually exclusive");
  int n = g.noperands;
  char **ops = g.operands;
  const char *dir, *dabs;
  int trc = bi_target_dir(b, ops, &n, target, no_target, &dir, &dabs);
  if (trc) return trc;
  if (parents && !dir)
    return bi_usage_error(b, &cp_cmd,
                          "with --parents, the destination must be a "
                          "directory");
  int st = 0;
  if (!dir) {
    const char *dst = bi_path(b, ops[1]);
    if (!dst) return 1;
    return copy_one(b, &o, ops[0], dst, ops[1]);
  }
  for (int i = 0; i < n; i++) {
    if (bi_cancelled(b)) return 1;
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    const char *base =
        parents ? parents_name(b, dabs, ops[i]) : bi_base_name(b, ops[i]);
    const char *dshown = bi_path_join(b, dir, base);
    const char *dst = bi_path_join(b, dabs, base);
    int r = copy_one(b, &o, ops[i], dst, dshown);
    vsh__arena_pop(b->arena, m);
    if (r == 141) return 141;
    if (r) st = 1;
  }
  return st;
}
