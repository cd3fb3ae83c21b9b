/* awk_int.h: private to builtins/awk.  The lexer (lexer.c) feeds the
 * parser (parse.c), which resolves every name to a global slot, a local
 * slot or a function and builds a tree of awk_node; the evaluator
 * (interp.c) walks it.  Values (value.c) are doubles and refcounted
 * strings with awk's strnum rules; records and fields (io.c) are split
 * lazily.  No longjmp: errors and control flow (next, exit, return, a
 * fatal error, cancellation) unwind through rt->jump. */
#ifndef VSH_AWK_INT_H
#define VSH_AWK_INT_H

#include "builtins/builtins.h"
#include "core/regex.h"

#include <stdint.h>

/* ---- values (value.c) ------------------------------------------------ */

typedef struct awk_str {
  size_t len;
  size_t cap; /* bytes s can hold before its NUL */
  uint32_t ref;
  uint8_t ascii; /* 0 unknown, 1 all ASCII, 2 has high bytes */
  char s[];      /* NUL-terminated */
} awk_str;

enum {
  AV_UNINIT = 0, /* "" and 0; compares as a strnum */
  AV_NUM,        /* num valid; str a cached integral rendering or NULL */
  AV_STR,        /* str valid; num cached when has_num */
  AV_STRNUM,     /* input that looks numeric: both valid */
  AV_MAYBE       /* input not classified yet: str valid */
};

typedef struct awk_val {
  uint8_t type;
  uint8_t has_num;
  double num;
  awk_str *str;
} awk_val;

typedef struct awk_rt awk_rt;

awk_str *awk_str_new(awk_rt *rt, const char *s, size_t n);
static inline awk_str *awk_str_ref(awk_str *s) {
  if (s) s->ref++;
  return s;
}
void awk_str_unref(awk_str *s);
static inline void awk_val_free(awk_val *v) {
  if (v->str) awk_str_unref(v->str);
  v->str = NULL;
  v->type = AV_UNINIT;
}
static inline awk_val awk_val_copy(const awk_val *v) {
  awk_val r = *v;
  if (r.str) r.str->ref++;
  return r;
}
awk_val awk_num(double d);
awk_val awk_strv(awk_str *s); /* takes the reference */
double awk_to_num(awk_rt *rt, awk_val *v);
/* Borrowed string form (CONVFMT for numbers); cached in v when that is
 * format-independent.  Never NULL unless out of memory (then ""). */
awk_str *awk_to_str(awk_rt *rt, awk_val *v);
awk_str *awk_to_str_fmt(awk_rt *rt, awk_val *v, bool ofmt);
/* The number a string starts with (awk's atof) and whether all of it is
 * one number (strnum test). */
double awk_atof(const char *s, size_t n, bool *whole);
void awk_classify(awk_val *v); /* AV_MAYBE -> AV_STRNUM or AV_STR */
bool awk_truth(awk_rt *rt, awk_val *v);
int awk_compare(awk_rt *rt, awk_val *a, awk_val *b);
/* Renders d as awk prints a number: integers as integers, else fmt. */
awk_str *awk_num_str(awk_rt *rt, double d, const char *fmt);
bool awk_str_is_ascii(awk_str *s);
size_t awk_char_count(awk_rt *rt, const char *s, size_t n);

/* ---- arrays (value.c) ---------------------------------------------- */

typedef struct awk_elem {
  awk_str *key; /* NULL: deleted */
  awk_val v;
  uint32_t hash;
  int32_t next; /* chain in bucket, -1 at the end */
  uint8_t gen;  /* onetrue-awk table growths before this insertion */
} awk_elem;

typedef struct awk_array {
  awk_elem *e;
  size_t n, cap, live;
  int32_t *bkt;
  size_t nbkt;
  uint8_t gen; /* growths of onetrue-awk's table (50 buckets, x4 when
                  more than 2 elements a bucket): for-in follows its order */
} awk_array;

awk_array *awk_array_new(void);
void awk_array_free(awk_array *a);
void awk_array_clear(awk_array *a);
/* The element of key, created (uninitialised) when create; NULL when
 * absent or out of memory (rt->jump set then).  The pointer is valid
 * until the next insertion. */
awk_val *awk_array_get(awk_rt *rt, awk_array *a, awk_str *key, bool create);
awk_val *awk_array_getn(awk_rt *rt, awk_array *a, const char *k, size_t n,
                        bool create);
void awk_array_del(awk_array *a, awk_str *key);
/* The live keys (new references) in onetrue-awk's for-in order. */
int awk_array_keys(awk_rt *rt, awk_array *a, awk_str ***out, size_t *n);

/* ---- cells: variables ------------------------------------------------ */

enum { CELL_UNTYPED = 0, CELL_SCALAR, CELL_ARRAY, CELL_REF };
typedef struct awk_cell {
  uint8_t kind;
  awk_val v;
  awk_array *arr;
  struct awk_cell *ref; /* CELL_REF: an untyped caller variable */
} awk_cell;

/* ---- the lexer (lexer.c) --------------------------------------------- */

enum {
  T_EOF = 0,
  T_NEWLINE,
  T_LBRACE,
  T_RBRACE,
  T_LPAREN,
  T_RPAREN,
  T_LBRACKET,
  T_RBRACKET,
  T_SEMI,
  T_COMMA,
  T_PLUS,
  T_MINUS,
  T_STAR,
  T_SLASH,
  T_PERCENT,
  T_POW,
  T_NOT,
  T_GT,
  T_LT,
  T_PIPE,
  T_PIPEAMP,
  T_QUESTION,
  T_COLON,
  T_TILDE,
  T_NOMATCH,
  T_DOLLAR,
  T_ASSIGN,
  T_ADD_ASSIGN,
  T_SUB_ASSIGN,
  T_MUL_ASSIGN,
  T_DIV_ASSIGN,
  T_MOD_ASSIGN,
  T_POW_ASSIGN,
  T_EQ,
  T_NE,
  T_LE,
  T_GE,
  T_AND,
  T_OR,
  T_INCR,
  T_DECR,
  T_APPEND,
  T_NUMBER,
  T_STRING,
  T_ERE,
  T_NAME,
  T_FUNC_NAME,
  T_BUILTIN,
  /* keywords */
  T_BEGIN,
  T_END,
  T_BEGINFILE,
  T_ENDFILE,
  T_FUNCTION,
  T_IF,
  T_ELSE,
  T_WHILE,
  T_FOR,
  T_DO,
  T_BREAK,
  T_CONTINUE,
  T_NEXT,
  T_NEXTFILE,
  T_EXIT,
  T_RETURN,
  T_DELETE,
  T_GETLINE,
  T_PRINT,
  T_PRINTF,
  T_IN,
  T_SWITCH,
  T_CASE,
  T_DEFAULT
};

/* builtin functions */
enum {
  F_LENGTH,
  F_SUBSTR,
  F_INDEX,
  F_SPLIT,
  F_SUB,
  F_GSUB,
  F_MATCH,
  F_SPRINTF,
  F_TOLOWER,
  F_TOUPPER,
  F_INT,
  F_SQRT,
  F_EXP,
  F_LOG,
  F_SIN,
  F_COS,
  F_ATAN2,
  F_RAND,
  F_SRAND,
  F_SYSTEM,
  F_CLOSE,
  F_FFLUSH,
  F_GENSUB,
  F_ASORT,
  F_ASORTI,
  F_PATSPLIT,
  F_STRFTIME,
  F_SYSTIME,
  F_MKTIME,
  F_AND,
  F_OR,
  F_XOR,
  F_LSHIFT,
  F_RSHIFT,
  F_COMPL,
  F_ISARRAY,
  F_TYPEOF,
  F_STRTONUM
};

typedef struct awk_src {
  const char *name; /* NULL: the command line program */
  const char *text;
  size_t len;
} awk_src;

typedef struct awk_lex {
  awk_rt *rt;
  const awk_src *srcs;
  size_t nsrc, cur;
  size_t pos;
  int line;
  int tok;
  int prev;     /* previous token: decides regex vs division */
  vsh_buf text; /* string/regex/name text of the token */
  double num;
  int builtin;
  const char *tok_start;
  size_t line_start; /* offset of the current line's start */
  int tok_line;
  bool err;
} awk_lex;

int awk_lex_next(awk_lex *lx);

/* ---- the program tree (parse.c) -------------------------------------- */

enum {
  N_NUM,
  N_STR,
  N_ERE, /* constants; an ERE alone matches $0 */
  N_VAR,
  N_LOCAL,
  N_FIELD, /* lvalues */
  N_INDEX,
  N_LINDEX, /* a[k] global / local array */
  N_ASSIGN,
  N_ASSIGN_OP, /* =, op= (op in n->sub) */
  N_COND,
  N_AND,
  N_OR,
  N_NOT,
  N_NEG,
  N_PLUS,
  N_BINOP, /* + - * / % ^ (op in n->sub) */
  N_CMP,   /* < <= == != > >= */
  N_MATCH, /* ~ (n->sub 1: !~) */
  N_CONCAT,
  N_IN,
  N_PREINC,
  N_PREDEC,
  N_POSTINC,
  N_POSTDEC,
  N_CALL,
  N_BUILTIN,
  N_GETLINE,
  N_GROUP,
  /* statements */
  S_EXPR,
  S_PRINT,
  S_PRINTF,
  S_IF,
  S_WHILE,
  S_DO,
  S_FOR,
  S_FORIN,
  S_BLOCK,
  S_NEXT,
  S_NEXTFILE,
  S_EXIT,
  S_RETURN,
  S_BREAK,
  S_CONTINUE,
  S_DELETE,
  S_DELETE_ALL,
  S_GETLINE_STMT,
  S_SWITCH, /* a: subject, b: S_CASE list */
  S_CASE    /* a: label (NULL: default), b: statements */
};

/* getline sources */
enum { GL_PLAIN, GL_FILE, GL_CMD, GL_COPROC };
/* print redirections */
enum { RD_NONE, RD_FILE, RD_APPEND, RD_PIPE, RD_COPROC };

typedef struct awk_regex {
  vsh_regex *re;
  vsh_regex *re_icase;
  char *src;
  size_t len;
  int lit;    /* 0 a regex; 1 a plain string, 2 ^string, 3 string$ */
  char *litp; /* the string (in src) */
  size_t litn;
  /* a regex that starts with a literal run: a line without that run
   * cannot match (prefix when anchored with ^) */
  char *prep;
  size_t pren;
  bool pre_anch;
} awk_regex;

typedef struct awk_node {
  uint16_t op;
  int16_t sub; /* operator, builtin id, redirection, getline kind */
  int height;  /* of the expression tree below (bounded: evaluation
                    recurses on it) */
  int line;
  int slot; /* variable slot / function index */
  int nargs;
  double num;
  awk_str *str;
  awk_regex *re;
  struct awk_node *a, *b, *c, *d; /* children */
  struct awk_node *next;          /* lists */
  struct awk_node *alloc_next;
} awk_node;

typedef struct awk_func {
  char *name;
  int nparams;
  char **params;
  awk_node *body;
  bool defined;
  int line;
} awk_func;

typedef struct awk_item {
  int kind;             /* 0 main, 1 BEGIN, 2 END, 3 BEGINFILE, 4 ENDFILE */
  awk_node *pat, *pat2; /* pat2: a range's end */
  awk_node *action;     /* NULL: print */
  bool in_range;
} awk_item;

typedef struct awk_prog {
  awk_item *items;
  size_t nitems;
  awk_func *funcs;
  size_t nfuncs;
  char **globals; /* names of global slots */
  size_t nglobals, capglobals;
  awk_node *nodes; /* every node, for freeing */
  awk_regex **regexes;
  size_t nregexes;
  bool has_begin_only;
} awk_prog;

/* Special variables occupy the first global slots in this order. */
enum {
  V_NF,
  V_NR,
  V_FNR,
  V_FS,
  V_OFS,
  V_ORS,
  V_RS,
  V_RT,
  V_FILENAME,
  V_SUBSEP,
  V_RSTART,
  V_RLENGTH,
  V_CONVFMT,
  V_OFMT,
  V_ENVIRON,
  V_ARGC,
  V_ARGV,
  V_IGNORECASE,
  V_FPAT,
  V_FIELDWIDTHS,
  V_PROCINFO,
  V_BINMODE,
  V_LINT,
  V_TEXTDOMAIN,
  V_ERRNO,
  V_SYMTAB_UNUSED,
  V_NSPECIAL
};

int awk_parse(awk_rt *rt, awk_prog *p, const awk_src *srcs, size_t nsrc);
void awk_prog_free(awk_prog *p);
int awk_global_slot(awk_prog *p, const char *name); /* -1: none */
/* A regex compiled once (constants), or an error (message printed). */
awk_regex *awk_regex_new(awk_rt *rt, const char *s, size_t n, bool dynamic);
void awk_regex_free(awk_regex *r);

/* ---- the runtime (interp.c, io.c, funcs.c) ---------------------------- */

enum {
  J_NONE = 0,
  J_NEXT,
  J_NEXTFILE,
  J_EXIT,
  J_RETURN,
  J_BREAK,
  J_CONTINUE,
  J_FATAL
};

typedef struct awk_field {
  uint32_t off, len; /* slice of the record when !mat */
  bool mat;
  awk_val v;
} awk_field;

typedef struct awk_reader {
  sh_stream *s;
  char *buf;
  size_t start, end, cap;
  bool eof;
  bool err;
} awk_reader;

typedef struct awk_stream {
  char *name;
  int kind; /* RD_FILE/RD_APPEND/RD_PIPE for outputs; 10 input
                      file, 11 input command */
  vfs_file *fh;
  sh_stream *s; /* a shell stream (borrowed) or input stream (owned) */
  bool own_s;
  vsh_buf buf; /* pending output */
  awk_reader rd;
  int status; /* a command's exit status */
  bool dead;
  struct awk_stream *next;
} awk_stream;

typedef struct awk_frame {
  awk_cell *locals;
  int n;
} awk_frame;

typedef struct awk_rcache {
  awk_str *key;
  awk_regex *re;
} awk_rcache;

#define AWK_RCACHE 64

struct awk_rt {
  bi_ctx *b;
  awk_prog *prog;
  awk_cell *g; /* globals */
  size_t ng;
  awk_cell *locals; /* current frame */
  int depth, max_depth;
  int jump;
  int exit_status;
  bool exiting;
  awk_val ret; /* a function's return value */
  /* record */
  awk_str *rec;
  size_t rec_cap; /* bytes rec->s can hold (reused between records) */
  bool split_done, rec_dirty;
  awk_field *f; /* f[1..nf] */
  size_t nf, capf;
  double nr, fnr;
  /* cached settings */
  bool fs_dirty;
  int fs_mode; /* 0 space, 1 char, 2 regex, 3 empty, 4 tab */
  char fs_char;
  awk_regex *fs_re;
  int rs_mode; /* 0 newline/char, 1 paragraph, 2 regex */
  char rs_char;
  awk_regex *rs_re;
  bool rs_dirty;
  bool paragraph_nl;
  char convfmt[64], ofmt[64];
  bool convfmt_default, ofmt_default;
  bool icase;
  /* input */
  int argi; /* next ARGV index */
  awk_reader main_rd;
  bool main_open, main_stdin, no_more_input;
  awk_reader stdin_rd; /* shared by main input and getline < "-" */
  bool stdin_used;
  awk_stream *streams;
  /* stdout */
  vsh_buf obuf;
  /* errors */
  const char *srcname;
  int line; /* line of the statement running, for messages */
  vsh_re_budget budget;
  uint64_t max_string;
  uint64_t work;
  bool utf8;
  uint32_t seed_state[2];
  double seed, prev_seed;
  awk_rcache rcache[AWK_RCACHE];
  unsigned rcache_next;
  vsh_buf tmp;
  awk_str *empty; /* "" shared by uninitialised values */
  bool posix;
  bool sorted_in;
};

/* Prints "awk: cmd. line:N: fatal: msg", sets rt->jump = J_FATAL and
 * the exit status 2. */
void awk_fatal(awk_rt *rt, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The same as an "error:" (gawk's division by zero), exit status 1. */
void awk_error(awk_rt *rt, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void awk_warn(awk_rt *rt, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void awk_nomem(awk_rt *rt);
bool awk_charge(awk_rt *rt, uint64_t units);

/* interp.c */
int awk_run(awk_rt *rt);
awk_val awk_eval(awk_rt *rt, awk_node *n);
void awk_special_set(awk_rt *rt, int slot);

/* io.c */
void awk_rec_set(awk_rt *rt, const char *s, size_t n);
void awk_rec_set_str(awk_rt *rt, awk_str *s); /* takes the reference */
awk_str *awk_rec_get(awk_rt *rt);             /* borrowed */
bool awk_split_rec(awk_rt *rt);
/* for_write: 0 read, 1 read and write, 2 write only. */
awk_val *awk_field_ref(awk_rt *rt, double idx, int for_write);
void awk_field_assigned(awk_rt *rt, size_t idx);
void awk_set_nf(awk_rt *rt, double nf);
double awk_field_num(awk_rt *rt, size_t idx);
/* 1 a record was read into $0, 0 at the end, -1 on error. */
int awk_next_main(awk_rt *rt);
int awk_getline(awk_rt *rt, int kind, awk_val *src, awk_node *lv);
int awk_out(awk_rt *rt, int redir, awk_val *target, const char *s, size_t n);
int awk_close(awk_rt *rt, awk_str *name);
int awk_flush_all(awk_rt *rt);
int awk_flush_stdout(awk_rt *rt);
void awk_close_all(awk_rt *rt);
int awk_system(awk_rt *rt, awk_str *cmd);
void awk_reader_dispose(awk_reader *r);
int awk_split_str(awk_rt *rt, awk_str *s, awk_array *a, awk_val *sep,
                  awk_array *seps, bool fpat);
void awk_fs_update(awk_rt *rt);

/* funcs.c */
awk_val awk_builtin(awk_rt *rt, awk_node *n);
/* printf-style formatting of args into out. */
int awk_format(awk_rt *rt, vsh_buf *out, const char *fmt, size_t flen,
               awk_val *args, int nargs);
awk_regex *awk_dyn_regex(awk_rt *rt, awk_val *v);
/* Runs re over s from start; 1 match (m filled), 0 none, <0 error. */
int awk_re_exec(awk_rt *rt, awk_regex *re, const char *s, size_t n,
                size_t start, unsigned eflags, vsh_regmatch *m, size_t nm);
void awk_lvalue_set(awk_rt *rt, awk_node *lv, awk_val v);
/* An lvalue resolved once (its subscript or field index evaluated):
 * read and replace *v, then call awk_lref_done. */
typedef struct awk_lref {
  awk_val *v;
  long field;  /* >= 0: a field index */
  int special; /* a special variable's slot, or -1 */
} awk_lref;
bool awk_lref_get(awk_rt *rt, awk_node *n, awk_lref *r);
void awk_lref_done(awk_rt *rt, awk_lref *r);

#endif /* VSH_AWK_INT_H */
