/* exec.c: running the syntax tree: lists, and-or lists, compound
 * commands, simple commands (expansion, temporary assignments; the
 * command lookup is search.c), functions, errexit and the ERR/DEBUG/RETURN traps.  Control flow (break, continue,
 * return, exit, cancellation) unwinds through ctx->unwind; each loop
 * iteration runs in a popped arena mark so long loops use flat memory. */
#include "shell/exec/exec_int.h"
#include "shell/expand/expand_int.h"
#include "core/pattern.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- checks ------------------------------------------------------------ */

bool sh_check(sh_ctx *c) {
  if (c->flow.unwind == SH_UW_CANCEL) return true;
  sh_exec *ex = c->ex;
  uint64_t n =
      atomic_fetch_add_explicit(&ex->commands, 1, memory_order_relaxed);
  if (n >= ex->limits.max_commands)
    sh_exec_limit(ex, "command limit exceeded (%llu commands)",
                  (unsigned long long)ex->limits.max_commands);
  if (sh_exec_charge(ex, 1) ||
      (c->proc.job && atomic_load(&c->ex->cancel) == SH_CANCEL_EXIT)) {
    c->flow.unwind = SH_UW_CANCEL;
    return true;
  }
  int sig = c->proc.self_sig;
  c->proc.self_sig = 0;
  if (!sig && c->proc.job) {
    sig = sh__job_signal_pending(c->proc.job);
    if (sig) sh__job_signal_clear(c->proc.job);
  } else if (!c->proc.subshell &&
             atomic_load_explicit(&ex->main_sig, memory_order_relaxed)) {
    sig = atomic_exchange(&ex->main_sig, 0);
  }
  if (sig) return sh__deliver_signal(c, sig);
  return false;
}

/* A virtual signal arrived: its trap runs, or (default disposition) the
 * shell ends with status 128+sig; ignored and harmless signals do nothing. */
bool sh__deliver_signal(sh_ctx *c, int sig) {
  if (sig > 0 && sig < 65 && c->trap.traps[sig]) {
    if (!*c->trap.traps[sig]) return false; /* ignored */
    sh_run_trap(c, sig);
    return c->flow.unwind != SH_UW_NONE;
  }
  /* SIGCHLD, SIGURG, SIGWINCH, SIGCONT default to ignore */
  if (sig == 17 || sig == 23 || sig == 28 || sig == 18) return false;
  c->proc.status = 128 + sig;
  c->flow.unwind = SH_UW_EXIT;
  c->proc.died_of = sig;
  return true;
}

static int set_status(sh_ctx *c, int st) {
  c->proc.status = st;
  return st;
}

/* errexit and the ERR trap after a command that may trigger them; the
 * status the command leaves. */
static int after_command(sh_ctx *c, const sh_node *n, int st) {
  if (c->trap.traps[17] && !c->trap.in_trap) sh__chld_run(c);
  else if (!c->trap.in_trap) c->proc.chld_pending = 0;
  bool fresh = c->trap.err_trap_fresh;
  c->trap.err_trap_fresh = false;
  if (st == 0 || c->flow.unwind || c->flow.errexit_off) return st;
  /* in a job only with errtrace, and not for the job's own command
   * (false & runs no ERR trap; { false; } & does) */
  bool job_ok =
      !c->proc.job || (c->opt.opts[SH_OPT_ERRTRACE] && n != c->proc.job_top);
  /* inside another trap (EXIT, a signal's) ERR still runs, not in its own */
  bool in_err = c->trap.in_trap && c->trap.frame.sig == SH_TRAP_ERR;
  if (n && n == c->proc.stage_top) job_ok = false; /* the parent reports */
  if (c->trap.traps[SH_TRAP_ERR] && !in_err && job_ok && !fresh)
    sh_run_trap(c, SH_TRAP_ERR);
  /* a `return` in the trap: the function returns its status */
  if (c->flow.unwind == SH_UW_RETURN) return c->proc.status;
  if (c->opt.opts[SH_OPT_ERREXIT]) {
    c->proc.status = st;
    c->flow.unwind = SH_UW_EXIT;
  }
  return st;
}

/* ---- functions -------------------------------------------------------------- */

sh_func *sh_func_find(sh_ctx *c, const char *name) {
  sh_func *f = NULL;
  HASH_FIND_STR(c->vars.funcs, name, f);
  return f;
}

int sh_func_define(sh_ctx *c, sh_node *def, sh_unit *unit) {
  char *name = strndup(def->u.func.name, def->u.func.name_len);
  if (!name) return VSH_ENOMEM;
  sh_func *f = sh_func_find(c, name);
  if (f && (f->attrs & SH_VAR_READONLY)) {
    sh_error(c, "%s: readonly function", name);
    free(name);
    return VSH_EPERM;
  }
  if (f) {
    free(name);
    sh_unit_unref(f->unit);
  } else {
    f = calloc(1, sizeof(*f));
    if (!f) {
      free(name);
      return VSH_ENOMEM;
    }
    f->name = name;
    HASH_ADD_KEYPTR(hh, c->vars.funcs, f->name, strlen(f->name), f);
    if (!VSH_HASH_ADDED(f)) {
      free(f->name);
      free(f);
      return VSH_ENOMEM;
    }
  }
  f->def = def;
  f->unit = unit;
  if (unit) sh_unit_ref(unit);
  free(f->src);
  /* BASH_SOURCE of the definition: the script or sourced file; bash
   * says "main" for stdin and "environment" for -c */
  bool in_file = c->where.script_src != NULL;
  for (int i = 0; i < c->limit.funcnest && !in_file; i++)
    in_file = !strcmp(c->where.frames[i].name, "source");
  f->src = strdup(in_file && c->where.source_name        ? c->where.source_name
                  : c->opt.dash_c || c->opt.under_dash_c ? "environment"
                                                         : "main");
  return 0;
}

int sh_call_function(sh_ctx *c, sh_func *f, int argc, char **argv) {
  if (c->limit.call_depth >= c->ex->limits.max_call_depth) {
    sh_error(c, "%s: maximum function nesting level exceeded (%u)", f->name,
             c->limit.call_depth);
    sh_exec_limit(c->ex, "function call depth limit exceeded (%llu)",
                  (unsigned long long)c->ex->limits.max_call_depth);
    c->flow.unwind = SH_UW_CANCEL;
    return set_status(c, 126);
  }
  unsigned ret_gen = c->trap.return_trap_gen;
  sh_scope *sc = calloc(1, sizeof(*sc));
  if (!sc || sh_frame_push(c, f->name, f->src, c->where.line)) {
    free(sc);
    return set_status(c, 1);
  }
  sc->is_func = true;
  if (c->opt.opts[SH_SHOPT_EXTDEBUG] &&
      !sh_bargs_push(c, argv + 1, (size_t)(argc - 1)))
    c->where.frames[c->limit.funcnest - 1].pushed_args = true;
  if (c->proc.level_pending) {
    c->proc.level_pending = false;
    c->proc.subshell_level++;
  }
  sc->up = c->vars.scope;
  if (c->vars.call_temp && c->vars.call_temp == sc->up) {
    sc->vars = sc->up->vars; /* the call's v=1 bindings live in its scope */
    sc->up->vars = NULL;
  }
  c->vars.call_temp = NULL;
  c->vars.scope = sc;
  char **opos = c->vars.pos;
  size_t onpos = c->vars.npos;
  /* owned copies: `set --` and `shift` inside the function free them */
  c->vars.pos = sh__strv_dup(argv + 1, (size_t)(argc - 1));
  c->vars.npos = c->vars.pos ? (size_t)(argc - 1) : 0;
  sh_unit *ounit = c->where.unit;
  const char *ofn = c->where.funcname;
  c->where.unit = f->unit;
  c->where.funcname = f->name;
  c->limit.call_depth++;
  /* bash: break and continue do not reach the caller's loops */
  unsigned oloops = c->limit.loop_depth;
  c->limit.loop_depth = 0;
  bool otraced = c->where.func_traced;
  c->where.func_traced = (f->attrs & SH_VAR_TRACE) != 0;
  /* with functrace (or declare -t) the DEBUG trap also runs as the
   * function starts, $BASH_COMMAND still naming the call */
  if (c->trap.traps[SH_TRAP_DEBUG] && !c->trap.in_trap &&
      (c->opt.opts[SH_OPT_FUNCTRACE] || c->where.func_traced))
    sh_run_trap(c, SH_TRAP_DEBUG);
  char *saved_traps[2];
  bool had_err = sh__func_traps_hide(c, saved_traps);
  sh_unit_ref(f->unit);
  sh_node *body = f->def->u.func.body;
  /* a `return` in that DEBUG trap skips the body */
  int st =
      c->flow.unwind == SH_UW_RETURN ? c->proc.status : sh_exec_node(c, body);
  sh_unit_unref(f->unit);
  sh__func_traps_show(c, saved_traps, had_err, sc);
  c->limit.loop_depth = oloops;
  c->where.func_traced = otraced;
  c->limit.call_depth--;
  bool returned = c->flow.unwind == SH_UW_RETURN;
  if (returned) {
    c->flow.unwind = SH_UW_NONE;
    st = c->proc.status;
  }
  /* functions inherit RETURN (and DEBUG) only with functrace; one set
   * inside the function runs as it returns, seeing $? from before the
   * `return`, as bash's does */
  if (c->trap.traps[SH_TRAP_RETURN] && !c->trap.in_trap &&
      (c->opt.opts[SH_OPT_FUNCTRACE] || c->trap.return_trap_gen != ret_gen)) {
    if (returned) c->proc.status = c->trap.return_prev;
    sh_run_trap(c, SH_TRAP_RETURN);
    if (c->flow.unwind == SH_UW_EXIT) st = c->proc.status;
    if (c->flow.unwind == SH_UW_RETURN) c->flow.unwind = SH_UW_NONE;
  }
  c->where.funcname = ofn;
  c->where.unit = ounit;
  sh__strv_free(c->vars.pos, c->vars.npos);
  c->vars.pos = opos;
  c->vars.npos = onpos;
  c->vars.scope = sc->up;
  sh__scope_free(sc);
  sh_frame_pop(c);
  return set_status(c, st);
}

/* ---- traps ------------------------------------------------------------------ */

/* The DEBUG trap before a command on `line`: not inside functions unless
 * functrace, never inside a trap.  True when it asked to stop. */
bool sh__debug_trap(sh_ctx *c, unsigned line) {
  if (!c->trap.traps[SH_TRAP_DEBUG] || c->trap.in_trap) return false;
  if (line) c->where.line = line;
  c->trap.debug_status = 0;
  sh_run_trap(c, SH_TRAP_DEBUG);
  if (c->flow.unwind != SH_UW_NONE) return true;
  /* extdebug: a DEBUG trap that fails skips the command */
  return c->opt.opts[SH_SHOPT_EXTDEBUG] && c->trap.debug_status != 0;
}

void sh_run_trap(sh_ctx *c, int sig) {
  const char *code = c->trap.traps[sig];
  bool was_in = c->trap.in_trap;
  if (!code || !*code ||
      (was_in && (sig != SH_TRAP_ERR || c->trap.frame.sig == SH_TRAP_ERR)))
    return;
  char *copy = strdup(code);
  if (!copy) return;
  int saved = c->proc.status;
  sh_trap_frame outer = c->trap.frame;
  c->trap.frame =
      (sh_trap_frame){saved, c->limit.call_depth, sig, c->where.line};
  sh_unwind uw = c->flow.unwind;
  int uwn = c->flow.unwind_n;
  c->flow.unwind = SH_UW_NONE;
  c->trap.in_trap = true;
  /* bash traces a trap's commands one level deeper (++), but EXIT's */
  bool deeper = sig != SH_TRAP_EXIT;
  if (deeper) c->where.xtrace_level++;
  /* signal and EXIT traps count their lines from 1, as bash's do */
  int tst = sh_run_string(c, copy, strlen(copy), "trap",
                          sig <= 64 ? 1 : c->where.line);
  if (sig == SH_TRAP_DEBUG) c->trap.debug_status = tst;
  if (deeper) c->where.xtrace_level--;
  c->trap.in_trap = was_in;
  c->where.line = c->trap.frame.line;
  c->trap.frame = outer;
  free(copy);
  /* exit; return, break and continue act on the function or loop that
   * was running when the trap fired, as bash's do */
  if (c->flow.unwind == SH_UW_BREAK || c->flow.unwind == SH_UW_CONTINUE)
    c->proc.status = saved;
  if (c->flow.unwind != SH_UW_NONE && c->flow.unwind != SH_UW_ABORT) return;
  c->flow.unwind = uw;
  c->flow.unwind_n = uwn;
  c->proc.status = saved;
}

/* ---- assignments ----------------------------------------------------------------- */

typedef struct elem_val {
  char *key; /* NULL: positional */
  char *val;
  bool append;
} elem_val;

/* A copy of w whose parts of one kind (SH_PART_SQ or SH_PART_TILDE)
 * are literal text as written: '...' keeps its quotes, ~user its tilde.
 * Returns w itself when it has none (or memory runs out). */
static const sh_word *as_written(sh_ctx *c, const sh_word *w,
                                 sh_part_kind kind) {
  size_t i = 0;
  while (i < w->n && w->parts[i].kind != kind) i++;
  if (i == w->n) return w;
  sh_word *cp = vsh__arena_alloc(&c->arena, sizeof *cp);
  sh_part *parts = vsh__arena_alloc(&c->arena, w->n * sizeof *parts);
  if (!cp || !parts) return w;
  *cp = *w;
  cp->parts = parts;
  for (i = 0; i < w->n; i++) {
    parts[i] = w->parts[i];
    if (parts[i].kind != kind) continue;
    bool sq = kind == SH_PART_SQ;
    const char *src = sq ? w->parts[i].u.text.s : w->parts[i].u.tilde.user;
    size_t n = sq ? w->parts[i].u.text.len : w->parts[i].u.tilde.len;
    char *t = vsh__arena_alloc(&c->arena, n + 2);
    if (!t) return w;
    t[0] = sq ? '\'' : '~';
    memcpy(t + 1, src, n);
    if (sq) t[n + 1] = '\'';
    parts[i].kind = SH_PART_ESC;
    parts[i].u.text.s = t;
    parts[i].u.text.len = n + (sq ? 2 : 1);
  }
  return cp;
}

/* bash expands an indexed array's subscript as double-quoted text: a
 * single-quoted part keeps its quotes, which arithmetic then rejects
 * (a['2']=3 is "'2': syntax error"). */
static const sh_word *keep_single_quotes(sh_ctx *c, const sh_word *w) {
  return as_written(c, w, SH_PART_SQ);
}

/* bash 5.2 leaves ~ alone in an associative array's A=([k]=~). */
static const sh_word *no_tilde(sh_ctx *c, const sh_word *w) {
  return as_written(c, w, SH_PART_TILDE);
}

static int assign_elems(sh_ctx *c, const sh_assign *a, const char *name,
                        sh_var *v, bool assoc, sh_var *old);

/* Every element is expanded before the array changes: a=(0 "${a[@]}")
 * must see the old a. */
static int assign_array(sh_ctx *c, const sh_assign *a, const char *name) {
  name = sh_nameref_target(c, name); /* r=(...) with declare -n r=a */
  sh_var *v = sh_var_find(c, name);
  bool assoc = v && (v->attrs & SH_VAR_ASSOC);
  /* bash's order: an associative array is emptied before its elements
   * are expanded, an indexed one after.  bash 5.2 keeps the old table
   * for A=([k]+=v): k's old value is what gets appended to. */
  sh_var old = {0};
  if (assoc && !a->append) {
    if (v->attrs & SH_VAR_READONLY) {
      sh_error(c, "%s: readonly variable", name);
      return VSH_EPERM;
    }
    old.attrs = v->attrs;
    old.elems = v->elems;
    old.n = v->n;
    old.cap = v->cap;
    old.bkt = v->bkt;
    old.nbkt = v->nbkt;
    old.reorder = v->reorder;
    v->elems = NULL;
    v->bkt = NULL;
    v->n = v->cap = 0;
    v->nbkt = 0;
    v->reorder = false;
    sh_var_clear_value(v);
  }
  int rc =
      assign_elems(c, a, name, v, assoc, assoc && !a->append ? &old : NULL);
  sh_var_clear_value(&old);
  return rc;
}

static int assign_elems(sh_ctx *c, const sh_assign *a, const char *name,
                        sh_var *v, bool assoc, sh_var *old) {
  size_t n = 0, cap = 16;
  elem_val *ev = vsh__arena_alloc(&c->arena, cap * sizeof(*ev));
  if (!ev) return VSH_ENOMEM;
  for (size_t i = 0; i < a->n_elems; i++) {
    const sh_array_elem *e = &a->elems[i];
    sh_argv av = {0};
    char *key = NULL;
    char *val = NULL; /* av.v may point at it: same scope as av */
    if (e->braced && !assoc) {
      sh_word *w = e->braced;
      if (sh_expand_words(c, &w, 1, &av)) return VSH_EINVAL;
    } else if (e->key) {
      size_t kl, vl;
      if (sh_expand_str(c, e->key, &key, &kl)) return VSH_EINVAL;
      if (sh_expand_str(c, assoc ? no_tilde(c, e->value) : e->value, &val, &vl))
        return VSH_EINVAL;
      if (old && e->append) {
        /* bash 5.2: appends to the value the key had before */
        const char *was = sh_assoc_get(old, key);
        size_t wl = was ? strlen(was) : 0;
        char *cat = vsh__arena_alloc(&c->arena, wl + vl + 1);
        if (!cat) return VSH_ENOMEM;
        if (wl) memcpy(cat, was, wl);
        memcpy(cat + wl, val, vl + 1);
        val = cat;
      }
      av.v = &val;
      av.n = 1;
    } else {
      sh_word *w = e->value;
      if (sh_expand_words(c, &w, 1, &av)) return VSH_EINVAL;
    }
    for (size_t j = 0; j < av.n; j++) {
      if (n == cap) {
        elem_val *nv = vsh__arena_alloc(&c->arena, cap * 2 * sizeof(*ev));
        if (!nv) return VSH_ENOMEM;
        memcpy(nv, ev, n * sizeof(*ev));
        ev = nv;
        cap *= 2;
      }
      ev[n++] = (elem_val){.key = key,
                           .val = av.v[j],
                           .append = e->append && !old && !e->braced};
    }
  }
  if (!v) v = sh_var_global(c, name);
  if (!v) return VSH_ENOMEM;
  if (v->attrs & SH_VAR_READONLY) {
    sh_error(c, "%s: readonly variable", name);
    return VSH_EPERM;
  }
  if (!a->append) {
    sh_var_clear_value(v);
  } else if (!(v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC)) && v->val) {
    char *old = v->val;
    v->val = NULL;
    sh_array_set(v, 0, old);
    free(old);
  }
  if (!assoc) v->attrs |= SH_VAR_ARRAY;
  v->attrs &= ~SH_VAR_UNSET;
  int64_t next = sh_array_max(v) + 1;
  for (size_t i = 0; i < n; i++) {
    int rc;
    if (ev[i].key) {
      if (assoc) {
        rc = sh_var_set_elem(c, name, ev[i].key, 0, ev[i].val, ev[i].append);
      } else {
        int64_t ix;
        if (sh_arith(c, ev[i].key, strlen(ev[i].key), &ix)) {
          sh_bad_arith_value(c); /* as bash */
          return VSH_EINVAL;
        }
        if (ix < 0) ix += next;
        rc = sh_var_set_elem(c, name, NULL, ix, ev[i].val, ev[i].append);
        next = ix + 1;
      }
    } else if (assoc) {
      /* bash 5.2: a=(k v k2 v2) for associative arrays; once a [k]=v
       * form appears, plain words are ignored */
      bool keyed = false;
      for (size_t k = 0; k < n; k++)
        if (ev[k].key) keyed = true;
      if (keyed) continue;
      const char *val = i + 1 < n && !ev[i + 1].key ? ev[i + 1].val : "";
      rc = sh_var_set_elem(c, name, ev[i].val, 0, val, false);
      i++;
    } else {
      rc = sh_var_set_elem(c, name, NULL, next++, ev[i].val, false);
    }
    if (rc) return rc;
  }
  return 0;
}

/* Performs one assignment in the current scope chain.  Returns 0, or a
 * negative vsh_err after printing the error. */
int sh_assign_one(sh_ctx *c, const sh_assign *a) {
  char name[256];
  size_t nl = a->name_len < 255 ? a->name_len : 255;
  memcpy(name, a->name, nl);
  name[nl] = 0;
  c->vars.asg_key = c->vars.asg_val = NULL;
  const char *elem = a->is_array || a->index ? sh_nameref_elem(c, name) : NULL;
  if (elem) { /* r=(x y) or r[1]=x where r refers to a[@] or a[0] */
    sh_error(c, "`%s': not a valid identifier", elem);
    if (!c->flow.unwind) c->flow.unwind = SH_UW_ABORT; /* bash drops the line */
    return VSH_EINVAL;
  }
  if (a->is_array && a->index) { /* a[1]=(x y) */
    char *k;
    size_t kl;
    if (sh_expand_str(c, a->index, &k, &kl)) k = (char *)"";
    sh_error(c, "%s[%s]: cannot assign list to array member", name, k);
    if (!c->flow.unwind) c->flow.unwind = SH_UW_ABORT; /* bash drops the line */
    return VSH_EINVAL;
  }
  if (a->is_array) return assign_array(c, a, name);
  char *val;
  size_t vl;
  c->vars.expanding_assignment = true;
  int rc = sh_expand_str(c, a->value, &val, &vl);
  c->vars.expanding_assignment = false;
  if (rc) return rc;
  c->vars.asg_val = val;
  if (a->index && !a->index->n) { /* a[]=v */
    sh_error(c, "%s[]: bad array subscript", name);
    return VSH_EINVAL;
  }
  if (a->index) {
    sh_var *v = sh_var_find(c, name);
    if (v && (v->attrs & SH_VAR_ASSOC)) {
      char *k;
      size_t kl;
      rc = sh_expand_str(c, a->index, &k, &kl);
      c->vars.asg_key = rc ? NULL : k;
      return rc ? rc : sh_var_set_elem(c, name, k, 0, val, a->append);
    }
    char *k;
    size_t kl;
    int64_t ix;
    rc = sh_expand_str(c, keep_single_quotes(c, a->index), &k, &kl);
    c->vars.asg_key = rc ? NULL : k;
    if (!rc) {
      rc = sh_arith(c, k, kl, &ix);
      if (rc && rc != VSH_EABORTED) sh_bad_arith_value(c); /* as bash */
    }
    if (rc) return rc;
    bool dirs = !v && !strcmp(name, "DIRSTACK");
    if (ix < 0) {
      int64_t max = v ? sh_array_max(v) : dirs ? (int64_t)c->dirs.ndirs : -1;
      if (max + 1 + ix < 0) {
        sh_error(c, "%s[%s]: bad array subscript", name, k);
        return VSH_EINVAL;
      }
      ix += max + 1;
    }
    if (dirs) return sh__dirstack_set(c, ix, val, a->append);
    return sh_var_set_elem(c, name, NULL, ix, val, a->append);
  }
  return sh_var_set(c, name, val, a->append);
}

/* ---- simple commands --------------------------------------------------------------- */

/* Posix mode: assigning a readonly variable (alone, before a special
 * builtin, or as a for loop's variable) ends a non-interactive shell,
 * with status 1 (bash -c: 127, as bash 5.2 does); under `command` only
 * a loop variable does.  True when it did. */
static bool posix_assign_exit(sh_ctx *c, bool even_in_command) {
  if (!c->opt.opts[SH_OPT_POSIX] || c->opt.interactive ||
      (c->flow.in_command && !even_in_command))
    return false;
  c->proc.status = c->opt.dash_c || c->opt.under_dash_c ? 127 : 1;
  c->flow.unwind = SH_UW_EXIT;
  return true;
}

/* Pushes a scope holding the temporary (prefix) assignments.  Each
 * value is expanded with the ones before it already bound, as in bash
 * (A=1 B=$A cmd gives B=1); the command's words were expanded before. */
static int push_temp_scope(sh_ctx *c, sh_node *n) {
  sh_scope *sc = calloc(1, sizeof(*sc));
  if (!sc) return VSH_ENOMEM;
  sc->up = c->vars.scope;
  c->vars.scope = sc;
  int rc = 0;
  bool ro = false;
  for (size_t i = 0; i < n->u.simple.n_assigns && !rc; i++) {
    const sh_assign *a = &n->u.simple.assigns[i];
    if (a->index) continue; /* bash ignores these here */
    char *val;
    size_t vl;
    if (a->is_array) {
      /* B=(b "x y") cmd: bash binds the text "(b x y)": the expanded
       * elements joined with spaces */
      vsh_buf t = {0};
      vsh__buf_putc(&t, '(');
      for (size_t k = 0; k < a->n_elems && !rc; k++) {
        const sh_array_elem *e = &a->elems[k];
        sh_argv ev = {0};
        char *kv = NULL, *vv = NULL;
        size_t kn, vn;
        if (e->key) {
          rc = sh_expand_str(c, e->key, &kv, &kn);
          if (!rc) rc = sh_expand_str(c, e->value, &vv, &vn);
        } else {
          sh_word *w = e->value;
          rc = sh_expand_words(c, &w, 1, &ev);
        }
        if (rc) break;
        if (e->key) {
          if (t.len > 1) vsh__buf_putc(&t, ' ');
          vsh__buf_printf(&t, "[%s]%s=%s", kv, e->append ? "+" : "", vv);
        }
        for (size_t j = 0; j < ev.n; j++) {
          if (t.len > 1) vsh__buf_putc(&t, ' ');
          vsh__buf_puts(&t, ev.v[j]);
        }
      }
      vsh__buf_putc(&t, ')');
      val = t.data ? vsh__arena_strndup(&c->arena, t.data, t.len) : NULL;
      vl = t.len;
      vsh_buf_dispose(&t);
      if (rc) break;
      if (!val) {
        rc = VSH_ENOMEM;
        break;
      }
    } else {
      rc = sh_expand_str(c, a->value, &val, &vl);
      if (rc) break;
    }
    char name[256];
    size_t nl = a->name_len < 255 ? a->name_len : 255;
    memcpy(name, a->name, nl);
    name[nl] = 0;
    if (c->opt.opts[SH_OPT_XTRACE] && !c->where.in_ps4)
      sh__xtrace_assign_to(c, sh__xtrace_prefix(c), name, a->append, val);
    c->vars.scope = sc->up; /* the variable outside the temporary scope */
    sh_var *outer = sh_var_find(c, name);
    const char *old = a->append && outer ? sh_var_get(c, name) : NULL;
    c->vars.scope = sc;
    if (outer && (outer->attrs & SH_VAR_READONLY)) {
      /* bash reports it and runs the command without this binding
       * (posix mode: the caller does not run it) */
      sh_error(c, "%s: readonly variable", name);
      ro = true;
      continue;
    }
    sh_var *v = NULL;
    HASH_FIND_STR(sc->vars, name, v);
    bool again = v != NULL; /* A=1 A+=2 cmd: builds on the first, plain */
    if (again && a->append) old = v->val;
    if (!v) {
      v = calloc(1, sizeof(*v));
      if (!v || !(v->name = strdup(name))) {
        free(v);
        rc = VSH_ENOMEM;
        break;
      }
      HASH_ADD_KEYPTR(hh, sc->vars, v->name, strlen(v->name), v);
    }
    if (a->append && !outer && !again) old = NULL;
    unsigned shaped =
        SH_VAR_INTEGER | SH_VAR_LOWER | SH_VAR_UPPER | SH_VAR_CAPITAL;
    char *d;
    if (a->append && outer && !again && (outer->attrs & shaped)) {
      /* bash appends as the variable's attributes say (N+=3 for -i N) */
      int trc = 0;
      d = sh_var_transform(c, outer, val, old, true, &trc);
      if (!d) {
        rc = trc ? trc : VSH_ENOMEM;
        break;
      }
    } else {
      size_t ol = old ? strlen(old) : 0;
      d = malloc(ol + vl + 1);
      if (!d) {
        rc = VSH_ENOMEM;
        break;
      }
      memcpy(d, old ? old : "", ol);
      memcpy(d + ol, val, vl);
      d[ol + vl] = 0;
    }
    free(v->val);
    v->val = d;
    v->attrs = SH_VAR_EXPORT | SH_VAR_TEMP;
  }
  return rc ? rc : ro ? VSH_EPERM : 0;
}

static void pop_temp_scope(sh_ctx *c) {
  sh_scope *sc = c->vars.scope;
  c->vars.scope = sc->up;
  sh__scope_free(sc);
}

/* Words of a command whose arguments may be assignments (declare x=~/a
 * b=(1 2)): when the command is a declaration builtin, those arguments
 * expand like assignments (tilde after = and :, no splitting or
 * globbing); array values stay raw for the builtin to evaluate. */
/* shown (may be NULL): the words as set -x shows them, an array literal
 * argument as its bare NAME (bash traces NAME=(...) on a line of its
 * own, before the command); *arrays tells whether there was one. */
static int push_ptr(sh_ctx *c, sh_argv *a, char *s) {
  if (a->n + 1 >= a->cap) {
    size_t nc = a->cap ? a->cap * 2 : 8;
    char **v = vsh__arena_alloc(&c->arena, nc * sizeof(char *));
    if (!v) return VSH_ENOMEM;
    if (a->n) memcpy(v, a->v, a->n * sizeof(char *));
    a->v = v;
    a->cap = nc;
  }
  a->v[a->n++] = s;
  return 0;
}

/* lits: the arguments (as pushed on av) written as NAME=(...). */
static int expand_decl_words(sh_ctx *c, sh_node *n, sh_argv *av, sh_argv *shown,
                             bool *arrays, sh_argv *lits) {
  int rc = sh_expand_words(c, n->u.simple.words, 1, av);
  if (rc) return rc;
  if (shown && av->n) rc = sh__argv_push(c, shown, av->v[0], strlen(av->v[0]));
  if (rc) return rc;
  const bi_entry *e = av->n ? bi_lookup(av->v[0]) : NULL;
  bool decl = e && (e->flags & BI_DECL) && !sh_func_find(c, av->v[0]);
  for (size_t i = 1; i < n->u.simple.n_words; i++) {
    if (i == 2 && c->opt.opts[SH_OPT_POSIX] && av->n == 2 &&
        !strcmp(av->v[0], "command") && n->u.simple.arg_assigns) {
      e = bi_lookup(av->v[1]); /* command export x=$v, posix mode */
      decl = e && (e->flags & BI_DECL) && !sh_func_find(c, av->v[1]);
    }
    sh_assign *a = decl ? n->u.simple.arg_assigns[i] : NULL;
    if (!a) {
      sh_argv one;
      rc = sh_expand_words(c, &n->u.simple.words[i], 1, &one);
      for (size_t k = 0; !rc && k < one.n; k++) {
        rc = sh__argv_push(c, av, one.v[k], strlen(one.v[k]));
        if (!rc && shown)
          rc = sh__argv_push(c, shown, one.v[k], strlen(one.v[k]));
      }
      if (rc) return rc;
      continue;
    }
    vsh_buf t = {0};
    vsh__buf_append(&t, a->name, a->name_len);
    if (a->index) {
      char *k;
      size_t kl;
      rc = sh_expand_str(c, a->index, &k, &kl);
      vsh__buf_putc(&t, '[');
      vsh__buf_append(&t, k, kl);
      vsh__buf_putc(&t, ']');
    }
    vsh__buf_puts(&t, a->append ? "+=" : "=");
    if (!rc) {
      char *v;
      size_t vl;
      if (a->is_array) {
        /* the word's raw `name=(...)` text, for the builtin to evaluate */
        const sh_word *w = n->u.simple.words[i];
        vsh__buf_clear(&t);
        for (size_t p = 0; p < w->n; p++)
          if (w->parts[p].kind == SH_PART_LIT || w->parts[p].kind == SH_PART_SQ)
            vsh__buf_append(&t, w->parts[p].u.text.s, w->parts[p].u.text.len);
      } else {
        rc = sh_expand_str(c, a->value, &v, &vl);
        if (!rc) vsh__buf_append(&t, v, vl);
      }
    }
    if (!rc) rc = sh__argv_push(c, av, t.data, t.len);
    if (!rc && a->is_array) rc = push_ptr(c, lits, av->v[av->n - 1]);
    if (!rc && shown) {
      if (a->is_array && !a->append && !a->index) {
        rc = sh__argv_push(c, shown, a->name, a->name_len);
        *arrays = true;
      } else {
        rc = sh__argv_push(c, shown, t.data, t.len);
      }
    }
    vsh_buf_dispose(&t);
    if (rc) return rc;
  }
  return 0;
}

/* $_ : kept in the context, not a variable (it changes every command). */
static void sh__set_underscore_n(sh_ctx *c, const char *s, size_t n) {
  if (n + 1 > c->vars.underscore_cap) {
    char *d = realloc(c->vars.underscore, n + 1);
    if (!d) return;
    c->vars.underscore = d;
    c->vars.underscore_cap = n + 1;
  }
  memcpy(c->vars.underscore, s, n);
  c->vars.underscore[n] = 0;
}

void sh__set_underscore(sh_ctx *c, const char *s) {
  sh__set_underscore_n(c, s, strlen(s));
}

/* Notes the command about to run for $BASH_COMMAND (a trap's own
 * commands leave it alone); its text is kept while a trap is set. */
void sh__note_command(sh_ctx *c, const sh_node *n) {
  if (c->trap.in_trap) return;
  c->trap.cur_cmd = n;
  if (!c->trap.traps[SH_TRAP_DEBUG] && !c->trap.traps[SH_TRAP_ERR] &&
      !c->trap.traps[SH_TRAP_EXIT] && !c->trap.traps[SH_TRAP_RETURN]) {
    free(c->trap.cmd_text);
    c->trap.cmd_text = NULL;
    return;
  }
  vsh_buf t = {0};
  sh_print_command(&t, n);
  if (!t.data) return;
  free(c->trap.cmd_text);
  c->trap.cmd_text = t.data; /* the buffer's bytes, now owned here */
}

static int exec_simple(sh_ctx *c, sh_node *n) {
  c->where.line = n->line;
  sh__note_command(c, n);
  if (sh__debug_trap(c, n->line)) return c->proc.status;
  sh_argv av = {0}, shown = {0}, lits = {0};
  bool decl_arrays = false; /* declare a=(...) under set -x: see below */
  c->proc.subst_status = -1;
  if (n->u.simple.n_words) {
    /* $LINENO and messages name the command's first line, as in bash */
    c->where.pin_line = true;
    bool tr = c->opt.opts[SH_OPT_XTRACE] && !c->where.in_ps4;
    int rc =
        n->u.simple.arg_assigns
            ? expand_decl_words(c, n, &av, tr ? &shown : NULL, &decl_arrays,
                                &lits)
            : sh_expand_words(c, n->u.simple.words, n->u.simple.n_words, &av);
    c->where.pin_line = false;
    if (rc) {
      if (c->flow.unwind) return c->proc.status;
      return set_status(c, 1);
    }
  }
  if (av.n == 0) {
    /* assignments only (or words that expanded to nothing): the status
     * is that of the last command substitution, else 0 */
    /* bash expands and assigns first, then performs the redirections */
    sh_saved sv = {0};
    /* traced with PS4 as it was before these assignments, as bash */
    const char *prefix = c->opt.opts[SH_OPT_XTRACE] && !c->where.in_ps4
                             ? sh__xtrace_prefix(c)
                             : NULL;
    for (size_t i = 0; i < n->u.simple.n_assigns; i++) {
      const sh_assign *a = &n->u.simple.assigns[i];
      int rc = sh_assign_one(c, a);
      /* assigning a readonly variable abandons the line, as in bash */
      if (rc == VSH_EPERM && !c->flow.unwind && !posix_assign_exit(c, false)) {
        c->proc.status = 1;
        c->flow.unwind = SH_UW_ABORT;
        c->flow.abort_errexit = true; /* and set -e ends the script */
      }
      if (rc || c->flow.unwind)
        return c->flow.unwind ? c->proc.status : set_status(c, 1);
      if (prefix && a->is_array && !c->where.in_ps4) {
        vsh_buf b = {0}; /* bash traces a literal as written */
        vsh__buf_puts(&b, prefix);
        sh_print_assign(&b, a);
        sh__xtrace_emit(c, &b);
      } else if (prefix) {
        char nm[512];
        size_t nl = a->name_len < 255 ? a->name_len : 255;
        memcpy(nm, a->name, nl);
        nm[nl] = 0;
        if (c->vars.asg_key)
          snprintf(nm + nl, sizeof nm - nl, "[%.200s]", c->vars.asg_key);
        sh__xtrace_assign_to(c, prefix, nm, a->append,
                             c->vars.asg_val ? c->vars.asg_val : "");
      }
    }
    int st = sh_redirect(c, n->redirs, n->n_redirs, &sv);
    if (st) {
      sh_restore(c, &sv);
      return set_status(c, st);
    }
    sh_restore(c, &sv);
    sh__set_underscore(c, ""); /* bash empties $_ after an assignment */
    return set_status(c, c->proc.subst_status >= 0 ? c->proc.subst_status : 0);
  }

  bool temp = n->u.simple.n_assigns > 0;
  /* as bash: the prefix assignments are expanded (and traced) first,
   * then the command is traced, then the redirections are performed,
   * which do not see the temporary bindings; traces go to the stderr
   * the command line started with */
  bool trace = c->opt.opts[SH_OPT_XTRACE] && !c->where.in_ps4;
  sh_stream *trace_to = trace && temp ? sh__xtrace_stream(c) : NULL;
  if (trace_to) sh_stream_ref(trace_to);
  if (trace && !temp && !decl_arrays) sh_xtrace(c, (int)av.n, av.v);
  const bi_entry *e = sh_builtin_find(c, av.v[0]);
  bool special = e && (e->flags & BI_SPECIAL) &&
                 (c->opt.opts[SH_OPT_POSIX] || !sh_func_find(c, av.v[0]));
  bool posix_fatal =
      c->opt.opts[SH_OPT_POSIX] && !c->opt.interactive && !c->flow.in_command;
  /* posix mode: a special builtin's prefix assignments outlive it,
   * exported, as bash leaves them (what it unset stays unset) */
  bool keep = temp && special && c->opt.opts[SH_OPT_POSIX];
  sh_stream *otrace = c->io.xtrace_to;
  if (trace_to) c->io.xtrace_to = trace_to;
  int trc = temp ? push_temp_scope(c, n) : 0;
  if (trc == VSH_EPERM && !c->opt.opts[SH_OPT_POSIX]) trc = 0;
  c->io.xtrace_to = otrace;
  if (trc) {
    if (trace_to) sh_stream_unref(trace_to);
    pop_temp_scope(c);
    if (trc == VSH_EPERM && special && posix_assign_exit(c, false))
      return c->proc.status;
    /* before any other command or a function, posix mode abandons the
     * line, as a lone readonly assignment does elsewhere */
    if (trc == VSH_EPERM && !c->flow.unwind) {
      c->proc.status = 1;
      c->flow.unwind = SH_UW_ABORT;
      c->flow.abort_errexit = true;
      return 1;
    }
    return set_status(c, 1);
  }
  if (trace_to) {
    c->io.xtrace_to = trace_to;
    sh_xtrace(c, (int)av.n, av.v);
    c->io.xtrace_to = otrace;
    sh_stream_unref(trace_to);
  }
  sh_scope *tsc = temp ? c->vars.scope : NULL;
  if (tsc) c->vars.scope = tsc->up;
  sh_saved sv = {0};
  int st = sh_redirect(c, n->redirs, n->n_redirs, &sv);
  if (tsc) c->vars.scope = tsc;
  if (st) {
    if (temp) pop_temp_scope(c);
    sh_restore(c, &sv);
    /* posix mode: a special builtin's redirection error ends the shell */
    if (special && posix_fatal && !c->flow.unwind) {
      c->proc.status = 1;
      c->flow.unwind = SH_UW_EXIT;
      return 1;
    }
    return set_status(c, st);
  }
  if (decl_arrays && trace) c->where.xtrace_decl = true;
  if (tsc && !keep && sh_func_find(c, av.v[0])) c->vars.call_temp = tsc;
  char **olits = c->where.decl_lits;
  size_t onlits = c->where.n_decl_lits;
  c->where.decl_lits = lits.v;
  c->where.n_decl_lits = lits.n;
  c->flow.special_failed = false;
  st = sh_run_argv(c, (int)av.n, av.v);
  bool special_failed = c->flow.special_failed;
  c->flow.special_failed = false;
  c->where.decl_lits = olits;
  c->where.n_decl_lits = onlits;
  c->vars.call_temp = NULL;
  /* posix mode: export or readonly assigning a readonly variable, or .
   * not finding its file, ends the shell (not under `command`) */
  if (special && special_failed && posix_fatal && !c->flow.unwind) {
    c->proc.status = 1;
    c->flow.unwind = SH_UW_EXIT;
  }
  c->where.line = n->line;    /* a function's body moved it; the ERR trap and
                        $LINENO after the call see the caller's line */
  if (decl_arrays && trace) { /* the array literals came first, as bash */
    c->where.xtrace_decl = false;
    sh_xtrace(c, (int)shown.n, shown.v);
  }
  /* posix mode: a special builtin's usage error (set -o bogus) ends a
   * non-interactive shell, except where set -e would not (|| && if !);
   * a syntax error in eval ends it anywhere, as bash does */
  if (special && c->opt.opts[SH_OPT_POSIX] && st == 2 && !c->flow.unwind &&
      !c->opt.interactive &&
      (!c->flow.errexit_off || !strcmp(av.v[0], "eval"))) {
    c->proc.status = 2;
    c->flow.unwind = SH_UW_EXIT;
  }
  if (temp && keep && c->vars.scope == tsc) {
    sh_argv kept = {0};
    for (sh_var *v = tsc->vars; v; v = v->hh.next)
      if (!(v->attrs & SH_VAR_UNSET) && v->val &&
          (sh__argv_push(c, &kept, v->name, strlen(v->name)) ||
           sh__argv_push(c, &kept, v->val, strlen(v->val))))
        break;
    pop_temp_scope(c);
    for (size_t i = 0; i + 1 < kept.n; i += 2) {
      if (sh_var_set(c, kept.v[i], kept.v[i + 1], false)) continue;
      sh_var *v = sh_var_find(c, kept.v[i]);
      if (v) v->attrs |= SH_VAR_EXPORT;
    }
  } else if (temp) {
    pop_temp_scope(c);
  }
  {
    /* $_ is the last argument; bash gives NAME for a NAME=(...) one */
    const char *last = av.v[av.n - 1], *eq = strchr(last, '=');
    if (eq && eq[1] == '(' && eq > last &&
        sh_valid_name(last, (size_t)(eq - last)))
      sh__set_underscore_n(c, last, (size_t)(eq - last));
    else sh__set_underscore(c, last);
  }
  if (c->io.exec_redirs_permanent) {
    /* `exec >file`: keep the new bindings for the rest of the script */
    c->io.exec_redirs_permanent = false;
    for (size_t i = 0; i < sv.n; i++) sh_stream_unref(sv.v[i].prev);
    free(sv.v);
  } else {
    sh_restore(c, &sv);
  }
  if (c->proc.util_sig) { /* on the shell's stderr, as bash's */
    vsh_buf t = {0};
    sh_print_command(&t, n);
    if (!c->limit.subst_depth && !c->proc.mid_pipe)
      sh__death_notice(c, c->proc.util_sig, c->proc.util_pid, t.data, true);
    vsh_buf_dispose(&t);
    c->proc.util_sig = 0;
  }
  return set_status(c, st);
}

/* An expansion failed: a fatal one (${x?}, set -u) has set the status
 * the shell leaves with; others fail the command with 1. */
int sh__expand_failed(sh_ctx *c) {
  if (c->flow.unwind == SH_UW_EXIT || c->flow.unwind == SH_UW_ABORT)
    return c->proc.status;
  return set_status(c, 1);
}

/* ---- compound commands ------------------------------------------------------------- */

bool sh__loop_iter_ok(sh_ctx *c, uint64_t *iters) {
  if (sh_exec_charge(c->ex, 1)) {
    c->flow.unwind = SH_UW_CANCEL;
    return false;
  }
  if (++*iters > c->ex->limits.max_loop_iterations) {
    sh_exec_limit(c->ex, "loop iteration limit exceeded (%llu)",
                  (unsigned long long)c->ex->limits.max_loop_iterations);
    c->flow.unwind = SH_UW_CANCEL;
    return false;
  }
  return true;
}

/* After a loop body: true when the loop must stop. */
bool sh__loop_unwind(sh_ctx *c) {
  if (c->flow.unwind == SH_UW_BREAK) {
    if (--c->flow.unwind_n <= 0) c->flow.unwind = SH_UW_NONE;
    return true;
  }
  if (c->flow.unwind == SH_UW_CONTINUE) {
    if (--c->flow.unwind_n <= 0) {
      c->flow.unwind = SH_UW_NONE;
      return false;
    }
    return true;
  }
  return c->flow.unwind != SH_UW_NONE;
}

static int exec_while(sh_ctx *c, sh_node *n, bool until) {
  int st = 0;
  uint64_t iters = 0;
  c->limit.loop_depth++;
  for (;;) {
    if (!sh__loop_iter_ok(c, &iters)) break;
    vsh_arena_mark m = vsh__arena_mark(&c->arena);
    c->flow.errexit_off++;
    int cst = sh_exec_node(c, n->u.loop.cond);
    c->flow.errexit_off--;
    if (c->flow.unwind) {
      vsh__arena_pop(&c->arena, m);
      if (sh__loop_unwind(c)) break;
      continue;
    }
    if ((cst == 0) == until) {
      vsh__arena_pop(&c->arena, m);
      break;
    }
    st = sh_exec_node(c, n->u.loop.body);
    vsh__arena_pop(&c->arena, m);
    if (c->flow.unwind && sh__loop_unwind(c)) break;
    if (sh_check(c)) break;
  }
  c->limit.loop_depth--;
  return set_status(c, c->flow.unwind == SH_UW_EXIT ? c->proc.status : st);
}

static int exec_for(sh_ctx *c, sh_node *n) {
  sh_argv av = {0};
  char **items;
  size_t count;
  if (n->u.for_.has_in) {
    c->where.line = n->line;
    c->where.pin_line = true;
    int rc = sh_expand_words(c, n->u.for_.words, n->u.for_.n_words, &av);
    c->where.pin_line = false;
    if (rc) return sh__expand_failed(c);
    items = av.v;
    count = av.n;
  } else {
    items = c->vars.pos;
    count = c->vars.npos;
  }
  /* the list is fixed before the loop runs: copy it out of the arena */
  char **copy = calloc(count + 1, sizeof(char *));
  if (!copy) return set_status(c, 1);
  for (size_t i = 0; i < count; i++) copy[i] = strdup(items[i]);
  char name[256];
  size_t nl = n->u.for_.var_len < 255 ? n->u.for_.var_len : 255;
  memcpy(name, n->u.for_.var, nl);
  name[nl] = 0;
  if (!sh_valid_name(name, nl)) {
    sh_error(c, "`%s': not a valid identifier", name);
    for (size_t i = 0; i < count; i++) free(copy[i]);
    free(copy);
    return set_status(c, 1);
  }
  int st = 0;
  uint64_t iters = 0;
  c->limit.loop_depth++;
  for (size_t i = 0; i < count; i++) {
    if (!sh__loop_iter_ok(c, &iters)) break;
    if (sh__debug_trap(c, n->line)) break;
    if (c->opt.opts[SH_OPT_XTRACE]) sh__xtrace_loop_head(c, "for", n);
    sh_var *ref = sh_var_find_raw(c, name);
    if (ref && (ref->attrs & SH_VAR_NAMEREF) &&
        !(ref->attrs & SH_VAR_READONLY)) {
      /* bash: a nameref loop variable names each word in turn */
      char *w = strdup(copy[i] ? copy[i] : "");
      if (w) {
        free(ref->val);
        ref->val = w;
        ref->attrs &= ~SH_VAR_UNSET;
      }
    } else if (sh_var_set(c, name, copy[i] ? copy[i] : "", false)) {
      st = 1;
      if (posix_assign_exit(c, true)) st = c->proc.status;
      break;
    }
    vsh_arena_mark m = vsh__arena_mark(&c->arena);
    st = sh_exec_node(c, n->u.for_.body);
    vsh__arena_pop(&c->arena, m);
    if (c->flow.unwind && sh__loop_unwind(c)) break;
    if (sh_check(c)) break;
  }
  c->limit.loop_depth--;
  for (size_t i = 0; i < count; i++) free(copy[i]);
  free(copy);
  return set_status(c, c->flow.unwind == SH_UW_EXIT ? c->proc.status : st);
}

/* `(( EXPR ))` with EXPR expanded, as bash traces arithmetic commands
 * and each part of an arithmetic for (an empty part reads 1). */
static void xtrace_arith(sh_ctx *c, const char *s, size_t n) {
  char *line = vsh__arena_alloc(&c->arena, n + 8);
  if (!line) return;
  memcpy(line, "(( ", 3);
  memcpy(line + 3, s, n);
  memcpy(line + 3 + n, " ))", 4);
  sh_xtrace_text(c, line, n + 6);
}

/* trim: an arithmetic for's part, traced without its surrounding blanks */
static int arith_word(sh_ctx *c, const sh_word *w, int64_t *v, bool trim) {
  if (!w) {
    if (c->opt.opts[SH_OPT_XTRACE]) xtrace_arith(c, "1", 1);
    *v = 1;
    return 0;
  }
  char *s;
  size_t n;
  int rc = sh_expand_str(c, w, &s, &n);
  if (!rc && c->opt.opts[SH_OPT_XTRACE]) {
    const char *t = s;
    size_t tn = n;
    while (trim && tn && strchr(" \t\n", *t)) t++, tn--;
    while (trim && tn && strchr(" \t\n", t[tn - 1])) tn--;
    xtrace_arith(c, t, tn);
  }
  const char *what = c->where.arith_what;
  c->where.arith_what = "((";
  if (!rc) rc = sh_arith(c, s, n, v);
  c->where.arith_what = what;
  return rc;
}

static int exec_cfor(sh_ctx *c, sh_node *n) {
  int64_t v;
  int st = 0;
  if (sh__debug_trap(c, n->line)) return c->proc.status;
  if (arith_word(c, n->u.cfor.init, &v, true)) return set_status(c, 1);
  uint64_t iters = 0;
  c->limit.loop_depth++;
  for (;;) {
    if (!sh__loop_iter_ok(c, &iters)) break;
    vsh_arena_mark m = vsh__arena_mark(&c->arena);
    c->where.line = n->line;
    if (sh__debug_trap(c, n->line)) {
      vsh__arena_pop(&c->arena, m);
      break;
    }
    if (arith_word(c, n->u.cfor.cond, &v, true)) {
      st = 1;
      vsh__arena_pop(&c->arena, m);
      break;
    }
    if (!v) {
      vsh__arena_pop(&c->arena, m);
      break;
    }
    st = sh_exec_node(c, n->u.cfor.body);
    vsh__arena_pop(&c->arena, m);
    if (c->flow.unwind && sh__loop_unwind(c)) break;
    if (sh__debug_trap(c, n->line) || arith_word(c, n->u.cfor.step, &v, true)) {
      st = 1;
      break;
    }
    if (sh_check(c)) break;
  }
  c->limit.loop_depth--;
  return set_status(c, c->flow.unwind == SH_UW_EXIT ? c->proc.status : st);
}

static int exec_case(sh_ctx *c, sh_node *n) {
  c->where.line = n->line;
  char *subj;
  size_t sl;
  if (sh_expand_str(c, n->u.case_.subject, &subj, &sl))
    return sh__expand_failed(c);
  const sh_word *sw = n->u.case_.subject;
  if (c->opt.opts[SH_OPT_XTRACE] && sw->src) { /* the word as written */
    vsh_buf b = {0};
    vsh__buf_puts(&b, "case ");
    vsh__buf_append(&b, sw->src, sw->src_len);
    vsh__buf_puts(&b, " in");
    if (b.data) sh_xtrace_text(c, b.data, b.len);
    vsh_buf_dispose(&b);
  }
  unsigned flags = SH_PAT_EXTGLOB;
  if (c->opt.opts[SH_SHOPT_NOCASEMATCH]) flags |= SH_PAT_NOCASE;
  if (sh_byte_locale(c)) flags |= SH_PAT_BYTES;
  int st = 0;
  bool fall = false;
  for (size_t i = 0; i < n->u.case_.n_items; i++) {
    const sh_case_item *it = &n->u.case_.items[i];
    bool hit = fall;
    for (size_t k = 0; !hit && k < it->n_patterns; k++) {
      char *pat;
      size_t pl;
      unsigned char *q;
      if (sh_expand_pattern(c, it->patterns[k], &pat, &pl, &q))
        return sh__expand_failed(c);
      sh_pattern *p;
      if (sh_pattern_compile(&p, &c->arena, pat, pl, q, flags)) continue;
      sh_pattern_budget b;
      sh_pattern_budget_init(c, &b);
      int m = sh_pattern_match(p, subj, sl, &b);
      if (m < 0) {
        sh_pattern_failed(c, m);
        return set_status(c, 126);
      }
      if (m == 1) hit = true;
    }
    if (!hit) continue;
    st = it->body ? sh_exec_node(c, it->body) : 0;
    if (c->flow.unwind) return st;
    if (it->term == SH_CASE_FALL) {
      fall = true;
      continue;
    }
    fall = false;
    if (it->term == SH_CASE_BREAK) return set_status(c, st);
  }
  return set_status(c, st);
}

static int exec_arith(sh_ctx *c, sh_node *n) {
  c->where.line = n->line;
  if (sh__debug_trap(c, n->line)) return c->proc.status;
  int64_t v;
  if (arith_word(c, n->u.arith.expr, &v, false)) return set_status(c, 1);
  return set_status(c, v ? 0 : 1);
}

static int exec_group(sh_ctx *c, sh_node *n) {
  sh_saved sv = {0};
  c->where.heredoc_end_line = true;
  int st = sh_redirect(c, n->redirs, n->n_redirs, &sv);
  c->where.heredoc_end_line = false;
  if (!st) {
    st = sh_exec_node(c, n->u.group.body);
    sh_restore(c, &sv);
    return set_status(c, st);
  }
  sh_restore(c, &sv);
  set_status(c, st);
  return after_command(c, n, st);
}

static int exec_if(sh_ctx *c, sh_node *n) {
  c->flow.errexit_off++;
  int cst = sh_exec_node(c, n->u.if_.cond);
  c->flow.errexit_off--;
  if (c->flow.unwind) return cst;
  if (cst == 0) return sh_exec_node(c, n->u.if_.then_part);
  if (n->u.if_.else_part) return sh_exec_node(c, n->u.if_.else_part);
  return set_status(c, 0);
}

static int exec_list(sh_ctx *c, sh_node *n) {
  int st = c->proc.status;
  for (size_t i = 0; i < n->u.list.n; i++) {
    sh_node *it = n->u.list.items[i];
    if (n->u.list.background && n->u.list.background[i]) {
      st = sh_exec_background(c, it);
    } else {
      st = sh_exec_node(c, it);
    }
    if (c->flow.unwind) break;
  }
  return st;
}

/* Redirections on a compound command wrap it. */
static int with_redirs(sh_ctx *c, sh_node *n, int (*fn)(sh_ctx *, sh_node *)) {
  if (!n->n_redirs) return fn(c, n);
  sh_saved sv = {0};
  c->where.heredoc_end_line = true;
  int st = sh_redirect(c, n->redirs, n->n_redirs, &sv);
  c->where.heredoc_end_line = false;
  if (!st) {
    st = fn(c, n);
    sh_restore(c, &sv);
    return set_status(c, st);
  }
  sh_restore(c, &sv);
  set_status(c, st);
  return after_command(c, n, st);
}

static int exec_while_n(sh_ctx *c, sh_node *n) {
  return exec_while(c, n, false);
}
static int exec_until_n(sh_ctx *c, sh_node *n) {
  return exec_while(c, n, true);
}

static int exec_cond_n(sh_ctx *c, sh_node *n) {
  c->where.line = n->line;
  if (sh__debug_trap(c, n->line)) return c->proc.status;
  return set_status(c, sh_eval_cond(c, n->u.cond.expr));
}

static int exec_node(sh_ctx *c, sh_node *n);

/* Runs n; process substitutions its expansions opened close when it
 * completes, as in bash (`x=<(cmd)` leaves nothing open). */
int sh_exec_node(sh_ctx *c, sh_node *n) {
  int mark = c->io.npsub;
  int st = exec_node(c, n);
  while (c->io.npsub > mark) sh_fd_close(c, c->io.psub_fds[--c->io.npsub]);
  return st;
}

static int exec_node(sh_ctx *c, sh_node *n) {
  if (!n) return c->proc.status;
  if (c->flow.unwind) return c->proc.status;
  if (c->opt.opts[SH_OPT_NOEXEC]) return c->proc.status; /* set -n: read only */
  if (n->kind != SH_NODE_LIST && sh_check(c)) return c->proc.status;
  int st;
  switch (n->kind) {
  case SH_NODE_SIMPLE:
    st = exec_simple(c, n);
    sh__set_pipestatus(c, &st, 1); /* before the ERR trap runs */
    return after_command(c, n, st);
  case SH_NODE_PIPELINE:
    st = sh_exec_pipeline(c, n);
    if (n->u.pipe.bang && c->trap.traps[17]) sh__chld_run(c);
    return n->u.pipe.bang ? st : after_command(c, n, st);
  case SH_NODE_AND:
  case SH_NODE_OR:
    c->flow.errexit_off++;
    st = sh_exec_node(c, n->u.bin.a);
    c->flow.errexit_off--;
    if (c->flow.unwind) return st;
    if ((st == 0) == (n->kind == SH_NODE_AND))
      return sh_exec_node(c, n->u.bin.b);
    return st;
  case SH_NODE_LIST: return exec_list(c, n);
  case SH_NODE_SUBSHELL:
    if (n->line) c->where.line = n->line; /* a notice names its line */
    st = sh_exec_subshell(c, n->u.group.body, n->redirs, n->n_redirs);
    sh__set_pipestatus(c, &st, 1);
    return after_command(c, n, st);
  case SH_NODE_GROUP: return exec_group(c, n);
  case SH_NODE_IF: return with_redirs(c, n, exec_if);
  case SH_NODE_WHILE: return with_redirs(c, n, exec_while_n);
  case SH_NODE_UNTIL: return with_redirs(c, n, exec_until_n);
  case SH_NODE_FOR: return with_redirs(c, n, exec_for);
  case SH_NODE_CFOR: return with_redirs(c, n, exec_cfor);
  case SH_NODE_SELECT: return with_redirs(c, n, sh__exec_select);
  case SH_NODE_CASE: return with_redirs(c, n, exec_case);
  case SH_NODE_ARITH:
    st = with_redirs(c, n, exec_arith);
    return after_command(c, n, st);
  case SH_NODE_COND:
    st = with_redirs(c, n, exec_cond_n);
    return after_command(c, n, st);
  case SH_NODE_FUNCDEF:
    /* bash refuses a name with an expansion in it ($x-f() {...}) */
    c->where.line = n->line;
    if (memchr(n->u.func.name, '$', n->u.func.name_len) ||
        memchr(n->u.func.name, '`', n->u.func.name_len)) {
      sh_error(c, "`%.*s': not a valid identifier", (int)n->u.func.name_len,
               n->u.func.name);
      return set_status(c, 1);
    }
    if (c->opt.opts[SH_OPT_POSIX]) {
      /* posix mode: a special builtin cannot be redefined; fatal */
      char nm[256];
      size_t nl = n->u.func.name_len < 255 ? n->u.func.name_len : 255;
      memcpy(nm, n->u.func.name, nl);
      nm[nl] = 0;
      const bi_entry *e = bi_lookup(nm);
      if (!sh_valid_name(nm, nl)) { /* posix: a name, and fatal */
        sh_error(c, "`%s': not a valid identifier", nm);
        c->flow.unwind = SH_UW_EXIT;
        return set_status(c, 2);
      }
      if (e && (e->flags & BI_SPECIAL)) {
        sh_error(c, "`%s': is a special builtin", nm);
        c->flow.unwind = SH_UW_EXIT;
        return set_status(c, 2);
      }
    }
    if (sh_func_define(c, n, c->where.unit)) return set_status(c, 1);
    return set_status(c, 0);
  case SH_NODE_COPROC: {
    const char *nm = n->u.coproc.name ? n->u.coproc.name : "COPROC";
    if (n->line) c->where.line = n->line;
    if (sh__coproc(c, nm, n->u.coproc.body)) {
      sh_error(c, "coproc: cannot make pipe for coprocess");
      return set_status(c, 1);
    }
    return set_status(c, 0);
  }
  }
  return set_status(c, 1);
}
