/* env.c: run a command in a modified environment, or print it.  GNU flags
 * -i (start empty), -u NAME, -0, -C DIR, -S STRING (split into arguments
 * that may hold options too), NAME=VALUE assignments.  The
 * command runs in a forked shell context where the changes are made as
 * exported variables, so the caller's state is untouched.  Deviation:
 * functions and builtins are found too (there are no real programs). */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

static const bi_option env_options[] = {
    {"ignore-environment", BI_ARG_NONE, 'i', NULL},
    {"unset", BI_ARG_REQUIRED, 'u', NULL},
    {"null", BI_ARG_NONE, '0', NULL},
    {"chdir", BI_ARG_REQUIRED, 'C', NULL},
    {"split-string", BI_ARG_REQUIRED, 'S', NULL},
    {0}};

/* Options stop at the first operand (the command's own options belong
 * to it). */
static const bi_cmd env_cmd = {
    .name = "env",
    .usage = "Usage: env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]\n",
    .about = "Set each NAME to VALUE in the environment and run COMMAND.\n\n"
             "  -i, --ignore-environment  start with an empty environment\n"
             "  -0, --null           end each output line with NUL, not "
             "newline\n"
             "  -u, --unset=NAME     remove variable from the environment\n"
             "  -C, --chdir=DIR      change working directory to DIR\n"
             "  -S, --split-string=S  process and split S into separate "
             "arguments;\n"
             "                        used to pass multiple arguments on "
             "shebang lines\n",
    .shortopts = "iu:0C:S:",
    .longopts = env_options,
    .flags = BI_CMD_POSIX,
    .bad_status = 125,
};

/* -S STRING split as GNU's env does: blanks separate, '...' is literal
 * (but \\ and \'), "..." and bare text take \" \' \\ \# \$ \_ \n \t
 * \r \f \v and ${NAME}; bare, \_ separates and \c ends the string, a
 * word starting with # ends it.  Appends to *v; 0 or 125 (reported). */
static int split_string(bi_ctx *b, const char *s, char ***v, int *n, int *cap) {
  vsh_buf w = {0};
  bool in_word = false;
  char q = 0;
  int st = 0;
  for (const char *p = s;; p++) {
    char c = *p;
    bool end = !c || (!q && (c == ' ' || c == '\t' || c == '\n' || c == '\v' ||
                             c == '\f' || c == '\r'));
    if (!c && q) {
      bi_err(b, "no terminating quote in -S string");
      st = 125;
      break;
    }
    if (!q && c == '\\' && p[1] == '_') { /* a separator */
      end = true;
      p++;
    }
    if (!q && c == '\\' && p[1] == 'c') c = 0, end = true;
    if (end) {
      if (in_word) {
        if (*n + 1 >= *cap) {
          *cap = *cap * 2 + 8;
          char **nv = vsh__arena_alloc(b->arena, (size_t)*cap * sizeof(char *));
          if (!nv) return 125;
          if (*n) memcpy(nv, *v, (size_t)*n * sizeof(char *));
          *v = nv;
        }
        (*v)[(*n)++] =
            vsh__arena_strndup(b->arena, w.data ? w.data : "", w.len);
        w.len = 0;
        in_word = false;
      }
      if (!c) break;
      continue;
    }
    if (!in_word && !q && c == '#') break; /* a comment */
    in_word = true;
    if ((c == '\'' || c == '"') && (!q || q == c)) {
      q = q ? 0 : c;
      continue;
    }
    if (c == '\\' && q != '\'') {
      static const char from[] = "\"'\\#$_ntrfv", to[] = "\"'\\#$ \n\t\r\f\v";
      const char *k = p[1] ? strchr(from, p[1]) : NULL;
      if (!p[1]) {
        bi_err(b, "invalid backslash at end of string in -S");
        st = 125;
        break;
      }
      if (!k || (q && p[1] == 'c')) {
        bi_err(b, "invalid sequence '\\%c' in -S", p[1]);
        st = 125;
        break;
      }
      vsh__buf_putc(&w, to[k - from]);
      p++;
      continue;
    }
    if (c == '\\' && q == '\'' && (p[1] == '\\' || p[1] == '\'')) {
      vsh__buf_putc(&w, *++p);
      continue;
    }
    if (c == '$' && q != '\'') {
      const char *e = p[1] == '{' ? strchr(p + 2, '}') : NULL;
      char *name =
          e ? vsh__arena_strndup(b->arena, p + 2, (size_t)(e - p - 2)) : NULL;
      if (!name || !sh_valid_name(name, strlen(name))) {
        bi_err(b, "only ${VARNAME} expansion is supported, error at: %s", p);
        st = 125;
        break;
      }
      const char *val = bi_getenv(b, name);
      if (val) vsh__buf_puts(&w, val);
      p = e;
      continue;
    }
    vsh__buf_putc(&w, c);
  }
  vsh_buf_dispose(&w);
  return st;
}

/* Replaces b->argv by one where each -S STRING among the options is the
 * arguments it splits into (GNU reads options again from them); 0 or
 * 125. */
static int expand_split(bi_ctx *b) {
  int cap = b->argc + 8, n = 0;
  char **v = vsh__arena_alloc(b->arena, (size_t)cap * sizeof(char *));
  if (!v) return 125;
  v[n++] = b->argv[0];
  bool changed = false, opts = true;
  for (int i = 1; i < b->argc; i++) {
    const char *a = b->argv[i], *str = NULL;
    if (opts && a[0] != '-') opts = false;
    if (opts && !strcmp(a, "--")) opts = false;
    if (opts && (!strcmp(a, "-S") || !strcmp(a, "--split-string")) &&
        i + 1 < b->argc)
      str = b->argv[++i];
    else if (opts && a[1] == 'S' && a[2]) str = a + 2;
    else if (opts && !strncmp(a, "--split-string=", 15)) str = a + 15;
    if (str) {
      changed = true;
      int st = split_string(b, str, &v, &n, &cap);
      if (st) return st;
      continue;
    }
    if (n + 1 >= cap) {
      cap = cap * 2;
      char **nv = vsh__arena_alloc(b->arena, (size_t)cap * sizeof(char *));
      if (!nv) return 125;
      memcpy(nv, v, (size_t)n * sizeof(char *));
      v = nv;
    }
    v[n++] = (char *)a;
  }
  v[n] = NULL;
  if (changed) {
    b->argv = v;
    b->argc = n;
  }
  return 0;
}

static int print_env(bi_ctx *b, bi_sub *c, char end) {
  vsh_buf out = {0};
  bi_sub_env_print(c, &out, end);
  int rc = out.len ? bi_write(b, out.data, out.len) : 0;
  vsh_buf_dispose(&out);
  return rc == VSH_EPIPE ? 141 : rc ? 125 : 0;
}

/* Runs argv in the prepared subshell; a command that is not there is
 * reported in GNU's words, not the shell's. */
static int run_in(bi_ctx *b, bi_sub *c, int argc, char **argv) {
  int found = bi_sub_command_lookup(c, argv[0]);
  if (found) {
    bi_err(b, BI_LQ "%s" BI_RQ ": %s", argv[0], vsh_strerror(found));
    return found == VSH_ENOENT ? 127 : 126;
  }
  return bi_sub_run_argv(c, argc, argv);
}

int bi_env_main(bi_ctx *b) {
  bool ignore = false;
  char end = '\n';
  const char *dir = NULL;
  bi_opts g = {0};
  int ch;
  int xst = expand_split(b);
  if (xst) return xst;
  char **unsets = vsh__arena_alloc(b->arena, (size_t)b->argc * sizeof(char *));
  int nunset = 0;
  if (!unsets) return 125;
  /* A lone "-" means -i. */
  while ((ch = bi_opt(b, &g, &env_cmd)) != -1) {
    switch (ch) {
    case 'i': ignore = true; break;
    case 'u': unsets[nunset++] = (char *)g.arg; break;
    case '0': end = 0; break;
    case 'C': dir = g.arg; break;
    case 'S': break; /* split above */
    default: return g.status;
    }
  }
  char **ops = g.operands;
  int nops = g.noperands;
  if (nops && !strcmp(ops[0], "-")) {
    ignore = true;
    ops++;
    nops--;
  }
  int k = 0;
  while (k < nops && strchr(ops[k], '=')) k++; /* assignments */
  if (k == nops && dir)
    return bi_usage_error(b, &env_cmd,
                          "must specify command with --chdir (-C)");
  if (end == 0 && k < nops)
    return bi_usage_error(b, &env_cmd,
                          "cannot specify --null (-0) with command");
  bi_sub *c;
  if (bi_sub_new(b, &c)) return 125;
  int st = 0;
  /* env -i: nothing stays exported (a child shell or printenv then sees
   * an empty environment) */
  if (ignore) bi_sub_env_clear(c);
  for (int i = 0; i < nunset; i++) {
    if (!*unsets[i] || strchr(unsets[i], '=')) {
      bi_err(b, "cannot unset " BI_LQ "%s" BI_RQ ": Invalid argument",
             unsets[i]);
      st = 125;
      goto done;
    }
    bi_sub_env_unset(c, unsets[i]);
  }
  for (int i = 0; i < k; i++) {
    char *eq = strchr(ops[i], '=');
    if (eq == ops[i]) {
      bi_err(b, "cannot set " BI_LQ "%s" BI_RQ ": Invalid argument", ops[i]);
      st = 125;
      goto done;
    }
    char *name = vsh__arena_strndup(b->arena, ops[i], (size_t)(eq - ops[i]));
    if (!name) {
      st = 125;
      goto done;
    }
    /* names a shell could not hold are still passed by GNU env; here they
     * have nowhere to live, so they are dropped */
    if (!sh_valid_name(name, strlen(name))) continue;
    /* the command's environment is its own: a readonly shell variable
     * (SHELLOPTS, UID) does not stop env from setting it there */
    if (bi_sub_env_set(c, name, eq + 1)) {
      st = 125;
      goto done;
    }
  }
  if (k == nops) {
    st = print_env(b, c, end);
    goto done;
  }
  if (dir) {
    const char *p = bi_path(b, dir);
    vfs_info info;
    int rc = p ? vfs_stat(b->fs, p, true, &info) : bi_path_error(dir);
    if (!rc && info.type != VFS_DIR) rc = VSH_ENOTDIR;
    if (rc) {
      bi_err(b, "cannot change directory to " BI_LQ "%s" BI_RQ ": %s", dir,
             vsh_strerror(rc));
      st = 125;
      goto done;
    }
    if (bi_sub_chdir(c, p)) {
      st = 125;
      goto done;
    }
  }
  st = run_in(b, c, nops - k, ops + k);
done:
  bi_sub_free(c);
  return st;
}
