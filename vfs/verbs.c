/* verbs.c: the public file verbs (vsh_fs_stat/read/write_file/readdir/rm/
 * cp/rename/...) the language bindings use on a shell's own filesystem.
 * Thin over the vfs_ calls: each resolves its path lexically from "/",
 * maps the code to a GNU-worded message, and holds no lock of its own
 * (every vfs_ call is atomic).  cp -r and walk use an explicit stack, so
 * the depth of a tree never reaches the C stack. */
#include "vfs/vfs_int.h"

#include <stdlib.h>
#include <string.h>

static int fail(vsh_error *err, int rc, const char *what, const char *path) {
  if (rc)
    vsh__error_set(err, rc, "%s '%s': %s", what, path ? path : "",
                   vsh_strerror(rc));
  return rc;
}

static int canon(vsh_buf *out, const char *path) {
  if (!path) return VSH_EINVAL;
  return vsh__path_resolve(out, "/", path, strlen(path));
}

int vsh_path_resolve(vsh_buf *out, const char *base, const char *path) {
  if (!out || !path) return VSH_EINVAL;
  return vsh__path_resolve(out, base && *base == '/' ? base : "/", path,
                           strlen(path));
}

static void info_from(vsh_fs_info *o, const vfs_info *st) {
  memset(o, 0, sizeof(*o));
  o->type = (vsh_ftype)st->type;
  o->mode = st->mode;
  o->size = st->size;
  o->ino = st->ino;
  o->nlink = st->nlink;
  o->uid = st->uid;
  o->gid = st->gid;
  o->atime = st->atime;
  o->mtime = st->mtime;
  o->ctime = st->ctime;
}

int vsh_fs_stat(vsh_fs *fs, const char *path, bool follow, vsh_fs_info *out,
                vsh_error *err) {
  vsh__error_clear(err);
  vsh_buf p = {0};
  vfs_info st;
  int rc = canon(&p, path);
  if (!rc) rc = vfs_stat(fs, p.data, follow, &st);
  if (!rc) info_from(out, &st);
  vsh_buf_dispose(&p);
  return fail(err, rc, "cannot stat", path);
}

int vsh_fs_read(vsh_fs *fs, const char *path, vsh_buf *out, vsh_error *err) {
  vsh__error_clear(err);
  vsh_buf p = {0};
  int rc = canon(&p, path);
  if (!rc) rc = vfs_read_file(fs, p.data, out);
  vsh_buf_dispose(&p);
  return fail(err, rc, "cannot open", path);
}

int vsh_fs_write_file(vsh_fs *fs, const char *path, const void *data,
                      size_t len, unsigned flags, vsh_error *err) {
  vsh__error_clear(err);
  vsh_buf p = {0}, parent = {0};
  int rc = canon(&p, path);
  if (!rc && (flags & VSH_FS_MKPARENTS)) {
    rc = vsh__path_dirname(&parent, p.data);
    if (!rc) rc = vfs_mkdir_p(fs, parent.data, 0755);
    if (rc == VSH_EEXIST) rc = VSH_ENOTDIR;
  }
  if (!rc)
    rc = vfs_write_file(fs, p.data, data, len,
                        flags & VSH_FS_APPEND ? VFS_W_APPEND : VFS_W_TRUNC,
                        0644);
  vsh_buf_dispose(&p);
  vsh_buf_dispose(&parent);
  return fail(err, rc, "cannot write", path);
}

int vsh_fs_mkdir(vsh_fs *fs, const char *path, bool recursive, vsh_error *err) {
  vsh__error_clear(err);
  vsh_buf p = {0};
  int rc = canon(&p, path);
  if (!rc)
    rc =
        recursive ? vfs_mkdir_p(fs, p.data, 0755) : vfs_mkdir(fs, p.data, 0755);
  vsh_buf_dispose(&p);
  return fail(err, rc, "cannot create directory", path);
}

void vsh_dirents_dispose(vsh_dirents *d) {
  if (!d) return;
  for (size_t i = 0; i < d->len; i++) free(d->items[i].name);
  free(d->items);
  d->items = NULL;
  d->len = 0;
}

int vsh_fs_readdir(vsh_fs *fs, const char *path, vsh_dirents *out,
                   vsh_error *err) {
  vsh__error_clear(err);
  out->items = NULL;
  out->len = 0;
  vsh_buf p = {0};
  vfs_dirlist l = {0};
  int rc = canon(&p, path);
  if (!rc) rc = vfs_readdir(fs, p.data, &l);
  if (!rc && l.len) {
    out->items = calloc(l.len, sizeof(*out->items));
    if (!out->items) rc = VSH_ENOMEM;
    for (size_t i = 0; !rc && i < l.len; i++) {
      out->items[i].name = strdup(l.items[i].name);
      out->items[i].type = (vsh_ftype)l.items[i].type;
      if (!out->items[i].name) rc = VSH_ENOMEM;
      out->len = i + 1;
    }
    if (rc) vsh_dirents_dispose(out);
  }
  vfs_dirlist_dispose(&l);
  vsh_buf_dispose(&p);
  return fail(err, rc, "cannot open directory", path);
}

int vsh_fs_rm(vsh_fs *fs, const char *path, bool recursive, bool force,
              vsh_error *err) {
  vsh__error_clear(err);
  vsh_buf p = {0};
  vfs_info st;
  int rc = canon(&p, path);
  if (!rc) rc = vfs_stat(fs, p.data, false, &st);
  if (rc == VSH_ENOENT && force) rc = 0;
  else if (!rc && st.type == VFS_DIR)
    rc = recursive ? vfs_remove_tree(fs, p.data) : VSH_EISDIR;
  else if (!rc) rc = vfs_unlink(fs, p.data);
  vsh_buf_dispose(&p);
  return fail(err, rc, "cannot remove", path);
}

/* One pending directory of a cp -r or a walk: a path and, for cp, its
 * destination. */
typedef struct pend {
  char *src, *dst;
} pend;
typedef struct pstack {
  pend *v;
  size_t n, cap;
} pstack;

static int push(pstack *s, const char *a, size_t al, const char *b, size_t bl) {
  if (s->n == s->cap) {
    size_t nc = s->cap ? s->cap * 2 : 16;
    pend *nv = realloc(s->v, nc * sizeof(*nv));
    if (!nv) return VSH_ENOMEM;
    s->v = nv;
    s->cap = nc;
  }
  pend *e = &s->v[s->n];
  e->src = strndup(a, al);
  e->dst = b ? strndup(b, bl) : NULL;
  if (!e->src || (b && !e->dst)) {
    free(e->src);
    free(e->dst);
    return VSH_ENOMEM;
  }
  s->n++;
  return 0;
}

static void pstack_free(pstack *s) {
  for (size_t i = 0; i < s->n; i++) {
    free(s->v[i].src);
    free(s->v[i].dst);
  }
  free(s->v);
}

static int join(vsh_buf *o, const char *dir, const char *name) {
  o->len = 0;
  int rc = vsh__buf_append(o, dir, strlen(dir));
  if (!rc && !(o->len == 1 && dir[0] == '/')) rc = vsh__buf_append(o, "/", 1);
  if (!rc) rc = vsh__buf_append(o, name, strlen(name));
  return rc;
}

/* Copies one non-directory entry src -> dst. */
static int cp_one(vfs *fs, const char *src, const char *dst,
                  const vfs_info *st) {
  if (st->type == VFS_LNK) {
    vsh_buf t = {0};
    int rc = vfs_readlink(fs, src, &t);
    if (!rc) {
      vfs_info d;
      if (vfs_stat(fs, dst, false, &d) == 0) rc = vfs_unlink(fs, dst);
      if (!rc) rc = vfs_symlink(fs, t.data, dst);
    }
    vsh_buf_dispose(&t);
    return rc;
  }
  if (st->type != VFS_REG) return VSH_EINVAL;
  int rc = vfs_copy_file(fs, src, dst, false);
  if (!rc) rc = vfs_chmod(fs, dst, st->mode);
  return rc;
}

int vsh_fs_cp(vsh_fs *fs, const char *src, const char *dst, bool recursive,
              vsh_error *err) {
  vsh__error_clear(err);
  vsh_buf s = {0}, d = {0}, a = {0}, b = {0};
  pstack stk = {0};
  vfs_info st;
  int rc = canon(&s, src);
  if (!rc) rc = canon(&d, dst);
  if (!rc) rc = vfs_stat(fs, s.data, false, &st);
  if (!rc && st.type != VFS_DIR) {
    rc = cp_one(fs, s.data, d.data, &st);
    goto done;
  }
  if (!rc && !recursive) rc = VSH_EISDIR;
  if (!rc) {
    size_t sl = strlen(s.data);
    /* a directory copied into itself would never end */
    if (!strncmp(d.data, s.data, sl) &&
        (d.data[sl] == '/' || !d.data[sl] || sl == 1))
      rc = VSH_EINVAL;
  }
  if (!rc) {
    rc = vfs_mkdir_p(fs, d.data, st.mode ? st.mode : 0755);
    if (!rc) rc = push(&stk, s.data, strlen(s.data), d.data, strlen(d.data));
  }
  while (!rc && stk.n) {
    pend e = stk.v[--stk.n];
    vfs_dirlist l = {0};
    rc = vfs_readdir(fs, e.src, &l);
    for (size_t i = 0; !rc && i < l.len; i++) {
      rc = join(&a, e.src, l.items[i].name);
      if (!rc) rc = join(&b, e.dst, l.items[i].name);
      if (!rc) rc = vfs_stat(fs, a.data, false, &st);
      if (rc) break;
      if (st.type == VFS_DIR) {
        rc = vfs_mkdir_p(fs, b.data, st.mode ? st.mode : 0755);
        if (!rc) rc = push(&stk, a.data, a.len, b.data, b.len);
      } else {
        rc = cp_one(fs, a.data, b.data, &st);
      }
    }
    vfs_dirlist_dispose(&l);
    free(e.src);
    free(e.dst);
  }
done:
  pstack_free(&stk);
  vsh_buf_dispose(&s);
  vsh_buf_dispose(&d);
  vsh_buf_dispose(&a);
  vsh_buf_dispose(&b);
  return fail(err, rc, "cannot copy", src);
}

#define TWO_PATHS(name, call, what)                                            \
  int name(vsh_fs *fs, const char *x, const char *y, vsh_error *err) {         \
    vsh__error_clear(err);                                                     \
    vsh_buf a = {0}, b = {0};                                                  \
    int rc = canon(&a, x);                                                     \
    if (!rc) rc = canon(&b, y);                                                \
    if (!rc) rc = call;                                                        \
    vsh_buf_dispose(&a);                                                       \
    vsh_buf_dispose(&b);                                                       \
    return fail(err, rc, what, x);                                             \
  }

TWO_PATHS(vsh_fs_rename, vfs_rename(fs, a.data, b.data), "cannot move")
TWO_PATHS(vsh_fs_link, vfs_link(fs, a.data, b.data), "cannot link")

int vsh_fs_symlink(vsh_fs *fs, const char *target, const char *linkpath,
                   vsh_error *err) {
  vsh__error_clear(err);
  vsh_buf p = {0};
  int rc = target && *target ? canon(&p, linkpath) : VSH_EINVAL;
  if (!rc) rc = vfs_symlink(fs, target, p.data);
  vsh_buf_dispose(&p);
  return fail(err, rc, "cannot create symbolic link", linkpath);
}

int vsh_fs_chmod(vsh_fs *fs, const char *path, unsigned mode, vsh_error *err) {
  vsh__error_clear(err);
  vsh_buf p = {0};
  int rc = canon(&p, path);
  if (!rc) rc = vfs_chmod(fs, p.data, mode & 07777);
  vsh_buf_dispose(&p);
  return fail(err, rc, "cannot change permissions of", path);
}

int vsh_fs_readlink(vsh_fs *fs, const char *path, vsh_buf *out,
                    vsh_error *err) {
  vsh__error_clear(err);
  vsh_buf p = {0};
  int rc = canon(&p, path);
  if (!rc) rc = vfs_readlink(fs, p.data, out);
  vsh_buf_dispose(&p);
  return fail(err, rc, "cannot read symbolic link", path);
}

int vsh_fs_realpath(vsh_fs *fs, const char *path, vsh_buf *out,
                    vsh_error *err) {
  vsh__error_clear(err);
  vsh_buf p = {0};
  int rc = canon(&p, path);
  if (!rc) rc = vfs_realpath(fs, p.data, false, out);
  vsh_buf_dispose(&p);
  return fail(err, rc, "cannot resolve", path);
}

int vsh_fs_utimes(vsh_fs *fs, const char *path, struct timespec atime,
                  struct timespec mtime, vsh_error *err) {
  vsh__error_clear(err);
  vsh_buf p = {0};
  int rc = canon(&p, path);
  if (!rc) rc = vfs_utimens(fs, p.data, &atime, &mtime, true);
  vsh_buf_dispose(&p);
  return fail(err, rc, "cannot set times of", path);
}

int vsh_fs_walk(vsh_fs *fs, const char *root, vsh_walk_fn fn, void *ud,
                vsh_error *err) {
  vsh__error_clear(err);
  vsh_buf r = {0}, a = {0};
  pstack stk = {0};
  vfs_info st;
  vsh_fs_info fi;
  int rc = canon(&r, root);
  if (!rc) rc = vfs_stat(fs, r.data, false, &st);
  if (!rc) {
    info_from(&fi, &st);
    rc = fn(ud, r.data, &fi);
  }
  /* VFS_DEV_FDDIR and the like have no entries worth walking */
  if (!rc && st.type == VFS_DIR && st.dev != VFS_DEV_FDDIR)
    rc = push(&stk, r.data, r.len, NULL, 0);
  while (!rc && stk.n) {
    pend e = stk.v[--stk.n];
    vfs_dirlist l = {0};
    rc = vfs_readdir(fs, e.src, &l);
    if (rc == VSH_ENOENT) rc = 0; /* removed by fn meanwhile */
    size_t base = stk.n;
    for (size_t i = 0; !rc && i < l.len; i++) {
      rc = join(&a, e.src, l.items[i].name);
      if (!rc && vfs_stat(fs, a.data, false, &st)) continue;
      if (rc) break;
      info_from(&fi, &st);
      rc = fn(ud, a.data, &fi);
      if (!rc && st.type == VFS_DIR && st.dev != VFS_DEV_FDDIR)
        rc = push(&stk, a.data, a.len, NULL, 0);
    }
    /* children pushed in byte order: reverse them so the first is
     * visited (popped) first */
    for (size_t i = base, j = stk.n; !rc && j > i + 1; i++, j--) {
      pend t = stk.v[i];
      stk.v[i] = stk.v[j - 1];
      stk.v[j - 1] = t;
    }
    vfs_dirlist_dispose(&l);
    free(e.src);
  }
  pstack_free(&stk);
  vsh_buf_dispose(&r);
  vsh_buf_dispose(&a);
  if (rc < 0) fail(err, rc, "cannot walk", root);
  return rc;
}
