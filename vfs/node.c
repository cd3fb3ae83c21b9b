/* node.c: refcounted pieces of the tree (blobs, names, lazy content,
 * nodes) and the persistent inode trie.  The trie is path-copied: before
 * a handle mutates a node it makes every trie level on the way private,
 * which bumps the shared children's counts, so "refcount == 1" reliably
 * means "only this handle can see it". */
#include "vfs/vfs_int.h"

#include <stddef.h>
#include <string.h>
#include <unistd.h>

static inline uint32_t rc_get(vsh_refcount *rc) {
  return (uint32_t)atomic_load_explicit(rc, memory_order_acquire);
}
static inline void rc_inc(vsh_refcount *rc) {
  atomic_fetch_add_explicit(rc, 1, memory_order_relaxed);
}
/* True when the count dropped to zero. */
static inline bool rc_dec(vsh_refcount *rc) {
  return atomic_fetch_sub_explicit(rc, 1, memory_order_acq_rel) == 1;
}

void vfs__now(struct timespec *ts) { clock_gettime(CLOCK_REALTIME, ts); }

vfs_blob *vfs__blob_new(vfs *fs, size_t cap) {
  size_t sz;
  if (!vsh__add_size(sizeof(vfs_blob), cap, &sz)) return NULL;
  vfs_blob *b = vsh__malloc(&fs->al, sz);
  if (!b) return NULL;
  atomic_init(&b->rc, 1);
  b->len = 0;
  b->cap = cap;
  return b;
}

void vfs__blob_unref(vfs *fs, vfs_blob *b) {
  if (b && rc_dec(&b->rc)) vsh__free(&fs->al, b, sizeof(*b) + b->cap);
}

vfs_name *vfs__name_new(vfs *fs, const char *s, size_t n) {
  vfs_name *nm = vsh__malloc(&fs->al, sizeof(vfs_name) + n + 1);
  if (!nm) return NULL;
  atomic_init(&nm->rc, 1);
  nm->len = (uint32_t)n;
  memcpy(nm->s, s, n);
  nm->s[n] = 0;
  return nm;
}

void vfs__name_unref(vfs *fs, vfs_name *nm) {
  if (nm && rc_dec(&nm->rc)) vsh__free(&fs->al, nm, sizeof(*nm) + nm->len + 1);
}

void vfs__mount_unref(vfs *fs, vfs_mount *m) {
  if (!m || !rc_dec(&m->rc)) return;
  if (m->rootfd >= 0) close(m->rootfd);
  vsh__free(&fs->al, m, sizeof(*m));
}

void vfs__lazy_unref(vfs *fs, vfs_lazy *lz) {
  if (!lz || !rc_dec(&lz->rc)) return;
  if (lz->free_ud) lz->free_ud(lz->ud);
  vfs__blob_unref(fs, lz->blob);
  vfs__mount_unref(fs, lz->mount);
  if (lz->rel) vsh__free(&fs->al, lz->rel, strlen(lz->rel) + 1);
  pthread_mutex_destroy(&lz->mu);
  vsh__free(&fs->al, lz, sizeof(*lz));
}

vfs_node *vfs__node_new(vfs *fs, vfs_type type, unsigned mode) {
  vfs_node *n = vsh__calloc(&fs->al, sizeof(*n));
  if (!n) return NULL;
  atomic_init(&n->rc, 1);
  n->type = (uint8_t)type;
  n->mode = (uint16_t)(mode & 07777);
  n->nlink = type == VFS_DIR ? 2 : 1;
  n->uid = VFS_UID;
  n->gid = VFS_GID;
  n->devfd = -1;
  vfs__now(&n->mtime);
  n->atime = n->ctime = n->mtime;
  return n;
}

static void node_dispose(vfs *fs, vfs_node *n) {
  switch (n->type) {
  case VFS_REG:
    vfs__blob_unref(fs, n->u.reg.blob);
    vfs__lazy_unref(fs, n->u.reg.lazy);
    break;
  case VFS_DIR:
    for (uint32_t i = 0; i < n->u.dir.len; i++)
      vfs__name_unref(fs, n->u.dir.ents[i].name);
    vsh__free(&fs->al, n->u.dir.ents, n->u.dir.cap * sizeof(vfs_ent));
    vfs__lazy_unref(fs, n->u.dir.pending);
    break;
  case VFS_LNK: vsh__free(&fs->al, n->u.lnk.target, n->u.lnk.len + 1); break;
  default: break;
  }
  vsh__free(&fs->al, n, sizeof(*n));
}

void vfs__node_unref(vfs *fs, vfs_node *n) {
  if (n && rc_dec(&n->rc)) node_dispose(fs, n);
}

/* A private copy of n (shallow for shared pieces). */
static vfs_node *node_copy(vfs *fs, const vfs_node *n) {
  vfs_node *c = vsh__malloc(&fs->al, sizeof(*c));
  if (!c) return NULL;
  /* Everything but the count: n may be shared with a fork whose thread
   * changes n->rc concurrently, so it is never read non-atomically. */
  size_t skip = offsetof(vfs_node, type);
  memcpy((char *)c + skip, (const char *)n + skip, sizeof(*c) - skip);
  atomic_init(&c->rc, 1);
  switch (n->type) {
  case VFS_REG:
    if (c->u.reg.blob) rc_inc(&c->u.reg.blob->rc);
    if (c->u.reg.lazy) rc_inc(&c->u.reg.lazy->rc);
    break;
  case VFS_DIR:
    c->u.dir.ents = NULL;
    if (n->u.dir.cap) {
      c->u.dir.ents = vsh__malloc(&fs->al, n->u.dir.cap * sizeof(vfs_ent));
      if (!c->u.dir.ents) {
        vsh__free(&fs->al, c, sizeof(*c));
        return NULL;
      }
      memcpy(c->u.dir.ents, n->u.dir.ents, n->u.dir.len * sizeof(vfs_ent));
      for (uint32_t i = 0; i < n->u.dir.len; i++)
        rc_inc(&c->u.dir.ents[i].name->rc);
    }
    if (c->u.dir.pending) rc_inc(&c->u.dir.pending->rc);
    break;
  case VFS_LNK:
    c->u.lnk.target = vsh__strndup(&fs->al, n->u.lnk.target, n->u.lnk.len);
    if (!c->u.lnk.target) {
      vsh__free(&fs->al, c, sizeof(*c));
      return NULL;
    }
    break;
  default: break;
  }
  return c;
}

/* ---- the trie ------------------------------------------------------ */

void vfs__trie_unref(vfs *fs, vfs_trie *t, unsigned level) {
  if (!t || !rc_dec(&t->rc)) return;
  for (unsigned i = 0; i < TRIE_FAN; i++) {
    if (!t->slot[i]) continue;
    if (level > 1) vfs__trie_unref(fs, t->slot[i], level - 1);
    else vfs__node_unref(fs, t->slot[i]);
  }
  vsh__free(&fs->al, t, sizeof(*t));
}

static unsigned slot_index(uint64_t ino, unsigned level) {
  unsigned shift = (level - 1) * TRIE_BITS;
  return shift >= 64 ? 0 : (unsigned)((ino >> shift) & TRIE_MASK);
}

vfs_node *vfs__get(vfs *fs, uint64_t ino) {
  if (ino == 0 || ino >= fs->next_ino) return NULL;
  vfs_trie *t = fs->root;
  for (unsigned level = fs->depth; t && level > 1; level--)
    t = t->slot[slot_index(ino, level)];
  return t ? t->slot[slot_index(ino, 1)] : NULL;
}

/* Makes *slot a private trie node (allocating an empty one if absent). */
static vfs_trie *trie_own(vfs *fs, vfs_trie **slot, unsigned level) {
  vfs_trie *t = *slot;
  if (!t) {
    t = vsh__calloc(&fs->al, sizeof(*t));
    if (!t) return NULL;
    atomic_init(&t->rc, 1);
    *slot = t;
    return t;
  }
  if (rc_get(&t->rc) == 1) return t;
  vfs_trie *c = vsh__malloc(&fs->al, sizeof(*c));
  if (!c) return NULL;
  atomic_init(&c->rc, 1);
  memcpy(c->slot, t->slot, sizeof(c->slot));
  for (unsigned i = 0; i < TRIE_FAN; i++) {
    if (!c->slot[i]) continue;
    if (level > 1) rc_inc(&((vfs_trie *)c->slot[i])->rc);
    else rc_inc(&((vfs_node *)c->slot[i])->rc);
  }
  vfs__trie_unref(fs, t, level);
  *slot = c;
  return c;
}

/* The leaf slot for ino, with a private path down to it. */
static void **leaf_slot(vfs *fs, uint64_t ino) {
  vfs_trie **slot = &fs->root;
  for (unsigned level = fs->depth; level > 1; level--) {
    vfs_trie *t = trie_own(fs, slot, level);
    if (!t) return NULL;
    slot = (vfs_trie **)&t->slot[slot_index(ino, level)];
  }
  vfs_trie *leaf = trie_own(fs, slot, 1);
  return leaf ? &leaf->slot[slot_index(ino, 1)] : NULL;
}

vfs_node *vfs__get_mut(vfs *fs, uint64_t ino) {
  if (!vfs__get(fs, ino)) return NULL;
  void **slot = leaf_slot(fs, ino);
  if (!slot || !*slot) return NULL;
  vfs_node *n = *slot;
  if (rc_get(&n->rc) == 1) return n;
  vfs_node *c = node_copy(fs, n);
  if (!c) return NULL;
  *slot = c;
  vfs__node_unref(fs, n);
  return c;
}

static bool depth_covers(unsigned depth, uint64_t ino) {
  unsigned bits = depth * TRIE_BITS;
  return bits >= 64 || (ino >> bits) == 0;
}

int vfs__insert(vfs *fs, vfs_node *n, uint64_t *ino_out) {
  if (fs->max_inodes && fs->inodes >= fs->max_inodes) return VSH_EDQUOT;
  uint64_t ino = fs->next_ino;
  while (!depth_covers(fs->depth, ino)) {
    vfs_trie *t = vsh__calloc(&fs->al, sizeof(*t));
    if (!t) return VSH_ENOMEM;
    atomic_init(&t->rc, 1);
    t->slot[0] = fs->root;
    fs->root = t;
    fs->depth++;
  }
  fs->next_ino = ino + 1;
  void **slot = leaf_slot(fs, ino);
  if (!slot) {
    fs->next_ino = ino; /* nothing was stored */
    return VSH_ENOMEM;
  }
  *slot = n;
  fs->inodes++;
  if (ino_out) *ino_out = ino;
  return 0;
}

void vfs__drop(vfs *fs, uint64_t ino) {
  vfs_node *n = vfs__get(fs, ino);
  if (!n) return;
  void **slot = leaf_slot(fs, ino);
  if (!slot) return; /* out of memory: the node leaks into this version */
  if (n->type == VFS_REG && !n->u.reg.lazy) fs->bytes -= n->size;
  *slot = NULL;
  fs->inodes--;
  for (size_t i = 0; i < fs->n_open; i++) {
    if (fs->open[i].ino == ino) { /* keep it for the open handles */
      vfs__node_unref(fs, fs->open[i].orphan);
      fs->open[i].orphan = n;
      return;
    }
  }
  vfs__node_unref(fs, n);
}

int vfs__open_ref(vfs *fs, uint64_t ino) {
  for (size_t i = 0; i < fs->n_open; i++) {
    if (fs->open[i].ino == ino) {
      fs->open[i].count++;
      return 0;
    }
  }
  if (fs->n_open == fs->cap_open) {
    size_t ncap = fs->cap_open ? fs->cap_open * 2 : 8;
    vfs_open_ino *o = vsh__realloc(&fs->al, fs->open, fs->cap_open * sizeof(*o),
                                   ncap * sizeof(*o));
    if (!o) return VSH_ENOMEM;
    fs->open = o;
    fs->cap_open = ncap;
  }
  fs->open[fs->n_open++] = (vfs_open_ino){.ino = ino, .count = 1};
  return 0;
}

void vfs__open_unref(vfs *fs, uint64_t ino) {
  for (size_t i = 0; i < fs->n_open; i++) {
    if (fs->open[i].ino != ino) continue;
    if (--fs->open[i].count == 0) {
      vfs__node_unref(fs, fs->open[i].orphan);
      fs->open[i] = fs->open[--fs->n_open];
    }
    return;
  }
}

vfs_node *vfs__orphan(vfs *fs, uint64_t ino) {
  for (size_t i = 0; i < fs->n_open; i++)
    if (fs->open[i].ino == ino) return fs->open[i].orphan;
  return NULL;
}

/* ---- directory entries --------------------------------------------- */

static int name_cmp(const vfs_name *a, const char *b, size_t n) {
  size_t m = a->len < n ? a->len : n;
  int c = memcmp(a->s, b, m);
  if (c) return c;
  return a->len < n ? -1 : a->len > n;
}

vfs_ent *vfs__dir_find(const vfs_node *dir, const char *name, size_t n,
                       size_t *pos) {
  size_t lo = 0, hi = dir->u.dir.len;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = name_cmp(dir->u.dir.ents[mid].name, name, n);
    if (c == 0) {
      if (pos) *pos = mid;
      return &dir->u.dir.ents[mid];
    }
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  if (pos) *pos = lo;
  return NULL;
}

int vfs__dir_add(vfs *fs, vfs_node *dir, const char *name, size_t n,
                 uint64_t ino, bool is_dir) {
  size_t pos;
  if (vfs__dir_find(dir, name, n, &pos)) return VSH_EEXIST;
  if (dir->u.dir.len == UINT32_MAX) return VSH_ENOSPC;
  if (dir->u.dir.len == dir->u.dir.cap) {
    uint32_t ncap = dir->u.dir.cap ? dir->u.dir.cap * 2 : 4;
    if (ncap < dir->u.dir.cap) ncap = UINT32_MAX;
    vfs_ent *e =
        vsh__realloc(&fs->al, dir->u.dir.ents, dir->u.dir.cap * sizeof(vfs_ent),
                     ncap * sizeof(vfs_ent));
    if (!e) return VSH_ENOMEM;
    dir->u.dir.ents = e;
    dir->u.dir.cap = ncap;
  }
  vfs_name *nm = vfs__name_new(fs, name, n);
  if (!nm) return VSH_ENOMEM;
  vfs_ent *e = dir->u.dir.ents;
  memmove(e + pos + 1, e + pos, (dir->u.dir.len - pos) * sizeof(vfs_ent));
  e[pos].name = nm;
  e[pos].ino = ino;
  dir->u.dir.len++;
  if (is_dir) {
    dir->u.dir.nsubdirs++;
    dir->nlink++;
  }
  vfs__now(&dir->mtime);
  dir->ctime = dir->mtime;
  return 0;
}

void vfs__dir_del(vfs *fs, vfs_node *dir, size_t pos, bool is_dir) {
  vfs_ent *e = dir->u.dir.ents;
  vfs__name_unref(fs, e[pos].name);
  memmove(e + pos, e + pos + 1, (dir->u.dir.len - pos - 1) * sizeof(vfs_ent));
  dir->u.dir.len--;
  if (is_dir) {
    dir->u.dir.nsubdirs--;
    dir->nlink--;
  }
  vfs__now(&dir->mtime);
  dir->ctime = dir->mtime;
}
