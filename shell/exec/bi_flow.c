/* bi_flow.c: builtins about control flow and the shell itself: : true
 * false break continue return exit eval source exec trap wait jobs kill
 * alias unalias test/[ cd pwd pushd popd dirs.  Lookup and reporting
 * builtins (type command builtin help hash times caller) are in
 * bi_lookup.c. */
#include "shell/exec/exec_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bi_colon_main(bi_ctx *b) {
  (void)b;
  return 0;
}
int bi_true_main(bi_ctx *b) {
  (void)b;
  return 0;
}
int bi_false_main(bi_ctx *b) {
  (void)b;
  return 1;
}

static bool parse_long(const char *s, long *v) {
  char *end;
  if (!*s) return false;
  *v = strtol(s, &end, 10);
  return *end == 0;
}

/* The count argument of break, continue, return and exit comes after an
 * optional "--". */
static int count_arg(bi_ctx *b) {
  return b->argc > 1 && !strcmp(b->argv[1], "--") ? 2 : 1;
}

int sh__too_many_args(bi_ctx *b) {
  sh_ctx *c = b->sh;
  bi_err(b, "too many arguments");
  if (c->flow.unwind) return 1;
  if (c->opt.dash_c || c->opt.under_dash_c) { /* bash -c: the shell ends */
    c->proc.status = 1;
    c->flow.unwind = SH_UW_EXIT;
    return 1;
  }
  /* a script drops its current command, even from inside eval or source */
  c->flow.unwind = SH_UW_ABORT;
  c->flow.abort_top = true;
  return 1;
}

static int loop_ctl(bi_ctx *b, sh_unwind kind) {
  sh_ctx *c = b->sh;
  long n = 1;
  if (c->limit.loop_depth == 0) { /* before anything else; posix: quiet */
    if (!c->opt.opts[SH_OPT_POSIX])
      bi_err(b, "only meaningful in a `for', `while', or `until' loop");
    return 0;
  }
  int i = count_arg(b);
  if (i < b->argc && !parse_long(b->argv[i], &n)) {
    bi_err(b, "%s: numeric argument required", b->argv[i]);
    c->proc.status = 128;
    c->flow.unwind = SH_UW_EXIT;
    return 128;
  }
  if (b->argc - i > 1) return sh__too_many_args(b);
  if (n < 1) { /* and every enclosing loop is left */
    bi_err(b, "%s: loop count out of range", b->argv[i]);
    c->flow.unwind = SH_UW_BREAK;
    c->flow.unwind_n = (int)c->limit.loop_depth;
    return 1;
  }
  if ((unsigned)n > c->limit.loop_depth) n = c->limit.loop_depth;
  c->flow.unwind = kind;
  c->flow.unwind_n = (int)n;
  return 0;
}

int bi_break_main(bi_ctx *b) { return loop_ctl(b, SH_UW_BREAK); }
int bi_continue_main(bi_ctx *b) { return loop_ctl(b, SH_UW_CONTINUE); }

int bi_return_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  /* in a trap other than DEBUG, a bare return uses $? from before the
   * trap, in a function the trap called too (bash) */
  long n = c->trap.in_trap && c->trap.frame.sig != SH_TRAP_DEBUG
               ? c->trap.frame.status
               : c->proc.status;
  int i = count_arg(b);
  if (i < b->argc && !parse_long(b->argv[i], &n)) {
    bi_err(b, "%s: numeric argument required", b->argv[i]);
    n = 2;
  } else if (b->argc - i > 1 && c->where.funcname) {
    return sh__too_many_args(b);
  }
  if (!c->where.funcname) {
    bi_err(b, "can only `return' from a function or sourced script");
    /* posix mode: a special builtin's error ends the shell with 2 */
    if (c->opt.opts[SH_OPT_POSIX] && !c->opt.interactive) {
      c->proc.status = 2;
      c->flow.unwind = SH_UW_EXIT;
      return 2;
    }
    /* bash -c (and its subshells) says 2, a script 1 */
    return c->opt.dash_c || c->opt.under_dash_c ? 2 : 1;
  }
  c->trap.return_prev = c->proc.status;
  c->proc.status = (int)(n & 255);
  c->flow.unwind = SH_UW_RETURN;
  return c->proc.status;
}

int bi_exit_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  /* in the EXIT trap, a bare exit uses $? from before the trap; in a
   * signal trap, $? as it is now (bash) */
  long n = c->trap.in_trap && c->trap.frame.sig == SH_TRAP_EXIT
               ? c->trap.frame.status
               : c->proc.status;
  int i = count_arg(b);
  if (i < b->argc && !parse_long(b->argv[i], &n)) {
    bi_err(b, "%s: numeric argument required", b->argv[i]);
    n = 2;
  } else if (b->argc - i > 1) {
    return sh__too_many_args(b);
  }
  c->proc.status = (int)(n & 255);
  c->flow.unwind = SH_UW_EXIT;
  return c->proc.status;
}

int bi_eval_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  int i = sh_bopt_none(b);
  if (i < 0) return 2;
  vsh_buf src = {0};
  for (; i < b->argc; i++) {
    if (src.len) vsh__buf_putc(&src, ' ');
    vsh__buf_puts(&src, b->argv[i]);
  }
  if (!src.len) return 0;
  c->proc.status = 0;
  unsigned catch0 = c->flow.catch_depth;
  c->flow.catch_depth = c->limit.eval_depth + 1;
  c->where.xtrace_level++;
  const char *owhat = c->where.parse_what;
  c->where.parse_what = "eval";
  int st = sh_run_string(c, src.data, src.len,
                         c->where.source_name ? c->where.source_name : "vsh",
                         c->where.line);
  c->where.parse_what = owhat;
  c->where.xtrace_level--;
  c->flow.catch_depth = catch0;
  vsh_buf_dispose(&src);
  return st;
}

int bi_source_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  int i = sh_bopt_none(b);
  if (i < 0) return 2;
  if (i >= b->argc) {
    bi_err(b, "filename argument required");
    sh__builtin_usage(b);
    return 2;
  }
  const char *file = b->argv[i];
  vsh_buf text = {0};
  int err;
  char *found = NULL;
  bool posix = c->opt.opts[SH_OPT_POSIX];
  bool bare = !strchr(file, '/');
  if (bare && (c->opt.opts[SH_SHOPT_SOURCEPATH] || posix)) {
    const char *path = sh_var_get(c, "PATH");
    for (const char *p = path; p && *p;) {
      const char *e = strchr(p, ':');
      size_t dl = e ? (size_t)(e - p) : strlen(p);
      vsh_buf full = {0};
      vsh__buf_append(&full, p, dl);
      vsh__buf_putc(&full, '/');
      vsh__buf_puts(&full, file);
      vsh_buf t2 = {0};
      if (sh__read_file(c, full.data, &t2, &err) == 0) {
        found = strdup(full.data);
        text = t2;
        vsh_buf_dispose(&full);
        break;
      }
      vsh_buf_dispose(&t2);
      vsh_buf_dispose(&full);
      if (!e) break;
      p = e + 1;
    }
  }
  /* posix mode: a bare name is looked for in $PATH only */
  if (!found && bare && posix) err = VSH_ENOENT;
  if (!found && (bare && posix ? 1 : sh__read_file(c, file, &text, &err))) {
    if (bare && posix) bi_err(b, "%s: file not found", file);
    else if (err == VSH_EISDIR) bi_err(b, "%s: is a directory", file);
    else sh_error(c, "%s: %s", file, vsh_strerror(err)); /* no builtin */
    vsh_buf_dispose(&text);
    c->flow.special_failed = true; /* fatal in posix mode */
    return 1;
  }
  free(found);
  /* positional parameters: replaced only when arguments are given */
  char **opos = c->vars.pos;
  size_t onpos = c->vars.npos;
  bool args = i + 1 < b->argc;
  if (args) {
    c->vars.pos = sh__strv_dup(b->argv + i + 1, (size_t)(b->argc - i - 1));
    c->vars.npos = c->vars.pos ? (size_t)(b->argc - i - 1) : 0;
  }
  char **mine = c->vars.pos;
  const char *oname = c->where.source_name;
  c->where.source_name = file;
  /* `return` works in it */
  if (!sh_frame_push(c, "source", file, c->where.line) && args &&
      c->opt.opts[SH_SHOPT_EXTDEBUG] && !sh_bargs_push(c, mine, c->vars.npos))
    c->where.frames[c->limit.funcnest - 1].pushed_args = true;
  const char *ofn = c->where.funcname;
  c->where.funcname = ofn ? ofn : "source";
  unsigned catch0 = c->flow.catch_depth;
  c->flow.catch_depth = c->limit.eval_depth + 1;
  c->where.xtrace_level++;
  int st = sh_run_string(c, text.data ? text.data : "", text.len, file, 1);
  c->where.xtrace_level--;
  c->flow.catch_depth = catch0;
  c->where.funcname = ofn;
  sh_frame_pop(c);
  if (c->flow.unwind == SH_UW_RETURN) {
    c->flow.unwind = SH_UW_NONE;
    st = c->proc.status;
  }
  c->where.source_name = oname;
  if (c->trap.traps[SH_TRAP_RETURN] && !c->trap.in_trap &&
      c->flow.unwind == SH_UW_NONE) {
    int saved = st;
    sh_run_trap(c, SH_TRAP_RETURN);
    st = saved;
  }
  if (args && c->vars.pos == mine) {
    sh__strv_free(c->vars.pos, c->vars.npos);
    c->vars.pos = opos;
    c->vars.npos = onpos;
  } else if (args) { /* the file set its own (set --): they stay */
    sh__strv_free(opos, onpos);
  }
  vsh_buf_dispose(&text);
  return st;
}

static const char *login_name(bi_ctx *b, const char *name) {
  size_t n = strlen(name);
  char *r = vsh__arena_alloc(b->arena, n + 2);
  if (!r) return name;
  r[0] = '-';
  memcpy(r + 1, name, n + 1);
  return r;
}

int bi_exec_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  const char *arg0 = NULL;
  bool login = false, clear_env = false;
  sh_bopt o = {0};
  for (int f; (f = sh_bopt_next(b, &o, "a:cl"));) {
    if (f < 0) return 2;
    if (f == 'a') arg0 = o.arg;
    else if (f == 'c') clear_env = true;
    else login = true;
  }
  int i = o.ind;
  if (i >= b->argc) {
    /* redirections stay: the caller's saved bindings are dropped */
    c->io.exec_redirs_permanent = true;
    return 0;
  }
  /* exec runs a program: a name finds only files on $PATH (not
   * functions nor builtins) */
  bool isb;
  int st;
  if (!strchr(b->argv[i], '/') &&
      !sh__path_search_nth(c, b->argv[i], &isb, -1)) {
    bi_err(b, "%s: not found", b->argv[i]);
    st = 127;
  } else {
    if (login) /* a login shell's name: -NAME */
      arg0 = login_name(b, arg0 ? arg0 : b->argv[i]);
    if (clear_env) /* the shell is replaced: its exports can go */
      sh__unexport_all(c);
    st = sh__run_program(c, b->argc - i, b->argv + i, arg0);
  }
  c->proc.status = st;
  c->flow.unwind = SH_UW_EXIT;
  return st;
}

/* ---- traps ------------------------------------------------------------------ */

static const char *sig_names[] = {
    "EXIT",   "HUP",  "INT",    "QUIT", "ILL",   "TRAP", "ABRT", "BUS",
    "FPE",    "KILL", "USR1",   "SEGV", "USR2",  "PIPE", "ALRM", "TERM",
    "STKFLT", "CHLD", "CONT",   "STOP", "TSTP",  "TTIN", "TTOU", "URG",
    "XCPU",   "XFSZ", "VTALRM", "PROF", "WINCH", "IO",   "PWR",  "SYS"};

int sh__signal_number(const char *s) {
  if (!strcmp(s, "ERR")) return SH_TRAP_ERR;
  if (!strcmp(s, "DEBUG")) return SH_TRAP_DEBUG;
  if (!strcmp(s, "RETURN")) return SH_TRAP_RETURN;
  if (s[0] >= '0' && s[0] <= '9') {
    long n = strtol(s, NULL, 10);
    return n >= 0 && n < 65 ? (int)n : -1;
  }
  if (!strncmp(s, "SIG", 3)) s += 3;
  for (int i = 0; i < (int)(sizeof(sig_names) / sizeof(sig_names[0])); i++)
    if (!strcasecmp(s, sig_names[i])) return i;
  /* the real-time ones: RTMIN, RTMIN+N, RTMAX-N, RTMAX */
  bool min = !strncasecmp(s, "RTMIN", 5), max = !strncasecmp(s, "RTMAX", 5);
  if (!min && !max) return -1;
  int n = min ? 34 : 64;
  if (s[5]) {
    if (s[5] != (min ? '+' : '-') || s[6] < '0' || s[6] > '9') return -1;
    long k = strtol(s + 6, (char **)&s, 10);
    if (*s || k > 30) return -1;
    n += min ? (int)k : -(int)k;
  }
  return n >= 34 && n <= 64 ? n : -1;
}

/* The bare name of signal k as kill -l and trap -p spell it. */
static void sig_bare(vsh_buf *o, int k) {
  if (k < 32) vsh__buf_puts(o, sig_names[k]);
  else if (k == 34) vsh__buf_puts(o, "RTMIN");
  else if (k < 50) vsh__buf_printf(o, "RTMIN+%d", k - 34);
  else if (k < 64) vsh__buf_printf(o, "RTMAX-%d", 64 - k);
  else vsh__buf_puts(o, "RTMAX");
}

/* kill -l and trap -l: bash's table of Linux's signals, five a line,
 * the real-time ones named from SIGRTMIN and SIGRTMAX. */
static void sig_table(vsh_buf *o) {
  int count = 0;
  for (int k = 1; k <= 64; k++) {
    if (k == 32 || k == 33) continue; /* taken by the C library */
    if (k < 32) vsh__buf_printf(o, "%2d) SIG%s", k, sig_names[k]);
    else if (k == 34) vsh__buf_printf(o, "%2d) SIGRTMIN", k);
    else if (k < 50) vsh__buf_printf(o, "%2d) SIGRTMIN+%d", k, k - 34);
    else if (k < 64) vsh__buf_printf(o, "%2d) SIGRTMAX-%d", k, 64 - k);
    else vsh__buf_printf(o, "%2d) SIGRTMAX", k);
    vsh__buf_putc(o, ++count % 5 ? '\t' : '\n');
  }
  if (count % 5) vsh__buf_putc(o, '\n');
}

static const char *sig_name(int n) {
  if (n == SH_TRAP_ERR) return "ERR";
  if (n == SH_TRAP_DEBUG) return "DEBUG";
  if (n == SH_TRAP_RETURN) return "RETURN";
  if (n >= 0 && n < (int)(sizeof(sig_names) / sizeof(sig_names[0])))
    return sig_names[n];
  return "?";
}

int bi_trap_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  int i = 1;
  bool print = false, list = false;
  sh_bopt o = {0};
  for (int f; (f = sh_bopt_next(b, &o, "lp"));) {
    if (f < 0) return 2;
    if (f == 'p') print = true;
    else list = true;
  }
  i = o.ind;
  if (list) {
    vsh_buf o = {0};
    sig_table(&o);
    bi_write(b, o.data, o.len);
    vsh_buf_dispose(&o);
    return 0;
  }
  if (i >= b->argc || print) {
    /* every trap set, or (trap -p SIG...) those named, in that order */
    vsh_buf o = {0};
    int st = 0;
    bool named = print && i < b->argc;
    for (int j = named ? i : 0; j < (named ? b->argc : SH_NTRAPS); j++) {
      /* bash lists DEBUG before ERR */
      int k = named || (j != SH_TRAP_ERR && j != SH_TRAP_DEBUG) ? j
              : j == SH_TRAP_ERR                                ? SH_TRAP_DEBUG
                                                                : SH_TRAP_ERR;
      if (named && (k = sh__signal_number(b->argv[j])) < 0) {
        bi_write(b, o.data ? o.data : "", o.len);
        o.len = 0;
        bi_err(b, "%s: invalid signal specification", b->argv[j]);
        st = 1;
        continue;
      }
      const char *code =
          c->trap.traps[k] ? c->trap.traps[k] : c->trap.shown_traps[k];
      if (!code) continue;
      vsh__buf_puts(&o, "trap -- ");
      sh_quote_sq(&o, code);
      vsh__buf_putc(&o, ' ');
      if (k > 0 && k <= 64) { /* posix mode: INT, not SIGINT */
        if (!c->opt.opts[SH_OPT_POSIX]) vsh__buf_puts(&o, "SIG");
        sig_bare(&o, k);
      } else {
        vsh__buf_puts(&o, sig_name(k));
      }
      vsh__buf_putc(&o, '\n');
    }
    bi_write(b, o.data ? o.data : "", o.len);
    vsh_buf_dispose(&o);
    return st;
  }
  const char *action = b->argv[i];
  int first_sig = i + 1;
  bool reset = !strcmp(action, "-");
  bool unsigned_num = *action != 0;
  for (const char *p = action; *p; p++)
    if (*p < '0' || *p > '9') unsigned_num = false;
  if (unsigned_num || (sh__signal_number(action) >= 0 && i + 1 == b->argc)) {
    /* `trap SIG...` or a leading unsigned number: reset them all */
    reset = true;
    first_sig = i;
  } else if (i + 1 == b->argc) {
    sh__builtin_usage(b);
    return 2;
  }
  int st = 0;
  for (int k = first_sig; k < b->argc; k++) {
    int n = sh__signal_number(b->argv[k]);
    if (n < 0) {
      bi_err(b, "%s: invalid signal specification", b->argv[k]);
      st = 1;
      continue;
    }
    free(c->trap.traps[n]);
    c->trap.traps[n] = reset ? NULL : strdup(action);
    if (n == SH_TRAP_RETURN) c->trap.return_trap_gen++;
    free(c->trap.shown_traps[n]);
    c->trap.shown_traps[n] = NULL;
  }
  return st;
}

int bi_wait_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  bool any = false;
  const char *pvar = NULL; /* -p VAR: the pid whose status is returned */
  sh_bopt o = {0};
  for (int f; (f = sh_bopt_next(b, &o, "fnp:"));) {
    if (f < 0) return 2;
    if (f == 'n') any = true;
    if (f != 'p') continue;
    pvar = o.arg;
    if (!sh_valid_name(pvar, strlen(pvar))) {
      bi_err(b, "`%s': not a valid identifier", pvar);
      return 2;
    }
    sh_var_unset(c, pvar);
  }
  int i = o.ind;
  int status = 0, waited = 0;
  if (i >= b->argc) {
    int r = sh_jobs_wait(c, 0, any, &status, &waited);
    if (pvar && any && waited > 0) { /* waiting for all sets none */
      char num[16];
      snprintf(num, sizeof(num), "%d", waited);
      sh_var_set(c, pvar, num, false);
    }
    sh__coproc_reap(c);
    if (any && r == 127) return 127;
    return any ? status : 0;
  }
  int st = 0;
  for (; i < b->argc; i++) {
    const char *a = b->argv[i];
    char *end;
    int id = a[0] == '%' ? sh__job_spec(c, a) : 0;
    long pid =
        a[0] == '%' ? (id > 0 ? sh__job_pid(c, id) : 0) : strtol(a, &end, 10);
    if (a[0] != '%' && (*end || !*a)) {
      bi_err(b, "`%s': not a pid or valid job spec", a);
      st = 1;
      continue;
    }
    if (a[0] == '%' && pid <= 0) {
      bi_err(b, "%s: %s", a, id < 0 ? "ambiguous job spec" : "no such job");
      st = 127;
      continue;
    }
    if (pid <= 0 || sh_jobs_wait(c, (int)pid, false, &status, NULL) == 127) {
      bi_err(b, "pid %s is not a child of this shell", a);
      st = 127;
      continue;
    }
    st = status;
    if (pvar) sh_var_set(c, pvar, a, false);
  }
  sh__coproc_reap(c);
  return st;
}

int bi_jobs_main(bi_ctx *b) {
  int how = 0;
  bool running = false, stopped = false;
  sh_bopt o = {0};
  for (int f; (f = sh_bopt_next(b, &o, "lpnxrs"));) {
    if (f < 0) return 2;
    if (f == 'l' || f == 'p') how = f;
    else if (f == 'r') running = true;
    else if (f == 's') stopped = true; /* no job is ever stopped */
    else if (f == 'x') {
      bi_err(b, "-x: not supported in the sandbox");
      return 1;
    }
  }
  vsh_buf out = {0};
  int st = 0;
  if (o.ind >= b->argc && !stopped) sh__jobs_list(b->sh, &out, how, 0, running);
  for (int i = o.ind; i < b->argc; i++) {
    int id = sh__job_spec(b->sh, b->argv[i]);
    if (id <= 0) {
      bi_write(b, out.data ? out.data : "", out.len);
      out.len = 0;
      bi_err(b, "%s: %s", b->argv[i],
             id < 0 ? "ambiguous job spec" : "no such job");
      st = 1;
      continue;
    }
    if (!stopped) sh__jobs_list(b->sh, &out, how, id, running);
  }
  bi_write(b, out.data ? out.data : "", out.len);
  vsh_buf_dispose(&out);
  return st;
}

/* kill -l [SIG...]: the signal table, or each name's number and each
 * number's name. */
static int kill_list(bi_ctx *b) {
  vsh_buf o = {0};
  int bad = 0;
  if (b->argc > 2) {
    for (int k = 2; k < b->argc; k++) {
      const char *a = b->argv[k];
      bool num = a[0] >= '0' && a[0] <= '9';
      int n = -1;
      if (num) { /* a number names its signal; 128+N is N's status */
        char *end;
        long l = strtol(a, &end, 10);
        if (!*end && l > 128) l -= 128;
        if (!*end && l >= 0 && l <= 64 && l != 32 && l != 33) n = (int)l;
      } else {
        n = sh__signal_number(a);
        if (n > 64) n = -1; /* ERR, DEBUG, RETURN are traps only */
      }
      if (n < 0) { /* reported in its place; the rest still print */
        bi_write(b, o.data ? o.data : "", o.len);
        o.len = 0;
        bi_err(b, "%s: invalid signal specification", a);
        bad = 1;
        continue;
      }
      if (num) {
        sig_bare(&o, n);
        vsh__buf_putc(&o, '\n');
      } else {
        vsh__buf_printf(&o, "%d\n", n);
      }
    }
  } else {
    sig_table(&o);
  }
  bi_write(b, o.data, o.len);
  vsh_buf_dispose(&o);
  return bad;
}

int bi_kill_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  if (b->argc < 2) {
    sh__builtin_usage(b);
    return 2;
  }
  int i = 1, sig = 15;
  const char *a = b->argv[1];
  if (!strcmp(a, "-l") || !strcmp(a, "-L")) return kill_list(b);
  if ((!strcmp(a, "-s") || !strcmp(a, "-n")) && b->argc > 2) {
    sig = sh__signal_number(b->argv[2]);
    i = 3;
  } else if (a[0] == '-' && a[1] && strcmp(a, "--")) {
    sig = sh__signal_number(a + 1);
    i = 2;
  } else if (!strcmp(a, "--")) {
    i = 2;
  }
  if (sig < 0 || sig >= 65) {
    bi_err(b, "%s: invalid signal specification", a + (a[0] == '-'));
    return 1;
  }
  if (i >= b->argc) { /* a signal and no pid */
    sh__builtin_usage(b);
    return 2;
  }
  int st = 0;
  for (; i < b->argc; i++) {
    const char *t = b->argv[i];
    int rc;
    if (t[0] == '%') {
      int id = sh__job_spec(c, t);
      rc = id > 0 ? sh__job_kill(c, id, true, sig) : VSH_ENOENT;
      if (rc) {
        bi_err(b, "%s: no such job", t);
        st = 1;
      }
      continue;
    }
    char *end;
    long pid = strtol(t, &end, 10);
    if (*end || !*t) {
      bi_err(b, "%s: arguments must be process or job IDs", t);
      st = 1;
      continue;
    }
    if (pid == c->proc.bashpid && !c->proc.job &&
        (c->proc.subshell || c->proc.child_shell)) {
      if (sig) c->proc.self_sig = sig; /* this subshell or child shell */
      continue;
    }
    if (pid == c->proc.pid || pid == 0 || pid == -1) {
      /* the shell itself (or its whole process group) */
      if (sig) atomic_store(&c->ex->main_sig, sig);
      if (pid != c->proc.pid) sh__job_kill(c, 0, false, 0);
      continue;
    }
    rc = sh__job_kill(c, (int)pid, false, sig);
    if (rc) {
      bi_err(b, "(%ld) - No such process", pid);
      st = 1;
    }
  }
  /* a signal to ourselves is acted on before the next command */
  return st;
}

/* ---- aliases ------------------------------------------------------------------ */

static int cmp_alias(const void *a, const void *b) {
  return strcmp((*(sh_alias *const *)a)->name, (*(sh_alias *const *)b)->name);
}

int bi_alias_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  int st = 0;
  vsh_buf o = {0};
  bool reusable = !c->opt.opts[SH_OPT_POSIX]; /* posix: NAME='VALUE' bare */
  sh_bopt op = {0};
  for (int f; (f = sh_bopt_next(b, &op, "p"));) {
    if (f < 0) return 2;
    reusable = true;
  }
  int i = op.ind;
  if (i >= b->argc) { /* sorted by name, as bash lists them */
    size_t n = HASH_COUNT(c->vars.aliases), k = 0;
    sh_alias **v = n ? malloc(n * sizeof(*v)) : NULL;
    for (sh_alias *a = c->vars.aliases; a && v; a = a->hh.next) v[k++] = a;
    if (v) qsort(v, n, sizeof(*v), cmp_alias);
    for (size_t j = 0; j < k; j++) {
      vsh__buf_printf(&o, "%s%s=", reusable ? "alias " : "", v[j]->name);
      sh_quote_sq(&o, v[j]->text);
      vsh__buf_putc(&o, '\n');
    }
    free(v);
  }
  for (; i < b->argc; i++) {
    const char *arg = b->argv[i];
    const char *eq = strchr(arg, '=');
    if (!eq) {
      sh_alias *a = NULL;
      HASH_FIND_STR(c->vars.aliases, arg, a);
      if (a) {
        vsh__buf_printf(&o, "%s%s=", c->opt.opts[SH_OPT_POSIX] ? "" : "alias ",
                        a->name);
        sh_quote_sq(&o, a->text);
        vsh__buf_putc(&o, '\n');
      } else {
        bi_err(b, "%s: not found", arg);
        st = 1;
      }
      continue;
    }
    char *name = strndup(arg, (size_t)(eq - arg));
    int rc = name ? sh_alias_define(c, name, eq + 1) : VSH_ENOMEM;
    free(name);
    if (rc) return 1;
  }
  bi_write(b, o.data ? o.data : "", o.len);
  vsh_buf_dispose(&o);
  return st;
}

int bi_unalias_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  int st = 0;
  sh_bopt o = {0};
  for (int f; (f = sh_bopt_next(b, &o, "a"));) {
    if (f < 0) return 2;
    sh_alias_remove(c, NULL);
    return 0;
  }
  int i = o.ind;
  if (i >= b->argc) {
    sh__builtin_usage(b);
    return 2;
  }
  for (; i < b->argc; i++) {
    if (!sh_alias_remove(c, b->argv[i])) {
      bi_err(b, "%s: not found", b->argv[i]);
      st = 1;
    }
  }
  return st;
}

/* ---- test ---------------------------------------------------------------------- */

int bi_test_main(bi_ctx *b) {
  int argc = b->argc - 1;
  if (!strcmp(b->argv[0], "[")) {
    if (argc == 0 || strcmp(b->argv[b->argc - 1], "]")) {
      bi_err(b, "missing `]'");
      return 2;
    }
    argc--;
  }
  return sh_test_argv(b->sh, argc, b->argv + 1, b->argv[0]);
}

/* ---- directories ------------------------------------------------------------------- */

static int change_dir(bi_ctx *b, const char *target, bool physical,
                      bool print) {
  sh_ctx *c = b->sh;
  vsh_buf path = {0};
  int rc = vsh__path_resolve(&path, c->dirs.cwd, target, strlen(target));
  if (physical && !rc) {
    /* -P: each component as the file system has it, so l/.. is the
     * parent of what the link l points to */
    vsh_buf raw = {0}, real = {0};
    if (target[0] != '/') {
      vsh__buf_puts(&raw, c->dirs.cwd);
      vsh__buf_putc(&raw, '/');
    }
    vsh__buf_puts(&raw, target);
    if (raw.data && vfs_realpath(c->fs, raw.data, false, &real) == 0) {
      vsh_buf_dispose(&path);
      path = real;
    } else {
      vsh_buf_dispose(&real);
    }
    vsh_buf_dispose(&raw);
  }
  vfs_info st;
  /* a working directory removed since: bash's chdir("..") still reaches
   * its parent */
  bool gone = target[0] != '/' && !strncmp(target, "..", 2) &&
              vfs_stat(c->fs, c->dirs.cwd, true, &st) != 0;
  /* like bash, a/.. needs a to be a directory (a stat: its search
   * permission does not matter), each ".." after what came before it */
  for (size_t i = 0; !rc && !gone && target[i]; i++) {
    if ((i && target[i - 1] != '/') || target[i] != '.' ||
        target[i + 1] != '.' || (target[i + 2] && target[i + 2] != '/'))
      continue;
    vsh_buf pre = {0};
    rc = vsh__path_resolve(&pre, c->dirs.cwd, i ? target : ".", i ? i : 1);
    if (!rc) rc = vfs_stat(c->fs, pre.data, true, &st);
    if (!rc && st.type != VFS_DIR) rc = VSH_ENOTDIR;
    vsh_buf_dispose(&pre);
  }
  if (!rc) rc = vfs_stat(c->fs, path.data, true, &st);
  if (!rc && st.type != VFS_DIR) rc = VSH_ENOTDIR;
  if (!rc && !sh_may_access(&st, 1)) rc = VSH_EACCES;
  if (rc) {
    bi_err(b, "%s: %s", target, vsh_strerror(rc));
    vsh_buf_dispose(&path);
    return 1;
  }
  if (physical) {
    vsh_buf real = {0};
    if (vfs_realpath(c->fs, path.data, false, &real) == 0) {
      vsh_buf_dispose(&path);
      path = real;
    } else {
      vsh_buf_dispose(&real);
    }
  }
  /* exported as it was (bash's startup OLDPWD is; one unset is not) */
  sh_var_set(c, "OLDPWD", c->dirs.cwd, false);
  free(c->dirs.cwd);
  c->dirs.cwd = strdup(path.data);
  sh_var_set(c, "PWD", c->dirs.cwd, false);
  if (print) {
    bi_puts(b, c->dirs.cwd);
    bi_puts(b, "\n");
  }
  vsh_buf_dispose(&path);
  return 0;
}

static bool is_dir(sh_ctx *c, const char *path) {
  vsh_buf abs = {0};
  vfs_info st;
  bool ok = vsh__path_resolve(&abs, c->dirs.cwd, path, strlen(path)) == 0 &&
            vfs_stat(c->fs, abs.data, true, &st) == 0 && st.type == VFS_DIR;
  vsh_buf_dispose(&abs);
  return ok;
}

int bi_cd_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  bool physical = c->opt.opts[SH_OPT_PHYSICAL];
  sh_bopt o = {0};
  for (int f; (f = sh_bopt_next(b, &o, "eLP@"));) {
    if (f < 0) return 2;
    if (f == 'P') physical = true;
    else if (f == 'L') physical = false;
  }
  int i = o.ind;
  if (b->argc - i > 1) {
    bi_err(b, "too many arguments");
    return 1;
  }
  const char *target = i < b->argc ? b->argv[i] : NULL;
  bool print = false;
  if (!target) {
    target = sh_var_get(c, "HOME");
    if (!target) {
      bi_err(b, "HOME not set");
      return 1;
    }
  } else if (!strcmp(target, "-")) {
    target = sh_var_get(c, "OLDPWD");
    if (!target) {
      bi_err(b, "OLDPWD not set");
      return 1;
    }
    print = true;
  } else if (target[0] != '/' && target[0] != '.') {
    const char *cdpath = sh_var_get(c, "CDPATH");
    for (const char *p = cdpath; p && *p;) {
      const char *e = strchr(p, ':');
      size_t dl = e ? (size_t)(e - p) : strlen(p);
      vsh_buf cand = {0}, abs = {0};
      /* an empty entry is the working directory (and is not shown) */
      if (dl) vsh__buf_append(&cand, p, dl);
      else vsh__buf_putc(&cand, '.');
      if (!dl || p[dl - 1] != '/') vsh__buf_putc(&cand, '/');
      vsh__buf_puts(&cand, target);
      vfs_info st;
      bool ok =
          vsh__path_resolve(&abs, c->dirs.cwd, cand.data, cand.len) == 0 &&
          vfs_stat(c->fs, abs.data, true, &st) == 0 && st.type == VFS_DIR;
      if (ok) {
        /* -P shows the path as it was made (bash) */
        int r = change_dir(b, cand.data, physical, dl && !physical);
        if (!r && dl && physical) bi_printf(b, "%s\n", cand.data);
        vsh_buf_dispose(&cand);
        vsh_buf_dispose(&abs);
        return r;
      }
      vsh_buf_dispose(&cand);
      vsh_buf_dispose(&abs);
      if (!e) break;
      p = e + 1;
    }
  }
  /* cdable_vars: a name that is no directory may be a variable holding
   * one; bash prints where it went */
  const char *via = c->opt.opts[SH_SHOPT_CDABLE_VARS] && !is_dir(c, target)
                        ? sh_var_get(c, target)
                        : NULL;
  if (via && is_dir(c, via)) {
    char *t = strdup(via);
    int r = t ? change_dir(b, t, physical, false) : 1;
    if (!r) bi_printf(b, "%s\n", t);
    free(t);
    return r;
  }
  char *t = strdup(*target ? target : "."); /* cd '': stays, as bash */
  int r = change_dir(b, t, physical, print);
  free(t);
  return r;
}

int bi_pwd_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  /* run by path (/bin/pwd), it is coreutils' pwd: -P by default */
  bool physical = b->argc && strchr(b->argv[0], '/');
  sh_bopt o = {0}; /* operands are ignored, as bash does */
  for (int f; (f = sh_bopt_next(b, &o, "LP"));) {
    if (f < 0) return 2;
    physical = f == 'P';
  }
  if (physical) {
    vsh_buf real = {0};
    if (vfs_realpath(c->fs, c->dirs.cwd, false, &real) == 0) {
      bi_write(b, real.data, real.len);
      bi_puts(b, "\n");
      vsh_buf_dispose(&real);
      return 0;
    }
    vsh_buf_dispose(&real);
  }
  bi_puts(b, c->dirs.cwd);
  return bi_puts(b, "\n") == VSH_EPIPE ? 141 : 0;
}

/* ---- the directory stack ----------------------------------------------------------- */

/* bash's stack: entry 0 is the working directory, entry k (k >= 1) is
 * dirstack[ndirs - k]; ~ abbreviates $HOME unless long. */
static const char *dir_entry(sh_ctx *c, size_t k) {
  return k == 0 ? c->dirs.cwd : c->dirs.dirstack[c->dirs.ndirs - k];
}

static void put_dir(sh_ctx *c, vsh_buf *o, const char *d, bool longform) {
  const char *home = longform ? NULL : sh_var_get(c, "HOME");
  size_t hl = home ? strlen(home) : 0;
  if (hl && !strncmp(d, home, hl) && (d[hl] == '/' || !d[hl])) {
    vsh__buf_putc(o, '~');
    vsh__buf_puts(o, d + hl);
  } else {
    vsh__buf_puts(o, d);
  }
}

static void print_dirs(bi_ctx *b) {
  sh_ctx *c = b->sh;
  vsh_buf o = {0};
  for (size_t k = 0; k <= c->dirs.ndirs; k++) {
    if (k) vsh__buf_putc(&o, ' ');
    put_dir(c, &o, dir_entry(c, k), false);
  }
  vsh__buf_putc(&o, '\n');
  bi_write(b, o.data, o.len);
  vsh_buf_dispose(&o);
}

/* +N / -N: the entry's index (0 = the working directory); -1 when the
 * word is no such number, -2 when it is out of range (reported). */
static long dir_index(bi_ctx *b, const char *a, bool show_sign) {
  sh_ctx *c = b->sh;
  if ((a[0] != '+' && a[0] != '-') || !a[1]) return -1;
  for (const char *p = a + 1; *p; p++)
    if (*p < '0' || *p > '9') return -1;
  unsigned long n = strtoul(a + 1, NULL, 10);
  if (c->dirs.ndirs == 0 && n > 0) {
    bi_err(b, "directory stack empty");
    return -2;
  }
  if (n > c->dirs.ndirs) {
    bi_err(b, "%s: directory stack index out of range", show_sign ? a : a + 1);
    return -2;
  }
  return a[0] == '+' ? (long)n : (long)(c->dirs.ndirs - n);
}

/* Removes stack entry k >= 1. */
static void dir_remove(sh_ctx *c, size_t k) {
  size_t at = c->dirs.ndirs - k;
  free(c->dirs.dirstack[at]);
  memmove(c->dirs.dirstack + at, c->dirs.dirstack + at + 1,
          (c->dirs.ndirs - at - 1) * sizeof(char *));
  c->dirs.ndirs--;
}

int bi_dirs_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  bool vflag = false, pflag = false, lflag = false, clear = false;
  long which = -1;
  for (int i = 1; i < b->argc; i++) {
    const char *a = b->argv[i];
    bool num = (a[0] == '+' || a[0] == '-') && a[1] >= '0' && a[1] <= '9';
    if (!strcmp(a, "--")) break; /* what follows is not looked at */
    if (num) {
      which = dir_index(b, a, false);
      if (which == -1) {
        bi_err(b, "%s: invalid number", a);
        sh__builtin_usage(b);
        return 2;
      }
      if (which < 0) return 1;
      continue;
    }
    if (a[0] != '-' || !a[1]) {
      bi_err(b, "%s: invalid %s", a, a[0] == '-' ? "number" : "argument");
      sh__builtin_usage(b);
      return 2;
    }
    for (const char *p = a + 1; *p; p++) {
      if (*p == 'c') clear = true;
      else if (*p == 'v') vflag = true;
      else if (*p == 'p') pflag = true;
      else if (*p == 'l') lflag = true;
      else {
        bi_err(b, "%s: invalid number", a);
        sh__builtin_usage(b);
        return 2;
      }
    }
  }
  if (clear) {
    for (size_t k = 0; k < c->dirs.ndirs; k++) free(c->dirs.dirstack[k]);
    c->dirs.ndirs = 0;
    return 0;
  }
  vsh_buf o = {0};
  if (which >= 0) {
    put_dir(c, &o, dir_entry(c, (size_t)which), lflag);
    vsh__buf_putc(&o, '\n');
  } else {
    for (size_t k = 0; k <= c->dirs.ndirs; k++) {
      if (vflag) vsh__buf_printf(&o, "%2zu  ", k);
      else if (!pflag && k) vsh__buf_putc(&o, ' ');
      put_dir(c, &o, dir_entry(c, k), lflag);
      if (vflag || pflag) vsh__buf_putc(&o, '\n');
    }
    if (!vflag && !pflag) vsh__buf_putc(&o, '\n');
  }
  bi_write(b, o.data, o.len);
  vsh_buf_dispose(&o);
  return 0;
}

/* pushd with no operand: swap the top two (-n: nothing to do). */
static int pushd_swap(bi_ctx *b, bool nocd) {
  sh_ctx *c = b->sh;
  if (nocd) return 0; /* bash: nothing to do, nothing shown, even alone */
  if (!c->dirs.ndirs) {
    bi_err(b, "no other directory");
    return 1;
  }
  char *top = c->dirs.dirstack[c->dirs.ndirs - 1];
  char *here = strdup(c->dirs.cwd);
  if (!here) {
    bi_err(b, "memory exhausted");
    return 1;
  }
  int r = change_dir(b, top, false, false);
  if (r) {
    free(here);
    return r;
  }
  free(top);
  c->dirs.dirstack[c->dirs.ndirs - 1] = here;
  print_dirs(b);
  return 0;
}

/* pushd +N / -N: rotate, entry N comes to the top. */
static int pushd_rotate(bi_ctx *b, const char *arg) {
  sh_ctx *c = b->sh;
  long k = dir_index(b, arg, true);
  if (k == -1) {
    bi_err(b, "%s: invalid number", arg);
    sh__builtin_usage(b);
    return 2;
  }
  if (k < 0) return 1;
  if (k == 0) {
    print_dirs(b);
    return 0;
  }
  /* the new order is entries k, k+1, ..., n-1, 0, ..., k-1: copies
   * first (changing directory frees the old working directory) */
  size_t n = c->dirs.ndirs + 1;
  char **nv = calloc(n, sizeof(char *));
  bool ok = nv != NULL;
  for (size_t j = 0; ok && j < n; j++)
    ok = (nv[j] = strdup(dir_entry(c, ((size_t)k + j) % n))) != NULL;
  int r = ok ? change_dir(b, nv[0], false, false) : 1;
  if (!ok) bi_err(b, "memory exhausted");
  if (r) {
    for (size_t j = 0; nv && j < n; j++) free(nv[j]);
    free(nv);
    return r;
  }
  for (size_t j = 1; j < n; j++) { /* entry j lives at ndirs - j */
    free(c->dirs.dirstack[c->dirs.ndirs - j]);
    c->dirs.dirstack[c->dirs.ndirs - j] = nv[j];
  }
  free(nv[0]);
  free(nv);
  print_dirs(b);
  return 0;
}

/* pushd [-n] [+N | -N | dir] */
int bi_pushd_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  bool nocd = false;
  const char *arg = NULL;
  int i = 1;
  for (; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (!strcmp(a, "--")) {
      i++;
      break;
    }
    if (!strcmp(a, "-n")) {
      nocd = true;
      continue;
    }
    if (a[0] == '-' && a[1] && !(a[1] >= '0' && a[1] <= '9')) {
      bi_err(b, "%s: invalid number", a);
      sh__builtin_usage(b);
      return 2;
    }
    break;
  }
  if (i < b->argc) arg = b->argv[i++];
  if (i < b->argc) {
    bi_err(b, "too many arguments");
    return 1;
  }
  if (!arg) return pushd_swap(b, nocd); /* swap the top two */
  if (!strcmp(arg, "-")) {              /* the previous directory, as cd - */
    arg = sh_var_get(c, "OLDPWD");
    if (!arg) {
      bi_err(b, "OLDPWD not set");
      return 1;
    }
    arg = vsh__arena_strndup(b->arena, arg, strlen(arg));
  }
  if ((arg[0] == '+' || arg[0] == '-') && arg[1] >= '0' && arg[1] <= '9')
    return pushd_rotate(b, arg);
  char *old = strdup(c->dirs.cwd);
  if (!old) {
    bi_err(b, "memory exhausted");
    return 1;
  }
  char **v = realloc(c->dirs.dirstack, (c->dirs.ndirs + 2) * sizeof(char *));
  if (!v) {
    free(old);
    bi_err(b, "memory exhausted");
    return 1;
  }
  c->dirs.dirstack = v;
  if (nocd) { /* dir goes under the working directory, as given */
    char *d = strdup(arg);
    free(old);
    if (!d) {
      bi_err(b, "memory exhausted");
      return 1;
    }
    v[c->dirs.ndirs++] = d;
    v[c->dirs.ndirs] = NULL;
    print_dirs(b);
    return 0;
  }
  int r = change_dir(b, arg, false, false);
  if (r) {
    free(old);
    return r;
  }
  v[c->dirs.ndirs++] = old;
  v[c->dirs.ndirs] = NULL;
  print_dirs(b);
  return 0;
}

/* popd [-n] [+N | -N] */
int bi_popd_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  bool nocd = false;
  long which = 0;
  for (int i = 1; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (!strcmp(a, "--")) continue;
    if (!strcmp(a, "-n")) {
      nocd = true;
      continue;
    }
    bool num = (a[0] == '+' || a[0] == '-') && a[1] >= '0' && a[1] <= '9';
    if (!num) {
      if (a[0] == '-') bi_err(b, "%s: invalid number", a);
      else bi_err(b, "%s: invalid argument", a);
      sh__builtin_usage(b);
      return 2;
    }
    which = dir_index(b, a, true);
    if (which < 0) return 1;
  }
  if (!c->dirs.ndirs) {
    bi_err(b, "directory stack empty");
    return 1;
  }
  if (which == 0 && nocd) which = 1;
  if (which == 0) {
    char *top = c->dirs.dirstack[c->dirs.ndirs - 1];
    int r = change_dir(b, top, false, false);
    if (r) return r;
    dir_remove(c, 1);
  } else {
    dir_remove(c, (size_t)which);
  }
  print_dirs(b);
  return 0;
}

int sh__dirstack_set(sh_ctx *c, int64_t ix, const char *val, bool append) {
  if (ix < 1 || ix > (int64_t)c->dirs.ndirs) return 0;
  char **slot = &c->dirs.dirstack[c->dirs.ndirs - (size_t)ix];
  vsh_buf t = {0};
  if (append) vsh__buf_puts(&t, *slot);
  vsh__buf_puts(&t, val);
  if (!t.data) return VSH_ENOMEM;
  free(*slot);
  *slot = t.data;
  return 0;
}
