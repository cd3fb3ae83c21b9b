/* test_sandbox.c: the sandbox contract as the virtual sandbox meets it
 * (paths, file verbs, Node-style errors, factories, fork isolation,
 * threads) and the abort signal.  Each test name states the contract
 * rule it checks.  Timing is only ever checked against generous bounds. */
#include "sandbox/sandbox.h"

#include "vfs/vfs.h"

#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- helpers --------------------------------------------------------- */

static vsh_sandbox *new_sandbox(void) {
  vsh_sandbox *sb = NULL;
  vsh_error err = {0};

  ck_assert_msg(vsh_virtual_sandbox_new(&sb, NULL, &err) == 0, "%s",
                err.message);
  ck_assert_ptr_nonnull(sb);
  return sb;
}

static void put(vsh_sandbox *sb, const char *path, const char *text) {
  vsh_error err = {0};

  ck_assert_msg(vsh_sandbox_write_file(sb, path, text, strlen(text), &err) == 0,
                "write %s: %s", path, err.message);
}

static void expect_text(vsh_sandbox *sb, const char *path, const char *text) {
  vsh_buf b = {0};
  vsh_error err = {0};

  ck_assert_msg(vsh_sandbox_read_file(sb, path, &b, &err) == 0, "read %s: %s",
                path, err.message);
  ck_assert_uint_eq(b.len, strlen(text));
  ck_assert_mem_eq(b.data, text, b.len);
  vsh_buf_dispose(&b);
}

static void expect_resolved(vsh_sandbox *sb, const char *p, const char *want) {
  vsh_buf b = {0};

  ck_assert_int_eq(vsh_sandbox_resolve_path(sb, p, &b), 0);
  ck_assert_str_eq(b.data, want);
  vsh_buf_dispose(&b);
}

static int64_t now_ms(void) {
  struct timespec t;

  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* ---- paths ----------------------------------------------------------- */

START_TEST(cwd_defaults_to_home_user_and_exists) {
  vsh_sandbox *sb = new_sandbox();
  vsh_stat st;

  ck_assert_str_eq(vsh_sandbox_cwd(sb), "/home/user");
  ck_assert_int_eq(vsh_sandbox_stat(sb, "/home/user", &st, NULL), 0);
  ck_assert(st.is_directory);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(cwd_option_is_normalised_and_created_with_parents) {
  vsh_virtual_opts o = {.cwd = "/work//deep/./x/"};
  vsh_sandbox *sb = NULL;

  ck_assert_int_eq(vsh_virtual_sandbox_new(&sb, &o, NULL), 0);
  ck_assert_str_eq(vsh_sandbox_cwd(sb), "/work/deep/x");
  ck_assert(vsh_sandbox_exists(sb, "/work/deep/x"));
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(resolve_path_gives_one_string_for_two_spellings) {
  vsh_sandbox *sb = new_sandbox();

  expect_resolved(sb, "a/b.txt", "/home/user/a/b.txt");
  expect_resolved(sb, "./a//b.txt", "/home/user/a/b.txt");
  expect_resolved(sb, "/home/user/x/../a/./b.txt", "/home/user/a/b.txt");
  expect_resolved(sb, "/home//user/a/b.txt/", "/home/user/a/b.txt");
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(resolve_path_joins_relative_to_cwd_and_passes_absolute) {
  vsh_sandbox *sb = new_sandbox();

  expect_resolved(sb, "notes", "/home/user/notes");
  expect_resolved(sb, "..", "/home");
  expect_resolved(sb, "../../../..", "/");
  expect_resolved(sb, "/etc/x", "/etc/x");
  expect_resolved(sb, ".", "/home/user");
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(resolve_path_is_pure_and_creates_nothing) {
  vsh_sandbox *sb = new_sandbox();

  expect_resolved(sb, "ghost/dir/file", "/home/user/ghost/dir/file");
  ck_assert(!vsh_sandbox_exists(sb, "ghost"));
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(relative_file_paths_resolve_against_cwd) {
  vsh_sandbox *sb = new_sandbox();
  vsh_strv names = {0};

  put(sb, "rel.txt", "hello");
  expect_text(sb, "/home/user/rel.txt", "hello");
  ck_assert_int_eq(vsh_sandbox_mkdir(sb, "d", false, NULL), 0);
  ck_assert(vsh_sandbox_exists(sb, "/home/user/d"));
  ck_assert_int_eq(vsh_sandbox_readdir(sb, ".", &names, NULL), 0);
  ck_assert_uint_eq(names.len, 2);
  vsh_strv_dispose(&names);
  ck_assert_int_eq(vsh_sandbox_rm(sb, "rel.txt", false, false, NULL), 0);
  ck_assert(!vsh_sandbox_exists(sb, "/home/user/rel.txt"));
  vsh_sandbox_release(sb);
}
END_TEST

/* ---- read and write -------------------------------------------------- */

START_TEST(write_file_creates_missing_parents) {
  vsh_sandbox *sb = new_sandbox();
  vsh_stat st;

  put(sb, "out/nested/deeper/report.md", "# report\n");
  expect_text(sb, "/home/user/out/nested/deeper/report.md", "# report\n");
  ck_assert_int_eq(vsh_sandbox_stat(sb, "out/nested", &st, NULL), 0);
  ck_assert(st.is_directory);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(write_file_replaces_existing_content) {
  vsh_sandbox *sb = new_sandbox();

  put(sb, "f", "a long first version");
  put(sb, "f", "short");
  expect_text(sb, "f", "short");
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(write_file_fails_when_a_parent_is_a_file) {
  vsh_sandbox *sb = new_sandbox();
  vsh_error err = {0};

  put(sb, "plain", "x");
  ck_assert_int_eq(vsh_sandbox_write_file(sb, "plain/child", "y", 1, &err),
                   VSH_ENOTDIR);
  ck_assert_str_eq(err.message,
                   "ENOTDIR: not a directory, open '/home/user/plain/child'");
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(read_file_returns_bytes_as_they_are) {
  vsh_sandbox *sb = new_sandbox();
  static const char bytes[] = {'a', 0, (char)0xff, (char)0xc3, 'z'};
  vsh_buf text = {0}, raw = {0};

  ck_assert_int_eq(vsh_sandbox_write_file(sb, "bin", bytes, sizeof bytes, NULL),
                   0);
  ck_assert_int_eq(vsh_sandbox_read_file(sb, "bin", &text, NULL), 0);
  ck_assert_int_eq(vsh_sandbox_read_file_buffer(sb, "bin", &raw, NULL), 0);
  ck_assert_uint_eq(text.len, sizeof bytes);
  ck_assert_uint_eq(raw.len, sizeof bytes);
  ck_assert_mem_eq(text.data, bytes, sizeof bytes);
  ck_assert_mem_eq(raw.data, bytes, sizeof bytes);
  vsh_buf_dispose(&text);
  vsh_buf_dispose(&raw);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(write_file_of_empty_content_creates_empty_file) {
  vsh_sandbox *sb = new_sandbox();
  vsh_stat st;

  ck_assert_int_eq(vsh_sandbox_write_file(sb, "empty", NULL, 0, NULL), 0);
  ck_assert_int_eq(vsh_sandbox_stat(sb, "empty", &st, NULL), 0);
  ck_assert(st.is_file);
  ck_assert_uint_eq(st.size, 0);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(read_file_fails_on_missing_path) {
  vsh_sandbox *sb = new_sandbox();
  vsh_buf b = {0};
  vsh_error err = {0};

  ck_assert_int_eq(vsh_sandbox_read_file(sb, "nope/x", &b, &err), VSH_ENOENT);
  ck_assert_ptr_null(b.data);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(read_file_fails_on_directory) {
  vsh_sandbox *sb = new_sandbox();
  vsh_buf b = {0};
  vsh_error err = {0};

  ck_assert_int_eq(vsh_sandbox_read_file(sb, "/home", &b, &err), VSH_EISDIR);
  ck_assert_int_eq(vsh_sandbox_read_file_buffer(sb, "/home", &b, &err),
                   VSH_EISDIR);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(write_file_fails_on_directory) {
  vsh_sandbox *sb = new_sandbox();
  vsh_error err = {0};

  ck_assert_int_eq(vsh_sandbox_write_file(sb, "/home/user", "x", 1, &err),
                   VSH_EISDIR);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(quota_error_reaches_write_file_as_enospc) {
  vsh_fs_opts fo = {.max_bytes = 4096};
  vsh_virtual_opts o = {.fs_opts = &fo};
  vsh_sandbox *sb = NULL;
  vsh_error err = {0};
  char *big = calloc(1, 8192);

  ck_assert_int_eq(vsh_virtual_sandbox_new(&sb, &o, NULL), 0);
  put(sb, "big", "fits");
  ck_assert_int_eq(vsh_sandbox_write_file(sb, "big", big, 8192, &err),
                   VSH_ENOSPC);
  ck_assert_str_eq(err.message,
                   "ENOSPC: no space left on device, write '/home/user/big'");
  ck_assert_str_eq(err.operation, "write_file");
  ck_assert_str_eq(err.provider, "virtual");
  /* All or nothing: the failed write kept the old content. */
  expect_text(sb, "big", "fits");
  free(big);
  vsh_sandbox_release(sb);
}
END_TEST

/* ---- stat ------------------------------------------------------------ */

START_TEST(stat_of_file_reports_real_size_and_mtime) {
  vsh_sandbox *sb = new_sandbox();
  vsh_stat st;

  put(sb, "f", "12345");
  ck_assert_int_eq(vsh_sandbox_stat(sb, "f", &st, NULL), 0);
  ck_assert(st.is_file);
  ck_assert(!st.is_directory);
  ck_assert(!st.is_symbolic_link);
  ck_assert_uint_eq(st.has, VSH_STAT_SYMLINK | VSH_STAT_SIZE | VSH_STAT_MTIME);
  ck_assert_uint_eq(st.size, 5);
  ck_assert(st.mtime.tv_sec > 0);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(stat_of_symlink_describes_target_and_flags_link) {
  vsh_sandbox *sb = new_sandbox();
  vsh_fs *fs = vsh_virtual_fs(sb);
  vsh_stat st;

  ck_assert_ptr_nonnull(fs);
  put(sb, "target.txt", "0123456789");
  ck_assert_int_eq(vfs_symlink(fs, "/home/user/target.txt", "/home/user/link"),
                   0);
  ck_assert_int_eq(vfs_symlink(fs, "/home", "/home/user/dirlink"), 0);

  ck_assert_int_eq(vsh_sandbox_stat(sb, "link", &st, NULL), 0);
  ck_assert(st.is_file);
  ck_assert(!st.is_directory);
  ck_assert(st.is_symbolic_link);
  ck_assert(st.has & VSH_STAT_SYMLINK);
  ck_assert_uint_eq(st.size, 10);

  ck_assert_int_eq(vsh_sandbox_stat(sb, "dirlink", &st, NULL), 0);
  ck_assert(st.is_directory);
  ck_assert(st.is_symbolic_link);

  ck_assert_int_eq(vsh_sandbox_stat(sb, "target.txt", &st, NULL), 0);
  ck_assert(!st.is_symbolic_link);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(stat_of_dangling_symlink_fails_with_enoent) {
  vsh_sandbox *sb = new_sandbox();
  vsh_stat st;
  vsh_error err = {0};

  ck_assert_int_eq(
      vfs_symlink(vsh_virtual_fs(sb), "/nowhere", "/home/user/dangling"), 0);
  ck_assert_int_eq(vsh_sandbox_stat(sb, "dangling", &st, &err), VSH_ENOENT);
  ck_assert_str_eq(err.message, "ENOENT: no such file or directory, stat "
                                "'/home/user/dangling'");
  ck_assert(!vsh_sandbox_exists(sb, "dangling"));
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(stat_fails_on_missing_path) {
  vsh_sandbox *sb = new_sandbox();
  vsh_stat st;

  ck_assert_int_eq(vsh_sandbox_stat(sb, "missing", &st, NULL), VSH_ENOENT);
  vsh_sandbox_release(sb);
}
END_TEST

/* ---- exists ---------------------------------------------------------- */

START_TEST(exists_is_true_for_files_and_directories) {
  vsh_sandbox *sb = new_sandbox();

  put(sb, "f", "x");
  ck_assert(vsh_sandbox_exists(sb, "f"));
  ck_assert(vsh_sandbox_exists(sb, "/home"));
  ck_assert(vsh_sandbox_exists(sb, "/"));
  ck_assert(!vsh_sandbox_exists(sb, "g"));
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(exists_never_fails_on_bad_input) {
  vsh_sandbox *sb = new_sandbox();
  char *long_path = malloc(5001);
  char *long_name = malloc(5002);

  for (int i = 0; i < 5000; i++) long_path[i] = i % 2 ? '/' : 'a';
  long_path[5000] = '\0';
  long_name[0] = '/';
  memset(long_name + 1, 'n', 5000);
  long_name[5001] = '\0';

  ck_assert(!vsh_sandbox_exists(sb, ""));
  ck_assert(!vsh_sandbox_exists(sb, long_path));
  ck_assert(!vsh_sandbox_exists(sb, long_name));
  ck_assert(!vsh_sandbox_exists(sb, "a/../../b/./c//"));
  ck_assert(vsh_sandbox_exists(sb, "x/../../../../home/./user//"));
  ck_assert(!vsh_sandbox_exists(sb, "/dev/null/x"));
  ck_assert(!vsh_sandbox_exists(NULL, "/"));
  ck_assert(!vsh_sandbox_exists(sb, NULL));
  free(long_path);
  free(long_name);
  vsh_sandbox_release(sb);
}
END_TEST

/* ---- readdir --------------------------------------------------------- */

START_TEST(readdir_gives_sorted_names_only) {
  vsh_sandbox *sb = new_sandbox();
  vsh_strv v = {0};

  put(sb, "d/zeta", "1");
  put(sb, "d/alpha", "2");
  put(sb, "d/sub/inner", "3");
  ck_assert_int_eq(vsh_sandbox_readdir(sb, "d", &v, NULL), 0);
  ck_assert_uint_eq(v.len, 3);
  ck_assert_str_eq(v.items[0], "alpha");
  ck_assert_str_eq(v.items[1], "sub");
  ck_assert_str_eq(v.items[2], "zeta");
  vsh_strv_dispose(&v);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(readdir_fails_on_file) {
  vsh_sandbox *sb = new_sandbox();
  vsh_strv v = {0};
  vsh_error err = {0};

  put(sb, "f", "x");
  ck_assert_int_eq(vsh_sandbox_readdir(sb, "f", &v, &err), VSH_ENOTDIR);
  ck_assert_str_eq(err.message,
                   "ENOTDIR: not a directory, scandir '/home/user/f'");
  ck_assert_uint_eq(v.len, 0);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(readdir_fails_on_missing_path) {
  vsh_sandbox *sb = new_sandbox();
  vsh_strv v = {0};

  ck_assert_int_eq(vsh_sandbox_readdir(sb, "none", &v, NULL), VSH_ENOENT);
  vsh_sandbox_release(sb);
}
END_TEST

/* ---- mkdir ----------------------------------------------------------- */

START_TEST(mkdir_without_recursive_fails_on_existing_path) {
  vsh_sandbox *sb = new_sandbox();
  vsh_error err = {0};

  ck_assert_int_eq(vsh_sandbox_mkdir(sb, "d", false, NULL), 0);
  ck_assert_int_eq(vsh_sandbox_mkdir(sb, "d", false, &err), VSH_EEXIST);
  ck_assert_str_eq(err.message,
                   "EEXIST: file already exists, mkdir '/home/user/d'");
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(mkdir_without_recursive_fails_on_missing_parent) {
  vsh_sandbox *sb = new_sandbox();

  ck_assert_int_eq(vsh_sandbox_mkdir(sb, "a/b", false, NULL), VSH_ENOENT);
  ck_assert(!vsh_sandbox_exists(sb, "a"));
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(mkdir_recursive_creates_missing_parents) {
  vsh_sandbox *sb = new_sandbox();
  vsh_stat st;

  ck_assert_int_eq(vsh_sandbox_mkdir(sb, "a/b/c", true, NULL), 0);
  ck_assert_int_eq(vsh_sandbox_stat(sb, "a/b/c", &st, NULL), 0);
  ck_assert(st.is_directory);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(mkdir_recursive_tolerates_existing_directory) {
  vsh_sandbox *sb = new_sandbox();

  ck_assert_int_eq(vsh_sandbox_mkdir(sb, "a/b", true, NULL), 0);
  ck_assert_int_eq(vsh_sandbox_mkdir(sb, "a/b", true, NULL), 0);
  ck_assert_int_eq(vsh_sandbox_mkdir(sb, "/home/user", true, NULL), 0);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(mkdir_recursive_fails_with_eexist_on_existing_file) {
  vsh_sandbox *sb = new_sandbox();
  vsh_error err = {0};

  put(sb, "f", "x");
  ck_assert_int_eq(vsh_sandbox_mkdir(sb, "f", true, &err), VSH_EEXIST);
  ck_assert_str_eq(err.message,
                   "EEXIST: file already exists, mkdir '/home/user/f'");
  expect_text(sb, "f", "x");
  vsh_sandbox_release(sb);
}
END_TEST

/* ---- rm (Node's fs.rm) ----------------------------------------------- */

START_TEST(rm_removes_a_file) {
  vsh_sandbox *sb = new_sandbox();

  put(sb, "f", "x");
  ck_assert_int_eq(vsh_sandbox_rm(sb, "f", false, false, NULL), 0);
  ck_assert(!vsh_sandbox_exists(sb, "f"));
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(rm_force_on_missing_path_succeeds) {
  vsh_sandbox *sb = new_sandbox();

  ck_assert_int_eq(vsh_sandbox_rm(sb, "ghost", false, true, NULL), 0);
  ck_assert_int_eq(vsh_sandbox_rm(sb, "ghost/deeper", true, true, NULL), 0);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(rm_without_force_fails_on_missing_path) {
  vsh_sandbox *sb = new_sandbox();
  vsh_error err = {0};

  ck_assert_int_eq(vsh_sandbox_rm(sb, "ghost", false, false, &err), VSH_ENOENT);
  ck_assert_str_eq(err.message, "ENOENT: no such file or directory, lstat "
                                "'/home/user/ghost'");
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(rm_recursive_without_force_fails_on_missing_path) {
  vsh_sandbox *sb = new_sandbox();

  ck_assert_int_eq(vsh_sandbox_rm(sb, "ghost", true, false, NULL), VSH_ENOENT);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(rm_directory_without_recursive_fails_even_with_force) {
  vsh_sandbox *sb = new_sandbox();
  vsh_error err = {0};

  put(sb, "d/f", "x");
  ck_assert_int_eq(vsh_sandbox_rm(sb, "d", false, true, &err), VSH_EISDIR);
  ck_assert_str_eq(err.message, "Path is a directory: rm returned EISDIR "
                                "(is a directory) /home/user/d");
  ck_assert_int_eq(vsh_sandbox_rm(sb, "d", false, false, &err), VSH_EISDIR);
  ck_assert(vsh_sandbox_exists(sb, "d/f"));
  /* An empty directory is still a directory. */
  ck_assert_int_eq(vsh_sandbox_mkdir(sb, "empty", false, NULL), 0);
  ck_assert_int_eq(vsh_sandbox_rm(sb, "empty", false, true, NULL), VSH_EISDIR);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(rm_recursive_removes_a_tree) {
  vsh_sandbox *sb = new_sandbox();

  put(sb, "t/a/b/c.txt", "x");
  put(sb, "t/d.txt", "y");
  ck_assert_int_eq(vsh_sandbox_rm(sb, "t", true, false, NULL), 0);
  ck_assert(!vsh_sandbox_exists(sb, "t"));
  ck_assert(vsh_sandbox_exists(sb, "/home/user"));
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(rm_of_symlink_removes_the_link_not_the_target) {
  vsh_sandbox *sb = new_sandbox();
  vsh_fs *fs = vsh_virtual_fs(sb);

  put(sb, "keep/inner.txt", "kept");
  ck_assert_int_eq(vfs_symlink(fs, "/home/user/keep", "/home/user/dl"), 0);
  ck_assert_int_eq(
      vfs_symlink(fs, "/home/user/keep/inner.txt", "/home/user/fl"), 0);
  /* A link to a directory is not a directory: no recursive needed. */
  ck_assert_int_eq(vsh_sandbox_rm(sb, "dl", false, false, NULL), 0);
  ck_assert_int_eq(vsh_sandbox_rm(sb, "fl", true, false, NULL), 0);
  ck_assert(!vsh_sandbox_exists(sb, "dl"));
  ck_assert(!vsh_sandbox_exists(sb, "fl"));
  expect_text(sb, "keep/inner.txt", "kept");
  vsh_sandbox_release(sb);
}
END_TEST

/* ---- error values ---------------------------------------------------- */

START_TEST(errors_are_node_style_and_self_contained) {
  vsh_sandbox *sb = new_sandbox();
  vsh_buf b = {0};
  vsh_error err = {0};

  ck_assert_int_eq(vsh_sandbox_read_file(sb, "/a/b", &b, &err), VSH_ENOENT);
  ck_assert_str_eq(err.message,
                   "ENOENT: no such file or directory, open '/a/b'");
  ck_assert_int_eq(err.code, VSH_ENOENT);
  ck_assert_str_eq(err.type, "error");
  ck_assert_str_eq(err.operation, "read_file");
  ck_assert_str_eq(err.provider, "virtual");

  ck_assert_int_eq(vsh_sandbox_mkdir(sb, "/a", false, NULL), 0);
  ck_assert_int_eq(vsh_sandbox_read_file(sb, "/a", &b, &err), VSH_EISDIR);
  ck_assert_str_eq(err.message,
                   "EISDIR: illegal operation on a directory, read '/a'");
  ck_assert_int_eq(err.code, VSH_EISDIR);

  put(sb, "/a/f", "x");
  ck_assert_int_eq(vsh_sandbox_readdir(sb, "/a/f", &(vsh_strv){0}, &err),
                   VSH_ENOTDIR);
  ck_assert_str_eq(err.message, "ENOTDIR: not a directory, scandir '/a/f'");
  ck_assert_str_eq(err.operation, "readdir");

  ck_assert_int_eq(vsh_sandbox_mkdir(sb, "/a", false, &err), VSH_EEXIST);
  ck_assert_str_eq(err.message, "EEXIST: file already exists, mkdir '/a'");
  ck_assert_str_eq(err.operation, "mkdir");
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(errors_on_empty_and_overlong_paths_are_clear) {
  vsh_sandbox *sb = new_sandbox();
  vsh_buf b = {0};
  vsh_error err = {0};
  char *long_path = malloc(5001);

  ck_assert_int_eq(vsh_sandbox_read_file(sb, "", &b, &err), VSH_ENOENT);
  ck_assert_str_eq(err.message, "ENOENT: no such file or directory, open ''");
  for (int i = 0; i < 5000; i++) long_path[i] = i % 2 ? '/' : 'a';
  long_path[5000] = '\0';
  ck_assert_int_eq(vsh_sandbox_write_file(sb, long_path, "x", 1, &err),
                   VSH_ENAMETOOLONG);
  ck_assert(
      strncmp(err.message, "ENAMETOOLONG: name too long, open 'a/a", 37) == 0);
  ck_assert(strlen(err.message) < 500);
  free(long_path);
  vsh_sandbox_release(sb);
}
END_TEST

/* ---- exec ------------------------------------------------------------ */

START_TEST(exec_runs_in_cwd_and_sees_files_written_by_the_verbs) {
  vsh_sandbox *sb = new_sandbox();
  vsh_result r;
  vsh_error err = {0};

  ck_assert_int_eq(
      vsh_sandbox_write_file(sb, "notes/a.txt", "alpha\n", 6, &err), 0);
  ck_assert_int_eq(
      vsh_sandbox_exec(sb, "pwd; cat notes/a.txt; echo out >&2; exit 3", NULL,
                       &r, &err),
      0);
  ck_assert_int_eq(r.exit_code, 3);
  ck_assert_str_eq(r.out, "/home/user\nalpha\n");
  ck_assert_str_eq(r.err, "out\n");
  vsh_result_dispose(&r);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(exec_writes_are_seen_by_read_file_and_cwd_option_resolves) {
  vsh_sandbox *sb = new_sandbox();
  vsh_result r;
  vsh_error err = {0};
  vsh_exec_opts o = {.cwd = "sub"};
  vsh_buf text = {0};

  ck_assert_int_eq(vsh_sandbox_mkdir(sb, "sub", false, &err), 0);
  ck_assert_int_eq(vsh_sandbox_exec(sb, "pwd; echo made > f.txt", &o, &r, &err),
                   0);
  ck_assert_int_eq(r.exit_code, 0);
  ck_assert_str_eq(r.out, "/home/user/sub\n");
  vsh_result_dispose(&r);
  ck_assert_int_eq(vsh_sandbox_read_file(sb, "sub/f.txt", &text, &err), 0);
  ck_assert_str_eq(text.data, "made\n");
  vsh_buf_dispose(&text);
  /* each exec starts a fresh shell: variables do not carry over */
  ck_assert_int_eq(vsh_sandbox_exec(sb, "x=1", NULL, &r, &err), 0);
  vsh_result_dispose(&r);
  ck_assert_int_eq(
      vsh_sandbox_exec(sb, "echo \"[${x-unset}]\"", NULL, &r, &err), 0);
  ck_assert_str_eq(r.out, "[unset]\n");
  vsh_result_dispose(&r);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(exec_timeout_resolves_with_status_124) {
  vsh_sandbox *sb = new_sandbox();
  vsh_result r;
  vsh_error err = {0};
  vsh_exec_opts o = {.timeout_ms = 100};

  ck_assert_int_eq(vsh_sandbox_exec(sb, "while :; do :; done", &o, &r, &err),
                   0);
  ck_assert_int_eq(r.exit_code, 124);
  ck_assert(strstr(r.err, "timed out") != NULL);
  vsh_result_dispose(&r);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(exec_with_pre_aborted_signal_rejects_with_the_reason) {
  vsh_sandbox *sb = new_sandbox();
  vsh_signal *s = vsh_signal_new();
  vsh_exec_opts o = {.signal = s};
  vsh_result r;
  vsh_error err = {0};

  vsh_signal_abort(s, "user pressed stop");
  ck_assert_int_eq(vsh_sandbox_exec(sb, "echo hi", &o, &r, &err), VSH_EABORTED);
  ck_assert_str_eq(err.type, "abort");
  ck_assert_str_eq(err.message, "user pressed stop");
  vsh_signal_unref(s);
  vsh_sandbox_release(sb);
}
END_TEST

/* ---- dispatch -------------------------------------------------------- */

static const vsh_sandbox_ops empty_ops = {.version = VSH_SANDBOX_OPS_VERSION,
                                          .kind = "empty"};

START_TEST(dispatch_rejects_null_arguments_with_einval) {
  vsh_sandbox *sb = new_sandbox();
  vsh_buf b = {0};
  vsh_error err = {0};

  ck_assert_int_eq(vsh_sandbox_read_file(NULL, "f", &b, &err), VSH_EINVAL);
  ck_assert_str_eq(err.message, "read_file: sandbox must not be NULL");
  ck_assert_int_eq(vsh_sandbox_read_file(sb, NULL, &b, &err), VSH_EINVAL);
  ck_assert_str_eq(err.message, "read_file: path must not be NULL");
  ck_assert_int_eq(vsh_sandbox_write_file(sb, "f", NULL, 3, &err), VSH_EINVAL);
  ck_assert_int_eq(vsh_sandbox_rm(sb, NULL, true, true, &err), VSH_EINVAL);
  ck_assert_int_eq(vsh_sandbox_resolve_path(sb, NULL, &b), VSH_EINVAL);
  ck_assert_ptr_null(vsh_sandbox_cwd(NULL));
  vsh_sandbox_release(NULL);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(dispatch_rejects_a_missing_operation_with_einval) {
  vsh_sandbox fake = {.ops = &empty_ops};
  vsh_error err = {0};

  ck_assert_int_eq(vsh_sandbox_mkdir(&fake, "/x", false, &err), VSH_EINVAL);
  ck_assert_str_eq(err.message, "mkdir: this sandbox does not implement it");
  ck_assert_str_eq(err.provider, "empty");
  ck_assert(!vsh_sandbox_exists(&fake, "/"));
  ck_assert_ptr_null(vsh_virtual_fs(&fake));
  ck_assert_ptr_null(vsh_virtual_fs(NULL));
}
END_TEST

/* ---- factories ------------------------------------------------------- */

START_TEST(factory_gives_a_fresh_sandbox_for_each_repeated_id) {
  vsh_factory *f = NULL;
  vsh_sandbox *a = NULL, *b = NULL;

  ck_assert_int_eq(vsh_virtual_factory(&f, NULL, NULL), 0);
  ck_assert_int_eq(vsh_factory_create(f, "agent-1", &a, NULL), 0);
  ck_assert_int_eq(vsh_factory_create(f, "agent-1", &b, NULL), 0);
  ck_assert_ptr_ne(a, b);
  put(a, "only-in-a", "x");
  ck_assert(!vsh_sandbox_exists(b, "only-in-a"));
  ck_assert_str_eq(vsh_sandbox_cwd(b), "/home/user");
  vsh_sandbox_release(a);
  vsh_sandbox_release(b);
  vsh_factory_release(f);
}
END_TEST

START_TEST(factory_copies_options_and_seeded_bytes) {
  char *data = strdup("seeded!");
  char *cwd = strdup("/proj");
  vsh_seed_file files[] = {{.path = "src/main.c", .data = data, .len = 7},
                           {.path = "/etc/motd", .data = "hi", .len = 2}};
  vsh_virtual_opts o = {.cwd = cwd, .files = files, .n_files = 2};
  vsh_factory *f = NULL;
  vsh_sandbox *sb = NULL;

  ck_assert_int_eq(vsh_virtual_factory(&f, &o, NULL), 0);
  memset(data, 'X', 7);
  strcpy(cwd, "/zzzz");
  free(data);
  free(cwd);
  ck_assert_int_eq(vsh_factory_create(f, "id", &sb, NULL), 0);
  ck_assert_str_eq(vsh_sandbox_cwd(sb), "/proj");
  expect_text(sb, "/proj/src/main.c", "seeded!");
  expect_text(sb, "/etc/motd", "hi");
  vsh_sandbox_release(sb);
  vsh_factory_release(f);
}
END_TEST

START_TEST(factory_forks_its_template_fs_for_each_sandbox) {
  vsh_fs *seed = NULL;
  vsh_virtual_opts o = {0};
  vsh_factory *f = NULL;
  vsh_sandbox *a = NULL, *b = NULL;

  ck_assert_int_eq(vsh_fs_new(&seed, NULL, NULL), 0);
  ck_assert_int_eq(vsh_fs_write(seed, "/data/x", "base", 4, 0644, NULL), 0);
  o.fs = seed;
  ck_assert_int_eq(vsh_virtual_factory(&f, &o, NULL), 0);
  vsh_fs_free(seed); /* the factory holds its own snapshot */
  ck_assert_int_eq(vsh_factory_create(f, "same", &a, NULL), 0);
  put(a, "/data/x", "changed");
  ck_assert_int_eq(vsh_factory_create(f, "same", &b, NULL), 0);
  expect_text(b, "/data/x", "base");
  expect_text(a, "/data/x", "changed");
  vsh_sandbox_release(a);
  vsh_sandbox_release(b);
  vsh_factory_release(f);
}
END_TEST

static int legacy_create(vsh_factory *f, const char *id, vsh_sandbox **out,
                         vsh_error *err) {
  (void)f;
  (void)id;
  return vsh_virtual_sandbox_new(out, NULL, err);
}

static void count_warning(const char *msg, void *ud) {
  ck_assert_ptr_nonnull(strstr(msg, "deprecated"));
  ck_assert_ptr_nonnull(strstr(msg, "create_sandbox"));
  ++*(int *)ud;
}

START_TEST(deprecated_create_session_env_fallback_warns_once_per_process) {
  int warnings = 0;
  vsh_factory one = {.create_session_env = legacy_create,
                     .warn = count_warning,
                     .ud = &warnings};
  vsh_factory two = one;
  vsh_sandbox *sb = NULL;

  for (int i = 0; i < 3; i++) {
    ck_assert_int_eq(vsh_factory_create(i ? &two : &one, "id", &sb, NULL), 0);
    ck_assert_str_eq(vsh_sandbox_cwd(sb), "/home/user");
    vsh_sandbox_release(sb);
  }
  ck_assert_int_eq(warnings, 1);
}
END_TEST

START_TEST(factory_without_any_create_fails_with_einval) {
  vsh_factory none = {0};
  vsh_sandbox *sb = (vsh_sandbox *)&none;
  vsh_error err = {0};

  ck_assert_int_eq(vsh_factory_create(&none, "id", &sb, &err), VSH_EINVAL);
  ck_assert_ptr_null(sb);
  ck_assert_ptr_nonnull(strstr(err.message, "create_sandbox"));
  ck_assert_int_eq(vsh_factory_create(NULL, "id", &sb, &err), VSH_EINVAL);
  vsh_factory_release(NULL);
}
END_TEST

START_TEST(tables_and_options_of_an_unknown_version_are_refused) {
  vsh_factory f = {.version = VSH_FACTORY_VERSION + 1,
                   .create_session_env = legacy_create};
  vsh_sandbox *sb = NULL;
  vsh_error err = {0};
  ck_assert_int_eq(vsh_factory_create(&f, "id", &sb, &err), VSH_EINVAL);
  ck_assert_ptr_nonnull(strstr(err.message, "vsh_factory: version 2"));
  vsh_virtual_opts vo = VSH_VIRTUAL_OPTS_INIT;
  vo.version = 5;
  ck_assert_int_eq(vsh_virtual_sandbox_new(&sb, &vo, &err), VSH_EINVAL);
  ck_assert_ptr_nonnull(strstr(err.message, "vsh_virtual_opts"));
  vsh_factory *vf = NULL;
  ck_assert_int_eq(vsh_virtual_factory(&vf, &vo, &err), VSH_EINVAL);
  ck_assert_ptr_null(vf);
  vsh_tools_opts to = VSH_TOOLS_OPTS_INIT;
  to.version = 3;
  vsh_tool_list l;
  ck_assert_int_eq(vsh_tool_list_assemble(&l, NULL, NULL, &to, &err),
                   VSH_EINVAL);
  ck_assert_ptr_nonnull(strstr(err.message, "vsh_tools_opts"));
  vsh_tool t = {.version = VSH_TOOL_VERSION + 1, .name = "t"};
  vsh_tool_result tr;
  ck_assert_int_eq(vsh_tool_execute(&t, "c", "{}", NULL, NULL, NULL, &tr, &err),
                   VSH_EINVAL);
  ck_assert_ptr_nonnull(strstr(err.message, "vsh_tool: version 2"));
  vo.version = 0; /* read as 1 */
  ck_assert_int_eq(vsh_virtual_sandbox_new(&sb, &vo, &err), 0);
  vsh_exec_opts eo = VSH_EXEC_OPTS_INIT;
  eo.version = 4;
  vsh_result r;
  ck_assert_int_eq(vsh_sandbox_exec(sb, "true", &eo, &r, &err), VSH_EINVAL);
  ck_assert_ptr_nonnull(strstr(err.message, "vsh_exec_opts"));
  vsh_sandbox_release(sb);
}
END_TEST

/* ---- fork isolation -------------------------------------------------- */

START_TEST(sandboxes_from_one_seeded_fs_are_isolated) {
  vsh_fs *seed = NULL;
  vsh_virtual_opts o = {0};
  vsh_sandbox *a = NULL, *b = NULL;

  ck_assert_int_eq(vsh_fs_new(&seed, NULL, NULL), 0);
  ck_assert_int_eq(vsh_fs_write(seed, "/repo/README", "v1", 2, 0644, NULL), 0);
  o.fs = seed;
  ck_assert_int_eq(vsh_virtual_sandbox_new(&a, &o, NULL), 0);
  ck_assert_int_eq(vsh_virtual_sandbox_new(&b, &o, NULL), 0);
  ck_assert_ptr_ne(vsh_virtual_fs(a), seed);

  put(a, "/repo/README", "v2 from a");
  put(a, "/repo/new", "a only");
  ck_assert_int_eq(vsh_sandbox_rm(b, "/repo/README", false, false, NULL), 0);

  expect_text(a, "/repo/README", "v2 from a");
  ck_assert(!vsh_sandbox_exists(b, "/repo/README"));
  ck_assert(!vsh_sandbox_exists(b, "/repo/new"));
  ck_assert(vfs_exists(seed, "/repo/README"));
  ck_assert(!vfs_exists(seed, "/repo/new"));
  vsh_sandbox_release(a);
  vsh_sandbox_release(b);
  vsh_fs_free(seed);
}
END_TEST

/* ---- threads --------------------------------------------------------- */

#define N_THREADS 4
#define N_ROUNDS 300

typedef struct writer_arg {
  vsh_sandbox *sb;
  int id;
  char *contents[N_THREADS];
  size_t lens[N_THREADS];
  atomic_int *failures;
} writer_arg;

static void *writer_reader(void *p) {
  writer_arg *a = p;

  for (int r = 0; r < N_ROUNDS; r++) {
    vsh_buf b = {0};
    bool whole = false;

    if (vsh_sandbox_write_file(a->sb, "shared/file", a->contents[a->id],
                               a->lens[a->id], NULL) != 0 ||
        vsh_sandbox_read_file(a->sb, "shared/file", &b, NULL) != 0) {
      atomic_fetch_add(a->failures, 1);
      continue;
    }
    for (int k = 0; k < N_THREADS; k++)
      whole |= b.len == a->lens[k] && !memcmp(b.data, a->contents[k], b.len);
    if (!whole) atomic_fetch_add(a->failures, 1);
    vsh_buf_dispose(&b);
  }
  return NULL;
}

START_TEST(concurrent_writes_and_reads_on_one_sandbox_see_whole_writes) {
  vsh_sandbox *sb = new_sandbox();
  atomic_int failures = 0;
  writer_arg args[N_THREADS];
  pthread_t t[N_THREADS];
  char *contents[N_THREADS];
  size_t lens[N_THREADS];

  /* Different lengths too: a torn write would show as a wrong length. */
  for (int k = 0; k < N_THREADS; k++) {
    lens[k] = 1000 + 1500 * (size_t)k;
    contents[k] = malloc(lens[k]);
    memset(contents[k], 'A' + k, lens[k]);
  }
  for (int k = 0; k < N_THREADS; k++) {
    args[k] = (writer_arg){.sb = sb, .id = k, .failures = &failures};
    memcpy(args[k].contents, contents, sizeof contents);
    memcpy(args[k].lens, lens, sizeof lens);
    ck_assert_int_eq(pthread_create(&t[k], NULL, writer_reader, &args[k]), 0);
  }
  for (int k = 0; k < N_THREADS; k++) pthread_join(t[k], NULL);
  ck_assert_int_eq(atomic_load(&failures), 0);
  for (int k = 0; k < N_THREADS; k++) free(contents[k]);
  vsh_sandbox_release(sb);
}
END_TEST

/* ---- the abort signal ------------------------------------------------ */

static void *abort_later(void *p) {
  usleep(50 * 1000);
  vsh_signal_abort(p, "stopped by another thread");
  return NULL;
}

START_TEST(signal_abort_from_another_thread_wakes_wait) {
  vsh_signal *s = vsh_signal_new();
  pthread_t t;
  char reason[64];
  int64_t start = now_ms();

  ck_assert(!vsh_signal_aborted(s));
  ck_assert_int_eq(pthread_create(&t, NULL, abort_later, s), 0);
  ck_assert(vsh_signal_wait(s, 30 * 1000));
  ck_assert(now_ms() - start < 20 * 1000);
  pthread_join(t, NULL);
  ck_assert(vsh_signal_aborted(s));
  ck_assert(vsh_signal_reason(s, reason, sizeof reason));
  ck_assert_str_eq(reason, "stopped by another thread");
  vsh_signal_unref(s);
}
END_TEST

START_TEST(signal_wait_times_out_when_nobody_aborts) {
  vsh_signal *s = vsh_signal_new();
  int64_t start = now_ms();

  ck_assert(!vsh_signal_wait(s, 30));
  ck_assert(now_ms() - start >= 25);
  ck_assert(!vsh_signal_wait(s, 0));
  vsh_signal_unref(s);
}
END_TEST

START_TEST(signal_first_abort_wins_and_reason_is_copied) {
  vsh_signal *s = vsh_signal_new();
  char reason[] = "first", got[64], tiny[4];

  vsh_signal_abort(s, reason);
  strcpy(reason, "XXXXX");
  vsh_signal_abort(s, "second");
  ck_assert(vsh_signal_reason(s, got, sizeof got));
  ck_assert_str_eq(got, "first");
  ck_assert(vsh_signal_reason(s, tiny, sizeof tiny));
  ck_assert_str_eq(tiny, "fir");
  ck_assert(vsh_signal_wait(s, -1));
  vsh_signal_unref(s);
}
END_TEST

START_TEST(signal_default_reason_is_the_dom_text) {
  vsh_signal *s = vsh_signal_new();
  char got[64];

  ck_assert(!vsh_signal_reason(s, got, sizeof got));
  vsh_signal_abort(s, NULL);
  ck_assert(vsh_signal_reason(s, got, sizeof got));
  ck_assert_str_eq(got, "This operation was aborted");
  vsh_signal_unref(s);
}
END_TEST

static void bump(void *ud) { atomic_fetch_add((atomic_int *)ud, 1); }

START_TEST(signal_listeners_are_called_exactly_once) {
  vsh_signal *s = vsh_signal_new();
  atomic_int a = 0, b = 0, off = 0, late = 0;
  uint64_t ta, tb, toff;

  ta = vsh_signal_on(s, bump, &a);
  tb = vsh_signal_on(s, bump, &b);
  toff = vsh_signal_on(s, bump, &off);
  ck_assert(ta && tb && toff && ta != tb);
  vsh_signal_off(s, toff);
  vsh_signal_abort(s, NULL);
  vsh_signal_abort(s, "again");
  ck_assert_int_eq(atomic_load(&a), 1);
  ck_assert_int_eq(atomic_load(&b), 1);
  ck_assert_int_eq(atomic_load(&off), 0);
  /* Registered after the abort: called at once, and only once. */
  ck_assert(vsh_signal_on(s, bump, &late) != 0);
  ck_assert_int_eq(atomic_load(&late), 1);
  vsh_signal_off(s, ta);
  ck_assert_int_eq(atomic_load(&a), 1);
  vsh_signal_unref(s);
}
END_TEST

START_TEST(signal_outlives_its_creator_while_referenced) {
  vsh_signal *s = vsh_signal_new();
  vsh_signal *held = vsh_signal_ref(s);

  vsh_signal_unref(s);
  vsh_signal_abort(held, "still alive");
  ck_assert(vsh_signal_aborted(held));
  vsh_signal_unref(held);
  vsh_signal_unref(NULL);
  ck_assert(!vsh_signal_aborted(NULL));
}
END_TEST

/* ---- suite ----------------------------------------------------------- */

static Suite *sandbox_suite(void) {
  Suite *s = suite_create("sandbox");
  TCase *tc;

  tc = tcase_create("paths");
  tcase_add_test(tc, cwd_defaults_to_home_user_and_exists);
  tcase_add_test(tc, cwd_option_is_normalised_and_created_with_parents);
  tcase_add_test(tc, resolve_path_gives_one_string_for_two_spellings);
  tcase_add_test(tc, resolve_path_joins_relative_to_cwd_and_passes_absolute);
  tcase_add_test(tc, resolve_path_is_pure_and_creates_nothing);
  tcase_add_test(tc, relative_file_paths_resolve_against_cwd);
  suite_add_tcase(s, tc);

  tc = tcase_create("read_write");
  tcase_add_test(tc, write_file_creates_missing_parents);
  tcase_add_test(tc, write_file_replaces_existing_content);
  tcase_add_test(tc, write_file_fails_when_a_parent_is_a_file);
  tcase_add_test(tc, read_file_returns_bytes_as_they_are);
  tcase_add_test(tc, write_file_of_empty_content_creates_empty_file);
  tcase_add_test(tc, read_file_fails_on_missing_path);
  tcase_add_test(tc, read_file_fails_on_directory);
  tcase_add_test(tc, write_file_fails_on_directory);
  tcase_add_test(tc, quota_error_reaches_write_file_as_enospc);
  suite_add_tcase(s, tc);

  tc = tcase_create("stat");
  tcase_add_test(tc, stat_of_file_reports_real_size_and_mtime);
  tcase_add_test(tc, stat_of_symlink_describes_target_and_flags_link);
  tcase_add_test(tc, stat_of_dangling_symlink_fails_with_enoent);
  tcase_add_test(tc, stat_fails_on_missing_path);
  suite_add_tcase(s, tc);

  tc = tcase_create("exists");
  tcase_add_test(tc, exists_is_true_for_files_and_directories);
  tcase_add_test(tc, exists_never_fails_on_bad_input);
  suite_add_tcase(s, tc);

  tc = tcase_create("readdir");
  tcase_add_test(tc, readdir_gives_sorted_names_only);
  tcase_add_test(tc, readdir_fails_on_file);
  tcase_add_test(tc, readdir_fails_on_missing_path);
  suite_add_tcase(s, tc);

  tc = tcase_create("mkdir");
  tcase_add_test(tc, mkdir_without_recursive_fails_on_existing_path);
  tcase_add_test(tc, mkdir_without_recursive_fails_on_missing_parent);
  tcase_add_test(tc, mkdir_recursive_creates_missing_parents);
  tcase_add_test(tc, mkdir_recursive_tolerates_existing_directory);
  tcase_add_test(tc, mkdir_recursive_fails_with_eexist_on_existing_file);
  suite_add_tcase(s, tc);

  tc = tcase_create("rm");
  tcase_add_test(tc, rm_removes_a_file);
  tcase_add_test(tc, rm_force_on_missing_path_succeeds);
  tcase_add_test(tc, rm_without_force_fails_on_missing_path);
  tcase_add_test(tc, rm_recursive_without_force_fails_on_missing_path);
  tcase_add_test(tc, rm_directory_without_recursive_fails_even_with_force);
  tcase_add_test(tc, rm_recursive_removes_a_tree);
  tcase_add_test(tc, rm_of_symlink_removes_the_link_not_the_target);
  suite_add_tcase(s, tc);

  tc = tcase_create("errors");
  tcase_add_test(tc, errors_are_node_style_and_self_contained);
  tcase_add_test(tc, errors_on_empty_and_overlong_paths_are_clear);
  suite_add_tcase(s, tc);

  tc = tcase_create("exec");
  tcase_add_test(tc, exec_runs_in_cwd_and_sees_files_written_by_the_verbs);
  tcase_add_test(tc, exec_writes_are_seen_by_read_file_and_cwd_option_resolves);
  tcase_add_test(tc, exec_timeout_resolves_with_status_124);
  tcase_add_test(tc, exec_with_pre_aborted_signal_rejects_with_the_reason);
  suite_add_tcase(s, tc);

  tc = tcase_create("dispatch");
  tcase_add_test(tc, dispatch_rejects_null_arguments_with_einval);
  tcase_add_test(tc, dispatch_rejects_a_missing_operation_with_einval);
  suite_add_tcase(s, tc);

  tc = tcase_create("factory");
  tcase_add_test(tc, factory_gives_a_fresh_sandbox_for_each_repeated_id);
  tcase_add_test(tc, factory_copies_options_and_seeded_bytes);
  tcase_add_test(tc, factory_forks_its_template_fs_for_each_sandbox);
  tcase_add_test(tc,
                 deprecated_create_session_env_fallback_warns_once_per_process);
  tcase_add_test(tc, factory_without_any_create_fails_with_einval);
  tcase_add_test(tc, tables_and_options_of_an_unknown_version_are_refused);
  suite_add_tcase(s, tc);

  tc = tcase_create("fork");
  tcase_add_test(tc, sandboxes_from_one_seeded_fs_are_isolated);
  suite_add_tcase(s, tc);

  tc = tcase_create("threads");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc,
                 concurrent_writes_and_reads_on_one_sandbox_see_whole_writes);
  suite_add_tcase(s, tc);

  tc = tcase_create("signal");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, signal_abort_from_another_thread_wakes_wait);
  tcase_add_test(tc, signal_wait_times_out_when_nobody_aborts);
  tcase_add_test(tc, signal_first_abort_wins_and_reason_is_copied);
  tcase_add_test(tc, signal_default_reason_is_the_dom_text);
  tcase_add_test(tc, signal_listeners_are_called_exactly_once);
  tcase_add_test(tc, signal_outlives_its_creator_while_referenced);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(sandbox_suite());
  int failed;

  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
