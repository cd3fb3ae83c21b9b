/* bi_lookup.c: builtins that look commands up or report on the shell:
 * type command builtin hash times caller. */
#include "shell/exec/exec_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How type and command -V name a builtin: posix mode tells the special
 * ones apart, as bash does. */
static const char *builtin_kind(sh_ctx *c, const char *n) {
  const bi_entry *e = sh_builtin_find(c, n);
  if (c->opt.opts[SH_OPT_POSIX] && e && (e->flags & BI_SPECIAL))
    return "special shell builtin";
  return "shell builtin";
}

/* ---- lookup -------------------------------------------------------------------- */

static const char *const keywords[] = {
    "if",     "then",  "else",  "elif", "fi",   "case",   "esac",     "for",
    "select", "while", "until", "do",   "done", "in",     "function", "time",
    "{",      "}",     "!",     "[[",   "]]",   "coproc", NULL};

const char *const *sh__keywords(void) { return keywords; }

static bool is_keyword(const char *s) {
  for (int i = 0; keywords[i]; i++)
    if (!strcmp(s, keywords[i])) return true;
  return false;
}

int bi_type_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  bool t_only = false, path_only = false, all = false, no_func = false,
       force_path = false;
  /* bash also takes -type, -path and -all (with one or two dashes) */
  for (int k = 1; k < b->argc && b->argv[k][0] == '-'; k++) {
    const char *w = b->argv[k] + 1 + (b->argv[k][1] == '-');
    if (!strcmp(b->argv[k], "--")) break;
    if (!strcmp(w, "type")) b->argv[k] = (char *)"-t";
    else if (!strcmp(w, "path")) b->argv[k] = (char *)"-p";
    else if (!strcmp(w, "all")) b->argv[k] = (char *)"-a";
  }
  sh_bopt op = {0};
  for (int f; (f = sh_bopt_next(b, &op, "afptP"));) {
    if (f < 0) return 2;
    if (f == 't') t_only = true;
    else if (f == 'p') path_only = true;
    else if (f == 'P') path_only = force_path = true;
    else if (f == 'a') all = true;
    else no_func = true;
  }
  int i = op.ind;
  int st = 0;
  vsh_buf o = {0};
  for (; i < b->argc; i++) {
    const char *n = b->argv[i];
    bool found = false;
    sh_alias *al = NULL;
    /* bash reports aliases only while they expand (expand_aliases) */
    if (c->opt.opts[SH_SHOPT_EXPAND_ALIASES])
      HASH_FIND_STR(c->vars.aliases, n, al);
    if (al && !path_only) {
      found = true;
      if (t_only) vsh__buf_puts(&o, "alias\n");
      else vsh__buf_printf(&o, "%s is aliased to `%s'\n", n, al->text);
      if (!all) continue;
    }
    if (is_keyword(n) && !path_only) {
      found = true;
      if (t_only) vsh__buf_puts(&o, "keyword\n");
      else vsh__buf_printf(&o, "%s is a shell keyword\n", n);
      if (!all) continue;
    }
    sh_func *f = no_func ? NULL : sh_func_find(c, n);
    if (f && !path_only) {
      found = true;
      if (t_only) vsh__buf_puts(&o, "function\n");
      else {
        vsh__buf_printf(&o, "%s is a function\n", n);
        sh_print_function(&o, n, f->def);
      }
      if (!all) continue;
    }
    bool shellb = sh_builtin_find(c, n) != NULL;
    if (shellb && !path_only) {
      found = true;
      if (t_only) vsh__buf_puts(&o, "builtin\n");
      else vsh__buf_printf(&o, "%s is a %s\n", n, builtin_kind(c, n));
      if (!all) continue;
    }
    if (path_only && (al || sh_func_find(c, n) || shellb) && !force_path) {
      found = true; /* -p prints nothing for those, but they count */
      if (!all) continue;
    }
    struct sh_hashed *h = all ? NULL : sh_hash_find(c, n);
    if (h) { /* a remembered path is used as it is */
      found = true;
      if (t_only) vsh__buf_puts(&o, "file\n");
      else if (path_only) vsh__buf_printf(&o, "%s\n", h->path);
      else vsh__buf_printf(&o, "%s is hashed (%s)\n", n, h->path);
      continue;
    }
    for (int k = 0;; k++) {
      bool isb;
      char *p = sh__path_search_nth(c, n, &isb, all ? k : -1);
      if (!p) break;
      found = true;
      if (t_only) vsh__buf_puts(&o, "file\n");
      else if (path_only) vsh__buf_printf(&o, "%s\n", p);
      else vsh__buf_printf(&o, "%s is %s\n", n, p);
      if (!all) break;
    }
    if (!found) {
      if (!t_only && !path_only) bi_err(b, "%s: not found", n);
      st = 1;
    }
  }
  bi_write(b, o.data ? o.data : "", o.len);
  vsh_buf_dispose(&o);
  return st;
}

/* command -v / -V: describes argv[i..] as bash does; 0 when any name
 * was found. */
static int command_describe(bi_ctx *b, int i, bool verbose) {
  sh_ctx *c = b->sh;
  bool found = false; /* bash: 0 when any name was found */
  vsh_buf o = {0};
  for (; i < b->argc; i++) {
    const char *n = b->argv[i];
    sh_alias *al = NULL;
    if (c->opt.opts[SH_SHOPT_EXPAND_ALIASES])
      HASH_FIND_STR(c->vars.aliases, n, al);
    if (al) {
      if (verbose) vsh__buf_printf(&o, "%s is aliased to `%s'\n", n, al->text);
      else {
        vsh__buf_printf(&o, "alias %s=", n);
        sh_quote_sq(&o, al->text);
        vsh__buf_putc(&o, '\n');
      }
    } else if (sh_func_find(c, n) || is_keyword(n)) {
      if (verbose)
        vsh__buf_printf(&o, "%s is a %s\n", n,
                        is_keyword(n) ? "shell keyword" : "function");
      else vsh__buf_printf(&o, "%s\n", n);
      if (verbose && !is_keyword(n)) /* and its definition, as type */
        sh_print_function(&o, n, sh_func_find(c, n)->def);
    } else if (sh_builtin_find(c, n)) {
      if (verbose) vsh__buf_printf(&o, "%s is a %s\n", n, builtin_kind(c, n));
      else vsh__buf_printf(&o, "%s\n", n);
    } else if (sh_hash_find(c, n)) {
      const char *p = sh_hash_find(c, n)->path;
      if (verbose) vsh__buf_printf(&o, "%s is hashed (%s)\n", n, p);
      else vsh__buf_printf(&o, "%s\n", p);
    } else {
      bool isb;
      char *p = sh__path_search_nth(c, n, &isb, -1);
      if (p && verbose && p[0] != '/' && !strchr(n, '/')) {
        /* -V names a PATH find by its full path (a relative PATH entry) */
        const char *rel = strncmp(p, "./", 2) ? p : p + 2;
        const char *cwd = c->dirs.cwd ? c->dirs.cwd : "/";
        vsh__buf_printf(&o, "%s is %s%s%s\n", n, cwd,
                        cwd[strlen(cwd) - 1] == '/' ? "" : "/", rel);
      } else if (p && verbose) vsh__buf_printf(&o, "%s is %s\n", n, p);
      else if (p) vsh__buf_printf(&o, "%s\n", p);
      else {
        if (verbose) { /* in order with what was found before it */
          bi_write(b, o.data ? o.data : "", o.len);
          o.len = 0;
          bi_err(b, "%s: not found", n);
        }
        continue;
      }
    }
    found = true;
  }
  bi_write(b, o.data ? o.data : "", o.len);
  vsh_buf_dispose(&o);
  return found ? 0 : 1;
}

int bi_command_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  bool describe = false, verbose = false, std_path = false;
  sh_bopt o = {0};
  for (int f; (f = sh_bopt_next(b, &o, "pvV"));) {
    if (f < 0) return 2;
    if (f == 'v') describe = true, verbose = false; /* the last one wins */
    else if (f == 'V') verbose = true, describe = false;
    else std_path = true;
  }
  int i = o.ind;
  if (i >= b->argc) return 0;
  if ((describe || verbose) && std_path) {
    /* -p: the search uses the system's default PATH (confstr's) */
    const char *p = sh_var_get(c, "PATH");
    char *opath = p ? strdup(p) : NULL;
    sh_var_set(c, "PATH", "/bin:/usr/bin", false);
    char **argv = calloc((size_t)b->argc + 1, sizeof(char *));
    int st = 1, k = 0;
    if (argv) {
      argv[k++] = b->argv[0];
      argv[k++] = verbose ? (char *)"-V" : (char *)"-v";
      for (int j = i; j < b->argc; j++) argv[k++] = b->argv[j];
      bi_ctx nb = *b;
      nb.argc = k;
      nb.argv = argv;
      st = bi_command_main(&nb);
      free(argv);
    }
    if (opath) sh_var_set(c, "PATH", opath, false);
    else sh_var_unset(c, "PATH");
    free(opath);
    return st;
  }
  if (describe || verbose) return command_describe(b, i, verbose);
  /* skip functions */
  const char *n = b->argv[i];
  const bi_entry *e = sh_builtin_find(c, n);
  if (e) {
    c->flow.in_command++;
    int st = sh_run_builtin(c, e, b->argc - i, b->argv + i);
    c->flow.in_command--;
    return st;
  }
  sh_func *saved = NULL;
  HASH_FIND_STR(c->vars.funcs, n, saved);
  if (saved) HASH_DEL(c->vars.funcs, saved);
  /* -p: look the command up in the standard PATH */
  char *opath = NULL;
  if (std_path) {
    const char *p = sh_var_get(c, "PATH");
    opath = p ? strdup(p) : NULL;
    sh_var_set(c, "PATH", "/usr/local/bin:/usr/bin:/bin", false);
  }
  int st = sh_run_argv(c, b->argc - i, b->argv + i);
  if (std_path) {
    if (opath) sh_var_set(c, "PATH", opath, false);
    else sh_var_unset(c, "PATH");
    free(opath);
  }
  if (saved)
    HASH_ADD_KEYPTR(hh, c->vars.funcs, saved->name, strlen(saved->name), saved);
  return st;
}

int bi_builtin_main(bi_ctx *b) {
  int i = sh_bopt_none(b);
  if (i < 0) return 2;
  if (i >= b->argc) return 0;
  const bi_entry *e = sh_builtin_find(b->sh, b->argv[i]);
  if (!e) {
    bi_err(b, "%s: not a shell builtin", b->argv[i]);
    return 1;
  }
  return sh_run_builtin(b->sh, e, b->argc - i, b->argv + i);
}

/* hash [-lr] [-p PATH] [-dt] [NAME...]: bash's table of where $PATH
 * search found commands. */
int bi_hash_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  bool reset = false, del = false, show = false, list = false;
  const char *setpath = NULL;
  sh_bopt op = {0};
  for (int f; (f = sh_bopt_next(b, &op, "dlp:rt"));) {
    if (f < 0) return 2;
    if (f == 'r') reset = true;
    else if (f == 'd') del = true;
    else if (f == 't') show = true;
    else if (f == 'l') list = true;
    else setpath = op.arg;
  }
  int i = op.ind;
  bool many = b->argc - i > 1; /* -t of several names: NAME<tab>PATH */
  if (reset) sh_hash_forget(c, NULL);
  vsh_buf o = {0};
  int st = 0;
  if (i >= b->argc && !reset) {
    if (!c->vars.nhashed) {
      vsh__buf_puts(&o, "hash: hash table empty\n"); /* stdout, as bash */
    } else {
      if (!list) vsh__buf_puts(&o, "hits\tcommand\n");
      for (size_t k = 0; k < c->vars.nhashed; k++) {
        if (list)
          vsh__buf_printf(&o, "builtin hash -p %s %s\n", c->vars.hashed[k].path,
                          c->vars.hashed[k].name);
        else
          vsh__buf_printf(&o, "%4d\t%s\n", c->vars.hashed[k].hits,
                          c->vars.hashed[k].path);
      }
    }
  }
  for (; i < b->argc; i++) {
    const char *name = b->argv[i];
    struct sh_hashed *h = sh_hash_find(c, name);
    if (del) {
      if (!h) {
        bi_err(b, "%s: not found", name);
        st = 1;
      }
      sh_hash_forget(c, name);
    } else if (show) {
      if (h && list)
        vsh__buf_printf(&o, "builtin hash -p %s %s\n", h->path, name);
      else if (h)
        vsh__buf_printf(&o, many ? "%s\t%s\n" : "%s%s\n", many ? name : "",
                        h->path);
      else {
        bi_err(b, "%s: not found", name);
        st = 1;
      }
    } else if (setpath) {
      sh_hash_remember(c, name, setpath, false);
    } else if (!strchr(name, '/') && !sh_func_find(c, name) &&
               !sh_builtin_find(c, name)) {
      bool builtin;
      char *found = sh__path_search_nth(c, name, &builtin, -1);
      if (found) {
        sh_hash_remember(c, name, found, false);
        struct sh_hashed *nh = sh_hash_find(c, name);
        if (nh) nh->hits = 0; /* hashed afresh */
      } else {                /* a name no longer found leaves the table too */
        sh_hash_forget(c, name);
        bi_err(b, "%s: not found", name);
        st = 1;
      }
    }
  }
  bi_write(b, o.data ? o.data : "", o.len);
  vsh_buf_dispose(&o);
  return st;
}

int bi_times_main(bi_ctx *b) {
  if (sh_bopt_none(b) < 0) return 2;
  return bi_puts(b, "0m0.000s 0m0.000s\n0m0.000s 0m0.000s\n") ? 1 : 0;
}

int bi_caller_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  if (c->limit.funcnest == 0) return 1;
  int i = sh_bopt_none(b);
  if (i < 0) return 2;
  int k = 0;
  if (i < b->argc) {
    char *end;
    long l = strtol(b->argv[i], &end, 10);
    if (*end || end == b->argv[i]) {
      bi_err(b, "%s: invalid number", b->argv[i]);
      sh__builtin_usage(b);
      return 2;
    }
    k = l < 0 || l > 1000000 ? -1 : (int)l;
  }
  if (k < 0 || k >= c->limit.funcnest) return 1;
  const sh_frame *f = &c->where.frames[c->limit.funcnest - 1 - k];
  if (c->limit.funcnest - 2 - k < 0 && !c->where.script_src) {
    /* bash -c and stdin have no "main" frame: no file, no caller */
    if (i < b->argc) return 1;
    bi_printf(b, "%u NULL\n", f->call_line);
    return 0;
  }
  const char *caller = c->limit.funcnest - 2 - k >= 0
                           ? c->where.frames[c->limit.funcnest - 2 - k].name
                           : "main";
  const char *src = c->limit.funcnest - 2 - k >= 0
                        ? c->where.frames[c->limit.funcnest - 2 - k].src
                        : (c->where.source_name ? c->where.source_name : "");
  if (i < b->argc) bi_printf(b, "%u %s %s\n", f->call_line, caller, src);
  else bi_printf(b, "%u %s\n", f->call_line, src);
  return 0;
}
