/* driver.c: vsh_sandbox_from_driver (sandboxFromDriver).  Paths reach the
 * driver absolute and normalised; a failed write is retried once after
 * mkdir -p of the parent.  An exec with a signal runs on a worker thread
 * so an abort returns at once: the driver call lives on as an orphan
 * whose settlement is consumed on that thread and reported only through
 * on_orphan_settled.  The core (driver + ud) is refcounted so orphans
 * keep it alive after the sandbox itself is released. */
#include "sandbox/adapter_int.h"

#include <stdio.h>
#include <string.h>

typedef struct drv_core {
  atomic_int refs;
  const vsh_sandbox_driver_ops *ops;
  void *ud;
  vsh_driver_opts opts;
  const char *provider;
} drv_core;

typedef struct drv_sandbox {
  vsh_sandbox base;
  drv_core *core;
  char *cwd;
} drv_sandbox;

/* One in-flight exec, shared by the caller and its worker. */
typedef struct drv_job {
  atomic_int refs;
  drv_core *core;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  bool done, woken, orphaned;
  char *cmd, *cwd;
  char **env;
  vsh_exec_opts opts;
  vsh_result result;
  vsh_error err;
  int rc;
  struct timespec started_at, aborted_at;
} drv_job;

static void core_unref(drv_core *c) {
  if (atomic_fetch_sub(&c->refs, 1) != 1) return;
  if (c->ops->release) c->ops->release(c->ud);
  vsh__free(NULL, c, sizeof *c);
}

static void job_unref(drv_job *j) {
  if (atomic_fetch_sub(&j->refs, 1) != 1) return;
  vsh_result_dispose(&j->result);
  vsh_signal_unref(j->opts.signal);
  sbx_env_free(j->env);
  if (j->cmd) vsh__free(NULL, j->cmd, strlen(j->cmd) + 1);
  if (j->cwd) vsh__free(NULL, j->cwd, strlen(j->cwd) + 1);
  pthread_cond_destroy(&j->cv);
  pthread_mutex_destroy(&j->mu);
  core_unref(j->core);
  vsh__free(NULL, j, sizeof *j);
}

/* ---- paths ----------------------------------------------------------- */

static int resolve(drv_sandbox *d, const char *p, vsh_buf *out, const char *op,
                   vsh_error *err) {
  int rc = sbx_resolve(out, d->cwd, p);

  if (rc < 0)
    return sbx_fs_error(err, rc == VSH_EINVAL ? VSH_ENOENT : rc, "open", p, op,
                        d->core->provider);
  return 0;
}

static const char *drv_cwd(vsh_sandbox *sb) { return ((drv_sandbox *)sb)->cwd; }

static int drv_resolve_path(vsh_sandbox *sb, const char *p, vsh_buf *out) {
  int rc = sbx_resolve(out, ((drv_sandbox *)sb)->cwd, p);

  if (rc < 0) vsh_buf_dispose(out);
  return rc;
}

/* ---- file verbs: resolve, then call the driver untouched ------------- */

#define DRV_CALL(op, call)                                                     \
  drv_sandbox *d = (drv_sandbox *)sb;                                          \
  vsh_buf p;                                                                   \
  int rc = resolve(d, path, &p, op, err);                                      \
  if (rc == 0) {                                                               \
    if (err) err->code = 0;                                                    \
    rc = call;                                                                 \
    if (rc < 0) sbx_ensure_error(err, rc, op, d->core->provider);              \
  }                                                                            \
  vsh_buf_dispose(&p);                                                         \
  return rc

static int drv_read_file(vsh_sandbox *sb, const char *path, vsh_buf *out,
                         vsh_error *err) {
  DRV_CALL("read_file", d->core->ops->read_file(d->core->ud, p.data, out, err));
}

static int drv_read_file_buffer(vsh_sandbox *sb, const char *path, vsh_buf *out,
                                vsh_error *err) {
  DRV_CALL("read_file_buffer",
           d->core->ops->read_file_buffer(d->core->ud, p.data, out, err));
}

static int drv_stat(vsh_sandbox *sb, const char *path, vsh_stat *out,
                    vsh_error *err) {
  DRV_CALL("stat", d->core->ops->stat(d->core->ud, p.data, out, err));
}

static int drv_readdir(vsh_sandbox *sb, const char *path, vsh_strv *out,
                       vsh_error *err) {
  DRV_CALL("readdir", d->core->ops->readdir(d->core->ud, p.data, out, err));
}

static int drv_mkdir(vsh_sandbox *sb, const char *path, bool recursive,
                     vsh_error *err) {
  DRV_CALL("mkdir", d->core->ops->mkdir(d->core->ud, p.data, recursive, err));
}

static int drv_rm(vsh_sandbox *sb, const char *path, bool recursive, bool force,
                  vsh_error *err) {
  DRV_CALL("rm", d->core->ops->rm(d->core->ud, p.data, recursive, force, err));
}

static bool drv_exists(vsh_sandbox *sb, const char *path) {
  drv_sandbox *d = (drv_sandbox *)sb;
  vsh_buf p;
  bool found = false;

  if (sbx_resolve(&p, d->cwd, path) == 0)
    found = d->core->ops->exists(d->core->ud, p.data);
  vsh_buf_dispose(&p);
  return found;
}

/* The cross-mode guarantee: one retry after mkdir -p of the parent; the
 * mkdir's own failure is not the answer, the retried write's is. */
static int drv_write_file(vsh_sandbox *sb, const char *path, const void *data,
                          size_t len, vsh_error *err) {
  drv_sandbox *d = (drv_sandbox *)sb;
  const vsh_sandbox_driver_ops *ops = d->core->ops;
  vsh_buf p, parent;
  vsh_error ignored;
  int rc;

  vsh__buf_init(&parent);
  rc = resolve(d, path, &p, "write_file", err);
  if (rc < 0) goto done;
  rc = ops->write_file(d->core->ud, p.data, data, len, err);
  if (rc < 0 && vsh__path_dirname(&parent, p.data) == 0) {
    (void)ops->mkdir(d->core->ud, parent.data, true, &ignored);
    if (err) err->code = 0;
    rc = ops->write_file(d->core->ud, p.data, data, len, err);
  }
  if (rc < 0) sbx_ensure_error(err, rc, "write_file", d->core->provider);

done:
  vsh_buf_dispose(&parent);
  vsh_buf_dispose(&p);
  return rc;
}

/* ---- exec and the abort race ----------------------------------------- */

static int64_t round_up(int64_t ms, int64_t unit) {
  if (ms <= 0 || unit <= 1) return ms;
  if (ms > INT64_MAX - unit) return ms;
  return (ms + unit - 1) / unit * unit;
}

static void report_orphan(drv_job *j) {
  vsh_orphan_settlement s = {.command = j->cmd,
                             .started_at = j->started_at,
                             .aborted_at = j->aborted_at};

  sbx_now(&s.settled_at);
  if (j->rc == 0) s.result = &j->result;
  else s.error = &j->err;
  if (j->core->opts.on_orphan_settled)
    j->core->opts.on_orphan_settled(&s, j->core->opts.ud);
}

static void *job_main(void *ud) {
  drv_job *j = ud;
  bool orphaned;

  j->err.code = 0;
  j->rc =
      j->core->ops->exec(j->core->ud, j->cmd, &j->opts, &j->result, &j->err);
  if (j->rc < 0) sbx_ensure_error(&j->err, j->rc, "exec", j->core->provider);
  pthread_mutex_lock(&j->mu);
  j->done = true;
  orphaned = j->orphaned;
  pthread_cond_broadcast(&j->cv);
  pthread_mutex_unlock(&j->mu);
  /* Past this point the caller has left (orphaned) or will read the
   * result under the lock; the settlement is consumed here either way. */
  if (orphaned) report_orphan(j);
  job_unref(j);
  return NULL;
}

static void job_wake(void *ud) {
  drv_job *j = ud;

  pthread_mutex_lock(&j->mu);
  j->woken = true;
  pthread_cond_broadcast(&j->cv);
  pthread_mutex_unlock(&j->mu);
}

static int job_new(drv_job **out, drv_sandbox *d, const char *cmd,
                   const char *cwd, const vsh_exec_opts *opts) {
  drv_job *j = vsh__calloc(NULL, sizeof *j);

  *out = NULL;
  if (!j) return VSH_ENOMEM;
  atomic_init(&j->refs, 1);
  j->core = d->core;
  atomic_fetch_add(&d->core->refs, 1);
  pthread_mutex_init(&j->mu, NULL);
  pthread_cond_init(&j->cv, NULL);
  j->cmd = vsh__strndup(NULL, cmd, strlen(cmd));
  j->cwd = vsh__strndup(NULL, cwd, strlen(cwd));
  if (opts) j->opts = *opts;
  j->opts.signal = vsh_signal_ref(j->opts.signal);
  /* Worker and caller part ways on abort: nothing borrowed survives. */
  j->opts.stdin_data = NULL;
  j->opts.stdin_len = 0;
  if (!j->cmd || !j->cwd ||
      sbx_env_copy(&j->env, opts ? opts->env : NULL) < 0) {
    job_unref(j);
    return VSH_ENOMEM;
  }
  j->opts.cwd = j->cwd;
  j->opts.env = (const char *const *)j->env;
  j->opts.timeout_ms =
      round_up(j->opts.timeout_ms, d->core->ops->timeout_unit_ms);
  *out = j;
  return 0;
}

static int drv_exec(vsh_sandbox *sb, const char *cmd, const vsh_exec_opts *opts,
                    vsh_result *out, vsh_error *err) {
  drv_sandbox *d = (drv_sandbox *)sb;
  drv_core *c = d->core;
  vsh_signal *sig = opts ? opts->signal : NULL;
  int64_t poll = c->ops->alive_poll_ms > 0 ? c->ops->alive_poll_ms : 1000;
  drv_job *j = NULL;
  uint64_t token = 0;
  vsh_buf cwd;
  pthread_t th;
  int rc;

  memset(out, 0, sizeof *out);
  vsh__buf_init(&cwd);
  if (vsh_signal_aborted(sig)) { /* never reaches the driver */
    rc = sbx_aborted(err, sig, "exec", c->provider);
    goto done;
  }
  rc = sbx_resolve(&cwd, d->cwd, opts && opts->cwd ? opts->cwd : "");
  if (rc < 0) {
    rc = sbx_fs_error(err, rc, "chdir", opts->cwd, "exec", c->provider);
    goto done;
  }
  rc = job_new(&j, d, cmd, cwd.data, opts);
  if (rc < 0) {
    rc = vsh__error_set(err, rc, "exec: out of memory");
    goto done;
  }
  if (!sig && !c->ops->alive) {
    /* Nothing can race the call: run it here. */
    atomic_fetch_add(&j->refs, 1);
    sbx_now(&j->started_at);
    job_main(j);
  } else {
    sbx_now(&j->started_at);
    atomic_fetch_add(&j->refs, 1);
    if (pthread_create(&th, NULL, job_main, j) != 0) {
      atomic_fetch_sub(&j->refs, 1);
      rc = vsh__error_set(err, VSH_EIO,
                          "exec: cannot start the driver call's thread");
      goto done;
    }
    pthread_detach(th);
    if (sig && !(token = vsh_signal_on(sig, job_wake, j))) {
      rc = vsh__error_set(err, VSH_ENOMEM, "exec: out of memory");
      pthread_mutex_lock(&j->mu);
      j->orphaned = !j->done;
      sbx_now(&j->aborted_at);
      pthread_mutex_unlock(&j->mu);
      goto done;
    }
  }
  pthread_mutex_lock(&j->mu);
  while (!j->done && !j->woken) {
    if (!c->ops->alive) {
      pthread_cond_wait(&j->cv, &j->mu);
      continue;
    }
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += poll / 1000;
    until.tv_nsec += (poll % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
      until.tv_sec++;
      until.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&j->cv, &j->mu, &until);
    if (j->done || j->woken) break;
    /* The liveness probe races only the driver call, never the signal. */
    pthread_mutex_unlock(&j->mu);
    vsh_error dead = {0};
    int alive = c->ops->alive(c->ud, &dead);
    pthread_mutex_lock(&j->mu);
    if (alive < 0 && !j->done) {
      j->orphaned = true;
      sbx_now(&j->aborted_at);
      pthread_mutex_unlock(&j->mu);
      if (err) *err = dead;
      rc = sbx_ensure_error(err, alive, "exec", c->provider);
      goto done;
    }
  }
  if (j->done) {
    rc = j->rc;
    if (rc == 0) {
      *out = j->result;
      memset(&j->result, 0, sizeof j->result);
    } else if (err) {
      *err = j->err;
    }
  } else {
    j->orphaned = true;
    sbx_now(&j->aborted_at);
    rc = sbx_aborted(err, sig, "exec", c->provider);
    /* the newer contract: the AbortError says the call lives on */
    if (err) {
      char reason[sizeof err->message];
      snprintf(reason, sizeof reason, "%s", err->message);
      vsh__error_set(err, VSH_EABORTED,
                     "%s (the command may still be running in the sandbox "
                     "as an orphan; its result will be discarded)",
                     reason);
      vsh__error_meta(err, "exec", c->provider, NULL);
    }
  }
  pthread_mutex_unlock(&j->mu);

done:
  if (token) vsh_signal_off(sig, token);
  if (j) job_unref(j);
  vsh_buf_dispose(&cwd);
  return rc;
}

/* ---- lifetime -------------------------------------------------------- */

static void drv_release(vsh_sandbox *sb) {
  drv_sandbox *d = (drv_sandbox *)sb;

  core_unref(d->core);
  vsh__free(NULL, d->cwd, strlen(d->cwd) + 1);
  vsh__free(NULL, d, sizeof *d);
}

static const vsh_sandbox_ops driver_ops = {
    .version = VSH_SANDBOX_OPS_VERSION,
    .kind = "driver",
    .exec = drv_exec,
    .read_file = drv_read_file,
    .read_file_buffer = drv_read_file_buffer,
    .write_file = drv_write_file,
    .stat = drv_stat,
    .readdir = drv_readdir,
    .exists = drv_exists,
    .mkdir = drv_mkdir,
    .rm = drv_rm,
    .cwd = drv_cwd,
    .resolve_path = drv_resolve_path,
    .release = drv_release,
};

int vsh_sandbox_from_driver(vsh_sandbox **out,
                            const vsh_sandbox_driver_ops *driver, void *ud,
                            const char *cwd, const vsh_driver_opts *opts,
                            vsh_error *err) {
  drv_sandbox *d = NULL;
  vsh_buf c;
  int rc;

  vsh__buf_init(&c);
  if (!out)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_sandbox_from_driver: out must not be NULL");
  *out = NULL;
  if (opts && vsh__check_version(opts->version, VSH_DRIVER_OPTS_VERSION,
                                 "vsh_driver_opts", err))
    return VSH_EINVAL;
  if (!driver || driver->version == 0 ||
      driver->version > VSH_SANDBOX_DRIVER_VERSION || !driver->exec ||
      !driver->read_file || !driver->read_file_buffer || !driver->write_file ||
      !driver->stat || !driver->readdir || !driver->exists || !driver->mkdir ||
      !driver->rm)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_sandbox_from_driver: the driver must have "
                          "version %d and implement exec, read_file, "
                          "read_file_buffer, write_file, stat, readdir, "
                          "exists, mkdir and rm",
                          VSH_SANDBOX_DRIVER_VERSION);
  rc = sbx_resolve(&c, "/", cwd ? cwd : "/");
  if (rc < 0) {
    rc = vsh__error_set(err, rc, "vsh_sandbox_from_driver: invalid cwd");
    goto done;
  }
  d = vsh__calloc(NULL, sizeof *d);
  if (!d || !(d->core = vsh__calloc(NULL, sizeof *d->core)) ||
      !(d->cwd = vsh__strndup(NULL, c.data, c.len))) {
    if (d) {
      vsh__free(NULL, d->core, sizeof *d->core);
      vsh__free(NULL, d, sizeof *d);
    }
    rc = vsh__error_set(err, VSH_ENOMEM, "out of memory");
    goto done;
  }
  d->base.ops = &driver_ops;
  atomic_init(&d->core->refs, 1);
  d->core->ops = driver;
  d->core->ud = ud;
  d->core->provider = driver->provider ? driver->provider : "driver";
  if (opts) d->core->opts = *opts;
  *out = &d->base;

done:
  vsh_buf_dispose(&c);
  return rc;
}
