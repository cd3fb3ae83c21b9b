/* host.c: content that arrives later: user providers (lazy files) and
 * read-only host folders.  Every host access is relative to the mount's
 * root fd through openat2(RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS |
 * RESOLVE_NO_SYMLINKS), so neither ".." nor a symlink (planted before or
 * after listing) can reach outside the mounted folder.  Host symlinks are
 * listed only with allow_symlinks, and then as virtual symlinks that
 * resolve inside the virtual tree. */
#include "vfs/vfs_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define DEFAULT_MAX_FILE ((uint64_t)64 << 20)

static int map_errno(int e) {
  switch (e) {
  case ENOENT: return VSH_ENOENT;
  case ENOTDIR: return VSH_ENOTDIR;
  case EISDIR: return VSH_EISDIR;
  case ELOOP: return VSH_EACCES; /* a symlink on the way: refused */
  case EXDEV: return VSH_EACCES; /* escape attempt */
  case EACCES: return VSH_EACCES;
  case EPERM: return VSH_EPERM;
  case ENOMEM: return VSH_ENOMEM;
  case ENAMETOOLONG: return VSH_ENAMETOOLONG;
  case ENOSYS: return VSH_ENOSYS;
  default: return VSH_EIO;
  }
}

static int host_open(int rootfd, const char *rel, int oflags) {
  struct open_how how;
  memset(&how, 0, sizeof(how));
  how.flags = (uint64_t)(oflags | O_CLOEXEC | O_NOFOLLOW);
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | RESOLVE_NO_SYMLINKS;
  long fd;
  do {
    fd = syscall(SYS_openat2, rootfd, rel, &how, sizeof(how));
  } while (fd < 0 && errno == EAGAIN);
  return fd < 0 ? -1 : (int)fd;
}

static int load_host_file(vfs *fs, vfs_lazy *lz, vfs_blob **out) {
  int fd = host_open(lz->mount->rootfd, lz->rel, O_RDONLY);
  if (fd < 0) return map_errno(errno);
  struct stat st;
  int rc = 0;
  vfs_blob *b = NULL;
  if (fstat(fd, &st) < 0) {
    rc = map_errno(errno);
  } else if (!S_ISREG(st.st_mode)) {
    rc = S_ISDIR(st.st_mode) ? VSH_EISDIR : VSH_EACCES;
  } else if ((uint64_t)st.st_size > lz->mount->max_file_size) {
    rc = VSH_EFBIG;
  } else {
    size_t cap = (size_t)st.st_size + 1;
    b = vfs__blob_new(fs, cap);
    if (!b) rc = VSH_ENOMEM;
    while (!rc) {
      if (b->len == b->cap) { /* the file grew while we read */
        rc = VSH_EIO;
        break;
      }
      ssize_t r = read(fd, b->data + b->len, b->cap - b->len);
      if (r < 0 && errno == EINTR) continue;
      if (r < 0) rc = map_errno(errno);
      if (r <= 0) break;
      b->len += (size_t)r;
    }
  }
  close(fd);
  if (rc) {
    vfs__blob_unref(fs, b);
    return rc;
  }
  *out = b;
  return 0;
}

static int load_user(vfs *fs, vfs_lazy *lz, vfs_blob **out) {
  vsh_buf buf = {0};
  vsh_error err;
  int rc = lz->fn(lz->ud, &buf, &err);
  if (rc) {
    free(buf.data);
    return rc < 0 ? rc : VSH_EIO;
  }
  vfs_blob *b = vfs__blob_new(fs, buf.len);
  if (!b) {
    free(buf.data);
    return VSH_ENOMEM;
  }
  if (buf.len) memcpy(b->data, buf.data, buf.len);
  b->len = buf.len;
  free(buf.data);
  *out = b;
  return 0;
}

int vfs__lazy_load(vfs *fs, vfs_lazy *lz, vfs_blob **out) {
  int rc = 0;
  pthread_mutex_lock(&lz->mu);
  if (!lz->done) {
    vfs_blob *b = NULL;
    rc = lz->kind == LAZY_USER ? load_user(fs, lz, &b)
                               : load_host_file(fs, lz, &b);
    if (!rc) {
      lz->blob = b;
      lz->done = true;
    }
  }
  if (!rc && lz->blob) atomic_fetch_add(&lz->blob->rc, 1);
  *out = rc ? NULL : lz->blob;
  pthread_mutex_unlock(&lz->mu);
  return rc;
}

static vfs_lazy *lazy_new(vfs *fs, int kind) {
  vfs_lazy *lz = vsh__calloc(&fs->al, sizeof(*lz));
  if (!lz) return NULL;
  atomic_init(&lz->rc, 1);
  lz->kind = kind;
  pthread_mutex_init(&lz->mu, NULL);
  return lz;
}

static vfs_lazy *host_lazy(vfs *fs, int kind, vfs_mount *m, const char *rel,
                           size_t rel_len) {
  vfs_lazy *lz = lazy_new(fs, kind);
  if (!lz) return NULL;
  lz->rel = vsh__strndup(&fs->al, rel, rel_len);
  if (!lz->rel) {
    vfs__lazy_unref(fs, lz);
    return NULL;
  }
  atomic_fetch_add(&m->rc, 1);
  lz->mount = m;
  return lz;
}

static void stat_times(vfs_node *n, const struct stat *st) {
  n->mtime = st->st_mtim;
  n->atime = st->st_atim;
  n->ctime = st->st_ctim;
}

/* One host directory entry -> a node (or NULL to leave it out). */
static vfs_node *host_child(vfs *fs, vfs_lazy *dir, int dfd, const char *name,
                            uint64_t dir_ino, int *rc) {
  struct stat st;
  *rc = 0;
  if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) return NULL;
  char rel[VSH_PATH_MAX];
  int n = strcmp(dir->rel, ".") == 0
              ? snprintf(rel, sizeof(rel), "%s", name)
              : snprintf(rel, sizeof(rel), "%s/%s", dir->rel, name);
  if (n < 0 || (size_t)n >= sizeof(rel)) return NULL;
  vfs_node *node = NULL;
  if (S_ISREG(st.st_mode)) {
    node = vfs__node_new(fs, VFS_REG, st.st_mode & 07777);
    if (node) node->host_mode = true;
    if (node)
      node->u.reg.lazy =
          host_lazy(fs, LAZY_HOST_FILE, dir->mount, rel, (size_t)n);
    if (node && !node->u.reg.lazy) goto oom;
    if (node) node->size = (uint64_t)st.st_size;
  } else if (S_ISDIR(st.st_mode)) {
    node = vfs__node_new(fs, VFS_DIR, st.st_mode & 07777);
    if (node) node->host_mode = true;
    if (node)
      node->u.dir.pending =
          host_lazy(fs, LAZY_HOST_DIR, dir->mount, rel, (size_t)n);
    if (node && !node->u.dir.pending) goto oom;
    if (node) node->u.dir.parent = dir_ino;
  } else if (S_ISLNK(st.st_mode) && dir->mount->allow_symlinks) {
    char target[VSH_PATH_MAX];
    ssize_t tl = readlinkat(dfd, name, target, sizeof(target) - 1);
    if (tl <= 0) return NULL;
    node = vfs__node_new(fs, VFS_LNK, 0777);
    if (node) node->u.lnk.target = vsh__strndup(&fs->al, target, (size_t)tl);
    if (node && !node->u.lnk.target) goto oom;
    if (node) node->u.lnk.len = node->size = (size_t)tl;
  } else {
    return NULL; /* fifos, sockets, devices and refused symlinks */
  }
  if (!node) {
    *rc = VSH_ENOMEM;
    return NULL;
  }
  stat_times(node, &st);
  return node;
oom:
  vfs__node_unref(fs, node);
  *rc = VSH_ENOMEM;
  return NULL;
}

int vfs__host_list(vfs *fs, vfs_lazy *lz, uint64_t dir_ino) {
  int fd = host_open(lz->mount->rootfd, lz->rel, O_RDONLY | O_DIRECTORY);
  if (fd < 0) return map_errno(errno);
  DIR *d = fdopendir(fd);
  if (!d) {
    close(fd);
    return VSH_ENOMEM;
  }
  int rc = 0;
  struct dirent *de;
  while (!rc && (de = readdir(d))) {
    const char *name = de->d_name;
    if (!strcmp(name, ".") || !strcmp(name, "..")) continue;
    size_t nl = strlen(name);
    if (nl > VSH_NAME_MAX) continue;
    vfs_node *child = host_child(fs, lz, dirfd(d), name, dir_ino, &rc);
    if (!child) continue;
    uint64_t ino;
    rc = vfs__insert(fs, child, &ino);
    if (rc) {
      vfs__node_unref(fs, child);
      break;
    }
    vfs_node *dn = vfs__get_mut(fs, dir_ino);
    rc = dn ? vfs__dir_add(fs, dn, name, nl, ino, child->type == VFS_DIR)
            : VSH_ENOMEM;
    if (rc) vfs__drop(fs, ino);
  }
  closedir(d);
  return rc;
}

/* ---- public seeding API ------------------------------------------------ */

static int put_node(vfs *fs, const char *path, vfs_node *n, bool replace_empty,
                    vsh_error *err);

int vsh_fs_write_lazy(vsh_fs *fs, const char *path, const vsh_lazy_file *file,
                      vsh_error *err) {
  if (!file)
    return vsh__error_set(err, VSH_EINVAL, "lazy file: missing argument");
  /* a newer layout starts with these fields too: ud is released either way */
  void *ud = file->ud;
  void (*free_ud)(void *) = file->free_ud;
  int rc = vsh__check_version(file->version, VSH_LAZY_FILE_VERSION,
                              "vsh_lazy_file", err);
  if (!rc && (!fs || !path || !file->provide))
    rc = vsh__error_set(err, VSH_EINVAL, "lazy file: missing argument");
  if (rc) {
    if (free_ud) free_ud(ud);
    return rc;
  }
  vsh_lazy_fn provide = file->provide;
  uint64_t size = file->size;
  unsigned mode = file->mode;
  vfs_node *n = vfs__node_new(fs, VFS_REG, mode ? mode : 0644);
  vfs_lazy *lz = n ? lazy_new(fs, LAZY_USER) : NULL;
  if (!lz) {
    vfs__node_unref(fs, n);
    if (free_ud) free_ud(ud); /* on every failure the ud is released */
    return vsh__error_set(err, VSH_ENOMEM, "lazy file '%s': %s", path,
                          vsh_strerror(VSH_ENOMEM));
  }
  lz->fn = provide;
  lz->ud = ud;
  lz->free_ud = free_ud;
  n->u.reg.lazy = lz;
  n->size = size;
  return put_node(fs, path, n, false, err);
}

int vsh_fs_mount_host(vsh_fs *fs, const char *host_dir, const char *vpath,
                      const vsh_mount_opts *opts, vsh_error *err) {
  if (!fs || !host_dir || !vpath)
    return vsh__error_set(err, VSH_EINVAL, "mount: missing argument");
  if (opts && vsh__check_version(opts->version, VSH_MOUNT_OPTS_VERSION,
                                 "vsh_mount_opts", err))
    return VSH_EINVAL;
  int rootfd = open(host_dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (rootfd < 0)
    return vsh__error_set(err, map_errno(errno), "mount: cannot open '%s': %s",
                          host_dir, strerror(errno));
  /* Prove openat2 works here: without it there is no safe access. */
  int probe = host_open(rootfd, ".", O_RDONLY | O_DIRECTORY);
  if (probe < 0) {
    int e = errno;
    close(rootfd);
    return vsh__error_set(err, map_errno(e),
                          "mount: openat2 on '%s' failed: %s", host_dir,
                          strerror(e));
  }
  struct stat st;
  fstat(probe, &st);
  close(probe);
  vfs_mount *m = vsh__calloc(&fs->al, sizeof(*m));
  if (!m) {
    close(rootfd);
    return vsh__error_set(err, VSH_ENOMEM, "mount: %s",
                          vsh_strerror(VSH_ENOMEM));
  }
  atomic_init(&m->rc, 1);
  m->rootfd = rootfd;
  m->allow_symlinks = opts && opts->allow_symlinks;
  m->max_file_size =
      opts && opts->max_file_size ? opts->max_file_size : DEFAULT_MAX_FILE;
  vfs_node *n = vfs__node_new(fs, VFS_DIR, st.st_mode & 07777);
  if (n) n->host_mode = true;
  if (n) n->u.dir.pending = host_lazy(fs, LAZY_HOST_DIR, m, ".", 1);
  vfs__mount_unref(fs, m); /* the pending listing holds it now */
  if (!n || !n->u.dir.pending) {
    vfs__node_unref(fs, n);
    return vsh__error_set(err, VSH_ENOMEM, "mount: %s",
                          vsh_strerror(VSH_ENOMEM));
  }
  stat_times(n, &st);
  if (opts && opts->read_only &&
      fs->n_ro >= sizeof(fs->ro_ino) / sizeof(fs->ro_ino[0])) {
    vfs__node_unref(fs, n);
    return vsh__error_set(err, VSH_ELIMIT, "mount: too many read-only mounts");
  }
  int rc = put_node(fs, vpath, n, true, err);
  if (!rc && opts && opts->read_only) {
    vsh_buf canon = {0};
    vfs_walk w;
    rc = vsh__path_resolve(&canon, "/", vpath, strlen(vpath));
    VFS_LOCK(fs);
    if (!rc) rc = vfs__walk(fs, canon.data, WALK_FOLLOW, &w);
    if (!rc) fs->ro_ino[fs->n_ro++] = w.ino;
    VFS_UNLOCK(fs);
    vsh_buf_dispose(&canon);
    if (rc) vsh__error_set(err, rc, "mount: %s", vsh_strerror(rc));
  }
  return rc;
}

/* Places n at path (creating parents); replace_empty lets a mount take
 * the place of an existing empty directory. */
static int put_node(vfs *fs, const char *path, vfs_node *n, bool replace_empty,
                    vsh_error *err) {
  vsh_buf canon = {0};
  int rc = vsh__path_resolve(&canon, "/", path, strlen(path));
  if (!rc && strcmp(canon.data, "/") == 0) rc = VSH_EBUSY;
  if (!rc) {
    vsh_buf parent = {0};
    rc = vsh__path_dirname(&parent, canon.data);
    if (!rc) rc = vfs_mkdir_p(fs, parent.data, 0755);
    vsh_buf_dispose(&parent);
  }
  if (rc) goto done;
  VFS_LOCK(fs);
  vfs_walk w;
  rc = vfs__walk(fs, canon.data, WALK_PARENT, &w);
  if (!rc && w.node) {
    if (replace_empty && w.node->type == VFS_DIR && !w.node->u.dir.pending &&
        w.node->u.dir.len == 0) {
      vfs_node *d = vfs__get_mut(fs, w.dir);
      size_t pos;
      if (d && vfs__dir_find(d, w.name, w.name_len, &pos)) {
        vfs__drop(fs, w.ino);
        d = vfs__get_mut(fs, w.dir);
        vfs__dir_del(fs, d, pos, true);
        w.node = NULL;
      } else {
        rc = VSH_ENOMEM;
      }
    } else {
      rc = VSH_EEXIST;
    }
  }
  if (!rc) {
    uint64_t ino;
    if (n->type == VFS_DIR) n->u.dir.parent = w.dir;
    rc = vfs__insert(fs, n, &ino);
    if (!rc) {
      vfs_node *d = vfs__get_mut(fs, w.dir);
      rc = d ? vfs__dir_add(fs, d, w.name, w.name_len, ino, n->type == VFS_DIR)
             : VSH_ENOMEM;
      if (rc) vfs__drop(fs, ino);
      n = NULL; /* owned by the table (or dropped) */
    }
  }
  VFS_UNLOCK(fs);
done:
  if (n) vfs__node_unref(fs, n);
  if (rc)
    vsh__error_set(err, rc, "cannot create '%s': %s", path, vsh_strerror(rc));
  vsh_buf_dispose(&canon);
  return rc;
}
