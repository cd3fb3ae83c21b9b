/* pipe.c: concurrency.  Every pipeline stage but the last runs on its own
 * thread in a forked context, connected by bounded in-memory pipes, so
 * `yes | head -1` ends and large streams run in constant memory.  The
 * last stage runs on the caller's thread (in the caller's context with
 * lastpipe).  Background jobs (`&`) are threads too; jobs still running
 * when the exec ends are cancelled and joined.  Subshells and command
 * substitutions run synchronously in forked contexts. */
#include "shell/exec/exec_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREAD_STACK (64u << 20) /* virtual: pages are touched on demand */

struct sh_job {
  int id;
  int pid;
  pthread_t thread;
  bool started;
  _Atomic bool done;
  _Atomic int sig; /* a signal sent with kill, not yet acted on */
  int status;
  sh_ctx *ctx;
  sh_node *node;
  sh_unit *unit;
  bool notified;  /* its end was seen: out of the job table (jobs, %N and
                   job numbers skip it), still waited for by its pid */
  bool chld_seen; /* counted for its starter's CHLD trap */
  int owner;      /* $BASHPID of the context that started it */
  bool disowned;  /* jobs and wait skip it; the exec still cancels it */
  bool procsub;   /* >( ): the exec waits for it before it ends */
  bool hidden;    /* any <( ) or >( ): no job number, not in `jobs` */
  struct sh_job *next;
};

/* A thread working for an exec charges the exec's memory account. */
typedef struct thread_start {
  void *(*fn)(void *);
  void *arg;
  vsh__acct *acct;
} thread_start;

static void *thread_main(void *p) {
  thread_start ts = *(thread_start *)p;
  vsh__acct_enter(ts.acct);
  free(p);
  return ts.fn(ts.arg);
}

static int run_in_thread(sh_exec *ex, pthread_t *t, void *(*fn)(void *),
                         void *arg) {
  uint64_t n = atomic_fetch_add(&ex->threads, 1);
  if (ex->limits.max_threads && n >= ex->limits.max_threads) {
    atomic_fetch_sub(&ex->threads, 1);
    sh_exec_limit(ex, "too many concurrent pipeline stages and jobs (%llu)",
                  (unsigned long long)ex->limits.max_threads);
    return VSH_ELIMIT;
  }
  thread_start *ts = malloc(sizeof *ts);
  if (!ts) {
    atomic_fetch_sub(&ex->threads, 1);
    return VSH_ENOMEM;
  }
  *ts = (thread_start){fn, arg, sh_exec_acct(ex)};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, THREAD_STACK);
  int rc = pthread_create(t, &attr, thread_main, ts);
  pthread_attr_destroy(&attr);
  if (rc) {
    free(ts);
    atomic_fetch_sub(&ex->threads, 1);
  }
  return rc ? VSH_ENOMEM : 0;
}

/* The status a context leaves behind when it ends (exit, cancel). */
static int ctx_final_status(sh_ctx *c, int st) {
  st = sh__pending_self_signal(c, st);
  if (c->flow.unwind == SH_UW_EXIT || c->flow.unwind == SH_UW_RETURN)
    return c->proc.status;
  return st;
}

/* A signal the context sent itself as its last command still arrives. */
int sh__pending_self_signal(sh_ctx *c, int st) {
  int sig = c->proc.self_sig;
  if (!sig || c->flow.unwind == SH_UW_EXIT || c->flow.unwind == SH_UW_CANCEL)
    return st;
  c->proc.self_sig = 0;
  bool sh__deliver_signal(sh_ctx * c, int sig);
  sh_unwind uw = c->flow.unwind;
  c->flow.unwind = SH_UW_NONE;
  c->proc.status = st;
  if (!sh__deliver_signal(c, sig)) c->flow.unwind = uw;
  return c->proc.status;
}

/* Runs the EXIT trap of a subshell context. */
static void subshell_exit(sh_ctx *c) {
  if (c->trap.traps[SH_TRAP_EXIT] && c->flow.unwind != SH_UW_CANCEL) {
    sh_unwind uw = c->flow.unwind;
    int st = c->proc.status;
    c->flow.unwind = SH_UW_NONE;
    sh_run_trap(c, SH_TRAP_EXIT);
    if (c->flow.unwind != SH_UW_EXIT) {
      c->flow.unwind = uw;
      c->proc.status = st;
    }
  }
}

/* ---- subshells and command substitution ---------------------------------- */

int sh_exec_subshell(sh_ctx *c, sh_node *body, const sh_redir *r, size_t nr) {
  sh_ctx *s;
  if (sh_ctx_fork(&s, c)) {
    sh_error(c, "cannot fork: out of memory");
    return c->proc.status = 1;
  }
  sh__stack_init(s);
  int st = 0;
  if (nr) st = sh_redirect(s, r, nr, NULL); /* they die with the subshell */
  if (!st) st = sh_exec_node(s, body);
  st = ctx_final_status(s, st);
  s->proc.status = st;
  subshell_exit(s);
  st = ctx_final_status(s, s->proc.status);
  bool cancel = s->flow.unwind == SH_UW_CANCEL;
  if (s->proc.died_of && !c->limit.subst_depth && !c->proc.mid_pipe) {
    vsh_buf t = {0}; /* bash shows the subshell as "( body )" */
    vsh__buf_puts(&t, "( ");
    sh_print_command(&t, body);
    vsh__buf_puts(&t, " )");
    sh__death_notice(c, s->proc.died_of, s->proc.bashpid, t.data, true);
    vsh_buf_dispose(&t);
  }
  sh_ctx_free(s);
  if (cancel) c->flow.unwind = SH_UW_CANCEL;
  sh__child_waited(c);
  return c->proc.status = st;
}

/* $(< file): a body that is one command of a lone input redirection
 * (the node, or a one-item list of it); NULL otherwise. */
static const sh_node *lone_input_redir(const sh_node *n) {
  if (n && n->kind == SH_NODE_LIST && n->u.list.n == 1 && !n->n_redirs &&
      !(n->u.list.background && n->u.list.background[0]))
    n = n->u.list.items[0];
  if (!n || n->kind != SH_NODE_SIMPLE || n->u.simple.n_words ||
      n->u.simple.n_assigns || n->n_redirs != 1)
    return NULL;
  const sh_redir *r = &n->redirs[0];
  return r->op == SH_R_IN && r->fd <= 0 && !r->fd_var ? n : NULL;
}

/* Copies what the redirection opens on fd 0 to fd 1 (bash reads the file
 * itself instead of running cat); the status of the redirection. */
static int read_lone_redir(sh_ctx *s, const sh_node *n) {
  if (sh_redirect(s, n->redirs, 1, NULL)) return 1;
  sh_stream *in = sh_fd(s, 0), *out = sh_fd(s, 1);
  char buf[16384];
  int64_t got;
  while (in && (got = sh_stream_read(in, buf, sizeof buf, s->ex)) > 0)
    if (sh_stream_write(out, buf, (size_t)got, s->ex)) return 1;
  return sh_exec_cancelled(s->ex) ? 1 : 0;
}

int sh_capture(sh_ctx *c, sh_node *body, vsh_buf *out) {
  if (c->limit.subst_depth >= c->ex->limits.max_subst_depth) {
    sh_exec_limit(c->ex, "command substitution depth limit exceeded (%llu)",
                  (unsigned long long)c->ex->limits.max_subst_depth);
    c->flow.unwind = SH_UW_CANCEL;
    return c->proc.status = 126;
  }
  sh_ctx *s;
  if (sh_ctx_fork(&s, c)) return c->proc.status = 1;
  sh__stack_init(s);
  s->limit.subst_depth++;
  s->where.xtrace_level++;
  if (!c->opt.opts[SH_SHOPT_INHERIT_ERREXIT])
    s->opt.opts[SH_OPT_ERREXIT] = false;
  free(s->trap.traps[SH_TRAP_EXIT]);
  s->trap.traps[SH_TRAP_EXIT] = NULL;
  sh_stream *buf = sh_stream_buf_new(c->ex->limits.max_string);
  if (!buf) {
    sh_ctx_free(s);
    return c->proc.status = 1;
  }
  sh_fd_set(s, 1, buf);
  const sh_node *lone = lone_input_redir(body);
  int st = lone ? read_lone_redir(s, lone) : sh_exec_node(s, body);
  st = ctx_final_status(s, st);
  s->proc.status = st;
  subshell_exit(s);
  st = ctx_final_status(s, s->proc.status);
  bool cancel = s->flow.unwind == SH_UW_CANCEL;
  sh_ctx_free(s);
  const vsh_buf *data = sh_stream_buf_data(buf);
  vsh__buf_append(out, data->data ? data->data : "", data->len);
  sh_stream_unref(buf);
  if (cancel) c->flow.unwind = SH_UW_CANCEL;
  c->proc.subst_status = st;
  sh__child_waited(c);
  return c->proc.status = st;
}

/* ---- pipelines ------------------------------------------------------------------ */

/* |&: bash appends 2>&1 to the stage's own redirections, so it applies
 * after them (`cmd >/dev/null |& cat` silences both) and after the
 * words are expanded.  The stage runs a copy of its node with one more
 * redirection; the copy is freed when the pipeline ends. */
static sh_part err_dup_part = {.kind = SH_PART_LIT, .u.text = {"1", 1}};
static sh_word err_dup_word = {.parts = &err_dup_part, .n = 1};

static sh_node *with_err_to_out(const sh_node *n) {
  sh_node *x = malloc(sizeof(*x));
  sh_redir *r = malloc((n->n_redirs + 1) * sizeof(*r));
  if (!x || !r) {
    free(x);
    free(r);
    return NULL;
  }
  *x = *n;
  if (n->n_redirs) memcpy(r, n->redirs, n->n_redirs * sizeof(*r));
  r[n->n_redirs] =
      (sh_redir){.op = SH_R_DUP_OUT, .fd = 2, .target = &err_dup_word};
  x->redirs = r;
  x->n_redirs = n->n_redirs + 1;
  return x;
}

typedef struct stage {
  sh_ctx *ctx;
  sh_node *node;
  sh_node *own; /* a copy made for |&, freed with the pipeline */
  pthread_t thread;
  bool threaded;
  int status;
} stage;

static void *stage_main(void *arg) {
  stage *s = arg;
  sh__stack_init(s->ctx);
  int st = sh_exec_node(s->ctx, s->node);
  st = ctx_final_status(s->ctx, st);
  s->ctx->proc.status = st;
  subshell_exit(s->ctx);
  s->status = ctx_final_status(s->ctx, s->ctx->proc.status);
  /* close our ends now so neighbours see EOF / EPIPE */
  for (int fd = 0; fd < s->ctx->io.nfds; fd++) sh_fd_close(s->ctx, fd);
  atomic_fetch_sub(&s->ctx->ex->threads, 1);
  return NULL;
}

void sh__set_pipestatus(sh_ctx *c, const int *st, size_t n) {
  /* set after every simple command: reallocate only to grow past one */
  if (!c->proc.pipestatus || (n > 1 && n != c->proc.npipestatus)) {
    int *v = realloc(c->proc.pipestatus, (n > 1 ? n : 1) * sizeof(int));
    if (!v) return;
    c->proc.pipestatus = v;
  }
  memcpy(c->proc.pipestatus, st, n * sizeof(int));
  c->proc.npipestatus = n;
}

static int set_pipestatus(sh_ctx *c, const int *st, size_t n) {
  sh__set_pipestatus(c, st, n);
  return 0;
}

/* One %[p][l]R / U / S of TIMEFORMAT: seconds with p decimals (at most
 * 3), l: as minutes and seconds. */
static void time_value(vsh_buf *o, double secs, int prec, bool lng) {
  if (lng) {
    int m = (int)(secs / 60);
    vsh__buf_printf(o, "%dm%.*fs", m, prec, secs - 60 * m);
  } else {
    vsh__buf_printf(o, "%.*f", prec, secs);
  }
}

/* The report of `time`: TIMEFORMAT (bash's default when unset; nothing
 * when empty), or POSIX's fixed form for time -p.  vsh spends no CPU
 * time it could report apart from real time: user and sys are 0. */
static int time_report(sh_ctx *c, struct timespec *t0, bool posix) {
  struct timespec t1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double real = (double)(t1.tv_sec - t0->tv_sec) +
                (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
  const char *fmt =
      posix ? "real %2R\nuser %2U\nsys %2S" : sh_var_get(c, "TIMEFORMAT");
  if (!fmt) fmt = "\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS";
  if (!*fmt) return 0;
  vsh_buf o = {0};
  for (const char *p = fmt; *p; p++) {
    if (*p != '%') {
      vsh__buf_putc(&o, *p);
      continue;
    }
    if (p[1] == '%' || !p[1]) {
      vsh__buf_putc(&o, '%');
      p += p[1] == '%';
      continue;
    }
    int prec = 3;
    bool lng = false;
    const char *q = p + 1;
    if (*q >= '0' && *q <= '9') prec = *q++ - '0' > 3 ? 3 : q[-1] - '0';
    if (*q == 'l') lng = true, q++;
    if (*q == 'R' || *q == 'U' || *q == 'S') {
      time_value(&o, *q == 'R' ? real : 0.0, prec, lng);
    } else if (*q == 'P') {
      vsh__buf_puts(&o, "0.00");
    } else {
      sh_error(c, "TIMEFORMAT: `%c': invalid format character", *q);
      vsh_buf_dispose(&o);
      return 0;
    }
    p = q;
  }
  vsh__buf_putc(&o, '\n');
  sh_stream *err = sh_fd(c, 2);
  if (err && o.data) sh_stream_write(err, o.data, o.len, c->ex);
  vsh_buf_dispose(&o);
  return 0;
}

int sh_exec_pipeline(sh_ctx *c, sh_node *n) {
  size_t k = n->u.pipe.n;
  if (n->line) c->where.line = n->line;
  struct timespec t0;
  if (n->u.pipe.time) clock_gettime(CLOCK_MONOTONIC, &t0);
  unsigned off0 = c->flow.errexit_off, bang0 = c->flow.errexit_bang;
  if (n->u.pipe.bang) {
    c->flow.errexit_off++;
    c->flow.errexit_bang++;
  }
  int st;
  if (k == 0) {
    st = 0; /* a bare `time` or `!` */
  } else if (k == 1) {
    st = sh_exec_node(c, n->u.pipe.cmds[0]);
    if (!c->flow.unwind || c->flow.unwind == SH_UW_EXIT)
      set_pipestatus(c, &st, 1);
  } else {
    stage *sg = calloc(k, sizeof(*sg));
    int *sts = calloc(k, sizeof(int));
    if (!sg || !sts) {
      free(sg);
      free(sts);
      c->flow.errexit_off = off0;
      c->flow.errexit_bang = bang0;
      return c->proc.status = 1;
    }
    bool lastpipe = c->opt.opts[SH_SHOPT_LASTPIPE];
    sh_stream *prev_r = NULL;
    size_t launched = 0;
    int err = 0;
    for (size_t i = 0; i < k && !err; i++) {
      sh_stream *r = NULL, *w = NULL;
      if (i + 1 < k && sh_pipe_new(&r, &w, 65536)) {
        err = 1;
        break;
      }
      /* the parent runs DEBUG for each simple command it starts */
      if (n->u.pipe.cmds[i]->kind == SH_NODE_SIMPLE &&
          c->trap.traps[SH_TRAP_DEBUG]) {
        sh__note_command(c, n->u.pipe.cmds[i]); /* its $BASH_COMMAND */
        if (sh__debug_trap(c, n->u.pipe.cmds[i]->line)) break;
      }
      bool in_place = i + 1 == k && lastpipe;
      sh_ctx *sc = c;
      if (!in_place && sh_ctx_fork(&sc, c)) {
        sh_stream_unref(r);
        sh_stream_unref(w);
        err = 1;
        break;
      }
      sg[i].ctx = sc;
      sg[i].node = n->u.pipe.cmds[i];
      if (sc != c) sc->proc.stage_top = sg[i].node;
      /* bash counts no level for a simple command's stage (until it
       * calls a function) nor twice for a ( ) stage */
      int kind = sg[i].node->kind;
      if (sc != c && (kind == SH_NODE_SIMPLE || kind == SH_NODE_SUBSHELL)) {
        sc->proc.subshell_level = c->proc.subshell_level;
        sc->proc.level_pending = kind == SH_NODE_SIMPLE;
      }
      if (prev_r) {
        if (in_place) {
          /* lastpipe: the caller's stdin is swapped for the stage */
        } else {
          sh_fd_set(sc, 0, prev_r);
        }
      }
      if (w) {
        sh_fd_set(sc, 1, w);
        bool err_too = n->u.pipe.pipe_err && n->u.pipe.pipe_err[i];
        sh_node *cp = err_too ? with_err_to_out(sg[i].node) : NULL;
        if (cp) sg[i].node = sg[i].own = cp;
        else if (err_too) sh_fd_set(sc, 2, w); /* out of memory: close */
      }
      sh_stream_unref(w);
      if (i + 1 < k) {
        sc->proc.mid_pipe = true;
        if (run_in_thread(c->ex, &sg[i].thread, stage_main, &sg[i])) {
          sh_ctx_free(sc);
          sg[i].ctx = NULL;
          sh_stream_unref(r);
          err = 1;
          break;
        }
        sg[i].threaded = true;
        launched++;
        sh_stream_unref(prev_r);
        prev_r = r;
      } else {
        /* the last stage, on this thread */
        sh_stream *saved_in = NULL;
        if (in_place && prev_r) {
          saved_in = sh_stream_ref(sh_fd(c, 0));
          sh_fd_set(c, 0, prev_r);
        }
        sh_stream_unref(prev_r);
        prev_r = NULL;
        if (in_place) {
          sg[i].status = sh_exec_node(c, sg[i].node);
          if (saved_in) {
            sh_fd_set(c, 0, saved_in);
            sh_stream_unref(saved_in);
          } else if (prev_r) {
            sh_fd_close(c, 0);
          }
        } else {
          sh__stack_init(sc);
          int s2 = sh_exec_node(sc, sg[i].node);
          s2 = ctx_final_status(sc, s2);
          sc->proc.status = s2;
          subshell_exit(sc);
          sg[i].status = ctx_final_status(sc, sc->proc.status);
          for (int fd = 0; fd < sc->io.nfds; fd++) sh_fd_close(sc, fd);
        }
      }
    }
    sh_stream_unref(prev_r);
    for (size_t i = 0; i < k; i++) {
      if (sg[i].threaded) pthread_join(sg[i].thread, NULL);
    }
    bool cancel = false;
    for (size_t i = 0; i < k; i++) {
      sts[i] = sg[i].status;
      if (sg[i].ctx && sg[i].ctx != c) {
        sh__child_waited(c);
        if (sg[i].ctx->flow.unwind == SH_UW_CANCEL) cancel = true;
        sh_ctx_free(sg[i].ctx);
      }
      if (sg[i].own) {
        free(sg[i].own->redirs);
        free(sg[i].own);
      }
    }
    (void)launched;
    if (err) {
      sh_error(c, "cannot start pipeline: out of resources");
      st = 1;
    } else {
      st = sts[k - 1];
      if (c->opt.opts[SH_OPT_PIPEFAIL])
        for (size_t i = 0; i < k; i++)
          if (sts[i]) st = sts[i];
    }
    if (cancel || sh_exec_cancelled(c->ex)) c->flow.unwind = SH_UW_CANCEL;
    if (c->flow.unwind != SH_UW_CANCEL) set_pipestatus(c, sts, k);
    free(sg);
    free(sts);
  }
  if (n->u.pipe.bang) {
    c->flow.errexit_off = off0;
    c->flow.errexit_bang = bang0;
    /* `! return N` returns N: bash negates no status a return carries */
    if (c->flow.unwind != SH_UW_EXIT && c->flow.unwind != SH_UW_CANCEL &&
        c->flow.unwind != SH_UW_RETURN)
      st = st ? 0 : 1;
  }
  if (n->u.pipe.time) time_report(c, &t0, n->u.pipe.time_posix);
  return c->proc.status = st;
}

/* ---- background jobs ------------------------------------------------------------ */

static void *job_main(void *arg) {
  sh_job *j = arg;
  sh__stack_init(j->ctx);
  int st = sh_exec_node(j->ctx, j->node);
  st = ctx_final_status(j->ctx, st);
  j->ctx->proc.status = st;
  subshell_exit(j->ctx);
  j->status = ctx_final_status(j->ctx, j->ctx->proc.status);
  for (int fd = 0; fd < j->ctx->io.nfds; fd++) sh_fd_close(j->ctx, fd);
  atomic_fetch_sub(&j->ctx->ex->threads, 1);
  atomic_store(&j->done, true);
  return NULL;
}

/* strsignal(3)'s words, which bash's notices use */
static const char *const sig_desc[32] = {"",
                                         "Hangup",
                                         "Interrupt",
                                         "Quit",
                                         "Illegal instruction",
                                         "Trace/breakpoint trap",
                                         "Aborted",
                                         "Bus error",
                                         "Floating point exception",
                                         "Killed",
                                         "User defined signal 1",
                                         "Segmentation fault",
                                         "User defined signal 2",
                                         "Broken pipe",
                                         "Alarm clock",
                                         "Terminated",
                                         "Stack fault",
                                         "Child exited",
                                         "Continued",
                                         "Stopped (signal)",
                                         "Stopped",
                                         "Stopped (tty input)",
                                         "Stopped (tty output)",
                                         "Urgent I/O condition",
                                         "CPU time limit exceeded",
                                         "File size limit exceeded",
                                         "Virtual timer expired",
                                         "Profiling timer expired",
                                         "Window changed",
                                         "I/O possible",
                                         "Power failure",
                                         "Bad system call"};

void sh__death_notice(sh_ctx *c, int sig, int pid, const char *cmd, bool fg) {
  sh_stream *err = sh_fd(c, 2);
  if (sig <= 0 || sig > 64 || !err || c->opt.interactive) return;
  if (sig == 15) { /* bash is built with DONT_REPORT_SIGTERM */
    if (fg) sh_stream_write(err, "Terminated\n", 11, c->ex);
    return;
  }
  if (sig == 2 || sig == 13 || c->trap.traps[sig]) return;
  char d[32];
  if (sig < 32) snprintf(d, sizeof d, "%s", sig_desc[sig]);
  else snprintf(d, sizeof d, "Real-time signal %d", sig - 34);
  sh_error(c, "%5d %-24s%s", pid, d, cmd ? cmd : "");
}

/* The notice of each of c's jobs that ended by a signal and that no one
 * was told of yet (then marked told), or of job `only`. */
static void jobs_notify(sh_ctx *c, sh_job *only) {
  for (;;) {
    sh_job *dead = NULL;
    pthread_mutex_lock(&c->ex->mu);
    for (sh_job *j = c->ex->jobs; j && !dead; j = j->next)
      if (j->owner == c->proc.bashpid && atomic_load(&j->done) &&
          !j->notified && (!only || j == only)) {
        j->notified = true;
        if (j->ctx && j->ctx->proc.died_of && !j->procsub) dead = j;
      }
    int sig = dead ? dead->ctx->proc.died_of : 0, pid = dead ? dead->pid : 0;
    vsh_buf t = {0};
    if (dead) sh_print_command(&t, dead->node);
    pthread_mutex_unlock(&c->ex->mu);
    if (!dead) return;
    sh__death_notice(c, sig, pid, t.data, false);
    vsh_buf_dispose(&t);
  }
}

void sh__child_waited(sh_ctx *c) {
  c->proc.chld_pending++;
  /* bash clears the ended jobs out of its table when it waits for a
   * foreground child, telling of those a signal ended; `wait PID` still
   * finds them */
  jobs_notify(c, NULL);
}

/* CHLD: bash runs the trap as each child process ends; vsh's children
 * are the contexts it forks (subshells, substitutions, pipeline stages,
 * jobs) and the toolbox utilities it runs.  Synchronous ones are counted
 * as they end; jobs when their starter next looks (between commands). */
void sh__chld_run(sh_ctx *c) {
  const char *trap = c->trap.traps[17];
  if (c->trap.in_trap) return;
  if (!trap || !*trap) {
    c->proc.chld_pending = 0;
    return;
  }
  pthread_mutex_lock(&c->ex->mu);
  for (sh_job *j = c->ex->jobs; j; j = j->next)
    if (!j->chld_seen && j->owner == c->proc.bashpid && atomic_load(&j->done)) {
      j->chld_seen = true;
      c->proc.chld_pending++;
    }
  pthread_mutex_unlock(&c->ex->mu);
  int n = c->proc.chld_pending;
  c->proc.chld_pending = 0;
  while (n-- > 0 && c->flow.unwind == SH_UW_NONE) sh_run_trap(c, 17);
  c->proc.chld_pending = 0; /* the trap's own children */
}

static int start_job(sh_ctx *c, sh_node *n, bool null_stdin, bool procsub,
                     bool hidden);

int sh_exec_background(sh_ctx *c, sh_node *n) {
  return start_job(c, n, true, false, false);
}

static int start_job(sh_ctx *c, sh_node *n, bool null_stdin, bool procsub,
                     bool hidden) {
  sh_exec *ex = c->ex;
  if (sh_exec_cancelled(ex)) return c->proc.status = 1; /* the exec is ending */
  sh_job *j = calloc(1, sizeof(*j));
  if (!j) return c->proc.status = 1;
  if (sh_ctx_fork(&j->ctx, c)) {
    free(j);
    return c->proc.status = 1;
  }
  j->ctx->proc.job = j;
  j->ctx->proc.job_top = n;
  /* a background job's stdin is /dev/null unless redirected */
  if (null_stdin) sh_fd_set(j->ctx, 0, sh_stream_null());
  j->node = n;
  j->procsub = procsub;
  j->hidden = hidden;
  j->unit = c->where.unit;
  if (j->unit) sh_unit_ref(j->unit);
  j->pid = j->ctx->proc.bashpid;
  j->owner = c->proc.bashpid;
  /* the thread starts before the job is listed, so that `wait` in
   * another thread can never free a job whose thread is being made */
  if (run_in_thread(ex, &j->thread, job_main, j)) {
    j->status = 1;
    atomic_store(&j->done, true);
  } else {
    j->started = true;
  }
  pthread_mutex_lock(&ex->mu);
  /* the next job number is one past the highest still in the table */
  int top = 0;
  for (sh_job *o = ex->jobs; o; o = o->next)
    if (!o->hidden && !o->disowned && !o->notified && o->id > top) top = o->id;
  j->id = hidden ? 0 : top + 1;
  j->next = ex->jobs;
  ex->jobs = j;
  pthread_mutex_unlock(&ex->mu);
  c->proc.last_bg_pid = j->pid;
  return c->proc.status = 0;
}

static void job_free(sh_job *j) {
  if (j->started) pthread_join(j->thread, NULL);
  sh_ctx_free(j->ctx);
  if (j->unit) sh_unit_unref(j->unit);
  free(j);
}

/* Waits for pid (or every job when pid <= 0; the first to finish with
 * any).  Returns 0 with *status (and the job's pid in *waited, when
 * not NULL), or 127 when pid is not a job. */
int sh_jobs_wait(sh_ctx *c, int pid, bool any, int *status, int *waited) {
  sh_exec *ex = c->ex;
  *status = 0;
  for (;;) {
    pthread_mutex_lock(&ex->mu);
    sh_job **pp = &ex->jobs, *found = NULL;
    bool pending = false;
    for (sh_job **q = &ex->jobs; *q; q = &(*q)->next) {
      sh_job *j = *q;
      if (pid > 0 && j->pid != pid) continue;
      /* only this shell's own children: a job waiting for all would
       * otherwise wait for itself */
      if (j->disowned || j->owner != c->proc.bashpid) continue;
      pending = true;
      if (atomic_load(&j->done)) {
        found = j;
        pp = q;
        break;
      }
    }
    if (found) {
      if (!found->notified) { /* its notice, as bash reaps it */
        pthread_mutex_unlock(&ex->mu);
        jobs_notify(c, found);
        continue;
      }
      *pp = found->next;
      if (!found->chld_seen && found->owner == c->proc.bashpid)
        c->proc.chld_pending++;
      pthread_mutex_unlock(&ex->mu);
      *status = found->status;
      if (waited) *waited = found->pid;
      job_free(found);
      if (pid > 0 || any) return 0;
      continue;
    }
    pthread_mutex_unlock(&ex->mu);
    if (!pending) return pid > 0 ? 127 : (any ? 127 : 0);
    if (sh_exec_cancelled(ex)) {
      c->flow.unwind = SH_UW_CANCEL;
      return 0;
    }
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
}

/* At the end of an exec: lets process substitutions finish (a >(cmd)
 * still writing what its input said), until the deadline or an abort. */
void sh_jobs_wait_procsubs(sh_exec *ex) {
  for (;;) {
    bool pending = false;
    pthread_mutex_lock(&ex->mu);
    for (sh_job *j = ex->jobs; j && !pending; j = j->next)
      pending = j->procsub && !atomic_load(&j->done);
    pthread_mutex_unlock(&ex->mu);
    if (!pending || sh_exec_cancelled(ex)) return;
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
}

void sh_jobs_cancel_all(sh_exec *ex) {
  int expected = SH_RUNNING;
  bool any = false;
  pthread_mutex_lock(&ex->mu);
  for (sh_job *j = ex->jobs; j; j = j->next)
    if (!atomic_load(&j->done)) any = true;
  pthread_mutex_unlock(&ex->mu);
  if (any)
    atomic_compare_exchange_strong(&ex->cancel, &expected, SH_CANCEL_EXIT);
  sh_jobs_reap(ex);
}

void sh_jobs_reap(sh_exec *ex) {
  /* a job being joined may still start another (:(){ :|:& };:): take
   * the list again until it stays empty */
  for (;;) {
    pthread_mutex_lock(&ex->mu);
    sh_job *j = ex->jobs;
    ex->jobs = NULL;
    pthread_mutex_unlock(&ex->mu);
    if (!j) return;
    while (j) {
      sh_job *next = j->next;
      job_free(j);
      j = next;
    }
  }
}

int sh__jobs_count(sh_ctx *c) {
  int n = 0;
  pthread_mutex_lock(&c->ex->mu);
  for (sh_job *j = c->ex->jobs; j; j = j->next)
    n += !j->disowned && !j->hidden && !j->notified;
  pthread_mutex_unlock(&c->ex->mu);
  return n;
}

/* The job list for `jobs`: every job, or job %only; how is 0, 'l'
 * (with pids) or 'p' (pids alone); running_only leaves out the done. */
int sh__jobs_list(sh_ctx *c, vsh_buf *out, int how, int only,
                  bool running_only) {
  sh_exec *ex = c->ex;
  pthread_mutex_lock(&ex->mu);
  /* the list is newest first; bash prints oldest first, marking the
   * newest '+' and the one before it '-' */
  size_t n = 0, k = 0;
  for (sh_job *j = ex->jobs; j; j = j->next)
    n += !j->disowned && !j->hidden && !j->notified;
  sh_job **v = n ? malloc(n * sizeof(*v)) : NULL;
  for (sh_job *j = ex->jobs; v && j; j = j->next)
    if (!j->disowned && !j->hidden && !j->notified) v[k++] = j;
  for (size_t i = k; i-- > 0;) {
    bool done = atomic_load(&v[i]->done);
    if ((only && v[i]->id != only) || (running_only && done)) continue;
    if (how == 'p') {
      vsh__buf_printf(out, "%d\n", v[i]->pid);
      continue;
    }
    char mark = i == 0 ? '+' : i == 1 ? '-' : ' ';
    char state[32];
    if (!done) snprintf(state, sizeof state, "Running");
    else if (v[i]->status)
      snprintf(state, sizeof state, "Exit %d", v[i]->status);
    else snprintf(state, sizeof state, "Done");
    if (how == 'l')
      vsh__buf_printf(out, "[%d]%c %5d %-24s", v[i]->id, mark, v[i]->pid,
                      state);
    else vsh__buf_printf(out, "[%d]%c  %-24s", v[i]->id, mark, state);
    sh_print_command(out, v[i]->node);
    vsh__buf_puts(out, done ? "\n" : " &\n");
  }
  free(v);
  pthread_mutex_unlock(&ex->mu);
  return 0;
}

/* disown: job %n (by_id) or the job with pid n leaves the table; n -1:
 * the current job; n 0: every job (running_only: those not done).
 * VSH_ENOENT if there is no such job. */
int sh__jobs_disown(sh_ctx *c, int n, bool by_id, bool running_only) {
  sh_exec *ex = c->ex;
  int found = 0;
  pthread_mutex_lock(&ex->mu);
  if (n == -1) { /* the current job is the newest one still listed */
    by_id = true;
    for (sh_job *j = ex->jobs; j; j = j->next) /* newest first */
      if (!j->disowned && !j->hidden && !j->notified) {
        n = j->id;
        break;
      }
  }
  for (sh_job *j = ex->jobs; n && j; j = j->next) {
    if (j->disowned || j->hidden || (by_id && j->notified)) continue;
    if (n ? (by_id ? j->id != n : j->pid != n)
          : (running_only && atomic_load(&j->done)))
      continue;
    j->disowned = true;
    found++;
  }
  pthread_mutex_unlock(&ex->mu);
  return found || !n ? 0 : VSH_ENOENT;
}

/* The id of the job a job spec names (%N, %%, %+, %, %-, %NAME, %?TEXT),
 * or 0: none, -1: NAME or TEXT fits more than one. */
int sh__job_spec(sh_ctx *c, const char *spec) {
  if (spec[0] != '%') return 0;
  const char *s = spec + 1;
  sh_exec *ex = c->ex;
  int id = 0, seen = 0, only = 0;
  pthread_mutex_lock(&ex->mu);
  for (sh_job *j = ex->jobs; j; j = j->next) { /* newest first */
    if (j->disowned || j->hidden || j->notified) continue;
    if (++seen == 1) only = j->id;
    bool hit;
    if (!*s || !strcmp(s, "%") || !strcmp(s, "+")) hit = seen == 1;
    else if (!strcmp(s, "-")) hit = seen == 2;
    else if (*s >= '0' && *s <= '9') hit = j->id == atoi(s);
    else {
      vsh_buf t = {0};
      sh_print_command(&t, j->node);
      const char *txt = t.data ? t.data : "";
      hit =
          *s == '?' ? strstr(txt, s + 1) != NULL : !strncmp(txt, s, strlen(s));
      vsh_buf_dispose(&t);
      if (hit && id) {
        id = -1;
        break;
      }
      if (hit) id = j->id;
      continue;
    }
    if (hit) {
      id = j->id;
      break;
    }
  }
  pthread_mutex_unlock(&ex->mu);
  if (!id && seen == 1 && !strcmp(s, "-")) id = only; /* %- of one job */
  return id;
}

/* The pid of job %n, or 0. */
int sh__job_pid(sh_ctx *c, int id) {
  int pid = 0;
  pthread_mutex_lock(&c->ex->mu);
  for (sh_job *j = c->ex->jobs; j; j = j->next)
    if (j->id == id && !j->disowned && !j->notified && !j->hidden) pid = j->pid;
  pthread_mutex_unlock(&c->ex->mu);
  return pid;
}

/* ---- process substitution ------------------------------------------------------ */

/* <(body) / >(body): body runs as a background job reading or writing a
 * pipe whose other end is bound to a free fd of c; returns that fd. */
int sh__procsub(sh_ctx *c, sh_node *body, bool out, int *fd_out) {
  sh_stream *r, *w;
  if (sh_pipe_new(&r, &w, 65536)) return VSH_ENOMEM;
  int fd = -1;
  for (int k = 63; k >= 10; k--)
    if (!sh_fd(c, k)) {
      fd = k;
      break;
    }
  if (fd < 0) {
    sh_stream_unref(r);
    sh_stream_unref(w);
    return VSH_EBADF;
  }
  sh_fd_set(c, fd, out ? w : r);
  /* the job gets the other end */
  sh_stream *saved = sh_stream_ref(sh_fd(c, out ? 0 : 1));
  sh_fd_set(c, out ? 0 : 1, out ? r : w);
  sh_stream_unref(r);
  sh_stream_unref(w);
  /* the job must not hold our end open */
  sh_stream *mine = sh_stream_ref(sh_fd(c, fd));
  sh_fd_close(c, fd);
  c->where.xtrace_level++; /* the job's copy traces one level deeper */
  /* only >(cmd) output is waited for; $! names it, as in bash */
  start_job(c, body, false, out, true);
  c->where.xtrace_level--;
  sh_fd_set(c, fd, mine);
  sh_stream_unref(mine);
  if (c->io.npsub < (int)sizeof(c->io.psub_fds))
    c->io.psub_fds[c->io.npsub++] = (signed char)fd;
  if (saved) sh_fd_set(c, out ? 0 : 1, saved);
  else sh_fd_close(c, out ? 0 : 1);
  sh_stream_unref(saved);
  *fd_out = fd;
  return 0;
}

/* The highest descriptor below 64 that is free and not in taken[0..n). */
static int high_fd(sh_ctx *c, const int *taken, int n) {
  for (int k = 63; k >= 10; k--) {
    bool used = sh_fd(c, k) != NULL;
    for (int i = 0; i < n; i++) used |= taken[i] == k;
    if (!used) return k;
  }
  return -1;
}

/* coproc [NAME] command: the command runs as a job reading a pipe the
 * shell writes to and writing a pipe the shell reads; NAME (COPROC) is
 * the array (read-fd write-fd), NAME_PID its pid.  The descriptors are
 * bash's: the highest free ones taken in its order (the shell's read
 * end, the job's two ends, the shell's write end). */
static bool job_live(sh_ctx *c, int pid) {
  bool live = false;
  pthread_mutex_lock(&c->ex->mu);
  for (sh_job *j = c->ex->jobs; j; j = j->next)
    if (j->pid == pid) live = !atomic_load(&j->done);
  pthread_mutex_unlock(&c->ex->mu);
  return live;
}

static bool job_listed(sh_ctx *c, int pid) {
  bool listed = false;
  pthread_mutex_lock(&c->ex->mu);
  for (sh_job *j = c->ex->jobs; j; j = j->next) listed |= j->pid == pid;
  pthread_mutex_unlock(&c->ex->mu);
  return listed;
}

/* After `wait`: a coproc collected is gone, as bash disposes of it when
 * it reaps it: its descriptors closed, NAME and NAME_PID unset. */
void sh__coproc_reap(sh_ctx *c) {
  int pid = c->io.coproc_pid;
  if (!pid || job_listed(c, pid)) return;
  for (int i = 0; i < 2; i++) sh_fd_close(c, c->io.coproc_fds[i]);
  char nm[80];
  sh_var_unset(c, c->io.coproc_name);
  snprintf(nm, sizeof nm, "%s_PID", c->io.coproc_name);
  sh_var_unset(c, nm);
  c->io.coproc_pid = 0;
}

int sh__coproc(sh_ctx *c, const char *name, sh_node *body) {
  if (c->io.coproc_pid && job_live(c, c->io.coproc_pid))
    sh_error(c, "warning: execute_coproc: coproc [%d:%s] still exists",
             c->io.coproc_pid, c->io.coproc_name);
  sh_stream *in_r, *in_w, *out_r, *out_w;
  if (sh_pipe_new(&in_r, &in_w, 65536)) return VSH_ENOMEM;
  if (sh_pipe_new(&out_r, &out_w, 65536)) {
    sh_stream_unref(in_r);
    sh_stream_unref(in_w);
    return VSH_ENOMEM;
  }
  int fds[4] = {-1, -1, -1, -1};
  for (int i = 0; i < 4; i++) fds[i] = high_fd(c, fds, i);
  int rc = fds[3] < 0 ? VSH_EBADF : 0;
  if (!rc) {
    sh_stream *s0 = sh_stream_ref(sh_fd(c, 0)),
              *s1 = sh_stream_ref(sh_fd(c, 1));
    sh_fd_set(c, 0, in_r);
    sh_fd_set(c, 1, out_w);
    c->where.xtrace_level++;
    start_job(c, body, false, false, false);
    c->where.xtrace_level--;
    if (s0) sh_fd_set(c, 0, s0);
    else sh_fd_close(c, 0);
    if (s1) sh_fd_set(c, 1, s1);
    else sh_fd_close(c, 1);
    sh_stream_unref(s0);
    sh_stream_unref(s1);
    sh_fd_set(c, fds[0], out_r);
    sh_fd_set(c, fds[3], in_w);
    char num[24];
    sh_var_unset(c, name);
    snprintf(num, sizeof num, "%d", fds[0]);
    sh_var_set_elem(c, name, NULL, 0, num, false);
    snprintf(num, sizeof num, "%d", fds[3]);
    sh_var_set_elem(c, name, NULL, 1, num, false);
    vsh_buf pidname = {0};
    vsh__buf_printf(&pidname, "%s_PID", name);
    snprintf(num, sizeof num, "%d", c->proc.last_bg_pid);
    if (pidname.data) sh_var_set(c, pidname.data, num, false);
    vsh_buf_dispose(&pidname);
    c->io.coproc_pid = c->proc.last_bg_pid;
    c->io.coproc_fds[0] = fds[0];
    c->io.coproc_fds[1] = fds[3];
    snprintf(c->io.coproc_name, sizeof c->io.coproc_name, "%s", name);
  }
  sh_stream_unref(in_r);
  sh_stream_unref(in_w);
  sh_stream_unref(out_r);
  sh_stream_unref(out_w);
  return rc;
}

/* ---- virtual signals ------------------------------------------------------------ */

int sh__job_signal_pending(sh_job *j) { return atomic_load(&j->sig); }
void sh__job_signal_clear(sh_job *j) { atomic_store(&j->sig, 0); }

/* Sends sig to the job with this virtual pid (or job id when by_id);
 * SIGINT and SIGQUIT are ignored by jobs, as by bash's async commands.
 * Returns 0, or VSH_ENOENT when there is no such live job. */
/* SIGKILL ends a process at once: the job's thread gets a moment (at
 * most 200 ms) to see it, so that the next command finds it ended as in
 * bash (its notice comes at the next wait for a child). */
static int job_kill_async(sh_ctx *c, int pid, bool by_id, int sig);

static void job_await_kill(sh_ctx *c, int pid, bool by_id) {
  for (int i = 0; i < 200 && !sh_exec_cancelled(c->ex); i++) {
    bool live = false;
    pthread_mutex_lock(&c->ex->mu);
    for (sh_job *j = c->ex->jobs; j && !live; j = j->next)
      live = (by_id ? j->id : j->pid) == pid && !atomic_load(&j->done);
    pthread_mutex_unlock(&c->ex->mu);
    if (!live) return;
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
}

int sh__job_kill(sh_ctx *c, int pid, bool by_id, int sig) {
  int rc = job_kill_async(c, pid, by_id, sig);
  if (!rc && sig == 9) job_await_kill(c, pid, by_id);
  return rc;
}

static int job_kill_async(sh_ctx *c, int pid, bool by_id, int sig) {
  int rc = VSH_ENOENT;
  pthread_mutex_lock(&c->ex->mu);
  for (sh_job *j = c->ex->jobs; j; j = j->next) {
    if ((by_id ? j->id : j->pid) != pid) continue;
    if (by_id && (j->notified || j->hidden || j->disowned)) continue;
    if (!atomic_load(&j->done)) {
      /* a non-interactive shell starts async commands with SIGINT and
       * SIGQUIT ignored, and they cannot be trapped there */
      if (sig && sig != 2 && sig != 3) atomic_store(&j->sig, sig);
      rc = 0;
    }
    break;
  }
  pthread_mutex_unlock(&c->ex->mu);
  return rc;
}

/* ---- the executor's side of expansion ------------------------------------- */

const sh_expand_hooks sh_exec_expand_hooks = {
    .capture = sh_capture,
    .procsub = sh__procsub,
    .xtrace_text = sh_xtrace_text,
    .jobs_count = sh__jobs_count,
};
