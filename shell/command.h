/* command.h: the command API.  A command (a toolbox utility in builtins/,
 * or a shell builtin) is int bi_NAME_main(bi_ctx *b); it sees the
 * interpreter only through these calls: its argv, streams, filesystem and
 * cwd in bi_ctx, output and error helpers, limits, the work budget and
 * cancellation, the environment, and nested runs (find -exec, xargs, env,
 * timeout, awk's system(), sed's e).  Never b->sh.  The registry
 * (builtins/registry.c over builtins.def) is the command table. */
#ifndef VSH_SHELL_COMMAND_H
#define VSH_SHELL_COMMAND_H

#include "core/core.h"
#include "vfs/vfs.h"

typedef struct sh_exec sh_exec;
typedef struct sh_ctx sh_ctx;
typedef struct sh_stream sh_stream;
struct net_policy;
struct tm;

/* What a builtin sees.  argv strings are NUL-terminated (bash words have
 * no NULs).  The streams are the context's fds 0-2 after redirections. */
typedef struct bi_ctx {
  sh_ctx *sh;
  int argc;
  char **argv;
  sh_stream *in, *out, *err;
  vfs *fs;
  const char *cwd;
  vsh_arena *arena;
  bool out_closed; /* fd 1 was closed (>&-) */
  bool epipe;      /* the reader of stdout is gone: stop, status 141 */
  bool reported_badf;
  int died_of; /* set: the command's process ends killed by this signal
                  (timeout -s KILL): the shell's notice, as bash's */
} bi_ctx;

typedef int (*bi_main_fn)(bi_ctx *b);

enum {
  BI_SPECIAL = 1u << 0, /* POSIX special builtin (errors exit, assignments
                           persist) */
  BI_SHELL = 1u << 1,   /* needs the shell state (runs in the context) */
  BI_DECL = 1u << 2     /* declaration builtin: assignment-like args */
};
typedef struct bi_entry {
  const char *name;
  bi_main_fn fn;
  unsigned flags;
} bi_entry;
const bi_entry *bi_lookup(const char *name);
/* All builtins, sorted by name (for help/type/compgen). */
const bi_entry *bi_table(size_t *n);
/* The utilities (non-shell builtins), sorted: what /bin and /usr/bin
 * list. */
const char *const *bi_utility_names(size_t *n);

/* Output helpers for builtins: they stop quietly when the reader is gone
 * (the caller maps VSH_EPIPE to status 141). */
int bi_write(bi_ctx *b, const void *data, size_t n);
int bi_puts(bi_ctx *b, const char *s);
int bi_printf(bi_ctx *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* "name: message\n" on stderr, bash/GNU style. */
void bi_err(bi_ctx *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A line on stderr with no "name: " prefix (GNU's "Try ... --help"). */
void bi_errline(bi_ctx *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* "name: usage: text", as bash prints a builtin's usage line. */
void bi_usage(bi_ctx *b, const char *usage);
bool bi_cancelled(bi_ctx *b);
/* The command API's view of the exec: what a command may ask of the
 * interpreter (builtins/ uses these, never b->sh directly). */
/* Reads from / writes to a stream for this command, the exec's deadline,
 * abort and work budget applying (sh_stream_read / sh_stream_write). */
int64_t bi_read(bi_ctx *b, sh_stream *s, void *buf, size_t n);
int bi_write_to(bi_ctx *b, sh_stream *s, const void *buf, size_t n);
/* Gives back the last n bytes read from s when s is a regular file (as
 * GNU head seeks back for the next reader of a shared fd); else a no-op. */
void bi_unread(bi_ctx *b, sh_stream *s, size_t n);
/* The shell's umask (022 outside a shell), for the files a command makes. */
unsigned bi_umask(bi_ctx *b);
/* The mode a command gives what it creates: base less the umask, taken
 * as is by the vfs even when 0 (VFS_MODE_EXACT). */
unsigned bi_create_mode(bi_ctx *b, unsigned base);
/* The exec's limits (NULL outside an exec). */
const vsh_limits *bi_limits(bi_ctx *b);
/* Raises a limit: the exec stops with status 126 and the message. */
void bi_limit(bi_ctx *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A seed from the shell's random state (different per exec, fixed by
 * vsh_shell_opts.random_seed). */
uint64_t bi_seed(bi_ctx *b);
/* True when the C stack is nearly gone (raises a limit): recursion in a
 * command checks it as a last resort behind its own depth limit. */
bool bi_stack_low(bi_ctx *b);
/* The address below which this thread's C stack is nearly gone (0 when
 * unknown), for an engine that checks its own recursion against it. */
uintptr_t bi_stack_floor(bi_ctx *b);
/* The shell's network policy (net/net.h; NULL: no network). */
struct net_policy *bi_net_policy(bi_ctx *b);
/* The exec itself, for the few stream calls that take it (pipes, FIFOs)
 * and nested execs; NULL outside an exec. */
sh_exec *bi_exec(bi_ctx *b);
/* Charges units of work (a line, a record, a loop iteration, a match
 * step batch) to the exec's work budget.  Returns true when the command
 * must stop now: the exec was cancelled (deadline, abort, signal) or the
 * work budget is spent (the limit is then already reported and the exec
 * ends with 126).  Call it in every loop whose length the input sets. */
bool bi_charge(bi_ctx *b, uint64_t units);
/* An environment variable as the command sees it: exported scalars only
 * (TZ=x without export is not in a command's environment). */
const char *bi_getenv(bi_ctx *b, const char *name);
/* Appends the whole environment, "NAME=VALUE" each followed by end,
 * innermost scope first (what env and printenv print). */
void bi_env_print(bi_ctx *b, vsh_buf *out, char end);
/* Absolute, normalised path of p relative to the context's cwd (arena). */
const char *bi_path(bi_ctx *b, const char *p);
/* Why bi_path(b, p) gave NULL: VSH_ENOENT for "" (as the kernel answers
 * an empty name), else VSH_ENAMETOOLONG. */
int bi_path_error(const char *p);

/* ---- nested runs and the shell's state -------------------------------- */

/* True when the command runs in a shell (outside one, e.g. a command
 * called from a unit test, nested runs answer 127 or VSH_EUNSUPPORTED). */
bool bi_has_shell(bi_ctx *b);
/* Runs argv as the shell runs a command (function, builtin, custom
 * command, script), in the shell itself (find -exec, xargs); its status,
 * 127 outside a shell. */
int bi_run_argv(bi_ctx *b, int argc, char **argv);
/* Whether running name would find a command (function, builtin, custom
 * command, utility or script on $PATH, or the file a name with a slash
 * names), without running it: 0, VSH_ENOENT, or VSH_EACCES (a
 * directory), so a command that runs others can word the failure as
 * GNU's do ("xargs: x: No such file or directory"). */
int bi_command_lookup(bi_ctx *b, const char *name);
/* Runs script text in a subshell of the command's shell, its fds 0-2
 * bound to in, out, err (NULL: the command's own stream); its status, or
 * VSH_EUNSUPPORTED outside a shell, VSH_ENOMEM. */
int bi_run_string(bi_ctx *b, const char *src, size_t len, sh_stream *in,
                  sh_stream *out, sh_stream *err);
/* Runs argv in a subshell under a nested exec whose deadline is secs
 * from now (0: none), as timeout does.  The nested exec also stops with
 * this one; a limit met inside it is a limit of this exec.  *timed_out:
 * the nested deadline (not an outer one) stopped the command.  Its
 * status, or VSH_EUNSUPPORTED outside a shell, VSH_ENOMEM. */
int bi_run_argv_deadline(bi_ctx *b, double secs, int argc, char **argv,
                         bool *timed_out);
/* A subshell of the command's shell whose environment a command changes
 * before running something in it (env); fds 0-2 are the command's
 * streams.  Only through the bi_sub_* calls. */
typedef struct sh_ctx bi_sub;
/* VSH_EUNSUPPORTED outside a shell, VSH_ENOMEM. */
int bi_sub_new(bi_ctx *b, bi_sub **out);
void bi_sub_free(bi_sub *s);
/* Nothing stays exported (env -i). */
void bi_sub_env_clear(bi_sub *s);
/* Unsets name unless it is readonly; what remains (readonly, or an outer
 * scope's) is no longer exported. */
void bi_sub_env_unset(bi_sub *s, const char *name);
/* Sets name=val, exported, even over a readonly variable: the command's
 * environment is its own.  0 or a negative vsh_err. */
int bi_sub_env_set(bi_sub *s, const char *name, const char *val);
/* Appends the subshell's exported environment, each NAME=VALUE ended by
 * end (env with no command prints the modified environment). */
void bi_sub_env_print(bi_sub *s, vsh_buf *out, char end);
/* Makes abs (an absolute, existing directory) the subshell's cwd. */
int bi_sub_chdir(bi_sub *s, const char *abs);
/* Makes in (a borrowed stream, e.g. sh_stream_null()) the subshell's
 * stdin. */
void bi_sub_stdin(bi_sub *s, sh_stream *in);
/* bi_command_lookup in the subshell (its $PATH). */
int bi_sub_command_lookup(bi_sub *s, const char *name);
/* Runs argv in the subshell; its status. */
int bi_sub_run_argv(bi_sub *s, int argc, char **argv);
/* The stream at the shell's fd n (/dev/fd/N), borrowed; NULL when it is
 * closed or outside a shell. */
sh_stream *bi_fd(bi_ctx *b, int n);
/* True when the locale is not UTF-8 (LC_ALL, LC_CTYPE, LANG): characters
 * are bytes.  False outside a shell. */
bool bi_byte_locale(bi_ctx *b);
/* Broken-down local time of t in the exported $TZ (tm_gmtoff and
 * tm_zone set); UTC outside a shell. */
void bi_localtime(bi_ctx *b, int64_t t, struct tm *out);

#endif /* VSH_SHELL_COMMAND_H */
