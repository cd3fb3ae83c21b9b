/* bashlike.c: vsh_bash_factory (bash()): wraps any BashLike vtable into a
 * sandbox factory.  The BashLike has no native timeout, so timeout_ms
 * becomes an abort merged with the caller's signal; an expiry resolves
 * as exit 124 (timeout(1)), a caller abort rejects.  Paths go through
 * the BashLike's own resolve_path(cwd, p), then POSIX normalisation. */
#include "sandbox/adapter_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BL_PROVIDER "bash"
#define BL_BAD "[flue] BashFactory must return a Bash-like object."

typedef struct bl_sandbox {
  vsh_sandbox base;
  vsh_bashlike bl;
  char *cwd;
} bl_sandbox;

typedef struct bl_factory {
  vsh_factory base;
  vsh_bashlike_make_fn make;
  void *ud;
} bl_factory;

static int bl_resolve(bl_sandbox *s, const char *p, vsh_buf *out) {
  vsh_buf raw;
  int rc;

  vsh__buf_init(&raw);
  vsh__buf_init(out);
  rc = s->bl.ops->fs->resolve_path(s->bl.ud, s->cwd, p, &raw);
  if (rc == 0 && !raw.data) rc = VSH_EINVAL;
  if (rc == 0) rc = sbx_resolve(out, s->cwd, raw.data);
  vsh_buf_dispose(&raw);
  return rc;
}

static int bl_resolve_path(vsh_sandbox *sb, const char *p, vsh_buf *out) {
  int rc = bl_resolve((bl_sandbox *)sb, p, out);

  if (rc < 0) vsh_buf_dispose(out);
  return rc;
}

static const char *bl_cwd(vsh_sandbox *sb) { return ((bl_sandbox *)sb)->cwd; }

#define BL_CALL(op, expr)                                                      \
  bl_sandbox *s = (bl_sandbox *)sb;                                            \
  const vsh_bashlike_fs_ops *fs = s->bl.ops->fs;                               \
  (void)fs;                                                                    \
  vsh_buf p;                                                                   \
  int rc = bl_resolve(s, path, &p);                                            \
  if (rc < 0)                                                                  \
    rc = sbx_fs_error(err, rc == VSH_EINVAL ? VSH_ENOENT : rc, "open", path,   \
                      op, BL_PROVIDER);                                        \
  else {                                                                       \
    if (err) err->code = 0;                                                    \
    rc = expr;                                                                 \
    if (rc < 0) sbx_ensure_error(err, rc, op, BL_PROVIDER);                    \
  }                                                                            \
  vsh_buf_dispose(&p);                                                         \
  return rc

static int bl_read_file(vsh_sandbox *sb, const char *path, vsh_buf *out,
                        vsh_error *err) {
  BL_CALL("read_file", fs->read_file(s->bl.ud, p.data, out, err));
}
static int bl_read_file_buffer(vsh_sandbox *sb, const char *path, vsh_buf *out,
                               vsh_error *err) {
  BL_CALL("read_file_buffer", fs->read_file_buffer(s->bl.ud, p.data, out, err));
}
static int bl_stat(vsh_sandbox *sb, const char *path, vsh_stat *out,
                   vsh_error *err) {
  BL_CALL("stat", fs->stat(s->bl.ud, p.data, out, err));
}
static int bl_readdir(vsh_sandbox *sb, const char *path, vsh_strv *out,
                      vsh_error *err) {
  BL_CALL("readdir", fs->readdir(s->bl.ud, p.data, out, err));
}
static int bl_mkdir(vsh_sandbox *sb, const char *path, bool recursive,
                    vsh_error *err) {
  BL_CALL("mkdir", fs->mkdir(s->bl.ud, p.data, recursive, err));
}
static int bl_rm(vsh_sandbox *sb, const char *path, bool recursive, bool force,
                 vsh_error *err) {
  BL_CALL("rm", fs->rm(s->bl.ud, p.data, recursive, force, err));
}

/* One retry after mkdir -p of the parent: the guarantee over its fs. */
static int write_retry(bl_sandbox *s, const char *path, const void *data,
                       size_t len, vsh_error *err) {
  const vsh_bashlike_fs_ops *fs = s->bl.ops->fs;
  vsh_buf parent;
  vsh_error ignored;
  int rc = fs->write_file(s->bl.ud, path, data, len, err);

  vsh__buf_init(&parent);
  if (rc < 0 && vsh__path_dirname(&parent, path) == 0) {
    (void)fs->mkdir(s->bl.ud, parent.data, true, &ignored);
    if (err) err->code = 0;
    rc = fs->write_file(s->bl.ud, path, data, len, err);
  }
  vsh_buf_dispose(&parent);
  return rc;
}

static int bl_write_file(vsh_sandbox *sb, const char *path, const void *data,
                         size_t len, vsh_error *err) {
  BL_CALL("write_file", write_retry(s, p.data, data, len, err));
}

static bool bl_exists(vsh_sandbox *sb, const char *path) {
  bl_sandbox *s = (bl_sandbox *)sb;
  vsh_buf p;
  bool found = false;

  if (bl_resolve(s, path, &p) == 0)
    found = s->bl.ops->fs->exists(s->bl.ud, p.data);
  vsh_buf_dispose(&p);
  return found;
}

static int timed_out(vsh_result *out, int64_t ms) {
  char note[128];
  int n = snprintf(note, sizeof note, "vsh: command timed out after %lld ms\n",
                   (long long)ms);
  size_t old = out->err ? out->err_len : 0;
  char *e = realloc(out->err, old + (size_t)n + 1);

  if (!e) return VSH_ENOMEM;
  memcpy(e + old, note, (size_t)n + 1);
  out->err = e;
  out->err_len = old + (size_t)n;
  out->exit_code = 124;
  return 0;
}

static int bl_exec(vsh_sandbox *sb, const char *cmd, const vsh_exec_opts *opts,
                   vsh_result *out, vsh_error *err) {
  bl_sandbox *s = (bl_sandbox *)sb;
  vsh_signal *sig = opts ? opts->signal : NULL;
  vsh_exec_opts o = {0};
  sbx_watch w;
  bool watching = false;
  vsh_buf cwd;
  int rc;

  memset(out, 0, sizeof *out);
  vsh__buf_init(&cwd);
  if (vsh_signal_aborted(sig)) {
    rc = sbx_aborted(err, sig, "exec", BL_PROVIDER);
    goto done;
  }
  if (opts) o = *opts;
  rc = bl_resolve(s, o.cwd ? o.cwd : "", &cwd);
  if (rc < 0) {
    rc = sbx_fs_error(err, rc, "chdir", o.cwd, "exec", BL_PROVIDER);
    goto done;
  }
  rc = sbx_watch_start(&w, sig, o.timeout_ms);
  if (rc < 0) {
    rc = vsh__error_set(err, rc, "exec: out of memory");
    goto done;
  }
  watching = true;
  o.cwd = cwd.data;
  o.signal = w.merged;
  o.timeout_ms = 0;
  if (err) err->code = 0;
  rc = s->bl.ops->exec(s->bl.ud, cmd, &o, out, err);
  if (vsh_signal_aborted(sig)) { /* the post-call check: abort wins */
    vsh_result_dispose(out);
    rc = sbx_aborted(err, sig, "exec", BL_PROVIDER);
  } else if (atomic_load(&w.timed_out) && (rc < 0 || out->exit_code != 0)) {
    if (rc < 0) memset(out, 0, sizeof *out);
    rc = timed_out(out, w.timeout_ms);
    if (rc < 0) rc = vsh__error_set(err, rc, "exec: out of memory");
  } else if (rc < 0) {
    sbx_ensure_error(err, rc, "exec", BL_PROVIDER);
  }

done:
  if (watching) sbx_watch_stop(&w);
  vsh_buf_dispose(&cwd);
  return rc;
}

static void bl_release(vsh_sandbox *sb) {
  bl_sandbox *s = (bl_sandbox *)sb;

  if (s->bl.ops->release) s->bl.ops->release(s->bl.ud);
  vsh__free(NULL, s->cwd, strlen(s->cwd) + 1);
  vsh__free(NULL, s, sizeof *s);
}

static const vsh_sandbox_ops bl_ops = {
    .version = VSH_SANDBOX_OPS_VERSION,
    .kind = BL_PROVIDER,
    .exec = bl_exec,
    .read_file = bl_read_file,
    .read_file_buffer = bl_read_file_buffer,
    .write_file = bl_write_file,
    .stat = bl_stat,
    .readdir = bl_readdir,
    .exists = bl_exists,
    .mkdir = bl_mkdir,
    .rm = bl_rm,
    .cwd = bl_cwd,
    .resolve_path = bl_resolve_path,
    .release = bl_release,
};

/* The duck-type check: exec, get_cwd and a complete fs object. */
static bool bash_like(const vsh_bashlike *b) {
  const vsh_bashlike_fs_ops *fs = b->ops ? b->ops->fs : NULL;

  return b->ops && b->ops->exec && b->ops->get_cwd && fs && fs->read_file &&
         fs->read_file_buffer && fs->write_file && fs->stat && fs->readdir &&
         fs->exists && fs->mkdir && fs->rm && fs->resolve_path;
}

static int bl_create(vsh_factory *base, const char *id, vsh_sandbox **out,
                     vsh_error *err) {
  bl_factory *f = (bl_factory *)base;
  vsh_bashlike b = {0};
  bl_sandbox *s = NULL;
  const char *cwd;
  vsh_buf c;
  int rc;

  (void)id;
  vsh__buf_init(&c);
  rc = f->make(f->ud, &b, err);
  if (rc < 0) return sbx_ensure_error(err, rc, "create_sandbox", BL_PROVIDER);
  if (!bash_like(&b)) {
    if (b.ops && b.ops->release) b.ops->release(b.ud);
    rc = vsh__error_set(err, VSH_EINVAL, "%s", BL_BAD);
    vsh__error_meta(err, "create_sandbox", BL_PROVIDER, NULL);
    return rc;
  }
  if (b.ops->version > VSH_BASHLIKE_OPS_VERSION ||
      b.ops->fs->version > VSH_BASHLIKE_FS_OPS_VERSION) {
    bool outer = b.ops->version > VSH_BASHLIKE_OPS_VERSION;
    rc = vsh__error_set(
        err, VSH_EINVAL, "%s (%s version %u is newer than this libvsh knows)",
        BL_BAD, outer ? "vsh_bashlike_ops" : "vsh_bashlike_fs_ops",
        outer ? b.ops->version : b.ops->fs->version);
    vsh__error_meta(err, "create_sandbox", BL_PROVIDER, NULL);
    if (b.ops->release) b.ops->release(b.ud);
    return rc;
  }
  cwd = b.ops->get_cwd(b.ud);
  rc = sbx_resolve(&c, "/", cwd && *cwd ? cwd : "/home/user");
  if (rc < 0) {
    rc = vsh__error_set(err, rc, "BashLike get_cwd gave an invalid path");
    goto done;
  }
  s = vsh__calloc(NULL, sizeof *s);
  if (!s || !(s->cwd = vsh__strndup(NULL, c.data, c.len))) {
    vsh__free(NULL, s, sizeof *s);
    s = NULL;
    rc = vsh__error_set(err, VSH_ENOMEM, "out of memory");
    goto done;
  }
  s->base.ops = &bl_ops;
  s->bl = b;
  *out = &s->base;

done:
  if (rc < 0 && b.ops->release) b.ops->release(b.ud);
  vsh_buf_dispose(&c);
  return rc;
}

static void bl_factory_release(vsh_factory *f) {
  vsh__free(NULL, f, sizeof(bl_factory));
}

int vsh_bash_factory(vsh_factory **out, vsh_bashlike_make_fn make, void *ud,
                     vsh_error *err) {
  bl_factory *f;

  if (!out)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_bash_factory: out must not be NULL");
  *out = NULL;
  if (!make)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_bash_factory: make must not be NULL");
  if (!(f = vsh__calloc(NULL, sizeof *f)))
    return vsh__error_set(err, VSH_ENOMEM, "out of memory");
  f->base.version = VSH_FACTORY_VERSION;
  f->base.create_sandbox = bl_create;
  f->base.release = bl_factory_release;
  f->make = make;
  f->ud = ud;
  *out = &f->base;
  return 0;
}
