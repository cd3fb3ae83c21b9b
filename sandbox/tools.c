/* tools.c: the vsh_tool plumbing: dispatch, results, lists, the shared
 * per-path mutation lock and tool-list assembly (the factory's tools or
 * the six standard ones over the skill overlay, then the framework group
 * and custom tools; duplicate and reserved names are a conflict). */
#include "sandbox/tools_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- dispatch ---------------------------------------------------------- */

static int tool_execute(vsh_tool *base, const char *call_id,
                        const char *params_json, vsh_signal *signal,
                        vsh_tool_update_fn on_update, void *update_ud,
                        vsh_tool_result *out, vsh_error *err) {
  sbx_tool *t = (sbx_tool *)base;
  vsh_json *params = NULL;
  int rc;

  (void)call_id;
  (void)on_update;
  (void)update_ud;
  rc = vsh__json_parse(&params, params_json ? params_json : "{}",
                       params_json ? strlen(params_json) : 2, err);
  if (rc < 0) goto done;
  if (params->type != VSH_JSON_OBJECT) {
    rc = vsh__error_set(err, VSH_EINVAL, "%s: parameters must be an object",
                        t->base.name);
    goto done;
  }
  if (vsh_signal_aborted(signal)) {
    rc = sbx_aborted(err, signal, t->base.name, NULL);
    goto done;
  }
  rc = t->run(t, params, signal, out, err);

done:
  vsh__json_free(params);
  return rc;
}

static void tool_release(vsh_tool *base) {
  sbx_tool *t = (sbx_tool *)base;

  pthread_mutex_destroy(&t->mu);
  vsh__free(NULL, t, sizeof *t);
}

int sbx_tool_new(vsh_tool **out, vsh_sandbox *sb, const char *name,
                 const char *label, const char *description,
                 const char *parameters, sbx_tool_fn run, vsh_error *err) {
  sbx_tool *t;

  if (!out)
    return vsh__error_set(err, VSH_EINVAL, "vsh_tool_%s: out must not be NULL",
                          name);
  *out = NULL;
  if (!sb)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_tool_%s: sandbox must not be NULL", name);
  if (!(t = vsh__calloc(NULL, sizeof *t)))
    return vsh__error_set(err, VSH_ENOMEM, "out of memory");
  t->base.version = VSH_TOOL_VERSION;
  t->base.name = name;
  t->base.label = label;
  t->base.description = description;
  t->base.parameters = parameters;
  t->base.execute = tool_execute;
  t->base.release = tool_release;
  t->base.ud = t;
  t->run = run;
  t->sb = sb;
  pthread_mutex_init(&t->mu, NULL);
  *out = &t->base;
  return 0;
}

int vsh_tool_execute(vsh_tool *t, const char *call_id, const char *params_json,
                     vsh_signal *signal, vsh_tool_update_fn on_update,
                     void *update_ud, vsh_tool_result *out, vsh_error *err) {
  if (!out)
    return vsh__error_set(err, VSH_EINVAL, "vsh_tool_execute: out is NULL");
  memset(out, 0, sizeof *out);
  if (t && vsh__check_version(t->version, VSH_TOOL_VERSION, "vsh_tool", err))
    return VSH_EINVAL;
  if (!t || !t->execute)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_tool_execute: the tool has no execute");
  return t->execute(t, call_id ? call_id : "", params_json, signal, on_update,
                    update_ud, out, err);
}

void vsh_tool_release(vsh_tool *t) {
  if (t && t->release) t->release(t);
}

void vsh_tool_result_dispose(vsh_tool_result *r) {
  if (!r) return;
  free(r->content);
  free(r->details);
  memset(r, 0, sizeof *r);
}

int sbx_tool_finish(vsh_tool_result *out, vsh_buf *text, vsh_buf *details,
                    vsh_error *err) {
  if (!text->data && vsh__buf_reserve(text, 1) < 0)
    return vsh__error_set(err, VSH_ENOMEM, "out of memory");
  out->content = vsh__buf_steal(text, &out->content_len);
  out->details =
      details && details->data ? vsh__buf_steal(details, NULL) : NULL;
  return 0;
}

/* ---- parameters -------------------------------------------------------- */

int sbx_param_str(const vsh_json *p, const char *tool, const char *key,
                  bool required, const char **out, size_t *len,
                  vsh_error *err) {
  const vsh_json *v = vsh__json_get(p, key);

  if (!v || v->type == VSH_JSON_NULL) {
    if (required)
      return vsh__error_set(err, VSH_EINVAL,
                            "%s: the \"%s\" parameter is required", tool, key);
    return 0;
  }
  if (v->type != VSH_JSON_STRING)
    return vsh__error_set(err, VSH_EINVAL,
                          "%s: the \"%s\" parameter must be a string", tool,
                          key);
  *out = v->str;
  if (len) *len = v->len;
  return 0;
}

int sbx_param_num(const vsh_json *p, const char *tool, const char *key,
                  double *out, bool *given, vsh_error *err) {
  const vsh_json *v = vsh__json_get(p, key);

  *given = false;
  if (!v || v->type == VSH_JSON_NULL) return 0;
  if (v->type != VSH_JSON_NUMBER)
    return vsh__error_set(err, VSH_EINVAL,
                          "%s: the \"%s\" parameter must be a number", tool,
                          key);
  *out = v->number;
  *given = true;
  return 0;
}

int sbx_param_bool(const vsh_json *p, const char *tool, const char *key,
                   bool *out, vsh_error *err) {
  const vsh_json *v = vsh__json_get(p, key);

  if (!v || v->type == VSH_JSON_NULL) return 0;
  if (v->type != VSH_JSON_BOOL)
    return vsh__error_set(err, VSH_EINVAL,
                          "%s: the \"%s\" parameter must be a boolean", tool,
                          key);
  *out = v->boolean;
  return 0;
}

int sbx_shell_quote(vsh_buf *b, const char *s) {
  int rc = vsh__buf_putc(b, '\'');

  for (; rc == 0 && *s; s++)
    rc = *s == '\'' ? vsh__buf_puts(b, "'\\''") : vsh__buf_putc(b, *s);
  return rc < 0 ? rc : vsh__buf_putc(b, '\'');
}

/* ---- the per-path lock --------------------------------------------------
 * Keyed on the resolved path alone, as the contract keys it, so a write
 * tool and an edit tool made separately for one sandbox still serialize.
 * Process-wide by necessity (the tools share nothing else); entries live
 * only while someone holds or waits for them, so the table stays small. */

typedef struct path_lock {
  struct path_lock *next;
  char *key;
  int users;
  pthread_mutex_t mu;
} path_lock;

static pthread_mutex_t locks_mu = PTHREAD_MUTEX_INITIALIZER;
static path_lock *locks;

void *sbx_path_lock(const char *key) {
  path_lock *l;

  pthread_mutex_lock(&locks_mu);
  for (l = locks; l && strcmp(l->key, key) != 0; l = l->next)
    ;
  if (!l && (l = calloc(1, sizeof *l))) {
    if (!(l->key = strdup(key))) {
      free(l);
      l = NULL;
    } else {
      pthread_mutex_init(&l->mu, NULL);
      l->next = locks;
      locks = l;
    }
  }
  if (l) l->users++;
  pthread_mutex_unlock(&locks_mu);
  if (l) pthread_mutex_lock(&l->mu);
  return l; /* NULL (out of memory) means "unlocked", never a failure */
}

void sbx_path_unlock(void *lock) {
  path_lock *l = lock, **pp;

  if (!l) return;
  pthread_mutex_unlock(&l->mu);
  pthread_mutex_lock(&locks_mu);
  if (--l->users == 0) {
    for (pp = &locks; *pp != l; pp = &(*pp)->next)
      ;
    *pp = l->next;
    pthread_mutex_destroy(&l->mu);
    free(l->key);
    free(l);
  }
  pthread_mutex_unlock(&locks_mu);
}

/* ---- tool lists ---------------------------------------------------------- */

int vsh_tool_list_push(vsh_tool_list *l, vsh_tool *t, bool owned) {
  vsh_tool **items;
  bool *own;

  if (!l || !t) {
    if (owned) vsh_tool_release(t);
    return VSH_EINVAL;
  }
  items = realloc(l->items, (l->len + 1) * sizeof *items);
  if (items) l->items = items;
  own = items ? realloc(l->owned, (l->len + 1) * sizeof *own) : NULL;
  if (!own) {
    if (owned) vsh_tool_release(t);
    return VSH_ENOMEM;
  }
  l->owned = own;
  l->items[l->len] = t;
  l->owned[l->len++] = owned;
  return 0;
}

void vsh_tool_list_dispose(vsh_tool_list *l) {
  size_t i;

  if (!l) return;
  for (i = 0; i < l->len; i++)
    if (l->owned[i]) vsh_tool_release(l->items[i]);
  free(l->items);
  free(l->owned);
  vsh_sandbox_release(l->sandbox);
  memset(l, 0, sizeof *l);
}

static const char *const reserved[] = {
    "task", "activate_skill", "read_skill_resource", "finish", "give_up"};

static int conflict(vsh_error *err, const char *name, const char *why) {
  vsh__error_set(err, VSH_EEXIST, "Tool name conflict: \"%s\" %s", name, why);
  if (err) err->type = "tool_name_conflict";
  return VSH_EEXIST;
}

/* Checks items[from..) against reserved names (unless framework) and
 * against every earlier tool. */
static int check_names(vsh_tool_list *l, size_t from, bool framework,
                       vsh_error *err) {
  size_t i, j, r;

  for (i = from; i < l->len; i++) {
    const char *name = l->items[i]->name;
    if (!name || !*name)
      return vsh__error_set(err, VSH_EINVAL, "a tool has no name");
    for (r = 0; !framework && r < sizeof reserved / sizeof *reserved; r++)
      if (strcmp(name, reserved[r]) == 0)
        return conflict(err, name, "is reserved by the framework");
    for (j = 0; j < i; j++)
      if (strcmp(name, l->items[j]->name) == 0)
        return conflict(err, name, "is defined more than once");
  }
  return 0;
}

typedef int (*std_factory)(vsh_tool **, vsh_sandbox *, vsh_error *);

int vsh_tool_list_assemble(vsh_tool_list *out, vsh_factory *f, vsh_sandbox *sb,
                           const vsh_tools_opts *opts, vsh_error *err) {
  static const vsh_tools_opts none;
  static const std_factory six[] = {vsh_tool_read, vsh_tool_write,
                                    vsh_tool_edit, vsh_tool_bash,
                                    vsh_tool_grep, vsh_tool_glob};
  vsh_tool *t;
  size_t i, mark;
  int rc;

  if (!out)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_tool_list_assemble: out must not be NULL");
  memset(out, 0, sizeof *out);
  if (!opts) opts = &none;
  if (vsh__check_version(opts->version, VSH_TOOLS_OPTS_VERSION,
                         "vsh_tools_opts", err))
    return VSH_EINVAL;
  rc = vsh_skill_overlay(&out->sandbox, sb, opts->skills, opts->n_skills, err);
  if (rc < 0) goto done;
  if (f && f->tools) {
    rc = f->tools(f, out->sandbox, opts, out, err);
  } else {
    for (i = 0; rc == 0 && i < sizeof six / sizeof *six; i++) {
      rc = six[i](&t, out->sandbox, err);
      if (rc == 0 && (rc = vsh_tool_list_push(out, t, true)) < 0)
        vsh__error_set(err, rc, "out of memory");
    }
  }
  if (rc == 0) rc = check_names(out, 0, false, err);
  mark = out->len;
  for (i = 0; rc == 0 && i < opts->n_framework; i++)
    if ((rc = vsh_tool_list_push(out, opts->framework[i], false)) < 0)
      vsh__error_set(err, rc, "invalid framework tool %zu", i);
  if (rc == 0) rc = check_names(out, mark, true, err);
  mark = out->len;
  for (i = 0; rc == 0 && i < opts->n_custom; i++)
    if ((rc = vsh_tool_list_push(out, opts->custom[i], false)) < 0)
      vsh__error_set(err, rc, "invalid custom tool %zu", i);
  if (rc == 0) rc = check_names(out, mark, false, err);

done:
  if (rc < 0) vsh_tool_list_dispose(out);
  return rc;
}
