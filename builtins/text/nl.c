/* nl.c: number lines (GNU nl: -b -h -f STYLE, -n FORMAT, -w -s -v -i -l
 * -d -p).  Logical pages are split by \:\:\: \:\: \: lines (header, body,
 * footer), each resetting the count unless -p.  Streams line by line.
 * pBRE styles use the C library's regcomp for now.  TODO: move to the
 * shared bounded regex engine. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

static const bi_option nl_longopts[] = {
    {"body-numbering", BI_ARG_REQUIRED, 'b', NULL},
    {"section-delimiter", BI_ARG_REQUIRED, 'd', NULL},
    {"footer-numbering", BI_ARG_REQUIRED, 'f', NULL},
    {"header-numbering", BI_ARG_REQUIRED, 'h', NULL},
    {"line-increment", BI_ARG_REQUIRED, 'i', NULL},
    {"join-blank-lines", BI_ARG_REQUIRED, 'l', NULL},
    {"number-format", BI_ARG_REQUIRED, 'n', NULL},
    {"no-renumber", BI_ARG_NONE, 'p', NULL},
    {"number-separator", BI_ARG_REQUIRED, 's', NULL},
    {"starting-line-number", BI_ARG_REQUIRED, 'v', NULL},
    {"number-width", BI_ARG_REQUIRED, 'w', NULL},
    {0}};

/* The option list is spelled out (GNU's -v line overflows its column). */
static const bi_cmd nl_cmd = {
    .name = "nl",
    .usage = "Usage: nl [OPTION]... [FILE]...\n",
    .about =
        "Write each FILE to standard output, with line numbers added.\n"
        "\n"
        "With no FILE, or when FILE is -, read standard input.\n"
        "\n"
        "Mandatory arguments to long options are mandatory for short "
        "options too.\n"
        "  -b, --body-numbering=STYLE      use STYLE for numbering body "
        "lines\n"
        "  -d, --section-delimiter=CC      use CC for logical page "
        "delimiters\n"
        "  -f, --footer-numbering=STYLE    use STYLE for numbering footer "
        "lines\n"
        "  -h, --header-numbering=STYLE    use STYLE for numbering header "
        "lines\n"
        "  -i, --line-increment=NUMBER     line number increment at each "
        "line\n"
        "  -l, --join-blank-lines=NUMBER   group of NUMBER empty lines "
        "counted as one\n"
        "  -n, --number-format=FORMAT      insert line numbers according to "
        "FORMAT\n"
        "  -p, --no-renumber               do not reset line numbers for "
        "each section\n"
        "  -s, --number-separator=STRING   add STRING after (possible) line "
        "number\n"
        "  -v, --starting-line-number=NUMBER  first line number for each "
        "section\n"
        "  -w, --number-width=NUMBER       use NUMBER columns for line "
        "numbers\n"
        "      --help        display this help and exit\n"
        "      --version     output version information and exit\n"
        "\n"
        "Default options are: -bt -d'\\:' -fn -hn -i1 -l1 -n'rn' -s<TAB> "
        "-v1 -w6\n",
    .shortopts = "b:d:f:h:i:l:n:ps:v:w:",
    .longopts = nl_longopts,
};

typedef struct style {
  char kind; /* a t n p */
  bool has_re;
  vsh_regex *re;
} style;

typedef struct nl_st {
  bi_ctx *b;
  vsh_re_budget bud;
  int re_status; /* set when a regex exec failed (too complex) */
  style sec[3];  /* header, body, footer */
  int cur;
  const char *fmt; /* ln rn rz */
  int width;
  const char *sep;
  int64_t start, incr, line;
  int64_t blank_join, blanks;
  bool renumber;
  char delim[3]; /* two section-delimiter chars */
  vsh_buf out;
} nl_st;

static bool parse_style(bi_ctx *b, style *s, const char *arg,
                        const char *what) {
  if ((arg[0] == 'a' || arg[0] == 't' || arg[0] == 'n') && !arg[1]) {
    s->kind = arg[0];
    return true;
  }
  if (arg[0] == 'p') {
    if (s->has_re) vsh__regex_free(s->re);
    s->has_re = false;
    s->re = NULL;
    vsh_buf msg = {0};
    int rc = vsh__regex_compile(&s->re, arg + 1, strlen(arg + 1), VSH_RE_NOSUB,
                                &msg);
    if (rc) {
      bi_err(b, "%s",
             rc == VSH_EINVAL && msg.len ? msg.data : "memory exhausted");
      vsh_buf_dispose(&msg);
      return false;
    }
    vsh_buf_dispose(&msg);
    s->has_re = true;
    s->kind = 'p';
    return true;
  }
  bi_err(b, "invalid %s numbering style: " BI_LQ "%s" BI_RQ, what, arg);
  bi_try_help(b);
  return false;
}

static bool parse_num(bi_ctx *b, const char *arg, int64_t min, const char *what,
                      int64_t *out) {
  char *end;
  long long v = strtoll(arg, &end, 10);
  if (end == arg || *end) {
    bi_err(b, "invalid %s: " BI_LQ "%s" BI_RQ, what, arg);
    return false;
  }
  if (v < min) {
    bi_err(b, "invalid %s: " BI_LQ "%s" BI_RQ ": Numerical result out of range",
           what, arg);
    return false;
  }
  *out = v;
  return true;
}

/* Which section delimiter line is l[0..n) (3 header, 2 body, 1 footer)? */
static int section_of(const nl_st *s, const char *l, size_t n) {
  size_t dl = strlen(s->delim);
  if (!dl || n == 0 || n % dl || n / dl > 3) return 0;
  for (size_t i = 0; i < n; i += dl)
    if (memcmp(l + i, s->delim, dl)) return 0;
  return (int)(n / dl);
}

/* One line without its newline; nl_ends says whether it had one. */
static int do_line(nl_st *s, const char *l, size_t n, bool has_nl) {
  s->out.len = 0;
  int sec = section_of(s, l, n);
  if (sec) {
    s->cur = 3 - sec;
    if (s->renumber) s->line = s->start;
    vsh__buf_putc(&s->out, '\n');
    return bi_write(s->b, s->out.data, s->out.len);
  }
  style *st = &s->sec[s->cur];
  bool number = false;
  switch (st->kind) {
  case 'a':
    if (n == 0) {
      if (++s->blanks >= s->blank_join) {
        number = true;
        s->blanks = 0;
      }
    } else {
      number = true;
      s->blanks = 0;
    }
    break;
  case 't': number = n > 0; break;
  case 'p': {
    vsh_regmatch m[1];
    int hit = vsh__regex_exec(st->re, l, n, 0, 0, m, 1, &s->bud);
    if (hit < 0) {
      s->re_status = bi_re_failed(s->b, hit);
      return VSH_EABORTED;
    }
    number = hit == 1;
    break;
  }
  default: break;
  }
  if (number) {
    char num[32];
    snprintf(num, sizeof num, "%lld", (long long)s->line);
    if (!strcmp(s->fmt, "ln")) vsh__buf_printf(&s->out, "%-*s", s->width, num);
    else if (!strcmp(s->fmt, "rn"))
      vsh__buf_printf(&s->out, "%*s", s->width, num);
    else vsh__buf_printf(&s->out, "%0*lld", s->width, (long long)s->line);
    vsh__buf_puts(&s->out, s->sep);
    s->line += s->incr;
  } else {
    vsh__buf_printf(&s->out, "%*s", s->width + (int)strlen(s->sep), "");
  }
  vsh__buf_append(&s->out, l, n);
  if (has_nl) vsh__buf_putc(&s->out, '\n');
  return bi_write(s->b, s->out.data, s->out.len);
}

static int nl_stream(nl_st *s, sh_stream *in) {
  bi_reader *r = malloc(sizeof(*r));
  if (!r) return VSH_ENOMEM;
  bi_reader_init(r, s->b, in);
  const char *line;
  size_t n;
  int rc;
  while ((rc = bi_read_line(r, '\n', &line, &n)) == 1) {
    if (line[n - 1] == '\n') n--; /* like GNU, a last line gets one */
    vsh_arena_mark m = vsh__arena_mark(s->b->arena);
    rc = do_line(s, line, n, true);
    vsh__arena_pop(s->b->arena, m);
    if (rc) break;
  }
  bi_reader_dispose(r);
  free(r);
  return rc;
}

int bi_nl_main(bi_ctx *b) {
  nl_st s = {.b = b,
             .bud = bi_re_budget(b),
             .cur = 1,
             .fmt = "rn",
             .width = 6,
             .sep = "\t",
             .start = 1,
             .incr = 1,
             .blank_join = 1,
             .renumber = true,
             .delim = "\\:"};
  s.sec[0].kind = 'n';
  s.sec[1].kind = 't';
  s.sec[2].kind = 'n';
  bi_opts g = {0};
  int c, st = 0;
  int64_t v = 0;
  while ((c = bi_opt(b, &g, &nl_cmd)) != -1) {
    bool ok = true;
    switch (c) {
    case 'b': ok = parse_style(b, &s.sec[1], g.arg, "body"); break;
    case 'h': ok = parse_style(b, &s.sec[0], g.arg, "header"); break;
    case 'f': ok = parse_style(b, &s.sec[2], g.arg, "footer"); break;
    case 'd':
      s.delim[0] = g.arg[0];
      s.delim[1] = g.arg[0] ? (g.arg[1] ? g.arg[1] : ':') : 0;
      s.delim[2] = 0;
      break;
    case 'i':
      ok = parse_num(b, g.arg, 0, "line number increment", &s.incr);
      break;
    case 'l':
      ok = parse_num(b, g.arg, 1, "line number of blank lines", &s.blank_join);
      break;
    case 'n':
      if (strcmp(g.arg, "ln") && strcmp(g.arg, "rn") && strcmp(g.arg, "rz")) {
        bi_err(b, "invalid line numbering format: " BI_LQ "%s" BI_RQ, g.arg);
        bi_try_help(b);
        ok = false;
      }
      s.fmt = g.arg;
      break;
    case 'p': s.renumber = false; break;
    case 's': s.sep = g.arg; break;
    case 'v':
      ok = parse_num(b, g.arg, INT64_MIN, "starting line number", &s.start);
      break;
    case 'w':
      ok = parse_num(b, g.arg, 1, "line number field width", &v);
      if (ok && v > 1000) v = 1000;
      s.width = (int)v;
      break;
    default: st = g.status; goto done;
    }
    if (!ok) {
      st = 1;
      goto done;
    }
  }
  s.line = s.start;
  char *stdin_only[] = {(char *)"-"};
  char **files = g.noperands ? g.operands : stdin_only;
  int n = g.noperands ? g.noperands : 1;
  for (int k = 0; k < n; k++) {
    sh_stream *in = NULL;
    int rc = bi_open_input(b, files[k], &in);
    if (!rc) {
      rc = nl_stream(&s, in);
      sh_stream_unref(in);
    }
    if (rc == VSH_EPIPE || rc == VSH_EABORTED) {
      st = rc == VSH_EPIPE ? 141 : 1;
      break;
    }
    if (rc) {
      bi_err(b, "%s: %s", bi_quotef(b, files[k]), vsh_strerror(rc));
      st = 1;
    }
  }
done:
  for (int i = 0; i < 3; i++)
    if (s.sec[i].has_re) vsh__regex_free(s.sec[i].re);
  if (s.re_status) st = s.re_status;
  vsh_buf_dispose(&s.out);
  return st;
}
