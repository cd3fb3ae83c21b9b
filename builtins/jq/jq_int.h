/* jq_int.h: private to builtins/jq.  The value model (jv: a 16-byte
 * tagged value, refcounted immutable heap parts mutated in place only when
 * the count is 1), the JSON reader and printer, the program tree the
 * parser builds (names already resolved to frames), and the evaluator's
 * state.  The evaluator is continuation-passing: every filter hands each
 * output to a callback, so generators are lazy and backtracking is the C
 * return; depth is bounded by a counter and a stack probe. */
#ifndef VSH_BUILTINS_JQ_INT_H
#define VSH_BUILTINS_JQ_INT_H

#include "builtins/builtins.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- values ------------------------------------------------------------ */

typedef enum jv_kind {
  JV_INVALID = 0,
  JV_NULL,
  JV_FALSE,
  JV_TRUE,
  JV_NUMBER,
  JV_STRING,
  JV_ARRAY,
  JV_OBJECT
} jv_kind;

typedef struct jv_str {
  uint32_t rc;
  uint32_t hash; /* 0: not computed yet */
  size_t len;
  char s[]; /* NUL-terminated */
} jv_str;

typedef struct jv_lit {
  uint32_t rc;
  double d;
  char text[]; /* an integer literal as written (beyond 2^53) */
} jv_lit;

typedef struct jv_arr jv_arr;
typedef struct jv_obj jv_obj;

typedef struct jv {
  uint8_t kind;
  uint8_t lit; /* a number with u.l */
  union {
    double n;
    jv_str *s;
    jv_arr *a;
    jv_obj *o;
    jv_lit *l;
  } u;
} jv;

struct jv_arr {
  uint32_t rc;
  size_t n, cap;
  jv *v; /* inl, or a separate block once grown past it */
  jv inl[];
};

typedef struct jv_slot {
  jv key; /* a string */
  jv val;
} jv_slot;

struct jv_obj { /* 32 bytes before the slots: most objects are small */
  uint32_t rc;
  uint32_t n, cap; /* cap <= 2^27 (jv_obj_new_cap) */
  uint32_t nidx;
  jv_slot *e;    /* insertion order: inl, or a separate block */
  uint32_t *idx; /* open addressing over e (index + 1), or NULL */
  jv_slot inl[];
};

#define JV_MAX_DEPTH 10000

static inline jv jv_invalid(void) {
  jv v = {JV_INVALID, 0, {0}};
  return v;
}
static inline jv jv_null(void) {
  jv v = {JV_NULL, 0, {0}};
  return v;
}
static inline jv jv_bool(bool b) {
  jv v = {b ? JV_TRUE : JV_FALSE, 0, {0}};
  return v;
}
static inline jv jv_num(double d) {
  jv v = {JV_NUMBER, 0, {0}};
  v.u.n = d;
  return v;
}
static inline bool jv_ok(jv v) { return v.kind != JV_INVALID; }
static inline double jv_n(jv v) { return v.lit ? v.u.l->d : v.u.n; }
static inline bool jv_truthy(jv v) {
  return v.kind != JV_NULL && v.kind != JV_FALSE;
}
static inline const char *jv_sv(jv v) { return v.u.s->s; }
static inline size_t jv_slen(jv v) { return v.u.s->len; }
static inline size_t jv_alen(jv v) { return v.u.a->n; }
static inline jv jv_aget_b(jv a, size_t i) { return a.u.a->v[i]; }
static inline size_t jv_olen(jv v) { return v.u.o->n; }

static inline bool jv_heap(jv v) {
  return v.kind >= JV_STRING || (v.kind == JV_NUMBER && v.lit);
}
static inline jv jv_ref(jv v) {
  if (jv_heap(v)) (*(uint32_t *)v.u.s)++;
  return v;
}
void jv_free_deep(jv v);
static inline void jv_unref(jv v) {
  if (jv_heap(v) && --(*(uint32_t *)v.u.s) == 0) jv_free_deep(v);
}

/* Constructors return JV_INVALID when memory runs out (inputs consumed). */
jv jv_str_n(const char *s, size_t n);
jv jv_str_c(const char *s);
jv jv_str_buf(vsh_buf *b);                    /* takes the buffer's bytes */
jv jv_str_cat(jv a, const char *s, size_t n); /* consumes a */
jv jv_numlit(double d, const char *text, size_t n);
/* d, keeping its text when the text is not d's canonical form (jq 1.7) */
jv jv_num_text(const char *t, size_t n, double d);
/* d with its text always (a program's literal: compares exactly) */
jv jv_num_lit(const char *t, size_t n, double d);
/* Compares two literal numbers' decimal values exactly. */
int jv_lit_cmp(const char *a, const char *b);
uint32_t jv_str_hash(jv s);
jv jv_arr_new(size_t cap);
jv jv_arr_push(jv a, jv x);          /* consumes both */
jv jv_arr_set(jv a, size_t i, jv x); /* consumes both; pads with null */
jv jv_arr_concat(jv a, jv b);        /* consumes both */
jv jv_arr_slice(jv a, size_t from, size_t to); /* consumes a */
jv jv_obj_new(void);
jv jv_obj_new_cap(size_t cap);
jv jv_obj_set(jv o, jv k, jv v); /* consumes all */
jv jv_obj_del(jv o, jv k);       /* consumes both */
jv *jv_obj_find(jv o, jv k);     /* borrowed slot value or NULL */
jv *jv_obj_find_c(jv o, const char *k, size_t n);
jv jv_obj_merge(jv a, jv b, bool deep); /* consumes both */
jv jv_unshare(jv v);                    /* own copy of the top level */

const char *jv_kind_name(jv_kind k);
#define JV_CMP_DEEP 2      /* a comparison went past JV_MAX_DEPTH */
int jv_cmp(jv a, jv b);    /* jq's total order (borrowed); or JV_CMP_DEEP */
int jv_eq_chk(jv a, jv b); /* 1, 0, or JV_CMP_DEEP */
int jv_contains_chk(jv a, jv b);                /* 1, 0, or JV_CMP_DEEP */
jv jv_obj_merge_chk(jv a, jv b, bool *toodeep); /* deep merge */
bool jv_eq(jv a, jv b);
/* Sorted keys of an object (new array of strings), or invalid on OOM. */
jv jv_keys(jv o, bool sorted);
bool jv_contains(jv a, jv b);
/* Sorts v[0..n) by keys k[0..n) (stable); -1 on OOM, -2 when a key is
 * too deep to compare. */
int jv_sort_pairs(jv *k, jv *v, size_t n);
bool jv_is_integer(jv v);

/* ---- JSON text ------------------------------------------------------------ */

enum {
  JV_PRINT_PRETTY = 1,
  JV_PRINT_ASCII = 2,
  JV_PRINT_SORTED = 4,
  JV_PRINT_COLOR = 8,
  JV_PRINT_TAB = 16
};
/* Appends the JSON text of v; -1 on OOM. */
int jv_dump(vsh_buf *out, jv v, unsigned flags, int indent);
/* The same, handing out to fn whenever it holds 64 KiB (fn empties it;
 * non-zero stops the dump). */
int jv_dump_flush(vsh_buf *out, jv v, unsigned flags, int indent,
                  int (*fn)(void *ud, vsh_buf *out), void *ud);
void jv_dump_num(vsh_buf *out, double d);
/* The text of v cut to bufsize-1 bytes with "..." as jq's messages. */
void jv_dump_trunc(char *buf, size_t bufsize, jv v);

typedef struct jv_parser {
  const char *s;
  size_t n, pos;
  size_t line; /* newlines before pos (maintained lazily) */
  size_t line_pos;
  char err[160];
  bool oom;
  bool seq;   /* RS separators allowed */
  jv *kcache; /* JV_KCACHE recent object keys (shared), or NULL */
  jv *stk;    /* scratch: members of the containers being read */
  size_t nstk, capstk;
} jv_parser;
void jv_parser_dispose(jv_parser *p); /* frees the scratch stack */
#define JV_KCACHE 1024
void jv_parser_init(jv_parser *p, const char *s, size_t n);
/* 1: a value in *out; 0: end of text; -1: error (p->err). */
int jv_parse_next(jv_parser *p, jv *out);
/* Parses a whole text holding exactly one value (fromjson, --argjson). */
jv jv_parse_one(const char *s, size_t n, char *err, size_t errn);
/* Checks the value at the start of s[0..n) without building it: 1 and
 * *end past it when it is plain JSON the parser takes, 0 when s ends
 * inside it, -1 otherwise (the parser then says what is wrong). */
int jv_scan_value(const char *s, size_t n, size_t *end);
/* Inside a scanned array (p->pos after '[' or an element): 1 and the next
 * element in *out, 0 at the closing ']', -1 out of memory. */
int jv_parse_elem(jv_parser *p, jv *out);
/* A newline and the indentation of level lvl (pretty output). */
void jv_dump_indent(vsh_buf *out, unsigned flags, int indent, int lvl);
/* jv_dump_flush for a value printed at nesting level lvl. */
int jv_dump_flush_lvl(vsh_buf *out, jv v, unsigned flags, int indent, int lvl,
                      int (*fn)(void *ud, vsh_buf *out), void *ud);

/* ---- program tree ---------------------------------------------------------- */

typedef enum jq_op {
  JQ_IDENT,
  JQ_RECURSE_ALL,
  JQ_INDEX,
  JQ_SLICE,
  JQ_ITER,
  JQ_LITERAL,
  JQ_STRING,
  JQ_FORMAT,
  JQ_PIPE,
  JQ_COMMA,
  JQ_NEG,
  JQ_ARITH,
  JQ_AND,
  JQ_OR,
  JQ_ALT,
  JQ_ASSIGN,
  JQ_IF,
  JQ_TRY,
  JQ_REDUCE,
  JQ_FOREACH,
  JQ_FUNCDEF,
  JQ_CALL,
  JQ_VAR,
  JQ_AS,
  JQ_LABEL,
  JQ_BREAK,
  JQ_ARRAY,
  JQ_OBJECT,
  JQ_ENV,
  JQ_LOC
} jq_op;

enum { /* JQ_ARITH / JQ_ASSIGN operators */
       JQ_ADD = 1,
       JQ_SUB,
       JQ_MUL,
       JQ_DIV,
       JQ_MOD,
       JQ_EQ,
       JQ_NE,
       JQ_LT,
       JQ_LE,
       JQ_GT,
       JQ_GE,
       JQ_SET /* = */,
       JQ_UPDATE /* |= */,
       JQ_SETALT /* //= */
};

enum { /* how a call was resolved */
       JQ_CALL_LOCAL,
       JQ_CALL_GLOBAL,
       JQ_CALL_NATIVE
};

/* Destructuring pattern. */
typedef struct jq_pat {
  int kind; /* 0 $var, 1 array, 2 object */
  int var;  /* slot (index into the AS frame's vars) */
  size_t n;
  struct jq_pat **elems; /* array elements; object values (may be NULL) */
  struct jq_node **keys; /* object keys (expressions) */
  int *keyvar;           /* object: $name key binds var too (-1: none) */
} jq_pat;

typedef struct jq_node jq_node;
struct jq_node {
  jq_op op;
  int sub; /* operator, call kind, format, ... */
  int line;
  jq_node *a, *b, *c, *d;
  jv val; /* literal, field name, format name, function name */
  /* calls and definitions */
  char *name;
  int nparams;
  jq_node **args;  /* call arguments / object keys */
  jq_node **args2; /* object values */
  size_t nargs;
  bool *param_is_var; /* def: which params were $name */
  int up;             /* frames up to the binding (LOCAL calls, vars) */
  jq_node *target;    /* GLOBAL call: the definition */
  int native;         /* NATIVE call: index */
  /* patterns (AS / REDUCE / FOREACH) */
  jq_pat **pats;
  size_t npats;
  int nvars;
  jq_node *next_all; /* every node, for freeing */
};

typedef struct jq_prog jq_prog;

/* ---- evaluation --------------------------------------------------------------- */

enum { JQ_OK = 0, JQ_ERR = 1, JQ_BRK = 2, JQ_FATAL = 3 };

typedef struct jq_env jq_env;
struct jq_env {
  jq_env *up;
  int kind; /* 0 var, 1 function, 2 closure param, 3 label */
  jv val;
  jq_node *def; /* function: its JQ_FUNCDEF; closure: its body */
  jq_env *cenv; /* closure: its env */
  uint64_t id;  /* label */
};

typedef struct jq_st jq_st;
typedef int (*jq_k)(jq_st *st, jv v, jv path, void *ud);

typedef struct jq_native {
  const char *name;
  int nargs;
  /* cfunction: value arguments (cartesian), v and args borrowed; returns
   * the result or invalid with st->err set */
  jv (*fn)(jq_st *st, jv in, jv *args);
  /* or a generator over closures */
  int (*gen)(jq_st *st, jq_node *call, jv in, jv path, jq_env *e, jq_k k,
             void *ud);
} jq_native;

struct jq_st {
  bi_ctx *b;
  jq_prog *prog;
  jv err;       /* the error value when JQ_ERR */
  uint64_t brk; /* the label when JQ_BRK */
  uint64_t next_id;
  int depth;
  uintptr_t stack_limit;
  bool fatal_reported;
  int halt_status; /* >= 0 after halt / halt_error */
  jv named_args;   /* $ARGS.named */
  jv pos_args;     /* $ARGS.positional */
  jv env_obj;      /* $ENV, built lazily */
  jv search_list;  /* get_search_list */
  jv prog_origin;  /* get_prog_origin */
  /* input */
  int (*next_input)(jq_st *st, jv *out); /* 1, 0 at end, <0 error */
  void *input_ud;
  size_t (*input_line)(jq_st *st); /* input_line_number */
  jv cur_filename;
  /* output of debug / stderr */
  unsigned dump_flags;
  unsigned steps;
};

int jq_eval(jq_st *st, jq_node *n, jv in, jv path, jq_env *e, jq_k k, void *ud);
/* Whether main is `.[] | rest` (pipes nested either way): an array input
 * can then be read and evaluated one element at a time. */
bool jq_main_iterates(const jq_node *main);
/* Runs main's part after its `.[]` on one element (consumed). */
int jq_eval_elem(jq_st *st, jq_node *main, jv elem, jq_env *e, jq_k k,
                 void *ud);
/* Raises an error with a message (printf style); returns JQ_ERR. */
int jq_error(jq_st *st, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int jq_error_v(jq_st *st, jv v); /* consumes v */
int jq_oom(jq_st *st);
/* "Invalid path expression with result ..." (consumes v). */
int jq_invalid_path(jq_st *st, jv v);
int jq_fatal(jq_st *st, const char *msg);
/* Calls closure arg i of call (arity 0) on in. */
int jq_call_arg(jq_st *st, jq_node *call, int i, jv in, jv path, jq_env *e,
                jq_k k, void *ud);
/* Collects every output of a closure into an array (*out). */
int jq_collect(jq_st *st, jq_node *body, jq_env *e, jv in, jv *out);
/* The first output of body, or *out invalid when none. */
int jq_first(jq_st *st, jq_node *body, jq_env *e, jv in, jv *out);
/* Output of a value; consumes. */
static inline int jq_emit(jq_st *st, jv v, jv path, jq_k k, void *ud) {
  return k(st, v, path, ud);
}
bool jq_charge(jq_st *st);

/* paths */
jv jv_getpath(jv v, jv path, jq_st *st);                 /* borrowed; new ref */
jv jv_setpath(jv v, jv path, size_t i, jv x, jq_st *st); /* consumes v, x */
jv jv_delpaths(jv v, jv paths, jq_st *st);               /* consumes v */
jv jq_index(jq_st *st, jv t, jv k);                      /* borrowed; new ref */
jv jq_slice(jq_st *st, jv t, jv from, jv to);
jv jq_binop(jq_st *st, int op, jv a, jv b); /* borrowed */

/* natives (jq_builtins.c) */
const jq_native *jq_natives(size_t *n);
int jq_native_find(const char *name, int nargs);
const char *jq_library(void);
int jq_format(jq_st *st, const char *fmt, jv v, jv *out); /* @base64 ... */
jv jv_tostring(jv v); /* borrowed: a string of v (strings unchanged) */

/* ---- parser (jq_parse.c) ------------------------------------------------ */

struct jq_prog {
  jq_node *all; /* every node */
  jq_node *main;
  jq_node **globals; /* library definitions, by name/arity */
  size_t nglobals, cap_globals;
  char **argnames; /* $name of --arg etc., the outermost frames */
  size_t nargnames;
  const char *libpaths[16];
  size_t nlibpaths;
  bi_ctx *b;
};

/* Parses the library then src.  Returns 0, or -1 with msg filled (jq's
 * compile error text) and *nerr errors. */
int jq_compile(jq_prog *p, const char *src, size_t n, char *msg, size_t msgn);
void jq_prog_free(jq_prog *p);
/* modulemeta of module name (found on main's -L paths). */
int jq_module_meta(jq_prog *main, const char *name, jv *out, char *msg,
                   size_t msgn);

/* ---- helpers of the builtin files ---------------------------------------- */

static inline const char *kn(jv v) { return jv_kind_name(v.kind); }

static inline jv err_v(jq_st *st, const char *fmt, jv v) {
  char buf[30];
  jv_dump_trunc(buf, sizeof buf, v);
  jq_error(st, fmt, kn(v), buf);
  return jv_invalid();
}

static inline jv oom(jq_st *st) {
  jq_oom(st);
  return jv_invalid();
}

static inline jv chk(jq_st *st, jv v) { return jv_ok(v) ? v : oom(st); }

/* value functions in jq_regex.c and jq_time.c */
jv f_match_impl(jq_st *st, jv in, jv *a);
jv f_sub_join(jq_st *st, jv in, jv *a);
jv f_gmtime(jq_st *st, jv in, jv *a);
jv f_localtime(jq_st *st, jv in, jv *a);
jv f_mktime(jq_st *st, jv in, jv *a);
jv f_strftime(jq_st *st, jv in, jv *a);
jv f_strflocaltime(jq_st *st, jv in, jv *a);
jv f_strptime(jq_st *st, jv in, jv *a);

#endif /* VSH_BUILTINS_JQ_INT_H */
