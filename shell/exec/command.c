/* command.c: the command API's nested runs (shell/command.h): a command
 * running other commands in its shell or a subshell of it (find -exec,
 * xargs, env, timeout, awk's system() and pipes, sed's e), and the few
 * pieces of shell state a command may read (fds, locale, local time).
 * Commands call these instead of reaching b->sh. */
#include "shell/exec/exec_int.h"

#include <string.h>
#include <time.h>

bool bi_has_shell(bi_ctx *b) { return b->sh != NULL; }

/* What running name would find in c, without running it. */
static int lookup(sh_ctx *c, const char *name) {
  if (!strchr(name, '/')) {
    const bi_entry *e = bi_lookup(name);
    sh_custom *cu = NULL;
    HASH_FIND_STR(c->shell->customs, name, cu);
    bool builtin;
    if (sh_func_find(c, name) || cu || sh_hash_find(c, name) ||
        (e && (e->flags & BI_SHELL) && !sh_builtin_disabled(c, e)) ||
        sh__path_search_nth(c, name, &builtin, -1))
      return 0;
    return VSH_ENOENT;
  }
  vsh_buf abs = {0};
  vfs_info st;
  int rc = vsh__path_resolve(&abs, c->dirs.cwd, name, strlen(name));
  if (!rc) rc = vfs_stat(c->fs, abs.data, true, &st);
  if (!rc && st.type == VFS_DIR) rc = VSH_EACCES;
  vsh_buf_dispose(&abs);
  return rc;
}

int bi_command_lookup(bi_ctx *b, const char *name) {
  return b->sh ? lookup(b->sh, name) : VSH_ENOENT;
}

int bi_sub_command_lookup(bi_sub *s, const char *name) {
  return lookup(s, name);
}

int bi_run_argv(bi_ctx *b, int argc, char **argv) {
  return b->sh ? sh_run_argv(b->sh, argc, argv) : 127;
}

/* A subshell of b's shell with fds 0-2 bound (NULL: the command's own). */
static int fork_bound(bi_ctx *b, sh_stream *in, sh_stream *out, sh_stream *err,
                      sh_ctx **res) {
  *res = NULL;
  if (!b->sh) return VSH_EUNSUPPORTED;
  sh_ctx *c;
  if (sh_ctx_fork(&c, b->sh)) return VSH_ENOMEM;
  sh_fd_set(c, 0, in ? in : b->in);
  sh_fd_set(c, 1, out ? out : b->out);
  sh_fd_set(c, 2, err ? err : b->err);
  *res = c;
  return 0;
}

int bi_run_string(bi_ctx *b, const char *src, size_t len, sh_stream *in,
                  sh_stream *out, sh_stream *err) {
  sh_ctx *c;
  int rc = fork_bound(b, in, out, err, &c);
  if (rc) return rc;
  int st = sh_run_string(c, src, len, "sh", 1);
  sh_ctx_free(c);
  return st;
}

static int64_t mono_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int bi_run_argv_deadline(bi_ctx *b, double secs, int argc, char **argv,
                         bool *timed_out) {
  *timed_out = false;
  sh_exec *pe = bi_exec(b);
  if (!pe) return VSH_EUNSUPPORTED;
  sh_exec nx;
  memset(&nx, 0, sizeof(nx));
  nx.sh = pe->sh;
  nx.parent = pe;
  nx.limits = pe->limits;
  /* 0 means no limit; huge values saturate instead of overflowing */
  nx.deadline_ns = 0;
  if (secs > 0) {
    double ns = secs * 1e9;
    nx.deadline_ns = ns > 9e18 ? 0 : mono_ns() + (int64_t)ns;
  }
  nx.signal = NULL; /* the parent's abort signal reaches us via parent */
  atomic_init(&nx.cancel, SH_RUNNING);
  atomic_init(&nx.commands, atomic_load(&pe->commands));
  atomic_init(&nx.next_pid, atomic_fetch_add(&pe->next_pid, 100));
  pthread_mutex_init(&nx.mu, NULL);
  nx.out = pe->out;
  nx.err = pe->err;
  sh_ctx *c;
  if (sh_ctx_fork(&c, b->sh)) {
    pthread_mutex_destroy(&nx.mu);
    return VSH_ENOMEM;
  }
  c->ex = &nx;
  sh_fd_set(c, 0, b->in);
  sh_fd_set(c, 1, b->out);
  sh_fd_set(c, 2, b->err);
  int st = sh_run_argv(c, argc, argv);
  int why = atomic_load(&nx.cancel);
  sh_jobs_cancel_all(&nx);
  sh_ctx_free(c);
  /* the command budget is the whole exec's */
  uint_fast64_t used = atomic_load(&nx.commands);
  if (used > atomic_load(&pe->commands)) atomic_store(&pe->commands, used);
  pthread_mutex_destroy(&nx.mu);
  if (why == SH_CANCEL_TIMEOUT && !sh_exec_cancelled(pe)) *timed_out = true;
  /* a limit inside the command is a limit of the whole exec */
  if (why == SH_CANCEL_LIMIT) sh_exec_limit(pe, "%s", nx.limit_msg);
  return st;
}

int bi_sub_new(bi_ctx *b, bi_sub **out) {
  return fork_bound(b, NULL, NULL, NULL, out);
}

void bi_sub_free(bi_sub *s) { sh_ctx_free(s); }

void bi_sub_env_clear(bi_sub *s) {
  /* un-exporting (rather than unsetting) also covers readonly and
   * outer-scope variables */
  for (sh_scope *sc = s->vars.scope; sc; sc = sc->up)
    for (sh_var *v = sc->vars; v; v = v->hh.next) v->attrs &= ~SH_VAR_EXPORT;
}

void bi_sub_env_unset(bi_sub *s, const char *name) {
  sh_var *v = sh_var_find(s, name);
  if (v && !(v->attrs & SH_VAR_READONLY)) sh_var_unset(s, name);
  v = sh_var_find(s, name); /* readonly, or an outer one */
  if (v) v->attrs &= ~SH_VAR_EXPORT;
}

int bi_sub_env_set(bi_sub *s, const char *name, const char *val) {
  sh_var *ro = sh_var_find(s, name);
  if (ro) ro->attrs &= ~SH_VAR_READONLY;
  int rc = sh_var_set(s, name, val, false);
  if (rc) return rc;
  sh_var *v = sh_var_find(s, name);
  if (v) v->attrs |= SH_VAR_EXPORT;
  return 0;
}

void bi_sub_env_print(bi_sub *s, vsh_buf *out, char end) {
  char **env = sh_export_env(s);
  for (size_t i = 0; env && env[i]; i++) {
    vsh__buf_puts(out, env[i]);
    vsh__buf_putc(out, end);
    free(env[i]);
  }
  free(env);
}

int bi_sub_chdir(bi_sub *s, const char *abs) {
  char *nc = strdup(abs);
  if (!nc) return VSH_ENOMEM;
  free(s->dirs.cwd);
  s->dirs.cwd = nc;
  return 0;
}

void bi_sub_stdin(bi_sub *s, sh_stream *in) { sh_fd_set(s, 0, in); }

int bi_sub_run_argv(bi_sub *s, int argc, char **argv) {
  return sh_run_argv(s, argc, argv);
}

sh_stream *bi_fd(bi_ctx *b, int n) { return b->sh ? sh_fd(b->sh, n) : NULL; }

bool bi_byte_locale(bi_ctx *b) { return b->sh && sh_byte_locale(b->sh); }

void bi_localtime(bi_ctx *b, int64_t t, struct tm *out) {
  if (b->sh) {
    sh_localtime(b->sh, t, out);
    return;
  }
  time_t tt = (time_t)t;
  gmtime_r(&tt, out);
}
