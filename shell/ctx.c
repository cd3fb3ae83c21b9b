/* ctx.c: execution contexts (create, fork for subshells, free), the fd
 * table, dynamic variables ($RANDOM, $SECONDS, $LINENO, ...), the option
 * table, shell error messages and the exec's cancellation state. */
#include "shell/shell.h"
#include "core/pattern.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const sh_optinfo sh_opts[SH_OPT__COUNT] = {
    [SH_OPT_ERREXIT] = {"errexit", 'e', false, false},
    [SH_OPT_NOUNSET] = {"nounset", 'u', false, false},
    [SH_OPT_XTRACE] = {"xtrace", 'x', false, false},
    [SH_OPT_VERBOSE] = {"verbose", 'v', false, false},
    [SH_OPT_NOGLOB] = {"noglob", 'f', false, false},
    [SH_OPT_NOCLOBBER] = {"noclobber", 'C', false, false},
    [SH_OPT_PIPEFAIL] = {"pipefail", 0, false, false},
    [SH_OPT_NOEXEC] = {"noexec", 'n', false, false},
    [SH_OPT_ALLEXPORT] = {"allexport", 'a', false, false},
    [SH_OPT_HASHALL] = {"hashall", 'h', false, true},
    [SH_OPT_MONITOR] = {"monitor", 'm', false, false},
    [SH_OPT_POSIX] = {"posix", 0, false, false},
    [SH_OPT_BRACEEXPAND] = {"braceexpand", 'B', false, true},
    [SH_OPT_ERRTRACE] = {"errtrace", 'E', false, false},
    [SH_OPT_FUNCTRACE] = {"functrace", 'T', false, false},
    [SH_OPT_NOTIFY] = {"notify", 'b', false, false},
    [SH_OPT_HISTEXPAND] = {"histexpand", 'H', false, false},
    [SH_OPT_KEYWORD] = {"keyword", 'k', false, false},
    [SH_OPT_PHYSICAL] = {"physical", 'P', false, false},
    [SH_OPT_ONECMD] = {"onecmd", 't', false, false},
    [SH_OPT_EMACS] = {"emacs", 0, false, false},
    [SH_OPT_VI] = {"vi", 0, false, false},
    [SH_OPT_IGNOREEOF] = {"ignoreeof", 0, false, false},
    [SH_OPT_HISTORY] = {"history", 0, false, false},
    [SH_OPT_INTERACTIVE_COMMENTS] = {"interactive-comments", 0, false, true},
    [SH_OPT_NOLOG] = {"nolog", 0, false, false},
    [SH_OPT_PRIVILEGED] = {"privileged", 'p', false, false},
    [SH_SHOPT_EXTGLOB] = {"extglob", 0, true, false},
    [SH_SHOPT_GLOBSTAR] = {"globstar", 0, true, false},
    [SH_SHOPT_NULLGLOB] = {"nullglob", 0, true, false},
    [SH_SHOPT_FAILGLOB] = {"failglob", 0, true, false},
    [SH_SHOPT_DOTGLOB] = {"dotglob", 0, true, false},
    [SH_SHOPT_NOCASEGLOB] = {"nocaseglob", 0, true, false},
    [SH_SHOPT_NOCASEMATCH] = {"nocasematch", 0, true, false},
    [SH_SHOPT_GLOBSKIPDOTS] = {"globskipdots", 0, true, true},
    [SH_SHOPT_LASTPIPE] = {"lastpipe", 0, true, false},
    [SH_SHOPT_EXPAND_ALIASES] = {"expand_aliases", 0, true, false},
    [SH_SHOPT_XPG_ECHO] = {"xpg_echo", 0, true, false},
    [SH_SHOPT_INHERIT_ERREXIT] = {"inherit_errexit", 0, true, false},
    [SH_SHOPT_EXTQUOTE] = {"extquote", 0, true, true},
    [SH_SHOPT_SOURCEPATH] = {"sourcepath", 0, true, true},
    [SH_SHOPT_CHECKHASH] = {"checkhash", 0, true, false},
    [SH_SHOPT_GLOBASCIIRANGES] = {"globasciiranges", 0, true, true},
    [SH_SHOPT_PROMPTVARS] = {"promptvars", 0, true, true},
    [SH_SHOPT_CHECKWINSIZE] = {"checkwinsize", 0, true, true},
    [SH_SHOPT_CMDHIST] = {"cmdhist", 0, true, true},
    [SH_SHOPT_INTERACTIVE_COMMENTS] = {"interactive_comments", 0, true, true},
    [SH_SHOPT_LOCALVAR_INHERIT] = {"localvar_inherit", 0, true, false},
    [SH_SHOPT_LOCALVAR_UNSET] = {"localvar_unset", 0, true, false},
    [SH_SHOPT_PATCHSUB_REPLACEMENT] = {"patsub_replacement", 0, true, true},
    [SH_SHOPT_ASSOC_EXPAND_ONCE] = {"assoc_expand_once", 0, true, false},
    [SH_SHOPT_NOEXPAND_TRANSLATION] = {"noexpand_translation", 0, true, false},
    [SH_SHOPT_AUTOCD] = {"autocd", 0, true, false},
    [SH_SHOPT_CDABLE_VARS] = {"cdable_vars", 0, true, false},
    [SH_SHOPT_CDSPELL] = {"cdspell", 0, true, false},
    [SH_SHOPT_CHECKJOBS] = {"checkjobs", 0, true, false},
    [SH_SHOPT_COMPAT31] = {"compat31", 0, true, false},
    [SH_SHOPT_COMPAT32] = {"compat32", 0, true, false},
    [SH_SHOPT_COMPAT40] = {"compat40", 0, true, false},
    [SH_SHOPT_COMPAT41] = {"compat41", 0, true, false},
    [SH_SHOPT_COMPAT42] = {"compat42", 0, true, false},
    [SH_SHOPT_COMPAT43] = {"compat43", 0, true, false},
    [SH_SHOPT_COMPAT44] = {"compat44", 0, true, false},
    [SH_SHOPT_COMPLETE_FULLQUOTE] = {"complete_fullquote", 0, true, true},
    [SH_SHOPT_DIREXPAND] = {"direxpand", 0, true, false},
    [SH_SHOPT_DIRSPELL] = {"dirspell", 0, true, false},
    [SH_SHOPT_EXECFAIL] = {"execfail", 0, true, false},
    [SH_SHOPT_EXTDEBUG] = {"extdebug", 0, true, false},
    [SH_SHOPT_FORCE_FIGNORE] = {"force_fignore", 0, true, true},
    [SH_SHOPT_GNU_ERRFMT] = {"gnu_errfmt", 0, true, false},
    [SH_SHOPT_HISTAPPEND] = {"histappend", 0, true, false},
    [SH_SHOPT_HISTREEDIT] = {"histreedit", 0, true, false},
    [SH_SHOPT_HISTVERIFY] = {"histverify", 0, true, false},
    [SH_SHOPT_HOSTCOMPLETE] = {"hostcomplete", 0, true, true},
    [SH_SHOPT_HUPONEXIT] = {"huponexit", 0, true, false},
    [SH_SHOPT_LITHIST] = {"lithist", 0, true, false},
    [SH_SHOPT_LOGIN_SHELL] = {"login_shell", 0, true, false},
    [SH_SHOPT_MAILWARN] = {"mailwarn", 0, true, false},
    [SH_SHOPT_NO_EMPTY_CMD_COMPLETION] = {"no_empty_cmd_completion", 0, true,
                                          false},
    [SH_SHOPT_PROGCOMP] = {"progcomp", 0, true, true},
    [SH_SHOPT_PROGCOMP_ALIAS] = {"progcomp_alias", 0, true, false},
    [SH_SHOPT_RESTRICTED_SHELL] = {"restricted_shell", 0, true, false},
    [SH_SHOPT_SHIFT_VERBOSE] = {"shift_verbose", 0, true, false},
    [SH_SHOPT_VARREDIR_CLOSE] = {"varredir_close", 0, true, false},
};

int sh_opt_find(const char *name, bool shopt) {
  for (int i = 0; i < SH_OPT__COUNT; i++)
    if (sh_opts[i].shopt == shopt && strcmp(sh_opts[i].name, name) == 0)
      return i;
  return -1;
}

/* ---- the exec's cancellation state ----------------------------------------- */

static int64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The exec whose account and work budget a (nested) exec charges. */
static sh_exec *root_exec(sh_exec *ex) {
  while (ex->parent) ex = ex->parent;
  return ex;
}

/* Ends the exec with a limit without taking ex->mu (this may run inside
 * an allocation made while it is held): only the winner of the cancel
 * writes the message, and it is read after every thread has ended. */
static void limit_nolock(sh_exec *ex, const char *msg) {
  int expected = SH_RUNNING;
  if (atomic_compare_exchange_strong(&ex->cancel, &expected, SH_CANCEL_LIMIT))
    snprintf(ex->limit_msg, sizeof(ex->limit_msg), "%s", msg);
}

bool sh_exec_cancelled(sh_exec *ex) {
  if (atomic_load_explicit(&ex->cancel, memory_order_relaxed)) return true;
  sh_exec *root = root_exec(ex);
  if (atomic_load_explicit(&root->acct.exceeded, memory_order_relaxed)) {
    char msg[96];
    snprintf(msg, sizeof msg, "memory limit exceeded (%llu MiB)",
             (unsigned long long)(root->limits.max_memory >> 20));
    limit_nolock(root, msg);
    if (root != ex) limit_nolock(ex, msg);
    return true;
  }
  if (ex->parent && sh_exec_cancelled(ex->parent)) {
    int expected = SH_RUNNING;
    atomic_compare_exchange_strong(&ex->cancel, &expected,
                                   atomic_load(&ex->parent->cancel));
    return true;
  }
  if (ex->signal && vsh_signal_aborted(ex->signal)) {
    int expected = SH_RUNNING;
    atomic_compare_exchange_strong(&ex->cancel, &expected, SH_CANCEL_ABORT);
    return true;
  }
  if (ex->deadline_ns && now_ns() >= ex->deadline_ns) {
    int expected = SH_RUNNING;
    atomic_compare_exchange_strong(&ex->cancel, &expected, SH_CANCEL_TIMEOUT);
    return true;
  }
  return false;
}

void sh_exec_limit(sh_exec *ex, const char *fmt, ...) {
  pthread_mutex_lock(&ex->mu);
  int expected = SH_RUNNING;
  bool won =
      atomic_compare_exchange_strong(&ex->cancel, &expected, SH_CANCEL_LIMIT);
  /* a background job that meets a limit while the exec is stopping its
   * jobs still makes the exec report it */
  if (!won && expected == SH_CANCEL_EXIT && !ex->limit_msg[0]) {
    won = true;
    atomic_store(&ex->late_limit, true);
  }
  if (won) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ex->limit_msg, sizeof(ex->limit_msg), fmt, ap);
    va_end(ap);
  }
  pthread_mutex_unlock(&ex->mu);
}

bool sh_exec_charge(sh_exec *ex, uint64_t units) {
  sh_exec *root = root_exec(ex);
  uint64_t w =
      atomic_fetch_add_explicit(&root->work, units, memory_order_relaxed) +
      units;
  if (root->limits.max_work && w > root->limits.max_work) {
    char msg[96];
    snprintf(msg, sizeof msg, "work limit exceeded (%llu units)",
             (unsigned long long)root->limits.max_work);
    limit_nolock(root, msg);
    if (root != ex) limit_nolock(ex, msg);
    return true;
  }
  return sh_exec_cancelled(ex);
}

vsh__acct *sh_exec_acct(sh_exec *ex) { return &root_exec(ex)->acct; }

static bool pattern_cancelled(void *ud) { return sh_exec_cancelled(ud); }

void sh_pattern_budget_init(sh_ctx *c, sh_pattern_budget *b) {
  uint64_t ops = c->ex->limits.max_glob_ops, steps;
  if (__builtin_mul_overflow(ops, (uint64_t)64, &steps)) steps = UINT64_MAX;
  *b = (sh_pattern_budget){steps, pattern_cancelled, c->ex};
}

int sh_pattern_failed(sh_ctx *c, int rc) {
  if (rc == VSH_ELIMIT)
    sh_exec_limit(c->ex,
                  "pattern matching work limit exceeded "
                  "(%llu glob operations)",
                  (unsigned long long)c->ex->limits.max_glob_ops);
  else if (rc == VSH_ENOMEM)
    sh_exec_limit(c->ex, "memory limit exceeded (pattern matching)");
  return rc;
}

/* ---- fd table ------------------------------------------------------------- */

sh_stream *sh_fd(sh_ctx *c, int fd) {
  return fd >= 0 && fd < c->io.nfds ? c->io.fds[fd] : NULL;
}

int sh_fd_set(sh_ctx *c, int fd, sh_stream *s) {
  if (fd < 0 || fd > 4095) return VSH_EBADF;
  if (fd >= c->io.nfds) {
    int n = c->io.nfds ? c->io.nfds : 16;
    while (n <= fd) n *= 2;
    sh_stream **t = realloc(c->io.fds, (size_t)n * sizeof(*t));
    if (!t) return VSH_ENOMEM;
    memset(t + c->io.nfds, 0, (size_t)(n - c->io.nfds) * sizeof(*t));
    c->io.fds = t;
    c->io.nfds = n;
  }
  sh_stream_ref(s);
  sh_stream_unref(c->io.fds[fd]);
  c->io.fds[fd] = s;
  return 0;
}

void sh_fd_close(sh_ctx *c, int fd) {
  if (fd >= 0 && fd < c->io.nfds) {
    sh_stream_unref(c->io.fds[fd]);
    c->io.fds[fd] = NULL;
  }
}

/* ---- messages -------------------------------------------------------------- */

/* The name an error message starts with: the script or sourced file,
 * else "vsh"; inside a function bash names where the function was
 * defined: its file, "environment" under -c, "main" for stdin. */
const char *sh__error_name(sh_ctx *c) {
  if (c->limit.funcnest > 0 &&
      strcmp(c->where.frames[c->limit.funcnest - 1].name, "source") &&
      c->where.frames[c->limit.funcnest - 1].src)
    return c->where.frames[c->limit.funcnest - 1].src;
  return c->where.source_name ? c->where.source_name : "vsh";
}

void sh_error(sh_ctx *c, const char *fmt, ...) {
  char msg[1200];
  int n;
  const char *name = sh__error_name(c);
  if (c->where.line)
    n = snprintf(msg, sizeof(msg), "%s: line %u: ", name, c->where.line);
  else n = snprintf(msg, sizeof(msg), "%s: ", name);
  if (n < 0) return;
  va_list ap;
  va_start(ap, fmt);
  int m = vsnprintf(msg + n, sizeof(msg) - (size_t)n - 1, fmt, ap);
  va_end(ap);
  if (m < 0) return;
  size_t len = strlen(msg);
  msg[len++] = '\n';
  sh_stream *err = sh_fd(c, 2);
  if (err) sh_stream_write(err, msg, len, c->ex);
}

/* ---- dynamic variables ---------------------------------------------------- */

/* bash's listing order: by name, except that autocd comes first */
static int opt_order(const char *a, const char *b) {
  if (!strcmp(a, "autocd") || !strcmp(b, "autocd"))
    return strcmp(a, "autocd") ? 1 : strcmp(b, "autocd") ? -1 : 0;
  return strcmp(a, b);
}

static int cmp_opt_index(const void *x, const void *y) {
  return opt_order(sh_opts[*(const int *)x].name,
                   sh_opts[*(const int *)y].name);
}

void sh_opts_sorted(int *idx) {
  for (int i = 0; i < SH_OPT__COUNT; i++) idx[i] = i;
  qsort(idx, SH_OPT__COUNT, sizeof(int), cmp_opt_index);
}

/* SHELLOPTS / BASHOPTS: the set -o (shopt) options that are on, in
 * listing order, joined by ':'.  The readonly variable behind the name
 * holds the last value read, for declare -p. */
static const char *opts_var(sh_ctx *c, const char *name, bool shopt) {
  sh_var *v = sh_var_find_raw(c, name);
  if (!v || (v->attrs & SH_VAR_UNSET)) return NULL;
  int ord[SH_OPT__COUNT];
  sh_opts_sorted(ord);
  vsh_buf b = {0};
  for (int k = 0; k < SH_OPT__COUNT; k++) {
    int i = ord[k];
    if (sh_opts[i].shopt != shopt || !c->opt.opts[i]) continue;
    if (b.len) vsh__buf_putc(&b, ':');
    vsh__buf_puts(&b, sh_opts[i].name);
  }
  char *val = b.data ? b.data : strdup("");
  if (!val) return v->val;
  free(v->val);
  v->val = val;
  return v->val;
}

/* The scalars bash computes when read; declare -p shows them with these
 * attributes, `set` and `declare -p` without names do not list them. */
static const struct {
  const char *name;
  bool integer;
} dyn_vars[] = {
    {"BASHPID", true},        {"BASH_ARGV0", false},    {"BASH_COMMAND", false},
    {"BASH_SUBSHELL", false}, {"EPOCHREALTIME", false}, {"EPOCHSECONDS", false},
    {"LINENO", false},        {"RANDOM", true},         {"SECONDS", true},
    {"SRANDOM", true},
};
#define N_DYN (sizeof(dyn_vars) / sizeof(dyn_vars[0]))

static int dyn_index(const char *name) {
  for (size_t i = 0; i < N_DYN; i++)
    if (!strcmp(dyn_vars[i].name, name)) return (int)i;
  return -1;
}

const char *sh_dyn_name(size_t i) {
  return i < N_DYN ? dyn_vars[i].name : NULL;
}

bool sh_dyn_active(sh_ctx *c, const char *name) {
  int k = dyn_index(name);
  return k >= 0 && !(c->vars.dyn_unset >> k & 1);
}

void sh_dyn_unset(sh_ctx *c, const char *name) {
  int k = dyn_index(name);
  if (k >= 0) c->vars.dyn_unset |= 1u << k;
}

sh_var *sh_dyn_scalar(sh_ctx *c, const char *name, sh_var *tmp) {
  int k = dyn_index(name);
  if (k < 0 || (c->vars.dyn_unset >> k & 1)) return NULL;
  const char *val = sh__special_var(c, name);
  if (!val) return NULL;
  memset(tmp, 0, sizeof(*tmp));
  tmp->name = (char *)dyn_vars[k].name;
  tmp->attrs = dyn_vars[k].integer ? SH_VAR_INTEGER : 0;
  tmp->val = vsh__arena_strndup(&c->arena, val, strlen(val));
  return tmp->val ? tmp : NULL;
}

const char *sh__special_var(sh_ctx *c, const char *name) {
  if (c->vars.dyn_unset && !sh_dyn_active(c, name) && dyn_index(name) >= 0)
    return NULL;
  switch (name[0]) {
  case 'R':
    if (strcmp(name, "RANDOM") == 0) {
      /* a small LCG, like bash's: reproducible with a seed */
      c->vars.rng = c->vars.rng * 1103515245u + 12345u;
      snprintf(c->vars.numbuf, sizeof(c->vars.numbuf), "%u",
               (c->vars.rng >> 16) & 0x7fff);
      return c->vars.numbuf;
    }
    break;
  case 'L':
    if (strcmp(name, "LINENO") == 0) {
      snprintf(c->vars.numbuf, sizeof(c->vars.numbuf), "%u", c->where.line);
      return c->vars.numbuf;
    }
    break;
  case 'B':
    if (strcmp(name, "BASHOPTS") == 0) return opts_var(c, name, true);
    if (strcmp(name, "BASH_ARGV0") == 0) return c->vars.arg0;
    if (strcmp(name, "BASH_COMMAND") == 0) {
      if (c->trap.in_trap || !c->trap.cur_cmd)
        return c->trap.cmd_text ? c->trap.cmd_text : "";
      vsh_buf t = {0};
      sh_print_command(&t, c->trap.cur_cmd);
      char *r = vsh__arena_strndup(&c->arena, t.data ? t.data : "", t.len);
      vsh_buf_dispose(&t);
      return r ? r : "";
    }
    if (strcmp(name, "BASHPID") == 0) {
      snprintf(c->vars.numbuf, sizeof(c->vars.numbuf), "%d", c->proc.bashpid);
      return c->vars.numbuf;
    }
    if (strcmp(name, "BASH_SUBSHELL") == 0) {
      snprintf(c->vars.numbuf, sizeof(c->vars.numbuf), "%d",
               c->proc.subshell_level);
      return c->vars.numbuf;
    }
    break;
  case 'E':
    if (strcmp(name, "EPOCHSECONDS") == 0 ||
        strcmp(name, "EPOCHREALTIME") == 0) {
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      if (name[5] == 'S')
        snprintf(c->vars.numbuf, sizeof(c->vars.numbuf), "%lld",
                 (long long)ts.tv_sec);
      else
        snprintf(c->vars.numbuf, sizeof(c->vars.numbuf), "%lld.%06ld",
                 (long long)ts.tv_sec, ts.tv_nsec / 1000);
      return c->vars.numbuf;
    }
    break;
  case 'S':
    if (strcmp(name, "SHELLOPTS") == 0) return opts_var(c, name, false);
    if (strcmp(name, "SRANDOM") == 0) {
      /* 32 bits from two rounds of the same generator (seedable) */
      c->vars.rng = c->vars.rng * 1103515245u + 12345u;
      uint32_t hi = c->vars.rng >> 16;
      c->vars.rng = c->vars.rng * 1103515245u + 12345u;
      snprintf(c->vars.numbuf, sizeof(c->vars.numbuf), "%u",
               (unsigned)(hi << 16 | (c->vars.rng >> 16)));
      return c->vars.numbuf;
    }
    if (strcmp(name, "SECONDS") == 0) {
      sh_var *v = sh_var_find(c, "SECONDS");
      /* stored as the epoch at which SECONDS was 0 */
      long long base = v && v->val ? atoll(v->val) : 0;
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      snprintf(c->vars.numbuf, sizeof(c->vars.numbuf), "%lld",
               (long long)ts.tv_sec - base);
      return c->vars.numbuf;
    }
    break;
  default: break;
  }
  return NULL;
}

/* Assignments with side effects (RANDOM seeds, SECONDS rebases).
 * Returns true when handled. */
struct sh_hashed *sh_hash_find(sh_ctx *c, const char *name) {
  for (size_t i = 0; i < c->vars.nhashed; i++)
    if (!strcmp(c->vars.hashed[i].name, name)) return &c->vars.hashed[i];
  return NULL;
}

void sh_hash_remember(sh_ctx *c, const char *name, const char *path, bool hit) {
  struct sh_hashed *h = sh_hash_find(c, name);
  if (!h) {
    if (c->vars.nhashed >= 1024) return; /* bounded: later names just search */
    struct sh_hashed *v = realloc(c->vars.hashed, (c->vars.nhashed + 1) *
                                                      sizeof(*c->vars.hashed));
    if (!v) return;
    c->vars.hashed = v;
    h = &v[c->vars.nhashed];
    *h = (struct sh_hashed){strdup(name), NULL, 0};
    if (!h->name) return;
    c->vars.nhashed++;
  }
  if (!h->path || strcmp(h->path, path)) {
    char *d = strdup(path);
    if (!d) return;
    free(h->path);
    h->path = d;
  }
  if (hit) h->hits++;
  sh_mirror_set(c, "BASH_CMDS", name, h->path);
}

void sh_hash_forget(sh_ctx *c, const char *name) {
  size_t w = 0;
  for (size_t i = 0; i < c->vars.nhashed; i++) {
    if (!name || !strcmp(c->vars.hashed[i].name, name)) {
      free(c->vars.hashed[i].name);
      free(c->vars.hashed[i].path);
    } else {
      c->vars.hashed[w++] = c->vars.hashed[i];
    }
  }
  c->vars.nhashed = w;
  sh_mirror_set(c, "BASH_CMDS", name, NULL);
}

static sh_var *mirror_var(sh_ctx *c, const char *var) {
  sh_var *v = sh_var_find_raw(c, var);
  return v && (v->attrs & SH_VAR_ASSOC) && !(v->attrs & SH_VAR_READONLY) ? v
                                                                         : NULL;
}

void sh_mirror_set(sh_ctx *c, const char *var, const char *key,
                   const char *val) {
  sh_var *v = mirror_var(c, var);
  if (!v) return;
  if (val) sh_assoc_set(v, key, val);
  else if (key) sh_assoc_unset(v, key);
  else sh_var_clear_value(v);
  v->attrs &= ~SH_VAR_UNSET;
}

void sh_mirror_assigned(sh_ctx *c, const char *var, const char *key,
                        const char *val) {
  if (!mirror_var(c, var)) return;
  bool cmds = !strcmp(var, "BASH_CMDS");
  if (!cmds && strcmp(var, "BASH_ALIASES")) return;
  if (cmds) sh_hash_remember(c, key, val, false);
  else sh_alias_define(c, key, val);
}

int sh_alias_define(sh_ctx *c, const char *name, const char *text) {
  sh_alias *a = NULL;
  HASH_FIND_STR(c->vars.aliases, name, a);
  char *t = strdup(text);
  if (!t) return VSH_ENOMEM;
  if (!a) {
    a = calloc(1, sizeof(*a));
    if (!a || !(a->name = strdup(name))) {
      free(a);
      free(t);
      return VSH_ENOMEM;
    }
    HASH_ADD_KEYPTR(hh, c->vars.aliases, a->name, strlen(a->name), a);
  }
  free(a->text);
  a->text = t;
  sh_mirror_set(c, "BASH_ALIASES", name, text);
  return 0;
}

bool sh_alias_remove(sh_ctx *c, const char *name) {
  sh_alias *a, *t;
  bool found = false;
  HASH_ITER(hh, c->vars.aliases, a, t) {
    if (name && strcmp(a->name, name)) continue;
    HASH_DEL(c->vars.aliases, a);
    free(a->name);
    free(a->text);
    free(a);
    found = true;
  }
  sh_mirror_set(c, "BASH_ALIASES", name, NULL);
  return found;
}

bool sh_builtin_disabled(sh_ctx *c, const bi_entry *e) {
  for (size_t i = 0; i < c->vars.ndisabled; i++)
    if (c->vars.disabled[i] == e) return true;
  return false;
}

const bi_entry *sh_builtin_find(sh_ctx *c, const char *name) {
  const bi_entry *e = bi_lookup(name);
  if (!e || !(e->flags & BI_SHELL) || sh_builtin_disabled(c, e)) return NULL;
  return e;
}

int sh_builtin_disable(sh_ctx *c, const bi_entry *e, bool off) {
  size_t i = 0;
  while (i < c->vars.ndisabled && c->vars.disabled[i] != e) i++;
  if (!off) {
    if (i < c->vars.ndisabled)
      c->vars.disabled[i] = c->vars.disabled[--c->vars.ndisabled];
    return 0;
  }
  if (i < c->vars.ndisabled) return 0;
  const bi_entry **v =
      realloc(c->vars.disabled, (i + 1) * sizeof(*c->vars.disabled));
  if (!v) return VSH_ENOMEM;
  c->vars.disabled = v;
  v[c->vars.ndisabled++] = e;
  return 0;
}

int sh__var_assign_hook(sh_ctx *c, const char *name, const char *val) {
  if (c->vars.nhashed && !strcmp(name, "PATH")) sh_hash_forget(c, NULL);
  if (!strcmp(name, "OPTIND")) c->vars.getopts_pos = 1;
  if (!strcmp(name, "BASH_XTRACEFD") && *val) {
    char *end;
    long n = strtol(val, &end, 10);
    if (*end || n < 0 || n > 1023 || !sh_fd(c, (int)n))
      sh_error(c, "BASH_XTRACEFD: %s: invalid value for trace file descriptor",
               val);
  }
  if (c->vars.dyn_unset && !sh_dyn_active(c, name)) return 0;
  if (strcmp(name, "RANDOM") == 0) {
    c->vars.rng = (uint32_t)strtoul(val, NULL, 10);
    return 1;
  }
  if (strcmp(name, "SECONDS") == 0) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    char tmp[32];
    snprintf(tmp, sizeof(tmp), "%lld", (long long)ts.tv_sec - atoll(val));
    sh_var *v = sh_var_global(c, "SECONDS");
    if (!v) return 1;
    free(v->val);
    v->val = strdup(tmp);
    v->attrs &= ~SH_VAR_UNSET;
    return 1;
  }
  return 0;
}

/* ---- call frames --------------------------------------------------------------- */

int sh_frame_push(sh_ctx *c, const char *name, const char *src,
                  unsigned call_line) {
  sh_frame *f =
      realloc(c->where.frames, (size_t)(c->limit.funcnest + 1) * sizeof(*f));
  if (!f) return VSH_ENOMEM;
  c->where.frames = f;
  f[c->limit.funcnest].name = strdup(name ? name : "");
  f[c->limit.funcnest].src = strdup(src ? src : "");
  f[c->limit.funcnest].call_line = call_line;
  f[c->limit.funcnest].pushed_args = false;
  if (!f[c->limit.funcnest].name || !f[c->limit.funcnest].src) {
    free(f[c->limit.funcnest].name);
    free(f[c->limit.funcnest].src);
    return VSH_ENOMEM;
  }
  c->limit.funcnest++;
  return 0;
}

int sh_bargs_push(sh_ctx *c, char *const *v, size_t n) {
  char **nv = realloc(c->vars.bargv, (c->vars.nbargv + n + 1) * sizeof(*nv));
  if (!nv) return VSH_ENOMEM;
  c->vars.bargv = nv;
  int *nc = realloc(c->vars.bargc, (c->vars.nbargc + 1) * sizeof(*nc));
  if (!nc) return VSH_ENOMEM;
  c->vars.bargc = nc;
  size_t k = 0;
  for (; k < n; k++)
    if (!(nv[c->vars.nbargv + k] = strdup(v[k]))) break;
  if (k < n) {
    while (k) free(nv[c->vars.nbargv + --k]);
    return VSH_ENOMEM;
  }
  c->vars.nbargv += n;
  nc[c->vars.nbargc++] = (int)n;
  return 0;
}

void sh_bargs_pop(sh_ctx *c) {
  if (!c->vars.nbargc) return;
  size_t n = (size_t)c->vars.bargc[--c->vars.nbargc];
  while (n-- && c->vars.nbargv) free(c->vars.bargv[--c->vars.nbargv]);
}

void sh_bargs_init(sh_ctx *c) {
  if (c->vars.bargs_init) return;
  c->vars.bargs_init = true;
  sh_bargs_push(c, c->vars.pos, c->vars.npos);
}

void sh_frame_pop(sh_ctx *c) {
  if (c->limit.funcnest <= 0) return;
  c->limit.funcnest--;
  if (c->where.frames[c->limit.funcnest].pushed_args) sh_bargs_pop(c);
  free(c->where.frames[c->limit.funcnest].name);
  free(c->where.frames[c->limit.funcnest].src);
}

/* ---- contexts ---------------------------------------------------------------- */

bool sh__func_traps_hide(sh_ctx *c, char **saved) {
  static const int sig[2] = {SH_TRAP_ERR, SH_TRAP_DEBUG};
  bool keep[2] = {c->opt.opts[SH_OPT_ERRTRACE],
                  c->opt.opts[SH_OPT_FUNCTRACE] || c->where.func_traced};
  bool had_err = c->trap.traps[SH_TRAP_ERR] != NULL;
  for (int i = 0; i < 2; i++) {
    saved[i] = keep[i] ? NULL : c->trap.traps[sig[i]];
    if (saved[i]) c->trap.traps[sig[i]] = NULL;
  }
  return had_err;
}

void sh__func_traps_show(sh_ctx *c, char **saved, bool had_err,
                         const sh_scope *sc) {
  static const int sig[2] = {SH_TRAP_ERR, SH_TRAP_DEBUG};
  if (sc->saved_opts) /* `local -`: the set options come back */
    memcpy(c->opt.opts, sc->saved_opts, SH_SHOPT_EXTGLOB * sizeof(bool));
  c->trap.err_trap_fresh = !had_err && c->trap.traps[SH_TRAP_ERR];
  for (int i = 0; i < 2; i++) {
    if (!saved[i]) continue;
    if (c->trap.traps[sig[i]]) free(saved[i]);
    else c->trap.traps[sig[i]] = saved[i];
  }
}

static char *xstrdup(const char *s) { return s ? strdup(s) : NULL; }

char **sh__strv_dup(char **v, size_t n) {
  char **d = calloc(n + 1, sizeof(char *));
  if (!d) return NULL;
  for (size_t i = 0; i < n; i++) {
    d[i] = strdup(v[i]);
    if (!d[i]) {
      for (size_t j = 0; j < i; j++) free(d[j]);
      free(d);
      return NULL;
    }
  }
  return d;
}

void sh__strv_free(char **v, size_t n) {
  if (!v) return;
  for (size_t i = 0; i < n; i++) free(v[i]);
  free(v);
}

int sh_ctx_new(sh_ctx **out, struct vsh_shell *shell, sh_exec *ex) {
  sh_ctx *c = calloc(1, sizeof(*c));
  if (!c) return VSH_ENOMEM;
  c->ex = ex;
  c->shell = shell;
  c->fs = shell->fs;
  c->vars.global = c->vars.scope = calloc(1, sizeof(sh_scope));
  c->dirs.cwd = strdup(shell->cwd);
  c->vars.arg0 = strdup(shell->name);
  if (!c->vars.global || !c->dirs.cwd || !c->vars.arg0) {
    sh_ctx_free(c);
    return VSH_ENOMEM;
  }
  for (int i = 0; i < SH_OPT__COUNT; i++)
    c->opt.opts[i] = shell->opt_set[i] ? shell->opt_init[i] : sh_opts[i].dflt;
  /* posix mode given before the start turns on what `set -o posix` does */
  static const int implied[] = {SH_SHOPT_EXPAND_ALIASES,
                                SH_SHOPT_INHERIT_ERREXIT,
                                SH_SHOPT_SHIFT_VERBOSE};
  for (size_t i = 0; i < 3 && c->opt.opts[SH_OPT_POSIX]; i++)
    if (!shell->opt_set[implied[i]]) c->opt.opts[implied[i]] = true;
  c->proc.umask = 022;
  c->proc.pid = 1000 + (int)((unsigned)atomic_load(&shell->next_pid) % 1000u);
  c->proc.ppid = c->proc.pid - 1;
  if (shell->has_ids) {
    c->proc.pid = shell->pid;
    c->proc.ppid = shell->ppid;
  }
  c->proc.bashpid = c->proc.pid;
  c->proc.last_bg_pid = 0;
  c->vars.rng = shell->has_seed ? (uint32_t)shell->seed : (uint32_t)now_ns();
  vsh__arena_init(&c->arena, NULL);
  *out = c;
  return 0;
}

static int copy_funcs(sh_ctx *d, sh_ctx *s) {
  for (sh_func *f = s->vars.funcs; f; f = f->hh.next) {
    sh_func *n = calloc(1, sizeof(*n));
    if (!n || !(n->name = strdup(f->name))) {
      free(n);
      return VSH_ENOMEM;
    }
    n->def = f->def;
    n->unit = f->unit;
    n->attrs = f->attrs;
    n->src = f->src ? strdup(f->src) : NULL;
    sh_unit_ref(n->unit);
    HASH_ADD_KEYPTR(hh, d->vars.funcs, n->name, strlen(n->name), n);
    if (!VSH_HASH_ADDED(n)) {
      sh_unit_unref(n->unit);
      free(n->name);
      free(n);
      return VSH_ENOMEM;
    }
  }
  for (sh_alias *a = s->vars.aliases; a; a = a->hh.next) {
    sh_alias *n = calloc(1, sizeof(*n));
    if (!n || !(n->name = strdup(a->name)) || !(n->text = strdup(a->text))) {
      if (n) free(n->name);
      free(n);
      return VSH_ENOMEM;
    }
    HASH_ADD_KEYPTR(hh, d->vars.aliases, n->name, strlen(n->name), n);
    if (!VSH_HASH_ADDED(n)) {
      free(n->name);
      free(n->text);
      free(n);
      return VSH_ENOMEM;
    }
  }
  return 0;
}

int sh_ctx_fork(sh_ctx **out, sh_ctx *s) {
  sh_ctx *c = calloc(1, sizeof(*c));
  if (!c) return VSH_ENOMEM;
  c->ex = s->ex;
  c->shell = s->shell;
  c->fs = s->fs;
  vsh__arena_init(&c->arena, NULL);
  /* copy the scope chain, keeping its shape */
  sh_scope **link = &c->vars.scope;
  for (sh_scope *sc = s->vars.scope; sc; sc = sc->up) {
    sh_scope *d = sh__scope_copy(sc);
    if (!d) goto fail;
    *link = d;
    link = &d->up;
    if (sc == s->vars.global) c->vars.global = d;
  }
  if (copy_funcs(c, s)) goto fail;
  memcpy(c->opt.opts, s->opt.opts, sizeof(c->opt.opts));
  c->vars.dyn_unset = s->vars.dyn_unset;
  c->vars.getopts_pos = s->vars.getopts_pos;
  c->where.in_ps4 = s->where.in_ps4;
  c->where.xtrace_level = s->where.xtrace_level;
  c->trap.cur_cmd = s->trap.cur_cmd;
  if (s->trap.cmd_text && !(c->trap.cmd_text = strdup(s->trap.cmd_text)))
    goto fail;
  c->limit.ulimit_init = s->limit.ulimit_init;
  memcpy(c->limit.ulimit_soft, s->limit.ulimit_soft,
         sizeof c->limit.ulimit_soft);
  memcpy(c->limit.ulimit_hard, s->limit.ulimit_hard,
         sizeof c->limit.ulimit_hard);
  for (size_t i = 0; i < s->vars.nhashed; i++) /* a subshell knows the table */
    sh_hash_remember(c, s->vars.hashed[i].name, s->vars.hashed[i].path, false);
  for (size_t i = 0; i < c->vars.nhashed && i < s->vars.nhashed; i++)
    c->vars.hashed[i].hits = s->vars.hashed[i].hits;
  for (size_t i = 0; i < s->vars.ndisabled; i++)
    if (sh_builtin_disable(c, s->vars.disabled[i], true)) goto fail;
  c->vars.pos = sh__strv_dup(s->vars.pos, s->vars.npos);
  c->vars.npos = s->vars.npos;
  c->vars.arg0 = xstrdup(s->vars.arg0);
  c->dirs.cwd = xstrdup(s->dirs.cwd);
  if (!c->vars.pos || !c->vars.arg0 || !c->dirs.cwd) goto fail;
  for (int i = 0; i < SH_NTRAPS; i++) {
    /* a subshell keeps ignored traps (""); caught ones are reset, except
     * ERR with errtrace and DEBUG/RETURN with functrace */
    const char *t = s->trap.traps[i];
    if (!t) continue;
    bool keep = !*t || (i == SH_TRAP_ERR && s->opt.opts[SH_OPT_ERRTRACE]) ||
                ((i == SH_TRAP_DEBUG || i == SH_TRAP_RETURN) &&
                 s->opt.opts[SH_OPT_FUNCTRACE]);
    if (keep && !(c->trap.traps[i] = strdup(t))) goto fail;
    if (!keep && !(c->trap.shown_traps[i] = strdup(t))) goto fail;
  }
  for (int i = 0; i < SH_NTRAPS; i++)
    if (!c->trap.traps[i] && !c->trap.shown_traps[i] &&
        s->trap.shown_traps[i] &&
        !(c->trap.shown_traps[i] = strdup(s->trap.shown_traps[i])))
      goto fail;
  c->dirs.dirstack = sh__strv_dup(s->dirs.dirstack, s->dirs.ndirs);
  c->dirs.ndirs = s->dirs.ndirs;
  c->dirs.stack_seen = s->dirs.stack_seen;
  if (s->proc.npipestatus) { /* a subshell sees the last $PIPESTATUS */
    c->proc.pipestatus = malloc(s->proc.npipestatus * sizeof(int));
    if (!c->proc.pipestatus) goto fail;
    memcpy(c->proc.pipestatus, s->proc.pipestatus,
           s->proc.npipestatus * sizeof(int));
    c->proc.npipestatus = s->proc.npipestatus;
  }
  c->proc.umask = s->proc.umask;
  c->proc.status = s->proc.status;
  c->proc.last_bg_pid = s->proc.last_bg_pid;
  c->vars.rng = s->vars.rng ^ 0x5bd1e995u;
  s->vars.rng = s->vars.rng * 1103515245u + 12345u;
  c->proc.pid = s->proc.pid;
  c->proc.ppid = s->proc.ppid;
  c->proc.bashpid = atomic_fetch_add(&s->ex->next_pid, 1);
  for (int fd = 0; fd < s->io.nfds; fd++)
    if (s->io.fds[fd] && sh_fd_set(c, fd, s->io.fds[fd])) goto fail;
  c->limit.call_depth = s->limit.call_depth;
  c->limit.subst_depth = s->limit.subst_depth;
  c->limit.eval_depth = s->limit.eval_depth;
  c->where.line = s->where.line;
  c->where.funcname = s->where.funcname;
  c->where.source_name = s->where.source_name;
  c->where.script_src = s->where.script_src;
  for (int i = 0; i < s->limit.funcnest; i++) {
    if (sh_frame_push(c, s->where.frames[i].name, s->where.frames[i].src,
                      s->where.frames[i].call_line))
      goto fail;
    c->where.frames[i].pushed_args = s->where.frames[i].pushed_args;
  }
  for (size_t i = 0, at = 0; i < s->vars.nbargc; i++) {
    if (sh_bargs_push(c, s->vars.bargv + at, (size_t)s->vars.bargc[i]))
      goto fail;
    at += (size_t)s->vars.bargc[i];
  }
  c->vars.bargs_init = s->vars.bargs_init;
  if (s->vars.underscore) c->vars.underscore = strdup(s->vars.underscore);
  /* never point into the parent's function table: it may change */
  c->where.funcname = s->where.funcname && c->limit.funcnest
                          ? c->where.frames[c->limit.funcnest - 1].name
                          : (s->where.funcname ? "source" : NULL);
  c->proc.subshell = true;
  c->proc.subshell_level = s->proc.subshell_level + 1;
  c->opt.under_dash_c = s->opt.dash_c || s->opt.under_dash_c;
  c->flow.errexit_off = s->flow.errexit_off;
  c->flow.errexit_bang = s->flow.errexit_bang;
  c->where.unit = s->where.unit;
  *out = c;
  return 0;
fail:
  sh_ctx_free(c);
  return VSH_ENOMEM;
}

void sh_ctx_free(sh_ctx *c) {
  if (!c) return;
  while (c->vars.scope) {
    sh_scope *up = c->vars.scope->up;
    sh__scope_free(c->vars.scope);
    c->vars.scope = up;
  }
  sh_func *f, *ft;
  HASH_ITER(hh, c->vars.funcs, f, ft) {
    HASH_DEL(c->vars.funcs, f);
    sh_unit_unref(f->unit);
    free(f->src);
    free(f->name);
    free(f);
  }
  sh_alias *a, *at;
  HASH_ITER(hh, c->vars.aliases, a, at) {
    HASH_DEL(c->vars.aliases, a);
    free(a->name);
    free(a->text);
    free(a);
  }
  sh__strv_free(c->vars.pos, c->vars.npos);
  sh_hash_forget(c, NULL);
  free(c->vars.hashed);
  free(c->vars.disabled);
  free(c->vars.arg0);
  free(c->dirs.cwd);
  for (int i = 0; i < SH_NTRAPS; i++) {
    free(c->trap.traps[i]);
    free(c->trap.shown_traps[i]);
  }
  sh__strv_free(c->dirs.dirstack, c->dirs.ndirs);
  for (int fd = 0; fd < c->io.nfds; fd++) sh_stream_unref(c->io.fds[fd]);
  free(c->io.fds);
  free(c->proc.pipestatus);
  free(c->vars.underscore);
  free(c->trap.cmd_text);
  while (c->limit.funcnest) sh_frame_pop(c);
  free(c->where.frames);
  while (c->vars.nbargc) sh_bargs_pop(c);
  free(c->vars.bargv);
  free(c->vars.bargc);
  vsh__arena_dispose(&c->arena);
  free(c);
}
