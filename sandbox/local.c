/* local.c: vsh_local_factory (local()): the host sandbox.  exec spawns
 * real bash (else /bin/sh) as the leader of its own process group with an
 * allowlisted environment snapshotted at construction.  Timeout and abort
 * take one kill path (SIGTERM to the group, SIGKILL after 2 s): a timeout
 * resolves as 124, a caller abort rejects; output is capped at 64 MiB. */
#include "sandbox/local_int.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define OUTPUT_CAP ((size_t)64 << 20)
#define KILL_GRACE_MS 2000
#define TICK_MS 20

static const char *const allowlist[] = {
    "PATH",   "HOME",     "USER", "LOGNAME", "HOSTNAME", "SHELL", "LANG",
    "LC_ALL", "LC_CTYPE", "TZ",   "TERM",    "TMPDIR",   "TMP",   "TEMP"};

typedef struct local_factory {
  vsh_factory base;
  char *cwd;
  char **env;
} local_factory;

/* ---- the shell: real bash when present, probed once per process ------- */

static pthread_once_t shell_once = PTHREAD_ONCE_INIT;
static char shell_path[256] = "/bin/sh";

static void probe_shell(void) {
  static const char *const fixed[] = {"/bin/bash", "/usr/bin/bash",
                                      "/usr/local/bin/bash"};
  const char *path = getenv("PATH");
  size_t i;

  for (i = 0; i < sizeof fixed / sizeof *fixed; i++) {
    if (access(fixed[i], X_OK) == 0) {
      snprintf(shell_path, sizeof shell_path, "%s", fixed[i]);
      return;
    }
  }
  while (path && *path) {
    const char *colon = strchr(path, ':');
    size_t n = colon ? (size_t)(colon - path) : strlen(path);
    char cand[256];
    if (n > 0 && n < 200 && path[0] == '/') {
      snprintf(cand, sizeof cand, "%.*s/bash", (int)n, path);
      if (access(cand, X_OK) == 0) {
        snprintf(shell_path, sizeof shell_path, "%s", cand);
        return;
      }
    }
    path = colon ? colon + 1 : NULL;
  }
}

/* ---- environments ------------------------------------------------------ */

static size_t env_len(char **env) {
  size_t n = 0;
  while (env && env[n]) n++;
  return n;
}

/* Sets (value non-NULL) or drops name in the malloc'd list *env. */
static int env_set(char ***env, const char *name, size_t nlen,
                   const char *value) {
  size_t n = env_len(*env), i;
  char *kv = NULL, **grown;

  if (value) {
    size_t vlen = strlen(value);
    if (!(kv = malloc(nlen + vlen + 2))) return VSH_ENOMEM;
    memcpy(kv, name, nlen);
    kv[nlen] = '=';
    memcpy(kv + nlen + 1, value, vlen + 1);
  }
  for (i = 0; i < n; i++) {
    if (strncmp((*env)[i], name, nlen) == 0 && (*env)[i][nlen] == '=') {
      free((*env)[i]);
      if (kv) {
        (*env)[i] = kv;
      } else {
        memmove(&(*env)[i], &(*env)[i + 1], (n - i) * sizeof **env);
      }
      return 0;
    }
  }
  if (!kv) return 0;
  if (!(grown = realloc(*env, (n + 2) * sizeof *grown))) {
    free(kv);
    return VSH_ENOMEM;
  }
  grown[n] = kv;
  grown[n + 1] = NULL;
  *env = grown;
  return 0;
}

static void env_free(char **env) {
  size_t i;
  for (i = 0; env && env[i]; i++) free(env[i]);
  free(env);
}

static int env_dup(char ***out, char **src) {
  size_t i;
  int rc = 0;

  *out = calloc(1, sizeof **out);
  if (!*out) return VSH_ENOMEM;
  for (i = 0; rc == 0 && src && src[i]; i++) {
    const char *eq = strchr(src[i], '=');
    if (eq) rc = env_set(out, src[i], (size_t)(eq - src[i]), eq + 1);
  }
  return rc;
}

/* ---- exec -------------------------------------------------------------- */

typedef enum { KILL_NONE, KILL_TIMEOUT, KILL_ABORT, KILL_OVERFLOW } kill_why;

static int64_t mono_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static int result_text(char **dst, size_t *len, vsh_buf *b) {
  if (!b->data && vsh__buf_reserve(b, 1) < 0) return VSH_ENOMEM;
  *dst = vsh__buf_steal(b, len);
  return 0;
}

static int spawn_failed(vsh_result *out, int e) {
  vsh_buf msg;

  vsh__buf_init(&msg);
  if (vsh__buf_printf(&msg, "vsh: cannot run %s: %s\n", shell_path,
                      strerror(e)) < 0)
    return VSH_ENOMEM;
  out->exit_code = 1;
  return result_text(&out->err, &out->err_len, &msg);
}

int sbx_local_exec(vsh_sandbox *sb, const char *cmd, const vsh_exec_opts *opts,
                   vsh_result *out, vsh_error *err) {
  sbx_local *l = (sbx_local *)sb;
  vsh_signal *sig = opts ? opts->signal : NULL;
  int64_t timeout = opts ? opts->timeout_ms : 0, start = mono_ms(), term_at = 0;
  int outp[2] = {-1, -1}, errp[2] = {-1, -1}, inp[2] = {-1, -1};
  const char *in_data = opts ? opts->stdin_data : NULL;
  size_t in_len = opts && opts->stdin_data ? opts->stdin_len : 0, in_off = 0;
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t attr;
  sigset_t none, defs, pipe_set, old_mask;
  bool fa_ok = false, attr_ok = false, masked = false, got_epipe = false;
  char **env = NULL;
  char *argv[4];
  kill_why why = KILL_NONE;
  vsh_buf cwd, o, e;
  pid_t pid = -1;
  int status = 0, rc, sp;

  memset(out, 0, sizeof *out);
  vsh__buf_init(&cwd);
  vsh__buf_init(&o);
  vsh__buf_init(&e);
  if (vsh_signal_aborted(sig)) {
    rc = sbx_aborted(err, sig, "exec", SBX_LOCAL_PROVIDER);
    goto done;
  }
  pthread_once(&shell_once, probe_shell);
  rc = sbx_resolve(&cwd, l->cwd, opts && opts->cwd ? opts->cwd : "");
  if (rc < 0) {
    rc = sbx_fs_error(err, rc, "chdir", opts->cwd, "exec", SBX_LOCAL_PROVIDER);
    goto done;
  }
  /* The per-call env goes on top of the layered base. */
  rc = env_dup(&env, l->env);
  for (size_t i = 0; rc == 0 && opts && opts->env && opts->env[i]; i++) {
    const char *eq = strchr(opts->env[i], '=');
    if (eq)
      rc = env_set(&env, opts->env[i], (size_t)(eq - opts->env[i]), eq + 1);
  }
  if (rc < 0 || pipe2(outp, O_CLOEXEC) < 0 || pipe2(errp, O_CLOEXEC) < 0 ||
      (in_len > 0 && pipe2(inp, O_CLOEXEC) < 0)) {
    rc = vsh__error_set(err, rc < 0 ? rc : VSH_EIO, "exec: cannot set up: %s",
                        rc < 0 ? "out of memory" : strerror(errno));
    goto done;
  }
  posix_spawn_file_actions_init(&fa);
  fa_ok = true;
  if (in_len > 0) posix_spawn_file_actions_adddup2(&fa, inp[0], 0);
  else posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, outp[1], 1);
  posix_spawn_file_actions_adddup2(&fa, errp[1], 2);
  posix_spawn_file_actions_addchdir_np(&fa, cwd.data);
  posix_spawnattr_init(&attr);
  attr_ok = true;
  /* Own group (so a kill reaches grandchildren), default dispositions
   * and an empty mask: the child must not inherit the host's. */
  sigemptyset(&none);
  sigfillset(&defs);
  sigdelset(&defs, SIGKILL);
  sigdelset(&defs, SIGSTOP);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defs);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP |
                                      POSIX_SPAWN_SETSIGMASK |
                                      POSIX_SPAWN_SETSIGDEF);
  argv[0] = shell_path;
  argv[1] = "-c";
  argv[2] = (char *)cmd;
  argv[3] = NULL;
  sp = posix_spawn(&pid, shell_path, &fa, &attr, argv, env);
  close(outp[1]);
  close(errp[1]);
  outp[1] = errp[1] = -1;
  if (inp[0] >= 0) {
    close(inp[0]);
    inp[0] = -1;
  }
  if (sp != 0) {
    pid = -1;
    rc = spawn_failed(out, sp);
    if (rc < 0) rc = vsh__error_set(err, rc, "out of memory");
    goto done;
  }
  if (in_len > 0) {
    /* A child that stops reading must give EPIPE here, not kill the
     * host with SIGPIPE: block it on this thread only. */
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old_mask);
    masked = true;
    fcntl(inp[1], F_SETFL, O_NONBLOCK);
  }

  for (;;) {
    struct pollfd pf[3];
    int np = 0, w;
    int64_t now = mono_ms();

    if (why == KILL_NONE) {
      if (vsh_signal_aborted(sig)) why = KILL_ABORT;
      else if (timeout > 0 && now - start >= timeout) why = KILL_TIMEOUT;
      else if (o.len + e.len > OUTPUT_CAP) why = KILL_OVERFLOW;
      if (why != KILL_NONE) {
        kill(-pid, SIGTERM);
        term_at = now;
      }
    } else if (term_at && now - term_at >= KILL_GRACE_MS) {
      kill(-pid, SIGKILL);
      term_at = 0;
    }
    if (outp[0] >= 0)
      pf[np++] = (struct pollfd){.fd = outp[0], .events = POLLIN};
    if (errp[0] >= 0)
      pf[np++] = (struct pollfd){.fd = errp[0], .events = POLLIN};
    if (inp[1] >= 0)
      pf[np++] = (struct pollfd){.fd = inp[1], .events = POLLOUT};
    if (np == 0) {
      w = waitpid(pid, &status, WNOHANG);
      if (w == pid || (w < 0 && errno != EINTR)) break;
      struct timespec t = {0, TICK_MS * 1000000L};
      nanosleep(&t, NULL);
      continue;
    }
    if (poll(pf, (nfds_t)np, TICK_MS) <= 0) continue;
    for (int k = 0; k < np; k++) {
      if (!pf[k].revents) continue;
      if (pf[k].fd == inp[1]) {
        ssize_t n = write(inp[1], in_data + in_off, in_len - in_off);
        if (n > 0) in_off += (size_t)n;
        if ((n < 0 && errno != EAGAIN && errno != EINTR) || in_off == in_len) {
          got_epipe |= n < 0 && errno == EPIPE;
          close(inp[1]);
          inp[1] = -1;
        }
        continue;
      }
      char chunk[65536];
      ssize_t n = read(pf[k].fd, chunk, sizeof chunk);
      vsh_buf *dst = pf[k].fd == outp[0] ? &o : &e;
      if (n > 0) {
        size_t room = o.len + e.len < OUTPUT_CAP + 1
                          ? OUTPUT_CAP + 1 - (o.len + e.len)
                          : 0;
        if (vsh__buf_append(dst, chunk, (size_t)n < room ? (size_t)n : room) <
            0)
          why = why == KILL_NONE ? KILL_OVERFLOW : why;
      } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
        if (pf[k].fd == outp[0]) {
          close(outp[0]);
          outp[0] = -1;
        } else {
          close(errp[0]);
          errp[0] = -1;
        }
      }
    }
  }
  pid = -1;

  if (why == KILL_ABORT || vsh_signal_aborted(sig)) {
    rc = sbx_aborted(err, sig, "exec", SBX_LOCAL_PROVIDER);
    goto done;
  }
  if (why == KILL_TIMEOUT) {
    out->exit_code = 124;
    rc = vsh__buf_printf(&e, "vsh: command timed out after %lld ms\n",
                         (long long)timeout);
  } else if (why == KILL_OVERFLOW) {
    out->exit_code = 1;
    if (o.len > OUTPUT_CAP) o.len = OUTPUT_CAP;
    if (o.len + e.len > OUTPUT_CAP) e.len = OUTPUT_CAP - o.len;
    rc = vsh__buf_puts(&e, "\nvsh: output exceeded 64 MiB; the process "
                           "tree was killed\n");
  } else {
    /* A death by a signal vsh did not send is a generic failure. */
    out->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
    rc = 0;
  }
  if (rc == 0 && (rc = result_text(&out->out, &out->out_len, &o)) == 0)
    rc = result_text(&out->err, &out->err_len, &e);
  if (rc < 0) {
    vsh_result_dispose(out);
    rc = vsh__error_set(err, rc, "exec: out of memory");
  }

done:
  if (pid > 0) { /* only on a set-up failure after the spawn */
    kill(-pid, SIGKILL);
    waitpid(pid, &status, 0);
  }
  if (masked) {
    if (got_epipe) {
      struct timespec z = {0, 0};
      sigtimedwait(&pipe_set, NULL, &z);
    }
    pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
  }
  for (int k = 0; k < 2; k++) {
    if (outp[k] >= 0) close(outp[k]);
    if (errp[k] >= 0) close(errp[k]);
    if (inp[k] >= 0) close(inp[k]);
  }
  if (fa_ok) posix_spawn_file_actions_destroy(&fa);
  if (attr_ok) posix_spawnattr_destroy(&attr);
  env_free(env);
  vsh_buf_dispose(&cwd);
  vsh_buf_dispose(&o);
  vsh_buf_dispose(&e);
  return rc;
}

/* ---- the sandbox and its factory ---------------------------------------- */

static const char *local_cwd(vsh_sandbox *sb) { return ((sbx_local *)sb)->cwd; }

static int local_resolve_path(vsh_sandbox *sb, const char *p, vsh_buf *out) {
  int rc = sbx_resolve(out, ((sbx_local *)sb)->cwd, p);
  if (rc < 0) vsh_buf_dispose(out);
  return rc;
}

static void local_release(vsh_sandbox *sb) {
  sbx_local *l = (sbx_local *)sb;
  env_free(l->env);
  free(l->cwd);
  free(l);
}

static const vsh_sandbox_ops local_ops = {
    .version = VSH_SANDBOX_OPS_VERSION,
    .kind = SBX_LOCAL_PROVIDER,
    .exec = sbx_local_exec,
    .read_file = sbx_local_read_file,
    .read_file_buffer = sbx_local_read_file_buffer,
    .write_file = sbx_local_write_file,
    .stat = sbx_local_stat,
    .readdir = sbx_local_readdir,
    .exists = sbx_local_exists,
    .mkdir = sbx_local_mkdir,
    .rm = sbx_local_rm,
    .cwd = local_cwd,
    .resolve_path = local_resolve_path,
    .release = local_release,
};

static int local_create(vsh_factory *base, const char *id, vsh_sandbox **out,
                        vsh_error *err) {
  local_factory *f = (local_factory *)base;
  sbx_local *l = calloc(1, sizeof *l);

  (void)id; /* the host is one workspace whatever the id */
  if (!l || !(l->cwd = strdup(f->cwd)) || env_dup(&l->env, f->env) < 0) {
    if (l) local_release(&l->base);
    return vsh__error_set(err, VSH_ENOMEM, "out of memory");
  }
  l->base.ops = &local_ops;
  *out = &l->base;
  return 0;
}

static void local_factory_release(vsh_factory *base) {
  local_factory *f = (local_factory *)base;
  env_free(f->env);
  free(f->cwd);
  free(f);
}

int vsh_local_factory(vsh_factory **out, const vsh_local_opts *opts,
                      vsh_error *err) {
  local_factory *f;
  char host[4096];
  vsh_buf c;
  size_t i;
  int rc = 0;

  vsh__buf_init(&c);
  if (!out)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_local_factory: out must not be NULL");
  *out = NULL;
  if (opts && vsh__check_version(opts->version, VSH_LOCAL_OPTS_VERSION,
                                 "vsh_local_opts", err))
    return VSH_EINVAL;
  if (opts && opts->n_env > 0 && !opts->env)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_local_factory: n_env is %zu but env is NULL",
                          opts->n_env);
  if (!getcwd(host, sizeof host))
    return vsh__error_set(err, VSH_EIO, "vsh_local_factory: getcwd: %s",
                          strerror(errno));
  if (!(f = calloc(1, sizeof *f)) || !(f->env = calloc(1, sizeof *f->env))) {
    free(f);
    return vsh__error_set(err, VSH_ENOMEM, "out of memory");
  }
  f->base.version = VSH_FACTORY_VERSION;
  f->base.create_sandbox = local_create;
  f->base.release = local_factory_release;
  /* The allowlist snapshot: later host env changes are not picked up. */
  for (i = 0; rc == 0 && i < sizeof allowlist / sizeof *allowlist; i++) {
    const char *v = getenv(allowlist[i]);
    if (v) rc = env_set(&f->env, allowlist[i], strlen(allowlist[i]), v);
  }
  for (i = 0; rc == 0 && opts && i < opts->n_env; i++) {
    const vsh_local_env *kv = &opts->env[i];
    if (!kv->name || !*kv->name || strchr(kv->name, '=')) {
      rc = vsh__error_set(err, VSH_EINVAL,
                          "vsh_local_factory: env entry %zu needs a name "
                          "without '='",
                          i);
      goto done;
    }
    rc = env_set(&f->env, kv->name, strlen(kv->name), kv->value);
  }
  if (rc < 0) {
    rc = vsh__error_set(err, rc, "out of memory");
    goto done;
  }
  rc = sbx_resolve(&c, host, opts && opts->cwd ? opts->cwd : "");
  if (rc < 0 || !(f->cwd = strdup(c.data))) {
    rc = vsh__error_set(err, rc < 0 ? rc : VSH_ENOMEM,
                        "vsh_local_factory: invalid cwd");
    goto done;
  }
  *out = &f->base;
  f = NULL;

done:
  if (f) local_factory_release(&f->base);
  vsh_buf_dispose(&c);
  return rc;
}
