/* args.c: the Node addon's conversions between JS values and C: strings,
 * byte buffers, string arrays, option properties, externals, and the
 * errors thrown for napi and vsh failures. */
#include "addon.h"

#include <stdlib.h>
#include <string.h>

napi_value throw_napi(napi_env env, const char *what) {
  const napi_extended_error_info *info = NULL;
  napi_get_last_error_info(env, &info);
  bool pending = false;
  napi_is_exception_pending(env, &pending);
  if (!pending)
    napi_throw_error(env, "EINVAL",
                     info && info->error_message ? info->error_message : what);
  return NULL;
}

napi_value throw_vsh(napi_env env, int rc, const vsh_error *err) {
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

napi_value throw_oom(napi_env env) {
  napi_throw_error(env, "ENOMEM", "memory exhausted");
  return NULL;
}

/* ---- argument helpers ------------------------------------------------ */

/* A malloc'd NUL-terminated copy of a JS string (UTF-8), or NULL with an
 * exception pending. */
char *get_str(napi_env env, napi_value v, size_t *len_out) {
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
void *get_bytes(napi_env env, napi_value v, size_t *len) {
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

bool is_nullish(napi_env env, napi_value v) {
  napi_valuetype t;
  if (!v || napi_typeof(env, v, &t) != napi_ok) return true;
  return t == napi_undefined || t == napi_null;
}

/* A NULL-terminated malloc'd array of strings from a JS array. */
char **get_strv(napi_env env, napi_value arr) {
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

void strv_free(char **v) {
  if (!v) return;
  for (size_t i = 0; v[i]; i++) free(v[i]);
  free(v);
}

napi_value prop(napi_env env, napi_value obj, const char *name) {
  napi_value v = NULL;
  bool has = false;
  if (is_nullish(env, obj)) return NULL;
  if (napi_has_named_property(env, obj, name, &has) != napi_ok || !has)
    return NULL;
  napi_get_named_property(env, obj, name, &v);
  return is_nullish(env, v) ? NULL : v;
}

double prop_num(napi_env env, napi_value obj, const char *name, double def) {
  napi_value v = prop(env, obj, name);
  double d;
  if (!v || napi_get_value_double(env, v, &d) != napi_ok) return def;
  return d;
}

bool prop_bool(napi_env env, napi_value obj, const char *name) {
  napi_value v = prop(env, obj, name);
  bool b = false;
  if (v) napi_get_value_bool(env, v, &b);
  return b;
}

napi_value make_str(napi_env env, const char *s, size_t n) {
  napi_value v;
  napi_create_string_utf8(env, s ? s : "", s ? n : 0, &v);
  return v;
}

napi_value make_buf(napi_env env, const void *d, size_t n) {
  napi_value v;
  void *p;
  napi_create_buffer_copy(env, n, n ? d : "", &p, &v);
  return v;
}

napi_value make_strv(napi_env env, char **v) {
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
    size_t k = c < 0x80         ? 1
               : (c >> 5) == 6  ? 2
               : (c >> 4) == 14 ? 3
               : (c >> 3) == 30 ? 4
                                : 0;
    if (!k || i + k > n) return false;
    for (size_t j = 1; j < k; j++)
      if ((s[i + j] & 0xC0) != 0x80) return false;
    i += k;
  }
  return true;
}

napi_value make_text(napi_env env, const char *s, size_t n) {
  napi_value v;
  if (valid_utf8((const unsigned char *)s, n))
    napi_create_string_utf8(env, s, n, &v);
  else napi_create_string_latin1(env, s, n, &v);
  return v;
}

void *get_ext(napi_env env, napi_value v) {
  void *p = NULL;
  if (!v || napi_get_value_external(env, v, &p) != napi_ok) {
    napi_throw_type_error(env, "EINVAL", "invalid vsh handle");
    return NULL;
  }
  return p;
}
