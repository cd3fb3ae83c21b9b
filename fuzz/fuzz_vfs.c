/* fuzz_vfs.c: libFuzzer target for the copy-on-write filesystem.  The
 * input is a list of 3-byte operations (op, path indexes, size) run on a
 * small-quota filesystem and its forks; after every operation the
 * invariants are checked and a broken one aborts.  Deterministic: the RNG
 * is seeded and no result depends on the clock. */
#include "vfs/vfs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BYTES 4096
#define MAX_INODES 64
#define MAX_OPS 400
#define N_FORKS 4

/* Index 0 is the tracked file; several entries reach the same node by
 * different spellings, through symlinks or through "..". */
static const char *const paths[16] = {
    "/a",    "/b",      "/d",     "/d/x",      "/d/e",    "/d/e/y",
    "/l",    "/d/l2",   "/l/x",   "/d/e/../x", "//d//e/", "/d/l2/y",
    "/loop", "/loop/z", "/tmp/t", "/dev/null"};
static const char *const targets[8] = {"/a", "d",     "e",        "/d/e",
                                       "..", "/loop", "/missing", "x"};

typedef struct state {
  vsh_fs *main_fs;
  vsh_fs *forks[N_FORKS];
  vsh_fs *cur;
  vsh_fs *snap;      /* never written: must keep what it had at fork time */
  bool snap_exists;  /* did paths[0] read back at fork time */
  vsh_buf snap_data; /* and its bytes */
  size_t op_no;
} state;

#define CHECK(st, cond)                                                        \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "fuzz_vfs: op %zu: invariant failed: %s (line %d)\n",    \
              (st)->op_no, #cond, __LINE__);                                   \
      abort();                                                                 \
    }                                                                          \
  } while (0)

/* ---- lazy files ------------------------------------------------------ */

/* Contexts live in a pool, not on the heap, so a free_ud that runs twice
 * or never is counted instead of crashing. */
typedef struct lazy_ctx {
  size_t size;
  unsigned char fill;
  bool accepted; /* vsh_fs_write_lazy returned 0 */
  int frees;
} lazy_ctx;

static lazy_ctx lazy_pool[MAX_OPS];
static size_t lazy_used;

static int lazy_provide(void *ud, vsh_buf *out, vsh_error *err) {
  (void)err;
  lazy_ctx *c = ud;
  out->data = malloc(c->size + 1);
  if (!out->data) return VSH_ENOMEM;
  memset(out->data, c->fill, c->size);
  out->data[c->size] = 0;
  out->len = c->size;
  out->cap = c->size + 1;
  return 0;
}

static void lazy_free(void *ud) { ((lazy_ctx *)ud)->frees++; }

/* ---- invariants ------------------------------------------------------ */

static void check_dir(state *st, vsh_fs *f, const char *dir,
                      const vfs_info *di) {
  vfs_dirlist l = {0};
  /* stat said: a directory; listing it needs read permission */
  int rc = vfs_readdir(f, dir, &l);
  if (rc == VSH_EACCES) {
    CHECK(st, !vfs_may(di->mode, di->uid, di->gid, di->host_mode, VFS_MAY_R));
    return;
  }
  CHECK(st, rc == 0);
  bool search = vfs_may(di->mode, di->uid, di->gid, di->host_mode, VFS_MAY_X);
  char child[256];
  for (size_t i = 0; i < l.len; i++) {
    const char *name = l.items[i].name;
    CHECK(st, name[0] != 0 && strchr(name, '/') == NULL);
    CHECK(st, strcmp(name, ".") != 0 && strcmp(name, "..") != 0);
    if (i > 0)
      CHECK(st, strcmp(l.items[i - 1].name, name) < 0); /* sorted, unique */
    snprintf(child, sizeof child, "%s/%s", dir, name);
    vfs_info info;
    CHECK(st, vfs_stat(f, child, false, &info) == (search ? 0 : VSH_EACCES));
  }
  vfs_dirlist_dispose(&l);
}

static void check_fs(state *st, vsh_fs *f) {
  vsh_fs_usage u;
  vsh_fs_usage_get(f, &u);
  CHECK(st, u.bytes <= MAX_BYTES);
  CHECK(st, u.inodes <= MAX_INODES);
  for (size_t i = 0; i < 16; i++) {
    vfs_info info;
    int rc = vfs_stat(f, paths[i], true, &info);
    CHECK(st, vfs_exists(f, paths[i]) == (rc == 0));
    if (rc == 0 && info.type == VFS_DIR) check_dir(st, f, paths[i], &info);
  }
}

static void check_snapshot(state *st) {
  if (!st->snap) return;
  vsh_buf b = {0};
  int rc = vfs_read_file(st->snap, paths[0], &b);
  CHECK(st, (rc == 0) == st->snap_exists);
  if (rc == 0) {
    CHECK(st, b.len == st->snap_data.len);
    CHECK(st, b.len == 0 || memcmp(b.data, st->snap_data.data, b.len) == 0);
  }
  vsh_buf_dispose(&b);
}

/* ---- operations ------------------------------------------------------ */

static void fill(unsigned char *buf, size_t n, unsigned seed) {
  for (size_t i = 0; i < n; i++) buf[i] = (unsigned char)(seed + i * 7);
}

static void take_snapshot(state *st) {
  if (st->snap) vsh_fs_free(st->snap);
  st->snap = NULL;
  vsh_buf_dispose(&st->snap_data);
  memset(&st->snap_data, 0, sizeof st->snap_data);
  if (vsh_fs_fork(&st->snap, st->cur, NULL) != 0) {
    st->snap = NULL;
    return;
  }
  st->snap_exists = vfs_read_file(st->snap, paths[0], &st->snap_data) == 0;
}

static void do_handle(state *st, const char *p, unsigned sz) {
  static const unsigned modes[8] = {VFS_O_READ,
                                    VFS_O_WRITE,
                                    VFS_O_READ | VFS_O_WRITE | VFS_O_CREAT,
                                    VFS_O_WRITE | VFS_O_APPEND | VFS_O_CREAT,
                                    VFS_O_WRITE | VFS_O_TRUNC,
                                    VFS_O_WRITE | VFS_O_CREAT | VFS_O_EXCL,
                                    VFS_O_READ | VFS_O_NOFOLLOW,
                                    VFS_O_READ | VFS_O_WRITE | VFS_O_CREAT |
                                        VFS_O_TRUNC};
  vfs_file *h = NULL;
  if (vfs_open(st->cur, p, modes[sz & 7], 0644, &h) != 0) return;
  unsigned char buf[512];
  fill(buf, sizeof buf, sz);
  vfs_file_write(h, buf, (sz >> 3) * 16 % sizeof buf);
  vfs_file_seek(h, (int64_t)(sz % 40), SEEK_SET);
  int64_t n = vfs_file_read(h, buf, sizeof buf);
  CHECK(st, n <= (int64_t)sizeof buf);
  vfs_info info;
  if (vfs_file_stat(h, &info) == 0 && info.type == VFS_REG && n > 0)
    CHECK(st, (uint64_t)n <= info.size);
  vfs_file_close(h);
}

static void do_read(state *st, const char *p) {
  vsh_buf b = {0};
  int rc = vfs_read_file(st->cur, p, &b);
  if (rc == 0) {
    vfs_info info;
    CHECK(st, vfs_stat(st->cur, p, true, &info) == 0);
    if (info.type == VFS_REG) CHECK(st, info.size == b.len);
  }
  vsh_buf_dispose(&b);
}

static void do_realpath(state *st, const char *p, bool missing_ok) {
  vsh_buf b = {0};
  if (vfs_realpath(st->cur, p, missing_ok, &b) == 0) {
    CHECK(st, b.len > 0 && b.data[0] == '/');
    CHECK(st, strstr(b.data, "//") == NULL);
    if (!missing_ok) {
      vfs_info info;
      CHECK(st, vfs_stat(st->cur, b.data, false, &info) == 0);
    }
  }
  vsh_buf_dispose(&b);
}

static void run_op(state *st, unsigned op, unsigned arg, unsigned sz) {
  const char *p = paths[arg & 15], *q = paths[arg >> 4];
  unsigned char buf[2048];
  size_t n = (size_t)sz * 8;
  fill(buf, n, arg);
  vsh_fs *f = st->cur;
  switch (op % 24) {
  case 0: vfs_write_file(f, p, buf, n, VFS_W_TRUNC, 0644); break;
  case 1: vfs_write_file(f, p, buf, n / 8, VFS_W_APPEND, 0); break;
  case 2: vfs_write_file(f, p, buf, n, VFS_W_EXCL | VFS_W_TRUNC, 0); break;
  case 3: vfs_write_file(f, p, buf, n, VFS_W_NOCREAT | VFS_W_TRUNC, 0); break;
  case 4: vfs_mkdir(f, p, 0755); break;
  case 5: vfs_mkdir_p(f, p, 0755); break;
  case 6: vfs_unlink(f, p); break;
  case 7: vfs_rmdir(f, p); break;
  case 8: vfs_remove_tree(f, p); break;
  case 9: vfs_rename(f, p, q); break;
  case 10: vfs_link(f, p, q); break;
  case 11: vfs_symlink(f, targets[sz & 7], p); break;
  case 12: vfs_truncate(f, p, (uint64_t)sz * 24); break;
  case 13: vfs_chmod(f, p, sz * 8 + 7); break;
  case 14: do_read(st, p); break;
  case 15: {
    unsigned k = sz % N_FORKS;
    if (!st->forks[k] && vsh_fs_fork(&st->forks[k], f, NULL) != 0)
      st->forks[k] = NULL;
    break;
  }
  case 16: {
    unsigned k = sz % N_FORKS;
    if (st->forks[k]) {
      if (st->cur == st->forks[k]) st->cur = st->main_fs;
      vsh_fs_free(st->forks[k]);
      st->forks[k] = NULL;
    }
    break;
  }
  case 17: {
    unsigned k = sz % (N_FORKS + 1);
    if (k == N_FORKS) st->cur = st->main_fs;
    else if (st->forks[k]) st->cur = st->forks[k];
    break;
  }
  case 18: take_snapshot(st); break;
  case 19: do_handle(st, p, sz); break;
  case 20: {
    if (lazy_used == MAX_OPS) break;
    lazy_ctx *c = &lazy_pool[lazy_used++];
    *c = (lazy_ctx){.size = n, .fill = (unsigned char)arg};
    vsh_lazy_file lf = {.version = VSH_LAZY_FILE_VERSION,
                        .size = n,
                        .mode = 0644,
                        .provide = lazy_provide,
                        .ud = c,
                        .free_ud = lazy_free};
    c->accepted = vsh_fs_write_lazy(f, p, &lf, NULL) == 0;
    break;
  }
  case 21: vfs_copy_file(f, p, q, sz & 1); break;
  case 22: do_realpath(st, p, sz & 1); break;
  default: {
    struct timespec t = {(time_t)sz * 1000, 0};
    vfs_utimens(f, p, &t, &t, sz & 1);
  }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  vsh_fs_opts o = {.max_bytes = MAX_BYTES,
                   .max_inodes = MAX_INODES,
                   .has_seed = true,
                   .random_seed = 7};
  state st;
  memset(&st, 0, sizeof st);
  lazy_used = 0;
  if (vsh_fs_new(&st.main_fs, &o, NULL) != 0) return 0;
  st.cur = st.main_fs;
  vfs_mkdir(st.main_fs, "/d", 0755);
  vfs_write_file(st.main_fs, "/a", "seed", 4, VFS_W_TRUNC, 0644);
  for (size_t i = 0; i + 3 <= size && st.op_no < MAX_OPS; i += 3) {
    st.op_no++;
    run_op(&st, data[i], data[i + 1], data[i + 2]);
    check_fs(&st, st.cur);
    check_snapshot(&st);
  }
  check_fs(&st, st.main_fs);
  for (int k = 0; k < N_FORKS; k++)
    if (st.forks[k]) check_fs(&st, st.forks[k]);
  /* free the parent before its forks: order must not matter */
  vsh_fs_free(st.main_fs);
  check_snapshot(&st);
  for (int k = 0; k < N_FORKS; k++)
    if (st.forks[k]) vsh_fs_free(st.forks[k]);
  if (st.snap) vsh_fs_free(st.snap);
  vsh_buf_dispose(&st.snap_data);
  /* free_ud ran exactly once for every accepted lazy file, at most once
   * for a refused one (who owns ud then is not specified) */
  for (size_t i = 0; i < lazy_used; i++)
    CHECK(&st, lazy_pool[i].accepted ? lazy_pool[i].frees == 1
                                     : lazy_pool[i].frees <= 1);
  return 0;
}
