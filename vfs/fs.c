/* fs.c: filesystem handles (new, fork, free), the default skeleton
 * (/dev, /tmp, /home/user, /bin, /usr/bin), seeding from application code
 * and the /dev/urandom generator.  A fork copies the version fields and
 * retains the trie root: O(1) time, a few dozen bytes. */
#include "vfs/vfs_int.h"

#include <string.h>
#include <sys/random.h>

static int map_err(vsh_error *err, int rc, const char *what, const char *path) {
  if (rc) vsh__error_set(err, rc, "%s '%s': %s", what, path, vsh_strerror(rc));
  return rc;
}

static vfs *fs_alloc(const vsh_allocator *al) {
  if (!al || !al->fn) al = vsh__default_alloc();
  vfs *fs = vsh__calloc(al, sizeof(*fs));
  if (!fs) return NULL;
  fs->al = *al;
  pthread_mutex_init(&fs->mu, NULL);
  return fs;
}

static int add_dev(vfs *fs, const char *path, vfs_dev dev, int devfd,
                   unsigned mode) {
  vfs_walk w;
  int rc = vfs__walk(fs, path, WALK_PARENT, &w);
  if (rc) return rc;
  if (w.node) return VSH_EEXIST;
  vfs_node *n =
      vfs__node_new(fs, dev == VFS_DEV_FDDIR ? VFS_DIR : VFS_CHR, mode);
  if (!n) return VSH_ENOMEM;
  n->dev = (uint8_t)dev;
  n->devfd = devfd;
  n->uid = n->gid = 0;
  uint64_t ino;
  if (n->type == VFS_DIR) n->u.dir.parent = w.dir;
  rc = vfs__insert(fs, n, &ino);
  if (rc) {
    vfs__node_unref(fs, n);
    return rc;
  }
  vfs_node *d = vfs__get_mut(fs, w.dir);
  rc = d ? vfs__dir_add(fs, d, w.name, w.name_len, ino, n->type == VFS_DIR)
         : VSH_ENOMEM;
  if (rc) vfs__drop(fs, ino);
  return rc;
}

static int skeleton(vfs *fs) {
  static const struct {
    const char *path;
    unsigned mode;
  } dirs[] = {{"/usr", 0755},      {"/usr/bin", 0755}, {"/dev", 0755},
              {"/etc", 0755},      {"/tmp", 01777},    {"/home", 0755},
              {"/home/user", 0755}};
  static const struct {
    const char *path;
    vfs_dev dev;
    int fd;
  } devs[] = {{"/dev/null", VFS_DEV_NULL, -1},
              {"/dev/zero", VFS_DEV_ZERO, -1},
              {"/dev/random", VFS_DEV_URANDOM, -1},
              {"/dev/urandom", VFS_DEV_URANDOM, -1},
              {"/dev/stdin", VFS_DEV_FD, 0},
              {"/dev/stdout", VFS_DEV_FD, 1},
              {"/dev/stderr", VFS_DEV_FD, 2},
              {"/dev/fd", VFS_DEV_FDDIR, -1}};
  int rc = 0;
  for (size_t i = 0; !rc && i < sizeof(dirs) / sizeof(dirs[0]); i++) {
    rc = vfs_mkdir(fs, dirs[i].path, dirs[i].mode);
    if (!rc && dirs[i].mode != 0755)
      rc = vfs_chmod(fs, dirs[i].path, dirs[i].mode);
  }
  VFS_LOCK(fs);
  /* /usr/bin also lists the built-in commands; /bin -> usr/bin, as on
   * Debian 12 (merged /usr) */
  if (!rc) {
    vfs_walk w;
    rc = vfs__walk(fs, "/usr/bin", 0, &w);
    vfs_node *d = rc ? NULL : vfs__get_mut(fs, w.ino);
    if (d) d->dev = VFS_DEV_BINDIR;
  }
  if (!rc) { /* root's, as on a real system: the user adds nothing there */
    vfs_walk w;
    rc = vfs__walk(fs, "/dev", 0, &w);
    vfs_node *d = rc ? NULL : vfs__get_mut(fs, w.ino);
    if (d) d->uid = d->gid = 0;
  }
  VFS_UNLOCK(fs);
  if (!rc) rc = vfs_symlink(fs, "usr/bin", "/bin");
  VFS_LOCK(fs);
  for (size_t i = 0; !rc && i < sizeof(devs) / sizeof(devs[0]); i++)
    rc = add_dev(fs, devs[i].path, devs[i].dev, devs[i].fd,
                 devs[i].dev == VFS_DEV_FDDIR ? 0555 : 0666);
  VFS_UNLOCK(fs);
  return rc;
}

int vsh_fs_new(vsh_fs **out, const vsh_fs_opts *opts, vsh_error *err) {
  vsh__error_clear(err);
  *out = NULL;
  if (opts && vsh__check_version(opts->version, VSH_FS_OPTS_VERSION,
                                 "vsh_fs_opts", err))
    return VSH_EINVAL;
  vfs *fs = fs_alloc(opts ? opts->alloc : NULL);
  if (!fs)
    return vsh__error_set(err, VSH_ENOMEM, "cannot create filesystem: %s",
                          vsh_strerror(VSH_ENOMEM));
  fs->depth = 1;
  fs->next_ino = VFS_ROOT_INO;
  if (opts) {
    fs->max_bytes = opts->max_bytes;
    fs->max_inodes = opts->max_inodes;
  }
  if (opts && opts->has_seed) {
    fs->rng = opts->random_seed;
  } else if (getrandom(&fs->rng, sizeof(fs->rng), GRND_NONBLOCK) !=
             (ssize_t)sizeof(fs->rng)) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    fs->rng = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 32) ^
              (uint64_t)(uintptr_t)fs;
  }
  vfs_node *root = vfs__node_new(fs, VFS_DIR, 0755);
  int rc = root ? vfs__insert(fs, root, NULL) : VSH_ENOMEM;
  if (rc) {
    vfs__node_unref(fs, root);
  } else {
    root->u.dir.parent = VFS_ROOT_INO;
    if (!(opts && opts->bare)) rc = skeleton(fs);
  }
  if (rc) {
    vsh_fs_free(fs);
    return vsh__error_set(err, rc, "cannot create filesystem: %s",
                          vsh_strerror(rc));
  }
  *out = fs;
  return 0;
}

int vsh_fs_fork(vsh_fs **out, vsh_fs *src, vsh_error *err) {
  vsh__error_clear(err);
  *out = NULL;
  if (!src) return vsh__error_set(err, VSH_EINVAL, "fork: no filesystem");
  vfs *fs = fs_alloc(&src->al);
  if (!fs)
    return vsh__error_set(err, VSH_ENOMEM, "fork: %s",
                          vsh_strerror(VSH_ENOMEM));
  VFS_LOCK(src);
  fs->root = src->root;
  if (fs->root) atomic_fetch_add(&fs->root->rc, 1);
  fs->depth = src->depth;
  fs->next_ino = src->next_ino;
  fs->bytes = src->bytes;
  fs->inodes = src->inodes;
  fs->max_bytes = src->max_bytes;
  fs->max_inodes = src->max_inodes;
  fs->bin_names = src->bin_names;
  fs->n_bin_names = src->n_bin_names;
  memcpy(fs->ro_ino, src->ro_ino, sizeof(fs->ro_ino));
  fs->n_ro = src->n_ro;
  /* Forks draw different random streams from one seed. */
  src->rng += 0x632be59bd9b4e019ull;
  fs->rng = src->rng ^ 0x9e3779b97f4a7c15ull;
  VFS_UNLOCK(src);
  *out = fs;
  return 0;
}

void vsh_fs_free(vsh_fs *fs) {
  if (!fs) return;
  vfs__trie_unref(fs, fs->root, fs->depth);
  for (size_t i = 0; i < fs->n_open; i++)
    vfs__node_unref(fs, fs->open[i].orphan);
  vsh__free(&fs->al, fs->open, fs->cap_open * sizeof(*fs->open));
  pthread_mutex_destroy(&fs->mu);
  vsh_allocator al = fs->al;
  vsh__free(&al, fs, sizeof(*fs));
}

static int canon(vsh_buf *out, const char *path) {
  if (!path) return VSH_EINVAL;
  return vsh__path_resolve(out, "/", path, strlen(path));
}

int vsh_fs_mkdir_p(vsh_fs *fs, const char *path, vsh_error *err) {
  vsh__error_clear(err);
  vsh_buf p = {0};
  int rc = canon(&p, path);
  if (!rc) rc = vfs_mkdir_p(fs, p.data, 0755);
  vsh_buf_dispose(&p);
  return map_err(err, rc, "cannot create directory", path ? path : "");
}

int vsh_fs_write(vsh_fs *fs, const char *path, const void *data, size_t len,
                 unsigned mode, vsh_error *err) {
  vsh__error_clear(err);
  vsh_buf p = {0}, parent = {0};
  int rc = canon(&p, path);
  if (!rc) rc = vsh__path_dirname(&parent, p.data);
  if (!rc) rc = vfs_mkdir_p(fs, parent.data, 0755);
  if (rc == VSH_EEXIST) rc = VSH_ENOTDIR; /* a file where a dir must be */
  if (!rc) rc = vfs_write_file(fs, p.data, data, len, VFS_W_TRUNC, mode);
  if (!rc && mode) rc = vfs_chmod(fs, p.data, mode);
  vsh_buf_dispose(&p);
  vsh_buf_dispose(&parent);
  return map_err(err, rc, "cannot write", path ? path : "");
}

int vsh_fs_set_mtime(vsh_fs *fs, const char *path, struct timespec mtime,
                     vsh_error *err) {
  vsh__error_clear(err);
  vsh_buf p = {0};
  int rc = canon(&p, path);
  if (!rc) rc = vfs_utimens(fs, p.data, &mtime, &mtime, true);
  vsh_buf_dispose(&p);
  return map_err(err, rc, "cannot set times of", path ? path : "");
}

void vsh_fs_usage_get(vsh_fs *fs, vsh_fs_usage *out) {
  VFS_LOCK(fs);
  out->bytes = fs->bytes;
  out->inodes = fs->inodes;
  VFS_UNLOCK(fs);
}

void vsh_fs_quota_get(vsh_fs *fs, vsh_fs_quota *out) {
  VFS_LOCK(fs);
  out->max_bytes = fs->max_bytes;
  out->max_inodes = fs->max_inodes;
  VFS_UNLOCK(fs);
}

/* splitmix64: small, seedable, good enough for a test /dev/urandom. */
void vfs_random_bytes(vfs *fs, void *buf, size_t n) {
  unsigned char *p = buf;
  VFS_LOCK(fs);
  while (n) {
    uint64_t z = (fs->rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    size_t k = n < 8 ? n : 8;
    memcpy(p, &z, k);
    p += k;
    n -= k;
  }
  VFS_UNLOCK(fs);
}

const vsh_allocator *vfs_allocator(vfs *fs) { return &fs->al; }

void vfs_set_bin_names(vfs *fs, const char *const *names, size_t n) {
  VFS_LOCK(fs);
  fs->bin_names = names;
  fs->n_bin_names = n;
  VFS_UNLOCK(fs);
}
