/* bc.c: an arbitrary precision calculator language (GNU bc 1.07.1): the
 * command, its options, the input (the files given, then stdin, read as
 * one stream) and the lexer.  bc_parse.c compiles each line or function
 * as it completes and runs it at once, as GNU does; bc_vm.c runs the
 * code, bc_num.c does the arithmetic, bc_lib.c is the -l library.
 * Deviations from GNU: -c/--compile is refused; -v prints one line; -i
 * prints no banner; warranty prints a short notice; read() at the end of
 * input is an error (GNU loops), and when the program comes from stdin it
 * reads the program's next characters; runtime error addresses inside -l
 * functions differ; numbers are capped at 16M digits (less under a lower
 * max_string), memory at 4 * max_string, calls at 10 * max_call_depth
 * and parser nesting at 1000 ("memory exhausted", as bison's overflow);
 * where GNU misbehaves (a jump to a label an unreported syntax error left
 * undefined, bindings left by a parameter mismatch, array arguments read
 * in ibase) bc ends the line, undoes the binding, or passes the array. */
#include "builtins/bc/bc_int.h"

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

/* ---- input sources -------------------------------------------------- */

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
                               bi_exec(in->b));
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

/* ---- tokens --------------------------------------------------------- */

static const char *const keywords[] = {
    "define", "break",   "quit",     "length",   "return", "for",
    "if",     "while",   "sqrt",     "scale",    "ibase",  "obase",
    "auto",   "else",    "read",     "random",   "halt",   "last",
    "void",   "history", "warranty", "continue", "print",  "limits"};

/* ---- the lexer ------------------------------------------------------ */

static const char *src_name(bc_parser *p) {
  if (p->cur >= p->nsrcs) return "(standard_in)";
  const char *n = p->srcs[p->cur]->name;
  return n ? n : "(standard_in)";
}

void bc_yyerror(bc_parser *p, const char *fmt, ...) {
  char msg[600];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  bc_errf(p->st, "%s %u: %s\n", src_name(p), p->line, msg);
  p->had_error = true;
}

void bc_ct_warn(bc_parser *p, const char *fmt, ...) {
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

void bc_fatal(bc_parser *p, const char *msg) {
  bc_errf(p->st, "%s\n", msg);
  p->st->status = 1;
  p->stop = true;
}

/* The next source after the current one ends (GNU's yywrap): line
 * numbers restart at 1, a file that cannot be read ends bc. */
bool bc_next_source(bc_parser *p) {
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

static bc_input *cur_in(bc_parser *p) {
  return p->cur < p->nsrcs ? p->srcs[p->cur] : NULL;
}

static bool is_digit(int c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z');
}

static void illegal(bc_parser *p, int c) {
  signed char sc = (signed char)c;
  if (sc < ' ') bc_yyerror(p, "illegal character: ^%c", (char)(sc + '@'));
  else if (sc > '~') bc_yyerror(p, "illegal character: \\%03o", (int)sc);
  else bc_yyerror(p, "illegal character: %c", sc);
}

/* The longest token (number, string or name) bc reads. */
static size_t token_max(const bc_parser *p) {
  return (size_t)p->st->env.max_digits * 2 + 1024;
}

static bool text_set(bc_parser *p, vsh_buf *b) {
  if (b->len > token_max(p)) {
    bc_fatal(p, "Fatal error: Out of memory for malloc.");
    return false;
  }
  size_t len = b->len;
  p->tok.text = vsh__buf_steal(b, &len);
  p->tok.len = len;
  if (!p->tok.text) {
    bc_fatal(p, "Fatal error: Out of memory for malloc.");
    return false;
  }
  return true;
}

/* A number: GNU drops a trailing '.', leading zeros (keeping one) and
 * backslash-newlines. */
static void lex_number(bc_parser *p, bc_input *in) {
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
    if ((raw.len & 4095) == 0 &&
        (bi_cancelled(p->st->b) || raw.len > token_max(p))) {
      if (raw.len > token_max(p))
        bc_fatal(p, "Fatal error: Out of memory for malloc.");
      break;
    }
  }
  if (raw.len && raw.data[raw.len - 1] == '.') raw.len--;
  size_t s = 0;
  while (s < raw.len && raw.data[s] == '0') s++;
  if (s == raw.len && s) s--;
  vsh_buf out = {0};
  vsh__buf_append(&out, raw.data + s, raw.len - s);
  if (!out.data) vsh__buf_putc(&out, '0');
  vsh_buf_dispose(&raw);
  p->tok.kind = BCT_NUMBER;
  if (!text_set(p, &out)) vsh_buf_dispose(&out);
}

void bc_lex(bc_parser *p) {
  memset(&p->tok, 0, sizeof p->tok);
  for (;;) {
    bc_input *in = cur_in(p);
    if (!in || p->stop) {
      p->tok.kind = BCT_EOF;
      return;
    }
    int c = in_peek(in, 0);
    if (c < 0) {
      if (!bc_next_source(p)) {
        p->tok.kind = BCT_EOF;
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
      p->tok.kind = BCT_NL;
      return;
    }
    if (c == '#') {
      in->pos++;
      if (p->st->std_only) {
        bc_yyerror(p, "illegal character: #");
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
          if (in && bc_next_source(p)) continue;
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
        if ((k & 65535) == 0 && (bi_cancelled(p->st->b) || k > token_max(p))) {
          if (k > token_max(p))
            bc_fatal(p, "Fatal error: Out of memory for malloc.");
          break;
        }
      }
      if (p->stop) continue;
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
      if (nul) bc_yyerror(p, "NUL character in string.");
      p->tok.kind = BCT_STRING;
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
      p->tok.kind = BCT_LAST;
      return;
    }
    if (c >= 'a' && c <= 'z') {
      vsh_buf s = {0};
      while (((c = in_peek(in, 0)) >= 'a' && c <= 'z') ||
             (c >= '0' && c <= '9') || c == '_') {
        vsh__buf_putc(&s, (char)c);
        in->pos++;
        if ((s.len & 4095) == 0 &&
            (bi_cancelled(p->st->b) || s.len > token_max(p)))
          break;
      }
      for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
        if (s.len == strlen(keywords[i]) &&
            !memcmp(s.data, keywords[i], s.len)) {
          vsh_buf_dispose(&s);
          p->tok.kind = (bc_tk)(BCT_DEFINE + i);
          return;
        }
      p->tok.kind = BCT_NAME;
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
        p->tok.kind = BCT_INCDEC;
      } else if (c1 == '=') {
        in->pos++;
        p->tok.kind = BCT_ASSIGN;
      } else {
        p->tok.kind = c == '+' ? BCT_PLUS : BCT_MINUS;
      }
      return;
    case '*':
    case '/':
    case '%':
    case '^':
      if (c1 == '=') {
        in->pos++;
        p->tok.kind = BCT_ASSIGN;
      } else {
        p->tok.kind = c == '*'   ? BCT_STAR
                      : c == '/' ? BCT_SLASH
                      : c == '%' ? BCT_PERCENT
                                 : BCT_CARET;
      }
      return;
    case '=':
      if (c1 == '=') {
        in->pos++;
        p->tok.kind = BCT_REL;
      } else {
        p->tok.kind = BCT_ASSIGN;
      }
      return;
    case '<':
    case '>':
      p->tok.kind = BCT_REL;
      if (c1 == '=') {
        in->pos++;
        p->tok.c = c == '<' ? '{' : '}';
      }
      return;
    case '!':
      if (c1 == '=') {
        in->pos++;
        p->tok.kind = BCT_REL;
      } else {
        p->tok.kind = BCT_NOT;
      }
      return;
    case '&':
      if (c1 == '&') {
        in->pos++;
        p->tok.kind = BCT_AND;
      } else {
        p->tok.kind = BCT_AMP;
      }
      return;
    case '|':
      if (c1 == '|') {
        in->pos++;
        p->tok.kind = BCT_OR;
        return;
      }
      break;
    case ';': p->tok.kind = BCT_SEMI; return;
    case '(': p->tok.kind = BCT_LPAREN; return;
    case ')': p->tok.kind = BCT_RPAREN; return;
    case '{': p->tok.kind = BCT_LBRACE; return;
    case '}': p->tok.kind = BCT_RBRACE; return;
    case '[': p->tok.kind = BCT_LBRACK; return;
    case ']': p->tok.kind = BCT_RBRACK; return;
    case ',': p->tok.kind = BCT_COMMA; return;
    default: break;
    }
    illegal(p, c);
  }
}

/* ---- the command ---------------------------------------------------- */

static void usage(bi_ctx *b, const char *prog) {
  bi_printf(b, "usage: %s [options] [file ...]\n%s", prog, usage_text);
}

typedef struct bc_opts {
  bool mathlib, quiet, std_only, warn, interactive;
  int help, version, bad, done; /* done: --help/--version answered */
  const char *prog;             /* names the usage: argv[0], or BC_ENV_ARGS */
} bc_opts;

static const bi_option bc_options[] = {{"interactive", BI_ARG_NONE, 'i', NULL},
                                       {"mathlib", BI_ARG_NONE, 'l', NULL},
                                       {"quiet", BI_ARG_NONE, 'q', NULL},
                                       {"standard", BI_ARG_NONE, 's', NULL},
                                       {"warn", BI_ARG_NONE, 'w', NULL},
                                       {0}};

/* The usage names the argument list it came from (argv[0] or
 * BC_ENV_ARGS), so bc prints it itself, after --help (the declared help
 * is empty) and on stdout after a usage error (no Try line). */
static const bi_cmd bc_cmd = {
    .name = "bc",
    .shortopts = "hilqswv",
    .longopts = bc_options,
    .version = "bc 1.07.1 (vsh)\n",
    .try_text = "",
};

/* One argument list (BC_ENV_ARGS, then the command's): its messages and
 * usage are named after it, as GNU's are. */
static void parse_args(bi_ctx *b, int argc, char **argv, bc_opts *o,
                       char ***files, int *nfiles) {
  int save_argc = b->argc;
  char **save_argv = b->argv;
  b->argc = argc;
  b->argv = argv;
  o->prog = argv[0];
  bi_opts g = {0};
  int c;
  while (!o->bad && !o->help && !o->version && !o->done &&
         (c = bi_opt(b, &g, &bc_cmd)) != -1) {
    switch (c) {
    case 'h': o->help = 1; break;
    case 'v': o->version = 1; break;
    case 'i': o->interactive = true; break;
    case 'l': o->mathlib = true; break;
    case 'q': o->quiet = true; break;
    case 's': o->std_only = true; break;
    case 'w': o->warn = true; break;
    default:
      if (g.status) o->bad = 1;
      else if (g.longname && g.longname[0] == 'h') o->help = 1;
      else o->done = 1; /* --version answered */
      break;
    }
  }
  for (int i = 0;
       i < g.noperands && !o->bad && !o->help && !o->version && !o->done; i++)
    (*files)[(*nfiles)++] = g.operands[i];
  b->argc = save_argc;
  b->argv = save_argv;
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

/* Splits s in place at spaces into v[1..31); returns the count with
 * v[0]. */
static int split_env_args(char *s, char *v[32]) {
  int n = 1;
  while (s && *s && n < 31) {
    if (*s == ' ') {
      s++;
      continue;
    }
    v[n++] = s;
    while (*s && *s != ' ') s++;
    if (*s) *s++ = 0;
  }
  return n;
}

int bi_bc_main(bi_ctx *b) {
  bc_opts o = {0};
  char **files = NULL;
  int nfiles = 0;
  /* BC_ENV_ARGS come first, split at spaces as GNU does */
  const char *env = bi_getenv(b, "BC_ENV_ARGS");
  char *envcopy = env ? strdup(env) : NULL;
  char *envv[32] = {"BC_ENV_ARGS"};
  int envc = split_env_args(envcopy, envv);
  files = calloc((size_t)b->argc + (size_t)envc + 1, sizeof *files);
  if (!files) {
    free(envcopy);
    return 1;
  }
  if (envcopy) parse_args(b, envc, envv, &o, &files, &nfiles);
  if (!o.bad && !o.help && !o.version && !o.done)
    parse_args(b, b->argc, b->argv, &o, &files, &nfiles);
  int status = 0;
  if (o.bad || o.help) {
    usage(b, o.prog);
    status = o.bad ? 1 : 0;
  } else if (o.version) {
    bi_puts(b, "bc 1.07.1 (vsh)\n");
  }
  if (o.bad || o.help || o.version || o.done) {
    free(files);
    free(envcopy);
    return b->epipe ? 141 : status;
  }
  bc_state st;
  if (bc_state_init(&st, b)) {
    bc_state_dispose(&st);
    free(files);
    free(envcopy);
    bi_errline(b, "Fatal error: Out of memory for malloc.");
    return 1;
  }
  st.std_only = o.std_only || bi_getenv(b, "POSIXLY_CORRECT") != NULL;
  st.warn = o.warn;
  st.quiet = o.quiet;
  st.use_math = o.mathlib;
  st.line_size = env_line_size(b);

  bc_input *inputs = calloc((size_t)nfiles + 1, sizeof *inputs);
  bc_input **srcs = calloc((size_t)nfiles + 1, sizeof *srcs);
  bc_parser p = {0};
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
  if (!bc_parser_start(&p)) {
    status = 1;
    goto done;
  }
  if (o.mathlib) bc_compile_lib(&p);
  p.srcs = srcs;
  p.nsrcs = (size_t)nfiles + 1;
  p.cur = (size_t)-1;
  if (!p.stop && bc_next_source(&p)) bc_parse_program(&p);
  bc_flush(&st);
  status = st.status;
done:
  bc_parser_finish(&p);
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
