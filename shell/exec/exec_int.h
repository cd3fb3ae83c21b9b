/* exec_int.h: private to the executor files (exec.c, redir.c, pipe.c,
 * cond.c, run.c) and the shell builtins. */
#ifndef VSH_SHELL_EXEC_INT_H
#define VSH_SHELL_EXEC_INT_H

#include "shell/expand/expand.h"
#include "shell/shell.h"

/* Saved fd bindings, restored after a command's redirections. */
typedef struct sh_saved {
  struct {
    int fd;
    sh_stream *prev;
  } * v;
  size_t n, cap;
} sh_saved;

/* Applies redirections; sv NULL makes them permanent (exec).  Returns 0
 * or 1 (the error was printed). */
int sh_redirect(sh_ctx *c, const sh_redir *r, size_t n, sh_saved *sv);
void sh_restore(sh_ctx *c, sh_saved *sv);

/* pipe.c */
int sh_exec_pipeline(sh_ctx *c, sh_node *n);
int sh_exec_background(sh_ctx *c, sh_node *n);
int sh_exec_subshell(sh_ctx *c, sh_node *body, const sh_redir *r, size_t nr);
/* Runs body with stdout captured ($( )); returns status, fills out. */
int sh_capture(sh_ctx *c, sh_node *body, vsh_buf *out);
/* Waits for jobs (all when id <= 0); returns the last status. */
int sh_jobs_wait(sh_ctx *c, int pid, bool any, int *status, int *waited);
void sh_jobs_cancel_all(sh_exec *ex);
void sh_jobs_reap(sh_exec *ex);
int sh__jobs_count(sh_ctx *c); /* jobs `jobs` would list (\j) */
/* The job list for `jobs` (mutex held by the caller's loop). */
int sh__jobs_list(sh_ctx *c, vsh_buf *out, int how, int only,
                  bool running_only);
/* The pid of job %n, or 0. */
int sh__job_pid(sh_ctx *c, int id);
int sh__job_spec(sh_ctx *c, const char *spec);
/* A foreground child (a utility, subshell, substitution, stage) ended:
 * counted for the CHLD trap; this shell's ended jobs leave the table. */
void sh__child_waited(sh_ctx *c);
/* bash's notice of a child (a job when !fg) that signal sig ended, in a
 * non-interactive shell: "NAME: line N:  PID Killed   cmd" (not for INT,
 * PIPE or a signal c traps); "Terminated" alone for a foreground TERM. */
void sh__death_notice(sh_ctx *c, int sig, int pid, const char *cmd, bool fg);
/* $PIPESTATUS from n statuses. */
void sh__set_pipestatus(sh_ctx *c, const int *st, size_t n);
/* <(body) / >(body): body runs as a background job reading or writing a
 * pipe whose other end is bound to a free fd of c; returns that fd. */
int sh__procsub(sh_ctx *c, sh_node *body, bool out, int *fd_out);
int sh__coproc(sh_ctx *c, const char *name, sh_node *body);
void sh__coproc_reap(sh_ctx *c);
void sh__init_shell_vars(sh_ctx *c);
void sh_jobs_wait_procsubs(sh_exec *ex);
/* The executor's side of expansion (vsh_shell.xh). */
extern const sh_expand_hooks sh_exec_expand_hooks;

/* exec.c */
int sh_call_function(sh_ctx *c, sh_func *f, int argc, char **argv);
sh_func *sh_func_find(sh_ctx *c, const char *name);
int sh_func_define(sh_ctx *c, sh_node *def, sh_unit *unit);
void sh_run_trap(sh_ctx *c, int sig);
/* A virtual signal arrived: its trap runs, or (default disposition) the
 * shell ends with status 128+sig; ignored and harmless signals do nothing. */
bool sh__deliver_signal(sh_ctx *c, int sig);
/* Performs one assignment in the current scope chain.  Returns 0, or a
 * negative vsh_err after printing the error. */
int sh_assign_one(sh_ctx *c, const sh_assign *a);
bool sh__debug_trap(sh_ctx *c, unsigned line);
/* A function does not inherit ERR (without errtrace) nor DEBUG (without
 * functrace): hide puts them aside in saved[2] as it starts (true when
 * an ERR trap was set); show, as it returns, brings each back unless the
 * function set its own, noting a first ERR trap it set (bash runs none
 * for the function's own status), and restores the set options its
 * `local -` saved in its scope sc (ctx.c). */
bool sh__func_traps_hide(sh_ctx *c, char **saved);
/* A signal the context sent itself (kill $BASHPID) as its last command,
 * delivered as it ends; the status it leaves (pipe.c). */
int sh__pending_self_signal(sh_ctx *c, int st);
void sh__func_traps_show(sh_ctx *c, char **saved, bool had_err,
                         const sh_scope *sc);
/* DIRSTACK[ix]=val (append: +=): entry ix of the stack (1 the top of
 * the saved ones); 0 and past the end change nothing (bi_flow.c). */
int sh__dirstack_set(sh_ctx *c, int64_t ix, const char *val, bool append);
/* Assigns val to var, a name or NAME[subscript] (printf -v, read). */
int sh__set_named(sh_ctx *c, const char *var, const char *val);
/* $var where var may be NAME[SUB] ({a[1]}>&-). */
const char *sh__get_named(sh_ctx *c, const char *var);
int sh_xtrace(sh_ctx *c, int argc, char **argv);
/* Where set -x writes: the fd $BASH_XTRACEFD names when open, else 2
 * (redir.c). */
/* xtrace.c: the PS4 prefix of the current level (arena), the finished
 * line written to the trace stream, one traced assignment. */
void sh__xtrace_assign_to(sh_ctx *c, const char *prefix, const char *name,
                          bool append, const char *val);
void sh__xtrace_emit(sh_ctx *c, vsh_buf *b);
const char *sh__xtrace_prefix(sh_ctx *c);
sh_stream *sh__xtrace_stream(sh_ctx *c);
void sh_xtrace_text(sh_ctx *c, const char *text, size_t len);
void sh__note_command(sh_ctx *c, const sh_node *n);

/* exec.c's loop helpers, shared with select.c */
int sh__expand_failed(sh_ctx *c);
bool sh__loop_iter_ok(sh_ctx *c, uint64_t *iters);
bool sh__loop_unwind(sh_ctx *c);
void sh__xtrace_loop_head(sh_ctx *c, const char *kw, sh_node *n);
int sh__exec_select(sh_ctx *c, sh_node *n); /* select.c */
void sh_xtrace_assign(sh_ctx *c, const char *name, bool append,
                      const char *val);
/* Runs a shell builtin entry with argv; handles output errors. */
int sh_run_builtin(sh_ctx *c, const bi_entry *e, int argc, char **argv);
/* bopt.c: the shell builtins' option scanner (bash's rules).  spec
 * lists the letters, "x:" one taking an argument; a leading '+' admits +x
 * (o->sign tells).  Returns the letter, 0 when the options end
 * (o->ind is the first operand), or -1 after the error and the usage line
 * were written: the builtin then returns 2. */
typedef struct sh_bopt {
  int ind;          /* the next word: after the scan, the first operand */
  const char *next; /* the rest of a cluster */
  const char *arg;  /* the option's argument */
  char sign;        /* '-' or '+' */
} sh_bopt;
int sh_bopt_next(bi_ctx *b, sh_bopt *o, const char *spec);
/* For a builtin that takes no options: the first operand's index after a
 * "--", or -1 after reporting an option. */
int sh_bopt_none(bi_ctx *b);
/* For options without arguments: marks seen[letter]; returns the first
 * operand's index or -1 (reported). */
int sh_bopt_flags(bi_ctx *b, const char *spec, bool seen[128]);
/* "NAME: usage: SYNOPSIS" for the builtin argv[0] names (help.c's line). */
void sh__builtin_usage(bi_ctx *b);
const char *sh__help_synopsis(const char *name);
/* Runs argv as a program: a utility or a script found on $PATH (or by
 * its path), never a function or a shell builtin; arg0, when given, is
 * the name the program sees (exec -a). */
int sh__run_program(sh_ctx *c, int argc, char **argv, const char *arg0);
/* Exit status after a failed command lookup etc. */
int sh_not_found(sh_ctx *c, const char *name);

/* The nth match (0 = first) of name on $PATH: an executable file or a
 * utility's bin entry (*is_builtin); NULL when there is none.  nth -1 is
 * bash's command search: the first match, else the first plain file
 * that is not executable.  Arena string. */
char *sh__path_search_nth(sh_ctx *c, const char *name, bool *is_builtin,
                          int nth);

/* run.c */
/* Options a child shell starts with (bash -e -o x -O y ...). */
typedef struct sh_child_opts {
  int n;
  const char *const *names;
  const bool *on;
  const bool *shopt;
  bool noexec;
  bool dash_c; /* started with -c */
  bool dash_s; /* reads its commands from stdin */
  bool stream; /* ... as it runs them (src unused): sh_run_stream */
  bool dash_i; /* interactive: history variables are set */
} sh_child_opts;
int sh__run_child_opts(sh_ctx *c, const char *src, size_t len, const char *arg0,
                       int argc, char **argv, const char *name, bool is_file,
                       const sh_child_opts *co);
/* Runs src in a child shell with $0 and positionals; returns status. */
int sh__run_child(sh_ctx *c, const char *src, size_t len, const char *arg0,
                  int argc, char **argv, const char *name, bool is_file);
/* Reads a whole file of the vfs (path relative to the cwd) into out;
 * *err is the vsh_err on failure. */
int sh__read_file(sh_ctx *c, const char *path, vsh_buf *out, int *err);
/* Whether a script's text looks like a binary to bash: a NUL byte in
 * its first line (first two after #!), within the first 80 bytes. */
bool sh__binary_script(const char *text, size_t len);
/* A builtin given too many arguments (shift 1 2, return 0 1): bash
 * reports it and drops the rest of the top-level command; returns 1. */
int sh__too_many_args(bi_ctx *b);
/* Runs the script file at path (found on $PATH or named) as a child
 * shell with argv. */
int sh__run_script_file(sh_ctx *c, const char *path, int argc, char **argv);
/* Runs an application's custom command cu (orig: the builtin it stands
 * for, or NULL). */
int sh__run_custom(sh_ctx *c, sh_custom *cu, const bi_entry *orig, int argc,
                   char **argv);
char **sh_export_env(sh_ctx *c);
/* Every visible scalar variable, exported or not (bindings). */
char **sh_all_vars(sh_ctx *c);
/* The custom command standing for a utility an allowlist leaves out. */
int sh__cmd_not_found(vsh_cmd *cmd, int argc, char **argv, void *ud);

#endif /* VSH_SHELL_EXEC_INT_H */
