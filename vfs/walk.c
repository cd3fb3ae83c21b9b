/* walk.c: path resolution with the lock held.  Components are consumed
 * left to right from a working buffer; a symlink splices its target in
 * front of the rest (at most VFS_SYMLOOP_MAX times), ".." follows the
 * directory's parent inode, so resolution is physical like the kernel's.
 * Host directories are listed the first time a walk enters them.  Each
 * lookup needs search permission on the directory it looks in (the last
 * component's own mode does not matter, nor a symlink's). */
#include "vfs/vfs_int.h"

#include <string.h>

/* The node every /dev/fd/N resolves to: never stored, never counted.
 * Owned by the user, as the terminal or pipe behind it is on Linux (so
 * [ -r /dev/fd/0 ] and [ -w >(cat) ] hold). */
static vfs_node fd_node = {.type = VFS_CHR,
                           .dev = VFS_DEV_FD,
                           .mode = 0620,
                           .uid = VFS_UID,
                           .gid = VFS_GID,
                           .nlink = 1,
                           .devfd = -1};
/* The node of a built-in command's entry in a bin directory. */
static vfs_node bin_node = {
    .type = VFS_REG, .dev = VFS_DEV_BIN, .mode = 0755, .nlink = 1, .devfd = -1};

bool vfs__is_bin_name(vfs *fs, const char *name, size_t n) {
  size_t lo = 0, hi = fs->n_bin_names;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const char *m = fs->bin_names[mid];
    int c = strncmp(m, name, n);
    if (c == 0) c = m[n] ? 1 : 0;
    if (c == 0) return true;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return false;
}

int vfs__materialize_dir(vfs *fs, uint64_t ino) {
  vfs_node *d = vfs__get_mut(fs, ino);
  if (!d) return VSH_ENOMEM;
  vfs_lazy *lz = d->u.dir.pending;
  if (!lz) return 0;
  int rc = vfs__host_list(fs, lz, ino);
  if (rc) return rc;
  d = vfs__get_mut(fs, ino);
  if (!d) return VSH_ENOMEM;
  d->u.dir.pending = NULL;
  vfs__lazy_unref(fs, lz);
  return 0;
}

static bool parse_fd(const char *s, size_t n, int *fd) {
  if (n == 0 || n > 9) return false;
  int v = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  *fd = v;
  return true;
}

static void set_result(vfs_walk *w, uint64_t dir, uint64_t ino, vfs_node *node,
                       const char *name, size_t n) {
  w->dir = dir;
  w->ino = ino;
  w->node = node;
  memcpy(w->name, name, n);
  w->name[n] = 0;
  w->name_len = n;
}

int vfs__walk(vfs *fs, const char *path, unsigned flags, vfs_walk *w) {
  char rem[2 * VSH_PATH_MAX + 2];
  w->devfd = -1;
  w->trailing_slash = false;
  if (!path || !*path) return VSH_ENOENT;
  if (path[0] != '/') return VSH_EINVAL;
  size_t len = strlen(path);
  if (len >= VSH_PATH_MAX) return VSH_ENAMETOOLONG;
  memcpy(rem, path, len + 1);

  uint64_t cur = VFS_ROOT_INO;
  unsigned links = 0;
  size_t pos = 0;
  for (;;) {
    while (rem[pos] == '/') pos++;
    vfs_node *dn = vfs__get(fs, cur);
    if (!dn) return VSH_ENOENT;
    if (rem[pos] == 0) { /* "/" or a path ending in a directory */
      uint64_t parent = dn->type == VFS_DIR ? dn->u.dir.parent : cur;
      set_result(w, parent, cur, dn, "", 0);
      return 0;
    }
    size_t s = pos;
    while (rem[pos] && rem[pos] != '/') pos++;
    size_t n = pos - s;
    if (n > VSH_NAME_MAX) return VSH_ENAMETOOLONG;
    size_t q = pos;
    while (rem[q] == '/') q++;
    bool last = rem[q] == 0;
    bool trailing = last && q > pos;
    const char *comp = rem + s;

    if (dn->type != VFS_DIR) return VSH_ENOTDIR;
    if (!vfs__may(dn, VFS_MAY_X)) return VSH_EACCES; /* a lookup in dn */
    if (dn->u.dir.pending) {
      int rc = vfs__materialize_dir(fs, cur);
      if (rc) return rc;
      dn = vfs__get(fs, cur);
    }
    bool dot = n == 1 && comp[0] == '.';
    bool dotdot = n == 2 && comp[0] == '.' && comp[1] == '.';
    if (dot || dotdot) {
      if (dotdot) cur = dn->u.dir.parent;
      if (last) {
        vfs_node *r = vfs__get(fs, cur);
        set_result(w, r->u.dir.parent, cur, r, comp, n);
        w->trailing_slash = trailing;
        return 0;
      }
      continue;
    }
    if (dn->dev == VFS_DEV_FDDIR) {
      int fd;
      if (!parse_fd(comp, n, &fd)) {
        if (last && (flags & WALK_PARENT)) return VSH_EACCES;
        return VSH_ENOENT;
      }
      if (!last) return VSH_ENOTDIR;
      set_result(w, cur, 0, &fd_node, comp, n);
      w->devfd = fd;
      return 0;
    }
    vfs_ent *e = vfs__dir_find(dn, comp, n, NULL);
    if (!e && dn->dev == VFS_DEV_BINDIR && vfs__is_bin_name(fs, comp, n)) {
      if (!last) return VSH_ENOTDIR;
      set_result(w, cur, 0, &bin_node, comp, n);
      return 0;
    }
    if (!e) {
      if (last && (flags & WALK_PARENT)) {
        set_result(w, cur, 0, NULL, comp, n);
        w->trailing_slash = trailing;
        return 0;
      }
      return VSH_ENOENT;
    }
    vfs_node *cn = vfs__get(fs, e->ino);
    if (!cn) return VSH_ENOENT;
    if (cn->type == VFS_LNK && (!last || trailing || (flags & WALK_FOLLOW))) {
      if (++links > VFS_SYMLOOP_MAX) return VSH_ELOOP;
      if (cn->u.lnk.len == 0) return VSH_ENOENT;
      size_t rest = strlen(rem + pos);
      if (cn->u.lnk.len + 1 + rest >= sizeof(rem)) return VSH_ENAMETOOLONG;
      memmove(rem + cn->u.lnk.len + 1, rem + pos, rest + 1);
      memcpy(rem, cn->u.lnk.target, cn->u.lnk.len);
      rem[cn->u.lnk.len] = '/';
      if (rest == 0) rem[cn->u.lnk.len] = 0; /* "a/link" -> "target" */
      if (rem[0] == '/') cur = VFS_ROOT_INO;
      pos = 0;
      continue;
    }
    if (last) {
      if (trailing && cn->type != VFS_DIR) return VSH_ENOTDIR;
      set_result(w, cur, e->ino, cn, comp, n);
      w->trailing_slash = trailing;
      return 0;
    }
    cur = e->ino;
  }
}
