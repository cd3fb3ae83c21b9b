/* ast.h: vsh's own syntax tree for bash, the contract between the parser
 * (tree-sitter lowering plus the recursive-descent fallback) and the
 * executor.  Everything lives in one refcounted parse unit's arena, so a
 * function defined by a script keeps its unit alive after the exec that
 * parsed it.  Words keep their structure (quotes, expansions) because
 * expansion needs to know what was quoted; nothing here is expanded. */
#ifndef VSH_SHELL_AST_H
#define VSH_SHELL_AST_H

#include "core/core.h"

typedef struct sh_node sh_node;
typedef struct sh_word sh_word;
typedef struct sh_cond sh_cond;

/* ---- words ------------------------------------------------------------ */

typedef enum sh_part_kind {
  SH_PART_LIT,     /* unquoted text: globbing applies, may hold \-escapes
                      already removed (see quoted mask below) */
  SH_PART_SQ,      /* '...' or $'...' (decoded): literal, quoted */
  SH_PART_DQ,      /* "..." or $"...": parts inside, quoted */
  SH_PART_PARAM,   /* $x ${...} */
  SH_PART_CMDSUB,  /* $(...) and `...` */
  SH_PART_ARITH,   /* $((...)) and $[...] */
  SH_PART_PROCSUB, /* <(...) >(...) */
  SH_PART_TILDE,   /* ~ or ~name at the start of a word (or after = / :
                      in assignments) */
  SH_PART_BRACE,   /* {a,b,c} alternatives or {x..y[..step]} sequences */
  SH_PART_ESC      /* a backslash-escaped character in unquoted text: it
                      is literal (not a glob char) but not inside quotes */
} sh_part_kind;

/* ${...} operators. */
typedef enum sh_param_op {
  SH_POP_NONE,
  SH_POP_DEFAULT,      /* -   (colon variants set SH_PF_COLON) */
  SH_POP_ASSIGN,       /* = */
  SH_POP_ERROR,        /* ? */
  SH_POP_ALT,          /* + */
  SH_POP_PREFIX,       /* #  */
  SH_POP_PREFIX_LONG,  /* ## */
  SH_POP_SUFFIX,       /* %  */
  SH_POP_SUFFIX_LONG,  /* %% */
  SH_POP_REPLACE,      /* /pat/rep */
  SH_POP_REPLACE_ALL,  /* //pat/rep */
  SH_POP_REPLACE_PRE,  /* /#pat/rep */
  SH_POP_REPLACE_SUF,  /* /%pat/rep */
  SH_POP_UPPER_FIRST,  /* ^  */
  SH_POP_UPPER_ALL,    /* ^^ */
  SH_POP_LOWER_FIRST,  /* ,  */
  SH_POP_LOWER_ALL,    /* ,, */
  SH_POP_TOGGLE_FIRST, /* ~  (bash: case toggled) */
  SH_POP_TOGGLE_ALL,   /* ~~ */
  SH_POP_SUBSTR,       /* :offset[:length] (arg = offset, arg2 = length) */
  SH_POP_TRANSFORM,    /* @Q @E @P @A @a @U @u @L @K @k */
  SH_POP_BAD           /* text bash accepts when parsing but rejects with
                         "bad substitution" when expanded: name holds the
                         whole text between ${ and } */
} sh_param_op;

enum {
  SH_PF_COLON = 1u << 0,    /* :- := :? :+ (test for empty too) */
  SH_PF_LENGTH = 1u << 1,   /* ${#x} ${#a[@]} */
  SH_PF_INDIRECT = 1u << 2, /* ${!x} */
  SH_PF_KEYS = 1u << 3,     /* ${!a[@]} ${!a[*]} */
  SH_PF_PREFIX = 1u << 4,   /* ${!pre@} ${!pre*} */
  SH_PF_BRACED = 1u << 5,   /* written with braces */
  SH_PF_AT = 1u << 6,       /* subscript [@] (or ${!pre@}) */
  SH_PF_STAR = 1u << 7,     /* subscript [*] (or ${!pre*}) */
  SH_PF_HAS_LEN = 1u << 8   /* SUBSTR with a length */
};

typedef struct sh_param {
  const char *name; /* "x", "10", "@", "*", "#", "?", "-", "$", "!", "0" */
  size_t name_len;
  sh_word *index; /* [expr] subscript other than @ and *, or NULL */
  unsigned flags; /* SH_PF_* */
  sh_param_op op;
  sh_word *arg;   /* operand (word, pattern, offset) */
  sh_word *arg2;  /* replacement or substring length */
  char transform; /* for SH_POP_TRANSFORM: 'Q', 'E', 'P', ... */
  /* SH_POP_BAD: the string holding it as written (the word, the text in
   * double quotes, an operand), which bash's message names; or NULL */
  const char *bad_in;
  size_t bad_in_len;
} sh_param;

typedef struct sh_part {
  sh_part_kind kind;
  union {
    struct {
      const char *s; /* LIT, SQ, ESC: bytes (SQ may contain NUL? no: cut
                        at the first NUL as bash does) */
      size_t len;
    } text;
    struct {
      struct sh_part *parts; /* DQ */
      size_t n;
    } dq;
    sh_param param;
    struct {
      sh_node *body;  /* CMDSUB, PROCSUB (parsed at parse time) */
      bool backquote; /* written `...` */
      bool out;       /* PROCSUB: >( ) rather than <( ) */
    } sub;
    sh_word *arith; /* ARITH: the expression, expanded then evaluated */
    struct {
      const char *user; /* TILDE: "" for ~, "+" "-" or a name */
      size_t len;
      bool word_eq; /* after NAME= in an ordinary word (echo x=~): bash
                       expands it outside posix mode only */
    } tilde;
    struct {
      sh_word **alts; /* BRACE alternatives, each a word (may hold braces) */
      size_t n;
      bool is_seq; /* {x..y[..step]}: seq_* hold the raw texts */
      const char *seq_from, *seq_to, *seq_step;
    } brace;
  } u;
} sh_part;

struct sh_word {
  sh_part *parts;
  size_t n;
  unsigned line; /* 1-based source line */
  /* the text as written (within the parsed script, which outlives the
   * tree), for printing functions; NULL when it came from elsewhere */
  const char *src;
  size_t src_len;
};

/* ---- [[ ]] expressions -------------------------------------------------- */

typedef enum sh_cond_kind {
  SH_COND_AND,
  SH_COND_OR,
  SH_COND_NOT,
  SH_COND_UNARY,  /* op: "-f", "-z", "-n", "-v", ... ; l */
  SH_COND_BINARY, /* op: "==" "=" "!=" "=~" "<" ">" "-eq" "-nt" ... ; l r */
  SH_COND_WORD    /* a lone word: true when non-empty */
} sh_cond_kind;

struct sh_cond {
  sh_cond_kind kind;
  const char *op;
  sh_word *l, *r; /* for =~ the right word is the regex (quoted parts are
                     literal); for == != the right word is a pattern */
  sh_cond *a, *b; /* AND/OR/NOT operands */
  bool paren;     /* written in ( ) (for printing) */
};

/* ---- redirections -------------------------------------------------------- */

typedef enum sh_redir_op {
  SH_R_IN,         /* <   */
  SH_R_OUT,        /* >   */
  SH_R_APPEND,     /* >>  */
  SH_R_CLOBBER,    /* >|  */
  SH_R_RDWR,       /* <>  */
  SH_R_DUP_IN,     /* <&  (target "-" closes) */
  SH_R_DUP_OUT,    /* >&  (target "-" closes; `>&file` with no fd = &>) */
  SH_R_OUT_ERR,    /* &>  */
  SH_R_APPEND_ERR, /* &>> */
  SH_R_HEREDOC,    /* << and <<- (body below) */
  SH_R_HERESTR     /* <<< */
} sh_redir_op;

typedef struct sh_redir {
  sh_redir_op op;
  int fd;              /* explicit fd, or -1 for the default */
  const char *fd_var;  /* {var}>file: the variable name, else NULL */
  sh_word *target;     /* file, fd word, here-string; for heredocs the
                          body (a quoted delimiter makes it one SQ part) */
  bool strip_tabs;     /* <<- */
  bool heredoc_quoted; /* delimiter was quoted: no expansion */
  /* heredocs as written, for printing: the delimiter word and the body
   * (tabs already stripped for <<-) */
  const char *hd_delim, *hd_body;
  size_t hd_delim_len, hd_body_len;
} sh_redir;

/* ---- assignments ---------------------------------------------------------- */

typedef struct sh_array_elem {
  sh_word *key; /* [key]=value, or NULL for a positional element */
  sh_word *value;
  bool append; /* [key]+=value */
  /* the whole [key]=value read as a plain element, when it brace-expands:
   * bash 5.2 takes the expansion's words as plain elements of an indexed
   * array (a=([k]=-{a,b}-) holds "[k]=-a-" "[k]=-b-") */
  sh_word *braced;
} sh_array_elem;

typedef struct sh_assign {
  const char *name;
  size_t name_len;
  sh_word *index; /* a[i]=..., or NULL */
  bool append;    /* += */
  bool is_array;  /* name=( ... ) */
  sh_word *value; /* scalar value (may be an empty word), when !is_array */
  sh_array_elem *elems;
  size_t n_elems;
} sh_assign;

/* ---- commands -------------------------------------------------------------- */

typedef enum sh_node_kind {
  SH_NODE_SIMPLE,   /* assignments, words, redirections */
  SH_NODE_PIPELINE, /* cmds[0] | cmds[1] ...; bang; time */
  SH_NODE_AND,      /* a && b */
  SH_NODE_OR,       /* a || b */
  SH_NODE_LIST,     /* statements in sequence; each may be backgrounded */
  SH_NODE_SUBSHELL, /* ( list ) */
  SH_NODE_GROUP,    /* { list; } */
  SH_NODE_IF,
  SH_NODE_WHILE,
  SH_NODE_UNTIL,
  SH_NODE_FOR,  /* for name [in words]; do list; done */
  SH_NODE_CFOR, /* for (( init; cond; step )) */
  SH_NODE_SELECT,
  SH_NODE_CASE,
  SH_NODE_ARITH, /* (( expr )) */
  SH_NODE_COND,  /* [[ expr ]] */
  SH_NODE_FUNCDEF,
  SH_NODE_COPROC /* parsed; the executor refuses it clearly */
} sh_node_kind;

typedef enum sh_case_term {
  SH_CASE_BREAK,   /* ;;  */
  SH_CASE_FALL,    /* ;&  */
  SH_CASE_CONTINUE /* ;;& */
} sh_case_term;

typedef struct sh_case_item {
  sh_word **patterns;
  size_t n_patterns;
  sh_node *body; /* may be NULL (empty) */
  sh_case_term term;
} sh_case_item;

struct sh_node {
  sh_node_kind kind;
  unsigned line;    /* 1-based line where the command starts */
  sh_redir *redirs; /* redirections applying to the whole command */
  size_t n_redirs;
  union {
    struct {
      sh_assign *assigns;
      size_t n_assigns;
      sh_word **words;
      size_t n_words;
      /* NULL, or one per word: non-NULL where words[i] is an
       * assignment-shaped argument of declare/typeset/local/export/
       * readonly (`local a=(1 2)`, `declare x=~/y`), parsed as an
       * assignment.  words[i] is still the ordinary word (for an array
       * value, its raw text as one LIT part, as for let/eval/alias). */
      sh_assign **arg_assigns;
    } simple;
    struct {
      sh_node **cmds;
      size_t n;
      bool *pipe_err; /* pipe_err[i]: cmds[i] |& cmds[i+1] */
      bool bang;
      bool time; /* `time` keyword (time_posix for -p) */
      bool time_posix;
    } pipe;
    struct {
      sh_node *a, *b;
    } bin; /* AND, OR */
    struct {
      sh_node **items;
      bool *background; /* items[i] followed by & */
      size_t n;
    } list;
    struct {
      sh_node *body; /* SUBSHELL, GROUP */
    } group;
    struct {
      sh_node *cond, *then_part, *else_part; /* elif -> nested IF */
    } if_;
    struct {
      sh_node *cond, *body; /* WHILE, UNTIL */
    } loop;
    struct {
      const char *var;
      size_t var_len;
      sh_word **words; /* NULL with has_in false: "$@" */
      size_t n_words;
      bool has_in;
      sh_node *body; /* FOR, SELECT */
    } for_;
    struct {
      sh_word *init, *cond, *step; /* any may be NULL */
      sh_node *body;
    } cfor;
    struct {
      sh_word *subject;
      sh_case_item *items;
      size_t n_items;
    } case_;
    struct {
      sh_word *expr; /* ARITH */
    } arith;
    struct {
      sh_cond *expr; /* COND */
    } cond;
    struct {
      const char *name;
      size_t name_len;
      sh_node *body;   /* a compound command (with its own redirs) */
      const char *src; /* the definition's source text (declare -f) */
      size_t src_len;
    } func;
    struct {
      const char *name; /* COPROC */
      sh_node *body;
    } coproc;
  } u;
};

/* ---- parse units ------------------------------------------------------------ */

/* Owns the arena holding one parsed script; refcounted so function
 * definitions can outlive the exec that parsed them. */
typedef struct sh_unit {
  vsh_refcount rc;
  vsh_arena arena;
  sh_node *root;      /* a SH_NODE_LIST, or NULL for an empty script */
  const char *source; /* a copy of the script text */
  size_t source_len;
  const char *name; /* script name for messages ("vsh", a path, ...) */
} sh_unit;

#endif /* VSH_SHELL_AST_H */
