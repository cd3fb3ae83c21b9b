/* scope.c: vsh_sandbox_scope, the useSandbox(factory, {cwd}) wrapper.
 * The scope's cwd is the inner sandbox's resolve_path of the option,
 * normalised; every relative path and exec cwd resolves against it and
 * reaches the inner sandbox absolute.  Only the standard verbs exist
 * here, so native accessors see a different kind and return NULL. */
#include "sandbox/adapter_int.h"

#include <string.h>

typedef struct scope_sandbox {
  vsh_sandbox base;
  vsh_sandbox *inner; /* borrowed */
  char *cwd;
} scope_sandbox;

#define SCOPE_PROVIDER "scope"

static int resolve(scope_sandbox *s, const char *p, vsh_buf *out,
                   const char *op, vsh_error *err) {
  int rc = sbx_resolve(out, s->cwd, p ? p : "");

  if (rc < 0)
    return sbx_fs_error(err, rc == VSH_EINVAL ? VSH_ENOENT : rc, "open", p, op,
                        SCOPE_PROVIDER);
  return 0;
}

/* Node's fs treats "" as no path at all: keep that instead of letting
 * it become the scope's cwd. */
#define SCOPE_CALL(op, call)                                                   \
  scope_sandbox *s = (scope_sandbox *)sb;                                      \
  vsh_buf p;                                                                   \
  int rc;                                                                      \
  if (!*path) return s->inner->ops->op(s->inner, "" call##_ARGS);              \
  rc = resolve(s, path, &p, #op, err);                                         \
  if (rc == 0) rc = s->inner->ops->op(s->inner, p.data call##_ARGS);           \
  vsh_buf_dispose(&p);                                                         \
  return rc

#define read_file_ARGS , out, err
#define stat_ARGS , out, err
#define readdir_ARGS , out, err
#define write_file_ARGS , data, len, err
#define mkdir_ARGS , recursive, err
#define rm_ARGS , recursive, force, err

static int scope_read_file(vsh_sandbox *sb, const char *path, vsh_buf *out,
                           vsh_error *err) {
  SCOPE_CALL(read_file, read_file);
}

static int scope_read_file_buffer(vsh_sandbox *sb, const char *path,
                                  vsh_buf *out, vsh_error *err) {
  SCOPE_CALL(read_file_buffer, read_file);
}

static int scope_write_file(vsh_sandbox *sb, const char *path, const void *data,
                            size_t len, vsh_error *err) {
  SCOPE_CALL(write_file, write_file);
}

static int scope_stat(vsh_sandbox *sb, const char *path, vsh_stat *out,
                      vsh_error *err) {
  SCOPE_CALL(stat, stat);
}

static int scope_readdir(vsh_sandbox *sb, const char *path, vsh_strv *out,
                         vsh_error *err) {
  SCOPE_CALL(readdir, readdir);
}

static int scope_mkdir(vsh_sandbox *sb, const char *path, bool recursive,
                       vsh_error *err) {
  SCOPE_CALL(mkdir, mkdir);
}

static int scope_rm(vsh_sandbox *sb, const char *path, bool recursive,
                    bool force, vsh_error *err) {
  SCOPE_CALL(rm, rm);
}

static bool scope_exists(vsh_sandbox *sb, const char *path) {
  scope_sandbox *s = (scope_sandbox *)sb;
  vsh_buf p;
  bool found = false;

  if (!*path) return false;
  if (sbx_resolve(&p, s->cwd, path) == 0)
    found = vsh_sandbox_exists(s->inner, p.data);
  vsh_buf_dispose(&p);
  return found;
}

static int scope_exec(vsh_sandbox *sb, const char *cmd,
                      const vsh_exec_opts *opts, vsh_result *out,
                      vsh_error *err) {
  scope_sandbox *s = (scope_sandbox *)sb;
  vsh_exec_opts o = {0};
  vsh_buf cwd;
  int rc;

  memset(out, 0, sizeof *out);
  if (opts) o = *opts;
  rc = sbx_resolve(&cwd, s->cwd, o.cwd ? o.cwd : "");
  if (rc < 0) {
    rc = sbx_fs_error(err, rc, "chdir", o.cwd, "exec", SCOPE_PROVIDER);
  } else {
    o.cwd = cwd.data;
    rc = vsh_sandbox_exec(s->inner, cmd, &o, out, err);
  }
  vsh_buf_dispose(&cwd);
  return rc;
}

static const char *scope_cwd(vsh_sandbox *sb) {
  return ((scope_sandbox *)sb)->cwd;
}

static int scope_resolve_path(vsh_sandbox *sb, const char *p, vsh_buf *out) {
  int rc = sbx_resolve(out, ((scope_sandbox *)sb)->cwd, p);

  if (rc < 0) vsh_buf_dispose(out);
  return rc;
}

static void scope_release(vsh_sandbox *sb) {
  scope_sandbox *s = (scope_sandbox *)sb;

  vsh__free(NULL, s->cwd, strlen(s->cwd) + 1);
  vsh__free(NULL, s, sizeof *s);
}

static const vsh_sandbox_ops scope_ops = {
    .version = VSH_SANDBOX_OPS_VERSION,
    .kind = SCOPE_PROVIDER,
    .exec = scope_exec,
    .read_file = scope_read_file,
    .read_file_buffer = scope_read_file_buffer,
    .write_file = scope_write_file,
    .stat = scope_stat,
    .readdir = scope_readdir,
    .exists = scope_exists,
    .mkdir = scope_mkdir,
    .rm = scope_rm,
    .cwd = scope_cwd,
    .resolve_path = scope_resolve_path,
    .release = scope_release,
};

int vsh_sandbox_scope(vsh_sandbox **out, vsh_sandbox *inner, const char *cwd,
                      vsh_error *err) {
  scope_sandbox *s = NULL;
  vsh_buf r, n;
  int rc;

  vsh__buf_init(&r);
  vsh__buf_init(&n);
  if (!out)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_sandbox_scope: out must not be NULL");
  *out = NULL;
  if (!inner || !inner->ops || !inner->ops->resolve_path || !cwd)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_sandbox_scope: %s must not be NULL",
                          !cwd ? "cwd" : "inner (or its resolve_path)");
  rc = vsh_sandbox_resolve_path(inner, cwd, &r);
  /* The inner resolve_path may be lax: normalise what it gave. */
  if (rc == 0) rc = sbx_resolve(&n, "/", r.data);
  if (rc < 0) {
    rc = vsh__error_set(err, rc,
                        "vsh_sandbox_scope: cannot resolve cwd "
                        "'%.400s': %s",
                        cwd, vsh_strerror(rc));
    goto done;
  }
  s = vsh__calloc(NULL, sizeof *s);
  if (!s || !(s->cwd = vsh__strndup(NULL, n.data, n.len))) {
    vsh__free(NULL, s, sizeof *s);
    rc = vsh__error_set(err, VSH_ENOMEM, "out of memory");
    goto done;
  }
  s->base.ops = &scope_ops;
  s->inner = inner;
  *out = &s->base;

done:
  vsh_buf_dispose(&r);
  vsh_buf_dispose(&n);
  return rc;
}
