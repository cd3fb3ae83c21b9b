/* sed_int.h: private to sed.c (driver and execution) and sed_parse.c
 * (the script compiler).  A compiled script is a flat array of commands:
 * a block '{' holds the index of its '}', a branch the index of its
 * label, so executing never recurses on the script's nesting. */
#ifndef VSH_BUILTINS_SED_INT_H
#define VSH_BUILTINS_SED_INT_H

#include "builtins/builtins.h"
#include "core/regex.h"

enum {
  SED_A_NONE = 0,
  SED_A_LINE, /* N */
  SED_A_LAST, /* $ */
  SED_A_RE,   /* /re/ */
  SED_A_STEP, /* first~step */
  SED_A_ZERO, /* 0 (only as 0,/re/) */
  SED_A_PLUS, /* addr,+N */
  SED_A_MULT  /* addr,~N */
};

/* A regex as written; re NULL is the empty regex (the last one used). */
typedef struct sed_rx {
  vsh_regex *re;
  size_t nsub;
  char *lit; /* a pattern without special characters: matched as bytes
                (so "\\xce" finds the byte inside a UTF-8 character, as
                GNU sed does in the C locale) */
  size_t litlen;
} sed_rx;

typedef struct sed_addr {
  int kind;
  uint64_t n, step;
  sed_rx *rx;
} sed_addr;

/* A file written by w/W or s///w: opened (truncated) when the script is
 * compiled, as GNU does; special 1 and 2 are /dev/stdout and /dev/stderr. */
typedef struct sed_output {
  char *name;
  vfs_file *f;
  int special;
  bool missing_nl; /* the last line written lacked its newline */
} sed_output;

/* A file read line by line by R (one reader per name). */
typedef struct sed_rfile {
  char *name;
  sh_stream *s;
  bi_reader *rd;
  bool done;
} sed_rfile;

enum { SED_R_LIT, SED_R_GROUP, SED_R_CASE };
typedef struct sed_rpart {
  int kind;
  char *lit; /* SED_R_LIT */
  size_t len;
  int arg; /* group number, or the case letter L U l u E */
} sed_rpart;

typedef struct sed_cmd {
  sed_addr a1, a2;
  bool neg;
  char cmd;
  bool range_active, range_closed;
  uint64_t range_end;
  char *text; /* a/i/c text, label, file name, e command */
  size_t len;
  size_t jump; /* b/t/T target, '{' -> its '}' */
  int num;     /* q/Q status; l width (-1: the default) */
  sed_output *out;
  sed_rfile *rf;
  /* s */
  sed_rx *rx;
  sed_rpart *rp;
  size_t nrp;
  bool global, print, eval;
  uint64_t occ;
  unsigned char *ymap; /* y: 256 bytes */
  size_t pos;          /* where the command is, for late errors */
  int src;
} sed_cmd;

typedef struct sed_src {
  const char *s;
  size_t n, i;
  int expr;         /* -e expression number (0 for a file) */
  const char *file; /* -f FILE */
} sed_src;

typedef struct sed_prog {
  bi_ctx *b;
  sed_cmd *cmds;
  size_t n, cap;
  sed_rx **rxs;
  size_t nrx;
  sed_output **outs;
  size_t nout;
  sed_rfile **rfs;
  size_t nrf;
  size_t *open; /* indexes of the '{' not closed yet */
  size_t nopen, capopen;
  long pending; /* a/i/c whose text goes on into the next chunk, or -1 */
  bool ere, sandbox, posix, zero;
  bool quiet_hash; /* the script began with "#n\n" */
  int nchunks;
  int last_expr;
  vsh_buf err; /* the message of a compile error */
} sed_prog;

/* sed_parse.c */
void sed_prog_init(sed_prog *p, bi_ctx *b);
void sed_prog_dispose(sed_prog *p);
/* Compiles one -e expression or -f file; returns 0, or -1 with the full
 * message ("-e expression #1, char 3: ...") in p->err. */
int sed_compile(sed_prog *p, sed_src *src);
/* After the last chunk: unclosed blocks, labels.  0 or -1 (p->err);
 * *panic is set when GNU would exit 4 rather than 1. */
int sed_finish(sed_prog *p, bool *panic);
/* Opens (creates) a w file; special names go to the streams. */
sed_output *sed_output_get(sed_prog *p, const char *name);

#endif /* VSH_BUILTINS_SED_INT_H */
