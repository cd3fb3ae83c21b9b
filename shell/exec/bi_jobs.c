/* bi_jobs.c: the builtins of an interactive bash that a sandbox answers
 * the way a non-interactive bash does (fg, bg, suspend, logout, history),
 * disown, enable, and compgen (word lists from the shell's own tables:
 * what scripts use it for outside completion). */
#include "shell/exec/exec_int.h"
#include "shell/expand/expand_int.h"
#include "core/pattern.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bi_fg_main(bi_ctx *b) {
  bi_err(b, "no job control");
  return 1;
}

int bi_suspend_main(bi_ctx *b) {
  bool seen[128] = {0};
  int i = sh_bopt_flags(b, "f", seen);
  if (i < 0) return 2;
  if (i < b->argc) { return sh__too_many_args(b); }
  bi_err(b, "cannot suspend: no job control");
  return 1;
}

int bi_logout_main(bi_ctx *b) {
  bi_err(b, "not login shell: use `exit'");
  return 1;
}

/* History is off in a non-interactive shell: nothing to list or clear. */
int bi_history_main(bi_ctx *b) {
  bool seen[128] = {0};
  sh_bopt o = {0};
  for (int f; (f = sh_bopt_next(b, &o, "acd:npsrw"));) {
    if (f < 0) return 2;
    seen[f] = true;
  }
  int i = o.ind;
  if (seen['p']) { /* history -p args: prints them expanded */
    for (int k = i; k < b->argc; k++) {
      bi_puts(b, b->argv[k]);
      bi_puts(b, "\n");
    }
    return 0;
  }
  if (seen['a'] || seen['n'] || seen['r'] || seen['w'] || seen['d'] ||
      seen['s'] || seen['c'])
    return 0;        /* nothing to read, write or delete */
  if (i < b->argc) { /* history N: the last N entries (there are none) */
    const char *n = b->argv[i] + (b->argv[i][0] == '+');
    if (!*n || n[strspn(n, "0123456789")]) {
      bi_err(b, "%s: numeric argument required", b->argv[i]);
      return 1;
    }
  }
  if (i + 1 < b->argc) { /* the command line is abandoned */
    return sh__too_many_args(b);
  }
  return 0;
}

/* disown [-ar] [-h] [jobspec|pid ...]: the jobs leave the table (jobs
 * and wait no longer see them); they are still cancelled with the exec. */
int bi_disown_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  bool seen[128] = {0};
  int i = sh_bopt_flags(b, "arh", seen);
  if (i < 0) return 2;
  bool all = seen['a'], running = seen['r'];
  if (all || (running && i == b->argc)) {
    sh__jobs_disown(c, 0, false, running);
    return 0;
  }
  if (i == b->argc) {
    if (sh__jobs_disown(c, -1, true, false)) {
      bi_err(b, "current: no such job");
      return 1;
    }
    return 0;
  }
  int st = 0;
  for (; i < b->argc; i++) {
    const char *t = b->argv[i];
    bool by_id = t[0] == '%';
    char *end;
    long n = strtol(t + by_id, &end, 10);
    if (by_id && (!t[1] || !strcmp(t, "%%") || !strcmp(t, "%+"))) n = -1;
    else if (*end || end == t + by_id || n <= 0) n = -1;
    if (n == 0 || n < -1 || sh__jobs_disown(c, (int)n, by_id, false)) {
      bi_err(b, "%s: no such job", t);
      st = 1;
    }
  }
  return st;
}

/* enable [-a] [-dnps] [name ...]: lists the builtins, or turns the
 * names off (-n: the name then finds a function or a file on $PATH) and
 * back on.  No shared object can be loaded (-f), so none is deleted (-d). */
int bi_enable_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  bool seen[128] = {0};
  const char *f = NULL;
  sh_bopt op = {0};
  for (int l; (l = sh_bopt_next(b, &op, "apsndf:"));) {
    if (l < 0) return 2;
    seen[l] = true;
    if (l == 'f') f = op.arg;
  }
  int i = op.ind;
  bool off = seen['n'];
  if (f) {
    bi_err(b,
           "cannot open shared object %s: %s: cannot open shared object "
           "file: No such file or directory",
           f, f);
    return 1;
  }
  if (i == b->argc || seen['p']) {
    size_t n;
    const bi_entry *t = bi_table(&n);
    vsh_buf o = {0};
    for (size_t k = 0; k < n; k++) {
      bool is_off = sh_builtin_disabled(c, &t[k]);
      if (!(t[k].flags & BI_SHELL) || (seen['s'] && !(t[k].flags & BI_SPECIAL)))
        continue;
      if (!seen['a'] && is_off != off) continue;
      vsh__buf_printf(&o, "enable %s%s\n", is_off ? "-n " : "", t[k].name);
    }
    int rc = bi_write(b, o.data ? o.data : "", o.len);
    vsh_buf_dispose(&o);
    return rc ? 1 : 0;
  }
  int st = 0;
  for (; i < b->argc; i++) {
    const bi_entry *e = bi_lookup(b->argv[i]);
    if (!e || !(e->flags & BI_SHELL)) {
      bi_err(b, "%s: not a shell builtin", b->argv[i]);
      st = 1;
    } else if (seen['d']) {
      bi_err(b, "%s: not dynamically loaded", b->argv[i]);
      st = 1;
    } else if (sh_builtin_disable(c, e, off)) {
      return 1;
    }
  }
  return st;
}

/* ---- compgen --------------------------------------------------------------- */

typedef struct words {
  sh_argv v;
  bi_ctx *b;
  const char *prefix; /* the word being completed ("" for all) */
} words;

static int add(words *w, const char *s) {
  if (strncmp(s, w->prefix, strlen(w->prefix))) return 0;
  for (size_t i = 0; i < w->v.n; i++) /* bash lists a name once */
    if (!strcmp(w->v.v[i], s)) return 0;
  return sh__argv_push(w->b->sh, &w->v, s, strlen(s));
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Adds names sorted (the tables are hashes, bash's output is sorted). */
static int add_sorted(words *w, sh_argv *names) {
  if (names->n) qsort(names->v, names->n, sizeof(char *), cmp_str);
  for (size_t i = 0; i < names->n; i++) {
    int rc = add(w, names->v[i]);
    if (rc) return rc;
  }
  return 0;
}

static int add_vars(words *w, bool exported_only) {
  sh_ctx *c = w->b->sh;
  sh_argv names = {0};
  if (!exported_only && sh_dyn_names(c, "", &names)) return VSH_ENOMEM;
  for (sh_scope *s = c->vars.scope; s; s = s->up)
    for (sh_var *v = s->vars; v; v = v->hh.next) {
      if (exported_only && !(v->attrs & SH_VAR_EXPORT)) continue;
      if (v->attrs & SH_VAR_UNSET) continue;
      if (sh__argv_push(c, &names, v->name, strlen(v->name))) return VSH_ENOMEM;
    }
  return add_sorted(w, &names);
}

static int add_funcs(words *w) {
  sh_ctx *c = w->b->sh;
  sh_argv names = {0};
  sh_func *f, *t;
  HASH_ITER(hh, c->vars.funcs, f, t) {
    if (sh__argv_push(c, &names, f->name, strlen(f->name))) return VSH_ENOMEM;
  }
  return add_sorted(w, &names);
}

static int add_aliases(words *w) {
  sh_ctx *c = w->b->sh;
  sh_argv names = {0};
  sh_alias *a, *t;
  HASH_ITER(hh, c->vars.aliases, a, t) {
    if (sh__argv_push(c, &names, a->name, strlen(a->name))) return VSH_ENOMEM;
  }
  return add_sorted(w, &names);
}

static int add_builtins(words *w) {
  size_t n;
  const bi_entry *t = bi_table(&n);
  for (size_t k = 0; k < n; k++)
    if (t[k].flags & BI_SHELL) {
      int rc = add(w, t[k].name);
      if (rc) return rc;
    }
  return 0;
}

static int add_keywords(words *w) {
  for (const char *const *k = sh__keywords(); *k; k++) {
    int rc = add(w, *k);
    if (rc) return rc;
  }
  return 0;
}

/* Entries of the directory part of the prefix (dirs_only: -d). */
static int add_files(words *w, bool dirs_only) {
  bi_ctx *b = w->b;
  const char *slash = strrchr(w->prefix, '/');
  char *dir = slash ? vsh__arena_strndup(b->arena, w->prefix,
                                         (size_t)(slash - w->prefix) + 1)
                    : (char *)"";
  if (!dir) return VSH_ENOMEM;
  const char *path = bi_path(b, *dir ? dir : ".");
  vfs_dirlist l = {0};
  if (!path || vfs_readdir(b->fs, path, &l)) return 0;
  int rc = 0;
  for (size_t i = 0; i < l.len && !rc; i++) {
    const char *nm = l.items[i].name;
    char full[8192];
    if (dirs_only) {
      vfs_info in;
      snprintf(full, sizeof full, "%s/%s", path, nm);
      if (vfs_stat(b->fs, full, true, &in) || in.type != VFS_DIR) continue;
    }
    snprintf(full, sizeof full, "%s%s", dir, nm);
    rc = add(w, full);
  }
  vfs_dirlist_dispose(&l);
  return rc;
}

/* Executable names on $PATH (utilities and script files). */
static int add_path_commands(words *w) {
  bi_ctx *b = w->b;
  const char *path = sh_var_get(b->sh, "PATH");
  if (!path) return 0;
  int rc = 0;
  while (!rc && *path) {
    size_t n = strcspn(path, ":");
    char *d = vsh__arena_strndup(b->arena, n ? path : ".", n ? n : 1);
    path += n + (path[n] == ':');
    const char *p = d ? bi_path(b, d) : NULL;
    vfs_dirlist l = {0};
    if (!p || vfs_readdir(b->fs, p, &l)) continue;
    for (size_t i = 0; i < l.len && !rc; i++)
      if (l.items[i].type != VFS_DIR) rc = add(w, l.items[i].name);
    vfs_dirlist_dispose(&l);
  }
  return rc;
}

static int add_action(words *w, const char *a) {
  if (!strcmp(a, "alias") || !strcmp(a, "a")) return add_aliases(w);
  if (!strcmp(a, "builtin") || !strcmp(a, "b")) return add_builtins(w);
  if (!strcmp(a, "keyword") || !strcmp(a, "k")) return add_keywords(w);
  if (!strcmp(a, "function")) return add_funcs(w);
  if (!strcmp(a, "variable") || !strcmp(a, "v")) return add_vars(w, false);
  if (!strcmp(a, "export") || !strcmp(a, "e")) return add_vars(w, true);
  if (!strcmp(a, "file") || !strcmp(a, "f")) return add_files(w, false);
  if (!strcmp(a, "directory") || !strcmp(a, "d")) return add_files(w, true);
  if (!strcmp(a, "user") || !strcmp(a, "u")) return add(w, "user");
  if (!strcmp(a, "group") || !strcmp(a, "g")) return add(w, "user");
  if (!strcmp(a, "command") || !strcmp(a, "c")) {
    int rc = add_aliases(w);
    if (!rc) rc = add_keywords(w);
    if (!rc) rc = add_builtins(w);
    if (!rc) rc = add_funcs(w);
    if (!rc) rc = add_path_commands(w);
    return rc;
  }
  return VSH_EINVAL;
}

/* Splits a -W list on IFS (its words are not expanded again). */
static int add_wordlist(words *w, const char *list) {
  const char *ifs = sh_var_get(w->b->sh, "IFS");
  if (!ifs) ifs = " \t\n";
  const char *p = list;
  while (*p) {
    size_t n = *ifs ? strcspn(p, ifs) : strlen(p);
    if (n) {
      char *s = vsh__arena_strndup(w->b->arena, p, n);
      int rc = s ? add(w, s) : VSH_ENOMEM;
      if (rc) return rc;
    }
    p += n;
    if (*p) p++;
  }
  return 0;
}

/* compgen -F: the function runs as completion would call it ($1 the
 * command, $2 the word, $3 the word before); COMPREPLY's elements are
 * the completions. */
static int add_from_function(words *w, const char *fn) {
  sh_ctx *c = w->b->sh;
  sh_func *f = sh_func_find(c, fn);
  if (!f) { /* bash names the completion machinery here */
    sh_error(c, "completion: function `%s' not found", fn);
    return VSH_ENOENT;
  }
  char *argv[] = {(char *)fn, "compgen", (char *)w->prefix, "", NULL};
  sh_call_function(c, f, 4, argv);
  sh_var *v = sh_var_find(c, "COMPREPLY");
  if (!v || (v->attrs & SH_VAR_UNSET)) return 0;
  if (!(v->attrs & (SH_VAR_ARRAY | SH_VAR_ASSOC)))
    return v->val ? sh__argv_push(c, &w->v, v->val, strlen(v->val)) : 0;
  for (size_t i = 0; i < v->n; i++) {
    int rc = sh__argv_push(c, &w->v, v->elems[i].val, strlen(v->elems[i].val));
    if (rc) return rc;
  }
  return 0;
}

/* compgen -C: the command's output lines, run with the same three
 * arguments. */
static int add_from_command(words *w, const char *cmd) {
  sh_ctx *c = w->b->sh, *s;
  vsh_buf text = {0};
  vsh__buf_puts(&text, cmd);
  vsh__buf_puts(&text, " compgen '");
  for (const char *p = w->prefix; *p; p++) {
    if (*p == '\'') vsh__buf_puts(&text, "'\\''");
    else vsh__buf_putc(&text, *p);
  }
  vsh__buf_puts(&text, "' ''");
  sh_stream *cap = sh_stream_buf_new(c->ex->limits.max_string);
  int rc = cap && text.data ? sh_ctx_fork(&s, c) : VSH_ENOMEM;
  if (!rc) {
    sh_fd_set(s, 1, cap);
    sh_run_string(s, text.data, text.len, "compgen", c->where.line);
    sh_ctx_free(s);
    const vsh_buf *d = sh_stream_buf_data(cap);
    for (size_t i = 0; d && i < d->len && !rc;) {
      const char *nl = memchr(d->data + i, '\n', d->len - i);
      size_t e = nl ? (size_t)(nl - d->data) : d->len;
      rc = sh__argv_push(c, &w->v, d->data + i, e - i);
      i = e + 1;
    }
  }
  if (cap) sh_stream_unref(cap);
  vsh_buf_dispose(&text);
  return rc;
}

/* compgen -X: drops the words matching pat (with a leading !, the words
 * not matching it).  Returns 0, or the negative vsh_err of a match that
 * ran out of its budget (reported; the exec ends with 126). */
static int filter_words(words *w, const char *pat) {
  sh_ctx *c = w->b->sh;
  bool keep_match = pat[0] == '!';
  if (keep_match) pat++;
  sh_pattern *p;
  if (sh_pattern_compile(&p, &c->arena, pat, strlen(pat), NULL, SH_PAT_EXTGLOB))
    return 0;
  sh_pattern_budget bud;
  sh_pattern_budget_init(c, &bud);
  size_t k = 0;
  for (size_t i = 0; i < w->v.n; i++) {
    int m = sh_pattern_match(p, w->v.v[i], strlen(w->v.v[i]), &bud);
    if (m < 0) return sh_pattern_failed(c, m);
    if ((m == 1) == keep_match) w->v.v[k++] = w->v.v[i];
  }
  w->v.n = k;
  return 0;
}

int bi_compgen_main(bi_ctx *b) {
  words w = {.b = b, .prefix = ""};
  const char *prefix = "", *suffix = "";
  const char *gpat = NULL, *fn = NULL, *cmd = NULL, *xpat = NULL;
  const char *lists[64];
  char kinds[64]; /* 'A' an action name, 'W' a word list */
  int nl = 0, i = 1;
  sh_bopt op = {0};
  for (int f; (f = sh_bopt_next(b, &op, "abcdefgjksuvo:A:G:W:F:C:X:P:S:"));) {
    if (f < 0) return 2;
    const char *arg = op.arg;
    if (strchr("js", f)) {
      bi_err(b, "-%c: no jobs or services in the sandbox", f);
      return 1;
    }
    if (!arg) { /* a letter naming an action */
      if (nl < 64) {
        kinds[nl] = 'A';
        lists[nl++] = vsh__arena_strndup(b->arena, strchr("abcdefgkuv", f), 1);
      }
    } else if (f == 'P') prefix = arg;
    else if (f == 'S') suffix = arg;
    else if (f == 'o') { /* display options only change completion */
    } else if (f == 'A' || f == 'W') {
      if (nl < 64) {
        kinds[nl] = (char)f;
        lists[nl++] = arg;
      }
    } else if (f == 'G') gpat = arg;
    else if (f == 'F') fn = arg;
    else if (f == 'C') cmd = arg;
    else xpat = arg;
  }
  i = op.ind;
  if (i < b->argc) w.prefix = b->argv[i];
  for (int k = 0; k < nl; k++) {
    int rc =
        kinds[k] == 'W' ? add_wordlist(&w, lists[k]) : add_action(&w, lists[k]);
    if (rc == VSH_EINVAL) {
      bi_err(b, "%s: invalid action name", lists[k]);
      return 2;
    }
    if (rc) return 1;
  }
  if (gpat) {
    sh_argv g = {0};
    size_t gl = strlen(gpat);
    unsigned char *mask = vsh__arena_alloc(b->arena, gl + 1);
    if (!mask) return 1;
    memset(mask, 0, gl + 1);                      /* every byte unquoted */
    bool ng = b->sh->opt.opts[SH_SHOPT_NULLGLOB]; /* no match: no words */
    b->sh->opt.opts[SH_SHOPT_NULLGLOB] = true;
    int grc = sh_glob(b->sh, gpat, gl, mask, &g);
    b->sh->opt.opts[SH_SHOPT_NULLGLOB] = ng;
    if (grc) return 1;
    for (size_t k = 0; k < g.n; k++)
      if (sh__argv_push(b->sh, &w.v, g.v[k], strlen(g.v[k]))) return 1;
  }
  if (fn) {
    bi_err(b, "warning: -F option may not work as you expect");
    if (add_from_function(&w, fn)) return 1;
  }
  if (cmd) {
    bi_err(b, "warning: -C option may not work as you expect");
    if (add_from_command(&w, cmd)) return 1;
  }
  if (xpat && filter_words(&w, xpat)) return 1;
  if (!w.v.n) return nl || gpat || fn || cmd ? 1 : 0; /* none asked: 0 */
  vsh_buf o = {0};
  for (size_t k = 0; k < w.v.n; k++)
    vsh__buf_printf(&o, "%s%s%s\n", prefix, w.v.v[k], suffix);
  int rc = bi_write(b, o.data, o.len);
  vsh_buf_dispose(&o);
  return rc ? 1 : 0;
}
