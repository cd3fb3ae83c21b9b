/* test_vfs_io.c: Check suite for the filesystem's devices, file handles,
 * lazy files, host mounts and concurrency (the rest of the vfs is in
 * test_vfs.c; both share vfs_test_util.h). */
#include "vfs_test_util.h"

/* ---- devices --------------------------------------------------------- */

START_TEST(dev_null_reads_empty_and_swallows_writes) {
  OK(vfs_write_file(fs, "/dev/null", "gone", 4, VFS_W_TRUNC, 0));
  OK(vfs_write_file(fs, "/dev/null", "gone", 4, VFS_W_APPEND, 0));
  EXPECT_CONTENT(fs, "/dev/null", "");
  vfs_file *h = NULL;
  OK(vfs_open(fs, "/dev/null", VFS_O_READ | VFS_O_WRITE, 0, &h));
  ck_assert_int_eq(vfs_file_write(h, "abc", 3), 3);
  char buf[8];
  ck_assert_int_eq(vfs_file_read(h, buf, sizeof buf), 0);
  vfs_file_close(h);
  vfs_info st = stat_of(fs, "/dev/null", true);
  ck_assert(st.type == VFS_CHR);
  ck_assert(st.dev == VFS_DEV_NULL);
}
END_TEST

START_TEST(dev_zero_reads_zeros_through_a_handle) {
  vfs_file *h = NULL;
  OK(vfs_open(fs, "/dev/zero", VFS_O_READ, 0, &h));
  unsigned char buf[4096];
  memset(buf, 0xff, sizeof buf);
  ck_assert_int_eq(vfs_file_read(h, buf, sizeof buf), (int64_t)sizeof buf);
  for (size_t i = 0; i < sizeof buf; i++) ck_assert_uint_eq(buf[i], 0);
  vfs_file_close(h);
  vsh_buf b = {0};
  EXPECT_RC(vfs_read_file(fs, "/dev/zero", &b), VSH_EINVAL);
  vsh_buf_dispose(&b);
}
END_TEST

static void urandom_bytes(uint64_t seed, unsigned char *out, size_t n) {
  vsh_fs_opts o = {.has_seed = true, .random_seed = seed};
  vsh_fs *f = fs_make(&o);
  vfs_file *h = NULL;
  OK(vfs_open(f, "/dev/urandom", VFS_O_READ, 0, &h));
  ck_assert_int_eq(vfs_file_read(h, out, n), (int64_t)n);
  vfs_file_close(h);
  vsh_fs_free(f);
}

START_TEST(seeded_urandom_is_reproducible) {
  unsigned char a[64], b[64], zero[64] = {0};
  urandom_bytes(42, a, sizeof a);
  urandom_bytes(42, b, sizeof b);
  ck_assert_mem_eq(a, b, sizeof a);
  ck_assert(memcmp(a, zero, sizeof a) != 0);
}
END_TEST

START_TEST(different_seeds_give_different_urandom_bytes) {
  unsigned char a[64], b[64];
  urandom_bytes(42, a, sizeof a);
  urandom_bytes(43, b, sizeof b);
  ck_assert(memcmp(a, b, sizeof a) != 0);
}
END_TEST

START_TEST(urandom_stream_does_not_repeat_itself) {
  unsigned char a[32], b[32];
  vfs_random_bytes(fs, a, sizeof a);
  vfs_random_bytes(fs, b, sizeof b);
  ck_assert(memcmp(a, b, sizeof a) != 0);
}
END_TEST

static int devfd_of(const char *path, unsigned flags) {
  vfs_file *h = NULL;
  int rc = vfs_open(fs, path, flags, 0, &h);
  ck_assert_msg(rc == 0, "open %s: %s", path, ename(rc));
  int fd = vfs_file_devfd(h);
  vfs_file_close(h);
  return fd;
}

START_TEST(standard_stream_devices_name_their_fds) {
  ck_assert_int_eq(devfd_of("/dev/stdin", VFS_O_READ), 0);
  ck_assert_int_eq(devfd_of("/dev/stdout", VFS_O_WRITE), 1);
  ck_assert_int_eq(devfd_of("/dev/stderr", VFS_O_WRITE), 2);
  ck_assert_int_eq(devfd_of("/dev/fd/5", VFS_O_READ), 5);
  ck_assert_int_eq(devfd_of("/dev/fd/0", VFS_O_READ), 0);
  PUT(fs, "/f", "x");
  ck_assert_int_eq(devfd_of("/f", VFS_O_READ), -1);
  ck_assert_int_eq(devfd_of("/dev/null", VFS_O_READ), -1);
}
END_TEST

/* ---- file handles ---------------------------------------------------- */

START_TEST(handle_reads_writes_and_seeks) {
  vfs_file *h = NULL;
  OK(vfs_open(fs, "/f", VFS_O_READ | VFS_O_WRITE | VFS_O_CREAT, 0644, &h));
  ck_assert_int_eq(vfs_file_write(h, "hello world", 11), 11);
  ck_assert_int_eq(vfs_file_seek(h, 6, SEEK_SET), 6);
  char buf[16] = {0};
  ck_assert_int_eq(vfs_file_read(h, buf, 5), 5);
  ck_assert_str_eq(buf, "world");
  ck_assert_int_eq(vfs_file_read(h, buf, 5), 0);
  ck_assert_int_eq(vfs_file_seek(h, -5, SEEK_END), 6);
  ck_assert_int_eq(vfs_file_write(h, "WORLD", 5), 5);
  ck_assert_int_eq(vfs_file_seek(h, -11, SEEK_CUR), 0);
  vfs_info st;
  OK(vfs_file_stat(h, &st));
  ck_assert_uint_eq(st.size, 11);
  ck_assert_uint_eq(st.ino, stat_of(fs, "/f", true).ino);
  vfs_file_close(h);
  EXPECT_CONTENT(fs, "/f", "hello WORLD");
}
END_TEST

START_TEST(seek_before_start_fails_with_einval) {
  PUT(fs, "/f", "abc");
  vfs_file *h = NULL;
  OK(vfs_open(fs, "/f", VFS_O_READ, 0, &h));
  EXPECT_RC(vfs_file_seek(h, -1, SEEK_SET), VSH_EINVAL);
  vfs_file_close(h);
}
END_TEST

START_TEST(write_after_seeking_past_the_end_fills_with_zeros) {
  vfs_file *h = NULL;
  OK(vfs_open(fs, "/f", VFS_O_WRITE | VFS_O_CREAT, 0644, &h));
  ck_assert_int_eq(vfs_file_seek(h, 4, SEEK_SET), 4);
  ck_assert_int_eq(vfs_file_write(h, "x", 1), 1);
  vfs_file_close(h);
  vsh_buf b = {0};
  OK(vfs_read_file(fs, "/f", &b));
  ck_assert_uint_eq(b.len, 5);
  ck_assert_mem_eq(b.data, "\0\0\0\0x", 5);
  vsh_buf_dispose(&b);
}
END_TEST

START_TEST(append_handle_always_writes_at_the_end) {
  PUT(fs, "/f", "start.");
  vfs_file *h = NULL;
  OK(vfs_open(fs, "/f", VFS_O_WRITE | VFS_O_APPEND, 0, &h));
  ck_assert_int_eq(vfs_file_write(h, "a.", 2), 2);
  vfs_file_seek(h, 0, SEEK_SET);
  ck_assert_int_eq(vfs_file_write(h, "b.", 2), 2);
  PUT(fs, "/f", "replaced.");
  ck_assert_int_eq(vfs_file_write(h, "c.", 2), 2);
  vfs_file_close(h);
  EXPECT_CONTENT(fs, "/f", "replaced.c.");
}
END_TEST

START_TEST(open_trunc_empties_the_file) {
  PUT(fs, "/f", "old content");
  vfs_file *h = NULL;
  OK(vfs_open(fs, "/f", VFS_O_WRITE | VFS_O_TRUNC, 0, &h));
  ck_assert_uint_eq(size_of(fs, "/f"), 0);
  ck_assert_int_eq(vfs_file_write(h, "new", 3), 3);
  vfs_file_close(h);
  EXPECT_CONTENT(fs, "/f", "new");
}
END_TEST

START_TEST(handle_follows_a_rename) {
  PUT(fs, "/a", "");
  vfs_file *h = NULL;
  OK(vfs_open(fs, "/a", VFS_O_WRITE, 0, &h));
  OK(vfs_mkdir(fs, "/d", 0755));
  OK(vfs_rename(fs, "/a", "/d/b"));
  ck_assert_int_eq(vfs_file_write(h, "moved", 5), 5);
  vfs_file_close(h);
  EXPECT_CONTENT(fs, "/d/b", "moved");
  ck_assert(!vfs_exists(fs, "/a"));
}
END_TEST

START_TEST(handle_reads_see_later_writes) {
  PUT(fs, "/f", "first");
  vfs_file *h = NULL;
  OK(vfs_open(fs, "/f", VFS_O_READ, 0, &h));
  OK(vfs_write_file(fs, "/f", " second", 7, VFS_W_APPEND, 0));
  char buf[32] = {0};
  ck_assert_int_eq(vfs_file_read(h, buf, sizeof buf - 1), 12);
  ck_assert_str_eq(buf, "first second");
  vfs_file_close(h);
}
END_TEST

START_TEST(handle_keeps_reading_after_unlink) {
  PUT(fs, "/f", "still here");
  vfs_file *h = NULL;
  OK(vfs_open(fs, "/f", VFS_O_READ, 0, &h));
  OK(vfs_unlink(fs, "/f"));
  char buf[32] = {0};
  ck_assert_int_eq(vfs_file_read(h, buf, sizeof buf - 1), 10);
  ck_assert_str_eq(buf, "still here");
  vfs_file_close(h);
}
END_TEST

START_TEST(exclusive_create_of_an_existing_file_fails_with_eexist) {
  PUT(fs, "/f", "x");
  vfs_file *h = NULL;
  EXPECT_RC(
      vfs_open(fs, "/f", VFS_O_WRITE | VFS_O_CREAT | VFS_O_EXCL, 0644, &h),
      VSH_EEXIST);
  OK(vfs_open(fs, "/g", VFS_O_WRITE | VFS_O_CREAT | VFS_O_EXCL, 0600, &h));
  vfs_file_close(h);
  ck_assert_uint_eq(stat_of(fs, "/g", true).mode, 0600);
}
END_TEST

START_TEST(opening_a_directory_for_write_fails_with_eisdir) {
  vfs_file *h = NULL;
  EXPECT_RC(vfs_open(fs, "/tmp", VFS_O_WRITE, 0, &h), VSH_EISDIR);
  EXPECT_RC(vfs_open(fs, "/tmp", VFS_O_READ | VFS_O_WRITE, 0, &h), VSH_EISDIR);
}
END_TEST

START_TEST(open_of_a_missing_file_without_creat_fails_with_enoent) {
  vfs_file *h = NULL;
  EXPECT_RC(vfs_open(fs, "/missing", VFS_O_READ, 0, &h), VSH_ENOENT);
  EXPECT_RC(vfs_open(fs, "/missing", VFS_O_WRITE, 0, &h), VSH_ENOENT);
  ck_assert(!vfs_exists(fs, "/missing"));
}
END_TEST

START_TEST(open_nofollow_on_a_symlink_fails_with_eloop) {
  PUT(fs, "/t", "x");
  OK(vfs_symlink(fs, "/t", "/l"));
  vfs_file *h = NULL;
  EXPECT_RC(vfs_open(fs, "/l", VFS_O_READ | VFS_O_NOFOLLOW, 0, &h), VSH_ELOOP);
  OK(vfs_open(fs, "/t", VFS_O_READ | VFS_O_NOFOLLOW, 0, &h));
  vfs_file_close(h);
}
END_TEST

START_TEST(read_only_handle_refuses_writes_with_ebadf) {
  PUT(fs, "/f", "x");
  vfs_file *h = NULL;
  OK(vfs_open(fs, "/f", VFS_O_READ, 0, &h));
  EXPECT_RC(vfs_file_write(h, "y", 1), VSH_EBADF);
  vfs_file_close(h);
  OK(vfs_open(fs, "/f", VFS_O_WRITE, 0, &h));
  char c;
  EXPECT_RC(vfs_file_read(h, &c, 1), VSH_EBADF);
  vfs_file_close(h);
  EXPECT_CONTENT(fs, "/f", "x");
}
END_TEST

START_TEST(handle_writes_in_a_fork_stay_private) {
  PUT(fs, "/f", "base");
  vsh_fs *c = fs_fork(fs);
  vfs_file *h = NULL;
  OK(vfs_open(c, "/f", VFS_O_WRITE | VFS_O_APPEND, 0, &h));
  ck_assert_int_eq(vfs_file_write(h, "+child", 6), 6);
  vfs_file_close(h);
  EXPECT_CONTENT(c, "/f", "base+child");
  EXPECT_CONTENT(fs, "/f", "base");
  vsh_fs_free(c);
}
END_TEST

/* ---- lazy files ------------------------------------------------------ */

/* Tests keep these static: the fixture frees the filesystem, and so runs
 * free_ud, after the test body has returned. */
typedef struct lazy_src {
  const char *text;
  int calls;
  int frees;
  int fail; /* return this from provide when non-zero */
} lazy_src;

static int lazy_provide(void *ud, vsh_buf *out, vsh_error *err) {
  lazy_src *s = ud;
  s->calls++;
  if (s->fail) {
    if (err) {
      err->code = s->fail;
      snprintf(err->message, sizeof err->message, "provider failed");
    }
    return s->fail;
  }
  size_t n = strlen(s->text);
  out->data = malloc(n + 1);
  if (!out->data) return VSH_ENOMEM;
  memcpy(out->data, s->text, n + 1);
  out->len = n;
  out->cap = n + 1;
  return 0;
}

static void lazy_free(void *ud) { ((lazy_src *)ud)->frees++; }

static void put_lazy(vsh_fs *f, const char *path, lazy_src *s) {
  vsh_error err = {0};
  vsh_lazy_file lf = {.version = VSH_LAZY_FILE_VERSION,
                      .size = strlen(s->text),
                      .mode = 0644,
                      .provide = lazy_provide,
                      .ud = s,
                      .free_ud = lazy_free};
  int rc = vsh_fs_write_lazy(f, path, &lf, &err);
  ck_assert_msg(rc == 0, "write_lazy %s: %s %s", path, ename(rc), err.message);
}

START_TEST(lazy_stat_reports_the_declared_size_without_providing) {
  static lazy_src s;
  s = (lazy_src){.text = "lazy contents"};
  put_lazy(fs, "/data/lazy.txt", &s);
  vfs_info st = stat_of(fs, "/data/lazy.txt", true);
  ck_assert_uint_eq(st.size, 13);
  ck_assert(st.type == VFS_REG);
  ck_assert(st.lazy);
  ck_assert(vfs_exists(fs, "/data/lazy.txt"));
  EXPECT_LISTING(fs, "/data", "lazy.txt");
  ck_assert_int_eq(s.calls, 0);
}
END_TEST

START_TEST(lazy_provider_runs_once_on_first_read) {
  static lazy_src s;
  s = (lazy_src){.text = "lazy contents"};
  put_lazy(fs, "/lazy", &s);
  EXPECT_CONTENT(fs, "/lazy", "lazy contents");
  ck_assert_int_eq(s.calls, 1);
  EXPECT_CONTENT(fs, "/lazy", "lazy contents");
  vfs_file *h = NULL;
  OK(vfs_open(fs, "/lazy", VFS_O_READ, 0, &h));
  char buf[4];
  ck_assert_int_eq(vfs_file_read(h, buf, 4), 4);
  vfs_file_close(h);
  ck_assert_int_eq(s.calls, 1);
  ck_assert(!stat_of(fs, "/lazy", true).lazy);
}
END_TEST

START_TEST(lazy_provider_runs_once_across_forks) {
  static lazy_src s;
  s = (lazy_src){.text = "shared"};
  put_lazy(fs, "/lazy", &s);
  vsh_fs *a = fs_fork(fs);
  vsh_fs *b = fs_fork(fs);
  EXPECT_CONTENT(a, "/lazy", "shared");
  EXPECT_CONTENT(b, "/lazy", "shared");
  EXPECT_CONTENT(fs, "/lazy", "shared");
  vsh_fs *c = fs_fork(a);
  EXPECT_CONTENT(c, "/lazy", "shared");
  ck_assert_int_eq(s.calls, 1);
  vsh_fs_free(a);
  vsh_fs_free(b);
  vsh_fs_free(c);
}
END_TEST

START_TEST(overwritten_lazy_file_never_calls_the_provider) {
  static lazy_src s;
  s = (lazy_src){.text = "never read"};
  put_lazy(fs, "/lazy", &s);
  PUT(fs, "/lazy", "replaced");
  EXPECT_CONTENT(fs, "/lazy", "replaced");
  static lazy_src t;
  t = (lazy_src){.text = "never read either"};
  put_lazy(fs, "/lazy2", &t);
  vfs_file *h = NULL;
  OK(vfs_open(fs, "/lazy2", VFS_O_WRITE | VFS_O_TRUNC, 0, &h));
  vfs_file_close(h);
  EXPECT_CONTENT(fs, "/lazy2", "");
  ck_assert_int_eq(s.calls, 0);
  ck_assert_int_eq(t.calls, 0);
  ck_assert_int_eq(s.frees, 1);
}
END_TEST

START_TEST(removed_lazy_file_never_calls_the_provider) {
  static lazy_src s;
  s = (lazy_src){.text = "gone"};
  put_lazy(fs, "/d/lazy", &s);
  OK(vfs_unlink(fs, "/d/lazy"));
  static lazy_src t;
  t = (lazy_src){.text = "gone too"};
  put_lazy(fs, "/d/lazy2", &t);
  OK(vfs_remove_tree(fs, "/d"));
  ck_assert_int_eq(s.calls, 0);
  ck_assert_int_eq(t.calls, 0);
  ck_assert_int_eq(s.frees, 1);
  ck_assert_int_eq(t.frees, 1);
}
END_TEST

START_TEST(lazy_free_ud_runs_once_after_the_last_fork_drops_it) {
  vsh_fs_opts o = {0};
  vsh_fs *p = fs_make(&o);
  static lazy_src s;
  s = (lazy_src){.text = "payload"};
  put_lazy(p, "/lazy", &s);
  vsh_fs *a = fs_fork(p);
  vsh_fs *b = fs_fork(a);
  vsh_fs_free(p);
  ck_assert_int_eq(s.frees, 0);
  OK(vfs_unlink(a, "/lazy"));
  ck_assert_int_eq(s.frees, 0);
  vsh_fs_free(a);
  ck_assert_int_eq(s.frees, 0);
  EXPECT_CONTENT(b, "/lazy", "payload");
  vsh_fs_free(b);
  ck_assert_int_eq(s.frees, 1);
  ck_assert_int_eq(s.calls, 1);
}
END_TEST

START_TEST(lazy_provider_error_propagates_to_the_reader) {
  static lazy_src s;
  s = (lazy_src){.text = "unused", .fail = VSH_EIO};
  put_lazy(fs, "/lazy", &s);
  vsh_buf b = {0};
  EXPECT_RC(vfs_read_file(fs, "/lazy", &b), VSH_EIO);
  vsh_buf_dispose(&b);
  ck_assert_int_ge(s.calls, 1);
}
END_TEST

START_TEST(append_to_a_lazy_file_keeps_the_provided_bytes) {
  static lazy_src s;
  s = (lazy_src){.text = "head"};
  put_lazy(fs, "/lazy", &s);
  OK(vfs_write_file(fs, "/lazy", "+tail", 5, VFS_W_APPEND, 0));
  EXPECT_CONTENT(fs, "/lazy", "head+tail");
  ck_assert_int_eq(s.calls, 1);
}
END_TEST

START_TEST(renamed_lazy_file_stays_lazy) {
  static lazy_src s;
  s = (lazy_src){.text = "moved lazily"};
  put_lazy(fs, "/lazy", &s);
  OK(vfs_rename(fs, "/lazy", "/moved"));
  ck_assert(stat_of(fs, "/moved", true).lazy);
  ck_assert_int_eq(s.calls, 0);
  EXPECT_CONTENT(fs, "/moved", "moved lazily");
  ck_assert_int_eq(s.calls, 1);
}
END_TEST

/* ---- host mounts ----------------------------------------------------- */

static char host_base[64]; /* mkdtemp dir: secret.txt, fake/, root/ */
static char host_root[128];

static void host_write(const char *rel, const char *s) {
  char path[256];
  snprintf(path, sizeof path, "%s/%s", host_base, rel);
  FILE *f = fopen(path, "wb");
  ck_assert_ptr_nonnull(f);
  fwrite(s, 1, strlen(s), f);
  fclose(f);
}

static char *host_read(const char *rel) {
  char path[256];
  snprintf(path, sizeof path, "%s/%s", host_base, rel);
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *buf = calloc(1, 8192);
  fread(buf, 1, 8191, f);
  fclose(f);
  return buf;
}

static void host_path(char *out, size_t n, const char *rel) {
  snprintf(out, n, "%s/%s", host_base, rel);
}

static void host_setup(void) {
  setup();
  snprintf(host_base, sizeof host_base, "/tmp/vsh-vfs-test-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(host_base));
  snprintf(host_root, sizeof host_root, "%s/root", host_base);
  char p[256];
  ck_assert_int_eq(mkdir(host_root, 0755), 0);
  host_path(p, sizeof p, "root/sub");
  ck_assert_int_eq(mkdir(p, 0755), 0);
  host_path(p, sizeof p, "fake");
  ck_assert_int_eq(mkdir(p, 0755), 0);
  host_write("secret.txt", "SECRET");
  host_write("fake/b.txt", "FAKE");
  host_write("root/a.txt", "alpha\n");
  host_write("root/c.txt", "charlie\n");
  host_write("root/sub/b.txt", "beta");
  char *big = filled(4096, 'B');
  host_write("root/big.bin", big);
  free(big);
  host_path(p, sizeof p, "root/to_passwd");
  ck_assert_int_eq(symlink("/etc/passwd", p), 0);
  host_path(p, sizeof p, "root/to_outside");
  ck_assert_int_eq(symlink("../secret.txt", p), 0);
  host_path(p, sizeof p, "root/to_a");
  ck_assert_int_eq(symlink("a.txt", p), 0);
  OK(vfs_mkdir_p(fs, "/mnt", 0755));
}

static int rm_entry(const char *p, const struct stat *sb, int flag,
                    struct FTW *ftw) {
  (void)sb;
  (void)flag;
  (void)ftw;
  remove(p);
  return 0;
}

static void host_teardown(void) {
  teardown();
  nftw(host_base, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void mount_root(const vsh_mount_opts *mo) {
  vsh_error err = {0};
  int rc = vsh_fs_mount_host(fs, host_root, "/mnt/host", mo, &err);
  ck_assert_msg(rc == 0, "mount: %s %s", ename(rc), err.message);
}

START_TEST(host_files_are_readable) {
  mount_root(NULL);
  EXPECT_CONTENT(fs, "/mnt/host/a.txt", "alpha\n");
  EXPECT_CONTENT(fs, "/mnt/host/sub/b.txt", "beta");
  vfs_info st = stat_of(fs, "/mnt/host/a.txt", true);
  ck_assert(st.type == VFS_REG);
  ck_assert_uint_eq(st.size, 6);
  ck_assert(stat_of(fs, "/mnt/host/sub", true).type == VFS_DIR);
}
END_TEST

START_TEST(host_directories_are_listable_without_symlinks) {
  mount_root(NULL);
  EXPECT_LISTING(fs, "/mnt/host", "a.txt|big.bin|c.txt|sub");
  EXPECT_LISTING(fs, "/mnt/host/sub", "b.txt");
}
END_TEST

START_TEST(host_symlinks_are_not_readable_by_default) {
  mount_root(NULL);
  const char *links[] = {"/mnt/host/to_passwd", "/mnt/host/to_outside",
                         "/mnt/host/to_a"};
  for (size_t i = 0; i < 3; i++) {
    vsh_buf b = {0};
    int rc = vfs_read_file(fs, links[i], &b);
    ck_assert_msg(rc < 0, "%s was readable: %.*s", links[i], (int)b.len,
                  b.data);
    vsh_buf_dispose(&b);
    ck_assert(!vfs_exists(fs, links[i]));
  }
}
END_TEST

START_TEST(allowed_host_symlinks_still_cannot_reach_outside) {
  vsh_mount_opts mo = {.allow_symlinks = true};
  mount_root(&mo);
  const char *links[] = {"/mnt/host/to_passwd", "/mnt/host/to_outside"};
  for (size_t i = 0; i < 2; i++) {
    vsh_buf b = {0};
    int rc = vfs_read_file(fs, links[i], &b);
    ck_assert_msg(rc < 0 || (!memmem(b.data, b.len, "SECRET", 6) &&
                             !memmem(b.data, b.len, "root:", 5)),
                  "%s escaped the mount: %.*s", links[i], (int)b.len, b.data);
    vsh_buf_dispose(&b);
  }
}
END_TEST

START_TEST(writes_to_a_host_file_stay_in_memory) {
  mount_root(NULL);
  PUT(fs, "/mnt/host/a.txt", "virtual");
  EXPECT_CONTENT(fs, "/mnt/host/a.txt", "virtual");
  OK(vfs_write_file(fs, "/mnt/host/c.txt", "more\n", 5, VFS_W_APPEND, 0));
  EXPECT_CONTENT(fs, "/mnt/host/c.txt", "charlie\nmore\n");
  PUT(fs, "/mnt/host/sub/new.txt", "new");
  char *a = host_read("root/a.txt"), *c = host_read("root/c.txt");
  ck_assert_str_eq(a, "alpha\n");
  ck_assert_str_eq(c, "charlie\n");
  free(a);
  free(c);
  char *n = host_read("root/sub/new.txt");
  ck_assert_ptr_null(n);
}
END_TEST

START_TEST(removing_a_host_file_hides_it_without_touching_the_host) {
  mount_root(NULL);
  OK(vfs_unlink(fs, "/mnt/host/a.txt"));
  ck_assert(!vfs_exists(fs, "/mnt/host/a.txt"));
  OK(vfs_rename(fs, "/mnt/host/c.txt", "/mnt/host/sub/c2.txt"));
  EXPECT_CONTENT(fs, "/mnt/host/sub/c2.txt", "charlie\n");
  EXPECT_LISTING(fs, "/mnt/host", "big.bin|sub");
  char *a = host_read("root/a.txt"), *c = host_read("root/c.txt");
  ck_assert_str_eq(a, "alpha\n");
  ck_assert_str_eq(c, "charlie\n");
  free(a);
  free(c);
}
END_TEST

START_TEST(dotdot_cannot_escape_the_virtual_tree) {
  mount_root(NULL);
  const char *tries[] = {"/mnt/host/../secret.txt",
                         "/mnt/host/../../secret.txt",
                         "/mnt/host/sub/../../../secret.txt",
                         "/mnt/host/sub/../../host/../../../etc/passwd"};
  for (size_t i = 0; i < 4; i++) {
    vsh_buf b = {0};
    int rc = vfs_read_file(fs, tries[i], &b);
    ck_assert_msg(rc == VSH_ENOENT, "%s: %s", tries[i], ename(rc));
    vsh_buf_dispose(&b);
  }
  EXPECT_CONTENT(fs, "/mnt/host/sub/../a.txt", "alpha\n");
}
END_TEST

START_TEST(host_file_over_max_file_size_fails_with_efbig) {
  vsh_mount_opts mo = {.max_file_size = 1000};
  mount_root(&mo);
  vsh_buf b = {0};
  EXPECT_RC(vfs_read_file(fs, "/mnt/host/big.bin", &b), VSH_EFBIG);
  vsh_buf_dispose(&b);
  EXPECT_CONTENT(fs, "/mnt/host/a.txt", "alpha\n");
}
END_TEST

START_TEST(host_file_swapped_for_a_symlink_after_listing_is_refused) {
  mount_root(NULL);
  EXPECT_LISTING(fs, "/mnt/host", "a.txt|big.bin|c.txt|sub");
  vfs_info st = stat_of(fs, "/mnt/host/c.txt", true);
  ck_assert(st.host);
  char p[256];
  host_path(p, sizeof p, "root/c.txt");
  ck_assert_int_eq(unlink(p), 0);
  ck_assert_int_eq(symlink("/etc/passwd", p), 0);
  host_path(p, sizeof p, "root/a.txt");
  ck_assert_int_eq(unlink(p), 0);
  ck_assert_int_eq(symlink("../secret.txt", p), 0);
  vsh_buf b = {0};
  int rc = vfs_read_file(fs, "/mnt/host/c.txt", &b);
  ck_assert_msg(rc < 0, "read through swapped symlink: %.*s", (int)b.len,
                b.data);
  vsh_buf_dispose(&b);
  rc = vfs_read_file(fs, "/mnt/host/a.txt", &b);
  ck_assert_msg(rc < 0, "read through swapped symlink: %.*s", (int)b.len,
                b.data);
  vsh_buf_dispose(&b);
}
END_TEST

START_TEST(host_directory_swapped_for_a_symlink_is_not_followed) {
  mount_root(NULL);
  EXPECT_LISTING(fs, "/mnt/host/sub", "b.txt");
  char p[256], q[256];
  host_path(p, sizeof p, "root/sub");
  host_path(q, sizeof q, "moved-sub");
  ck_assert_int_eq(rename(p, q), 0);
  ck_assert_int_eq(symlink("../fake", p), 0);
  vsh_buf b = {0};
  int rc = vfs_read_file(fs, "/mnt/host/sub/b.txt", &b);
  ck_assert_msg(rc < 0 || !memmem(b.data, b.len, "FAKE", 4),
                "read through swapped directory symlink: %.*s", (int)b.len,
                b.data);
  vsh_buf_dispose(&b);
}
END_TEST

START_TEST(forks_see_the_host_mount_and_copy_up_privately) {
  mount_root(NULL);
  vsh_fs *c = fs_fork(fs);
  EXPECT_CONTENT(c, "/mnt/host/a.txt", "alpha\n");
  PUT(c, "/mnt/host/a.txt", "child");
  EXPECT_CONTENT(fs, "/mnt/host/a.txt", "alpha\n");
  vsh_fs_free(c);
}
END_TEST

START_TEST(mounting_a_missing_host_folder_fails) {
  vsh_error err = {0};
  int rc = vsh_fs_mount_host(fs, "/nonexistent/vsh/dir", "/mnt/x", NULL, &err);
  ck_assert_int_lt(rc, 0);
  ck_assert_int_eq(err.code, rc);
}
END_TEST

/* ---- concurrency ----------------------------------------------------- */

/* Values are 16-byte blocks "TT-NNNNNNNNNNNN\n" repeated a number of times
 * derived from N, so a reader can tell a whole value from a torn one. */
#define CC_FILES 8
#define CC_BLOCK 16

typedef struct cc_thread {
  vsh_fs *fs;
  unsigned id;
  unsigned seed;
  double deadline;
  char failure[256];
  unsigned long ops;
} cc_thread;

static size_t cc_reps(unsigned n) { return 1 + (n * 7u) % 200u; }

static char *cc_value(unsigned tid, unsigned n, size_t *len) {
  char block[CC_BLOCK + 1];
  snprintf(block, sizeof block, "%02u-%012u\n", tid % 100, n);
  size_t reps = cc_reps(n);
  char *v = malloc(reps * CC_BLOCK);
  for (size_t i = 0; i < reps; i++) memcpy(v + i * CC_BLOCK, block, CC_BLOCK);
  *len = reps * CC_BLOCK;
  return v;
}

static bool cc_whole(const vsh_buf *b) {
  if (b->len == 0 || b->len % CC_BLOCK) return false;
  unsigned tid, n;
  if (sscanf(b->data, "%2u-%12u", &tid, &n) != 2) return false;
  if (b->len != cc_reps(n) * CC_BLOCK) return false;
  for (size_t i = CC_BLOCK; i < b->len; i += CC_BLOCK)
    if (memcmp(b->data, b->data + i, CC_BLOCK)) return false;
  return true;
}

static void cc_fail(cc_thread *t, const char *what, int rc) {
  if (!t->failure[0])
    snprintf(t->failure, sizeof t->failure, "thread %u: %s (%s)", t->id, what,
             ename(rc));
}

static void cc_check_read(cc_thread *t, vsh_fs *f, const char *path) {
  vsh_buf b = {0};
  int rc = vfs_read_file(f, path, &b);
  if (rc == 0 && !cc_whole(&b)) cc_fail(t, "torn read", rc);
  else if (rc != 0 && rc != VSH_ENOENT) cc_fail(t, "read", rc);
  vsh_buf_dispose(&b);
}

static void *cc_run(void *arg) {
  cc_thread *t = arg;
  char p1[32], p2[32];
  unsigned n = t->id * 1000000u;
  while (now_s() < t->deadline && !t->failure[0]) {
    unsigned r = (unsigned)rand_r(&t->seed);
    snprintf(p1, sizeof p1, "/cc/f%u", r % CC_FILES);
    snprintf(p2, sizeof p2, "/cc/f%u", (r / 8) % CC_FILES);
    int rc;
    switch ((r >> 8) % 10) {
    case 0:
    case 1:
    case 2: {
      size_t len;
      char *v = cc_value(t->id, ++n, &len);
      rc = vfs_write_file(t->fs, p1, v, len, VFS_W_TRUNC, 0644);
      if (rc) cc_fail(t, "write", rc);
      free(v);
      break;
    }
    case 3:
    case 4:
    case 5: cc_check_read(t, t->fs, p1); break;
    case 6:
      snprintf(p2, sizeof p2, "/cc/d%u", r % 4);
      rc = (r & 0x10000) ? vfs_mkdir(t->fs, p2, 0755) : vfs_rmdir(t->fs, p2);
      if (rc && rc != VSH_EEXIST && rc != VSH_ENOENT && rc != VSH_ENOTEMPTY)
        cc_fail(t, "mkdir/rmdir", rc);
      break;
    case 7:
      rc = vfs_rename(t->fs, p1, p2);
      if (rc && rc != VSH_ENOENT) cc_fail(t, "rename", rc);
      break;
    case 8: {
      vsh_fs *c = NULL;
      rc = vsh_fs_fork(&c, t->fs, NULL);
      if (rc) {
        cc_fail(t, "fork", rc);
        break;
      }
      cc_check_read(t, c, p1);
      size_t len;
      char *v = cc_value(t->id, ++n, &len);
      if ((rc = vfs_write_file(c, p2, v, len, VFS_W_TRUNC, 0644)))
        cc_fail(t, "write in fork", rc);
      cc_check_read(t, c, p2);
      free(v);
      vsh_fs_free(c);
      break;
    }
    default: {
      vfs_dirlist l = {0};
      if ((rc = vfs_readdir(t->fs, "/cc", &l))) {
        cc_fail(t, "readdir", rc);
        break;
      }
      for (size_t i = 1; i < l.len; i++)
        if (strcmp(l.items[i - 1].name, l.items[i].name) >= 0)
          cc_fail(t, "readdir not sorted", 0);
      vfs_dirlist_dispose(&l);
    }
    }
    t->ops++;
  }
  return NULL;
}

START_TEST(parallel_writers_readers_and_forks_never_see_torn_values) {
  OK(vfs_mkdir(fs, "/cc", 0755));
  enum { N = 6 };
  cc_thread th[N];
  pthread_t tids[N];
  double deadline = now_s() + 0.5;
  for (unsigned i = 0; i < N; i++) {
    th[i] = (cc_thread){
        .fs = fs, .id = i + 1, .seed = 1234 + i, .deadline = deadline};
    ck_assert_int_eq(pthread_create(&tids[i], NULL, cc_run, &th[i]), 0);
  }
  unsigned long total = 0;
  for (unsigned i = 0; i < N; i++) {
    pthread_join(tids[i], NULL);
    total += th[i].ops;
  }
  for (unsigned i = 0; i < N; i++)
    ck_assert_msg(!th[i].failure[0], "%s", th[i].failure);
  ck_assert_uint_gt(total, 100);
  for (unsigned i = 0; i < CC_FILES; i++) {
    char p[32];
    snprintf(p, sizeof p, "/cc/f%u", i);
    cc_check_read(&th[0], fs, p);
  }
  ck_assert_msg(!th[0].failure[0], "%s", th[0].failure);
}
END_TEST

static void *fork_run(void *arg) {
  cc_thread *t = arg;
  char path[64], want[64];
  while (now_s() < t->deadline && !t->failure[0]) {
    unsigned r = (unsigned)rand_r(&t->seed);
    vsh_fs *c = NULL;
    int rc = vsh_fs_fork(&c, t->fs, NULL);
    if (rc) {
      cc_fail(t, "fork", rc);
      break;
    }
    snprintf(path, sizeof path, "/img/d%02u/f%03u", r % 100, (r / 100) % 100);
    int n = snprintf(want, sizeof want, "thread %u op %lu", t->id, t->ops);
    if ((rc = vfs_write_file(c, path, want, (size_t)n, VFS_W_TRUNC, 0)))
      cc_fail(t, "write in fork", rc);
    vsh_buf b = {0};
    if ((rc = vfs_read_file(c, path, &b)) || b.len != (size_t)n ||
        memcmp(b.data, want, b.len))
      cc_fail(t, "fork lost its own write", rc);
    vsh_buf_dispose(&b);
    if ((rc = vfs_read_file(t->fs, path, &b)) ||
        (b.len > 0 && memcmp(b.data, "file ", 5)))
      cc_fail(t, "write leaked into the shared image", rc);
    vsh_buf_dispose(&b);
    vsh_fs_free(c);
    t->ops++;
  }
  return NULL;
}

START_TEST(forks_on_many_threads_from_one_image_are_independent) {
  /* Each thread forks the shared image, rewrites one file and checks that
   * only its own fork changed: refcounts on shared nodes must be atomic. */
  seed_image(fs);
  enum { N = 4 };
  cc_thread th[N];
  pthread_t tids[N];
  double deadline = now_s() + 0.3;
  for (unsigned i = 0; i < N; i++) {
    th[i] = (cc_thread){
        .fs = fs, .id = i + 1, .seed = 99 + i, .deadline = deadline};
    ck_assert_int_eq(pthread_create(&tids[i], NULL, fork_run, &th[i]), 0);
  }
  for (unsigned i = 0; i < N; i++) pthread_join(tids[i], NULL);
  for (unsigned i = 0; i < N; i++)
    ck_assert_msg(!th[i].failure[0], "%s", th[i].failure);
  EXPECT_CONTENT(fs, "/img/d42/f042", "file 42.42\n");
}
END_TEST

/* ---- permissions (the sandbox user is not root; errnos as Linux gives
 * them to an ordinary user, checked with setpriv --reuid=65534) ---- */

START_TEST(a_directory_without_search_permission_resolves_nothing_beneath) {
  OK(vfs_mkdir(fs, "/d", 0755));
  OK(vfs_write_file(fs, "/d/f", "x", 1, VFS_W_TRUNC, 0644));
  OK(vfs_chmod(fs, "/d", 0600));
  vfs_info st;
  EXPECT_RC(vfs_stat(fs, "/d/f", true, &st), VSH_EACCES);
  EXPECT_RC(vfs_stat(fs, "/d/missing", true, &st), VSH_EACCES);
  OK(vfs_stat(fs, "/d", true, &st)); /* its own entry is in "/" */
  vfs_dirlist l;
  OK(vfs_readdir(fs, "/d", &l)); /* read permission lists the names */
  ck_assert_uint_eq(l.len, 1);
  vfs_dirlist_dispose(&l);
  OK(vfs_symlink(fs, "d/f", "/l")); /* a link's own mode never matters */
  vsh_buf b = {0};
  EXPECT_RC(vfs_read_file(fs, "/l", &b), VSH_EACCES);
  vsh_buf_dispose(&b);
}
END_TEST

START_TEST(a_directory_without_read_permission_does_not_list) {
  OK(vfs_mkdir(fs, "/d", 0300));
  vfs_dirlist l;
  EXPECT_RC(vfs_readdir(fs, "/d", &l), VSH_EACCES);
  OK(vfs_write_file(fs, "/d/f", "x", 1, VFS_W_TRUNC, 0644));
}
END_TEST

START_TEST(entries_change_only_with_write_permission_on_their_directory) {
  OK(vfs_mkdir(fs, "/d", 0755));
  OK(vfs_write_file(fs, "/d/f", "x", 1, VFS_W_TRUNC, 0644));
  OK(vfs_mkdir(fs, "/d/s", 0755));
  OK(vfs_chmod(fs, "/d", 0555));
  EXPECT_RC(vfs_write_file(fs, "/d/g", "x", 1, VFS_W_TRUNC, 0644), VSH_EACCES);
  EXPECT_RC(vfs_mkdir(fs, "/d/t", 0755), VSH_EACCES);
  EXPECT_RC(vfs_mkdir(fs, "/d/s", 0755), VSH_EEXIST); /* existence first */
  EXPECT_RC(vfs_unlink(fs, "/d/f"), VSH_EACCES);
  EXPECT_RC(vfs_rmdir(fs, "/d/s"), VSH_EACCES);
  EXPECT_RC(vfs_remove_tree(fs, "/d/s"), VSH_EACCES);
  EXPECT_RC(vfs_rename(fs, "/d/f", "/g"), VSH_EACCES);
  EXPECT_RC(vfs_symlink(fs, "f", "/d/l"), VSH_EACCES);
  EXPECT_RC(vfs_link(fs, "/d/f", "/d/h"), VSH_EACCES);
  vfs_file *h;
  EXPECT_RC(vfs_open(fs, "/d/n", VFS_O_WRITE | VFS_O_CREAT, 0644, &h),
            VSH_EACCES);
  OK(vfs_write_file(fs, "/d/f", "y", 1, VFS_W_TRUNC, 0644)); /* the file's */
}
END_TEST

START_TEST(a_tree_with_a_directory_that_cannot_be_emptied_stays_whole) {
  OK(vfs_mkdir_p(fs, "/t/a/b", 0755));
  OK(vfs_write_file(fs, "/t/a/b/f", "x", 1, VFS_W_TRUNC, 0644));
  OK(vfs_write_file(fs, "/t/g", "x", 1, VFS_W_TRUNC, 0644));
  OK(vfs_chmod(fs, "/t/a/b", 0555));
  EXPECT_RC(vfs_remove_tree(fs, "/t"), VSH_EACCES);
  ck_assert(vfs_exists(fs, "/t/g"));
  OK(vfs_chmod(fs, "/t/a/b", 0755));
  OK(vfs_remove_tree(fs, "/t"));
}
END_TEST

START_TEST(file_bits_guard_reading_and_writing) {
  OK(vfs_write_file(fs, "/f", "x", 1, VFS_W_TRUNC, 0644));
  OK(vfs_chmod(fs, "/f", 0200));
  vsh_buf b = {0};
  EXPECT_RC(vfs_read_file(fs, "/f", &b), VSH_EACCES);
  vfs_file *h;
  EXPECT_RC(vfs_open(fs, "/f", VFS_O_READ, 0, &h), VSH_EACCES);
  EXPECT_RC(vfs_copy_file(fs, "/f", "/g", false), VSH_EACCES);
  OK(vfs_chmod(fs, "/f", 0444));
  EXPECT_RC(vfs_write_file(fs, "/f", "y", 1, VFS_W_APPEND, 0), VSH_EACCES);
  EXPECT_RC(vfs_truncate(fs, "/f", 0), VSH_EACCES);
  EXPECT_RC(vfs_open(fs, "/f", VFS_O_WRITE, 0, &h), VSH_EACCES);
  OK(vfs_read_file(fs, "/f", &b));
  vsh_buf_dispose(&b);
  OK(vfs_utimens(fs, "/f", NULL, NULL, true)); /* the owner's */
}
END_TEST

START_TEST(another_users_device_refuses_chmod_and_given_times) {
  EXPECT_RC(vfs_chmod(fs, "/dev/null", 0666), VSH_EPERM);
  struct timespec t = {.tv_sec = 1};
  EXPECT_RC(vfs_utimens(fs, "/dev/null", &t, &t, true), VSH_EPERM);
  OK(vfs_utimens(fs, "/dev/null", NULL, NULL, true)); /* 0666: now is fine */
  EXPECT_RC(vfs_unlink(fs, "/dev/null"), VSH_EACCES); /* /dev is root's */
}
END_TEST

START_TEST(an_exact_mode_of_zero_is_kept) {
  OK(vfs_write_file(fs, "/f", "", 0, VFS_W_TRUNC, VFS_MODE_EXACT));
  OK(vfs_mkdir(fs, "/d", VFS_MODE_EXACT));
  OK(vfs_write_file(fs, "/g", "", 0, VFS_W_TRUNC, 0));
  ck_assert_uint_eq(stat_of(fs, "/f", true).mode, 0);
  ck_assert_uint_eq(stat_of(fs, "/d", true).mode, 0);
  ck_assert_uint_eq(stat_of(fs, "/g", true).mode, 0644);
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
  Suite *s = suite_create("vfs_io");
  TCase *tc;

  tc = tcase(s, "permissions", true);
  tcase_add_test(
      tc, a_directory_without_search_permission_resolves_nothing_beneath);
  tcase_add_test(tc, a_directory_without_read_permission_does_not_list);
  tcase_add_test(tc,
                 entries_change_only_with_write_permission_on_their_directory);
  tcase_add_test(tc,
                 a_tree_with_a_directory_that_cannot_be_emptied_stays_whole);
  tcase_add_test(tc, file_bits_guard_reading_and_writing);
  tcase_add_test(tc, another_users_device_refuses_chmod_and_given_times);
  tcase_add_test(tc, an_exact_mode_of_zero_is_kept);

  tc = tcase(s, "devices", true);
  tcase_add_test(tc, dev_null_reads_empty_and_swallows_writes);
  tcase_add_test(tc, dev_zero_reads_zeros_through_a_handle);
  tcase_add_test(tc, seeded_urandom_is_reproducible);
  tcase_add_test(tc, different_seeds_give_different_urandom_bytes);
  tcase_add_test(tc, urandom_stream_does_not_repeat_itself);
  tcase_add_test(tc, standard_stream_devices_name_their_fds);

  tc = tcase(s, "handles", true);
  tcase_add_test(tc, handle_reads_writes_and_seeks);
  tcase_add_test(tc, seek_before_start_fails_with_einval);
  tcase_add_test(tc, write_after_seeking_past_the_end_fills_with_zeros);
  tcase_add_test(tc, append_handle_always_writes_at_the_end);
  tcase_add_test(tc, open_trunc_empties_the_file);
  tcase_add_test(tc, handle_follows_a_rename);
  tcase_add_test(tc, handle_reads_see_later_writes);
  tcase_add_test(tc, handle_keeps_reading_after_unlink);
  tcase_add_test(tc, exclusive_create_of_an_existing_file_fails_with_eexist);
  tcase_add_test(tc, opening_a_directory_for_write_fails_with_eisdir);
  tcase_add_test(tc, open_of_a_missing_file_without_creat_fails_with_enoent);
  tcase_add_test(tc, open_nofollow_on_a_symlink_fails_with_eloop);
  tcase_add_test(tc, read_only_handle_refuses_writes_with_ebadf);
  tcase_add_test(tc, handle_writes_in_a_fork_stay_private);

  tc = tcase(s, "lazy files", true);
  tcase_add_test(tc, lazy_stat_reports_the_declared_size_without_providing);
  tcase_add_test(tc, lazy_provider_runs_once_on_first_read);
  tcase_add_test(tc, lazy_provider_runs_once_across_forks);
  tcase_add_test(tc, overwritten_lazy_file_never_calls_the_provider);
  tcase_add_test(tc, removed_lazy_file_never_calls_the_provider);
  tcase_add_test(tc, lazy_free_ud_runs_once_after_the_last_fork_drops_it);
  tcase_add_test(tc, lazy_provider_error_propagates_to_the_reader);
  tcase_add_test(tc, append_to_a_lazy_file_keeps_the_provided_bytes);
  tcase_add_test(tc, renamed_lazy_file_stays_lazy);

  tc = tcase(s, "host mounts", false);
  tcase_add_checked_fixture(tc, host_setup, host_teardown);
  tcase_add_test(tc, host_files_are_readable);
  tcase_add_test(tc, host_directories_are_listable_without_symlinks);
  tcase_add_test(tc, host_symlinks_are_not_readable_by_default);
  tcase_add_test(tc, allowed_host_symlinks_still_cannot_reach_outside);
  tcase_add_test(tc, writes_to_a_host_file_stay_in_memory);
  tcase_add_test(tc, removing_a_host_file_hides_it_without_touching_the_host);
  tcase_add_test(tc, dotdot_cannot_escape_the_virtual_tree);
  tcase_add_test(tc, host_file_over_max_file_size_fails_with_efbig);
  tcase_add_test(tc, host_file_swapped_for_a_symlink_after_listing_is_refused);
  tcase_add_test(tc, host_directory_swapped_for_a_symlink_is_not_followed);
  tcase_add_test(tc, forks_see_the_host_mount_and_copy_up_privately);
  tcase_add_test(tc, mounting_a_missing_host_folder_fails);

  tc = tcase(s, "concurrency", true);
  tcase_add_test(tc, parallel_writers_readers_and_forks_never_see_torn_values);
  tcase_add_test(tc, forks_on_many_threads_from_one_image_are_independent);

  return s;
}

int main(void) {
  SRunner *sr = srunner_create(vfs_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
