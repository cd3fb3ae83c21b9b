/* addon.c: the N-API addon behind the vsh Node package.  It sits on the
 * public C API only (include/vsh.h).  Handles are refcounted boxes in
 * napi externals: a filesystem box, a shell box (holds its fs box), a
 * signal.  exec runs vsh_shell_exec on a thread of its own and settles a
 * Promise through a threadsafe function, so the JS thread never blocks;
 * a custom command runs on the exec's thread, calls its JS function
 * through a threadsafe function and waits (cancellably) until JS calls
 * cmdDone.  File verbs are synchronous: each is one short, atomic vfs
 * call.  The JS wrapper (lib/index.js) gives all of it just-bash's shape. */
#define NAPI_VERSION 8
#include <node_api.h>

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

#define CHECK(call)                                                       \
  do {                                                                    \
    if ((call) != napi_ok) return throw_napi(env, #call);                 \
  } while (0)

static napi_value throw_napi(napi_env env, const char *what) {
  const napi_extended_error_info *info = NULL;
  napi_get_last_error_info(env, &info);
  bool pending = false;
  napi_is_exception_pending(env, &pending);
  if (!pending)
    napi_throw_error(env, "EINVAL",
                     info && info->error_message ? info->error_message
                                                 : what);
  return NULL;
}

static napi_value throw_vsh(napi_env env, int rc, const vsh_error *err) {
  napi_value msg, code, e;
  const char *m = err && err->message[0] ? err->message : vsh_strerror(rc);
  napi_create_string_utf8(env, m, NAPI_AUTO_LENGTH, &msg);
  napi_create_string_utf8(env, vsh_errname(rc), NAPI_AUTO_LENGTH, &code);
  napi_create_error(env, code, msg, &e);
  napi_value strerr;
  napi_create_string_utf8(env, vsh_strerror(rc), NAPI_AUTO_LENGTH, &strerr);
  napi_set_named_property(env, e, "strerror", strerr);
  napi_throw(env, e);
  return NULL;
}

static napi_value throw_oom(napi_env env) {
  napi_throw_error(env, "ENOMEM", "memory exhausted");
  return NULL;
}

/* ---- argument helpers ------------------------------------------------ */

/* A malloc'd NUL-terminated copy of a JS string (UTF-8), or NULL with an
 * exception pending. */
static char *get_str(napi_env env, napi_value v, size_t *len_out) {
  size_t len = 0;
  if (napi_get_value_string_utf8(env, v, NULL, 0, &len) != napi_ok) {
    napi_throw_type_error(env, "EINVAL", "expected a string");
    return NULL;
  }
  char *s = malloc(len + 1);
  if (!s) {
    throw_oom(env);
    return NULL;
  }
  napi_get_value_string_utf8(env, v, s, len + 1, &len);
  if (len_out) *len_out = len;
  return s;
}

/* Bytes of a Buffer/TypedArray or a string (UTF-8); malloc'd copy. */
static void *get_bytes(napi_env env, napi_value v, size_t *len) {
  bool isbuf = false;
  napi_is_buffer(env, v, &isbuf);
  if (isbuf) {
    void *data;
    size_t n;
    napi_get_buffer_info(env, v, &data, &n);
    void *c = malloc(n + 1);
    if (!c) {
      throw_oom(env);
      return NULL;
    }
    if (n) memcpy(c, data, n);
    ((char *)c)[n] = 0;
    *len = n;
    return c;
  }
  return get_str(env, v, len);
}

static bool is_nullish(napi_env env, napi_value v) {
  napi_valuetype t;
  if (!v || napi_typeof(env, v, &t) != napi_ok) return true;
  return t == napi_undefined || t == napi_null;
}

/* A NULL-terminated malloc'd array of strings from a JS array. */
static char **get_strv(napi_env env, napi_value arr) {
  uint32_t n = 0;
  if (napi_get_array_length(env, arr, &n) != napi_ok) {
    napi_throw_type_error(env, "EINVAL", "expected an array of strings");
    return NULL;
  }
  char **v = calloc((size_t)n + 1, sizeof(char *));
  if (!v) {
    throw_oom(env);
    return NULL;
  }
  for (uint32_t i = 0; i < n; i++) {
    napi_value e;
    napi_get_element(env, arr, i, &e);
    v[i] = get_str(env, e, NULL);
    if (!v[i]) {
      for (uint32_t j = 0; j < i; j++) free(v[j]);
      free(v);
      return NULL;
    }
  }
  return v;
}

static void strv_free(char **v) {
  if (!v) return;
  for (size_t i = 0; v[i]; i++) free(v[i]);
  free(v);
}

static napi_value prop(napi_env env, napi_value obj, const char *name) {
  napi_value v = NULL;
  bool has = false;
  if (is_nullish(env, obj)) return NULL;
  if (napi_has_named_property(env, obj, name, &has) != napi_ok || !has)
    return NULL;
  napi_get_named_property(env, obj, name, &v);
  return is_nullish(env, v) ? NULL : v;
}

static double prop_num(napi_env env, napi_value obj, const char *name,
                       double def) {
  napi_value v = prop(env, obj, name);
  double d;
  if (!v || napi_get_value_double(env, v, &d) != napi_ok) return def;
  return d;
}

static bool prop_bool(napi_env env, napi_value obj, const char *name) {
  napi_value v = prop(env, obj, name);
  bool b = false;
  if (v) napi_get_value_bool(env, v, &b);
  return b;
}

static napi_value make_str(napi_env env, const char *s, size_t n) {
  napi_value v;
  napi_create_string_utf8(env, s ? s : "", s ? n : 0, &v);
  return v;
}

static napi_value make_buf(napi_env env, const void *d, size_t n) {
  napi_value v;
  void *p;
  napi_create_buffer_copy(env, n, n ? d : "", &p, &v);
  return v;
}

static napi_value make_strv(napi_env env, char **v) {
  napi_value arr;
  napi_create_array(env, &arr);
  for (uint32_t i = 0; v && v[i]; i++)
    napi_set_element(env, arr, i, make_str(env, v[i], strlen(v[i])));
  return arr;
}

/* A JS string for bytes as just-bash hands them over: UTF-8 text, or
 * one char per byte (latin1) when the bytes are not valid UTF-8. */
static bool valid_utf8(const unsigned char *s, size_t n) {
  for (size_t i = 0; i < n;) {
    unsigned c = s[i];
    size_t k = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3
             : (c >> 3) == 30 ? 4 : 0;
    if (!k || i + k > n) return false;
    for (size_t j = 1; j < k; j++)
      if ((s[i + j] & 0xC0) != 0x80) return false;
    i += k;
  }
  return true;
}

static napi_value make_text(napi_env env, const char *s, size_t n) {
  napi_value v;
  if (valid_utf8((const unsigned char *)s, n))
    napi_create_string_utf8(env, s, n, &v);
  else
    napi_create_string_latin1(env, s, n, &v);
  return v;
}

static void *get_ext(napi_env env, napi_value v) {
  void *p = NULL;
  if (!v || napi_get_value_external(env, v, &p) != napi_ok) {
    napi_throw_type_error(env, "EINVAL", "invalid vsh handle");
    return NULL;
  }
  return p;
}

/* ---- filesystem box -------------------------------------------------- */

typedef struct fsbox {
  vsh_fs *fs;
  atomic_int rc;
} fsbox;

static void fsbox_unref(fsbox *b) {
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
static napi_value fs_new(napi_env env, napi_callback_info info) {
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
  napi_create_double(env, (double)st->mtime.tv_sec * 1e3 +
                              (double)st->mtime.tv_nsec / 1e6, &v);
  napi_set_named_property(env, o, "mtimeMs", v);
  napi_create_double(env, (double)st->atime.tv_sec * 1e3 +
                              (double)st->atime.tv_nsec / 1e6, &v);
  napi_set_named_property(env, o, "atimeMs", v);
  return o;
}

/* fsStat(fs, path, follow) -> {type, mode, size, ...} */
static napi_value fs_stat(napi_env env, napi_callback_info info) {
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
static napi_value fs_exists(napi_env env, napi_callback_info info) {
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

static napi_value fs_read(napi_env env, napi_callback_info info) {
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
static napi_value fs_write(napi_env env, napi_callback_info info) {
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

static napi_value fs_mkdir(napi_env env, napi_callback_info info) {
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
static napi_value fs_readdir(napi_env env, napi_callback_info info) {
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

static napi_value fs_rm(napi_env env, napi_callback_info info) {
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
static napi_value fs_cp(napi_env env, napi_callback_info i) {
  return two_paths(env, i, 0);
}
static napi_value fs_mv(napi_env env, napi_callback_info i) {
  return two_paths(env, i, 1);
}
static napi_value fs_symlink(napi_env env, napi_callback_info i) {
  return two_paths(env, i, 2);
}
static napi_value fs_link(napi_env env, napi_callback_info i) {
  return two_paths(env, i, 3);
}

static napi_value fs_chmod(napi_env env, napi_callback_info info) {
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
static napi_value fs_readlink(napi_env env, napi_callback_info info) {
  fsargs a;
  if (!fs_args(env, info, &a)) {
    free(a.path);
    return NULL;
  }
  return path_result(env, &a, 0);
}
static napi_value fs_realpath(napi_env env, napi_callback_info info) {
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
static napi_value fs_utimes(napi_env env, napi_callback_info info) {
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
  napi_set_element(w->env, w->arr, w->n++, make_str(w->env, path,
                                                    strlen(path)));
  return 0;
}

/* fsWalk(fs, root) -> [paths] */
static napi_value fs_walk(napi_env env, napi_callback_info info) {
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
static napi_value fs_mount(napi_env env, napi_callback_info info) {
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
static napi_value path_resolve(napi_env env, napi_callback_info info) {
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
  if (vsh_shell_cwd(b->sh, buf, sizeof(buf))) return throw_vsh(env, VSH_ERANGE, NULL);
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
  if (napi_create_external(env, c, cmdcall_finalize, NULL, &ext) !=
      napi_ok) {
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
    napi_set_element(env, pair, 1, make_buf(env, c->fds[fd].data,
                                            c->fds[fd].len));
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
  if (!rc && napi_call_threadsafe_function(r->tsfn, c, napi_tsfn_blocking) !=
                 napi_ok)
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
  vsh_command reg = {.version = VSH_COMMAND_VERSION, .run = cmd_run,
                     .ud = r};
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
  char *o = is_nullish(env, argv[1]) ? calloc(1, 1) : get_bytes(env, argv[1], &no);
  char *e = is_nullish(env, argv[2]) ? calloc(1, 1) : get_bytes(env, argv[2], &ne);
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
      for (size_t i = 0; j->res.vars[i]; i++) total += strlen(j->res.vars[i]) + 1;
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
    napi_set_named_property(env, o, "error",
                            make_str(env, j->err.message,
                                     strlen(j->err.message)));
    napi_set_named_property(env, o, "code",
                            make_str(env, vsh_errname(j->rc),
                                     strlen(vsh_errname(j->rc))));
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
    j->rc = vsh_shell_exec(j->sb->sh, j->script, j->len, &eo, &j->res,
                           &j->err);
  }
  if (napi_call_threadsafe_function(j->es->done_tsfn, j,
                                    napi_tsfn_blocking) != napi_ok)
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
    if (--es->inflight == 0)
      napi_unref_threadsafe_function(env, es->done_tsfn);
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
  if ((v = prop(env, o, "cwd")) && !(j->cwd = get_str(env, v, NULL)))
    goto fail;
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
  if (!is_nullish(env, argv[2]) && !(j->in = get_bytes(env, argv[2],
                                                       &j->in_len)))
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

#define FN(name, fn) {name, NULL, fn, NULL, NULL, NULL, napi_default, NULL}

static napi_value init(napi_env env, napi_value exports) {
  napi_property_descriptor d[] = {
      FN("fsNew", fs_new),           FN("fsStat", fs_stat),
      FN("fsExists", fs_exists),     FN("fsRead", fs_read),
      FN("fsWrite", fs_write),       FN("fsMkdir", fs_mkdir),
      FN("fsReaddir", fs_readdir),   FN("fsRm", fs_rm),
      FN("fsCp", fs_cp),             FN("fsMv", fs_mv),
      FN("fsSymlink", fs_symlink),   FN("fsLink", fs_link),
      FN("fsChmod", fs_chmod),       FN("fsReadlink", fs_readlink),
      FN("fsRealpath", fs_realpath), FN("fsUtimes", fs_utimes),
      FN("fsWalk", fs_walk),         FN("fsMount", fs_mount),
      FN("pathResolve", path_resolve), FN("signalNew", signal_new),
      FN("signalAbort", signal_abort), FN("shellNew", shell_new),
      FN("shellCwd", shell_cwd),     FN("shellRegister", shell_register),
      FN("shellExec", shell_exec),   FN("shellDispose", shell_dispose),
      FN("cmdDone", cmd_done),       FN("cmdExec", cmd_exec),
      FN("version", version),       FN("teardown", teardown),
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
