/* addon.h: what the Node addon's files share: error throwing, argument
 * and result conversion (args.c), the refcounted filesystem box and the
 * file verbs (fs.c) that addon.c's module table registers. */
#ifndef VSH_NODE_ADDON_H
#define VSH_NODE_ADDON_H

#define NAPI_VERSION 8
#include <node_api.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "vsh.h"

/* Returns from the calling napi callback with a thrown error when a
 * napi call fails. */
#define CHECK(call)                                                            \
  do {                                                                         \
    if ((call) != napi_ok) return throw_napi(env, #call);                      \
  } while (0)

/* Throwing: each throws (unless an exception is pending) and returns
 * NULL for the callback to return. */
napi_value throw_napi(napi_env env, const char *what);
napi_value throw_vsh(napi_env env, int rc, const vsh_error *err);
napi_value throw_oom(napi_env env);

/* Arguments and results (args.c).  get_str/get_strv return malloc'd
 * copies (NULL after throwing); make_* create JS values. */
char *get_str(napi_env env, napi_value v, size_t *len_out);
void *get_bytes(napi_env env, napi_value v, size_t *len);
bool is_nullish(napi_env env, napi_value v);
char **get_strv(napi_env env, napi_value arr);
void strv_free(char **v);
napi_value prop(napi_env env, napi_value obj, const char *name);
double prop_num(napi_env env, napi_value obj, const char *name, double def);
bool prop_bool(napi_env env, napi_value obj, const char *name);
napi_value make_str(napi_env env, const char *s, size_t n);
napi_value make_buf(napi_env env, const void *d, size_t n);
napi_value make_strv(napi_env env, char **v);
napi_value make_text(napi_env env, const char *s, size_t n);
void *get_ext(napi_env env, napi_value v);

/* A filesystem shared by the JS object and every shell made on it. */
typedef struct fsbox {
  vsh_fs *fs;
  atomic_int rc;
} fsbox;

/* The file verbs (fs.c); fsbox_unref drops one reference. */
void fsbox_unref(fsbox *b);
napi_value fs_new(napi_env env, napi_callback_info info);
napi_value fs_stat(napi_env env, napi_callback_info info);
napi_value fs_exists(napi_env env, napi_callback_info info);
napi_value fs_read(napi_env env, napi_callback_info info);
napi_value fs_write(napi_env env, napi_callback_info info);
napi_value fs_mkdir(napi_env env, napi_callback_info info);
napi_value fs_readdir(napi_env env, napi_callback_info info);
napi_value fs_rm(napi_env env, napi_callback_info info);
napi_value fs_cp(napi_env env, napi_callback_info i);
napi_value fs_mv(napi_env env, napi_callback_info i);
napi_value fs_symlink(napi_env env, napi_callback_info i);
napi_value fs_link(napi_env env, napi_callback_info i);
napi_value fs_chmod(napi_env env, napi_callback_info info);
napi_value fs_readlink(napi_env env, napi_callback_info info);
napi_value fs_realpath(napi_env env, napi_callback_info info);
napi_value fs_utimes(napi_env env, napi_callback_info info);
napi_value fs_walk(napi_env env, napi_callback_info info);
napi_value fs_mount(napi_env env, napi_callback_info info);
napi_value path_resolve(napi_env env, napi_callback_info info);

#endif /* VSH_NODE_ADDON_H */
