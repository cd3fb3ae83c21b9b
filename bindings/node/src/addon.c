/* addon.c: the N-API addon behind the vsh Node package.  It sits on the
 * public C API only (include/vsh.h).  Handles are refcounted boxes in
 * napi externals: a filesystem box, a shell box (holds its fs box), a
 * signal.  exec runs vsh_shell_exec on a thread of its own and settles a
 * Promise through a threadsafe function, so the JS thread never blocks;
 * a custom command runs on the exec's thread, calls its JS function
 * through a threadsafe function and waits (cancellably) until JS calls
 * cmdDone.  File verbs are synchronous: each is one short, atomic vfs
 * call (fs.c; conversions in args.c).  The JS wrapper (lib/index.js)
 * gives all of it just-bash's shape. */
#include "addon.h"
#include "net.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vsh.h"

#ifndef NODE_GYP_MODULE_NAME
#define NODE_GYP_MODULE_NAME vsh
#endif

/* ---- signals --------------------------------------------------------- */

static void signal_finalize(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  vsh_signal_unref(data);
}

static napi_value signal_new(napi_env env, napi_callback_info info) {
  (void)info;
  vsh_signal *s = vsh_signal_new();
  if (!s) return throw_oom(env);
  napi_value ext;
  if (napi_create_external(env, s, signal_finalize, NULL, &ext) != napi_ok) {
    vsh_signal_unref(s);
    return throw_napi(env, "external");
  }
  return ext;
}

static napi_value signal_abort(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2] = {NULL, NULL};
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  vsh_signal *s = get_ext(env, argv[0]);
  if (!s) return NULL;
  char *reason = argc > 1 && !is_nullish(env, argv[1])
                     ? get_str(env, argv[1], NULL)
                     : NULL;
  vsh_signal_abort(s, reason);
  free(reason);
  return NULL;
}

/* ---- shells and custom commands -------------------------------------- */

typedef struct cmdreg {
  struct cmdreg *next;
  napi_threadsafe_function tsfn;
} cmdreg;

/* Per environment (napi instance data, never freed: it must outlive every
 * finalizer).  Once Node tears the environment down, threadsafe functions
 * are closed by Node itself and must not be released again. */
struct execjob;

/* Per environment (napi instance data, never freed: it must outlive every
 * finalizer and the pool's idle threads).  The pool runs execs: a job
 * never waits for a thread (one is started whenever the queue is longer
 * than the idle count), since a custom command can block its thread
 * until JS has run a nested exec.  Idle threads leave after a while.
 * done_tsfn carries every finished job back to the JS thread; it keeps
 * the loop alive only while jobs are in flight. */
typedef struct envstate {
  atomic_bool closing;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  struct execjob *head, *tail;
  size_t queued, idle;
  napi_threadsafe_function done_tsfn;
  size_t inflight; /* JS thread only */
} envstate;

typedef struct shellbox {
  vsh_shell *sh;
  fsbox *fb;
  atomic_int rc;
  envstate *es;
  pthread_mutex_t mu;
  cmdreg *cmds;
} shellbox;

static void shellbox_unref(shellbox *b) {
  if (!b || atomic_fetch_sub(&b->rc, 1) != 1) return;
  vsh_shell_free(b->sh);
  fsbox_unref(b->fb);
  bool closing = b->es && atomic_load(&b->es->closing);
  for (cmdreg *r = b->cmds, *n; r; r = n) {
    n = r->next;
    if (!closing) napi_release_threadsafe_function(r->tsfn, napi_tsfn_abort);
    free(r);
  }
  pthread_mutex_destroy(&b->mu);
  free(b);
}

/* What the JS external holds: the shell until dispose() drops it (the
 * slot itself lives until the external is collected).  Only the JS
 * thread touches it. */
typedef struct shellref {
  shellbox *b;
} shellref;

static void shellref_finalize(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  shellref *r = data;
  shellbox_unref(r->b);
  free(r);
}

static shellbox *get_shell(napi_env env, napi_value v) {
  shellref *r = get_ext(env, v);
  if (r && !r->b)
    napi_throw_error(env, "EINVALID_STATE", "vsh: this Bash was disposed");
  return r ? r->b : NULL;
}

static bool limit_u64(napi_env env, napi_value o, const char *name,
                      uint64_t *dst) {
  double d = prop_num(env, o, name, -1);
  if (d < 0) return false;
  *dst = d >= 1.8e19 ? UINT64_MAX : (uint64_t)d;
  return true;
}

/* shellNew(fs, {cwd, env: ["K=V"], profile, limits: {...}, commands,
 *               pid, ppid, uid, gid, network}) -> external */
static napi_value shell_new(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2] = {NULL, NULL}, ext;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  fsbox *fb = get_ext(env, argv[0]);
  if (!fb) return NULL;
  napi_value o = argv[1];
  vsh_limits lim;
  napi_value pv = prop(env, o, "profile");
  char *profile = pv ? get_str(env, pv, NULL) : NULL;
  vsh_limits_init(&lim, profile && !strcmp(profile, "hardened")
                            ? VSH_PROFILE_HARDENED
                            : VSH_PROFILE_NORMAL);
  free(profile);
  napi_value lo = prop(env, o, "limits");
  if (lo) {
    limit_u64(env, lo, "maxCommands", &lim.max_commands);
    limit_u64(env, lo, "maxLoopIterations", &lim.max_loop_iterations);
    limit_u64(env, lo, "maxCallDepth", &lim.max_call_depth);
    limit_u64(env, lo, "maxSubstDepth", &lim.max_subst_depth);
    limit_u64(env, lo, "maxString", &lim.max_string);
    limit_u64(env, lo, "maxOutput", &lim.max_output);
    limit_u64(env, lo, "maxBrace", &lim.max_brace);
    limit_u64(env, lo, "maxGlobOps", &lim.max_glob_ops);
    double dl = prop_num(env, lo, "deadlineMs", -1);
    if (dl >= 0) lim.deadline_ms = (int64_t)dl;
  }
  char *cwd = NULL, **envv = NULL;
  napi_value cv = prop(env, o, "cwd");
  if (cv && !(cwd = get_str(env, cv, NULL))) return NULL;
  napi_value ev = prop(env, o, "env");
  if (ev && !(envv = get_strv(env, ev))) {
    free(cwd);
    return NULL;
  }
  char **allow = NULL;
  napi_value av = prop(env, o, "commands");
  if (av && !(allow = get_strv(env, av))) {
    free(cwd);
    strv_free(envv);
    return NULL;
  }
  vsh_shell_opts so = VSH_SHELL_OPTS_INIT;
  node_net jn;
  bool have_net = false;
  napi_value nv = prop(env, o, "network");
  if (nv) {
    if (!node_net_get(env, nv, &jn)) {
      node_net_free(&jn);
      free(cwd);
      strv_free(envv);
      strv_free(allow);
      return NULL;
    }
    have_net = true;
    so.network = &jn.o;
  }
  so.commands = (const char *const *)allow;
  if (prop(env, o, "pid") || prop(env, o, "ppid") || prop(env, o, "uid")) {
    so.has_ids = true;
    so.pid = (int64_t)prop_num(env, o, "pid", 1);
    so.ppid = (int64_t)prop_num(env, o, "ppid", 0);
    so.uid = (int64_t)prop_num(env, o, "uid", 1000);
    so.gid = (int64_t)prop_num(env, o, "gid", 1000);
  }
  so.fs = fb->fs;
  so.cwd = cwd;
  so.env = (const char *const *)envv;
  so.limits = &lim;
  so.name = "bash";
  so.from_stdin = true; /* $- shows s, as just-bash's */
  shellbox *b = calloc(1, sizeof(*b));
  vsh_error err;
  int rc = b ? vsh_shell_new(&b->sh, &so, &err) : VSH_ENOMEM;
  free(cwd);
  strv_free(envv);
  strv_free(allow);
  if (have_net) node_net_free(&jn);
  if (rc) {
    free(b);
    return rc == VSH_ENOMEM && !b ? throw_oom(env) : throw_vsh(env, rc, &err);
  }
  atomic_init(&b->rc, 1);
  napi_get_instance_data(env, (void **)&b->es);
  atomic_fetch_add(&fb->rc, 1);
  b->fb = fb;
  pthread_mutex_init(&b->mu, NULL);
  shellref *ref = malloc(sizeof(*ref));
  if (!ref) {
    shellbox_unref(b);
    return throw_oom(env);
  }
  ref->b = b;
  if (napi_create_external(env, ref, shellref_finalize, NULL, &ext) !=
      napi_ok) {
    free(ref);
    shellbox_unref(b);
    return throw_napi(env, "external");
  }
  return ext;
}

/* shellCwd(shell) -> string */
static napi_value shell_cwd(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  shellbox *b = get_shell(env, argv[0]);
  if (!b) return NULL;
  char buf[4200];
  if (vsh_shell_cwd(b->sh, buf, sizeof(buf)))
    return throw_vsh(env, VSH_ERANGE, NULL);
  return make_str(env, buf, strlen(buf));
}

/* One call of a custom command: shared by the exec thread (waiting) and
 * JS (which settles it with cmdDone).  Refcounted: the exec thread and
 * the JS external each hold one reference. */
typedef struct cmdcall {
  atomic_int rc;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  bool done, returned;
  int nested; /* ctx.exec calls still running */
  vsh_cmd *cmd;
  int argc;
  char **argv;
  vsh_buf in;
  vsh_buf fds[10]; /* contents of fds 3..9 that are files or here-docs */
  bool has_fd[10];
  vsh_strv envv;
  char *cwd;
  /* the outcome */
  vsh_buf out, err;
  int code;
} cmdcall;

static void cmdcall_unref(cmdcall *c) {
  if (!c || atomic_fetch_sub(&c->rc, 1) != 1) return;
  vsh_buf_dispose(&c->in);
  for (int i = 0; i < 10; i++) vsh_buf_dispose(&c->fds[i]);
  vsh_buf_dispose(&c->out);
  vsh_buf_dispose(&c->err);
  vsh_strv_dispose(&c->envv);
  for (int i = 0; c->argv && i < c->argc; i++) free(c->argv[i]);
  free(c->argv);
  free(c->cwd);
  pthread_mutex_destroy(&c->mu);
  pthread_cond_destroy(&c->cv);
  free(c);
}

static void cmdcall_finalize(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  cmdcall_unref(data);
}

static void cmdcall_settle(cmdcall *c, int code) {
  pthread_mutex_lock(&c->mu);
  if (!c->done) {
    c->done = true;
    c->code = code;
  }
  pthread_cond_broadcast(&c->cv);
  pthread_mutex_unlock(&c->mu);
}

/* On the JS thread: fn(args, stdin, env, cwd, call) */
static void cmd_call_js(napi_env env, napi_value fn, void *context,
                        void *data) {
  (void)context;
  cmdcall *c = data;
  if (!env) { /* the function is gone: the command fails */
    cmdcall_settle(c, 127);
    cmdcall_unref(c);
    return;
  }
  napi_value args[6], arr, ext, undef, fds;
  napi_create_array_with_length(env, (size_t)(c->argc > 0 ? c->argc - 1 : 0),
                                &arr);
  for (int i = 1; i < c->argc; i++)
    napi_set_element(env, arr, (uint32_t)(i - 1),
                     make_text(env, c->argv[i], strlen(c->argv[i])));
  args[0] = arr;
  args[1] = make_buf(env, c->in.data, c->in.len);
  args[2] = make_strv(env, c->envv.items);
  args[3] = make_str(env, c->cwd, strlen(c->cwd));
  /* the external takes over the reference this call was queued with */
  if (napi_create_external(env, c, cmdcall_finalize, NULL, &ext) != napi_ok) {
    cmdcall_settle(c, 1);
    cmdcall_unref(c);
    return;
  }
  args[4] = ext;
  napi_create_array(env, &fds);
  for (int fd = 3, k = 0; fd < 10; fd++) {
    if (!c->has_fd[fd]) continue;
    napi_value pair, num;
    napi_create_array_with_length(env, 2, &pair);
    napi_create_int32(env, fd, &num);
    napi_set_element(env, pair, 0, num);
    napi_set_element(env, pair, 1,
                     make_buf(env, c->fds[fd].data, c->fds[fd].len));
    napi_set_element(env, fds, (uint32_t)k++, pair);
  }
  args[5] = fds;
  napi_get_undefined(env, &undef);
  napi_value ret;
  if (napi_call_function(env, undef, fn, 6, args, &ret) != napi_ok) {
    napi_value exc;
    napi_get_and_clear_last_exception(env, &exc);
    cmdcall_settle(c, 1);
  }
}

/* Reads all of fd into b (at most 256 MiB). */
static int slurp_fd(vsh_cmd *cmd, int fd, vsh_buf *b) {
  char tmp[65536];
  for (;;) {
    int64_t n = vsh_cmd_read_fd(cmd, fd, tmp, sizeof(tmp));
    if (n < 0) return n == VSH_EBADF ? 0 : (int)n;
    if (n == 0) return 0;
    if (b->len + (size_t)n > ((size_t)256 << 20)) return VSH_ELIMIT;
    size_t need = b->len + (size_t)n + 1;
    if (need > b->cap) {
      size_t nc = b->cap ? b->cap * 2 : 65536;
      while (nc < need) nc *= 2;
      char *nd = realloc(b->data, nc);
      if (!nd) return VSH_ENOMEM;
      b->data = nd;
      b->cap = nc;
    }
    memcpy(b->data + b->len, tmp, (size_t)n);
    b->len += (size_t)n;
    b->data[b->len] = 0;
  }
}

/* The C side of a custom command: runs on the exec's thread. */
static int cmd_run(vsh_cmd *cmd, int argc, char **argv, void *ud) {
  cmdreg *r = ud;
  cmdcall *c = calloc(1, sizeof(*c));
  if (!c) {
    vsh_cmd_write(cmd, 2, "vsh: memory exhausted\n", 22);
    return 1;
  }
  atomic_init(&c->rc, 2); /* this thread + the JS side */
  pthread_mutex_init(&c->mu, NULL);
  pthread_cond_init(&c->cv, NULL);
  c->cmd = cmd;
  const char *cwd = vsh_cmd_cwd(cmd);
  c->cwd = strdup(cwd ? cwd : "/");
  int rc = c->cwd ? vsh_cmd_environ(cmd, &c->envv) : VSH_ENOMEM;
  /* copies: JS may see the call after this command gave up on it */
  c->argv = rc ? NULL : calloc((size_t)argc + 1, sizeof(char *));
  if (!rc && !c->argv) rc = VSH_ENOMEM;
  for (int i = 0; !rc && i < argc; i++) {
    if (!(c->argv[i] = strdup(argv[i]))) rc = VSH_ENOMEM;
    else c->argc = i + 1;
  }
  /* just-bash hands a command its whole stdin as one string, and the
   * contents of other descriptors that never wait (here-documents) */
  if (!rc) rc = slurp_fd(cmd, 0, &c->in);
  for (int fd = 3; !rc && fd < 10; fd++) {
    if (vsh_cmd_fd_kind(cmd, fd) != VSH_FD_DATA) continue;
    c->has_fd[fd] = true;
    rc = slurp_fd(cmd, fd, &c->fds[fd]);
  }
  if (!rc && vsh_cmd_cancelled(cmd)) rc = VSH_EABORTED;
  if (!rc &&
      napi_call_threadsafe_function(r->tsfn, c, napi_tsfn_blocking) != napi_ok)
    rc = VSH_EINVALID_STATE;
  if (rc) {
    cmdcall_unref(c); /* the JS side never got it */
    cmdcall_unref(c);
    if (rc == VSH_EABORTED) return 1;
    const char *m = rc == VSH_ENOMEM ? "memory exhausted" : vsh_strerror(rc);
    vsh_cmd_write(cmd, 2, argv[0], strlen(argv[0]));
    vsh_cmd_write(cmd, 2, ": ", 2);
    vsh_cmd_write(cmd, 2, m, strlen(m));
    vsh_cmd_write(cmd, 2, "\n", 1);
    return rc == VSH_ELIMIT ? 126 : 1;
  }
  pthread_mutex_lock(&c->mu);
  bool cancelled = false;
  while (!c->done || c->nested > 0) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 20 * 1000000;
    if (ts.tv_nsec >= 1000000000) {
      ts.tv_sec++;
      ts.tv_nsec -= 1000000000;
    }
    pthread_cond_timedwait(&c->cv, &c->mu, &ts);
    if (!c->done && vsh_cmd_cancelled(cmd)) {
      /* abandon the JS promise; nested execs see the cancel too */
      cancelled = true;
      c->done = true;
      c->code = 1;
    }
  }
  c->returned = true;
  int code = c->code;
  vsh_buf out = c->out, err = c->err;
  memset(&c->out, 0, sizeof(c->out));
  memset(&c->err, 0, sizeof(c->err));
  pthread_mutex_unlock(&c->mu);
  if (!cancelled) {
    /* stderr first: a program's stderr is unbuffered, its stdout to a
     * pipe is flushed at exit (what `cmd |& cat` shows) */
    if (err.len) vsh_cmd_write(cmd, 2, err.data, err.len);
    if (out.len) vsh_cmd_write(cmd, 1, out.data, out.len);
  }
  vsh_buf_dispose(&out);
  vsh_buf_dispose(&err);
  cmdcall_unref(c);
  return code;
}

/* shellRegister(shell, name, fn(args, stdin, env, cwd, call)) */
static napi_value shell_register(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  shellbox *b = get_shell(env, argv[0]);
  if (!b) return NULL;
  char *name = get_str(env, argv[1], NULL);
  if (!name) return NULL;
  cmdreg *r = calloc(1, sizeof(*r));
  if (!r) {
    free(name);
    return throw_oom(env);
  }
  napi_value rname = make_str(env, name, strlen(name));
  if (napi_create_threadsafe_function(env, argv[2], NULL, rname, 0, 1, NULL,
                                      NULL, NULL, cmd_call_js,
                                      &r->tsfn) != napi_ok) {
    free(name);
    free(r);
    return throw_napi(env, "threadsafe function");
  }
  napi_unref_threadsafe_function(env, r->tsfn);
  vsh_error err;
  vsh_command reg = {.version = VSH_COMMAND_VERSION, .run = cmd_run, .ud = r};
  int rc = vsh_shell_register_command(b->sh, name, &reg, &err);
  free(name);
  if (rc) {
    napi_release_threadsafe_function(r->tsfn, napi_tsfn_abort);
    free(r);
    return throw_vsh(env, rc, &err);
  }
  pthread_mutex_lock(&b->mu);
  r->next = b->cmds;
  b->cmds = r;
  pthread_mutex_unlock(&b->mu);
  return NULL;
}

/* cmdDone(call, stdout, stderr, exitCode) */
static napi_value cmd_done(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4] = {NULL, NULL, NULL, NULL};
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  cmdcall *c = get_ext(env, argv[0]);
  if (!c) return NULL;
  size_t no = 0, ne = 0;
  char *o =
      is_nullish(env, argv[1]) ? calloc(1, 1) : get_bytes(env, argv[1], &no);
  char *e =
      is_nullish(env, argv[2]) ? calloc(1, 1) : get_bytes(env, argv[2], &ne);
  int32_t code = 0;
  if (argv[3]) napi_get_value_int32(env, argv[3], &code);
  if (!o || !e) {
    free(o);
    free(e);
    cmdcall_settle(c, 1);
    return NULL;
  }
  pthread_mutex_lock(&c->mu);
  if (!c->done) {
    c->out = (vsh_buf){o, no, no + 1};
    c->err = (vsh_buf){e, ne, ne + 1};
    o = e = NULL;
  }
  pthread_mutex_unlock(&c->mu);
  free(o);
  free(e);
  cmdcall_settle(c, code);
  return NULL;
}

/* ---- exec ------------------------------------------------------------- */

typedef struct execjob {
  shellbox *sb;
  cmdcall *call; /* a nested exec from a custom command */
  char *script;
  size_t len;
  char *cwd;
  char **env;
  char **argv;
  void *in;
  size_t in_len;
  vsh_signal *sig;
  bool replace_env;
  int64_t timeout_ms;
  vsh_result res;
  vsh_error err;
  int rc;
  napi_deferred deferred;
  envstate *es;
  struct execjob *next;
} execjob;

static void job_free(execjob *j) {
  free(j->script);
  free(j->cwd);
  strv_free(j->env);
  strv_free(j->argv);
  free(j->in);
  if (j->sig) vsh_signal_unref(j->sig);
  vsh_result_dispose(&j->res);
  if (j->sb) shellbox_unref(j->sb);
  if (j->call) cmdcall_unref(j->call);
  free(j);
}

static void exec_done_js(napi_env env, napi_value fn, void *context,
                         void *data) {
  (void)fn;
  (void)context;
  execjob *j = data;
  if (!env) {
    job_free(j);
    return;
  }
  if (j->es && --j->es->inflight == 0)
    napi_unref_threadsafe_function(env, j->es->done_tsfn);
  napi_value o, v;
  napi_create_object(env, &o);
  bool have = j->rc == 0 || (j->rc == VSH_EABORTED && j->res.out);
  if (have) {
    napi_set_named_property(env, o, "stdout",
                            make_buf(env, j->res.out, j->res.out_len));
    napi_set_named_property(env, o, "stderr",
                            make_buf(env, j->res.err, j->res.err_len));
    napi_create_int32(env, j->res.exit_code, &v);
    napi_set_named_property(env, o, "exitCode", v);
    if (j->res.cwd)
      napi_set_named_property(env, o, "cwd",
                              make_str(env, j->res.cwd, strlen(j->res.cwd)));
    if (j->res.env)
      napi_set_named_property(env, o, "env", make_strv(env, j->res.env));
    if (j->res.vars) { /* one buffer, "K=V" NUL-separated: JS parses it
                          only when the result's env is read */
      size_t total = 0;
      for (size_t i = 0; j->res.vars[i]; i++)
        total += strlen(j->res.vars[i]) + 1;
      napi_value vb;
      void *p = NULL;
      if (napi_create_buffer(env, total, &p, &vb) == napi_ok) {
        char *d = p;
        for (size_t i = 0; j->res.vars[i]; i++) {
          size_t l = strlen(j->res.vars[i]);
          memcpy(d, j->res.vars[i], l);
          d[l] = 0;
          d += l + 1;
        }
        napi_set_named_property(env, o, "vars", vb);
      }
    }
  }
  if (j->rc) {
    napi_set_named_property(
        env, o, "error", make_str(env, j->err.message, strlen(j->err.message)));
    napi_set_named_property(
        env, o, "code",
        make_str(env, vsh_errname(j->rc), strlen(vsh_errname(j->rc))));
  }
  napi_resolve_deferred(env, j->deferred, o);
  job_free(j);
}

static void *exec_thread(void *arg) {
  execjob *j = arg;
  if (j->call) {
    j->rc = vsh_cmd_exec(j->call->cmd, j->script, j->len, j->in, j->in_len,
                         &j->res, &j->err);
    pthread_mutex_lock(&j->call->mu);
    j->call->nested--;
    pthread_cond_broadcast(&j->call->cv);
    pthread_mutex_unlock(&j->call->mu);
  } else {
    vsh_exec_opts eo = VSH_EXEC_OPTS_INIT;
    eo.cwd = j->cwd;
    eo.env = (const char *const *)j->env;
    eo.argv = (const char *const *)j->argv;
    eo.stdin_data = j->in;
    eo.stdin_len = j->in_len;
    eo.signal = j->sig;
    eo.timeout_ms = j->timeout_ms;
    eo.replace_env = j->replace_env;
    eo.partial_on_abort = true;
    j->rc = vsh_shell_exec(j->sb->sh, j->script, j->len, &eo, &j->res, &j->err);
  }
  if (napi_call_threadsafe_function(j->es->done_tsfn, j, napi_tsfn_blocking) !=
      napi_ok)
    job_free(j);
  return NULL;
}

static void *pool_thread(void *arg) {
  envstate *es = arg;
  pthread_mutex_lock(&es->mu);
  for (;;) {
    while (!es->head) {
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      ts.tv_sec += 20;
      es->idle++;
      int e = pthread_cond_timedwait(&es->cv, &es->mu, &ts);
      es->idle--;
      if (e && !es->head) {
        pthread_mutex_unlock(&es->mu);
        return NULL;
      }
    }
    execjob *j = es->head;
    es->head = j->next;
    if (!es->head) es->tail = NULL;
    es->queued--;
    pthread_mutex_unlock(&es->mu);
    exec_thread(j);
    pthread_mutex_lock(&es->mu);
  }
}

/* Queues j; 0, or an errno when no thread could be started for it. */
static int pool_submit(envstate *es, execjob *j) {
  pthread_mutex_lock(&es->mu);
  j->next = NULL;
  if (es->tail) es->tail->next = j;
  else es->head = j;
  es->tail = j;
  es->queued++;
  int e = 0;
  if (es->queued > es->idle) {
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&at, (size_t)8 << 20);
    pthread_t th;
    e = pthread_create(&th, &at, pool_thread, es);
    pthread_attr_destroy(&at);
    if (e) { /* take it back out: nobody may ever run it */
      execjob **pp = &es->head, *prev = NULL;
      while (*pp && *pp != j) {
        prev = *pp;
        pp = &(*pp)->next;
      }
      if (*pp) {
        *pp = j->next;
        if (es->tail == j) es->tail = prev;
        es->queued--;
      }
    }
  } else {
    pthread_cond_signal(&es->cv);
  }
  pthread_mutex_unlock(&es->mu);
  return e;
}

/* A job that will never run: a nested one stops counting for the
 * command that waits for it. */
static void job_abandon(execjob *j) {
  if (j->call) {
    pthread_mutex_lock(&j->call->mu);
    j->call->nested--;
    pthread_cond_broadcast(&j->call->cv);
    pthread_mutex_unlock(&j->call->mu);
  }
  job_free(j);
}

static napi_value start_job(napi_env env, execjob *j) {
  napi_value promise;
  if (napi_create_promise(env, &j->deferred, &promise) != napi_ok) {
    job_abandon(j);
    return throw_napi(env, "promise");
  }
  napi_get_instance_data(env, (void **)&j->es);
  envstate *es = j->es;
  if (es->inflight++ == 0) napi_ref_threadsafe_function(env, es->done_tsfn);
  int e = pool_submit(es, j);
  if (e) {
    if (--es->inflight == 0) napi_unref_threadsafe_function(env, es->done_tsfn);
    napi_value err;
    napi_create_string_utf8(env, "cannot start exec: no thread",
                            NAPI_AUTO_LENGTH, &err);
    napi_value eo;
    napi_create_error(env, NULL, err, &eo);
    napi_reject_deferred(env, j->deferred, eo);
    job_abandon(j);
  }
  return promise;
}

/* exec(shell, script, {cwd, env, replaceEnv, stdin, argv, signal,
 *                      timeoutMs}) -> Promise<{stdout, stderr, exitCode,
 *                      cwd, env, vars, error?, code?}> */
static napi_value shell_exec(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3] = {NULL, NULL, NULL};
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  shellbox *b = get_shell(env, argv[0]);
  if (!b) return NULL;
  execjob *j = calloc(1, sizeof(*j));
  if (!j) return throw_oom(env);
  j->script = get_bytes(env, argv[1], &j->len);
  if (!j->script) goto fail;
  napi_value o = argv[2], v;
  if ((v = prop(env, o, "cwd")) && !(j->cwd = get_str(env, v, NULL))) goto fail;
  if ((v = prop(env, o, "env")) && !(j->env = get_strv(env, v))) goto fail;
  if ((v = prop(env, o, "argv")) && !(j->argv = get_strv(env, v))) goto fail;
  if ((v = prop(env, o, "stdin")) && !(j->in = get_bytes(env, v, &j->in_len)))
    goto fail;
  if ((v = prop(env, o, "signal"))) {
    vsh_signal *s = get_ext(env, v);
    if (!s) goto fail;
    j->sig = vsh_signal_ref(s);
  }
  j->replace_env = prop_bool(env, o, "replaceEnv");
  j->timeout_ms = (int64_t)prop_num(env, o, "timeoutMs", 0);
  atomic_fetch_add(&b->rc, 1);
  j->sb = b;
  return start_job(env, j);
fail:
  job_free(j);
  return NULL;
}

/* cmdExec(call, script, stdin) -> Promise (ctx.exec of a custom command) */
static napi_value cmd_exec(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3] = {NULL, NULL, NULL};
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  cmdcall *c = get_ext(env, argv[0]);
  if (!c) return NULL;
  execjob *j = calloc(1, sizeof(*j));
  if (!j) return throw_oom(env);
  j->script = get_bytes(env, argv[1], &j->len);
  if (!j->script) goto fail;
  if (!is_nullish(env, argv[2]) &&
      !(j->in = get_bytes(env, argv[2], &j->in_len)))
    goto fail;
  pthread_mutex_lock(&c->mu);
  bool ok = !c->done;
  if (ok) c->nested++;
  pthread_mutex_unlock(&c->mu);
  if (!ok) {
    napi_throw_error(env, "EINVALID_STATE",
                     "ctx.exec called after the command returned");
    goto fail;
  }
  atomic_fetch_add(&c->rc, 1);
  j->call = c;
  return start_job(env, j);
fail:
  job_free(j);
  return NULL;
}

/* dispose(shell): drops what the shell holds now (its custom commands'
 * functions); the shell itself goes when its last exec ends and the
 * external is collected. */
static napi_value shell_dispose(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  shellref *r = get_ext(env, argv[0]);
  if (r && r->b) {
    shellbox_unref(r->b);
    r->b = NULL;
  }
  return NULL;
}

/* teardown(): process 'exit' (see lib/native.js) */
static napi_value teardown(napi_env env, napi_callback_info info) {
  (void)info;
  envstate *es = NULL;
  napi_get_instance_data(env, (void **)&es);
  if (es) atomic_store(&es->closing, true);
  return NULL;
}

static napi_value version(napi_env env, napi_callback_info info) {
  (void)info;
  return make_str(env, VSH_VERSION_STRING, strlen(VSH_VERSION_STRING));
}

#define FN(name, fn)                                                           \
  { name, NULL, fn, NULL, NULL, NULL, napi_default, NULL }

static napi_value init(napi_env env, napi_value exports) {
  napi_property_descriptor d[] = {
      FN("fsNew", fs_new),
      FN("fsStat", fs_stat),
      FN("fsExists", fs_exists),
      FN("fsRead", fs_read),
      FN("fsWrite", fs_write),
      FN("fsMkdir", fs_mkdir),
      FN("fsReaddir", fs_readdir),
      FN("fsRm", fs_rm),
      FN("fsCp", fs_cp),
      FN("fsMv", fs_mv),
      FN("fsSymlink", fs_symlink),
      FN("fsLink", fs_link),
      FN("fsChmod", fs_chmod),
      FN("fsReadlink", fs_readlink),
      FN("fsRealpath", fs_realpath),
      FN("fsUtimes", fs_utimes),
      FN("fsWalk", fs_walk),
      FN("fsMount", fs_mount),
      FN("pathResolve", path_resolve),
      FN("signalNew", signal_new),
      FN("signalAbort", signal_abort),
      FN("shellNew", shell_new),
      FN("shellCwd", shell_cwd),
      FN("shellRegister", shell_register),
      FN("shellExec", shell_exec),
      FN("shellDispose", shell_dispose),
      FN("cmdDone", cmd_done),
      FN("cmdExec", cmd_exec),
      FN("version", version),
      FN("teardown", teardown),
  };
  envstate *es = calloc(1, sizeof(*es));
  if (!es) return NULL;
  pthread_mutex_init(&es->mu, NULL);
  pthread_cond_init(&es->cv, NULL);
  napi_value name;
  napi_create_string_utf8(env, "vsh.exec", NAPI_AUTO_LENGTH, &name);
  if (napi_create_threadsafe_function(env, NULL, NULL, name, 0, 1, NULL, NULL,
                                      NULL, exec_done_js,
                                      &es->done_tsfn) != napi_ok ||
      napi_unref_threadsafe_function(env, es->done_tsfn) != napi_ok ||
      napi_set_instance_data(env, es, NULL, NULL) != napi_ok) {
    return NULL; /* es stays: a thread may not know it is unused */
  }
  if (napi_define_properties(env, exports, sizeof(d) / sizeof(d[0]), d) !=
      napi_ok)
    return NULL;
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
