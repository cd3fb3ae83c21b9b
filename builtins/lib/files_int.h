/* files_int.h: helpers shared by the file commands of builtins/ (ls, cp,
 * stat, find, du, ...): mode strings, calendar time without libc's TZ
 * machinery, GNU-style quoting in messages, human sizes, date parsing,
 * block counts.  Private to builtins/. */
#ifndef VSH_BUILTINS_FILES_INT_H
#define VSH_BUILTINS_FILES_INT_H

#include "builtins/builtins.h"
#include "core/tz.h"

/* GNU's shell-escape quoting for messages: 'a b', "it's" (arena). */
const char *fu_quote(bi_ctx *b, const char *s);
/* -i: "PROG: overwrite 'NAME'? " on stderr, then one line of stdin; true
 * when it starts with y or Y (GNU's yes-or-no; no answer is no). */
bool fu_ask_overwrite(bi_ctx *b, const char *name);

/* "drwxr-xr-x" (10 chars + NUL). */
void fu_mode_string(const vfs_info *st, char out[11]);
char fu_type_char(vfs_type t); /* '-', 'd', 'l', 'c' */
/* 512-byte blocks as a 4 KiB-block filesystem would report them. */
uint64_t fu_blocks(const vfs_info *st);
const char *fu_user_name(uint32_t uid);
const char *fu_group_name(uint32_t gid);

/* Broken-down time at a fixed offset (see fu_zone for $TZ). */
typedef struct fu_tm {
  int64_t year;
  int mon, mday, hour, min, sec, wday, yday; /* mon 0-11, wday 0=Sun */
  long off;                                   /* seconds east of UTC */
} fu_tm;

/* The zone of $TZ (tz.c over core/tz.c). */
typedef vsh__zone fu_zone;
/* utc: ignore $TZ (date -u). */
void fu_zone_init(bi_ctx *b, bool utc, fu_zone *out);
#define fu_zone_offset vsh__zone_offset
#define fu_zone_local vsh__zone_local
/* One-off forms of the two for $TZ. */
long fu_tz_offset_at(bi_ctx *b, int64_t t);
bool fu_tz_local(bi_ctx *b, int64_t local, int64_t *out);
void fu_localtime(int64_t t, long off, fu_tm *out);
#define fu_days_from_civil vsh__days_from_civil
extern const char *const fu_months[12];
extern const char *const fu_days[7];
struct timespec fu_now(void);
/* "2024-01-02 03:04:05.000000000 +0000" */
void fu_fmt_full(bi_ctx *b, struct timespec ts, char *out, size_t n);

/* Parses touch -d / date-like strings: @EPOCH, "YYYY-MM-DD[ T]HH:MM[:SS[.f]]"
 * with an optional Z / +hh:mm, "YYYY-MM-DD", "now", "today", "yesterday",
 * "N units ago".  Local time is $TZ's offset.  false if unknown. */
bool fu_parse_date(bi_ctx *b, const char *s, struct timespec *out);

/* "1.5K", "12M" as ls -h / du -h print them (ceiling, powers of 1024). */
void fu_human(uint64_t n, char *out, size_t cap);

/* dir + "/" + name without doubling the slash (arena). */
char *fu_join(bi_ctx *b, const char *dir, const char *name);
/* The last component of s without trailing slashes ("a/b/" -> "b"),
 * for building DIR/base (arena). */
const char *fu_base_name(bi_ctx *b, const char *s);
/* cp and mv operands: SRC DEST, SRC... DIR, -t DIR SRC..., -T SRC DEST.
 * On success *n counts the sources and *dir is the directory they go
 * into, with *dabs its absolute path (*dir NULL: ops[0] goes to ops[1]).
 * Returns 0, or the exit status after GNU's message. */
int fu_target_dir(bi_ctx *b, char **ops, int *n, const char *target,
                  bool no_target, const char **dir, const char **dabs);
/* Number of components in an absolute normalised path. */
bool fu_is_dot_or_dotdot(const char *name);

/* Parses a chmod mode ("755", "u+x,go-w", "a=r") against an old mode;
 * is_dir matters for X.  false if invalid. */
bool fu_parse_mode(const char *s, unsigned old, bool is_dir, unsigned umask,
                   unsigned *out);

/* GNU's quote() in UTF-8 locales: curly quotes (‘x’), used by some
 * messages (invalid mode, cannot create directory) instead of 'x'. */
const char *fu_cquote(bi_ctx *b, const char *s);

/* An iterative tree walk (bounded C stack however deep the tree):
 * entries come in pre-order, and with want_post a directory comes again
 * (post = true) after its contents.  Paths are valid until the next call.
 * The root is returned first (depth 0). */
typedef struct fu_went {
  const char *path;  /* absolute */
  const char *shown; /* as the user would see it (operand + "/" + ...) */
  const char *name;  /* last component of shown */
  int depth;
  vfs_info st;
  int err;   /* stat failed (st invalid), or a readdir error when dir_err */
  bool dir_err; /* reading this directory failed (comes after its pre) */
  bool post;
  bool loop; /* -L: this directory is one of its ancestors */
} fu_went;

typedef struct fu_walk fu_walk;
/* follow: stat through symlinks (find -L, du -L); follow_root: the root
 * only (find -H, cp/ls operands). */
int fu_walk_new(fu_walk **out, bi_ctx *b, const char *abs, const char *shown,
                bool follow, bool follow_root, bool want_post);
/* 1 with *out set, 0 at the end, negative on cancel/ENOMEM. */
int fu_walk_next(fu_walk *w, fu_went **out);
/* Do not descend into the directory just returned (find -prune,
 * -maxdepth). */
void fu_walk_skip(fu_walk *w);
void fu_walk_free(fu_walk *w);

/* readlink -f/-e/-m and realpath: resolve every symlink of an absolute
 * path.  FU_CANON_EXISTING: all components must exist; ALL_BUT_LAST: the
 * last may be missing; MISSING: none need exist.  0 or a vsh_err. */
enum { FU_CANON_EXISTING, FU_CANON_ALL_BUT_LAST, FU_CANON_MISSING };
int fu_canon(bi_ctx *b, const char *abs, int mode, vsh_buf *out);
/* cwd + "/" + p without lexical ".." folding (which would be wrong
 * across symlinks); for fu_canon (arena). */
const char *fu_raw_path(bi_ctx *b, const char *p);

#endif /* VSH_BUILTINS_FILES_INT_H */
