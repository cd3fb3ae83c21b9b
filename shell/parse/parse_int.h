/* parse_int.h: shared state of the recursive-descent parser (lex.c,
 * parse_word.c, parse.c, parse_cond.c) and the tree-sitter lowering
 * (ts_lower.c).  The lexer is character-level and context-sensitive like
 * bash's: the parser tells it the mode of the next token.  Errors unwind
 * with longjmp to the single boundary in parse.c (sh_parser_next); all
 * memory comes from the unit arena or parser-owned buffers, so an unwind
 * leaks nothing. */
#ifndef VSH_SHELL_PARSE_INT_H
#define VSH_SHELL_PARSE_INT_H

#include "shell/parse/parse.h"

#include <setjmp.h>

/* Input being read: the unit's copy of the script, an alias text pushed
 * over it, or a backquote body.  An alias frame remembers where the
 * outer input resumes. */
typedef struct sh_frame sh_frame;
struct sh_frame {
  sh_frame *parent;
  const char *s; /* outer input to resume */
  size_t n, pos;
  const char *alias; /* alias name being expanded (no self-recursion) */
  size_t alias_len;
  bool blank; /* the alias text ended in a blank */
};

typedef struct sh_lexpos {
  const char *s;
  size_t n, pos;
  unsigned line;
  sh_frame *frame;
} sh_lexpos;

typedef enum sh_tok_type {
  T_EOF,
  T_NEWLINE,
  T_WORD,      /* word, or assignment (assign != NULL) */
  T_ARITH_CMD, /* (( ... )) */
  T_SEMI,      /* ; */
  T_DSEMI,     /* ;; */
  T_SEMI_AND,  /* ;& */
  T_DSEMI_AND, /* ;;& */
  T_AMP,       /* & */
  T_AND_IF,    /* && */
  T_OR_IF,     /* || */
  T_PIPE,      /* | */
  T_PIPE_AMP,  /* |& */
  T_LPAREN,
  T_RPAREN,
  T_REDIR,
  T_BAD /* a character that starts no token in this mode */
} sh_tok_type;

/* Lexer modes: what the parser expects next. */
enum {
  M_CMD,    /* command position: assignments, reserved words, (( */
  M_ARG,    /* an ordinary word */
  M_DECL,   /* argument of declare & co: assignment-shaped words parse */
  M_COND,   /* inside [[ ]] */
  M_CASEPAT /* case pattern: | and ) end words, extglob always */
};

typedef struct sh_tok {
  sh_tok_type type;
  int mode;
  unsigned line;
  size_t start, end; /* byte offsets in the input that held the token */
  size_t pre;        /* offset before the blanks and comment ahead of it */
  const char *src;   /* that input */
  sh_lexpos at;      /* lexer position before the token (re-lex) */
  sh_word *word;
  sh_assign *assign;
  const char *text; /* unquoted literal text of a plain word, else NULL */
  size_t text_len;
  sh_redir_op rop;
  int fd;
  const char *fd_var;
  bool strip_tabs;
} sh_tok;

typedef struct sh_heredoc sh_heredoc;
struct sh_heredoc {
  sh_heredoc *next;
  sh_redir *r;
  const char *delim;
  size_t delim_len;
  unsigned line;
};

/* Word modes for sh_read_word. */
enum {
  W_NORMAL,    /* command word: metacharacters end it */
  W_ASSIGN,    /* assignment value: no brace expansion, tilde after = : */
  W_DQ,        /* inside "..." (stops at ") */
  W_HEREDOC,   /* unquoted heredoc body (stops at end of input) */
  W_PARAM,     /* ${x op WORD}: stops at } */
  W_PATTERN,   /* ${x/PAT/...}: stops at / or } */
  W_ARITH,     /* $(( )) (( )): stops at an unbalanced ) */
  W_CFOR,      /* for (( a; b; c )): stops at ; or an unbalanced ) */
  W_SUBSCRIPT, /* [ ... ]: stops at an unbalanced ] */
  W_SLICE_OFF, /* ${x:OFF:LEN} offset: stops at : (outside ?:) or } */
  W_COND,      /* [[ ]] operand */
  W_REGEX,     /* [[ x =~ RE ]] operand */
  W_CASEPAT,   /* case pattern */
  W_ELEM       /* array element value */
};

struct sh_parser {
  sh_unit *unit;
  vsh_arena *a;
  sh_parse_opts opts;
  bool extglob;
  unsigned max_depth;
  /* input */
  sh_lexpos in;
  const char *src; /* the unit's copy of the whole script */
  size_t src_len;
  unsigned eof_line; /* line bash reports for "unexpected end of file" */
  sh_heredoc *hd_head, *hd_tail; /* bodies to read after the next newline */
  bool alias_next;               /* the previous alias ended in a blank */
  /* one token of lookahead */
  bool have_tok;
  sh_tok tok;
  const char *last_src; /* input and end offset of the last consumed token */
  size_t last_end;
  /* literal text being assembled (a stack: nested words use the tail) */
  vsh_buf lit;
  unsigned depth;
  char eof_match; /* inside $( ): EOF is "looking for matching `)'" */
  /* error unwinding */
  jmp_buf *jb;
  int err;
  vsh_buf *msg;
  unsigned err_line;
  bool done;
  bool in_cond;  /* inside [[ ]]: bash keeps $? on an error there */
  bool cond_err; /* the error came from inside [[ ]] */
  void *ts;      /* ts_lower.c state, or NULL */
};

/* ---- parse.c ---- */
_Noreturn void sh_fail(sh_parser *p, int code, unsigned line, const char *fmt,
                       ...) __attribute__((format(printf, 4, 5)));
_Noreturn void sh_fail_token(sh_parser *p, const sh_tok *t);
_Noreturn void sh_fail_eof(sh_parser *p);
_Noreturn void sh_fail_match(sh_parser *p, unsigned line, char c);
void *sh_alloc(sh_parser *p, size_t n); /* zeroed */
char *sh_strdup(sh_parser *p, const char *s, size_t n);
void sh_enter(sh_parser *p, unsigned line);
#define sh_leave(p) ((p)->depth--)
/* Parses a list up to a token of type `until` (not consumed; T_RPAREN for
 * $( ), T_EOF for a backquote body); NULL when empty. */
sh_node *sh_parse_list_until(sh_parser *p, sh_tok_type until);
sh_node *sh_parse_complete(sh_parser *p); /* one top-level line */
/* Pieces the tree-sitter lowering re-uses at a byte position: */
sh_node *sh_rd_command(sh_parser *p);             /* one command */
void sh_rd_redirs(sh_parser *p, sh_node *n);      /* trailing redirs */
void sh_rd_cfor_header(sh_parser *p, sh_node *n); /* at "((" */
int sh_rd_next(sh_parser *p, sh_node **out);      /* boundary + complete */

/* ---- lex.c ---- */
int sh_ch(sh_parser *p);              /* current char (line continuations
                                    skipped), -1 at end */
int sh_peekc(sh_parser *p, size_t k); /* k chars ahead of sh_ch, -1 */
void sh_adv(sh_parser *p);            /* consume sh_ch */
int sh_rawc(sh_parser *p);            /* current byte, no continuation */
void sh_rawadv(sh_parser *p);
sh_tok *sh_peek(sh_parser *p, int mode);
void sh_consume(sh_parser *p);
void sh_skip_blanks(sh_parser *p);
void sh_read_heredocs(sh_parser *p);
bool sh_is_name(const char *s, size_t n);
/* Describes a token for "near unexpected token `X'". */
void sh_tok_text(sh_parser *p, const sh_tok *t, vsh_buf *out);
/* Runs fn over a separate input (a backquote body), then restores. */
sh_node *sh_parse_sub(sh_parser *p, const char *s, size_t n, unsigned line);

/* ---- parse_word.c ---- */
/* Reads a word in the given mode at the current position; an empty word
 * (no parts) is possible in the modes that allow it. */
sh_word *sh_read_word(sh_parser *p, int mode, unsigned flags);
enum {
  RW_EXTGLOB = 1u << 0,     /* extglob groups are part of the word */
  RW_INDQ = 1u << 1,        /* ${ } operand inside "...": ' is literal */
  RW_NOBRACE = 1u << 2,     /* no brace-expansion structure */
  RW_ELEM_NOTILDE = 1u << 3 /* an array element: x=~ is not assignment-
                               shaped (no ~ after its =) */
};
/* Reads an assignment at the current position if the text there has the
 * shape NAME[...]=, NAME+=; returns NULL (position unchanged) otherwise. */
sh_assign *sh_try_assign(sh_parser *p, int mode);
/* Parses text (already extracted) as a word of the given mode. */
sh_word *sh_word_from(sh_parser *p, const char *s, size_t n, unsigned line,
                      int mode, unsigned flags);
/* Quote removal of a heredoc delimiter's raw text; *quoted if any quote. */
void sh_heredoc_delim(sh_parser *p, const char *s, size_t n, const char **out,
                      size_t *len, bool *quoted);
/* Whether "((" at the current position opens arithmetic (bash's rule: the
 * parenthesis matching the second ( is followed by another )). */
bool sh_dparen_is_arith(sh_parser *p);

/* ---- parse_cond.c ---- */
sh_cond *sh_parse_cond(sh_parser *p); /* after [[, consumes ]] */

/* ts_lower.c: the structure from tree-sitter-bash, lowered statement by
 * statement (sh_parser_next calls these when p uses tree-sitter). */
int sh_ts_begin(sh_parser *p);
int sh_ts_next(sh_parser *p, sh_node **out);
void sh_ts_free(sh_parser *p);
/* The pinned grammar's entry point (tree-sitter-bash ships no header). */
const struct TSLanguage *tree_sitter_bash(void);

#endif /* VSH_SHELL_PARSE_INT_H */
