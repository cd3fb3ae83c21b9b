/* test_vfs.c: Check suite for the copy-on-write filesystem (vfs/vfs.h and
 * the vsh_fs_* API).  Expected behaviour is Linux's: every errno asserted
 * for a path operation was checked against a real filesystem first.  Each
 * test gets a fresh filesystem from the fixture; tests that need special
 * options (quotas, seeds, allocators) build their own.  Devices, handles,
 * lazy files, host mounts and concurrency are in test_vfs_io.c. */
#include "vfs_test_util.h"

/* ---- skeleton -------------------------------------------------------- */

START_TEST(fresh_filesystem_has_dev_tmp_and_home_user) {
  ck_assert(stat_of(fs, "/dev", true).type == VFS_DIR);
  ck_assert(stat_of(fs, "/tmp", true).type == VFS_DIR);
  ck_assert(stat_of(fs, "/home/user", true).type == VFS_DIR);
  ck_assert(vfs_exists(fs, "/dev/null"));
}
END_TEST

START_TEST(bare_filesystem_has_only_an_empty_root) {
  vsh_fs_opts o = {.bare = true};
  vsh_fs *b = fs_make(&o);
  EXPECT_LISTING(b, "/", "");
  ck_assert(!vfs_exists(b, "/dev/null"));
  vsh_fs_free(b);
}
END_TEST

START_TEST(root_is_a_directory_with_the_root_inode) {
  vfs_info st = stat_of(fs, "/", true);
  ck_assert(st.type == VFS_DIR);
  ck_assert_uint_eq(st.ino, VFS_ROOT_INO);
}
END_TEST

/* ---- regular files --------------------------------------------------- */

START_TEST(written_bytes_read_back_exactly) {
  static const char data[] = "a\0b\nc\xff";
  OK(vfs_write_file(fs, "/f", data, sizeof data, VFS_W_TRUNC, 0644));
  vsh_buf b = {0};
  OK(vfs_read_file(fs, "/f", &b));
  ck_assert_uint_eq(b.len, sizeof data);
  ck_assert_mem_eq(b.data, data, sizeof data);
  vsh_buf_dispose(&b);
  vfs_info st = stat_of(fs, "/f", true);
  ck_assert(st.type == VFS_REG);
  ck_assert_uint_eq(st.size, sizeof data);
  ck_assert_uint_eq(st.nlink, 1);
}
END_TEST

START_TEST(write_with_mode_zero_creates_0644) {
  OK(vfs_write_file(fs, "/f", "x", 1, VFS_W_TRUNC, 0));
  ck_assert_uint_eq(stat_of(fs, "/f", true).mode, 0644);
  OK(vfs_write_file(fs, "/g", "x", 1, VFS_W_TRUNC, 0600));
  ck_assert_uint_eq(stat_of(fs, "/g", true).mode, 0600);
}
END_TEST

START_TEST(truncating_write_replaces_content) {
  PUT(fs, "/f", "a long first version");
  PUT(fs, "/f", "short");
  EXPECT_CONTENT(fs, "/f", "short");
}
END_TEST

START_TEST(append_adds_to_the_end) {
  PUT(fs, "/f", "one\n");
  OK(vfs_write_file(fs, "/f", "two\n", 4, VFS_W_APPEND, 0));
  OK(vfs_write_file(fs, "/f", "three\n", 6, VFS_W_APPEND, 0));
  EXPECT_CONTENT(fs, "/f", "one\ntwo\nthree\n");
}
END_TEST

START_TEST(append_creates_a_missing_file) {
  OK(vfs_write_file(fs, "/f", "x", 1, VFS_W_APPEND, 0644));
  EXPECT_CONTENT(fs, "/f", "x");
}
END_TEST

START_TEST(exclusive_write_refuses_an_existing_file) {
  PUT(fs, "/f", "old");
  EXPECT_RC(vfs_write_file(fs, "/f", "new", 3, VFS_W_EXCL | VFS_W_TRUNC, 0),
            VSH_EEXIST);
  EXPECT_CONTENT(fs, "/f", "old");
  OK(vfs_write_file(fs, "/g", "new", 3, VFS_W_EXCL | VFS_W_TRUNC, 0));
  EXPECT_CONTENT(fs, "/g", "new");
}
END_TEST

START_TEST(exclusive_write_refuses_a_dangling_symlink) {
  /* O_CREAT|O_EXCL never follows a final symlink: EEXIST on Linux */
  OK(vfs_symlink(fs, "/nowhere", "/l"));
  EXPECT_RC(vfs_write_file(fs, "/l", "x", 1, VFS_W_EXCL | VFS_W_TRUNC, 0),
            VSH_EEXIST);
  vfs_file *h = NULL;
  EXPECT_RC(
      vfs_open(fs, "/l", VFS_O_WRITE | VFS_O_CREAT | VFS_O_EXCL, 0644, &h),
      VSH_EEXIST);
  ck_assert(!vfs_exists(fs, "/nowhere"));
}
END_TEST

START_TEST(nocreat_write_refuses_a_missing_file) {
  EXPECT_RC(vfs_write_file(fs, "/f", "x", 1, VFS_W_NOCREAT | VFS_W_TRUNC, 0),
            VSH_ENOENT);
  ck_assert(!vfs_exists(fs, "/f"));
}
END_TEST

START_TEST(nocreat_write_updates_an_existing_file) {
  PUT(fs, "/f", "old");
  OK(vfs_write_file(fs, "/f", "new", 3, VFS_W_NOCREAT | VFS_W_TRUNC, 0));
  EXPECT_CONTENT(fs, "/f", "new");
}
END_TEST

START_TEST(write_into_a_missing_directory_fails_with_enoent) {
  EXPECT_RC(vfs_write_file(fs, "/no/f", "x", 1, VFS_W_TRUNC, 0), VSH_ENOENT);
}
END_TEST

START_TEST(write_to_a_directory_fails_with_eisdir) {
  OK(vfs_mkdir(fs, "/d", 0755));
  EXPECT_RC(vfs_write_file(fs, "/d", "x", 1, VFS_W_TRUNC, 0), VSH_EISDIR);
}
END_TEST

START_TEST(write_below_a_file_fails_with_enotdir) {
  PUT(fs, "/f", "x");
  EXPECT_RC(vfs_write_file(fs, "/f/g", "x", 1, VFS_W_TRUNC, 0), VSH_ENOTDIR);
}
END_TEST

START_TEST(empty_write_creates_an_empty_file) {
  OK(vfs_write_file(fs, "/f", "", 0, VFS_W_TRUNC, 0));
  ck_assert_uint_eq(size_of(fs, "/f"), 0);
  EXPECT_CONTENT(fs, "/f", "");
}
END_TEST

START_TEST(truncate_shrinks_and_extends_with_zeros) {
  PUT(fs, "/f", "abcdef");
  OK(vfs_truncate(fs, "/f", 3));
  EXPECT_CONTENT(fs, "/f", "abc");
  OK(vfs_truncate(fs, "/f", 6));
  vsh_buf b = {0};
  OK(vfs_read_file(fs, "/f", &b));
  ck_assert_uint_eq(b.len, 6);
  ck_assert_mem_eq(b.data, "abc\0\0\0", 6);
  vsh_buf_dispose(&b);
}
END_TEST

START_TEST(truncate_of_a_directory_fails_with_eisdir) {
  OK(vfs_mkdir(fs, "/d", 0755));
  EXPECT_RC(vfs_truncate(fs, "/d", 0), VSH_EISDIR);
  EXPECT_RC(vfs_truncate(fs, "/missing", 0), VSH_ENOENT);
}
END_TEST

START_TEST(read_of_a_directory_fails_with_eisdir) {
  vsh_buf b = {0};
  EXPECT_RC(vfs_read_file(fs, "/tmp", &b), VSH_EISDIR);
  vsh_buf_dispose(&b);
}
END_TEST

START_TEST(read_of_a_missing_file_fails_with_enoent) {
  vsh_buf b = {0};
  EXPECT_RC(vfs_read_file(fs, "/missing", &b), VSH_ENOENT);
  EXPECT_RC(vfs_read_file(fs, "/missing/x", &b), VSH_ENOENT);
  vsh_buf_dispose(&b);
}
END_TEST

START_TEST(copy_file_duplicates_content_independently) {
  PUT(fs, "/a", "shared bytes");
  OK(vfs_chmod(fs, "/a", 0600));
  OK(vfs_copy_file(fs, "/a", "/b", true));
  EXPECT_CONTENT(fs, "/b", "shared bytes");
  ck_assert_uint_eq(stat_of(fs, "/b", true).mode, 0600);
  ck_assert_uint_ne(stat_of(fs, "/a", true).ino, stat_of(fs, "/b", true).ino);
  PUT(fs, "/b", "changed");
  EXPECT_CONTENT(fs, "/a", "shared bytes");
}
END_TEST

START_TEST(exists_agrees_with_stat) {
  PUT(fs, "/f", "x");
  OK(vfs_symlink(fs, "/nowhere", "/dangling"));
  const char *paths[] = {"/", "/f", "/tmp", "/missing", "/dangling", "/f/x"};
  for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) {
    vfs_info st;
    bool st_ok = vfs_stat(fs, paths[i], true, &st) == 0;
    ck_assert_msg(vfs_exists(fs, paths[i]) == st_ok, "%s", paths[i]);
  }
  ck_assert(!vfs_exists(fs, "/dangling"));
}
END_TEST

/* ---- directories ----------------------------------------------------- */

START_TEST(mkdir_creates_an_empty_directory) {
  OK(vfs_mkdir(fs, "/d", 0755));
  vfs_info st = stat_of(fs, "/d", true);
  ck_assert(st.type == VFS_DIR);
  ck_assert_uint_eq(st.mode, 0755);
  EXPECT_LISTING(fs, "/d", "");
}
END_TEST

START_TEST(mkdir_of_an_existing_path_fails_with_eexist) {
  OK(vfs_mkdir(fs, "/d", 0755));
  PUT(fs, "/f", "x");
  OK(vfs_symlink(fs, "/nowhere", "/l"));
  EXPECT_RC(vfs_mkdir(fs, "/d", 0755), VSH_EEXIST);
  EXPECT_RC(vfs_mkdir(fs, "/f", 0755), VSH_EEXIST);
  EXPECT_RC(vfs_mkdir(fs, "/l", 0755), VSH_EEXIST);
  EXPECT_RC(vfs_mkdir(fs, "/", 0755), VSH_EEXIST);
}
END_TEST

START_TEST(mkdir_without_parent_fails_with_enoent) {
  EXPECT_RC(vfs_mkdir(fs, "/a/b", 0755), VSH_ENOENT);
  ck_assert(!vfs_exists(fs, "/a"));
}
END_TEST

START_TEST(mkdir_below_a_file_fails_with_enotdir) {
  PUT(fs, "/f", "x");
  EXPECT_RC(vfs_mkdir(fs, "/f/d", 0755), VSH_ENOTDIR);
}
END_TEST

START_TEST(mkdir_p_creates_every_level_and_tolerates_existing) {
  OK(vfs_mkdir_p(fs, "/a/b/c", 0755));
  ck_assert(stat_of(fs, "/a/b/c", true).type == VFS_DIR);
  OK(vfs_mkdir_p(fs, "/a/b/c", 0755));
  OK(vfs_mkdir_p(fs, "/a", 0755));
  OK(vfs_symlink(fs, "/a", "/la"));
  OK(vfs_mkdir_p(fs, "/la/b/x", 0755));
  ck_assert(vfs_exists(fs, "/a/b/x"));
}
END_TEST

START_TEST(mkdir_p_through_a_file_fails) {
  PUT(fs, "/f", "x");
  EXPECT_RC(vfs_mkdir_p(fs, "/f/d/e", 0755), VSH_ENOTDIR);
  /* `mkdir -p f` on a regular file: "File exists" */
  EXPECT_RC(vfs_mkdir_p(fs, "/f", 0755), VSH_EEXIST);
}
END_TEST

START_TEST(rmdir_removes_an_empty_directory) {
  OK(vfs_mkdir(fs, "/d", 0755));
  OK(vfs_rmdir(fs, "/d"));
  ck_assert(!vfs_exists(fs, "/d"));
  EXPECT_RC(vfs_rmdir(fs, "/d"), VSH_ENOENT);
}
END_TEST

START_TEST(rmdir_of_a_non_empty_directory_fails_with_enotempty) {
  OK(vfs_mkdir(fs, "/d", 0755));
  PUT(fs, "/d/f", "x");
  EXPECT_RC(vfs_rmdir(fs, "/d"), VSH_ENOTEMPTY);
  EXPECT_CONTENT(fs, "/d/f", "x");
}
END_TEST

START_TEST(rmdir_of_a_file_or_symlink_fails_with_enotdir) {
  PUT(fs, "/f", "x");
  OK(vfs_mkdir(fs, "/d", 0755));
  OK(vfs_symlink(fs, "/d", "/ld"));
  EXPECT_RC(vfs_rmdir(fs, "/f"), VSH_ENOTDIR);
  EXPECT_RC(vfs_rmdir(fs, "/ld"), VSH_ENOTDIR);
  ck_assert(vfs_exists(fs, "/d"));
}
END_TEST

START_TEST(rmdir_of_root_fails_with_ebusy) {
  vsh_fs_opts o = {.bare = true};
  vsh_fs *b = fs_make(&o);
  EXPECT_RC(vfs_rmdir(b, "/"), VSH_EBUSY);
  vsh_fs_free(b);
}
END_TEST

START_TEST(readdir_lists_sorted_names_without_dot_entries) {
  OK(vfs_mkdir(fs, "/d", 0755));
  const char *names[] = {"b", "a", "C", "aa", "_", "a.b", "\xc3\xa9"};
  char path[64];
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    snprintf(path, sizeof path, "/d/%s", names[i]);
    PUT(fs, path, "x");
  }
  OK(vfs_mkdir(fs, "/d/sub", 0755));
  OK(vfs_symlink(fs, "x", "/d/z"));
  EXPECT_LISTING(fs, "/d", "C|_|a|a.b|aa|b|sub|z|\xc3\xa9");
}
END_TEST

START_TEST(readdir_reports_entry_types_and_inodes) {
  OK(vfs_mkdir(fs, "/d", 0755));
  PUT(fs, "/d/f", "x");
  OK(vfs_mkdir(fs, "/d/s", 0755));
  OK(vfs_symlink(fs, "f", "/d/l"));
  vfs_dirlist l = {0};
  OK(vfs_readdir(fs, "/d", &l));
  ck_assert_uint_eq(l.len, 3);
  ck_assert_str_eq(l.items[0].name, "f");
  ck_assert(l.items[0].type == VFS_REG);
  ck_assert_uint_eq(l.items[0].ino, stat_of(fs, "/d/f", false).ino);
  ck_assert_str_eq(l.items[1].name, "l");
  ck_assert(l.items[1].type == VFS_LNK);
  ck_assert_str_eq(l.items[2].name, "s");
  ck_assert(l.items[2].type == VFS_DIR);
  vfs_dirlist_dispose(&l);
}
END_TEST

START_TEST(readdir_of_a_file_fails_with_enotdir) {
  PUT(fs, "/f", "x");
  vfs_dirlist l = {0};
  EXPECT_RC(vfs_readdir(fs, "/f", &l), VSH_ENOTDIR);
  EXPECT_RC(vfs_readdir(fs, "/missing", &l), VSH_ENOENT);
}
END_TEST

START_TEST(readdir_follows_a_symlink_to_a_directory) {
  OK(vfs_mkdir(fs, "/d", 0755));
  PUT(fs, "/d/x", "1");
  OK(vfs_symlink(fs, "d", "/ld"));
  EXPECT_LISTING(fs, "/ld", "x");
}
END_TEST

START_TEST(unlink_of_a_directory_fails_with_eisdir) {
  OK(vfs_mkdir(fs, "/d", 0755));
  EXPECT_RC(vfs_unlink(fs, "/d"), VSH_EISDIR);
  ck_assert(vfs_exists(fs, "/d"));
}
END_TEST

START_TEST(unlink_of_a_missing_path_fails_with_enoent) {
  EXPECT_RC(vfs_unlink(fs, "/missing"), VSH_ENOENT);
  PUT(fs, "/f", "x");
  OK(vfs_unlink(fs, "/f"));
  ck_assert(!vfs_exists(fs, "/f"));
}
END_TEST

START_TEST(remove_tree_deletes_a_directory_and_everything_below) {
  OK(vfs_mkdir_p(fs, "/t/a/b/c", 0755));
  PUT(fs, "/t/a/f", "1");
  PUT(fs, "/t/a/b/c/g", "2");
  OK(vfs_symlink(fs, "/etc", "/t/a/b/l"));
  OK(vfs_remove_tree(fs, "/t"));
  ck_assert(!vfs_exists(fs, "/t"));
  EXPECT_RC(vfs_remove_tree(fs, "/t"), VSH_ENOENT);
  PUT(fs, "/f", "x");
  OK(vfs_remove_tree(fs, "/f"));
  ck_assert(!vfs_exists(fs, "/f"));
}
END_TEST

START_TEST(remove_tree_on_a_symlink_removes_only_the_link) {
  OK(vfs_mkdir(fs, "/d", 0755));
  PUT(fs, "/d/keep", "x");
  OK(vfs_symlink(fs, "/d", "/ld"));
  OK(vfs_remove_tree(fs, "/ld"));
  vfs_info st;
  EXPECT_RC(vfs_stat(fs, "/ld", false, &st), VSH_ENOENT);
  EXPECT_CONTENT(fs, "/d/keep", "x");
}
END_TEST

/* ---- rename ---------------------------------------------------------- */

START_TEST(rename_moves_a_file_and_keeps_its_inode) {
  PUT(fs, "/a", "content");
  uint64_t ino = stat_of(fs, "/a", true).ino;
  OK(vfs_mkdir(fs, "/d", 0755));
  OK(vfs_rename(fs, "/a", "/d/b"));
  ck_assert(!vfs_exists(fs, "/a"));
  EXPECT_CONTENT(fs, "/d/b", "content");
  ck_assert_uint_eq(stat_of(fs, "/d/b", true).ino, ino);
}
END_TEST

START_TEST(rename_replaces_an_existing_file) {
  PUT(fs, "/a", "new");
  PUT(fs, "/b", "old");
  OK(vfs_rename(fs, "/a", "/b"));
  EXPECT_CONTENT(fs, "/b", "new");
  ck_assert(!vfs_exists(fs, "/a"));
}
END_TEST

START_TEST(rename_of_a_directory_over_an_empty_directory_succeeds) {
  OK(vfs_mkdir(fs, "/a", 0755));
  PUT(fs, "/a/f", "x");
  OK(vfs_mkdir(fs, "/b", 0755));
  uint64_t ino = stat_of(fs, "/a", true).ino;
  OK(vfs_rename(fs, "/a", "/b"));
  EXPECT_CONTENT(fs, "/b/f", "x");
  ck_assert_uint_eq(stat_of(fs, "/b", true).ino, ino);
  ck_assert(!vfs_exists(fs, "/a"));
}
END_TEST

START_TEST(rename_of_a_directory_over_a_non_empty_one_fails_with_enotempty) {
  OK(vfs_mkdir(fs, "/a", 0755));
  OK(vfs_mkdir(fs, "/b", 0755));
  PUT(fs, "/b/f", "x");
  EXPECT_RC(vfs_rename(fs, "/a", "/b"), VSH_ENOTEMPTY);
  ck_assert(vfs_exists(fs, "/a"));
  EXPECT_CONTENT(fs, "/b/f", "x");
}
END_TEST

START_TEST(rename_of_a_directory_into_its_own_subdirectory_fails_with_einval) {
  OK(vfs_mkdir_p(fs, "/a/sub", 0755));
  EXPECT_RC(vfs_rename(fs, "/a", "/a/sub/x"), VSH_EINVAL);
  EXPECT_RC(vfs_rename(fs, "/a", "/a/x"), VSH_EINVAL);
  ck_assert(vfs_exists(fs, "/a/sub"));
}
END_TEST

START_TEST(rename_of_a_file_over_a_directory_fails_with_eisdir) {
  PUT(fs, "/f", "x");
  OK(vfs_mkdir(fs, "/d", 0755));
  EXPECT_RC(vfs_rename(fs, "/f", "/d"), VSH_EISDIR);
  EXPECT_CONTENT(fs, "/f", "x");
}
END_TEST

START_TEST(rename_of_a_directory_over_a_file_fails_with_enotdir) {
  PUT(fs, "/f", "x");
  OK(vfs_mkdir(fs, "/d", 0755));
  EXPECT_RC(vfs_rename(fs, "/d", "/f"), VSH_ENOTDIR);
  ck_assert(stat_of(fs, "/d", true).type == VFS_DIR);
}
END_TEST

START_TEST(rename_of_a_missing_source_fails_with_enoent) {
  EXPECT_RC(vfs_rename(fs, "/missing", "/x"), VSH_ENOENT);
  PUT(fs, "/f", "x");
  EXPECT_RC(vfs_rename(fs, "/f", "/nodir/x"), VSH_ENOENT);
  EXPECT_CONTENT(fs, "/f", "x");
}
END_TEST

START_TEST(rename_onto_itself_is_a_no_op) {
  PUT(fs, "/f", "x");
  OK(vfs_rename(fs, "/f", "/f"));
  EXPECT_CONTENT(fs, "/f", "x");
  OK(vfs_mkdir(fs, "/d", 0755));
  OK(vfs_rename(fs, "/d", "/d"));
  ck_assert(vfs_exists(fs, "/d"));
}
END_TEST

START_TEST(rename_between_hard_links_of_one_inode_keeps_both) {
  /* POSIX: same inode at both names -> rename does nothing */
  PUT(fs, "/a", "x");
  OK(vfs_link(fs, "/a", "/b"));
  OK(vfs_rename(fs, "/a", "/b"));
  ck_assert(vfs_exists(fs, "/a"));
  ck_assert(vfs_exists(fs, "/b"));
}
END_TEST

START_TEST(rename_moves_a_directory_with_its_contents) {
  OK(vfs_mkdir_p(fs, "/a/b", 0755));
  PUT(fs, "/a/b/f", "deep");
  OK(vfs_rename(fs, "/a", "/tmp/z"));
  EXPECT_CONTENT(fs, "/tmp/z/b/f", "deep");
  ck_assert(!vfs_exists(fs, "/a"));
}
END_TEST

START_TEST(rename_of_a_symlink_moves_the_link_not_the_target) {
  PUT(fs, "/t", "target");
  OK(vfs_symlink(fs, "/t", "/l"));
  OK(vfs_rename(fs, "/l", "/m"));
  ck_assert(stat_of(fs, "/m", false).type == VFS_LNK);
  EXPECT_CONTENT(fs, "/t", "target");
  EXPECT_CONTENT(fs, "/m", "target");
}
END_TEST

/* ---- hard links ------------------------------------------------------ */

START_TEST(link_shares_content_between_names) {
  PUT(fs, "/a", "one");
  OK(vfs_link(fs, "/a", "/b"));
  PUT(fs, "/b", "two");
  EXPECT_CONTENT(fs, "/a", "two");
  OK(vfs_write_file(fs, "/a", "+", 1, VFS_W_APPEND, 0));
  EXPECT_CONTENT(fs, "/b", "two+");
  OK(vfs_chmod(fs, "/a", 0600));
  ck_assert_uint_eq(stat_of(fs, "/b", true).mode, 0600);
  ck_assert_uint_eq(stat_of(fs, "/a", true).ino, stat_of(fs, "/b", true).ino);
}
END_TEST

START_TEST(link_counts_names_and_unlink_keeps_the_other) {
  PUT(fs, "/a", "data");
  ck_assert_uint_eq(stat_of(fs, "/a", true).nlink, 1);
  OK(vfs_link(fs, "/a", "/b"));
  OK(vfs_mkdir(fs, "/d", 0755));
  OK(vfs_link(fs, "/a", "/d/c"));
  ck_assert_uint_eq(stat_of(fs, "/a", true).nlink, 3);
  OK(vfs_unlink(fs, "/a"));
  ck_assert_uint_eq(stat_of(fs, "/b", true).nlink, 2);
  OK(vfs_remove_tree(fs, "/d"));
  ck_assert_uint_eq(stat_of(fs, "/b", true).nlink, 1);
  EXPECT_CONTENT(fs, "/b", "data");
}
END_TEST

START_TEST(link_to_an_existing_name_fails_with_eexist) {
  PUT(fs, "/a", "a");
  PUT(fs, "/b", "b");
  EXPECT_RC(vfs_link(fs, "/a", "/b"), VSH_EEXIST);
  EXPECT_RC(vfs_link(fs, "/missing", "/c"), VSH_ENOENT);
  EXPECT_CONTENT(fs, "/b", "b");
}
END_TEST

START_TEST(link_to_a_directory_fails_with_eperm) {
  OK(vfs_mkdir(fs, "/d", 0755));
  EXPECT_RC(vfs_link(fs, "/d", "/e"), VSH_EPERM);
}
END_TEST

START_TEST(renamed_hard_link_still_shares_content) {
  PUT(fs, "/a", "1");
  OK(vfs_link(fs, "/a", "/b"));
  OK(vfs_mkdir(fs, "/d", 0755));
  OK(vfs_rename(fs, "/b", "/d/b"));
  PUT(fs, "/d/b", "2");
  EXPECT_CONTENT(fs, "/a", "2");
}
END_TEST

/* ---- symlinks -------------------------------------------------------- */

START_TEST(relative_symlink_resolves_against_its_directory) {
  OK(vfs_mkdir_p(fs, "/d/e", 0755));
  PUT(fs, "/d/f", "in d");
  OK(vfs_symlink(fs, "../f", "/d/e/l"));
  EXPECT_CONTENT(fs, "/d/e/l", "in d");
}
END_TEST

START_TEST(absolute_symlink_resolves_from_root) {
  OK(vfs_mkdir(fs, "/d", 0755));
  PUT(fs, "/f", "root f");
  OK(vfs_symlink(fs, "/f", "/d/l"));
  EXPECT_CONTENT(fs, "/d/l", "root f");
  vfs_info st = stat_of(fs, "/d/l", false);
  ck_assert(st.type == VFS_LNK);
  ck_assert_uint_eq(st.size, 2);
  ck_assert(stat_of(fs, "/d/l", true).type == VFS_REG);
}
END_TEST

START_TEST(dangling_symlink_fails_stat_but_passes_lstat) {
  OK(vfs_symlink(fs, "/nowhere", "/l"));
  vfs_info st;
  EXPECT_RC(vfs_stat(fs, "/l", true, &st), VSH_ENOENT);
  OK(vfs_stat(fs, "/l", false, &st));
  ck_assert(st.type == VFS_LNK);
  vsh_buf b = {0};
  EXPECT_RC(vfs_read_file(fs, "/l", &b), VSH_ENOENT);
  vsh_buf_dispose(&b);
}
END_TEST

START_TEST(write_through_a_dangling_symlink_creates_the_target) {
  OK(vfs_mkdir(fs, "/d", 0755));
  OK(vfs_symlink(fs, "target", "/d/l"));
  PUT(fs, "/d/l", "made");
  EXPECT_CONTENT(fs, "/d/target", "made");
  ck_assert(stat_of(fs, "/d/l", false).type == VFS_LNK);
}
END_TEST

START_TEST(symlink_loop_fails_with_eloop) {
  OK(vfs_symlink(fs, "/b", "/a"));
  OK(vfs_symlink(fs, "/a", "/b"));
  OK(vfs_symlink(fs, "self", "/self"));
  vfs_info st;
  EXPECT_RC(vfs_stat(fs, "/a", true, &st), VSH_ELOOP);
  EXPECT_RC(vfs_stat(fs, "/self", true, &st), VSH_ELOOP);
  EXPECT_RC(vfs_stat(fs, "/a/x", false, &st), VSH_ELOOP);
  EXPECT_RC(vfs_write_file(fs, "/a", "x", 1, VFS_W_TRUNC, 0), VSH_ELOOP);
  ck_assert(!vfs_exists(fs, "/a"));
}
END_TEST

START_TEST(chain_of_forty_links_resolves_and_forty_one_fails_with_eloop) {
  /* l1 -> t, lN -> l(N-1): following lN takes N link traversals; Linux
   * allows 40 (stat of l40 ok, l41 ELOOP). */
  PUT(fs, "/t", "end");
  char name[32], target[32];
  for (int i = 1; i <= 41; i++) {
    snprintf(name, sizeof name, "/l%d", i);
    if (i == 1) snprintf(target, sizeof target, "t");
    else snprintf(target, sizeof target, "l%d", i - 1);
    OK(vfs_symlink(fs, target, name));
  }
  EXPECT_CONTENT(fs, "/l40", "end");
  vfs_info st;
  EXPECT_RC(vfs_stat(fs, "/l41", true, &st), VSH_ELOOP);
  OK(vfs_stat(fs, "/l41", false, &st));
}
END_TEST

START_TEST(dotdot_after_a_symlinked_directory_is_physical) {
  OK(vfs_mkdir_p(fs, "/a/b", 0755));
  PUT(fs, "/a/x", "physical");
  PUT(fs, "/x", "lexical");
  OK(vfs_symlink(fs, "/a/b", "/s"));
  EXPECT_CONTENT(fs, "/s/../x", "physical");
  vsh_buf b = {0};
  OK(vfs_realpath(fs, "/s/..", false, &b));
  ck_assert_str_eq(b.data, "/a");
  vsh_buf_dispose(&b);
}
END_TEST

START_TEST(symlink_over_an_existing_name_fails_with_eexist) {
  PUT(fs, "/f", "x");
  EXPECT_RC(vfs_symlink(fs, "/t", "/f"), VSH_EEXIST);
  OK(vfs_symlink(fs, "/nowhere", "/l"));
  EXPECT_RC(vfs_symlink(fs, "/t", "/l"), VSH_EEXIST);
  EXPECT_RC(vfs_symlink(fs, "/t", "/nodir/l"), VSH_ENOENT);
}
END_TEST

START_TEST(readlink_returns_the_target_verbatim) {
  OK(vfs_symlink(fs, "../a//b/./c", "/l"));
  vsh_buf b = {0};
  OK(vfs_readlink(fs, "/l", &b));
  ck_assert_uint_eq(b.len, 11);
  ck_assert_str_eq(b.data, "../a//b/./c");
  vsh_buf_dispose(&b);
}
END_TEST

START_TEST(readlink_of_a_non_link_fails_with_einval) {
  PUT(fs, "/f", "x");
  vsh_buf b = {0};
  EXPECT_RC(vfs_readlink(fs, "/f", &b), VSH_EINVAL);
  EXPECT_RC(vfs_readlink(fs, "/tmp", &b), VSH_EINVAL);
  EXPECT_RC(vfs_readlink(fs, "/missing", &b), VSH_ENOENT);
  vsh_buf_dispose(&b);
}
END_TEST

START_TEST(intermediate_symlinks_in_a_path_are_followed) {
  OK(vfs_mkdir_p(fs, "/real/dir", 0755));
  OK(vfs_symlink(fs, "real", "/r"));
  OK(vfs_symlink(fs, "dir", "/real/d"));
  PUT(fs, "/r/d/f", "via links");
  EXPECT_CONTENT(fs, "/real/dir/f", "via links");
}
END_TEST

START_TEST(unlink_of_a_symlink_leaves_the_target) {
  PUT(fs, "/t", "stay");
  OK(vfs_symlink(fs, "/t", "/l"));
  OK(vfs_unlink(fs, "/l"));
  EXPECT_CONTENT(fs, "/t", "stay");
  OK(vfs_mkdir(fs, "/d", 0755));
  OK(vfs_symlink(fs, "/d", "/ld"));
  OK(vfs_unlink(fs, "/ld"));
  ck_assert(vfs_exists(fs, "/d"));
}
END_TEST

/* ---- realpath -------------------------------------------------------- */

#define EXPECT_REALPATH(path, missing_ok, want)                                \
  do {                                                                         \
    vsh_buf b_ = {0};                                                          \
    OK(vfs_realpath(fs, (path), (missing_ok), &b_));                           \
    ck_assert_str_eq(b_.data, (want));                                         \
    vsh_buf_dispose(&b_);                                                      \
  } while (0)

START_TEST(realpath_resolves_every_symlink) {
  OK(vfs_mkdir_p(fs, "/a/b", 0755));
  PUT(fs, "/a/b/f", "x");
  OK(vfs_symlink(fs, "a/b", "/s"));
  OK(vfs_symlink(fs, "f", "/a/b/g"));
  EXPECT_REALPATH("/s/g", false, "/a/b/f");
  EXPECT_REALPATH("/s", false, "/a/b");
}
END_TEST

START_TEST(realpath_collapses_slashes_dot_and_dotdot) {
  OK(vfs_mkdir_p(fs, "/a/b", 0755));
  EXPECT_REALPATH("//a/./b//../b/", false, "/a/b");
  EXPECT_REALPATH("/", false, "/");
  EXPECT_REALPATH("/..", false, "/");
}
END_TEST

START_TEST(realpath_of_a_missing_path_fails_with_enoent) {
  vsh_buf b = {0};
  EXPECT_RC(vfs_realpath(fs, "/missing", false, &b), VSH_ENOENT);
  EXPECT_RC(vfs_realpath(fs, "/missing/x", true, &b), VSH_ENOENT);
  vsh_buf_dispose(&b);
}
END_TEST

START_TEST(realpath_missing_ok_allows_a_missing_last_component) {
  OK(vfs_mkdir(fs, "/d", 0755));
  OK(vfs_symlink(fs, "/d", "/s"));
  EXPECT_REALPATH("/s/new", true, "/d/new");
}
END_TEST

/* ---- metadata -------------------------------------------------------- */

START_TEST(chmod_sets_permission_bits) {
  PUT(fs, "/f", "x");
  OK(vfs_chmod(fs, "/f", 0751));
  ck_assert_uint_eq(stat_of(fs, "/f", true).mode, 0751);
  OK(vfs_chmod(fs, "/f", 04755));
  ck_assert_uint_eq(stat_of(fs, "/f", true).mode, 04755);
  OK(vfs_mkdir(fs, "/d", 0700));
  ck_assert_uint_eq(stat_of(fs, "/d", true).mode, 0700);
  OK(vfs_chmod(fs, "/d", 01777));
  ck_assert_uint_eq(stat_of(fs, "/d", true).mode, 01777);
  EXPECT_RC(vfs_chmod(fs, "/missing", 0644), VSH_ENOENT);
}
END_TEST

START_TEST(chmod_follows_a_symlink) {
  PUT(fs, "/t", "x");
  OK(vfs_symlink(fs, "/t", "/l"));
  OK(vfs_chmod(fs, "/l", 0600));
  ck_assert_uint_eq(stat_of(fs, "/t", true).mode, 0600);
}
END_TEST

START_TEST(utimens_sets_explicit_times) {
  PUT(fs, "/f", "x");
  struct timespec at = {1000, 1}, mt = {2000, 2};
  OK(vfs_utimens(fs, "/f", &at, &mt, true));
  vfs_info st = stat_of(fs, "/f", true);
  ck_assert_int_eq(st.mtime.tv_sec, 2000);
  ck_assert_int_eq(st.mtime.tv_nsec, 2);
  ck_assert_int_eq(st.atime.tv_sec, 1000);
}
END_TEST

START_TEST(utimens_without_follow_changes_only_the_link) {
  PUT(fs, "/t", "x");
  OK(vfs_symlink(fs, "/t", "/l"));
  struct timespec t = {3000, 0};
  OK(vfs_utimens(fs, "/t", &t, &t, true));
  struct timespec u = {4000, 0};
  OK(vfs_utimens(fs, "/l", &u, &u, false));
  ck_assert_int_eq(stat_of(fs, "/t", true).mtime.tv_sec, 3000);
  ck_assert_int_eq(stat_of(fs, "/l", false).mtime.tv_sec, 4000);
}
END_TEST

START_TEST(utimens_with_null_times_means_now) {
  PUT(fs, "/f", "x");
  struct timespec old = {1000, 0};
  OK(vfs_utimens(fs, "/f", &old, &old, true));
  time_t before = time(NULL);
  OK(vfs_utimens(fs, "/f", NULL, NULL, true));
  ck_assert_int_ge(stat_of(fs, "/f", true).mtime.tv_sec, before - 1);
}
END_TEST

START_TEST(write_updates_the_file_mtime) {
  PUT(fs, "/f", "x");
  struct timespec old = {1000, 0};
  OK(vfs_utimens(fs, "/f", &old, &old, true));
  time_t before = time(NULL);
  OK(vfs_write_file(fs, "/f", "y", 1, VFS_W_APPEND, 0));
  ck_assert_int_ge(stat_of(fs, "/f", true).mtime.tv_sec, before - 1);
  OK(vfs_utimens(fs, "/f", &old, &old, true));
  OK(vfs_truncate(fs, "/f", 0));
  ck_assert_int_ge(stat_of(fs, "/f", true).mtime.tv_sec, before - 1);
}
END_TEST

START_TEST(creating_an_entry_updates_the_directory_mtime) {
  OK(vfs_mkdir(fs, "/d", 0755));
  struct timespec old = {1000, 0};
  OK(vfs_utimens(fs, "/d", &old, &old, true));
  time_t before = time(NULL);
  PUT(fs, "/d/f", "x");
  ck_assert_int_ge(stat_of(fs, "/d", true).mtime.tv_sec, before - 1);
  OK(vfs_utimens(fs, "/d", &old, &old, true));
  OK(vfs_unlink(fs, "/d/f"));
  ck_assert_int_ge(stat_of(fs, "/d", true).mtime.tv_sec, before - 1);
}
END_TEST

START_TEST(seeding_creates_parents_with_mode_and_mtime) {
  vsh_error err = {0};
  OK(vsh_fs_write(fs, "/seed/deep/f.sh", "#!/bin/sh\n", 10, 0755, &err));
  vfs_info st = stat_of(fs, "/seed/deep/f.sh", true);
  ck_assert_uint_eq(st.mode, 0755);
  ck_assert_uint_eq(st.size, 10);
  ck_assert(stat_of(fs, "/seed/deep", true).type == VFS_DIR);
  struct timespec t = {123456, 789};
  OK(vsh_fs_set_mtime(fs, "/seed/deep/f.sh", t, &err));
  st = stat_of(fs, "/seed/deep/f.sh", true);
  ck_assert_int_eq(st.mtime.tv_sec, 123456);
  ck_assert_int_eq(st.mtime.tv_nsec, 789);
  OK(vsh_fs_mkdir_p(fs, "/seed/other/x", &err));
  ck_assert(vfs_exists(fs, "/seed/other/x"));
}
END_TEST

START_TEST(seeding_reports_errors_in_vsh_error) {
  vsh_error err = {0};
  OK(vsh_fs_write(fs, "/f", "x", 1, 0644, &err));
  int rc = vsh_fs_write(fs, "/f/g", "x", 1, 0644, &err);
  ck_assert_int_eq(rc, VSH_ENOTDIR);
  ck_assert_int_eq(err.code, VSH_ENOTDIR);
  ck_assert(err.message[0] != 0);
}
END_TEST

/* ---- paths ----------------------------------------------------------- */

START_TEST(repeated_slashes_are_collapsed) {
  OK(vfs_mkdir(fs, "/a", 0755));
  PUT(fs, "//a///b", "x");
  EXPECT_CONTENT(fs, "/a/b", "x");
  ck_assert(vfs_exists(fs, "///a//b"));
  EXPECT_LISTING(fs, "/a", "b");
}
END_TEST

START_TEST(trailing_slash_on_a_file_fails_with_enotdir) {
  PUT(fs, "/f", "x");
  vfs_info st;
  EXPECT_RC(vfs_stat(fs, "/f/", true, &st), VSH_ENOTDIR);
  EXPECT_RC(vfs_stat(fs, "/f/.", true, &st), VSH_ENOTDIR);
  ck_assert(!vfs_exists(fs, "/f/"));
  EXPECT_RC(vfs_rename(fs, "/f", "/g/"), VSH_ENOTDIR);
}
END_TEST

START_TEST(trailing_slash_on_a_directory_is_accepted) {
  OK(vfs_mkdir(fs, "/d/", 0755));
  ck_assert(stat_of(fs, "/d/", true).type == VFS_DIR);
  ck_assert(stat_of(fs, "/d/.", true).type == VFS_DIR);
  OK(vfs_rmdir(fs, "/d/"));
}
END_TEST

START_TEST(dot_and_dotdot_components_resolve) {
  OK(vfs_mkdir_p(fs, "/a/b", 0755));
  PUT(fs, "/a/./b/../f", "x");
  EXPECT_CONTENT(fs, "/a/f", "x");
  EXPECT_CONTENT(fs, "/../../a/f", "x");
  ck_assert_uint_eq(stat_of(fs, "/a/b/..", true).ino,
                    stat_of(fs, "/a", true).ino);
}
END_TEST

START_TEST(dotdot_through_a_file_fails_with_enotdir) {
  PUT(fs, "/f", "x");
  vfs_info st;
  EXPECT_RC(vfs_stat(fs, "/f/..", true, &st), VSH_ENOTDIR);
}
END_TEST

START_TEST(component_of_256_bytes_fails_with_enametoolong) {
  char path[300];
  path[0] = '/';
  memset(path + 1, 'n', 256);
  path[257] = 0;
  EXPECT_RC(vfs_write_file(fs, path, "x", 1, VFS_W_TRUNC, 0), VSH_ENAMETOOLONG);
  EXPECT_RC(vfs_mkdir(fs, path, 0755), VSH_ENAMETOOLONG);
  vfs_info st;
  EXPECT_RC(vfs_stat(fs, path, true, &st), VSH_ENAMETOOLONG);
  path[256] = 0; /* 255 bytes: the longest legal name */
  PUT(fs, path, "x");
  EXPECT_CONTENT(fs, path, "x");
}
END_TEST

START_TEST(path_longer_than_4096_bytes_fails_with_enametoolong) {
  size_t n = 5000;
  char *path = malloc(n + 1);
  for (size_t i = 0; i < n; i += 2) {
    path[i] = '/';
    path[i + 1] = 'a';
  }
  path[n] = 0;
  vfs_info st;
  EXPECT_RC(vfs_stat(fs, path, true, &st), VSH_ENAMETOOLONG);
  EXPECT_RC(vfs_write_file(fs, path, "x", 1, VFS_W_TRUNC, 0), VSH_ENAMETOOLONG);
  ck_assert(!vfs_exists(fs, path));
  free(path);
}
END_TEST

/* ---- forks ----------------------------------------------------------- */

START_TEST(fork_sees_the_parent_contents) {
  PUT(fs, "/f", "base");
  OK(vfs_mkdir(fs, "/d", 0755));
  vsh_fs *c = fs_fork(fs);
  EXPECT_CONTENT(c, "/f", "base");
  ck_assert(stat_of(c, "/d", true).type == VFS_DIR);
  ck_assert_uint_eq(stat_of(c, "/f", true).ino, stat_of(fs, "/f", true).ino);
  vsh_fs_free(c);
}
END_TEST

START_TEST(writes_in_either_fork_stay_private) {
  PUT(fs, "/f", "base");
  vsh_fs *c = fs_fork(fs);
  PUT(c, "/f", "child");
  PUT(c, "/new_in_child", "c");
  EXPECT_CONTENT(fs, "/f", "base");
  ck_assert(!vfs_exists(fs, "/new_in_child"));
  PUT(fs, "/f", "parent");
  OK(vfs_write_file(fs, "/f", "+", 1, VFS_W_APPEND, 0));
  PUT(fs, "/new_in_parent", "p");
  EXPECT_CONTENT(c, "/f", "child");
  ck_assert(!vfs_exists(c, "/new_in_parent"));
  EXPECT_CONTENT(fs, "/f", "parent+");
  vsh_fs_free(c);
}
END_TEST

START_TEST(deletes_in_either_fork_stay_private) {
  OK(vfs_mkdir_p(fs, "/d/e", 0755));
  PUT(fs, "/d/e/f", "x");
  PUT(fs, "/g", "y");
  vsh_fs *c = fs_fork(fs);
  OK(vfs_remove_tree(c, "/d"));
  OK(vfs_unlink(fs, "/g"));
  EXPECT_CONTENT(fs, "/d/e/f", "x");
  EXPECT_CONTENT(c, "/g", "y");
  ck_assert(!vfs_exists(c, "/d"));
  ck_assert(!vfs_exists(fs, "/g"));
  vsh_fs_free(c);
}
END_TEST

START_TEST(renames_in_either_fork_stay_private) {
  OK(vfs_mkdir(fs, "/d", 0755));
  PUT(fs, "/d/f", "x");
  vsh_fs *c = fs_fork(fs);
  OK(vfs_rename(c, "/d", "/moved"));
  ck_assert(vfs_exists(fs, "/d/f"));
  ck_assert(!vfs_exists(fs, "/moved"));
  OK(vfs_rename(fs, "/d/f", "/d/g"));
  EXPECT_CONTENT(c, "/moved/f", "x");
  ck_assert(!vfs_exists(c, "/moved/g"));
  vsh_fs_free(c);
}
END_TEST

START_TEST(chmod_and_times_in_a_fork_stay_private) {
  PUT(fs, "/f", "x");
  OK(vfs_chmod(fs, "/f", 0644));
  vsh_fs *c = fs_fork(fs);
  OK(vfs_chmod(c, "/f", 0700));
  struct timespec t = {5000, 0};
  OK(vfs_utimens(c, "/f", &t, &t, true));
  ck_assert_uint_eq(stat_of(fs, "/f", true).mode, 0644);
  ck_assert_int_ne(stat_of(fs, "/f", true).mtime.tv_sec, 5000);
  OK(vfs_chmod(fs, "/f", 0600));
  ck_assert_uint_eq(stat_of(c, "/f", true).mode, 0700);
  vsh_fs_free(c);
}
END_TEST

START_TEST(fork_of_a_fork_is_isolated_from_both) {
  PUT(fs, "/f", "0");
  vsh_fs *c = fs_fork(fs);
  PUT(c, "/f", "1");
  vsh_fs *g = fs_fork(c);
  EXPECT_CONTENT(g, "/f", "1");
  PUT(g, "/f", "2");
  PUT(c, "/only_c", "c");
  EXPECT_CONTENT(fs, "/f", "0");
  EXPECT_CONTENT(c, "/f", "1");
  EXPECT_CONTENT(g, "/f", "2");
  ck_assert(!vfs_exists(g, "/only_c"));
  vsh_fs_free(c);
  EXPECT_CONTENT(g, "/f", "2");
  vsh_fs_free(g);
  EXPECT_CONTENT(fs, "/f", "0");
}
END_TEST

START_TEST(freeing_the_parent_first_keeps_the_child_intact) {
  vsh_fs_opts o = {0};
  vsh_fs *p = fs_make(&o);
  OK(vfs_mkdir(p, "/d", 0755));
  PUT(p, "/d/f", "kept");
  vsh_fs *c = fs_fork(p);
  vsh_fs *c2 = fs_fork(p);
  vsh_fs_free(p);
  EXPECT_CONTENT(c, "/d/f", "kept");
  PUT(c, "/d/f", "changed");
  EXPECT_CONTENT(c2, "/d/f", "kept");
  vsh_fs_free(c);
  EXPECT_CONTENT(c2, "/d/f", "kept");
  vsh_fs_free(c2);
}
END_TEST

START_TEST(hard_links_stay_shared_inside_a_fork_only) {
  PUT(fs, "/a", "base");
  OK(vfs_link(fs, "/a", "/b"));
  vsh_fs *c = fs_fork(fs);
  PUT(c, "/a", "child");
  EXPECT_CONTENT(c, "/b", "child");
  EXPECT_CONTENT(fs, "/a", "base");
  EXPECT_CONTENT(fs, "/b", "base");
  OK(vfs_write_file(fs, "/b", "+", 1, VFS_W_APPEND, 0));
  EXPECT_CONTENT(fs, "/a", "base+");
  EXPECT_CONTENT(c, "/a", "child");
  vsh_fs_free(c);
}
END_TEST

START_TEST(fork_usage_equals_the_parent_usage) {
  PUT(fs, "/f", "12345");
  vsh_fs *c = fs_fork(fs);
  vsh_fs_usage a = usage_of(fs), b = usage_of(c);
  ck_assert_uint_eq(a.bytes, b.bytes);
  ck_assert_uint_eq(a.inodes, b.inodes);
  PUT(c, "/g", "1234567890");
  ck_assert_uint_eq(usage_of(fs).bytes, a.bytes);
  ck_assert_uint_eq(usage_of(c).bytes, a.bytes + 10);
  vsh_fs_free(c);
}
END_TEST

/* Seeds 100 directories of 100 files each. */

START_TEST(fork_of_a_ten_thousand_file_image_is_cheap) {
  counting_alloc ca = {.mu = PTHREAD_MUTEX_INITIALIZER};
  vsh_allocator al = {counting_fn, &ca};
  vsh_fs_opts o = {.alloc = &al};
  vsh_fs *p = fs_make(&o);
  seed_image(p);
  size_t before = live_bytes(&ca);
  double t0 = now_s();
  vsh_fs *forks[100];
  for (int i = 0; i < 100; i++) forks[i] = fs_fork(p);
  double dt = now_s() - t0;
  size_t per_fork = (live_bytes(&ca) - before) / 100;
  ck_assert_msg(dt < 1.0, "100 forks took %.3f s", dt);
  /* a copied tree would be megabytes; a handle is a few hundred bytes */
  ck_assert_msg(per_fork < 16384, "one fork allocated %zu bytes", per_fork);
  vsh_fs_usage a = usage_of(p), b = usage_of(forks[50]);
  ck_assert_uint_eq(a.bytes, b.bytes);
  ck_assert_uint_eq(a.inodes, b.inodes);
  EXPECT_CONTENT(forks[99], "/img/d42/f042", "file 42.42\n");
  for (int i = 0; i < 100; i++) vsh_fs_free(forks[i]);
  vsh_fs_free(p);
  ck_assert_uint_eq(live_bytes(&ca), 0);
}
END_TEST

START_TEST(small_write_after_fork_copies_one_path_only) {
  counting_alloc ca = {.mu = PTHREAD_MUTEX_INITIALIZER};
  vsh_allocator al = {counting_fn, &ca};
  vsh_fs_opts o = {.alloc = &al};
  vsh_fs *p = fs_make(&o);
  seed_image(p);
  size_t image = live_bytes(&ca);
  vsh_fs *c = fs_fork(p);
  size_t before = live_bytes(&ca);
  PUT(c, "/img/d07/f007", "changed");
  size_t grew = live_bytes(&ca) - before;
  ck_assert_msg(grew < image / 4, "write after fork grew %zu of %zu bytes",
                grew, image);
  EXPECT_CONTENT(p, "/img/d07/f007", "file 7.7\n");
  vsh_fs_free(c);
  vsh_fs_free(p);
}
END_TEST

/* ---- quotas ---------------------------------------------------------- */

static vsh_fs *quota_fs(uint64_t max_bytes, uint64_t max_inodes) {
  vsh_fs_opts o = {
      .bare = true, .max_bytes = max_bytes, .max_inodes = max_inodes};
  return fs_make(&o);
}

START_TEST(write_past_max_bytes_fails_and_keeps_the_old_content) {
  vsh_fs *q = quota_fs(1000, 0);
  size_t room = 1000 - usage_of(q).bytes;
  char *a = filled(room - 100, 'a');
  PUT(q, "/a", a);
  PUT(q, "/b", "0123456789");
  char *big = filled(111, 'b');
  EXPECT_RC(vfs_write_file(q, "/b", big, 111, VFS_W_TRUNC, 0), VSH_ENOSPC);
  EXPECT_CONTENT(q, "/b", "0123456789");
  ck_assert_uint_le(usage_of(q).bytes, 1000);
  /* exactly at the limit is allowed: the old 10 bytes are replaced */
  OK(vfs_write_file(q, "/b", big, 100, VFS_W_TRUNC, 0));
  ck_assert_uint_eq(usage_of(q).bytes, 1000);
  free(a);
  free(big);
  vsh_fs_free(q);
}
END_TEST

START_TEST(quota_get_reports_the_quotas_made_with) {
  vsh_fs *q = quota_fs(1000, 7);
  vsh_fs_quota got;
  vsh_fs_quota_get(q, &got);
  ck_assert_uint_eq(got.max_bytes, 1000);
  ck_assert_uint_eq(got.max_inodes, 7);
  vsh_fs_free(q);
  vsh_fs *none = quota_fs(0, 0);
  vsh_fs_quota_get(none, &got);
  ck_assert_uint_eq(got.max_bytes + got.max_inodes, 0);
  vsh_fs_free(none);
}
END_TEST

START_TEST(failed_create_past_max_bytes_leaves_no_file) {
  vsh_fs *q = quota_fs(100, 0);
  char *big = filled(200, 'x');
  EXPECT_RC(vfs_write_file(q, "/f", big, 200, VFS_W_TRUNC, 0), VSH_ENOSPC);
  ck_assert(!vfs_exists(q, "/f"));
  free(big);
  vsh_fs_free(q);
}
END_TEST

START_TEST(appends_count_against_max_bytes) {
  vsh_fs *q = quota_fs(1000, 0);
  size_t room = 1000 - usage_of(q).bytes;
  char *a = filled(room - 10, 'a');
  PUT(q, "/a", a);
  EXPECT_RC(vfs_write_file(q, "/a", "12345678901", 11, VFS_W_APPEND, 0),
            VSH_ENOSPC);
  ck_assert_uint_eq(size_of(q, "/a"), room - 10);
  OK(vfs_write_file(q, "/a", "1234567890", 10, VFS_W_APPEND, 0));
  ck_assert_uint_eq(size_of(q, "/a"), room);
  EXPECT_RC(vfs_write_file(q, "/a", "x", 1, VFS_W_APPEND, 0), VSH_ENOSPC);
  free(a);
  vsh_fs_free(q);
}
END_TEST

START_TEST(handle_writes_and_truncate_count_against_max_bytes) {
  vsh_fs *q = quota_fs(1000, 0);
  PUT(q, "/f", "x");
  EXPECT_RC(vfs_truncate(q, "/f", 5000), VSH_ENOSPC);
  ck_assert_uint_eq(size_of(q, "/f"), 1);
  vfs_file *h = NULL;
  OK(vfs_open(q, "/g", VFS_O_WRITE | VFS_O_CREAT, 0644, &h));
  char *big = filled(2000, 'g');
  int64_t n = vfs_file_write(h, big, 2000);
  ck_assert_msg(n == VSH_ENOSPC || (n >= 0 && n < 2000),
                "handle write past quota returned %lld", (long long)n);
  vfs_file_close(h);
  ck_assert_uint_le(usage_of(q).bytes, 1000);
  free(big);
  vsh_fs_free(q);
}
END_TEST

START_TEST(deleting_a_file_frees_byte_quota) {
  vsh_fs *q = quota_fs(1000, 0);
  size_t room = 1000 - usage_of(q).bytes;
  char *a = filled(room, 'a');
  PUT(q, "/a", a);
  EXPECT_RC(vfs_write_file(q, "/b", "x", 1, VFS_W_TRUNC, 0), VSH_ENOSPC);
  OK(vfs_unlink(q, "/a"));
  PUT(q, "/b", a);
  OK(vfs_remove_tree(q, "/b"));
  OK(vfs_mkdir(q, "/d", 0755));
  PUT(q, "/d/c", a);
  free(a);
  vsh_fs_free(q);
}
END_TEST

START_TEST(usage_counts_file_bytes) {
  vsh_fs *q = quota_fs(0, 0);
  vsh_fs_usage u0 = usage_of(q);
  PUT(q, "/a", "12345");
  vsh_fs_usage u1 = usage_of(q);
  ck_assert_uint_eq(u1.bytes, u0.bytes + 5);
  ck_assert_uint_eq(u1.inodes, u0.inodes + 1);
  OK(vfs_unlink(q, "/a"));
  ck_assert_uint_eq(usage_of(q).bytes, u0.bytes);
  ck_assert_uint_eq(usage_of(q).inodes, u0.inodes);
  vsh_fs_free(q);
}
END_TEST

START_TEST(fork_inherits_the_byte_quota) {
  vsh_fs *q = quota_fs(1000, 0);
  size_t room = 1000 - usage_of(q).bytes;
  char *a = filled(room - 5, 'a');
  PUT(q, "/a", a);
  vsh_fs *c = fs_fork(q);
  EXPECT_RC(vfs_write_file(c, "/b", "0123456789", 10, VFS_W_TRUNC, 0),
            VSH_ENOSPC);
  ck_assert_uint_le(usage_of(c).bytes, 1000);
  free(a);
  vsh_fs_free(c);
  vsh_fs_free(q);
}
END_TEST

/* Creates /fN until the inode quota refuses; returns how many fit. */
static int fill_inodes(vsh_fs *q, int limit) {
  char path[32];
  for (int i = 0; i <= limit + 1; i++) {
    snprintf(path, sizeof path, "/f%d", i);
    int rc = vfs_write_file(q, path, "", 0, VFS_W_TRUNC, 0);
    if (rc == VSH_EDQUOT) return i;
    ck_assert_msg(rc == 0, "create %s: %s", path, ename(rc));
  }
  ck_abort_msg("inode quota of %d never refused a create", limit);
  return -1;
}

START_TEST(create_past_max_inodes_fails_with_edquot) {
  vsh_fs *q = quota_fs(0, 10);
  int n = fill_inodes(q, 10);
  ck_assert_int_gt(n, 0);
  ck_assert_uint_le(usage_of(q).inodes, 10);
  ck_assert(!vfs_exists(q, "/f10") || n > 10);
  OK(vfs_unlink(q, "/f0"));
  PUT(q, "/again", "");
  vsh_fs_free(q);
}
END_TEST

START_TEST(mkdir_and_symlink_past_max_inodes_fail_with_edquot) {
  vsh_fs *q = quota_fs(0, 10);
  fill_inodes(q, 10);
  EXPECT_RC(vfs_mkdir(q, "/d", 0755), VSH_EDQUOT);
  EXPECT_RC(vfs_mkdir_p(q, "/p/q", 0755), VSH_EDQUOT);
  EXPECT_RC(vfs_symlink(q, "/f0", "/l"), VSH_EDQUOT);
  ck_assert(!vfs_exists(q, "/d"));
  ck_assert_uint_le(usage_of(q).inodes, 10);
  vsh_fs_free(q);
}
END_TEST

START_TEST(hard_link_does_not_consume_an_inode) {
  vsh_fs *q = quota_fs(0, 10);
  fill_inodes(q, 10);
  OK(vfs_link(q, "/f0", "/f0-again"));
  vsh_fs_free(q);
}
END_TEST

/* ---- suite ----------------------------------------------------------- */

static TCase *tcase(Suite *s, const char *name, bool fixture) {
  TCase *tc = tcase_create(name);
  if (fixture) tcase_add_checked_fixture(tc, setup, teardown);
  tcase_set_timeout(tc, 60);
  suite_add_tcase(s, tc);
  return tc;
}

static Suite *vfs_suite(void) {
  Suite *s = suite_create("vfs");
  TCase *tc;

  tc = tcase(s, "skeleton", true);
  tcase_add_test(tc, fresh_filesystem_has_dev_tmp_and_home_user);
  tcase_add_test(tc, bare_filesystem_has_only_an_empty_root);
  tcase_add_test(tc, root_is_a_directory_with_the_root_inode);

  tc = tcase(s, "files", true);
  tcase_add_test(tc, written_bytes_read_back_exactly);
  tcase_add_test(tc, write_with_mode_zero_creates_0644);
  tcase_add_test(tc, truncating_write_replaces_content);
  tcase_add_test(tc, append_adds_to_the_end);
  tcase_add_test(tc, append_creates_a_missing_file);
  tcase_add_test(tc, exclusive_write_refuses_an_existing_file);
  tcase_add_test(tc, exclusive_write_refuses_a_dangling_symlink);
  tcase_add_test(tc, nocreat_write_refuses_a_missing_file);
  tcase_add_test(tc, nocreat_write_updates_an_existing_file);
  tcase_add_test(tc, write_into_a_missing_directory_fails_with_enoent);
  tcase_add_test(tc, write_to_a_directory_fails_with_eisdir);
  tcase_add_test(tc, write_below_a_file_fails_with_enotdir);
  tcase_add_test(tc, empty_write_creates_an_empty_file);
  tcase_add_test(tc, truncate_shrinks_and_extends_with_zeros);
  tcase_add_test(tc, truncate_of_a_directory_fails_with_eisdir);
  tcase_add_test(tc, read_of_a_directory_fails_with_eisdir);
  tcase_add_test(tc, read_of_a_missing_file_fails_with_enoent);
  tcase_add_test(tc, copy_file_duplicates_content_independently);
  tcase_add_test(tc, exists_agrees_with_stat);

  tc = tcase(s, "directories", true);
  tcase_add_test(tc, mkdir_creates_an_empty_directory);
  tcase_add_test(tc, mkdir_of_an_existing_path_fails_with_eexist);
  tcase_add_test(tc, mkdir_without_parent_fails_with_enoent);
  tcase_add_test(tc, mkdir_below_a_file_fails_with_enotdir);
  tcase_add_test(tc, mkdir_p_creates_every_level_and_tolerates_existing);
  tcase_add_test(tc, mkdir_p_through_a_file_fails);
  tcase_add_test(tc, rmdir_removes_an_empty_directory);
  tcase_add_test(tc, rmdir_of_a_non_empty_directory_fails_with_enotempty);
  tcase_add_test(tc, rmdir_of_a_file_or_symlink_fails_with_enotdir);
  tcase_add_test(tc, rmdir_of_root_fails_with_ebusy);
  tcase_add_test(tc, readdir_lists_sorted_names_without_dot_entries);
  tcase_add_test(tc, readdir_reports_entry_types_and_inodes);
  tcase_add_test(tc, readdir_of_a_file_fails_with_enotdir);
  tcase_add_test(tc, readdir_follows_a_symlink_to_a_directory);
  tcase_add_test(tc, unlink_of_a_directory_fails_with_eisdir);
  tcase_add_test(tc, unlink_of_a_missing_path_fails_with_enoent);
  tcase_add_test(tc, remove_tree_deletes_a_directory_and_everything_below);
  tcase_add_test(tc, remove_tree_on_a_symlink_removes_only_the_link);

  tc = tcase(s, "rename", true);
  tcase_add_test(tc, rename_moves_a_file_and_keeps_its_inode);
  tcase_add_test(tc, rename_replaces_an_existing_file);
  tcase_add_test(tc, rename_of_a_directory_over_an_empty_directory_succeeds);
  tcase_add_test(
      tc, rename_of_a_directory_over_a_non_empty_one_fails_with_enotempty);
  tcase_add_test(
      tc, rename_of_a_directory_into_its_own_subdirectory_fails_with_einval);
  tcase_add_test(tc, rename_of_a_file_over_a_directory_fails_with_eisdir);
  tcase_add_test(tc, rename_of_a_directory_over_a_file_fails_with_enotdir);
  tcase_add_test(tc, rename_of_a_missing_source_fails_with_enoent);
  tcase_add_test(tc, rename_onto_itself_is_a_no_op);
  tcase_add_test(tc, rename_between_hard_links_of_one_inode_keeps_both);
  tcase_add_test(tc, rename_moves_a_directory_with_its_contents);
  tcase_add_test(tc, rename_of_a_symlink_moves_the_link_not_the_target);

  tc = tcase(s, "hard links", true);
  tcase_add_test(tc, link_shares_content_between_names);
  tcase_add_test(tc, link_counts_names_and_unlink_keeps_the_other);
  tcase_add_test(tc, link_to_an_existing_name_fails_with_eexist);
  tcase_add_test(tc, link_to_a_directory_fails_with_eperm);
  tcase_add_test(tc, renamed_hard_link_still_shares_content);

  tc = tcase(s, "symlinks", true);
  tcase_add_test(tc, relative_symlink_resolves_against_its_directory);
  tcase_add_test(tc, absolute_symlink_resolves_from_root);
  tcase_add_test(tc, dangling_symlink_fails_stat_but_passes_lstat);
  tcase_add_test(tc, write_through_a_dangling_symlink_creates_the_target);
  tcase_add_test(tc, symlink_loop_fails_with_eloop);
  tcase_add_test(tc,
                 chain_of_forty_links_resolves_and_forty_one_fails_with_eloop);
  tcase_add_test(tc, dotdot_after_a_symlinked_directory_is_physical);
  tcase_add_test(tc, symlink_over_an_existing_name_fails_with_eexist);
  tcase_add_test(tc, readlink_returns_the_target_verbatim);
  tcase_add_test(tc, readlink_of_a_non_link_fails_with_einval);
  tcase_add_test(tc, intermediate_symlinks_in_a_path_are_followed);
  tcase_add_test(tc, unlink_of_a_symlink_leaves_the_target);

  tc = tcase(s, "realpath", true);
  tcase_add_test(tc, realpath_resolves_every_symlink);
  tcase_add_test(tc, realpath_collapses_slashes_dot_and_dotdot);
  tcase_add_test(tc, realpath_of_a_missing_path_fails_with_enoent);
  tcase_add_test(tc, realpath_missing_ok_allows_a_missing_last_component);

  tc = tcase(s, "metadata", true);
  tcase_add_test(tc, chmod_sets_permission_bits);
  tcase_add_test(tc, chmod_follows_a_symlink);
  tcase_add_test(tc, utimens_sets_explicit_times);
  tcase_add_test(tc, utimens_without_follow_changes_only_the_link);
  tcase_add_test(tc, utimens_with_null_times_means_now);
  tcase_add_test(tc, write_updates_the_file_mtime);
  tcase_add_test(tc, creating_an_entry_updates_the_directory_mtime);
  tcase_add_test(tc, seeding_creates_parents_with_mode_and_mtime);
  tcase_add_test(tc, seeding_reports_errors_in_vsh_error);

  tc = tcase(s, "paths", true);
  tcase_add_test(tc, repeated_slashes_are_collapsed);
  tcase_add_test(tc, trailing_slash_on_a_file_fails_with_enotdir);
  tcase_add_test(tc, trailing_slash_on_a_directory_is_accepted);
  tcase_add_test(tc, dot_and_dotdot_components_resolve);
  tcase_add_test(tc, dotdot_through_a_file_fails_with_enotdir);
  tcase_add_test(tc, component_of_256_bytes_fails_with_enametoolong);
  tcase_add_test(tc, path_longer_than_4096_bytes_fails_with_enametoolong);

  tc = tcase(s, "fork", true);
  tcase_add_test(tc, fork_sees_the_parent_contents);
  tcase_add_test(tc, writes_in_either_fork_stay_private);
  tcase_add_test(tc, deletes_in_either_fork_stay_private);
  tcase_add_test(tc, renames_in_either_fork_stay_private);
  tcase_add_test(tc, chmod_and_times_in_a_fork_stay_private);
  tcase_add_test(tc, fork_of_a_fork_is_isolated_from_both);
  tcase_add_test(tc, freeing_the_parent_first_keeps_the_child_intact);
  tcase_add_test(tc, hard_links_stay_shared_inside_a_fork_only);
  tcase_add_test(tc, fork_usage_equals_the_parent_usage);
  tcase_add_test(tc, fork_of_a_ten_thousand_file_image_is_cheap);
  tcase_add_test(tc, small_write_after_fork_copies_one_path_only);

  tc = tcase(s, "quota", false);
  tcase_add_test(tc, write_past_max_bytes_fails_and_keeps_the_old_content);
  tcase_add_test(tc, quota_get_reports_the_quotas_made_with);
  tcase_add_test(tc, failed_create_past_max_bytes_leaves_no_file);
  tcase_add_test(tc, appends_count_against_max_bytes);
  tcase_add_test(tc, handle_writes_and_truncate_count_against_max_bytes);
  tcase_add_test(tc, deleting_a_file_frees_byte_quota);
  tcase_add_test(tc, usage_counts_file_bytes);
  tcase_add_test(tc, fork_inherits_the_byte_quota);
  tcase_add_test(tc, create_past_max_inodes_fails_with_edquot);
  tcase_add_test(tc, mkdir_and_symlink_past_max_inodes_fail_with_edquot);
  tcase_add_test(tc, hard_link_does_not_consume_an_inode);

  return s;
}

int main(void) {
  SRunner *sr = srunner_create(vfs_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
