/* file.c: open file handles.  A handle names an inode, not a node, so it
 * sees every later write and survives renames; each call takes the lock
 * and looks the inode up again.  A handle whose inode was unlinked reads
 * end-of-file and drops writes.  Handles must not outlive their vfs. */
#include "vfs/vfs_int.h"

#include <stdio.h>
#include <string.h>

struct vfs_file {
  vfs *fs;
  uint64_t ino;
  unsigned flags;
  uint64_t pos;
  int devfd;
  vfs_dev dev;
};

int vfs_open(vfs *fs, const char *path, unsigned flags, unsigned mode,
             vfs_file **out) {
  *out = NULL;
  vfs_walk w;
  bool excl = (flags & VFS_O_CREAT) && (flags & VFS_O_EXCL);
  unsigned wf = (flags & VFS_O_NOFOLLOW) || excl ? 0 : WALK_FOLLOW;
  if (flags & VFS_O_CREAT) wf |= WALK_PARENT;
  vfs_file *f = vsh__calloc(&fs->al, sizeof(*f));
  if (!f) return VSH_ENOMEM;
  VFS_LOCK(fs);
  int rc = vfs__walk(fs, path, wf, &w);
  if (rc) goto done;
  bool writing = (flags & (VFS_O_WRITE | VFS_O_APPEND)) != 0;
  if ((writing || (flags & (VFS_O_CREAT | VFS_O_TRUNC))) &&
      !(w.node && w.node->type == VFS_CHR) &&
      !(w.node && w.node->type == VFS_FIFO) && (rc = vfs__ro_check(fs, &w)))
    goto done;
  if (!w.node) {
    if (w.trailing_slash) {
      rc = VSH_EISDIR;
      goto done;
    }
    rc = vfs__create_reg(fs, &w, mode, &w.ino);
    if (rc) goto done;
    w.node = vfs__get(fs, w.ino);
  } else if ((flags & VFS_O_CREAT) && (flags & VFS_O_EXCL)) {
    rc = VSH_EEXIST;
    goto done;
  } else if (w.node->type == VFS_LNK) {
    rc = VSH_ELOOP; /* O_NOFOLLOW on a symlink */
    goto done;
  } else if (w.node->type == VFS_DIR && writing) {
    rc = VSH_EISDIR;
    goto done;
  } else if ((w.node->type == VFS_REG || w.node->type == VFS_DIR) &&
             !vfs__may(w.node, ((flags & VFS_O_READ) ? VFS_MAY_R : 0) |
                                   (writing ? VFS_MAY_W : 0))) {
    rc = VSH_EACCES; /* an existing file: the user's bits for the access */
    goto done;
  } else if (w.node->type == VFS_REG && (flags & VFS_O_TRUNC) && writing) {
    vfs_node *n = vfs__get_mut(fs, w.ino);
    rc = n ? vfs__replace(fs, n, NULL, 0) : VSH_ENOMEM;
    if (rc) goto done;
  }
  if (w.ino) rc = vfs__open_ref(fs, w.ino);
  if (rc) goto done;
  f->fs = fs;
  f->ino = w.ino;
  f->flags = flags;
  f->devfd = w.devfd >= 0 ? w.devfd : w.node->devfd;
  f->dev = (vfs_dev)w.node->dev;
done:
  VFS_UNLOCK(fs);
  if (rc) {
    vsh__free(&fs->al, f, sizeof(*f));
    return rc;
  }
  *out = f;
  return 0;
}

int64_t vfs_file_read(vfs_file *f, void *buf, size_t n) {
  if (!(f->flags & VFS_O_READ)) return VSH_EBADF;
  switch (f->dev) {
  case VFS_DEV_NULL:
  case VFS_DEV_BIN: return 0;
  case VFS_DEV_ZERO: memset(buf, 0, n); return (int64_t)n;
  case VFS_DEV_URANDOM: vfs_random_bytes(f->fs, buf, n); return (int64_t)n;
  case VFS_DEV_FD:
  case VFS_DEV_FDDIR:
    return VSH_EBADF; /* the shell maps these to its own descriptors */
  default: break;
  }
  vfs *fs = f->fs;
  vfs_blob *b = NULL;
  VFS_LOCK(fs);
  vfs_node *node = vfs__get(fs, f->ino);
  if (!node) node = vfs__orphan(fs, f->ino);
  int rc = 0;
  if (node && node->type == VFS_DIR) rc = VSH_EISDIR;
  else if (node && node->type == VFS_REG) rc = vfs__content(fs, node, &b);
  VFS_UNLOCK(fs);
  if (rc) return rc;
  size_t got = 0;
  if (b && f->pos < b->len) {
    got = b->len - (size_t)f->pos;
    if (got > n) got = n;
    memcpy(buf, b->data + f->pos, got);
    f->pos += got;
  }
  vfs__blob_unref(fs, b);
  return (int64_t)got;
}

int64_t vfs_file_write(vfs_file *f, const void *buf, size_t n) {
  if (!(f->flags & (VFS_O_WRITE | VFS_O_APPEND))) return VSH_EBADF;
  if (f->dev == VFS_DEV_FD || f->dev == VFS_DEV_FDDIR) return VSH_EBADF;
  if (f->dev != VFS_DEV_NONE) return (int64_t)n; /* null, zero, random */
  vfs *fs = f->fs;
  VFS_LOCK(fs);
  int rc = 0;
  vfs_node *orphan = vfs__get(fs, f->ino) ? NULL : vfs__orphan(fs, f->ino);
  if (orphan && orphan->type == VFS_REG) {
    /* Only handles can see it: write into a private copy if shared. */
    if (atomic_load(&orphan->rc) == 1) {
      uint64_t off = (f->flags & VFS_O_APPEND) ? orphan->size : f->pos;
      uint64_t before = fs->bytes;
      rc = vfs__write_at(fs, orphan, off, buf, n);
      fs->bytes = before; /* orphans do not count towards the quota */
      if (!rc) f->pos = off + n;
    }
  } else if (vfs__get(fs, f->ino)) {
    vfs_node *node = vfs__get_mut(fs, f->ino);
    if (!node) {
      rc = VSH_ENOMEM;
    } else if ((rc = vfs__settle_size(fs, f->ino, &node))) {
      /* the provider failed: nothing written */
    } else if (node->type != VFS_REG) {
      rc = VSH_EISDIR;
    } else {
      uint64_t off = (f->flags & VFS_O_APPEND) ? node->size : f->pos;
      rc = vfs__write_at(fs, node, off, buf, n);
      if (!rc) f->pos = off + n;
    }
  }
  VFS_UNLOCK(fs);
  return rc ? rc : (int64_t)n;
}

int64_t vfs_file_seek(vfs_file *f, int64_t off, int whence) {
  int64_t base = 0;
  if (whence == SEEK_CUR) {
    base = (int64_t)f->pos;
  } else if (whence == SEEK_END) {
    vfs_info st;
    int rc = vfs_file_stat(f, &st);
    if (rc) return rc;
    base = (int64_t)st.size;
  } else if (whence != SEEK_SET) {
    return VSH_EINVAL;
  }
  if (f->dev != VFS_DEV_NONE) return 0;
  int64_t np;
  if (__builtin_add_overflow(base, off, &np) || np < 0) return VSH_EINVAL;
  f->pos = (uint64_t)np;
  return np;
}

int vfs_file_stat(vfs_file *f, vfs_info *out) {
  vfs *fs = f->fs;
  if (f->ino == 0) { /* /dev/fd/N */
    memset(out, 0, sizeof(*out));
    out->type = VFS_CHR;
    out->dev = f->dev;
    out->devfd = f->devfd;
    out->mode = 0620;
    out->uid = VFS_UID;
    out->gid = VFS_GID;
    out->nlink = 1;
    return 0;
  }
  VFS_LOCK(fs);
  vfs_node *node = vfs__get(fs, f->ino);
  int rc = node ? vfs__settle_size(fs, f->ino, &node) : 0;
  if (!node) node = vfs__orphan(fs, f->ino);
  if (node && !rc) vfs__fill_stat(node, f->ino, f->devfd, out);
  VFS_UNLOCK(fs);
  return rc ? rc : node ? 0 : VSH_ENOENT;
}

int vfs_file_devfd(const vfs_file *f) {
  return f->dev == VFS_DEV_FD ? f->devfd : -1;
}

void vfs_file_close(vfs_file *f) {
  if (!f) return;
  vfs *fs = f->fs;
  if (f->ino) {
    VFS_LOCK(fs);
    vfs__open_unref(fs, f->ino);
    VFS_UNLOCK(fs);
  }
  vsh__free(&fs->al, f, sizeof(*f));
}
