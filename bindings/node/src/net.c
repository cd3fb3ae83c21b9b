/* net.c: the Node addon's network option: index.js hands over plain
 * arrays and numbers, turned here into a vsh_network_opts whose strings
 * live until node_net_free (vsh_shell_new copies them). */
#define NAPI_VERSION 8
#include "net.h"

#include <stdlib.h>
#include <string.h>

static napi_value field(napi_env env, napi_value o, const char *name) {
  napi_value v;
  napi_valuetype t;
  if (napi_get_named_property(env, o, name, &v) != napi_ok ||
      napi_typeof(env, v, &t) != napi_ok || t == napi_undefined ||
      t == napi_null)
    return NULL;
  return v;
}

static double num(napi_env env, napi_value o, const char *name, double d) {
  napi_value v = field(env, o, name);
  double x;
  return v && napi_get_value_double(env, v, &x) == napi_ok ? x : d;
}

static bool flag(napi_env env, napi_value o, const char *name) {
  napi_value v = field(env, o, name);
  bool b = false;
  if (v) napi_get_value_bool(env, v, &b);
  return b;
}

/* A NULL-terminated copy of a JS array of strings, or NULL. */
static char **strings(napi_env env, napi_value arr) {
  uint32_t n = 0;
  if (napi_get_array_length(env, arr, &n) != napi_ok) return NULL;
  char **v = calloc((size_t)n + 1, sizeof(char *));
  for (uint32_t i = 0; v && i < n; i++) {
    napi_value e;
    size_t len = 0;
    if (napi_get_element(env, arr, i, &e) != napi_ok ||
        napi_get_value_string_utf8(env, e, NULL, 0, &len) != napi_ok ||
        !(v[i] = malloc(len + 1))) {
      for (uint32_t k = 0; k < i; k++) free(v[k]);
      free(v);
      return NULL;
    }
    napi_get_value_string_utf8(env, e, v[i], len + 1, &len);
  }
  return v;
}

static void strings_free(char **v) {
  for (size_t i = 0; v && v[i]; i++) free(v[i]);
  free(v);
}

void node_net_free(node_net *j) {
  for (uint32_t i = 0; j->entries && i < j->n; i++) strings_free(j->entries[i]);
  free(j->entries);
  free(j->pre);
  strings_free(j->methods);
  memset(j, 0, sizeof(*j));
}

bool node_net_get(napi_env env, napi_value nv, node_net *j) {
  vsh_network_opts init = VSH_NETWORK_OPTS_INIT;
  memset(j, 0, sizeof(*j));
  j->o = init;
  napi_value pv = field(env, nv, "prefixes");
  uint32_t n = 0;
  if (pv && napi_get_array_length(env, pv, &n) != napi_ok) n = 0;
  j->pre = calloc((size_t)n + 1, sizeof(*j->pre));
  j->entries = calloc((size_t)n + 1, sizeof(*j->entries));
  bool ok = j->pre && j->entries;
  for (uint32_t i = 0; ok && i < n; i++) {
    napi_value e;
    ok = napi_get_element(env, pv, i, &e) == napi_ok &&
         (j->entries[i] = strings(env, e)) && j->entries[i][0];
    if (j->entries[i]) j->n = i + 1;
    if (ok) {
      j->pre[i].url = j->entries[i][0];
      j->pre[i].headers = (const char *const *)(j->entries[i] + 1);
    }
  }
  napi_value mv = field(env, nv, "methods");
  if (ok && mv) ok = (j->methods = strings(env, mv)) != NULL;
  if (!ok) {
    napi_throw_type_error(env, "EINVAL", "vsh: a malformed network option");
    return false;
  }
  j->o.allow = j->pre;
  j->o.n_allow = n;
  j->o.methods = (const char *const *)j->methods;
  j->o.full_access_dangerous = flag(env, nv, "full");
  j->o.allow_private = flag(env, nv, "allowPrivate");
  j->o.max_redirects = (unsigned)num(env, nv, "maxRedirects", 20);
  j->o.max_response_bytes = (uint64_t)num(env, nv, "maxResponseSize", 10485760);
  j->o.timeout_ms = (int64_t)num(env, nv, "timeoutMs", 0);
  return true;
}
