/* bi_vars.c: builtins that read or change variables and options:
 * declare/typeset/local/export/readonly, unset, set, shift, shopt, let
 * (read, mapfile and getopts: bi_read.c). */
#include "shell/exec/exec_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- printing ------------------------------------------------------------ */

static void quote_value(vsh_buf *o, const char *v) { sh_quote_double(o, v); }

/* An assoc key as declare -p prints it: double-quoted when it holds a
 * shell metacharacter (bash's sh_contains_shell_metas rule). */
static void quote_key(vsh_buf *o, const char *k) {
  bool meta = false;
  for (const char *s = k; *s && !meta; s++) {
    if (strchr(" \t\n'\"\\|&;()<>!{}*[?]^$`", *s)) meta = true;
    else if (*s == '~' && (s == k || s[-1] == '=' || s[-1] == ':')) meta = true;
    else if (*s == '#' && s == k) meta = true;
  }
  if (meta) quote_value(o, k);
  else vsh__buf_puts(o, k);
}

/* in bash's order: a A i n r t x, then the case ones c l u */
static void attr_flags(const sh_var *v, char *f) {
  size_t k = 0;
  if (v->attrs & SH_VAR_ARRAY) f[k++] = 'a';
  if (v->attrs & SH_VAR_ASSOC) f[k++] = 'A';
  if (v->attrs & SH_VAR_INTEGER) f[k++] = 'i';
  if (v->attrs & SH_VAR_NAMEREF) f[k++] = 'n';
  if (v->attrs & SH_VAR_READONLY) f[k++] = 'r';
  if (v->attrs & SH_VAR_TRACE) f[k++] = 't';
  if (v->attrs & SH_VAR_EXPORT) f[k++] = 'x';
  if (v->attrs & SH_VAR_CAPITAL) f[k++] = 'c';
  if (v->attrs & SH_VAR_LOWER) f[k++] = 'l';
  if (v->attrs & SH_VAR_UPPER) f[k++] = 'u';
  if (!k) f[k++] = '-';
  f[k] = 0;
}

/* =([0]="a" [1]="b") or, for an assoc, =([k]="v" ) as bash prints. */
static void print_array_value(vsh_buf *o, const sh_var *v) {
  if (v->attrs & SH_VAR_ASSOC) sh_assoc_order((sh_var *)v);
  vsh__buf_puts(o, "=(");
  for (size_t i = 0; i < v->n; i++) {
    if (v->attrs & SH_VAR_ASSOC) {
      vsh__buf_putc(o, '[');
      quote_key(o, v->elems[i].key);
      vsh__buf_puts(o, "]=");
    } else vsh__buf_printf(o, "[%lld]=", (long long)v->elems[i].idx);
    quote_value(o, v->elems[i].val);
    if (i + 1 < v->n || (v->attrs & SH_VAR_ASSOC)) vsh__buf_putc(o, ' ');
  }
  vsh__buf_puts(o, ")\n");
}

void sh__array_pairs(vsh_buf *o, const sh_var *v) {
  if (v->attrs & SH_VAR_ASSOC) sh_assoc_order((sh_var *)v);
  for (size_t i = 0; i < v->n; i++) {
    if (v->attrs & SH_VAR_ASSOC) quote_key(o, v->elems[i].key);
    else vsh__buf_printf(o, "%lld", (long long)v->elems[i].idx);
    vsh__buf_putc(o, ' ');
    quote_value(o, v->elems[i].val);
    if (i + 1 < v->n || (v->attrs & SH_VAR_ASSOC)) vsh__buf_putc(o, ' ');
  }
}

/* A variable as set (and declare without arguments) list it: NAME=value,
 * the value single-quoted when it needs quoting. */
static void print_set_line(vsh_buf *o, const sh_var *v) {
  if (v->attrs & SH_VAR_UNSET) return;
  vsh__buf_puts(o, v->name);
  if (v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC)) {
    print_array_value(o, v);
    return;
  }
  vsh__buf_putc(o, '=');
  const char *val = v->val ? v->val : "";
  /* bash quotes a value with a shell metacharacter in it (a '~' only
   * where tilde expansion would see it, a '#' only first); an empty
   * one stays empty */
  bool plain = !sh_needs_ansi(val);
  for (const char *p = val; *p && plain; p++) {
    if (strchr(" \t\n'\"\\|&;()<>!{}*[?]^$`", *p)) plain = false;
    if (*p == '~' && (p == val || p[-1] == '=' || p[-1] == ':')) plain = false;
    if (*p == '#' && p == val) plain = false;
  }
  if (plain) vsh__buf_puts(o, val);
  else sh_quote_single(o, val);
  vsh__buf_putc(o, '\n');
}

static void print_var(vsh_buf *o, const sh_var *v, const char *prefix) {
  char f[16];
  attr_flags(v, f);
  vsh__buf_printf(o, "%s -%s %s", prefix, f, v->name);
  if (v->attrs & SH_VAR_UNSET) {
    vsh__buf_putc(o, '\n');
    return;
  }
  if (v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC)) {
    print_array_value(o, v);
    return;
  }
  vsh__buf_putc(o, '=');
  quote_value(o, v->val ? v->val : "");
  vsh__buf_putc(o, '\n');
}

void sh__var_print(vsh_buf *o, const sh_var *v, const char *prefix) {
  print_var(o, v, prefix);
}

/* export -p / readonly -p in posix mode: `export NAME="VALUE"`. */
static void print_var_posix(vsh_buf *o, const sh_var *v, const char *cmd) {
  if (v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC)) {
    /* readonly -a NAME=(...), as bash */
    vsh__buf_printf(o, "%s -%c %s", cmd, v->attrs & SH_VAR_ASSOC ? 'A' : 'a',
                    v->name);
    if (v->attrs & SH_VAR_UNSET) vsh__buf_putc(o, '\n');
    else print_array_value(o, v);
    return;
  }
  vsh__buf_printf(o, "%s %s", cmd, v->name);
  if (!(v->attrs & SH_VAR_UNSET)) {
    vsh__buf_putc(o, '=');
    quote_value(o, v->val ? v->val : "");
  }
  vsh__buf_putc(o, '\n');
}

static int cmp_var(const void *a, const void *b) {
  return strcmp((*(sh_var *const *)a)->name, (*(sh_var *const *)b)->name);
}

/* All visible variables, sorted, filtered by attribute mask (0: all). */
/* locals: only the innermost function's scope (and any scopes inside it) */
/* The variables bash computes, as its listings show them: the arrays
 * with their values (FUNCNAME only inside a function, PIPESTATUS once a
 * command set it, DIRSTACK empty until first read) and the scalars by
 * name and attributes only (declare -i RANDOM); none that a variable of
 * the name shadows.  Appended to v[0..n), whose capacity is *cap. */
static size_t listed_dynamic(sh_ctx *c, unsigned mask, sh_var ***vp, size_t n,
                             size_t *cap, bool locals) {
  static const struct {
    const char *name;
    unsigned attrs;
  } dyn[] = {{"BASH_ARGC", SH_VAR_ARRAY},
             {"BASH_ARGV", SH_VAR_ARRAY},
             {"BASH_LINENO", SH_VAR_ARRAY},
             {"BASH_SOURCE", SH_VAR_ARRAY},
             {"DIRSTACK", SH_VAR_ARRAY},
             {"FUNCNAME", SH_VAR_ARRAY},
             {"PIPESTATUS", SH_VAR_ARRAY},
             {"BASHPID", SH_VAR_INTEGER},
             {"BASH_ARGV0", 0},
             {"BASH_COMMAND", 0},
             {"BASH_SUBSHELL", 0},
             {"COMP_WORDBREAKS", 0},
             {"EPOCHREALTIME", 0},
             {"EPOCHSECONDS", 0},
             {"HISTCMD", SH_VAR_INTEGER},
             {"LINENO", 0},
             {"RANDOM", SH_VAR_INTEGER},
             {"SECONDS", 0},
             {"SRANDOM", SH_VAR_INTEGER}};
  if (locals) return n;
  sh_var **v = *vp;
  for (size_t i = 0; i < sizeof dyn / sizeof dyn[0]; i++) {
    const char *nm = dyn[i].name;
    bool array = dyn[i].attrs & SH_VAR_ARRAY, shadowed = false;
    for (size_t k = 0; k < n && !shadowed; k++)
      shadowed = !strcmp(v[k]->name, nm);
    if (shadowed || (array && sh_var_find(c, nm)) ||
        (mask && !(dyn[i].attrs & mask)))
      continue;
    if (!array && !sh_dyn_active(c, nm) && strcmp(nm, "COMP_WORDBREAKS") &&
        strcmp(nm, "HISTCMD"))
      continue; /* unset by the script */
    sh_var tmp, *x = vsh__arena_zalloc(&c->arena, sizeof *x);
    if (!x) return n;
    x->name = (char *)nm;
    x->attrs = dyn[i].attrs | (array ? 0 : SH_VAR_UNSET);
    if ((array && !strcmp(nm, "DIRSTACK") && !c->dirs.stack_seen &&
         !c->dirs.ndirs) ||
        (!strncmp(nm, "BASH_ARG", 8) && !c->vars.bargs_init &&
         !c->limit.funcnest)) {
      /* bash fills them when they are first read */
    } else if (array && sh_dynamic_array(c, nm, &tmp)) {
      x->elems = tmp.elems;
      x->n = tmp.n;
    } else if (array && strcmp(nm, "FUNCNAME")) {
      continue;
    } else if (array) {
      x->attrs |= SH_VAR_UNSET; /* declare -a FUNCNAME, outside one */
    }
    if (array && !strcmp(nm, "PIPESTATUS") && !x->n) continue;
    if (n == *cap) {
      sh_var **nv = realloc(v, *cap * 2 * sizeof(*v));
      if (!nv) break;
      *cap *= 2;
      v = *vp = nv;
    }
    v[n++] = x;
  }
  bool has_us = false; /* $_, the last command's last argument */
  for (size_t k = 0; k < n && !has_us; k++) has_us = !strcmp(v[k]->name, "_");
  sh_var *u = c->vars.underscore && !has_us && !mask
                  ? vsh__arena_zalloc(&c->arena, sizeof *u)
                  : NULL;
  if (u && (n < *cap || (v = *vp = realloc(v, ++*cap * sizeof(*v))))) {
    u->name = "_";
    u->val = c->vars.underscore;
    v[n++] = u;
  }
  return n;
}

static size_t visible_vars(sh_ctx *c, unsigned mask, bool locals,
                           sh_var ***out) {
  sh_var_get(c, "SHELLOPTS"); /* computed values, brought up to date */
  sh_var_get(c, "BASHOPTS");
  size_t n = 0, cap = 64;
  sh_var **v = malloc(cap * sizeof(*v));
  bool done = false;
  for (sh_scope *s = c->vars.scope; v && s && !done; s = s->up) {
    done = locals && s->is_func;
    for (sh_var *x = s->vars; x; x = x->hh.next) {
      if (mask && !(x->attrs & mask)) continue;
      if (locals && (x->attrs & SH_VAR_TEMP) && !(x->attrs & SH_VAR_LOCAL))
        continue;
      if (sh_dyn_active(c, x->name)) continue; /* SECONDS: not listed */
      bool shadowed = false;
      for (size_t i = 0; i < n; i++)
        if (!strcmp(v[i]->name, x->name)) shadowed = true;
      if (shadowed) continue;
      if (n == cap) {
        cap *= 2;
        sh_var **nv = realloc(v, cap * sizeof(*v));
        if (!nv) break;
        v = nv;
      }
      v[n++] = x;
    }
  }
  if (v) n = listed_dynamic(c, mask, &v, n, &cap, locals);
  if (v) qsort(v, n, sizeof(*v), cmp_var);
  *out = v;
  return v ? n : 0;
}

static int print_funcs(bi_ctx *b, bool names_only, bool as_decl, char **which,
                       int nw) {
  sh_ctx *c = b->sh;
  vsh_buf o = {0};
  int st = 0;
  size_t n = HASH_COUNT(c->vars.funcs);
  sh_func **fs = calloc(n + (size_t)nw + 1, sizeof(*fs));
  size_t k = 0;
  for (sh_func *f = c->vars.funcs; f && fs; f = f->hh.next) fs[k++] = f;
  for (size_t i = 1; i < k; i++)
    for (size_t j = i; j > 0 && strcmp(fs[j - 1]->name, fs[j]->name) > 0; j--) {
      sh_func *t = fs[j];
      fs[j] = fs[j - 1];
      fs[j - 1] = t;
    }
  if (nw) { /* named ones print in the order asked for */
    k = 0;
    for (int w = 0; w < nw && fs; w++) {
      sh_func *f = sh_func_find(c, which[w]);
      if (f) fs[k++] = f;
    }
  }
  for (size_t i = 0; i < k; i++) {
    if (names_only && nw && c->opt.opts[SH_SHOPT_EXTDEBUG]) {
      /* extdebug: where it was defined, as bash shows it */
      const char *src = fs[i]->src && *fs[i]->src ? fs[i]->src : "main";
      vsh__buf_printf(&o, "%s %u %s\n", fs[i]->name, fs[i]->def->line, src);
    } else if (names_only && nw && !as_decl) { /* declare -F NAME */
      vsh__buf_printf(&o, "%s\n", fs[i]->name);
    } else if (names_only) {
      unsigned a = fs[i]->attrs;
      vsh__buf_printf(&o, "declare -f%s%s%s %s\n",
                      a & SH_VAR_READONLY ? "r" : "",
                      a & SH_VAR_TRACE ? "t" : "", a & SH_VAR_EXPORT ? "x" : "",
                      fs[i]->name);
    } else {
      sh_print_function(&o, fs[i]->name, fs[i]->def);
    }
  }
  for (int w = 0; w < nw; w++)
    if (!sh_func_find(c, which[w])) st = 1;
  free(fs);
  bi_write(b, o.data ? o.data : "", o.len);
  vsh_buf_dispose(&o);
  return st;
}

/* ---- declare and friends ----------------------------------------------- */

typedef struct decl {
  unsigned on, off;
  bool print, funcs, func_names, global, local;
  bool visible; /* export/readonly: the variable in sight, else a global */
  bool bare;    /* readonly: its readonly error names no builtin, as bash */
  bool inherit; /* local -I: start from the variable it shadows */
} decl;

static int parse_decl_flags(bi_ctx *b, int *i, decl *d, const char *allowed) {
  sh_bopt o = {0};
  for (int f; (f = sh_bopt_next(b, &o, allowed));) {
    if (f < 0) return 2;
    bool on = o.sign == '-';
    {
      unsigned bit = 0;
      switch (f) {
      case 'a': bit = SH_VAR_ARRAY; break;
      case 'A': bit = SH_VAR_ASSOC; break;
      case 'i': bit = SH_VAR_INTEGER; break;
      case 'l': bit = SH_VAR_LOWER; break;
      case 'u': bit = SH_VAR_UPPER; break;
      case 'c': bit = SH_VAR_CAPITAL; break;
      case 'n': bit = SH_VAR_NAMEREF; break;
      case 'r': bit = SH_VAR_READONLY; break;
      case 'x': bit = SH_VAR_EXPORT; break;
      case 't': bit = SH_VAR_TRACE; break;
      case 'p': d->print = true; break;
      case 'f': d->funcs = true; break;
      case 'F': d->func_names = true; break;
      case 'g': d->global = true; break;
      case 'I': d->inherit = on; break;
      default: break;
      }
      if (on) d->on |= bit;
      else d->off |= bit;
    }
  }
  *i = o.ind;
  return 0;
}

/* Whether arg was written NAME=(...) on the command line (not quoted,
 * not the result of an expansion). */
static bool written_array(sh_ctx *c, const char *arg) {
  for (size_t k = 0; k < c->where.n_decl_lits; k++)
    if (c->where.decl_lits[k] == arg) return true;
  return false;
}

/* local -I: the new local v starts with the value and attributes of
 * src, the variable it shadows (a nameref's as a plain string); an
 * array kind asked for (or a subscript) keeps only the attributes of a
 * variable of another kind. */
static void inherit_var(sh_var *v, sh_var *src, unsigned on, bool arrayish) {
  unsigned kinds = SH_VAR_ARRAY | SH_VAR_ASSOC;
  unsigned want = on & kinds;
  /* a subscript or (...) value asks for an array of the source's kind */
  if (arrayish && !want)
    want = src->attrs & kinds ? src->attrs & kinds : SH_VAR_ARRAY;
  unsigned keep = src->attrs & ~(SH_VAR_NAMEREF | SH_VAR_READONLY |
                                 SH_VAR_TEMP | SH_VAR_LOCAL | kinds);
  v->attrs |= keep;
  if (want && !(src->attrs & kinds)) { /* a scalar: attributes only */
    v->attrs |= want;
    if (!(src->attrs & SH_VAR_UNSET)) v->attrs &= ~SH_VAR_UNSET;
    return;
  } /* another array kind is copied as it is: declare then refuses */
  v->attrs |= src->attrs & kinds;
  if (src->attrs & SH_VAR_UNSET) return;
  v->attrs &= ~SH_VAR_UNSET;
  if (src->attrs & SH_VAR_ASSOC) {
    sh_assoc_order(src);
    for (size_t k = 0; k < src->n; k++)
      sh_assoc_set(v, src->elems[k].key, src->elems[k].val);
  } else if (src->attrs & SH_VAR_ARRAY) {
    for (size_t k = 0; k < src->n; k++)
      sh_array_set(v, src->elems[k].idx, src->elems[k].val);
  } else if (src->val) {
    free(v->val);
    v->val = strdup(src->val);
  }
}

static int declare_one(bi_ctx *b, const char *arg, decl *d) {
  sh_ctx *c = b->sh;
  unsigned on = d->on; /* this operand's attributes (a[5] adds -a) */
  /* -aA: bash makes it associative, then reports the -a */
  bool both = (on & SH_VAR_ARRAY) && (on & SH_VAR_ASSOC);
  if (both) on &= ~SH_VAR_ARRAY;
  const char *eq = strchr(arg, '=');
  const char *br = strchr(arg, '[');
  if (br && eq && br > eq) br = NULL;
  const char *close = NULL;
  if (br) {
    /* the subscript ends at its matching bracket: a[a[0]=1]=X */
    int depth = 0;
    for (const char *q = br; *q && !close; q++)
      if (*q == '[') depth++;
      else if (*q == ']' && --depth == 0) close = q;
    if (close && close[1] == '=') eq = close + 1;
    else if (close && close[1] == '+' && close[2] == '=') eq = close + 2;
    else if (close && !close[1]) eq = NULL;
    else {
      bi_err(b, "`%s': not a valid identifier", arg);
      return 1;
    }
  }
  size_t nl = br ? (size_t)(br - arg) : eq ? (size_t)(eq - arg) : strlen(arg);
  bool append = eq && eq > arg && eq[-1] == '+' && (!br || eq[-2] == ']');
  if (append && !br) nl--;
  char name[256];
  if (nl > 255) nl = 255;
  memcpy(name, arg, nl);
  name[nl] = 0;
  if (!sh_valid_name(name, nl)) {
    bi_err(b, "`%s': not a valid identifier", arg);
    return 1;
  }
  sh_var *v;
  bool in_func = false;
  for (sh_scope *s = c->vars.scope; s; s = s->up)
    if (s->is_func) in_func = true;
  bool local = d->local || (in_func && !d->global);
  if ((on & SH_VAR_NAMEREF) && eq && !br && !eq[1]) {
    bi_err(b, "`': not a valid identifier"); /* declare -n r="" */
    return 1;
  }
  if (!local && !((on | d->off) & SH_VAR_NAMEREF)) {
    /* declare -a r, r a nameref: the attribute is the target's */
    sh_var *raw = sh_var_find_raw(c, name);
    const char *t = raw && (raw->attrs & SH_VAR_NAMEREF) && raw->val
                        ? sh_nameref_target(c, name)
                        : NULL;
    if (t && strlen(t) < sizeof name && sh_valid_name(t, strlen(t))) {
      nl = strlen(t);
      memmove(name, t, nl + 1);
    }
  }
  if ((on & SH_VAR_NAMEREF) && eq && !br && !strcmp(eq + 1, name)) {
    if (!local) { /* bash refuses it at the top level, warns in a function */
      bi_err(b, "%s: nameref variable self references not allowed", name);
      return 1;
    }
    bi_err(b, "warning: %s: circular name reference", name);
  }
  if (d->visible) {
    v = sh_var_find(c, name);
    if (!v) v = sh_var_global(c, name);
  } else if (local) {
    /* a readonly variable cannot be shadowed by a local either */
    sh_var *seen = sh_var_find(c, name);
    if (seen && (seen->attrs & SH_VAR_READONLY)) {
      bi_err(b, "%s: readonly variable", name);
      return 1;
    }
    sh_var *src = d->inherit ? sh_var_find_raw(c, name) : NULL;
    v = sh_var_local(c, name);
    if (src && src != v) inherit_var(v, src, on, br || (eq && eq[1] == '('));
  } else v = sh_var_global(c, name);
  if (!v) return 1;
  if (d->print && !eq) {
    vsh_buf o = {0};
    print_var(&o, v, "declare");
    bi_write(b, o.data, o.len);
    vsh_buf_dispose(&o);
    return 0;
  }
  if ((v->attrs & SH_VAR_READONLY) && (eq || (d->off & SH_VAR_READONLY))) {
    if (d->bare) sh_error(c, "%s: readonly variable", name);
    else bi_err(b, "%s: readonly variable", name);
    c->flow.special_failed = true;
    return 1;
  }
  if ((on & SH_VAR_ASSOC) && (v->attrs & SH_VAR_ARRAY)) {
    bi_err(b, "%s: cannot convert indexed to associative array", name);
    return 1;
  }
  if ((on & SH_VAR_ARRAY) && (v->attrs & SH_VAR_ASSOC)) {
    bi_err(b, "%s: cannot convert associative to indexed array", name);
    return 1;
  }
  if ((d->off & (SH_VAR_ARRAY | SH_VAR_ASSOC)) &&
      (v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC))) {
    bi_err(b, "%s: cannot destroy array variables in this way", name);
    return 1;
  }
  if (br && !eq) { /* declare a[5]: an (empty) array, a[] no name */
    if (close == br + 1) {
      bi_err(b, "`%s': not a valid identifier", arg);
      return 1;
    }
    if (!(v->attrs & SH_VAR_ASSOC) && !(on & SH_VAR_ASSOC)) on |= SH_VAR_ARRAY;
  }
  if ((on & SH_VAR_NAMEREF) && !eq && !(v->attrs & SH_VAR_NAMEREF) && v->val &&
      *v->val && !sh_valid_name(v->val, strlen(v->val)) &&
      !strchr(v->val, '[')) {
    /* the value it already has must name a variable */
    bi_err(b, "`%s': invalid variable name for name reference", v->val);
    return 1;
  }
  unsigned keep_ro = on & SH_VAR_READONLY;
  v->attrs |= on & ~SH_VAR_READONLY;
  v->attrs &= ~d->off;
  if ((on & (SH_VAR_ARRAY | SH_VAR_ASSOC)) && v->val) {
    char *old = v->val;
    v->val = NULL;
    if (on & SH_VAR_ASSOC) sh_assoc_set(v, "0", old);
    else sh_array_set(v, 0, old);
    free(old);
  }
  /* -l, -u and -c exclude each other: one given drops the others, two
   * or more given together cancel out */
  unsigned cases = SH_VAR_LOWER | SH_VAR_UPPER | SH_VAR_CAPITAL;
  unsigned given = on & cases;
  if (given) v->attrs &= ~(cases & ~given);
  if (given & (given - 1)) v->attrs &= ~cases;
  int rc = 0;
  if (eq) {
    const char *val = eq + 1;
    size_t vl = strlen(val);
    /* bash: a value (...) is a list when written so, or for -a, -A or
     * a variable that is an array already; else it is a string */
    if (vl >= 2 && val[0] == '(' && val[vl - 1] == ')' &&
        !(v->attrs & SH_VAR_NAMEREF) && !(d->off & SH_VAR_ARRAY) &&
        ((v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC)) || written_array(c, arg))) {
      /* an array literal: run it as an assignment in this scope */
      vsh_buf src = {0};
      vsh__buf_append(&src, name, nl);
      vsh__buf_puts(&src, append ? "+=" : "=");
      vsh__buf_puts(&src, val);
      v->attrs &= ~SH_VAR_UNSET;
      if (!(v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC)) && v->val) {
        char *old = v->val; /* a scalar becomes element 0 (s+=(...)) */
        v->val = NULL;
        sh_array_set(v, 0, old);
        free(old);
      }
      if (!(v->attrs & SH_VAR_ASSOC)) v->attrs |= SH_VAR_ARRAY;
      bool trace = c->where.xtrace_decl && !append;
      if (trace) c->opt.opts[SH_OPT_XTRACE] = false; /* traced below instead */
      int st = sh_run_string(c, src.data, src.len, "declare", c->where.line);
      if (trace) {
        c->opt.opts[SH_OPT_XTRACE] = true;
        /* bash: NAME=('v0' 'v1') or NAME=(['k']='v'), each quoted */
        vsh_buf t = {0};
        vsh__buf_append(&t, name, nl);
        vsh__buf_puts(&t, "=(");
        sh_var *nv = sh_var_find(c, name);
        if (nv && (nv->attrs & SH_VAR_ASSOC)) sh_assoc_order(nv);
        bool keyed = strstr(val, "]=") != NULL; /* [i]=v written */
        for (size_t k = 0; nv && k < nv->n; k++) {
          if (k) vsh__buf_putc(&t, ' ');
          if (nv->attrs & SH_VAR_ASSOC) {
            vsh__buf_putc(&t, '[');
            sh_quote_single(&t, nv->elems[k].key ? nv->elems[k].key : "");
            vsh__buf_puts(&t, "]=");
          } else if (keyed) {
            char ix[32];
            snprintf(ix, sizeof ix, "%lld", (long long)nv->elems[k].idx);
            vsh__buf_putc(&t, '[');
            sh_quote_single(&t, ix);
            vsh__buf_puts(&t, "]=");
          }
          sh_quote_single(&t, nv->elems[k].val ? nv->elems[k].val : "");
        }
        vsh__buf_putc(&t, ')');
        if (t.data) sh_xtrace_text(c, t.data, t.len);
        vsh_buf_dispose(&t);
      }
      vsh_buf_dispose(&src);
      rc = st ? 1 : 0;
    } else if (br) {
      char *key = close ? strndup(br + 1, (size_t)(close - br - 1)) : NULL;
      if (!key) {
        bi_err(b, "`%s': not a valid identifier", arg);
        return 1;
      }
      if (v->attrs & SH_VAR_ASSOC) {
        rc = sh_var_set_elem(c, name, key, 0, val, append);
      } else {
        int64_t ix;
        rc = sh_arith(c, key, strlen(key), &ix);
        if (rc && rc != VSH_EABORTED) sh_bad_arith_value(c); /* as bash */
        if (!rc) rc = sh_var_set_elem(c, name, NULL, ix, val, append);
      }
      free(key);
      rc = rc ? 1 : 0;
    } else if (v->attrs & SH_VAR_NAMEREF) {
      if (!sh_valid_name(val, strlen(val)) && !strchr(val, '[')) {
        bi_err(b, "`%s': invalid variable name for name reference", val);
        return 1;
      }
      free(v->val);
      v->val = strdup(val);
      v->attrs &= ~SH_VAR_UNSET;
    } else {
      /* set through the found variable itself (it may be local) */
      sh_var *found = sh_var_find(c, name);
      if (found != v) {
        free(v->val);
        v->val = strdup("");
        v->attrs &= ~SH_VAR_UNSET;
      }
      rc = sh_var_set(c, name, val, append) ? 1 : 0;
    }
  }
  if (keep_ro) v->attrs |= SH_VAR_READONLY;
  if (both) {
    bi_err(b, "%s: cannot convert associative to indexed array", name);
    return 1;
  }
  return rc;
}

static int declare_common(bi_ctx *b, decl *d, const char *allowed,
                          const char *print_prefix) {
  sh_ctx *c = b->sh;
  int i = 1;
  int rc = parse_decl_flags(b, &i, d, allowed);
  if (rc) return rc;
  if (d->funcs || d->func_names) {
    /* declare -f NAME prints it; with attributes (-fr, -fx) it sets */
    if (i >= b->argc || d->print || d->func_names || !(d->on | d->off))
      return print_funcs(b, d->func_names, d->print, b->argv + i, b->argc - i);
    /* declare -f name... with attributes: just check they exist */
    int st = 0;
    for (; i < b->argc; i++) {
      sh_func *f = sh_func_find(c, b->argv[i]);
      if (!f) st = 1;
      else {
        f->attrs |= d->on & (SH_VAR_READONLY | SH_VAR_TRACE);
        f->attrs &= ~(d->off & SH_VAR_TRACE);
      }
    }
    return st;
  }
  if (i >= b->argc) {
    sh_var **vs;
    /* local: the function's own variables, whatever attributes are asked
     * for, in -p form, after `local -` when the options are saved */
    unsigned mask = d->local ? 0 : d->on;
    size_t n = visible_vars(c, mask, d->local, &vs);
    vsh_buf o = {0};
    sh_scope *f = c->vars.scope;
    while (d->local && f && !f->is_func) f = f->up;
    if (d->local && f && f->saved_opts) vsh__buf_puts(&o, "local -\n");
    for (size_t k = 0; k < n; k++) {
      /* with an attribute (declare -A) the listing is in -p form */
      if (d->print || print_prefix || mask || d->local)
        print_var(&o, vs[k], print_prefix ? print_prefix : "declare");
      else print_set_line(&o, vs[k]);
    }
    free(vs);
    bi_write(b, o.data ? o.data : "", o.len);
    vsh_buf_dispose(&o);
    return 0;
  }
  int st = 0;
  for (; i < b->argc; i++) {
    if (d->print && strchr(b->argv[i], '=')) { /* -p names, assigns none */
      bi_err(b, "%s: not found", b->argv[i]);
      st = 1;
      continue;
    }
    if (d->print) {
      sh_var *v = sh_var_find_raw(c, b->argv[i]); /* a nameref itself */
      if (!v || !(v->attrs & SH_VAR_NAMEREF)) {
        sh_var_get(c, b->argv[i]); /* refreshes SHELLOPTS and the like */
        v = sh_var_find_raw(c, b->argv[i]);
      }
      sh_var dyn;
      if (sh_dyn_active(c, b->argv[i])) v = sh_dyn_scalar(c, b->argv[i], &dyn);
      if (!v) { /* FUNCNAME, BASH_LINENO, ...: computed when asked */
        v = sh_dynamic_array(c, b->argv[i], &dyn);
        if (v) v->name = b->argv[i];
      }
      if (!v) {
        bi_err(b, "%s: not found", b->argv[i]);
        st = 1;
        continue;
      }
      vsh_buf o = {0};
      print_var(&o, v, "declare");
      bi_write(b, o.data, o.len);
      vsh_buf_dispose(&o);
      continue;
    }
    /* an integer's bad value is reported as "declare: 1+: ..." */
    const char *what = c->where.int_what;
    c->where.int_what = b->argv[0];
    if (declare_one(b, b->argv[i], d)) st = 1;
    c->where.int_what = what;
    if (c->flow.unwind) break;
  }
  return st;
}

int bi_declare_main(bi_ctx *b) {
  decl d = {0};
  return declare_common(b, &d, "+aAcilunrxtpfFg", NULL);
}

int bi_local_main(bi_ctx *b) {
  bool in_func = false;
  for (sh_scope *s = b->sh->vars.scope; s; s = s->up)
    if (s->is_func) in_func = true;
  if (!in_func) {
    bi_err(b, "can only be used in a function");
    return 1;
  }
  /* `local -`: the function's set options are restored as it returns */
  int dashes = 0;
  for (int i = 1; i < b->argc; i++) dashes += !strcmp(b->argv[i], "-");
  decl d = {.local = true};
  if (!dashes) return declare_common(b, &d, "+aAcilunrxtpI", NULL);
  sh_scope *f = b->sh->vars.scope;
  while (f && !f->is_func) f = f->up;
  if (f && !f->saved_opts) {
    f->saved_opts = malloc(SH_SHOPT_EXTGLOB * sizeof(bool));
    if (!f->saved_opts) return 1;
    memcpy(f->saved_opts, b->sh->opt.opts, SH_SHOPT_EXTGLOB * sizeof(bool));
  }
  if (dashes == b->argc - 1) return 0;
  char **all = b->argv, **rest = malloc((size_t)b->argc * sizeof(char *));
  if (!rest) return 1;
  int n = 0, argc = b->argc;
  for (int i = 0; i < argc; i++)
    if (i == 0 || strcmp(all[i], "-")) rest[n++] = all[i];
  b->argv = rest;
  b->argc = n;
  int st = declare_common(b, &d, "+aAcilunrxtpI", NULL);
  b->argv = all;
  b->argc = argc;
  free(rest);
  return st;
}

/* export and readonly take names only: a[1] is refused whole (bash
 * names it without its value). */
static bool subscripted(bi_ctx *b, const char *a, size_t nl) {
  const char *br = memchr(a, '[', nl);
  if (!br || !sh_valid_name(a, (size_t)(br - a))) return false;
  /* as an assignment (a[1]=2) it is a bad assignment: fatal in posix
   * mode, as for a readonly variable */
  if (a[nl] == '=') b->sh->flow.special_failed = true;
  if (nl && a[nl - 1] == '+') nl--;
  bi_err(b, "`%.*s': not a valid identifier", (int)nl, a);
  return true;
}

int bi_export_main(bi_ctx *b) {
  unsigned arr = 0;
  bool unexport = false, print = false, funcs = false;
  sh_bopt o = {0};
  for (int f; (f = sh_bopt_next(b, &o, "fnpaA"));) {
    if (f < 0) return 2;
    if (f == 'n') unexport = true;
    else if (f == 'p') print = true;
    else if (f == 'f') funcs = true;
    else arr |= f == 'a' ? SH_VAR_ARRAY : SH_VAR_ASSOC;
  }
  int i = o.ind;
  if (i >= b->argc) {
    sh_var **vs;
    size_t n = visible_vars(b->sh, SH_VAR_EXPORT, false, &vs);
    vsh_buf o = {0};
    bool posix = b->sh->opt.opts[SH_OPT_POSIX];
    for (size_t k = 0; k < n; k++)
      if (posix) print_var_posix(&o, vs[k], "export");
      else print_var(&o, vs[k], "declare");
    free(vs);
    bi_write(b, o.data ? o.data : "", o.len);
    vsh_buf_dispose(&o);
    (void)print;
    return 0;
  }
  int st = 0;
  for (; funcs && i < b->argc; i++) { /* export -f: functions only */
    sh_func *f = sh_func_find(b->sh, b->argv[i]);
    if (!f) {
      bi_err(b, "%s: not a function", b->argv[i]);
      st = 1;
    } else if (unexport) {
      f->attrs &= ~SH_VAR_EXPORT;
    } else {
      f->attrs |= SH_VAR_EXPORT;
    }
  }
  for (; i < b->argc; i++) {
    const char *a = b->argv[i];
    const char *eq = strchr(a, '=');
    if (unexport && !eq) {
      sh_var *v = sh_var_find(b->sh, a);
      if (v) v->attrs &= ~SH_VAR_EXPORT;
      continue;
    }
    size_t nl = eq ? (size_t)(eq - a) : strlen(a);
    if (subscripted(b, a, nl)) {
      st = 1;
      continue;
    }
    if (eq && eq[1] == '(' && !unexport) {
      /* export x=(a b), export x+=(c): an array, as declare makes it */
      decl d = {.on = SH_VAR_EXPORT | arr, .visible = true};
      if (declare_one(b, a, &d)) st = 1;
      continue;
    }
    if (eq && nl && a[nl - 1] == '+') nl--;
    if (!sh_valid_name(a, nl)) {
      bi_err(b, "`%s': not a valid identifier", a);
      st = 1;
      continue;
    }
    char name[256];
    if (nl > 255) nl = 255;
    memcpy(name, a, nl);
    name[nl] = 0;
    sh_var *v = sh_var_find(b->sh, name);
    if (!v) v = sh_var_global(b->sh, name);
    if (!v) return 1;
    if (eq) {
      bool append = a[nl] == '+';
      sh_xtrace_assign(b->sh, name, append, eq + 1);
      int rc = sh_var_set(b->sh, name, eq + 1, append);
      if (rc == VSH_EPERM) b->sh->flow.special_failed = true;
      if (rc) st = 1;
      v = sh_var_find(b->sh, name);
    }
    if (v && unexport) v->attrs &= ~SH_VAR_EXPORT; /* export -n x=v */
    else if (v) v->attrs |= SH_VAR_EXPORT;
  }
  return st;
}

int bi_readonly_main(bi_ctx *b) {
  decl d = {.on = SH_VAR_READONLY, .global = true, .bare = true};
  sh_bopt o = {0};
  for (int f; (f = sh_bopt_next(b, &o, "aAfp"));) {
    if (f < 0) return 2;
    if (f == 'a') d.on |= SH_VAR_ARRAY;
    else if (f == 'A') d.on |= SH_VAR_ASSOC;
    else if (f == 'f') d.funcs = true;
    else d.print = true;
  }
  int i = o.ind;
  if (i >= b->argc) {
    sh_var **vs;
    size_t n = visible_vars(b->sh, SH_VAR_READONLY, false, &vs);
    vsh_buf o = {0};
    bool posix = b->sh->opt.opts[SH_OPT_POSIX];
    for (size_t k = 0; k < n; k++)
      if (posix) print_var_posix(&o, vs[k], "readonly");
      else print_var(&o, vs[k], "declare");
    free(vs);
    bi_write(b, o.data ? o.data : "", o.len);
    vsh_buf_dispose(&o);
    return 0;
  }
  int st = 0;
  for (; i < b->argc; i++) {
    if (d.funcs) {
      sh_func *f = sh_func_find(b->sh, b->argv[i]);
      if (f) f->attrs |= SH_VAR_READONLY;
      else st = 1;
      continue;
    }
    const char *a = b->argv[i];
    const char *eq = strchr(a, '=');
    size_t nl = eq ? (size_t)(eq - a) : strlen(a);
    if (subscripted(b, a, nl)) {
      st = 1;
      continue;
    }
    char name[256];
    if (nl > 255) nl = 255;
    memcpy(name, a, nl);
    name[nl] = 0;
    sh_var *v = sh_var_find(b->sh, name);
    decl dd = d;
    dd.visible = true;
    /* -a/-A make an array only with a value: readonly -a x is -r */
    if (!eq || eq[1] != '(') dd.on &= ~(SH_VAR_ARRAY | SH_VAR_ASSOC);
    if (v && !eq) {
      v->attrs |= dd.on;
      continue;
    }
    if (eq && eq[1] != '(') sh_xtrace_assign(b->sh, name, false, eq + 1);
    if (declare_one(b, a, &dd)) st = 1;
  }
  return st;
}

static void unset_func(sh_ctx *c, sh_func *f) {
  HASH_DEL(c->vars.funcs, f);
  sh_unit_unref(f->unit);
  free(f->src);
  free(f->name);
  free(f);
}

/* An indexed subscript given as text (unset 'a[$i]'): expanded, then
 * evaluated, as bash does. */
static int arith_subscript(sh_ctx *c, const char *key, int64_t *ix) {
  const char *e = sh_subscript_key(c, key, strlen(key));
  if (c->flow.unwind) return 1;
  int rc = sh_arith(c, e, strlen(e), ix);
  if (rc && rc != VSH_EABORTED) sh_bad_arith_value(c); /* as bash */
  return rc;
}

/* unset 'NAME[KEY]' (br at the '['): 0, 1 after an error, -1 when out
 * of memory. */
static int unset_elem(bi_ctx *b, const char *a, const char *br) {
  sh_ctx *c = b->sh;
  char name[256];
  size_t nl = (size_t)(br - a) < 255 ? (size_t)(br - a) : 255;
  memcpy(name, a, nl);
  name[nl] = 0;
  sh_var *v = sh_var_find(c, name);
  if (!v) return 0;
  /* bash's unset leaves BASH_ALIASES and BASH_CMDS as they are */
  if ((v->attrs & SH_VAR_ASSOC) &&
      (!strcmp(name, "BASH_ALIASES") || !strcmp(name, "BASH_CMDS")))
    return 0;
  if (!strcmp(br, "[]")) return 0; /* a[] names no element */
  if (v->attrs & SH_VAR_READONLY) {
    bi_err(b, "%s: cannot unset: readonly variable", name);
    return 1;
  }
  char *key = strndup(br + 1, strlen(br + 1) - 1);
  if (!key) return -1;
  int st = 0;
  int64_t ix;
  if (!*key) {
    /* a[]: names no element; nothing to do */
  } else if ((!strcmp(key, "@") || !strcmp(key, "*")) &&
             !(v->attrs & SH_VAR_ASSOC)) {
    sh_var_clear_value(v);
  } else if (v->attrs & SH_VAR_ASSOC) { /* m[*] is the key "*" there */
    sh_assoc_unset(v, sh_subscript_key(c, key, strlen(key)));
  } else if (arith_subscript(c, key, &ix)) {
    st = 1;
  } else if (ix < 0 && !(v->attrs & SH_VAR_ARRAY)) {
    bi_err(b, "%s: not an array variable", name);
    st = 1;
  } else if (ix < 0 && sh_array_max(v) + 1 + ix < 0) {
    bi_err(b, "[%s]: bad array subscript", key);
    st = 1;
  } else {
    if (ix < 0) ix += sh_array_max(v) + 1;
    if (v->attrs & SH_VAR_ARRAY) sh_array_unset(v, ix);
    else if (ix == 0) sh_var_unset(c, name);
  }
  free(key);
  return st;
}

/* unset NAME: the variable (-n: the nameref itself), else with no -v
 * the function; 1 after an error. */
static int unset_name(bi_ctx *b, const char *a, bool vars, bool nameref) {
  sh_ctx *c = b->sh;
  sh_func *fn = !vars && !nameref ? sh_func_find(c, a) : NULL;
  if (fn && !sh_valid_name(a, strlen(a))) { /* unset [ : the function */
    unset_func(c, fn);
    return 0;
  }
  if (!sh_valid_name(a, strlen(a))) {
    bi_err(b, "`%s': not a valid identifier", a);
    return 1;
  }
  if (nameref) {
    sh_var *v = NULL;
    for (sh_scope *s = c->vars.scope; s && !v; s = s->up)
      HASH_FIND_STR(s->vars, a, v);
    if (v) v->attrs &= ~SH_VAR_NAMEREF;
  } else {
    const char *elem = sh_nameref_elem(c, a); /* unset r, r -> arr[2] */
    if (elem) return unset_elem(b, elem, strchr(elem, '['));
  }
  sh_var *v = sh_var_find(c, a);
  if (v && (v->attrs & SH_VAR_READONLY)) {
    bi_err(b, "%s: cannot unset: readonly variable", v->name);
    return 1;
  }
  if (v || vars || sh_dyn_active(c, a))
    return sh_var_unset(c, a) == VSH_EPERM ? 1 : 0;
  sh_func *f = sh_func_find(c, a);
  if (f) unset_func(c, f);
  return 0;
}

int bi_unset_main(bi_ctx *b) {
  bool funcs = false, vars = false, nameref = false;
  sh_bopt o = {0};
  for (int f; (f = sh_bopt_next(b, &o, "fvn"));) {
    if (f < 0) return 2;
    if (f == 'f') funcs = true;
    else if (f == 'v') vars = true;
    else nameref = true;
  }
  int i = o.ind;
  if (i < b->argc && !strcmp(b->argv[i], "-")) i++; /* bash skips it */
  sh_ctx *c = b->sh;
  int st = 0;
  for (; i < b->argc; i++) {
    const char *a = b->argv[i];
    const char *br = strchr(a, '[');
    if (funcs) {
      sh_func *f = sh_func_find(c, a);
      if (f && (f->attrs & SH_VAR_READONLY)) {
        bi_err(b, "%s: cannot unset: readonly function", a);
        st = 1;
      } else if (f) {
        unset_func(c, f);
      }
    } else if (br && a[strlen(a) - 1] == ']') {
      int r = unset_elem(b, a, br);
      if (r < 0) return 1;
      st |= r;
    } else {
      st |= unset_name(b, a, vars, nameref);
    }
  }
  return st;
}

/* ---- set / shopt / shift ----------------------------------------------------- */

/* Option indexes sorted by name, as bash lists them. */
static void set_opt(sh_ctx *c, int k, bool on) {
  /* bash: turning set -e on inside `! cmd` makes it take effect there
   * (only `!`: inside an if or && condition it stays ignored) */
  if (on && !c->opt.opts[k] && k == SH_OPT_ERREXIT && c->flow.errexit_off &&
      c->flow.errexit_off == c->flow.errexit_bang)
    c->flow.errexit_off = c->flow.errexit_bang = 0;
  c->opt.opts[k] = on;
  if (on && k == SH_SHOPT_EXTDEBUG) sh_bargs_init(c);
  if (k == SH_SHOPT_EXTDEBUG) /* bash: extdebug is functrace + errtrace */
    c->opt.opts[SH_OPT_FUNCTRACE] = c->opt.opts[SH_OPT_ERRTRACE] = on;
  /* the line-editing modes exclude each other */
  if (on && k == SH_OPT_EMACS) c->opt.opts[SH_OPT_VI] = false;
  if (on && k == SH_OPT_VI) c->opt.opts[SH_OPT_EMACS] = false;
  /* bash keeps POSIXLY_CORRECT in step with posix mode, and posix mode
   * turns these on */
  if (k == SH_OPT_POSIX && on) {
    sh_var_set(c, "POSIXLY_CORRECT", "y", false);
    c->opt.opts[SH_SHOPT_EXPAND_ALIASES] =
        c->opt.opts[SH_SHOPT_INHERIT_ERREXIT] =
            c->opt.opts[SH_SHOPT_SHIFT_VERBOSE] = true;
  }
  if (k == SH_OPT_POSIX && !on) { /* bash: back to its non-posix defaults */
    sh_var_unset(c, "POSIXLY_CORRECT");
    c->opt.opts[SH_SHOPT_EXPAND_ALIASES] = c->opt.interactive;
    c->opt.opts[SH_SHOPT_SHIFT_VERBOSE] = false;
  }
}

static void set_positionals(sh_ctx *c, char **v, int n) {
  char **np = calloc((size_t)n + 1, sizeof(char *));
  if (!np) return;
  for (int i = 0; i < n; i++) np[i] = strdup(v[i]);
  for (size_t i = 0; i < c->vars.npos; i++) free(c->vars.pos[i]);
  free(c->vars.pos);
  c->vars.pos = np;
  c->vars.npos = (size_t)n;
}

int bi_set_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  if (b->argc == 1) {
    sh_var **vs;
    size_t n = visible_vars(c, 0, false, &vs);
    vsh_buf o = {0};
    for (size_t k = 0; k < n; k++) { print_set_line(&o, vs[k]); }
    free(vs);
    bi_write(b, o.data ? o.data : "", o.len);
    vsh_buf_dispose(&o);
    return 0;
  }
  int i = 1;
  for (; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (!strcmp(a, "--")) {
      i++;
      set_positionals(c, b->argv + i, b->argc - i);
      return 0;
    }
    if (!strcmp(a, "-")) { /* -x -v off; the rest (if any) are $@ */
      c->opt.opts[SH_OPT_XTRACE] = c->opt.opts[SH_OPT_VERBOSE] = false;
      i++;
      if (i < b->argc) set_positionals(c, b->argv + i, b->argc - i);
      return 0;
    }
    if (!strcmp(a, "+")) continue; /* an empty flag word: ignored */
    if ((a[0] != '-' && a[0] != '+') || !a[1]) break;
    bool on = a[0] == '-';
    for (const char *p = a + 1; *p; p++) {
      if (*p == 'o') {
        if (i + 1 >= b->argc) {
          vsh_buf o = {0};
          int ord[SH_OPT__COUNT];
          sh_opts_sorted(ord);
          for (int kk = 0; kk < SH_OPT__COUNT; kk++) {
            int k = ord[kk];
            if (sh_opts[k].shopt) continue;
            if (on)
              vsh__buf_printf(&o, "%-15s\t%s\n", sh_opts[k].name,
                              c->opt.opts[k] ? "on" : "off");
            else
              vsh__buf_printf(&o, "set %co %s\n", c->opt.opts[k] ? '-' : '+',
                              sh_opts[k].name);
          }
          bi_write(b, o.data, o.len);
          vsh_buf_dispose(&o);
          continue;
        }
        const char *name = b->argv[++i];
        int k = sh_opt_find(name, false);
        if (k < 0) {
          bi_err(b, "%s: invalid option name", name);
          return 2;
        }
        set_opt(c, k, on);
        continue;
      }
      int k = -1;
      for (int j = 0; j < SH_OPT__COUNT; j++)
        if (sh_opts[j].letter == *p && !sh_opts[j].shopt) k = j;
      if (k < 0) {
        bi_err(b, "%c%c: invalid option", a[0], *p);
        sh__builtin_usage(b);
        return 2;
      }
      set_opt(c, k, on);
    }
  }
  if (i < b->argc) set_positionals(c, b->argv + i, b->argc - i);
  return 0;
}

int bi_shopt_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  bool set = false, unset = false, quiet = false, print = false, o_mode = false;
  sh_bopt op = {0};
  for (int f; (f = sh_bopt_next(b, &op, "psuoq"));) {
    if (f < 0) return 2;
    if (f == 's') set = true;
    else if (f == 'u') unset = true;
    else if (f == 'q') quiet = true;
    else if (f == 'p') print = true;
    else o_mode = true;
  }
  int i = op.ind;
  vsh_buf o = {0};
  int st = 0;
  if (i >= b->argc) {
    int ord[SH_OPT__COUNT];
    sh_opts_sorted(ord);
    for (int kk = 0; kk < SH_OPT__COUNT; kk++) {
      int k = ord[kk];
      if (sh_opts[k].shopt == o_mode) continue;
      if ((set && !c->opt.opts[k]) || (unset && c->opt.opts[k])) continue;
      if (o_mode && print)
        vsh__buf_printf(&o, "set %co %s\n", c->opt.opts[k] ? '-' : '+',
                        sh_opts[k].name);
      else if (print)
        vsh__buf_printf(&o, "shopt -%c %s\n", c->opt.opts[k] ? 's' : 'u',
                        sh_opts[k].name);
      else
        vsh__buf_printf(&o, "%-15s\t%s\n", sh_opts[k].name,
                        c->opt.opts[k] ? "on" : "off");
    }
  }
  for (; i < b->argc; i++) {
    int k = sh_opt_find(b->argv[i], !o_mode);
    if (k < 0) {
      bi_err(b, "%s: invalid %s name", b->argv[i],
             o_mode ? "option" : "shell option");
      st = 1;
      continue;
    }
    if (set) set_opt(c, k, true);
    else if (unset) set_opt(c, k, false);
    else {
      if (!c->opt.opts[k]) st = 1;
      if (!quiet) {
        if (print && o_mode)
          vsh__buf_printf(&o, "set %co %s\n", c->opt.opts[k] ? '-' : '+',
                          sh_opts[k].name);
        else if (print)
          vsh__buf_printf(&o, "shopt -%c %s\n", c->opt.opts[k] ? 's' : 'u',
                          sh_opts[k].name);
        else
          vsh__buf_printf(&o, "%-15s\t%s\n", sh_opts[k].name,
                          c->opt.opts[k] ? "on" : "off");
      }
    }
  }
  bi_write(b, o.data ? o.data : "", o.len);
  vsh_buf_dispose(&o);
  return st;
}

int bi_shift_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  long n = 1;
  int i = b->argc > 1 && !strcmp(b->argv[1], "--") ? 2 : 1;
  if (b->argc > i) {
    char *end;
    n = strtol(b->argv[i], &end, 10);
    if (*end || end == b->argv[i]) {
      bi_err(b, "%s: numeric argument required", b->argv[i]);
      return 1;
    }
    if (b->argc > i + 1) return sh__too_many_args(b);
    if (n < 0) { /* bash says so even without shift_verbose, naming the
                  * first word (even a "--") */
      bi_err(b, "%s: shift count out of range", b->argv[1]);
      return 1;
    }
  }
  if ((size_t)n > c->vars.npos) {
    if (c->opt.opts[SH_SHOPT_SHIFT_VERBOSE])
      bi_err(b, "%ld: shift count out of range", n);
    return 1;
  }
  for (long i = 0; i < n; i++) free(c->vars.pos[i]);
  memmove(c->vars.pos, c->vars.pos + n,
          (c->vars.npos - (size_t)n + 1) * sizeof(char *));
  c->vars.npos -= (size_t)n;
  return 0;
}

int bi_let_main(bi_ctx *b) {
  int i0 = b->argc > 1 && !strcmp(b->argv[1], "--") ? 2 : 1;
  if (b->argc <= i0) {
    bi_err(b, "expression expected");
    return 1;
  }
  int64_t v = 0;
  const char *what = b->sh->where.arith_what;
  b->sh->where.arith_what = "let";
  int rc = 0;
  for (int i = i0; i < b->argc && !rc; i++)
    rc = sh_arith_raw(b->sh, b->argv[i], strlen(b->argv[i]), &v);
  b->sh->where.arith_what = what;
  if (rc) return 1;
  return v ? 0 : 1;
}
