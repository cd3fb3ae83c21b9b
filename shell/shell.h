/* shell.h: the interpreter's runtime as shell/ and builtins/ see it.
 * An exec (sh_exec) is one vsh_shell_exec call: limits, deadline, abort,
 * captured output and jobs, shared by every thread it starts.  A context
 * (sh_ctx) is one thread of execution with its own shell state; a
 * subshell, pipeline stage or background job runs on a forked copy.
 * Nothing here longjmps: errors and control flow unwind through return
 * values and ctx->unwind. */
#ifndef VSH_SHELL_H
#define VSH_SHELL_H

#include "core/acct.h"
#include "core/core.h"
#include "core/hash.h"
#include "shell/parse/ast.h"
#include "shell/parse/parse.h"
#include "shell/command.h"
#include "vfs/vfs.h"

#include <pthread.h>

/* Shell tables use the default allocator (see core/hash.h). */
static const vsh_allocator *const vsh_hash_al = NULL;

typedef struct sh_exec sh_exec;
typedef struct sh_ctx sh_ctx;
typedef struct sh_stream sh_stream;
typedef struct sh_expand_hooks sh_expand_hooks; /* expand/expand.h */

/* ---- streams -------------------------------------------------------- */

typedef enum sh_stream_kind {
  SH_STREAM_NULL,   /* reads EOF, swallows writes */
  SH_STREAM_PIPE_R, /* read end of an in-memory pipe */
  SH_STREAM_PIPE_W, /* write end */
  SH_STREAM_BUF,    /* capture buffer (stdout/stderr of an exec, $( )) */
  SH_STREAM_BYTES,  /* fixed bytes to read (stdin data, here-docs) */
  SH_STREAM_FILE,   /* a vfs file handle */
  SH_STREAM_FN,     /* reads pulled from an application callback */
  SH_STREAM_CLOSED  /* a closed descriptor (<&-): reads fail with EBADF */
} sh_stream_kind;

/* Refcounted; each fd-table slot holds one reference.  Reads and writes
 * block with cancellation checks (the exec's deadline and abort). */
sh_stream *sh_stream_null(void);
sh_stream *sh_stream_closed(void); /* static, like the null stream */
int sh_pipe_new(sh_stream **r, sh_stream **w, size_t cap);
/* A capture buffer; limit bytes (0: none) beyond which writes fail with
 * VSH_ELIMIT and the exec's output-limit flag is raised. */
sh_stream *sh_stream_buf_new(uint64_t limit);
/* A capture buffer also hands each write to fn (under its lock). */
void sh_stream_buf_sink(sh_stream *s, int fd,
                        void (*fn)(void *ud, int fd, const void *data,
                                   size_t len),
                        void *ud);
/* Takes (copies) the bytes. */
sh_stream *sh_stream_bytes_new(const void *data, size_t len);
/* An end of the named pipe (fs, ino): read, write or both (<>).  One
 * end waits for the other as open(2) does (cancellable through ex). */
int sh_stream_fifo_open(const void *fs, uint64_t ino, bool rd, bool wr,
                        sh_exec *ex, sh_stream **out);
/* A read stream pulling from fn (bytes read, 0 at the end, or a negative
 * vsh_err), one call at a time. */
sh_stream *sh_stream_fn_new(int64_t (*fn)(void *ud, void *buf, size_t n),
                            void *ud);
sh_stream *sh_stream_file_new(vfs_file *f, const char *path); /* owns f */
sh_stream *sh_stream_ref(sh_stream *s);
void sh_stream_unref(sh_stream *s);
sh_stream_kind sh_stream_kind_of(const sh_stream *s);
/* >= 0 bytes (0 at end) or a negative vsh_err. */
int64_t sh_stream_read(sh_stream *s, void *buf, size_t n, sh_exec *ex);
/* Whether a read would not block: 1 (data, or the end), 0 when until
 * (CLOCK_MONOTONIC; NULL: at once) passes first, or VSH_EABORTED. */
int sh_stream_wait_readable(sh_stream *s, sh_exec *ex,
                            const struct timespec *until);
/* Fixed bytes and vfs files can give back the last n bytes read (the
 * next read sees them again), as lseek(2) does for a regular file;
 * unread answers VSH_EINVAL for any other stream. */
bool sh_stream_seekable(const sh_stream *s);
int sh_stream_unread(sh_stream *s, size_t n);
/* Writes all n bytes or returns a negative vsh_err (VSH_EPIPE). */
int sh_stream_write(sh_stream *s, const void *buf, size_t n, sh_exec *ex);
/* The captured bytes of a BUF stream (borrowed; stable after writers
 * are done). */
const vsh_buf *sh_stream_buf_data(sh_stream *s);
void sh_stream_set_limit(sh_stream *s, uint64_t limit);
/* For a FILE stream, the vfs handle (else NULL). */
vfs_file *sh_stream_file(sh_stream *s);

/* ---- permissions ------------------------------------------------------ */

/* Whether the sandbox user may read (4), write (2) or search/execute (1)
 * what st describes (vfs_may's rule). */
static inline bool sh_may_access(const vfs_info *st, unsigned want) {
  return vfs_may(st->mode, st->uid, st->gid, st->host_mode, want);
}

/* ---- variables -------------------------------------------------------- */

enum {
  SH_VAR_EXPORT = 1u << 0,
  SH_VAR_READONLY = 1u << 1,
  SH_VAR_INTEGER = 1u << 2,
  SH_VAR_LOWER = 1u << 3,
  SH_VAR_UPPER = 1u << 4,
  SH_VAR_NAMEREF = 1u << 5,
  SH_VAR_ARRAY = 1u << 6,
  SH_VAR_ASSOC = 1u << 7,
  SH_VAR_TRACE = 1u << 8,
  SH_VAR_CAPITAL = 1u << 9,
  SH_VAR_UNSET = 1u << 10,    /* declared (declare x / local x) but no value */
  SH_VAR_NOASSIGN = 1u << 11, /* bash's GROUPS: assignments are ignored */
  /* a prefix assignment's binding (v=1 cmd): `local v` under it starts
   * with its value; unset removes it unless declared local (below) */
  SH_VAR_TEMP = 1u << 12,
  SH_VAR_LOCAL = 1u << 13 /* declared by local (or declare in a function) */
};

typedef struct sh_aelem {
  int64_t idx; /* indexed arrays */
  char *key;   /* associative arrays */
  char *val;
  uint32_t hash; /* assoc: the key's hash, and the next element (index */
  uint32_t next; /* + 1, 0 at the end) in its bucket's chain */
} sh_aelem;

typedef struct sh_var {
  char *name;
  unsigned attrs;
  char *val;       /* scalar value (NULL when an array or unset) */
  sh_aelem *elems; /* arrays: indexed sorted by idx; assoc: see vars.c */
  size_t n, cap;
  uint32_t *bkt; /* assoc: bash's buckets (index + 1 of a chain head) */
  uint32_t nbkt;
  bool reorder; /* assoc: elems are not in bash's order yet */
  UT_hash_handle hh;
} sh_var;

typedef struct sh_scope {
  sh_var *vars; /* uthash table */
  struct sh_scope *up;
  bool is_func;     /* a function's local scope */
  bool *saved_opts; /* `local -`: the set options to restore, or NULL */
} sh_scope;

/* Dynamic lookup: innermost scope outwards.  NULL if none. */
sh_var *sh_var_find(sh_ctx *c, const char *name);
/* The same without following namerefs. */
sh_var *sh_var_find_raw(sh_ctx *c, const char *name);
/* The scalar value of name: special parameters, arrays' element 0;
 * NULL when unset. */
const char *sh_var_get(sh_ctx *c, const char *name);
/* Assigns a scalar (honouring integer/case attributes and namerefs).
 * Returns 0, or VSH_EPERM for a readonly variable (message printed). */
/* val as v's attributes make it (-i evaluates, -l/-u/-c recase), after
 * old when appending; malloc'd, NULL with *rc set on an error. */
char *sh_var_transform(sh_ctx *c, const sh_var *v, const char *val,
                       const char *old, bool append, int *rc);
int sh_var_set(sh_ctx *c, const char *name, const char *val, bool append);
/* A bad array subscript or integer value (reported already): status 1,
 * and as bash, a -c shell ends while a script drops the command line. */
void sh_bad_arith_value(sh_ctx *c);
int sh_var_set_elem(sh_ctx *c, const char *name, const char *key, int64_t idx,
                    const char *val, bool append);
int sh_var_unset(sh_ctx *c, const char *name);
/* The NAME[sub] text a chain of namerefs from name ends at (declare -n
 * r='a[1]'), or NULL. */
const char *sh_nameref_elem(sh_ctx *c, const char *name);
/* declare -p's line for v, with a newline (bi_vars.c). */
void sh__var_print(vsh_buf *o, const sh_var *v, const char *prefix);
/* ${a[@]@K}: key "value" pairs as declare -p quotes them (bi_vars.c). */
void sh__array_pairs(vsh_buf *o, const sh_var *v);
/* The name a chain of namerefs from name ends at (name if none). */
const char *sh_nameref_target(sh_ctx *c, const char *name);
/* Creates name in the innermost function scope (local). */
sh_var *sh_var_local(sh_ctx *c, const char *name);
/* exec -c: no variable is exported any more (every scope). */
void sh__unexport_all(sh_ctx *c);
sh_var *sh_var_global(sh_ctx *c, const char *name); /* find or create */
void sh_var_clear_value(sh_var *v);
/* vars.c: a scope and its variables freed; a deep copy of one scope
 * (for subshells). */
void sh__scope_free(sh_scope *s);
sh_scope *sh__scope_copy(const sh_scope *src);
/* Array helpers. */
const char *sh_array_get(const sh_var *v, int64_t idx);
int sh_array_set(sh_var *v, int64_t idx, const char *val);
int sh_array_unset(sh_var *v, int64_t idx);
const char *sh_assoc_get(const sh_var *v, const char *key);
int sh_assoc_set(sh_var *v, const char *key, const char *val);
int sh_assoc_unset(sh_var *v, const char *key);
/* Puts an assoc's elems in the order bash lists them (call before
 * iterating over v->elems). */
void sh_assoc_order(sh_var *v);
int64_t sh_array_max(const sh_var *v); /* -1 when empty */
bool sh_valid_name(const char *s, size_t n);
/* True when LC_ALL, LC_CTYPE or LANG (the first set) is not a UTF-8
 * locale: ${#s} then counts bytes, as bash does in C. */
bool sh_byte_locale(sh_ctx *c);
/* Dynamic scalars ($RANDOM, $LINENO, $SECONDS, $BASHPID, ...; ctx.c):
 * whether name is one still special (not unset), the name of the i-th
 * (NULL past the last), and the current value as a variable in tmp (its
 * value in the exec arena), or NULL.  `unset` makes the name plain. */
bool sh_dyn_active(sh_ctx *c, const char *name);
const char *sh_dyn_name(size_t i);
sh_var *sh_dyn_scalar(sh_ctx *c, const char *name, sh_var *tmp);
void sh_dyn_unset(sh_ctx *c, const char *name);
/* Appends to out the computed variables (scalars and arrays) whose names
 * start with prefix and that no variable shadows (param.c). */
struct sh_argv;
int sh_dyn_names(sh_ctx *c, const char *prefix, struct sh_argv *out);
/* Element i of a computed array (PIPESTATUS, FUNCNAME, BASH_SOURCE,
 * BASH_LINENO), or NULL (param.c). */
const char *sh_dynamic_array_get(sh_ctx *c, const char *name, int64_t i);
/* The whole computed array in tmp (its elements live in the exec arena),
 * or NULL when name is not one. */
sh_var *sh_dynamic_array(sh_ctx *c, const char *name, sh_var *tmp);

/* ---- options ------------------------------------------------------------ */

enum {
  SH_OPT_ERREXIT,
  SH_OPT_NOUNSET,
  SH_OPT_XTRACE,
  SH_OPT_VERBOSE,
  SH_OPT_NOGLOB,
  SH_OPT_NOCLOBBER,
  SH_OPT_PIPEFAIL,
  SH_OPT_NOEXEC,
  SH_OPT_ALLEXPORT,
  SH_OPT_HASHALL,
  SH_OPT_MONITOR,
  SH_OPT_POSIX,
  SH_OPT_BRACEEXPAND,
  SH_OPT_ERRTRACE,
  SH_OPT_FUNCTRACE,
  SH_OPT_NOTIFY,
  SH_OPT_HISTEXPAND,
  SH_OPT_KEYWORD,
  SH_OPT_PHYSICAL,
  SH_OPT_ONECMD,
  SH_OPT_EMACS,
  SH_OPT_VI,
  SH_OPT_IGNOREEOF,
  SH_OPT_HISTORY,
  SH_OPT_INTERACTIVE_COMMENTS,
  SH_OPT_NOLOG,
  SH_OPT_PRIVILEGED,
  /* shopt */
  SH_SHOPT_EXTGLOB,
  SH_SHOPT_GLOBSTAR,
  SH_SHOPT_NULLGLOB,
  SH_SHOPT_FAILGLOB,
  SH_SHOPT_DOTGLOB,
  SH_SHOPT_NOCASEGLOB,
  SH_SHOPT_NOCASEMATCH,
  SH_SHOPT_GLOBSKIPDOTS,
  SH_SHOPT_LASTPIPE,
  SH_SHOPT_EXPAND_ALIASES,
  SH_SHOPT_XPG_ECHO,
  SH_SHOPT_INHERIT_ERREXIT,
  SH_SHOPT_EXTQUOTE,
  SH_SHOPT_SOURCEPATH,
  SH_SHOPT_CHECKHASH,
  SH_SHOPT_GLOBASCIIRANGES,
  SH_SHOPT_PROMPTVARS,
  SH_SHOPT_CHECKWINSIZE,
  SH_SHOPT_CMDHIST,
  SH_SHOPT_INTERACTIVE_COMMENTS,
  SH_SHOPT_LOCALVAR_INHERIT,
  SH_SHOPT_LOCALVAR_UNSET,
  SH_SHOPT_PATCHSUB_REPLACEMENT,
  SH_SHOPT_ASSOC_EXPAND_ONCE,
  SH_SHOPT_NOEXPAND_TRANSLATION,
  /* accepted and shown, without effect here */
  SH_SHOPT_AUTOCD,
  SH_SHOPT_CDABLE_VARS,
  SH_SHOPT_CDSPELL,
  SH_SHOPT_CHECKJOBS,
  SH_SHOPT_COMPAT31,
  SH_SHOPT_COMPAT32,
  SH_SHOPT_COMPAT40,
  SH_SHOPT_COMPAT41,
  SH_SHOPT_COMPAT42,
  SH_SHOPT_COMPAT43,
  SH_SHOPT_COMPAT44,
  SH_SHOPT_COMPLETE_FULLQUOTE,
  SH_SHOPT_DIREXPAND,
  SH_SHOPT_DIRSPELL,
  SH_SHOPT_EXECFAIL,
  SH_SHOPT_EXTDEBUG,
  SH_SHOPT_FORCE_FIGNORE,
  SH_SHOPT_GNU_ERRFMT,
  SH_SHOPT_HISTAPPEND,
  SH_SHOPT_HISTREEDIT,
  SH_SHOPT_HISTVERIFY,
  SH_SHOPT_HOSTCOMPLETE,
  SH_SHOPT_HUPONEXIT,
  SH_SHOPT_LITHIST,
  SH_SHOPT_LOGIN_SHELL,
  SH_SHOPT_MAILWARN,
  SH_SHOPT_NO_EMPTY_CMD_COMPLETION,
  SH_SHOPT_PROGCOMP,
  SH_SHOPT_PROGCOMP_ALIAS,
  SH_SHOPT_RESTRICTED_SHELL,
  SH_SHOPT_SHIFT_VERBOSE,
  SH_SHOPT_VARREDIR_CLOSE,
  SH_OPT__COUNT
};
typedef struct sh_optinfo {
  const char *name;
  char letter; /* set -X, or 0 */
  bool shopt;  /* shopt rather than set -o */
  bool dflt;
} sh_optinfo;
extern const sh_optinfo sh_opts[SH_OPT__COUNT];
int sh_opt_find(const char *name, bool shopt);
/* Option indexes in bash's listing order (set -o, shopt, SHELLOPTS). */
void sh_opts_sorted(int *idx);
/* The command hash table (ctx.c): the remembered path of name, or NULL;
 * remember adds or updates an entry (hits counted when hit). */
struct sh_hashed *sh_hash_find(sh_ctx *c, const char *name);
void sh_hash_remember(sh_ctx *c, const char *name, const char *path, bool hit);
void sh_hash_forget(sh_ctx *c, const char *name); /* NULL: all */
/* BASH_ALIASES and BASH_CMDS: associative arrays that mirror the alias
 * table and the command hash while they exist (`unset` ends that).
 * sh_mirror_set stores key=val in the array named var (val NULL: removes
 * key; key NULL too: empties it); sh_mirror_assigned carries an element
 * the script assigned to the table behind it (bash's unset of an element
 * changes neither). */
void sh_mirror_set(sh_ctx *c, const char *var, const char *key,
                   const char *val);
void sh_mirror_assigned(sh_ctx *c, const char *var, const char *key,
                        const char *val);
/* Defines or redefines an alias (0 or VSH_ENOMEM); removes one (false
 * when there was none; NULL: all). */
int sh_alias_define(sh_ctx *c, const char *name, const char *text);
bool sh_alias_remove(sh_ctx *c, const char *name);
/* The shell builtin name stands for, or NULL when there is none or
 * `enable -n` turned it off (ctx.c). */
const struct bi_entry *sh_builtin_find(sh_ctx *c, const char *name);
/* Turns builtin e off (off) or back on; 0 or VSH_ENOMEM. */
int sh_builtin_disable(sh_ctx *c, const struct bi_entry *e, bool off);
bool sh_builtin_disabled(sh_ctx *c, const struct bi_entry *e);

/* ---- functions and aliases ----------------------------------------------- */

/* One call frame: the function (or "source"), the file its code comes
 * from, and the line it was called from. */
typedef struct sh_frame {
  char *name;
  char *src;
  unsigned call_line;
  bool pushed_args; /* its arguments are on BASH_ARGV (extdebug) */
} sh_frame;

typedef struct sh_func {
  char *src; /* file the definition came from (BASH_SOURCE) */
  char *name;
  sh_node *def;   /* SH_NODE_FUNCDEF */
  sh_unit *unit;  /* keeps def alive */
  unsigned attrs; /* export/readonly/trace */
  UT_hash_handle hh;
} sh_func;

typedef struct sh_alias {
  char *name;
  char *text;
  UT_hash_handle hh;
} sh_alias;

/* ---- commands: the command API (shell/command.h) ---------------------- */

/* ---- quoting (quote.c) ----------------------------------------------------- */

bool sh_needs_ansi(const char *s);               /* control chars / bad UTF-8 */
void sh_quote_ansi(vsh_buf *o, const char *s);   /* $'...' */
void sh_quote_single(vsh_buf *o, const char *s); /* '...' (${x@Q}, set) */
void sh_quote_sq(vsh_buf *o, const char *s); /* '...' always (alias, trap) */
void sh_quote_double(vsh_buf *o, const char *s);    /* "..." (declare -p) */
void sh_quote_backslash(vsh_buf *o, const char *s); /* printf %q */
/* Decodes backslash escapes in one of three dialects: SH_ESC_PLAIN
 * (printf's format, $'..'-style: \NNN octal), SH_ESC_PCT_B (printf %b:
 * \0NNN and \NNN) and SH_ESC_ECHO (echo -e: \0NNN only, \1 stays).
 * With stop (echo, %b), \c ends the output (*stop set). */
enum { SH_ESC_PLAIN, SH_ESC_PCT_B, SH_ESC_ECHO };
void sh_unescape(vsh_buf *out, const char *s, size_t n, int echo_mode,
                 bool *stop);
/* s with its escapes decoded (${x@E}), in the context arena. */
char *sh__ansi_unescape(sh_ctx *c, const char *s);

/* ---- the exec ------------------------------------------------------------- */

typedef enum sh_cancel {
  SH_RUNNING = 0,
  SH_CANCEL_TIMEOUT,
  SH_CANCEL_ABORT,
  SH_CANCEL_LIMIT,
  SH_CANCEL_EXIT /* a background job told to stop */
} sh_cancel;

typedef struct sh_job sh_job;

struct sh_exec {
  struct vsh_shell *sh;
  sh_exec *parent; /* a nested exec (timeout) also stops with it */
  vsh_limits limits;
  int64_t deadline_ns; /* CLOCK_MONOTONIC; 0: none */
  vsh_signal *signal;
  _Atomic int cancel;  /* sh_cancel */
  char limit_msg[256]; /* which limit, for the message */
  atomic_uint_fast64_t commands;
  atomic_uint_fast64_t threads; /* live pipeline/job threads */
  atomic_int next_pid;
  pthread_mutex_t mu;     /* jobs and limit_msg */
  sh_job *jobs;           /* all jobs of this exec */
  sh_stream *out, *err;   /* captured streams */
  _Atomic int main_sig;   /* a signal sent to the main shell ($$) */
  vsh__acct acct;         /* memory charged to this exec */
  atomic_bool late_limit; /* a job met a limit while jobs were stopping */
  _Atomic uint64_t work;  /* work units spent (limits.max_work) */
};

/* Virtual signals (kill): jobs and the main shell act on them at their
 * next check, running a trap or ending with status 128+N. */
int sh__job_kill(sh_ctx *c, int pid, bool by_id, int sig);
int sh__jobs_disown(sh_ctx *c, int n, bool by_id, bool running_only);
const char *const *sh__keywords(void); /* NULL-terminated */
int sh__job_signal_pending(sh_job *j);
void sh__job_signal_clear(sh_job *j);
int sh__signal_number(const char *s);
/* Runs the CHLD trap once for each child of c that ended since it last
 * ran: its pending count, and its background jobs now done. */
void sh__chld_run(sh_ctx *c);

/* True once the exec must stop (deadline, abort, limit).  Cheap. */
bool sh_exec_cancelled(sh_exec *ex);
/* Charges units of work to the exec (the root of a nested one); true when
 * it must stop (work limit, or cancelled). */
bool sh_exec_charge(sh_exec *ex, uint64_t units);
/* The memory account a thread working for ex enters. */
vsh__acct *sh_exec_acct(sh_exec *ex);
/* A pattern operation's work meter (case, [[ == ]], ${x#p}, ${x//p/r},
 * ${x^^p}, GLOBIGNORE): 64 steps per glob operation of the limits,
 * polling the exec's cancellation. */
struct sh_pattern_budget;
void sh_pattern_budget_init(sh_ctx *c, struct sh_pattern_budget *b);
/* A pattern operation failed with rc < 0: a spent budget or memory ends
 * the exec with a limit (126 and a message), never a wrong answer.
 * Returns rc. */
int sh_pattern_failed(sh_ctx *c, int rc);
/* Raises a limit: the exec stops with status 126 and msg. */
void sh_exec_limit(sh_exec *ex, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* ---- contexts ---------------------------------------------------------------- */

/* What a running trap began with. */
typedef struct sh_trap_frame {
  int status;          /* $?: a bare exit or return in the trap uses it */
  unsigned call_depth; /* (a bare return only at this depth) */
  int sig;             /* which trap */
  unsigned line;       /* the line it interrupted */
} sh_trap_frame;

typedef enum sh_unwind {
  SH_UW_NONE = 0,
  SH_UW_BREAK,
  SH_UW_CONTINUE,
  SH_UW_RETURN,
  SH_UW_EXIT,  /* exit builtin, set -e, fatal errors: leave this context */
  SH_UW_ABORT, /* an expansion error ($((1/0))): abandon the script's
                   current top-level command, go on with the next */
  SH_UW_CANCEL /* the exec is being cancelled */
} sh_unwind;

#define SH_TRAP_EXIT 0
#define SH_TRAP_ERR 65
#define SH_TRAP_DEBUG 66
#define SH_TRAP_RETURN 67
#define SH_NTRAPS 68

struct sh_ctx {
  sh_exec *ex;
  struct vsh_shell *shell;
  vfs *fs;
  vsh_arena arena;
  /* names: variables and scopes, functions, aliases, the positional
   * parameters, the command hash */
  struct sh_ctx_vars {
    sh_scope *scope; /* innermost; global at the bottom */
    sh_scope *global;
    /* the prefix assignments of a function call about to run: the
     * function's own scope takes them over, as bash does */
    sh_scope *call_temp;
    sh_func *funcs;
    sh_alias *aliases;
    char **pos; /* $1.. */
    size_t npos;
    char *arg0;                /* $0 */
    uint32_t rng;              /* $RANDOM */
    char numbuf[64];           /* dynamic variables' text ($RANDOM, ...) */
    int getopts_pos;           /* position inside a bundle of options */
    unsigned dyn_unset;        /* dynamic variables unset (bit: index in
                                 ctx.c's table): plain names from then on */
    bool expanding_assignment; /* x=value: tilde after ':' in operands */
    int nameref_hops;          /* nameref chains resolved during expansion */
    const char *ind_target;    /* the name the last ${!ref...} resolved to */
    /* bash's command hash table: where $PATH search found each name, and
     * how often it ran (hash; cleared when PATH is assigned) */
    struct sh_hashed {
      char *name, *path;
      int hits;
    } * hashed;
    size_t nhashed;
    /* builtins `enable -n` turned off: the name finds a function or a
     * file on $PATH instead (a subshell inherits the list) */
    const struct bi_entry **disabled;
    size_t ndisabled;
    /* what sh_assign_one last assigned, for xtrace: the subscript as
     * written out (NULL: none) and the value (NULL: a list) */
    const char *asg_key, *asg_val;
    /* bash's BASH_ARGV / BASH_ARGC stacks: argument groups, bottom
     * first (the arrays show them reversed), pushed by calls and
     * `source` under extdebug, or by the first look at them outside
     * functions (bargs_init) */
    char **bargv;
    size_t nbargv;
    int *bargc;
    size_t nbargc;
    bool bargs_init;
    char *underscore; /* $_ */
    size_t underscore_cap;
  } vars;
  /* options: set -o / shopt, and how this shell was started */
  struct sh_ctx_opt {
    bool opts[SH_OPT__COUNT];
    bool dash_c;       /* this shell was started with -c */
    bool dash_s;       /* this shell reads its commands from stdin */
    bool interactive;  /* bash -i: $- shows i */
    bool under_dash_c; /* ... or is a subshell of one */
  } opt;
  /* the process this context stands for: ids, statuses, jobs, umask */
  struct sh_ctx_proc {
    unsigned umask;
    int status;      /* $? */
    int last_bg_pid; /* $! */
    int pid, ppid, bashpid;
    bool subshell; /* BASH_SUBSHELL > 0 */
    int subshell_level;
    bool level_pending; /* a pipeline's simple-command stage: a function
                           it calls counts the subshell level bash does */
    sh_job *job;        /* when running as a background job */
    const struct sh_node *job_top;   /* that job's own command */
    const struct sh_node *stage_top; /* a pipeline stage's own command:
                                        its failure is the pipeline's */
    int *pipestatus;
    size_t npipestatus;
    int subst_status;       /* status of the last $( ) in this command */
    int chld_pending;       /* children ended since the CHLD trap last ran:
                         forked contexts and toolbox utilities */
    int self_sig;           /* a signal this subshell or child shell sent
                                 itself (kill $BASHPID), acted on next */
    int died_of;            /* the signal that ended this context */
    int util_sig, util_pid; /* ... the utility or child shell just run
                               (bi_ctx died_of), told of after it */
    bool child_shell;       /* a nested bash: $$ is its own */
    bool mid_pipe;          /* a pipeline stage before the last: bash
                                 reports no signal death there */
  } proc;
  /* traps, and what they see ($BASH_COMMAND, $? at entry) */
  struct sh_ctx_trap {
    char *traps[SH_NTRAPS];
    char *shown_traps[SH_NTRAPS]; /* a subshell's inherited, inactive traps
                                     (bash's `trap` still lists them) */
    bool in_trap;
    unsigned return_trap_gen; /* bumped by each trap ... RETURN */
    /* $BASH_COMMAND: the command running now (not a trap's), and its text
     * kept while a trap that may read it is set (the node may be gone by
     * the time an EXIT trap runs) */
    const sh_node *cur_cmd;
    char *cmd_text;
    sh_trap_frame frame; /* the trap running (in_trap), as it began */
    bool err_trap_fresh; /* the function just run set the first ERR
                                 trap: bash runs none for its status */
    int return_prev;     /* $? before the last `return` ran: what the
                                 RETURN trap sees */
    int debug_status;    /* the last DEBUG trap's own status (extdebug:
                                 nonzero skips the command) */
  } trap;
  /* the working directory and the directory stack */
  struct sh_ctx_dirs {
    char *cwd; /* logical working directory */
    char **dirstack;
    size_t ndirs;
    bool stack_seen; /* $DIRSTACK was read: listings show its value */
  } dirs;
  /* the fd table and the fds of the running command */
  struct sh_ctx_io {
    sh_stream **fds; /* fd table */
    int nfds;
    signed char psub_fds[64]; /* fds of <( ) / >( ) opened by the command
                                 running now: closed when it completes */
    int npsub;
    bool exec_redirs_permanent; /* `exec` without a command ran */
    int coproc_pid;             /* the last coproc's job, 0: none */
    int coproc_fds[2];          /* its read and write descriptors */
    char coproc_name[64];       /* its NAME (COPROC) */
    sh_stream *xtrace_to;       /* set -x output while a command's own
                                 redirections are in place (borrowed) */
  } io;
  /* nesting counters and limits (the budgets of the exec are in sh_exec) */
  struct sh_ctx_limit {
    unsigned call_depth, subst_depth, eval_depth, loop_depth;
    unsigned script_depth; /* eval_depth of a script's top-level loop */
    uintptr_t stack_low;   /* below this the C stack is nearly gone */
    int funcnest;          /* call frames (functions and `source`) */
    /* ulimit's soft and hard limits (-1: unlimited), in the units ulimit
     * shows; inherited by subshells and child shells */
    bool ulimit_init;
    int64_t ulimit_soft[17], ulimit_hard[17];
  } limit;
  /* control flow: break/continue/return/exit unwinding, set -e */
  struct sh_ctx_flow {
    sh_unwind unwind;
    int unwind_n;          /* break/continue levels */
    unsigned errexit_off;  /* >0 inside if/while conditions, && || lhs, ! */
    unsigned errexit_bang; /* how much of errexit_off comes from ! */
    bool abort_errexit;    /* the pending SH_UW_ABORT honours set -e */
    bool abort_top;        /* the pending SH_UW_ABORT goes through eval
                              and source to the script's command */
    bool special_failed;   /* export/readonly met a readonly variable, or .
                              a missing file: fatal in posix mode */
    unsigned catch_depth;  /* eval_depth of the eval/source text that
                                 stops an SH_UW_ABORT (0: none) */
    unsigned in_command;   /* >0 while `command` runs a special builtin:
                              its posix-mode errors do not end the shell */
  } flow;
  /* where the shell is: line, function, source, call frames, the unit being
   * run, and tracing (set -x) */
  struct sh_ctx_where {
    const char *arith_what; /* "((" or "let": prefixes arithmetic errors */
    const char *int_what;   /* "declare", "read"...: prefixes the errors
                               of an integer variable's value */
    bool pin_line;          /* expanding a command's words: keep its line */
    bool heredoc_end_line;  /* a compound command's here-document: $LINENO
                               is its end line, where bash's parser was */
    unsigned line;          /* LINENO */
    const char *funcname;   /* innermost function, or NULL */
    const char *source_name;
    const char *script_src; /* the script file being run, or NULL */
    sh_unit *unit;          /* the parse unit being run (borrowed) */
    bool in_ps4;            /* expanding PS4: commands in it are not traced */
    unsigned xtrace_level;  /* $( ), <( ), eval and source nesting: PS4's
                                 first character is repeated once more for
                                 each level, as bash does */
    bool func_traced;       /* running a function declared -t */
    bool xtrace_decl;       /* declare NAME=(...) under set -x: the
                                 literal is traced as NAME=('v' ...) */
    char **decl_lits;       /* the running declaration builtin's
                                arguments written NAME=(...) unquoted:
                                only they make arrays of a value (...) */
    size_t n_decl_lits;
    const char *parse_what;  /* "eval" while eval's text is parsed and run:
                                 syntax errors name it as bash does */
    struct sh_frame *frames; /* innermost last: FUNCNAME, BASH_SOURCE,
                                 BASH_LINENO */
  } where;
};

/* Owned string vectors (NULL-terminated copies). */
char **sh__strv_dup(char **v, size_t n);
void sh__strv_free(char **v, size_t n);

int sh_frame_push(sh_ctx *c, const char *name, const char *src,
                  unsigned call_line);
void sh_frame_pop(sh_ctx *c);
/* BASH_ARGV / BASH_ARGC: pushes a group of arguments (0 or VSH_ENOMEM),
 * pops the top one; sh_bargs_init pushes $@ once, as bash does when the
 * stacks are first needed (extdebug turned on, or read outside
 * functions). */
int sh_bargs_push(sh_ctx *c, char *const *v, size_t n);
void sh_bargs_pop(sh_ctx *c);
void sh_bargs_init(sh_ctx *c);

/* A fresh top-level context for an exec. */
int sh_ctx_new(sh_ctx **out, struct vsh_shell *shell, sh_exec *ex);
/* A subshell: a deep copy of c's state (fds are shared references). */
int sh_ctx_fork(sh_ctx **out, sh_ctx *c);
void sh_ctx_free(sh_ctx *c);

/* fd table */
sh_stream *sh_fd(sh_ctx *c, int fd);            /* borrowed or NULL */
int sh_fd_set(sh_ctx *c, int fd, sh_stream *s); /* takes a new ref */
void sh_fd_close(sh_ctx *c, int fd);

/* Errors from the shell itself: "vsh: line N: msg" on the context's
 * stderr (bash: "bash: line N: ..."). */
void sh_error(sh_ctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* What such a message starts with (the shell, file or function's origin). */
const char *sh__error_name(sh_ctx *c);
/* ctx.c: the value of a special variable ($RANDOM, $SECONDS, ...) or
 * NULL; what assigning name does to the shell (PATH clears the command
 * hash): 1 when the hook stored the value itself ($RANDOM, $SECONDS). */
const char *sh__special_var(sh_ctx *c, const char *name);
int sh__var_assign_hook(sh_ctx *c, const char *name, const char *val);

/* ---- execution ------------------------------------------------------------ */

/* Runs a node; returns its exit status (also left in c->status). */
int sh_exec_node(sh_ctx *c, sh_node *n);
/* Parses and runs a script text in c (eval, source, -c). */
int sh_run_string(sh_ctx *c, const char *src, size_t len, const char *name,
                  unsigned first_line);
/* Reads the script from in as bash reads its standard input: a line at a
 * time, each complete command run once read (stream_run.c). */
int sh_run_stream(sh_ctx *c, sh_stream *in, const char *name);
/* Runs argv as a command (function, builtin, custom command, script). */
int sh_run_argv(sh_ctx *c, int argc, char **argv);
/* Checks the deadline/abort/limits between commands; sets unwind. */
bool sh_check(sh_ctx *c);
/* Stack guard: sh__stack_init records the thread's stack bounds;
 * sh_stack_low raises a limit when recursion nears the end of it. */
void sh__stack_init(sh_ctx *c);
bool sh_stack_low(sh_ctx *c);

/* ---- expansion ------------------------------------------------------------- */

typedef struct sh_argv {
  char **v;
  size_t n, cap;
} sh_argv;

/* Full expansion of words into fields (brace, tilde, parameter, command,
 * arithmetic, splitting, globbing, quote removal).  Strings live in the
 * context arena.  Returns 0 or a negative vsh_err (the error has been
 * reported and c->unwind set when fatal). */
int sh_expand_words(sh_ctx *c, sh_word **words, size_t n, sh_argv *out);
/* One word to one string, without splitting or globbing (assignments,
 * redirection targets, case subjects, here-strings). */
int sh_expand_str(sh_ctx *c, const sh_word *w, char **out, size_t *len);
/* A prompt string's escapes decoded, then expanded (prompt.c); the
 * result is in the exec arena. */
char *sh_expand_prompt(sh_ctx *c, const char *s);
/* Broken-down local time of t in the exported $TZ (tm_gmtoff and
 * tm_zone set, for strftime's %z and %Z). */
struct tm;
void sh_localtime(sh_ctx *c, int64_t t, struct tm *out);
/* Parses and expands text (as a here-document body, or as what goes
 * between an array's brackets) to a string in the exec arena. */
int sh_expand_text(sh_ctx *c, const char *s, size_t len, bool subscript,
                   char **out, size_t *outlen);
/* The key an assoc subscript written as text names ('"K"', '$key',
 * '$(echo K)' give K), as bash expands it; the text itself when it has
 * nothing to expand. */
char *sh_subscript_key(sh_ctx *c, const char *s, size_t len);
/* A word as a pattern: quoted characters are marked in *quoted (arena). */
int sh_expand_pattern(sh_ctx *c, const sh_word *w, char **out, size_t *len,
                      unsigned char **quoted);
/* Appends function NAME defined by def (SH_NODE_FUNCDEF) in bash's
 * declare -f layout, ending in a newline (print.c). */
void sh_print_function(vsh_buf *out, const char *name, const sh_node *def);
/* Appends an assignment as written (a=(1 "2 3")), as xtrace shows an
 * array literal's. */
void sh_print_assign(vsh_buf *out, const sh_assign *a);
/* Appends a command as `jobs` shows it (a group on one line). */
void sh_print_command(vsh_buf *out, const sh_node *n);
/* Arithmetic on an expanded string. */
int sh_arith(sh_ctx *c, const char *expr, size_t len, int64_t *out);
/* Arithmetic on text no expansion has seen (let, declare -i values):
 * array subscripts in it are expanded as bash does. */
int sh_arith_raw(sh_ctx *c, const char *expr, size_t len, int64_t *out);

/* ---- the public shell object ------------------------------------------------ */

typedef struct sh_custom {
  char *name;
  vsh_command_fn fn;
  void *ud;
  UT_hash_handle hh;
} sh_custom;

struct vsh_shell {
  vsh_fs *fs;
  bool own_fs;
  vsh_limits limits;
  char *cwd;
  char **env; /* base environment */
  bool persistent;
  bool has_seed;
  uint64_t seed;
  char *name;
  bool name_is_script;
  bool dash_c, from_stdin;      /* $- shows c / s */
  bool opt_init[SH_OPT__COUNT]; /* options set with vsh_shell_set_option */
  bool opt_set[SH_OPT__COUNT];
  sh_custom *customs;
  pthread_mutex_t mu;
  sh_ctx *session;      /* persistent state between execs */
  bool session_busy;    /* a persistent shell's exec is running (under mu) */
  bool use_tree_sitter; /* structure from tree-sitter-bash (default) */
  atomic_int next_pid;  /* execs run concurrently */
  atomic_int running;   /* execs in flight (vsh_shell_register_command and
                          vsh_shell_set_option refuse to run meanwhile) */
  /* bindings: virtual $$/$PPID/$UID (vsh_shell_opts has_ids) */
  bool has_ids;
  int pid, ppid, uid;
  struct net_policy *net;    /* what curl and wget may reach (net/net.h) */
  const sh_expand_hooks *xh; /* the executor as expansion calls it */
};

#endif /* VSH_SHELL_H */
