/* virtual.c: the virtual sandbox (vsh_virtual_sandbox_new): an in-memory
 * vsh_fs plus a fixed cwd behind the vsh_sandbox_ops vtable.  This file
 * holds its lifetime, cwd, resolve_path and exec; the file verbs are in
 * virtual_files.c.  No host state is ever touched. */
#include "sandbox/sandbox.h"

#include "sandbox/sandbox_int.h"

#include "net/net.h"

#include <string.h>

static int virtual_exec(vsh_sandbox *sb, const char *cmd,
                        const vsh_exec_opts *opts, vsh_result *out,
                        vsh_error *err);
static const char *virtual_cwd(vsh_sandbox *sb);
static int virtual_resolve_path(vsh_sandbox *sb, const char *p, vsh_buf *out);
static void virtual_release(vsh_sandbox *sb);

static const vsh_sandbox_ops virtual_ops = {
    .version = VSH_SANDBOX_OPS_VERSION,
    .kind = SBX_VIRTUAL_PROVIDER,
    .exec = virtual_exec,
    .read_file = sbx_virtual_read_file,
    .read_file_buffer = sbx_virtual_read_file_buffer,
    .write_file = sbx_virtual_write_file,
    .stat = sbx_virtual_stat,
    .readdir = sbx_virtual_readdir,
    .exists = sbx_virtual_exists,
    .mkdir = sbx_virtual_mkdir,
    .rm = sbx_virtual_rm,
    .cwd = virtual_cwd,
    .resolve_path = virtual_resolve_path,
    .release = virtual_release,
};

bool sbx_is_virtual(const vsh_sandbox *sb) {
  return sb && sb->ops == &virtual_ops;
}

vsh_fs *vsh_virtual_fs(vsh_sandbox *sb) {
  return sbx_is_virtual(sb) ? ((sbx_virtual *)sb)->fs : NULL;
}

/* The shell is made lazily (most sandboxes only see file verbs); the
 * accessor makes it too, so custom commands can be registered first. */
vsh_shell *vsh_virtual_shell(vsh_sandbox *sb) {
  sbx_virtual *v;
  vsh_shell *sh;

  if (!sbx_is_virtual(sb)) return NULL;
  v = (sbx_virtual *)sb;
  pthread_mutex_lock(&v->mu);
  if (!v->shell) {
    vsh_shell_opts so = {
        .fs = v->fs, .cwd = v->cwd, .network = net_policy_opts(v->net)};
    (void)vsh_shell_new(&v->shell, &so, NULL);
  }
  sh = v->shell;
  pthread_mutex_unlock(&v->mu);
  return sh;
}

/* ---- exec ------------------------------------------------------------
 * The shell core plugs in below.  Everything a run needs is prepared
 * here: the resolved working directory, the filesystem (shared with the
 * file verbs, so a command sees what write_file wrote), the caller's
 * options and a pre-abort check (a pre-aborted call never executes). */
static int virtual_exec(vsh_sandbox *sb, const char *cmd,
                        const vsh_exec_opts *opts, vsh_result *out,
                        vsh_error *err) {
  sbx_virtual *v = (sbx_virtual *)sb;
  const char *want = opts && opts->cwd ? opts->cwd : "";
  vsh_buf cwd;
  char reason[512];
  int rc;

  vsh__buf_init(&cwd);
  if (out) memset(out, 0, sizeof *out);
  if (!cmd || !out) {
    rc = vsh__error_set(err, VSH_EINVAL, "exec: %s must not be NULL",
                        !cmd ? "command" : "result");
    goto done;
  }
  rc = sbx_resolve(&cwd, v->cwd, want);
  if (rc < 0) {
    rc = sbx_fs_error(err, rc, "chdir", want, "exec", SBX_VIRTUAL_PROVIDER);
    goto done;
  }
  if (opts && vsh_signal_reason(opts->signal, reason, sizeof reason)) {
    rc = vsh__error_set(err, VSH_EABORTED, "%s", reason);
    vsh__error_meta(err, "exec", SBX_VIRTUAL_PROVIDER, NULL);
    goto done;
  }

  /* A fresh shell state per exec (the filesystem is shared): the
   * shell object itself is made once and kept. */
  pthread_mutex_lock(&v->mu);
  if (!v->shell) {
    vsh_shell_opts so = {
        .fs = v->fs, .cwd = v->cwd, .network = net_policy_opts(v->net)};
    rc = vsh_shell_new(&v->shell, &so, err);
  }
  pthread_mutex_unlock(&v->mu);
  if (rc < 0) goto done;
  {
    vsh_exec_opts eo = {0};
    if (opts) eo = *opts;
    eo.cwd = cwd.data;
    rc = vsh_shell_exec(v->shell, cmd, strlen(cmd), &eo, out, err);
    if (rc < 0) vsh__error_meta(err, "exec", SBX_VIRTUAL_PROVIDER, NULL);
  }

done:
  vsh_buf_dispose(&cwd);
  return rc;
}

/* ---- paths ----------------------------------------------------------- */

static const char *virtual_cwd(vsh_sandbox *sb) {
  return ((sbx_virtual *)sb)->cwd;
}

/* Pure: lexical only, so two spellings of one path give one string (the
 * write/edit tools key their per-file locks on it). */
static int virtual_resolve_path(vsh_sandbox *sb, const char *p, vsh_buf *out) {
  int rc = sbx_resolve(out, ((sbx_virtual *)sb)->cwd, p);

  if (rc < 0) vsh_buf_dispose(out);
  return rc;
}

/* ---- lifetime -------------------------------------------------------- */

static void virtual_release(vsh_sandbox *sb) {
  sbx_virtual *v = (sbx_virtual *)sb;

  if (!v) return;
  vsh_shell_free(v->shell);
  net_policy_free(v->net);
  pthread_mutex_destroy(&v->mu);
  if (v->fs) vsh_fs_free(v->fs);
  if (v->cwd) vsh__free(NULL, v->cwd, strlen(v->cwd) + 1);
  vsh__free(NULL, v, sizeof *v);
}

static int seed_files(sbx_virtual *v, const vsh_virtual_opts *opts,
                      vsh_error *err) {
  vsh_buf path;
  size_t i;
  int rc = 0;

  vsh__buf_init(&path);
  for (i = 0; i < opts->n_files; i++) {
    const vsh_seed_file *f = &opts->files[i];

    if (!f->path || (!f->data && f->len > 0)) {
      rc = vsh__error_set(err, VSH_EINVAL, "seed file %zu: %s must not be NULL",
                          i, !f->path ? "path" : "data");
      goto done;
    }
    vsh_buf_dispose(&path);
    rc = sbx_resolve(&path, v->cwd, f->path);
    if (rc < 0) {
      rc = sbx_fs_error(err, rc, "open", f->path, "seed", SBX_VIRTUAL_PROVIDER);
      goto done;
    }
    rc = vsh_fs_write(v->fs, path.data, f->data, f->len,
                      f->mode ? f->mode : 0644, err);
    if (rc < 0) goto done;
  }

done:
  vsh_buf_dispose(&path);
  return rc;
}

int vsh_virtual_sandbox_new(vsh_sandbox **out, const vsh_virtual_opts *opts,
                            vsh_error *err) {
  static const vsh_virtual_opts no_opts;
  sbx_virtual *v = NULL;
  vsh_buf cwd;
  int rc;

  vsh__buf_init(&cwd);
  if (!out)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_virtual_sandbox_new: out must not be NULL");
  *out = NULL;
  if (!opts) opts = &no_opts;
  if (vsh__check_version(opts->version, VSH_VIRTUAL_OPTS_VERSION,
                         "vsh_virtual_opts", err))
    return VSH_EINVAL;
  if (opts->n_files > 0 && !opts->files) {
    rc = vsh__error_set(err, VSH_EINVAL,
                        "vsh_virtual_sandbox_new: n_files is %zu but files "
                        "is NULL",
                        opts->n_files);
    goto done;
  }
  /* A relative cwd option has nothing to be relative to but the root. */
  rc = sbx_resolve(&cwd, "/", opts->cwd ? opts->cwd : SBX_DEFAULT_CWD);
  if (rc < 0) {
    rc = vsh__error_set(err, rc, "invalid cwd '%.400s': %s",
                        opts->cwd ? opts->cwd : "", vsh_strerror(rc));
    goto done;
  }
  v = vsh__calloc(NULL, sizeof *v);
  if (!v) {
    rc = vsh__error_set(err, VSH_ENOMEM, "out of memory");
    goto done;
  }
  v->base.ops = &virtual_ops;
  pthread_mutex_init(&v->mu, NULL);
  rc = net_policy_new(&v->net, opts->network, err);
  if (rc < 0) goto done;
  v->cwd = vsh__strndup(NULL, cwd.data, cwd.len);
  if (!v->cwd) {
    rc = vsh__error_set(err, VSH_ENOMEM, "out of memory");
    goto done;
  }
  rc = opts->fs ? vsh_fs_fork(&v->fs, opts->fs, err)
                : vsh_fs_new(&v->fs, opts->fs_opts, err);
  if (rc < 0) goto done;
  rc = vsh_fs_mkdir_p(v->fs, v->cwd, err);
  if (rc < 0) {
    /* Say which option was at fault; the fs message names the cause. */
    vsh_error why;

    if (err) {
      why = *err;
      vsh__error_set(err, rc, "cannot use cwd '%.400s': %s", v->cwd,
                     why.message);
    }
    goto done;
  }
  rc = seed_files(v, opts, err);
  if (rc < 0) goto done;
  *out = &v->base;
  v = NULL;

done:
  if (v) virtual_release(&v->base);
  vsh_buf_dispose(&cwd);
  return rc;
}
