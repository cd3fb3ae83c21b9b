/* ops.c: content handling and the whole-file path operations.  Every
 * public call takes the handle's lock for its duration.  A mutation
 * first allocates, then checks quotas, then commits, so a failed call
 * leaves the tree as it was (all or nothing). */
#include "vfs/vfs_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIR_SIZE 4096
#define MAX_FILE_SIZE ((uint64_t)1 << 40)

/* ---- content -------------------------------------------------------- */

int vfs__charge(vfs *fs, uint64_t old_size, uint64_t new_size, bool owned) {
  if (!owned || new_size <= old_size) {
    if (owned) fs->bytes -= old_size - new_size;
    return 0;
  }
  uint64_t delta = new_size - old_size;
  if (fs->max_bytes &&
      (fs->bytes + delta > fs->max_bytes || fs->bytes + delta < fs->bytes))
    return VSH_ENOSPC;
  fs->bytes += delta;
  return 0;
}

int vfs__content(vfs *fs, vfs_node *n, vfs_blob **out) {
  *out = NULL;
  if (n->u.reg.lazy) return vfs__lazy_load(fs, n->u.reg.lazy, out);
  if (n->u.reg.blob) {
    atomic_fetch_add(&n->u.reg.blob->rc, 1);
    *out = n->u.reg.blob;
  }
  return 0;
}

/* Makes n's bytes owned, private and at least cap long in capacity,
 * without changing the logical content or the quota. */
static int own_bytes(vfs *fs, vfs_node *n, size_t cap) {
  vfs_blob *cur = NULL;
  int rc = vfs__content(fs, n, &cur);
  if (rc) return rc;
  size_t len = cur ? cur->len : 0;
  if (n->u.reg.lazy) {
    /* An unowned file becomes owned: its bytes start to count. */
    rc = vfs__charge(fs, 0, len, true);
    if (rc) {
      vfs__blob_unref(fs, cur);
      return rc;
    }
  }
  bool private_ok =
      cur && atomic_load(&cur->rc) == 2 && !n->u.reg.lazy && cur->cap >= cap;
  if (private_ok) { /* ours (plus the reference we just took) */
    vfs__blob_unref(fs, cur);
  } else {
    size_t ncap = cap > len ? cap : len;
    if (ncap < 16) ncap = 16;
    vfs_blob *b = vfs__blob_new(fs, ncap);
    if (!b) {
      if (n->u.reg.lazy) vfs__charge(fs, len, 0, true);
      vfs__blob_unref(fs, cur);
      return VSH_ENOMEM;
    }
    if (len) memcpy(b->data, cur->data, len);
    b->len = len;
    vfs__blob_unref(fs, cur);
    vfs__blob_unref(fs, n->u.reg.blob);
    n->u.reg.blob = b;
  }
  if (n->u.reg.lazy) {
    vfs__lazy_unref(fs, n->u.reg.lazy);
    n->u.reg.lazy = NULL;
  }
  n->size = n->u.reg.blob->len;
  return 0;
}

int vfs__own_content(vfs *fs, vfs_node *n, size_t cap) {
  return own_bytes(fs, n, cap);
}

int vfs__ro_check(vfs *fs, const vfs_walk *w) {
  if (!fs->n_ro) return 0;
  uint64_t ino =
      w->node && w->node->type == VFS_DIR && w->ino ? w->ino : w->dir;
  /* up the parents; the guard bounds a corrupt chain, not a real one */
  for (unsigned guard = 0; ino && guard < VSH_PATH_MAX; guard++) {
    for (unsigned i = 0; i < fs->n_ro; i++)
      if (fs->ro_ino[i] == ino) return VSH_EROFS;
    if (ino == VFS_ROOT_INO) break;
    vfs_node *n = vfs__get(fs, ino);
    if (!n || n->type != VFS_DIR) break;
    ino = n->u.dir.parent;
  }
  return 0;
}

int vfs__settle_size(vfs *fs, uint64_t ino, vfs_node **n) {
  vfs_node *c = *n;
  if (!c || c->type != VFS_REG || !c->u.reg.lazy || c->size != VFS_SIZE_UNKNOWN)
    return 0;
  vfs_node *m = vfs__get_mut(fs, ino);
  if (!m) return VSH_ENOMEM;
  int rc = own_bytes(fs, m, 0);
  if (!rc) *n = m;
  return rc;
}

static void touch(vfs_node *n) {
  vfs__now(&n->mtime);
  n->ctime = n->mtime;
}

/* Writes data at off into a private regular node, growing it. */
int vfs__write_at(vfs *fs, vfs_node *n, uint64_t off, const void *data,
                  size_t len) {
  uint64_t end = off + len;
  if (end < off || end > MAX_FILE_SIZE) return VSH_EFBIG;
  uint64_t old = n->u.reg.lazy ? 0 : n->size;
  size_t need = (size_t)(end > n->size ? end : n->size);
  size_t cap = n->u.reg.blob ? n->u.reg.blob->cap : 0;
  if (need > cap) { /* amortised growth keeps repeated appends linear */
    size_t grown = cap + cap / 2;
    cap = grown > need ? grown : need;
  }
  /* Quota first (for an unowned file own_bytes charges its old size). */
  uint64_t future = need;
  if (n->u.reg.lazy) {
    if (fs->max_bytes && fs->bytes + future > fs->max_bytes) return VSH_ENOSPC;
  } else if (fs->max_bytes && future > old &&
             fs->bytes + (future - old) > fs->max_bytes) {
    return VSH_ENOSPC;
  }
  int rc = own_bytes(fs, n, cap);
  if (rc) return rc;
  vfs_blob *b = n->u.reg.blob;
  rc = vfs__charge(fs, b->len, need, true);
  if (rc) return rc;
  if (off > b->len) memset(b->data + b->len, 0, (size_t)off - b->len);
  if (len) memcpy(b->data + off, data, len);
  if (need > b->len) b->len = need;
  n->size = b->len;
  touch(n);
  return 0;
}

/* Replaces the whole content of a private regular node. */
static int replace_content(vfs *fs, vfs_node *n, const void *data, size_t len) {
  bool owned = !n->u.reg.lazy;
  uint64_t old = owned ? n->size : 0;
  if (fs->max_bytes && len > old && fs->bytes + (len - old) > fs->max_bytes)
    return VSH_ENOSPC;
  vfs_blob *b = vfs__blob_new(fs, len < 16 ? 16 : len);
  if (!b) return VSH_ENOMEM;
  if (len) memcpy(b->data, data, len);
  b->len = len;
  vfs__charge(fs, old, len, true);
  vfs__blob_unref(fs, n->u.reg.blob);
  vfs__lazy_unref(fs, n->u.reg.lazy);
  n->u.reg.lazy = NULL;
  n->u.reg.blob = b;
  n->size = len;
  touch(n);
  return 0;
}

/* ---- helpers --------------------------------------------------------- */

static void fill_stat(const vfs_node *n, uint64_t ino, int devfd,
                      vfs_info *st) {
  memset(st, 0, sizeof(*st));
  st->ino = ino;
  st->type = (vfs_type)n->type;
  st->dev = (vfs_dev)n->dev;
  st->devfd = devfd >= 0 ? devfd : n->devfd;
  st->mode = n->mode;
  st->nlink = n->nlink;
  st->uid = n->uid;
  st->gid = n->gid;
  st->atime = n->atime;
  st->mtime = n->mtime;
  st->ctime = n->ctime;
  st->host_mode = n->host_mode;
  switch (n->type) {
  case VFS_REG:
    st->size = n->size;
    if (n->u.reg.lazy) {
      vfs_lazy *lz = n->u.reg.lazy;
      pthread_mutex_lock(&lz->mu);
      bool pending = !lz->done;
      pthread_mutex_unlock(&lz->mu);
      st->lazy = lz->kind == LAZY_USER && pending;
      st->host = lz->kind == LAZY_HOST_FILE;
    }
    break;
  case VFS_DIR:
    st->size = DIR_SIZE;
    st->host = n->u.dir.pending != NULL;
    break;
  case VFS_LNK: st->size = n->u.lnk.len; break;
  default: break;
  }
}

/* Creates a node in w->dir (from a WALK_PARENT walk with a missing last
 * component) and returns its inode. */
static int create_in(vfs *fs, const vfs_walk *w, vfs_node *n,
                     uint64_t *ino_out) {
  uint64_t ino;
  if (n->type == VFS_DIR) n->u.dir.parent = w->dir;
  int rc = vfs__insert(fs, n, &ino);
  if (rc) {
    vfs__node_unref(fs, n);
    return rc;
  }
  vfs_node *d = vfs__get_mut(fs, w->dir);
  rc = d ? vfs__dir_add(fs, d, w->name, w->name_len, ino, n->type == VFS_DIR)
         : VSH_ENOMEM;
  if (rc) {
    vfs__drop(fs, ino);
    return rc;
  }
  if (ino_out) *ino_out = ino;
  return 0;
}

/* Whether the user may add an entry to directory dir (victim NULL) or
 * remove or replace the entry victim: write and search on dir (EACCES);
 * in a sticky directory only the owner of victim or of dir (EPERM). */
static int may_edit(vfs *fs, uint64_t dir, const vfs_node *victim) {
  const vfs_node *d = vfs__get(fs, dir);
  if (!d) return VSH_ENOENT;
  if (!vfs__may(d, VFS_MAY_W | VFS_MAY_X)) return VSH_EACCES;
  if (victim && (d->mode & 01000) && victim->uid != VFS_UID &&
      d->uid != VFS_UID)
    return VSH_EPERM;
  return 0;
}

/* Whether the user may read (want VFS_MAY_R) or change the bytes of
 * (VFS_MAY_W) the existing node n; devices and pipes are left to their
 * openers. */
static int may_use(const vfs_node *n, unsigned want) {
  if (n->type != VFS_REG && n->type != VFS_DIR) return 0;
  return vfs__may(n, want) ? 0 : VSH_EACCES;
}

static bool is_dots(const vfs_walk *w) {
  return w->name_len == 0 ||
         (w->name[0] == '.' &&
          (w->name_len == 1 || (w->name_len == 2 && w->name[1] == '.')));
}

/* Removes the entry w names from its directory and releases one link. */
static int unlink_entry(vfs *fs, const vfs_walk *w) {
  vfs_node *d = vfs__get_mut(fs, w->dir);
  if (!d) return VSH_ENOMEM;
  size_t pos;
  if (!vfs__dir_find(d, w->name, w->name_len, &pos)) return VSH_ENOENT;
  bool is_dir = w->node->type == VFS_DIR;
  if (!is_dir && w->node->nlink > 1) {
    vfs_node *n = vfs__get_mut(fs, w->ino);
    if (!n) return VSH_ENOMEM;
    n->nlink--;
    vfs__now(&n->ctime);
  } else {
    vfs__drop(fs, w->ino);
  }
  d = vfs__get_mut(fs, w->dir); /* still private: nothing was forked */
  vfs__dir_del(fs, d, pos, is_dir);
  return 0;
}

/* ---- queries ---------------------------------------------------------- */

int vfs_stat(vfs *fs, const char *path, bool follow, vfs_info *out) {
  vfs_walk w;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, path, follow ? WALK_FOLLOW : 0, &w);
  if (!rc && w.ino) rc = vfs__settle_size(fs, w.ino, &w.node);
  if (!rc) fill_stat(w.node, w.ino, w.devfd, out);
  VFS_UNLOCK(fs);
  return rc;
}

bool vfs_exists(vfs *fs, const char *path) {
  vfs_info st;
  return fs && path && vfs_stat(fs, path, true, &st) == 0;
}

int vfs_read_file(vfs *fs, const char *path, vsh_buf *out) {
  vfs_walk w;
  vfs_blob *b = NULL;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, path, WALK_FOLLOW, &w);
  if (!rc) {
    if (w.node->type == VFS_DIR) rc = VSH_EISDIR;
    else if (w.node->type == VFS_CHR)
      rc = w.node->dev == VFS_DEV_NULL ? 0 : VSH_EINVAL;
    else if (!(rc = may_use(w.node, VFS_MAY_R)))
      rc = vfs__content(fs, w.node, &b);
  }
  VFS_UNLOCK(fs);
  if (rc) return rc;
  /* The blob is retained: copy without holding the lock. */
  rc = vsh__buf_reserve(out, b ? b->len : 0);
  if (!rc && b) rc = vsh__buf_append(out, b->data, b->len);
  vfs__blob_unref(fs, b);
  return rc;
}

int vfs_readdir(vfs *fs, const char *path, vfs_dirlist *out) {
  vfs_walk w;
  out->items = NULL;
  out->len = 0;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, path, WALK_FOLLOW, &w);
  if (!rc && w.node->type != VFS_DIR) rc = VSH_ENOTDIR;
  if (!rc && !vfs__may(w.node, VFS_MAY_R)) rc = VSH_EACCES;
  if (!rc && w.node->u.dir.pending) rc = vfs__materialize_dir(fs, w.ino);
  if (rc) goto done;
  vfs_node *d = vfs__get(fs, w.ino);
  size_t nb = d->dev == VFS_DEV_BINDIR ? fs->n_bin_names : 0;
  if (d->u.dir.len + nb) {
    out->items = calloc(d->u.dir.len + nb, sizeof(vfs_dirent));
    if (!out->items) {
      rc = VSH_ENOMEM;
      goto done;
    }
  }
  /* a merge of the real entries and the built-in names, both sorted */
  uint32_t i = 0;
  size_t k = 0;
  while (!rc && (i < d->u.dir.len || k < nb)) {
    vfs_ent *e = i < d->u.dir.len ? &d->u.dir.ents[i] : NULL;
    const char *bn = k < nb ? fs->bin_names[k] : NULL;
    int cmp = !e ? 1 : !bn ? -1 : strcmp(e->name->s, bn);
    vfs_dirent *o = &out->items[out->len];
    if (cmp <= 0) {
      o->name = strndup(e->name->s, e->name->len);
      o->ino = e->ino;
      vfs_node *c = vfs__get(fs, e->ino);
      o->type = c ? (vfs_type)c->type : VFS_NONE;
      i++;
      if (cmp == 0) k++; /* a real file shadows the built-in */
    } else {
      o->name = strdup(bn);
      o->ino = 0;
      o->type = VFS_REG;
      k++;
    }
    if (!o->name) {
      rc = VSH_ENOMEM;
      break;
    }
    out->len++;
  }
done:
  VFS_UNLOCK(fs);
  if (rc) vfs_dirlist_dispose(out);
  return rc;
}

void vfs_dirlist_dispose(vfs_dirlist *l) {
  if (!l) return;
  for (size_t i = 0; i < l->len; i++) free(l->items[i].name);
  free(l->items);
  l->items = NULL;
  l->len = 0;
}

int vfs_readlink(vfs *fs, const char *path, vsh_buf *out) {
  vfs_walk w;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, path, 0, &w);
  if (!rc && w.node->type != VFS_LNK) rc = VSH_EINVAL;
  if (!rc) rc = vsh__buf_append(out, w.node->u.lnk.target, w.node->u.lnk.len);
  VFS_UNLOCK(fs);
  return rc;
}

/* The physical path of directory ino, built from parent links. */
static int dir_path(vfs *fs, uint64_t ino, vsh_buf *out) {
  char *names[VSH_PATH_MAX / 2];
  size_t lens[VSH_PATH_MAX / 2];
  size_t depth = 0, total = 0;
  while (ino != VFS_ROOT_INO) {
    vfs_node *d = vfs__get(fs, ino);
    if (!d || d->type != VFS_DIR) return VSH_ENOENT;
    vfs_node *p = vfs__get(fs, d->u.dir.parent);
    if (!p) return VSH_ENOENT;
    vfs_ent *found = NULL;
    for (uint32_t i = 0; i < p->u.dir.len && !found; i++)
      if (p->u.dir.ents[i].ino == ino) found = &p->u.dir.ents[i];
    if (!found) return VSH_ENOENT;
    total += found->name->len + 1;
    if (depth == VSH_PATH_MAX / 2 || total >= VSH_PATH_MAX)
      return VSH_ENAMETOOLONG;
    names[depth] = found->name->s;
    lens[depth++] = found->name->len;
    ino = d->u.dir.parent;
  }
  if (depth == 0) return vsh__buf_putc(out, '/');
  for (size_t i = depth; i-- > 0;) {
    int rc = vsh__buf_putc(out, '/');
    if (!rc) rc = vsh__buf_append(out, names[i], lens[i]);
    if (rc) return rc;
  }
  return 0;
}

int vfs_realpath(vfs *fs, const char *path, bool missing_ok, vsh_buf *out) {
  vfs_walk w;
  VFS_LOCK(fs);
  int rc =
      vfs__walk(fs, path, WALK_FOLLOW | (missing_ok ? WALK_PARENT : 0), &w);
  if (rc) goto done;
  if (w.node && w.node->type == VFS_DIR) {
    rc = dir_path(fs, w.ino, out);
  } else {
    rc = dir_path(fs, w.dir, out);
    if (!rc && out->len > 1) rc = vsh__buf_putc(out, '/');
    if (!rc) rc = vsh__buf_append(out, w.name, w.name_len);
  }
done:
  VFS_UNLOCK(fs);
  return rc;
}

/* ---- creation and writes ----------------------------------------------- */

int vfs_write_file(vfs *fs, const char *path, const void *data, size_t n,
                   unsigned flags, unsigned mode) {
  vfs_walk w;
  VFS_LOCK(fs);
  /* O_EXCL semantics: a symlink (even a dangling one) counts as existing. */
  unsigned wf = (flags & VFS_W_EXCL) ? WALK_PARENT : WALK_FOLLOW | WALK_PARENT;
  int rc = vfs__walk(fs, path, wf, &w);
  if (!rc && !(w.node && w.node->type == VFS_CHR)) rc = vfs__ro_check(fs, &w);
  if (rc) goto done;
  if (w.node && w.ino == 0 && w.node->dev == VFS_DEV_BIN)
    w.node = NULL; /* writing there makes a real file that shadows it */
  if (!w.node) {
    if (flags & VFS_W_NOCREAT) {
      rc = VSH_ENOENT;
    } else if (w.trailing_slash) {
      rc = VSH_EISDIR;
    } else if ((rc = may_edit(fs, w.dir, NULL))) {
      /* not allowed to create it */
    } else if (fs->max_bytes && fs->bytes + n > fs->max_bytes) {
      rc = VSH_ENOSPC;
    } else {
      vfs_node *nn = vfs__node_new(fs, VFS_REG, vfs__mode(mode, 0644));
      vfs_blob *b = n ? vfs__blob_new(fs, n) : NULL;
      if (!nn || (n && !b)) {
        vfs__node_unref(fs, nn);
        vfs__blob_unref(fs, b);
        rc = VSH_ENOMEM;
        goto done;
      }
      if (b) {
        memcpy(b->data, data, n);
        b->len = n;
      }
      nn->u.reg.blob = b;
      nn->size = n;
      rc = create_in(fs, &w, nn, NULL);
      if (!rc) fs->bytes += n;
    }
    goto done;
  }
  if (flags & VFS_W_EXCL) {
    rc = VSH_EEXIST;
  } else if (w.node->type == VFS_DIR || is_dots(&w)) {
    rc = VSH_EISDIR;
  } else if (w.node->type == VFS_CHR) {
    rc = w.node->dev == VFS_DEV_FD ? VSH_EINVAL : 0; /* sinks */
  } else if (w.node->type == VFS_FIFO) {
    rc = VSH_EINVAL; /* only an open end writes to a named pipe */
  } else if (!(rc = may_use(w.node, VFS_MAY_W))) {
    vfs_node *nd = vfs__get_mut(fs, w.ino);
    if (!nd) {
      rc = VSH_ENOMEM;
    } else if (!(flags & VFS_W_TRUNC) &&
               (rc = vfs__settle_size(fs, w.ino, &nd))) {
      /* the provider failed: nothing written */
    } else if (flags & VFS_W_APPEND) {
      rc = vfs__write_at(fs, nd, nd->size, data, n);
    } else if (flags & VFS_W_TRUNC) {
      rc = replace_content(fs, nd, data, n);
    } else {
      rc = vfs__write_at(fs, nd, 0, data, n);
    }
  }
done:
  VFS_UNLOCK(fs);
  return rc;
}

static int mkdir_locked(vfs *fs, const char *path, unsigned mode) {
  vfs_walk w;
  int rc = vfs__walk(fs, path, WALK_PARENT, &w);
  if (rc) return rc;
  if (w.node) return VSH_EEXIST;
  if ((rc = vfs__ro_check(fs, &w)) || (rc = may_edit(fs, w.dir, NULL)))
    return rc;
  vfs_node *n = vfs__node_new(fs, VFS_DIR, vfs__mode(mode, 0755));
  if (!n) return VSH_ENOMEM;
  return create_in(fs, &w, n, NULL);
}

int vfs_mkdir(vfs *fs, const char *path, unsigned mode) {
  VFS_LOCK(fs);
  int rc = mkdir_locked(fs, path, mode);
  VFS_UNLOCK(fs);
  return rc;
}

int vfs_mkdir_p(vfs *fs, const char *path, unsigned mode) {
  char buf[VSH_PATH_MAX];
  size_t len = path ? strlen(path) : 0;
  if (!len || path[0] != '/') return len ? VSH_EINVAL : VSH_ENOENT;
  if (len >= sizeof(buf)) return VSH_ENAMETOOLONG;
  memcpy(buf, path, len + 1);
  int rc = 0;
  VFS_LOCK(fs);
  for (size_t i = 1; i <= len && !rc; i++) {
    if (buf[i] != '/' && buf[i] != 0) continue;
    if (buf[i - 1] == '/') continue;
    char save = buf[i];
    buf[i] = 0;
    vfs_walk w;
    rc = vfs__walk(fs, buf, WALK_FOLLOW | WALK_PARENT, &w);
    if (!rc && !w.node) {
      rc = mkdir_locked(fs, buf, mode);
    } else if (!rc && w.node->type != VFS_DIR) {
      rc = save ? VSH_ENOTDIR : VSH_EEXIST;
    }
    buf[i] = save;
  }
  VFS_UNLOCK(fs);
  return rc;
}

int vfs_symlink(vfs *fs, const char *target, const char *linkpath) {
  size_t tlen = target ? strlen(target) : 0;
  if (tlen == 0) return VSH_ENOENT;
  if (tlen >= VSH_PATH_MAX) return VSH_ENAMETOOLONG;
  vfs_walk w;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, linkpath, WALK_PARENT, &w);
  if (!rc && (w.node || is_dots(&w))) rc = VSH_EEXIST;
  if (!rc) rc = vfs__ro_check(fs, &w);
  if (!rc && w.trailing_slash) rc = VSH_ENOENT;
  if (!rc) rc = may_edit(fs, w.dir, NULL);
  if (!rc) {
    vfs_node *n = vfs__node_new(fs, VFS_LNK, 0777);
    char *t = n ? vsh__strndup(&fs->al, target, tlen) : NULL;
    if (!t) {
      vfs__node_unref(fs, n);
      rc = VSH_ENOMEM;
    } else {
      n->u.lnk.target = t;
      n->u.lnk.len = tlen;
      n->size = tlen;
      rc = create_in(fs, &w, n, NULL);
    }
  }
  VFS_UNLOCK(fs);
  return rc;
}

int vfs_mkfifo(vfs *fs, const char *path, unsigned mode) {
  vfs_walk w;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, path, WALK_PARENT, &w);
  if (!rc && (w.node || is_dots(&w))) rc = VSH_EEXIST;
  if (!rc && w.trailing_slash) rc = VSH_ENOENT;
  if (!rc) rc = vfs__ro_check(fs, &w);
  if (!rc) rc = may_edit(fs, w.dir, NULL);
  if (!rc) {
    vfs_node *n = vfs__node_new(fs, VFS_FIFO, mode & 07777);
    rc = n ? create_in(fs, &w, n, NULL) : VSH_ENOMEM;
  }
  VFS_UNLOCK(fs);
  return rc;
}

int vfs_link(vfs *fs, const char *existing, const char *newpath) {
  vfs_walk src, dst;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, existing, 0, &src);
  if (!rc && (src.node->type == VFS_DIR || src.ino == 0)) rc = VSH_EPERM;
  if (!rc) rc = vfs__walk(fs, newpath, WALK_PARENT, &dst);
  if (!rc && (dst.node || is_dots(&dst))) rc = VSH_EEXIST;
  if (!rc) rc = vfs__ro_check(fs, &dst);
  if (!rc) rc = may_edit(fs, dst.dir, NULL);
  if (!rc) {
    vfs_node *d = vfs__get_mut(fs, dst.dir);
    rc = d ? vfs__dir_add(fs, d, dst.name, dst.name_len, src.ino, false)
           : VSH_ENOMEM;
  }
  if (!rc) {
    vfs_node *n = vfs__get_mut(fs, src.ino);
    if (n) {
      n->nlink++;
      vfs__now(&n->ctime);
    }
  }
  VFS_UNLOCK(fs);
  return rc;
}

/* ---- removal ------------------------------------------------------------ */

int vfs_unlink(vfs *fs, const char *path) {
  vfs_walk w;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, path, 0, &w);
  if (!rc && w.node->type != VFS_DIR) rc = vfs__ro_check(fs, &w);
  if (!rc) {
    if (w.node->type == VFS_DIR || is_dots(&w)) rc = VSH_EISDIR;
    else if (w.ino == 0)
      rc = w.node->dev == VFS_DEV_BIN ? VSH_EACCES : VSH_EPERM;
    else if (!(rc = may_edit(fs, w.dir, w.node))) rc = unlink_entry(fs, &w);
  }
  VFS_UNLOCK(fs);
  return rc;
}

int vfs_rmdir(vfs *fs, const char *path) {
  vfs_walk w;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, path, 0, &w);
  if (!rc) rc = vfs__ro_check(fs, &w);
  if (rc) goto done;
  if (w.node->type != VFS_DIR) {
    rc = VSH_ENOTDIR;
  } else if (w.name_len == 0) {
    rc = VSH_EBUSY;
  } else if (w.name_len == 1 && w.name[0] == '.') {
    rc = VSH_EINVAL;
  } else if (is_dots(&w)) {
    rc = VSH_ENOTEMPTY;
  } else if (!(rc = may_edit(fs, w.dir, w.node))) {
    if (w.node->u.dir.pending) rc = vfs__materialize_dir(fs, w.ino);
    vfs_node *n = vfs__get(fs, w.ino);
    if (!rc && n->u.dir.len) rc = VSH_ENOTEMPTY;
    if (!rc) {
      w.node = n;
      rc = unlink_entry(fs, &w);
    }
  }
done:
  VFS_UNLOCK(fs);
  return rc;
}

/* Drops ino and, for a directory, everything beneath it (iteratively:
 * depth is input-controlled). */
static int drop_tree(vfs *fs, uint64_t top) {
  size_t cap = 64, len = 0;
  uint64_t *stack = malloc(cap * sizeof(*stack));
  if (!stack) return VSH_ENOMEM;
  stack[len++] = top;
  while (len) {
    uint64_t ino = stack[--len];
    vfs_node *n = vfs__get(fs, ino);
    if (!n) continue;
    if (n->type == VFS_DIR) {
      for (uint32_t i = 0; i < n->u.dir.len; i++) {
        if (len == cap) {
          uint64_t *s = realloc(stack, cap * 2 * sizeof(*stack));
          if (!s) {
            free(stack);
            return VSH_ENOMEM;
          }
          stack = s;
          cap *= 2;
        }
        stack[len++] = n->u.dir.ents[i].ino;
      }
    } else if (n->nlink > 1) {
      vfs_node *m = vfs__get_mut(fs, ino);
      if (m) m->nlink--;
      continue;
    }
    vfs__drop(fs, ino);
  }
  free(stack);
  return 0;
}

/* EACCES when some directory beneath top that has entries may not be
 * emptied (read, write and search on it): vfs_remove_tree then removes
 * nothing, and a caller that wants GNU's partial removal walks. */
static int tree_may_empty(vfs *fs, uint64_t top) {
  size_t cap = 64, len = 0;
  uint64_t *stack = malloc(cap * sizeof(*stack));
  if (!stack) return VSH_ENOMEM;
  stack[len++] = top;
  int rc = 0;
  while (len && !rc) {
    vfs_node *n = vfs__get(fs, stack[--len]);
    if (!n || n->type != VFS_DIR || !n->u.dir.len) continue;
    if (!vfs__may(n, VFS_MAY_R | VFS_MAY_W | VFS_MAY_X)) rc = VSH_EACCES;
    for (uint32_t i = 0; !rc && i < n->u.dir.len; i++) {
      if (len == cap) {
        uint64_t *t = realloc(stack, cap * 2 * sizeof(*stack));
        if (!t) {
          rc = VSH_ENOMEM;
          break;
        }
        stack = t;
        cap *= 2;
      }
      stack[len++] = n->u.dir.ents[i].ino;
    }
  }
  free(stack);
  return rc;
}

int vfs_remove_tree(vfs *fs, const char *path) {
  vfs_walk w;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, path, 0, &w);
  if (!rc) rc = vfs__ro_check(fs, &w);
  if (rc) goto done;
  if (is_dots(&w)) {
    rc = w.name_len == 0 ? VSH_EBUSY : VSH_EINVAL;
  } else if (w.ino == 0) {
    rc = VSH_EPERM;
  } else if ((rc = may_edit(fs, w.dir, w.node))) {
    /* the entry itself stays */
  } else if (w.node->type != VFS_DIR) {
    rc = unlink_entry(fs, &w);
  } else if (!(rc = tree_may_empty(fs, w.ino))) {
    vfs_node *d = vfs__get_mut(fs, w.dir);
    size_t pos;
    if (!d || !vfs__dir_find(d, w.name, w.name_len, &pos)) {
      rc = d ? VSH_ENOENT : VSH_ENOMEM;
    } else {
      rc = drop_tree(fs, w.ino);
      if (!rc) {
        d = vfs__get_mut(fs, w.dir);
        vfs__dir_del(fs, d, pos, true);
      }
    }
  }
done:
  VFS_UNLOCK(fs);
  return rc;
}

/* True when dir `ino` is `anc` or lies beneath it. */
static bool is_beneath(vfs *fs, uint64_t ino, uint64_t anc) {
  for (unsigned guard = 0; guard < VSH_PATH_MAX; guard++) {
    if (ino == anc) return true;
    if (ino == VFS_ROOT_INO) return false;
    vfs_node *d = vfs__get(fs, ino);
    if (!d || d->type != VFS_DIR) return false;
    ino = d->u.dir.parent;
  }
  return true;
}

int vfs_rename(vfs *fs, const char *from, const char *to) {
  vfs_walk a, b;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, from, 0, &a);
  if (!rc) rc = vfs__walk(fs, to, WALK_PARENT, &b);
  if (!rc) rc = vfs__ro_check(fs, &a);
  if (!rc) rc = vfs__ro_check(fs, &b);
  if (rc) goto done;
  if (is_dots(&a) || (b.node && is_dots(&b))) {
    rc = a.name_len == 0 || b.name_len == 0 ? VSH_EBUSY : VSH_EINVAL;
    goto done;
  }
  if (a.ino == 0 || (b.node && b.ino == 0)) {
    rc = VSH_EPERM;
    goto done;
  }
  bool is_dir = a.node->type == VFS_DIR;
  if (b.node && b.ino == a.ino) goto done; /* same file: nothing to do */
  if (!is_dir && (a.trailing_slash || b.trailing_slash)) {
    rc = VSH_ENOTDIR;
    goto done;
  }
  if (is_dir && is_beneath(fs, b.dir, a.ino)) {
    rc = VSH_EINVAL;
    goto done;
  }
  /* rename(2)'s order: the source's directory, the target's, then a
   * directory that changes parent needs write on itself (its "..") */
  if ((rc = may_edit(fs, a.dir, a.node)) || (rc = may_edit(fs, b.dir, b.node)))
    goto done;
  if (is_dir && a.dir != b.dir && !vfs__may(a.node, VFS_MAY_W)) {
    rc = VSH_EACCES;
    goto done;
  }
  if (b.node) {
    if (is_dir && b.node->type != VFS_DIR) {
      rc = VSH_ENOTDIR;
      goto done;
    }
    if (!is_dir && b.node->type == VFS_DIR) {
      rc = VSH_EISDIR;
      goto done;
    }
    if (is_dir) {
      if (b.node->u.dir.pending) rc = vfs__materialize_dir(fs, b.ino);
      if (!rc && vfs__get(fs, b.ino)->u.dir.len) rc = VSH_ENOTEMPTY;
      if (rc) goto done;
    }
    /* Point the existing entry at the moved inode (cannot fail). */
    vfs_node *bd = vfs__get_mut(fs, b.dir);
    if (!bd) {
      rc = VSH_ENOMEM;
      goto done;
    }
    vfs_ent *e = vfs__dir_find(bd, b.name, b.name_len, NULL);
    uint64_t old = e->ino;
    e->ino = a.ino;
    vfs__now(&bd->mtime);
    bd->ctime = bd->mtime;
    vfs_node *on = vfs__get(fs, old);
    if (on && on->type != VFS_DIR && on->nlink > 1) {
      on = vfs__get_mut(fs, old);
      if (on) on->nlink--;
    } else {
      vfs__drop(fs, old);
    }
  } else {
    vfs_node *bd = vfs__get_mut(fs, b.dir);
    rc = bd ? vfs__dir_add(fs, bd, b.name, b.name_len, a.ino, is_dir)
            : VSH_ENOMEM;
    if (rc) goto done;
  }
  vfs_node *ad = vfs__get_mut(fs, a.dir);
  size_t pos;
  if (ad && vfs__dir_find(ad, a.name, a.name_len, &pos))
    vfs__dir_del(fs, ad, pos, is_dir);
  vfs_node *n = vfs__get_mut(fs, a.ino);
  if (n) {
    if (is_dir) n->u.dir.parent = b.dir;
    vfs__now(&n->ctime);
  }
done:
  VFS_UNLOCK(fs);
  return rc;
}

/* ---- metadata -------------------------------------------------------------- */

int vfs_chmod(vfs *fs, const char *path, unsigned mode) {
  vfs_walk w;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, path, WALK_FOLLOW, &w);
  if (!rc && !(w.node && w.node->type == VFS_CHR)) rc = vfs__ro_check(fs, &w);
  if (!rc && (w.ino == 0 || w.node->uid != VFS_UID)) rc = VSH_EPERM;
  if (!rc) {
    vfs_node *n = vfs__get_mut(fs, w.ino);
    if (!n) {
      rc = VSH_ENOMEM;
    } else {
      n->mode = (uint16_t)(mode & 07777);
      n->host_mode = false;
      vfs__now(&n->ctime);
    }
  }
  VFS_UNLOCK(fs);
  return rc;
}

int vfs_utimens(vfs *fs, const char *path, const struct timespec *atime,
                const struct timespec *mtime, bool follow) {
  vfs_walk w;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, path, follow ? WALK_FOLLOW : 0, &w);
  if (!rc && !(w.node && w.node->type == VFS_CHR)) rc = vfs__ro_check(fs, &w);
  if (!rc && w.ino == 0) rc = VSH_EPERM;
  /* setting given times needs the owner; "now" also write permission */
  if (!rc && w.node->uid != VFS_UID)
    rc = atime || mtime                ? VSH_EPERM
         : vfs__may(w.node, VFS_MAY_W) ? 0
                                       : VSH_EACCES;
  if (!rc) {
    vfs_node *n = vfs__get_mut(fs, w.ino);
    if (!n) {
      rc = VSH_ENOMEM;
    } else {
      struct timespec now;
      vfs__now(&now);
      n->atime = atime ? *atime : now;
      n->mtime = mtime ? *mtime : now;
      n->ctime = now;
    }
  }
  VFS_UNLOCK(fs);
  return rc;
}

int vfs_truncate(vfs *fs, const char *path, uint64_t size) {
  vfs_walk w;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, path, WALK_FOLLOW, &w);
  if (!rc && !(w.node && w.node->type == VFS_CHR)) rc = vfs__ro_check(fs, &w);
  if (!rc && w.node->type == VFS_DIR) rc = VSH_EISDIR;
  if (!rc && w.node->type != VFS_REG && w.node->type != VFS_DIR)
    rc = w.node->dev == VFS_DEV_NULL ? 0 : VSH_EINVAL;
  if (!rc) rc = may_use(w.node, VFS_MAY_W);
  if (!rc && w.node->type == VFS_REG) {
    vfs_node *n = vfs__get_mut(fs, w.ino);
    if (!n) {
      rc = VSH_ENOMEM;
    } else if ((rc = vfs__settle_size(fs, w.ino, &n))) {
      /* the provider failed */
    } else if (size >= n->size) {
      rc = vfs__write_at(fs, n, size, NULL, 0); /* zero-fills */
    } else {
      rc = own_bytes(fs, n, 0);
      if (!rc) {
        vfs__charge(fs, n->size, size, true);
        n->u.reg.blob->len = (size_t)size;
        n->size = size;
        touch(n);
      }
    }
  }
  VFS_UNLOCK(fs);
  return rc;
}

int vfs_copy_file(vfs *fs, const char *src, const char *dst, bool preserve) {
  vfs_walk a, b;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, src, WALK_FOLLOW, &a);
  if (rc) goto done;
  if (a.node->type == VFS_DIR) {
    rc = VSH_EISDIR;
    goto done;
  }
  if (a.node->type != VFS_REG) {
    rc = VSH_EINVAL;
    goto done;
  }
  if ((rc = may_use(a.node, VFS_MAY_R))) goto done;
  rc = vfs__walk(fs, dst, WALK_FOLLOW | WALK_PARENT, &b);
  if (!rc) rc = vfs__ro_check(fs, &b);
  if (rc) goto done;
  if (b.node && b.ino == a.ino) {
    rc = VSH_EINVAL;
    goto done;
  }
  if (b.node && (b.node->type == VFS_DIR || is_dots(&b))) {
    rc = VSH_EISDIR;
    goto done;
  }
  if (b.node && b.node->type == VFS_CHR) goto done; /* e.g. /dev/null */
  if ((rc = b.node ? may_use(b.node, VFS_MAY_W) : may_edit(fs, b.dir, NULL)))
    goto done;
  vfs_node *sn = a.node;
  bool lazy = sn->u.reg.lazy != NULL;
  uint64_t size = sn->size;
  uint64_t old = (b.node && !b.node->u.reg.lazy) ? b.node->size : 0;
  if (!lazy && fs->max_bytes && size > old &&
      fs->bytes + (size - old) > fs->max_bytes) {
    rc = VSH_ENOSPC;
    goto done;
  }
  vfs_node *dn;
  if (!b.node) {
    dn = vfs__node_new(fs, VFS_REG, sn->mode);
    if (!dn) {
      rc = VSH_ENOMEM;
      goto done;
    }
    rc = create_in(fs, &b, dn, &b.ino);
    if (rc) goto done;
  }
  dn = vfs__get_mut(fs, b.ino);
  sn = vfs__get(fs, a.ino);
  if (!dn || !sn) {
    rc = VSH_ENOMEM;
    goto done;
  }
  /* Share the bytes (or the not-yet-loaded source). */
  if (!dn->u.reg.lazy) fs->bytes -= dn->size;
  vfs__blob_unref(fs, dn->u.reg.blob);
  vfs__lazy_unref(fs, dn->u.reg.lazy);
  dn->u.reg.blob = sn->u.reg.blob;
  dn->u.reg.lazy = sn->u.reg.lazy;
  if (dn->u.reg.blob) atomic_fetch_add(&dn->u.reg.blob->rc, 1);
  if (dn->u.reg.lazy) atomic_fetch_add(&dn->u.reg.lazy->rc, 1);
  dn->size = size;
  if (!lazy) fs->bytes += size;
  touch(dn);
  if (preserve) {
    dn->mode = sn->mode;
    dn->mtime = sn->mtime;
    dn->atime = sn->atime;
  }
done:
  VFS_UNLOCK(fs);
  return rc;
}

/* ---- exported for file.c ---------------------------------------------- */

void vfs__fill_stat(const vfs_node *n, uint64_t ino, int devfd, vfs_info *st) {
  fill_stat(n, ino, devfd, st);
}

int vfs__create_reg(vfs *fs, const vfs_walk *w, unsigned mode, uint64_t *ino) {
  int rc = may_edit(fs, w->dir, NULL);
  if (rc) return rc;
  vfs_node *n = vfs__node_new(fs, VFS_REG, vfs__mode(mode, 0644));
  if (!n) return VSH_ENOMEM;
  return create_in(fs, w, n, ino);
}

int vfs__replace(vfs *fs, vfs_node *n, const void *data, size_t len) {
  return replace_content(fs, n, data, len);
}
