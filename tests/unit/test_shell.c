/* test_shell.c: Check suite for the shell handle itself (vsh_shell_*):
 * fresh versus persistent execs, what a result reports, vsh_shell_cwd,
 * execs running on one shell from several threads at once, and the
 * versioned options (vsh.h's "Versions") and VSH_EINVALID_STATE.  The
 * language is covered by the spec cases and the Oils suite. */
#include <vsh.h>

#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static vsh_shell *new_shell(bool persistent) {
  vsh_shell *sh = NULL;
  vsh_error err;
  vsh_shell_opts o = {.persistent = persistent};
  ck_assert_msg(vsh_shell_new(&sh, &o, &err) == 0, "%s", err.message);
  return sh;
}

/* Runs script and returns its stdout (static buffer), checking status. */
static const char *run(vsh_shell *sh, const char *script, int status) {
  static char out[4096];
  vsh_result r;
  vsh_error err;
  ck_assert_msg(vsh_shell_exec(sh, script, strlen(script), NULL, &r, &err) == 0,
                "%s", err.message);
  ck_assert_msg(r.exit_code == status, "%s: status %d, stderr %.*s", script,
                r.exit_code, (int)r.err_len, r.err);
  snprintf(out, sizeof out, "%.*s", (int)r.out_len, r.out);
  vsh_result_dispose(&r);
  return out;
}

START_TEST(fresh_execs_share_only_the_filesystem) {
  vsh_shell *sh = new_shell(false);
  run(sh, "cd /tmp; x=1; f() { :; }; alias a=b; echo kept > /tmp/f", 0);
  ck_assert_str_eq(
      run(sh, "pwd; echo \"${x-unset}\"; type -t f a || echo none; cat /tmp/f",
          0),
      "/home/user\nunset\nnone\nkept\n");
  char cwd[64];
  ck_assert_int_eq(vsh_shell_cwd(sh, cwd, sizeof cwd), 0);
  ck_assert_str_eq(cwd, "/home/user");
  vsh_shell_free(sh);
}
END_TEST

START_TEST(persistent_sessions_keep_cwd_variables_functions_and_options) {
  vsh_shell *sh = new_shell(true);
  run(sh,
      "mkdir -p /w/d; cd /w/d; x=1; f() { echo \"f $1\"; }; "
      "shopt -s expand_aliases; alias hi='echo hi'; set -u",
      0);
  ck_assert_str_eq(run(sh, "pwd; echo $x; f z; hi", 0), "/w/d\n1\nf z\nhi\n");
  /* set -u carried over: an unset variable is now an error */
  run(sh, "echo $nope", 1);
  char cwd[64];
  ck_assert_int_eq(vsh_shell_cwd(sh, cwd, sizeof cwd), 0);
  ck_assert_str_eq(cwd, "/w/d");
  ck_assert_int_eq(vsh_shell_cwd(sh, cwd, 4), VSH_ENAMETOOLONG);
  ck_assert_int_eq(vsh_shell_cwd(sh, NULL, 4), VSH_EINVAL);
  vsh_shell_free(sh);
}
END_TEST

START_TEST(a_result_reports_the_final_cwd_and_exported_env) {
  vsh_shell *sh = new_shell(false);
  vsh_result r;
  vsh_error err;
  const char *s = "cd /tmp; export VSH_T=yes; NOT_EXPORTED=1";
  ck_assert_int_eq(vsh_shell_exec(sh, s, strlen(s), NULL, &r, &err), 0);
  ck_assert_str_eq(r.cwd, "/tmp");
  bool seen = false;
  for (char **e = r.env; e && *e; e++) {
    if (!strcmp(*e, "VSH_T=yes")) seen = true;
    ck_assert_msg(strncmp(*e, "NOT_EXPORTED=", 13), "%s exported", *e);
  }
  ck_assert(seen);
  vsh_result_dispose(&r);
  vsh_shell_free(sh);
}
END_TEST

typedef struct worker {
  vsh_shell *sh;
  int fails;
  char pids[64][16];
} worker;

static void *work(void *ud) {
  worker *w = ud;
  for (int i = 0; i < 64; i++) {
    vsh_result r;
    vsh_error err;
    const char *s = "echo $$; (echo sub) | cat > /dev/null; cd /tmp";
    if (vsh_shell_exec(w->sh, s, strlen(s), NULL, &r, &err) || r.exit_code) {
      w->fails++;
      continue;
    }
    snprintf(w->pids[i], sizeof w->pids[i], "%.*s", (int)r.out_len, r.out);
    vsh_result_dispose(&r);
    char cwd[64];
    if (vsh_shell_cwd(w->sh, cwd, sizeof cwd)) w->fails++;
  }
  return NULL;
}

/* on_output collects "fd:text" pieces in the order they were written. */
static void collect_output(void *ud, int fd, const void *data, size_t len) {
  char *log = ud;
  size_t n = strlen(log);
  snprintf(log + n, 4096 - n, "%d:%.*s", fd, (int)len, (const char *)data);
}

START_TEST(on_output_sees_stdout_and_stderr_as_written) {
  vsh_shell *sh = new_shell(false);
  char log[4096] = "";
  vsh_exec_opts o = {.on_output = collect_output, .on_output_ud = log};
  vsh_result r;
  vsh_error err;
  const char *script = "echo one; echo two >&2; echo three; printf x | cat";
  ck_assert(vsh_shell_exec(sh, script, strlen(script), &o, &r, &err) == 0);
  ck_assert_str_eq(log, "1:one\n2:two\n1:three\n1:x");
  /* the result still holds everything */
  ck_assert_int_eq((int)r.out_len, 11);
  ck_assert(memcmp(r.out, "one\nthree\nx", 11) == 0);
  ck_assert_int_eq((int)r.err_len, 4);
  vsh_result_dispose(&r);
  vsh_shell_free(sh);
}
END_TEST

/* stdin_read hands out the input a few bytes a call; calls counts. */
typedef struct feeder {
  const char *data;
  size_t pos, len;
  int calls;
} feeder;

static int64_t feed(void *ud, void *buf, size_t n) {
  feeder *f = ud;
  f->calls++;
  size_t k = f->len - f->pos < 3 ? f->len - f->pos : 3;
  if (k > n) k = n;
  memcpy(buf, f->data + f->pos, k);
  f->pos += k;
  return (int64_t)k;
}

START_TEST(stdin_read_is_pulled_as_the_script_reads) {
  vsh_shell *sh = new_shell(false);
  feeder f = {.data = "b\na\nc\n", .len = 6};
  vsh_exec_opts o = {.stdin_read = feed, .stdin_ud = &f};
  vsh_result r;
  vsh_error err;
  const char *script = "read first; sort; echo \"first=$first\"";
  ck_assert(vsh_shell_exec(sh, script, strlen(script), &o, &r, &err) == 0);
  ck_assert_int_eq((int)r.out_len, 12);
  ck_assert(memcmp(r.out, "a\nc\nfirst=b\n", 12) == 0);
  ck_assert_int_ge(f.calls, 3); /* pulled in pieces, to the end */
  vsh_result_dispose(&r);
  /* a script that never reads stdin never calls it */
  feeder g = {.data = "x", .len = 1};
  o.stdin_ud = &g;
  ck_assert(vsh_shell_exec(sh, "echo hi", 7, &o, &r, &err) == 0);
  ck_assert_int_eq(g.calls, 0);
  vsh_result_dispose(&r);
  vsh_shell_free(sh);
}
END_TEST

/* Four threads exec on one shell at once; TSan checks this. */
START_TEST(execs_on_one_shell_from_several_threads) {
  vsh_shell *sh = new_shell(false);
  enum { N = 4 };
  worker w[N];
  pthread_t t[N];
  for (int i = 0; i < N; i++) {
    memset(&w[i], 0, sizeof w[i]);
    w[i].sh = sh;
    ck_assert_int_eq(pthread_create(&t[i], NULL, work, &w[i]), 0);
  }
  for (int i = 0; i < N; i++) {
    pthread_join(t[i], NULL);
    ck_assert_int_eq(w[i].fails, 0);
    for (int k = 0; k < 64; k++) ck_assert_int_gt(atoi(w[i].pids[k]), 0);
  }
  vsh_shell_free(sh);
}
END_TEST

/* Runs script on a shell with these limits: status and stderr. */
static int run_limited(const vsh_limits *lim, const char *script,
                       vsh_result *r) {
  vsh_shell *sh = NULL;
  vsh_error err;
  vsh_shell_opts o = {.limits = lim};
  ck_assert_msg(vsh_shell_new(&sh, &o, &err) == 0, "%s", err.message);
  ck_assert_msg(vsh_shell_exec(sh, script, strlen(script), NULL, r, &err) == 0,
                "%s", err.message);
  vsh_shell_free(sh);
  return r->exit_code;
}

START_TEST(memory_ceiling_ends_the_exec_with_126_and_the_next_exec_runs) {
  vsh_limits lim;
  vsh_limits_init(&lim, VSH_PROFILE_NORMAL);
  lim.max_memory = 16u << 20;
  vsh_result r;
  /* 32 MiB of string: past the ceiling, not the string limit */
  ck_assert_int_eq(run_limited(&lim, "x=a; while :; do x=$x$x; done", &r), 126);
  ck_assert_msg(r.err_len && strstr(r.err, "memory limit exceeded (16 MiB)"),
                "%.*s", (int)r.err_len, r.err);
  ck_assert_uint_le(r.mem_peak, 16u << 20);
  vsh_result_dispose(&r);
  /* a sort that would need more: the same, from a command */
  ck_assert_int_eq(run_limited(&lim, "seq 1 3000000 | sort -n | tail -1", &r),
                   126);
  vsh_result_dispose(&r);
  /* the process keeps serving: a modest exec runs and reports its peak */
  ck_assert_int_eq(run_limited(&lim, "seq 1 1000 | sort -rn | head -1", &r), 0);
  ck_assert_int_eq((int)r.out_len, 5);
  ck_assert_uint_gt(r.mem_peak, 0);
  vsh_result_dispose(&r);
}
END_TEST

START_TEST(work_budget_stops_a_runaway_command_with_126) {
  vsh_limits lim;
  vsh_limits_init(&lim, VSH_PROFILE_HARDENED);
  lim.max_work = 1000000;
  vsh_result r;
  ck_assert_int_eq(run_limited(&lim, "echo x | sed ':a;ba'", &r), 126);
  ck_assert_msg(r.err_len && strstr(r.err, "work limit exceeded"), "%.*s",
                (int)r.err_len, r.err);
  ck_assert_uint_ge(r.work, 1000000);
  vsh_result_dispose(&r);
  ck_assert_int_eq(run_limited(&lim, "yes > /dev/null", &r), 126);
  vsh_result_dispose(&r);
  /* ordinary work fits: the budget counts, it does not bite */
  ck_assert_int_eq(run_limited(&lim, "seq 1 1000 | wc -l", &r), 0);
  ck_assert_uint_gt(r.work, 0);
  vsh_result_dispose(&r);
}
END_TEST

START_TEST(options_of_an_unknown_version_are_refused_and_zero_reads_as_one) {
  vsh_shell *sh = NULL;
  vsh_error err;
  vsh_shell_opts o = VSH_SHELL_OPTS_INIT;
  o.version = VSH_SHELL_OPTS_VERSION + 1;
  ck_assert_int_eq(vsh_shell_new(&sh, &o, &err), VSH_EINVAL);
  ck_assert_ptr_null(sh);
  ck_assert_msg(strstr(err.message, "vsh_shell_opts: version 2"), "%s",
                err.message);
  vsh_limits lim = VSH_LIMITS_INIT;
  lim.version = 7;
  o.version = 0; /* a struct from before the field: read as version 1 */
  o.limits = &lim;
  ck_assert_int_eq(vsh_shell_new(&sh, &o, &err), VSH_EINVAL);
  ck_assert_msg(strstr(err.message, "vsh_limits"), "%s", err.message);
  lim.version = VSH_LIMITS_VERSION;
  ck_assert_msg(vsh_shell_new(&sh, &o, &err) == 0, "%s", err.message);
  vsh_exec_opts eo = VSH_EXEC_OPTS_INIT;
  vsh_result r;
  eo.version = 9;
  ck_assert_int_eq(vsh_shell_exec(sh, "echo x", 6, &eo, &r, &err), VSH_EINVAL);
  ck_assert_msg(strstr(err.message, "vsh_exec_opts"), "%s", err.message);
  vsh_command c = VSH_COMMAND_INIT;
  c.version = 2;
  ck_assert_int_eq(vsh_shell_register_command(sh, "x", &c, &err), VSH_EINVAL);
  ck_assert_msg(strstr(err.message, "vsh_command"), "%s", err.message);
  vsh_shell_free(sh);
}
END_TEST

START_TEST(limits_init_macro_is_the_normal_profile) {
  vsh_limits a = VSH_LIMITS_INIT, b;
  memset(&b, 0xff, sizeof b);
  vsh_limits_init(&b, VSH_PROFILE_NORMAL);
  /* field by field: the padding after version is not a value */
  ck_assert(a.version == b.version);
  ck_assert(a.max_commands == b.max_commands);
  ck_assert(a.max_loop_iterations == b.max_loop_iterations);
  ck_assert(a.max_call_depth == b.max_call_depth);
  ck_assert(a.max_subst_depth == b.max_subst_depth);
  ck_assert(a.max_string == b.max_string);
  ck_assert(a.max_output == b.max_output);
  ck_assert(a.max_brace == b.max_brace);
  ck_assert(a.max_glob_ops == b.max_glob_ops);
  ck_assert(a.max_fs_bytes == b.max_fs_bytes);
  ck_assert(a.deadline_ms == b.deadline_ms);
  ck_assert(a.max_threads == b.max_threads);
  ck_assert(a.max_memory == b.max_memory);
  ck_assert(a.max_work == b.max_work);
  vsh_limits_init(&b, VSH_PROFILE_HARDENED);
  ck_assert_uint_eq(b.version, VSH_LIMITS_VERSION);
  ck_assert_uint_lt(b.max_commands, a.max_commands);
}
END_TEST

/* A custom command that tries to change its shell mid-exec. */
static int reregister(vsh_cmd *c, int argc, char **argv, void *ud) {
  (void)argc;
  (void)argv;
  vsh_error err;
  vsh_command self = {
      .version = VSH_COMMAND_VERSION, .run = reregister, .ud = ud};
  int a = vsh_shell_register_command(ud, "other", &self, &err);
  int b = vsh_shell_set_option(ud, "extglob", true, &err);
  char msg[64];
  int n = snprintf(msg, sizeof msg, "%s %s\n", vsh_errname(a), vsh_errname(b));
  vsh_cmd_write(c, 1, msg, (size_t)n);
  return 0;
}

/* A custom command that tries a second exec on its own persistent shell. */
static int reenter(vsh_cmd *c, int argc, char **argv, void *ud) {
  (void)argc;
  (void)argv;
  vsh_result r;
  vsh_error err;
  int rc = vsh_shell_exec(ud, "echo inner", 10, NULL, &r, &err);
  if (!rc) vsh_result_dispose(&r);
  char msg[160];
  int n = snprintf(msg, sizeof msg, "%s: %s\n", vsh_errname(rc), err.message);
  vsh_cmd_write(c, 1, msg, (size_t)n);
  return 0;
}

START_TEST(a_persistent_shell_refuses_a_second_exec_while_one_runs) {
  vsh_shell *sh = new_shell(true);
  vsh_error err;
  vsh_command c = {.version = VSH_COMMAND_VERSION, .run = reenter, .ud = sh};
  ck_assert_int_eq(vsh_shell_register_command(sh, "reenter", &c, &err), 0);
  const char *out = run(sh, "x=kept; reenter", 0);
  ck_assert_msg(strstr(out, "EINVALID_STATE: exec: this persistent shell is "
                            "already running an exec"),
                "%s", out);
  /* the session survived, and the next exec takes it */
  ck_assert_str_eq(run(sh, "echo $x", 0), "kept\n");
  vsh_shell_free(sh);
}
END_TEST

START_TEST(changing_a_shell_while_it_runs_an_exec_is_an_invalid_state) {
  vsh_shell *sh = new_shell(false);
  vsh_error err;
  vsh_command c = {.version = VSH_COMMAND_VERSION, .run = reregister, .ud = sh};
  ck_assert_int_eq(vsh_shell_register_command(sh, "rereg", &c, &err), 0);
  ck_assert_str_eq(run(sh, "rereg; other 2>/dev/null || echo absent", 0),
                   "EINVALID_STATE EINVALID_STATE\nabsent\n");
  /* between execs both work */
  ck_assert_int_eq(vsh_shell_register_command(sh, "other", &c, &err), 0);
  ck_assert_int_eq(vsh_shell_set_option(sh, "extglob", true, &err), 0);
  vsh_shell_free(sh);
}
END_TEST

static Suite *shell_suite(void) {
  Suite *s = suite_create("shell");
  TCase *tc = tcase_create("sessions");
  tcase_add_test(tc, fresh_execs_share_only_the_filesystem);
  tcase_add_test(tc,
                 persistent_sessions_keep_cwd_variables_functions_and_options);
  tcase_add_test(tc, a_result_reports_the_final_cwd_and_exported_env);
  tcase_add_test(tc, on_output_sees_stdout_and_stderr_as_written);
  tcase_add_test(tc, stdin_read_is_pulled_as_the_script_reads);
  suite_add_tcase(s, tc);
  tc = tcase_create("abi");
  tcase_add_test(
      tc, options_of_an_unknown_version_are_refused_and_zero_reads_as_one);
  tcase_add_test(tc, limits_init_macro_is_the_normal_profile);
  tcase_add_test(tc,
                 changing_a_shell_while_it_runs_an_exec_is_an_invalid_state);
  tcase_add_test(tc, a_persistent_shell_refuses_a_second_exec_while_one_runs);
  suite_add_tcase(s, tc);
  tc = tcase_create("budgets");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc,
                 memory_ceiling_ends_the_exec_with_126_and_the_next_exec_runs);
  tcase_add_test(tc, work_budget_stops_a_runaway_command_with_126);
  suite_add_tcase(s, tc);
  tc = tcase_create("threads");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, execs_on_one_shell_from_several_threads);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(shell_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
