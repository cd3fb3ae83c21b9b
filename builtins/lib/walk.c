/* walk.c: the one directory walker of the commands (find, du, cp -r,
 * rm -r, chmod -R, tar, grep -r).  Iterative: an explicit stack of open
 * directories, so the C stack stays bounded however deep the tree; each
 * directory is listed once, in the VFS's order (names sorted by bytes). */
#include "builtins/lib/walk.h"

#include "builtins/builtins.h"

#include <stdlib.h>
#include <string.h>

typedef struct walk_frame {
  char *path, *shown;
  vfs_dirlist list;
  size_t idx;
  int depth;
  uint64_t ino;
  vfs_info st;
} walk_frame;

struct bi_walk {
  bi_ctx *b;
  bool follow, want_post;
  walk_frame *fr;
  size_t n, cap;
  bi_went cur;
  vsh_buf path, shown;
  char *root_path, *root_shown;
  int state;        /* 0: root not returned yet, 1: walking */
  bool pending_dir; /* cur is a directory to descend into */
  bool skip;
};

int bi_walk_new(bi_walk **out, bi_ctx *b, const char *abs, const char *shown,
                bool follow, bool follow_root, bool want_post) {
  bi_walk *w = calloc(1, sizeof(*w));
  if (!w) return VSH_ENOMEM;
  w->b = b;
  w->follow = follow;
  w->want_post = want_post;
  w->root_path = strdup(abs);
  w->root_shown = strdup(shown);
  if (!w->root_path || !w->root_shown) {
    bi_walk_free(w);
    return VSH_ENOMEM;
  }
  w->cur.err = vfs_stat(b->fs, abs, follow || follow_root, &w->cur.st);
  if (w->cur.err && (follow || follow_root)) {
    w->cur.link_err = w->cur.err;
    w->cur.err = vfs_stat(b->fs, abs, false, &w->cur.st);
  }
  *out = w;
  return 0;
}

void bi_walk_free(bi_walk *w) {
  if (!w) return;
  for (size_t i = 0; i < w->n; i++) {
    free(w->fr[i].path);
    free(w->fr[i].shown);
    vfs_dirlist_dispose(&w->fr[i].list);
  }
  free(w->fr);
  free(w->root_path);
  free(w->root_shown);
  vsh_buf_dispose(&w->path);
  vsh_buf_dispose(&w->shown);
  free(w);
}

void bi_walk_skip(bi_walk *w) { w->skip = true; }

static int set_cur(bi_walk *w, const char *path, const char *shown) {
  vsh__buf_clear(&w->path);
  vsh__buf_clear(&w->shown);
  if (vsh__buf_puts(&w->path, path) || vsh__buf_puts(&w->shown, shown))
    return VSH_ENOMEM;
  w->cur.path = w->path.data;
  w->cur.shown = w->shown.data;
  const char *sl = strrchr(w->cur.shown, '/');
  w->cur.name = sl && sl[1] ? sl + 1 : w->cur.shown;
  return 0;
}

static int push_frame(bi_walk *w) {
  /* descend into w->cur (a directory) */
  if (w->n == w->cap) {
    size_t nc = w->cap ? w->cap * 2 : 16;
    walk_frame *f = realloc(w->fr, nc * sizeof(*f));
    if (!f) return VSH_ENOMEM;
    w->fr = f;
    w->cap = nc;
  }
  walk_frame *f = &w->fr[w->n];
  memset(f, 0, sizeof(*f));
  f->path = strdup(w->cur.path);
  f->shown = strdup(w->cur.shown);
  if (!f->path || !f->shown) {
    free(f->path);
    free(f->shown);
    return VSH_ENOMEM;
  }
  f->depth = w->cur.depth;
  f->st = w->cur.st;
  int rc = vfs_readdir(w->b->fs, f->path, &f->list);
  w->n++;
  return rc;
}

int bi_walk_next(bi_walk *w, bi_went **out) {
  if (bi_charge(w->b, 1)) return VSH_EABORTED; /* also checks cancel */
  if (w->state == 0) {
    w->state = 1;
    if (set_cur(w, w->root_path, w->root_shown)) return VSH_ENOMEM;
    w->cur.depth = 0;
    w->cur.post = w->cur.dir_err = w->cur.loop = false;
    w->pending_dir = !w->cur.err && w->cur.st.type == VFS_DIR;
    w->skip = false;
    *out = &w->cur;
    return 1;
  }
  if (w->pending_dir && !w->skip) {
    w->pending_dir = false;
    int rc = push_frame(w);
    if (rc == VSH_ENOMEM) return rc;
    if (rc) {
      /* report, then behave as if empty */
      walk_frame *f = &w->fr[w->n - 1];
      w->cur.err = rc;
      w->cur.dir_err = true;
      w->cur.post = false;
      f->list.len = 0;
      *out = &w->cur;
      return 1;
    }
  }
  w->pending_dir = false;
  w->skip = false;
  while (w->n) {
    walk_frame *f = &w->fr[w->n - 1];
    if (f->idx < f->list.len) {
      const char *nm = f->list.items[f->idx++].name;
      size_t pl = strlen(f->path), sl = strlen(f->shown);
      vsh__buf_clear(&w->path);
      vsh__buf_clear(&w->shown);
      vsh__buf_append(&w->path, f->path, pl);
      if (!pl || f->path[pl - 1] != '/') vsh__buf_putc(&w->path, '/');
      if (vsh__buf_puts(&w->path, nm)) return VSH_ENOMEM;
      vsh__buf_append(&w->shown, f->shown, sl);
      if (!sl || f->shown[sl - 1] != '/') vsh__buf_putc(&w->shown, '/');
      if (vsh__buf_puts(&w->shown, nm)) return VSH_ENOMEM;
      w->cur.path = w->path.data;
      w->cur.shown = w->shown.data;
      w->cur.name = w->cur.shown + w->shown.len - strlen(nm);
      w->cur.depth = f->depth + 1;
      w->cur.post = w->cur.dir_err = w->cur.loop = false;
      w->cur.err = vfs_stat(w->b->fs, w->cur.path, w->follow, &w->cur.st);
      w->cur.link_err = 0;
      if (w->cur.err && w->follow) { /* dangling: show the link itself */
        w->cur.link_err = w->cur.err;
        w->cur.err = vfs_stat(w->b->fs, w->cur.path, false, &w->cur.st);
      }
      w->pending_dir = !w->cur.err && w->cur.st.type == VFS_DIR;
      if (w->pending_dir && w->follow) {
        for (size_t i = 0; i < w->n; i++)
          if (w->fr[i].st.ino == w->cur.st.ino) {
            w->cur.loop = true;
            w->pending_dir = false;
          }
      }
      *out = &w->cur;
      return 1;
    }
    /* directory done */
    w->n--;
    bool post = w->want_post;
    if (post) {
      if (set_cur(w, f->path, f->shown)) return VSH_ENOMEM;
      w->cur.depth = f->depth;
      w->cur.st = f->st;
      w->cur.err = w->cur.link_err = 0;
      w->cur.post = true;
      w->cur.dir_err = w->cur.loop = false;
    }
    free(f->path);
    free(f->shown);
    vfs_dirlist_dispose(&f->list);
    if (post) {
      *out = &w->cur;
      return 1;
    }
  }
  return 0;
}
