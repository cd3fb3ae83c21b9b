/* vfs_int.h: private to vfs/.  The tree is an inode table (a persistent
 * 32-way radix trie keyed by inode number) whose leaves are refcounted
 * nodes; directories map names to inode numbers.  A version is the trie
 * root plus counters; a fork retains the root.  Anything reachable with
 * refcount 1 along the whole path from the root is private to this handle
 * and is mutated in place; anything else is copied first. */
#ifndef VSH_VFS_INT_H
#define VSH_VFS_INT_H

#include "vfs/vfs.h"

#include <pthread.h>

#define TRIE_BITS 5
#define TRIE_FAN (1u << TRIE_BITS)
#define TRIE_MASK (TRIE_FAN - 1)
#define TRIE_MAX_DEPTH 13 /* 65 bits: every uint64_t inode fits */

/* Immutable once shared (rc > 1); private bytes may grow in place. */
typedef struct vfs_blob {
  vsh_refcount rc;
  size_t len, cap;
  char data[];
} vfs_blob;

/* An interned directory-entry name, shared between copies of a dir. */
typedef struct vfs_name {
  vsh_refcount rc;
  uint32_t len;
  char s[];
} vfs_name;

typedef struct vfs_mount {
  vsh_refcount rc;
  int rootfd;
  bool allow_symlinks;
  uint64_t max_file_size;
} vfs_mount;

enum { LAZY_USER = 1, LAZY_HOST_FILE, LAZY_HOST_DIR };

/* Content that arrives later: a user provider or a host file/dir.  Shared
 * by every fork; the first reader loads it once under its own mutex. */
typedef struct vfs_lazy {
  vsh_refcount rc;
  int kind;
  pthread_mutex_t mu;
  bool done;
  int err;
  vfs_blob *blob;
  vsh_lazy_fn fn;
  void *ud;
  void (*free_ud)(void *ud);
  vfs_mount *mount;
  char *rel; /* host path relative to the mount root ("." for it) */
} vfs_lazy;

typedef struct vfs_ent {
  vfs_name *name;
  uint64_t ino;
} vfs_ent;

typedef struct vfs_node {
  vsh_refcount rc;
  uint8_t type;   /* vfs_type */
  uint8_t dev;    /* vfs_dev */
  uint16_t mode;  /* 07777 */
  bool host_mode; /* the mode is a host mount's, not set in the sandbox */
  uint32_t nlink;
  uint32_t uid, gid;
  int32_t devfd;
  struct timespec atime, mtime, ctime;
  uint64_t size; /* REG: logical length; counted in quota if owned */
  union {
    struct {
      vfs_blob *blob; /* NULL: empty, or lazy */
      vfs_lazy *lazy; /* set until the content is owned */
    } reg;
    struct {
      vfs_ent *ents; /* sorted by name bytes */
      uint32_t len, cap;
      uint32_t nsubdirs;
      uint64_t parent;
      vfs_lazy *pending; /* host directory not listed yet */
    } dir;
    struct {
      char *target;
      size_t len;
    } lnk;
  } u;
} vfs_node;

/* A creation mode: mode's bits, or dflt for 0 without VFS_MODE_EXACT. */
static inline unsigned vfs__mode(unsigned mode, unsigned dflt) {
  return (mode & (VFS_MODE_EXACT | 07777)) ? mode & 07777 : dflt;
}

/* vfs_may for a node. */
static inline bool vfs__may(const vfs_node *n, unsigned want) {
  return vfs_may(n->mode, n->uid, n->gid, n->host_mode, want);
}

typedef struct vfs_trie {
  vsh_refcount rc;
  void *slot[TRIE_FAN];
} vfs_trie;

/* An inode with open handles; when its last link goes, the node moves
 * here (orphan) so the handles keep working until the last close. */
typedef struct vfs_open_ino {
  uint64_t ino;
  uint32_t count;
  vfs_node *orphan;
} vfs_open_ino;

struct vsh_fs {
  pthread_mutex_t mu;
  vsh_allocator al;
  /* the current version */
  vfs_trie *root;
  unsigned depth; /* levels; inode < 32^depth */
  uint64_t next_ino;
  uint64_t bytes, inodes;
  /* settings */
  uint64_t max_bytes, max_inodes;
  uint64_t rng;
  const char *const *bin_names; /* sorted; shown in VFS_DEV_BINDIR dirs */
  size_t n_bin_names;
  /* read-only mounts: their directories' inodes (forks keep them) */
  uint64_t ro_ino[16];
  unsigned n_ro;
  /* handles of this vfs (not shared with forks) */
  vfs_open_ino *open;
  size_t n_open, cap_open;
};

/* ---- node.c -------------------------------------------------------- */
vfs_blob *vfs__blob_new(vfs *fs, size_t cap);
void vfs__blob_unref(vfs *fs, vfs_blob *b);
vfs_name *vfs__name_new(vfs *fs, const char *s, size_t n);
void vfs__name_unref(vfs *fs, vfs_name *nm);
void vfs__lazy_unref(vfs *fs, vfs_lazy *lz);
void vfs__mount_unref(vfs *fs, vfs_mount *m);
vfs_node *vfs__node_new(vfs *fs, vfs_type type, unsigned mode);
void vfs__node_unref(vfs *fs, vfs_node *n);
void vfs__trie_unref(vfs *fs, vfs_trie *t, unsigned level);
/* Borrowed node for ino, or NULL. */
vfs_node *vfs__get(vfs *fs, uint64_t ino);
/* A node for ino that this handle owns exclusively (copying the trie
 * path and the node as needed); NULL on ENOMEM or a missing ino. */
vfs_node *vfs__get_mut(vfs *fs, uint64_t ino);
/* Stores n (taking the caller's reference) under a new inode number. */
int vfs__insert(vfs *fs, vfs_node *n, uint64_t *ino_out);
/* Drops ino from the table (the node is released, or kept as an orphan
 * while handles are open on it). */
void vfs__drop(vfs *fs, uint64_t ino);
/* Open-handle bookkeeping (lock held). */
int vfs__open_ref(vfs *fs, uint64_t ino);
void vfs__open_unref(vfs *fs, uint64_t ino);
/* The orphaned node of an unlinked open inode, or NULL. */
vfs_node *vfs__orphan(vfs *fs, uint64_t ino);
void vfs__now(struct timespec *ts);

/* Directory entries (dir must be owned via vfs__get_mut). */
vfs_ent *vfs__dir_find(const vfs_node *dir, const char *name, size_t n,
                       size_t *pos);
int vfs__dir_add(vfs *fs, vfs_node *dir, const char *name, size_t n,
                 uint64_t ino, bool is_dir);
void vfs__dir_del(vfs *fs, vfs_node *dir, size_t pos, bool is_dir);

/* ---- walk.c -------------------------------------------------------- */
enum {
  WALK_FOLLOW = 1u << 0, /* follow a symlink in the last component */
  WALK_PARENT = 1u << 1  /* the last component may be missing */
};
typedef struct vfs_walk {
  uint64_t dir;   /* inode of the directory holding the last name */
  uint64_t ino;   /* 0 when missing (WALK_PARENT) */
  vfs_node *node; /* borrowed; NULL when missing */
  char name[VSH_NAME_MAX + 1]; /* last component ("" for "/") */
  size_t name_len;
  bool trailing_slash;
  int devfd; /* /dev/fd/N, else -1 */
} vfs_walk;
/* Resolves path (absolute) under the lock. */
int vfs__walk(vfs *fs, const char *path, unsigned flags, vfs_walk *w);
/* True when name is one of the bin names. */
bool vfs__is_bin_name(vfs *fs, const char *name, size_t n);
/* Lists a pending host directory into the tree (lock held). */
int vfs__materialize_dir(vfs *fs, uint64_t ino);

/* ---- host.c -------------------------------------------------------- */
/* The bytes of a lazy file (loads once); returns a retained blob or NULL
 * for empty content. */
int vfs__lazy_load(vfs *fs, vfs_lazy *lz, vfs_blob **out);
/* Lists a host directory, creating child nodes in fs. */
int vfs__host_list(vfs *fs, vfs_lazy *lz, uint64_t dir_ino);

/* ---- ops.c --------------------------------------------------------- */
/* The content of a regular node as a retained blob (NULL: empty). */
int vfs__content(vfs *fs, vfs_node *n, vfs_blob **out);
/* Makes n's content owned and private with room for cap bytes. */
int vfs__own_content(vfs *fs, vfs_node *n, size_t cap);
/* Quota check-and-apply for an owned size change (ENOSPC past max). */
int vfs__charge(vfs *fs, uint64_t old_size, uint64_t new_size, bool owned);
/* Writes at off into a private regular node (zero-filling a gap). */
int vfs__write_at(vfs *fs, vfs_node *n, uint64_t off, const void *data,
                  size_t len);
/* Replaces all bytes of a private regular node. */
int vfs__replace(vfs *fs, vfs_node *n, const void *data, size_t len);
void vfs__fill_stat(const vfs_node *n, uint64_t ino, int devfd, vfs_info *st);
/* Creates an empty regular file where a WALK_PARENT walk found none. */
int vfs__create_reg(vfs *fs, const vfs_walk *w, unsigned mode, uint64_t *ino);

/* A lazy file whose size is not known until its provider runs
 * (VSH_LAZY_SIZE_UNKNOWN): stat and writes provide it first. */
#define VFS_SIZE_UNKNOWN UINT64_MAX
/* Under the lock: when the node at ino is a lazy file of unknown size,
 * runs its provider and makes the bytes its own, so its size is real;
 * *n is then the (private) node. */
int vfs__settle_size(vfs *fs, uint64_t ino, vfs_node **n);
/* Under the lock: VSH_EROFS when a change at w (an entry of w->dir, or
 * the directory w names) lies beneath a read-only mount, else 0. */
int vfs__ro_check(vfs *fs, const struct vfs_walk *w);

#define VFS_LOCK(fs) pthread_mutex_lock(&(fs)->mu)
#define VFS_UNLOCK(fs) pthread_mutex_unlock(&(fs)->mu)

#endif /* VSH_VFS_INT_H */
