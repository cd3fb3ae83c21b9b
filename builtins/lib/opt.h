/* opt.h: a command's declaration and the option parsing done from it
 * (GNU-style --help, --version and usage errors), plus the parsing of
 * option values every command shares: sizes, durations, GNU's argmatch.
 * Part of the command library (lib.h); implemented in opt.c and
 * duration.c. */
#ifndef VSH_BUILTINS_LIB_OPT_H
#define VSH_BUILTINS_LIB_OPT_H

#include "shell/command.h"

enum { BI_ARG_NONE = 0, BI_ARG_REQUIRED = 1, BI_ARG_OPTIONAL = 2 };

typedef struct bi_longopt {
  const char *name;
  int has_arg; /* BI_ARG_* */
  int val;     /* returned by bi_getopt (a short option char or >= 256) */
} bi_longopt;

/* A long option of a declared command (bi_cmd).  val is what bi_opt
 * returns: the short option letter it stands for, or a named id from the
 * command's enum starting at BI_OPT_FIRST.  help (or NULL) is its line
 * in the generated --help list; "=NUM print NUM lines" names the
 * argument (--lines=NUM).  An entry with a NULL name documents a
 * short-only option (val) in that list.  The table ends with {0}. */
typedef struct bi_option {
  const char *name;
  int has_arg; /* BI_ARG_* */
  int val;
  const char *help;
} bi_option;

/* The first id of a command's long-only options:
 * enum { OPT_SHOW_ALL = BI_OPT_FIRST, OPT_NEXT, ... }. */
enum { BI_OPT_FIRST = 256 };

/* Zero-initialise, then call bi_getopt until it returns -1.  Short option
 * strings are getopt-like ("n:rv", "::" = optional attached argument, a
 * leading '+' stops at the first operand).  Returns the option, '?' after
 * printing a GNU-style error (status set to 1), -1 at the end; then
 * operands[0..noperands) are the non-option arguments in order. */
typedef struct bi_opts {
  int ind;
  const char *arg;      /* the option's argument, or NULL */
  const char *longname; /* the long option matched, or NULL */
  char **operands;
  int noperands;
  int status;
  const char *bundle;
  bool ended;
} bi_opts;
int bi_getopt(bi_ctx *b, bi_opts *g, const char *shortopts,
              const bi_longopt *longopts);

/* The declaration of a command: everything its option parsing, --help,
 * --version and usage errors need, as one `static const bi_cmd`.
 * --help prints usage, then about (ending with the blank line before the
 * list, if any), then (when a long option has a help string) the list generated from the table followed by the
 * --help/--version lines, then footer.  A help string may hold further
 * lines ("...\n  more"): they are indented to the help column.
 * Every bi_option entry gives its four fields (help NULL when there is
 * none), as -Wextra wants.  --version prints
 * "NAME (vsh) VERSION".  bad_status is the exit status of a usage
 * error (0 means 1; grep and diff use 2, env and timeout 125). */
enum {
  BI_CMD_POSIX = 1,           /* options end at the first operand */
  BI_CMD_NO_HELP = 2,         /* no --help / --version (echo, true, [) */
  BI_CMD_NO_VERSION = 4,      /* --help only */
  BI_CMD_ERR_USAGE = 8,       /* a usage error prints the --help text on stderr
                            instead of the "Try" line (sed) */
  BI_CMD_EXACT = 16,          /* the command's own option language (jq): a long
                            option is only its whole name (no prefix, no
                            =VALUE) and POSIXLY_CORRECT changes nothing */
  BI_CMD_USAGE_TRY = 32,      /* a usage error prints the usage text before the
                            "Try" line (grep) */
  BI_CMD_TRY_NAMED = 64,      /* the "Try" line starts "NAME: " (cmp, patch) */
  BI_CMD_TRY_BACKQUOTE = 128, /* "Try `NAME --help'" (gzip, xz) */
};
typedef struct bi_cmd {
  const char *name;
  const char *usage;     /* "Usage: cat [OPTION]... [FILE]...\n" (+ "  or: ") */
  const char *about;     /* what the command does, and any further help text */
  const char *shortopts; /* getopt-like: "n:rv", "::" optional argument */
  const bi_option *longopts; /* NULL or ends with {0} */
  unsigned flags;            /* BI_CMD_* */
  int bad_status;
  const char *footer;   /* after the generated option list */
  int help_col;         /* where option help starts (0: after the widest) */
  const char *version;  /* the --version text, when not "NAME (vsh) ..." */
  const char *try_text; /* printed after a usage error instead of the
                           standard "Try" line (wget's, tar's) */
  /* An unknown option: "NAME: " and this format with the whole argument
   * ("Unknown option: %s", jq's), instead of GNU's message. */
  const char *unknown_fmt;
  /* An argument starting with '-' that this accepts is an operand, not
   * options (chmod's "-x", a negative number). */
  bool (*is_operand)(const char *arg);
} bi_cmd;

/* The option loop of a declared command (bi_opts zero-initialised):
 * returns the next option (a short letter or the long option's val) with
 * g->arg set, -1 when the options end (g->operands holds the operands),
 * or BI_OPT_EXIT when the command must return g->status at once: after
 * --help or --version (0, 141 when stdout's reader is gone) or a usage
 * error already reported with GNU's message and the "Try" line
 * (the command's bad_status).  So a main ends its switch with
 * `default: return g.status;`. */
enum { BI_OPT_EXIT = -2 };
int bi_opt(bi_ctx *b, bi_opts *g, const bi_cmd *cmd);
/* For a command that takes no options (expr, test): answers --help or
 * --version (or a prefix of one) when it is the only argument and
 * returns the status; else -1 and the arguments are all operands. */
int bi_opt_alone(bi_ctx *b, const bi_cmd *cmd);
/* For a command that parses its own arguments (which, tput): answers
 * the first --help or --version found before "--" and returns the
 * status; else -1. */
int bi_opt_scan(bi_ctx *b, const bi_cmd *cmd);
/* A usage error found by the command itself (a bad option value, a
 * missing operand): "NAME: MESSAGE" when fmt is not NULL, then the "Try"
 * line; returns the command's bad_status. */
int bi_usage_error(bi_ctx *b, const bi_cmd *cmd, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Prints the --help text of cmd; 0, or 141 when stdout's reader is gone. */
int bi_cmd_help(bi_ctx *b, const bi_cmd *cmd);
/* Prints "NAME (vsh) VERSION"; 0 or 141. */
int bi_cmd_version(bi_ctx *b, const bi_cmd *cmd);

/* GNU's quotes around a name in messages (UTF-8 locale). */
#define BI_LQ "\xe2\x80\x98"
#define BI_RQ "\xe2\x80\x99"

/* GNU's argmatch for an option's argument: the index of arg in the
 * NULL-terminated valid[], exactly or as a unique prefix.  Otherwise
 * prints "invalid argument 'x' for '--opt'" (or "ambiguous") and the
 * valid values, and returns -1; the caller adds bi_try_help. */
int bi_argmatch(bi_ctx *b, const char *opt, const char *arg,
                const char *const *valid);
/* The same with a value for each name: synonyms (equal values, listed
 * next to each other) share a line of the list, and a prefix of several
 * synonyms is not ambiguous.  Returns the value, or -1. */
int bi_argmatch_vals(bi_ctx *b, const char *opt, const char *arg,
                     const char *const *valid, const int *vals);

/* The whole option loop of a command whose one option ends its output
 * lines with NUL (dirname -z/--zero, printenv -0/--null), with --help
 * and --version.  Sets *end to '\n' or 0; returns -1 to go on with g's
 * operands, else the exit status (0 after help/version, bad_status after
 * an option error). */
typedef struct bi_nul_opt {
  const char *name; /* for --version */
  char letter;
  const char *longname;
  const char *usage;
  int bad_status;
} bi_nul_opt;
int bi_getopt_nul(bi_ctx *b, bi_opts *g, const bi_nul_opt *o, char *end);

/* "Try 'NAME --help' for more information." on stderr, no prefix. */
void bi_try_help(bi_ctx *b);

/* "10", "4k", "2M" or "2m", "1G", "3KB" (1000s), "5b" (512s) -> bytes. */
bool bi_parse_size(const char *s, uint64_t *out);
/* A GNU sleep/timeout interval ("1.5", "2m", "1e-3h", "inf") -> seconds;
 * false for a negative, NaN or malformed one (duration.c). */
bool bi_parse_duration(const char *s, double *out);

#endif /* VSH_BUILTINS_LIB_OPT_H */
