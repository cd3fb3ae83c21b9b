/* tools_int.h: private to sandbox/tools*.c: the standard tools' shared
 * state (one struct per tool, closing over its sandbox), parameter
 * helpers over core/json, output caps and the per-path mutation locks. */
#ifndef VSH_TOOLS_INT_H
#define VSH_TOOLS_INT_H

#include "sandbox/adapter_int.h"

#include "core/json.h"

#define SBX_MAX_LINES 2000
#define SBX_MAX_BYTES (50 * 1024)
#define SBX_GREP_MAX_MATCHES 100
#define SBX_GREP_MAX_LINE 500
#define SBX_GLOB_MAX_PATHS 1000
#define SBX_RG_PROBE_MS 10000

typedef struct sbx_tool sbx_tool;
typedef int (*sbx_tool_fn)(sbx_tool *t, const vsh_json *params,
                           vsh_signal *signal, vsh_tool_result *out,
                           vsh_error *err);

struct sbx_tool {
  vsh_tool base;
  sbx_tool_fn run;
  vsh_sandbox *sb; /* borrowed */
  pthread_mutex_t mu;
  int backend; /* grep: 0 unknown, 1 rg, 2 grep (probed once) */
};

int sbx_tool_new(vsh_tool **out, vsh_sandbox *sb, const char *name,
                 const char *label, const char *description,
                 const char *parameters, sbx_tool_fn run, vsh_error *err);

/* Parameter access: a missing optional value leaves *out untouched. */
int sbx_param_str(const vsh_json *p, const char *tool, const char *key,
                  bool required, const char **out, size_t *len, vsh_error *err);
int sbx_param_num(const vsh_json *p, const char *tool, const char *key,
                  double *out, bool *given, vsh_error *err);
int sbx_param_bool(const vsh_json *p, const char *tool, const char *key,
                   bool *out, vsh_error *err);

/* Fills out from text (copied) and the details object built in d. */
int sbx_tool_finish(vsh_tool_result *out, vsh_buf *text, vsh_buf *details,
                    vsh_error *err);

/* The per-resolved-path lock write and edit share. */
void *sbx_path_lock(const char *key);
void sbx_path_unlock(void *lock);

/* Appends s as one single-quoted shell word. */
int sbx_shell_quote(vsh_buf *b, const char *s);

#endif /* VSH_TOOLS_INT_H */
