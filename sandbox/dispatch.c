/* dispatch.c: the public vsh_sandbox_* calls, which check their
 * arguments and the vtable before dispatching (so a NULL is a clear
 * VSH_EINVAL, never a crash), and vsh_factory_create, which falls back to
 * the deprecated create_session_env with one warning per process. */
#include "sandbox/sandbox.h"

#include <stdio.h>

/* The only process-wide state in vsh: the contract asks for one
 * deprecation warning per process, not per factory. */
static atomic_bool deprecation_warned;

static int einval(vsh_error *err, const vsh_sandbox *sb, const char *op,
                  const char *what) {
  vsh__error_set(err, VSH_EINVAL, "%s: %s", op, what);
  vsh__error_meta(err, op, sb && sb->ops && sb->ops->kind ? sb->ops->kind : "",
                  NULL);
  return VSH_EINVAL;
}

/* has_op is passed as a bool: C has no portable function-pointer to
 * void-pointer conversion. */
static int check(vsh_sandbox *sb, bool has_op, const char *op, vsh_error *err) {
  if (!sb) return einval(err, sb, op, "sandbox must not be NULL");
  if (!sb->ops) return einval(err, sb, op, "sandbox has no operations table");
  if (sb->ops->version == 0 || sb->ops->version > VSH_SANDBOX_OPS_VERSION) {
    vsh__error_set(err, VSH_EINVAL,
                   "%s: sandbox operations table has version %u; this vsh "
                   "supports version %d",
                   op, sb->ops->version, VSH_SANDBOX_OPS_VERSION);
    return VSH_EINVAL;
  }
  if (!has_op) return einval(err, sb, op, "this sandbox does not implement it");
  return 0;
}

/* Quiet variant for the calls that cannot report (exists, cwd). */
static bool usable(vsh_sandbox *sb) {
  return sb && sb->ops && sb->ops->version > 0 &&
         sb->ops->version <= VSH_SANDBOX_OPS_VERSION;
}

int vsh_sandbox_exec(vsh_sandbox *sb, const char *cmd,
                     const vsh_exec_opts *opts, vsh_result *out,
                     vsh_error *err) {
  int rc = check(sb, sb && sb->ops && sb->ops->exec, "exec", err);

  if (rc < 0) return rc;
  if (!cmd) return einval(err, sb, "exec", "command must not be NULL");
  if (!out) return einval(err, sb, "exec", "result must not be NULL");
  /* every kind (driver, local, BashLike) reads the same layout */
  if (opts && vsh__check_version(opts->version, VSH_EXEC_OPTS_VERSION,
                                 "vsh_exec_opts", err))
    return VSH_EINVAL;
  return sb->ops->exec(sb, cmd, opts, out, err);
}

int vsh_sandbox_read_file(vsh_sandbox *sb, const char *path, vsh_buf *out,
                          vsh_error *err) {
  int rc = check(sb, sb && sb->ops && sb->ops->read_file, "read_file", err);

  if (rc < 0) return rc;
  if (!path) return einval(err, sb, "read_file", "path must not be NULL");
  if (!out) return einval(err, sb, "read_file", "out must not be NULL");
  return sb->ops->read_file(sb, path, out, err);
}

int vsh_sandbox_read_file_buffer(vsh_sandbox *sb, const char *path,
                                 vsh_buf *out, vsh_error *err) {
  int rc = check(sb, sb && sb->ops && sb->ops->read_file_buffer,
                 "read_file_buffer", err);

  if (rc < 0) return rc;
  if (!path)
    return einval(err, sb, "read_file_buffer", "path must not be NULL");
  if (!out) return einval(err, sb, "read_file_buffer", "out must not be NULL");
  return sb->ops->read_file_buffer(sb, path, out, err);
}

int vsh_sandbox_write_file(vsh_sandbox *sb, const char *path, const void *data,
                           size_t len, vsh_error *err) {
  int rc = check(sb, sb && sb->ops && sb->ops->write_file, "write_file", err);

  if (rc < 0) return rc;
  if (!path) return einval(err, sb, "write_file", "path must not be NULL");
  if (!data && len > 0)
    return einval(err, sb, "write_file",
                  "data must not be NULL when len is not 0");
  return sb->ops->write_file(sb, path, data ? data : "", len, err);
}

int vsh_sandbox_stat(vsh_sandbox *sb, const char *path, vsh_stat *out,
                     vsh_error *err) {
  int rc = check(sb, sb && sb->ops && sb->ops->stat, "stat", err);

  if (rc < 0) return rc;
  if (!path) return einval(err, sb, "stat", "path must not be NULL");
  if (!out) return einval(err, sb, "stat", "out must not be NULL");
  return sb->ops->stat(sb, path, out, err);
}

int vsh_sandbox_readdir(vsh_sandbox *sb, const char *path, vsh_strv *out,
                        vsh_error *err) {
  int rc = check(sb, sb && sb->ops && sb->ops->readdir, "readdir", err);

  if (rc < 0) return rc;
  if (!path) return einval(err, sb, "readdir", "path must not be NULL");
  if (!out) return einval(err, sb, "readdir", "out must not be NULL");
  return sb->ops->readdir(sb, path, out, err);
}

/* Never fails: anything unusable simply does not exist.  An empty path
 * names nothing in every sandbox kind (Node's fs.existsSync("")). */
bool vsh_sandbox_exists(vsh_sandbox *sb, const char *path) {
  if (!usable(sb) || !sb->ops->exists || !path || !*path) return false;
  return sb->ops->exists(sb, path);
}

int vsh_sandbox_mkdir(vsh_sandbox *sb, const char *path, bool recursive,
                      vsh_error *err) {
  int rc = check(sb, sb && sb->ops && sb->ops->mkdir, "mkdir", err);

  if (rc < 0) return rc;
  if (!path) return einval(err, sb, "mkdir", "path must not be NULL");
  return sb->ops->mkdir(sb, path, recursive, err);
}

int vsh_sandbox_rm(vsh_sandbox *sb, const char *path, bool recursive,
                   bool force, vsh_error *err) {
  int rc = check(sb, sb && sb->ops && sb->ops->rm, "rm", err);

  if (rc < 0) return rc;
  if (!path) return einval(err, sb, "rm", "path must not be NULL");
  return sb->ops->rm(sb, path, recursive, force, err);
}

const char *vsh_sandbox_cwd(vsh_sandbox *sb) {
  if (!usable(sb) || !sb->ops->cwd) return NULL;
  return sb->ops->cwd(sb);
}

int vsh_sandbox_resolve_path(vsh_sandbox *sb, const char *p, vsh_buf *out) {
  if (!usable(sb) || !sb->ops->resolve_path || !p || !out) return VSH_EINVAL;
  return sb->ops->resolve_path(sb, p, out);
}

void vsh_sandbox_release(vsh_sandbox *sb) {
  if (usable(sb) && sb->ops->release) sb->ops->release(sb);
}

/* ---- factories ------------------------------------------------------- */

static void warn_deprecated(vsh_factory *f) {
  static const char msg[] =
      "vsh: vsh_factory.create_session_env is deprecated (the contract "
      "renamed createSessionEnv to createSandbox); implement "
      "create_sandbox instead";

  if (atomic_exchange(&deprecation_warned, true)) return;
  if (f->warn) f->warn(msg, f->ud);
  else fprintf(stderr, "%s\n", msg);
}

int vsh_factory_create(vsh_factory *f, const char *id, vsh_sandbox **out,
                       vsh_error *err) {
  int rc;

  if (!out)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_factory_create: out must not be NULL");
  *out = NULL;
  if (!f)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_factory_create: factory must not be NULL");
  if (!id)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_factory_create: id must not be NULL");
  if (vsh__check_version(f->version, VSH_FACTORY_VERSION, "vsh_factory", err))
    return VSH_EINVAL;
  if (f->create_sandbox) {
    rc = f->create_sandbox(f, id, out, err);
  } else if (f->create_session_env) {
    warn_deprecated(f);
    rc = f->create_session_env(f, id, out, err);
  } else {
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_factory_create: the factory implements "
                          "neither create_sandbox nor the deprecated "
                          "create_session_env");
  }
  if (rc == 0 && !*out)
    rc = vsh__error_set(err, VSH_EINVAL,
                        "vsh_factory_create: the factory reported success "
                        "but returned no sandbox");
  return rc;
}

void vsh_factory_release(vsh_factory *f) {
  if (f && f->release) f->release(f);
}
