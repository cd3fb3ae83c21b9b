/* vfs_test_util.h: the helpers and fixture test_vfs.c and test_vfs_io.c
 * share (one process each; static, so unused ones cost nothing). */
#ifndef VSH_TEST_VFS_UTIL_H
#define VSH_TEST_VFS_UTIL_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
static __attribute__((unused)) void seed_image(vsh_fs *f) {
  char path[64], data[32];
  for (int d = 0; d < 100; d++) {
    snprintf(path, sizeof path, "/img/d%02d", d);
    OK(vfs_mkdir_p(f, path, 0755));
    for (int i = 0; i < 100; i++) {
      snprintf(path, sizeof path, "/img/d%02d/f%03d", d, i);
      int n = snprintf(data, sizeof data, "file %d.%d\n", d, i);
      OK(vfs_write_file(f, path, data, (size_t)n, VFS_W_TRUNC, 0644));
    }
  }
}

#endif
#include "vfs/vfs.h"

#include <check.h>
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- helpers -------------------------------------------------------- */

static __attribute__((unused)) vsh_fs *fs; /* the fixture's filesystem */

static __attribute__((unused)) vsh_fs *fs_make(const vsh_fs_opts *o) {
  vsh_fs *f = NULL;
  vsh_error err = {0};
  int rc = vsh_fs_new(&f, o, &err);
  ck_assert_msg(rc == 0 && f, "vsh_fs_new: %d %s", rc, err.message);
  return f;
}

static __attribute__((unused)) vsh_fs *fs_fork(vsh_fs *src) {
  vsh_fs *f = NULL;
  vsh_error err = {0};
  int rc = vsh_fs_fork(&f, src, &err);
  ck_assert_msg(rc == 0 && f, "vsh_fs_fork: %d %s", rc, err.message);
  return f;
}

static __attribute__((unused)) void setup(void) {
  vsh_fs_opts o = {.has_seed = true, .random_seed = 1};
  fs = fs_make(&o);
}

static __attribute__((unused)) void teardown(void) {
  vsh_fs_free(fs);
  fs = NULL;
}

static const char *ename(int rc) {
  const char *s = vsh_errname(rc);
  return s ? s : "?";
}

/* Asserts an exact return code and names both codes on failure. */
#define EXPECT_RC(expr, code)                                                  \
  do {                                                                         \
    int rc_ = (int)(expr);                                                     \
    ck_assert_msg(rc_ == (code), "%s: expected %s, got %s (%d)", #expr,        \
                  ename(code), ename(rc_), rc_);                               \
  } while (0)
#define OK(expr) EXPECT_RC(expr, 0)

#define PUT(f, path, s)                                                        \
  OK(vfs_write_file((f), (path), (s), strlen(s), VFS_W_TRUNC, 0644))

/* Asserts that path reads back exactly as the C string s. */
#define EXPECT_CONTENT(f, path, s)                                             \
  do {                                                                         \
    vsh_buf b_ = {0};                                                          \
    int rc_ = vfs_read_file((f), (path), &b_);                                 \
    ck_assert_msg(rc_ == 0, "read %s: %s", (path), ename(rc_));                \
    ck_assert_msg(b_.len == strlen(s) && memcmp(b_.data, (s), b_.len) == 0,    \
                  "read %s: expected \"%s\", got \"%.*s\"", (path), (s),       \
                  (int)b_.len, b_.data ? b_.data : "");                        \
    vsh_buf_dispose(&b_);                                                      \
  } while (0)

static __attribute__((unused)) vfs_info stat_of(vsh_fs *f, const char *path,
                                                bool follow) {
  vfs_info st;
  memset(&st, 0, sizeof st);
  int rc = vfs_stat(f, path, follow, &st);
  ck_assert_msg(rc == 0, "stat %s: %s", path, ename(rc));
  return st;
}

static __attribute__((unused)) uint64_t size_of(vsh_fs *f, const char *path) {
  return stat_of(f, path, true).size;
}

static __attribute__((unused)) vsh_fs_usage usage_of(vsh_fs *f) {
  vsh_fs_usage u = {0};
  vsh_fs_usage_get(f, &u);
  return u;
}

static __attribute__((unused)) char *filled(size_t n, char c) {
  char *p = malloc(n + 1);
  ck_assert_ptr_nonnull(p);
  memset(p, c, n);
  p[n] = 0;
  return p;
}

/* Names of a directory joined by '|', for one-line comparisons. */
static __attribute__((unused)) char *listing(vsh_fs *f, const char *path) {
  vfs_dirlist l = {0};
  int rc = vfs_readdir(f, path, &l);
  ck_assert_msg(rc == 0, "readdir %s: %s", path, ename(rc));
  size_t cap = 1;
  for (size_t i = 0; i < l.len; i++) cap += strlen(l.items[i].name) + 1;
  char *s = calloc(1, cap);
  ck_assert_ptr_nonnull(s);
  for (size_t i = 0; i < l.len; i++) {
    if (i) strcat(s, "|");
    strcat(s, l.items[i].name);
  }
  vfs_dirlist_dispose(&l);
  return s;
}

#define EXPECT_LISTING(f, path, s)                                             \
  do {                                                                         \
    char *got_ = listing((f), (path));                                         \
    ck_assert_str_eq(got_, (s));                                               \
    free(got_);                                                                \
  } while (0)

/* Counts live bytes with a size header, so the numbers do not depend on
 * the implementation passing the right osize on free. */
typedef struct counting_alloc {
  size_t live;
  size_t total;
  size_t calls;
  pthread_mutex_t mu;
} counting_alloc;

static __attribute__((unused)) void *counting_fn(void *ud, void *ptr,
                                                 size_t osize, size_t nsize) {
  counting_alloc *c = ud;
  (void)osize;
  size_t old = 0;
  char *base = NULL;
  if (ptr) {
    base = (char *)ptr - 16;
    memcpy(&old, base, sizeof old);
  }
  if (nsize == 0) {
    free(base);
    pthread_mutex_lock(&c->mu);
    c->live -= old;
    pthread_mutex_unlock(&c->mu);
    return NULL;
  }
  char *nb = realloc(base, nsize + 16);
  if (!nb) return NULL;
  memcpy(nb, &nsize, sizeof nsize);
  pthread_mutex_lock(&c->mu);
  c->live = c->live - old + nsize;
  c->total += nsize > old ? nsize - old : 0;
  c->calls++;
  pthread_mutex_unlock(&c->mu);
  return nb + 16;
}

static __attribute__((unused)) size_t live_bytes(counting_alloc *c) {
  pthread_mutex_lock(&c->mu);
  size_t n = c->live;
  pthread_mutex_unlock(&c->mu);
  return n;
}

static __attribute__((unused)) double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static __attribute__((unused)) void seed_image(vsh_fs *f) {
  char path[64], data[32];
  for (int d = 0; d < 100; d++) {
    snprintf(path, sizeof path, "/img/d%02d", d);
    OK(vfs_mkdir_p(f, path, 0755));
    for (int i = 0; i < 100; i++) {
      snprintf(path, sizeof path, "/img/d%02d/f%03d", d, i);
      int n = snprintf(data, sizeof data, "file %d.%d\n", d, i);
      OK(vfs_write_file(f, path, data, (size_t)n, VFS_W_TRUNC, 0644));
    }
  }
}

#endif
