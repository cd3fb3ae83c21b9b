/* walk.h: the one directory walker of the commands (find, du, cp -r,
 * rm -r, chmod -R, tar, grep -r).  Iterative, so the C stack stays bounded
 * however deep the tree.  Part of the command library (lib.h).
 *
 * Order: pre-order, each directory's entries in the VFS's order (names
 * sorted by bytes); with want_post a directory comes again after its
 * contents.  Symlinks: follow stats through every link (find -L, du -L,
 * grep -R), follow_root through the root only (find -H, grep -r and cp's
 * operands); otherwise a link is an entry of type VFS_LNK.  A followed
 * link that is dangling comes as the link itself; one to an ancestor comes
 * with loop set and is not entered.  Errors are entries, not callbacks:
 * err for a failed stat, dir_err for a directory that cannot be read
 * (after its pre entry; it is then treated as empty).  Each step charges
 * the work budget and checks cancellation. */
#ifndef VSH_BUILTINS_LIB_WALK_H
#define VSH_BUILTINS_LIB_WALK_H

#include "shell/command.h"

/* One entry of a walk; its strings are valid until the next call. */
typedef struct bi_went {
  const char *path;  /* absolute */
  const char *shown; /* as the user would see it (operand + "/" + ...) */
  const char *name;  /* last component of shown */
  int depth;         /* the root is 0 */
  vfs_info st;
  int err;      /* stat failed (st invalid), or a readdir error when dir_err */
  int link_err; /* a followed link that could not be followed: why
                   (VSH_ENOENT dangling, VSH_ELOOP); st is the link's */
  bool dir_err; /* reading this directory failed (comes after its pre) */
  bool post;    /* the second visit of a directory (want_post) */
  bool loop;    /* followed: this directory is one of its ancestors */
} bi_went;

typedef struct bi_walk bi_walk;
/* Starts a walk at abs, shown as shown; the flags as above. */
int bi_walk_new(bi_walk **out, bi_ctx *b, const char *abs, const char *shown,
                bool follow, bool follow_root, bool want_post);
/* 1 with *out set, 0 at the end, negative on cancel, work limit, ENOMEM. */
int bi_walk_next(bi_walk *w, bi_went **out);
/* Does not descend into the directory just returned (find -prune,
 * -maxdepth, grep --exclude-dir). */
void bi_walk_skip(bi_walk *w);
/* Ends a walk at any point. */
void bi_walk_free(bi_walk *w);

#endif /* VSH_BUILTINS_LIB_WALK_H */
