/* vfs.h: the in-memory copy-on-write filesystem, as other folders see it.
 * A vfs handle (the public vsh_fs) is one mutable view over persistent,
 * refcounted versions; every call below locks the handle for its whole
 * duration, so each is atomic for concurrent threads.  Paths are absolute
 * (callers join relative paths to their cwd first) and are resolved
 * physically: ".." after a symlink goes to the target's parent.  Every
 * call acts as the sandbox user (vfs_may): resolving needs search on each
 * directory passed, listing needs read, adding or removing an entry needs
 * write and search on its directory (EACCES), as for a non-root user. */
#ifndef VSH_VFS_H
#define VSH_VFS_H

#include "core/core.h"

typedef struct vsh_fs vfs;

typedef enum vfs_type {
  VFS_NONE = 0,
  VFS_REG = 1,
  VFS_DIR = 2,
  VFS_LNK = 3,
  VFS_CHR = 4, /* a device */
  VFS_FIFO = 5 /* a named pipe: no bytes of its own; the shell joins the
                  ends that open it (shell/stream.c) */
} vfs_type;

typedef enum vfs_dev {
  VFS_DEV_NONE = 0,
  VFS_DEV_NULL,
  VFS_DEV_ZERO,
  VFS_DEV_URANDOM,
  VFS_DEV_FD,     /* /dev/stdin|stdout|stderr, /dev/fd/N: see devfd */
  VFS_DEV_FDDIR,  /* the /dev/fd directory */
  VFS_DEV_BINDIR, /* /bin, /usr/bin: also lists the built-in commands */
  VFS_DEV_BIN     /* a built-in command's entry there (no bytes) */
} vfs_dev;

#define VFS_ROOT_INO 1
#define VFS_SYMLOOP_MAX 40
#define VFS_UID 1000
#define VFS_GID 1000

typedef struct vfs_info { /* stat(2)-like; vfs_stat() fills it */
  uint64_t ino;
  vfs_type type;
  vfs_dev dev;
  int devfd;     /* for VFS_DEV_FD: the fd number */
  unsigned mode; /* permission bits (07777) */
  uint32_t nlink;
  uint32_t uid, gid;
  uint64_t size; /* bytes; symlink: target length */
  struct timespec atime, mtime, ctime;
  bool host;      /* content comes from a host mount (not yet copied) */
  bool lazy;      /* content from a provider, not read yet */
  bool host_mode; /* mode bits read from a host mount, unchanged since */
} vfs_info;

/* ---- permissions ---------------------------------------------------- */

enum { VFS_MAY_X = 1, VFS_MAY_W = 2, VFS_MAY_R = 4 };
/* Whether the sandbox user (VFS_UID, VFS_GID: not root) may read, write
 * or search/execute (VFS_MAY_* bits, all of them) what mode, uid and gid
 * describe: the owner's, group's or others' bits, as the kernel checks
 * them for an ordinary user.  A host mount is copy-on-write: writing it
 * never reaches the host, so the host's write bits (a read-only checkout,
 * a harness's copy of a read-only tree) do not bind the sandbox until a
 * script changes the node's mode itself (host_mode). */
static inline bool vfs_may(unsigned mode, uint32_t uid, uint32_t gid,
                           bool host_mode, unsigned want) {
  if (host_mode) mode |= 0222;
  if (uid == VFS_UID) return ((mode >> 6) & want) == want;
  if (gid == VFS_GID) return ((mode >> 3) & want) == want;
  return (mode & want) == want;
}

/* ---- path operations ----------------------------------------------- */

int vfs_stat(vfs *fs, const char *path, bool follow, vfs_info *out);
bool vfs_exists(vfs *fs, const char *path); /* follows; never fails */
/* Whole-file read (follows).  EISDIR for a directory; /dev/null reads
 * empty; other devices EINVAL. */
int vfs_read_file(vfs *fs, const char *path, vsh_buf *out);

/* A creation mode with this bit is taken as is, even 0 (a umask of 0777
 * gives that); without it 0 means the default (0644, a directory 0755). */
#define VFS_MODE_EXACT (1u << 16)

enum {
  VFS_W_TRUNC = 1u << 0,  /* replace content */
  VFS_W_APPEND = 1u << 1, /* append */
  VFS_W_EXCL = 1u << 2,   /* fail with EEXIST if it exists */
  VFS_W_NOCREAT = 1u << 3 /* fail with ENOENT if missing */
};
/* Creates (mode & 07777, 0 means 0644; see VFS_MODE_EXACT) or writes a regular file; follows
 * symlinks, including a dangling one.  Writes to /dev/null are dropped.
 * All or nothing: a quota failure leaves the old content. */
int vfs_write_file(vfs *fs, const char *path, const void *data, size_t n,
                   unsigned flags, unsigned mode);

int vfs_mkdir(vfs *fs, const char *path, unsigned mode);   /* EEXIST */
int vfs_mkdir_p(vfs *fs, const char *path, unsigned mode); /* tolerant */

typedef struct vfs_dirent {
  char *name;
  uint64_t ino;
  vfs_type type;
} vfs_dirent;
typedef struct vfs_dirlist {
  vfs_dirent *items; /* sorted by bytes; no "." or ".." */
  size_t len;
} vfs_dirlist;
int vfs_readdir(vfs *fs, const char *path, vfs_dirlist *out); /* follows */
void vfs_dirlist_dispose(vfs_dirlist *l);

int vfs_unlink(vfs *fs, const char *path); /* not a directory: EISDIR */
int vfs_rmdir(vfs *fs, const char *path);  /* empty directory only */
/* rm -r: removes path (not following a final symlink) and everything
 * beneath it. */
int vfs_remove_tree(vfs *fs, const char *path);
/* rename(2): replaces a file, or an empty directory with a directory;
 * EINVAL for moving a directory beneath itself. */
int vfs_rename(vfs *fs, const char *from, const char *to);
int vfs_link(vfs *fs, const char *existing, const char *newpath);
int vfs_symlink(vfs *fs, const char *target, const char *linkpath);
int vfs_mkfifo(vfs *fs, const char *path, unsigned mode); /* EEXIST */
int vfs_readlink(vfs *fs, const char *path, vsh_buf *out);
int vfs_chmod(vfs *fs, const char *path, unsigned mode); /* follows */
/* NULL times mean "now"; follow selects lutimes behaviour. */
int vfs_utimens(vfs *fs, const char *path, const struct timespec *atime,
                const struct timespec *mtime, bool follow);
int vfs_truncate(vfs *fs, const char *path, uint64_t size);
/* Physical canonical path: every symlink resolved.  When missing_ok, the
 * last component may be missing (realpath -m style for one level). */
int vfs_realpath(vfs *fs, const char *path, bool missing_ok, vsh_buf *out);
/* Copies a regular file's bytes to dst (shares them: O(1) memory). */
int vfs_copy_file(vfs *fs, const char *src, const char *dst, bool preserve);

/* ---- file handles --------------------------------------------------- */

enum {
  VFS_O_READ = 1u << 0,
  VFS_O_WRITE = 1u << 1,
  VFS_O_CREAT = 1u << 2,
  VFS_O_EXCL = 1u << 3,
  VFS_O_TRUNC = 1u << 4,
  VFS_O_APPEND = 1u << 5,
  VFS_O_NOFOLLOW = 1u << 6
};
typedef struct vfs_file vfs_file;
/* Opens a file or device; directories give EISDIR when writing.  A
 * handle names the inode, so it follows renames; reads see later
 * writes. */
int vfs_open(vfs *fs, const char *path, unsigned flags, unsigned mode,
             vfs_file **out);
/* >= 0 bytes (0 at end), or a negative vsh_err. */
int64_t vfs_file_read(vfs_file *f, void *buf, size_t n);
int64_t vfs_file_write(vfs_file *f, const void *buf, size_t n);
int64_t vfs_file_seek(vfs_file *f, int64_t off, int whence);
int vfs_file_stat(vfs_file *f, vfs_info *out);
/* The fd a /dev/stdin|stdout|stderr|fd/N handle stands for, else -1. */
int vfs_file_devfd(const vfs_file *f);
void vfs_file_close(vfs_file *f);

/* ---- whole filesystem ---------------------------------------------- */

/* The names the bin directories show besides their real entries (a
 * sorted constant table owned by the caller, e.g. the builtin registry;
 * forks inherit it). */
void vfs_set_bin_names(vfs *fs, const char *const *names, size_t n);

/* The RNG behind /dev/urandom (seedable for tests). */
void vfs_random_bytes(vfs *fs, void *buf, size_t n);
const vsh_allocator *vfs_allocator(vfs *fs);

#endif /* VSH_VFS_H */
