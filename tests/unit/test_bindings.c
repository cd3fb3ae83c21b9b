/* test_bindings.c: Check suite for the C API the language bindings sit
 * on: the file verbs on a shell's own filesystem (vsh_fs_stat/read/
 * write_file/readdir/rm/cp/rename/chmod/symlink/link/readlink/realpath/
 * utimes/walk, vsh_path_resolve), all variables and partial output in
 * results, replace_env, the command allowlist, virtual ids, and a custom
 * command's environ and nested exec (also from another thread). */
#include <vsh.h>

#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static vsh_shell *shell_with(const vsh_shell_opts *o) {
  vsh_shell *sh = NULL;
  vsh_error err;
  ck_assert_msg(vsh_shell_new(&sh, o, &err) == 0, "%s", err.message);
  return sh;
}

static void exec_ok(vsh_shell *sh, const char *script, const vsh_exec_opts *o,
                    vsh_result *r) {
  vsh_error err;
  ck_assert_msg(vsh_shell_exec(sh, script, strlen(script), o, r, &err) == 0,
                "%s", err.message);
}

static const char *var_of(char **vars, const char *name) {
  size_t n = strlen(name);
  for (size_t i = 0; vars && vars[i]; i++)
    if (!strncmp(vars[i], name, n) && vars[i][n] == '=') return vars[i] + n + 1;
  return NULL;
}

/* ---- file verbs ------------------------------------------------------ */

START_TEST(file_verbs_act_on_the_shells_tree) {
  vsh_shell *sh = shell_with(NULL);
  vsh_fs *fs = vsh_shell_fs(sh);
  vsh_error err;
  ck_assert_int_eq(vsh_fs_write_file(fs, "/a/b/c.txt", "hi", 2, 0, &err),
                   VSH_ENOENT);
  ck_assert_int_eq(
      vsh_fs_write_file(fs, "/a/b/c.txt", "hi", 2, VSH_FS_MKPARENTS, &err), 0);
  ck_assert_int_eq(
      vsh_fs_write_file(fs, "/a/b/c.txt", "!", 1, VSH_FS_APPEND, &err), 0);
  vsh_result r;
  exec_ok(sh, "cat /a/b/c.txt; echo more >> /a/b/c.txt", NULL, &r);
  ck_assert_int_eq((int)r.out_len, 3);
  ck_assert_int_eq(memcmp(r.out, "hi!", 3), 0);
  vsh_result_dispose(&r);
  vsh_buf b = {0};
  ck_assert_int_eq(vsh_fs_read(fs, "/a/b/c.txt", &b, &err), 0);
  ck_assert_str_eq(b.data, "hi!more\n");
  vsh_buf_dispose(&b);
  ck_assert_int_eq(vsh_fs_read(fs, "/nope", &b, &err), VSH_ENOENT);
  ck_assert_ptr_nonnull(strstr(err.message, "No such file or directory"));
  ck_assert_int_eq(vsh_fs_read(fs, "/a", &b, &err), VSH_EISDIR);
  vsh_shell_free(sh);
}
END_TEST

START_TEST(stat_readdir_and_links) {
  vsh_fs *fs = NULL;
  vsh_error err;
  ck_assert_int_eq(vsh_fs_new(&fs, NULL, &err), 0);
  ck_assert_int_eq(vsh_fs_mkdir(fs, "/d/e", false, &err), VSH_ENOENT);
  ck_assert_int_eq(vsh_fs_mkdir(fs, "/d/e", true, &err), 0);
  ck_assert_int_eq(vsh_fs_mkdir(fs, "/d/e", false, &err), VSH_EEXIST);
  ck_assert_int_eq(vsh_fs_write_file(fs, "/d/f", "12345", 5, 0, &err), 0);
  ck_assert_int_eq(vsh_fs_chmod(fs, "/d/f", 0750, &err), 0);
  ck_assert_int_eq(vsh_fs_symlink(fs, "f", "/d/s", &err), 0);
  ck_assert_int_eq(vsh_fs_link(fs, "/d/f", "/d/h", &err), 0);
  vsh_fs_info st;
  ck_assert_int_eq(vsh_fs_stat(fs, "/d/s", true, &st, &err), 0);
  ck_assert_int_eq(st.type, VSH_FT_FILE);
  ck_assert_uint_eq(st.mode, 0750);
  ck_assert_uint_eq(st.size, 5);
  ck_assert_uint_eq(st.nlink, 2);
  ck_assert_int_eq(vsh_fs_stat(fs, "/d/s", false, &st, &err), 0);
  ck_assert_int_eq(st.type, VSH_FT_SYMLINK);
  vsh_buf b = {0};
  ck_assert_int_eq(vsh_fs_readlink(fs, "/d/s", &b, &err), 0);
  ck_assert_str_eq(b.data, "f");
  vsh_buf_dispose(&b);
  ck_assert_int_eq(vsh_fs_realpath(fs, "/d/e/../s", &b, &err), 0);
  ck_assert_str_eq(b.data, "/d/f");
  vsh_buf_dispose(&b);
  vsh_dirents d;
  ck_assert_int_eq(vsh_fs_readdir(fs, "/d", &d, &err), 0);
  ck_assert_uint_eq(d.len, 4);
  const char *names[] = {"e", "f", "h", "s"};
  vsh_ftype types[] = {VSH_FT_DIR, VSH_FT_FILE, VSH_FT_FILE, VSH_FT_SYMLINK};
  for (size_t i = 0; i < 4; i++) {
    ck_assert_str_eq(d.items[i].name, names[i]);
    ck_assert_int_eq(d.items[i].type, types[i]);
  }
  vsh_dirents_dispose(&d);
  ck_assert_int_eq(vsh_fs_readdir(fs, "/d/f", &d, &err), VSH_ENOTDIR);
  struct timespec at = {1000, 0}, mt = {2000, 500};
  ck_assert_int_eq(vsh_fs_utimes(fs, "/d/f", at, mt, &err), 0);
  ck_assert_int_eq(vsh_fs_stat(fs, "/d/f", true, &st, &err), 0);
  ck_assert_int_eq((int)st.mtime.tv_sec, 2000);
  ck_assert_int_eq((int)st.mtime.tv_nsec, 500);
  ck_assert_int_eq((int)st.atime.tv_sec, 1000);
  vsh_fs_free(fs);
}
END_TEST

START_TEST(rm_follows_node_semantics) {
  vsh_fs *fs = NULL;
  vsh_error err;
  ck_assert_int_eq(vsh_fs_new(&fs, NULL, &err), 0);
  ck_assert_int_eq(
      vsh_fs_write_file(fs, "/t/x/y", "1", 1, VSH_FS_MKPARENTS, &err), 0);
  ck_assert_int_eq(vsh_fs_rm(fs, "/none", false, false, &err), VSH_ENOENT);
  ck_assert_int_eq(vsh_fs_rm(fs, "/none", false, true, &err), 0);
  ck_assert_int_eq(vsh_fs_rm(fs, "/t", false, true, &err), VSH_EISDIR);
  ck_assert_int_eq(vsh_fs_rm(fs, "/t/x/y", false, false, &err), 0);
  ck_assert_int_eq(vsh_fs_rm(fs, "/t", true, false, &err), 0);
  vsh_fs_info st;
  ck_assert_int_eq(vsh_fs_stat(fs, "/t", true, &st, &err), VSH_ENOENT);
  vsh_fs_free(fs);
}
END_TEST

START_TEST(cp_and_rename_trees) {
  vsh_fs *fs = NULL;
  vsh_error err;
  ck_assert_int_eq(vsh_fs_new(&fs, NULL, &err), 0);
  ck_assert_int_eq(
      vsh_fs_write_file(fs, "/src/a/b.txt", "B", 1, VSH_FS_MKPARENTS, &err), 0);
  ck_assert_int_eq(vsh_fs_symlink(fs, "a/b.txt", "/src/l", &err), 0);
  ck_assert_int_eq(vsh_fs_cp(fs, "/src", "/dst", false, &err), VSH_EISDIR);
  ck_assert_int_eq(vsh_fs_cp(fs, "/src", "/src/in", true, &err), VSH_EINVAL);
  ck_assert_int_eq(vsh_fs_cp(fs, "/src", "/dst", true, &err), 0);
  vsh_buf b = {0};
  ck_assert_int_eq(vsh_fs_read(fs, "/dst/l", &b, &err), 0);
  ck_assert_str_eq(b.data, "B");
  vsh_buf_dispose(&b);
  /* a copy is its own file */
  ck_assert_int_eq(vsh_fs_write_file(fs, "/dst/a/b.txt", "C", 1, 0, &err), 0);
  ck_assert_int_eq(vsh_fs_read(fs, "/src/a/b.txt", &b, &err), 0);
  ck_assert_str_eq(b.data, "B");
  vsh_buf_dispose(&b);
  ck_assert_int_eq(vsh_fs_cp(fs, "/src/a/b.txt", "/one", false, &err), 0);
  ck_assert_int_eq(vsh_fs_rename(fs, "/dst", "/moved", &err), 0);
  ck_assert_int_eq(vsh_fs_read(fs, "/moved/a/b.txt", &b, &err), 0);
  ck_assert_str_eq(b.data, "C");
  vsh_buf_dispose(&b);
  vsh_fs_free(fs);
}
END_TEST

typedef struct walked {
  char paths[64][64];
  int n;
  int stop_at;
} walked;

static int on_path(void *ud, const char *path, const vsh_fs_info *st) {
  (void)st;
  walked *w = ud;
  if (w->n < 64) snprintf(w->paths[w->n], 64, "%s", path);
  w->n++;
  return w->stop_at && w->n == w->stop_at ? 7 : 0;
}

START_TEST(walk_visits_parents_first_and_can_stop) {
  vsh_fs *fs = NULL;
  vsh_fs_opts fo = {.bare = true};
  vsh_error err;
  ck_assert_int_eq(vsh_fs_new(&fs, &fo, &err), 0);
  ck_assert_int_eq(
      vsh_fs_write_file(fs, "/w/b/x", "", 0, VSH_FS_MKPARENTS, &err), 0);
  ck_assert_int_eq(vsh_fs_write_file(fs, "/w/a", "", 0, 0, &err), 0);
  ck_assert_int_eq(vsh_fs_symlink(fs, "/w", "/w/loop", &err), 0);
  walked w = {.n = 0};
  ck_assert_int_eq(vsh_fs_walk(fs, "/w", on_path, &w, &err), 0);
  ck_assert_int_eq(w.n, 5);
  ck_assert_str_eq(w.paths[0], "/w");
  ck_assert_str_eq(w.paths[1], "/w/a");
  ck_assert_str_eq(w.paths[2], "/w/b");
  ck_assert_str_eq(w.paths[3], "/w/loop"); /* not followed */
  ck_assert_str_eq(w.paths[4], "/w/b/x");
  walked s = {.n = 0, .stop_at = 2};
  ck_assert_int_eq(vsh_fs_walk(fs, "/w", on_path, &s, &err), 7);
  ck_assert_int_eq(s.n, 2);
  ck_assert_int_eq(vsh_fs_walk(fs, "/none", on_path, &s, &err), VSH_ENOENT);
  vsh_fs_free(fs);
}
END_TEST

START_TEST(path_resolve_is_lexical) {
  vsh_buf b = {0};
  ck_assert_int_eq(vsh_path_resolve(&b, "/a/b", "../c/./d/"), 0);
  ck_assert_str_eq(b.data, "/a/c/d");
  vsh_buf_dispose(&b);
  ck_assert_int_eq(vsh_path_resolve(&b, "/a", "/x//y/.."), 0);
  ck_assert_str_eq(b.data, "/x");
  vsh_buf_dispose(&b);
  ck_assert_int_eq(vsh_path_resolve(&b, "/", ""), VSH_EINVAL);
  vsh_buf_dispose(&b);
}
END_TEST

static int provide_abc(void *ud, vsh_buf *out, vsh_error *err) {
  (void)err;
  (*(int *)ud)++;
  out->data = malloc(4);
  if (!out->data) return VSH_ENOMEM;
  memcpy(out->data, "abc", 4);
  out->len = 3;
  out->cap = 4;
  return 0;
}

START_TEST(lazy_file_of_unknown_size_is_provided_on_stat) {
  vsh_shell *sh = shell_with(NULL);
  vsh_fs *fs = vsh_shell_fs(sh);
  vsh_error err;
  static int calls;
  calls = 0;
  vsh_lazy_file lf = VSH_LAZY_FILE_INIT;
  lf.mode = 0644;
  lf.provide = provide_abc;
  lf.ud = &calls;
  ck_assert_int_eq(vsh_fs_write_lazy(fs, "/l1", &lf, &err), 0);
  ck_assert_int_eq(vsh_fs_write_lazy(fs, "/l2", &lf, &err), 0);
  ck_assert_int_eq(calls, 0);
  vsh_fs_info st;
  ck_assert_int_eq(vsh_fs_stat(fs, "/l1", true, &st, &err), 0);
  ck_assert_uint_eq(st.size, 3);
  ck_assert_int_eq(calls, 1);
  vsh_result r;
  exec_ok(sh,
          "[ -s /l1 ] && wc -c < /l1; echo x >> /l2; cat /l2; ls -l /l2 | cut "
          "-d' ' -f5",
          NULL, &r);
  ck_assert_str_eq(r.out, "3\nabcx\n5\n");
  ck_assert_int_eq(calls, 2);
  vsh_result_dispose(&r);
  vsh_shell_free(sh);
}
END_TEST

START_TEST(read_only_mount_refuses_every_change) {
  char dir[] = "/tmp/vsh-ro-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  char path[64];
  snprintf(path, sizeof path, "%s/f.txt", dir);
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs("host\n", f);
  fclose(f);
  vsh_shell *sh = shell_with(NULL);
  vsh_fs *fs = vsh_shell_fs(sh);
  vsh_error err;
  vsh_mount_opts mo = {.read_only = true};
  ck_assert_int_eq(vsh_fs_mount_host(fs, dir, "/ro", &mo, &err), 0);
  ck_assert_int_eq(vsh_fs_write_file(fs, "/ro/f.txt", "x", 1, 0, &err),
                   VSH_EROFS);
  ck_assert_int_eq(vsh_fs_write_file(fs, "/ro/new", "x", 1, 0, &err),
                   VSH_EROFS);
  ck_assert_int_eq(vsh_fs_mkdir(fs, "/ro/d", false, &err), VSH_EROFS);
  ck_assert_int_eq(vsh_fs_rm(fs, "/ro/f.txt", false, false, &err), VSH_EROFS);
  ck_assert_int_eq(vsh_fs_rm(fs, "/ro", true, false, &err), VSH_EROFS);
  ck_assert_int_eq(vsh_fs_rename(fs, "/ro/f.txt", "/tmp/x", &err), VSH_EROFS);
  ck_assert_int_eq(vsh_fs_chmod(fs, "/ro/f.txt", 0600, &err), VSH_EROFS);
  /* reading and copying out work */
  ck_assert_int_eq(vsh_fs_cp(fs, "/ro/f.txt", "/tmp/copy", false, &err), 0);
  vsh_result r;
  exec_ok(sh,
          "cat /ro/f.txt; echo y > /ro/f.txt; touch /ro/n; rm /ro/f.txt; "
          "cat /tmp/copy",
          NULL, &r);
  ck_assert_str_eq(r.out, "host\nhost\n");
  ck_assert_ptr_nonnull(strstr(r.err, "Read-only file system"));
  vsh_result_dispose(&r);
  vsh_shell_free(sh);
  unlink(path);
  rmdir(dir);
}
END_TEST

/* ---- results and exec options ------------------------------------------ */

START_TEST(result_holds_all_variables) {
  vsh_shell *sh = shell_with(NULL);
  vsh_result r;
  exec_ok(sh, "x=1; export Y=2; declare -a arr=(1 2); cd /tmp", NULL, &r);
  ck_assert_str_eq(var_of(r.vars, "x"), "1");
  ck_assert_str_eq(var_of(r.vars, "Y"), "2");
  ck_assert_str_eq(var_of(r.vars, "PWD"), "/tmp");
  ck_assert_ptr_null(var_of(r.vars, "arr")); /* arrays are left out */
  ck_assert_ptr_null(var_of(r.env, "x"));    /* env stays exported-only */
  ck_assert_str_eq(var_of(r.env, "Y"), "2");
  vsh_result_dispose(&r);
  vsh_shell_free(sh);
}
END_TEST

START_TEST(replace_env_starts_empty) {
  const char *base[] = {"BASE=b", "HOME=/home/user", NULL};
  vsh_shell_opts so = {.env = base};
  vsh_shell *sh = shell_with(&so);
  const char *env[] = {"A=a", NULL};
  vsh_exec_opts eo = {.env = env, .replace_env = true};
  vsh_result r;
  exec_ok(sh, "echo \"[$BASE][$A][$HOME]\"", &eo, &r);
  ck_assert_str_eq(r.out, "[][a][]\n");
  vsh_result_dispose(&r);
  eo.replace_env = false;
  exec_ok(sh, "echo \"[$BASE][$A]\"", &eo, &r);
  ck_assert_str_eq(r.out, "[b][a]\n");
  vsh_result_dispose(&r);
  vsh_shell_free(sh);
}
END_TEST

static void *abort_later(void *arg) {
  struct timespec ts = {0, 150 * 1000000};
  nanosleep(&ts, NULL);
  vsh_signal_abort(arg, "stop");
  return NULL;
}

START_TEST(abort_can_keep_partial_output) {
  vsh_shell *sh = shell_with(NULL);
  vsh_signal *sig = vsh_signal_new();
  pthread_t th;
  pthread_create(&th, NULL, abort_later, sig);
  vsh_exec_opts eo = {.signal = sig, .partial_on_abort = true};
  vsh_result r;
  vsh_error err;
  const char *s = "echo before; echo warn >&2; sleep 10; echo after";
  ck_assert_int_eq(vsh_shell_exec(sh, s, strlen(s), &eo, &r, &err),
                   VSH_EABORTED);
  pthread_join(th, NULL);
  ck_assert_int_eq(r.exit_code, 124);
  ck_assert_str_eq(r.out, "before\n");
  ck_assert_str_eq(r.err, "warn\n");
  vsh_result_dispose(&r);
  /* without the option the result stays empty */
  eo.partial_on_abort = false;
  ck_assert_int_eq(vsh_shell_exec(sh, s, strlen(s), &eo, &r, &err),
                   VSH_EABORTED);
  ck_assert_ptr_null(r.out);
  vsh_signal_unref(sig);
  vsh_shell_free(sh);
}
END_TEST

START_TEST(allowlist_and_virtual_ids) {
  const char *allow[] = {"cat", NULL};
  vsh_shell_opts so = {
      .commands = allow, .has_ids = true, .pid = 42, .ppid = 7, .uid = 0};
  vsh_shell *sh = shell_with(&so);
  vsh_result r;
  exec_ok(sh, "echo $$ $PPID $UID; echo x | cat; ls /; echo $?", NULL, &r);
  ck_assert_str_eq(r.out, "42 7 0\nx\n127\n");
  ck_assert_ptr_nonnull(strstr(r.err, "ls: command not found"));
  vsh_result_dispose(&r);
  vsh_shell_free(sh);
}
END_TEST

/* ---- custom commands: environ and nested exec ------------------------- */

typedef struct nested {
  vsh_cmd *cmd;
  vsh_result r;
  int rc;
} nested;

static void *nested_thread(void *arg) {
  nested *n = arg;
  vsh_error err;
  const char *s = "echo \"thread $V $(pwd)\"; cat";
  n->rc = vsh_cmd_exec(n->cmd, s, strlen(s), "in\n", 3, &n->r, &err);
  return NULL;
}

static int cmd_nest(vsh_cmd *c, int argc, char **argv, void *ud) {
  (void)argc;
  (void)argv;
  (void)ud;
  vsh_strv env;
  if (vsh_cmd_environ(c, &env)) return 1;
  bool has_v = false;
  for (size_t i = 0; i < env.len; i++)
    has_v |= !strcmp(env.items[i], "V=exported");
  vsh_strv_dispose(&env);
  vsh_result r;
  vsh_error err;
  const char *s = "echo \"same thread $V $local\"; exit 5";
  if (vsh_cmd_exec(c, s, strlen(s), NULL, 0, &r, &err)) return 1;
  vsh_cmd_write(c, 1, r.out, r.out_len);
  int st = r.exit_code;
  vsh_result_dispose(&r);
  nested n = {.cmd = c};
  pthread_t th;
  pthread_create(&th, NULL, nested_thread, &n);
  pthread_join(th, NULL);
  if (n.rc) return 1;
  vsh_cmd_write(c, 1, n.r.out, n.r.out_len);
  vsh_result_dispose(&n.r);
  return has_v ? st : 99;
}

START_TEST(custom_command_runs_nested_scripts) {
  vsh_shell *sh = shell_with(NULL);
  vsh_error err;
  vsh_command nest = {.version = VSH_COMMAND_VERSION, .run = cmd_nest};
  ck_assert_int_eq(vsh_shell_register_command(sh, "nest", &nest, &err), 0);
  vsh_result r;
  exec_ok(sh, "export V=exported; local=l; cd /tmp; nest; echo $?", NULL, &r);
  ck_assert_str_eq(r.out,
                   "same thread exported l\nthread exported /tmp\nin\n5\n");
  vsh_result_dispose(&r);
  vsh_shell_free(sh);
}
END_TEST

static Suite *bindings_suite(void) {
  Suite *s = suite_create("bindings");
  TCase *tc = tcase_create("file_verbs");
  tcase_add_test(tc, file_verbs_act_on_the_shells_tree);
  tcase_add_test(tc, stat_readdir_and_links);
  tcase_add_test(tc, rm_follows_node_semantics);
  tcase_add_test(tc, cp_and_rename_trees);
  tcase_add_test(tc, walk_visits_parents_first_and_can_stop);
  tcase_add_test(tc, path_resolve_is_lexical);
  tcase_add_test(tc, lazy_file_of_unknown_size_is_provided_on_stat);
  tcase_add_test(tc, read_only_mount_refuses_every_change);
  suite_add_tcase(s, tc);
  tc = tcase_create("exec");
  tcase_add_test(tc, result_holds_all_variables);
  tcase_add_test(tc, replace_env_starts_empty);
  tcase_add_test(tc, abort_can_keep_partial_output);
  tcase_add_test(tc, allowlist_and_virtual_ids);
  tcase_add_test(tc, custom_command_runs_nested_scripts);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(bindings_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
