/* parse.h: the bash 5.2 parser API.  Source text becomes ast.h nodes in a
 * refcounted parse unit; parsing is incremental (one complete top-level
 * command per call) because aliases and `shopt -s extglob` take effect
 * between top-level commands.  Syntax errors come back as bash's message
 * text plus a line number; the caller adds "vsh: line N: " and status 2. */
#ifndef VSH_SHELL_PARSE_H
#define VSH_SHELL_PARSE_H

#include "shell/parse/ast.h"

typedef struct sh_parser sh_parser;

typedef struct sh_parse_opts {
  const char *name;    /* unit name for messages (NULL: "vsh") */
  unsigned first_line; /* line number of the first source line (0: 1) */
  bool extglob;        /* shopt extglob at the start */
  unsigned max_depth;  /* nesting cap (0: 200) */
  size_t max_size;     /* source size cap in bytes (0: 64 MiB) */
  /* Alias lookup (NULL: none): returns the alias text (NUL-terminated,
   * valid during the call to sh_parser_next) or NULL. */
  const char *(*alias)(void *ud, const char *word, size_t len);
  void *ud;
  /* Warnings (NULL: none): bash's "here-document at line N delimited by
   * end-of-file (wanted `EOF')", with the line input ended on. */
  void (*warn)(void *ud, unsigned line, const char *msg);
  bool use_tree_sitter; /* structure from tree-sitter-bash, RD fallback */
} sh_parse_opts;

/* Creates a parser over a copy of src (in the new unit).  opts may be
 * NULL.  VSH_ELIMIT when len exceeds max_size, VSH_ENOMEM. */
int sh_parser_new(sh_parser **out, const char *src, size_t len,
                  const sh_parse_opts *opts);
/* Parses the next complete top-level command: everything up to the
 * unquoted newline that ends a complete command (heredoc bodies
 * included).  *out is a SH_NODE_LIST (never NULL while input remains;
 * NULL at end of input).  On a syntax error returns VSH_EINVAL, appends
 * bash's message (e.g. "syntax error near unexpected token `fi'") to msg
 * and sets *err_line; VSH_ELIMIT when the nesting cap is hit, VSH_ENOMEM.
 * After an error the parser stays at end of input. */
int sh_parser_next(sh_parser *p, sh_node **out, vsh_buf *msg,
                   unsigned *err_line);
void sh_parser_set_extglob(sh_parser *p, bool on);
/* Whether the last error was inside [[ ]]: bash reports it (or, for an
 * empty operand, says nothing) and ends with the status it had. */
bool sh_parser_cond_error(const sh_parser *p);
/* How far into the source the commands returned so far reach (a byte
 * offset: set -v prints the text up to there). */
size_t sh_parser_offset(sh_parser *p);
/* The unit holding every node returned so far (borrowed; take a ref to
 * keep it past sh_parser_free). */
sh_unit *sh_parser_unit(sh_parser *p);
void sh_parser_free(sh_parser *p);
/* Parses s into a word owned by p's unit: as the body of an unquoted
 * here-document ($ and ` expand, a backslash quotes only $ ` \ and
 * newline), or (subscript) as the text between an array's brackets.
 * 0, or a parse error code. */
int sh_parse_text(sh_parser *p, const char *s, size_t n, bool subscript,
                  sh_word **out);

/* Parses a whole script; on success *out holds a new unit (ref 1) whose
 * root is a SH_NODE_LIST of every command (NULL when empty). */
int sh_parse_all(sh_unit **out, const char *src, size_t len,
                 const sh_parse_opts *opts, vsh_buf *msg, unsigned *err_line);

void sh_unit_ref(sh_unit *u);
void sh_unit_unref(sh_unit *u);

/* Deterministic S-expression dump of a node tree (every field), appended
 * to out; n may be NULL ("-").  Used by tests and `vsh --dump-ast`. */
int sh_ast_dump(const sh_node *n, vsh_buf *out);
int sh_word_dump(const sh_word *w, vsh_buf *out);

#endif /* VSH_SHELL_PARSE_H */
