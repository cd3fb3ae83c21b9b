/* help.c: the help builtin: bash's synopsis lines for the shell builtins
 * and compound commands, with vsh's own one-line descriptions (bash's
 * prose is not reproduced); a utility's name alone shows its --help.
 * Topics match as bash's do: an exact name, else a prefix or a glob. */
#include "shell/exec/exec_int.h"

#include <fnmatch.h>
#include <string.h>

/* sorted by name, as bash lists topics */
static const struct {
  const char *name, *synopsis, *desc;
} topics[] = {
    {"%", "job_spec [&]", "Resume a job in the foreground or background."},
    {"(( ... ))", "(( expression ))", "Evaluate an arithmetic expression."},
    {".", ". filename [arguments]",
     "Run the commands of a file in this shell."},
    {":", ":", "Do nothing and succeed."},
    {"[", "[ arg... ]",
     "Evaluate a test expression; the last argument must be ]."},
    {"[[ ... ]]", "[[ expression ]]", "Evaluate a conditional expression."},
    {"alias", "alias [-p] [name[=value] ... ]", "Define aliases or show them."},
    {"bash", "bash [-c command_string] [-o option] [file [arg ...]]",
     "Run a new shell (vsh's bash)."},
    {"bg", "bg [job_spec ...]", "Resume a job in the background."},
    {"break", "break [n]", "Leave the innermost N enclosing loops."},
    {"builtin", "builtin [shell-builtin [arg ...]]",
     "Run a shell builtin, bypassing functions of that name."},
    {"caller", "caller [expr]",
     "Show the line, function and file of an active call."},
    {"case", "case WORD in [PATTERN [| PATTERN]...) COMMANDS ;;]... esac",
     "Run the commands of the first pattern a word matches."},
    {"cd", "cd [-L|[-P [-e]] [-@]] [dir]", "Change the working directory."},
    {"command", "command [-pVv] command [arg ...]",
     "Run a command bypassing functions, or describe it."},
    {"compgen",
     "compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W "
     "wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S "
     "suffix] [word]",
     "List the completions that match a word."},
    {"continue", "continue [n]",
     "Start the next iteration of the innermost N loops."},
    {"coproc", "coproc [NAME] command [redirections]",
     "Run a command with pipes to and from the shell."},
    {"declare",
     "declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] "
     "[name ...]",
     "Declare variables, set their attributes or show them."},
    {"dirs", "dirs [-clpv] [+N] [-N]", "Show the directory stack."},
    {"disown", "disown [-h] [-ar] [jobspec ... | pid ...]",
     "Remove jobs from the job table."},
    {"echo", "echo [-neE] [arg ...]",
     "Write the arguments to standard output."},
    {"enable", "enable [-a] [-dnps] [-f filename] [name ...]",
     "Turn shell builtins on or off."},
    {"eval", "eval [arg ...]", "Run the arguments, joined, as shell commands."},
    {"exec", "exec [-cl] [-a name] [command [argument ...]] [redirection ...]",
     "Replace the shell with a command, or set its redirections."},
    {"exit", "exit [n]", "Leave the shell with status N."},
    {"export", "export [-fn] [name[=value] ...] or export -p",
     "Mark variables for the environment of commands."},
    {"false", "false", "Fail (status 1)."},
    {"fg", "fg [job_spec]", "Bring a job to the foreground."},
    {"for", "for NAME [in WORDS ... ] ; do COMMANDS; done",
     "Run commands for each word of a list."},
    {"for ((", "for (( exp1; exp2; exp3 )); do COMMANDS; done",
     "Run commands while an arithmetic condition holds."},
    {"function", "function name { COMMANDS ; } or name () { COMMANDS ; }",
     "Define a shell function."},
    {"getopts", "getopts optstring name [arg ...]",
     "Parse option arguments one at a time."},
    {"hash", "hash [-lr] [-p pathname] [-dt] [name ...]",
     "Remember or show where commands were found."},
    {"help", "help [-dms] [pattern ...]", "Show what the shell builtins do."},
    {"history",
     "history [-c] [-d offset] [n] or history -anrw [filename] or history -ps "
     "arg [arg...]",
     "Show or edit the command history."},
    {"if",
     "if COMMANDS; then COMMANDS; [ elif COMMANDS; then COMMANDS; ]... [ else "
     "COMMANDS; ] fi",
     "Run commands depending on the status of others."},
    {"jobs", "jobs [-lnprs] [jobspec ...] or jobs -x command [args]",
     "List the jobs and their states."},
    {"kill",
     "kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l "
     "[sigspec]",
     "Send a signal to jobs or processes."},
    {"let", "let arg [arg ...]", "Evaluate arithmetic expressions."},
    {"local", "local [option] name[=value] ...",
     "Declare variables local to a function."},
    {"logout", "logout [n]", "Leave a login shell."},
    {"mapfile",
     "mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C "
     "callback] [-c quantum] [array]",
     "Read lines into an indexed array."},
    {"popd", "popd [-n] [+N | -N]",
     "Remove a directory from the stack and change to the new top."},
    {"printf", "printf [-v var] format [arguments]",
     "Write arguments formatted by a format string."},
    {"pushd", "pushd [-n] [+N | -N | dir]",
     "Push a directory onto the stack and change to it."},
    {"pwd", "pwd [-LP]", "Print the working directory."},
    {"read",
     "read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p "
     "prompt] [-t timeout] [-u fd] [name ...]",
     "Read a line and split it into variables."},
    {"readarray",
     "readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C "
     "callback] [-c quantum] [array]",
     "Read lines into an indexed array (same as mapfile)."},
    {"readonly", "readonly [-aAf] [name[=value] ...] or readonly -p",
     "Make variables unchangeable."},
    {"return", "return [n]", "Return from a function or a sourced file."},
    {"select", "select NAME [in WORDS ... ;] do COMMANDS; done",
     "Let the user pick words from a numbered menu."},
    {"set", "set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]",
     "Set shell options and positional parameters."},
    {"sh", "sh [-c command_string] [-o option] [file [arg ...]]",
     "Run a new shell in POSIX mode (vsh's sh)."},
    {"shift", "shift [n]", "Drop the first N positional parameters."},
    {"shopt", "shopt [-pqsu] [-o] [optname ...]",
     "Set and show the shell's optional behaviours."},
    {"source", "source filename [arguments]",
     "Run the commands of a file in this shell."},
    {"suspend", "suspend [-f]", "Stop the shell until it is continued."},
    {"test", "test [expr]", "Evaluate a conditional expression."},
    {"time", "time [-p] pipeline", "Report the time a pipeline takes."},
    {"times", "times", "Show the time the shell and its children used."},
    {"trap", "trap [-lp] [[arg] signal_spec ...]",
     "Run commands when the shell gets signals or events."},
    {"true", "true", "Succeed (status 0)."},
    {"type", "type [-afptP] name [name ...]",
     "Tell how each name would be interpreted."},
    {"typeset",
     "typeset [-aAfFgiIlnrtux] name[=value] ... or typeset -p [-aAfFilnrtux] "
     "[name ...]",
     "Declare variables (same as declare)."},
    {"ulimit", "ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]",
     "Set or show resource limits."},
    {"umask", "umask [-p] [-S] [mode]", "Set or show the file creation mask."},
    {"unalias", "unalias [-a] name [name ...]", "Remove aliases."},
    {"unset", "unset [-f] [-v] [-n] [name ...]",
     "Remove variables or functions."},
    {"until", "until COMMANDS; do COMMANDS-2; done",
     "Run commands until a test succeeds."},
    {"wait", "wait [-fn] [-p var] [id ...]",
     "Wait for jobs and return their status."},
    {"while", "while COMMANDS; do COMMANDS-2; done",
     "Run commands while a test succeeds."},
    {"{ ... }", "{ COMMANDS ; }", "Run a list of commands as a group."},
};
#define N_TOPICS (sizeof(topics) / sizeof(topics[0]))

enum { SHOW_LONG, SHOW_SHORT, SHOW_DESC, SHOW_MAN };

static void show(vsh_buf *o, size_t k, int how) {
  const char *n = topics[k].name, *syn = topics[k].synopsis,
             *d = topics[k].desc;
  switch (how) {
  case SHOW_SHORT: vsh__buf_printf(o, "%s: %s\n", n, syn); break;
  case SHOW_DESC: vsh__buf_printf(o, "%s - %s\n", n, d); break;
  case SHOW_MAN:
    vsh__buf_printf(o,
                    "NAME\n    %s - %s\n\nSYNOPSIS\n    %s\n\n"
                    "DESCRIPTION\n    %s\n\nSEE ALSO\n    bash(1)\n\n",
                    n, d, syn, d);
    break;
  default: vsh__buf_printf(o, "%s: %s\n    %s\n", n, syn, d);
  }
}

/* Shows the topics pat names; false when none. */
static bool help_topic(bi_ctx *b, vsh_buf *o, const char *pat, int how) {
  for (size_t k = 0; k < N_TOPICS; k++)
    if (!strcmp(topics[k].name, pat)) {
      show(o, k, how);
      return true;
    }
  bool any = false;
  size_t pl = strlen(pat);
  for (size_t k = 0; k < N_TOPICS; k++) {
    if (strncmp(topics[k].name, pat, pl) && fnmatch(pat, topics[k].name, 0))
      continue;
    any = true;
    show(o, k, how);
  }
  if (any || how != SHOW_LONG) return any;
  /* a utility of the toolbox: its own --help */
  const bi_entry *e = bi_lookup(pat);
  if (!e || (e->flags & BI_SHELL)) return false;
  bi_write(b, o->data ? o->data : "", o->len);
  o->len = 0;
  char *argv[] = {(char *)pat, (char *)"--help", NULL};
  sh_run_argv(b->sh, 2, argv);
  return true;
}

void bi_usage_std(bi_ctx *b) {
  for (size_t k = 0; k < sizeof(topics) / sizeof(topics[0]); k++)
    if (!strcmp(topics[k].name, b->argv[0])) {
      bi_usage(b, topics[k].synopsis);
      return;
    }
}

int bi_help_main(bi_ctx *b) {
  int i = 1, how = SHOW_LONG;
  for (; i < b->argc && b->argv[i][0] == '-' && b->argv[i][1]; i++) {
    if (!strcmp(b->argv[i], "--")) {
      i++;
      break;
    }
    for (const char *f = b->argv[i] + 1; *f; f++) {
      if (!strchr("dms", *f)) {
        bi_err(b, "-%c: invalid option", *f);
        bi_usage(b, "help [-dms] [pattern ...]");
        return 2;
      }
      how = *f == 'd' ? SHOW_DESC : *f == 'm' ? SHOW_MAN : SHOW_SHORT;
    }
  }
  vsh_buf o = {0};
  int st = 0;
  if (i >= b->argc) {
    vsh__buf_puts(&o, "vsh " VSH_VERSION_STRING
                      ": a virtual bash.  Shell commands (help NAME tells "
                      "more; the toolbox's utilities answer --help):\n\n");
    for (size_t k = 0; k < N_TOPICS; k++) show(&o, k, SHOW_SHORT);
  }
  /* bash heads the answer when the first pattern is a glob */
  const char *br = i < b->argc ? strchr(b->argv[i], '[') : NULL;
  if (i < b->argc && (strpbrk(b->argv[i], "*?") || (br && strchr(br, ']')))) {
    vsh__buf_printf(&o, "Shell commands matching keyword%s `",
                    i + 1 < b->argc ? "s" : "");
    for (int k = i; k < b->argc; k++)
      vsh__buf_printf(&o, "%s%s", k > i ? ", " : "", b->argv[k]);
    vsh__buf_puts(&o, "'\n\n");
  }
  for (; i < b->argc; i++) {
    if (help_topic(b, &o, b->argv[i], how)) continue;
    const char *pat = b->argv[i];
    bi_err(b,
           "no help topics match `%s'.  Try `help help' or `man -k %s' "
           "or `info %s'.",
           pat, pat, pat);
    st = 1;
  }
  if (o.len) bi_write(b, o.data, o.len);
  vsh_buf_dispose(&o);
  return st;
}
