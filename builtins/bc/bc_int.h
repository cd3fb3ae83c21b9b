/* bc_int.h: private to bc.c, bc_num.c and bc_vm.c.  Numbers (bcn) are a
 * magnitude in base 10^9 limbs plus a decimal scale; the compiler turns
 * bc source into bc_code (our own instructions, each carrying the byte
 * address GNU bc's code would have, for its error messages); the machine
 * (bc_state) runs it with dynamically scoped variable stacks as GNU does. */
#ifndef VSH_BC_INT_H
#define VSH_BC_INT_H

#include "builtins/builtins.h"

/* ---- numbers (bc_num.c) --------------------------------------------- */

enum {
  BCN_OK = 0,
  BCN_EDIVZERO = -1,
  BCN_ENOMEM = -2,  /* past max_digits or max_bytes */
  BCN_ECANCEL = -3, /* the exec is being cancelled */
  BCN_ENEG = -4     /* square root of a negative number */
};

/* Shared by every number of one bc run: memory accounting, the size cap
 * and the cancellation check (counted in units of work). */
typedef struct bcn_env {
  bi_ctx *b;
  uint64_t work;
  uint64_t bytes, max_bytes;
  uint64_t max_digits;
  bool cancelled;
  bool out_of_memory; /* max_bytes (rather than max_digits) was hit */
} bcn_env;

/* value = (neg ? -1 : 1) * d / 10^scale; n == 0 is zero (GNU keeps the
 * sign of a zero that raise truncated, so neg may be set with n == 0). */
typedef struct bcn {
  uint32_t *d;
  uint32_t n, cap;
  int32_t scale;
  bool neg;
} bcn;

void bcn_init(bcn *x);
void bcn_free(bcn_env *e, bcn *x);
int bcn_copy(bcn_env *e, bcn *dst, const bcn *src);
int bcn_set_long(bcn_env *e, bcn *x, long v);
/* GNU's bc_num2long: the integer part, 0 when it does not fit a long. */
long bcn_to_long(const bcn *x);
bool bcn_is_zero(const bcn *x);
/* -1, 0, 1 as GNU bc_compare (signs first, even of zeros). */
int bcn_cmp(const bcn *a, const bcn *b);
/* Integer digits as GNU's n_len (at least 1). */
uint64_t bcn_int_digits(const bcn *x);
long bcn_length(const bcn *x);
/* Each result may alias an operand.  Scales follow GNU bc exactly. */
int bcn_add(bcn_env *e, bcn *r, const bcn *a, const bcn *b, int32_t smin);
int bcn_sub(bcn_env *e, bcn *r, const bcn *a, const bcn *b, int32_t smin);
int bcn_mul(bcn_env *e, bcn *r, const bcn *a, const bcn *b, int32_t scale);
int bcn_div(bcn_env *e, bcn *r, const bcn *a, const bcn *b, int32_t scale);
int bcn_mod(bcn_env *e, bcn *r, const bcn *a, const bcn *b, int32_t scale);
/* *warn gets 1 for "non-zero scale in exponent"; *too_large is set when
 * the exponent does not fit a long (GNU then raises to the power 0). */
int bcn_pow(bcn_env *e, bcn *r, const bcn *a, const bcn *b, int32_t scale,
            bool *warn, bool *too_large);
int bcn_sqrt(bcn_env *e, bcn *r, const bcn *a, int32_t scale);
/* A constant from the program: digits 0-9 and A-Z (values 10-35) with at
 * most one '.', in base `base` with GNU's rules for digits >= base. */
int bcn_from_const(bcn_env *e, bcn *r, const char *s, size_t n, int base);
/* read(): GNU's push_constant over a character source; next() returns
 * 0-15 for hex digits, '.', '+', '-', ' ' for blanks, ':' for anything
 * else and -1 at the end.  BCN_EDIVZERO stands for "no number" (EOF). */
typedef int (*bcn_char_fn)(void *ud);
int bcn_read_number(bcn_env *e, bcn *r, int base, bcn_char_fn next, void *ud);
/* Writes x in base obase through put (GNU's bc_out_num). */
typedef void (*bcn_put_fn)(void *ud, char c);
int bcn_print(bcn_env *e, const bcn *x, long obase, bcn_put_fn put, void *ud);

/* ---- compiled code -------------------------------------------------- */

typedef enum bc_op {
  BC_PUSH0,
  BC_PUSH1,
  BC_CONST,
  BC_AREF,
  BC_LOADV,
  BC_STOREV,
  BC_INCV,
  BC_DECV,
  BC_LOADA,
  BC_STOREA,
  BC_INCA,
  BC_DECA,
  BC_DUP,
  BC_SWAP,
  BC_POP,
  BC_ADD,
  BC_SUB,
  BC_MUL,
  BC_DIV,
  BC_MOD,
  BC_POW,
  BC_NEG,
  BC_NOT,
  BC_EQ,
  BC_NE,
  BC_LT,
  BC_LE,
  BC_GT,
  BC_GE,
  BC_JMP,
  BC_BNZ,
  BC_BZ,
  BC_CALL,
  BC_RET,
  BC_PRINTLN,
  BC_PRINT,
  BC_STR,
  BC_ESTR,
  BC_LENGTH,
  BC_SQRT,
  BC_SCALEF,
  BC_READ,
  BC_RANDOM,
  BC_HALT
} bc_op;

/* gpc: GNU bc's program counter after this instruction's bytes (for a
 * call, after the function number: the argument kinds follow). */
typedef struct bc_instr {
  uint8_t op;
  int32_t a, b;
  uint32_t gpc;
} bc_instr;

typedef struct bc_const {
  char *text;
  size_t len;
  int base; /* base of the cached value, 0: none */
  bcn val;
} bc_const;

typedef struct bc_code {
  bc_instr *ins;
  size_t n, cap;
  bc_const *k;
  size_t nk, kcap;
  char **s; /* strings of BC_STR / BC_ESTR */
  size_t *slen;
  size_t ns, scap;
  char *argk; /* argument kinds of calls: '0' value, '1' array */
  size_t nargk, argkcap;
  int32_t *labels; /* label -> instruction index, while compiling */
  size_t nlabels, labcap;
  uint32_t gpc;
} bc_code;

void bc_code_free(bcn_env *e, bc_code *c);

typedef struct bc_func {
  bool defined, is_void, lib;
  bc_code *code;
  int32_t *params; /* > 0 a variable, < 0 an array */
  bool *byref;
  uint32_t nparams;
  int32_t *autos;
  uint32_t nautos;
} bc_func;

/* A variable: a stack of values, the bottom one global (empty = 0). */
typedef struct bc_vstack {
  bcn *v;
  uint32_t n, cap;
} bc_vstack;

/* Arrays: a three-level radix tree over the 24-bit index. */
typedef struct bc_arr bc_arr;
typedef struct bc_ainst {
  bc_arr *data;
  bool ref; /* call by reference: data belongs to a caller */
} bc_ainst;
typedef struct bc_astack {
  bc_ainst *v;
  uint32_t n, cap;
} bc_astack;

typedef struct bc_frame {
  int32_t fn; /* function running (0: main) */
  const bc_code *code;
  size_t pc;
  int ibase; /* ibase when this function was called */
} bc_frame;

typedef struct bc_names {
  char **v;
  uint32_t n, cap;
  uint32_t scap; /* capacity of the matching slots array */
} bc_names;

typedef struct bc_state {
  bi_ctx *b;
  bcn_env env;
  bool std_only, warn, quiet;
  int line_size;
  /* symbols, numbered in order of first mention as GNU does: variables
   * from 5 (0-4: ibase obase scale history last), arrays and functions
   * from 1 */
  struct bc_sym *syms;
  bc_names vnames, anames, fnames;
  bc_vstack *vars;
  uint32_t nvars;
  bc_astack *arrs;
  uint32_t narrs;
  bc_func *funcs;
  uint32_t nfuncs;
  bool use_math;
  /* the machine */
  int ibase;
  long obase;
  int32_t scale;
  long history;
  bcn *stk;
  size_t nstk, stkcap;
  bc_frame *frames;
  size_t nframes, framecap, max_frames;
  bool rt_error;
  bool halted; /* halt or quit: stop reading and running */
  bool failed; /* output gone (epipe) or cancelled */
  int status;
  uint32_t rnd[34];
  int rnd_i;
  /* output: out_col as GNU's, BC_LINE_LENGTH wrapping */
  vsh_buf out;
  int out_col;
  /* read(): stdin */
  struct bc_input *stdin_src;
} bc_state;

/* bc_vm.c */
int bc_state_init(bc_state *st, bi_ctx *b);
void bc_state_dispose(bc_state *st);
/* Symbol numbers (created on first use). */
int32_t bc_var_num(bc_state *st, const char *name);
int32_t bc_arr_num(bc_state *st, const char *name);
int32_t bc_func_num(bc_state *st, const char *name, bool def);
/* Runs main code; returns false when bc must stop (halt, output gone,
 * cancelled). */
bool bc_execute(bc_state *st, const bc_code *code);
/* Output through GNU's out_char / out_schar column rules. */
void bc_out_char(bc_state *st, char c);
void bc_out_raw(bc_state *st, const char *s, size_t n);
bool bc_flush(bc_state *st);
/* A message on stderr (stdout is flushed first to keep the order). */
void bc_errf(bc_state *st, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
extern const char bc_libmath[];

/* bc.c: read() pulls characters from the standard input source. */
int bc_input_getc(struct bc_input *in);

/* ---- the front end (bc.c: sources and tokens; bc_parse.c: compiler) --- */

/* One input: a file (opened when reached), stdin or a string. */
typedef struct bc_input {
  bi_ctx *b;
  sh_stream *s; /* NULL: the string below */
  const char *str;
  char *buf;
  size_t pos, len, cap;
  bool eof;
  const char *name; /* for messages; NULL: (standard_in) */
  const char *path; /* a file still to open */
} bc_input;

typedef enum bc_tk {
  BCT_EOF,
  BCT_NL,
  BCT_NAME,
  BCT_NUMBER,
  BCT_STRING,
  BCT_ASSIGN,
  BCT_REL,
  BCT_INCDEC,
  BCT_AND,
  BCT_OR,
  BCT_NOT,
  BCT_PLUS,
  BCT_MINUS,
  BCT_STAR,
  BCT_SLASH,
  BCT_PERCENT,
  BCT_CARET,
  BCT_SEMI,
  BCT_LPAREN,
  BCT_RPAREN,
  BCT_LBRACE,
  BCT_RBRACE,
  BCT_LBRACK,
  BCT_RBRACK,
  BCT_COMMA,
  BCT_AMP,
  BCT_DEFINE,
  BCT_BREAK,
  BCT_QUIT,
  BCT_LENGTH,
  BCT_RETURN,
  BCT_FOR,
  BCT_IF,
  BCT_WHILE,
  BCT_SQRT,
  BCT_SCALE,
  BCT_IBASE,
  BCT_OBASE,
  BCT_AUTO,
  BCT_ELSE,
  BCT_READ,
  BCT_RANDOM,
  BCT_HALT,
  BCT_LAST,
  BCT_VOID,
  BCT_HISTORY,
  BCT_WARRANTY,
  BCT_CONTINUE,
  BCT_PRINT,
  BCT_LIMITS
} bc_tk;

typedef struct bc_token {
  bc_tk kind;
  char c;     /* operator: '=' '+' ... for ASSIGN/INCDEC; REL: = ! < { > } */
  char *text; /* NAME, NUMBER (cleaned), STRING (between the quotes) */
  size_t len;
} bc_token;

typedef struct bc_parser {
  bc_state *st;
  bc_input **srcs;
  size_t nsrcs, cur;
  unsigned line;
  bc_token tok;
  bool have_tok;
  int errstatus; /* bison's yyerrstatus */
  bool had_error, did_gen;
  bool item_started;
  bool stop; /* quit, end of input during recovery, fatal */
  bool in_lib;
  bc_code *code;
  int32_t cur_func;
  int32_t break_label, continue_label;
  int depth;
} bc_parser;

/* bc.c */
void bc_lex(bc_parser *p);
bool bc_next_source(bc_parser *p);
void bc_yyerror(bc_parser *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void bc_ct_warn(bc_parser *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void bc_fatal(bc_parser *p, const char *msg);
/* bc_parse.c: compiles and runs items until the end or quit/halt */
void bc_parse_program(bc_parser *p);
void bc_compile_lib(bc_parser *p);
bool bc_parser_start(bc_parser *p); /* false when out of memory */
void bc_parser_finish(bc_parser *p);

#endif /* VSH_BC_INT_H */
