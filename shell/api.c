/* api.c: the public shell API: vsh_shell_new/free/exec, options, custom
 * commands and the limit profiles.  One exec = one sh_exec: captured
 * stdout/stderr, the deadline and abort signal, and the jobs; by default
 * every exec starts from a fresh context (the filesystem is shared), a
 * persistent shell keeps its context between execs. */
#include "shell/exec/exec_int.h"

#include "net/net.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void vsh_limits_init(vsh_limits *out, vsh_profile p) {
  static const vsh_limits normal = VSH_LIMITS_INIT;
  *out = normal;
  if (p != VSH_PROFILE_HARDENED) return;
  bool h = true;
  out->max_commands = h ? 100000 : 10000000;
  out->max_loop_iterations = h ? 100000 : 10000000;
  out->max_call_depth = h ? 100 : 1000;
  out->max_subst_depth = 50;
  out->max_string = h ? (10u << 20) : (64u << 20);
  out->max_output = h ? (10u << 20) : (256u << 20);
  out->max_brace = h ? 10000 : 100000;
  out->max_glob_ops = h ? 100000 : 1000000;
  out->max_fs_bytes = h ? (128ull << 20) : (1ull << 30);
  out->deadline_ms = h ? 30000 : 3600000;
  out->max_threads = h ? 64 : 512;
  out->max_memory = h ? (64ull << 20) : (512ull << 20);
  out->max_work = h ? 100000000ull : 100000000000ull;
}

static const char *const default_env[] = {"HOME=/home/user",
                                          "PATH=/usr/local/bin:/usr/bin:/bin",
                                          "USER=user",
                                          "LOGNAME=user",
                                          "SHELL=/bin/bash",
                                          "TERM=dumb",
                                          "LANG=C.UTF-8",
                                          "HOSTNAME=vsh",
                                          NULL};

static char **env_dup(const char *const *env) {
  size_t n = 0;
  while (env[n]) n++;
  char **d = calloc(n + 1, sizeof(char *));
  if (!d) return NULL;
  for (size_t i = 0; i < n; i++) {
    d[i] = strdup(env[i]);
    if (!d[i]) {
      for (size_t j = 0; j < i; j++) free(d[j]);
      free(d);
      return NULL;
    }
  }
  return d;
}

/* A command allowlist: every utility not named stands as a custom command
 * that is "not found" (shell builtins stay). */
static int deny_commands(vsh_shell *sh, const char *const *allow,
                         vsh_error *err) {
  size_t n;
  const char *const *names = bi_utility_names(&n);
  for (size_t i = 0; i < n; i++) {
    bool ok = false;
    for (size_t j = 0; allow[j] && !ok; j++) ok = !strcmp(allow[j], names[i]);
    const bi_entry *e = bi_lookup(names[i]);
    if (ok || (e && (e->flags & BI_SHELL))) continue;
    vsh_command nf = {.version = VSH_COMMAND_VERSION, .run = sh__cmd_not_found};
    int rc = vsh_shell_register_command(sh, names[i], &nf, err);
    if (rc) return rc;
  }
  return 0;
}

int vsh_shell_new(vsh_shell **out, const vsh_shell_opts *opts, vsh_error *err) {
  vsh__error_clear(err);
  *out = NULL;
  if (opts && (vsh__check_version(opts->version, VSH_SHELL_OPTS_VERSION,
                                  "vsh_shell_opts", err) ||
               (opts->limits &&
                vsh__check_version(opts->limits->version, VSH_LIMITS_VERSION,
                                   "vsh_limits", err))))
    return VSH_EINVAL;
  vsh__acct_hook_libraries();
  vsh_shell *sh = calloc(1, sizeof(*sh));
  if (!sh) return vsh__error_set(err, VSH_ENOMEM, "cannot create shell");
  sh->xh = &sh_exec_expand_hooks;
  if (opts && opts->limits) {
    sh->limits = *opts->limits;
    sh->limits.version = VSH_LIMITS_VERSION;
  } else vsh_limits_init(&sh->limits, VSH_PROFILE_NORMAL);
  int rc = 0;
  if (opts && opts->fs) {
    sh->fs = opts->fs;
  } else {
    vsh_fs_opts fo = {.max_bytes = sh->limits.max_fs_bytes,
                      .has_seed = opts && opts->has_seed,
                      .random_seed = opts ? opts->random_seed : 0};
    rc = vsh_fs_new(&sh->fs, &fo, err);
    sh->own_fs = true;
  }
  sh->cwd = strdup(opts && opts->cwd ? opts->cwd : "/home/user");
  sh->env = env_dup(opts && opts->env ? opts->env : default_env);
  sh->name = strdup(opts && opts->name ? opts->name : "vsh");
  sh->persistent = opts && opts->persistent;
  sh->name_is_script = opts && opts->name_is_script;
  sh->dash_c = opts && opts->dash_c;
  sh->from_stdin = opts && opts->from_stdin;
#ifdef VSH_HAVE_TS_BASH
  sh->use_tree_sitter = true;
#endif
  sh->has_seed = opts && opts->has_seed;
  sh->seed = opts ? opts->random_seed : 0;
  if (opts && opts->has_ids) {
    sh->has_ids = true;
    sh->pid = (int)opts->pid;
    sh->ppid = (int)opts->ppid;
    sh->uid = (int)opts->uid;
  }
  pthread_mutex_init(&sh->mu, NULL);
  if (!rc && (!sh->cwd || !sh->env || !sh->name)) rc = VSH_ENOMEM;
  if (!rc) rc = net_policy_new(&sh->net, opts ? opts->network : NULL, err);
  if (!rc) {
    size_t nb;
    const char *const *names = bi_utility_names(&nb);
    vfs_set_bin_names(sh->fs, names, nb);
  }
  if (!rc && opts && opts->commands)
    rc = deny_commands(sh, opts->commands, err);
  if (!rc) {
    vsh_buf canon = {0};
    rc = vsh__path_resolve(&canon, "/", sh->cwd, strlen(sh->cwd));
    if (!rc) {
      free(sh->cwd);
      sh->cwd = strdup(canon.data);
      rc = vfs_mkdir_p(sh->fs, sh->cwd, 0755);
    }
    vsh_buf_dispose(&canon);
    if (rc)
      vsh__error_set(err, rc, "cannot use cwd '%s': %s", sh->cwd,
                     vsh_strerror(rc));
  }
  if (rc) {
    vsh_shell_free(sh);
    if (err && !err->message[0])
      vsh__error_set(err, rc, "cannot create shell: %s", vsh_strerror(rc));
    return rc;
  }
  *out = sh;
  return 0;
}

void vsh_shell_free(vsh_shell *sh) {
  if (!sh) return;
  if (sh->session) sh_ctx_free(sh->session);
  sh_custom *cu, *tmp;
  HASH_ITER(hh, sh->customs, cu, tmp) {
    HASH_DEL(sh->customs, cu);
    free(cu->name);
    free(cu);
  }
  if (sh->env)
    for (size_t i = 0; sh->env[i]; i++) free(sh->env[i]);
  free(sh->env);
  free(sh->cwd);
  free(sh->name);
  if (sh->own_fs) vsh_fs_free(sh->fs);
  net_policy_free(sh->net);
  pthread_mutex_destroy(&sh->mu);
  free(sh);
}

vsh_fs *vsh_shell_fs(vsh_shell *sh) { return sh ? sh->fs : NULL; }

int vsh_shell_cwd(vsh_shell *sh, char *buf, size_t size) {
  if (!sh || !buf) return VSH_EINVAL;
  /* a run checks the session out under mu and parks it back under mu,
   * so a parked session is not being changed while we copy */
  pthread_mutex_lock(&sh->mu);
  const char *cwd = sh->session ? sh->session->dirs.cwd : sh->cwd;
  size_t n = cwd ? strlen(cwd) : 0;
  int rc = n < size ? 0 : VSH_ENAMETOOLONG;
  if (!rc) {
    if (n) memcpy(buf, cwd, n);
    buf[n] = 0;
  }
  pthread_mutex_unlock(&sh->mu);
  return rc;
}

int vsh_shell_set_option(vsh_shell *sh, const char *name, bool on,
                         vsh_error *err) {
  int k = sh_opt_find(name, true);
  if (k < 0) k = sh_opt_find(name, false);
  if (k < 0)
    return vsh__error_set(err, VSH_EINVAL, "%s: invalid option name", name);
  if (atomic_load(&sh->running))
    return vsh__error_set(err, VSH_EINVALID_STATE,
                          "set_option: the shell is running an exec; set "
                          "options before or between execs");
  sh->opt_set[k] = true;
  sh->opt_init[k] = on;
  if (sh->session) sh->session->opt.opts[k] = on;
  return 0;
}

int vsh_shell_register_command(vsh_shell *sh, const char *name,
                               const vsh_command *cmd, vsh_error *err) {
  vsh__error_clear(err);
  if (cmd &&
      vsh__check_version(cmd->version, VSH_COMMAND_VERSION, "vsh_command", err))
    return VSH_EINVAL;
  if (!sh || !name || !*name || !cmd || !cmd->run || strchr(name, '/'))
    return vsh__error_set(err, VSH_EINVAL,
                          "register_command: invalid name or callback");
  /* execs look commands up without a lock: the table changes between
   * execs only */
  if (atomic_load(&sh->running))
    return vsh__error_set(err, VSH_EINVALID_STATE,
                          "register_command: the shell is running an exec; "
                          "register commands before or between execs");
  sh_custom *cu = NULL;
  HASH_FIND_STR(sh->customs, name, cu);
  if (!cu) {
    cu = calloc(1, sizeof(*cu));
    if (!cu || !(cu->name = strdup(name))) {
      free(cu);
      return vsh__error_set(err, VSH_ENOMEM, "register_command: out of memory");
    }
    HASH_ADD_KEYPTR(hh, sh->customs, cu->name, strlen(cu->name), cu);
    if (!VSH_HASH_ADDED(cu)) {
      free(cu->name);
      free(cu);
      return vsh__error_set(err, VSH_ENOMEM, "register_command: out of memory");
    }
  }
  cu->fn = cmd->run;
  cu->ud = cmd->ud;
  return 0;
}

/* ---- exec -------------------------------------------------------------------- */

static int64_t mono_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int import_env(sh_ctx *c, const char *const *env) {
  for (size_t i = 0; env && env[i]; i++) {
    const char *eq = strchr(env[i], '=');
    if (!eq) continue;
    size_t nl = (size_t)(eq - env[i]);
    if (!sh_valid_name(env[i], nl) || nl > 255) continue;
    char name[256];
    memcpy(name, env[i], nl);
    name[nl] = 0;
    if (sh_var_set(c, name, eq + 1, false)) continue;
    sh_var *v = sh_var_find(c, name);
    if (v) v->attrs |= SH_VAR_EXPORT;
  }
  return 0;
}

static char *buf_take(const vsh_buf *b, size_t *len) {
  char *d = malloc(b->len + 1);
  if (!d) {
    *len = 0;
    return NULL;
  }
  if (b->len) memcpy(d, b->data, b->len);
  d[b->len] = 0;
  *len = b->len;
  return d;
}

int vsh_shell_exec(vsh_shell *sh, const char *script, size_t len,
                   const vsh_exec_opts *opts, vsh_result *out, vsh_error *err) {
  vsh__error_clear(err);
  memset(out, 0, sizeof(*out));
  if (!sh || (!script && len))
    return vsh__error_set(err, VSH_EINVAL, "exec: invalid arguments");
  if (opts && vsh__check_version(opts->version, VSH_EXEC_OPTS_VERSION,
                                 "vsh_exec_opts", err))
    return VSH_EINVAL;
  if (opts && opts->signal && vsh_signal_aborted(opts->signal)) {
    char reason[512];
    vsh_signal_reason(opts->signal, reason, sizeof(reason));
    int rc = vsh__error_set(err, VSH_EABORTED, "%s", reason);
    vsh__error_meta(err, "exec", "virtual", NULL);
    return rc;
  }
  sh_exec ex;
  memset(&ex, 0, sizeof(ex));
  atomic_fetch_add(&sh->running, 1);
  ex.sh = sh;
  ex.limits = sh->limits;
  int64_t dl = sh->limits.deadline_ms;
  if (opts && opts->timeout_ms > 0 && (dl <= 0 || opts->timeout_ms < dl))
    dl = opts->timeout_ms;
  ex.deadline_ns = dl > 0 ? mono_ns() + dl * 1000000 : 0;
  ex.signal = opts ? opts->signal : NULL;
  atomic_init(&ex.cancel, SH_RUNNING);
  atomic_init(&ex.commands, 0);
  atomic_init(&ex.threads, 0);
  atomic_init(
      &ex.next_pid,
      2000 + (int)((unsigned)atomic_fetch_add(&sh->next_pid, 1) % 1000u) * 10);
  pthread_mutex_init(&ex.mu, NULL);
  ex.acct.limit = sh->limits.max_memory > (uint64_t)INT64_MAX
                      ? INT64_MAX
                      : (int64_t)sh->limits.max_memory;
  ex.acct.deadline_ns = ex.deadline_ns;
  vsh__acct *prev_acct = vsh__acct_enter(&ex.acct);
  ex.out = sh_stream_buf_new(sh->limits.max_output);
  ex.err = sh_stream_buf_new(sh->limits.max_output);
  if (opts && opts->on_output && ex.out && ex.err) {
    sh_stream_buf_sink(ex.out, 1, opts->on_output, opts->on_output_ud);
    sh_stream_buf_sink(ex.err, 2, opts->on_output, opts->on_output_ud);
  }
  sh_stream *in = opts && opts->stdin_read
                      ? sh_stream_fn_new(opts->stdin_read, opts->stdin_ud)
                  : opts && opts->stdin_len
                      ? sh_stream_bytes_new(opts->stdin_data, opts->stdin_len)
                      : sh_stream_null();
  sh_ctx *c = NULL;
  int rc = 0;
  if (!ex.out || !ex.err || !in) rc = VSH_ENOMEM;
  bool fresh = true, took_session = false;
  if (!rc) {
    pthread_mutex_lock(&sh->mu);
    /* a persistent session runs one exec at a time: a second one would
     * silently run without the session's variables and cwd */
    if (sh->persistent && sh->session_busy) {
      rc = vsh__error_set(err, VSH_EINVALID_STATE,
                          "exec: this persistent shell is already running "
                          "an exec (its session runs one at a time)");
    } else if (sh->persistent) {
      sh->session_busy = took_session = true;
      if (sh->session) {
        c = sh->session;
        sh->session = NULL;
        c->ex = &ex;
        fresh = false;
      }
    }
    pthread_mutex_unlock(&sh->mu);
    if (!rc && !c) rc = sh_ctx_new(&c, sh, &ex);
  }
  if (!rc) {
    if (fresh) {
      if (!(opts && opts->replace_env))
        import_env(c, (const char *const *)sh->env);
      sh__init_shell_vars(c);
      if (sh->dash_c && script) /* the -c string, as bash keeps it */
        sh_var_set(c, "BASH_EXECUTION_STRING", script, false);
    }
    if (opts && opts->env) import_env(c, opts->env);
    if (opts && opts->argv && opts->argv[0]) {
      size_t n = 0;
      while (opts->argv[n + 1]) n++;
      char *a0 = strdup(opts->argv[0]);
      char **pos = sh__strv_dup((char **)opts->argv + 1, n);
      if (!a0 || !pos) {
        free(a0);
        sh__strv_free(pos, n);
      } else {
        free(c->vars.arg0);
        c->vars.arg0 = a0;
        sh__strv_free(c->vars.pos, c->vars.npos);
        c->vars.pos = pos;
        c->vars.npos = n;
      }
    }
    if (opts && opts->cwd) {
      vsh_buf cwd = {0};
      const char *base = c->dirs.cwd;
      if (vsh__path_resolve(&cwd, base, opts->cwd, strlen(opts->cwd)) == 0) {
        vfs_info st;
        if (vfs_stat(sh->fs, cwd.data, true, &st) || st.type != VFS_DIR) {
          vsh_buf_dispose(&cwd);
          rc = vsh__error_set(err, VSH_ENOENT,
                              "exec: cwd '%s' is not a directory", opts->cwd);
        } else {
          free(c->dirs.cwd);
          c->dirs.cwd = strdup(cwd.data);
          sh_var_set(c, "PWD", c->dirs.cwd, false);
          vsh_buf_dispose(&cwd);
        }
      } else {
        vsh_buf_dispose(&cwd);
      }
    }
  }
  if (!rc) {
    sh_fd_set(c, 0, in);
    sh_fd_set(c, 1, ex.out);
    sh_fd_set(c, 2, ex.err);
    sh__stack_init(c);
    c->flow.unwind = SH_UW_NONE;
    c->proc.status = 0;
    c->where.source_name = sh->name;
    c->where.script_src = sh->name_is_script ? sh->name : NULL;
    c->opt.dash_c = sh->dash_c;
    c->opt.dash_s = sh->from_stdin;
    c->limit.script_depth = c->limit.eval_depth + 1;
    int st = opts && opts->script_from_stdin
                 ? sh_run_stream(c, in, sh->name)
                 : sh_run_string(c, script ? script : "", len, sh->name, 1);
    /* a signal the script sent itself as its last command still arrives */
    c->proc.self_sig = atomic_exchange(&ex.main_sig, 0);
    st = sh__pending_self_signal(c, st);
    if (c->flow.unwind == SH_UW_EXIT || c->flow.unwind == SH_UW_RETURN)
      st = c->proc.status;
    if (c->trap.traps[SH_TRAP_EXIT] && c->flow.unwind != SH_UW_CANCEL) {
      c->flow.unwind = SH_UW_NONE;
      c->proc.status = st;
      sh_run_trap(c, SH_TRAP_EXIT);
      if (c->flow.unwind == SH_UW_EXIT) st = c->proc.status;
      free(c->trap.traps[SH_TRAP_EXIT]);
      c->trap.traps[SH_TRAP_EXIT] = NULL;
    }
    /* the script's ends of pipes close (their other ends die with this
     * exec's jobs anyway), so a >(cmd) sees its input end and finishes
     * and a <(cmd) still writing sees its reader gone */
    for (int fd = 0; fd < c->io.nfds; fd++) {
      sh_stream *st = sh_fd(c, fd);
      sh_stream_kind k = st ? sh_stream_kind_of(st) : SH_STREAM_NULL;
      if (fd < 3 || k == SH_STREAM_PIPE_R || k == SH_STREAM_PIPE_W)
        sh_fd_close(c, fd);
    }
    sh_jobs_wait_procsubs(&ex);
    sh_jobs_cancel_all(&ex);
    /* every thread of the exec has ended: a refused allocation becomes
     * the limit now, and the result is built outside the account (the
     * message and the output must not fail for the ceiling) */
    sh_exec_cancelled(&ex);
    vsh__acct_enter(prev_acct);
    int cancel = atomic_load(&ex.cancel);
    if (cancel == SH_CANCEL_EXIT && atomic_load(&ex.late_limit))
      cancel = SH_CANCEL_LIMIT;
    if (cancel == SH_CANCEL_ABORT) {
      char reason[512] = "This operation was aborted";
      if (ex.signal) vsh_signal_reason(ex.signal, reason, sizeof(reason));
      rc = vsh__error_set(err, VSH_EABORTED, "%s", reason);
      vsh__error_meta(err, "exec", "virtual", NULL);
      if (opts && opts->partial_on_abort) {
        /* what the script wrote before the abort, for the bindings */
        const vsh_buf *o = sh_stream_buf_data(ex.out),
                      *e = sh_stream_buf_data(ex.err);
        out->out = buf_take(o, &out->out_len);
        out->err = buf_take(e, &out->err_len);
        out->exit_code = 124;
      }
    } else {
      if (cancel == SH_CANCEL_TIMEOUT) {
        char msg[128];
        int n = snprintf(msg, sizeof(msg), "vsh: timed out after %lld ms\n",
                         (long long)dl);
        sh_stream_set_limit(ex.err, 0);
        sh_stream_write(ex.err, msg, (size_t)n, NULL);
        st = 124;
      } else if (cancel == SH_CANCEL_LIMIT) {
        char msg[320];
        int n = snprintf(msg, sizeof(msg), "vsh: %s\n", ex.limit_msg);
        sh_stream_set_limit(ex.err, 0);
        sh_stream_write(ex.err, msg, (size_t)n, NULL);
        st = 126;
      }
      const vsh_buf *o = sh_stream_buf_data(ex.out),
                    *e = sh_stream_buf_data(ex.err);
      out->out = buf_take(o, &out->out_len);
      out->err = buf_take(e, &out->err_len);
      out->exit_code = st & 255;
      out->cwd = strdup(c->dirs.cwd);
      out->env = sh_export_env(c);
      int64_t pk = atomic_load(&ex.acct.peak);
      out->mem_peak = pk > 0 ? (uint64_t)pk : 0;
      out->work = atomic_load(&ex.work);
      out->vars = sh_all_vars(c);
    }
    for (int fd = 0; fd < c->io.nfds; fd++) sh_fd_close(c, fd);
  }
  if (c) {
    c->ex = NULL;
    c->flow.unwind = SH_UW_NONE;
    pthread_mutex_lock(&sh->mu);
    if (took_session && !sh->session) {
      sh->session = c;
      c = NULL;
    }
    pthread_mutex_unlock(&sh->mu);
    sh_ctx_free(c);
  }
  if (took_session) {
    pthread_mutex_lock(&sh->mu);
    sh->session_busy = false;
    pthread_mutex_unlock(&sh->mu);
  }
  sh_stream_unref(in);
  sh_stream_unref(ex.out);
  sh_stream_unref(ex.err);
  pthread_mutex_destroy(&ex.mu);
  vsh__acct_enter(prev_acct);
  atomic_fetch_sub(&sh->running, 1);
  if (rc && rc != VSH_EABORTED && err && !err->message[0])
    vsh__error_set(err, rc, "exec: %s", vsh_strerror(rc));
  return rc;
}

int vsh_syntax_check(const char *script, size_t len, bool extglob,
                     bool *incomplete, vsh_error *err) {
  vsh__error_clear(err);
  if (incomplete) *incomplete = false;
  sh_parse_opts po = {.extglob = extglob};
  sh_unit *u = NULL;
  vsh_buf msg = {0};
  unsigned line = 0;
  int rc = sh_parse_all(&u, script ? script : "", len, &po, &msg, &line);
  if (rc == 0) {
    sh_unit_unref(u);
    vsh_buf_dispose(&msg);
    return 0;
  }
  const char *m = msg.data ? msg.data : vsh_strerror(rc);
  if (incomplete)
    *incomplete = strstr(m, "unexpected end of file") != NULL ||
                  strstr(m, "unexpected EOF") != NULL;
  vsh__error_set(err, rc == VSH_ELIMIT ? VSH_ELIMIT : VSH_EINVAL, "line %u: %s",
                 line, m);
  vsh_buf_dispose(&msg);
  return rc == VSH_ELIMIT ? VSH_ELIMIT : VSH_EINVAL;
}
