/* path.h: operand paths: joining and base names, cp/mv/ln's target
 * directory, and canonical paths (readlink -f, realpath) resolved through
 * the VFS.  Results live on the exec's arena unless said otherwise.  Part
 * of the command library (lib.h). */
#ifndef VSH_BUILTINS_LIB_PATH_H
#define VSH_BUILTINS_LIB_PATH_H

#include "shell/command.h"

/* dir + "/" + name without doubling the slash (arena). */
char *bi_path_join(bi_ctx *b, const char *dir, const char *name);
/* The last component of s without trailing slashes ("a/b/" -> "b"),
 * for building DIR/base (arena). */
const char *bi_base_name(bi_ctx *b, const char *s);
/* True for "." and "..". */
bool bi_is_dot_or_dotdot(const char *name);
/* cp and mv operands: SRC DEST, SRC... DIR, -t DIR SRC..., -T SRC DEST.
 * On success *n counts the sources and *dir is the directory they go
 * into, with *dabs its absolute path (*dir NULL: ops[0] goes to ops[1]).
 * Returns 0, or the exit status after GNU's message. */
int bi_target_dir(bi_ctx *b, char **ops, int *n, const char *target,
                  bool no_target, const char **dir, const char **dabs);

/* readlink -f/-e/-m and realpath: resolve every symlink of an absolute
 * path.  BI_CANON_EXISTING: all components must exist; ALL_BUT_LAST: the
 * last may be missing; MISSING: none need exist.  0 or a vsh_err. */
enum { BI_CANON_EXISTING, BI_CANON_ALL_BUT_LAST, BI_CANON_MISSING };
int bi_canon_path(bi_ctx *b, const char *abs, int mode, vsh_buf *out);
/* cwd + "/" + p without lexical ".." folding (which would be wrong
 * across symlinks); for bi_canon_path (arena). */
const char *bi_raw_path(bi_ctx *b, const char *p);

/* GNU's backups of a destination about to be replaced (cp, mv, ln,
 * install: -b, --backup[=CONTROL], -S SUFFIX, VERSION_CONTROL and
 * SIMPLE_BACKUP_SUFFIX).  Zero-initialise, feed the options, then
 * bi_backup_finish. */
enum {
  BI_BACKUP_NONE,
  BI_BACKUP_SIMPLE,
  BI_BACKUP_EXISTING,
  BI_BACKUP_NUMBERED,
};
typedef struct bi_backup {
  int mode;            /* BI_BACKUP_* */
  const char *suffix;  /* the simple backups' */
  const char *control; /* --backup's argument */
  bool asked;          /* -b, --backup or -S */
} bi_backup;
/* One option of a command's loop: -b, the command's own code for
 * --backup[=CONTROL] (backup_opt), or -S SUFFIX; false for any other. */
bool bi_backup_opt(bi_backup *bk, int c, int backup_opt, const char *arg);
/* After the options: the control from --backup=, else $VERSION_CONTROL,
 * else existing; the suffix from -S, else $SIMPLE_BACKUP_SUFFIX, else
 * "~".  0, or 1 after GNU's message for a bad control. */
int bi_backup_finish(bi_ctx *b, bi_backup *bk);
/* Renames the existing abs (shown as shown) to its backup name; *out is
 * the backup as shown (arena).  0 or a vsh_err. */
int bi_backup_make(bi_ctx *b, const bi_backup *bk, const char *abs,
                   const char *shown, const char **out);
/* --reference=RFILE (chmod, chown, chgrp, touch -r): stats it, following
 * symlinks; false after GNU's "failed to get attributes of" message. */
bool bi_stat_reference(bi_ctx *b, const char *ref, vfs_info *st);

#endif /* VSH_BUILTINS_LIB_PATH_H */
