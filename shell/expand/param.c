/* param.c: parameter expansion, ${...} in all its forms.  A parameter
 * yields either one string or a list ($@, ${a[@]}, ${!a[@]}, ${!pre@});
 * operators apply to each element; the result goes into the field
 * builder quoted or splittable.  Lists break fields only for the "@"
 * forms inside double quotes, as in bash. */
#include "shell/expand/expand_int.h"
#include "core/pattern.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pval {
  bool set;  /* the parameter is set */
  bool list; /* a list ($@ ${a[@]} ...) */
  bool at;   /* "@" form (else "*" joins) */
  char **v;  /* list elements or the one value in v[0] */
  size_t n;
  int64_t *idx; /* indexed arrays: each element's index (for slices) */
  /* bash joins an unquoted ${!pre*} (with "") or ${!a[*]} (with " ")
   * into one field when IFS is empty, where $* stays separate */
  const char *empty_ifs_join;
} pval;

bool sh_param_is_list(const sh_param *p) {
  if (p->flags & SH_PF_LENGTH) return false;
  if (p->flags & (SH_PF_AT)) return true;
  if (p->name_len == 1 && p->name[0] == '@' && !(p->flags & SH_PF_INDIRECT))
    return true;
  return false;
}

static char *adup(sh_ctx *c, const char *s, size_t n) {
  char *d = vsh__arena_alloc(&c->arena, n + 1);
  if (d) {
    memcpy(d, s, n);
    d[n] = 0;
  }
  return d;
}

static int pv_push(sh_ctx *c, pval *pv, const char *s, size_t cap_hint) {
  if (!pv->v || pv->n % 16 == 0) {
    size_t nc = pv->n + 16 + cap_hint;
    char **nv = vsh__arena_alloc(&c->arena, nc * sizeof(char *));
    if (!nv) return VSH_ENOMEM;
    if (pv->n) memcpy(nv, pv->v, pv->n * sizeof(char *));
    pv->v = nv;
  }
  pv->v[pv->n] = adup(c, s, strlen(s));
  if (!pv->v[pv->n]) return VSH_ENOMEM;
  pv->n++;
  return 0;
}

static int set_one(sh_ctx *c, pval *pv, const char *s) {
  pv->set = s != NULL;
  pv->list = false;
  pv->n = 0;
  pv->v = NULL;
  if (!s) return 0;
  return pv_push(c, pv, s, 0);
}

static int fatal(sh_ctx *c, int status) {
  c->proc.status = status;
  c->flow.unwind = SH_UW_EXIT;
  return VSH_EINVAL;
}

/* An expansion error bash recovers from: the current top-level command
 * is abandoned and the script goes on. */
static int abandon(sh_ctx *c) {
  c->proc.status = 1;
  if (!c->flow.unwind) c->flow.unwind = SH_UW_ABORT;
  return VSH_EINVAL;
}

static const char *opt_flags(sh_ctx *c) {
  static const char order[] = "abefhkmnptuvxBCEHPT";
  size_t k = 0;
  for (const char *o = order; *o && k < sizeof(c->vars.numbuf) - 3; o++) {
    for (int i = 0; i < SH_OPT__COUNT; i++)
      if (sh_opts[i].letter == *o && c->opt.opts[i]) c->vars.numbuf[k++] = *o;
    if (*o == 'h' && c->opt.interactive) c->vars.numbuf[k++] = 'i';
  }
  /* non-interactive: no 'i'; 'c' for a bash -c shell, 's' for one
   * reading its commands from stdin */
  if (c->opt.dash_c && k < sizeof(c->vars.numbuf) - 1)
    c->vars.numbuf[k++] = 'c';
  if (c->opt.dash_s && k < sizeof(c->vars.numbuf) - 1)
    c->vars.numbuf[k++] = 's';
  c->vars.numbuf[k] = 0;
  return c->vars.numbuf;
}

/* Evaluates an array subscript word as arithmetic.  As in bash, single
 * quotes are not removed there ('1' is an arithmetic syntax error):
 * a quoted part is given back its quotes. */
static int subscript_index(sh_ctx *c, const sh_word *w, int64_t *out) {
  char *s;
  size_t n;
  sh_word requoted;
  bool sq = false;
  for (size_t i = 0; i < w->n && !sq; i++) sq = w->parts[i].kind == SH_PART_SQ;
  if (sq) {
    requoted = *w;
    requoted.parts = vsh__arena_alloc(&c->arena, w->n * sizeof(sh_part));
    if (!requoted.parts) return VSH_ENOMEM;
    for (size_t i = 0; i < w->n; i++) {
      requoted.parts[i] = w->parts[i];
      if (w->parts[i].kind != SH_PART_SQ) continue;
      size_t tl = w->parts[i].u.text.len;
      char *t = vsh__arena_alloc(&c->arena, tl + 2);
      if (!t) return VSH_ENOMEM;
      t[0] = '\'';
      memcpy(t + 1, w->parts[i].u.text.s, tl);
      t[tl + 1] = '\'';
      requoted.parts[i].kind = SH_PART_LIT;
      requoted.parts[i].u.text.s = t;
      requoted.parts[i].u.text.len = tl + 2;
    }
    w = &requoted;
  }
  int rc = sh_expand_str(c, w, &s, &n);
  if (rc) return rc;
  rc = sh_arith(c, s, n, out);
  /* bash: a bad subscript ends a -c shell, drops a script's line */
  if (rc && rc != VSH_EABORTED) sh_bad_arith_value(c);
  return rc;
}

/* Fills pv for a variable name (no indirection). */
/* PIPESTATUS and FUNCNAME live in the context, not in variables. */
static sh_var *dynamic_array(sh_ctx *c, const char *name, sh_var *tmp);

sh_var *sh_dynamic_array(sh_ctx *c, const char *name, sh_var *tmp) {
  if (!(name[0] == 'P' || name[0] == 'F' || name[0] == 'B' || name[0] == 'D'))
    return NULL;
  return dynamic_array(c, name, tmp);
}

int sh_dyn_names(sh_ctx *c, const char *prefix, sh_argv *out) {
  static const char *const arrays[] = {
      "BASH_ARGC", "BASH_ARGV", "BASH_LINENO", "BASH_SOURCE",
      "DIRSTACK",  "FUNCNAME",  "PIPESTATUS"};
  size_t pl = strlen(prefix);
  for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++) {
    sh_var tmp;
    if (!strncmp(arrays[i], prefix, pl) && !sh_var_find(c, arrays[i]) &&
        sh_dynamic_array(c, arrays[i], &tmp) &&
        (tmp.n || strcmp(arrays[i], "PIPESTATUS")) &&
        sh__argv_push(c, out, arrays[i], strlen(arrays[i])))
      return VSH_ENOMEM;
  }
  for (size_t i = 0; sh_dyn_name(i); i++) {
    const char *n = sh_dyn_name(i);
    if (!strncmp(n, prefix, pl) && sh_dyn_active(c, n) && !sh_var_find(c, n) &&
        sh__argv_push(c, out, n, strlen(n)))
      return VSH_ENOMEM;
  }
  return 0;
}

const char *sh_dynamic_array_get(sh_ctx *c, const char *name, int64_t i) {
  sh_var tmp;
  sh_var *v = sh_dynamic_array(c, name, &tmp);
  return v ? sh_array_get(v, i) : NULL;
}

static sh_var *dynamic_array(sh_ctx *c, const char *name, sh_var *tmp) {
  memset(tmp, 0, sizeof(*tmp));
  tmp->attrs = SH_VAR_ARRAY;
  if (!strcmp(name, "DIRSTACK")) { /* the working directory, then dirs */
    c->dirs.stack_seen = true;
    tmp->elems =
        vsh__arena_alloc(&c->arena, (c->dirs.ndirs + 2) * sizeof(sh_aelem));
    if (!tmp->elems) return NULL;
    for (size_t i = 0; i <= c->dirs.ndirs; i++) {
      const char *d =
          i == 0 ? c->dirs.cwd : c->dirs.dirstack[c->dirs.ndirs - i];
      tmp->elems[i].idx = (int64_t)i;
      tmp->elems[i].val = adup(c, d, strlen(d));
    }
    tmp->n = c->dirs.ndirs + 1;
    return tmp;
  }
  if (!strcmp(name, "PIPESTATUS")) {
    tmp->elems = vsh__arena_alloc(&c->arena,
                                  (c->proc.npipestatus + 1) * sizeof(sh_aelem));
    if (!tmp->elems) return NULL;
    for (size_t i = 0; i < c->proc.npipestatus; i++) {
      char num[16];
      snprintf(num, sizeof(num), "%d", c->proc.pipestatus[i]);
      tmp->elems[i].idx = (int64_t)i;
      tmp->elems[i].val = adup(c, num, strlen(num));
    }
    tmp->n = c->proc.npipestatus;
    return tmp;
  }
  bool argv = !strcmp(name, "BASH_ARGV");
  if (argv || !strcmp(name, "BASH_ARGC")) {
    /* bash fills them on a first look outside functions */
    bool func = false;
    for (int i = 0; i < c->limit.funcnest && !func; i++)
      func = strcmp(c->where.frames[i].name, "source") != 0;
    if (!func && !c->opt.opts[SH_SHOPT_EXTDEBUG]) sh_bargs_init(c);
    size_t n = argv ? c->vars.nbargv : c->vars.nbargc;
    tmp->elems = vsh__arena_alloc(&c->arena, (n + 1) * sizeof(sh_aelem));
    if (!tmp->elems) return NULL;
    for (size_t i = 0; i < n; i++) {
      char num[16];
      snprintf(num, sizeof(num), "%d", argv ? 0 : c->vars.bargc[n - 1 - i]);
      const char *v = argv ? c->vars.bargv[n - 1 - i] : num;
      tmp->elems[i].idx = (int64_t)i;
      tmp->elems[i].val = adup(c, v, strlen(v));
    }
    tmp->n = n;
    return tmp;
  }
  bool fn = !strcmp(name, "FUNCNAME"), bs = !strcmp(name, "BASH_SOURCE"),
       bl = !strcmp(name, "BASH_LINENO");
  if (fn || bs || bl) {
    /* frames innermost first, then, when a script file runs, the
     * bottom one ("main", the file, line 0); -c and stdin have none */
    if (fn && c->limit.funcnest == 0) return NULL;
    if (fn) {
      /* bash shows FUNCNAME only under a function: `source` frames
       * alone (a file sourced at top level) leave it empty */
      bool func = false;
      for (int i = 0; i < c->limit.funcnest && !func; i++)
        func = strcmp(c->where.frames[i].name, "source") != 0;
      if (!func) return NULL;
    }
    size_t n = (size_t)c->limit.funcnest + (c->where.script_src != NULL);
    tmp->elems = vsh__arena_alloc(&c->arena, (n + 1) * sizeof(sh_aelem));
    if (!tmp->elems) return NULL;
    for (size_t i = 0; i < n; i++) {
      const sh_frame *f = i < (size_t)c->limit.funcnest
                              ? &c->where.frames[c->limit.funcnest - 1 - (int)i]
                              : NULL;
      char num[16];
      const char *v;
      if (fn) {
        v = f ? f->name : "main";
      } else if (bs) {
        /* the bottom frame: the script file, "" for -c and stdin */
        v = f ? f->src : c->where.script_src ? c->where.script_src : "";
      } else {
        snprintf(num, sizeof(num), "%u", f ? f->call_line : 0);
        v = adup(c, num, strlen(num));
      }
      tmp->elems[i].idx = (int64_t)i;
      tmp->elems[i].val = (char *)v;
    }
    tmp->n = n;
    return tmp;
  }
  return NULL;
}

static int var_values(sh_ctx *c, const char *name, const sh_param *p,
                      pval *pv) {
  memset(pv, 0, sizeof(*pv));
  sh_var *v = sh_var_find(c, name);
  sh_var dyn;
  if (!v) v = sh_dynamic_array(c, name, &dyn);
  bool whole = p->flags & (SH_PF_AT | SH_PF_STAR);
  if (whole) {
    pv->list = true;
    pv->at = p->flags & SH_PF_AT;
    if (!v || (v->attrs & SH_VAR_UNSET)) return 0;
    pv->set = true;
    if (v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC)) {
      if (v->attrs & SH_VAR_ASSOC) sh_assoc_order(v);
      for (size_t i = 0; i < v->n; i++) {
        int rc = pv_push(c, pv, v->elems[i].val, v->n);
        if (rc) return rc;
      }
      if (!(v->attrs & SH_VAR_ASSOC) && v->n) {
        pv->idx = vsh__arena_alloc(&c->arena, v->n * sizeof(int64_t));
        if (!pv->idx) return VSH_ENOMEM;
        for (size_t i = 0; i < v->n; i++) pv->idx[i] = v->elems[i].idx;
      }
      pv->set = v->n > 0;
      return 0;
    }
    return v->val ? pv_push(c, pv, v->val, 0) : 0;
  }
  if (p->index) {
    if (!v || (v->attrs & SH_VAR_UNSET)) {
      if (!(v && (v->attrs & SH_VAR_ASSOC))) {
        int64_t ix;
        int rc = subscript_index(c, p->index, &ix); /* side effects */
        if (rc) return rc;
      }
      return set_one(c, pv, NULL);
    }
    if (v->attrs & SH_VAR_ASSOC) {
      char *key;
      size_t kn;
      int rc = sh_expand_str(c, p->index, &key, &kn);
      if (rc) return rc;
      return set_one(c, pv, sh_assoc_get(v, key));
    }
    int64_t ix;
    int rc = subscript_index(c, p->index, &ix);
    if (rc) return rc;
    if (ix < 0) {
      int64_t max = (v->attrs & SH_VAR_ARRAY) ? sh_array_max(v) : 0;
      if (max + 1 + ix < 0) {
        sh_error(c, "%s: bad array subscript", name);
        return set_one(c, pv, NULL);
      }
      ix = max + 1 + ix;
    }
    return set_one(c, pv, sh_array_get(v, ix));
  }
  if (v == &dyn) return set_one(c, pv, sh_array_get(v, 0));
  sh_var *raw = v ? NULL : sh_var_find_raw(c, name);
  if (raw && (raw->attrs & SH_VAR_NAMEREF)) /* warned once: a cycle */
    return set_one(c, pv, NULL);
  return set_one(c, pv, sh_var_get(c, name));
}

static int param_values(sh_ctx *c, const sh_param *p, pval *pv);

/* The values of p applied to the parameter named by target ("x",
 * "a[2]", "a[@]", "1", "#"): ${!ref} and namerefs to such names. */
static int target_values(sh_ctx *c, const sh_param *p, const char *target,
                         pval *pv) {
  sh_param q = *p;
  if (p->flags &
      SH_PF_INDIRECT) { /* ${!r[@]:2}: [@] was r's, not the target's */
    q.flags &= ~(SH_PF_AT | SH_PF_STAR);
    q.index = NULL;
  }
  q.flags &= ~SH_PF_INDIRECT;
  const char *br = strchr(target, '[');
  size_t tl = br ? (size_t)(br - target) : strlen(target);
  bool special = tl == 1 && strchr("@*#?$!-0123456789", target[0]);
  if (!special && !sh_valid_name(target, tl) &&
      !(tl > 0 && target[0] >= '0' && target[0] <= '9')) {
    sh_error(c, "%s: invalid variable name", target);
    return abandon(c);
  }
  q.name = target;
  q.name_len = tl;
  q.index = NULL;
  if (br) {
    size_t len = strlen(br);
    if (len >= 3 && br[len - 1] == ']') {
      if (len == 3 && (br[1] == '@' || br[1] == '*')) {
        q.flags |= br[1] == '@' ? SH_PF_AT : SH_PF_STAR;
      } else {
        /* a subscript given as text: expanded as bash does ('A["K"]',
         * 'a[$i]', 'a[$(cmd)]'), then wrapped as a one-part literal word
         * for the assoc key or the indexed array's arithmetic */
        sh_word *w = vsh__arena_zalloc(&c->arena, sizeof(*w));
        sh_part *pt = vsh__arena_zalloc(&c->arena, sizeof(*pt));
        if (!w || !pt) return VSH_ENOMEM;
        pt->kind = SH_PART_ESC; /* literal, no globbing, not requoted */
        char tn[256];
        snprintf(tn, sizeof tn, "%.*s", (int)tl, target);
        sh_var *tv = sh_var_find(c, tn);
        if ((!tv || !(tv->attrs & SH_VAR_ASSOC)) && memchr(br, '\'', len)) {
          /* an indexed array's arithmetic sees 'K' as written: bash's
           * "operand expected" error */
          pt->u.text.s = vsh__arena_strndup(&c->arena, br + 1, len - 2);
        } else {
          pt->u.text.s = sh_subscript_key(c, br + 1, len - 2);
        }
        pt->u.text.len = strlen(pt->u.text.s);
        w->parts = pt;
        w->n = 1;
        q.index = w;
      }
    }
  }
  return param_values(c, &q, pv);
}

/* The values of p before any operator. */
static int param_values(sh_ctx *c, const sh_param *p, pval *pv) {
  memset(pv, 0, sizeof(*pv));
  char name[256];
  size_t nl = p->name_len < sizeof(name) - 1 ? p->name_len : sizeof(name) - 1;
  memcpy(name, p->name, nl);
  name[nl] = 0;

  if (p->flags & SH_PF_PREFIX) {
    /* ${!pre*} / ${!pre@}: names of set variables with that prefix */
    pv->list = true;
    pv->at = p->flags & SH_PF_AT;
    pv->set = true;
    pv->empty_ifs_join = "";
    sh_argv names = {0};
    if (sh_dyn_names(c, name, &names)) return VSH_ENOMEM;
    for (sh_scope *s = c->vars.scope; s; s = s->up)
      for (sh_var *v = s->vars; v; v = v->hh.next)
        if (!(v->attrs & SH_VAR_UNSET) && strncmp(v->name, name, nl) == 0) {
          bool dup = false;
          for (size_t i = 0; i < names.n; i++)
            if (strcmp(names.v[i], v->name) == 0) dup = true;
          if (!dup && sh__argv_push(c, &names, v->name, strlen(v->name)))
            return VSH_ENOMEM;
        }
    for (size_t i = 1; i < names.n; i++) /* insertion sort: small */
      for (size_t j = i; j > 0 && strcmp(names.v[j - 1], names.v[j]) > 0; j--) {
        char *t = names.v[j];
        names.v[j] = names.v[j - 1];
        names.v[j - 1] = t;
      }
    for (size_t i = 0; i < names.n; i++)
      if (pv_push(c, pv, names.v[i], names.n)) return VSH_ENOMEM;
    return 0;
  }
  if (p->flags & SH_PF_KEYS) {
    pv->list = true;
    pv->at = p->flags & SH_PF_AT;
    pv->empty_ifs_join = " ";
    sh_var *v = sh_var_find(c, name);
    if (!v || (v->attrs & SH_VAR_UNSET)) return 0;
    pv->set = true;
    if (v->attrs & SH_VAR_ASSOC) {
      sh_assoc_order(v);
      for (size_t i = 0; i < v->n; i++)
        if (pv_push(c, pv, v->elems[i].key, v->n)) return VSH_ENOMEM;
    } else if (v->attrs & SH_VAR_ARRAY) {
      for (size_t i = 0; i < v->n; i++) {
        char tmp[32];
        snprintf(tmp, sizeof(tmp), "%lld", (long long)v->elems[i].idx);
        if (pv_push(c, pv, tmp, v->n)) return VSH_ENOMEM;
      }
    } else if (v->val) {
      return pv_push(c, pv, "0", 0);
    }
    return 0;
  }

  /* ${!ref} on a nameref gives the name it refers to (bash inverts) */
  if ((p->flags & SH_PF_INDIRECT) && !p->index &&
      !(p->flags & (SH_PF_AT | SH_PF_STAR))) {
    sh_var *raw = sh_var_find_raw(c, name);
    if (raw && (raw->attrs & SH_VAR_NAMEREF) && raw->val)
      return set_one(c, pv, raw->val);
  }
  /* a nameref to a[2] or a[@] resolves like ${!ref}; one to a name
   * that is not a variable's (1, #) reads as its own text, as in bash */
  if (!(p->flags & SH_PF_INDIRECT) && sh_valid_name(name, nl)) {
    sh_var *raw = sh_var_find_raw(c, name);
    if (raw && (raw->attrs & SH_VAR_NAMEREF) && raw->val && *raw->val &&
        !sh_valid_name(raw->val, strlen(raw->val))) {
      const char *br = strchr(raw->val, '[');
      if (!br || !sh_valid_name(raw->val, (size_t)(br - raw->val)) ||
          c->vars.nameref_hops >= 8)
        return set_one(c, pv, raw->val);
      if (p->index || (p->flags & (SH_PF_AT | SH_PF_STAR))) {
        /* ${ref[i]} and ${ref[@]} of a ref to a[2] or a[@]: nothing */
        if (p->index) return set_one(c, pv, NULL);
        memset(pv, 0, sizeof(*pv));
        pv->list = true;
        pv->at = p->flags & SH_PF_AT;
        return 0;
      }
      c->vars.nameref_hops++;
      int rc = target_values(c, p, raw->val, pv);
      c->vars.nameref_hops--;
      return rc;
    }
  }
  if (p->flags & SH_PF_INDIRECT) {
    /* ${!x}: x holds the name (possibly with a subscript); x itself may
     * be a positional or special parameter */
    sh_param base = *p;
    base.flags &= ~(SH_PF_INDIRECT | SH_PF_COLON | SH_PF_LENGTH);
    base.op = SH_POP_NONE;
    base.arg = base.arg2 = NULL;
    pval tv;
    int trc = param_values(c, &base, &tv);
    if (trc) return trc;
    const char *target = tv.n ? tv.v[0] : NULL;
    if (tv.list && tv.n > 1) { /* the words joined name no variable */
      vsh_buf j = {0};
      for (size_t i = 0; i < tv.n; i++) {
        if (i) vsh__buf_putc(&j, ' ');
        vsh__buf_puts(&j, tv.v[i]);
      }
      sh_error(c, "%s: invalid variable name", j.data ? j.data : "");
      vsh_buf_dispose(&j);
      return abandon(c);
    }
    /* bash 5: an unset variable (not a positional parameter) is an
     * error whatever the operator; an empty one names no variable */
    if (target && !*target) {
      sh_error(c, ": invalid variable name");
      return abandon(c);
    }
    if (!target) {
      /* declared without a value (declare x, a=()) reads as empty */
      sh_var *self = sh_valid_name(name, nl) ? sh_var_find_raw(c, name) : NULL;
      if (!sh_valid_name(name, nl) || (self && !(self->attrs & SH_VAR_NAMEREF)))
        return set_one(c, pv, NULL);
      sh_error(c, "%s: invalid indirect expansion", name);
      return abandon(c);
    }
    c->vars.ind_target = target;
    return target_values(c, p, target, pv);
  }

  if (nl == 1 && (name[0] == '@' || name[0] == '*')) {
    pv->list = true;
    pv->at = name[0] == '@';
    pv->set = c->vars.npos > 0;
    for (size_t i = 0; i < c->vars.npos; i++)
      if (pv_push(c, pv, c->vars.pos[i], c->vars.npos)) return VSH_ENOMEM;
    return 0;
  }
  if (name[0] >= '0' && name[0] <= '9') {
    long k = strtol(name, NULL, 10);
    if (k == 0) return set_one(c, pv, c->vars.arg0);
    return set_one(c, pv,
                   (size_t)k <= c->vars.npos ? c->vars.pos[k - 1] : NULL);
  }
  if (nl == 1) {
    char tmp[32];
    switch (name[0]) {
    case '#':
      snprintf(tmp, sizeof(tmp), "%zu", c->vars.npos);
      return set_one(c, pv, tmp);
    case '?':
      snprintf(tmp, sizeof(tmp), "%d", c->proc.status);
      return set_one(c, pv, tmp);
    case '$':
      snprintf(tmp, sizeof(tmp), "%d", c->proc.pid);
      return set_one(c, pv, tmp);
    case '!':
      if (!c->proc.last_bg_pid) return set_one(c, pv, NULL);
      snprintf(tmp, sizeof(tmp), "%d", c->proc.last_bg_pid);
      return set_one(c, pv, tmp);
    case '-': return set_one(c, pv, opt_flags(c));
    case '_':
      return set_one(c, pv, c->vars.underscore ? c->vars.underscore : "");
    default: break;
    }
  }
  return var_values(c, name, p, pv);
}

/* ---- operators ---------------------------------------------------------- */

static const char *ifs_sep(sh_ctx *c, char *buf);

/* The ':' tests.  A quoted (or unsplit) $* / ${a[*]} is null when its
 * joined text is; an unquoted one, like $@, only when it has no
 * elements or a single empty one. */
static bool is_null(sh_ctx *c, const pval *pv, bool joined) {
  if (!pv->set) return true;
  if (pv->list) {
    if (pv->n == 0) return true;
    if (pv->at || !joined) return pv->n == 1 && pv->v[0][0] == 0;
    for (size_t i = 0; i < pv->n; i++)
      if (pv->v[i][0]) return false;
    char sepbuf[2];
    return pv->n == 1 || !*ifs_sep(c, sepbuf);
  }
  return pv->n == 0 || pv->v[0][0] == 0;
}

static int compile_pat(sh_ctx *c, const sh_word *w, sh_pattern **pat,
                       unsigned extra) {
  char *s;
  size_t n;
  unsigned char *q;
  int rc = sh_expand_pattern(c, w, &s, &n, &q);
  if (rc) return rc;
  if (n == 0) { /* an empty pattern (also after expansion) */
    *pat = NULL;
    return 0;
  }
  unsigned fl = SH_PAT_EXTGLOB | (sh_byte_locale(c) ? SH_PAT_BYTES : 0);
  return sh_pattern_compile(pat, &c->arena, s, n, q, fl | extra);
}

/* ${x#p} and friends: *out is s without the match; a failed match (work
 * limit, memory) is an error, never "no match". */
static int remove_pat(sh_ctx *c, const char *s, sh_pattern *pat, int mode,
                      char **out) {
  sh_pattern_budget b;
  sh_pattern_budget_init(c, &b);
  size_t st, ln, n = strlen(s);
  *out = (char *)s;
  int r = sh_pattern_find(pat, s, n, mode, &st, &ln, &b);
  if (r < 0) return sh_pattern_failed(c, r);
  if (r == 0) return 0;
  char *d = vsh__arena_alloc(&c->arena, n - ln + 1);
  if (!d) return sh_pattern_failed(c, VSH_ENOMEM);
  memcpy(d, s, st);
  memcpy(d + st, s + st + ln, n - st - ln);
  d[n - ln] = 0;
  *out = d;
  return 0;
}

typedef struct repl {
  sh_ctx *c;
  const char *s, *rep;
  size_t rl, pos; /* s[pos..) is not yet copied */
  vsh_buf out;
} repl;

static int repl_one(void *ud, size_t st, size_t len) {
  repl *r = ud;
  if (vsh__buf_append(&r->out, r->s + r->pos, st - r->pos) ||
      vsh__buf_append(&r->out, r->rep, r->rl))
    return VSH_ENOMEM;
  if (r->out.len > r->c->ex->limits.max_string) return VSH_ELIMIT;
  r->pos = st + len;
  return 0;
}

/* ${x/p/r} ${x//p/r} ${x/#p/r} ${x/%p/r}: one scan over s, so replacing
 * every match is linear in s for a literal pattern. */
static int replace_pat(sh_ctx *c, const char *s, sh_pattern *pat,
                       sh_param_op op, const char *rep, char **res) {
  sh_pattern_budget b;
  sh_pattern_budget_init(c, &b);
  size_t n = strlen(s);
  repl r = {.c = c, .s = s, .rep = rep, .rl = strlen(rep)};
  int rc;
  *res = (char *)s;
  if (op == SH_POP_REPLACE_PRE || op == SH_POP_REPLACE_SUF) {
    size_t st, ln;
    int mode =
        op == SH_POP_REPLACE_PRE ? SH_PAT_PREFIX_LONG : SH_PAT_SUFFIX_LONG;
    rc = sh_pattern_find(pat, s, n, mode, &st, &ln, &b);
    if (rc == 1) rc = repl_one(&r, st, ln);
  } else {
    rc = sh_pattern_scan(pat, s, n, op == SH_POP_REPLACE_ALL, repl_one, &r, &b);
  }
  if (rc < 0) {
    vsh_buf_dispose(&r.out);
    if (rc == VSH_ELIMIT && r.out.len > c->ex->limits.max_string) {
      sh_exec_limit(c->ex, "string length limit exceeded (%llu bytes)",
                    (unsigned long long)c->ex->limits.max_string);
      return rc;
    }
    return sh_pattern_failed(c, rc);
  }
  if (r.pos < n && vsh__buf_append(&r.out, s + r.pos, n - r.pos)) {
    vsh_buf_dispose(&r.out);
    return sh_pattern_failed(c, VSH_ENOMEM);
  }
  char *d = adup(c, r.out.data ? r.out.data : "", r.out.len);
  vsh_buf_dispose(&r.out);
  if (!d) return sh_pattern_failed(c, VSH_ENOMEM);
  *res = d;
  return 0;
}

static int case_map(sh_ctx *c, const char *s, sh_param_op op, sh_pattern *pat,
                    char **res) {
  size_t n = strlen(s);
  char *d = adup(c, s, n);
  *res = (char *)s;
  if (!d) return sh_pattern_failed(c, VSH_ENOMEM);
  bool upper = op == SH_POP_UPPER_FIRST || op == SH_POP_UPPER_ALL;
  bool toggle = op == SH_POP_TOGGLE_FIRST || op == SH_POP_TOGGLE_ALL;
  bool all = op == SH_POP_UPPER_ALL || op == SH_POP_LOWER_ALL ||
             op == SH_POP_TOGGLE_ALL;
  sh_pattern_budget b;
  sh_pattern_budget_init(c, &b);
  for (size_t i = 0; i < n;) {
    int32_t cp;
    int l = vsh__utf8_decode(d + i, n - i, &cp);
    int hit = pat ? sh_pattern_match(pat, d + i, (size_t)l, &b) : 1;
    if (hit < 0) return sh_pattern_failed(c, hit);
    bool ok = hit == 1;
    if (ok && l == 1) {
      bool up = toggle ? d[i] >= 'a' && d[i] <= 'z' : upper;
      if (up && d[i] >= 'a' && d[i] <= 'z') d[i] -= 32;
      else if (!up && d[i] >= 'A' && d[i] <= 'Z') d[i] += 32;
    } else if (ok && l > 1 && cp >= 0) {
      /* mapped in place when the other case encodes in as many bytes */
      bool up = toggle ? vsh__cp_upper(cp) != cp : upper;
      int32_t m = up ? vsh__cp_upper(cp) : vsh__cp_lower(cp);
      char tmp[4];
      if (m != cp && vsh__utf8_encode(m, tmp) == l)
        memcpy(d + i, tmp, (size_t)l);
    }
    if (!all) break;
    i += (size_t)l;
  }
  *res = d;
  return 0;
}

/* Byte offset of character index k in s (UTF-8 aware). */
static size_t char_off(const char *s, size_t n, int64_t k) {
  size_t i = 0;
  while (k > 0 && i < n) {
    int32_t cp;
    i += (size_t)vsh__utf8_decode(s + i, n - i, &cp);
    k--;
  }
  return i;
}

/* total: the length; with by_index, an indexed array's highest index
 * (one more may not fit in 64 bits), a negative offset counting back
 * from just past it */
static int substr_bounds_at(sh_ctx *c, const sh_param *p, int64_t total,
                            bool by_index, bool list, int64_t *from,
                            int64_t *count, bool *ok) {
  char *s;
  size_t n;
  *ok = true;
  /* an error names the parameter and abandons the line, as bash's */
  char what[96];
  snprintf(what, sizeof what, "%.*s", (int)p->name_len, p->name);
  /* with its subscript as written: a[@], a[1] */
  bool named =
      p->name_len && (isalpha((unsigned char)p->name[0]) || p->name[0] == '_');
  size_t wl = strlen(what);
  if (named && (p->flags & (SH_PF_AT | SH_PF_STAR)))
    snprintf(what + wl, sizeof what - wl, "[%c]",
             (p->flags & SH_PF_AT) ? '@' : '*');
  else if (named && p->index && p->index->src)
    snprintf(what + wl, sizeof what - wl, "[%.*s]", (int)p->index->src_len,
             p->index->src);
  const char *owhat = c->where.arith_what;
  c->where.arith_what = what;
  int rc = sh_expand_str(c, p->arg, &s, &n);
  if (!rc) rc = sh_arith(c, s, n, from);
  c->where.arith_what = owhat;
  if (rc) return c->flow.unwind == SH_UW_NONE ? abandon(c) : rc;
  if (*from < 0) *from = by_index ? total + (*from + 1) : *from + total;
  if (*from < 0 || *from > total) {
    *ok = false;
    return 0;
  }
  *count = total - *from;
  if (p->flags & SH_PF_HAS_LEN) {
    int64_t len;
    c->where.arith_what = what;
    rc = sh_expand_str(c, p->arg2, &s, &n);
    if (!rc) rc = sh_arith(c, s, n, &len);
    c->where.arith_what = owhat;
    if (rc) return c->flow.unwind == SH_UW_NONE ? abandon(c) : rc;
    if (len < 0) {
      /* a list (${@:o:-n}, ${a[@]:o:-n}) takes no negative length */
      if (list || total + len < *from) {
        sh_error(c, "%.*s: substring expression < 0", (int)n, s);
        return abandon(c);
      }
      *count = total + len - *from;
    } else if (len < *count) {
      *count = len;
    }
  }
  return 0;
}

static int substr_bounds(sh_ctx *c, const sh_param *p, int64_t total,
                         int64_t *from, int64_t *count, bool *ok) {
  return substr_bounds_at(c, p, total, false, false, from, count, ok);
}

static char *quote_q(sh_ctx *c, const char *s) {
  vsh_buf b = {0};
  sh_quote_single(&b, s);
  char *d = adup(c, b.data ? b.data : "", b.len);
  vsh_buf_dispose(&b);
  return d;
}

static char *transform(sh_ctx *c, const sh_param *p, const char *s) {
  switch (p->transform) {
  case 'Q': return quote_q(c, s);
  case 'U':
  case 'u':
  case 'L': {
    char *d = adup(c, s, strlen(s));
    for (char *q = d; q && *q; q++) {
      if (p->transform == 'L' && *q >= 'A' && *q <= 'Z') *q += 32;
      if (p->transform != 'L' && *q >= 'a' && *q <= 'z') *q -= 32;
      if (p->transform == 'u') break;
    }
    return d;
  }
  case 'E': return sh__ansi_unescape(c, s);
  case 'P': return sh_expand_prompt(c, s);
  case 'a': {
    char name[256];
    const char *src = p->name;
    size_t nl = p->name_len;
    if ((p->flags & SH_PF_INDIRECT) && c->vars.ind_target) { /* the target's */
      src = c->vars.ind_target;
      nl = strcspn(src, "[");
    }
    nl = nl < 255 ? nl : 255;
    memcpy(name, src, nl);
    name[nl] = 0;
    sh_var *v = sh_var_find(c, name);
    char *d = vsh__arena_alloc(&c->arena, 16);
    size_t k = 0;
    if (v && d) {
      if (v->attrs & SH_VAR_ARRAY) d[k++] = 'a';
      if (v->attrs & SH_VAR_ASSOC) d[k++] = 'A';
      if (v->attrs & SH_VAR_INTEGER) d[k++] = 'i';
      if (v->attrs & SH_VAR_LOWER) d[k++] = 'l';
      if (v->attrs & SH_VAR_NAMEREF) d[k++] = 'n';
      if (v->attrs & SH_VAR_READONLY) d[k++] = 'r';
      if (v->attrs & SH_VAR_UPPER) d[k++] = 'u';
      if (v->attrs & SH_VAR_EXPORT) d[k++] = 'x';
    }
    if (d) d[k] = 0;
    return d ? d : (char *)"";
  }
  case 'A': {
    vsh_buf b = {0};
    sh_param q = *p; /* bash: declare -FLAGS first when it has some */
    q.transform = 'a';
    const char *f = transform(c, &q, s ? s : "");
    if (f && *f) vsh__buf_printf(&b, "declare -%s ", f);
    char nm[256]; /* a nameref's: the variable it leads to */
    size_t nl = p->name_len < 255 ? p->name_len : 255;
    memcpy(nm, p->name, nl);
    nm[nl] = 0;
    vsh__buf_puts(&b, sh_valid_name(nm, nl) ? sh_nameref_target(c, nm) : nm);
    if (!s) { /* declared, no value: its attributes alone (none: "") */
      char *d = f && *f ? adup(c, b.data, b.len) : (char *)"";
      vsh_buf_dispose(&b);
      return d;
    }
    vsh__buf_putc(&b, '=');
    vsh__buf_puts(&b, quote_q(c, s));
    char *d = adup(c, b.data, b.len);
    vsh_buf_dispose(&b);
    return d;
  }
  case 'K':
  case 'k': return quote_q(c, s);
  default: return (char *)s;
  }
}

/* ${a[@]@A}, ${a[@]@K} and ${a[@]@k} of a whole array, and ${@@A}:
 * true when it applied (the result in pv). */
static bool transform_whole(sh_ctx *c, const sh_param *p, const char *name,
                            pval *pv, int *rc) {
  bool pos = !strcmp(name, "@") || !strcmp(name, "*");
  if (!(pos || (p->flags & (SH_PF_AT | SH_PF_STAR))) || !p->transform ||
      !strchr("AKk", p->transform) || (p->flags & SH_PF_INDIRECT))
    return false;
  vsh_buf b = {0};
  bool words = p->transform == 'k';
  if (pos) {
    if (p->transform != 'A' || !pv->n) return false;
    vsh__buf_puts(&b, "set --");
    for (size_t i = 0; i < pv->n; i++) {
      vsh__buf_putc(&b, ' ');
      sh_quote_single(&b, pv->v[i]);
    }
  } else {
    sh_var *v = sh_var_find(c, name);
    if (!v || !(v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC))) return false;
    if (v->attrs & SH_VAR_ASSOC) sh_assoc_order(v);
    if (words) { /* key and value, each its own word */
      pv->n = 0;
      pv->v = NULL;
      for (size_t i = 0; i < v->n && !*rc; i++) {
        char ix[32];
        snprintf(ix, sizeof ix, "%lld", (long long)v->elems[i].idx);
        *rc = pv_push(c, pv, v->elems[i].key ? v->elems[i].key : ix, 2 * v->n);
        if (!*rc) *rc = pv_push(c, pv, v->elems[i].val, 0);
      }
      pv->set = pv->n > 0;
      return true;
    }
    if (p->transform == 'A') {
      sh__var_print(&b, v, "declare");
      if (b.len) b.data[--b.len] = 0; /* its newline */
    } else {
      sh__array_pairs(&b, v);
    }
  }
  *rc = set_one(c, pv, b.data ? b.data : "");
  vsh_buf_dispose(&b);
  return true;
}

/* Applies a value-mapping operator to every element. */
static int map_values(sh_ctx *c, const sh_param *p, pval *pv) {
  sh_pattern *pat = NULL;
  int rc = 0;
  const char *rep = "";
  switch (p->op) {
  case SH_POP_PREFIX:
  case SH_POP_PREFIX_LONG:
  case SH_POP_SUFFIX:
  case SH_POP_SUFFIX_LONG:
  case SH_POP_REPLACE:
  case SH_POP_REPLACE_ALL:
  case SH_POP_REPLACE_PRE:
  case SH_POP_REPLACE_SUF: {
    /* bash folds case for ${x/p/r} under nocasematch, not for ${x#p} */
    bool sub = p->op >= SH_POP_REPLACE && p->op <= SH_POP_REPLACE_SUF;
    unsigned nc = sub && c->opt.opts[SH_SHOPT_NOCASEMATCH] ? SH_PAT_NOCASE : 0;
    rc = p->arg ? compile_pat(c, p->arg, &pat, nc) : 0;
    if (!rc && p->arg2) {
      char *r;
      size_t rn;
      rc = sh_expand_str(c, p->arg2, &r, &rn);
      rep = r;
    }
    break;
  }
  case SH_POP_UPPER_FIRST:
  case SH_POP_UPPER_ALL:
  case SH_POP_LOWER_FIRST:
  case SH_POP_LOWER_ALL:
  case SH_POP_TOGGLE_FIRST:
  case SH_POP_TOGGLE_ALL:
    if (p->arg && p->arg->n) rc = compile_pat(c, p->arg, &pat, 0);
    break;
  default: break;
  }
  if (rc) return rc;
  for (size_t i = 0; i < pv->n; i++) {
    char *s = pv->v[i];
    switch (p->op) {
    case SH_POP_PREFIX:
      if (pat) rc = remove_pat(c, s, pat, SH_PAT_PREFIX_SHORT, &s);
      break;
    case SH_POP_PREFIX_LONG:
      if (pat) rc = remove_pat(c, s, pat, SH_PAT_PREFIX_LONG, &s);
      break;
    case SH_POP_SUFFIX:
      if (pat) rc = remove_pat(c, s, pat, SH_PAT_SUFFIX_SHORT, &s);
      break;
    case SH_POP_SUFFIX_LONG:
      if (pat) rc = remove_pat(c, s, pat, SH_PAT_SUFFIX_LONG, &s);
      break;
    case SH_POP_REPLACE:
    case SH_POP_REPLACE_ALL:
      /* an empty pattern replaces nothing (but /# and /% insert) */
      if (pat) rc = replace_pat(c, s, pat, p->op, rep, &s);
      break;
    case SH_POP_REPLACE_PRE:
    case SH_POP_REPLACE_SUF:
      if (pat) {
        rc = replace_pat(c, s, pat, p->op, rep, &s);
      } else { /* an empty anchored pattern inserts at that end */
        size_t sl = strlen(s), rl = strlen(rep);
        char *d = vsh__arena_alloc(&c->arena, sl + rl + 1);
        if (d) {
          bool pre = p->op == SH_POP_REPLACE_PRE;
          memcpy(d, pre ? rep : s, pre ? rl : sl);
          memcpy(d + (pre ? rl : sl), pre ? s : rep, pre ? sl : rl);
          d[sl + rl] = 0;
          s = d;
        }
      }
      break;
    case SH_POP_UPPER_FIRST:
    case SH_POP_UPPER_ALL:
    case SH_POP_LOWER_FIRST:
    case SH_POP_LOWER_ALL:
    case SH_POP_TOGGLE_FIRST:
    case SH_POP_TOGGLE_ALL: rc = case_map(c, s, p->op, pat, &s); break;
    case SH_POP_TRANSFORM: s = transform(c, p, s); break;
    default: break;
    }
    if (rc) return rc;
    pv->v[i] = s;
  }
  return 0;
}

/* ---- output ---------------------------------------------------------------- */

static const char *ifs_sep(sh_ctx *c, char *buf) {
  sh_var *v = sh_var_find(c, "IFS");
  if (!v || (v->attrs & SH_VAR_UNSET)) return " ";
  const char *ifs = v->val ? v->val : "";
  buf[0] = ifs[0];
  buf[1] = 0;
  return buf;
}

static int emit(xb *b, pval *pv, bool quoted) {
  sh_ctx *c = b->c;
  unsigned char m = quoted ? XM_QUOTED : XM_SPLIT;
  b->list_nonempty = pv->n > 0;
  if (!pv->list) {
    if (pv->n == 0) return quoted ? xb_anchor(b) : xb_add(b, "", 0, m);
    const char *s = pv->v[0];
    int rc = xb_add(b, s, strlen(s), m);
    if (!rc && quoted && !*s) rc = xb_anchor(b);
    return rc;
  }
  char sepbuf[2];
  const char *sep = pv->at ? " " : ifs_sep(c, sepbuf);
  bool join = b->no_split || (quoted && !pv->at);
  if (!quoted && !b->no_split) {
    /* Unquoted $@ / $*: the elements are joined with IFS's first
     * character and the result is split, so with a non-whitespace
     * separator an empty element still delimits an empty field
     * (IFS=x; set -- a '' b -> a, '', b).  An empty IFS splits nothing:
     * each non-empty element is a field. */
    sep = ifs_sep(c, sepbuf);
    if (*sep) {
      join = true;
    } else if (!pv->at && pv->empty_ifs_join) {
      join = true;
      sep = pv->empty_ifs_join;
    }
  }
  for (size_t i = 0; i < pv->n; i++) {
    int rc = 0;
    if (i) {
      if (join) rc = xb_add(b, sep, strlen(sep), m);
      else if (quoted || !b->no_split) rc = xb_break(b);
    }
    if (!rc) rc = xb_add(b, pv->v[i], strlen(pv->v[i]), m);
    if (!rc && quoted && !pv->v[i][0]) rc = xb_anchor(b);
    if (rc) return rc;
  }
  if (pv->n == 0 && quoted && !pv->at) return xb_anchor(b);
  return 0;
}

/* Tilde expansion the parser leaves inside operands: a leading ~ (and,
 * in an assignment, one after each ':') in unquoted literal text. */
static int lit_with_tildes(xb *b, const sh_part *p, bool at_start) {
  const char *s = p->u.text.s;
  size_t n = p->u.text.len, i = 0;
  while (i < n) {
    bool here = s[i] == '~' && ((i == 0 && at_start) ||
                                (b->assign && i > 0 && s[i - 1] == ':'));
    if (here) {
      size_t e = i + 1;
      while (e < n && s[e] != '/' && !(b->assign && s[e] == ':')) e++;
      sh_part t = {.kind = SH_PART_TILDE};
      t.u.tilde.user = s + i + 1;
      t.u.tilde.len = e - i - 1;
      int rc = xb_tilde(b, &t);
      if (rc) return rc;
      i = e;
      continue;
    }
    size_t e = i + 1;
    while (e < n && !(s[e] == '~' && b->assign && s[e - 1] == ':')) e++;
    sh_part lit = *p;
    lit.u.text.s = s + i;
    lit.u.text.len = e - i;
    int rc = xb_part(b, &lit, false);
    if (rc) return rc;
    i = e;
  }
  return 0;
}

static int add_word(xb *b, const sh_word *w, bool quoted) {
  /* unquoted literal text in an operand is split like the expansion */
  bool saved = b->operand;
  b->operand = !quoted;
  for (size_t i = 0; w && i < w->n; i++) {
    const sh_part *pt = &w->parts[i];
    int rc;
    if (!quoted && pt->kind == SH_PART_LIT &&
        memchr(pt->u.text.s, '~', pt->u.text.len))
      rc = lit_with_tildes(b, pt, i == 0);
    else rc = xb_part(b, pt, quoted);
    if (rc) {
      b->operand = saved;
      return rc;
    }
  }
  b->operand = saved;
  if (quoted && (!w || w->n == 0)) return xb_anchor(b);
  return 0;
}

int xb_param(xb *b, const sh_param *p, bool quoted) {
  sh_ctx *c = b->c;
  if (p->op == SH_POP_BAD) { /* ${#x-y}, ${a&}: bash drops the line */
    if (p->bad_in)           /* bash names the whole string it was expanding */
      sh_error(c, "%.*s: bad substitution", (int)p->bad_in_len, p->bad_in);
    else
      sh_error(c, "${%.*s}: bad substitution", (int)p->name_len,
               p->name ? p->name : "");
    sh__expand_error(c);
    return VSH_EINVAL;
  }
  pval pv;
  int rc = param_values(c, p, &pv);
  if (rc) return rc;
  char name[256];
  size_t nl = p->name_len < 255 ? p->name_len : 255;
  memcpy(name, p->name, nl);
  name[nl] = 0;
  bool colon = p->flags & SH_PF_COLON;
  bool unset = colon ? is_null(c, &pv, quoted || b->no_split) : !pv.set;
  if (pv.list && !colon && p->op != SH_POP_NONE) unset = pv.n == 0;
  /* bash: ${!r:-w} with r=a[@] or a[*] is null only for no elements */
  if (pv.list && colon && (p->flags & SH_PF_INDIRECT)) unset = pv.n == 0;

  switch (p->op) {
  case SH_POP_DEFAULT:
    if (unset) return add_word(b, p->arg, quoted);
    break;
  case SH_POP_ALT:
    if (!unset) return add_word(b, p->arg, quoted);
    /* "${a[@]+x}" of nothing is no field at all, like "${a[@]}" */
    return quoted && !(pv.list && pv.at) ? xb_anchor(b) : 0;
  case SH_POP_ASSIGN:
    if (unset) {
      char *val;
      size_t vl;
      rc = sh_expand_str(c, p->arg, &val, &vl);
      if (rc) return rc;
      if (p->flags & SH_PF_INDIRECT) {
        /* assign to the variable x names; [@] was the reference's own */
        const char *t = c->vars.ind_target;
        if (t && sh_valid_name(t, strlen(t))) {
          nl = strlen(t) < 255 ? strlen(t) : 255;
          memcpy(name, t, nl);
          name[nl] = 0;
        } else {
          sh_error(c, "$%s: cannot assign in this way", name);
          return abandon(c);
        }
      } else if (pv.list || (nl && !sh_valid_name(name, nl))) {
        sh_error(c, "$%s: cannot assign in this way", name);
        return abandon(c);
      }
      if (p->index && !(p->flags & SH_PF_INDIRECT)) {
        sh_var *v = sh_var_find(c, name);
        if (v && (v->attrs & SH_VAR_ASSOC)) {
          char *key;
          size_t kn;
          rc = sh_expand_str(c, p->index, &key, &kn);
          if (!rc) rc = sh_var_set_elem(c, name, key, 0, val, false);
        } else {
          int64_t ix;
          rc = subscript_index(c, p->index, &ix);
          if (!rc) rc = sh_var_set_elem(c, name, NULL, ix, val, false);
        }
      } else {
        rc = sh_var_set(c, name, val, false);
      }
      if (rc) return fatal(c, 1);
      set_one(c, &pv, val);
    }
    break;
  case SH_POP_ERROR:
    if (unset) {
      char *msg = NULL;
      size_t ml = 0;
      if (p->arg && p->arg->n) {
        rc = sh_expand_str(c, p->arg, &msg, &ml);
        if (rc) return rc;
      }
      /* bash names the element as written: a[i+1], a[@] */
      const sh_word *ix = p->index;
      const char *sub = p->flags & SH_PF_AT     ? "@"
                        : p->flags & SH_PF_STAR ? "*"
                        : ix && ix->src         ? ix->src
                                                : NULL;
      int sl = !sub ? 0 : ix && sub == ix->src ? (int)ix->src_len : 1;
      const char *why =
          msg ? msg
              : (colon ? "parameter null or not set" : "parameter not set");
      if (sub) sh_error(c, "%s[%.*s]: %s", name, sl, sub, why);
      else sh_error(c, "%s: %s", name, why);
      /* bash -c exits 127, or 1 under set -e */
      return fatal(c, c->opt.dash_c && !c->opt.opts[SH_OPT_ERREXIT] ? 127 : 1);
    }
    break;
  default: break;
  }

  /* set -u: an unset parameter is an error (not $@ / $*) */
  if (!pv.set && c->opt.opts[SH_OPT_NOUNSET] && !pv.list &&
      !(p->flags & (SH_PF_KEYS | SH_PF_PREFIX)) && p->op != SH_POP_DEFAULT &&
      p->op != SH_POP_ASSIGN) {
    if (p->index) {
      const sh_word *ix = p->index; /* the subscript as written */
      sh_error(c, "%s[%.*s]: unbound variable", name,
               ix->src ? (int)ix->src_len : 0, ix->src ? ix->src : "");
    } else {
      /* bash names an unbraced positional parameter with its "$" */
      bool dollar = !(p->flags & SH_PF_BRACED) && *name >= '1' && *name <= '9';
      sh_error(c, "%s%s: unbound variable",
               p->flags & SH_PF_INDIRECT ? "!" : (dollar ? "$" : ""), name);
    }
    /* bash -c exits 127, or 1 under set -e */
    return fatal(c, c->opt.dash_c && !c->opt.opts[SH_OPT_ERREXIT] ? 127 : 1);
  }

  if (p->flags & SH_PF_LENGTH) {
    char tmp[32];
    size_t len;
    if (pv.list) len = pv.n;
    else if (!pv.n) len = 0;
    else
      len = sh_byte_locale(c) ? strlen(pv.v[0])
                              : vsh__utf8_count(pv.v[0], strlen(pv.v[0]));
    snprintf(tmp, sizeof(tmp), "%zu", len);
    return xb_add(b, tmp, strlen(tmp), quoted ? XM_QUOTED : XM_SPLIT);
  }

  if (p->op == SH_POP_SUBSTR) {
    if (pv.list) {
      /* ${@:off:len} counts $0 at offset 0 for the positionals */
      bool positional =
          p->name_len == 1 && (p->name[0] == '@' || p->name[0] == '*');
      pval all = pv;
      if (positional) {
        all.v = vsh__arena_alloc(&c->arena, (pv.n + 1) * sizeof(char *));
        if (!all.v) return VSH_ENOMEM;
        all.v[0] = c->vars.arg0;
        if (pv.n) memcpy(all.v + 1, pv.v, pv.n * sizeof(char *));
        all.n = pv.n + 1;
      }
      int64_t from, count;
      bool ok;
      if (pv.idx) {
        /* an indexed array: the offset is an index, not a position */
        int64_t top = pv.n ? pv.idx[pv.n - 1] : -1;
        rc = substr_bounds_at(c, p, top, true, false, &from, &count, &ok);
        if (rc) return rc;
        size_t first = 0;
        while (first < pv.n && pv.idx[first] < from) first++;
        size_t avail = pv.n - first;
        if (p->flags & SH_PF_HAS_LEN) {
          /* the length counts elements */
          char *ls;
          size_t ll;
          int64_t len;
          rc = sh_expand_str(c, p->arg2, &ls, &ll);
          if (!rc) rc = sh_arith(c, ls, ll, &len);
          if (rc) return rc;
          if (len < 0 && ok) { /* past the last index it is just empty */
            sh_error(c, "%.*s: substring expression < 0", (int)ll, ls);
            return abandon(c);
          }
          if (len < 0) len = 0;
          if ((uint64_t)len < avail) avail = (size_t)len;
        }
        if (pv.v) pv.v = pv.v + first;
        pv.n = ok ? avail : 0;
        return emit(b, &pv, quoted);
      }
      rc = pv.n || positional
               ? substr_bounds_at(c, p, (int64_t)all.n, false, true, &from,
                                  &count, &ok)
               : (ok = false, 0); /* an empty list slices to nothing */
      if (rc) return rc;
      pv.v = all.v && ok ? all.v + from : all.v;
      pv.n = ok ? (size_t)count : 0;
    } else if (pv.n) {
      const char *s = pv.v[0];
      size_t n = strlen(s);
      int64_t total = (int64_t)vsh__utf8_count(s, n), from, count;
      bool ok;
      rc = substr_bounds(c, p, total, &from, &count, &ok);
      if (rc) return rc;
      if (!ok) {
        pv.v[0] = (char *)"";
      } else {
        size_t a = char_off(s, n, from);
        size_t z = a + char_off(s + a, n - a, count);
        pv.v[0] = adup(c, s + a, z - a);
      }
    }
  } else if (p->op != SH_POP_NONE && p->op != SH_POP_DEFAULT &&
             p->op != SH_POP_ASSIGN && p->op != SH_POP_ERROR) {
    if (p->op == SH_POP_TRANSFORM && p->transform == 'a' && pv.n == 0) {
      /* a declared variable without a value still has attributes (bash
       * shows them for ${x@a}, and for ${A[@]@a} of an assoc only) */
      const char *vn = (p->flags & SH_PF_INDIRECT) && c->vars.ind_target
                           ? c->vars.ind_target
                           : name;
      char nm[256];
      size_t k = strcspn(vn, "[");
      k = k < 255 ? k : 255;
      memcpy(nm, vn, k);
      nm[k] = 0;
      sh_var *v = sh_var_find(c, nm);
      if (v && (!pv.list || (v->attrs & SH_VAR_ASSOC))) {
        pv.list = false;
        set_one(c, &pv, "");
      }
    }
    if (p->op == SH_POP_TRANSFORM && p->transform == 'A' && pv.n == 0 &&
        !pv.list && !(p->flags & SH_PF_INDIRECT)) {
      /* ${x@A} of a declared variable without a value */
      const char *d = transform(c, p, NULL);
      if (*d) set_one(c, &pv, d);
      return emit(b, &pv, quoted);
    }
    if (!(p->op == SH_POP_TRANSFORM && transform_whole(c, p, name, &pv, &rc)))
      rc = map_values(c, p, &pv);
    if (rc) return rc;
  }
  return emit(b, &pv, quoted);
}
