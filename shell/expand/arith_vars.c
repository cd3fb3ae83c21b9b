/* arith_vars.c: the arithmetic evaluator (arith.c) bound to the shell:
 * names read and assign shell variables and array elements, subscripts
 * are expanded as bash expands them, and the exec's cancellation stops a
 * long evaluation.  sh_arith and sh_arith_raw are the shell's entry. */
#include "shell/expand/arith.h"
#include "shell/shell.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ar_get(void *ud, const char *name, size_t nl, bool has_index,
                  int64_t index, const char *key, size_t kl, const char **val,
                  size_t *vl);

/* r where r is a nameref to a[sub]: that element's value. */
static int elem_ref_get(sh_ctx *c, const char *elem, const char **val,
                        size_t *vl) {
  const char *br = strchr(elem, '[');
  size_t sl = strlen(br) - 2;
  int64_t ix = 0;
  char base[256];
  size_t bl = (size_t)(br - elem) < 255 ? (size_t)(br - elem) : 255;
  memcpy(base, elem, bl);
  base[bl] = 0;
  sh_var *v = sh_var_find(c, base);
  if (!(v && (v->attrs & SH_VAR_ASSOC))) {
    int rc = sh_arith(c, br + 1, sl, &ix);
    if (rc) return rc;
  }
  return ar_get(c, base, bl, true, ix, br + 1, sl, val, vl);
}

static int ar_get(void *ud, const char *name, size_t nl, bool has_index,
                  int64_t index, const char *key, size_t kl, const char **val,
                  size_t *vl) {
  sh_ctx *c = ud;
  char nm[256];
  if (nl > 255) nl = 255;
  memcpy(nm, name, nl);
  nm[nl] = 0;
  const char *v;
  if (!has_index) {
    const char *elem = sh_nameref_elem(c, nm);
    if (elem) return elem_ref_get(c, elem, val, vl);
    v = sh_var_get(c, nm);
    if (!v) v = sh_dynamic_array_get(c, nm, 0); /* $((BASH_LINENO)) */
    if (!v && nl == 1 && nm[0] >= '0' && nm[0] <= '9') {
      size_t k = (size_t)(nm[0] - '0');
      v = k == 0 ? c->vars.arg0
                 : (k <= c->vars.npos ? c->vars.pos[k - 1] : NULL);
    }
  } else {
    sh_var *var = sh_var_find(c, nm);
    if (!var || (var->attrs & SH_VAR_UNSET)) {
      v = index >= 0 ? sh_dynamic_array_get(c, nm, index) : NULL;
    } else if (var->attrs & SH_VAR_ASSOC) {
      /* the key text is expanded as bash does: A['k'], A[$k] */
      v = sh_assoc_get(var, sh_subscript_key(c, key, kl));
      if (!v) v = "";
    } else {
      if (index < 0) {
        int64_t max = sh_array_max(var);
        if (!(var->attrs & SH_VAR_ARRAY)) max = 0;
        if (max + 1 + index < 0) return VSH_ERANGE;
        index += max + 1;
      }
      v = sh_array_get(var, index);
      if (!v) v = "";
    }
  }
  *val = v;
  *vl = v ? strlen(v) : 0;
  return 0;
}

static int ar_set(void *ud, const char *name, size_t nl, bool has_index,
                  int64_t index, const char *key, size_t kl, int64_t value) {
  sh_ctx *c = ud;
  char nm[256], num[32];
  if (nl > 255) nl = 255;
  memcpy(nm, name, nl);
  nm[nl] = 0;
  snprintf(num, sizeof(num), "%lld", (long long)value);
  sh_var *v = sh_var_find(c, nm);
  if (v && (v->attrs & SH_VAR_READONLY)) return VSH_EPERM;
  int rc;
  if (!has_index) {
    rc = sh_var_set(c, nm, num, false);
  } else if (v && (v->attrs & SH_VAR_ASSOC)) {
    rc = sh_var_set_elem(c, nm, sh_subscript_key(c, key, kl), 0, num, false);
  } else {
    if (index < 0) {
      int64_t max = v ? sh_array_max(v) : -1;
      if (max + 1 + index < 0) return VSH_ERANGE;
      index += max + 1;
    }
    rc = sh_var_set_elem(c, nm, NULL, index, num, false);
  }
  return rc == VSH_EPERM ? VSH_EACCES : rc;
}

static bool ar_is_assoc(void *ud, const char *name, size_t nl) {
  sh_ctx *c = ud;
  char nm[256];
  if (nl > 255) nl = 255;
  memcpy(nm, name, nl);
  nm[nl] = 0;
  sh_var *v = sh_var_find(c, nm);
  return v && (v->attrs & SH_VAR_ASSOC);
}

static bool ar_cancelled(void *ud) {
  sh_ctx *c = ud;
  return sh_exec_cancelled(c->ex);
}

static int ar_expand(void *ud, const char *s, size_t n, const char **out,
                     size_t *outn) {
  sh_ctx *c = ud;
  char *o;
  int rc = sh_expand_text(c, s, n, true, &o, outn);
  if (!rc) *out = o;
  return rc;
}

static int arith_run(sh_ctx *c, const char *expr, size_t len, int64_t *out,
                     bool raw) {
  sh_arith_env env = {.get = ar_get,
                      .set = ar_set,
                      .is_assoc = ar_is_assoc,
                      .cancelled = ar_cancelled,
                      .expand = ar_expand,
                      .raw = raw,
                      .ud = c,
                      .max_depth = 1024,
                      .nounset = c->opt.opts[SH_OPT_NOUNSET]};
  vsh_buf msg = {0};
  *out = 0;
  int rc = sh_arith_eval(&env, expr, len, out, &msg);
  if (msg.len) {
    /* every line is a message; the last is the error when rc != 0 */
    char *p = msg.data;
    while (p && *p) {
      char *nl = strchr(p, '\n');
      if (nl) *nl = 0;
      /* bash names no let/(( for a readonly variable */
      if (*p && c->where.arith_what && rc != VSH_EPERM)
        sh_error(c, "%s: %s", c->where.arith_what, p);
      else if (*p) sh_error(c, "%s", p);
      p = nl ? nl + 1 : NULL;
    }
  }
  vsh_buf_dispose(&msg);
  if (rc == VSH_EABORTED) c->flow.unwind = SH_UW_CANCEL;
  if (rc && rc != VSH_EABORTED) c->proc.status = 1;
  /* set -u: an unset variable ends a non-interactive shell, in (( ))
   * and let as much as in $(( )) */
  if (rc == VSH_ENOENT && c->flow.unwind != SH_UW_CANCEL) {
    c->flow.unwind = SH_UW_EXIT;
    /* bash -c exits 127 then (1 under set -e), as for ${x} */
    if ((c->opt.dash_c || c->opt.under_dash_c) && !c->opt.opts[SH_OPT_ERREXIT])
      c->proc.status = 127;
  }
  return rc;
}

int sh_arith(sh_ctx *c, const char *expr, size_t len, int64_t *out) {
  return arith_run(c, expr, len, out, false);
}

int sh_arith_raw(sh_ctx *c, const char *expr, size_t len, int64_t *out) {
  return arith_run(c, expr, len, out, true);
}
