/* run.c: running source text (parse one complete command, run it, parse
 * the next: aliases and shopt take effect between commands as in bash),
 * script files, builtins and custom commands, the exported environment,
 * and the C stack guard that turns runaway recursion into a limit error
 * instead of a crash. */
#include "shell/exec/exec_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- stack guard ------------------------------------------------------- */

#define STACK_RESERVE (256u << 10)

/* The bounds of a thread's stack never change, and asking for them reads
 * /proc/self/maps on the main thread (tens of microseconds), so each
 * thread remembers its own answer.  This per-thread cache of a constant
 * is the only thread-local state in vsh. */
static __thread uintptr_t stack_low_cache;
static __thread bool stack_low_known;

void sh__stack_init(sh_ctx *c) {
  if (!stack_low_known) {
    pthread_attr_t attr;
    void *base = NULL;
    size_t size = 0;
    stack_low_cache = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      if (pthread_attr_getstack(&attr, &base, &size) == 0 &&
          size > STACK_RESERVE)
        stack_low_cache = (uintptr_t)base + STACK_RESERVE;
      pthread_attr_destroy(&attr);
    }
    stack_low_known = true;
  }
  c->limit.stack_low = stack_low_cache;
}

/* True (and a limit raised) when the C stack is nearly exhausted. */
bool sh_stack_low(sh_ctx *c) {
  char probe;
  if (c->limit.stack_low && (uintptr_t)&probe < c->limit.stack_low) {
    sh_exec_limit(c->ex, "nesting too deep for the stack");
    c->flow.unwind = SH_UW_CANCEL;
    return true;
  }
  return false;
}

/* ---- running text ------------------------------------------------------------ */

static const char *alias_lookup(void *ud, const char *word, size_t len) {
  sh_ctx *c = ud;
  if (!c->opt.opts[SH_SHOPT_EXPAND_ALIASES]) return NULL;
  char nm[256];
  if (len > 255) return NULL;
  memcpy(nm, word, len);
  nm[len] = 0;
  sh_alias *a = NULL;
  HASH_FIND_STR(c->vars.aliases, nm, a);
  return a ? a->text : NULL;
}

/* A syntax error as bash words it: "-c: " or "eval: " before the line
 * number at the top of a bash -c string or in eval text, and for an
 * unexpected token the offending line itself on a second line. */
static void report_syntax_error(sh_ctx *c, const char *msg, unsigned line,
                                const char *src, size_t len,
                                unsigned first_line) {
  const char *what = c->where.parse_what;
  if (!what && c->opt.dash_c && !c->where.script_src &&
      c->limit.eval_depth == c->limit.script_depth)
    what = "-c";
  unsigned saved = c->where.line;
  vsh_buf text = {0};
  if (strstr(msg, "syntax error near unexpected token") == msg &&
      line >= first_line) {
    const char *p = src, *end = src + len;
    for (unsigned k = first_line; k < line && p < end; k++) {
      const char *nl = memchr(p, '\n', (size_t)(end - p));
      p = nl ? nl + 1 : end;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    vsh__buf_append(&text, p, (size_t)((nl ? nl : end) - p));
  }
  if (what) {
    c->where.line = 0;
    sh_error(c, "%s: line %u: %s", what, line, msg);
    if (text.data) sh_error(c, "%s: line %u: `%s'", what, line, text.data);
  } else {
    c->where.line = line;
    sh_error(c, "%s", msg);
    if (text.data) sh_error(c, "`%s'", text.data);
  }
  c->where.line = saved;
  vsh_buf_dispose(&text);
}

/* A parser warning: "NAME: line N: warning: ..." from a script file, a
 * bare "vsh: warning: ..." at the top of -c text and in eval (bash). */
static void parse_warn(void *ud, unsigned line, const char *msg) {
  sh_ctx *c = ud;
  unsigned saved = c->where.line;
  bool bare =
      c->where.parse_what || (c->opt.dash_c && !c->where.script_src &&
                              c->limit.eval_depth == c->limit.script_depth);
  c->where.line = bare ? 0 : line;
  sh_error(c, "warning: %s", msg);
  c->where.line = saved;
}

/* set -v: the input lines the parser has read, as bash echoes them
 * (the text read while it was off is passed over all the same) */
static void verbose_echo(sh_ctx *c, sh_parser *p, size_t *shown) {
  const char *src = sh_parser_unit(p)->source;
  size_t len = sh_parser_unit(p)->source_len, end = sh_parser_offset(p);
  if (end > len) end = len;
  if (end > *shown && src[end - 1] != '\n') {
    const char *nl = memchr(src + end, '\n', len - end);
    end = nl ? (size_t)(nl - src) + 1 : len;
  }
  if (end <= *shown) return;
  sh_stream *err = c->opt.opts[SH_OPT_VERBOSE] ? sh_fd(c, 2) : NULL;
  if (err) {
    sh_stream_write(err, src + *shown, end - *shown, c->ex);
    if (src[end - 1] != '\n') sh_stream_write(err, "\n", 1, c->ex);
  }
  *shown = end;
}

int sh_run_string(sh_ctx *c, const char *src, size_t len, const char *name,
                  unsigned first_line) {
  if (sh_stack_low(c)) return c->proc.status = 126;
  if (c->limit.eval_depth >= c->ex->limits.max_call_depth) {
    sh_exec_limit(c->ex, "eval/source nesting limit exceeded (%llu)",
                  (unsigned long long)c->ex->limits.max_call_depth);
    c->flow.unwind = SH_UW_CANCEL;
    return c->proc.status = 126;
  }
  sh_parse_opts po = {.name = name,
                      .first_line = first_line,
                      .extglob = c->opt.opts[SH_SHOPT_EXTGLOB],
                      .alias = alias_lookup,
                      .ud = c,
                      .warn = parse_warn,
                      .use_tree_sitter = c->shell->use_tree_sitter};
  sh_parser *p;
  int rc = sh_parser_new(&p, src, len, &po);
  if (rc) {
    sh_error(c, "script too large");
    return c->proc.status = 2;
  }
  sh_unit *unit = sh_parser_unit(p);
  sh_unit_ref(unit);
  sh_unit *ounit = c->where.unit;
  c->where.unit = unit;
  c->limit.eval_depth++;
  int st = c->proc.status;
  bool ran = false;
  size_t shown = 0; /* set -v: the source echoed so far */
  for (;;) {
    sh_node *n = NULL;
    vsh_buf msg = {0};
    unsigned line = 0;
    sh_parser_set_extglob(p, c->opt.opts[SH_SHOPT_EXTGLOB]);
    rc = sh_parser_next(p, &n, &msg, &line);
    if (rc) {
      /* the script itself (not eval's text) keeps $? after [[ errors */
      bool cond = rc == VSH_EINVAL && sh_parser_cond_error(p) &&
                  c->limit.eval_depth == c->limit.script_depth;
      const char *m = msg.data && *msg.data ? msg.data : NULL;
      if (!m && !cond)
        m = sh_parser_cond_error(p) ? "syntax error in conditional expression"
                                    : "syntax error";
      if (m) report_syntax_error(c, m, line, src, len, first_line);
      vsh_buf_dispose(&msg);
      st = cond ? c->proc.status : 2; /* bash keeps $? after [[ errors */
      c->proc.status = st;
      /* a syntax error ends a non-interactive shell's script; in eval
       * or source it only fails that command (status 2) */
      if (!c->trap.in_trap && c->limit.eval_depth == c->limit.script_depth)
        c->flow.unwind = SH_UW_EXIT;
      break;
    }
    vsh_buf_dispose(&msg);
    if (!n) break;
    ran = true;
    verbose_echo(c, p, &shown);
    if (c->opt.opts[SH_OPT_NOEXEC]) continue;
    vsh_arena_mark m = vsh__arena_mark(&c->arena);
    st = sh_exec_node(c, n);
    vsh__arena_pop(&c->arena, m);
    /* a command abandoned by an error: the rest of its line goes; the
     * script, and the text of an eval or a sourced file, go on with the
     * next command */
    if (c->flow.unwind == SH_UW_ABORT &&
        (c->limit.eval_depth == c->limit.script_depth ||
         (c->limit.eval_depth == c->flow.catch_depth && !c->flow.abort_top))) {
      c->flow.unwind = SH_UW_NONE;
      c->flow.abort_top = false;
      st = c->proc.status = 1;
      if (c->flow.abort_errexit && c->opt.opts[SH_OPT_ERREXIT] &&
          !c->flow.errexit_off) {
        c->flow.abort_errexit = false;
        c->flow.unwind = SH_UW_EXIT;
        break;
      }
      c->flow.abort_errexit = false;
      continue;
    }
    if (c->flow.unwind) break;
  }
  /* text with no command in it (a sourced empty file) gives 0 */
  if (!ran && !rc && !c->flow.unwind) st = c->proc.status = 0;
  c->limit.eval_depth--;
  c->where.unit = ounit;
  sh_parser_free(p);
  sh_unit_unref(unit);
  c->trap.cur_cmd = NULL; /* it may have lived in that unit */
  return st;
}

/* ---- script files ---------------------------------------------------------- */

/* "K=V" for the visible scalar variables: the exported ones, or all of
 * them (the bindings' result).  NULL when memory runs out. */
static char **vars_env(sh_ctx *c, bool all) {
  /* computed when read: bring them up to date when they are exported */
  static const char *const dyn[] = {"SHELLOPTS", "BASHOPTS"};
  for (int i = 0; i < 2; i++) {
    sh_var *d = sh_var_find_raw(c, dyn[i]);
    if (d && (all || (d->attrs & SH_VAR_EXPORT))) sh_var_get(c, dyn[i]);
  }
  size_t n = 0, cap = 32;
  char **env = calloc(cap, sizeof(char *));
  if (!env) return NULL;
  bool oom = false;
  for (sh_scope *s = c->vars.scope; s && !oom; s = s->up) {
    for (sh_var *v = s->vars; v; v = v->hh.next) {
      if (!all && !(v->attrs & SH_VAR_EXPORT)) continue;
      /* dynamic values are computed when read, not stored */
      if (all && !(v->attrs & SH_VAR_EXPORT) &&
          (!strcmp(v->name, "SECONDS") || !strcmp(v->name, "RANDOM") ||
           !strcmp(v->name, "SRANDOM") || !strcmp(v->name, "LINENO") ||
           !strcmp(v->name, "EPOCHSECONDS") ||
           !strcmp(v->name, "EPOCHREALTIME") || !strcmp(v->name, "BASHPID")))
        continue;
      if (v->attrs & SH_VAR_UNSET) continue;
      if (v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC)) continue;
      if (!v->val) continue;
      /* an inner scope shadows outer ones */
      sh_var *vis = sh_var_find_raw(c, v->name);
      if (vis != v) continue;
      if (n + 2 > cap) {
        cap *= 2;
        char **ne = realloc(env, cap * sizeof(char *));
        if (!ne) {
          oom = true;
          break;
        }
        env = ne;
      }
      size_t l = strlen(v->name) + strlen(v->val) + 2;
      env[n] = malloc(l);
      if (!env[n]) {
        oom = true;
        break;
      }
      snprintf(env[n], l, "%s=%s", v->name, v->val);
      n++;
    }
  }
  env[n] = NULL;
  if (oom) {
    for (size_t i = 0; i < n; i++) free(env[i]);
    free(env);
    return NULL;
  }
  return env;
}

char **sh_export_env(sh_ctx *c) { return vars_env(c, false); }

char **sh_all_vars(sh_ctx *c) { return vars_env(c, true); }

/* A fresh shell (as if started by exec of a script): exported variables,
 * cwd and fds are inherited, nothing else. */
/* The variables a new bash sets for itself (IFS, PS4, BASH_VERSION, UID,
 * PPID, SECONDS, SHELLOPTS...): a fresh exec and every child shell. */
void sh__init_shell_vars(sh_ctx *c) {
  char tmp[32];
  /* bash keeps the logical cwd only when an inherited $PWD names the
   * same directory; otherwise $PWD is the physical path */
  sh_var *pw = sh_var_find(c, "PWD");
  vsh_buf phys = {0}, named = {0};
  if (vfs_realpath(c->fs, c->dirs.cwd, false, &phys) == 0 &&
      strcmp(phys.data, c->dirs.cwd) != 0 &&
      !(pw && (pw->attrs & SH_VAR_EXPORT) && !(pw->attrs & SH_VAR_UNSET) &&
        pw->val && !strcmp(pw->val, c->dirs.cwd) &&
        vfs_realpath(c->fs, pw->val, false, &named) == 0 &&
        !strcmp(named.data, phys.data))) {
    char *d = strdup(phys.data);
    if (d) {
      free(c->dirs.cwd);
      c->dirs.cwd = d;
    }
  }
  vsh_buf_dispose(&phys);
  vsh_buf_dispose(&named);
  sh_var_set(c, "PWD", c->dirs.cwd, false);
  sh_var *v = sh_var_find(c, "PWD");
  if (v) v->attrs |= SH_VAR_EXPORT;
  sh_var_set(c, "IFS", " \t\n", false);
  sh_var_set(c, "PS4", "+ ", false);
  /* an exported SHELLOPTS / BASHOPTS from the environment turns those
   * options on, as bash does at startup (it never turns one off) */
  static const char *const dyn[] = {"SHELLOPTS", "BASHOPTS"};
  for (size_t i = 0; i < 2; i++) {
    sh_var *d = sh_var_find(c, dyn[i]);
    if (!d || !(d->attrs & SH_VAR_EXPORT) || !d->val) continue;
    char *list = strdup(d->val);
    for (char *nm = list ? strtok(list, ":") : NULL; nm;
         nm = strtok(NULL, ":")) {
      int k = sh_opt_find(nm, i == 1);
      if (k >= 0) c->opt.opts[k] = true;
    }
    free(list);
  }
  /* read-only; their values are computed when read (ctx.c) */
  for (size_t i = 0; i < 2; i++) {
    sh_var_set(c, dyn[i], "", false);
    sh_var *d = sh_var_find(c, dyn[i]);
    if (d) d->attrs |= SH_VAR_READONLY;
  }
  sh_var_set(c, "OPTIND", "1", false);
  sh_var_set(c, "OPTERR", "1", false);
  sh_var_set(c, "BASH_VERSION", "5.2.15(1)-release", false);
  static const char *const vinfo[] = {"5", "2",       "15",
                                      "1", "release", "x86_64-pc-linux-gnu"};
  sh_var *vi = sh_var_find(c, "BASH_VERSINFO");
  if (!vi || !(vi->attrs & SH_VAR_READONLY)) {
    for (int i = 0; i < 6; i++)
      sh_var_set_elem(c, "BASH_VERSINFO", NULL, i, vinfo[i], false);
    vi = sh_var_find(c, "BASH_VERSINFO");
    if (vi) vi->attrs |= SH_VAR_READONLY;
  }
  sh_var_set(c, "BASH", "/bin/bash", false);
  static const char *const mirrors[] = {"BASH_ALIASES", "BASH_CMDS"};
  for (size_t i = 0; i < 2; i++) {
    sh_var *m =
        sh_var_find_raw(c, mirrors[i]) ? NULL : sh_var_global(c, mirrors[i]);
    if (m) m->attrs = SH_VAR_ASSOC;
  }
  if (!sh_var_find_raw(c, "GROUPS")) { /* the user's groups: just one */
    snprintf(tmp, sizeof(tmp), "%d", VFS_GID);
    sh_var_set_elem(c, "GROUPS", NULL, 0, tmp, false);
    sh_var *g = sh_var_find(c, "GROUPS");
    if (g) g->attrs |= SH_VAR_NOASSIGN;
  }
  snprintf(tmp, sizeof(tmp), "%d",
           c->shell && c->shell->has_ids ? c->shell->uid : VFS_UID);
  sh_var_set(c, "UID", tmp, false);
  sh_var_set(c, "EUID", tmp, false);
  snprintf(tmp, sizeof(tmp), "%d", c->proc.ppid);
  sh_var_set(c, "PPID", tmp, false);
  if (!sh_var_get(c, "SHLVL")) sh_var_set(c, "SHLVL", "1", false);
  if (!sh_var_get(c, "HOSTNAME")) sh_var_set(c, "HOSTNAME", "vsh", false);
  /* bash's default search path when the environment has none */
  if (!sh_var_get(c, "PATH"))
    sh_var_set(c, "PATH",
               "/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:.",
               false);
  /* kept when the environment has them, as bash does */
  if (!sh_var_get(c, "OSTYPE")) sh_var_set(c, "OSTYPE", "linux-gnu", false);
  if (!sh_var_get(c, "HOSTTYPE")) sh_var_set(c, "HOSTTYPE", "x86_64", false);
  if (!sh_var_get(c, "MACHTYPE"))
    sh_var_set(c, "MACHTYPE", "x86_64-pc-linux-gnu", false);
  const char *ro[] = {"UID", "EUID", "PPID", NULL};
  for (int i = 0; ro[i]; i++) {
    sh_var *r = sh_var_find(c, ro[i]);
    if (r) r->attrs |= SH_VAR_READONLY | SH_VAR_INTEGER;
  }
  sh_var *oi = sh_var_find(c, "OPTIND");
  if (oi) oi->attrs |= SH_VAR_INTEGER;
  sh_var_set(c, "BASH_LOADABLES_PATH",
             "/usr/local/lib/bash:/usr/lib/bash:/opt/local/lib/bash:"
             "/usr/pkg/lib/bash:/opt/pkg/lib/bash:.",
             false);
  if (!sh_var_find_raw(c, "OLDPWD")) { /* bash: exported, without a value */
    sh_var *od = sh_var_global(c, "OLDPWD");
    if (od) od->attrs = SH_VAR_EXPORT | SH_VAR_UNSET;
  }
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  snprintf(tmp, sizeof(tmp), "%lld", (long long)ts.tv_sec);
  sh_var *sec = sh_var_global(c, "SECONDS");
  if (sec) {
    free(sec->val);
    sec->val = strdup(tmp);
    sec->attrs &= ~SH_VAR_UNSET;
  }
}

int sh__child_shell(sh_ctx *c, sh_ctx **out) {
  sh_ctx *s;
  int rc = sh_ctx_new(&s, c->shell, c->ex);
  if (rc) return rc;
  free(s->dirs.cwd);
  s->dirs.cwd = strdup(c->dirs.cwd);
  char **env = sh_export_env(c);
  for (size_t i = 0; env && env[i]; i++) {
    char *eq = strchr(env[i], '=');
    if (eq) {
      *eq = 0;
      sh_var_set(s, env[i], eq + 1, false);
      sh_var *v = sh_var_find(s, env[i]);
      if (v) v->attrs |= SH_VAR_EXPORT;
    }
    free(env[i]);
  }
  free(env);
  for (int fd = 0; fd < c->io.nfds; fd++)
    if (c->io.fds[fd]) sh_fd_set(s, fd, c->io.fds[fd]);
  s->proc.bashpid = s->proc.pid = atomic_fetch_add(&c->ex->next_pid, 1);
  s->proc.ppid = c->proc.pid;
  s->proc.child_shell = true;
  s->proc.umask = c->proc.umask; /* a process inherits these */
  s->limit.ulimit_init = c->limit.ulimit_init;
  memcpy(s->limit.ulimit_soft, c->limit.ulimit_soft,
         sizeof s->limit.ulimit_soft);
  memcpy(s->limit.ulimit_hard, c->limit.ulimit_hard,
         sizeof s->limit.ulimit_hard);
  sh__init_shell_vars(s);
  s->limit.subst_depth = c->limit.subst_depth;
  s->limit.eval_depth = c->limit.eval_depth;
  s->limit.call_depth = c->limit.call_depth;
  /* SHLVL goes up in a child shell */
  const char *lvl = sh_var_get(c, "SHLVL");
  char tmp[16];
  snprintf(tmp, sizeof(tmp), "%d", (lvl ? atoi(lvl) : 0) + 1);
  sh_var_set(s, "SHLVL", tmp, false);
  *out = s;
  return 0;
}

/* Runs src in a child shell with $0 and positionals; returns status. */
int sh__run_child(sh_ctx *c, const char *src, size_t len, const char *arg0,
                  int argc, char **argv, const char *name, bool is_file) {
  return sh__run_child_opts(c, src, len, arg0, argc, argv, name, is_file, NULL);
}

int sh__run_child_opts(sh_ctx *c, const char *src, size_t len, const char *arg0,
                       int argc, char **argv, const char *name, bool is_file,
                       const sh_child_opts *co) {
  sh_ctx *s;
  if (sh__child_shell(c, &s)) return 1;
  /* bash -c in a background job is that job's process: kill $! reaches
   * its traps */
  s->proc.job = c->proc.job;
  for (int k = 0; co && k < co->n; k++) {
    int oi = sh_opt_find(co->names[k], co->shopt[k]);
    if (oi >= 0) s->opt.opts[oi] = co->on[k];
  }
  if (co && co->noexec) s->opt.opts[SH_OPT_NOEXEC] = true;
  if (co) s->opt.dash_c = co->dash_c;
  if (co) s->opt.dash_s = co->dash_s;
  if (co) s->opt.interactive = co->dash_i;
  if (s->opt.opts[SH_OPT_POSIX]) { /* as set -o posix does */
    sh_var_set(s, "POSIXLY_CORRECT", "y", false);
    s->opt.opts[SH_SHOPT_EXPAND_ALIASES] =
        s->opt.opts[SH_SHOPT_INHERIT_ERREXIT] =
            s->opt.opts[SH_SHOPT_SHIFT_VERBOSE] = true;
  }
  if (co && co->dash_c) /* the -c string, as bash keeps it */
    sh_var_set(s, "BASH_EXECUTION_STRING", src, false);
  if (co && co->dash_i) { /* an interactive bash keeps history here */
    const char *home = sh_var_get(s, "HOME");
    vsh_buf h = {0};
    vsh__buf_printf(&h, "%s/.bash_history", home ? home : "");
    if (h.data) sh_var_set(s, "HISTFILE", h.data, false);
    vsh_buf_dispose(&h);
  }
  sh__stack_init(s);
  free(s->vars.arg0);
  s->vars.arg0 = strdup(arg0);
  s->vars.pos = calloc((size_t)argc + 1, sizeof(char *));
  for (int i = 0; s->vars.pos && i < argc; i++)
    s->vars.pos[i] = strdup(argv[i]);
  s->vars.npos = s->vars.pos ? (size_t)argc : 0;
  s->where.source_name = name;
  s->where.script_src = is_file ? name : NULL;
  s->limit.script_depth = s->limit.eval_depth + 1;
  int st = co && co->stream ? sh_run_stream(s, sh_fd(s, 0), name)
                            : sh_run_string(s, src, len, name, 1);
  st = sh__pending_self_signal(s, st);
  if (s->flow.unwind == SH_UW_EXIT || s->flow.unwind == SH_UW_RETURN)
    st = s->proc.status;
  if (s->trap.traps[SH_TRAP_EXIT] && s->flow.unwind != SH_UW_CANCEL) {
    s->flow.unwind = SH_UW_NONE;
    s->proc.status = st;
    sh_run_trap(s, SH_TRAP_EXIT);
    if (s->flow.unwind == SH_UW_EXIT) st = s->proc.status;
  }
  bool cancel = s->flow.unwind == SH_UW_CANCEL;
  if (s->proc.died_of) { /* its notice, once the command's redirections
                            are undone (exec_simple) */
    c->proc.util_sig = s->proc.died_of;
    c->proc.util_pid = s->proc.bashpid;
  }
  sh_ctx_free(s);
  if (cancel) c->flow.unwind = SH_UW_CANCEL;
  return st;
}

/* /dev/stdin, /dev/fd/N: the shell's own descriptor, read to its end (at
 * most max_string bytes, as any one word) */
static int read_devfd(sh_ctx *c, int fd, vsh_buf *out) {
  sh_stream *s = sh_fd(c, fd);
  if (!s) return VSH_ENOENT; /* Linux: a closed fd has no /dev/fd/N */
  char chunk[4096];
  int64_t n;
  while ((n = sh_stream_read(s, chunk, sizeof chunk, c->ex)) > 0) {
    if (out->len + (uint64_t)n > c->ex->limits.max_string) return VSH_ELIMIT;
    int rc = vsh__buf_append(out, chunk, (size_t)n);
    if (rc) return rc;
  }
  return n < 0 ? (int)n : 0;
}

int sh__read_file(sh_ctx *c, const char *path, vsh_buf *out, int *err) {
  vsh_buf abs = {0};
  int rc = vsh__path_resolve(&abs, c->dirs.cwd, path, strlen(path));
  vfs_info st;
  if (!rc && vfs_stat(c->fs, abs.data, true, &st) == 0 && st.type == VFS_CHR &&
      st.dev == VFS_DEV_FD && st.devfd >= 0) {
    vsh_buf_dispose(&abs);
    return *err = read_devfd(c, st.devfd, out);
  }
  if (!rc && vfs_stat(c->fs, abs.data, true, &st) == 0 && st.type == VFS_REG &&
      !sh_may_access(&st, 4))
    rc = VSH_EACCES;
  if (!rc) rc = vfs_read_file(c->fs, abs.data, out);
  vsh_buf_dispose(&abs);
  *err = rc;
  return rc;
}

bool sh__binary_script(const char *text, size_t len) {
  if (len > 80) len = 80;
  int lines = len > 1 && text[0] == '#' && text[1] == '!' ? 2 : 1;
  for (size_t i = 0; i < len; i++) {
    if (text[i] == '\n' && --lines == 0) return false;
    if (!text[i]) return true;
  }
  return false;
}

int sh__run_script_file(sh_ctx *c, const char *path, int argc, char **argv) {
  vsh_buf abs = {0};
  vfs_info st;
  int rc = vsh__path_resolve(&abs, c->dirs.cwd, path, strlen(path));
  if (!rc) rc = vfs_stat(c->fs, abs.data, true, &st);
  if (rc) {
    vsh_buf_dispose(&abs);
    sh_error(c, "%s: %s", path,
             vsh_strerror(rc == VSH_ENOENT ? VSH_ENOENT : rc));
    /* bash: 127 when there is no such file, 126 when it cannot run it */
    return c->proc.status = rc == VSH_ENOENT ? 127 : 126;
  }
  if (st.type == VFS_DIR) {
    vsh_buf_dispose(&abs);
    sh_error(c, "%s: Is a directory", path);
    return c->proc.status = 126;
  }
  if (!sh_may_access(&st, 1)) {
    vsh_buf_dispose(&abs);
    sh_error(c, "%s: Permission denied", path);
    return c->proc.status = 126;
  }
  if (!sh_may_access(&st, 4)) {
    /* it ran, but the new bash cannot read it: its message, no line */
    vsh_buf_dispose(&abs);
    unsigned line = c->where.line;
    c->where.line = 0;
    sh_error(c, "%s: Permission denied", path);
    c->where.line = line;
    return c->proc.status = 126;
  }
  vsh_buf text = {0};
  rc = vfs_read_file(c->fs, abs.data, &text);
  vsh_buf_dispose(&abs);
  if (rc) {
    sh_error(c, "%s: %s", path, vsh_strerror(rc));
    return c->proc.status = 126;
  }
  if (sh__binary_script(text.data, text.len)) {
    vsh_buf_dispose(&text);
    sh_error(c, "%s: cannot execute binary file: Exec format error", path);
    return c->proc.status = 126;
  }
  /* #! lines: bash/sh scripts run here; other interpreters are absent */
  if (text.len > 2 && text.data[0] == '#' && text.data[1] == '!') {
    const char *e = memchr(text.data, '\n', text.len);
    size_t ll = e ? (size_t)(e - text.data) : text.len;
    char interp[256];
    size_t il = ll - 2 < 255 ? ll - 2 : 255;
    memcpy(interp, text.data + 2, il);
    interp[il] = 0;
    char *p = interp;
    while (*p == ' ') p++;
    char *prog = p;
    while (*p && *p != ' ') p++;
    char *arg = *p ? p + 1 : NULL;
    *p = 0;
    const char *base = strrchr(prog, '/') ? strrchr(prog, '/') + 1 : prog;
    if (!strcmp(base, "env") && arg) base = arg;
    if (strcmp(base, "bash") && strcmp(base, "sh") && strcmp(base, "dash") &&
        strncmp(base, "bash ", 5) && strncmp(base, "sh ", 3)) {
      const bi_entry *be = bi_lookup(base);
      vsh_buf_dispose(&text);
      if (be) {
        /* e.g. #!/usr/bin/awk -f: run the builtin with the file */
        char **nargv = calloc((size_t)argc + 3, sizeof(char *));
        if (!nargv) return c->proc.status = 1;
        int k = 0;
        nargv[k++] = (char *)base;
        if (arg && strcmp(base, arg)) nargv[k++] = arg;
        for (int i = 0; i < argc; i++) nargv[k++] = argv[i];
        int r = sh_run_builtin(c, be, k, nargv);
        free(nargv);
        return c->proc.status = r;
      }
      sh_error(c, "%s: %s: bad interpreter: No such file or directory", path,
               prog);
      return c->proc.status = 126;
    }
  }
  int r = sh__run_child(c, text.data ? text.data : "", text.len, path, argc - 1,
                        argv + 1, path, true);
  vsh_buf_dispose(&text);
  sh__child_waited(c);
  return c->proc.status = r;
}

/* ---- builtins and custom commands ----------------------------------------------- */

int sh_run_builtin(sh_ctx *c, const bi_entry *e, int argc, char **argv) {
  bi_ctx b = {.sh = c,
              .argc = argc,
              .argv = argv,
              .in = sh_fd(c, 0),
              .out = sh_fd(c, 1),
              .err = sh_fd(c, 2),
              .fs = c->fs,
              .cwd = c->dirs.cwd,
              .arena = &c->arena};
  sh_stream *closed = sh_stream_null();
  if (!b.in) b.in = sh_stream_closed(); /* <&-: reading fails, as in bash */
  if (!b.out) b.out = closed;
  if (!b.err) b.err = closed;
  b.out_closed = sh_fd(c, 1) == NULL;
  vsh_arena_mark m = vsh__arena_mark(&c->arena);
  int st = e->fn(&b);
  if (b.reported_badf && !st) st = 1; /* bash: a write error fails it */
  if (b.died_of) {                    /* a utility's process of its own */
    c->proc.util_sig = b.died_of;
    c->proc.util_pid = atomic_fetch_add(&c->ex->next_pid, 1);
  }
  if (!(e->flags & BI_SHELL)) vsh__arena_pop(&c->arena, m);
  if (b.epipe) {
    /* SIGPIPE: the writer's process (this shell or stage) dies */
    c->flow.unwind = SH_UW_EXIT;
    st = 141;
  }
  c->proc.status = st;
  if (c->proc.job) {
    /* a signal that interrupted the builtin takes effect now */
    int sig = sh__job_signal_pending(c->proc.job);
    if (sig) {
      sh__job_signal_clear(c->proc.job);
      sh__deliver_signal(c, sig);
    }
  }
  return c->proc.status;
}

struct vsh_cmd {
  sh_ctx *c;
  const bi_entry *orig;
  bool epipe;
};

int sh__run_custom(sh_ctx *c, sh_custom *cu, const bi_entry *orig, int argc,
                   char **argv) {
  struct vsh_cmd cmd = {.c = c, .orig = orig};
  int st = cu->fn(&cmd, argc, argv, cu->ud);
  if (st < 0 || st > 255) st = st < 0 ? 1 : st & 255;
  if (cmd.epipe) {
    c->flow.unwind = SH_UW_EXIT;
    st = 141;
  }
  return c->proc.status = st;
}

int64_t vsh_cmd_read(vsh_cmd *cmd, void *buf, size_t n) {
  sh_stream *in = sh_fd(cmd->c, 0);
  return in ? sh_stream_read(in, buf, n, cmd->c->ex) : 0;
}

int vsh_cmd_write(vsh_cmd *cmd, int fd, const void *buf, size_t n) {
  if (fd != 1 && fd != 2) return VSH_EBADF;
  sh_stream *s = sh_fd(cmd->c, fd);
  if (!s) return VSH_EBADF;
  int rc = sh_stream_write(s, buf, n, cmd->c->ex);
  if (rc == VSH_EPIPE) cmd->epipe = true;
  return rc;
}

int64_t vsh_cmd_read_fd(vsh_cmd *cmd, int fd, void *buf, size_t n) {
  sh_stream *in = sh_fd(cmd->c, fd);
  return in ? sh_stream_read(in, buf, n, cmd->c->ex) : VSH_EBADF;
}

/* The environment a command sees: exported scalars; an exported
 * nameref passes its own value (the name it refers to), as bash does. */
static const char *env_value(sh_ctx *c, const char *name) {
  sh_var *v = c ? sh_var_find_raw(c, name) : NULL;
  if (!v || !(v->attrs & SH_VAR_EXPORT) || (v->attrs & SH_VAR_UNSET) ||
      (v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC)))
    return NULL;
  if (v->attrs & SH_VAR_NAMEREF) return v->val;
  return sh_var_get(c, name);
}

const char *vsh_cmd_getenv(vsh_cmd *cmd, const char *name) {
  return env_value(cmd->c, name);
}

const char *vsh_cmd_cwd(vsh_cmd *cmd) { return cmd->c->dirs.cwd; }

vsh_fs *vsh_cmd_fs(vsh_cmd *cmd) { return cmd->c->fs; }

bool vsh_cmd_cancelled(vsh_cmd *cmd) { return sh_exec_cancelled(cmd->c->ex); }

int vsh_cmd_call_original(vsh_cmd *cmd, int argc, char **argv) {
  if (!cmd->orig) {
    if (argc > 0) sh_not_found(cmd->c, argv[0]);
    return 127;
  }
  return sh_run_builtin(cmd->c, cmd->orig, argc, argv);
}

/* The command a vsh_shell_opts allowlist leaves out: not found. */
int sh__cmd_not_found(vsh_cmd *cmd, int argc, char **argv, void *ud) {
  (void)ud;
  return argc > 0 ? sh_not_found(cmd->c, argv[0]) : 127;
}

int vsh_cmd_fd_kind(vsh_cmd *cmd, int fd) {
  sh_stream *s = fd >= 0 ? sh_fd(cmd->c, fd) : NULL;
  if (!s) return VSH_EBADF;
  switch (sh_stream_kind_of(s)) {
  case SH_STREAM_BYTES: /* here-documents and here-strings */
  case SH_STREAM_FILE:
  case SH_STREAM_NULL: return VSH_FD_DATA;
  default: return VSH_FD_STREAM;
  }
}

int vsh_cmd_environ(vsh_cmd *cmd, vsh_strv *out) {
  out->items = NULL;
  out->len = 0;
  char **env = sh_export_env(cmd->c);
  if (!env) return VSH_ENOMEM;
  size_t n = 0;
  while (env[n]) n++;
  out->items = env;
  out->len = n;
  return 0;
}

int vsh_cmd_exec(vsh_cmd *cmd, const char *script, size_t len,
                 const void *stdin_data, size_t stdin_len, vsh_result *out,
                 vsh_error *err) {
  vsh__error_clear(err);
  memset(out, 0, sizeof(*out));
  if (!cmd || (!script && len))
    return vsh__error_set(err, VSH_EINVAL, "exec: invalid arguments");
  sh_ctx *c = cmd->c, *sub = NULL;
  if (sh_exec_cancelled(c->ex))
    return vsh__error_set(err, VSH_EABORTED, "exec: cancelled");
  uint64_t lim = c->ex->limits.max_output;
  sh_stream *o = sh_stream_buf_new(lim), *e = sh_stream_buf_new(lim);
  sh_stream *in =
      stdin_len ? sh_stream_bytes_new(stdin_data, stdin_len) : sh_stream_null();
  /* the caller may be another thread: it works for this exec now */
  vsh__acct *prev_acct = vsh__acct_enter(&c->ex->acct);
  bool entered = true;
  int rc = o && e && in ? sh_ctx_fork(&sub, c) : VSH_ENOMEM;
  if (!rc) {
    sh_fd_set(sub, 0, in);
    sh_fd_set(sub, 1, o);
    sh_fd_set(sub, 2, e);
    int st = sh_run_string(sub, script ? script : "", len, "vsh", 1);
    if (sub->flow.unwind == SH_UW_EXIT || sub->flow.unwind == SH_UW_RETURN)
      st = sub->proc.status;
    for (int fd = 0; fd < sub->io.nfds; fd++) sh_fd_close(sub, fd);
    sh_ctx_free(sub);
    vsh__acct_enter(prev_acct); /* the result is the caller's */
    entered = false;
    if (sh_exec_cancelled(c->ex)) {
      rc = VSH_EABORTED;
    } else {
      const vsh_buf *ob = sh_stream_buf_data(o), *eb = sh_stream_buf_data(e);
      out->out = malloc(ob->len + 1);
      out->err = malloc(eb->len + 1);
      if (!out->out || !out->err) {
        vsh_result_dispose(out);
        rc = VSH_ENOMEM;
      } else {
        memcpy(out->out, ob->data ? ob->data : "", ob->len);
        out->out[ob->len] = 0;
        out->out_len = ob->len;
        memcpy(out->err, eb->data ? eb->data : "", eb->len);
        out->err[eb->len] = 0;
        out->err_len = eb->len;
        out->exit_code = st & 255;
      }
    }
  }
  if (entered) vsh__acct_enter(prev_acct);
  if (in) sh_stream_unref(in);
  if (o) sh_stream_unref(o);
  if (e) sh_stream_unref(e);
  if (rc)
    vsh__error_set(err, rc, "exec: %s",
                   rc == VSH_EABORTED ? "cancelled" : vsh_strerror(rc));
  return rc;
}

/* ---- builtin output helpers ---------------------------------------------------------- */

int bi_write(bi_ctx *b, const void *data, size_t n) {
  if (b->epipe) return VSH_EPIPE;
  /* stdout closed (echo x >&-): the write fails, as it does in bash */
  int rc = b->out_closed && n ? VSH_EBADF
                              : sh_stream_write(b->out, data, n, b->sh->ex);
  if (rc == VSH_EPIPE) b->epipe = true;
  if (rc == VSH_EBADF && !b->reported_badf) {
    b->reported_badf = true;
    bi_err(b, "write error: Bad file descriptor");
  }
  return rc;
}

int bi_puts(bi_ctx *b, const char *s) { return bi_write(b, s, strlen(s)); }

int bi_printf(bi_ctx *b, const char *fmt, ...) {
  char tmp[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
  va_end(ap);
  if (n < 0) return VSH_EINVAL;
  if ((size_t)n < sizeof(tmp)) return bi_write(b, tmp, (size_t)n);
  char *big = malloc((size_t)n + 1);
  if (!big) return VSH_ENOMEM;
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  int rc = bi_write(b, big, (size_t)n);
  free(big);
  return rc;
}

void bi_err(bi_ctx *b, const char *fmt, ...) {
  char msg[1200];
  sh_ctx *c = b->sh;
  if (!c || !b->err) return;
  int n;
  const bi_entry *e = bi_lookup(b->argv[0]);
  bool shell_style = e && (e->flags & BI_SHELL);
  if (shell_style && c->where.line)
    n = snprintf(msg, sizeof(msg), "%s: line %u: %s: ", sh__error_name(c),
                 c->where.line, b->argv[0]);
  else if (shell_style)
    n = snprintf(msg, sizeof(msg), "%s: %s: ", sh__error_name(c), b->argv[0]);
  else n = snprintf(msg, sizeof(msg), "%s: ", b->argv[0]);
  if (n < 0 || (size_t)n >= sizeof(msg)) return;
  va_list ap;
  va_start(ap, fmt);
  size_t room = sizeof(msg) - (size_t)n - 1;
  int k = vsnprintf(msg + n, room, fmt, ap);
  va_end(ap);
  char *big = NULL, *out = msg;
  if (k >= 0 && (size_t)k >= room) {
    /* a long message (a 4 KiB file name) is written whole, not cut */
    if (b->arena) big = vsh__arena_alloc(b->arena, (size_t)n + (size_t)k + 2);
    if (big) {
      memcpy(big, msg, (size_t)n);
      va_start(ap, fmt);
      vsnprintf(big + n, (size_t)k + 1, fmt, ap);
      va_end(ap);
      out = big;
      room = (size_t)k + 1;
    }
  }
  /* the length printf gives: a %c of NUL is a byte, as bash prints it */
  size_t len = (size_t)n + (k < 0              ? 0
                            : (size_t)k < room ? (size_t)k
                                               : room - 1);
  out[len++] = '\n';
  sh_stream_write(b->err, out, len, c->ex);
}

void bi_usage(bi_ctx *b, const char *usage) {
  bi_errline(b, "%s: usage: %s", b->argv[0], usage);
}

void bi_errline(bi_ctx *b, const char *fmt, ...) {
  if (!b->sh || !b->err) return;
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(msg, sizeof(msg) - 1, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  size_t len = strlen(msg);
  msg[len++] = '\n';
  sh_stream_write(b->err, msg, len, b->sh->ex);
}

/* A signal stops the running command only when it would end the shell:
 * a trapped one runs its trap after the command, as bash runs it after
 * the foreground program; an ignored or harmless one changes nothing. */
static bool interrupts(const sh_ctx *c, int sig) {
  if (sig > 0 && sig < 65 && c->trap.traps[sig]) return false;
  return !(sig == 17 || sig == 23 || sig == 28 || sig == 18);
}

bool bi_cancelled(bi_ctx *b) {
  if (!b->sh || !b->sh->ex) return false;
  if (sh_exec_cancelled(b->sh->ex)) return true;
  /* a job (or the main shell) that was sent a signal stops what it is
   * doing; the signal is acted on at the next check */
  int sig = b->sh->proc.self_sig    ? b->sh->proc.self_sig
            : b->sh->proc.job       ? sh__job_signal_pending(b->sh->proc.job)
            : !b->sh->proc.subshell ? atomic_load(&b->sh->ex->main_sig)
                                    : 0;
  return sig && interrupts(b->sh, sig);
}

int64_t bi_read(bi_ctx *b, sh_stream *s, void *buf, size_t n) {
  return sh_stream_read(s, buf, n, bi_exec(b));
}

void bi_unread(bi_ctx *b, sh_stream *s, size_t n) {
  (void)b;
  if (n) sh_stream_unread(s, n);
}

int bi_write_to(bi_ctx *b, sh_stream *s, const void *buf, size_t n) {
  return sh_stream_write(s, buf, n, bi_exec(b));
}

unsigned bi_umask(bi_ctx *b) { return b->sh ? b->sh->proc.umask : 022; }

unsigned bi_create_mode(bi_ctx *b, unsigned base) {
  return VFS_MODE_EXACT | (base & ~bi_umask(b) & 07777);
}

const vsh_limits *bi_limits(bi_ctx *b) {
  return b->sh && b->sh->ex ? &b->sh->ex->limits : NULL;
}

void bi_limit(bi_ctx *b, const char *fmt, ...) {
  if (!b->sh || !b->sh->ex) return;
  char msg[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  sh_exec_limit(b->sh->ex, "%s", msg);
}

uint64_t bi_seed(bi_ctx *b) { return b->sh ? b->sh->vars.rng : 0; }

bool bi_stack_low(bi_ctx *b) { return b->sh && sh_stack_low(b->sh); }

uintptr_t bi_stack_floor(bi_ctx *b) {
  return b->sh ? b->sh->limit.stack_low : 0;
}

struct net_policy *bi_net_policy(bi_ctx *b) {
  return b->sh && b->sh->shell ? b->sh->shell->net : NULL;
}

sh_exec *bi_exec(bi_ctx *b) { return b->sh ? b->sh->ex : NULL; }

bool bi_charge(bi_ctx *b, uint64_t units) {
  if (!b->sh || !b->sh->ex) return false;
  if (sh_exec_charge(b->sh->ex, units)) return true;
  return bi_cancelled(b);
}

const char *bi_getenv(bi_ctx *b, const char *name) {
  return env_value(b->sh, name);
}

void bi_env_print(bi_ctx *b, vsh_buf *out, char end) {
  char **env = b->sh ? sh_export_env(b->sh) : NULL;
  for (size_t i = 0; env && env[i]; i++) {
    vsh__buf_puts(out, env[i]);
    vsh__buf_putc(out, end);
    free(env[i]);
  }
  free(env);
}

int bi_path_error(const char *p) {
  return p && *p ? VSH_ENAMETOOLONG : VSH_ENOENT;
}

const char *bi_path(bi_ctx *b, const char *p) {
  vsh_buf out = {0};
  if (vsh__path_resolve(&out, b->cwd, p, strlen(p))) {
    vsh_buf_dispose(&out);
    return NULL;
  }
  char *d = vsh__arena_strndup(b->arena, out.data, out.len);
  vsh_buf_dispose(&out);
  return d;
}
