/* getopt.c: util-linux's enhanced getopt(1): parses a script's parameters
 * against a short option string (-o) and long options (-l) the way glibc's
 * getopt_long (getopt_long_only with -a) does, and prints them normalised
 * and quoted for sh or csh, options first, then "--" and the operands.
 * A bad parameter is reported (unless -q) and makes the status 1; a bad
 * use of getopt itself is status 2; -T answers 4 (the enhanced version).
 * The traditional form (first argument not an option, or
 * GETOPT_COMPATIBLE set) takes the first argument as the option string
 * and prints unquoted. */
#include "builtins/builtins.h"

#include <string.h>

enum { ORDER_PERMUTE, ORDER_REQUIRE, ORDER_RETURN };

typedef struct go_long {
  const char *name;
  int has_arg; /* BI_ARG_* */
} go_long;

typedef struct go_state {
  bi_ctx *b;
  const char *prog;   /* the name errors are reported under */
  const char *optstr; /* as given, for the argument check */
  const char *opts;   /* past a leading '+' or '-' */
  go_long *lo;
  int nlo;
  bool long_only, print, quiet_output, quote, csh;
  int argc, ind; /* parameters are argv[1..argc) */
  char **argv;
  vsh_buf out;
  int status;
} go_state;

/* ' becomes '\'' ; for csh also ! and white space leave the quotes, and a
 * newline becomes \n. */
static void put_arg(go_state *s, const char *a) {
  vsh_buf *o = &s->out;
  vsh__buf_putc(o, ' ');
  if (!s->quote) {
    vsh__buf_puts(o, a);
    return;
  }
  vsh__buf_putc(o, '\'');
  for (; *a; a++) {
    char c = *a;
    if (c == '\'') vsh__buf_puts(o, "'\\''");
    else if (s->csh && c == '!') vsh__buf_puts(o, "'\\!'");
    else if (s->csh && c == '\n') vsh__buf_puts(o, "\\n");
    else if (s->csh && strchr(" \t\v\f\r", c)) {
      vsh__buf_puts(o, "'\\");
      vsh__buf_putc(o, c);
      vsh__buf_putc(o, '\'');
    } else vsh__buf_putc(o, c);
  }
  vsh__buf_putc(o, '\'');
}

static void bad(go_state *s) { s->status = 1; }

/* "--name" (prefix "--") or, with -a, "-name" (prefix "-").  Returns
 * false when a -a candidate is no long option but a valid short one. */
static bool long_opt(go_state *s, const char *text, const char *prefix) {
  const char *eq = strchr(text, '=');
  size_t n = eq ? (size_t)(eq - text) : strlen(text);
  int hit = -1, matches = 0;
  for (int i = 0; i < s->nlo && hit < 0; i++)
    if (!strncmp(s->lo[i].name, text, n) && strlen(s->lo[i].name) == n) hit = i;
  if (hit < 0) {
    for (int i = 0; i < s->nlo; i++) {
      if (strncmp(s->lo[i].name, text, n)) continue;
      if (!matches++) hit = i;
    }
    if (matches > 1) { /* every long option is distinct to getopt_long */
      if (s->print) {
        vsh_buf m = {0};
        vsh__buf_printf(&m, "%s: option '%s%s' is ambiguous; possibilities:",
                        s->prog, prefix, text);
        for (int i = 0; i < s->nlo; i++)
          if (!strncmp(s->lo[i].name, text, n))
            vsh__buf_printf(&m, " '%s%s'", prefix, s->lo[i].name);
        bi_errline(s->b, "%s", m.data);
        vsh_buf_dispose(&m);
      }
      s->ind++;
      bad(s);
      return true;
    }
  }
  if (hit < 0) {
    if (prefix[1] != '-' && strchr(s->opts, *text)) return false;
    if (s->print)
      bi_errline(s->b, "%s: unrecognized option '%s%s'", s->prog, prefix, text);
    s->ind++;
    bad(s);
    return true;
  }
  const go_long *l = &s->lo[hit];
  const char *arg = NULL;
  s->ind++;
  if (eq && l->has_arg == BI_ARG_NONE) {
    if (s->print)
      bi_errline(s->b, "%s: option '%s%s' doesn't allow an argument", s->prog,
                 prefix, l->name);
    bad(s);
    return true;
  }
  if (eq) arg = eq + 1;
  else if (l->has_arg == BI_ARG_REQUIRED) {
    if (s->ind >= s->argc) {
      if (s->print)
        bi_errline(s->b, "%s: option '%s%s' requires an argument", s->prog,
                   prefix, l->name);
      bad(s);
      return true;
    }
    arg = s->argv[s->ind++];
  }
  vsh__buf_printf(&s->out, " --%s", l->name);
  if (l->has_arg != BI_ARG_NONE) put_arg(s, arg ? arg : "");
  return true;
}

/* The short options bundled in argv[ind] from p on. */
static void short_opts(go_state *s, const char *p) {
  char **argv = s->argv;
  for (; *p; p++) {
    char c = *p;
    const char *spec = strchr(s->opts, c);
    if (!spec || c == ':' || c == ';') {
      if (s->print) bi_errline(s->b, "%s: invalid option -- '%c'", s->prog, c);
      bad(s);
      continue;
    }
    if (spec[1] != ':') {
      vsh__buf_printf(&s->out, " -%c", c);
      continue;
    }
    const char *arg = p[1] ? p + 1 : NULL;
    if (!arg && spec[2] != ':') {
      if (s->ind + 1 >= s->argc) {
        if (s->print)
          bi_errline(s->b, "%s: option requires an argument -- '%c'", s->prog,
                     c);
        bad(s);
        break;
      }
      arg = argv[++s->ind];
    }
    vsh__buf_printf(&s->out, " -%c", c);
    put_arg(s, arg ? arg : "");
    break;
  }
  s->ind++;
}

/* Walks the parameters once: options are printed as met, operands are
 * kept for after the "--" (or printed in place with a leading '-'). */
static int parse_params(go_state *s) {
  bi_ctx *b = s->b;
  int order = ORDER_PERMUTE;
  s->opts = s->optstr;
  if (*s->opts == '-') order = ORDER_RETURN, s->opts++;
  else if (*s->opts == '+') order = ORDER_REQUIRE, s->opts++;
  else if (bi_getenv(b, "POSIXLY_CORRECT")) order = ORDER_REQUIRE;
  if (*s->opts == ':') s->print = false;
  char **rest = vsh__arena_alloc(b->arena, (size_t)s->argc * sizeof(char *));
  int nrest = 0;
  s->ind = 1;
  while (s->ind < s->argc) {
    if (bi_cancelled(b)) return 1;
    char *a = s->argv[s->ind];
    if (!strcmp(a, "--")) {
      s->ind++;
      break;
    }
    if (a[0] != '-' || !a[1]) {
      if (order == ORDER_REQUIRE) break;
      if (order == ORDER_RETURN) put_arg(s, a);
      else rest[nrest++] = a;
      s->ind++;
      continue;
    }
    if (a[1] == '-') {
      long_opt(s, a + 2, "--");
      continue;
    }
    if (s->long_only && (a[2] || !strchr(s->opts, a[1])) &&
        long_opt(s, a + 1, "-"))
      continue;
    short_opts(s, a + 1);
  }
  if (s->quiet_output) {
    vsh__buf_clear(&s->out);
    return s->status;
  }
  vsh__buf_puts(&s->out, " --");
  for (int i = 0; i < nrest; i++) put_arg(s, rest[i]);
  for (; s->ind < s->argc; s->ind++) put_arg(s, s->argv[s->ind]);
  vsh__buf_putc(&s->out, '\n');
  return s->status;
}

/* -l's list: names separated by commas or white space, each ending in
 * ':' (argument required) or '::' (optional). */
static void add_longs(go_state *s, const char *list) {
  bi_ctx *b = s->b;
  size_t cap = (size_t)s->nlo + strlen(list) / 2 + 2;
  go_long *lo = vsh__arena_alloc(b->arena, cap * sizeof(go_long));
  if (s->nlo) memcpy(lo, s->lo, (size_t)s->nlo * sizeof(go_long));
  s->lo = lo;
  for (const char *p = list; *p;) {
    size_t n = strcspn(p, ", \t\n");
    if (n) {
      int has = BI_ARG_NONE;
      if (n >= 2 && p[n - 1] == ':' && p[n - 2] == ':') has = BI_ARG_OPTIONAL;
      else if (p[n - 1] == ':') has = BI_ARG_REQUIRED;
      size_t len = n - (size_t)has;
      if (len)
        s->lo[s->nlo++] = (go_long){vsh__arena_strndup(b->arena, p, len), has};
    }
    p += n;
    if (*p) p++;
  }
}

static const bi_option getopt_options[] = {
    {"alternative", BI_ARG_NONE, 'a', NULL},
    {"longoptions", BI_ARG_REQUIRED, 'l', NULL},
    {"name", BI_ARG_REQUIRED, 'n', NULL},
    {"options", BI_ARG_REQUIRED, 'o', NULL},
    {"quiet", BI_ARG_NONE, 'q', NULL},
    {"quiet-output", BI_ARG_NONE, 'Q', NULL},
    {"shell", BI_ARG_REQUIRED, 's', NULL},
    {"test", BI_ARG_NONE, 'T', NULL},
    {"unquoted", BI_ARG_NONE, 'u', NULL},
    {0}};

static const bi_cmd getopt_cmd = {
    .name = "getopt",
    .usage = "\nUsage:\n getopt <optstring> <parameters>\n"
             " getopt [options] [--] <optstring> <parameters>\n"
             " getopt [options] -o|--options <optstring> [options] [--] "
             "<parameters>\n",
    .about =
        "\nParse command options.\n\nOptions:\n"
        " -a, --alternative             allow long options starting with "
        "single -\n"
        " -l, --longoptions <longopts>  the long options to be recognized\n"
        " -n, --name <progname>         the name under which errors are "
        "reported\n"
        " -o, --options <optstring>     the short options to be recognized\n"
        " -q, --quiet                   disable error reporting by "
        "getopt(3)\n"
        " -Q, --quiet-output            no normal output\n"
        " -s, --shell <shell>           set quoting conventions to those of "
        "<shell>\n"
        " -T, --test                    test for getopt(1) version\n"
        " -u, --unquoted                do not quote the output\n\n"
        " -h, --help                    display this help\n"
        " -V, --version                 display version\n\n"
        "For more details see getopt(1).\n",
    .shortopts = "+ao:l:n:qQs:TuhV",
    .longopts = getopt_options,
    .bad_status = 2,
    .version = "getopt from util-linux 2.38.1\n",
};

static int finish(go_state *s, int st) {
  int rc = s->out.len ? bi_write(s->b, s->out.data, s->out.len) : 0;
  vsh_buf_dispose(&s->out);
  return rc == VSH_EPIPE ? 141 : st;
}

static int set_shell(go_state *s, const char *sh) {
  if (!strcmp(sh, "sh") || !strcmp(sh, "bash")) s->csh = false;
  else if (!strcmp(sh, "csh") || !strcmp(sh, "tcsh")) s->csh = true;
  else
    return bi_usage_error(s->b, &getopt_cmd,
                          "unknown shell after -s or --shell argument");
  return -1;
}

int bi_getopt_main(bi_ctx *b) {
  go_state s = {.b = b, .prog = b->argv[0], .print = true, .quote = true};
  bool compat = bi_getenv(b, "GETOPT_COMPATIBLE") != NULL;
  if (b->argc == 1) {
    if (compat) return bi_puts(b, " --\n") == VSH_EPIPE ? 141 : 0;
    return bi_usage_error(b, &getopt_cmd, "missing optstring argument");
  }
  if (b->argv[1][0] != '-' || compat) { /* getopt OPTSTRING PARAMETERS */
    s.quote = false;
    s.optstr = b->argv[1] + strspn(b->argv[1], "-+");
    s.argv = b->argv + 1;
    s.argc = b->argc - 1;
    return finish(&s, parse_params(&s));
  }
  bi_opts g = {0};
  int c, st;
  while ((c = bi_opt(b, &g, &getopt_cmd)) != -1) {
    switch (c) {
    case 'a': s.long_only = true; break;
    case 'h': return bi_cmd_help(b, &getopt_cmd);
    case 'V': return bi_cmd_version(b, &getopt_cmd);
    case 'o': s.optstr = g.arg; break;
    case 'l': add_longs(&s, g.arg); break;
    case 'n': s.prog = g.arg; break;
    case 'q': s.print = false; break;
    case 'Q': s.quiet_output = true; break;
    case 's':
      if ((st = set_shell(&s, g.arg)) >= 0) return st;
      break;
    case 'T': return 4;
    case 'u': s.quote = false; break;
    default: return g.status;
    }
  }
  int first = 0;
  if (!s.optstr) {
    if (!g.noperands)
      return bi_usage_error(b, &getopt_cmd, "missing optstring argument");
    s.optstr = g.operands[first++];
  }
  s.argc = g.noperands - first + 1; /* parameters start at argv[1] */
  s.argv = vsh__arena_alloc(b->arena, (size_t)s.argc * sizeof(char *));
  s.argv[0] = (char *)s.prog;
  memcpy(s.argv + 1, g.operands + first, (size_t)(s.argc - 1) * sizeof(char *));
  return finish(&s, parse_params(&s));
}
