/* timeout.c: run a command with a time limit; status 124 when the limit
 * stopped it (and not an outer deadline), as GNU timeout.  The command
 * runs in a forked context under a nested exec whose deadline is the
 * limit; the nested exec also stops with its parent.  -s and -k are
 * accepted (there are no signals: the command is always stopped at once);
 * --preserve-status returns 128+signal instead of 124. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

enum { OPT_PRESERVE_STATUS = BI_OPT_FIRST, OPT_FOREGROUND };

static const bi_option timeout_options[] = {
    {"signal", BI_ARG_REQUIRED, 's', NULL},
    {"kill-after", BI_ARG_REQUIRED, 'k', NULL},
    {"preserve-status", BI_ARG_NONE, OPT_PRESERVE_STATUS, NULL},
    {"foreground", BI_ARG_NONE, OPT_FOREGROUND, NULL},
    {"verbose", BI_ARG_NONE, 'v', NULL},
    {0}};

static const bi_cmd timeout_cmd = {
    .name = "timeout",
    .usage = "Usage: timeout [OPTION] DURATION COMMAND [ARG]...\n"
             "  or:  timeout [OPTION]\n",
    .about = "Start COMMAND, and kill it if still running after DURATION.\n\n"
             "      --preserve-status\n"
             "                 exit with the same status as COMMAND, even if "
             "the\n                   command times out\n"
             "  -k, --kill-after=DURATION   accepted (stopping is immediate)\n"
             "  -s, --signal=SIGNAL   accepted; the status uses it\n"
             "  -v, --verbose  diagnose to stderr any signal sent upon "
             "timeout\n\nIf the command times out, and --preserve-status is "
             "not set, then exit\nwith status 124.\n",
    .shortopts = "s:k:v",
    .longopts = timeout_options,
    .flags = BI_CMD_POSIX,
    .bad_status = 125,
};

/* Signal number for -s (names with or without SIG, or numbers). */
static int parse_signal(const char *s) {
  static const char *const names[] = {
      NULL,  "HUP",  "INT",  "QUIT", "ILL",  "TRAP", "ABRT", "BUS",
      "FPE", "KILL", "USR1", "SEGV", "USR2", "PIPE", "ALRM", "TERM"};
  char *end;
  long n = strtol(s, &end, 10);
  if (*s && !*end) return n >= 0 && n < 65 ? (int)n : -1;
  if (!strncmp(s, "SIG", 3)) s += 3;
  for (int i = 1; i < 16; i++)
    if (!strcmp(s, names[i])) return i;
  if (!strcmp(s, "CONT")) return 18;
  if (!strcmp(s, "STOP")) return 19;
  return -1;
}

int bi_timeout_main(bi_ctx *b) {
  int sig = 15;
  bool preserve = false, verbose = false;
  bi_opts g = {0};
  int ch;
  while ((ch = bi_opt(b, &g, &timeout_cmd)) != -1) {
    switch (ch) {
    case 's':
      sig = parse_signal(g.arg);
      if (sig < 0)
        return bi_usage_error(b, &timeout_cmd,
                              BI_LQ "%s" BI_RQ ": invalid signal", g.arg);
      break;
    case 'k': {
      double d;
      if (!bi_parse_duration(g.arg, &d))
        return bi_usage_error(b, &timeout_cmd,
                              "invalid time interval " BI_LQ "%s" BI_RQ, g.arg);
      break;
    }
    case 'v': verbose = true; break;
    case OPT_PRESERVE_STATUS: preserve = true; break;
    case OPT_FOREGROUND: break;
    default: return g.status;
    }
  }
  /* coreutils 9.1: a missing command is the Try line alone */
  if (g.noperands < 2) return bi_usage_error(b, &timeout_cmd, NULL);
  double secs;
  if (!bi_parse_duration(g.operands[0], &secs))
    return bi_usage_error(b, &timeout_cmd,
                          "invalid time interval " BI_LQ "%s" BI_RQ,
                          g.operands[0]);
  int found = bi_command_lookup(b, g.operands[1]);
  if (found && bi_has_shell(b)) { /* GNU's words, not the shell's */
    bi_err(b, "failed to run command " BI_LQ "%s" BI_RQ ": %s", g.operands[1],
           vsh_strerror(found));
    return found == VSH_ENOENT ? 127 : 126;
  }
  bool timed_out;
  int st = bi_run_argv_deadline(b, secs, g.noperands - 1, g.operands + 1,
                                &timed_out);
  if (st < 0) return 125;
  if (timed_out) {
    if (verbose)
      bi_err(b, "sending signal %s to command " BI_LQ "%s" BI_RQ,
             sig == 9    ? "KILL"
             : sig == 15 ? "TERM"
                         : "signal",
             g.operands[1]);
    /* KILL cannot be caught: GNU's own process dies of it too, 137 */
    if (sig == 9) b->died_of = 9;
    return preserve || sig == 9 ? 128 + sig : 124;
  }
  return st;
}
