/* fs.c: the Node addon's filesystem box and its synchronous file verbs.
 * Each verb is one short, atomic vfs call on the box's vsh_fs; errors are
 * thrown as vsh errors (code = errno name). */
#include "addon.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- filesystem box -------------------------------------------------- */

void fsbox_unref(fsbox *b) {
  if (b && atomic_fetch_sub(&b->rc, 1) == 1) {
    vsh_fs_free(b->fs);
    free(b);
  }
}

static void fsbox_finalize(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  fsbox_unref(data);
}

/* fsNew({maxBytes, bare}) -> external */
napi_value fs_new(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1] = {NULL}, ext;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  vsh_fs_opts fo = VSH_FS_OPTS_INIT;
  fo.max_bytes = (uint64_t)prop_num(env, argv[0], "maxBytes", 0);
  fo.bare = prop_bool(env, argv[0], "bare");
  fsbox *b = calloc(1, sizeof(*b));
  if (!b) return throw_oom(env);
  vsh_error err;
  int rc = vsh_fs_new(&b->fs, &fo, &err);
  if (rc) {
    free(b);
    return throw_vsh(env, rc, &err);
  }
  atomic_init(&b->rc, 1);
  if (napi_create_external(env, b, fsbox_finalize, NULL, &ext) != napi_ok) {
    fsbox_unref(b);
    return throw_napi(env, "external");
  }
  return ext;
}

static vsh_fs *arg_fs(napi_env env, napi_value v) {
  fsbox *b = get_ext(env, v);
  return b ? b->fs : NULL;
}

/* Calls shaped (fs, path, ...): gets fs and a path string. */
typedef struct fsargs {
  vsh_fs *fs;
  char *path;
  napi_value argv[6];
  size_t argc;
} fsargs;

static bool fs_args(napi_env env, napi_callback_info info, fsargs *a) {
  a->argc = 6;
  memset(a->argv, 0, sizeof(a->argv));
  a->path = NULL;
  if (napi_get_cb_info(env, info, &a->argc, a->argv, NULL, NULL) != napi_ok)
    return false;
  a->fs = arg_fs(env, a->argv[0]);
  if (!a->fs) return false;
  a->path = get_str(env, a->argv[1], NULL);
  return a->path != NULL;
}

static napi_value info_obj(napi_env env, const vsh_fs_info *st) {
  napi_value o, v;
  napi_create_object(env, &o);
  napi_create_int32(env, (int32_t)st->type, &v);
  napi_set_named_property(env, o, "type", v);
  napi_create_uint32(env, st->mode, &v);
  napi_set_named_property(env, o, "mode", v);
  napi_create_double(env, (double)st->size, &v);
  napi_set_named_property(env, o, "size", v);
  napi_create_double(env, (double)st->ino, &v);
  napi_set_named_property(env, o, "ino", v);
  napi_create_uint32(env, st->nlink, &v);
  napi_set_named_property(env, o, "nlink", v);
  napi_create_double(
      env, (double)st->mtime.tv_sec * 1e3 + (double)st->mtime.tv_nsec / 1e6,
      &v);
  napi_set_named_property(env, o, "mtimeMs", v);
  napi_create_double(
      env, (double)st->atime.tv_sec * 1e3 + (double)st->atime.tv_nsec / 1e6,
      &v);
  napi_set_named_property(env, o, "atimeMs", v);
  return o;
}

/* fsStat(fs, path, follow) -> {type, mode, size, ...} */
napi_value fs_stat(napi_env env, napi_callback_info info) {
  fsargs a;
  if (!fs_args(env, info, &a)) {
    free(a.path);
    return NULL;
  }
  bool follow = true;
  if (a.argv[2]) napi_get_value_bool(env, a.argv[2], &follow);
  vsh_fs_info st;
  vsh_error err;
  int rc = vsh_fs_stat(a.fs, a.path, follow, &st, &err);
  free(a.path);
  if (rc) return throw_vsh(env, rc, &err);
  return info_obj(env, &st);
}

/* fsExists(fs, path) -> bool (follows; never throws for a missing one) */
napi_value fs_exists(napi_env env, napi_callback_info info) {
  fsargs a;
  if (!fs_args(env, info, &a)) {
    free(a.path);
    return NULL;
  }
  vsh_fs_info st;
  int rc = vsh_fs_stat(a.fs, a.path, true, &st, NULL);
  free(a.path);
  napi_value v;
  napi_get_boolean(env, rc == 0, &v);
  return v;
}

napi_value fs_read(napi_env env, napi_callback_info info) {
  fsargs a;
  if (!fs_args(env, info, &a)) {
    free(a.path);
    return NULL;
  }
  vsh_buf b = {0};
  vsh_error err;
  int rc = vsh_fs_read(a.fs, a.path, &b, &err);
  free(a.path);
  if (rc) return throw_vsh(env, rc, &err);
  napi_value v = make_buf(env, b.data, b.len);
  vsh_buf_dispose(&b);
  return v;
}

/* fsWrite(fs, path, bytes|string, flags) */
napi_value fs_write(napi_env env, napi_callback_info info) {
  fsargs a;
  if (!fs_args(env, info, &a)) {
    free(a.path);
    return NULL;
  }
  size_t n = 0;
  void *d = get_bytes(env, a.argv[2], &n);
  if (!d) {
    free(a.path);
    return NULL;
  }
  uint32_t flags = 0;
  if (a.argv[3]) napi_get_value_uint32(env, a.argv[3], &flags);
  vsh_error err;
  int rc = vsh_fs_write_file(a.fs, a.path, d, n, flags, &err);
  free(a.path);
  free(d);
  if (rc) return throw_vsh(env, rc, &err);
  return NULL;
}

napi_value fs_mkdir(napi_env env, napi_callback_info info) {
  fsargs a;
  if (!fs_args(env, info, &a)) {
    free(a.path);
    return NULL;
  }
  bool rec = false;
  if (a.argv[2]) napi_get_value_bool(env, a.argv[2], &rec);
  vsh_error err;
  int rc = vsh_fs_mkdir(a.fs, a.path, rec, &err);
  free(a.path);
  if (rc) return throw_vsh(env, rc, &err);
  return NULL;
}

/* fsReaddir(fs, path) -> [[name, type], ...] */
napi_value fs_readdir(napi_env env, napi_callback_info info) {
  fsargs a;
  if (!fs_args(env, info, &a)) {
    free(a.path);
    return NULL;
  }
  vsh_dirents d;
  vsh_error err;
  int rc = vsh_fs_readdir(a.fs, a.path, &d, &err);
  free(a.path);
  if (rc) return throw_vsh(env, rc, &err);
  napi_value arr, pair, t;
  napi_create_array_with_length(env, d.len, &arr);
  for (size_t i = 0; i < d.len; i++) {
    napi_create_array_with_length(env, 2, &pair);
    napi_set_element(env, pair, 0,
                     make_str(env, d.items[i].name, strlen(d.items[i].name)));
    napi_create_int32(env, (int32_t)d.items[i].type, &t);
    napi_set_element(env, pair, 1, t);
    napi_set_element(env, arr, (uint32_t)i, pair);
  }
  vsh_dirents_dispose(&d);
  return arr;
}

napi_value fs_rm(napi_env env, napi_callback_info info) {
  fsargs a;
  if (!fs_args(env, info, &a)) {
    free(a.path);
    return NULL;
  }
  bool rec = false, force = false;
  if (a.argv[2]) napi_get_value_bool(env, a.argv[2], &rec);
  if (a.argv[3]) napi_get_value_bool(env, a.argv[3], &force);
  vsh_error err;
  int rc = vsh_fs_rm(a.fs, a.path, rec, force, &err);
  free(a.path);
  if (rc) return throw_vsh(env, rc, &err);
  return NULL;
}

/* Two-path verbs: (fs, a, b[, flag]) with op selecting the call. */
static napi_value two_paths(napi_env env, napi_callback_info info, int op) {
  fsargs a;
  if (!fs_args(env, info, &a)) {
    free(a.path);
    return NULL;
  }
  char *b = get_str(env, a.argv[2], NULL);
  if (!b) {
    free(a.path);
    return NULL;
  }
  bool flag = false;
  if (a.argv[3]) napi_get_value_bool(env, a.argv[3], &flag);
  vsh_error err;
  int rc;
  switch (op) {
  case 0: rc = vsh_fs_cp(a.fs, a.path, b, flag, &err); break;
  case 1: rc = vsh_fs_rename(a.fs, a.path, b, &err); break;
  case 2: rc = vsh_fs_symlink(a.fs, a.path, b, &err); break;
  default: rc = vsh_fs_link(a.fs, a.path, b, &err); break;
  }
  free(a.path);
  free(b);
  if (rc) return throw_vsh(env, rc, &err);
  return NULL;
}
napi_value fs_cp(napi_env env, napi_callback_info i) {
  return two_paths(env, i, 0);
}
napi_value fs_mv(napi_env env, napi_callback_info i) {
  return two_paths(env, i, 1);
}
napi_value fs_symlink(napi_env env, napi_callback_info i) {
  return two_paths(env, i, 2);
}
napi_value fs_link(napi_env env, napi_callback_info i) {
  return two_paths(env, i, 3);
}

napi_value fs_chmod(napi_env env, napi_callback_info info) {
  fsargs a;
  if (!fs_args(env, info, &a)) {
    free(a.path);
    return NULL;
  }
  uint32_t mode = 0;
  napi_get_value_uint32(env, a.argv[2], &mode);
  vsh_error err;
  int rc = vsh_fs_chmod(a.fs, a.path, mode, &err);
  free(a.path);
  if (rc) return throw_vsh(env, rc, &err);
  return NULL;
}

static napi_value path_result(napi_env env, fsargs *a, int op) {
  vsh_buf b = {0};
  vsh_error err;
  int rc = op ? vsh_fs_realpath(a->fs, a->path, &b, &err)
              : vsh_fs_readlink(a->fs, a->path, &b, &err);
  free(a->path);
  if (rc) return throw_vsh(env, rc, &err);
  napi_value v = make_str(env, b.data, b.len);
  vsh_buf_dispose(&b);
  return v;
}
napi_value fs_readlink(napi_env env, napi_callback_info info) {
  fsargs a;
  if (!fs_args(env, info, &a)) {
    free(a.path);
    return NULL;
  }
  return path_result(env, &a, 0);
}
napi_value fs_realpath(napi_env env, napi_callback_info info) {
  fsargs a;
  if (!fs_args(env, info, &a)) {
    free(a.path);
    return NULL;
  }
  return path_result(env, &a, 1);
}

static struct timespec ms_to_ts(double ms) {
  struct timespec t;
  double s = ms / 1e3;
  t.tv_sec = (time_t)s;
  if ((double)t.tv_sec > s) t.tv_sec--;
  t.tv_nsec = (long)((ms - (double)t.tv_sec * 1e3) * 1e6);
  if (t.tv_nsec < 0) t.tv_nsec = 0;
  if (t.tv_nsec > 999999999) t.tv_nsec = 999999999;
  return t;
}

/* fsUtimes(fs, path, atimeMs, mtimeMs) */
napi_value fs_utimes(napi_env env, napi_callback_info info) {
  fsargs a;
  if (!fs_args(env, info, &a)) {
    free(a.path);
    return NULL;
  }
  double at = 0, mt = 0;
  napi_get_value_double(env, a.argv[2], &at);
  napi_get_value_double(env, a.argv[3], &mt);
  vsh_error err;
  int rc = vsh_fs_utimes(a.fs, a.path, ms_to_ts(at), ms_to_ts(mt), &err);
  free(a.path);
  if (rc) return throw_vsh(env, rc, &err);
  return NULL;
}

typedef struct walkctx {
  napi_env env;
  napi_value arr;
  uint32_t n;
} walkctx;

static int walk_cb(void *ud, const char *path, const vsh_fs_info *st) {
  (void)st;
  walkctx *w = ud;
  napi_set_element(w->env, w->arr, w->n++,
                   make_str(w->env, path, strlen(path)));
  return 0;
}

/* fsWalk(fs, root) -> [paths] */
napi_value fs_walk(napi_env env, napi_callback_info info) {
  fsargs a;
  if (!fs_args(env, info, &a)) {
    free(a.path);
    return NULL;
  }
  walkctx w = {env, NULL, 0};
  napi_create_array(env, &w.arr);
  vsh_error err;
  int rc = vsh_fs_walk(a.fs, a.path, walk_cb, &w, &err);
  free(a.path);
  if (rc) return throw_vsh(env, rc, &err);
  return w.arr;
}

/* fsMount(fs, hostDir, vpath, {allowSymlinks}) */
napi_value fs_mount(napi_env env, napi_callback_info info) {
  fsargs a;
  if (!fs_args(env, info, &a)) {
    free(a.path);
    return NULL;
  }
  char *vp = get_str(env, a.argv[2], NULL);
  if (!vp) {
    free(a.path);
    return NULL;
  }
  vsh_mount_opts mo = VSH_MOUNT_OPTS_INIT;
  mo.allow_symlinks = prop_bool(env, a.argv[3], "allowSymlinks");
  mo.read_only = prop_bool(env, a.argv[3], "readOnly");
  vsh_error err;
  int rc = vsh_fs_mount_host(a.fs, a.path, vp, &mo, &err);
  free(a.path);
  free(vp);
  if (rc) return throw_vsh(env, rc, &err);
  return NULL;
}

/* pathResolve(base, path) -> string */
napi_value path_resolve(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  char *base = get_str(env, argv[0], NULL);
  char *p = base ? get_str(env, argv[1], NULL) : NULL;
  vsh_buf out = {0};
  int rc = p ? vsh_path_resolve(&out, base, p) : VSH_EINVAL;
  free(base);
  free(p);
  if (rc) {
    vsh_buf_dispose(&out);
    bool pending = false;
    napi_is_exception_pending(env, &pending);
    return pending ? NULL : throw_vsh(env, rc, NULL);
  }
  napi_value v = make_str(env, out.data, out.len);
  vsh_buf_dispose(&out);
  return v;
}
