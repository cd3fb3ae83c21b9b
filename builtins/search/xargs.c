/* xargs.c: build and run command lines from standard input (-0 -d -a -n
 * -L -I -r -t -s -E -x -P).  Input is read in chunks and commands run as
 * soon as a batch is full.  Deviations: -P runs batches one after another
 * (same results, no concurrency); -p asks on /dev/tty as GNU's, and
 * there is no terminal: it fails the way GNU's does without one. */
#include "builtins/builtins.h"

#include <string.h>

enum { OPT_SHOW_LIMITS = BI_OPT_FIRST, OPT_PROCESS_SLOT_VAR };

static const bi_option xargs_longopts[] = {
    {"null", BI_ARG_NONE, '0', NULL},
    {"arg-file", BI_ARG_REQUIRED, 'a', NULL},
    {"delimiter", BI_ARG_REQUIRED, 'd', NULL},
    {"eof", BI_ARG_OPTIONAL, 'e', NULL},
    {"replace", BI_ARG_OPTIONAL, 'i', NULL},
    {"max-lines", BI_ARG_OPTIONAL, 'l', NULL},
    {"max-args", BI_ARG_REQUIRED, 'n', NULL},
    {"max-procs", BI_ARG_REQUIRED, 'P', NULL},
    {"no-run-if-empty", BI_ARG_NONE, 'r', NULL},
    {"max-chars", BI_ARG_REQUIRED, 's', NULL},
    {"verbose", BI_ARG_NONE, 't', NULL},
    {"exit", BI_ARG_NONE, 'x', NULL},
    {"interactive", BI_ARG_NONE, 'p', NULL},
    {"open-tty", BI_ARG_NONE, 'o', NULL},
    {"show-limits", BI_ARG_NONE, OPT_SHOW_LIMITS, NULL},
    {"process-slot-var", BI_ARG_REQUIRED, OPT_PROCESS_SLOT_VAR, NULL},
    {0}};

/* Options end at COMMAND. */
static const bi_cmd xargs_cmd = {
    .name = "xargs",
    .usage = "Usage: xargs [OPTION]... COMMAND [INITIAL-ARGS]...\n",
    .about =
        "Run COMMAND with arguments INITIAL-ARGS and more arguments read "
        "from input.\n"
        "\n"
        "  -0, --null                   items are separated by a null, not "
        "whitespace\n"
        "  -a, --arg-file=FILE          read arguments from FILE, not "
        "standard input\n"
        "  -d, --delimiter=CHARACTER    items in input stream are separated "
        "by CHARACTER\n"
        "  -E END                       set logical EOF string\n"
        "  -I R                         same as --replace=R\n"
        "  -i, --replace[=R]            replace R in INITIAL-ARGS with "
        "names read from standard input; if R is unspecified, assume {}\n"
        "  -L, --max-lines=MAX-LINES    use at most MAX-LINES non-blank "
        "input lines per command line\n"
        "  -n, --max-args=MAX-ARGS      use at most MAX-ARGS arguments per "
        "command line\n"
        "  -P, --max-procs=MAX-PROCS    run at most MAX-PROCS processes at "
        "a time\n"
        "  -r, --no-run-if-empty        if there are no arguments, then do "
        "not run COMMAND\n"
        "  -s, --max-chars=MAX-CHARS    limit length of command line to "
        "MAX-CHARS\n"
        "  -t, --verbose                print commands before executing "
        "them\n"
        "  -x, --exit                   exit if the size (see -s) is "
        "exceeded\n"
        "      --help                   display this help and exit\n"
        "      --version                output version information and exit\n",
    .shortopts = "0a:d:E:e::I:i::L:l::n:P:rs:txpo",
    .longopts = xargs_longopts,
    .flags = BI_CMD_POSIX,
};

#define XARGS_DEFAULT_MAX_CHARS (128 * 1024)

typedef struct xin {
  bi_ctx *b;
  sh_stream *s;
  char buf[16384];
  size_t pos, len;
  bool eof;
  int mode; /* 0 quoted/blank, 1 delimiter */
  char delim;
} xin;

static int getc_(xin *x) {
  if (x->pos == x->len) {
    if (x->eof) return -1;
    if (bi_cancelled(x->b)) return VSH_EABORTED - 1000;
    int64_t r = bi_read(x->b, x->s, x->buf, sizeof x->buf);
    if (r < 0) return (int)r - 1000;
    if (r == 0) {
      x->eof = true;
      return -1;
    }
    x->pos = 0;
    x->len = (size_t)r;
  }
  return (unsigned char)x->buf[x->pos++];
}

/* 1 with an item (eol: it ended a line), 0 at the end, <0 error
 * (-2: unmatched quote, reported). */
static int next_item(xin *x, vsh_buf *it, bool *eol, bool whole_line) {
  vsh__buf_clear(it);
  *eol = false;
  if (x->mode == 1) {
    int c;
    bool any = false;
    while ((c = getc_(x)) >= 0) {
      any = true;
      if (c == (unsigned char)x->delim) {
        *eol = true;
        vsh__buf_putc(it, 0);
        it->len--;
        return 1;
      }
      vsh__buf_putc(it, (char)c);
    }
    if (c < -1) return c + 1000;
    if (!any) return 0;
    vsh__buf_putc(it, 0);
    it->len--;
    return 1;
  }
  int c;
  /* skip leading blanks and empty lines */
  for (;;) {
    c = getc_(x);
    if (c < -1) return c + 1000;
    if (c < 0) return 0;
    if (c == ' ' || (c >= '\t' && c <= '\r')) continue; /* isspace */
    break;
  }
  char q = 0;
  bool got = false;
  for (;; c = getc_(x)) {
    if (c < -1) return c + 1000;
    if (c < 0) {
      if (q) {
        bi_err(x->b,
               "unmatched %s quote; by default quotes are special to "
               "xargs unless you use the -0 option",
               q == '\'' ? "single" : "double");
        return -2;
      }
      break;
    }
    if (q) {
      if (c == q) q = 0;
      else if (c == '\n') {
        bi_err(x->b,
               "unmatched %s quote; by default quotes are special to "
               "xargs unless you use the -0 option",
               q == '\'' ? "single" : "double");
        return -2;
      } else vsh__buf_putc(it, (char)c);
      continue;
    }
    if (c == '\n') {
      *eol = true;
      break;
    }
    if ((c == ' ' || c == '\t') && !whole_line) {
      /* a blank ends the item; the line ends if only blanks follow */
      break;
    }
    if (c == '\'' || c == '"') {
      q = (char)c;
      got = true;
      continue;
    }
    if (c == '\\') {
      c = getc_(x);
      if (c < -1) return c + 1000;
      if (c < 0) break;
    }
    vsh__buf_putc(it, (char)c);
    got = true;
  }
  (void)got;
  if (whole_line) {
    /* -I: trailing blanks are part of the line? GNU strips leading only */
  }
  vsh__buf_putc(it, 0);
  it->len--;
  return 1;
}

typedef struct xargs_st {
  bi_ctx *b;
  char **base;
  int nbase;
  bool trace, prompt;
  int status;
  bool stop;
  int rc;
} xargs_st;

static void run(xargs_st *s, char **argv, int argc) {
  bi_ctx *b = s->b;
  if (s->prompt) { /* GNU shows the command, then finds no terminal */
    vsh_buf t = {0};
    for (int i = 0; i < argc; i++) {
      if (i) vsh__buf_putc(&t, ' ');
      vsh__buf_puts(&t, bi_quote_as(b, argv[i], BI_QS_SHELL_ESCAPE, false));
    }
    if (t.data) bi_write_to(b, b->err, t.data, t.len);
    vsh_buf_dispose(&t);
    bi_err(b, "failed to open /dev/tty for reading: %s",
           "No such device or address");
    s->status = 1;
    s->stop = true;
    return;
  }
  if (s->trace) {
    vsh_buf t = {0};
    for (int i = 0; i < argc; i++) {
      if (i) vsh__buf_putc(&t, ' ');
      vsh__buf_puts(&t, argv[i]);
    }
    vsh__buf_putc(&t, '\n');
    bi_write_to(b, b->err, t.data, t.len);
    vsh_buf_dispose(&t);
  }
  argv[argc] = NULL;
  int found = bi_command_lookup(b, argv[0]);
  if (found && bi_has_shell(b)) { /* GNU's words, not the shell's */
    bi_err(b, "%s: %s", argv[0], vsh_strerror(found));
    s->status = found == VSH_ENOENT ? 127 : 126;
    s->stop = true;
    return;
  }
  int st = bi_run_argv(b, argc, argv);
  if (bi_cancelled(b)) {
    s->rc = VSH_EABORTED;
    s->stop = true;
    return;
  }
  if (st == 255) {
    bi_err(b, "%s: exited with status 255; aborting", argv[0]);
    s->status = 124;
    s->stop = true;
  } else if (st == 127 || st == 126) {
    s->status = st;
    s->stop = true;
  } else if (st > 128) {
    bi_err(b, "%s: terminated by signal %d", argv[0], st - 128);
    s->status = 125;
    s->stop = true;
  } else if (st) {
    s->status = 123;
  }
}

typedef struct strv {
  char **v;
  int n, cap;
  size_t bytes;
} strv;

static bool sv_push(strv *a, const char *s, size_t n) {
  if (a->n + 2 > a->cap) {
    int nc = a->cap ? a->cap * 2 : 64;
    char **v = realloc(a->v, (size_t)nc * sizeof(char *));
    if (!v) return false;
    a->v = v;
    a->cap = nc;
  }
  char *c = malloc(n + 1);
  if (!c) return false;
  memcpy(c, s, n);
  c[n] = 0;
  a->v[a->n++] = c;
  a->bytes += n + 1;
  return true;
}

static void sv_truncate(strv *a, int n) {
  while (a->n > n) free(a->v[--a->n]);
  a->bytes = 0;
  for (int i = 0; i < a->n; i++) a->bytes += strlen(a->v[i]) + 1;
}

static bool parse_pos(const char *a, long *out) {
  if (!a || !*a) return false;
  long v = 0;
  for (const char *p = a; *p; p++) {
    if (*p < '0' || *p > '9') return false;
    if (v > 100000000) return false;
    v = v * 10 + (*p - '0');
  }
  *out = v;
  return true;
}

/* -I: one command per line, REPL replaced in every initial argument.
 * false when out of memory. */
static bool run_replaced(xargs_st *s, char **cmd, int ncmd, const char *repl,
                         const char *item, long max_chars) {
  strv cmdv = {0};
  size_t rl = strlen(repl);
  bool bad = false;
  for (int i = 0; i < ncmd; i++) {
    vsh_buf w = {0};
    const char *a = cmd[i];
    for (const char *q = a; *q;) {
      if (rl && !strncmp(q, repl, rl)) {
        vsh__buf_puts(&w, item);
        q += rl;
      } else {
        vsh__buf_putc(&w, *q++);
      }
    }
    if (!sv_push(&cmdv, w.data ? w.data : "", w.len)) bad = true;
    vsh_buf_dispose(&w);
  }
  if (!bad && cmdv.bytes > (size_t)max_chars) {
    bi_err(s->b, "argument line too long");
    s->status = 1;
    s->stop = true;
  } else if (!bad) {
    run(s, cmdv.v, cmdv.n);
  }
  sv_truncate(&cmdv, 0);
  free(cmdv.v);
  return !bad;
}

typedef struct xargs_opts {
  const char *argfile, *repl, *eofstr;
  long max_args, max_lines, max_chars;
  bool no_empty, trace, exit_size, prompt;
  int mode;
  char delim;
} xargs_opts;

/* The option loop: -1 to go on, else the exit status. */
static int xargs_options(bi_ctx *b, bi_opts *g, xargs_opts *o) {
  int c;
  /* which of -n, -L, -I came last wins; GNU warns about the others */
  bool saw_n = false, saw_l = false;
  static const char warn[] = "warning: options %s and %s are mutually "
                             "exclusive, ignoring previous %s value";
  while ((c = bi_opt(b, g, &xargs_cmd)) != -1) {
    long v;
    switch (c) {
    case '0':
      o->mode = 1;
      o->delim = 0;
      break;
    case 'a': o->argfile = g->arg; break;
    case 'd': {
      const char *d = g->arg;
      o->mode = 1;
      if (d[0] == '\\' && d[1]) {
        switch (d[1]) {
        case 'n': o->delim = '\n'; break;
        case 't': o->delim = '\t'; break;
        case '0': o->delim = 0; break;
        case '\\': o->delim = '\\'; break;
        default: o->delim = d[1];
        }
      } else if (d[0] && d[1]) {
        bi_err(b,
               "invalid input delimiter specification %s: the delimiter "
               "must be either a single character or an escape sequence "
               "starting with \\.",
               d);
        return 1;
      } else {
        o->delim = d[0];
      }
      break;
    }
    case 'E': o->eofstr = g->arg; break;
    case 'e': o->eofstr = g->arg; break;
    case 'I':
    case 'i':
      if (saw_n) bi_err(b, warn, "--max-args", "--replace/-I/-i", "--max-args");
      saw_n = saw_l = false;
      o->repl = c == 'I' ? g->arg : g->arg ? g->arg : "{}";
      o->max_lines = 1;
      o->max_args = 0;
      break;
    case 'L':
    case 'l':
      if (saw_n) bi_err(b, warn, "--max-args", "-L", "--max-args");
      else if (o->repl) bi_err(b, warn, "--replace", "-L", "--replace");
      saw_n = false;
      saw_l = true;
      if (c == 'l' && !g->arg) v = 1;
      else if (!parse_pos(g->arg, &v))
        return bi_usage_error(b, &xargs_cmd,
                              "invalid number \"%s\" for -L option", g->arg);
      else if (v < 1)
        return bi_usage_error(b, &xargs_cmd,
                              "value %s for -L option should be >= 1", g->arg);
      o->max_lines = v;
      o->max_args = 0;
      o->repl = NULL;
      break;
    case 'n':
      if (!parse_pos(g->arg, &v)) {
        return bi_usage_error(b, &xargs_cmd,
                              "invalid number \"%s\" for -n option", g->arg);
      }
      if (v < 1) {
        return bi_usage_error(b, &xargs_cmd,
                              "value %s for -n option should be >= 1", g->arg);
      }
      if (saw_l) bi_err(b, warn, "--max-lines", "--max-args/-n", "--max-lines");
      saw_l = false;
      saw_n = true;
      o->max_args = v;
      if (!o->repl) o->max_lines = 0;
      break;
    case 'P':
      if (!parse_pos(g->arg, &v)) {
        return bi_usage_error(b, &xargs_cmd,
                              "invalid number \"%s\" for -P option", g->arg);
      }
      break;
    case 'r': o->no_empty = true; break;
    case 's':
      if (!parse_pos(g->arg, &v))
        return bi_usage_error(b, &xargs_cmd,
                              "invalid number \"%s\" for -s option", g->arg);
      if (v < 1) { /* GNU goes on with 1, which nothing fits */
        bi_err(b, "value %s for -s option should be >= 1", g->arg);
        v = 1;
      }
      o->max_chars = v;
      break;
    case 't': o->trace = true; break;
    case 'x': o->exit_size = true; break;
    case 'o': break;
    case 'p': o->prompt = true; break;
    case OPT_SHOW_LIMITS:
    case OPT_PROCESS_SLOT_VAR: break;
    default: return g->status;
    }
  }
  return -1;
}

/* Reads the items and runs the command on them (-I: once per item);
 * false when out of memory. */
static bool xargs_loop(xargs_st *s, xin *x, const xargs_opts *xo, char **cmd,
                       int ncmd, strv *args, vsh_buf *it) {
  bi_ctx *b = s->b;
  const char *repl = xo->repl;
  long max_chars = xo->max_chars;
  bool ran = false;
  int lines = 0, nitems = 0;
  bool eol;
  while (!s->stop) {
    int r = next_item(x, it, &eol, repl != NULL);
    if (r < 0) {
      if (r != -2) {
        s->rc = r;
        break;
      }
      /* GNU runs what was read before the unmatched quote; status 1
       * unless that run failed (with -L, what was read is dropped) */
      if (xo->max_lines) sv_truncate(args, ncmd);
      if (!repl && args->n > ncmd) run(s, args->v, args->n);
      if (!s->status) s->status = 1;
      s->stop = true;
      break;
    }
    if (r == 0) break;
    const char *item = it->data ? it->data : "";
    if (xo->eofstr && !strcmp(item, xo->eofstr)) break;
    if (repl) {
      ran = true;
      if (!run_replaced(s, cmd, ncmd, repl, item, max_chars)) return false;
      continue;
    }
    size_t il = it->len;
    if (args->bytes + il + 1 > (size_t)max_chars && args->n > ncmd) {
      run(s, args->v, args->n);
      ran = true;
      sv_truncate(args, ncmd);
      nitems = 0;
      lines = 0;
      if (s->stop) break;
    }
    /* too long even alone after the command: GNU stops, -x or not */
    if (args->bytes + il + 1 > (size_t)max_chars &&
        (xo->exit_size || args->n == ncmd)) {
      bi_err(b, "argument line too long");
      s->status = 1;
      break;
    }
    if (!sv_push(args, item, il)) return false;
    nitems++;
    if (eol || xo->mode == 1) lines++;
    bool full =
        (xo->max_args && nitems >= xo->max_args) ||
        (xo->max_lines && lines >= xo->max_lines && (eol || xo->mode == 1));
    if (full) {
      run(s, args->v, args->n);
      ran = true;
      sv_truncate(args, ncmd);
      nitems = 0;
      lines = 0;
    }
  }
  if (!s->stop && !s->rc && s->status != 1 && !repl) {
    if (args->n > ncmd || (!ran && !xo->no_empty)) run(s, args->v, args->n);
  }
  return true;
}

int bi_xargs_main(bi_ctx *b) {
  bi_opts g = {0};
  xargs_opts xo = {.max_chars = XARGS_DEFAULT_MAX_CHARS};
  int ost = xargs_options(b, &g, &xo);
  if (ost >= 0) return ost;
  const char *argfile = xo.argfile, *repl = xo.repl;
  /* the command: operands after option parsing stopped */
  char *echo_argv[2] = {(char *)"echo", NULL};
  char **cmd = g.noperands ? g.operands : echo_argv;
  int ncmd = g.noperands ? g.noperands : 1;
  xargs_st s = {.b = b,
                .base = cmd,
                .nbase = ncmd,
                .trace = xo.trace,
                .prompt = xo.prompt};
  size_t base_bytes = 0;
  for (int i = 0; i < ncmd; i++) base_bytes += strlen(cmd[i]) + 1;
  if (!repl && base_bytes > (size_t)xo.max_chars) {
    bi_err(b, "cannot fit single argument within argument list size limit");
    return 1;
  }

  xin *x = calloc(1, sizeof(xin));
  if (!x) return 1;
  x->b = b;
  x->mode = xo.mode;
  x->delim = xo.delim;
  sh_stream *own = NULL;
  if (argfile) {
    const char *p = bi_path(b, argfile);
    vfs_file *fh = NULL;
    int rc =
        p ? vfs_open(b->fs, p, VFS_O_READ, 0, &fh) : bi_path_error(argfile);
    if (rc) {
      bi_err(b, "Cannot open input file %s: %s", bi_cquote(b, argfile),
             vsh_strerror(rc));
      free(x);
      return 1;
    }
    own = sh_stream_file_new(fh, argfile);
    if (!own) {
      free(x);
      return 1;
    }
    x->s = own;
  } else {
    x->s = b->in;
  }

  strv args = {0};
  vsh_buf it = {0};
  bool ok = true;
  for (int i = 0; i < ncmd && !repl && ok; i++)
    ok = sv_push(&args, cmd[i], strlen(cmd[i]));
  if (ok) ok = xargs_loop(&s, x, &xo, cmd, ncmd, &args, &it);
  sv_truncate(&args, 0);
  free(args.v);
  vsh_buf_dispose(&it);
  if (own) sh_stream_unref(own);
  free(x);
  if (!ok) return 1;
  if (s.rc == VSH_EABORTED) return 1;
  if (s.rc) {
    bi_err(b, "read error: %s", vsh_strerror(s.rc));
    return 1;
  }
  return s.status;
}
