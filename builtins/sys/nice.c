/* nice.c: nice and nohup, which run a command.  A sandbox has no
 * scheduler and no terminal: nice checks its adjustment (-n N,
 * --adjustment=N, the old -N form; GNU's messages) and runs the command
 * unchanged, so the niceness it prints is always 0 (GNU would show the
 * adjustment in a nested nice); a negative adjustment gets the "cannot
 * set niceness" warning an unprivileged user gets.  nohup's output is
 * never a terminal, so it only runs the command (no nohup.out). */
#include "builtins/builtins.h"

#include <stdlib.h>
#include <string.h>

static const bi_cmd nice_cmd = {
    .name = "nice",
    .usage = "Usage: nice [OPTION] [COMMAND [ARG]...]\n",
    .about = "Run COMMAND with an adjusted niceness, which affects process "
             "scheduling.\nWith no COMMAND, print the current niceness.  "
             "Niceness values range from\n-20 (most favorable to the process) "
             "to 19 (least favorable to the process).\n\n"
             "Mandatory arguments to long options are mandatory for short "
             "options too.\n"
             "  -n, --adjustment=N   add integer N to the niceness (default "
             "10)\n"
             "      --help        display this help and exit\n"
             "      --version     output version information and exit\n",
    .bad_status = 125,
};

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* "-5", "--5", "-+5": the old way to give an adjustment. */
static bool old_form(const char *s) {
  return s[0] == '-' && is_digit(s[1 + (s[1] == '-' || s[1] == '+')]);
}

/* Leading options: sets *adj (NULL if none) and returns the index of the
 * command, or -1 - status when nice must stop. */
static int nice_options(bi_ctx *b, const char **adj) {
  int i = 1;
  for (; i < b->argc; i++) {
    const char *a = b->argv[i];
    size_t n = strlen(a);
    if (old_form(a)) *adj = a + 1;
    else if (!strcmp(a, "--")) return i + 1;
    else if (n > 2 && !strncmp(a, "--help", n))
      return -1 - bi_cmd_help(b, &nice_cmd);
    else if (n > 2 && !strncmp(a, "--version", n))
      return -1 - bi_cmd_version(b, &nice_cmd);
    else if (n > 2 && a[1] == '-') {
      const char *eq = strchr(a, '=');
      size_t k = eq ? (size_t)(eq - a) : n;
      if (k < 3 || strncmp(a, "--adjustment", k)) {
        bi_err(b, "unrecognized option '%s'", a);
        bi_try_help(b);
        return -1 - 125;
      }
      if (eq) *adj = eq + 1;
      else if (i + 1 < b->argc) *adj = b->argv[++i];
      else {
        bi_err(b, "option '--adjustment' requires an argument");
        bi_try_help(b);
        return -1 - 125;
      }
    } else if (a[0] == '-' && a[1] == 'n') {
      if (a[2]) *adj = a + 2;
      else if (i + 1 < b->argc) *adj = b->argv[++i];
      else {
        bi_err(b, "option requires an argument -- 'n'");
        bi_try_help(b);
        return -1 - 125;
      }
    } else if (a[0] == '-' && a[1]) {
      bi_err(b, "invalid option -- '%c'", a[1]);
      bi_try_help(b);
      return -1 - 125;
    } else return i;
  }
  return i;
}

int bi_nice_main(bi_ctx *b) {
  const char *adj = NULL;
  int i = nice_options(b, &adj);
  if (i < 0) return -1 - i;
  long v = 10;
  if (adj) {
    char *end;
    v = strtol(adj, &end, 10);
    if (end == adj || *end) {
      bi_err(b, "invalid adjustment " BI_LQ "%s" BI_RQ, adj);
      return 125;
    }
  }
  if (i >= b->argc) {
    if (adj) {
      bi_err(b, "a command must be given with an adjustment");
      bi_try_help(b);
      return 125;
    }
    int rc = bi_puts(b, "0\n");
    return rc == VSH_EPIPE ? 141 : 0;
  }
  if (v < 0) bi_err(b, "cannot set niceness: Permission denied");
  return bi_run_argv(b, b->argc - i, b->argv + i);
}

static const bi_cmd nohup_cmd = {
    .name = "nohup",
    .usage = "Usage: nohup COMMAND [ARG]...\n  or:  nohup OPTION\n",
    .about = "Run COMMAND, ignoring hangup signals.\n\n",
    .flags = BI_CMD_POSIX,
    .bad_status = 125,
};

int bi_nohup_main(bi_ctx *b) {
  bi_opts g = {0};
  if (bi_opt(b, &g, &nohup_cmd) != -1) return g.status;
  if (!g.noperands) return bi_usage_error(b, &nohup_cmd, "missing operand");
  return bi_run_argv(b, g.noperands, g.operands);
}
