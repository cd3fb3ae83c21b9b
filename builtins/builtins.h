/* builtins.h: what a command implementation sees (the command API,
 * bi_ctx and the registry's types, lives in shell/command.h) plus the
 * shared helpers of builtins/: GNU-style option parsing and size
 * suffixes. */
#ifndef VSH_BUILTINS_H
#define VSH_BUILTINS_H

#include "core/regex.h"
#include "shell/command.h"
#include "shell/shell.h"

#include <stdlib.h>

enum { BI_ARG_NONE = 0, BI_ARG_REQUIRED = 1, BI_ARG_OPTIONAL = 2 };

typedef struct bi_longopt {
  const char *name;
  int has_arg; /* BI_ARG_* */
  int val;     /* returned by bi_getopt (a short option char or >= 256) */
} bi_longopt;

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

/* GNU's argmatch for an option's argument: the index of arg in the
 * NULL-terminated valid[], exactly or as a unique prefix.  Otherwise
 * prints "invalid argument 'x' for '--opt'" (or "ambiguous") and the
 * valid values, and returns -1; the caller adds bi_try_help. */
int bi_argmatch(bi_ctx *b, const char *opt, const char *arg,
                const char *const *valid);

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

/* Opens an operand for reading: "-" is stdin, /dev/stdin and /dev/fd/N
 * are the shell's descriptors; a directory gives VSH_EISDIR.  *out holds
 * a reference (sh_stream_unref it). */
int bi_open_input(bi_ctx *b, const char *name, sh_stream **out);

/* C's escape for a control character (\a \b \f \n \r \t \v), as od -c,
 * hexdump %_c and sed l print them; NULL for any other byte. */
const char *bi_c_escape(int c);

/* Line reader over a stream: bi_read_line returns 1 with the line
 * (including its delimiter when present) valid until the next call, 0 at
 * the end, or a negative vsh_err (VSH_EABORTED when cancelled). */
typedef struct bi_reader {
  bi_ctx *b;
  sh_stream *s;
  char chunk[65536];
  size_t pos, n;
  bool eof;
  vsh_buf line;
} bi_reader;
void bi_reader_init(bi_reader *r, bi_ctx *b, sh_stream *s);
int bi_read_line(bi_reader *r, char delim, const char **line, size_t *len);
void bi_reader_dispose(bi_reader *r);

/* Runs fn on each operand in turn (stdin when there is none) as GNU head
 * and tail do: "==> NAME <==" headers (a blank line between) when headers
 * is 1, or 0 and there are several; open and read errors are reported
 * and the loop goes on.  Returns the exit status (0, 1, or 141 when the
 * reader of stdout is gone). */
typedef int (*bi_input_fn)(bi_ctx *b, sh_stream *in, void *ud);
int bi_each_input(bi_ctx *b, int n, char **names, int headers,
                  bi_input_fn fn, void *ud);

/* A regex work meter for one command: the default backtracking steps,
 * polling the exec's cancellation.  A VSH_ELIMIT from vsh__regex_exec
 * means the pattern is too complex for the input: report it with
 * bi_re_failed, never treat it as "no match". */
vsh_re_budget bi_re_budget(bi_ctx *b);
/* Reports a failed regex exec (rc < 0): "regex too complex" for
 * VSH_ELIMIT, nothing for a cancellation (the exec reports that).
 * Returns the status the command should end with. */
int bi_re_failed(bi_ctx *b, int rc);

/* "Try 'NAME --help' for more information." on stderr, no prefix. */
void bi_try_help(bi_ctx *b);

/* "10", "4k", "2M", "1G", "3KB" (1000s), "5b" (512s) -> bytes. */
bool bi_parse_size(const char *s, uint64_t *out);
/* A GNU sleep/timeout interval ("1.5", "2m", "1e-3h", "inf") -> seconds;
 * false for a negative, NaN or malformed one (duration.c). */
bool bi_parse_duration(const char *s, double *out);

#endif /* VSH_BUILTINS_H */
