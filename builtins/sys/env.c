/* env.c: run a command in a modified environment, or print it.  GNU flags
 * -i (start empty), -u NAME, -0, -C DIR, NAME=VALUE assignments.  The
 * command runs in a forked shell context where the changes are made as
 * exported variables, so the caller's state is untouched.  Deviation:
 * functions and builtins are found too (there are no real programs). */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

#define LQ "\xe2\x80\x98"
#define RQ "\xe2\x80\x99"

static const bi_longopt lo[] = {{"ignore-environment", BI_ARG_NONE, 'i'},
                                {"unset", BI_ARG_REQUIRED, 'u'},
                                {"null", BI_ARG_NONE, '0'},
                                {"chdir", BI_ARG_REQUIRED, 'C'},
                                {"help", BI_ARG_NONE, 256},
                                {"version", BI_ARG_NONE, 257},
                                {NULL, 0, 0}};

static int print_env(bi_ctx *b, char end) {
  vsh_buf out = {0};
  bi_env_print(b, &out, end);
  int rc = out.len ? bi_write(b, out.data, out.len) : 0;
  vsh_buf_dispose(&out);
  return rc == VSH_EPIPE ? 141 : rc ? 125 : 0;
}

int bi_env_main(bi_ctx *b) {
  bool ignore = false;
  char end = '\n';
  const char *dir = NULL;
  bi_opts g = {0};
  int ch;
  char **unsets = vsh__arena_alloc(b->arena, (size_t)b->argc * sizeof(char *));
  int nunset = 0;
  if (!unsets) return 125;
  /* "+": options stop at the first operand (the command's own options
   * belong to it). A lone "-" means -i. */
  while ((ch = bi_getopt(b, &g, "+iu:0C:", lo)) != -1) {
    switch (ch) {
    case 'i': ignore = true; break;
    case 'u': unsets[nunset++] = (char *)g.arg; break;
    case '0': end = 0; break;
    case 'C': dir = g.arg; break;
    case 256:
      bi_puts(b, "Usage: env [OPTION]... [-] [NAME=VALUE]... [COMMAND "
                 "[ARG]...]\nSet each NAME to VALUE in the environment and run "
                 "COMMAND.\n\n  -i, --ignore-environment  start with an empty "
                 "environment\n  -0, --null           end each output line "
                 "with NUL, not newline\n  -u, --unset=NAME     remove "
                 "variable from the environment\n  -C, --chdir=DIR      "
                 "change working directory to DIR\n");
      return 0;
    case 257: bi_puts(b, "env (vsh) " VSH_VERSION_STRING "\n"); return 0;
    default: return 125;
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
  if (k == nops && dir) {
    bi_err(b, "must specify command with --chdir (-C)");
    bi_try_help(b);
    return 125;
  }
  if (end == 0 && k < nops) {
    bi_err(b, "cannot specify --null (-0) with command");
    bi_try_help(b);
    return 125;
  }
  bi_sub *c;
  if (bi_sub_new(b, &c)) return 125;
  int st = 0;
  /* env -i: nothing stays exported (a child shell or printenv then sees
   * an empty environment) */
  if (ignore) bi_sub_env_clear(c);
  for (int i = 0; i < nunset; i++) {
    if (!*unsets[i] || strchr(unsets[i], '=')) {
      bi_err(b, "cannot unset " LQ "%s" RQ ": Invalid argument", unsets[i]);
      st = 125;
      goto done;
    }
    bi_sub_env_unset(c, unsets[i]);
  }
  for (int i = 0; i < k; i++) {
    char *eq = strchr(ops[i], '=');
    if (eq == ops[i]) {
      bi_err(b, "cannot set " LQ "%s" RQ ": Invalid argument", ops[i]);
      st = 125;
      goto done;
    }
    char *name = vsh__arena_strndup(b->arena, ops[i], (size_t)(eq - ops[i]));
    if (!name) { st = 125; goto done; }
    /* names a shell could not hold are still passed by GNU env; here they
     * have nowhere to live, so they are dropped */
    if (!sh_valid_name(name, strlen(name))) continue;
    /* the command's environment is its own: a readonly shell variable
     * (SHELLOPTS, UID) does not stop env from setting it there */
    if (bi_sub_env_set(c, name, eq + 1)) { st = 125; goto done; }
  }
  if (k == nops) {
    st = print_env(b, end);
    goto done;
  }
  if (dir) {
    const char *p = bi_path(b, dir);
    vfs_info info;
    int rc = p ? vfs_stat(b->fs, p, true, &info) : VSH_ENAMETOOLONG;
    if (!rc && info.type != VFS_DIR) rc = VSH_ENOTDIR;
    if (rc) {
      bi_err(b, "cannot change directory to " LQ "%s" RQ ": %s", dir,
             vsh_strerror(rc));
      st = 125;
      goto done;
    }
    if (bi_sub_chdir(c, p)) { st = 125; goto done; }
  }
  st = bi_sub_run_argv(c, nops - k, ops + k);
done:
  bi_sub_free(c);
  return st;
}
