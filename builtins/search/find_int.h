/* find_int.h: find's expression tree and walk state, shared by find.c
 * (evaluation, actions, traversal, main) and find_parse.c (the
 * expression parser). */
#ifndef VSH_FIND_INT_H
#define VSH_FIND_INT_H

#include "builtins/builtins.h"
#include "core/pattern.h"
#include "core/regex.h"

#define FIND_MAX_NEST 128
#define FIND_BATCH_ARGS 4096
#define FIND_BATCH_BYTES (128 * 1024)

typedef enum {
  F_AND,
  F_OR,
  F_NOT,
  F_COMMA,
  F_TRUE,
  F_FALSE,
  F_NAME,
  F_PATH,
  F_LNAME,
  F_REGEX,
  F_TYPE,
  F_XTYPE,
  F_SIZE,
  F_TIME,
  F_NEWER,
  F_EMPTY,
  F_PERM,
  F_UID,
  F_GID,
  F_LINKS,
  F_INUM,
  F_ACCESS,
  F_SAMEFILE,
  F_PRUNE,
  F_PRINT,
  F_PRINT0,
  F_PRINTF,
  F_LS,
  F_EXEC,
  F_DELETE,
  F_QUIT
} fnode_kind;

typedef struct fnode fnode;
struct fnode {
  fnode_kind kind;
  fnode **kids;
  size_t nkids;
  sh_pattern *pat;
  vsh_regex *re;
  const char *str; /* -printf format, -type letters */
  char cmp;        /* '+', '-', or '=' for numeric tests */
  int64_t num;
  uint64_t unit; /* -size unit; -amin etc: seconds per unit */
  char which;    /* -Xtime: 'a', 'c', 'm' */
  struct timespec ts;
  unsigned mode;
  char perm_kind; /* 0 exact, '-' all, '/' any */
  char **argv;    /* -exec: the command words (ends before ; or +) */
  int argc;
  bool batch;       /* -exec ... {} + */
  bool in_dir, ask; /* -execdir/-okdir; -ok/-okdir */
  char **pend;      /* batched paths */
  size_t npend, pend_bytes;
  char *pend_dir; /* -execdir +: the directory of the batch */
};

typedef struct find_st {
  bi_ctx *b;
  const char **tok;
  int ntok, pos;
  int nest;
  bool depth_first, follow, follow_cmdline;
  int maxdepth, mindepth;
  bool has_action;
  bool quit;
  int status;
  int rc; /* VSH_EPIPE / VSH_EABORTED / VSH_ELIMIT: stop */
  int64_t now;
  bi_zone tz;
  const char *root; /* the start path being walked (as given) */
  fnode **execs;    /* -exec + nodes, flushed at the end */
  size_t nexecs;
  bool regex_ere; /* -regextype posix-extended/egrep */
  sh_pattern_budget pbud;
  vsh_re_budget rbud;
  bool error_shown;
  vsh_regex **res; /* compiled -regex patterns, freed at the end */
  size_t nres;
  bi_reader *answers; /* -ok: the answers on stdin */
} find_st;

/* A new node of kind k (NULL after reporting out of memory). */
fnode *find_new_node(find_st *s, fnode_kind k);
/* Reports the first error only (fmt has one %s for a); returns -1. */
int find_perr(find_st *s, const char *fmt, const char *a);
/* One n-ary node of kind k over v[0..n). */
fnode *find_join(find_st *s, fnode_kind k, fnode **v, size_t n);
/* The whole expression from s->tok[s->pos] on (NULL on error). */
fnode *find_parse_or(find_st *s);

#endif /* VSH_FIND_INT_H */
