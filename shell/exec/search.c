/* search.c: finding and running a command by its name: the order bash
 * looks in (functions, custom commands, shell builtins, then $PATH), the
 * $PATH search in the vfs, and running what it found (a utility of the
 * toolbox or a script file). */
#include "shell/exec/exec_int.h"

#include <string.h>

int sh_not_found(sh_ctx *c, const char *name) {
  sh_error(c, "%s: command not found", name);
  return 127;
}

static bool has_slash(const char *s) { return strchr(s, '/') != NULL; }

/* Finds name on $PATH in the vfs: an executable regular file, or a
 * utility's entry in a bin directory (*is_builtin set).  An unset PATH
 * searches the working directory only, as an empty one does in bash. */
char *sh__path_search_nth(sh_ctx *c, const char *name, bool *is_builtin,
                          int nth) {
  const char *path = sh_var_get(c, "PATH");
  if (!path) path = "";
  *is_builtin = false;
  if (strchr(name, '/')) { /* no search: the file itself, if executable */
    vsh_buf abs = {0};
    vfs_info st;
    bool ok = nth <= 0 &&
              vsh__path_resolve(&abs, c->dirs.cwd, name, strlen(name)) == 0 &&
              vfs_stat(c->fs, abs.data, true, &st) == 0 && st.type == VFS_REG &&
              (st.mode & 0111);
    vsh_buf_dispose(&abs);
    return ok ? vsh__arena_strndup(&c->arena, name, strlen(name)) : NULL;
  }
  const char *p = path;
  /* bash: when no executable is found, the first plain file that is not
   * executable stands in (running it says "Permission denied"); -a
   * searches (nth given) list executables only */
  bool lose = nth < 0;
  if (lose) nth = 0;
  char *first_file = NULL;
  for (;;) {
    const char *e = strchr(p, ':');
    size_t dl = e ? (size_t)(e - p) : strlen(p);
    vsh_buf full = {0};
    vsh__buf_append(&full, p, dl); /* an empty entry is the cwd */
    if (dl) vsh__buf_putc(&full, '/');
    vsh__buf_puts(&full, name);
    vsh_buf abs = {0};
    vfs_info st;
    if (vsh__path_resolve(&abs, c->dirs.cwd, full.data, full.len) == 0 &&
        vfs_stat(c->fs, abs.data, true, &st) == 0 && st.type == VFS_REG &&
        (st.mode & 0111)) {
      if (nth-- > 0) {
        vsh_buf_dispose(&full);
        vsh_buf_dispose(&abs);
        if (!e) break;
        p = e + 1;
        continue;
      }
      *is_builtin = st.dev == VFS_DEV_BIN;
      char *r = vsh__arena_strndup(&c->arena, full.data, full.len);
      vsh_buf_dispose(&full);
      vsh_buf_dispose(&abs);
      return r;
    }
    if (lose && !first_file && abs.data &&
        vfs_stat(c->fs, abs.data, true, &st) == 0 && st.type == VFS_REG)
      first_file = vsh__arena_strndup(&c->arena, full.data, full.len);
    vsh_buf_dispose(&full);
    vsh_buf_dispose(&abs);
    if (!e) break;
    p = e + 1;
  }
  return first_file;
}

/* A toolbox utility found as a program: a child process in bash (its
 * CHLD trap counts it). */
static int run_utility(sh_ctx *c, const bi_entry *e, int argc, char **argv) {
  int st = sh_run_builtin(c, e, argc, argv);
  sh__child_waited(c);
  return st;
}

int sh_run_argv(sh_ctx *c, int argc, char **argv) {
  const char *name = argv[0];
  if (!has_slash(name)) {
    const bi_entry *e = bi_lookup(name);
    bool off = e && sh_builtin_disabled(c, e);
    /* posix mode finds special builtins before functions */
    sh_func *f =
        !off && e && (e->flags & BI_SPECIAL) && c->opt.opts[SH_OPT_POSIX]
            ? NULL
            : sh_func_find(c, name);
    if (f) return sh_call_function(c, f, argc, argv);
    sh_custom *cu = NULL;
    HASH_FIND_STR(c->shell->customs, name, cu);
    if (cu) return sh__run_custom(c, cu, e, argc, argv);
    if (e && (e->flags & BI_SHELL) && !off)
      return sh_run_builtin(c, e, argc, argv);
  } else {
    /* a function's name may hold a slash (ble.sh's ble/util/x): bash
     * finds the function before the file */
    sh_func *f = sh_func_find(c, name);
    if (f) return sh_call_function(c, f, argc, argv);
  }
  return sh__run_program(c, argc, argv, NULL);
}

/* posix mode and checkhash: is a remembered path still there? */
static bool hashed_exists(sh_ctx *c, const char *path) {
  vsh_buf abs = {0};
  vfs_info st;
  bool ok = vsh__path_resolve(&abs, c->dirs.cwd, path, strlen(path)) == 0 &&
            vfs_stat(c->fs, abs.data, true, &st) == 0;
  vsh_buf_dispose(&abs);
  return ok;
}

int sh__run_program(sh_ctx *c, int argc, char **argv, const char *arg0) {
  const char *name = argv[0];
  if (arg0) argv[0] = (char *)arg0; /* what the program sees as its name */
  if (!has_slash(name)) {
    const bi_entry *e = bi_lookup(name);
    /* utilities and scripts are found through $PATH, like programs; the
     * hash table remembers where (a remembered path is used as it is) */
    bool builtin = false;
    struct sh_hashed *h = sh_hash_find(c, name);
    if (h && (c->opt.opts[SH_OPT_POSIX] || c->opt.opts[SH_SHOPT_CHECKHASH]) &&
        !hashed_exists(c, h->path)) {
      sh_hash_forget(c, name); /* gone: search $PATH again */
      h = NULL;
    }
    char *found = h ? h->path : sh__path_search_nth(c, name, &builtin, -1);
    if (h) {
      h->hits++;
      vsh_buf abs = {0};
      vfs_info st;
      builtin =
          e &&
          vsh__path_resolve(&abs, c->dirs.cwd, found, strlen(found)) == 0 &&
          vfs_stat(c->fs, abs.data, true, &st) == 0 && st.dev == VFS_DEV_BIN;
      vsh_buf_dispose(&abs);
    } else if (found) {
      sh_hash_remember(c, name, found, true);
    }
    if (found && builtin && e) return run_utility(c, e, argc, argv);
    if (found) return sh__run_script_file(c, found, argc, argv);
    const char *path = sh_var_get(c, "PATH");
    if (!path || !*path) { /* bash tries ./name itself */
      sh_error(c, "%s: No such file or directory", name);
      return c->proc.status = 127;
    }
    return c->proc.status = sh_not_found(c, name);
  }
  /* an explicit path to a utility's entry (/usr/bin/ls) runs it too */
  vsh_buf abs = {0};
  vfs_info st;
  const char *base = strrchr(name, '/') + 1;
  const bi_entry *e = bi_lookup(base);
  if (e && vsh__path_resolve(&abs, c->dirs.cwd, name, strlen(name)) == 0 &&
      vfs_stat(c->fs, abs.data, true, &st) == 0 && st.dev == VFS_DEV_BIN) {
    vsh_buf_dispose(&abs);
    return run_utility(c, e, argc, argv);
  }
  vsh_buf_dispose(&abs);
  return sh__run_script_file(c, name, argc, argv);
}
