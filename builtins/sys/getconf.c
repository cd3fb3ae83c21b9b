/* getconf.c: glibc's getconf for the variables scripts ask: the system's
 * limits (ARG_MAX, PAGESIZE, _NPROCESSORS_ONLN as nproc reports it,
 * OPEN_MAX and CHILD_MAX as ulimit -n and -u report them, LONG_BIT...)
 * and, with a path, the file system's (NAME_MAX, PATH_MAX, PIPE_BUF).
 * -a lists these (glibc lists about 320 names; the rest are unknown
 * here and rejected as unrecognized). */
#include "builtins/builtins.h"

#include <stdlib.h>
#include <string.h>

typedef struct gc_var {
  const char *name;
  const char *value; /* NULL: the processor count */
  bool path;         /* a file system limit: needs a pathname */
} gc_var;

static const gc_var gc_vars[] = {{"LINK_MAX", "65000", true},
                                 {"_POSIX_LINK_MAX", "65000", true},
                                 {"MAX_CANON", "255", true},
                                 {"_POSIX_MAX_CANON", "255", true},
                                 {"MAX_INPUT", "255", true},
                                 {"_POSIX_MAX_INPUT", "255", true},
                                 {"NAME_MAX", "255", true},
                                 {"_POSIX_NAME_MAX", "255", true},
                                 {"PATH_MAX", "4096", true},
                                 {"_POSIX_PATH_MAX", "4096", true},
                                 {"PIPE_BUF", "4096", true},
                                 {"_POSIX_PIPE_BUF", "4096", true},
                                 {"ARG_MAX", "2097152", false},
                                 {"CHAR_BIT", "8", false},
                                 {"CHAR_MAX", "127", false},
                                 {"CHAR_MIN", "-128", false},
                                 {"CHILD_MAX", "63704", false},
                                 {"CLK_TCK", "100", false},
                                 {"HOST_NAME_MAX", "64", false},
                                 {"INT_MAX", "2147483647", false},
                                 {"INT_MIN", "-2147483648", false},
                                 {"LINE_MAX", "2048", false},
                                 {"LOGIN_NAME_MAX", "256", false},
                                 {"LONG_BIT", "64", false},
                                 {"NGROUPS_MAX", "65536", false},
                                 {"OPEN_MAX", "1024", false},
                                 {"PAGESIZE", "4096", false},
                                 {"PAGE_SIZE", "4096", false},
                                 {"PATH", "/bin:/usr/bin", false},
                                 {"SCHAR_MAX", "127", false},
                                 {"SCHAR_MIN", "-128", false},
                                 {"SHRT_MAX", "32767", false},
                                 {"SHRT_MIN", "-32768", false},
                                 {"SSIZE_MAX", "32767", false},
                                 {"UCHAR_MAX", "255", false},
                                 {"UINT_MAX", "4294967295", false},
                                 {"ULONG_MAX", "18446744073709551615", false},
                                 {"USHRT_MAX", "65535", false},
                                 {"WORD_BIT", "32", false},
                                 {"_NPROCESSORS_CONF", NULL, false},
                                 {"_NPROCESSORS_ONLN", NULL, false},
                                 {NULL, NULL, false}};

static const bi_cmd getconf_cmd = {
    .name = "getconf",
    .usage = "Usage: getconf [-v specification] variable_name [pathname]\n"
             "       getconf -a [pathname]\n",
};

/* nproc's count: $VSH_NPROC or 1. */
static const char *processors(bi_ctx *b) {
  const char *env = bi_getenv(b, "VSH_NPROC");
  char *end;
  if (env && *env && strtol(env, &end, 10) > 0 && !*end) return env;
  return "1";
}

static int usage(bi_ctx *b) {
  bi_write_to(b, b->err, getconf_cmd.usage, strlen(getconf_cmd.usage));
  return 2;
}

/* A pathname operand must exist: 3 after glibc's message otherwise. */
static int check_path(bi_ctx *b, const char *path) {
  const char *p = bi_path(b, path);
  vfs_info st;
  int rc = p ? vfs_stat(b->fs, p, true, &st) : VSH_ENOENT;
  if (!rc) return 0;
  bi_err(b, "pathconf: %s: %s", path, vsh_strerror(rc));
  return 3;
}

int bi_getconf_main(bi_ctx *b) {
  bool all = false;
  int i = 1; /* -a, -v SPEC; anything else is a variable name */
  for (; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (!strcmp(a, "-a")) all = true;
    else if (!strcmp(a, "-v") && i + 1 < b->argc) i++;
    else if (strncmp(a, "-v", 2) || !a[2]) break;
  }
  bi_opts g = {.operands = b->argv + i, .noperands = b->argc - i};
  vsh_buf o = {0};
  int st = 0;
  if (all) {
    if (g.noperands > 1) return usage(b);
    if (g.noperands && (st = check_path(b, g.operands[0]))) return st;
    for (const gc_var *v = gc_vars; v->name; v++)
      vsh__buf_printf(&o, "%-35s%s\n", v->name,
                      v->value ? v->value : processors(b));
  } else {
    if (!g.noperands || g.noperands > 2) return usage(b);
    const gc_var *v = gc_vars;
    while (v->name && strcmp(v->name, g.operands[0])) v++;
    if (!v->name) {
      bi_err(b, "Unrecognized variable `%s'", g.operands[0]);
      return 2;
    }
    if (v->path != (g.noperands == 2)) return usage(b);
    if (v->path && (st = check_path(b, g.operands[1]))) return st;
    vsh__buf_printf(&o, "%s\n", v->value ? v->value : processors(b));
  }
  int rc = bi_write(b, o.data, o.len);
  vsh_buf_dispose(&o);
  return rc == VSH_EPIPE ? 141 : 0;
}
