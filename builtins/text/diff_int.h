/* diff_int.h: what diff.c shares with diff_fmt.c (the GNU line and
 * group formats): options, a loaded file split into lines, a hunk.
 * Private to builtins/text. */
#ifndef VSH_BUILTINS_DIFF_INT_H
#define VSH_BUILTINS_DIFF_INT_H

#include "builtins/builtins.h"

#define DF_MAX_FN 8 /* -F patterns kept */

/* line format kinds, then group format kinds */
enum { DF_OLD, DF_NEW, DF_UNCHANGED, DF_NLFMT };
enum { DF_G_OLD, DF_G_NEW, DF_G_CHANGED, DF_G_UNCHANGED, DF_NGFMT };

typedef struct df_opts {
  bool unified, brief, recursive, new_file, icase, ispace, iallspace, text;
  bool minimal;         /* -d: no setting aside, no giving up */
  bool context_fmt;     /* -c, -C N: the context format */
  bool report_same;     /* -s */
  bool ignore_blank;    /* -B: changes of blank lines only are no changes */
  const char *label[2]; /* --label: header names instead of name and time */
  long context;
  const char *argv_opts;         /* "-ru" for the "diff -ru a b" lines */
  bool expand_tabs, initial_tab; /* -t, -T */
  bool ed, rcs, normal;          /* -e, -n, --normal */
  char style;                    /* the output style named: u c e n N y */
  bool side, left_column, suppress_common; /* -y, --left-column, ... */
  long width, tabsize;                     /* -W, --tabsize */
  bool byte_locale;
  bool strip_cr; /* --strip-trailing-cr */
  /* --{old,new,unchanged}-line-format, then the group formats
   * --{old,new,changed,unchanged}-group-format; any set: df_fmt_out */
  const char *lfmt[DF_NLFMT], *gfmt[DF_NGFMT];
  bool fmt;
  struct vsh_regex *fn_re[DF_MAX_FN]; /* -F RE, -p: function lines */
  int nfn;
} df_opts;

typedef struct df_file {
  const char *name;
  vsh_buf data;
  const char **line;
  size_t *len;
  int *id;
  size_t n;
  bool nonl; /* last line lacks its newline */
  struct timespec mtime;
  bool expand_tabs, initial_tab; /* -t, -T: how its lines are written */
  size_t tabsize;                /* --tabsize */
} df_file;

typedef struct df_hunk {
  size_t a0, a1, b0, b1;
} df_hunk; /* [a0,a1) [b0,b1) */

/* Writes the whole comparison as the line and group formats say (GNU's
 * defaults for those not given: "%l\n" per line; %<, %>, %<%>, %= per
 * group), the equal stretches included. */
void df_fmt_out(vsh_buf *o, const df_opts *op, const df_file *a,
                const df_file *b2, const df_hunk *h, size_t nh);

/* -F / -p: where the last search for a function line stopped and what
 * it found, carried from hunk to hunk as GNU does. */
typedef struct df_fn_state {
  size_t searched; /* lines [0, searched) are searched */
  long found;      /* the last line found, -1 none */
} df_fn_state;

/* Appends " " and the last line before line start of a that matches a
 * -F pattern (its indent skipped, then at most 40 bytes, trailing blanks
 * cut), if there is one. */
void df_fn_line(const df_opts *op, const df_file *a, size_t start,
                df_fn_state *st, vsh_buf *o);

#endif /* VSH_BUILTINS_DIFF_INT_H */
