/* bc.c: an arbitrary precision calculator language (GNU bc 1.07.1).  The
 * files given, then stdin, are read as one stream; each line (or function
 * definition) is compiled as it completes and run at once, as GNU does:
 * quit acts while parsing, a syntax error drops its line and recovers as
 * bison's error rules do, errors say "(standard_in) N: ..." and runtime
 * errors "Runtime error (func=f, adr=N): ..." with GNU's code addresses.
 * Numbers, scales, output bases, line wrapping and -l agree with GNU.
 * Deviations: -c (print the compiled code) is not supported; read() at
 * the end of input is an error (GNU loops) and, when the program itself
 * comes from stdin, takes the program's next characters; warranty prints
 * a short notice; in -l library functions runtime error addresses differ;
 * numbers are capped (16M digits, total memory by the exec's limits) and
 * calls nest at most 10 * max_call_depth deep; array arguments are passed
 * by number without GNU's ibase slip; -i prints no banner or echo. */
#include "builtins/bc_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char usage_text[] =
    "  -h  --help         print this usage and exit\n"
    "  -i  --interactive  force interactive mode\n"
    "  -l  --mathlib      use the predefined math routines\n"
    "  -q  --quiet        don't print initial banner\n"
    "  -s  --standard     non-standard bc constructs are errors\n"
    "  -w  --warn         warn about non-standard bc constructs\n"
    "  -v  --version      print version information and exit\n";

enum { MAX_NEST = 1000, MAX_LABELS = 65535 };

/* ---- input sources -------------------------------------------------------- */

typedef struct bc_input {
  bi_ctx *b;
  sh_stream *s;     /* NULL: the string below */
  const char *str;
  char *buf;
  size_t pos, len, cap;
  bool eof;
  const char *name; /* for messages; NULL: (standard_in) */
  const char *path; /* a file still to open */
} bc_input;

static int in_fill(bc_input *in) {
  if (in->eof) return 0;
  if (!in->s) {
    in->eof = true;
    return 0;
  }
  if (in->pos > 0 && in->pos == in->len) in->pos = in->len = 0;
  if (in->pos > 65536) {
    memmove(in->buf, in->buf + in->pos, in->len - in->pos);
    in->len -= in->pos;
    in->pos = 0;
  }
  if (in->cap - in->len < 65536) {
    size_t nc = in->cap ? in->cap * 2 : 131072;
    char *t = realloc(in->buf, nc);
    if (!t) return VSH_ENOMEM;
    in->buf = t;
    in->cap = nc;
  }
  if (bi_cancelled(in->b)) return VSH_EABORTED;
  int64_t got = sh_stream_read(in->s, in->buf + in->len, in->cap - in->len,
                               in->b->sh ? in->b->sh->ex : NULL);
  if (got < 0) return (int)got;
  if (got == 0) in->eof = true;
  in->len += (size_t)got;
  return 0;
}

/* The character k ahead, or -1 at the end (or on an error). */
static int in_peek(bc_input *in, size_t k) {
  if (!in->s) {
    size_t i = in->pos + k;
    return i < in->len ? (unsigned char)in->str[i] : -1;
  }
  while (in->len - in->pos <= k && !in->eof)
    if (in_fill(in)) {
      in->eof = true;
      break;
    }
  return in->len - in->pos > k ? (unsigned char)in->buf[in->pos + k] : -1;
}

static int in_get(bc_input *in) {
  int c = in_peek(in, 0);
  if (c >= 0) in->pos++;
  return c;
}

int bc_input_getc(bc_input *in) { return in_get(in); }

/* ---- tokens ----------------------------------------------------------------- */

typedef enum tk {
  T_EOF, T_NL, T_NAME, T_NUMBER, T_STRING, T_ASSIGN, T_REL, T_INCDEC,
  T_AND, T_OR, T_NOT, T_PLUS, T_MINUS, T_STAR, T_SLASH, T_PERCENT, T_CARET,
  T_SEMI, T_LPAREN, T_RPAREN, T_LBRACE, T_RBRACE, T_LBRACK, T_RBRACK,
  T_COMMA, T_AMP,
  T_DEFINE, T_BREAK, T_QUIT, T_LENGTH, T_RETURN, T_FOR, T_IF, T_WHILE,
  T_SQRT, T_SCALE, T_IBASE, T_OBASE, T_AUTO, T_ELSE, T_READ, T_RANDOM,
  T_HALT, T_LAST, T_VOID, T_HISTORY, T_WARRANTY, T_CONTINUE, T_PRINT,
  T_LIMITS
} tk;

static const char *const keywords[] = {
    "define", "break",  "quit",  "length", "return", "for",     "if",
    "while",  "sqrt",   "scale", "ibase",  "obase",  "auto",    "else",
    "read",   "random", "halt",  "last",   "void",   "history", "warranty",
    "continue", "print", "limits"};

typedef struct token {
  tk kind;
  char c;     /* operator: '=' '+' ... for ASSIGN/INCDEC; REL: = ! < { > } */
  char *text; /* NAME, NUMBER (cleaned), STRING (between the quotes) */
  size_t len;
} token;

/* ---- the parser -------------------------------------------------------------- */

typedef struct named {
  bool array;
  int32_t num;
} named;

typedef struct parser {
  bc_state *st;
  bc_input **srcs;
  size_t nsrcs, cur;
  unsigned line;
  token tok;
  bool have_tok;
  int errstatus;  /* bison's yyerrstatus */
  bool had_error, did_gen;
  bool item_started;
  bool stop;      /* quit, end of input during recovery, fatal */
  bool in_lib;
  bc_code *code;
  int32_t cur_func;
  int32_t break_label, continue_label;
  int depth;
} parser;

static const char *src_name(parser *p) {
  if (p->cur >= p->nsrcs) return "(standard_in)";
  const char *n = p->srcs[p->cur]->name;
  return n ? n : "(standard_in)";
}

static void yyerror(parser *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void yyerror(parser *p, const char *fmt, ...) {
  char msg[600];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  bc_errf(p->st, "%s %u: %s\n", src_name(p), p->line, msg);
  p->had_error = true;
}

static void ct_warn(parser *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void ct_warn(parser *p, const char *fmt, ...) {
  if (p->in_lib || (!p->st->std_only && !p->st->warn)) return;
  char msg[600];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (p->st->std_only) {
    bc_errf(p->st, "%s %u: Error: %s\n", src_name(p), p->line, msg);
    p->had_error = true;
  } else {
    bc_errf(p->st, "%s %u: (Warning) %s\n", src_name(p), p->line, msg);
  }
}

static void fatal(parser *p, const char *msg) {
  bc_errf(p->st, "%s\n", msg);
  p->st->status = 1;
  p->stop = true;
}

/* The next source after the current one ends (GNU's yywrap): line
 * numbers restart at 1, a file that cannot be read ends bc. */
static bool next_source(parser *p) {
  p->cur++;
  p->line = 1;
  if (p->cur >= p->nsrcs) return false;
  bc_input *in = p->srcs[p->cur];
  if (in->path) {
    const char *path = strcmp(in->path, "-") ? in->path : "./-";
    int rc = bi_open_input(p->st->b, path, &in->s);
    if (rc == VSH_EISDIR) {
      bc_errf(p->st, "%s 1: read() in flex scanner failed\n", in->name);
      p->st->status = 1;
      p->stop = true;
      return false;
    }
    if (rc) {
      bc_errf(p->st, "File %s is unavailable.\n", in->path);
      p->st->status = 1;
      p->stop = true;
      return false;
    }
    in->path = NULL;
  }
  return true;
}

static bc_input *cur_in(parser *p) {
  return p->cur < p->nsrcs ? p->srcs[p->cur] : NULL;
}

static bool is_digit(int c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z');
}

static void illegal(parser *p, int c) {
  signed char sc = (signed char)c;
  if (sc < ' ') yyerror(p, "illegal character: ^%c", (char)(sc + '@'));
  else if (sc > '~') yyerror(p, "illegal character: \\%03o", (int)sc);
  else yyerror(p, "illegal character: %c", sc);
}

static bool text_set(parser *p, vsh_buf *b) {
  if (b->len > p->st->env.max_digits * 2 + 1024) {
    fatal(p, "Fatal error: Out of memory for malloc.");
    return false;
  }
  size_t len = b->len;
  p->tok.text = vsh__buf_steal(b, &len);
  p->tok.len = len;
  if (!p->tok.text) {
    fatal(p, "Fatal error: Out of memory for malloc.");
    return false;
  }
  return true;
}

/* A number: GNU drops a trailing '.', leading zeros (keeping one) and
 * backslash-newlines. */
static void lex_number(parser *p, bc_input *in) {
  vsh_buf raw = {0};
  bool dot = false;
  for (;;) {
    int c = in_peek(in, 0);
    if (is_digit(c)) {
      vsh__buf_putc(&raw, (char)c);
      in->pos++;
    } else if (c == '\\' && in_peek(in, 1) == '\n') {
      in->pos += 2;
      p->line++;
    } else if (c == '.' && !dot) {
      dot = true;
      vsh__buf_putc(&raw, '.');
      in->pos++;
    } else {
      break;
    }
    if ((raw.len & 4095) == 0 && bi_cancelled(p->st->b)) break;
  }
  if (raw.len && raw.data[raw.len - 1] == '.') raw.len--;
  size_t s = 0;
  while (s < raw.len && raw.data[s] == '0') s++;
  if (s == raw.len && s) s--;
  vsh_buf out = {0};
  vsh__buf_append(&out, raw.data + s, raw.len - s);
  if (!out.data) vsh__buf_putc(&out, '0');
  vsh_buf_dispose(&raw);
  p->tok.kind = T_NUMBER;
  if (!text_set(p, &out)) vsh_buf_dispose(&out);
}

static void lex(parser *p) {
  memset(&p->tok, 0, sizeof p->tok);
  for (;;) {
    bc_input *in = cur_in(p);
    if (!in || p->stop) {
      p->tok.kind = T_EOF;
      return;
    }
    int c = in_peek(in, 0);
    if (c < 0) {
      if (!next_source(p)) {
        p->tok.kind = T_EOF;
        return;
      }
      continue;
    }
    int c1 = in_peek(in, 1);
    if (c == ' ' || c == '\t') {
      in->pos++;
      continue;
    }
    if (c == '\\' && c1 == '\n') {
      in->pos += 2;
      p->line++;
      continue;
    }
    if (c == '\n') {
      in->pos++;
      p->line++;
      p->tok.kind = T_NL;
      return;
    }
    if (c == '#') {
      in->pos++;
      if (p->st->std_only) {
        yyerror(p, "illegal character: #");
        continue;
      }
      while ((c = in_peek(in, 0)) >= 0 && c != '\n') in->pos++;
      continue;
    }
    if (c == '/' && c1 == '*') {
      in->pos += 2;
      for (;;) {
        in = cur_in(p);
        c = in ? in_get(in) : -1;
        if (c < 0) {
          if (in && next_source(p)) continue;
          if (p->stop) return;
          bc_errf(p->st, "EOF encountered in a comment.\n");
          break;
        }
        if (c == '\n') p->line++;
        if (c == '*' && in_peek(in, 0) == '/') {
          in->pos++;
          break;
        }
      }
      continue;
    }
    if (c == '"') {
      size_t k = 1;
      int d;
      while ((d = in_peek(in, k)) >= 0 && d != '"') {
        k++;
        if ((k & 65535) == 0 && bi_cancelled(p->st->b)) break;
      }
      if (d != '"') {
        in->pos++;
        illegal(p, '"');
        continue;
      }
      vsh_buf s = {0};
      bool nul = false;
      for (size_t i = 1; i < k; i++) {
        char ch = in->buf ? in->buf[in->pos + i] : in->str[in->pos + i];
        if (ch == '\n') p->line++;
        if (!ch) nul = true;
        if (!nul) vsh__buf_putc(&s, ch);
      }
      in->pos += k + 1;
      if (nul) yyerror(p, "NUL character in string.");
      p->tok.kind = T_STRING;
      if (!s.data) vsh__buf_putc(&s, 0), s.len = 0;
      if (!text_set(p, &s)) vsh_buf_dispose(&s);
      return;
    }
    if (is_digit(c)) {
      lex_number(p, in);
      return;
    }
    if (c == '.') {
      size_t k = 1;
      while (in_peek(in, k) == '\\' && in_peek(in, k + 1) == '\n' && k < 65536)
        k += 2;
      if (is_digit(in_peek(in, k))) {
        lex_number(p, in);
        return;
      }
      in->pos++;
      p->tok.kind = T_LAST;
      return;
    }
    if (c >= 'a' && c <= 'z') {
      vsh_buf s = {0};
      while (((c = in_peek(in, 0)) >= 'a' && c <= 'z') ||
             (c >= '0' && c <= '9') || c == '_') {
        vsh__buf_putc(&s, (char)c);
        in->pos++;
      }
      for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
        if (s.len == strlen(keywords[i]) && !memcmp(s.data, keywords[i], s.len)) {
          vsh_buf_dispose(&s);
          p->tok.kind = (tk)(T_DEFINE + i);
          return;
        }
      p->tok.kind = T_NAME;
      if (!text_set(p, &s)) vsh_buf_dispose(&s);
      return;
    }
    in->pos++;
    p->tok.c = (char)c;
    switch (c) {
    case '+':
    case '-':
      if (c1 == c) {
        in->pos++;
        p->tok.kind = T_INCDEC;
      } else if (c1 == '=') {
        in->pos++;
        p->tok.kind = T_ASSIGN;
      } else {
        p->tok.kind = c == '+' ? T_PLUS : T_MINUS;
      }
      return;
    case '*': case '/': case '%': case '^':
      if (c1 == '=') {
        in->pos++;
        p->tok.kind = T_ASSIGN;
      } else {
        p->tok.kind = c == '*' ? T_STAR : c == '/' ? T_SLASH
                    : c == '%' ? T_PERCENT : T_CARET;
      }
      return;
    case '=':
      if (c1 == '=') {
        in->pos++;
        p->tok.kind = T_REL;
      } else {
        p->tok.kind = T_ASSIGN;
      }
      return;
    case '<':
    case '>':
      p->tok.kind = T_REL;
      if (c1 == '=') {
        in->pos++;
        p->tok.c = c == '<' ? '{' : '}';
      }
      return;
    case '!':
      if (c1 == '=') {
        in->pos++;
        p->tok.kind = T_REL;
      } else {
        p->tok.kind = T_NOT;
      }
      return;
    case '&':
      if (c1 == '&') {
        in->pos++;
        p->tok.kind = T_AND;
      } else {
        p->tok.kind = T_AMP;
      }
      return;
    case '|':
      if (c1 == '|') {
        in->pos++;
        p->tok.kind = T_OR;
        return;
      }
      break;
    case ';': p->tok.kind = T_SEMI; return;
    case '(': p->tok.kind = T_LPAREN; return;
    case ')': p->tok.kind = T_RPAREN; return;
    case '{': p->tok.kind = T_LBRACE; return;
    case '}': p->tok.kind = T_RBRACE; return;
    case '[': p->tok.kind = T_LBRACK; return;
    case ']': p->tok.kind = T_RBRACK; return;
    case ',': p->tok.kind = T_COMMA; return;
    default: break;
    }
    illegal(p, c);
  }
}

static token *peek(parser *p) {
  if (!p->have_tok) {
    lex(p);
    p->have_tok = true;
  }
  return &p->tok;
}

static void drop(parser *p) {
  free(p->tok.text);
  memset(&p->tok, 0, sizeof p->tok);
  p->have_tok = false;
}

/* A shift: the token is used. */
static void consume(parser *p) {
  drop(p);
  if (p->errstatus > 0) p->errstatus--;
  p->item_started = true;
}

static char *take_text(parser *p) {
  char *t = p->tok.text;
  p->tok.text = NULL;
  return t;
}

static void syntax_error(parser *p) {
  peek(p);
  if (p->errstatus == 0) {
    yyerror(p, "syntax error");
  } else if (p->errstatus == 3) {
    if (p->tok.kind == T_EOF) p->stop = true;
    else drop(p);
  }
}

static bool expect(parser *p, tk kind) {
  if (peek(p)->kind == kind) {
    consume(p);
    return true;
  }
  syntax_error(p);
  return false;
}

/* ---- code generation -------------------------------------------------------- */

enum { EX_ASSGN = 0, EX_REG = 1, EX_COMP = 2, EX_PAREN = 4, EX_VOID = 8,
       EX_EMPTY = 16 };

static uint32_t nb(int32_t n) { return n < 128 ? 1 : 2; }

static bool code_fit(parser *p, void **v, size_t *cap, size_t n, size_t size) {
  if (n < *cap) return true;
  size_t nc = *cap ? *cap * 2 : 16;
  if (p->st->env.bytes + (nc - *cap) * size > p->st->env.max_bytes) {
    fatal(p, "Fatal error: Out of memory for malloc.");
    return false;
  }
  void *t = realloc(*v, nc * size);
  if (!t) {
    fatal(p, "Fatal error: Out of memory for malloc.");
    return false;
  }
  p->st->env.bytes += (nc - *cap) * size;
  *v = t;
  *cap = nc;
  return true;
}

/* Appends an instruction worth `bytes` bytes of GNU code; its error
 * address is the counter after them, less `back`. */
static void emit_b(parser *p, bc_op op, int32_t a, int32_t b, uint32_t bytes,
                   uint32_t back) {
  bc_code *c = p->code;
  p->did_gen = true;
  if (p->stop || !code_fit(p, (void **)&c->ins, &c->cap, c->n, sizeof *c->ins))
    return;
  c->gpc += bytes;
  c->ins[c->n++] = (bc_instr){(uint8_t)op, a, b, c->gpc - back};
}

static void emit(parser *p, bc_op op, int32_t a, uint32_t bytes) {
  emit_b(p, op, a, 0, bytes, 0);
}

static int32_t new_label(parser *p) {
  bc_code *c = p->code;
  if (c->nlabels >= MAX_LABELS) {
    fatal(p, "Program too big.");
    return 0;
  }
  if (!code_fit(p, (void **)&c->labels, &c->labcap, c->nlabels + 1,
                sizeof(int32_t)))
    return 0;
  if (!c->nlabels) c->labels[c->nlabels++] = -1; /* 0 means "no label" */
  c->labels[c->nlabels] = -1;
  return (int32_t)c->nlabels++;
}

static void def_label(parser *p, int32_t l) {
  if (!p->stop && (size_t)l < p->code->nlabels)
    p->code->labels[l] = (int32_t)p->code->n;
}

static void emit_jump(parser *p, bc_op op, int32_t label) {
  emit(p, op, label, 3);
}

static void emit_const(parser *p, char *text, size_t len) {
  bc_code *c = p->code;
  if (!code_fit(p, (void **)&c->k, &c->kcap, c->nk, sizeof *c->k)) {
    free(text);
    return;
  }
  c->k[c->nk] = (bc_const){text, len, 0, {0}};
  emit(p, BC_CONST, (int32_t)c->nk++, (uint32_t)len + 2);
}

static void emit_str(parser *p, bc_op op, char *text, size_t len) {
  bc_code *c = p->code;
  size_t cap = c->scap;
  if (!code_fit(p, (void **)&c->s, &c->scap, c->ns, sizeof *c->s)) {
    free(text);
    return;
  }
  if (c->scap != cap) {
    size_t *t = realloc(c->slen, c->scap * sizeof *t);
    if (!t) {
      free(text);
      fatal(p, "Fatal error: Out of memory for malloc.");
      return;
    }
    c->slen = t;
  }
  c->s[c->ns] = text;
  c->slen[c->ns] = len;
  emit(p, op, (int32_t)c->ns++, (uint32_t)len + 2);
}

/* Resolves jumps.  Code kept after a syntax error that bison did not
 * report may jump to a label never placed (GNU then jumps to garbage or
 * crashes): such a jump goes to `end`. */
static void code_finish(bc_code *c, size_t end) {
  for (size_t i = 0; i < c->n; i++) {
    bc_instr *in = &c->ins[i];
    if (in->op == BC_JMP || in->op == BC_BNZ || in->op == BC_BZ) {
      if (in->a <= 0 || (size_t)in->a >= c->nlabels || c->labels[in->a] < 0)
        in->a = (int32_t)end;
      else
        in->a = c->labels[in->a];
    }
  }
}

static bc_code *code_new(parser *p) {
  bc_code *c = calloc(1, sizeof *c);
  if (!c) fatal(p, "Fatal error: Out of memory for malloc.");
  return c;
}

/* GNU's lookup(): numbers a name, warning about long ones. */
static int32_t lookup(parser *p, const char *name, int kind) {
  if (strlen(name) != 1) ct_warn(p, "multiple letter name - %s", name);
  int32_t n = kind == 0   ? bc_var_num(p->st, name)
              : kind == 1 ? bc_arr_num(p->st, name)
                          : bc_func_num(p->st, name, kind == 3);
  if (n == -2) {
    yyerror(p, kind == 0 ? "Too many variables"
               : kind == 1 ? "Too many array variables" : "Too many functions");
    p->st->status = 1;
    p->stop = true;
    return 0;
  }
  if (n < 0) {
    fatal(p, "Fatal error: Out of memory for malloc.");
    return 0;
  }
  return n;
}

/* ---- expressions -------------------------------------------------------------- */

static bool parse_expr(parser *p, int min, int *flags);

static bool nest(parser *p) {
  if (++p->depth > MAX_NEST || sh_stack_low(p->st->b->sh)) {
    yyerror(p, "memory exhausted");
    p->stop = true;
    return false;
  }
  return true;
}

static bool starts_expr(tk k) {
  switch (k) {
  case T_NAME: case T_NUMBER: case T_LPAREN: case T_MINUS: case T_NOT:
  case T_INCDEC: case T_LENGTH: case T_SQRT: case T_SCALE: case T_READ:
  case T_RANDOM: case T_IBASE: case T_OBASE: case T_LAST: case T_HISTORY:
    return true;
  default:
    return false;
  }
}

static bool starts_stmt(tk k) {
  switch (k) {
  case T_WARRANTY: case T_LIMITS: case T_STRING: case T_BREAK:
  case T_CONTINUE: case T_QUIT: case T_HALT: case T_RETURN: case T_FOR:
  case T_IF: case T_WHILE: case T_LBRACE: case T_PRINT:
    return true;
  default:
    return starts_expr(k);
  }
}

static void emit_load(parser *p, named n) {
  emit(p, n.array ? BC_LOADA : BC_LOADV, n.num, 1 + nb(n.num));
}

/* After a named expression: an assignment, ++/-- or a plain load. */
static bool named_rest(parser *p, named n, int *flags) {
  token *t = peek(p);
  if (t->kind == T_ASSIGN) {
    char op = t->c;
    if (op != '=') {
      if (n.array) emit(p, BC_DUP, 0, 1);
      emit_load(p, n);
    }
    consume(p);
    int f2;
    if (!parse_expr(p, 6, &f2)) return false;
    if (f2 & EX_VOID) yyerror(p, "Assignment of a void expression");
    if (op != '=') {
      static const char ops[] = "+-*/%^";
      static const bc_op codes[] = {BC_ADD, BC_SUB, BC_MUL,
                                    BC_DIV, BC_MOD, BC_POW};
      emit(p, codes[strchr(ops, op) - ops], 0, 1);
    }
    emit(p, n.array ? BC_STOREA : BC_STOREV, n.num, 1 + nb(n.num));
    *flags = EX_ASSGN;
    return true;
  }
  if (t->kind == T_INCDEC) {
    bool inc = t->c == '+';
    consume(p);
    if (n.array) {
      emit(p, BC_DUP, 0, 1);
      emit(p, BC_LOADA, n.num, 1 + nb(n.num));
      emit(p, BC_SWAP, 0, 1);
      emit(p, inc ? BC_INCA : BC_DECA, n.num, 1 + nb(n.num));
    } else {
      emit(p, BC_LOADV, n.num, 1 + nb(n.num));
      emit(p, inc ? BC_INCV : BC_DECV, n.num, 1 + nb(n.num));
    }
    *flags = EX_REG;
    return true;
  }
  emit_load(p, n);
  *flags = EX_REG;
  return true;
}

/* NAME '[' expression ']' after the NAME and '[' were read. */
static bool array_elem(parser *p, const char *name, named *n) {
  int fi;
  if (!parse_expr(p, 1, &fi)) return false;
  if (!expect(p, T_RBRACK)) return false;
  if (fi & EX_VOID) yyerror(p, "void expression as subscript");
  if (fi & EX_COMP) ct_warn(p, "comparison in subscript");
  *n = (named){true, lookup(p, name, 1)};
  return !p->stop;
}

static bool call_args(parser *p, char *name, int *flags);

/* An expression that starts with NAME (already consumed). */
static bool name_primary(parser *p, char *name, int *flags) {
  token *t = peek(p);
  named n;
  bool ok;
  if (t->kind == T_LPAREN) {
    consume(p);
    return call_args(p, name, flags);
  }
  if (t->kind == T_LBRACK) {
    consume(p);
    ok = array_elem(p, name, &n);
  } else {
    n = (named){false, lookup(p, name, 0)};
    ok = !p->stop;
  }
  free(name);
  return ok && named_rest(p, n, flags);
}

static bool binary_rest(parser *p, int min, int f, int *flags);

static bool call_args(parser *p, char *name, int *flags) {
  vsh_buf kinds = {0};
  bool ok = true;
  if (peek(p)->kind != T_RPAREN) {
    for (;;) {
      int f = EX_REG;
      bool arr = false;
      if (peek(p)->kind == T_NAME) {
        char *an = take_text(p);
        consume(p);
        if (peek(p)->kind == T_LBRACK) {
          consume(p);
          if (peek(p)->kind == T_RBRACK) {
            consume(p);
            int32_t a = lookup(p, an, 1);
            char digits[16];
            int nd = snprintf(digits, sizeof digits, "%d", a);
            emit(p, BC_AREF, a, (uint32_t)nd + 2);
            arr = true;
            free(an);
          } else {
            named n;
            int f1;
            ok = array_elem(p, an, &n);
            free(an);
            ok = ok && named_rest(p, n, &f1) && binary_rest(p, 1, f1, &f);
          }
        } else {
          int f1;
          ok = name_primary(p, an, &f1) && binary_rest(p, 1, f1, &f);
        }
      } else {
        ok = parse_expr(p, 1, &f);
      }
      if (!ok) break;
      if (!arr) {
        if (f & EX_COMP) ct_warn(p, "comparison in argument");
        if (f & EX_VOID) yyerror(p, "void argument");
      }
      vsh__buf_putc(&kinds, arr ? '1' : '0');
      if (peek(p)->kind != T_COMMA) break;
      consume(p);
    }
  }
  ok = ok && expect(p, T_RPAREN);
  int32_t fn = ok ? lookup(p, name, 2) : 0;
  free(name);
  if (!ok || p->stop) {
    vsh_buf_dispose(&kinds);
    return false;
  }
  bc_code *c = p->code;
  size_t need = c->nargk + kinds.len + 1;
  while (c->argkcap < need + 1)
    if (!code_fit(p, (void **)&c->argk, &c->argkcap, c->argkcap,
                  sizeof(char))) {
      vsh_buf_dispose(&kinds);
      return false;
    }
  size_t at = c->nargk;
  if (kinds.len) memcpy(c->argk + at, kinds.data, kinds.len);
  c->argk[at + kinds.len] = ':';
  c->nargk = need;
  uint32_t fb = 1 + nb(fn);
  emit_b(p, BC_CALL, fn, (int32_t)at, fb + (uint32_t)kinds.len + 1,
         (uint32_t)kinds.len + 1);
  vsh_buf_dispose(&kinds);
  *flags = p->st->funcs[fn].is_void ? EX_VOID : EX_REG;
  return true;
}

/* A named expression for ++/-- prefixes. */
static bool named_expr(parser *p, named *n) {
  token *t = peek(p);
  switch (t->kind) {
  case T_NAME: {
    char *name = take_text(p);
    consume(p);
    if (peek(p)->kind == T_LBRACK) {
      consume(p);
      bool ok = array_elem(p, name, n);
      free(name);
      return ok;
    }
    *n = (named){false, lookup(p, name, 0)};
    free(name);
    return !p->stop;
  }
  case T_IBASE: *n = (named){false, 0}; break;
  case T_OBASE: *n = (named){false, 1}; break;
  case T_SCALE: *n = (named){false, 2}; break;
  case T_HISTORY:
    *n = (named){false, 3};
    ct_warn(p, "History variable");
    break;
  case T_LAST:
    *n = (named){false, 4};
    ct_warn(p, "Last variable");
    break;
  default:
    syntax_error(p);
    return false;
  }
  consume(p);
  return true;
}

static bool builtin_call(parser *p, bc_op op, const char *what, int *flags) {
  consume(p);
  int f;
  if (!expect(p, T_LPAREN) || !parse_expr(p, 1, &f) || !expect(p, T_RPAREN))
    return false;
  if (f & EX_VOID) yyerror(p, "void expression in %s()", what);
  emit(p, op, 0, 2);
  *flags = EX_REG;
  return true;
}

static bool parse_unary(parser *p, int *flags) {
  if (!nest(p)) return false;
  bool ok = true;
  int f;
  token *t = peek(p);
  switch (t->kind) {
  case T_MINUS:
    consume(p);
    ok = parse_unary(p, &f);
    if (ok) {
      if (f & EX_VOID) yyerror(p, "void expression with unary -");
      emit(p, BC_NEG, 0, 1);
      *flags = f & ~EX_PAREN;
    }
    break;
  case T_NOT:
    consume(p);
    ok = parse_expr(p, 4, &f);
    if (ok) {
      if (f & EX_VOID) yyerror(p, "void expression with !");
      *flags = f & ~EX_PAREN;
      ct_warn(p, "! operator");
      emit(p, BC_NOT, 0, 1);
    }
    break;
  case T_INCDEC: {
    bool inc = t->c == '+';
    named n;
    consume(p);
    ok = named_expr(p, &n);
    if (!ok) break;
    if (n.array) {
      emit(p, BC_DUP, 0, 1);
      emit(p, inc ? BC_INCA : BC_DECA, n.num, 1 + nb(n.num));
      emit(p, BC_LOADA, n.num, 1 + nb(n.num));
    } else {
      emit(p, inc ? BC_INCV : BC_DECV, n.num, 1 + nb(n.num));
      emit(p, BC_LOADV, n.num, 1 + nb(n.num));
    }
    *flags = EX_REG;
    break;
  }
  case T_NUMBER: {
    size_t len = t->len;
    char *text = take_text(p);
    consume(p);
    if (len == 1 && (text[0] == '0' || text[0] == '1')) {
      emit(p, text[0] == '0' ? BC_PUSH0 : BC_PUSH1, 0, 1);
      free(text);
    } else {
      emit_const(p, text, len);
    }
    *flags = EX_REG;
    break;
  }
  case T_LPAREN:
    consume(p);
    ok = parse_expr(p, 1, &f) && expect(p, T_RPAREN);
    if (ok) {
      if (f & EX_VOID) yyerror(p, "void expression in parenthesis");
      *flags = f | EX_REG | EX_PAREN;
    }
    break;
  case T_NAME: {
    char *name = take_text(p);
    consume(p);
    ok = name_primary(p, name, flags);
    break;
  }
  case T_LENGTH: ok = builtin_call(p, BC_LENGTH, "length", flags); break;
  case T_SQRT: ok = builtin_call(p, BC_SQRT, "sqrt", flags); break;
  case T_READ:
  case T_RANDOM: {
    bool rd = t->kind == T_READ;
    consume(p);
    ok = expect(p, T_LPAREN) && expect(p, T_RPAREN);
    if (ok) {
      ct_warn(p, rd ? "read function" : "random function");
      emit(p, rd ? BC_READ : BC_RANDOM, 0, 2);
      *flags = EX_REG;
    }
    break;
  }
  case T_SCALE:
    consume(p);
    if (peek(p)->kind == T_LPAREN) {
      consume(p);
      ok = parse_expr(p, 1, &f) && expect(p, T_RPAREN);
      if (ok) {
        if (f & EX_VOID) yyerror(p, "void expression in scale()");
        emit(p, BC_SCALEF, 0, 2);
        *flags = EX_REG;
      }
    } else {
      ok = named_rest(p, (named){false, 2}, flags);
    }
    break;
  case T_IBASE: case T_OBASE: case T_HISTORY: case T_LAST: {
    named n;
    ok = named_expr(p, &n) && named_rest(p, n, flags);
    break;
  }
  default:
    syntax_error(p);
    ok = false;
  }
  p->depth--;
  return ok;
}

static int binprec(const token *t) {
  switch (t->kind) {
  case T_OR: return 1;
  case T_AND: return 2;
  case T_REL: return 4;
  case T_PLUS: case T_MINUS: return 6;
  case T_STAR: case T_SLASH: case T_PERCENT: return 7;
  case T_CARET: return 8;
  default: return 0;
  }
}

static bool binary_rest(parser *p, int min, int f, int *flags) {
  for (;;) {
    token *t = peek(p);
    int prec = binprec(t);
    if (!prec || prec < min) break;
    tk kind = t->kind;
    char c = t->c;
    int f2;
    if (kind == T_OR) {
      consume(p);
      ct_warn(p, "|| operator");
      int32_t l1 = new_label(p);
      emit_jump(p, BC_BNZ, l1);
      if (!parse_expr(p, 2, &f2)) return false;
      if ((f | f2) & EX_VOID) yyerror(p, "void expression with ||");
      int32_t l2 = new_label(p);
      emit_jump(p, BC_BNZ, l1);
      emit(p, BC_PUSH0, 0, 1);
      emit_jump(p, BC_JMP, l2);
      def_label(p, l1);
      emit(p, BC_PUSH1, 0, 1);
      def_label(p, l2);
      f = (f | f2) & ~EX_PAREN;
    } else if (kind == T_AND) {
      consume(p);
      ct_warn(p, "&& operator");
      int32_t l = new_label(p);
      emit(p, BC_DUP, 0, 1);
      emit_jump(p, BC_BZ, l);
      emit(p, BC_POP, 0, 1);
      if (!parse_expr(p, 3, &f2)) return false;
      if ((f | f2) & EX_VOID) yyerror(p, "void expression with &&");
      emit(p, BC_DUP, 0, 1);
      emit_jump(p, BC_BZ, l);
      emit(p, BC_POP, 0, 1);
      emit(p, BC_PUSH1, 0, 1);
      def_label(p, l);
      f = (f | f2) & ~EX_PAREN;
    } else if (kind == T_REL) {
      consume(p);
      if (!parse_expr(p, 5, &f2)) return false;
      if ((f | f2) & EX_VOID) yyerror(p, "void expression with comparison");
      static const char rels[] = "=!<{>}";
      static const bc_op codes[] = {BC_EQ, BC_NE, BC_LT, BC_LE, BC_GT, BC_GE};
      emit(p, codes[strchr(rels, c) - rels], 0, 1);
      f = EX_REG | EX_COMP;
    } else {
      static const char ops[] = "+-*/%^";
      char op = kind == T_PLUS ? '+' : kind == T_MINUS ? '-'
              : kind == T_STAR ? '*' : kind == T_SLASH ? '/'
              : kind == T_PERCENT ? '%' : '^';
      consume(p);
      if (!parse_expr(p, prec == 8 ? 8 : prec + 1, &f2)) return false;
      if ((f | f2) & EX_VOID) yyerror(p, "void expression with %c", op);
      static const bc_op codes[] = {BC_ADD, BC_SUB, BC_MUL,
                                    BC_DIV, BC_MOD, BC_POW};
      emit(p, codes[strchr(ops, op) - ops], 0, 1);
      f = (f | f2) & ~EX_PAREN;
    }
  }
  *flags = f;
  return true;
}

static bool parse_expr(parser *p, int min, int *flags) {
  int f;
  if (!nest(p)) return false;
  bool ok = parse_unary(p, &f) && binary_rest(p, min, f, flags);
  p->depth--;
  return ok;
}

/* ---- statements ------------------------------------------------------------------ */

static bool parse_statement(parser *p);
static bool stmt_list(parser *p);

static void opt_newline(parser *p) {
  if (peek(p)->kind == T_NL) {
    ct_warn(p, "newline not allowed");
    consume(p);
  }
}

static void print_limits(bc_state *st) {
  static const char text[] =
      "BC_BASE_MAX     = 2147483647\n"
      "BC_DIM_MAX      = 16777215\n"
      "BC_SCALE_MAX    = 2147483647\n"
      "BC_STRING_MAX   = 2147483647\n"
      "MAX Exponent    = 9223372036854775807\n"
      "Number of vars  = 32767\n";
  bc_out_raw(st, text, sizeof text - 1);
}

static void print_warranty(bc_state *st) {
  static const char text[] =
      "bc 1.07.1 (vsh)\n"
      "\n"
      "    This bc is part of vsh and comes with ABSOLUTELY NO WARRANTY,\n"
      "    to the extent permitted by law.\n"
      "\n";
  bc_out_raw(st, text, sizeof text - 1);
}

/* opt_expression of a for statement: EX_EMPTY when absent. */
static bool for_expr(parser *p, tk end, int *f) {
  if (peek(p)->kind == end) {
    *f = EX_EMPTY;
    ct_warn(p, "Missing expression in for statement");
    return true;
  }
  return parse_expr(p, 1, f);
}

static bool parse_for(parser *p) {
  consume(p);
  int32_t saved_break = p->break_label, saved_cont = p->continue_label;
  p->break_label = new_label(p);
  int f1, f2, f3;
  bool ok = expect(p, T_LPAREN) && for_expr(p, T_SEMI, &f1) &&
            expect(p, T_SEMI);
  int32_t cond = 0, body = 0;
  if (ok) {
    if (f1 & EX_COMP) ct_warn(p, "Comparison in first for expression");
    if (f1 & EX_VOID) yyerror(p, "first expression is void");
    if (!(f1 & EX_EMPTY)) emit(p, BC_POP, 0, 1);
    cond = new_label(p);
    def_label(p, cond);
    ok = for_expr(p, T_SEMI, &f2) && expect(p, T_SEMI);
  }
  if (ok) {
    if (f2 & EX_VOID) yyerror(p, "second expression is void");
    if (f2 & EX_EMPTY) emit(p, BC_PUSH1, 0, 1);
    body = new_label(p);
    emit_jump(p, BC_BNZ, body);
    emit_jump(p, BC_JMP, p->break_label);
    p->continue_label = new_label(p);
    def_label(p, p->continue_label);
    ok = for_expr(p, T_RPAREN, &f3) && expect(p, T_RPAREN);
  }
  if (ok) {
    if (f3 & EX_COMP) ct_warn(p, "Comparison in third for expression");
    if (f3 & EX_VOID) yyerror(p, "third expression is void");
    if (!(f3 & EX_EMPTY)) emit(p, BC_POP, 0, 1);
    emit_jump(p, BC_JMP, cond);
    def_label(p, body);
    opt_newline(p);
    ok = parse_statement(p);
  }
  if (!ok) return false; /* GNU leaves the labels set on an error */
  emit_jump(p, BC_JMP, p->continue_label);
  def_label(p, p->break_label);
  p->break_label = saved_break;
  p->continue_label = saved_cont;
  return true;
}

static bool parse_if(parser *p) {
  consume(p);
  int f;
  if (!expect(p, T_LPAREN) || !parse_expr(p, 1, &f) || !expect(p, T_RPAREN))
    return false;
  if (f & EX_VOID) yyerror(p, "void expression");
  int32_t l = new_label(p);
  emit_jump(p, BC_BZ, l);
  opt_newline(p);
  if (!parse_statement(p)) return false;
  if (peek(p)->kind == T_ELSE) {
    consume(p);
    ct_warn(p, "else clause in if statement");
    int32_t l2 = new_label(p);
    emit_jump(p, BC_JMP, l2);
    def_label(p, l);
    l = l2;
    opt_newline(p);
    if (!parse_statement(p)) return false;
  }
  def_label(p, l);
  return true;
}

static bool parse_while(parser *p) {
  consume(p);
  int32_t saved_break = p->break_label, saved_cont = p->continue_label;
  p->continue_label = new_label(p);
  def_label(p, p->continue_label);
  int f;
  bool ok = expect(p, T_LPAREN) && parse_expr(p, 1, &f);
  if (ok) {
    if (f & EX_VOID) yyerror(p, "void expression");
    p->break_label = new_label(p);
    emit_jump(p, BC_BZ, p->break_label);
    ok = expect(p, T_RPAREN);
  }
  if (ok) {
    opt_newline(p);
    ok = parse_statement(p);
  }
  if (!ok) return false;
  emit_jump(p, BC_JMP, p->continue_label);
  def_label(p, p->break_label);
  p->break_label = saved_break;
  p->continue_label = saved_cont;
  return true;
}

static bool parse_print(parser *p) {
  consume(p);
  ct_warn(p, "print statement");
  for (;;) {
    token *t = peek(p);
    if (t->kind == T_STRING) {
      size_t len = t->len;
      char *s = take_text(p);
      consume(p);
      emit_str(p, BC_ESTR, s, len);
    } else {
      int f;
      if (!parse_expr(p, 1, &f)) return false;
      if (f & EX_VOID) yyerror(p, "void expression in print");
      emit(p, BC_PRINT, 0, 1);
    }
    if (peek(p)->kind != T_COMMA) return true;
    consume(p);
  }
}

static bool parse_return(parser *p) {
  consume(p);
  if (!starts_expr(peek(p)->kind)) {
    emit(p, BC_PUSH0, 0, 1);
    if (p->cur_func == -1) yyerror(p, "Return outside of a function.");
  } else {
    int f;
    if (!parse_expr(p, 1, &f)) return false;
    if (f & EX_COMP) ct_warn(p, "comparison in return expresion");
    if (!(f & EX_PAREN)) ct_warn(p, "return expression requires parenthesis");
    if (f & EX_VOID) yyerror(p, "return requires non-void expression");
    if (p->cur_func == -1) yyerror(p, "Return outside of a function.");
    else if (p->st->funcs[p->cur_func].is_void)
      yyerror(p, "Return expression in a void function.");
  }
  emit(p, BC_RET, 0, 1);
  return true;
}

static bool parse_statement(parser *p) {
  if (!nest(p)) return false;
  bool ok = true;
  token *t = peek(p);
  switch (t->kind) {
  case T_WARRANTY:
    consume(p);
    print_warranty(p->st);
    break;
  case T_LIMITS:
    consume(p);
    print_limits(p->st);
    break;
  case T_STRING: {
    size_t len = t->len;
    char *s = take_text(p);
    consume(p);
    emit_str(p, BC_STR, s, len);
    break;
  }
  case T_BREAK:
    if (!p->break_label) yyerror(p, "Break outside a for/while");
    else emit_jump(p, BC_JMP, p->break_label);
    consume(p);
    break;
  case T_CONTINUE:
    ct_warn(p, "Continue statement");
    if (!p->continue_label) yyerror(p, "Continue outside a for");
    else emit_jump(p, BC_JMP, p->continue_label);
    consume(p);
    break;
  case T_QUIT:
    /* quit ends bc as soon as it is read, whatever surrounds it */
    p->stop = true;
    p->st->halted = true;
    ok = false;
    break;
  case T_HALT:
    emit(p, BC_HALT, 0, 1);
    consume(p);
    break;
  case T_RETURN: ok = parse_return(p); break;
  case T_FOR: ok = parse_for(p); break;
  case T_IF: ok = parse_if(p); break;
  case T_WHILE: ok = parse_while(p); break;
  case T_LBRACE:
    consume(p);
    ok = stmt_list(p) && expect(p, T_RBRACE);
    break;
  case T_PRINT: ok = parse_print(p); break;
  default: {
    if (!starts_expr(t->kind)) {
      syntax_error(p);
      ok = false;
      break;
    }
    int f;
    ok = parse_expr(p, 1, &f);
    if (!ok) break;
    if (f & EX_COMP) ct_warn(p, "comparison in expression");
    emit(p, (f & EX_REG) ? BC_PRINTLN : BC_POP, 0, 1);
  }
  }
  p->depth--;
  return ok;
}

/* A statement list up to (not including) '}'.  A syntax error recovers
 * here as bison does: tokens are dropped until one can start a
 * statement, and the list goes on from it. */
static bool stmt_list(parser *p) {
  bool need_sep = false;
  for (;;) {
    if (p->stop) return false;
    token *t = peek(p);
    if (t->kind == T_RBRACE) return true;
    if (t->kind == T_NL || t->kind == T_SEMI) {
      consume(p);
      need_sep = false;
      continue;
    }
    if (!need_sep && starts_stmt(t->kind)) {
      if (parse_statement(p)) {
        need_sep = true;
        continue;
      }
    } else {
      syntax_error(p);
    }
    for (;;) {
      if (p->stop) return false;
      p->errstatus = 3;
      for (;;) {
        t = peek(p);
        if (p->stop) return false;
        if (t->kind == T_EOF) {
          p->stop = true;
          return false;
        }
        if (starts_stmt(t->kind)) break;
        drop(p);
      }
      if (parse_statement(p)) break;
    }
    need_sep = true;
  }
}

/* ---- functions and the program ----------------------------------------------------- */

typedef struct plist {
  int32_t *v;
  bool *ref;
  uint32_t n, cap;
} plist;

static bool plist_add(parser *p, plist *l, int32_t v, bool ref) {
  if (l->n == l->cap) {
    uint32_t nc = l->cap ? l->cap * 2 : 8;
    int32_t *t = realloc(l->v, nc * sizeof *t);
    bool *r = t ? realloc(l->ref, nc * sizeof *r) : NULL;
    if (t) l->v = t;
    if (!t || !r) {
      fatal(p, "Fatal error: Out of memory for malloc.");
      return false;
    }
    l->ref = r;
    l->cap = nc;
  }
  l->v[l->n] = v;
  l->ref[l->n++] = ref;
  return true;
}

static bool define_list(parser *p, plist *l) {
  for (;;) {
    token *t = peek(p);
    if (t->kind == T_STAR || t->kind == T_AMP) {
      consume(p);
      if (peek(p)->kind != T_NAME) {
        syntax_error(p);
        return false;
      }
      char *name = take_text(p);
      consume(p);
      bool ok = expect(p, T_LBRACK) && expect(p, T_RBRACK);
      if (ok) {
        int32_t a = lookup(p, name, 1);
        ok = !p->stop && plist_add(p, l, -a, true);
        ct_warn(p, "Call by variable arrays");
      }
      free(name);
      if (!ok) return false;
    } else if (t->kind == T_NAME) {
      char *name = take_text(p);
      consume(p);
      bool ok;
      if (peek(p)->kind == T_LBRACK) {
        consume(p);
        ok = expect(p, T_RBRACK);
        if (ok) ok = plist_add(p, l, -lookup(p, name, 1), false);
      } else {
        ok = plist_add(p, l, lookup(p, name, 0), false);
      }
      free(name);
      if (!ok || p->stop) return false;
    } else {
      syntax_error(p);
      return false;
    }
    if (peek(p)->kind != T_COMMA) return true;
    consume(p);
  }
}

/* GNU's check_params, in its (reversed) list order. */
static void check_params(parser *p, const plist *par, const plist *aut) {
  for (uint32_t i = par->n; i-- > 0;) {
    for (uint32_t j = i; j-- > 0;)
      if (par->v[j] == par->v[i]) yyerror(p, "duplicate parameter names");
    if (par->ref[i]) ct_warn(p, "Variable array parameter");
  }
  for (uint32_t i = aut->n; i-- > 0;) {
    for (uint32_t j = i; j-- > 0;)
      if (aut->v[j] == aut->v[i]) yyerror(p, "duplicate auto variable names");
    if (aut->ref[i]) yyerror(p, "* not allowed here");
  }
  for (uint32_t i = par->n; i-- > 0;)
    for (uint32_t j = aut->n; j-- > 0;)
      if (aut->v[j] == par->v[i])
        yyerror(p, "variable in both parameter and auto lists");
}

static bool parse_function(parser *p) {
  consume(p);
  bool is_void = false;
  if (peek(p)->kind == T_VOID) {
    consume(p);
    ct_warn(p, "void functions");
    is_void = true;
  }
  if (peek(p)->kind != T_NAME) {
    syntax_error(p);
    return false;
  }
  char *name = take_text(p);
  consume(p);
  plist par = {0}, aut = {0};
  bool ok = expect(p, T_LPAREN);
  if (ok && peek(p)->kind != T_RPAREN) ok = define_list(p, &par);
  ok = ok && expect(p, T_RPAREN);
  if (ok) {
    opt_newline(p);
    ok = expect(p, T_LBRACE);
  }
  if (ok) {
    if (peek(p)->kind != T_NL) {
      ct_warn(p, "End of line required");
    } else {
      consume(p);
      while (peek(p)->kind == T_NL) {
        ct_warn(p, "Too many end of lines");
        consume(p);
      }
    }
    if (peek(p)->kind == T_AUTO) {
      consume(p);
      ok = define_list(p, &aut);
      if (ok) {
        tk k = peek(p)->kind;
        if (k == T_NL || k == T_SEMI) consume(p);
        else {
          syntax_error(p);
          ok = false;
        }
      }
    }
  }
  int32_t fn = 0;
  bc_code *body = NULL, *main_code = p->code;
  bool loaded = false;
  if (ok) {
    check_params(p, &par, &aut);
    fn = lookup(p, name, p->in_lib ? 2 : 3);
    ok = !p->stop;
  }
  if (ok) {
    bc_func *f = &p->st->funcs[fn];
    if (!p->had_error) {
      /* GNU clears the function here: an error below leaves it undefined */
      bc_code_free(&p->st->env, f->code);
      free(f->params);
      free(f->byref);
      free(f->autos);
      f->code = NULL;
      f->params = NULL;
      f->byref = NULL;
      f->autos = NULL;
      f->nparams = f->nautos = 0;
      f->defined = false;
      loaded = true;
    }
    f->is_void = is_void;
    body = code_new(p);
    ok = body != NULL;
  }
  if (ok) {
    p->code = body;
    p->cur_func = fn;
    int32_t sb = p->break_label, sc = p->continue_label;
    p->break_label = p->continue_label = 0;
    ok = stmt_list(p) && expect(p, T_RBRACE);
    p->break_label = sb;
    p->continue_label = sc;
    if (ok) {
      emit(p, BC_PUSH0, 0, 1);
      emit(p, BC_RET, 0, 1);
    }
    p->cur_func = -1;
    p->code = main_code;
    if (ok && loaded && !p->had_error && body->n >= 2) {
      code_finish(body, body->n - 2);
      bc_func *f = &p->st->funcs[fn];
      f->code = body;
      body = NULL;
      f->params = par.v;
      f->byref = par.ref;
      f->nparams = par.n;
      f->autos = aut.v;
      f->nautos = aut.n;
      par.v = aut.v = NULL;
      par.ref = NULL;
      f->defined = true;
      f->lib = p->in_lib;
    }
  }
  bc_code_free(&p->st->env, body);
  free(par.v);
  free(par.ref);
  free(aut.v);
  free(aut.ref);
  free(name);
  return ok;
}

/* GNU's init_gen: a fresh main code for the next item. */
static void reset_item(parser *p) {
  bc_code_free(&p->st->env, p->code);
  p->code = code_new(p);
  p->had_error = false;
  p->did_gen = false;
  p->break_label = p->continue_label = 0;
  p->item_started = false;
}

/* GNU's run_code: the item runs when it compiled without errors; an
 * item that generated nothing keeps its labels (GNU skips init_gen). */
static void run_item(parser *p) {
  if (!p->had_error && p->did_gen && p->code) {
    code_finish(p->code, p->code->n);
    if (!bc_execute(p->st, p->code)) p->stop = true;
  }
  if (p->did_gen) {
    reset_item(p);
  } else {
    p->had_error = false;
    p->item_started = false;
  }
}

/* One line: statements separated by ';' up to a newline.  After a syntax
 * error, bison pops to the line's start (or to the last ';' when the
 * error is inside a statement that follows one) and resumes at the next
 * token that can start a statement; from the line's start a newline ends
 * the line (yyerrok). */
static void parse_line(parser *p, bool recovering) {
  bool after_semi = false, have_stmt = false, at_semi_state = false;
  if (recovering) goto recover;
  for (;;) {
    if (p->stop) return;
    token *t = peek(p);
    if (t->kind == T_NL) {
      consume(p);
      run_item(p);
      return;
    }
    if (t->kind == T_SEMI) {
      consume(p);
      after_semi = true;
      have_stmt = false;
      continue;
    }
    if (!have_stmt && starts_stmt(t->kind)) {
      bool semi = after_semi;
      if (parse_statement(p)) {
        have_stmt = true;
        after_semi = false;
        continue;
      }
      if (p->stop) return;
      at_semi_state = semi;
      goto recover;
    }
    if (t->kind == T_EOF && !p->item_started) {
      p->stop = true;
      return;
    }
    /* states that can shift bison's error token have no default
     * reduction: after a ';' the error is caught right there */
    syntax_error(p);
    if (p->stop) return;
    at_semi_state = after_semi;
  recover:
    for (;;) {
      p->errstatus = 3;
      for (;;) {
        t = peek(p);
        if (p->stop) return;
        if (t->kind == T_EOF) {
          p->stop = true;
          return;
        }
        if (!at_semi_state && t->kind == T_NL) {
          consume(p);
          p->errstatus = 0;
          reset_item(p);
          return;
        }
        if (starts_stmt(t->kind)) break;
        drop(p);
      }
      if (parse_statement(p)) break;
      if (p->stop) return;
    }
    have_stmt = true;
    after_semi = false;
  }
}

static void parse_program(parser *p) {
  while (!p->stop) {
    token *t = peek(p);
    if (p->stop || t->kind == T_EOF) break;
    if (t->kind == T_DEFINE) {
      if (parse_function(p)) {
        run_item(p);
        continue;
      }
      if (p->stop) break;
      parse_line(p, true);
      continue;
    }
    parse_line(p, false);
  }
}

/* ---- the command --------------------------------------------------------------------- */

static void usage(bi_ctx *b) {
  bi_printf(b, "usage: %s [options] [file ...]\n%s", b->argv[0], usage_text);
}

typedef struct bc_opts {
  bool mathlib, quiet, std_only, warn, interactive;
  int help, version, bad;
} bc_opts;

/* GNU getopt_long over "hilqswv" (long names by unique prefix). */
static void parse_args(bi_ctx *b, int argc, char **argv, bc_opts *o,
                       char ***files, int *nfiles) {
  static const char *const longs[] = {"help",  "interactive", "mathlib",
                                      "quiet", "standard",    "warn",
                                      "version"};
  static const char shorts[] = "hilqswv";
  bool ended = false, posix = bi_getenv(b, "POSIXLY_CORRECT") != NULL;
  for (int i = 1; i < argc && !o->bad && !o->help && !o->version; i++) {
    const char *a = argv[i];
    if (ended || a[0] != '-' || !a[1]) {
      (*files)[(*nfiles)++] = argv[i];
      if (posix) ended = true;
      continue;
    }
    if (!strcmp(a, "--")) {
      ended = true;
      continue;
    }
    char opt = 0;
    if (a[1] == '-') {
      const char *name = a + 2, *eq = strchr(name, '=');
      size_t n = eq ? (size_t)(eq - name) : strlen(name);
      int hit = -1, hits = 0;
      for (int k = 0; k < 7; k++) {
        if (strncmp(longs[k], name, n)) continue;
        if (strlen(longs[k]) == n) {
          hit = k;
          hits = 1;
          break;
        }
        hit = k;
        hits++;
      }
      if (hit < 0) {
        bi_err(b, "unrecognized option '%s'", a);
        o->bad = 1;
      } else if (hits > 1) {
        bi_err(b, "option '%s' is ambiguous", a);
        o->bad = 1;
      } else if (eq) {
        bi_err(b, "option '--%s' doesn't allow an argument", longs[hit]);
        o->bad = 1;
      } else {
        opt = shorts[hit];
      }
      if (opt) {
        if (opt == 'h') o->help = 1;
        else if (opt == 'v') o->version = 1;
        else if (opt == 'i') o->interactive = true;
        else if (opt == 'l') o->mathlib = true;
        else if (opt == 'q') o->quiet = true;
        else if (opt == 's') o->std_only = true;
        else if (opt == 'w') o->warn = true;
      }
      continue;
    }
    for (const char *c = a + 1; *c && !o->bad && !o->help && !o->version; c++) {
      switch (*c) {
      case 'h': o->help = 1; break;
      case 'v': o->version = 1; break;
      case 'i': o->interactive = true; break;
      case 'l': o->mathlib = true; break;
      case 'q': o->quiet = true; break;
      case 's': o->std_only = true; break;
      case 'w': o->warn = true; break;
      default:
        bi_err(b, "invalid option -- '%c'", *c);
        o->bad = 1;
      }
    }
  }
}

static int env_line_size(bi_ctx *b) {
  const char *v = bi_getenv(b, "BC_LINE_LENGTH");
  if (!v) return 70;
  /* atoi */
  while (*v == ' ' || (*v >= '\t' && *v <= '\r')) v++;
  bool neg = *v == '-';
  if (*v == '-' || *v == '+') v++;
  long n = 0;
  while (*v >= '0' && *v <= '9' && n < 100000000) n = n * 10 + (*v++ - '0');
  if (neg) n = -n;
  if (n < 3 && n != 0) return 70;
  return (int)n;
}

static void compile_lib(parser *p) {
  static const char *const names[] = {"e", "l", "s", "a", "c", "j"};
  for (int i = 0; i < 6; i++) bc_func_num(p->st, names[i], false);
  bc_input lib = {0};
  lib.b = p->st->b;
  lib.str = bc_libmath;
  lib.len = strlen(bc_libmath);
  bc_input *one[1] = {&lib};
  bc_input **saved = p->srcs;
  size_t ns = p->nsrcs;
  p->srcs = one;
  p->nsrcs = 1;
  p->cur = 0;
  p->in_lib = true;
  parse_program(p);
  p->in_lib = false;
  drop(p);
  p->srcs = saved;
  p->nsrcs = ns;
  p->cur = 0;
  p->line = 1;
  p->stop = p->st->halted || p->st->failed;
  p->errstatus = 0;
}

int bi_bc_main(bi_ctx *b) {
  bc_opts o = {0};
  char **files = NULL;
  int nfiles = 0;
  /* BC_ENV_ARGS come first, split at spaces as GNU does */
  const char *env = bi_getenv(b, "BC_ENV_ARGS");
  char *envcopy = env ? strdup(env) : NULL;
  int envc = 1;
  char *envv[32] = {"BC_ENV_ARGS"};
  for (char *s = envcopy; s && *s && envc < 31;) {
    if (*s == ' ') {
      s++;
      continue;
    }
    envv[envc++] = s;
    while (*s && *s != ' ') s++;
    if (*s) *s++ = 0;
  }
  files = calloc((size_t)b->argc + (size_t)envc + 1, sizeof *files);
  if (!files) {
    free(envcopy);
    return 1;
  }
  if (envcopy) parse_args(b, envc, envv, &o, &files, &nfiles);
  if (!o.bad && !o.help && !o.version)
    parse_args(b, b->argc, b->argv, &o, &files, &nfiles);
  int status = 0;
  if (o.bad || o.help) {
    usage(b);
    status = o.bad ? 1 : 0;
  } else if (o.version) {
    bi_puts(b, "bc 1.07.1 (vsh)\n");
  }
  if (o.bad || o.help || o.version) {
    free(files);
    free(envcopy);
    return b->epipe ? 141 : status;
  }
  bc_state st;
  bc_state_init(&st, b);
  st.std_only = o.std_only || bi_getenv(b, "POSIXLY_CORRECT") != NULL;
  st.warn = o.warn;
  st.quiet = o.quiet;
  st.use_math = o.mathlib;
  st.line_size = env_line_size(b);

  bc_input *inputs = calloc((size_t)nfiles + 1, sizeof *inputs);
  bc_input **srcs = calloc((size_t)nfiles + 1, sizeof *srcs);
  parser p = {0};
  p.st = &st;
  p.cur_func = -1;
  p.line = 1;
  if (!inputs || !srcs) {
    status = 1;
    goto done;
  }
  for (int i = 0; i < nfiles; i++) {
    inputs[i].b = b;
    inputs[i].name = files[i];
    inputs[i].path = files[i];
    srcs[i] = &inputs[i];
  }
  inputs[nfiles].b = b;
  inputs[nfiles].s = sh_stream_ref(b->in);
  srcs[nfiles] = &inputs[nfiles];
  st.stdin_src = &inputs[nfiles];
  p.code = code_new(&p);
  if (o.mathlib && p.code) compile_lib(&p);
  p.srcs = srcs;
  p.nsrcs = (size_t)nfiles + 1;
  p.cur = (size_t)-1;
  if (p.code && !p.stop && next_source(&p)) parse_program(&p);
  bc_flush(&st);
  status = st.status;
done:
  drop(&p);
  bc_code_free(&st.env, p.code);
  for (int i = 0; inputs && i <= nfiles; i++) {
    if (inputs[i].s) sh_stream_unref(inputs[i].s);
    free(inputs[i].buf);
  }
  free(inputs);
  free(srcs);
  bc_state_dispose(&st);
  free(files);
  free(envcopy);
  return status;
}
