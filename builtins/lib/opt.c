/* opt.c: GNU-style option parsing for builtins: bundled short options
 * (-rn, -n2, -tx1), long options with = or a separate value and unique
 * prefixes (--num=3, --num 3, --nu), "--" ends options, and operands may
 * come before options (GNU permutation unless POSIXLY_CORRECT or a '+' at
 * the start of the option string).  Operands are collected in order.
 * BI_CMD_EXACT and unknown_fmt carry a command's own option language
 * (jq's: whole long names, its own message for an unknown option). */
#include "builtins/lib/opt.h"

#include "builtins/builtins.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void bi_try_help(bi_ctx *b) {
  bi_errline(b, "Try '%s --help' for more information.", b->argv[0]);
}

int bi_argmatch_vals(bi_ctx *b, const char *opt, const char *arg,
                     const char *const *valid, const int *vals) {
  size_t n = strlen(arg);
  int found = -1;
  bool ambiguous = false;
#define VAL(i) (vals ? vals[i] : (i))
  for (int i = 0; valid[i]; i++) {
    if (!strcmp(valid[i], arg)) return VAL(i);
    if (n && !strncmp(valid[i], arg, n)) {
      if (found >= 0 && VAL(found) != VAL(i)) ambiguous = true;
      found = i;
    }
  }
  if (found >= 0 && !ambiguous) return VAL(found);
  bi_err(b, "%s argument \u2018%s\u2019 for \u2018%s\u2019",
         ambiguous ? "ambiguous" : "invalid", arg, opt);
  bi_errline(b, "Valid arguments are:");
  vsh_buf line = {0};
  for (int i = 0; valid[i]; i++) {
    /* synonyms (the same value, listed together) share a line */
    if (i && VAL(i) == VAL(i - 1)) vsh__buf_puts(&line, ", ");
    else vsh__buf_puts(&line, "  - ");
    vsh__buf_printf(&line, "\u2018%s\u2019", valid[i]);
    if (!valid[i + 1] || VAL(i + 1) != VAL(i)) {
      bi_errline(b, "%s", line.data ? line.data : "");
      vsh__buf_clear(&line);
    }
  }
#undef VAL
  vsh_buf_dispose(&line);
  return -1;
}

int bi_argmatch(bi_ctx *b, const char *opt, const char *arg,
                const char *const *valid) {
  return bi_argmatch_vals(b, opt, arg, valid, NULL);
}

/* What one parse follows: the option tables, the usage-error status and
 * whether --help/--version are answered here (cmd != NULL). */
typedef struct opt_spec {
  const char *shortopts;
  const bi_longopt *lo; /* bi_getopt's table, or */
  const bi_cmd *cmd;    /* the declaration's */
  int bad_status;
} opt_spec;

/* Ids of the implicit --help and --version, never returned. */
enum { OPT_HELP = -10, OPT_VERSION = -11 };
static const bi_option std_opts[] = {
    {"help", BI_ARG_NONE, OPT_HELP, NULL},
    {"version", BI_ARG_NONE, OPT_VERSION, NULL}};

static bool lo_end(const bi_option *o) { return !o->name && !o->val; }

/* The i-th long option of the table, for a declared command followed by
 * the standard ones (NULL past the end; short-only entries come back
 * too).  *tmp holds a bi_getopt entry. */
static const bi_option *lo_at(const opt_spec *sp, int i, bi_option *tmp) {
  if (!sp->cmd) {
    for (const bi_longopt *o = sp->lo; o && o->name; o++)
      if (i-- == 0) {
        *tmp = (bi_option){o->name, o->has_arg, o->val, NULL};
        return tmp;
      }
    return NULL;
  }
  for (const bi_option *o = sp->cmd->longopts; o && !lo_end(o); o++)
    if (i-- == 0) return o;
  if (sp->cmd->flags & BI_CMD_NO_HELP) return NULL;
  int nstd = sp->cmd->flags & BI_CMD_NO_VERSION ? 1 : 2;
  return i < nstd ? &std_opts[i] : NULL;
}

static void help_text(vsh_buf *o, const bi_cmd *cmd);

/* After a usage error's message: the "Try" line, or the whole help. */
static void try_line(bi_ctx *b, const bi_cmd *cmd) {
  if (cmd && cmd->try_text) {
    bi_write_to(b, b->err, cmd->try_text, strlen(cmd->try_text));
    return;
  }
  if (cmd && (cmd->flags & BI_CMD_USAGE_TRY) && cmd->usage)
    bi_write_to(b, b->err, cmd->usage, strlen(cmd->usage));
  if (cmd && (cmd->flags & (BI_CMD_TRY_NAMED | BI_CMD_TRY_BACKQUOTE))) {
    bool named = cmd->flags & BI_CMD_TRY_NAMED;
    bi_errline(b, "%s%sTry %c%s --help' for more information.",
               named ? cmd->name : "", named ? ": " : "",
               cmd->flags & BI_CMD_TRY_BACKQUOTE ? '`' : '\'', cmd->name);
    return;
  }
  if (!cmd || !(cmd->flags & BI_CMD_ERR_USAGE)) {
    bi_try_help(b);
    return;
  }
  vsh_buf o = {0};
  help_text(&o, cmd);
  if (o.len) bi_write_to(b, b->err, o.data, o.len);
  vsh_buf_dispose(&o);
}

static int fail(bi_ctx *b, bi_opts *g, const opt_spec *sp, const char *fmt,
                const char *what) {
  bi_err(b, fmt, what);
  try_line(b, sp->cmd);
  g->status = sp->bad_status;
  return sp->cmd ? BI_OPT_EXIT : '?';
}

/* GNU getopt's "is ambiguous; possibilities: '--a' '--b'". */
static int ambiguous(bi_ctx *b, bi_opts *g, const opt_spec *sp, const char *arg,
                     size_t n) {
  vsh_buf m = {0};
  vsh__buf_printf(&m, "option '--%s' is ambiguous; possibilities:", arg);
  const bi_option *o;
  bi_option tmp;
  for (int i = 0; (o = lo_at(sp, i, &tmp)); i++)
    if (o->name && !strncmp(o->name, arg, n))
      vsh__buf_printf(&m, " '--%s'", o->name);
  bi_err(b, "%s", m.data ? m.data : "option is ambiguous");
  vsh_buf_dispose(&m);
  try_line(b, sp->cmd);
  g->status = sp->bad_status;
  return sp->cmd ? BI_OPT_EXIT : '?';
}

/* An unknown option: GNU's message (fmt with what), or the command's
 * own with the whole argument. */
static int unknown(bi_ctx *b, bi_opts *g, const opt_spec *sp, const char *fmt,
                   const char *what, const char *whole) {
  if (sp->cmd && sp->cmd->unknown_fmt)
    return fail(b, g, sp, sp->cmd->unknown_fmt, whole);
  return fail(b, g, sp, fmt, what);
}

static int long_opt(bi_ctx *b, bi_opts *g, const opt_spec *sp,
                    const char *arg) {
  bool exact = sp->cmd && (sp->cmd->flags & BI_CMD_EXACT);
  const char *eq = exact ? NULL : strchr(arg, '=');
  size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
  const bi_option *o;
  bi_option hit = {0}, tmp;
  bool found = false, amb = false;
  for (int i = 0; (o = lo_at(sp, i, &tmp)); i++) {
    if (!o->name || strncmp(o->name, arg, n)) continue;
    if (strlen(o->name) == n) {
      hit = *o;
      found = true;
      amb = false;
      break;
    }
    if (exact) continue;
    /* Prefixes of several names for one option are not ambiguous. */
    if (found && (hit.has_arg != o->has_arg || hit.val != o->val)) amb = true;
    if (!found) hit = *o;
    found = true;
  }
  if (!found)
    return unknown(b, g, sp, "unrecognized option '--%s'", arg, arg - 2);
  if (amb) return ambiguous(b, g, sp, arg, n);
  g->arg = NULL;
  if (hit.has_arg == BI_ARG_NONE && eq)
    return fail(b, g, sp, "option '--%s' doesn't allow an argument", hit.name);
  if (eq) {
    g->arg = eq + 1;
  } else if (hit.has_arg == BI_ARG_REQUIRED) {
    if (g->ind >= b->argc)
      return fail(b, g, sp, "option '--%s' requires an argument", hit.name);
    g->arg = b->argv[g->ind++];
  }
  g->longname = hit.name;
  return hit.val;
}

static int next_opt(bi_ctx *b, bi_opts *g, const opt_spec *sp) {
  const char *shortopts = sp->shortopts ? sp->shortopts : "";
  if (g->ind == 0) {
    g->ind = 1;
    g->operands =
        vsh__arena_alloc(b->arena, ((size_t)b->argc + 1) * sizeof(char *));
    g->noperands = 0;
    if (!g->operands) {
      g->status = 1;
      return sp->cmd ? BI_OPT_EXIT : -1;
    }
  }
  bool own = sp->cmd && (sp->cmd->flags & BI_CMD_EXACT);
  bool posix = shortopts[0] == '+' ||
               (!own && bi_getenv(b, "POSIXLY_CORRECT")) ||
               (sp->cmd && (sp->cmd->flags & BI_CMD_POSIX));
  if (shortopts[0] == '+') shortopts++;
  for (;;) {
    if (g->bundle && *g->bundle) {
      char ch = *g->bundle++;
      const char *spec = ch == ':' ? NULL : strchr(shortopts, ch);
      g->arg = NULL;
      g->longname = NULL;
      if (!spec) {
        char s[2] = {ch, 0};
        /* the bundle is the argument before g->ind */
        return unknown(b, g, sp, "invalid option -- '%s'", s,
                       b->argv[g->ind - 1]);
      }
      if (spec[1] == ':') {
        if (*g->bundle) {
          g->arg = g->bundle;
        } else if (spec[2] != ':') {
          if (g->ind >= b->argc) {
            char s[2] = {ch, 0};
            return fail(b, g, sp, "option requires an argument -- '%s'", s);
          }
          g->arg = b->argv[g->ind++];
        }
        g->bundle = NULL;
      }
      return (unsigned char)ch;
    }
    g->bundle = NULL;
    if (g->ind >= b->argc) {
      g->operands[g->noperands] = NULL;
      return -1;
    }
    const char *a = b->argv[g->ind++];
    if (g->ended || a[0] != '-' || !a[1] ||
        (sp->cmd && sp->cmd->is_operand && sp->cmd->is_operand(a))) {
      g->operands[g->noperands++] = (char *)a;
      if (posix) g->ended = true;
      continue;
    }
    if (!strcmp(a, "--")) {
      g->ended = true;
      continue;
    }
    if (a[1] == '-') return long_opt(b, g, sp, a + 2);
    g->bundle = a + 1;
  }
}

int bi_getopt(bi_ctx *b, bi_opts *g, const char *shortopts,
              const bi_longopt *longopts) {
  opt_spec sp = {shortopts, longopts, NULL, 1};
  return next_opt(b, g, &sp);
}

int bi_opt(bi_ctx *b, bi_opts *g, const bi_cmd *cmd) {
  opt_spec sp = {cmd->shortopts, NULL, cmd,
                 cmd->bad_status ? cmd->bad_status : 1};
  int c = next_opt(b, g, &sp);
  if (c == OPT_HELP || c == OPT_VERSION) {
    g->status = c == OPT_HELP ? bi_cmd_help(b, cmd) : bi_cmd_version(b, cmd);
    return BI_OPT_EXIT;
  }
  return c;
}

int bi_opt_alone(bi_ctx *b, const bi_cmd *cmd) {
  if (b->argc != 2 || strncmp(b->argv[1], "--", 2) || !b->argv[1][2]) return -1;
  const char *a = b->argv[1] + 2;
  size_t n = strlen(a);
  if (!strncmp("help", a, n)) return bi_cmd_help(b, cmd);
  if (!strncmp("version", a, n)) return bi_cmd_version(b, cmd);
  return -1;
}

int bi_opt_scan(bi_ctx *b, const bi_cmd *cmd) {
  for (int i = 1; i < b->argc; i++) {
    if (!strcmp(b->argv[i], "--")) break;
    if (!strcmp(b->argv[i], "--help")) return bi_cmd_help(b, cmd);
    if (!strcmp(b->argv[i], "--version")) return bi_cmd_version(b, cmd);
  }
  return -1;
}

int bi_usage_error(bi_ctx *b, const bi_cmd *cmd, const char *fmt, ...) {
  if (fmt) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    bi_err(b, "%s", msg);
  }
  try_line(b, cmd);
  return cmd->bad_status ? cmd->bad_status : 1;
}

/* "  -n, --lines=NUM" for the generated list; returns the help text
 * after the "=NUM " that names the argument. */
static const char *option_left(vsh_buf *o, const bi_cmd *cmd,
                               const bi_option *lo) {
  const char *so = cmd->shortopts ? cmd->shortopts : "";
  bool has_short = lo->val > 0 && lo->val < 256 && strchr(so, lo->val);
  if (has_short) vsh__buf_printf(o, "  -%c", lo->val);
  else vsh__buf_puts(o, "    ");
  if (lo->name) {
    vsh__buf_puts(o, has_short ? ", --" : "  --");
    vsh__buf_puts(o, lo->name);
  }
  const char *h = lo->help;
  if (h[0] != '=') return h;
  const char *sp = strchr(h, ' ');
  int n = sp ? (int)(sp - h - 1) : (int)strlen(h + 1);
  if (lo->has_arg == BI_ARG_OPTIONAL) vsh__buf_printf(o, "[=%.*s]", n, h + 1);
  else vsh__buf_printf(o, "%s%.*s", lo->name ? "=" : " ", n, h + 1);
  return sp ? sp + 1 : "";
}

static void pad(vsh_buf *o, size_t from, size_t to) {
  for (; from < to; from++) vsh__buf_putc(o, ' ');
}

/* The command's options at its help column, then coreutils' fixed
 * --help/--version lines. */
static void option_list(vsh_buf *o, const bi_cmd *cmd) {
  const bi_option *lo;
  size_t col = cmd->help_col > 0 ? (size_t)cmd->help_col : 0;
  for (lo = cmd->longopts; !cmd->help_col && lo && !lo_end(lo); lo++) {
    if (!lo->help) continue;
    vsh_buf l = {0};
    option_left(&l, cmd, lo);
    if (l.len <= 30 && l.len + 2 > col) col = l.len + 2;
    vsh_buf_dispose(&l);
  }
  for (lo = cmd->longopts; lo && !lo_end(lo); lo++) {
    if (!lo->help) continue;
    size_t start = o->len;
    const char *help = option_left(o, cmd, lo);
    size_t w = o->len - start;
    if (w + 2 > col) {
      vsh__buf_putc(o, '\n');
      w = 0;
    }
    pad(o, w, col);
    for (const char *h = help; *h; h++) {
      vsh__buf_putc(o, *h);
      if (*h == '\n') pad(o, 0, col);
    }
    vsh__buf_putc(o, '\n');
  }
  if (cmd->flags & BI_CMD_NO_HELP) return;
  vsh__buf_puts(o, "      --help        display this help and exit\n");
  if (!(cmd->flags & BI_CMD_NO_VERSION))
    vsh__buf_puts(o, "      --version     output version information "
                     "and exit\n");
}

static void help_text(vsh_buf *o, const bi_cmd *cmd) {
  if (cmd->usage) vsh__buf_puts(o, cmd->usage);
  if (cmd->about) vsh__buf_puts(o, cmd->about);
  bool listed = false;
  for (const bi_option *lo = cmd->longopts; lo && !lo_end(lo); lo++)
    listed = listed || lo->help;
  if (listed) option_list(o, cmd);
  if (cmd->footer) vsh__buf_puts(o, cmd->footer);
}

int bi_cmd_help(bi_ctx *b, const bi_cmd *cmd) {
  vsh_buf o = {0};
  help_text(&o, cmd);
  int rc = bi_write(b, o.data ? o.data : "", o.len);
  vsh_buf_dispose(&o);
  return rc == VSH_EPIPE ? 141 : rc ? 1 : 0;
}

int bi_cmd_version(bi_ctx *b, const bi_cmd *cmd) {
  int rc = cmd->version
               ? bi_puts(b, cmd->version)
               : bi_printf(b, "%s (vsh) %s\n", cmd->name, VSH_VERSION_STRING);
  return rc == VSH_EPIPE ? 141 : rc ? 1 : 0;
}

bool bi_parse_size(const char *s, uint64_t *out) {
  char *end;
  if (!s || !*s) return false;
  /* strtoull would take "-1" as 2^64-1 */
  for (const char *q = s; *q; q++)
    if (*q == '-') return false;
    else if (*q != ' ' && *q != '\t') break;
  unsigned long long v = strtoull(s, &end, 10);
  uint64_t mul = 1;
  if (*end) {
    const char *sfx = "kKMGTPE";
    /* GNU's head, tail, split and truncate take a lower-case m too */
    const char *p = strchr(sfx, *end == 'm' ? 'M' : *end);
    if (!p && *end == 'b' && !end[1]) mul = 512;
    else if (!p) return false;
    else {
      int pow = p == sfx ? 1 : (int)(p - sfx);
      bool si = end[1] == 'B';
      if (end[1] && !(si && !end[2]) &&
          !(end[1] == 'i' && end[2] == 'B' && !end[3]))
        return false;
      for (int i = 0; i < pow; i++) mul *= si ? 1000 : 1024;
    }
  }
  if (mul && v > UINT64_MAX / mul) return false;
  *out = v * mul;
  return true;
}

int bi_getopt_nul(bi_ctx *b, bi_opts *g, const bi_nul_opt *o, char *end) {
  const bi_option lo[] = {{o->longname, BI_ARG_NONE, o->letter, NULL}, {0}};
  const char shortopts[2] = {o->letter, 0};
  const bi_cmd cmd = {.name = o->name,
                      .usage = o->usage,
                      .shortopts = shortopts,
                      .longopts = lo,
                      .bad_status = o->bad_status};
  int ch;
  *end = '\n';
  while ((ch = bi_opt(b, g, &cmd)) != -1) {
    if (ch != o->letter) return g->status;
    *end = 0;
  }
  return -1;
}

static bool re_budget_cancelled(void *ud) { return bi_cancelled(ud); }

vsh_re_budget bi_re_budget(bi_ctx *b) {
  return (vsh_re_budget){VSH_RE_DEFAULT_STEPS, re_budget_cancelled, b};
}

int bi_re_failed(bi_ctx *b, int rc) {
  if (rc == VSH_ELIMIT)
    bi_err(b, "regular expression too complex for the input (work limit)");
  else if (rc == VSH_ENOMEM) bi_err(b, "memory exhausted");
  return rc == VSH_EABORTED ? 1 : 2;
}
