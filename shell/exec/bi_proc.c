/* bi_proc.c: the shell as a program and a process: bash/sh started
 * inside the sandbox (bash's invocation options), umask (octal and
 * symbolic, the mode every created file takes) and ulimit (bash's table,
 * soft and hard limits kept per shell, inherited, never enforced: the
 * exec's own budgets are). */
#include "shell/exec/exec_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char bash_usage[] =
    "Usage:\tbash [GNU long option] [option] ...\n"
    "\tbash [GNU long option] [option] script-file ...\n"
    "GNU long options:\n"
    "\t--debug\n\t--debugger\n\t--dump-po-strings\n\t--dump-strings\n"
    "\t--help\n\t--init-file\n\t--login\n\t--noediting\n\t--noprofile\n"
    "\t--norc\n\t--posix\n\t--pretty-print\n\t--rcfile\n\t--restricted\n"
    "\t--verbose\n\t--version\n"
    "Shell options:\n"
    "\t-ilrsD or -c command or -O shopt_option\t\t(invocation only)\n"
    "\t-abefhkmnptuvxBCEHPT or -o option\n";

static const char bash_version[] =
    "GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)\n"
    "Copyright (C) 2022 Free Software Foundation, Inc.\n"
    "License GPLv3+: GNU GPL version 3 or later "
    "<http://gnu.org/licenses/gpl.html>\n\n"
    "This is free software; you are free to change and redistribute it.\n"
    "There is NO WARRANTY, to the extent permitted by law.\n";

/* bash / sh: [long options] [-abefhkmnptuvxBCEHPT] [-o opt] [-O shopt]
 * [-ilrsD] [-c STRING [NAME [ARGS]] | FILE [ARGS] | -s [ARGS]], parsed as
 * bash does: long options first, short ones bundled (-ec), -c's string
 * is the first operand, `-` or `--` ends the options.  sh (and --posix)
 * starts in posix mode. */
#define BASH_MAX_OPTS 64
typedef struct bash_inv {
  const char *opts_on[BASH_MAX_OPTS];
  bool opts_val[BASH_MAX_OPTS], opts_shopt[BASH_MAX_OPTS];
  int non;
  bool noexec, read_stdin, interactive, want_c;
  int i; /* the next argument */
} bash_inv;

static void add_opt(bash_inv *v, const char *name, bool on, bool shopt) {
  if (v->non >= BASH_MAX_OPTS) return;
  v->opts_on[v->non] = name;
  v->opts_val[v->non] = on;
  v->opts_shopt[v->non++] = shopt;
}

/* The long options (they come first); -1 to go on, else the status. */
static int bash_long_opts(bi_ctx *b, bash_inv *v) {
  for (; v->i < b->argc; v->i++) {
    const char *a = b->argv[v->i];
    if (a[0] != '-' || a[1] != '-' || !a[2]) break;
    if (!strcmp(a, "--rcfile") || !strcmp(a, "--init-file")) {
      if (v->i + 1 < b->argc) v->i++;
      continue;
    }
    if (!strcmp(a, "--version")) {
      bi_puts(b, bash_version);
      return 0;
    }
    if (!strcmp(a, "--help")) {
      bi_printf(b,
                "GNU bash, version 5.2.15(1)-release-(x86_64-pc-linux-gnu)\n"
                "%s",
                bash_usage);
      return 0;
    }
    const char *name = NULL;
    if (!strcmp(a, "--posix")) name = "posix";
    else if (!strcmp(a, "--verbose")) name = "verbose";
    else if (strcmp(a, "--norc") && strcmp(a, "--noprofile") &&
             strcmp(a, "--noediting") && strcmp(a, "--login") &&
             strcmp(a, "--restricted") && strcmp(a, "--debug") &&
             strcmp(a, "--debugger") && strcmp(a, "--dump-strings") &&
             strcmp(a, "--dump-po-strings") && strcmp(a, "--pretty-print") &&
             strcmp(a, "--protected") && strcmp(a, "--wordexp")) {
      bi_err(b, "%s: invalid option", a);
      bi_errline(b, "%.*s", (int)sizeof bash_usage - 2, bash_usage);
      return 2;
    }
    if (name) add_opt(v, name, true, false);
  }
  return -1;
}

/* One short option letter p of the bundle a; -1 to go on, else the
 * status. */
static int bash_short_opt(bi_ctx *b, bash_inv *v, const char *a, char p) {
  bool on = a[0] == '-';
  if (p == 'c') v->want_c = true; /* bash takes +c and +s as -c and -s */
  else if (p == 's') v->read_stdin = true;
  else if (p == 'i') v->interactive = on;
  else if (strchr("lrD", p)) {
    /* login, restricted, dump */
  } else if (p == 'o' || p == 'O') {
    bool shopt = p == 'O';
    if (v->i + 1 >= b->argc) return -1; /* bash lists them: nothing here */
    const char *nm = b->argv[++v->i];
    if (sh_opt_find(nm, shopt) < 0) {
      if (shopt) bi_err(b, "%s: invalid shell option name", nm);
      else bi_err(b, "%s: %s: invalid option name", b->argv[0], nm);
      return 2;
    }
    add_opt(v, nm, on, shopt);
  } else {
    if (p == 'n') v->noexec = on;
    int k = 0;
    for (; k < SH_OPT__COUNT; k++)
      if (sh_opts[k].letter == p && !sh_opts[k].shopt) break;
    if (k == SH_OPT__COUNT) {
      bi_err(b, "%c%c: invalid option", a[0], p);
      bi_errline(b, "%.*s", (int)sizeof bash_usage - 2, bash_usage);
      return 2;
    }
    add_opt(v, sh_opts[k].name, on, false);
  }
  return -1;
}

/* The short options, bundled, with - or +, up to `-`, `--` or the first
 * operand; -1 to go on, else the status. */
static int bash_short_opts(bi_ctx *b, bash_inv *v) {
  for (; v->i < b->argc; v->i++) {
    const char *a = b->argv[v->i];
    if (!strcmp(a, "--") || !strcmp(a, "-")) {
      v->i++;
      break;
    }
    if ((a[0] != '-' && a[0] != '+') || !a[1]) break;
    for (const char *p = a + 1; *p; p++) {
      int st = bash_short_opt(b, v, a, *p);
      if (st >= 0) return st;
    }
  }
  if (v->interactive && v->non + 2 <= BASH_MAX_OPTS) {
    /* an interactive bash edits lines (emacs) and expands history */
    add_opt(v, "emacs", true, false);
    add_opt(v, "histexpand", true, false);
  }
  return -1;
}

/* bash NAME: a NAME without a slash that is not in the working directory
 * is looked for on $PATH; true when read from there. */
static bool read_from_path(sh_ctx *c, const char *name, vsh_buf *text) {
  const char *path = sh_var_get(c, "PATH");
  if (strchr(name, '/') || !path) return false;
  for (const char *p = path;; p++) {
    const char *e = strchr(p, ':');
    size_t dl = e ? (size_t)(e - p) : strlen(p);
    if (dl) {
      vsh_buf f = {0};
      vsh__buf_append(&f, p, dl);
      vsh__buf_putc(&f, '/');
      vsh__buf_puts(&f, name);
      int err;
      vsh__buf_clear(text);
      bool ok = f.data && !sh__read_file(c, f.data, text, &err);
      vsh_buf_dispose(&f);
      if (ok) return true;
    }
    if (!e) break;
    p = e;
  }
  vsh__buf_clear(text);
  return false;
}

int bi_bash_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  bash_inv v = {.i = 1};
  const char *cmd = NULL;
  const char *base =
      strrchr(b->argv[0], '/') ? strrchr(b->argv[0], '/') + 1 : b->argv[0];
  if (!strcmp(base, "sh")) add_opt(&v, "posix", true, false);
  int st = bash_long_opts(b, &v);
  if (st < 0) st = bash_short_opts(b, &v);
  if (st >= 0) return st;
  int i = v.i;
  if (v.want_c) {
    if (i >= b->argc) {
      bi_err(b, "-c: option requires an argument");
      return 2;
    }
    cmd = b->argv[i++];
  }
  vsh_buf text = {0};
  const char *arg0 = b->argv[0], *name = b->argv[0];
  bool from_stdin = !cmd && (v.read_stdin || i >= b->argc);
  if (cmd) {
    vsh__buf_puts(&text, cmd);
    if (i < b->argc) arg0 = name = b->argv[i++];
  } else if (!from_stdin) {
    int err;
    if (sh__read_file(c, b->argv[i], &text, &err) &&
        !(err == VSH_ENOENT && read_from_path(c, b->argv[i], &text))) {
      if (err == VSH_EISDIR) /* opened, then read as the script ($0) */
        bi_errline(b, "%s: %s: %s", b->argv[i], b->argv[i], vsh_strerror(err));
      else bi_err(b, "%s: %s", b->argv[i], vsh_strerror(err));
      vsh_buf_dispose(&text);
      return err == VSH_ENOENT ? 127 : 126;
    }
    if (sh__binary_script(text.data, text.len)) {
      vsh_buf_dispose(&text);
      /* bash names it with the script as $0 */
      bi_errline(b, "%s: %s: cannot execute binary file", b->argv[i],
                 b->argv[i]);
      return 126;
    }
    arg0 = name = b->argv[i++];
  }
  /* bash -s ARGS, -c STRING NAME ARGS, FILE ARGS: the arguments are $1... */
  int argc = b->argc - i;
  char **argv = b->argv + i;
  sh_child_opts co = {.n = v.non,
                      .names = v.opts_on,
                      .on = v.opts_val,
                      .shopt = v.opts_shopt,
                      .noexec = v.noexec,
                      .dash_c = cmd != NULL,
                      .dash_s = from_stdin,
                      .stream = from_stdin,
                      .dash_i = v.interactive};
  st = sh__run_child_opts(c, text.data ? text.data : "", text.len, arg0, argc,
                          argv, name, !cmd && name != b->argv[0], &co);
  vsh_buf_dispose(&text);
  return st;
}

/* ---- ulimit ------------------------------------------------------------------ */

/* bash's table for Linux, in its -a order; the values are a typical
 * machine's (nothing here is enforced: the exec's own limits are). */
static const struct ulimit_def {
  char opt;
  const char *desc, *unit;
  int64_t soft, hard; /* -1: unlimited */
} ulimit_defs[17] = {
    {'R', "real-time non-blocking time", "microseconds", -1, -1},
    {'c', "core file size", "blocks", 0, -1},
    {'d', "data seg size", "kbytes", -1, -1},
    {'e', "scheduling priority", NULL, 0, 0},
    {'f', "file size", "blocks", -1, -1},
    {'i', "pending signals", NULL, 63704, 63704},
    {'l', "max locked memory", "kbytes", 8192, 8192},
    {'m', "max memory size", "kbytes", -1, -1},
    {'n', "open files", NULL, 1024, 1048576},
    {'p', "pipe size", "512 bytes", 8, 8},
    {'q', "POSIX message queues", "bytes", 819200, 819200},
    {'r', "real-time priority", NULL, 0, 0},
    {'s', "stack size", "kbytes", 8192, -1},
    {'t', "cpu time", "seconds", -1, -1},
    {'u', "max user processes", NULL, 63704, 63704},
    {'v', "virtual memory", "kbytes", -1, -1},
    {'x', "file locks", NULL, -1, -1}};

static void ulimit_line(vsh_buf *o, int k, int64_t v, bool named) {
  if (named) {
    const struct ulimit_def *d = &ulimit_defs[k];
    char unit[64];
    if (d->unit) snprintf(unit, sizeof unit, "(%s, -%c) ", d->unit, d->opt);
    else snprintf(unit, sizeof unit, "(-%c) ", d->opt);
    vsh__buf_printf(o, "%-20s %20s", d->desc, unit);
  }
  if (v < 0) vsh__buf_puts(o, "unlimited\n");
  else vsh__buf_printf(o, "%lld\n", (long long)v);
}

int bi_ulimit_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  if (!c->limit.ulimit_init) {
    for (int k = 0; k < 17; k++) {
      c->limit.ulimit_soft[k] = ulimit_defs[k].soft;
      c->limit.ulimit_hard[k] = ulimit_defs[k].hard;
    }
    c->limit.ulimit_init = true;
  }
  bool soft = false, hard = false, all = false;
  int which[17], nw = 0;
  int i = 1;
  for (; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (!strcmp(a, "--")) {
      i++;
      break;
    }
    if (a[0] != '-' || !a[1]) break;
    for (const char *p = a + 1; *p; p++) {
      if (*p == 'S') soft = true;
      else if (*p == 'H') hard = true;
      else if (*p == 'a') all = true;
      else {
        int k = 0;
        while (k < 17 && ulimit_defs[k].opt != *p) k++;
        if (k == 17) {
          bi_err(b, "-%c: invalid option", *p);
          sh__builtin_usage(b);
          return 2;
        }
        if (nw < 17) which[nw++] = k;
      }
    }
  }
  bool set_both = soft == hard;    /* neither (or both): set both */
  if (!soft && !hard) soft = true; /* shown: soft */
  vsh_buf o = {0};
  int st = 0;
  if (all) {
    for (int k = 0; k < 17; k++)
      ulimit_line(&o, k,
                  hard && !soft ? c->limit.ulimit_hard[k]
                                : c->limit.ulimit_soft[k],
                  true);
  } else if (i < b->argc) {
    int k = nw ? which[nw - 1] : 4; /* -f by default */
    const char *v = b->argv[i];
    int64_t val;
    if (!strcmp(v, "unlimited")) val = -1;
    else if (!strcmp(v, "hard")) val = c->limit.ulimit_hard[k];
    else if (!strcmp(v, "soft")) val = c->limit.ulimit_soft[k];
    else {
      char *end;
      errno = 0;
      long long n = strtoll(v, &end, 10);
      if (!*v || *end || n < 0 || errno) {
        bi_err(b, "%s: invalid number", v);
        vsh_buf_dispose(&o);
        return 1;
      }
      val = n;
    }
    const struct ulimit_def *d = &ulimit_defs[k];
    int64_t hv = c->limit.ulimit_hard[k];
    bool above = hv >= 0 && (val < 0 || val > hv);
    /* bash counts in bytes: a number of blocks must fit in 64 bits */
    uint64_t unit = !d->unit                     ? 1
                    : !strcmp(d->unit, "kbytes") ? 1024
                    : strstr(d->unit, "512") || !strcmp(d->unit, "blocks") ? 512
                                                                           : 1;
    if (val > 0 && (uint64_t)val > UINT64_MAX / unit) {
      bi_err(b, "%s: limit out of range", v);
      st = 1;
    } else if (d->opt == 'p') {
      bi_err(b, "%s: cannot modify limit: Invalid argument", d->desc);
      st = 1;
    } else if (above) { /* raising a hard limit needs root */
      bi_err(b, "%s: cannot modify limit: Operation not permitted", d->desc);
      st = 1;
    } else {
      if (hard || set_both) c->limit.ulimit_hard[k] = val;
      if (soft || set_both) c->limit.ulimit_soft[k] = val;
    }
  } else {
    if (!nw) which[nw++] = 4;
    for (int j = 0; j < nw; j++) {
      int k = which[j];
      ulimit_line(&o, k,
                  soft ? c->limit.ulimit_soft[k] : c->limit.ulimit_hard[k],
                  nw > 1);
    }
  }
  if (o.len && bi_write(b, o.data, o.len)) st = 1;
  vsh_buf_dispose(&o);
  return st;
}

/* ---- umask ------------------------------------------------------------------- */

static void umask_symbolic(vsh_buf *o, unsigned mask) {
  unsigned m = ~mask & 0777;
  vsh__buf_printf(o, "u=%s%s%s,g=%s%s%s,o=%s%s%s", m & 0400 ? "r" : "",
                  m & 0200 ? "w" : "", m & 0100 ? "x" : "", m & 040 ? "r" : "",
                  m & 020 ? "w" : "", m & 010 ? "x" : "", m & 04 ? "r" : "",
                  m & 02 ? "w" : "", m & 01 ? "x" : "");
}

/* A symbolic mode (u+w,go=rx ...) applied to the permissions the mask
 * leaves, as bash parses it (one operator per clause); -1 on error. */
static long umask_parse_symbolic(bi_ctx *b, const char *s, unsigned mask) {
  unsigned bits = ~mask & 0777;
  for (;;) {
    unsigned who = 0;
    for (;; s++) {
      if (*s == 'u') who |= 0700;
      else if (*s == 'g') who |= 070;
      else if (*s == 'o') who |= 07;
      else if (*s == 'a') who |= 0777;
      else break;
    }
    if (!who) who = 0777;
    char op = *s ? *s++ : 0;
    if (op != '+' && op != '-' && op != '=') {
      bi_err(b, "`%c': invalid symbolic mode operator", op);
      return -1;
    }
    unsigned perm = 0;
    for (; *s && *s != ','; s++) {
      if (*s == 'r') perm |= 0444;
      else if (*s == 'w') perm |= 0222;
      else if (*s == 'x') perm |= 0111;
      else {
        bi_err(b, "`%c': invalid symbolic mode character", *s);
        return -1;
      }
    }
    perm &= who;
    if (op == '+') bits |= perm;
    else if (op == '-') bits &= ~perm;
    else bits = (bits & ~who) | perm;
    if (!*s) break;
    s++;
  }
  return (long)(~bits & 0777);
}

/* umask [-p] [-S] [mode]: octal or symbolic; every file and directory
 * the shell and the commands create takes its mode through it. */
int bi_umask_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  bool sym = false, reuse = false;
  sh_bopt op = {0};
  for (int f; (f = sh_bopt_next(b, &op, "Sp"));) {
    if (f < 0) return 2;
    if (f == 'S') sym = true;
    else reuse = true;
  }
  int i = op.ind;
  if (i < b->argc) {
    const char *m = b->argv[i];
    long v;
    if (*m >= '0' && *m <= '9') {
      char *end;
      v = strtol(m, &end, 8);
      if (*end || v > 07777) {
        bi_err(b, "%s: octal number out of range", m);
        return 1;
      }
    } else {
      v = umask_parse_symbolic(b, m, c->proc.umask);
      if (v < 0) return 1;
    }
    c->proc.umask = (unsigned)v & 0777;
    if (!sym) return 0;
  }
  vsh_buf o = {0};
  /* with a mode, bash shows only -S's form */
  if (reuse && i >= b->argc) vsh__buf_puts(&o, sym ? "umask -S " : "umask ");
  if (sym) umask_symbolic(&o, c->proc.umask);
  else vsh__buf_printf(&o, "%04o", c->proc.umask);
  vsh__buf_putc(&o, '\n');
  int st = bi_write(b, o.data, o.len) ? 1 : 0;
  vsh_buf_dispose(&o);
  return st;
}
