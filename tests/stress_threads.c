/* stress_threads.c: many threads on one virtual sandbox at once.  Worker
 * threads exec scripts that start their own threads (pipelines, jobs,
 * process substitution, xargs -P, timeout) while others use the file
 * verbs, fork the filesystem, abort execs and make sandboxes from one
 * factory.  Its value is under -Db_sanitize=thread, where any data race
 * fails the run; without a sanitizer it checks the results only.
 * `stress_threads [ROUNDS]` (default 3). */
#include "vsh.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N_EXEC 4
#define N_FILES 2
#define N_TOOLS 2

typedef struct shared {
  vsh_sandbox *sb;
  vsh_factory *factory;
  vsh_tool *tools[6]; /* read write edit bash grep glob, on a scope */
  int rounds;
  atomic_int failures;
} shared;

typedef struct worker {
  shared *sh;
  int id;
} worker;

static void fail(shared *s, const char *what, const vsh_result *r,
                 const vsh_error *e) {
  atomic_fetch_add(&s->failures, 1);
  fprintf(stderr, "FAIL %s", what);
  if (r)
    fprintf(stderr, " (status %d, out '%.*s', err '%.*s')", r->exit_code,
            (int)(r->out_len > 200 ? 200 : r->out_len), r->out ? r->out : "",
            (int)(r->err_len > 200 ? 200 : r->err_len), r->err ? r->err : "");
  if (e && e->message[0]) fprintf(stderr, " [%s]", e->message);
  fputc('\n', stderr);
}

/* Runs script and checks status and, when want is set, stdout. */
static void expect(shared *s, vsh_sandbox *sb, const char *script,
                   const vsh_exec_opts *o, int status, const char *want) {
  vsh_result r;
  vsh_error e = {0};
  int rc = vsh_sandbox_exec(sb, script, o, &r, &e);
  if (rc) {
    fail(s, script, NULL, &e);
    return;
  }
  if (r.exit_code != status ||
      (want && (r.out_len != strlen(want) || memcmp(r.out, want, r.out_len))))
    fail(s, script, &r, NULL);
  vsh_result_dispose(&r);
}

/* Each script starts threads of its own inside the exec. */
static void *exec_worker(void *arg) {
  worker *w = arg;
  shared *s = w->sh;
  char dir[64], script[512];
  snprintf(dir, sizeof dir, "/tmp/w%d", w->id);
  for (int i = 0; i < s->rounds; i++) {
    snprintf(script, sizeof script,
             "mkdir -p %s && cd %s && seq 1 3000 | grep 7 | sort -rn | "
             "head -2 > top && cat top | wc -l",
             dir, dir);
    expect(s, s->sb, script, NULL, 0, "2\n");
    expect(s, s->sb, "yes | head -3 | tr y n", NULL, 0, "n\nn\nn\n");
    expect(s, s->sb,
           "for i in 1 2 3; do (echo $i | cat >> /tmp/shared) & done; "
           "wait; echo ok",
           NULL, 0, "ok\n");
    expect(s, s->sb, "sleep 10 & p=$!; kill $p; wait $p; echo $?", NULL, 0,
           "143\n");
    expect(s, s->sb, "cat <(seq 1 3) <(echo x) | wc -l", NULL, 0, "4\n");
    expect(s, s->sb, "seq 1 20 | xargs -P 3 -n 2 echo | wc -l", NULL, 0,
           "10\n");
    expect(s, s->sb, "timeout 0.05 sleep 5; echo $?", NULL, 0, "124\n");
    vsh_exec_opts to = {.timeout_ms = 50};
    vsh_result r;
    vsh_error e = {0};
    if (vsh_sandbox_exec(s->sb, "yes | cat | cat > /dev/null", &to, &r, &e))
      fail(s, "deadline exec", NULL, &e);
    else if (r.exit_code != 124) fail(s, "deadline exec", &r, NULL);
    vsh_result_dispose(&r);
  }
  return NULL;
}

/* The file verbs, on paths the scripts also touch. */
static void *files_worker(void *arg) {
  worker *w = arg;
  shared *s = w->sh;
  char path[64];
  for (int i = 0; i < s->rounds * 20; i++) {
    vsh_error e = {0};
    snprintf(path, sizeof path, "/tmp/f%d/%d.txt", w->id, i % 5);
    if (vsh_sandbox_write_file(s->sb, path, "data\n", 5, &e))
      fail(s, "write_file", NULL, &e);
    vsh_buf b = {0};
    if (vsh_sandbox_read_file(s->sb, path, &b, &e))
      fail(s, "read_file", NULL, &e);
    vsh_buf_dispose(&b);
    /* the scripts append to it concurrently: it may not exist yet */
    vsh_sandbox_exists(s->sb, "/tmp/shared");
    vsh_strv v = {0};
    if (!vsh_sandbox_readdir(s->sb, "/tmp", &v, &e)) vsh_strv_dispose(&v);
    vsh_stat st;
    vsh_sandbox_stat(s->sb, "/tmp/shared", &st, &e);
    vsh_fs *fork;
    if (vsh_fs_fork(&fork, vsh_virtual_fs(s->sb), &e) == 0) {
      vsh_fs_write(fork, "/private", "x", 1, 0644, &e);
      vsh_fs_free(fork);
    }
    if (i % 5 == 4 && vsh_sandbox_rm(s->sb, path, false, true, &e))
      fail(s, "rm", NULL, &e);
  }
  return NULL;
}

/* Aborts its own execs from a second thread while they run. */
typedef struct abort_arg {
  vsh_signal *sig;
  int delay_ms;
} abort_arg;

static void *aborter(void *arg) {
  abort_arg *a = arg;
  struct timespec ts = {0, a->delay_ms * 1000000L};
  nanosleep(&ts, NULL);
  vsh_signal_abort(a->sig, "stress abort");
  return NULL;
}

static void *abort_worker(void *arg) {
  worker *w = arg;
  shared *s = w->sh;
  for (int i = 0; i < s->rounds * 2; i++) {
    abort_arg a = {vsh_signal_new(), 5 + 10 * (i % 3)};
    pthread_t t;
    if (!a.sig || pthread_create(&t, NULL, aborter, &a)) {
      fail(s, "abort setup", NULL, NULL);
      vsh_signal_unref(a.sig);
      continue;
    }
    vsh_exec_opts o = {.signal = a.sig};
    vsh_result r;
    vsh_error e = {0};
    int rc = vsh_sandbox_exec(
        s->sb, "yes | cat > /dev/null & sleep 5 | cat; wait", &o, &r, &e);
    if (rc != VSH_EABORTED) fail(s, "abort", rc ? NULL : &r, &e);
    if (!rc) vsh_result_dispose(&r);
    pthread_join(t, NULL);
    vsh_signal_unref(a.sig);
  }
  return NULL;
}

/* The six tools, shared by the threads: write+edit on one path take the
 * per-path lock, the others run beside them. */
static void tool(shared *s, int k, const char *params, bool must) {
  vsh_tool_result r = {0};
  vsh_error e = {0};
  if (vsh_tool_execute(s->tools[k], "call", params, NULL, NULL, NULL, &r, &e) &&
      must)
    fail(s, params, NULL, &e);
  vsh_tool_result_dispose(&r);
}

static void *tools_worker(void *arg) {
  worker *w = arg;
  shared *s = w->sh;
  char p[256];
  for (int i = 0; i < s->rounds * 5; i++) {
    snprintf(p, sizeof p, "{\"path\":\"t/%d.txt\",\"content\":\"a\\nb\\n\"}",
             w->id);
    tool(s, 1, p, true);
    snprintf(p, sizeof p,
             "{\"path\":\"t/%d.txt\",\"oldText\":\"a\",\"newText\":\"c\"}",
             w->id);
    tool(s, 2, p, true);
    /* both threads race on one file: either edit may find no match */
    tool(s, 1, "{\"path\":\"t/both.txt\",\"content\":\"x\"}", true);
    tool(s, 2, "{\"path\":\"t/both.txt\",\"oldText\":\"x\",\"newText\":\"y\"}",
         false);
    snprintf(p, sizeof p, "{\"path\":\"t/%d.txt\"}", w->id);
    tool(s, 0, p, true);
    tool(s, 3, "{\"command\":\"seq 1 50 | grep 5 | wc -l\",\"timeout\":5}",
         true);
    tool(s, 4, "{\"pattern\":\"c\",\"path\":\"t\"}", false);
    tool(s, 5, "{\"pattern\":\"*.txt\"}", false);
  }
  return NULL;
}

/* Fresh sandboxes from one factory, each used and released at once. */
static void *factory_worker(void *arg) {
  worker *w = arg;
  shared *s = w->sh;
  for (int i = 0; i < s->rounds * 2; i++) {
    vsh_sandbox *sb;
    vsh_error e = {0};
    if (vsh_factory_create(s->factory, "stress", &sb, &e)) {
      fail(s, "factory create", NULL, &e);
      continue;
    }
    expect(s, sb, "cat /seed | tr a b | sort | uniq -c | wc -l", NULL, 0,
           "1\n");
    vsh_sandbox_release(sb);
  }
  return NULL;
}

int main(int argc, char **argv) {
  shared s = {.rounds = argc > 1 ? atoi(argv[1]) : 3};
  atomic_init(&s.failures, 0);
  vsh_error e = {0};
  vsh_seed_file seed = {.path = "/seed", .data = "a\na\n", .len = 4};
  vsh_virtual_opts vo = {.files = &seed, .n_files = 1};
  if (vsh_virtual_sandbox_new(&s.sb, &vo, &e) ||
      vsh_virtual_factory(&s.factory, &vo, &e)) {
    fprintf(stderr, "setup: %s\n", e.message);
    return 1;
  }
  vsh_sandbox *scope;
  if (vsh_sandbox_scope(&scope, s.sb, "/home/user", &e)) {
    fprintf(stderr, "scope: %s\n", e.message);
    return 1;
  }
  int (*mk[6])(vsh_tool **, vsh_sandbox *,
               vsh_error *) = {vsh_tool_read, vsh_tool_write, vsh_tool_edit,
                               vsh_tool_bash, vsh_tool_grep,  vsh_tool_glob};
  for (int k = 0; k < 6; k++)
    if (mk[k](&s.tools[k], scope, &e)) {
      fprintf(stderr, "tool %d: %s\n", k, e.message);
      return 1;
    }
  enum { N = N_EXEC + N_FILES + N_TOOLS + 2 };
  pthread_t t[N];
  worker w[N];
  for (int i = 0; i < N; i++) {
    w[i] = (worker){&s, i};
    void *(*fn)(void *) = i < N_EXEC             ? exec_worker
                          : i < N_EXEC + N_FILES ? files_worker
                          : i < N - 2            ? tools_worker
                          : i == N - 2           ? abort_worker
                                                 : factory_worker;
    if (pthread_create(&t[i], NULL, fn, &w[i])) {
      fprintf(stderr, "pthread_create failed\n");
      return 1;
    }
  }
  for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
  /* every append of every job landed once */
  vsh_result r;
  if (vsh_sandbox_exec(s.sb, "wc -l < /tmp/shared", NULL, &r, &e) == 0) {
    char want[32];
    snprintf(want, sizeof want, "%d\n", N_EXEC * s.rounds * 3);
    if (r.out_len != strlen(want) || memcmp(r.out, want, r.out_len))
      fail(&s, "appends lost", &r, NULL);
    vsh_result_dispose(&r);
  } else {
    fail(&s, "final count", NULL, &e);
  }
  for (int k = 0; k < 6; k++) vsh_tool_release(s.tools[k]);
  vsh_sandbox_release(scope);
  vsh_sandbox_release(s.sb);
  vsh_factory_release(s.factory);
  int n = atomic_load(&s.failures);
  printf("stress_threads: %d threads x %d rounds, %d failures\n", N, s.rounds,
         n);
  return n ? 1 : 0;
}
